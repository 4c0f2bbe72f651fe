# CC engine (HPCC, mode 0; DCQCN reaction point, mode 1); top: hpcc_cc_engine
-f rtl/common/common.f
rtl/cc/hpcc_recip_rom.v
rtl/cc/hpcc_recip.v
rtl/cc/hpcc_cc_param.v
rtl/cc/hpcc_cc_qp_param.v
rtl/cc/hpcc_vaisf_param.v
rtl/cc/hpcc_cc_hop.v
rtl/cc/dcqcn_clock.v
rtl/cc/dcqcn_decay.v
rtl/cc/dcqcn_rp.v
rtl/cc/dcqcn_sweep.v
rtl/cc/hpcc_cc_engine.v
