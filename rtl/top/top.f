# RoCEv2 datapath: TX + RX pipes; top: hpnic_datapath
-f rtl/tx/tx.f
-f rtl/rx/rx.f
rtl/top/hpnic_rx_decision.v
rtl/top/hpnic_datapath.v
