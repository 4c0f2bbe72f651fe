// SPDX-License-Identifier: MIT
/*
 * One engine of the flow scheduler (HPCC paper §4.2-4.3): the QPs whose QPN is
 * e mod ENGINES, their state, their active lists and the scan over them.
 *
 * Active lists. Only QPs with bytes pending are in a ring, so idle QPs cost
 * no scan time. Six rings (block-RAM FIFOs of local QP indices) hold them:
 *   ACT    QPs that just became active (work arrived), or whose removal from
 *          the scan was refused because work arrived meanwhile;
 *   HOT    QPs fast enough to earn a full packet of credit within one NEAR
 *          round even from no credit;
 *   NEAR   QPs whose next packet falls due within one FAST round;
 *   FAST   QPs whose next packet falls due within one SLOW round;
 *   SLOW   the other active QPs;
 *   READY  QPs that could send but found the PktSend queue full.
 * HOT/NEAR/FAST/SLOW are the levels of a timing wheel: a QP is revisited
 * about when its packet falls due, instead of once per scan of every active
 * QP, so departures follow the credit to within a round of HOT or NEAR (tens
 * to hundreds of cycles), not of the whole engine (thousands). Each ring
 * measures its own round (hpnic_flow_sched_ring.v) and the level tests use
 * it. Each cycle the issue stage pops READY if a PktSend slot can be reserved
 * for it, else the next non-empty ring of HOT, NEAR, FAST, SLOW, ACT in round
 * robin; within a ring, QPs are served first in, first out (round robin).
 *
 * A QP is in at most one ring, or in the pipeline, never twice: that is what
 * makes the visit's read-modify-write of its state hazard-free without any
 * forwarding, whatever the pipeline depth.
 *
 * Visit pipeline (one visit per cycle):
 *   c0  issue: pick a ring, pop it (the ring RAM reads its head)
 *   c1  QP index from the ring; read the QP's tables (event writes in the
 *       same cycle are forwarded)
 *   c2  pending = posted - snd_nxt, inflight = snd_nxt - snd_una, dt = now - last
 *   c3  packet length L = min(MTU, pending), window room = W - inflight,
 *       dt saturated, rate per cycle, bucket depth
 *   c4  rate x dt (DSP); wire charge = L + overhead; k x L
 *   c5  credit + rate x dt; window test for k = 1..4 packets; k x charge
 *   c6  credit saturated at the bucket depth; credit test for k = 1..4;
 *       a slot in the PktSend queue
 *   c7  n = packets to send (0..4); write the state back; queue {QP, L, n};
 *       a QP with nothing left asks the work pipeline to drop it
 *   c8  push the QP to READY (no slot), or to its wheel level
 *
 * Credit is a token bucket in bytes (Q18.16 at LEN_WIDTH 14): it grows by rate x elapsed ns
 * since the QP's last visit, exactly (rate is Q8.16 bytes/ns, time is whole
 * ns; gaps beyond 2**DT_WIDTH ns count as that), saturating at one MTU packet
 * plus param_burst_bytes. A packet is charged its wire size L +
 * param_pkt_overhead. A visit sends n packets of L bytes when credit >= n x
 * charge, inflight + n x L <= W and pending >= n x L; as in the ns-3 HPCC
 * artifact, one packet may go when nothing is in flight even if it is larger
 * than W, so that a window below one packet cannot deadlock a QP.
 *
 * Output backpressure never costs credit or scan time: a visit that could
 * send but finds no slot keeps its (accrued) credit, sends nothing and queues
 * its QP on READY; READY visits are issued only with a reserved slot, so
 * slots go to waiting QPs first come first served, and the other rings keep
 * being scanned meanwhile.
 *
 * Work pipeline (one op per cycle, a one-cycle read-modify-write with a
 * write-first RAM, so back-to-back ops on one QP need nothing else):
 *   work(bytes)   posted += bytes; activate (push ACT) if not in a ring
 *   drop(snd_nxt) from a visit that left nothing pending: leave the scan if
 *                 posted == snd_nxt still (or the QP is invalid), else push ACT
 *   create/remove set or clear the QP's valid bit (create also zeroes posted)
 * posted and the in-ring bit are only ever written here, which is what closes
 * the race between a visit that sees nothing pending and new work arriving.
 *
 * Create/remove drain the engine first (no visit in flight, no drop pending),
 * then reset the QP's tables in one cycle; they cost about 10 scan cycles.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_flow_sched_engine #(
    // local QP index bits: the engine holds 2**LIDX_WIDTH QPs
    parameter LIDX_WIDTH = 10,
    // payload length bits (MTU up to 2**LEN_WIDTH-1 bytes)
    parameter LEN_WIDTH = 14,
    // timestamp bits of the ns clock (per-QP time of last visit)
    parameter TS_WIDTH = 32,
    // elapsed-time bits fed to the credit multiplier; longer gaps saturate
    parameter DT_WIDTH = 26,
    // log2 of the PktSend decision queue depth
    parameter OUT_FIFO_LOG2 = 4,
    // clock period in whole ns (the ns clock's step)
    parameter CLK_PERIOD_NS = 4
) (
    input  wire                  clk,
    input  wire                  rst,

    // ns since reset (wraps)
    input  wire [TS_WIDTH-1:0]   now,

    /*
     * Parameters (held stable)
     */
    input  wire [23:0]           param_line_rate,    // new flow: rate, Q8.16 bytes/ns
    input  wire [21:0]           param_winit,        // new flow: W, bytes
    input  wire [7:0]            param_pkt_overhead, // wire bytes per packet beyond payload
    input  wire [15:0]           param_burst_bytes,  // bucket depth beyond one MTU packet
    input  wire [LEN_WIDTH-1:0]  param_mtu_default,  // new flow: payload bytes per packet

    /*
     * Table writes (always accepted)
     */
    input  wire                  upd_wr,
    input  wire [LIDX_WIDTH-1:0] upd_idx,
    input  wire [23:0]           upd_rate,           // Q8.16 bytes/ns
    input  wire [21:0]           upd_w,              // bytes
    input  wire                  mtu_wr,
    input  wire [LIDX_WIDTH-1:0] mtu_idx,
    input  wire [LEN_WIDTH-1:0]  mtu_len,
    input  wire                  ack_wr,
    input  wire [LIDX_WIDTH-1:0] ack_idx,
    input  wire [31:0]           ack_una,            // byte sequence

    /*
     * Work-available events
     */
    input  wire                  s_work_valid,
    output wire                  s_work_ready,
    input  wire [LIDX_WIDTH-1:0] s_work_idx,
    input  wire [31:0]           s_work_bytes,

    /*
     * Create/remove
     */
    input  wire                  s_flow_valid,
    output wire                  s_flow_ready,
    input  wire                  s_flow_remove,        // 0 create, 1 remove
    input  wire [LIDX_WIDTH-1:0] s_flow_idx,

    /*
     * Send decisions: n packets of len bytes
     */
    output wire                  m_out_valid,
    input  wire                  m_out_ready,
    output wire [LIDX_WIDTH-1:0] m_out_idx,
    output wire [LEN_WIDTH-1:0]  m_out_len,
    output wire [2:0]            m_out_n,

    /*
     * Status
     */
    output wire                  init_done,
    output wire                  ev_visit,           // a visit completed
    output wire                  ev_work_invalid,    // work for a QP not created
    output wire                  ev_ack_ahead,       // visit saw snd_una > snd_nxt
    output wire                  ev_win_floor,       // packet sent under the one-packet floor
    output wire                  ev_no_room,         // visit could send but the queue was full
    output wire                  overflow            // sticky: a ring or queue overflowed
);

