# tb_rx_decide: RX's decision (rtl/top/hpnic_rx_decision.v: hpnic_rx_decide
# with the requester's READ tracking and the receive WQEs in its loop, as hpnic_datapath has it)
# without the rest of the datapath, which the harness plays
-f rtl/common/common.f
rtl/rx/hpnic_recv_track.v
rtl/rx/hpnic_rx_decide.v
rtl/tx/hpnic_rd_track.v
rtl/top/hpnic_rx_decision.v
