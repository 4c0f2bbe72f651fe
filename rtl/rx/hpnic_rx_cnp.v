// SPDX-License-Identifier: MIT
/*
 * RX CNP: DCQCN's notification point (NP) and the requester's side of a
 * received CNP ("Congestion Control for Large-Scale RDMA Deployments";
 * docs/cc-dcqcn.md).
 *
 * Two kinds of packet event come in, both off the RX packet stream:
 *  - a request (SEND, WRITE, READ REQUEST) that arrived with IP ECN = CE, for
 *    a responder QP (state RTR or RTS): the NP sends a CNP to the QP's peer
 *    (hpnic_tx_hdr puts the context's destination QPN in the BTH), unless
 *    it sent one for this QP less than cfg_min_time_us ago
 *    (min_time_between_cnps), in which case the CNP is suppressed;
 *  - a CNP (BTH opcode 0x81): for a QP ready to send (RTS) and with a good
 *    ICRC it becomes a CNP event for the CC engine; anything else is
 *    dropped. Both are counted.
 *
 * Per-QP state, one word each in block RAM: the time of the QP's last CNP
 * (20 bits of the engine's microsecond clock, now_us), written only here,
 * and the QP's state class {RTS, RTR or RTS}, written only by the QP
 * context writes. An event takes two cycles: the RAMs are read as it is
 * taken and written in the next cycle, in which no event is taken, so the
 * next event of the same QP reads what this one wrote (no forwarding
 * needed). The packet stream never brings events faster than one in two
 * cycles for long: only CE-marked requests and CNPs come here.
 *
 * After reset a sweep (2^QPN_WIDTH cycles, no event taken) sets every QP's
 * last-CNP time 4096 us in the past, beyond the largest cfg_min_time_us,
 * so that a QP's first CE mark always sends a CNP. The times are compared
 * mod 2^20 us (1.05 s): a QP whose last CNP is a multiple of 1.05 s back,
 * give or take cfg_min_time_us, has its next one suppressed.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_rx_cnp #(
    // QPN bits
    parameter QPN_WIDTH = 12,
    // log2 of each output queue's depth
    parameter FIFO_LOG2 = 4
) (
    input  wire                  clk,
    input  wire                  rst,

    /*
     * Configuration: QP context writes, min_time_between_cnps (us), the time
     */
    input  wire                  cfg_qp_wr_en,
    input  wire [QPN_WIDTH-1:0]  cfg_qp_wr_qpn,
    input  wire [2:0]            cfg_qp_wr_state,   // QPS_* (docs/transport.md)
    input  wire [11:0]           cfg_min_time_us,
    input  wire [19:0]           now_us,

    /*
     * Events: a CE-marked request (s_cnp = 0) or a received CNP (s_cnp = 1,
     * s_drop: its ICRC was bad)
     */
    input  wire                  s_valid,
    output wire                  s_ready,
    input  wire [QPN_WIDTH-1:0]  s_qpn,
    input  wire                  s_cnp,
    input  wire                  s_drop,

    /*
     * CNPs to send, for responder QP m_tx_qpn (to TX)
     */
    output wire                  m_tx_valid,
    input  wire                  m_tx_ready,
    output wire [QPN_WIDTH-1:0]  m_tx_qpn,

    /*
     * CNPs received, for requester QP m_rx_qpn (to the CC engine)
     */
    output wire                  m_rx_valid,
    input  wire                  m_rx_ready,
    output wire [QPN_WIDTH-1:0]  m_rx_qpn,

    output wire                  init_done,

    output reg  [31:0]           stat_cnp_sent = 0,
    output reg  [31:0]           stat_cnp_suppressed = 0,
    output reg  [31:0]           stat_cnp_rx = 0,
    output reg  [31:0]           stat_cnp_drop = 0
);

// parameters a caller can get wrong fail at elaboration, not silently
initial begin
    if (QPN_WIDTH < 1 || QPN_WIDTH > 20) begin
        $error("hpnic_rx_cnp: QPN_WIDTH must be 1..20 (%m)");
        $finish;
    end
    if (FIFO_LOG2 < 1) begin
        $error("hpnic_rx_cnp: FIFO_LOG2 must be at least 1 (%m)");
        $finish;
    end
end

localparam QW = QPN_WIDTH;

