// SPDX-License-Identifier: MIT
/*
 * RoCEv2 RC datapath: the TX pipe (requester, completer, header builder,
 * frame assembler) and the RX pipe (input checks, extract + ICRC, decision,
 * commit), joined as docs/transport.md draws them, with the MAC side on the
 * core clock. The host side is a set of plain streams: doorbells (Post), WQE
 * fetch, completions, DMA read and write, configuration writes. The
 * scheduler drives PktSend; the CC engine takes Notify.
 *
 * ACK/NAK frames have priority over data on the TX side: they are small,
 * and the peer's window waits for them; CNPs come next, then data.
 *
 * DCQCN (docs/cc-dcqcn.md): RX hands CE-marked requests and received CNPs
 * to hpnic_rx_cnp, the notification point, which sends CNPs (through the
 * TX pick, as ACKs go) and turns good CNPs into events for the CC engine
 * (m_cnp). A CNP never reaches RX decide.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_datapath #(
    // QPN bits
    parameter QPN_WIDTH = 12,
    // memory-region table entries, log2
    parameter MR_LOG2 = 10,
    // memory translation table entries, log2
    parameter MTT_LOG2 = 18,
    // retransmit timer unit, log2 of cycles
    parameter TIME_SHIFT = 10,
    // core clock in MHz (the RNR delays in timer units)
    parameter CLK_MHZ = 250,
    // log2 of the started-WQE records shared by all QPs (hpnic_wqe_pool)
    parameter POOL_LOG2 = 13,
    // log2 of the READs per QP outstanding as requester and held as
    // responder (max_rd_atomic, max_dest_rd_atomic)
    parameter RD_MAX_LOG2 = 4
) (
    input  wire                  clk,
    input  wire                  rst,

    /*
     * NIC configuration
     */
    input  wire [47:0]           cfg_mac,
    input  wire [31:0]           cfg_ip,
    input  wire                  cfg_int_enable,
    input  wire [15:0]           cfg_int_port,
    input  wire [3:0]            cfg_ack_req_log2,  // INT off: AckReq every 2^n PSNs (0: every packet)
    input  wire [15:0]           cfg_rto,           // timer units; 0 disables
    input  wire [7:0]            cfg_pkt_overhead,  // wire bytes per packet beyond payload
    input  wire [11:0]           cfg_np_min_time_us, // DCQCN NP: min_time_between_cnps
    input  wire [19:0]           now_us,            // the CC engine's microsecond clock

    /*
     * QP context writes, and QP (re)start with its first PSNs
     */
    input  wire                  cfg_qp_wr_en,
    input  wire [QPN_WIDTH-1:0]  cfg_qp_wr_qpn,
    input  wire [2:0]            cfg_qp_wr_state,
    input  wire [3:0]            cfg_qp_wr_mtu_log2,
    input  wire [23:0]           cfg_qp_wr_dqpn,
    input  wire [47:0]           cfg_qp_wr_dmac,
    input  wire [31:0]           cfg_qp_wr_dip,
    input  wire [15:0]           cfg_qp_wr_sport,
    input  wire [7:0]            cfg_qp_wr_dscp_ecn,
    input  wire [1:0]            cfg_qp_wr_cc_mode, // 1 (DCQCN): requests go out ECT(0)
    input  wire [15:0]           cfg_qp_wr_pd,      // protection domain
    input  wire [7:0]            cfg_qp_wr_max_rd,  // max_rd_atomic (0: the maximum)
    input  wire [4:0]            cfg_qp_wr_min_rnr, // RNR NAK timer code (MIN_RNR_TIMER)
    input  wire [2:0]            cfg_qp_wr_rnr_retry, // RNR NAKs in a row allowed (7: no limit)

    input  wire                  s_qp_init_valid,
    output wire                  s_qp_init_ready,
    input  wire [QPN_WIDTH-1:0]  s_qp_init_qpn,
    input  wire [23:0]           s_qp_init_sq_psn,  // first PSN we send
    input  wire [23:0]           s_qp_init_rq_psn,  // first PSN we expect
    input  wire                  s_qp_init_sq,      // restart the send side (requester, completer)
    input  wire                  s_qp_init_rq,      // restart the receive side (responder, READ tracking)

    /*
     * Memory regions
     */
    input  wire                  cfg_mr_wr_en,
    input  wire [MR_LOG2-1:0]    cfg_mr_wr_idx,
    input  wire                  cfg_mr_wr_valid,
    input  wire [7:0]            cfg_mr_wr_tag,
    input  wire [1:0]            cfg_mr_wr_access,
    input  wire [63:0]           cfg_mr_wr_va,
    input  wire [47:0]           cfg_mr_wr_len,
    input  wire [63:0]           cfg_mr_wr_iova,
    input  wire [15:0]           cfg_mr_wr_pd,
    // MTT entries (a page's IO address bits 47:12)
    input  wire                  cfg_mtt_wr_en,
    input  wire [MTT_LOG2-1:0]   cfg_mtt_wr_idx,
    input  wire [35:0]           cfg_mtt_wr_frame,

    /*
     * Work
     */
    input  wire                  s_post_valid,
    output wire                  s_post_ready,
    input  wire [QPN_WIDTH-1:0]  s_post_qpn,
    input  wire [15:0]           s_post_pi,

    output wire                  m_fetch_valid,
    input  wire                  m_fetch_ready,
    output wire [QPN_WIDTH-1:0]  m_fetch_qpn,
    output wire [15:0]           m_fetch_idx,
    output wire [3:0]            m_fetch_count,
    output wire [1:0]            m_fetch_tag,

    input  wire                  s_wqe_valid,
    output wire                  s_wqe_ready,
    input  wire [QPN_WIDTH-1:0]  s_wqe_qpn,
    input  wire [15:0]           s_wqe_idx,
    input  wire [1:0]            s_wqe_tag,
    input  wire                  s_wqe_read,
    input  wire                  s_wqe_signaled,
    input  wire [31:0]           s_wqe_len,
    input  wire [63:0]           s_wqe_laddr,
    input  wire                  s_wqe_sgl,         // laddr is the WQE's SGE list
    input  wire [1:0]            s_wqe_nsge_m1,
    input  wire [63:0]           s_wqe_raddr,
    input  wire [31:0]           s_wqe_rkey,
    input  wire                  s_wqe_send,        // SEND (with or without immediate)
    input  wire                  s_wqe_imm_valid,   // SEND or WRITE with immediate
    input  wire [31:0]           s_wqe_imm,         // the immediate, wire order
    input  wire                  s_wqe_lerr,        // failed its L_Key check (hpnic_host_sq)

    // receive WQEs prefetched by the host interface (hpnic_host_rq), and the
    // receive completions
    input  wire                  s_rwqe_valid,
    output wire                  s_rwqe_ready,
    input  wire [QPN_WIDTH-1:0]  s_rwqe_qpn,
    input  wire                  s_rwqe_flush,      // the QP was reset
    input  wire [63:0]           s_rwqe_addr,       // NIC address of the buffer
    input  wire [31:0]           s_rwqe_len,
    input  wire                  s_rwqe_lerr,       // its L_Key check failed
    input  wire [3:0]            s_rwqe_epoch,      // the host's, returned with the completion

    output wire                  m_rcpl_valid,
    input  wire                  m_rcpl_ready,
    output wire [QPN_WIDTH-1:0]  m_rcpl_qpn,
    output wire [15:0]           m_rcpl_idx,        // receive-queue index
    output wire [2:0]            m_rcpl_status,
    output wire                  m_rcpl_wimm,       // RDMA WRITE with immediate (else SEND)
    output wire [31:0]           m_rcpl_byte_len,
    output wire                  m_rcpl_imm_valid,
    output wire [31:0]           m_rcpl_imm,
    output wire [3:0]            m_rcpl_epoch,

    input  wire                  s_pktsend_valid,
    output wire                  s_pktsend_ready,
    input  wire [QPN_WIDTH-1:0]  s_pktsend_qpn,
    input  wire [13:0]           s_pktsend_len,     // bytes of credit

    output wire                  m_work_valid,
    input  wire                  m_work_ready,
    output wire [QPN_WIDTH-1:0]  m_work_qpn,
    output wire [31:0]           m_work_bytes,      // wire bytes

    output wire                  m_cpl_valid,
    input  wire                  m_cpl_ready,
    output wire [QPN_WIDTH-1:0]  m_cpl_qpn,
    output wire [15:0]           m_cpl_idx,
    output wire [2:0]            m_cpl_status,
    output wire                  m_cpl_signaled,    // 0: a success the host need not see

    output wire                  m_inflight_valid,  // window state for the scheduler
    input  wire                  m_inflight_ready,
    output wire [QPN_WIDTH-1:0]  m_inflight_qpn,
    output wire [23:0]           m_inflight_acked,  // window positions (wire bytes)
    output wire [23:0]           m_inflight_sent,

    output wire                  m_free_valid,      // credit that went to no request
    input  wire                  m_free_ready,
    output wire [QPN_WIDTH-1:0]  m_free_qpn,
    output wire [23:0]           m_free_sent,

    output wire                  m_notify_valid,
    input  wire                  m_notify_ready,
    output wire [QPN_WIDTH-1:0]  m_notify_qpn,
    output wire [23:0]           m_notify_ack_psn,
    output wire [23:0]           m_notify_snd_nxt,
    output wire [3:0]            m_notify_nhop,
    output wire [11:0]           m_notify_path,
    output wire [5*64-1:0]       m_notify_hops,

    output wire                  m_cnp_valid,       // CNPs received: CC events of type CNP
    input  wire                  m_cnp_ready,
    output wire [QPN_WIDTH-1:0]  m_cnp_qpn,

    output wire                  m_event_valid,     // asynchronous events (ASYNC_EVENT)
    input  wire                  m_event_ready,
    output wire [QPN_WIDTH-1:0]  m_event_qpn,
    output wire [3:0]            m_event_type,

    /*
     * DMA
     */
    output wire                  m_dma_rd_valid,
    input  wire                  m_dma_rd_ready,
    output wire [63:0]           m_dma_rd_addr,
    output wire [12:0]           m_dma_rd_len,

    input  wire [511:0]          s_dma_rd_tdata,    // lane 0 = first byte requested
    input  wire [63:0]           s_dma_rd_tkeep,
    input  wire                  s_dma_rd_tvalid,
    output wire                  s_dma_rd_tready,
    input  wire                  s_dma_rd_tlast,
    input  wire                  s_dma_rd_tuser,    // on tlast: the read failed

    output wire                  m_dma_wr_cmd_valid,
    input  wire                  m_dma_wr_cmd_ready,
    output wire [63:0]           m_dma_wr_cmd_addr,
    output wire [12:0]           m_dma_wr_cmd_len,

    output wire [511:0]          m_dma_wr_tdata,
    output wire [63:0]           m_dma_wr_tkeep,
    output wire                  m_dma_wr_tvalid,
    input  wire                  m_dma_wr_tready,
    output wire                  m_dma_wr_tlast,

    /*
     * Ethernet frames, without FCS (core clock side of the MAC shim)
     */
    output wire [511:0]          m_tx_tdata,
    output wire [63:0]           m_tx_tkeep,
    output wire                  m_tx_tvalid,
    input  wire                  m_tx_tready,
    output wire                  m_tx_tlast,

    input  wire [511:0]          s_rx_tdata,
    input  wire [63:0]           s_rx_tkeep,
    input  wire                  s_rx_tvalid,
    input  wire                  s_rx_tlast,
    input  wire                  s_rx_tuser,

    /*
     * Counters (docs/transport.md lists them)
     */
    output wire [32*32-1:0]      stats,
    output wire [31:0]           stat_sgl_pkts,     // the TX gather's (hpnic_tx_gather)
    output wire [31:0]           stat_sgl_pieces,
    output wire [31:0]           stat_sgl_short,
    output wire [31:0]           stat_sgl_lkey_err,
    output wire [31:0]           stat_rd_over,      // READ requests over max_dest_rd_atomic
    output wire [31:0]           stat_rd_pool,      // READ requests with the READ queue full
    output wire [31:0]           stat_rd_desc_lost, // READ descriptors the tracking lost
    output wire [31:0]           stat_rnr_sent,     // RNR NAKs sent (no receive WQE)
    output wire [31:0]           stat_recv_cpl,     // receive WQEs completed
    output wire [31:0]           stat_recv_err,     // ... in error
    output wire [31:0]           stat_ack_coalesced, // requests executed without an ACK of their own
    output wire [31:0]           stat_rwqe_drop,    // receive WQEs lost (the host's limit broken)
    output wire [31:0]           stat_ack_held,     // ACK/NAKs held behind READ responses
    output wire [31:0]           stat_rnr_naks,     // RNR NAKs the completer acted on
    output wire [31:0]           stat_rnr_retry_exc, // QPs failed: RNR retries ran out
    output reg  [31:0]           stat_ce_rx = 0,    // packets with ECN = CE
    output wire [31:0]           stat_cnp_sent,     // DCQCN NP (hpnic_rx_cnp)
    output wire [31:0]           stat_cnp_suppressed,
    output wire [31:0]           stat_cnp_rx,
    output wire [31:0]           stat_cnp_drop
);

