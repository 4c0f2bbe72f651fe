// SPDX-License-Identifier: MIT
/*
 * RX decision: what to do with each received packet, once its ICRC is known.
 *
 * Requests (this QP is the responder):
 *  - WRITE FIRST/ONLY and READ REQUEST are checked against the memory-region
 *    table: the R_Key's index and tag, the access right, and the whole range
 *    [VA, VA + DMA length) inside the region. A violation gets a NAK (remote
 *    access error) and writes nothing. A zero-length one is not checked.
 *  - The PSN is checked against the expected PSN: in sequence, the WRITE's
 *    payload is committed to memory (its cursor kept for MIDDLE and LAST)
 *    and acknowledged if it asked (AckReq: ACKs are coalesced, the ACK of
 *    a later packet covers the packets before it), a READ is handed to the requester as READ work and
 *    consumes ceil(len/MTU) PSNs; a duplicate is acknowledged again (a
 *    duplicate READ is executed again); the first out-of-sequence packet gets
 *    one NAK (PSN sequence error, carrying the expected PSN) and the rest are
 *    discarded silently until the expected PSN arrives.
 *  - Payload lengths must match the path MTU and the message (FIRST and
 *    MIDDLE exactly one MTU, LAST and ONLY the rest, at most one MTU), a new
 *    message (WRITE FIRST/ONLY, READ) may not start while a WRITE is open,
 *    and a message is at most 2^31 bytes; otherwise NAK (invalid request).
 *  - SEND FIRST/ONLY takes the QP's next receive WQE (hpnic_recv_track,
 *    plugged into the loop through the rcv_* ports), whose buffer the
 *    SEND's payload fills packet by packet (the WRITE cursor, marked as a
 *    SEND); its LAST/ONLY completes the WQE (a receive completion with the
 *    byte count and the immediate, behind the payload). RDMA WRITE with
 *    immediate takes and completes a WQE at its LAST/ONLY packet. With no
 *    receive WQE there the packet gets an RNR NAK (the QP's timer code) and
 *    nothing changes: the requester sends it again after the delay, and the
 *    packets behind it are dropped silently meanwhile. A SEND longer than
 *    its buffer gets a NAK (invalid request) and completes the WQE with a
 *    length error; a WQE whose L_Key check failed, a NAK (remote
 *    operational error) and a protection error.
 *  - After a remote access or invalid request NAK the responder has failed,
 *    as IB's does: it takes no more requests for the QP (counted as bad QP)
 *    until the QP's receive side restarts, and reports an asynchronous
 *    event (QP_ACCESS_ERR, QP_REQ_ERR) for the host.
 * Responses (this QP is the requester):
 *  - ACK/NAK go to the completer with their INT.
 *  - READ responses, and ACKs that overtake them, are decided by the
 *    requester's READ tracking (hpnic_rd_track), which this stage carries
 *    along its loop through the trk_* ports: in sequence the payload goes to
 *    the local buffer, a gap is reported to the completer, strays are
 *    dropped, and an ACK from beyond the awaited response is held back.
 *
 * Every packet whose payload sits in the RX buffer gets exactly one commit
 * command (write it at an address, or drop it), in arrival order. Events for
 * the completer ride in the same command stream, behind the payload of
 * their own packet: hpnic_rx_commit releases one only after every earlier
 * payload is written, so no WQE completes before its READ data (or that of an
 * earlier READ, which an ACK may retire implicitly) is in memory.
 * Per-QP responder state has a one-cycle read-modify-write loop; so has the
 * READ tracking's, read and written in the same cycles.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_rx_decide #(
    // QPN bits
    parameter QPN_WIDTH = 12,
    // memory-region table entries, log2
    parameter MR_LOG2 = 10,
    // log2 of each output FIFO's depth
    parameter FIFO_LOG2 = 5,
    // log2 of the ACK/NAK queue to TX. It must hold the ACKs requested while
    // TX drains the data frames queued ahead of them (hpnic_tx_hdr's
    // in-flight byte budget, 16 KiB: 330 cycles, 113 64-byte packets)
    parameter ACK_FIFO_LOG2 = 8
) (
    input  wire                  clk,
    input  wire                  rst,

    /*
     * Configuration
     */
    input  wire                  cfg_qp_wr_en,
    input  wire [QPN_WIDTH-1:0]  cfg_qp_wr_qpn,
    input  wire [2:0]            cfg_qp_wr_state,   // QPS_* (docs/transport.md)
    input  wire [3:0]            cfg_qp_wr_mtu_log2,
    input  wire [15:0]           cfg_qp_wr_pd,      // protection domain
    input  wire [4:0]            cfg_qp_wr_min_rnr, // RNR NAK timer code (MIN_RNR_TIMER)

    input  wire                  cfg_mr_wr_en,
    input  wire [MR_LOG2-1:0]    cfg_mr_wr_idx,
    input  wire                  cfg_mr_wr_valid,
    input  wire [7:0]            cfg_mr_wr_tag,     // R_Key = {index, tag}
    input  wire [1:0]            cfg_mr_wr_access,  // bit 0 remote write, bit 1 remote read
    input  wire [63:0]           cfg_mr_wr_va,
    input  wire [47:0]           cfg_mr_wr_len,
    input  wire [63:0]           cfg_mr_wr_iova,
    input  wire [15:0]           cfg_mr_wr_pd,

    input  wire                  s_init_valid,      // QP reset: responder's expected PSN
    output wire                  s_init_ready,
    input  wire [QPN_WIDTH-1:0]  s_init_qpn,
    input  wire [23:0]           s_init_epsn,

    /*
     * The requester's READ tracking (hpnic_rd_track), plugged into this
     * loop: look-up at stage 1, the packet and the decision at stage 2
     */
    output wire                  trk_lk_valid,
    output wire [QPN_WIDTH-1:0]  trk_lk_qpn,
    output wire [12:0]           trk_mtu,
    output wire                  trk_ev_init,
    output wire                  trk_ev_ack,
    output wire                  trk_ev_resp,
    output wire [23:0]           trk_psn,
    output wire [12:0]           trk_len,
    output wire [2:0]            trk_ack_kind,
    output wire [4:0]            trk_ack_rnr_timer,
    input  wire                  trk_resp_write,
    input  wire [63:0]           trk_resp_addr,
    input  wire                  trk_resp_gap,
    input  wire                  trk_cack,
    input  wire [2:0]            trk_cack_kind,
    input  wire [23:0]           trk_cack_psn,
    input  wire [4:0]            trk_cack_rnr_timer,

    /*
     * The responder's receive WQEs (hpnic_recv_track), plugged into the
     * loop the same way (its look-up is trk_lk_*)
     */
    output wire                  rcv_ev_init,
    output wire                  rcv_consume,       // a message is done with the awaited WQE
    output wire [12:0]           rcv_len_pkt,       // the packet's payload bytes
    input  wire                  rcv_avail,
    input  wire                  rcv_len_ok,        // the awaited WQE holds them
    input  wire [63:0]           rcv_addr,
    input  wire [31:0]           rcv_len,
    input  wire                  rcv_lerr,
    input  wire [15:0]           rcv_idx,
    input  wire [3:0]            rcv_epoch,

    /*
     * Parsed packets (hpnic_rx_parse), one per frame
     */
    input  wire                  s_pkt_valid,
    output wire                  s_pkt_ready,
    input  wire                  s_pkt_drop,        // malformed or bad ICRC
    input  wire                  s_pkt_has_payload, // payload waits in the buffer
    input  wire                  s_pkt_qpn_ok,      // destination QPN in range
    input  wire [QPN_WIDTH-1:0]  s_pkt_qpn,
    input  wire [7:0]            s_pkt_opcode,
    input  wire [23:0]           s_pkt_psn,
    input  wire                  s_pkt_ack_req,     // the BTH's AckReq
    input  wire [12:0]           s_pkt_len,         // payload bytes, pad excluded
    input  wire [63:0]           s_pkt_reth_va,
    input  wire [31:0]           s_pkt_reth_rkey,
    input  wire [31:0]           s_pkt_reth_len,
    input  wire [7:0]            s_pkt_aeth_syn,
    input  wire                  s_pkt_imm_valid,   // the packet carries ImmDt
    input  wire [31:0]           s_pkt_imm,
    input  wire                  s_pkt_int_valid,
    input  wire [3:0]            s_pkt_int_nhop,
    input  wire [11:0]           s_pkt_int_path,
    input  wire [5*64-1:0]       s_pkt_int_hops,

    /*
     * Outputs
     */
    output wire                  m_commit_valid,    // per packet with payload or a completer event
    input  wire                  m_commit_ready,
    input  wire [15:0]           commit_done,       // commit entries carried out (mod 2^16)
    output wire [1:0]            m_commit_pay,      // CM_NONE, CM_WRITE, CM_DROP
    output wire [63:0]           m_commit_addr,
    output wire [12:0]           m_commit_len,
    output wire                  m_commit_cack,     // then release this completer event
    output wire [QPN_WIDTH-1:0]  m_commit_cack_qpn,
    output wire [2:0]            m_commit_cack_kind,
    output wire [23:0]           m_commit_cack_psn,
    output wire [4:0]            m_commit_cack_rnr_timer,  // NAK_RNR: the AETH's timer code
    output wire                  m_commit_cack_int_valid,
    output wire [3:0]            m_commit_cack_int_nhop,
    output wire [11:0]           m_commit_cack_int_path,
    output wire [5*64-1:0]       m_commit_cack_int_hops,

    // ACK/NAKs and READ work leave in the order decided: one of the two
    // valid at a time
    output wire                  m_ack_valid,       // ACK/NAK to send (TX)
    input  wire                  m_ack_ready,
    output wire [QPN_WIDTH-1:0]  m_ack_qpn,
    output wire [7:0]            m_ack_syn,
    output wire [23:0]           m_ack_psn,
    output wire [23:0]           m_ack_msn,
    output wire                  m_ack_int_valid,
    output wire [3:0]            m_ack_int_nhop,
    output wire [11:0]           m_ack_int_path,
    output wire [5*64-1:0]       m_ack_int_hops,

    output wire                  m_rdwork_valid,    // READ to answer (requester)
    input  wire                  m_rdwork_ready,
    output wire [QPN_WIDTH-1:0]  m_rdwork_qpn,
    output wire [23:0]           m_rdwork_psn,
    output wire [63:0]           m_rdwork_addr,
    output wire [31:0]           m_rdwork_len,
    output wire [23:0]           m_rdwork_msn,
    output wire                  m_rdwork_dup,      // a repeated READ request

    output wire                  m_rcpl_valid,      // receive completion (host CQ)
    input  wire                  m_rcpl_ready,
    output wire [QPN_WIDTH-1:0]  m_rcpl_qpn,
    output wire [15:0]           m_rcpl_idx,        // receive-queue index
    output wire [2:0]            m_rcpl_status,     // CQE_STATUS
    output wire                  m_rcpl_wimm,       // RDMA WRITE with immediate (else SEND)
    output wire [31:0]           m_rcpl_byte_len,
    output wire                  m_rcpl_imm_valid,
    output wire [31:0]           m_rcpl_imm,
    output wire [3:0]            m_rcpl_epoch,      // the receive WQE's, as the host sent it

    output wire                  m_event_valid,     // the responder failed (ASYNC_EVENT)
    input  wire                  m_event_ready,
    output wire [QPN_WIDTH-1:0]  m_event_qpn,
    output wire [3:0]            m_event_type,

    /*
     * Counters, one per reason a packet is not executed
     */
    output reg  [31:0]           stat_bad_qp = 0,       // QPN out of range or QP not ready
    output reg  [31:0]           stat_psn_dup = 0,      // duplicate request, re-acknowledged
    output reg  [31:0]           stat_psn_oos = 0,      // out of sequence, discarded
    output reg  [31:0]           stat_nak_seq = 0,      // PSN-sequence NAKs sent
    output reg  [31:0]           stat_access_err = 0,   // R_Key, range or right: NAK
    output reg  [31:0]           stat_len_err = 0,      // payload length: NAK
    output reg  [31:0]           stat_resp_stray = 0,   // READ response not expected
    output reg  [31:0]           stat_resp_gap = 0,     // READ response gaps reported
    output reg  [31:0]           stat_writes = 0,       // payloads committed
    output reg  [31:0]           stat_reads = 0,        // READ requests executed
    output reg  [31:0]           stat_rnr_naks = 0,     // RNR NAKs sent (no receive WQE)
    output reg  [31:0]           stat_recv_cpl = 0,     // receive WQEs completed
    output reg  [31:0]           stat_recv_err = 0,     // ... of which in error
    output reg  [31:0]           stat_ack_coalesced = 0 // executed without an ACK (no AckReq)
);

