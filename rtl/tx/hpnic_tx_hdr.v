// SPDX-License-Identifier: MIT
/*
 * TX header builder: one packet descriptor in, three things out:
 *
 *  - the frame header, Ethernet to the end of the extension headers (RETH,
 *    AETH, ImmDt, or RETH and ImmDt: 54..116 bytes, lane 0 first), with the
 *    IPv4 checksum filled in, for the frame assembler;
 *  - the ICRC view of the same header (docs/wire.md): eight 0xFF bytes, the
 *    IPv4 and UDP headers with the variant fields set to ones and the
 *    lengths and port they would have without INT, the BTH with byte 4 set
 *    to ones, and the extension headers, one 64-byte beat, for the CRC;
 *  - a payload request for the TX gather, when there is one: an address and
 *    a length, or for a WQE's SGE list its address, entries and the
 *    packet's offset into it (hpnic_tx_gather).
 *
 * Header fields come from the QP context (destination QPN, MAC, IP, UDP
 * source port, DSCP) and the NIC's own addresses. The IPv4 ECN field is
 * ECT(0) on the requests of a QP in CC mode 1 (DCQCN), so that a switch may
 * mark them CE, and 00 (not ECN-capable) on everything else: an HPCC QP's
 * packets, responses, ACKs and CNPs are never marked (docs/wire.md). A CNP
 * (BTH opcode 0x81, IBTA Annex A17) carries BECN set, PSN 0 and 16 reserved
 * bytes of zero, built as a zero RETH. With INT enabled the
 * frame goes to the INT UDP port and carries the 42-byte block: zeroed on
 * requests and responses, the acknowledged packet's INT echoed on ACKs.
 *
 * AckReq (docs/wire.md, "Reliability on the wire"): with INT on, on every
 * request packet (HPCC needs an INT echo per packet); with INT off, on READ
 * requests, on a message's last (or only) packet, at least once every
 * 2^cfg_ack_req_log2 bytes of a message (PSNs whose low cfg_ack_req_log2 -
 * log2(MTU) bits are all ones). The spacing must stay within a quarter of
 * the window, so that a requester that stops for its window always has an
 * ACK coming (docs/wire.md).
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_tx_hdr #(
    // QPN bits
    parameter QPN_WIDTH = 12,
    // log2 of the packets that may wait between here and the frame
    // assembler. Each one's payload DMA read is issued from here, so this
    // must cover the DMA read latency: 64 packets of 64 B take 187 cycles
    // on a 100G line
    parameter INFLIGHT_LOG2 = 6,
    // payload bytes that may wait the same way (log2). ACKs queue behind
    // them, so this bounds an ACK's wait: 16 KiB is 330 cycles at 100G, and
    // covers a DMA read latency of as much
    parameter INFLIGHT_BYTES_LOG2 = 14
) (
    input  wire                  clk,
    input  wire                  rst,

    /*
     * Configuration
     */
    input  wire [47:0]           cfg_src_mac,
    input  wire [31:0]           cfg_src_ip,
    input  wire                  cfg_int_enable,
    input  wire [15:0]           cfg_int_port,
    input  wire [3:0]            cfg_ack_req_log2,  // INT off: AckReq once every 2^n bytes (<= log2 MTU: every packet)

    input  wire                  cfg_qp_wr_en,
    input  wire [QPN_WIDTH-1:0]  cfg_qp_wr_qpn,
    input  wire [23:0]           cfg_qp_wr_dqpn,
    input  wire [47:0]           cfg_qp_wr_dmac,
    input  wire [31:0]           cfg_qp_wr_dip,
    input  wire [15:0]           cfg_qp_wr_sport,
    // the ECN bits are not used: TX sets ECN itself (see above)
    // verilator lint_off UNUSEDSIGNAL
    input  wire [7:0]            cfg_qp_wr_dscp_ecn,
    // verilator lint_on UNUSEDSIGNAL
    input  wire [15:0]           cfg_qp_wr_pd,
    input  wire [1:0]            cfg_qp_wr_cc_mode,

    /*
     * Packet descriptors
     */
    input  wire                  s_desc_valid,
    output wire                  s_desc_ready,
    input  wire [QPN_WIDTH-1:0]  s_desc_qpn,
    input  wire [7:0]            s_desc_opcode,
    input  wire [23:0]           s_desc_psn,
    input  wire [12:0]           s_desc_len,
    input  wire [63:0]           s_desc_addr,
    input  wire                  s_desc_sgl,        // addr is an SGE list
    input  wire [1:0]            s_desc_nsge_m1,
    input  wire [31:0]           s_desc_off,        // the packet's offset in it
    input  wire [63:0]           s_desc_reth_va,
    input  wire [31:0]           s_desc_reth_rkey,
    input  wire [31:0]           s_desc_reth_len,
    input  wire [31:0]           s_desc_aeth,
    input  wire [31:0]           s_desc_imm,        // ImmDt, wire order (its first byte in 31:24)
    input  wire                  s_desc_int_valid,  // echo this INT (ACKs)
    input  wire [3:0]            s_desc_int_nhop,
    input  wire [11:0]           s_desc_int_path,
    input  wire [5*64-1:0]       s_desc_int_hops,

    /*
     * Outputs, one each per packet (the DMA request only with payload)
     */
    output wire                  m_hdr_valid,       // to the frame assembler
    input  wire                  m_hdr_ready,
    output wire [116*8-1:0]      m_hdr_data,        // lane 0 first, zero past its length
    output wire [2:0]            m_hdr_cls,         // its length's class (hpnic_hdr_len.vh)

    output wire                  m_view_valid,      // to the CRC
    input  wire                  m_view_ready,
    output wire [511:0]          m_view_data,
    output wire [31:0]           m_view_crc_init,
    output wire                  m_view_has_payload,

    output wire                  m_dma_rd_valid,
    input  wire                  m_dma_rd_ready,
    output wire [63:0]           m_dma_rd_addr,
    output wire [12:0]           m_dma_rd_len,
    output wire                  m_dma_rd_sgl,
    output wire [1:0]            m_dma_rd_nsge_m1,
    output wire [31:0]           m_dma_rd_off,
    output wire [15:0]           m_dma_rd_pd         // the QP's protection domain (SGE L_Keys)
);

