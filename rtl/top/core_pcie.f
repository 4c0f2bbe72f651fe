# hpnic_core behind its PCIe adapter (top: hpnic_core_pcie): what a board's
# fpga_core instantiates and sim/nic's PCIe mode Verilates (docs/pcie.md)
-f rtl/top/core.f
-f rtl/pcie/pcie.f
rtl/top/hpnic_core_pcie.v
