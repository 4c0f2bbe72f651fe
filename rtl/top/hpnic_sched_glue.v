// SPDX-License-Identifier: MIT
/*
 * Between the requester and the flow scheduler, both in wire bytes.
 *
 * The scheduler paces and windows byte counts per QP: posted (work), snd_nxt
 * (its PktSends) and snd_una (the ACK stream), and cuts pending bytes into
 * PktSends of min(MTU, pending). The requester charges every packet what it
 * occupies on the wire and spends PktSends as a byte balance, one packet or
 * many per PktSend (hpnic_req). This glue:
 *
 *  - work: passes the requester's announcements on (wire bytes);
 *  - PktSend: passes it on with its length, and adds the length to the
 *    QP's bytes granted;
 *  - window: the requester and the completer count a window position per
 *    PSN in the same bytes (bpos). Bytes in flight = the position at
 *    snd_nxt - the position of the first PSN not acknowledged, so
 *    snd_una = bytes granted - bytes in flight. The completer reports both
 *    positions after each acknowledgement and each rewind (a rewind leaves
 *    nothing in flight, which reopens the window); the requester reports its
 *    position whenever credit went to no request (READ responses, which are
 *    never acknowledged, credit with nothing to send, credit that only repays
 *    an overdrawn packet, credit held by the READ fence), so that credit counts as acknowledged at once and only
 *    requests occupy the window. A READ request's position advances by the
 *    responses it asks for: the window bounds the READ data a QP has asked
 *    for (docs/core.md).
 *
 * The per-QP state (bytes granted, the acknowledged position) lives in one
 * RAM with a one-cycle read-modify-write loop shared by every event, so
 * back-to-back events on a QP never race.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_sched_glue #(
    // QPN bits
    parameter QPN_WIDTH = 12,
    // PktSend length bits (as the scheduler's LEN_WIDTH)
    parameter LEN_WIDTH = 14,
    // log2 of the output queues
    parameter FIFO_LOG2 = 4
) (
    input  wire                  clk,
    input  wire                  rst,

    /*
     * Requester side
     */
    input  wire                  s_work_valid,
    output wire                  s_work_ready,
    input  wire [QPN_WIDTH-1:0]  s_work_qpn,
    input  wire [31:0]           s_work_bytes,

    input  wire                  s_inflight_valid,  // the completer's window state
    output wire                  s_inflight_ready,
    input  wire [QPN_WIDTH-1:0]  s_inflight_qpn,
    input  wire [23:0]           s_inflight_acked,  // position of the first PSN not acknowledged
    input  wire [23:0]           s_inflight_sent,   // position at snd_nxt

    input  wire                  s_free_valid,      // credit that went to no request
    output wire                  s_free_ready,
    input  wire [QPN_WIDTH-1:0]  s_free_qpn,
    input  wire [23:0]           s_free_sent,

    output wire                  m_pktsend_valid,
    input  wire                  m_pktsend_ready,
    output wire [QPN_WIDTH-1:0]  m_pktsend_qpn,
    output wire [LEN_WIDTH-1:0]  m_pktsend_len,

    /*
     * Scheduler side
     */
    output wire                  m_sched_work_valid,
    input  wire                  m_sched_work_ready,
    output wire [QPN_WIDTH-1:0]  m_sched_work_qpn,
    output wire [31:0]           m_sched_work_bytes,

    output wire                  m_sched_ack_valid,
    input  wire                  m_sched_ack_ready,
    output wire [QPN_WIDTH-1:0]  m_sched_ack_qpn,
    output wire [31:0]           m_sched_ack_snd_una,

    input  wire                  s_sched_pktsend_valid,
    output wire                  s_sched_pktsend_ready,
    input  wire [QPN_WIDTH-1:0]  s_sched_pktsend_qpn,
    input  wire [LEN_WIDTH-1:0]  s_sched_pktsend_len,

    /*
     * QP (re)start: its counts begin at zero, as the scheduler's do
     */
    input  wire                  s_start_valid,
    output wire                  s_start_ready,
    input  wire [QPN_WIDTH-1:0]  s_start_qpn
);

