// SPDX-License-Identifier: MIT
/*
 * Variable AI and Sampling Frequency parameters of the CC engine
 * ("Variable Additive Increase and Sampling Frequency for HPCC";
 * docs/cc-vai-sf.md): clamps the raw CSR values as hpcc_vaisf_sanitise()
 * does and derives the constants for the exact floor divisions of the
 * Measured Congestion images, floor(80 q / D) = (q * 80 M) >> K for every
 * 16-bit q, with D = Token Thresh or AI DIV:
 *
 *   l = ceil(log2 D), K = 23 + l, M = ceil(2^K / D)
 *
 * (Granlund and Montgomery, "Division by Invariant Integers using
 * Multiplication", Thm 4.2, for dividends 80 q < 2^23). M is made by a
 * restoring division, one bit per cycle for both divisors at once (49
 * cycles): a few dozen LUTs instead of a constant divider per event.
 * The set is committed in one cycle, so the datapath never sees half of it.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpcc_vaisf_param (
    input  wire              clk,
    input  wire              rst,

    // raw parameters (CSR block)
    input  wire [22:0]       in_thresh,       // Token Thresh, bytes
    input  wire [22:0]       in_ai_div,       // AI DIV, bytes per token
    input  wire [11:0]       in_bank_cap,     // Bank Cap, tokens
    input  wire [9:0]        in_ai_cap,       // AI Cap, tokens per update
    input  wire [3:0]        in_damp_shift,   // Dampener Constant = 2^shift
    input  wire [7:0]        in_sf_acks,      // SF: N ACKs

    // derived set, constant between commits
    output reg  [22:0]       thresh = 0,
    output reg  [30:0]       thr_m80 = 0,     // 80 M for Token Thresh
    output reg  [5:0]        thr_k = 0,
    output reg  [30:0]       div_m80 = 0,     // 80 M for AI DIV
    output reg  [5:0]        div_k = 0,
    output reg  [11:0]       bank_cap = 0,
    output reg  [9:0]        ai_cap = 0,
    output reg  [3:0]        damp_shift = 0,
    output reg  [7:0]        sf_n1 = 0,       // N - 1: the count before this ACK must reach it

    output wire              busy,
    output reg               valid = 1'b0
);

// hpcc_vaisf_sanitise(): the divisors, AI Cap and N at least 1; the widths
// bound the rest
wire [22:0] thresh_c = (in_thresh == 0) ? 23'd1 : in_thresh;
wire [22:0] div_c = (in_ai_div == 0) ? 23'd1 : in_ai_div;
wire [9:0]  ai_cap_c = (in_ai_cap == 0) ? 10'd1 : in_ai_cap;
wire [7:0]  sf_c = (in_sf_acks == 0) ? 8'd1 : in_sf_acks;

wire [79:0] in_raw = {in_thresh, in_ai_div, in_bank_cap, in_ai_cap, in_damp_shift, in_sf_acks};
reg  [79:0] raw_reg = 0;
wire        changed = (in_raw != raw_reg) || !valid;

reg         run_reg = 1'b0;
reg  [5:0]  pos_reg = 0;                   // dividend bit being brought down
reg  [22:0] d0_reg = 0, d1_reg = 0;       // Token Thresh, AI DIV
reg  [5:0]  k0_reg = 0, k1_reg = 0;
reg  [23:0] r0_reg = 0, r1_reg = 0;       // remainders, < 2 D
reg  [24:0] q0_reg = 0, q1_reg = 0;       // quotients, M <= 2^24
reg  [11:0] s_bank_reg = 0;
reg  [9:0]  s_ai_cap_reg = 0;
reg  [3:0]  s_shift_reg = 0;
reg  [7:0]  s_sf_reg = 0;

// K = 23 + ceil(log2 D); ceil(log2 D) = bits of D - 1
function [5:0] k_of(input [22:0] d);
    integer b;
    reg [22:0] dm1;
    begin
        dm1 = d - 23'd1;
        k_of = 6'd23;
        for (b = 0; b < 23; b = b + 1) begin
            if (dm1[b]) begin
                k_of = 6'd24 + b[5:0];
            end
        end
    end
endfunction

// one restoring step: the remainder takes the dividend's bit (2^K: one 1)
wire [23:0] r0_sh = {r0_reg[22:0], pos_reg == k0_reg};
wire [23:0] r1_sh = {r1_reg[22:0], pos_reg == k1_reg};
wire        ge0 = r0_sh >= {1'b0, d0_reg};
wire        ge1 = r1_sh >= {1'b0, d1_reg};
// M rounded up; 80 M = 64 M + 16 M
wire [24:0] m0 = q0_reg + {24'd0, r0_reg != 0};
wire [24:0] m1 = q1_reg + {24'd0, r1_reg != 0};

assign busy = run_reg || changed;

always @(posedge clk) begin
    if (!run_reg) begin
        if (changed) begin
            raw_reg <= in_raw;
            d0_reg <= thresh_c;
            d1_reg <= div_c;
            s_bank_reg <= in_bank_cap;
            s_ai_cap_reg <= ai_cap_c;
            s_shift_reg <= in_damp_shift;
            s_sf_reg <= sf_c;
            r0_reg <= 0;
            r1_reg <= 0;
            q0_reg <= 0;
            q1_reg <= 0;
            pos_reg <= 6'd47;
            run_reg <= 1'b1;
        end
    end else if (pos_reg == 6'd47) begin
        // K from the registered divisors: the priority encoder stays out
        // of the division step's path
        k0_reg <= k_of(d0_reg);
        k1_reg <= k_of(d1_reg);
        pos_reg <= 6'd46;
    end else if (pos_reg != 6'h3f) begin
        r0_reg <= ge0 ? r0_sh - {1'b0, d0_reg} : r0_sh;
        r1_reg <= ge1 ? r1_sh - {1'b0, d1_reg} : r1_sh;
        q0_reg <= {q0_reg[23:0], ge0};
        q1_reg <= {q1_reg[23:0], ge1};
        pos_reg <= pos_reg - 6'd1;
    end else begin
        // commit the whole set at once
        thresh <= d0_reg;
        thr_m80 <= {m0, 6'd0} + {2'd0, m0, 4'd0};
        thr_k <= k0_reg;
        div_m80 <= {m1, 6'd0} + {2'd0, m1, 4'd0};
        div_k <= k1_reg;
        bank_cap <= s_bank_reg;
        ai_cap <= s_ai_cap_reg;
        damp_shift <= s_shift_reg;
        sf_n1 <= s_sf_reg - 8'd1;
        valid <= 1'b1;
        run_reg <= 1'b0;
    end

    if (rst) begin
        run_reg <= 1'b0;
        valid <= 1'b0;
    end
end

endmodule

`resetall
