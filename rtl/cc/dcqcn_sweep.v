// SPDX-License-Identifier: MIT
/*
 * The DCQCN sweeper (docs/cc-dcqcn.md, "Why a sweeper"): offers the engine
 * a TICK for every QP in DCQCN mode once per pass, so that a QP whose rate
 * was cut gets its timer increases even when no ACK or CNP arrives for it.
 *
 * A pass starts at most once every pass_us microseconds (0: never) and walks
 * a bitmap of the QPs in mode 1, one word of 64 QPs at a time: the word is
 * read from LUT RAM, then its set bits are offered lowest first, one TICK
 * per cycle the engine takes. The engine takes a TICK in a cycle with no
 * other event; a TICK that has waited 2^SHARE_LOG2 - 1 cycles raises
 * tick_force, and the engine then holds its input off for a cycle to take
 * it, so TICKs get at least one cycle in 2^SHARE_LOG2 under full load.
 *
 * The bitmap is kept by the INITs the engine accepts (map_we: the QP's bit
 * becomes map_dcqcn) and cleared by the engine's reset sweep of INITs. A
 * word being offered is patched by those writes too, so a QP that leaves
 * mode 1 mid-pass gets no more TICKs. A TICK still in the pipeline when its
 * QP leaves is harmless: the engine drops a TICK's Update unless the QP is
 * in mode 1 and its rate moved.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module dcqcn_sweep #(
    // QPN bits (at least 6: the bitmap is words of 64 QPs)
    parameter QPN_WIDTH = 12,
    // a waiting TICK is forced in after 2^SHARE_LOG2 - 1 cycles
    parameter SHARE_LOG2 = 4
) (
    input  wire                 clk,
    input  wire                 rst,

    // bitmap writes: QP map_qpn is (map_dcqcn) or is not in mode 1
    input  wire                 map_we,
    input  wire [QPN_WIDTH-1:0] map_qpn,
    input  wire                 map_dcqcn,

    input  wire [19:0]          now_us,
    input  wire [16:0]          pass_us,

    output wire                 tick_valid,
    output wire [QPN_WIDTH-1:0] tick_qpn,
    output reg                  tick_force = 1'b0,
    input  wire                 tick_taken,

    output reg  [31:0]          passes = 0      // passes completed
);

localparam WB = 6;                      // log2 of the word width
localparam AW = QPN_WIDTH - WB;         // word address bits

reg  [63:0] map_mem [0:2**AW-1];

integer i;
initial begin
    for (i = 0; i < 2**AW; i = i + 1) begin
        map_mem[i] = 64'd0;
    end
end

wire [AW-1:0] map_word = map_qpn[QPN_WIDTH-1:WB];
wire [WB-1:0] map_bit = map_qpn[WB-1:0];

always @(posedge clk) begin
    if (map_we) begin
        map_mem[map_word][map_bit] <= map_dcqcn;
    end
end

reg          active_reg = 1'b0;         // a pass is under way
reg          loaded_reg = 1'b0;         // cur_reg holds word word_reg
reg [AW-1:0] word_reg = 0;
reg [63:0]   cur_reg = 0;               // the word's QPs not yet offered
reg [19:0]   start_reg = 0;             // when the last pass started
reg [SHARE_LOG2-1:0] wait_reg = 0;

wire [63:0] map_rd = map_mem[word_reg];
wire        patch = map_we && map_word == word_reg;

// the lowest set bit of cur_reg, one-hot, and its index
wire [63:0] low_onehot = cur_reg & (~cur_reg + 64'd1);
reg  [WB-1:0] low_idx;
integer b;
always @* begin
    low_idx = 0;
    for (b = 0; b < 64; b = b + 1) begin
        low_idx = low_idx | ({WB{low_onehot[b]}} & b[WB-1:0]);
    end
end

assign tick_valid = active_reg && loaded_reg && cur_reg != 64'd0;
assign tick_qpn = {word_reg, low_idx};

// verilator lint_off UNUSEDSIGNAL
wire [19:0] since_start = now_us - start_reg;
// verilator lint_on UNUSEDSIGNAL
wire        pass_due = pass_us != 17'd0 && {1'b0, since_start} >= {4'd0, pass_us};

reg [63:0] cur_next;
always @* begin
    cur_next = loaded_reg ? cur_reg : map_rd;
    if (loaded_reg && tick_valid && tick_taken) begin
        cur_next = cur_reg & ~low_onehot;
    end
    if (patch) begin
        cur_next[map_bit] = map_dcqcn;
    end
end

always @(posedge clk) begin
    if (!active_reg) begin
        loaded_reg <= 1'b0;
        if (pass_due) begin
            active_reg <= 1'b1;
            start_reg <= now_us;
            word_reg <= 0;
        end
    end else if (!loaded_reg) begin
        cur_reg <= cur_next;
        loaded_reg <= 1'b1;
    end else if (cur_next == 64'd0) begin
        // the word is done: on to the next, or the pass is
        loaded_reg <= 1'b0;
        word_reg <= word_reg + 1'b1;
        if (&word_reg) begin
            active_reg <= 1'b0;
            passes <= passes + 1'b1;
        end
    end else begin
        cur_reg <= cur_next;
    end

    // the guaranteed share: count the cycles an offered TICK waits
    if (!tick_valid || tick_taken) begin
        wait_reg <= 0;
        tick_force <= 1'b0;
    end else begin
        if (!(&wait_reg)) begin
            wait_reg <= wait_reg + 1'b1;
        end
        tick_force <= wait_reg >= {{(SHARE_LOG2-1){1'b1}}, 1'b0};
    end

    if (pass_us == 17'd0) begin
        active_reg <= 1'b0;
    end

    if (rst) begin
        active_reg <= 1'b0;
        loaded_reg <= 1'b0;
        word_reg <= 0;
        start_reg <= 0;
        wait_reg <= 0;
        tick_force <= 1'b0;
        passes <= 0;
    end
end

initial begin
    if (QPN_WIDTH < 6) begin
        $error("dcqcn_sweep: QPN_WIDTH must be at least 6");
        $finish;
    end
end

endmodule

`resetall
