// SPDX-License-Identifier: MIT
/*
 * Round-robin arbiter: picks the first requesting port after the one granted
 * last. Combinational pick; `take` (the pick was accepted this cycle) moves
 * the priority on.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_rr_arb #(
    // requesting ports
    parameter PORTS = 2,
    // index width
    parameter PW = (PORTS > 1) ? $clog2(PORTS) : 1
) (
    input  wire             clk,
    input  wire             rst,

    input  wire [PORTS-1:0] req,
    input  wire             take,
    output reg  [PW-1:0]    pick,
    output reg              pick_valid
);

// parameters a caller can get wrong fail at elaboration, not silently
initial begin
    if (PORTS < 1) begin
        $error("hpnic_rr_arb: PORTS must be at least 1 (%m)");
        $finish;
    end
    if (PORTS > 1 && 2**PW < PORTS) begin
        $error("hpnic_rr_arb: PW must be at least clog2(PORTS) (%m)");
        $finish;
    end
end

reg [PW-1:0] last_reg = 0;
integer i;
// verilator lint_off UNUSEDSIGNAL
reg [PW:0] p;
// verilator lint_on UNUSEDSIGNAL

always @* begin
    pick = last_reg;
    pick_valid = 1'b0;
    // the last match in this loop is the first port after last_reg; the
    // wrap is a compare and a subtract (a % would build a divider when
    // PORTS is not a power of two)
    for (i = PORTS; i >= 1; i = i - 1) begin
        p = {1'b0, last_reg} + i[PW:0];
        if (p >= PORTS[PW:0]) begin
            p = p - PORTS[PW:0];
        end
        if (req[p[PW-1:0]]) begin
            pick = p[PW-1:0];
            pick_valid = 1'b1;
        end
    end
end

always @(posedge clk) begin
    if (take && pick_valid) begin
        last_reg <= pick;
    end
    if (rst) begin
        last_reg <= 0;
    end
end

endmodule

`resetall
