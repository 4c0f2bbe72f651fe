// SPDX-License-Identifier: MIT
/*
 * Between the requester (packets) and the flow scheduler (payload bytes).
 *
 * The scheduler paces and windows byte counts per QP: posted (work), snd_nxt
 * (its PktSends) and snd_una (the ACK stream), and cuts pending bytes into
 * PktSends of min(MTU, pending). The requester counts packets and picks each
 * packet itself (a READ response, the next WRITE segment, a READ request).
 * This glue makes one scheduler PktSend one packet:
 *
 *  - work: the requester announces packets; the scheduler gets pkts x MTU,
 *    so pending is always a whole number of MTU-sized units and every
 *    PktSend is one unit. A packet is charged as a full MTU (a short last
 *    packet of a message is over-charged; docs/core.md).
 *  - PktSend: passed on as the requester's PktSend(qpn); the glue adds its
 *    length to the QP's count of units sent.
 *  - window: the completer reports the packets in flight after each
 *    acknowledgement and each rewind; snd_una = units sent - in flight x
 *    MTU. Units spent on READ responses (never acknowledged) and on PktSends
 *    that found nothing to send count as acknowledged at once, so only
 *    request packets occupy the window, and a go-back-N rewind (nothing in
 *    flight) reopens it.
 *
 * The units-sent counters live in one RAM with a one-cycle read-modify-write
 * loop shared by both events, so back-to-back events on a QP never race.
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
     * Path MTU per QP (QP context writes)
     */
    input  wire                  cfg_qp_wr_en,
    input  wire [QPN_WIDTH-1:0]  cfg_qp_wr_qpn,
    input  wire [3:0]            cfg_qp_wr_mtu_log2,

    /*
     * Requester side
     */
    input  wire                  s_work_valid,
    output wire                  s_work_ready,
    input  wire [QPN_WIDTH-1:0]  s_work_qpn,
    input  wire [23:0]           s_work_pkts,

    input  wire                  s_inflight_valid,
    output wire                  s_inflight_ready,
    input  wire [QPN_WIDTH-1:0]  s_inflight_qpn,
    input  wire [23:0]           s_inflight_pkts,

    output wire                  m_pktsend_valid,
    input  wire                  m_pktsend_ready,
    output wire [QPN_WIDTH-1:0]  m_pktsend_qpn,

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

/*
 * MTU per QP: distributed RAM, read combinationally by the work path and
 * the event pipeline
 */
(* ram_style = "distributed" *)
reg [3:0] mtu_mem [0:(2**QW)-1];

always @(posedge clk) begin
    if (cfg_qp_wr_en) begin
        mtu_mem[cfg_qp_wr_qpn] <= cfg_qp_wr_mtu_log2;
    end
end

/*
 * Work: packets to MTU units (saturated; libhpnic keeps messages < 2 GiB)
 */
