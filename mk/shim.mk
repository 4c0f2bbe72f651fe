# rtl/shim: the MAC shim, its Verilated model, tb/shim and synthesis figures
# (docs/shim.md). Uses hpnic_vmodel and the tb/common helpers of mk/common.mk.

SHIM_TOP := hpnic_mac_shim
SHIM_FLIST := rtl/shim/shim.f
SHIM_B := $(BUILD)/shim

$(eval $(call hpnic_vmodel,mac_shim,$(SHIM_TOP),$(SHIM_FLIST),$(SHIM_B),--trace-fst))
SHIM_VLIB := $(SHIM_B)/mac_shim/Vmac_shim__ALL.a

$(SHIM_B)/shim_rtl.o: tb/shim/shim_rtl.cpp tb/shim/shim_rtl.h $(TB_UTIL_H) $(SHIM_VLIB)
	$(CXX) $(CXXFLAGS) -Wno-unused-parameter -I$(SHIM_B)/mac_shim $(VINC) -Itb/common -Itb/shim \
	  -c $< -o $@

$(SHIM_B)/tb/%.o: tb/shim/%.c tb/shim/shim_rtl.h $(TB_UTIL_H)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(SAN) -Itb/common -Itb/shim -c $< -o $@

$(BUILD)/bin/tb_mac_shim: $(SHIM_B)/tb/tb_mac_shim.o $(SHIM_B)/shim_rtl.o $(SHIM_VLIB) $(VLIB)
	@mkdir -p $(dir $@)
	$(CXX) $(SAN) -o $@ $(filter %.o %.a,$^) $(VLIBS)

SHIM_FRAMES := $(if $(filter 1,$(SLOW)),50000,5000)

.PHONY: test-mac-shim
test-mac-shim: $(BUILD)/bin/tb_mac_shim
	$(BUILD)/bin/tb_mac_shim --frames $(SHIM_FRAMES) $(if $(SEED),--seed $(SEED))

TESTS += test-mac-shim

# ---- synthesis figures (docs/shim.md) ----

COMMON_SYN_ACC :=
$(eval $(call hpnic_synth,mac_shim,$(SHIM_TOP),$(SHIM_FLIST),))
SHIM_SYNTHS := $(COMMON_SYN_ACC)

.PHONY: synth-shim bench-shim
synth-shim: $(SHIM_SYNTHS)
	@for f in $^; do echo "== $$f"; cat $$f; done

# latency and counters on long runs, then the synthesis figures
bench-shim: $(BUILD)/bin/tb_mac_shim synth-shim
	$(BUILD)/bin/tb_mac_shim --frames 100000 $(if $(SEED),--seed $(SEED))

SYNTHS += synth-shim
BENCHES += bench-shim
