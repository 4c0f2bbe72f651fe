# rtl/pcie: the PCIe DMA engine on the UltraScale+ integrated block's RQ/RC
# interfaces, its Verilated model, tb/pcie and synthesis figures
# (docs/pcie.md). The model is built with LEN_WIDTH 17 so that one command
# can be 64 KiB.

PCIE_FLIST := rtl/pcie/pcie.f
PCIE_B := $(BUILD)/pcie

$(eval $(call hpnic_vmodel,pcie_wr,hpnic_pcie_dma_wr,$(PCIE_FLIST),$(PCIE_B),--trace-fst -GLEN_WIDTH=17))
$(eval $(call hpnic_vmodel,pcie_rd,hpnic_pcie_dma_rd,$(PCIE_FLIST),$(PCIE_B),--trace-fst -GLEN_WIDTH=17))
PCIE_VLIB := $(PCIE_B)/pcie_wr/Vpcie_wr__ALL.a
$(eval $(call hpnic_vmodel,pcie_top,hpnic_pcie_dma,$(PCIE_FLIST),$(PCIE_B),-GLEN_WIDTH=17))
PCIE_RD_VLIB := $(PCIE_B)/pcie_rd/Vpcie_rd__ALL.a
PCIE_TOP_VLIB := $(PCIE_B)/pcie_top/Vpcie_top__ALL.a
# the whole adapter (DMA, BAR access, MSI-X): tb/pcie/tb_pcie_bar.c
$(eval $(call hpnic_vmodel,pcie_hp,hpnic_pcie,$(PCIE_FLIST),$(PCIE_B),-GLEN_WIDTH=17))
PCIE_HP_VLIB := $(PCIE_B)/pcie_hp/Vpcie_hp__ALL.a
$(PCIE_VLIB) $(PCIE_RD_VLIB) $(PCIE_TOP_VLIB) $(PCIE_HP_VLIB): mk/pcie.mk

# the same three with the IP's straddle options off (tb_pcie_ns: the formats
# a board configured without straddle gets)
$(eval $(call hpnic_vmodel,pcie_wr_ns,hpnic_pcie_dma_wr,$(PCIE_FLIST),$(PCIE_B),--trace-fst -GLEN_WIDTH=17 -GSTRADDLE=0))
$(eval $(call hpnic_vmodel,pcie_rd_ns,hpnic_pcie_dma_rd,$(PCIE_FLIST),$(PCIE_B),--trace-fst -GLEN_WIDTH=17 -GSTRADDLE=0))
$(eval $(call hpnic_vmodel,pcie_top_ns,hpnic_pcie_dma,$(PCIE_FLIST),$(PCIE_B),-GLEN_WIDTH=17 -GRQ_STRADDLE=0 -GRC_STRADDLE=0))
$(eval $(call hpnic_vmodel,pcie_hp_ns,hpnic_pcie,$(PCIE_FLIST),$(PCIE_B),-GLEN_WIDTH=17 -GRQ_STRADDLE=0 -GRC_STRADDLE=0))
PCIE_NS_VLIBS := $(foreach m,wr rd top hp,$(PCIE_B)/pcie_$(m)_ns/Vpcie_$(m)_ns__ALL.a)
$(PCIE_NS_VLIBS): mk/pcie.mk

$(PCIE_B)/ns/pcie_rtl.o: tb/pcie/pcie_rtl.cpp tb/pcie/pcie_rtl.h tb/pcie/pcie_port.h $(TB_UTIL_H) $(PCIE_NS_VLIBS)
	@mkdir -p $(dir $@)
	$(CXX) $(CXXFLAGS) -Wno-unused-parameter -I$(PCIE_B)/pcie_wr_ns $(VINC) -Itb/common -Itb/pcie \
	  -DVWR=Vpcie_wr_ns -include Vpcie_wr_ns.h -c $< -o $@

$(PCIE_B)/ns/pcie_rd_rtl.o: tb/pcie/pcie_rd_rtl.cpp tb/pcie/pcie_rd_rtl.h tb/pcie/pcie_rtl.h tb/pcie/pcie_port.h $(TB_UTIL_H) $(PCIE_NS_VLIBS)
	@mkdir -p $(dir $@)
	$(CXX) $(CXXFLAGS) -Wno-unused-parameter -I$(PCIE_B)/pcie_rd_ns $(VINC) -Itb/common -Itb/pcie \
	  -DVRD=Vpcie_rd_ns -include Vpcie_rd_ns.h -c $< -o $@

