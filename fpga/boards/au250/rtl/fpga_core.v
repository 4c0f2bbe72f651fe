// SPDX-License-Identifier: MIT
/*
 * hpnic on a PCIe + 100G board, the portable part: the NIC core, the PCIe
 * adapter and the glue between them. No vendor primitive or IP is
 * instantiated here; the board top (fpga.v) owns the clocks, the resets, the
 * integrated PCIe block and the CMAC, and hands this module:
 *
 *   - the PCIe block's user clock (250 MHz) as clk, with rst synchronized to it;
 *   - its four AXI4-Stream interfaces (512 bits, named here from this side:
 *     m_axis_rq, s_axis_rc, s_axis_cq, m_axis_cc), the RQ sequence numbers,
 *     MPS / MRRS and the MSI-X external interface;
 *   - the CMAC's TX and RX user clocks with their resets (synchronized) and
 *     its 512-bit AXI4-Stream TX and RX.
 *
 *            PCIe block (IP)                              CMAC (IP)
 *   RQ/RC/CQ/CC, MSI-X  |                                     ^ | tx_axis / rx_axis
 *                       v                                     | v  (MAC clocks)
 *                   hpnic_pcie  --CSR, DMA rd/wr, irq-->  hpnic_core (clk;
 *                   (clk)       <---------------------    MAC shim inside)
 *
 * The wiring between the adapter and the core is rtl/top/hpnic_core_pcie.v
 * (one module, which sim/nic's PCIe mode simulates as it is); this module
 * only renames the IP's ports onto it.
 *
 * hpnic_pcie (rtl/pcie/hpnic_pcie.v) terminates CQ/CC (BAR0 reads and
 * writes become the CSR master, BAR2 is its MSI-X table and PBA), runs the
 * DMA engines on RQ/RC (hpnic_pcie_dma) and sends MSI-X messages for the
 * core's interrupt requests. hpnic_core's generic PCIe interface
 * (docs/host.md, "The PCIe shim boundary") maps one to one onto its core
 * side: both use 13-bit lengths (1..4096 bytes, hpnic_pcie_dma's LEN_WIDTH
 * default) and byte-wide keeps (64 bits for 512 data bits). The read
 * completion's tuser (a read that failed: error completion, poisoned,
 * timeout) goes to the core, which counts it and fails what the read
 * fetched (docs/pcie.md, "DMA read errors"); hpnic_core_pcie also keeps it
 * as a sticky status bit (status_dma_rd_err), here for a LED.
 *
 * The MAC side needs no logic here: hpnic_core's MAC shim speaks the CMAC's
 * AXI4-Stream (docs/shim.md) and crosses into the MAC clocks itself; its
 * CDC constraints are rtl/shim/hpnic_shim_cdc.tcl.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module fpga_core #(
    // build identity, shown in the ID block (Makefile: -generic)
    parameter BUILD_DATE = 32'h2026_1128,
    parameter GIT_HASH = 32'h0,
    // MSI-X table entries in hpnic_pcie; the IP's PF0_MSIX_CAP_TABLE_SIZE
    // (ip/pcie4_uscale_plus_0.tcl) must advertise the same (check-au250)
    parameter MSIX_VECTORS = 32,
    // the IP's RQ and RC straddle options (ip/pcie4_uscale_plus_0.tcl's
    // hpnic_rq_straddle / hpnic_rc_straddle; check-au250 holds them equal)
    parameter RQ_STRADDLE = 1,
    parameter RC_STRADDLE = 1
) (
    // PCIe user clock (250 MHz) and its reset, synchronized
    input  wire         clk,
    input  wire         rst,

    /*
     * PCIe integrated block (pcie4_uscale_plus), 512-bit AXI4-Stream
     */
    // requester request (the IP's s_axis_rq)
    output wire [511:0] m_axis_rq_tdata,
    output wire [15:0]  m_axis_rq_tkeep,
    output wire         m_axis_rq_tvalid,
    input  wire         m_axis_rq_tready,
    output wire         m_axis_rq_tlast,
    output wire [136:0] m_axis_rq_tuser,
    input  wire [5:0]   pcie_rq_seq_num0,
    input  wire         pcie_rq_seq_num_vld0,
    input  wire [5:0]   pcie_rq_seq_num1,
    input  wire         pcie_rq_seq_num_vld1,

    // requester completion (the IP's m_axis_rc)
    input  wire [511:0] s_axis_rc_tdata,
    input  wire [15:0]  s_axis_rc_tkeep,
    input  wire         s_axis_rc_tvalid,
    output wire         s_axis_rc_tready,
    input  wire         s_axis_rc_tlast,
    input  wire [160:0] s_axis_rc_tuser,

    // completer request (the IP's m_axis_cq)
    input  wire [511:0] s_axis_cq_tdata,
    input  wire [15:0]  s_axis_cq_tkeep,
    input  wire         s_axis_cq_tvalid,
    output wire         s_axis_cq_tready,
    input  wire         s_axis_cq_tlast,
    input  wire [182:0] s_axis_cq_tuser,

    // completer completion (the IP's s_axis_cc)
    output wire [511:0] m_axis_cc_tdata,
    output wire [15:0]  m_axis_cc_tkeep,
    output wire         m_axis_cc_tvalid,
    input  wire         m_axis_cc_tready,
    output wire         m_axis_cc_tlast,
    output wire [80:0]  m_axis_cc_tuser,

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
     * CMAC (cmac_usplus), 512-bit AXI4-Stream on its own clocks
     */
    input  wire         mac_tx_clk,
    input  wire         mac_tx_rst,
    output wire [511:0] m_axis_mac_tx_tdata,
    output wire [63:0]  m_axis_mac_tx_tkeep,
    output wire         m_axis_mac_tx_tvalid,
    input  wire         m_axis_mac_tx_tready,
    output wire         m_axis_mac_tx_tlast,
    output wire         m_axis_mac_tx_tuser,
    input  wire         mac_tx_ovfout,
    input  wire         mac_tx_unfout,

    input  wire         mac_rx_clk,
    input  wire         mac_rx_rst,
    input  wire [511:0] s_axis_mac_rx_tdata,
    input  wire [63:0]  s_axis_mac_rx_tkeep,
    input  wire         s_axis_mac_rx_tvalid,
    input  wire         s_axis_mac_rx_tlast,
    input  wire         s_axis_mac_rx_tuser,

    // a DMA read has failed since the last reset (sticky, clk)
    output wire         status_dma_rd_err
);

