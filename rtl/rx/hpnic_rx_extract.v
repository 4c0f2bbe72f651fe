// SPDX-License-Identifier: MIT
/*
 * RX extract: for each admitted frame, cut the payload out (realigned to lane
 * 0), check the ICRC, and pass the packet to hpnic_rx_decide.
 *
 *   frame beats --realign--> Y = payload + pad + ICRC, lane 0 first
 *                 --trim-->  payload + pad (to the CRC, after the packet's
 *                            ICRC view beat) | the received ICRC
 *   payload (pad dropped) --> payload buffer (BRAM), released by rx_commit
 *   CRC result == received ICRC ? --> packet event (drop if not)
 *
 * Realign: the payload starts at the header length hl (54..112); output beat
 * j is bytes [hl + 64j, hl + 64j + 64), taken from two neighbouring frame
 * beats; the bytes of a frame's last beat that are left over go out in the
 * following cycle, while the next frame's first beat (which never makes an
 * output of its own) comes in, so frames follow each other without a gap.
 * Trim holds one beat back to find where the ICRC starts (it may straddle two
 * beats).
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_rx_extract #(
    // QPN bits
    parameter QPN_WIDTH = 12,
    // log2 of the payload buffer depth in beats
    parameter PAY_LOG2 = 8
) (
    input  wire                 clk,
    input  wire                 rst,

    /*
     * Admitted frames and their headers (hpnic_rx_in)
     */
    input  wire                 s_frame_tvalid,
    output wire                 s_frame_tready,
    input  wire [511:0]         s_frame_tdata,
    input  wire                 s_frame_tlast,

    input  wire                 s_info_valid,
    output wire                 s_info_ready,
    input  wire [112*8-1:0]     s_info_hdr,
    input  wire [6:0]           s_info_hl,
    input  wire [15:0]          s_info_ip_len,
    input  wire [12:0]          s_info_pay_len,
    input  wire [1:0]           s_info_pad,
    input  wire                 s_info_int,

    /*
     * Packets, with the ICRC verdict (to hpnic_rx_decide)
     */
    output wire                 m_pkt_valid,
    input  wire                 m_pkt_ready,
    output wire                 m_pkt_drop,
    output wire                 m_pkt_has_payload,
    output wire [QPN_WIDTH-1:0] m_pkt_qpn,
    output wire [7:0]           m_pkt_opcode,
    output wire [23:0]          m_pkt_psn,
    output wire [12:0]          m_pkt_len,
    output wire [63:0]          m_pkt_reth_va,
    output wire [31:0]          m_pkt_reth_rkey,
    output wire [31:0]          m_pkt_reth_len,
    output wire [7:0]           m_pkt_aeth_syn,
    output wire                 m_pkt_int_valid,
    output wire [3:0]           m_pkt_int_nhop,
    output wire [11:0]          m_pkt_int_path,
    output wire [5*64-1:0]      m_pkt_int_hops,

    /*
     * Payload buffer read side (to hpnic_rx_commit), one frame per packet
     * with payload
     */
    output wire                 m_pay_tvalid,
    input  wire                 m_pay_tready,
    output wire [511:0]         m_pay_tdata,
    output wire [63:0]          m_pay_tkeep,
    output wire                 m_pay_tlast,

    output reg  [31:0]          stat_icrc = 0       // ICRC mismatches (dropped)
);

// parameters a caller can get wrong fail at elaboration, not silently
initial begin
    if (QPN_WIDTH < 1 || QPN_WIDTH > 24) begin
        $error("hpnic_rx_extract: QPN_WIDTH must be 1..24 (%m)");
        $finish;
    end
end

localparam QW = QPN_WIDTH;

`include "hpnic_lanes.vh"
`include "hpnic_hdr_len.vh"

/*
 * Header fields of the frame at the head of the info FIFO
 */
function [7:0] hbyte;
    input [112*8-1:0] h;
    input integer i;
    begin
        hbyte = h[8*i +: 8];
    end
endfunction

