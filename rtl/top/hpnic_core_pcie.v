// SPDX-License-Identifier: MIT
/*
 * hpnic_core behind hpnic_pcie: the NIC core and its PCIe adapter, wired as
 * a board has them (fpga/boards/au250/rtl/fpga_core.v instantiates this
 * module; sim/nic's PCIe mode Verilates it, docs/pcie.md "The whole path in
 * simulation"). No vendor primitive or IP here.
 *
 *            PCIe block (IP)                              MAC
 *   RQ/RC/CQ/CC, MSI-X  |                                     ^ | m_mac_tx / s_mac_rx
 *                       v                                     | v  (MAC clocks)
 *                   hpnic_pcie  --CSR, DMA rd/wr, irq-->  hpnic_core (clk;
 *                   (clk)       <---------------------    MAC shim inside)
 *
 * hpnic_pcie (rtl/pcie/hpnic_pcie.v) terminates CQ/CC (BAR0 reads and
 * writes become the CSR master, BAR2 is its MSI-X table and PBA), runs the
 * DMA engines on RQ/RC (hpnic_pcie_dma) and sends MSI-X messages for the
 * core's interrupt requests. hpnic_core's generic PCIe interface
 * (docs/host.md, "The PCIe shim boundary") maps one to one onto its core
 * side: both use 13-bit lengths (1..4096 bytes, hpnic_pcie_dma's LEN_WIDTH
 * default) and byte-wide keeps (64 bits for 512 data bits). The read
 * completion's tuser (a read that failed: error completion, poisoned,
 * timeout) goes to the core, which counts it (STATS dma_rd_errors) and
 * fails what the read was for (docs/pcie.md, "DMA read errors"); it is
 * also kept here as a sticky status bit (status_dma_rd_err).
 *
 * Port names: the PCIe side keeps hpnic_pcie's (m_rq_* = the IP's
 * s_axis_rq_*, s_rc_* = m_axis_rc_*, s_cq_* = m_axis_cq_*, m_cc_* =
 * s_axis_cc_*, rq_seq_num* = pcie_rq_seq_num*; cfg_* as the IP's), the MAC
 * side hpnic_core's (docs/shim.md).
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module hpnic_core_pcie #(
    parameter CLK_MHZ = 250,
    // build identity, shown in the ID block
    parameter BUILD_DATE = 32'h2026_1128,
    parameter GIT_HASH = 32'h0,
    // MSI-X table entries in hpnic_pcie
    parameter MSIX_VECTORS = 32,
    // the IP's RQ and RC straddle options, as configured
    parameter RQ_STRADDLE = 1,
    parameter RC_STRADDLE = 1
) (
    input  wire         clk,
    input  wire         rst,

    /*
     * PCIe integrated block, 512-bit AXI4-Stream
     */
    output wire [511:0] m_rq_tdata,
    output wire [15:0]  m_rq_tkeep,
    output wire         m_rq_tvalid,
    input  wire         m_rq_tready,
    output wire         m_rq_tlast,
    output wire [136:0] m_rq_tuser,
    input  wire [5:0]   rq_seq_num0,
    input  wire         rq_seq_num_vld0,
    input  wire [5:0]   rq_seq_num1,
    input  wire         rq_seq_num_vld1,

    input  wire [511:0] s_rc_tdata,
    input  wire [15:0]  s_rc_tkeep,
    input  wire         s_rc_tvalid,
    output wire         s_rc_tready,
    input  wire         s_rc_tlast,
    input  wire [160:0] s_rc_tuser,

    input  wire [511:0] s_cq_tdata,
    input  wire [15:0]  s_cq_tkeep,
    input  wire         s_cq_tvalid,
    output wire         s_cq_tready,
    input  wire         s_cq_tlast,
    input  wire [182:0] s_cq_tuser,

    output wire [511:0] m_cc_tdata,
    output wire [15:0]  m_cc_tkeep,
    output wire         m_cc_tvalid,
    input  wire         m_cc_tready,
    output wire         m_cc_tlast,
    output wire [80:0]  m_cc_tuser,

    // MPS and MRRS, PCIe encoding (0: 128 bytes ... 5: 4096)
    input  wire [2:0]   cfg_max_payload,
    input  wire [2:0]   cfg_max_read_req,

    // MSI-X, table in user logic (the IP's MSI-X external interface)
    input  wire [3:0]   cfg_interrupt_msix_enable,
    input  wire [3:0]   cfg_interrupt_msix_mask,
    output wire [63:0]  cfg_interrupt_msix_address,
    output wire [31:0]  cfg_interrupt_msix_data,
    output wire         cfg_interrupt_msix_int,
    input  wire         cfg_interrupt_msix_sent,
    input  wire         cfg_interrupt_msix_fail,
    output wire [7:0]   cfg_interrupt_msi_function_number,
    output wire [1:0]   cfg_interrupt_msix_vec_pending,
    // the CQ's non-posted credit request, from the adapter
    output wire [1:0]   pcie_cq_np_req,

    /*
     * MAC, 512-bit AXI4-Stream on its own clocks (hpnic_core's shim)
     */
    input  wire         mac_tx_clk,
    input  wire         mac_tx_rst,
    output wire [511:0] m_mac_tx_tdata,
    output wire [63:0]  m_mac_tx_tkeep,
    output wire         m_mac_tx_tvalid,
    input  wire         m_mac_tx_tready,
    output wire         m_mac_tx_tlast,
    output wire         m_mac_tx_tuser,
    input  wire         mac_tx_ovfout,
    input  wire         mac_tx_unfout,

    input  wire         mac_rx_clk,
    input  wire         mac_rx_rst,
    input  wire [511:0] s_mac_rx_tdata,
    input  wire [63:0]  s_mac_rx_tkeep,
    input  wire         s_mac_rx_tvalid,
    input  wire         s_mac_rx_tlast,
    input  wire         s_mac_rx_tuser,

    // a DMA read has failed since the last reset (sticky, clk)
    output wire         status_dma_rd_err
);

