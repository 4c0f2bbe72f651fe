// SPDX-License-Identifier: MIT
// Driver of the Verilated hpnic_rx_decision behind the C API of rx_decide_rtl.h.
#include <deque>
#include <memory>
#include <random>

#include "Vrx_decide.h"
#include "verilated.h"
#include "vtb.h"

#include "rx_decide_rtl.h"

struct rxd_rtl {
	std::unique_ptr<VerilatedContext> ctx;
	std::unique_ptr<Vrx_decide> m;
	std::mt19937_64 rng;
	double idle, stall;
	unsigned lag;
	uint64_t cycles = 0, waits = 0, b2b = 0, pops = 0;
	uint64_t last_take = ~0ull;     // the cycle the last packet or init was taken, its QP
	unsigned last_qpn = 0;
	// commit: the cycle each entry taken and not yet carried out is due
	std::deque<uint64_t> due;
	uint64_t taken = 0, done = 0;
	std::deque<rxd_commit> commits;
	std::deque<rxd_ack> acks;
	std::deque<rxd_rdwork> rdworks;
	std::deque<rxd_event> events;
	std::deque<rxd_rcpl> rcpls;
};

static bool chance(rxd_rtl *r, double p)
{
	return std::uniform_real_distribution<double>(0.0, 1.0)(r->rng) < p;
}

static unsigned upto(rxd_rtl *r, unsigned n)
{
	return std::uniform_int_distribution<unsigned>(0, n)(r->rng);
}

template <typename W>
static void get_int(rxd_int *in, unsigned valid, unsigned nhop, unsigned path, const W &hops)
{
	uint8_t b[40];

	vtb_get(hops, b, sizeof(b));
	in->valid = valid;
	in->nhop = nhop;
	in->path = path;
	for (unsigned i = 0; i < 5; i++) {
		in->hops[i] = 0;
		for (unsigned k = 0; k < 8; k++)
			in->hops[i] |= (uint64_t)b[8 * i + k] << (8 * k);
	}
}

// one clock: readies drawn and commit_done set, outputs sampled at the edge
static void tick(rxd_rtl *r)
{
	auto *m = r->m.get();

	while (!r->due.empty() && r->due.front() <= r->cycles) {
		r->due.pop_front();
		r->done++;
	}
	m->commit_done = (uint16_t)r->done;
	m->m_commit_ready = !chance(r, r->stall);
	m->m_ack_ready = !chance(r, r->stall);
	m->m_rdwork_ready = !chance(r, r->stall);
	m->m_event_ready = !chance(r, r->stall);
	m->m_rcpl_ready = !chance(r, r->stall);
	m->eval();
	if (m->m_commit_valid && m->m_commit_ready) {
		rxd_commit c;
		c.pay = m->m_commit_pay;
		c.addr = m->m_commit_addr;
		c.len = m->m_commit_len;
		c.cack = m->m_commit_cack;
		c.qpn = m->m_commit_cack_qpn;
		c.kind = m->m_commit_cack_kind;
		c.psn = m->m_commit_cack_psn;
		c.rnr_timer = m->m_commit_cack_rnr_timer;
		get_int(&c.in, m->m_commit_cack_int_valid, m->m_commit_cack_int_nhop,
			m->m_commit_cack_int_path, m->m_commit_cack_int_hops);
		r->commits.push_back(c);
		// carried out in order, mostly soon, now and then after a long stall
		uint64_t d = r->cycles + 1 + (chance(r, 0.05) ? upto(r, r->lag) : upto(r, 3));
		if (!r->due.empty() && r->due.back() > d)
			d = r->due.back();
		r->due.push_back(d);
		r->taken++;
	}
	if (m->m_ack_valid && m->m_ack_ready) {
		rxd_ack a;
		a.qpn = m->m_ack_qpn;
		a.syn = m->m_ack_syn;
		a.psn = m->m_ack_psn;
		a.msn = m->m_ack_msn;
		get_int(&a.in, m->m_ack_int_valid, m->m_ack_int_nhop, m->m_ack_int_path,
			m->m_ack_int_hops);
		a.done = r->done;
		a.pop = r->pops++;
		r->acks.push_back(a);
	}
	if (m->m_rcpl_valid && m->m_rcpl_ready) {
		rxd_rcpl c;
		c.qpn = m->m_rcpl_qpn;
		c.idx = m->m_rcpl_idx;
		c.status = m->m_rcpl_status;
		c.wimm = m->m_rcpl_wimm;
		c.byte_len = m->m_rcpl_byte_len;
		c.imm_valid = m->m_rcpl_imm_valid;
		c.imm = m->m_rcpl_imm;
		c.done = r->done;
		r->rcpls.push_back(c);
	}
	if (m->m_event_valid && m->m_event_ready)
		r->events.push_back({m->m_event_qpn, m->m_event_type});
	if (m->m_rdwork_valid && m->m_rdwork_ready) {
		rxd_rdwork w;
		w.qpn = m->m_rdwork_qpn;
		w.psn = m->m_rdwork_psn;
		w.addr = m->m_rdwork_addr;
		w.len = m->m_rdwork_len;
		w.msn = m->m_rdwork_msn;
		w.dup = m->m_rdwork_dup;
		w.done = r->done;
		w.pop = r->pops++;
		r->rdworks.push_back(w);
	}
	m->clk = 1;
	m->eval();
	m->clk = 0;
	m->eval();
	r->cycles++;
}

