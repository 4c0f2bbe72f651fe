# MAC shim (core <-> CMAC AXI4-Stream); top: hpnic_mac_shim
-f rtl/common/common.f
rtl/shim/hpnic_cdc_count.v
rtl/shim/hpnic_mac_shim.v
rtl/shim/hpnic_pcie_shim.v
