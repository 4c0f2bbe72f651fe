// SPDX-License-Identifier: MIT
/*
 * Right shift with round-half-up and saturation:
 *   out = min(round(in / 2^sh), 2^OUT_WIDTH - 1)
 * The rounding is (in >> (sh-1)) + 1 >> 1, which equals (in + 2^(sh-1)) >> sh
 * without needing a wider adder; hpcc_shr_round() in the C model is the same.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_shr_round_sat #(
    // input width
    parameter IN_WIDTH = 48,
    // shift amount width
    parameter SH_WIDTH = 7,
    // output width (saturation point)
    parameter OUT_WIDTH = 26
) (
    input  wire [IN_WIDTH-1:0]  in,
    input  wire [SH_WIDTH-1:0]  sh,
    output wire [OUT_WIDTH-1:0] out
);

// {in, 0} >> sh is in >> (sh-1), and for sh = 0 it is 2*in, which the
// rounding step then halves back exactly: no subtract on the shift amount
wire [IN_WIDTH:0] halved = {in, 1'b0} >> sh;

// (halved + 1) >> 1, but the adder only spans the bits that can survive
// saturation: any higher bit set saturates on its own
wire                 high_set = |halved[IN_WIDTH:OUT_WIDTH+1];
wire [OUT_WIDTH+1:0] low_inc = {1'b0, halved[OUT_WIDTH:0]} + 1'b1;
// verilator lint_off UNUSEDSIGNAL
wire [OUT_WIDTH+1:0] rounded = low_inc >> 1;
// verilator lint_on UNUSEDSIGNAL

assign out = (high_set || rounded[OUT_WIDTH]) ? {OUT_WIDTH{1'b1}} : rounded[OUT_WIDTH-1:0];

initial begin
    if (IN_WIDTH < OUT_WIDTH + 1) begin
        $error("hpnic_shr_round_sat: IN_WIDTH must exceed OUT_WIDTH");
        $finish;
    end
end

endmodule

`resetall
