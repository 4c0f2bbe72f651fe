// SPDX-License-Identifier: MIT
/*
 * RC requester: turns each QP's send queue into packet descriptors, and runs
 * the QP's send loop, which spends the QP's PktSend credit on its requests
 * and on the READ responses it owes its peer.
 *
 * Per QP it keeps a small ring of WQE slots (2^SLOTS_LOG2, filled by batched
 * fetches that run ahead of the WQE being sent), the progress through the
 * head WQE, snd_nxt, the send queue's producer index, and a byte balance of
 * PktSend credit. All of it lives in one state RAM with a one-cycle
 * read-modify-write loop (hpnic_rmw_ram), so events for one QP can follow
 * each other every cycle. What the loop does not need to decide the next
 * event has read-modify-write loops of its own later in the pipeline, off
 * the state loop's cycle: the next WQE to fetch (stage 3), and the window
 * position with snd_max (stages 5-6).
 *
 * The responder's sending side (hpnic_resp_tx: the READ response being sent,
 * its packets and descriptors) is a separate block with its own state RAM.
 * Requests and responses share the QP's credit, so this loop carries its
 * events (READ work, the packets it sends, resets) and plugs it in at the
 * loop stage through the rsp_* ports; the descriptor FIFO takes both.
 *
 * SEND and the immediate forms. A SEND is cut into packets as a WRITE is
 * (SEND FIRST/MIDDLE/LAST/ONLY), without a RETH; SEND with immediate and
 * WRITE with immediate end in their *_IMM LAST or ONLY packet, which carries
 * the WQE's immediate (ImmDt). The immediate waits in the WQE's slot (the
 * slot RAM, read with the head slot for every packet), so a WQE sent again
 * after a rewind, which refetches it, carries it again.
 *
 * Bytes, not packets. Every packet is charged what it occupies on the wire:
 * payload, its pad to 4 bytes, the configured per-packet overhead
 * (cfg_pkt_overhead: Ethernet, IPv4, UDP, BTH, ICRC, FCS, preamble, gap),
 * plus RETH (16) on WRITE FIRST/ONLY (with or without immediate) and READ
 * REQUEST, ImmDt (4) on every *_IMM packet, and AETH (4) on READ RESPONSE
 * FIRST/ONLY/LAST. Work is announced to the scheduler in those
 * bytes, and a PktSend of L bytes adds L to the QP's balance. While the
 * balance is positive the QP sends one packet per event and comes back
 * through a continue FIFO (CONT) for the next one, so one PktSend of a full
 * MTU can carry dozens of small messages; the last packet may overdraw the
 * balance, which the next PktSend repays.
 *
 * The window position (bpos) counts the same bytes per PSN: a WRITE packet
 * its cost, a READ REQUEST the bytes of the responses it asks for (the
 * window bounds the READ data in flight). It is kept in a second RMW RAM
 * late in the pipeline, out of the state loop, and mirrored to the completer
 * with snd_nxt; the completer maps acknowledged PSNs back to it.
 *
 * Events, highest priority first: QP init, rewind (go-back-N, from the
 * completer), WQE fetched, READ work (from RX), una advanced (ring room),
 * Post (doorbell), CONT, PktSend (scheduler), and in idle cycles a scan of
 * every QP that issues fetches held back while the fetch FIFO was full.
 *
 * Up to 2^RD_MAX_LOG2 READs may be outstanding (max_rd_atomic): a READ WQE
 * beyond them waits until one retires; credit that arrives meanwhile stays
 * in the balance. Each READ sent for the first time goes to the READ
 * tracking as a descriptor (m_rdq); one sent again after a rewind asks from
 * the PSN the tracking awaits, so its descriptor stands. A QP reset
 * withdraws them all (a flush). A rewind restarts at a WQE index and byte offset
 * (refetching the WQE), so a WRITE resumes mid-message with the PSN and the
 * window position it originally had.
 *
 * See docs/transport.md for the division of state between the blocks.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_req #(
    // QPN bits
    parameter QPN_WIDTH = 12,
    // log2 of the started-but-unacknowledged WQEs per QP, at most
    parameter RING_LOG2 = 10,
    // log2 of the started-WQE records shared by all QPs (hpnic_wqe_pool)
    parameter POOL_LOG2 = 13,
    // log2 of the WQE slots per QP (WQEs fetched ahead, the head included)
    parameter SLOTS_LOG2 = 3,
    // WQEs a QP may ask for beyond its free slots (0: none), so that a
    // fetch's round trip does not bound its rate: one that arrives to find
    // every slot taken waits in the replay queue (below), or is dropped and
    // fetched again when a slot frees
    parameter FETCH_AHEAD = 8,
    // log2 of the cycles the replay queue may wait with no WQE landing
    // before the WQE it replays next is dropped and fetched again
    parameter REPLAY_LOG2 = 6,
    // PktSend length bits (as the scheduler's LEN_WIDTH)
    parameter LEN_WIDTH = 14,
    // log2 of each output FIFO's depth
    parameter FIFO_LOG2 = 5,
    // log2 of the READs a QP may have outstanding (max_rd_atomic)
    parameter RD_MAX_LOG2 = 4
) (
    input  wire                  clk,
    input  wire                  rst,

    /*
     * Configuration: path MTU per QP (CSR), bytes charged per packet
     */
    input  wire                  cfg_wr_en,
    input  wire [QPN_WIDTH-1:0]  cfg_wr_qpn,
    input  wire [3:0]            cfg_wr_mtu_log2,   // 6..12
    input  wire [7:0]            cfg_wr_max_rd,     // max_rd_atomic, 0: 2^RD_MAX_LOG2
    input  wire [7:0]            cfg_pkt_overhead,

    /*
     * Events in
     */
    input  wire                  s_init_valid,      // QP reset: start PSN
    output wire                  s_init_ready,
    input  wire [QPN_WIDTH-1:0]  s_init_qpn,
    input  wire [23:0]           s_init_psn,

    output wire                  m_cinit_valid,     // the completer's QP reset, after ours
    input  wire                  m_cinit_ready,
    output wire [QPN_WIDTH-1:0]  m_cinit_qpn,
    output wire [23:0]           m_cinit_psn,
    output wire [15:0]           m_cinit_rec_old,   // WQEs recorded before the reset
    output wire [POOL_LOG2-1:0]  m_cinit_spare,     // where the QP's records begin now
    output wire                  m_cinit_epoch,
    output wire                  m_cinit_clear,     // after a NIC reset: the QP is not set up

    input  wire                  s_rewind_valid,    // from the completer
    output wire                  s_rewind_ready,
    input  wire [QPN_WIDTH-1:0]  s_rewind_qpn,
    input  wire [15:0]           s_rewind_idx,      // WQE to restart
    input  wire [23:0]           s_rewind_psn,      // its PSN at the restart point
    input  wire [31:0]           s_rewind_off,      // byte offset into it
    input  wire [23:0]           s_rewind_bpos,     // window position at the restart point
    input  wire                  s_rewind_fatal,    // stop the QP instead

    input  wire                  s_wqe_valid,       // WQE fetch response
    output wire                  s_wqe_ready,
    input  wire [QPN_WIDTH-1:0]  s_wqe_qpn,
    input  wire [15:0]           s_wqe_idx,
    input  wire [1:0]            s_wqe_tag,         // echoes the request's tag
    input  wire                  s_wqe_read,        // 1 READ, 0 WRITE
    input  wire                  s_wqe_signaled,    // write a CQE when it succeeds
    input  wire [31:0]           s_wqe_len,
    input  wire [63:0]           s_wqe_laddr,       // local IO address
    input  wire                  s_wqe_sgl,         // laddr is the WQE's SGE list
    input  wire [1:0]            s_wqe_nsge_m1,     // its entries, minus 1
    input  wire [63:0]           s_wqe_raddr,       // remote VA
    input  wire [31:0]           s_wqe_rkey,
    input  wire                  s_wqe_lerr,        // its L_Key check failed
    input  wire                  s_wqe_send,        // a SEND (not a WRITE; never with READ)
    input  wire                  s_wqe_imm_valid,   // with immediate (SEND or WRITE)
    input  wire [31:0]           s_wqe_imm,         // the immediate, wire order

    input  wire                  s_rdwork_valid,    // a READ to answer (from RX)
    output wire                  s_rdwork_ready,
    input  wire [QPN_WIDTH-1:0]  s_rdwork_qpn,
    input  wire [23:0]           s_rdwork_psn,
    input  wire [63:0]           s_rdwork_addr,     // local IO address
    input  wire [31:0]           s_rdwork_len,
    input  wire [23:0]           s_rdwork_msn,
    input  wire [7:0]            s_rdwork_tag,      // the READ queue's

    input  wire                  s_una_valid,       // completer retired WQEs
    output wire                  s_una_ready,
    input  wire [QPN_WIDTH-1:0]  s_una_qpn,
    input  wire [15:0]           s_una_idx,         // new una
    input  wire [23:0]           s_una_psn,         // its first PSN
    input  wire [23:0]           s_una_bpos,        // its first window position
    input  wire                  s_una_read_done,   // the outstanding READ retired
    input  wire                  s_una_loop,        // needs the state loop (READ done, a rewind)
    input  wire                  s_una_epoch,       // the QP's epoch at the completer

    input  wire                  s_post_valid,      // doorbell
    output wire                  s_post_ready,
    input  wire [QPN_WIDTH-1:0]  s_post_qpn,
    input  wire [15:0]           s_post_pi,

    input  wire                  s_pktsend_valid,   // scheduler
    output wire                  s_pktsend_ready,
    input  wire [QPN_WIDTH-1:0]  s_pktsend_qpn,
    input  wire [LEN_WIDTH-1:0]  s_pktsend_len,     // bytes of credit

    /*
     * Outputs
     */
    output wire                  m_desc_valid,      // one packet to build
    input  wire                  m_desc_ready,
    output wire [QPN_WIDTH-1:0]  m_desc_qpn,
    output wire [7:0]            m_desc_opcode,
    output wire [23:0]           m_desc_psn,
    output wire [12:0]           m_desc_len,        // payload bytes
    output wire [63:0]           m_desc_addr,       // payload IO address (or SGE list)
    output wire                  m_desc_sgl,        // gather from the SGE list at addr
    output wire [1:0]            m_desc_nsge_m1,
    output wire [31:0]           m_desc_off,        // the packet's offset in the list
    output wire [63:0]           m_desc_reth_va,
    output wire [31:0]           m_desc_reth_rkey,
    output wire [31:0]           m_desc_reth_len,
    output wire [31:0]           m_desc_aeth,       // {syndrome, MSN}
    output wire [31:0]           m_desc_imm,        // ImmDt (*_IMM opcodes), wire order

    output wire                  m_fetch_valid,     // WQE fetch request
    input  wire                  m_fetch_ready,
    output wire [QPN_WIDTH-1:0]  m_fetch_qpn,
    output wire [15:0]           m_fetch_idx,       // first WQE
    output wire [3:0]            m_fetch_count,     // WQEs, 1..2^SLOTS_LOG2
    output wire [1:0]            m_fetch_tag,

    output wire                  m_free_valid,      // credit spent on no request
    input  wire                  m_free_ready,
    output wire [QPN_WIDTH-1:0]  m_free_qpn,
    output wire [23:0]           m_free_bpos,       // the window position now

    output wire                  m_work_valid,      // new work for the scheduler
    input  wire                  m_work_ready,
    output wire [QPN_WIDTH-1:0]  m_work_qpn,
    output wire [31:0]           m_work_bytes,      // wire bytes

    /*
     * Started-WQE records (hpnic_wqe_pool): free entries in, records out
     */
    input  wire                  s_pool_valid,
    output wire                  s_pool_ready,
    input  wire [POOL_LOG2-1:0]  s_pool_ptr,
    input  wire [POOL_LOG2:0]    s_pool_count,
    input  wire                  s_pool_init_done,

    /*
     * State the completer and RX read (one writer: here)
     */
    output reg                   ring_wr_en = 1'b0, // a WQE fully sent for the first time
    output reg  [POOL_LOG2-1:0]  ring_wr_ptr = 0,   // its record
    output reg  [POOL_LOG2-1:0]  ring_wr_next = 0,  // the QP's next record (the new spare)
    output reg  [23:0]           ring_wr_last_psn = 0,
    output reg                   ring_wr_read = 1'b0,
    output reg                   ring_wr_signaled = 1'b0,
    output reg                   ring_wr_lerr = 1'b0,  // failed its L_Key check
    output reg                   ring_wr_send = 1'b0,  // a SEND: no RETH on its first packet
    output reg  [23:0]           ring_wr_bpos = 0,     // window position after it

    output reg                   sndnxt_wr_en = 1'b0,  // snd_nxt and ring tail
    output reg  [QPN_WIDTH-1:0]  sndnxt_wr_qpn = 0,
    output reg  [23:0]           sndnxt_wr_psn = 0,
    output reg  [23:0]           sndnxt_wr_max = 0,    // one past the highest PSN sent
    output reg  [15:0]           sndnxt_wr_tail = 0,
    output reg  [23:0]           sndnxt_wr_bpos = 0,   // window position at snd_nxt
    output reg                   sndnxt_wr_epoch = 1'b0, // flips at every QP reset
    output reg  [15:0]           sndnxt_wr_head = 0,   // the WQE being sent
    output reg  [1:0]            sndnxt_wr_rewinds = 0, // rewinds taken (mod 4)
    output reg                   sndnxt_wr_send = 1'b0, // the head WQE is a SEND
    output reg                   sndnxt_wr_sent = 1'b0, // a request packet left (the completer's timer)

    output wire                  m_rdq_valid,       // a READ sent, or every READ withdrawn
    input  wire                  m_rdq_ready,
    output wire                  m_rdq_flush,       // 1: withdraw the QP's READs
    output wire [QPN_WIDTH-1:0]  m_rdq_qpn,
    output wire [23:0]           m_rdq_first_psn,
    output wire [23:0]           m_rdq_last_psn,    // its last response's PSN
    output wire [63:0]           m_rdq_laddr,
    output wire [12:0]           m_rdq_last_len,    // its last response's bytes

    /*
     * READs answered (the responder's READ queue issues the next, and lets
     * an answer held behind the READ go): when the last response's
     * descriptor leaves towards TX, so nothing queued behind it can pass it;
     * and QPs reset or failed (it forgets their READs: flush)
     */
    output wire                  m_rdone_valid,
    input  wire                  m_rdone_ready,
    output wire [QPN_WIDTH-1:0]  m_rdone_qpn,
    output wire [7:0]            m_rdone_tag,

    output wire                  m_rflush_valid,
    input  wire                  m_rflush_ready,
    output wire [QPN_WIDTH-1:0]  m_rflush_qpn,

    /*
     * The responder's sending side (hpnic_resp_tx), plugged into this loop:
     * look-up at stage 1, the pending response and what became of it at
     * stage 2, the descriptor of the response packet sent at stage 3
     */
    output wire                  rsp_lk_valid,
    output wire [QPN_WIDTH-1:0]  rsp_lk_qpn,
    output wire [3:0]            rsp_mtu_log2,
    output wire [12:0]           rsp_mtu,           // decoded
    input  wire                  rsp_valid,
    input  wire                  rsp_last,
    input  wire [12:0]           rsp_plen,          // its next packet's payload bytes
    input  wire                  rsp_aeth,          // ... and whether it carries an AETH
    output wire                  rsp_ev_read,
    output wire [23:0]           rsp_ev_read_psn,
    output wire [63:0]           rsp_ev_read_end,
    output wire [31:0]           rsp_ev_read_len,
    output wire [23:0]           rsp_ev_read_msn,
    output wire [7:0]            rsp_ev_read_tag,
    input  wire [23:0]           rsp_read_npkts,
    input  wire [4:0]            rsp_read_ext,
    output wire                  rsp_ev_send,
    output wire                  rsp_ev_abort,
    input  wire                  rsp_done,          // the READ being answered ended
    input  wire [7:0]            rsp_done_tag,
    input  wire [7:0]            rsp_d_opcode,
    input  wire [23:0]           rsp_d_psn,
    input  wire [12:0]           rsp_d_len,
    input  wire [63:0]           rsp_d_addr,
    input  wire [31:0]           rsp_d_aeth,

    /*
     * Counters
     */
    output reg  [31:0]           stat_pktsend_idle = 0,   // credit with nothing to send
    output reg  [31:0]           stat_read_fenced = 0,    // credit held: max_rd_atomic READs out
    output reg  [31:0]           stat_wqe_stale = 0,      // WQE response after a rewind, or
                                                          // fetched ahead and found no slot
    output reg  [31:0]           stat_pool_wait = 0,      // credit held: no free record entry
    output reg  [31:0]           stat_rdwork_err = 0      // READ work for a failed QP, dropped
);

