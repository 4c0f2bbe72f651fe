// SPDX-License-Identifier: MIT
/*
 * Receive-queue prefetch: keeps up to 2^PREFETCH_LOG2 receive WQEs (RWQEs)
 * of every QP fetched ahead of the responder, which takes them one per
 * SEND (or RDMA WRITE with immediate) it receives.
 *
 * An RWQE (docs/regmap.md, struct RWQE) is 32 bytes at RQ_BASE + 32 *
 * (index mod 2^RQ_LOG2): ADDR 0..7, LENGTH 8..11, LKEY 12..15, WR_ID 16..23.
 * Only ADDR (turned into a NIC address by the L_Key check), LENGTH, the
 * check's verdict and the index leave here; WR_ID stays with the host.
 *
 * Per QP, in one read-modify-write loop (hpnic_rmw_ram): the producer index
 * pi (RQ doorbells), the next index to fetch fi, the room (RWQEs it may
 * still fetch: 2^PREFETCH_LOG2 less those fetched and not consumed), the
 * epoch, and whether the QP is in RESET or has no receive queue. Three
 * events go through the loop, one per cycle:
 *
 *   context write  (a pulse, never refused): RESET empties the queue
 *                  (pi = fi = 0, full room), moves the epoch on and sends
 *                  a flush item downstream; other states keep it all, so
 *                  that receives posted in INIT survive RTR and RTS;
 *   doorbell       a new pi; ignored and counted for a QP in RESET or
 *                  without a receive queue (and, flagged by the CSR block,
 *                  beyond the table);
 *   credit         one RWQE consumed (a receive completion taken by the CQ
 *                  writer): one more of room, if it carries the QP's epoch.
 *
 * After a doorbell or a credit the loop fetches what it can at once: n =
 * min(pi - fi, room) RWQEs from fi, as one fetch request (fi and room move
 * by n in the same cycle). So a QP never has more than 2^PREFETCH_LOG2 RWQEs
 * fetched and not consumed, and the datapath's per-QP queue never holds
 * more. The epoch keeps stale credits out: the datapath returns each RWQE's
 * epoch with its completion, and a completion for an RWQE fetched before
 * the QP's last reset (still in the pipeline when the reset came) returns
 * nothing. 4 epoch bits: a completion would have to wait through 16 resets
 * of its QP to be taken for a current one.
 *
 * The fetch stage turns each request into DMA reads of the ring, split only
 * where the ring wraps or a 4 KiB page ends (the ring is aligned to its
 * size or to 4 KiB: QP.RQ_BASE_LO), and passes flush items on in order
 * behind the reads before them. A request is taken only when the output
 * queue is sure to take its data (RWQEs in flight plus queued never exceed
 * its depth), as the DMA read channel is shared and in order. The data
 * returns two RWQEs per 64-byte beat, one per cycle into the output queue;
 * as each enters, the L_Key check (hpnic_lkey_check, the same as the send
 * queue's; the NIC writes the buffer, so the region needs LOCAL_WRITE) reads
 * the MR table, and its verdict enters a queue beside it a cycle later.
 *
 * Context writes are not refused: cfg_ready tells the CSR block to hold QP
 * commands while the fetch request queue could not take one more flush.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_host_rq #(
    // QPN bits
    parameter QPN_WIDTH = 12,
    // DMA data width (two RWQEs per beat)
    parameter DATA_WIDTH = 512,
    // log2 of the RWQEs each QP may have fetched and not consumed
    parameter PREFETCH_LOG2 = 4,
    // log2 of the output queue (RWQEs in flight and queued, all QPs)
    parameter OUT_LOG2 = 4,
    // memory-region table entries, log2
    parameter MR_LOG2 = 10,
    // epoch bits carried with each RWQE and returned with its credit
    parameter EPOCH_WIDTH = 4
) (
    input  wire                   clk,
    input  wire                   rst,

    /*
     * QP context writes: the ring, the PD, RESET
     */
    input  wire                   cfg_wr_en,
    input  wire [QPN_WIDTH-1:0]   cfg_wr_qpn,
    input  wire                   cfg_wr_reset,     // STATE = RESET: empty the queue
    input  wire [63:0]            cfg_wr_base,
    input  wire [4:0]             cfg_wr_log2,      // 0: no receive queue
    input  wire [15:0]            cfg_wr_pd,
    output reg                    cfg_ready = 1'b0, // a context write may come

    /*
     * The MR table, as the CSRs write it (L_Key checks)
     */
    input  wire                   cfg_mr_wr_en,
    input  wire [MR_LOG2-1:0]     cfg_mr_wr_idx,
    input  wire                   cfg_mr_wr_valid,
    input  wire [7:0]             cfg_mr_wr_tag,
    input  wire                   cfg_mr_wr_local_write,
    input  wire [63:0]            cfg_mr_wr_va,
    input  wire [47:0]            cfg_mr_wr_len,
    input  wire [63:0]            cfg_mr_wr_iova,
    input  wire [15:0]            cfg_mr_wr_pd,

    /*
     * RQ doorbells (the CSR block), credits (receive completions taken)
     */
    input  wire                   s_db_valid,
    output wire                   s_db_ready,
    input  wire [QPN_WIDTH-1:0]   s_db_qpn,
    input  wire [15:0]            s_db_pi,
    input  wire                   s_db_bad,         // beyond the QP table: count only

    input  wire                   s_credit_valid,
    output wire                   s_credit_ready,
    input  wire [QPN_WIDTH-1:0]   s_credit_qpn,
    input  wire [EPOCH_WIDTH-1:0] s_credit_epoch,

    /*
     * RWQEs to the datapath
     */
    output wire                   m_rwqe_valid,
    input  wire                   m_rwqe_ready,
    output wire [QPN_WIDTH-1:0]   m_rwqe_qpn,
    output wire                   m_rwqe_flush,     // the QP was reset: drop its RWQEs held
    output wire [63:0]            m_rwqe_addr,      // NIC address of the buffer
    output wire [31:0]            m_rwqe_len,
    output wire                   m_rwqe_lerr,      // its L_Key check failed, or its read
    output wire [15:0]            m_rwqe_idx,       // RQ index, mod 2^16
    output wire [EPOCH_WIDTH-1:0] m_rwqe_epoch,     // to return with its completion

    /*
     * DMA read port
     */
    output wire                   m_rd_req_valid,
    input  wire                   m_rd_req_ready,
    output wire [63:0]            m_rd_req_addr,
    output wire [12:0]            m_rd_req_len,

    input  wire [DATA_WIDTH-1:0]  s_rd_cpl_tdata,
    input  wire                   s_rd_cpl_tvalid,
    output wire                   s_rd_cpl_tready,
    input  wire                   s_rd_cpl_tlast,
    input  wire                   s_rd_cpl_tuser,   // on tlast: the read failed

    /*
     * Counters
     */
    output reg  [31:0]            stat_fetches = 0,  // RWQEs fetched
    output reg  [31:0]            stat_lkey_err = 0,
    output reg  [31:0]            stat_db_bad = 0
);

