// SPDX-License-Identifier: MIT
/*
 * tb_vaisf_param: rtl/cc/hpcc_vaisf_param.v's M and K against true floor
 * division, floor(80 q / D) == (q * 80 M) >> K for every 16-bit q, for the
 * divisors at the ranges' edges, around powers of two and 40 random ones
 * (both lanes), and its clamps. Icarus: make test-cc-vaisf-param.
 */
`timescale 1ns / 1ps
`default_nettype none

module tb_vaisf_param;

reg clk = 1'b0, rst = 1'b1;
always #1 clk = ~clk;

reg  [22:0] th = 23'd0, dv = 23'd0;
wire [22:0] thresh;
wire [30:0] thr_m80, div_m80;
wire [5:0]  thr_k, div_k;
wire [11:0] bank_cap;
wire [9:0]  ai_cap;
wire [3:0]  damp_shift;
wire [7:0]  sf_n1;
wire        busy, valid;

hpcc_vaisf_param dut (
    .clk(clk), .rst(rst),
    .in_thresh(th), .in_ai_div(dv), .in_bank_cap(12'd4095), .in_ai_cap(10'd0),
    .in_damp_shift(4'd15), .in_sf_acks(8'd0),
    .thresh(thresh), .thr_m80(thr_m80), .thr_k(thr_k), .div_m80(div_m80), .div_k(div_k),
    .bank_cap(bank_cap), .ai_cap(ai_cap), .damp_shift(damp_shift), .sf_n1(sf_n1),
    .busy(busy), .valid(valid)
);

localparam N = 64;
reg  [22:0] d [0:N-1];
integer t, q, bad = 0, seed = 1;
reg  [63:0] p;
reg  [22:0] dt, dd;

initial begin
    d[0] = 23'd1; d[1] = 23'd2; d[2] = 23'd3; d[3] = 23'd80; d[4] = 23'd1000; d[5] = 23'd50000;
    d[6] = 23'd8388607; d[7] = 23'd4194304; d[8] = 23'd4194305; d[9] = 23'd4194303;
    d[10] = 23'd65535; d[11] = 23'd65536; d[12] = 23'd65537; d[13] = 23'd81; d[14] = 23'd79;
    d[15] = 23'd7;
    for (t = 16; t < N; t = t + 1) begin
        d[t] = 23'd1 + ($unsigned($random(seed)) % (t < 40 ? 200000 : 8388607));
    end
    #5 rst = 1'b0;
    for (t = 0; t < N; t = t + 1) begin
        dt = d[t];
        dd = d[N-1-t];
        th = dt;
        dv = dd;
        #6;
        while (busy) #2;
        for (q = 0; q < 65536; q = q + 1) begin
            p = q * thr_m80;
            p = p >> thr_k;
            if (p != (80 * q) / dt) bad = bad + 1;
            p = q * div_m80;
            p = p >> div_k;
            if (p != (80 * q) / dd) bad = bad + 1;
        end
    end
    // 0 is clamped to 1 (hpcc_vaisf_sanitise), the rest pass
    th = 23'd0;
    #6;
    while (busy) #2;
    if (thresh != 23'd1 || ai_cap != 10'd1 || sf_n1 != 8'd0 || bank_cap != 12'd4095 ||
        damp_shift != 4'd15 || !valid) bad = bad + 1;
    if (bad == 0) begin
        $display("tb_vaisf_param: %0d divisors x 65536 q exact in both lanes, clamps right: PASSED", N);
    end else begin
        $display("tb_vaisf_param: %0d mismatches: FAILED", bad);
    end
    $finish;
end

endmodule

`resetall