localparam QW = QPN_WIDTH;
localparam RING = 2**RING_LOG2;
localparam SLOTS = 2**SLOTS_LOG2;
localparam SL = SLOTS_LOG2;
localparam [15:0] AHEAD16 = FETCH_AHEAD[15:0];
// ring room left at which una events must come through the state loop; at
// least 1, so the compare is not constant when SLOTS + FETCH_AHEAD = RING
localparam [15:0] CAP_AT0 = RING[15:0] - SLOTS[15:0] - AHEAD16;
localparam [15:0] CAP_AT = CAP_AT0 == 16'd0 ? 16'd1 : CAP_AT0;

initial begin
    if (SLOTS_LOG2 < 1 || SLOTS_LOG2 > 3) begin
        $error("hpnic_req: SLOTS_LOG2 must be 1..3 (%m)");
        $finish;
    end
    if (RING_LOG2 < SLOTS_LOG2 || RING_LOG2 > 12) begin
        $error("hpnic_req: RING_LOG2 must be SLOTS_LOG2..12 (%m)");
        $finish;
    end
    if (FETCH_AHEAD < 0 || 2**SLOTS_LOG2 + FETCH_AHEAD > 2**RING_LOG2 || FETCH_AHEAD > 1024) begin
        $error("hpnic_req: FETCH_AHEAD must be 0..1024 and leave 2^SLOTS_LOG2 + FETCH_AHEAD <= 2^RING_LOG2 (%m)");
        $finish;
    end
    if (LEN_WIDTH < 8 || LEN_WIDTH > 24) begin
        $error("hpnic_req: LEN_WIDTH must be 8..24 (%m)");
        $finish;
    end
    if (RING_LOG2 > 14 || POOL_LOG2 < 4 || POOL_LOG2 > 16) begin
        $error("hpnic_req: RING_LOG2 at most 14, POOL_LOG2 4..16 (%m)");
        $finish;
    end
    if (FIFO_LOG2 < 4) begin
        $error("hpnic_req: FIFO_LOG2 must be at least 4 (%m)");
        $finish;
    end
end

// event types, by priority
localparam [3:0] EV_INIT = 4'd0;
localparam [3:0] EV_REWIND = 4'd1;
localparam [3:0] EV_WQE = 4'd2;
localparam [3:0] EV_RDWORK = 4'd3;
localparam [3:0] EV_UNA = 4'd4;
localparam [3:0] EV_POST = 4'd5;
localparam [3:0] EV_CONT = 4'd6;         // the next packet on the QP's balance
localparam [3:0] EV_PKTSEND = 4'd7;
localparam [3:0] EV_SCAN = 4'd8;         // idle: look for a fetch held back
localparam [3:0] EV_CLR = 4'd9;          // after a NIC reset: every QP not set up

