// SPDX-License-Identifier: MIT
/*
 * Derives the CC engine's constants from its raw parameters (T, eta,
 * maxStage, W_AI, line rate, minimum rate) whenever they change:
 *
 *   1/T, 1/(g*T*eta) and 1/(G*eta) per speed enum, 1/eta (U = 1 as V = U/eta),
 *   Wmax = line*T and Wmin = min*T in bytes.
 *
 * Sequential on purpose: one shift-add multiplier and one reciprocal lane do
 * the work in about 800 cycles, for a few hundred LUTs. The derived set is
 * built in shadow registers and committed in one cycle, so the datapath
 * never sees half of an update. Out-of-range inputs are clamped and flagged
 * in status. Mirrors hpcc_derive() in model/cc/hpcc_fixed.c.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpcc_cc_param #(
    // reciprocal ROM image
    parameter ROM_FILE = "fw/recip_rom.hex"
) (
    input  wire              clk,
    input  wire              rst,

    // raw parameters (CSR block)
    input  wire [19:0]       in_t_ns,
    input  wire [16:0]       in_eta,          // Q0.16
    input  wire [3:0]        in_max_stage,
    input  wire [19:0]       in_wai,          // Q16.4 bytes
    input  wire [19:0]       in_line_mbps,
    input  wire [19:0]       in_min_mbps,

    // derived set, constant between commits
    output reg  [19:0]       t_ns = 0,
    output reg  [3:0]        max_stage = 0,
    output reg  [19:0]       wai = 0,
    output reg  [16:0]       rt_m = 0,    // 1/T ~= rt_m / 2^rt_sh, and shifts
    output reg  [6:0]        a_sh = 0,    // rt_sh - 16 (tau/T in Q1.16)
    output reg  [6:0]        rate_sh = 0, // rt_sh - 12 (W/T in Q8.16 from Q22.4)
    output reg  [8*17-1:0]   kq_m = 0,
    output reg  [8*7-1:0]    kq_sh = 0,
    output reg  [8*17-1:0]   ke_m = 0,
    output reg  [8*7-1:0]    ke_sh = 0,
    output reg  [25:0]       v_init = 0,
    output reg  [25:0]       wmax = 0,
    output reg  [25:0]       wmin = 0,
    // the sanitised eta and rates of the committed set (per-QP derivation)
    output reg  [16:0]       eta = 0,
    output reg  [19:0]       line_mbps = 0,
    output reg  [19:0]       min_mbps = 0,

    output reg  [4:0]        status = 0,      // HPCC_PS_* clamp flags
    output wire              busy,
    output reg               valid = 1'b0     // a derived set has been committed
);

// parameters a caller can get wrong fail at elaboration, not silently
initial begin
    if (ROM_FILE == "") begin
        $error("hpcc_cc_param: ROM_FILE must name the reciprocal ROM image (%m)");
        $finish;
    end
end

// job list: one per derived constant
localparam [4:0] JOB_RT = 5'd0;      // 1/T
localparam [4:0] JOB_KQ1 = 5'd1;     // 1..8: 1/(g*T*eta), g = G/5
localparam [4:0] JOB_KE1 = 5'd9;     // 9..16: 1/(G*eta)
localparam [4:0] JOB_VINIT = 5'd17;  // 1/eta
// job 18: 1/500 (Mb/s * ns -> Q22.4 bytes), the fall-through reciprocal
localparam [4:0] JOB_WMAX = 5'd19;
localparam [4:0] JOB_WMIN = 5'd20;
localparam [4:0] JOB_LAST = 5'd20;

localparam [2:0] PH_IDLE = 3'd0;
localparam [2:0] PH_SETUP = 3'd1;
localparam [2:0] PH_MUL = 3'd2;
localparam [2:0] PH_RECIP = 3'd3;
localparam [2:0] PH_SHR = 3'd4;
localparam [2:0] PH_NEXT = 3'd5;

// sanitised snapshot of the inputs this derivation works on
wire [19:0] t_clamped = (in_t_ns < 20'd64) ? 20'd64 : in_t_ns;
wire [16:0] eta_clamped = (in_eta < 17'd32768) ? 17'd32768 :
                          (in_eta > 17'd65536) ? 17'd65536 : in_eta;
wire [19:0] line_clamped = (in_line_mbps == 0) ? 20'd1 : in_line_mbps;
wire [19:0] min_clamped = (in_min_mbps == 0) ? 20'd1 :
                          (in_min_mbps > line_clamped) ? line_clamped : in_min_mbps;
wire [3:0] in_status = {
    in_min_mbps == 0 || in_min_mbps > line_clamped,
    in_line_mbps == 0,
    in_eta < 17'd32768 || in_eta > 17'd65536,
    in_t_ns < 20'd64
};

wire [100:0] in_raw = {in_t_ns, in_eta, in_max_stage, in_wai, in_line_mbps, in_min_mbps};
reg  [100:0] raw_reg = 0;
wire         changed = (in_raw != raw_reg) || !valid;

reg [2:0]  phase_reg = PH_IDLE;
reg [4:0]  job_reg = 0;
reg [19:0] s_t_reg = 0, s_line_reg = 0, s_min_reg = 0, s_wai_reg = 0;
reg [16:0] s_eta_reg = 0;
reg [3:0]  s_max_stage_reg = 0;
reg [3:0]  s_status_reg = 0;

// shift-add multiplier
reg [59:0] acc_reg = 0;
reg [59:0] mul_a_reg = 0;
reg [19:0] mul_b_reg = 0;
reg        mul_second_reg = 0;

// reciprocal lane
reg  [47:0] recip_x_reg = 0;
reg  [2:0]  wait_reg = 0;
wire [16:0] recip_m;
wire [6:0]  recip_sh;
// verilator lint_off UNUSEDSIGNAL
wire [6:0]  recip_sh_early_unused;
// verilator lint_on UNUSEDSIGNAL

// rounding shifter
reg [6:0] shr_reg = 0;

// shadow set
reg [16:0]     sh_rt_m = 0;
reg [6:0]      sh_rt_sh = 0;
reg [8*17-1:0] sh_kq_m = 0;
reg [8*7-1:0]  sh_kq_sh = 0;
reg [8*17-1:0] sh_ke_m = 0;
reg [8*7-1:0]  sh_ke_sh = 0;
reg [25:0]     sh_v_init = 0;
reg [16:0]     m500_reg = 0;
reg [6:0]      sh500_reg = 0;
reg [25:0]     sh_wmax = 0, sh_wmin = 0;
reg            wmax_sat_reg = 0;

hpcc_recip #(
    .X_WIDTH(48),
    .ROM_FILE(ROM_FILE)
)
recip_inst (
    .clk(clk),
    .x(recip_x_reg),
    .sh_early(recip_sh_early_unused),
    .m(recip_m),
    .sh(recip_sh)
);

// speed enum b = 1..8 -> G in Gb/s and g = G/5
function [9:0] speed_g;
    input [2:0] idx;    // b - 1
    begin
        case (idx)
            3'd0: speed_g = 10'd10;
            3'd1: speed_g = 10'd25;
            3'd2: speed_g = 10'd40;
            3'd3: speed_g = 10'd50;
            3'd4: speed_g = 10'd100;
            3'd5: speed_g = 10'd200;
            3'd6: speed_g = 10'd400;
            default: speed_g = 10'd800;
        endcase
    end
endfunction

function [7:0] speed_g5;
    input [2:0] idx;
    begin
        case (idx)
            3'd0: speed_g5 = 8'd2;
            3'd1: speed_g5 = 8'd5;
            3'd2: speed_g5 = 8'd8;
            3'd3: speed_g5 = 8'd10;
            3'd4: speed_g5 = 8'd20;
            3'd5: speed_g5 = 8'd40;
            3'd6: speed_g5 = 8'd80;
            default: speed_g5 = 8'd160;
        endcase
    end
endfunction

wire [2:0] kq_idx = job_reg[2:0] - 3'd1;     // jobs 1..8
wire [2:0] ke_idx = job_reg[2:0] - 3'd1;     // jobs 9..16 -> (job-8)-1 = job[2:0]-1
wire       job_kq = job_reg >= JOB_KQ1 && job_reg < JOB_KE1;
wire       job_ke = job_reg >= JOB_KE1 && job_reg < JOB_VINIT;
wire       job_w = job_reg == JOB_WMAX || job_reg == JOB_WMIN;
wire [17:0] v_init_half = ({1'b0, recip_m} + 18'd1) >> 1;

// round(acc / 2) for the last step of the rounding shifter, floored at one byte
wire [59:0] acc_half = (acc_reg + 60'd1) >> 1;
wire [25:0] w_rounded = (acc_half < 60'd16) ? 26'd16 :
                        (acc_half > 60'h3ffffff) ? 26'h3ffffff : acc_half[25:0];

assign busy = phase_reg != PH_IDLE;

always @(posedge clk) begin
    case (phase_reg)
        PH_IDLE: begin
            if (changed) begin
                raw_reg <= in_raw;
                s_t_reg <= t_clamped;
                s_eta_reg <= eta_clamped;
                s_line_reg <= line_clamped;
                s_min_reg <= min_clamped;
                s_wai_reg <= in_wai;
                s_max_stage_reg <= in_max_stage;
                s_status_reg <= in_status;
                wmax_sat_reg <= 1'b0;
                job_reg <= JOB_RT;
                phase_reg <= PH_SETUP;
            end
        end
        PH_SETUP: begin
            acc_reg <= 0;
            wait_reg <= 0;
            mul_second_reg <= job_kq || job_w;
            phase_reg <= PH_MUL;
            if (job_kq) begin
                mul_a_reg <= {40'd0, s_t_reg};
                mul_b_reg <= {12'd0, speed_g5(kq_idx)};
            end else if (job_ke) begin
                mul_a_reg <= {50'd0, speed_g(ke_idx)};
                mul_b_reg <= {3'd0, s_eta_reg};
            end else if (job_reg == JOB_WMAX) begin
                mul_a_reg <= {40'd0, s_line_reg};
                mul_b_reg <= s_t_reg;
            end else if (job_reg == JOB_WMIN) begin
                mul_a_reg <= {40'd0, s_min_reg};
                mul_b_reg <= s_t_reg;
            end else begin
                // a bare reciprocal
                recip_x_reg <= (job_reg == JOB_RT) ? {28'd0, s_t_reg} :
                               (job_reg == JOB_VINIT) ? {31'd0, s_eta_reg} : 48'd500;
                phase_reg <= PH_RECIP;
            end
        end
        PH_MUL: begin
            if (mul_b_reg != 0) begin
                if (mul_b_reg[0]) begin
                    acc_reg <= acc_reg + mul_a_reg;
                end
                mul_a_reg <= mul_a_reg << 1;
                mul_b_reg <= mul_b_reg >> 1;
            end else if (mul_second_reg) begin
                // second factor: eta for the queue constants, 1/500 for W
                mul_second_reg <= 1'b0;
                mul_a_reg <= acc_reg;
                acc_reg <= 0;
                mul_b_reg <= job_kq ? {3'd0, s_eta_reg} : {3'd0, m500_reg};
            end else if (job_w) begin
                shr_reg <= sh500_reg;
                phase_reg <= PH_SHR;
            end else begin
                recip_x_reg <= acc_reg[47:0];
                phase_reg <= PH_RECIP;
            end
        end
        PH_RECIP: begin
            // x is registered here, the result appears three cycles later
            wait_reg <= wait_reg + 1'b1;
            if (wait_reg == 3'd4) begin
                if (job_reg == JOB_RT) begin
                    sh_rt_m <= recip_m;
                    sh_rt_sh <= recip_sh;
                end else if (job_kq) begin
                    // jobs run b = 1..8 in order: shift in from the top
                    sh_kq_m <= {recip_m, sh_kq_m[8*17-1:17]};
                    sh_kq_sh <= {recip_sh - 7'd39, sh_kq_sh[8*7-1:7]};
                end else if (job_ke) begin
                    sh_ke_m <= {recip_m, sh_ke_m[8*17-1:17]};
                    sh_ke_sh <= {recip_sh, sh_ke_sh[8*7-1:7]};
                end else if (job_reg == JOB_VINIT) begin
                    // 2^32/eta: sh is 32 or 33
                    sh_v_init <= (recip_sh == 7'd33) ? {8'd0, v_init_half} : {9'd0, recip_m};
                end else begin
                    m500_reg <= recip_m;
                    sh500_reg <= recip_sh;
                end
                phase_reg <= PH_NEXT;
            end
        end
        PH_SHR: begin
            // round(acc / 2^sh): shift sh-1 times, then add one and halve
            if (shr_reg > 7'd1) begin
                acc_reg <= acc_reg >> 1;
                shr_reg <= shr_reg - 1'b1;
            end else begin
                // windows are never below one byte; Wmin never above Wmax
                if (job_reg == JOB_WMAX) begin
                    sh_wmax <= w_rounded;
                    wmax_sat_reg <= acc_half > 60'h3ffffff;
                end else begin
                    sh_wmin <= (w_rounded > sh_wmax) ? sh_wmax : w_rounded;
                end
                phase_reg <= PH_NEXT;
            end
        end
        PH_NEXT: begin
            if (job_reg == JOB_LAST) begin
                // commit the whole set at once
                t_ns <= s_t_reg;
                max_stage <= s_max_stage_reg;
                wai <= s_wai_reg;
                rt_m <= sh_rt_m;
                a_sh <= sh_rt_sh - 7'd16;
                rate_sh <= sh_rt_sh - 7'd12;
                kq_m <= sh_kq_m;
                kq_sh <= sh_kq_sh;
                ke_m <= sh_ke_m;
                ke_sh <= sh_ke_sh;
                v_init <= sh_v_init;
                wmax <= sh_wmax;
                wmin <= sh_wmin;
                eta <= s_eta_reg;
                line_mbps <= s_line_reg;
                min_mbps <= s_min_reg;
                status <= {wmax_sat_reg, s_status_reg};
                valid <= 1'b1;
                phase_reg <= PH_IDLE;
            end else begin
                job_reg <= job_reg + 1'b1;
                phase_reg <= PH_SETUP;
            end
        end
        default: begin
            phase_reg <= PH_IDLE;
        end
    endcase

    if (rst) begin
        phase_reg <= PH_IDLE;
        valid <= 1'b0;
    end
end

endmodule

`resetall
