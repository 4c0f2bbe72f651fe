// SPDX-License-Identifier: MIT
/*
 * Lint stand-in for the UltraScale+ global clock buffer with a divider
 * (UNISIM BUFGCE_DIV): O is I divided by BUFGCE_DIVIDE (1..8), gated by CE,
 * held low by CLR. Vivado uses the real primitive.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module BUFGCE_DIV #(
    parameter integer BUFGCE_DIVIDE = 1
) (
    input  wire I,
    input  wire CE,
    input  wire CLR,
    output reg  O = 1'b0
);

reg [2:0] cnt = 3'd0;

always @(posedge I or posedge CLR) begin
    if (CLR) begin
        cnt <= 3'd0;
        O <= 1'b0;
    end else if (CE) begin
        // O is high for the first half of each BUFGCE_DIVIDE periods of I
        cnt <= cnt == 3'(BUFGCE_DIVIDE - 1) ? 3'd0 : cnt + 3'd1;
        O <= cnt < 3'((BUFGCE_DIVIDE + 1) / 2);
    end
end

endmodule

`resetall
