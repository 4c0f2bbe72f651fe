// SPDX-License-Identifier: MIT
/*
 * Lint stand-in for the UltraScale+ transceiver-side global clock buffer
 * (UNISIM BUFG_GT). O follows I (DIV 0: no division); Vivado uses the real
 * primitive.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

// the primitive\'s parameters, kept so that instances set them as for Vivado
/* verilator lint_off UNUSEDPARAM */
module BUFG_GT #(
    parameter SIM_DEVICE = "ULTRASCALE_PLUS"
) (
    input  wire       I,
    // the stub follows I only
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire       CE,
    input  wire       CEMASK,
    input  wire       CLR,
    input  wire       CLRMASK,
    input  wire [2:0] DIV,
    /* verilator lint_on UNUSEDSIGNAL */
    output wire       O
);

assign O = I;

endmodule
/* verilator lint_on UNUSEDPARAM */

`resetall
