# tb_req: hpnic_req with hpnic_resp_tx in its send loop, as hpnic_datapath
# wires them; top: tb_req_top (the record pool is modelled by the harness)
-f rtl/tx/tx.f
tb/req/tb_req_top.v
