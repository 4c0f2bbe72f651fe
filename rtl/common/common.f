# shared building blocks
rtl/common/hpnic_ram_sdp.v
rtl/common/hpnic_ram_sp_rf.v
rtl/common/hpnic_fifo.v
rtl/common/hpnic_shr_round_sat.v
rtl/common/hpnic_normalize.v
rtl/common/hpnic_rmw_ram.v
rtl/common/hpnic_xor_matrix.v
rtl/common/hpnic_crc32.v
rtl/common/hpnic_ipv4_csum.v
rtl/common/hpnic_axis_async_fifo.v
rtl/common/hpnic_frame_fifo.v
rtl/common/hpnic_icrc_view.v
rtl/common/hpnic_rr_arb.v
rtl/common/hpnic_reg_slice.v
rtl/common/hpnic_byte_shr.v
rtl/common/hpnic_fanout.v
