# RC transport, RX side
-f rtl/common/common.f
rtl/rx/hpnic_rx_in.v
rtl/rx/hpnic_rx_extract.v
rtl/rx/hpnic_recv_track.v
rtl/rx/hpnic_rx_decide.v
rtl/rx/hpnic_rx_commit.v
rtl/rx/hpnic_rx_cnp.v