localparam QW = QPN_WIDTH;
localparam EW = EPOCH_WIDTH;
localparam PL = PREFETCH_LOG2;
localparam OUT_DEPTH = 2**OUT_LOG2;
// fetch requests: events enter the loop while fewer than REQ_EV wait,
// context writes may come while fewer than REQ_CFG wait; what is in the
// pipeline behind either check (a few of each) still fits
localparam REQ_LOG2 = 5;
localparam [REQ_LOG2:0] REQ_EV = 16, REQ_CFG = 24;

initial begin
    if (DATA_WIDTH != 512) begin
        $error("hpnic_host_rq: DATA_WIDTH must be 512 (two RWQEs per beat) (%m)");
        $finish;
    end
    if (PREFETCH_LOG2 < 1 || PREFETCH_LOG2 > OUT_LOG2) begin
        $error("hpnic_host_rq: PREFETCH_LOG2 must be 1..OUT_LOG2 (a fetch fits the output queue) (%m)");
        $finish;
    end
    if (OUT_LOG2 > 7) begin
        $error("hpnic_host_rq: OUT_LOG2 must be at most 7 (a fetch is one page at most) (%m)");
        $finish;
    end
    if (EPOCH_WIDTH < 1 || EPOCH_WIDTH > 8) begin
        $error("hpnic_host_rq: EPOCH_WIDTH must be 1..8 (%m)");
        $finish;
    end
end

