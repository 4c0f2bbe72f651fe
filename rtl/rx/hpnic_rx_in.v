// SPDX-License-Identifier: MIT
/*
 * RX input: validates each frame's headers as it arrives, at line rate, and
 * stores the frames that pass in a frame FIFO (with their parsed header in a
 * second FIFO) for hpnic_rx_extract. Frames that fail are dropped here and
 * counted, one counter per reason; nothing malformed goes further.
 *
 * The MAC cannot be back-pressured: a frame is only admitted if the frame
 * FIFO has room for the largest legal frame when it starts, else it is
 * dropped whole (counted as "full").
 *
 * Checks, in this order (the first failure names the reason): MAC error
 * flag, room, frame longer than the largest legal one, Ethernet type,
 * destination MAC, IPv4 version/IHL, IPv4 header checksum, fragment, protocol,
 * destination IP, UDP port (4791, or the INT port when INT is on), UDP length,
 * IPv4 length against the frame, nHop <= 5, opcode, BTH TVer, destination QPN
 * in range, and the payload length (header + payload + pad + ICRC must add up,
 * pad consistent, payload a multiple of 4 with pad, at most 4096 bytes, none
 * on READ REQUEST and ACK). The ICRC is checked later, in hpnic_rx_extract.
 *
 * Pipeline: I1 input register; I2 parse (needs the first two beats) and the
 * frame-length checks at the last beat; I3 decision and FIFO write.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_rx_in #(
    // QPN bits
    parameter QPN_WIDTH = 12,
    // log2 of the frame FIFO depth in 64-byte beats
    parameter FIFO_LOG2 = 8
) (
    input  wire                 clk,
    input  wire                 rst,

    /*
     * Configuration
     */
    input  wire [47:0]          cfg_mac,
    input  wire [31:0]          cfg_ip,
    input  wire                 cfg_int_enable,
    input  wire [15:0]          cfg_int_port,

    /*
     * Frames from the MAC shim (no back-pressure)
     */
    input  wire [511:0]         s_tdata,
    input  wire [63:0]          s_tkeep,
    input  wire                 s_tvalid,
    input  wire                 s_tlast,
    input  wire                 s_tuser,       // MAC error (bad FCS)

    /*
     * Admitted frames and their parsed headers, for hpnic_rx_extract
     */
    output wire                 m_frame_tvalid,
    input  wire                 m_frame_tready,
    output wire [511:0]         m_frame_tdata,
    output wire                 m_frame_tlast,

    output wire                 m_info_valid,
    input  wire                 m_info_ready,
    output wire [112*8-1:0]     m_info_hdr,         // the frame's first 112 bytes
    output wire [6:0]           m_info_hl,          // header length
    output wire [15:0]          m_info_ip_len,
    output wire [12:0]          m_info_pay_len,     // payload bytes, pad excluded
    output wire [1:0]           m_info_pad,
    output wire                 m_info_int,         // the frame carries INT

    /*
     * Drop counters
     */
    output reg  [31:0]          stat_frames = 0,    // admitted
    output reg  [31:0]          stat_mac_err = 0,
    output reg  [31:0]          stat_full = 0,
    output reg  [31:0]          stat_too_long = 0,
    output reg  [31:0]          stat_eth_type = 0,
    output reg  [31:0]          stat_not_ours = 0,  // destination MAC or IP
    output reg  [31:0]          stat_ip_hdr = 0,    // version or IHL
    output reg  [31:0]          stat_ip_csum = 0,
    output reg  [31:0]          stat_ip_frag = 0,
    output reg  [31:0]          stat_not_udp = 0,
    output reg  [31:0]          stat_udp_port = 0,
    output reg  [31:0]          stat_udp_len = 0,
    output reg  [31:0]          stat_ip_len = 0,
    output reg  [31:0]          stat_int = 0,
    output reg  [31:0]          stat_opcode = 0,
    output reg  [31:0]          stat_tver = 0,
    output reg  [31:0]          stat_qpn = 0,
    output reg  [31:0]          stat_pay_len = 0
);

// parameters a caller can get wrong fail at elaboration, not silently
initial begin
    if (QPN_WIDTH < 1 || QPN_WIDTH > 24) begin
        $error("hpnic_rx_in: QPN_WIDTH must be 1..24 (%m)");
        $finish;
    end
    if (FIFO_LOG2 < 7 || FIFO_LOG2 > 16) begin
        $error("hpnic_rx_in: FIFO_LOG2 must be 7..16 (the FIFO holds a 4 KiB frame, 66 beats, and two more) (%m)");
        $finish;
    end
end

localparam MAX_BEATS = 66;              // 112 + 4096 + 3 + 4 bytes
localparam [15:0] ROCE_PORT = 16'd4791;

