// SPDX-License-Identifier: MIT
/*
 * MTT translation: turns the NIC address of a DMA command into the IO address
 * the host sees, through the memory translation table (one entry per page of
 * every registered region, written by the driver through MR.MTT_*).
 *
 * A NIC address with bit 63 (T) clear is already an IO address and passes
 * unchanged. With T set:
 *   4 KiB pages (bit 62, H, clear): bits [12 +: MTT_LOG2] index the table,
 *     bits 11:0 are the byte in the page;
 *   2 MiB pages (H set): bits [21 +: MTT_LOG2] index it, bits 20:0 are the
 *     byte; the entry's IO page is 2 MiB aligned.
 * An entry is the page's IO address bits 47:12. The command must lie in one
 * page (its producer cuts it: hpnic_page_split); the table is never missed,
 * as it lives on chip whole.
 *
 * The table is 2^MTT_LOG2 entries, two to a 72-bit word, so that it maps
 * onto UltraRAM without waste: 2^18 entries (1 GiB of 4 KiB pages, 512 GiB
 * of 2 MiB pages) take 32 URAM288. One instance per command stream; each
 * holds its own copy, written by the same port.
 *
 *   command --> read the entry --> URAM output register --> compose --> out
 *
 * The pipeline moves as one (the enable is the output's ready), so nothing is
 * lost under back-pressure; it adds three cycles to a command.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_mtt_xlate #(
    // log2 of the table's entries
    parameter MTT_LOG2 = 18
) (
    input  wire                clk,
    input  wire                rst,

    // table writes: one entry (the page's IO address bits 47:12)
    input  wire                cfg_mtt_wr_en,
    input  wire [MTT_LOG2-1:0] cfg_mtt_wr_idx,
    input  wire [35:0]         cfg_mtt_wr_frame,

    // commands in (NIC addresses) ...
    input  wire                s_valid,
    output wire                s_ready,
    input  wire [63:0]         s_addr,
    input  wire [12:0]         s_len,

    // ... and out (IO addresses), in order
    output reg                 m_valid = 1'b0,
    input  wire                m_ready,
    output reg  [63:0]         m_addr = 0,
    output reg  [12:0]         m_len = 0
);

// parameters a caller can get wrong fail at elaboration, not silently
initial begin
    if (MTT_LOG2 < 2 || MTT_LOG2 > 24) begin
        $error("hpnic_mtt_xlate: MTT_LOG2 must be 2..24 (%m)");
        $finish;
    end
end

localparam WL = MTT_LOG2 - 1;           // word address bits

(* ram_style = "ultra", no_rw_check *)
reg [71:0] mem [0:(2**WL)-1];

// the driver writes an entry: one 36-bit half of a word
always @(posedge clk) begin
    if (cfg_mtt_wr_en) begin
        if (cfg_mtt_wr_idx[0]) begin
            mem[cfg_mtt_wr_idx[MTT_LOG2-1:1]][71:36] <= cfg_mtt_wr_frame;
        end else begin
            mem[cfg_mtt_wr_idx[MTT_LOG2-1:1]][35:0] <= cfg_mtt_wr_frame;
        end
    end
end

wire en = !m_valid || m_ready;
assign s_ready = en;

wire [MTT_LOG2-1:0] s_idx = s_addr[62] ? s_addr[21 +: MTT_LOG2] : s_addr[12 +: MTT_LOG2];

reg         v1 = 1'b0, v2 = 1'b0;
reg  [63:0] addr1 = 0, addr2 = 0;
reg  [12:0] len1 = 0, len2 = 0;
reg         odd1 = 1'b0, odd2 = 1'b0;
reg  [71:0] word1 = 0, word2 = 0;

always @(posedge clk) begin
    if (en) begin
        word1 <= mem[s_idx[MTT_LOG2-1:1]];
        word2 <= word1;

        v1 <= s_valid;
        addr1 <= s_addr;
        len1 <= s_len;
        odd1 <= s_idx[0];
        v2 <= v1;
        addr2 <= addr1;
        len2 <= len1;
        odd2 <= odd1;

        m_valid <= v2;
        m_len <= len2;
        if (!addr2[63]) begin
            m_addr <= addr2;
        end else if (addr2[62]) begin
            m_addr <= {16'd0, odd2 ? word2[71:45] : word2[35:9], addr2[20:0]};
        end else begin
            m_addr <= {16'd0, odd2 ? word2[71:36] : word2[35:0], addr2[11:0]};
        end
    end

    if (rst) begin
        v1 <= 1'b0;
        v2 <= 1'b0;
        m_valid <= 1'b0;
    end
end

endmodule

`resetall
