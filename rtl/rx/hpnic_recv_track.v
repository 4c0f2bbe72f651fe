// SPDX-License-Identifier: MIT
/*
 * RC responder, receive WQEs: which receive buffer the QP's next SEND (or
 * RDMA WRITE with immediate) takes.
 *
 * The host interface prefetches each QP's receive WQEs from its receive
 * queue (hpnic_host_rq) as the QP's buffer address in NIC form, its length
 * and whether its L_Key check failed, and a flush when the QP is reset.
 * They wait in a per-QP queue in a pool shared by every QP, the oldest four
 * in four slots read side by side (hpnic_qp_slots), so the WQE a message
 * takes is at hand the cycle its first packet is decided, and the next
 * message's is too.
 *
 * This block keeps, per QP, which WQE is next (its gen, and its index in the
 * receive queue, counted since the QP's reset) and whether it is in its
 * slot. RX decide carries every packet through its loop and plugs this in at
 * the same two stages as the READ tracking: look-up at stage 1, at stage 2
 * the awaited WQE and, when a message is done with it (completed, or failed),
 * consume, which moves on to the next WQE and lets the queue refill the slot.
 * A SEND keeps the same WQE from its FIRST to its LAST packet: gen moves only
 * when it ends.
 *
 * A QP reset flushes the queue (every slot then carries a new epoch), and
 * the responder's init (START_RQ, its RTR) starts the count again at WQE 0;
 * the receive WQEs the host posted while the QP was in INIT are kept. The
 * flush must come first: the host sends it as the QP goes to RESET, tens of
 * cycles before the queue has it, and the driver's START_RQ follows
 * microseconds later. (A START_RQ without a reset before it would start
 * again at WQE 0 of WQEs already used.)
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_recv_track #(
    // QPN bits
    parameter QPN_WIDTH = 12,
    // log2 of the receive WQE queue's entries, shared by every QP
    parameter POOL_LOG2 = 10,
    // log2 of the receive WQEs a QP may have prefetched
    parameter LIMIT_LOG2 = 4
) (
    input  wire                  clk,
    input  wire                  rst,

    /*
     * Receive WQEs from the host interface, and flushes
     */
    input  wire                  s_rwqe_valid,
    output wire                  s_rwqe_ready,
    input  wire [QPN_WIDTH-1:0]  s_rwqe_qpn,
    input  wire                  s_rwqe_flush,      // the QP was reset: every WQE is gone
    input  wire [63:0]           s_rwqe_addr,       // NIC address of the buffer
    input  wire [31:0]           s_rwqe_len,
    input  wire                  s_rwqe_lerr,       // its L_Key check failed
    input  wire [3:0]            s_rwqe_epoch,      // the host's RQ epoch, for its completion

    /*
     * Stage 1: look the QP up
     */
    input  wire                  lk_valid,
    input  wire [QPN_WIDTH-1:0]  lk_qpn,

    /*
     * Stage 2: the awaited WQE, and what the decision did with it
     */
    input  wire                  ev_init,           // the responder starts (START_RQ)
    input  wire [12:0]           len,               // the packet's payload bytes
    input  wire                  consume,           // a message is done with the awaited WQE
    output wire                  avail,             // the awaited WQE is in its slot
    output wire                  len_ok,            // ... and holds len bytes
    output wire [63:0]           wqe_addr,
    output wire [31:0]           wqe_len,
    output wire                  wqe_lerr,
    output wire [15:0]           wqe_idx,           // its receive-queue index (mod 2^16)
    output wire [3:0]            wqe_epoch,         // the host's RQ epoch it came with

    output wire [31:0]           stat_drop          // WQEs lost (never while the host keeps its limit)
);

localparam QW = QPN_WIDTH;
localparam DW = 4 + 64 + 32 + 1;

