// SPDX-License-Identifier: MIT
/*
 * Byte-granular right shift that keeps only the low OUT_BYTES of the result:
 * out = (in >> 8 * shift)[8 * OUT_BYTES - 1:0].
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
    // shift amount bits, in bytes
    parameter SHIFT_WIDTH = 6
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
end

localparam STAGES = (SHIFT_WIDTH + 1) / 2;
localparam IW = IN_BYTES * 8;

// the shift padded to whole 2-bit stages
wire [2*STAGES-1:0] amount = {{(2 * STAGES - SHIFT_WIDTH){1'b0}}, shift};

// bytes a stage's result must keep: the output plus the largest shift that
// the stages below it can still make (2^(2t) - 1), and no more than the input
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

assign out = w[OUT_BYTES*8-1:0];

endmodule

`resetall
