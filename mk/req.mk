# rtl/tx/hpnic_req with hpnic_resp_tx in its loop: the requester's unit test
# (tb/req). The model is small (16 QPs, 16 started WQEs per QP, a 64-entry
# record pool, the smallest output FIFOs) so that it builds fast and the
# ring bound, the pool running dry and full FIFOs come soon.

REQ_B := $(BUILD)/req
# FETCH_AHEAD 0: the model predicts every fetch and every stale WQE
# response, and cannot tell when a WQE fetched ahead will find its slots
# full (that depends on the requester's timing); fetching ahead is tested
# through the whole core (make test-nic, docs/performance.md)
REQ_ARGS := -GQPN_WIDTH=4 -GRING_LOG2=4 -GPOOL_LOG2=6 -GFIFO_LOG2=4 -GRD_MAX_LOG2=2 -GRDQ_POOL_LOG2=6 \
  -GFETCH_AHEAD=0
$(eval $(call hpnic_vmodel,req,hpnic_send_loop,rtl/tx/tx.f,$(REQ_B),$(REQ_ARGS)))
REQ_VLIB := $(REQ_B)/req/Vreq__ALL.a

$(REQ_B)/req_rtl.o: tb/req/req_rtl.cpp tb/req/req_rtl.h $(REQ_VLIB)
	$(CXX) $(CXXFLAGS) -Wno-unused-parameter -I$(REQ_B)/req $(VINC) -Itb/req -c $< -o $@

$(BUILD)/bin/tb_req: tb/req/tb_req.c tb/req/req_rtl.h $(TB_UTIL_H) driver/lib/hpnic_regs.h \
		$(REQ_B)/req_rtl.o $(REQ_VLIB) $(VLIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(SAN) -Itb/req -Itb/common -Idriver/lib -c $< -o $(REQ_B)/tb_req.o
	$(CXX) $(SAN) -o $@ $(REQ_B)/tb_req.o $(REQ_B)/req_rtl.o $(REQ_VLIB) $(VLIB) $(VLIBS)

REQ_COUNT := $(if $(filter 1,$(SLOW)),2000000,200000)

.PHONY: test-req
test-req: $(BUILD)/bin/tb_req
	$(BUILD)/bin/tb_req --cycles $(REQ_COUNT) $(if $(SEED),--seed $(SEED))

TESTS += test-req
