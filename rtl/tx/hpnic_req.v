// SPDX-License-Identifier: MIT
/*
 * RC requester: turns each QP's send queue into packet descriptors, one per
 * PktSend, and answers READ requests with READ responses (the responder's
 * sending side lives here too, because it shares the QP's PktSend slot).
 *
 * Per QP it keeps two WQE slots (the WQE being sent, and the next one,
 * prefetched), the progress through the current one, snd_nxt, the send
 * queue's producer index, the ring of fully-sent WQEs the completer retires,
 * and the READ response being sent. All of it lives in one state RAM with a
 * one-cycle read-modify-write loop (hpnic_rmw_ram), so events for one QP can
 * follow each other every cycle.
 *
 * Events, highest priority first: QP init, rewind (go-back-N, from the
 * completer), WQE fetched, READ work (from RX), una advanced (ring room),
 * Post (doorbell), PktSend (scheduler), and in idle cycles a scan of every
 * QP that issues fetches held back while the fetch FIFO was full. One is
 * taken per cycle, only when the work and free-unit FIFOs have room for what
 * it may produce.
 *
 * PktSend picks the packet: a pending READ response or the next packet of
 * the current WQE, alternating when the QP has both. WRITEs are cut at the path MTU into FIRST/
 * MIDDLE/LAST (or ONLY); a READ is one REQUEST covering what is left of the
 * WQE and consumes ceil(len/MTU) PSNs. Only one READ may be outstanding
 * (READ fence): a READ WQE waits until the previous READ has been rewound or
 * completed. A rewind restarts at a WQE index and byte offset (refetching the
 * WQE), so a WRITE resumes mid-message with the PSN it originally had.
 *
 * See docs/transport.md for the division of state between the blocks.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_req #(
    // QPN bits
    parameter QPN_WIDTH = 12,
    // log2 of the started-but-unacknowledged WQEs per QP (ring size)
    parameter RING_LOG2 = 4,
    // log2 of each output FIFO's depth
    parameter FIFO_LOG2 = 5
) (
    input  wire                  clk,
    input  wire                  rst,

    /*
     * QP configuration (CSR): path MTU is needed here
     */
    input  wire                  cfg_wr_en,
    input  wire [QPN_WIDTH-1:0]  cfg_wr_qpn,
    input  wire [3:0]            cfg_wr_mtu_log2,   // 6..12

    /*
     * Events in
     */
    input  wire                  s_init_valid,      // QP reset: start PSN
    output wire                  s_init_ready,
    input  wire [QPN_WIDTH-1:0]  s_init_qpn,
    input  wire [23:0]           s_init_psn,

    input  wire                  s_rewind_valid,    // from the completer
    output wire                  s_rewind_ready,
    input  wire [QPN_WIDTH-1:0]  s_rewind_qpn,
    input  wire [15:0]           s_rewind_idx,      // WQE to restart
    input  wire [23:0]           s_rewind_psn,      // its PSN at the restart point
    input  wire [31:0]           s_rewind_off,      // byte offset into it
    input  wire                  s_rewind_fatal,    // stop the QP instead

    input  wire                  s_wqe_valid,       // WQE fetch response
    output wire                  s_wqe_ready,
    input  wire [QPN_WIDTH-1:0]  s_wqe_qpn,
    input  wire [15:0]           s_wqe_idx,
    input  wire [1:0]            s_wqe_tag,         // echoes the request's tag
    input  wire                  s_wqe_read,        // 1 READ, 0 WRITE
    input  wire [31:0]           s_wqe_len,
    input  wire [63:0]           s_wqe_laddr,       // local IO address
    input  wire [63:0]           s_wqe_raddr,       // remote VA
    input  wire [31:0]           s_wqe_rkey,

    input  wire                  s_rdwork_valid,    // a READ to answer (from RX)
    output wire                  s_rdwork_ready,
    input  wire [QPN_WIDTH-1:0]  s_rdwork_qpn,
    input  wire [23:0]           s_rdwork_psn,
    input  wire [63:0]           s_rdwork_addr,     // local IO address
    input  wire [31:0]           s_rdwork_len,
    input  wire [23:0]           s_rdwork_msn,

    input  wire                  s_una_valid,       // completer retired WQEs
    output wire                  s_una_ready,
    input  wire [QPN_WIDTH-1:0]  s_una_qpn,
    input  wire [15:0]           s_una_idx,         // new una
    input  wire [23:0]           s_una_psn,         // its first PSN
    input  wire                  s_una_read_done,   // the outstanding READ retired

    input  wire                  s_post_valid,      // doorbell
    output wire                  s_post_ready,
    input  wire [QPN_WIDTH-1:0]  s_post_qpn,
    input  wire [15:0]           s_post_pi,

    input  wire                  s_pktsend_valid,   // scheduler
    output wire                  s_pktsend_ready,
    input  wire [QPN_WIDTH-1:0]  s_pktsend_qpn,

    /*
     * Outputs
     */
    output wire                  m_desc_valid,      // one packet to build
    input  wire                  m_desc_ready,
    output wire [QPN_WIDTH-1:0]  m_desc_qpn,
    output wire [7:0]            m_desc_opcode,
    output wire [23:0]           m_desc_psn,
    output wire [12:0]           m_desc_len,        // payload bytes
    output wire [63:0]           m_desc_addr,       // payload IO address
    output wire [63:0]           m_desc_reth_va,
    output wire [31:0]           m_desc_reth_rkey,
    output wire [31:0]           m_desc_reth_len,
    output wire [31:0]           m_desc_aeth,       // {syndrome, MSN}

    output wire                  m_fetch_valid,     // WQE fetch request
    input  wire                  m_fetch_ready,
    output wire [QPN_WIDTH-1:0]  m_fetch_qpn,
    output wire [15:0]           m_fetch_idx,
    output wire [1:0]            m_fetch_tag,

    output wire                  m_free_valid,      // a PktSend that sent no request
    input  wire                  m_free_ready,
    output wire [QPN_WIDTH-1:0]  m_free_qpn,
    output wire [23:0]           m_free_snd_nxt,

    output wire                  m_work_valid,      // new work for the scheduler
    input  wire                  m_work_ready,
    output wire [QPN_WIDTH-1:0]  m_work_qpn,
    output wire [23:0]           m_work_pkts,
    output wire [31:0]           m_work_bytes,

    /*
     * State the completer and RX read (one writer: here)
     */
    output reg                   ring_wr_en = 1'b0, // a WQE fully sent
    output reg  [QPN_WIDTH-1:0]  ring_wr_qpn = 0,
    output reg  [15:0]           ring_wr_idx = 0,
    output reg  [23:0]           ring_wr_last_psn = 0,
    output reg                   ring_wr_read = 1'b0,

    output reg                   sndnxt_wr_en = 1'b0,  // snd_nxt and ring tail
    output reg  [QPN_WIDTH-1:0]  sndnxt_wr_qpn = 0,
    output reg  [23:0]           sndnxt_wr_psn = 0,
    output reg  [23:0]           sndnxt_wr_max = 0,    // one past the highest PSN sent
    output reg  [15:0]           sndnxt_wr_tail = 0,

    output reg                   rdesc_wr_en = 1'b0,   // the outstanding READ
    output reg  [QPN_WIDTH-1:0]  rdesc_wr_qpn = 0,
    output reg  [23:0]           rdesc_wr_first_psn = 0,
    output reg  [23:0]           rdesc_wr_npkts = 0,
    output reg  [63:0]           rdesc_wr_laddr = 0,
    output reg  [31:0]           rdesc_wr_len = 0,
    output reg  [3:0]            rdesc_wr_gen = 0,

    /*
     * Counters
     */
    output reg  [31:0]           stat_pktsend_idle = 0,   // PktSend with nothing to send
    output reg  [31:0]           stat_read_fenced = 0,    // PktSend blocked by the READ fence
    output reg  [31:0]           stat_wqe_stale = 0       // WQE response after a rewind
);