reg [159:0] f_ip;
reg [63:0]  f_udp;
reg [95:0]  f_bth;
reg [127:0] f_ext;
reg [335:0] f_int;
integer fb;
always @* begin
    for (fb = 0; fb < 20; fb = fb + 1) begin
        f_ip[159 - 8*fb -: 8] = hbyte(s_info_hdr, 14 + fb);
    end
    for (fb = 0; fb < 8; fb = fb + 1) begin
        f_udp[63 - 8*fb -: 8] = hbyte(s_info_hdr, 34 + fb);
    end
    // constant byte indices on both sides of the select: an index that
    // depends on s_info_int would be a 112-way shifter per byte
    for (fb = 0; fb < 12; fb = fb + 1) begin
        f_bth[95 - 8*fb -: 8] = s_info_int ? hbyte(s_info_hdr, 84 + fb) : hbyte(s_info_hdr, 42 + fb);
    end
    for (fb = 0; fb < 16; fb = fb + 1) begin
        f_ext[127 - 8*fb -: 8] = s_info_int ? hbyte(s_info_hdr, 96 + fb) : hbyte(s_info_hdr, 54 + fb);
    end
    for (fb = 0; fb < 42; fb = fb + 1) begin
        f_int[335 - 8*fb -: 8] = hbyte(s_info_hdr, 42 + fb);
    end
end

