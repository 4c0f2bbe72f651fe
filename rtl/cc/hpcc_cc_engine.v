// SPDX-License-Identifier: MIT
/*
 * HPCC congestion-control engine (HPCC paper §3.2, Algorithm 1; §4.2-4.3).
 *
 * Consumes Notify events (an ACK with its INT block, or a QP INIT) and emits
 * one Update(qpn, W, rate) per event. Fully pipelined: one event per cycle,
 * including back-to-back events of the same QP, which are resolved by
 * forwarding, never by stalling.
 *
 * Per-QP state lives in RAMs indexed by QPN, each next to the stage that
 * updates it, so each read-modify-write loop is one cycle long:
 *
 *   RAM_P  the QP's own parameter set      written by INIT at stage 0, read
 *          (override: T, W_AI, maxStage)   for the event entering stage 0
 *   RAM_L  INT snapshot L, pathID, nHop    read-first, replaced at stage 1
 *   RAM_S  lastUpdateSeq, options, mode     loop at stage 2
 *   RAM_M  VAI: the RTT's largest qLen (MC) loop at stage 3
 *   RAM_V  V = U/eta (EWMA state)           loop at stage 9
 *   RAM_K  VAI bank, dampener, congestion;  loop at stage 10
 *          SF's ACK count
 *   RAM_W  W, Wc, incStage                  loop at stage 13
 *
 *   stage  0     input register
 *          1     screen the event; RAM_L read+write; RAM_S/RAM_L read
 *          2     record-only test, lastUpdateSeq (updateWc); per-hop deltas
 *          3..7  per hop: v' = u'/eta and a = tau/T   (hpcc_cc_hop x5)
 *          8     max-hop comparisons, beta_i = a_i*v'_i
 *          3     RAM_M: MC = max(MC, qmax of the ACK's hops)
 *          4-6   MC's images floor(80 MC / AI DIV), floor(80 MC / Thresh)
 *          9     V = (1-a)V + a*v'                       (MeasureInflight)
 *          10    VAI/SF (RAM_K): the commit, bank, dampener, SF count
 *          10-12 1/V from the ROM; AI = tokens x W_AI; shifts for AI and
 *                the clamps
 *          13    W = Wc/V + W_AI or Wc + W_AI, clamped   (ComputeWind)
 *          14    R = W/T
 *   then an output FIFO. The input is flow-controlled by credit: an event is
 *   only accepted if the FIFO has room for it when it arrives.
 *
 * A loop stage takes its old state from the RAM, or from the one or two
 * events just ahead of it when they are for the same QP (eq1/eq2, found once
 * at stage 1: distances never change because the pipeline never stalls).
 *
 * Variable AI and Sampling Frequency ("Variable Additive Increase and
 * Sampling Frequency for HPCC"; docs/cc-vai-sf.md) are per-QP options of
 * mode HPCC, set by the QP's INIT (s_notify_cc_opts). An event's tokens come
 * from the bank and dampener as the event ahead left them (spend, then
 * generate), so the division that makes them runs beside the loops at
 * 10-12, not in them.
 *
 * Per-QP T, W_AI and maxStage (the override, docs/cc-vai-sf.md): an INIT
 * with HPCC_OPT_OVERRIDE waits at the input while hpcc_cc_qp_param derives
 * the QP's set (7 cycles), then writes it into RAM_P; every event runs on
 * its QP's set or the NIC-wide one, chosen at stage 0 and carried along.
 *
 * Only mode HPCC (0) has an engine; ACKs of QPs in other modes are ignored
 * and counted. A new mode adds its own measure/compute stages alongside the
 * HPCC ones and selects on the mode read at stage 2 (docs/cc.md).
 *
 * After reset the engine INITs every QP (2^QPN_WIDTH cycles, no Updates) once
 * the first parameter set is derived; s_notify_ready stays low until
 * then (init_done).
 *
 * Bit-exact with hpcc_fx_event() in model/cc/hpcc_fixed.c.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpcc_cc_engine #(
    // QPN bits; 2**QPN_WIDTH QPs of state
    parameter QPN_WIDTH = 12,
    // log2 of the output FIFO depth (must exceed the pipeline depth)
    parameter OUT_FIFO_LOG2 = 5,
    // statistics counter width
    parameter COUNTER_WIDTH = 48,
    // reciprocal ROM image (fw/gen_recip_rom)
    parameter ROM_FILE = "fw/recip_rom.hex"
) (
    input  wire                     clk,
    input  wire                     rst,

    /*
     * Notify events: ACK + INT, or INIT
     */
    input  wire                     s_notify_valid,
    output wire                     s_notify_ready,
    input  wire [1:0]               s_notify_type,     // 0 ACK, 1 INIT, 2 CNP, 3 TICK
    input  wire [QPN_WIDTH-1:0]     s_notify_qpn,
    input  wire [23:0]              s_notify_ack_psn,  // last PSN acked
    input  wire [23:0]              s_notify_snd_nxt,  // sender's next PSN
    input  wire [3:0]               s_notify_nhop,
    input  wire [11:0]              s_notify_path_id,
    input  wire [1:0]               s_notify_mode,     // INIT: CC mode
    input  wire [2:0]               s_notify_cc_opts,  // INIT: HPCC_OPT_* (bit 0 override, 1 VAI, 2 SF)
    // INIT with the override (mode HPCC): the QP's own T, W_AI and maxStage
    input  wire [19:0]              s_notify_t_ns,
    input  wire [19:0]              s_notify_wai,      // bytes, Q16.4
    input  wire [3:0]               s_notify_max_stage,
    input  wire [5*64-1:0]          s_notify_hops,     // hop i: [64*i +: 64] = {B, TS, txBytes, qLen}
    input  wire [19:0]              s_notify_now_us,   // DCQCN time, used with param_dcqcn_ext_time
    input  wire [15:0]              s_notify_period,   // DCQCN alpha period, likewise

    /*
     * Update events
     */
    output wire                     m_update_valid,
    input  wire                     m_update_ready,
    output wire [QPN_WIDTH-1:0]     m_update_qpn,
    output wire [25:0]              m_update_w,        // bytes, Q22.4
    output wire [23:0]              m_update_rate,     // bytes/ns, Q8.16
    output wire [25:0]              m_update_v,        // U/eta, Q10.16
    output wire [7:0]               m_update_flags,    // HPCC_UF_*
    output wire [2:0]               m_update_reason,   // HPCC_IGN_*
    output wire [9:0]               m_update_ai_tokens,// VAI QPs: this update's AI multiplier
    output wire [11:0]              m_update_vai_bank, // VAI QPs: AI Bank after the event
    output wire [15:0]              m_update_vai_damp, // VAI QPs: dampener after the event

    /*
     * Parameters (from the CSR block)
     */
    input  wire [19:0]              param_t_ns,
    input  wire [16:0]              param_eta,              // Q0.16
    input  wire [3:0]               param_max_stage,
    input  wire [19:0]              param_wai,              // bytes, Q16.4
    input  wire [19:0]              param_line_mbps,
    input  wire [19:0]              param_min_mbps,
    // VAI and SF (NIC-wide; a QP uses them if its INIT set the option)
    input  wire [22:0]              param_vai_thresh,       // Token Thresh, bytes
    input  wire [22:0]              param_vai_ai_div,       // AI DIV, bytes per token
    input  wire [11:0]              param_vai_bank_cap,     // tokens
    input  wire [9:0]               param_vai_ai_cap,       // tokens per update
    input  wire [3:0]               param_vai_damp_shift,   // Dampener Constant = 2^shift
    input  wire [7:0]               param_sf_acks,          // SF's N
    output wire [4:0]               param_status,
    output wire                     param_busy,

    /*
     * DCQCN parameters (mode 1), as dcqcn_derive() makes them; a DCQCN
     * QP's W is W_max, from param_line_mbps and param_t_ns
     */
    input  wire [23:0]              param_dcqcn_line_q16,   // bytes/ns Q8.16
    input  wire [23:0]              param_dcqcn_min_q16,
    input  wire [23:0]              param_dcqcn_ai_q16,
    input  wire [23:0]              param_dcqcn_hai_q16,
    input  wire [23:0]              param_dcqcn_first_q16,  // 0: off
    input  wire                     param_dcqcn_clamp_tgt,  // clamp_tgt_rate
    input  wire [9:0]               param_dcqcn_g,          // g x 1024
    input  wire [22:0]              param_dcqcn_alpha0,     // Q1.22
    input  wire [16:0]              param_dcqcn_min_dec,    // Q1.16
    input  wire [3:0]               param_dcqcn_gd,
    input  wire [16:0]              param_dcqcn_td_us,
    input  wire [16:0]              param_dcqcn_ti_us,
    input  wire [15:0]              param_dcqcn_b_pkts,
    input  wire [4:0]               param_dcqcn_threshold,
    input  wire [64*18-1:0]         param_dcqcn_tab,        // D tables, Q1.17
    input  wire [9:0]               param_dcqcn_clk_mhz,    // core cycles per us
    input  wire [16:0]              param_dcqcn_period_us,  // dce_tcp_rtt
    input  wire                     param_dcqcn_ext_time,   // 1: events carry now and P
    input  wire [16:0]              param_dcqcn_tick_us,    // sweeper pass period, 0: off
    output wire [19:0]              dcqcn_now_us,
    output wire [15:0]              dcqcn_period,
    // the sweeper's TICKs as they enter (for testbenches) and its passes
    output wire                     sweep_tick,
    output wire [QPN_WIDTH-1:0]     sweep_tick_qpn,
    output wire [31:0]              sweep_passes,

    /*
     * Status
     */
    output wire                     init_done,
    output reg  [COUNTER_WIDTH-1:0] stat_events = 0,
    output reg  [COUNTER_WIDTH-1:0] stat_acks = 0,
    output reg  [COUNTER_WIDTH-1:0] stat_inits = 0,
    output reg  [COUNTER_WIDTH-1:0] stat_ign_no_int = 0,
    output reg  [COUNTER_WIDTH-1:0] stat_ign_nhop = 0,
    output reg  [COUNTER_WIDTH-1:0] stat_ign_bad_b = 0,
    output reg  [COUNTER_WIDTH-1:0] stat_ign_mode = 0,
    output reg  [COUNTER_WIDTH-1:0] stat_ign_type = 0,
    output reg  [COUNTER_WIDTH-1:0] stat_record_only = 0,
    output reg  [COUNTER_WIDTH-1:0] stat_dts_zero = 0,
    output reg  [COUNTER_WIDTH-1:0] stat_wc_updates = 0,
    output reg  [COUNTER_WIDTH-1:0] stat_sf_updates = 0,
    output reg  [COUNTER_WIDTH-1:0] stat_vai_gen = 0,
    output reg  [COUNTER_WIDTH-1:0] stat_dcqcn_cnps = 0,
    output reg  [COUNTER_WIDTH-1:0] stat_dcqcn_ticks = 0,
    output reg  [COUNTER_WIDTH-1:0] stat_dcqcn_decreases = 0,
    output reg  [COUNTER_WIDTH-1:0] stat_dcqcn_deferred = 0,
    output reg  [COUNTER_WIDTH-1:0] stat_dcqcn_inc_timer = 0,
    output reg  [COUNTER_WIDTH-1:0] stat_dcqcn_inc_bc = 0
);

