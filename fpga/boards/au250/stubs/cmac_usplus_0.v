// SPDX-License-Identifier: MIT
/*
 * Lint/simulation stand-in for cmac_usplus_0, the UltraScale+ 100G Ethernet
 * subsystem as ip/cmac_usplus_0.tcl configures it (CAUI-4 on four GTY
 * lanes, RS-FEC, 512-bit AXI4-Stream user interface, control and status on
 * ports rather than AXI4-Lite, no pause flow control, no time stamping,
 * the GT and its clocking inside the core). Not the IP: it has the ports
 * of the generated module for that configuration (PG203's port tables) so
 * that fpga.v can be checked by Verilator. Outputs are constants (the link
 * never aligns); gt_txusrclk2 and gt_rxusrclk2 follow init_clk.
 *
 * Clocks of the real core: gt_txusrclk2 (TX user clock, 322.265625 MHz,
 * drives the tx_axis_* side) and gt_rxusrclk2 (the same rate, recovered;
 * with the RX FIFO in the core rx_clk is looped back from gt_txusrclk2, so
 * rx_axis_* is on rx_clk). usr_tx_reset and usr_rx_reset are synchronous
 * to those clocks.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

// a stub: it takes the IP's inputs and uses none of them
/* verilator lint_off UNUSEDSIGNAL */
module cmac_usplus_0 (
    input  wire [3:0]   gt_rxp_in,
    input  wire [3:0]   gt_rxn_in,
    output wire [3:0]   gt_txp_out,
    output wire [3:0]   gt_txn_out,
    output wire         gt_txusrclk2,
    input  wire [11:0]  gt_loopback_in,
    output wire         gt_ref_clk_out,
    output wire [3:0]   gt_rxrecclkout,
    output wire [3:0]   gt_powergoodout,
    input  wire         gtwiz_reset_tx_datapath,
    input  wire         gtwiz_reset_rx_datapath,

    input  wire         ctl_tx_rsfec_enable,
    input  wire         ctl_rx_rsfec_enable,
    input  wire         ctl_rsfec_ieee_error_indication_mode,
    input  wire         ctl_rx_rsfec_enable_correction,
    input  wire         ctl_rx_rsfec_enable_indication,
    output wire         stat_rx_rsfec_am_lock0,
    output wire         stat_rx_rsfec_am_lock1,
    output wire         stat_rx_rsfec_am_lock2,
    output wire         stat_rx_rsfec_am_lock3,
    output wire         stat_rx_rsfec_corrected_cw_inc,
    output wire         stat_rx_rsfec_cw_inc,
    output wire [2:0]   stat_rx_rsfec_err_count0_inc,
    output wire [2:0]   stat_rx_rsfec_err_count1_inc,
    output wire [2:0]   stat_rx_rsfec_err_count2_inc,
    output wire [2:0]   stat_rx_rsfec_err_count3_inc,
    output wire         stat_rx_rsfec_hi_ser,
    output wire         stat_rx_rsfec_lane_alignment_status,
    output wire [13:0]  stat_rx_rsfec_lane_fill_0,
    output wire [13:0]  stat_rx_rsfec_lane_fill_1,
    output wire [13:0]  stat_rx_rsfec_lane_fill_2,
    output wire [13:0]  stat_rx_rsfec_lane_fill_3,
    output wire [7:0]   stat_rx_rsfec_lane_mapping,
    output wire         stat_rx_rsfec_uncorrected_cw_inc,

    input  wire         sys_reset,
    input  wire         gt_ref_clk_p,
    input  wire         gt_ref_clk_n,
    input  wire         init_clk,

    output wire         rx_axis_tvalid,
    output wire [511:0] rx_axis_tdata,
    output wire         rx_axis_tlast,
    output wire [63:0]  rx_axis_tkeep,
    output wire         rx_axis_tuser,
    output wire [7:0]   rx_otn_bip8_0,
    output wire [7:0]   rx_otn_bip8_1,
    output wire [7:0]   rx_otn_bip8_2,
    output wire [7:0]   rx_otn_bip8_3,
    output wire [7:0]   rx_otn_bip8_4,
    output wire [65:0]  rx_otn_data_0,
    output wire [65:0]  rx_otn_data_1,
    output wire [65:0]  rx_otn_data_2,
    output wire [65:0]  rx_otn_data_3,
    output wire [65:0]  rx_otn_data_4,
    output wire         rx_otn_ena,
    output wire         rx_otn_lane0,
    output wire         rx_otn_vlmarker,
    output wire [55:0]  rx_preambleout,
    output wire         usr_rx_reset,
    output wire         gt_rxusrclk2,

    output wire         stat_rx_aligned,
    output wire         stat_rx_aligned_err,
    output wire [2:0]   stat_rx_bad_code,
    output wire [2:0]   stat_rx_bad_fcs,
    output wire         stat_rx_bad_preamble,
    output wire         stat_rx_bad_sfd,
    output wire         stat_rx_bip_err_0,
    output wire         stat_rx_bip_err_1,
    output wire         stat_rx_bip_err_2,
    output wire         stat_rx_bip_err_3,
    output wire         stat_rx_bip_err_4,
    output wire         stat_rx_bip_err_5,
    output wire         stat_rx_bip_err_6,
    output wire         stat_rx_bip_err_7,
    output wire         stat_rx_bip_err_8,
    output wire         stat_rx_bip_err_9,
    output wire         stat_rx_bip_err_10,
    output wire         stat_rx_bip_err_11,
    output wire         stat_rx_bip_err_12,
    output wire         stat_rx_bip_err_13,
    output wire         stat_rx_bip_err_14,
    output wire         stat_rx_bip_err_15,
    output wire         stat_rx_bip_err_16,
    output wire         stat_rx_bip_err_17,
    output wire         stat_rx_bip_err_18,
    output wire         stat_rx_bip_err_19,
    output wire [19:0]  stat_rx_block_lock,
    output wire         stat_rx_broadcast,
    output wire [2:0]   stat_rx_fragment,
    output wire [1:0]   stat_rx_framing_err_0,
    output wire [1:0]   stat_rx_framing_err_1,
    output wire [1:0]   stat_rx_framing_err_2,
    output wire [1:0]   stat_rx_framing_err_3,
    output wire [1:0]   stat_rx_framing_err_4,
    output wire [1:0]   stat_rx_framing_err_5,
    output wire [1:0]   stat_rx_framing_err_6,
    output wire [1:0]   stat_rx_framing_err_7,
    output wire [1:0]   stat_rx_framing_err_8,
    output wire [1:0]   stat_rx_framing_err_9,
    output wire [1:0]   stat_rx_framing_err_10,
    output wire [1:0]   stat_rx_framing_err_11,
    output wire [1:0]   stat_rx_framing_err_12,
    output wire [1:0]   stat_rx_framing_err_13,
    output wire [1:0]   stat_rx_framing_err_14,
    output wire [1:0]   stat_rx_framing_err_15,
    output wire [1:0]   stat_rx_framing_err_16,
    output wire [1:0]   stat_rx_framing_err_17,
    output wire [1:0]   stat_rx_framing_err_18,
    output wire [1:0]   stat_rx_framing_err_19,
    output wire         stat_rx_framing_err_valid_0,
    output wire         stat_rx_framing_err_valid_1,
    output wire         stat_rx_framing_err_valid_2,
    output wire         stat_rx_framing_err_valid_3,
    output wire         stat_rx_framing_err_valid_4,
    output wire         stat_rx_framing_err_valid_5,
    output wire         stat_rx_framing_err_valid_6,
    output wire         stat_rx_framing_err_valid_7,
    output wire         stat_rx_framing_err_valid_8,
    output wire         stat_rx_framing_err_valid_9,
    output wire         stat_rx_framing_err_valid_10,
    output wire         stat_rx_framing_err_valid_11,
    output wire         stat_rx_framing_err_valid_12,
    output wire         stat_rx_framing_err_valid_13,
    output wire         stat_rx_framing_err_valid_14,
    output wire         stat_rx_framing_err_valid_15,
    output wire         stat_rx_framing_err_valid_16,
    output wire         stat_rx_framing_err_valid_17,
    output wire         stat_rx_framing_err_valid_18,
    output wire         stat_rx_framing_err_valid_19,
    output wire         stat_rx_got_signal_os,
    output wire         stat_rx_hi_ber,
    output wire         stat_rx_inrangeerr,
    output wire         stat_rx_internal_local_fault,
    output wire         stat_rx_jabber,
    output wire         stat_rx_local_fault,
    output wire [19:0]  stat_rx_mf_err,
    output wire [19:0]  stat_rx_mf_len_err,
    output wire [19:0]  stat_rx_mf_repeat_err,
    output wire         stat_rx_misaligned,
    output wire         stat_rx_multicast,
    output wire         stat_rx_oversize,
    output wire         stat_rx_packet_1024_1518_bytes,
    output wire         stat_rx_packet_128_255_bytes,
    output wire         stat_rx_packet_1519_1522_bytes,
    output wire         stat_rx_packet_1523_1548_bytes,
    output wire         stat_rx_packet_1549_2047_bytes,
    output wire         stat_rx_packet_2048_4095_bytes,
    output wire         stat_rx_packet_256_511_bytes,
    output wire         stat_rx_packet_4096_8191_bytes,
    output wire         stat_rx_packet_512_1023_bytes,
    output wire         stat_rx_packet_64_bytes,
    output wire         stat_rx_packet_65_127_bytes,
    output wire         stat_rx_packet_8192_9215_bytes,
    output wire         stat_rx_packet_bad_fcs,
    output wire         stat_rx_packet_large,
    output wire [2:0]   stat_rx_packet_small,
    input  wire         ctl_rx_enable,
    input  wire         ctl_rx_force_resync,
    input  wire         ctl_rx_test_pattern,
    input  wire         core_rx_reset,
    input  wire         rx_clk,
    output wire         stat_rx_received_local_fault,
    output wire         stat_rx_remote_fault,
    output wire         stat_rx_status,
    output wire [2:0]   stat_rx_stomped_fcs,
    output wire [19:0]  stat_rx_synced,
    output wire [19:0]  stat_rx_synced_err,
    output wire [2:0]   stat_rx_test_pattern_mismatch,
    output wire         stat_rx_toolong,
    output wire [6:0]   stat_rx_total_bytes,
    output wire [13:0]  stat_rx_total_good_bytes,
    output wire         stat_rx_total_good_packets,
    output wire [2:0]   stat_rx_total_packets,
    output wire         stat_rx_truncated,
    output wire [2:0]   stat_rx_undersize,
    output wire         stat_rx_unicast,
    output wire         stat_rx_vlan,
    output wire [19:0]  stat_rx_pcsl_demuxed,
    output wire [4:0]   stat_rx_pcsl_number_0,
    output wire [4:0]   stat_rx_pcsl_number_1,
    output wire [4:0]   stat_rx_pcsl_number_2,
    output wire [4:0]   stat_rx_pcsl_number_3,
    output wire [4:0]   stat_rx_pcsl_number_4,
    output wire [4:0]   stat_rx_pcsl_number_5,
    output wire [4:0]   stat_rx_pcsl_number_6,
    output wire [4:0]   stat_rx_pcsl_number_7,
    output wire [4:0]   stat_rx_pcsl_number_8,
    output wire [4:0]   stat_rx_pcsl_number_9,
    output wire [4:0]   stat_rx_pcsl_number_10,
    output wire [4:0]   stat_rx_pcsl_number_11,
    output wire [4:0]   stat_rx_pcsl_number_12,
    output wire [4:0]   stat_rx_pcsl_number_13,
    output wire [4:0]   stat_rx_pcsl_number_14,
    output wire [4:0]   stat_rx_pcsl_number_15,
    output wire [4:0]   stat_rx_pcsl_number_16,
    output wire [4:0]   stat_rx_pcsl_number_17,
    output wire [4:0]   stat_rx_pcsl_number_18,
    output wire [4:0]   stat_rx_pcsl_number_19,

    output wire         stat_tx_bad_fcs,
    output wire         stat_tx_broadcast,
    output wire         stat_tx_frame_error,
    output wire         stat_tx_local_fault,
    output wire         stat_tx_multicast,
    output wire         stat_tx_packet_1024_1518_bytes,
    output wire         stat_tx_packet_128_255_bytes,
    output wire         stat_tx_packet_1519_1522_bytes,
    output wire         stat_tx_packet_1523_1548_bytes,
    output wire         stat_tx_packet_1549_2047_bytes,
    output wire         stat_tx_packet_2048_4095_bytes,
    output wire         stat_tx_packet_256_511_bytes,
    output wire         stat_tx_packet_4096_8191_bytes,
    output wire         stat_tx_packet_512_1023_bytes,
    output wire         stat_tx_packet_64_bytes,
    output wire         stat_tx_packet_65_127_bytes,
    output wire         stat_tx_packet_8192_9215_bytes,
    output wire         stat_tx_packet_large,
    output wire         stat_tx_packet_small,
    output wire [5:0]   stat_tx_total_bytes,
    output wire [13:0]  stat_tx_total_good_bytes,
    output wire         stat_tx_total_good_packets,
    output wire         stat_tx_total_packets,
    output wire         stat_tx_unicast,
    output wire         stat_tx_vlan,
    input  wire         ctl_tx_enable,
    input  wire         ctl_tx_send_idle,
    input  wire         ctl_tx_send_rfi,
    input  wire         ctl_tx_send_lfi,
    input  wire         ctl_tx_test_pattern,
    input  wire         core_tx_reset,

    output wire         tx_axis_tready,
    input  wire         tx_axis_tvalid,
    input  wire [511:0] tx_axis_tdata,
    input  wire         tx_axis_tlast,
    input  wire [63:0]  tx_axis_tkeep,
    input  wire         tx_axis_tuser,
    output wire         tx_ovfout,
    output wire         tx_unfout,
    input  wire [55:0]  tx_preamblein,
    output wire         usr_tx_reset,

    input  wire         core_drp_reset,
    input  wire         drp_clk,
    input  wire [9:0]   drp_addr,
    input  wire [15:0]  drp_di,
    input  wire         drp_en,
    output wire [15:0]  drp_do,
    output wire         drp_rdy,
    input  wire         drp_we
);