// parameters a caller can get wrong fail at elaboration, not silently
initial begin
    if (QPN_WIDTH < 1 || QPN_WIDTH > 24) begin
        $error("hpnic_rx_decide: QPN_WIDTH must be 1..24 (%m)");
        $finish;
    end
end

localparam QW = QPN_WIDTH;

// QP states, BTH opcodes, AETH syndromes and the completer's ACK kinds: the
// register map's (fw/regmap.toml: QPS, BTH_OP, AETH_SYN, ACK_KIND)
`include "hpnic_regs.vh"

localparam [1:0] CM_NONE = 2'd0, CM_WRITE = 2'd1, CM_DROP = 2'd2;

/*
 * Output room: each packet produces at most one entry per FIFO
 */
localparam CM_W = 2 + 64 + 13 + 1 + QW + 3 + 24 + 5 + 1 + 336;
// ACK/NAKs and READ work share one queue, so they leave in the order they
// were decided (the READ queue downstream keeps a QP's answers behind its
// READ responses): {kind, seq, qpn, the item's fields}
localparam AK_F = 8 + 24 + 24 + 1 + 336;
localparam RW_F = 24 + 64 + 32 + 24 + 1;
localparam AR_F = AK_F > RW_F ? AK_F : RW_F;
localparam AR_W = 1 + 16 + QW + AR_F;
localparam EV_W = QW + 4;
localparam RC_W = 16 + QW + 16 + 4 + 3 + 1 + 32 + 1 + 32;
wire [FIFO_LOG2:0] cm_count, ev_count, rc_count;
wire [ACK_FIFO_LOG2:0] ar_count;
localparam [FIFO_LOG2:0] ROOM = 2**FIFO_LOG2 - 4;
localparam [ACK_FIFO_LOG2:0] AK_ROOM = 2**ACK_FIFO_LOG2 - 4;
reg room_reg = 1'b0;

always @(posedge clk) begin
    room_reg <= cm_count < ROOM && ar_count < AK_ROOM && ev_count < ROOM && rc_count < ROOM;
    if (rst) begin
        room_reg <= 1'b0;
    end
end

/*
 * Stage 0: accept; the MR lookup starts here (its index comes with the packet)
 */
wire take_init = room_reg && s_init_valid;
wire take_pkt = room_reg && !s_init_valid && s_pkt_valid;
assign s_init_ready = take_init;
assign s_pkt_ready = take_pkt;

localparam MRW = 1 + 8 + 2 + 64 + 48 + 64 + 16;
wire [MRW-1:0] mr_rd;

hpnic_ram_sdp #(
    .ADDR_WIDTH(MR_LOG2),
    .DATA_WIDTH(MRW)
)
mr_inst (
    .clk(clk),
    .wr_en(cfg_mr_wr_en),
    .wr_addr(cfg_mr_wr_idx),
    .wr_data({cfg_mr_wr_valid, cfg_mr_wr_tag, cfg_mr_wr_access, cfg_mr_wr_va, cfg_mr_wr_len,
              cfg_mr_wr_iova, cfg_mr_wr_pd}),
    .rd_en(take_pkt),
    .rd_addr(s_pkt_reth_rkey[8 +: MR_LOG2]),
    .rd_data(mr_rd)
);

// the QP's protection domain, read beside the MR entry: the R_Key check
// compares the two at stage 1
wire [15:0] qp_pd;

hpnic_ram_sdp #(
    .ADDR_WIDTH(QW),
    .DATA_WIDTH(16)
)
qp_pd_inst (
    .clk(clk),
    .wr_en(cfg_qp_wr_en),
    .wr_addr(cfg_qp_wr_qpn),
    .wr_data(cfg_qp_wr_pd),
    .rd_en(take_pkt),
    .rd_addr(s_pkt_qpn[QW-1:0]),
    .rd_data(qp_pd)
);

// the QP's state and MTU, read at stage 0 too: the length rules that need
// only the packet and the MTU are settled at stage 1, before the loop
wire [11:0] qp_cfg;                     // {min_rnr, state, mtu_log2}
wire [12:0] qp_mtu;                     // the MTU, decoded as it is written

hpnic_ram_sdp #(
    .ADDR_WIDTH(QW),
    .DATA_WIDTH(12 + 13)
)
qp_inst (
    .clk(clk),
    .wr_en(cfg_qp_wr_en),
    .wr_addr(cfg_qp_wr_qpn),
    .wr_data({cfg_qp_wr_min_rnr, cfg_qp_wr_state, cfg_qp_wr_mtu_log2, 13'd1 << cfg_qp_wr_mtu_log2}),
    .rd_en(take_init || take_pkt),
    .rd_addr(take_init ? s_init_qpn : s_pkt_qpn),
    .rd_data({qp_cfg, qp_mtu})
);

reg          s1_valid = 1'b0, s1_init = 1'b0;
reg          s1_drop = 0, s1_has_payload = 0, s1_qpn_ok = 0;
reg [QW-1:0] s1_qpn = 0;
reg [7:0]    s1_opcode = 0;
reg [23:0]   s1_psn = 0;
reg          s1_ack_req = 0;
reg [12:0]   s1_len = 0;
reg [63:0]   s1_va = 0;
reg [31:0]   s1_rkey = 0, s1_rlen = 0;
reg [7:0]    s1_syn = 0;
reg          s1_imm_valid = 0;
reg [31:0]   s1_imm = 0;
reg          s1_int_valid = 0;
// the INT rides the pipeline in FFs, not SRL LUTs (LUTs are the scarcer:
// docs/performance.md)
(* shreg_extract = "no", keep *)
reg [335:0]  s1_int = 0;

always @(posedge clk) begin
    s1_valid <= take_init || take_pkt;
    s1_init <= take_init;
    s1_drop <= s_pkt_drop;
    s1_has_payload <= s_pkt_has_payload;
    s1_qpn_ok <= s_pkt_qpn_ok;
    s1_qpn <= take_init ? s_init_qpn : s_pkt_qpn;
    s1_opcode <= s_pkt_opcode;
    s1_psn <= take_init ? s_init_epsn : s_pkt_psn;
    s1_ack_req <= s_pkt_ack_req;
    s1_len <= s_pkt_len;
    s1_va <= s_pkt_reth_va;
    s1_rkey <= s_pkt_reth_rkey;
    s1_rlen <= s_pkt_reth_len;
    s1_syn <= s_pkt_aeth_syn;
    s1_imm_valid <= s_pkt_imm_valid;
    s1_imm <= s_pkt_imm;
    s1_int_valid <= s_pkt_int_valid;
    s1_int <= {s_pkt_int_nhop, s_pkt_int_path, s_pkt_int_hops};

    if (rst) begin
        s1_valid <= 1'b0;
    end
end

/*
 * Stage 1: the R_Key check (from the MR entry) and the state reads
 */
wire        mr_valid;
wire [7:0]  mr_tag;
wire [1:0]  mr_access;
wire [63:0] mr_va;
wire [47:0] mr_len;
wire [63:0] mr_iova;
wire [15:0] mr_pd;
assign {mr_valid, mr_tag, mr_access, mr_va, mr_len, mr_iova, mr_pd} = mr_rd;

wire        is_read1 = s1_opcode == HPNIC_BTH_OP_READ_REQ;
wire [64:0] mr_off = {1'b0, s1_va} - {1'b0, mr_va};           // borrow: VA below the region
wire [64:0] mr_end = mr_off + {33'd0, s1_rlen};
wire        key_ok = mr_valid && mr_tag == s1_rkey[7:0] &&
                     (s1_rkey[31:8] >> MR_LOG2) == 0 && mr_pd == qp_pd;
// A zero-length WRITE or READ touches no memory: IB (C9-88) has the
// responder skip the R_Key and VA checks, as Linux rxe does
wire        access_ok1 = s1_rlen == 32'd0 ||
                         (key_ok && (is_read1 ? mr_access[1] : mr_access[0]) &&
                          !mr_off[64] && mr_end <= {17'd0, mr_len});

reg          s2_valid = 1'b0, s2_init = 1'b0;
reg          s2_drop = 0, s2_has_payload = 0;
// the packet's kind and whether its QP takes it, from stage 1: the loop's
// decision then starts from a few bits, not from opcode and state compares
reg          s2_badqp = 0;           // QPN out of range or QP not ready
reg          s2_req = 0;             // a request the QP takes (in RTR/RTS)
reg          s2_rsp = 0;             // a response or ACK the QP takes (in RTS)
reg          s2_op_first = 0, s2_op_middle = 0, s2_op_last = 0, s2_op_only = 0;
reg          s2_op_read = 0, s2_op_ack = 0, s2_op_resp = 0;
reg          s2_op_send = 0;         // SEND (else a WRITE, when a request but no READ)
reg          s2_op_imm = 0;          // ... ending with ImmDt: SEND or WRITE LAST/ONLY with immediate
reg          s2_op_reth = 0;         // WRITE FIRST/ONLY, READ: a RETH to check
reg [4:0]    s2_min_rnr = 0;
reg          s2_imm_valid = 0;
reg [31:0]   s2_imm = 0;
reg [QW-1:0] s2_qpn = 0;
reg [23:0]   s2_psn = 0;
reg          s2_ack_req = 0;
reg [12:0]   s2_len = 0;
reg [31:0]   s2_rlen = 0;
reg [7:0]    s2_syn = 0;
reg          s2_int_valid = 0;
(* shreg_extract = "no", keep *)
reg [335:0]  s2_int = 0;
reg          s2_access_ok = 0;
reg [63:0]   s2_iova = 0;            // IO address of the RETH's VA
reg [12:0]   s2_mtu = 0;
reg [23:0]   s2_rd_npkts = 0;        // a READ's response packets
reg          s2_len_eq_mtu = 0, s2_len_le_mtu = 0, s2_rlen_gt_mtu = 0, s2_len_eq_rlen = 0;
reg          s2_rlen_big = 0;

wire [12:0]  mtu1 = qp_mtu;
wire         is_wfirst1 = s1_opcode == HPNIC_BTH_OP_WRITE_FIRST;
wire         is_wonly1 = s1_opcode == HPNIC_BTH_OP_WRITE_ONLY;
wire         is_wlast_imm1 = s1_opcode == HPNIC_BTH_OP_WRITE_LAST_IMM;
wire         is_wonly_imm1 = s1_opcode == HPNIC_BTH_OP_WRITE_ONLY_IMM;
wire         is_slast_imm1 = s1_opcode == HPNIC_BTH_OP_SEND_LAST_IMM;
wire         is_sonly_imm1 = s1_opcode == HPNIC_BTH_OP_SEND_ONLY_IMM;
wire         is_sfirst1 = s1_opcode == HPNIC_BTH_OP_SEND_FIRST;
wire         is_smiddle1 = s1_opcode == HPNIC_BTH_OP_SEND_MIDDLE;
wire         is_slast1 = s1_opcode == HPNIC_BTH_OP_SEND_LAST || is_slast_imm1;
wire         is_sonly1 = s1_opcode == HPNIC_BTH_OP_SEND_ONLY || is_sonly_imm1;
wire         is_send1 = is_sfirst1 || is_smiddle1 || is_slast1 || is_sonly1;
wire         is_first1 = is_wfirst1 || is_sfirst1;
wire         is_middle1 = s1_opcode == HPNIC_BTH_OP_WRITE_MIDDLE || is_smiddle1;
wire         is_last1 = s1_opcode == HPNIC_BTH_OP_WRITE_LAST || is_wlast_imm1 || is_slast1;
wire         is_only1 = is_wonly1 || is_wonly_imm1 || is_sonly1;
wire         is_request1 = is_first1 || is_middle1 || is_last1 || is_only1 || is_read1;
wire [2:0]   qp_state1 = qp_cfg[6:4];
wire         qp_ok1 = s1_qpn_ok && (is_request1 ? (qp_state1 == HPNIC_QPS_RTR ||
                                                   qp_state1 == HPNIC_QPS_RTS) :
                                                  qp_state1 == HPNIC_QPS_RTS);
wire         pass1 = !s1_init && !s1_drop;
// verilator lint_off UNUSEDSIGNAL
wire [31:0]  rd_npkts_full1 = (s1_rlen + {19'd0, mtu1} - 32'd1) >> qp_cfg[3:0];   // < 2^24 PSNs
// a SEND carries no RETH: its RETH fields are not looked at
// verilator lint_on UNUSEDSIGNAL

always @(posedge clk) begin
    s2_valid <= s1_valid;
    s2_init <= s1_init;
    s2_drop <= s1_drop;
    s2_has_payload <= s1_has_payload;
    s2_badqp <= pass1 && !qp_ok1;
    s2_req <= pass1 && qp_ok1 && is_request1;
    s2_rsp <= pass1 && qp_ok1 && !is_request1;
    s2_op_first <= is_first1;
    s2_op_middle <= is_middle1;
    s2_op_last <= is_last1;
    s2_op_only <= is_only1;
    s2_op_read <= is_read1;
    s2_op_send <= is_send1;
    s2_op_imm <= is_wlast_imm1 || is_wonly_imm1 || is_slast_imm1 || is_sonly_imm1;
    s2_op_reth <= is_wfirst1 || is_wonly1 || is_wonly_imm1 || is_read1;
    s2_min_rnr <= qp_cfg[11:7];
    s2_imm_valid <= s1_imm_valid;
    s2_imm <= s1_imm;
    s2_op_ack <= s1_opcode == HPNIC_BTH_OP_ACK;
    s2_op_resp <= s1_opcode == HPNIC_BTH_OP_RESP_FIRST || s1_opcode == HPNIC_BTH_OP_RESP_MIDDLE ||
                  s1_opcode == HPNIC_BTH_OP_RESP_LAST || s1_opcode == HPNIC_BTH_OP_RESP_ONLY;
    s2_qpn <= s1_qpn;
    s2_psn <= s1_psn;
    s2_ack_req <= s1_ack_req;
    s2_len <= s1_len;
    s2_rlen <= s1_rlen;
    s2_syn <= s1_syn;
    s2_int_valid <= s1_int_valid;
    s2_int <= s1_int;
    s2_access_ok <= access_ok1;
    s2_iova <= mr_iova + mr_off[63:0];
    s2_mtu <= mtu1;
    s2_rd_npkts <= (s1_rlen == 0) ? 24'd1 : rd_npkts_full1[23:0];
    s2_len_eq_mtu <= s1_len == mtu1;
    s2_len_le_mtu <= s1_len <= mtu1;
    s2_rlen_gt_mtu <= s1_rlen > {19'd0, mtu1};
    s2_len_eq_rlen <= {19'd0, s1_len} == s1_rlen;
    s2_rlen_big <= s1_rlen > 32'h8000_0000;

    if (rst) begin
        s2_valid <= 1'b0;
    end
end

// responder state: epsn, msn, NAK sent, WRITE cursor
localparam SW = 24 + 24 + 1 + 1 + 1 + 64 + 32 + 32 + 1;
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


/*
 * Stage 2: the decision (the loop)
 */
wire [12:0] mtu = s2_mtu;

/*
 * The per-QP state word, every field named once, in the word's order (MSB
 * first): the responder's epsn (expected PSN), msn, nak_sent (one NAK per
 * gap, or an RNR NAK), wr_active/wr_send/wr_addr/wr_rem (the cursor of the
 * message in progress: a WRITE's next address and bytes still to come, or a
 * SEND's next address in its receive buffer and the room left there),
 * msg_bytes (the message's payload so far), failed (a fatal NAK was sent:
 * no more requests). o_* is the word read, n_* the word written back.
 */
`define DECIDE_ST_DECL(kind, p) \
    kind [23:0] p``_epsn; \
    kind [23:0] p``_msn; \
    kind p``_nak_sent; \
    kind p``_wr_active; \
    kind p``_wr_send; \
    kind [63:0] p``_wr_addr; \
    kind [31:0] p``_wr_rem; \
    kind [31:0] p``_msg_bytes; \
    kind p``_failed;