// parameters a caller can get wrong fail at elaboration, not silently
initial begin
    if (QPN_WIDTH < 1 || QPN_WIDTH > 18) begin
        $error("hpnic_datapath: QPN_WIDTH must be 1..18 (%m)");
        $finish;
    end
    if (MR_LOG2 < 1 || MR_LOG2 > 24) begin
        $error("hpnic_datapath: MR_LOG2 must be 1..24 (%m)");
        $finish;
    end
    if (TIME_SHIFT < 0 || TIME_SHIFT > 24) begin
        $error("hpnic_datapath: TIME_SHIFT must be 0..24 (%m)");
        $finish;
    end
    if (POOL_LOG2 < QPN_WIDTH + 1 || POOL_LOG2 > 16) begin
        $error("hpnic_datapath: POOL_LOG2 must be QPN_WIDTH + 1..16 (a spare record per QP, and more) (%m)");
        $finish;
    end
end

// BTH opcodes and other constants: the register map's (fw/regmap.toml)
`include "hpnic_regs.vh"

localparam QW = QPN_WIDTH;

/*
 * QP init, fanned out to the requester and the responder; the requester
 * passes it on to the completer (with the QP's record entries)
 */
wire init_req_valid, init_rx_valid;
wire init_req_ready, init_rx_ready;
wire [QW-1:0] init_req_qpn, init_rx_qpn;
wire [23:0] init_req_psn, init_rx_psn;
wire          init_comp_valid, init_comp_ready, init_comp_epoch, init_comp_clear;
wire [QW-1:0] init_comp_qpn;
wire [23:0]   init_comp_psn;
wire [15:0]   init_comp_rec_old;
wire [POOL_LOG2-1:0] init_comp_spare;

// a QP start to the requester (SQ PSN) and the responder (RQ PSN); each
// side takes only the starts meant for it (a connection's receive side
// starts at RTR, its send side at RTS) and lets the others pass
localparam IW = 2 + QW + 48;
// verilator lint_off UNUSEDSIGNAL
wire [2*IW-1:0] init_data;      // fields not kept read as 0
// verilator lint_on UNUSEDSIGNAL
wire init_req_fan_valid, init_rx_fan_valid, init_req_sq, init_rx_rq;

hpnic_fanout #(
    .OUTPUTS(2),
    .WIDTH(IW),
    .KEEP({{2'b01, {QW{1'b1}}, 24'd0, {24{1'b1}}}, {2'b10, {QW{1'b1}}, {24{1'b1}}, 24'd0}}),
    .DEPTH_LOG2(2)
)
init_fan_inst (
    .clk(clk), .rst(rst),
    .s_valid(s_qp_init_valid), .s_ready(s_qp_init_ready),
    .s_data({s_qp_init_sq, s_qp_init_rq, s_qp_init_qpn, s_qp_init_sq_psn, s_qp_init_rq_psn}),
    .m_valid({init_rx_fan_valid, init_req_fan_valid}),
    .m_ready({init_rx_ready || !init_rx_rq, init_req_ready || !init_req_sq}),
    .m_data(init_data)
);

assign {init_req_sq, init_req_qpn, init_req_psn} = {init_data[IW - 1], init_data[24 +: QW + 24]};
assign {init_rx_rq, init_rx_qpn, init_rx_psn} = {init_data[2*IW - 2], init_data[IW + 48 +: QW],
                                                 init_data[IW +: 24]};
assign init_req_valid = init_req_fan_valid && init_req_sq;
assign init_rx_valid = init_rx_fan_valid && init_rx_rq;

/*
 * Requester and completer
 */
wire          rw_valid, rw_ready, rw_fatal;
wire [QW-1:0] rw_qpn;
wire [15:0]   rw_idx;
wire [23:0]   rw_psn;
wire [31:0]   rw_off;
wire [23:0]   rw_bpos;

wire          una_valid, una_ready, una_read_done;
wire [QW-1:0] una_qpn;
wire [15:0]   una_idx;
wire [23:0]   una_psn, una_bpos;

wire          rdw_valid, rdw_ready;
wire [QW-1:0] rdw_qpn;
wire [23:0]   rdw_psn, rdw_msn;
wire [63:0]   rdw_addr;
wire [31:0]   rdw_len;
wire          rdw_dup;

wire          rq_desc_valid, rq_desc_ready;
wire [QW-1:0] rq_desc_qpn;
wire [7:0]    rq_desc_opcode;
wire [23:0]   rq_desc_psn;
wire [12:0]   rq_desc_len;
wire [63:0]   rq_desc_addr, rq_desc_va;
wire          rq_desc_sgl;
wire [1:0]    rq_desc_nsge_m1;
wire [31:0]   rq_desc_off;
wire [31:0]   rq_desc_rkey, rq_desc_rlen, rq_desc_aeth;
wire [31:0]   rq_desc_imm;

wire          ring_wr_en, ring_wr_read, ring_wr_signaled, ring_wr_lerr, ring_wr_send;
wire [POOL_LOG2-1:0] ring_wr_ptr, ring_wr_next;
wire [23:0]   ring_wr_last_psn, ring_wr_bpos;
wire          sndnxt_wr_epoch, una_loop, una_epoch;
wire [15:0]   sndnxt_wr_head;
wire [1:0]    sndnxt_wr_rewinds;
wire          sndnxt_wr_send, sndnxt_wr_sent;
wire          pool_valid, pool_ready, pool_init_done, pool_rd_en, pool_free_valid;
wire [POOL_LOG2-1:0] pool_ptr, pool_rd_ptr, pool_rd_next, pool_free_ptr;
wire [POOL_LOG2:0] pool_count;
wire [51:0]   pool_rd_data;
wire          sndnxt_wr_en;
wire [QW-1:0] sndnxt_wr_qpn;
wire [23:0]   sndnxt_wr_psn, sndnxt_wr_max;
wire [15:0]   sndnxt_wr_tail;
wire [23:0]   sndnxt_wr_bpos;
wire          rdq_valid, rdq_ready, rdq_flush;
wire [QW-1:0] rdq_qpn;
wire [23:0]   rdq_first_psn, rdq_last_psn;
wire [63:0]   rdq_laddr;
wire [12:0]   rdq_last_len;
wire [31:0]   st_rdq_full, st_rdq_pool, st_rdq_drop;

assign stat_rd_over = st_rdq_full;
assign stat_rd_pool = st_rdq_pool;
assign stat_rd_desc_lost = st_rdq_drop;

wire [31:0] st_req_idle, st_req_fenced, st_req_stale, st_req_pool, st_req_rderr;

wire [31:0] st_timeouts, st_rewinds, st_fatal, st_notify_drop;

// the responder's ACK/NAKs: from RX decide (rak_*) through the READ queue,
// which keeps them behind the QP's READ responses, to TX (ak_*)
wire          rak_valid, rak_ready, rak_int_valid;
wire [QW-1:0] rak_qpn;
wire [7:0]    rak_syn;
wire [23:0]   rak_psn, rak_msn;
wire [3:0]    rak_nhop;
wire [11:0]   rak_path;
wire [319:0]  rak_hops;
wire          ak_valid, ak_ready, ak_int_valid;
wire [QW-1:0] ak_qpn;
wire [7:0]    ak_syn;
wire [23:0]   ak_psn, ak_msn;
wire [3:0]    ak_nhop;
wire [11:0]   ak_path;
wire [319:0]  ak_hops;

/*
 * Register slices (ready registered too) on two streams into the send loop,
 * where its ready depends on the producer's valid through the other block's
 * logic: QP starts (the requester takes them ahead of its una stream) and
 * the completer's una events. Each adds a cycle of latency
 * (docs/performance.md, "The whole design in Yosys"); the TX descriptors
 * have one after the pick below. Not on RX decide's
 * READ work and ACKs: they leave one FIFO in order and the READ queue keeps
 * an ACK behind the READ work before it, so they cannot pass separate
 * slices.
 */
wire          inits_req_valid, inits_req_ready;
wire [QW-1:0] inits_req_qpn;
wire [23:0]   inits_req_psn;

hpnic_reg_slice #(.WIDTH(QW + 24), .SKID(1))
init_req_slice_inst (
    .clk(clk), .rst(rst),
    .s_valid(init_req_valid), .s_ready(init_req_ready), .s_data({init_req_qpn, init_req_psn}),
    .m_valid(inits_req_valid), .m_ready(inits_req_ready), .m_data({inits_req_qpn, inits_req_psn})
);

// the completer's una events: the requester's ready comes from its una
// buffer, which waits on the READ room and the state loop's take
wire          unas_valid, unas_ready, unas_read_done, unas_loop, unas_epoch;
wire [QW-1:0] unas_qpn;
wire [15:0]   unas_idx;
wire [23:0]   unas_psn, unas_bpos;

hpnic_reg_slice #(.WIDTH(QW + 16 + 24 + 24 + 3), .SKID(1))
una_slice_inst (
    .clk(clk), .rst(rst),
    .s_valid(una_valid), .s_ready(una_ready),
    .s_data({una_qpn, una_idx, una_psn, una_bpos, una_read_done, una_loop, una_epoch}),
    .m_valid(unas_valid), .m_ready(unas_ready),
    .m_data({unas_qpn, unas_idx, unas_psn, unas_bpos, unas_read_done, unas_loop, unas_epoch})
);

hpnic_send_loop #(
    .QPN_WIDTH(QW),
    .POOL_LOG2(POOL_LOG2),
    .RD_MAX_LOG2(RD_MAX_LOG2)
)
req_inst (
    .clk(clk),
    .rst(rst),
    .cfg_wr_en(cfg_qp_wr_en),
    .cfg_wr_qpn(cfg_qp_wr_qpn),
    .cfg_wr_mtu_log2(cfg_qp_wr_mtu_log2),
    .cfg_wr_max_rd(cfg_qp_wr_max_rd),
    .cfg_pkt_overhead(cfg_pkt_overhead),
    .s_init_valid(inits_req_valid),
    .s_init_ready(inits_req_ready),
    .s_init_qpn(inits_req_qpn),
    .s_init_psn(inits_req_psn),
    .m_cinit_valid(init_comp_valid),
    .m_cinit_ready(init_comp_ready),
    .m_cinit_qpn(init_comp_qpn),
    .m_cinit_psn(init_comp_psn),
    .m_cinit_rec_old(init_comp_rec_old),
    .m_cinit_spare(init_comp_spare),
    .m_cinit_epoch(init_comp_epoch),
    .m_cinit_clear(init_comp_clear),
    .s_pool_valid(pool_valid),
    .s_pool_ready(pool_ready),
    .s_pool_ptr(pool_ptr),
    .s_pool_count(pool_count),
    .s_pool_init_done(pool_init_done),
    .s_rewind_valid(rw_valid),
    .s_rewind_ready(rw_ready),
    .s_rewind_qpn(rw_qpn),
    .s_rewind_idx(rw_idx),
    .s_rewind_psn(rw_psn),
    .s_rewind_off(rw_off),
    .s_rewind_bpos(rw_bpos),
    .s_rewind_fatal(rw_fatal),
    .s_wqe_valid(s_wqe_valid),
    .s_wqe_ready(s_wqe_ready),
    .s_wqe_qpn(s_wqe_qpn),
    .s_wqe_idx(s_wqe_idx),
    .s_wqe_tag(s_wqe_tag),
    .s_wqe_read(s_wqe_read),
    .s_wqe_signaled(s_wqe_signaled),
    .s_wqe_len(s_wqe_len),
    .s_wqe_laddr(s_wqe_laddr),
    .s_wqe_sgl(s_wqe_sgl),
    .s_wqe_nsge_m1(s_wqe_nsge_m1),
    .s_wqe_raddr(s_wqe_raddr),
    .s_wqe_rkey(s_wqe_rkey),
    .s_wqe_send(s_wqe_send),
    .s_wqe_imm_valid(s_wqe_imm_valid),
    .s_wqe_imm(s_wqe_imm),
    .s_wqe_lerr(s_wqe_lerr),
    .s_rdwork_valid(rdw_valid),
    .s_rdwork_ready(rdw_ready),
    .s_rdwork_qpn(rdw_qpn),
    .s_rdwork_psn(rdw_psn),
    .s_rdwork_addr(rdw_addr),
    .s_rdwork_len(rdw_len),
    .s_rdwork_msn(rdw_msn),
    .s_rdwork_dup(rdw_dup),
    .s_ack_valid(rak_valid),
    .s_ack_ready(rak_ready),
    .s_ack_qpn(rak_qpn),
    .s_ack_syn(rak_syn),
    .s_ack_psn(rak_psn),
    .s_ack_msn(rak_msn),
    .s_ack_int_valid(rak_int_valid),
    .s_ack_int_nhop(rak_nhop),
    .s_ack_int_path(rak_path),
    .s_ack_int_hops(rak_hops),
    .m_ack_valid(ak_valid),
    .m_ack_ready(ak_ready),
    .m_ack_qpn(ak_qpn),
    .m_ack_syn(ak_syn),
    .m_ack_psn(ak_psn),
    .m_ack_msn(ak_msn),
    .m_ack_int_valid(ak_int_valid),
    .m_ack_int_nhop(ak_nhop),
    .m_ack_int_path(ak_path),
    .m_ack_int_hops(ak_hops),
    .s_una_valid(unas_valid),
    .s_una_ready(unas_ready),
    .s_una_qpn(unas_qpn),
    .s_una_idx(unas_idx),
    .s_una_psn(unas_psn),
    .s_una_bpos(unas_bpos),
    .s_una_read_done(unas_read_done),
    .s_una_loop(unas_loop),
    .s_una_epoch(unas_epoch),
    .s_post_valid(s_post_valid),
    .s_post_ready(s_post_ready),
    .s_post_qpn(s_post_qpn),
    .s_post_pi(s_post_pi),
    .s_pktsend_valid(s_pktsend_valid),
    .s_pktsend_ready(s_pktsend_ready),
    .s_pktsend_qpn(s_pktsend_qpn),
    .s_pktsend_len(s_pktsend_len),
    .m_desc_valid(rq_desc_valid),
    .m_desc_ready(rq_desc_ready),
    .m_desc_qpn(rq_desc_qpn),
    .m_desc_opcode(rq_desc_opcode),
    .m_desc_psn(rq_desc_psn),
    .m_desc_len(rq_desc_len),
    .m_desc_addr(rq_desc_addr),
    .m_desc_sgl(rq_desc_sgl),
    .m_desc_nsge_m1(rq_desc_nsge_m1),
    .m_desc_off(rq_desc_off),
    .m_desc_reth_va(rq_desc_va),
    .m_desc_reth_rkey(rq_desc_rkey),
    .m_desc_reth_len(rq_desc_rlen),
    .m_desc_aeth(rq_desc_aeth),
    .m_desc_imm(rq_desc_imm),
    .m_fetch_valid(m_fetch_valid),
    .m_fetch_ready(m_fetch_ready),
    .m_fetch_qpn(m_fetch_qpn),
    .m_fetch_idx(m_fetch_idx),
    .m_fetch_count(m_fetch_count),
    .m_fetch_tag(m_fetch_tag),
    .m_free_valid(m_free_valid),
    .m_free_ready(m_free_ready),
    .m_free_qpn(m_free_qpn),
    .m_free_bpos(m_free_sent),
    .m_work_valid(m_work_valid),
    .m_work_ready(m_work_ready),
    .m_work_qpn(m_work_qpn),
    .m_work_bytes(m_work_bytes),
    .ring_wr_en(ring_wr_en),
    .ring_wr_ptr(ring_wr_ptr),
    .ring_wr_next(ring_wr_next),
    .ring_wr_last_psn(ring_wr_last_psn),
    .ring_wr_read(ring_wr_read),
    .ring_wr_signaled(ring_wr_signaled),
    .ring_wr_lerr(ring_wr_lerr),
    .ring_wr_send(ring_wr_send),
    .ring_wr_bpos(ring_wr_bpos),
    .sndnxt_wr_en(sndnxt_wr_en),
    .sndnxt_wr_qpn(sndnxt_wr_qpn),
    .sndnxt_wr_psn(sndnxt_wr_psn),
    .sndnxt_wr_max(sndnxt_wr_max),
    .sndnxt_wr_tail(sndnxt_wr_tail),
    .sndnxt_wr_bpos(sndnxt_wr_bpos),
    .sndnxt_wr_epoch(sndnxt_wr_epoch),
    .sndnxt_wr_head(sndnxt_wr_head),
    .sndnxt_wr_rewinds(sndnxt_wr_rewinds),
    .sndnxt_wr_send(sndnxt_wr_send),
    .sndnxt_wr_sent(sndnxt_wr_sent),
    .m_rdq_valid(rdq_valid),
    .m_rdq_ready(rdq_ready),
    .m_rdq_flush(rdq_flush),
    .m_rdq_qpn(rdq_qpn),
    .m_rdq_first_psn(rdq_first_psn),
    .m_rdq_last_psn(rdq_last_psn),
    .m_rdq_laddr(rdq_laddr),
    .m_rdq_last_len(rdq_last_len),
    .stat_pktsend_idle(st_req_idle),
    .stat_read_fenced(st_req_fenced),
    .stat_pool_wait(st_req_pool),
    .stat_rdwork_err(st_req_rderr),
    .stat_wqe_stale(st_req_stale),
    .stat_rdq_full(st_rdq_full),
    .stat_rdq_pool(st_rdq_pool),
    .stat_ack_held(stat_ack_held)
);


hpnic_wqe_pool #(
    .POOL_LOG2(POOL_LOG2),
    .DATA_WIDTH(52)
)
pool_inst (
    .clk(clk),
    .rst(rst),
    .wr_en(ring_wr_en),
    .wr_ptr(ring_wr_ptr),
    .wr_data({ring_wr_send, ring_wr_lerr, ring_wr_last_psn, ring_wr_read, ring_wr_signaled, ring_wr_bpos}),
    .wr_next(ring_wr_next),
    .m_free_valid(pool_valid),
    .m_free_ready(pool_ready),
    .m_free_ptr(pool_ptr),
    .free_count(pool_count),
    .rd_en(pool_rd_en),
    .rd_ptr(pool_rd_ptr),
    .rd_data(pool_rd_data),
    .rd_next(pool_rd_next),
    .s_free_valid(pool_free_valid),
    .s_free_ptr(pool_free_ptr),
    .init_done(pool_init_done)
);

wire          cack_valid, cack_ready, cack_int_valid;
wire [QW-1:0] cack_qpn;
wire [2:0]    cack_kind;
wire [23:0]   cack_psn;
wire [4:0]    cack_rnr_timer;
wire [3:0]    cack_nhop;
wire [11:0]   cack_path;
wire [319:0]  cack_hops;

hpnic_comp #(
    .QPN_WIDTH(QW),
    .POOL_LOG2(POOL_LOG2),
    .TIME_SHIFT(TIME_SHIFT),
    .CLK_MHZ(CLK_MHZ)
)
comp_inst (
    .clk(clk),
    .rst(rst),
    .cfg_wr_en(cfg_qp_wr_en),
    .cfg_wr_qpn(cfg_qp_wr_qpn),
    .cfg_wr_mtu_log2(cfg_qp_wr_mtu_log2),
    .cfg_wr_rnr_retry(cfg_qp_wr_rnr_retry),
    .cfg_rto(cfg_rto),
    .cfg_pkt_overhead(cfg_pkt_overhead),
    .s_init_valid(init_comp_valid),
    .s_init_ready(init_comp_ready),
    .s_init_qpn(init_comp_qpn),
    .s_init_psn(init_comp_psn),
    .s_init_rec_old(init_comp_rec_old),
    .s_init_spare(init_comp_spare),
    .s_init_epoch(init_comp_epoch),
    .s_init_clear(init_comp_clear),
    .s_ack_valid(cack_valid),
    .s_ack_ready(cack_ready),
    .s_ack_qpn(cack_qpn),
    .s_ack_kind(cack_kind),
    .s_ack_psn(cack_psn),
    .s_ack_rnr_timer(cack_rnr_timer),
    .s_ack_int_valid(cack_int_valid),
    .s_ack_int_nhop(cack_nhop),
    .s_ack_int_path(cack_path),
    .s_ack_int_hops(cack_hops),
    .pool_rd_en(pool_rd_en),
    .pool_rd_ptr(pool_rd_ptr),
    .pool_rd_data(pool_rd_data),
    .pool_rd_next(pool_rd_next),
    .pool_free_valid(pool_free_valid),
    .pool_free_ptr(pool_free_ptr),
    .sndnxt_wr_en(sndnxt_wr_en),
    .sndnxt_wr_qpn(sndnxt_wr_qpn),
    .sndnxt_wr_psn(sndnxt_wr_psn),
    .sndnxt_wr_max(sndnxt_wr_max),
    .sndnxt_wr_tail(sndnxt_wr_tail),
    .sndnxt_wr_bpos(sndnxt_wr_bpos),
    .sndnxt_wr_epoch(sndnxt_wr_epoch),
    .sndnxt_wr_head(sndnxt_wr_head),
    .sndnxt_wr_rewinds(sndnxt_wr_rewinds),
    .sndnxt_wr_send(sndnxt_wr_send),
    .sndnxt_wr_sent(sndnxt_wr_sent),
    .m_cpl_valid(m_cpl_valid),
    .m_cpl_ready(m_cpl_ready),
    .m_cpl_qpn(m_cpl_qpn),
    .m_cpl_idx(m_cpl_idx),
    .m_cpl_status(m_cpl_status),
    .m_cpl_signaled(m_cpl_signaled),
    .m_rewind_valid(rw_valid),
    .m_rewind_ready(rw_ready),
    .m_rewind_qpn(rw_qpn),
    .m_rewind_idx(rw_idx),
    .m_rewind_psn(rw_psn),
    .m_rewind_off(rw_off),
    .m_rewind_bpos(rw_bpos),
    .m_rewind_fatal(rw_fatal),
    .m_una_valid(una_valid),
    .m_una_ready(una_ready),
    .m_una_qpn(una_qpn),
    .m_una_idx(una_idx),
    .m_una_psn(una_psn),
    .m_una_bpos(una_bpos),
    .m_una_read_done(una_read_done),
    .m_una_loop(una_loop),
    .m_una_epoch(una_epoch),
    .m_inflight_valid(m_inflight_valid),
    .m_inflight_ready(m_inflight_ready),
    .m_inflight_qpn(m_inflight_qpn),
    .m_inflight_acked(m_inflight_acked),
    .m_inflight_sent(m_inflight_sent),
    .m_notify_valid(m_notify_valid),
    .m_notify_ready(m_notify_ready),
    .m_notify_qpn(m_notify_qpn),
    .m_notify_ack_psn(m_notify_ack_psn),
    .m_notify_snd_nxt(m_notify_snd_nxt),
    .m_notify_nhop(m_notify_nhop),
    .m_notify_path(m_notify_path),
    .m_notify_hops(m_notify_hops),
    .stat_timeouts(st_timeouts),
    .stat_rewinds(st_rewinds),
    .stat_fatal(st_fatal),
    .stat_notify_dropped(st_notify_drop),
    .stat_rnr_naks(stat_rnr_naks),
    .stat_rnr_retry_exc(stat_rnr_retry_exc)
);

/*
 * TX: ACKs first, then CNPs, then the requester's packets, into the header
 * builder. A CNP is its responder QP's (the context gives the requester's
 * QPN), PSN 0, no payload
 */
wire          d_valid, d_ready;
wire          cnp_tx_valid;
wire [QW-1:0] cnp_tx_qpn;
wire          pick_ack = ak_valid;
wire          pick_cnp = !ak_valid && cnp_tx_valid;
wire          pick_ctl = ak_valid || cnp_tx_valid;
assign d_valid = ak_valid || cnp_tx_valid || rq_desc_valid;
assign ak_ready = d_ready && pick_ack;
wire   cnp_tx_ready = d_ready && pick_cnp;
assign rq_desc_ready = d_ready && !pick_ctl;

wire [511:0]  hdr_data_lo;
wire [927:0]  hdr_data;
wire [2:0]    hdr_cls;
wire          hdr_valid, hdr_ready;
wire [511:0]  view_data;
wire [31:0]   view_init;
wire          view_has_pay, view_valid, view_ready;
wire          pay_req_valid, pay_req_ready, pay_req_sgl;
wire [63:0]   pay_req_addr;
wire [12:0]   pay_req_len;
wire [1:0]    pay_req_nsge_m1;
wire [31:0]   pay_req_off;
wire [15:0]   pay_req_pd;
wire [511:0]  pay_tdata;
// the frame assembler takes the byte count; tkeep is for the gather's test
// verilator lint_off UNUSEDSIGNAL
wire [63:0]   pay_tkeep;
// verilator lint_on UNUSEDSIGNAL
wire [6:0]    pay_tbytes;
wire          pay_tvalid, pay_tready, pay_tlast, pay_tuser;

// the picked descriptor into the header builder through a register slice:
// the builder reads the QP's context on valid, so its ready would run back
// through the pick into the requester's descriptor FIFO and the READ
// queue's ACK marks. One slice after the pick keeps their order: an ACK
// held behind a READ's responses (the READ queue releases it once the last
// response is taken here) cannot pass them
wire          td_valid, td_ready;
wire [QW-1:0] td_qpn;
wire [7:0]    td_opcode;
wire [23:0]   td_psn;
wire [12:0]   td_len;
wire [63:0]   td_addr;
wire          td_sgl;
wire [1:0]    td_nsge_m1;
wire [31:0]   td_off;
wire [63:0]   td_reth_va;
wire [31:0]   td_reth_rkey;
wire [31:0]   td_reth_len;
wire [31:0]   td_aeth;
wire [31:0]   td_imm;
wire          td_int_valid;
wire [3:0]    td_int_nhop;
wire [11:0]   td_int_path;
wire [319:0]  td_int_hops;
localparam TD_W = QW + 8 + 24 + 13 + 64 + 1 + 2 + 32 + 64 + 32 + 32 + 32 + 32 + 1 + 4 + 12 + 320;

hpnic_reg_slice #(.WIDTH(TD_W), .SKID(1))
tx_desc_slice_inst (
    .clk(clk), .rst(rst),
    .s_valid(d_valid), .s_ready(d_ready),
    .s_data({pick_ack ? ak_qpn : pick_cnp ? cnp_tx_qpn : rq_desc_qpn,
             pick_ack ? HPNIC_BTH_OP_ACK : pick_cnp ? HPNIC_BTH_OP_CNP : rq_desc_opcode,
             pick_ack ? ak_psn : pick_cnp ? 24'd0 : rq_desc_psn,
             pick_ctl ? 13'd0 : rq_desc_len,
             rq_desc_addr,
             !pick_ctl && rq_desc_sgl,
             rq_desc_nsge_m1,
             rq_desc_off,
             rq_desc_va,
             rq_desc_rkey,
             rq_desc_rlen,
             pick_ack ? {ak_syn, ak_msn} : rq_desc_aeth,
             rq_desc_imm,
             pick_ack && ak_int_valid,
             ak_nhop,
             ak_path,
             ak_hops}),
    .m_valid(td_valid), .m_ready(td_ready),
    .m_data({td_qpn, td_opcode, td_psn, td_len, td_addr, td_sgl, td_nsge_m1, td_off, td_reth_va, td_reth_rkey, td_reth_len, td_aeth, td_imm, td_int_valid, td_int_nhop, td_int_path, td_int_hops})
);

hpnic_tx_hdr #(
    .QPN_WIDTH(QW)
)
tx_hdr_inst (
    .clk(clk),
    .rst(rst),
    .cfg_src_mac(cfg_mac),
    .cfg_src_ip(cfg_ip),
    .cfg_int_enable(cfg_int_enable),
    .cfg_int_port(cfg_int_port),
    .cfg_ack_req_log2(cfg_ack_req_log2),
    .cfg_qp_wr_en(cfg_qp_wr_en),
    .cfg_qp_wr_qpn(cfg_qp_wr_qpn),
    .cfg_qp_wr_dqpn(cfg_qp_wr_dqpn),
    .cfg_qp_wr_dmac(cfg_qp_wr_dmac),
    .cfg_qp_wr_dip(cfg_qp_wr_dip),
    .cfg_qp_wr_sport(cfg_qp_wr_sport),
    .cfg_qp_wr_pd(cfg_qp_wr_pd),
    .cfg_qp_wr_dscp_ecn(cfg_qp_wr_dscp_ecn),
    .cfg_qp_wr_cc_mode(cfg_qp_wr_cc_mode),
    .s_desc_valid(td_valid),
    .s_desc_ready(td_ready),
    .s_desc_qpn(td_qpn),
    .s_desc_opcode(td_opcode),
    .s_desc_psn(td_psn),
    .s_desc_len(td_len),
    .s_desc_addr(td_addr),
    .s_desc_sgl(td_sgl),
    .s_desc_nsge_m1(td_nsge_m1),
    .s_desc_off(td_off),
    .s_desc_reth_va(td_reth_va),
    .s_desc_reth_rkey(td_reth_rkey),
    .s_desc_reth_len(td_reth_len),
    .s_desc_aeth(td_aeth),
    .s_desc_imm(td_imm),
    .s_desc_int_valid(td_int_valid),
    .s_desc_int_nhop(td_int_nhop),
    .s_desc_int_path(td_int_path),
    .s_desc_int_hops(td_int_hops),
    .m_hdr_valid(hdr_valid),
    .m_hdr_ready(hdr_ready),
    .m_hdr_data(hdr_data),
    .m_hdr_cls(hdr_cls),
    .m_view_valid(view_valid),
    .m_view_ready(view_ready),
    .m_view_data(view_data),
    .m_view_crc_init(view_init),
    .m_view_has_payload(view_has_pay),
    .m_dma_rd_valid(pay_req_valid),
    .m_dma_rd_ready(pay_req_ready),
    .m_dma_rd_addr(pay_req_addr),
    .m_dma_rd_len(pay_req_len),
    .m_dma_rd_sgl(pay_req_sgl),
    .m_dma_rd_nsge_m1(pay_req_nsge_m1),
    .m_dma_rd_off(pay_req_off),
    .m_dma_rd_pd(pay_req_pd)
);

// payload requests to DMA reads, and their data to each packet's payload;
// the reads' NIC addresses become IO addresses on the way out
wire          gat_rd_valid, gat_rd_ready;
wire [63:0]   gat_rd_addr;
wire [12:0]   gat_rd_len;



hpnic_tx_gather #(
    .MR_LOG2(MR_LOG2)
)
tx_gather_inst (
    .clk(clk),
    .rst(rst),
    .cfg_mr_wr_en(cfg_mr_wr_en),
    .cfg_mr_wr_idx(cfg_mr_wr_idx),
    .cfg_mr_wr_valid(cfg_mr_wr_valid),
    .cfg_mr_wr_tag(cfg_mr_wr_tag),
    .cfg_mr_wr_va(cfg_mr_wr_va),
    .cfg_mr_wr_len(cfg_mr_wr_len),
    .cfg_mr_wr_iova(cfg_mr_wr_iova),
    .cfg_mr_wr_pd(cfg_mr_wr_pd),
    .s_req_valid(pay_req_valid),
    .s_req_ready(pay_req_ready),
    .s_req_addr(pay_req_addr),
    .s_req_len(pay_req_len),
    .s_req_sgl(pay_req_sgl),
    .s_req_nsge_m1(pay_req_nsge_m1),
    .s_req_off(pay_req_off),
    .s_req_pd(pay_req_pd),
    .m_dma_rd_valid(gat_rd_valid),
    .m_dma_rd_ready(gat_rd_ready),
    .m_dma_rd_addr(gat_rd_addr),
    .m_dma_rd_len(gat_rd_len),
    .s_dma_tdata(s_dma_rd_tdata),
    .s_dma_tkeep(s_dma_rd_tkeep),
    .s_dma_tvalid(s_dma_rd_tvalid),
    .s_dma_tready(s_dma_rd_tready),
    .s_dma_tlast(s_dma_rd_tlast),
    .s_dma_tuser(s_dma_rd_tuser),
    .m_pay_tdata(pay_tdata),
    .m_pay_tkeep(pay_tkeep),
    .m_pay_tbytes(pay_tbytes),
    .m_pay_tvalid(pay_tvalid),
    .m_pay_tready(pay_tready),
    .m_pay_tlast(pay_tlast),
    .m_pay_tuser(pay_tuser),
    .stat_sgl_pkts(stat_sgl_pkts),
    .stat_pieces(stat_sgl_pieces),
    .stat_short(stat_sgl_short),
    .stat_lkey_err(stat_sgl_lkey_err)
);

assign hdr_data_lo = hdr_data[511:0];

hpnic_tx_frame
tx_frame_inst (
    .clk(clk),
    .rst(rst),
    .s_hdr_valid(hdr_valid),
    .s_hdr_ready(hdr_ready),
    .s_hdr_data(hdr_data),
    .s_hdr_cls(hdr_cls),
    .s_view_valid(view_valid),
    .s_view_ready(view_ready),
    .s_view_data(view_data),
    .s_view_crc_init(view_init),
    .s_view_has_payload(view_has_pay),
    .s_pay_tdata(pay_tdata),
    .s_pay_tbytes(pay_tbytes),
    .s_pay_tvalid(pay_tvalid),
    .s_pay_tready(pay_tready),
    .s_pay_tlast(pay_tlast),
    .s_pay_tuser(pay_tuser),
    .m_tdata(m_tx_tdata),
    .m_tkeep(m_tx_tkeep),
    .m_tvalid(m_tx_tvalid),
    .m_tready(m_tx_tready),
    .m_tlast(m_tx_tlast)
);

/*
 * RX
 */
wire          fr_valid, fr_ready, fr_last;
wire [511:0]  fr_data;
wire          in_valid, in_ready, in_int, in_icrc_bad;
wire [927:0]  in_hdr;
wire [6:0]    in_hl;
wire [15:0]   in_ip_len;
wire [12:0]   in_pay_len;
wire [1:0]    in_pad;
wire [31:0]   st_rx_frames, st_mac_err, st_full, st_long, st_etype, st_notours, st_iphdr,
              st_ipcsum, st_frag, st_notudp, st_port, st_udplen, st_iplen, st_int, st_opcode,
              st_tver, st_qpn, st_paylen, st_icrc;

hpnic_rx_in #(
    .QPN_WIDTH(QW)
)
rx_in_inst (
    .clk(clk),
    .rst(rst),
    .cfg_mac(cfg_mac),
    .cfg_ip(cfg_ip),
    .cfg_int_enable(cfg_int_enable),
    .cfg_int_port(cfg_int_port),
    .s_tdata(s_rx_tdata),
    .s_tkeep(s_rx_tkeep),
    .s_tvalid(s_rx_tvalid),
    .s_tlast(s_rx_tlast),
    .s_tuser(s_rx_tuser),
    .m_frame_tvalid(fr_valid),
    .m_frame_tready(fr_ready),
    .m_frame_tdata(fr_data),
    .m_frame_tlast(fr_last),
    .m_info_valid(in_valid),
    .m_info_ready(in_ready),
    .m_info_hdr(in_hdr),
    .m_info_hl(in_hl),
    .m_info_ip_len(in_ip_len),
    .m_info_pay_len(in_pay_len),
    .m_info_pad(in_pad),
    .m_info_int(in_int),
    .m_info_icrc_bad(in_icrc_bad),
    .stat_frames(st_rx_frames),
    .stat_mac_err(st_mac_err),
    .stat_full(st_full),
    .stat_too_long(st_long),
    .stat_eth_type(st_etype),
    .stat_not_ours(st_notours),
    .stat_ip_hdr(st_iphdr),
    .stat_ip_csum(st_ipcsum),
    .stat_ip_frag(st_frag),
    .stat_not_udp(st_notudp),
    .stat_udp_port(st_port),
    .stat_udp_len(st_udplen),
    .stat_ip_len(st_iplen),
    .stat_int(st_int),
    .stat_opcode(st_opcode),
    .stat_tver(st_tver),
    .stat_qpn(st_qpn),
    .stat_pay_len(st_paylen)
);

wire          pk_valid, pk_ready, pk_drop, pk_has_pay, pk_int;
wire [QW-1:0] pk_qpn;
wire [7:0]    pk_opcode, pk_syn;
wire [1:0]    pk_ecn;
wire          pk_imm_valid;
wire [31:0]   pk_imm;
wire [23:0]   pk_psn;
wire          pk_ack_req;
wire [12:0]   pk_len;
wire [63:0]   pk_va;
wire [31:0]   pk_rkey, pk_rlen;
wire [3:0]    pk_nhop;
wire [11:0]   pk_path;
wire [319:0]  pk_hops;
wire [511:0]  pay_data;
wire [63:0]   pay_keep;
wire          pay_valid, pay_ready, pay_last;

hpnic_rx_extract #(
    .QPN_WIDTH(QW)
)
rx_extract_inst (
    .clk(clk),
    .rst(rst),
    .s_frame_tvalid(fr_valid),
    .s_frame_tready(fr_ready),
    .s_frame_tdata(fr_data),
    .s_frame_tlast(fr_last),
    .s_info_valid(in_valid),
    .s_info_ready(in_ready),
    .s_info_hdr(in_hdr),
    .s_info_hl(in_hl),
    .s_info_ip_len(in_ip_len),
    .s_info_pay_len(in_pay_len),
    .s_info_pad(in_pad),
    .s_info_int(in_int),
    .s_info_icrc_bad(in_icrc_bad),
    .m_pkt_valid(pk_valid),
    .m_pkt_ready(pk_ready),
    .m_pkt_drop(pk_drop),
    .m_pkt_has_payload(pk_has_pay),
    .m_pkt_qpn(pk_qpn),
    .m_pkt_opcode(pk_opcode),
    .m_pkt_ecn(pk_ecn),
    .m_pkt_psn(pk_psn),
    .m_pkt_ack_req(pk_ack_req),
    .m_pkt_len(pk_len),
    .m_pkt_reth_va(pk_va),
    .m_pkt_reth_rkey(pk_rkey),
    .m_pkt_reth_len(pk_rlen),
    .m_pkt_aeth_syn(pk_syn),
    .m_pkt_imm_valid(pk_imm_valid),
    .m_pkt_imm(pk_imm),
    .m_pkt_int_valid(pk_int),
    .m_pkt_int_nhop(pk_nhop),
    .m_pkt_int_path(pk_path),
    .m_pkt_int_hops(pk_hops),
    .m_pay_tvalid(pay_valid),
    .m_pay_tready(pay_ready),
    .m_pay_tdata(pay_data),
    .m_pay_tkeep(pay_keep),
    .m_pay_tlast(pay_last),
    .stat_icrc(st_icrc)
);

/*
 * DCQCN's notification point, and CNPs received. A CE-marked request goes to
 * RX decide (it is handled as any other) and to the NP; a CNP only to the
 * NP. A packet that goes to both is taken when both can take it
 */
wire dec_pk_valid, dec_pk_ready, np_valid, np_ready;
wire pk_is_cnp = pk_opcode == HPNIC_BTH_OP_CNP;
wire pk_ce_req = pk_ecn == 2'b11 && pk_opcode <= HPNIC_BTH_OP_READ_REQ && !pk_drop;
wire pk_to_np = pk_is_cnp || pk_ce_req;

assign dec_pk_valid = pk_valid && !pk_is_cnp && (!pk_to_np || np_ready);
assign np_valid = pk_valid && pk_to_np && (pk_is_cnp || dec_pk_ready);
assign pk_ready = (pk_is_cnp || dec_pk_ready) && (!pk_to_np || np_ready);

always @(posedge clk) begin
    stat_ce_rx <= stat_ce_rx + {31'd0, pk_valid && pk_ready && pk_ecn == 2'b11};
    if (rst) begin
        stat_ce_rx <= 0;
    end
end

// verilator lint_off UNUSEDSIGNAL
wire np_init_done;      // the sweep holds CE marks and CNPs back meanwhile
// verilator lint_on UNUSEDSIGNAL

hpnic_rx_cnp #(
    .QPN_WIDTH(QW)
)
rx_cnp_inst (
    .clk(clk),
    .rst(rst),
    .cfg_qp_wr_en(cfg_qp_wr_en),
    .cfg_qp_wr_qpn(cfg_qp_wr_qpn),
    .cfg_qp_wr_state(cfg_qp_wr_state),
    .cfg_min_time_us(cfg_np_min_time_us),
    .now_us(now_us),
    .s_valid(np_valid),
    .s_ready(np_ready),
    .s_qpn(pk_qpn),
    .s_cnp(pk_is_cnp),
    .s_drop(pk_drop),
    .m_tx_valid(cnp_tx_valid),
    .m_tx_ready(cnp_tx_ready),
    .m_tx_qpn(cnp_tx_qpn),
    .m_rx_valid(m_cnp_valid),
    .m_rx_ready(m_cnp_ready),
    .m_rx_qpn(m_cnp_qpn),
    .init_done(np_init_done),
    .stat_cnp_sent(stat_cnp_sent),
    .stat_cnp_suppressed(stat_cnp_suppressed),
    .stat_cnp_rx(stat_cnp_rx),
    .stat_cnp_drop(stat_cnp_drop)
);

wire          cm_valid, cm_ready, cm_cack;
wire [1:0]    cm_pay;
wire [63:0]   cm_addr;
wire [12:0]   cm_len;
wire [QW+3+24+5+1+336-1:0] cm_cack_data;
wire [15:0]   cm_done;
wire [31:0]   st_badqp, st_dup, st_oos, st_nakseq, st_acc, st_len, st_stray, st_gap,
              st_writes, st_reads;

/*
 * Asynchronous events, one stream to the host: the responder's failures
 * (RX decide) and the send side's (a fatal rewind, taken off the rewind
 * stream as the requester takes it). The send side's go first, so their
 * queue never holds more than one
 */
wire          ev_rx_valid, ev_rx_ready, ev_fatal_valid;
wire [QW-1:0] ev_rx_qpn, ev_fatal_qpn;
wire [3:0]    ev_rx_type;
// verilator lint_off UNUSEDSIGNAL
wire          ev_fatal_in_ready;
wire [4:0]    ev_fatal_count;
// verilator lint_on UNUSEDSIGNAL

hpnic_fifo #(.DEPTH_LOG2(4), .WIDTH(QW))
ev_fatal_fifo_inst (
    .clk(clk), .rst(rst),
    .s_valid(rw_valid && rw_ready && rw_fatal), .s_ready(ev_fatal_in_ready), .s_data(rw_qpn),
    .m_valid(ev_fatal_valid), .m_ready(m_event_ready), .m_data(ev_fatal_qpn),
    .count(ev_fatal_count)
);

assign m_event_valid = ev_fatal_valid || ev_rx_valid;
assign m_event_qpn = ev_fatal_valid ? ev_fatal_qpn : ev_rx_qpn;
assign m_event_type = ev_fatal_valid ? HPNIC_ASYNC_EVENT_QP_FATAL[3:0] : ev_rx_type;
assign ev_rx_ready = m_event_ready && !ev_fatal_valid;


hpnic_rx_decision #(
    .QPN_WIDTH(QW),
    .MR_LOG2(MR_LOG2),
    .RD_MAX_LOG2(RD_MAX_LOG2)
)
rx_decide_inst (
    .clk(clk),
    .rst(rst),
    .s_rdq_valid(rdq_valid),
    .s_rdq_ready(rdq_ready),
    .s_rdq_flush(rdq_flush),
    .s_rdq_qpn(rdq_qpn),
    .s_rdq_first_psn(rdq_first_psn),
    .s_rdq_last_psn(rdq_last_psn),
    .s_rdq_laddr(rdq_laddr),
    .s_rdq_last_len(rdq_last_len),
    .s_rwqe_valid(s_rwqe_valid),
    .s_rwqe_ready(s_rwqe_ready),
    .s_rwqe_qpn(s_rwqe_qpn),
    .s_rwqe_flush(s_rwqe_flush),
    .s_rwqe_addr(s_rwqe_addr),
    .s_rwqe_len(s_rwqe_len),
    .s_rwqe_lerr(s_rwqe_lerr),
    .s_rwqe_epoch(s_rwqe_epoch),
    .cfg_qp_wr_en(cfg_qp_wr_en),
    .cfg_qp_wr_qpn(cfg_qp_wr_qpn),
    .cfg_qp_wr_state(cfg_qp_wr_state),
    .cfg_qp_wr_mtu_log2(cfg_qp_wr_mtu_log2),
    .cfg_qp_wr_pd(cfg_qp_wr_pd),
    .cfg_qp_wr_min_rnr(cfg_qp_wr_min_rnr),
    .cfg_mr_wr_en(cfg_mr_wr_en),
    .cfg_mr_wr_idx(cfg_mr_wr_idx),
    .cfg_mr_wr_valid(cfg_mr_wr_valid),
    .cfg_mr_wr_tag(cfg_mr_wr_tag),
    .cfg_mr_wr_access(cfg_mr_wr_access),
    .cfg_mr_wr_va(cfg_mr_wr_va),
    .cfg_mr_wr_len(cfg_mr_wr_len),
    .cfg_mr_wr_iova(cfg_mr_wr_iova),
    .cfg_mr_wr_pd(cfg_mr_wr_pd),
    .s_init_valid(init_rx_valid),
    .s_init_ready(init_rx_ready),
    .s_init_qpn(init_rx_qpn),
    .s_init_epsn(init_rx_psn),
    .s_pkt_valid(dec_pk_valid),
    .s_pkt_ready(dec_pk_ready),
    .s_pkt_drop(pk_drop),
    .s_pkt_has_payload(pk_has_pay),
    .s_pkt_qpn_ok(1'b1),
    .s_pkt_qpn(pk_qpn),
    .s_pkt_opcode(pk_opcode),
    .s_pkt_psn(pk_psn),
    .s_pkt_ack_req(pk_ack_req),
    .s_pkt_len(pk_len),
    .s_pkt_reth_va(pk_va),
    .s_pkt_reth_rkey(pk_rkey),
    .s_pkt_reth_len(pk_rlen),
    .s_pkt_aeth_syn(pk_syn),
    .s_pkt_imm_valid(pk_imm_valid),
    .s_pkt_imm(pk_imm),
    .s_pkt_int_valid(pk_int),
    .s_pkt_int_nhop(pk_nhop),
    .s_pkt_int_path(pk_path),
    .s_pkt_int_hops(pk_hops),
    .m_commit_valid(cm_valid),
    .m_commit_ready(cm_ready),
    .commit_done(cm_done),
    .m_commit_pay(cm_pay),
    .m_commit_addr(cm_addr),
    .m_commit_len(cm_len),
    .m_commit_cack(cm_cack),
    .m_commit_cack_qpn(cm_cack_data[QW+3+24+5+1+336-1 -: QW]),
    .m_commit_cack_kind(cm_cack_data[3+24+5+1+336-1 -: 3]),
    .m_commit_cack_psn(cm_cack_data[24+5+1+336-1 -: 24]),
    .m_commit_cack_rnr_timer(cm_cack_data[5+1+336-1 -: 5]),
    .m_commit_cack_int_valid(cm_cack_data[336]),
    .m_commit_cack_int_nhop(cm_cack_data[335:332]),
    .m_commit_cack_int_path(cm_cack_data[331:320]),
    .m_commit_cack_int_hops(cm_cack_data[319:0]),
    .m_ack_valid(rak_valid),
    .m_ack_ready(rak_ready),
    .m_ack_qpn(rak_qpn),
    .m_ack_syn(rak_syn),
    .m_ack_psn(rak_psn),
    .m_ack_msn(rak_msn),
    .m_ack_int_valid(rak_int_valid),
    .m_ack_int_nhop(rak_nhop),
    .m_ack_int_path(rak_path),
    .m_ack_int_hops(rak_hops),
    .m_rdwork_valid(rdw_valid),
    .m_rdwork_ready(rdw_ready),
    .m_rdwork_qpn(rdw_qpn),
    .m_rdwork_psn(rdw_psn),
    .m_rdwork_addr(rdw_addr),
    .m_rdwork_len(rdw_len),
    .m_rdwork_msn(rdw_msn),
    .m_rdwork_dup(rdw_dup),
    .m_rcpl_valid(m_rcpl_valid),
    .m_rcpl_ready(m_rcpl_ready),
    .m_rcpl_qpn(m_rcpl_qpn),
    .m_rcpl_idx(m_rcpl_idx),
    .m_rcpl_status(m_rcpl_status),
    .m_rcpl_wimm(m_rcpl_wimm),
    .m_rcpl_byte_len(m_rcpl_byte_len),
    .m_rcpl_imm_valid(m_rcpl_imm_valid),
    .m_rcpl_imm(m_rcpl_imm),
    .m_rcpl_epoch(m_rcpl_epoch),
    .m_event_valid(ev_rx_valid),
    .m_event_ready(ev_rx_ready),
    .m_event_qpn(ev_rx_qpn),
    .m_event_type(ev_rx_type),
    .stat_bad_qp(st_badqp),
    .stat_psn_dup(st_dup),
    .stat_psn_oos(st_oos),
    .stat_nak_seq(st_nakseq),
    .stat_access_err(st_acc),
    .stat_len_err(st_len),
    .stat_resp_stray(st_stray),
    .stat_resp_gap(st_gap),
    .stat_writes(st_writes),
    .stat_reads(st_reads),
    .stat_rnr_naks(stat_rnr_sent),
    .stat_recv_cpl(stat_recv_cpl),
    .stat_recv_err(stat_recv_err),
    .stat_ack_coalesced(stat_ack_coalesced),
    .stat_rdq_drop(st_rdq_drop),
    .stat_rwqe_drop(stat_rwqe_drop)
);

// the write commands' NIC addresses become IO addresses on the way out
wire          com_wr_valid, com_wr_ready;
wire [63:0]   com_wr_addr;
wire [12:0]   com_wr_len;

// through a skid slice: the channel's ready follows the DMA write mux's,
// and commit's issue, and with it the pop of RX decide's queue, followed
// both (9 LUT levels in the whole core's run)
wire          mtt_wr_valid, mtt_wr_ready;
wire [63:0]   mtt_wr_addr;
wire [12:0]   mtt_wr_len;

hpnic_reg_slice #(.WIDTH(64 + 13), .SKID(1))
com_wr_slice_inst (
    .clk(clk), .rst(rst),
    .s_valid(com_wr_valid), .s_ready(com_wr_ready), .s_data({com_wr_addr, com_wr_len}),
    .m_valid(mtt_wr_valid), .m_ready(mtt_wr_ready), .m_data({mtt_wr_addr, mtt_wr_len})
);

// the memory translation table: channel A for the gather's reads, B for
// commit's writes
hpnic_mtt #(
    .MTT_LOG2(MTT_LOG2)
)
mtt_inst (
    .clk(clk),
    .rst(rst),
    .cfg_mtt_wr_en(cfg_mtt_wr_en),
    .cfg_mtt_wr_idx(cfg_mtt_wr_idx),
    .cfg_mtt_wr_frame(cfg_mtt_wr_frame),
    .s_a_valid(gat_rd_valid),
    .s_a_ready(gat_rd_ready),
    .s_a_addr(gat_rd_addr),
    .s_a_len(gat_rd_len),
    .m_a_valid(m_dma_rd_valid),
    .m_a_ready(m_dma_rd_ready),
    .m_a_addr(m_dma_rd_addr),
    .m_a_len(m_dma_rd_len),
    .s_b_valid(mtt_wr_valid),
    .s_b_ready(mtt_wr_ready),
    .s_b_addr(mtt_wr_addr),
    .s_b_len(mtt_wr_len),
    .m_b_valid(m_dma_wr_cmd_valid),
    .m_b_ready(m_dma_wr_cmd_ready),
    .m_b_addr(m_dma_wr_cmd_addr),
    .m_b_len(m_dma_wr_cmd_len)
);

hpnic_rx_commit #(
    .QPN_WIDTH(QW)
)
rx_commit_inst (
    .clk(clk),
    .rst(rst),
    .s_commit_valid(cm_valid),
    .s_commit_ready(cm_ready),
    .s_commit_pay(cm_pay),
    .s_commit_addr(cm_addr),
    .s_commit_len(cm_len),
    .s_commit_cack(cm_cack),
    .s_commit_cack_data(cm_cack_data),
    .s_pay_tdata(pay_data),
    .s_pay_tkeep(pay_keep),
    .s_pay_tvalid(pay_valid),
    .s_pay_tready(pay_ready),
    .s_pay_tlast(pay_last),
    .m_dma_wr_cmd_valid(com_wr_valid),
    .m_dma_wr_cmd_ready(com_wr_ready),
    .m_dma_wr_cmd_addr(com_wr_addr),
    .m_dma_wr_cmd_len(com_wr_len),
    .m_dma_wr_tdata(m_dma_wr_tdata),
    .m_dma_wr_tkeep(m_dma_wr_tkeep),
    .m_dma_wr_tvalid(m_dma_wr_tvalid),
    .m_dma_wr_tready(m_dma_wr_tready),
    .m_dma_wr_tlast(m_dma_wr_tlast),
    .done_count(cm_done),
    .m_cack_valid(cack_valid),
    .m_cack_ready(cack_ready),
    .m_cack_data({cack_qpn, cack_kind, cack_psn, cack_rnr_timer, cack_int_valid, cack_nhop, cack_path,
                  cack_hops})
);

/*
 * Counters, in the order of docs/transport.md
 */
assign stats = {
    st_rx_frames, st_mac_err, st_full, st_long, st_etype, st_notours, st_iphdr, st_ipcsum,
    st_frag, st_notudp, st_port, st_udplen, st_iplen, st_int, st_opcode, st_tver,
    st_qpn, st_paylen, st_icrc, st_badqp, st_dup, st_oos, st_nakseq, st_acc,
    st_len, st_stray, st_gap, st_writes, st_reads, st_timeouts, st_rewinds, st_fatal
};

// verilator lint_off UNUSEDSIGNAL
wire [159:0] unused_stats = {st_req_idle, st_req_fenced, st_req_stale, st_req_pool, st_req_rderr};
wire [31:0] unused_notify = st_notify_drop;
wire [511:0] unused_hdr = hdr_data_lo;
// verilator lint_on UNUSEDSIGNAL

endmodule

`resetall
