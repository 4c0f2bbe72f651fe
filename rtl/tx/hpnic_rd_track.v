// SPDX-License-Identifier: MIT
/*
 * RC requester, READ tracking: matches the READ responses and ACKs that come
 * back against the READs this QP has outstanding (up to max_rd_atomic).
 *
 * The requester (hpnic_req) hands over a descriptor for each READ REQUEST it
 * sends (s_rdq), in the form the checks below use, computed as it is sent
 * rather than as responses are checked: its first and last response PSNs,
 * its local IO address and its last response's length; or a flush, which
 * withdraws every READ of the QP (a rewind, a QP reset: what follows the
 * rewind point is sent again, with new descriptors). The descriptors wait
 * in a per-QP queue (hpnic_qp_queue, a pool shared by every QP) and the
 * oldest four sit in four descriptor slots per QP, which the decision reads
 * side by side: slot (n mod 4) holds the QP's n-th READ since the last
 * flush, tagged with n (gen) and the flush count (epoch). This block keeps,
 * per QP, which READ it awaits (its gen) and how far its responses have come
 * (the next response PSN expected), and decides for each response:
 *  - in sequence, of the right length: its payload goes to the local buffer
 *    at first address + (PSN - first PSN) * MTU, and it acknowledges what
 *    precedes it (progress for the completer's timer); the last one
 *    completes the READ (READ_DONE), frees its slot (the queue fills it
 *    with the QP's next READ) and moves on to the next READ;
 *  - beyond the one expected, in the awaited READ or the one after it: a
 *    gap, reported to the completer (go-back-N) once until a response
 *    arrives in sequence again. Late responses of the old issue would
 *    otherwise look like new gaps and rewind again and again (the timer
 *    covers a lost re-issue), as Linux rxe's started_retry does;
 *  - anything else (duplicate, stray, wrong length): dropped.
 * "In the READ" is two serial-number sign tests side by side, PSN - first
 * >= 0 and last - PSN >= 0: the same as (PSN - first) < packets while a READ
 * has at most 2^23 packets (half the PSN space; libhpnic refuses longer
 * ones, and PSNs are compared modulo 2^24 everywhere else too). The last
 * response's length comes with the descriptor: if the MTU changes while a
 * READ is outstanding, that READ's last response is still held to the
 * length the MTU at its issue gave (its others and their addresses follow
 * the MTU of the moment); libhpnic only sets the MTU before RTR.
 * An ACK or NAK from beyond the response still awaited means the responses
 * were lost or are still behind it on the wire: it is held back, and only
 * what precedes the awaited response is acknowledged meanwhile, so a READ
 * never completes before its data. That holds for a fatal NAK too: the
 * completer takes one at PSN q as the end of everything before q, READs
 * included. The awaited READ's last response lets it go, unless it reaches
 * into the next READ too (its slot says so), which then holds it in turn.
 *
 * The queue fills a freed slot a few cycles after the READ before it
 * completes. Only a QP whose next four READs each complete within those
 * cycles (one-packet READs, back to back after a burst held in RX) can see
 * a response before its descriptor: it is dropped as a stray and recovered
 * as a lost one.
 *
 * Responses must be decided in arrival order, in the same command stream as
 * every other received packet (hpnic_rx_commit writes payloads in that
 * order). So this block has no pipeline of its own: RX's decision stage
 * (hpnic_rx_decide) carries every packet and plugs it in at its loop stage:
 * look-up at stage 1 (lk_valid, lk_qpn), the decision at stage 2, with the
 * state written back in the same cycle (hpnic_rmw_ram).
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_rd_track #(
    // QPN bits
    parameter QPN_WIDTH = 12,
    // log2 of the READs a QP may have outstanding (max_rd_atomic)
    parameter RD_MAX_LOG2 = 4,
    // log2 of the descriptor queue's entries, shared by every QP
    parameter RDQ_POOL_LOG2 = 10
) (
    input  wire                  clk,
    input  wire                  rst,

    /*
     * READs sent, and flushes (one writer: hpnic_req)
     */
    input  wire                  s_rdq_valid,
    output wire                  s_rdq_ready,
    input  wire                  s_rdq_flush,       // every READ of the QP withdrawn
    input  wire [QPN_WIDTH-1:0]  s_rdq_qpn,
    input  wire [23:0]           s_rdq_first_psn,
    input  wire [23:0]           s_rdq_last_psn,    // first + packets - 1
    input  wire [63:0]           s_rdq_laddr,
    input  wire [12:0]           s_rdq_last_len,    // the last response's payload bytes

    /*
     * Stage 1: look the QP up
     */
    input  wire                  lk_valid,
    input  wire [QPN_WIDTH-1:0]  lk_qpn,

    /*
     * Stage 2: the packet (at most one ev_* set) and the decision
     */
    input  wire [12:0]           mtu,               // the QP's path MTU, 64..4096
    input  wire                  ev_init,           // QP reset: no response expected
    input  wire                  ev_ack,            // ACK or NAK for this QP
    input  wire                  ev_resp,           // READ response for this QP
    input  wire [23:0]           psn,
    input  wire [12:0]           len,               // payload bytes
    input  wire [2:0]            ack_kind,          // ACK_KIND of an ACK/NAK
    input  wire [4:0]            ack_rnr_timer,     // an RNR NAK's timer code

    output reg                   resp_write,        // the response's payload goes to ...
    output wire [63:0]           resp_addr,         // ... this local IO address
    output reg                   resp_gap,          // a gap to report
    output reg                   cack,              // an event for the completer ...
    output reg  [2:0]            cack_kind,         // ... ACK_KIND
    output reg  [23:0]           cack_psn,
    output reg  [4:0]            cack_rnr_timer,    // ... and an RNR NAK's timer code

    output wire [31:0]           stat_rdq_drop      // descriptors lost (never in practice)
);