localparam QW = QPN_WIDTH;
localparam RING = 2**RING_LOG2;

// event types, by priority
localparam [2:0] EV_INIT = 3'd0;
localparam [2:0] EV_REWIND = 3'd1;
localparam [2:0] EV_WQE = 3'd2;
localparam [2:0] EV_RDWORK = 3'd3;
localparam [2:0] EV_UNA = 3'd4;
localparam [2:0] EV_POST = 3'd5;
localparam [2:0] EV_PKTSEND = 3'd6;
localparam [2:0] EV_SCAN = 3'd7;         // idle: look for a fetch held back

// opcodes (docs/wire.md)
localparam [7:0] OP_WRITE_FIRST = 8'h06;
localparam [7:0] OP_WRITE_MIDDLE = 8'h07;
localparam [7:0] OP_WRITE_LAST = 8'h08;
localparam [7:0] OP_WRITE_ONLY = 8'h0a;
localparam [7:0] OP_READ_REQ = 8'h0c;
localparam [7:0] OP_RESP_FIRST = 8'h0d;
localparam [7:0] OP_RESP_MIDDLE = 8'h0e;
localparam [7:0] OP_RESP_LAST = 8'h0f;
localparam [7:0] OP_RESP_ONLY = 8'h10;
localparam [7:0] SYN_ACK = 8'h1f;

/*
 * Output FIFOs: an event is accepted only if each has room for one more
 * entry per event still in the pipeline (at most three)
 */
localparam DESC_W = QW + 8 + 24 + 13 + 64 + 64 + 32 + 32 + 32;
localparam FETCH_W = QW + 16 + 2;
localparam WORK_W = QW + 24 + 32;

