// SPDX-License-Identifier: MIT
/*
 * RX's decision: the responder's decision stage (hpnic_rx_decide) with the
 * requester's READ tracking (hpnic_rd_track) and the responder's receive
 * WQEs (hpnic_recv_track) plugged into its loop through the trk_* and rcv_*
 * ports (docs/transport.md). All the rest is a port: the
 * configuration, the responder inits, the READ descriptors and flushes (the
 * requester's), the parsed packets, the output streams, commit's progress
 * and the counters. hpnic_datapath instantiates this pair, and tb_rx_decide
 * tests it as is.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_rx_decision #(
    parameter QPN_WIDTH = 12,
    parameter MR_LOG2 = 10,
    parameter FIFO_LOG2 = 5,
    parameter ACK_FIFO_LOG2 = 8,
    parameter RD_MAX_LOG2 = 4,
    parameter RDQ_POOL_LOG2 = 10,
    // receive WQEs: the queue's pool (log2) and the most a QP may hold (log2)
    parameter RWQE_POOL_LOG2 = 10,
    parameter RWQE_LIMIT_LOG2 = 4
) (
    input  wire                  clk,
    input  wire                  rst,

    input  wire                  cfg_qp_wr_en,
    input  wire [QPN_WIDTH-1:0]  cfg_qp_wr_qpn,
    input  wire [2:0]            cfg_qp_wr_state,
    input  wire [3:0]            cfg_qp_wr_mtu_log2,
    input  wire [15:0]           cfg_qp_wr_pd,
    input  wire [4:0]            cfg_qp_wr_min_rnr,

    input  wire                  cfg_mr_wr_en,
    input  wire [MR_LOG2-1:0]    cfg_mr_wr_idx,
    input  wire                  cfg_mr_wr_valid,
    input  wire [7:0]            cfg_mr_wr_tag,
    input  wire [1:0]            cfg_mr_wr_access,
    input  wire [63:0]           cfg_mr_wr_va,
    input  wire [47:0]           cfg_mr_wr_len,
    input  wire [63:0]           cfg_mr_wr_iova,
    input  wire [15:0]           cfg_mr_wr_pd,

    input  wire                  s_init_valid,
    output wire                  s_init_ready,
    input  wire [QPN_WIDTH-1:0]  s_init_qpn,
    input  wire [23:0]           s_init_epsn,

    input  wire                  s_rdq_valid,
    output wire                  s_rdq_ready,
    input  wire                  s_rdq_flush,
    input  wire [QPN_WIDTH-1:0]  s_rdq_qpn,
    input  wire [23:0]           s_rdq_first_psn,
    input  wire [23:0]           s_rdq_last_psn,
    input  wire [63:0]           s_rdq_laddr,
    input  wire [12:0]           s_rdq_last_len,

    input  wire                  s_rwqe_valid,
    output wire                  s_rwqe_ready,
    input  wire [QPN_WIDTH-1:0]  s_rwqe_qpn,
    input  wire                  s_rwqe_flush,
    input  wire [63:0]           s_rwqe_addr,
    input  wire [31:0]           s_rwqe_len,
    input  wire                  s_rwqe_lerr,
    input  wire [3:0]            s_rwqe_epoch,

    input  wire                  s_pkt_valid,
    output wire                  s_pkt_ready,
    input  wire                  s_pkt_drop,
    input  wire                  s_pkt_has_payload,
    input  wire                  s_pkt_qpn_ok,
    input  wire [QPN_WIDTH-1:0]  s_pkt_qpn,
    input  wire [7:0]            s_pkt_opcode,
    input  wire [23:0]           s_pkt_psn,
    input  wire                  s_pkt_ack_req,
    input  wire [12:0]           s_pkt_len,
    input  wire [63:0]           s_pkt_reth_va,
    input  wire [31:0]           s_pkt_reth_rkey,
    input  wire [31:0]           s_pkt_reth_len,
    input  wire [7:0]            s_pkt_aeth_syn,
    input  wire                  s_pkt_imm_valid,
    input  wire [31:0]           s_pkt_imm,
    input  wire                  s_pkt_int_valid,
    input  wire [3:0]            s_pkt_int_nhop,
    input  wire [11:0]           s_pkt_int_path,
    input  wire [5*64-1:0]       s_pkt_int_hops,

    output wire                  m_commit_valid,
    input  wire                  m_commit_ready,
    input  wire [15:0]           commit_done,
    output wire [1:0]            m_commit_pay,
    output wire [63:0]           m_commit_addr,
    output wire [12:0]           m_commit_len,
    output wire                  m_commit_cack,
    output wire [QPN_WIDTH-1:0]  m_commit_cack_qpn,
    output wire [2:0]            m_commit_cack_kind,
    output wire [23:0]           m_commit_cack_psn,
    output wire [4:0]            m_commit_cack_rnr_timer,
    output wire                  m_commit_cack_int_valid,
    output wire [3:0]            m_commit_cack_int_nhop,
    output wire [11:0]           m_commit_cack_int_path,
    output wire [5*64-1:0]       m_commit_cack_int_hops,

    output wire                  m_ack_valid,
    input  wire                  m_ack_ready,
    output wire [QPN_WIDTH-1:0]  m_ack_qpn,
    output wire [7:0]            m_ack_syn,
    output wire [23:0]           m_ack_psn,
    output wire [23:0]           m_ack_msn,
    output wire                  m_ack_int_valid,
    output wire [3:0]            m_ack_int_nhop,
    output wire [11:0]           m_ack_int_path,
    output wire [5*64-1:0]       m_ack_int_hops,

    output wire                  m_rdwork_valid,
    input  wire                  m_rdwork_ready,
    output wire [QPN_WIDTH-1:0]  m_rdwork_qpn,
    output wire [23:0]           m_rdwork_psn,
    output wire [63:0]           m_rdwork_addr,
    output wire [31:0]           m_rdwork_len,
    output wire [23:0]           m_rdwork_msn,
    output wire                  m_rdwork_dup,

    output wire                  m_rcpl_valid,
    input  wire                  m_rcpl_ready,
    output wire [QPN_WIDTH-1:0]  m_rcpl_qpn,
    output wire [15:0]           m_rcpl_idx,
    output wire [2:0]            m_rcpl_status,
    output wire                  m_rcpl_wimm,
    output wire [31:0]           m_rcpl_byte_len,
    output wire                  m_rcpl_imm_valid,
    output wire [31:0]           m_rcpl_imm,
    output wire [3:0]            m_rcpl_epoch,

    output wire                  m_event_valid,
    input  wire                  m_event_ready,
    output wire [QPN_WIDTH-1:0]  m_event_qpn,
    output wire [3:0]            m_event_type,

    output wire [31:0]           stat_bad_qp,
    output wire [31:0]           stat_psn_dup,
    output wire [31:0]           stat_psn_oos,
    output wire [31:0]           stat_nak_seq,
    output wire [31:0]           stat_access_err,
    output wire [31:0]           stat_len_err,
    output wire [31:0]           stat_resp_stray,
    output wire [31:0]           stat_resp_gap,
    output wire [31:0]           stat_writes,
    output wire [31:0]           stat_reads,
    output wire [31:0]           stat_rnr_naks,
    output wire [31:0]           stat_recv_cpl,
    output wire [31:0]           stat_recv_err,
    output wire [31:0]           stat_ack_coalesced,
    output wire [31:0]           stat_rdq_drop,     // READ descriptors lost
    output wire [31:0]           stat_rwqe_drop     // receive WQEs lost
);

// the blocks inside check the rest; the QPN width must suit both of them
initial begin
    if (QPN_WIDTH < 1 || QPN_WIDTH > 16) begin
        $error("hpnic_rx_decision: QPN_WIDTH must be 1..16 (%m)");
        $finish;
    end
end

localparam QW = QPN_WIDTH;

// the loop between the two
wire          trk_lk_valid, trk_ev_init, trk_ev_ack, trk_ev_resp;
wire          trk_resp_write, trk_resp_gap, trk_cack;
wire [QW-1:0] trk_lk_qpn;
wire [12:0]   trk_mtu;
wire [23:0]   trk_psn, trk_cack_psn;
wire [12:0]   trk_len;
wire [2:0]    trk_ack_kind, trk_cack_kind;
wire [4:0]    trk_ack_rnr_timer, trk_cack_rnr_timer;
wire [63:0]   trk_resp_addr;

hpnic_rd_track #(
    .QPN_WIDTH(QW),
    .RD_MAX_LOG2(RD_MAX_LOG2),
    .RDQ_POOL_LOG2(RDQ_POOL_LOG2)
)
rd_track_inst (
    .clk(clk),
    .rst(rst),
    .s_rdq_valid(s_rdq_valid),
    .s_rdq_ready(s_rdq_ready),
    .s_rdq_flush(s_rdq_flush),
    .s_rdq_qpn(s_rdq_qpn),
    .s_rdq_first_psn(s_rdq_first_psn),
    .s_rdq_last_psn(s_rdq_last_psn),
    .s_rdq_laddr(s_rdq_laddr),
    .s_rdq_last_len(s_rdq_last_len),
    .lk_valid(trk_lk_valid),
    .lk_qpn(trk_lk_qpn),
    .mtu(trk_mtu),
    .ev_init(trk_ev_init),
    .ev_ack(trk_ev_ack),
    .ev_resp(trk_ev_resp),
    .psn(trk_psn),
    .len(trk_len),
    .ack_kind(trk_ack_kind),
    .ack_rnr_timer(trk_ack_rnr_timer),
    .resp_write(trk_resp_write),
    .resp_addr(trk_resp_addr),
    .resp_gap(trk_resp_gap),
    .cack(trk_cack),
    .cack_kind(trk_cack_kind),
    .cack_psn(trk_cack_psn),
    .cack_rnr_timer(trk_cack_rnr_timer),
    .stat_rdq_drop(stat_rdq_drop)
);

wire          rcv_ev_init, rcv_consume, rcv_avail, rcv_len_ok, rcv_lerr;
wire [12:0]   rcv_len_pkt;
wire [63:0]   rcv_addr;
wire [31:0]   rcv_len;
wire [15:0]   rcv_idx;
wire [3:0]    rcv_epoch;

hpnic_recv_track #(
    .QPN_WIDTH(QW),
    .POOL_LOG2(RWQE_POOL_LOG2),
    .LIMIT_LOG2(RWQE_LIMIT_LOG2)
)
recv_track_inst (
    .clk(clk),
    .rst(rst),
    .s_rwqe_valid(s_rwqe_valid),
    .s_rwqe_ready(s_rwqe_ready),
    .s_rwqe_qpn(s_rwqe_qpn),
    .s_rwqe_flush(s_rwqe_flush),
    .s_rwqe_addr(s_rwqe_addr),
    .s_rwqe_len(s_rwqe_len),
    .s_rwqe_lerr(s_rwqe_lerr),
    .s_rwqe_epoch(s_rwqe_epoch),
    .lk_valid(trk_lk_valid),
    .lk_qpn(trk_lk_qpn),
    .ev_init(rcv_ev_init),
    .len(rcv_len_pkt),
    .consume(rcv_consume),
    .avail(rcv_avail),
    .len_ok(rcv_len_ok),
    .wqe_addr(rcv_addr),
    .wqe_len(rcv_len),
    .wqe_lerr(rcv_lerr),
    .wqe_idx(rcv_idx),
    .wqe_epoch(rcv_epoch),
    .stat_drop(stat_rwqe_drop)
);

hpnic_rx_decide #(
    .QPN_WIDTH(QW),
    .MR_LOG2(MR_LOG2),
    .FIFO_LOG2(FIFO_LOG2),
    .ACK_FIFO_LOG2(ACK_FIFO_LOG2)
)
rx_decide_inst (
    .clk(clk),
    .rst(rst),
    .cfg_qp_wr_en(cfg_qp_wr_en),
    .cfg_qp_wr_qpn(cfg_qp_wr_qpn),
    .cfg_qp_wr_state(cfg_qp_wr_state),
    .cfg_qp_wr_mtu_log2(cfg_qp_wr_mtu_log2),
    .cfg_qp_wr_pd(cfg_qp_wr_pd),
    .cfg_qp_wr_min_rnr(cfg_qp_wr_min_rnr),
    .cfg_mr_wr_en(cfg_mr_wr_en),
    .cfg_mr_wr_idx(cfg_mr_wr_idx),
    .cfg_mr_wr_valid(cfg_mr_wr_valid),
    .cfg_mr_wr_tag(cfg_mr_wr_tag),
    .cfg_mr_wr_access(cfg_mr_wr_access),
    .cfg_mr_wr_va(cfg_mr_wr_va),
    .cfg_mr_wr_len(cfg_mr_wr_len),
    .cfg_mr_wr_iova(cfg_mr_wr_iova),
    .cfg_mr_wr_pd(cfg_mr_wr_pd),
    .s_init_valid(s_init_valid),
    .s_init_ready(s_init_ready),
    .s_init_qpn(s_init_qpn),
    .s_init_epsn(s_init_epsn),
    .trk_lk_valid(trk_lk_valid),
    .trk_lk_qpn(trk_lk_qpn),
    .trk_mtu(trk_mtu),
    .trk_ev_init(trk_ev_init),
    .trk_ev_ack(trk_ev_ack),
    .trk_ev_resp(trk_ev_resp),
    .trk_psn(trk_psn),
    .trk_len(trk_len),
    .trk_ack_kind(trk_ack_kind),
    .trk_ack_rnr_timer(trk_ack_rnr_timer),
    .trk_resp_write(trk_resp_write),
    .trk_resp_addr(trk_resp_addr),
    .trk_resp_gap(trk_resp_gap),
    .trk_cack(trk_cack),
    .trk_cack_kind(trk_cack_kind),
    .trk_cack_psn(trk_cack_psn),
    .rcv_ev_init(rcv_ev_init),
    .rcv_consume(rcv_consume),
    .rcv_len_pkt(rcv_len_pkt),
    .rcv_avail(rcv_avail),
    .rcv_len_ok(rcv_len_ok),
    .rcv_addr(rcv_addr),
    .rcv_len(rcv_len),
    .rcv_lerr(rcv_lerr),
    .rcv_idx(rcv_idx),
    .rcv_epoch(rcv_epoch),
    .trk_cack_rnr_timer(trk_cack_rnr_timer),
    .s_pkt_valid(s_pkt_valid),
    .s_pkt_ready(s_pkt_ready),
    .s_pkt_drop(s_pkt_drop),
    .s_pkt_has_payload(s_pkt_has_payload),
    .s_pkt_qpn_ok(s_pkt_qpn_ok),
    .s_pkt_qpn(s_pkt_qpn),
    .s_pkt_opcode(s_pkt_opcode),
    .s_pkt_psn(s_pkt_psn),
    .s_pkt_ack_req(s_pkt_ack_req),
    .s_pkt_len(s_pkt_len),
    .s_pkt_reth_va(s_pkt_reth_va),
    .s_pkt_reth_rkey(s_pkt_reth_rkey),
    .s_pkt_reth_len(s_pkt_reth_len),
    .s_pkt_aeth_syn(s_pkt_aeth_syn),
    .s_pkt_imm_valid(s_pkt_imm_valid),
    .s_pkt_imm(s_pkt_imm),
    .s_pkt_int_valid(s_pkt_int_valid),
    .s_pkt_int_nhop(s_pkt_int_nhop),
    .s_pkt_int_path(s_pkt_int_path),
    .s_pkt_int_hops(s_pkt_int_hops),
    .m_commit_valid(m_commit_valid),
    .m_commit_ready(m_commit_ready),
    .commit_done(commit_done),
    .m_commit_pay(m_commit_pay),
    .m_commit_addr(m_commit_addr),
    .m_commit_len(m_commit_len),
    .m_commit_cack(m_commit_cack),
    .m_commit_cack_qpn(m_commit_cack_qpn),
    .m_commit_cack_kind(m_commit_cack_kind),
    .m_commit_cack_psn(m_commit_cack_psn),
    .m_commit_cack_rnr_timer(m_commit_cack_rnr_timer),
    .m_commit_cack_int_valid(m_commit_cack_int_valid),
    .m_commit_cack_int_nhop(m_commit_cack_int_nhop),
    .m_commit_cack_int_path(m_commit_cack_int_path),
    .m_commit_cack_int_hops(m_commit_cack_int_hops),
    .m_ack_valid(m_ack_valid),
    .m_ack_ready(m_ack_ready),
    .m_ack_qpn(m_ack_qpn),
    .m_ack_syn(m_ack_syn),
    .m_ack_psn(m_ack_psn),
    .m_ack_msn(m_ack_msn),
    .m_ack_int_valid(m_ack_int_valid),
    .m_ack_int_nhop(m_ack_int_nhop),
    .m_ack_int_path(m_ack_int_path),
    .m_ack_int_hops(m_ack_int_hops),
    .m_rcpl_valid(m_rcpl_valid),
    .m_rcpl_ready(m_rcpl_ready),
    .m_rcpl_qpn(m_rcpl_qpn),
    .m_rcpl_idx(m_rcpl_idx),
    .m_rcpl_status(m_rcpl_status),
    .m_rcpl_wimm(m_rcpl_wimm),
    .m_rcpl_byte_len(m_rcpl_byte_len),
    .m_rcpl_imm_valid(m_rcpl_imm_valid),
    .m_rcpl_imm(m_rcpl_imm),
    .m_rcpl_epoch(m_rcpl_epoch),
    .m_event_valid(m_event_valid),
    .m_event_ready(m_event_ready),
    .m_event_qpn(m_event_qpn),
    .m_event_type(m_event_type),
    .m_rdwork_valid(m_rdwork_valid),
    .m_rdwork_ready(m_rdwork_ready),
    .m_rdwork_qpn(m_rdwork_qpn),
    .m_rdwork_psn(m_rdwork_psn),
    .m_rdwork_addr(m_rdwork_addr),
    .m_rdwork_len(m_rdwork_len),
    .m_rdwork_msn(m_rdwork_msn),
    .m_rdwork_dup(m_rdwork_dup),
    .stat_bad_qp(stat_bad_qp),
    .stat_psn_dup(stat_psn_dup),
    .stat_psn_oos(stat_psn_oos),
    .stat_nak_seq(stat_nak_seq),
    .stat_access_err(stat_access_err),
    .stat_len_err(stat_len_err),
    .stat_resp_stray(stat_resp_stray),
    .stat_resp_gap(stat_resp_gap),
    .stat_writes(stat_writes),
    .stat_reads(stat_reads),
    .stat_rnr_naks(stat_rnr_naks),
    .stat_recv_cpl(stat_recv_cpl),
    .stat_recv_err(stat_recv_err),
    .stat_ack_coalesced(stat_ack_coalesced)
);

endmodule

`resetall
