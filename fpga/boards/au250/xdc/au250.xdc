# SPDX-License-Identifier: MIT
#
# hpnic on the AMD Alveo U250: pins, I/O standards, configuration and the
# clocks that enter at the pins. Part xcu250-figd2104-2L-e. Pin locations
# are the facts published for this board (UG1289, the Alveo U200/U250 user
# guide, and public XDC files for the card), GT pin names in the comments;
# not checked against the card's schematic here. The clock-crossing constraints are Tcl files the project reads
# after this one (tcl/project.tcl): rtl/shim/hpnic_shim_cdc.tcl and
# xdc/hpnic_sync.tcl. Not run here (no Vivado on the CI image).

# ---- configuration: SPI x4 flash, 1.8 V configuration bank ----
set_property CFGBVS GND                                [current_design]
set_property CONFIG_VOLTAGE 1.8                        [current_design]
set_property BITSTREAM.GENERAL.COMPRESS TRUE           [current_design]
set_property BITSTREAM.CONFIG.CONFIGRATE 63.8          [current_design]
set_property BITSTREAM.CONFIG.SPI_BUSWIDTH 4           [current_design]
set_property BITSTREAM.CONFIG.SPI_32BIT_ADDR YES       [current_design]
set_property BITSTREAM.CONFIG.SPI_FALL_EDGE YES        [current_design]
set_property BITSTREAM.CONFIG.EXTMASTERCCLK_EN DISABLE [current_design]
set_property BITSTREAM.CONFIG.UNUSEDPIN PULLUP         [current_design]

# ---- 300 MHz oscillator (DDR4 channel 0 clock): the init clock's source ----
set_property -dict {PACKAGE_PIN AY37 IOSTANDARD LVDS} [get_ports clk_300mhz_0_p]
set_property -dict {PACKAGE_PIN AY38 IOSTANDARD LVDS} [get_ports clk_300mhz_0_n]
create_clock -period 3.333 -name clk_300mhz_0 [get_ports clk_300mhz_0_p]
# init_clk (BUFGCE_DIV / 3, 100 MHz) is derived by Vivado from this clock

# ---- LEDs ----
set_property -dict {PACKAGE_PIN BC21 IOSTANDARD LVCMOS12 SLEW SLOW DRIVE 8} [get_ports {led[0]}]
set_property -dict {PACKAGE_PIN BB21 IOSTANDARD LVCMOS12 SLEW SLOW DRIVE 8} [get_ports {led[1]}]
set_property -dict {PACKAGE_PIN BA20 IOSTANDARD LVCMOS12 SLEW SLOW DRIVE 8} [get_ports {led[2]}]
set_false_path -to [get_ports {led[*]}]
set_output_delay 0 [get_ports {led[*]}]

