// SPDX-License-Identifier: MIT
/*
 * Count events of one clock domain in a counter of another.
 *
 * The source keeps a small free-running counter of its events in Gray code
 * (one event per cycle at most, so one bit changes per event) and never
 * resets it. The destination synchronizes it with two flip-flops, converts
 * it back to binary and adds the difference from its previous sample to a
 * wide counter, which its own reset clears. So either side may be reset or
 * stop its clock without corrupting the count, and no event is lost as long
 * as fewer than 2**GRAY_WIDTH events happen between two destination cycles
 * (2 at most for 322 MHz events counted at 250 MHz; GRAY_WIDTH 4 leaves room).
 *
 * Vivado: src_gray_reg -> dst_gray_sync1_reg is a clock crossing; constrain
 * it with set_max_delay -datapath_only of one source period (see
 * rtl/shim/hpnic_shim_cdc.tcl).
 *
 * Latency: an event shows in dst_count 4 destination cycles (plus up to one)
 * after the source cycle it happened in.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_cdc_count #(
    // destination counter width
    parameter WIDTH = 64,
    // Gray counter width (more than log2 of the events per destination cycle)
    parameter GRAY_WIDTH = 4
) (
    // source domain
    input  wire             src_clk,
    input  wire             src_event,

    // destination domain
    input  wire             dst_clk,
    input  wire             dst_rst,
    output reg [WIDTH-1:0]  dst_count = 0
);

localparam G = GRAY_WIDTH;

initial begin
    if (GRAY_WIDTH < 2 || GRAY_WIDTH >= WIDTH) begin
        $error("hpnic_cdc_count: GRAY_WIDTH must be 2..WIDTH-1");
        $finish;
    end
end

function [G-1:0] gray2bin(input [G-1:0] g);
    integer i;
    begin
        gray2bin[G-1] = g[G-1];
        for (i = G - 2; i >= 0; i = i - 1) begin
            gray2bin[i] = gray2bin[i+1] ^ g[i];
        end
    end
endfunction

// source: never reset (power-up value only)
reg [G-1:0] src_bin_reg = 0;
reg [G-1:0] src_gray_reg = 0;

wire [G-1:0] src_bin_next = src_bin_reg + 1'b1;

always @(posedge src_clk) begin
    if (src_event) begin
        src_bin_reg <= src_bin_next;
        src_gray_reg <= src_bin_next ^ (src_bin_next >> 1);
    end
end

// destination
(* ASYNC_REG = "TRUE" *) reg [G-1:0] dst_gray_sync1_reg = 0;
(* ASYNC_REG = "TRUE" *) reg [G-1:0] dst_gray_sync2_reg = 0;
reg [G-1:0] dst_bin_reg = 0;
reg [G-1:0] dst_prev_reg = 0;

wire [G-1:0] delta = dst_bin_reg - dst_prev_reg;

always @(posedge dst_clk) begin
    dst_gray_sync1_reg <= src_gray_reg;
    dst_gray_sync2_reg <= dst_gray_sync1_reg;
    dst_bin_reg <= gray2bin(dst_gray_sync2_reg);
    dst_prev_reg <= dst_bin_reg;
    dst_count <= dst_count + {{(WIDTH-G){1'b0}}, delta};

    if (dst_rst) begin
        dst_count <= 0;
    end
end

endmodule

`resetall
