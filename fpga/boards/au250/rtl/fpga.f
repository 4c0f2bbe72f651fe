# hpnic on the Alveo U250, the board top (top: fpga): fpga_core, the
# synchronizers. The vendor IP (pcie4_uscale_plus_0, cmac_usplus_0) and the
# UNISIM primitives come from Vivado; make lint-au250 adds stubs/.
-f fpga/boards/au250/rtl/fpga_core.f
fpga/boards/au250/rtl/hpnic_sync_reset.v
fpga/boards/au250/rtl/hpnic_sync_bit.v
fpga/boards/au250/rtl/fpga.v
