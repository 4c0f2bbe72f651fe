# rtl/sched: the flow scheduler, its Verilated models and tb/sched

SCHED_TOP := hpnic_flow_sched
SCHED_FLIST := rtl/sched/sched.f
SCHED_ENGINES := 4
SCHED_RTL = $(shell $(FLIST) $(SCHED_FLIST))
SCHED_SRC_DEPS = $(SCHED_FLIST) rtl/common/common.f $(shell $(FLIST) $(SCHED_FLIST))

# the C side of the testbench, under ASan/UBSan; it is the same for every model
SCHED_TB_OBJ := $(BUILD)/sched/tb/tb_sched.o $(BUILD)/sched/tb/tb_env.o
$(BUILD)/sched/tb/%.o: tb/sched/%.c tb/sched/tb_env.h tb/common/tb_util.h sim/sched/sched_rtl.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(SAN) -Isim/sched -Itb/sched -Itb/common -c $< -o $@

# sched_model NAME QPN_WIDTH BINARY ENGINES: a Verilated model, its harness, and
# tb_sched linked to it
define sched_model
$$(eval $$(call hpnic_vmodel,$(1),$(SCHED_TOP),$(SCHED_FLIST),$(BUILD)/sched,--trace-fst -GQPN_WIDTH=$(2) -GENGINES=$(4),V$(SCHED_TOP)))

$(BUILD)/sched/$(1)/sched_rtl.o: sim/sched/sched_rtl.cpp sim/sched/sched_rtl.h \
		$(BUILD)/sched/$(1)/V$(SCHED_TOP)__ALL.a
	$$(CXX) $$(CXXFLAGS) -Wno-unused-parameter -DSCHED_RTL_QPN_WIDTH=$(2) \
	  -DSCHED_RTL_ENGINES=$(4) -I$(BUILD)/sched/$(1) $$(VINC) -Isim/sched \
	  -c $$< -o $$@

$(BUILD)/bin/$(3): $$(SCHED_TB_OBJ) $(BUILD)/sched/$(1)/sched_rtl.o \
		$(BUILD)/sched/$(1)/V$(SCHED_TOP)__ALL.a $$(VLIB)
	@mkdir -p $$(dir $$@)
	$$(CXX) $$(SAN) -o $$@ $$(SCHED_TB_OBJ) $(BUILD)/sched/$(1)/sched_rtl.o \
	  $(BUILD)/sched/$(1)/V$(SCHED_TOP)__ALL.a $$(VLIB) $$(VLIBS) -lm
endef

# the default build (4096 QPs, 4 engines); a 16384-QP one that probes the limit
# of figure (a); a 64-QP single-engine one for the parameter corner
$(eval $(call sched_model,q12,12,tb_sched,$(SCHED_ENGINES)))
$(eval $(call sched_model,q14,14,tb_sched_q14,$(SCHED_ENGINES)))
$(eval $(call sched_model,q6e1,6,tb_sched_q6e1,1))

.PHONY: test-sched bench-sched synth-sched
test-sched: $(BUILD)/bin/tb_sched $(BUILD)/bin/tb_sched_q6e1
	$(BUILD)/bin/tb_sched $(if $(SEED),--seed $(SEED)) $(if $(filter 1,$(SLOW)),--slow)
	$(BUILD)/bin/tb_sched_q6e1 $(if $(SEED),--seed $(SEED)) $(if $(filter 1,$(SLOW)),--slow)

# the figures of docs/sched.md: (a)-(c), Jain, rate-change latency, then size
bench-sched: $(BUILD)/bin/tb_sched $(BUILD)/bin/tb_sched_q14 synth-sched
	$(BUILD)/bin/tb_sched --bench $(if $(SEED),--seed $(SEED))
	$(BUILD)/bin/tb_sched_q14 --bench --only a --nlist 6144,8192,12288,16384 $(if $(SEED),--seed $(SEED))
	@cat $(BUILD)/synth/$(SCHED_TOP).summary

synth-sched: $(BUILD)/synth/$(SCHED_TOP).summary
$(BUILD)/synth/$(SCHED_TOP).summary: $(SCHED_SRC_DEPS) fpga/yosys/synth.sh scripts/lut_levels.py
	fpga/yosys/synth.sh $(SCHED_TOP) $(SCHED_FLIST) $(BUILD)/synth

TESTS += test-sched
BENCHES += bench-sched
SYNTHS += synth-sched
