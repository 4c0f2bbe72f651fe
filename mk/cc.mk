# rtl/cc: the HPCC CC engine, its Verilated model, tb/cc and hpnic-cctrace

CC_TOP := hpcc_cc_engine
CC_FLIST := rtl/cc/cc.f
CC_QPN_WIDTH := 12
CC_OBJ := $(BUILD)/cc/$(CC_TOP)
CC_VLIB := $(CC_OBJ)/V$(CC_TOP)__ALL.a
CC_RTL = $(shell $(FLIST) $(CC_FLIST))

# the Verilated engine: one build, shared by tb_cc and hpnic-cctrace
$(eval $(call hpnic_vmodel,$(CC_TOP),$(CC_TOP),$(CC_FLIST),$(BUILD)/cc,--trace-fst -GQPN_WIDTH=$(CC_QPN_WIDTH) -GROM_FILE='"$(ROOT)/fw/recip_rom.hex"'))
$(CC_VLIB): fw/recip_rom.hex

CC_HARNESS_INC = -I$(CC_OBJ) $(VINC) -Isim/cc -I$(MODEL_DIR)

$(BUILD)/cc/cc_rtl.o: sim/cc/cc_rtl.cpp sim/cc/cc_rtl.h $(MODEL_HDR) $(CC_VLIB)
	$(CXX) $(CXXFLAGS) -Wno-unused-parameter -DCC_RTL_QPN_WIDTH=$(CC_QPN_WIDTH) \
	  $(CC_HARNESS_INC) -c $< -o $@

CC_RTL_LINK = $(BUILD)/cc/cc_rtl.o $(CC_VLIB) $(VLIB) $(VLIBS)

