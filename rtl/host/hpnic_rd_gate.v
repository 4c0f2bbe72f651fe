// SPDX-License-Identifier: MIT
/*
 * Read gate: holds the items a DMA read's data produces (WQEs, RWQEs) in
 * their output queue until the read has ended, and gives each its read's
 * error flag.
 *
 * The generic DMA read channel flags a read that failed (an error or
 * poisoned completion, a completion timeout) only on its last beat
 * (tuser with tlast, docs/host.md), but a fetcher pushes an item into its
 * output queue as soon as the item's first beat arrives: a read of several
 * WQEs has pushed all but the last before its flag is known. The gate
 * counts the items pushed during the current read (item_push); at the read's
 * end (rd_end, with rd_err its flag) it queues {count, flag}. The output
 * queue's head may leave (ok_valid) only once its read has ended, flagged
 * with that read's verdict (ok_err); each item that leaves (item_pop)
 * counts against the head read, which is dropped with its last item.
 *
 * An item pushed with rd_end in the same cycle belongs to the read that
 * ends; an item that is no read's (a flush marker) is pushed with rd_end
 * and rd_err = 0 in its cycle, as a read of one item. A read must push at
 * least one item. The queue of ended reads never holds more entries than
 * the output queue holds items, so it has the output queue's depth
 * (DEPTH_LOG2); COUNT_WIDTH bits count the items of one read.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_rd_gate #(
    // log2 of the output queue's depth (the most reads ended and not left)
    parameter DEPTH_LOG2 = 4,
    // bits of an item count (up to 2^COUNT_WIDTH - 1 items a read)
    parameter COUNT_WIDTH = 5
) (
    input  wire clk,
    input  wire rst,

    input  wire item_push,      // an item enters the output queue
    input  wire rd_end,         // the current read's last beat is taken
    input  wire rd_err,         // with rd_end: the read failed

    output wire ok_valid,       // the output queue's head item may leave
    output wire ok_err,         // ... and its read failed
    input  wire item_pop        // the head item leaves (only with ok_valid)
);

localparam CW = COUNT_WIDTH;

initial begin
    if (DEPTH_LOG2 < 1 || DEPTH_LOG2 > 10) begin
        $error("hpnic_rd_gate: DEPTH_LOG2 must be 1..10 (%m)");
        $finish;
    end
    if (COUNT_WIDTH < 1 || COUNT_WIDTH > 16) begin
        $error("hpnic_rd_gate: COUNT_WIDTH must be 1..16 (%m)");
        $finish;
    end
end

// items of the read in progress, before this cycle's push
reg  [CW-1:0] cur_reg = 0;
wire [CW-1:0] cur_n = cur_reg + {{(CW-1){1'b0}}, item_push};

always @(posedge clk) begin
    cur_reg <= rd_end ? {CW{1'b0}} : cur_n;
    if (rst) begin
        cur_reg <= 0;
    end
end

// ended reads: {items, failed}
wire          done_valid, done_err;
wire [CW-1:0] done_n;
// verilator lint_off UNUSEDSIGNAL
wire          done_ready;
wire [DEPTH_LOG2:0] done_count;
// verilator lint_on UNUSEDSIGNAL

// items of the head read already gone
reg  [CW-1:0] gone_reg = 0;
wire          head_last = gone_reg + {{(CW-1){1'b0}}, 1'b1} == done_n;

hpnic_fifo #(.DEPTH_LOG2(DEPTH_LOG2), .WIDTH(CW + 1))
done_inst (
    .clk(clk), .rst(rst),
    .s_valid(rd_end), .s_ready(done_ready),
    .s_data({cur_n, rd_err}),
    .m_valid(done_valid), .m_ready(item_pop && head_last),
    .m_data({done_n, done_err}),
    .count(done_count)
);

always @(posedge clk) begin
    if (item_pop) begin
        gone_reg <= head_last ? {CW{1'b0}} : gone_reg + {{(CW-1){1'b0}}, 1'b1};
    end
    if (rst) begin
        gone_reg <= 0;
    end
end

assign ok_valid = done_valid;
assign ok_err = done_err;

endmodule

`resetall
