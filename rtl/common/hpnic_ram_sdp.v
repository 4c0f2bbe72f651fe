// SPDX-License-Identifier: MIT
/*
 * Simple dual-port RAM: one write port, one read port, one clock, one cycle
 * of read latency. Per-QP state lives in these.
 *
 * A read and a write to the same address in the same cycle return undefined
 * data: every user of this RAM forwards in-flight values itself, so no
 * collision logic is spent here (no_rw_check tells Yosys as much).
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_ram_sdp #(
    // address bits; depth is 2**ADDR_WIDTH
    parameter ADDR_WIDTH = 12,
    // word width
    parameter DATA_WIDTH = 32,
    // "block", "distributed" or "ultra": a synthesis hint only
    // verilator lint_off UNUSEDPARAM
    parameter RAM_STYLE = "block"
    // verilator lint_on UNUSEDPARAM
) (
    input  wire                  clk,

    // write port
    input  wire                  wr_en,
    input  wire [ADDR_WIDTH-1:0] wr_addr,
    input  wire [DATA_WIDTH-1:0] wr_data,

    // read port: rd_data is valid the cycle after rd_en
    input  wire                  rd_en,
    input  wire [ADDR_WIDTH-1:0] rd_addr,
    output reg  [DATA_WIDTH-1:0] rd_data
);

// parameters a caller can get wrong fail at elaboration, not silently (the
// string compares are of unequal widths on purpose)
// verilator lint_off WIDTH
initial begin
    if (ADDR_WIDTH < 1 || ADDR_WIDTH > 20) begin
        $error("hpnic_ram_sdp: ADDR_WIDTH must be 1..20 (%m)");
        $finish;
    end
    if (DATA_WIDTH < 1) begin
        $error("hpnic_ram_sdp: DATA_WIDTH must be at least 1 (%m)");
        $finish;
    end
    if (RAM_STYLE != "block" && RAM_STYLE != "distributed" && RAM_STYLE != "ultra" && RAM_STYLE != "registers") begin
        $error("hpnic_ram_sdp: RAM_STYLE must be block, distributed, ultra or registers (%m)");
        $finish;
    end
end
// verilator lint_on WIDTH

(* ram_style = RAM_STYLE, no_rw_check *)
reg [DATA_WIDTH-1:0] mem [0:(2**ADDR_WIDTH)-1];

always @(posedge clk) begin
    if (wr_en) begin
        mem[wr_addr] <= wr_data;
    end
end

always @(posedge clk) begin
    if (rd_en) begin
        rd_data <= mem[rd_addr];
    end
end

endmodule

`resetall
