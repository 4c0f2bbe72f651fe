# (named after nic.mk on purpose: the Makefile includes mk/*.mk in sorted order,
# and the prerequisites below need nic.mk's variables)
# The network simulation (issue 6): hpnic-netsim runs Verilated NICs behind
# INT switches (sim/net) through libhpnic; sim/run drives the scenarios in
# sim/scenarios and plots them (scripts/plot_netsim.sh)

NETSIM := $(BUILD)/bin/hpnic-netsim
$(NETSIM): sim/net/hpnic-netsim.c $(LIBHPNIC) $(LIBHPNIC_SIM_OBJ) $(LIBHPNIC_SIM) $(VLIB) $(LIBHPNIC_HDR) \
		sim/nic/hpnic_sim.h
	@mkdir -p $(dir $@) $(BUILD)/net
	$(CC) $(CFLAGS) $(LIBHPNIC_INC) $(NIC_INC) -c $< -o $(BUILD)/net/hpnic-netsim.o
	$(CXX) -o $@ $(BUILD)/net/hpnic-netsim.o $(LIBHPNIC_SIM_OBJ) $(LIBHPNIC) $(LIBHPNIC_SIM) \
	  $(VLIB) $(VLIBS) -lm

.PHONY: netsim
netsim: $(NETSIM)

# make sim-<scenario>: one scenario of sim/scenarios, with its plots
SCENARIOS := $(basename $(notdir $(wildcard sim/scenarios/*.scn)))
.PHONY: $(addprefix sim-,$(SCENARIOS))
$(addprefix sim-,$(SCENARIOS)): sim-%: $(NETSIM)
	sim/run $*

# make test: a small incast on the real RTL (4 -> 1, 200 KB each), with its
# checks, the same with DCQCN (ECN marks, CNPs, rate cuts), and the runner's
# CC options; the paper's scenarios are make sim-<name> (minutes each)
.PHONY: test-net
test-net: $(NETSIM)
	sim/run incast4
	sim/run incast4-dcqcn
	sim/run rtt2-perqp-short
	scripts/test_netsim_opts.sh $(BUILD)
TESTS += test-net

# make demo: incast16 on 17 simulated NICs and a switch, summary and plots
.PHONY: demo-run
demo-run: $(NETSIM)
	@echo "hpnic demo: 16 -> 1 incast, 17 Verilated hpnic_core NICs behind an INT switch (a few minutes)"
	@# a demo shows the run; a missed expectation is printed (FAIL in the
	@# summary) but does not fail make: sim/run alone exits 1 on it
	@sim/run incast16 || echo "hpnic demo: an expectation was missed (FAIL above); see docs/netsim.md"
	@echo "more: sim/run --list, make sim-<scenario>, docs/netsim.md; the NIC pair demo is make demo-nic"

# the simulation-speed figure: wall seconds per simulated ms of incast16
.PHONY: bench-net
bench-net: $(NETSIM)
	sim/run --out $(BUILD)/sim/bench-incast16 incast16 --quiet || true
	@grep -E "wall_s_per_sim_ms|thr_after_drain|drain_us|q_peak_kb" $(BUILD)/sim/bench-incast16/summary.txt
BENCHES += bench-net
