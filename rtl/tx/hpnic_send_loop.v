// SPDX-License-Identifier: MIT
/*
 * The QP's send loop: the requester (hpnic_req) with the responder's
 * sending side (hpnic_resp_tx) plugged into its loop through the rsp_*
 * ports (docs/transport.md, "The requester and the responder's sending
 * side"). Every other port of hpnic_req is a port here, under the same
 * name. READ work reaches the requester through the responder's READ queue
 * (hpnic_qp_queue, one READ answered per QP at a time, up to
 * 2^RD_MAX_LOG2 held): it issues a QP's next READ when the one before is
 * answered (its last response's descriptor has left for TX). The
 * responder's ACKs and NAKs come through the same queue as marks, in the
 * order RX decided them, so none passes a READ's responses: a QP with
 * READs held keeps its latest answer until they are answered (IB wants a
 * QP's responses in PSN order; answers are cumulative). hpnic_datapath
 * instantiates this group, and tb_req tests it as is.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_send_loop #(
    parameter QPN_WIDTH = 12,
    parameter RING_LOG2 = 10,
    parameter POOL_LOG2 = 13,
    parameter SLOTS_LOG2 = 3,
    // WQEs a QP fetches beyond its free slots (hpnic_req)
    parameter FETCH_AHEAD = 8,
    parameter LEN_WIDTH = 14,
    parameter FIFO_LOG2 = 5,
    // log2 of the READs a QP may have outstanding as requester, and held as
    // responder (max_rd_atomic, max_dest_rd_atomic)
    parameter RD_MAX_LOG2 = 4,
    // log2 of the responder's READ queue entries, shared by every QP
    parameter RDQ_POOL_LOG2 = 10
) (
    input  wire                  clk,
    input  wire                  rst,

    input  wire                  cfg_wr_en,
    input  wire [QPN_WIDTH-1:0]  cfg_wr_qpn,
    input  wire [3:0]            cfg_wr_mtu_log2,
    input  wire [7:0]            cfg_wr_max_rd,
    input  wire [7:0]            cfg_pkt_overhead,

    input  wire                  s_init_valid,
    output wire                  s_init_ready,
    input  wire [QPN_WIDTH-1:0]  s_init_qpn,
    input  wire [23:0]           s_init_psn,

    output wire                  m_cinit_valid,
    input  wire                  m_cinit_ready,
    output wire [QPN_WIDTH-1:0]  m_cinit_qpn,
    output wire [23:0]           m_cinit_psn,
    output wire [15:0]           m_cinit_rec_old,
    output wire [POOL_LOG2-1:0]  m_cinit_spare,
    output wire                  m_cinit_epoch,
    output wire                  m_cinit_clear,

    input  wire                  s_rewind_valid,
    output wire                  s_rewind_ready,
    input  wire [QPN_WIDTH-1:0]  s_rewind_qpn,
    input  wire [15:0]           s_rewind_idx,
    input  wire [23:0]           s_rewind_psn,
    input  wire [31:0]           s_rewind_off,
    input  wire [23:0]           s_rewind_bpos,
    input  wire                  s_rewind_fatal,

    input  wire                  s_wqe_valid,
    output wire                  s_wqe_ready,
    input  wire [QPN_WIDTH-1:0]  s_wqe_qpn,
    input  wire [15:0]           s_wqe_idx,
    input  wire [1:0]            s_wqe_tag,
    input  wire                  s_wqe_read,
    input  wire                  s_wqe_signaled,
    input  wire [31:0]           s_wqe_len,
    input  wire [63:0]           s_wqe_laddr,
    input  wire                  s_wqe_sgl,
    input  wire [1:0]            s_wqe_nsge_m1,
    input  wire [63:0]           s_wqe_raddr,
    input  wire [31:0]           s_wqe_rkey,
    input  wire                  s_wqe_send,
    input  wire                  s_wqe_imm_valid,
    input  wire [31:0]           s_wqe_imm,
    input  wire                  s_wqe_lerr,

    input  wire                  s_rdwork_valid,
    output wire                  s_rdwork_ready,
    input  wire [QPN_WIDTH-1:0]  s_rdwork_qpn,
    input  wire [23:0]           s_rdwork_psn,
    input  wire [63:0]           s_rdwork_addr,
    input  wire [31:0]           s_rdwork_len,
    input  wire [23:0]           s_rdwork_msn,
    input  wire                  s_rdwork_dup,      // a repeated READ request

    // the responder's ACKs and NAKs, in order with the READ work (RX decide
    // presents one of the two at a time), and as they go to TX
    input  wire                  s_ack_valid,
    output wire                  s_ack_ready,
    input  wire [QPN_WIDTH-1:0]  s_ack_qpn,
    input  wire [7:0]            s_ack_syn,
    input  wire [23:0]           s_ack_psn,
    input  wire [23:0]           s_ack_msn,
    input  wire                  s_ack_int_valid,
    input  wire [3:0]            s_ack_int_nhop,
    input  wire [11:0]           s_ack_int_path,
    input  wire [5*64-1:0]       s_ack_int_hops,

    output wire                  m_ack_valid,
    input  wire                  m_ack_ready,
    output wire [QPN_WIDTH-1:0]  m_ack_qpn,
    output wire [7:0]            m_ack_syn,
    output wire [23:0]           m_ack_psn,
    output wire [23:0]           m_ack_msn,
    output wire                  m_ack_int_valid,   // 0 for one held behind READs
    output wire [3:0]            m_ack_int_nhop,
    output wire [11:0]           m_ack_int_path,
    output wire [5*64-1:0]       m_ack_int_hops,

    input  wire                  s_una_valid,
    output wire                  s_una_ready,
    input  wire [QPN_WIDTH-1:0]  s_una_qpn,
    input  wire [15:0]           s_una_idx,
    input  wire [23:0]           s_una_psn,
    input  wire [23:0]           s_una_bpos,
    input  wire                  s_una_read_done,
    input  wire                  s_una_loop,
    input  wire                  s_una_epoch,

    input  wire                  s_post_valid,
    output wire                  s_post_ready,
    input  wire [QPN_WIDTH-1:0]  s_post_qpn,
    input  wire [15:0]           s_post_pi,

    input  wire                  s_pktsend_valid,
    output wire                  s_pktsend_ready,
    input  wire [QPN_WIDTH-1:0]  s_pktsend_qpn,
    input  wire [LEN_WIDTH-1:0]  s_pktsend_len,

    output wire                  m_desc_valid,
    input  wire                  m_desc_ready,
    output wire [QPN_WIDTH-1:0]  m_desc_qpn,
    output wire [7:0]            m_desc_opcode,
    output wire [23:0]           m_desc_psn,
    output wire [12:0]           m_desc_len,
    output wire [63:0]           m_desc_addr,
    output wire                  m_desc_sgl,
    output wire [1:0]            m_desc_nsge_m1,
    output wire [31:0]           m_desc_off,
    output wire [63:0]           m_desc_reth_va,
    output wire [31:0]           m_desc_reth_rkey,
    output wire [31:0]           m_desc_reth_len,
    output wire [31:0]           m_desc_aeth,
    output wire [31:0]           m_desc_imm,

    output wire                  m_fetch_valid,
    input  wire                  m_fetch_ready,
    output wire [QPN_WIDTH-1:0]  m_fetch_qpn,
    output wire [15:0]           m_fetch_idx,
    output wire [3:0]            m_fetch_count,
    output wire [1:0]            m_fetch_tag,

    output wire                  m_free_valid,
    input  wire                  m_free_ready,
    output wire [QPN_WIDTH-1:0]  m_free_qpn,
    output wire [23:0]           m_free_bpos,

    output wire                  m_work_valid,
    input  wire                  m_work_ready,
    output wire [QPN_WIDTH-1:0]  m_work_qpn,
    output wire [31:0]           m_work_bytes,

    input  wire                  s_pool_valid,
    output wire                  s_pool_ready,
    input  wire [POOL_LOG2-1:0]  s_pool_ptr,
    input  wire [POOL_LOG2:0]    s_pool_count,
    input  wire                  s_pool_init_done,

    output wire                  ring_wr_en,
    output wire [POOL_LOG2-1:0]  ring_wr_ptr,
    output wire [POOL_LOG2-1:0]  ring_wr_next,
    output wire [23:0]           ring_wr_last_psn,
    output wire                  ring_wr_read,
    output wire                  ring_wr_signaled,
    output wire                  ring_wr_lerr,
    output wire                  ring_wr_send,
    output wire [23:0]           ring_wr_bpos,

    output wire                  sndnxt_wr_en,
    output wire [QPN_WIDTH-1:0]  sndnxt_wr_qpn,
    output wire [23:0]           sndnxt_wr_psn,
    output wire [23:0]           sndnxt_wr_max,
    output wire [15:0]           sndnxt_wr_tail,
    output wire [23:0]           sndnxt_wr_bpos,
    output wire                  sndnxt_wr_epoch,
    output wire [15:0]           sndnxt_wr_head,
    output wire [1:0]            sndnxt_wr_rewinds,
    output wire                  sndnxt_wr_send,
    output wire                  sndnxt_wr_sent,

    output wire                  m_rdq_valid,
    input  wire                  m_rdq_ready,
    output wire                  m_rdq_flush,
    output wire [QPN_WIDTH-1:0]  m_rdq_qpn,
    output wire [23:0]           m_rdq_first_psn,
    output wire [23:0]           m_rdq_last_psn,
    output wire [63:0]           m_rdq_laddr,
    output wire [12:0]           m_rdq_last_len,

    output wire [31:0]           stat_pktsend_idle,
    output wire [31:0]           stat_read_fenced,
    output wire [31:0]           stat_wqe_stale,
    output wire [31:0]           stat_pool_wait,
    output wire [31:0]           stat_rdwork_err,   // READ work for a failed QP, dropped
    output wire [31:0]           stat_rdq_full,     // READ requests over max_dest_rd_atomic
    output wire [31:0]           stat_rdq_pool,     // READ requests with the READ queue full
    output wire [31:0]           stat_ack_held      // ACK/NAKs held behind READ responses
);

// the blocks inside check the rest; the QPN width must suit both of them
initial begin
    if (QPN_WIDTH < 1 || QPN_WIDTH > 16) begin
        $error("hpnic_send_loop: QPN_WIDTH must be 1..16 (%m)");
        $finish;
    end
end

// the loop between the two
wire                 rsp_lk_valid, rsp_valid, rsp_last, rsp_ev_read, rsp_ev_send, rsp_ev_abort;
wire [QPN_WIDTH-1:0] rsp_lk_qpn;
wire [3:0]           rsp_mtu_log2;
wire [12:0]          rsp_mtu, rsp_plen;
wire                 rsp_aeth;
wire [7:0]           rsp_d_opcode;
wire [23:0]          rsp_ev_read_psn, rsp_ev_read_msn, rsp_read_npkts, rsp_d_psn;
wire [63:0]          rsp_ev_read_end, rsp_d_addr;
wire [31:0]          rsp_ev_read_len, rsp_d_aeth;
wire [4:0]           rsp_read_ext;
wire [12:0]          rsp_d_len;
wire [7:0]           rsp_ev_read_tag, rsp_done_tag;
wire                 rsp_done;

/*
 * The responder's READ queue: READ work waits here until the QP's READ
 * before it is answered. A repeated READ request at or before the last one
 * replaces them all (hpnic_qp_queue). A QP reset or failed (the
 * requester's INIT, a fatal rewind) flushes the QP's READs; the queue's
 * flush items are not READ work.
 */