localparam QW = QPN_WIDTH;
localparam NHOP = 5;
localparam FIFO_DEPTH = 2**OUT_FIFO_LOG2;

localparam [1:0] TYPE_ACK = 2'd0;
localparam [1:0] TYPE_INIT = 2'd1;
localparam [1:0] TYPE_TICK = 2'd3;
localparam [2:0] IGN_NONE = 3'd0;
localparam [2:0] IGN_NO_INT = 3'd1;
localparam [2:0] IGN_NHOP = 3'd2;
localparam [2:0] IGN_BAD_B = 3'd3;
localparam [2:0] IGN_MODE = 3'd4;
localparam [2:0] IGN_TYPE = 3'd5;
localparam [1:0] MODE_HPCC = 2'd0;
localparam [1:0] MODE_DCQCN = 2'd1;

/*
 * Derived parameters
 */
wire [19:0]     t_ns;
wire [3:0]      max_stage;
wire [19:0]     wai;
wire [16:0]     rt_m;
wire [6:0]      a_sh;
wire [8*17-1:0] ke_m;
wire [8*7-1:0]  ke_sh;
// the rate shift is a_sh + 4, and the queue constants of speeds 3..8 are
// made from those of speeds 1 and 2 (per QP too: RAM_P below)
// verilator lint_off UNUSEDSIGNAL
wire [6:0]      rate_sh_unused;
wire [8*17-1:0] kq_m;
wire [8*7-1:0]  kq_sh;
// verilator lint_on UNUSEDSIGNAL
wire [25:0]     v_init, wmax, wmin;
wire [16:0]     nic_eta;
wire [19:0]     nic_line, nic_min;
wire            param_valid, hpcc_param_valid, hpcc_param_busy;
wire [22:0]     vs_thresh;
wire [30:0]     vs_thr_m80, vs_div_m80;
wire [5:0]      vs_thr_k, vs_div_k;
wire [11:0]     vs_bank_cap;
wire [9:0]      vs_ai_cap;
wire [3:0]      vs_damp_shift;
wire [7:0]      vs_sf_n1;
wire            vs_busy, vs_valid;

hpcc_vaisf_param vaisf_param_inst (
    .clk(clk),
    .rst(rst),
    .in_thresh(param_vai_thresh),
    .in_ai_div(param_vai_ai_div),
    .in_bank_cap(param_vai_bank_cap),
    .in_ai_cap(param_vai_ai_cap),
    .in_damp_shift(param_vai_damp_shift),
    .in_sf_acks(param_sf_acks),
    .thresh(vs_thresh),
    .thr_m80(vs_thr_m80),
    .thr_k(vs_thr_k),
    .div_m80(vs_div_m80),
    .div_k(vs_div_k),
    .bank_cap(vs_bank_cap),
    .ai_cap(vs_ai_cap),
    .damp_shift(vs_damp_shift),
    .sf_n1(vs_sf_n1),
    .busy(vs_busy),
    .valid(vs_valid)
);

// the INIT sweep waits for both sets
assign param_valid = hpcc_param_valid && vs_valid;
assign param_busy = hpcc_param_busy || vs_busy;

hpcc_cc_param #(
    .ROM_FILE(ROM_FILE)
)
param_inst (
    .clk(clk),
    .rst(rst),
    .in_t_ns(param_t_ns),
    .in_eta(param_eta),
    .in_max_stage(param_max_stage),
    .in_wai(param_wai),
    .in_line_mbps(param_line_mbps),
    .in_min_mbps(param_min_mbps),
    .t_ns(t_ns),
    .max_stage(max_stage),
    .wai(wai),
    .rt_m(rt_m),
    .a_sh(a_sh),
    .rate_sh(rate_sh_unused),
    .kq_m(kq_m),
    .kq_sh(kq_sh),
    .ke_m(ke_m),
    .ke_sh(ke_sh),
    .v_init(v_init),
    .wmax(wmax),
    .wmin(wmin),
    .eta(nic_eta),
    .line_mbps(nic_line),
    .min_mbps(nic_min),
    .status(param_status),
    .busy(hpcc_param_busy),
    .valid(hpcc_param_valid)
);

/*
 * DCQCN's microsecond clock and alpha-period count: events are stamped with
 * them as they are accepted (unless param_dcqcn_ext_time)
 */
dcqcn_clock dcqcn_clock_inst (
    .clk(clk),
    .rst(rst),
    .cycles_per_us(param_dcqcn_clk_mhz),
    .period_us(param_dcqcn_period_us),
    .now_us(dcqcn_now_us),
    .period(dcqcn_period)
);

/*
 * Input: credit-based acceptance and the reset-time INIT sweep
 */
reg  [OUT_FIFO_LOG2:0] occupancy_reg = 0;    // accepted, not yet read out
reg                    ready_reg = 1'b0;
reg                    sweep_reg = 1'b1;
reg  [QW-1:0]          sweep_qpn_reg = 0;

wire tick_valid, tick_force;
wire [QW-1:0] tick_qpn;
wire accept = s_notify_valid && s_notify_ready;
/*
 * An INIT with the override into mode HPCC is held here while
 * hpcc_cc_qp_param derives its own set (six cycles), then enters the
 * pipeline carrying the set, which it writes into RAM_P at stage 0. The
 * input (and the sweeper) wait meanwhile, so events keep their order.
 */
wire hold_take = accept && s_notify_type == TYPE_INIT && s_notify_cc_opts[0] &&
                 s_notify_mode == MODE_HPCC;