/*
 * The generic interface between the adapter and the core (clk)
 */
wire          csr_valid, csr_ready, csr_write;
wire [24:0]   csr_addr;
wire [31:0]   csr_wdata;
wire          csr_rsp_valid, csr_rsp_ready;
wire [31:0]   csr_rsp_rdata;

wire          dma_rd_req_valid, dma_rd_req_ready;
wire [63:0]   dma_rd_req_addr;
wire [12:0]   dma_rd_req_len;
wire [511:0]  dma_rd_cpl_tdata;
wire [63:0]   dma_rd_cpl_tkeep;
wire          dma_rd_cpl_tvalid, dma_rd_cpl_tready, dma_rd_cpl_tlast, dma_rd_cpl_tuser;

wire          dma_wr_req_valid, dma_wr_req_ready;
wire [63:0]   dma_wr_req_addr;
wire [12:0]   dma_wr_req_len;
wire [511:0]  dma_wr_tdata;
wire [63:0]   dma_wr_tkeep;
wire          dma_wr_tvalid, dma_wr_tready, dma_wr_tlast;

wire          irq_valid, irq_ready;
wire [10:0]   irq_vector;

// the adapter's counters, in the order of the core's s_adapter_stats
wire [31:0] a_wr_cmds, a_wr_tlps, a_wr_done, a_rd_reqs, a_rd_tlps, a_bar_rd, a_bar_wr, a_bar_ur,
            a_bar_drop, a_bar_partial, a_irq_sent, a_irq_fail, a_irq_pended, a_irq_bad, a_irq_merged;

/*
 * PCIe adapter: CQ/CC (BAR0 -> CSR master, BAR2 MSI-X table and PBA),
 * RQ/RC (DMA), MSI-X messages
 */
