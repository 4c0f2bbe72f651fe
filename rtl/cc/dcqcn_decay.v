// SPDX-License-Identifier: MIT
/*
 * D(m) = (1 - g)^m in Q1.17 from the four 16-entry tables the library
 * derives (dcqcn_tables(): tab[j][k] = (1 - g)^(k * 16^j), Q1.17):
 *
 *   D(m) = round(round(T0[m[3:0]] * T1[m[7:4]] / 2^17) *
 *                round(T2[m[11:8]] * T3[m[15:12]] / 2^17) / 2^17)
 *
 * rounding half up, exactly as dcqcn_decay() in model/cc/dcqcn_fixed.c.
 * Three stages: table lookups, the two 18 x 18 products, the last product.
 * No state: m goes in every cycle, D comes out three cycles later.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module dcqcn_decay (
    input  wire             clk,

    // entry k of table j at [18*(16*j + k) +: 18], each at most 2^17
    input  wire [64*18-1:0] tab,

    input  wire [15:0]      m,
    output reg  [17:0]      d = 0
);

/*
 * Stage 1: the four lookups
 */
// each table as 16 words, so that a lookup is a 16:1 mux of its own
// (an index into all of tab would make a shifter of 1152 bits)
wire [17:0] tab0 [0:15];
wire [17:0] tab1 [0:15];
wire [17:0] tab2 [0:15];
wire [17:0] tab3 [0:15];

genvar gk;
generate
for (gk = 0; gk < 16; gk = gk + 1) begin : g_tab
    assign tab0[gk] = tab[18*(16*0 + gk) +: 18];
    assign tab1[gk] = tab[18*(16*1 + gk) +: 18];
    assign tab2[gk] = tab[18*(16*2 + gk) +: 18];
    assign tab3[gk] = tab[18*(16*3 + gk) +: 18];
end
endgenerate

reg [17:0] t0 = 0, t1 = 0, t2 = 0, t3 = 0;

always @(posedge clk) begin
    t0 <= tab0[m[3:0]];
    t1 <= tab1[m[7:4]];
    t2 <= tab2[m[11:8]];
    t3 <= tab3[m[15:12]];
end

/*
 * Stage 2: round(T0 T1 / 2^17), round(T2 T3 / 2^17); each at most 2^17
 */
// verilator lint_off UNUSEDSIGNAL
wire [35:0] p01_full = t0 * t1;
wire [35:0] p23_full = t2 * t3;
wire [19:0] p01_r = p01_full[35:16] + 20'd1;      // (x >> 16) + 1, then >> 1
wire [19:0] p23_r = p23_full[35:16] + 20'd1;
// verilator lint_on UNUSEDSIGNAL

reg [17:0] p01 = 0, p23 = 0;

always @(posedge clk) begin
    p01 <= p01_r[18:1];
    p23 <= p23_r[18:1];
end

/*
 * Stage 3: round(p01 p23 / 2^17)
 */
// verilator lint_off UNUSEDSIGNAL
wire [35:0] d_full = p01 * p23;
wire [19:0] d_r = d_full[35:16] + 20'd1;
// verilator lint_on UNUSEDSIGNAL

always @(posedge clk) begin
    d <= d_r[18:1];
end

endmodule

`resetall
