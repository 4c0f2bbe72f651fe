# rtl/host: the CSR block's unit test (tb/host_csr). The whole host interface
# is tested through the core (mk/nic.mk).

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
