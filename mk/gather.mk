# rtl/tx/hpnic_tx_gather: the TX gather's unit test (tb/gather). Two models:
# small FIFOs (2 list reads, 4 pending requests, 8 reads in flight) for the
# random test, so that every FIFO runs full and the DMA channel's order
# bound is hit all the time, with waves (--fst); and the default parameters,
# for a shorter random run and the throughput figures.

GATHER_B := $(BUILD)/gather
GATHER_ARGS := --trace-fst -GLIST_LOG2=1 -GPEND_LOG2=2 -GORDER_LOG2=3
$(eval $(call hpnic_vmodel,gather,hpnic_tx_gather,rtl/tx/tx.f,$(GATHER_B),$(GATHER_ARGS)))
$(eval $(call hpnic_vmodel,gather_dflt,hpnic_tx_gather,rtl/tx/tx.f,$(GATHER_B),))
GATHER_VLIBS := $(GATHER_B)/gather/Vgather__ALL.a $(GATHER_B)/gather_dflt/Vgather_dflt__ALL.a
# the parameters are in this file: a change to them rebuilds the models
$(GATHER_VLIBS): mk/gather.mk

$(GATHER_B)/gather_rtl.o: tb/gather/gather_rtl.cpp tb/gather/gather_rtl.h $(TB_UTIL_H) \
		$(GATHER_VLIBS)
	$(CXX) $(CXXFLAGS) -Wno-unused-parameter -I$(GATHER_B)/gather -I$(GATHER_B)/gather_dflt \
	  $(VINC) -Itb/gather -Itb/common -c $< -o $@

$(BUILD)/bin/tb_gather: tb/gather/tb_gather.c tb/gather/gather_rtl.h $(TB_UTIL_H) \
		$(GATHER_B)/gather_rtl.o $(GATHER_VLIBS) $(VLIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(SAN) -Itb/gather -Itb/common -c $< -o $(GATHER_B)/tb_gather.o
	$(CXX) $(SAN) -o $@ $(GATHER_B)/tb_gather.o $(GATHER_B)/gather_rtl.o $(GATHER_VLIBS) $(VLIB) \
	  $(VLIBS)

GATHER_COUNT := $(if $(filter 1,$(SLOW)),2000000,200000)

.PHONY: test-gather
test-gather: $(BUILD)/bin/tb_gather
	$(BUILD)/bin/tb_gather --packets $(GATHER_COUNT) $(if $(SEED),--seed $(SEED))

TESTS += test-gather