localparam LW = LIDX_WIDTH;
localparam LEN = LEN_WIDTH;
localparam CRI = LEN_WIDTH + 4;         // credit integer bits: 8 packets of MTU + overhead
localparam CRW = CRI + 16;              // credit, Q18.16 bytes
localparam MW = 24 + DT_WIDTH;          // rate x dt
localparam OUT_DEPTH = 2**OUT_FIFO_LOG2;
localparam DROP_FIFO_LOG2 = OUT_FIFO_LOG2;
localparam DROP_DEPTH = 2**DROP_FIFO_LOG2;
localparam VISW = 32 + CRW + TS_WIDTH;  // {snd_nxt, credit, last}
localparam CFGW = 24 + 22;              // {rate, W}
localparam POSTW = 34;                  // {valid, in_ring, posted}
localparam RCW = 32;                    // rate per cycle, Q.16 bytes
localparam [RCW-1:0] CLK_NS8 = CLK_PERIOD_NS;
localparam KW = 5;                      // horizon exponent bits (LW + 2 < 32)
localparam HW = RCW + 31;               // rate per cycle << horizon exponent

// ring index: the bit of each ring in the issue stage's round robin
localparam [2:0] SRC_HOT = 3'd0;
localparam [2:0] SRC_NEAR = 3'd1;
localparam [2:0] SRC_FAST = 3'd2;
localparam [2:0] SRC_SLOW = 3'd3;
localparam [2:0] SRC_ACT = 3'd4;
localparam [2:0] SRC_READY = 3'd5;

localparam [1:0] OP_WORK = 2'd0;
localparam [1:0] OP_DROP = 2'd1;
localparam [1:0] OP_CREATE = 2'd2;
localparam [1:0] OP_REMOVE = 2'd3;

/*
 * Reset sweep: clear every QP's valid and in-ring bits
 */
reg          init_reg = 1'b1;
reg [LW-1:0] init_idx_reg = 0;

always @(posedge clk) begin
    if (init_reg) begin
        init_idx_reg <= init_idx_reg + 1'b1;
        if (&init_idx_reg) begin
            init_reg <= 1'b0;
        end
    end

    if (rst) begin
        init_reg <= 1'b1;
        init_idx_reg <= 0;
    end
end

assign init_done = !init_reg;

/*
 * Rings
 */
wire          act_push;
wire [LW-1:0] act_push_idx;
wire          hot_push, near_push, fast_push, slow_push, ready_push;
wire [LW-1:0] back_idx;
wire          act_pop, hot_pop, near_pop, fast_pop, slow_pop, ready_pop;
wire [LW-1:0] act_head, hot_head, near_head, fast_head, slow_head, ready_head;
wire          act_empty, hot_empty, near_empty, fast_empty, slow_empty, ready_empty;
wire          act_ovf, hot_ovf, near_ovf, fast_ovf, slow_ovf, ready_ovf;
// verilator lint_off UNUSEDSIGNAL
wire [4:0]    act_round, hot_round, ready_round;     // the wheel levels' are used
// verilator lint_on UNUSEDSIGNAL
wire [4:0]    near_round, fast_round, slow_round;

hpnic_flow_sched_ring #(.ADDR_WIDTH(LW), .DATA_WIDTH(LW))
act_ring_inst (
    .clk(clk), .rst(rst),
    .push(act_push), .push_data(act_push_idx),
    .pop(act_pop), .pop_data(act_head),
    .empty(act_empty), .round_log2(act_round), .overflow(act_ovf)
);

hpnic_flow_sched_ring #(.ADDR_WIDTH(LW), .DATA_WIDTH(LW))
hot_ring_inst (
    .clk(clk), .rst(rst),
    .push(hot_push), .push_data(back_idx),
    .pop(hot_pop), .pop_data(hot_head),
    .empty(hot_empty), .round_log2(hot_round), .overflow(hot_ovf)
);

hpnic_flow_sched_ring #(.ADDR_WIDTH(LW), .DATA_WIDTH(LW))
near_ring_inst (
    .clk(clk), .rst(rst),
    .push(near_push), .push_data(back_idx),
    .pop(near_pop), .pop_data(near_head),
    .empty(near_empty), .round_log2(near_round), .overflow(near_ovf)
);

hpnic_flow_sched_ring #(.ADDR_WIDTH(LW), .DATA_WIDTH(LW))
fast_ring_inst (
    .clk(clk), .rst(rst),
    .push(fast_push), .push_data(back_idx),
    .pop(fast_pop), .pop_data(fast_head),
    .empty(fast_empty), .round_log2(fast_round), .overflow(fast_ovf)
);

