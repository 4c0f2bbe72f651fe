# RC transport, TX side
-f rtl/common/common.f
rtl/tx/hpnic_wqe_pool.v
rtl/tx/hpnic_req.v
rtl/tx/hpnic_resp_tx.v
rtl/tx/hpnic_rd_track.v
rtl/tx/hpnic_send_loop.v
rtl/tx/hpnic_comp.v
rtl/tx/hpnic_tx_gather.v
rtl/tx/hpnic_tx_hdr.v
rtl/tx/hpnic_tx_frame.v
