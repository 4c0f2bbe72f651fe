# rtl/tx/hpnic_comp: the completer's unit test (tb/comp). The model is small
# (8 QPs, a 64-entry record pool, 16-entry output FIFOs, 16 cycles per timer
# unit, 3 retries) so that it builds fast and its corners come soon; 16
# entries is the smallest FIFO_LOG2 the completer accepts. Its clock is 25
# MHz, so that the RNR delays (0.01 ms and up) take a tenth of the cycles.

COMP_B := $(BUILD)/comp
COMP_ARGS := -GQPN_WIDTH=3 -GPOOL_LOG2=6 -GFIFO_LOG2=4 -GTIME_SHIFT=4 -GRETRY_MAX=3 -GCLK_MHZ=25
$(eval $(call hpnic_vmodel,comp,hpnic_comp,tb/comp/comp.f,$(COMP_B),$(COMP_ARGS)))
COMP_VLIB := $(COMP_B)/comp/Vcomp__ALL.a
# the parameters are in this file: a change to them rebuilds the model
$(COMP_VLIB): mk/comp.mk

$(COMP_B)/comp_rtl.o: tb/comp/comp_rtl.cpp tb/comp/comp_rtl.h $(TB_UTIL_H) $(COMP_VLIB)
	$(CXX) $(CXXFLAGS) -Wno-unused-parameter -I$(COMP_B)/comp $(VINC) -Itb/comp -Itb/common \
	  -c $< -o $@

$(BUILD)/bin/tb_comp: tb/comp/tb_comp.c tb/comp/comp_rtl.h $(TB_UTIL_H) driver/lib/hpnic_regs.h \
		$(COMP_B)/comp_rtl.o $(COMP_VLIB) $(VLIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(SAN) -Itb/comp -Itb/common -Idriver/lib -c $< -o $(COMP_B)/tb_comp.o
	$(CXX) $(SAN) -o $@ $(COMP_B)/tb_comp.o $(COMP_B)/comp_rtl.o $(COMP_VLIB) $(VLIB) $(VLIBS)

COMP_COUNT := $(if $(filter 1,$(SLOW)),1000000,200000)

.PHONY: test-comp
test-comp: $(BUILD)/bin/tb_comp
	$(BUILD)/bin/tb_comp --steps $(COMP_COUNT) $(if $(SEED),--seed $(SEED))

TESTS += test-comp
