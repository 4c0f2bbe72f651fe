// SPDX-License-Identifier: MIT
/*
 * Completion writer: each completion from the completer (QPN, WQE index,
 * status) and each receive completion from the responder becomes a 32-byte
 * CQE written by DMA into a completion queue in host memory, with a phase
 * bit, and optionally an interrupt request. Send completions go to the QP's
 * CQN, receive completions to its RCQN.
 *
 * A CQE sits at CQ_BASE + 32 * (pi mod 2^LOG2) (docs/regmap.md): bytes 0..3
 * QPN, 4..5 WQE index, 6 status, 7 opcode, 8..11 byte count, 12 flags,
 * 16..19 immediate data, byte 31 bit 0 the phase: 1 on the first pass over
 * the ring, 0 on the second, and so on, so a zeroed ring reads as empty and
 * the host polls one byte. A send completion's opcode, byte count, flags and
 * immediate are 0: the host knows them from its own WQE. A receive
 * completion (always written: receives are always signaled) has opcode RECV
 * or RECV_RDMA_WITH_IMM, the bytes received, the RQ index, and the immediate
 * when there was one (FLAGS.IMM).
 *
 * Each receive completion taken also returns its RWQE's prefetch credit to
 * the receive-queue fetch (m_credit, with the RWQE's epoch), so one is
 * taken only when the credit has a place. Configuration first, then send
 * and receive completions alternate when both wait (neither starves).
 *
 * The host sizes each CQ for every WQE its QPs can have outstanding; the
 * hardware does not track the consumer (libhpnic checks the sizes).
 *
 * Pipeline: stage 1 reads the QP's CQN; stage 2 reads the CQ's ring (base,
 * size, vector) and, in a one-cycle read-modify-write loop, its producer
 * index; stage 3 queues the DMA write and the interrupt. A CQ (re)configure
 * goes through the same loop, so it cannot race a completion.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_host_cq #(
    // QPN bits
    parameter QPN_WIDTH = 12,
    // CQN bits
    parameter CQN_WIDTH = 8,
    // DMA data width
    parameter DATA_WIDTH = 512,
    // log2 of the output queues
    parameter FIFO_LOG2 = 4,
    // RWQE epoch bits (hpnic_host_rq)
    parameter EPOCH_WIDTH = 4
) (
    input  wire                  clk,
    input  wire                  rst,

    /*
     * Tables: the QP's CQ (QP context writes), the CQs' rings
     */
    input  wire                  cfg_qp_wr_en,
    input  wire [QPN_WIDTH-1:0]  cfg_qp_wr_qpn,
    input  wire [CQN_WIDTH-1:0]  cfg_qp_wr_cqn,
    input  wire [CQN_WIDTH-1:0]  cfg_qp_wr_rcqn,    // receive completions' CQ

    input  wire                  s_cq_cfg_valid,     // set a ring, reset its index
    output wire                  s_cq_cfg_ready,
    input  wire [CQN_WIDTH-1:0]  s_cq_cfg_cqn,
    input  wire                  s_cq_cfg_enable,
    input  wire [63:0]           s_cq_cfg_base,
    input  wire [4:0]            s_cq_cfg_log2,
    input  wire [10:0]           s_cq_cfg_vector,

    input  wire                  cfg_irq_enable,

    /*
     * Completions in
     */
    input  wire                  s_cpl_valid,
    output wire                  s_cpl_ready,
    input  wire [QPN_WIDTH-1:0]  s_cpl_qpn,
    input  wire [15:0]           s_cpl_idx,
    input  wire [2:0]            s_cpl_status,
    input  wire                  s_cpl_signaled,    // 0: no CQE unless it failed

    input  wire                  s_rcpl_valid,
    output wire                  s_rcpl_ready,
    input  wire [QPN_WIDTH-1:0]  s_rcpl_qpn,
    input  wire [15:0]           s_rcpl_idx,        // RQ index
    input  wire [2:0]            s_rcpl_status,
    input  wire                  s_rcpl_opcode,     // 0 RECV, 1 RECV_RDMA_WITH_IMM
    input  wire [31:0]           s_rcpl_byte_len,
    input  wire                  s_rcpl_imm_valid,
    input  wire [31:0]           s_rcpl_imm,        // bits 31:24 first on the wire
    input  wire [EPOCH_WIDTH-1:0] s_rcpl_epoch,     // the RWQE's (m_rwqe_epoch)

    /*
     * Prefetch credits to the receive-queue fetch, one per receive completion
     */
    output wire                  m_credit_valid,
    input  wire                  m_credit_ready,
    output wire [QPN_WIDTH-1:0]  m_credit_qpn,
    output wire [EPOCH_WIDTH-1:0] m_credit_epoch,

    /*
     * DMA write port (one 32-byte write per CQE), interrupt requests
     */
    output wire                  m_wr_cmd_valid,
    input  wire                  m_wr_cmd_ready,
    output wire [63:0]           m_wr_cmd_addr,
    output wire [12:0]           m_wr_cmd_len,

    output wire [DATA_WIDTH-1:0] m_wr_tdata,
    output wire [DATA_WIDTH/8-1:0] m_wr_tkeep,
    output wire                  m_wr_tvalid,
    input  wire                  m_wr_tready,
    output wire                  m_wr_tlast,

    output wire                  m_irq_valid,
    input  wire                  m_irq_ready,
    output wire [10:0]           m_irq_vector,

    /*
     * State and counters
     */
    input  wire [CQN_WIDTH-1:0]  pi_rd_cqn,          // for the CSR block
    output wire [15:0]           pi_rd_data,
    output reg  [31:0]           stat_cqes = 0,
    output reg  [31:0]           stat_rcqes = 0,     // receive CQEs (also in stat_cqes)
    output reg  [31:0]           stat_dropped = 0,   // CQ disabled or not set
    output reg                   cq_err_valid = 1'b0, // a pulse per dropped completion
    output reg  [CQN_WIDTH-1:0]  cq_err_cqn = 0,
    output reg  [31:0]           stat_irqs = 0
);