/*
 * The core behind its PCIe adapter (rtl/top/hpnic_core_pcie.v: the wiring
 * between hpnic_pcie and hpnic_core, the same module sim/nic's PCIe mode
 * simulates); the IP's port names map onto hpnic_pcie's here
 */
hpnic_core_pcie #(
    .CLK_MHZ(250),
    .BUILD_DATE(BUILD_DATE),
    .GIT_HASH(GIT_HASH),
    .MSIX_VECTORS(MSIX_VECTORS),
    .RQ_STRADDLE(RQ_STRADDLE),
    .RC_STRADDLE(RC_STRADDLE)
)
core_pcie_inst (
    .clk(clk),
    .rst(rst),

    .m_rq_tdata(m_axis_rq_tdata),
    .m_rq_tkeep(m_axis_rq_tkeep),
    .m_rq_tvalid(m_axis_rq_tvalid),
    .m_rq_tready(m_axis_rq_tready),
    .m_rq_tlast(m_axis_rq_tlast),
    .m_rq_tuser(m_axis_rq_tuser),
    .rq_seq_num0(pcie_rq_seq_num0),
    .rq_seq_num_vld0(pcie_rq_seq_num_vld0),
    .rq_seq_num1(pcie_rq_seq_num1),
    .rq_seq_num_vld1(pcie_rq_seq_num_vld1),

    .s_rc_tdata(s_axis_rc_tdata),
    .s_rc_tkeep(s_axis_rc_tkeep),
    .s_rc_tvalid(s_axis_rc_tvalid),
    .s_rc_tready(s_axis_rc_tready),
    .s_rc_tlast(s_axis_rc_tlast),
    .s_rc_tuser(s_axis_rc_tuser),

    .s_cq_tdata(s_axis_cq_tdata),
    .s_cq_tkeep(s_axis_cq_tkeep),
    .s_cq_tvalid(s_axis_cq_tvalid),
    .s_cq_tready(s_axis_cq_tready),
    .s_cq_tlast(s_axis_cq_tlast),
    .s_cq_tuser(s_axis_cq_tuser),

    .m_cc_tdata(m_axis_cc_tdata),
    .m_cc_tkeep(m_axis_cc_tkeep),
    .m_cc_tvalid(m_axis_cc_tvalid),
    .m_cc_tready(m_axis_cc_tready),
    .m_cc_tlast(m_axis_cc_tlast),
    .m_cc_tuser(m_axis_cc_tuser),

    .cfg_max_payload(cfg_max_payload),
    .cfg_max_read_req(cfg_max_read_req),

    .cfg_interrupt_msix_enable(cfg_interrupt_msix_enable),
    .cfg_interrupt_msix_mask(cfg_interrupt_msix_mask),
    .cfg_interrupt_msix_address(cfg_interrupt_msix_address),
    .cfg_interrupt_msix_data(cfg_interrupt_msix_data),
    .cfg_interrupt_msix_int(cfg_interrupt_msix_int),
    .cfg_interrupt_msix_sent(cfg_interrupt_msix_sent),
    .cfg_interrupt_msix_fail(cfg_interrupt_msix_fail),
    .cfg_interrupt_msi_function_number(cfg_interrupt_msi_function_number),
    .cfg_interrupt_msix_vec_pending(cfg_interrupt_msix_vec_pending),
    .pcie_cq_np_req(pcie_cq_np_req),

    .mac_tx_clk(mac_tx_clk),
    .mac_tx_rst(mac_tx_rst),
    .m_mac_tx_tdata(m_axis_mac_tx_tdata),
    .m_mac_tx_tkeep(m_axis_mac_tx_tkeep),
    .m_mac_tx_tvalid(m_axis_mac_tx_tvalid),
    .m_mac_tx_tready(m_axis_mac_tx_tready),
    .m_mac_tx_tlast(m_axis_mac_tx_tlast),
    .m_mac_tx_tuser(m_axis_mac_tx_tuser),
    .mac_tx_ovfout(mac_tx_ovfout),
    .mac_tx_unfout(mac_tx_unfout),

    .mac_rx_clk(mac_rx_clk),
    .mac_rx_rst(mac_rx_rst),
    .s_mac_rx_tdata(s_axis_mac_rx_tdata),
    .s_mac_rx_tkeep(s_axis_mac_rx_tkeep),
    .s_mac_rx_tvalid(s_axis_mac_rx_tvalid),
    .s_mac_rx_tlast(s_axis_mac_rx_tlast),
    .s_mac_rx_tuser(s_axis_mac_rx_tuser),

    .status_dma_rd_err(status_dma_rd_err)
);

endmodule

`resetall
