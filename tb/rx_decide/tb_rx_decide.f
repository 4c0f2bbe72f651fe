# tb_rx_decide: hpnic_rx_decide with the requester's READ tracking
# (hpnic_rd_track) in its loop, as hpnic_datapath joins them; top:
# tb_rx_decide_top. The rest of RX and TX is played by the harness.
-f rtl/common/common.f
rtl/rx/hpnic_rx_decide.v
rtl/tx/hpnic_rd_track.v
tb/rx_decide/tb_rx_decide_top.v
