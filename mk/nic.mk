# The simulated NIC behind libhpnic's "sim" backend: the whole core
# (rtl/top/hpnic_core.v, rtl/top/core.f) Verilated, its PCIe and MAC models
# and the links (sim/nic), as one static library programs link with libhpnic

NIC_TOP := hpnic_core
NIC_FLIST := rtl/top/core.f
NIC_OBJ := $(BUILD)/nic/$(NIC_TOP)
NIC_VLIB := $(NIC_OBJ)/V$(NIC_TOP)__ALL.a
NIC_RTL = $(shell $(FLIST) $(NIC_FLIST))
NIC_INC := -Isim/nic -Isim/net -Idriver/lib -Isim/link $(ROCE_INC)
LIBHPNIC_SIM := $(BUILD)/nic/libhpnic_sim.a
LIBHPNIC_SIM_OBJ := $(BUILD)/nic/hpnic_sim.o

# the reciprocal ROM compiled in (fw/recip_rom.vh): an installed simulator
# reads no file from the source tree
$(eval $(call hpnic_vmodel,$(NIC_TOP),$(NIC_TOP),$(NIC_FLIST),$(BUILD)/nic,--trace-fst -Ifw -DHPNIC_RECIP_ROM_INLINE))
$(NIC_VLIB): fw/recip_rom.vh

# the PCIe mode (HPNIC_SIM_PCIE): the core behind its PCIe adapter
# (rtl/top/hpnic_core_pcie.v, what a board instantiates), its host the
# hard-block model of tb/pcie/pcie_model.c
NICP_TOP := hpnic_core_pcie
NICP_FLIST := rtl/top/core_pcie.f
NICP_OBJ := $(BUILD)/nic/$(NICP_TOP)
NICP_VLIB := $(NICP_OBJ)/V$(NICP_TOP)__ALL.a
$(eval $(call hpnic_vmodel,$(NICP_TOP),$(NICP_TOP),$(NICP_FLIST),$(BUILD)/nic,--trace-fst -Ifw -DHPNIC_RECIP_ROM_INLINE))
$(NICP_VLIB): fw/recip_rom.vh

$(BUILD)/nic/nic_sim.o: sim/nic/nic_sim.cpp sim/nic/hpnic_sim.h driver/lib/hpnic_backend.h \
		driver/lib/hpnic_regs.h sim/net/net_model.h $(ROCE_HDR) $(LINK_HDR) $(NIC_VLIB) tb/common/vtb.h
	$(CXX) $(CXXFLAGS) -Wno-unused-parameter -I$(NIC_OBJ) $(VINC) $(NIC_INC) -Itb/common -c $< -o $@

# the network between the NICs: switches with INT, topology, routing
$(BUILD)/nic/net_model.o: sim/net/net_model.cpp sim/net/net_model.h sim/link/link_model.h
	@mkdir -p $(dir $@)
	$(CXX) $(CXXFLAGS) $(NIC_INC) -c $< -o $@

# the backend, the Verilated core, the link model and pcap writer in one archive
# the backend as one object (linking it registers "sim", from a constructor),
# and what it needs as an archive: the Verilated core, the links, the RoCE code
$(LIBHPNIC_SIM_OBJ): $(BUILD)/nic/nic_sim.o $(BUILD)/nic/net_model.o
	$(LD) -r -o $@ $^

$(LIBHPNIC_SIM): $(NIC_VLIB) $(LINK_OBJ) $(ROCE_OBJ)
	rm -f $@
	cp $(NIC_VLIB) $@
	ar rcs $@ $(LINK_OBJ) $(ROCE_OBJ)

.PHONY: nic-model
nic-model: $(LIBHPNIC_SIM_OBJ) $(LIBHPNIC_SIM)

# the PCIe mode's backend: the same nic_sim.cpp with -DHPNIC_SIM_PCIE, the
# hard-block model (tb/pcie/pcie_model.c) and the Verilated hpnic_core_pcie
LIBHPNIC_SIM_PCIE := $(BUILD)/nic/libhpnic_sim_pcie.a
LIBHPNIC_SIM_PCIE_OBJ := $(BUILD)/nic/hpnic_sim_pcie.o
PCIE_MODEL_H := tb/pcie/pcie_model.h tb/pcie/pcie_rtl.h tb/pcie/pcie_port.h

$(BUILD)/nic/nic_sim_pcie.o: sim/nic/nic_sim.cpp sim/nic/hpnic_sim.h driver/lib/hpnic_backend.h \
		driver/lib/hpnic_regs.h sim/net/net_model.h $(ROCE_HDR) $(LINK_HDR) $(NICP_VLIB) tb/common/vtb.h \
		$(PCIE_MODEL_H)
	$(CXX) $(CXXFLAGS) -Wno-unused-parameter -DHPNIC_SIM_PCIE -I$(NICP_OBJ) $(VINC) $(NIC_INC) -Itb/common \
	  -Itb/pcie -c $< -o $@

