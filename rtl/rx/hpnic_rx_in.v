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
 * on READ REQUEST, ACK and CNP). The header length follows the opcode's
 * extension headers: RETH, AETH, ImmDt, or RETH and ImmDt (WRITE ONLY with
 * Immediate); a CNP's 16 reserved bytes count as a RETH.
 *
 * The ICRC is computed here too, as the frame comes in, so that the frame is
 * buffered once (no byte of it is used before the verdict): each admitted
 * frame's info record leaves with its verdict (m_info_icrc_bad), about ten
 * cycles after the frame's last beat (a bad one is passed on as a drop, for
 * hpnic_rx_decide, and counted in hpnic_rx_extract).
 *
 * Pipeline: I1 input register; the checks on beat 0 (the BTH's on beat 1
 * behind an INT block) reduced to flags in registers; I3 decision (flags
 * only) and FIFO write; the counters one cycle later. The CRC stream is
 * taken at I3 into a register stage C and hpnic_crc32; each frame's result
 * meets the frame's record ({admitted, received ICRC}), and the admitted
 * frames' verdicts wait in a FIFO beside the info FIFO.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_rx_in #(
    // QPN bits
    parameter QPN_WIDTH = 12,
    // log2 of the frame FIFO depth in 64-byte beats: the RX buffer (512
    // beats take the block RAM that 256 do, 513 bits wide)
    parameter FIFO_LOG2 = 9
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
    output wire [116*8-1:0]     m_info_hdr,         // the frame's first 116 bytes
    output wire [6:0]           m_info_hl,          // header length
    output wire [15:0]          m_info_ip_len,
    output wire [12:0]          m_info_pay_len,     // payload bytes, pad excluded
    output wire [1:0]           m_info_pad,
    output wire                 m_info_int,         // the frame carries INT
    output wire                 m_info_icrc_bad,    // its ICRC does not match

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

localparam MAX_BEATS = 66;              // 116 + 4096 + 3 + 4 bytes
localparam [15:0] ROCE_PORT = 16'd4791;

// drop reasons, in check order
localparam [4:0] R_NONE = 5'd0, R_MAC = 5'd1, R_FULL = 5'd2, R_LONG = 5'd3, R_ETYPE = 5'd4,
                 R_NOTOURS = 5'd5, R_IPHDR = 5'd6, R_IPCSUM = 5'd7, R_FRAG = 5'd8,
                 R_PROTO = 5'd9, R_PORT = 5'd10, R_UDPLEN = 5'd11, R_IPLEN = 5'd12,
                 R_INT = 5'd13, R_OPCODE = 5'd14, R_TVER = 5'd15, R_QPN = 5'd16,
                 R_PAYLEN = 5'd17;

localparam [31:0] CRC_POLY = 32'hEDB88320;

