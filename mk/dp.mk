# rtl/top/hpnic_datapath: TX + RX pipes, tested back to back by tb/dp
# (the loopback harness sim/dp, the link model, host-memory models)

DP_TOP := hpnic_datapath
DP_FLIST := rtl/top/top.f
DP_OBJ := $(BUILD)/dp/$(DP_TOP)
DP_VLIB := $(DP_OBJ)/V$(DP_TOP)__ALL.a
DP_RTL = $(shell $(FLIST) $(DP_FLIST))

$(eval $(call hpnic_vmodel,$(DP_TOP),$(DP_TOP),$(DP_FLIST),$(BUILD)/dp,--trace-fst))

$(BUILD)/dp/dp_harness.o: sim/dp/dp_harness.cpp sim/dp/dp_harness.h $(ROCE_HDR) $(DP_VLIB) \
		driver/lib/hpnic_regs.h tb/common/vtb.h
	$(CXX) $(CXXFLAGS) -Wno-unused-parameter -I$(DP_OBJ) $(VINC) -Isim/dp -Idriver/lib -Itb/common $(ROCE_INC) \
	  -c $< -o $@

$(BUILD)/bin/tb_dp: tb/dp/tb_dp.c tb/common/tb_util.h $(BUILD)/dp/dp_harness.o $(ROCE_OBJ_SAN) $(LINK_OBJ_SAN) $(VLIB)
	@mkdir -p $(dir $@) $(BUILD)/dp/tb
	$(CC) $(CFLAGS) $(SAN) -Isim/dp -Itb/common $(ROCE_INC) -c $< -o $(BUILD)/dp/tb/tb_dp.o
	$(CXX) $(SAN) -o $@ $(BUILD)/dp/tb/tb_dp.o $(BUILD)/dp/dp_harness.o $(DP_VLIB) $(VLIB) \
	  $(ROCE_OBJ_SAN) $(LINK_OBJ_SAN) $(VLIBS)

# the RX and TX pipes' own tests share the harness
$(BUILD)/bin/tb_rx: tb/rx/tb_rx.c tb/common/tb_util.h $(BUILD)/dp/dp_harness.o $(ROCE_OBJ_SAN) $(LINK_OBJ_SAN) $(VLIB)
	@mkdir -p $(dir $@) $(BUILD)/dp/tb
	$(CC) $(CFLAGS) $(SAN) -Isim/dp -Itb/common $(ROCE_INC) -c $< -o $(BUILD)/dp/tb/tb_rx.o
	$(CXX) $(SAN) -o $@ $(BUILD)/dp/tb/tb_rx.o $(BUILD)/dp/dp_harness.o $(DP_VLIB) $(VLIB) \
	  $(ROCE_OBJ_SAN) $(LINK_OBJ_SAN) $(VLIBS)

$(BUILD)/bin/tb_tx: tb/tx/tb_tx.c tb/common/tb_util.h $(BUILD)/dp/dp_harness.o $(ROCE_OBJ_SAN) $(LINK_OBJ_SAN) $(VLIB)
	@mkdir -p $(dir $@) $(BUILD)/dp/tb
	$(CC) $(CFLAGS) $(SAN) -Isim/dp -Itb/common $(ROCE_INC) -c $< -o $(BUILD)/dp/tb/tb_tx.o
	$(CXX) $(SAN) -o $@ $(BUILD)/dp/tb/tb_tx.o $(BUILD)/dp/dp_harness.o $(DP_VLIB) $(VLIB) \
	  $(ROCE_OBJ_SAN) $(LINK_OBJ_SAN) $(VLIBS)

.PHONY: test-rx test-tx
test-rx: $(BUILD)/bin/tb_rx
	$(BUILD)/bin/tb_rx $(if $(SEED),--seed $(SEED))
test-tx: $(BUILD)/bin/tb_tx
	$(BUILD)/bin/tb_tx $(if $(SEED),--seed $(SEED)) $(if $(filter 1,$(SLOW)),--rounds 300)

TESTS += test-tx test-rx

DP_PACKETS := $(if $(filter 1,$(SLOW)),1000000,100000)
# a seed from the clock unless SEED=N (tb_dp prints the one it used)
DP_SEED := $(if $(SEED),--seed $(SEED))

.PHONY: test-dp bench-dp synth-dp
# the decode pcaps go through tshark (Wireshark's InfiniBand dissector, and
# scripts/hpnic_int.lua for INT) and scapy's ICRC; tshark's opcode and PSN of
# every frame must match what the harness's own parser read (PCAP.expect)
test-dp: $(BUILD)/bin/tb_dp
	$(BUILD)/bin/tb_dp --packets $(DP_PACKETS) --pcap-dir $(BUILD)/dp $(DP_SEED)
	scripts/roce_pcap_check.sh -q --expect $(BUILD)/dp/loopback-noint.pcap.expect \
	  $(BUILD)/dp/loopback-noint.pcap
	scripts/roce_pcap_check.sh -q --int --expect $(BUILD)/dp/loopback-int.pcap.expect \
	  $(BUILD)/dp/loopback-int.pcap

bench-dp: $(BUILD)/bin/tb_dp synth-dp
	$(BUILD)/bin/tb_dp --bench --packets 1000000 $(if $(SEED),--seed $(SEED))
	@cat $(BUILD)/synth/$(DP_TOP).summary

synth-dp: $(BUILD)/synth/$(DP_TOP).summary
$(BUILD)/synth/$(DP_TOP).summary: $(DP_FLIST) $(shell $(FLIST) $(DP_FLIST)) fpga/yosys/synth.sh scripts/lut_levels.py
	fpga/yosys/synth.sh $(DP_TOP) $(DP_FLIST) $(BUILD)/synth

TESTS += test-dp
BENCHES += bench-dp
SYNTHS += synth-dp
