// SPDX-License-Identifier: MIT
/*
 * Derives one QP's own parameter set when its INIT carries the override
 * (HPCC_OPT_OVERRIDE): the constants that depend on T, from the QP's T and
 * the NIC-wide eta, line and minimum rates of the committed set:
 *
 *   1/T                       rt_m / 2^(a_sh + 16)
 *   1/(g_b T eta), b = 1, 2   kq1 (g = 2) and kq2 (g = 5), shifts less 39;
 *                             every other speed is one of them times 2^k
 *                             (g = 8, 10, 20, 40, 80, 160), so its constant
 *                             has the same mantissa and a shift k larger
 *                             (hpcc_recip normalises its input: exact)
 *   Wmax = line T / 500, Wmin = min T / 500   in Q22.4 bytes, clamped
 *
 * and passes W_AI and maxStage through. The same integers as hpcc_derive()
 * in model/cc/hpcc_derive.c for the QP's T, W_AI and maxStage.
 *
 * Fixed latency: start is a one-cycle pulse; done rises six cycles later and
 * the outputs hold until the next start. Three reciprocals share one lane on
 * consecutive cycles; the products are DSP multiplies.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpcc_cc_qp_param #(
    // reciprocal ROM image
    parameter ROM_FILE = "fw/recip_rom.hex"
) (
    input  wire              clk,
    input  wire              rst,

    input  wire              start,
    input  wire [19:0]       in_t_ns,     // the QP's, raw (clamped to 64 here)
    input  wire [19:0]       in_wai,
    input  wire [3:0]        in_max_stage,
    // the committed NIC-wide set's sanitised eta and rates
    input  wire [16:0]       eta,
    input  wire [19:0]       line_mbps,
    input  wire [19:0]       min_mbps,

    output reg  [19:0]       t_ns = 0,
    output reg  [16:0]       rt_m = 0,
    output reg  [6:0]        a_sh = 0,
    output reg  [16:0]       kq1_m = 0,   // speed enum 1 (g = 2)
    output reg  [6:0]        kq1_sh = 0,
    output reg  [16:0]       kq2_m = 0,   // speed enum 2 (g = 5)
    output reg  [6:0]        kq2_sh = 0,
    output reg  [25:0]       wmax = 0,
    output reg  [25:0]       wmin = 0,
    output reg  [19:0]       wai = 0,
    output reg  [3:0]        max_stage = 0,
    output reg               done = 1'b0
);

initial begin
    if (ROM_FILE == "") begin
        $error("hpcc_cc_qp_param: ROM_FILE must name the reciprocal ROM image (%m)");
        $finish;
    end
end

// 1/500 = 67109 / 2^25, as hpcc_recip(500) makes it (Mb/s x ns -> Q22.4 bytes)
localparam [16:0] M500 = 17'd67109;
localparam SH500 = 25;

reg         busy_reg = 1'b0;
reg  [2:0]  cnt_reg = 0;
reg  [16:0] eta_reg = 0;
reg  [19:0] line_reg = 0, min_reg = 0;

reg  [36:0] te_reg = 0;                // T eta
reg  [39:0] lt_reg = 0, mt_reg = 0;    // line T, min T
reg  [39:0] x5_reg = 0;                // 5 T eta
reg  [56:0] wl_reg = 0, wm_reg = 0;    // (line T, min T) x M500
reg  [31:0] wlr_reg = 0, wmr_reg = 0;  // rounded >> 25 (line T < 2^40)
reg  [25:0] wmin_pre_reg = 0;

// verilator lint_off UNUSEDSIGNAL
wire [56:0] wl_half = wl_reg + (57'd1 << (SH500 - 1));
wire [56:0] wm_half = wm_reg + (57'd1 << (SH500 - 1));
wire [6:0]  recip_sh_early_unused;
// verilator lint_on UNUSEDSIGNAL

wire [47:0] recip_x = (cnt_reg == 3'd0) ? {28'd0, t_ns} :
                      (cnt_reg == 3'd1) ? {10'd0, te_reg, 1'b0} : {8'd0, x5_reg};
wire [16:0] recip_m;
wire [6:0]  recip_sh;

hpcc_recip #(
    .X_WIDTH(48),
    .ROM_FILE(ROM_FILE)
)
recip_inst (
    .clk(clk),
    .x(recip_x),
    .sh_early(recip_sh_early_unused),
    .m(recip_m),
    .sh(recip_sh)
);

always @(posedge clk) begin
    if (start) begin
        busy_reg <= 1'b1;
        done <= 1'b0;
        cnt_reg <= 0;
        t_ns <= (in_t_ns < 20'd64) ? 20'd64 : in_t_ns;
        wai <= in_wai;
        max_stage <= in_max_stage;
        eta_reg <= eta;
        line_reg <= line_mbps;
        min_reg <= min_mbps;
    end else if (busy_reg) begin
        cnt_reg <= cnt_reg + 1'b1;
        if (cnt_reg == 3'd5) begin
            busy_reg <= 1'b0;
            done <= 1'b1;
        end
    end

    // cycle 0: the products with T (recip lane: T)
    te_reg <= {17'd0, t_ns} * {20'd0, eta_reg};
    lt_reg <= {20'd0, line_reg} * {20'd0, t_ns};
    mt_reg <= {20'd0, min_reg} * {20'd0, t_ns};
    // cycle 1: 5 T eta; the window products (recip lane: 2 T eta)
    x5_reg <= {1'b0, te_reg, 2'b00} + {3'd0, te_reg};
    wl_reg <= {17'd0, lt_reg} * {40'd0, M500};
    wm_reg <= {17'd0, mt_reg} * {40'd0, M500};
    // cycle 2: rounded (recip lane: 5 T eta)
    wlr_reg <= wl_half[SH500 +: 32];
    wmr_reg <= wm_half[SH500 +: 32];

    if (busy_reg) begin
        case (cnt_reg)
            3'd3: begin
                rt_m <= recip_m;
                a_sh <= recip_sh - 7'd16;
                // windows are never below one byte, W saturates at 2^26 - 1
                wmax <= (wlr_reg < 32'd16) ? 26'd16 :
                        (|wlr_reg[31:26]) ? 26'h3ffffff : wlr_reg[25:0];
                wmin_pre_reg <= (wmr_reg < 32'd16) ? 26'd16 :
                                (|wmr_reg[31:26]) ? 26'h3ffffff : wmr_reg[25:0];
            end
            3'd4: begin
                kq1_m <= recip_m;
                kq1_sh <= recip_sh - 7'd39;
                wmin <= (wmin_pre_reg > wmax) ? wmax : wmin_pre_reg;
            end
            3'd5: begin
                kq2_m <= recip_m;
                kq2_sh <= recip_sh - 7'd39;
            end
            default: begin
            end
        endcase
    end

    if (rst) begin
        busy_reg <= 1'b0;
        done <= 1'b0;
    end
end

endmodule

`resetall