// drop reasons, in check order
localparam [4:0] R_NONE = 5'd0, R_MAC = 5'd1, R_FULL = 5'd2, R_LONG = 5'd3, R_ETYPE = 5'd4,
                 R_NOTOURS = 5'd5, R_IPHDR = 5'd6, R_IPCSUM = 5'd7, R_FRAG = 5'd8,
                 R_PROTO = 5'd9, R_PORT = 5'd10, R_UDPLEN = 5'd11, R_IPLEN = 5'd12,
                 R_INT = 5'd13, R_OPCODE = 5'd14, R_TVER = 5'd15, R_QPN = 5'd16,
                 R_PAYLEN = 5'd17;

/*
 * I1: input register, beat index, beat 0 kept for the parse
 */
reg         i1_valid = 1'b0;
reg [511:0] i1_data = 0;
reg [63:0]  i1_keep = 0;
reg         i1_last = 0, i1_user = 0;
reg [6:0]   i1_idx = 0;                 // beat number in the frame (saturates)
reg [6:0]   idx_reg = 0;
reg [511:0] h0_reg = 0;                 // beat 0 of the frame at I1

always @(posedge clk) begin
    i1_valid <= s_tvalid;
    i1_data <= s_tdata;
    i1_keep <= s_tkeep;
    i1_last <= s_tlast;
    i1_user <= s_tuser;
    i1_idx <= idx_reg;
    if (s_tvalid) begin
        idx_reg <= s_tlast ? 7'd0 : (idx_reg == 7'd127 ? idx_reg : idx_reg + 7'd1);
    end
    if (i1_valid && i1_idx == 0) begin
        h0_reg <= i1_data;
    end

    if (rst) begin
        i1_valid <= 1'b0;
        idx_reg <= 7'd0;
    end
end

/*
 * I2: parse the first 128 bytes (when beat 1, or a one-beat frame, is at I1)
 */
wire [511:0] b0 = (i1_idx == 0) ? i1_data : h0_reg;
wire [511:0] b1 = (i1_idx == 1) ? i1_data : 512'd0;
wire [1023:0] hb = {b1, b0};            // lane order: byte i at [8i +: 8]

function [7:0] byte_at;
    input [1023:0] h;
    input integer i;
    begin
        byte_at = h[8*i +: 8];
    end
endfunction

wire [47:0]  dmac = {byte_at(hb,0), byte_at(hb,1), byte_at(hb,2), byte_at(hb,3),
                     byte_at(hb,4), byte_at(hb,5)};
wire [15:0]  etype = {byte_at(hb,12), byte_at(hb,13)};
wire [159:0] ip_hdr;
genvar gi;
generate
for (gi = 0; gi < 20; gi = gi + 1) begin : g_ip
    assign ip_hdr[159 - 8*gi -: 8] = hb[8*(14+gi) +: 8];
end
endgenerate
wire [15:0]  ip_len = ip_hdr[143:128];
// fields with bits the checks ignore: DF, pathID, SE and MigReq
// verilator lint_off UNUSEDSIGNAL
wire [15:0]  ip_frag = ip_hdr[111:96];
wire [7:0]   ip_proto = ip_hdr[87:80];
wire [31:0]  ip_dst = ip_hdr[31:0];
wire [15:0]  udp_dport = {byte_at(hb,36), byte_at(hb,37)};
wire [15:0]  udp_len = {byte_at(hb,38), byte_at(hb,39)};
wire         has_int = cfg_int_enable && udp_dport == cfg_int_port;
wire [7:0]   int_b42 = byte_at(hb,42);
wire [3:0]   int_nhop = int_b42[7:4];
// BTH at 42, or at 84 behind the INT block
wire [7:0]   opcode = has_int ? byte_at(hb,84) : byte_at(hb,42);
wire [7:0]   bth1 = has_int ? byte_at(hb,85) : byte_at(hb,43);
wire [23:0]  dqpn = has_int ? {byte_at(hb,89), byte_at(hb,90), byte_at(hb,91)}
                            : {byte_at(hb,47), byte_at(hb,48), byte_at(hb,49)};
// verilator lint_on UNUSEDSIGNAL
wire [1:0]   pad = bth1[5:4];

wire ip_csum_ok;
// verilator lint_off UNUSEDSIGNAL
wire [15:0] ip_csum_unused;
// verilator lint_on UNUSEDSIGNAL

hpnic_ipv4_csum
ip_csum_inst (
    .hdr(ip_hdr),
    .csum(ip_csum_unused),
    .ok(ip_csum_ok)
);

