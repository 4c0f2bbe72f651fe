# sim/roce (RoCEv2 packets, INT, ICRC, pcap) and sim/link (link model):
# tb_roce, hpnic-pktgen, and the tshark/scapy checks of the pcaps it writes.
#
# Other fragments link the library through ROCE_OBJ / ROCE_OBJ_SAN (plain and
# ASan/UBSan objects), the link model through LINK_OBJ / LINK_OBJ_SAN, with
# ROCE_INC on the compile line.

ROCE_DIR := sim/roce
LINK_DIR := sim/link
ROCE_SRC := $(ROCE_DIR)/roce_pkt.c $(ROCE_DIR)/roce_crc32.c $(ROCE_DIR)/pcap.c
ROCE_HDR := $(wildcard $(ROCE_DIR)/*.h) driver/lib/hpnic_regs.h
ROCE_INC := -I$(ROCE_DIR) -I$(LINK_DIR) -Idriver/lib

ROCE_OBJ := $(patsubst $(ROCE_DIR)/%.c,$(BUILD)/roce/obj/%.o,$(ROCE_SRC))
ROCE_OBJ_SAN := $(patsubst $(ROCE_DIR)/%.c,$(BUILD)/roce/san/%.o,$(ROCE_SRC))
LINK_SRC := $(LINK_DIR)/link_model.c $(LINK_DIR)/stream_port.c
LINK_HDR := $(LINK_DIR)/link_model.h $(LINK_DIR)/stream_port.h
LINK_OBJ := $(patsubst $(LINK_DIR)/%.c,$(BUILD)/roce/obj/%.o,$(LINK_SRC))
LINK_OBJ_SAN := $(patsubst $(LINK_DIR)/%.c,$(BUILD)/roce/san/%.o,$(LINK_SRC))

$(BUILD)/roce/obj/%.o: $(ROCE_DIR)/%.c $(ROCE_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(ROCE_INC) -c $< -o $@
$(BUILD)/roce/san/%.o: $(ROCE_DIR)/%.c $(ROCE_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(SAN) $(ROCE_INC) -c $< -o $@
$(BUILD)/roce/obj/%.o: $(LINK_DIR)/%.c $(LINK_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(ROCE_INC) -c $< -o $@
$(BUILD)/roce/san/%.o: $(LINK_DIR)/%.c $(LINK_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(SAN) $(ROCE_INC) -c $< -o $@

# unit tests, under ASan/UBSan; zlib is the independent CRC-32
$(BUILD)/bin/tb_roce: tb/roce/tb_roce.c tb/common/tb_util.h $(ROCE_OBJ_SAN) $(LINK_OBJ_SAN) $(ROCE_HDR) $(LINK_DIR)/link_model.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(SAN) $(ROCE_INC) -Itb/common $< $(ROCE_OBJ_SAN) $(LINK_OBJ_SAN) -lz -o $@

$(BUILD)/bin/hpnic-pktgen: driver/tools/hpnic-pktgen.c $(ROCE_OBJ) $(ROCE_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(ROCE_INC) $< $(ROCE_OBJ) -o $@

ROCE_FUZZ := $(if $(filter 1,$(SLOW)),5000000,300000)

.PHONY: test-roce
test-roce: $(BUILD)/bin/tb_roce $(BUILD)/bin/hpnic-pktgen
	@mkdir -p $(BUILD)/roce-test
	$(BUILD)/bin/tb_roce --fuzz $(ROCE_FUZZ) --tmp $(BUILD)/roce-test $(if $(SEED),--seed $(SEED))
	scripts/test_roce.sh $(BUILD)

TESTS += test-roce
tools: $(BUILD)/bin/hpnic-pktgen
