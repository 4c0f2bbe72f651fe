// SPDX-License-Identifier: MIT
/*
 * RX extract: for each admitted frame, pass the packet's event (with the ICRC
 * verdict hpnic_rx_in found) to hpnic_rx_decide, and cut the payload out of
 * the frame, realigned to lane 0, for hpnic_rx_commit.
 *
 *   info record --> event (register slice) --> m_pkt
 *               \-> realign parameters (queue)
 *   frame beats --realign--> payload, pad and ICRC cut off --> m_pay
 *
 * The frame is not buffered again: its beats stay in hpnic_rx_in's frame
 * FIFO until rx_commit takes the payload (to memory, or to nowhere on a drop
 * verdict). The events run ahead of the payloads by up to 16 frames; a
 * frame's payload goes out only as rx_commit asks for it.
 *
 * Realign: the payload starts at the header length hl (54..116); output beat
 * j is bytes [hl + 64j, hl + 64j + 64), taken from two neighbouring frame
 * beats; the bytes of a frame's last beat that are left over go out in the
 * following cycle (a flush), while the next frame's first beat (which never
 * makes an output of its own) comes in, so frames follow each other without
 * a gap. Everything the next beat's handshake needs (does it make an output,
 * is that the last, how many bytes) is worked out one beat ahead, in
 * registers, so the ready towards the frame FIFO is a few gates deep.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_rx_extract #(
    // QPN bits
    parameter QPN_WIDTH = 12
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
    input  wire [116*8-1:0]     s_info_hdr,
    input  wire [6:0]           s_info_hl,
    // the payload's length says all (hpnic_rx_in checked it against these)
    // verilator lint_off UNUSEDSIGNAL
    input  wire [15:0]          s_info_ip_len,
    input  wire [1:0]           s_info_pad,
    // verilator lint_on UNUSEDSIGNAL
    input  wire [12:0]          s_info_pay_len,
    input  wire                 s_info_int,
    input  wire                 s_info_icrc_bad,

    /*
     * Packets, with the ICRC verdict (to hpnic_rx_decide)
     */
    output wire                 m_pkt_valid,
    input  wire                 m_pkt_ready,
    output wire                 m_pkt_drop,
    output wire                 m_pkt_has_payload,
    output wire [QPN_WIDTH-1:0] m_pkt_qpn,
    output wire [7:0]           m_pkt_opcode,
    output wire [1:0]           m_pkt_ecn,          // the IPv4 ECN field (11: CE)
    output wire [23:0]          m_pkt_psn,
    output wire                 m_pkt_ack_req,      // the BTH's AckReq bit
    output wire [12:0]          m_pkt_len,
    output wire [63:0]          m_pkt_reth_va,
    output wire [31:0]          m_pkt_reth_rkey,
    output wire [31:0]          m_pkt_reth_len,
    output wire [7:0]           m_pkt_aeth_syn,
    output wire                 m_pkt_imm_valid,    // the packet carries an ImmDt
    output wire [31:0]          m_pkt_imm,          // ... wire order (its first byte in 31:24)
    output wire                 m_pkt_int_valid,
    output wire [3:0]           m_pkt_int_nhop,
    output wire [11:0]          m_pkt_int_path,
    output wire [5*64-1:0]      m_pkt_int_hops,

    /*
     * Payloads (to hpnic_rx_commit), one frame per packet with payload, in
     * packet order
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
    input [116*8-1:0] h;
    input integer i;
    begin
        hbyte = h[8*i +: 8];
    end
endfunction

// the BTH's bytes the event carries
// verilator lint_off UNUSEDSIGNAL
reg [95:0]  f_bth;
// verilator lint_on UNUSEDSIGNAL
reg [159:0] f_ext;
reg [335:0] f_int;
integer fb;
always @* begin
    // constant byte indices on both sides of the select: an index that
    // depends on s_info_int would be a 112-way shifter per byte
    for (fb = 0; fb < 12; fb = fb + 1) begin
        f_bth[95 - 8*fb -: 8] = s_info_int ? hbyte(s_info_hdr, 84 + fb) : hbyte(s_info_hdr, 42 + fb);
    end
    for (fb = 0; fb < 20; fb = fb + 1) begin
        f_ext[159 - 8*fb -: 8] = s_info_int ? hbyte(s_info_hdr, 96 + fb) : hbyte(s_info_hdr, 54 + fb);
    end
    for (fb = 0; fb < 42; fb = fb + 1) begin
        f_int[335 - 8*fb -: 8] = hbyte(s_info_hdr, 42 + fb);
    end
end

wire f_has_pay = s_info_pay_len != 0;
// the TOS byte's low bits
wire [1:0] f_ecn = s_info_hdr[8*15 +: 2];

// BTH opcodes: the register map's (fw/regmap.toml, BTH_OP)
`include "hpnic_regs.vh"

// the ImmDt: behind the BTH, or behind the RETH of a WRITE ONLY with
// Immediate (hpnic_rx_in admitted the frame with that header length)
wire [7:0]  f_op = f_bth[95:88];
wire        f_imm_valid = f_op == HPNIC_BTH_OP_SEND_LAST_IMM || f_op == HPNIC_BTH_OP_SEND_ONLY_IMM ||
                          f_op == HPNIC_BTH_OP_WRITE_LAST_IMM || f_op == HPNIC_BTH_OP_WRITE_ONLY_IMM;
wire [31:0] f_imm = (f_op == HPNIC_BTH_OP_WRITE_ONLY_IMM) ? f_ext[31:0] : f_ext[159:128];

/*
 * Events and realign parameters: one of each per info record. The record is
 * taken when both have room, which registers say: the event slice's ready,
 * and the parameter queue's room as of the cycle before (two short of full,
 * so that the push of that cycle and of this one both fit).
 */