wire                 rq_valid, rq_ready, rq_flush;
wire [QPN_WIDTH-1:0] rq_qpn;
wire [7:0]           rq_tag;
wire [23:0]          rq_psn, rq_msn;
wire [63:0]          rq_addr;
wire [31:0]          rq_len;
wire                 rdone_valid, rdone_ready, rflush_valid, rflush_ready;
wire [QPN_WIDTH-1:0] rdone_qpn, rflush_qpn;
wire [7:0]           rdone_tag;
wire                 rq_req_ready;
// verilator lint_off UNUSEDSIGNAL
wire                 rq_init_done;
wire [31:0]          rq_stale;
// verilator lint_on UNUSEDSIGNAL

hpnic_qp_queue #(
    .QPN_WIDTH(QPN_WIDTH),
    .DATA_WIDTH(24 + 64 + 32 + 24),
    .KEY_WIDTH(24),
    .POOL_LOG2(RDQ_POOL_LOG2),
    .SERVE(1),
    .LIMIT_LOG2(RD_MAX_LOG2),
    .FIFO_LOG2(3),
    // ACK/NAK marks: the answer a QP holds behind its READs keeps its
    // syndrome, PSN and MSN, not the INT of the packet it answered
    .MARKS(1),
    .MARK_WIDTH(1 + 4 + 12 + 320 + 8 + 24 + 24),
    .MARK_HOLD_WIDTH(8 + 24 + 24)
)
rdq_inst (
    .clk(clk),
    .rst(rst),
    .s_push_valid(s_rdwork_valid),
    .s_push_ready(s_rdwork_ready),
    .s_push_qpn(s_rdwork_qpn),
    .s_push_data({s_rdwork_psn, s_rdwork_addr, s_rdwork_len, s_rdwork_msn}),
    .s_push_key(s_rdwork_psn),
    .s_push_dup(s_rdwork_dup),
    .s_mark_valid(s_ack_valid),
    .s_mark_ready(s_ack_ready),
    .s_mark_qpn(s_ack_qpn),
    .s_mark_data({s_ack_int_valid, s_ack_int_nhop, s_ack_int_path, s_ack_int_hops, s_ack_syn,
                  s_ack_psn, s_ack_msn}),
    .s_flush_valid(rflush_valid),
    .s_flush_ready(rflush_ready),
    .s_flush_qpn(rflush_qpn),
    .s_done_valid(rdone_valid),
    .s_done_ready(rdone_ready),
    .s_done_qpn(rdone_qpn),
    .s_done_tag(rdone_tag),
    .m_valid(rq_valid),
    .m_ready(rq_ready),
    .m_qpn(rq_qpn),
    .m_data({rq_psn, rq_addr, rq_len, rq_msn}),
    .m_tag(rq_tag),
    .m_flush(rq_flush),
    .m_mark_valid(m_ack_valid),
    .m_mark_ready(m_ack_ready),
    .m_mark_qpn(m_ack_qpn),
    .m_mark_data({m_ack_int_valid, m_ack_int_nhop, m_ack_int_path, m_ack_int_hops, m_ack_syn,
                  m_ack_psn, m_ack_msn}),
    .init_done(rq_init_done),
    .stat_drop_full(stat_rdq_full),
    .stat_drop_pool(stat_rdq_pool),
    .stat_done_stale(rq_stale),
    .stat_mark_held(stat_ack_held)
);

