// SPDX-License-Identifier: MIT
/*
 * Lint/simulation stand-in for pcie4_uscale_plus_0, the UltraScale+
 * integrated block for PCI Express as ip/pcie4_uscale_plus_0.tcl configures
 * it (Gen3 x16, 512-bit AXI4-Stream at 250 MHz, MSI-X external). Not the IP:
 * it has the IP's ports (names, directions, widths as the generated module
 * has them for this configuration, from PG213's port tables) so that fpga.v
 * can be checked by Verilator; it drives every output with a constant (the
 * link never comes up) and user_clk with sys_clk.
 *
 * Left out: the PIPE simulation ports (pipe_*, common_commands_*), which the
 * IP has only with its external PIPE interface turned on (off here).
 *
 * Widths worth knowing: s_axis_rq_tready and s_axis_cc_tready are 4 bits
 * (copies of one ready; use bit 0); cfg_max_payload is 2 bits (128..1024
 * bytes, the block's largest MPS is 1024), cfg_max_read_req 3 bits.
 */

`resetall
`timescale 1ns / 1ps
`default_nettype none

// a stub: it takes the IP's inputs and uses none of them
/* verilator lint_off UNUSEDSIGNAL */
module pcie4_uscale_plus_0 (
    output wire [15:0]  pci_exp_txn,
    output wire [15:0]  pci_exp_txp,
    input  wire [15:0]  pci_exp_rxn,
    input  wire [15:0]  pci_exp_rxp,

    output wire         user_clk,
    output wire         user_reset,
    output wire         user_lnk_up,

    input  wire [511:0] s_axis_rq_tdata,
    input  wire [15:0]  s_axis_rq_tkeep,
    input  wire         s_axis_rq_tlast,
    output wire [3:0]   s_axis_rq_tready,
    input  wire [136:0] s_axis_rq_tuser,
    input  wire         s_axis_rq_tvalid,

    output wire [511:0] m_axis_rc_tdata,
    output wire [15:0]  m_axis_rc_tkeep,
    output wire         m_axis_rc_tlast,
    input  wire         m_axis_rc_tready,
    output wire [160:0] m_axis_rc_tuser,
    output wire         m_axis_rc_tvalid,

    output wire [511:0] m_axis_cq_tdata,
    output wire [15:0]  m_axis_cq_tkeep,
    output wire         m_axis_cq_tlast,
    input  wire         m_axis_cq_tready,
    output wire [182:0] m_axis_cq_tuser,
    output wire         m_axis_cq_tvalid,

    input  wire [511:0] s_axis_cc_tdata,
    input  wire [15:0]  s_axis_cc_tkeep,
    input  wire         s_axis_cc_tlast,
    output wire [3:0]   s_axis_cc_tready,
    input  wire [80:0]  s_axis_cc_tuser,
    input  wire         s_axis_cc_tvalid,

    output wire [5:0]   pcie_rq_seq_num0,
    output wire         pcie_rq_seq_num_vld0,
    output wire [5:0]   pcie_rq_seq_num1,
    output wire         pcie_rq_seq_num_vld1,
    output wire [7:0]   pcie_rq_tag0,
    output wire [7:0]   pcie_rq_tag1,
    output wire [3:0]   pcie_rq_tag_av,
    output wire         pcie_rq_tag_vld0,
    output wire         pcie_rq_tag_vld1,
    output wire [3:0]   pcie_tfc_nph_av,
    output wire [3:0]   pcie_tfc_npd_av,
    input  wire [1:0]   pcie_cq_np_req,
    output wire [5:0]   pcie_cq_np_req_count,

    output wire         cfg_phy_link_down,
    output wire [1:0]   cfg_phy_link_status,
    output wire [2:0]   cfg_negotiated_width,
    output wire [1:0]   cfg_current_speed,
    output wire [1:0]   cfg_max_payload,
    output wire [2:0]   cfg_max_read_req,
    output wire [15:0]  cfg_function_status,
    output wire [11:0]  cfg_function_power_state,
    output wire [503:0] cfg_vf_status,
    output wire [755:0] cfg_vf_power_state,
    output wire [1:0]   cfg_link_power_state,

    input  wire [9:0]   cfg_mgmt_addr,
    input  wire [7:0]   cfg_mgmt_function_number,
    input  wire         cfg_mgmt_write,
    input  wire [31:0]  cfg_mgmt_write_data,
    input  wire [3:0]   cfg_mgmt_byte_enable,
    input  wire         cfg_mgmt_read,
    output wire [31:0]  cfg_mgmt_read_data,
    output wire         cfg_mgmt_read_write_done,
    input  wire         cfg_mgmt_debug_access,

    output wire         cfg_err_cor_out,
    output wire         cfg_err_nonfatal_out,
    output wire         cfg_err_fatal_out,
    output wire         cfg_local_error_valid,
    output wire [4:0]   cfg_local_error_out,
    output wire [5:0]   cfg_ltssm_state,
    output wire [1:0]   cfg_rx_pm_state,
    output wire [1:0]   cfg_tx_pm_state,
    output wire [3:0]   cfg_rcb_status,
    output wire [1:0]   cfg_obff_enable,
    output wire         cfg_pl_status_change,
    output wire [3:0]   cfg_tph_requester_enable,
    output wire [11:0]  cfg_tph_st_mode,
    output wire [251:0] cfg_vf_tph_requester_enable,
    output wire [755:0] cfg_vf_tph_st_mode,

    output wire         cfg_msg_received,
    output wire [7:0]   cfg_msg_received_data,
    output wire [4:0]   cfg_msg_received_type,
    input  wire         cfg_msg_transmit,
    input  wire [2:0]   cfg_msg_transmit_type,
    input  wire [31:0]  cfg_msg_transmit_data,
    output wire         cfg_msg_transmit_done,

    output wire [7:0]   cfg_fc_ph,
    output wire [11:0]  cfg_fc_pd,
    output wire [7:0]   cfg_fc_nph,
    output wire [11:0]  cfg_fc_npd,
    output wire [7:0]   cfg_fc_cplh,
    output wire [11:0]  cfg_fc_cpld,
    input  wire [2:0]   cfg_fc_sel,

    input  wire [63:0]  cfg_dsn,
    output wire [7:0]   cfg_bus_number,
    input  wire         cfg_power_state_change_ack,
    output wire         cfg_power_state_change_interrupt,
    input  wire         cfg_err_cor_in,
    input  wire         cfg_err_uncor_in,
    output wire [3:0]   cfg_flr_in_process,
    input  wire [3:0]   cfg_flr_done,
    output wire [251:0] cfg_vf_flr_in_process,
    input  wire [7:0]   cfg_vf_flr_func_num,
    input  wire [0:0]   cfg_vf_flr_done,
    input  wire         cfg_link_training_enable,

    output wire         cfg_ext_read_received,
    output wire         cfg_ext_write_received,
    output wire [9:0]   cfg_ext_register_number,
    output wire [7:0]   cfg_ext_function_number,
    output wire [31:0]  cfg_ext_write_data,
    output wire [3:0]   cfg_ext_write_byte_enable,
    input  wire [31:0]  cfg_ext_read_data,
    input  wire         cfg_ext_read_data_valid,

    input  wire [3:0]   cfg_interrupt_int,
    input  wire [3:0]   cfg_interrupt_pending,
    output wire         cfg_interrupt_sent,
    output wire [3:0]   cfg_interrupt_msi_enable,
    output wire [11:0]  cfg_interrupt_msi_mmenable,
    output wire         cfg_interrupt_msi_mask_update,
    output wire [31:0]  cfg_interrupt_msi_data,
    input  wire [1:0]   cfg_interrupt_msi_select,
    input  wire [31:0]  cfg_interrupt_msi_int,
    input  wire [31:0]  cfg_interrupt_msi_pending_status,
    input  wire         cfg_interrupt_msi_pending_status_data_enable,
    input  wire [1:0]   cfg_interrupt_msi_pending_status_function_num,
    output wire         cfg_interrupt_msi_sent,
    output wire         cfg_interrupt_msi_fail,
    input  wire [2:0]   cfg_interrupt_msi_attr,
    input  wire         cfg_interrupt_msi_tph_present,
    input  wire [1:0]   cfg_interrupt_msi_tph_type,
    input  wire [7:0]   cfg_interrupt_msi_tph_st_tag,
    input  wire [7:0]   cfg_interrupt_msi_function_number,
    output wire [3:0]   cfg_interrupt_msix_enable,
    output wire [3:0]   cfg_interrupt_msix_mask,
    output wire [251:0] cfg_interrupt_msix_vf_enable,
    output wire [251:0] cfg_interrupt_msix_vf_mask,
    input  wire         cfg_pm_aspm_l1_entry_reject,
    input  wire         cfg_pm_aspm_tx_l0s_entry_disable,
    input  wire [31:0]  cfg_interrupt_msix_data,
    input  wire [63:0]  cfg_interrupt_msix_address,
    input  wire         cfg_interrupt_msix_int,
    input  wire [1:0]   cfg_interrupt_msix_vec_pending,
    output wire [0:0]   cfg_interrupt_msix_vec_pending_status,

    output wire         cfg_hot_reset_out,
    input  wire         cfg_config_space_enable,
    input  wire         cfg_req_pm_transition_l23_ready,
    input  wire         cfg_hot_reset_in,
    input  wire [7:0]   cfg_ds_port_number,
    input  wire [7:0]   cfg_ds_bus_number,
    input  wire [4:0]   cfg_ds_device_number,

    input  wire         sys_clk,
    input  wire         sys_clk_gt,
    input  wire         sys_reset
);

assign pci_exp_txn = 16'hffff;
assign pci_exp_txp = 16'h0000;
assign user_clk = sys_clk;
assign user_reset = 1'b1;
assign user_lnk_up = 1'b0;

assign s_axis_rq_tready = 4'h0;
assign m_axis_rc_tdata = 512'd0;
assign m_axis_rc_tkeep = 16'h0;
assign m_axis_rc_tlast = 1'b0;
assign m_axis_rc_tuser = 161'd0;
assign m_axis_rc_tvalid = 1'b0;
assign m_axis_cq_tdata = 512'd0;
assign m_axis_cq_tkeep = 16'h0;
assign m_axis_cq_tlast = 1'b0;
assign m_axis_cq_tuser = 183'd0;
assign m_axis_cq_tvalid = 1'b0;
assign s_axis_cc_tready = 4'h0;

assign pcie_rq_seq_num0 = 6'd0;
assign pcie_rq_seq_num_vld0 = 1'b0;
assign pcie_rq_seq_num1 = 6'd0;
assign pcie_rq_seq_num_vld1 = 1'b0;
assign pcie_rq_tag0 = 8'd0;
assign pcie_rq_tag1 = 8'd0;
assign pcie_rq_tag_av = 4'd0;
assign pcie_rq_tag_vld0 = 1'b0;
assign pcie_rq_tag_vld1 = 1'b0;
assign pcie_tfc_nph_av = 4'd0;
assign pcie_tfc_npd_av = 4'd0;
assign pcie_cq_np_req_count = 6'd0;

assign cfg_phy_link_down = 1'b1;
assign cfg_phy_link_status = 2'd0;
assign cfg_negotiated_width = 3'd0;
assign cfg_current_speed = 2'd0;
assign cfg_max_payload = 2'd0;
assign cfg_max_read_req = 3'd0;
assign cfg_function_status = 16'd0;
assign cfg_function_power_state = 12'd0;
assign cfg_vf_status = 504'd0;
assign cfg_vf_power_state = 756'd0;
assign cfg_link_power_state = 2'd0;
assign cfg_mgmt_read_data = 32'd0;
assign cfg_mgmt_read_write_done = 1'b0;
assign cfg_err_cor_out = 1'b0;
assign cfg_err_nonfatal_out = 1'b0;
assign cfg_err_fatal_out = 1'b0;
assign cfg_local_error_valid = 1'b0;
assign cfg_local_error_out = 5'd0;
assign cfg_ltssm_state = 6'd0;
assign cfg_rx_pm_state = 2'd0;
assign cfg_tx_pm_state = 2'd0;
assign cfg_rcb_status = 4'd0;
assign cfg_obff_enable = 2'd0;
assign cfg_pl_status_change = 1'b0;
assign cfg_tph_requester_enable = 4'd0;
assign cfg_tph_st_mode = 12'd0;
assign cfg_vf_tph_requester_enable = 252'd0;
assign cfg_vf_tph_st_mode = 756'd0;
assign cfg_msg_received = 1'b0;
assign cfg_msg_received_data = 8'd0;
assign cfg_msg_received_type = 5'd0;
assign cfg_msg_transmit_done = 1'b0;
assign cfg_fc_ph = 8'd0;
assign cfg_fc_pd = 12'd0;
assign cfg_fc_nph = 8'd0;
assign cfg_fc_npd = 12'd0;
assign cfg_fc_cplh = 8'd0;
assign cfg_fc_cpld = 12'd0;
assign cfg_bus_number = 8'd0;
assign cfg_power_state_change_interrupt = 1'b0;
assign cfg_flr_in_process = 4'd0;
assign cfg_vf_flr_in_process = 252'd0;
assign cfg_ext_read_received = 1'b0;
assign cfg_ext_write_received = 1'b0;
assign cfg_ext_register_number = 10'd0;
assign cfg_ext_function_number = 8'd0;
assign cfg_ext_write_data = 32'd0;
assign cfg_ext_write_byte_enable = 4'd0;
assign cfg_interrupt_sent = 1'b0;
assign cfg_interrupt_msi_enable = 4'd0;
assign cfg_interrupt_msi_mmenable = 12'd0;
assign cfg_interrupt_msi_mask_update = 1'b0;
assign cfg_interrupt_msi_data = 32'd0;
assign cfg_interrupt_msi_sent = 1'b0;
assign cfg_interrupt_msi_fail = 1'b0;
assign cfg_interrupt_msix_enable = 4'd0;
assign cfg_interrupt_msix_mask = 4'd0;
assign cfg_interrupt_msix_vf_enable = 252'd0;
assign cfg_interrupt_msix_vf_mask = 252'd0;
assign cfg_interrupt_msix_vec_pending_status = 1'b0;
assign cfg_hot_reset_out = 1'b0;

endmodule
/* verilator lint_on UNUSEDSIGNAL */

`resetall
