// SPDX-License-Identifier: MIT
/*
 * Level synchronizer for slowly changing bits (status, enables): each bit
 * through N flip-flops on the destination clock. Not for buses whose bits
 * must change together, nor for pulses.
 *
 * Constraints: xdc/hpnic_sync.tcl bounds the path into the first stage
 * (set_max_delay -datapath_only to sync1_reg); the stages carry ASYNC_REG.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_sync_bit #(
    parameter WIDTH = 1,
    // stages (3 or more)
    parameter N = 3
) (
    input  wire             clk,
    input  wire [WIDTH-1:0] in,
    output wire [WIDTH-1:0] out
);

initial begin
    if (N < 3) begin
        $error("hpnic_sync_bit: N must be 3 or more (%m)");
        $finish;
    end
end

// the first stage, the one the constraints name, and the others
(* ASYNC_REG = "TRUE" *)
reg [WIDTH-1:0]         sync1_reg = {WIDTH{1'b0}};
(* ASYNC_REG = "TRUE" *)
reg [WIDTH*(N-1)-1:0]   sync_reg = {WIDTH*(N-1){1'b0}};

always @(posedge clk) begin
    sync1_reg <= in;
    sync_reg <= {sync_reg[WIDTH*(N-2)-1:0], sync1_reg};
end

assign out = sync_reg[WIDTH*(N-1)-1 -: WIDTH];

endmodule

`resetall
