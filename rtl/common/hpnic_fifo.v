// SPDX-License-Identifier: MIT
/*
 * Synchronous first-word-fall-through FIFO.
 *
 * m_valid/m_data show the head word whenever the FIFO is not empty. count is
 * the number of stored words, for callers that grant credit ahead of time;
 * with COUNT_REG = 1 it is a register of its own (a counter, where the
 * default subtracts the pointers: for callers whose compare on it is
 * already deep).
 *
 * RAM_STYLE "distributed" (default) keeps the words in LUT RAM, read
 * combinationally: a word written in one cycle is at the head the next.
 * RAM_STYLE "block" keeps them in block RAM, whose read is registered: the
 * head word sits in the RAM's output register, so a word reaches the head one
 * cycle later (two after its write) and the FIFO holds 2**DEPTH_LOG2 + 1
 * words. Throughput is one word per cycle either way. Wide or deep FIFOs use
 * "block": as LUT RAM the 64 x 916 TX header queue took 131 RAM64M8 (1,048
 * LUTs) (docs/performance.md, docs/common.md).
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_fifo #(
    // log2 of the number of entries
    parameter DEPTH_LOG2 = 5,
    // word width
    parameter WIDTH = 32,
    // "distributed" or "block" (see above)
    parameter RAM_STYLE = "distributed",
    // 1: count from a counter register, 0: from the pointers
    parameter COUNT_REG = 0
) (
    input  wire                 clk,
    input  wire                 rst,

    // write side
    input  wire                 s_valid,
    output wire                 s_ready,
    input  wire [WIDTH-1:0]     s_data,

    // read side
    output wire                 m_valid,
    input  wire                 m_ready,
    output wire [WIDTH-1:0]     m_data,

    output wire [DEPTH_LOG2:0]  count
);

// parameters a caller can get wrong fail at elaboration, not silently (the
// string compares are of unequal widths on purpose)
// verilator lint_off WIDTH
initial begin
    if (DEPTH_LOG2 < 1 || DEPTH_LOG2 > 16) begin
        $error("hpnic_fifo: DEPTH_LOG2 must be 1..16 (%m)");
        $finish;
    end
    if (WIDTH < 1) begin
        $error("hpnic_fifo: WIDTH must be at least 1 (%m)");
        $finish;
    end
    if (RAM_STYLE != "distributed" && RAM_STYLE != "block") begin
        $error("hpnic_fifo: RAM_STYLE must be distributed or block (%m)");
        $finish;
    end
end
// verilator lint_on WIDTH

// pointers into the RAM; in "block" mode the RAM excludes the output word.
// The full and empty flags are registers of their own, kept equal to what
// the pointers imply: callers gate on s_ready/m_valid, and a pointer compare
// in front of every such gate put two LUT levels on paths across the core.
reg [DEPTH_LOG2:0] wr_ptr_reg = 0;
reg [DEPTH_LOG2:0] rd_ptr_reg = 0;
reg                full_reg = 1'b0;
reg                empty_reg = 1'b1;

wire [DEPTH_LOG2:0] wr_ptr_next = wr_ptr_reg + 1'b1;
wire [DEPTH_LOG2:0] rd_ptr_next = rd_ptr_reg + 1'b1;
wire full = full_reg;
wire empty = empty_reg;
wire wr_go = s_valid && !full;
wire rd_go;
wire [DEPTH_LOG2:0] ptr_count;             // words stored, from the pointers
// verilator lint_off UNUSEDSIGNAL
wire out_take;                             // a word leaves at the output (COUNT_REG)
// verilator lint_on UNUSEDSIGNAL

assign s_ready = !full;

always @(posedge clk) begin
    if (wr_go) begin
        wr_ptr_reg <= wr_ptr_next;
    end
    if (rd_go) begin
        rd_ptr_reg <= rd_ptr_next;
    end
    // only a write fills the RAM, only a read empties it
    if (wr_go && !rd_go) begin
        empty_reg <= 1'b0;
        full_reg <= wr_ptr_next == {~rd_ptr_reg[DEPTH_LOG2], rd_ptr_reg[DEPTH_LOG2-1:0]};
    end else if (rd_go && !wr_go) begin
        full_reg <= 1'b0;
        empty_reg <= rd_ptr_next == wr_ptr_reg;
    end

    if (rst) begin
        wr_ptr_reg <= 0;
        rd_ptr_reg <= 0;
        full_reg <= 1'b0;
        empty_reg <= 1'b1;
    end
end

generate
if (RAM_STYLE == "block") begin : g_block
    // the RAM's output register is the head; refill it whenever it is empty
    // or being taken. A read never meets the write's address: it needs the
    // RAM not empty, and a write to the read slot needs it full.
    reg out_valid_reg = 1'b0;

    assign rd_go = (!out_valid_reg || m_ready) && !empty;
    assign m_valid = out_valid_reg;
    assign ptr_count = (wr_ptr_reg - rd_ptr_reg) + {{DEPTH_LOG2{1'b0}}, out_valid_reg};
    assign out_take = out_valid_reg && m_ready;

    hpnic_ram_sdp #(
        .ADDR_WIDTH(DEPTH_LOG2),
        .DATA_WIDTH(WIDTH),
        .RAM_STYLE("block")
    )
    ram_inst (
        .clk(clk),
        .wr_en(wr_go),
        .wr_addr(wr_ptr_reg[DEPTH_LOG2-1:0]),
        .wr_data(s_data),
        .rd_en(rd_go),
        .rd_addr(rd_ptr_reg[DEPTH_LOG2-1:0]),
        .rd_data(m_data)
    );

    always @(posedge clk) begin
        if (!out_valid_reg || m_ready) begin
            out_valid_reg <= !empty;
        end
        if (rst) begin
            out_valid_reg <= 1'b0;
        end
    end
end else begin : g_dist
    (* ram_style = "distributed" *)
    reg [WIDTH-1:0] mem [0:(2**DEPTH_LOG2)-1];

    assign rd_go = m_ready && !empty;
    assign m_valid = !empty;
    assign m_data = mem[rd_ptr_reg[DEPTH_LOG2-1:0]];
    assign ptr_count = wr_ptr_reg - rd_ptr_reg;
    assign out_take = rd_go;

    always @(posedge clk) begin
        if (wr_go) begin
            mem[wr_ptr_reg[DEPTH_LOG2-1:0]] <= s_data;
        end
    end
end
endgenerate

generate
if (COUNT_REG != 0) begin : g_count_reg
    // words in the FIFO, the output register included: +1 per write, -1 per
    // word taken at the output
    reg [DEPTH_LOG2:0] count_reg = 0;

    assign count = count_reg;

    always @(posedge clk) begin
        count_reg <= count_reg + {{DEPTH_LOG2{wr_go ? 1'b0 : out_take}}, wr_go ^ out_take};
        if (rst) begin
            count_reg <= 0;
        end
    end

    // verilator lint_off UNUSEDSIGNAL
    wire [DEPTH_LOG2:0] unused_ptr_count = ptr_count;
    // verilator lint_on UNUSEDSIGNAL
end else begin : g_count_ptr
    assign count = ptr_count;
end
endgenerate

endmodule

`resetall
