// SPDX-License-Identifier: MIT
/*
 * BAR0 registers: the self-describing block list of docs/regmap.md (ID,
 * CTRL, CC, QP, MR, CQ, STATS, DB), decoded from the generated constants in
 * hpnic_regs.vh (fw/regmap.toml is the source).
 *
 * The QP, MR and CQ blocks are indirect: the host fills staging registers,
 * then writes CMD; a command is checked and applied in one cycle (CMD_STATUS
 * never shows BUSY) and its error code stays in CMD_STATUS.ERROR and
 * CTRL.ERR_CODE until the next command. A send doorbell write becomes a Post
 * event; one to a QPN beyond the table is dropped and counted. A receive
 * doorbell goes to the receive-queue fetch (hpnic_host_rq), one beyond the
 * table flagged bad, which counts it there with the others it ignores.
 *
 * Asynchronous events (the responder's and the send side's failures from the
 * datapath, completions dropped by the CQ writer) wait in a 16-entry queue
 * that a read of CTRL.EVENT takes from; the event input never waits: an
 * event that finds the queue full is dropped and counted (EVENT_LOST).
 *
 * CSR port: one request at a time; a read answers on m_csr_rsp the cycle
 * after it is taken (the port holds further requests until the response is
 * taken); a write has no response. Reads of write-only or unmapped offsets
 * return 0; writes to read-only ones are ignored.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_host_csr #(
    // QPN bits
    parameter QPN_WIDTH = 12,
    // memory-region table entries, log2
    parameter MR_LOG2 = 10,
    // memory translation table entries, log2
    parameter MTT_LOG2 = 18,
    // CQN bits
    parameter CQN_WIDTH = 8,
    // datapath width in bytes (ID.DATAPATH)
    parameter DATA_BYTES = 64,
    // core clock in MHz (ID.DATAPATH)
    parameter CLK_MHZ = 250,
    // build date, YYYYMMDD in BCD, and the first 32 bits of the git commit
    parameter BUILD_DATE = 32'h2026_1123,
    parameter GIT_HASH = 32'h0,
    // counters on the stats input
    parameter NCOUNTERS = 54,
    // log2 of the READs per QP (ID.RD_ATOMIC; QP.MAX_RD_ATOMIC's bound)
    parameter RD_MAX_LOG2 = 4
) (
    input  wire                   clk,
    input  wire                   rst,

    /*
     * CSR port (PCIe shim)
     */
    input  wire                   s_csr_valid,
    output wire                   s_csr_ready,
    input  wire [24:0]            s_csr_addr,
    input  wire                   s_csr_write,
    input  wire [31:0]            s_csr_wdata,

    output reg                    m_csr_rsp_valid = 1'b0,
    input  wire                   m_csr_rsp_ready,
    output reg  [31:0]            m_csr_rsp_rdata = 0,

    /*
     * NIC configuration
     */
    output reg  [47:0]            cfg_mac = 0,
    output reg  [31:0]            cfg_ip = 0,
    output reg                    cfg_int_enable = 1'b0,
    output reg  [15:0]            cfg_int_port = 16'd4792,
    output reg  [3:0]             cfg_ack_req_log2 = HPNIC_CTRL_ACK_REQ_RST[3:0],
    output reg  [15:0]            cfg_rto = 16'd8,
    output reg                    cfg_irq_enable = 1'b0,

    output reg  [19:0]            cc_t_ns = 20'd4160,
    output reg  [16:0]            cc_eta = 17'd62259,
    output reg  [3:0]             cc_max_stage = 4'd5,
    output reg  [19:0]            cc_wai = 20'd1280,
    output reg  [19:0]            cc_line_mbps = 20'd100000,
    output reg  [19:0]            cc_min_mbps = 20'd100,
    output reg  [7:0]             sched_overhead = 8'd82,
    output reg  [15:0]            sched_burst = 16'd4096,
    output reg  [13:0]            sched_grant = 14'd256,

    // DCQCN (CC mode 1), CC.DCQCN_*: as dcqcn_derive() makes them
    output reg  [23:0]            dcqcn_line = 24'd819200,
    output reg  [23:0]            dcqcn_min = 24'd328,
    output reg  [23:0]            dcqcn_ai = 24'd328,
    output reg  [23:0]            dcqcn_hai = 24'd1638,
    output reg  [23:0]            dcqcn_first = 24'd0,
    output reg  [9:0]             dcqcn_g = 10'd4,
    output reg  [22:0]            dcqcn_alpha0 = 23'd4190208,
    output reg  [16:0]            dcqcn_min_dec = 17'd32768,
    output reg  [3:0]             dcqcn_gd = 4'd1,
    output reg  [16:0]            dcqcn_td_us = 17'd4,
    output reg  [16:0]            dcqcn_ti_us = 17'd300,
    output reg  [15:0]            dcqcn_b_pkts = 16'd2560,
    output reg  [4:0]             dcqcn_threshold = 5'd5,
    output reg  [16:0]            dcqcn_period_us = 17'd1,
    output reg  [16:0]            dcqcn_tick_us = 17'd32,
    // HPCC's Variable AI and Sampling Frequency, CC.VAI_* and CC.SF_ACKS
    output reg  [22:0]            vai_thresh = 23'd50000,
    output reg  [22:0]            vai_ai_div = 23'd1000,
    output reg  [11:0]            vai_bank_cap = 12'd1000,
    output reg  [9:0]             vai_ai_cap = 10'd100,
    output reg  [3:0]             vai_damp_shift = 4'd3,
    output reg  [7:0]             sf_acks = 8'd30,
    output wire [64*18-1:0]       dcqcn_tab,     // entry 16j + k at [18*(16j+k) +: 18]
    // the DCQCN notification point, CC.NP_MIN_TIME_US (min_time_between_cnps)
    output reg  [11:0]            np_min_time_us = 12'd4,

    input  wire                   status_cc_init_done,
    input  wire                   status_sched_init_done,
    input  wire [4:0]             status_cc_param,
    input  wire                   status_cc_busy,    // the CC engine derives its constants

    /*
     * QP context write (a pulse with every field), QP start events
     */
    output reg                    qp_wr_en = 1'b0,
    output reg  [QPN_WIDTH-1:0]   qp_wr_qpn = 0,
    output reg  [2:0]             qp_wr_state = 0,
    output reg  [3:0]             qp_wr_mtu_log2 = 0,
    output reg  [23:0]            qp_wr_dqpn = 0,
    output reg  [47:0]            qp_wr_dmac = 0,
    output reg  [31:0]            qp_wr_dip = 0,
    output reg  [15:0]            qp_wr_sport = 0,
    output reg  [7:0]             qp_wr_dscp_ecn = 0,
    output reg  [1:0]             qp_wr_cc_mode = 0,        // TX marks ECT(0) on mode 1's requests
    output reg  [15:0]            qp_wr_pd = 0,             // protection domain
    output reg  [7:0]             qp_wr_max_rd = 0,         // max_rd_atomic (0: the maximum)
    output reg  [4:0]             qp_wr_min_rnr_timer = 0,  // the responder's RNR NAK timer code
    output reg  [2:0]             qp_wr_rnr_retry = 0,      // the requester's RNR retries (7: no limit)
    output reg  [63:0]            qp_wr_sq_base = 0,
    output reg  [4:0]             qp_wr_sq_log2 = 0,
    output reg                    qp_wr_sq_wide = 1'b0,   // 128-byte WQEs
    output reg  [CQN_WIDTH-1:0]   qp_wr_cqn = 0,
    output reg  [63:0]            qp_wr_rq_base = 0,
    output reg  [4:0]             qp_wr_rq_log2 = 0,        // 0: no receive queue
    output reg  [CQN_WIDTH-1:0]   qp_wr_rcqn = 0,
    input  wire                   rq_cfg_ready,             // the RQ fetch takes a context write

    output wire                   m_start_valid,
    input  wire                   m_start_ready,
    output wire [QPN_WIDTH-1:0]   m_start_qpn,
    output wire [23:0]            m_start_sq_psn,
    output wire [23:0]            m_start_rq_psn,
    output wire [3:0]             m_start_mtu_log2,
    output wire [1:0]             m_start_cc_mode,
    output wire [1:0]             m_start_cc_opts,   // QP.CC_OPTS: {SF, VAI}, for the INIT
    // {QP.CC_OVERRIDE, QP_T_NS, QP_WAI, QP_MAX_STAGE}, for the INIT
    output wire [44:0]            m_start_cc_ovr,
    output wire                   m_start_sq,        // restart the send side (START, START_SQ)
    output wire                   m_start_rq,        // restart the receive side (START, START_RQ)

    /*
     * Memory regions, completion queues, doorbells
     */
    output reg                    mr_wr_en = 1'b0,
    output reg  [MR_LOG2-1:0]     mr_wr_idx = 0,
    output reg                    mr_wr_valid = 1'b0,
    output reg  [7:0]             mr_wr_tag = 0,
    output reg  [2:0]             mr_wr_access = 0,  // {LOCAL_WRITE, REMOTE_READ, REMOTE_WRITE}
    output reg  [63:0]            mr_wr_va = 0,
    output reg  [47:0]            mr_wr_len = 0,
    output reg  [63:0]            mr_wr_iova = 0,
    output reg  [15:0]            mr_wr_pd = 0,

    // MTT entry writes: a page's IO address bits 47:12
    output reg                    mtt_wr_en = 1'b0,
    output reg  [MTT_LOG2-1:0]    mtt_wr_idx = 0,
    output reg  [35:0]            mtt_wr_frame = 0,

    output wire                   m_cq_cfg_valid,
    input  wire                   m_cq_cfg_ready,
    output wire [CQN_WIDTH-1:0]   m_cq_cfg_cqn,
    output wire                   m_cq_cfg_enable,
    output wire [63:0]            m_cq_cfg_base,
    output wire [4:0]             m_cq_cfg_log2,
    output wire [10:0]            m_cq_cfg_vector,

    output wire [CQN_WIDTH-1:0]   cq_pi_cqn,
    input  wire [15:0]            cq_pi_data,

    output wire                   m_post_valid,
    input  wire                   m_post_ready,
    output wire [QPN_WIDTH-1:0]   m_post_qpn,
    output wire [15:0]            m_post_pi,

    output wire                   m_rqdb_valid,
    input  wire                   m_rqdb_ready,
    output wire [QPN_WIDTH-1:0]   m_rqdb_qpn,
    output wire [15:0]            m_rqdb_pi,
    output wire                   m_rqdb_bad,       // QPN beyond the table

    /*
     * Counters (index i in bits [64*i +: 64]) and this block's own
     */
    input  wire [NCOUNTERS*64-1:0] stats,
    /*
     * Asynchronous events (ASYNC_EVENT): the datapath's, and a pulse per
     * completion the CQ writer dropped
     */
    input  wire                   s_event_valid,
    output wire                   s_event_ready,
    input  wire [QPN_WIDTH-1:0]   s_event_qpn,
    input  wire [3:0]             s_event_type,
    input  wire                   cq_err_valid,
    input  wire [CQN_WIDTH-1:0]   cq_err_cqn,

    output reg  [31:0]            stat_doorbells = 0,
    output reg  [31:0]            stat_cmd_errors = 0,
    output reg  [31:0]            stat_doorbell_bad_qp = 0,
    output reg  [31:0]            stat_doorbell_bad_offset = 0
);

