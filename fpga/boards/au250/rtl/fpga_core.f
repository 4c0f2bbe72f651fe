# hpnic on a PCIe + 100G board, the portable part (top: fpga_core): the core,
# the PCIe adapter (rtl/pcie/pcie.f: hpnic_pcie and the DMA engines), wired
# in rtl/top/core_pcie.f's hpnic_core_pcie. Used by make lint-au250, make
# synth-fpga-core and the Vivado project.
-f rtl/top/core_pcie.f
fpga/boards/au250/rtl/fpga_core.v
