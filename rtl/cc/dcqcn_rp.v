// SPDX-License-Identifier: MIT
/*
 * DCQCN reaction point: the CC engine's mode 1 (docs/cc-dcqcn.md).
 *
 * Runs beside the HPCC stages of hpcc_cc_engine, on the same events at the
 * same stage numbers: it takes an event at stage 1 (with the QP's mode, which
 * RAM_S's loop has just produced) and gives the event's Rc, alpha and flags
 * at stage 14, where the engine picks this or the HPCC result by the mode.
 * One event per cycle; back-to-back events of one QP are resolved by
 * forwarding, never by stalling.
 *
 * The QP's 180-bit state (the word of docs/cc-dcqcn.md, the same fields) is
 * split over four RAMs by the stage that updates each field, so that every
 * read-modify-write loop is one cycle, as HPCC's RAM_S, RAM_V and RAM_W:
 *
 *   RAM_C  P_last, cnp_in_period, ack_psn,      83 bits  loop at stage 3
 *          t_dec, dec_pending, t_inc, cut
 *   RAM_B  bc_acc, BC_stage, T_stage            26 bits  loop at stage 4
 *   RAM_A  alpha                                23 bits  loop at stage 8
 *   RAM_R  Rc, Rt                               48 bits  loop at stage 11
 *
 *   stage  2     the event's time terms: now - Td, now - Ti
 *          3     control loop (RAM_C): n = P - P_last, the PSN step, the
 *                decrease, timer and CNP decisions (steps 1-5's integers)
 *          4     byte-counter loop (RAM_B): bc_acc, the stages; D lookups
 *          5     increase kind from the stages; D partial products
 *          6     increase amount (k x R_HAI); D(n-1)
 *          7     K1 = D(1 - g), K2 = D g 2^22 cnp
 *          8     alpha loop (RAM_A): alpha = (K1 alpha + K2 + 2^26) >> 27
 *          9     alpha >> (gd + 6), rounded; alpha in Q1.16 for the Update
 *          10    f = max(1 - alpha 2^-gd, min_dec)
 *          11    rate loop (RAM_R): at most one decrease and one increase
 *          12-14 carried to the engine's output stage
 *
 * A loop at stage s reads its RAM at stage s-2 (the address) and writes it
 * at stage s; its old value comes from the event one ahead (eq1, its result
 * register), else two ahead (eq2, that result carried a stage), else the
 * RAM, exactly as in the HPCC loops. An event that does not touch the state
 * (a QP in another mode) writes back what it read.
 *
 * Every decision is made in the control loops on integers, as
 * dcqcn_ctl_event() makes it; the arithmetic on alpha, Rc and Rt is
 * dcqcn_fixed.c's, bit for bit. Bit-exact with dcqcn_fx_event().
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module dcqcn_rp #(
    parameter QPN_WIDTH = 12
) (
    input  wire                 clk,
    input  wire                 rst,

    /*
     * The event at stage 1
     */
    input  wire                 s1_valid,
    input  wire [QPN_WIDTH-1:0] s1_qpn,
    input  wire [1:0]           s1_type,       // 0 ACK, 1 INIT, 2 CNP, 3 TICK
    input  wire [1:0]           s1_mode,       // the QP's mode before the event
    input  wire [23:0]          s1_psn,        // ACK: its PSN; INIT: the PSN before the first
    input  wire [19:0]          s1_now,        // microseconds
    input  wire [15:0]          s1_per,        // alpha periods
    input  wire                 s1_eq1,        // same QP as the event one ahead
    input  wire                 s1_eq2,        // same QP as the event two ahead

    /*
     * Parameters, as dcqcn_derive() makes them (struct dcqcn_derived)
     */
    input  wire [23:0]          line_q16,      // Rc, Rt at INIT; Rt's cap
    input  wire [23:0]          min_q16,       // Rmin
    input  wire [23:0]          ai_q16,        // R_AI
    input  wire [23:0]          hai_q16,       // R_HAI
    input  wire [23:0]          first_q16,     // rate_to_set_on_first_cnp, 0 off
    input  wire                 clamp_tgt,     // clamp_tgt_rate: every decrease sets Rt = Rc
    input  wire [9:0]           g_q10,         // g x 1024
    input  wire [22:0]          alpha0,        // alpha at INIT, Q1.22
    input  wire [16:0]          min_dec,       // Q1.16
    input  wire [3:0]           gd,
    input  wire [16:0]          td_us,
    input  wire [16:0]          ti_us,
    input  wire [15:0]          b_pkts,
    input  wire [4:0]           threshold,     // F
    input  wire [64*18-1:0]     tab,           // D tables, tab[j][k] at [18*(16j+k) +: 18]

    /*
     * The event at stage 14
     */
    output wire [23:0]          o_rate,        // Rc after the event
    output wire [16:0]          o_v,           // alpha after the event, Q1.16
    output wire                 o_dec,         // flags bit 0: a decrease
    output wire                 o_inc_t,       // bit 1: an increase by the timer
    output wire                 o_inc_bc,      // bit 2: an increase by the byte counter
    output wire                 o_defer,       // bit 3: a CNP left pending
    output wire                 o_cnp,         // a CNP of a DCQCN QP (counters)
    output wire                 o_tick         // a TICK of a DCQCN QP
);

