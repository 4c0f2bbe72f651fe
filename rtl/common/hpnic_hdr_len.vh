// SPDX-License-Identifier: MIT
// The header lengths of the frames hpnic sends and accepts, Ethernet to the
// end of the extension headers: 54, + 42 with the INT block, + 16 with a
// RETH, + 4 with a 4-byte extension (an AETH or an ImmDt), + 20 with a RETH
// and an ImmDt (WRITE ONLY with Immediate) (docs/wire.md). Eight lengths, so
// a shift by a header length is a select among eight constant shifts
// (hpnic_byte_shr's list mode), named by the length's class {INT, RETH,
// EXT4}, where a shift by any length would be a 64-way shifter. Included
// inside a module (no include guard: every module that includes it gets its
// own copy of the functions).

// the class of a header length; the lengths above are the only ones
function [2:0] hpnic_hl_class;
    input [6:0] hl;
    begin
        case (hl)
            7'd58:   hpnic_hl_class = 3'b001;
            7'd70:   hpnic_hl_class = 3'b010;
            7'd74:   hpnic_hl_class = 3'b011;
            7'd96:   hpnic_hl_class = 3'b100;
            7'd100:  hpnic_hl_class = 3'b101;
            7'd112:  hpnic_hl_class = 3'b110;
            7'd116:  hpnic_hl_class = 3'b111;
            default: hpnic_hl_class = 3'b000;   // 54
        endcase
    end
endfunction

// the header length of a class
function [6:0] hpnic_hl_of_class;
    input [2:0] c;
    begin
        hpnic_hl_of_class = 7'd54 + (c[2] ? 7'd42 : 7'd0) + (c[1] ? 7'd16 : 7'd0) +
                            (c[0] ? 7'd4 : 7'd0);
    end
endfunction

// each class's shift, 8 bits a class (hpnic_byte_shr's SHIFT_LIST): with
// prepend 0, hl mod 64 bytes, which cuts a header off (RX realign); with 1,
// 64 - hl mod 64, which puts data behind a header as a right shift of
// {data, 0} (TX prepend; hl mod 64 is never 0)
function [63:0] hpnic_hl_shifts;
    input integer prepend;
    integer c;
    reg [7:0] cut;
    begin
        for (c = 0; c < 8; c = c + 1) begin
            cut = {1'b0, hpnic_hl_of_class(c[2:0]) % 7'd64};
            hpnic_hl_shifts[8*c +: 8] = prepend != 0 ? 8'd64 - cut : cut;
        end
    end
endfunction
