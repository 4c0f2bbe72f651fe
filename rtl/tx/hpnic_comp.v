// SPDX-License-Identifier: MIT
/*
 * RC completer: retires the requester's WQEs as acknowledgements arrive,
 * emits completions in order, asks the requester to go back N, runs the
 * retransmit timer, and passes each ACK (with its INT, or nHop 0 without
 * one) to the CC engine as a Notify (with the requester's snd_nxt, as
 * Algorithm 1 needs).
 *
 * The requester writes the ring of fully-sent WQEs (last PSN, READ or not)
 * and its snd_nxt/tail mirror; the completer owns una (the oldest WQE not yet
 * retired), the first PSN of that WQE, the highest PSN acknowledged, and the
 * timer. Per-QP state has a one-cycle read-modify-write loop.
 *
 * An event retires at most one WQE per pass; when more may be due it comes
 * back through a re-entry FIFO (a CONT event), and so does an event whose
 * ring read raced with a retirement just ahead of it. A go-back-N request
 * (NAK PSN sequence error, a READ response gap, a timeout) waits until
 * everything before its PSN is retired, then rewinds the requester to that
 * PSN inside the una WQE.
 *
 * Retransmit timer: a scanner visits one QP per idle cycle; a QP with
 * unacknowledged packets, no progress and no request packet sent for RTO
 * time units is rewound to its first unacknowledged PSN (ACKs are
 * coalesced, so a QP still sending may go long without one); after RETRY_MAX timeouts in a row it fails
 * with a retry-exceeded completion.
 *
 * RNR NAK (the responder had no receive WQE): what precedes its PSN retires
 * as on a NAK-seq, then the QP waits the delay of the NAK's timer code (the
 * InfiniBand table, in timer units) instead of rewinding at once; the scan
 * rewinds it when the deadline has passed. The wait replaces the
 * retransmit timer; each RNR NAK uses one of the QP's RNR retries (7: no
 * limit), progress restores them, and one past the last fails the QP with
 * an RNR-retry-exceeded completion.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_comp #(
    // QPN bits
    parameter QPN_WIDTH = 12,
    // log2 of the started-WQE records shared by all QPs (hpnic_wqe_pool)
    parameter POOL_LOG2 = 13,
    // log2 of each output FIFO's depth
    parameter FIFO_LOG2 = 5,
    // cycles per timer unit, log2 (10: 4.1 us at 250 MHz)
    parameter TIME_SHIFT = 10,
    // core clock in MHz: the RNR delays, given in time, become timer units
    parameter CLK_MHZ = 250,
    // timeouts in a row before the QP fails
    parameter RETRY_MAX = 7
) (
    input  wire                  clk,
    input  wire                  rst,

    /*
     * Configuration
     */
    input  wire                  cfg_wr_en,
    input  wire [QPN_WIDTH-1:0]  cfg_wr_qpn,
    input  wire [3:0]            cfg_wr_mtu_log2,
    input  wire [2:0]            cfg_wr_rnr_retry,  // RNR NAKs in a row allowed (7: no limit)
    input  wire [15:0]           cfg_rto,           // timer units; 0 disables
    input  wire [7:0]            cfg_pkt_overhead,  // wire bytes per packet beyond payload

    /*
     * Events in
     */
    input  wire                  s_init_valid,      // QP reset
    output wire                  s_init_ready,
    input  wire [QPN_WIDTH-1:0]  s_init_qpn,
    input  wire [23:0]           s_init_psn,        // first PSN the requester uses
    input  wire [15:0]           s_init_rec_old,    // WQEs the requester recorded before
    input  wire [POOL_LOG2-1:0]  s_init_spare,      // the QP's first record entry now
    input  wire                  s_init_epoch,
    input  wire                  s_init_clear,      // after a NIC reset: not set up

    input  wire                  s_ack_valid,       // from RX
    output wire                  s_ack_ready,
    input  wire [QPN_WIDTH-1:0]  s_ack_qpn,
    input  wire [2:0]            s_ack_kind,        // ACK_* below
    input  wire [23:0]           s_ack_psn,         // ACK: last acked; NAK/gap: expected
    input  wire [4:0]            s_ack_rnr_timer,   // NAK_RNR: the AETH's timer code
    input  wire                  s_ack_int_valid,
    input  wire [3:0]            s_ack_int_nhop,
    input  wire [11:0]           s_ack_int_path,
    input  wire [5*64-1:0]       s_ack_int_hops,

    /*
     * The requester's state (one writer: hpnic_req)
     */
    input  wire                  sndnxt_wr_epoch,
    input  wire [15:0]           sndnxt_wr_head,
    input  wire [1:0]            sndnxt_wr_rewinds,
    input  wire                  sndnxt_wr_send,    // the requester's head WQE is a SEND
    input  wire                  sndnxt_wr_sent,    // ... and it sent a request packet
    input  wire                  sndnxt_wr_en,
    input  wire [QPN_WIDTH-1:0]  sndnxt_wr_qpn,
    input  wire [23:0]           sndnxt_wr_psn,
    input  wire [23:0]           sndnxt_wr_max,
    input  wire [15:0]           sndnxt_wr_tail,
    input  wire [23:0]           sndnxt_wr_bpos,

    /*
     * Started-WQE records (hpnic_wqe_pool): read the una WQE's, free retired
     */
    output wire                  pool_rd_en,
    output wire [POOL_LOG2-1:0]  pool_rd_ptr,
    input  wire [51:0]           pool_rd_data,      // {SEND, L_Key failed, last_psn, read, signaled, position after}
    input  wire [POOL_LOG2-1:0]  pool_rd_next,
    output reg                   pool_free_valid = 1'b0,
    output reg  [POOL_LOG2-1:0]  pool_free_ptr = 0,

    /*
     * Outputs
     */
    output wire                  m_cpl_valid,       // completion, in WQE order
    input  wire                  m_cpl_ready,
    output wire [QPN_WIDTH-1:0]  m_cpl_qpn,
    output wire [15:0]           m_cpl_idx,
    output wire [2:0]            m_cpl_status,      // CPL_* below
    output wire                  m_cpl_signaled,    // the WQE asked for a CQE

    output wire                  m_rewind_valid,    // to the requester
    input  wire                  m_rewind_ready,
    output wire [QPN_WIDTH-1:0]  m_rewind_qpn,
    output wire [15:0]           m_rewind_idx,
    output wire [23:0]           m_rewind_psn,
    output wire [31:0]           m_rewind_off,
    output wire [23:0]           m_rewind_bpos,     // window position at the restart point
    output wire                  m_rewind_fatal,

    output wire                  m_una_valid,       // to the requester
    input  wire                  m_una_ready,
    output wire [QPN_WIDTH-1:0]  m_una_qpn,
    output wire [15:0]           m_una_idx,
    output wire [23:0]           m_una_psn,         // the first PSN of WQE una
    output wire [23:0]           m_una_bpos,        // and its first window position
    output wire                  m_una_read_done,
    output wire                  m_una_loop,        // the requester's loop must see it
    output wire                  m_una_epoch,       // the QP's epoch (flips at every reset)

    output wire                  m_inflight_valid,  // to the flow scheduler's window
    input  wire                  m_inflight_ready,
    output wire [QPN_WIDTH-1:0]  m_inflight_qpn,
    output wire [23:0]           m_inflight_acked,  // window position of the first PSN not acknowledged
    output wire [23:0]           m_inflight_sent,   // window position of snd_nxt

    output wire                  m_notify_valid,    // to the CC engine
    input  wire                  m_notify_ready,
    output wire [QPN_WIDTH-1:0]  m_notify_qpn,
    output wire [23:0]           m_notify_ack_psn,
    output wire [23:0]           m_notify_snd_nxt,
    output wire [3:0]            m_notify_nhop,
    output wire [11:0]           m_notify_path,
    output wire [5*64-1:0]       m_notify_hops,

    /*
     * Counters
     */
    output reg  [31:0]           stat_timeouts = 0,
    output reg  [31:0]           stat_rewinds = 0,
    output reg  [31:0]           stat_fatal = 0,
    output reg  [31:0]           stat_notify_dropped = 0, // CC busy: Notify skipped
    output reg  [31:0]           stat_rnr_naks = 0,       // RNR NAKs acted on
    output reg  [31:0]           stat_rnr_retry_exc = 0   // QPs failed: RNR retries ran out
);

