# SPDX-License-Identifier: MIT
#
# The 100G MAC of the U250 build on QSFP28 port 0: cmac_usplus, instance
# name cmac_usplus_0 (rtl/fpga.v; stubs/cmac_usplus_0.v is its lint
# stand-in). Sourced by tcl/project.tcl. Property names and values as
# Vivado's customization GUI writes them (PG203); not run here.

create_ip -name cmac_usplus -vendor xilinx.com -library ip -module_name cmac_usplus_0

set_property -dict [list \
    CONFIG.CMAC_CAUI4_MODE        {1} \
    CONFIG.NUM_LANES              {4x25} \
    CONFIG.USER_INTERFACE         {AXIS} \
    CONFIG.GT_REF_CLK_FREQ        {156.25} \
    CONFIG.GT_DRP_CLK             {100.00} \
    CONFIG.INCLUDE_RS_FEC         {1} \
    CONFIG.TX_FLOW_CONTROL        {0} \
    CONFIG.RX_FLOW_CONTROL        {0} \
    CONFIG.ENABLE_AXI_INTERFACE   {0} \
    CONFIG.ENABLE_TIME_STAMPING   {0} \
    CONFIG.CMAC_CORE_SELECT       {CMACE4_X0Y8} \
    CONFIG.GT_GROUP_SELECT        {X1Y44~X1Y47} \
    CONFIG.LANE1_GT_LOC           {X1Y44} \
    CONFIG.LANE2_GT_LOC           {X1Y45} \
    CONFIG.LANE3_GT_LOC           {X1Y46} \
    CONFIG.LANE4_GT_LOC           {X1Y47} \
    CONFIG.ENABLE_PIPELINE_REG    {1} \
] [get_ips cmac_usplus_0]

# What each line sets, in order:
#
# CAUI-4, 4 x 25.78125 Gb/s: 100GBASE-R4 on the QSFP28 cage (100GBASE-SR4,
#   -CR4, -LR4 modules and cables).
# AXIS: the 512-bit AXI4-Stream user interface (tx_axis_* / rx_axis_*) that
#   hpnic_mac_shim speaks (docs/shim.md), on gt_txusrclk2 = 322.265625 MHz.
# GT reference clock 156.25 MHz: QSFP0's reference on the U250 is
#   MGTREFCLK1 of GTY quad 231 (pins K11/K10), from an SI5335 whose
#   frequency-select pins fpga.v drives to 01 = 156.25 MHz (10 = 161.13 MHz).
#   MGTREFCLK0 of the quad (M11/M10, from the SI570) is not used.
# GT_DRP_CLK 100 MHz: init_clk / drp_clk, which fpga.v makes from the
#   300 MHz board oscillator (BUFGCE_DIV by 3). Must equal that clock.
# RS-FEC (IEEE 802.3 clause 91): required by 100GBASE-CR4 and -SR4 links;
#   fpga.v turns it on in both directions through ctl_*_rsfec_* ports.
# No pause flow control (RoCEv2 here relies on PFC/ECN in the network, not on
#   802.3x pause from the MAC), no AXI4-Lite (control and status on ports,
#   tied in fpga.v), no PTP time stamping.
# CMAC site and GTs: QSFP0 is GTY quad 231, channels X1Y44..X1Y47, lane 1 on
#   X1Y44 (the cage's lane 1 is MGTY*0_231). CMACE4_X0Y7 and CMACE4_X0Y8 are
#   both next to that quad on this part; X0Y8 is chosen (X0Y7 is the other
#   legal choice, e.g. if QSFP1 is added on quad 230).
# ENABLE_PIPELINE_REG: registers between the CMAC hard block and the fabric,
#   for timing at 322 MHz.