extern "C" struct rxd_rtl *rxd_rtl_new(uint64_t seed, double idle, double stall, unsigned lag)
{
	rxd_rtl *r = new rxd_rtl;
	r->ctx.reset(new VerilatedContext);
	r->m.reset(new Vrx_decide{r->ctx.get()});
	r->rng.seed(seed);
	rxd_rtl_pace(r, idle, stall, lag);
	rxd_rtl_reset(r);
	return r;
}

extern "C" void rxd_rtl_free(struct rxd_rtl *r)
{
	delete r;
}

extern "C" void rxd_rtl_pace(struct rxd_rtl *r, double idle, double stall, unsigned lag)
{
	r->idle = idle;
	r->stall = stall;
	r->lag = lag;
}

extern "C" void rxd_rtl_reset(struct rxd_rtl *r)
{
	auto *m = r->m.get();

	m->rst = 1;
	m->s_pkt_valid = 0;
	m->s_init_valid = 0;
	m->cfg_qp_wr_en = 0;
	m->cfg_mr_wr_en = 0;
	m->s_rdq_valid = 0;
	m->s_rwqe_valid = 0;
	r->due.clear();
	r->taken = r->done = 0;
	r->pops = 0;
	for (int i = 0; i < 4; i++)
		tick(r);
	m->rst = 0;
	tick(r);
	r->commits.clear();
	r->acks.clear();
	r->rdworks.clear();
	r->events.clear();
	r->rcpls.clear();
}

extern "C" void rxd_rtl_idle(struct rxd_rtl *r, unsigned cycles)
{
	while (cycles--)
		tick(r);
}

static void idle_before(rxd_rtl *r)
{
	while (chance(r, r->idle))
		tick(r);
}

extern "C" void rxd_rtl_qp(struct rxd_rtl *r, unsigned qpn, unsigned state, unsigned mtu_log2,
			   unsigned pd, unsigned min_rnr)
{
	auto *m = r->m.get();

	idle_before(r);
	m->cfg_qp_wr_en = 1;
	m->cfg_qp_wr_qpn = qpn;
	m->cfg_qp_wr_state = state;
	m->cfg_qp_wr_mtu_log2 = mtu_log2;
	m->cfg_qp_wr_pd = pd;
	m->cfg_qp_wr_min_rnr = min_rnr;
	tick(r);
	m->cfg_qp_wr_en = 0;
}

extern "C" void rxd_rtl_mr(struct rxd_rtl *r, unsigned idx, const struct rxd_mr *mr)
{
	auto *m = r->m.get();

	idle_before(r);
	m->cfg_mr_wr_en = 1;
	m->cfg_mr_wr_idx = idx;
	m->cfg_mr_wr_valid = mr->valid;
	m->cfg_mr_wr_tag = mr->tag;
	m->cfg_mr_wr_access = mr->access;
	m->cfg_mr_wr_va = mr->va;
	m->cfg_mr_wr_len = mr->len;
	m->cfg_mr_wr_iova = mr->iova;
	m->cfg_mr_wr_pd = mr->pd;
	tick(r);
	m->cfg_mr_wr_en = 0;
}

// cycles for a READ descriptor, or the done of a READ completed, to reach
// the slots: the loop's stages, the queue's three and its FIFO, with room
#define RDQ_SETTLE 16

extern "C" void rxd_rtl_settle(struct rxd_rtl *r)
{
	for (int i = 0; i < RDQ_SETTLE; i++)
		tick(r);
}

extern "C" void rxd_rtl_rdq(struct rxd_rtl *r, unsigned qpn, const struct rxd_rdesc *d)
{
	auto *m = r->m.get();

	// the packets taken before it are decided first
	rxd_rtl_settle(r);
	idle_before(r);
	m->s_rdq_valid = 1;
	m->s_rdq_flush = d == nullptr;
	m->s_rdq_qpn = qpn;
	if (d) {
		m->s_rdq_first_psn = d->first;
		m->s_rdq_last_psn = (d->first + d->npkts - 1) & 0xffffff;
		m->s_rdq_laddr = d->laddr;
		m->s_rdq_last_len = d->last_len;
	}
	do {
		m->eval();
		bool taken = m->s_rdq_ready;
		tick(r);
		if (taken)
			break;
	} while (true);
	m->s_rdq_valid = 0;
	rxd_rtl_settle(r);
}

extern "C" void rxd_rtl_rwqe(struct rxd_rtl *r, unsigned qpn, const struct rxd_rwqe *w)
{
	auto *m = r->m.get();

	rxd_rtl_settle(r);
	idle_before(r);
	m->s_rwqe_valid = 1;
	m->s_rwqe_flush = w == nullptr;
	m->s_rwqe_qpn = qpn;
	if (w) {
		m->s_rwqe_addr = w->addr;
		m->s_rwqe_len = w->len;
		m->s_rwqe_lerr = w->lerr;
	}
	do {
		m->eval();
		bool taken = m->s_rwqe_ready;
		tick(r);
		if (taken)
			break;
	} while (true);
	m->s_rwqe_valid = 0;
	rxd_rtl_settle(r);
}