// parameters a caller can get wrong fail at elaboration, not silently
initial begin
    if (QPN_WIDTH < 1 || QPN_WIDTH > 24) begin
        $error("hpnic_comp: QPN_WIDTH must be 1..24 (%m)");
        $finish;
    end
    if (POOL_LOG2 < 1 || POOL_LOG2 > 16) begin
        $error("hpnic_comp: POOL_LOG2 must be 1..16 (record indices are 16-bit) (%m)");
        $finish;
    end
    if (FIFO_LOG2 < 4 || FIFO_LOG2 > 16) begin
        // room is kept for 6 events in the pipeline, and a re-entry needs
        // room of its own: below 16 entries two waiting re-entries stop it
        $error("hpnic_comp: FIFO_LOG2 must be 4..16 (%m)");
        $finish;
    end
    if (RETRY_MAX < 1 || RETRY_MAX > 7) begin
        $error("hpnic_comp: RETRY_MAX must be 1..7 (a 3-bit count of timeouts) (%m)");
        $finish;
    end
    if (CLK_MHZ < 1 || CLK_MHZ > 1000 || TIME_SHIFT < 0 || TIME_SHIFT > 20) begin
        $error("hpnic_comp: CLK_MHZ must be 1..1000 and TIME_SHIFT 0..20 (the RNR delay table) (%m)");
        $finish;
    end
end

localparam QW = QPN_WIDTH;