initial begin
    if (QPN_WIDTH < 1 || QPN_WIDTH > 16) begin
        $error("hpnic_rd_track: QPN_WIDTH must be 1..16 (%m)");
        $finish;
    end
end

// the completer's ACK kinds: the register map's (fw/regmap.toml, ACK_KIND)
`include "hpnic_regs.vh"

localparam QW = QPN_WIDTH;

/*
 * The descriptor queue and its four slots (hpnic_qp_slots): pushes and
 * flushes from the requester, a done per READ completed (stage 2)
 */
localparam DW = 24 + 24 + 64 + 13;
wire          q_push_ready, q_flush_ready;
wire [3:0]    slv_valid;
wire [15:0]   slv_epoch, slv_gen;
wire [4*DW-1:0] slv_data;
reg           done;
wire [7:0]    done_tag;

assign s_rdq_ready = s_rdq_flush ? q_flush_ready : q_push_ready;

hpnic_qp_slots #(
    .QPN_WIDTH(QW),
    .DATA_WIDTH(DW),
    .KEY_WIDTH(24),
    .POOL_LOG2(RDQ_POOL_LOG2),
    // the requester's count can run one or two over after a rewind
    // (hpnic_req): room for them rather than a lost descriptor
    .LIMIT_LOG2(RD_MAX_LOG2 + 1)
)
slots_inst (
    .clk(clk),
    .rst(rst),
    .s_push_valid(s_rdq_valid && !s_rdq_flush),
    .s_push_ready(q_push_ready),
    .s_push_qpn(s_rdq_qpn),
    .s_push_data({s_rdq_first_psn, s_rdq_last_psn, s_rdq_laddr, s_rdq_last_len}),
    .s_push_key(s_rdq_first_psn),
    .s_flush_valid(s_rdq_valid && s_rdq_flush),
    .s_flush_ready(q_flush_ready),
    .s_flush_qpn(s_rdq_qpn),
    .lk_valid(lk_valid),
    .lk_qpn(lk_qpn),
    .sl_valid(slv_valid),
    .sl_epoch(slv_epoch),
    .sl_gen(slv_gen),
    .sl_data(slv_data),
    // verilator lint_off PINCONNECTEMPTY
    .sl_ram_data(),
    .sl_fwd(),
    .fwd_data(),
    // verilator lint_on PINCONNECTEMPTY
    .done(done),
    .done_tag(done_tag),
    .stat_drop(stat_rdq_drop)
);

// each slot's fields, and every compare the decision needs made for each
// slot side by side: the awaited slot picks among them afterwards
reg         sl_valid [0:3];
reg  [3:0]  sl_epoch [0:3];
reg  [3:0]  sl_gen [0:3];
reg  [23:0] sl_first [0:3];
reg  [23:0] sl_last [0:3];
reg  [63:0] sl_laddr [0:3];
reg  [12:0] sl_llen [0:3];
reg  [23:0] c_idx [0:3];        // PSN - first
// verilator lint_off UNUSEDSIGNAL
reg  [23:0] c_left [0:3];       // last - PSN (its sign only)
reg  [23:0] c_pend [0:3];       // held PSN - first (its sign only)
// verilator lint_on UNUSEDSIGNAL
reg         c_at_first [0:3];
reg         c_at_last [0:3];
reg         c_len_last [0:3];
reg         c_pend_at [0:3];    // held PSN = first
integer     t;
/*
 * The per-QP state word, every field named once, in the word's order (MSB
 * first): exp (the response PSN expected next, once started), started (a
 * response of the awaited READ arrived: exp is set; before, its first PSN
 * is expected), gen (the awaited READ's), epoch (the flush it belongs to),
 * gap_sent (a gap was reported: not again until a response in sequence),
 * pend_valid/pend_kind/pend_psn/pend_rnr (an ACK or NAK held back for the
 * completer, with its ACK_KIND and, for an RNR NAK, its timer code). o_* is
 * the word read, n_* the word written back.
 */
`define RDT_ST_DECL(kind, p) \
    kind [23:0] p``_exp; \
    kind p``_started; \
    kind [3:0] p``_gen; \
    kind [3:0] p``_epoch; \
    kind p``_gap_sent; \
    kind p``_pend_valid; \
    kind [2:0] p``_pend_kind; \
    kind [23:0] p``_pend_psn; \
    kind [4:0] p``_pend_rnr;
