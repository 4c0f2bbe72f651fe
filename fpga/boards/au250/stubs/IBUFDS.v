// SPDX-License-Identifier: MIT
/*
 * Lint stand-in for the differential input buffer (UNISIM IBUFDS). O
 * follows I; Vivado uses the real primitive.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

// the primitive\'s parameters, kept so that instances set them as for Vivado
/* verilator lint_off UNUSEDPARAM */
module IBUFDS #(
    parameter DIFF_TERM = "FALSE",
    parameter IOSTANDARD = "DEFAULT"
) (
    input  wire I,
    // the stub follows I only
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire IB,
    /* verilator lint_on UNUSEDSIGNAL */
    output wire O
);

assign O = I;

endmodule
/* verilator lint_on UNUSEDPARAM */

`resetall
