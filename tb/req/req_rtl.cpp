// SPDX-License-Identifier: MIT
// Driver of the Verilated rtl/tx/hpnic_send_loop (hpnic_req + hpnic_resp_tx)
// behind the C API of req_rtl.h, with the record pool's free list.
#include <deque>
#include <memory>
#include <random>

#include "Vreq.h"
#include "verilated.h"

#include "req_rtl.h"

struct req_rtl {
	std::unique_ptr<VerilatedContext> ctx;
	std::unique_ptr<Vreq> m;
	std::mt19937_64 rng;
	double idle = 0, stall = 0;
	uint64_t cycles = 0;
	std::deque<req_taken> in[REQ_NIN];     // queued inputs; the head may be presented
	bool shown[REQ_NIN] = {};
	std::deque<std::pair<unsigned, unsigned>> cfgs;
	std::deque<unsigned> pool;
	unsigned underflows = 0;
	std::deque<req_taken> taken;
	std::deque<req_desc> descs;
	std::deque<req_fetch> fetches;
	std::deque<req_free> frees;
	std::deque<req_work> works;
	std::deque<req_cinit> cinits;
	std::deque<req_ring> rings;
	std::deque<req_sndnxt> sndnxts;
	std::deque<req_rdesc> rdescs;
	std::deque<req_alloc> allocs;
};

static bool chance(req_rtl *r, double p)
{
	return std::uniform_real_distribution<double>(0.0, 1.0)(r->rng) < p;
}

// drive the head of stream s onto the ports, or drop its valid
static void drive(req_rtl *r, int s)
{
	auto *m = r->m.get();
	bool v = r->shown[s];
	const req_taken *t = v ? &r->in[s].front() : nullptr;

	switch (s) {
	case REQ_IN_INIT:
		m->s_init_valid = v;
		if (v) {
			m->s_init_qpn = t->u.init.qpn;
			m->s_init_psn = t->u.init.psn & 0xffffff;
		}
		break;
	case REQ_IN_REWIND:
		m->s_rewind_valid = v;
		if (v) {
			const req_rewind &e = t->u.rewind;
			m->s_rewind_qpn = e.qpn;
			m->s_rewind_idx = e.idx;
			m->s_rewind_psn = e.psn & 0xffffff;
			m->s_rewind_off = e.off;
			m->s_rewind_bpos = e.bpos & 0xffffff;
			m->s_rewind_fatal = e.fatal;
		}
		break;
	case REQ_IN_WQE:
		m->s_wqe_valid = v;
		if (v) {
			const req_wqe &e = t->u.wqe;
			m->s_wqe_qpn = e.qpn;
			m->s_wqe_idx = e.idx;
			m->s_wqe_tag = e.tag & 3;
			m->s_wqe_read = e.read;
			m->s_wqe_signaled = e.signaled;
			m->s_wqe_len = e.len;
			m->s_wqe_laddr = e.laddr;
			m->s_wqe_raddr = e.raddr;
			m->s_wqe_rkey = e.rkey;
			m->s_wqe_send = e.send;
			m->s_wqe_imm_valid = e.imm_valid;
			m->s_wqe_imm = e.imm;
		}
		break;
	case REQ_IN_RDWORK:
		m->s_rdwork_valid = v;
		if (v) {
			const req_rdwork &e = t->u.rdwork;
			m->s_rdwork_qpn = e.qpn;
			m->s_rdwork_psn = e.psn & 0xffffff;
			m->s_rdwork_addr = e.addr;
			m->s_rdwork_len = e.len;
			m->s_rdwork_msn = e.msn & 0xffffff;
			m->s_rdwork_dup = e.dup;
		}
		break;
	case REQ_IN_UNA:
		m->s_una_valid = v;
		if (v) {
			const req_una &e = t->u.una;
			m->s_una_qpn = e.qpn;
			m->s_una_idx = e.idx;
			m->s_una_psn = e.psn & 0xffffff;
			m->s_una_bpos = e.bpos & 0xffffff;
			m->s_una_read_done = e.read_done;
			m->s_una_loop = e.loop;
			m->s_una_epoch = e.epoch;
		}
		break;
	case REQ_IN_POST:
		m->s_post_valid = v;
		if (v) {
			m->s_post_qpn = t->u.post.qpn;
			m->s_post_pi = t->u.post.pi;
		}
		break;
	default:
		m->s_pktsend_valid = v;
		if (v) {
			m->s_pktsend_qpn = t->u.pktsend.qpn;
			m->s_pktsend_len = t->u.pktsend.len;
		}
		break;
	}
}

