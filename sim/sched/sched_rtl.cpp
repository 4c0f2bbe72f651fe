// SPDX-License-Identifier: MIT
// Cycle-accurate driver of the Verilated flow scheduler, behind sched_rtl.h.
#include <cstdint>
#include <cstdio>
#include <memory>

#include "Vhpnic_flow_sched.h"
#include "verilated.h"
#include "verilated_fst_c.h"

#include "sched_rtl.h"

// must match what the model was Verilated with (mk/sched.mk)
#ifndef SCHED_RTL_QPN_WIDTH
#define SCHED_RTL_QPN_WIDTH 12
#endif
#ifndef SCHED_RTL_ENGINES
#define SCHED_RTL_ENGINES 4
#endif
#ifndef SCHED_RTL_CLK_NS
#define SCHED_RTL_CLK_NS 4
#endif
#define COUNTER_WIDTH 48

struct sched_rtl {
	std::unique_ptr<VerilatedContext> ctx;
	std::unique_ptr<Vhpnic_flow_sched> top;
	std::unique_ptr<VerilatedFstC> fst;
	uint64_t cycle = 0;
};

static void tick(sched_rtl *r)
{
	r->top->clk = 1;
	r->top->eval();
	r->ctx->timeInc(SCHED_RTL_CLK_NS * 500);
	if (r->fst)
		r->fst->dump(r->ctx->time());
	r->top->clk = 0;
	r->top->eval();
	r->ctx->timeInc(SCHED_RTL_CLK_NS * 500);
	if (r->fst)
		r->fst->dump(r->ctx->time());
	r->cycle++;
}

// one COUNTER_WIDTH field of a packed counter vector, whatever type
// Verilator gave the port (QData up to 64 bits, VlWide beyond)
static inline uint64_t field(QData v, unsigned lo)
{
	return (v >> lo) & ((1ull << COUNTER_WIDTH) - 1);
}

template <std::size_t N>
static inline uint64_t field(const VlWide<N> &v, unsigned lo)
{
	uint64_t x = 0;

	for (unsigned b = 0; b < COUNTER_WIDTH; b++) {
		unsigned i = lo + b;

		x |= (uint64_t)((v[i / 32] >> (i % 32)) & 1u) << b;
	}
	return x;
}

extern "C" unsigned sched_rtl_qpn_bits(void)
{
	return SCHED_RTL_QPN_WIDTH;
}

extern "C" unsigned sched_rtl_engines(void)
{
	return SCHED_RTL_ENGINES;
}

extern "C" unsigned sched_rtl_clk_ns(void)
{
	return SCHED_RTL_CLK_NS;
}

extern "C" void sched_rtl_set_params(struct sched_rtl *r, const sched_params *p)
{
	Vhpnic_flow_sched *t = r->top.get();

	t->param_line_rate = p->line_rate_q16 & 0xffffff;
	t->param_t_ns = p->t_ns & 0xfffff;
	t->param_pkt_overhead = p->pkt_overhead & 0xff;
	t->param_burst_bytes = p->burst_bytes & 0xffff;
	t->param_mtu_default = p->mtu_default & 0x3fff;
}

extern "C" struct sched_rtl *sched_rtl_new(const sched_params *p, const char *fst_path)
{
	sched_rtl *r = new sched_rtl;
	Vhpnic_flow_sched *t;

	r->ctx.reset(new VerilatedContext);
	r->top.reset(new Vhpnic_flow_sched{r->ctx.get()});
	t = r->top.get();
	if (fst_path) {
		r->ctx->traceEverOn(true);
		r->fst.reset(new VerilatedFstC);
		t->trace(r->fst.get(), 99);
		r->fst->open(fst_path);
	}
	sched_rtl_set_params(r, p);
	t->s_update_valid = 0;
	t->s_work_valid = 0;
	t->s_ack_valid = 0;
	t->s_flow_valid = 0;
	t->s_mtu_valid = 0;
	t->m_pktsend_ready = 0;
	t->rst = 1;
	t->clk = 0;
	t->eval();
	for (int i = 0; i < 4; i++)
		tick(r);
	t->rst = 0;
	for (int i = 0; i < (1 << 22) && !t->init_done; i++)
		tick(r);
	if (!t->init_done) {
		fprintf(stderr, "sched_rtl: the scheduler did not finish its reset sweep\n");
		sched_rtl_free(r);
		return nullptr;
	}
	// let the registered parameters (W_init) settle
	for (int i = 0; i < 4; i++)
		tick(r);
	return r;
}

extern "C" void sched_rtl_free(struct sched_rtl *r)
{
	if (!r)
		return;
	if (r->fst)
		r->fst->close();
	r->top->final();
	delete r;
}

extern "C" uint64_t sched_rtl_cycle(const struct sched_rtl *r)
{
	return r->cycle;
}

extern "C" void sched_rtl_step(struct sched_rtl *r, const sched_in *in, sched_out *out)
{
	Vhpnic_flow_sched *t = r->top.get();
	const uint32_t qmask = (1u << SCHED_RTL_QPN_WIDTH) - 1u;

	t->s_update_valid = in->update_valid ? 1 : 0;
	t->s_update_qpn = in->update_qpn & qmask;
	t->s_update_w = in->update_w_q4 & 0x3ffffff;
	t->s_update_rate = in->update_rate_q16 & 0xffffff;
	t->s_work_valid = in->work_valid ? 1 : 0;
	t->s_work_qpn = in->work_qpn & qmask;
	t->s_work_bytes = in->work_bytes;
	t->s_ack_valid = in->ack_valid ? 1 : 0;
	t->s_ack_qpn = in->ack_qpn & qmask;
	t->s_ack_snd_una = in->ack_snd_una;
	t->s_flow_valid = in->flow_valid ? 1 : 0;
	t->s_flow_qpn = in->flow_qpn & qmask;
	t->s_flow_remove = in->flow_remove ? 1 : 0;
	t->s_mtu_valid = in->mtu_valid ? 1 : 0;
	t->s_mtu_qpn = in->mtu_qpn & qmask;
	t->s_mtu_len = in->mtu_len & 0x3fff;
	t->m_pktsend_ready = in->pktsend_ready ? 1 : 0;
	t->eval();
	out->update_ready = t->s_update_ready;
	out->work_ready = t->s_work_ready;
	out->ack_ready = t->s_ack_ready;
	out->flow_ready = t->s_flow_ready;
	out->mtu_ready = t->s_mtu_ready;
	out->pktsend_valid = t->m_pktsend_valid;
	out->pktsend_qpn = t->m_pktsend_qpn;
	out->pktsend_len = t->m_pktsend_len;
	tick(r);
}

extern "C" void sched_rtl_stats(struct sched_rtl *r, struct sched_stats *s)
{
	Vhpnic_flow_sched *t = r->top.get();

	*s = sched_stats{};
	s->pktsend = t->stat_pktsend;
	for (unsigned e = 0; e < SCHED_RTL_ENGINES && e < SCHED_RTL_MAX_ENGINES; e++)
		s->visits[e] = field(t->stat_visits, e * COUNTER_WIDTH);
	s->work_invalid = t->stat_work_invalid;
	s->mtu_invalid = t->stat_mtu_invalid;
	s->ack_ahead = t->stat_ack_ahead;
	s->win_floor = t->stat_win_floor;
	s->no_room = t->stat_no_room;
	s->overflow = t->status_overflow;
}
