// SPDX-License-Identifier: MIT
/*
 * HPCC flow scheduler (HPCC paper §4.2-4.3): paces every QP at the rate of its
 * last Update with per-QP credit, enforces its window, and emits one PktSend
 * (qpn, payload length) per packet to the TX pipe.
 *
 * QPs are split over ENGINES engines by the low QPN bits (QP q lives in
 * engine q mod ENGINES, at local index q / ENGINES). Each engine keeps every
 * per-QP table in its own RAM banks and visits one of its active QPs (those
 * with bytes pending) per cycle, round robin within a level of a timing wheel
 * so that a QP is revisited about when its next packet falls due
 * (hpnic_flow_sched_engine.v). The engines' send decisions are merged round
 * robin, one decision (1 to 4 packets of one QP) at a time, and each is
 * expanded into its PktSend events.
 *
 * Worst-case burst of one QP: its credit never exceeds one MTU packet's wire
 * size plus param_burst_bytes, so the wire bytes it is granted in any
 * interval t are at most (MTU + overhead + param_burst_bytes) + rate x t, and
 * at most 4 packets leave per visit. Decisions wait in the PktSend queues
 * (16 per engine) before they leave, so at the TX the same bound holds with
 * t widened by that wait.
 *
 * Units (shared with hpcc_cc_engine's Update stream):
 *   rate   Q8.16 bytes/ns (100 Gb/s = 12.5 B/ns = 819200)
 *   W      Q22.4 bytes on the Update input; the scheduler keeps whole bytes
 *   bytes  payload bytes. snd_una on the ACK stream is in the QP's payload
 *          byte sequence: the sum of the PktSend lengths of the QP since its
 *          create, mod 2**32. The ACK source (RX pipe) keeps the same count.
 * A packet is charged len + param_pkt_overhead bytes of credit (the wire size
 * when the overhead is the headers, preamble and IFG), and len bytes of
 * window (inflight = snd_nxt - snd_una counts payload, as in ns-3 HPCC).
 *
 * Event ordering: every input stream has a small FIFO. A pending create or
 * remove holds back the other streams until it has been applied, so an event
 * accepted after a create/remove is applied after it; one accepted before it
 * (still queued) may be applied after it.
 *
 * After reset every engine clears its QP table (2**QPN_WIDTH / ENGINES
 * cycles); the input tready signals stay low until init_done.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_flow_sched #(
    // QPN bits; 2**QPN_WIDTH QPs
    parameter QPN_WIDTH = 12,
    // scan engines: 1, 2, 4, 8 or 16
    parameter ENGINES = 4,
    // payload length bits (MTU up to 2**LEN_WIDTH-1 bytes)
    parameter LEN_WIDTH = 14,
    // clock period in whole ns (the credit clock advances this much per cycle)
    parameter CLK_PERIOD_NS = 4,
    // bits of the ns timestamp kept per QP (wraps every 2**TS_WIDTH ns)
    parameter TS_WIDTH = 32,
    // elapsed-time bits fed to the credit multiplier (gaps beyond saturate)
    parameter DT_WIDTH = 26,
    // log2 of each input stream's FIFO depth
    parameter IN_FIFO_LOG2 = 2,
    // log2 of each engine's send-decision queue (at least 2)
    parameter OUT_FIFO_LOG2 = 4,
    // statistics counter width
    parameter COUNTER_WIDTH = 48
) (
    input  wire                          clk,
    input  wire                          rst,

    /*
     * Update(qpn, W, rate) from the CC engine
     */
    input  wire                          s_update_valid,
    output wire                          s_update_ready,
    input  wire [QPN_WIDTH-1:0]          s_update_qpn,
    input  wire [25:0]                   s_update_w,        // bytes, Q22.4
    input  wire [23:0]                   s_update_rate,     // bytes/ns, Q8.16

    /*
     * Work available (host interface): bytes added to the QP's send queue
     */
    input  wire                          s_work_valid,
    output wire                          s_work_ready,
    input  wire [QPN_WIDTH-1:0]          s_work_qpn,
    input  wire [31:0]                   s_work_bytes,

    /*
     * ACK progress (RX pipe): new snd_una, payload byte sequence
     */
    input  wire                          s_ack_valid,
    output wire                          s_ack_ready,
    input  wire [QPN_WIDTH-1:0]          s_ack_qpn,
    input  wire [31:0]                   s_ack_snd_una,

    /*
     * Create/remove flow
     */
    input  wire                          s_flow_valid,
    output wire                          s_flow_ready,
    input  wire [QPN_WIDTH-1:0]          s_flow_qpn,
    input  wire                          s_flow_remove,     // 0 create, 1 remove

    /*
     * Per-QP packet payload size (MTU); 0 is rejected
     */
    input  wire                          s_mtu_valid,
    output wire                          s_mtu_ready,
    input  wire [QPN_WIDTH-1:0]          s_mtu_qpn,
    input  wire [LEN_WIDTH-1:0]          s_mtu_len,

    /*
     * PktSend(qpn, payload length) to the TX pipe
     */
    output wire                          m_pktsend_valid,
    input  wire                          m_pktsend_ready,
    output wire [QPN_WIDTH-1:0]          m_pktsend_qpn,
    output wire [LEN_WIDTH-1:0]          m_pktsend_len,

    /*
     * Parameters (from the CSR block; change only while no create is queued)
     */
    input  wire [23:0]                   param_line_rate,    // Q8.16 bytes/ns: new flows' rate
    input  wire [19:0]                   param_t_ns,         // T: new flows' W = line rate x T
    input  wire [7:0]                    param_pkt_overhead, // credit bytes per packet beyond payload
    input  wire [15:0]                   param_burst_bytes,  // credit bucket: one MTU packet + this
    input  wire [LEN_WIDTH-1:0]          param_mtu_default,  // new flows' payload size

    /*
     * Status
     */
    output wire                          init_done,
    output reg  [COUNTER_WIDTH-1:0]      stat_pktsend = 0,
    output reg  [ENGINES*COUNTER_WIDTH-1:0] stat_visits = 0,
    output reg  [COUNTER_WIDTH-1:0]      stat_work_invalid = 0,
    output reg  [COUNTER_WIDTH-1:0]      stat_mtu_invalid = 0,
    output reg  [COUNTER_WIDTH-1:0]      stat_ack_ahead = 0,
    output reg  [COUNTER_WIDTH-1:0]      stat_win_floor = 0,
    output reg  [COUNTER_WIDTH-1:0]      stat_no_room = 0,
    output wire                          status_overflow
);

