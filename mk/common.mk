# rtl/common shared blocks (CRC-32, IPv4 checksum, async FIFO): their
# Verilated models, tb/common tests and synthesis figures (docs/common.md)

COMMON_FLIST := rtl/common/common.f
COMMON_RTL = $(shell $(FLIST) $(COMMON_FLIST))
COMMON_DEPS = $(COMMON_FLIST) $(shell $(FLIST) $(COMMON_FLIST))

# (hpnic_vmodel, the one recipe of every Verilated model, is in the Makefile)

# C test code (under ASan/UBSan) and C++ harnesses (Verilated code is not
# instrumented); -Wno-unused-parameter for Verilator's headers
COMMON_B := $(BUILD)/common
TB_UTIL_H := tb/common/tb_util.h tb/common/vtb.h

$(COMMON_B)/tb/%.o: tb/common/%.c $(TB_UTIL_H) $(wildcard tb/common/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(SAN) -Itb/common -c $< -o $@

# ---- CRC-32 at 512 and 64 bits ----

# the 512-bit model uses plain XOR reductions (XOR_TREE=0, the default under
# Verilator): the explicit LUT6 tree costs two minutes of C++ at that width.
# The 64-bit model runs the tree, and test-xor-matrix checks the tree against
# the plain form.
$(eval $(call hpnic_vmodel,crc32_w512,hpnic_crc32,$(COMMON_FLIST),$(COMMON_B),--trace-fst -GDATA_WIDTH=512 -GXOR_TREE=0))
$(eval $(call hpnic_vmodel,crc32_w64,hpnic_crc32,$(COMMON_FLIST),$(COMMON_B),-GDATA_WIDTH=64 -GXOR_TREE=1))
CRC32_VLIBS := $(COMMON_B)/crc32_w512/Vcrc32_w512__ALL.a $(COMMON_B)/crc32_w64/Vcrc32_w64__ALL.a

$(COMMON_B)/crc32_rtl.o: tb/common/crc32_rtl.cpp tb/common/crc32_rtl.h $(TB_UTIL_H) $(CRC32_VLIBS)
	$(CXX) $(CXXFLAGS) -Wno-unused-parameter -I$(COMMON_B)/crc32_w512 -I$(COMMON_B)/crc32_w64 \
	  $(VINC) -Itb/common -c $< -o $@

$(BUILD)/bin/tb_crc32: $(COMMON_B)/tb/tb_crc32.o $(COMMON_B)/crc32_rtl.o $(CRC32_VLIBS) $(VLIB)
	@mkdir -p $(dir $@)
	$(CXX) $(SAN) -o $@ $(filter %.o,$^) $(CRC32_VLIBS) $(VLIB) $(VLIBS)

CRC32_PKTS := $(if $(filter 1,$(SLOW)),100000,10000)

.PHONY: test-crc32
test-crc32: $(BUILD)/bin/tb_crc32
	$(BUILD)/bin/tb_crc32 --packets $(CRC32_PKTS) $(if $(SEED),--seed $(SEED))

TESTS += test-crc32

# ---- the XOR-matrix tree against the plain reduction ----

$(eval $(call hpnic_vmodel,xor_matrix,tb_xor_matrix_top,tb/common/tb_xor_matrix.f,$(COMMON_B),))

$(COMMON_B)/xm_rtl.o: tb/common/xm_rtl.cpp tb/common/xm_rtl.h $(TB_UTIL_H) \
		$(COMMON_B)/xor_matrix/Vxor_matrix__ALL.a
	$(CXX) $(CXXFLAGS) -Wno-unused-parameter -I$(COMMON_B)/xor_matrix $(VINC) -Itb/common -c $< -o $@

$(BUILD)/bin/tb_xor_matrix: $(COMMON_B)/tb/tb_xor_matrix.o $(COMMON_B)/xm_rtl.o \
		$(COMMON_B)/xor_matrix/Vxor_matrix__ALL.a $(VLIB)
	@mkdir -p $(dir $@)
	$(CXX) $(SAN) -o $@ $(filter %.o %.a,$^) $(VLIBS)

XM_COUNT := $(if $(filter 1,$(SLOW)),1000000,100000)

.PHONY: test-xor-matrix
test-xor-matrix: $(BUILD)/bin/tb_xor_matrix
	$(BUILD)/bin/tb_xor_matrix --count $(XM_COUNT) $(if $(SEED),--seed $(SEED))

TESTS += test-xor-matrix

# ---- synchronous FIFO: both RAM styles, count from pointers or a counter ----

$(eval $(call hpnic_vmodel,fifo_dist,hpnic_fifo,$(COMMON_FLIST),$(COMMON_B),-GWIDTH=32 -GDEPTH_LOG2=3))
$(eval $(call hpnic_vmodel,fifo_block,hpnic_fifo,$(COMMON_FLIST),$(COMMON_B),-GWIDTH=32 -GDEPTH_LOG2=3 '-GRAM_STYLE="block"'))
$(eval $(call hpnic_vmodel,fifo_dist_cr,hpnic_fifo,$(COMMON_FLIST),$(COMMON_B),-GWIDTH=32 -GDEPTH_LOG2=3 -GCOUNT_REG=1))
$(eval $(call hpnic_vmodel,fifo_block_cr,hpnic_fifo,$(COMMON_FLIST),$(COMMON_B),-GWIDTH=32 -GDEPTH_LOG2=3 '-GRAM_STYLE="block"' -GCOUNT_REG=1))
FIFO_VLIBS := $(COMMON_B)/fifo_dist/Vfifo_dist__ALL.a $(COMMON_B)/fifo_block/Vfifo_block__ALL.a \
	$(COMMON_B)/fifo_dist_cr/Vfifo_dist_cr__ALL.a $(COMMON_B)/fifo_block_cr/Vfifo_block_cr__ALL.a

$(COMMON_B)/fifo_rtl.o: tb/common/fifo_rtl.cpp tb/common/fifo_rtl.h $(TB_UTIL_H) $(FIFO_VLIBS)
	$(CXX) $(CXXFLAGS) -Wno-unused-parameter -I$(COMMON_B)/fifo_dist -I$(COMMON_B)/fifo_block \
	  -I$(COMMON_B)/fifo_dist_cr -I$(COMMON_B)/fifo_block_cr \
	  $(VINC) -Itb/common -c $< -o $@

$(BUILD)/bin/tb_fifo: $(COMMON_B)/tb/tb_fifo.o $(COMMON_B)/fifo_rtl.o $(FIFO_VLIBS) $(VLIB)
	@mkdir -p $(dir $@)
	$(CXX) $(SAN) -o $@ $(filter %.o %.a,$^) $(VLIBS)

FIFO_CYCLES := $(if $(filter 1,$(SLOW)),2000000,200000)

.PHONY: test-fifo
test-fifo: $(BUILD)/bin/tb_fifo
	$(BUILD)/bin/tb_fifo --cycles $(FIFO_CYCLES) $(if $(SEED),--seed $(SEED))

TESTS += test-fifo

# ---- per-QP queues in a shared pool: the responder's shape and the requester's ----

QQ_ARGS := -GQPN_WIDTH=3 -GPOOL_LOG2=4 -GLIMIT_LOG2=3 -GFIFO_LOG2=3
$(eval $(call hpnic_vmodel,qq_serve1,hpnic_qp_queue,$(COMMON_FLIST),$(COMMON_B),$(QQ_ARGS) -GSERVE=1 -GMARKS=1 -GMARK_WIDTH=40 -GMARK_HOLD_WIDTH=20))
$(eval $(call hpnic_vmodel,qq_serve4,hpnic_qp_queue,$(COMMON_FLIST),$(COMMON_B),$(QQ_ARGS) -GSERVE=4))
QQ_VLIBS := $(COMMON_B)/qq_serve1/Vqq_serve1__ALL.a $(COMMON_B)/qq_serve4/Vqq_serve4__ALL.a
# the parameters are in this file: a change to them rebuilds the models
$(QQ_VLIBS): mk/common.mk

$(COMMON_B)/qq_rtl.o: tb/common/qq_rtl.cpp tb/common/qq_rtl.h $(QQ_VLIBS)
	$(CXX) $(CXXFLAGS) -Wno-unused-parameter -I$(COMMON_B)/qq_serve1 -I$(COMMON_B)/qq_serve4 \
	  $(VINC) -Itb/common -c $< -o $@

$(BUILD)/bin/tb_qp_queue: $(COMMON_B)/tb/tb_qp_queue.o $(COMMON_B)/qq_rtl.o $(QQ_VLIBS) $(VLIB)
	@mkdir -p $(dir $@)
	$(CXX) $(SAN) -o $@ $(filter %.o %.a,$^) $(VLIBS)

QQ_CYCLES := $(if $(filter 1,$(SLOW)),2000000,200000)

.PHONY: test-qp-queue
test-qp-queue: $(BUILD)/bin/tb_qp_queue
	$(BUILD)/bin/tb_qp_queue --cycles $(QQ_CYCLES) $(if $(SEED),--seed $(SEED))

TESTS += test-qp-queue

# ---- IPv4 header checksum ----

$(eval $(call hpnic_vmodel,ipv4_csum,hpnic_ipv4_csum,$(COMMON_FLIST),$(COMMON_B),))

$(COMMON_B)/csum_rtl.o: tb/common/csum_rtl.cpp tb/common/csum_rtl.h $(TB_UTIL_H) \
		$(COMMON_B)/ipv4_csum/Vipv4_csum__ALL.a
	$(CXX) $(CXXFLAGS) -Wno-unused-parameter -I$(COMMON_B)/ipv4_csum $(VINC) -Itb/common -c $< -o $@

$(BUILD)/bin/tb_ipv4_csum: $(COMMON_B)/tb/tb_ipv4_csum.o $(COMMON_B)/csum_rtl.o \
		$(COMMON_B)/ipv4_csum/Vipv4_csum__ALL.a $(VLIB)
	@mkdir -p $(dir $@)
	$(CXX) $(SAN) -o $@ $(filter %.o %.a,$^) $(VLIBS)

CSUM_COUNT := $(if $(filter 1,$(SLOW)),2000000,200000)

.PHONY: test-ipv4-csum
test-ipv4-csum: $(BUILD)/bin/tb_ipv4_csum
	$(BUILD)/bin/tb_ipv4_csum --count $(CSUM_COUNT) $(if $(SEED),--seed $(SEED))

TESTS += test-ipv4-csum

# ---- AXI-stream async FIFO: plain, frame (back-pressure), frame (drop) ----

AFIFO_P := hpnic_axis_async_fifo
$(eval $(call hpnic_vmodel,afifo_plain,$(AFIFO_P),$(COMMON_FLIST),$(COMMON_B),--trace-fst -GDATA_WIDTH=64 -GDEPTH_LOG2=4))
$(eval $(call hpnic_vmodel,afifo_frame,$(AFIFO_P),$(COMMON_FLIST),$(COMMON_B),--trace-fst -GDATA_WIDTH=64 -GDEPTH_LOG2=4 -GFRAME_FIFO=1 -GDROP_BAD_FRAME=1))
$(eval $(call hpnic_vmodel,afifo_drop,$(AFIFO_P),$(COMMON_FLIST),$(COMMON_B),--trace-fst -GDATA_WIDTH=64 -GDEPTH_LOG2=5 -GFRAME_FIFO=1 -GDROP_BAD_FRAME=1 -GDROP_WHEN_FULL=1))
AFIFO_VLIBS := $(foreach c,plain frame drop,$(COMMON_B)/afifo_$(c)/Vafifo_$(c)__ALL.a)

$(COMMON_B)/afifo_rtl.o: tb/common/afifo_rtl.cpp tb/common/afifo_rtl.h $(TB_UTIL_H) $(AFIFO_VLIBS)
	$(CXX) $(CXXFLAGS) -Wno-unused-parameter $(foreach c,plain frame drop,-I$(COMMON_B)/afifo_$(c)) \
	  $(VINC) -Itb/common -c $< -o $@

$(BUILD)/bin/tb_axis_async_fifo: $(COMMON_B)/tb/tb_axis_async_fifo.o $(COMMON_B)/afifo_rtl.o \
		$(AFIFO_VLIBS) $(VLIB)
	@mkdir -p $(dir $@)
	$(CXX) $(SAN) -o $@ $(filter %.o %.a,$^) $(VLIBS)

AFIFO_BEATS := $(if $(filter 1,$(SLOW)),10000000,1000000)

.PHONY: test-axis-async-fifo
test-axis-async-fifo: $(BUILD)/bin/tb_axis_async_fifo
	$(BUILD)/bin/tb_axis_async_fifo --beats $(AFIFO_BEATS) $(if $(SEED),--seed $(SEED))

TESTS += test-axis-async-fifo

# ---- synthesis figures (docs/common.md) ----

# hpnic_synth NAME TOP FLIST SETS: $(BUILD)/synth/NAME/TOP.summary, TOP
# synthesized with fpga/yosys/synth.sh and its -set PARAM VALUE pairs
define hpnic_synth
$(BUILD)/synth/$(1)/$(2).summary: $(3) $$(shell $$(FLIST) $(3)) fpga/yosys/synth.sh scripts/lut_levels.py
	fpga/yosys/synth.sh $(2) $(3) $(BUILD)/synth/$(1) $(4)
COMMON_SYN_ACC += $(BUILD)/synth/$(1)/$(2).summary
endef

COMMON_SYN_ACC :=
$(eval $(call hpnic_synth,crc32_w512,hpnic_crc32,$(COMMON_FLIST),))
$(eval $(call hpnic_synth,crc32_w128,hpnic_crc32,$(COMMON_FLIST),-set DATA_WIDTH 128))
$(eval $(call hpnic_synth,crc32_w64,hpnic_crc32,$(COMMON_FLIST),-set DATA_WIDTH 64))
$(eval $(call hpnic_synth,ipv4_csum,hpnic_ipv4_csum,$(COMMON_FLIST),))
$(eval $(call hpnic_synth,afifo_w512_rx,hpnic_axis_async_fifo,$(COMMON_FLIST),-set FRAME_FIFO 1 -set DROP_BAD_FRAME 1 -set DROP_WHEN_FULL 1))
$(eval $(call hpnic_synth,byte_shr_realign,hpnic_byte_shr,$(COMMON_FLIST),-set IN_BYTES 128 -set OUT_BYTES 64 -set SHIFT_WIDTH 6))
$(eval $(call hpnic_synth,byte_shr_icrc,hpnic_byte_shr,$(COMMON_FLIST),-set IN_BYTES 64 -set OUT_BYTES 4 -set SHIFT_WIDTH 7))
COMMON_SYNTHS := $(COMMON_SYN_ACC)

.PHONY: synth-common bench-common
synth-common: $(COMMON_SYNTHS)
	@for f in $^; do echo "== $$f"; cat $$f; done

# CRC throughput and latency at both widths, then the synthesis figures
bench-common: $(BUILD)/bin/tb_crc32 $(BUILD)/bin/tb_axis_async_fifo synth-common
	$(BUILD)/bin/tb_crc32 --packets 200000 $(if $(SEED),--seed $(SEED))
	$(BUILD)/bin/tb_axis_async_fifo --beats 10000000 $(if $(SEED),--seed $(SEED))

SYNTHS += synth-common
BENCHES += bench-common

# ---- byte right shift: the RX realign, the RX ICRC pick, an odd shape, list mode ----

$(eval $(call hpnic_vmodel,bsr_a,hpnic_byte_shr,$(COMMON_FLIST),$(COMMON_B),-GIN_BYTES=128 -GOUT_BYTES=64 -GSHIFT_WIDTH=6))
$(eval $(call hpnic_vmodel,bsr_b,hpnic_byte_shr,$(COMMON_FLIST),$(COMMON_B),-GIN_BYTES=64 -GOUT_BYTES=4 -GSHIFT_WIDTH=7))
$(eval $(call hpnic_vmodel,bsr_c,hpnic_byte_shr,$(COMMON_FLIST),$(COMMON_B),-GIN_BYTES=13 -GOUT_BYTES=5 -GSHIFT_WIDTH=5))
# list mode: RX extract's realign and the TX frame's prepend (keep the lists
# in step with bsr_cfgs in tb/common/bsr_rtl.cpp)
$(eval $(call hpnic_vmodel,bsr_d,hpnic_byte_shr,$(COMMON_FLIST),$(COMMON_B),-GIN_BYTES=128 -GOUT_BYTES=64 -GSHIFT_WIDTH=3 -GLIST_LOG2=3 -GSHIFT_LIST="64'h34302420_0a063a36"))
$(eval $(call hpnic_vmodel,bsr_e,hpnic_byte_shr,$(COMMON_FLIST),$(COMMON_B),-GIN_BYTES=128 -GOUT_BYTES=128 -GSHIFT_WIDTH=3 -GLIST_LOG2=3 -GSHIFT_LIST="64'h0c101c20_363a060a"))
BSR_VLIBS := $(foreach c,a b c d e,$(COMMON_B)/bsr_$(c)/Vbsr_$(c)__ALL.a)

$(COMMON_B)/bsr_rtl.o: tb/common/bsr_rtl.cpp tb/common/bsr_rtl.h $(TB_UTIL_H) $(BSR_VLIBS)
	$(CXX) $(CXXFLAGS) -Wno-unused-parameter $(foreach c,a b c d e,-I$(COMMON_B)/bsr_$(c)) \
	  $(VINC) -Itb/common -c $< -o $@

$(BUILD)/bin/tb_byte_shr: $(COMMON_B)/tb/tb_byte_shr.o $(COMMON_B)/bsr_rtl.o $(BSR_VLIBS) $(VLIB)
	@mkdir -p $(dir $@)
	$(CXX) $(SAN) -o $@ $(filter %.o %.a,$^) $(VLIBS)

BSR_COUNT := $(if $(filter 1,$(SLOW)),2000,200)

.PHONY: test-byte-shr
test-byte-shr: $(BUILD)/bin/tb_byte_shr
	$(BUILD)/bin/tb_byte_shr --count $(BSR_COUNT) $(if $(SEED),--seed $(SEED))

TESTS += test-byte-shr
