// SPDX-License-Identifier: MIT
// Cycle-accurate driver of the Verilated CC engine, behind the C API of cc_rtl.h.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <random>
#include <vector>

#include "Vhpcc_cc_engine.h"
#include "verilated.h"
#include "verilated_fst_c.h"

#include "cc_rtl.h"

struct cc_rtl {
	std::unique_ptr<VerilatedContext> ctx;
	std::unique_ptr<Vhpcc_cc_engine> top;
	std::unique_ptr<VerilatedFstC> fst;
	std::mt19937_64 rng;
	std::uniform_real_distribution<double> uni{0.0, 1.0};
	cc_rtl_opts opts{};
	uint64_t cycle = 0;
	uint32_t *stamp_now = nullptr, *stamp_per = nullptr;
};

static void tick(cc_rtl *r)
{
	r->top->clk = 1;
	r->top->eval();
	r->ctx->timeInc(2);
	if (r->fst)
		r->fst->dump(r->ctx->time());
	r->top->clk = 0;
	r->top->eval();
	r->ctx->timeInc(2);
	if (r->fst)
		r->fst->dump(r->ctx->time());
	r->cycle++;
}

static void drive_params(cc_rtl *r, const hpcc_params *p)
{
	r->top->param_t_ns = p->t_ns & 0xfffff;
	r->top->param_eta = p->eta_q16 & 0x1ffff;
	r->top->param_max_stage = p->max_stage & 0xf;
	r->top->param_wai = p->wai_q4 & 0xfffff;
	r->top->param_line_mbps = p->line_mbps & 0xfffff;
	r->top->param_min_mbps = p->min_mbps & 0xfffff;
	// VAI/SF: masked to the ports' widths; the engine clamps 0 as
	// hpcc_vaisf_sanitise() does
	r->top->param_vai_thresh = p->vs.thresh_bytes & 0x7fffff;
	r->top->param_vai_ai_div = p->vs.ai_div_bytes & 0x7fffff;
	r->top->param_vai_bank_cap = p->vs.bank_cap & 0xfff;
	r->top->param_vai_ai_cap = p->vs.ai_cap & 0x3ff;
	r->top->param_vai_damp_shift = p->vs.damp_shift & 0xf;
	r->top->param_sf_acks = p->vs.sf_acks & 0xff;
}

static void drive_event(cc_rtl *r, const hpcc_event *e)
{
	Vhpcc_cc_engine *t = r->top.get();

	t->s_notify_type = e->type & 3;
	t->s_notify_qpn = e->qpn & ((1u << cc_rtl_qpn_bits()) - 1u);
	t->s_notify_ack_psn = e->ack_psn & 0xffffff;
	t->s_notify_snd_nxt = e->snd_nxt & 0xffffff;
	t->s_notify_nhop = e->nhop & 0xf;
	t->s_notify_path_id = e->path_id & 0xfff;
	t->s_notify_mode = e->mode & 3;
	t->s_notify_cc_opts = e->cc_opts & 7;
	t->s_notify_t_ns = e->t_ns & 0xfffff;
	t->s_notify_wai = e->wai_q4 & 0xfffff;
	t->s_notify_max_stage = e->max_stage & 0xf;
	t->s_notify_now_us = e->now_us & 0xfffff;
	t->s_notify_period = e->period & 0xffff;
	for (unsigned i = 0; i < HPCC_MAX_HOPS; i++) {
		const hpcc_hop *h = &e->hop[i];
		uint64_t w = ((uint64_t)(h->b & 0xf) << 60) | ((uint64_t)(h->ts & 0xffffff) << 36) |
			     ((uint64_t)(h->tx & 0xfffff) << 16) | (h->q & 0xffff);

		t->s_notify_hops[2 * i] = (uint32_t)w;
		t->s_notify_hops[2 * i + 1] = (uint32_t)(w >> 32);
	}
}

// must match the QPN_WIDTH the model was Verilated with (mk/cc.mk)
#ifndef CC_RTL_QPN_WIDTH
#define CC_RTL_QPN_WIDTH 12
#endif

extern "C" unsigned cc_rtl_qpn_bits(void)
{
	return CC_RTL_QPN_WIDTH;
}

static int wait_params(cc_rtl *r)
{
	// the derive unit notices the change next cycle; give it time to start
	for (int i = 0; i < 4; i++)
		tick(r);
	for (int i = 0; i < 100000 && r->top->param_busy; i++)
		tick(r);
	if (r->top->param_busy) {
		fprintf(stderr, "cc_rtl: parameter derivation did not finish\n");
		return -1;
	}
	return 0;
}

