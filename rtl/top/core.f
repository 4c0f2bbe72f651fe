# The whole NIC core: host interface, CC engine, flow scheduler, TX/RX pipes,
# MAC shim; top: hpnic_core
-f rtl/host/host.f
-f rtl/cc/cc.f
-f rtl/sched/sched.f
-f rtl/shim/shim.f
-f rtl/top/top.f
rtl/top/hpnic_sched_glue.v
rtl/top/hpnic_core.v
