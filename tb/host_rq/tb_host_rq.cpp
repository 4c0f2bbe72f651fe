// SPDX-License-Identifier: MIT
/*
 * tb_host_rq: the receive path of the host interface, rtl/host/hpnic_host
 * Verilated whole (64 QPs, 16 MRs, 8 CQs), driven through its CSR port like
 * a driver would, against a C++ model of host memory:
 *
 *  - host memory answers DMA reads after a random latency, in order, with
 *    random gaps between beats, and takes DMA writes (the CQEs) under random
 *    back-pressure; every other stream (CSR requests, RWQEs out, receive and
 *    send completions in, interrupts) has random stalls or idle cycles;
 *  - 12 QPs with receive queues of 2..256 RWQEs (so fetches wrap and cross
 *    pages), one without a receive queue, random posting and doorbells, RQ
 *    doorbells for QPs beyond the table, in RESET or without a queue;
 *  - RWQEs of every L_Key outcome: good, wrong tag, another PD, outside the
 *    region, no LOCAL_WRITE, an index beyond the table, zero length;
 *  - DMA reads that fail (5%: tuser on the last beat, zeros for data, tuser
 *    at random on the other beats, where it means nothing);
 *  - the responder's part played at random: RWQEs taken into per-QP queues,
 *    consumed in order by receive completions (RECV or RECV_RDMA_WITH_IMM,
 *    random status, length, immediate), mixed with send completions;
 *  - QP resets (STATE = RESET) at random, with completions for RWQEs
 *    fetched before the reset returned afterwards (stale: their epoch);
 *    moves to INIT, RTR and RTS that must not disturb what was posted.
 *
 * Checks: each QP's RWQEs in RQ order with the right NIC address, length
 * and L_Key verdict, those of a failed read flagged (lerr) whatever they
 * hold; never more than 16 per QP held and not completed; one
 * flush per reset, after which the QP starts over at index 0; every posted
 * RWQE delivered by the end; each CQE's contents, place in its ring and
 * phase; the counters (RWQEs fetched, L_Key failures, bad RQ doorbells,
 * receive CQEs, failed DMA reads).
 *
 * Prints its seed; --seed reruns it; --steps N random steps.
 */
#include <cstdio>
#include <cstring>
#include <deque>
#include <map>
#include <memory>
#include <vector>

#include "Vhost_rq.h"
#include "verilated.h"
#include "vtb.h"

#include "hpnic_regs.h"
#include "tb_util.h"

static const unsigned NQPS = 64, NMRS = 16, NCQS = 8;
static const unsigned PREFETCH = 16;
static const uint64_t MEM_BASE = 0x10000000ull, MEM_SIZE = 8u << 20;

// probabilities of a stall on each stream, of a DMA read that fails
static const double P_STALL = 0.3, P_FAIL = 0.05;
// the receive queues' rings: QP q's in the 16 KiB from RING_AT + 0x4000 * (q - 2)
static const uint64_t RING_AT = MEM_BASE + 0x100000;

struct rwqe_item {
	unsigned qpn, idx, epoch, len;
	uint64_t addr;
	bool lerr, flush;
	unsigned gen;               // the QP's flushes seen before it came
};

struct cqe_want {
	unsigned qpn, idx, status, opcode, byte_len, flags, imm;
};

struct mr_model {
	bool valid, local_write;
	unsigned tag, pd;
	uint64_t va, len, iova;
};

struct qp_model {
	bool active = false;        // has a receive queue
	bool in_reset = true;
	unsigned log2 = 0, pd = 0, cqn = 0, rcqn = 0;
	uint64_t base = 0;
	unsigned pi = 0;            // posted (free-running)
	unsigned rung = 0;          // the last producer index rung
	unsigned completed = 0;     // completions of this incarnation
	unsigned next_idx = 0;      // next RWQE expected
	bool flush_due = false;     // a reset whose flush has not come yet
	unsigned resets = 0, flushes = 0;
	// fetched since the last flush, and completions of those taken: the
	// hardware's count of RWQEs outstanding
	unsigned delivered = 0, cpl_done = 0;
	std::deque<rwqe_item> held; // taken, not completed (current incarnation)
	std::vector<rwqe_item> stale;     // from before a reset
	std::vector<unsigned> exp_lerr;   // per slot: expected verdict
	std::vector<uint64_t> exp_addr;
	std::vector<unsigned> exp_len;
	std::deque<bool> rd_fail;   // per RWQE read and not yet out: its read failed
};

