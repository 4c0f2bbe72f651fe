// SPDX-License-Identifier: MIT
/*
 * Simple dual-port RAM (one write port, one read port, one cycle of read
 * latency) whose read port returns the word being written when a read and a
 * write meet on one address in one cycle (write-first).
 *
 * The flow scheduler's per-QP tables are written by event streams (Update,
 * ACK, MTU, work) while the scan reads them; a scan read that meets an event
 * write must see the new value, and hpnic_ram_sdp leaves that case undefined.
 * The forward costs one address compare and one read-data mux.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_flow_sched_ram #(
    // address bits; depth is 2**ADDR_WIDTH
    parameter ADDR_WIDTH = 10,
    // word width
    parameter DATA_WIDTH = 32,
    // "block", "distributed" or "ultra": a synthesis hint only
    parameter RAM_STYLE = "block"
) (
    input  wire                  clk,

    // write port
    input  wire                  wr_en,
    input  wire [ADDR_WIDTH-1:0] wr_addr,
    input  wire [DATA_WIDTH-1:0] wr_data,

    // read port: rd_data is the word at rd_addr of the previous cycle,
    // including a write to that address in that same cycle
    input  wire [ADDR_WIDTH-1:0] rd_addr,
    output wire [DATA_WIDTH-1:0] rd_data
);

// parameters a caller can get wrong fail at elaboration, not silently
initial begin
    if (ADDR_WIDTH < 1 || ADDR_WIDTH > 20) begin
        $error("hpnic_flow_sched_ram: ADDR_WIDTH must be 1..20 (%m)");
        $finish;
    end
    if (DATA_WIDTH < 1) begin
        $error("hpnic_flow_sched_ram: DATA_WIDTH must be at least 1 (%m)");
        $finish;
    end
end

// its parameters are checked by hpnic_ram_sdp, which takes them all

wire [DATA_WIDTH-1:0] ram_rd_data;

hpnic_ram_sdp #(
    .ADDR_WIDTH(ADDR_WIDTH),
    .DATA_WIDTH(DATA_WIDTH),
    .RAM_STYLE(RAM_STYLE)
)
ram_inst (
    .clk(clk),
    .wr_en(wr_en),
    .wr_addr(wr_addr),
    .wr_data(wr_data),
    .rd_en(1'b1),
    .rd_addr(rd_addr),
    .rd_data(ram_rd_data)
);

reg                  fwd_reg = 1'b0;
reg [DATA_WIDTH-1:0] fwd_data_reg = 0;

always @(posedge clk) begin
    fwd_reg <= wr_en && wr_addr == rd_addr;
    fwd_data_reg <= wr_data;
end

assign rd_data = fwd_reg ? fwd_data_reg : ram_rd_data;

endmodule

`resetall
