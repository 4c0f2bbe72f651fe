// SPDX-License-Identifier: MIT
/*
 * Lint stand-in for the UltraScale+ GT reference clock input buffer
 * (UNISIM IBUFDS_GTE4): O is the reference clock for the transceivers,
 * ODIV2 a copy (REFCLK_HROW_CK_SEL 2'b00) or half of it for the fabric
 * through a BUFG_GT. Only the ports and parameters fpga.v uses matter here;
 * Vivado takes the real primitive from its library, never this file.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

// the primitive\'s parameters, kept so that instances set them as for Vivado
/* verilator lint_off UNUSEDPARAM */
module IBUFDS_GTE4 #(
    parameter [0:0] REFCLK_EN_TX_PATH = 1'b0,
    parameter [1:0] REFCLK_HROW_CK_SEL = 2'b00,
    parameter [1:0] REFCLK_ICNTL_RX = 2'b00
) (
    input  wire I,
    // the stub follows I only
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire IB,
    input  wire CEB,
    /* verilator lint_on UNUSEDSIGNAL */
    output wire O,
    output wire ODIV2
);

assign O = I;
assign ODIV2 = I;

endmodule
/* verilator lint_on UNUSEDPARAM */

`resetall
