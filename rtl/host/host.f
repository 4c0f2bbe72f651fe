# Host interface: CSRs, doorbells, WQE fetch, completions, DMA multiplexing
-f rtl/common/common.f
rtl/host/hpnic_dma_mux.v
rtl/host/hpnic_lkey_check.v
rtl/host/hpnic_rd_gate.v
rtl/host/hpnic_host_sq.v
rtl/host/hpnic_host_rq.v
rtl/host/hpnic_host_cq.v
rtl/host/hpnic_host_csr.v
rtl/host/hpnic_host.v