assign rq_ready = rq_flush || rq_req_ready;

hpnic_req #(
    .QPN_WIDTH(QPN_WIDTH),
    .RING_LOG2(RING_LOG2),
    .POOL_LOG2(POOL_LOG2),
    .SLOTS_LOG2(SLOTS_LOG2),
    .FETCH_AHEAD(FETCH_AHEAD),
    .LEN_WIDTH(LEN_WIDTH),
    .FIFO_LOG2(FIFO_LOG2),
    .RD_MAX_LOG2(RD_MAX_LOG2)
)
req_inst (
    .clk(clk),
    .rst(rst),
    .cfg_wr_en(cfg_wr_en),
    .cfg_wr_qpn(cfg_wr_qpn),
    .cfg_wr_mtu_log2(cfg_wr_mtu_log2),
    .cfg_wr_max_rd(cfg_wr_max_rd),
    .cfg_pkt_overhead(cfg_pkt_overhead),
    .s_init_valid(s_init_valid),
    .s_init_ready(s_init_ready),
    .s_init_qpn(s_init_qpn),
    .s_init_psn(s_init_psn),
    .m_cinit_valid(m_cinit_valid),
    .m_cinit_ready(m_cinit_ready),
    .m_cinit_qpn(m_cinit_qpn),
    .m_cinit_psn(m_cinit_psn),
    .m_cinit_rec_old(m_cinit_rec_old),
    .m_cinit_spare(m_cinit_spare),
    .m_cinit_epoch(m_cinit_epoch),
    .m_cinit_clear(m_cinit_clear),
    .s_pool_valid(s_pool_valid),
    .s_pool_ready(s_pool_ready),
    .s_pool_ptr(s_pool_ptr),
    .s_pool_count(s_pool_count),
    .s_pool_init_done(s_pool_init_done),
    .s_rewind_valid(s_rewind_valid),
    .s_rewind_ready(s_rewind_ready),
    .s_rewind_qpn(s_rewind_qpn),
    .s_rewind_idx(s_rewind_idx),
    .s_rewind_psn(s_rewind_psn),
    .s_rewind_off(s_rewind_off),
    .s_rewind_bpos(s_rewind_bpos),
    .s_rewind_fatal(s_rewind_fatal),
    .s_wqe_valid(s_wqe_valid),
    .s_wqe_ready(s_wqe_ready),
    .s_wqe_qpn(s_wqe_qpn),
    .s_wqe_idx(s_wqe_idx),
    .s_wqe_tag(s_wqe_tag),
    .s_wqe_read(s_wqe_read),
    .s_wqe_signaled(s_wqe_signaled),
    .s_wqe_len(s_wqe_len),
    .s_wqe_laddr(s_wqe_laddr),
    .s_wqe_sgl(s_wqe_sgl),
    .s_wqe_nsge_m1(s_wqe_nsge_m1),
    .s_wqe_raddr(s_wqe_raddr),
    .s_wqe_rkey(s_wqe_rkey),
    .s_wqe_send(s_wqe_send),
    .s_wqe_imm_valid(s_wqe_imm_valid),
    .s_wqe_imm(s_wqe_imm),
    .s_wqe_lerr(s_wqe_lerr),
    .s_rdwork_valid(rq_valid && !rq_flush),
    .s_rdwork_ready(rq_req_ready),
    .s_rdwork_qpn(rq_qpn),
    .s_rdwork_psn(rq_psn),
    .s_rdwork_addr(rq_addr),
    .s_rdwork_len(rq_len),
    .s_rdwork_msn(rq_msn),
    .s_rdwork_tag(rq_tag),
    .s_una_valid(s_una_valid),
    .s_una_ready(s_una_ready),
    .s_una_qpn(s_una_qpn),
    .s_una_idx(s_una_idx),
    .s_una_psn(s_una_psn),
    .s_una_bpos(s_una_bpos),
    .s_una_read_done(s_una_read_done),
    .s_una_loop(s_una_loop),
    .s_una_epoch(s_una_epoch),
    .s_post_valid(s_post_valid),
    .s_post_ready(s_post_ready),
    .s_post_qpn(s_post_qpn),
    .s_post_pi(s_post_pi),
    .s_pktsend_valid(s_pktsend_valid),
    .s_pktsend_ready(s_pktsend_ready),
    .s_pktsend_qpn(s_pktsend_qpn),
    .s_pktsend_len(s_pktsend_len),
    .m_desc_valid(m_desc_valid),
    .m_desc_ready(m_desc_ready),
    .m_desc_qpn(m_desc_qpn),
    .m_desc_opcode(m_desc_opcode),
    .m_desc_psn(m_desc_psn),
    .m_desc_len(m_desc_len),
    .m_desc_addr(m_desc_addr),
    .m_desc_sgl(m_desc_sgl),
    .m_desc_nsge_m1(m_desc_nsge_m1),
    .m_desc_off(m_desc_off),
    .m_desc_reth_va(m_desc_reth_va),
    .m_desc_reth_rkey(m_desc_reth_rkey),
    .m_desc_reth_len(m_desc_reth_len),
    .m_desc_aeth(m_desc_aeth),
    .m_desc_imm(m_desc_imm),
    .m_fetch_valid(m_fetch_valid),
    .m_fetch_ready(m_fetch_ready),
    .m_fetch_qpn(m_fetch_qpn),
    .m_fetch_idx(m_fetch_idx),
    .m_fetch_count(m_fetch_count),
    .m_fetch_tag(m_fetch_tag),
    .m_free_valid(m_free_valid),
    .m_free_ready(m_free_ready),
    .m_free_qpn(m_free_qpn),
    .m_free_bpos(m_free_bpos),
    .m_work_valid(m_work_valid),
    .m_work_ready(m_work_ready),
    .m_work_qpn(m_work_qpn),
    .m_work_bytes(m_work_bytes),
    .ring_wr_en(ring_wr_en),
    .ring_wr_ptr(ring_wr_ptr),
    .ring_wr_next(ring_wr_next),
    .ring_wr_last_psn(ring_wr_last_psn),
    .ring_wr_read(ring_wr_read),
    .ring_wr_signaled(ring_wr_signaled),
    .ring_wr_lerr(ring_wr_lerr),
    .ring_wr_send(ring_wr_send),
    .ring_wr_bpos(ring_wr_bpos),
    .sndnxt_wr_en(sndnxt_wr_en),
    .sndnxt_wr_qpn(sndnxt_wr_qpn),
    .sndnxt_wr_psn(sndnxt_wr_psn),
    .sndnxt_wr_max(sndnxt_wr_max),
    .sndnxt_wr_tail(sndnxt_wr_tail),
    .sndnxt_wr_bpos(sndnxt_wr_bpos),
    .sndnxt_wr_epoch(sndnxt_wr_epoch),
    .sndnxt_wr_head(sndnxt_wr_head),
    .sndnxt_wr_rewinds(sndnxt_wr_rewinds),
    .sndnxt_wr_send(sndnxt_wr_send),
    .sndnxt_wr_sent(sndnxt_wr_sent),
    .m_rdq_valid(m_rdq_valid),
    .m_rdq_ready(m_rdq_ready),
    .m_rdq_flush(m_rdq_flush),
    .m_rdq_qpn(m_rdq_qpn),
    .m_rdq_first_psn(m_rdq_first_psn),
    .m_rdq_last_psn(m_rdq_last_psn),
    .m_rdq_laddr(m_rdq_laddr),
    .m_rdq_last_len(m_rdq_last_len),
    .m_rdone_valid(rdone_valid),
    .m_rdone_ready(rdone_ready),
    .m_rdone_qpn(rdone_qpn),
    .m_rdone_tag(rdone_tag),
    .m_rflush_valid(rflush_valid),
    .m_rflush_ready(rflush_ready),
    .m_rflush_qpn(rflush_qpn),
    .rsp_lk_valid(rsp_lk_valid),
    .rsp_lk_qpn(rsp_lk_qpn),
    .rsp_mtu_log2(rsp_mtu_log2),
    .rsp_mtu(rsp_mtu),
    .rsp_valid(rsp_valid),
    .rsp_last(rsp_last),
    .rsp_plen(rsp_plen),
    .rsp_aeth(rsp_aeth),
    .rsp_ev_read(rsp_ev_read),
    .rsp_ev_read_psn(rsp_ev_read_psn),
    .rsp_ev_read_end(rsp_ev_read_end),
    .rsp_ev_read_len(rsp_ev_read_len),
    .rsp_ev_read_msn(rsp_ev_read_msn),
    .rsp_ev_read_tag(rsp_ev_read_tag),
    .rsp_read_npkts(rsp_read_npkts),
    .rsp_read_ext(rsp_read_ext),
    .rsp_ev_send(rsp_ev_send),
    .rsp_ev_abort(rsp_ev_abort),
    .rsp_done(rsp_done),
    .rsp_done_tag(rsp_done_tag),
    .rsp_d_opcode(rsp_d_opcode),
    .rsp_d_psn(rsp_d_psn),
    .rsp_d_len(rsp_d_len),
    .rsp_d_addr(rsp_d_addr),
    .rsp_d_aeth(rsp_d_aeth),
    .stat_pktsend_idle(stat_pktsend_idle),
    .stat_read_fenced(stat_read_fenced),
    .stat_wqe_stale(stat_wqe_stale),
    .stat_pool_wait(stat_pool_wait),
    .stat_rdwork_err(stat_rdwork_err)
);

