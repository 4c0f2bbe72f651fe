# rtl/rx/hpnic_rx_decide with the READ tracking (rtl/tx/hpnic_rd_track) in
# its loop: their unit test (tb/rx_decide). The model is small (16 QPs, 16
# memory regions, 8-entry output FIFOs) so that it builds fast and the FIFOs
# run full under back-pressure.

RXD_B := $(BUILD)/rx_decide
RXD_ARGS := -GQPN_WIDTH=4 -GMR_LOG2=4 -GFIFO_LOG2=3 -GACK_FIFO_LOG2=3 -GRDQ_POOL_LOG2=5 -GRWQE_POOL_LOG2=6
$(eval $(call hpnic_vmodel,rx_decide,hpnic_rx_decision,tb/rx_decide/tb_rx_decide.f,$(RXD_B),$(RXD_ARGS)))
RXD_VLIB := $(RXD_B)/rx_decide/Vrx_decide__ALL.a

$(RXD_B)/rx_decide_rtl.o: tb/rx_decide/rx_decide_rtl.cpp tb/rx_decide/rx_decide_rtl.h $(TB_UTIL_H) \
		$(RXD_VLIB)
	$(CXX) $(CXXFLAGS) -Wno-unused-parameter -I$(RXD_B)/rx_decide $(VINC) -Itb/rx_decide \
	  -Itb/common -c $< -o $@

$(BUILD)/bin/tb_rx_decide: tb/rx_decide/tb_rx_decide.c tb/rx_decide/rx_decide_rtl.h $(TB_UTIL_H) \
		driver/lib/hpnic_regs.h $(RXD_B)/rx_decide_rtl.o $(RXD_VLIB) $(VLIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(SAN) -Itb/rx_decide -Itb/common -Idriver/lib -c $< -o $(RXD_B)/tb_rx_decide.o
	$(CXX) $(SAN) -o $@ $(RXD_B)/tb_rx_decide.o $(RXD_B)/rx_decide_rtl.o $(RXD_VLIB) $(VLIB) $(VLIBS)

RXD_COUNT := $(if $(filter 1,$(SLOW)),2000000,200000)

.PHONY: test-rx-decide
test-rx-decide: $(BUILD)/bin/tb_rx_decide
	$(BUILD)/bin/tb_rx_decide --packets $(RXD_COUNT) $(if $(SEED),--seed $(SEED))

TESTS += test-rx-decide