extern "C" void cc_rtl_set_dcqcn(struct cc_rtl *r, const dcqcn_derived *d)
{
	Vhpcc_cc_engine *t = r->top.get();

	t->param_dcqcn_line_q16 = d->line_q16 & 0xffffff;
	t->param_dcqcn_min_q16 = d->min_q16 & 0xffffff;
	t->param_dcqcn_ai_q16 = d->ai_q16 & 0xffffff;
	t->param_dcqcn_hai_q16 = d->hai_q16 & 0xffffff;
	t->param_dcqcn_first_q16 = d->first_q16 & 0xffffff;
	t->param_dcqcn_clamp_tgt = d->p.clamp_tgt & 1;
	t->param_dcqcn_g = d->p.g_q10 & 0x3ff;
	t->param_dcqcn_alpha0 = d->alpha0 & 0x7fffff;
	t->param_dcqcn_min_dec = d->min_dec_q16 & 0x1ffff;
	t->param_dcqcn_gd = d->p.gd & 0xf;
	t->param_dcqcn_td_us = d->p.td_us & 0x1ffff;
	t->param_dcqcn_ti_us = d->p.ti_us & 0x1ffff;
	t->param_dcqcn_b_pkts = d->b_pkts & 0xffff;
	t->param_dcqcn_threshold = d->p.threshold & 0x1f;
	t->param_dcqcn_period_us = d->p.period_us & 0x1ffff;
	// 64 entries of 18 bits, entry 16j + k at bit 18 (16j + k)
	for (unsigned w = 0; w < 36; w++)
		t->param_dcqcn_tab[w] = 0;
	for (unsigned j = 0; j < 4; j++)
		for (unsigned k = 0; k < 16; k++) {
			unsigned bit = 18 * (16 * j + k);
			uint64_t v = (uint64_t)(d->tab[j][k] & 0x3ffff) << (bit % 32);

			t->param_dcqcn_tab[bit / 32] |= (uint32_t)v;
			if (bit / 32 + 1 < 36)
				t->param_dcqcn_tab[bit / 32 + 1] |= (uint32_t)(v >> 32);
		}
	t->eval();
}

extern "C" void cc_rtl_set_time(struct cc_rtl *r, int ext, unsigned clk_mhz, uint32_t *now,
				uint32_t *per)
{
	r->top->param_dcqcn_ext_time = ext ? 1 : 0;
	r->top->param_dcqcn_clk_mhz = clk_mhz & 0x3ff;
	r->stamp_now = now;
	r->stamp_per = per;
	r->top->eval();
}

static void dcqcn_defaults(cc_rtl *r, const hpcc_params *p)
{
	dcqcn_params dp;
	dcqcn_derived d;

	dcqcn_params_default(&dp);
	if (p->line_mbps >= DCQCN_LINE_MIN_MBPS && p->line_mbps <= DCQCN_RATE_MAX_MBPS)
		dp.line_mbps = p->line_mbps;
	if (p->t_ns >= HPCC_T_MIN && p->t_ns <= HPCC_T_MAX)
		dp.t_ns = p->t_ns;
	if (dp.min_mbps > dp.line_mbps || dp.ai_mbps > dp.line_mbps || dp.hai_mbps > dp.line_mbps)
		dcqcn_params_default(&dp);
	if (dcqcn_derive(&dp, &d) == 0)
		cc_rtl_set_dcqcn(r, &d);
	cc_rtl_set_time(r, 1, 250, nullptr, nullptr);
	r->top->param_dcqcn_tick_us = 0;        // no sweeps unless a test asks
}

extern "C" struct cc_rtl *cc_rtl_new(const hpcc_params *p, const cc_rtl_opts *o)
{
	cc_rtl *r = new cc_rtl;

	if (o)
		r->opts = *o;
	r->rng.seed(r->opts.seed);
	r->ctx.reset(new VerilatedContext);
	r->top.reset(new Vhpcc_cc_engine{r->ctx.get()});
	if (r->opts.fst_path) {
		r->ctx->traceEverOn(true);
		r->fst.reset(new VerilatedFstC);
		r->top->trace(r->fst.get(), 99);
		r->fst->open(r->opts.fst_path);
	}
	drive_params(r, p);
	dcqcn_defaults(r, p);
	r->top->s_notify_valid = 0;
	r->top->m_update_ready = 0;
	r->top->rst = 1;
	r->top->clk = 0;
	r->top->eval();
	for (int i = 0; i < 4; i++)
		tick(r);
	r->top->rst = 0;
	for (int i = 0; i < 200000 && !r->top->init_done; i++)
		tick(r);
	if (!r->top->init_done) {
		fprintf(stderr, "cc_rtl: engine did not finish its INIT sweep\n");
		delete r;
		return nullptr;
	}
	return r;
}