$(BUILD)/nic/pcie_model.o: tb/pcie/pcie_model.c $(PCIE_MODEL_H)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Itb/pcie -c $< -o $@

$(LIBHPNIC_SIM_PCIE_OBJ): $(BUILD)/nic/nic_sim_pcie.o $(BUILD)/nic/net_model.o $(BUILD)/nic/pcie_model.o
	$(LD) -r -o $@ $^

$(LIBHPNIC_SIM_PCIE): $(NICP_VLIB) $(LINK_OBJ) $(ROCE_OBJ)
	rm -f $@
	cp $(NICP_VLIB) $@
	ar rcs $@ $(LINK_OBJ) $(ROCE_OBJ)

# libhpnic's integration suite against the simulated pair, under ASan/UBSan
$(BUILD)/bin/tb_nic: tb/nic/tb_nic.c tb/common/tb_util.h $(LIBHPNIC_SAN) $(LIBHPNIC_SIM_OBJ) $(LIBHPNIC_SIM) $(VLIB) \
		$(LIBHPNIC_HDR) sim/nic/hpnic_sim.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(SAN) -DTB_NIC_SIM $(LIBHPNIC_INC) -I$(MODEL_DIR) $(NIC_INC) -Itb/common -c $< -o $(BUILD)/nic/tb_nic.o
	$(CXX) $(SAN) -o $@ $(BUILD)/nic/tb_nic.o $(LIBHPNIC_SIM_OBJ) $(LIBHPNIC_SAN) $(LIBHPNIC_SIM) \
	  $(VLIB) $(VLIBS) -lm

