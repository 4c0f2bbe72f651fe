# tb_xor_matrix: hpnic_xor_matrix, tree against plain; top: tb_xor_matrix_top
-f rtl/common/common.f
tb/common/tb_xor_matrix_top.v
