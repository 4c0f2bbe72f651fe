// SPDX-License-Identifier: MIT
/*
 * Synchronous first-word-fall-through FIFO on distributed RAM.
 *
 * m_valid/m_data show the head word whenever the FIFO is not empty. count is
 * the number of stored words, for callers that grant credit ahead of time.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_fifo #(
    // log2 of the number of entries
    parameter DEPTH_LOG2 = 5,
    // word width
    parameter WIDTH = 32
) (
    input  wire                 clk,
    input  wire                 rst,

    // write side
    input  wire                 s_valid,
    output wire                 s_ready,
    input  wire [WIDTH-1:0]     s_data,

    // read side
    output wire                 m_valid,
    input  wire                 m_ready,
    output wire [WIDTH-1:0]     m_data,

    output wire [DEPTH_LOG2:0]  count
);

(* ram_style = "distributed" *)
reg [WIDTH-1:0] mem [0:(2**DEPTH_LOG2)-1];

reg [DEPTH_LOG2:0] wr_ptr_reg = 0;
reg [DEPTH_LOG2:0] rd_ptr_reg = 0;

wire full = (wr_ptr_reg[DEPTH_LOG2] != rd_ptr_reg[DEPTH_LOG2]) &&
            (wr_ptr_reg[DEPTH_LOG2-1:0] == rd_ptr_reg[DEPTH_LOG2-1:0]);
wire empty = wr_ptr_reg == rd_ptr_reg;

assign s_ready = !full;
assign m_valid = !empty;
assign m_data = mem[rd_ptr_reg[DEPTH_LOG2-1:0]];
assign count = wr_ptr_reg - rd_ptr_reg;

always @(posedge clk) begin
    if (s_valid && !full) begin
        mem[wr_ptr_reg[DEPTH_LOG2-1:0]] <= s_data;
    end
end

always @(posedge clk) begin
    if (s_valid && !full) begin
        wr_ptr_reg <= wr_ptr_reg + 1'b1;
    end
    if (m_ready && !empty) begin
        rd_ptr_reg <= rd_ptr_reg + 1'b1;
    end

    if (rst) begin
        wr_ptr_reg <= 0;
        rd_ptr_reg <= 0;
    end
end

endmodule

`resetall
