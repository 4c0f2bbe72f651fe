# SPDX-License-Identifier: MIT
#
# The PCIe integrated block of the U250 build: pcie4_uscale_plus, instance
# name pcie4_uscale_plus_0 (rtl/fpga.v instantiates it by that name;
# stubs/pcie4_uscale_plus_0.v is its lint stand-in). Sourced by
# tcl/project.tcl inside a project for xcu250-figd2104-2L-e. Property names
# and values as Vivado's customization GUI writes them (PG213, "Customizing
# and Generating the Core"); not run here (no Vivado on the CI image): the
# first Vivado build reports any property it rejects.

# ---- settings the PCIe adapter (rtl/pcie/hpnic_pcie.v) must agree with ----
#
# STRADDLE on RQ (a second TLP from Dword 8) and RC (up to four completions
# a beat): what lets 4 KiB DMA reach 96 % (writes) and 100 % (reads) of the
# link's TLP limit (docs/pcie.md, "Throughput"). fpga_core's RQ_STRADDLE and
# RC_STRADDLE must say the same (1 = true); check-au250 holds them equal.
set hpnic_rq_straddle true
set hpnic_rc_straddle true
# CQ (BAR accesses) and CC (their completions): no straddle either.
set hpnic_cq_straddle false
set hpnic_cc_straddle false
# MSI-X table entries: as many as hpnic_pcie implements (fpga_core's
# MSIX_VECTORS, 32; the core's vector is 11 bits, so up to 2048 fit in BAR2
# below 0x8000, at about 11k LUTs: docs/pcie.md). Encoded as entries - 1,
# 3 hex digits; the PBA stays at 0x8000. check-au250 holds the two equal.
set hpnic_msix_table_size 01F

create_ip -name pcie4_uscale_plus -vendor xilinx.com -library ip -module_name pcie4_uscale_plus_0

set_property -dict [list \
    CONFIG.mode_selection                  {Advanced} \
    CONFIG.PL_LINK_CAP_MAX_LINK_SPEED      {8.0_GT/s} \
    CONFIG.PL_LINK_CAP_MAX_LINK_WIDTH      {X16} \
    CONFIG.axisten_if_width                {512_bit} \
    CONFIG.axisten_freq                    {250} \
    \
    CONFIG.AXISTEN_IF_RQ_ALIGNMENT_MODE    {DWORD_Aligned} \
    CONFIG.AXISTEN_IF_RC_ALIGNMENT_MODE    {DWORD_Aligned} \
    CONFIG.AXISTEN_IF_CQ_ALIGNMENT_MODE    {DWORD_Aligned} \
    CONFIG.AXISTEN_IF_CC_ALIGNMENT_MODE    {DWORD_Aligned} \
    CONFIG.AXISTEN_IF_EXT_512_RQ_STRADDLE  $hpnic_rq_straddle \
    CONFIG.AXISTEN_IF_EXT_512_RC_STRADDLE  $hpnic_rc_straddle \
    CONFIG.AXISTEN_IF_EXT_512_RC_4TLP_STRADDLE $hpnic_rc_straddle \
    CONFIG.AXISTEN_IF_EXT_512_CQ_STRADDLE  $hpnic_cq_straddle \
    CONFIG.AXISTEN_IF_EXT_512_CC_STRADDLE  $hpnic_cc_straddle \
    \
    CONFIG.axisten_if_enable_client_tag    {true} \
    CONFIG.extended_tag_field              {true} \
    CONFIG.pf0_dev_cap_max_payload         {1024_bytes} \
    \
    CONFIG.vendor_id                       {1234} \
    CONFIG.PF0_DEVICE_ID                   {4870} \
    CONFIG.PF0_REVISION_ID                 {01} \
    CONFIG.PF0_SUBSYSTEM_VENDOR_ID         {1234} \
    CONFIG.PF0_SUBSYSTEM_ID                {4870} \
    CONFIG.PF0_Use_Class_Code_Lookup_Assistant {false} \
    CONFIG.PF0_CLASS_CODE                  {020000} \
    \
    CONFIG.pf0_bar0_enabled                {true} \
    CONFIG.pf0_bar0_64bit                  {true} \
    CONFIG.pf0_bar0_prefetchable           {false} \
    CONFIG.pf0_bar0_scale                  {Megabytes} \
    CONFIG.pf0_bar0_size                   {32} \
    CONFIG.pf0_bar2_enabled                {true} \
    CONFIG.pf0_bar2_64bit                  {true} \
    CONFIG.pf0_bar2_prefetchable           {false} \
    CONFIG.pf0_bar2_scale                  {Kilobytes} \
    CONFIG.pf0_bar2_size                   {64} \
    CONFIG.pf0_bar4_enabled                {false} \
    \
    CONFIG.PF0_INTERRUPT_PIN               {NONE} \
    CONFIG.pf0_msi_enabled                 {false} \
    CONFIG.pf0_msix_enabled                {true} \
    CONFIG.MSI_X_OPTIONS                   {MSI-X_External} \
    CONFIG.PF0_MSIX_CAP_TABLE_SIZE         $hpnic_msix_table_size \
    CONFIG.PF0_MSIX_CAP_TABLE_BIR          {BAR_3:2} \
    CONFIG.PF0_MSIX_CAP_TABLE_OFFSET       {00000000} \
    CONFIG.PF0_MSIX_CAP_PBA_BIR            {BAR_3:2} \
    CONFIG.PF0_MSIX_CAP_PBA_OFFSET         {00008000} \
] [get_ips pcie4_uscale_plus_0]