hpnic_flow_sched_ring #(.ADDR_WIDTH(LW), .DATA_WIDTH(LW))
slow_ring_inst (
    .clk(clk), .rst(rst),
    .push(slow_push), .push_data(back_idx),
    .pop(slow_pop), .pop_data(slow_head),
    .empty(slow_empty), .round_log2(slow_round), .overflow(slow_ovf)
);

hpnic_flow_sched_ring #(.ADDR_WIDTH(LW), .DATA_WIDTH(LW))
ready_ring_inst (
    .clk(clk), .rst(rst),
    .push(ready_push), .push_data(back_idx),
    .pop(ready_pop), .pop_data(ready_head),
    .empty(ready_empty), .round_log2(ready_round), .overflow(ready_ovf)
);

/*
 * c0: issue. The scan never waits for the PktSend output. A visit that could
 * send but finds the decision queue full sends nothing, keeps its credit and
 * queues its QP on READY; READY is served first, in order, but only when a
 * queue slot can be reserved for the visit, so under output backpressure the
 * slots go to the waiting QPs first come first served (a scan that merely
 * retried would hand them to whichever QP is visited as a slot frees, and the
 * periodic scan would keep picking the same few). Meanwhile the other rings
 * keep being scanned, so credit keeps accruing and an Update still takes
 * effect at the QP's next visit.
 *
 * Slots: committed = queued + reserved (READY visits in flight) + the
 * non-READY write at c7 now. A READY issue or a non-READY grant at c6 needs
 * committed <= depth - 2, so the two together never overfill the queue.
 */
reg [4:0]              last_reg = 5'b10000;  // ring issued last (one-hot)
reg [OUT_FIFO_LOG2:0]  resv_reg = 0;         // READY visits in flight
wire                   slot_ok;              // committed <= depth - 2

