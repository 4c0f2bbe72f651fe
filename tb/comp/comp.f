# tb_comp: hpnic_comp alone; the harness models its record pool, so the
# requester and the pool (rtl/tx/tx.f) are left out
-f rtl/common/common.f
rtl/tx/hpnic_comp.v
