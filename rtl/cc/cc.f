# HPCC CC engine; top: hpcc_cc_engine
-f rtl/common/common.f
rtl/cc/hpcc_recip_rom.v
rtl/cc/hpcc_recip.v
rtl/cc/hpcc_cc_param.v
rtl/cc/hpcc_cc_hop.v
rtl/cc/hpcc_cc_engine.v
