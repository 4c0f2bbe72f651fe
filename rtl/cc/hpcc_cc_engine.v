// SPDX-License-Identifier: MIT
/*
 * HPCC congestion-control engine (HPCC paper §3.2, Algorithm 1; §4.2-4.3).
 *
 * Consumes Notify events (an ACK with its INT block, or a QP INIT) and emits
 * one Update(qpn, W, rate) per event. Fully pipelined: one event per cycle,
 * including back-to-back events of the same QP, which are resolved by
 * forwarding, never by stalling.
 *
 * Per-QP state lives in four RAMs indexed by QPN, each next to the stage that
 * updates it, so each read-modify-write loop is one cycle long:
 *
 *   RAM_L  INT snapshot L, pathID, nHop    read-first, replaced at stage 1
 *   RAM_S  lastUpdateSeq, CC mode           loop at stage 2
 *   RAM_V  V = U/eta (EWMA state)           loop at stage 9
 *   RAM_W  W, Wc, incStage                  loop at stage 13
 *
 *   stage  0     input register
 *          1     screen the event; RAM_L read+write; RAM_S/RAM_L read
 *          2     record-only test, lastUpdateSeq (updateWc); per-hop deltas
 *          3..7  per hop: v' = u'/eta and a = tau/T   (hpcc_cc_hop x5)
 *          8     max-hop comparisons, beta_i = a_i*v'_i
 *          9     V = (1-a)V + a*v'                       (MeasureInflight)
 *          10-12 1/V from the ROM; shifts for W_AI and the clamps
 *          13    W = Wc/V + W_AI or Wc + W_AI, clamped   (ComputeWind)
 *          14    R = W/T
 *   then an output FIFO. The input is flow-controlled by credit: an event is
 *   only accepted if the FIFO has room for it when it arrives.
 *
 * A loop stage takes its old state from the RAM, or from the one or two
 * events just ahead of it when they are for the same QP (eq1/eq2, found once
 * at stage 1: distances never change because the pipeline never stalls).
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
    output wire [5:0]               m_update_flags,    // HPCC_UF_*
    output wire [2:0]               m_update_reason,   // HPCC_IGN_*

    /*
     * Parameters (from the CSR block)
     */
    input  wire [19:0]              param_t_ns,
    input  wire [16:0]              param_eta,              // Q0.16
    input  wire [3:0]               param_max_stage,
    input  wire [19:0]              param_wai,              // bytes, Q16.4
    input  wire [19:0]              param_line_mbps,
    input  wire [19:0]              param_min_mbps,
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
wire [6:0]      a_sh, rate_sh;
wire [8*17-1:0] kq_m, ke_m;
wire [8*7-1:0]  kq_sh, ke_sh;
wire [25:0]     v_init, wmax, wmin;
wire            param_valid;

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
    .rate_sh(rate_sh),
    .kq_m(kq_m),
    .kq_sh(kq_sh),
    .ke_m(ke_m),
    .ke_sh(ke_sh),
    .v_init(v_init),
    .wmax(wmax),
    .wmin(wmin),
    .status(param_status),
    .busy(param_busy),
    .valid(param_valid)
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
// a sweeper TICK takes a cycle with no event, or one it forced; it needs
// the same credit, given back at stage 14 if its Update is dropped
wire inject = tick_valid && ready_reg && !sweep_reg && (tick_force || !s_notify_valid);
wire pop = m_update_valid && m_update_ready;
wire drop14;
wire [OUT_FIFO_LOG2:0] occupancy_next = occupancy_reg + {{OUT_FIFO_LOG2{1'b0}}, accept || inject}
                                                      - {{OUT_FIFO_LOG2{1'b0}}, pop}
                                                      - {{OUT_FIFO_LOG2{1'b0}}, drop14};

assign s_notify_ready = ready_reg && !sweep_reg && !tick_force;
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
        // the models' reset: every QP INIT at now = 0, P = 0, PSN 0
        p0_psn <= 24'd0;
        p0_now <= 20'd0;
        p0_per <= 16'd0;
    end else if (inject) begin
        p0_type <= TYPE_TICK;
        p0_qpn <= tick_qpn;
        p0_mode <= MODE_HPCC;
        p0_psn <= 24'd0;
        p0_now <= param_dcqcn_ext_time ? s_notify_now_us : dcqcn_now_us;
        p0_per <= param_dcqcn_ext_time ? s_notify_period : dcqcn_period;
    end else begin
        p0_type <= s_notify_type;
        p0_qpn <= s_notify_qpn;
        p0_mode <= s_notify_mode;
        p0_psn <= s_notify_ack_psn;
        p0_now <= param_dcqcn_ext_time ? s_notify_now_us : dcqcn_now_us;
        p0_per <= param_dcqcn_ext_time ? s_notify_period : dcqcn_period;
    end
    p0_snd_nxt <= s_notify_snd_nxt;
    p0_nhop <= s_notify_nhop;
    p0_path <= s_notify_path_id;
    p0_hops <= s_notify_hops;
    p0_valid <= accept || inject || (sweep_reg && param_valid);
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
// B[3] of each hop was screened at stage 1; the hops use B - 1 in [2:0]
// verilator lint_off UNUSEDSIGNAL
reg [5*64-1:0] p1_hops = 0;
// verilator lint_on UNUSEDSIGNAL
reg [2:0]    p1_reason = 0;
reg          p1_is_ack = 0, p1_is_init = 0, p1_is_ack_type = 0;
reg          p1_eq1 = 0, p1_eq2 = 0;
reg [NHOP-1:0] p1_on_path = 0;

// the ctl word carried from stage 2 to the output
localparam CW = QW + 18;
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
 * Stage 2: mode, record-only test and lastUpdateSeq (RAM_S loop)
 */
wire [25:0] s_rdata;                   // {lastUpdateSeq, mode}
reg  [25:0] p2_s = 0, p3_s = 0;

hpnic_ram_sdp #(
    .ADDR_WIDTH(QW),
    .DATA_WIDTH(26)
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

wire [25:0] s_old = p1_eq1 ? p2_s : p1_eq2 ? p3_s : s_rdata;
wire [23:0] lus_old = s_old[25:2];
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
// the Update comes from the DCQCN stages: an event of a DCQCN QP, or an INIT into DCQCN
wire dcqcn2 = mode_new == MODE_DCQCN;

always @(posedge clk) begin
    p2_s <= {lus_new, mode_new};
    p3_s <= p2_s;
    pv[2] <= p1_valid;
    ctl[2] <= {p1_itick, dcqcn2, p1_is_ack_type, p1_on_path, reason2, upd_wc2, record2, active2, p1_is_init,
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
        .t_ns(t_ns),
        .rt_m(rt_m),
        .a_sh(a_sh),
        .kq_m(kq_m),
        .kq_sh(kq_sh),
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

// s = sh - 16 = 1 + msb(V): W = (Wc * m + (W_AI << s) + 2^(s-1)) >> s
wire [4:0]  s10 = recip_v_sh_early[4:0] - 5'd16;
wire [52:0] hmax_full = {26'd0, wmax + 27'd1} << s10;
wire [51:0] hmin_full = {26'd0, wmin} << s10;

reg [4:0]  p11_s = 0, p12_s = 0;
reg [46:0] p11_c = 0, p12_c = 0;
reg [47:0] p11_hmax = 0, p12_hmax = 0;
reg [47:0] p11_hmin = 0, p12_hmin = 0;

always @(posedge clk) begin
    p10_v_ge1 <= |p9_v[25:16];
    p11_v_ge1 <= p10_v_ge1;
    p12_v_ge1 <= p11_v_ge1;

    p11_s <= s10;
    p11_c <= ({27'd0, wai} << s10) + (47'd1 << (s10 - 5'd1));
    p11_hmax <= (|hmax_full[52:47]) ? 48'h8000_0000_0000 : hmax_full[47:0];
    p11_hmin <= (|hmin_full[51:47]) ? 48'h8000_0000_0000 : hmin_full[47:0];
    p12_s <= p11_s;
    p12_c <= p11_c;
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

wire mdi = p12_v_ge1 || inc_old >= max_stage;

// Eqn (4): Wc / (U/eta) + W_AI, clamped, with every constant pre-shifted by s
// (the product at its own width, 26 x 17, then the addend)
wire [42:0] w_mul = wc_old * recip_v_m;
wire [47:0] w_prod = {5'd0, w_mul} + {1'b0, p12_c};
// verilator lint_off UNUSEDSIGNAL
wire [47:0] w_prod_sh = w_prod >> p12_s;       // < 2^26 when below Hmax
// verilator lint_on UNUSEDSIGNAL
wire [25:0] w_md = (w_prod >= p12_hmax) ? wmax :
                   (w_prod < p12_hmin) ? wmin : w_prod_sh[25:0];
// additive increase: Wc + W_AI, clamped
wire [26:0] w_sum = {1'b0, wc_old} + {7'd0, wai};
wire [25:0] w_ai = (w_sum > {1'b0, wmax}) ? wmax :
                   (w_sum < {1'b0, wmin}) ? wmin : w_sum[25:0];
wire [25:0] w_calc = mdi ? w_md : w_ai;

wire init13 = `CTL_INIT(ctl[12]);
wire active13 = `CTL_ACTIVE(ctl[12]);
wire upd_wc13 = `CTL_UPDWC(ctl[12]);
wire [25:0] w_new = init13 ? wmax : active13 ? w_calc : w_old;
wire [25:0] wc_new = init13 ? wmax : upd_wc13 ? w_calc : wc_old;
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
wire [42:0] rate_prod = {17'd0, p13_w[55:30]} * {26'd0, rt_m};

hpnic_shr_round_sat #(.IN_WIDTH(43), .SH_WIDTH(7), .OUT_WIDTH(24))
rate_inst (.in(rate_prod), .sh(rate_sh), .out(rate14));

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
wire [5:0] flags14 = dcqcn14 ?
                     {1'b0, `CTL_INIT(ctl[14]), dcqcn_defer14, dcqcn_inc_bc14, dcqcn_inc_t14, dcqcn_dec14} :
                     {`CTL_REASON(ctl[14]) != IGN_NONE, `CTL_INIT(ctl[14]),
                      `CTL_RECORD(ctl[14]), p14_md, `CTL_UPDWC(ctl[14]),
                      `CTL_ACTIVE(ctl[14])};
wire [25:0] w14 = dcqcn14 ? wmax : p14_w[55:30];
wire [23:0] rate14_out = dcqcn14 ? dcqcn_rate14 : p14_rate;
wire [25:0] v14_out = dcqcn14 ? {9'd0, dcqcn_v14} : p14_v;
localparam OW = QW + 26 + 24 + 26 + 6 + 3;
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
    .s_data({`CTL_QPN(ctl[14]), w14, rate14_out, v14_out, flags14, reason14}),
    .m_valid(m_update_valid),
    .m_ready(m_update_ready),
    .m_data(out_data),
    .count(out_count_unused)
);

assign {m_update_qpn, m_update_w, m_update_rate, m_update_v,
        m_update_flags, m_update_reason} = out_data;

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
        stat_wc_updates <= stat_wc_updates + {{(COUNTER_WIDTH-1){1'b0}}, `CTL_UPDWC(ctl[14])};
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
        stat_dcqcn_cnps <= 0;
        stat_dcqcn_ticks <= 0;
        stat_dcqcn_decreases <= 0;
        stat_dcqcn_deferred <= 0;
        stat_dcqcn_inc_timer <= 0;
        stat_dcqcn_inc_bc <= 0;
    end
end

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