// BTH opcodes and AETH syndromes: the register map's (fw/regmap.toml,
// BTH_OP and AETH_SYN; docs/wire.md)
`include "hpnic_regs.vh"

// extension headers charged beyond the per-packet overhead
localparam [4:0] EXT_RETH = 5'd16;
localparam [4:0] EXT_AETH = 5'd4;
localparam [4:0] EXT_IMM = 5'd4;

/*
 * Output FIFOs. An event is accepted only if each FIFO it may write has room
 * for one more entry per event still in the pipeline (LAT stages)
 */
localparam LAT = 8;
// a descriptor: the packet, and whether it is a READ's last response (with
// the READ queue's tag)
localparam DESC_W = 1 + 8 + QW + 8 + 24 + 13 + 64 + 35 + 64 + 32 + 32 + 32 + 32;
localparam FETCH_W = QW + 16 + 4 + 2;
localparam CINIT_W = QW + 24 + 16 + POOL_LOG2 + 2;
localparam WORK_W = QW + 32;
localparam RDQ_W = 1 + QW + 24 + 24 + 64 + 13;
localparam RDONE_W = QW + 8;

wire [FIFO_LOG2:0] desc_count, fetch_count, work_count, free_count, cont_count, cinit_count;
wire [FIFO_LOG2:0] rdq_count, rflush_count;
reg                desc_wr = 1'b0, fetch_wr = 1'b0, cont_wr = 1'b0;
reg  [DESC_W-1:0]  desc_data;
reg  [FETCH_W-1:0] fetch_data = 0;
reg  [QW-1:0]      cont_data = 0;
reg                cinit_wr = 1'b0;
reg  [CINIT_W-1:0] cinit_data = 0;
localparam [FIFO_LOG2:0] ROOM = 2**FIFO_LOG2 - LAT;
// Only PktSend and CONT make descriptors, and the descriptor FIFO stays
// nearly full while the wire is busy: gating every event on it would let the
// requester take one event per packet on the wire, and the completer and RX
// behind it would back up. So the other events wait only for the work and
// free FIFOs. Nor do they wait for the fetch FIFO: its requests only drain
// as the requester takes WQEs, so waiting for room there deadlocked with
// many QPs fetching at once. A fetch that finds the FIFO full is held back
// instead, and an idle-cycle scan of every QP issues it later. A PktSend
// may add a CONT, so it also waits for room in the CONT FIFO; a CONT makes
// at most one more, so the FIFO never overflows.
// An INIT, which may take a free record entry, waits for the pool to have
// one per event in the pipeline. A PktSend or CONT does not: most of them
// need no entry (a resend after a rewind finds its record there), and one
// that would record a WQE while the pool is empty keeps its credit instead
// (stage 2), so resends go on and let the completer free entries.
reg room_reg = 1'b0, desc_room_reg = 1'b0, fetch_room_reg = 1'b0, cont_room_reg = 1'b0;
reg pool_room_reg = 1'b0, cinit_room_reg = 1'b0;
// The READ descriptors' and the READs-answered FIFOs: every event but READ
// work may write one. READ work must not wait for the second: the READ
// queue that takes it stops when the requester stops taking READ work, and
// the requester would wait for that queue (a deadlock)
reg rdq_room_reg = 1'b0;

always @(posedge clk) begin
    room_reg <= work_count < ROOM && free_count < ROOM;
    desc_room_reg <= desc_count < ROOM;
    fetch_room_reg <= fetch_count < ROOM;
    cont_room_reg <= cont_count < ROOM;
    pool_room_reg <= s_pool_count > 4;
    cinit_room_reg <= cinit_count < ROOM;
    rdq_room_reg <= rdq_count < ROOM && rflush_count < ROOM;
    if (rst) begin
        room_reg <= 1'b0;
        desc_room_reg <= 1'b0;
        fetch_room_reg <= 1'b0;
        cont_room_reg <= 1'b0;
        pool_room_reg <= 1'b0;
        cinit_room_reg <= 1'b0;
        rdq_room_reg <= 1'b0;
    end
end

/*
 * Free record entries, up to three held here ahead of the pool. An
 * allocation at stage 2 takes the head at once; the entry leaves these
 * registers a cycle later (alloc_reg), and meanwhile the next one is the
 * head. So the pool's FIFO is popped from registers, not from the end of
 * the state loop.
 */
reg  [POOL_LOG2-1:0] pf0 = 0, pf1 = 0, pf2 = 0;
reg  [2:0]           pf_v = 3'b000;             // 000, 001, 011 or 111
reg                  alloc_reg = 1'b0;          // the head was taken last cycle
wire [POOL_LOG2-1:0] pool_ptr = alloc_reg ? pf1 : pf0;
wire                 pool_valid = alloc_reg ? pf_v[1] : pf_v[0];
wire                 pf_fill = !rst && s_pool_valid && (!pf_v[2] || alloc_reg);
reg  [POOL_LOG2-1:0] pf0_n, pf1_n, pf2_n;
reg  [2:0]           pf_v_n;

assign s_pool_ready = pf_fill;

always @* begin
    {pf0_n, pf1_n, pf2_n, pf_v_n} = {pf0, pf1, pf2, pf_v};
    if (alloc_reg) begin
        {pf0_n, pf1_n, pf_v_n} = {pf1, pf2, 1'b0, pf_v[2:1]};
    end
    if (pf_fill) begin
        if (!pf_v_n[0]) begin
            pf0_n = s_pool_ptr;
        end else if (!pf_v_n[1]) begin
            pf1_n = s_pool_ptr;
        end else begin
            pf2_n = s_pool_ptr;
        end
        pf_v_n = {pf_v_n[1:0], 1'b1};
    end
end

always @(posedge clk) begin
    {pf0, pf1, pf2, pf_v} <= {pf0_n, pf1_n, pf2_n, pf_v_n};
    if (rst) begin
        pf_v <= 3'b000;
    end
end

// After a NIC reset every QP's state is cleared once, before any event: the
// state RAM keeps its contents across a reset, and a QP must not keep record
// entries the pool has just freed.
reg          clr_active_reg = 1'b1;
reg [QW-1:0] clr_qpn_reg = 0;
wire         clr = clr_active_reg && room_reg && cinit_room_reg && rdq_room_reg;

always @(posedge clk) begin
    if (clr) begin
        clr_qpn_reg <= clr_qpn_reg + 1'b1;
        if (&clr_qpn_reg) begin
            clr_active_reg <= 1'b0;
        end
    end
    if (rst) begin
        clr_active_reg <= 1'b1;
        clr_qpn_reg <= 0;
    end
end

/*
 * Una events. Most only move the QP's una, which this side needs only to
 * bound its fetches (ring room): those update the una mirror and stop here,
 * so a message costs the state loop no retirement event. The completer marks
 * the ones that need the loop (the READ retired; a rewind the loop may not
 * have seen); a QP near its bound of started WQEs is marked here (capped),
 * and its una events go through the loop too, to fetch again.
 */
reg          ub_valid = 1'b0;
reg [QW-1:0] ub_qpn = 0;
reg [15:0]   ub_idx = 0;
reg [23:0]   ub_psn = 0, ub_bpos = 0;
reg          ub_read_done = 1'b0, ub_loop = 1'b0, ub_epoch = 1'b0;
wire         ub_capped;
wire         una_hold;               // the una mirror's port is taken this cycle
wire         u_valid = ub_valid && (ub_loop || ub_capped) && !una_hold;
wire         ub_done = ub_valid && !una_hold && (!(ub_loop || ub_capped) || u_take);
wire [QW-1:0] u_qpn = ub_qpn;
wire [15:0]  u_idx = ub_idx;
wire [23:0]  u_psn = ub_psn, u_bpos = ub_bpos;
wire         u_read_done = ub_read_done;
wire         u_epoch = ub_epoch;

assign s_una_ready = !ub_valid || ub_done;

always @(posedge clk) begin
    if (s_una_ready) begin
        ub_valid <= s_una_valid;
        ub_qpn <= s_una_qpn;
        ub_idx <= s_una_idx;
        ub_psn <= s_una_psn;
        ub_bpos <= s_una_bpos;
        ub_read_done <= s_una_read_done;
        ub_loop <= s_una_loop || s_una_read_done;
        ub_epoch <= s_una_epoch;
    end
    if (rst) begin
        ub_valid <= 1'b0;
    end
end

/*
 * WQE replay (FETCH_AHEAD only). A WQE fetched ahead that finds its QP's
 * slots full, or that follows one such (its index is past arr), is not
 * dropped at once: it goes to a small replay queue, and from there back into
 * the loop as a WQE event once a slot may have freed (any QP's head moved
 * on, or a replayed WQE landed: then the next follows). While the queue
 * holds any, no new WQE is taken, so a QP's WQEs stay in order and the
 * queue holds only those that were already in the pipeline. Once the queue
 * has waited 2^REPLAY_LOG2 cycles with no WQE landing, the WQE replayed next
 * is dropped instead: its QP fetches again from arr under a new tag (the
 * WQEs behind it turn stale), as every such WQE was dropped before the
 * queue existed. So a QP that cannot send holds up the others' WQEs for a
 * bounded time.
 */
localparam RP_W = QW + 16 + 2 + 1 + 1 + 32 + 64 + 3 + 64 + 32 + 1 + 1 + 1 + 32;
wire            rp_valid;
wire            rp_take;
wire [3:0]      rp_count;
reg             rp_push_reg = 1'b0;
wire [RP_W-1:0] rp_data;
// unused with FETCH_AHEAD = 0 (no queue)
// verilator lint_off UNUSEDSIGNAL
reg [RP_W-1:0]  rp_push_data = 0;
reg             rp_arm_reg = 1'b0;       // a slot may have freed since the last replay
// verilator lint_on UNUSEDSIGNAL
reg             rp_ok_reg = 1'b0;        // stage 2 may queue a WQE (room, not waited too long)
reg [REPLAY_LOG2:0] rp_age_reg = 0;

wire                 wq_valid;
wire [QW-1:0]        wq_qpn;
wire [15:0]          wq_idx;
wire [1:0]           wq_tag;
wire                 wq_read, wq_signaled, wq_sgl, wq_lerr, wq_send, wq_imm_valid;
wire [31:0]          wq_len, wq_rkey, wq_imm;
wire [63:0]          wq_laddr, wq_raddr;
wire [1:0]           wq_nsge_m1;
wire [7:0]           grant;
wire                 hold;              // the queue holds one, or one is on its way

generate
if (FETCH_AHEAD != 0) begin : g_replay
    hpnic_fifo #(.DEPTH_LOG2(3), .WIDTH(RP_W))
    replay_fifo_inst (
        .clk(clk), .rst(rst),
        // verilator lint_off PINCONNECTEMPTY
        .s_valid(rp_push_reg), .s_ready(), .s_data(rp_push_data),
        // verilator lint_on PINCONNECTEMPTY
        .m_valid(rp_valid), .m_ready(rp_take), .m_data(rp_data),
        .count(rp_count)
    );
    assign hold = rp_valid || rp_push_reg;
end else begin : g_no_replay
    assign rp_valid = 1'b0;
    assign rp_data = 0;
    assign rp_count = 0;
    assign hold = 1'b0;
end
endgenerate

// the queue while it holds any, else the input
assign {wq_qpn, wq_idx, wq_tag, wq_read, wq_signaled, wq_len, wq_laddr, wq_sgl, wq_nsge_m1,
        wq_raddr, wq_rkey, wq_lerr, wq_send, wq_imm_valid, wq_imm} =
    hold ? rp_data : {s_wqe_qpn, s_wqe_idx, s_wqe_tag, s_wqe_read, s_wqe_signaled, s_wqe_len,
                      s_wqe_laddr, s_wqe_sgl, s_wqe_nsge_m1, s_wqe_raddr, s_wqe_rkey, s_wqe_lerr,
                      s_wqe_send, s_wqe_imm_valid, s_wqe_imm};
assign wq_valid = hold ? rp_valid && rp_arm_reg : s_wqe_valid;
assign s_wqe_ready = grant[2] && !hold;
assign rp_take = grant[2] && hold;

/*
 * Stage 0: arbitration
 */
wire          cont_valid;
wire [QW-1:0] cont_qpn;

wire [7:0] req_vec = {s_pktsend_valid && desc_room_reg && cont_room_reg && rdq_room_reg,
                      cont_valid && desc_room_reg && rdq_room_reg, s_post_valid,
                      u_valid && rdq_room_reg, s_rdwork_valid, wq_valid,
                      s_rewind_valid && rdq_room_reg,
                      s_init_valid && pool_room_reg && cinit_room_reg && rdq_room_reg};
// the lowest request wins; written as and-terms, not req & -req, whose
// subtraction put a carry chain in front of every stage-1 select
reg  [7:0] grant_c;
integer    g;
assign grant = grant_c;

always @* begin
    for (g = 0; g < 8; g = g + 1) begin
        grant_c[g] = room_reg && !clr_active_reg && req_vec[g] &&
                   (req_vec & ((8'd1 << g) - 8'd1)) == 8'd0;
    end
end
wire       scan = room_reg && !clr_active_reg && fetch_room_reg && cont_room_reg && req_vec == 8'd0;
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
assign s_rdwork_ready = grant[3];
wire   u_take = grant[4];
assign s_post_ready = grant[5];
wire   cont_take = grant[6];
assign s_pktsend_ready = grant[7];

// the event payload, a union over the types
reg          s1_valid = 1'b0;
reg [3:0]    s1_type = 0;
reg [QW-1:0] s1_qpn = 0;
reg [15:0]   s1_idx = 0;            // rewind/WQE/una index, post pi
reg [23:0]   s1_psn = 0;            // init/rewind/una/rdwork PSN
reg [31:0]   s1_len = 0;            // rewind offset, WQE/rdwork length, PktSend credit
reg [23:0]   s1_bpos = 0;           // rewind/una window position
reg [1:0]    s1_tag = 0;
reg          s1_flag = 0;           // WQE is READ, rewind is fatal, una READ done
reg          s1_signaled = 0;
reg          s1_lerr = 0;
reg          s1_uepoch = 0;         // una event: the completer's epoch
reg [63:0]   s1_addr = 0;           // rdwork end address
reg [23:0]   s1_msn = 0;
reg [7:0]    s1_rtag = 0;           // rdwork: the READ queue's tag
reg [63:0]   s1_laddr = 0, s1_raddr = 0;
reg [31:0]   s1_rkey = 0;
reg [2:0]    s1_sgl = 0;                // {list, entries - 1}
reg          s1_send = 0, s1_imm_valid = 0;
reg [31:0]   s1_imm = 0;

always @(posedge clk) begin
    s1_valid <= |grant || scan || clr;
    // grant is one-hot, or zero for a scan or the clearing pass (which
    // excludes grants): and-or selects, two LUT levels, not priority chains
    s1_type <= clr ? EV_CLR : (|grant) ? ({4{grant[0]}} & EV_INIT | {4{grant[1]}} & EV_REWIND |
               {4{grant[2]}} & EV_WQE | {4{grant[3]}} & EV_RDWORK | {4{grant[4]}} & EV_UNA |
               {4{grant[5]}} & EV_POST | {4{grant[6]}} & EV_CONT | {4{grant[7]}} & EV_PKTSEND) :
               EV_SCAN;
    s1_qpn <= clr ? clr_qpn_reg : (|grant) ? ({QW{grant[0]}} & s_init_qpn | {QW{grant[1]}} & s_rewind_qpn |
              {QW{grant[2]}} & wq_qpn | {QW{grant[3]}} & s_rdwork_qpn | {QW{grant[4]}} & u_qpn |
              {QW{grant[5]}} & s_post_qpn | {QW{grant[6]}} & cont_qpn | {QW{grant[7]}} & s_pktsend_qpn) :
              scan_qpn_reg;
    s1_idx <= {16{grant[1]}} & s_rewind_idx | {16{grant[2]}} & wq_idx | {16{grant[4]}} & u_idx |
              {16{grant[5]}} & s_post_pi;
    s1_psn <= {24{grant[0]}} & s_init_psn | {24{grant[1]}} & s_rewind_psn | {24{grant[4]}} & u_psn |
              {24{grant[3]}} & s_rdwork_psn;
    s1_len <= {32{grant[1]}} & s_rewind_off | {32{grant[2]}} & wq_len | {32{grant[3]}} & s_rdwork_len |
              {32{grant[7]}} & {{(32-LEN_WIDTH){1'b0}}, s_pktsend_len};
    s1_bpos <= grant[1] ? s_rewind_bpos : u_bpos;
    s1_tag <= wq_tag;
    s1_signaled <= wq_signaled;
    s1_lerr <= wq_lerr;
    s1_flag <= grant[1] ? s_rewind_fatal : grant[4] ? u_read_done : wq_read;
    s1_uepoch <= u_epoch;
    s1_addr <= s_rdwork_addr + {32'd0, s_rdwork_len};
    s1_msn <= s_rdwork_msn;
    s1_rtag <= s_rdwork_tag;
    s1_laddr <= wq_laddr;
    s1_raddr <= wq_raddr;
    s1_rkey <= wq_rkey;
    s1_sgl <= {wq_sgl, wq_nsge_m1};
    s1_send <= wq_send;
    s1_imm_valid <= wq_imm_valid;
    s1_imm <= wq_imm;

    if (rst) begin
        s1_valid <= 1'b0;
    end
end

/*
 * Stage 1: read the QP's state, MTU and una; stage 2: the loop
 */
// per-slot WQE summary, kept in the state word so that the next WQE is at
// hand the cycle the head one finishes: {signaled, READ, failed its L_Key
// check, SEND, with immediate, bytes left, packets}
localparam MW = 1 + 1 + 1 + 1 + 1 + 32 + 24;
localparam SW = SLOTS*MW + 16+16 + 1+32+1 + 4 + 16+2+24 + (RD_MAX_LOG2+1)+1 + 32+1+1+1
                + 32+1 + 16+POOL_LOG2+1+1 + 2 + 1 + 1 + 1;
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

// the MTU is stored decoded as well: at stage 2 it is a RAM output, not a
// shifter in front of every length compare
wire [3:0]  mtu_log2;
wire [12:0] mtu;
wire [6:0]  mtu_hi;                 // bits 6..12 at or above log2(MTU): stored, not
                                    // derived, so no subtraction follows the RAM
wire [12:0] cfg_mtu = 13'd1 << cfg_wr_mtu_log2;
// verilator lint_off UNUSEDSIGNAL
wire [12:0] cfg_mtu_mask = ~(cfg_mtu - 13'd1);      // below 64 always clear
// verilator lint_on UNUSEDSIGNAL

// the QP's max_rd_atomic, less one, clamped to 1..2^RD_MAX_LOG2 (0 is the
// maximum; the CSR refuses more): the count is compared with it as stored
wire [RD_MAX_LOG2-1:0] cfg_rd_lim_m1 =
    (cfg_wr_max_rd == 8'd0 || cfg_wr_max_rd > (8'd1 << RD_MAX_LOG2)) ? {RD_MAX_LOG2{1'b1}} :
    cfg_wr_max_rd[RD_MAX_LOG2-1:0] - 1'b1;
wire [RD_MAX_LOG2-1:0] rd_lim_m1;

hpnic_ram_sdp #(
    .ADDR_WIDTH(QW),
    .DATA_WIDTH(4 + 13 + 7 + RD_MAX_LOG2)
)
mtu_inst (
    .clk(clk),
    .wr_en(cfg_wr_en),
    .wr_addr(cfg_wr_qpn),
    .wr_data({cfg_wr_mtu_log2, cfg_mtu, cfg_mtu_mask[12:6], cfg_rd_lim_m1}),
    .rd_en(s1_valid),
    .rd_addr(s1_qpn),
    .rd_data({mtu_log2, mtu, mtu_hi, rd_lim_m1})
);

// the completer's una with its epoch, mirrored here (a stale value only
// delays a fetch; one from before the QP's reset counts as 0, the new
// connection's una, so a reused QP fetches at once). A QP reset writes
// {new epoch, 0} itself: with a one-bit epoch, the una of the connection
// two resets back (left when the one between had no traffic) would
// otherwise pass for the new connection's and stop its fetches. The reset
// takes the write port; an una write that meets it waits a cycle, and holds
// the una input meanwhile.
reg          una_wr_en_reg = 1'b0;
reg [QW-1:0] una_wr_qpn_reg = 0;
reg [15:0]   una_wr_idx_reg = 0;
reg          una_wr_epoch_reg = 1'b0;
wire [15:0]  una_idx;
wire         una_idx_epoch;
wire         una_wr_init;            // stage 2: an INIT or the clearing pass
wire         una_init_epoch;

assign una_hold = una_wr_en_reg && una_wr_init;

hpnic_ram_sdp #(
    .ADDR_WIDTH(QW),
    .DATA_WIDTH(17)
)
una_inst (
    .clk(clk),
    .wr_en(una_wr_en_reg || una_wr_init),
    .wr_addr(una_wr_init ? s2_qpn : una_wr_qpn_reg),
    .wr_data(una_wr_init ? {una_init_epoch, 16'd0} : {una_wr_epoch_reg, una_wr_idx_reg}),
    .rd_en(s1_valid),
    .rd_addr(s1_qpn),
    .rd_data({una_idx_epoch, una_idx})
);

always @(posedge clk) begin
    if (!una_hold) begin
        una_wr_en_reg <= ub_done;
        una_wr_qpn_reg <= ub_qpn;
        una_wr_idx_reg <= ub_idx;
        una_wr_epoch_reg <= ub_epoch;
    end
    if (rst) begin
        una_wr_en_reg <= 1'b0;
    end
end

reg          s2_valid = 1'b0;
reg [3:0]    s2_type = 0;
reg [QW-1:0] s2_qpn = 0;
reg [15:0]   s2_idx = 0;
reg [23:0]   s2_psn = 0;
reg [31:0]   s2_len = 0;
reg [23:0]   s2_bpos = 0;
reg [1:0]    s2_tag = 0;
reg          s2_flag = 0;
reg          s2_signaled = 0;
reg          s2_lerr = 0;
reg          s2_uepoch = 0;
reg [63:0]   s2_addr = 0;
reg [23:0]   s2_msn = 0;
reg [7:0]    s2_rtag = 0;
reg [63:0]   s2_laddr = 0, s2_raddr = 0;
reg [31:0]   s2_rkey = 0;
reg [2:0]    s2_sgl = 0;
reg          s2_send = 0, s2_imm_valid = 0;
reg [31:0]   s2_imm = 0;
reg [7:0]    s2_ovh = 0;
reg          s2_initclr = 1'b0;     // an INIT or the clearing pass (decoded at stage 1:
                                    // it holds stage 0's una input)
reg [31:0]   s2_len_m1 = 0;
reg [31:0]   s2_credit = 0;         // a PktSend's credit, 0 for other events
reg [31:0]   s2_credit_neg = 0;     // its negation
// the credit less the parts of a packet's cost known before the state is
// read, so that the balance after a packet is one carry-save layer and one
// adder (see left_wr): index {RETH (first packet of a WRITE), ImmDt (last
// packet with immediate), length a multiple of 4}; and the READ REQUEST's
// whole cost, less one and not
reg [31:0]   s2_kw [0:7];
reg [31:0]   s2_kr [0:3];           // {AETH, length a multiple of 4}
reg [31:0]   s2_krd = 0, s2_krd_p1 = 0;
integer      kwi;

initial begin
    for (kwi = 0; kwi < 8; kwi = kwi + 1) begin
        s2_kw[kwi] = 32'd0;
    end
    for (kwi = 0; kwi < 4; kwi = kwi + 1) begin
        s2_kr[kwi] = 32'd0;
    end
end
wire [31:0]  s1_credit = (s1_type == EV_PKTSEND) ? s1_len : 32'd0;
wire [31:0]  s1_k = s1_credit + ~{24'd0, cfg_pkt_overhead};   // credit - ovh - 1

always @(posedge clk) begin
    s2_valid <= s1_valid;
    s2_type <= s1_type;
    s2_qpn <= s1_qpn;
    s2_idx <= s1_idx;
    s2_psn <= s1_psn;
    s2_len <= s1_len;
    s2_len_m1 <= s1_len - 32'd1;
    s2_bpos <= s1_bpos;
    s2_tag <= s1_tag;
    s2_flag <= s1_flag;
    s2_signaled <= s1_signaled;
    s2_lerr <= s1_lerr;
    s2_uepoch <= s1_uepoch;
    s2_addr <= s1_addr;
    s2_msn <= s1_msn;
    s2_rtag <= s1_rtag;
    s2_laddr <= s1_laddr;
    s2_raddr <= s1_raddr;
    s2_rkey <= s1_rkey;
    s2_sgl <= s1_sgl;
    s2_send <= s1_send;
    s2_imm_valid <= s1_imm_valid;
    s2_imm <= s1_imm;
    s2_ovh <= cfg_pkt_overhead;
    s2_initclr <= s1_valid && (s1_type == EV_INIT || s1_type == EV_CLR);
    s2_credit <= (s1_type == EV_PKTSEND) ? s1_len : 32'd0;
    s2_credit_neg <= (s1_type == EV_PKTSEND) ? 32'd0 - s1_len : 32'd0;
    for (kwi = 0; kwi < 8; kwi = kwi + 1) begin
        s2_kw[kwi] <= s1_k - (kwi[2] ? {27'd0, EXT_RETH} : 32'd0) - (kwi[1] ? {27'd0, EXT_IMM} : 32'd0) +
                      (kwi[0] ? 32'd4 : 32'd0);
    end
    for (kwi = 0; kwi < 4; kwi = kwi + 1) begin
        s2_kr[kwi] <= s1_k - (kwi[1] ? {27'd0, EXT_AETH} : 32'd0) + (kwi[0] ? 32'd4 : 32'd0);
    end
    s2_krd <= s1_k - {27'd0, EXT_RETH};
    s2_krd_p1 <= s1_k - {27'd0, EXT_RETH} + 32'd1;

    if (rst) begin
        s2_valid <= 1'b0;
        s2_initclr <= 1'b0;
    end
end

/*
 * The per-QP state word, every field named once, in the word's order (MSB
 * first): meta (the WQE slots' summaries), head (the WQE being sent, the
 * ring tail the completer sees), arr (next WQE expected from a fetch: slots
 * head..arr-1 are filled; fetch_idx, the next WQE to ask for, is the fetch
 * loop's, stage 3), cur_first, cur_rem (bytes of the head WQE not yet sent),
 * cur_last (its next packet is its last), cur_send and cur_imm (its kind:
 * a SEND, with immediate), cur_reth and cur_ximm (its next packet carries a
 * RETH, an ImmDt: kept beside first and last, so the balance's cost select
 * starts from state bits), sq_pi, fetch_tag, snd_nxt, rd_cnt
 * (READs outstanding) and rd_full (as many as max_rd_atomic: kept beside
 * the count, so the send decision needs no compare), rw_off and rw_pending (a
 * rewind's resume point), err, rsp_turn (the last packet was a READ
 * response), bal (PktSend credit not yet spent, signed), free_owed (credit
 * went to responses: tell the window), rec_idx (WQEs recorded since the QP's
 * reset), spare and spare_ok (the record entry the next WQE recorded will
 * use), epoch (flips at every QP reset), rewinds (taken, mod 4, mirrored to
 * the completer), pool_wait (credit held for want of a free record entry:
 * the idle scan sends it on), lstop (a WQE that failed its L_Key check was
 * sent: no request after it until the completer stops the QP or a rewind
 * goes back before it), ahead (the QP may fetch FETCH_AHEAD WQEs beyond its
 * free slots: cleared when one so fetched finds no slot, set again when the
 * slots run empty). o_* is the word read, n_* the word written back.
 */
`define REQ_ST_DECL(kind, p) \
    kind [SLOTS*MW-1:0] p``_meta; \
    kind [15:0] p``_head; \
    kind [15:0] p``_arr; \
    kind p``_cur_first; \
    kind [31:0] p``_cur_rem; \
    kind p``_cur_last; \
    kind p``_cur_send; \
    kind p``_cur_imm; \
    kind p``_cur_reth; \
    kind p``_cur_ximm; \
    kind [15:0] p``_sq_pi; \
    kind [1:0] p``_fetch_tag; \
    kind [23:0] p``_snd_nxt; \
    kind [RD_MAX_LOG2:0] p``_rd_cnt; \
    kind p``_rd_full; \
    kind [31:0] p``_rw_off; \
    kind p``_rw_pending; \
    kind p``_err; \
    kind p``_rsp_turn; \
    kind [31:0] p``_bal; \
    kind p``_free_owed; \
    kind [15:0] p``_rec_idx; \
    kind [POOL_LOG2-1:0] p``_spare; \
    kind p``_spare_ok; \
    kind p``_epoch; \
    kind [1:0] p``_rewinds; \
    kind p``_pool_wait; \
    kind p``_lstop; \
    kind p``_ahead;
