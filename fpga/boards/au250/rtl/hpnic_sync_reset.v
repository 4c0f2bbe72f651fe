// SPDX-License-Identifier: MIT
/*
 * Reset synchronizer: an active-high reset that asserts at once
 * (asynchronously) and is released on the N-th rising edge of clk after the
 * input falls, so every flip-flop of the domain leaves reset in the same
 * cycle. One instance per clock domain (fpga.v).
 *
 * Constraints: xdc/hpnic_sync.tcl makes the asynchronous assertion path (to
 * the PRE pins of sync_reg) a false path; the stages carry ASYNC_REG.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_sync_reset #(
    // stages (2 or more)
    parameter N = 4
) (
    input  wire clk,
    input  wire rst_in,
    output wire rst_out
);

(* ASYNC_REG = "TRUE" *)
reg [N-1:0] sync_reg = {N{1'b1}};

always @(posedge clk or posedge rst_in) begin
    if (rst_in) begin
        sync_reg <= {N{1'b1}};
    end else begin
        sync_reg <= {sync_reg[N-2:0], 1'b0};
    end
end

assign rst_out = sync_reg[N-1];

endmodule

`resetall
