// SPDX-License-Identifier: MIT
/*
 * One hop of MeasureInflight (Algorithm 1 lines 4-5), pipelined:
 *
 *   v' = u'/eta = qmin*80/(B*T*eta) + (dtx*128/dts)/(B*eta)     (Q10.16)
 *   a  = min(dts, T)/T                                           (Q1.16)
 *
 * dts and dtx are taken modulo 2^24 and 2^20; qmin is the smaller qLen of
 * the new and the recorded INT. Both divisions are reciprocals: 1/dts from
 * the ROM, 1/(B*T*eta) and 1/(B*eta) from constants hpcc_cc_param derives.
 * A hop whose TS did not advance (dts = 0) contributes no rate term.
 *
 * Inputs are presented at pipeline stage 2 of hpcc_cc_engine; outputs are
 * registered at stage 7, six clock edges later. Fixed latency, no handshake:
 * the engine carries the event alongside. Mirrors fx_hop() in model/cc/hpcc_fixed.c.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpcc_cc_hop #(
    // reciprocal ROM image
    parameter ROM_FILE = "fw/recip_rom.hex"
) (
    input  wire          clk,

    // new INT record (from the ACK) and the recorded one (from state RAM)
    input  wire [2:0]    new_b_idx,   // speed enum - 1 (valid for B = 1..8)
    input  wire [23:0]   new_ts,
    input  wire [19:0]   new_tx,
    input  wire [15:0]   new_q,
    input  wire [23:0]   old_ts,
    input  wire [19:0]   old_tx,
    input  wire [15:0]   old_q,

    // derived parameters (hpcc_cc_param), indexed by speed enum - 1
    input  wire [19:0]   t_ns,
    input  wire [16:0]   rt_m,
    input  wire [6:0]    a_sh,        // rt_sh - 16
    input  wire [8*17-1:0] kq_m,
    input  wire [8*7-1:0]  kq_sh,
    input  wire [8*17-1:0] ke_m,
    input  wire [8*7-1:0]  ke_sh,

    // stage 7
    output wire [25:0]   v,
    output wire [16:0]   a,
    output wire          dts_zero
);

// parameters a caller can get wrong fail at elaboration, not silently
initial begin
    if (ROM_FILE == "") begin
        $error("hpcc_cc_hop: ROM_FILE must name the reciprocal ROM image (%m)");
        $finish;
    end
end

// stage 2: deltas
reg [23:0] s2_dts_reg = 0;
reg [19:0] s2_dtx_reg = 0;
reg [15:0] s2_qmin_reg = 0;
reg [2:0]  s2_bidx_reg = 0;
reg        s2_dts_ge_t_reg = 0;

wire [23:0] dts = new_ts - old_ts;

always @(posedge clk) begin
    s2_dts_reg <= dts;
    s2_dtx_reg <= new_tx - old_tx;
    s2_qmin_reg <= (new_q < old_q) ? new_q : old_q;
    s2_bidx_reg <= new_b_idx;
    s2_dts_ge_t_reg <= dts >= {4'd0, t_ns};
end

// stage 3: products against the per-speed constants; 1/dts starts
wire [16:0] kq_m_sel = kq_m[s2_bidx_reg*17 +: 17];
wire [6:0]  kq_sh_sel = kq_sh[s2_bidx_reg*7 +: 7];
wire [16:0] ke_m_sel = ke_m[s2_bidx_reg*17 +: 17];
wire [6:0]  ke_sh_sel = ke_sh[s2_bidx_reg*7 +: 7];

reg [32:0] s3_pq_reg = 0;
reg [36:0] s3_ptx_reg = 0;
reg [40:0] s3_pa_reg = 0;
reg [6:0]  s3_kq_sh_reg = 0;
reg [6:0]  s3_ke_sh_reg = 0;
reg        s3_dts_zero_reg = 0;
reg        s3_dts_ge_t_reg = 0;

always @(posedge clk) begin
    s3_pq_reg <= {17'd0, s2_qmin_reg} * {16'd0, kq_m_sel};
    s3_ptx_reg <= {17'd0, s2_dtx_reg} * {20'd0, ke_m_sel};
    s3_pa_reg <= {17'd0, s2_dts_reg} * {24'd0, rt_m};
    s3_kq_sh_reg <= kq_sh_sel;
    s3_ke_sh_reg <= ke_sh_sel;
    s3_dts_zero_reg <= s2_dts_reg == 0;
    s3_dts_ge_t_reg <= s2_dts_ge_t_reg;
end

wire [16:0] dts_m;
wire [6:0]  dts_sh;
// verilator lint_off UNUSEDSIGNAL
wire [6:0]  dts_sh_early_unused;
// verilator lint_on UNUSEDSIGNAL

hpcc_recip #(
    .X_WIDTH(24),
    .ROM_FILE(ROM_FILE)
)
recip_dts_inst (
    .clk(clk),
    .x(s2_dts_reg),
    .sh_early(dts_sh_early_unused),
    .m(dts_m),
    .sh(dts_sh)
);

// stage 4: queue term, tau/T, and the rate product normalised to 26 bits
wire [25:0] x_q;

hpnic_shr_round_sat #(.IN_WIDTH(33), .SH_WIDTH(7), .OUT_WIDTH(26))
xq_inst (.in(s3_pq_reg), .sh(s3_kq_sh_reg), .out(x_q));

// tau/T = round(dts * rt_m / 2^a_sh), capped at 1.0: the shift here, the
// rounding in stage 5 (which otherwise only waits for 1/dts); same
// arithmetic as hpnic_shr_round_sat with OUT_WIDTH 17
// verilator lint_off UNUSEDSIGNAL
wire [41:0] a_halved = {s3_pa_reg, 1'b0} >> a_sh;
// verilator lint_on UNUSEDSIGNAL

// the rate product normalised to 26 bits: its leading one and 25 bits below
wire [5:0]  ptx_msb;
wire [24:0] ptx_frac;
wire        ptx_zero;

hpnic_normalize #(
    .WIDTH(37),
    .FRAC_WIDTH(25)
)
ptx_norm_inst (
    .x(s3_ptx_reg),
    .msb(ptx_msb),
    .frac(ptx_frac),
    .zero(ptx_zero)
);

reg [25:0] s4_xq_reg = 0;
reg [17:0] s4_a_halved_reg = 0;        // bits [17:0] of {pa, 0} >> a_sh
reg        s4_a_high_reg = 0;          // a bit above them: saturate
reg        s4_dts_ge_t_reg = 0;
reg [25:0] s4_n26_reg = 0;
reg signed [8:0] s4_sr_base_reg = 0;   // ke_sh - 42 - k, k = msb - 25
reg        s4_zero_reg = 0;            // no rate term

always @(posedge clk) begin
    s4_xq_reg <= x_q;
    s4_a_halved_reg <= a_halved[17:0];
    s4_a_high_reg <= |a_halved[41:18];
    s4_dts_ge_t_reg <= s3_dts_ge_t_reg;
    s4_n26_reg <= {1'b1, ptx_frac};
    s4_sr_base_reg <= $signed({2'b00, s3_ke_sh_reg}) - 9'sd17 - $signed({3'b000, ptx_msb});
    s4_zero_reg <= s3_dts_zero_reg || ptx_zero;
end

// stage 5: round tau/T while 1/dts is interpolated
wire [18:0] a_inc = {1'b0, s4_a_halved_reg} + 19'd1;
// verilator lint_off UNUSEDSIGNAL
wire [18:0] a_round = a_inc >> 1;      // the rounded value, before the cap
// verilator lint_on UNUSEDSIGNAL
// a > 1.0 (65536) without a carry chain: a bit above, or 1.0 plus anything
wire a_over = s4_a_high_reg || a_round[17] || (a_round[16] && |a_round[15:0]);

reg [25:0] s5_xq_reg = 0;
reg [16:0] s5_a_reg = 0;
reg [25:0] s5_n26_reg = 0;
reg signed [8:0] s5_sr_base_reg = 0;
reg        s5_zero_reg = 0;
reg        s5_dts_zero_reg = 0, s4_dts_zero_reg = 0;

always @(posedge clk) begin
    s4_dts_zero_reg <= s3_dts_zero_reg;
    s5_xq_reg <= s4_xq_reg;
    s5_a_reg <= (s4_dts_ge_t_reg || a_over) ? 17'd65536 : a_round[16:0];
    s5_n26_reg <= s4_n26_reg;
    s5_sr_base_reg <= s4_sr_base_reg;
    s5_zero_reg <= s4_zero_reg;
    s5_dts_zero_reg <= s4_dts_zero_reg;
end

// stage 6: rate product and its total shift
reg [42:0] s6_p2_reg = 0;
reg signed [8:0] s6_sr_reg = 0;
reg [25:0] s6_xq_reg = 0;
reg [16:0] s6_a_reg = 0;
reg        s6_zero_reg = 0;
reg        s6_dts_zero_reg = 0;

always @(posedge clk) begin
    s6_p2_reg <= {17'd0, s5_n26_reg} * {26'd0, dts_m};
    s6_sr_reg <= s5_sr_base_reg + $signed({2'b00, dts_sh});
    s6_xq_reg <= s5_xq_reg;
    s6_a_reg <= s5_a_reg;
    s6_zero_reg <= s5_zero_reg;
    s6_dts_zero_reg <= s5_dts_zero_reg;
end

// stage 7: rate term and the sum
wire [25:0] x_tx_sh;

hpnic_shr_round_sat #(.IN_WIDTH(43), .SH_WIDTH(7), .OUT_WIDTH(26))
xtx_inst (.in(s6_p2_reg), .sh(s6_sr_reg[6:0]), .out(x_tx_sh));

wire [25:0] x_tx = s6_zero_reg ? 26'd0 : (s6_sr_reg < 0) ? {26{1'b1}} : x_tx_sh;
wire [26:0] v_sum = {1'b0, s6_xq_reg} + {1'b0, x_tx};

reg [25:0] s7_v_reg = 0;
reg [16:0] s7_a_reg = 0;
reg        s7_dts_zero_reg = 0;

always @(posedge clk) begin
    s7_v_reg <= v_sum[26] ? {26{1'b1}} : v_sum[25:0];
    s7_a_reg <= s6_a_reg;
    s7_dts_zero_reg <= s6_dts_zero_reg;
end

assign v = s7_v_reg;
assign a = s7_a_reg;
assign dts_zero = s7_dts_zero_reg;

endmodule

`resetall