// verilator lint_off UNUSEDSIGNAL
wire [39:0] work_bytes = {16'd0, s_work_pkts} << mtu_mem[s_work_qpn];
// verilator lint_on UNUSEDSIGNAL

assign m_sched_work_valid = s_work_valid;
assign s_work_ready = m_sched_work_ready;
assign m_sched_work_qpn = s_work_qpn;
assign m_sched_work_bytes = (work_bytes[39:32] != 0) ? 32'hffff_ffff : work_bytes[31:0];

/*
 * Events on the units-sent counter: start, PktSend, in-flight report
 */
wire [FIFO_LOG2:0] ps_count, ack_count;
localparam [FIFO_LOG2:0] ROOM = 2**FIFO_LOG2 - 4;
reg room_reg = 1'b0;
reg turn_reg = 1'b0;                // PktSend and in-flight alternate when both wait

always @(posedge clk) begin
    room_reg <= ps_count < ROOM && ack_count < ROOM;
    if (rst) begin
        room_reg <= 1'b0;
    end
end

wire take_start = room_reg && s_start_valid;
wire want_ps = room_reg && !s_start_valid && s_sched_pktsend_valid;
wire want_inf = room_reg && !s_start_valid && s_inflight_valid;
wire take_ps = want_ps && (!want_inf || !turn_reg);
wire take_inf = want_inf && !take_ps;

assign s_start_ready = take_start;
assign s_sched_pktsend_ready = take_ps;
assign s_inflight_ready = take_inf;

always @(posedge clk) begin
    if (take_ps || take_inf) begin
        turn_reg <= take_ps;
    end
    if (rst) begin
        turn_reg <= 1'b0;
    end
end

reg          s1_valid = 1'b0;
reg [1:0]    s1_kind = 0;           // 0 start, 1 PktSend, 2 in flight
reg [QW-1:0] s1_qpn = 0;
reg [23:0]   s1_arg = 0;            // PktSend length or packets in flight

always @(posedge clk) begin
    s1_valid <= take_start || take_ps || take_inf;
    s1_kind <= take_start ? 2'd0 : take_ps ? 2'd1 : 2'd2;
    s1_qpn <= take_start ? s_start_qpn : take_ps ? s_sched_pktsend_qpn : s_inflight_qpn;
    s1_arg <= take_ps ? {{(24-LEN_WIDTH){1'b0}}, s_sched_pktsend_len} : s_inflight_pkts;
    if (rst) begin
        s1_valid <= 1'b0;
    end
end

wire [31:0] sent_old;
reg  [31:0] sent_new;

hpnic_rmw_ram #(
    .ADDR_WIDTH(QW),
    .DATA_WIDTH(32)
)
sent_inst (
    .clk(clk),
    .rst(rst),
    .rd_valid(s1_valid),
    .rd_addr(s1_qpn),
    .old_data(sent_old),
    .wr_en(1'b1),
    .wr_data(sent_new)
);

reg          s2_valid = 1'b0;
reg [1:0]    s2_kind = 0;
reg [QW-1:0] s2_qpn = 0;
reg [23:0]   s2_arg = 0;
reg [3:0]    s2_mtu_log2 = 0;

always @(posedge clk) begin
    s2_valid <= s1_valid;
    s2_kind <= s1_kind;
    s2_qpn <= s1_qpn;
    s2_arg <= s1_arg;
    s2_mtu_log2 <= mtu_mem[s1_qpn];
    if (rst) begin
        s2_valid <= 1'b0;
    end
end

// verilator lint_off UNUSEDSIGNAL
wire [39:0] inflight_bytes = {16'd0, s2_arg} << s2_mtu_log2;
// verilator lint_on UNUSEDSIGNAL

always @* begin
    sent_new = sent_old;
    if (s2_kind == 2'd0) begin
        sent_new = 32'd0;
    end else if (s2_kind == 2'd1) begin
        sent_new = sent_old + {8'd0, s2_arg};
    end
end

reg              ps_wr = 1'b0, ack_wr = 1'b0;
reg [QW-1:0]     out_qpn = 0;
reg [31:0]       out_una = 0;

always @(posedge clk) begin
    ps_wr <= s2_valid && s2_kind == 2'd1;
    ack_wr <= s2_valid && s2_kind == 2'd2;
    out_qpn <= s2_qpn;
    out_una <= sent_old - inflight_bytes[31:0];
    if (rst) begin
        ps_wr <= 1'b0;
        ack_wr <= 1'b0;
    end
end

// verilator lint_off UNUSEDSIGNAL
wire ps_ready, ack_ready;
// verilator lint_on UNUSEDSIGNAL

hpnic_fifo #(.DEPTH_LOG2(FIFO_LOG2), .WIDTH(QW))
ps_inst (
    .clk(clk), .rst(rst),
    .s_valid(ps_wr), .s_ready(ps_ready), .s_data(out_qpn),
    .m_valid(m_pktsend_valid), .m_ready(m_pktsend_ready), .m_data(m_pktsend_qpn),
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