`define RDT_ST(p) p``_exp, p``_started, p``_gen, p``_epoch, p``_gap_sent, p``_pend_valid, \
    p``_pend_kind, p``_pend_psn, p``_pend_rnr

localparam SW = 24 + 1 + 4 + 4 + 1 + 1 + 3 + 24 + 5;
wire [SW-1:0] st_old;
reg  [SW-1:0] st_new;

hpnic_rmw_ram #(
    .ADDR_WIDTH(QW),
    .DATA_WIDTH(SW)
)
state_inst (
    .clk(clk),
    .rst(rst),
    .rd_valid(lk_valid),
    .rd_addr(lk_qpn),
    .old_data(st_old),
    .wr_en(1'b1),
    .wr_data(st_new)
);

`RDT_ST_DECL(wire, o)
assign {`RDT_ST(o)} = st_old;

always @* begin
    for (t = 0; t < 4; t = t + 1) begin
        sl_valid[t] = slv_valid[t];
        sl_epoch[t] = slv_epoch[4*t +: 4];
        sl_gen[t] = slv_gen[4*t +: 4];
        {sl_first[t], sl_last[t], sl_laddr[t], sl_llen[t]} = slv_data[DW*t +: DW];
        c_idx[t] = psn - sl_first[t];
        c_left[t] = sl_last[t] - psn;
        c_pend[t] = o_pend_psn - sl_first[t];
        c_at_first[t] = psn == sl_first[t];
        c_at_last[t] = psn == sl_last[t];
        c_len_last[t] = len == sl_llen[t];
        c_pend_at[t] = o_pend_psn == sl_first[t];
    end
end

// a flush since this QP's last event (every slot carries the new epoch):
// nothing of the old READs counts any more
wire        flushed = sl_epoch[0] != o_epoch;
wire [3:0]  gen = flushed ? 4'd0 : o_gen;
wire        started = !flushed && o_started;
wire [1:0]  a = gen[1:0];               // the awaited READ's slot
wire [1:0]  nx = a + 2'd1;              // the next READ's
wire [3:0]  gen_next = gen + 4'd1;
wire        active = sl_valid[a] && sl_gen[a] == gen;
wire        next_valid = sl_valid[nx] && sl_gen[nx] == gen_next;

wire [23:0] exp = started ? o_exp : sl_first[a];
wire [23:0] r_idx = c_idx[a];                        // response number
// verilator lint_off UNUSEDSIGNAL
wire [23:0] r_ahead_old = psn - o_exp;              // its sign only
// verilator lint_on UNUSEDSIGNAL
wire        r_behind = started ? r_ahead_old[23] : r_idx[23];   // before exp
wire        r_at_exp = started ? psn == o_exp : c_at_first[a];
wire        r_in_read = !r_idx[23] && !c_left[a][23];           // first <= PSN <= last
wire        r_in_next = next_valid && !c_idx[nx][23] && !c_left[nx][23];
wire        r_in_seq = active && r_at_exp && r_in_read;
wire        r_gap = active && !r_behind && !r_at_exp && (r_in_read || r_in_next);
// the response's offset, (PSN - first) MTUs: a select by the decoded MTU
// (one bit of 64..4096, which is all the CSR takes), not a shifter behind
// the subtraction
reg  [31:0] r_off;
integer     k;

always @* begin
    r_off = 32'd0;
    for (k = 6; k <= 12; k = k + 1) begin
        r_off = r_off | ({32{mtu[k]}} & ({8'd0, r_idx} << k));
    end
end
wire        r_last = c_at_last[a];
wire        r_len_ok = r_last ? c_len_last[a] : len == mtu;
// an ACK at or beyond the response still awaited, a NAK past it
wire        ack_past_read = active && !r_behind;
wire        nak_past_read = ack_past_read && !r_at_exp;
// the held answer reaches into the next READ: an ACK at or past its first
// response, a NAK past it
wire        pend_in_next = next_valid && !c_pend[nx][23] &&
                           (o_pend_kind == HPNIC_ACK_KIND_ACK || !c_pend_at[nx]);

assign resp_addr = sl_laddr[a] + {32'd0, r_off};

`RDT_ST_DECL(reg, n)

always @* begin
    {`RDT_ST(n)} = st_old;
    // the effective state: a flush starts the QP's READs over
    n_epoch = sl_epoch[0];
    n_gen = gen;
    n_started = started;
    n_exp = exp;
    resp_write = 1'b0;
    resp_gap = 1'b0;
    cack = 1'b0;
    cack_kind = ack_kind;
    cack_psn = psn;
    cack_rnr_timer = ack_rnr_timer;
    done = 1'b0;

    if (ev_init) begin
        // the responder's init: the READs in flight are the requester's
        // (its INIT flushes them); a held answer and a gap are forgotten
        n_gap_sent = 1'b0;
        n_pend_valid = 1'b0;
    end else if (ev_ack) begin
        cack = 1'b1;
        if ((ack_kind == HPNIC_ACK_KIND_ACK && ack_past_read) ||
            (ack_kind != HPNIC_ACK_KIND_ACK && nak_past_read)) begin
            n_pend_valid = 1'b1;
            n_pend_kind = ack_kind;
            n_pend_psn = psn;
            n_pend_rnr = ack_rnr_timer;
            cack_kind = HPNIC_ACK_KIND_ACK;
            cack_psn = exp - 24'd1;
        end
    end else if (ev_resp) begin
        cack_kind = HPNIC_ACK_KIND_ACK;
        if (r_in_seq && r_len_ok) begin
            resp_write = 1'b1;
            n_exp = psn + 24'd1;
            n_started = 1'b1;
            n_gap_sent = 1'b0;
            cack = 1'b1;
            if (r_last) begin
                // the READ is complete: its slot is free, the next awaited
                done = 1'b1;
                n_gen = gen_next;
                n_started = 1'b0;
                cack_kind = HPNIC_ACK_KIND_READ_DONE;
                if (o_pend_valid && !pend_in_next) begin
                    // the held-back answer goes now, behind the data
                    n_pend_valid = 1'b0;
                    cack_kind = o_pend_kind;
                    cack_psn = o_pend_psn;
                    cack_rnr_timer = o_pend_rnr;
                end
            end
        end else if (r_gap && !o_gap_sent) begin
            resp_gap = 1'b1;
            cack = 1'b1;
            cack_kind = HPNIC_ACK_KIND_READ_GAP;
            cack_psn = exp;
            n_gap_sent = 1'b1;
        end
    end
    st_new = {`RDT_ST(n)};
end

assign done_tag = {sl_epoch[0], gen};

`undef RDT_ST_DECL
`undef RDT_ST
endmodule

`resetall
