// SPDX-License-Identifier: MIT
/*
 * Host interface: the BAR0 registers, doorbells, send-queue WQE fetch,
 * completion writes, and the multiplexing of every DMA stream onto the PCIe
 * shim's generic read and write channels.
 *
 *   CSR port ----> hpnic_host_csr --> NIC/CC configuration, QP/MR writes,
 *                        |            QP start events, doorbells (Post)
 *                        v
 *   requester fetch --> hpnic_host_sq --+--> DMA read port 0
 *   TX payload reads -------------------+--> DMA read port 1  } hpnic_dma_mux (WRITE 0)
 *   RQ doorbells, credits -> hpnic_host_rq --> DMA read port 2 }  --> RWQEs to the responder
 *   completions ------> hpnic_host_cq --+--> DMA write port 0
 *   receive completions -----^          |
 *   RX payload writes ------------------+--> DMA write port 1 } hpnic_dma_mux (WRITE 1)
 *
 * The read side grants its three ports round robin (none starves); on the
 * write side a CQE follows the payload writes issued before it, in order.
 * Each receive completion the CQ writer takes returns its RWQE's prefetch
 * credit to hpnic_host_rq. A read that failed (s_dma_rd_cpl_tuser on its
 * last beat) is counted here (stat_dma_rd_err) and its flag goes with the
 * data to the port that asked: the WQE and RWQE fetches fail what it
 * brought, the TX gather its packet (docs/host.md, "DMA read errors").
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_host #(
    // QPN bits
    parameter QPN_WIDTH = 12,
    // memory-region table entries, log2
    parameter MR_LOG2 = 10,
    // memory translation table entries, log2
    parameter MTT_LOG2 = 18,
    // CQN bits
    parameter CQN_WIDTH = 8,
    // core clock in MHz (ID block)
    parameter CLK_MHZ = 250,
    // build identity (ID block)
    parameter BUILD_DATE = 32'h2026_1123,
    parameter GIT_HASH = 32'h0,
    // counters on the stats input
    parameter NCOUNTERS = 54,
    // log2 of the READs per QP (ID.RD_ATOMIC)
    parameter RD_MAX_LOG2 = 4,
    // log2 of the RWQEs each QP may have fetched and not consumed
    parameter RQ_PREFETCH_LOG2 = 4
) (
    input  wire                   clk,
    input  wire                   rst,

    /*
     * PCIe shim: CSR port, DMA channels, interrupts
     */
    input  wire                   s_csr_valid,
    output wire                   s_csr_ready,
    input  wire [24:0]            s_csr_addr,
    input  wire                   s_csr_write,
    input  wire [31:0]            s_csr_wdata,
    output wire                   m_csr_rsp_valid,
    input  wire                   m_csr_rsp_ready,
    output wire [31:0]            m_csr_rsp_rdata,

    output wire                   m_dma_rd_req_valid,
    input  wire                   m_dma_rd_req_ready,
    output wire [63:0]            m_dma_rd_req_addr,
    output wire [12:0]            m_dma_rd_req_len,
    input  wire [511:0]           s_dma_rd_cpl_tdata,
    input  wire [63:0]            s_dma_rd_cpl_tkeep,
    input  wire                   s_dma_rd_cpl_tvalid,
    output wire                   s_dma_rd_cpl_tready,
    input  wire                   s_dma_rd_cpl_tlast,
    input  wire                   s_dma_rd_cpl_tuser, // on tlast: the read failed

    output wire                   m_dma_wr_req_valid,
    input  wire                   m_dma_wr_req_ready,
    output wire [63:0]            m_dma_wr_req_addr,
    output wire [12:0]            m_dma_wr_req_len,
    output wire [511:0]           m_dma_wr_tdata,
    output wire [63:0]            m_dma_wr_tkeep,
    output wire                   m_dma_wr_tvalid,
    input  wire                   m_dma_wr_tready,
    output wire                   m_dma_wr_tlast,

    output wire                   m_irq_valid,
    input  wire                   m_irq_ready,
    output wire [10:0]            m_irq_vector,

    /*
     * Configuration out
     */
    output wire [47:0]            cfg_mac,
    output wire [31:0]            cfg_ip,
    output wire                   cfg_int_enable,
    output wire [15:0]            cfg_int_port,
    output wire [3:0]             cfg_ack_req_log2,
    output wire [15:0]            cfg_rto,
    output wire [19:0]            cc_t_ns,
    output wire [16:0]            cc_eta,
    output wire [3:0]             cc_max_stage,
    output wire [19:0]            cc_wai,
    output wire [19:0]            cc_line_mbps,
    output wire [19:0]            cc_min_mbps,
    output wire [7:0]             sched_overhead,
    output wire [15:0]            sched_burst,
    output wire [13:0]            sched_grant,
    output wire [23:0]            dcqcn_line,
    output wire [23:0]            dcqcn_min,
    output wire [23:0]            dcqcn_ai,
    output wire [23:0]            dcqcn_hai,
    output wire [23:0]            dcqcn_first,
    output wire [9:0]             dcqcn_g,
    output wire [22:0]            dcqcn_alpha0,
    output wire [16:0]            dcqcn_min_dec,
    output wire [3:0]             dcqcn_gd,
    output wire [16:0]            dcqcn_td_us,
    output wire [16:0]            dcqcn_ti_us,
    output wire [15:0]            dcqcn_b_pkts,
    output wire [4:0]             dcqcn_threshold,
    output wire [16:0]            dcqcn_period_us,
    output wire [16:0]            dcqcn_tick_us,
    output wire [22:0]            vai_thresh,
    output wire [22:0]            vai_ai_div,
    output wire [11:0]            vai_bank_cap,
    output wire [9:0]             vai_ai_cap,
    output wire [3:0]             vai_damp_shift,
    output wire [7:0]             sf_acks,
    output wire [11:0]            np_min_time_us,
    output wire [64*18-1:0]       dcqcn_tab,
    input  wire                   status_cc_init_done,
    input  wire                   status_sched_init_done,
    input  wire [4:0]             status_cc_param,
    input  wire                   status_cc_busy,    // the CC engine derives its constants

    output wire                   qp_wr_en,
    output wire [QPN_WIDTH-1:0]   qp_wr_qpn,
    output wire [2:0]             qp_wr_state,
    output wire [3:0]             qp_wr_mtu_log2,
    output wire [23:0]            qp_wr_dqpn,
    output wire [47:0]            qp_wr_dmac,
    output wire [31:0]            qp_wr_dip,
    output wire [15:0]            qp_wr_sport,
    output wire [7:0]             qp_wr_dscp_ecn,
    output wire [1:0]             qp_wr_cc_mode,
    output wire [15:0]            qp_wr_pd,
    output wire [7:0]             qp_wr_max_rd,
    output wire [4:0]             qp_wr_min_rnr_timer,  // the responder's RNR NAK timer code
    output wire [2:0]             qp_wr_rnr_retry,      // the requester's RNR retries (7: no limit)

    output wire                   m_start_valid,
    input  wire                   m_start_ready,
    output wire [QPN_WIDTH-1:0]   m_start_qpn,
    output wire [23:0]            m_start_sq_psn,
    output wire [23:0]            m_start_rq_psn,
    output wire [3:0]             m_start_mtu_log2,
    output wire [1:0]             m_start_cc_mode,
    output wire [1:0]             m_start_cc_opts,
    output wire [44:0]            m_start_cc_ovr,    // {override, T, W_AI, maxStage}
    output wire                   m_start_sq,
    output wire                   m_start_rq,

    output wire                   mr_wr_en,
    output wire [MR_LOG2-1:0]     mr_wr_idx,
    output wire                   mr_wr_valid,
    output wire [7:0]             mr_wr_tag,
    output wire [1:0]             mr_wr_access,
    output wire [63:0]            mr_wr_va,
    output wire [47:0]            mr_wr_len,
    output wire [63:0]            mr_wr_iova,
    output wire [15:0]            mr_wr_pd,
    output wire                   mtt_wr_en,
    output wire [MTT_LOG2-1:0]    mtt_wr_idx,
    output wire [35:0]            mtt_wr_frame,

    /*
     * Requester: doorbells, WQE fetch
     */
    output wire                   m_post_valid,
    input  wire                   m_post_ready,
    output wire [QPN_WIDTH-1:0]   m_post_qpn,
    output wire [15:0]            m_post_pi,

    input  wire                   s_fetch_valid,
    output wire                   s_fetch_ready,
    input  wire [QPN_WIDTH-1:0]   s_fetch_qpn,
    input  wire [15:0]            s_fetch_idx,
    input  wire [3:0]             s_fetch_count,
    input  wire [1:0]             s_fetch_tag,

    output wire                   m_wqe_valid,
    input  wire                   m_wqe_ready,
    output wire [QPN_WIDTH-1:0]   m_wqe_qpn,
    output wire [15:0]            m_wqe_idx,
    output wire [1:0]             m_wqe_tag,
    output wire                   m_wqe_read,
    output wire                   m_wqe_signaled,
    output wire [31:0]            m_wqe_len,
    output wire [63:0]            m_wqe_laddr,
    output wire                   m_wqe_sgl,
    output wire [1:0]             m_wqe_nsge_m1,
    output wire [63:0]            m_wqe_raddr,
    output wire [31:0]            m_wqe_rkey,
    output wire                   m_wqe_send,       // SEND (with or without immediate)
    output wire                   m_wqe_imm_valid,  // SEND or WRITE with immediate
    output wire [31:0]            m_wqe_imm,        // the immediate, wire order
    output wire                   m_wqe_lerr,         // its L_Key check failed

    /*
     * Responder: receive WQEs (at most 2^RQ_PREFETCH_LOG2 per QP not yet
     * completed), receive completions (each returns one)
     */
    output wire                   m_rwqe_valid,
    input  wire                   m_rwqe_ready,
    output wire [QPN_WIDTH-1:0]   m_rwqe_qpn,
    output wire                   m_rwqe_flush,       // the QP was reset: drop its RWQEs held
    output wire [63:0]            m_rwqe_addr,        // NIC address of the buffer
    output wire [31:0]            m_rwqe_len,
    output wire                   m_rwqe_lerr,        // its L_Key check failed
    output wire [15:0]            m_rwqe_idx,         // RQ index, mod 2^16
    output wire [3:0]             m_rwqe_epoch,       // returned with its completion

    input  wire                   s_rcpl_valid,
    output wire                   s_rcpl_ready,
    input  wire [QPN_WIDTH-1:0]   s_rcpl_qpn,
    input  wire [15:0]            s_rcpl_idx,         // RQ index
    input  wire [2:0]             s_rcpl_status,      // CQE.STATUS
    input  wire                   s_rcpl_opcode,      // 0 RECV, 1 RECV_RDMA_WITH_IMM
    input  wire [31:0]            s_rcpl_byte_len,
    input  wire                   s_rcpl_imm_valid,
    input  wire [31:0]            s_rcpl_imm,         // bits 31:24 first on the wire
    input  wire [3:0]             s_rcpl_epoch,       // the RWQE's m_rwqe_epoch

    /*
     * Completer: completions
     */
    input  wire                   s_cpl_valid,
    output wire                   s_cpl_ready,
    input  wire [QPN_WIDTH-1:0]   s_cpl_qpn,
    input  wire [15:0]            s_cpl_idx,
    input  wire [2:0]             s_cpl_status,
    input  wire                   s_cpl_signaled,

    /*
     * Datapath DMA: TX payload reads, RX payload writes
     */
    input  wire                   s_pay_rd_valid,
    output wire                   s_pay_rd_ready,
    input  wire [63:0]            s_pay_rd_addr,
    input  wire [12:0]            s_pay_rd_len,
    output wire [511:0]           m_pay_rd_tdata,
    output wire [63:0]            m_pay_rd_tkeep,
    output wire                   m_pay_rd_tvalid,
    input  wire                   m_pay_rd_tready,
    output wire                   m_pay_rd_tlast,
    output wire                   m_pay_rd_tuser,     // on tlast: the read failed

    input  wire                   s_pay_wr_cmd_valid,
    output wire                   s_pay_wr_cmd_ready,
    input  wire [63:0]            s_pay_wr_cmd_addr,
    input  wire [12:0]            s_pay_wr_cmd_len,
    input  wire [511:0]           s_pay_wr_tdata,
    input  wire [63:0]            s_pay_wr_tkeep,
    input  wire                   s_pay_wr_tvalid,
    output wire                   s_pay_wr_tready,
    input  wire                   s_pay_wr_tlast,

    /*
     * Asynchronous events from the datapath (ASYNC_EVENT), for CTRL.EVENT
     */
    input  wire                   s_event_valid,
    output wire                   s_event_ready,
    input  wire [QPN_WIDTH-1:0]   s_event_qpn,
    input  wire [3:0]             s_event_type,

    /*
     * Counters: every block's, in register-map order (bits [64*i +: 64]),
     * with this block's own filled in at their indices
     */
    input  wire [NCOUNTERS*64-1:0] stats_in,
    output wire [31:0]            stat_doorbells,
    output wire [31:0]            stat_wqe_fetches,
    output wire [31:0]            stat_cqes,
    output wire [31:0]            stat_cmd_errors,
    output wire [31:0]            stat_doorbell_bad_qp,
    output wire [31:0]            stat_doorbell_bad_offset,
    output wire [31:0]            stat_irqs,
    output wire [31:0]            stat_wqe_bad_opcode,
    output wire [31:0]            stat_wqe_bad_ext,
    output wire [31:0]            stat_wqe_lkey_err,
    output wire [31:0]            stat_cqe_dropped,
    output wire [31:0]            stat_rwqe_fetches,
    output wire [31:0]            stat_rwqe_lkey_err,
    output wire [31:0]            stat_rq_db_bad,
    output wire [31:0]            stat_rcqes,
    output reg  [31:0]            stat_dma_rd_err = 0 // DMA reads that failed (tuser on tlast)
);

