// SPDX-License-Identifier: MIT
/*
 * Pipelined reciprocal, 1/x ~= m / 2^sh, m in [2^16, 2^17), for x >= 1
 * (x = 0 is taken as 1). The HPCC paper, §4.3: division becomes a multiply by a
 * reciprocal from a ROM. Here the ROM holds 1024 values plus their slopes and
 * the result is linearly interpolated, which keeps the relative error below
 * 2^-16.9 (fw/gen_recip_rom --check) with a 4.4 KB image.
 *
 * Latency 3: normalise (leading-one detect and shift), ROM read, interpolate.
 * sh is also available after the first stage (sh_early) for consumers that
 * precompute shifts. Bit-exact with hpcc_recip() in model/cc.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpcc_recip #(
    // input width, at most 48
    parameter X_WIDTH = 24,
    // ROM image
    parameter ROM_FILE = "fw/recip_rom.hex"
) (
    input  wire               clk,

    input  wire [X_WIDTH-1:0] x,

    output wire [6:0]         sh_early,   // 17 + msb(x), one cycle after x
    output wire [16:0]        m,          // three cycles after x
    output wire [6:0]         sh          // three cycles after x
);

localparam FBITS = 22;

// stage A: leading one and the 22 mantissa bits below it (x = 0 acts as 1,
// whose mantissa bits are all zero too)
wire [5:0]       msb;
wire [FBITS-1:0] mant;
// verilator lint_off UNUSEDSIGNAL
wire             x_zero;
// verilator lint_on UNUSEDSIGNAL

hpnic_normalize #(
    .WIDTH(X_WIDTH),
    .FRAC_WIDTH(FBITS)
)
norm_inst (
    .x(x),
    .msb(msb),
    .frac(mant),
    .zero(x_zero)
);

reg [11:0] a_frac_reg = 0;
reg [6:0]  a_sh_reg = 0;
wire [9:0] a_idx = mant[FBITS-1 -: 10];

always @(posedge clk) begin
    a_frac_reg <= mant[11:0];
    a_sh_reg <= 7'd17 + {1'b0, msb};
end

assign sh_early = a_sh_reg;

// stage B: ROM (address registered inside the ROM's read)
wire [34:0] rom_word;
reg  [9:0]  a_idx_reg = 0;
reg  [11:0] b_frac_reg = 0;
reg  [6:0]  b_sh_reg = 0;

always @(posedge clk) begin
    a_idx_reg <= a_idx;
end

hpcc_recip_rom #(
    .ROM_FILE(ROM_FILE)
)
rom_inst (
    .clk(clk),
    .addr(a_idx_reg),
    .data(rom_word)
);

always @(posedge clk) begin
    b_frac_reg <= a_frac_reg;
    b_sh_reg <= a_sh_reg;
end

// stage C: r = r_i - round(delta * frac / 4096), then Q1.22 -> Q0.17
wire [22:0] rom_r = rom_word[34:12];
wire [11:0] rom_delta = rom_word[11:0];
// verilator lint_off UNUSEDSIGNAL
wire [23:0] step_prod = {12'd0, rom_delta} * {12'd0, b_frac_reg};
wire [24:0] step = {1'b0, step_prod} + 25'd2048;     // >> 12 below
wire [22:0] r_interp = rom_r - {10'd0, step[24:12]}; // bits [3:0] round away
// verilator lint_on UNUSEDSIGNAL
wire [17:0] m_round = r_interp[22:5] + {17'd0, r_interp[4]};

reg [16:0] c_m_reg = 0;
reg [6:0]  c_sh_reg = 0;

always @(posedge clk) begin
    c_m_reg <= m_round[17] ? 17'h1ffff : m_round[16:0];
    c_sh_reg <= b_sh_reg;
end

assign m = c_m_reg;
assign sh = c_sh_reg;

initial begin
    if (X_WIDTH < 2 || X_WIDTH > 48) begin
        $error("hpcc_recip: X_WIDTH must be 2..48");
        $finish;
    end
end

endmodule

`resetall
