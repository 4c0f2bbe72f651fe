// SPDX-License-Identifier: MIT
/*
 * Single-port RAM, read-first: a cycle that writes an address returns that
 * address's previous contents. One cycle of read latency.
 *
 * This suits state that is read and replaced by the same event in the same
 * cycle (the CC engine's INT snapshot): the next event to the same address,
 * one cycle later, already reads the new value, so no forwarding is needed.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_ram_sp_rf #(
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

    input  wire                  en,
    input  wire                  wr_en,
    input  wire [ADDR_WIDTH-1:0] addr,
    input  wire [DATA_WIDTH-1:0] wr_data,
    output reg  [DATA_WIDTH-1:0] rd_data
);

// parameters a caller can get wrong fail at elaboration, not silently (the
// string compares are of unequal widths on purpose)
// verilator lint_off WIDTH
initial begin
    if (ADDR_WIDTH < 1 || ADDR_WIDTH > 20) begin
        $error("hpnic_ram_sp_rf: ADDR_WIDTH must be 1..20 (%m)");
        $finish;
    end
    if (DATA_WIDTH < 1) begin
        $error("hpnic_ram_sp_rf: DATA_WIDTH must be at least 1 (%m)");
        $finish;
    end
    if (RAM_STYLE != "block" && RAM_STYLE != "distributed" && RAM_STYLE != "ultra" && RAM_STYLE != "registers") begin
        $error("hpnic_ram_sp_rf: RAM_STYLE must be block, distributed, ultra or registers (%m)");
        $finish;
    end
end
// verilator lint_on WIDTH

(* ram_style = RAM_STYLE *)
reg [DATA_WIDTH-1:0] mem [0:(2**ADDR_WIDTH)-1];

always @(posedge clk) begin
    if (en) begin
        rd_data <= mem[addr];
        if (wr_en) begin
            mem[addr] <= wr_data;
        end
    end
end

endmodule

`resetall