`include "hpnic_regs.vh"

/*
 * Stage 0: a context write always; else a credit; else a doorbell, while
 * the request queue has room. A doorbell beyond the table is counted here
 */
wire [REQ_LOG2:0] req_count;
reg               room_reg = 1'b0;

always @(posedge clk) begin
    room_reg <= req_count < REQ_EV;
    cfg_ready <= req_count < REQ_CFG;
    if (rst) begin
        room_reg <= 1'b0;
        cfg_ready <= 1'b0;
    end
end

// credits wait in a queue of their own: the CQ writer takes a receive
// completion only when its credit has a place
wire          cr_valid;
wire [QW-1:0] cr_qpn;
wire [EW-1:0] cr_epoch;
wire          take_cr;
// verilator lint_off UNUSEDSIGNAL
wire [4:0]    cr_count;
// verilator lint_on UNUSEDSIGNAL

hpnic_fifo #(.DEPTH_LOG2(4), .WIDTH(QW + EW))
credit_inst (
    .clk(clk), .rst(rst),
    .s_valid(s_credit_valid), .s_ready(s_credit_ready), .s_data({s_credit_qpn, s_credit_epoch}),
    .m_valid(cr_valid), .m_ready(take_cr), .m_data({cr_qpn, cr_epoch}),
    .count(cr_count)
);

assign take_cr = !cfg_wr_en && room_reg && cr_valid;
wire take_db = !cfg_wr_en && !take_cr && (room_reg || s_db_bad) && s_db_valid;
assign s_db_ready = take_db;

reg               s1_valid = 1'b0, s1_cfg = 1'b0, s1_db = 1'b0;
reg [QW-1:0]      s1_qpn = 0;
reg [15:0]        s1_pi = 0;
reg [EW-1:0]      s1_epoch = 0;
reg               s1_reset = 1'b0, s1_has_rq = 1'b0;

always @(posedge clk) begin
    s1_valid <= cfg_wr_en || take_cr || (take_db && !s_db_bad);
    s1_cfg <= cfg_wr_en;
    s1_db <= take_db;
    s1_qpn <= cfg_wr_en ? cfg_wr_qpn : take_cr ? cr_qpn : s_db_qpn;
    s1_pi <= s_db_pi;
    s1_epoch <= cr_epoch;
    s1_reset <= cfg_wr_reset;
    s1_has_rq <= cfg_wr_log2 != 0;
    if (rst) begin
        s1_valid <= 1'b0;
    end
end

/*
 * Stage 1 -> 2: the QP's state in one read-modify-write loop
 */
`define RQ_ST_DECL(p) \
    wire [15:0]   p``pi; \
    wire [15:0]   p``fi; \
    wire [PL:0]   p``room; \
    wire [EW-1:0] p``epoch; \
    wire          p``reset; \
    wire          p``has_rq;