localparam QW = QPN_WIDTH;
localparam [1:0] TYPE_ACK = 2'd0;
localparam [1:0] TYPE_INIT = 2'd1;
localparam [1:0] TYPE_CNP = 2'd2;
localparam [1:0] TYPE_TICK = 2'd3;
localparam [1:0] MODE_DCQCN = 2'd1;

// since(now, x) >= T, all modulo 2^20, from m = now - T (m_pos: no borrow):
// without a borrow, x <= m or x > now; with one, x > now and x <= m + 2^20
function automatic since_ge(input [19:0] x, input [19:0] m, input m_pos, input [19:0] now);
    since_ge = m_pos ? (x <= m || x > now) : (x > now && x <= m);
endfunction

// (a + b) / 2 rounded half to even, i.e. s = a + b, (s >> 1) + (s[0] & s[1]),
// as one adder: (a >> 1) + (b >> 1) + cin, where cin is the carry out of
// bit 0 (a0 b0) or, for an odd sum, the rounding bit s[1] = a1 ^ b1
function automatic [23:0] avg_even(input [23:0] a, input [23:0] b);
    reg cin;
    begin
        cin = (a[0] & b[0]) | ((a[0] ^ b[0]) & (a[1] ^ b[1]));
        avg_even = {1'b0, a[23:1]} + {1'b0, b[23:1]} + {23'd0, cin};
    end
endfunction

/*
 * Stage 2: the event, and its time terms
 */
reg          d2_valid = 1'b0;
reg [QW-1:0] d2_qpn = 0;
reg          d2_act = 1'b0;            // ACK, CNP or TICK of a DCQCN QP
reg          d2_init = 1'b0;           // INIT, any mode: the state restarts
reg [1:0]    d2_type = 0;
reg [23:0]   d2_psn = 0;
reg [19:0]   d2_now = 0;
reg [15:0]   d2_per = 0;
reg          d2_eq1 = 1'b0, d2_eq2 = 1'b0;
reg [19:0]   d2_mdec = 0, d2_minc = 0;
reg          d2_mdec_pos = 1'b0, d2_minc_pos = 1'b0;

wire [20:0] mdec1 = {1'b0, s1_now} - {4'd0, td_us};
wire [20:0] minc1 = {1'b0, s1_now} - {4'd0, ti_us};

always @(posedge clk) begin
    d2_valid <= s1_valid;
    d2_qpn <= s1_qpn;
    d2_act <= s1_valid && s1_mode == MODE_DCQCN && s1_type != TYPE_INIT;
    d2_init <= s1_valid && s1_type == TYPE_INIT;
    d2_type <= s1_type;
    d2_psn <= s1_psn;
    d2_now <= s1_now;
    d2_per <= s1_per;
    d2_eq1 <= s1_eq1;
    d2_eq2 <= s1_eq2;
    d2_mdec <= mdec1[19:0];
    d2_mdec_pos <= !mdec1[20];
    d2_minc <= minc1[19:0];
    d2_minc_pos <= !minc1[20];

    if (rst) begin
        d2_valid <= 1'b0;
        d2_act <= 1'b0;
        d2_init <= 1'b0;
    end
end

/*
 * Stage 3: the control loop (RAM_C)
 *   {cut, t_inc[19:0], dec_pending, t_dec[19:0], ack_psn[23:0], cnp_in_period, P_last[15:0]}
 */
localparam CW = 83;
wire [CW-1:0] c_rdata;
reg  [CW-1:0] c3 = 0, c4 = 0;
reg          d3_valid = 1'b0;
reg [QW-1:0] d3_qpn = 0;

hpnic_ram_sdp #(
    .ADDR_WIDTH(QW),
    .DATA_WIDTH(CW)
)
ram_c_inst (
    .clk(clk),
    .wr_en(d3_valid),
    .wr_addr(d3_qpn),
    .wr_data(c3),
    .rd_en(1'b1),
    .rd_addr(s1_qpn),
    .rd_data(c_rdata)
);

wire [CW-1:0] c_old = d2_eq1 ? c3 : d2_eq2 ? c4 : c_rdata;
wire        cut_o = c_old[82];
wire [19:0] t_inc_o = c_old[81:62];
wire        pend_o = c_old[61];
wire [19:0] t_dec_o = c_old[60:41];
wire [23:0] ack_o = c_old[40:17];
wire        cnp_o = c_old[16];
wire [15:0] plast_o = c_old[15:0];

wire is_ack2 = d2_act && d2_type == TYPE_ACK;
wire is_cnp2 = d2_act && d2_type == TYPE_CNP;

// step 1's integers: n = P - P_last (alpha moves when n != 0), m = n - 1
wire        per_same = d2_per == plast_o;
wire [15:0] m2 = d2_per + ~plast_o;
wire [15:0] plast_n = (d2_act || d2_init) ? d2_per : plast_o;
wire        cnp_n = d2_init ? 1'b0 : d2_act ? (is_cnp2 || (cnp_o && per_same)) : cnp_o;

// step 4, ACK: a step of 1 .. 2^23 - 1 counts and is kept
wire [23:0] delta2 = d2_psn - ack_o;
wire        ack_ok = is_ack2 && d2_psn != ack_o && !delta2[23];
wire [23:0] ack_n = (d2_init || ack_ok) ? d2_psn : ack_o;
// the packets it counts, 65536 standing for "65536 or more" (bc_acc saturates)
wire [16:0] dlt2 = !ack_ok ? 17'd0 : (|delta2[22:16]) ? 17'h10000 : {1'b0, delta2[15:0]};

// step 2: a pending decrease now due
wire ge_dec = since_ge(t_dec_o, d2_mdec, d2_mdec_pos, d2_now);
wire ge_inc = since_ge(t_inc_o, d2_minc, d2_minc_pos, d2_now);
wire dec1 = d2_act && pend_o && ge_dec;
wire cut1 = cut_o || dec1;
// step 3: the timer (after a decrease t_inc = now: it fires only if Ti = 0)
// no increase in an event that made step 2's decrease (one rate change)
wire tmr = d2_act && cut1 && !dec1 && ge_inc;
// step 4, CNP: a decrease now, unless step 2 made one or within Td of the last
wire dec2 = is_cnp2 && !dec1 && (!cut_o || ge_dec);
wire first2 = dec2 && !cut_o && first_q16 != 24'd0;
wire defer2 = is_cnp2 && !dec2;

wire        dec_any = dec1 || dec2;
wire [19:0] t_inc_n = (d2_init || dec_any) ? d2_now : tmr ? t_inc_o + {3'd0, ti_us} : t_inc_o;
wire [19:0] t_dec_n = (d2_init || dec_any) ? d2_now : t_dec_o;
wire        pend_n = d2_init ? 1'b0 : dec2 ? 1'b0 : is_cnp2 ? 1'b1 : dec1 ? 1'b0 : pend_o;
wire        cut_n = d2_init ? 1'b0 : cut_o || dec_any;

reg          d3_eq1 = 1'b0, d3_eq2 = 1'b0;
reg          d3_act = 1'b0, d3_init = 1'b0, d3_ack = 1'b0;
reg          d3_upd_alpha = 1'b0, d3_cnp_a = 1'b0;
reg [15:0]   d3_m = 0;
reg [16:0]   d3_dlt = 0;
reg [17:0]   d3_dlt_b = 0;         // dlt - B_pkts, two's complement
reg          d3_dec1 = 1'b0, d3_dec2 = 1'b0, d3_first = 1'b0, d3_tmr = 1'b0, d3_cut1 = 1'b0;
reg          d3_defer = 1'b0, d3_cnp = 1'b0, d3_tick = 1'b0;

always @(posedge clk) begin
    c3 <= {cut_n, t_inc_n, pend_n, t_dec_n, ack_n, cnp_n, plast_n};
    c4 <= c3;
    d3_valid <= d2_valid;
    d3_qpn <= d2_qpn;
    d3_eq1 <= d2_eq1;
    d3_eq2 <= d2_eq2;
    d3_act <= d2_act;
    d3_init <= d2_init;
    d3_ack <= is_ack2;
    d3_upd_alpha <= d2_act && !per_same;
    d3_cnp_a <= cnp_o;
    d3_m <= m2;
    d3_dlt <= dlt2;
    d3_dlt_b <= {1'b0, dlt2} - {2'd0, b_pkts};
    d3_dec1 <= dec1;
    d3_dec2 <= dec2;
    d3_first <= first2;
    d3_tmr <= tmr;
    d3_cut1 <= cut1;
    d3_defer <= defer2;
    d3_cnp <= is_cnp2;
    d3_tick <= d2_act && d2_type == TYPE_TICK;

    if (rst) begin
        d3_valid <= 1'b0;
    end
end

/*
 * Stage 4: the byte-counter loop (RAM_B) {bc_acc[15:0], BC_stage[4:0], T_stage[4:0]}
 */
wire [25:0] b_rdata;
reg  [25:0] b4 = 0, b5 = 0;
reg          d4_valid = 1'b0;
reg [QW-1:0] d4_qpn = 0;

hpnic_ram_sdp #(
    .ADDR_WIDTH(QW),
    .DATA_WIDTH(26)
)
ram_b_inst (
    .clk(clk),
    .wr_en(d4_valid),
    .wr_addr(d4_qpn),
    .wr_data(b4),
    .rd_en(1'b1),
    .rd_addr(d2_qpn),
    .rd_data(b_rdata)
);

wire [25:0] b_old = d3_eq1 ? b4 : d3_eq2 ? b5 : b_rdata;
// after step 2's decrease the counts start again from 0
wire [15:0] bc0 = d3_dec1 ? 16'd0 : b_old[25:10];
wire [4:0]  bs0 = d3_dec1 ? 5'd0 : b_old[9:5];
wire [4:0]  ts0 = d3_dec1 ? 5'd0 : b_old[4:0];
wire [4:0]  ts1 = (d3_tmr && !(&ts0)) ? ts0 + 5'd1 : ts0;
// bc_acc + dlt, saturating at 65535, and what is left after B_pkts: both
// from bc_acc in one adder each (dlt - B_pkts was formed a stage earlier);
// a saturated sum leaves 65535 - B_pkts
wire [16:0] bc_sum = {1'b0, bc0} + d3_dlt;
// verilator lint_off UNUSEDSIGNAL
wire [17:0] bc_diff = {2'd0, bc0} + d3_dlt_b;
// verilator lint_on UNUSEDSIGNAL
wire [15:0] bc_sat_left = 16'hffff - b_pkts;
wire        bcinc = d3_ack && d3_cut1 && !d3_tmr && !d3_dec1 && (bc_sum[16] || !bc_diff[17]);
wire [15:0] bc1 = bc_sum[16] ? (bcinc ? bc_sat_left : 16'hffff) :
                  bcinc ? bc_diff[15:0] : bc_sum[15:0];
wire [4:0]  bs1 = (bcinc && !(&bs0)) ? bs0 + 5'd1 : bs0;
wire [25:0] b_new = d3_init ? 26'd0 : !d3_act ? b_old : d3_dec2 ? 26'd0 : {bc1, bs1, ts1};
// the target rate at a decrease (step 5): Rt = Rc if clamp_tgt or the timer
// has raised the rate since the last decrease (T_stage before the decrease:
// the stored one for step 2's, after step 3's increment for the CNP's),
// else Rt is kept
wire [4:0]  ts_pre = d3_dec1 ? b_old[4:0] : ts1;
wire        hold3 = !clamp_tgt && ts_pre == 5'd0;

reg          d4_upd_alpha = 1'b0, d4_cnp_a = 1'b0, d4_init = 1'b0;
reg          d4_eq1 = 1'b0, d4_eq2 = 1'b0;
reg          d4_dec1 = 1'b0, d4_dec2 = 1'b0, d4_first = 1'b0, d4_tmr = 1'b0, d4_bcinc = 1'b0;
reg          d4_defer = 1'b0, d4_cnp = 1'b0, d4_tick = 1'b0, d4_hold = 1'b0;
reg [4:0]    d4_ts = 0, d4_bs = 0;

always @(posedge clk) begin
    b4 <= b_new;
    b5 <= b4;
    d4_valid <= d3_valid;
    d4_qpn <= d3_qpn;
    d4_eq1 <= d3_eq1;
    d4_eq2 <= d3_eq2;
    d4_upd_alpha <= d3_upd_alpha;
    d4_cnp_a <= d3_cnp_a;
    d4_init <= d3_init;
    d4_dec1 <= d3_dec1;
    d4_dec2 <= d3_dec2;
    d4_first <= d3_first;
    d4_tmr <= d3_tmr;
    d4_bcinc <= bcinc;
    d4_defer <= d3_defer;
    d4_cnp <= d3_cnp;
    d4_tick <= d3_tick;
    d4_hold <= hold3;
    // the counts the increase is classified by (after its own increment)
    d4_ts <= ts1;
    d4_bs <= bs1;

    if (rst) begin
        d4_valid <= 1'b0;
    end
end

/*
 * Stages 4-6: D(n - 1) (dcqcn_decay, three stages from d3_m)
 */
wire [17:0] d6_d;

dcqcn_decay decay_inst (
    .clk(clk),
    .tab(tab),
    .m(d3_m),
    .d(d6_d)
);

/*
 * Stage 5: the increase's kind (step 6): fast recovery, additive or hyper
 */
wire [4:0] st_hi = d4_ts > d4_bs ? d4_ts : d4_bs;
wire [4:0] st_lo = d4_ts > d4_bs ? d4_bs : d4_ts;

reg          d5_fr = 1'b0, d5_hai = 1'b0;
reg [4:0]    d5_mult = 0;

// the per-event signals carried from here to the output, stage by stage
// {hold, upd_alpha, cnp_a, init, eq2, eq1, dec1, dec2, first, tmr, bcinc, defer, cnp, tick}
localparam EW = 14;
(* mem2reg *) reg [EW-1:0] ev [5:14];
reg [14:5] ev_valid = 0;
reg [QW-1:0] ev_qpn [5:11];

`define EV_HOLD(e)      e[13]
`define EV_UPD_ALPHA(e) e[12]
`define EV_CNP_A(e)     e[11]
`define EV_INIT(e)      e[10]
`define EV_EQ2(e)       e[9]
`define EV_EQ1(e)       e[8]
`define EV_DEC1(e)      e[7]
`define EV_DEC2(e)      e[6]
`define EV_FIRST(e)     e[5]
`define EV_TMR(e)       e[4]
`define EV_BCINC(e)     e[3]
`define EV_DEFER(e)     e[2]
`define EV_CNP(e)       e[1]
`define EV_TICK(e)      e[0]

integer k;
always @(posedge clk) begin
    d5_fr <= st_hi < threshold;
    d5_hai <= st_lo > threshold;
    d5_mult <= st_lo - threshold;

    ev[5] <= {d4_hold, d4_upd_alpha, d4_cnp_a, d4_init, d4_eq2, d4_eq1, d4_dec1, d4_dec2, d4_first,
              d4_tmr, d4_bcinc, d4_defer, d4_cnp, d4_tick};
    ev_valid[5] <= d4_valid;
    ev_qpn[5] <= d4_qpn;
    for (k = 6; k <= 14; k = k + 1) begin
        ev[k] <= ev[k-1];
        ev_valid[k] <= ev_valid[k-1];
    end
    for (k = 6; k <= 11; k = k + 1) begin
        ev_qpn[k] <= ev_qpn[k-1];
    end

    if (rst) begin
        ev_valid <= 0;
    end
end

/*
 * Stage 6: the increase amount; which of the rate loop's cases applies
 */
wire [28:0] hai_prod = {24'd0, d5_mult} * {5'd0, hai_q16};

reg [28:0] d6_inc = 0;
// one-hot (none: keep): INIT, first decrease, decrease, increase, increase
// then decrease (the timer, then the CNP's); at most one decrease per event,
// and none with an increase before it (step 2's decrease takes no increase)
reg [5:1]  d6_case = 0;

wire inc5 = `EV_TMR(ev[5]) || `EV_BCINC(ev[5]);
wire dec5 = `EV_DEC1(ev[5]) || (`EV_DEC2(ev[5]) && !`EV_FIRST(ev[5]));
wire c_init5 = `EV_INIT(ev[5]);
wire c_first5 = `EV_DEC2(ev[5]) && `EV_FIRST(ev[5]);
wire c_dec5 = dec5 && !inc5;
wire c_inc5 = inc5 && !dec5;
wire c_incdec5 = `EV_TMR(ev[5]) && `EV_DEC2(ev[5]) && !`EV_FIRST(ev[5]);

always @(posedge clk) begin
    d6_inc <= d5_fr ? 29'd0 : d5_hai ? hai_prod : {5'd0, ai_q16};
    d6_case[1] <= c_init5;
    d6_case[2] <= !c_init5 && c_first5;
    d6_case[3] <= !c_init5 && c_dec5;
    d6_case[4] <= !c_init5 && c_inc5;
    d6_case[5] <= !c_init5 && c_incdec5;
end

/*
 * Stage 7: K1 = D (1 - g), K2 = D g 2^22 (a CNP in the period) + 2^26 (rounding)
 */
wire [27:0] dg = {10'd0, d6_d} * {18'd0, g_q10};
// verilator lint_off UNUSEDSIGNAL
wire [27:0] k1_full = {d6_d, 10'd0} - dg;              // < 2^27 (g >= 2)
// verilator lint_on UNUSEDSIGNAL

reg [26:0] d7_k1 = 0;
reg [49:0] d7_k2 = 0;

always @(posedge clk) begin
    d7_k1 <= k1_full[26:0];
    d7_k2 <= {`EV_CNP_A(ev[6]) ? dg[26:0] : 27'd0, 22'd0} + (50'd1 << 26);
end

/*
 * Stage 8: the alpha loop (RAM_A): alpha = round(D(n-1) x / 2^27),
 * x = (1 - g) alpha + g 2^22 cnp, as K1 alpha + K2
 */
wire [22:0] a_rdata;
reg  [22:0] a8 = 0, a9 = 0;

hpnic_ram_sdp #(
    .ADDR_WIDTH(QW),
    .DATA_WIDTH(23)
)
ram_a_inst (
    .clk(clk),
    .wr_en(ev_valid[8]),
    .wr_addr(ev_qpn[8]),
    .wr_data(a8),
    .rd_en(1'b1),
    .rd_addr(ev_qpn[6]),
    .rd_data(a_rdata)
);

// the forwarding selects in flip-flops of their own, reset so that they are
// not taken into the control word's SRLs (whose output is slow)
reg a7_eq1 = 1'b0, a7_eq2 = 1'b0;
always @(posedge clk) begin
    a7_eq1 <= `EV_EQ1(ev[6]);
    a7_eq2 <= `EV_EQ2(ev[6]);
    if (rst) begin
        a7_eq1 <= 1'b0;
        a7_eq2 <= 1'b0;
    end
end

wire [22:0] a_old = a7_eq1 ? a8 : a7_eq2 ? a9 : a_rdata;
// verilator lint_off UNUSEDSIGNAL
wire [49:0] a_acc = {23'd0, d7_k1} * {27'd0, a_old} + d7_k2;   // < 2^49 + 2^49
// verilator lint_on UNUSEDSIGNAL
wire [22:0] a_new = `EV_INIT(ev[7]) ? alpha0 : `EV_UPD_ALPHA(ev[7]) ? a_acc[49:27] : a_old;

always @(posedge clk) begin
    a8 <= a_new;
    a9 <= a8;
end

/*
 * Stage 9: alpha 2^-(gd+6) rounded (Q1.16); alpha in Q1.16 for the Update
 */
wire [16:0] a_sh;
wire [4:0]  gd_sh = {1'b0, gd} + 5'd6;

hpnic_shr_round_sat #(.IN_WIDTH(23), .SH_WIDTH(5), .OUT_WIDTH(17))
a_sh_inst (.in(a8), .sh(gd_sh), .out(a_sh));

// verilator lint_off UNUSEDSIGNAL
wire [17:0] v_r = a8[22:5] + 18'd1;
// verilator lint_on UNUSEDSIGNAL

reg [16:0] d9_ash = 0;
reg [16:0] v9 = 0, v10 = 0, v11 = 0, v12 = 0, v13 = 0, v14 = 0;

always @(posedge clk) begin
    d9_ash <= a_sh;
    v9 <= v_r[17:1];
    v10 <= v9;
    v11 <= v10;
    v12 <= v11;
    v13 <= v12;
    v14 <= v13;
end

/*
 * Stage 10: f = max(1 - alpha 2^-gd, min_dec), Q1.16
 */
wire [16:0] f_raw = 17'h10000 - d9_ash;

reg [16:0]  d10_f = 0;
reg [28:0]  d7_inc = 0, d8_inc = 0, d9_inc = 0;
reg [23:0]  d10_inc = 0;                // the amount, when it is below the line rate
reg [23:0]  d10_lmi = 0;                // line - inc, likewise
reg         d10_over = 1'b0;            // inc > line: any increase reaches the line rate
// verilator lint_off UNUSEDSIGNAL
wire [29:0] lmi9 = {6'd0, line_q16} - {1'b0, d9_inc};
// verilator lint_on UNUSEDSIGNAL
reg [5:1]   d7_case = 0, d8_case = 0, d9_case = 0, d10_case = 0;
reg         d10_hold = 1'b0;            // a decrease keeps Rt (hold3)

always @(posedge clk) begin
    d10_f <= f_raw < min_dec ? min_dec : f_raw;
    d7_inc <= d6_inc;
    d8_inc <= d7_inc;
    d9_inc <= d8_inc;
    d10_inc <= d9_inc[23:0];
    d10_lmi <= lmi9[23:0];
    d10_over <= lmi9[29];
    d7_case <= d6_case;
    d8_case <= d7_case;
    d9_case <= d8_case;
    d10_case <= d9_case;
    d10_hold <= `EV_HOLD(ev[9]);
end

/*
 * Stage 11: the rate loop (RAM_R) {Rt[23:0], Rc[23:0]}
 */
wire [47:0] r_rdata;
reg  [47:0] r11 = 0, r12 = 0;

hpnic_ram_sdp #(
    .ADDR_WIDTH(QW),
    .DATA_WIDTH(48)
)
ram_r_inst (
    .clk(clk),
    .wr_en(ev_valid[11]),
    .wr_addr(ev_qpn[11]),
    .wr_data(r11),
    .rd_en(1'b1),
    .rd_addr(ev_qpn[9]),
    .rd_data(r_rdata)
);

reg r10_eq1 = 1'b0, r10_eq2 = 1'b0;
always @(posedge clk) begin
    r10_eq1 <= `EV_EQ1(ev[9]);
    r10_eq2 <= `EV_EQ2(ev[9]);
    if (rst) begin
        r10_eq1 <= 1'b0;
        r10_eq2 <= 1'b0;
    end
end

wire [47:0] r_old = r10_eq1 ? r11 : r10_eq2 ? r12 : r_rdata;
wire [23:0] rc_o = r_old[23:0];
wire [23:0] rt_o = r_old[47:24];

// a decrease: max(round(Rc f / 2^16), Rmin), the rounding's 2^15 added in
// the multiplier (Rc f + 2^15 < 2^40)
// verilator lint_off UNUSEDSIGNAL
wire [40:0] rcf = {17'd0, rc_o} * {24'd0, d10_f} + 41'h8000;
// verilator lint_on UNUSEDSIGNAL
wire [23:0] rcf_q = rcf[39:16];
wire [23:0] rc_dec = rcf_q < min_q16 ? min_q16 : rcf_q;

// an increase of Rt (or, after a decrease, of its target), capped at
// the line rate: Rt + inc > line is Rt > line - inc, a compare beside the add
wire [23:0] rt_inc = (d10_over || rt_o > d10_lmi) ? line_q16 : rt_o + d10_inc;
// a decrease: Rt = the old Rc, or kept (d10_hold)
wire [23:0] rt_dec = d10_hold ? rt_o : rc_o;

// increase: Rc = avg(Rt', Rc)
wire [23:0] rc_inc = avg_even(rt_inc, rc_o);
// increase, then decrease: Rt' = the increased Rc, Rc' = its decrease
// verilator lint_off UNUSEDSIGNAL
wire [40:0] rif = {17'd0, rc_inc} * {24'd0, d10_f} + 41'h8000;
// verilator lint_on UNUSEDSIGNAL
wire [23:0] rif_q = rif[39:16];
wire [23:0] rc_incdec = rif_q < min_q16 ? min_q16 : rif_q;

// the cases are one-hot; the latest to arrive is selected last
wire [47:0] r_early = d10_case[1] ? {line_q16, line_q16} :
                      d10_case[2] ? {first_q16, first_q16} :
                      d10_case[3] ? {rt_dec, rc_dec} : r_old;
wire [47:0] r_mid = d10_case[4] ? {rt_inc, rc_inc} : r_early;
wire [47:0] r_new = d10_case[5] ? {rc_inc, rc_incdec} : r_mid;

reg [23:0] rc13 = 0, rc14 = 0;

always @(posedge clk) begin
    r11 <= r_new;
    r12 <= r11;
    rc13 <= r12[23:0];
    rc14 <= rc13;
end

/*
 * Stage 14: out
 */
assign o_rate = rc14;
assign o_v = v14;
assign o_dec = `EV_DEC1(ev[14]) || `EV_DEC2(ev[14]);
assign o_inc_t = `EV_TMR(ev[14]);
assign o_inc_bc = `EV_BCINC(ev[14]);
assign o_defer = `EV_DEFER(ev[14]);
assign o_cnp = `EV_CNP(ev[14]);
assign o_tick = `EV_TICK(ev[14]);

`undef EV_HOLD
`undef EV_UPD_ALPHA
`undef EV_CNP_A
`undef EV_INIT
`undef EV_EQ2
`undef EV_EQ1
`undef EV_DEC1
`undef EV_DEC2
`undef EV_FIRST
`undef EV_TMR
`undef EV_BCINC
`undef EV_DEFER
`undef EV_CNP
`undef EV_TICK

initial begin
    if (QPN_WIDTH < 1 || QPN_WIDTH > 16) begin
        $error("dcqcn_rp: QPN_WIDTH must be 1..16");
        $finish;
    end
end

endmodule

`resetall
