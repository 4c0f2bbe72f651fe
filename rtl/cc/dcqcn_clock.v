// SPDX-License-Identifier: MIT
/*
 * The DCQCN reaction point's two clocks (docs/cc-dcqcn.md, "Events into the
 * engine"): now, a 20-bit count of microseconds, and P, a 16-bit count of
 * alpha periods (dce_tcp_rtt microseconds each). Both wrap; the engine only
 * ever takes differences of them, modulo their widths.
 *
 * The engine stamps every event it accepts with these values (unless its
 * parameter ext_time says the events carry their own, as a replayed trace
 * does). cycles_per_us is the core clock in MHz (250 at 250 MHz); 0 and 1
 * both step now every cycle. period_us 0 is taken as 1.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module dcqcn_clock (
    input  wire        clk,
    input  wire        rst,

    input  wire [9:0]  cycles_per_us,
    input  wire [16:0] period_us,

    output reg  [19:0] now_us = 0,
    output reg  [15:0] period = 0
);

reg  [9:0]  cycle_reg = 0;      // cycles into the current microsecond
reg  [16:0] us_reg = 0;         // microseconds into the current alpha period

// a microsecond ends when cycle_reg reaches cycles_per_us - 1 (or at once
// for 0 and 1); an alpha period ends with the microsecond that brings
// us_reg to period_us - 1 (or every microsecond for 0 and 1)
wire us_end = cycle_reg + 10'd1 >= cycles_per_us;
wire period_end = us_reg + 17'd1 >= period_us;

always @(posedge clk) begin
    cycle_reg <= us_end ? 10'd0 : cycle_reg + 10'd1;
    if (us_end) begin
        now_us <= now_us + 20'd1;
        us_reg <= period_end ? 17'd0 : us_reg + 17'd1;
        if (period_end) begin
            period <= period + 16'd1;
        end
    end

    if (rst) begin
        cycle_reg <= 0;
        us_reg <= 0;
        now_us <= 0;
        period <= 0;
    end
end

endmodule

`resetall