// verilator lint_off PINCONNECTEMPTY
hpnic_pcie #(
    .MSIX_VECTORS(MSIX_VECTORS),
    .RQ_STRADDLE(RQ_STRADDLE),
    .RC_STRADDLE(RC_STRADDLE)
)
pcie_inst (
    .clk(clk),
    .rst(rst),
    .cfg_max_payload(cfg_max_payload),
    .cfg_max_read_req(cfg_max_read_req),

    .m_rq_tdata(m_rq_tdata),
    .m_rq_tkeep(m_rq_tkeep),
    .m_rq_tvalid(m_rq_tvalid),
    .m_rq_tready(m_rq_tready),
    .m_rq_tlast(m_rq_tlast),
    .m_rq_tuser(m_rq_tuser),
    .rq_seq_num0(rq_seq_num0),
    .rq_seq_num_vld0(rq_seq_num_vld0),
    .rq_seq_num1(rq_seq_num1),
    .rq_seq_num_vld1(rq_seq_num_vld1),

    .s_rc_tdata(s_rc_tdata),
    .s_rc_tkeep(s_rc_tkeep),
    .s_rc_tvalid(s_rc_tvalid),
    .s_rc_tready(s_rc_tready),
    .s_rc_tlast(s_rc_tlast),
    .s_rc_tuser(s_rc_tuser),

    .s_cq_tdata(s_cq_tdata),
    .s_cq_tkeep(s_cq_tkeep),
    .s_cq_tvalid(s_cq_tvalid),
    .s_cq_tready(s_cq_tready),
    .s_cq_tlast(s_cq_tlast),
    .s_cq_tuser(s_cq_tuser),

    .m_cc_tdata(m_cc_tdata),
    .m_cc_tkeep(m_cc_tkeep),
    .m_cc_tvalid(m_cc_tvalid),
    .m_cc_tready(m_cc_tready),
    .m_cc_tlast(m_cc_tlast),
    .m_cc_tuser(m_cc_tuser),

    .cfg_interrupt_msix_enable(cfg_interrupt_msix_enable),
    .cfg_interrupt_msix_mask(cfg_interrupt_msix_mask),
    .cfg_interrupt_msix_address(cfg_interrupt_msix_address),
    .cfg_interrupt_msix_data(cfg_interrupt_msix_data),
    .cfg_interrupt_msix_int(cfg_interrupt_msix_int),
    .cfg_interrupt_msix_sent(cfg_interrupt_msix_sent),
    .cfg_interrupt_msix_fail(cfg_interrupt_msix_fail),
    .cfg_interrupt_msi_function_number(cfg_interrupt_msi_function_number),

    .s_wr_req_valid(dma_wr_req_valid),
    .s_wr_req_ready(dma_wr_req_ready),
    .s_wr_req_addr(dma_wr_req_addr),
    .s_wr_req_len(dma_wr_req_len),
    .s_wr_tdata(dma_wr_tdata),
    .s_wr_tkeep(dma_wr_tkeep),
    .s_wr_tvalid(dma_wr_tvalid),
    .s_wr_tready(dma_wr_tready),
    .s_wr_tlast(dma_wr_tlast),

    .s_rd_req_valid(dma_rd_req_valid),
    .s_rd_req_ready(dma_rd_req_ready),
    .s_rd_req_addr(dma_rd_req_addr),
    .s_rd_req_len(dma_rd_req_len),
    .m_rd_cpl_tdata(dma_rd_cpl_tdata),
    .m_rd_cpl_tkeep(dma_rd_cpl_tkeep),
    .m_rd_cpl_tvalid(dma_rd_cpl_tvalid),
    .m_rd_cpl_tready(dma_rd_cpl_tready),
    .m_rd_cpl_tlast(dma_rd_cpl_tlast),
    .m_rd_cpl_tuser(dma_rd_cpl_tuser),

    .m_csr_valid(csr_valid),
    .m_csr_ready(csr_ready),
    .m_csr_addr(csr_addr),
    .m_csr_write(csr_write),
    .m_csr_wdata(csr_wdata),
    .s_csr_rsp_valid(csr_rsp_valid),
    .s_csr_rsp_ready(csr_rsp_ready),
    .s_csr_rsp_rdata(csr_rsp_rdata),

    .s_irq_valid(irq_valid),
    .s_irq_ready(irq_ready),
    .s_irq_vector(irq_vector),
    .cfg_interrupt_msix_vec_pending(cfg_interrupt_msix_vec_pending),
    .pcie_cq_np_req(pcie_cq_np_req),

    // the adapter's counters go to the core's STATS (pcie_*); its failed
    // reads are the core's own dma_rd_errors, and the core needs no
    // write-done strobe
    .wr_done(),
    .stat_wr_done(a_wr_done),
    .stat_wr_cmds(a_wr_cmds),
    .stat_wr_tlps(a_wr_tlps),
    .stat_rd_reqs(a_rd_reqs),
    .stat_rd_tlps(a_rd_tlps),
    .stat_rd_err(),
    .stat_bar_rd(a_bar_rd),
    .stat_bar_wr(a_bar_wr),
    .stat_bar_ur(a_bar_ur),
    .stat_bar_drop(a_bar_drop),
    .stat_bar_partial(a_bar_partial),
    .stat_irq_sent(a_irq_sent),
    .stat_irq_fail(a_irq_fail),
    .stat_irq_pended(a_irq_pended),
    .stat_irq_bad(a_irq_bad),
    .stat_irq_merged(a_irq_merged),
    .stat_irq_passed()
);
// verilator lint_on PINCONNECTEMPTY