static bool ready(req_rtl *r, int s)
{
	auto *m = r->m.get();

	switch (s) {
	case REQ_IN_INIT: return m->s_init_ready;
	case REQ_IN_REWIND: return m->s_rewind_ready;
	case REQ_IN_WQE: return m->s_wqe_ready;
	case REQ_IN_RDWORK: return m->s_rdwork_ready;
	case REQ_IN_UNA: return m->s_una_ready;
	case REQ_IN_POST: return m->s_post_ready;
	default: return m->s_pktsend_ready;
	}
}

// one clock: inputs presented, readies drawn, outputs sampled at the edge
static void tick(req_rtl *r)
{
	auto *m = r->m.get();

	// a valid, once raised, stays up until the item is taken
	for (int s = 0; s < REQ_NIN; s++) {
		if (!r->shown[s] && !r->in[s].empty() && !chance(r, r->idle))
			r->shown[s] = true;
		drive(r, s);
	}
	// the pool stream: its head entry, and now and then a count that looks
	// nearly empty (the requester must then hold back what may pop one)
	unsigned n = (unsigned)r->pool.size();
	m->s_pool_valid = n != 0;
	m->s_pool_ptr = n ? r->pool.front() : 0;
	m->s_pool_count = (n > 4 && chance(r, r->idle / 4)) ? 4 : n;
	m->s_pool_init_done = 1;
	if (!r->cfgs.empty()) {
		m->cfg_wr_en = 1;
		m->cfg_wr_qpn = r->cfgs.front().first;
		m->cfg_wr_mtu_log2 = r->cfgs.front().second;
		r->cfgs.pop_front();
	} else {
		m->cfg_wr_en = 0;
	}
	m->m_desc_ready = !chance(r, r->stall);
	m->m_fetch_ready = !chance(r, r->stall);
	m->m_free_ready = !chance(r, r->stall);
	m->m_work_ready = !chance(r, r->stall);
	m->m_cinit_ready = !chance(r, r->stall);
	m->eval();

	bool took[REQ_NIN];
	for (int s = 0; s < REQ_NIN; s++) {
		took[s] = r->shown[s] && ready(r, s);
		if (took[s]) {
			req_taken t = r->in[s].front();
			t.cycle = r->cycles;
			r->taken.push_back(t);
			r->in[s].pop_front();
			r->shown[s] = false;
		}
	}
	if (m->s_pool_ready) {
		if (r->pool.empty()) {
			r->underflows++;
		} else {
			r->allocs.push_back({r->pool.front(), r->cycles});
			r->pool.pop_front();
		}
	}
	if (m->m_desc_valid && m->m_desc_ready)
		r->descs.push_back({m->m_desc_qpn, m->m_desc_opcode, m->m_desc_psn, m->m_desc_len,
				    m->m_desc_addr, m->m_desc_reth_va, m->m_desc_reth_rkey,
				    m->m_desc_reth_len, m->m_desc_aeth, m->m_desc_imm, r->cycles});
	if (m->m_fetch_valid && m->m_fetch_ready)
		r->fetches.push_back({m->m_fetch_qpn, m->m_fetch_idx, m->m_fetch_count,
				      m->m_fetch_tag});
	if (m->m_free_valid && m->m_free_ready)
		r->frees.push_back({m->m_free_qpn, m->m_free_bpos});
	if (m->m_work_valid && m->m_work_ready)
		r->works.push_back({m->m_work_qpn, m->m_work_bytes});
	if (m->m_cinit_valid && m->m_cinit_ready)
		r->cinits.push_back({m->m_cinit_qpn, m->m_cinit_psn, m->m_cinit_rec_old,
				     m->m_cinit_spare, m->m_cinit_epoch, m->m_cinit_clear});
	if (m->ring_wr_en)
		r->rings.push_back({m->sndnxt_wr_qpn, m->ring_wr_ptr, m->ring_wr_next,
				    m->ring_wr_last_psn, m->ring_wr_read, m->ring_wr_signaled,
				    m->ring_wr_bpos, m->ring_wr_send, r->cycles});
	if (m->sndnxt_wr_en)
		r->sndnxts.push_back({m->sndnxt_wr_qpn, m->sndnxt_wr_psn, m->sndnxt_wr_max,
				      m->sndnxt_wr_tail, m->sndnxt_wr_bpos, m->sndnxt_wr_epoch,
				      m->sndnxt_wr_head, m->sndnxt_wr_rewinds, m->sndnxt_wr_send,
				      r->cycles});
	// the READ descriptors' ready stays high: their timing (a fixed latency
	// from the event) is what the READ-limit checks rest on
	m->m_rdq_ready = 1;
	if (m->m_rdq_valid)
		r->rdescs.push_back({m->m_rdq_qpn, m->m_rdq_first_psn, m->m_rdq_last_psn,
				     m->m_rdq_flush, m->m_rdq_last_len, m->m_rdq_laddr, r->cycles});

	m->clk = 1;
	m->eval();
	m->clk = 0;
	m->eval();
	r->cycles++;
}

