# PCIe DMA on the UltraScale+ integrated block (RQ/RC); docs/pcie.md
-f rtl/common/common.f
rtl/pcie/hpnic_pcie_dma_wr.v
rtl/pcie/hpnic_pcie_dma_rd.v
rtl/pcie/hpnic_pcie_dma.v
rtl/pcie/hpnic_pcie_bar.v
rtl/pcie/hpnic_pcie_msix.v
rtl/pcie/hpnic_pcie.v