# What each line sets, in order:
#
# mode_selection Advanced: the GUI's advanced mode, where the properties
#   below (straddle, client tags, MSI-X options) can be set.
# Gen3 (8.0 GT/s) x16: the U250's edge connector; the lanes are on GTY quads
#   224..227 (xdc/au250.xdc). The block site and quad are left at the IP's
#   default for this part; check in the GUI's "GT Settings" that lane 0 is
#   on quad 227 before the first build.
# 512-bit interface at 250 MHz: fpga_core's clk is the block's user_clk.
# Dword-aligned RQ, RC, CQ, CC: a TLP's payload follows its descriptor at
#   once (docs/pcie.md); the adapter is written for this mode.
# Straddle: the variables above.
# Client tags: the DMA read engine gives every read request its own tag
#   (64 in flight) and reorders completions by tag itself.
# Extended tags: an 8-bit tag field (64 tags need more than 5 bits).
# Max payload 1024 bytes: the largest MPS this block supports; the host sets
#   the MPS actually used, the engines read it from cfg_max_payload.
# IDs: vendor 1234, device 4870 (driver/lib/hpnic_regs.h
#   HPNIC_PCI_VENDOR_ID / _DEVICE_ID, from fw/regmap.toml; the driver binds
#   on them), revision 1 and subsystem = vendor:device as the simulated
#   device (docs/vm.md). 1234 is a development vendor ID: a product needs
#   its own.
# Class code 020000: network controller, Ethernet (the Linux stack sees an
#   Ethernet-class function, as on the simulated device).
# BAR0: 32 MiB (HPNIC_BAR0_SIZE: registers in the first MiB, one 4 KiB
#   doorbell page per QP in the upper 16 MiB; the CSR port decodes 25 bits),
#   64-bit, NOT prefetchable: register reads have side effects and writes
#   must not be merged or reordered by the host bridge. (A 64-bit
#   non-prefetchable BAR is still placed below 4 GiB by Linux; it takes BAR0
#   and BAR1.)
# BAR2: 64 KiB, 64-bit (BAR2 and BAR3), not prefetchable: the MSI-X table at
#   offset 0 and the PBA at 0x8000, both served by hpnic_pcie (table in user
#   logic). BAR4 is unused.
# No interrupt pin (INTx is never driven, so none is advertised), MSI off,
#   MSI-X on, "MSI-X External": the table and PBA live in user logic; the
#   block sends a message when hpnic_pcie presents its address and data on
#   cfg_interrupt_msix_* and reports it on cfg_interrupt_msi_sent / _fail.
#   The driver asks for MSI-X first (docs/driver.md); without it, it polls.
# Table size, BIR and offsets: the capability's fields; BAR_3:2 names the
#   64-bit BAR2.
