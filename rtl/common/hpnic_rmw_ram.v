// SPDX-License-Identifier: MIT
/*
 * Per-key state RAM with a one-cycle read-modify-write loop.
 *
 * An event presents its key at stage 1 (rd_valid, rd_addr); in the next
 * cycle, stage 2, old_data is the key's current state, and the event's new
 * state is written back in that same cycle (wr_en, wr_data). Back-to-back
 * events on the same key are resolved by forwarding, never by stalling: the
 * write of the event just ahead has not reached the RAM when the next event
 * reads it, so old_data comes from the last write instead.
 *
 * wr_en/wr_data belong to the event in stage 2 (the one whose old_data is
 * shown); write every cycle an event is in stage 2, even unchanged state, or
 * track validity yourself: a stage-2 cycle without wr_en simply keeps the RAM.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_rmw_ram #(
    // key bits; depth is 2**ADDR_WIDTH
    parameter ADDR_WIDTH = 12,
    // state width
    parameter DATA_WIDTH = 64
) (
    input  wire                  clk,
    input  wire                  rst,

    // stage 1
    input  wire                  rd_valid,
    input  wire [ADDR_WIDTH-1:0] rd_addr,

    // stage 2
    output wire [DATA_WIDTH-1:0] old_data,
    input  wire                  wr_en,
    input  wire [DATA_WIDTH-1:0] wr_data
);

// parameters a caller can get wrong fail at elaboration, not silently
initial begin
    if (ADDR_WIDTH < 1 || ADDR_WIDTH > 20) begin
        $error("hpnic_rmw_ram: ADDR_WIDTH must be 1..20 (%m)");
        $finish;
    end
    if (DATA_WIDTH < 1) begin
        $error("hpnic_rmw_ram: DATA_WIDTH must be at least 1 (%m)");
        $finish;
    end
end

// its parameters are checked by hpnic_ram_sdp, which takes them all

reg                  s2_valid_reg = 1'b0;
reg [ADDR_WIDTH-1:0] s2_addr_reg = 0;
// the event in stage 2 follows a write to its own key: decided a cycle
// early, from registers, so that stage 2's loop starts one mux after the
// RAM instead of behind an address compare
reg                  fwd_reg = 1'b0;
reg [DATA_WIDTH-1:0] last_data_reg = 0;

wire [DATA_WIDTH-1:0] ram_data;

hpnic_ram_sdp #(
    .ADDR_WIDTH(ADDR_WIDTH),
    .DATA_WIDTH(DATA_WIDTH)
)
ram_inst (
    .clk(clk),
    .wr_en(wr_en && s2_valid_reg),
    .wr_addr(s2_addr_reg),
    .wr_data(wr_data),
    .rd_en(rd_valid),
    .rd_addr(rd_addr),
    .rd_data(ram_data)
);

assign old_data = fwd_reg ? last_data_reg : ram_data;

always @(posedge clk) begin
    s2_valid_reg <= rd_valid;
    s2_addr_reg <= rd_addr;
    fwd_reg <= wr_en && s2_valid_reg && rd_addr == s2_addr_reg;
    last_data_reg <= wr_data;

    if (rst) begin
        s2_valid_reg <= 1'b0;
        fwd_reg <= 1'b0;
    end
end

endmodule

`resetall