// round robin over the non-empty rings, starting after the last one served
wire [4:0] avail = {!act_empty, !slow_empty, !fast_empty, !near_empty, !hot_empty};
wire [4:0] above = ~((last_reg << 1) - 5'd1);
wire [4:0] avail_above = avail & above;
wire [4:0] rr_sel = (|avail_above) ? avail_above : avail;
wire [4:0] grant = rr_sel & (~rr_sel + 5'd1);

wire want_ready = !ready_empty && slot_ok;
wire issue = init_done && !s_flow_valid && (want_ready || (|avail));

assign ready_pop = issue && want_ready;
assign hot_pop = issue && !want_ready && grant[SRC_HOT];
assign near_pop = issue && !want_ready && grant[SRC_NEAR];
assign fast_pop = issue && !want_ready && grant[SRC_FAST];
assign slow_pop = issue && !want_ready && grant[SRC_SLOW];
assign act_pop = issue && !want_ready && grant[SRC_ACT];

always @(posedge clk) begin
    if (issue && !want_ready) begin
        last_reg <= grant;
    end

    if (rst) begin
        last_reg <= 5'b10000;
    end
end

/*
 * c1: QP index; read its tables
 */
reg       v1_valid = 1'b0;
reg [2:0] v1_src = SRC_FAST;

always @(posedge clk) begin
    v1_valid <= issue;
    v1_src <= want_ready ? SRC_READY : grant[SRC_HOT] ? SRC_HOT : grant[SRC_NEAR] ? SRC_NEAR :
              grant[SRC_FAST] ? SRC_FAST : grant[SRC_SLOW] ? SRC_SLOW : SRC_ACT;

    if (rst) begin
        v1_valid <= 1'b0;
    end
end

wire [LW-1:0] v1_idx = v1_src == SRC_HOT ? hot_head :
                       v1_src == SRC_NEAR ? near_head :
                       v1_src == SRC_FAST ? fast_head :
                       v1_src == SRC_SLOW ? slow_head :
                       v1_src == SRC_ACT ? act_head : ready_head;
wire          v1_rdy = v1_src == SRC_READY;

// table write ports (the flow op wins; the top never issues both)
wire          flow_fire = s_flow_valid && s_flow_ready;
wire          flow_create = flow_fire && !s_flow_remove;

wire          vis_wr;
wire [LW-1:0] vis_wr_idx;
wire [VISW-1:0] vis_wr_data;
wire [VISW-1:0] vis_rdata;

// the visit pipeline is the only writer of this table and holds a QP at most
// once, so reads never meet writes to the same QP: no forwarding needed
hpnic_ram_sdp #(.ADDR_WIDTH(LW), .DATA_WIDTH(VISW))
vis_ram_inst (
    .clk(clk),
    .wr_en(vis_wr),
    .wr_addr(vis_wr_idx),
    .wr_data(vis_wr_data),
    .rd_en(1'b1),
    .rd_addr(v1_idx),
    .rd_data(vis_rdata)
);

wire [CFGW-1:0] cfg_rdata;

hpnic_flow_sched_ram #(.ADDR_WIDTH(LW), .DATA_WIDTH(CFGW))
cfg_ram_inst (
    .clk(clk),
    .wr_en(upd_wr || flow_create),
    .wr_addr(flow_create ? s_flow_idx : upd_idx),
    .wr_data(flow_create ? {param_line_rate, param_winit} : {upd_rate, upd_w}),
    .rd_addr(v1_idx),
    .rd_data(cfg_rdata)
);

wire [LEN-1:0] mtu_rdata;

hpnic_flow_sched_ram #(.ADDR_WIDTH(LW), .DATA_WIDTH(LEN))
mtu_ram_inst (
    .clk(clk),
    .wr_en(mtu_wr || flow_create),
    .wr_addr(flow_create ? s_flow_idx : mtu_idx),
    .wr_data(flow_create ? param_mtu_default : mtu_len),
    .rd_addr(v1_idx),
    .rd_data(mtu_rdata)
);

wire [31:0] una_rdata;

hpnic_flow_sched_ram #(.ADDR_WIDTH(LW), .DATA_WIDTH(32))
una_ram_inst (
    .clk(clk),
    .wr_en(ack_wr || flow_create),
    .wr_addr(flow_create ? s_flow_idx : ack_idx),
    .wr_data(flow_create ? 32'd0 : ack_una),
    .rd_addr(v1_idx),
    .rd_data(una_rdata)
);

// {valid, in_ring, posted}: two copies written together by the work
// pipeline, one read by the work pipeline and one by the visits
wire            post_wr;
wire [LW-1:0]   post_wr_idx;
wire [POSTW-1:0] post_wr_data;
wire [POSTW-1:0] postv_rdata;

hpnic_flow_sched_ram #(.ADDR_WIDTH(LW), .DATA_WIDTH(POSTW))
postv_ram_inst (
    .clk(clk),
    .wr_en(post_wr),
    .wr_addr(post_wr_idx),
    .wr_data(post_wr_data),
    .rd_addr(v1_idx),
    .rd_data(postv_rdata)
);

// Values carried down the pipeline stay in FFs, not SRL LUTs (LUTs are the
// core's scarcer resource, docs/performance.md): a keep on the first
// register of each delay chain stops Yosys's SRL mapping; shreg_extract
// tells Vivado the same
(* shreg_extract = "no", keep *)
reg [TS_WIDTH-1:0] v2_now = 0;
reg                v2_valid = 1'b0;
reg                v2_rdy = 1'b0;
reg [LW-1:0]       v2_idx = 0;

always @(posedge clk) begin
    v2_valid <= v1_valid;
    v2_rdy <= v1_rdy;
    v2_idx <= v1_idx;
    v2_now <= now;

    if (rst) begin
        v2_valid <= 1'b0;
    end
end

/*
 * c2: pending, inflight, elapsed time
 */
wire [31:0]          snd_nxt2 = vis_rdata[VISW-1 -: 32];
wire [CRW-1:0]       credit2 = vis_rdata[TS_WIDTH +: CRW];
wire [TS_WIDTH-1:0]  last2 = vis_rdata[TS_WIDTH-1:0];
wire [23:0]          rate2 = cfg_rdata[45:22];
wire [21:0]          w2 = cfg_rdata[21:0];
wire                 valid2 = postv_rdata[33];
wire [31:0]          posted2 = postv_rdata[31:0];

reg                  v3_valid = 1'b0;
reg                  v3_rdy = 1'b0;
reg [LW-1:0]         v3_idx = 0;
reg [TS_WIDTH-1:0]   v3_now = 0;
(* shreg_extract = "no", keep *)
reg [31:0]           v3_snd_nxt = 0, v3_pending = 0, v3_inflight = 0;
(* shreg_extract = "no", keep *)
reg [CRW-1:0]        v3_credit = 0;
reg [TS_WIDTH-1:0]   v3_dt = 0;
reg [23:0]           v3_rate = 0;
reg [21:0]           v3_w = 0;
reg [LEN-1:0]        v3_mtu = 0;
reg [LEN+1:0]        v3_mtu3 = 0;
reg                  v3_qp_valid = 1'b0;

always @(posedge clk) begin
    v3_valid <= v2_valid;
    v3_rdy <= v2_rdy;
    v3_idx <= v2_idx;
    v3_now <= v2_now;
    v3_snd_nxt <= snd_nxt2;
    v3_pending <= posted2 - snd_nxt2;
    v3_inflight <= snd_nxt2 - una_rdata;
    v3_credit <= credit2;
    v3_dt <= v2_now - last2;
    v3_rate <= rate2;
    v3_w <= w2;
    v3_mtu <= mtu_rdata;
    v3_mtu3 <= {2'b00, mtu_rdata} + {1'b0, mtu_rdata, 1'b0};
    v3_qp_valid <= valid2;

    if (rst) begin
        v3_valid <= 1'b0;
    end
end

/*
 * c3: packet length, window room, saturated elapsed time, class, bucket depth
 */
// k x MTU fits LEN+2 bits; pending beyond that covers any k <= 4
wire            pend_hi3 = |v3_pending[31:LEN+2];
wire [LEN+1:0]  pend_lo3 = v3_pending[LEN+1:0];
wire [LEN+1:0]  mtu1_3 = {2'b00, v3_mtu};
wire [LEN+1:0]  mtu2_3 = {1'b0, v3_mtu, 1'b0};
wire [LEN+1:0]  mtu4_3 = {v3_mtu, 2'b00};
wire            pend_ge_mtu3 = pend_hi3 || pend_lo3 >= mtu1_3;
wire [3:0]      pend_ge3 = {pend_hi3 || pend_lo3 >= mtu4_3, pend_hi3 || pend_lo3 >= v3_mtu3,
                            pend_hi3 || pend_lo3 >= mtu2_3, pend_ge_mtu3};
wire [3:0]      pend_gt3 = {pend_hi3 || pend_lo3 > mtu4_3, pend_hi3 || pend_lo3 > v3_mtu3,
                            pend_hi3 || pend_lo3 > mtu2_3, pend_hi3 || pend_lo3 > mtu1_3};
wire [LEN-1:0]  len3 = pend_ge_mtu3 ? v3_mtu : v3_pending[LEN-1:0];

// snd_una ahead of snd_nxt is bad input: count it, treat as nothing in flight
wire            ack_ahead3 = v3_inflight[31];
wire [31:0]     inflight_eff3 = ack_ahead3 ? 32'd0 : v3_inflight;
wire [31:0]     room3 = {10'd0, v3_w} - inflight_eff3;   // [31] set: negative

wire [DT_WIDTH-1:0] dt_sat3 = (|v3_dt[TS_WIDTH-1:DT_WIDTH]) ? {DT_WIDTH{1'b1}} :
                                                              v3_dt[DT_WIDTH-1:0];
wire [LEN:0]    chmax3 = {1'b0, v3_mtu} + {{(LEN-7){1'b0}}, param_pkt_overhead};
wire [CRI-1:0]  cap3 = {3'b000, chmax3} + {{(CRI-16){1'b0}}, param_burst_bytes};
// rate per cycle, Q.16 bytes (a constant multiply)
wire [RCW-1:0]  rcyc3 = {8'd0, v3_rate} * CLK_NS8;

reg                 v4_valid = 1'b0;
reg                 v4_rdy = 1'b0;
reg [LW-1:0]        v4_idx = 0;
reg [TS_WIDTH-1:0]  v4_now = 0;
reg [31:0]          v4_snd_nxt = 0;
reg [CRW-1:0]       v4_credit = 0;
reg [23:0]          v4_rate = 0;
reg [DT_WIDTH-1:0]  v4_dt = 0;
reg [LEN-1:0]       v4_len = 0;
reg                 v4_ge_mtu = 1'b0;
reg [3:0]           v4_pend_ge = 0, v4_pend_gt = 0;
reg                 v4_pend_nz = 1'b0;
reg [31:0]          v4_room = 0;
reg                 v4_inflight_zero = 1'b0;
reg                 v4_ack_ahead = 1'b0;
(* shreg_extract = "no", keep *)
reg [RCW-1:0]       v4_rcyc = 0;
(* shreg_extract = "no", keep *)
reg [LEN:0]         v4_chmax = 0;
(* shreg_extract = "no", keep *)
reg [CRI-1:0]       v4_cap = 0;
reg                 v4_qp_valid = 1'b0;

always @(posedge clk) begin
    v4_valid <= v3_valid;
    v4_rdy <= v3_rdy;
    v4_idx <= v3_idx;
    v4_now <= v3_now;
    v4_snd_nxt <= v3_snd_nxt;
    v4_credit <= v3_credit;
    v4_rate <= v3_rate;
    v4_dt <= dt_sat3;
    v4_len <= len3;
    v4_ge_mtu <= pend_ge_mtu3;
    v4_pend_ge <= pend_ge3;
    v4_pend_gt <= pend_gt3;
    v4_pend_nz <= |v3_pending;
    v4_room <= room3;
    v4_inflight_zero <= inflight_eff3 == 32'd0;
    v4_ack_ahead <= ack_ahead3;
    v4_rcyc <= rcyc3;
    v4_chmax <= chmax3;
    v4_cap <= cap3;
    v4_qp_valid <= v3_qp_valid;

    if (rst) begin
        // reset so that the chain stays in FFs: an SRL has no reset, and LUTs
        // are the core's scarcer resource (docs/performance.md)
        v4_idx <= 0;
        v4_valid <= 1'b0;
    end
end

/*
 * c4: rate x dt; charge and k x L; what is left pending after k packets
 */
wire [LEN+1:0] len1_4 = {2'b00, v4_len};
wire [LEN+1:0] len2_4 = {1'b0, v4_len, 1'b0};
wire [LEN+1:0] len3_4 = len1_4 + len2_4;
wire [LEN+1:0] len4_4 = {v4_len, 2'b00};
wire [LEN:0]   charge4 = {1'b0, v4_len} + {{(LEN-7){1'b0}}, param_pkt_overhead};

// pending > k x L after k packets; with L = pending < MTU nothing is left
wire [4:0] left4 = v4_ge_mtu ? {v4_pend_gt, v4_pend_nz} : {4'd0, v4_pend_nz};
// k packets fit what is pending: k x L <= pending
wire [3:0] pend_ok4 = v4_ge_mtu ? v4_pend_ge : {3'd0, v4_pend_nz};

reg                 v5_valid = 1'b0;
reg                 v5_rdy = 1'b0;
reg [LW-1:0]        v5_idx = 0;
reg [TS_WIDTH-1:0]  v5_now = 0;
reg [31:0]          v5_snd_nxt = 0;
reg [CRW-1:0]       v5_credit = 0;
reg [MW-1:0]        v5_m = 0;
reg [LEN-1:0]       v5_len = 0;
reg [4*(LEN+2)-1:0] v5_klen = 0;
reg [LEN:0]         v5_charge = 0;
reg [4:0]           v5_left = 0;
reg [3:0]           v5_pend_ok = 0;
reg [31:0]          v5_room = 0;
reg                 v5_inflight_zero = 1'b0;
reg                 v5_ack_ahead = 1'b0;
reg [RCW-1:0]       v5_rcyc = 0;
reg [LEN:0]         v5_chmax = 0;
reg [CRI-1:0]       v5_cap = 0;
reg                 v5_qp_valid = 1'b0;

always @(posedge clk) begin
    v5_valid <= v4_valid;
    v5_rdy <= v4_rdy;
    v5_idx <= v4_idx;
    v5_now <= v4_now;
    v5_snd_nxt <= v4_snd_nxt;
    v5_credit <= v4_credit;
    v5_m <= {{DT_WIDTH{1'b0}}, v4_rate} * {24'd0, v4_dt};
    v5_len <= v4_len;
    v5_klen <= {len4_4, len3_4, len2_4, len1_4};
    v5_charge <= charge4;
    v5_left <= left4;
    v5_pend_ok <= pend_ok4;
    v5_room <= v4_room;
    v5_inflight_zero <= v4_inflight_zero;
    v5_ack_ahead <= v4_ack_ahead;
    v5_rcyc <= v4_rcyc;
    v5_chmax <= v4_chmax;
    v5_cap <= v4_cap;
    v5_qp_valid <= v4_qp_valid;

    if (rst) begin
        // reset so that the chain stays in FFs: an SRL has no reset, and LUTs
        // are the core's scarcer resource (docs/performance.md)
        v5_now <= 0;
        v5_valid <= 1'b0;
    end
end

/*
 * c5: credit + rate x dt; window test; k x charge
 */
localparam SW = CRW + 2;                // the sum before saturation
wire          m_big5 = |v5_m[MW-1:SW-1];
wire [SW-1:0] sum5 = {2'b00, v5_credit} + {1'b0, v5_m[SW-2:0]};

wire          room_hi5 = |v5_room[30:LEN+2];
wire [3:0]    win_ok5;
wire [LEN+2:0] charge1_5 = {2'b00, v5_charge};
wire [LEN+2:0] charge2_5 = {1'b0, v5_charge, 1'b0};
wire [LEN+2:0] charge3_5 = charge1_5 + charge2_5;
wire [LEN+2:0] charge4_5 = {v5_charge, 2'b00};

genvar gk;
generate
    for (gk = 0; gk < 4; gk = gk + 1) begin : win_k
        assign win_ok5[gk] = !v5_room[31] &&
                             (room_hi5 || v5_room[LEN+1:0] >= v5_klen[gk*(LEN+2) +: LEN+2]);
    end
endgenerate

reg                 v6_valid = 1'b0;
reg                 v6_rdy = 1'b0;
reg [LW-1:0]        v6_idx = 0;
reg [TS_WIDTH-1:0]  v6_now = 0;
reg [31:0]          v6_snd_nxt = 0;
reg [SW-1:0]        v6_sum = 0;
reg                 v6_m_big = 1'b0;
reg [LEN-1:0]       v6_len = 0;
reg [4*(LEN+2)-1:0] v6_klen = 0;
reg [4*(LEN+3)-1:0] v6_kcharge = 0;
reg [4:0]           v6_left = 0;
reg [3:0]           v6_pend_ok = 0;
reg [3:0]           v6_win_ok = 0;
reg                 v6_inflight_zero = 1'b0;
reg                 v6_ack_ahead = 1'b0;
reg [RCW-1:0]       v6_rcyc = 0;
reg [LEN:0]         v6_chmax = 0;
reg [CRI-1:0]       v6_cap = 0;
reg                 v6_qp_valid = 1'b0;

always @(posedge clk) begin
    v6_valid <= v5_valid;
    v6_rdy <= v5_rdy;
    v6_idx <= v5_idx;
    v6_now <= v5_now;
    v6_snd_nxt <= v5_snd_nxt;
    v6_sum <= sum5;
    v6_m_big <= m_big5;
    v6_len <= v5_len;
    v6_klen <= v5_klen;
    v6_kcharge <= {charge4_5, charge3_5, charge2_5, charge1_5};
    v6_left <= v5_left;
    v6_pend_ok <= v5_pend_ok;
    v6_win_ok <= win_ok5;
    v6_inflight_zero <= v5_inflight_zero;
    v6_ack_ahead <= v5_ack_ahead;
    v6_rcyc <= v5_rcyc;
    v6_chmax <= v5_chmax;
    v6_cap <= v5_cap;
    v6_qp_valid <= v5_qp_valid;

    if (rst) begin
        // reset so that the chain stays in FFs: an SRL has no reset, and LUTs
        // are the core's scarcer resource (docs/performance.md)
        v6_idx <= 0;
        v6_snd_nxt <= 0;
        v6_rcyc <= 0;
        v6_valid <= 1'b0;
    end
end

/*
 * c6: saturate the credit at the bucket depth; credit test for k packets
 */
wire [SW-17:0] sum_int6 = v6_sum[SW-1:16];
wire           sat6 = v6_m_big || sum_int6 >= {2'b00, v6_cap};
wire [CRW-1:0] credit_sat6 = sat6 ? {v6_cap, 16'd0} : v6_sum[CRW-1:0];
wire [3:0]     cred_ok6;

generate
    for (gk = 0; gk < 4; gk = gk + 1) begin : cred_k
        // min(sum, cap) >= k x charge
        assign cred_ok6[gk] = (v6_m_big || sum_int6 >= {3'b000, v6_kcharge[gk*(LEN+3) +: LEN+3]}) &&
                              {1'b0, v6_kcharge[gk*(LEN+3) +: LEN+3]} <= v6_cap;
    end
endgenerate

reg                 v7_valid = 1'b0;
reg                 v7_rdy = 1'b0;
reg [LW-1:0]        v7_idx = 0;
reg [TS_WIDTH-1:0]  v7_now = 0;
reg [31:0]          v7_snd_nxt = 0;
reg [CRW-1:0]       v7_credit = 0;
reg [LEN-1:0]       v7_len = 0;
reg [4*(LEN+2)-1:0] v7_klen = 0;
reg [4*(LEN+3)-1:0] v7_kcharge = 0;
reg [4:0]           v7_left = 0;
reg [3:0]           v7_ok = 0;
reg                 v7_floor = 1'b0;
reg                 v7_no_room = 1'b0;
reg                 v7_drop_room = 1'b0;
reg                 v7_ack_ahead = 1'b0;
reg [RCW-1:0]       v7_rcyc = 0;
reg [LEN:0]         v7_chmax = 0;
reg                 v7_qp_valid = 1'b0;

// k packets may go: credit, pending and window all allow k, or k = 1 under
// the one-packet floor when nothing is in flight
wire [3:0] want6 = cred_ok6 & v6_pend_ok & (v6_win_ok | {3'b000, v6_inflight_zero}) &
                   {4{v6_qp_valid}};

// a READY visit has its slot reserved; another may take a free one
wire [OUT_FIFO_LOG2:0]  out_count;
wire [DROP_FIFO_LOG2:0] drop_count;
wire out_room6 = v6_rdy || slot_ok;
// the drop queue grows by at most one (the c7 write now) before c7
wire drop_room6 = drop_count < DROP_DEPTH - 1;
wire [3:0] ok6 = want6 & {4{out_room6}};

always @(posedge clk) begin
    v7_valid <= v6_valid;
    v7_rdy <= v6_rdy;
    v7_idx <= v6_idx;
    v7_now <= v6_now;
    v7_snd_nxt <= v6_snd_nxt;
    v7_credit <= credit_sat6;
    v7_len <= v6_len;
    v7_klen <= v6_klen;
    v7_kcharge <= v6_kcharge;
    v7_left <= v6_left;
    v7_ok <= ok6;
    v7_floor <= ok6[0] && !v6_win_ok[0];
    v7_no_room <= v6_valid && want6[0] && !out_room6;
    v7_drop_room <= drop_room6;
    v7_ack_ahead <= v6_ack_ahead;
    v7_rcyc <= v6_rcyc;
    v7_chmax <= v6_chmax;
    v7_qp_valid <= v6_qp_valid;

    if (rst) begin
        v7_valid <= 1'b0;
    end
end

/*
 * c7: decide n, write back, requeue or drop, queue the decision
 */
// ok bits are monotone in k (credit, pending and window for k+1 imply k)
wire [2:0] n7 = v7_ok[3] ? 3'd4 : v7_ok[2] ? 3'd3 : v7_ok[1] ? 3'd2 : v7_ok[0] ? 3'd1 : 3'd0;

reg [LEN+1:0] nlen7;
reg [LEN+2:0] ncharge7;
reg           left7;
always @* begin
    case (n7)
        3'd1: begin nlen7 = v7_klen[0*(LEN+2) +: LEN+2]; ncharge7 = v7_kcharge[0*(LEN+3) +: LEN+3]; end
        3'd2: begin nlen7 = v7_klen[1*(LEN+2) +: LEN+2]; ncharge7 = v7_kcharge[1*(LEN+3) +: LEN+3]; end
        3'd3: begin nlen7 = v7_klen[2*(LEN+2) +: LEN+2]; ncharge7 = v7_kcharge[2*(LEN+3) +: LEN+3]; end
        3'd4: begin nlen7 = v7_klen[3*(LEN+2) +: LEN+2]; ncharge7 = v7_kcharge[3*(LEN+3) +: LEN+3]; end
        default: begin nlen7 = 0; ncharge7 = 0; end
    endcase
    left7 = v7_left[n7];
end

wire [31:0]    snd_nxt_new7 = v7_snd_nxt + {{(32-LEN-2){1'b0}}, nlen7};
wire [CRW-1:0] credit_new7 = v7_credit - {1'b0, ncharge7, 16'd0};
// a QP that could send but found no slot waits on READY; one with bytes left
// goes back to its ring; one with none asks the work pipeline to drop it, or
// also goes back if the drop queue is full
wire           wait7 = v7_valid && v7_no_room;
wire           push7 = v7_valid && !wait7 && ((v7_qp_valid && left7) || !v7_drop_room);
wire           drop7 = v7_valid && !wait7 && !push7;
wire           out7 = v7_valid && n7 != 3'd0;

/*
 * c8: which ring. The rings form a three-level timing wheel. A QP whose next
 * packet falls due before its next visit from SLOW would come (charge -
 * credit <= rate x H_slow, H_slow = 2**k >= the SLOW ring's measured round)
 * goes to FAST; one due before its next visit from FAST goes to HOT; the
 * rest to SLOW. So a packet is decided within about one round of the ring
 * its QP is in when it falls due, HOT's (tens of cycles) for the QPs about to
 * send, instead of one scan of every active QP. A QP faster than one packet
 * per FAST round is always due, so fast QPs live in HOT.
 */
// computed from registers at c7, beside the decision
wire [HW-1:0] hor_n7 = {{(HW-RCW){1'b0}}, v7_rcyc} << kn;
wire [HW-1:0] hor_f7 = {{(HW-RCW){1'b0}}, v7_rcyc} << kf;
wire [HW-1:0] hor_s7 = {{(HW-RCW){1'b0}}, v7_rcyc} << ks;
wire [HW:0]   need_n7 = {{(HW-CRW+1){1'b0}}, 3'd0, v7_chmax, 16'd0} - {1'b0, hor_n7};
wire [HW:0]   need_f7 = {{(HW-CRW+1){1'b0}}, 3'd0, v7_chmax, 16'd0} - {1'b0, hor_f7};
wire [HW:0]   need_s7 = {{(HW-CRW+1){1'b0}}, 3'd0, v7_chmax, 16'd0} - {1'b0, hor_s7};

reg          v8_valid = 1'b0;
reg          v8_wait = 1'b0, v8_push = 1'b0;
reg [LW-1:0] v8_idx = 0;
reg [CRW-1:0] v8_credit = 0;
reg          v8_hot = 1'b0;
reg [HW:0]   v8_need_f = 0, v8_need_s = 0;   // one MTU packet - rate x H, Q.16, [HW] sign

// H = 2**k cycles: the level's measured round plus the pipeline (at least 16)
wire [KW-1:0] kn = near_round < 5'd4 ? 5'd4 : near_round;
wire [KW-1:0] kf = fast_round < 5'd4 ? 5'd4 : fast_round;
wire [KW-1:0] ks = slow_round < 5'd4 ? 5'd4 : slow_round;

always @(posedge clk) begin
    v8_valid <= v7_valid;
    v8_wait <= wait7;
    v8_push <= push7;
    v8_idx <= v7_idx;
    v8_credit <= credit_new7;
    v8_hot <= need_n7[HW];                  // a packet per NEAR round from no credit
    v8_need_f <= need_f7;
    v8_need_s <= need_s7;

    if (rst) begin
        v8_valid <= 1'b0;
        v8_wait <= 1'b0;
        v8_push <= 1'b0;
    end
end

// due within H: MTU charge - credit <= rate x H, i.e. credit >= need
wire near8 = v8_need_f[HW] || (!(|v8_need_f[HW-1:CRW]) && v8_credit >= v8_need_f[CRW-1:0]);
wire fast8 = v8_need_s[HW] || (!(|v8_need_s[HW-1:CRW]) && v8_credit >= v8_need_s[CRW-1:0]);

assign ready_push = v8_wait;
assign hot_push = v8_push && v8_hot;
assign near_push = v8_push && !v8_hot && near8;
assign fast_push = v8_push && !v8_hot && !near8 && fast8;
assign slow_push = v8_push && !v8_hot && !near8 && !fast8;

// committed slots (see c0)
wire [OUT_FIFO_LOG2+1:0] committed = {1'b0, out_count} + {1'b0, resv_reg} +
                                     {{(OUT_FIFO_LOG2+1){1'b0}}, v7_valid && v7_ok[0] && !v7_rdy};
assign slot_ok = committed <= OUT_DEPTH - 2;

always @(posedge clk) begin
    resv_reg <= resv_reg + {{OUT_FIFO_LOG2{1'b0}}, ready_pop}
                         - {{OUT_FIFO_LOG2{1'b0}}, v7_valid && v7_rdy};

    if (rst) begin
        resv_reg <= 0;
    end
end
assign back_idx = v8_idx;

assign vis_wr = (v7_valid || flow_create);
assign vis_wr_idx = flow_create ? s_flow_idx : v7_idx;
assign vis_wr_data = flow_create ? {32'd0, {CRW{1'b0}}, now} :
                                   {snd_nxt_new7, credit_new7, v7_now};

assign ev_visit = v7_valid;
assign ev_ack_ahead = v7_valid && v7_ack_ahead;
assign ev_win_floor = v7_valid && v7_floor && n7 != 3'd0;
assign ev_no_room = v7_valid && v7_no_room;

// decisions for PktSend (room is checked at c0/c6; s_ready only feeds the
// overflow flag that tests assert on)
wire out_fifo_ready;
reg  out_ovf_reg = 1'b0;

// its count from a counter: the committed-slot sum above starts from it
hpnic_fifo #(
    .DEPTH_LOG2(OUT_FIFO_LOG2),
    .WIDTH(LW + LEN + 3),
    .COUNT_REG(1)
)
out_fifo_inst (
    .clk(clk),
    .rst(rst),
    .s_valid(out7),
    .s_ready(out_fifo_ready),
    .s_data({v7_idx, v7_len, n7}),
    .m_valid(m_out_valid),
    .m_ready(m_out_ready),
    .m_data({m_out_idx, m_out_len, m_out_n}),
    .count(out_count)
);

// drop requests for the work pipeline
wire          drop_valid;
wire          drop_pop;
wire [LW-1:0] drop_idx;
wire [31:0]   drop_snd_nxt;
wire          drop_fifo_ready_unused;

hpnic_fifo #(
    .DEPTH_LOG2(DROP_FIFO_LOG2),
    .WIDTH(LW + 32)
)
drop_fifo_inst (
    .clk(clk),
    .rst(rst),
    .s_valid(drop7),
    .s_ready(drop_fifo_ready_unused),
    .s_data({v7_idx, snd_nxt_new7}),
    .m_valid(drop_valid),
    .m_ready(drop_pop),
    .m_data({drop_idx, drop_snd_nxt}),
    .count(drop_count)
);

/*
 * Work pipeline. W0 picks one op (flow op > drop > work) and reads the QP's
 * {valid, in_ring, posted}; W1 updates and writes it.
 */
reg          w1_valid = 1'b0;
reg [1:0]    w1_op = OP_WORK;
reg [LW-1:0] w1_idx = 0;
reg [31:0]   w1_arg = 0;

wire pipe_empty = !(v1_valid || v2_valid || v3_valid || v4_valid || v5_valid ||
                    v6_valid || v7_valid || v8_valid);

assign s_flow_ready = init_done && pipe_empty && !drop_valid && !w1_valid;
assign s_work_ready = init_done && !s_flow_valid && !drop_valid;
assign drop_pop = drop_valid;

wire          work_fire = s_work_valid && s_work_ready;
wire          w0_valid = flow_fire || drop_valid || work_fire;
wire [1:0]    w0_op = flow_fire ? (s_flow_remove ? OP_REMOVE : OP_CREATE) :
                      drop_valid ? OP_DROP : OP_WORK;
wire [LW-1:0] w0_idx = flow_fire ? s_flow_idx : drop_valid ? drop_idx : s_work_idx;
wire [31:0]   w0_arg = drop_valid ? drop_snd_nxt : s_work_bytes;

wire [POSTW-1:0] postw_rdata;

hpnic_flow_sched_ram #(.ADDR_WIDTH(LW), .DATA_WIDTH(POSTW))
postw_ram_inst (
    .clk(clk),
    .wr_en(post_wr),
    .wr_addr(post_wr_idx),
    .wr_data(post_wr_data),
    .rd_addr(w0_idx),
    .rd_data(postw_rdata)
);

always @(posedge clk) begin
    w1_valid <= w0_valid;
    w1_op <= w0_op;
    w1_idx <= w0_idx;
    w1_arg <= w0_arg;

    if (rst) begin
        w1_valid <= 1'b0;
    end
end

wire        p_valid1 = postw_rdata[33];
wire        p_ring1 = postw_rdata[32];
wire [31:0] p_posted1 = postw_rdata[31:0];

reg         n_valid1, n_ring1;
reg  [31:0] n_posted1;
reg         act_push1, work_invalid1;

always @* begin
    n_valid1 = p_valid1;
    n_ring1 = p_ring1;
    n_posted1 = p_posted1;
    act_push1 = 1'b0;
    work_invalid1 = 1'b0;
    case (w1_op)
        OP_WORK: begin
            if (p_valid1) begin
                n_posted1 = p_posted1 + w1_arg;
                n_ring1 = 1'b1;
                act_push1 = !p_ring1;
            end else begin
                work_invalid1 = 1'b1;
            end
        end
        OP_DROP: begin
            // the visit saw nothing left; new work may have come since
            if (!p_valid1 || p_posted1 == w1_arg) begin
                n_ring1 = 1'b0;
            end else begin
                act_push1 = 1'b1;
            end
        end
        OP_CREATE: begin
            n_valid1 = 1'b1;
            n_posted1 = 32'd0;
        end
        default: begin
            n_valid1 = 1'b0;
        end
    endcase
end

assign post_wr = w1_valid || init_reg;
assign post_wr_idx = init_reg ? init_idx_reg : w1_idx;
assign post_wr_data = init_reg ? {POSTW{1'b0}} : {n_valid1, n_ring1, n_posted1};

assign act_push = w1_valid && act_push1;
assign act_push_idx = w1_idx;
assign ev_work_invalid = w1_valid && work_invalid1;

always @(posedge clk) begin
    if (out7 && !out_fifo_ready) begin
        out_ovf_reg <= 1'b1;
    end

    if (rst) begin
        out_ovf_reg <= 1'b0;
    end
end

assign overflow = act_ovf || hot_ovf || near_ovf || fast_ovf || slow_ovf || ready_ovf || out_ovf_reg;

// verilator lint_off UNUSEDSIGNAL
wire unused_ok = &{1'b0, drop_fifo_ready_unused, postv_rdata[32]};
// verilator lint_on UNUSEDSIGNAL

initial begin
    if (LIDX_WIDTH < 1 || LIDX_WIDTH > 20) begin
        $error("hpnic_flow_sched_engine: LIDX_WIDTH must be 1..20");
        $finish;
    end
    if (LEN_WIDTH < 8 || LEN_WIDTH > 15) begin
        $error("hpnic_flow_sched_engine: LEN_WIDTH must be 8..15");
        $finish;
    end
    if (OUT_FIFO_LOG2 < 2) begin
        $error("hpnic_flow_sched_engine: OUT_FIFO_LOG2 must be at least 2");
        $finish;
    end
    if (DT_WIDTH < 17 || DT_WIDTH >= TS_WIDTH) begin
        $error("hpnic_flow_sched_engine: DT_WIDTH must be 17..TS_WIDTH-1");
        $finish;
    end
end

endmodule

`resetall