// The CRC register that n zero bytes turn into s (reflected CRC-32, the
// polynomial of hpnic_crc32): a frame's CRC stream starts with its Ethernet
// header (and INT block) zeroed, so it starts from the register that those
// zero bytes turn into the ICRC's own start (docs/wire.md, "ICRC")
function [31:0] crc_unzero;
    input [31:0] s;
    input integer nbytes;
    integer i;
    reg [31:0] v;
    begin
        v = s;
        for (i = 0; i < 8 * nbytes; i = i + 1) begin
            v = v[31] ? (((v ^ CRC_POLY) << 1) | 32'd1) : (v << 1);
        end
        crc_unzero = v;
    end
endfunction

// 0xDEBB20E3: the register after the ICRC's eight 0xFF bytes (hpnic_crc32)
localparam [31:0] ICRC_INIT_PLAIN = crc_unzero(32'hDEBB20E3, 14);
localparam [31:0] ICRC_INIT_INT = crc_unzero(32'hDEBB20E3, 56);

function [7:0] byte_at;
    input [511:0] h;
    input integer i;
    begin
        byte_at = h[8*i +: 8];
    end
endfunction

/*
 * I1: input register and beat index
 */
reg         i1_valid = 1'b0;
reg [511:0] i1_data = 0;
reg [63:0]  i1_keep = 0;
reg         i1_last = 0, i1_user = 0;
reg [6:0]   i1_idx = 0;                 // beat number in the frame (saturates)
reg [6:0]   idx_reg = 0;

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

    if (rst) begin
        i1_valid <= 1'b0;
        idx_reg <= 7'd0;
    end
end

wire i1_first = i1_valid && i1_idx == 7'd0;
wire i1_second = i1_valid && i1_idx == 7'd1;

/*
 * Parse, from beat 0 at I1 (beat 1 for the BTH behind an INT block): every
 * check is reduced to a flag in a register here, so that the decision at I3
 * only combines flags. The frame's last beat reaches I3 one cycle after it
 * left I1, and beat 0 of the next frame is at I1 then at the earliest: these
 * registers hold the frame at I3 (the same holds for the frame's other
 * per-frame registers below).
 */
wire [159:0] ip_hdr;
genvar gi;
generate
for (gi = 0; gi < 20; gi = gi + 1) begin : g_ip
    assign ip_hdr[159 - 8*gi -: 8] = byte_at(i1_data, 14 + gi);
end
endgenerate
wire [47:0]  dmac = {byte_at(i1_data,0), byte_at(i1_data,1), byte_at(i1_data,2),
                     byte_at(i1_data,3), byte_at(i1_data,4), byte_at(i1_data,5)};
wire [15:0]  etype = {byte_at(i1_data,12), byte_at(i1_data,13)};
wire [15:0]  ip_len = ip_hdr[143:128];
// fields with bits the checks ignore: DF, pathID, SE and MigReq
// verilator lint_off UNUSEDSIGNAL
wire [15:0]  ip_frag = ip_hdr[111:96];
// verilator lint_on UNUSEDSIGNAL
wire [7:0]   ip_proto = ip_hdr[87:80];
wire [31:0]  ip_dst = ip_hdr[31:0];
wire [15:0]  udp_dport = {byte_at(i1_data,36), byte_at(i1_data,37)};
wire [15:0]  udp_len = {byte_at(i1_data,38), byte_at(i1_data,39)};
wire         has_int = cfg_int_enable && udp_dport == cfg_int_port;
// verilator lint_off UNUSEDSIGNAL
wire [7:0]   int_b42 = byte_at(i1_data,42);    // nHop in the top 4 bits
// verilator lint_on UNUSEDSIGNAL

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

// lengths: the IPv4 packet ends at 14 + ip_len; payload + pad is what is
// left after the header and before the ICRC: ylen = ip_end - 4 - hl, with
// hl = 54 (+ 42 with INT) + 16 (RETH) or + 4 (AETH or ImmDt) or + 20 (RETH
// and ImmDt) or + 0. The four are worked out here, before the opcode
// (behind an INT block, in beat 1) says which one applies.
wire [16:0] ip_end = {1'b0, ip_len} + 17'd14;
// ylen = ip_len - K, K = 44 + 42 (INT) + 0/4/16/20: each check against ylen
// is one of ip_len against a constant, picked by has_int, rather than a
// chain of subtractions and a compare
wire [12:0] ylen_n = ip_len[12:0] - (has_int ? 13'd86 : 13'd44);
wire [12:0] ylen_a = ip_len[12:0] - (has_int ? 13'd90 : 13'd48);
wire [12:0] ylen_r = ip_len[12:0] - (has_int ? 13'd102 : 13'd60);
wire [12:0] ylen_ri = ip_len[12:0] - (has_int ? 13'd106 : 13'd64);
wire [3:0]  ylen_neg = has_int ? {ip_len < 16'd106, ip_len < 16'd102, ip_len < 16'd90, ip_len < 16'd86}
                               : {ip_len < 16'd64, ip_len < 16'd60, ip_len < 16'd48, ip_len < 16'd44};
wire [3:0]  ylen_big = has_int ? {ip_len > 16'd4202, ip_len > 16'd4198, ip_len > 16'd4186, ip_len > 16'd4182}
                               : {ip_len > 16'd4160, ip_len > 16'd4156, ip_len > 16'd4144, ip_len > 16'd4140};
wire [3:0]  ylen_zero = has_int ? {ip_len == 16'd106, ip_len == 16'd102, ip_len == 16'd90, ip_len == 16'd86}
                                : {ip_len == 16'd64, ip_len == 16'd60, ip_len == 16'd48, ip_len == 16'd44};
wire        ylen_mod4 = ip_len[1:0] == (has_int ? 2'd2 : 2'd0);

// the header checks before the BTH's, in check order (hdr_reason below)
wire [9:0] hdr_chk = {etype != 16'h0800,
                      dmac != cfg_mac,
                      ip_hdr[159:152] != 8'h45,
                      !ip_csum_ok,
                      ip_frag[13] || ip_frag[12:0] != 0,
                      ip_proto != 8'd17,
                      ip_dst != cfg_ip,
                      udp_dport != ROCE_PORT && !has_int,
                      udp_len != ip_len - 16'd20,
                      has_int && int_b42[7:4] > 4'd5};

// per frame, from beat 0
reg  [9:0]  pr_chk = 0;                 // hdr_chk
reg         pr_hdr_bad = 1'b0;          // any of them fails, but the checksum
reg         pr_int = 1'b0;
reg  [16:0] pr_ip_end = 0;
reg  [15:0] pr_ip_len = 0;
reg  [12:0] pr_ylen_n = 0, pr_ylen_a = 0, pr_ylen_r = 0, pr_ylen_ri = 0;
reg  [3:0]  pr_neg = 0, pr_big = 0, pr_zero = 0;   // {ri, r, a, n}: < 0, > 4096, == 0
reg         pr_mod4 = 1'b0;             // payload + pad a multiple of 4 (all four)
reg  [115*8+7:0] pr_hdr = 0;            // the frame's first 116 bytes

// BTH opcodes: the register map's (fw/regmap.toml, BTH_OP)
`include "hpnic_regs.vh"

// the BTH's flags, the BTH at byte b of a beat: {RETH, a 4-byte extension
// (AETH or ImmDt), no payload allowed, opcode unknown, pad, TVer not 0, QPN
// out of range}
function [7:0] bth_flags;
    input [511:0] d;
    input integer b;
    reg [7:0]  op;
    // verilator lint_off UNUSEDSIGNAL
    reg [7:0]  b1;
    // verilator lint_on UNUSEDSIGNAL
    reg [23:0] qpn;
    reg        reth, ext4, known;
    begin
        op = byte_at(d, b);
        b1 = byte_at(d, b + 1);         // SE, MigReq (unchecked), pad, TVer
        qpn = {byte_at(d, b + 5), byte_at(d, b + 6), byte_at(d, b + 7)};
        // a CNP's 16 reserved bytes are measured as a RETH
        reth = op == HPNIC_BTH_OP_WRITE_FIRST || op == HPNIC_BTH_OP_WRITE_ONLY || op == HPNIC_BTH_OP_READ_REQ ||
               op == HPNIC_BTH_OP_WRITE_ONLY_IMM || op == HPNIC_BTH_OP_CNP;
        ext4 = op == HPNIC_BTH_OP_RESP_FIRST || op == HPNIC_BTH_OP_RESP_LAST || op == HPNIC_BTH_OP_RESP_ONLY || op == HPNIC_BTH_OP_ACK ||
               op == HPNIC_BTH_OP_SEND_LAST_IMM || op == HPNIC_BTH_OP_SEND_ONLY_IMM ||
               op == HPNIC_BTH_OP_WRITE_LAST_IMM || op == HPNIC_BTH_OP_WRITE_ONLY_IMM;
        // 0x00..0x0B: SEND and WRITE, every form; then READ and ACK
        known = op <= HPNIC_BTH_OP_WRITE_ONLY_IMM || (op >= HPNIC_BTH_OP_READ_REQ && op <= HPNIC_BTH_OP_ACK) ||
                op == HPNIC_BTH_OP_CNP;
        bth_flags = {reth, ext4, op == HPNIC_BTH_OP_READ_REQ || op == HPNIC_BTH_OP_ACK || op == HPNIC_BTH_OP_CNP,
                     !known,
                     b1[5:4], b1[3:0] != 4'd0, (qpn >> QPN_WIDTH) != 0};
    end
endfunction

// the BTH at 42 (beat 0), or at 84 behind an INT block (beat 1, lane 20):
// both worked out, the choice made last. A one-beat frame with INT has no
// BTH: opcode 0 (unknown), as if its missing bytes were zeros.
wire [7:0] bth0_flags = has_int ? 8'b0001_0000 : bth_flags(i1_data, 42);
wire [7:0] bth1_flags = bth_flags(i1_data, 20);

reg         pb_reth = 1'b0, pb_aeth = 1'b0, pb_nopay = 1'b0;
reg  [1:0]  pb_pad = 0;
reg  [2:0]  pb_chk = 0;                 // opcode, TVer, QPN

always @(posedge clk) begin
    if (i1_first) begin
        pr_chk <= hdr_chk;
        pr_hdr_bad <= |{hdr_chk[9:7], hdr_chk[5:0]};
        pr_int <= has_int;
        pr_ip_end <= ip_end;
        pr_ip_len <= ip_len;
        pr_ylen_n <= ylen_n;
        pr_ylen_a <= ylen_a;
        pr_ylen_r <= ylen_r;
        pr_ylen_ri <= ylen_ri;
        pr_neg <= ylen_neg;
        pr_big <= ylen_big;
        pr_zero <= ylen_zero;
        pr_mod4 <= ylen_mod4;
        // a one-beat frame's header has zeros past its beat
        pr_hdr <= {416'd0, i1_data};
    end
    if (i1_second) begin
        pr_hdr[115*8+7:512] <= i1_data[415:0];
    end
    if (i1_first || (i1_second && pr_int)) begin
        {pb_reth, pb_aeth, pb_nopay, pb_chk[2], pb_pad, pb_chk[1], pb_chk[0]} <=
            i1_first ? bth0_flags : bth1_flags;
    end
end

// the first failing header check (R_NONE if none), for the counters
reg [4:0] hdr_reason;
always @* begin
    casez ({pr_chk, pb_chk})
        13'b1????????????: hdr_reason = R_ETYPE;
        13'b01???????????: hdr_reason = R_NOTOURS;
        13'b001??????????: hdr_reason = R_IPHDR;
        13'b0001?????????: hdr_reason = R_IPCSUM;
        13'b00001????????: hdr_reason = R_FRAG;
        13'b000001???????: hdr_reason = R_PROTO;
        13'b0000001??????: hdr_reason = R_NOTOURS;
        13'b00000001?????: hdr_reason = R_PORT;
        13'b000000001????: hdr_reason = R_UDPLEN;
        13'b0000000001???: hdr_reason = R_INT;
        13'b00000000001??: hdr_reason = R_OPCODE;
        13'b000000000001?: hdr_reason = R_TVER;
        13'b0000000000001: hdr_reason = R_QPN;
        default:           hdr_reason = R_NONE;
    endcase
end

// frame length at the last beat; MAC errors and room over the whole frame.
// tkeep is contiguous from lane 0 (as hpnic_crc32 and the MAC shim take
// it): its byte count is where the ones end, an OR of one-hot edges rather
// than a 64-input adder tree
reg  [6:0]  cnt;
integer ki, kj;
always @* begin
    cnt = 7'd0;
    for (ki = 1; ki <= 64; ki = ki + 1) begin
        if (i1_keep[ki-1] && (ki == 64 || !i1_keep[ki % 64])) begin
            for (kj = 0; kj < 7; kj = kj + 1) begin
                if ((ki >> kj) % 2 == 1) begin
                    cnt[kj] = 1'b1;
                end
            end
        end
    end
end

wire [FIFO_LOG2:0] fifo_free;
reg  f_user = 0, f_room = 0, f_long = 0;
reg  f_short = 0;                       // IPv4 packet longer than the frame (at its last beat)
wire [13:0] len_now = {1'b0, i1_idx, 6'd0} + {7'd0, cnt};   // the frame's length so far

/*
 * I3: decision at the last beat; every beat written to the frame FIFO
 */
reg         i3_valid = 1'b0;
reg [511:0] i3_data = 0;
reg         i3_last = 0;

always @(posedge clk) begin
    i3_valid <= i1_valid;
    i3_data <= i1_data;
    i3_last <= i1_last;
    if (i1_valid) begin
        // per-frame sticky flags, restarted on beat 0
        f_user <= (i1_idx == 0 ? 1'b0 : f_user) || i1_user;
        // two beats of the previous frame may still be on their way in
        f_room <= (i1_idx == 0) ? (fifo_free >= MAX_BEATS + 2) : f_room;
        f_long <= (i1_idx == 0 ? 1'b0 : f_long) || i1_idx >= MAX_BEATS;
        // ip_end is in a register from beat 1 on; a one-beat frame's is its own
        f_short <= {3'd0, len_now} < (i1_idx == 0 ? ip_end : pr_ip_end);
    end

    if (rst) begin
        i3_valid <= 1'b0;
    end
end

// payload + pad of the frame's header length (a 4-way pick of flags by
// {RETH, 4-byte extension}; pb_aeth holds the latter)
wire        c_reth = pb_reth, c_ext4 = pb_aeth;
wire [1:0]  c_sel = {c_reth, c_ext4};
wire        y_neg = pr_neg[c_sel];
wire        y_big = pr_big[c_sel];
wire        y_zero = pr_zero[c_sel];
wire [12:0] y_len = c_reth ? (c_ext4 ? pr_ylen_ri : pr_ylen_r) : (c_ext4 ? pr_ylen_a : pr_ylen_n);
// ylen a multiple of 4 and pad <= 3: payload = ylen - pad is >= 0 unless
// ylen = 0 < pad, <= 4096 iff ylen <= 4096, and 0 iff ylen = pad = 0
wire        pay_ok = !y_neg && pr_mod4 && !y_big && !(y_zero && pb_pad != 2'd0) &&
                     (!pb_nopay || (y_zero && pb_pad == 2'd0));
wire        short_ip = f_short;

wire drop = f_user || !f_room || f_long || pr_hdr_bad || pr_chk[6] || pb_chk != 3'd0 ||
            short_ip || !pay_ok;

// the info record's lengths
wire [6:0]  p_hl = 7'd54 + (pr_int ? 7'd42 : 7'd0) + (c_reth ? 7'd16 : 7'd0) + (c_ext4 ? 7'd4 : 7'd0);
wire [12:0] p_pay_len = y_len - {11'd0, pb_pad};

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
localparam INFO_W = 116*8 + 7 + 16 + 13 + 2 + 1;
wire info_ignored_last;
wire info_valid;
wire vd_valid;                  // the frame's ICRC verdict is there (below)
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
    .s_data({pr_hdr, p_hl, pr_ip_len, p_pay_len, pb_pad, pr_int}),
    .s_last(1'b1),
    .s_drop(1'b0),
    .m_valid(info_valid),
    .m_ready(m_info_ready && vd_valid),
    .m_data({m_info_hdr, m_info_hl, m_info_ip_len, m_info_pay_len, m_info_pad, m_info_int}),
    .m_last(info_ignored_last),
    .free(info_free),
    .overflow(info_overflow)
);

/*
 * ICRC, computed as the frame comes in (the frame is buffered once, and
 * nothing of it is used before the verdict). The CRC runs over the frame's
 * own beats, taken at I3 (where the frame's positions, worked out from beat
 * 0 at I1, are in registers) into a register stage C: the bytes the ICRC
 * masks are set to ones, the Ethernet header is zeroed (and the start
 * register chosen so that zeros in front change nothing), and behind an INT
 * block the IPv4 and UDP headers move to the 28 bytes in front of the BTH,
 * where the INT block was, with their lengths less the block's 42 bytes.
 * The stream ends at the byte before the ICRC (as the IPv4 length says), or
 * at the frame's end if that comes first: one CRC per frame, admitted or not.
 */
reg  [6:0]  i3_idx = 0;
reg  [16:0] cr_end = 0;                  // the CRC's last byte, ip_len + 9
reg  [16:0] cr_ic = 0;                   // the ICRC's first byte, ip_len + 10
reg         cr_int = 1'b0;
reg  [15:0] cr_ilen = 0;                 // IPv4 length less the INT block
reg  [15:0] cr_ulen = 0;                 // UDP length less the INT block
reg         c_done = 1'b0;               // the CRC's last beat has gone
reg         c_at_end = 1'b0;             // the beat at I3 holds the CRC's last byte

always @(posedge clk) begin
    i3_idx <= i1_idx;
    if (i1_first) begin
        cr_end <= {1'b0, ip_len} + 17'd9;
        cr_ic <= {1'b0, ip_len} + 17'd10;
        cr_int <= has_int;
        cr_ilen <= ip_len - 16'd42;
        cr_ulen <= udp_len - 16'd42;
    end
    // decided at I1: on beat 0 from ip_len itself, later from cr_end
    c_at_end <= i1_first ? ip_len < 16'd55 : {4'd0, i1_idx} == cr_end[16:6];
end

wire c_go = i3_valid && (i3_idx == 7'd0 || !c_done);
wire c_last_now = c_at_end || i3_last;

// the beat as the CRC sees it
reg [511:0] c_beat;
integer cb;
always @* begin
    c_beat = i3_data;
    if (i3_idx == 7'd0) begin
        if (cr_int) begin
            // IPv4 bytes 0..7 in lanes 56..63, the rest in front zero
            c_beat = {byte_at(i3_data, 21), byte_at(i3_data, 20), byte_at(i3_data, 19),
                      byte_at(i3_data, 18), cr_ilen[7:0], cr_ilen[15:8], 8'hff,
                      byte_at(i3_data, 14), 448'd0};
        end else begin
            for (cb = 0; cb < 14; cb = cb + 1) begin
                c_beat[8*cb +: 8] = 8'd0;
            end
            c_beat[8*15 +: 8] = 8'hff;                      // TOS
            c_beat[8*22 +: 8] = 8'hff;                      // TTL
            c_beat[8*24 +: 16] = 16'hffff;                  // IPv4 checksum
            c_beat[8*36 +: 16] = {ROCE_PORT[7:0], ROCE_PORT[15:8]};
            c_beat[8*40 +: 16] = 16'hffff;                  // UDP checksum
            c_beat[8*46 +: 8] = 8'hff;                      // BTH byte 4
        end
    end else if (i3_idx == 7'd1 && cr_int) begin
        // lanes 0..19: IPv4 bytes 8..19 and the UDP header, from beat 0
        for (cb = 0; cb < 20; cb = cb + 1) begin
            c_beat[8*cb +: 8] = pr_hdr[8*(22+cb) +: 8];
        end
        c_beat[8*0 +: 8] = 8'hff;                           // TTL
        c_beat[8*2 +: 16] = 16'hffff;                       // IPv4 checksum
        c_beat[8*14 +: 16] = {ROCE_PORT[7:0], ROCE_PORT[15:8]};
        c_beat[8*16 +: 16] = {cr_ulen[7:0], cr_ulen[15:8]};
        c_beat[8*18 +: 16] = 16'hffff;                      // UDP checksum
        c_beat[8*24 +: 8] = 8'hff;                          // BTH byte 4
    end
end

reg  [511:0] c_data = 0;
reg  [63:0]  c_keep = 0;
reg          c_valid = 1'b0, c_last = 1'b0;
reg  [31:0]  c_init = 0;
integer      kb;

always @(posedge clk) begin
    c_valid <= c_go;
    c_data <= c_beat;
    c_last <= c_last_now;
    for (kb = 0; kb < 64; kb = kb + 1) begin
        c_keep[kb] <= !c_at_end || kb[5:0] <= cr_end[5:0];
    end
    c_init <= cr_int ? ICRC_INIT_INT : ICRC_INIT_PLAIN;
    if (i3_valid) begin
        c_done <= c_go && c_last_now || (i3_idx != 7'd0 && c_done);
    end

    if (rst) begin
        c_valid <= 1'b0;
        c_done <= 1'b0;
    end
end

wire [31:0] crc_val;
wire        crc_valid, crc_take;
// verilator lint_off UNUSEDSIGNAL
wire [31:0] crc_state;
wire        crc_ready;          // always, after reset: results are taken as they come
// verilator lint_on UNUSEDSIGNAL

hpnic_crc32 #(
    .DATA_WIDTH(512)
)
crc_inst (
    .clk(clk),
    .rst(rst),
    .s_tdata(c_data),
    .s_tkeep(c_keep),
    .s_tvalid(c_valid),
    .s_tready(crc_ready),
    .s_tlast(c_last),
    .s_init(c_init),
    .m_crc_value(crc_val),
    .m_crc_state(crc_state),
    .m_crc_valid(crc_valid),
    .m_crc_ready(crc_take)
);

// The received ICRC, at I3 too: its bytes up to the beat's end are taken
// in the beat where it starts, the rest (when it straddles) from the next
wire        ic_at = {4'd0, i3_idx} == cr_ic[16:6];
wire [31:0] ic_here;
reg  [31:0] ic_reg = 0;

hpnic_byte_shr #(.IN_BYTES(64), .OUT_BYTES(4), .SHIFT_WIDTH(6))
icrc_shr_inst (
    .in(i3_data),
    .shift(cr_ic[5:0]),
    .out(ic_here)
);

reg         ic_split = 1'b0;            // bytes still due in the next beat
reg  [1:0]  ic_have = 0;                // how many came (1..3), when split

always @(posedge clk) begin
    if (i3_valid) begin
        ic_split <= 1'b0;
        if (ic_at) begin
            ic_reg <= ic_here;
            ic_split <= cr_ic[5:2] == 4'hf && cr_ic[1:0] != 2'd0;
            ic_have <= 2'd0 - cr_ic[1:0];
        end else if (ic_split) begin
            case (ic_have)
                2'd1: ic_reg[31:8] <= i3_data[23:0];
                2'd2: ic_reg[31:16] <= i3_data[15:0];
                default: ic_reg[31:24] <= i3_data[7:0];
            endcase
        end
    end
    if (rst) begin
        ic_split <= 1'b0;
    end
end

// the counters count one cycle after the decision, from its flags
reg         r4_valid = 1'b0, r4_drop = 1'b0;
reg         r4_user = 1'b0, r4_full = 1'b0, r4_long = 1'b0, r4_short = 1'b0, r4_pay_bad = 1'b0;
reg  [4:0]  r4_hdr_reason = 0;

always @(posedge clk) begin
    r4_valid <= i3_valid && i3_last;
    r4_drop <= drop;
    r4_user <= f_user;
    r4_full <= !f_room;
    r4_long <= f_long;
    r4_hdr_reason <= hdr_reason;
    r4_short <= short_ip;
    r4_pay_bad <= !pay_ok;
    if (rst) begin
        r4_valid <= 1'b0;
    end
end

wire [4:0] r4_reason = r4_user ? R_MAC : r4_full ? R_FULL : r4_long ? R_LONG :
                       (r4_hdr_reason != R_NONE) ? r4_hdr_reason :
                       r4_short ? R_IPLEN : r4_pay_bad ? R_PAYLEN : R_NONE;

// one record per frame, a cycle after its decision (when its ICRC is
// complete), for its CRC result
wire        rc_valid, rc_admit;
wire [31:0] rc_icrc;
// verilator lint_off UNUSEDSIGNAL
wire        rc_in_ready;        // results come within 8 cycles: 16 is room enough
wire [4:0]  rc_count;
// verilator lint_on UNUSEDSIGNAL

hpnic_fifo #(.DEPTH_LOG2(4), .WIDTH(33))
rec_fifo_inst (
    .clk(clk), .rst(rst),
    .s_valid(r4_valid), .s_ready(rc_in_ready), .s_data({!r4_drop, ic_reg}),
    .m_valid(rc_valid), .m_ready(crc_take), .m_data({rc_admit, rc_icrc}),
    .count(rc_count)
);

assign crc_take = crc_valid && rc_valid;

// the verdicts of the admitted frames, in order: an info record is only
// given out with its verdict
// verilator lint_off UNUSEDSIGNAL
wire vd_in_ready;               // one per admitted frame: no more than the FIFO holds
wire [FIFO_LOG2:0] vd_count;
// verilator lint_on UNUSEDSIGNAL

hpnic_fifo #(.DEPTH_LOG2(FIFO_LOG2), .WIDTH(1))
verdict_fifo_inst (
    .clk(clk), .rst(rst),
    .s_valid(crc_take && rc_admit), .s_ready(vd_in_ready), .s_data(crc_val != rc_icrc),
    .m_valid(vd_valid), .m_ready(m_info_ready && info_valid), .m_data(m_info_icrc_bad),
    .count(vd_count)
);

assign m_info_valid = info_valid && vd_valid;

// verilator lint_off UNUSEDSIGNAL
wire unused_ok = info_ignored_last;
// verilator lint_on UNUSEDSIGNAL

always @(posedge clk) begin
    if (r4_valid) begin
        stat_frames <= stat_frames + {31'd0, !r4_drop};
        stat_mac_err <= stat_mac_err + {31'd0, r4_reason == R_MAC};
        stat_full <= stat_full + {31'd0, r4_reason == R_FULL};
        stat_too_long <= stat_too_long + {31'd0, r4_reason == R_LONG};
        stat_eth_type <= stat_eth_type + {31'd0, r4_reason == R_ETYPE};
        stat_not_ours <= stat_not_ours + {31'd0, r4_reason == R_NOTOURS};
        stat_ip_hdr <= stat_ip_hdr + {31'd0, r4_reason == R_IPHDR};
        stat_ip_csum <= stat_ip_csum + {31'd0, r4_reason == R_IPCSUM};
        stat_ip_frag <= stat_ip_frag + {31'd0, r4_reason == R_FRAG};
        stat_not_udp <= stat_not_udp + {31'd0, r4_reason == R_PROTO};
        stat_udp_port <= stat_udp_port + {31'd0, r4_reason == R_PORT};
        stat_udp_len <= stat_udp_len + {31'd0, r4_reason == R_UDPLEN};
        stat_ip_len <= stat_ip_len + {31'd0, r4_reason == R_IPLEN};
        stat_int <= stat_int + {31'd0, r4_reason == R_INT};
        stat_opcode <= stat_opcode + {31'd0, r4_reason == R_OPCODE};
        stat_tver <= stat_tver + {31'd0, r4_reason == R_TVER};
        stat_qpn <= stat_qpn + {31'd0, r4_reason == R_QPN};
        stat_pay_len <= stat_pay_len + {31'd0, r4_reason == R_PAYLEN};
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
