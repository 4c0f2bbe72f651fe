// SPDX-License-Identifier: MIT
/*
 * The board top's synchronizers (Icarus, make check-au250):
 * - hpnic_sync_reset asserts its output at once when rst_in rises (no clock
 *   needed), holds it while rst_in is high, and releases it on the N-th
 *   rising clock edge after rst_in falls, not earlier;
 * - hpnic_sync_bit shows each input value on its output exactly N edges
 *   later, every bit of a 3-bit bus.
 * Prints PASSED or the first failure.
 */

`timescale 1ns / 1ps
`default_nettype none

module tb_sync;

reg clk = 1'b0;
reg rst_in = 1'b0;
wire rst_out;
reg [2:0] d = 3'd0;
wire [2:0] q;
integer errors = 0;
integer i;

hpnic_sync_reset #(.N(4)) rs (.clk(clk), .rst_in(rst_in), .rst_out(rst_out));
hpnic_sync_bit #(.WIDTH(3), .N(3)) sb (.clk(clk), .in(d), .out(q));

task edge_clk;
    begin
        #5 clk = 1'b1;
        #5 clk = 1'b0;
    end
endtask

task check(input cond, input [8*64-1:0] what);
    begin
        if (!cond) begin
            $display("FAIL tb_sync: %0s (t=%0t)", what, $time);
            errors = errors + 1;
        end
    end
endtask

// the bit synchronizer's history: what went in N edges ago
reg [2:0] hist [0:2];

initial begin
    // starts in reset (INIT values), releases after 4 edges
    for (i = 0; i < 3; i = i + 1) begin
        edge_clk;
        check(rst_out == 1'b1, "released before the 4th edge after power-up");
    end
    edge_clk;
    check(rst_out == 1'b0, "not released on the 4th edge after power-up");
    // asynchronous assertion: no clock edge
    #2 rst_in = 1'b1;
    #1 check(rst_out == 1'b1, "did not assert without a clock");
    edge_clk; edge_clk;
    check(rst_out == 1'b1, "released while rst_in is high");
    #1 rst_in = 1'b0;
    for (i = 0; i < 3; i = i + 1) begin
        edge_clk;
        check(rst_out == 1'b1, "released before the 4th edge");
    end
    edge_clk;
    check(rst_out == 1'b0, "not released on the 4th edge");

    // bit synchronizer: random values, compared 3 edges later
    for (i = 0; i < 3; i = i + 1) begin
        hist[i] = 3'd0;
    end
    for (i = 0; i < 200; i = i + 1) begin
        d = $random;
        edge_clk;
        hist[2] = hist[1];
        hist[1] = hist[0];
        hist[0] = d;
        if (i >= 3) begin
            check(q == hist[2], "bit synchronizer output is not the input 3 edges ago");
        end
    end

    if (errors == 0) begin
        $display("tb_sync: PASSED");
    end
    $finish;
end

endmodule
