// SPDX-License-Identifier: MIT
/*
 * The whole NIC core: host interface, HPCC CC engine, flow scheduler, RoCEv2
 * TX/RX pipes and the MAC shim:
 *
 *   hpnic_pcie_shim <-> hpnic_host --Post/WQE/completions--> hpnic_datapath
 *                     | QP start                            | work, in flight    ^ PktSend
 *                     v                                     v                    |
 *              start fan-out --INIT--> hpcc_cc_engine   hpnic_sched_glue <--> hpnic_flow_sched
 *                     |                   ^ Notify          Update (W, rate) ----^
 *                     +--create, MTU------|--------------------------------------^
 *   hpnic_datapath <--> hpnic_mac_shim <--> MAC (its own clocks)
 *
 * A QP START command writes the context everywhere (QP context write pulse)
 * and sends one start event to each block that keeps per-QP transport
 * state: the datapath (first PSNs), the CC engine (INIT with the CC mode),
 * the scheduler (flow create and MTU) and the glue (counts to zero).
 *
 * The generic PCIe-shim ports are described in docs/host.md; the MAC ports
 * are those of hpnic_mac_shim (docs/shim.md).
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_core #(
    // QPN bits
    parameter QPN_WIDTH = 12,
    // memory-region table entries, log2
    parameter MR_LOG2 = 10,
    // memory translation table entries, log2 (2^18: 1 GiB of 4 KiB pages)
    parameter MTT_LOG2 = 18,
    // CQN bits
    parameter CQN_WIDTH = 8,
    // scheduler engines
    parameter SCHED_ENGINES = 4,
    // log2 of the READs per QP outstanding as requester and held as
    // responder (max_rd_atomic, max_dest_rd_atomic)
    parameter RD_MAX_LOG2 = 4,
    // core clock in MHz
    parameter CLK_MHZ = 250,
    // build identity (ID block)
    parameter BUILD_DATE = 32'h2026_1123,
    parameter GIT_HASH = 32'h0,
    // the CC engine's reciprocal ROM image
    parameter ROM_FILE = "fw/recip_rom.hex"
) (
    input  wire                   clk,
    input  wire                   rst,

    /*
     * PCIe shim side (core clock)
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
    input  wire                   s_dma_rd_cpl_tuser,    // on tlast: the read failed
    // the counters of the DMA adapter in front of the core, 32 bits each,
    // pcie_wr_cmds first, in the register map's order (STATS); 0 behind
    // the generic shim
    input  wire [15*32-1:0]       s_adapter_stats,

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
     * MAC side (the MAC's clocks; CMAC-style 512-bit AXI-stream)
     */
    input  wire                   mac_tx_clk,
    input  wire                   mac_tx_rst,
    output wire [511:0]           m_mac_tx_tdata,
    output wire [63:0]            m_mac_tx_tkeep,
    output wire                   m_mac_tx_tvalid,
    input  wire                   m_mac_tx_tready,
    output wire                   m_mac_tx_tlast,
    output wire                   m_mac_tx_tuser,
    input  wire                   mac_tx_unfout,
    input  wire                   mac_tx_ovfout,

    input  wire                   mac_rx_clk,
    input  wire                   mac_rx_rst,
    input  wire [511:0]           s_mac_rx_tdata,
    input  wire [63:0]            s_mac_rx_tkeep,
    input  wire                   s_mac_rx_tvalid,
    input  wire                   s_mac_rx_tlast,
    input  wire                   s_mac_rx_tuser
);