wire [FIFO_LOG2:0] desc_count, fetch_count, work_count, free_count;
reg                desc_wr = 1'b0, fetch_wr = 1'b0, work_wr = 1'b0, free_wr = 1'b0;
reg  [QW+24-1:0]   free_data = 0;
reg  [DESC_W-1:0]  desc_data;
reg  [FETCH_W-1:0] fetch_data = 0;
reg  [WORK_W-1:0]  work_data = 0;
localparam [FIFO_LOG2:0] ROOM = 2**FIFO_LOG2 - 4;
// Only PktSend makes descriptors, and the descriptor FIFO stays nearly full
// while the wire is busy: gating every event on it would let the requester
// take one event per packet on the wire, and the completer and RX behind it
// would back up. So the other events wait only for the work and free-unit
// FIFOs. Nor do they wait for the fetch FIFO: its requests only drain as the
// requester takes WQEs, so waiting for room there deadlocked with many QPs
// fetching at once. A fetch that finds the FIFO full is held back instead
// (the QP's fetch_busy stays clear), and an idle-cycle scan of every QP
// issues it later.
reg room_reg = 1'b0, desc_room_reg = 1'b0, fetch_room_reg = 1'b0;

always @(posedge clk) begin
    room_reg <= work_count < ROOM && free_count < ROOM;
    desc_room_reg <= desc_count < ROOM;
    fetch_room_reg <= fetch_count < ROOM;
    if (rst) begin
        room_reg <= 1'b0;
        desc_room_reg <= 1'b0;
        fetch_room_reg <= 1'b0;
    end
end

/*
 * Stage 0: arbitration
 */
wire [6:0] req_vec = {s_pktsend_valid && desc_room_reg, s_post_valid, s_una_valid,
                      s_rdwork_valid, s_wqe_valid, s_rewind_valid, s_init_valid};
