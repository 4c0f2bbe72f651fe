// SPDX-License-Identifier: MIT
// Driver of the Verilated hpnic_host_csr behind the C API of csr_rtl.h.
#include <deque>
#include <memory>
#include <random>

#include "Vhost_csr.h"
#include "verilated.h"

#include "csr_rtl.h"

struct csr_rtl {
	std::unique_ptr<VerilatedContext> ctx;
	std::unique_ptr<Vhost_csr> m;
	std::mt19937_64 rng;
	double idle, stall;
	uint64_t cycles = 0;
	std::deque<csr_post> posts;
	std::deque<csr_rqdb> rqdbs;
	std::deque<csr_start> starts;
	struct ev { unsigned type, id; bool cq; };
	std::deque<ev> events;          // to present on the event inputs, in order
	unsigned cq_cfgs = 0, qp_wr_pulses = 0, mr_wr_pulses = 0;
	unsigned last_qp_wr_qpn = 0, last_mr_wr_idx = 0;
	unsigned last_qp_wr_min_rnr = 0, last_qp_wr_rnr_retry = 0;
	uint64_t last_rq_base = 0;
	unsigned last_rq_log2 = 0, last_rcqn = 0;
};

static bool chance(csr_rtl *r, double p)
{
	return std::uniform_real_distribution<double>(0.0, 1.0)(r->rng) < p;
}

// one clock: the stream readies are drawn, outputs sampled at the edge
static void tick(csr_rtl *r)
{
	auto *m = r->m.get();

	m->m_post_ready = !chance(r, r->stall);
	m->m_start_ready = !chance(r, r->stall);
	m->m_cq_cfg_ready = !chance(r, r->stall);
	m->m_rqdb_ready = !chance(r, r->stall);
	// the next event, after a random idle cycle now and then: a CQ's is a
	// pulse, the datapath's a stream that may wait
	bool ev_go = !r->events.empty() && !chance(r, r->idle);
	const csr_rtl::ev *e = ev_go ? &r->events.front() : nullptr;
	m->cq_err_valid = e && e->cq;
	m->cq_err_cqn = e ? e->id : 0;
	m->s_event_valid = e && !e->cq;
	m->s_event_qpn = e ? e->id : 0;
	m->s_event_type = e ? e->type : 0;
	m->eval();
	if (e && (e->cq || m->s_event_ready))
		r->events.pop_front();
	if (m->m_post_valid && m->m_post_ready)
		r->posts.push_back({m->m_post_qpn, m->m_post_pi});
	if (m->m_rqdb_valid && m->m_rqdb_ready)
		r->rqdbs.push_back({m->m_rqdb_qpn, m->m_rqdb_pi, m->m_rqdb_bad});
	if (m->m_start_valid && m->m_start_ready) {
		uint64_t ovr = m->m_start_cc_ovr;   // {override, T, W_AI, maxStage}

		r->starts.push_back({m->m_start_qpn, m->m_start_sq_psn, m->m_start_rq_psn,
				     m->m_start_mtu_log2, m->m_start_cc_mode, m->m_start_cc_opts,
				     (unsigned)(ovr >> 44) & 1u, (unsigned)(ovr >> 24) & 0xfffffu,
				     (unsigned)(ovr >> 4) & 0xfffffu, (unsigned)ovr & 0xfu,
				     m->m_start_sq, m->m_start_rq});
	}
	if (m->m_cq_cfg_valid && m->m_cq_cfg_ready)
		r->cq_cfgs++;
	if (m->qp_wr_en) {
		r->qp_wr_pulses++;
		r->last_qp_wr_qpn = m->qp_wr_qpn;
		r->last_qp_wr_min_rnr = m->qp_wr_min_rnr_timer;
		r->last_qp_wr_rnr_retry = m->qp_wr_rnr_retry;
		r->last_rq_base = m->qp_wr_rq_base;
		r->last_rq_log2 = m->qp_wr_rq_log2;
		r->last_rcqn = m->qp_wr_rcqn;
	}
	if (m->mr_wr_en) {
		r->mr_wr_pulses++;
		r->last_mr_wr_idx = m->mr_wr_idx;
	}
	m->clk = 1;
	m->eval();
	// the RQ fetch's room for a context write: a register there, so drawn
	// after the edge (it gates s_csr_ready, which request() samples)
	m->rq_cfg_ready = !chance(r, r->stall);
	m->clk = 0;
	m->eval();
	r->cycles++;
}

extern "C" struct csr_rtl *csr_rtl_new(uint64_t seed, double idle, double stall)
{
	csr_rtl *r = new csr_rtl;
	r->ctx.reset(new VerilatedContext);
	r->m.reset(new Vhost_csr{r->ctx.get()});
	r->rng.seed(seed);
	r->idle = idle;
	r->stall = stall;
	r->m->status_cc_init_done = 1;
	r->m->status_sched_init_done = 1;
	csr_rtl_reset(r);
	return r;
}

