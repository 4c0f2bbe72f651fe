# The Linux kernel driver (driver/kernel, docs/driver.md): hpnic.ko, built
# against the headers of the kernel the co-simulation guest boots (the
# newest /boot/vmlinuz-*-amd64, scripts/vm-image.sh), with W=1 and sparse
# (C=1); a warning of either fails the build. make test-driver loads it in
# that guest, whose hpnic functions are the RTL.

DRIVER_KVER := $(shell ls -1 /boot/vmlinuz-*-amd64 2>/dev/null | sort -V | tail -n 1 | sed 's|^/boot/vmlinuz-||')
DRIVER_KDIR ?= /lib/modules/$(DRIVER_KVER)/build
DRIVER_KO := $(BUILD)/kernel/hpnic.ko
DRIVER_SRC := driver/kernel/Kbuild $(wildcard driver/kernel/*.c driver/kernel/*.h) driver/lib/hpnic_regs.h driver/lib/hpnic_abi.h

$(DRIVER_KO): $(DRIVER_SRC)
	@[ -n "$(DRIVER_KVER)" ] && [ -d "$(DRIVER_KDIR)" ] || \
	  { echo "driver: no kernel headers at '$(DRIVER_KDIR)' for the guest kernel '$(DRIVER_KVER)':" \
	    "make deps (linux-image-amd64 and linux-headers-amd64 of the same version)"; exit 1; }
	@mkdir -p $(dir $@)
	$(MAKE) -C $(DRIVER_KDIR) M=$(CURDIR)/driver/kernel W=1 C=1 KCFLAGS=-Werror modules \
	  > $(BUILD)/kernel/build.log 2>&1 || { cat $(BUILD)/kernel/build.log; exit 1; }
	@! grep -E "warning:|error:" $(BUILD)/kernel/build.log || \
	  { echo "driver: the build above has warnings (W=1 or sparse)"; exit 1; }
	cp driver/kernel/hpnic.ko $@

# the guest's check of the char device (in the VM image, mk/vm.mk)
$(BUILD)/bin/hpnic-drvcheck: tb/driver/hpnic-drvcheck.c driver/lib/hpnic_abi.h driver/lib/hpnic_regs.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Idriver/lib $< -o $@

.PHONY: driver test-driver checkpatch
driver: $(DRIVER_KO)

# the kernel's style checker, from Debian's linux-source package (fetched,
# not installed: only scripts/checkpatch.pl and its two word lists are
# taken out of its 140 MB); --strict, every warning and check a failure
CHECKPATCH := $(BUILD)/kernel/checkpatch/scripts/checkpatch.pl
$(CHECKPATCH):
	@mkdir -p $(BUILD)/kernel/checkpatch
	cd $(BUILD)/kernel && rm -f linux-source-*.deb && \
	  { apt-get download linux-source-6.1 >/dev/null 2>&1 || \
	    { apt-get update -qq >/dev/null && apt-get download linux-source-6.1 >/dev/null; }; } && \
	  dpkg-deb --fsys-tarfile linux-source-*.deb | tar -xO --wildcards './usr/src/linux-source-*.tar.xz' | \
	  tar -xJ --strip-components=1 -C checkpatch --wildcards '*/scripts/checkpatch.pl' \
	    '*/scripts/spelling.txt' '*/scripts/const_structs.checkpatch' && rm -f linux-source-*.deb
	@test -x $@
checkpatch: $(CHECKPATCH)
	@$(CHECKPATCH) --no-tree --strict --terse --quiet -f \
	  $(filter-out %.mod.c,$(wildcard driver/kernel/*.c)) driver/kernel/*.h \
	  driver/kernel/Kbuild driver/kernel/Makefile | grep -v '^total: 0 errors, 0 warnings, 0 checks' || true
	@$(CHECKPATCH) --no-tree --strict --terse --quiet -f \
	  $(filter-out %.mod.c,$(wildcard driver/kernel/*.c)) driver/kernel/*.h \
	  driver/kernel/Kbuild driver/kernel/Makefile >/dev/null
	@echo "checkpatch: driver/kernel clean (--strict)"

# one VM, two hpnic functions, the second presenting a register map no
# driver knows (hpnic-vmdev --bad-id 1); tb/driver/driver_test.sh runs inside
test-driver: $(DRIVER_KO) $(BUILD)/vm/initrd.cpio.gz $(BUILD)/bin/hpnic-vmdev checkpatch
	tb/driver/test_driver.sh $(DRIVER_KO)

TESTS += test-driver