`define REQ_ST(p) p``_meta, p``_head, p``_arr, p``_cur_first, p``_cur_rem, p``_cur_last, \
    p``_cur_send, p``_cur_imm, p``_cur_reth, p``_cur_ximm, p``_sq_pi, p``_fetch_tag, p``_snd_nxt, p``_rd_cnt, p``_rd_full, p``_rw_off, p``_rw_pending, \
    p``_err, p``_rsp_turn, p``_bal, p``_free_owed, p``_rec_idx, \
    p``_spare, p``_spare_ok, p``_epoch, p``_rewinds, p``_pool_wait, p``_lstop, p``_ahead

// verilator lint_off UNUSEDSIGNAL
`REQ_ST_DECL(wire, o)
// verilator lint_on UNUSEDSIGNAL
assign {`REQ_ST(o)} = st_old;

wire [SL-1:0] head_slot = o_head[SL-1:0];
// Slot selects as plain multiplexers: a part-select at MW * index (MW is
// not a power of two) becomes a barrel shifter over every slot, 10,000 LUTs
reg  [MW-1:0] head_meta;
reg  [31:0]   next_len;
reg           next_read, next_send, next_imm;
integer       k;

always @* begin
    head_meta = o_meta[MW-1:0];
    next_len = o_meta[55:24];
    next_read = o_meta[MW-2];
    next_send = o_meta[MW-4];
    next_imm = o_meta[MW-5];
    for (k = 0; k < SLOTS; k = k + 1) begin
        if (head_slot == k[SL-1:0]) begin
            head_meta = o_meta[MW*k +: MW];
        end
        if (head_slot == k[SL-1:0] - 1'b1) begin   // next_slot, by constants
            next_len = o_meta[MW*k + 24 +: 32];
            next_read = o_meta[MW*k + MW-2];
            next_send = o_meta[MW*k + MW-4];
            next_imm = o_meta[MW*k + MW-5];
        end
    end
end
wire        o_cur_valid = o_head != o_arr;
// every slot holds a WQE: arr - head is at most SLOTS, so it is SLOTS when
// the low bits match and bit SL differs (a compare, no carry chain)
wire        o_full = FETCH_AHEAD != 0 && o_arr[SL-1:0] == o_head[SL-1:0] && o_arr[SL] != o_head[SL];
// another WQE behind the head (for the CONT decision after a promotion)
wire [15:0] o_head_p1 = o_head + 16'd1;
wire        o_next_valid = o_head_p1 != o_arr;
wire        o_cur_read = head_meta[MW-2];
wire        o_cur_signaled = head_meta[MW-1];
wire        o_cur_lerr = head_meta[MW-3];
wire [23:0] o_cur_npkts_m1 = head_meta[23:0];     // its packets, less one


// packets of a length, less one: max(1, ceil(len / MTU)) - 1, which is
// (len - 1) / MTU for len >= 1; only for WQE arrivals. The slots keep this
// form (npkts_m1): len - 1 is one adder (len + ~offset), the division a
// select by the decoded MTU, and no increment follows. A WQE that failed
// its L_Key check goes out as a zero-length WRITE: it touches no memory on
// either side, and its acknowledgement completes it (with the error) in
// order behind the WQEs before it
wire        wqe_is_read = s2_flag && !s2_lerr;
// a WQE that failed its L_Key check goes out as a plain zero-length WRITE
// whatever it was: a SEND or an immediate would consume a receive WQE at the
// peer
wire        wqe_is_send = s2_send && !s2_flag && !s2_lerr;
wire        wqe_has_imm = s2_imm_valid && !s2_flag && !s2_lerr;
// (each formed for both cases side by side, the rewind's offset or none,
// then picked: the state's bit does not sit in front of the adders)
wire [31:0] wqe_len_rw = s2_len - o_rw_off;
wire [31:0] wqe_len_m1_rw = s2_len + ~o_rw_off;
wire [31:0] wqe_len_eff = s2_lerr ? 32'd0 : o_rw_pending ? wqe_len_rw : s2_len;
wire [31:0] wqe_len_m1 = o_rw_pending ? wqe_len_m1_rw : s2_len_m1;   // wqe_len_eff - 1 (no L_Key error)
wire        wqe_empty = s2_lerr || wqe_len_m1[31];  // length 0: one packet
// verilator lint_off UNUSEDSIGNAL
wire [39:0] wqe_len_m1_x = {8'd0, wqe_len_m1};
// verilator lint_on UNUSEDSIGNAL
reg  [23:0] wqe_div;
integer     m;

always @* begin
    wqe_div = 24'd0;
    for (m = 6; m <= 12; m = m + 1) begin
        wqe_div = wqe_div | ({24{mtu[m]}} & wqe_len_m1_x[m +: 24]);
    end
end
wire [23:0] wqe_npkts_m1 = wqe_empty ? 24'd0 : wqe_div;

// packet lengths and wire costs for PktSend (a response's: hpnic_resp_tx).
// Whether the head WQE's next packet is its last is kept in the state
// (cur_last), decided as cur_rem is written, so that the balance's chain
// does not start behind a 32-bit compare
wire        cur_last = o_cur_last;
wire        cur_last2 = o_cur_rem <= {18'd0, mtu, 1'b0};   // and the one after
// one packet: no bit at or above the MTU's in len - 1 (a mask test on each
// of the two lengths, not a compare behind the division's select)
wire [31:0] mtu_mask = {19'h7ffff, mtu_hi, 6'd0};
wire        wqe_last = s2_lerr || (o_rw_pending ? (wqe_len_m1_rw[31] || (wqe_len_m1_rw & mtu_mask) == 0) :
                                                  (s2_len_m1[31] || (s2_len_m1 & mtu_mask) == 0));
wire        next_last = next_len <= {19'd0, mtu};
wire [12:0] cur_plen = cur_last ? o_cur_rem[12:0] : mtu;

// the balance this event may spend (a CONT brings no new credit)
// (signs by compares from registers, beside the sums rather than after them:
// bal + credit > 0 is bal > -credit, and bal + credit - cost > 0 is
// bal + credit + ~cost >= 0, one three-input sum)
wire [31:0] bal_in = o_bal + s2_credit;
wire        bal_pos = $signed(o_bal) > $signed(s2_credit_neg);
wire        o_bal_pos = !o_bal[31] && o_bal != 32'd0;
// The balance left after a packet, less one (its sign says whether credit
// is left) and not. A WRITE packet's cost is its length rounded up to 4
// (the pad), the overhead and the RETH of a first packet: bal + credit -
// cost - 1 is bal + kw[first, len % 4 == 0] + ({~len[12:2], 00} sign-
// extended): -roundup4(len) is (~len & ~3) + 4 when len % 4 == 0 (the 4 is
// in kw). Three terms: one carry-save layer, then one adder; the one more
// for the balance itself rides in the carry word's free bit 0.
function [63:0] csa3;
    input [31:0] a, b, c;
    begin
        csa3 = {a ^ b ^ c, (a & b) | (a & c) | (b & c)};
    end
endfunction
// {balance left less one, balance left} after a packet of len payload
// bytes, k0/k1 being the credit less the rest of its cost for len % 4 != 0
// and == 0. Both values of the len % 4 term are summed side by side and
// picked after the adders (the term waits for the length's select).
// verilator lint_off UNUSEDSIGNAL
function [63:0] bal_after;
    input [31:0] bal, k0, k1;
    input [12:0] len;
    reg   [31:0] negpad;
    reg   [63:0] c0, c1;                // carry words' [31] unused
    reg   [31:0] left0, left1, nbal0, nbal1;
    begin
        negpad = {19'h7ffff, ~len[12:2], 2'b00};
        c0 = csa3(bal, k0, negpad);
        c1 = csa3(bal, k1, negpad);
        left0 = c0[63:32] + {c0[30:0], 1'b0};
        left1 = c1[63:32] + {c1[30:0], 1'b0};
        nbal0 = c0[63:32] + {c0[30:0], 1'b1};
        nbal1 = c1[63:32] + {c1[30:0], 1'b1};
        bal_after = (len[1:0] == 2'd0) ? {left1, nbal1} : {left0, nbal0};
    end
endfunction
// a WRITE packet: its RETH if it is the first; a READ response packet: its
// AETH on FIRST, LAST and ONLY (of left_*, only the sign is used)
wire [31:0] left_wr, nbal_wr, left_rsp, nbal_rsp;
assign {left_wr, nbal_wr} = bal_after(o_bal, s2_kw[{o_cur_reth, o_cur_ximm, 1'b0}],
                                      s2_kw[{o_cur_reth, o_cur_ximm, 1'b1}], cur_plen);
assign {left_rsp, nbal_rsp} = bal_after(o_bal, rsp_aeth ? s2_kr[2] : s2_kr[0],
                                        rsp_aeth ? s2_kr[3] : s2_kr[1], rsp_plen);
wire [31:0] left_rdreq = o_bal + s2_krd;
wire [31:0] nbal_rdreq = o_bal + s2_krd_p1;
// verilator lint_on UNUSEDSIGNAL

// A QP that answers a READ and has requests of its own alternates between
// them: its peer's long READ must not starve its WRITEs (nor the reverse)
wire req_ready = o_cur_valid && !o_err && !o_lstop && !(o_cur_read && o_rd_full);
wire take_rsp = rsp_valid && (!req_ready || !o_rsp_turn);

// the responder's side of the loop: what this event does to its response
assign rsp_lk_valid = s1_valid;
assign rsp_lk_qpn = s1_qpn;
assign rsp_mtu_log2 = mtu_log2;
assign rsp_mtu = mtu;
// a failed QP answers no READ: one the READ queue issued before it took
// the failure's flush is dropped here (the flush forgot it: no done is owed)
assign rsp_ev_read = s2_valid && s2_type == EV_RDWORK && !o_err;
assign rsp_ev_read_psn = s2_psn;
assign rsp_ev_read_end = s2_addr;
assign rsp_ev_read_len = s2_len;
assign rsp_ev_read_msn = s2_msn;
assign rsp_ev_read_tag = s2_rtag;
assign rsp_ev_send = s2_valid && (s2_type == EV_PKTSEND || s2_type == EV_CONT) && bal_pos && take_rsp;
// a QP reset, a NIC reset's clearing pass, or a fatal rewind
assign rsp_ev_abort = s2_valid && (s2_type == EV_CLR || s2_type == EV_INIT ||
                                   (s2_type == EV_REWIND && s2_flag));

// the requester's head behind a new una (signed: the ring is small)
// verilator lint_off UNUSEDSIGNAL
wire [15:0] head_ahead = o_head - s2_idx;
// verilator lint_on UNUSEDSIGNAL
wire una_behind = head_ahead[15];

assign una_wr_init = s2_initclr;
assign una_init_epoch = (s2_type == EV_INIT) ? !o_epoch : o_epoch;

// an una event carries the new una; the mirror may not have it yet
wire [15:0] una_eff = (s2_type == EV_UNA && s2_uepoch == o_epoch) ? s2_idx :
                      (una_idx_epoch == o_epoch) ? una_idx : 16'd0;

// the new state
`REQ_ST_DECL(reg, n)
reg        nbal_pos;                // n_bal > 0
// which sum the balance after the event is: the sign of that sum is picked
// after the case, by a select the case decides beside the sums, so the
// sums' carry chains end one multiplexer before the CONT decision
reg  [1:0] bal_src;
reg        nb_in, nb_zero;          // the balance after the event: bal + credit, 0
localparam [1:0] BS_OLD = 2'd0, BS_RSP = 2'd1, BS_WR = 2'd2, BS_RDREQ = 2'd3;
reg        fset;                    // the event moves fetch_idx (stage 3) to fset_idx
reg [15:0] fset_idx;
reg        n_head_read;             // the head WQE after the event is a READ
reg        n_head_more;             // and there is one (n_head != n_arr)
integer    j;

// what the event produces
reg        do_pkt, do_pkt_rsp, do_ring, do_rdesc, do_wqe_wr, do_cont, do_free;
reg        rd_cancel;               // do_rdesc: no READ outstanding any more
reg        sent;                    // a packet left on the balance
reg [7:0]  pkt_opcode;
reg [12:0] pkt_len;
reg        cnt_idle, cnt_fence, cnt_stale, cnt_pool, cnt_rderr;
reg        pool_go;                 // a scan sends held credit on
reg        promote;
reg        do_replay;               // a WQE fetched ahead waits in the replay queue
// one wire-cost sum per event, for work and/or the window position:
// len + pad + npkts x overhead + ext
reg        c_work, c_bpos;
reg [31:0] c_len;
reg [23:0] c_npkts;
reg        c_plus1;                 // c_npkts is the count less one
reg [4:0]  c_ext;
reg [1:0]  bpos_op;                 // 0 add the cost, 1 set, 2 keep
reg [23:0] bpos_set;
reg        do_record, do_alloc, do_cinit, cinit_clear;

localparam [1:0] BP_ADD = 2'd0, BP_SET = 2'd1, BP_KEEP = 2'd2;

always @* begin
    {`REQ_ST(n)} = st_old;
    do_pkt = 1'b0;
    do_pkt_rsp = 1'b0;
    do_ring = 1'b0;
    do_rdesc = 1'b0;
    rd_cancel = 1'b0;
    do_wqe_wr = 1'b0;
    do_replay = 1'b0;
    do_cont = 1'b0;
    do_free = 1'b0;
    sent = 1'b0;
    pkt_opcode = HPNIC_BTH_OP_WRITE_ONLY;
    pkt_len = 13'd0;
    cnt_idle = 1'b0;
    cnt_fence = 1'b0;
    cnt_stale = 1'b0;
    // fetching ahead resumes once the QP has run out of fetched WQEs
    n_ahead = o_ahead || !o_cur_valid;
    cnt_rderr = 1'b0;
    cnt_pool = 1'b0;
    pool_go = 1'b0;
    promote = 1'b0;
    c_work = 1'b0;
    c_bpos = 1'b0;
    c_len = 32'd0;
    c_npkts = 24'd1;
    c_plus1 = 1'b0;
    c_ext = 5'd0;
    bpos_op = BP_KEEP;
    bpos_set = 24'd0;
    fset = 1'b0;
    fset_idx = 16'd0;
    bal_src = BS_OLD;
    nb_in = 1'b0;
    nb_zero = 1'b0;
    do_record = 1'b0;
    do_alloc = 1'b0;
    do_cinit = 1'b0;
    cinit_clear = 1'b0;

    case (s2_type)
        EV_CLR: begin
            // not set up: nothing to send, no records, no fetches
            n_err = 1'b1;
            n_spare_ok = 1'b0;
            n_rec_idx = 16'd0;
            n_rewinds = 2'd0;
            n_head = 16'd0;
            n_arr = 16'd0;
            fset = 1'b1;
            n_sq_pi = 16'd0;
            {n_rd_full, n_rw_pending, n_free_owed, n_pool_wait, n_lstop} = 5'd0;
            n_rd_cnt = 0;
            do_cinit = 1'b1;
            cinit_clear = 1'b1;
        end
        EV_INIT: begin
            {n_rd_full, n_rw_pending, n_err, n_rsp_turn, n_free_owed, n_pool_wait, n_lstop} = 7'd0;
            n_rd_cnt = 0;
            // the READs of the old connection are no longer awaited
            do_rdesc = 1'b1;
            rd_cancel = 1'b1;
            n_head = 16'd0;
            n_arr = 16'd0;
            fset = 1'b1;
            n_sq_pi = 16'd0;
            n_snd_nxt = s2_psn;
            nb_zero = 1'b1;
            n_fetch_tag = o_fetch_tag + 2'd1;   // responses in flight become stale
            bpos_op = BP_SET;
            bpos_set = 24'd0;
            // the records of the old connection go back to the pool through
            // the completer; the spare entry stays with the QP
            n_rec_idx = 16'd0;
            n_epoch = !o_epoch;
            n_rewinds = 2'd0;
            if (!o_spare_ok) begin
                do_alloc = 1'b1;
                n_spare = pool_ptr;
                n_spare_ok = 1'b1;
            end
            do_cinit = 1'b1;
        end
        EV_POST: begin
            n_sq_pi = s2_idx;
        end
        EV_WQE: begin
            if (s2_tag != o_fetch_tag || o_err || (FETCH_AHEAD == 0 && s2_idx != o_arr)) begin
                cnt_stale = 1'b1;
            end else if (o_full || s2_idx != o_arr) begin
                // fetched ahead and no slot free, or behind one that waits
                if (rp_ok_reg) begin
                    do_replay = 1'b1;
                end else begin
                    // dropped with the responses behind it (a new tag),
                    // fetched again from arr when a slot frees, and no
                    // more fetching ahead until the slots run empty, so a
                    // QP that cannot send does not refetch in a loop
                    cnt_stale = 1'b1;
                    n_fetch_tag = o_fetch_tag + 2'd1;
                    fset = 1'b1;
                    fset_idx = o_arr;
                    n_ahead = 1'b0;
                end
            end else begin
                n_arr = s2_idx + 16'd1;
                do_wqe_wr = 1'b1;
                for (j = 0; j < SLOTS; j = j + 1) begin
                    if (s2_idx[SL-1:0] == j[SL-1:0]) begin
                        n_meta[MW*j +: MW] = {s2_signaled, wqe_is_read, s2_lerr, wqe_is_send, wqe_has_imm,
                                              wqe_len_eff, wqe_npkts_m1};
                    end
                end
                if (!o_cur_valid) begin
                    // it becomes the head WQE; after a rewind it resumes
                    // at the rewind's offset
                    n_cur_first = !o_rw_pending || o_rw_off == 0;
                    n_cur_rem = wqe_len_eff;
                    n_cur_last = wqe_last;
                    n_cur_send = wqe_is_send;
                    n_cur_imm = wqe_has_imm;
                    n_cur_reth = !wqe_is_send && (!o_rw_pending || o_rw_off == 0);
                    n_cur_ximm = wqe_has_imm && wqe_last;
                end
                n_rw_pending = 1'b0;
                // work: a WRITE's or SEND's remaining packets (a RETH on a
                // WRITE's first, an ImmDt on the last of one with
                // immediate, which a rewind never skips); a READ's one request
                c_work = 1'b1;
                c_len = wqe_is_read ? 32'd0 : wqe_len_eff;
                c_npkts = wqe_is_read ? 24'd0 : wqe_npkts_m1;
                c_plus1 = 1'b1;
                c_ext = ((wqe_is_read || (!wqe_is_send && (!o_rw_pending || o_rw_off == 0))) ? EXT_RETH : 5'd0) |
                        (wqe_has_imm ? EXT_IMM : 5'd0);
            end
        end
        EV_REWIND: begin
            n_rewinds = o_rewinds + 2'd1;
            n_head = s2_idx;
            n_arr = s2_idx;
            fset = 1'b1;
            fset_idx = s2_idx;
            n_fetch_tag = o_fetch_tag + 2'd1;
            // the READs from the rewind point on are sent again as they
            // were (from the PSN the READ tracking awaits): their
            // descriptors stay, and so does the count
            n_lstop = 1'b0;
            if (s2_flag) begin
                n_err = 1'b1;
            end else begin
                n_snd_nxt = s2_psn;
                n_rw_off = s2_len;
                n_rw_pending = 1'b1;
                bpos_op = BP_SET;
                bpos_set = s2_bpos;
            end
        end
        EV_RDWORK: begin
            // a new or repeated READ replaces the one being answered
            // (hpnic_resp_tx); its packets are work for the scheduler
            c_work = !o_err;
            cnt_rderr = o_err;
            c_len = s2_len;
            c_npkts = rsp_read_npkts;
            c_ext = rsp_read_ext;
        end
        EV_PKTSEND, EV_CONT: begin
            nb_in = 1'b1;
            if (!bal_pos) begin
                // credit owed from an overdrawn packet: nothing to send yet.
                // It repaid bytes already in the window, so it must not
                // count as in flight: released at the window position, as
                // credit with nothing to send. Otherwise a QP whose window
                // is below a grant plus a packet, with its last packet
                // acknowledged, would hold this credit "in flight" for
                // good, and the scheduler's one-packet floor (nothing in
                // flight) would never apply again.
                do_free = 1'b1;
            end else if (take_rsp) begin
                do_pkt = 1'b1;
                do_pkt_rsp = 1'b1;
                sent = 1'b1;
                n_free_owed = 1'b1;
                nb_in = 1'b0;
                bal_src = BS_RSP;
                n_rsp_turn = 1'b1;
            end else if (!o_cur_valid || o_err || o_lstop) begin
                // nothing to spend it on (credit for work a rewind or a
                // replaced READ took back): let it go, and free the window
                cnt_idle = 1'b1;
                nb_in = 1'b0;
                nb_zero = 1'b1;
                do_free = 1'b1;
            end else if (o_head == o_rec_idx && !pool_valid &&
                         (o_cur_read ? !o_rd_full : cur_last)) begin
                // this packet would record its WQE and the pool has no free
                // entry: the credit waits in the balance, as at the READ
                // fence; the idle scan sends it on once an entry is free
                cnt_pool = 1'b1;
                do_free = 1'b1;
                n_pool_wait = 1'b1;
            end else if (!o_cur_read) begin
                n_rsp_turn = 1'b0;
                do_pkt = 1'b1;
                sent = 1'b1;
                nb_in = 1'b0;
                bal_src = BS_WR;
                pkt_len = cur_plen;
                case ({o_cur_send, o_cur_imm, o_cur_first, cur_last})
                    4'b0000: pkt_opcode = HPNIC_BTH_OP_WRITE_MIDDLE;
                    4'b0001: pkt_opcode = HPNIC_BTH_OP_WRITE_LAST;
                    4'b0010: pkt_opcode = HPNIC_BTH_OP_WRITE_FIRST;
                    4'b0011: pkt_opcode = HPNIC_BTH_OP_WRITE_ONLY;
                    4'b0100: pkt_opcode = HPNIC_BTH_OP_WRITE_MIDDLE;
                    4'b0101: pkt_opcode = HPNIC_BTH_OP_WRITE_LAST_IMM;
                    4'b0110: pkt_opcode = HPNIC_BTH_OP_WRITE_FIRST;
                    4'b0111: pkt_opcode = HPNIC_BTH_OP_WRITE_ONLY_IMM;
                    4'b1000: pkt_opcode = HPNIC_BTH_OP_SEND_MIDDLE;
                    4'b1001: pkt_opcode = HPNIC_BTH_OP_SEND_LAST;
                    4'b1010: pkt_opcode = HPNIC_BTH_OP_SEND_FIRST;
                    4'b1011: pkt_opcode = HPNIC_BTH_OP_SEND_ONLY;
                    4'b1100: pkt_opcode = HPNIC_BTH_OP_SEND_MIDDLE;
                    4'b1101: pkt_opcode = HPNIC_BTH_OP_SEND_LAST_IMM;
                    4'b1110: pkt_opcode = HPNIC_BTH_OP_SEND_FIRST;
                    default: pkt_opcode = HPNIC_BTH_OP_SEND_ONLY_IMM;
                endcase
                n_snd_nxt = o_snd_nxt + 24'd1;
                n_cur_rem = o_cur_rem - {19'd0, cur_plen};
                n_cur_last = cur_last2;
                n_cur_first = 1'b0;
                n_cur_reth = 1'b0;
                n_cur_ximm = o_cur_imm && cur_last2;
                bpos_op = BP_ADD;
                c_bpos = 1'b1;
                c_len = {19'd0, cur_plen};
                // the same extension headers the balance was charged
                c_ext = (o_cur_reth ? EXT_RETH : 5'd0) | (o_cur_ximm ? EXT_IMM : 5'd0);
                if (cur_last) begin
                    do_ring = o_head == o_rec_idx;
                    promote = 1'b1;
                    n_lstop = o_cur_lerr;
                end
            end else if (o_rd_full && o_head == o_rec_idx) begin
                // a READ sent for the first time waits until one retires
                // (one sent again after a rewind is counted already); the
                // credit waits in the balance
                cnt_fence = 1'b1;
                do_free = 1'b1;
            end else begin
                // one READ REQUEST for what is left of the WQE; the window
                // takes the responses it asks for. Sent for the first time,
                // it is counted and the READ tracking takes its descriptor
                do_pkt = 1'b1;
                do_ring = o_head == o_rec_idx;
                do_rdesc = o_head == o_rec_idx;
                sent = 1'b1;
                nb_in = 1'b0;
                bal_src = BS_RDREQ;
                pkt_opcode = HPNIC_BTH_OP_READ_REQ;
                n_rsp_turn = 1'b0;
                n_snd_nxt = o_snd_nxt + o_cur_npkts_m1 + 24'd1;
                if (o_head == o_rec_idx) begin
                    n_rd_cnt = o_rd_cnt + 1'b1;
                    n_rd_full = o_rd_cnt == {1'b0, rd_lim_m1};
                end
                promote = 1'b1;
                bpos_op = BP_ADD;
                c_bpos = 1'b1;
                c_len = o_cur_rem;
                c_npkts = o_cur_npkts_m1;
                c_plus1 = 1'b1;
                // AETH on the first and last response; a READ resumed after
                // a rewind keeps the window position the original had
                // (its first response's AETH is already counted)
                c_ext = (o_cur_npkts_m1 == 24'd0 || !o_cur_first) ? EXT_AETH : (EXT_AETH << 1);
            end
            if (do_ring) begin
                // the first time this WQE is fully sent: record it in the
                // spare entry, and take a new spare (a resend after a rewind
                // finds its record already there)
                do_record = 1'b1;
                do_alloc = 1'b1;
                n_spare = pool_ptr;
                n_rec_idx = o_rec_idx + 16'd1;
            end
            if (promote) begin
                n_head = o_head_p1;
                n_cur_first = 1'b1;
                n_cur_rem = next_len;
                n_cur_last = next_last;
                n_cur_send = next_send;
                n_cur_imm = next_imm;
                n_cur_reth = !next_send;
                n_cur_ximm = next_imm && next_last;
            end
        end
        EV_SCAN: begin
            // the fetch decision below; and credit held for want of a
            // record entry goes on (as a CONT) once the pool has one
            if (o_pool_wait && pool_valid) begin
                n_pool_wait = 1'b0;
                pool_go = 1'b1;
            end
        end
        default: begin
            // EV_UNA: the READ fence lifts when the READ retires; then the
            // fetch decision below, with the new una. One from before the
            // QP's last reset changes nothing.
            if (s2_uepoch != o_epoch) begin
                // from the connection before the reset: nothing to do
            end else if (una_behind) begin
                // The completer retired a WQE this QP was rewound into: its
                // last ACK overtook the go-back-N. Resume at the first WQE
                // not retired instead of resending acknowledged packets.
                n_head = s2_idx;
                n_arr = s2_idx;
                fset = 1'b1;
                fset_idx = s2_idx;
                n_fetch_tag = o_fetch_tag + 2'd1;
                n_snd_nxt = s2_psn;
                n_rw_pending = 1'b0;
                n_lstop = 1'b0;
                bpos_op = BP_SET;
                bpos_set = s2_bpos;
                // READs before the new una retired with their READ_DONE
                // (the READ tracking completed them): nothing to withdraw
            end
            if (s2_flag && s2_uepoch == o_epoch) begin
                // a READ retired (never below 0, whatever the completer says)
                n_rd_cnt = (o_rd_cnt == 0) ? o_rd_cnt : o_rd_cnt - 1'b1;
                n_rd_full = 1'b0;
            end
        end
    endcase

    if (sent) begin
        n_pool_wait = 1'b0;
    end
    // the balance written back: one and-or of the sums (selects decided
    // beside them), not a multiplexer per case behind their carry chains
    n_bal = ({32{nb_in}} & bal_in) | ({32{bal_src == BS_RSP}} & nbal_rsp) |
            ({32{bal_src == BS_WR}} & nbal_wr) | ({32{bal_src == BS_RDREQ}} & nbal_rdreq) |
            ({32{!nb_in && !nb_zero && bal_src == BS_OLD}} & o_bal);
    case (bal_src)
        BS_RSP:   nbal_pos = !left_rsp[31];
        BS_WR:    nbal_pos = !left_wr[31];
        BS_RDREQ: nbal_pos = !left_rdreq[31];
        default:  nbal_pos = o_bal_pos;
    endcase

    // the next packet on the balance: another event for this QP. Only a
    // packet sent, a scan's pool_go or a READ's retirement makes one; the
    // head after them is the head or, promoted, the next slot (an una that
    // resumes elsewhere leaves no WQE in the slots), so whether a WQE is
    // there and is a READ comes from both side by side, not from a slot
    // select by the new head
    n_head_read = promote ? next_read : o_cur_read;
    n_head_more = promote ? o_next_valid : (o_cur_valid && !(s2_type == EV_UNA && una_behind));
    if ((sent || pool_go || (s2_type == EV_UNA && s2_flag && s2_uepoch == o_epoch)) &&
            nbal_pos &&
            ((n_head_more && !n_err && !n_lstop && !(n_head_read && n_rd_full)) ||
             (do_pkt_rsp ? !rsp_last : rsp_valid))) begin
        do_cont = 1'b1;
    end
    // credit spent on responses (never acknowledged) leaves the window once
    // the run of packets ends
    if (n_free_owed && !do_cont) begin
        do_free = 1'b1;
    end
    if (do_free) begin
        n_free_owed = 1'b0;
    end

    st_new = {`REQ_ST(n)};
end

/*
 * WQE slots: written by WQE events at stage 2, read for PktSend at stage 2
 * (the head slot), data at stage 3
 */
// with the immediate: 32 bits a slot, 1 Mbit for 4096 QPs x 8 slots
// (docs/transport.md, "SEND and immediate data")
localparam WQE_W = 32 + 64 + 3 + 64 + 32 + 32;
wire [WQE_W-1:0] wqe_rd;

hpnic_ram_sdp #(
    .ADDR_WIDTH(QW + SL),
    .DATA_WIDTH(WQE_W)
)
wqe_inst (
    .clk(clk),
    .wr_en(s2_valid && do_wqe_wr),
    .wr_addr({s2_qpn, s2_idx[SL-1:0]}),
    .wr_data({s2_lerr ? 32'd0 : s2_len, s2_laddr, s2_sgl, s2_raddr, s2_rkey,
              wqe_has_imm ? s2_imm : 32'd0}),
    .rd_en(s2_valid),
    .rd_addr({s2_qpn, head_slot}),
    .rd_data(wqe_rd)
);

hpnic_ram_sdp #(
    .ADDR_WIDTH(QW),
    .DATA_WIDTH(1)
)
capped_inst (
    .clk(clk),
    .wr_en(s3_valid),
    .wr_addr(s3_qpn),
    .wr_data(capped),
    .rd_en(s_una_valid && s_una_ready),
    .rd_addr(s_una_qpn),
    .rd_data(ub_capped)
);

/*
 * Stage 3: descriptors, fetch requests, CONT; the cost sum begins
 */
reg          s3_valid = 1'b0;
reg          s3_pkt = 0, s3_pkt_rsp = 0;
reg          s3_rdone = 0;          // the READ's last response: the READ is answered
reg [7:0]    s3_rdone_tag = 0;
reg [QW-1:0] s3_qpn = 0;
reg [7:0]    s3_opcode = 0;
reg [23:0]   s3_psn = 0;
reg [12:0]   s3_len = 0;
reg [31:0]   s3_rem = 0;            // WQE bytes left before this packet
reg [12:0]   s3_mtu = 0;            // the READ's last response length needs it
reg          s3_rdesc = 0;
// towards the later stages
reg          s3_ring = 0, s3_read = 0, s3_sig = 0, s3_free = 0, s3_work = 0, s3_epoch = 0;
reg          s3_lerr = 0, s3_send = 0, s3_head_send = 0;
reg [POOL_LOG2-1:0] s3_ptr = 0, s3_next = 0;
reg [15:0]   s3_tail = 0, s3_head = 0;
reg [1:0]    s3_rewinds = 0;
reg [23:0]   s3_last_psn = 0, s3_snd_nxt = 0;
reg          s3_init = 0;
reg [1:0]    s3_bpos_op = 0;
reg [23:0]   s3_bpos_set = 0;
reg [31:0]   s3_c_len = 0;
reg [23:0]   s3_c_npkts = 0;       // packets, less one if s3_c_plus1
reg          s3_c_plus1 = 0;
reg          s3_rd_cancel = 0;
reg [4:0]    s3_c_ext = 0;
reg [7:0]    s3_ovh = 0;
// towards the fetch loop
reg          s3_fset = 0, s3_err = 0;
reg [15:0]   s3_fset_idx = 0, s3_sq_pi = 0, s3_una = 0;
reg [15:0]   s3_lim_slots = 0, s3_lim_ring = 0;   // head + SLOTS (+ FETCH_AHEAD), una + RING
reg [15:0]   s3_lim_base = 0;                     // head + SLOTS
reg [1:0]    s3_fetch_tag = 0;

always @(posedge clk) begin
    s3_valid <= s2_valid;
    s3_pkt <= s2_valid && do_pkt;
    s3_pkt_rsp <= do_pkt_rsp;
    s3_rdone <= rsp_done && !rsp_ev_abort;
    s3_rdone_tag <= rsp_done_tag;
    s3_qpn <= s2_qpn;
    s3_opcode <= pkt_opcode;
    s3_psn <= o_snd_nxt;
    s3_len <= pkt_len;
    s3_rem <= o_cur_rem;
    s3_mtu <= mtu;
    s3_rd_cancel <= rd_cancel;
    s3_rdesc <= s2_valid && do_rdesc;

    s3_ring <= s2_valid && do_record;
    s3_read <= o_cur_read;
    s3_sig <= o_cur_signaled;
    s3_lerr <= o_cur_lerr;
    s3_send <= o_cur_send;
    s3_head_send <= n_cur_send;
    s3_ptr <= o_spare;
    s3_next <= pool_ptr;
    s3_epoch <= n_epoch;
    s3_last_psn <= o_cur_read ? o_snd_nxt + o_cur_npkts_m1 : o_snd_nxt;
    s3_snd_nxt <= n_snd_nxt;
    s3_init <= s2_type == EV_INIT;
    s3_tail <= n_rec_idx;
    s3_head <= n_head;
    s3_rewinds <= n_rewinds;
    s3_free <= s2_valid && do_free;
    s3_work <= s2_valid && c_work;
    s3_bpos_op <= c_bpos ? BP_ADD : bpos_op;
    s3_bpos_set <= bpos_set;
    s3_c_len <= c_len;
    s3_c_npkts <= c_npkts;
    s3_c_plus1 <= c_plus1;
    s3_c_ext <= c_ext;
    s3_ovh <= s2_ovh;

    // replay: queue the WQE; re-arm once a head moved on or a WQE landed
    // (the next waiting may land now), or one waiting behind another went
    // round (the one it waits for comes next)
    rp_push_reg <= s2_valid && do_replay;
    rp_push_data <= {s2_qpn, s2_idx, s2_tag, s2_flag, s2_signaled, s2_len, s2_laddr, s2_sgl,
                     s2_raddr, s2_rkey, s2_lerr, s2_send, s2_imm_valid, s2_imm};
    if (rp_take) begin
        rp_arm_reg <= 1'b0;
    end
    if ((s2_valid && (promote || do_wqe_wr || (do_replay && !o_full))) || rp_age_reg[REPLAY_LOG2]) begin
        rp_arm_reg <= 1'b1;
    end
    if ((s2_valid && do_wqe_wr) || !(rp_valid || rp_push_reg)) begin
        rp_age_reg <= 0;
    end else if (!rp_age_reg[REPLAY_LOG2]) begin
        rp_age_reg <= rp_age_reg + 1'b1;
    end
    // room for the WQEs the pipeline may still push (three at most)
    rp_ok_reg <= FETCH_AHEAD != 0 && !rp_age_reg[REPLAY_LOG2] && rp_count <= 4'd4;

    s3_fset <= fset;
    s3_fset_idx <= fset_idx;
    s3_sq_pi <= n_sq_pi;
    s3_una <= una_eff;
    s3_lim_slots <= n_head + (n_ahead ? SLOTS[15:0] + AHEAD16 : SLOTS[15:0]);
    s3_lim_base <= n_head + SLOTS[15:0];
    s3_lim_ring <= una_eff + RING[15:0];
    s3_err <= n_err;
    s3_fetch_tag <= n_fetch_tag;
    cont_wr <= s2_valid && do_cont;
    cont_data <= s2_qpn;
    cinit_wr <= s2_valid && do_cinit;
    cinit_data <= {s2_qpn, s2_psn, o_spare_ok ? o_rec_idx : 16'd0, n_spare, n_epoch, cinit_clear};

    if (s2_valid) begin
        stat_pktsend_idle <= stat_pktsend_idle + {31'd0, cnt_idle};
        stat_read_fenced <= stat_read_fenced + {31'd0, cnt_fence};
        stat_wqe_stale <= stat_wqe_stale + {31'd0, cnt_stale};
        stat_pool_wait <= stat_pool_wait + {31'd0, cnt_pool};
        stat_rdwork_err <= stat_rdwork_err + {31'd0, cnt_rderr};
    end

    if (rst) begin
        s3_valid <= 1'b0;
        s3_pkt <= 1'b0;
        s3_rdesc <= 1'b0;
        s3_ring <= 1'b0;
        s3_free <= 1'b0;
        s3_work <= 1'b0;
        cont_wr <= 1'b0;
        cinit_wr <= 1'b0;
        rp_push_reg <= 1'b0;
        rp_arm_reg <= 1'b0;
        rp_ok_reg <= 1'b0;
        rp_age_reg <= 0;
        stat_pktsend_idle <= 0;
        stat_read_fenced <= 0;
        stat_wqe_stale <= 0;
        stat_pool_wait <= 0;
        stat_rdwork_err <= 0;
    end
end

/*
 * Stage 3: the fetch loop. fetch_idx (the next WQE to ask for: arr..
 * fetch_idx-1 are in flight) has its own read-modify-write RAM a stage
 * after the state loop, which hands it the event's head, producer index,
 * una and error; fetches are sized here, off the state loop's cycle. Events
 * reach it in the state loop's order, so fetch_idx moves exactly as it
 * would inside that loop, a cycle later.
 */
wire [15:0] fetch_old;
reg  [15:0] fetch_new;
reg  [SL:0] fetch_n;
reg         do_fetch, capped;
// verilator lint_off UNUSEDSIGNAL
reg  [15:0] fi, cut_span, pi_ahead, ring_used;
// verilator lint_on UNUSEDSIGNAL

hpnic_rmw_ram #(
    .ADDR_WIDTH(QW),
    .DATA_WIDTH(16)
)
fetch_idx_inst (
    .clk(clk),
    .rst(rst),
    .rd_valid(s2_valid),
    .rd_addr(s2_qpn),
    .old_data(fetch_old),
    .wr_en(1'b1),
    .wr_data(fetch_new)
);

// serial order of WQE indices (they stay within 2^15 of each other)
// verilator lint_off UNUSEDSIGNAL
function idx_lt;
    input [15:0] a, b;
    reg   [15:0] d;
    begin
        d = a - b;
        idx_lt = d[15];
    end
endfunction
// verilator lint_on UNUSEDSIGNAL

// Fetch as many WQEs as there are free slots, posted WQEs and ring room:
// up to the nearest of three limits, head + SLOTS, the producer index and
// una + RING. The limits do not depend on fetch_idx, so the loop itself is
// one compare and a select (fetch_idx + count would put an adder behind
// the count's minimum). fetch_idx lies at or after the head and at or
// before the producer index, so the count is at most SLOTS. With
// FETCH_AHEAD the slot limit is that much further while the QP fetches
// ahead (head + SLOTS + FETCH_AHEAD, formed at stage 2); below head + SLOTS
// a fetch still asks for all it may, beyond it for one WQE at each of the
// QP's events (each WQE that arrives is one). So the WQEs fetched ahead
// come back spaced as the events that asked for them, about as fast as the
// QP sends, rather than in a burst that its SLOTS slots could not take.
reg  [15:0] lim, lim_cut, fi_p1;
reg         in_slots;
always @* begin
    fi = s3_fset ? s3_fset_idx : fetch_old;
    ring_used = fi - s3_una;
    pi_ahead = s3_sq_pi - fi;
    if (idx_lt(s3_lim_slots, s3_sq_pi) && idx_lt(s3_lim_slots, s3_lim_ring)) begin
        lim = s3_lim_slots;
    end else if (idx_lt(s3_sq_pi, s3_lim_ring)) begin
        lim = s3_sq_pi;
    end else begin
        lim = s3_lim_ring;
    end
    do_fetch = fetch_room_reg && !s3_err && idx_lt(fi, lim);
    // up to head + SLOTS as many as the limits allow; beyond (fetching
    // ahead), one at each event
    in_slots = FETCH_AHEAD == 0 || idx_lt(fi, s3_lim_base);
    lim_cut = (FETCH_AHEAD == 0 || idx_lt(lim, s3_lim_base)) ? lim : s3_lim_base;
    cut_span = lim_cut - fi;
    fi_p1 = fi + 16'd1;
    fetch_new = !do_fetch ? fi : in_slots ? lim_cut : fi_p1;
    fetch_n = in_slots ? cut_span[SL:0] : {{SL{1'b0}}, 1'b1};
    // near its bound of started WQEs with more posted: its una events must
    // come through the state loop to fetch again
    capped = !s3_err && pi_ahead != 16'd0 && ring_used >= CAP_AT;
end

always @(posedge clk) begin
    fetch_wr <= s3_valid && do_fetch;
    fetch_data <= {s3_qpn, fi, {{(3-SL){1'b0}}, fetch_n}, s3_fetch_tag};
    if (rst) begin
        fetch_wr <= 1'b0;
    end
end

// the WQE the packet comes from
wire [31:0] w_len, w_rkey, w_imm;
wire [63:0] w_laddr, w_raddr;
wire [2:0]  w_sgl;
assign {w_len, w_laddr, w_sgl, w_raddr, w_rkey, w_imm} = wqe_rd;
wire [31:0] w_off = w_len - s3_rem;          // bytes of the WQE already sent
// an SGE list stays whole: the gather finds the packet's pieces in it
wire [63:0] w_pay_addr = w_sgl[2] ? w_laddr : w_laddr + {32'd0, w_off};

always @* begin
    if (s3_pkt_rsp) begin
        desc_data = {s3_rdone, s3_rdone_tag, s3_qpn, rsp_d_opcode, rsp_d_psn, rsp_d_len,
                     rsp_d_addr, 35'd0, 64'd0, 32'd0, 32'd0, rsp_d_aeth, 32'd0};
    end else begin
        desc_data = {1'b0, 8'd0, s3_qpn, s3_opcode, s3_psn,
                     (s3_opcode == HPNIC_BTH_OP_READ_REQ) ? 13'd0 : s3_len,
                     w_pay_addr, w_sgl, w_off, w_raddr + {32'd0, w_off}, w_rkey,
                     s3_rem, 32'd0, w_imm};
    end
    desc_wr = s3_pkt;
end

// The READ descriptor in the form RX's checks use (hpnic_rd_track), worked
// out here off RX's loop: the last response carries what the whole MTUs
// before it leave, s3_rem mod MTU or a whole MTU if that is 0 (0 for an empty
// READ), which is s3_rem less its packets less one times the MTU
wire [12:0] rd_tail = s3_rem[12:0] & (s3_mtu - 13'd1);
reg               rdq_wr = 1'b0, rflush_wr = 1'b0;
reg [RDQ_W-1:0]   rdq_data = 0;
reg [QW-1:0]      rflush_data = 0;

always @(posedge clk) begin
    rdq_wr <= s3_rdesc;
    rdq_data <= {s3_rd_cancel, s3_qpn, s3_psn, s3_last_psn, w_laddr + {32'd0, w_off},
                 (s3_rem == 32'd0) ? 13'd0 : (rd_tail == 13'd0) ? s3_mtu : rd_tail};
    // a QP reset or failed forgets its READs (a flush); not at the NIC
    // reset's clearing pass (the READ queue clears itself)
    rflush_wr <= s2_valid && (s2_type == EV_INIT || (s2_type == EV_REWIND && s2_flag));
    rflush_data <= s2_qpn;

    if (rst) begin
        rdq_wr <= 1'b0;
        rflush_wr <= 1'b0;
    end
end

/*
 * Stages 4-5: the wire-cost sum (the product in a DSP); stages 5-6 the window
 * position's own read-modify-write; stage 7 the outputs that carry it
 */
// What stage 3 decided rides to stage 6 unchanged: control bits (reset)
// and data, one word each per stage
localparam LATE_W = QW + 5 + 2 + 2*POOL_LOG2 + 16 + 16 + 2 + 24 + 24 + 1 + 2 + 24;

reg  [3:0]        ctl4 = 0, ctl5 = 0, ctl6 = 0;     // {valid, ring, free, work}
reg  [LATE_W-1:0] late4 = 0, late5 = 0, late6 = 0;
reg  [31:0]       s4_prod = 0;      // packets x overhead
reg  [31:0]       s4_lpad = 0;      // length + pad + extension headers
reg  [31:0]       s5_cost = 0, s6_cost = 0;

always @(posedge clk) begin
    ctl4 <= {s3_valid, s3_ring, s3_free, s3_work};
    late4 <= {s3_qpn, s3_read, s3_sig, s3_lerr, s3_epoch, s3_send, s3_head_send, s3_pkt && !s3_pkt_rsp, s3_ptr, s3_next, s3_tail, s3_head, s3_rewinds,
              s3_last_psn, s3_snd_nxt, s3_init, s3_bpos_op, s3_bpos_set};
    {ctl5, late5} <= {ctl4, late4};
    {ctl6, late6} <= {ctl5, late5};
    s4_prod <= {8'd0, s3_c_npkts} * {24'd0, s3_ovh};   // 24 x 8: one DSP
    s4_lpad <= s3_c_len + {30'd0, 2'd0 - s3_c_len[1:0]} + {27'd0, s3_c_ext} +
               (s3_c_plus1 ? {24'd0, s3_ovh} : 32'd0);
    s5_cost <= s4_prod + s4_lpad;
    s6_cost <= s5_cost;
    if (rst) begin
        // reset so that the chain stays in FFs: an SRL has no reset, and LUTs
        // are the core's scarcer resource (docs/performance.md)
        late5 <= 0;
        ctl4 <= 0;
        ctl5 <= 0;
        ctl6 <= 0;
    end
end

wire          s5_valid = ctl5[3];
wire [QW-1:0] s5_qpn = late5[LATE_W-1 -: QW];

wire          s6_valid, s6_ring, s6_free, s6_work;
wire          s6_read, s6_sig, s6_lerr, s6_epoch, s6_send, s6_head_send, s6_req_pkt;
wire [QW-1:0] s6_qpn;
wire [POOL_LOG2-1:0] s6_ptr, s6_next;
wire [15:0]   s6_tail, s6_head;
wire [1:0]    s6_rewinds, s6_bpos_op;
wire [23:0]   s6_last_psn, s6_snd_nxt, s6_bpos_set;
wire          s6_init;

assign {s6_valid, s6_ring, s6_free, s6_work} = ctl6;
assign {s6_qpn, s6_read, s6_sig, s6_lerr, s6_epoch, s6_send, s6_head_send, s6_req_pkt, s6_ptr, s6_next, s6_tail, s6_head, s6_rewinds,
        s6_last_psn, s6_snd_nxt, s6_init, s6_bpos_op, s6_bpos_set} = late6;

// The window position and snd_max share one read-modify-write RAM here.
// snd_max, one past the highest PSN ever sent (rewinds go back), follows
// snd_nxt forward, never back; an init resets both. It lives here, not in
// the state word, so that the state loop does not carry its 24-bit compare
wire [23:0] bpos_old, snd_max_old;
reg  [23:0] bpos_new, snd_max_new;
// verilator lint_off UNUSEDSIGNAL
reg  [23:0] max_d;
// verilator lint_on UNUSEDSIGNAL

hpnic_rmw_ram #(
    .ADDR_WIDTH(QW),
    .DATA_WIDTH(24 + 24)
)
late_inst (
    .clk(clk),
    .rst(rst),
    .rd_valid(s5_valid),
    .rd_addr(s5_qpn),
    .old_data({bpos_old, snd_max_old}),
    .wr_en(1'b1),
    .wr_data({bpos_new, snd_max_new})
);

always @* begin
    max_d = s6_snd_nxt - snd_max_old;
    snd_max_new = (s6_init || (max_d != 24'd0 && !max_d[23])) ? s6_snd_nxt : snd_max_old;
end

always @* begin
    case (s6_bpos_op)
        BP_ADD: bpos_new = bpos_old + s6_cost[23:0];
        BP_SET: bpos_new = s6_bpos_set;
        default: bpos_new = bpos_old;
    endcase
end

reg          work_wr = 1'b0, free_wr = 1'b0;
reg [WORK_W-1:0] work_data = 0;
reg [QW+24-1:0]  free_data = 0;

always @(posedge clk) begin
    ring_wr_en <= s6_valid && s6_ring;
    ring_wr_ptr <= s6_ptr;
    ring_wr_next <= s6_next;
    ring_wr_last_psn <= s6_last_psn;
    ring_wr_read <= s6_read;
    ring_wr_signaled <= s6_sig;
    ring_wr_lerr <= s6_lerr;
    ring_wr_send <= s6_send;
    ring_wr_bpos <= bpos_new;

    sndnxt_wr_en <= s6_valid;
    sndnxt_wr_qpn <= s6_qpn;
    sndnxt_wr_psn <= s6_snd_nxt;
    sndnxt_wr_max <= snd_max_new;
    sndnxt_wr_tail <= s6_tail;
    sndnxt_wr_bpos <= bpos_new;
    sndnxt_wr_epoch <= s6_epoch;
    sndnxt_wr_head <= s6_head;
    sndnxt_wr_rewinds <= s6_rewinds;
    sndnxt_wr_send <= s6_head_send;
    sndnxt_wr_sent <= s6_req_pkt;

    work_wr <= s6_valid && s6_work;
    work_data <= {s6_qpn, s6_cost};
    // credit that went to no request (responses, nothing, the READ fence):
    // the scheduler's window must not count it (hpnic_sched_glue)
    free_wr <= s6_valid && s6_free;
    free_data <= {s6_qpn, bpos_new};

    if (rst) begin
        ring_wr_en <= 1'b0;
        sndnxt_wr_en <= 1'b0;
        work_wr <= 1'b0;
        free_wr <= 1'b0;
    end
end

always @(posedge clk) begin
    alloc_reg <= s2_valid && do_alloc;
    if (rst) begin
        alloc_reg <= 1'b0;
    end
end

// room is granted ahead (room_reg), so the FIFOs' own s_ready is not needed
// verilator lint_off UNUSEDSIGNAL
wire desc_fifo_ready, fetch_fifo_ready, work_fifo_ready, free_fifo_ready, cont_fifo_ready;
wire cinit_fifo_ready, rdq_fifo_ready, rdone_fifo_ready, rflush_fifo_ready;
wire pool_unused = s_pool_init_done;
// verilator lint_on UNUSEDSIGNAL

hpnic_fifo #(.DEPTH_LOG2(FIFO_LOG2), .WIDTH(CINIT_W))
cinit_fifo_inst (
    .clk(clk), .rst(rst),
    .s_valid(cinit_wr), .s_ready(cinit_fifo_ready), .s_data(cinit_data),
    .m_valid(m_cinit_valid), .m_ready(m_cinit_ready),
    .m_data({m_cinit_qpn, m_cinit_psn, m_cinit_rec_old, m_cinit_spare, m_cinit_epoch,
             m_cinit_clear}),
    .count(cinit_count)
);

// A READ is answered when its last response's descriptor leaves: the READs-
// answered FIFO takes it then (a descriptor waits while that FIFO is full)
wire       desc_head_valid, desc_rdone;
wire [7:0] desc_rdone_tag;
wire [FIFO_LOG2:0] rdone_count;
wire       rdone_room = rdone_count < (1 << FIFO_LOG2) - 1;

assign m_desc_valid = desc_head_valid && rdone_room;

hpnic_fifo #(.DEPTH_LOG2(FIFO_LOG2), .WIDTH(DESC_W), .RAM_STYLE("block"))
desc_fifo_inst (
    .clk(clk), .rst(rst),
    .s_valid(desc_wr), .s_ready(desc_fifo_ready), .s_data(desc_data),
    .m_valid(desc_head_valid), .m_ready(m_desc_ready && rdone_room),
    .m_data({desc_rdone, desc_rdone_tag, m_desc_qpn, m_desc_opcode, m_desc_psn, m_desc_len,
             m_desc_addr, m_desc_sgl, m_desc_nsge_m1, m_desc_off, m_desc_reth_va,
             m_desc_reth_rkey, m_desc_reth_len, m_desc_aeth, m_desc_imm}),
    .count(desc_count)
);

hpnic_fifo #(.DEPTH_LOG2(FIFO_LOG2), .WIDTH(FETCH_W))
fetch_fifo_inst (
    .clk(clk), .rst(rst),
    .s_valid(fetch_wr), .s_ready(fetch_fifo_ready), .s_data(fetch_data),
    .m_valid(m_fetch_valid), .m_ready(m_fetch_ready),
    .m_data({m_fetch_qpn, m_fetch_idx, m_fetch_count, m_fetch_tag}),
    .count(fetch_count)
);

hpnic_fifo #(.DEPTH_LOG2(FIFO_LOG2), .WIDTH(QW))
cont_fifo_inst (
    .clk(clk), .rst(rst),
    .s_valid(cont_wr), .s_ready(cont_fifo_ready), .s_data(cont_data),
    .m_valid(cont_valid), .m_ready(cont_take),
    .m_data(cont_qpn),
    .count(cont_count)
);

hpnic_fifo #(.DEPTH_LOG2(FIFO_LOG2), .WIDTH(QW + 24))
free_fifo_inst (
    .clk(clk), .rst(rst),
    .s_valid(free_wr), .s_ready(free_fifo_ready), .s_data(free_data),
    .m_valid(m_free_valid), .m_ready(m_free_ready),
    .m_data({m_free_qpn, m_free_bpos}),
    .count(free_count)
);

hpnic_fifo #(.DEPTH_LOG2(FIFO_LOG2), .WIDTH(WORK_W))
work_fifo_inst (
    .clk(clk), .rst(rst),
    .s_valid(work_wr), .s_ready(work_fifo_ready), .s_data(work_data),
    .m_valid(m_work_valid), .m_ready(m_work_ready),
    .m_data({m_work_qpn, m_work_bytes}),
    .count(work_count)
);

hpnic_fifo #(.DEPTH_LOG2(FIFO_LOG2), .WIDTH(RDQ_W), .RAM_STYLE("block"))
rdq_fifo_inst (
    .clk(clk), .rst(rst),
    .s_valid(rdq_wr), .s_ready(rdq_fifo_ready), .s_data(rdq_data),
    .m_valid(m_rdq_valid), .m_ready(m_rdq_ready),
    .m_data({m_rdq_flush, m_rdq_qpn, m_rdq_first_psn, m_rdq_last_psn, m_rdq_laddr, m_rdq_last_len}),
    .count(rdq_count)
);

hpnic_fifo #(.DEPTH_LOG2(FIFO_LOG2), .WIDTH(RDONE_W))
rdone_fifo_inst (
    .clk(clk), .rst(rst),
    .s_valid(m_desc_valid && m_desc_ready && desc_rdone), .s_ready(rdone_fifo_ready),
    .s_data({m_desc_qpn, desc_rdone_tag}),
    .m_valid(m_rdone_valid), .m_ready(m_rdone_ready),
    .m_data({m_rdone_qpn, m_rdone_tag}),
    .count(rdone_count)
);

hpnic_fifo #(.DEPTH_LOG2(FIFO_LOG2), .WIDTH(QW))
rflush_fifo_inst (
    .clk(clk), .rst(rst),
    .s_valid(rflush_wr), .s_ready(rflush_fifo_ready), .s_data(rflush_data),
    .m_valid(m_rflush_valid), .m_ready(m_rflush_ready),
    .m_data(m_rflush_qpn),
    .count(rflush_count)
);

`undef REQ_ST_DECL
`undef REQ_ST
endmodule

`resetall