localparam QW = QPN_WIDTH;

initial begin
    if (LEN_WIDTH < 8 || LEN_WIDTH > 24) begin
        $error("hpnic_sched_glue: LEN_WIDTH must be 8..24 (%m)");
        $finish;
    end
    if (FIFO_LOG2 < 3) begin
        $error("hpnic_sched_glue: FIFO_LOG2 must be at least 3 (%m)");
        $finish;
    end
end

/*
 * Work: one register stage
 */
reg          w_valid_reg = 1'b0;
reg [QW-1:0] w_qpn_reg = 0;
reg [31:0]   w_bytes_reg = 0;
wire         w_load = !w_valid_reg || m_sched_work_ready;

always @(posedge clk) begin
    if (w_load) begin
        w_valid_reg <= s_work_valid;
        w_qpn_reg <= s_work_qpn;
        w_bytes_reg <= s_work_bytes;
    end
    if (rst) begin
        w_valid_reg <= 1'b0;
    end
end

assign s_work_ready = w_load;
assign m_sched_work_valid = w_valid_reg;
assign m_sched_work_qpn = w_qpn_reg;
assign m_sched_work_bytes = w_bytes_reg;

/*
 * Events on the per-QP state: start, PktSend, window reports
 */
// Each event needs room only in the queue it writes: a PktSend in the
// PktSend queue, a window report in the ACK queue. (Gating every event on
// both deadlocked: the requester stops taking PktSends while its queue of
// free-credit reports is full, and those reports waited behind the PktSends.)
wire [FIFO_LOG2:0] ps_count, ack_count;
localparam [FIFO_LOG2:0] ROOM = 2**FIFO_LOG2 - 4;
reg ps_room_reg = 1'b0, ack_room_reg = 1'b0;

always @(posedge clk) begin
    ps_room_reg <= ps_count < ROOM;
    ack_room_reg <= ack_count < ROOM;
    if (rst) begin
        ps_room_reg <= 1'b0;
        ack_room_reg <= 1'b0;
    end
end

localparam [1:0] K_START = 2'd0, K_PS = 2'd1, K_INF = 2'd2, K_FREE = 2'd3;

wire take_start = s_start_valid;
wire [1:0] ev_pick;
wire       ev_any;
wire       ev_go = !s_start_valid && ev_any;

hpnic_rr_arb #(.PORTS(3), .PW(2))
arb_inst (
    .clk(clk), .rst(rst),
    .req({s_free_valid && ack_room_reg, s_inflight_valid && ack_room_reg,
          s_sched_pktsend_valid && ps_room_reg}),
    .take(ev_go), .pick(ev_pick), .pick_valid(ev_any)
);

wire take_ps = ev_go && ev_pick == 2'd0;
wire take_inf = ev_go && ev_pick == 2'd1;
wire take_free = ev_go && ev_pick == 2'd2;

assign s_start_ready = take_start;
assign s_sched_pktsend_ready = take_ps;
assign s_inflight_ready = take_inf;
assign s_free_ready = take_free;

reg                 s1_valid = 1'b0;
reg [1:0]           s1_kind = 0;
reg [QW-1:0]        s1_qpn = 0;
reg [LEN_WIDTH-1:0] s1_len = 0;     // PktSend length
reg [23:0]          s1_acked = 0, s1_sent = 0;

always @(posedge clk) begin
    s1_valid <= take_start || ev_go;
    s1_kind <= take_start ? K_START : take_ps ? K_PS : take_inf ? K_INF : K_FREE;
    s1_qpn <= take_start ? s_start_qpn : take_ps ? s_sched_pktsend_qpn :
              take_inf ? s_inflight_qpn : s_free_qpn;
    s1_len <= s_sched_pktsend_len;
    s1_acked <= s_inflight_acked;
    s1_sent <= take_inf ? s_inflight_sent : s_free_sent;
    if (rst) begin
        s1_valid <= 1'b0;
    end