assign gt_txp_out = 4'h0;
assign gt_txn_out = 4'hf;
assign gt_txusrclk2 = init_clk;
assign gt_rxusrclk2 = init_clk;
assign gt_ref_clk_out = 1'b0;
assign gt_rxrecclkout = 4'h0;
assign gt_powergoodout = 4'h0;
assign usr_tx_reset = 1'b1;
assign usr_rx_reset = 1'b1;

assign rx_axis_tvalid = 1'b0;
assign rx_axis_tdata = 512'd0;
assign rx_axis_tlast = 1'b0;
assign rx_axis_tkeep = 64'd0;
assign rx_axis_tuser = 1'b0;
assign rx_preambleout = 56'd0;
assign tx_axis_tready = 1'b0;
assign tx_ovfout = 1'b0;
assign tx_unfout = 1'b0;
assign drp_do = 16'd0;
assign drp_rdy = 1'b0;

assign stat_rx_rsfec_am_lock0 = '0;
assign stat_rx_rsfec_am_lock1 = '0;
assign stat_rx_rsfec_am_lock2 = '0;
assign stat_rx_rsfec_am_lock3 = '0;
assign stat_rx_rsfec_corrected_cw_inc = '0;
assign stat_rx_rsfec_cw_inc = '0;
assign stat_rx_rsfec_err_count0_inc = '0;
assign stat_rx_rsfec_err_count1_inc = '0;
assign stat_rx_rsfec_err_count2_inc = '0;
assign stat_rx_rsfec_err_count3_inc = '0;
assign stat_rx_rsfec_hi_ser = '0;
assign stat_rx_rsfec_lane_alignment_status = '0;
assign stat_rx_rsfec_lane_fill_0 = '0;
assign stat_rx_rsfec_lane_fill_1 = '0;
assign stat_rx_rsfec_lane_fill_2 = '0;
assign stat_rx_rsfec_lane_fill_3 = '0;
assign stat_rx_rsfec_lane_mapping = '0;
assign stat_rx_rsfec_uncorrected_cw_inc = '0;
assign rx_otn_bip8_0 = '0;
assign rx_otn_bip8_1 = '0;
assign rx_otn_bip8_2 = '0;
assign rx_otn_bip8_3 = '0;
assign rx_otn_bip8_4 = '0;
assign rx_otn_data_0 = '0;
assign rx_otn_data_1 = '0;
assign rx_otn_data_2 = '0;
assign rx_otn_data_3 = '0;
assign rx_otn_data_4 = '0;
assign rx_otn_ena = '0;
assign rx_otn_lane0 = '0;
assign rx_otn_vlmarker = '0;
assign stat_rx_aligned = '0;
assign stat_rx_aligned_err = '0;
assign stat_rx_bad_code = '0;
assign stat_rx_bad_fcs = '0;
assign stat_rx_bad_preamble = '0;
assign stat_rx_bad_sfd = '0;
assign stat_rx_bip_err_0 = '0;
assign stat_rx_framing_err_0 = '0;
assign stat_rx_framing_err_valid_0 = '0;
assign stat_rx_pcsl_number_0 = '0;
assign stat_rx_bip_err_1 = '0;
assign stat_rx_framing_err_1 = '0;
assign stat_rx_framing_err_valid_1 = '0;
assign stat_rx_pcsl_number_1 = '0;
assign stat_rx_bip_err_2 = '0;
assign stat_rx_framing_err_2 = '0;
assign stat_rx_framing_err_valid_2 = '0;
assign stat_rx_pcsl_number_2 = '0;
assign stat_rx_bip_err_3 = '0;
assign stat_rx_framing_err_3 = '0;
assign stat_rx_framing_err_valid_3 = '0;
assign stat_rx_pcsl_number_3 = '0;
assign stat_rx_bip_err_4 = '0;
assign stat_rx_framing_err_4 = '0;
assign stat_rx_framing_err_valid_4 = '0;
assign stat_rx_pcsl_number_4 = '0;
assign stat_rx_bip_err_5 = '0;
assign stat_rx_framing_err_5 = '0;
assign stat_rx_framing_err_valid_5 = '0;
assign stat_rx_pcsl_number_5 = '0;
assign stat_rx_bip_err_6 = '0;
assign stat_rx_framing_err_6 = '0;
assign stat_rx_framing_err_valid_6 = '0;
assign stat_rx_pcsl_number_6 = '0;
assign stat_rx_bip_err_7 = '0;
assign stat_rx_framing_err_7 = '0;
assign stat_rx_framing_err_valid_7 = '0;
assign stat_rx_pcsl_number_7 = '0;
assign stat_rx_bip_err_8 = '0;
assign stat_rx_framing_err_8 = '0;
assign stat_rx_framing_err_valid_8 = '0;
assign stat_rx_pcsl_number_8 = '0;
assign stat_rx_bip_err_9 = '0;
assign stat_rx_framing_err_9 = '0;
assign stat_rx_framing_err_valid_9 = '0;
assign stat_rx_pcsl_number_9 = '0;
assign stat_rx_bip_err_10 = '0;
assign stat_rx_framing_err_10 = '0;
assign stat_rx_framing_err_valid_10 = '0;
assign stat_rx_pcsl_number_10 = '0;
assign stat_rx_bip_err_11 = '0;
assign stat_rx_framing_err_11 = '0;
assign stat_rx_framing_err_valid_11 = '0;
assign stat_rx_pcsl_number_11 = '0;
assign stat_rx_bip_err_12 = '0;
assign stat_rx_framing_err_12 = '0;
assign stat_rx_framing_err_valid_12 = '0;
assign stat_rx_pcsl_number_12 = '0;
assign stat_rx_bip_err_13 = '0;
assign stat_rx_framing_err_13 = '0;
assign stat_rx_framing_err_valid_13 = '0;
assign stat_rx_pcsl_number_13 = '0;
assign stat_rx_bip_err_14 = '0;
assign stat_rx_framing_err_14 = '0;
assign stat_rx_framing_err_valid_14 = '0;
assign stat_rx_pcsl_number_14 = '0;
assign stat_rx_bip_err_15 = '0;
assign stat_rx_framing_err_15 = '0;
assign stat_rx_framing_err_valid_15 = '0;
assign stat_rx_pcsl_number_15 = '0;
assign stat_rx_bip_err_16 = '0;
assign stat_rx_framing_err_16 = '0;
assign stat_rx_framing_err_valid_16 = '0;
assign stat_rx_pcsl_number_16 = '0;
assign stat_rx_bip_err_17 = '0;
assign stat_rx_framing_err_17 = '0;
assign stat_rx_framing_err_valid_17 = '0;
assign stat_rx_pcsl_number_17 = '0;
assign stat_rx_bip_err_18 = '0;
assign stat_rx_framing_err_18 = '0;
assign stat_rx_framing_err_valid_18 = '0;
assign stat_rx_pcsl_number_18 = '0;
assign stat_rx_bip_err_19 = '0;
assign stat_rx_framing_err_19 = '0;
assign stat_rx_framing_err_valid_19 = '0;
assign stat_rx_pcsl_number_19 = '0;
assign stat_rx_block_lock = '0;
assign stat_rx_broadcast = '0;
assign stat_rx_fragment = '0;
assign stat_rx_got_signal_os = '0;
assign stat_rx_hi_ber = '0;
assign stat_rx_inrangeerr = '0;
assign stat_rx_internal_local_fault = '0;
assign stat_rx_jabber = '0;
assign stat_rx_local_fault = '0;
assign stat_rx_mf_err = '0;
assign stat_rx_mf_len_err = '0;
assign stat_rx_mf_repeat_err = '0;
assign stat_rx_misaligned = '0;
assign stat_rx_multicast = '0;
assign stat_rx_oversize = '0;
assign stat_rx_packet_1024_1518_bytes = '0;
assign stat_rx_packet_128_255_bytes = '0;
assign stat_rx_packet_1519_1522_bytes = '0;
assign stat_rx_packet_1523_1548_bytes = '0;
assign stat_rx_packet_1549_2047_bytes = '0;
assign stat_rx_packet_2048_4095_bytes = '0;
assign stat_rx_packet_256_511_bytes = '0;
assign stat_rx_packet_4096_8191_bytes = '0;
assign stat_rx_packet_512_1023_bytes = '0;
assign stat_rx_packet_64_bytes = '0;
assign stat_rx_packet_65_127_bytes = '0;
assign stat_rx_packet_8192_9215_bytes = '0;
assign stat_rx_packet_bad_fcs = '0;
assign stat_rx_packet_large = '0;
assign stat_rx_packet_small = '0;
assign stat_rx_received_local_fault = '0;
assign stat_rx_remote_fault = '0;
assign stat_rx_status = '0;
assign stat_rx_stomped_fcs = '0;
assign stat_rx_synced = '0;
assign stat_rx_synced_err = '0;
assign stat_rx_test_pattern_mismatch = '0;
assign stat_rx_toolong = '0;
assign stat_rx_total_bytes = '0;
assign stat_rx_total_good_bytes = '0;
assign stat_rx_total_good_packets = '0;
assign stat_rx_total_packets = '0;
assign stat_rx_truncated = '0;
assign stat_rx_undersize = '0;
assign stat_rx_unicast = '0;
assign stat_rx_vlan = '0;
assign stat_rx_pcsl_demuxed = '0;
assign stat_tx_bad_fcs = '0;
assign stat_tx_broadcast = '0;
assign stat_tx_frame_error = '0;
assign stat_tx_local_fault = '0;
assign stat_tx_multicast = '0;
assign stat_tx_packet_1024_1518_bytes = '0;
assign stat_tx_packet_128_255_bytes = '0;
assign stat_tx_packet_1519_1522_bytes = '0;
assign stat_tx_packet_1523_1548_bytes = '0;
assign stat_tx_packet_1549_2047_bytes = '0;
assign stat_tx_packet_2048_4095_bytes = '0;
assign stat_tx_packet_256_511_bytes = '0;
assign stat_tx_packet_4096_8191_bytes = '0;
assign stat_tx_packet_512_1023_bytes = '0;
assign stat_tx_packet_64_bytes = '0;
assign stat_tx_packet_65_127_bytes = '0;
assign stat_tx_packet_8192_9215_bytes = '0;
assign stat_tx_packet_large = '0;
assign stat_tx_packet_small = '0;
assign stat_tx_total_bytes = '0;
assign stat_tx_total_good_bytes = '0;
assign stat_tx_total_good_packets = '0;
assign stat_tx_total_packets = '0;
assign stat_tx_unicast = '0;
assign stat_tx_vlan = '0;

endmodule
/* verilator lint_on UNUSEDSIGNAL */

`resetall