// ACK kinds from RX decide: the register map's (fw/regmap.toml, ACK_KIND),
// 3 bits; the completer's own events follow them in a kind one bit wider
`include "hpnic_regs.vh"
localparam [3:0] K_ACK = {1'b0, HPNIC_ACK_KIND_ACK};
localparam [3:0] K_NAK_SEQ = {1'b0, HPNIC_ACK_KIND_NAK_SEQ};
localparam [3:0] K_NAK_FATAL = {1'b0, HPNIC_ACK_KIND_NAK_FATAL};
localparam [3:0] K_READ_DONE = {1'b0, HPNIC_ACK_KIND_READ_DONE};
localparam [3:0] K_READ_GAP = {1'b0, HPNIC_ACK_KIND_READ_GAP};
localparam [3:0] K_NAK_RNR = {1'b0, HPNIC_ACK_KIND_NAK_RNR};
localparam [3:0] EV_CONT = 4'd8;        // internal: re-entry
localparam [3:0] EV_TIMER = 4'd9;       // internal: timer scan
localparam [3:0] EV_INIT = 4'd10;       // internal: QP reset

// completion status
localparam [2:0] CPL_OK = 3'd0;
localparam [2:0] CPL_REMOTE_ERR = 3'd1;
localparam [2:0] CPL_RETRY_EXC = 3'd2;
localparam [2:0] CPL_LOCAL_PROT = 3'd5;
localparam [2:0] CPL_RNR_EXC = HPNIC_CQE_STATUS_RNR_RETRY_EXCEEDED[2:0];

/*
 * The RNR delays: the InfiniBand RNR NAK timer field (Volume 1, the table
 * of the AETH's RNR timer codes), in microseconds
 */
function [31:0] rnr_us(input [4:0] code);
    begin
        case (code)
            5'd0: rnr_us = 655360;
            5'd1: rnr_us = 10;
            5'd2: rnr_us = 20;
            5'd3: rnr_us = 30;
            5'd4: rnr_us = 40;
            5'd5: rnr_us = 60;
            5'd6: rnr_us = 80;
            5'd7: rnr_us = 120;
            5'd8: rnr_us = 160;
            5'd9: rnr_us = 240;
            5'd10: rnr_us = 320;
            5'd11: rnr_us = 480;
            5'd12: rnr_us = 640;
            5'd13: rnr_us = 960;
            5'd14: rnr_us = 1280;
            5'd15: rnr_us = 1920;
            5'd16: rnr_us = 2560;
            5'd17: rnr_us = 3840;
            5'd18: rnr_us = 5120;
            5'd19: rnr_us = 7680;
            5'd20: rnr_us = 10240;
            5'd21: rnr_us = 15360;
            5'd22: rnr_us = 20480;
            5'd23: rnr_us = 30720;
            5'd24: rnr_us = 40960;
            5'd25: rnr_us = 61440;
            5'd26: rnr_us = 81920;
            5'd27: rnr_us = 122880;
            5'd28: rnr_us = 163840;
            5'd29: rnr_us = 245760;
            5'd30: rnr_us = 327680;
            default: rnr_us = 491520;
        endcase
    end
endfunction

// a delay in timer units, rounded up (CLK_MHZ cycles per microsecond)
function [63:0] rnr_units(input [4:0] code);
    reg [63:0] cyc;
    begin
        cyc = {32'd0, rnr_us(code)} * CLK_MHZ;
        rnr_units = (cyc + (64'd1 << TIME_SHIFT) - 64'd1) >> TIME_SHIFT;
    end
endfunction

// the deadline's bits: twice the longest delay (code 0), for a serial compare
localparam RNR_TW = $clog2(rnr_units(5'd0) + 1) + 1;

// the table as a ROM, code c at [RNR_TW*c +: RNR_TW]
// verilator lint_off UNUSEDSIGNAL
function [32*RNR_TW-1:0] rnr_rom(input integer first);
    integer c;
    reg [63:0] u;
    begin
        rnr_rom = 0;
        for (c = first; c < 32; c = c + 1) begin
            u = rnr_units(c[4:0]);
            rnr_rom[RNR_TW*c +: RNR_TW] = u[RNR_TW-1:0];
        end
    end
endfunction
// verilator lint_on UNUSEDSIGNAL
localparam [32*RNR_TW-1:0] RNR_ROM = rnr_rom(0);

/*
 * Time: the retransmit timer takes 16 bits of timer units, the RNR
 * deadline RNR_TW
 */
localparam NOW_W = RNR_TW > 16 ? RNR_TW : 16;
reg [TIME_SHIFT+NOW_W-1:0] cycles_reg = 0;
wire [15:0] now = cycles_reg[TIME_SHIFT +: 16];
wire [RNR_TW-1:0] now_rnr = cycles_reg[TIME_SHIFT +: RNR_TW];

always @(posedge clk) begin
    cycles_reg <= cycles_reg + 1'b1;
    if (rst) begin
        cycles_reg <= 0;
    end
end

/*
 * Output FIFOs and room
 */
localparam CPL_W = QW + 16 + 3 + 1;
localparam RW_W = QW + 16 + 24 + 32 + 24 + 1;
localparam UNA_W = QW + 16 + 24 + 24 + 3;
localparam NT_W = QW + 24 + 24 + 4 + 12 + 320;
// re-entry: qpn, target PSN, a rewind or a failure (and whether it is the
// RNR retries' end) waits; or a walk that frees a reset QP's records (entry,
// how many); the QP's epoch
localparam CT_W = QW + 24 + 3 + 1 + POOL_LOG2 + 16 + 1;
localparam INF_W = QW + 48;             // window state: qpn, acked and sent positions

wire [FIFO_LOG2:0] cpl_count, rw_count, una_count, cont_count, inf_count;
// rewinds and window reports leave two stages later (the window position
// takes a multiply), so room is kept for every event in the pipeline
localparam [FIFO_LOG2:0] ROOM = 2**FIFO_LOG2 - 6;
reg room_reg = 1'b0;

always @(posedge clk) begin
    room_reg <= cpl_count < ROOM && rw_count < ROOM && una_count < ROOM && cont_count < ROOM &&
                inf_count < ROOM;
    if (rst) begin
        room_reg <= 1'b0;
    end
end

/*
 * Stage 0: arbitration; re-entries first, the timer scan when idle
 */
wire          cont_valid;
wire [QW-1:0] cont_qpn;
wire [23:0]   cont_psn;
wire          cont_rw_pending, cont_fatal_pending, cont_fatal_rnr;
wire          cont_reclaim;
wire [POOL_LOG2-1:0] cont_ptr;
wire [15:0]   cont_left;
wire          cont_epoch;
reg  [QW-1:0] scan_qpn_reg = 0;

wire take_cont = room_reg && cont_valid;
wire take_init = room_reg && !cont_valid && s_init_valid;
wire take_ack = room_reg && !cont_valid && !s_init_valid && s_ack_valid;
wire take_scan = room_reg && !cont_valid && !s_init_valid && !s_ack_valid;

assign s_init_ready = take_init;
assign s_ack_ready = take_ack;

reg          s1_valid = 1'b0;
reg [3:0]    s1_kind = 0;
reg [QW-1:0] s1_qpn = 0;
reg [23:0]   s1_psn = 0;
reg          s1_rw_pending = 0;     // CONT: a rewind waits for retirements
reg          s1_fatal_pending = 0;  // CONT: a fatal NAK waits for them
reg          s1_fatal_rnr = 0;      // CONT: that failure is the RNR retries' end
reg [4:0]    s1_rnr_timer = 0;      // NAK_RNR: its timer code
reg          s1_reclaim = 0;        // CONT: free a reset QP's records
reg [POOL_LOG2-1:0] s1_ptr = 0;     // CONT: the record to free; INIT: the new first entry
reg [15:0]   s1_count = 0;          // CONT: records left to free; INIT: recorded before
reg          s1_epoch = 0, s1_clear = 0;  // INIT: the new epoch; CONT: the one it began in
reg          s1_int_valid = 0;
// the INT rides the pipeline in FFs, not SRL LUTs (LUTs are the scarcer:
// docs/performance.md)
(* shreg_extract = "no", keep *)
reg [335:0]  s1_int = 0;

always @(posedge clk) begin
    // the scan runs with the retransmit timer off too: it ends RNR waits
    s1_valid <= take_cont || take_init || take_ack || take_scan;
    s1_kind <= take_cont ? EV_CONT : take_init ? EV_INIT : take_ack ? {1'b0, s_ack_kind} :
               EV_TIMER;
    s1_qpn <= take_cont ? cont_qpn : take_init ? s_init_qpn : take_ack ? s_ack_qpn : scan_qpn_reg;
    s1_psn <= take_cont ? cont_psn : take_init ? s_init_psn : s_ack_psn;
    s1_rw_pending <= cont_rw_pending;
    s1_fatal_pending <= cont_fatal_pending;
    s1_fatal_rnr <= cont_fatal_rnr;
    s1_rnr_timer <= s_ack_rnr_timer;
    s1_reclaim <= take_cont && cont_reclaim;
    s1_ptr <= take_cont ? cont_ptr : s_init_spare;
    s1_count <= take_cont ? cont_left : s_init_rec_old;
    s1_epoch <= take_cont ? cont_epoch : s_init_epoch;
    s1_clear <= s_init_clear;
    // every ACK and NAK-seq becomes a Notify, with its INT or without
    // (nHop 0, path and hops 0): a DCQCN QP's byte counter and timers
    // run on its ACKs whether INT is on or not; the engine ignores an HPCC
    // QP's ACK without INT (reason 1, no INT)
    s1_int_valid <= take_ack &&
                    (s_ack_kind == HPNIC_ACK_KIND_ACK || s_ack_kind == HPNIC_ACK_KIND_NAK_SEQ);
    s1_int <= s_ack_int_valid ? {s_ack_int_nhop, s_ack_int_path, s_ack_int_hops} : 336'd0;
    if (take_scan) begin
        scan_qpn_reg <= scan_qpn_reg + 1'b1;
    end

    if (rst) begin
        s1_valid <= 1'b0;
        scan_qpn_reg <= 0;
    end
end

/*
 * Stage 1: state, the ring entry at the una the mirror knows, snd_nxt/tail,
 * MTU. Stage 2: the loop.
 */
// state: una_idx, una_first_psn - 1, its window position, acked_psn, last
// progress, retries, active, err, the una WQE's record entry, epoch,
// rewinds issued (mod 4), the RNR wait, RNR NAKs in a row, the wait's deadline
localparam SW = 16 + 24 + 24 + 24 + 16 + 3 + 1 + 1 + POOL_LOG2 + 1 + 2 + 1 + 3 + RNR_TW;
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

// our own una and its record entry, mirrored so the record can be read a
// cycle before the state
wire [15:0] una_m;
wire [POOL_LOG2-1:0] head_m;
reg         una_m_wr = 1'b0;
reg [QW-1:0] una_m_qpn = 0;
reg [15:0]  una_m_idx = 0;
reg [POOL_LOG2-1:0] una_m_head = 0;

hpnic_ram_sdp #(
    .ADDR_WIDTH(QW),
    .DATA_WIDTH(16 + POOL_LOG2)
)
una_m_inst (
    .clk(clk),
    .wr_en(una_m_wr),
    .wr_addr(una_m_qpn),
    .wr_data({una_m_idx, una_m_head}),
    .rd_en(1'b1),
    .rd_addr(take_cont ? cont_qpn : take_init ? s_init_qpn : take_ack ? s_ack_qpn : scan_qpn_reg),
    .rd_data({una_m, head_m})
);

// the una WQE's record (or, for a reclaim walk, the record to free)
assign pool_rd_en = s1_valid;
assign pool_rd_ptr = s1_reclaim ? s1_ptr : head_m;
wire [51:0] ring_rd = pool_rd_data;     // {SEND, L_Key failed, last_psn, read, signaled, window position after}
wire [POOL_LOG2-1:0] ring_next = pool_rd_next;

wire [107:0] sndnxt_rd;  // {head is a SEND, snd_nxt, snd_max, tail, window position, epoch, head, rewinds}

hpnic_ram_sdp #(
    .ADDR_WIDTH(QW),
    .DATA_WIDTH(108)
)
sndnxt_inst (
    .clk(clk),
    .wr_en(sndnxt_wr_en),
    .wr_addr(sndnxt_wr_qpn),
    .wr_data({sndnxt_wr_send, sndnxt_wr_psn, sndnxt_wr_max, sndnxt_wr_tail, sndnxt_wr_bpos, sndnxt_wr_epoch,
              sndnxt_wr_head, sndnxt_wr_rewinds}),
    .rd_en(s1_valid),
    .rd_addr(s1_qpn),
    .rd_data(sndnxt_rd)
);

// when each QP last sent a request packet (timer units). ACKs are
// coalesced (docs/wire.md): a QP sending slowly, or sharing the wire, may
// go many packets without one, so the retransmit timer runs from the later
// of the last progress and the last packet sent: it times out a tail that
// went unanswered, not a stream still going
wire [15:0] last_sent;

hpnic_ram_sdp #(
    .ADDR_WIDTH(QW),
    .DATA_WIDTH(16)
)
sent_t_inst (
    .clk(clk),
    .wr_en(sndnxt_wr_en && sndnxt_wr_sent),
    .wr_addr(sndnxt_wr_qpn),
    .wr_data(now),
    .rd_en(s1_valid),
    .rd_addr(s1_qpn),
    .rd_data(last_sent)
);

wire [3:0] mtu_log2;
wire [2:0] rnr_retry;

hpnic_ram_sdp #(
    .ADDR_WIDTH(QW),
    .DATA_WIDTH(3 + 4)
)
mtu_inst (
    .clk(clk),
    .wr_en(cfg_wr_en),
    .wr_addr(cfg_wr_qpn),
    .wr_data({cfg_wr_rnr_retry, cfg_wr_mtu_log2}),
    .rd_en(s1_valid),
    .rd_addr(s1_qpn),
    .rd_data({rnr_retry, mtu_log2})
);

reg          s2_valid = 1'b0;
reg [3:0]    s2_kind = 0;
reg [QW-1:0] s2_qpn = 0;
reg [23:0]   s2_psn = 0;
reg [23:0]   s2_psn_m1 = 0;
// an event's last PSN acknowledged and the PSN a rewind restarts from (a
// timer scan takes the state's instead): an ACK or READ done acknowledges
// its PSN, the other kinds the one before it
reg [23:0]   s2_ackto_ev = 0, s2_target_ev = 0;
reg          s2_rw_pending = 0;
reg          s2_fatal_pending = 0;
reg          s2_fatal_rnr = 0;
// NAK_RNR: the deadline of its wait, now plus its code's delay (taken here,
// a cycle early: the wait is still longer than the delay, see the scan)
reg [RNR_TW-1:0] s2_rnr_due = 0;
reg          s2_reclaim = 0;
reg [POOL_LOG2-1:0] s2_ptr = 0;
reg [15:0]   s2_count = 0;
reg          s2_epoch = 0, s2_clear = 0;
reg [15:0]   s2_ring_idx = 0;       // the una the ring entry belongs to
reg          s2_int_valid = 0;
(* shreg_extract = "no", keep *)
reg [335:0]  s2_int = 0;

always @(posedge clk) begin
    s2_valid <= s1_valid;
    s2_kind <= s1_kind;
    s2_qpn <= s1_qpn;
    s2_psn <= s1_psn;
    s2_psn_m1 <= s1_psn - 24'd1;
    if (s1_kind == K_ACK || s1_kind == K_READ_DONE) begin
        s2_ackto_ev <= s1_psn;
        s2_target_ev <= s1_psn + 24'd1;
    end else begin
        s2_ackto_ev <= s1_psn - 24'd1;
        s2_target_ev <= s1_psn;
    end
    s2_rw_pending <= s1_rw_pending;
    s2_fatal_pending <= s1_fatal_pending;
    s2_fatal_rnr <= s1_fatal_rnr;
    s2_rnr_due <= now_rnr + RNR_ROM[RNR_TW*s1_rnr_timer +: RNR_TW];
    s2_reclaim <= s1_reclaim;
    s2_ptr <= s1_ptr;
    s2_count <= s1_count;
    s2_epoch <= s1_epoch;
    s2_clear <= s1_clear;
    s2_ring_idx <= una_m;
    s2_int_valid <= s1_int_valid;
    s2_int <= s1_int;

    if (rst) begin
        s2_valid <= 1'b0;
    end
end

/*
 * The per-QP state word, every field named once, in the word's order (MSB
 * first): una (WQE index), una_fm1 (its first PSN less one: the packets
 * from it to a PSN are one subtraction), una_bpos (its window
 * position), acked (last PSN acknowledged), prog (time of the last
 * progress), retries, active, err, head (the una WQE's record entry), epoch
 * (flips at every QP reset), rewinds (taken, mod 4), rnr_wait (an RNR NAK's
 * delay is running: no rewind until rnr_due), rnr_cnt (RNR NAKs since the
 * last progress), rnr_due (the wait's deadline, in timer units). o_* is the
 * word read, n_* the word written back.
 */
`define COMP_ST_DECL(kind, p) \
    kind [15:0] p``_una; \
    kind [23:0] p``_una_fm1; \
    kind [23:0] p``_una_bpos; \
    kind [23:0] p``_acked; \
    kind [15:0] p``_prog; \
    kind [2:0] p``_retries; \
    kind p``_active; \
    kind p``_err; \
    kind [POOL_LOG2-1:0] p``_head; \
    kind p``_epoch; \
    kind [1:0] p``_rewinds; \
    kind p``_rnr_wait; \
    kind [2:0] p``_rnr_cnt; \
    kind [RNR_TW-1:0] p``_rnr_due;
