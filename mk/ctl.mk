# driver/tools/hpnicctl: list, dump and configure hpnic PCI functions through
# libpci and sysfs (docs/hpnicctl.md). It needs only libpci-dev (scripts/deps.sh)
# and the generated register header, not libhpnic; `cc dcqcn` links the CC
# models' DCQCN parameter code (check, parser, dcqcn_derive), as libhpnic does.
#
# test-ctl runs it, built with ASan/UBSan, against fake sysfs trees that
# tb/ctl/ctl_fake writes from the same header: no VM, no device.

CTL_HDR := driver/lib/hpnic_regs.h
CTL_INC := -Idriver/lib -I$(MODEL_DIR)
CTL_MODEL := $(addprefix $(MODEL_DIR)/,dcqcn_common.c dcqcn_derive.c hpcc_derive.c hpcc_recip.c)

$(BUILD)/bin/hpnicctl: driver/tools/hpnicctl.c $(CTL_HDR) $(CTL_MODEL) $(MODEL_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(CTL_INC) $< $(CTL_MODEL) -lpci -o $@

$(BUILD)/ctl/hpnicctl-san: driver/tools/hpnicctl.c $(CTL_HDR) $(CTL_MODEL) $(MODEL_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(SAN) $(CTL_INC) $< $(CTL_MODEL) -lpci -o $@

$(BUILD)/ctl/ctl_fake: tb/ctl/ctl_fake.c $(CTL_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(SAN) $(CTL_INC) $< -o $@

.PHONY: test-ctl
test-ctl: $(BUILD)/bin/hpnicctl $(BUILD)/ctl/hpnicctl-san $(BUILD)/ctl/ctl_fake
	tb/ctl/test_ctl.sh $(BUILD)/ctl/hpnicctl-san $(BUILD)/ctl/ctl_fake

TESTS += test-ctl
tools: $(BUILD)/bin/hpnicctl
