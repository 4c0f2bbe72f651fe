# The NIC as a PCI device that a real Linux kernel sees (issue 13):
# hpnic-vmdev serves the simulated NICs (sim/nic) to a QEMU guest through
# QEMU's multi-process device proxy; scripts/vm-image.sh builds the guest
# (Debian kernel, busybox, lspci, the project's programs); scripts/vm-run.sh
# boots it and runs a script in it. docs/vm.md.

VMDEV := $(BUILD)/bin/hpnic-vmdev
VM_IMG := $(BUILD)/vm/initrd.cpio.gz
# what the guest gets besides busybox and lspci
VM_GUEST_PROGS := $(BUILD)/bin/hpnicctl $(BUILD)/bin/hpnic-vmcheck $(BUILD)/bin/hpnic-drvcheck \
	$(BUILD)/guest/hpnic-xfer $(BUILD)/guest/tb_nic

# the integration suite without the simulator, for the driver's devices
$(BUILD)/guest/tb_nic: tb/nic/tb_nic.c tb/common/tb_util.h $(LIBHPNIC) $(LIBHPNIC_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LIBHPNIC_INC) -Imodel/cc -Itb/common $< $(LIBHPNIC) -lm -o $@

# the guest's hpnic-xfer: libhpnic alone (the kernel and pci backends), no simulator
$(BUILD)/guest/hpnic-xfer: driver/tools/hpnic-xfer.c $(LIBHPNIC) $(LIBHPNIC_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LIBHPNIC_INC) $< $(LIBHPNIC) -o $@

$(VMDEV): sim/vmdev/vmdev.c sim/vmdev/vmdev_proto.h $(LIBHPNIC) $(LIBHPNIC_SIM_OBJ) $(LIBHPNIC_SIM) $(VLIB) \
		$(LIBHPNIC_HDR) sim/nic/hpnic_sim.h
	@mkdir -p $(dir $@) $(BUILD)/vmdev
	$(CC) $(CFLAGS) $(LIBHPNIC_INC) $(NIC_INC) -c $< -o $(BUILD)/vmdev/vmdev.o
	$(CXX) -o $@ $(BUILD)/vmdev/vmdev.o $(LIBHPNIC_SIM_OBJ) $(LIBHPNIC) $(LIBHPNIC_SIM) $(VLIB) $(VLIBS) -lm

# the guest's check program: BAR round trips, scratch, DMA through libhpnic's
# pci backend (the program a user would write against /sys resource0)
$(BUILD)/bin/hpnic-vmcheck: tb/vm/hpnic-vmcheck.c tb/common/tb_util.h $(LIBHPNIC) $(LIBHPNIC_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LIBHPNIC_INC) -Itb/common $< $(LIBHPNIC) -o $@

$(VM_IMG): scripts/vm-image.sh sim/vmdev/guest/init $(VM_GUEST_PROGS)
	scripts/vm-image.sh $(BUILD)/vm $(VM_GUEST_PROGS)

.PHONY: vmdev vm-image vm-shell test-vm test-vmdev
vmdev: $(VMDEV)
vm-image: $(VM_IMG) $(VMDEV)

# an interactive shell in the guest, its two functions served by the RTL
vm-shell: vm-image
	$(VMDEV) --kernel $(BUILD)/vm/vmlinuz --initrd $(VM_IMG) --interactive

# the protocol, against a fake QEMU: every message kind, malformed ones,
# accesses outside the BAR, QEMU closing the channel
$(BUILD)/bin/tb_vmdev: tb/vm/tb_vmdev.c tb/common/tb_util.h sim/vmdev/vmdev_proto.h $(LIBHPNIC_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LIBHPNIC_INC) -Isim/vmdev -Itb/common $< -o $@
test-vmdev: $(BUILD)/bin/tb_vmdev $(VMDEV)
	$(BUILD)/bin/tb_vmdev $(VMDEV)

# one VM with two hpnic functions; tb/vm/vm_test.sh runs inside it and the
# counters the guest read are compared with the server's report
test-vm: vm-image
	tb/vm/test_vm.sh

TESTS += test-vmdev test-vm

# the VM's figures (docs/performance.md): test-vm prints them and leaves
# them in $(BUILD)/vm/figures.txt
.PHONY: bench-vm
bench-vm: vm-image
	tb/vm/test_vm.sh
	@cat $(BUILD)/vm/figures.txt
BENCHES += bench-vm