extern "C" void cc_rtl_free(struct cc_rtl *r)
{
	if (!r)
		return;
	if (r->fst)
		r->fst->close();
	r->top->final();
	delete r;
}

extern "C" int cc_rtl_set_params(struct cc_rtl *r, const hpcc_params *p)
{
	drive_params(r, p);
	return wait_params(r);
}

extern "C" uint64_t cc_rtl_cycle(const struct cc_rtl *r)
{
	return r->cycle;
}

static void read_update(cc_rtl *r, hpcc_update *u, uint32_t eta_q16)
{
	Vhpcc_cc_engine *t = r->top.get();

	memset(u, 0, sizeof(*u));
	u->qpn = t->m_update_qpn;
	u->w_q4 = t->m_update_w;
	u->rate_q16 = t->m_update_rate;
	u->v_q16 = t->m_update_v;
	u->flags = t->m_update_flags;
	u->reason = t->m_update_reason;
	u->ai_tokens = t->m_update_ai_tokens;
	u->vai_bank = t->m_update_vai_bank;
	u->vai_damp = t->m_update_vai_damp;
	u->w = u->w_q4 / (double)(1 << HPCC_W_FRAC);
	u->u = u->v_q16 / 65536.0 * eta_q16 / 65536.0;
	u->rate_gbps = u->rate_q16 / 65536.0 * 8.0;
}

extern "C" int cc_rtl_run(struct cc_rtl *r, const hpcc_event *ev, size_t n,
			  hpcc_update *out, cc_rtl_stats *st)
{
	Vhpcc_cc_engine *t = r->top.get();
	std::vector<uint64_t> accept_at(n);
	size_t in = 0, outn = 0;
	uint64_t start = r->cycle, last_progress = r->cycle, lat_sum = 0;
	uint32_t eta = t->param_eta;
	cc_rtl_stats s{};

	s.lat_min = UINT64_MAX;
	while (outn < n) {
		bool offer = in < n && !(r->opts.in_idle_prob > 0 && r->uni(r->rng) < r->opts.in_idle_prob);
		bool ready = !(r->opts.out_stall_prob > 0 && r->uni(r->rng) < r->opts.out_stall_prob);

		if (offer)
			drive_event(r, &ev[in]);
		t->s_notify_valid = offer;
		t->m_update_ready = ready;
		t->eval();
		// both handshakes are decided by values stable before the edge
		bool accepted = offer && t->s_notify_ready;
		bool popped = ready && t->m_update_valid;

		if (offer && !accepted)
			s.not_ready++;
		if (popped) {
			uint64_t lat = r->cycle - accept_at[outn];

			read_update(r, &out[outn], eta);
			lat_sum += lat;
			if (lat < s.lat_min)
				s.lat_min = lat;
			if (lat > s.lat_max)
				s.lat_max = lat;
			outn++;
		}
		if (accepted) {
			if (r->stamp_now)
				r->stamp_now[in] = t->dcqcn_now_us;
			if (r->stamp_per)
				r->stamp_per[in] = t->dcqcn_period;
			if (in == 0)
				s.first_accept = r->cycle - start;
			s.last_accept = r->cycle - start;
			accept_at[in++] = r->cycle;
		}
		if (accepted || popped)
			last_progress = r->cycle;
		tick(r);
		if (r->cycle - last_progress > 100000) {
			fprintf(stderr, "cc_rtl: no progress for 100000 cycles (%zu/%zu in, %zu out)\n",
				in, n, outn);
			return -1;
		}
	}
	t->s_notify_valid = 0;
	t->m_update_ready = 0;
	t->eval();
	r->stamp_now = r->stamp_per = nullptr;
	s.cycles = r->cycle - start;
	s.accepted = in;
	s.lat_mean = n ? (double)lat_sum / (double)n : 0;
	if (!n)
		s.lat_min = 0;
	if (st)
		*st = s;
	return 0;
}

extern "C" void cc_rtl_set_sweep(struct cc_rtl *r, unsigned pass_us)
{
	r->top->param_dcqcn_tick_us = pass_us & 0x1ffff;
	r->top->eval();
}

extern "C" void cc_rtl_set_stalls(struct cc_rtl *r, double in_idle_prob, double out_stall_prob)
{
	r->opts.in_idle_prob = in_idle_prob;
	r->opts.out_stall_prob = out_stall_prob;
}