struct tb {
	std::unique_ptr<VerilatedContext> ctx;
	std::unique_ptr<Vhost_rq> m;
	uint64_t cycles = 0;
	std::vector<uint8_t> mem;
	mr_model mr[NMRS];
	qp_model qp[NQPS];
	// CQs: base, log2, producer count, expected CQEs in order
	uint64_t cq_base[NCQS];
	unsigned cq_log2[NCQS], cq_pi[NCQS];
	std::deque<cqe_want> cq_want[NCQS];
	// DMA read model: requests with their due cycle, data of the head
	struct rd_req { uint64_t addr; unsigned len; uint64_t due; bool fail; };
	std::deque<rd_req> rd_q;
	unsigned rd_off = 0;
	// DMA write model
	struct wr_cmd { uint64_t addr; unsigned len; };
	std::deque<wr_cmd> wr_q;
	unsigned wr_off = 0;
	// completions to present: receive (with the held RWQE) and send
	struct rcpl { rwqe_item it; unsigned status, opcode, byte_len, imm_valid, imm; bool stale; };
	std::deque<rcpl> rcpl_q;
	struct scpl { unsigned qpn, idx, status; };
	std::deque<scpl> scpl_q;
	// counts
	unsigned rwqes = 0, lerrs = 0, flushes = 0, rcqes = 0, scqes = 0, stale_cpl = 0;
	unsigned db_bad = 0, irqs = 0, max_held = 0;
	unsigned rd_fails = 0, rd_fail_rwqes = 0;
	double consume_p = 0.3;
};

static tb T;

static uint8_t *memp(uint64_t a, unsigned n)
{
	if (a < MEM_BASE || a + n > MEM_BASE + MEM_SIZE)
		return nullptr;
	return &T.mem[a - MEM_BASE];
}