extern "C" void csr_rtl_free(struct csr_rtl *r)
{
	delete r;
}

extern "C" void csr_rtl_reset(struct csr_rtl *r)
{
	r->m->rst = 1;
	r->m->s_csr_valid = 0;
	for (int i = 0; i < 4; i++)
		tick(r);
	r->m->rst = 0;
	tick(r);
	r->posts.clear();
	r->rqdbs.clear();
	r->starts.clear();
	r->events.clear();
	r->cq_cfgs = r->qp_wr_pulses = r->mr_wr_pulses = 0;
}

extern "C" void csr_rtl_event(struct csr_rtl *r, unsigned type, unsigned qpn)
{
	r->events.push_back({type, qpn, false});
}

extern "C" void csr_rtl_cq_err(struct csr_rtl *r, unsigned cqn)
{
	r->events.push_back({0, cqn, true});
}

extern "C" unsigned csr_rtl_events_pending(struct csr_rtl *r)
{
	return (unsigned)r->events.size();
}

extern "C" void csr_rtl_idle(struct csr_rtl *r, unsigned cycles)
{
	while (cycles--)
		tick(r);
}

// present one request until it is taken
static void request(csr_rtl *r, uint32_t addr, bool write, uint32_t value)
{
	auto *m = r->m.get();

	while (chance(r, r->idle))
		tick(r);
	m->s_csr_valid = 1;
	m->s_csr_addr = addr & 0x1ffffff;
	m->s_csr_write = write;
	m->s_csr_wdata = value;
	for (;;) {
		m->m_csr_rsp_ready = 0;
		m->eval();
		bool taken = m->s_csr_ready;
		tick(r);
		if (taken)
			break;
	}
	m->s_csr_valid = 0;
}

extern "C" uint32_t csr_rtl_read(struct csr_rtl *r, uint32_t addr)
{
	auto *m = r->m.get();

	request(r, addr, false, 0);
	for (;;) {
		m->m_csr_rsp_ready = !chance(r, r->stall);
		m->eval();
		if (m->m_csr_rsp_valid && m->m_csr_rsp_ready) {
			uint32_t v = m->m_csr_rsp_rdata;
			tick(r);
			m->m_csr_rsp_ready = 0;
			return v;
		}
		tick(r);
	}
}

extern "C" void csr_rtl_write(struct csr_rtl *r, uint32_t addr, uint32_t value)
{
	request(r, addr, true, value);
}

extern "C" void csr_rtl_set_stat(struct csr_rtl *r, unsigned i, uint64_t value)
{
	r->m->stats[2 * i] = (uint32_t)value;
	r->m->stats[2 * i + 1] = (uint32_t)(value >> 32);
}

extern "C" int csr_rtl_pop_post(struct csr_rtl *r, struct csr_post *p)
{
	if (r->posts.empty())
		return 0;
	*p = r->posts.front();
	r->posts.pop_front();
	return 1;
}

extern "C" int csr_rtl_pop_rqdb(struct csr_rtl *r, struct csr_rqdb *d)
{
	if (r->rqdbs.empty())
		return 0;
	*d = r->rqdbs.front();
	r->rqdbs.pop_front();
	return 1;
}

extern "C" int csr_rtl_pop_start(struct csr_rtl *r, struct csr_start *s)
{
	if (r->starts.empty())
		return 0;
	*s = r->starts.front();
	r->starts.pop_front();
	return 1;
}

extern "C" unsigned csr_rtl_cq_cfgs(struct csr_rtl *r)
{
	return r->cq_cfgs;
}

extern "C" void csr_rtl_outs(struct csr_rtl *r, struct csr_outs *o)
{
	auto *m = r->m.get();

	o->cfg_mac = m->cfg_mac;
	o->cfg_ip = m->cfg_ip;
	o->stat_doorbells = m->stat_doorbells;
	o->stat_cmd_errors = m->stat_cmd_errors;
	o->stat_doorbell_bad_qp = m->stat_doorbell_bad_qp;
	o->stat_doorbell_bad_offset = m->stat_doorbell_bad_offset;
	o->qp_wr_pulses = r->qp_wr_pulses;
	o->mr_wr_pulses = r->mr_wr_pulses;
	o->last_qp_wr_qpn = r->last_qp_wr_qpn;
	o->last_mr_wr_idx = r->last_mr_wr_idx;
	o->last_qp_wr_min_rnr = r->last_qp_wr_min_rnr;
	o->last_qp_wr_rnr_retry = r->last_qp_wr_rnr_retry;
	o->last_rq_base = r->last_rq_base;
	o->last_rq_log2 = r->last_rq_log2;
	o->last_rcqn = r->last_rcqn;
}

extern "C" uint64_t csr_rtl_cycles(struct csr_rtl *r)
{
	return r->cycles;
}
