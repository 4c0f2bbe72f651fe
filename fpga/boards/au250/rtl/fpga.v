// SPDX-License-Identifier: MIT
/*
 * hpnic on the AMD Alveo U250 (xcu250-figd2104-2L-e): the board top.
 *
 * Owns everything that is this board's or a vendor's: pins, clock buffers,
 * the PCIe integrated block (pcie4_uscale_plus_0, ip/pcie4_uscale_plus_0.tcl:
 * Gen3 x16, 512-bit AXI4-Stream at 250 MHz), the 100G MAC on QSFP28 port 0
 * (cmac_usplus_0, ip/cmac_usplus_0.tcl: CAUI-4, RS-FEC, its GTYs inside),
 * the QSFP sideband, the LEDs, and one reset synchronizer per clock domain.
 * The NIC itself is fpga_core.v, which has no vendor cell.
 *
 * Clocks
 *   pcie_refclk      100 MHz from the edge connector -> IBUFDS_GTE4: O to the
 *                    block's GTs (sys_clk_gt), ODIV2 through BUFG_GT (sys_clk)
 *   pcie_user_clk    250 MHz from the block (user_clk): fpga_core's clk
 *   clk_300mhz_0     300 MHz board oscillator -> IBUFDS -> BUFGCE_DIV / 3:
 *                    init_clk, 100 MHz, free running (the CMAC's init and DRP
 *                    clock, GT_DRP_CLK in ip/cmac_usplus_0.tcl; the power-on
 *                    reset)
 *   qsfp0_mgt_refclk_1  156.25 MHz (the SI5335 with FS = 01) straight to the
 *                    CMAC, which buffers it itself
 *   mac_clk          the CMAC's gt_txusrclk2, 322.265625 MHz: its TX side,
 *                    and its RX side too (rx_clk looped back from it, the RX
 *                    FIFO in the core is on), so TX and RX are one domain here
 *
 * Resets (active high inside, each released synchronously to its clock)
 *   init_rst  power-on: about 655 us of init_clk after configuration;
 *             resets the CMAC (sys_reset) and holds the QSFP module in reset
 *   rst       the block's user_reset, into pcie_user_clk: fpga_core and the core
 *   mac_tx_rst  the CMAC's usr_tx_reset, or the link not aligned, into mac_clk
 *   mac_rx_rst  the CMAC's usr_rx_reset into mac_clk
 *   PERST# (pcie_reset_n) goes to the block's sys_reset (active low) as is.
 *
 * LEDs: led[0] PCIe link up, led[1] QSFP0 receive side aligned, led[2] a DMA
 * read has failed since reset. Drive high = on; the polarity on the board is
 * not checked here.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

module fpga #(
    parameter BUILD_DATE = 32'h2026_1128,
    parameter GIT_HASH = 32'h0
) (
    // 300 MHz oscillator (the DDR4 channel 0 clock input)
    input  wire         clk_300mhz_0_p,
    input  wire         clk_300mhz_0_n,

    // PCIe edge connector
    output wire [15:0]  pcie_tx_p,
    output wire [15:0]  pcie_tx_n,
    input  wire [15:0]  pcie_rx_p,
    input  wire [15:0]  pcie_rx_n,
    input  wire         pcie_refclk_p,
    input  wire         pcie_refclk_n,
    input  wire         pcie_reset_n,

    // QSFP28 port 0
    output wire [3:0]   qsfp0_tx_p,
    output wire [3:0]   qsfp0_tx_n,
    input  wire [3:0]   qsfp0_rx_p,
    input  wire [3:0]   qsfp0_rx_n,
    input  wire         qsfp0_mgt_refclk_1_p,
    input  wire         qsfp0_mgt_refclk_1_n,
    output wire         qsfp0_modsell,
    output wire         qsfp0_resetl,
    output wire         qsfp0_lpmode,
    input  wire         qsfp0_modprsl,
    // no module management (I2C) yet: the interrupt line has no reader
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire         qsfp0_intl,
    /* verilator lint_on UNUSEDSIGNAL */
    // the SI5335 reference clock generator of QSFP0: reset, frequency select
    output wire         qsfp0_refclk_reset,
    output wire [1:0]   qsfp0_fs,

    output wire [2:0]   led
);

// outputs of the vendor IP that nothing reads are left open on purpose
// verilator lint_off PINCONNECTEMPTY

