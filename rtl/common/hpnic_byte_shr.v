// SPDX-License-Identifier: MIT
/*
 * Byte-granular right shift that keeps only the low OUT_BYTES of the result:
 * out = (in >> 8 * shift)[8 * OUT_BYTES - 1:0].
 *
 * With LIST_LOG2 = 3 the shift is one of eight constant amounts (repeat
 * one to list fewer) and `shift` (SHIFT_WIDTH = 3 bits) picks it from
 * SHIFT_LIST (entry i in bits 8i+7:8i): out = (in >> 8 * SHIFT_LIST[i])[...].
 * That is an 8-way select per output bit, where any shift costs a 4:1
 * stage per two bits of it. The frame assembler
 * and RX extract shift by a header length, of which there are six
 * (hpnic_hdr_len.vh).
 *
 * Written as a tree of 4:1 stages (one LUT6 per kept bit), largest steps
 * first, each stage keeping only the bytes that the output and the steps
 * still to come can reach. A plain `>>` maps through Yosys as 1-bit stages
 * over the full input width, which ABC packs into MUXF chains: with this
 * module in place of two of them, hpnic_rx_extract went from 11,740 to about
 * 10,000 LUTs (docs/common.md).
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_byte_shr #(
    // input bytes
    parameter IN_BYTES = 128,
    // output bytes (the low end of the shifted input)
    parameter OUT_BYTES = 64,
    // shift amount bits, in bytes (list mode: LIST_LOG2)
    parameter SHIFT_WIDTH = 6,
    // 0: shift is an amount; 3: shift picks one of SHIFT_LIST's 8 entries
    parameter LIST_LOG2 = 0,
    // list mode: the shift amounts in bytes, 8 bits each, entry 0 lowest
    parameter [8*(1<<LIST_LOG2)-1:0] SHIFT_LIST = 0
) (
    input  wire [IN_BYTES*8-1:0]  in,
    input  wire [SHIFT_WIDTH-1:0] shift,
    output wire [OUT_BYTES*8-1:0] out
);

initial begin
    if (IN_BYTES < 1 || OUT_BYTES < 1 || OUT_BYTES > IN_BYTES) begin
        $error("hpnic_byte_shr: need 1 <= OUT_BYTES <= IN_BYTES (%m)");
        $finish;
    end
    if (SHIFT_WIDTH < 1 || SHIFT_WIDTH > 16) begin
        $error("hpnic_byte_shr: SHIFT_WIDTH must be 1..16 (%m)");
        $finish;
    end
    if ((LIST_LOG2 != 0 && LIST_LOG2 != 3) || (LIST_LOG2 > 0 && SHIFT_WIDTH != LIST_LOG2)) begin
        $error("hpnic_byte_shr: LIST_LOG2 must be 0 or 3 (eight listed shifts, SHIFT_WIDTH 3) (%m)");
        $finish;
    end
end

localparam IW = IN_BYTES * 8;
localparam OW = OUT_BYTES * 8;

generate
if (LIST_LOG2 > 0) begin : g_list

    // every listed shift as wiring, picked by a case: Yosys and ABC map
    // this smaller than a tree of 2:1 selects on the index bits or than an
    // AND-OR of the eight (tx_frame: 10,107 against 11,241 and 12,869 LUTs)
    function [OW-1:0] shifted;
        input [IW-1:0] v;
        input [7:0]    bytes;
        // bytes past the output are cut off
        // verilator lint_off UNUSEDSIGNAL
        reg   [IW-1:0] x;
        // verilator lint_on UNUSEDSIGNAL
        begin
            x = v >> (8 * bytes);
            shifted = x[OW-1:0];
        end
    endfunction

    reg [OW-1:0] t;

    always @* begin
        case (shift)
            3'd0: t = shifted(in, SHIFT_LIST[7:0]);
            3'd1: t = shifted(in, SHIFT_LIST[15:8]);
            3'd2: t = shifted(in, SHIFT_LIST[23:16]);
            3'd3: t = shifted(in, SHIFT_LIST[31:24]);
            3'd4: t = shifted(in, SHIFT_LIST[39:32]);
            3'd5: t = shifted(in, SHIFT_LIST[47:40]);
            3'd6: t = shifted(in, SHIFT_LIST[55:48]);
            default: t = shifted(in, SHIFT_LIST[63:56]);
        endcase
    end

    assign out = t;

end else begin : g_amount

    localparam STAGES = (SHIFT_WIDTH + 1) / 2;

    // the shift padded to whole 2-bit stages
    wire [2*STAGES-1:0] amount = {{(2 * STAGES - SHIFT_WIDTH){1'b0}}, shift};

    // bytes a stage's result must keep: the output plus the largest shift
    // that the stages below it can still make (2^(2t) - 1), and no more than
    // the input
    function [IW-1:0] keep_mask;
        input integer t;
        integer bytes;
        begin
            bytes = OUT_BYTES + (1 << (2 * t)) - 1;
            if (bytes >= IN_BYTES) begin
                keep_mask = {IW{1'b1}};
            end else begin
                keep_mask = ~({IW{1'b1}} << (8 * bytes));
            end
        end
    endfunction

    reg [IW-1:0] w;
    reg [1:0]    step;
    integer      t;

    always @* begin
        w = in;
        for (t = STAGES - 1; t >= 0; t = t - 1) begin
            step = amount[2 * t +: 2];
            // constant shifts selected 4:1: one LUT6 per kept bit
            case (step)
                2'd0: w = w;
                2'd1: w = w >> (8 * (1 << (2 * t)));
                2'd2: w = w >> (8 * (2 << (2 * t)));
                default: w = w >> (8 * (3 << (2 * t)));
            endcase
            w = w & keep_mask(t);
        end
    end

    assign out = w[OW-1:0];

end
endgenerate

endmodule

`resetall
