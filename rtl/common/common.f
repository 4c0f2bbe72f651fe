# shared building blocks
rtl/common/hpnic_ram_sdp.v
rtl/common/hpnic_ram_sp_rf.v
rtl/common/hpnic_fifo.v
rtl/common/hpnic_shr_round_sat.v
rtl/common/hpnic_normalize.v