`define COMP_ST(p) p``_una, p``_una_fm1, p``_una_bpos, p``_acked, p``_prog, p``_retries, \
    p``_active, p``_err, p``_head, p``_epoch, p``_rewinds, p``_rnr_wait, p``_rnr_cnt, p``_rnr_due

`COMP_ST_DECL(wire, o)
assign {`COMP_ST(o)} = st_old;

wire [23:0] snd_nxt = sndnxt_rd[106:83];
wire [23:0] snd_max = sndnxt_rd[82:59];
wire [15:0] tail = sndnxt_rd[58:43];          // WQEs recorded since the QP's reset
wire [23:0] sent_bpos = sndnxt_rd[42:19];
wire        req_epoch = sndnxt_rd[18];
wire [15:0] req_head = sndnxt_rd[17:2];       // the WQE the requester is sending
// verilator lint_off UNUSEDSIGNAL
wire [15:0] req_behind = req_head - o_una;      // [15]: rewound into retired WQEs
// verilator lint_on UNUSEDSIGNAL
wire [1:0]  req_rewinds = sndnxt_rd[1:0];     // rewinds it has taken
wire        ring_send = ring_rd[51];
wire        req_send = sndnxt_rd[107];
wire        ring_lerr = ring_rd[50];
wire [23:0] ring_last = ring_rd[49:26];
wire        ring_read = ring_rd[25];
wire        ring_signaled = ring_rd[24];
wire [23:0] ring_bpos = ring_rd[23:0];

// PSN serial compare: a <= b (the sign of b - a)
// verilator lint_off UNUSEDSIGNAL
function psn_le;
    input [23:0] a, b;
    reg [23:0] d;
    begin
        d = b - a;
        psn_le = !d[23];
    end
endfunction
// verilator lint_on UNUSEDSIGNAL

// packets sent and not yet acknowledged. snd_nxt can sit behind acked + 1:
// a go-back-N rewind to a NAK's PSN races with the late ACK of that very
// packet. The requester then resends acknowledged packets (the responder
// acknowledges duplicates again), and nothing is outstanding meanwhile.
// verilator lint_off UNUSEDSIGNAL
// (x - (acked + 1) is x + ~acked: one adder, not two in a row)
wire [23:0] unacked = snd_nxt + ~o_acked;
// verilator lint_on UNUSEDSIGNAL
wire        outstanding = unacked != 24'd0 && !unacked[23];
// a NAK's PSN lies in the window: acked < PSN < snd_max, with snd_max
// ahead of acked (serial compares side by side; as one compare of two
// differences the second carry chain would wait for the first)
// verilator lint_off UNUSEDSIGNAL
wire [23:0] sent_win = snd_max + ~o_acked;
wire [23:0] nak_above = o_acked - s2_psn;
wire [23:0] nak_below = s2_psn - snd_max;
// verilator lint_on UNUSEDSIGNAL
wire        nak_in_window = nak_above[23] && nak_below[23] && !sent_win[23];

// the PSN everything before which is acknowledged, by event kind
wire is_goback = s2_kind == K_NAK_SEQ || s2_kind == K_READ_GAP;
// an RNR wait replaces the retransmit timer (InfiniBand: the RNR timer runs
// instead of the transport timer)
wire timed_out = s2_kind == EV_TIMER && o_active && !o_err && cfg_rto != 0 && !o_rnr_wait &&
                 outstanding && (now - o_prog) > cfg_rto && (now - last_sent) > cfg_rto;
// target: for go-back-N the PSN to resend from; acks cover target - 1 (ack_to).
// A scan that is not a timeout only retires what is already acknowledged:
// for it both come from the state (acked + 1, acked), for the other kinds
// from stage 1's registers. Every test below that involves them is made
// for both sources side by side, then picked by the kind, so no carry chain
// waits for the pick
wire        is_timer = s2_kind == EV_TIMER;
wire [23:0] target = is_timer ? o_acked + 24'd1 : s2_target_ev;
wire [23:0] ack_to = is_timer ? o_acked : s2_ackto_ev;
// verilator lint_off UNUSEDSIGNAL
wire [23:0] ghost_d = snd_max + ~s2_ackto_ev;      // snd_max - target
// verilator lint_on UNUSEDSIGNAL
wire        ghost = !is_timer && s2_kind != EV_CONT && s2_kind != EV_INIT &&
                    ghost_d[23];                        // target > snd_max
// ack_to > acked (never for a timer scan)
wire        advances = !is_timer && !psn_le(s2_ackto_ev, o_acked);
// acked <= ack_to (always for a timer scan)
wire        acked_le = is_timer || psn_le(o_acked, s2_ackto_ev);
// target < snd_nxt: packets from the target on were sent (for a timer scan,
// target = acked + 1, that is what outstanding says)
wire        target_sent = is_timer ? outstanding :
                          (s2_target_ev != snd_nxt && psn_le(s2_target_ev, snd_nxt));

// can the una WQE retire now?
wire ring_ok = s2_ring_idx == o_una;
// WQEs fully sent and not retired. The requester's tail can sit behind una:
// a go-back-N rewind into a WQE whose last ACK arrived after it was issued
// (the requester then skips forward when it sees this retirement)
// verilator lint_off UNUSEDSIGNAL
wire [15:0] sent_ahead = tail - o_una;
// verilator lint_on UNUSEDSIGNAL
wire una_sent = sent_ahead != 16'd0 && !sent_ahead[15];
wire una_acked = is_timer ? psn_le(ring_last, o_acked) : psn_le(ring_last, s2_ackto_ev);
wire una_done = una_sent && ring_ok && una_acked;
wire may_more = una_sent && !ring_ok;   // the ring read raced: look again

// a re-entry of the connection before the QP's reset (an ACK that retired
// several WQEs, then the INIT between its passes) must not act on the new
// connection
wire cont_stale = s2_kind == EV_CONT && s2_epoch != o_epoch;

// RNR NAKs. The wait ends at the first scan after its deadline (now > due:
// as the deadline is whole units from the unit the NAK came in, the wait is
// never shorter than the delay). Progress (an event that acknowledges more)
// ends it and restores the RNR retries. Anything else meanwhile leaves it
// running: a NAK-seq, a READ gap or a rewind waiting in a re-entry does not
// rewind (the wait's end will, to the same PSN), and a repeated RNR NAK of
// the same PSN neither restarts the wait nor uses a retry.
wire is_rnr = s2_kind == K_NAK_RNR;
// verilator lint_off UNUSEDSIGNAL
wire [RNR_TW-1:0] rnr_left = o_rnr_due - now_rnr;  // its sign only
// verilator lint_on UNUSEDSIGNAL
wire rnr_expired = is_timer && o_rnr_wait && rnr_left[RNR_TW-1];
wire rnr_hold = o_rnr_wait && !advances;
// the RNR NAKs in a row before this one (none after progress), and whether
// the QP has a retry left for it
wire [2:0] rnr_cnt_base = advances ? 3'd0 : o_rnr_cnt;
wire rnr_exhausted = rnr_retry != 3'd7 && rnr_cnt_base == rnr_retry;
wire rnr_take = is_rnr && !rnr_hold;

`COMP_ST_DECL(reg, n)

reg do_cpl, do_rewind, do_una, do_notify, do_cont, cont_rw, cont_fatal, cont_fatal_rnr_n;
reg rnr_acted;
// verilator lint_off UNUSEDSIGNAL
reg [15:0] behind_d;
// verilator lint_on UNUSEDSIGNAL
reg        una_loop, una_inc, acked_moved;
reg        do_free, cont_reclaim_n;
reg [POOL_LOG2-1:0] free_ptr, cont_ptr_n;
reg [15:0] cont_count_n;
// verilator lint_off UNUSEDSIGNAL
reg [15:0] reclaim_n;
// verilator lint_on UNUSEDSIGNAL
reg [2:0]  cpl_status;
reg        rewind_fatal;

always @* begin
    {`COMP_ST(n)} = st_old;
    do_free = 1'b0;
    free_ptr = o_head;
    cont_reclaim_n = 1'b0;
    cont_ptr_n = ring_next;
    cont_count_n = s2_count - 16'd1;
    reclaim_n = s2_count - o_una;
    do_cpl = 1'b0;
    do_rewind = 1'b0;
    do_una = 1'b0;
    una_inc = 1'b0;
    acked_moved = 1'b0;
    do_notify = 1'b0;
    do_cont = 1'b0;
    cont_rw = 1'b0;
    cont_fatal = 1'b0;
    cont_fatal_rnr_n = 1'b0;
    rnr_acted = 1'b0;
    cpl_status = CPL_OK;
    rewind_fatal = 1'b0;

    if (s2_reclaim) begin
        // a reset QP's old records go back to the pool, one per pass
        do_free = 1'b1;
        free_ptr = s2_ptr;
        if (s2_count > 16'd1) begin
            do_cont = 1'b1;
            cont_reclaim_n = 1'b1;
        end
    end else if (s2_kind == EV_INIT) begin
        n_una = 16'd0;
        n_una_fm1 = s2_psn_m1;
        n_una_bpos = 24'd0;
        n_acked = s2_psn_m1;
        n_prog = now;
        n_retries = 3'd0;
        n_active = !s2_clear;
        n_err = 1'b0;
        n_head = s2_ptr;
        n_epoch = s2_epoch;
        n_rewinds = 2'd0;
        n_rnr_wait = 1'b0;
        n_rnr_cnt = 3'd0;
        // The records the requester wrote before the reset and this side
        // has not retired are walked and freed (a NIC reset's clear pass
        // finds nothing valid to walk)
        if (!s2_clear && o_active && reclaim_n != 16'd0 && !reclaim_n[15]) begin
            do_cont = 1'b1;
            cont_reclaim_n = 1'b1;
            cont_ptr_n = o_head;
            cont_count_n = reclaim_n;
        end
    end else if (!o_active || o_err || req_epoch != o_epoch || cont_stale) begin
        // nothing to do for a QP that is not running, nor for one whose
        // requester has been reset and this side not yet, nor for a stale
        // re-entry
    end else if (((s2_kind == K_NAK_FATAL || is_rnr) && !nak_in_window) || ghost) begin
        // an acknowledgement of a PSN never sent, or a fatal or RNR NAK of
        // no packet in flight, stray or forged: ignored, as IB's requester
        // ignores ghost acknowledgements (it would retire WQEs whose data
        // never arrived)
    end else if (timed_out && o_retries == RETRY_MAX[2:0]) begin
        // outstanding packets, so the una WQE has started
        do_cpl = 1'b1;
        cpl_status = CPL_RETRY_EXC;
        do_rewind = 1'b1;
        rewind_fatal = 1'b1;
        n_err = 1'b1;
    end else begin
        // ACK, READ done, NAK-seq, READ gap, timeout, or a re-entry
        do_notify = s2_int_valid;
        if (!outstanding) begin
            // nothing outstanding: the timer restarts from here, so a QP
            // that was idle long does not time out as soon as it sends
            n_prog = now;
        end
        if (advances) begin
            acked_moved = 1'b1;
            n_acked = s2_ackto_ev;
            n_prog = now;
            n_retries = 3'd0;
            n_rnr_wait = 1'b0;
            n_rnr_cnt = 3'd0;
        end
        if (timed_out) begin
            n_retries = o_retries + 3'd1;
            n_prog = now;
        end
        if (rnr_expired) begin
            // the resend starts the retransmit timer afresh
            n_rnr_wait = 1'b0;
            n_prog = now;
        end
        rnr_acted = rnr_take;
        if (rnr_take && !rnr_exhausted) begin
            n_rnr_wait = 1'b1;
            n_rnr_due = s2_rnr_due;
            if (rnr_retry != 3'd7) begin
                n_rnr_cnt = rnr_cnt_base + 3'd1;
            end
        end
        if (una_done && !ring_lerr) begin
            do_cpl = 1'b1;
            do_una = 1'b1;
            una_inc = 1'b1;
            n_una = o_una + 16'd1;
            n_una_fm1 = ring_last;
            n_una_bpos = ring_bpos;
            n_head = ring_next;
            do_free = 1'b1;
        end
        // a rewind goes once nothing before its PSN is left to retire; it
        // needs packets from the target on (not a stale NAK, not past snd_nxt)
        // (none while an RNR wait runs, but the one that ends it)
        cont_rw = ((is_goback || timed_out || (s2_kind == EV_CONT && s2_rw_pending)) &&
                   !rnr_hold) || rnr_expired;
        // A fatal NAK acknowledges everything before its PSN: those WQEs
        // complete normally first, then the one holding the PSN fails; so
        // does an RNR NAK with no RNR retry left
        cont_fatal_rnr_n = (rnr_take && rnr_exhausted) || (s2_kind == EV_CONT && s2_fatal_rnr);
        cont_fatal = s2_kind == K_NAK_FATAL || (s2_kind == EV_CONT && s2_fatal_pending) ||
                     (rnr_take && rnr_exhausted);
        if (una_done && ring_lerr) begin
            // the una WQE failed its L_Key check and went out as a
            // zero-length WRITE, now acknowledged: every WQE before it has
            // completed; it fails, and the QP with it, as on a fatal NAK
            do_cpl = 1'b1;
            cpl_status = CPL_LOCAL_PROT;
            do_rewind = 1'b1;
            rewind_fatal = 1'b1;
            n_err = 1'b1;
        end else if (una_done || may_more) begin
            do_cont = 1'b1;
        end else if (cont_fatal) begin
            do_cpl = 1'b1;
            cpl_status = cont_fatal_rnr_n ? CPL_RNR_EXC : CPL_REMOTE_ERR;
            do_rewind = 1'b1;
            rewind_fatal = 1'b1;
            n_err = 1'b1;
        end else if (cont_rw && acked_le && target_sent) begin
            do_rewind = 1'b1;
        end
        // A rewind leaves this pipeline a few stages after an una decided
        // on the next event, so a NAK followed at once by the ACK of the
        // same PSN can rewind the requester into a WQE it has already seen
        // retire. It then has nothing outstanding and no una left to move
        // it forward: the timer scan repeats the una, and the requester
        // skips forward (its EV_UNA).
        if (s2_kind == EV_TIMER && !do_una && !do_rewind && req_rewinds == o_rewinds &&
                req_behind[15]) begin
            do_una = 1'b1;
        end
    end

    if (do_rewind) begin
        n_rewinds = o_rewinds + 2'd1;
    end
    // The requester's loop must see an una that lifts its READ fence, and
    // one that may have overtaken a rewind (it then skips forward): until
    // the requester has taken every rewind issued, or while its head is
    // behind the new una
    // (req_head - n_una, taken from both values of n_una side by side)
    behind_d = una_inc ? req_head + ~o_una : req_behind;
    una_loop = ring_read || req_rewinds != o_rewinds || behind_d[15];

    st_new = {`COMP_ST(n)};
end

// rewind point: the target PSN inside the una WQE, target - first =
// ack_to - (first - 1); taken a stage later, from registers (s3_rw_*)

// The window position of the first PSN not acknowledged (after the event),
// which is also a rewind's target: the una WQE's first position plus its
// packets acknowledged, each a full MTU plus the per-packet overhead, plus
// the extension header of its first packet (RETH of a WRITE, AETH of a READ
// response, none on a SEND: only a WQE's last packet carries an ImmDt, and
// it is never inside). Computed at a pass that retires nothing more, when
// that PSN lies in the una WQE. The requester counts the same bytes. A WQE
// not yet fully sent has no record; it is then the requester's head, whose
// kind the snd_nxt mirror carries.
// (n_acked + 1 - first = n_acked - (first - 1), for both values of
// n_acked side by side)
// verilator lint_off UNUSEDSIGNAL
wire [23:0] pos_pkts_adv = s2_ackto_ev - o_una_fm1;
wire [23:0] pos_pkts_old = o_acked - o_una_fm1;
// verilator lint_on UNUSEDSIGNAL
wire [23:0] pos_pkts = acked_moved ? (pos_pkts_adv[23] ? 24'd0 : pos_pkts_adv) :
                                     (pos_pkts_old[23] ? 24'd0 : pos_pkts_old);
// the una WQE's first PSN after the event: the next WQE's if it retired
wire [23:0] una_first_ret = ring_last + 24'd1;
wire [23:0] una_first_old = o_una_fm1 + 24'd1;
wire        una_is_read = una_sent && ring_ok && ring_read;
wire        una_is_send = una_sent ? ring_ok && ring_send : req_send;

/*
 * Stage 3: outputs
 */
reg          cpl_wr = 0, rw_wr = 0, una_wr = 0, nt_wr = 0, ct_wr = 0, inf_wr = 0;
reg [QW-1:0]    inf_qpn = 0;
reg [23:0]      inf_sent = 0;
reg             inf_rewind = 1'b0;
reg [23:0]      s3_pos_pkts = 0, s3_pos_bpos = 0;
reg             s3_pos_read = 1'b0, s3_pos_send = 1'b0;
reg [13:0]      s3_pos_unit = 0;
reg             s3_pos_init = 1'b0;
reg [23:0]      s3_rw_ackto = 0, s3_rw_fm1 = 0;
reg [3:0]       s3_rw_mtu_log2 = 0;
reg             stat_timeout_reg = 1'b0, stat_rewind_reg = 1'b0, stat_fatal_reg = 1'b0;
reg             stat_rnr_reg = 1'b0, stat_rnr_exc_reg = 1'b0;
wire [12:0]     mtu = 13'd1 << mtu_log2;

// the window state after the event (packets in flight: snd_nxt - acked - 1).
// A rewind sets snd_nxt to its target, everything before which is
// acknowledged; a timer scan or a re-entry changes nothing unless it rewinds.
wire        inf_event = s2_kind != EV_TIMER && s2_kind != EV_CONT;
reg [CPL_W-1:0] cpl_data = 0;
reg [RW_W-24-32-1:0] rw_data = 0;      // the offset joins at stage 4
reg [UNA_W-1:0] una_data = 0;
reg [NT_W-1:0]  nt_data = 0;

// the INT block arrives in wire order (hop record 0 first, so in the top
// bits); Notify carries hop i at [64i+63:64i], as the CC engine takes it
function [319:0] hops_by_index(input [319:0] wire_order);
    integer k;
    begin
        for (k = 0; k < 5; k = k + 1) begin
            hops_by_index[64*k +: 64] = wire_order[64*(4-k) +: 64];
        end
    end
endfunction
reg [CT_W-1:0]  ct_data = 0;

always @(posedge clk) begin
    cpl_wr <= s2_valid && do_cpl;
    // a failure is always reported; a success only if the WQE asked
    cpl_data <= {s2_qpn, o_una, cpl_status, ring_signaled || cpl_status != CPL_OK};
    rw_wr <= s2_valid && do_rewind;
    rw_data <= {s2_qpn, o_una, target, rewind_fatal};
    s3_rw_ackto <= ack_to;
    s3_rw_fm1 <= o_una_fm1;
    s3_rw_mtu_log2 <= mtu_log2;
    s3_pos_pkts <= pos_pkts;
    s3_pos_unit <= {1'b0, mtu} + {6'd0, cfg_pkt_overhead};
    // the extension header's bytes are added a stage later (s4_base), off
    // the path from the acknowledgement through pos_pkts
    s3_pos_bpos <= o_una_bpos;
    s3_pos_read <= una_is_read;
    s3_pos_send <= una_is_send;
    s3_pos_init <= s2_kind == EV_INIT;
    una_wr <= s2_valid && do_una;
    // a repeated una (timer) carries no READ completion
    una_data <= {s2_qpn, n_una, una_inc ? una_first_ret : una_first_old, n_una_bpos,
                 ring_read && una_done, una_loop, o_epoch};
    nt_wr <= s2_valid && do_notify;
    nt_data <= {s2_qpn, s2_psn - (is_goback ? 24'd1 : 24'd0), snd_nxt, s2_int[335:320],
                hops_by_index(s2_int[319:0])};
    ct_wr <= s2_valid && do_cont;
    inf_wr <= s2_valid && !s2_reclaim && !(s2_kind == EV_INIT && s2_clear) &&
              ((inf_event || s2_kind == EV_CONT) && !do_cont || do_rewind || s2_kind == EV_INIT);
    // at INIT the snd_nxt mirror may still hold the previous connection's
    // value (the requester's INIT writes it a few cycles later): report the
    // start PSN, i.e. nothing in flight
    inf_qpn <= s2_qpn;
    inf_sent <= sent_bpos;
    inf_rewind <= do_rewind;
    ct_data <= {s2_qpn, target, cont_rw, cont_fatal, cont_fatal_rnr_n, cont_reclaim_n, cont_ptr_n,
                cont_count_n, o_epoch};
    pool_free_valid <= s2_valid && do_free;
    pool_free_ptr <= free_ptr;

    una_m_wr <= s2_valid;
    una_m_qpn <= s2_qpn;
    una_m_idx <= n_una;
    una_m_head <= n_head;

    // counted a cycle later, from registers
    stat_timeout_reg <= s2_valid && timed_out;
    stat_rewind_reg <= s2_valid && do_rewind && !rewind_fatal;
    stat_fatal_reg <= s2_valid && do_rewind && rewind_fatal;
    stat_rnr_reg <= s2_valid && rnr_acted;
    stat_rnr_exc_reg <= s2_valid && do_rewind && rewind_fatal && cpl_status == CPL_RNR_EXC;
    stat_timeouts <= stat_timeouts + {31'd0, stat_timeout_reg};
    stat_rewinds <= stat_rewinds + {31'd0, stat_rewind_reg};
    stat_fatal <= stat_fatal + {31'd0, stat_fatal_reg};
    stat_rnr_naks <= stat_rnr_naks + {31'd0, stat_rnr_reg};
    stat_rnr_retry_exc <= stat_rnr_retry_exc + {31'd0, stat_rnr_exc_reg};

    if (rst) begin
        cpl_wr <= 1'b0;
        rw_wr <= 1'b0;
        una_wr <= 1'b0;
        nt_wr <= 1'b0;
        ct_wr <= 1'b0;
        inf_wr <= 1'b0;
        una_m_wr <= 1'b0;
        pool_free_valid <= 1'b0;
        stat_timeout_reg <= 1'b0;
        stat_rewind_reg <= 1'b0;
        stat_fatal_reg <= 1'b0;
        stat_rnr_reg <= 1'b0;
        stat_rnr_exc_reg <= 1'b0;
        stat_timeouts <= 0;
        stat_rewinds <= 0;
        stat_fatal <= 0;
        stat_rnr_naks <= 0;
        stat_rnr_retry_exc <= 0;
    end
end

/*
 * Stages 4-5: the window position (a DSP multiply), then the rewind and the
 * window report that carry it
 */
reg             s4_rw_wr = 1'b0, s4_inf_wr = 1'b0, s4_rewind = 1'b0, s4_init = 1'b0;
reg [RW_W-24-1:0] s4_rw_data = 0;
reg [QW-1:0]    s4_inf_qpn = 0;
reg [23:0]      s4_sent = 0, s4_base = 0;
reg [23:0]      s4_prod = 0;   // modular, as positions are
reg             rw5_wr = 1'b0, inf5_wr = 1'b0;
reg [RW_W-1:0]  rw5_data = 0;
reg [INF_W-1:0] inf5_data = 0;

always @(posedge clk) begin
    s4_rw_wr <= rw_wr;
    s4_inf_wr <= inf_wr;
    // the rewind's byte offset in its WQE
    s4_rw_data <= {rw_data[RW_W-24-32-1:1], {8'd0, s3_rw_ackto - s3_rw_fm1} << s3_rw_mtu_log2,
                   rw_data[0]};
    s4_inf_qpn <= inf_qpn;
    s4_sent <= inf_sent;
    s4_rewind <= inf_rewind;
    s4_init <= s3_pos_init;
    s4_base <= s3_pos_bpos + ((s3_pos_pkts == 24'd0) ? 24'd0 :
                              s3_pos_read ? 24'd4 : s3_pos_send ? 24'd0 : 24'd16);
    s4_prod <= s3_pos_pkts * {10'd0, s3_pos_unit};

    rw5_wr <= s4_rw_wr;
    rw5_data <= {s4_rw_data[RW_W-24-1:1], pos5, s4_rw_data[0]};
    inf5_wr <= s4_inf_wr;
    // at INIT the mirror may still hold the previous connection's position
    // (the requester's INIT writes it a few cycles later): nothing in flight
    inf5_data <= {s4_inf_qpn, s4_init ? 24'd0 : pos5,
                  s4_init ? 24'd0 : s4_rewind ? pos5 : s4_sent};

    if (rst) begin
        // reset so that the chain stays in FFs: an SRL has no reset, and LUTs
        // are the core's scarcer resource (docs/performance.md)
        s4_rw_data <= 0;
        s4_rw_wr <= 1'b0;
        s4_inf_wr <= 1'b0;
        rw5_wr <= 1'b0;
        inf5_wr <= 1'b0;
    end
end

wire [23:0] pos5 = s4_base + s4_prod;

// room is granted ahead (room_reg), so these FIFOs' own s_ready is not needed
// verilator lint_off UNUSEDSIGNAL
wire cpl_fifo_ready, rw_fifo_ready, una_fifo_ready, ct_fifo_ready;
wire [FIFO_LOG2:0] nt_count;
// verilator lint_on UNUSEDSIGNAL

hpnic_fifo #(.DEPTH_LOG2(FIFO_LOG2), .WIDTH(CPL_W))
cpl_fifo_inst (
    .clk(clk), .rst(rst),
    .s_valid(cpl_wr), .s_ready(cpl_fifo_ready), .s_data(cpl_data),
    .m_valid(m_cpl_valid), .m_ready(m_cpl_ready),
    .m_data({m_cpl_qpn, m_cpl_idx, m_cpl_status, m_cpl_signaled}),
    .count(cpl_count)
);

hpnic_fifo #(.DEPTH_LOG2(FIFO_LOG2), .WIDTH(RW_W), .RAM_STYLE("block"))
rw_fifo_inst (
    .clk(clk), .rst(rst),
    .s_valid(rw5_wr), .s_ready(rw_fifo_ready), .s_data(rw5_data),
    .m_valid(m_rewind_valid), .m_ready(m_rewind_ready),
    .m_data({m_rewind_qpn, m_rewind_idx, m_rewind_psn, m_rewind_off, m_rewind_bpos,
             m_rewind_fatal}),
    .count(rw_count)
);

hpnic_fifo #(.DEPTH_LOG2(FIFO_LOG2), .WIDTH(UNA_W))
una_fifo_inst (
    .clk(clk), .rst(rst),
    .s_valid(una_wr), .s_ready(una_fifo_ready), .s_data(una_data),
    .m_valid(m_una_valid), .m_ready(m_una_ready),
    .m_data({m_una_qpn, m_una_idx, m_una_psn, m_una_bpos, m_una_read_done, m_una_loop,
             m_una_epoch}),
    .count(una_count)
);

// Notify is best effort: congestion control must never stall reliability,
// so a Notify that finds its FIFO full is dropped and counted
wire nt_ready;

hpnic_fifo #(.DEPTH_LOG2(FIFO_LOG2), .WIDTH(NT_W), .RAM_STYLE("block"))
nt_fifo_inst (
    .clk(clk), .rst(rst),
    .s_valid(nt_wr), .s_ready(nt_ready), .s_data(nt_data),
    .m_valid(m_notify_valid), .m_ready(m_notify_ready),
    .m_data({m_notify_qpn, m_notify_ack_psn, m_notify_snd_nxt, m_notify_nhop, m_notify_path,
             m_notify_hops}),
    .count(nt_count)
);

always @(posedge clk) begin
    if (nt_wr && !nt_ready) begin
        stat_notify_dropped <= stat_notify_dropped + 1'b1;
    end
    if (rst) begin
        stat_notify_dropped <= 0;
    end
end

// verilator lint_off UNUSEDSIGNAL
wire inf_ready;
// verilator lint_on UNUSEDSIGNAL

hpnic_fifo #(.DEPTH_LOG2(FIFO_LOG2), .WIDTH(INF_W))
inf_fifo_inst (
    .clk(clk), .rst(rst),
    .s_valid(inf5_wr), .s_ready(inf_ready), .s_data(inf5_data),
    .m_valid(m_inflight_valid), .m_ready(m_inflight_ready),
    .m_data({m_inflight_qpn, m_inflight_acked, m_inflight_sent}),
    .count(inf_count)
);

// re-entries: a CONT keeps the event's target PSN and whether a rewind waits
hpnic_fifo #(.DEPTH_LOG2(FIFO_LOG2), .WIDTH(CT_W))
ct_fifo_inst (
    .clk(clk), .rst(rst),
    .s_valid(ct_wr), .s_ready(ct_fifo_ready), .s_data(ct_data),
    .m_valid(cont_valid), .m_ready(take_cont),
    .m_data({cont_qpn, cont_psn, cont_rw_pending, cont_fatal_pending, cont_fatal_rnr, cont_reclaim,
             cont_ptr, cont_left, cont_epoch}),
    .count(cont_count)
);


`undef COMP_ST_DECL
`undef COMP_ST
endmodule

`resetall