$(PCIE_B)/ns/pcie_top_rtl.o: tb/pcie/pcie_top_rtl.cpp tb/pcie/pcie_top_rtl.h tb/pcie/pcie_rtl.h tb/pcie/pcie_port.h $(TB_UTIL_H) $(PCIE_NS_VLIBS)
	@mkdir -p $(dir $@)
	$(CXX) $(CXXFLAGS) -Wno-unused-parameter -I$(PCIE_B)/pcie_top_ns $(VINC) -Itb/common -Itb/pcie \
	  -DVTOP=Vpcie_top_ns -include Vpcie_top_ns.h -c $< -o $@

$(PCIE_B)/ns/pcie_hp_rtl.o: tb/pcie/pcie_hp_rtl.cpp tb/pcie/pcie_hp_rtl.h tb/pcie/pcie_rtl.h tb/pcie/pcie_port.h $(TB_UTIL_H) $(PCIE_NS_VLIBS)
	@mkdir -p $(dir $@)
	$(CXX) $(CXXFLAGS) -Wno-unused-parameter -I$(PCIE_B)/pcie_hp_ns $(VINC) -Itb/common -Itb/pcie \
	  -DVHP=Vpcie_hp_ns -include Vpcie_hp_ns.h -c $< -o $@

$(PCIE_B)/ns/tb_pcie.o: tb/pcie/tb_pcie.c tb/pcie/tb_pcie_bar.c tb/pcie/pcie_rtl.h tb/pcie/pcie_rd_rtl.h \
		tb/pcie/pcie_top_rtl.h tb/pcie/pcie_hp_rtl.h tb/pcie/pcie_model.h $(TB_UTIL_H)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(SAN) -Itb/common -Itb/pcie -DPCIE_STRADDLE=0 -c $< -o $@

# the hard block's model (tb/pcie/pcie_model.c), one object for both builds:
# straddle is its configuration
$(PCIE_B)/tb/pcie_model.o: tb/pcie/pcie_model.c tb/pcie/pcie_model.h tb/pcie/pcie_rtl.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(SAN) -Itb/pcie -c $< -o $@

$(BUILD)/bin/tb_pcie_ns: $(PCIE_B)/ns/tb_pcie.o $(PCIE_B)/tb/pcie_model.o $(PCIE_B)/ns/pcie_rtl.o $(PCIE_B)/ns/pcie_rd_rtl.o \
		$(PCIE_B)/ns/pcie_top_rtl.o $(PCIE_B)/ns/pcie_hp_rtl.o $(PCIE_NS_VLIBS) $(VLIB)
	@mkdir -p $(dir $@)
	$(CXX) $(SAN) -o $@ $(filter %.o %.a,$^) $(VLIBS)

$(PCIE_B)/pcie_rtl.o: tb/pcie/pcie_rtl.cpp tb/pcie/pcie_rtl.h tb/pcie/pcie_port.h $(TB_UTIL_H) $(PCIE_VLIB)
	$(CXX) $(CXXFLAGS) -Wno-unused-parameter -I$(PCIE_B)/pcie_wr $(VINC) -Itb/common -Itb/pcie \
	  -c $< -o $@

$(PCIE_B)/pcie_rd_rtl.o: tb/pcie/pcie_rd_rtl.cpp tb/pcie/pcie_rd_rtl.h tb/pcie/pcie_rtl.h tb/pcie/pcie_port.h $(TB_UTIL_H) $(PCIE_RD_VLIB)
	$(CXX) $(CXXFLAGS) -Wno-unused-parameter -I$(PCIE_B)/pcie_rd $(VINC) -Itb/common -Itb/pcie \
	  -c $< -o $@

$(PCIE_B)/pcie_top_rtl.o: tb/pcie/pcie_top_rtl.cpp tb/pcie/pcie_top_rtl.h tb/pcie/pcie_rtl.h tb/pcie/pcie_port.h $(TB_UTIL_H) $(PCIE_TOP_VLIB)
	$(CXX) $(CXXFLAGS) -Wno-unused-parameter -I$(PCIE_B)/pcie_top $(VINC) -Itb/common -Itb/pcie \
	  -c $< -o $@