// parameters a caller can get wrong fail at elaboration, not silently
initial begin
    if (QPN_WIDTH < 1 || QPN_WIDTH > 24) begin
        $error("hpnic_tx_hdr: QPN_WIDTH must be 1..24 (%m)");
        $finish;
    end
    if (INFLIGHT_LOG2 < 1) begin
        $error("hpnic_tx_hdr: INFLIGHT_LOG2 must be at least 1 (%m)");
        $finish;
    end
    if (INFLIGHT_BYTES_LOG2 < 12) begin
        $error("hpnic_tx_hdr: INFLIGHT_BYTES_LOG2 must be at least 12 (a 4 KiB payload must fit, or it waits forever) (%m)");
        $finish;
    end
end

localparam QW = QPN_WIDTH;

// BTH opcodes: the register map's (fw/regmap.toml, BTH_OP)
`include "hpnic_regs.vh"
localparam [15:0] ROCE_PORT = 16'd4791;

/*
 * Output room: each descriptor makes one header, one view, at most one DMA
 * request; descriptors are accepted while every FIFO can take three more
 */
localparam HDR_W = 116*8 + 3 + 13;
localparam VIEW_W = 512 + 32 + 1;
localparam DMA_W = 64 + 13 + 35 + 16;
localparam FIFO_LOG2 = INFLIGHT_LOG2;
wire [FIFO_LOG2:0] hdr_count, view_count, dma_count;
localparam [FIFO_LOG2:0] ROOM = 2**FIFO_LOG2 - 4;
reg room_reg = 1'b0;

always @(posedge clk) begin
    room_reg <= hdr_count < ROOM && view_count < ROOM && dma_count < ROOM;
    if (rst) begin
        room_reg <= 1'b0;
    end
end

// payload bytes accepted and not yet handed to the frame assembler: a soft
// budget (checked a cycle late, so it may be exceeded by a few packets)
localparam IBW = INFLIGHT_BYTES_LOG2 + 2;
localparam [IBW-1:0] BYTES_LIMIT = 2**INFLIGHT_BYTES_LOG2;
reg  [IBW-1:0] inflight_reg = 0;
reg            bytes_ok_reg = 1'b0;
wire           hdr_out = m_hdr_valid && m_hdr_ready;
wire [12:0]    hdr_out_len;

wire take = room_reg && s_desc_valid && (bytes_ok_reg || s_desc_len == 0);
assign s_desc_ready = take;

// both sides registered first: the frame assembler's ready is a long path
reg  [12:0]    bytes_in_reg = 0, bytes_out_reg = 0;

always @(posedge clk) begin
    bytes_in_reg <= take ? s_desc_len : 13'd0;
    bytes_out_reg <= hdr_out ? hdr_out_len : 13'd0;
    inflight_reg <= inflight_reg + {{(IBW-13){1'b0}}, bytes_in_reg}
                                 - {{(IBW-13){1'b0}}, bytes_out_reg};
    bytes_ok_reg <= inflight_reg < BYTES_LIMIT;
    if (rst) begin
        bytes_in_reg <= 0;
        bytes_out_reg <= 0;
        inflight_reg <= 0;
        bytes_ok_reg <= 1'b0;
    end
end

// AckReq spacing in bytes: a FIRST or MIDDLE packet carries a full MTU
// (64 << k bytes, k = 0..6), so asking once every 2^n bytes is asking on
// the PSNs whose low n - 6 - k bits are all ones. therm has ones from bit
// n up; the PSN bits that need not be ones at MTU 64 << k are its bits
// 6 + k and up, a slice of it (ones past the top). Registered (a
// quasi-static setting): the compare starts from FFs
// verilator lint_off UNUSEDSIGNAL
wire [35:0] ack_therm_w = {12'hfff, ~((24'd1 << cfg_ack_req_log2) - 24'd1)};
// verilator lint_on UNUSEDSIGNAL
reg  [29:0] ack_therm = {30{1'b1}};      // bits 6..35 of ack_therm_w

always @(posedge clk) begin
    ack_therm <= ack_therm_w[35:6];
end

/*
 * Stage 1: QP context read
 */
localparam CTX_W = 24 + 48 + 32 + 16 + 6 + 16 + 1;
wire [CTX_W-1:0] ctx;

hpnic_ram_sdp #(
    .ADDR_WIDTH(QW),
    .DATA_WIDTH(CTX_W)
)
ctx_inst (
    .clk(clk),
    .wr_en(cfg_qp_wr_en),
    .wr_addr(cfg_qp_wr_qpn),
    .wr_data({cfg_qp_wr_dqpn, cfg_qp_wr_dmac, cfg_qp_wr_dip, cfg_qp_wr_sport, cfg_qp_wr_dscp_ecn[7:2],
              cfg_qp_wr_pd, cfg_qp_wr_cc_mode == 2'd1}),
    .rd_en(take),
    .rd_addr(s_desc_qpn),
    .rd_data(ctx)
);

reg          s1_valid = 1'b0;
reg [7:0]    s1_opcode = 0;
reg [23:0]   s1_psn = 0;
reg [12:0]   s1_len = 0;
// FFs, not an SRL, down to the DMA FIFO (docs/performance.md)
(* shreg_extract = "no", keep *)
reg [63:0]   s1_addr = 0;
reg [34:0]   s1_gather = 0;
reg [63:0]   s1_va = 0;
reg [31:0]   s1_rkey = 0, s1_rlen = 0, s1_aeth = 0, s1_imm = 0;
reg [335:0]  s1_int = 0;

always @(posedge clk) begin
    s1_valid <= take;
    s1_opcode <= s_desc_opcode;
    s1_psn <= s_desc_psn;
    s1_len <= s_desc_len;
    s1_addr <= s_desc_addr;
    s1_gather <= {s_desc_sgl, s_desc_nsge_m1, s_desc_off};
    s1_va <= s_desc_reth_va;
    s1_rkey <= s_desc_reth_rkey;
    s1_rlen <= s_desc_reth_len;
    s1_aeth <= s_desc_aeth;
    s1_imm <= s_desc_imm;
    s1_int <= s_desc_int_valid ? {s_desc_int_nhop, s_desc_int_path, s_desc_int_hops} : 336'd0;

    if (rst) begin
        s1_valid <= 1'b0;
    end
end

/*
 * Stage 2: lengths and header fields; stage 3: IPv4 checksum, byte layout
 */
wire [23:0] dqpn;
wire [47:0] dmac;
wire [31:0] dip;
wire [15:0] sport;
wire [5:0]  dscp;
wire [15:0] qp_pd;
wire        qp_dcqcn;
assign {dqpn, dmac, dip, sport, dscp, qp_pd, qp_dcqcn} = ctx;

// a CNP's 16 reserved bytes take the RETH's place, zero
wire is_cnp = s1_opcode == HPNIC_BTH_OP_CNP;
wire has_reth = s1_opcode == HPNIC_BTH_OP_WRITE_FIRST || s1_opcode == HPNIC_BTH_OP_WRITE_ONLY ||
                s1_opcode == HPNIC_BTH_OP_WRITE_ONLY_IMM || s1_opcode == HPNIC_BTH_OP_READ_REQ || is_cnp;
// requests are SEND, WRITE (0x00..0x0B) and READ REQUEST (0x0C)
wire ect = qp_dcqcn && s1_opcode <= HPNIC_BTH_OP_READ_REQ;
wire has_aeth = s1_opcode == HPNIC_BTH_OP_RESP_FIRST || s1_opcode == HPNIC_BTH_OP_RESP_LAST ||
                s1_opcode == HPNIC_BTH_OP_RESP_ONLY || s1_opcode == HPNIC_BTH_OP_ACK;
// ImmDt: behind the BTH, or behind the RETH of a WRITE ONLY with Immediate
wire has_imm = s1_opcode == HPNIC_BTH_OP_SEND_LAST_IMM || s1_opcode == HPNIC_BTH_OP_SEND_ONLY_IMM ||
               s1_opcode == HPNIC_BTH_OP_WRITE_LAST_IMM || s1_opcode == HPNIC_BTH_OP_WRITE_ONLY_IMM;
// which requests ask for an acknowledgement (SEND FIRST..ONLY with
// Immediate are 0x00..0x05, WRITE FIRST..ONLY with Immediate 0x06..0x0B):
// with INT every one (HPCC wants an INT echo per packet); without, READs,
// a message's end, and once every 2^n bytes (stateless: a resent packet
// asks as it did the first time)
wire is_sw = s1_opcode <= HPNIC_BTH_OP_WRITE_ONLY_IMM;
wire not_end = s1_opcode == HPNIC_BTH_OP_SEND_FIRST || s1_opcode == HPNIC_BTH_OP_SEND_MIDDLE ||
               s1_opcode == HPNIC_BTH_OP_WRITE_FIRST || s1_opcode == HPNIC_BTH_OP_WRITE_MIDDLE;
// the packet's MTU picks its mask (one-hot in the length; a packet of any
// other length ends its message and asks anyway)
wire [23:0] ack_ign = {24{s1_len[6]}} & ack_therm[0 +: 24] | {24{s1_len[7]}} & ack_therm[1 +: 24] |
                      {24{s1_len[8]}} & ack_therm[2 +: 24] | {24{s1_len[9]}} & ack_therm[3 +: 24] |
                      {24{s1_len[10]}} & ack_therm[4 +: 24] | {24{s1_len[11]}} & ack_therm[5 +: 24] |
                      {24{s1_len[12]}} & ack_therm[6 +: 24];
wire psn_hit = &(s1_psn | ack_ign);
wire ack_req = s1_opcode == HPNIC_BTH_OP_READ_REQ ||
               (is_sw && (cfg_int_enable || !not_end || psn_hit));
wire [1:0]  pad = 2'd0 - s1_len[1:0];
// an AETH and an ImmDt are never together; a RETH and an ImmDt are 20
wire [4:0]  ext_len = (has_reth ? 5'd16 : 5'd0) + ((has_aeth || has_imm) ? 5'd4 : 5'd0);
// IPv4 total length and UDP length as if there were no INT block
wire [15:0] ip_len_noint = 16'd20 + 16'd8 + 16'd12 + {11'd0, ext_len} + {3'd0, s1_len} +
                           {14'd0, pad} + 16'd4;
wire [15:0] int_len = cfg_int_enable ? 16'd42 : 16'd0;
wire [15:0] ip_len = ip_len_noint + int_len;

reg          s2_valid = 1'b0;
reg [7:0]    s2_opcode = 0;
reg [23:0]   s2_psn = 0;
reg [12:0]   s2_len = 0;
reg [63:0]   s2_va = 0;
reg [31:0]   s2_rkey = 0, s2_rlen = 0, s2_aeth = 0, s2_imm = 0;
reg [335:0]  s2_int = 0;
reg          s2_has_reth = 0, s2_has_aeth = 0, s2_has_imm = 0, s2_ack_req = 0;
reg [1:0]    s2_pad = 0;
reg [15:0]   s2_ip_len = 0;
reg          s2_int_en = 0;
reg [15:0]   s2_dport = 0;
reg [23:0]   s2_dqpn = 0;
reg [47:0]   s2_dmac = 0;
reg [31:0]   s2_dip = 0;
reg [15:0]   s2_sport = 0;
reg [7:0]    s2_tos = 0;
reg          s2_cnp = 1'b0;

always @(posedge clk) begin
    s2_valid <= s1_valid;
    s2_opcode <= s1_opcode;
    s2_psn <= s1_psn;
    s2_len <= s1_len;
    s2_va <= is_cnp ? 64'd0 : s1_va;
    s2_rkey <= is_cnp ? 32'd0 : s1_rkey;
    s2_rlen <= is_cnp ? 32'd0 : s1_rlen;
    s2_aeth <= s1_aeth;
    s2_imm <= s1_imm;
    s2_int <= s1_int;
    s2_has_reth <= has_reth;
    s2_has_aeth <= has_aeth;
    s2_has_imm <= has_imm;
    s2_ack_req <= ack_req;
    s2_pad <= pad;
    s2_ip_len <= ip_len;
    s2_int_en <= cfg_int_enable;
    s2_dport <= cfg_int_enable ? cfg_int_port : ROCE_PORT;
    s2_dqpn <= dqpn;
    s2_dmac <= dmac;
    s2_dip <= dip;
    s2_sport <= sport;
    s2_tos <= {dscp, ect, 1'b0};
    s2_cnp <= is_cnp;

    if (rst) begin
        s2_valid <= 1'b0;
    end
end

// IPv4 header, big-endian, checksum field zero: version/IHL, TOS, length,
// ID 0, DF, TTL 64, UDP
wire [159:0] ip_hdr_nocsum = {8'h45, s2_tos, s2_ip_len, 16'h0000, 16'h4000, 8'd64, 8'd17,
                              16'h0000, cfg_src_ip, s2_dip};
wire [15:0]  ip_csum;
// verilator lint_off UNUSEDSIGNAL
wire         ip_csum_ok_unused;     // the verify output, for RX
// verilator lint_on UNUSEDSIGNAL

hpnic_ipv4_csum
ip_csum_inst (
    .hdr(ip_hdr_nocsum),
    .csum(ip_csum),
    .ok(ip_csum_ok_unused)
);

// big-endian field vectors, first byte in the top bits
wire [15:0] udp_len = s2_ip_len - 16'd20;
// a CNP: MigReq 0 and BECN 1 (byte 4 bit 6), as the annex's CNP has them
wire [95:0] bth = {s2_opcode, 1'b0, !s2_cnp, s2_pad, 4'd0, 16'hffff, 1'b0, s2_cnp, 6'd0, s2_dqpn,
                   s2_ack_req, 7'd0, s2_psn};
wire [127:0] reth = {s2_va, s2_rkey, s2_rlen};
// RETH (with the ImmDt behind it), or AETH or ImmDt in the top 4 bytes, or
// nothing: bytes past the header are zero
wire [31:0]  ext4 = s2_has_aeth ? s2_aeth : s2_has_imm ? s2_imm : 32'd0;
wire [159:0] ext = s2_has_reth ? {reth, s2_has_imm ? s2_imm : 32'd0} : {ext4, 128'd0};
wire         s2_ext4 = s2_has_aeth || s2_has_imm;
wire [4:0]   ext_bytes = {s2_has_reth, 1'b0, s2_ext4, 2'b00};   // 16 + 4: 20

// wire order (byte 0 first) to lane order (byte 0 in bits 7:0)
function [116*8-1:0] to_lanes116;
    input [116*8-1:0] be;
    integer b;
    begin
        for (b = 0; b < 116; b = b + 1) begin
            to_lanes116[8*b +: 8] = be[8*(115-b) +: 8];
        end
    end
endfunction


// the header, left-aligned in 116 bytes; the INT block moves BTH and on
wire [54*8-1:0]  base = {s2_dmac, cfg_src_mac, 16'h0800,
                         ip_hdr_nocsum[159:80], ip_csum, ip_hdr_nocsum[63:0],
                         s2_sport, s2_dport, udp_len, 16'h0000, bth};
wire [116*8-1:0] hdr_be = s2_int_en ? {base[54*8-1:96], s2_int, bth, ext}
                                    : {base, ext, {42{8'h00}}};
// the ICRC view of this header (hpnic_icrc_view is shared with RX)
wire [511:0] view_lanes;
wire [31:0]  view_init;

hpnic_icrc_view
view_inst (
    .ip_hdr(ip_hdr_nocsum),
    .udp_hdr({s2_sport, s2_dport, udp_len, 16'h0000}),
    .bth(bth),
    .ext(ext),
    .ext_len(ext_bytes),
    .int_len(s2_int_en ? 6'd42 : 6'd0),
    .view(view_lanes),
    .crc_init(view_init)
);

reg hdr_wr = 1'b0;
reg [HDR_W-1:0]  hdr_data = 0;
reg [VIEW_W-1:0] view_data = 0;

always @(posedge clk) begin
    hdr_wr <= s2_valid;
    // the header's length as its class {INT, RETH, EXT4} (hpnic_hdr_len.vh):
    // the frame assembler's prepend selects by the class, and decoding it
    // from the length there was on its longest path; the bytes past the
    // header are zero (hdr_be), so it needs no mask from the length either
    hdr_data <= {to_lanes116(hdr_be), s2_int_en, s2_has_reth, s2_ext4, s2_len};
    view_data <= {view_lanes, view_init, s2_len != 0};

    if (rst) begin
        hdr_wr <= 1'b0;
    end
end

// the payload request needs only the descriptor and the QP's PD: it enters
// its queue at stage 1, two cycles before the header's, because the
// payload's way to the wire (the gather, the MTT, the DMA read, the CRC) is
// the longer one: a 64 B WRITE reaches the wire two cycles sooner
wire             dma_wr = s1_valid && s1_len != 0;
wire [DMA_W-1:0] dma_data = {s1_addr, s1_len, s1_gather, qp_pd};

// room is granted ahead, so the FIFOs' own s_ready is not needed
// verilator lint_off UNUSEDSIGNAL
wire hdr_fifo_ready, view_fifo_ready, dma_fifo_ready;
// verilator lint_on UNUSEDSIGNAL

hpnic_fifo #(.DEPTH_LOG2(FIFO_LOG2), .WIDTH(HDR_W), .RAM_STYLE("block"))
hdr_fifo_inst (
    .clk(clk), .rst(rst),
    .s_valid(hdr_wr), .s_ready(hdr_fifo_ready), .s_data(hdr_data),
    .m_valid(m_hdr_valid), .m_ready(m_hdr_ready),
    .m_data({m_hdr_data, m_hdr_cls, hdr_out_len}),
    .count(hdr_count)
);

hpnic_fifo #(.DEPTH_LOG2(FIFO_LOG2), .WIDTH(VIEW_W), .RAM_STYLE("block"))
view_fifo_inst (
    .clk(clk), .rst(rst),
    .s_valid(hdr_wr), .s_ready(view_fifo_ready), .s_data(view_data),
    .m_valid(m_view_valid), .m_ready(m_view_ready),
    .m_data({m_view_data, m_view_crc_init, m_view_has_payload}),
    .count(view_count)
);

hpnic_fifo #(.DEPTH_LOG2(FIFO_LOG2), .WIDTH(DMA_W), .RAM_STYLE("block"))
dma_fifo_inst (
    .clk(clk), .rst(rst),
    .s_valid(dma_wr), .s_ready(dma_fifo_ready), .s_data(dma_data),
    .m_valid(m_dma_rd_valid), .m_ready(m_dma_rd_ready),
    .m_data({m_dma_rd_addr, m_dma_rd_len, m_dma_rd_sgl, m_dma_rd_nsge_m1, m_dma_rd_off, m_dma_rd_pd}),
    .count(dma_count)
);

endmodule

`resetall
