// SPDX-License-Identifier: MIT
// Driver of the Verilated hpnic_comp behind the C API of comp_rtl.h, with
// the record pool it reads.
#include <deque>
#include <memory>
#include <random>

#include "Vcomp.h"
#include "verilated.h"

#include "comp_rtl.h"

struct comp_rtl {
	std::unique_ptr<VerilatedContext> ctx;
	std::unique_ptr<Vcomp> m;
	std::mt19937_64 rng;
	double idle;
	double stall[COMP_NSTREAMS];
	uint64_t cycles = 0;
	std::deque<comp_init> inits;
	std::deque<comp_ack> acks;
	// what the completer's snd_nxt mirror RAM holds: its only writer is us
	comp_mirror mirror[COMP_RTL_QPS] = {};
	// the pool: {last PSN, read, signaled, window position after} and next
	uint64_t rec[COMP_RTL_POOL] = {};
	unsigned rec_next[COMP_RTL_POOL] = {};
	std::deque<comp_taken> taken;
	std::deque<comp_cpl> cpls;
	std::deque<comp_rewind> rewinds;
	std::deque<comp_una> unas;
	std::deque<comp_inflight> inflights;
	std::deque<comp_notify> notifies;
	std::deque<unsigned> frees;
	// the record written in this cycle, if any
	bool wr_rec = false;
	unsigned wr_ptr = 0, wr_next = 0;
	uint64_t wr_data = 0;
};

static bool chance(comp_rtl *r, double p)
{
	return std::uniform_real_distribution<double>(0.0, 1.0)(r->rng) < p;
}

// the INT block in wire order: hop record 0 in the top 64 bits
static void put_hops(VlWide<10> &w, const uint64_t *hops)
{
	for (int k = 0; k < 5; k++) {
		w[2 * (4 - k)] = (uint32_t)hops[k];
		w[2 * (4 - k) + 1] = (uint32_t)(hops[k] >> 32);
	}
}

static void present(comp_rtl *r)
{
	auto *m = r->m.get();

	// a valid, once raised, stays up until the word is taken
	if (!m->s_init_valid && !r->inits.empty() && !chance(r, r->idle)) {
		const comp_init &e = r->inits.front();
		m->s_init_valid = 1;
		m->s_init_qpn = e.qpn;
		m->s_init_psn = e.psn & 0xffffff;
		m->s_init_rec_old = e.rec_old;
		m->s_init_spare = e.spare;
		m->s_init_epoch = e.epoch;
		m->s_init_clear = e.clear;
	}
	if (!m->s_ack_valid && !r->acks.empty() && !chance(r, r->idle)) {
		const comp_ack &a = r->acks.front();
		m->s_ack_valid = 1;
		m->s_ack_qpn = a.qpn;
		m->s_ack_kind = a.kind;
		m->s_ack_psn = a.psn & 0xffffff;
		m->s_ack_rnr_timer = a.rnr_timer & 31;
		m->s_ack_int_valid = a.int_valid;
		m->s_ack_int_nhop = a.nhop;
		m->s_ack_int_path = a.path;
		put_hops(m->s_ack_int_hops, a.hops);
	}
}