$(BUILD)/bin/hpnic-cctrace: driver/tools/hpnic-cctrace.c $(MODEL_OBJ) $(MODEL_HDR) $(BUILD)/cc/cc_rtl.o $(VLIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -I$(MODEL_DIR) -Isim/cc -c $< -o $(BUILD)/cc/hpnic-cctrace.o
	$(CXX) -o $@ $(BUILD)/cc/hpnic-cctrace.o $(MODEL_OBJ) $(CC_RTL_LINK) -lm

$(BUILD)/bin/hpnic-incast-gen: sim/cc/hpnic-incast-gen.c sim/cc/incast.c sim/cc/incast.h $(MODEL_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -I$(MODEL_DIR) -Isim/cc $(filter %.c,$^) $(MODEL_OBJ) -lm -o $@

# tb_cc: C, under ASan/UBSan; the Verilated model itself is not instrumented
$(BUILD)/bin/tb_cc: tb/cc/tb_cc.c tb/cc/dcqcn_rand.h tb/common/tb_util.h sim/cc/incast.c sim/cc/incast.h $(MODEL_OBJ_SAN) $(BUILD)/cc/cc_rtl.o $(VLIB)
	@mkdir -p $(dir $@) $(BUILD)/cc/tb
	$(CC) $(CFLAGS) $(SAN) -I$(MODEL_DIR) -Isim/cc -Itb/common -c tb/cc/tb_cc.c -o $(BUILD)/cc/tb/tb_cc.o
	$(CC) $(CFLAGS) $(SAN) -I$(MODEL_DIR) -Isim/cc -c sim/cc/incast.c -o $(BUILD)/cc/tb/incast.o
	$(CXX) $(SAN) -o $@ $(BUILD)/cc/tb/tb_cc.o $(BUILD)/cc/tb/incast.o $(MODEL_OBJ_SAN) \
	  $(CC_RTL_LINK) -lm

CC_EVENTS := $(if $(filter 1,$(SLOW)),10000000,1000000)
# the DCQCN-beside-HPCC part of tb_cc (mode 1): 10^5 events, 10^6 with SLOW=1 and in bench-cc
CC_DCQCN_EVENTS := $(if $(filter 1,$(SLOW)),1000000,100000)
# the VAI/SF part (options per QP, docs/cc-vai-sf.md): 10^5, 10^6 with SLOW=1 and in bench-cc
CC_VAISF_EVENTS := $(if $(filter 1,$(SLOW)),1000000,100000)

.PHONY: test-cc test-cctrace bench-cc synth-cc
test-cc: $(BUILD)/bin/tb_cc
	$(BUILD)/bin/tb_cc --events $(CC_EVENTS) --dcqcn-events $(CC_DCQCN_EVENTS) \
	  --vai-events $(CC_VAISF_EVENTS) $(if $(SEED),--seed $(SEED))

test-cctrace: $(BUILD)/bin/hpnic-cctrace $(BUILD)/bin/hpnic-incast-gen
	scripts/test_cctrace.sh $(BUILD)

bench-cc: $(BUILD)/bin/tb_cc synth-cc
	$(BUILD)/bin/tb_cc --bench $(if $(SEED),--seed $(SEED))
	$(BUILD)/bin/tb_cc --events 0 --dcqcn-events 1000000 --vai-events 0 $(if $(SEED),--seed $(SEED))
	$(BUILD)/bin/tb_cc --vai-only --vai-events 1000000 $(if $(SEED),--seed $(SEED))
	@cat $(BUILD)/synth/$(CC_TOP).summary

synth-cc: $(BUILD)/synth/$(CC_TOP).summary
$(BUILD)/synth/$(CC_TOP).summary: $(CC_FLIST) $(shell $(FLIST) $(CC_FLIST)) fpga/yosys/synth.sh scripts/lut_levels.py
	fpga/yosys/synth.sh $(CC_TOP) $(CC_FLIST) $(BUILD)/synth

TESTS += test-cc test-cctrace
BENCHES += bench-cc
SYNTHS += synth-cc
tools: $(BUILD)/bin/hpnic-cctrace $(BUILD)/bin/hpnic-incast-gen

# the CC engine's demo (make demo-cc): replay the bundled incast trace
# through the RTL engine, print the per-QP summary, write CSV and a plot
.PHONY: demo-cc
demo-cc: $(BUILD)/bin/hpnic-cctrace
	@mkdir -p $(BUILD)/demo
	@echo "hpnic demo: 16->1 incast trace (sim/traces/incast16.csv) through the Verilated CC engine"
	$(BUILD)/bin/hpnic-cctrace --model rtl --summary sim/traces/incast16.csv -o $(BUILD)/demo/incast16_w.csv
	@scripts/plot_cctrace.sh $(BUILD)/demo/incast16_w.csv $(BUILD)/demo/incast16_w.png "incast 16->1: HPCC window per QP (RTL)"
	@echo "window per ACK: $(BUILD)/demo/incast16_w.csv"

# the DCQCN models (model/cc/dcqcn_*.c): tb_dcqcn, C only, under ASan/UBSan
$(BUILD)/bin/tb_dcqcn: tb/cc/tb_dcqcn.c tb/cc/dcqcn_rand.h tb/common/tb_util.h $(MODEL_OBJ_SAN)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(SAN) -I$(MODEL_DIR) -Itb/common $< $(MODEL_OBJ_SAN) -lm -o $@

DCQCN_EVENTS := $(if $(filter 1,$(SLOW)),1000000,100000)

.PHONY: test-dcqcn-model bench-dcqcn-model
test-dcqcn-model: $(BUILD)/bin/tb_dcqcn
	$(BUILD)/bin/tb_dcqcn --events $(DCQCN_EVENTS) $(if $(SEED),--seed $(SEED))

bench-dcqcn-model: $(BUILD)/bin/tb_dcqcn
	$(BUILD)/bin/tb_dcqcn --events 1000000 $(if $(SEED),--seed $(SEED))

TESTS += test-dcqcn-model
BENCHES += bench-dcqcn-model

# the HPCC models' VAI, SF and per-QP parameters (docs/cc-vai-sf.md): tb_cc_vai,
# C only, under ASan/UBSan
$(BUILD)/bin/tb_cc_vai: tb/cc/tb_cc_vai.c tb/common/tb_util.h sim/cc/incast.c sim/cc/incast.h $(MODEL_OBJ_SAN)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(SAN) -I$(MODEL_DIR) -Isim/cc -Itb/common tb/cc/tb_cc_vai.c sim/cc/incast.c \
	  $(MODEL_OBJ_SAN) -lm -o $@

CC_VAI_EVENTS := $(if $(filter 1,$(SLOW)),10000000,1000000)

.PHONY: test-cc-vai
test-cc-vai: $(BUILD)/bin/tb_cc_vai
	$(BUILD)/bin/tb_cc_vai --events $(CC_VAI_EVENTS) $(if $(SEED),--seed $(SEED))

TESTS += test-cc-vai

# the VAI/SF parameter unit's division constants against true floor
# division for every 16-bit queue (Icarus, about 10 s)
.PHONY: test-cc-vaisf-param
test-cc-vaisf-param: rtl/cc/hpcc_vaisf_param.v tb/cc/tb_vaisf_param.v
	@mkdir -p $(BUILD)/cc
	iverilog -g2012 -o $(BUILD)/cc/tb_vaisf_param $^
	vvp -n $(BUILD)/cc/tb_vaisf_param | tee $(BUILD)/cc/tb_vaisf_param.log
	grep PASSED $(BUILD)/cc/tb_vaisf_param.log >/dev/null

TESTS += test-cc-vaisf-param
