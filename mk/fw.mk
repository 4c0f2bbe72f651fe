# fw/: reciprocal ROM image and its generator

MODEL_DIR := model/cc
MODEL_SRC := $(MODEL_DIR)/hpcc_recip.c $(MODEL_DIR)/hpcc_common.c $(MODEL_DIR)/hpcc_derive.c \
             $(MODEL_DIR)/hpcc_fixed.c \
             $(MODEL_DIR)/hpcc_float.c $(MODEL_DIR)/hpcc_trace.c \
             $(MODEL_DIR)/dcqcn_common.c $(MODEL_DIR)/dcqcn_derive.c $(MODEL_DIR)/dcqcn_fixed.c \
             $(MODEL_DIR)/dcqcn_float.c
MODEL_HDR := $(wildcard $(MODEL_DIR)/*.h)

# the models as objects: plain for tools, with ASan/UBSan for tests
MODEL_OBJ := $(patsubst $(MODEL_DIR)/%.c,$(BUILD)/model/%.o,$(MODEL_SRC))
MODEL_OBJ_SAN := $(patsubst $(MODEL_DIR)/%.c,$(BUILD)/model-san/%.o,$(MODEL_SRC))
$(BUILD)/model/%.o: $(MODEL_DIR)/%.c $(MODEL_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -I$(MODEL_DIR) -c $< -o $@
$(BUILD)/model-san/%.o: $(MODEL_DIR)/%.c $(MODEL_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(SAN) -I$(MODEL_DIR) -c $< -o $@

$(BUILD)/bin/gen_recip_rom: fw/gen_recip_rom.c $(MODEL_DIR)/hpcc_recip.c $(MODEL_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -I$(MODEL_DIR) $(filter %.c,$^) -lm -o $@

# the committed image must be exactly what the generator makes
.PHONY: test-fw
test-fw: $(BUILD)/bin/gen_recip_rom
	@$(BUILD)/bin/gen_recip_rom -o $(BUILD)/recip_rom.hex --vh $(BUILD)/recip_rom.vh
	@cmp -s $(BUILD)/recip_rom.hex fw/recip_rom.hex && cmp -s $(BUILD)/recip_rom.vh fw/recip_rom.vh || \
	  { echo "fw/recip_rom.hex or .vh is stale: run $(BUILD)/bin/gen_recip_rom" \
	    "-o fw/recip_rom.hex --vh fw/recip_rom.vh"; exit 1; }
	@$(BUILD)/bin/gen_recip_rom --check

TESTS += test-fw
tools: $(BUILD)/bin/gen_recip_rom