extern "C" struct req_rtl *req_rtl_new(uint64_t seed, double idle, double stall)
{
	req_rtl *r = new req_rtl;
	r->ctx.reset(new VerilatedContext);
	r->m.reset(new Vreq{r->ctx.get()});
	r->rng.seed(seed);
	r->idle = idle;
	r->stall = stall;
	req_rtl_reset(r);
	return r;
}

extern "C" void req_rtl_free(struct req_rtl *r)
{
	r->m->final();
	delete r;
}

extern "C" void req_rtl_reset(struct req_rtl *r)
{
	auto *m = r->m.get();

	for (int s = 0; s < REQ_NIN; s++) {
		r->in[s].clear();
		r->shown[s] = false;
	}
	r->cfgs.clear();
	r->pool.clear();
	for (unsigned p = 0; p < REQ_RTL_POOL; p++)
		r->pool.push_back(p);
	m->rst = 1;
	for (int i = 0; i < 4; i++)
		tick(r);
	m->rst = 0;
	r->taken.clear();
	r->descs.clear();
	r->fetches.clear();
	r->frees.clear();
	r->works.clear();
	r->cinits.clear();
	r->rings.clear();
	r->sndnxts.clear();
	r->rdescs.clear();
	r->allocs.clear();
	r->underflows = 0;
}

extern "C" void req_rtl_rates(struct req_rtl *r, double idle, double stall)
{
	r->idle = idle;
	r->stall = stall;
}

extern "C" void req_rtl_set_overhead(struct req_rtl *r, unsigned bytes)
{
	r->m->cfg_pkt_overhead = bytes & 0xff;
}

extern "C" void req_rtl_cfg_mtu(struct req_rtl *r, unsigned qpn, unsigned mtu_log2)
{
	r->cfgs.push_back({qpn, mtu_log2});
}

static void push(req_rtl *r, enum req_in s, const req_taken &t)
{
	r->in[s].push_back(t);
	r->in[s].back().stream = s;
}

extern "C" void req_rtl_push_init(struct req_rtl *r, const struct req_init *e)
{
	req_taken t = {};
	t.u.init = *e;
	push(r, REQ_IN_INIT, t);
}

extern "C" void req_rtl_push_rewind(struct req_rtl *r, const struct req_rewind *e)
{
	req_taken t = {};
	t.u.rewind = *e;
	push(r, REQ_IN_REWIND, t);
}