`include "hpnic_regs.vh"

localparam QW = QPN_WIDTH;
localparam CW = CQN_WIDTH;
localparam KW = DATA_WIDTH / 8;

initial begin
    if (DATA_WIDTH < 256) begin
        $error("hpnic_host_cq: a CQE must fit in one beat");
        $finish;
    end
end

/*
 * Room: an event enters only if every output queue can take one more entry
 * per event in the pipeline
 */
wire [FIFO_LOG2:0] cmd_count, dat_count, irq_count;
localparam [FIFO_LOG2:0] ROOM = 2**FIFO_LOG2 - 4;
reg room_reg = 1'b0;

always @(posedge clk) begin
    room_reg <= cmd_count < ROOM && dat_count < ROOM && irq_count < ROOM;
    if (rst) begin
        room_reg <= 1'b0;
    end
end

/*
 * Stage 0: a configuration first, else a completion: send and receive
 * alternate when both wait. A receive completion needs a place for its
 * credit
 */
reg  last_rcpl_reg = 1'b0;          // the last completion taken was a receive
wire rcpl_go = s_rcpl_valid && m_credit_ready;
wire pick_rcpl = rcpl_go && (!s_cpl_valid || !last_rcpl_reg);
wire take_cfg = room_reg && s_cq_cfg_valid;
wire take_cpl = room_reg && !s_cq_cfg_valid && s_cpl_valid && !pick_rcpl;
wire take_rcpl = room_reg && !s_cq_cfg_valid && pick_rcpl;
assign s_cq_cfg_ready = take_cfg;
assign s_cpl_ready = take_cpl;
assign s_rcpl_ready = take_rcpl;
assign m_credit_valid = take_rcpl;
assign m_credit_qpn = s_rcpl_qpn;
assign m_credit_epoch = s_rcpl_epoch;

always @(posedge clk) begin
    if (take_cpl || take_rcpl) begin
        last_rcpl_reg <= take_rcpl;
    end
    if (rst) begin
        last_rcpl_reg <= 1'b0;
    end
end

wire [CW-1:0] qp_cqn, qp_rcqn;

hpnic_ram_sdp #(
    .ADDR_WIDTH(QW),
    .DATA_WIDTH(2 * CW)
)
qp_cq_inst (
    .clk(clk),
    .wr_en(cfg_qp_wr_en),
    .wr_addr(cfg_qp_wr_qpn),
    .wr_data({cfg_qp_wr_rcqn, cfg_qp_wr_cqn}),
    .rd_en(take_cpl || take_rcpl),
    .rd_addr(take_rcpl ? s_rcpl_qpn : s_cpl_qpn),
    .rd_data({qp_rcqn, qp_cqn})
);

reg          s1_valid = 1'b0, s1_cfg = 1'b0;
reg [CW-1:0] s1_cfg_cqn = 0;
reg          s1_enable = 1'b0;
reg [63:0]   s1_base = 0;
reg [4:0]    s1_log2 = 0;
reg [10:0]   s1_vector = 0;
reg [QW-1:0] s1_qpn = 0;
reg [15:0]   s1_idx = 0;
reg [2:0]    s1_status = 0;
// a receive completion's own fields
reg          s1_recv = 1'b0, s1_opcode = 1'b0, s1_imm_valid = 1'b0;
reg [31:0]   s1_byte_len = 0, s1_imm = 0;

always @(posedge clk) begin
    // an unsignaled WQE that succeeded writes nothing: the host learns of it
    // from the next signaled CQE of its QP (completions come in order)
    s1_valid <= take_cfg || take_rcpl || (take_cpl && (s_cpl_signaled || s_cpl_status != 3'd0));
    s1_recv <= take_rcpl;
    s1_opcode <= s_rcpl_opcode;
    s1_byte_len <= s_rcpl_byte_len;
    s1_imm_valid <= take_rcpl && s_rcpl_imm_valid;
    s1_imm <= s_rcpl_imm;
    s1_cfg <= take_cfg;
    s1_cfg_cqn <= s_cq_cfg_cqn;
    s1_enable <= s_cq_cfg_enable;
    s1_base <= s_cq_cfg_base;
    s1_log2 <= s_cq_cfg_log2;
    s1_vector <= s_cq_cfg_vector;
    s1_qpn <= take_rcpl ? s_rcpl_qpn : s_cpl_qpn;
    s1_idx <= take_rcpl ? s_rcpl_idx : s_cpl_idx;
    s1_status <= take_rcpl ? s_rcpl_status : s_cpl_status;
    if (rst) begin
        s1_valid <= 1'b0;
    end
end

/*
 * Stage 1 -> 2: the CQ's state {enable, base, log2, vector, pi} in one
 * read-modify-write loop
 */
wire [CW-1:0] s1_cqn = s1_cfg ? s1_cfg_cqn : s1_recv ? qp_rcqn : qp_cqn;
localparam SW = 1 + 64 + 5 + 11 + 16;
wire [SW-1:0] st_old;
reg  [SW-1:0] st_new;

hpnic_rmw_ram #(
    .ADDR_WIDTH(CW),
    .DATA_WIDTH(SW)
)
state_inst (
    .clk(clk),
    .rst(rst),
    .rd_valid(s1_valid),
    .rd_addr(s1_cqn),
    .old_data(st_old),
    .wr_en(1'b1),
    .wr_data(st_new)
);

reg          s2_valid = 1'b0, s2_cfg = 1'b0;
reg          s2_enable = 1'b0;
reg [63:0]   s2_base = 0;
reg [4:0]    s2_log2 = 0;
reg [10:0]   s2_vector = 0;
reg [QW-1:0] s2_qpn = 0;
reg [15:0]   s2_idx = 0;
reg [2:0]    s2_status = 0;
reg          s2_recv = 1'b0, s2_opcode = 1'b0, s2_imm_valid = 1'b0;
reg [31:0]   s2_byte_len = 0, s2_imm = 0;

always @(posedge clk) begin
    s2_valid <= s1_valid;
    s2_recv <= s1_recv;
    s2_opcode <= s1_opcode;
    s2_byte_len <= s1_byte_len;
    s2_imm_valid <= s1_imm_valid;
    s2_imm <= s1_imm;
    s2_cfg <= s1_cfg;
    s2_enable <= s1_enable;
    s2_base <= s1_base;
    s2_log2 <= s1_log2;
    s2_vector <= s1_vector;
    s2_qpn <= s1_qpn;
    s2_idx <= s1_idx;
    s2_status <= s1_status;
    if (rst) begin
        s2_valid <= 1'b0;
        // a reset keeps the CQE fields in FFs, not SRLs (an SRL has no
        // reset; LUTs are the core's scarcer resource)
        s2_qpn <= 0;
        s2_idx <= 0;
        s2_status <= 0;
        s2_recv <= 1'b0;
        s2_opcode <= 1'b0;
        s2_byte_len <= 0;
        s2_imm_valid <= 1'b0;
        s2_imm <= 0;
    end
end

wire        o_enable;
wire [63:0] o_base;
wire [4:0]  o_log2;
wire [10:0] o_vector;
wire [15:0] o_pi;
assign {o_enable, o_base, o_log2, o_vector, o_pi} = st_old;

wire [15:0] slot = o_pi & ~(16'hffff << o_log2);
// the pass over the ring: pi / 2^log2; phase 1 on even passes
// verilator lint_off UNUSEDSIGNAL
wire [15:0] pass = o_pi >> o_log2;
// verilator lint_on UNUSEDSIGNAL
wire        phase = !pass[0];
wire        do_cqe = s2_valid && !s2_cfg && o_enable;

always @* begin
    st_new = st_old;
    if (s2_cfg) begin
        st_new = {s2_enable, s2_base, s2_log2, s2_vector, 16'd0};
    end else if (o_enable) begin
        st_new = {o_enable, o_base, o_log2, o_vector, o_pi + 16'd1};
    end
end

// the producer index, for the CSR block (one cycle late, like a RAM)
reg [15:0] pi_rd_reg = 0;
assign pi_rd_data = pi_rd_reg;
// a small shadow of every CQ's index, written by the loop
reg [15:0] pi_shadow [0:(2**CW)-1];
reg [CW-1:0] s2_cqn = 0;

always @(posedge clk) begin
    s2_cqn <= s1_cqn;
    if (s2_valid) begin
        pi_shadow[s2_cqn] <= st_new[15:0];
    end
    pi_rd_reg <= pi_shadow[pi_rd_cqn];
end

/*
 * Stage 3: the CQE and its DMA write, the interrupt
 */
reg          c_wr = 1'b0, c_irq = 1'b0;
reg [63:0]   c_addr = 0;
// the CQE's varying fields only; the FIFO's output side builds the 32 bytes
// {imm, imm valid, byte count, opcode bit 0, receive, phase, status, index, qpn}
localparam CQEW = 32 + 1 + 32 + 1 + 1 + 1 + 3 + 16 + QW;
reg [CQEW-1:0] c_cqe = 0;
reg [10:0]   c_vector = 0;

always @(posedge clk) begin
    c_wr <= do_cqe;
    c_irq <= do_cqe && cfg_irq_enable;
    c_addr <= o_base + {43'd0, slot, 5'd0};
    c_vector <= o_vector;
    c_cqe <= {s2_imm_valid ? s2_imm : 32'd0, s2_imm_valid, s2_recv ? s2_byte_len : 32'd0, s2_opcode,
              s2_recv, phase, s2_status, s2_idx, s2_qpn};
    cq_err_valid <= s2_valid && !s2_cfg && !o_enable;
    cq_err_cqn <= s2_cqn;
    if (s2_valid && !s2_cfg) begin
        if (o_enable) begin
            stat_cqes <= stat_cqes + 1'b1;
            if (s2_recv) begin
                stat_rcqes <= stat_rcqes + 1'b1;
            end
        end else begin
            stat_dropped <= stat_dropped + 1'b1;
        end
    end
    if (c_irq) begin
        stat_irqs <= stat_irqs + 1'b1;
    end
    if (rst) begin
        c_wr <= 1'b0;
        c_irq <= 1'b0;
        cq_err_valid <= 1'b0;
        stat_cqes <= 0;
        stat_rcqes <= 0;
        stat_dropped <= 0;
        stat_irqs <= 0;
    end
end

// room is granted ahead, so the FIFOs' own s_ready is not needed
// verilator lint_off UNUSEDSIGNAL
wire cmd_ready, dat_ready, irq_ready;
// verilator lint_on UNUSEDSIGNAL

hpnic_fifo #(.DEPTH_LOG2(FIFO_LOG2), .WIDTH(64))
cmd_inst (
    .clk(clk), .rst(rst),
    .s_valid(c_wr), .s_ready(cmd_ready), .s_data(c_addr),
    .m_valid(m_wr_cmd_valid), .m_ready(m_wr_cmd_ready), .m_data(m_wr_cmd_addr),
    .count(cmd_count)
);

wire          cqe_phase, cqe_recv, cqe_op, cqe_imm_valid;
wire [2:0]    cqe_status;
wire [15:0]   cqe_idx;
wire [QW-1:0] cqe_qpn;
wire [31:0]   cqe_byte_len, cqe_imm;

hpnic_fifo #(.DEPTH_LOG2(FIFO_LOG2), .WIDTH(CQEW))
dat_inst (
    .clk(clk), .rst(rst),
    .s_valid(c_wr), .s_ready(dat_ready), .s_data(c_cqe),
    .m_valid(m_wr_tvalid), .m_ready(m_wr_tready),
    .m_data({cqe_imm, cqe_imm_valid, cqe_byte_len, cqe_op, cqe_recv, cqe_phase, cqe_status,
             cqe_idx, cqe_qpn}),
    .count(dat_count)
);

hpnic_fifo #(.DEPTH_LOG2(FIFO_LOG2), .WIDTH(11))
irq_inst (
    .clk(clk), .rst(rst),
    .s_valid(c_irq), .s_ready(irq_ready), .s_data(c_vector),
    .m_valid(m_irq_valid), .m_ready(m_irq_ready), .m_data(m_irq_vector),
    .count(irq_count)
);

assign m_wr_cmd_len = 13'd32;
// the CQE at the register map's byte offsets (fw/regmap.toml, struct CQE);
// the immediate in wire order, its first byte at the lowest address
wire [7:0]   cqe_opcode = cqe_recv ? (HPNIC_CQE_OPCODE_RECV | {7'd0, cqe_op}) : HPNIC_CQE_OPCODE_SEND;
reg  [255:0] cqe;

always @* begin
    cqe = 256'd0;
    cqe[8*HPNIC_CQE_QPN_OFF +: 32] = {{(32-QW){1'b0}}, cqe_qpn};
    cqe[8*HPNIC_CQE_WQE_INDEX_OFF +: 16] = cqe_idx;
    cqe[8*HPNIC_CQE_STATUS_OFF +: 8] = {5'd0, cqe_status};
    cqe[8*HPNIC_CQE_OPCODE_OFF +: 8] = cqe_opcode;
    cqe[8*HPNIC_CQE_BYTE_LEN_OFF +: 32] = cqe_byte_len;
    cqe[8*HPNIC_CQE_FLAGS_OFF + HPNIC_CQE_FLAGS_IMM_LSB] = cqe_imm_valid;
    cqe[8*HPNIC_CQE_IMM_DATA_OFF +: 32] = {cqe_imm[7:0], cqe_imm[15:8], cqe_imm[23:16], cqe_imm[31:24]};
    cqe[8*HPNIC_CQE_PHASE_OFF] = cqe_phase;
end

assign m_wr_tdata = {{(DATA_WIDTH-256){1'b0}}, cqe};
assign m_wr_tkeep = {{(KW-32){1'b0}}, {32{1'b1}}};
assign m_wr_tlast = 1'b1;

endmodule

`resetall