// parameters a caller can get wrong fail at elaboration, not silently
initial begin
    if (QPN_WIDTH < 1 || QPN_WIDTH > 18) begin
        $error("hpnic_host: QPN_WIDTH must be 1..18 (a doorbell per QP in 1 MiB of BAR0) (%m)");
        $finish;
    end
    if (CQN_WIDTH < 1 || CQN_WIDTH > 16) begin
        $error("hpnic_host: CQN_WIDTH must be 1..16 (%m)");
        $finish;
    end
    if (MR_LOG2 < 1 || MR_LOG2 > 24) begin
        $error("hpnic_host: MR_LOG2 must be 1..24 (%m)");
        $finish;
    end
    if (NCOUNTERS < 1 || NCOUNTERS > 256) begin
        $error("hpnic_host: NCOUNTERS must be 1..256 (STATS.SEL picks one of 256) (%m)");
        $finish;
    end
    if (CLK_MHZ < 1 || CLK_MHZ > 65535) begin
        $error("hpnic_host: CLK_MHZ must fit the ID block's 16 bits (%m)");
        $finish;
    end
end

`include "hpnic_regs.vh"

localparam QW = QPN_WIDTH;
localparam CW = CQN_WIDTH;

wire           cfg_irq_enable;
wire [63:0]    qp_wr_sq_base;
wire [4:0]     qp_wr_sq_log2;
wire           qp_wr_sq_wide;
wire [CW-1:0]  qp_wr_cqn, qp_wr_rcqn;
wire [63:0]    qp_wr_rq_base;
wire [4:0]     qp_wr_rq_log2;
wire           rq_cfg_ready;
wire           rqdb_valid, rqdb_ready, rqdb_bad;
wire [QW-1:0]  rqdb_qpn;
wire [15:0]    rqdb_pi;
wire           credit_valid, credit_ready;
wire [QW-1:0]  credit_qpn;
wire [3:0]     credit_epoch;
wire           cq_cfg_valid, cq_cfg_ready, cq_cfg_enable;
wire [CW-1:0]  cq_cfg_cqn, cq_pi_cqn;
wire [63:0]    cq_cfg_base;
wire [4:0]     cq_cfg_log2;
wire [10:0]    cq_cfg_vector;
wire [15:0]    cq_pi_data;

// completions the CQ writer dropped, as events
wire          cq_err_valid;
wire [CW-1:0] cq_err_cqn;

hpnic_host_csr #(
    .QPN_WIDTH(QW),
    .MR_LOG2(MR_LOG2),
    .MTT_LOG2(MTT_LOG2),
    .CQN_WIDTH(CW),
    .DATA_BYTES(64),
    .CLK_MHZ(CLK_MHZ),
    .BUILD_DATE(BUILD_DATE),
    .GIT_HASH(GIT_HASH),
    .NCOUNTERS(NCOUNTERS),
    .RD_MAX_LOG2(RD_MAX_LOG2)
)
csr_inst (
    .clk(clk),
    .rst(rst),
    .s_csr_valid(s_csr_valid),
    .s_csr_ready(s_csr_ready),
    .s_csr_addr(s_csr_addr),
    .s_csr_write(s_csr_write),
    .s_csr_wdata(s_csr_wdata),
    .m_csr_rsp_valid(m_csr_rsp_valid),
    .m_csr_rsp_ready(m_csr_rsp_ready),
    .m_csr_rsp_rdata(m_csr_rsp_rdata),
    .cfg_mac(cfg_mac),
    .cfg_ip(cfg_ip),
    .cfg_int_enable(cfg_int_enable),
    .cfg_int_port(cfg_int_port),
    .cfg_ack_req_log2(cfg_ack_req_log2),
    .cfg_rto(cfg_rto),
    .cfg_irq_enable(cfg_irq_enable),
    .cc_t_ns(cc_t_ns),
    .cc_eta(cc_eta),
    .cc_max_stage(cc_max_stage),
    .cc_wai(cc_wai),
    .cc_line_mbps(cc_line_mbps),
    .cc_min_mbps(cc_min_mbps),
    .sched_overhead(sched_overhead),
    .sched_burst(sched_burst),
    .sched_grant(sched_grant),
    .dcqcn_line(dcqcn_line),
    .dcqcn_min(dcqcn_min),
    .dcqcn_ai(dcqcn_ai),
    .dcqcn_hai(dcqcn_hai),
    .dcqcn_first(dcqcn_first),
    .dcqcn_g(dcqcn_g),
    .dcqcn_alpha0(dcqcn_alpha0),
    .dcqcn_min_dec(dcqcn_min_dec),
    .dcqcn_gd(dcqcn_gd),
    .dcqcn_td_us(dcqcn_td_us),
    .dcqcn_ti_us(dcqcn_ti_us),
    .dcqcn_b_pkts(dcqcn_b_pkts),
    .dcqcn_threshold(dcqcn_threshold),
    .dcqcn_period_us(dcqcn_period_us),
    .dcqcn_tick_us(dcqcn_tick_us),
    .vai_thresh(vai_thresh),
    .vai_ai_div(vai_ai_div),
    .vai_bank_cap(vai_bank_cap),
    .vai_ai_cap(vai_ai_cap),
    .vai_damp_shift(vai_damp_shift),
    .sf_acks(sf_acks),
    .np_min_time_us(np_min_time_us),
    .dcqcn_tab(dcqcn_tab),
    .status_cc_init_done(status_cc_init_done),
    .status_sched_init_done(status_sched_init_done),
    .status_cc_param(status_cc_param),
    .status_cc_busy(status_cc_busy),
    .qp_wr_en(qp_wr_en),
    .qp_wr_qpn(qp_wr_qpn),
    .qp_wr_state(qp_wr_state),
    .qp_wr_mtu_log2(qp_wr_mtu_log2),
    .qp_wr_dqpn(qp_wr_dqpn),
    .qp_wr_dmac(qp_wr_dmac),
    .qp_wr_dip(qp_wr_dip),
    .qp_wr_sport(qp_wr_sport),
    .qp_wr_dscp_ecn(qp_wr_dscp_ecn),
    .qp_wr_cc_mode(qp_wr_cc_mode),
    .qp_wr_pd(qp_wr_pd),
    .qp_wr_max_rd(qp_wr_max_rd),
    .qp_wr_min_rnr_timer(qp_wr_min_rnr_timer),
    .qp_wr_rnr_retry(qp_wr_rnr_retry),
    .qp_wr_sq_base(qp_wr_sq_base),
    .qp_wr_sq_log2(qp_wr_sq_log2),
    .qp_wr_sq_wide(qp_wr_sq_wide),
    .qp_wr_cqn(qp_wr_cqn),
    .qp_wr_rq_base(qp_wr_rq_base),
    .qp_wr_rq_log2(qp_wr_rq_log2),
    .qp_wr_rcqn(qp_wr_rcqn),
    .rq_cfg_ready(rq_cfg_ready),
    .m_start_valid(m_start_valid),
    .m_start_ready(m_start_ready),
    .m_start_qpn(m_start_qpn),
    .m_start_sq_psn(m_start_sq_psn),
    .m_start_rq_psn(m_start_rq_psn),
    .m_start_mtu_log2(m_start_mtu_log2),
    .m_start_cc_mode(m_start_cc_mode),
    .m_start_cc_opts(m_start_cc_opts),
    .m_start_cc_ovr(m_start_cc_ovr),
    .m_start_sq(m_start_sq),
    .m_start_rq(m_start_rq),
    .mr_wr_en(mr_wr_en),
    .mr_wr_idx(mr_wr_idx),
    .mr_wr_valid(mr_wr_valid),
    .mr_wr_tag(mr_wr_tag),
    .mr_wr_access(mr_access3),
    .mr_wr_va(mr_wr_va),
    .mr_wr_len(mr_wr_len),
    .mr_wr_iova(mr_wr_iova),
    .mr_wr_pd(mr_wr_pd),
    .mtt_wr_en(mtt_wr_en),
    .mtt_wr_idx(mtt_wr_idx),
    .mtt_wr_frame(mtt_wr_frame),
    .m_cq_cfg_valid(cq_cfg_valid),
    .m_cq_cfg_ready(cq_cfg_ready),
    .m_cq_cfg_cqn(cq_cfg_cqn),
    .m_cq_cfg_enable(cq_cfg_enable),
    .m_cq_cfg_base(cq_cfg_base),
    .m_cq_cfg_log2(cq_cfg_log2),
    .m_cq_cfg_vector(cq_cfg_vector),
    .cq_pi_cqn(cq_pi_cqn),
    .cq_pi_data(cq_pi_data),
    .m_post_valid(m_post_valid),
    .m_post_ready(m_post_ready),
    .m_post_qpn(m_post_qpn),
    .m_post_pi(m_post_pi),
    .m_rqdb_valid(rqdb_valid),
    .m_rqdb_ready(rqdb_ready),
    .m_rqdb_qpn(rqdb_qpn),
    .m_rqdb_pi(rqdb_pi),
    .m_rqdb_bad(rqdb_bad),
    .s_event_valid(s_event_valid),
    .s_event_ready(s_event_ready),
    .s_event_qpn(s_event_qpn),
    .s_event_type(s_event_type),
    .cq_err_valid(cq_err_valid),
    .cq_err_cqn(cq_err_cqn),
    .stats(stats_in),
    .stat_doorbells(stat_doorbells),
    .stat_cmd_errors(stat_cmd_errors),
    .stat_doorbell_bad_qp(stat_doorbell_bad_qp),
    .stat_doorbell_bad_offset(stat_doorbell_bad_offset)
);

/*
 * DMA read: port 0 WQE fetch, port 1 TX payload, port 2 RWQE fetch
 */
wire         sq_rd_valid, sq_rd_ready, rq_rd_valid, rq_rd_ready;
wire [63:0]  sq_rd_addr, rq_rd_addr;
wire [12:0]  sq_rd_len, rq_rd_len;
wire [511:0] rd_cpl_tdata;
wire [63:0]  rd_cpl_tkeep;
wire [2:0]   rd_cpl_tvalid, rd_cpl_tready;
wire         rd_cpl_tlast, rd_cpl_tuser;
wire [2:0]   rd_req_ready;

// the other direction's data ports are left open
// verilator lint_off PINCONNECTEMPTY
// commands sliced: the ports' ready would otherwise run from one port's
// valid through the arbiter into the next block (the gather's, through the
// MTT). Not on the write side, whose grant order across ports is the order
// a CQE keeps behind its payload
hpnic_dma_mux #(
    .WRITE(0),
    .PORTS(3),
    .DATA_WIDTH(512),
    .ORDER_LOG2(7),
    .CMD_SLICE(1)
)
rd_mux_inst (
    .clk(clk),
    .rst(rst),
    .s_cmd_valid({rq_rd_valid, s_pay_rd_valid, sq_rd_valid}),
    .s_cmd_ready(rd_req_ready),
    .s_cmd_addr({rq_rd_addr, s_pay_rd_addr, sq_rd_addr}),
    .s_cmd_len({rq_rd_len, s_pay_rd_len, sq_rd_len}),
    .s_port_tdata({3*512{1'b0}}),
    .s_port_tkeep({3*64{1'b0}}),
    .s_port_tvalid(3'b000),
    .s_port_tready(),
    .s_port_tlast(3'b000),
    .m_port_tdata(rd_cpl_tdata),
    .m_port_tkeep(rd_cpl_tkeep),
    .m_port_tvalid(rd_cpl_tvalid),
    .m_port_tready(rd_cpl_tready),
    .m_port_tlast(rd_cpl_tlast),
    .m_port_tuser(rd_cpl_tuser),
    .m_dma_cmd_valid(m_dma_rd_req_valid),
    .m_dma_cmd_ready(m_dma_rd_req_ready),
    .m_dma_cmd_addr(m_dma_rd_req_addr),
    .m_dma_cmd_len(m_dma_rd_req_len),
    .m_dma_tdata(),
    .m_dma_tkeep(),
    .m_dma_tvalid(),
    .m_dma_tready(1'b0),
    .m_dma_tlast(),
    .s_dma_tdata(s_dma_rd_cpl_tdata),
    .s_dma_tkeep(s_dma_rd_cpl_tkeep),
    .s_dma_tvalid(s_dma_rd_cpl_tvalid),
    .s_dma_tready(s_dma_rd_cpl_tready),
    .s_dma_tlast(s_dma_rd_cpl_tlast),
    .s_dma_tuser(s_dma_rd_cpl_tuser)
);
// verilator lint_on PINCONNECTEMPTY

assign sq_rd_ready = rd_req_ready[0];
assign s_pay_rd_ready = rd_req_ready[1];
assign rq_rd_ready = rd_req_ready[2];
assign m_pay_rd_tdata = rd_cpl_tdata;
assign m_pay_rd_tkeep = rd_cpl_tkeep;
assign m_pay_rd_tvalid = rd_cpl_tvalid[1];
assign m_pay_rd_tlast = rd_cpl_tlast;
assign m_pay_rd_tuser = rd_cpl_tuser;
assign rd_cpl_tready[1] = m_pay_rd_tready;

// every read that failed, whichever port it was for (STATS dma_rd_errors)
always @(posedge clk) begin
    if (s_dma_rd_cpl_tvalid && s_dma_rd_cpl_tready && s_dma_rd_cpl_tlast && s_dma_rd_cpl_tuser) begin
        stat_dma_rd_err <= stat_dma_rd_err + 1'b1;
    end
    if (rst) begin
        stat_dma_rd_err <= 0;
    end
end

hpnic_host_sq #(
    .QPN_WIDTH(QW),
    .DATA_WIDTH(512),
    .MR_LOG2(MR_LOG2)
)
sq_inst (
    .clk(clk),
    .rst(rst),
    .cfg_wr_en(qp_wr_en),
    .cfg_wr_qpn(qp_wr_qpn),
    .cfg_wr_base(qp_wr_sq_base),
    .cfg_wr_log2(qp_wr_sq_log2),
    .cfg_wr_wide(qp_wr_sq_wide),
    .cfg_wr_pd(qp_wr_pd),
    .cfg_mr_wr_en(mr_wr_en),
    .cfg_mr_wr_idx(mr_wr_idx),
    .cfg_mr_wr_valid(mr_wr_valid),
    .cfg_mr_wr_tag(mr_wr_tag),
    .cfg_mr_wr_local_write(mr_access3[2]),
    .cfg_mr_wr_va(mr_wr_va),
    .cfg_mr_wr_len(mr_wr_len),
    .cfg_mr_wr_iova(mr_wr_iova),
    .cfg_mr_wr_pd(mr_wr_pd),
    .s_fetch_valid(s_fetch_valid),
    .s_fetch_ready(s_fetch_ready),
    .s_fetch_qpn(s_fetch_qpn),
    .s_fetch_idx(s_fetch_idx),
    .s_fetch_count(s_fetch_count),
    .s_fetch_tag(s_fetch_tag),
    .m_wqe_valid(m_wqe_valid),
    .m_wqe_ready(m_wqe_ready),
    .m_wqe_qpn(m_wqe_qpn),
    .m_wqe_idx(m_wqe_idx),
    .m_wqe_tag(m_wqe_tag),
    .m_wqe_read(m_wqe_read),
    .m_wqe_signaled(m_wqe_signaled),
    .m_wqe_len(m_wqe_len),
    .m_wqe_laddr(m_wqe_laddr),
    .m_wqe_sgl(m_wqe_sgl),
    .m_wqe_nsge_m1(m_wqe_nsge_m1),
    .m_wqe_raddr(m_wqe_raddr),
    .m_wqe_rkey(m_wqe_rkey),
    .m_wqe_send(m_wqe_send),
    .m_wqe_imm_valid(m_wqe_imm_valid),
    .m_wqe_imm(m_wqe_imm),
    .m_wqe_lerr(m_wqe_lerr),
    .m_rd_req_valid(sq_rd_valid),
    .m_rd_req_ready(sq_rd_ready),
    .m_rd_req_addr(sq_rd_addr),
    .m_rd_req_len(sq_rd_len),
    .s_rd_cpl_tdata(rd_cpl_tdata),
    .s_rd_cpl_tvalid(rd_cpl_tvalid[0]),
    .s_rd_cpl_tready(rd_cpl_tready[0]),
    .s_rd_cpl_tlast(rd_cpl_tlast),
    .s_rd_cpl_tuser(rd_cpl_tuser),
    .stat_fetches(stat_wqe_fetches),
    .stat_bad_opcode(stat_wqe_bad_opcode),
    .stat_bad_ext(stat_wqe_bad_ext),
    .stat_lkey_err(stat_wqe_lkey_err)
);

hpnic_host_rq #(
    .QPN_WIDTH(QW),
    .DATA_WIDTH(512),
    .PREFETCH_LOG2(RQ_PREFETCH_LOG2),
    .MR_LOG2(MR_LOG2),
    .EPOCH_WIDTH(4)
)
rq_inst (
    .clk(clk),
    .rst(rst),
    .cfg_wr_en(qp_wr_en),
    .cfg_wr_qpn(qp_wr_qpn),
    .cfg_wr_reset(qp_wr_state == HPNIC_QPS_RESET[2:0]),
    .cfg_wr_base(qp_wr_rq_base),
    .cfg_wr_log2(qp_wr_rq_log2),
    .cfg_wr_pd(qp_wr_pd),
    .cfg_ready(rq_cfg_ready),
    .cfg_mr_wr_en(mr_wr_en),
    .cfg_mr_wr_idx(mr_wr_idx),
    .cfg_mr_wr_valid(mr_wr_valid),
    .cfg_mr_wr_tag(mr_wr_tag),
    .cfg_mr_wr_local_write(mr_access3[2]),
    .cfg_mr_wr_va(mr_wr_va),
    .cfg_mr_wr_len(mr_wr_len),
    .cfg_mr_wr_iova(mr_wr_iova),
    .cfg_mr_wr_pd(mr_wr_pd),
    .s_db_valid(rqdb_valid),
    .s_db_ready(rqdb_ready),
    .s_db_qpn(rqdb_qpn),
    .s_db_pi(rqdb_pi),
    .s_db_bad(rqdb_bad),
    .s_credit_valid(credit_valid),
    .s_credit_ready(credit_ready),
    .s_credit_qpn(credit_qpn),
    .s_credit_epoch(credit_epoch),
    .m_rwqe_valid(m_rwqe_valid),
    .m_rwqe_ready(m_rwqe_ready),
    .m_rwqe_qpn(m_rwqe_qpn),
    .m_rwqe_flush(m_rwqe_flush),
    .m_rwqe_addr(m_rwqe_addr),
    .m_rwqe_len(m_rwqe_len),
    .m_rwqe_lerr(m_rwqe_lerr),
    .m_rwqe_idx(m_rwqe_idx),
    .m_rwqe_epoch(m_rwqe_epoch),
    .m_rd_req_valid(rq_rd_valid),
    .m_rd_req_ready(rq_rd_ready),
    .m_rd_req_addr(rq_rd_addr),
    .m_rd_req_len(rq_rd_len),
    .s_rd_cpl_tdata(rd_cpl_tdata),
    .s_rd_cpl_tvalid(rd_cpl_tvalid[2]),
    .s_rd_cpl_tready(rd_cpl_tready[2]),
    .s_rd_cpl_tlast(rd_cpl_tlast),
    .s_rd_cpl_tuser(rd_cpl_tuser),
    .stat_fetches(stat_rwqe_fetches),
    .stat_lkey_err(stat_rwqe_lkey_err),
    .stat_db_bad(stat_rq_db_bad)
);

/*
 * DMA write: port 0 completions, port 1 RX payload
 */
wire         cq_wr_cmd_valid, cq_wr_cmd_ready;
wire [63:0]  cq_wr_cmd_addr;
wire [12:0]  cq_wr_cmd_len;
wire [511:0] cq_wr_tdata;
wire [63:0]  cq_wr_tkeep;
wire         cq_wr_tvalid, cq_wr_tready, cq_wr_tlast;
wire [1:0]   wr_cmd_ready, wr_tready;

// the other direction's data ports are left open
// verilator lint_off PINCONNECTEMPTY
hpnic_dma_mux #(
    .WRITE(1),
    .PORTS(2),
    .DATA_WIDTH(512),
    .ORDER_LOG2(5)
)
wr_mux_inst (
    .clk(clk),
    .rst(rst),
    .s_cmd_valid({s_pay_wr_cmd_valid, cq_wr_cmd_valid}),
    .s_cmd_ready(wr_cmd_ready),
    .s_cmd_addr({s_pay_wr_cmd_addr, cq_wr_cmd_addr}),
    .s_cmd_len({s_pay_wr_cmd_len, cq_wr_cmd_len}),
    .s_port_tdata({s_pay_wr_tdata, cq_wr_tdata}),
    .s_port_tkeep({s_pay_wr_tkeep, cq_wr_tkeep}),
    .s_port_tvalid({s_pay_wr_tvalid, cq_wr_tvalid}),
    .s_port_tready(wr_tready),
    .s_port_tlast({s_pay_wr_tlast, cq_wr_tlast}),
    .m_port_tdata(),
    .m_port_tkeep(),
    .m_port_tvalid(),
    .m_port_tready(2'b00),
    .m_port_tlast(),
    .m_port_tuser(),
    .m_dma_cmd_valid(m_dma_wr_req_valid),
    .m_dma_cmd_ready(m_dma_wr_req_ready),
    .m_dma_cmd_addr(m_dma_wr_req_addr),
    .m_dma_cmd_len(m_dma_wr_req_len),
    .m_dma_tdata(m_dma_wr_tdata),
    .m_dma_tkeep(m_dma_wr_tkeep),
    .m_dma_tvalid(m_dma_wr_tvalid),
    .m_dma_tready(m_dma_wr_tready),
    .m_dma_tlast(m_dma_wr_tlast),
    .s_dma_tdata({512{1'b0}}),
    .s_dma_tkeep({64{1'b0}}),
    .s_dma_tvalid(1'b0),
    .s_dma_tready(),
    .s_dma_tlast(1'b0),
    .s_dma_tuser(1'b0)
);
// verilator lint_on PINCONNECTEMPTY

assign cq_wr_cmd_ready = wr_cmd_ready[0];
assign s_pay_wr_cmd_ready = wr_cmd_ready[1];
assign cq_wr_tready = wr_tready[0];
assign s_pay_wr_tready = wr_tready[1];

hpnic_host_cq #(
    .QPN_WIDTH(QW),
    .CQN_WIDTH(CW),
    .DATA_WIDTH(512)
)
cq_inst (
    .clk(clk),
    .rst(rst),
    .cfg_qp_wr_en(qp_wr_en),
    .cfg_qp_wr_qpn(qp_wr_qpn),
    .cfg_qp_wr_cqn(qp_wr_cqn),
    .cfg_qp_wr_rcqn(qp_wr_rcqn),
    .s_cq_cfg_valid(cq_cfg_valid),
    .s_cq_cfg_ready(cq_cfg_ready),
    .s_cq_cfg_cqn(cq_cfg_cqn),
    .s_cq_cfg_enable(cq_cfg_enable),
    .s_cq_cfg_base(cq_cfg_base),
    .s_cq_cfg_log2(cq_cfg_log2),
    .s_cq_cfg_vector(cq_cfg_vector),
    .cfg_irq_enable(cfg_irq_enable),
    .s_cpl_valid(s_cpl_valid),
    .s_cpl_ready(s_cpl_ready),
    .s_cpl_qpn(s_cpl_qpn),
    .s_cpl_idx(s_cpl_idx),
    .s_cpl_status(s_cpl_status),
    .s_cpl_signaled(s_cpl_signaled),
    .s_rcpl_valid(s_rcpl_valid),
    .s_rcpl_ready(s_rcpl_ready),
    .s_rcpl_qpn(s_rcpl_qpn),
    .s_rcpl_idx(s_rcpl_idx),
    .s_rcpl_status(s_rcpl_status),
    .s_rcpl_opcode(s_rcpl_opcode),
    .s_rcpl_byte_len(s_rcpl_byte_len),
    .s_rcpl_imm_valid(s_rcpl_imm_valid),
    .s_rcpl_imm(s_rcpl_imm),
    .s_rcpl_epoch(s_rcpl_epoch),
    .m_credit_valid(credit_valid),
    .m_credit_ready(credit_ready),
    .m_credit_qpn(credit_qpn),
    .m_credit_epoch(credit_epoch),
    .m_wr_cmd_valid(cq_wr_cmd_valid),
    .m_wr_cmd_ready(cq_wr_cmd_ready),
    .m_wr_cmd_addr(cq_wr_cmd_addr),
    .m_wr_cmd_len(cq_wr_cmd_len),
    .m_wr_tdata(cq_wr_tdata),
    .m_wr_tkeep(cq_wr_tkeep),
    .m_wr_tvalid(cq_wr_tvalid),
    .m_wr_tready(cq_wr_tready),
    .m_wr_tlast(cq_wr_tlast),
    .m_irq_valid(m_irq_valid),
    .m_irq_ready(m_irq_ready),
    .m_irq_vector(m_irq_vector),
    .pi_rd_cqn(cq_pi_cqn),
    .pi_rd_data(cq_pi_data),
    .stat_cqes(stat_cqes),
    .stat_rcqes(stat_rcqes),
    .stat_dropped(stat_cqe_dropped),
    .cq_err_valid(cq_err_valid),
    .cq_err_cqn(cq_err_cqn),
    .stat_irqs(stat_irqs)
);

wire [2:0] mr_access3;
assign mr_wr_access = mr_access3[1:0];


endmodule

`resetall