// parameters a caller can get wrong fail at elaboration, not silently
initial begin
    if (QPN_WIDTH < 1 || QPN_WIDTH > 12) begin
        $error("hpnic_host_csr: QPN_WIDTH must be 1..12 (a 4 KiB doorbell page per QP in 16 MiB of BAR0) (%m)");
        $finish;
    end
    if (CQN_WIDTH < 1 || CQN_WIDTH > 16) begin
        $error("hpnic_host_csr: CQN_WIDTH must be 1..16 (%m)");
        $finish;
    end
    if (MTT_LOG2 < 2 || MTT_LOG2 > 24) begin
        $error("hpnic_host_csr: MTT_LOG2 must be 2..24 (%m)");
        $finish;
    end
    if (MR_LOG2 < 1 || MR_LOG2 > 24) begin
        $error("hpnic_host_csr: MR_LOG2 must be 1..24 (%m)");
        $finish;
    end
    if (NCOUNTERS < 1 || NCOUNTERS > 256) begin
        $error("hpnic_host_csr: NCOUNTERS must be 1..256 (STATS.SEL picks one of 256) (%m)");
        $finish;
    end
    if (CLK_MHZ < 1 || CLK_MHZ > 65535 || DATA_BYTES < 1 || DATA_BYTES > 65535) begin
        $error("hpnic_host_csr: CLK_MHZ and DATA_BYTES must fit the ID block's 16 bits (%m)");
        $finish;
    end
end