localparam EV_W = QW + 8 + 2 + 24 + 1 + 13 + 64 + 32 + 32 + 8 + 1 + 32 + 1 + 336 + 1 + 1;

wire            ev_in_ready;
wire [EV_W-1:0] ev_in = {f_bth[32 +: QW], f_bth[95:88], f_ecn, f_bth[23:0], f_bth[31], s_info_pay_len,
                         f_ext[159:96], f_ext[95:64], f_ext[63:32], f_ext[159:152],
                         f_imm_valid, f_imm, s_info_int, f_int, f_has_pay, s_info_icrc_bad};
wire [EV_W-1:0] ev_out;

reg  par_room_reg = 1'b0;
assign s_info_ready = ev_in_ready && par_room_reg;
wire info_take = s_info_valid && s_info_ready;

hpnic_reg_slice #(.WIDTH(EV_W))
ev_slice_inst (
    .clk(clk), .rst(rst),
    .s_valid(s_info_valid && par_room_reg), .s_ready(ev_in_ready), .s_data(ev_in),
    .m_valid(m_pkt_valid), .m_ready(m_pkt_ready), .m_data(ev_out)
);

assign {m_pkt_qpn, m_pkt_opcode, m_pkt_ecn, m_pkt_psn, m_pkt_ack_req, m_pkt_len, m_pkt_reth_va, m_pkt_reth_rkey,
        m_pkt_reth_len, m_pkt_aeth_syn, m_pkt_imm_valid, m_pkt_imm, m_pkt_int_valid, m_pkt_int_nhop, m_pkt_int_path,
        m_pkt_int_hops, m_pkt_has_payload, m_pkt_drop} = ev_out;

always @(posedge clk) begin
    if (info_take && s_info_icrc_bad) begin
        stat_icrc <= stat_icrc + 1'b1;
    end
    if (rst) begin
        stat_icrc <= 0;
    end
end

