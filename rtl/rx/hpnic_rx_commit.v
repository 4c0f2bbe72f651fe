// SPDX-License-Identifier: MIT
/*
 * RX commit: carries out hpnic_rx_decide's verdicts in order: write a
 * buffered payload to memory (a DMA write command, then its data) or discard
 * it, then release the packet's completer event, if any. Nothing reaches
 * memory before the ICRC and every protection check have passed, and no
 * completer event overtakes a payload written before it: a WQE never
 * completes before its data is in memory.
 *
 * Two stages, so that packets follow each other without idle cycles (a
 * 64-byte payload arrives every 2.9 cycles at 100 Gb/s):
 *
 *   verdict --> issue: the DMA write command (WRITE only) --> data queue
 *   data queue head --> move: its payload beats to DMA data (WRITE) or
 *                       nowhere (DROP), then its completer event
 *
 * The issue stage runs ahead of the data by up to 2^QUEUE_LOG2 verdicts, so
 * the next command is out while the current payload streams. The DMA engine
 * must take data for commands in command order (the usual contract).
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_rx_commit #(
    // QPN bits
    parameter QPN_WIDTH = 12,
    // log2 of the verdicts issued ahead of their data
    parameter QUEUE_LOG2 = 3
) (
    input  wire                  clk,
    input  wire                  rst,

    // verdicts
    input  wire                  s_commit_valid,
    output wire                  s_commit_ready,
    input  wire [1:0]            s_commit_pay,      // 0 none, 1 write, 2 drop
    input  wire [63:0]           s_commit_addr,
    input  wire [12:0]           s_commit_len,
    input  wire                  s_commit_cack,
    input  wire [QPN_WIDTH+3+24+5+1+336-1:0] s_commit_cack_data,

    // buffered payloads (lane 0 aligned)
    input  wire [511:0]          s_pay_tdata,
    input  wire [63:0]           s_pay_tkeep,
    input  wire                  s_pay_tvalid,
    output wire                  s_pay_tready,
    input  wire                  s_pay_tlast,

    // DMA write: commands, and their data in command order
    output wire                  m_dma_wr_cmd_valid,
    input  wire                  m_dma_wr_cmd_ready,
    output wire [63:0]           m_dma_wr_cmd_addr,
    output wire [12:0]           m_dma_wr_cmd_len,

    output wire [511:0]          m_dma_wr_tdata,
    output wire [63:0]           m_dma_wr_tkeep,
    output wire                  m_dma_wr_tvalid,
    input  wire                  m_dma_wr_tready,
    output wire                  m_dma_wr_tlast,

    // entries carried out, mod 2^16 (their payload handed to memory)
    output reg  [15:0]           done_count = 0,

    // completer events, released in order
    output wire                  m_cack_valid,
    input  wire                  m_cack_ready,
    output wire [QPN_WIDTH+3+24+5+1+336-1:0] m_cack_data
);

// parameters a caller can get wrong fail at elaboration, not silently
initial begin
    if (QPN_WIDTH < 1 || QPN_WIDTH > 24) begin
        $error("hpnic_rx_commit: QPN_WIDTH must be 1..24 (%m)");
        $finish;
    end
    if (QUEUE_LOG2 < 1 || QUEUE_LOG2 > 8) begin
        $error("hpnic_rx_commit: QUEUE_LOG2 must be 1..8 (%m)");
        $finish;
    end
end

localparam [1:0] CM_NONE = 2'd0, CM_WRITE = 2'd1;   // 2: drop
localparam CACK_W = QPN_WIDTH + 3 + 24 + 5 + 1 + 336;

/*
 * Issue: a verdict enters the data queue once its command (if any) is taken.
 * A payload that leaves its page (a NIC address through the MTT:
 * hpnic_page_split) takes two commands, the second from split_*_reg in the
 * next cycle; the queue notes where the data is cut.
 */
wire q_ready, q_ready_ctl, cd_valid;
wire is_write = s_commit_pay == CM_WRITE;
wire in_cross;
wire [12:0] in_first_len;

hpnic_page_split
split_inst (
    .addr(s_commit_addr),
    .len(s_commit_len),
    .crosses(in_cross),
    .first_len(in_first_len)
);

reg         split_reg = 1'b0;           // the second command is waiting
reg  [63:0] split_addr_reg = 0;
reg  [12:0] split_len_reg = 0;

assign m_dma_wr_cmd_valid = split_reg || (s_commit_valid && is_write && q_ready);
assign m_dma_wr_cmd_addr = split_reg ? split_addr_reg : s_commit_addr;
assign m_dma_wr_cmd_len = split_reg ? split_len_reg : in_cross ? in_first_len : s_commit_len;

wire issue = !split_reg && s_commit_valid && q_ready && (!is_write || m_dma_wr_cmd_ready);
assign s_commit_ready = issue;
wire cut = is_write && in_cross;