wire [6:0] grant = room_reg ? (req_vec & ~(req_vec - 7'd1)) : 7'd0;
wire       scan = room_reg && fetch_room_reg && req_vec == 7'd0;
reg [QW-1:0] scan_qpn_reg = 0;

always @(posedge clk) begin
    if (scan) begin
        scan_qpn_reg <= scan_qpn_reg + 1'b1;
    end
    if (rst) begin
        scan_qpn_reg <= 0;
    end
end

assign s_init_ready = grant[0];
assign s_rewind_ready = grant[1];
assign s_wqe_ready = grant[2];
assign s_rdwork_ready = grant[3];
assign s_una_ready = grant[4];
assign s_post_ready = grant[5];
assign s_pktsend_ready = grant[6];

// the event payload, a union over the types
reg          s1_valid = 1'b0;
reg [2:0]    s1_type = 0;
reg [QW-1:0] s1_qpn = 0;
reg [15:0]   s1_idx = 0;            // rewind/WQE/una index, post pi
reg [23:0]   s1_psn = 0;            // init/rewind/rdwork PSN
reg [31:0]   s1_len = 0;            // rewind offset, WQE/rdwork length
reg [1:0]    s1_tag = 0;
reg          s1_flag = 0;           // WQE is READ, rewind is fatal
reg [63:0]   s1_addr = 0;           // rdwork end address
reg [23:0]   s1_msn = 0;
reg [63:0]   s1_laddr = 0, s1_raddr = 0;
reg [31:0]   s1_rkey = 0;

always @(posedge clk) begin
    s1_valid <= |grant || scan;
    s1_type <= grant[0] ? EV_INIT : grant[1] ? EV_REWIND : grant[2] ? EV_WQE :
               grant[3] ? EV_RDWORK : grant[4] ? EV_UNA : grant[5] ? EV_POST :
               grant[6] ? EV_PKTSEND : EV_SCAN;
    s1_qpn <= grant[0] ? s_init_qpn : grant[1] ? s_rewind_qpn : grant[2] ? s_wqe_qpn :
              grant[3] ? s_rdwork_qpn : grant[4] ? s_una_qpn : grant[5] ? s_post_qpn :
              grant[6] ? s_pktsend_qpn : scan_qpn_reg;
    s1_idx <= grant[1] ? s_rewind_idx : grant[2] ? s_wqe_idx : grant[4] ? s_una_idx : s_post_pi;
    s1_psn <= grant[0] ? s_init_psn : grant[1] ? s_rewind_psn : grant[4] ? s_una_psn :
              s_rdwork_psn;
    s1_len <= grant[1] ? s_rewind_off : grant[2] ? s_wqe_len : s_rdwork_len;
    s1_tag <= s_wqe_tag;
    s1_flag <= grant[1] ? s_rewind_fatal : grant[4] ? s_una_read_done : s_wqe_read;
    s1_addr <= s_rdwork_addr + {32'd0, s_rdwork_len};
    s1_msn <= s_rdwork_msn;
    s1_laddr <= s_wqe_laddr;
    s1_raddr <= s_wqe_raddr;
    s1_rkey <= s_wqe_rkey;

    if (rst) begin
        s1_valid <= 1'b0;
    end
end

/*
 * Stage 1: read the QP's state, MTU and una; stage 2: the loop
 */
// progress state word
localparam SW = 1+1+1+1+32+24+16 + 1+1+32+24 + 16+1+2+16+24+16+1+4 + 1+1+24+32+64+24 + 32+1+1+24+1+24;
wire [SW-1:0] st_old;
reg  [SW-1:0] st_new;

hpnic_rmw_ram #(
    .ADDR_WIDTH(QW),
    .DATA_WIDTH(SW)
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

wire [3:0] mtu_log2;

hpnic_ram_sdp #(
    .ADDR_WIDTH(QW),
    .DATA_WIDTH(4)
)
mtu_inst (
    .clk(clk),
    .wr_en(cfg_wr_en),
    .wr_addr(cfg_wr_qpn),
    .wr_data(cfg_wr_mtu_log2),
    .rd_en(s1_valid),
    .rd_addr(s1_qpn),
    .rd_data(mtu_log2)
);

// the completer's una, mirrored here (a stale value only delays a fetch)
reg          una_wr_en_reg = 1'b0;
reg [QW-1:0] una_wr_qpn_reg = 0;
reg [15:0]   una_wr_idx_reg = 0;
wire [15:0]  una_idx;

hpnic_ram_sdp #(
    .ADDR_WIDTH(QW),
    .DATA_WIDTH(16)
)
una_inst (
    .clk(clk),
    .wr_en(una_wr_en_reg),
    .wr_addr(una_wr_qpn_reg),
    .wr_data(una_wr_idx_reg),
    .rd_en(s1_valid),
    .rd_addr(s1_qpn),
    .rd_data(una_idx)
);

always @(posedge clk) begin
    una_wr_en_reg <= s_una_valid && s_una_ready;
    una_wr_qpn_reg <= s_una_qpn;
    una_wr_idx_reg <= s_una_idx;
end

reg          s2_valid = 1'b0;
reg [2:0]    s2_type = 0;
reg [QW-1:0] s2_qpn = 0;
reg [15:0]   s2_idx = 0;
reg [23:0]   s2_psn = 0;
reg [31:0]   s2_len = 0;
reg [1:0]    s2_tag = 0;
reg          s2_flag = 0;
reg [63:0]   s2_addr = 0;
reg [23:0]   s2_msn = 0;
reg [63:0]   s2_laddr = 0, s2_raddr = 0;
reg [31:0]   s2_rkey = 0;

always @(posedge clk) begin
    s2_valid <= s1_valid;
    s2_type <= s1_type;
    s2_qpn <= s1_qpn;
    s2_idx <= s1_idx;
    s2_psn <= s1_psn;
    s2_len <= s1_len;
    s2_tag <= s1_tag;
    s2_flag <= s1_flag;
    s2_addr <= s1_addr;
    s2_msn <= s1_msn;
    s2_laddr <= s1_laddr;
    s2_raddr <= s1_raddr;
    s2_rkey <= s1_rkey;

    if (rst) begin
        s2_valid <= 1'b0;
    end
end

// unpack the old state (some fields are only copied through)
// verilator lint_off UNUSEDSIGNAL
wire        o_cur_valid, o_cur_slot, o_cur_read, o_cur_first;
wire [31:0] o_cur_rem;
wire [23:0] o_cur_npkts;
wire [15:0] o_cur_idx;
wire        o_nxt_valid, o_nxt_read;
wire [31:0] o_nxt_len;
wire [23:0] o_nxt_npkts;
wire [15:0] o_fetch_idx;
wire        o_fetch_busy;
wire [1:0]  o_fetch_tag;
wire [15:0] o_sq_pi;
wire [23:0] o_snd_nxt;
wire [15:0] o_tail;
wire        o_rd_out;
wire [3:0]  o_rd_gen;
wire        o_rsp_valid, o_rsp_first;
wire [23:0] o_rsp_psn;
wire [31:0] o_rsp_rem;
wire [63:0] o_rsp_end;
wire [23:0] o_rsp_msn;
wire [31:0] o_rw_off;
wire        o_rw_pending, o_err;
wire [23:0] o_fence_owed;   // PktSends spent on the READ fence, owed back
wire        o_rsp_turn;     // the last packet was a READ response
wire [23:0] o_snd_max;      // one past the highest PSN ever sent (rewinds go back)
// verilator lint_on UNUSEDSIGNAL

assign {o_cur_valid, o_cur_slot, o_cur_read, o_cur_first, o_cur_rem, o_cur_npkts, o_cur_idx,
        o_nxt_valid, o_nxt_read, o_nxt_len, o_nxt_npkts,
        o_fetch_idx, o_fetch_busy, o_fetch_tag, o_sq_pi, o_snd_nxt, o_tail, o_rd_out, o_rd_gen,
        o_rsp_valid, o_rsp_first, o_rsp_psn, o_rsp_rem, o_rsp_end, o_rsp_msn,
        o_rw_off, o_rw_pending, o_err, o_fence_owed, o_rsp_turn, o_snd_max} = st_old;

wire [12:0] mtu = 13'd1 << mtu_log2;

// packets of a length: max(1, ceil(len / MTU)); only for WQE arrivals
wire [31:0] wqe_len_eff = s2_len - (o_rw_pending ? o_rw_off : 32'd0);
// verilator lint_off UNUSEDSIGNAL
wire [31:0] wqe_npkts_full = (wqe_len_eff + {19'd0, mtu} - 32'd1) >> mtu_log2;
wire [23:0] wqe_npkts = (wqe_len_eff == 0) ? 24'd1 : wqe_npkts_full[23:0];
wire [31:0] rdw_npkts_full = (s2_len + {19'd0, mtu} - 32'd1) >> mtu_log2;
// verilator lint_on UNUSEDSIGNAL
wire [23:0] rdw_npkts = (s2_len == 0) ? 24'd1 : rdw_npkts_full[23:0];

// packet lengths for PktSend
wire        rsp_last = o_rsp_rem <= {19'd0, mtu};
wire [12:0] rsp_plen = rsp_last ? o_rsp_rem[12:0] : mtu;
wire        cur_last = o_cur_rem <= {19'd0, mtu};
wire [12:0] cur_plen = cur_last ? o_cur_rem[12:0] : mtu;

// A QP that answers a READ and has requests of its own alternates between
// them: its peer's long READ must not starve its WRITEs (nor the reverse)
wire req_ready = o_cur_valid && !o_err && !(o_cur_read && o_rd_out);
wire take_rsp = o_rsp_valid && (!req_ready || !o_rsp_turn);

// the requester's tail behind a new una (signed: the ring is 16 deep)
// verilator lint_off UNUSEDSIGNAL
wire [15:0] tail_ahead = o_tail - s2_idx;
// verilator lint_on UNUSEDSIGNAL
wire una_behind = tail_ahead[15];

// an una event carries the new una; the mirror may not have it yet
wire [15:0] una_eff = (s2_type == EV_UNA) ? s2_idx : una_idx;

// the new state
reg        n_cur_valid, n_cur_slot, n_cur_read, n_cur_first;
reg [31:0] n_cur_rem;
reg [23:0] n_cur_npkts;
reg [15:0] n_cur_idx;
reg        n_nxt_valid, n_nxt_read;
reg [31:0] n_nxt_len;
reg [23:0] n_nxt_npkts;
reg [15:0] n_fetch_idx;
reg        n_fetch_busy;
reg [1:0]  n_fetch_tag;
reg [15:0] n_sq_pi;
reg [23:0] n_snd_nxt;
reg [15:0] n_tail;
reg        n_rd_out;
reg [3:0]  n_rd_gen;
reg        n_rsp_valid, n_rsp_first;
reg [23:0] n_rsp_psn;
reg [31:0] n_rsp_rem;
reg [63:0] n_rsp_end;
reg [23:0] n_rsp_msn;
reg [31:0] n_rw_off;
reg        n_rw_pending, n_err;
reg [23:0] n_fence_owed;
reg        n_rsp_turn;
reg [23:0] n_snd_max;
// verilator lint_off UNUSEDSIGNAL
reg [23:0] max_d;
// verilator lint_on UNUSEDSIGNAL

// what the event produces
reg        do_pkt, do_pkt_rsp, do_ring, do_rdesc, do_wqe_wr, do_work, do_fetch;
reg        wqe_slot;                // slot the WQE event fills
reg [7:0]  pkt_opcode;
reg [12:0] pkt_len;
reg [23:0] work_pkts;
reg [31:0] work_bytes;
reg        cnt_idle, cnt_fence, cnt_stale;
reg        promote;

always @* begin
    {n_cur_valid, n_cur_slot, n_cur_read, n_cur_first, n_cur_rem, n_cur_npkts, n_cur_idx,
     n_nxt_valid, n_nxt_read, n_nxt_len, n_nxt_npkts,
     n_fetch_idx, n_fetch_busy, n_fetch_tag, n_sq_pi, n_snd_nxt, n_tail, n_rd_out, n_rd_gen,
     n_rsp_valid, n_rsp_first, n_rsp_psn, n_rsp_rem, n_rsp_end, n_rsp_msn,
     n_rw_off, n_rw_pending, n_err, n_fence_owed, n_rsp_turn, n_snd_max} = st_old;
    do_pkt = 1'b0;
    do_pkt_rsp = 1'b0;
    do_ring = 1'b0;
    do_rdesc = 1'b0;
    do_wqe_wr = 1'b0;
    do_work = 1'b0;
    do_fetch = 1'b0;
    wqe_slot = o_cur_slot;
    pkt_opcode = OP_WRITE_ONLY;
    pkt_len = 13'd0;
    work_pkts = 24'd0;
    work_bytes = 32'd0;
    cnt_idle = 1'b0;
    cnt_fence = 1'b0;
    cnt_stale = 1'b0;
    promote = 1'b0;

    case (s2_type)
        EV_INIT: begin
            {n_cur_valid, n_nxt_valid, n_fetch_busy, n_rd_out, n_rsp_valid, n_rw_pending, n_err} = 7'd0;
            n_fence_owed = 24'd0;
            n_rsp_turn = 1'b0;
            n_fetch_idx = 16'd0;
            n_sq_pi = 16'd0;
            n_tail = 16'd0;
            n_cur_idx = 16'd0;
            n_snd_nxt = s2_psn;
            n_fetch_tag = o_fetch_tag + 2'd1;   // responses in flight become stale
        end
        EV_POST: begin
            n_sq_pi = s2_idx;
        end
        EV_WQE: begin
            if (s2_tag != o_fetch_tag || o_err) begin
                cnt_stale = 1'b1;
            end else begin
                n_fetch_busy = 1'b0;
                n_fetch_idx = s2_idx + 16'd1;
                do_wqe_wr = 1'b1;
                do_work = 1'b1;
                work_pkts = s2_flag ? 24'd1 : wqe_npkts;
                work_bytes = s2_flag ? 32'd0 : wqe_len_eff;
                if (!o_cur_valid) begin
                    // becomes the current WQE, in the current slot
                    wqe_slot = o_cur_slot;
                    n_cur_valid = 1'b1;
                    n_cur_read = s2_flag;
                    n_cur_first = !o_rw_pending || o_rw_off == 0;
                    n_cur_rem = wqe_len_eff;
                    n_cur_npkts = wqe_npkts;
                    n_cur_idx = s2_idx;
                    n_rw_pending = 1'b0;
                end else begin
                    wqe_slot = !o_cur_slot;
                    n_nxt_valid = 1'b1;
                    n_nxt_read = s2_flag;
                    n_nxt_len = s2_len;
                    n_nxt_npkts = wqe_npkts;
                end
            end
        end
        EV_REWIND: begin
            n_fence_owed = 24'd0;           // the refetched WQEs announce themselves
            n_cur_valid = 1'b0;
            n_nxt_valid = 1'b0;
            n_fetch_busy = 1'b0;
            n_fetch_tag = o_fetch_tag + 2'd1;
            n_rd_out = 1'b0;
            if (s2_flag) begin
                n_err = 1'b1;
                n_rsp_valid = 1'b0;
            end else begin
                n_fetch_idx = s2_idx;
                n_tail = s2_idx;
                n_snd_nxt = s2_psn;
                n_rw_off = s2_len;
                n_rw_pending = 1'b1;
            end
        end
        EV_RDWORK: begin
            // a new or repeated READ replaces the one being answered
            n_rsp_valid = 1'b1;
            n_rsp_first = 1'b1;
            n_rsp_psn = s2_psn;
            n_rsp_rem = s2_len;
            n_rsp_end = s2_addr;
            n_rsp_msn = s2_msn;
            do_work = 1'b1;
            work_pkts = rdw_npkts;
            work_bytes = s2_len;
        end
        EV_PKTSEND: begin
            if (take_rsp) begin
                do_pkt = 1'b1;
                do_pkt_rsp = 1'b1;
                pkt_len = rsp_plen;
                pkt_opcode = (o_rsp_first && rsp_last) ? OP_RESP_ONLY :
                             o_rsp_first ? OP_RESP_FIRST :
                             rsp_last ? OP_RESP_LAST : OP_RESP_MIDDLE;
                n_rsp_psn = o_rsp_psn + 24'd1;
                n_rsp_rem = o_rsp_rem - {19'd0, rsp_plen};
                n_rsp_first = 1'b0;
                n_rsp_valid = !rsp_last;
                n_rsp_turn = 1'b1;
            end else if (!o_cur_valid || o_err) begin
                cnt_idle = 1'b1;
            end else if (!o_cur_read) begin
                n_rsp_turn = 1'b0;
                do_pkt = 1'b1;
                pkt_len = cur_plen;
                pkt_opcode = (o_cur_first && cur_last) ? OP_WRITE_ONLY :
                             o_cur_first ? OP_WRITE_FIRST :
                             cur_last ? OP_WRITE_LAST : OP_WRITE_MIDDLE;
                n_snd_nxt = o_snd_nxt + 24'd1;
                n_cur_rem = o_cur_rem - {19'd0, cur_plen};
                n_cur_first = 1'b0;
                if (cur_last) begin
                    do_ring = 1'b1;
                    n_tail = o_tail + 16'd1;
                    promote = 1'b1;
                end
            end else if (o_rd_out) begin
                // the scheduler spent this PktSend: owe it back when the fence
                // lifts. As wide as a work event: at most 2^24 - 1 owed, far
                // more than a QP's announced packets at any useful MTU.
                cnt_fence = 1'b1;
                n_fence_owed = (&o_fence_owed) ? o_fence_owed : o_fence_owed + 24'd1;
            end else begin
                // one READ REQUEST for what is left of the WQE
                do_pkt = 1'b1;
                do_ring = 1'b1;
                do_rdesc = 1'b1;
                pkt_opcode = OP_READ_REQ;
                n_rsp_turn = 1'b0;
                n_snd_nxt = o_snd_nxt + o_cur_npkts;
                n_rd_out = 1'b1;
                n_rd_gen = o_rd_gen + 4'd1;
                n_tail = o_tail + 16'd1;
                promote = 1'b1;
            end
            if (promote) begin
                n_cur_valid = o_nxt_valid;
                n_cur_slot = !o_cur_slot;
                n_cur_read = o_nxt_read;
                n_cur_first = 1'b1;
                n_cur_rem = o_nxt_len;
                n_cur_npkts = o_nxt_npkts;
                n_cur_idx = o_cur_idx + 16'd1;
                n_nxt_valid = 1'b0;
            end
        end
        EV_SCAN: begin
            // nothing changes: only the fetch decision below
        end
        default: begin
            // EV_UNA: the READ fence lifts when the READ retires; then the
            // fetch decision below, with the new una
            if (una_behind) begin
                // The completer retired a WQE this QP was rewound into: its
                // last ACK overtook the go-back-N. Resume at the first WQE
                // not retired instead of resending acknowledged packets.
                n_cur_valid = 1'b0;
                n_nxt_valid = 1'b0;
                n_fetch_busy = 1'b0;
                n_fetch_tag = o_fetch_tag + 2'd1;
                n_fetch_idx = s2_idx;
                n_tail = s2_idx;
                n_snd_nxt = s2_psn;
                n_rw_pending = 1'b0;
                n_fence_owed = 24'd0;
            end
            if (s2_flag) begin
                n_rd_out = 1'b0;
                if (o_fence_owed != 0) begin
                    n_fence_owed = 24'd0;
                    do_work = 1'b1;
                    work_pkts = o_fence_owed;
                end
            end
        end
    endcase

    // snd_max follows snd_nxt forward, never back (an init resets both)
    max_d = n_snd_nxt - o_snd_max;
    if (s2_type == EV_INIT || (max_d != 24'd0 && !max_d[23])) begin
        n_snd_max = n_snd_nxt;
    end

    // fetch the next WQE when a slot is free and the ring has room for it
    if (fetch_room_reg && !n_err && !n_fetch_busy && n_fetch_idx != n_sq_pi &&
            !(n_cur_valid && n_nxt_valid) &&
            (n_fetch_idx - una_eff) < RING) begin
        do_fetch = 1'b1;
        n_fetch_busy = 1'b1;
    end

    st_new = {n_cur_valid, n_cur_slot, n_cur_read, n_cur_first, n_cur_rem, n_cur_npkts, n_cur_idx,
              n_nxt_valid, n_nxt_read, n_nxt_len, n_nxt_npkts,
              n_fetch_idx, n_fetch_busy, n_fetch_tag, n_sq_pi, n_snd_nxt, n_tail, n_rd_out, n_rd_gen,
              n_rsp_valid, n_rsp_first, n_rsp_psn, n_rsp_rem, n_rsp_end, n_rsp_msn,
              n_rw_off, n_rw_pending, n_err, n_fence_owed, n_rsp_turn, n_snd_max};
end

/*
 * WQE slots: written by WQE events at stage 2, read for PktSend at stage 2
 * (the slot the packet comes from), data at stage 3
 */
localparam WQE_W = 32 + 64 + 64 + 32;
wire [WQE_W-1:0] wqe_rd;

hpnic_ram_sdp #(
    .ADDR_WIDTH(QW + 1),
    .DATA_WIDTH(WQE_W)
)
wqe_inst (
    .clk(clk),
    .wr_en(s2_valid && do_wqe_wr),
    .wr_addr({s2_qpn, wqe_slot}),
    .wr_data({s2_len, s2_laddr, s2_raddr, s2_rkey}),
    .rd_en(s2_valid),
    .rd_addr({s2_qpn, o_cur_slot}),
    .rd_data(wqe_rd)
);

/*
 * Stage 3: descriptors, fetch requests, work, state for the other blocks
 */
reg          s3_pkt = 0, s3_pkt_rsp = 0;
reg [QW-1:0] s3_qpn = 0;
reg [7:0]    s3_opcode = 0;
reg [23:0]   s3_psn = 0;
reg [12:0]   s3_len = 0;
reg [31:0]   s3_rem = 0;            // WQE bytes left before this packet
reg [63:0]   s3_rsp_end = 0;
reg [31:0]   s3_rsp_rem = 0;
reg [23:0]   s3_msn = 0;
reg [23:0]   s3_npkts = 0;
reg [3:0]    s3_rd_gen = 0;
reg          s3_rdesc = 0;

always @(posedge clk) begin
    s3_pkt <= s2_valid && do_pkt;
    s3_pkt_rsp <= do_pkt_rsp;
    s3_qpn <= s2_qpn;
    s3_opcode <= pkt_opcode;
    s3_psn <= do_pkt_rsp ? o_rsp_psn : o_snd_nxt;
    s3_len <= pkt_len;
    s3_rem <= o_cur_rem;
    s3_rsp_end <= o_rsp_end;
    s3_rsp_rem <= o_rsp_rem;
    s3_msn <= o_rsp_msn;
    s3_npkts <= o_cur_npkts;
    s3_rd_gen <= n_rd_gen;
    s3_rdesc <= s2_valid && do_rdesc;

    ring_wr_en <= s2_valid && do_ring;
    ring_wr_qpn <= s2_qpn;
    ring_wr_idx <= o_tail;
    ring_wr_last_psn <= o_cur_read ? o_snd_nxt + o_cur_npkts - 24'd1 : o_snd_nxt;
    ring_wr_read <= o_cur_read;

    sndnxt_wr_en <= s2_valid;
    sndnxt_wr_qpn <= s2_qpn;
    sndnxt_wr_psn <= n_snd_nxt;
    sndnxt_wr_max <= n_snd_max;
    sndnxt_wr_tail <= n_tail;

    fetch_wr <= s2_valid && do_fetch;
    fetch_data <= {s2_qpn, n_fetch_idx, n_fetch_tag};
    work_wr <= s2_valid && do_work;
    work_data <= {s2_qpn, work_pkts, work_bytes};
    // a PktSend spent on a READ response, or on nothing (idle, READ fence):
    // the scheduler's window must not count it (hpnic_sched_glue)
    free_wr <= s2_valid && (do_pkt_rsp || cnt_idle || cnt_fence);
    free_data <= {s2_qpn, n_snd_nxt};

    if (s2_valid) begin
        stat_pktsend_idle <= stat_pktsend_idle + {31'd0, cnt_idle};
        stat_read_fenced <= stat_read_fenced + {31'd0, cnt_fence};
        stat_wqe_stale <= stat_wqe_stale + {31'd0, cnt_stale};
    end

    if (rst) begin
        s3_pkt <= 1'b0;
        s3_rdesc <= 1'b0;
        ring_wr_en <= 1'b0;
        sndnxt_wr_en <= 1'b0;
        fetch_wr <= 1'b0;
        work_wr <= 1'b0;
        free_wr <= 1'b0;
        stat_pktsend_idle <= 0;
        stat_read_fenced <= 0;
        stat_wqe_stale <= 0;
    end
end

// the WQE the packet comes from
wire [31:0] w_len, w_rkey;
wire [63:0] w_laddr, w_raddr;
assign {w_len, w_laddr, w_raddr, w_rkey} = wqe_rd;
wire [31:0] w_off = w_len - s3_rem;          // bytes of the WQE already sent

always @* begin
    if (s3_pkt_rsp) begin
        desc_data = {s3_qpn, s3_opcode, s3_psn, s3_len, s3_rsp_end - {32'd0, s3_rsp_rem},
                     64'd0, 32'd0, 32'd0, SYN_ACK, s3_msn};
    end else begin
        desc_data = {s3_qpn, s3_opcode, s3_psn, (s3_opcode == OP_READ_REQ) ? 13'd0 : s3_len,
                     w_laddr + {32'd0, w_off}, w_raddr + {32'd0, w_off}, w_rkey,
                     s3_rem, 32'd0};
    end
    desc_wr = s3_pkt;
end

always @(posedge clk) begin
    rdesc_wr_en <= s3_rdesc;
    rdesc_wr_qpn <= s3_qpn;
    rdesc_wr_first_psn <= s3_psn;
    rdesc_wr_npkts <= s3_npkts;
    rdesc_wr_laddr <= w_laddr + {32'd0, w_off};
    rdesc_wr_len <= s3_rem;
    rdesc_wr_gen <= s3_rd_gen;

    if (rst) begin
        rdesc_wr_en <= 1'b0;
    end
end

// room is granted ahead (room_reg), so the FIFOs' own s_ready is not needed
// verilator lint_off UNUSEDSIGNAL
wire desc_fifo_ready, fetch_fifo_ready, work_fifo_ready, free_fifo_ready;
// verilator lint_on UNUSEDSIGNAL

hpnic_fifo #(.DEPTH_LOG2(FIFO_LOG2), .WIDTH(DESC_W), .RAM_STYLE("block"))
desc_fifo_inst (
    .clk(clk), .rst(rst),
    .s_valid(desc_wr), .s_ready(desc_fifo_ready), .s_data(desc_data),
    .m_valid(m_desc_valid), .m_ready(m_desc_ready),
    .m_data({m_desc_qpn, m_desc_opcode, m_desc_psn, m_desc_len, m_desc_addr,
             m_desc_reth_va, m_desc_reth_rkey, m_desc_reth_len, m_desc_aeth}),
    .count(desc_count)
);

hpnic_fifo #(.DEPTH_LOG2(FIFO_LOG2), .WIDTH(FETCH_W))
fetch_fifo_inst (
    .clk(clk), .rst(rst),
    .s_valid(fetch_wr), .s_ready(fetch_fifo_ready), .s_data(fetch_data),
    .m_valid(m_fetch_valid), .m_ready(m_fetch_ready),
    .m_data({m_fetch_qpn, m_fetch_idx, m_fetch_tag}),
    .count(fetch_count)
);

hpnic_fifo #(.DEPTH_LOG2(FIFO_LOG2), .WIDTH(QW + 24))
free_fifo_inst (
    .clk(clk), .rst(rst),
    .s_valid(free_wr), .s_ready(free_fifo_ready), .s_data(free_data),
    .m_valid(m_free_valid), .m_ready(m_free_ready),
    .m_data({m_free_qpn, m_free_snd_nxt}),
    .count(free_count)
);

hpnic_fifo #(.DEPTH_LOG2(FIFO_LOG2), .WIDTH(WORK_W))
work_fifo_inst (
    .clk(clk), .rst(rst),
    .s_valid(work_wr), .s_ready(work_fifo_ready), .s_data(work_data),
    .m_valid(m_work_valid), .m_ready(m_work_ready),
    .m_data({m_work_qpn, m_work_pkts, m_work_bytes}),
    .count(work_count)
);

endmodule

`resetall