// QP states: the register map's (fw/regmap.toml, QPS)
`include "hpnic_regs.vh"

/*
 * Reset sweep
 */
reg          init_reg = 1'b1;
reg [QW-1:0] init_qpn = 0;

always @(posedge clk) begin
    if (init_reg) begin
        init_qpn <= init_qpn + 1'b1;
        if (&init_qpn) begin
            init_reg <= 1'b0;
        end
    end
    if (rst) begin
        init_reg <= 1'b1;
        init_qpn <= 0;
    end
end

assign init_done = !init_reg;

/*
 * Stage 1: take the event, read both RAMs
 */
wire tx_in_ready, rx_in_ready;
reg  busy_reg = 1'b0;
reg  [QW-1:0] p_qpn = 0;
reg  p_cnp = 1'b0, p_drop = 1'b0;

// both queues have room for this event's push (only this block pushes)
assign s_ready = !busy_reg && !init_reg && tx_in_ready && rx_in_ready;
wire take = s_valid && s_ready;

always @(posedge clk) begin
    busy_reg <= take;
    if (take) begin
        p_qpn <= s_qpn;
        p_cnp <= s_cnp;
        p_drop <= s_drop;
    end
    if (rst) begin
        busy_reg <= 1'b0;
    end
end

// {RTS, RTR or RTS}
wire [1:0] qp_cls;

hpnic_ram_sdp #(
    .ADDR_WIDTH(QW),
    .DATA_WIDTH(2)
)
cls_ram_inst (
    .clk(clk),
    .wr_en(cfg_qp_wr_en),
    .wr_addr(cfg_qp_wr_qpn),
    .wr_data({cfg_qp_wr_state == HPNIC_QPS_RTS,
              cfg_qp_wr_state == HPNIC_QPS_RTS || cfg_qp_wr_state == HPNIC_QPS_RTR}),
    .rd_en(take),
    .rd_addr(s_qpn),
    .rd_data(qp_cls)
);

/*
 * Stage 2: decide, push, write the time back
 */
wire [19:0] last_us;
// since >= min: the difference mod 2^20, against the 12-bit minimum
wire [19:0] since_us = now_us - last_us;
wire        due = since_us >= {8'd0, cfg_min_time_us};

wire send = busy_reg && !p_cnp && qp_cls[0] && due;
wire supp = busy_reg && !p_cnp && qp_cls[0] && !due;
wire rx_ok = busy_reg && p_cnp && !p_drop && qp_cls[1];
wire rx_bad = busy_reg && p_cnp && (p_drop || !qp_cls[1]);

hpnic_ram_sdp #(
    .ADDR_WIDTH(QW),
    .DATA_WIDTH(20)
)
time_ram_inst (
    .clk(clk),
    .wr_en(init_reg || send),
    .wr_addr(init_reg ? init_qpn : p_qpn),
    .wr_data(init_reg ? now_us - 20'd4096 : now_us),
    .rd_en(take),
    .rd_addr(s_qpn),
    .rd_data(last_us)
);

always @(posedge clk) begin
    stat_cnp_sent <= stat_cnp_sent + {31'd0, send};
    stat_cnp_suppressed <= stat_cnp_suppressed + {31'd0, supp};
    stat_cnp_rx <= stat_cnp_rx + {31'd0, rx_ok};
    stat_cnp_drop <= stat_cnp_drop + {31'd0, rx_bad};
    if (rst) begin
        stat_cnp_sent <= 0;
        stat_cnp_suppressed <= 0;
        stat_cnp_rx <= 0;
        stat_cnp_drop <= 0;
    end
end

/*
 * Output queues
 */
// verilator lint_off UNUSEDSIGNAL
wire [FIFO_LOG2:0] tx_count, rx_count;
// verilator lint_on UNUSEDSIGNAL

hpnic_fifo #(.DEPTH_LOG2(FIFO_LOG2), .WIDTH(QW))
tx_fifo_inst (
    .clk(clk), .rst(rst),
    .s_valid(send), .s_ready(tx_in_ready), .s_data(p_qpn),
    .m_valid(m_tx_valid), .m_ready(m_tx_ready), .m_data(m_tx_qpn),
    .count(tx_count)
);

hpnic_fifo #(.DEPTH_LOG2(FIFO_LOG2), .WIDTH(QW))
rx_fifo_inst (
    .clk(clk), .rst(rst),
    .s_valid(rx_ok), .s_ready(rx_in_ready), .s_data(p_qpn),
    .m_valid(m_rx_valid), .m_ready(m_rx_ready), .m_data(m_rx_qpn),
    .count(rx_count)
);

endmodule

`resetall