$(PCIE_B)/pcie_hp_rtl.o: tb/pcie/pcie_hp_rtl.cpp tb/pcie/pcie_hp_rtl.h tb/pcie/pcie_rtl.h tb/pcie/pcie_port.h $(TB_UTIL_H) $(PCIE_HP_VLIB)
	$(CXX) $(CXXFLAGS) -Wno-unused-parameter -I$(PCIE_B)/pcie_hp $(VINC) -Itb/common -Itb/pcie \
	  -c $< -o $@

# tb_pcie.c includes tb_pcie_bar.c (the CQ/CC and MSI-X model shares its RQ/RC model)
$(PCIE_B)/tb/tb_pcie.o: tb/pcie/tb_pcie.c tb/pcie/tb_pcie_bar.c tb/pcie/pcie_rtl.h tb/pcie/pcie_rd_rtl.h \
		tb/pcie/pcie_top_rtl.h tb/pcie/pcie_hp_rtl.h tb/pcie/pcie_model.h $(TB_UTIL_H)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(SAN) -Itb/common -Itb/pcie -c $< -o $@

$(BUILD)/bin/tb_pcie: $(PCIE_B)/tb/tb_pcie.o $(PCIE_B)/tb/pcie_model.o $(PCIE_B)/pcie_rtl.o $(PCIE_B)/pcie_rd_rtl.o \
		$(PCIE_B)/pcie_top_rtl.o $(PCIE_B)/pcie_hp_rtl.o \
		$(PCIE_VLIB) $(PCIE_RD_VLIB) $(PCIE_TOP_VLIB) $(PCIE_HP_VLIB) $(VLIB)
	@mkdir -p $(dir $@)
	$(CXX) $(SAN) -o $@ $(filter %.o %.a,$^) $(VLIBS)

PCIE_OPS := $(if $(filter 1,$(SLOW)),500000,50000)

# straddle on (the default build) with the full count, then straddle off
# with a quarter of it
.PHONY: test-pcie
test-pcie: $(BUILD)/bin/tb_pcie $(BUILD)/bin/tb_pcie_ns
	$(BUILD)/bin/tb_pcie --ops $(PCIE_OPS) $(if $(SEED),--seed $(SEED))
	$(BUILD)/bin/tb_pcie_ns --ops $(shell expr $(PCIE_OPS) / 4) $(if $(SEED),--seed $(SEED))

TESTS += test-pcie

# ---- synthesis figures (docs/pcie.md) ----

COMMON_SYN_ACC :=
$(eval $(call hpnic_synth,pcie_dma_wr,hpnic_pcie_dma_wr,$(PCIE_FLIST),))
$(eval $(call hpnic_synth,pcie_dma_rd,hpnic_pcie_dma_rd,$(PCIE_FLIST),))
$(eval $(call hpnic_synth,pcie_dma,hpnic_pcie_dma,$(PCIE_FLIST),))
$(eval $(call hpnic_synth,pcie_bar,hpnic_pcie_bar,$(PCIE_FLIST),))
$(eval $(call hpnic_synth,pcie_msix,hpnic_pcie_msix,$(PCIE_FLIST),))
$(eval $(call hpnic_synth,pcie_msix_2048,hpnic_pcie_msix,$(PCIE_FLIST),-set VECTORS 2048))
$(eval $(call hpnic_synth,pcie,hpnic_pcie,$(PCIE_FLIST),))
PCIE_SYNTHS := $(COMMON_SYN_ACC)

.PHONY: synth-pcie bench-pcie
synth-pcie: $(PCIE_SYNTHS)
	@for f in $^; do echo "== $$f"; cat $$f; done

# the throughput phase is part of every run; the bench runs more operations
bench-pcie: $(BUILD)/bin/tb_pcie $(BUILD)/bin/tb_pcie_ns synth-pcie
	$(BUILD)/bin/tb_pcie --ops 20000 $(if $(SEED),--seed $(SEED))
	$(BUILD)/bin/tb_pcie_ns --ops 20000 $(if $(SEED),--seed $(SEED))

SYNTHS += synth-pcie
BENCHES += bench-pcie