extern "C" void req_rtl_push_wqe(struct req_rtl *r, const struct req_wqe *e)
{
	req_taken t = {};
	t.u.wqe = *e;
	push(r, REQ_IN_WQE, t);
}

extern "C" void req_rtl_push_rdwork(struct req_rtl *r, const struct req_rdwork *e)
{
	req_taken t = {};
	t.u.rdwork = *e;
	push(r, REQ_IN_RDWORK, t);
}

extern "C" void req_rtl_push_una(struct req_rtl *r, const struct req_una *e)
{
	req_taken t = {};
	t.u.una = *e;
	push(r, REQ_IN_UNA, t);
}

extern "C" void req_rtl_push_post(struct req_rtl *r, const struct req_post *e)
{
	req_taken t = {};
	t.u.post = *e;
	push(r, REQ_IN_POST, t);
}

extern "C" void req_rtl_push_pktsend(struct req_rtl *r, const struct req_pktsend *e)
{
	req_taken t = {};
	t.u.pktsend = *e;
	push(r, REQ_IN_PKTSEND, t);
}

extern "C" unsigned req_rtl_queued(struct req_rtl *r, enum req_in s)
{
	return (unsigned)r->in[s].size();
}

extern "C" void req_rtl_pool_put(struct req_rtl *r, unsigned ptr)
{
	r->pool.push_back(ptr);
}

extern "C" unsigned req_rtl_pool_count(struct req_rtl *r)
{
	return (unsigned)r->pool.size();
}

extern "C" void req_rtl_step(struct req_rtl *r, unsigned cycles)
{
	while (cycles--)
		tick(r);
}

template <typename T>
static int pop(std::deque<T> &q, T *out)
{
	if (q.empty())
		return 0;
	*out = q.front();
	q.pop_front();
	return 1;
}

extern "C" int req_rtl_pop_taken(struct req_rtl *r, struct req_taken *t)
{
	return pop(r->taken, t);
}

extern "C" int req_rtl_pop_desc(struct req_rtl *r, struct req_desc *d)
{
	return pop(r->descs, d);
}

extern "C" int req_rtl_pop_fetch(struct req_rtl *r, struct req_fetch *f)
{
	return pop(r->fetches, f);
}

extern "C" int req_rtl_pop_free(struct req_rtl *r, struct req_free *f)
{
	return pop(r->frees, f);
}

extern "C" int req_rtl_pop_work(struct req_rtl *r, struct req_work *w)
{
	return pop(r->works, w);
}

extern "C" int req_rtl_pop_cinit(struct req_rtl *r, struct req_cinit *c)
{
	return pop(r->cinits, c);
}

extern "C" int req_rtl_pop_ring(struct req_rtl *r, struct req_ring *w)
{
	return pop(r->rings, w);
}

extern "C" int req_rtl_pop_sndnxt(struct req_rtl *r, struct req_sndnxt *w)
{
	return pop(r->sndnxts, w);
}

extern "C" int req_rtl_pop_rdesc(struct req_rtl *r, struct req_rdesc *w)
{
	return pop(r->rdescs, w);
}

extern "C" int req_rtl_pop_alloc(struct req_rtl *r, struct req_alloc *a)
{
	return pop(r->allocs, a);
}

extern "C" void req_rtl_stats(struct req_rtl *r, struct req_stats *s)
{
	auto *m = r->m.get();

	s->pktsend_idle = m->stat_pktsend_idle;
	s->read_fenced = m->stat_read_fenced;
	s->wqe_stale = m->stat_wqe_stale;
	s->pool_wait = m->stat_pool_wait;
	s->rdwork_err = m->stat_rdwork_err;
	s->rdq_full = m->stat_rdq_full;
	s->rdq_pool = m->stat_rdq_pool;
	s->pool_underflows = r->underflows;
}

extern "C" uint64_t req_rtl_cycles(struct req_rtl *r)
{
	return r->cycles;
}