extern "C" uint32_t cc_rtl_sweep_passes(struct cc_rtl *r)
{
	return r->top->sweep_passes;
}

extern "C" int cc_rtl_run_sweep(struct cc_rtl *r, const hpcc_event *ev, size_t n,
				uint64_t idle_cycles, hpcc_update *out, size_t out_cap, size_t *nout,
				cc_rtl_entry *log, size_t log_cap, size_t *nlog)
{
	Vhpcc_cc_engine *t = r->top.get();
	uint32_t eta = t->param_eta, pass_us = t->param_dcqcn_tick_us;
	size_t in = 0, no = 0, nl = 0;
	uint64_t last_progress = r->cycle, idle_end = 0, quiet = 0;
	int rc = 0;

	for (;;) {
		bool offer = in < n && !(r->opts.in_idle_prob > 0 && r->uni(r->rng) < r->opts.in_idle_prob);
		bool ready = !(r->opts.out_stall_prob > 0 && r->uni(r->rng) < r->opts.out_stall_prob);

		if (in == n && !idle_end)
			idle_end = r->cycle + idle_cycles;
		// the drain: no more TICKs, so that every entry's Update is out
		if (idle_end && r->cycle >= idle_end)
			t->param_dcqcn_tick_us = 0;
		if (offer)
			drive_event(r, &ev[in]);
		t->s_notify_valid = offer;
		t->m_update_ready = ready;
		t->eval();
		bool accepted = offer && t->s_notify_ready;
		bool popped = ready && t->m_update_valid;
		bool swept = t->sweep_tick;

		if ((accepted || swept) && nl == log_cap) {
			fprintf(stderr, "cc_rtl: sweep run log full (%zu)\n", log_cap);
			rc = -1;
			break;
		}
		if (popped) {
			if (no == out_cap) {
				fprintf(stderr, "cc_rtl: sweep run output full (%zu)\n", out_cap);
				rc = -1;
				break;
			}
			read_update(r, &out[no++], eta);
		}
		if (accepted || swept) {
			cc_rtl_entry *e = &log[nl++];
			bool ext = t->param_dcqcn_ext_time;

			e->sweep = swept;
			e->idx = swept ? 0 : (uint32_t)in;
			e->qpn = swept ? t->sweep_tick_qpn : ev[in].qpn;
			e->now_us = ext ? t->s_notify_now_us : t->dcqcn_now_us;
			e->period = ext ? t->s_notify_period : t->dcqcn_period;
			e->cycle = r->cycle;
			if (accepted)
				in++;
		}
		if (accepted || popped || swept) {
			last_progress = r->cycle;
			quiet = 0;
		} else {
			quiet++;
		}
		tick(r);
		if (idle_end && r->cycle >= idle_end && quiet > 64 && !t->m_update_valid)
			break;
		if (in < n && r->cycle - last_progress > 100000) {
			fprintf(stderr, "cc_rtl: no progress for 100000 cycles (%zu/%zu in)\n", in, n);
			rc = -1;
			break;
		}
	}
	t->s_notify_valid = 0;
	t->m_update_ready = 0;
	t->param_dcqcn_tick_us = pass_us;
	t->eval();
	*nout = no;
	*nlog = nl;
	return rc;
}

extern "C" void cc_rtl_counters(struct cc_rtl *r, struct cc_rtl_counters *c)
{
	Vhpcc_cc_engine *t = r->top.get();

	memset(c, 0, sizeof(*c));
	c->c.events = t->stat_events;
	c->c.acks = t->stat_acks;
	c->c.inits = t->stat_inits;
	c->c.ign_no_int = t->stat_ign_no_int;
	c->c.ign_nhop = t->stat_ign_nhop;
	c->c.ign_bad_b = t->stat_ign_bad_b;
	c->c.ign_mode = t->stat_ign_mode;
	c->c.ign_type = t->stat_ign_type;
	c->c.record_only = t->stat_record_only;
	c->c.dts_zero = t->stat_dts_zero;
	c->c.wc_updates = t->stat_wc_updates;
	c->c.sf_updates = t->stat_sf_updates;
	c->c.vai_gen = t->stat_vai_gen;
	c->d.cnps = t->stat_dcqcn_cnps;
	c->d.ticks = t->stat_dcqcn_ticks;
	c->d.decreases = t->stat_dcqcn_decreases;
	c->d.deferred = t->stat_dcqcn_deferred;
	c->d.inc_timer = t->stat_dcqcn_inc_timer;
	c->d.inc_bc = t->stat_dcqcn_inc_bc;
	c->param_status = t->param_status;
}