hpnic_resp_tx #(
    .QPN_WIDTH(QPN_WIDTH)
)
resp_tx_inst (
    .clk(clk),
    .rst(rst),
    .lk_valid(rsp_lk_valid),
    .lk_qpn(rsp_lk_qpn),
    .mtu_log2(rsp_mtu_log2),
    .mtu(rsp_mtu),
    .rsp_valid(rsp_valid),
    .rsp_last(rsp_last),
    .rsp_plen(rsp_plen),
    .rsp_aeth(rsp_aeth),
    .ev_read(rsp_ev_read),
    .ev_read_psn(rsp_ev_read_psn),
    .ev_read_end(rsp_ev_read_end),
    .ev_read_len(rsp_ev_read_len),
    .ev_read_msn(rsp_ev_read_msn),
    .ev_read_tag(rsp_ev_read_tag),
    .read_npkts(rsp_read_npkts),
    .read_ext(rsp_read_ext),
    .ev_send(rsp_ev_send),
    .ev_abort(rsp_ev_abort),
    .done(rsp_done),
    .done_tag(rsp_done_tag),
    .d_opcode(rsp_d_opcode),
    .d_psn(rsp_d_psn),
    .d_len(rsp_d_len),
    .d_addr(rsp_d_addr),
    .d_aeth(rsp_d_aeth)
);

endmodule

`resetall
