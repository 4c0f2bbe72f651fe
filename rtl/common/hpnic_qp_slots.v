// SPDX-License-Identifier: MIT
/*
 * Per-QP work items with the oldest four of each QP in four slots that a
 * decision loop reads side by side: a queue in a pool shared by every QP
 * (hpnic_qp_queue, SERVE = 4) and the four slot RAMs it fills.
 *
 * Used twice on the receive side of the RC transport:
 *  - the requester's READ descriptors (hpnic_rd_track): the READs a QP has
 *    sent, the awaited one and the next at hand;
 *  - the responder's receive WQEs (hpnic_recv_track): the receive buffers the
 *    next SENDs land in, prefetched from the host's receive queue.
 *
 * Slot (n mod 4) holds the QP's n-th item since its last flush, tagged {gen
 * = n mod 16, epoch = the flush count}: the user's state keeps which gen it
 * awaits and the epoch it has seen, so a slot is its item when the slot is
 * valid and its gen matches, and an epoch unlike the state's means a flush
 * came since (every slot carries the new epoch then). The user reads at its
 * stage 1 (lk_*) and has the four slots at stage 2, where it may report the
 * awaited item done (done, done_tag): the queue then fills that slot with
 * the QP's next item, a few cycles later.
 *
 * A slot write to the QP being looked up in the same cycle is forwarded (the
 * RAMs do not resolve the collision).
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_qp_slots #(
    // QPN bits
    parameter QPN_WIDTH = 12,
    // item width
    parameter DATA_WIDTH = 64,
    // key width (hpnic_qp_queue's: serial numbers for its dup rule)
    parameter KEY_WIDTH = 24,
    // log2 of the pool's entries, shared by every QP
    parameter POOL_LOG2 = 10,
    // log2 of the items a QP may hold, in slots and queued
    parameter LIMIT_LOG2 = 4
) (
    input  wire                   clk,
    input  wire                   rst,

    /*
     * Items in (one writer)
     */
    input  wire                   s_push_valid,
    output wire                   s_push_ready,
    input  wire [QPN_WIDTH-1:0]   s_push_qpn,
    input  wire [DATA_WIDTH-1:0]  s_push_data,
    input  wire [KEY_WIDTH-1:0]   s_push_key,

    input  wire                   s_flush_valid,
    output wire                   s_flush_ready,
    input  wire [QPN_WIDTH-1:0]   s_flush_qpn,

    /*
     * The user's loop: look-up at stage 1, the slots and a done at stage 2
     */
    input  wire                   lk_valid,
    input  wire [QPN_WIDTH-1:0]   lk_qpn,

    output wire [3:0]             sl_valid,
    output wire [4*4-1:0]         sl_epoch,          // slot k at [4k+3:4k]
    output wire [4*4-1:0]         sl_gen,
    output wire [4*DATA_WIDTH-1:0] sl_data,
    // the same before the forwarding, and what is forwarded: a compare on
    // an item's data can be made on both side by side, the pick after
    output wire [4*DATA_WIDTH-1:0] sl_ram_data,
    output wire [3:0]             sl_fwd,            // slot k is the item written just now
    output wire [DATA_WIDTH-1:0]  fwd_data,          // ... whose data this is

    input  wire                   done,              // the awaited item of the QP at stage 2
    input  wire [7:0]             done_tag,          // its {epoch, gen}

    output wire [31:0]            stat_drop          // items lost: a QP's limit or the pool
);

localparam QW = QPN_WIDTH;
localparam DW = DATA_WIDTH;

/*
 * The queue: pushes and flushes in, a done per item finished (from stage 2,
 * through a small FIFO), what it issues written into the slots
 */
wire          q_valid, q_flush;
wire [QW-1:0] q_qpn;
wire [DW-1:0] q_data;
wire [7:0]    q_tag;
wire          dn_valid, dn_ready;
wire [QW-1:0] dn_qpn;
wire [7:0]    dn_tag;
reg           dn_wr = 1'b0;
reg  [QW+7:0] dn_data = 0;
// verilator lint_off UNUSEDSIGNAL
wire          q_init_done, dn_fifo_ready;
wire [31:0]   q_drop_full, q_drop_pool, q_stale;
wire [4:0]    dn_count;
// verilator lint_on UNUSEDSIGNAL

assign stat_drop = q_drop_full + q_drop_pool;