# ---- QSFP28 port 0: GTY quad 231 (GTYE4_CHANNEL_X1Y44..X1Y47) ----
# The CMAC's GT locations (ip/cmac_usplus_0.tcl) place these; the pins are
# listed so that a wrong quad shows as a conflict.
set_property PACKAGE_PIN N4 [get_ports {qsfp0_rx_p[0]}] ;# MGTYRXP0_231 X1Y44
set_property PACKAGE_PIN N3 [get_ports {qsfp0_rx_n[0]}] ;# MGTYRXN0_231
set_property PACKAGE_PIN N9 [get_ports {qsfp0_tx_p[0]}] ;# MGTYTXP0_231
set_property PACKAGE_PIN N8 [get_ports {qsfp0_tx_n[0]}] ;# MGTYTXN0_231
set_property PACKAGE_PIN M2 [get_ports {qsfp0_rx_p[1]}] ;# MGTYRXP1_231 X1Y45
set_property PACKAGE_PIN M1 [get_ports {qsfp0_rx_n[1]}] ;# MGTYRXN1_231
set_property PACKAGE_PIN M7 [get_ports {qsfp0_tx_p[1]}] ;# MGTYTXP1_231
set_property PACKAGE_PIN M6 [get_ports {qsfp0_tx_n[1]}] ;# MGTYTXN1_231
set_property PACKAGE_PIN L4 [get_ports {qsfp0_rx_p[2]}] ;# MGTYRXP2_231 X1Y46
set_property PACKAGE_PIN L3 [get_ports {qsfp0_rx_n[2]}] ;# MGTYRXN2_231
set_property PACKAGE_PIN L9 [get_ports {qsfp0_tx_p[2]}] ;# MGTYTXP2_231
set_property PACKAGE_PIN L8 [get_ports {qsfp0_tx_n[2]}] ;# MGTYTXN2_231
set_property PACKAGE_PIN K2 [get_ports {qsfp0_rx_p[3]}] ;# MGTYRXP3_231 X1Y47
set_property PACKAGE_PIN K1 [get_ports {qsfp0_rx_n[3]}] ;# MGTYRXN3_231
set_property PACKAGE_PIN K7 [get_ports {qsfp0_tx_p[3]}] ;# MGTYTXP3_231
set_property PACKAGE_PIN K6 [get_ports {qsfp0_tx_n[3]}] ;# MGTYTXN3_231
# reference clock: MGTREFCLK1 of quad 231, from the SI5335 (156.25 MHz with
# qsfp0_fs = 01). Its clock (6.400 ns) is created by the CMAC IP's own
# constraints from GT_REF_CLK_FREQ; a second create_clock here would
# replace it.
set_property PACKAGE_PIN K11 [get_ports qsfp0_mgt_refclk_1_p] ;# MGTREFCLK1P_231
set_property PACKAGE_PIN K10 [get_ports qsfp0_mgt_refclk_1_n] ;# MGTREFCLK1N_231
# sideband (module select, reset, low power, presence, interrupt) and the
# SI5335's reset and frequency select: static levels, no timing
set_property -dict {PACKAGE_PIN BE16 IOSTANDARD LVCMOS12 SLEW SLOW DRIVE 8} [get_ports qsfp0_modsell]
set_property -dict {PACKAGE_PIN BE17 IOSTANDARD LVCMOS12 SLEW SLOW DRIVE 8} [get_ports qsfp0_resetl]
set_property -dict {PACKAGE_PIN BD18 IOSTANDARD LVCMOS12 SLEW SLOW DRIVE 8} [get_ports qsfp0_lpmode]
set_property -dict {PACKAGE_PIN BE20 IOSTANDARD LVCMOS12} [get_ports qsfp0_modprsl]
set_property -dict {PACKAGE_PIN BE21 IOSTANDARD LVCMOS12} [get_ports qsfp0_intl]
set_property -dict {PACKAGE_PIN AT22 IOSTANDARD LVCMOS12 SLEW SLOW DRIVE 8} [get_ports qsfp0_refclk_reset]
set_property -dict {PACKAGE_PIN AT20 IOSTANDARD LVCMOS12 SLEW SLOW DRIVE 8} [get_ports {qsfp0_fs[0]}]
set_property -dict {PACKAGE_PIN AU22 IOSTANDARD LVCMOS12 SLEW SLOW DRIVE 8} [get_ports {qsfp0_fs[1]}]
set_false_path -to [get_ports {qsfp0_modsell qsfp0_resetl qsfp0_lpmode qsfp0_refclk_reset qsfp0_fs[*]}]
set_output_delay 0 [get_ports {qsfp0_modsell qsfp0_resetl qsfp0_lpmode qsfp0_refclk_reset qsfp0_fs[*]}]
set_false_path -from [get_ports {qsfp0_modprsl qsfp0_intl}]
set_input_delay 0 [get_ports {qsfp0_modprsl qsfp0_intl}]

