// SPDX-License-Identifier: MIT
/*
 * Ring of QP indices for the flow scheduler's active lists: a FIFO on block
 * RAM with one push and one pop per cycle and one cycle of pop latency.
 *
 * pop may be asserted only while !empty; pop_data shows the popped entry the
 * cycle after. An entry pushed in cycle t can be popped from cycle t+1.
 *
 * A QP is in at most one ring of its engine at a time, so a ring as deep as
 * the engine has QPs cannot fill; overflow is a sticky flag that tests assert
 * stays low, not a flow-control signal.
 *
 * The ring also measures its round: the cycles from a push until that entry
 * is popped, i.e. how long a QP waits here between visits. A round starts by
 * marking the write pointer and ends when the read pointer reaches the mark
 * (every entry present at the start has been popped). round_log2 is
 * floor(log2(last round)) + 1, so 2**round_log2 exceeds it.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_flow_sched_ring #(
    // log2 of the number of entries
    parameter ADDR_WIDTH = 10,
    // entry width
    parameter DATA_WIDTH = 10,
    // bits of the round counter (rounds saturate at 2**ROUND_WIDTH-1 cycles)
    parameter ROUND_WIDTH = 24
) (
    input  wire                  clk,
    input  wire                  rst,

    input  wire                  push,
    input  wire [DATA_WIDTH-1:0] push_data,

    input  wire                  pop,
    output wire [DATA_WIDTH-1:0] pop_data,

    output wire                  empty,
    output reg  [4:0]            round_log2 = 0,
    output reg                   overflow = 1'b0
);

reg [ADDR_WIDTH:0] wr_ptr_reg = 0;
reg [ADDR_WIDTH:0] rd_ptr_reg = 0;
reg                empty_reg = 1'b1;
reg [ADDR_WIDTH:0] count = 0;
reg [ADDR_WIDTH:0] mark_reg = 0;
reg [ROUND_WIDTH-1:0] round_reg = 0;

// the RAM reads the head every cycle, so a pop only moves the pointer and
// the issue logic that decides it never reaches a RAM address
hpnic_ram_sdp #(
    .ADDR_WIDTH(ADDR_WIDTH),
    .DATA_WIDTH(DATA_WIDTH),
    .RAM_STYLE("block")
)
ram_inst (
    .clk(clk),
    .wr_en(push),
    .wr_addr(wr_ptr_reg[ADDR_WIDTH-1:0]),
    .wr_data(push_data),
    .rd_en(1'b1),
    .rd_addr(rd_ptr_reg[ADDR_WIDTH-1:0]),
    .rd_data(pop_data)
);

// push and pop come late in the cycle (the scan decides them), so they only
// select between values computed from registers
wire [ADDR_WIDTH:0] wr_ptr_inc = wr_ptr_reg + 1'b1;
wire [ADDR_WIDTH:0] rd_ptr_inc = rd_ptr_reg + 1'b1;
wire [ADDR_WIDTH:0] count_inc = count + 1'b1;
wire [ADDR_WIDTH:0] count_dec = count - 1'b1;
wire                count_one = count == 1;
wire                full = count[ADDR_WIDTH];

assign empty = empty_reg;

always @(posedge clk) begin
    if (push) begin
        wr_ptr_reg <= wr_ptr_inc;
    end
    if (pop) begin
        rd_ptr_reg <= rd_ptr_inc;
    end
    if (push && !pop) begin
        count <= count_inc;
    end else if (pop && !push) begin
        count <= count_dec;
    end
    if (push) begin
        empty_reg <= 1'b0;
    end else if (pop) begin
        empty_reg <= count_one;
    end
    if (push && full && !pop) begin
        overflow <= 1'b1;
    end

    if (rd_ptr_reg == mark_reg) begin
        round_log2 <= msb_plus1(round_reg);
        round_reg <= 0;
        mark_reg <= wr_ptr_reg;
    end else if (!(&round_reg)) begin
        round_reg <= round_reg + 1'b1;
    end

    if (rst) begin
        wr_ptr_reg <= 0;
        rd_ptr_reg <= 0;
        empty_reg <= 1'b1;
        count <= 0;
        overflow <= 1'b0;
        mark_reg <= 0;
        round_reg <= 0;
        round_log2 <= 0;
    end
end

function [4:0] msb_plus1;
    input [ROUND_WIDTH-1:0] x;
    integer i;
    begin
        msb_plus1 = 0;
        for (i = 0; i < ROUND_WIDTH; i = i + 1) begin
            if (x[i]) begin
                msb_plus1 = i[4:0] + 5'd1;
            end
        end
    end
endfunction

initial begin
    if (ROUND_WIDTH < 1 || ROUND_WIDTH > 30) begin
        $error("hpnic_flow_sched_ring: ROUND_WIDTH must be 1..30");
        $finish;
    end
    if (ADDR_WIDTH < 1) begin
        $error("hpnic_flow_sched_ring: ADDR_WIDTH must be at least 1");
        $finish;
    end
end

endmodule

`resetall