static void put_le(uint8_t *p, uint64_t v, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

static uint64_t get_le(const uint8_t *p, unsigned n)
{
	uint64_t v = 0;
	for (unsigned i = 0; i < n; i++)
		v |= (uint64_t)p[i] << (8 * i);
	return v;
}

/*
 * One clock: every stream's ready/valid drawn, handshakes sampled before the
 * edge
 */
static void on_rwqe(const rwqe_item &it);
static void on_cqe_write(uint64_t addr, const uint8_t *b);

static void tick()
{
	auto *m = T.m.get();

	// DMA read requests: accepted at random, answered after 4..60 cycles
	m->m_dma_rd_req_ready = !rndp(P_STALL);
	// DMA read data: the head request's next beat, when due, with gaps
	bool rd_go = !T.rd_q.empty() && T.rd_q.front().due <= T.cycles && !rndp(P_STALL);
	if (rd_go) {
		const auto &r = T.rd_q.front();
		unsigned n = r.len - T.rd_off < 64 ? r.len - T.rd_off : 64;
		uint8_t b[64];
		memset(b, 0xee, sizeof(b));
		const uint8_t *src = memp(r.addr + T.rd_off, n);
		if (r.fail)
			memset(b, 0, sizeof(b));
		else if (src)
			memcpy(b, src, n);
		vtb_put(m->s_dma_rd_cpl_tdata, b, 64);
		vtb_keep(m->s_dma_rd_cpl_tkeep, n);
		m->s_dma_rd_cpl_tlast = T.rd_off + n >= r.len;
		// meaningful on the last beat only
		m->s_dma_rd_cpl_tuser = m->s_dma_rd_cpl_tlast ? r.fail : rndr(2);
	}
	m->s_dma_rd_cpl_tvalid = rd_go;
	// DMA writes: commands and data under back-pressure
	m->m_dma_wr_req_ready = !rndp(P_STALL);
	m->m_dma_wr_tready = !rndp(P_STALL);
	m->m_irq_ready = !rndp(P_STALL);
	// RWQEs out: taken at random
	m->m_rwqe_ready = !rndp(P_STALL);
	// completions in, with idle cycles
	bool rc_go = !T.rcpl_q.empty() && !rndp(P_STALL);
	if (rc_go) {
		const auto &c = T.rcpl_q.front();
		m->s_rcpl_qpn = c.it.qpn;
		m->s_rcpl_idx = c.it.idx;
		m->s_rcpl_epoch = c.it.epoch;
		m->s_rcpl_status = c.status;
		m->s_rcpl_opcode = c.opcode;
		m->s_rcpl_byte_len = c.byte_len;
		m->s_rcpl_imm_valid = c.imm_valid;
		m->s_rcpl_imm = c.imm;
	}
	m->s_rcpl_valid = rc_go;
	bool sc_go = !T.scpl_q.empty() && !rndp(P_STALL);
	if (sc_go) {
		m->s_cpl_qpn = T.scpl_q.front().qpn;
		m->s_cpl_idx = T.scpl_q.front().idx;
		m->s_cpl_status = T.scpl_q.front().status;
		m->s_cpl_signaled = 1;
	}
	m->s_cpl_valid = sc_go;
	m->eval();

	if (m->m_dma_rd_req_valid && m->m_dma_rd_req_ready) {
		uint64_t a = m->m_dma_rd_req_addr;
		unsigned len = m->m_dma_rd_req_len, qpn = (unsigned)((a - RING_AT) / 0x4000) + 2;
		bool fail = rndp(P_FAIL);

		CHECK(a >= RING_AT && qpn <= 15 && len % 32 == 0 && len,
		      "a DMA read of %u bytes at %#llx: no RWQEs", len, (unsigned long long)a);
		if (a >= RING_AT && qpn <= 15)
			for (unsigned k = 0; k < len / 32; k++)
				T.qp[qpn].rd_fail.push_back(fail);
		T.rd_fails += fail;
		T.rd_q.push_back({ a, len, T.cycles + 4 + rndr(57), fail });
	}
	if (rd_go && m->s_dma_rd_cpl_tready) {
		auto &r = T.rd_q.front();
		T.rd_off += 64;
		if (T.rd_off >= r.len) {
			T.rd_off = 0;
			T.rd_q.pop_front();
		}
	}
	if (m->m_dma_wr_req_valid && m->m_dma_wr_req_ready)
		T.wr_q.push_back({ m->m_dma_wr_req_addr, m->m_dma_wr_req_len });
	if (m->m_dma_wr_tvalid && m->m_dma_wr_tready) {
		CHECK(!T.wr_q.empty(), "DMA write data before its command");
		if (!T.wr_q.empty()) {
			auto &w = T.wr_q.front();
			uint8_t b[64];
			vtb_get(m->m_dma_wr_tdata, b, 64);
			CHECK(w.len == 32 && m->m_dma_wr_tlast, "a CQE write of %u bytes", w.len);
			uint8_t *dst = memp(w.addr, 32);
			CHECK(dst, "a CQE written outside host memory (%#llx)",
			      (unsigned long long)w.addr);
			if (dst) {
				memcpy(dst, b, 32);
				on_cqe_write(w.addr, b);
			}
			T.wr_q.pop_front();
		}
	}
	if (m->m_irq_valid && m->m_irq_ready)
		T.irqs++;
	if (m->m_rwqe_valid && m->m_rwqe_ready)
		on_rwqe({ m->m_rwqe_qpn, m->m_rwqe_idx, m->m_rwqe_epoch, m->m_rwqe_len,
			  m->m_rwqe_addr, (bool)m->m_rwqe_lerr, (bool)m->m_rwqe_flush, 0 });
	if (rc_go && m->s_rcpl_ready) {
		const auto &c = T.rcpl_q.front();
		qp_model &q = T.qp[c.it.qpn];
		unsigned cqn = q.rcqn;
		if (!c.stale && c.it.gen == q.flushes)
			q.cpl_done++;
		T.cq_want[cqn].push_back({ c.it.qpn, c.it.idx, c.status,
					   (unsigned)(c.opcode ? HPNIC_CQE_OPCODE_RECV_RDMA_WITH_IMM :
						      HPNIC_CQE_OPCODE_RECV),
					   c.byte_len, c.imm_valid ? HPNIC_CQE_FLAGS_IMM_MASK : 0u,
					   c.imm_valid ? c.imm : 0u });
		T.rcqes++;
		T.rcpl_q.pop_front();
	}
	if (sc_go && m->s_cpl_ready) {
		const auto &c = T.scpl_q.front();
		T.cq_want[T.qp[c.qpn].cqn].push_back({ c.qpn, c.idx, c.status, 0, 0, 0, 0 });
		T.scqes++;
		T.scpl_q.pop_front();
	}

	m->clk = 1;
	m->eval();
	m->clk = 0;
	m->eval();
	T.cycles++;
}

/*
 * The responder's part: take RWQEs into per-QP queues, check them
 */
static void on_rwqe(const rwqe_item &it)
{
	qp_model &q = T.qp[it.qpn];

	if (it.flush) {
		CHECK(q.flush_due, "QP %u: a flush without a reset", it.qpn);
		T.flushes++;
		q.flushes++;
		if (q.flushes == q.resets)
			q.flush_due = false;
		// what the QP held is gone: a few of those come back later as
		// completions of the old epoch, which must return nothing
		for (auto &h : q.held)
			if (rndr(4) == 0)
				q.stale.push_back(h);
		q.held.clear();
		q.next_idx = 0;
		q.delivered = q.cpl_done = 0;
		return;
	}
	T.rwqes++;
	// the RWQE's read: the model's record, in order per QP
	CHECK(!q.rd_fail.empty(), "QP %u: RWQE %u was never read", it.qpn, it.idx);
	bool failed = !q.rd_fail.empty() && q.rd_fail.front();
	if (!q.rd_fail.empty())
		q.rd_fail.pop_front();
	if (failed) {
		// zeros: a zero-length RWQE, which the L_Key check passes
		CHECK(it.lerr, "QP %u RWQE %u: its read failed, yet it came out unflagged", it.qpn,
		      it.idx);
		T.rd_fail_rwqes++;
	} else if (it.lerr) {
		T.lerrs++;
	}
	if (q.flush_due) {
		// fetched before the reset: its order only (the ring may be
		// rewritten already)
		CHECK(it.idx == (q.next_idx & 0xffff), "QP %u before its flush: RWQE %u, want %u",
		      it.qpn, it.idx, q.next_idx & 0xffff);
		q.next_idx++;
		q.held.push_back(it);
		q.held.back().gen = q.flushes;
		return;
	}
	CHECK(it.idx == (q.next_idx & 0xffff), "QP %u: RWQE index %u, want %u", it.qpn, it.idx,
	      q.next_idx & 0xffff);
	CHECK(q.active && !q.in_reset, "QP %u: an RWQE while %s", it.qpn,
	      q.in_reset ? "in RESET" : "without a receive queue");
	unsigned slot = it.idx & ((1u << q.log2) - 1);
	if (q.log2 && slot < q.exp_len.size() && !failed) {
		CHECK(it.len == q.exp_len[slot] && it.lerr == (bool)q.exp_lerr[slot] &&
		      (it.lerr || it.addr == q.exp_addr[slot]),
		      "QP %u RWQE %u: len %u lerr %d addr %#llx, want len %u lerr %u addr %#llx",
		      it.qpn, it.idx, it.len, it.lerr, (unsigned long long)it.addr, q.exp_len[slot],
		      q.exp_lerr[slot], (unsigned long long)q.exp_addr[slot]);
	}
	q.next_idx++;
	q.held.push_back(it);
	q.held.back().gen = q.flushes;
	q.delivered++;
	unsigned out = q.delivered - q.cpl_done;
	CHECK(out <= PREFETCH, "QP %u has %u RWQEs out and not completed, more than %u", it.qpn,
	      out, PREFETCH);
	if (out > T.max_held)
		T.max_held = out;
}

static void on_cqe_write(uint64_t addr, const uint8_t *b)
{
	for (unsigned c = 0; c < NCQS; c++) {
		uint64_t size = 32ull << T.cq_log2[c];
		if (!T.cq_log2[c] || addr < T.cq_base[c] || addr >= T.cq_base[c] + size)
			continue;
		CHECK(!T.cq_want[c].empty(), "CQ %u: a CQE nobody completed", c);
		if (T.cq_want[c].empty())
			return;
		cqe_want w = T.cq_want[c].front();
		T.cq_want[c].pop_front();
		unsigned pi = T.cq_pi[c]++;
		unsigned phase = !((pi >> T.cq_log2[c]) & 1);
		uint64_t want_addr = T.cq_base[c] + 32ull * (pi & ((1u << T.cq_log2[c]) - 1));
		unsigned imm = (unsigned)b[HPNIC_CQE_IMM_DATA_OFF] << 24 |
			       (unsigned)b[HPNIC_CQE_IMM_DATA_OFF + 1] << 16 |
			       (unsigned)b[HPNIC_CQE_IMM_DATA_OFF + 2] << 8 | b[HPNIC_CQE_IMM_DATA_OFF + 3];
		bool zeros = true;
		for (unsigned i = 20; i < 31; i++)
			zeros = zeros && !b[i];
		CHECK(addr == want_addr && get_le(b + HPNIC_CQE_QPN_OFF, 4) == w.qpn &&
		      get_le(b + HPNIC_CQE_WQE_INDEX_OFF, 2) == w.idx &&
		      b[HPNIC_CQE_STATUS_OFF] == w.status && b[HPNIC_CQE_OPCODE_OFF] == w.opcode &&
		      get_le(b + HPNIC_CQE_BYTE_LEN_OFF, 4) == w.byte_len &&
		      b[HPNIC_CQE_FLAGS_OFF] == w.flags && imm == w.imm &&
		      b[HPNIC_CQE_PHASE_OFF] == phase && zeros && !b[13] && !b[14] && !b[15],
		      "CQ %u CQE %u at %#llx (want %#llx): qpn %u idx %u status %u opcode %#x len %u "
		      "flags %u imm %08x phase %u; want qpn %u idx %u status %u opcode %#x len %u "
		      "flags %u imm %08x phase %u", c, pi, (unsigned long long)addr,
		      (unsigned long long)want_addr, (unsigned)get_le(b, 4),
		      (unsigned)get_le(b + 4, 2), b[6], b[7], (unsigned)get_le(b + 8, 4), b[12], imm,
		      b[31], w.qpn, w.idx, w.status, w.opcode, w.byte_len, w.flags, w.imm, phase);
		return;
	}
	CHECK(0, "a DMA write at %#llx, in no CQ", (unsigned long long)addr);
}

/*
 * The CSR port, one request at a time after random idle cycles; every cycle
 * spent waiting runs the rest of the model
 */
static void csr_req(uint32_t addr, bool write, uint32_t v)
{
	auto *m = T.m.get();

	while (rndp(P_STALL))
		tick();
	m->s_csr_valid = 1;
	m->s_csr_addr = addr & 0x1ffffff;
	m->s_csr_write = write;
	m->s_csr_wdata = v;
	m->m_csr_rsp_ready = 1;
	for (;;) {
		m->eval();
		bool taken = m->s_csr_ready;
		tick();
		if (taken)
			break;
	}
	m->s_csr_valid = 0;
}

static void csr_wr(uint32_t addr, uint32_t v)
{
	csr_req(addr, true, v);
}

static uint32_t csr_rd(uint32_t addr)
{
	auto *m = T.m.get();

	csr_req(addr, false, 0);
	while (!m->m_csr_rsp_valid)
		tick();
	uint32_t v = m->m_csr_rsp_rdata;
	tick();
	return v;
}

static void qp_cmd(unsigned qpn, unsigned state)
{
	qp_model &q = T.qp[qpn];

	csr_wr(HPNIC_QP_QPN, qpn);
	csr_wr(HPNIC_QP_STATE, state);
	csr_wr(HPNIC_QP_MTU_LOG2, 10);
	csr_wr(HPNIC_QP_PD, q.pd);
	csr_wr(HPNIC_QP_CQN, q.cqn);
	csr_wr(HPNIC_QP_RCQN, q.rcqn);
	csr_wr(HPNIC_QP_RQ_BASE_LO, (uint32_t)q.base);
	csr_wr(HPNIC_QP_RQ_BASE_HI, (uint32_t)(q.base >> 32));
	csr_wr(HPNIC_QP_RQ_LOG2, q.log2);
	// the model first: the flush may come out before the status is read
	if (state == HPNIC_QPS_RESET) {
		q.in_reset = true;
		q.resets++;
		q.flush_due = true;
		q.pi = q.rung = q.completed = 0;
	} else {
		q.in_reset = false;
	}
	csr_wr(HPNIC_QP_CMD, HPNIC_QP_CMD_WRITE);
	uint32_t st = csr_rd(HPNIC_QP_CMD_STATUS);
	CHECK(HPNIC_GET(HPNIC_QP_CMD_STATUS_ERROR, st) == HPNIC_ERR_OK, "QP %u command: error %u",
	      qpn, HPNIC_GET(HPNIC_QP_CMD_STATUS_ERROR, st));
}

static void mr_write(unsigned i)
{
	const mr_model &r = T.mr[i];

	csr_wr(HPNIC_MR_IDX, i);
	csr_wr(HPNIC_MR_TAG, r.tag);
	csr_wr(HPNIC_MR_ACCESS, r.local_write ? HPNIC_MR_ACCESS_LOCAL_WRITE_MASK : 0);
	csr_wr(HPNIC_MR_VA_LO, (uint32_t)r.va);
	csr_wr(HPNIC_MR_VA_HI, (uint32_t)(r.va >> 32));
	csr_wr(HPNIC_MR_LEN_LO, (uint32_t)r.len);
	csr_wr(HPNIC_MR_LEN_HI, 0);
	csr_wr(HPNIC_MR_IOVA_LO, (uint32_t)r.iova);
	csr_wr(HPNIC_MR_IOVA_HI, (uint32_t)(r.iova >> 32));
	csr_wr(HPNIC_MR_PD, r.pd);
	csr_wr(HPNIC_MR_CMD, HPNIC_MR_CMD_WRITE);
}

static void cq_write(unsigned c)
{
	csr_wr(HPNIC_CQ_CQN, c);
	csr_wr(HPNIC_CQ_BASE_LO, (uint32_t)T.cq_base[c]);
	csr_wr(HPNIC_CQ_BASE_HI, (uint32_t)(T.cq_base[c] >> 32));
	csr_wr(HPNIC_CQ_LOG2, T.cq_log2[c]);
	csr_wr(HPNIC_CQ_IRQ_VECTOR, c);
	csr_wr(HPNIC_CQ_CMD, HPNIC_CQ_CMD_WRITE);
}

/*
 * Posting: an RWQE of a random L_Key outcome in the QP's next slot
 */
static unsigned kinds[7];
static const char *kind_names[7] = { "good", "wrong tag", "another PD", "outside its region",
				     "no LOCAL_WRITE", "index beyond the table", "zero length" };

static void post_one(unsigned qpn)
{
	qp_model &q = T.qp[qpn];
	unsigned slot = q.pi & ((1u << q.log2) - 1);
	uint8_t *p = memp(q.base + 32ull * slot, 32);
	unsigned kind = rndr(10) < 4 ? 0 : rndr(7);
	uint64_t va = 0;
	unsigned len = 0, lkey = 0, lerr = 1;
	uint64_t addr = 0;
	// an MR of the QP's PD with LOCAL_WRITE (1..6: PD 1, 7..12: PD 2), and
	// the other kinds around it
	unsigned base_mr = q.pd == 1 ? 1 : 7;
	unsigned i = base_mr + rndr(5);
	const mr_model *r = &T.mr[i];
	len = 1 + rndr(4096);
	va = r->va + rndr((unsigned)(r->len - len));
	lkey = i << 8 | r->tag;
	switch (kind) {
	case 0:
		lerr = 0;
		addr = r->iova + (va - r->va);
		break;
	case 1:
		lkey = i << 8 | ((r->tag + 1 + rndr(255)) & 0xff);
		break;
	case 2: {
		unsigned j = (q.pd == 1 ? 7 : 1) + rndr(5);
		lkey = j << 8 | T.mr[j].tag;
		va = T.mr[j].va + 16;
		len = 64;
		break;
	}
	case 3:
		va = rndr(2) ? r->va + r->len - len + 1 + rndr(100) : r->va - 1 - rndr(100);
		break;
	case 4:
		i = q.pd == 1 ? 6 : 12;      // the PD's region without LOCAL_WRITE
		r = &T.mr[i];
		lkey = i << 8 | r->tag;
		va = r->va;
		len = 128;
		break;
	case 5:
		lkey = (NMRS + rndr(1000)) << 8 | rndr(256);
		break;
	case 6:
		len = 0;
		lkey = (uint32_t)rnd();
		va = rnd();
		addr = va;
		lerr = 0;
		break;
	}
	kinds[kind]++;
	memset(p, 0, 32);
	put_le(p + HPNIC_RWQE_ADDR_OFF, va, 8);
	put_le(p + HPNIC_RWQE_LENGTH_OFF, len, 4);
	put_le(p + HPNIC_RWQE_LKEY_OFF, lkey, 4);
	put_le(p + HPNIC_RWQE_WR_ID_OFF, rnd(), 8);
	q.exp_len[slot] = len;
	q.exp_lerr[slot] = lerr;
	q.exp_addr[slot] = addr;
	q.pi++;
}

static void ring(unsigned qpn)
{
	qp_model &q = T.qp[qpn];

	csr_wr(HPNIC_DB_RQ_DB(qpn), q.pi & 0xffff);
	q.rung = q.pi;
}

/*
 * Consumption: a receive completion for a QP's oldest RWQE held, now and
 * then one of an RWQE from before its last reset
 */
static void consume_some()
{
	for (unsigned k = 0; k < 4; k++) {
		unsigned qpn = rndr(NQPS);
		qp_model &q = T.qp[qpn];
		if (!q.stale.empty() && rndr(3) == 0) {
			rwqe_item it = q.stale.back();
			q.stale.pop_back();
			T.rcpl_q.push_back({ it, 0, 0, 8, 0, 0, true });
			T.stale_cpl++;
			continue;
		}
		if (q.held.empty() || q.flush_due || !rndp(T.consume_p))
			continue;
		rwqe_item it = q.held.front();
		q.held.pop_front();
		q.completed++;
		unsigned op = rndr(2);
		static const unsigned bad_status[3] = { 1, 5, 6 };
		unsigned status = rndr(4) ? 0 : bad_status[rndr(3)];
		unsigned imm_valid = op ? 1 : rndr(2);
		T.rcpl_q.push_back({ it, status, op, rndr(4097), imm_valid, (unsigned)rnd(), false });
	}
	// a send completion now and then, into the same CQs
	if (rndr(8) == 0) {
		unsigned qpn = 2 + rndr(12);
		T.scpl_q.push_back({ qpn, (unsigned)rnd() & 0xffff, rndr(3) ? 0u : 1u + rndr(5) });
	}
}

static void run(unsigned cycles)
{
	for (unsigned i = 0; i < cycles; i++) {
		if (rndr(4) == 0)
			consume_some();
		tick();
	}
}

int main(int argc, char **argv)
{
	uint64_t steps = 1500;

	tb_args(argc, argv, "tb_host_rq",
		"hpnic_host's receive path: RQ doorbells, RWQE prefetch and L_Key checks, "
		"receive completions.", "steps", &steps, NULL);

	T.ctx.reset(new VerilatedContext);
	T.m.reset(new Vhost_rq{ T.ctx.get() });
	T.mem.assign(MEM_SIZE, 0);
	auto *m = T.m.get();
	m->status_cc_init_done = 1;
	m->status_sched_init_done = 1;
	m->m_post_ready = 1;
	m->m_start_ready = 1;
	m->m_wqe_ready = 1;
	m->rst = 1;
	for (int i = 0; i < 4; i++)
		tick();
	m->rst = 0;
	tick();

	// MRs 1..6 PD 1, 7..12 PD 2; 6 and 12 without LOCAL_WRITE; NIC
	// addresses in MTT form for half of them
	for (unsigned i = 1; i <= 12; i++) {
		mr_model &r = T.mr[i];
		r.valid = true;
		r.tag = rndr(256);
		r.pd = i <= 6 ? 1 : 2;
		r.local_write = i != 6 && i != 12;
		r.va = 0x7f0000000000ull + (uint64_t)i * 0x100000000ull + rndr(1 << 20);
		r.len = 8192 + rndr(1 << 20);
		r.iova = (rndr(2) ? 1ull << HPNIC_NADDR_TRANSLATE : 0) + ((uint64_t)i << 32) + rndr(1 << 20);
		mr_write(i);
	}
	// CQs: 32..256 entries each, rings side by side at the bottom of memory
	for (unsigned c = 0; c < NCQS; c++) {
		T.cq_log2[c] = 5 + rndr(4);
		T.cq_base[c] = MEM_BASE + 0x10000ull * c;
		T.cq_pi[c] = 0;
		cq_write(c);
	}
	csr_wr(HPNIC_CTRL_IRQ_CTRL, HPNIC_CTRL_IRQ_CTRL_ENABLE_MASK);
	// QPs 2..13 with receive queues of 2..256 RWQEs (aligned to their size
	// or a page), QP 14 without one, QP 15 left in RESET
	uint64_t ring_at = MEM_BASE + 0x100000;
	for (unsigned qpn = 2; qpn <= 15; qpn++) {
		qp_model &q = T.qp[qpn];
		q.pd = 1 + rndr(2);
		q.cqn = rndr(NCQS);
		q.rcqn = rndr(NCQS);
		q.log2 = qpn == 14 ? 0 : qpn == 2 ? 8 : qpn == 3 ? 4 : 1 + rndr(8);
		q.active = q.log2 != 0;
		q.base = ring_at + (qpn == 2 ? 0 : 0x1000ull * rndr(2) + (q.log2 < 7 ? (32ull << q.log2) * rndr(2) : 0));
		ring_at += 0x4000;
		q.exp_len.assign(1u << q.log2, 0);
		q.exp_lerr.assign(1u << q.log2, 0);
		q.exp_addr.assign(1u << q.log2, 0);
		qp_cmd(qpn, HPNIC_QPS_RESET);
		if (qpn != 15)
			qp_cmd(qpn, HPNIC_QPS_INIT);
	}

	unsigned resets = 0, moves = 0, posts = 0, bad_db[3] = { 0, 0, 0 };
	for (uint64_t s = 0; s < steps; s++) {
		unsigned pick = rndr(100);
		unsigned qpn = 2 + rndr(12);
		qp_model &q = T.qp[qpn];
		if (pick < 55) {
			// post what the ring has room for, ring now or later
			unsigned room = (1u << q.log2) - (q.pi - q.completed);
			unsigned n = room ? 1 + rndr(room < 20 ? room : 20) : 0;
			for (unsigned i = 0; i < n; i++)
				post_one(qpn);
			posts += n;
			if (rndr(4))
				ring(qpn);
		} else if (pick < 60) {
			// doorbells that must be ignored: beyond the table, in
			// RESET, without a receive queue
			unsigned w = rndr(3);
			unsigned bq = w == 0 ? NQPS + rndr(4096 - NQPS) : w == 1 ? 15 : 14;
			csr_wr(HPNIC_DB_RQ_DB(bq), rnd() & 0xffff);
			bad_db[w]++;
			T.db_bad++;
		} else if (pick < 63) {
			// reset, then INIT again (verbs' modify to RESET and back)
			qp_cmd(qpn, HPNIC_QPS_RESET);
			run(rndr(30));
			qp_cmd(qpn, HPNIC_QPS_INIT);
			resets++;
		} else if (pick < 68) {
			// INIT -> RTR -> RTS (or a repeat): what was posted stays
			qp_cmd(qpn, HPNIC_QPS_INIT + rndr(3));
			moves++;
		} else {
			T.consume_p = rndr(4) ? 0.3 : 0.02;
			run(10 + rndr(100));
		}
	}
	// ring what is posted, then consume until every posted RWQE came out
	T.consume_p = 0.5;
	for (unsigned qpn = 2; qpn <= 13; qpn++)
		if (T.qp[qpn].pi != T.qp[qpn].rung)
			ring(qpn);
	for (unsigned k = 0; k < 400; k++) {
		bool done = T.rcpl_q.empty() && T.scpl_q.empty();
		for (unsigned qpn = 2; qpn <= 13; qpn++)
			done = done && T.qp[qpn].next_idx == T.qp[qpn].pi && T.qp[qpn].held.empty() &&
			       !T.qp[qpn].flush_due;
		if (done)
			break;
		run(100);
	}
	run(200);
	// nothing new: what was taken reaches host memory
	for (unsigned k = 0; k < 400 || !T.rcpl_q.empty() || !T.scpl_q.empty(); k++)
		tick();
	for (unsigned qpn = 2; qpn <= 15; qpn++) {
		qp_model &q = T.qp[qpn];
		CHECK(q.next_idx == q.pi && !q.flush_due && q.flushes == q.resets,
		      "QP %u: %u RWQEs out of %u posted; %u flushes for %u resets", qpn, q.next_idx,
		      q.pi, q.flushes, q.resets);
	}
	for (unsigned c = 0; c < NCQS; c++)
		CHECK(T.cq_want[c].empty(), "CQ %u: %zu CQEs never written", c, T.cq_want[c].size());
	CHECK(m->stat_rwqe_fetches == T.rwqes, "host_rwqe_fetches %u, want %u", m->stat_rwqe_fetches,
	      T.rwqes);
	CHECK(m->stat_rwqe_lkey_err == T.lerrs, "host_rwqe_lkey_err %u, want %u",
	      m->stat_rwqe_lkey_err, T.lerrs);
	CHECK(m->stat_dma_rd_err == T.rd_fails, "DMA read errors %u, want %u", m->stat_dma_rd_err,
	      T.rd_fails);
	CHECK(T.rd_fails > 0, "no DMA read failed");
	CHECK(m->stat_rq_db_bad == T.db_bad, "host_rq_db_bad %u, want %u", m->stat_rq_db_bad,
	      T.db_bad);
	CHECK(m->stat_rcqes == T.rcqes, "host_rcqes %u, want %u", m->stat_rcqes, T.rcqes);
	CHECK(m->stat_cqes == T.rcqes + T.scqes, "host_cqes %u, want %u", m->stat_cqes,
	      T.rcqes + T.scqes);
	CHECK(m->stat_irqs == T.rcqes + T.scqes && T.irqs == T.rcqes + T.scqes,
	      "%u interrupts (%u taken), want %u", m->stat_irqs, T.irqs, T.rcqes + T.scqes);
	CHECK(T.max_held == PREFETCH, "no QP ever held %u RWQEs (at most %u): the bound was not "
	      "reached", PREFETCH, T.max_held);

	printf("  %u RWQEs posted on 12 QPs, %u delivered (%u L_Key failures), %u flushes for "
	       "%u resets and 13 setups, %u state moves\n", posts, T.rwqes, T.lerrs, T.flushes,
	       resets, moves);
	printf("  L_Key cases:");
	for (unsigned k = 0; k < 7; k++)
		printf(" %s %u%s", kind_names[k], kinds[k], k < 6 ? "," : "\n");
	printf("  %u DMA reads failed (counted), %u RWQEs from them flagged\n", T.rd_fails,
	       T.rd_fail_rwqes);
	printf("  %u bad RQ doorbells counted (beyond the table %u, in RESET %u, no RQ %u)\n",
	       T.db_bad, bad_db[0], bad_db[1], bad_db[2]);
	printf("  %u receive CQEs (%u for RWQEs from before a reset), %u send CQEs, checked with "
	       "their phase; at most %u RWQEs held per QP\n", T.rcqes, T.stale_cpl, T.scqes,
	       T.max_held);
	printf("  %llu cycles\n", (unsigned long long)T.cycles);
	m->final();
	return tb_finish("tb_host_rq");
}