`include "hpnic_regs.vh"

localparam QW = QPN_WIDTH;
localparam CW = CQN_WIDTH;

/*
 * Staging registers of the indirect blocks
 */
reg [31:0] scratch_reg = 0;
reg [1:0]  default_mode_reg = 0;    // CC.DEFAULT_MODE: kept for software

// CC.DCQCN_TAB: the D tables, reset to g = 4/1024's (dcqcn_tables()); entry
// 16j + k at bit 18 (16j + k), the last entry first
localparam [64*18-1:0] DCQCN_TAB_DEFAULT = {
    18'h00000, 18'h00000, 18'h00000, 18'h00000, 18'h00000, 18'h00000, 18'h00000, 18'h00000,
    18'h00000, 18'h00000, 18'h00000, 18'h00000, 18'h00000, 18'h00000, 18'h00000, 18'h20000,
    18'h00000, 18'h00000, 18'h00000, 18'h00001, 18'h00002, 18'h00006, 18'h00010, 18'h0002b,
    18'h00076, 18'h00141, 18'h0036b, 18'h0094e, 18'h01957, 18'h04505, 18'h0bbfc, 18'h20000,
    18'h0c822, 18'h0d511, 18'h0e2d6, 18'h0f17f, 18'h1011a, 18'h111b8, 18'h12368, 18'h1363d,
    18'h14a4a, 18'h15fa2, 18'h1765c, 18'h18e8d, 18'h1a84f, 18'h1c3ba, 18'h1e0ec, 18'h20000,
    18'h1e2ce, 18'h1e4b3, 18'h1e69a, 18'h1e882, 18'h1ea6d, 18'h1ec59, 18'h1ee47, 18'h1f038,
    18'h1f22a, 18'h1f41e, 18'h1f614, 18'h1f80c, 18'h1fa06, 18'h1fc02, 18'h1fe00, 18'h20000
};
reg [5:0]  dcqcn_tab_idx = 0;
reg [17:0] dcqcn_tab_mem [0:63];
integer    dti;
initial begin
    for (dti = 0; dti < 64; dti = dti + 1) begin
        dcqcn_tab_mem[dti] = DCQCN_TAB_DEFAULT[18*dti +: 18];
    end
end
genvar dtg;
generate
for (dtg = 0; dtg < 64; dtg = dtg + 1) begin : g_dcqcn_tab
    assign dcqcn_tab[18*dtg +: 18] = dcqcn_tab_mem[dtg];
end
endgenerate
reg [7:0]  err_code_reg = 0;

reg [31:0] qp_qpn_reg = 0;
reg [2:0]  qp_state_reg = 0;
reg [3:0]  qp_mtu_reg = 4'd0;
reg [23:0] qp_dqpn_reg = 0;
reg [47:0] qp_dmac_reg = 0;
reg [31:0] qp_dip_reg = 0;
reg [15:0] qp_sport_reg = 0;
reg [7:0]  qp_dscp_reg = 8'h6a;
reg [15:0] qp_pd_reg = 0;
reg [63:0] qp_sq_base_reg = 0;
reg [4:0]  qp_sq_log2_reg = 0;
reg [3:0]  qp_sq_wqe_log2_reg = 0;
reg [31:0] qp_cqn_reg = 0;
reg [23:0] qp_sq_psn_reg = 0, qp_rq_psn_reg = 0;
reg [1:0]  qp_cc_mode_reg = 0;
reg [7:0]  np_status_reg = 0;      // CC.NP_STATUS: the last NP_MIN_TIME_US write's
reg        rng_bad_reg = 1'b0;     // CC.RANGE_STATUS.ERROR: the last ranged write refused
reg [11:0] rng_off_reg = 12'd0;    // CC.RANGE_STATUS.OFFSET: the last refused write's
reg        qp_cc_ovr_reg = 1'b0;
reg [1:0]  qp_cc_opts_reg = 2'd0;
reg [19:0] qp_t_ns_reg = 0;
reg [19:0] qp_wai_reg = 0;
reg [3:0]  qp_max_stage_reg = 0;
reg [7:0]  qp_max_rd_reg = 0;
reg [7:0]  qp_min_rnr_reg = HPNIC_QP_MIN_RNR_TIMER_RST;
reg [7:0]  qp_rnr_retry_reg = HPNIC_QP_RNR_RETRY_RST;
reg [63:0] qp_rq_base_reg = 0;
reg [4:0]  qp_rq_log2_reg = 0;
reg [31:0] qp_rcqn_reg = 0;
reg [7:0]  qp_err_reg = 0;

reg [31:0] mr_idx_reg = 0;
reg [7:0]  mr_tag_reg = 0;
reg [2:0]  mr_access_reg = 0;
reg [63:0] mr_va_reg = 0;
reg [47:0] mr_len_reg = 0;
reg [63:0] mr_iova_reg = 0;
reg [15:0] mr_pd_reg = 0;
reg [31:0] mtt_idx_reg = 0;
reg [15:0] mtt_addr_hi_reg = 0;
wire       mtt_idx_ok = (mtt_idx_reg >> MTT_LOG2) == 0;
reg [7:0]  mr_err_reg = 0;

reg [31:0] cq_cqn_reg = 0;
reg [63:0] cq_base_reg = 0;
reg [4:0]  cq_log2_reg = 0;
reg [10:0] cq_vector_reg = 0;
reg [7:0]  cq_err_reg = 0;

reg [31:0] stats_sel_reg = 0;
reg [31:0] stats_hi_reg = 0;

/*
 * Per-QP shadow for CMD READ: the fields the host may want back
 * {state, mtu_log2, cc_mode, override, T, W_AI, maxStage, max_rd_atomic,
 * min_rnr_timer, rnr_retry, cc_opts} (min_rnr_timer and rnr_retry as
 * checked: 5 and 3 bits)
 */
localparam SHW = 3 + 4 + 2 + 1 + 20 + 20 + 4 + 8 + 5 + 3 + 2;
wire [SHW-1:0] shadow_rd;
reg            shadow_rd_pending = 1'b0;

hpnic_ram_sdp #(
    .ADDR_WIDTH(QW),
    .DATA_WIDTH(SHW)
)
shadow_inst (
    .clk(clk),
    .wr_en(qp_wr_en),
    .wr_addr(qp_wr_qpn),
    .wr_data({qp_state_reg, qp_mtu_reg, qp_cc_mode_reg, qp_cc_ovr_reg, qp_t_ns_reg, qp_wai_reg,
              qp_max_stage_reg, qp_max_rd_reg, qp_min_rnr_reg[4:0], qp_rnr_retry_reg[2:0],
              qp_cc_opts_reg}),
    .rd_en(1'b1),
    .rd_addr(qp_qpn_reg[QW-1:0]),
    .rd_data(shadow_rd)
);

/*
 * Output event queues: QP start, CQ configuration, doorbells
 */
wire start_room, cq_room, post_room, rqdb_room;
reg  start_wr = 1'b0, cq_wr = 1'b0, post_wr = 1'b0, rqdb_wr = 1'b0;
reg  [QW-1:0] post_qpn_reg = 0;
reg  [15:0]   post_pi_reg = 0;
reg           rqdb_bad_reg = 1'b0;
reg           cq_enable_reg = 1'b0;
// verilator lint_off UNUSEDSIGNAL
wire [2:0] start_count, cq_count;
wire [4:0] post_count, rqdb_count;
// verilator lint_on UNUSEDSIGNAL

reg start_sq_reg = 1'b0, start_rq_reg = 1'b0;

hpnic_fifo #(.DEPTH_LOG2(2), .WIDTH(QW + 24 + 24 + 4 + 2 + 2 + 45 + 2))
start_inst (
    .clk(clk), .rst(rst),
    .s_valid(start_wr), .s_ready(start_room),
    .s_data({qp_qpn_reg[QW-1:0], qp_sq_psn_reg, qp_rq_psn_reg, qp_mtu_reg, qp_cc_mode_reg,
             qp_cc_opts_reg, qp_cc_ovr_reg, qp_t_ns_reg, qp_wai_reg, qp_max_stage_reg,
             start_sq_reg, start_rq_reg}),
    .m_valid(m_start_valid), .m_ready(m_start_ready),
    .m_data({m_start_qpn, m_start_sq_psn, m_start_rq_psn, m_start_mtu_log2, m_start_cc_mode,
             m_start_cc_opts, m_start_cc_ovr, m_start_sq, m_start_rq}),
    .count(start_count)
);

hpnic_fifo #(.DEPTH_LOG2(2), .WIDTH(CW + 1 + 64 + 5 + 11))
cq_inst (
    .clk(clk), .rst(rst),
    .s_valid(cq_wr), .s_ready(cq_room),
    .s_data({cq_cqn_reg[CW-1:0], cq_enable_reg, cq_base_reg, cq_log2_reg, cq_vector_reg}),
    .m_valid(m_cq_cfg_valid), .m_ready(m_cq_cfg_ready),
    .m_data({m_cq_cfg_cqn, m_cq_cfg_enable, m_cq_cfg_base, m_cq_cfg_log2, m_cq_cfg_vector}),
    .count(cq_count)
);

hpnic_fifo #(.DEPTH_LOG2(4), .WIDTH(QW + 16))
post_inst (
    .clk(clk), .rst(rst),
    .s_valid(post_wr), .s_ready(post_room), .s_data({post_qpn_reg, post_pi_reg}),
    .m_valid(m_post_valid), .m_ready(m_post_ready), .m_data({m_post_qpn, m_post_pi}),
    .count(post_count)
);

// receive doorbells: the same QPN and producer index registers as a Post's
hpnic_fifo #(.DEPTH_LOG2(4), .WIDTH(QW + 16 + 1))
rqdb_inst (
    .clk(clk), .rst(rst),
    .s_valid(rqdb_wr), .s_ready(rqdb_room), .s_data({post_qpn_reg, post_pi_reg, rqdb_bad_reg}),
    .m_valid(m_rqdb_valid), .m_ready(m_rqdb_ready), .m_data({m_rqdb_qpn, m_rqdb_pi, m_rqdb_bad}),
    .count(rqdb_count)
);

assign cq_pi_cqn = cq_cqn_reg[CW-1:0];

/*
 * Request handling: one per cycle when no read response waits; a write
 * that needs a queue (a doorbell, a START, a CQ command) waits for room
 */
// The doorbell pages fill the upper half of BAR0, one 4 KiB page per QP:
// the page number is the QPN, and only the doorbell's own offset in the
// page rings it, so the page of one QP can never ring another
localparam [24:0] DB_BASE = HPNIC_DB_BASE[24:0];
localparam [11:0] DB_OFF = HPNIC_DB_SQ_DB[11:0];
localparam [11:0] RQ_DB_OFF = HPNIC_DB_RQ_DB[11:0];
wire        is_db = s_csr_addr[24] == DB_BASE[24];
wire [11:0] db_qpn = s_csr_addr[23:12];
wire        db_at_reg = s_csr_addr[11:0] == DB_OFF;
wire        db_at_rq = s_csr_addr[11:0] == RQ_DB_OFF;
/*
 * Every CC register with a Range (fw/regmap.toml) is written two cycles
 * late: the write's address is decoded into ck_sel_reg and its value
 * registered; the next cycle compares the value with every register's Range
 * (ck_okv_reg); the one after picks the written register's verdict and
 * commits the value, or refuses it whole (the register keeps its value,
 * CC.RANGE_STATUS reads BAD_VALUE and the offset). The port takes nothing
 * meanwhile, so a read after the write sees what it did. Checked in the
 * write's own cycle, the address-selected compare and the registers'
 * enables followed the port's input (9 LUT levels in the whole core).
 */
localparam [4:0] CK_DCQCN_LINE = 5'd0,
                 CK_DCQCN_MIN = 5'd1,
                 CK_DCQCN_AI = 5'd2,
                 CK_DCQCN_HAI = 5'd3,
                 CK_DCQCN_FIRST = 5'd4,
                 CK_DCQCN_G = 5'd5,
                 CK_DCQCN_ALPHA0 = 5'd6,
                 CK_DCQCN_MIN_DEC = 5'd7,
                 CK_DCQCN_GD = 5'd8,
                 CK_DCQCN_TD_US = 5'd9,
                 CK_DCQCN_TI_US = 5'd10,
                 CK_DCQCN_B_PKTS = 5'd11,
                 CK_DCQCN_THRESHOLD = 5'd12,
                 CK_DCQCN_PERIOD_US = 5'd13,
                 CK_DCQCN_TICK_US = 5'd14,
                 CK_NP_MIN_TIME_US = 5'd15,
                 CK_DCQCN_TAB_IDX = 5'd16,
                 CK_DCQCN_TAB = 5'd17,
                 CK_VAI_THRESH = 5'd18,
                 CK_VAI_AI_DIV = 5'd19,
                 CK_VAI_BANK_CAP = 5'd20,
                 CK_VAI_AI_CAP = 5'd21,
                 CK_VAI_DAMP_SHIFT = 5'd22,
                 CK_SF_ACKS = 5'd23;
// CTRL.CC_PARAM_STATUS.BUSY from a write to the CC block on: the engine's
// busy (registered here: it starts at the engine's parameter compares)
// rises a few cycles after the register changes, a ranged one's two cycles
// later still, and a read right behind the write must not find it low
reg [2:0]  cc_wr_hold = 3'd0;
reg        cc_busy_reg = 1'b0;
reg        ck_wr_reg = 1'b0;      // the write registered: its Range is checked
reg        ck_commit_reg = 1'b0;  // checked: it commits or is refused
reg [23:0] ck_okv_reg = 24'd0;
reg [4:0]  ck_sel_reg = 5'd0;
reg [31:0] ck_data_reg = 32'd0;
reg [11:0] ck_off_reg = 12'd0;

// a QP command's context write reaches the RQ fetch, which must take it
wire        queue_ok = post_room && start_room && cq_room && rqdb_room && rq_cfg_ready &&
                       !post_wr && !start_wr && !cq_wr && !rqdb_wr;

// the two cycles after a ranged write (above) take nothing: a read then
// sees the value it committed
assign s_csr_ready = !m_csr_rsp_valid && queue_ok && !ck_wr_reg && !ck_commit_reg;
wire take = s_csr_valid && s_csr_ready;
wire wr = take && s_csr_write;
wire rd = take && !s_csr_write;

// a register's address, as the 25-bit BAR0 offset
// verilator lint_off UNUSEDSIGNAL
function [24:0] a;
    input [31:0] off;
    begin
        a = off[24:0];
    end
endfunction

// a write's value within a register's Range (fw/regmap.toml min/max/zero_ok):
// all 32 bits compared, so bits beyond the register's width refuse it too
function in_rng;
    input [31:0] v, lo, hi;
    input integer zero_ok;
    begin
        in_rng = (v >= lo && v <= hi) || (zero_ok != 0 && v == 32'd0);
    end
endfunction
// verilator lint_on UNUSEDSIGNAL

// a write to a ranged register: which one
reg       ck_hit;
reg [4:0] ck_sel;
always @* begin
    ck_hit = 1'b1;
    ck_sel = 5'd0;
    case (s_csr_addr)
        a(HPNIC_CC_DCQCN_LINE): ck_sel = CK_DCQCN_LINE;
        a(HPNIC_CC_DCQCN_MIN): ck_sel = CK_DCQCN_MIN;
        a(HPNIC_CC_DCQCN_AI): ck_sel = CK_DCQCN_AI;
        a(HPNIC_CC_DCQCN_HAI): ck_sel = CK_DCQCN_HAI;
        a(HPNIC_CC_DCQCN_FIRST): ck_sel = CK_DCQCN_FIRST;
        a(HPNIC_CC_DCQCN_G): ck_sel = CK_DCQCN_G;
        a(HPNIC_CC_DCQCN_ALPHA0): ck_sel = CK_DCQCN_ALPHA0;
        a(HPNIC_CC_DCQCN_MIN_DEC): ck_sel = CK_DCQCN_MIN_DEC;
        a(HPNIC_CC_DCQCN_GD): ck_sel = CK_DCQCN_GD;
        a(HPNIC_CC_DCQCN_TD_US): ck_sel = CK_DCQCN_TD_US;
        a(HPNIC_CC_DCQCN_TI_US): ck_sel = CK_DCQCN_TI_US;
        a(HPNIC_CC_DCQCN_B_PKTS): ck_sel = CK_DCQCN_B_PKTS;
        a(HPNIC_CC_DCQCN_THRESHOLD): ck_sel = CK_DCQCN_THRESHOLD;
        a(HPNIC_CC_DCQCN_PERIOD_US): ck_sel = CK_DCQCN_PERIOD_US;
        a(HPNIC_CC_DCQCN_TICK_US): ck_sel = CK_DCQCN_TICK_US;
        a(HPNIC_CC_NP_MIN_TIME_US): ck_sel = CK_NP_MIN_TIME_US;
        a(HPNIC_CC_DCQCN_TAB_IDX): ck_sel = CK_DCQCN_TAB_IDX;
        a(HPNIC_CC_DCQCN_TAB): ck_sel = CK_DCQCN_TAB;
        a(HPNIC_CC_VAI_THRESH): ck_sel = CK_VAI_THRESH;
        a(HPNIC_CC_VAI_AI_DIV): ck_sel = CK_VAI_AI_DIV;
        a(HPNIC_CC_VAI_BANK_CAP): ck_sel = CK_VAI_BANK_CAP;
        a(HPNIC_CC_VAI_AI_CAP): ck_sel = CK_VAI_AI_CAP;
        a(HPNIC_CC_VAI_DAMP_SHIFT): ck_sel = CK_VAI_DAMP_SHIFT;
        a(HPNIC_CC_SF_ACKS): ck_sel = CK_SF_ACKS;
        default: ck_hit = 1'b0;
    endcase
end

// the ranged write registered the cycle before: each register's Range
// compared (a flip-flop each, ck_okv_reg), the one written picked at the
// commit: a compare and a 24-way select in one cycle made 8 LUT levels
reg [23:0] ck_okv;
wire       ck_ok = ck_okv_reg[ck_sel_reg];
always @* begin
    ck_okv[CK_DCQCN_LINE] =
        in_rng(ck_data_reg, HPNIC_CC_DCQCN_LINE_MIN, HPNIC_CC_DCQCN_LINE_MAX,
               HPNIC_CC_DCQCN_LINE_ZERO_OK);
    ck_okv[CK_DCQCN_MIN] =
        in_rng(ck_data_reg, HPNIC_CC_DCQCN_MIN_MIN, HPNIC_CC_DCQCN_MIN_MAX,
               HPNIC_CC_DCQCN_MIN_ZERO_OK);
    ck_okv[CK_DCQCN_AI] =
        in_rng(ck_data_reg, HPNIC_CC_DCQCN_AI_MIN, HPNIC_CC_DCQCN_AI_MAX,
               HPNIC_CC_DCQCN_AI_ZERO_OK);
    ck_okv[CK_DCQCN_HAI] =
        in_rng(ck_data_reg, HPNIC_CC_DCQCN_HAI_MIN, HPNIC_CC_DCQCN_HAI_MAX,
               HPNIC_CC_DCQCN_HAI_ZERO_OK);
    ck_okv[CK_DCQCN_FIRST] =
        in_rng(ck_data_reg, HPNIC_CC_DCQCN_FIRST_MIN, HPNIC_CC_DCQCN_FIRST_MAX,
               HPNIC_CC_DCQCN_FIRST_ZERO_OK);
    ck_okv[CK_DCQCN_G] =
        in_rng(ck_data_reg, HPNIC_CC_DCQCN_G_MIN, HPNIC_CC_DCQCN_G_MAX,
               HPNIC_CC_DCQCN_G_ZERO_OK);
    ck_okv[CK_DCQCN_ALPHA0] =
        in_rng(ck_data_reg, HPNIC_CC_DCQCN_ALPHA0_MIN, HPNIC_CC_DCQCN_ALPHA0_MAX,
               HPNIC_CC_DCQCN_ALPHA0_ZERO_OK);
    ck_okv[CK_DCQCN_MIN_DEC] =
        in_rng(ck_data_reg, HPNIC_CC_DCQCN_MIN_DEC_MIN, HPNIC_CC_DCQCN_MIN_DEC_MAX,
               HPNIC_CC_DCQCN_MIN_DEC_ZERO_OK);
    ck_okv[CK_DCQCN_GD] =
        in_rng(ck_data_reg, HPNIC_CC_DCQCN_GD_MIN, HPNIC_CC_DCQCN_GD_MAX,
               HPNIC_CC_DCQCN_GD_ZERO_OK);
    ck_okv[CK_DCQCN_TD_US] =
        in_rng(ck_data_reg, HPNIC_CC_DCQCN_TD_US_MIN, HPNIC_CC_DCQCN_TD_US_MAX,
               HPNIC_CC_DCQCN_TD_US_ZERO_OK);
    ck_okv[CK_DCQCN_TI_US] =
        in_rng(ck_data_reg, HPNIC_CC_DCQCN_TI_US_MIN, HPNIC_CC_DCQCN_TI_US_MAX,
               HPNIC_CC_DCQCN_TI_US_ZERO_OK);
    ck_okv[CK_DCQCN_B_PKTS] =
        in_rng(ck_data_reg, HPNIC_CC_DCQCN_B_PKTS_MIN, HPNIC_CC_DCQCN_B_PKTS_MAX,
               HPNIC_CC_DCQCN_B_PKTS_ZERO_OK);
    ck_okv[CK_DCQCN_THRESHOLD] =
        in_rng(ck_data_reg, HPNIC_CC_DCQCN_THRESHOLD_MIN, HPNIC_CC_DCQCN_THRESHOLD_MAX,
               HPNIC_CC_DCQCN_THRESHOLD_ZERO_OK);
    ck_okv[CK_DCQCN_PERIOD_US] =
        in_rng(ck_data_reg, HPNIC_CC_DCQCN_PERIOD_US_MIN, HPNIC_CC_DCQCN_PERIOD_US_MAX,
               HPNIC_CC_DCQCN_PERIOD_US_ZERO_OK);
    ck_okv[CK_DCQCN_TICK_US] =
        in_rng(ck_data_reg, HPNIC_CC_DCQCN_TICK_US_MIN, HPNIC_CC_DCQCN_TICK_US_MAX,
               HPNIC_CC_DCQCN_TICK_US_ZERO_OK);
    ck_okv[CK_NP_MIN_TIME_US] =
        in_rng(ck_data_reg, HPNIC_CC_NP_MIN_TIME_US_MIN, HPNIC_CC_NP_MIN_TIME_US_MAX,
               HPNIC_CC_NP_MIN_TIME_US_ZERO_OK);
    ck_okv[CK_DCQCN_TAB_IDX] =
        in_rng(ck_data_reg, HPNIC_CC_DCQCN_TAB_IDX_MIN, HPNIC_CC_DCQCN_TAB_IDX_MAX,
               HPNIC_CC_DCQCN_TAB_IDX_ZERO_OK);
    ck_okv[CK_DCQCN_TAB] =
        in_rng(ck_data_reg, HPNIC_CC_DCQCN_TAB_MIN, HPNIC_CC_DCQCN_TAB_MAX,
               HPNIC_CC_DCQCN_TAB_ZERO_OK);
    ck_okv[CK_VAI_THRESH] =
        in_rng(ck_data_reg, HPNIC_CC_VAI_THRESH_MIN, HPNIC_CC_VAI_THRESH_MAX,
               HPNIC_CC_VAI_THRESH_ZERO_OK);
    ck_okv[CK_VAI_AI_DIV] =
        in_rng(ck_data_reg, HPNIC_CC_VAI_AI_DIV_MIN, HPNIC_CC_VAI_AI_DIV_MAX,
               HPNIC_CC_VAI_AI_DIV_ZERO_OK);
    ck_okv[CK_VAI_BANK_CAP] =
        in_rng(ck_data_reg, HPNIC_CC_VAI_BANK_CAP_MIN, HPNIC_CC_VAI_BANK_CAP_MAX,
               HPNIC_CC_VAI_BANK_CAP_ZERO_OK);
    ck_okv[CK_VAI_AI_CAP] =
        in_rng(ck_data_reg, HPNIC_CC_VAI_AI_CAP_MIN, HPNIC_CC_VAI_AI_CAP_MAX,
               HPNIC_CC_VAI_AI_CAP_ZERO_OK);
    ck_okv[CK_VAI_DAMP_SHIFT] =
        in_rng(ck_data_reg, HPNIC_CC_VAI_DAMP_SHIFT_MIN, HPNIC_CC_VAI_DAMP_SHIFT_MAX,
               HPNIC_CC_VAI_DAMP_SHIFT_ZERO_OK);
    ck_okv[CK_SF_ACKS] =
        in_rng(ck_data_reg, HPNIC_CC_SF_ACKS_MIN, HPNIC_CC_SF_ACKS_MAX,
               HPNIC_CC_SF_ACKS_ZERO_OK);
end

/*
 * Command checks
 */
wire qp_idx_ok = (qp_qpn_reg >> QW) == 0;
// the receive queue: at most 2^15 entries, its CQ in the table, its base
// aligned to its size or to a page (4 KiB), whichever is smaller, so that
// no fetch crosses a page (no receive queue: RQ_LOG2 = 0, base not checked)
wire [5:0]  rq_align_log2 = {1'b0, qp_rq_log2_reg} + 6'd5;
wire [11:0] rq_align_mask = ~(12'hfff << rq_align_log2);
wire qp_rq_ok = qp_rq_log2_reg <= 5'd15 && (qp_rcqn_reg >> CW) == 0 &&
                (qp_rq_log2_reg == 5'd0 || (qp_rq_base_reg[11:0] & rq_align_mask) == 12'd0);
wire qp_val_ok = qp_mtu_reg >= 4'd6 && qp_mtu_reg <= 4'd12 && qp_sq_log2_reg <= 5'd15 &&
                 (qp_sq_wqe_log2_reg == 4'd0 || qp_sq_wqe_log2_reg == 4'd6 || qp_sq_wqe_log2_reg == 4'd7) &&
                 qp_state_reg <= HPNIC_QPS_ERR && (qp_cqn_reg >> CW) == 0 &&
                 qp_max_rd_reg <= (8'd1 << RD_MAX_LOG2) && qp_min_rnr_reg <= 8'd31 &&
                 qp_rnr_retry_reg <= 8'd7 && qp_rq_ok;
wire mr_idx_ok = (mr_idx_reg >> MR_LOG2) == 0;
wire cq_idx_ok = (cq_cqn_reg >> CW) == 0;
wire cq_val_ok = cq_log2_reg <= 5'd15;

function [7:0] qp_check;
    input [7:0] cmd;
    begin
        if (cmd != HPNIC_QP_CMD_WRITE && cmd != HPNIC_QP_CMD_START && cmd != HPNIC_QP_CMD_READ &&
                cmd != HPNIC_QP_CMD_START_RQ && cmd != HPNIC_QP_CMD_START_SQ) begin
            qp_check = HPNIC_ERR_BAD_CMD;
        end else if (!qp_idx_ok) begin
            qp_check = HPNIC_ERR_BAD_INDEX;
        end else if (cmd != HPNIC_QP_CMD_READ && !qp_val_ok) begin
            qp_check = HPNIC_ERR_BAD_VALUE;
        end else begin
            qp_check = HPNIC_ERR_OK;
        end
    end
endfunction

function [7:0] mr_check;
    input [7:0] cmd;
    begin
        if (cmd != HPNIC_MR_CMD_WRITE && cmd != HPNIC_MR_CMD_INVALIDATE) begin
            mr_check = HPNIC_ERR_BAD_CMD;
        end else if (!mr_idx_ok) begin
            mr_check = HPNIC_ERR_BAD_INDEX;
        end else begin
            mr_check = HPNIC_ERR_OK;
        end
    end
endfunction

function [7:0] cq_check;
    input [7:0] cmd;
    begin
        if (cmd != HPNIC_CQ_CMD_WRITE && cmd != HPNIC_CQ_CMD_DISABLE) begin
            cq_check = HPNIC_ERR_BAD_CMD;
        end else if (!cq_idx_ok) begin
            cq_check = HPNIC_ERR_BAD_INDEX;
        end else if (cmd == HPNIC_CQ_CMD_WRITE && !cq_val_ok) begin
            cq_check = HPNIC_ERR_BAD_VALUE;
        end else begin
            cq_check = HPNIC_ERR_OK;
        end
    end
endfunction

wire [7:0] wcmd = s_csr_wdata[7:0];
wire [7:0] qp_err_now = qp_check(wcmd);
wire [7:0] mr_err_now = mr_check(wcmd);
wire [7:0] cq_err_now = cq_check(wcmd);

/*
 * Writes
 */
always @(posedge clk) begin
    qp_wr_en <= 1'b0;
    mr_wr_en <= 1'b0;
    mtt_wr_en <= 1'b0;
    start_wr <= 1'b0;
    cq_wr <= 1'b0;
    post_wr <= 1'b0;
    rqdb_wr <= 1'b0;

    if (shadow_rd_pending) begin
        // CMD READ: the shadow word of QP qp_qpn_reg arrived
        {qp_state_reg, qp_mtu_reg, qp_cc_mode_reg, qp_cc_ovr_reg, qp_t_ns_reg, qp_wai_reg,
         qp_max_stage_reg, qp_max_rd_reg, qp_min_rnr_reg[4:0], qp_rnr_retry_reg[2:0],
         qp_cc_opts_reg} <= shadow_rd;
        qp_min_rnr_reg[7:5] <= 3'd0;
        qp_rnr_retry_reg[7:3] <= 5'd0;
    end
    shadow_rd_pending <= 1'b0;

    cc_busy_reg <= status_cc_busy;
    if (wr && !is_db && s_csr_addr[24:8] == HPNIC_CC_BASE[24:8]) begin
        cc_wr_hold <= 3'd7;
    end else if (cc_wr_hold != 3'd0) begin
        cc_wr_hold <= cc_wr_hold - 3'd1;
    end

    // a ranged write: registered, its Range checked, then the commit (the
    // registers hold while it is under way: the port takes nothing)
    ck_wr_reg <= wr && !is_db && ck_hit;
    ck_commit_reg <= ck_wr_reg;
    ck_okv_reg <= ck_okv;
    if (!ck_wr_reg && !ck_commit_reg) begin
        ck_sel_reg <= ck_sel;
        ck_data_reg <= s_csr_wdata;
        ck_off_reg <= s_csr_addr[11:0];
    end
    if (ck_commit_reg) begin
        rng_bad_reg <= !ck_ok;
        if (!ck_ok) begin
            rng_off_reg <= ck_off_reg;
        end
        if (ck_sel_reg == CK_NP_MIN_TIME_US) begin
            np_status_reg <= ck_ok ? HPNIC_ERR_OK : HPNIC_ERR_BAD_VALUE;
        end
        if (ck_ok) begin
            case (ck_sel_reg)
                CK_DCQCN_LINE: dcqcn_line <= ck_data_reg[23:0];
                CK_DCQCN_MIN: dcqcn_min <= ck_data_reg[23:0];
                CK_DCQCN_AI: dcqcn_ai <= ck_data_reg[23:0];
                CK_DCQCN_HAI: dcqcn_hai <= ck_data_reg[23:0];
                CK_DCQCN_FIRST: dcqcn_first <= ck_data_reg[23:0];
                CK_DCQCN_G: dcqcn_g <= ck_data_reg[9:0];
                CK_DCQCN_ALPHA0: dcqcn_alpha0 <= ck_data_reg[22:0];
                CK_DCQCN_MIN_DEC: dcqcn_min_dec <= ck_data_reg[16:0];
                CK_DCQCN_GD: dcqcn_gd <= ck_data_reg[3:0];
                CK_DCQCN_TD_US: dcqcn_td_us <= ck_data_reg[16:0];
                CK_DCQCN_TI_US: dcqcn_ti_us <= ck_data_reg[16:0];
                CK_DCQCN_B_PKTS: dcqcn_b_pkts <= ck_data_reg[15:0];
                CK_DCQCN_THRESHOLD: dcqcn_threshold <= ck_data_reg[4:0];
                CK_DCQCN_PERIOD_US: dcqcn_period_us <= ck_data_reg[16:0];
                CK_DCQCN_TICK_US: dcqcn_tick_us <= ck_data_reg[16:0];
                CK_NP_MIN_TIME_US: np_min_time_us <= ck_data_reg[11:0];
                CK_DCQCN_TAB_IDX: dcqcn_tab_idx <= ck_data_reg[5:0];
                CK_DCQCN_TAB: dcqcn_tab_mem[dcqcn_tab_idx] <= ck_data_reg[17:0];
                CK_VAI_THRESH: vai_thresh <= ck_data_reg[22:0];
                CK_VAI_AI_DIV: vai_ai_div <= ck_data_reg[22:0];
                CK_VAI_BANK_CAP: vai_bank_cap <= ck_data_reg[11:0];
                CK_VAI_AI_CAP: vai_ai_cap <= ck_data_reg[9:0];
                CK_VAI_DAMP_SHIFT: vai_damp_shift <= ck_data_reg[3:0];
                default: sf_acks <= ck_data_reg[7:0];
            endcase
        end
    end

    if (wr && is_db && db_at_rq) begin
        // the RQ fetch ignores and counts those it cannot take
        rqdb_wr <= 1'b1;
        post_qpn_reg <= db_qpn[QW-1:0];
        post_pi_reg <= s_csr_wdata[15:0];
        rqdb_bad_reg <= (db_qpn >> QW) != 0;
    end else if (wr && is_db && !db_at_reg) begin
        stat_doorbell_bad_offset <= stat_doorbell_bad_offset + 1'b1;
    end else if (wr && is_db) begin
        if ((db_qpn >> QW) == 0) begin
            post_wr <= 1'b1;
            post_qpn_reg <= db_qpn[QW-1:0];
            post_pi_reg <= s_csr_wdata[15:0];
            stat_doorbells <= stat_doorbells + 1'b1;
        end else begin
            stat_doorbell_bad_qp <= stat_doorbell_bad_qp + 1'b1;
        end
    end else if (wr) begin
        case (s_csr_addr)
            a(HPNIC_ID_SCRATCH): scratch_reg <= s_csr_wdata;

            a(HPNIC_CTRL_MAC_LO): cfg_mac[31:0] <= s_csr_wdata;
            a(HPNIC_CTRL_MAC_HI): cfg_mac[47:32] <= s_csr_wdata[15:0];
            a(HPNIC_CTRL_IP): cfg_ip <= s_csr_wdata;
            a(HPNIC_CTRL_INT_CTRL): begin
                cfg_int_enable <= s_csr_wdata[HPNIC_CTRL_INT_CTRL_ENABLE_LSB];
                cfg_int_port <= s_csr_wdata[HPNIC_CTRL_INT_CTRL_PORT_LSB +: 16];
            end
            a(HPNIC_CTRL_ACK_REQ): begin
                cfg_ack_req_log2 <= s_csr_wdata[HPNIC_CTRL_ACK_REQ_SPACING_LOG2_LSB +: 4];
            end
            a(HPNIC_CTRL_RTO): cfg_rto <= s_csr_wdata[15:0];
            a(HPNIC_CTRL_IRQ_CTRL): cfg_irq_enable <= s_csr_wdata[HPNIC_CTRL_IRQ_CTRL_ENABLE_LSB];

            a(HPNIC_CC_T_NS): cc_t_ns <= s_csr_wdata[19:0];
            a(HPNIC_CC_ETA): cc_eta <= s_csr_wdata[16:0];
            a(HPNIC_CC_MAX_STAGE): cc_max_stage <= s_csr_wdata[3:0];
            a(HPNIC_CC_WAI): cc_wai <= s_csr_wdata[19:0];
            a(HPNIC_CC_LINE_MBPS): cc_line_mbps <= s_csr_wdata[19:0];
            a(HPNIC_CC_MIN_MBPS): cc_min_mbps <= s_csr_wdata[19:0];
            a(HPNIC_CC_SCHED_OVERHEAD): sched_overhead <= s_csr_wdata[7:0];
            a(HPNIC_CC_SCHED_BURST): sched_burst <= s_csr_wdata[15:0];
            a(HPNIC_CC_SCHED_GRANT): sched_grant <= s_csr_wdata[13:0];
            a(HPNIC_CC_DEFAULT_MODE): default_mode_reg <= s_csr_wdata[1:0];
            // the ranged CC registers commit a cycle later (above)

            a(HPNIC_QP_QPN): qp_qpn_reg <= s_csr_wdata;
            a(HPNIC_QP_STATE): qp_state_reg <= s_csr_wdata[2:0];
            a(HPNIC_QP_MTU_LOG2): qp_mtu_reg <= s_csr_wdata[3:0];
            a(HPNIC_QP_DQPN): qp_dqpn_reg <= s_csr_wdata[23:0];
            a(HPNIC_QP_DMAC_LO): qp_dmac_reg[31:0] <= s_csr_wdata;
            a(HPNIC_QP_DMAC_HI): qp_dmac_reg[47:32] <= s_csr_wdata[15:0];
            a(HPNIC_QP_DIP): qp_dip_reg <= s_csr_wdata;
            a(HPNIC_QP_SPORT): qp_sport_reg <= s_csr_wdata[15:0];
            a(HPNIC_QP_DSCP_ECN): qp_dscp_reg <= s_csr_wdata[7:0];
            a(HPNIC_QP_PD): qp_pd_reg <= s_csr_wdata[15:0];
            a(HPNIC_QP_MAX_RD_ATOMIC): qp_max_rd_reg <= s_csr_wdata[7:0];
            a(HPNIC_QP_MIN_RNR_TIMER): qp_min_rnr_reg <= s_csr_wdata[7:0];
            a(HPNIC_QP_RNR_RETRY): qp_rnr_retry_reg <= s_csr_wdata[7:0];
            a(HPNIC_QP_RQ_BASE_LO): qp_rq_base_reg[31:0] <= s_csr_wdata;
            a(HPNIC_QP_RQ_BASE_HI): qp_rq_base_reg[63:32] <= s_csr_wdata;
            a(HPNIC_QP_RQ_LOG2): qp_rq_log2_reg <= s_csr_wdata[4:0];
            a(HPNIC_QP_RCQN): qp_rcqn_reg <= s_csr_wdata;
            a(HPNIC_QP_SQ_BASE_LO): qp_sq_base_reg[31:0] <= s_csr_wdata;
            a(HPNIC_QP_SQ_BASE_HI): qp_sq_base_reg[63:32] <= s_csr_wdata;
            a(HPNIC_QP_SQ_LOG2): qp_sq_log2_reg <= s_csr_wdata[4:0];
            a(HPNIC_QP_SQ_WQE_LOG2): qp_sq_wqe_log2_reg <= s_csr_wdata[3:0];
            a(HPNIC_QP_CQN): qp_cqn_reg <= s_csr_wdata;
            a(HPNIC_QP_SQ_PSN): qp_sq_psn_reg <= s_csr_wdata[23:0];
            a(HPNIC_QP_RQ_PSN): qp_rq_psn_reg <= s_csr_wdata[23:0];
            a(HPNIC_QP_CC_MODE): qp_cc_mode_reg <= s_csr_wdata[1:0];
            a(HPNIC_QP_CC_OVERRIDE): qp_cc_ovr_reg <= s_csr_wdata[0];
            a(HPNIC_QP_CC_OPTS): qp_cc_opts_reg <= s_csr_wdata[1:0];
            a(HPNIC_QP_QP_T_NS): qp_t_ns_reg <= s_csr_wdata[19:0];
            a(HPNIC_QP_QP_WAI): qp_wai_reg <= s_csr_wdata[19:0];
            a(HPNIC_QP_QP_MAX_STAGE): qp_max_stage_reg <= s_csr_wdata[3:0];
            a(HPNIC_QP_CMD): begin
                qp_err_reg <= qp_err_now;
                err_code_reg <= qp_err_now;
                if (qp_err_now != HPNIC_ERR_OK) begin
                    stat_cmd_errors <= stat_cmd_errors + 1'b1;
                end else if (wcmd == HPNIC_QP_CMD_READ) begin
                    shadow_rd_pending <= 1'b1;
                end else begin
                    qp_wr_en <= 1'b1;
                    start_wr <= wcmd == HPNIC_QP_CMD_START || wcmd == HPNIC_QP_CMD_START_RQ ||
                                wcmd == HPNIC_QP_CMD_START_SQ;
                    start_sq_reg <= wcmd != HPNIC_QP_CMD_START_RQ;
                    start_rq_reg <= wcmd != HPNIC_QP_CMD_START_SQ;
                end
            end

            a(HPNIC_MR_IDX): mr_idx_reg <= s_csr_wdata;
            a(HPNIC_MR_TAG): mr_tag_reg <= s_csr_wdata[7:0];
            a(HPNIC_MR_ACCESS): mr_access_reg <= s_csr_wdata[2:0];
            a(HPNIC_MR_VA_LO): mr_va_reg[31:0] <= s_csr_wdata;
            a(HPNIC_MR_VA_HI): mr_va_reg[63:32] <= s_csr_wdata;
            a(HPNIC_MR_LEN_LO): mr_len_reg[31:0] <= s_csr_wdata;
            a(HPNIC_MR_LEN_HI): mr_len_reg[47:32] <= s_csr_wdata[15:0];
            a(HPNIC_MR_IOVA_LO): mr_iova_reg[31:0] <= s_csr_wdata;
            a(HPNIC_MR_IOVA_HI): mr_iova_reg[63:32] <= s_csr_wdata;
            a(HPNIC_MR_PD): mr_pd_reg <= s_csr_wdata[15:0];
            a(HPNIC_MR_MTT_IDX): mtt_idx_reg <= s_csr_wdata;
            a(HPNIC_MR_MTT_ADDR_HI): mtt_addr_hi_reg <= s_csr_wdata[15:0];
            a(HPNIC_MR_MTT_ADDR_LO): begin
                // a page list streams in: one write per entry
                if (mtt_idx_ok) begin
                    mtt_wr_en <= 1'b1;
                    mtt_wr_idx <= mtt_idx_reg[MTT_LOG2-1:0];
                    mtt_wr_frame <= {mtt_addr_hi_reg, s_csr_wdata[31:12]};
                    mtt_idx_reg <= mtt_idx_reg + 1'b1;
                end else begin
                    err_code_reg <= HPNIC_ERR_BAD_INDEX;
                    stat_cmd_errors <= stat_cmd_errors + 1'b1;
                end
            end
            a(HPNIC_MR_CMD): begin
                mr_err_reg <= mr_err_now;
                err_code_reg <= mr_err_now;
                if (mr_err_now != HPNIC_ERR_OK) begin
                    stat_cmd_errors <= stat_cmd_errors + 1'b1;
                end else begin
                    mr_wr_en <= 1'b1;
                    mr_wr_idx <= mr_idx_reg[MR_LOG2-1:0];
                    // an empty region matches nothing: INVALIDATE writes one
                    mr_wr_valid <= wcmd == HPNIC_MR_CMD_WRITE && mr_len_reg != 0;
                    mr_wr_tag <= mr_tag_reg;
                    // the RX pipe checks the remote rights, the L_Key check
                    // LOCAL_WRITE
                    mr_wr_access <= mr_access_reg;
                    mr_wr_va <= mr_va_reg;
                    mr_wr_len <= mr_len_reg;
                    mr_wr_iova <= mr_iova_reg;
                    mr_wr_pd <= mr_pd_reg;
                end
            end

            a(HPNIC_CQ_CQN): cq_cqn_reg <= s_csr_wdata;
            a(HPNIC_CQ_BASE_LO): cq_base_reg[31:0] <= s_csr_wdata;
            a(HPNIC_CQ_BASE_HI): cq_base_reg[63:32] <= s_csr_wdata;
            a(HPNIC_CQ_LOG2): cq_log2_reg <= s_csr_wdata[4:0];
            a(HPNIC_CQ_IRQ_VECTOR): cq_vector_reg <= s_csr_wdata[10:0];
            a(HPNIC_CQ_CMD): begin
                cq_err_reg <= cq_err_now;
                err_code_reg <= cq_err_now;
                if (cq_err_now != HPNIC_ERR_OK) begin
                    stat_cmd_errors <= stat_cmd_errors + 1'b1;
                end else begin
                    cq_wr <= 1'b1;
                    cq_enable_reg <= wcmd == HPNIC_CQ_CMD_WRITE;
                end
            end

            a(HPNIC_STATS_SEL): stats_sel_reg <= s_csr_wdata;

            default: begin
                // read-only or unmapped: ignored
            end
        endcase
    end

    // the QP context the command applies
    if (wr && !is_db && s_csr_addr == a(HPNIC_QP_CMD)) begin
        qp_wr_qpn <= qp_qpn_reg[QW-1:0];
        qp_wr_state <= qp_state_reg;
        qp_wr_mtu_log2 <= qp_mtu_reg;
        qp_wr_dqpn <= qp_dqpn_reg;
        qp_wr_dmac <= qp_dmac_reg;
        qp_wr_dip <= qp_dip_reg;
        qp_wr_sport <= qp_sport_reg;
        qp_wr_dscp_ecn <= qp_dscp_reg;
        qp_wr_cc_mode <= qp_cc_mode_reg;
        qp_wr_pd <= qp_pd_reg;
        qp_wr_max_rd <= qp_max_rd_reg;
        qp_wr_min_rnr_timer <= qp_min_rnr_reg[4:0];
        qp_wr_rnr_retry <= qp_rnr_retry_reg[2:0];
        qp_wr_sq_base <= qp_sq_base_reg;
        qp_wr_sq_log2 <= qp_sq_log2_reg;
        qp_wr_sq_wide <= qp_sq_wqe_log2_reg == 4'd7;
        qp_wr_cqn <= qp_cqn_reg[CW-1:0];
        qp_wr_rq_base <= qp_rq_base_reg;
        qp_wr_rq_log2 <= qp_rq_log2_reg;
        qp_wr_rcqn <= qp_rcqn_reg[CW-1:0];
    end

    if (rst) begin
        qp_wr_en <= 1'b0;
        mr_wr_en <= 1'b0;
        mtt_wr_en <= 1'b0;
        mtt_idx_reg <= 0;
        mtt_addr_hi_reg <= 0;
        start_wr <= 1'b0;
        cq_wr <= 1'b0;
        post_wr <= 1'b0;
        rqdb_wr <= 1'b0;
        shadow_rd_pending <= 1'b0;
        scratch_reg <= 0;
        default_mode_reg <= 0;
        err_code_reg <= 0;
        qp_err_reg <= 0;
        mr_err_reg <= 0;
        cq_err_reg <= 0;
        cfg_mac <= 0;
        cfg_ip <= 0;
        cfg_int_enable <= 1'b0;
        cfg_int_port <= HPNIC_CTRL_INT_CTRL_RST[31:16];
        cfg_ack_req_log2 <= HPNIC_CTRL_ACK_REQ_RST[3:0];
        cfg_rto <= HPNIC_CTRL_RTO_RST;
        cfg_irq_enable <= 1'b0;
        cc_t_ns <= HPNIC_CC_T_NS_RST;
        cc_eta <= HPNIC_CC_ETA_RST;
        cc_max_stage <= HPNIC_CC_MAX_STAGE_RST;
        cc_wai <= HPNIC_CC_WAI_RST;
        cc_line_mbps <= HPNIC_CC_LINE_MBPS_RST;
        cc_min_mbps <= HPNIC_CC_MIN_MBPS_RST;
        sched_overhead <= HPNIC_CC_SCHED_OVERHEAD_RST;
        sched_burst <= HPNIC_CC_SCHED_BURST_RST;
        sched_grant <= HPNIC_CC_SCHED_GRANT_RST;
        dcqcn_line <= HPNIC_CC_DCQCN_LINE_RST[23:0];
        dcqcn_min <= HPNIC_CC_DCQCN_MIN_RST[23:0];
        dcqcn_ai <= HPNIC_CC_DCQCN_AI_RST[23:0];
        dcqcn_hai <= HPNIC_CC_DCQCN_HAI_RST[23:0];
        dcqcn_first <= HPNIC_CC_DCQCN_FIRST_RST[23:0];
        dcqcn_g <= HPNIC_CC_DCQCN_G_RST[9:0];
        dcqcn_alpha0 <= HPNIC_CC_DCQCN_ALPHA0_RST[22:0];
        dcqcn_min_dec <= HPNIC_CC_DCQCN_MIN_DEC_RST[16:0];
        dcqcn_gd <= HPNIC_CC_DCQCN_GD_RST[3:0];
        dcqcn_td_us <= HPNIC_CC_DCQCN_TD_US_RST[16:0];
        dcqcn_ti_us <= HPNIC_CC_DCQCN_TI_US_RST[16:0];
        dcqcn_b_pkts <= HPNIC_CC_DCQCN_B_PKTS_RST[15:0];
        dcqcn_threshold <= HPNIC_CC_DCQCN_THRESHOLD_RST[4:0];
        dcqcn_period_us <= HPNIC_CC_DCQCN_PERIOD_US_RST[16:0];
        dcqcn_tick_us <= HPNIC_CC_DCQCN_TICK_US_RST[16:0];
        vai_thresh <= HPNIC_CC_VAI_THRESH_RST;
        vai_ai_div <= HPNIC_CC_VAI_AI_DIV_RST;
        vai_bank_cap <= HPNIC_CC_VAI_BANK_CAP_RST;
        vai_ai_cap <= HPNIC_CC_VAI_AI_CAP_RST;
        vai_damp_shift <= HPNIC_CC_VAI_DAMP_SHIFT_RST;
        sf_acks <= HPNIC_CC_SF_ACKS_RST;
        np_min_time_us <= HPNIC_CC_NP_MIN_TIME_US_RST;
        np_status_reg <= HPNIC_ERR_OK;
        rng_bad_reg <= 1'b0;
        rng_off_reg <= 12'd0;
        ck_wr_reg <= 1'b0;
        ck_commit_reg <= 1'b0;
        cc_wr_hold <= 3'd0;
        cc_busy_reg <= 1'b0;
        dcqcn_tab_idx <= 0;
        for (dti = 0; dti < 64; dti = dti + 1) begin
            dcqcn_tab_mem[dti] <= DCQCN_TAB_DEFAULT[18*dti +: 18];
        end
        stat_doorbells <= 0;
        stat_cmd_errors <= 0;
        stat_doorbell_bad_qp <= 0;
        stat_doorbell_bad_offset <= 0;
    end
end

/*
 * Asynchronous events: one enters the queue per cycle, a CQ's first; the
 * queue is read by CTRL.EVENT
 */
reg  [31:0] event_lost_reg = 0;
wire        ev_q_valid, ev_q_in_ready;
wire [27:0] ev_q_data;                       // {type, id}
wire [4:0]  ev_q_count;
wire        ev_take_rd = rd && s_csr_addr == a(HPNIC_CTRL_EVENT) && ev_q_valid;
wire        ev_in = cq_err_valid || s_event_valid;
wire [27:0] ev_in_data = cq_err_valid ? {HPNIC_ASYNC_EVENT_CQ_ERR[3:0], {(24-CW){1'b0}}, cq_err_cqn} :
                                        {s_event_type, {(24-QW){1'b0}}, s_event_qpn};

assign s_event_ready = !cq_err_valid;

// verilator lint_off UNUSEDSIGNAL
wire unused_ev = |ev_q_count;
// verilator lint_on UNUSEDSIGNAL

hpnic_fifo #(.DEPTH_LOG2(4), .WIDTH(28))
event_inst (
    .clk(clk), .rst(rst),
    .s_valid(ev_in && ev_q_in_ready), .s_ready(ev_q_in_ready), .s_data(ev_in_data),
    .m_valid(ev_q_valid), .m_ready(ev_take_rd), .m_data(ev_q_data),
    .count(ev_q_count)
);

always @(posedge clk) begin
    if (ev_in && !ev_q_in_ready) begin
        event_lost_reg <= event_lost_reg + 1'b1;
    end
    if (rst) begin
        event_lost_reg <= 0;
    end
end

/*
 * Reads: a response the cycle after the request
 */
wire [63:0] stat_sel = (stats_sel_reg < NCOUNTERS) ? stats[stats_sel_reg[7:0]*64 +: 64] : 64'd0;

// a block header: type, version, next, size
function [31:0] hdr;
    input [3:0] which;
    input [31:0] btype, bver, bnext, bsize;
    begin
        case (which)
            4'h0: hdr = btype;
            4'h4: hdr = bver;
            4'h8: hdr = bnext;
            4'hc: hdr = bsize;
            default: hdr = 32'd0;
        endcase
    end
endfunction

reg [31:0] rdata;
integer    bi;

always @* begin
    rdata = 32'd0;
    case (s_csr_addr)
        a(HPNIC_ID_BUILD_DATE): rdata = BUILD_DATE;
        a(HPNIC_ID_GIT_HASH): rdata = GIT_HASH;
        a(HPNIC_ID_QP_CFG): rdata = {MTT_LOG2[7:0], CW[7:0], MR_LOG2[7:0], QW[7:0]};
        a(HPNIC_ID_DATAPATH): rdata = {CLK_MHZ[15:0], DATA_BYTES[15:0]};
        a(HPNIC_ID_FEATURES): rdata = HPNIC_ID_FEATURES_INT_MASK | HPNIC_ID_FEATURES_READ_MASK |
                                      HPNIC_ID_FEATURES_WRITE_MASK | HPNIC_ID_FEATURES_MSIX_MASK |
                                      HPNIC_ID_FEATURES_SEND_MASK;
        a(HPNIC_ID_CC_MODES): rdata = HPNIC_ID_CC_MODES_HPCC_MASK | HPNIC_ID_CC_MODES_DCQCN_MASK;
        a(HPNIC_ID_RD_ATOMIC): rdata = {16'd0, 8'd1 << RD_MAX_LOG2, 8'd1 << RD_MAX_LOG2};
        a(HPNIC_ID_SCRATCH): rdata = scratch_reg;

        a(HPNIC_CTRL_MAC_LO): rdata = cfg_mac[31:0];
        a(HPNIC_CTRL_MAC_HI): rdata = {16'd0, cfg_mac[47:32]};
        a(HPNIC_CTRL_IP): rdata = cfg_ip;
        a(HPNIC_CTRL_INT_CTRL): rdata = {cfg_int_port, 15'd0, cfg_int_enable};
        a(HPNIC_CTRL_ACK_REQ): rdata = {28'd0, cfg_ack_req_log2};
        a(HPNIC_CTRL_RTO): rdata = {16'd0, cfg_rto};
        a(HPNIC_CTRL_IRQ_CTRL): rdata = {31'd0, cfg_irq_enable};
        a(HPNIC_CTRL_STATUS): rdata = {29'd0, 1'b1, status_sched_init_done, status_cc_init_done};
        a(HPNIC_CTRL_CC_PARAM_STATUS): rdata = {26'd0, cc_busy_reg || cc_wr_hold != 3'd0, status_cc_param};
        a(HPNIC_CTRL_ERR_CODE): rdata = {24'd0, err_code_reg};
        a(HPNIC_CTRL_EVENT): rdata = {ev_q_valid, 3'd0, ev_q_data};
        a(HPNIC_CTRL_EVENT_LOST): rdata = event_lost_reg;

        a(HPNIC_CC_T_NS): rdata = {12'd0, cc_t_ns};
        a(HPNIC_CC_ETA): rdata = {15'd0, cc_eta};
        a(HPNIC_CC_MAX_STAGE): rdata = {28'd0, cc_max_stage};
        a(HPNIC_CC_WAI): rdata = {12'd0, cc_wai};
        a(HPNIC_CC_LINE_MBPS): rdata = {12'd0, cc_line_mbps};
        a(HPNIC_CC_MIN_MBPS): rdata = {12'd0, cc_min_mbps};
        a(HPNIC_CC_SCHED_OVERHEAD): rdata = {24'd0, sched_overhead};
        a(HPNIC_CC_SCHED_BURST): rdata = {16'd0, sched_burst};
        a(HPNIC_CC_SCHED_GRANT): rdata = {18'd0, sched_grant};
        a(HPNIC_CC_DEFAULT_MODE): rdata = {30'd0, default_mode_reg};
        a(HPNIC_CC_DCQCN_LINE): rdata = {8'd0, dcqcn_line};
        a(HPNIC_CC_DCQCN_MIN): rdata = {8'd0, dcqcn_min};
        a(HPNIC_CC_DCQCN_AI): rdata = {8'd0, dcqcn_ai};
        a(HPNIC_CC_DCQCN_HAI): rdata = {8'd0, dcqcn_hai};
        a(HPNIC_CC_DCQCN_FIRST): rdata = {8'd0, dcqcn_first};
        a(HPNIC_CC_DCQCN_G): rdata = {22'd0, dcqcn_g};
        a(HPNIC_CC_DCQCN_ALPHA0): rdata = {9'd0, dcqcn_alpha0};
        a(HPNIC_CC_DCQCN_MIN_DEC): rdata = {15'd0, dcqcn_min_dec};
        a(HPNIC_CC_DCQCN_GD): rdata = {28'd0, dcqcn_gd};
        a(HPNIC_CC_DCQCN_TD_US): rdata = {15'd0, dcqcn_td_us};
        a(HPNIC_CC_DCQCN_TI_US): rdata = {15'd0, dcqcn_ti_us};
        a(HPNIC_CC_DCQCN_B_PKTS): rdata = {16'd0, dcqcn_b_pkts};
        a(HPNIC_CC_DCQCN_THRESHOLD): rdata = {27'd0, dcqcn_threshold};
        a(HPNIC_CC_DCQCN_PERIOD_US): rdata = {15'd0, dcqcn_period_us};
        a(HPNIC_CC_DCQCN_TICK_US): rdata = {15'd0, dcqcn_tick_us};
        a(HPNIC_CC_VAI_THRESH): rdata = {9'd0, vai_thresh};
        a(HPNIC_CC_VAI_AI_DIV): rdata = {9'd0, vai_ai_div};
        a(HPNIC_CC_VAI_BANK_CAP): rdata = {20'd0, vai_bank_cap};
        a(HPNIC_CC_VAI_AI_CAP): rdata = {22'd0, vai_ai_cap};
        a(HPNIC_CC_VAI_DAMP_SHIFT): rdata = {28'd0, vai_damp_shift};
        a(HPNIC_CC_SF_ACKS): rdata = {24'd0, sf_acks};
        a(HPNIC_CC_NP_MIN_TIME_US): rdata = {20'd0, np_min_time_us};
        a(HPNIC_CC_NP_STATUS): rdata = {24'd0, np_status_reg};
        a(HPNIC_CC_RANGE_STATUS): rdata = {4'd0, rng_off_reg, 8'd0,
                                           rng_bad_reg ? HPNIC_ERR_BAD_VALUE : HPNIC_ERR_OK};
        a(HPNIC_CC_DCQCN_TAB_IDX): rdata = {26'd0, dcqcn_tab_idx};
        a(HPNIC_CC_DCQCN_TAB): rdata = {14'd0, dcqcn_tab_mem[dcqcn_tab_idx]};

        a(HPNIC_QP_QPN): rdata = qp_qpn_reg;
        a(HPNIC_QP_STATE): rdata = {29'd0, qp_state_reg};
        a(HPNIC_QP_MTU_LOG2): rdata = {28'd0, qp_mtu_reg};
        a(HPNIC_QP_DQPN): rdata = {8'd0, qp_dqpn_reg};
        a(HPNIC_QP_DMAC_LO): rdata = qp_dmac_reg[31:0];
        a(HPNIC_QP_DMAC_HI): rdata = {16'd0, qp_dmac_reg[47:32]};
        a(HPNIC_QP_DIP): rdata = qp_dip_reg;
        a(HPNIC_QP_SPORT): rdata = {16'd0, qp_sport_reg};
        a(HPNIC_QP_DSCP_ECN): rdata = {24'd0, qp_dscp_reg};
        a(HPNIC_QP_PD): rdata = {16'd0, qp_pd_reg};
        a(HPNIC_QP_MAX_RD_ATOMIC): rdata = {24'd0, qp_max_rd_reg};
        a(HPNIC_QP_MIN_RNR_TIMER): rdata = {24'd0, qp_min_rnr_reg};
        a(HPNIC_QP_RNR_RETRY): rdata = {24'd0, qp_rnr_retry_reg};
        a(HPNIC_QP_RQ_BASE_LO): rdata = qp_rq_base_reg[31:0];
        a(HPNIC_QP_RQ_BASE_HI): rdata = qp_rq_base_reg[63:32];
        a(HPNIC_QP_RQ_LOG2): rdata = {27'd0, qp_rq_log2_reg};
        a(HPNIC_QP_RCQN): rdata = qp_rcqn_reg;
        a(HPNIC_QP_SQ_BASE_LO): rdata = qp_sq_base_reg[31:0];
        a(HPNIC_QP_SQ_BASE_HI): rdata = qp_sq_base_reg[63:32];
        a(HPNIC_QP_SQ_LOG2): rdata = {27'd0, qp_sq_log2_reg};
        a(HPNIC_QP_SQ_WQE_LOG2): rdata = {28'd0, qp_sq_wqe_log2_reg};
        a(HPNIC_QP_CQN): rdata = qp_cqn_reg;
        a(HPNIC_QP_SQ_PSN): rdata = {8'd0, qp_sq_psn_reg};
        a(HPNIC_QP_RQ_PSN): rdata = {8'd0, qp_rq_psn_reg};
        a(HPNIC_QP_CC_MODE): rdata = {30'd0, qp_cc_mode_reg};
        a(HPNIC_QP_CC_OVERRIDE): rdata = {31'd0, qp_cc_ovr_reg};
        a(HPNIC_QP_CC_OPTS): rdata = {30'd0, qp_cc_opts_reg};
        a(HPNIC_QP_QP_T_NS): rdata = {12'd0, qp_t_ns_reg};
        a(HPNIC_QP_QP_WAI): rdata = {12'd0, qp_wai_reg};
        a(HPNIC_QP_QP_MAX_STAGE): rdata = {28'd0, qp_max_stage_reg};
        a(HPNIC_QP_CMD_STATUS): rdata = {16'd0, qp_err_reg, 8'd0};

        a(HPNIC_MR_IDX): rdata = mr_idx_reg;
        a(HPNIC_MR_TAG): rdata = {24'd0, mr_tag_reg};
        a(HPNIC_MR_ACCESS): rdata = {29'd0, mr_access_reg};
        a(HPNIC_MR_VA_LO): rdata = mr_va_reg[31:0];
        a(HPNIC_MR_VA_HI): rdata = mr_va_reg[63:32];
        a(HPNIC_MR_LEN_LO): rdata = mr_len_reg[31:0];
        a(HPNIC_MR_LEN_HI): rdata = {16'd0, mr_len_reg[47:32]};
        a(HPNIC_MR_IOVA_LO): rdata = mr_iova_reg[31:0];
        a(HPNIC_MR_IOVA_HI): rdata = mr_iova_reg[63:32];
        a(HPNIC_MR_PD): rdata = {16'd0, mr_pd_reg};
        a(HPNIC_MR_MTT_IDX): rdata = mtt_idx_reg;
        a(HPNIC_MR_MTT_ADDR_HI): rdata = {16'd0, mtt_addr_hi_reg};
        a(HPNIC_MR_CMD_STATUS): rdata = {16'd0, mr_err_reg, 8'd0};

        a(HPNIC_CQ_CQN): rdata = cq_cqn_reg;
        a(HPNIC_CQ_BASE_LO): rdata = cq_base_reg[31:0];
        a(HPNIC_CQ_BASE_HI): rdata = cq_base_reg[63:32];
        a(HPNIC_CQ_LOG2): rdata = {27'd0, cq_log2_reg};
        a(HPNIC_CQ_IRQ_VECTOR): rdata = {21'd0, cq_vector_reg};
        a(HPNIC_CQ_CMD_STATUS): rdata = {16'd0, cq_err_reg, 8'd0};
        a(HPNIC_CQ_PI): rdata = {16'd0, cq_pi_data};

        a(HPNIC_STATS_SEL): rdata = stats_sel_reg;
        a(HPNIC_STATS_VALUE_LO): rdata = stat_sel[31:0];
        a(HPNIC_STATS_VALUE_HI): rdata = stats_hi_reg;
        a(HPNIC_STATS_COUNT): rdata = NCOUNTERS;

        default: begin
            // block headers, from the register map's tables
            for (bi = 0; bi < HPNIC_NUM_BLOCKS; bi = bi + 1) begin
                if (s_csr_addr[24:4] == HPNIC_BLOCK_BASES[32*bi + 4 +: 21]) begin
                    rdata = hdr(s_csr_addr[3:0], HPNIC_BLOCK_TYPES[32*bi +: 32],
                                HPNIC_BLOCK_VERSIONS[32*bi +: 32], HPNIC_BLOCK_NEXTS[32*bi +: 32],
                                HPNIC_BLOCK_SIZES[32*bi +: 32]);
                end
            end
        end
    endcase
end

always @(posedge clk) begin
    if (m_csr_rsp_valid && m_csr_rsp_ready) begin
        m_csr_rsp_valid <= 1'b0;
    end
    if (rd) begin
        m_csr_rsp_valid <= 1'b1;
        m_csr_rsp_rdata <= rdata;
        if (s_csr_addr == a(HPNIC_STATS_VALUE_LO)) begin
            stats_hi_reg <= stat_sel[63:32];
        end
    end
    if (rst) begin
        m_csr_rsp_valid <= 1'b0;
        stats_hi_reg <= 0;
    end
end

endmodule

`resetall
