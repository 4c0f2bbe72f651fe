# driver/lib: libhpnic, the userspace library (hpnic.h), as a static library
# with its kernel backend (and, for make install, a shared one: mk/install.mk);
# the sim backend lives in sim/nic (mk/nic.mk) and is linked separately.
# tb_lib_args checks the library's argument checking and bookkeeping against a
# mock backend, without the simulator.
#
# Other fragments link $(LIBHPNIC) (or $(LIBHPNIC_SAN), built with ASan/UBSan)
# with $(LIBHPNIC_INC) on the compile line. A program that wants the sim
# backend links its object $(LIBHPNIC_SIM_OBJ), which registers it from a
# constructor, and the archive $(LIBHPNIC_SIM) with the Verilated NIC (both in
# mk/nic.mk); without the object, hpnic_open("sim:N") says it is not linked.

LIBHPNIC_DIR := driver/lib
LIBHPNIC_SRC := $(sort $(wildcard $(LIBHPNIC_DIR)/hpnic*.c)) $(LIBHPNIC_DIR)/backend_kernel.c \
	$(LIBHPNIC_DIR)/backend_pci.c
LIBHPNIC_HDR := $(wildcard $(LIBHPNIC_DIR)/hpnic*.h) $(MODEL_DIR)/hpcc_model.h \
	$(MODEL_DIR)/dcqcn_model.h $(MODEL_DIR)/hpcc_recip.h
# the CC models' parameter code the library links, not copies: DCQCN's
# check, parser and dcqcn_derive() (hpnic_set_dcqcn writes what it makes),
# and hpcc_derive(), which dcqcn_derive() takes W_max from. libc only.
LIBHPNIC_MODEL_SRC := $(addprefix $(MODEL_DIR)/,dcqcn_common.c dcqcn_derive.c hpcc_derive.c \
	hpcc_recip.c)
LIBHPNIC_INC := -I$(LIBHPNIC_DIR)
LIBHPNIC_BUILD_INC := $(LIBHPNIC_INC) -I$(MODEL_DIR)
LIBHPNIC := $(BUILD)/lib/libhpnic.a
LIBHPNIC_SAN := $(BUILD)/lib/libhpnic-san.a

LIBHPNIC_OBJ := $(patsubst $(LIBHPNIC_DIR)/%.c,$(BUILD)/lib/obj/%.o,$(LIBHPNIC_SRC)) \
	$(patsubst $(MODEL_DIR)/%.c,$(BUILD)/lib/obj/model/%.o,$(LIBHPNIC_MODEL_SRC))
LIBHPNIC_OBJ_SAN := $(patsubst $(LIBHPNIC_DIR)/%.c,$(BUILD)/lib/san/%.o,$(LIBHPNIC_SRC)) \
	$(patsubst $(MODEL_DIR)/%.c,$(BUILD)/lib/san/model/%.o,$(LIBHPNIC_MODEL_SRC))

$(BUILD)/lib/obj/%.o: $(LIBHPNIC_DIR)/%.c $(LIBHPNIC_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LIBHPNIC_BUILD_INC) -c $< -o $@
$(BUILD)/lib/san/%.o: $(LIBHPNIC_DIR)/%.c $(LIBHPNIC_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(SAN) $(LIBHPNIC_BUILD_INC) -c $< -o $@

$(BUILD)/lib/obj/model/%.o: $(MODEL_DIR)/%.c $(LIBHPNIC_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -I$(MODEL_DIR) -c $< -o $@
$(BUILD)/lib/san/model/%.o: $(MODEL_DIR)/%.c $(LIBHPNIC_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(SAN) -I$(MODEL_DIR) -c $< -o $@

$(LIBHPNIC): $(LIBHPNIC_OBJ)
	@rm -f $@
	ar rcs $@ $^
$(LIBHPNIC_SAN): $(LIBHPNIC_OBJ_SAN)
	@rm -f $@
	ar rcs $@ $^

# the shared library: the same sources built with -fPIC, soname libhpnic.so.0
# (the major version changes when hpnic.h breaks binary compatibility);
# libc only, which -z defs checks. Every global symbol is exported, the
# library's internal hpnic_* helpers too.
LIBHPNIC_VERSION := 0.1.0
LIBHPNIC_SONAME := libhpnic.so.$(firstword $(subst ., ,$(LIBHPNIC_VERSION)))
LIBHPNIC_SO := $(BUILD)/lib/libhpnic.so.$(LIBHPNIC_VERSION)
LIBHPNIC_OBJ_PIC := $(patsubst $(LIBHPNIC_DIR)/%.c,$(BUILD)/lib/pic/%.o,$(LIBHPNIC_SRC)) \
	$(patsubst $(MODEL_DIR)/%.c,$(BUILD)/lib/pic/model/%.o,$(LIBHPNIC_MODEL_SRC))

$(BUILD)/lib/pic/%.o: $(LIBHPNIC_DIR)/%.c $(LIBHPNIC_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -fPIC $(LIBHPNIC_BUILD_INC) -c $< -o $@
$(BUILD)/lib/pic/model/%.o: $(MODEL_DIR)/%.c $(LIBHPNIC_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -fPIC -I$(MODEL_DIR) -c $< -o $@
$(LIBHPNIC_SO): $(LIBHPNIC_OBJ_PIC)
	$(CC) -shared -Wl,-soname,$(LIBHPNIC_SONAME) -Wl,-z,defs -o $@ $^

# the test, under ASan/UBSan
$(BUILD)/bin/tb_lib_args: tb/lib/tb_lib_args.c tb/common/tb_util.h $(LIBHPNIC_SAN) $(LIBHPNIC_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(SAN) $(LIBHPNIC_INC) -I$(MODEL_DIR) -Itb/common $< $(LIBHPNIC_SAN) -o $@

.PHONY: libhpnic test-lib
libhpnic: $(LIBHPNIC) $(LIBHPNIC_SAN) $(LIBHPNIC_SO)

test-lib: $(BUILD)/bin/tb_lib_args
	$(BUILD)/bin/tb_lib_args

TESTS += test-lib
tools: $(LIBHPNIC)
