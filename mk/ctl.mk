# driver/tools/hpnicctl: list, dump and configure hpnic PCI functions through
# libpci and sysfs (docs/hpnicctl.md). It needs only libpci-dev (scripts/deps.sh)
# and the generated register header, not libhpnic.

CTL_HDR := driver/lib/hpnic_regs.h
CTL_INC := -Idriver/lib

$(BUILD)/bin/hpnicctl: driver/tools/hpnicctl.c $(CTL_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(CTL_INC) $< -lpci -o $@

tools: $(BUILD)/bin/hpnicctl
