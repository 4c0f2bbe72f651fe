# HPCC flow scheduler; top: hpnic_flow_sched
-f rtl/common/common.f
rtl/sched/hpnic_flow_sched_ram.v
rtl/sched/hpnic_flow_sched_ring.v
rtl/sched/hpnic_flow_sched_engine.v
rtl/sched/hpnic_flow_sched.v