wire          q_push_ready, q_flush_ready;
wire [3:0]    slv_valid;
// verilator lint_off UNUSEDSIGNAL
wire [15:0]   slv_epoch;                // every slot carries the QP's epoch: slot 0's is read
// verilator lint_on UNUSEDSIGNAL
wire [15:0]   slv_gen;
wire [4*DW-1:0] slv_data, slv_ram_data;
wire [3:0]    slv_fwd;
// verilator lint_off UNUSEDSIGNAL
wire [DW-1:0] fwd_data;                 // its length only
// verilator lint_on UNUSEDSIGNAL
wire [7:0]    done_tag;

assign s_rwqe_ready = s_rwqe_flush ? q_flush_ready : q_push_ready;

hpnic_qp_slots #(
    .QPN_WIDTH(QW),
    .DATA_WIDTH(DW),
    .KEY_WIDTH(1),
    .POOL_LOG2(POOL_LOG2),
    .LIMIT_LOG2(LIMIT_LOG2)
)
slots_inst (
    .clk(clk),
    .rst(rst),
    .s_push_valid(s_rwqe_valid && !s_rwqe_flush),
    .s_push_ready(q_push_ready),
    .s_push_qpn(s_rwqe_qpn),
    .s_push_data({s_rwqe_epoch, s_rwqe_addr, s_rwqe_len, s_rwqe_lerr}),
    .s_push_key(1'b0),
    .s_flush_valid(s_rwqe_valid && s_rwqe_flush),
    .s_flush_ready(q_flush_ready),
    .s_flush_qpn(s_rwqe_qpn),
    .lk_valid(lk_valid),
    .lk_qpn(lk_qpn),
    .sl_valid(slv_valid),
    .sl_epoch(slv_epoch),
    .sl_gen(slv_gen),
    .sl_data(slv_data),
    .sl_ram_data(slv_ram_data),
    .sl_fwd(slv_fwd),
    .fwd_data(fwd_data),
    .done(consume),
    .done_tag(done_tag),
    .stat_drop(stat_drop)
);

/*
 * The per-QP state: gen (the awaited WQE's), epoch (the flush it belongs
 * to), idx (its receive-queue index)
 */
localparam SW = 4 + 4 + 16;
wire [SW-1:0] st_old;
wire [SW-1:0] st_new;

hpnic_rmw_ram #(
    .ADDR_WIDTH(QW),
    .DATA_WIDTH(SW)
)
state_inst (
    .clk(clk),
    .rst(rst),
    .rd_valid(lk_valid),
    .rd_addr(lk_qpn),
    .old_data(st_old),
    .wr_en(1'b1),
    .wr_data(st_new)
);

wire [3:0]  o_gen, o_epoch;
wire [15:0] o_idx;
assign {o_gen, o_epoch, o_idx} = st_old;

// a flush since this QP's last event, or the responder's init: count from
// WQE 0 of the current epoch
wire        restart = ev_init || slv_epoch[3:0] != o_epoch;
wire [3:0]  gen = restart ? 4'd0 : o_gen;
wire [15:0] idx = restart ? 16'd0 : o_idx;

// every slot's tests side by side (its gen, its room for the packet, made
// on the RAM's word and on a write forwarded just now), then the awaited
// slot picks, so no compare waits for a pick
reg  [3:0]  match, room;
wire        room_fwd = fwd_data[1 +: 32] >= {19'd0, len};
integer     k;

always @* begin
    for (k = 0; k < 4; k = k + 1) begin
        match[k] = slv_valid[k] && slv_gen[4*k +: 4] == o_gen;
        room[k] = slv_fwd[k] ? room_fwd : slv_ram_data[DW*k + 1 +: 32] >= {19'd0, len};
    end
end

wire [1:0]  a = o_gen[1:0];
assign avail = restart ? slv_valid[0] && slv_gen[3:0] == 4'd0 : match[a];
assign len_ok = restart ? room[0] : room[a];
wire [1:0]  sel = restart ? 2'd0 : a;
assign {wqe_epoch, wqe_addr, wqe_len, wqe_lerr} = slv_data[DW*sel +: DW];
assign wqe_idx = idx;
assign done_tag = {slv_epoch[3:0], gen};
assign st_new = {consume ? gen + 4'd1 : gen, slv_epoch[3:0], consume ? idx + 16'd1 : idx};

endmodule

`resetall