// one clock: inputs presented, readies drawn, outputs sampled at the edge
static void tick(comp_rtl *r)
{
	auto *m = r->m.get();

	present(r);
	m->m_cpl_ready = !chance(r, r->stall[COMP_S_CPL]);
	m->m_rewind_ready = !chance(r, r->stall[COMP_S_REWIND]);
	m->m_una_ready = !chance(r, r->stall[COMP_S_UNA]);
	m->m_inflight_ready = !chance(r, r->stall[COMP_S_INFLIGHT]);
	m->m_notify_ready = !chance(r, r->stall[COMP_S_NOTIFY]);
	m->eval();

	bool init_taken = m->s_init_valid && m->s_init_ready;
	bool ack_taken = m->s_ack_valid && m->s_ack_ready;
	bool rd = m->pool_rd_en;
	unsigned rd_ptr = m->pool_rd_ptr;

	if (m->sndnxt_wr_en)
		r->mirror[m->sndnxt_wr_qpn] = {m->sndnxt_wr_psn, m->sndnxt_wr_max, m->sndnxt_wr_tail,
					       m->sndnxt_wr_bpos, m->sndnxt_wr_epoch, m->sndnxt_wr_head,
					       m->sndnxt_wr_rewinds};
	// the event reads the mirror the cycle after it is taken: it sees this
	// cycle's write, not the next one's
	if (init_taken) {
		const comp_init &e = r->inits.front();
		r->taken.push_back({1, e.tag, e.qpn, r->mirror[e.qpn], r->cycles});
		r->inits.pop_front();
	}
	if (ack_taken) {
		const comp_ack &a = r->acks.front();
		r->taken.push_back({0, a.tag, a.qpn, r->mirror[a.qpn], r->cycles});
		r->acks.pop_front();
	}
	if (m->m_cpl_valid && m->m_cpl_ready)
		r->cpls.push_back({m->m_cpl_qpn, m->m_cpl_idx, m->m_cpl_status, m->m_cpl_signaled,
				   r->cycles});
	if (m->m_rewind_valid && m->m_rewind_ready)
		r->rewinds.push_back({m->m_rewind_qpn, m->m_rewind_idx, m->m_rewind_psn,
				      m->m_rewind_bpos, m->m_rewind_fatal, m->m_rewind_off, r->cycles});
	if (m->m_una_valid && m->m_una_ready)
		r->unas.push_back({m->m_una_qpn, m->m_una_idx, m->m_una_psn, m->m_una_bpos,
				   m->m_una_read_done, m->m_una_loop, m->m_una_epoch});
	if (m->m_inflight_valid && m->m_inflight_ready)
		r->inflights.push_back({m->m_inflight_qpn, m->m_inflight_acked, m->m_inflight_sent});
	if (m->m_notify_valid && m->m_notify_ready) {
		comp_notify n = {m->m_notify_qpn, m->m_notify_ack_psn, m->m_notify_snd_nxt,
				 m->m_notify_nhop, m->m_notify_path, {}};
		for (int i = 0; i < 5; i++)
			n.hops[i] = (uint64_t)m->m_notify_hops[2 * i + 1] << 32 | m->m_notify_hops[2 * i];
		r->notifies.push_back(n);
	}
	if (m->pool_free_valid)
		r->frees.push_back(m->pool_free_ptr);

	m->clk = 1;
	m->eval();

	// the pool's read port is registered; a read of the entry written in
	// the same cycle is undefined (hpnic_ram_sdp), so it returns noise
	if (rd) {
		if (r->wr_rec && r->wr_ptr == rd_ptr) {
			m->pool_rd_data = r->rng() & ((1ull << 50) - 1);
			m->pool_rd_next = r->rng() % COMP_RTL_POOL;
		} else {
			m->pool_rd_data = r->rec[rd_ptr];
			m->pool_rd_next = r->rec_next[rd_ptr];
		}
	}
	if (r->wr_rec) {
		r->rec[r->wr_ptr] = r->wr_data;
		r->rec_next[r->wr_ptr] = r->wr_next;
	}
	if (init_taken)
		m->s_init_valid = 0;
	if (ack_taken)
		m->s_ack_valid = 0;
	m->clk = 0;
	m->eval();
	r->cycles++;
}

extern "C" struct comp_rtl *comp_rtl_new(uint64_t seed, double idle, double stall)
{
	comp_rtl *r = new comp_rtl;
	r->ctx.reset(new VerilatedContext);
	r->m.reset(new Vcomp{r->ctx.get()});
	r->rng.seed(seed);
	r->idle = idle;
	for (int s = 0; s < COMP_NSTREAMS; s++)
		r->stall[s] = stall;
	comp_rtl_reset(r);
	return r;
}

extern "C" void comp_rtl_free(struct comp_rtl *r)
{
	r->m->final();
	delete r;
}

// the RAMs (mirror, pool, per-QP state) keep their contents, as in hardware
extern "C" void comp_rtl_reset(struct comp_rtl *r)
{
	auto *m = r->m.get();

	m->rst = 1;
	m->s_init_valid = 0;
	m->s_ack_valid = 0;
	m->sndnxt_wr_en = 0;
	m->cfg_wr_en = 0;
	for (int i = 0; i < 4; i++)
		tick(r);
	m->rst = 0;
	tick(r);
	r->inits.clear();
	r->acks.clear();
	r->taken.clear();
	r->cpls.clear();
	r->rewinds.clear();
	r->unas.clear();
	r->inflights.clear();
	r->notifies.clear();
	r->frees.clear();
}

extern "C" void comp_rtl_stall(struct comp_rtl *r, enum comp_stream s, double stall)
{
	r->stall[s] = stall;
}

extern "C" void comp_rtl_set_idle(struct comp_rtl *r, double idle)
{
	r->idle = idle;
}