/*
 * Free-running 100 MHz init clock and the power-on reset
 */
wire clk_300mhz_ibuf;
wire init_clk;

IBUFDS
clk_300mhz_ibufds_inst (
    .I(clk_300mhz_0_p),
    .IB(clk_300mhz_0_n),
    .O(clk_300mhz_ibuf)
);

BUFGCE_DIV #(
    .BUFGCE_DIVIDE(3)
)
init_clk_bufg_inst (
    .I(clk_300mhz_ibuf),
    .CE(1'b1),
    .CLR(1'b0),
    .O(init_clk)
);

// held for 2^16 init_clk cycles after configuration (the flip-flops start
// from their INIT values), so the oscillator and the QSFP module settle
reg [16:0] por_cnt_reg = 17'd0;
reg        por_reg = 1'b1;

always @(posedge init_clk) begin
    if (!por_cnt_reg[16]) begin
        por_cnt_reg <= por_cnt_reg + 17'd1;
    end
    por_reg <= !por_cnt_reg[16];
end

wire init_rst;

hpnic_sync_reset
init_rst_inst (
    .clk(init_clk),
    .rst_in(por_reg),
    .rst_out(init_rst)
);

/*
 * PCIe: reference clock, the integrated block
 */
wire pcie_sys_clk_gt, pcie_sys_clk_div2, pcie_sys_clk;

IBUFDS_GTE4 #(
    .REFCLK_HROW_CK_SEL(2'b00)      // ODIV2 = O (100 MHz) for the BUFG_GT
)
pcie_refclk_ibufds_inst (
    .I(pcie_refclk_p),
    .IB(pcie_refclk_n),
    .CEB(1'b0),
    .O(pcie_sys_clk_gt),
    .ODIV2(pcie_sys_clk_div2)
);

BUFG_GT
pcie_sys_clk_bufg_inst (
    .I(pcie_sys_clk_div2),
    .CE(1'b1),
    .CEMASK(1'b0),
    .CLR(1'b0),
    .CLRMASK(1'b0),
    .DIV(3'd0),
    .O(pcie_sys_clk)
);

wire          pcie_user_clk, pcie_user_reset, pcie_user_lnk_up;

wire [511:0]  axis_rq_tdata, axis_rc_tdata, axis_cq_tdata, axis_cc_tdata;
wire [15:0]   axis_rq_tkeep, axis_rc_tkeep, axis_cq_tkeep, axis_cc_tkeep;
wire          axis_rq_tvalid, axis_rc_tvalid, axis_cq_tvalid, axis_cc_tvalid;
wire          axis_rq_tlast, axis_rc_tlast, axis_cq_tlast, axis_cc_tlast;
wire          axis_rc_tready, axis_cq_tready;
// four copies of one ready (PG213): bit 0 is used
/* verilator lint_off UNUSEDSIGNAL */
wire [3:0]    axis_rq_tready, axis_cc_tready;
/* verilator lint_on UNUSEDSIGNAL */
wire [136:0]  axis_rq_tuser;
wire [160:0]  axis_rc_tuser;
wire [182:0]  axis_cq_tuser;
wire [80:0]   axis_cc_tuser;

wire [5:0]    rq_seq_num0, rq_seq_num1;
wire          rq_seq_num_vld0, rq_seq_num_vld1;
wire [1:0]    cfg_max_payload;
wire [2:0]    cfg_max_read_req;
wire [3:0]    cfg_flr_in_process;
wire [3:0]    msix_enable, msix_mask;
wire [63:0]   msix_address;
wire [31:0]   msix_data;
wire          msix_int, msix_sent, msix_fail;
wire [7:0]    msix_function_number;
wire [1:0]    cq_np_req;
wire [1:0]    msix_vec_pending;

// a function level reset is acknowledged a cycle after it is requested; the
// core holds no per-function state the reset would have to clear first
reg [3:0] cfg_flr_done_reg = 4'd0;

always @(posedge pcie_user_clk) begin
    cfg_flr_done_reg <= cfg_flr_in_process & ~cfg_flr_done_reg;
end

pcie4_uscale_plus_0
pcie_inst (
    .pci_exp_txn(pcie_tx_n),
    .pci_exp_txp(pcie_tx_p),
    .pci_exp_rxn(pcie_rx_n),
    .pci_exp_rxp(pcie_rx_p),

    .user_clk(pcie_user_clk),
    .user_reset(pcie_user_reset),
    .user_lnk_up(pcie_user_lnk_up),

    .s_axis_rq_tdata(axis_rq_tdata),
    .s_axis_rq_tkeep(axis_rq_tkeep),
    .s_axis_rq_tlast(axis_rq_tlast),
    .s_axis_rq_tready(axis_rq_tready),
    .s_axis_rq_tuser(axis_rq_tuser),
    .s_axis_rq_tvalid(axis_rq_tvalid),

    .m_axis_rc_tdata(axis_rc_tdata),
    .m_axis_rc_tkeep(axis_rc_tkeep),
    .m_axis_rc_tlast(axis_rc_tlast),
    .m_axis_rc_tready(axis_rc_tready),
    .m_axis_rc_tuser(axis_rc_tuser),
    .m_axis_rc_tvalid(axis_rc_tvalid),

    .m_axis_cq_tdata(axis_cq_tdata),
    .m_axis_cq_tkeep(axis_cq_tkeep),
    .m_axis_cq_tlast(axis_cq_tlast),
    .m_axis_cq_tready(axis_cq_tready),
    .m_axis_cq_tuser(axis_cq_tuser),
    .m_axis_cq_tvalid(axis_cq_tvalid),

    .s_axis_cc_tdata(axis_cc_tdata),
    .s_axis_cc_tkeep(axis_cc_tkeep),
    .s_axis_cc_tlast(axis_cc_tlast),
    .s_axis_cc_tready(axis_cc_tready),
    .s_axis_cc_tuser(axis_cc_tuser),
    .s_axis_cc_tvalid(axis_cc_tvalid),

    .pcie_rq_seq_num0(rq_seq_num0),
    .pcie_rq_seq_num_vld0(rq_seq_num_vld0),
    .pcie_rq_seq_num1(rq_seq_num1),
    .pcie_rq_seq_num_vld1(rq_seq_num_vld1),
    .pcie_rq_tag0(),
    .pcie_rq_tag1(),
    .pcie_rq_tag_av(),
    .pcie_rq_tag_vld0(),
    .pcie_rq_tag_vld1(),
    .pcie_tfc_nph_av(),
    .pcie_tfc_npd_av(),
    // a non-posted credit every cycle (saturates in the block): CQ is
    // flow-controlled by m_axis_cq_tready alone
    .pcie_cq_np_req(cq_np_req),
    .pcie_cq_np_req_count(),

    .cfg_phy_link_down(),
    .cfg_phy_link_status(),
    .cfg_negotiated_width(),
    .cfg_current_speed(),
    .cfg_max_payload(cfg_max_payload),
    .cfg_max_read_req(cfg_max_read_req),
    .cfg_function_status(),
    .cfg_function_power_state(),
    .cfg_vf_status(),
    .cfg_vf_power_state(),
    .cfg_link_power_state(),

    // configuration management port: unused
    .cfg_mgmt_addr(10'd0),
    .cfg_mgmt_function_number(8'd0),
    .cfg_mgmt_write(1'b0),
    .cfg_mgmt_write_data(32'd0),
    .cfg_mgmt_byte_enable(4'd0),
    .cfg_mgmt_read(1'b0),
    .cfg_mgmt_read_data(),
    .cfg_mgmt_read_write_done(),
    .cfg_mgmt_debug_access(1'b0),

    .cfg_err_cor_out(),
    .cfg_err_nonfatal_out(),
    .cfg_err_fatal_out(),
    .cfg_local_error_valid(),
    .cfg_local_error_out(),
    .cfg_ltssm_state(),
    .cfg_rx_pm_state(),
    .cfg_tx_pm_state(),
    .cfg_rcb_status(),
    .cfg_obff_enable(),
    .cfg_pl_status_change(),
    .cfg_tph_requester_enable(),
    .cfg_tph_st_mode(),
    .cfg_vf_tph_requester_enable(),
    .cfg_vf_tph_st_mode(),

    .cfg_msg_received(),
    .cfg_msg_received_data(),
    .cfg_msg_received_type(),
    .cfg_msg_transmit(1'b0),
    .cfg_msg_transmit_type(3'd0),
    .cfg_msg_transmit_data(32'd0),
    .cfg_msg_transmit_done(),

    .cfg_fc_ph(),
    .cfg_fc_pd(),
    .cfg_fc_nph(),
    .cfg_fc_npd(),
    .cfg_fc_cplh(),
    .cfg_fc_cpld(),
    .cfg_fc_sel(3'd0),

    // no device serial number capability is configured
    .cfg_dsn(64'd0),
    .cfg_bus_number(),
    .cfg_power_state_change_ack(1'b1),
    .cfg_power_state_change_interrupt(),
    .cfg_err_cor_in(1'b0),
    .cfg_err_uncor_in(1'b0),
    .cfg_flr_in_process(cfg_flr_in_process),
    .cfg_flr_done(cfg_flr_done_reg),
    .cfg_vf_flr_in_process(),
    .cfg_vf_flr_func_num(8'd0),
    .cfg_vf_flr_done(1'b0),
    .cfg_link_training_enable(1'b1),

    // no extended configuration space in user logic
    .cfg_ext_read_received(),
    .cfg_ext_write_received(),
    .cfg_ext_register_number(),
    .cfg_ext_function_number(),
    .cfg_ext_write_data(),
    .cfg_ext_write_byte_enable(),
    .cfg_ext_read_data(32'd0),
    .cfg_ext_read_data_valid(1'b0),

    // no INTx, no MSI: MSI-X only, table in user logic (fpga_core)
    .cfg_interrupt_int(4'd0),
    .cfg_interrupt_pending(4'd0),
    .cfg_interrupt_sent(),
    .cfg_interrupt_msi_enable(),
    .cfg_interrupt_msi_mmenable(),
    .cfg_interrupt_msi_mask_update(),
    .cfg_interrupt_msi_data(),
    .cfg_interrupt_msi_select(2'd0),
    .cfg_interrupt_msi_int(32'd0),
    .cfg_interrupt_msi_pending_status(32'd0),
    .cfg_interrupt_msi_pending_status_data_enable(1'b0),
    .cfg_interrupt_msi_pending_status_function_num(2'd0),
    // PG213: an MSI-X request (cfg_interrupt_msix_int) is answered on the
    // MSI sent/fail outputs and names its function on the MSI function number
    .cfg_interrupt_msi_sent(msix_sent),
    .cfg_interrupt_msi_fail(msix_fail),
    .cfg_interrupt_msi_attr(3'd0),
    .cfg_interrupt_msi_tph_present(1'b0),
    .cfg_interrupt_msi_tph_type(2'd0),
    .cfg_interrupt_msi_tph_st_tag(8'd0),
    .cfg_interrupt_msi_function_number(msix_function_number),
    .cfg_interrupt_msix_enable(msix_enable),
    .cfg_interrupt_msix_mask(msix_mask),
    .cfg_interrupt_msix_vf_enable(),
    .cfg_interrupt_msix_vf_mask(),
    .cfg_pm_aspm_l1_entry_reject(1'b0),
    .cfg_pm_aspm_tx_l0s_entry_disable(1'b0),
    .cfg_interrupt_msix_data(msix_data),
    .cfg_interrupt_msix_address(msix_address),
    .cfg_interrupt_msix_int(msix_int),
    .cfg_interrupt_msix_vec_pending(msix_vec_pending),
    .cfg_interrupt_msix_vec_pending_status(),

    .cfg_hot_reset_out(),
    .cfg_config_space_enable(1'b1),
    .cfg_req_pm_transition_l23_ready(1'b0),
    .cfg_hot_reset_in(1'b0),
    .cfg_ds_port_number(8'd0),
    .cfg_ds_bus_number(8'd0),
    .cfg_ds_device_number(5'd0),

    .sys_clk(pcie_sys_clk),
    .sys_clk_gt(pcie_sys_clk_gt),
    .sys_reset(pcie_reset_n)
);

wire rst;

hpnic_sync_reset
pcie_rst_inst (
    .clk(pcie_user_clk),
    .rst_in(pcie_user_reset),
    .rst_out(rst)
);

/*
 * QSFP0: sideband, reference clock, the CMAC
 */
// one module on its own bus: always selected, full power; held in reset
// after power-on and while no module is present
assign qsfp0_modsell = 1'b0;
assign qsfp0_lpmode = 1'b0;
assign qsfp0_resetl = !(init_rst || qsfp0_modprsl);
// the SI5335 feeding MGTREFCLK1 of quad 231 runs, at 156.25 MHz (FS = 01)
assign qsfp0_refclk_reset = 1'b0;
assign qsfp0_fs = 2'b01;

wire          mac_clk;
wire          mac_usr_tx_reset, mac_usr_rx_reset;
wire          mac_rx_aligned;

wire [511:0]  mac_tx_tdata, mac_rx_tdata;
wire [63:0]   mac_tx_tkeep, mac_rx_tkeep;
wire          mac_tx_tvalid, mac_tx_tready, mac_tx_tlast, mac_tx_tuser;
wire          mac_rx_tvalid, mac_rx_tlast, mac_rx_tuser;
wire          mac_tx_ovfout, mac_tx_unfout;

// the receive side's alignment, into mac_clk (TX enable, TX reset) and
// into the PCIe user clock (nothing yet but the LED)
wire mac_rx_aligned_mac;

hpnic_sync_bit
mac_aligned_sync_inst (
    .clk(mac_clk),
    .in(mac_rx_aligned),
    .out(mac_rx_aligned_mac)
);

cmac_usplus_0
cmac_inst (
    .gt_rxp_in(qsfp0_rx_p),
    .gt_rxn_in(qsfp0_rx_n),
    .gt_txp_out(qsfp0_tx_p),
    .gt_txn_out(qsfp0_tx_n),
    .gt_txusrclk2(mac_clk),
    .gt_loopback_in(12'd0),
    .gt_ref_clk_out(),
    .gt_rxrecclkout(),
    .gt_powergoodout(),
    .gtwiz_reset_tx_datapath(1'b0),
    .gtwiz_reset_rx_datapath(1'b0),

    // RS-FEC (clause 91) on in both directions, correcting and indicating
    .ctl_tx_rsfec_enable(1'b1),
    .ctl_rx_rsfec_enable(1'b1),
    .ctl_rsfec_ieee_error_indication_mode(1'b1),
    .ctl_rx_rsfec_enable_correction(1'b1),
    .ctl_rx_rsfec_enable_indication(1'b1),
    .stat_rx_rsfec_am_lock0(),
    .stat_rx_rsfec_am_lock1(),
    .stat_rx_rsfec_am_lock2(),
    .stat_rx_rsfec_am_lock3(),
    .stat_rx_rsfec_corrected_cw_inc(),
    .stat_rx_rsfec_cw_inc(),
    .stat_rx_rsfec_err_count0_inc(),
    .stat_rx_rsfec_err_count1_inc(),
    .stat_rx_rsfec_err_count2_inc(),
    .stat_rx_rsfec_err_count3_inc(),
    .stat_rx_rsfec_hi_ser(),
    .stat_rx_rsfec_lane_alignment_status(),
    .stat_rx_rsfec_lane_fill_0(),
    .stat_rx_rsfec_lane_fill_1(),
    .stat_rx_rsfec_lane_fill_2(),
    .stat_rx_rsfec_lane_fill_3(),
    .stat_rx_rsfec_lane_mapping(),
    .stat_rx_rsfec_uncorrected_cw_inc(),

    .sys_reset(init_rst),
    .gt_ref_clk_p(qsfp0_mgt_refclk_1_p),
    .gt_ref_clk_n(qsfp0_mgt_refclk_1_n),
    .init_clk(init_clk),

    .rx_axis_tvalid(mac_rx_tvalid),
    .rx_axis_tdata(mac_rx_tdata),
    .rx_axis_tlast(mac_rx_tlast),
    .rx_axis_tkeep(mac_rx_tkeep),
    .rx_axis_tuser(mac_rx_tuser),
    .rx_preambleout(),
    .usr_rx_reset(mac_usr_rx_reset),
    .gt_rxusrclk2(),
    .stat_rx_aligned(mac_rx_aligned),
    .stat_rx_status(),
    .stat_rx_local_fault(),
    .stat_rx_remote_fault(),
    .stat_rx_internal_local_fault(),
    .stat_rx_received_local_fault(),

    // the other status outputs (OTN, per-lane, per-frame counters): not read
    .rx_otn_bip8_0(), .rx_otn_bip8_1(), .rx_otn_bip8_2(), .rx_otn_bip8_3(), .rx_otn_bip8_4(),
    .rx_otn_data_0(), .rx_otn_data_1(), .rx_otn_data_2(), .rx_otn_data_3(), .rx_otn_data_4(),
    .rx_otn_ena(), .rx_otn_lane0(), .rx_otn_vlmarker(), .stat_rx_aligned_err(),
    .stat_rx_bad_code(), .stat_rx_bad_fcs(), .stat_rx_bad_preamble(), .stat_rx_bad_sfd(),
    .stat_rx_bip_err_0(), .stat_rx_bip_err_1(), .stat_rx_bip_err_2(), .stat_rx_bip_err_3(),
    .stat_rx_bip_err_4(), .stat_rx_bip_err_5(), .stat_rx_bip_err_6(), .stat_rx_bip_err_7(),
    .stat_rx_bip_err_8(), .stat_rx_bip_err_9(), .stat_rx_bip_err_10(), .stat_rx_bip_err_11(),
    .stat_rx_bip_err_12(), .stat_rx_bip_err_13(), .stat_rx_bip_err_14(), .stat_rx_bip_err_15(),
    .stat_rx_bip_err_16(), .stat_rx_bip_err_17(), .stat_rx_bip_err_18(), .stat_rx_bip_err_19(),
    .stat_rx_block_lock(), .stat_rx_broadcast(), .stat_rx_fragment(), .stat_rx_framing_err_0(),
    .stat_rx_framing_err_1(), .stat_rx_framing_err_2(), .stat_rx_framing_err_3(),
    .stat_rx_framing_err_4(), .stat_rx_framing_err_5(), .stat_rx_framing_err_6(),
    .stat_rx_framing_err_7(), .stat_rx_framing_err_8(), .stat_rx_framing_err_9(),
    .stat_rx_framing_err_10(), .stat_rx_framing_err_11(), .stat_rx_framing_err_12(),
    .stat_rx_framing_err_13(), .stat_rx_framing_err_14(), .stat_rx_framing_err_15(),
    .stat_rx_framing_err_16(), .stat_rx_framing_err_17(), .stat_rx_framing_err_18(),
    .stat_rx_framing_err_19(), .stat_rx_framing_err_valid_0(), .stat_rx_framing_err_valid_1(),
    .stat_rx_framing_err_valid_2(), .stat_rx_framing_err_valid_3(), .stat_rx_framing_err_valid_4(),
    .stat_rx_framing_err_valid_5(), .stat_rx_framing_err_valid_6(), .stat_rx_framing_err_valid_7(),
    .stat_rx_framing_err_valid_8(), .stat_rx_framing_err_valid_9(),
    .stat_rx_framing_err_valid_10(), .stat_rx_framing_err_valid_11(),
    .stat_rx_framing_err_valid_12(), .stat_rx_framing_err_valid_13(),
    .stat_rx_framing_err_valid_14(), .stat_rx_framing_err_valid_15(),
    .stat_rx_framing_err_valid_16(), .stat_rx_framing_err_valid_17(),
    .stat_rx_framing_err_valid_18(), .stat_rx_framing_err_valid_19(), .stat_rx_got_signal_os(),
    .stat_rx_hi_ber(), .stat_rx_inrangeerr(), .stat_rx_jabber(), .stat_rx_mf_err(),
    .stat_rx_mf_len_err(), .stat_rx_mf_repeat_err(), .stat_rx_misaligned(), .stat_rx_multicast(),
    .stat_rx_oversize(), .stat_rx_packet_1024_1518_bytes(), .stat_rx_packet_128_255_bytes(),
    .stat_rx_packet_1519_1522_bytes(), .stat_rx_packet_1523_1548_bytes(),
    .stat_rx_packet_1549_2047_bytes(), .stat_rx_packet_2048_4095_bytes(),
    .stat_rx_packet_256_511_bytes(), .stat_rx_packet_4096_8191_bytes(),
    .stat_rx_packet_512_1023_bytes(), .stat_rx_packet_64_bytes(), .stat_rx_packet_65_127_bytes(),
    .stat_rx_packet_8192_9215_bytes(), .stat_rx_packet_bad_fcs(), .stat_rx_packet_large(),
    .stat_rx_packet_small(), .stat_rx_stomped_fcs(), .stat_rx_synced(), .stat_rx_synced_err(),
    .stat_rx_test_pattern_mismatch(), .stat_rx_toolong(), .stat_rx_total_bytes(),
    .stat_rx_total_good_bytes(), .stat_rx_total_good_packets(), .stat_rx_total_packets(),
    .stat_rx_truncated(), .stat_rx_undersize(), .stat_rx_unicast(), .stat_rx_vlan(),
    .stat_rx_pcsl_demuxed(), .stat_rx_pcsl_number_0(), .stat_rx_pcsl_number_1(),
    .stat_rx_pcsl_number_2(), .stat_rx_pcsl_number_3(), .stat_rx_pcsl_number_4(),
    .stat_rx_pcsl_number_5(), .stat_rx_pcsl_number_6(), .stat_rx_pcsl_number_7(),
    .stat_rx_pcsl_number_8(), .stat_rx_pcsl_number_9(), .stat_rx_pcsl_number_10(),
    .stat_rx_pcsl_number_11(), .stat_rx_pcsl_number_12(), .stat_rx_pcsl_number_13(),
    .stat_rx_pcsl_number_14(), .stat_rx_pcsl_number_15(), .stat_rx_pcsl_number_16(),
    .stat_rx_pcsl_number_17(), .stat_rx_pcsl_number_18(), .stat_rx_pcsl_number_19(),
    .stat_tx_bad_fcs(), .stat_tx_broadcast(), .stat_tx_frame_error(), .stat_tx_local_fault(),
    .stat_tx_multicast(), .stat_tx_packet_1024_1518_bytes(), .stat_tx_packet_128_255_bytes(),
    .stat_tx_packet_1519_1522_bytes(), .stat_tx_packet_1523_1548_bytes(),
    .stat_tx_packet_1549_2047_bytes(), .stat_tx_packet_2048_4095_bytes(),
    .stat_tx_packet_256_511_bytes(), .stat_tx_packet_4096_8191_bytes(),
    .stat_tx_packet_512_1023_bytes(), .stat_tx_packet_64_bytes(), .stat_tx_packet_65_127_bytes(),
    .stat_tx_packet_8192_9215_bytes(), .stat_tx_packet_large(), .stat_tx_packet_small(),
    .stat_tx_total_bytes(), .stat_tx_total_good_bytes(), .stat_tx_total_good_packets(),
    .stat_tx_total_packets(), .stat_tx_unicast(), .stat_tx_vlan(),

    .ctl_rx_enable(1'b1),
    .ctl_rx_force_resync(1'b0),
    .ctl_rx_test_pattern(1'b0),
    .core_rx_reset(1'b0),
    // the RX FIFO in the core is on: RX user data on the TX user clock
    .rx_clk(mac_clk),

    // TX: remote fault indication until the receive side is aligned, then
    // frames (the start-up sequence of PG203)
    .ctl_tx_enable(mac_rx_aligned_mac),
    .ctl_tx_send_idle(1'b0),
    .ctl_tx_send_rfi(!mac_rx_aligned_mac),
    .ctl_tx_send_lfi(1'b0),
    .ctl_tx_test_pattern(1'b0),
    .core_tx_reset(1'b0),

    .tx_axis_tready(mac_tx_tready),
    .tx_axis_tvalid(mac_tx_tvalid),
    .tx_axis_tdata(mac_tx_tdata),
    .tx_axis_tlast(mac_tx_tlast),
    .tx_axis_tkeep(mac_tx_tkeep),
    .tx_axis_tuser(mac_tx_tuser),
    .tx_ovfout(mac_tx_ovfout),
    .tx_unfout(mac_tx_unfout),
    .tx_preamblein(56'd0),
    .usr_tx_reset(mac_usr_tx_reset),

    .core_drp_reset(1'b0),
    .drp_clk(init_clk),
    .drp_addr(10'd0),
    .drp_di(16'd0),
    .drp_en(1'b0),
    .drp_do(),
    .drp_rdy(),
    .drp_we(1'b0)
);

// the MAC shim's sides: TX held in reset (frames dropped and counted,
// docs/shim.md) while the link is not aligned
wire mac_tx_rst, mac_rx_rst;

// registered first: no combinational glitch reaches the asynchronous input
reg mac_tx_rst_req_reg = 1'b1;

always @(posedge mac_clk) begin
    mac_tx_rst_req_reg <= mac_usr_tx_reset || !mac_rx_aligned_mac;
end

hpnic_sync_reset
mac_tx_rst_inst (
    .clk(mac_clk),
    .rst_in(mac_tx_rst_req_reg),
    .rst_out(mac_tx_rst)
);

hpnic_sync_reset
mac_rx_rst_inst (
    .clk(mac_clk),
    .rst_in(mac_usr_rx_reset),
    .rst_out(mac_rx_rst)
);

/*
 * The NIC
 */
wire status_dma_rd_err;

fpga_core #(
    .BUILD_DATE(BUILD_DATE),
    .GIT_HASH(GIT_HASH)
)
core_inst (
    .clk(pcie_user_clk),
    .rst(rst),

    .m_axis_rq_tdata(axis_rq_tdata),
    .m_axis_rq_tkeep(axis_rq_tkeep),
    .m_axis_rq_tvalid(axis_rq_tvalid),
    // the four tready bits are copies of one
    .m_axis_rq_tready(axis_rq_tready[0]),
    .m_axis_rq_tlast(axis_rq_tlast),
    .m_axis_rq_tuser(axis_rq_tuser),
    .pcie_rq_seq_num0(rq_seq_num0),
    .pcie_rq_seq_num_vld0(rq_seq_num_vld0),
    .pcie_rq_seq_num1(rq_seq_num1),
    .pcie_rq_seq_num_vld1(rq_seq_num_vld1),

    .s_axis_rc_tdata(axis_rc_tdata),
    .s_axis_rc_tkeep(axis_rc_tkeep),
    .s_axis_rc_tvalid(axis_rc_tvalid),
    .s_axis_rc_tready(axis_rc_tready),
    .s_axis_rc_tlast(axis_rc_tlast),
    .s_axis_rc_tuser(axis_rc_tuser),

    .s_axis_cq_tdata(axis_cq_tdata),
    .s_axis_cq_tkeep(axis_cq_tkeep),
    .s_axis_cq_tvalid(axis_cq_tvalid),
    .s_axis_cq_tready(axis_cq_tready),
    .s_axis_cq_tlast(axis_cq_tlast),
    .s_axis_cq_tuser(axis_cq_tuser),

    .m_axis_cc_tdata(axis_cc_tdata),
    .m_axis_cc_tkeep(axis_cc_tkeep),
    .m_axis_cc_tvalid(axis_cc_tvalid),
    .m_axis_cc_tready(axis_cc_tready[0]),
    .m_axis_cc_tlast(axis_cc_tlast),
    .m_axis_cc_tuser(axis_cc_tuser),

    // the block's MPS field is 2 bits (its largest MPS is 1024 bytes)
    .cfg_max_payload({1'b0, cfg_max_payload}),
    .cfg_max_read_req(cfg_max_read_req),

    .cfg_interrupt_msix_enable(msix_enable),
    .cfg_interrupt_msix_mask(msix_mask),
    .cfg_interrupt_msix_address(msix_address),
    .cfg_interrupt_msix_data(msix_data),
    .cfg_interrupt_msix_int(msix_int),
    .cfg_interrupt_msix_sent(msix_sent),
    .cfg_interrupt_msix_fail(msix_fail),
    .cfg_interrupt_msi_function_number(msix_function_number),
    .cfg_interrupt_msix_vec_pending(msix_vec_pending),
    .pcie_cq_np_req(cq_np_req),

    .mac_tx_clk(mac_clk),
    .mac_tx_rst(mac_tx_rst),
    .m_axis_mac_tx_tdata(mac_tx_tdata),
    .m_axis_mac_tx_tkeep(mac_tx_tkeep),
    .m_axis_mac_tx_tvalid(mac_tx_tvalid),
    .m_axis_mac_tx_tready(mac_tx_tready),
    .m_axis_mac_tx_tlast(mac_tx_tlast),
    .m_axis_mac_tx_tuser(mac_tx_tuser),
    .mac_tx_ovfout(mac_tx_ovfout),
    .mac_tx_unfout(mac_tx_unfout),

    .mac_rx_clk(mac_clk),
    .mac_rx_rst(mac_rx_rst),
    .s_axis_mac_rx_tdata(mac_rx_tdata),
    .s_axis_mac_rx_tkeep(mac_rx_tkeep),
    .s_axis_mac_rx_tvalid(mac_rx_tvalid),
    .s_axis_mac_rx_tlast(mac_rx_tlast),
    .s_axis_mac_rx_tuser(mac_rx_tuser),

    .status_dma_rd_err(status_dma_rd_err)
);

/*
 * LEDs (asynchronous outputs: no synchronizer needed)
 */
assign led[0] = pcie_user_lnk_up;
assign led[1] = mac_rx_aligned_mac;
assign led[2] = status_dma_rd_err;

// verilator lint_on PINCONNECTEMPTY

endmodule

`resetall