`define RQ_ST(p) {p``pi, p``fi, p``room, p``epoch, p``reset, p``has_rq}
localparam STW = 16 + 16 + PL + 1 + EW + 1 + 1;

wire [STW-1:0] st_old;
wire [STW-1:0] st_new;

hpnic_rmw_ram #(
    .ADDR_WIDTH(QW),
    .DATA_WIDTH(STW)
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

reg               s2_valid = 1'b0, s2_cfg = 1'b0, s2_db = 1'b0;
reg [QW-1:0]      s2_qpn = 0;
reg [15:0]        s2_pi = 0;
reg [EW-1:0]      s2_epoch = 0;
reg               s2_reset = 1'b0, s2_has_rq = 1'b0;

always @(posedge clk) begin
    s2_valid <= s1_valid;
    s2_cfg <= s1_cfg;
    s2_db <= s1_db;
    s2_qpn <= s1_qpn;
    s2_pi <= s1_pi;
    s2_epoch <= s1_epoch;
    s2_reset <= s1_reset;
    s2_has_rq <= s1_has_rq;
    if (rst) begin
        s2_valid <= 1'b0;
    end
end

`RQ_ST_DECL(o_)
`RQ_ST_DECL(n_)
assign `RQ_ST(o_) = st_old;
assign st_new = `RQ_ST(n_);

localparam [PL:0] FULL = 2**PL;

// a doorbell of a QP that cannot take one, a credit of another epoch or of
// nothing fetched
wire db_ok = s2_db && !o_reset && o_has_rq;
wire cr_ok = !s2_cfg && !s2_db && s2_epoch == o_epoch && o_room != FULL;

// The fetch after an event: n = min(pi - fi, room) RWQEs from fi. Worked
// out for the three events it may follow (a doorbell taken: the new pi;
// a credit taken: one more room; neither) side by side and picked after,
// so the pick is not in front of the subtract; and fi moves to pi, or to
// fi + room when the room is the limit, both sums formed beside the compare
function [16+PL+1+PL+1-1:0] fetch;     // {new fi, new room, n}
    input [15:0] pi, fi;
    input [PL:0] room;
    reg   [15:0] posted;
    reg          cap;
    begin
        posted = pi - fi;
        cap = posted[15:PL+1] != 0 || posted[PL:0] > room;
        fetch = cap ? {fi + {{(15-PL){1'b0}}, room}, {(PL+1){1'b0}}, room}
                    : {pi, room - posted[PL:0], posted[PL:0]};
    end
endfunction

wire [16+PL+1+PL:0] f_db = fetch(s2_pi, o_fi, o_room);
wire [16+PL+1+PL:0] f_cr = fetch(o_pi, o_fi, o_room + 1'b1);
wire [16+PL+1+PL:0] f_no = fetch(o_pi, o_fi, o_room);
wire [16+PL+1+PL:0] f_ev = db_ok ? f_db : cr_ok ? f_cr : f_no;
wire [15:0] ev_fi = f_ev[PL+1+PL+1 +: 16];
wire [PL:0] ev_room = f_ev[PL+1 +: PL+1];
wire [PL:0] fetch_n = f_ev[PL:0];

assign n_pi = s2_cfg ? (s2_reset ? 16'd0 : o_pi) : db_ok ? s2_pi : o_pi;
assign n_fi = s2_cfg ? (s2_reset ? 16'd0 : o_fi) : ev_fi;
assign n_room = s2_cfg ? (s2_reset ? FULL : o_room) : ev_room;
assign n_epoch = (s2_cfg && s2_reset) ? o_epoch + 1'b1 : o_epoch;
assign n_reset = s2_cfg ? s2_reset : o_reset;
assign n_has_rq = s2_cfg ? s2_has_rq : o_has_rq;

/*
 * Stage 3: the fetch request (or a reset's flush item) into the queue
 */
reg               r_valid = 1'b0, r_flush = 1'b0;
reg [QW-1:0]      r_qpn = 0;
reg [15:0]        r_idx = 0;
reg [PL:0]        r_n = 0;
reg [EW-1:0]      r_epoch = 0;

always @(posedge clk) begin
    r_valid <= s2_valid && (s2_cfg ? s2_reset : fetch_n != 0);
    r_flush <= s2_cfg;
    r_qpn <= s2_qpn;
    r_idx <= o_fi;
    r_n <= fetch_n;
    r_epoch <= n_epoch;
    stat_db_bad <= stat_db_bad + {31'd0, s2_valid && s2_db && !db_ok} + {31'd0, take_db && s_db_bad};
    if (rst) begin
        r_valid <= 1'b0;
        stat_db_bad <= 0;
    end
end

wire          req_valid, req_flush;
wire          req_take;
wire [QW-1:0] req_qpn;
wire [15:0]   req_idx;
wire [PL:0]   req_n;
wire [EW-1:0] req_epoch;
// room is granted ahead (room_reg, cfg_ready)
// verilator lint_off UNUSEDSIGNAL
wire          req_in_ready;
// verilator lint_on UNUSEDSIGNAL

hpnic_fifo #(.DEPTH_LOG2(REQ_LOG2), .WIDTH(1 + QW + 16 + PL + 1 + EW))
req_inst (
    .clk(clk), .rst(rst),
    .s_valid(r_valid), .s_ready(req_in_ready),
    .s_data({r_flush, r_qpn, r_idx, r_n, r_epoch}),
    .m_valid(req_valid), .m_ready(req_take),
    .m_data({req_flush, req_qpn, req_idx, req_n, req_epoch}),
    .count(req_count)
);

/*
 * The ring table: {base, log2}, read as a request is taken
 */
wire [68:0] ring_rd;

hpnic_ram_sdp #(
    .ADDR_WIDTH(QW),
    .DATA_WIDTH(69)
)
ring_inst (
    .clk(clk),
    .wr_en(cfg_wr_en),
    .wr_addr(cfg_wr_qpn),
    .wr_data({cfg_wr_base, cfg_wr_log2}),
    .rd_en(req_take),
    .rd_addr(req_qpn),
    .rd_data(ring_rd)
);

/*
 * Fetch stage: one request at a time. Its first cycle takes the ring's
 * entry into registers (masks included); then one DMA read per run of the
 * ring inside a page. A flush item needs no read: it goes straight to the
 * queue of reads in flight, behind those before it
 */
reg  [OUT_LOG2:0] credit_reg = OUT_DEPTH[OUT_LOG2:0];
wire              out_pop;

reg               f_valid = 1'b0, f_first = 1'b0, f_second = 1'b0;
reg [QW-1:0]      f_qpn = 0;
reg [15:0]        f_idx = 0;
reg [PL:0]        f_n = 0;
reg [EW-1:0]      f_epoch = 0;
reg [63:0]        f_base = 0;
reg [15:0]        f_ring_mask = 0;      // entries of the ring - 1
reg [7:0]         f_run_mask = 0;       // entries of a run - 1 (a page: 128)
// entries left in the run the next read starts in: registered at the
// second cycle and after each read (the next starts a run), so the read's
// length is not behind the index arithmetic (the whole core was 9 LUT
// levels from f_idx to the DMA request's length)
reg [8:0]         f_run_left = 0;

wire [4:0]  ring_log2 = ring_rd[4:0];
wire [4:0]  run_log2 = ring_log2 < 5'd7 ? ring_log2 : 5'd7;
wire [15:0] f_slot = f_idx & f_ring_mask;
wire [8:0]  run_left = {1'b0, f_run_mask} - {1'b0, f_slot[7:0] & f_run_mask} + 9'd1;
wire        f_fits = f_run_left >= {{(8-PL){1'b0}}, f_n};
wire [PL:0] rd_n = f_fits ? f_n : f_run_left[PL:0];
wire        rd_take = m_rd_req_valid && m_rd_req_ready;
wire        f_done = rd_take && f_fits;

wire          pend_in_ready, pend_pop;
wire [OUT_LOG2:0] pend_count;
wire          req_need_credit = credit_reg >= (req_flush ? {{OUT_LOG2{1'b0}}, 1'b1} :
                                                {{(OUT_LOG2-PL){1'b0}}, req_n});
// a flush leaves in the cycle it is taken, into the queue of reads in
// flight, so not in the cycle the last read of a request enters it
assign req_take = req_valid && (!f_valid || (f_done && !req_flush)) && req_need_credit &&
                  pend_in_ready;
wire   flush_push = req_take && req_flush;

assign m_rd_req_valid = f_valid && !f_first && !f_second;
assign m_rd_req_addr = f_base + {43'd0, f_slot, 5'd0};
assign m_rd_req_len = {{(7-PL){1'b0}}, rd_n, 5'd0};

wire [OUT_LOG2:0] credit_kept = credit_reg + {{OUT_LOG2{1'b0}}, out_pop};
wire [OUT_LOG2:0] credit_taken = credit_kept - (req_flush ? {{OUT_LOG2{1'b0}}, 1'b1} :
                                                {{(OUT_LOG2-PL){1'b0}}, req_n});

always @(posedge clk) begin
    f_second <= f_first;
    if (f_second) begin
        f_run_left <= run_left;
    end
    if (f_first) begin
        f_first <= 1'b0;
        f_base <= ring_rd[68:5];
        f_ring_mask <= ~(16'hffff << ring_log2);
        f_run_mask <= ~(8'hff << run_log2);
    end
    if (rd_take) begin
        f_idx <= f_idx + {{(15-PL){1'b0}}, rd_n};
        f_n <= f_n - rd_n;
        // a read that does not fit ends its run: the next starts a new one
        f_run_left <= {1'b0, f_run_mask} + 9'd1;
        if (f_fits) begin
            f_valid <= 1'b0;
        end
    end
    if (req_take && !req_flush) begin
        f_valid <= 1'b1;
        f_first <= 1'b1;
        f_qpn <= req_qpn;
        f_idx <= req_idx;
        f_n <= req_n;
        f_epoch <= req_epoch;
    end
    credit_reg <= req_take ? credit_taken : credit_kept;
    if (rst) begin
        f_valid <= 1'b0;
        f_first <= 1'b0;
        f_second <= 1'b0;
        credit_reg <= OUT_DEPTH[OUT_LOG2:0];
    end
end

/*
 * Reads in flight and flush items, in order
 */
wire          pend_valid, pend_flush;
wire [QW-1:0] pend_qpn;
wire [15:0]   pend_idx;
wire [PL:0]   pend_n;
wire [EW-1:0] pend_epoch;

// the head item comes from a register slice, not through the FIFO's LUT
// RAM read: the completion ready below depends on it, and through the read
// mux's head-port select the core's whole read-completion path does (9 LUT
// levels in the whole core's run)
localparam PEND_W = 1 + QW + 16 + PL + 1 + EW;
wire              pf_valid, pf_ready;
wire [PEND_W-1:0] pf_data;

hpnic_fifo #(.DEPTH_LOG2(OUT_LOG2), .WIDTH(PEND_W))
pend_inst (
    .clk(clk), .rst(rst),
    .s_valid(rd_take || flush_push), .s_ready(pend_in_ready),
    .s_data(flush_push ? {1'b1, req_qpn, 16'd0, {(PL+1){1'b0}}, req_epoch}
                       : {1'b0, f_qpn, f_idx, rd_n, f_epoch}),
    .m_valid(pf_valid), .m_ready(pf_ready), .m_data(pf_data),
    .count(pend_count)
);

hpnic_reg_slice #(.WIDTH(PEND_W), .SKID(1))
pend_slice_inst (
    .clk(clk), .rst(rst),
    .s_valid(pf_valid), .s_ready(pf_ready), .s_data(pf_data),
    .m_valid(pend_valid), .m_ready(pend_pop),
    .m_data({pend_flush, pend_qpn, pend_idx, pend_n, pend_epoch})
);

// verilator lint_off UNUSEDSIGNAL
wire unused_pend = |pend_count;
// verilator lint_on UNUSEDSIGNAL

/*
 * Data: two RWQEs per beat, one per cycle. A flush item at the head goes
 * out alone
 */
reg  [PL:0] off_reg = 0;                // RWQEs of the head read already out
reg         half_reg = 1'b0;            // the beat's upper RWQE is next
wire        last_rwqe = off_reg + 1'b1 == pend_n;
wire        data_push = pend_valid && !pend_flush && s_rd_cpl_tvalid;
wire        head_flush = pend_valid && pend_flush;
wire        out_push = data_push || head_flush;
assign      pend_pop = head_flush || (data_push && last_rwqe);

assign s_rd_cpl_tready = pend_valid && !pend_flush && (half_reg || last_rwqe);

always @(posedge clk) begin
    if (data_push) begin
        off_reg <= last_rwqe ? {(PL+1){1'b0}} : off_reg + 1'b1;
        half_reg <= !last_rwqe && !half_reg;
    end
    if (data_push) begin
        stat_fetches <= stat_fetches + 1'b1;
    end
    if (rst) begin
        off_reg <= 0;
        half_reg <= 1'b0;
        stat_fetches <= 0;
    end
end

// the RWQE's fields at their byte offsets in the register map's format
wire [255:0] rwqe = half_reg ? s_rd_cpl_tdata[511:256] : s_rd_cpl_tdata[255:0];
wire [63:0]  rwqe_addr = rwqe[8*HPNIC_RWQE_ADDR_OFF +: 64];
wire [31:0]  rwqe_len = rwqe[8*HPNIC_RWQE_LENGTH_OFF +: 32];
wire [31:0]  rwqe_lkey = rwqe[8*HPNIC_RWQE_LKEY_OFF +: 32];
wire [15:0]  rwqe_idx = pend_idx + {{(15-PL){1'b0}}, off_reg};

wire          out_valid, side_valid;
// credit is granted ahead
// verilator lint_off UNUSEDSIGNAL
wire          out_in_ready, side_in_ready;
wire [OUT_LOG2:0] out_count, side_count;
// verilator lint_on UNUSEDSIGNAL

hpnic_fifo #(.DEPTH_LOG2(OUT_LOG2), .WIDTH(QW + 1 + 32 + 16 + EW))
out_inst (
    .clk(clk), .rst(rst),
    .s_valid(out_push), .s_ready(out_in_ready),
    .s_data({pend_qpn, head_flush, head_flush ? 32'd0 : rwqe_len, rwqe_idx, pend_epoch}),
    .m_valid(out_valid), .m_ready(out_pop),
    .m_data({m_rwqe_qpn, m_rwqe_flush, m_rwqe_len, m_rwqe_idx, m_rwqe_epoch}),
    .count(out_count)
);

/*
 * The L_Key check, a cycle behind the queue's input, into a queue beside it
 */
wire        lk_valid, lk_ok;
wire [63:0] lk_addr;

hpnic_lkey_check #(
    .QPN_WIDTH(QW),
    .MR_LOG2(MR_LOG2)
)
lkey_inst (
    .clk(clk),
    .rst(rst),
    .cfg_qp_wr_en(cfg_wr_en),
    .cfg_qp_wr_qpn(cfg_wr_qpn),
    .cfg_qp_wr_pd(cfg_wr_pd),
    .cfg_mr_wr_en(cfg_mr_wr_en),
    .cfg_mr_wr_idx(cfg_mr_wr_idx),
    .cfg_mr_wr_valid(cfg_mr_wr_valid),
    .cfg_mr_wr_tag(cfg_mr_wr_tag),
    .cfg_mr_wr_local_write(cfg_mr_wr_local_write),
    .cfg_mr_wr_va(cfg_mr_wr_va),
    .cfg_mr_wr_len(cfg_mr_wr_len),
    .cfg_mr_wr_iova(cfg_mr_wr_iova),
    .cfg_mr_wr_pd(cfg_mr_wr_pd),
    .chk_valid(out_push),
    .chk_qpn(pend_qpn),
    .chk_lkey(rwqe_lkey),
    .chk_va(head_flush ? 64'd0 : rwqe_addr),
    .chk_len(rwqe_len),
    .chk_write(1'b1),
    .chk_pass(head_flush),
    .res_valid(lk_valid),
    .res_ok(lk_ok),
    .res_addr(lk_addr)
);

wire gate_valid, gate_err, side_lerr;     // the read gate (below), the check's verdict

hpnic_fifo #(.DEPTH_LOG2(OUT_LOG2), .WIDTH(64 + 1))
side_inst (
    .clk(clk), .rst(rst),
    .s_valid(lk_valid), .s_ready(side_in_ready),
    .s_data({lk_addr, !lk_ok}),
    .m_valid(side_valid), .m_ready(out_pop),
    .m_data({m_rwqe_addr, side_lerr}),
    .count(side_count)
);

// counted as it leaves, so that one from a failed read (whose fields mean
// nothing) is not
always @(posedge clk) begin
    if (out_pop && side_lerr && !gate_err) begin
        stat_lkey_err <= stat_lkey_err + 1'b1;
    end
    if (rst) begin
        stat_lkey_err <= 0;
    end
end

/*
 * A failed read (tuser on its last beat): its RWQEs leave flagged as if their
 * L_Key check had failed, so the SEND that lands on one fails (docs/host.md,
 * "DMA read errors"). The gate holds each read's RWQEs in the queue until
 * the read has ended; a flush item is a read of its own, never failed.
 */
hpnic_rd_gate #(.DEPTH_LOG2(OUT_LOG2), .COUNT_WIDTH(PL + 1))
gate_inst (
    .clk(clk), .rst(rst),
    .item_push(out_push),
    .rd_end(head_flush || (s_rd_cpl_tvalid && s_rd_cpl_tready && s_rd_cpl_tlast)),
    .rd_err(!head_flush && s_rd_cpl_tuser),
    .ok_valid(gate_valid), .ok_err(gate_err), .item_pop(out_pop)
);

assign m_rwqe_valid = out_valid && side_valid && gate_valid;
assign m_rwqe_lerr = side_lerr || gate_err;
assign out_pop = m_rwqe_valid && m_rwqe_ready;

// verilator lint_off UNUSEDSIGNAL
wire unused_cpl = |{rwqe[255:128]};
// verilator lint_on UNUSEDSIGNAL

`undef RQ_ST_DECL
`undef RQ_ST

endmodule

`resetall
