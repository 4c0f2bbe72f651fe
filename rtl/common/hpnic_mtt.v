// SPDX-License-Identifier: MIT
/*
 * MTT: the memory translation table and its two translation channels. Each
 * channel turns the NIC address of a DMA command into the IO address the
 * host sees; channel A serves the TX gather's reads, channel B RX commit's
 * writes. One table, one UltraRAM array: port A reads for channel A and
 * takes the driver's writes, port B reads for channel B.
 *
 * A NIC address with bit 63 (T) clear is already an IO address and passes
 * unchanged. With T set:
 *   4 KiB pages (bit 62, H, clear): bits [12 +: MTT_LOG2] index the table,
 *     bits 11:0 are the byte in the page;
 *   2 MiB pages (H set): bits [21 +: MTT_LOG2] index it, bits 20:0 are the
 *     byte; the entry's IO page is 2 MiB aligned.
 * An entry is the page's IO address bits 47:12. A command must lie in one
 * page (its producer cuts it: hpnic_page_split). The table lives on chip
 * whole, so a lookup never misses.
 *
 * 2^MTT_LOG2 entries, two to a 72-bit word, so that the table maps onto
 * UltraRAM without waste: 2^18 entries (1 GiB of 4 KiB pages, 512 GiB of
 * 2 MiB pages) take 32 URAM288.
 *
 *   command --> read the entry --> URAM output register --> compose --> out
 *
 * Each channel's pipeline moves as one (its enable is its output's ready),
 * so nothing is lost under back-pressure; it adds three cycles to a
 * command. A table write takes port A for a cycle, in which channel A takes
 * no command.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_mtt #(
    // log2 of the table's entries
    parameter MTT_LOG2 = 18
) (
    input  wire                clk,
    input  wire                rst,

    // table writes: one entry (the page's IO address bits 47:12)
    input  wire                cfg_mtt_wr_en,
    input  wire [MTT_LOG2-1:0] cfg_mtt_wr_idx,
    input  wire [35:0]         cfg_mtt_wr_frame,

    // channel A: commands in (NIC addresses) and out (IO addresses), in order
    input  wire                s_a_valid,
    output wire                s_a_ready,
    input  wire [63:0]         s_a_addr,
    input  wire [12:0]         s_a_len,
    output wire                m_a_valid,
    input  wire                m_a_ready,
    output wire [63:0]         m_a_addr,
    output wire [12:0]         m_a_len,

    // channel B
    input  wire                s_b_valid,
    output wire                s_b_ready,
    input  wire [63:0]         s_b_addr,
    input  wire [12:0]         s_b_len,
    output wire                m_b_valid,
    input  wire                m_b_ready,
    output wire [63:0]         m_b_addr,
    output wire [12:0]         m_b_len
);

// parameters a caller can get wrong fail at elaboration, not silently
initial begin
    if (MTT_LOG2 < 2 || MTT_LOG2 > 24) begin
        $error("hpnic_mtt: MTT_LOG2 must be 2..24 (%m)");
        $finish;
    end
end

localparam WL = MTT_LOG2 - 1;           // word address bits

(* ram_style = "ultra", no_rw_check *)
reg [71:0] mem [0:(2**WL)-1];

// a write waits a cycle in a register, then takes port A
reg                wr_reg = 1'b0;
reg [MTT_LOG2-1:0] wr_idx_reg = 0;
reg [35:0]         wr_frame_reg = 0;

always @(posedge clk) begin
    wr_reg <= cfg_mtt_wr_en;
    wr_idx_reg <= cfg_mtt_wr_idx;
    wr_frame_reg <= cfg_mtt_wr_frame;
    if (rst) begin
        wr_reg <= 1'b0;
    end
end

// verilator lint_off UNUSEDSIGNAL
function [MTT_LOG2-1:0] entry_of;
    input [63:0] addr;
    begin
        entry_of = addr[62] ? addr[21 +: MTT_LOG2] : addr[12 +: MTT_LOG2];
    end
endfunction
// verilator lint_on UNUSEDSIGNAL

wire en_a, en_b;
wire [MTT_LOG2-1:0] idx_a = entry_of(s_a_addr), idx_b = entry_of(s_b_addr);
wire [WL-1:0] port_a_addr = wr_reg ? wr_idx_reg[MTT_LOG2-1:1] : idx_a[MTT_LOG2-1:1];
reg  [71:0] word_a = 0, word_b = 0;

// port A: the write, else channel A's read; port B: channel B's read
always @(posedge clk) begin
    if (wr_reg) begin
        if (wr_idx_reg[0]) begin
            mem[port_a_addr][71:36] <= wr_frame_reg;
        end else begin
            mem[port_a_addr][35:0] <= wr_frame_reg;
        end
    end else if (en_a) begin
        word_a <= mem[port_a_addr];
    end
end

always @(posedge clk) begin
    if (en_b) begin
        word_b <= mem[idx_b[MTT_LOG2-1:1]];
    end
end

hpnic_mtt_chan
chan_a_inst (
    .clk(clk), .rst(rst),
    .en(en_a), .hold(wr_reg), .word(word_a),
    .s_valid(s_a_valid), .s_ready(s_a_ready), .s_addr(s_a_addr), .s_len(s_a_len),
    .s_odd(idx_a[0]),
    .m_valid(m_a_valid), .m_ready(m_a_ready), .m_addr(m_a_addr), .m_len(m_a_len)
);

hpnic_mtt_chan
chan_b_inst (
    .clk(clk), .rst(rst),
    .en(en_b), .hold(1'b0), .word(word_b),
    .s_valid(s_b_valid), .s_ready(s_b_ready), .s_addr(s_b_addr), .s_len(s_b_len),
    .s_odd(idx_b[0]),
    .m_valid(m_b_valid), .m_ready(m_b_ready), .m_addr(m_b_addr), .m_len(m_b_len)
);

endmodule

`resetall