`define DECIDE_ST(p) p``_epsn, p``_msn, p``_nak_sent, p``_wr_active, p``_wr_send, p``_wr_addr, \
    p``_wr_rem, p``_msg_bytes, p``_failed

`DECIDE_ST_DECL(wire, o)
assign {`DECIDE_ST(o)} = st_old;

wire has_reth = s2_op_reth;

// The decision is cut into exclusive outcomes, each a product of a few
// terms: what the packet alone settles (from registers) and what the state
// read adds, every compare on the state side by side (sign, equality and
// the WRITE cursor's two), none behind another. The request rules in IB's
// order: a failed responder, then the PSN (duplicate, out of sequence), then
// a new message inside a WRITE or too long, the R_Key check, the lengths.
// verilator lint_off UNUSEDSIGNAL
wire [23:0] psn_ahead = s2_psn - o_epsn;            // its sign only
// verilator lint_on UNUSEDSIGNAL
wire dup = psn_ahead[23];                            // psn before epsn
wire in_seq = s2_psn == o_epsn;
wire rem_gt_mtu = o_wr_rem > {19'd0, mtu};
wire rem_eq_len = o_wr_rem == {19'd0, s2_len};
wire rem_ge_len = o_wr_rem >= {19'd0, s2_len};             // a SEND's room
wire rcv_len_ge = rcv_len_ok;                              // a new SEND's buffer

// the packet's part (registers): a READ or a WRITE FIRST/ONLY that may go
// unless a WRITE is open, a MIDDLE/LAST that may if the cursor agrees
wire [23:0] rd_npkts = s2_rd_npkts;
wire rd_ok0 = s2_op_read && s2_access_ok && !s2_rlen_big;
wire wr_reth_ok0 = ((s2_op_first && s2_len_eq_mtu && s2_rlen_gt_mtu) ||
                    (s2_op_only && s2_len_eq_rlen && s2_len_le_mtu)) && s2_access_ok && !s2_rlen_big;
wire acc_nak0 = has_reth && !s2_rlen_big && !s2_access_ok;
wire mid_ok0 = s2_op_middle && s2_len_eq_mtu;
wire last_ok0 = s2_op_last && s2_len_le_mtu;
wire snew_ok0 = s2_op_send && ((s2_op_first && s2_len_eq_mtu) || (s2_op_only && s2_len_le_mtu));

// the outcomes of a request (at most one holds)
wire go = s2_req && !o_failed;
wire r_badqp = s2_badqp || (s2_req && o_failed);
wire r_dup = go && dup;                              // acknowledged again
wire r_dup_nak = r_dup && s2_op_read && !s2_access_ok;
wire r_oos = go && !dup && !in_seq;                  // out of sequence
wire r_nakseq = r_oos && !o_nak_sent;                // its one NAK
wire r_seq = go && in_seq;
wire r_read = r_seq && rd_ok0 && !o_wr_active;
// a WRITE's rules, a receive WQE aside (WRITE with immediate takes one at
// its LAST/ONLY), and a SEND's: FIRST/ONLY opens a message with the next
// receive WQE, MIDDLE/LAST go on with the open SEND
wire w_exec = !s2_op_send && (o_wr_active ? !o_wr_send && ((mid_ok0 && rem_gt_mtu) ||
                                                           (last_ok0 && rem_eq_len)) :
                                            wr_reth_ok0);
wire s_new = snew_ok0 && !o_wr_active;
wire s_cont = s2_op_send && o_wr_active && o_wr_send && (mid_ok0 || last_ok0);
wire rcv_take = s_new || (w_exec && s2_op_imm);     // the packet takes a receive WQE
wire r_rnr = r_seq && rcv_take && !rcv_avail;        // none there: RNR NAK
wire r_write = r_seq && w_exec && (!s2_op_imm || rcv_avail);
wire r_send = r_seq && ((s_new && rcv_avail && !rcv_lerr && rcv_len_ge) || (s_cont && rem_ge_len));
wire r_rlen = r_seq && ((s_new && rcv_avail && !rcv_lerr && !rcv_len_ge) ||
                        (s_cont && !rem_ge_len));    // longer than the buffer
wire r_rlerr = r_seq && s_new && rcv_avail && rcv_lerr;  // the WQE's L_Key failed
wire r_acc = r_seq && acc_nak0 && !o_wr_active;      // R_Key, range or right
// message or length rules: none of the above, whatever the receive WQE (a
// WRITE, a new SEND and a SEND going on each lead to one of the outcomes
// above), so it waits for no slot
wire r_inv = r_seq && !(rd_ok0 && !o_wr_active) && !w_exec && !s_new && !s_cont &&
             !(acc_nak0 && !o_wr_active);
// the receive WQE's completion (consumes it): a SEND's or WRITE with
// immediate's end, or the failure of a SEND that holds (or was taking) one;
// a flat sum, the slot's tests last
wire rc_ok = r_seq && ((s_new && s2_op_only && rcv_avail && !rcv_lerr && rcv_len_ge) ||
                       (s_cont && s2_op_last && rem_ge_len) ||
                       (w_exec && s2_op_imm && rcv_avail));
wire rc_err = r_seq && ((s_new && rcv_avail && (rcv_lerr || !rcv_len_ge)) ||
                        (s_cont && !rem_ge_len)) ||
              (r_inv && o_wr_active && o_wr_send);
// responses and ACKs: the READ tracking decides (trk_*)
wire rsp_ack = s2_rsp && s2_op_ack;
wire rsp_resp = s2_rsp && !s2_op_ack && s2_op_resp;

// the READ tracking's part of the loop: the packet it decides on
assign trk_lk_valid = s1_valid;
assign trk_lk_qpn = s1_qpn;
assign trk_mtu = mtu;
assign trk_ev_init = s2_valid && s2_init;
assign trk_ev_ack = s2_valid && rsp_ack;
assign trk_ev_resp = s2_valid && rsp_resp;
assign trk_psn = s2_psn;
assign trk_len = s2_len;
// an RNR NAK (001ttttt) carries its timer code to the completer, which
// waits that long before it resends
assign trk_ack_kind = (s2_syn[7:5] == 3'b000) ? HPNIC_ACK_KIND_ACK :
                      (s2_syn[7:5] == HPNIC_AETH_SYN_RNR[7:5]) ? HPNIC_ACK_KIND_NAK_RNR :
                      (s2_syn == HPNIC_AETH_SYN_NAK_SEQ) ? HPNIC_ACK_KIND_NAK_SEQ :
                      HPNIC_ACK_KIND_NAK_FATAL;
assign trk_ack_rnr_timer = s2_syn[4:0];

// the receive WQEs' part: the look-up is the READ tracking's (trk_lk_*)
assign rcv_ev_init = s2_valid && s2_init;
assign rcv_len_pkt = s2_len;
assign rcv_consume = s2_valid && (rc_ok || rc_err);

`DECIDE_ST_DECL(reg, n)

reg        do_commit, commit_drop, do_ack, do_rdwork, do_cack, do_event, do_rcpl;
reg [2:0]  rcpl_status;
reg [3:0]  event_type;
reg [63:0] commit_addr;
reg [7:0]  ack_syn;
reg [23:0] ack_psn;
reg [2:0]  cack_kind;
reg [23:0] cack_psn;
reg        cack_int;
reg [3:0]  why;                 // counter to bump
localparam [3:0] W_NONE = 4'd0, W_BADQP = 4'd1, W_DUP = 4'd2, W_OOS = 4'd3, W_NAKSEQ = 4'd4,
                 W_ACC = 4'd5, W_LEN = 4'd6, W_STRAY = 4'd7, W_GAP = 4'd8, W_WRITE = 4'd9,
                 W_READ = 4'd10, W_DROP = 4'd11, W_RNR = 4'd12;

// A request executed was in sequence: its PSN is epsn, so the next epsn
// comes from the packet's registers, the state only picks it
wire [23:0] epsn_next = s2_psn + (s2_op_read ? rd_npkts : 24'd1);
// a WRITE's payload goes to the RETH's address or on from the cursor
wire [63:0] wr_base = has_reth ? s2_iova : o_wr_addr;
// a SEND's goes to its receive buffer, or on from the cursor
wire [63:0] send_base = s_new ? rcv_addr : o_wr_addr;
wire [31:0] msg_bytes_new = ((s2_op_first || s2_op_only) ? 32'd0 : o_msg_bytes) + {19'd0, s2_len};

always @* begin
    {`DECIDE_ST(n)} = st_old;
    if (s2_init) begin
        n_epsn = s2_psn;
        n_msn = 24'd0;
        n_nak_sent = 1'b0;
        n_wr_active = 1'b0;
        n_failed = 1'b0;
    end else begin
        if (r_read || r_write || r_send) begin
            n_epsn = epsn_next;
        end
        if (r_read || ((r_write || r_send) && (s2_op_last || s2_op_only))) begin
            n_msn = o_msn + 24'd1;
        end
        if (r_seq) begin
            // after an RNR NAK the packets behind it are dropped silently
            // until the requester comes back to it
            n_nak_sent = r_rnr;
        end else if (r_oos) begin
            n_nak_sent = 1'b1;
        end
        if (r_dup_nak || r_inv || r_acc || r_rlen || r_rlerr) begin
            n_failed = 1'b1;
        end
        if (r_write) begin
            n_wr_addr = wr_base + {51'd0, s2_len};
            n_wr_rem = (has_reth ? s2_rlen : o_wr_rem) - {19'd0, s2_len};
        end
        if (r_send) begin
            n_wr_addr = send_base + {51'd0, s2_len};
            n_wr_rem = (s_new ? rcv_len : o_wr_rem) - {19'd0, s2_len};
        end
        if (r_write || r_send) begin
            n_wr_active = s2_op_first || s2_op_middle;
            n_wr_send = r_send;
            n_msg_bytes = msg_bytes_new;
        end
    end
    st_new = {`DECIDE_ST(n)};

    // the outcome's outputs: the payload's commit, the ACK/NAK, READ work,
    // the completer's event, the failure event, the counter
    do_commit = !s2_init && s2_has_payload;
    commit_drop = !r_write && !r_send && !trk_resp_write;
    commit_addr = ({64{r_write}} & wr_base) | ({64{r_send}} & send_base) |
                  ({64{trk_resp_write}} & trk_resp_addr);
    // ACKs are coalesced: a WRITE or SEND packet executed in sequence is
    // acknowledged only if it asked (AckReq); the ACK of a later one covers
    // it (its PSN, the MSN so far). NAKs, and the re-ACK of a duplicate,
    // never wait: a requester that went back N learns at once how far the
    // responder got, whatever the duplicate asked
    do_ack = (r_dup && !(s2_op_read && s2_access_ok)) || r_nakseq || r_inv || r_acc ||
             ((r_write || r_send) && s2_ack_req) || r_rnr || r_rlen || r_rlerr;
    ack_syn = r_nakseq ? HPNIC_AETH_SYN_NAK_SEQ : (r_inv || r_rlen) ? HPNIC_AETH_SYN_NAK_INV :
              (r_acc || r_dup_nak) ? HPNIC_AETH_SYN_NAK_ACC : r_rlerr ? HPNIC_AETH_SYN_NAK_OP :
              r_rnr ? (HPNIC_AETH_SYN_RNR | {3'd0, s2_min_rnr}) : HPNIC_AETH_SYN_ACK;
    ack_psn = (r_dup && !s2_op_read) ? o_epsn - 24'd1 : r_nakseq ? o_epsn : s2_psn;
    do_rdwork = (r_dup && s2_op_read && s2_access_ok) || r_read;
    do_event = r_dup_nak || r_inv || r_acc || r_rlen || r_rlerr;
    event_type = (r_inv || r_rlen) ? HPNIC_ASYNC_EVENT_QP_REQ_ERR : HPNIC_ASYNC_EVENT_QP_ACCESS_ERR;
    do_rcpl = rc_ok || rc_err;
    rcpl_status = rc_ok ? HPNIC_CQE_STATUS_OK[2:0] : r_rlen ? HPNIC_CQE_STATUS_LOCAL_LEN_ERROR[2:0] :
                  r_rlerr ? HPNIC_CQE_STATUS_LOCAL_PROT_ERROR[2:0] : HPNIC_CQE_STATUS_LOCAL_ERROR[2:0];
    // to the completer, unless the READ tracking holds it back
    do_cack = trk_cack;
    cack_int = rsp_ack && s2_int_valid;
    cack_kind = (rsp_ack || rsp_resp) ? trk_cack_kind : HPNIC_ACK_KIND_ACK;
    cack_psn = (rsp_ack || rsp_resp) ? trk_cack_psn : s2_psn;
    if (s2_init) begin
        why = W_NONE;
    end else if (s2_drop) begin
        why = W_DROP;                   // counted by the parser
    end else begin
        // exclusive outcomes: an OR of their codes
        why = ({4{r_badqp}} & W_BADQP) | ({4{r_dup}} & W_DUP) |
              ({4{r_oos && o_nak_sent}} & W_OOS) | ({4{r_nakseq}} & W_NAKSEQ) |
              ({4{r_inv || r_rlen}} & W_LEN) | ({4{r_acc || r_rlerr}} & W_ACC) |
              ({4{r_read}} & W_READ) | ({4{r_rnr}} & W_RNR) |
              ({4{r_write || r_send || trk_resp_write}} & W_WRITE) |
              ({4{rsp_resp && !trk_resp_write && trk_resp_gap}} & W_GAP) |
              ({4{rsp_resp && !trk_resp_write && !trk_resp_gap}} & W_STRAY);
    end
end

/*
 * Stage 3: outputs and counters
 */
reg cm_wr = 0, ar_wr = 0, ev_wr = 0, rc_wr = 0;
reg [RC_W-1:0] rc_data = 0;
reg            rc_err_reg = 1'b0;
reg [EV_W-1:0] ev_data = 0;
reg [CM_W-1:0] cm_data = 0;
reg [AR_W-1:0] ar_data = 0;
reg [3:0]      why_reg = 0;
reg            why_valid = 0;
reg            coal_reg = 1'b0;

// Commit entries written so far, this packet's included. An ACK or a READ
// waits until commit has carried out that many: a WRITE is acknowledged only
// once its payload (and every earlier one) is handed to memory, and a READ
// reads memory only after the WRITEs before it (PCIe keeps a read behind the
// posted writes issued before it). So a requester's completion means the
// data is in place, and WRITE then READ on a QP reads what was written.
reg  [15:0] cm_seq_reg = 0;
wire        cm_this = s2_valid && (do_commit || do_cack);
wire [15:0] cm_seq_next = cm_seq_reg + {15'd0, cm_this};

always @(posedge clk) begin
    cm_seq_reg <= cm_seq_next;
    cm_wr <= cm_this;
    cm_data <= {!do_commit ? CM_NONE : commit_drop ? CM_DROP : CM_WRITE, commit_addr, s2_len,
                do_cack, s2_qpn, cack_kind, cack_psn, trk_cack_rnr_timer, cack_int, s2_int};
    // an ACK/NAK or READ work, never both
    ar_wr <= s2_valid && (do_ack || do_rdwork);
    // ACKs echo the INT of the packet they acknowledge; NAKs carry none
    ar_data <= do_ack ?
               {1'b0, cm_seq_next, s2_qpn, {(AR_F - AK_F){1'b0}}, ack_syn, ack_psn, n_msn,
                s2_int_valid && ack_syn == HPNIC_AETH_SYN_ACK, s2_int} :
               {1'b1, cm_seq_next, s2_qpn, {(AR_F - RW_F){1'b0}}, s2_psn, s2_iova, s2_rlen, n_msn,
                r_dup};
    ev_wr <= s2_valid && do_event;
    ev_data <= {s2_qpn, event_type};
    // a receive completion leaves behind its own payload, as an ACK does
    rc_wr <= s2_valid && do_rcpl;
    rc_err_reg <= rc_err;
    rc_data <= {cm_seq_next, s2_qpn, rcv_idx, rcv_epoch, rcpl_status, rc_ok && !s2_op_send,
                rc_ok ? msg_bytes_new : 32'd0, rc_ok && s2_imm_valid, s2_imm};
    why_reg <= why;
    why_valid <= s2_valid;
    coal_reg <= s2_valid && (r_write || r_send) && !s2_ack_req;

    if (why_valid) begin
        stat_bad_qp <= stat_bad_qp + {31'd0, why_reg == W_BADQP};
        stat_psn_dup <= stat_psn_dup + {31'd0, why_reg == W_DUP};
        stat_psn_oos <= stat_psn_oos + {31'd0, why_reg == W_OOS || why_reg == W_NAKSEQ};
        stat_nak_seq <= stat_nak_seq + {31'd0, why_reg == W_NAKSEQ};
        stat_access_err <= stat_access_err + {31'd0, why_reg == W_ACC};
        stat_len_err <= stat_len_err + {31'd0, why_reg == W_LEN};
        stat_resp_stray <= stat_resp_stray + {31'd0, why_reg == W_STRAY};
        stat_resp_gap <= stat_resp_gap + {31'd0, why_reg == W_GAP};
        stat_writes <= stat_writes + {31'd0, why_reg == W_WRITE};
        stat_reads <= stat_reads + {31'd0, why_reg == W_READ};
        stat_rnr_naks <= stat_rnr_naks + {31'd0, why_reg == W_RNR};
    end
    stat_recv_cpl <= stat_recv_cpl + {31'd0, rc_wr};
    stat_recv_err <= stat_recv_err + {31'd0, rc_wr && rc_err_reg};
    stat_ack_coalesced <= stat_ack_coalesced + {31'd0, coal_reg};

    if (rst) begin
        cm_seq_reg <= 0;
        cm_wr <= 1'b0;
        ar_wr <= 1'b0;
        ev_wr <= 1'b0;
        why_valid <= 1'b0;
        stat_bad_qp <= 0;
        stat_psn_dup <= 0;
        stat_psn_oos <= 0;
        stat_nak_seq <= 0;
        stat_access_err <= 0;
        stat_len_err <= 0;
        stat_resp_stray <= 0;
        stat_resp_gap <= 0;
        stat_writes <= 0;
        stat_reads <= 0;
        stat_rnr_naks <= 0;
        stat_recv_cpl <= 0;
        stat_recv_err <= 0;
        stat_ack_coalesced <= 0;
        coal_reg <= 1'b0;
        rc_wr <= 1'b0;
    end
end

// an ACK/NAK or READ is due once commit has done its entries (serial
// compare): commit_done - seq not negative. The sign alone, without a test
// for zero, keeps the due flag one carry chain deep: it is on the ready path
// of the READ queue and the CQ writer (the FIFOs hold far fewer than 2^15
// entries, so the distance never reaches the sign bit otherwise)
wire        ar_head_valid, ar_read, rc_head_valid;
wire [15:0] ar_seq, rc_seq;
wire [AR_F-1:0] ar_f;
// verilator lint_off UNUSEDSIGNAL
wire [15:0] ar_lead = commit_done - ar_seq;
wire [15:0] rc_lead = commit_done - rc_seq;
// verilator lint_on UNUSEDSIGNAL
wire        ar_due = !ar_lead[15];
wire        rc_due = !rc_lead[15];
assign m_ack_valid = ar_head_valid && ar_due && !ar_read;
assign m_rdwork_valid = ar_head_valid && ar_due && ar_read;
assign m_rcpl_valid = rc_head_valid && rc_due;
assign m_rdwork_qpn = m_ack_qpn;
assign {m_ack_syn, m_ack_psn, m_ack_msn, m_ack_int_valid, m_ack_int_nhop, m_ack_int_path,
        m_ack_int_hops} = ar_f[AK_F-1:0];
assign {m_rdwork_psn, m_rdwork_addr, m_rdwork_len, m_rdwork_msn, m_rdwork_dup} = ar_f[RW_F-1:0];

// room is granted ahead (room_reg), so the FIFOs' own s_ready is not needed
// verilator lint_off UNUSEDSIGNAL
wire cm_fifo_ready, ar_fifo_ready, ev_fifo_ready, rc_fifo_ready;
// verilator lint_on UNUSEDSIGNAL

hpnic_fifo #(.DEPTH_LOG2(FIFO_LOG2), .WIDTH(CM_W), .RAM_STYLE("block"))
cm_fifo_inst (
    .clk(clk), .rst(rst),
    .s_valid(cm_wr), .s_ready(cm_fifo_ready), .s_data(cm_data),
    .m_valid(m_commit_valid), .m_ready(m_commit_ready),
    .m_data({m_commit_pay, m_commit_addr, m_commit_len, m_commit_cack, m_commit_cack_qpn,
             m_commit_cack_kind, m_commit_cack_psn, m_commit_cack_rnr_timer, m_commit_cack_int_valid,
             m_commit_cack_int_nhop, m_commit_cack_int_path, m_commit_cack_int_hops}),
    .count(cm_count)
);

hpnic_fifo #(.DEPTH_LOG2(ACK_FIFO_LOG2), .WIDTH(AR_W), .RAM_STYLE("block"))
ar_fifo_inst (
    .clk(clk), .rst(rst),
    .s_valid(ar_wr), .s_ready(ar_fifo_ready), .s_data(ar_data),
    .m_valid(ar_head_valid),
    .m_ready(ar_due && (ar_read ? m_rdwork_ready : m_ack_ready)),
    .m_data({ar_read, ar_seq, m_ack_qpn, ar_f}),
    .count(ar_count)
);


hpnic_fifo #(.DEPTH_LOG2(FIFO_LOG2), .WIDTH(RC_W), .RAM_STYLE("block"))
rc_fifo_inst (
    .clk(clk), .rst(rst),
    .s_valid(rc_wr), .s_ready(rc_fifo_ready), .s_data(rc_data),
    .m_valid(rc_head_valid), .m_ready(m_rcpl_ready && rc_due),
    .m_data({rc_seq, m_rcpl_qpn, m_rcpl_idx, m_rcpl_epoch, m_rcpl_status, m_rcpl_wimm, m_rcpl_byte_len,
             m_rcpl_imm_valid, m_rcpl_imm}),
    .count(rc_count)
);

hpnic_fifo #(.DEPTH_LOG2(FIFO_LOG2), .WIDTH(EV_W))
ev_fifo_inst (
    .clk(clk), .rst(rst),
    .s_valid(ev_wr), .s_ready(ev_fifo_ready), .s_data(ev_data),
    .m_valid(m_event_valid), .m_ready(m_event_ready),
    .m_data({m_event_qpn, m_event_type}),
    .count(ev_count)
);

`undef DECIDE_ST_DECL
`undef DECIDE_ST
endmodule

`resetall