# ---- PCIe edge connector: Gen3 x16 on GTY quads 224..227 ----
# Lane n of the link (pcie_*[n]); the PCIe IP places its GTs itself, the
# pins are listed so that a different lane order shows as a conflict.
set_property PACKAGE_PIN AF2 [get_ports {pcie_rx_p[0]}]  ;# MGTYRXP3_227 X1Y31
set_property PACKAGE_PIN AF7 [get_ports {pcie_tx_p[0]}]  ;# MGTYTXP3_227
set_property PACKAGE_PIN AG4 [get_ports {pcie_rx_p[1]}]  ;# MGTYRXP2_227 X1Y30
set_property PACKAGE_PIN AG9 [get_ports {pcie_tx_p[1]}]  ;# MGTYTXP2_227
set_property PACKAGE_PIN AH2 [get_ports {pcie_rx_p[2]}]  ;# MGTYRXP1_227 X1Y29
set_property PACKAGE_PIN AH7 [get_ports {pcie_tx_p[2]}]  ;# MGTYTXP1_227
set_property PACKAGE_PIN AJ4 [get_ports {pcie_rx_p[3]}]  ;# MGTYRXP0_227 X1Y28
set_property PACKAGE_PIN AJ9 [get_ports {pcie_tx_p[3]}]  ;# MGTYTXP0_227
set_property PACKAGE_PIN AK2 [get_ports {pcie_rx_p[4]}]  ;# MGTYRXP3_226 X1Y27
set_property PACKAGE_PIN AK7 [get_ports {pcie_tx_p[4]}]  ;# MGTYTXP3_226
set_property PACKAGE_PIN AL4 [get_ports {pcie_rx_p[5]}]  ;# MGTYRXP2_226 X1Y26
set_property PACKAGE_PIN AL9 [get_ports {pcie_tx_p[5]}]  ;# MGTYTXP2_226
set_property PACKAGE_PIN AM2 [get_ports {pcie_rx_p[6]}]  ;# MGTYRXP1_226 X1Y25
set_property PACKAGE_PIN AM7 [get_ports {pcie_tx_p[6]}]  ;# MGTYTXP1_226
set_property PACKAGE_PIN AN4 [get_ports {pcie_rx_p[7]}]  ;# MGTYRXP0_226 X1Y24
set_property PACKAGE_PIN AN9 [get_ports {pcie_tx_p[7]}]  ;# MGTYTXP0_226
set_property PACKAGE_PIN AP2 [get_ports {pcie_rx_p[8]}]  ;# MGTYRXP3_225 X1Y23
set_property PACKAGE_PIN AP7 [get_ports {pcie_tx_p[8]}]  ;# MGTYTXP3_225
set_property PACKAGE_PIN AR4 [get_ports {pcie_rx_p[9]}]  ;# MGTYRXP2_225 X1Y22
set_property PACKAGE_PIN AR9 [get_ports {pcie_tx_p[9]}]  ;# MGTYTXP2_225
set_property PACKAGE_PIN AT2 [get_ports {pcie_rx_p[10]}] ;# MGTYRXP1_225 X1Y21
set_property PACKAGE_PIN AT7 [get_ports {pcie_tx_p[10]}] ;# MGTYTXP1_225
set_property PACKAGE_PIN AU4 [get_ports {pcie_rx_p[11]}] ;# MGTYRXP0_225 X1Y20
set_property PACKAGE_PIN AU9 [get_ports {pcie_tx_p[11]}] ;# MGTYTXP0_225
set_property PACKAGE_PIN AV2 [get_ports {pcie_rx_p[12]}] ;# MGTYRXP3_224 X1Y19
set_property PACKAGE_PIN AV7 [get_ports {pcie_tx_p[12]}] ;# MGTYTXP3_224
set_property PACKAGE_PIN AW4 [get_ports {pcie_rx_p[13]}] ;# MGTYRXP2_224 X1Y18
set_property PACKAGE_PIN BB5 [get_ports {pcie_tx_p[13]}] ;# MGTYTXP2_224
set_property PACKAGE_PIN BA2 [get_ports {pcie_rx_p[14]}] ;# MGTYRXP1_224 X1Y17
set_property PACKAGE_PIN BD5 [get_ports {pcie_tx_p[14]}] ;# MGTYTXP1_224
set_property PACKAGE_PIN BC2 [get_ports {pcie_rx_p[15]}] ;# MGTYRXP0_224 X1Y16
set_property PACKAGE_PIN BF5 [get_ports {pcie_tx_p[15]}] ;# MGTYTXP0_224
# (the _n pins follow their _p pins; Vivado places them)
# 100 MHz reference clock from the slot: MGTREFCLK0 of quad 226
set_property PACKAGE_PIN AM11 [get_ports pcie_refclk_p] ;# MGTREFCLK0P_226
set_property PACKAGE_PIN AM10 [get_ports pcie_refclk_n] ;# MGTREFCLK0N_226
create_clock -period 10.000 -name pcie_refclk [get_ports pcie_refclk_p]
# PERST#: asynchronous, to the block's sys_reset
set_property -dict {PACKAGE_PIN BD21 IOSTANDARD LVCMOS12 PULLUP true} [get_ports pcie_reset_n]
set_false_path -from [get_ports pcie_reset_n]
set_input_delay 0 [get_ports pcie_reset_n]

# ---- clocks inside ----
# The PCIe block's user_clk (250 MHz) and the CMAC's gt_txusrclk2
# (322.265625 MHz) come out of GT primitives; Vivado derives them from the
# reference clocks above. They are related to nothing else: every crossing
# between them is inside hpnic_mac_shim and constrained by
# rtl/shim/hpnic_shim_cdc.tcl (set_max_delay -datapath_only). Do not add
# set_clock_groups -asynchronous over them: it would override those
# constraints and leave the crossings unconstrained.
