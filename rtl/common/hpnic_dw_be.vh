// SPDX-License-Identifier: MIT
// The first and last Dword byte enables of a TLP (PCIe's First/Last DW BE),
// shared by the PCIe DMA engines. Included inside a module (no include
// guard: every module that includes it gets its own copy of the functions).
// span: the bytes from the first Dword's start to the request's end, that
// is the address mod 4 plus the length.

// bytes off..min(3, span - 1) of the first Dword
function [3:0] hpnic_dw_be_first(input [1:0] off, input [13:0] span);
    begin
        if (span >= 14'd4) begin
            hpnic_dw_be_first = 4'b1111 << off;
        end else begin
            hpnic_dw_be_first = (4'b1111 >> (3'd4 - span[2:0])) & (4'b1111 << off);
        end
    end
endfunction

// the last Dword's bytes, 0 for a one-Dword TLP
function [3:0] hpnic_dw_be_last(input [13:0] span);
    begin
        if (span <= 14'd4) begin
            hpnic_dw_be_last = 4'b0000;
        end else if (span[1:0] == 2'd0) begin
            hpnic_dw_be_last = 4'b1111;
        end else begin
            hpnic_dw_be_last = 4'b1111 >> (3'd4 - {1'b0, span[1:0]});
        end
    end
endfunction