reg  hold_reg = 1'b0;
wire qpp_done;
wire hold_go = hold_reg && qpp_done;
// a sweeper TICK takes a cycle with no event, or one it forced; it needs
// the same credit, given back at stage 14 if its Update is dropped
wire inject = tick_valid && ready_reg && !sweep_reg && !hold_reg && (tick_force || !s_notify_valid);
wire pop = m_update_valid && m_update_ready;
wire drop14;
wire [OUT_FIFO_LOG2:0] occupancy_next = occupancy_reg + {{OUT_FIFO_LOG2{1'b0}}, accept || inject}
                                                      - {{OUT_FIFO_LOG2{1'b0}}, pop}
                                                      - {{OUT_FIFO_LOG2{1'b0}}, drop14};

assign s_notify_ready = ready_reg && !sweep_reg && !tick_force && !hold_reg;
assign sweep_tick = inject;
assign sweep_tick_qpn = tick_qpn;

dcqcn_sweep #(
    .QPN_WIDTH(QW)
)
dcqcn_sweep_inst (
    .clk(clk),
    .rst(rst),
    // the reset sweep clears every QP's bit, an accepted INIT sets its own
    .map_we((sweep_reg && param_valid) || (accept && s_notify_type == TYPE_INIT)),
    .map_qpn(sweep_reg ? sweep_qpn_reg : s_notify_qpn),
    .map_dcqcn(!sweep_reg && s_notify_mode == MODE_DCQCN),
    .now_us(dcqcn_now_us),
    .pass_us(param_dcqcn_tick_us),
    .tick_valid(tick_valid),
    .tick_qpn(tick_qpn),
    .tick_force(tick_force),
    .tick_taken(inject),
    .passes(sweep_passes)
);
assign init_done = !sweep_reg;

// the held INIT
reg [QW-1:0] h_qpn = 0;
reg [23:0]   h_psn = 0;
reg [1:0]    h_opts = 0;
reg [19:0]   h_now = 0;
reg [15:0]   h_per = 0;

always @(posedge clk) begin
    if (hold_take) begin
        hold_reg <= 1'b1;
        h_qpn <= s_notify_qpn;
        h_psn <= s_notify_ack_psn;
        h_opts <= s_notify_cc_opts[2:1];
        h_now <= param_dcqcn_ext_time ? s_notify_now_us : dcqcn_now_us;
        h_per <= param_dcqcn_ext_time ? s_notify_period : dcqcn_period;
    end else if (hold_go) begin
        hold_reg <= 1'b0;
    end
    if (rst) begin
        hold_reg <= 1'b0;
    end
end

// the held INIT's own set
wire [19:0] qpp_t_ns, qpp_wai;
wire [16:0] qpp_rt_m, qpp_kq1_m, qpp_kq2_m;
wire [6:0]  qpp_a_sh, qpp_kq1_sh, qpp_kq2_sh;
wire [25:0] qpp_wmax, qpp_wmin;
wire [3:0]  qpp_max_stage;

hpcc_cc_qp_param #(
    .ROM_FILE(ROM_FILE)
)
qp_param_inst (
    .clk(clk),
    .rst(rst),
    .start(hold_take),
    .in_t_ns(s_notify_t_ns),
    .in_wai(s_notify_wai),
    .in_max_stage(s_notify_max_stage),
    .eta(nic_eta),
    .line_mbps(nic_line),
    .min_mbps(nic_min),
    .t_ns(qpp_t_ns),
    .rt_m(qpp_rt_m),
    .a_sh(qpp_a_sh),
    .kq1_m(qpp_kq1_m),
    .kq1_sh(qpp_kq1_sh),
    .kq2_m(qpp_kq2_m),
    .kq2_sh(qpp_kq2_sh),
    .wmax(qpp_wmax),
    .wmin(qpp_wmin),
    .wai(qpp_wai),
    .max_stage(qpp_max_stage),
    .done(qpp_done)
);

always @(posedge clk) begin
    occupancy_reg <= occupancy_next;
    ready_reg <= occupancy_next < FIFO_DEPTH;
    if (sweep_reg && param_valid) begin
        sweep_qpn_reg <= sweep_qpn_reg + 1'b1;
        if (&sweep_qpn_reg) begin
            sweep_reg <= 1'b0;
        end
    end

    if (rst) begin
        occupancy_reg <= 0;
        ready_reg <= 1'b0;
        sweep_reg <= 1'b1;
        sweep_qpn_reg <= 0;
    end
end

/*
 * Stage 0: input register
 */
reg          p0_valid = 1'b0;
reg          p0_silent = 1'b0;          // sweep INIT: updates state, no Update out
reg          p0_itick = 1'b0;           // the sweeper's TICK: an Update only if Rc moved
reg [1:0]    p0_type = 0;
reg [QW-1:0] p0_qpn = 0;
reg [23:0]   p0_psn = 0, p0_snd_nxt = 0;
reg [3:0]    p0_nhop = 0;
reg [11:0]   p0_path = 0;
reg [1:0]    p0_mode = 0;
reg [1:0]    p0_opts = 0;               // INIT: {SF, VAI}
reg          p0_ovr = 1'b0;             // INIT with the override: p0_own is its set
reg [5*64-1:0] p0_hops = 0;
reg [19:0]   p0_now = 0;
reg [15:0]   p0_per = 0;
// screening inputs, computed on the way in to keep stage 1 shallow
reg [NHOP-1:0] p0_b_ok = 0;            // hop carries a known speed enum
reg [NHOP-1:0] p0_on_path = 0;         // hop index < nHop
reg          p0_nhop_zero = 0, p0_nhop_big = 0;

integer hi;
always @(posedge clk) begin
    for (hi = 0; hi < NHOP; hi = hi + 1) begin
        p0_b_ok[hi] <= s_notify_hops[64*hi+60 +: 4] != 4'd0 &&
                       s_notify_hops[64*hi+60 +: 4] <= 4'd8;
        p0_on_path[hi] <= hi < {28'd0, s_notify_nhop};
    end
    p0_nhop_zero <= s_notify_nhop == 4'd0;
    p0_nhop_big <= s_notify_nhop > NHOP;
end

always @(posedge clk) begin
    if (sweep_reg) begin
        p0_type <= TYPE_INIT;
        p0_qpn <= sweep_qpn_reg;
        p0_mode <= MODE_HPCC;
        p0_opts <= 2'd0;
        // the models' reset: every QP INIT at now = 0, P = 0, PSN 0
        p0_psn <= 24'd0;
        p0_now <= 20'd0;
        p0_per <= 16'd0;
    end else if (hold_go) begin
        p0_type <= TYPE_INIT;
        p0_qpn <= h_qpn;
        p0_mode <= MODE_HPCC;
        p0_opts <= h_opts;
        p0_psn <= h_psn;
        p0_now <= h_now;
        p0_per <= h_per;
    end else if (inject) begin
        p0_type <= TYPE_TICK;
        p0_qpn <= tick_qpn;
        p0_mode <= MODE_HPCC;
        p0_opts <= 2'd0;
        p0_psn <= 24'd0;
        p0_now <= param_dcqcn_ext_time ? s_notify_now_us : dcqcn_now_us;
        p0_per <= param_dcqcn_ext_time ? s_notify_period : dcqcn_period;
    end else begin
        p0_type <= s_notify_type;
        p0_qpn <= s_notify_qpn;
        p0_mode <= s_notify_mode;
        p0_opts <= s_notify_cc_opts[2:1];
        p0_psn <= s_notify_ack_psn;
        p0_now <= param_dcqcn_ext_time ? s_notify_now_us : dcqcn_now_us;
        p0_per <= param_dcqcn_ext_time ? s_notify_period : dcqcn_period;
    end
    p0_snd_nxt <= s_notify_snd_nxt;
    p0_nhop <= s_notify_nhop;
    p0_path <= s_notify_path_id;
    p0_hops <= s_notify_hops;
    p0_valid <= (accept && !hold_take) || inject || hold_go || (sweep_reg && param_valid);
    p0_ovr <= !sweep_reg && hold_go;
    p0_silent <= sweep_reg;
    p0_itick <= inject;

    if (rst) begin
        p0_valid <= 1'b0;
    end
end

/*
 * Stage 1: screen the event; INT snapshot RAM (read-first, replaced here)
 */
wire [2:0] reason1 = (p0_type != TYPE_ACK && p0_type != TYPE_INIT) ? IGN_TYPE :
                     (p0_type == TYPE_INIT) ? IGN_NONE :
                     p0_nhop_zero ? IGN_NO_INT :
                     p0_nhop_big ? IGN_NHOP :
                     (|(p0_on_path & ~p0_b_ok)) ? IGN_BAD_B : IGN_NONE;
wire is_ack1 = p0_type == TYPE_ACK && reason1 == IGN_NONE;
wire is_init1 = p0_type == TYPE_INIT;

// snapshot word: {valid, pathID, nHop[2:0], 5 x {TS, txBytes, qLen}}
localparam LW = 1 + 12 + 3 + NHOP * 60;
wire [LW-1:0] l_wdata = {is_ack1, p0_path, p0_nhop[2:0],
                         p0_hops[64*4 +: 60], p0_hops[64*3 +: 60], p0_hops[64*2 +: 60],
                         p0_hops[64*1 +: 60], p0_hops[64*0 +: 60]};

wire [LW-1:0] l_rdata;

hpnic_ram_sp_rf #(
    .ADDR_WIDTH(QW),
    .DATA_WIDTH(LW)
)
ram_l_inst (
    .clk(clk),
    .en(p0_valid),
    .wr_en(p0_valid && (is_ack1 || is_init1)),
    .addr(p0_qpn),
    .wr_data(l_wdata),
    .rd_data(l_rdata)
);

reg          p1_valid = 1'b0;
reg          p1_silent = 1'b0;
reg          p1_itick = 1'b0;
reg [1:0]    p1_type = 0;
reg [19:0]   p1_now = 0;
reg [15:0]   p1_per = 0;
reg [QW-1:0] p1_qpn = 0;
reg [23:0]   p1_psn = 0, p1_snd_nxt = 0;
reg [3:0]    p1_nhop = 0;
reg [11:0]   p1_path = 0;
reg [1:0]    p1_mode = 0;
reg [1:0]    p1_opts = 0;
// VAI: the largest qLen on the path, in two steps (pairs here, three at 2)
reg [15:0]   p1_qa = 0, p1_qb = 0, p1_qc = 0;
// B[3] of each hop was screened at stage 1; the hops use B - 1 in [2:0]
// verilator lint_off UNUSEDSIGNAL
reg [5*64-1:0] p1_hops = 0;
// verilator lint_on UNUSEDSIGNAL
reg [2:0]    p1_reason = 0;
reg          p1_is_ack = 0, p1_is_init = 0, p1_is_ack_type = 0;
reg          p1_eq1 = 0, p1_eq2 = 0;
reg [NHOP-1:0] p1_on_path = 0;

// the ctl word carried from stage 2 to the output
localparam CW = QW + 20;
(* mem2reg *) reg [CW-1:0] ctl [2:14];
reg [14:2]   pv;                       // valid per stage

`define CTL_QPN(c)    c[QW-1:0]
`define CTL_SILENT(c) c[QW]
`define CTL_EQ1(c)    c[QW+1]
`define CTL_EQ2(c)    c[QW+2]
`define CTL_INIT(c)   c[QW+3]
`define CTL_ACTIVE(c) c[QW+4]
`define CTL_RECORD(c) c[QW+5]
`define CTL_UPDWC(c)  c[QW+6]
`define CTL_REASON(c) c[QW+9:QW+7]
`define CTL_ONPATH(c) c[QW+14:QW+10]
`define CTL_ACKT(c)   c[QW+15]
`define CTL_DCQCN(c)  c[QW+16]
`define CTL_ITICK(c)  c[QW+17]
`define CTL_VAI(c)    c[QW+18]
`define CTL_SF(c)     c[QW+19]

// hops beyond nHop count as empty queues
wire [15:0] q0_on = p0_on_path[0] ? p0_hops[64*0 +: 16] : 16'd0;
wire [15:0] q1_on = p0_on_path[1] ? p0_hops[64*1 +: 16] : 16'd0;
wire [15:0] q2_on = p0_on_path[2] ? p0_hops[64*2 +: 16] : 16'd0;
wire [15:0] q3_on = p0_on_path[3] ? p0_hops[64*3 +: 16] : 16'd0;
wire [15:0] q4_on = p0_on_path[4] ? p0_hops[64*4 +: 16] : 16'd0;

always @(posedge clk) begin
    p1_valid <= p0_valid;
    p1_silent <= p0_silent;
    p1_itick <= p0_itick;
    p1_type <= p0_type;
    p1_now <= p0_now;
    p1_per <= p0_per;
    p1_qpn <= p0_qpn;
    p1_psn <= p0_psn;
    p1_snd_nxt <= p0_snd_nxt;
    p1_nhop <= p0_nhop;
    p1_path <= p0_path;
    p1_mode <= p0_mode;
    p1_opts <= p0_opts;
    p1_qa <= (q0_on > q1_on) ? q0_on : q1_on;
    p1_qb <= (q2_on > q3_on) ? q2_on : q3_on;
    p1_qc <= q4_on;
    p1_hops <= p0_hops;
    p1_reason <= reason1;
    p1_is_ack <= is_ack1;
    p1_is_init <= is_init1;
    p1_is_ack_type <= p0_type == TYPE_ACK;
    p1_on_path <= p0_on_path;
    // same QP as the event one / two ahead: fixed for the event's lifetime
    p1_eq1 <= p1_valid && p1_qpn == p0_qpn;
    p1_eq2 <= pv[2] && `CTL_QPN(ctl[2]) == p0_qpn;

    if (rst) begin
        p1_valid <= 1'b0;
    end
end

/*
 * RAM_P: each QP's parameter set, {override, T, 1/T, kq of speeds 1 and 2,
 * Wmax, Wmin, W_AI, maxStage}, written by every INIT at stage 0 (override
 * 0: the NIC-wide set), read for the event entering stage 0. An event takes
 * its QP's own set if the override is on, else the NIC-wide one, at stage 0
 * into prm1; an INIT of the same QP one ahead (its write is in the same
 * cycle as the read) is forwarded from stage 1.
 */
localparam PS = 20 + 17 + 7 + 17 + 7 + 17 + 7 + 26 + 26 + 20 + 4;   // a set
localparam PW = 1 + PS;

// {T, rt_m, a_sh, kq1_m, kq1_sh, kq2_m, kq2_sh, Wmax, Wmin, W_AI, maxStage}
wire [PS-1:0] nic_set = {t_ns, rt_m, a_sh, kq_m[16:0], kq_sh[6:0], kq_m[33:17], kq_sh[13:7],
                         wmax, wmin, wai, max_stage};
wire [PS-1:0] qpp_set = {qpp_t_ns, qpp_rt_m, qpp_a_sh, qpp_kq1_m, qpp_kq1_sh, qpp_kq2_m,
                         qpp_kq2_sh, qpp_wmax, qpp_wmin, qpp_wai, qpp_max_stage};
wire [QW-1:0] p_raddr = sweep_reg ? sweep_qpn_reg : hold_go ? h_qpn :
                        inject ? tick_qpn : s_notify_qpn;
wire [PW-1:0] p_rdata;
reg  [PS-1:0] prm1 = 0;                // the event's set at stage 1
reg           p1_ovr = 1'b0;

hpnic_ram_sdp #(
    .ADDR_WIDTH(QW),
    .DATA_WIDTH(PW)
)
ram_p_inst (
    .clk(clk),
    .wr_en(p0_valid && p0_type == TYPE_INIT),
    .wr_addr(p0_qpn),
    .wr_data({p0_ovr, qpp_set}),
    .rd_en(1'b1),
    .rd_addr(p_raddr),
    .rd_data(p_rdata)
);

wire p_fwd = p1_valid && p1_is_init && p1_qpn == p0_qpn;
wire p_ovr0 = (p0_type == TYPE_INIT) ? p0_ovr : p_fwd ? p1_ovr : p_rdata[PW-1];
wire [PS-1:0] p_own0 = (p0_type == TYPE_INIT) ? qpp_set : p_fwd ? prm1 : p_rdata[PS-1:0];

always @(posedge clk) begin
    p1_ovr <= p_ovr0;
    prm1 <= p_ovr0 ? p_own0 : nic_set;
    if (rst) begin
        p1_ovr <= 1'b0;
    end
end

wire [19:0] prm1_t = prm1[PS-1 -: 20];
wire [16:0] prm1_rt_m = prm1[PS-21 -: 17];
wire [6:0]  prm1_a_sh = prm1[PS-38 -: 7];
wire [16:0] prm1_kq1_m = prm1[PS-45 -: 17];
wire [6:0]  prm1_kq1_sh = prm1[PS-62 -: 7];
wire [16:0] prm1_kq2_m = prm1[PS-69 -: 17];
wire [6:0]  prm1_kq2_sh = prm1[PS-86 -: 7];
wire [75:0] prm1_w = prm1[75:0];       // {Wmax, Wmin, W_AI, maxStage}

/*
 * The set along the pipeline: the hops' constants at 2 (the queue constants
 * of the eight speeds from those of speeds 1 and 2: g = 8 is 2 x 4, g = 10
 * .. 160 are 5 x 2^k) and 3; {1/T, rate shift, Wmax, Wmin, W_AI, maxStage}
 * to 13 in flip-flops with a reset (no SRLs: the W loop at 13 and the
 * shifts at 10 read them)
 */
reg  [16:0]   p2_kq1_m = 0, p2_kq2_m = 0;
reg  [8*7-1:0] p2_kq_sh = 0;
reg  [6:0]    p2_a_sh = 0, p3_a_sh = 0;
localparam PCW = 17 + 7 + 76;
(* mem2reg *) reg [PCW-1:0] pc [2:13];
wire [8*17-1:0] p2_kq_m = {p2_kq2_m, p2_kq2_m, p2_kq2_m, p2_kq2_m, p2_kq2_m, p2_kq1_m,
                           p2_kq2_m, p2_kq1_m};
integer pk;

always @(posedge clk) begin
    p2_kq1_m <= prm1_kq1_m;
    p2_kq2_m <= prm1_kq2_m;
    p2_kq_sh <= {prm1_kq2_sh + 7'd5, prm1_kq2_sh + 7'd4, prm1_kq2_sh + 7'd3, prm1_kq2_sh + 7'd2,
                 prm1_kq2_sh + 7'd1, prm1_kq1_sh + 7'd2, prm1_kq2_sh, prm1_kq1_sh};
    p2_a_sh <= prm1_a_sh;
    p3_a_sh <= p2_a_sh;
    pc[2] <= {prm1_rt_m, prm1_a_sh + 7'd4, prm1_w};
    for (pk = 3; pk <= 13; pk = pk + 1) begin
        pc[pk] <= pc[pk-1];
    end
    if (rst) begin
        for (pk = 2; pk <= 13; pk = pk + 1) begin
            pc[pk] <= 0;
        end
    end
end

`define PC_RTM(c)   c[PCW-1 -: 17]
`define PC_RSH(c)   c[PCW-18 -: 7]
`define PC_WMAX(c)  c[75:50]
`define PC_WMIN(c)  c[49:24]
`define PC_WAI(c)   c[23:4]
`define PC_MS(c)    c[3:0]

/*
 * Stage 2: mode, record-only test and lastUpdateSeq (RAM_S loop)
 */
wire [27:0] s_rdata;                   // {lastUpdateSeq, {SF, VAI}, mode}
reg  [27:0] p2_s = 0, p3_s = 0;

hpnic_ram_sdp #(
    .ADDR_WIDTH(QW),
    .DATA_WIDTH(28)
)
ram_s_inst (
    .clk(clk),
    .wr_en(pv[2]),
    .wr_addr(`CTL_QPN(ctl[2])),
    .wr_data(p2_s),
    .rd_en(1'b1),
    .rd_addr(p0_qpn),
    .rd_data(s_rdata)
);

wire [27:0] s_old = p1_eq1 ? p2_s : p1_eq2 ? p3_s : s_rdata;
wire [23:0] lus_old = s_old[27:4];
wire [1:0]  opts_old = s_old[3:2];
wire [1:0]  mode_old = s_old[1:0];

wire        l_valid_old = l_rdata[LW-1];
wire [11:0] l_path_old = l_rdata[LW-2 -: 12];
wire [2:0]  l_nhop_old = l_rdata[LW-14 -: 3];

wire mode_ok = mode_old == MODE_HPCC;
wire is_ack2 = p1_is_ack && mode_ok;
wire [2:0] reason2 = (p1_is_ack && !mode_ok) ? IGN_MODE : p1_reason;
wire record2 = is_ack2 && (!l_valid_old || l_path_old != p1_path || {1'b0, l_nhop_old} != p1_nhop);
wire active2 = is_ack2 && !record2;
// verilator lint_off UNUSEDSIGNAL
wire [23:0] psn_diff = p1_psn - lus_old;          // only the sign bit matters
// verilator lint_on UNUSEDSIGNAL
wire upd_wc2 = active2 && !psn_diff[23];          // ack_psn >= lastUpdateSeq (serial)
wire [23:0] lus_new = p1_is_init ? 24'd0 : (record2 || upd_wc2) ? p1_snd_nxt : lus_old;
wire [1:0]  mode_new = p1_is_init ? p1_mode : mode_old;
wire [1:0]  opts_new = p1_is_init ? p1_opts : opts_old;
// the Update comes from the DCQCN stages: an event of a DCQCN QP, or an INIT into DCQCN
wire dcqcn2 = mode_new == MODE_DCQCN;

always @(posedge clk) begin
    p2_s <= {lus_new, opts_new, mode_new};
    p3_s <= p2_s;
    pv[2] <= p1_valid;
    ctl[2] <= {opts_new, p1_itick, dcqcn2, p1_is_ack_type, p1_on_path, reason2, upd_wc2, record2, active2, p1_is_init,
               p1_eq2, p1_eq1, p1_silent, p1_qpn};

    if (rst) begin
        pv[2] <= 1'b0;
    end
end

/*
 * Stages 2..14 of mode 1: the DCQCN reaction point, beside the HPCC stages;
 * its result replaces HPCC's at stage 14 for the events of DCQCN QPs
 */
wire [23:0] dcqcn_rate14;
wire [16:0] dcqcn_v14;
wire        dcqcn_dec14, dcqcn_inc_t14, dcqcn_inc_bc14, dcqcn_defer14, dcqcn_cnp14, dcqcn_tick14;

dcqcn_rp #(
    .QPN_WIDTH(QW)
)
dcqcn_inst (
    .clk(clk),
    .rst(rst),
    .s1_valid(p1_valid),
    .s1_qpn(p1_qpn),
    .s1_type(p1_type),
    .s1_mode(mode_old),
    .s1_psn(p1_psn),
    .s1_now(p1_now),
    .s1_per(p1_per),
    .s1_eq1(p1_eq1),
    .s1_eq2(p1_eq2),
    .line_q16(param_dcqcn_line_q16),
    .min_q16(param_dcqcn_min_q16),
    .ai_q16(param_dcqcn_ai_q16),
    .hai_q16(param_dcqcn_hai_q16),
    .first_q16(param_dcqcn_first_q16),
    .clamp_tgt(param_dcqcn_clamp_tgt),
    .g_q10(param_dcqcn_g),
    .alpha0(param_dcqcn_alpha0),
    .min_dec(param_dcqcn_min_dec),
    .gd(param_dcqcn_gd),
    .td_us(param_dcqcn_td_us),
    .ti_us(param_dcqcn_ti_us),
    .b_pkts(param_dcqcn_b_pkts),
    .threshold(param_dcqcn_threshold),
    .tab(param_dcqcn_tab),
    .o_rate(dcqcn_rate14),
    .o_v(dcqcn_v14),
    .o_dec(dcqcn_dec14),
    .o_inc_t(dcqcn_inc_t14),
    .o_inc_bc(dcqcn_inc_bc14),
    .o_defer(dcqcn_defer14),
    .o_cnp(dcqcn_cnp14),
    .o_tick(dcqcn_tick14)
);

// stages 3..14 carry the ctl word
integer k;
always @(posedge clk) begin
    for (k = 3; k <= 14; k = k + 1) begin
        ctl[k] <= ctl[k-1];
        pv[k] <= pv[k-1];
    end

    if (rst) begin
        pv[14:3] <= 0;
    end
end

/*
 * Stages 2..9 of VAI: the RTT's Measured Congestion (RAM_M loop at 3) and
 * its images. Algorithm 1 needs floor(MC / AI DIV), floor(MC / Thresh) and
 * MC against Thresh at the RTT's end, inside the stage-10 loop; each is a
 * non-decreasing function of MC, so they are made here, off the loops, from
 * the RTT's MC including this ACK, and only the RTT-ending ACK's are used.
 */
reg  [15:0] p2_qmax = 0;

always @(posedge clk) begin
    if (p1_qa >= p1_qb && p1_qa >= p1_qc) begin
        p2_qmax <= p1_qa;
    end else if (p1_qb >= p1_qc) begin
        p2_qmax <= p1_qb;
    end else begin
        p2_qmax <= p1_qc;
    end
end

wire [15:0] m_rdata;
reg  [15:0] p3_mc = 0, p4_mc = 0;      // MC after the event, as RAM_M holds it
reg  [15:0] p3_mcr = 0;                // MC of the RTT, this ACK included

hpnic_ram_sdp #(
    .ADDR_WIDTH(QW),
    .DATA_WIDTH(16)
)
ram_m_inst (
    .clk(clk),
    .wr_en(pv[3]),
    .wr_addr(`CTL_QPN(ctl[3])),
    .wr_data(p3_mc),
    .rd_en(1'b1),
    .rd_addr(p1_qpn),
    .rd_data(m_rdata)
);

wire [15:0] mc_old = `CTL_EQ1(ctl[2]) ? p3_mc : `CTL_EQ2(ctl[2]) ? p4_mc : m_rdata;
wire [15:0] mc_rtt = (p2_qmax > mc_old) ? p2_qmax : mc_old;
wire        mc_take = `CTL_ACTIVE(ctl[2]) && `CTL_VAI(ctl[2]);
// cleared at the RTT's end: the ACK that ends it belongs to the RTT it ends
wire [15:0] mc_new = `CTL_INIT(ctl[2]) ? 16'd0 :
                     !mc_take ? mc_old :
                     `CTL_UPDWC(ctl[2]) ? 16'd0 : mc_rtt;

always @(posedge clk) begin
    p3_mc <= mc_new;
    p4_mc <= p3_mc;
    p3_mcr <= mc_rtt;
end

// floor(80 q / D) = (q * 80 M) >> K, exact for every 16-bit q
// (hpcc_vaisf_param); the counts are capped where the loop's sums saturate
// anyway: g + bank beyond 4095 is over any Bank Cap, h beyond 65535 is the
// dampener's maximum
reg  [46:0] p4_pg = 0, p4_ph = 0;
reg  [22:0] p4_x80 = 0;                // MC in bytes
reg  [22:0] p5_gs = 0, p5_hs = 0;
reg         p5_gt = 0, p5_ge = 0;
// {g, h, MC > Thresh, MC >= Thresh} at 6..9
(* mem2reg *) reg [29:0] mimg [6:9];
// verilator lint_off UNUSEDSIGNAL
wire [46:0] pg_sh = p4_pg >> vs_div_k;             // < 2^23: 80 q < 2^23
wire [46:0] ph_sh = p4_ph >> vs_thr_k;
// verilator lint_on UNUSEDSIGNAL

always @(posedge clk) begin
    p4_pg <= {31'd0, p3_mcr} * {16'd0, vs_div_m80};
    p4_ph <= {31'd0, p3_mcr} * {16'd0, vs_thr_m80};
    p4_x80 <= {1'b0, p3_mcr, 6'd0} + {3'd0, p3_mcr, 4'd0};
    p5_gs <= pg_sh[22:0];
    p5_hs <= ph_sh[22:0];
    p5_gt <= p4_x80 > vs_thresh;
    p5_ge <= p4_x80 >= vs_thresh;
    mimg[6] <= {(|p5_gs[22:12]) ? 12'hfff : p5_gs[11:0],
                (|p5_hs[22:16]) ? 16'hffff : p5_hs[15:0], p5_gt, p5_ge};
    for (k = 7; k <= 9; k = k + 1) begin
        mimg[k] <= mimg[k-1];
    end
end

/*
 * Stages 2..7: MeasureInflight per hop
 */
wire [NHOP*26-1:0] hop_v;
wire [NHOP*17-1:0] hop_a;
wire [NHOP-1:0]    hop_dts_zero;

genvar g;
generate
for (g = 0; g < NHOP; g = g + 1) begin : g_hop
    hpcc_cc_hop #(
        .ROM_FILE(ROM_FILE)
    )
    hop_inst (
        .clk(clk),
        .new_b_idx(p1_hops[64*g+60 +: 3] - 3'd1),
        .new_ts(p1_hops[64*g+36 +: 24]),
        .new_tx(p1_hops[64*g+16 +: 20]),
        .new_q(p1_hops[64*g +: 16]),
        .old_ts(l_rdata[60*g+36 +: 24]),
        .old_tx(l_rdata[60*g+16 +: 20]),
        .old_q(l_rdata[60*g +: 16]),
        .t_ns(prm1_t),
        .rt_m(`PC_RTM(pc[2])),
        .a_sh(p3_a_sh),
        .kq_m(p2_kq_m),
        .kq_sh(p2_kq_sh),
        .ke_m(ke_m),
        .ke_sh(ke_sh),
        .v(hop_v[26*g +: 26]),
        .a(hop_a[17*g +: 17]),
        .dts_zero(hop_dts_zero[g])
    );
end
endgenerate

/*
 * Stage 8: compare every pair of hops; beta_i = a_i * v'_i
 */
// v' of the hops on the path; 0 beyond nHop
reg [NHOP*26-1:0] vm;
integer hv;
always @* begin
    for (hv = 0; hv < NHOP; hv = hv + 1) begin
        vm[26*hv +: 26] = ctl[7][QW+10+hv] ? hop_v[26*hv +: 26] : 26'd0;   // on path
    end
end

reg [NHOP*NHOP-1:0] p8_ge = 0;         // [i*NHOP+j]: v'_i >= v'_j, for i < j
reg [NHOP-1:0]      p8_pos = 0;
reg [NHOP*17-1:0]   p8_alpha = 0;
reg [NHOP*43-1:0]   p8_beta = 0;
(* mem2reg *) reg [2:0] dz_count [8:14];

integer i, j;
always @(posedge clk) begin
    for (i = 0; i < NHOP; i = i + 1) begin
        for (j = 0; j < NHOP; j = j + 1) begin
            p8_ge[i*NHOP+j] <= (i < j) && vm[26*i +: 26] >= vm[26*j +: 26];
        end
        p8_pos[i] <= vm[26*i +: 26] != 0;
        p8_alpha[17*i +: 17] <= 17'd65536 - hop_a[17*i +: 17];
        p8_beta[43*i +: 43] <= {26'd0, hop_a[17*i +: 17]} * {17'd0, vm[26*i +: 26]} + 43'd32768;
    end
end

// hops whose TS did not advance, counted on active ACKs
wire [NHOP-1:0] dz_hops = hop_dts_zero & `CTL_ONPATH(ctl[7]);
wire [2:0] dz_sum = {2'd0, dz_hops[0]} + {2'd0, dz_hops[1]} + {2'd0, dz_hops[2]} +
                    {2'd0, dz_hops[3]} + {2'd0, dz_hops[4]};

always @(posedge clk) begin
    dz_count[8] <= `CTL_ACTIVE(ctl[7]) ? dz_sum : 3'd0;
    for (k = 9; k <= 14; k = k + 1) begin
        dz_count[k] <= dz_count[k-1];
    end
end

/*
 * Stage 9: EWMA (RAM_V loop): V = ((1-a)*V + a*v' + 1/2) >> 16
 */
reg  [NHOP-1:0] sel;                   // first hop with the largest v' > 0
integer si, sj;
always @* begin
    for (si = 0; si < NHOP; si = si + 1) begin
        sel[si] = p8_pos[si];
        for (sj = 0; sj < NHOP; sj = sj + 1) begin
            if (sj < si && p8_ge[sj*NHOP+si]) begin
                sel[si] = 1'b0;
            end
            if (sj > si && !p8_ge[si*NHOP+sj]) begin
                sel[si] = 1'b0;
            end
        end
    end
end

reg [16:0] alpha_sel;
reg [42:0] beta_sel;
integer ai;
always @* begin
    alpha_sel = 17'd0;
    beta_sel = 43'd0;
    for (ai = 0; ai < NHOP; ai = ai + 1) begin
        alpha_sel = alpha_sel | (sel[ai] ? p8_alpha[17*ai +: 17] : 17'd0);
        beta_sel = beta_sel | (sel[ai] ? p8_beta[43*ai +: 43] : 43'd0);
    end
end

wire use_hop = `CTL_ACTIVE(ctl[8]) && |sel;
wire [16:0] alpha = `CTL_INIT(ctl[8]) ? 17'd0 : use_hop ? alpha_sel : 17'd65536;
wire [42:0] beta = `CTL_INIT(ctl[8]) ? {1'b0, v_init, 16'h8000} : use_hop ? beta_sel : 43'd32768;

wire [25:0] v_rdata;
reg  [25:0] p9_v = 0, p10_v = 0, p11_v = 0, p12_v = 0, p13_v = 0, p14_v = 0;

hpnic_ram_sdp #(
    .ADDR_WIDTH(QW),
    .DATA_WIDTH(26)
)
ram_v_inst (
    .clk(clk),
    .wr_en(pv[9]),
    .wr_addr(`CTL_QPN(ctl[9])),
    .wr_data(p9_v),
    .rd_en(1'b1),
    .rd_addr(`CTL_QPN(ctl[7])),
    .rd_data(v_rdata)
);

wire [25:0] v_old = `CTL_EQ1(ctl[8]) ? p9_v : `CTL_EQ2(ctl[8]) ? p10_v : v_rdata;
// verilator lint_off UNUSEDSIGNAL
wire [43:0] v_acc = {27'd0, alpha} * {18'd0, v_old} + {1'b0, beta};   // < 2^42
// verilator lint_on UNUSEDSIGNAL

always @(posedge clk) begin
    p9_v <= v_acc[41:16];
    p10_v <= p9_v;
    p11_v <= p10_v;
    p12_v <= p11_v;
    p13_v <= p12_v;
    p14_v <= p13_v;
end

/*
 * Stages 10..12: 1/V, and W_AI and the clamps in the product's scale
 */
wire [16:0] recip_v_m;
// verilator lint_off UNUSEDSIGNAL
wire [6:0]  recip_v_sh_early;          // 17..42: the low five bits suffice
wire [6:0]  recip_v_sh_unused;
// verilator lint_on UNUSEDSIGNAL

hpcc_recip #(
    .X_WIDTH(26),
    .ROM_FILE(ROM_FILE)
)
recip_v_inst (
    .clk(clk),
    .x(p9_v),
    .sh_early(recip_v_sh_early),
    .m(recip_v_m),
    .sh(recip_v_sh_unused)
);

reg p10_v_ge1 = 0, p11_v_ge1 = 0, p12_v_ge1 = 0;

/*
 * Stage 10: VAI and SF (RAM_K loop): {AI Bank, dampener, the RTT's
 * congestion, SF's ACK count}; hpcc_vaisf_step() in model/cc/hpcc_common.c
 */
localparam KW = 12 + 16 + 1 + 8;
wire [KW-1:0] k_rdata;
reg  [KW-1:0] p10_k = 0, p11_k = 0;
reg  [27:0]   p12_k = 0, p13_k = 0, p14_k = 0;   // {bank, dampener} for the Update

hpnic_ram_sdp #(
    .ADDR_WIDTH(QW),
    .DATA_WIDTH(KW)
)
ram_k_inst (
    .clk(clk),
    .wr_en(pv[10]),
    .wr_addr(`CTL_QPN(ctl[10])),
    .wr_data(p10_k),
    .rd_en(1'b1),
    .rd_addr(`CTL_QPN(ctl[8])),
    .rd_data(k_rdata)
);

// the loop's controls in flip-flops of their own, not at the end of the
// control word's SRLs (reset keeps them out of SRLs)
reg p9_keq1 = 1'b0, p9_keq2 = 1'b0, p9_kinit = 1'b0, p9_kact = 1'b0, p9_kupd = 1'b0;
reg p9_kvai = 1'b0, p9_ksf = 1'b0;

always @(posedge clk) begin
    p9_keq1 <= `CTL_EQ1(ctl[8]);
    p9_keq2 <= `CTL_EQ2(ctl[8]);
    p9_kinit <= `CTL_INIT(ctl[8]);
    p9_kact <= `CTL_ACTIVE(ctl[8]);
    p9_kupd <= `CTL_UPDWC(ctl[8]);
    p9_kvai <= `CTL_VAI(ctl[8]);
    p9_ksf <= `CTL_SF(ctl[8]);
    if (rst) begin
        p9_keq1 <= 1'b0;
        p9_keq2 <= 1'b0;
        p9_kinit <= 1'b0;
        p9_kact <= 1'b0;
        p9_kupd <= 1'b0;
        p9_kvai <= 1'b0;
        p9_ksf <= 1'b0;
    end
end

wire [KW-1:0] k_old = p9_keq1 ? p10_k : p9_keq2 ? p11_k : k_rdata;
wire [11:0] bank_old = k_old[36:25];
wire [15:0] damp_old = k_old[24:9];
wire        cong_old = k_old[8];
wire [7:0]  cnt_old = k_old[7:0];

wire [11:0] img_g = mimg[9][29:18];
wire [15:0] img_h = mimg[9][17:2];
wire        img_gt = mimg[9][1];
wire        img_ge = mimg[9][0];

// U >= eta: V's integer bits (C >= 1 of the VAI/SF paper)
wire congested = |p9_v[25:16];

// SF: n = min(count + 1, 255) >= N is count >= N - 1 (255 >= N always)
wire [7:0]  cnt_inc = (&cnt_old) ? cnt_old : cnt_old + 8'd1;
wire        sf_commit = p9_ksf && p9_kact && !p9_kupd && congested && cnt_old >= vs_sf_n1;
wire        commit = p9_kupd || sf_commit;        // per-RTT update implies active
wire [7:0]  cnt_new = p9_kinit ? 8'd0 : !(p9_ksf && p9_kact) ? cnt_old :
                      commit ? 8'd0 : cnt_inc;

// Algorithm 2: tokens = min(AI Cap, bank), spent on a commit. The
// difference's borrow says whether the bank empties; the compare beside it
// (for the tokens and the dampener) is in parallel, not in series, and is
// made on each source of the state (the RAM, the two writes in flight) and
// picked after, so the forwarding select does not lead the carry chain on
// this loop (it mapped to 9 LUT levels in the whole core)
wire        gt_rd = k_rdata[36:25] > {2'd0, vs_ai_cap};
wire        gt_p10 = p10_k[36:25] > {2'd0, vs_ai_cap};
wire        gt_p11 = p11_k[36:25] > {2'd0, vs_ai_cap};
wire        bank_gt_cap = p9_keq1 ? gt_p10 : p9_keq2 ? gt_p11 : gt_rd;
wire [12:0] bank_less = {1'b0, bank_old} - {3'd0, vs_ai_cap};     // [12]: bank < AI Cap
wire [11:0] bank_spent = bank_less[12] ? 12'd0 : bank_less[11:0];
// Algorithm 1 at the RTT's end with tokens made: min(spent + g, Bank Cap),
// with spent + g as one three-input sum beside the difference (not after
// it), and min(g, Bank Cap) for an emptied bank made off the loop
wire [12:0] bank_gen_sum = {1'b0, bank_old} + {1'b0, img_g} - {3'd0, vs_ai_cap};
wire [11:0] g_capped = (img_g > vs_bank_cap) ? vs_bank_cap : img_g;
wire [11:0] bank_gen = bank_less[12] ? g_capped :
                       (bank_gen_sum > {1'b0, vs_bank_cap}) ? vs_bank_cap : bank_gen_sum[11:0];
wire [16:0] damp_sum = {1'b0, damp_old} + {1'b0, img_h};
wire [15:0] damp_gen = damp_sum[16] ? 16'hffff : damp_sum[15:0];
// ... or none made and the bank emptied: 0 after a quiet RTT, else down by
// one if MC stayed below the threshold (the listing's nesting)
wire        cong_rtt = cong_old || congested;
wire [15:0] damp_quiet = !cong_rtt ? 16'd0 :
                         (!img_ge && damp_old != 16'd0) ? damp_old - 16'd1 : damp_old;

wire        vai_act = p9_kvai && p9_kact;
wire        gen = vai_act && p9_kupd && img_gt;
wire [11:0] bank_new = p9_kinit ? 12'd0 : !vai_act ? bank_old :
                       gen ? bank_gen : commit ? bank_spent : bank_old;
wire [15:0] damp_new = p9_kinit ? 16'd0 : !vai_act ? damp_old :
                       gen ? damp_gen : (p9_kupd && !bank_gt_cap) ? damp_quiet : damp_old;
wire        cong_new = p9_kinit ? 1'b0 : !vai_act ? cong_old : p9_kupd ? 1'b0 : cong_rtt;

// this update's tokens, from the state before the event: min(AI Cap, bank)
// (a non-VAI QP's bank is 0: one token, AI = W_AI) divided by
// (dampener >> s) + 1, capped at 1024, as a quotient of 0 is 1 anyway
wire [9:0]  tok_raw = bank_gt_cap ? vs_ai_cap : bank_old[9:0];
wire [15:0] damp_q = damp_old >> vs_damp_shift;

wire [9:0]  didx = (|damp_q[15:10]) ? 10'h3ff : damp_q[9:0];

reg  [9:0]  p10_tok = 0, p10_didx = 0;   // tokens, divisor - 1
(* mem2reg *) reg [2:0] vflags [10:14];  // {gen, sf_commit, commit}

/*
 * The tokens' floor division, floor(t / d) = (t * ceil(2^20 / d)) >> 20 for
 * t < 2^10, d <= 2^10: the error t e / (d 2^20), e < d, stays under
 * 2^-10 <= 1/d. ceil(2^20 / d) comes from a block ROM (1024 x 21, one
 * BRAM36) whose address register is stage 10's: its word is there at 11,
 * as a register's would be.
 */
(* rom_style = "block", ram_style = "block" *)
reg  [20:0] div_rom [0:1023];            // ceil(2^20 / (i + 1))
reg  [20:0] p10_div_m = 0;
integer ri;
// verilator lint_off UNUSEDSIGNAL
reg [31:0] rom_word;
// verilator lint_on UNUSEDSIGNAL
initial begin
    for (ri = 0; ri < 1024; ri = ri + 1) begin
        rom_word = (32'd1048576 + ri) / (ri + 1);
        div_rom[ri] = rom_word[20:0];
    end
end

always @(posedge clk) begin
    p10_div_m <= div_rom[didx];
end

always @(posedge clk) begin
    p10_k <= {bank_new, damp_new, cong_new, cnt_new};
    p11_k <= p10_k;
    p12_k <= p11_k[36:9];
    p13_k <= p12_k;
    p14_k <= p13_k;
    p10_tok <= tok_raw;
    p10_didx <= didx;
    vflags[10] <= {gen, sf_commit, commit};
    for (k = 11; k <= 14; k = k + 1) begin
        vflags[k] <= vflags[k-1];
    end
end

/*
 * Stages 11..12: the tokens' quotient and AI = tokens x W_AI
 */
// verilator lint_off UNUSEDSIGNAL
wire [30:0] tok_prod = {21'd0, p10_tok} * {10'd0, p10_div_m};
// verilator lint_on UNUSEDSIGNAL
reg  [9:0]  p11_q = 0, p12_q = 0, p13_q = 0, p14_q = 0;

always @(posedge clk) begin
    // t < d: the quotient is 0 and the update still takes one token
    p11_q <= (p10_tok <= p10_didx) ? 10'd1 : tok_prod[29:20];
    p12_q <= p11_q;
    p13_q <= p12_q;
    p14_q <= p13_q;
end

// s = sh - 16 = 1 + msb(V): W = (Wc * m + (AI << s) + 2^(s-1)) >> s
wire [4:0]  s10 = recip_v_sh_early[4:0] - 5'd16;
wire [52:0] hmax_full = {26'd0, `PC_WMAX(pc[10]) + 27'd1} << s10;
wire [51:0] hmin_full = {26'd0, `PC_WMIN(pc[10])} << s10;
wire [51:0] satc_full = {26'd0, 26'h3ffffff} << s10;

reg [4:0]  p11_s = 0, p12_s = 0;
reg [45:0] p11_wsh = 0;                // W_AI << s
reg [46:0] p11_half = 0;
reg [46:0] p11_satc = 0;               // (2^26 - 1) << s: AI saturated
reg        p11_satc_big = 0;
reg [47:0] p12_c = 0;                  // (AI << s) + 2^(s-1), or 2^47: over Hmax
reg [25:0] p12_ai = 0;
reg [47:0] p11_hmax = 0, p12_hmax = 0;
reg [47:0] p11_hmin = 0, p12_hmin = 0;

// AI << s = q x (W_AI << s) unless q x W_AI saturates at W's 2^26 - 1;
// an addend of 2^47 or more puts the product over any Hmax
// verilator lint_off UNUSEDSIGNAL
wire [55:0] c_prod = {46'd0, p11_q} * {10'd0, p11_wsh};
// verilator lint_on UNUSEDSIGNAL
wire [29:0] ai_prod = {20'd0, p11_q} * {10'd0, `PC_WAI(pc[11])};
wire        ai_sat = |ai_prod[29:26];
wire        c_big = ai_sat ? p11_satc_big : |c_prod[55:47];
wire [46:0] c_val = ai_sat ? p11_satc : c_prod[46:0];

always @(posedge clk) begin
    p10_v_ge1 <= |p9_v[25:16];
    p11_v_ge1 <= p10_v_ge1;
    p12_v_ge1 <= p11_v_ge1;

    p11_s <= s10;
    p11_wsh <= {26'd0, `PC_WAI(pc[10])} << s10;
    p11_half <= 47'd1 << (s10 - 5'd1);
    p11_satc <= satc_full[46:0];
    p11_satc_big <= |satc_full[51:47];
    p11_hmax <= (|hmax_full[52:47]) ? 48'h8000_0000_0000 : hmax_full[47:0];
    p11_hmin <= (|hmin_full[51:47]) ? 48'h8000_0000_0000 : hmin_full[47:0];
    p12_s <= p11_s;
    // the low s bits of AI << s are 0: adding 2^(s-1) is an OR
    p12_c <= c_big ? 48'h8000_0000_0000 : {1'b0, c_val | p11_half};
    p12_ai <= ai_sat ? 26'h3ffffff : ai_prod[25:0];
    p12_hmax <= p11_hmax;
    p12_hmin <= p11_hmin;
end

/*
 * Stage 13: ComputeWind (RAM_W loop)
 */
wire [55:0] w_rdata;                   // {W, Wc, incStage}
reg  [55:0] p13_w = 0, p14_w = 0;
reg         p13_md = 0, p14_md = 0;

hpnic_ram_sdp #(
    .ADDR_WIDTH(QW),
    .DATA_WIDTH(56)
)
ram_w_inst (
    .clk(clk),
    .wr_en(pv[13]),
    .wr_addr(`CTL_QPN(ctl[13])),
    .wr_data(p13_w),
    .rd_en(1'b1),
    .rd_addr(`CTL_QPN(ctl[11])),
    .rd_data(w_rdata)
);

// the forwarding selects in flip-flops of their own: the control word's
// stages map to SRLs, whose output is slow and would start this loop's
// path (reset, so that they are not taken into the SRLs: an SRL has none)
reg p12_eq1 = 1'b0, p12_eq2 = 1'b0;

always @(posedge clk) begin
    p12_eq1 <= `CTL_EQ1(ctl[11]);
    p12_eq2 <= `CTL_EQ2(ctl[11]);
    if (rst) begin
        p12_eq1 <= 1'b0;
        p12_eq2 <= 1'b0;
    end
end

wire [55:0] w_old_all = p12_eq1 ? p13_w : p12_eq2 ? p14_w : w_rdata;
wire [25:0] w_old = w_old_all[55:30];
wire [25:0] wc_old = w_old_all[29:4];
wire [3:0]  inc_old = w_old_all[3:0];

// the QP's set (own or NIC-wide) at the loop
wire [25:0] wmax12 = `PC_WMAX(pc[12]);
wire [25:0] wmin12 = `PC_WMIN(pc[12]);

wire mdi = p12_v_ge1 || inc_old >= `PC_MS(pc[12]);

// Eqn (4): Wc / (U/eta) + W_AI, clamped, with every constant pre-shifted by s
// (the product at its own width, 26 x 17, then the addend)
wire [42:0] w_mul = wc_old * recip_v_m;
wire [47:0] w_prod = {5'd0, w_mul} + p12_c;
// verilator lint_off UNUSEDSIGNAL
wire [47:0] w_prod_sh = w_prod >> p12_s;       // < 2^26 when below Hmax
// verilator lint_on UNUSEDSIGNAL
wire [25:0] w_md = (w_prod >= p12_hmax) ? wmax12 :
                   (w_prod < p12_hmin) ? wmin12 : w_prod_sh[25:0];
// additive increase: Wc + AI, clamped
wire [26:0] w_sum = {1'b0, wc_old} + {1'b0, p12_ai};
wire [25:0] w_ai = (w_sum > {1'b0, wmax12}) ? wmax12 :
                   (w_sum < {1'b0, wmin12}) ? wmin12 : w_sum[25:0];
wire [25:0] w_calc = mdi ? w_md : w_ai;

wire init13 = `CTL_INIT(ctl[12]);
wire active13 = `CTL_ACTIVE(ctl[12]);
// Wc is committed by the per-RTT update or by SF (decided at stage 10)
wire upd_wc13 = vflags[12][0];
wire [25:0] w_new = init13 ? wmax12 : active13 ? w_calc : w_old;
wire [25:0] wc_new = init13 ? wmax12 : upd_wc13 ? w_calc : wc_old;
wire [3:0]  inc_new = init13 ? 4'd0 : !upd_wc13 ? inc_old : mdi ? 4'd0 :
                      (&inc_old) ? inc_old : inc_old + 4'd1;

always @(posedge clk) begin
    p13_w <= {w_new, wc_new, inc_new};
    p14_w <= p13_w;
    p13_md <= active13 && mdi;
    p14_md <= p13_md;
end

/*
 * Stage 14: pacing rate R = W/T, Q8.16 bytes/ns
 */
wire [23:0] rate14;
wire [42:0] rate_prod = {17'd0, p13_w[55:30]} * {26'd0, `PC_RTM(pc[13])};

hpnic_shr_round_sat #(.IN_WIDTH(43), .SH_WIDTH(7), .OUT_WIDTH(24))
rate_inst (.in(rate_prod), .sh(`PC_RSH(pc[13])), .out(rate14));

reg [23:0] p14_rate = 0;

always @(posedge clk) begin
    p14_rate <= rate14;
end

/*
 * Output FIFO and counters
 */
// a DCQCN QP's Update: W_max, Rc, alpha (Q1.16), its own flags, never ignored
wire       dcqcn14 = `CTL_DCQCN(ctl[14]);
wire [2:0] reason14 = dcqcn14 ? IGN_NONE : `CTL_REASON(ctl[14]);
wire       commit14 = vflags[14][0];
wire       sf14 = vflags[14][1];
wire       gen14 = vflags[14][2];
wire [7:0] flags14 = dcqcn14 ?
                     {3'd0, `CTL_INIT(ctl[14]), dcqcn_defer14, dcqcn_inc_bc14, dcqcn_inc_t14, dcqcn_dec14} :
                     {gen14, sf14, `CTL_REASON(ctl[14]) != IGN_NONE, `CTL_INIT(ctl[14]),
                      `CTL_RECORD(ctl[14]), p14_md, commit14, `CTL_ACTIVE(ctl[14])};
// a VAI QP's tokens (on its active ACKs), bank and dampener; 0 otherwise
wire       vai14 = `CTL_VAI(ctl[14]) && !dcqcn14;
wire [9:0] tok14 = (vai14 && `CTL_ACTIVE(ctl[14])) ? p14_q : 10'd0;
wire [11:0] bank14 = vai14 ? p14_k[27:16] : 12'd0;
wire [15:0] damp14 = vai14 ? p14_k[15:0] : 16'd0;
wire [25:0] w14 = dcqcn14 ? wmax : p14_w[55:30];
wire [23:0] rate14_out = dcqcn14 ? dcqcn_rate14 : p14_rate;
wire [25:0] v14_out = dcqcn14 ? {9'd0, dcqcn_v14} : p14_v;
localparam OW = QW + 26 + 24 + 26 + 8 + 3 + 10 + 12 + 16;
// a sweeper TICK's Update goes out only if it moved a DCQCN QP's rate
wire itick_moved = dcqcn14 && (dcqcn_dec14 || dcqcn_inc_t14 || dcqcn_inc_bc14);
wire out_write = pv[14] && !`CTL_SILENT(ctl[14]) && (!`CTL_ITICK(ctl[14]) || itick_moved);
assign drop14 = pv[14] && `CTL_ITICK(ctl[14]) && !itick_moved;
// credit (occupancy_reg) guarantees room, so the FIFO's own flow control is unused
// verilator lint_off UNUSEDSIGNAL
wire out_ready_unused;
wire [OUT_FIFO_LOG2:0] out_count_unused;
// verilator lint_on UNUSEDSIGNAL
wire [OW-1:0] out_data;

hpnic_fifo #(
    .DEPTH_LOG2(OUT_FIFO_LOG2),
    .WIDTH(OW)
)
out_fifo_inst (
    .clk(clk),
    .rst(rst),
    .s_valid(out_write),
    .s_ready(out_ready_unused),
    .s_data({`CTL_QPN(ctl[14]), w14, rate14_out, v14_out, flags14, reason14, tok14, bank14, damp14}),
    .m_valid(m_update_valid),
    .m_ready(m_update_ready),
    .m_data(out_data),
    .count(out_count_unused)
);

assign {m_update_qpn, m_update_w, m_update_rate, m_update_v,
        m_update_flags, m_update_reason, m_update_ai_tokens, m_update_vai_bank,
        m_update_vai_damp} = out_data;

// counted by the Update's reason: an event a DCQCN QP takes is not ignored;
// DCQCN's counters count every event a DCQCN QP takes, the sweeper's
// TICKs that move nothing too
wire dc14 = pv[14] && !`CTL_SILENT(ctl[14]) && dcqcn14;

always @(posedge clk) begin
    if (out_write) begin
        stat_events <= stat_events + 1'b1;
        stat_acks <= stat_acks + {{(COUNTER_WIDTH-1){1'b0}}, `CTL_ACKT(ctl[14])};
        stat_inits <= stat_inits + {{(COUNTER_WIDTH-1){1'b0}}, `CTL_INIT(ctl[14])};
        stat_ign_no_int <= stat_ign_no_int + {{(COUNTER_WIDTH-1){1'b0}}, reason14 == IGN_NO_INT};
        stat_ign_nhop <= stat_ign_nhop + {{(COUNTER_WIDTH-1){1'b0}}, reason14 == IGN_NHOP};
        stat_ign_bad_b <= stat_ign_bad_b + {{(COUNTER_WIDTH-1){1'b0}}, reason14 == IGN_BAD_B};
        stat_ign_mode <= stat_ign_mode + {{(COUNTER_WIDTH-1){1'b0}}, reason14 == IGN_MODE};
        stat_ign_type <= stat_ign_type + {{(COUNTER_WIDTH-1){1'b0}}, reason14 == IGN_TYPE};
        stat_record_only <= stat_record_only + {{(COUNTER_WIDTH-1){1'b0}}, `CTL_RECORD(ctl[14])};
        stat_dts_zero <= stat_dts_zero + {{(COUNTER_WIDTH-3){1'b0}}, dz_count[14]};
        stat_wc_updates <= stat_wc_updates + {{(COUNTER_WIDTH-1){1'b0}}, commit14};
        stat_sf_updates <= stat_sf_updates + {{(COUNTER_WIDTH-1){1'b0}}, sf14};
        stat_vai_gen <= stat_vai_gen + {{(COUNTER_WIDTH-1){1'b0}}, gen14};
    end
    if (dc14) begin
        stat_dcqcn_cnps <= stat_dcqcn_cnps + {{(COUNTER_WIDTH-1){1'b0}}, dcqcn_cnp14};
        stat_dcqcn_ticks <= stat_dcqcn_ticks + {{(COUNTER_WIDTH-1){1'b0}}, dcqcn_tick14};
        stat_dcqcn_decreases <= stat_dcqcn_decreases + {{(COUNTER_WIDTH-1){1'b0}}, dcqcn_dec14};
        stat_dcqcn_deferred <= stat_dcqcn_deferred + {{(COUNTER_WIDTH-1){1'b0}}, dcqcn_defer14};
        stat_dcqcn_inc_timer <= stat_dcqcn_inc_timer + {{(COUNTER_WIDTH-1){1'b0}}, dcqcn_inc_t14};
        stat_dcqcn_inc_bc <= stat_dcqcn_inc_bc + {{(COUNTER_WIDTH-1){1'b0}}, dcqcn_inc_bc14};
    end

    if (rst) begin
        stat_events <= 0;
        stat_acks <= 0;
        stat_inits <= 0;
        stat_ign_no_int <= 0;
        stat_ign_nhop <= 0;
        stat_ign_bad_b <= 0;
        stat_ign_mode <= 0;
        stat_ign_type <= 0;
        stat_record_only <= 0;
        stat_dts_zero <= 0;
        stat_wc_updates <= 0;
        stat_sf_updates <= 0;
        stat_vai_gen <= 0;
        stat_dcqcn_cnps <= 0;
        stat_dcqcn_ticks <= 0;
        stat_dcqcn_decreases <= 0;
        stat_dcqcn_deferred <= 0;
        stat_dcqcn_inc_timer <= 0;
        stat_dcqcn_inc_bc <= 0;
    end
end

`undef PC_RTM
`undef PC_RSH
`undef PC_WMAX
`undef PC_WMIN
`undef PC_WAI
`undef PC_MS
`undef CTL_QPN
`undef CTL_SILENT
`undef CTL_EQ1
`undef CTL_EQ2
`undef CTL_INIT
`undef CTL_ACTIVE
`undef CTL_RECORD
`undef CTL_UPDWC
`undef CTL_REASON
`undef CTL_ONPATH
`undef CTL_ACKT
`undef CTL_DCQCN
`undef CTL_ITICK
`undef CTL_VAI
`undef CTL_SF

initial begin
    if (QPN_WIDTH < 1 || QPN_WIDTH > 16) begin
        $error("hpcc_cc_engine: QPN_WIDTH must be 1..16");
        $finish;
    end
    if (OUT_FIFO_LOG2 < 5) begin
        $error("hpcc_cc_engine: the output FIFO must hold the 16-stage pipeline");
        $finish;
    end
end

endmodule

`resetall
