# fpga/boards/au250: the Alveo U250 build (docs/board.md). Its Vivado flow is
# fpga/boards/au250/Makefile (no Vivado here); this file checks its RTL with
# Verilator (lint-au250, the vendor IP and primitives replaced by the
# stand-ins in fpga/boards/au250/stubs/) and gives the portable part,
# fpga_core, a Yosys figure (synth-fpga-core).

AU250_DIR := fpga/boards/au250
AU250_FLIST := $(AU250_DIR)/rtl/fpga.f
AU250_CORE_FLIST := $(AU250_DIR)/rtl/fpga_core.f
AU250_STUBS := $(sort $(wildcard $(AU250_DIR)/stubs/*.v))
# until rtl/pcie/pcie.f has hpnic_pcie.v (the PCIe adapter, issue 21 part 1),
# AU250_PCIE_STUB=FILE lints against a stand-in of its ports
AU250_PCIE_STUB ?=
AU250_VLINT = $(VERILATOR) --lint-only -Wall -Irtl/host -Irtl/common -Ifw -DHPNIC_RECIP_ROM_INLINE

# the Vivado inputs without Vivado (scripts/check_au250.py, under a second):
# every Tcl and XDC file parses with Vivado's commands stubbed, the PCIe
# function's IDs, class and BARs agree with driver/lib/hpnic_regs.h, the
# MSI-X table and PBA fit BAR2, and every port of the top has a pin; then
# the top's two synchronizers in Icarus (tb/tb_sync.v)
.PHONY: check-au250
check-au250:
	/usr/bin/python3 scripts/check_au250.py
	@mkdir -p $(BUILD)/au250
	iverilog -g2012 -o $(BUILD)/au250/tb_sync $(AU250_DIR)/tb/tb_sync.v \
	  $(AU250_DIR)/rtl/hpnic_sync_reset.v $(AU250_DIR)/rtl/hpnic_sync_bit.v
	vvp -n $(BUILD)/au250/tb_sync | tee $(BUILD)/au250/tb_sync.log
	grep -q PASSED $(BUILD)/au250/tb_sync.log

TESTS += check-au250

.PHONY: lint-au250 synth-fpga-core
lint-au250:
	@$(FLIST) $(AU250_FLIST) | grep -q '/hpnic_pcie\.v$$' || [ -n "$(AU250_PCIE_STUB)" ] || \
	  { echo "lint-au250: rtl/pcie/pcie.f names no hpnic_pcie.v; set AU250_PCIE_STUB=FILE"; exit 1; }
	$(AU250_VLINT) $$($(FLIST) $(AU250_CORE_FLIST)) $(AU250_PCIE_STUB) --top-module fpga_core
	$(AU250_VLINT) $$($(FLIST) $(AU250_FLIST)) $(AU250_STUBS) $(AU250_PCIE_STUB) --top-module fpga
	iverilog -g2012 -Irtl/host -Irtl/common -Ifw -DHPNIC_RECIP_ROM_INLINE -o /dev/null -s fpga \
	  $$($(FLIST) $(AU250_FLIST)) $(AU250_STUBS) $(AU250_PCIE_STUB)
	@echo "lint-au250: fpga_core and fpga (with stubs/) clean under verilator --lint-only -Wall;" \
	  "fpga elaborates under iverilog -g2012"

# part of make test once the adapter is in the tree (about 35 s)
ifneq ($(wildcard rtl/pcie/hpnic_pcie.v),)
TESTS += lint-au250
endif

# Yosys synth_xilinx of fpga_core: the whole core and the PCIe adapter
# (like synth-core, it takes a long time; not part of make test), with the
# blocks kept apart as synth-core keeps them (CORE_BLOCKS, mk/nic.mk; FLAT=1
# for one ABC run over everything)
synth-fpga-core: $(BUILD)/synth/fpga_core.summary
$(BUILD)/synth/fpga_core.summary: $(AU250_CORE_FLIST) $(shell $(FLIST) $(AU250_CORE_FLIST)) \
		$(wildcard rtl/*/*.vh) fpga/yosys/synth.sh scripts/lut_levels.py
	LUT_PATHS=20 KEEP_HIER="$(if $(FLAT),,$(CORE_BLOCKS))" \
	  fpga/yosys/synth.sh fpga_core $(AU250_CORE_FLIST) $(BUILD)/synth

SYNTHS += synth-fpga-core