localparam QW = QPN_WIDTH;
localparam LEN = LEN_WIDTH;
localparam EB = $clog2(ENGINES);
localparam LW = QW - EB;
localparam integer ENG_MASK_I = ENGINES - 1;
localparam [QW-1:0] ENG_MASK = ENG_MASK_I[QW-1:0];

/*
 * Parameters, registered; W_init = line rate x T, whole bytes, saturated
 */
reg [23:0]     p_line_reg = 0;
reg [19:0]     p_t_reg = 0;
reg [7:0]      p_ovh_reg = 0;
reg [15:0]     p_burst_reg = 0;
reg [LEN-1:0]  p_mtu_reg = 0;
// verilator lint_off UNUSEDSIGNAL
reg [43:0]     p_winit_prod_reg = 0;    // Q.16 bytes: the fraction is dropped
// verilator lint_on UNUSEDSIGNAL
reg [21:0]     p_winit_reg = 0;

always @(posedge clk) begin
    p_line_reg <= param_line_rate;
    p_t_reg <= param_t_ns;
    p_ovh_reg <= param_pkt_overhead;
    p_burst_reg <= param_burst_bytes;
    p_mtu_reg <= param_mtu_default;
    p_winit_prod_reg <= {20'd0, p_line_reg} * {24'd0, p_t_reg};
    p_winit_reg <= (|p_winit_prod_reg[43:38]) ? {22{1'b1}} : p_winit_prod_reg[37:16];
end

/*
 * ns clock
 */
localparam [TS_WIDTH-1:0] CLK_STEP = CLK_PERIOD_NS;
reg [TS_WIDTH-1:0] now_reg = 0;

always @(posedge clk) begin
    now_reg <= now_reg + CLK_STEP;

    if (rst) begin
        now_reg <= 0;
    end
end

/*
 * Input FIFOs
 */
// every engine sweeps the same number of QPs from the same reset
// verilator lint_off UNUSEDSIGNAL
wire [ENGINES-1:0] eng_init_done;
// verilator lint_on UNUSEDSIGNAL
assign init_done = eng_init_done[0];

wire            upd_valid, upd_ready;
wire [QW-1:0]   upd_qpn;
// verilator lint_off UNUSEDSIGNAL
wire [25:0]     upd_w;                  // Q22.4: the window is kept in whole bytes
// verilator lint_on UNUSEDSIGNAL
wire [23:0]     upd_rate;
wire            work_valid, work_ready;
wire [QW-1:0]   work_qpn;
wire [31:0]     work_bytes;
wire            ack_valid, ack_ready;
wire [QW-1:0]   ack_qpn;
wire [31:0]     ack_una;
wire            flow_valid, flow_ready;
wire [QW-1:0]   flow_qpn;
wire            flow_remove;
wire            mtu_valid, mtu_ready;
wire [QW-1:0]   mtu_qpn;
wire [LEN-1:0]  mtu_len;

wire upd_s_ready, work_s_ready, ack_s_ready, flow_s_ready, mtu_s_ready;
assign s_update_ready = upd_s_ready && init_done;
assign s_work_ready = work_s_ready && init_done;
assign s_ack_ready = ack_s_ready && init_done;
assign s_flow_ready = flow_s_ready && init_done;
assign s_mtu_ready = mtu_s_ready && init_done;

// verilator lint_off UNUSEDSIGNAL
wire [IN_FIFO_LOG2:0] upd_count, work_count, ack_count, flow_count, mtu_count;
// verilator lint_on UNUSEDSIGNAL

hpnic_fifo #(.DEPTH_LOG2(IN_FIFO_LOG2), .WIDTH(QW + 26 + 24))
upd_fifo_inst (
    .clk(clk), .rst(rst),
    .s_valid(s_update_valid && init_done), .s_ready(upd_s_ready),
    .s_data({s_update_qpn, s_update_w, s_update_rate}),
    .m_valid(upd_valid), .m_ready(upd_ready), .m_data({upd_qpn, upd_w, upd_rate}),
    .count(upd_count)
);

hpnic_fifo #(.DEPTH_LOG2(IN_FIFO_LOG2), .WIDTH(QW + 32))
work_fifo_inst (
    .clk(clk), .rst(rst),
    .s_valid(s_work_valid && init_done), .s_ready(work_s_ready),
    .s_data({s_work_qpn, s_work_bytes}),
    .m_valid(work_valid), .m_ready(work_ready), .m_data({work_qpn, work_bytes}),
    .count(work_count)
);

hpnic_fifo #(.DEPTH_LOG2(IN_FIFO_LOG2), .WIDTH(QW + 32))
ack_fifo_inst (
    .clk(clk), .rst(rst),
    .s_valid(s_ack_valid && init_done), .s_ready(ack_s_ready),
    .s_data({s_ack_qpn, s_ack_snd_una}),
    .m_valid(ack_valid), .m_ready(ack_ready), .m_data({ack_qpn, ack_una}),
    .count(ack_count)
);

hpnic_fifo #(.DEPTH_LOG2(IN_FIFO_LOG2), .WIDTH(QW + 1))
flow_fifo_inst (
    .clk(clk), .rst(rst),
    .s_valid(s_flow_valid && init_done), .s_ready(flow_s_ready),
    .s_data({s_flow_qpn, s_flow_remove}),
    .m_valid(flow_valid), .m_ready(flow_ready), .m_data({flow_qpn, flow_remove}),
    .count(flow_count)
);

hpnic_fifo #(.DEPTH_LOG2(IN_FIFO_LOG2), .WIDTH(QW + LEN))
mtu_fifo_inst (
    .clk(clk), .rst(rst),
    .s_valid(s_mtu_valid && init_done), .s_ready(mtu_s_ready),
    .s_data({s_mtu_qpn, s_mtu_len}),
    .m_valid(mtu_valid), .m_ready(mtu_ready), .m_data({mtu_qpn, mtu_len}),
    .count(mtu_count)
);

/*
 * Dispatch to the engines. A queued create/remove (flow_valid) holds the
 * other streams until its engine has drained and applied it.
 */
wire [QW-1:0] upd_eng = upd_qpn & ENG_MASK;
wire [QW-1:0] work_eng = work_qpn & ENG_MASK;
wire [QW-1:0] ack_eng = ack_qpn & ENG_MASK;
wire [QW-1:0] flow_eng = flow_qpn & ENG_MASK;
wire [QW-1:0] mtu_eng = mtu_qpn & ENG_MASK;
wire [LW-1:0] upd_lidx = upd_qpn[QW-1:QW-LW];
wire [LW-1:0] work_lidx = work_qpn[QW-1:QW-LW];
wire [LW-1:0] ack_lidx = ack_qpn[QW-1:QW-LW];
wire [LW-1:0] flow_lidx = flow_qpn[QW-1:QW-LW];
wire [LW-1:0] mtu_lidx = mtu_qpn[QW-1:QW-LW];

wire hold = flow_valid;
wire mtu_ok = mtu_len != {LEN{1'b0}};

assign upd_ready = !hold;
assign ack_ready = !hold;
assign mtu_ready = !hold;

wire [ENGINES-1:0] eng_work_ready, eng_flow_ready;
wire [ENGINES-1:0] eng_work_valid, eng_flow_valid;

assign work_ready = |(eng_work_valid & eng_work_ready);
assign flow_ready = |(eng_flow_valid & eng_flow_ready);

/*
 * Engines
 */
wire [ENGINES-1:0]     eng_out_valid, eng_out_ready;
wire [ENGINES*LW-1:0]  eng_out_idx;
wire [ENGINES*LEN-1:0] eng_out_len;
wire [ENGINES*3-1:0]   eng_out_n;
wire [ENGINES-1:0]     eng_ev_visit, eng_ev_work_invalid, eng_ev_ack_ahead, eng_ev_win_floor;
wire [ENGINES-1:0]     eng_ev_no_room;
wire [ENGINES-1:0]     eng_overflow;

genvar ge;
generate
    for (ge = 0; ge < ENGINES; ge = ge + 1) begin : eng
        localparam [QW-1:0] EID = ge;

        assign eng_work_valid[ge] = work_valid && !hold && work_eng == EID;
        assign eng_flow_valid[ge] = flow_valid && flow_eng == EID;

        hpnic_flow_sched_engine #(
            .LIDX_WIDTH(LW),
            .LEN_WIDTH(LEN),
            .TS_WIDTH(TS_WIDTH),
            .DT_WIDTH(DT_WIDTH),
            .OUT_FIFO_LOG2(OUT_FIFO_LOG2),
            .CLK_PERIOD_NS(CLK_PERIOD_NS)
        )
        engine_inst (
            .clk(clk),
            .rst(rst),
            .now(now_reg),
            .param_line_rate(p_line_reg),
            .param_winit(p_winit_reg),
            .param_pkt_overhead(p_ovh_reg),
            .param_burst_bytes(p_burst_reg),
            .param_mtu_default(p_mtu_reg),
            .upd_wr(upd_valid && !hold && upd_eng == EID),
            .upd_idx(upd_lidx),
            .upd_rate(upd_rate),
            .upd_w(upd_w[25:4]),
            .mtu_wr(mtu_valid && !hold && mtu_ok && mtu_eng == EID),
            .mtu_idx(mtu_lidx),
            .mtu_len(mtu_len),
            .ack_wr(ack_valid && !hold && ack_eng == EID),
            .ack_idx(ack_lidx),
            .ack_una(ack_una),
            .s_work_valid(eng_work_valid[ge]),
            .s_work_ready(eng_work_ready[ge]),
            .s_work_idx(work_lidx),
            .s_work_bytes(work_bytes),
            .s_flow_valid(eng_flow_valid[ge]),
            .s_flow_ready(eng_flow_ready[ge]),
            .s_flow_remove(flow_remove),
            .s_flow_idx(flow_lidx),
            .m_out_valid(eng_out_valid[ge]),
            .m_out_ready(eng_out_ready[ge]),
            .m_out_idx(eng_out_idx[ge*LW +: LW]),
            .m_out_len(eng_out_len[ge*LEN +: LEN]),
            .m_out_n(eng_out_n[ge*3 +: 3]),
            .init_done(eng_init_done[ge]),
            .ev_visit(eng_ev_visit[ge]),
            .ev_work_invalid(eng_ev_work_invalid[ge]),
            .ev_ack_ahead(eng_ev_ack_ahead[ge]),
            .ev_win_floor(eng_ev_win_floor[ge]),
            .ev_no_room(eng_ev_no_room[ge]),
            .overflow(eng_overflow[ge])
        );
    end
endgenerate

assign status_overflow = |eng_overflow;

/*
 * PktSend: round robin over the engines' decisions, each expanded into its
 * n packets
 */
reg [ENGINES-1:0] last_grant_reg = 1;
reg               pkt_valid_reg = 1'b0;
reg [QW-1:0]      pkt_qpn_reg = 0;
reg [LEN-1:0]     pkt_len_reg = 0;
reg [2:0]         pkt_left_reg = 0;

wire pkt_fire = pkt_valid_reg && m_pktsend_ready;
wire load = !pkt_valid_reg || (pkt_fire && pkt_left_reg == 3'd1);

// engines above the last granted one first, then from the bottom
wire [ENGINES-1:0] above = ~((last_grant_reg << 1) - 1'b1);
wire [ENGINES-1:0] req_above = eng_out_valid & above;
wire [ENGINES-1:0] req_sel = (|req_above) ? req_above : eng_out_valid;
wire [ENGINES-1:0] grant = req_sel & (~req_sel + 1'b1);

assign eng_out_ready = load ? grant : {ENGINES{1'b0}};

reg [QW-1:0]  sel_qpn;
reg [LEN-1:0] sel_len;
reg [2:0]     sel_n;
integer ke;
always @* begin
    sel_qpn = 0;
    sel_len = 0;
    sel_n = 0;
    for (ke = 0; ke < ENGINES; ke = ke + 1) begin
        if (grant[ke]) begin
            sel_qpn = sel_qpn | (({{(QW-LW){1'b0}}, eng_out_idx[ke*LW +: LW]} << EB) | ke[QW-1:0]);
            sel_len = sel_len | eng_out_len[ke*LEN +: LEN];
            sel_n = sel_n | eng_out_n[ke*3 +: 3];
        end
    end
end

always @(posedge clk) begin
    if (load) begin
        pkt_valid_reg <= |eng_out_valid;
        pkt_qpn_reg <= sel_qpn;
        pkt_len_reg <= sel_len;
        pkt_left_reg <= sel_n;
        if (|eng_out_valid) begin
            last_grant_reg <= grant;
        end
    end else if (pkt_fire) begin
        pkt_left_reg <= pkt_left_reg - 1'b1;
    end

    if (rst) begin
        pkt_valid_reg <= 1'b0;
        last_grant_reg <= 1;
    end
end

assign m_pktsend_valid = pkt_valid_reg;
assign m_pktsend_qpn = pkt_qpn_reg;
assign m_pktsend_len = pkt_len_reg;

/*
 * Counters
 */
function [4:0] popcount;
    input [ENGINES-1:0] v;
    integer i;
    begin
        popcount = 0;
        for (i = 0; i < ENGINES; i = i + 1) begin
            popcount = popcount + {4'd0, v[i]};
        end
    end
endfunction

integer kc;
always @(posedge clk) begin
    stat_pktsend <= stat_pktsend + {{(COUNTER_WIDTH-1){1'b0}}, pkt_fire};
    for (kc = 0; kc < ENGINES; kc = kc + 1) begin
        stat_visits[kc*COUNTER_WIDTH +: COUNTER_WIDTH] <= stat_visits[kc*COUNTER_WIDTH +: COUNTER_WIDTH] +
                                                          {{(COUNTER_WIDTH-1){1'b0}}, eng_ev_visit[kc]};
    end
    stat_work_invalid <= stat_work_invalid + {{(COUNTER_WIDTH-5){1'b0}}, popcount(eng_ev_work_invalid)};
    stat_mtu_invalid <= stat_mtu_invalid + {{(COUNTER_WIDTH-1){1'b0}}, mtu_valid && !hold && !mtu_ok};
    stat_ack_ahead <= stat_ack_ahead + {{(COUNTER_WIDTH-5){1'b0}}, popcount(eng_ev_ack_ahead)};
    stat_win_floor <= stat_win_floor + {{(COUNTER_WIDTH-5){1'b0}}, popcount(eng_ev_win_floor)};
    stat_no_room <= stat_no_room + {{(COUNTER_WIDTH-5){1'b0}}, popcount(eng_ev_no_room)};

    if (rst) begin
        stat_pktsend <= 0;
        stat_visits <= 0;
        stat_work_invalid <= 0;
        stat_mtu_invalid <= 0;
        stat_ack_ahead <= 0;
        stat_win_floor <= 0;
        stat_no_room <= 0;
    end
end

initial begin
    if (ENGINES != 1 && ENGINES != 2 && ENGINES != 4 && ENGINES != 8 && ENGINES != 16) begin
        $error("hpnic_flow_sched: ENGINES must be 1, 2, 4, 8 or 16");
        $finish;
    end
    if (QPN_WIDTH - EB < 2 || QPN_WIDTH > 20) begin
        $error("hpnic_flow_sched: QPN_WIDTH must be 2 + log2(ENGINES) .. 20");
        $finish;
    end
    if (CLK_PERIOD_NS < 1 || CLK_PERIOD_NS > 255) begin
        $error("hpnic_flow_sched: CLK_PERIOD_NS must be 1..255");
        $finish;
    end
end

endmodule

`resetall