# the simulated NIC's port on a Unix stream socket (QEMU -netdev stream
# framing): the port alone, then two simulator processes through it
$(BUILD)/bin/tb_stream: tb/stream/tb_stream.c tb/common/tb_util.h $(LIBHPNIC_SAN) $(LIBHPNIC_SIM_OBJ) \
		$(LIBHPNIC_SIM) $(VLIB) $(LIBHPNIC_HDR) sim/nic/hpnic_sim.h $(LINK_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(SAN) $(LIBHPNIC_INC) $(NIC_INC) -Itb/common -c $< -o $(BUILD)/nic/tb_stream.o
	$(CXX) $(SAN) -o $@ $(BUILD)/nic/tb_stream.o $(LIBHPNIC_SIM_OBJ) $(LIBHPNIC_SAN) $(LIBHPNIC_SIM) \
	  $(VLIB) $(VLIBS) -lm

# tools that drive the simulated pair through libhpnic
NIC_TOOLS := hpnic-write-bench hpnic-pingpong hpnic-xfer
$(BUILD)/bin/hpnic-%: driver/tools/hpnic-%.c $(LIBHPNIC) $(LIBHPNIC_SIM_OBJ) $(LIBHPNIC_SIM) $(VLIB) $(LIBHPNIC_HDR) \
		sim/nic/hpnic_sim.h
	@mkdir -p $(dir $@) $(BUILD)/nic/tools
	$(CC) $(CFLAGS) $(LIBHPNIC_INC) $(NIC_INC) -c $< -o $(BUILD)/nic/tools/$*.o
	$(CXX) -o $@ $(BUILD)/nic/tools/$*.o $(LIBHPNIC_SIM_OBJ) $(LIBHPNIC) $(LIBHPNIC_SIM) \
	  $(VLIB) $(VLIBS) -lm

# the same suite with each NIC behind its PCIe adapter and the hard-block
# model (docs/pcie.md, "The whole path in simulation")
$(BUILD)/bin/tb_nic_pcie: tb/nic/tb_nic.c tb/common/tb_util.h $(LIBHPNIC_SAN) $(LIBHPNIC_SIM_PCIE_OBJ) \
		$(LIBHPNIC_SIM_PCIE) $(VLIB) $(LIBHPNIC_HDR) sim/nic/hpnic_sim.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(SAN) -DTB_NIC_SIM -DTB_NIC_PCIE $(LIBHPNIC_INC) -I$(MODEL_DIR) $(NIC_INC) -Itb/common -c $< \
	  -o $(BUILD)/nic/tb_nic_pcie.o
	$(CXX) $(SAN) -o $@ $(BUILD)/nic/tb_nic_pcie.o $(LIBHPNIC_SIM_PCIE_OBJ) $(LIBHPNIC_SAN) \
	  $(LIBHPNIC_SIM_PCIE) $(VLIB) $(VLIBS) -lm

# the same tools on the PCIe mode's simulator (hpnic-write-bench-pcie, ...)
$(BUILD)/bin/hpnic-%-pcie: driver/tools/hpnic-%.c $(LIBHPNIC) $(LIBHPNIC_SIM_PCIE_OBJ) $(LIBHPNIC_SIM_PCIE) \
		$(VLIB) $(LIBHPNIC_HDR) sim/nic/hpnic_sim.h
	@mkdir -p $(dir $@) $(BUILD)/nic/tools
	$(CC) $(CFLAGS) $(LIBHPNIC_INC) $(NIC_INC) -c $< -o $(BUILD)/nic/tools/$*-pcie.o
	$(CXX) -o $@ $(BUILD)/nic/tools/$*-pcie.o $(LIBHPNIC_SIM_PCIE_OBJ) $(LIBHPNIC) $(LIBHPNIC_SIM_PCIE) \
	  $(VLIB) $(VLIBS) -lm

.PHONY: test-nic
test-nic: $(BUILD)/bin/tb_nic $(BUILD)/bin/hpnic-xfer $(BUILD)/bin/tb_stream
	$(BUILD)/bin/tb_nic $(if $(SEED),--seed $(SEED))
	$(BUILD)/bin/tb_stream $(if $(SEED),--seed $(SEED))
	$(BUILD)/bin/tb_nic --dma-stall 0.3 --test sizes,gather,lkey,dmaerr $(if $(SEED),--seed $(SEED))
	@# one QP's 64 B WRITEs under a DMA read latency: the requester fetching ahead
	HPNIC_SIM_DMA_LATENCY=50 $(BUILD)/bin/tb_nic --test window,window_qp,send,sizes $(if $(SEED),--seed $(SEED))
	@# the program make test-driver runs through the Linux driver, here on the simulator
	$(BUILD)/bin/hpnic-xfer --qps 4 --max 1M --quiet sim:0 sim:1

TESTS += test-nic

# libhpnic's suite with each NIC behind its PCIe adapter and the hard-block
# model (docs/pcie.md, "The whole path in simulation"): every test but mtt
# (2.8 M cycles, about 70 s here) unless SLOW=1; then the model's random
# back-pressure on every stream; then hpnic-xfer as test-nic runs it. SEED=N
# seeds both the suite and the model (HPNIC_SIM_SEED). The model's checkers
# fail the run.
NIC_PCIE_T1 := query,dcqcn_reset,bad_args,qp_state,sizes,qp64,protect,pd,invalidate,reconnect
NIC_PCIE_T2 := zero_len,post_send,send,gather,bad_ext,lkey,async,cc,dcqcn_params,ackreq,counters,dcqcn,dmaerr
NIC_PCIE_T3 := window,window_qp
NIC_PCIE_SLOW := $(if $(filter 1,$(SLOW)),mtt)
NIC_PCIE_TESTS := $(NIC_PCIE_T1),$(NIC_PCIE_T2),$(NIC_PCIE_T3)$(NIC_PCIE_SLOW:%=,%)
NIC_PCIE_SEED := $(or $(SEED),1)

.PHONY: test-nic-pcie
test-nic-pcie: $(BUILD)/bin/tb_nic_pcie $(BUILD)/bin/hpnic-xfer-pcie
	HPNIC_SIM_SEED=$(NIC_PCIE_SEED) $(BUILD)/bin/tb_nic_pcie --test $(NIC_PCIE_TESTS) --seed $(NIC_PCIE_SEED)
	HPNIC_SIM_SEED=$(NIC_PCIE_SEED) $(BUILD)/bin/tb_nic_pcie --dma-stall 0.3 --test sizes,gather,lkey,dmaerr \
	  --seed $(NIC_PCIE_SEED)
	@# the program make test-driver runs through the Linux driver, here through the adapter
	HPNIC_SIM_SEED=$(NIC_PCIE_SEED) $(BUILD)/bin/hpnic-xfer-pcie --qps 4 --max 1M --quiet sim:0 sim:1

TESTS += test-nic-pcie

# make demo-nic: WRITE and READ between the two simulated NICs through
# libhpnic (make demo runs the network scenario, mk/sim.mk)
.PHONY: demo-nic
demo-nic: $(BUILD)/bin/hpnic-write-bench $(BUILD)/bin/hpnic-pingpong
	@echo "hpnic demo: two Verilated hpnic_core NICs, 100G links of 0.5 us, driven through libhpnic"
	$(BUILD)/bin/hpnic-pingpong -n 20
	$(BUILD)/bin/hpnic-write-bench --latency --size 64
	$(BUILD)/bin/hpnic-write-bench --size 4096 --bytes 4194304 --quiet
	$(BUILD)/bin/hpnic-write-bench --size 1048576 --bytes 4194304 --depth 2 --read --quiet
	$(BUILD)/bin/hpnic-write-bench --size 65536 --qps 8 --bytes 1048576 --quiet
	@echo "more: build/bin/hpnic-write-bench --help, docs/libhpnic.md"

# the whole NIC's figures (docs/performance.md, issue 5)
.PHONY: bench-nic synth-core
bench-nic: $(BUILD)/bin/hpnic-write-bench
	$(BUILD)/bin/hpnic-write-bench --size 64..1048576 --depth 128 --signal-every 16
	$(BUILD)/bin/hpnic-write-bench --size 64..4096 --depth 32
	$(BUILD)/bin/hpnic-write-bench --size 64 --qps 64 --depth 16 --iters 1024 --signal-every 8 --quiet
	$(BUILD)/bin/hpnic-write-bench --size 64 --qps 64 --depth 16 --iters 1024 --batch 1 --quiet
	$(BUILD)/bin/hpnic-write-bench --size 64 --qps 64 --depth 16 --iters 1024 --signal-every 8 --sge 2 --quiet
	$(BUILD)/bin/hpnic-write-bench --size 64 --qps 64 --depth 16 --iters 1024 --signal-every 8 --sge 4 --quiet
	$(BUILD)/bin/hpnic-write-bench --size 64 --qps 64 --depth 16 --iters 1024 --signal-every 8 --inline --quiet
	$(BUILD)/bin/hpnic-write-bench --size 64..4096 --depth 128 --signal-every 16 --sge 4
	$(BUILD)/bin/hpnic-write-bench --size 4096 --bytes 8388608 --quiet
	$(BUILD)/bin/hpnic-write-bench --size 4096 --qps 64 --bytes 262144 --depth 4 --quiet
	$(BUILD)/bin/hpnic-write-bench --size 1048576 --bytes 4194304 --depth 2 --read --quiet
	$(BUILD)/bin/hpnic-write-bench --size 4096 --read --quiet
	$(BUILD)/bin/hpnic-write-bench --size 4096 --qps 64 --bytes 262144 --depth 4 --read --quiet
	$(BUILD)/bin/hpnic-write-bench --size 64..4096 --read --depth 32
	$(BUILD)/bin/hpnic-write-bench --size 4096 --send --quiet
	$(BUILD)/bin/hpnic-write-bench --size 4096 --qps 64 --bytes 262144 --depth 4 --send --quiet
	$(BUILD)/bin/hpnic-write-bench --size 64 --qps 64 --depth 16 --iters 1024 --signal-every 8 --send --quiet
	$(BUILD)/bin/hpnic-write-bench --size 64..4096 --send --depth 32
	$(BUILD)/bin/hpnic-write-bench --latency --size 64
	$(BUILD)/bin/hpnic-write-bench --latency --size 64 --dma-latency 200

# The whole core: the blocks that docs/performance.md measures alone are
# kept apart (each mapped by its own ABC run, as alone) and joined again for
# the path count, so that a path across blocks counts every block's levels.
# FLAT=1 maps the whole core in one ABC run instead, whose area recovery
# lets paths grow to the design's deepest ("The whole design in Yosys")
CORE_BLOCKS := hpnic_host_sq hpnic_host_rq hpnic_host_cq hpnic_host_csr hpnic_dma_mux \
	hpnic_send_loop hpnic_comp hpnic_wqe_pool hpnic_tx_hdr hpnic_tx_gather hpnic_tx_frame \
	hpnic_rx_in hpnic_rx_extract hpnic_rx_decision hpnic_rx_commit hpnic_rx_cnp hpnic_mtt \
	hpcc_cc_engine hpnic_flow_sched hpnic_sched_glue hpnic_mac_shim hpnic_pcie
synth-core: $(BUILD)/synth/$(NIC_TOP).summary
$(BUILD)/synth/$(NIC_TOP).summary: $(NIC_FLIST) $(shell $(FLIST) $(NIC_FLIST)) $(wildcard rtl/*/*.vh) \
		fpga/yosys/synth.sh scripts/lut_levels.py
	LUT_PATHS=20 KEEP_HIER="$(if $(FLAT),,$(CORE_BLOCKS))" \
	  fpga/yosys/synth.sh $(NIC_TOP) $(NIC_FLIST) $(BUILD)/synth

BENCHES += bench-nic
SYNTHS += synth-core