// realign parameters: the header's class (its shift), whether the payload
// starts in beat 1 (hl >= 64), the payload's beats (0..64), whether there
// are none or one, and the bytes of its last beat (1..64)
wire [2:0] f_cls = hpnic_hl_class(s_info_hl);
// verilator lint_off UNUSEDSIGNAL
wire [6:0] f_cls_hl = hpnic_hl_of_class(f_cls);    // only bit 6: hl >= 64
// verilator lint_on UNUSEDSIGNAL
wire [6:0] f_beats = s_info_pay_len[12:6] + {6'd0, s_info_pay_len[5:0] != 6'd0};
wire [6:0] f_last_n = (s_info_pay_len[5:0] == 6'd0) ? 7'd64 : {1'b0, s_info_pay_len[5:0]};
localparam PAR_W = 3 + 1 + 7 + 1 + 1 + 7;

wire             par_valid, par_take;
wire [2:0]       par_cls;
wire             par_b1, par_nz, par_one;
wire [6:0]       par_beats, par_last_n;
wire [4:0]       par_count;
// verilator lint_off UNUSEDSIGNAL
wire             par_in_ready;   // par_room_reg keeps it
// verilator lint_on UNUSEDSIGNAL

hpnic_fifo #(.DEPTH_LOG2(4), .WIDTH(PAR_W))
par_fifo_inst (
    .clk(clk), .rst(rst),
    .s_valid(info_take), .s_ready(par_in_ready),
    .s_data({f_cls, f_cls_hl[6], f_beats, f_has_pay, f_beats == 7'd1, f_last_n}),
    .m_valid(par_valid), .m_ready(par_take),
    .m_data({par_cls, par_b1, par_beats, par_nz, par_one, par_last_n}),
    .count(par_count)
);

always @(posedge clk) begin
    par_room_reg <= par_count <= 5'd14;
    if (rst) begin
        par_room_reg <= 1'b0;
    end
end

/*
 * Realign
 */
reg         ra_in_frame = 1'b0;     // a frame's beats are being consumed
reg [2:0]   ra_cls = 0;             // the header's class: the shift
reg [6:0]   ra_beats = 0;           // payload beats still to output
reg         ra_one = 1'b0;          // ra_beats == 1
reg         ra_emit = 1'b0;         // the next beat of the frame makes an output
reg [6:0]   ra_last_n = 0;          // bytes in the payload's last beat
reg [511:0] ra_prev = 0;            // the beat before
reg         ra_flush = 1'b0;        // ra_prev holds the payload's last output

wire pay_ready;                     // the output slice takes a beat

// an output this cycle: the flush, or a payload beat of the frame
wire out_need = ra_flush || (ra_in_frame && ra_emit);
wire take_beat = s_frame_tvalid && (ra_in_frame || par_valid) && (!out_need || pay_ready);
wire y_valid = ra_flush || (ra_in_frame && ra_emit && s_frame_tvalid);
wire y_last = ra_flush || ra_one;
wire [6:0] y_n = y_last ? ra_last_n : 7'd64;

assign s_frame_tready = take_beat;
assign par_take = take_beat && !ra_in_frame;

// a flush re-uses the realign shifter: the held last beat alone, while the
// next frame's first beat (which makes no output) may come in; the shift is
// hl mod 64, one of six (hpnic_hdr_len.vh), picked by the header's class
wire [511:0] pair;

hpnic_byte_shr #(
    .IN_BYTES(128),
    .OUT_BYTES(64),
    .SHIFT_WIDTH(3),
    .LIST_LOG2(3),
    .SHIFT_LIST(hpnic_hl_shifts(0))
)
realign_shr_inst (
    .in({ra_flush ? 512'd0 : s_frame_tdata, ra_prev}),
    .shift(ra_cls),
    .out(pair)
);

always @(posedge clk) begin
    if (ra_flush && pay_ready) begin
        ra_flush <= 1'b0;
    end
    if (take_beat) begin
        ra_prev <= s_frame_tdata;
        if (!ra_in_frame) begin
            // beat 0 makes no output; beat 1 does if the payload starts in beat 0
            ra_cls <= par_cls;
            ra_beats <= par_beats;
            ra_one <= par_one;
            ra_last_n <= par_last_n;
            ra_emit <= !par_b1 && par_nz;
            if (s_frame_tlast && par_nz) begin
                ra_flush <= 1'b1;
            end
        end else begin
            if (ra_emit) begin
                ra_beats <= ra_beats - 7'd1;
                ra_one <= ra_beats == 7'd2;
            end
            // past the header: every beat outputs while payload is left
            ra_emit <= ra_emit ? !ra_one : ra_beats != 7'd0;
            if (s_frame_tlast && (ra_emit ? !ra_one : ra_beats != 7'd0)) begin
                ra_flush <= 1'b1;
            end
        end
        ra_in_frame <= !s_frame_tlast;
    end

    if (rst) begin
        ra_in_frame <= 1'b0;
        ra_flush <= 1'b0;
    end
end

/*
 * Output: a register slice, so that rx_commit's ready reaches no further
 */
hpnic_reg_slice #(.WIDTH(512 + 64 + 1))
pay_slice_inst (
    .clk(clk), .rst(rst),
    .s_valid(y_valid), .s_ready(pay_ready), .s_data({pair, hpnic_lanes_below(y_n), y_last}),
    .m_valid(m_pay_tvalid), .m_ready(m_pay_tready), .m_data({m_pay_tdata, m_pay_tkeep, m_pay_tlast})
);

endmodule

`resetall
