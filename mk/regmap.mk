# fw/regmap.toml: the register map, the one source of every BAR0 offset,
# field, counter index and WQE/CQE layout. scripts/gen_regmap.py generates the
# Verilog constants, the C header and docs/regmap.md from it; all three are
# checked in, and test-regmap fails while one of them is stale.

REGMAP_SRC := fw/regmap.toml
REGMAP_GEN := scripts/gen_regmap.py
REGMAP_VH := rtl/host/hpnic_regs.vh
REGMAP_H := driver/lib/hpnic_regs.h
REGMAP_MD := docs/regmap.md
REGMAP_OUT := --vh $(REGMAP_VH) --h $(REGMAP_H) --md $(REGMAP_MD)

.PHONY: regmap test-regmap

# regenerate the three outputs in place (files that do not change keep their date)
regmap:
	$(REGMAP_GEN) $(REGMAP_SRC) $(REGMAP_OUT)

# the outputs are current, the validator rejects broken maps, and both
# headers compile (gcc, g++, Verilator, Icarus, Yosys); a few seconds
test-regmap:
	@$(REGMAP_GEN) $(REGMAP_SRC) $(REGMAP_OUT) --check
	@$(REGMAP_GEN) --self-test
	@scripts/test_regmap.sh $(BUILD)

TESTS += test-regmap