// BTH opcodes: the register map's (fw/regmap.toml, BTH_OP)
`include "hpnic_regs.vh"
wire op_reth = opcode == HPNIC_BTH_OP_WRITE_FIRST || opcode == HPNIC_BTH_OP_WRITE_ONLY || opcode == HPNIC_BTH_OP_READ_REQ;
wire op_aeth = opcode == HPNIC_BTH_OP_RESP_FIRST || opcode == HPNIC_BTH_OP_RESP_LAST || opcode == HPNIC_BTH_OP_RESP_ONLY || opcode == HPNIC_BTH_OP_ACK;
wire op_known = op_reth || op_aeth || opcode == HPNIC_BTH_OP_WRITE_MIDDLE || opcode == HPNIC_BTH_OP_WRITE_LAST || opcode == HPNIC_BTH_OP_RESP_MIDDLE;
wire op_nopay = opcode == HPNIC_BTH_OP_READ_REQ || opcode == HPNIC_BTH_OP_ACK;
wire [6:0] hl = 7'd54 + (has_int ? 7'd42 : 7'd0) + (op_reth ? 7'd16 : op_aeth ? 7'd4 : 7'd0);

// the first failing header check, before the frame's length is known
wire [4:0] hdr_reason = (etype != 16'h0800) ? R_ETYPE :
                        (dmac != cfg_mac) ? R_NOTOURS :
                        (ip_hdr[159:152] != 8'h45) ? R_IPHDR :
                        !ip_csum_ok ? R_IPCSUM :
                        (ip_frag[13] || ip_frag[12:0] != 0) ? R_FRAG :
                        (ip_proto != 8'd17) ? R_PROTO :
                        (ip_dst != cfg_ip) ? R_NOTOURS :
                        (udp_dport != ROCE_PORT && !has_int) ? R_PORT :
                        (udp_len != ip_len - 16'd20) ? R_UDPLEN :
                        (has_int && int_nhop > 4'd5) ? R_INT :
                        !op_known ? R_OPCODE :
                        (bth1[3:0] != 4'd0) ? R_TVER :
                        (dqpn >> QPN_WIDTH) != 0 ? R_QPN : R_NONE;

// lengths: the IPv4 packet ends at 14 + ip_len; payload + pad is what is
// left after the header and before the ICRC
wire [16:0] ip_end = {1'b0, ip_len} + 17'd14;
wire [16:0] ylen = ip_end - 17'd4 - {10'd0, hl};          // payload + pad (signed)
wire [16:0] pay_len = ylen - {15'd0, pad};
wire pay_ok = !ylen[16] && ylen[1:0] == 2'd0 && !pay_len[16] && pay_len <= 17'd4096 &&
              (!op_nopay || pay_len == 0);

wire parse_now = i1_valid && (i1_idx == 1 || (i1_idx == 0 && i1_last));

// parsed header of the frame being received
reg [4:0]   p_reason = 0;
reg         p_pay_ok = 0;
reg [16:0]  p_ip_end = 0;
reg [112*8-1:0] p_hdr = 0;
reg [6:0]   p_hl = 0;
reg [15:0]  p_ip_len = 0;
reg [12:0]  p_pay_len = 0;
reg [1:0]   p_pad = 0;
reg         p_int = 0;

always @(posedge clk) begin
    if (parse_now) begin
        p_reason <= hdr_reason;
        p_pay_ok <= pay_ok;
        p_ip_end <= ip_end;
        p_hdr <= hb[112*8-1:0];
        p_hl <= hl;
        p_ip_len <= ip_len;
        p_pay_len <= pay_len[12:0];
        p_pad <= pad;
        p_int <= has_int;
    end
end

// frame length at the last beat; MAC errors and room over the whole frame
wire [6:0]  last_n;
reg  [6:0]  cnt;
integer ki;
always @* begin
    cnt = 7'd0;
    for (ki = 0; ki < 64; ki = ki + 1) begin
        cnt = cnt + {6'd0, i1_keep[ki]};
    end
end
assign last_n = cnt;
wire [13:0] frame_len = {i1_idx, 6'd0} + {7'd0, last_n};

wire [FIFO_LOG2:0] fifo_free;
reg  f_user = 0, f_room = 0, f_long = 0;
reg  f_short_ip = 0;                    // IPv4 packet longer than the frame

/*
 * I3: decision at the last beat; every beat written to the frame FIFO
 */
reg         i3_valid = 1'b0;
reg [511:0] i3_data = 0;
reg         i3_last = 0;
reg         i3_first = 0;

always @(posedge clk) begin
    i3_valid <= i1_valid;
    i3_data <= i1_data;
    i3_last <= i1_last;
    i3_first <= i1_idx == 0;
    if (i1_valid) begin
        // per-frame sticky flags, restarted on beat 0
        f_user <= (i1_idx == 0 ? 1'b0 : f_user) || i1_user;
        // two beats of the previous frame may still be on their way in
        f_room <= (i1_idx == 0) ? (fifo_free >= MAX_BEATS + 2) : f_room;
        f_long <= (i1_idx == 0 ? 1'b0 : f_long) || i1_idx >= MAX_BEATS;
        if (i1_last) begin
            f_short_ip <= {3'd0, frame_len} < (parse_now ? ip_end : p_ip_end);
        end
    end

    if (rst) begin
        i3_valid <= 1'b0;
    end
end

wire [4:0] reason = f_user ? R_MAC : !f_room ? R_FULL : f_long ? R_LONG :
                    (p_reason != R_NONE) ? p_reason : f_short_ip ? R_IPLEN :
                    !p_pay_ok ? R_PAYLEN : R_NONE;
wire drop = reason != R_NONE;

// verilator lint_off UNUSEDSIGNAL
wire fifo_overflow;
// verilator lint_on UNUSEDSIGNAL

hpnic_frame_fifo #(
    .DEPTH_LOG2(FIFO_LOG2),
    .WIDTH(512)
)
frame_fifo_inst (
    .clk(clk),
    .rst(rst),
    .s_valid(i3_valid),
    .s_data(i3_data),
    .s_last(i3_last),
    .s_drop(drop),
    .m_valid(m_frame_tvalid),
    .m_ready(m_frame_tready),
    .m_data(m_frame_tdata),
    .m_last(m_frame_tlast),
    .free(fifo_free),
    .overflow(fifo_overflow)
);

// one info record per admitted frame: never more than the frames it holds
localparam INFO_W = 112*8 + 7 + 16 + 13 + 2 + 1;
wire info_ignored_last;
// verilator lint_off UNUSEDSIGNAL
wire [FIFO_LOG2:0] info_free;
wire info_overflow;
// verilator lint_on UNUSEDSIGNAL

hpnic_frame_fifo #(
    .DEPTH_LOG2(FIFO_LOG2),
    .WIDTH(INFO_W)
)
info_fifo_inst (
    .clk(clk),
    .rst(rst),
    .s_valid(i3_valid && i3_last && !drop),
    .s_data({p_hdr, p_hl, p_ip_len, p_pay_len, p_pad, p_int}),
    .s_last(1'b1),
    .s_drop(1'b0),
    .m_valid(m_info_valid),
    .m_ready(m_info_ready),
    .m_data({m_info_hdr, m_info_hl, m_info_ip_len, m_info_pay_len, m_info_pad, m_info_int}),
    .m_last(info_ignored_last),
    .free(info_free),
    .overflow(info_overflow)
);

// verilator lint_off UNUSEDSIGNAL
wire unused_ok = info_ignored_last | i3_first;
// verilator lint_on UNUSEDSIGNAL

always @(posedge clk) begin
    if (i3_valid && i3_last) begin
        stat_frames <= stat_frames + {31'd0, !drop};
        stat_mac_err <= stat_mac_err + {31'd0, reason == R_MAC};
        stat_full <= stat_full + {31'd0, reason == R_FULL};
        stat_too_long <= stat_too_long + {31'd0, reason == R_LONG};
        stat_eth_type <= stat_eth_type + {31'd0, reason == R_ETYPE};
        stat_not_ours <= stat_not_ours + {31'd0, reason == R_NOTOURS};
        stat_ip_hdr <= stat_ip_hdr + {31'd0, reason == R_IPHDR};
        stat_ip_csum <= stat_ip_csum + {31'd0, reason == R_IPCSUM};
        stat_ip_frag <= stat_ip_frag + {31'd0, reason == R_FRAG};
        stat_not_udp <= stat_not_udp + {31'd0, reason == R_PROTO};
        stat_udp_port <= stat_udp_port + {31'd0, reason == R_PORT};
        stat_udp_len <= stat_udp_len + {31'd0, reason == R_UDPLEN};
        stat_ip_len <= stat_ip_len + {31'd0, reason == R_IPLEN};
        stat_int <= stat_int + {31'd0, reason == R_INT};
        stat_opcode <= stat_opcode + {31'd0, reason == R_OPCODE};
        stat_tver <= stat_tver + {31'd0, reason == R_TVER};
        stat_qpn <= stat_qpn + {31'd0, reason == R_QPN};
        stat_pay_len <= stat_pay_len + {31'd0, reason == R_PAYLEN};
    end

    if (rst) begin
        stat_frames <= 0;
        stat_mac_err <= 0;
        stat_full <= 0;
        stat_too_long <= 0;
        stat_eth_type <= 0;
        stat_not_ours <= 0;
        stat_ip_hdr <= 0;
        stat_ip_csum <= 0;
        stat_ip_frag <= 0;
        stat_not_udp <= 0;
        stat_udp_port <= 0;
        stat_udp_len <= 0;
        stat_ip_len <= 0;
        stat_int <= 0;
        stat_opcode <= 0;
        stat_tver <= 0;
        stat_qpn <= 0;
        stat_pay_len <= 0;
    end
end

endmodule

`resetall
