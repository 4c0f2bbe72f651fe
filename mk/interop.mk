# make test-interop: hpnic (the simulated NIC, through libhpnic) against
# Linux Soft-RoCE (rdma_rxe) in a QEMU guest, over the stream port
# (docs/interop.md). hpnic_peer is the host's half, rxe_peer the guest's
# (built here against Debian's libibverbs, run in the guest built by
# scripts/rxe-vm-image.sh); scripts/test_interop.sh runs both.

INTEROP_IMG := $(BUILD)/rxe-vm/initrd.cpio.gz
# the simulator's object and archive by name: mk/nic.mk, which defines
# $(LIBHPNIC_SIM_OBJ) and $(LIBHPNIC_SIM), is read after this file
INTEROP_SIM := $(BUILD)/nic/hpnic_sim.o $(BUILD)/nic/libhpnic_sim.a

$(BUILD)/bin/hpnic_peer: tb/interop/hpnic_peer.c tb/interop/interop.h $(LIBHPNIC_SAN) $(INTEROP_SIM) \
		$(VLIB) $(LIBHPNIC_HDR) sim/nic/hpnic_sim.h $(LINK_HDR)
	@mkdir -p $(dir $@) $(BUILD)/interop
	$(CC) $(CFLAGS) $(SAN) $(LIBHPNIC_INC) $(NIC_INC) -Itb/interop -c $< -o $(BUILD)/interop/hpnic_peer.o
	$(CXX) $(SAN) -o $@ $(BUILD)/interop/hpnic_peer.o $(BUILD)/nic/hpnic_sim.o $(LIBHPNIC_SAN) \
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

test-interop: $(BUILD)/bin/hpnic_peer $(INTEROP_IMG)
	$(if $(filter 1,$(SLOW)),HPNIC_INTEROP_RXE_MIX=1) scripts/test_interop.sh $(if $(SEED),--seed $(SEED))

TESTS += test-interop
