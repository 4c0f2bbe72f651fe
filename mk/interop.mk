# make test-interop: hpnic (the simulated NIC, through libhpnic) against
# Linux Soft-RoCE (rdma_rxe) in a QEMU guest, over the stream port
# (docs/interop.md). hpnic_peer is the host's half, rxe_peer the guest's
# (built here against Debian's libibverbs, run in the guest built by
# scripts/rxe-vm-image.sh); scripts/test_interop.sh runs both. hpnic_pingpong
# is hpnic's end of ibv_rc_pingpong on its own (hpnic_peer runs the same
# code, tb/interop/hpnic_pp.c, against the guest's ibv_rc_pingpong, as its
# server and as its client).

INTEROP_IMG := $(BUILD)/rxe-vm/initrd.cpio.gz
# the simulator's object and archive by name: mk/nic.mk, which defines
# $(LIBHPNIC_SIM_OBJ) and $(LIBHPNIC_SIM), is read after this file
INTEROP_SIM := $(BUILD)/nic/hpnic_sim.o $(BUILD)/nic/libhpnic_sim.a

INTEROP_HDR := tb/interop/interop.h tb/interop/hpnic_pp.h $(LIBHPNIC_HDR) sim/nic/hpnic_sim.h \
	$(LINK_HDR)

# hpnic_pp: ibv_rc_pingpong's exchange and loop on libhpnic, shared by
# hpnic_peer (the test's pingpong step) and hpnic_pingpong (on its own)
$(BUILD)/interop/%.o: tb/interop/%.c $(INTEROP_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(SAN) $(LIBHPNIC_INC) $(NIC_INC) -Itb/interop -c $< -o $@

$(BUILD)/bin/hpnic_peer $(BUILD)/bin/hpnic_pingpong: $(BUILD)/bin/%: $(BUILD)/interop/%.o \
		$(BUILD)/interop/hpnic_pp.o $(LIBHPNIC_SAN) $(INTEROP_SIM) $(VLIB)
	@mkdir -p $(dir $@)
	$(CXX) $(SAN) -o $@ $< $(BUILD)/interop/hpnic_pp.o $(BUILD)/nic/hpnic_sim.o $(LIBHPNIC_SAN) \
	  $(BUILD)/nic/libhpnic_sim.a $(VLIB) $(VLIBS) -lm

# the guest's program: libibverbs from Debian (libibverbs-dev here, the
# same version's libibverbs1 and rxe provider in the guest)
$(BUILD)/interop/rxe_peer: tb/interop/rxe_peer.c tb/interop/interop.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Itb/interop $< -libverbs -o $@

$(INTEROP_IMG): scripts/rxe-vm-image.sh $(BUILD)/interop/rxe_peer
	scripts/rxe-vm-image.sh $(BUILD)/rxe-vm $(BUILD)/interop/rxe_peer

.PHONY: test-interop interop-image
interop-image: $(INTEROP_IMG)

# SLOW=1: ibv_rc_pingpong runs 2000 messages each way instead of 200 (both
# of its runs: hpnic the server, then the client)
test-interop: $(BUILD)/bin/hpnic_peer $(BUILD)/bin/hpnic_pingpong $(INTEROP_IMG)
	scripts/test_interop.sh $(if $(SEED),--seed $(SEED)) $(if $(filter 1,$(SLOW)),-- --pp-iters 2000)

TESTS += test-interop
