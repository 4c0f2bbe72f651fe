// SPDX-License-Identifier: MIT
/*
 * Started-WQE records, shared by every QP: one record per WQE fully sent and
 * not yet retired (its last PSN, READ or not, signaled or not, the window
 * position after it, and the next record of the same QP), in a pool of
 * 2^POOL_LOG2 entries linked per QP. The requester appends (it always holds
 * one spare entry per QP, so an append writes one entry and pops one free
 * pointer), the completer reads and retires from the head and frees.
 *
 * A per-QP ring would have to be as deep as the most WQEs one QP can have in
 * flight (64-byte messages at 100 Gb/s over a 2 us round trip: about 170),
 * times every QP. The pool is sized by what the whole NIC has in flight.
 *
 * After reset the free list is filled with every entry, one per cycle
 * (init_done then rises); frees from the completer come first.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_wqe_pool #(
    // log2 of the entries
    parameter POOL_LOG2 = 13,
    // record width, next pointer excluded
    parameter DATA_WIDTH = 50
) (
    input  wire                  clk,
    input  wire                  rst,

    /*
     * Requester: append (write a record), allocate (pop a free entry)
     */
    input  wire                  wr_en,
    input  wire [POOL_LOG2-1:0]  wr_ptr,
    input  wire [DATA_WIDTH-1:0] wr_data,
    input  wire [POOL_LOG2-1:0]  wr_next,

    output wire                  m_free_valid,
    input  wire                  m_free_ready,
    output wire [POOL_LOG2-1:0]  m_free_ptr,
    output wire [POOL_LOG2:0]    free_count,

    /*
     * Completer: read a record, give entries back
     */
    input  wire                  rd_en,
    input  wire [POOL_LOG2-1:0]  rd_ptr,
    output wire [DATA_WIDTH-1:0] rd_data,
    output wire [POOL_LOG2-1:0]  rd_next,

    input  wire                  s_free_valid,
    input  wire [POOL_LOG2-1:0]  s_free_ptr,

    output reg                   init_done = 1'b0
);

initial begin
    if (POOL_LOG2 < 4 || POOL_LOG2 > 16) begin
        $error("hpnic_wqe_pool: POOL_LOG2 must be 4..16 (%m)");
        $finish;
    end
end

hpnic_ram_sdp #(
    .ADDR_WIDTH(POOL_LOG2),
    .DATA_WIDTH(DATA_WIDTH + POOL_LOG2)
)
rec_inst (
    .clk(clk),
    .wr_en(wr_en),
    .wr_addr(wr_ptr),
    .wr_data({wr_data, wr_next}),
    .rd_en(rd_en),
    .rd_addr(rd_ptr),
    .rd_data({rd_data, rd_next})
);

// the free list; it never holds more than every entry
reg [POOL_LOG2-1:0] init_ptr_reg = 0;
wire                init_push = !init_done && !s_free_valid;

always @(posedge clk) begin
    if (init_push) begin
        init_ptr_reg <= init_ptr_reg + 1'b1;
        if (&init_ptr_reg) begin
            init_done <= 1'b1;
        end
    end
    if (rst) begin
        init_ptr_reg <= 0;
        init_done <= 1'b0;
    end
end

// verilator lint_off UNUSEDSIGNAL
wire free_in_ready;
// verilator lint_on UNUSEDSIGNAL

hpnic_fifo #(.DEPTH_LOG2(POOL_LOG2), .WIDTH(POOL_LOG2), .RAM_STYLE("block"))
free_inst (
    .clk(clk), .rst(rst),
    .s_valid(s_free_valid || (init_push && !rst)), .s_ready(free_in_ready),
    .s_data(s_free_valid ? s_free_ptr : init_ptr_reg),
    .m_valid(m_free_valid), .m_ready(m_free_ready), .m_data(m_free_ptr),
    .count(free_count)
);

endmodule

`resetall
