// SPDX-License-Identifier: MIT
/*
 * Leading-one normalisation: for x != 0, msb = floor(log2 x) and
 * frac = the FRAC_WIDTH bits just below the leading one (zero filled).
 * x = 0 gives msb = 0, frac = 0, zero = 1.
 *
 * Built in two levels so that it stays shallow (about six LUTs) at 48 bits:
 * 4-bit groups find their own leading one while a prefix over the group
 * flags finds the leading group; the leading group then selects a coarse,
 * nibble-aligned window and its in-group position the fine shift. A
 * for-loop priority encoder would instead map to a chain as long as x.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_normalize #(
    // input width, 2..64
    parameter WIDTH = 24,
    // mantissa bits returned below the leading one
    parameter FRAC_WIDTH = 22
) (
    input  wire [WIDTH-1:0]      x,
    output wire [5:0]            msb,
    output wire [FRAC_WIDTH-1:0] frac,
    output wire                  zero
);

localparam G = (WIDTH + 3) / 4;              // 4-bit groups
localparam XW = 4 * G;
localparam PW = XW + FRAC_WIDTH;             // room for the window below the one

wire [XW-1:0] xp = {{(XW-WIDTH){1'b0}}, x};

// per group: any bit set, and the position of its leading one
reg [G-1:0]   grp_any;
reg [2*G-1:0] grp_pos;
integer g;
always @* begin
    for (g = 0; g < G; g = g + 1) begin
        grp_any[g] = |xp[4*g +: 4];
        grp_pos[2*g +: 2] = xp[4*g+3] ? 2'd3 : xp[4*g+2] ? 2'd2 : xp[4*g+1] ? 2'd1 : 2'd0;
    end
end

// one-hot leading group: set, and nothing set above it
reg [G-1:0] grp_lead;
integer k;
always @* begin
    for (k = 0; k < G; k = k + 1) begin
        grp_lead[k] = grp_any[k] && !(|(grp_any >> (k + 1)));
    end
end

// coarse window: the leading group moved to the top (nibble steps), and the
// fine shift and msb from the leading group's own position
reg [PW-1:0] coarse;
reg [1:0]    fine_pos;
reg [5:0]    msb_r;
integer c;
always @* begin
    coarse = {PW{1'b0}};
    fine_pos = 2'd0;
    msb_r = 6'd0;
    for (c = 0; c < G; c = c + 1) begin
        if (grp_lead[c]) begin
            coarse = coarse | ({xp, {FRAC_WIDTH{1'b0}}} << (4 * (G - 1 - c)));
            fine_pos = fine_pos | grp_pos[2*c +: 2];
            msb_r = msb_r | {c[3:0], grp_pos[2*c +: 2]};
        end
    end
end

// fine shift: the leading one of the top nibble is at bit PW-4+fine_pos
// verilator lint_off UNUSEDSIGNAL
wire [PW-1:0] fine = coarse << (2'd3 - fine_pos);     // only the window is used
// verilator lint_on UNUSEDSIGNAL

assign frac = fine[PW-2 -: FRAC_WIDTH];
assign msb = msb_r;
assign zero = ~|grp_any;

initial begin
    if (WIDTH < 2 || WIDTH > 64) begin
        $error("hpnic_normalize: WIDTH must be 2..64");
        $finish;
    end
end

endmodule

`resetall
