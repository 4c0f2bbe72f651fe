// SPDX-License-Identifier: MIT
/*
 * One translation channel of hpnic_mtt: the command beside its table word,
 * through the URAM output register, and the IO address composed from the
 * entry as it leaves (two cycles) (docs/host.md, "Memory translation")
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_mtt_chan (
    input  wire        clk,
    input  wire        rst,

    output wire        en,              // the pipeline moves (and reads)
    input  wire        hold,            // no command this cycle (a write has the port)
    input  wire [71:0] word,            // the table word read at the last move

    input  wire        s_valid,
    output wire        s_ready,
    input  wire [63:0] s_addr,
    input  wire [12:0] s_len,
    input  wire        s_odd,           // the entry is the word's upper half

    output wire        m_valid,
    input  wire        m_ready,
    output reg  [63:0] m_addr,
    output wire [12:0] m_len
);

assign en = !m_valid || m_ready;
assign s_ready = en && !hold;

reg         v1 = 1'b0, v2 = 1'b0;
reg  [63:0] addr1 = 0, addr2 = 0;
reg  [12:0] len1 = 0, len2 = 0;
reg         odd1 = 1'b0, odd2 = 1'b0;
reg  [71:0] word2 = 0;

always @(posedge clk) begin
    if (en) begin
        v1 <= s_valid && !hold;
        addr1 <= s_addr;
        len1 <= s_len;
        odd1 <= s_odd;
        v2 <= v1;
        addr2 <= addr1;
        len2 <= len1;
        odd2 <= odd1;
        word2 <= word;
    end

    if (rst) begin
        v1 <= 1'b0;
        v2 <= 1'b0;
    end
end

// the IO address is composed on the way out: the consumer registers it
// (a cycle less on every DMA command than a register of its own)
always @* begin
    if (!addr2[63]) begin
        m_addr = addr2;
    end else if (addr2[62]) begin
        m_addr = {16'd0, odd2 ? word2[71:45] : word2[35:9], addr2[20:0]};
    end else begin
        m_addr = {16'd0, odd2 ? word2[71:36] : word2[35:0], addr2[11:0]};
    end
end

assign m_valid = v2;
assign m_len = len2;

endmodule

`resetall