end

// state: {bytes granted, position of the first PSN not acknowledged}
wire [55:0] st_old;
reg  [55:0] st_new;

hpnic_rmw_ram #(
    .ADDR_WIDTH(QW),
    .DATA_WIDTH(56)
)
state_inst (
    .clk(clk),
    .rst(rst),
    .rd_valid(s1_valid),
    .rd_addr(s1_qpn),
    .old_data(st_old),
    .wr_en(1'b1),
    .wr_data(st_new)
);

reg                 s2_valid = 1'b0;
reg [1:0]           s2_kind = 0;
reg [QW-1:0]        s2_qpn = 0;
reg [LEN_WIDTH-1:0] s2_len = 0;
reg [23:0]          s2_acked = 0, s2_sent = 0;

always @(posedge clk) begin
    s2_valid <= s1_valid;
    s2_kind <= s1_kind;
    s2_qpn <= s1_qpn;
    s2_len <= s1_len;
    s2_acked <= s1_acked;
    s2_sent <= s1_sent;
    if (rst) begin
        s2_valid <= 1'b0;
    end
end

wire [31:0] o_granted = st_old[55:24];
wire [23:0] o_acked = st_old[23:0];
wire [23:0] acked = (s2_kind == K_INF) ? s2_acked : o_acked;
// bytes in flight; none when the sent position sits behind the acknowledged
// one (a rewind that an ACK overtook: docs/transport.md)
wire [23:0] inflight_d = s2_sent - acked;
wire [23:0] inflight = inflight_d[23] ? 24'd0 : inflight_d;

always @* begin
    st_new = st_old;
    case (s2_kind)
        K_START: st_new = 56'd0;
        K_PS: st_new = {o_granted + {{(32-LEN_WIDTH){1'b0}}, s2_len}, o_acked};
        K_INF: st_new = {o_granted, s2_acked};
        default: st_new = st_old;
    endcase
end

reg                 ps_wr = 1'b0, ack_wr = 1'b0;
reg [QW-1:0]        out_qpn = 0;
reg [LEN_WIDTH-1:0] out_len = 0;
reg [31:0]          out_una = 0;

always @(posedge clk) begin
    ps_wr <= s2_valid && s2_kind == K_PS;
    ack_wr <= s2_valid && (s2_kind == K_INF || s2_kind == K_FREE);
    out_qpn <= s2_qpn;
    out_len <= s2_len;
    out_una <= o_granted - {8'd0, inflight};
    if (rst) begin
        ps_wr <= 1'b0;
        ack_wr <= 1'b0;
    end
end

// verilator lint_off UNUSEDSIGNAL
wire ps_ready, ack_ready;
// verilator lint_on UNUSEDSIGNAL

hpnic_fifo #(.DEPTH_LOG2(FIFO_LOG2), .WIDTH(QW + LEN_WIDTH))
ps_inst (
    .clk(clk), .rst(rst),
    .s_valid(ps_wr), .s_ready(ps_ready), .s_data({out_qpn, out_len}),
    .m_valid(m_pktsend_valid), .m_ready(m_pktsend_ready),
    .m_data({m_pktsend_qpn, m_pktsend_len}),
    .count(ps_count)
);

hpnic_fifo #(.DEPTH_LOG2(FIFO_LOG2), .WIDTH(QW + 32))
ack_inst (
    .clk(clk), .rst(rst),
    .s_valid(ack_wr), .s_ready(ack_ready), .s_data({out_qpn, out_una}),
    .m_valid(m_sched_ack_valid), .m_ready(m_sched_ack_ready),
    .m_data({m_sched_ack_qpn, m_sched_ack_snd_una}),
    .count(ack_count)
);

endmodule

`resetall