always @(posedge clk) begin
    if (split_reg && m_dma_wr_cmd_ready) begin
        split_reg <= 1'b0;
    end
    if (issue && cut) begin
        split_reg <= 1'b1;
        split_addr_reg <= s_commit_addr + {51'd0, in_first_len};
        split_len_reg <= s_commit_len - in_first_len;
    end

    if (rst) begin
        split_reg <= 1'b0;
    end
end

wire               q_valid, q_take;
wire [1:0]         q_pay;
wire               q_cack;
wire               q_cut;
wire [5:0]         q_cut_beat, q_cut_lane;
wire               q_cut_mid;
wire               cd_ready;
// verilator lint_off UNUSEDSIGNAL
wire [QUEUE_LOG2:0] q_count, cd_count;
// verilator lint_on UNUSEDSIGNAL

// Where a cut payload is cut, decided here rather than at the mover's head:
// the first command ends at the page's end, 4096 - addr[11:0] bytes in, so
// in beat ~addr[11:6] (the last beat of the first command) at lane
// -addr[5:0], inside that beat unless addr[5:0] is 0
wire [5:0] in_cut_beat = ~s_commit_addr[11:6];
wire [5:0] in_cut_lane = 6'd0 - s_commit_addr[5:0];
wire       in_cut_mid = s_commit_addr[5:0] != 6'd0;

// The mover's queue holds only what it acts on, in LUT RAM: a verdict
// written now is at its head next cycle, so a 64-byte payload moves the
// cycle after its command and packets follow every 2.9 cycles (behind a
// block-RAM queue the head came a cycle later and RX took 3 cycles a packet)
hpnic_fifo #(.DEPTH_LOG2(QUEUE_LOG2), .WIDTH(3 + 1 + 6 + 6 + 1))
queue_inst (
    .clk(clk), .rst(rst),
    .s_valid(issue), .s_ready(q_ready_ctl),
    .s_data({s_commit_pay, s_commit_cack, cut, in_cut_beat, in_cut_lane, in_cut_mid}),
    .m_valid(q_valid), .m_ready(q_take),
    .m_data({q_pay, q_cack, q_cut, q_cut_beat, q_cut_lane, q_cut_mid}),
    .count(q_count)
);

// The completer events wait in block RAM, in verdict order, and are released
// one per moved verdict that has one: none leaves before its payload
hpnic_fifo #(.DEPTH_LOG2(QUEUE_LOG2), .WIDTH(CACK_W), .RAM_STYLE("block"))
cdata_inst (
    .clk(clk), .rst(rst),
    .s_valid(issue && s_commit_cack), .s_ready(cd_ready),
    .s_data(s_commit_cack_data),
    .m_valid(cd_valid), .m_ready(m_cack_valid && m_cack_ready),
    .m_data(m_cack_data),
    .count(cd_count)
);

assign q_ready = q_ready_ctl && cd_ready;

/*
 * Move: the head verdict's payload, then it releases its completer event.
 * A cut payload ends its first command at the cut: on a beat boundary, or
 * inside a beat, which then goes out twice, its lanes below the cut ending
 * the first command and those above starting the second (the DMA write
 * channel takes a command's data from its first kept lane)
 */
wire q_has_pay = q_pay != CM_NONE;
wire q_write = q_pay == CM_WRITE;
wire mover_ok = q_valid;

reg  [6:0]  beat_reg = 0;               // beats of the head payload moved
reg         second_reg = 1'b0;          // the cut beat's second pass is next

wire [5:0]  cut_lane = q_cut_lane;
wire        cut_here = q_write && q_cut && beat_reg == {1'b0, q_cut_beat} && !second_reg;
wire        cut_twice = cut_here && q_cut_mid;

`include "hpnic_lanes.vh"

wire [63:0] cut_mask = hpnic_lanes_below({1'b0, cut_lane});

assign m_dma_wr_tdata = s_pay_tdata;
assign m_dma_wr_tkeep = cut_twice ? s_pay_tkeep & cut_mask :
                        second_reg ? s_pay_tkeep & ~cut_mask : s_pay_tkeep;
assign m_dma_wr_tlast = s_pay_tlast || cut_here;
assign m_dma_wr_tvalid = mover_ok && q_write && s_pay_tvalid;
assign s_pay_tready = mover_ok && q_has_pay && (!q_write || m_dma_wr_tready) && !cut_twice;

wire wr_beat = m_dma_wr_tvalid && m_dma_wr_tready;

always @(posedge clk) begin
    if (wr_beat) begin
        second_reg <= cut_twice;
        if (!cut_twice) begin
            beat_reg <= s_pay_tlast ? 7'd0 : beat_reg + 7'd1;
        end
    end

    if (rst) begin
        beat_reg <= 0;
        second_reg <= 1'b0;
    end
end

wire pay_done = s_pay_tvalid && s_pay_tready && s_pay_tlast;
assign q_take = mover_ok && (!q_has_pay || pay_done);

// completer events released and not yet taken (at most the queue's depth)
reg [QUEUE_LOG2:0] released = 0;
reg                released_nz = 1'b0;  // released != 0, kept as a register
wire               cack_take = m_cack_valid && m_cack_ready;
wire               cack_add = q_take && q_cack;
assign m_cack_valid = cd_valid && released_nz;

always @(posedge clk) begin
    done_count <= done_count + {15'd0, q_take};
    if (cack_add && !cack_take) begin
        released <= released + 1'b1;
        released_nz <= 1'b1;
    end else if (cack_take && !cack_add) begin
        released <= released - 1'b1;
        released_nz <= released != 1;
    end
    if (rst) begin
        done_count <= 0;
        released <= 0;
        released_nz <= 1'b0;
    end
end

endmodule

`resetall