extern "C" void comp_rtl_set_rto(struct comp_rtl *r, unsigned rto)
{
	r->m->cfg_rto = rto;
}

extern "C" void comp_rtl_set_overhead(struct comp_rtl *r, unsigned bytes)
{
	r->m->cfg_pkt_overhead = bytes;
}

extern "C" void comp_rtl_cfg_qp(struct comp_rtl *r, unsigned qpn, unsigned mtu_log2,
				unsigned rnr_retry)
{
	auto *m = r->m.get();

	m->cfg_wr_en = 1;
	m->cfg_wr_qpn = qpn;
	m->cfg_wr_mtu_log2 = mtu_log2;
	m->cfg_wr_rnr_retry = rnr_retry & 7;
	tick(r);
	m->cfg_wr_en = 0;
}

extern "C" void comp_rtl_push_init(struct comp_rtl *r, const struct comp_init *e)
{
	r->inits.push_back(*e);
}

extern "C" void comp_rtl_push_ack(struct comp_rtl *r, const struct comp_ack *a)
{
	r->acks.push_back(*a);
}

extern "C" unsigned comp_rtl_inputs_pending(struct comp_rtl *r)
{
	return (unsigned)(r->inits.size() + r->acks.size());
}

extern "C" void comp_rtl_req_write(struct comp_rtl *r, const struct comp_req_wr *w)
{
	auto *m = r->m.get();

	while (chance(r, r->idle))
		tick(r);
	m->sndnxt_wr_en = 1;
	m->sndnxt_wr_qpn = w->qpn;
	m->sndnxt_wr_psn = w->m.snd_nxt & 0xffffff;
	m->sndnxt_wr_max = w->m.snd_max & 0xffffff;
	m->sndnxt_wr_tail = w->m.tail & 0xffff;
	m->sndnxt_wr_bpos = w->m.bpos & 0xffffff;
	m->sndnxt_wr_epoch = w->m.epoch & 1;
	m->sndnxt_wr_head = w->m.head & 0xffff;
	m->sndnxt_wr_rewinds = w->m.rewinds & 3;
	m->sndnxt_wr_sent = w->sent ? 1 : 0;
	if (w->rec) {
		r->wr_rec = true;
		r->wr_ptr = w->rec_ptr;
		r->wr_next = w->rec_next;
		r->wr_data = (uint64_t)(w->rec_last & 0xffffff) << 26 | (uint64_t)(w->rec_read & 1) << 25 |
			     (uint64_t)(w->rec_signaled & 1) << 24 | (w->rec_bpos & 0xffffff);
	}
	tick(r);
	m->sndnxt_wr_en = 0;
	m->sndnxt_wr_sent = 0;
	r->wr_rec = false;
}

extern "C" void comp_rtl_run(struct comp_rtl *r, unsigned cycles)
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

extern "C" int comp_rtl_pop_taken(struct comp_rtl *r, struct comp_taken *t)
{
	return pop(r->taken, t);
}

extern "C" int comp_rtl_pop_cpl(struct comp_rtl *r, struct comp_cpl *c)
{
	return pop(r->cpls, c);
}

extern "C" int comp_rtl_pop_rewind(struct comp_rtl *r, struct comp_rewind *w)
{
	return pop(r->rewinds, w);
}

extern "C" int comp_rtl_pop_una(struct comp_rtl *r, struct comp_una *u)
{
	return pop(r->unas, u);
}

extern "C" int comp_rtl_pop_inflight(struct comp_rtl *r, struct comp_inflight *f)
{
	return pop(r->inflights, f);
}

extern "C" int comp_rtl_pop_notify(struct comp_rtl *r, struct comp_notify *n)
{
	return pop(r->notifies, n);
}

extern "C" int comp_rtl_pop_free(struct comp_rtl *r, unsigned *ptr)
{
	return pop(r->frees, ptr);
}

extern "C" void comp_rtl_stats(struct comp_rtl *r, struct comp_stats *s)
{
	auto *m = r->m.get();

	s->timeouts = m->stat_timeouts;
	s->rewinds = m->stat_rewinds;
	s->fatal = m->stat_fatal;
	s->notify_dropped = m->stat_notify_dropped;
	s->rnr_naks = m->stat_rnr_naks;
	s->rnr_retry_exc = m->stat_rnr_retry_exc;
}

extern "C" uint64_t comp_rtl_cycles(struct comp_rtl *r)
{
	return r->cycles;
}