`include "hpnic_regs.vh"

localparam QW = QPN_WIDTH;
localparam NCNT = HPNIC_NUM_COUNTERS;

// outputs left open below are counters and status the register map does not
// carry (yet): deliberate
// verilator lint_off PINCONNECTEMPTY

/*
 * PCIe shim: register slices on every channel of the generic interface
 */
wire          h_s_csr_valid, h_s_csr_ready, h_s_csr_write, h_m_csr_rsp_valid, h_m_csr_rsp_ready;
wire [24:0]   h_s_csr_addr;
wire [31:0]   h_s_csr_wdata, h_m_csr_rsp_rdata;
wire          h_m_dma_rd_req_valid, h_m_dma_rd_req_ready;
wire [63:0]   h_m_dma_rd_req_addr, h_m_dma_wr_req_addr;
wire [12:0]   h_m_dma_rd_req_len, h_m_dma_wr_req_len;
wire [511:0]  h_s_dma_rd_cpl_tdata, h_m_dma_wr_tdata;
wire [63:0]   h_s_dma_rd_cpl_tkeep, h_m_dma_wr_tkeep;
wire          h_s_dma_rd_cpl_tvalid, h_s_dma_rd_cpl_tready, h_s_dma_rd_cpl_tlast, h_s_dma_rd_cpl_tuser;
wire          h_m_dma_wr_req_valid, h_m_dma_wr_req_ready;
wire          h_m_dma_wr_tvalid, h_m_dma_wr_tready, h_m_dma_wr_tlast;
wire          h_m_irq_valid, h_m_irq_ready;
wire [10:0]   h_m_irq_vector;

hpnic_pcie_shim #(
    .DATA_WIDTH(512)
)
pcie_inst (
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
    .m_dma_rd_req_valid(m_dma_rd_req_valid),
    .m_dma_rd_req_ready(m_dma_rd_req_ready),
    .m_dma_rd_req_addr(m_dma_rd_req_addr),
    .m_dma_rd_req_len(m_dma_rd_req_len),
    .s_dma_rd_cpl_tdata(s_dma_rd_cpl_tdata),
    .s_dma_rd_cpl_tkeep(s_dma_rd_cpl_tkeep),
    .s_dma_rd_cpl_tvalid(s_dma_rd_cpl_tvalid),
    .s_dma_rd_cpl_tready(s_dma_rd_cpl_tready),
    .s_dma_rd_cpl_tlast(s_dma_rd_cpl_tlast),
    .s_dma_rd_cpl_tuser(s_dma_rd_cpl_tuser),
    .m_dma_wr_req_valid(m_dma_wr_req_valid),
    .m_dma_wr_req_ready(m_dma_wr_req_ready),
    .m_dma_wr_req_addr(m_dma_wr_req_addr),
    .m_dma_wr_req_len(m_dma_wr_req_len),
    .m_dma_wr_tdata(m_dma_wr_tdata),
    .m_dma_wr_tkeep(m_dma_wr_tkeep),
    .m_dma_wr_tvalid(m_dma_wr_tvalid),
    .m_dma_wr_tready(m_dma_wr_tready),
    .m_dma_wr_tlast(m_dma_wr_tlast),
    .m_irq_valid(m_irq_valid),
    .m_irq_ready(m_irq_ready),
    .m_irq_vector(m_irq_vector),
    .m_core_csr_valid(h_s_csr_valid),
    .m_core_csr_ready(h_s_csr_ready),
    .m_core_csr_addr(h_s_csr_addr),
    .m_core_csr_write(h_s_csr_write),
    .m_core_csr_wdata(h_s_csr_wdata),
    .s_core_csr_rsp_valid(h_m_csr_rsp_valid),
    .s_core_csr_rsp_ready(h_m_csr_rsp_ready),
    .s_core_csr_rsp_rdata(h_m_csr_rsp_rdata),
    .s_core_rd_req_valid(h_m_dma_rd_req_valid),
    .s_core_rd_req_ready(h_m_dma_rd_req_ready),
    .s_core_rd_req_addr(h_m_dma_rd_req_addr),
    .s_core_rd_req_len(h_m_dma_rd_req_len),
    .m_core_rd_cpl_tdata(h_s_dma_rd_cpl_tdata),
    .m_core_rd_cpl_tkeep(h_s_dma_rd_cpl_tkeep),
    .m_core_rd_cpl_tvalid(h_s_dma_rd_cpl_tvalid),
    .m_core_rd_cpl_tready(h_s_dma_rd_cpl_tready),
    .m_core_rd_cpl_tlast(h_s_dma_rd_cpl_tlast),
    .m_core_rd_cpl_tuser(h_s_dma_rd_cpl_tuser),
    .s_core_wr_req_valid(h_m_dma_wr_req_valid),
    .s_core_wr_req_ready(h_m_dma_wr_req_ready),
    .s_core_wr_req_addr(h_m_dma_wr_req_addr),
    .s_core_wr_req_len(h_m_dma_wr_req_len),
    .s_core_wr_tdata(h_m_dma_wr_tdata),
    .s_core_wr_tkeep(h_m_dma_wr_tkeep),
    .s_core_wr_tvalid(h_m_dma_wr_tvalid),
    .s_core_wr_tready(h_m_dma_wr_tready),
    .s_core_wr_tlast(h_m_dma_wr_tlast),
    .s_core_irq_valid(h_m_irq_valid),
    .s_core_irq_ready(h_m_irq_ready),
    .s_core_irq_vector(h_m_irq_vector)
);

/*
 * Host interface
 */
wire [47:0] cfg_mac;
wire [31:0] cfg_ip;
wire        cfg_int_enable;
wire [15:0] cfg_int_port, cfg_rto;
wire [3:0]  cfg_ack_req_log2;
wire [19:0] cc_t_ns, cc_wai, cc_line_mbps, cc_min_mbps;
wire [16:0] cc_eta;
wire [3:0]  cc_max_stage;
wire [23:0] dcqcn_line, dcqcn_min, dcqcn_ai, dcqcn_hai, dcqcn_first;
wire [9:0]  dcqcn_g;
wire [22:0] dcqcn_alpha0;
wire [16:0] dcqcn_min_dec, dcqcn_td_us, dcqcn_ti_us, dcqcn_period_us, dcqcn_tick_us;
wire [22:0] vai_thresh, vai_ai_div;
wire [11:0] vai_bank_cap;
wire [9:0]  vai_ai_cap;
wire [3:0]  vai_damp_shift;
wire [7:0]  sf_acks;
wire [11:0] np_min_time_us;
wire [19:0] dcqcn_now_us;
wire [3:0]  dcqcn_gd;
wire [15:0] dcqcn_b_pkts;
wire [4:0]  dcqcn_threshold;
wire [64*18-1:0] dcqcn_tab;
wire [7:0]  sched_overhead;
wire [15:0] sched_burst;
wire [13:0] sched_grant;
wire        cc_init_done, sched_init_done;
wire [4:0]  cc_param_status;
wire        cc_param_busy;

wire          qp_wr_en;
wire [QW-1:0] qp_wr_qpn;
wire [2:0]    qp_wr_state;
wire [3:0]    qp_wr_mtu_log2;
wire [23:0]   qp_wr_dqpn;
wire [47:0]   qp_wr_dmac;
wire [31:0]   qp_wr_dip;
wire [15:0]   qp_wr_sport;
wire [7:0]    qp_wr_dscp_ecn;
wire [1:0]    qp_wr_cc_mode;
wire [15:0]   qp_wr_pd, mr_wr_pd;
wire [7:0]    qp_wr_max_rd;
wire [2:0]    qp_wr_rnr_retry;
// the responder's RNR NAK timer code (QP.MIN_RNR_TIMER), for RX decide's RNR
// NAKs once it sends them
// verilator lint_off UNUSEDSIGNAL
wire [4:0]    qp_wr_min_rnr_timer;
// verilator lint_on UNUSEDSIGNAL

wire          start_valid, start_ready;
wire [QW-1:0] start_qpn;
wire [23:0]   start_sq_psn, start_rq_psn;
wire [3:0]    start_mtu_log2;
wire [1:0]    start_cc_mode;
wire [1:0]    start_cc_opts;
wire [44:0]   start_cc_ovr;
wire          start_sq, start_rq;

wire               mr_wr_en, mr_wr_valid;
wire [MR_LOG2-1:0] mr_wr_idx;
wire               mtt_wr_en;
wire [MTT_LOG2-1:0] mtt_wr_idx;
wire [35:0]        mtt_wr_frame;
wire [7:0]         mr_wr_tag;
wire [1:0]         mr_wr_access;
wire [63:0]        mr_wr_va, mr_wr_iova;
wire [47:0]        mr_wr_len;

wire          post_valid, post_ready;
wire [QW-1:0] post_qpn;
wire [15:0]   post_pi;
wire          fetch_valid, fetch_ready;
wire [QW-1:0] fetch_qpn;
wire [15:0]   fetch_idx;
wire [1:0]    fetch_tag;
wire [3:0]    fetch_count;
// WQE fetch requests, datapath to host through a register slice: the SQ
// fetcher's ready runs through its pending-fetch checks and the DMA mux
wire          dp_fetch_valid, dp_fetch_ready;
wire [QW-1:0] dp_fetch_qpn;
wire [15:0]   dp_fetch_idx;
wire [1:0]    dp_fetch_tag;
wire [3:0]    dp_fetch_count;

hpnic_reg_slice #(.WIDTH(QW + 16 + 2 + 4), .SKID(1))
fetch_slice_inst (
    .clk(clk), .rst(rst),
    .s_valid(dp_fetch_valid), .s_ready(dp_fetch_ready),
    .s_data({dp_fetch_qpn, dp_fetch_idx, dp_fetch_tag, dp_fetch_count}),
    .m_valid(fetch_valid), .m_ready(fetch_ready),
    .m_data({fetch_qpn, fetch_idx, fetch_tag, fetch_count})
);
wire          wqe_valid, wqe_ready, wqe_read, wqe_signaled;
wire [QW-1:0] wqe_qpn;
wire [15:0]   wqe_idx;
wire [1:0]    wqe_tag;
wire [31:0]   wqe_len, wqe_rkey;
wire          wqe_send, wqe_imm_valid;
wire [31:0]   wqe_imm;
wire [63:0]   wqe_laddr, wqe_raddr;
wire          wqe_sgl, wqe_lerr;
wire [1:0]    wqe_nsge_m1;

wire          cpl_valid, cpl_ready;
wire [QW-1:0] cpl_qpn;
wire [15:0]   cpl_idx;
wire [2:0]    cpl_status;
wire          cpl_signaled;

wire          pay_rd_valid, pay_rd_ready;
wire [63:0]   pay_rd_addr;
wire [12:0]   pay_rd_len;
wire [511:0]  pay_rd_tdata;
wire [63:0]   pay_rd_tkeep;
wire          pay_rd_tvalid, pay_rd_tready, pay_rd_tlast, pay_rd_tuser;
wire          pay_wr_cmd_valid, pay_wr_cmd_ready;
wire [63:0]   pay_wr_cmd_addr;
wire [12:0]   pay_wr_cmd_len;
wire [511:0]  pay_wr_tdata;
wire [63:0]   pay_wr_tkeep;
wire          pay_wr_tvalid, pay_wr_tready, pay_wr_tlast;

wire [NCNT*64-1:0] stats;
wire [31:0] st_doorbells, st_fetches, st_cqes, st_cmd_err, st_db_bad, st_irqs, st_bad_op,
            st_cqe_drop, st_bad_ext, st_sgl_pkts, st_sgl_pieces, st_sgl_short, st_db_bad_off,
            st_lkey_err, st_sgl_lkey_err, st_rd_over, st_rd_pool, st_rd_desc_lost,
            st_rnr_naks, st_rnr_retry_exc, st_rnr_sent, st_recv_cpl, st_recv_err, st_rwqe_drop,
            st_ack_held, st_rwqe_fetches, st_rwqe_lkey_err, st_rq_db_bad, st_rcqes, st_ack_coal,
            st_dma_rd_err;

// receive WQEs (host interface to the responder) and receive completions
// (the responder to the host's CQ writer)
wire          rwqe_valid, rwqe_ready, rwqe_flush, rwqe_lerr;
wire [QW-1:0] rwqe_qpn;
wire [63:0]   rwqe_addr;
wire [31:0]   rwqe_len;
wire [3:0]    rwqe_epoch;
wire          rcpl_valid, rcpl_ready, rcpl_opcode, rcpl_imm_valid;
wire [QW-1:0] rcpl_qpn;
wire [15:0]   rcpl_idx;
wire [2:0]    rcpl_status;
wire [31:0]   rcpl_byte_len, rcpl_imm;
wire [3:0]    rcpl_epoch;
// receive completions, datapath to host through a register slice: the CQ
// writer's and the RWQE credit's ready would otherwise depend on RX
// decide's commit-wait compare (a cycle more before a receive CQE)
wire          dp_rcpl_valid, dp_rcpl_ready, dp_rcpl_opcode, dp_rcpl_imm_valid;
wire [QW-1:0] dp_rcpl_qpn;
wire [15:0]   dp_rcpl_idx;
wire [2:0]    dp_rcpl_status;
wire [31:0]   dp_rcpl_byte_len, dp_rcpl_imm;
wire [3:0]    dp_rcpl_epoch;

hpnic_reg_slice #(.WIDTH(QW + 16 + 3 + 1 + 32 + 1 + 32 + 4), .SKID(1))
rcpl_slice_inst (
    .clk(clk), .rst(rst),
    .s_valid(dp_rcpl_valid), .s_ready(dp_rcpl_ready),
    .s_data({dp_rcpl_qpn, dp_rcpl_idx, dp_rcpl_status, dp_rcpl_opcode, dp_rcpl_byte_len,
             dp_rcpl_imm_valid, dp_rcpl_imm, dp_rcpl_epoch}),
    .m_valid(rcpl_valid), .m_ready(rcpl_ready),
    .m_data({rcpl_qpn, rcpl_idx, rcpl_status, rcpl_opcode, rcpl_byte_len,
             rcpl_imm_valid, rcpl_imm, rcpl_epoch})
);
// the responder counts its receive WQEs itself (hpnic_recv_track)
// verilator lint_off UNUSEDSIGNAL
wire [15:0]   rwqe_idx;
// verilator lint_on UNUSEDSIGNAL

// asynchronous events, datapath to the host's event queue (CTRL.EVENT)
wire          ev_valid, ev_ready;
wire [QW-1:0] ev_qpn;
wire [3:0]    ev_type;

hpnic_host #(
    .QPN_WIDTH(QW),
    .MR_LOG2(MR_LOG2),
    .MTT_LOG2(MTT_LOG2),
    .CQN_WIDTH(CQN_WIDTH),
    .CLK_MHZ(CLK_MHZ),
    .BUILD_DATE(BUILD_DATE),
    .GIT_HASH(GIT_HASH),
    .NCOUNTERS(NCNT),
    .RD_MAX_LOG2(RD_MAX_LOG2)
)
host_inst (
    .clk(clk),
    .rst(rst),
    .s_csr_valid(h_s_csr_valid),
    .s_csr_ready(h_s_csr_ready),
    .s_csr_addr(h_s_csr_addr),
    .s_csr_write(h_s_csr_write),
    .s_csr_wdata(h_s_csr_wdata),
    .m_csr_rsp_valid(h_m_csr_rsp_valid),
    .m_csr_rsp_ready(h_m_csr_rsp_ready),
    .m_csr_rsp_rdata(h_m_csr_rsp_rdata),
    .m_dma_rd_req_valid(h_m_dma_rd_req_valid),
    .m_dma_rd_req_ready(h_m_dma_rd_req_ready),
    .m_dma_rd_req_addr(h_m_dma_rd_req_addr),
    .m_dma_rd_req_len(h_m_dma_rd_req_len),
    .s_dma_rd_cpl_tdata(h_s_dma_rd_cpl_tdata),
    .s_dma_rd_cpl_tkeep(h_s_dma_rd_cpl_tkeep),
    .s_dma_rd_cpl_tvalid(h_s_dma_rd_cpl_tvalid),
    .s_dma_rd_cpl_tready(h_s_dma_rd_cpl_tready),
    .s_dma_rd_cpl_tlast(h_s_dma_rd_cpl_tlast),
    .s_dma_rd_cpl_tuser(h_s_dma_rd_cpl_tuser),
    .m_dma_wr_req_valid(h_m_dma_wr_req_valid),
    .m_dma_wr_req_ready(h_m_dma_wr_req_ready),
    .m_dma_wr_req_addr(h_m_dma_wr_req_addr),
    .m_dma_wr_req_len(h_m_dma_wr_req_len),
    .m_dma_wr_tdata(h_m_dma_wr_tdata),
    .m_dma_wr_tkeep(h_m_dma_wr_tkeep),
    .m_dma_wr_tvalid(h_m_dma_wr_tvalid),
    .m_dma_wr_tready(h_m_dma_wr_tready),
    .m_dma_wr_tlast(h_m_dma_wr_tlast),
    .m_irq_valid(h_m_irq_valid),
    .m_irq_ready(h_m_irq_ready),
    .m_irq_vector(h_m_irq_vector),
    .cfg_mac(cfg_mac),
    .cfg_ip(cfg_ip),
    .cfg_int_enable(cfg_int_enable),
    .cfg_int_port(cfg_int_port),
    .cfg_ack_req_log2(cfg_ack_req_log2),
    .cfg_rto(cfg_rto),
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
    .status_cc_init_done(cc_init_done),
    .status_sched_init_done(sched_init_done),
    .status_cc_param(cc_param_status),
    .status_cc_busy(cc_param_busy),
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
    .m_start_valid(start_valid),
    .m_start_ready(start_ready),
    .m_start_qpn(start_qpn),
    .m_start_sq_psn(start_sq_psn),
    .m_start_rq_psn(start_rq_psn),
    .m_start_mtu_log2(start_mtu_log2),
    .m_start_cc_mode(start_cc_mode),
    .m_start_cc_opts(start_cc_opts),
    .m_start_cc_ovr(start_cc_ovr),
    .m_start_sq(start_sq),
    .m_start_rq(start_rq),
    .mr_wr_en(mr_wr_en),
    .mr_wr_idx(mr_wr_idx),
    .mr_wr_valid(mr_wr_valid),
    .mr_wr_tag(mr_wr_tag),
    .mr_wr_access(mr_wr_access),
    .mr_wr_va(mr_wr_va),
    .mr_wr_len(mr_wr_len),
    .mr_wr_iova(mr_wr_iova),
    .mr_wr_pd(mr_wr_pd),
    .mtt_wr_en(mtt_wr_en),
    .mtt_wr_idx(mtt_wr_idx),
    .mtt_wr_frame(mtt_wr_frame),
    .m_post_valid(post_valid),
    .m_post_ready(post_ready),
    .m_post_qpn(post_qpn),
    .m_post_pi(post_pi),
    .s_fetch_valid(fetch_valid),
    .s_fetch_ready(fetch_ready),
    .s_fetch_qpn(fetch_qpn),
    .s_fetch_idx(fetch_idx),
    .s_fetch_count(fetch_count),
    .s_fetch_tag(fetch_tag),
    .m_wqe_valid(wqe_valid),
    .m_wqe_ready(wqe_ready),
    .m_wqe_qpn(wqe_qpn),
    .m_wqe_idx(wqe_idx),
    .m_wqe_tag(wqe_tag),
    .m_wqe_read(wqe_read),
    .m_wqe_signaled(wqe_signaled),
    .m_wqe_len(wqe_len),
    .m_wqe_laddr(wqe_laddr),
    .m_wqe_sgl(wqe_sgl),
    .m_wqe_nsge_m1(wqe_nsge_m1),
    .m_wqe_raddr(wqe_raddr),
    .m_wqe_rkey(wqe_rkey),
    .m_wqe_send(wqe_send),
    .m_wqe_imm_valid(wqe_imm_valid),
    .m_wqe_imm(wqe_imm),
    .m_wqe_lerr(wqe_lerr),
    .m_rwqe_valid(rwqe_valid),
    .m_rwqe_ready(rwqe_ready),
    .m_rwqe_qpn(rwqe_qpn),
    .m_rwqe_flush(rwqe_flush),
    .m_rwqe_addr(rwqe_addr),
    .m_rwqe_len(rwqe_len),
    .m_rwqe_lerr(rwqe_lerr),
    .m_rwqe_idx(rwqe_idx),
    .m_rwqe_epoch(rwqe_epoch),
    .s_rcpl_valid(rcpl_valid),
    .s_rcpl_ready(rcpl_ready),
    .s_rcpl_qpn(rcpl_qpn),
    .s_rcpl_idx(rcpl_idx),
    .s_rcpl_status(rcpl_status),
    .s_rcpl_opcode(rcpl_opcode),
    .s_rcpl_byte_len(rcpl_byte_len),
    .s_rcpl_imm_valid(rcpl_imm_valid),
    .s_rcpl_imm(rcpl_imm),
    .s_rcpl_epoch(rcpl_epoch),
    .s_cpl_valid(cpl_valid),
    .s_cpl_ready(cpl_ready),
    .s_cpl_qpn(cpl_qpn),
    .s_cpl_idx(cpl_idx),
    .s_cpl_status(cpl_status),
    .s_cpl_signaled(cpl_signaled),
    .s_pay_rd_valid(pay_rd_valid),
    .s_pay_rd_ready(pay_rd_ready),
    .s_pay_rd_addr(pay_rd_addr),
    .s_pay_rd_len(pay_rd_len),
    .m_pay_rd_tdata(pay_rd_tdata),
    .m_pay_rd_tkeep(pay_rd_tkeep),
    .m_pay_rd_tvalid(pay_rd_tvalid),
    .m_pay_rd_tready(pay_rd_tready),
    .m_pay_rd_tlast(pay_rd_tlast),
    .m_pay_rd_tuser(pay_rd_tuser),
    .s_pay_wr_cmd_valid(pay_wr_cmd_valid),
    .s_pay_wr_cmd_ready(pay_wr_cmd_ready),
    .s_pay_wr_cmd_addr(pay_wr_cmd_addr),
    .s_pay_wr_cmd_len(pay_wr_cmd_len),
    .s_pay_wr_tdata(pay_wr_tdata),
    .s_pay_wr_tkeep(pay_wr_tkeep),
    .s_pay_wr_tvalid(pay_wr_tvalid),
    .s_pay_wr_tready(pay_wr_tready),
    .s_pay_wr_tlast(pay_wr_tlast),
    .s_event_valid(ev_valid),
    .s_event_ready(ev_ready),
    .s_event_qpn(ev_qpn),
    .s_event_type(ev_type),
    .stats_in(stats),
    .stat_doorbells(st_doorbells),
    .stat_wqe_fetches(st_fetches),
    .stat_cqes(st_cqes),
    .stat_cmd_errors(st_cmd_err),
    .stat_doorbell_bad_qp(st_db_bad),
    .stat_doorbell_bad_offset(st_db_bad_off),
    .stat_irqs(st_irqs),
    .stat_wqe_bad_opcode(st_bad_op),
    .stat_wqe_bad_ext(st_bad_ext),
    .stat_wqe_lkey_err(st_lkey_err),
    .stat_cqe_dropped(st_cqe_drop),
    .stat_rwqe_fetches(st_rwqe_fetches),
    .stat_rwqe_lkey_err(st_rwqe_lkey_err),
    .stat_rq_db_bad(st_rq_db_bad),
    .stat_rcqes(st_rcqes),
    .stat_dma_rd_err(st_dma_rd_err)
);

/*
 * QP start fan-out: one event to each of five queues, taken when all have
 * room. The word is {send side, receive side, qpn, SQ PSN, RQ PSN, CC mode,
 * MTU}; each queue keeps only its fields. The CC engine, the scheduler and
 * the glue belong to the send side: they take only the starts that restart
 * it (START, START_SQ) and let a receive-side start (START_RQ) pass
 */
// field LSBs; the MTU at 0; the CC field is {CC_OPTS, CC_MODE}; the CC
// override {QP.CC_OVERRIDE, QP_T_NS, QP_WAI, QP_MAX_STAGE} on top
localparam L_MODE = 4, L_PSNS = 8, L_QPN = 56;
localparam L_RQ = L_QPN + QW, L_SQ = L_RQ + 1, L_OVR = L_SQ + 1;
localparam FW = L_OVR + 45;
localparam [FW-1:0] F_QPN = {{(FW - L_QPN - QW){1'b0}}, {QW{1'b1}}, {L_QPN{1'b0}}};
localparam [FW-1:0] F_PSNS = {{(FW - L_PSNS - 48){1'b0}}, {48{1'b1}}, {L_PSNS{1'b0}}};
localparam [FW-1:0] F_MODE = {{(FW - L_MODE - 4){1'b0}}, 4'hf, {L_MODE{1'b0}}};
localparam [FW-1:0] F_MTU = {{(FW - 4){1'b0}}, 4'hf};
localparam [FW-1:0] F_SQ = {{(FW - L_SQ - 1){1'b0}}, 1'b1, {L_SQ{1'b0}}};
localparam [FW-1:0] F_RQ = {{(FW - L_RQ - 1){1'b0}}, 1'b1, {L_RQ{1'b0}}};
localparam [FW-1:0] F_OVR = {{45{1'b1}}, {L_OVR{1'b0}}};

wire          dpi_valid, dpi_ready, dpi_sq, dpi_rq;
wire [QW-1:0] dpi_qpn;
wire [23:0]   dpi_sq_psn, dpi_rq_psn;
// the send side's queues as the fan-out gives them, before the filter
wire          cci_fan_valid, flw_fan_valid, mtu_fan_valid, gls_fan_valid;
wire          cci_sq, flw_sq, mtu_sq, gls_sq;
wire          cci_valid, cci_ready;
wire [QW-1:0] cci_qpn;
wire [1:0]    cci_mode;
wire [1:0]    cci_opts;
wire [44:0]   cci_ovr;               // {override, T, W_AI, maxStage}
wire [23:0]   cci_psn;               // the SQ PSN - 1
wire          flw_valid, flw_ready;
wire [QW-1:0] flw_qpn;
wire          mtu_valid, mtu_ready;
wire [QW-1:0] mtu_qpn;
wire [3:0]    mtu_log2;
wire          gls_valid, gls_ready;
wire [QW-1:0] gls_qpn;
// verilator lint_off UNUSEDSIGNAL
wire [5*FW-1:0] fan_data;      // fields not kept read as 0
// verilator lint_on UNUSEDSIGNAL

hpnic_fanout #(
    .OUTPUTS(5),
    .WIDTH(FW),
    .KEEP({F_SQ | F_QPN, F_SQ | F_QPN | F_MTU, F_SQ | F_QPN, F_SQ | F_QPN | F_MODE | F_OVR | F_PSNS,
           F_SQ | F_RQ | F_QPN | F_PSNS}),
    .DEPTH_LOG2(2)
)
start_fan_inst (
    .clk(clk), .rst(rst),
    .s_valid(start_valid), .s_ready(start_ready),
    .s_data({start_cc_ovr, start_sq, start_rq, start_qpn, start_sq_psn, start_rq_psn, start_cc_opts,
             start_cc_mode, start_mtu_log2}),
    .m_valid({gls_fan_valid, mtu_fan_valid, flw_fan_valid, cci_fan_valid, dpi_valid}),
    .m_ready({gls_ready || !gls_sq, mtu_ready || !mtu_sq, flw_ready || !flw_sq,
              cci_ready || !cci_sq, dpi_ready}),
    .m_data(fan_data)
);

// the fields each consumer kept (the rest of its word is 0)
assign {dpi_sq, dpi_rq, dpi_qpn, dpi_sq_psn, dpi_rq_psn} = fan_data[0*FW + L_PSNS +: 2 + QW + 48];
assign {cci_sq, cci_qpn, cci_opts, cci_mode} = {fan_data[1*FW + L_SQ], fan_data[1*FW + L_QPN +: QW],
                                                fan_data[1*FW + L_MODE +: 4]};
assign cci_ovr = fan_data[1*FW + L_OVR +: 45];
// the INIT's PSN: the one before the send side's first (DCQCN's byte counter
// counts the ACKs' PSN advance from it)
assign cci_psn = fan_data[1*FW + L_PSNS + 24 +: 24] - 24'd1;
assign {flw_sq, flw_qpn} = {fan_data[2*FW + L_SQ], fan_data[2*FW + L_QPN +: QW]};
assign {mtu_sq, mtu_qpn, mtu_log2} = {fan_data[3*FW + L_SQ], fan_data[3*FW + L_QPN +: QW],
                                      fan_data[3*FW +: 4]};
assign {gls_sq, gls_qpn} = {fan_data[4*FW + L_SQ], fan_data[4*FW + L_QPN +: QW]};
assign cci_valid = cci_fan_valid && cci_sq;
assign flw_valid = flw_fan_valid && flw_sq;
assign mtu_valid = mtu_fan_valid && mtu_sq;
assign gls_valid = gls_fan_valid && gls_sq;

/*
 * Datapath
 */
wire          work_valid, work_ready;
wire [QW-1:0] work_qpn;
wire [31:0]   work_bytes;
wire          inf_valid, inf_ready, free_valid, free_ready;
wire [QW-1:0] inf_qpn, free_qpn;
wire [23:0]   inf_acked, inf_sent, free_sent;
wire          ps_valid, ps_ready;
wire [QW-1:0] ps_qpn;
wire [13:0]   ps_len;
wire          nt_valid, nt_ready;
wire          cnp_valid, cnp_ready;
wire [QW-1:0] cnp_qpn;
wire [31:0]   st_ce_rx, st_cnp_sent, st_cnp_supp, st_cnp_rx, st_cnp_drop;
wire [QW-1:0] nt_qpn;
wire [23:0]   nt_ack_psn, nt_snd_nxt;
wire [3:0]    nt_nhop;
wire [11:0]   nt_path;
wire [319:0]  nt_hops;
wire [511:0]  dp_tx_tdata, dp_rx_tdata;
wire [63:0]   dp_tx_tkeep, dp_rx_tkeep;
wire          dp_tx_tvalid, dp_tx_tready, dp_tx_tlast, dp_rx_tvalid, dp_rx_tlast;
wire [32*32-1:0] dp_stats;

hpnic_datapath #(
    .QPN_WIDTH(QW),
    .MR_LOG2(MR_LOG2),
    .MTT_LOG2(MTT_LOG2),
    .RD_MAX_LOG2(RD_MAX_LOG2),
    .CLK_MHZ(CLK_MHZ)
)
dp_inst (
    .clk(clk),
    .rst(rst),
    .cfg_mac(cfg_mac),
    .cfg_ip(cfg_ip),
    .cfg_int_enable(cfg_int_enable),
    .cfg_int_port(cfg_int_port),
    .cfg_ack_req_log2(cfg_ack_req_log2),
    .cfg_rto(cfg_rto),
    .cfg_pkt_overhead(sched_overhead),
    .cfg_np_min_time_us(np_min_time_us),
    .now_us(dcqcn_now_us),
    .cfg_qp_wr_en(qp_wr_en),
    .cfg_qp_wr_qpn(qp_wr_qpn),
    .cfg_qp_wr_state(qp_wr_state),
    .cfg_qp_wr_mtu_log2(qp_wr_mtu_log2),
    .cfg_qp_wr_dqpn(qp_wr_dqpn),
    .cfg_qp_wr_dmac(qp_wr_dmac),
    .cfg_qp_wr_dip(qp_wr_dip),
    .cfg_qp_wr_sport(qp_wr_sport),
    .cfg_qp_wr_dscp_ecn(qp_wr_dscp_ecn),
    .cfg_qp_wr_cc_mode(qp_wr_cc_mode),
    .cfg_qp_wr_pd(qp_wr_pd),
    .cfg_qp_wr_max_rd(qp_wr_max_rd),
    .cfg_qp_wr_rnr_retry(qp_wr_rnr_retry),
    .cfg_qp_wr_min_rnr(qp_wr_min_rnr_timer),
    .s_qp_init_valid(dpi_valid),
    .s_qp_init_ready(dpi_ready),
    .s_qp_init_qpn(dpi_qpn),
    .s_qp_init_sq(dpi_sq),
    .s_qp_init_rq(dpi_rq),
    .s_qp_init_sq_psn(dpi_sq_psn),
    .s_qp_init_rq_psn(dpi_rq_psn),
    .cfg_mr_wr_en(mr_wr_en),
    .cfg_mr_wr_idx(mr_wr_idx),
    .cfg_mr_wr_valid(mr_wr_valid),
    .cfg_mr_wr_tag(mr_wr_tag),
    .cfg_mr_wr_access(mr_wr_access),
    .cfg_mr_wr_va(mr_wr_va),
    .cfg_mr_wr_len(mr_wr_len),
    .cfg_mr_wr_iova(mr_wr_iova),
    .cfg_mr_wr_pd(mr_wr_pd),
    .cfg_mtt_wr_en(mtt_wr_en),
    .cfg_mtt_wr_idx(mtt_wr_idx),
    .cfg_mtt_wr_frame(mtt_wr_frame),
    .s_post_valid(post_valid),
    .s_post_ready(post_ready),
    .s_post_qpn(post_qpn),
    .s_post_pi(post_pi),
    .m_fetch_valid(dp_fetch_valid),
    .m_fetch_ready(dp_fetch_ready),
    .m_fetch_qpn(dp_fetch_qpn),
    .m_fetch_idx(dp_fetch_idx),
    .m_fetch_count(dp_fetch_count),
    .m_fetch_tag(dp_fetch_tag),
    .s_wqe_valid(wqe_valid),
    .s_wqe_ready(wqe_ready),
    .s_wqe_qpn(wqe_qpn),
    .s_wqe_idx(wqe_idx),
    .s_wqe_tag(wqe_tag),
    .s_wqe_read(wqe_read),
    .s_wqe_signaled(wqe_signaled),
    .s_wqe_len(wqe_len),
    .s_wqe_laddr(wqe_laddr),
    .s_wqe_sgl(wqe_sgl),
    .s_wqe_nsge_m1(wqe_nsge_m1),
    .s_wqe_raddr(wqe_raddr),
    .s_wqe_rkey(wqe_rkey),
    .s_wqe_send(wqe_send),
    .s_wqe_imm_valid(wqe_imm_valid),
    .s_wqe_imm(wqe_imm),
    .s_wqe_lerr(wqe_lerr),
    .s_pktsend_valid(ps_valid),
    .s_pktsend_ready(ps_ready),
    .s_pktsend_qpn(ps_qpn),
    .s_pktsend_len(ps_len),
    .m_work_valid(work_valid),
    .m_work_ready(work_ready),
    .m_work_qpn(work_qpn),
    .m_work_bytes(work_bytes),
    .m_cpl_valid(cpl_valid),
    .m_cpl_ready(cpl_ready),
    .m_cpl_qpn(cpl_qpn),
    .m_cpl_idx(cpl_idx),
    .m_cpl_status(cpl_status),
    .m_cpl_signaled(cpl_signaled),
    .m_inflight_valid(inf_valid),
    .m_inflight_ready(inf_ready),
    .m_inflight_qpn(inf_qpn),
    .m_inflight_acked(inf_acked),
    .m_inflight_sent(inf_sent),
    .m_free_valid(free_valid),
    .m_free_ready(free_ready),
    .m_free_qpn(free_qpn),
    .m_free_sent(free_sent),
    .m_notify_valid(nt_valid),
    .m_notify_ready(nt_ready),
    .m_notify_qpn(nt_qpn),
    .m_notify_ack_psn(nt_ack_psn),
    .m_notify_snd_nxt(nt_snd_nxt),
    .m_notify_nhop(nt_nhop),
    .m_notify_path(nt_path),
    .m_notify_hops(nt_hops),
    .m_cnp_valid(cnp_valid),
    .m_cnp_ready(cnp_ready),
    .m_cnp_qpn(cnp_qpn),
    .m_event_valid(ev_valid),
    .m_event_ready(ev_ready),
    .m_event_qpn(ev_qpn),
    .m_event_type(ev_type),
    .s_rwqe_valid(rwqe_valid),
    .s_rwqe_ready(rwqe_ready),
    .s_rwqe_qpn(rwqe_qpn),
    .s_rwqe_flush(rwqe_flush),
    .s_rwqe_addr(rwqe_addr),
    .s_rwqe_len(rwqe_len),
    .s_rwqe_lerr(rwqe_lerr),
    .s_rwqe_epoch(rwqe_epoch),
    .m_rcpl_valid(dp_rcpl_valid),
    .m_rcpl_ready(dp_rcpl_ready),
    .m_rcpl_qpn(dp_rcpl_qpn),
    .m_rcpl_idx(dp_rcpl_idx),
    .m_rcpl_status(dp_rcpl_status),
    .m_rcpl_wimm(dp_rcpl_opcode),
    .m_rcpl_byte_len(dp_rcpl_byte_len),
    .m_rcpl_imm_valid(dp_rcpl_imm_valid),
    .m_rcpl_imm(dp_rcpl_imm),
    .m_rcpl_epoch(dp_rcpl_epoch),
    .m_dma_rd_valid(pay_rd_valid),
    .m_dma_rd_ready(pay_rd_ready),
    .m_dma_rd_addr(pay_rd_addr),
    .m_dma_rd_len(pay_rd_len),
    .s_dma_rd_tdata(pay_rd_tdata),
    .s_dma_rd_tkeep(pay_rd_tkeep),
    .s_dma_rd_tvalid(pay_rd_tvalid),
    .s_dma_rd_tready(pay_rd_tready),
    .s_dma_rd_tlast(pay_rd_tlast),
    .s_dma_rd_tuser(pay_rd_tuser),
    .m_dma_wr_cmd_valid(pay_wr_cmd_valid),
    .m_dma_wr_cmd_ready(pay_wr_cmd_ready),
    .m_dma_wr_cmd_addr(pay_wr_cmd_addr),
    .m_dma_wr_cmd_len(pay_wr_cmd_len),
    .m_dma_wr_tdata(pay_wr_tdata),
    .m_dma_wr_tkeep(pay_wr_tkeep),
    .m_dma_wr_tvalid(pay_wr_tvalid),
    .m_dma_wr_tready(pay_wr_tready),
    .m_dma_wr_tlast(pay_wr_tlast),
    .m_tx_tdata(dp_tx_tdata),
    .m_tx_tkeep(dp_tx_tkeep),
    .m_tx_tvalid(dp_tx_tvalid),
    .m_tx_tready(dp_tx_tready),
    .m_tx_tlast(dp_tx_tlast),
    .s_rx_tdata(dp_rx_tdata),
    .s_rx_tkeep(dp_rx_tkeep),
    .s_rx_tvalid(dp_rx_tvalid),
    .s_rx_tlast(dp_rx_tlast),
    .s_rx_tuser(1'b0),
    .stats(dp_stats),
    .stat_sgl_pkts(st_sgl_pkts),
    .stat_sgl_pieces(st_sgl_pieces),
    .stat_sgl_short(st_sgl_short),
    .stat_sgl_lkey_err(st_sgl_lkey_err),
    .stat_rd_over(st_rd_over),
    .stat_rd_pool(st_rd_pool),
    .stat_rd_desc_lost(st_rd_desc_lost),
    .stat_rnr_naks(st_rnr_naks),
    .stat_rnr_retry_exc(st_rnr_retry_exc),
    .stat_rnr_sent(st_rnr_sent),
    .stat_recv_cpl(st_recv_cpl),
    .stat_recv_err(st_recv_err),
    .stat_ack_coalesced(st_ack_coal),
    .stat_rwqe_drop(st_rwqe_drop),
    .stat_ack_held(st_ack_held),
    .stat_ce_rx(st_ce_rx),
    .stat_cnp_sent(st_cnp_sent),
    .stat_cnp_suppressed(st_cnp_supp),
    .stat_cnp_rx(st_cnp_rx),
    .stat_cnp_drop(st_cnp_drop)
);

/*
 * CC engine: INIT events (QP start) first, then CNPs (type 2), then the
 * ACKs' Notify. CNPs are few (their NP sends at most one per QP per
 * min_time_between_cnps) and wait in hpnic_rx_cnp's queue, which holds RX
 * back when full: none is lost
 */
wire          cc_in_valid, cc_in_ready;
wire          up_valid, up_ready;
wire [QW-1:0] up_qpn;
wire [25:0]   up_w;
wire [23:0]   up_rate;
wire [47:0]   cc_st_events, cc_st_acks, cc_st_inits, cc_st_no_int, cc_st_nhop;
wire [47:0]   cc_st_bad_b, cc_st_record, cc_st_dts_zero, cc_st_wc;
wire [47:0]   cc_st_ign_type, cc_st_dq_cnps, cc_st_dq_ticks, cc_st_dq_decs, cc_st_dq_deferred,
              cc_st_dq_inc_timer, cc_st_dq_inc_bc;
wire [47:0]   cc_st_sf, cc_st_vai_gen;

// the three sources' pick, then a register slice in front of the engine:
// the engine takes a sweeper TICK only in a cycle with no input, so its
// input valid must come from a flip-flop, not from the sources' FIFO
// pointers and this pick (12 LUT levels through the sweeper's bit search
// in the flattened core otherwise). One cycle more from event to Update.
localparam CCI_W = 2 + QW + 24 + 24 + 4 + 12 + 2 + 3 + 20 + 20 + 4 + 320;
wire             cc_pick_valid, cc_pick_ready;
wire [CCI_W-1:0] cc_pick_data, cc_in_data;
wire [1:0]       cc_in_type, cc_in_mode;
wire [QW-1:0]    cc_in_qpn;
wire [23:0]      cc_in_ack_psn, cc_in_snd_nxt;
wire [3:0]       cc_in_nhop, cc_in_max_stage;
wire [11:0]      cc_in_path;
wire [2:0]       cc_in_opts;
wire [19:0]      cc_in_t_ns, cc_in_wai;
wire [319:0]     cc_in_hops;

assign cc_pick_valid = cci_valid || cnp_valid || nt_valid;
assign cci_ready = cc_pick_ready;
assign cnp_ready = cc_pick_ready && !cci_valid;
assign nt_ready = cc_pick_ready && !cci_valid && !cnp_valid;
// the INIT carries QP.CC_OPTS as HPCC_OPT_VAI (bit 1) and HPCC_OPT_SF (bit 2),
// QP.CC_OVERRIDE as HPCC_OPT_OVERRIDE (bit 0) with QP_T_NS, QP_WAI, QP_MAX_STAGE
assign cc_pick_data = {cci_valid ? 2'd1 : cnp_valid ? 2'd2 : 2'd0,
                       cci_valid ? cci_qpn : cnp_valid ? cnp_qpn : nt_qpn,
                       cci_valid ? cci_psn : nt_ack_psn, nt_snd_nxt, nt_nhop, nt_path,
                       cci_mode, {cci_opts, cci_ovr[44]}, cci_ovr[43:24], cci_ovr[23:4],
                       cci_ovr[3:0], nt_hops};

hpnic_reg_slice #(
    .WIDTH(CCI_W),
    .SKID(0)
)
cc_in_slice_inst (
    .clk(clk),
    .rst(rst),
    .s_valid(cc_pick_valid),
    .s_ready(cc_pick_ready),
    .s_data(cc_pick_data),
    .m_valid(cc_in_valid),
    .m_ready(cc_in_ready),
    .m_data(cc_in_data)
);

assign {cc_in_type, cc_in_qpn, cc_in_ack_psn, cc_in_snd_nxt, cc_in_nhop, cc_in_path,
        cc_in_mode, cc_in_opts, cc_in_t_ns, cc_in_wai, cc_in_max_stage, cc_in_hops} = cc_in_data;

// new flows' rate: line Mb/s as Q8.16 bytes/ns (x 65536 / 8000 = x 8.192)
reg [23:0] sched_line_rate_reg = 24'd819200;
// verilator lint_off UNUSEDSIGNAL
wire [41:0] line_rate_prod = {22'd0, cc_line_mbps} * 42'd536871;
// verilator lint_on UNUSEDSIGNAL

always @(posedge clk) begin
    sched_line_rate_reg <= line_rate_prod[39:16];
end

// DCQCN (CC mode 1): its parameters from CC.DCQCN_*; events are stamped by
// the engine's clock at CLK_MHZ
localparam [9:0] DCQCN_CLK_MHZ = CLK_MHZ;

hpcc_cc_engine #(
    .QPN_WIDTH(QW),
    .ROM_FILE(ROM_FILE)
)
cc_inst (
    .clk(clk),
    .rst(rst),
    .s_notify_valid(cc_in_valid),
    .s_notify_ready(cc_in_ready),
    .s_notify_type(cc_in_type),
    .s_notify_qpn(cc_in_qpn),
    .s_notify_ack_psn(cc_in_ack_psn),
    .s_notify_snd_nxt(cc_in_snd_nxt),
    .s_notify_nhop(cc_in_nhop),
    .s_notify_path_id(cc_in_path),
    .s_notify_mode(cc_in_mode),
    .s_notify_cc_opts(cc_in_opts),
    .s_notify_t_ns(cc_in_t_ns),
    .s_notify_wai(cc_in_wai),
    .s_notify_max_stage(cc_in_max_stage),
    .s_notify_hops(cc_in_hops),
    .s_notify_now_us(20'd0),
    .s_notify_period(16'd0),
    .m_update_valid(up_valid),
    .m_update_ready(up_ready),
    .m_update_qpn(up_qpn),
    .m_update_w(up_w),
    .m_update_rate(up_rate),
    .m_update_v(),
    .m_update_flags(),
    .m_update_reason(),
    .m_update_ai_tokens(),
    .m_update_vai_bank(),
    .m_update_vai_damp(),
    .param_t_ns(cc_t_ns),
    .param_eta(cc_eta),
    .param_max_stage(cc_max_stage),
    .param_wai(cc_wai),
    .param_line_mbps(cc_line_mbps),
    .param_min_mbps(cc_min_mbps),
    .param_vai_thresh(vai_thresh),
    .param_vai_ai_div(vai_ai_div),
    .param_vai_bank_cap(vai_bank_cap),
    .param_vai_ai_cap(vai_ai_cap),
    .param_vai_damp_shift(vai_damp_shift),
    .param_sf_acks(sf_acks),
    .param_status(cc_param_status),
    .param_busy(cc_param_busy),
    .param_dcqcn_line_q16(dcqcn_line),
    .param_dcqcn_min_q16(dcqcn_min),
    .param_dcqcn_ai_q16(dcqcn_ai),
    .param_dcqcn_hai_q16(dcqcn_hai),
    .param_dcqcn_first_q16(dcqcn_first),
    // clamp_tgt_rate at the vendor's default (0): no register yet
    .param_dcqcn_clamp_tgt(1'b0),
    .param_dcqcn_g(dcqcn_g),
    .param_dcqcn_alpha0(dcqcn_alpha0),
    .param_dcqcn_min_dec(dcqcn_min_dec),
    .param_dcqcn_gd(dcqcn_gd),
    .param_dcqcn_td_us(dcqcn_td_us),
    .param_dcqcn_ti_us(dcqcn_ti_us),
    .param_dcqcn_b_pkts(dcqcn_b_pkts),
    .param_dcqcn_threshold(dcqcn_threshold),
    .param_dcqcn_tab(dcqcn_tab),
    .param_dcqcn_clk_mhz(DCQCN_CLK_MHZ),
    .param_dcqcn_period_us(dcqcn_period_us),
    .param_dcqcn_tick_us(dcqcn_tick_us),
    .param_dcqcn_ext_time(1'b0),
    .dcqcn_now_us(dcqcn_now_us),
    .dcqcn_period(),
    .sweep_tick(),
    .sweep_tick_qpn(),
    .sweep_passes(),
    .init_done(cc_init_done),
    .stat_events(cc_st_events),
    .stat_acks(cc_st_acks),
    .stat_inits(cc_st_inits),
    .stat_ign_no_int(cc_st_no_int),
    .stat_ign_nhop(cc_st_nhop),
    .stat_ign_bad_b(cc_st_bad_b),
    .stat_ign_mode(),
    .stat_ign_type(cc_st_ign_type),
    .stat_record_only(cc_st_record),
    .stat_dts_zero(cc_st_dts_zero),
    .stat_wc_updates(cc_st_wc),
    .stat_sf_updates(cc_st_sf),
    .stat_vai_gen(cc_st_vai_gen),
    .stat_dcqcn_cnps(cc_st_dq_cnps),
    .stat_dcqcn_ticks(cc_st_dq_ticks),
    .stat_dcqcn_decreases(cc_st_dq_decs),
    .stat_dcqcn_deferred(cc_st_dq_deferred),
    .stat_dcqcn_inc_timer(cc_st_dq_inc_timer),
    .stat_dcqcn_inc_bc(cc_st_dq_inc_bc)
);

/*
 * Flow scheduler and its glue
 */
localparam LEN_W = 14;
wire             sw_valid, sw_ready, sa_valid, sa_ready, sp_valid, sp_ready;
wire [QW-1:0]    sw_qpn, sa_qpn, sp_qpn;
wire [31:0]      sw_bytes, sa_una;
wire [LEN_W-1:0] sp_len;

// The scheduler's "packet" is a grant of credit and window, which the
// requester spends as a byte balance. A grant smaller than the path MTU paces
// small messages one or two at a time instead of an MTU's worth in a burst;
// large packets overdraw the balance and are still paced exactly.
wire [LEN_W-1:0] path_mtu_len = {{(LEN_W-13){1'b0}}, 13'd1 << mtu_log2};
wire [LEN_W-1:0] grant_len = sched_grant == 0 || sched_grant > path_mtu_len ? path_mtu_len : sched_grant;
wire [47:0]      sc_pktsend, sc_work_inv, sc_mtu_inv, sc_ack_ahead, sc_win_floor, sc_no_room;

hpnic_sched_glue #(
    .QPN_WIDTH(QW),
    .LEN_WIDTH(LEN_W)
)
glue_inst (
    .clk(clk),
    .rst(rst),
    .s_work_valid(work_valid),
    .s_work_ready(work_ready),
    .s_work_qpn(work_qpn),
    .s_work_bytes(work_bytes),
    .s_inflight_valid(inf_valid),
    .s_inflight_ready(inf_ready),
    .s_inflight_qpn(inf_qpn),
    .s_inflight_acked(inf_acked),
    .s_inflight_sent(inf_sent),
    .s_free_valid(free_valid),
    .s_free_ready(free_ready),
    .s_free_qpn(free_qpn),
    .s_free_sent(free_sent),
    .m_pktsend_valid(ps_valid),
    .m_pktsend_ready(ps_ready),
    .m_pktsend_qpn(ps_qpn),
    .m_pktsend_len(ps_len),
    .m_sched_work_valid(sw_valid),
    .m_sched_work_ready(sw_ready),
    .m_sched_work_qpn(sw_qpn),
    .m_sched_work_bytes(sw_bytes),
    .m_sched_ack_valid(sa_valid),
    .m_sched_ack_ready(sa_ready),
    .m_sched_ack_qpn(sa_qpn),
    .m_sched_ack_snd_una(sa_una),
    .s_sched_pktsend_valid(sp_valid),
    .s_sched_pktsend_ready(sp_ready),
    .s_sched_pktsend_qpn(sp_qpn),
    .s_sched_pktsend_len(sp_len),
    .s_start_valid(gls_valid),
    .s_start_ready(gls_ready),
    .s_start_qpn(gls_qpn)
);

hpnic_flow_sched #(
    .QPN_WIDTH(QW),
    .ENGINES(SCHED_ENGINES),
    .LEN_WIDTH(LEN_W)
)
sched_inst (
    .clk(clk),
    .rst(rst),
    .s_update_valid(up_valid),
    .s_update_ready(up_ready),
    .s_update_qpn(up_qpn),
    .s_update_w(up_w),
    .s_update_rate(up_rate),
    .s_work_valid(sw_valid),
    .s_work_ready(sw_ready),
    .s_work_qpn(sw_qpn),
    .s_work_bytes(sw_bytes),
    .s_ack_valid(sa_valid),
    .s_ack_ready(sa_ready),
    .s_ack_qpn(sa_qpn),
    .s_ack_snd_una(sa_una),
    .s_flow_valid(flw_valid),
    .s_flow_ready(flw_ready),
    .s_flow_qpn(flw_qpn),
    .s_flow_remove(1'b0),
    .s_mtu_valid(mtu_valid),
    .s_mtu_ready(mtu_ready),
    .s_mtu_qpn(mtu_qpn),
    .s_mtu_len(grant_len),
    .m_pktsend_valid(sp_valid),
    .m_pktsend_ready(sp_ready),
    .m_pktsend_qpn(sp_qpn),
    .m_pktsend_len(sp_len),
    .param_line_rate(sched_line_rate_reg),
    .param_t_ns(cc_t_ns),
    // the requester charges each packet's overhead in its work and credit
    .param_pkt_overhead(8'd0),
    .param_burst_bytes(sched_burst),
    .param_mtu_default(14'd1024),
    .init_done(sched_init_done),
    .stat_pktsend(sc_pktsend),
    .stat_visits(),
    .stat_work_invalid(sc_work_inv),
    .stat_mtu_invalid(sc_mtu_inv),
    .stat_ack_ahead(sc_ack_ahead),
    .stat_win_floor(sc_win_floor),
    .stat_no_room(sc_no_room),
    .status_overflow()
);

/*
 * MAC shim
 */
wire [63:0] mac_st_tx_frames, mac_st_rx_frames, mac_st_rx_bad, mac_st_rx_ovf, mac_st_rx_big;

hpnic_mac_shim #(
    .DATA_WIDTH(512)
)
mac_inst (
    .clk(clk),
    .rst(rst),
    .s_tx_tdata(dp_tx_tdata),
    .s_tx_tkeep(dp_tx_tkeep),
    .s_tx_tvalid(dp_tx_tvalid),
    .s_tx_tready(dp_tx_tready),
    .s_tx_tlast(dp_tx_tlast),
    .s_tx_tuser(1'b0),
    .m_rx_tdata(dp_rx_tdata),
    .m_rx_tkeep(dp_rx_tkeep),
    .m_rx_tvalid(dp_rx_tvalid),
    .m_rx_tready(1'b1),
    .m_rx_tlast(dp_rx_tlast),
    .mac_tx_clk(mac_tx_clk),
    .mac_tx_rst(mac_tx_rst),
    .m_mac_tx_tdata(m_mac_tx_tdata),
    .m_mac_tx_tkeep(m_mac_tx_tkeep),
    .m_mac_tx_tvalid(m_mac_tx_tvalid),
    .m_mac_tx_tready(m_mac_tx_tready),
    .m_mac_tx_tlast(m_mac_tx_tlast),
    .m_mac_tx_tuser(m_mac_tx_tuser),
    .mac_tx_unfout(mac_tx_unfout),
    .mac_tx_ovfout(mac_tx_ovfout),
    .mac_rx_clk(mac_rx_clk),
    .mac_rx_rst(mac_rx_rst),
    .s_mac_rx_tdata(s_mac_rx_tdata),
    .s_mac_rx_tkeep(s_mac_rx_tkeep),
    .s_mac_rx_tvalid(s_mac_rx_tvalid),
    .s_mac_rx_tlast(s_mac_rx_tlast),
    .s_mac_rx_tuser(s_mac_rx_tuser),
    .stat_tx_frames(mac_st_tx_frames),
    .stat_tx_bytes(),
    .stat_tx_drop_bad(),
    .stat_tx_drop_oversize(),
    .stat_tx_drop_reset(),
    .stat_tx_mac_underflow(),
    .stat_tx_mac_overflow(),
    .stat_rx_frames(mac_st_rx_frames),
    .stat_rx_bytes(),
    .stat_rx_drop_bad(mac_st_rx_bad),
    .stat_rx_drop_overflow(mac_st_rx_ovf),
    .stat_rx_drop_oversize(mac_st_rx_big)
);

/*
 * Counters, in register-map order (fw/regmap.toml, STATS)
 */
// the MAC shim's three RX drop counts summed a cycle late: the sum would
// otherwise sit in the CSR read mux's path
reg [63:0] mac_rx_errors_reg = 0;

always @(posedge clk) begin
    mac_rx_errors_reg <= mac_st_rx_bad + mac_st_rx_ovf + mac_st_rx_big;
end

// the datapath's 32 come first, in its own order, which the map repeats;
// the adapter's 15 are consecutive
initial begin
    if (HPNIC_CNT_RX_FRAMES != 0 || HPNIC_CNT_TX_FATAL != 31 || HPNIC_CNT_CC_EVENTS != 32) begin
        $error("hpnic_core: the register map's counter order no longer matches the datapath's (%m)");
        $finish;
    end
    if (HPNIC_CNT_PCIE_IRQ_MERGED - HPNIC_CNT_PCIE_WR_CMDS != 14) begin
        $error("hpnic_core: the register map's adapter counters are not the 15 of s_adapter_stats (%m)");
        $finish;
    end
end

genvar gi;
generate
    for (gi = 0; gi < 32; gi = gi + 1) begin : g_dp_stats
        // the datapath's vector has counter 0 in its top bits
        assign stats[64*gi +: 64] = {32'd0, dp_stats[32*(31-gi) +: 32]};
    end
endgenerate

assign stats[64*HPNIC_CNT_CC_EVENTS +: 64] = {16'd0, cc_st_events};
assign stats[64*HPNIC_CNT_CC_ACKS +: 64] = {16'd0, cc_st_acks};
assign stats[64*HPNIC_CNT_CC_INITS +: 64] = {16'd0, cc_st_inits};
assign stats[64*HPNIC_CNT_CC_IGN_NO_INT +: 64] = {16'd0, cc_st_no_int};
assign stats[64*HPNIC_CNT_CC_IGN_NHOP +: 64] = {16'd0, cc_st_nhop};
assign stats[64*HPNIC_CNT_CC_IGN_BAD_B +: 64] = {16'd0, cc_st_bad_b};
assign stats[64*HPNIC_CNT_CC_RECORD_ONLY +: 64] = {16'd0, cc_st_record};
assign stats[64*HPNIC_CNT_CC_DTS_ZERO +: 64] = {16'd0, cc_st_dts_zero};
assign stats[64*HPNIC_CNT_CC_WC_UPDATES +: 64] = {16'd0, cc_st_wc};
assign stats[64*HPNIC_CNT_SCHED_PKTSEND +: 64] = {16'd0, sc_pktsend};
assign stats[64*HPNIC_CNT_SCHED_WORK_INVALID +: 64] = {16'd0, sc_work_inv};
assign stats[64*HPNIC_CNT_SCHED_MTU_INVALID +: 64] = {16'd0, sc_mtu_inv};
assign stats[64*HPNIC_CNT_SCHED_ACK_AHEAD +: 64] = {16'd0, sc_ack_ahead};
assign stats[64*HPNIC_CNT_SCHED_WIN_FLOOR +: 64] = {16'd0, sc_win_floor};
assign stats[64*HPNIC_CNT_SCHED_NO_ROOM +: 64] = {16'd0, sc_no_room};
assign stats[64*HPNIC_CNT_HOST_DOORBELLS +: 64] = {32'd0, st_doorbells};
assign stats[64*HPNIC_CNT_HOST_WQE_FETCHES +: 64] = {32'd0, st_fetches};
assign stats[64*HPNIC_CNT_HOST_CQES +: 64] = {32'd0, st_cqes};
assign stats[64*HPNIC_CNT_HOST_CMD_ERRORS +: 64] = {32'd0, st_cmd_err};
assign stats[64*HPNIC_CNT_HOST_DOORBELL_BAD_QP +: 64] = {32'd0, st_db_bad};
assign stats[64*HPNIC_CNT_HOST_IRQS +: 64] = {32'd0, st_irqs};
assign stats[64*HPNIC_CNT_MAC_TX_FRAMES +: 64] = mac_st_tx_frames;
assign stats[64*HPNIC_CNT_MAC_RX_FRAMES +: 64] = mac_st_rx_frames;
assign stats[64*HPNIC_CNT_MAC_RX_ERRORS +: 64] = mac_rx_errors_reg;
assign stats[64*HPNIC_CNT_HOST_WQE_BAD_OPCODE +: 64] = {32'd0, st_bad_op};
assign stats[64*HPNIC_CNT_HOST_CQE_DROPPED +: 64] = {32'd0, st_cqe_drop};
assign stats[64*HPNIC_CNT_TX_SGL_PKTS +: 64] = {32'd0, st_sgl_pkts};
assign stats[64*HPNIC_CNT_TX_SGL_PIECES +: 64] = {32'd0, st_sgl_pieces};
assign stats[64*HPNIC_CNT_TX_SGL_SHORT +: 64] = {32'd0, st_sgl_short};
assign stats[64*HPNIC_CNT_HOST_WQE_BAD_EXT +: 64] = {32'd0, st_bad_ext};
assign stats[64*HPNIC_CNT_HOST_DOORBELL_BAD_OFFSET +: 64] = {32'd0, st_db_bad_off};
assign stats[64*HPNIC_CNT_HOST_WQE_LKEY_ERR +: 64] = {32'd0, st_lkey_err};
assign stats[64*HPNIC_CNT_TX_SGL_LKEY_ERR +: 64] = {32'd0, st_sgl_lkey_err};
assign stats[64*HPNIC_CNT_RX_RD_OVER +: 64] = {32'd0, st_rd_over};
assign stats[64*HPNIC_CNT_RX_RD_POOL +: 64] = {32'd0, st_rd_pool};
assign stats[64*HPNIC_CNT_TX_RD_DESC_LOST +: 64] = {32'd0, st_rd_desc_lost};
assign stats[64*HPNIC_CNT_TX_RNR_NAKS +: 64] = {32'd0, st_rnr_naks};
assign stats[64*HPNIC_CNT_TX_RNR_RETRY_EXC +: 64] = {32'd0, st_rnr_retry_exc};
assign stats[64*HPNIC_CNT_RX_RNR_NAKS +: 64] = {32'd0, st_rnr_sent};
assign stats[64*HPNIC_CNT_RX_RECV_CPL +: 64] = {32'd0, st_recv_cpl};
assign stats[64*HPNIC_CNT_RX_RECV_ERR +: 64] = {32'd0, st_recv_err};
assign stats[64*HPNIC_CNT_RX_ACK_COALESCED +: 64] = {32'd0, st_ack_coal};
assign stats[64*HPNIC_CNT_RX_RWQE_DROP +: 64] = {32'd0, st_rwqe_drop};
assign stats[64*HPNIC_CNT_TX_ACK_HELD +: 64] = {32'd0, st_ack_held};
assign stats[64*HPNIC_CNT_HOST_RWQE_FETCHES +: 64] = {32'd0, st_rwqe_fetches};
assign stats[64*HPNIC_CNT_HOST_RWQE_LKEY_ERR +: 64] = {32'd0, st_rwqe_lkey_err};
assign stats[64*HPNIC_CNT_HOST_RQ_DB_BAD +: 64] = {32'd0, st_rq_db_bad};
assign stats[64*HPNIC_CNT_HOST_RCQES +: 64] = {32'd0, st_rcqes};
assign stats[64*HPNIC_CNT_NP_CE_RX +: 64] = {32'd0, st_ce_rx};
assign stats[64*HPNIC_CNT_NP_CNP_SENT +: 64] = {32'd0, st_cnp_sent};
assign stats[64*HPNIC_CNT_NP_CNP_SUPPRESSED +: 64] = {32'd0, st_cnp_supp};
assign stats[64*HPNIC_CNT_RX_CNP +: 64] = {32'd0, st_cnp_rx};
assign stats[64*HPNIC_CNT_RX_CNP_DROP +: 64] = {32'd0, st_cnp_drop};
assign stats[64*HPNIC_CNT_CC_IGN_TYPE +: 64] = {16'd0, cc_st_ign_type};
assign stats[64*HPNIC_CNT_CC_DCQCN_CNPS +: 64] = {16'd0, cc_st_dq_cnps};
assign stats[64*HPNIC_CNT_CC_DCQCN_TICKS +: 64] = {16'd0, cc_st_dq_ticks};
assign stats[64*HPNIC_CNT_CC_DCQCN_DECREASES +: 64] = {16'd0, cc_st_dq_decs};
assign stats[64*HPNIC_CNT_CC_DCQCN_DEFERRED +: 64] = {16'd0, cc_st_dq_deferred};
assign stats[64*HPNIC_CNT_CC_DCQCN_INC_TIMER +: 64] = {16'd0, cc_st_dq_inc_timer};
assign stats[64*HPNIC_CNT_CC_DCQCN_INC_BC +: 64] = {16'd0, cc_st_dq_inc_bc};
assign stats[64*HPNIC_CNT_CC_SF_UPDATES +: 64] = {16'd0, cc_st_sf};
assign stats[64*HPNIC_CNT_CC_VAI_GEN +: 64] = {16'd0, cc_st_vai_gen};
assign stats[64*HPNIC_CNT_DMA_RD_ERRORS +: 64] = {32'd0, st_dma_rd_err};

generate
    for (gi = 0; gi < 15; gi = gi + 1) begin : g_adapter_stats
        assign stats[64*(HPNIC_CNT_PCIE_WR_CMDS+gi) +: 64] = {32'd0, s_adapter_stats[32*gi +: 32]};
    end
endgenerate

// verilator lint_on PINCONNECTEMPTY

endmodule

`resetall