static void put_pkt(Vrx_decide *m, const rxd_pkt *p)
{
	uint8_t b[40];

	m->s_pkt_drop = p->drop;
	m->s_pkt_has_payload = p->has_payload;
	m->s_pkt_qpn_ok = p->qpn_ok;
	m->s_pkt_qpn = p->qpn;
	m->s_pkt_opcode = p->opcode;
	m->s_pkt_psn = p->psn;
	m->s_pkt_ack_req = p->ack_req;
	m->s_pkt_len = p->len;
	m->s_pkt_reth_va = p->va;
	m->s_pkt_reth_rkey = p->rkey;
	m->s_pkt_reth_len = p->rlen;
	m->s_pkt_aeth_syn = p->syn;
	m->s_pkt_imm_valid = p->imm_valid;
	m->s_pkt_imm = p->imm;
	m->s_pkt_int_valid = p->in.valid;
	m->s_pkt_int_nhop = p->in.nhop;
	m->s_pkt_int_path = p->in.path;
	for (unsigned i = 0; i < 5; i++)
		for (unsigned k = 0; k < 8; k++)
			b[8 * i + k] = (uint8_t)(p->in.hops[i] >> (8 * k));
	vtb_put(m->s_pkt_int_hops, b, sizeof(b));
}

extern "C" int rxd_rtl_send(struct rxd_rtl *r, int init, unsigned qpn, unsigned epsn,
			    const struct rxd_pkt *p)
{
	auto *m = r->m.get();
	int ret = 0;

	idle_before(r);
	if (init) {
		m->s_init_valid = 1;
		m->s_init_qpn = qpn;
		m->s_init_epsn = epsn;
	}
	if (p) {
		put_pkt(m, p);
		m->s_pkt_valid = 1;
	}
	while (m->s_init_valid || m->s_pkt_valid) {
		m->eval();
		bool init_taken = m->s_init_valid && m->s_init_ready;
		bool pkt_taken = m->s_pkt_valid && m->s_pkt_ready;
		// the init has priority: a packet must not go while it waits
		if (pkt_taken && m->s_init_valid)
			ret = -1;
		if (!init_taken && !pkt_taken)
			r->waits++;
		if (init_taken || pkt_taken) {
			unsigned q = init_taken ? m->s_init_qpn : m->s_pkt_qpn;
			if (r->last_take + 1 == r->cycles && r->last_qpn == q)
				r->b2b++;
			r->last_take = r->cycles;
			r->last_qpn = q;
		}
		tick(r);
		if (init_taken)
			m->s_init_valid = 0;
		if (pkt_taken)
			m->s_pkt_valid = 0;
	}
	return ret;
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

extern "C" int rxd_rtl_pop_commit(struct rxd_rtl *r, struct rxd_commit *c)
{
	return pop(r->commits, c);
}

extern "C" int rxd_rtl_pop_ack(struct rxd_rtl *r, struct rxd_ack *a)
{
	return pop(r->acks, a);
}

extern "C" int rxd_rtl_pop_rdwork(struct rxd_rtl *r, struct rxd_rdwork *w)
{
	return pop(r->rdworks, w);
}

extern "C" int rxd_rtl_pop_event(struct rxd_rtl *r, struct rxd_event *e)
{
	return pop(r->events, e);
}

extern "C" int rxd_rtl_pop_rcpl(struct rxd_rtl *r, struct rxd_rcpl *c)
{
	return pop(r->rcpls, c);
}

extern "C" void rxd_rtl_stats(struct rxd_rtl *r, struct rxd_stats *s)
{
	auto *m = r->m.get();

	s->bad_qp = m->stat_bad_qp;
	s->psn_dup = m->stat_psn_dup;
	s->psn_oos = m->stat_psn_oos;
	s->nak_seq = m->stat_nak_seq;
	s->access_err = m->stat_access_err;
	s->len_err = m->stat_len_err;
	s->resp_stray = m->stat_resp_stray;
	s->resp_gap = m->stat_resp_gap;
	s->writes = m->stat_writes;
	s->reads = m->stat_reads;
	s->rnr_naks = m->stat_rnr_naks;
	s->recv_cpl = m->stat_recv_cpl;
	s->recv_err = m->stat_recv_err;
	s->rwqe_drop = m->stat_rwqe_drop;
	s->ack_coalesced = m->stat_ack_coalesced;
}

extern "C" uint64_t rxd_rtl_cycles(struct rxd_rtl *r)
{
	return r->cycles;
}

extern "C" uint64_t rxd_rtl_waits(struct rxd_rtl *r)
{
	return r->waits;
}

extern "C" uint64_t rxd_rtl_back_to_back(struct rxd_rtl *r)
{
	return r->b2b;
}

extern "C" uint64_t rxd_rtl_commit_done(struct rxd_rtl *r)
{
	return r->done;
}
