# rtl/host: the CSR block's unit test (tb/host_csr) and the receive path's
# (tb/host_rq). The whole host interface is tested through the core too
# (mk/nic.mk).

HOST_B := $(BUILD)/host
HOST_CSR_ARGS := -GQPN_WIDTH=6 -GMR_LOG2=4 -GCQN_WIDTH=3 -GNCOUNTERS=8
$(eval $(call hpnic_vmodel,host_csr,hpnic_host_csr,rtl/host/host.f,$(HOST_B),$(HOST_CSR_ARGS)))
HOST_CSR_VLIB := $(HOST_B)/host_csr/Vhost_csr__ALL.a

$(HOST_B)/csr_rtl.o: tb/host_csr/csr_rtl.cpp tb/host_csr/csr_rtl.h $(HOST_CSR_VLIB)
	$(CXX) $(CXXFLAGS) -Wno-unused-parameter -I$(HOST_B)/host_csr $(VINC) -Itb/host_csr -c $< -o $@

$(BUILD)/bin/tb_host_csr: tb/host_csr/tb_host_csr.c tb/host_csr/csr_rtl.h $(TB_UTIL_H) \
		driver/lib/hpnic_regs.h $(HOST_B)/csr_rtl.o $(HOST_CSR_VLIB) $(VLIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(SAN) -Itb/host_csr -Itb/common -Idriver/lib -c $< -o $(HOST_B)/tb_host_csr.o
	$(CXX) $(SAN) -o $@ $(HOST_B)/tb_host_csr.o $(HOST_B)/csr_rtl.o $(HOST_CSR_VLIB) $(VLIB) $(VLIBS)

HOST_CSR_COUNT := $(if $(filter 1,$(SLOW)),4000,400)

.PHONY: test-host-csr
test-host-csr: $(BUILD)/bin/tb_host_csr
	$(BUILD)/bin/tb_host_csr --count $(HOST_CSR_COUNT) $(if $(SEED),--seed $(SEED))

TESTS += test-host-csr

# tb_host_rq (tb/host_rq): the receive path of the whole host block
# (hpnic_host: RQ doorbells, RWQE prefetch, L_Key checks, receive CQEs)
HOST_RQ_ARGS := -GQPN_WIDTH=6 -GMR_LOG2=4 -GCQN_WIDTH=3 -GNCOUNTERS=8
$(eval $(call hpnic_vmodel,host_rq,hpnic_host,rtl/host/host.f,$(HOST_B),$(HOST_RQ_ARGS)))
HOST_RQ_VLIB := $(HOST_B)/host_rq/Vhost_rq__ALL.a

$(BUILD)/bin/tb_host_rq: tb/host_rq/tb_host_rq.cpp $(TB_UTIL_H) driver/lib/hpnic_regs.h \
		$(HOST_RQ_VLIB) $(VLIB)
	@mkdir -p $(dir $@)
	$(CXX) $(CXXFLAGS) $(SAN) -Wno-unused-parameter -I$(HOST_B)/host_rq $(VINC) -Itb/common \
	  -Idriver/lib -c $< -o $(HOST_B)/tb_host_rq.o
	$(CXX) $(SAN) -o $@ $(HOST_B)/tb_host_rq.o $(HOST_RQ_VLIB) $(VLIB) $(VLIBS)

HOST_RQ_STEPS := $(if $(filter 1,$(SLOW)),15000,1500)

.PHONY: test-host-rq
test-host-rq: $(BUILD)/bin/tb_host_rq
	$(BUILD)/bin/tb_host_rq --steps $(HOST_RQ_STEPS) $(if $(SEED),--seed $(SEED))

TESTS += test-host-rq

# the CSR block alone in Yosys (its LUT/FF and logic depth; the CC Range
# checks live here): build/synth/host_csr/hpnic_host_csr.summary
.PHONY: synth-host-csr
synth-host-csr: $(BUILD)/synth/host_csr/hpnic_host_csr.summary
$(BUILD)/synth/host_csr/hpnic_host_csr.summary: rtl/host/host.f $(shell $(FLIST) rtl/host/host.f) \
		rtl/host/hpnic_regs.vh fpga/yosys/synth.sh scripts/lut_levels.py
	fpga/yosys/synth.sh hpnic_host_csr rtl/host/host.f $(BUILD)/synth/host_csr

SYNTHS += synth-host-csr