wire [7:0] f_opcode = f_bth[95:88];
// BTH opcodes: the register map's (fw/regmap.toml, BTH_OP)
`include "hpnic_regs.vh"
wire f_reth = f_opcode == HPNIC_BTH_OP_WRITE_FIRST || f_opcode == HPNIC_BTH_OP_WRITE_ONLY || f_opcode == HPNIC_BTH_OP_READ_REQ;
wire f_aeth = f_opcode == HPNIC_BTH_OP_RESP_FIRST || f_opcode == HPNIC_BTH_OP_RESP_LAST || f_opcode == HPNIC_BTH_OP_RESP_ONLY || f_opcode == HPNIC_BTH_OP_ACK;
// RETH, AETH (in the top 4 bytes) or nothing: only the header's own bytes
wire [127:0] f_ext_used = f_reth ? f_ext : f_aeth ? {f_ext[127:96], 96'd0} : 128'd0;

wire [511:0] view_data;
wire [31:0]  view_init;

hpnic_icrc_view
view_inst (
    .ip_hdr(f_ip),
    .udp_hdr(f_udp),
    .bth(f_bth),
    .ext(f_ext_used),
    .ext_len(f_reth ? 5'd16 : f_aeth ? 5'd4 : 5'd0),
    .int_len(s_info_int ? 6'd42 : 6'd0),
    .view(view_data),
    .crc_init(view_init)
);

// bytes from the payload's start to the end of the ICRC
wire [15:0] y_total = s_info_ip_len + 16'd14 - {9'd0, s_info_hl};
wire        f_has_pay = y_total > 16'd4;

/*
 * Realign
 */
reg         ra_in_frame = 1'b0;     // a frame's beats are being consumed
reg [6:0]   ra_k = 0;               // beat index in the frame
reg [2:0]   ra_cls = 0;             // the header length's class: the shift
reg [15:0]  ra_rem = 0;             // Y bytes still to output
reg [511:0] ra_prev = 0;
reg         ra_flush = 1'b0;
reg [2:0]   ra_flush_cls = 0;       // the flushed frame's
reg [6:0]   ra_flush_n = 0;

wire         y_ready;
wire         pay_room;
wire         event_room;

// a frame starts when its info is there too (the info FIFO holds one per frame)
wire start = !ra_in_frame && s_frame_tvalid && s_info_valid && event_room;
wire cur_ok = ra_in_frame || start;
wire [2:0]  cur_cls = ra_in_frame ? ra_cls : hpnic_hl_class(s_info_hl);
// hl >= 64: of the held class while in a frame (hpnic_hdr_len.vh)
// verilator lint_off UNUSEDSIGNAL
wire [6:0]  ra_hl = hpnic_hl_of_class(ra_cls);     // only bit 6 is needed
// verilator lint_on UNUSEDSIGNAL
wire        cur_b0 = ra_in_frame ? ra_hl[6] : s_info_hl[6];
wire [6:0]  cur_k = ra_in_frame ? ra_k : 7'd0;
wire [15:0] cur_rem = ra_in_frame ? ra_rem : y_total;

wire        regular = cur_k >= {6'd0, cur_b0} + 7'd1 && cur_rem != 0;
// a flush re-uses the realign shifter: the held last beat (still in
// ra_prev) alone, at its own frame's shift, while the next frame's first
// beat (which makes no output) may come in
wire [2:0]   sh_cls = ra_flush ? ra_flush_cls : cur_cls;
wire [511:0] sh_hi = ra_flush ? 512'd0 : s_frame_tdata;
wire [511:0] pair;

// the shift is hl mod 64, one of six (hpnic_hdr_len.vh): picked by the
// header's class

hpnic_byte_shr #(
    .IN_BYTES(128),
    .OUT_BYTES(64),
    .SHIFT_WIDTH(3),
    .LIST_LOG2(3),
    .SHIFT_LIST(hpnic_hl_shifts(0))
)
realign_shr_inst (
    .in({sh_hi, ra_prev}),
    .shift(sh_cls),
    .out(pair)
);
wire [6:0]  reg_n = (cur_rem >= 16'd64) ? 7'd64 : cur_rem[6:0];
wire [15:0] rem_after = cur_rem - (regular ? {9'd0, reg_n} : 16'd0);

// the beat consumed this cycle; the flush (if any) goes out first
wire take_beat = cur_ok && s_frame_tvalid && pay_room && !(ra_flush && !y_ready) &&
                 !(regular && !ra_flush && !y_ready);

reg  [511:0] y_data;
reg  [6:0]   y_n;
reg          y_last, y_valid;

always @* begin
    y_data = pair;
    y_n = reg_n;
    y_last = rem_after == 0;
    y_valid = 1'b0;
    if (ra_flush) begin
        y_n = ra_flush_n;
        y_last = 1'b1;
        y_valid = 1'b1;
    end else if (cur_ok && s_frame_tvalid && pay_room && regular) begin
        y_valid = 1'b1;
    end
end

assign s_frame_tready = take_beat;
assign s_info_ready = start && take_beat;

always @(posedge clk) begin
    if (ra_flush && y_ready) begin
        ra_flush <= 1'b0;
    end
    if (take_beat) begin
        ra_prev <= s_frame_tdata;
        if (s_frame_tlast) begin
            ra_in_frame <= 1'b0;
            if (rem_after != 0) begin
                // what the last beat holds beyond the output goes out next
                ra_flush <= 1'b1;
                ra_flush_cls <= cur_cls;
                ra_flush_n <= rem_after[6:0];
            end
        end else begin
            ra_in_frame <= 1'b1;
            ra_k <= cur_k + 7'd1;
            ra_cls <= cur_cls;
            ra_rem <= rem_after;
        end
    end

    if (rst) begin
        ra_in_frame <= 1'b0;
        ra_flush <= 1'b0;
    end
end

/*
 * Per packet, from its frame's start to its CRC: the fields for the event,
 * the view beat for the CRC
 */
localparam EV_W = QW + 8 + 24 + 13 + 64 + 32 + 32 + 8 + 1 + 336 + 1 + 1;
wire ev_valid, ev_take;
wire [EV_W-1:0] ev_data;
wire [4:0] ev_count;

wire         ev_qpn_ok = (f_bth[55:32] >> QW) == 0;
wire [EV_W-1:0] ev_in = {f_bth[32 +: QW], f_opcode, f_bth[23:0], s_info_pay_len,
                         f_ext[127:64], f_ext[63:32], f_ext[31:0], f_ext[127:120],
                         s_info_int, f_int, f_has_pay, ev_qpn_ok};

assign event_room = ev_count < 5'd12 && view_count < 5'd12;

// verilator lint_off UNUSEDSIGNAL
wire ev_fifo_ready, view_fifo_ready;
// verilator lint_on UNUSEDSIGNAL

hpnic_fifo #(.DEPTH_LOG2(4), .WIDTH(EV_W), .RAM_STYLE("block"))
ev_fifo_inst (
    .clk(clk), .rst(rst),
    .s_valid(s_info_ready), .s_ready(ev_fifo_ready), .s_data(ev_in),
    .m_valid(ev_valid), .m_ready(ev_take), .m_data(ev_data),
    .count(ev_count)
);

wire         v_valid, v_take, v_has_pay;
wire [511:0] v_data;
wire [31:0]  v_init;
wire [4:0]   view_count;

// The view goes to the CRC the cycle after its frame starts: a head register
// takes it when nothing older waits. Through the block-RAM queue alone it
// came a cycle later, and a two-beat frame (a 64-byte WRITE MIDDLE) then
// held the realign for its ICRC flush: 3 cycles a frame against the line's
// 2.9. The queue holds the views that arrive while the head is taken.
reg          vh_valid = 1'b0;
reg  [511:0] vh_data = 0;
reg  [31:0]  vh_init = 0;
reg          vh_has_pay = 1'b0;
wire         vq_valid, vq_has_pay;
wire [511:0] vq_data;
wire [31:0]  vq_init;
wire         vh_take = v_take && vh_valid;
wire         vh_load = s_info_ready && view_count == 0 && (!vh_valid || vh_take);

hpnic_fifo #(.DEPTH_LOG2(4), .WIDTH(512 + 32 + 1), .RAM_STYLE("block"))
view_fifo_inst (
    .clk(clk), .rst(rst),
    .s_valid(s_info_ready && !vh_load), .s_ready(view_fifo_ready),
    .s_data({view_data, view_init, f_has_pay}),
    .m_valid(vq_valid), .m_ready(v_take && !vh_valid), .m_data({vq_data, vq_init, vq_has_pay}),
    .count(view_count)
);

assign v_valid = vh_valid || vq_valid;
assign v_data = vh_valid ? vh_data : vq_data;
assign v_init = vh_valid ? vh_init : vq_init;
assign v_has_pay = vh_valid ? vh_has_pay : vq_has_pay;

always @(posedge clk) begin
    if (vh_load) begin
        vh_valid <= 1'b1;
        vh_data <= view_data;
        vh_init <= view_init;
        vh_has_pay <= f_has_pay;
    end else if (vh_take) begin
        vh_valid <= 1'b0;
    end
    if (rst) begin
        vh_valid <= 1'b0;
    end
end

// the pad of the packet whose payload is being trimmed (in order, like the view)
wire       pd_valid;
wire [1:0] pd_pad;
wire       pd_take;
// verilator lint_off UNUSEDSIGNAL
wire       pd_fifo_ready;
wire [4:0] pd_count;
// verilator lint_on UNUSEDSIGNAL

hpnic_fifo #(.DEPTH_LOG2(4), .WIDTH(2))
pad_fifo_inst (
    .clk(clk), .rst(rst),
    .s_valid(s_info_ready && f_has_pay), .s_ready(pd_fifo_ready), .s_data(s_info_pad),
    .m_valid(pd_valid), .m_ready(pd_take), .m_data(pd_pad),
    .count(pd_count)
);

/*
 * Trim: hold one Y beat back; the last 4 bytes of Y are the ICRC
 */
reg         tm_valid = 1'b0;
reg [511:0] tm_data = 0;
reg [6:0]   tm_n = 0;
reg         tm_last = 0;

wire        out_ready;              // CRC and payload buffer take a beat

// the ICRC bytes, wherever they sit in the held and the incoming beat: the
// held beat's part starts at tm_n - 4 when the held beat is the last one,
// else at tm_n - (4 - y_n) with the rest at the start of the incoming beat.
// One 512-to-32 shifter serves both cases.
wire [6:0]   icrc_off = (tm_valid && tm_last) ? tm_n - 7'd4 : tm_n - 7'd4 + y_n;
wire [31:0]  icrc_held;

hpnic_byte_shr #(.IN_BYTES(64), .OUT_BYTES(4), .SHIFT_WIDTH(7))
icrc_shr_inst (
    .in(tm_data),
    .shift(icrc_off),
    .out(icrc_held)
);

// verilator lint_off UNUSEDSIGNAL
wire [511:0] icrc_split = {480'd0, icrc_held} | (y_data << {(7'd4 - y_n), 3'b000});
// verilator lint_on UNUSEDSIGNAL

reg         t_emit, t_emit_last, t_take_y, t_push_icrc, t_keep_new;
reg [6:0]   t_emit_n;
reg [31:0]  t_icrc;

always @* begin
    t_emit = 1'b0;
    t_emit_last = 1'b0;
    t_emit_n = tm_n;
    t_take_y = 1'b0;
    t_push_icrc = 1'b0;
    t_keep_new = 1'b0;
    t_icrc = 32'd0;
    if (tm_valid && tm_last) begin
        // held beat is the last one and carries the whole ICRC
        t_emit = 1'b1;
        t_emit_last = 1'b1;
        t_emit_n = tm_n - 7'd4;
        t_icrc = icrc_held;
        t_push_icrc = out_ready;
        // the next frame's first beat may follow in the same cycle, unless
        // it is a payload-less frame's bare ICRC: that one must not be held
        // (nothing would emit it), it goes alone next cycle
        t_take_y = out_ready && y_valid && !(y_last && y_n <= 7'd4);
        t_keep_new = t_take_y;
    end else if (y_valid && y_last && y_n <= 7'd4) begin
        // the ICRC ends in this beat and starts in the held one (if any)
        if (tm_valid) begin
            t_emit = 1'b1;
            t_emit_last = 1'b1;
            t_emit_n = tm_n - (7'd4 - y_n);
            t_icrc = icrc_split[31:0];
            t_push_icrc = out_ready;
            t_take_y = out_ready;
        end else begin
            // no payload at all: the ICRC alone
            t_icrc = y_data[31:0];
            t_push_icrc = 1'b1;
            t_take_y = 1'b1;
        end
    end else if (y_valid) begin
        t_emit = tm_valid;
        t_emit_last = 1'b0;
        t_take_y = !tm_valid || out_ready;
        t_keep_new = t_take_y;
    end
end

assign y_ready = t_take_y;

always @(posedge clk) begin
    if (t_keep_new) begin
        tm_valid <= 1'b1;
        tm_data <= y_data;
        tm_n <= y_n;
        tm_last <= y_last;
    end else if ((t_emit && out_ready) || (t_take_y && !t_keep_new)) begin
        tm_valid <= 1'b0;
    end

    if (rst) begin
        tm_valid <= 1'b0;
    end
end

wire t_go = t_emit && out_ready;

/*
 * CRC: each packet's view beat, then its payload + pad beats
 */
reg  crc_in_pay_reg = 1'b0;
wire crc_tready;
wire pay_fifo_ok = 1'b1;            // the buffer's room is checked at the realign
wire view_go = !crc_in_pay_reg && v_valid && crc_tready;
assign v_take = view_go;
assign out_ready = crc_in_pay_reg && crc_tready && pay_fifo_ok;

always @(posedge clk) begin
    if (view_go && v_has_pay) begin
        crc_in_pay_reg <= 1'b1;
    end
    if (t_go && t_emit_last) begin
        crc_in_pay_reg <= 1'b0;
    end
    if (rst) begin
        crc_in_pay_reg <= 1'b0;
    end
end

wire [31:0] crc_val;
wire        crc_valid, crc_take;
// verilator lint_off UNUSEDSIGNAL
wire [31:0] crc_state;
// verilator lint_on UNUSEDSIGNAL

hpnic_crc32 #(
    .DATA_WIDTH(512)
)
crc_inst (
    .clk(clk),
    .rst(rst),
    .s_tdata(crc_in_pay_reg ? tm_data : v_data),
    .s_tkeep(crc_in_pay_reg ? hpnic_lanes_below(t_emit_n) : {64{1'b1}}),
    .s_tvalid(crc_in_pay_reg ? t_emit : v_valid),
    .s_tready(crc_tready),
    .s_tlast(crc_in_pay_reg ? t_emit_last : !v_has_pay),
    .s_init(v_init),               // sampled on the view beat
    .m_crc_value(crc_val),
    .m_crc_state(crc_state),
    .m_crc_valid(crc_valid),
    .m_crc_ready(crc_take)
);

// received ICRCs, in packet order
wire        ic_valid;
wire [31:0] ic_val;
// verilator lint_off UNUSEDSIGNAL
wire        ic_fifo_ready;
wire [4:0]  ic_count;
// verilator lint_on UNUSEDSIGNAL

hpnic_fifo #(.DEPTH_LOG2(4), .WIDTH(32))
icrc_fifo_inst (
    .clk(clk), .rst(rst),
    .s_valid(t_push_icrc), .s_ready(ic_fifo_ready), .s_data(t_icrc),
    .m_valid(ic_valid), .m_ready(crc_take), .m_data(ic_val),
    .count(ic_count)
);

/*
 * Payload buffer: payload without the pad
 */
wire [PAY_LOG2:0] pay_free;
assign pay_room = pay_free > 8;
assign pd_take = t_go && t_emit_last;
// verilator lint_off UNUSEDSIGNAL
wire pay_overflow;
// verilator lint_on UNUSEDSIGNAL

hpnic_frame_fifo #(
    .DEPTH_LOG2(PAY_LOG2),
    .WIDTH(512 + 64)
)
pay_fifo_inst (
    .clk(clk),
    .rst(rst),
    .s_valid(t_go),
    .s_data({tm_data, t_emit_last ? hpnic_lanes_below(t_emit_n - {5'd0, pd_pad}) : {64{1'b1}}}),
    .s_last(t_emit_last),
    .s_drop(1'b0),
    .m_valid(m_pay_tvalid),
    .m_ready(m_pay_tready),
    .m_data({m_pay_tdata, m_pay_tkeep}),
    .m_last(m_pay_tlast),
    .free(pay_free),
    .overflow(pay_overflow)
);

/*
 * Events: the CRC verdict joins the packet's fields
 */
wire [QW-1:0] e_qpn;
wire [7:0]    e_opcode;
wire [23:0]   e_psn;
wire [12:0]   e_len;
wire [63:0]   e_va;
wire [31:0]   e_rkey, e_rlen;
wire [7:0]    e_syn;
wire          e_int, e_has_pay, e_qpn_ok;
wire [335:0]  e_intf;
assign {e_qpn, e_opcode, e_psn, e_len, e_va, e_rkey, e_rlen, e_syn, e_int, e_intf, e_has_pay,
        e_qpn_ok} = ev_data;

// verilator lint_off UNUSEDSIGNAL
wire unused_ok = e_qpn_ok | pd_valid;
// verilator lint_on UNUSEDSIGNAL

wire bad_icrc = crc_val != ic_val;
assign crc_take = crc_valid && ic_valid && ev_valid && m_pkt_ready;
assign ev_take = crc_take;

assign m_pkt_valid = crc_valid && ic_valid && ev_valid;
assign m_pkt_drop = bad_icrc;
assign m_pkt_has_payload = e_has_pay;
assign m_pkt_qpn = e_qpn;
assign m_pkt_opcode = e_opcode;
assign m_pkt_psn = e_psn;
assign m_pkt_len = e_len;
assign m_pkt_reth_va = e_va;
assign m_pkt_reth_rkey = e_rkey;
assign m_pkt_reth_len = e_rlen;
assign m_pkt_aeth_syn = e_syn;
assign m_pkt_int_valid = e_int;
assign {m_pkt_int_nhop, m_pkt_int_path, m_pkt_int_hops} = e_intf;

always @(posedge clk) begin
    if (crc_take && bad_icrc) begin
        stat_icrc <= stat_icrc + 1'b1;
    end
    if (rst) begin
        stat_icrc <= 0;
    end
end

endmodule

`resetall