// no marks here
// verilator lint_off PINCONNECTEMPTY
hpnic_qp_queue #(
    .QPN_WIDTH(QW),
    .DATA_WIDTH(DW),
    .KEY_WIDTH(KEY_WIDTH),
    .POOL_LOG2(POOL_LOG2),
    .SERVE(4),
    .LIMIT_LOG2(LIMIT_LOG2),
    .FIFO_LOG2(3)
)
queue_inst (
    .clk(clk),
    .rst(rst),
    .s_push_valid(s_push_valid),
    .s_push_ready(s_push_ready),
    .s_push_qpn(s_push_qpn),
    .s_push_data(s_push_data),
    .s_push_key(s_push_key),
    .s_push_dup(1'b0),
    .s_flush_valid(s_flush_valid),
    .s_flush_ready(s_flush_ready),
    .s_flush_qpn(s_flush_qpn),
    .s_mark_valid(1'b0),
    .s_mark_ready(),
    .s_mark_qpn({(QW > 0 ? QW : 1){1'b0}}),
    .s_mark_data(1'b0),
    .s_done_valid(dn_valid),
    .s_done_ready(dn_ready),
    .s_done_qpn(dn_qpn),
    .s_done_tag(dn_tag),
    .m_valid(q_valid),
    .m_ready(1'b1),
    .m_qpn(q_qpn),
    .m_data(q_data),
    .m_tag(q_tag),
    .m_flush(q_flush),
    .m_mark_valid(),
    .m_mark_ready(1'b1),
    .m_mark_qpn(),
    .m_mark_data(),
    .init_done(q_init_done),
    .stat_drop_full(q_drop_full),
    .stat_drop_pool(q_drop_pool),
    .stat_done_stale(q_stale),
    .stat_mark_held()
);
// verilator lint_on PINCONNECTEMPTY

// at most one done per user event; the queue takes a done every cycle once
// it has cleared after a reset, so this FIFO only covers that
hpnic_fifo #(.DEPTH_LOG2(4), .WIDTH(QW + 8))
dn_fifo_inst (
    .clk(clk), .rst(rst),
    .s_valid(dn_wr), .s_ready(dn_fifo_ready), .s_data(dn_data),
    .m_valid(dn_valid), .m_ready(dn_ready),
    .m_data({dn_qpn, dn_tag}),
    .count(dn_count)
);

reg [QW-1:0] lk_qpn_s2 = 0;            // the QP at stage 2

always @(posedge clk) begin
    dn_wr <= done;
    dn_data <= {lk_qpn_s2, done_tag};
    if (rst) begin
        dn_wr <= 1'b0;
    end
end

/*
 * The four slots: {valid, epoch, gen, data}. A flush writes all four
 * invalid with the new epoch; an item goes to slot gen mod 4
 */
localparam SLW = 1 + 4 + 4 + DW;
wire [SLW-1:0] slot_ram [0:3];
reg  [SLW-1:0] slot_wr_data_reg = 0;
reg  [3:0]     slot_fwd_reg = 4'd0;
wire [SLW-1:0] slot_wr_data = {!q_flush, q_tag, q_data};
reg  [3:0]     slot_wr;
integer        w;

always @* begin
    for (w = 0; w < 4; w = w + 1) begin
        slot_wr[w] = q_valid && (q_flush || q_tag[1:0] == w[1:0]);
    end
end

always @(posedge clk) begin
    lk_qpn_s2 <= lk_qpn;
    slot_wr_data_reg <= slot_wr_data;
    for (w = 0; w < 4; w = w + 1) begin
        slot_fwd_reg[w] <= slot_wr[w] && lk_valid && q_qpn == lk_qpn;
    end
    if (rst) begin
        slot_fwd_reg <= 4'd0;
    end
end

genvar gs;
generate
for (gs = 0; gs < 4; gs = gs + 1) begin : g_slot
    wire [SLW-1:0] sl = slot_fwd_reg[gs] ? slot_wr_data_reg : slot_ram[gs];

    hpnic_ram_sdp #(
        .ADDR_WIDTH(QW),
        .DATA_WIDTH(SLW)
    )
    slot_inst (
        .clk(clk),
        .wr_en(slot_wr[gs]),
        .wr_addr(q_qpn),
        .wr_data(slot_wr_data),
        .rd_en(lk_valid),
        .rd_addr(lk_qpn),
        .rd_data(slot_ram[gs])
    );

    assign sl_valid[gs] = sl[SLW-1];
    assign sl_epoch[4*gs +: 4] = sl[SLW-2 -: 4];
    assign sl_gen[4*gs +: 4] = sl[SLW-6 -: 4];
    assign sl_data[DW*gs +: DW] = sl[DW-1:0];
    assign sl_ram_data[DW*gs +: DW] = slot_ram[gs][DW-1:0];
end
endgenerate

assign sl_fwd = slot_fwd_reg;
assign fwd_data = slot_wr_data_reg[DW-1:0];

endmodule

`resetall
