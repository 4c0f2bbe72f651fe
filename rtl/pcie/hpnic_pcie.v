// SPDX-License-Identifier: MIT
/*
 * The PCIe adapter of hpnic on the UltraScale+ integrated block
 * (pcie4_uscale_plus, 512-bit AXI4-Stream interfaces, Dword-aligned,
 * straddle off; docs/pcie.md): what a board's fpga_core instantiates
 * between the IP and hpnic_core.
 *
 * - hpnic_pcie_dma: the generic DMA channels on RQ/RC.
 * - hpnic_pcie_bar: CQ/CC; BAR0 to the CSR master port, BAR2 to the MSI-X
 *   table and PBA, everything else UR.
 * - hpnic_pcie_msix: the interrupt requests to the IP's cfg_interrupt_msix_*
 *   (table in user logic).
 * - An interrupt request is passed to the MSI-X block only once every DMA
 *   write command taken before it (or in the same cycle) has had all its
 *   TLPs sent by the IP (their sequence numbers returned, wr_done), so that
 *   the message cannot overtake the CQE it announces (docs/host.md,
 *   "Interrupts"). A request for the vector already waiting so is merged
 *   into it (the wait extends to the writes before the new one), so one
 *   message covers both CQEs and a CQ that completes every few cycles is
 *   not held to one write's round trip per CQE (stat_irq_merged).
 *
 * IP port names: m_rq_* = s_axis_rq_*, s_rc_* = m_axis_rc_*,
 * s_cq_* = m_axis_cq_*, m_cc_* = s_axis_cc_*, rq_seq_num* =
 * pcie_rq_seq_num*; the cfg_* ports keep the IP's names.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_pcie #(
    parameter LEN_WIDTH = 13,
    parameter TAG_LOG2 = 6,
    parameter CPLH_LIMIT = 256,
    parameter CPLD_LIMIT = 2048,
    parameter MSIX_VECTORS = 32,
    // the IP's RQ and RC straddle options, as configured (docs/pcie.md)
    parameter RQ_STRADDLE = 1,
    parameter RC_STRADDLE = 1
) (
    input  wire                  clk,
    input  wire                  rst,

    // ---- the IP ----
    input  wire [2:0]            cfg_max_payload,
    input  wire [2:0]            cfg_max_read_req,

    output wire [511:0]          m_rq_tdata,
    output wire [15:0]           m_rq_tkeep,
    output wire                  m_rq_tvalid,
    input  wire                  m_rq_tready,
    output wire                  m_rq_tlast,
    output wire [136:0]          m_rq_tuser,
    input  wire [5:0]            rq_seq_num0,
    input  wire                  rq_seq_num_vld0,
    input  wire [5:0]            rq_seq_num1,
    input  wire                  rq_seq_num_vld1,

    input  wire [511:0]          s_rc_tdata,
    input  wire [15:0]           s_rc_tkeep,
    input  wire                  s_rc_tvalid,
    output wire                  s_rc_tready,
    input  wire                  s_rc_tlast,
    input  wire [160:0]          s_rc_tuser,

    input  wire [511:0]          s_cq_tdata,
    input  wire [15:0]           s_cq_tkeep,
    input  wire                  s_cq_tvalid,
    output wire                  s_cq_tready,
    input  wire                  s_cq_tlast,
    input  wire [182:0]          s_cq_tuser,
    output wire [1:0]            pcie_cq_np_req,        // credit for non-posted requests: always

    output wire [511:0]          m_cc_tdata,
    output wire [15:0]           m_cc_tkeep,
    output wire                  m_cc_tvalid,
    input  wire                  m_cc_tready,
    output wire                  m_cc_tlast,
    output wire [80:0]           m_cc_tuser,

    input  wire [3:0]            cfg_interrupt_msix_enable,
    input  wire [3:0]            cfg_interrupt_msix_mask,
    output wire [63:0]           cfg_interrupt_msix_address,
    output wire [31:0]           cfg_interrupt_msix_data,
    output wire                  cfg_interrupt_msix_int,
    output wire [1:0]            cfg_interrupt_msix_vec_pending,     // internal-table mode only: 0
    output wire [7:0]            cfg_interrupt_msi_function_number,  // physical function 0
    input  wire                  cfg_interrupt_msix_sent,
    input  wire                  cfg_interrupt_msix_fail,

    // ---- hpnic_core ----
    input  wire                  s_wr_req_valid,
    output wire                  s_wr_req_ready,
    input  wire [63:0]           s_wr_req_addr,
    input  wire [LEN_WIDTH-1:0]  s_wr_req_len,
    input  wire [511:0]          s_wr_tdata,
    input  wire [63:0]           s_wr_tkeep,
    input  wire                  s_wr_tvalid,
    output wire                  s_wr_tready,
    input  wire                  s_wr_tlast,

    input  wire                  s_rd_req_valid,
    output wire                  s_rd_req_ready,
    input  wire [63:0]           s_rd_req_addr,
    input  wire [LEN_WIDTH-1:0]  s_rd_req_len,
    output wire [511:0]          m_rd_cpl_tdata,
    output wire [63:0]           m_rd_cpl_tkeep,
    output wire                  m_rd_cpl_tvalid,
    input  wire                  m_rd_cpl_tready,
    output wire                  m_rd_cpl_tlast,
    output wire                  m_rd_cpl_tuser,

    output wire                  m_csr_valid,
    input  wire                  m_csr_ready,
    output wire [24:0]           m_csr_addr,
    output wire                  m_csr_write,
    output wire [31:0]           m_csr_wdata,
    input  wire                  s_csr_rsp_valid,
    output wire                  s_csr_rsp_ready,
    input  wire [31:0]           s_csr_rsp_rdata,

    input  wire                  s_irq_valid,
    output wire                  s_irq_ready,
    input  wire [10:0]           s_irq_vector,

    // ---- counters (32 bits, wrapping) ----
    output wire [1:0]            wr_done,
    output wire [31:0]           stat_wr_done,      // write commands whose TLPs the IP has all sent
    output wire [31:0]           stat_wr_cmds,
    output wire [31:0]           stat_wr_tlps,
    output wire [31:0]           stat_rd_reqs,
    output wire [31:0]           stat_rd_tlps,
    output wire [31:0]           stat_rd_err,
    output wire [31:0]           stat_bar_rd,
    output wire [31:0]           stat_bar_wr,
    output wire [31:0]           stat_bar_ur,
    output wire [31:0]           stat_bar_drop,
    output wire [31:0]           stat_bar_partial,
    output wire [31:0]           stat_irq_sent,
    output wire [31:0]           stat_irq_fail,
    output wire [31:0]           stat_irq_pended,
    output wire [31:0]           stat_irq_bad,
    output wire [31:0]           stat_irq_merged,   // requests merged into one waiting
    output wire [31:0]           stat_irq_passed    // requests handed on to the MSI-X block
);

assign pcie_cq_np_req = 2'b01;
assign stat_wr_done = wr_fin_reg;
assign cfg_interrupt_msix_vec_pending = 2'b00;
assign cfg_interrupt_msi_function_number = 8'd0;

hpnic_pcie_dma #(.LEN_WIDTH(LEN_WIDTH), .TAG_LOG2(TAG_LOG2),
                 .CPLH_LIMIT(CPLH_LIMIT), .CPLD_LIMIT(CPLD_LIMIT),
                 .RQ_STRADDLE(RQ_STRADDLE), .RC_STRADDLE(RC_STRADDLE))
dma_inst (
    .clk(clk), .rst(rst),
    .cfg_max_payload(cfg_max_payload), .cfg_max_read_req(cfg_max_read_req),
    .s_wr_req_valid(s_wr_req_valid), .s_wr_req_ready(s_wr_req_ready),
    .s_wr_req_addr(s_wr_req_addr), .s_wr_req_len(s_wr_req_len),
    .s_wr_tdata(s_wr_tdata), .s_wr_tkeep(s_wr_tkeep), .s_wr_tvalid(s_wr_tvalid),
    .s_wr_tready(s_wr_tready), .s_wr_tlast(s_wr_tlast),
    .s_rd_req_valid(s_rd_req_valid), .s_rd_req_ready(s_rd_req_ready),
    .s_rd_req_addr(s_rd_req_addr), .s_rd_req_len(s_rd_req_len),
    .m_rd_cpl_tdata(m_rd_cpl_tdata), .m_rd_cpl_tkeep(m_rd_cpl_tkeep),
    .m_rd_cpl_tvalid(m_rd_cpl_tvalid), .m_rd_cpl_tready(m_rd_cpl_tready),
    .m_rd_cpl_tlast(m_rd_cpl_tlast), .m_rd_cpl_tuser(m_rd_cpl_tuser),
    .m_rq_tdata(m_rq_tdata), .m_rq_tkeep(m_rq_tkeep), .m_rq_tvalid(m_rq_tvalid),
    .m_rq_tready(m_rq_tready), .m_rq_tlast(m_rq_tlast), .m_rq_tuser(m_rq_tuser),
    .rq_seq_num0(rq_seq_num0), .rq_seq_num_vld0(rq_seq_num_vld0),
    .rq_seq_num1(rq_seq_num1), .rq_seq_num_vld1(rq_seq_num_vld1),
    .s_rc_tdata(s_rc_tdata), .s_rc_tkeep(s_rc_tkeep), .s_rc_tvalid(s_rc_tvalid),
    .s_rc_tready(s_rc_tready), .s_rc_tlast(s_rc_tlast), .s_rc_tuser(s_rc_tuser),
    .wr_done(wr_done),
    .stat_wr_cmds(stat_wr_cmds), .stat_wr_tlps(stat_wr_tlps),
    .stat_rd_reqs(stat_rd_reqs), .stat_rd_tlps(stat_rd_tlps), .stat_rd_err(stat_rd_err)
);

wire         x_valid, x_ready, x_write, x_rsp_valid;
wire [15:0]  x_addr;
wire [31:0]  x_wdata, x_rsp_rdata;
wire [3:0]   x_be;

hpnic_pcie_bar bar_inst (
    .clk(clk), .rst(rst),
    .s_cq_tdata(s_cq_tdata), .s_cq_tkeep(s_cq_tkeep), .s_cq_tvalid(s_cq_tvalid),
    .s_cq_tready(s_cq_tready), .s_cq_tlast(s_cq_tlast), .s_cq_tuser(s_cq_tuser),
    .m_cc_tdata(m_cc_tdata), .m_cc_tkeep(m_cc_tkeep), .m_cc_tvalid(m_cc_tvalid),
    .m_cc_tready(m_cc_tready), .m_cc_tlast(m_cc_tlast), .m_cc_tuser(m_cc_tuser),
    .m_csr_valid(m_csr_valid), .m_csr_ready(m_csr_ready), .m_csr_addr(m_csr_addr),
    .m_csr_write(m_csr_write), .m_csr_wdata(m_csr_wdata),
    .s_csr_rsp_valid(s_csr_rsp_valid), .s_csr_rsp_ready(s_csr_rsp_ready),
    .s_csr_rsp_rdata(s_csr_rsp_rdata),
    .m_msix_valid(x_valid), .m_msix_ready(x_ready), .m_msix_addr(x_addr),
    .m_msix_write(x_write), .m_msix_wdata(x_wdata), .m_msix_be(x_be),
    .s_msix_rsp_valid(x_rsp_valid), .s_msix_rsp_rdata(x_rsp_rdata),
    .stat_rd(stat_bar_rd), .stat_wr(stat_bar_wr), .stat_ur(stat_bar_ur),
    .stat_drop(stat_bar_drop), .stat_partial(stat_bar_partial)
);

// interrupts wait for the DMA writes taken before them: a request is taken
// into irq_* with its mark, and merged there while one for its vector waits
reg  [31:0] wr_taken_reg = 32'd0;       // write commands taken
reg  [31:0] wr_fin_reg = 32'd0;         // ... whose TLPs the IP has all sent
reg  [31:0] irq_mark_reg = 32'd0;       // wr_taken when the (last merged) request came
reg         irq_valid_reg = 1'b0;
reg  [10:0] irq_vector_reg = 11'd0;
reg  [31:0] irq_merged_reg = 32'd0;
reg  [31:0] irq_passed_reg = 32'd0;
// verilator lint_off UNUSEDSIGNAL
wire [31:0] irq_left = irq_mark_reg - wr_fin_reg;
// verilator lint_on UNUSEDSIGNAL
wire        irq_pass = irq_valid_reg && irq_left[31];   // wr_fin past the mark
wire        irq_in_ready;
wire        irq_go = irq_pass && irq_in_ready;
wire        wr_take = s_wr_req_valid && s_wr_req_ready;

// taken when nothing waits, or merged into the same vector's request (not
// in the cycle that one leaves; a vector beyond the table never merges, so
// the MSI-X block counts each such request)
localparam [11:0] VECTORS12 = MSIX_VECTORS;
assign s_irq_ready = !irq_valid_reg ||
                     (s_irq_vector == irq_vector_reg && {1'b0, s_irq_vector} < VECTORS12 && !irq_go);

always @(posedge clk) begin
    wr_taken_reg <= wr_taken_reg + {31'd0, wr_take};
    wr_fin_reg <= wr_fin_reg + {30'd0, wr_done};
    if (irq_go) begin
        irq_valid_reg <= 1'b0;
        irq_passed_reg <= irq_passed_reg + 1'b1;
    end
    if (s_irq_valid && s_irq_ready) begin
        // mark: the writes taken so far and in this cycle, less one so that
        // "all done" is wr_fin > mark
        irq_mark_reg <= wr_taken_reg + {31'd0, wr_take} - 32'd1;
        irq_valid_reg <= 1'b1;
        irq_vector_reg <= s_irq_vector;
        if (irq_valid_reg) begin
            irq_merged_reg <= irq_merged_reg + 1'b1;
        end
    end
    if (rst) begin
        wr_taken_reg <= 32'd0;
        wr_fin_reg <= 32'd0;
        irq_valid_reg <= 1'b0;
        irq_merged_reg <= 32'd0;
        irq_passed_reg <= 32'd0;
    end
end

assign stat_irq_merged = irq_merged_reg;
assign stat_irq_passed = irq_passed_reg;

hpnic_pcie_msix #(.VECTORS(MSIX_VECTORS))
msix_inst (
    .clk(clk), .rst(rst),
    .s_irq_valid(irq_pass), .s_irq_ready(irq_in_ready),
    .s_irq_vector(irq_vector_reg),
    .s_reg_valid(x_valid), .s_reg_ready(x_ready), .s_reg_addr(x_addr),
    .s_reg_write(x_write), .s_reg_wdata(x_wdata), .s_reg_be(x_be),
    .m_reg_rsp_valid(x_rsp_valid), .m_reg_rsp_rdata(x_rsp_rdata),
    .cfg_interrupt_msix_enable(cfg_interrupt_msix_enable),
    .cfg_interrupt_msix_mask(cfg_interrupt_msix_mask),
    .cfg_interrupt_msix_address(cfg_interrupt_msix_address),
    .cfg_interrupt_msix_data(cfg_interrupt_msix_data),
    .cfg_interrupt_msix_int(cfg_interrupt_msix_int),
    .cfg_interrupt_msix_sent(cfg_interrupt_msix_sent),
    .cfg_interrupt_msix_fail(cfg_interrupt_msix_fail),
    .stat_irq_sent(stat_irq_sent), .stat_irq_fail(stat_irq_fail),
    .stat_irq_pended(stat_irq_pended), .stat_irq_bad(stat_irq_bad)
);

endmodule

`resetall