// a failed DMA read (tuser on the completion's tlast), sticky until reset
reg dma_rd_err_reg = 1'b0;

always @(posedge clk) begin
    if (dma_rd_cpl_tvalid && dma_rd_cpl_tready && dma_rd_cpl_tlast && dma_rd_cpl_tuser) begin
        dma_rd_err_reg <= 1'b1;
    end
    if (rst) begin
        dma_rd_err_reg <= 1'b0;
    end
end

assign status_dma_rd_err = dma_rd_err_reg;

/*
 * The NIC core (its MAC shim crosses into the CMAC's clocks)
 */
hpnic_core #(
    .CLK_MHZ(CLK_MHZ),
    .BUILD_DATE(BUILD_DATE),
    .GIT_HASH(GIT_HASH)
)
core_inst (
    .clk(clk),
    .rst(rst),

    .s_csr_valid(csr_valid),
    .s_csr_ready(csr_ready),
    .s_csr_addr(csr_addr),
    .s_csr_write(csr_write),
    .s_csr_wdata(csr_wdata),
    .m_csr_rsp_valid(csr_rsp_valid),
    .m_csr_rsp_ready(csr_rsp_ready),
    .m_csr_rsp_rdata(csr_rsp_rdata),

    .m_dma_rd_req_valid(dma_rd_req_valid),
    .m_dma_rd_req_ready(dma_rd_req_ready),
    .m_dma_rd_req_addr(dma_rd_req_addr),
    .m_dma_rd_req_len(dma_rd_req_len),
    .s_dma_rd_cpl_tdata(dma_rd_cpl_tdata),
    .s_dma_rd_cpl_tkeep(dma_rd_cpl_tkeep),
    .s_dma_rd_cpl_tvalid(dma_rd_cpl_tvalid),
    .s_dma_rd_cpl_tready(dma_rd_cpl_tready),
    .s_dma_rd_cpl_tlast(dma_rd_cpl_tlast),
    .s_dma_rd_cpl_tuser(dma_rd_cpl_tuser),
    .s_adapter_stats({a_irq_merged, a_irq_bad, a_irq_pended, a_irq_fail, a_irq_sent, a_bar_partial,
                      a_bar_drop, a_bar_ur, a_bar_wr, a_bar_rd, a_rd_tlps, a_rd_reqs, a_wr_done,
                      a_wr_tlps, a_wr_cmds}),

    .m_dma_wr_req_valid(dma_wr_req_valid),
    .m_dma_wr_req_ready(dma_wr_req_ready),
    .m_dma_wr_req_addr(dma_wr_req_addr),
    .m_dma_wr_req_len(dma_wr_req_len),
    .m_dma_wr_tdata(dma_wr_tdata),
    .m_dma_wr_tkeep(dma_wr_tkeep),
    .m_dma_wr_tvalid(dma_wr_tvalid),
    .m_dma_wr_tready(dma_wr_tready),
    .m_dma_wr_tlast(dma_wr_tlast),

    .m_irq_valid(irq_valid),
    .m_irq_ready(irq_ready),
    .m_irq_vector(irq_vector),

    .mac_tx_clk(mac_tx_clk),
    .mac_tx_rst(mac_tx_rst),
    .m_mac_tx_tdata(m_mac_tx_tdata),
    .m_mac_tx_tkeep(m_mac_tx_tkeep),
    .m_mac_tx_tvalid(m_mac_tx_tvalid),
    .m_mac_tx_tready(m_mac_tx_tready),
    .m_mac_tx_tlast(m_mac_tx_tlast),
    .m_mac_tx_tuser(m_mac_tx_tuser),
    .mac_tx_unfout(mac_tx_unfout),
    .mac_tx_ovfout(mac_tx_ovfout),

    .mac_rx_clk(mac_rx_clk),
    .mac_rx_rst(mac_rx_rst),
    .s_mac_rx_tdata(s_mac_rx_tdata),
    .s_mac_rx_tkeep(s_mac_rx_tkeep),
    .s_mac_rx_tvalid(s_mac_rx_tvalid),
    .s_mac_rx_tlast(s_mac_rx_tlast),
    .s_mac_rx_tuser(s_mac_rx_tuser)
);

endmodule

`resetall
