/* SPDX-License-Identifier: MIT */
/*
 * tb_cc_vai: the HPCC models' Variable AI, Sampling Frequency and per-QP
 * T / W_AI / maxStage (docs/cc-vai-sf.md). C only, under ASan/UBSan.
 *
 *  - parameters: defaults, range edges, refusals, the engine's clamps;
 *  - hpcc_vaisf_step(): directed cases worked by hand (token accrual, Bank
 *    Cap, AI Cap, dampener up / down / reset / saturation, Token Thresh's
 *    edges, SF's N-ACK commit and its counter);
 *  - per-QP parameters: an override equal to the NIC-wide values changes no
 *    bit; another T scales Wmax and keeps the line rate; W_AI and maxStage
 *    per QP; the reciprocal identity the RTL plan uses for per-QP kq;
 *  - options off: both models unchanged (the same events through a QP
 *    INIT'ed with cc_opts = 0 and one never INIT'ed give the same Updates);
 *  - accuracy, fixed against double, per option combination: closed-loop
 *    staggered incasts and random open-loop ACK streams; W and rate within
 *    0.5 % at p99.9 and 2 % at worst, every VAI/SF decision equal.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stddef.h>

#include "hpcc_model.h"
#include "hpcc_recip.h"
#include "incast.h"
#include "tb_util.h"

/* ---- parameters ---- */

static void test_params(void)
{
	struct hpcc_user_params u;
	struct hpcc_params p;
	struct hpcc_vaisf_params v;
	const char *what = NULL;

	hpcc_user_params_default(&u);
	CHECK(hpcc_user_params_check(&u, &what) == 0, "defaults refused: %s", what);
	CHECK(u.vs.thresh_bytes == 50000 && u.vs.ai_div_bytes == 1000 && u.vs.bank_cap == 1000 &&
	      u.vs.ai_cap == 100 && u.vs.damp_shift == 3 && u.vs.sf_acks == 30,
	      "VAI/SF defaults are not the paper's");
	CHECK(hpcc_params_from_user(&u, &p) == 0 && p.vs.sf_acks == 30, "from_user lost vs");

	/* edges accepted, one past refused */
	{
		static const struct {
			size_t off;
			uint32_t ok_lo, ok_hi, bad;
		} f[] = {
			{ offsetof(struct hpcc_vaisf_params, thresh_bytes), 1, HPCC_VAI_THRESH_MAX, 0 },
			{ offsetof(struct hpcc_vaisf_params, thresh_bytes), 1, 1, HPCC_VAI_THRESH_MAX + 1 },
			{ offsetof(struct hpcc_vaisf_params, ai_div_bytes), 1, HPCC_VAI_DIV_MAX, 0 },
			{ offsetof(struct hpcc_vaisf_params, ai_div_bytes), 1, 1, HPCC_VAI_DIV_MAX + 1 },
			{ offsetof(struct hpcc_vaisf_params, bank_cap), 0, HPCC_VAI_BANK_MAX, 4096 },
			{ offsetof(struct hpcc_vaisf_params, ai_cap), 1, HPCC_VAI_AICAP_MAX, 0 },
			{ offsetof(struct hpcc_vaisf_params, ai_cap), 1, 1, 1024 },
			{ offsetof(struct hpcc_vaisf_params, damp_shift), 0, 15, 16 },
			{ offsetof(struct hpcc_vaisf_params, sf_acks), 1, 255, 0 },
			{ offsetof(struct hpcc_vaisf_params, sf_acks), 1, 1, 256 },
		};
		for (size_t i = 0; i < sizeof(f) / sizeof(f[0]); i++) {
			struct hpcc_user_params w = u;
			uint32_t *x = (uint32_t *)((char *)&w.vs + f[i].off);

			*x = f[i].ok_lo;
			CHECK(hpcc_user_params_check(&w, NULL) == 0, "edge %u refused (%zu)", *x, i);
			*x = f[i].ok_hi;
			CHECK(hpcc_user_params_check(&w, NULL) == 0, "edge %u refused (%zu)", *x, i);
			*x = f[i].bad;
			CHECK(hpcc_user_params_check(&w, &what) != 0 && what,
			      "out of range %u accepted (%zu)", *x, i);
		}
	}
	/* the engine's clamps */
	memset(&v, 0, sizeof(v));
	hpcc_vaisf_sanitise(&v);
	CHECK(v.thresh_bytes == 1 && v.ai_div_bytes == 1 && v.bank_cap == 0 && v.ai_cap == 1 &&
	      v.damp_shift == 0 && v.sf_acks == 1, "zero parameters clamped wrongly");
	memset(&v, 0xff, sizeof(v));
	hpcc_vaisf_sanitise(&v);
	CHECK(v.thresh_bytes == HPCC_VAI_THRESH_MAX && v.ai_div_bytes == HPCC_VAI_DIV_MAX &&
	      v.bank_cap == 4095 && v.ai_cap == 1023 && v.damp_shift == 15 && v.sf_acks == 255,
	      "large parameters clamped wrongly");
}

/* ---- hpcc_vaisf_step, by hand ---- */

/* one active ACK; returns the step */
static struct hpcc_vaisf_step st1(const struct hpcc_vaisf_params *p, uint32_t opts,
				  struct hpcc_vaisf_state *s, int rtt_end, int cong, uint32_t q)
{
	struct hpcc_vaisf_step o;

	hpcc_vaisf_step(p, opts, s, rtt_end, cong, q, &o);
	return o;
}

static void test_step(void)
{
	struct hpcc_vaisf_params p;
	struct hpcc_vaisf_state s;
	struct hpcc_vaisf_step o;
	const uint32_t V = HPCC_OPT_VAI, S = HPCC_OPT_SF;

	hpcc_vaisf_params_default(&p);      /* 50000 B, 1000 B/token, 1000, 100, 8, 30 */

	/* options off: tokens 1, the per-RTT rule alone, no state */
	memset(&s, 0, sizeof(s));
	o = st1(&p, 0, &s, 0, 1, 60000);
	CHECK(o.tokens == 1 && !o.commit && !o.sf_commit && !o.gen && s.mc_q == 0 && s.sf_cnt == 0,
	      "off: state or decisions moved");
	o = st1(&p, 0, &s, 1, 1, 60000);
	CHECK(o.commit && o.tokens == 1 && s.bank == 0 && s.damp == 0, "off: RTT end");

	/* accrual: queue 700 x 80 = 56000 B > 50000 at the RTT end */
	memset(&s, 0, sizeof(s));
	o = st1(&p, V, &s, 0, 1, 700);
	CHECK(o.tokens == 1 && !o.commit && s.mc_q == 700 && s.cong == 1 && s.bank == 0,
	      "accrual: mid-RTT ACK (tokens %u mc %u)", o.tokens, s.mc_q);
	o = st1(&p, V, &s, 1, 0, 10);       /* MC is the RTT's largest: 700 */
	/* bank 0 before: tokens min(100,0) = 0 -> max(0/1, 1) = 1; then
	 * 56000/1000 = 56 tokens, dampener + 56000/50000 = 1 */
	CHECK(o.commit && o.gen && o.tokens == 1 && s.bank == 56 && s.damp == 1 && s.mc_q == 0 &&
	      s.cong == 0, "accrual: bank %u damp %u tokens %u", s.bank, s.damp, o.tokens);
	/* next RTT: divisor (1 >> 3) + 1 = 1, so 56 tokens, not spent per ACK */
	o = st1(&p, V, &s, 0, 0, 0);
	CHECK(o.tokens == 56 && !o.commit && s.bank == 56, "spend: mid-RTT (tokens %u bank %u)",
	      o.tokens, s.bank);
	/* RTT end, quiet: 56 spent (bank 0), then no congestion and an empty
	 * bank reset the dampener */
	o = st1(&p, V, &s, 1, 0, 0);
	CHECK(o.tokens == 56 && s.bank == 0 && s.damp == 0 && !o.gen,
	      "spend: RTT end (tokens %u bank %u damp %u)", o.tokens, s.bank, s.damp);

	/* Bank Cap and AI Cap: the largest queue, 65535 x 80 = 5242800 B:
	 * 5242 tokens capped at 1000; dampener + 104 */
	memset(&s, 0, sizeof(s));
	o = st1(&p, V, &s, 1, 1, 65535);
	CHECK(s.bank == 1000 && s.damp == 104, "cap: bank %u damp %u", s.bank, s.damp);
	/* tokens min(100, 1000) = 100, divisor (104 >> 3) + 1 = 14: 100/14 = 7 */
	o = st1(&p, V, &s, 0, 1, 0);
	CHECK(o.tokens == 7 && s.bank == 1000, "divisor: tokens %u", o.tokens);
	/* an RTT end spends the 100 before the division, and adds nothing at
	 * MC = 0; the bank is not empty so the dampener stays */
	o = st1(&p, V, &s, 1, 0, 0);
	CHECK(o.tokens == 7 && s.bank == 900 && s.damp == 104, "spend 100: bank %u damp %u",
	      s.bank, s.damp);
	/* bank below AI Cap: tokens = the bank */
	s.bank = 30;
	s.damp = 0;
	o = st1(&p, V, &s, 1, 0, 0);
	CHECK(o.tokens == 30 && s.bank == 0 && s.damp == 0, "small bank: tokens %u", o.tokens);

	/* Token Thresh's edges: 625 x 80 = 50000 is not above it */
	memset(&s, 0, sizeof(s));
	s.damp = 5;
	o = st1(&p, V, &s, 1, 1, 625);
	CHECK(!o.gen && s.bank == 0 && s.damp == 5,
	      "MC = thresh, congested, empty bank: nothing (bank %u damp %u)", s.bank, s.damp);
	o = st1(&p, V, &s, 1, 1, 624);      /* 49920 < 50000, congested: dampener - 1 */
	CHECK(!o.gen && s.damp == 4, "MC < thresh, congested, empty bank: damp %u", s.damp);
	o = st1(&p, V, &s, 1, 1, 626);      /* 50080 > 50000: 50 tokens, dampener + 1 */
	CHECK(o.gen && s.bank == 50 && s.damp == 5, "MC > thresh: bank %u damp %u", s.bank, s.damp);
	s.bank = 500;
	o = st1(&p, V, &s, 1, 1, 10);       /* spend 100 -> 400, not empty: dampener kept */
	CHECK(s.bank == 400 && s.damp == 5, "bank not empty: damp %u bank %u", s.damp, s.bank);
	o = st1(&p, V, &s, 1, 0, 10);       /* not congested either: still kept (bank 300) */
	CHECK(s.bank == 300 && s.damp == 5, "bank not empty, quiet: damp %u", s.damp);
	s.bank = 100;
	o = st1(&p, V, &s, 1, 0, 10);       /* spent to 0 first, then quiet: reset */
	CHECK(s.bank == 0 && s.damp == 0, "emptied and quiet: damp %u", s.damp);
	s.damp = 0;
	o = st1(&p, V, &s, 1, 1, 10);       /* decrement stops at 0 */
	CHECK(s.damp == 0, "damp below 0: %u", s.damp);

	/* dampener saturation at 65535 */
	{
		struct hpcc_vaisf_params q = p;

		q.thresh_bytes = 1;
		memset(&s, 0, sizeof(s));
		o = st1(&q, V, &s, 1, 1, 65535);
		CHECK(s.damp == 65535 && s.bank == 1000, "saturation: damp %u", s.damp);
		/* divisor (65535 >> 3) + 1 = 8192 > 100 tokens: at least one */
		o = st1(&q, V, &s, 0, 1, 0);
		CHECK(o.tokens == 1, "saturated divisor: tokens %u", o.tokens);
	}

	/* Sampling Frequency: a commit on the 30th congested ACK after the last */
	memset(&s, 0, sizeof(s));
	for (int i = 1; i <= 29; i++) {
		o = st1(&p, S, &s, 0, 1, 0);
		CHECK(!o.commit && s.sf_cnt == (uint32_t)i, "SF: ACK %d committed", i);
	}
	o = st1(&p, S, &s, 0, 1, 0);
	CHECK(o.commit && o.sf_commit && s.sf_cnt == 0 && o.tokens == 1, "SF: 30th ACK");
	/* not congested: no commit however many ACKs; the count saturates */
	for (int i = 1; i <= 300; i++) {
		o = st1(&p, S, &s, 0, 0, 0);
		CHECK(!o.commit, "SF: uncongested ACK %d committed", i);
		if (o.commit)
			break;
	}
	CHECK(s.sf_cnt == 255, "SF: count %u, not saturated", s.sf_cnt);
	o = st1(&p, S, &s, 0, 1, 0);       /* the first congested one after N commits */
	CHECK(o.sf_commit && s.sf_cnt == 0, "SF: late congested ACK");
	/* the per-RTT commit restarts the count and is not an SF commit */
	for (int i = 0; i < 10; i++)
		st1(&p, S, &s, 0, 1, 0);
	o = st1(&p, S, &s, 1, 1, 0);
	CHECK(o.commit && !o.sf_commit && s.sf_cnt == 0, "SF: RTT end");
	/* N = 1: every congested ACK commits, uncongested ones do not */
	{
		struct hpcc_vaisf_params q = p;

		q.sf_acks = 1;
		o = st1(&q, S, &s, 0, 1, 0);
		CHECK(o.sf_commit, "SF N=1: congested ACK");
		o = st1(&q, S, &s, 0, 0, 0);
		CHECK(!o.commit, "SF N=1: uncongested ACK");
	}
	/* SF + VAI: an SF commit is a Rate Adjustment: it spends tokens */
	memset(&s, 0, sizeof(s));
	s.bank = 250;
	for (int i = 1; i <= 29; i++)
		st1(&p, V | S, &s, 0, 1, 0);
	CHECK(s.bank == 250, "SF+VAI: spent before the commit (%u)", s.bank);
	o = st1(&p, V | S, &s, 0, 1, 0);
	CHECK(o.sf_commit && o.tokens == 100 && s.bank == 150, "SF+VAI: bank %u tokens %u",
	      s.bank, o.tokens);
	/* and no tokens are made except at the RTT's end */
	CHECK(!o.gen && s.mc_q == 0, "SF+VAI: generated at an SF commit");
	printf("hpcc_vaisf_step: directed cases done\n");
}

/* ---- per-QP parameters ---- */

static struct hpcc_event ack(uint32_t qpn, uint32_t psn, uint32_t snd_nxt, uint32_t ts,
			     uint32_t tx, uint32_t q)
{
	struct hpcc_event e;

	memset(&e, 0, sizeof(e));
	e.type = HPCC_EV_ACK;
	e.qpn = qpn;
	e.ack_psn = psn;
	e.snd_nxt = snd_nxt;
	e.nhop = 2;
	e.path_id = 7;
	for (int h = 0; h < 2; h++)
		e.hop[h] = (struct hpcc_hop){ .b = h ? 5 : 7, .ts = ts, .tx = tx, .q = h ? q : 0 };
	return e;
}

static struct hpcc_event init_ev(uint32_t qpn, uint32_t opts, uint32_t t, uint32_t wai,
				 uint32_t ms)
{
	struct hpcc_event e;

	memset(&e, 0, sizeof(e));
	e.type = HPCC_EV_INIT;
	e.qpn = qpn;
	e.cc_opts = opts;
	e.t_ns = t;
	e.wai_q4 = wai;
	e.max_stage = ms;
	return e;
}

static int same_upd(const struct hpcc_update *a, const struct hpcc_update *b)
{
	return a->w_q4 == b->w_q4 && a->rate_q16 == b->rate_q16 && a->v_q16 == b->v_q16 &&
	       a->flags == b->flags && a->reason == b->reason && a->ai_tokens == b->ai_tokens &&
	       a->vai_bank == b->vai_bank && a->vai_damp == b->vai_damp &&
	       a->w == b->w && a->u == b->u && a->rate_gbps == b->rate_gbps;
}

/* an ACK stream for QP qpn with queue and rate patterns that exercise both branches */
static size_t stream(struct hpcc_event *ev, size_t n, uint32_t qpn, uint64_t seed)
{
	uint64_t save = tb_rng_s;
	uint32_t ts = 1000, tx = 5000, psn = 100, q = 0;

	tb_seed(seed);
	for (size_t i = 0; i < n; i++) {
		uint32_t dts = 400 + rndr(1200);
		double util = 0.7 + 0.6 * rndf();

		ts += dts;
		tx += (uint32_t)(util * 12.5 * dts / 128);
		q = rndp(0.05) ? rndr(3000) : q / 2 + rndr(50);
		psn++;
		ev[i] = ack(qpn, psn, psn + 10 + rndr(30), ts, tx, q);
	}
	tb_rng_s = save;
	return n;
}

static void test_per_qp(void)
{
	struct hpcc_user_params u;
	struct hpcc_params p;
	struct hpcc_fx *fa, *fb;
	struct hpcc_fl *la, *lb;
	struct hpcc_update ua, ub, va, vb;
	struct hpcc_event ev[3000], e;
	size_t n = stream(ev, 3000, 5, 77), diff = 0;

	hpcc_user_params_default(&u);
	hpcc_params_from_user(&u, &p);

	/* (1) options off: never INIT'ed, INIT'ed with cc_opts 0, and INIT'ed with an override
	 * equal to the NIC-wide values: the same Updates bit for bit, in both models */
	for (int variant = 0; variant < 3; variant++) {
		fa = hpcc_fx_new(8, &p);
		fb = hpcc_fx_new(8, &p);
		la = hpcc_fl_new(8, &u);
		lb = hpcc_fl_new(8, &u);
		if (variant) {
			e = init_ev(5, variant == 2 ? HPCC_OPT_OVERRIDE : 0, p.t_ns, p.wai_q4,
				    p.max_stage);
			hpcc_fx_event(fb, &e, &ub);
			hpcc_fl_event(lb, &e, &vb);
			e.cc_opts = 0;
			hpcc_fx_event(fa, &e, &ua);
			hpcc_fl_event(la, &e, &va);
			CHECK(same_upd(&ua, &ub) && same_upd(&va, &vb), "variant %d: INIT differs",
			      variant);
		}
		for (size_t i = 0; i < n; i++) {
			struct hpcc_event x = ev[i];

			hpcc_fx_event(fa, &x, &ua);
			hpcc_fl_event(la, &x, &va);
			hpcc_fx_event(fb, &x, &ub);
			hpcc_fl_event(lb, &x, &vb);
			diff += !same_upd(&ua, &ub) || !same_upd(&va, &vb);
		}
		CHECK(diff == 0, "variant %d: %zu Updates differ from the QP without options",
		      variant, diff);
		hpcc_fx_free(fa);
		hpcc_fx_free(fb);
		hpcc_fl_free(la);
		hpcc_fl_free(lb);
	}

	/* (2) another T: Wmax = line x T', the rate still the line rate, and
	 * W_AI, maxStage the QP's own */
	{
		struct hpcc_params p2 = p;
		struct hpcc_derived d2;
		uint32_t t2 = 9000, wai2 = 16 * 300;

		p2.t_ns = t2;
		hpcc_derive(&p2, &d2);
		fa = hpcc_fx_new(8, &p);
		la = hpcc_fl_new(8, &u);
		e = init_ev(3, HPCC_OPT_OVERRIDE, t2, wai2, 0);
		hpcc_fx_event(fa, &e, &ua);
		hpcc_fl_event(la, &e, &va);
		CHECK(ua.w_q4 == d2.wmax && fabs(va.w - 100.0 * t2 / 8) < 1e-9,
		      "per-QP T: Wmax %u (want %u), double %.3f", ua.w_q4, d2.wmax, va.w);
		CHECK(fabs(ua.rate_gbps - 100) < 0.01 && fabs(va.rate_gbps - 100) < 1e-9,
		      "per-QP T: rate %.4f / %.4f Gb/s", ua.rate_gbps, va.rate_gbps);
		/* maxStage 0: every active update takes the multiplicative branch */
		for (size_t i = 0; i < 200; i++) {
			struct hpcc_event x = ev[i];

			x.qpn = 3;
			hpcc_fx_event(fa, &x, &ua);
			hpcc_fl_event(la, &x, &va);
			if (ua.flags & HPCC_UF_ACTIVE)
				CHECK((ua.flags & HPCC_UF_MD) && (va.flags & HPCC_UF_MD),
				      "maxStage 0: additive branch at ACK %zu", i);
		}
		hpcc_fx_free(fa);
		hpcc_fl_free(la);

		/* W_AI: with U far below eta and maxStage 15, W = Wc + W_AI' */
		fa = hpcc_fx_new(8, &p);
		la = hpcc_fl_new(8, &u);
		e = init_ev(3, HPCC_OPT_OVERRIDE, t2, wai2, 15);
		hpcc_fx_event(fa, &e, &ua);
		hpcc_fl_event(la, &e, &va);
		{
			uint32_t wc = 0, ok = 0;

			e = ack(3, 1, 1, 1000, 0, 0);
			hpcc_fx_event(fa, &e, &ua);          /* snapshot: lastUpdateSeq 1 */
			hpcc_fl_event(la, &e, &va);
			/* first a cut (the queue says U >> eta), then light load */
			for (uint32_t i = 0; i < 40; i++) {
				uint32_t qq = i < 3 ? 4000 : 0;

				/* snd_nxt = PSN + 1: every ACK ends an RTT and commits */
				e = ack(3, 2 + i, 3 + i, 2000 + 1000 * i,
					(uint32_t)(i * 1000 * 12.5 * 0.2 / 128), qq);
				hpcc_fx_event(fa, &e, &ua);
				hpcc_fl_event(la, &e, &va);
				if ((ua.flags & HPCC_UF_ACTIVE) && !(ua.flags & HPCC_UF_MD) && wc &&
				    ua.w_q4 < d2.wmax) {
					CHECK(ua.w_q4 == wc + wai2, "per-QP W_AI: W %u, Wc %u", ua.w_q4,
					      wc);
					ok++;
				}
				if (ua.flags & HPCC_UF_WC)
					wc = ua.w_q4;
			}
			CHECK(ok > 0, "per-QP W_AI: no additive update seen");
		}
		hpcc_fx_free(fa);
		hpcc_fl_free(la);
	}

	/* (3) a NIC-wide change after INIT: the override QP keeps the set its
	 * INIT derived (the engine's RAM_P) until its next INIT, which takes
	 * the new line rate, as a plain QP does at once */
	{
		struct hpcc_params p3 = p;
		struct hpcc_derived d0;

		hpcc_derive(&p, &d0);
		fa = hpcc_fx_new(8, &p);
		e = init_ev(1, HPCC_OPT_OVERRIDE, p.t_ns, p.wai_q4, p.max_stage);
		hpcc_fx_event(fa, &e, &ua);
		p3.line_mbps = 50000;
		hpcc_fx_set_params(fa, &p3);
		e = init_ev(2, 0, 0, 0, 0);
		hpcc_fx_event(fa, &e, &ub);
		CHECK(ub.w_q4 == hpcc_fx_derived(fa)->wmax && ub.w_q4 < d0.wmax,
		      "NIC-wide change: a plain QP's Wmax %u", ub.w_q4);
		e = ack(1, 1, 10, 100, 0, 0);
		hpcc_fx_event(fa, &e, &ua);        /* snapshot: W unchanged, still the old Wmax */
		CHECK(ua.w_q4 == d0.wmax, "NIC-wide change: W moved on a snapshot (%u)", ua.w_q4);
		e = ack(1, 2, 10, 1100, 10, 0);     /* light load: W = Wc + W_AI, clamped */
		hpcc_fx_event(fa, &e, &ua);
		CHECK(ua.w_q4 == d0.wmax, "NIC-wide change: the override QP's W %u (want its "
		      "INIT's Wmax %u until its next INIT)", ua.w_q4, d0.wmax);
		e = init_ev(1, HPCC_OPT_OVERRIDE, p.t_ns, p.wai_q4, p.max_stage);
		hpcc_fx_event(fa, &e, &ua);
		CHECK(ua.w_q4 == ub.w_q4, "NIC-wide change: the override QP's W %u after its "
		      "INIT (want the new Wmax %u)", ua.w_q4, ub.w_q4);
		hpcc_fx_free(fa);
	}

	/* (4) the identity the RTL plan uses to derive kq per QP with two
	 * reciprocals: 1/(x 2^k) has 1/x's mantissa and a shift k larger */
	{
		size_t bad = 0;

		for (int i = 0; i < 200000; i++) {
			uint64_t x = 1 + (rnd() >> (24 + rndr(39)));
			unsigned k = rndr(8);
			uint32_t m1, s1, m2, s2;

			if (hpcc_msb64(x) + k >= 48)
				continue;
			hpcc_recip(x, &m1, &s1);
			hpcc_recip(x << k, &m2, &s2);
			bad += m1 != m2 || s2 != s1 + k;
		}
		CHECK(bad == 0, "recip(x 2^k) is not recip(x) shifted: %zu cases", bad);
	}
	printf("per-QP T / W_AI / maxStage: directed cases done\n");
}

/* ---- fixed against double ---- */

struct acc {
	double *ew, *er;
	size_t n, cap;
	size_t left_out;
	unsigned ties, parted, decisions;
	uint64_t sf, gen, tokens_gt1;
};

static void acc_push(struct acc *a, double ew, double er)
{
	if (a->n == a->cap) {
		a->cap = a->cap ? 2 * a->cap : 65536;
		a->ew = realloc(a->ew, a->cap * sizeof(double));
		a->er = realloc(a->er, a->cap * sizeof(double));
		if (!a->ew || !a->er) {
			fprintf(stderr, "out of memory\n");
			exit(2);
		}
	}
	a->ew[a->n] = ew;
	a->er[a->n++] = er;
}

static int cmpd(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;

	return a < b ? -1 : a > b;
}

/*
 * Compare one event's Updates. The two models see the same ACKs, so their
 * U agree to the fixed point's rounding; when U is eta within it, they may
 * call the ACK congested or not, both correctly, and from there that QP's
 * decisions (branch, commits, tokens, dampener) may part for good: its
 * Updates are left out until its next INIT. Any decision that differs
 * elsewhere is an error.
 */
static void compare(struct acc *a, unsigned char *tied, double eta, const struct hpcc_update *x,
		    const struct hpcc_update *f)
{
	uint32_t q = f->qpn & 0xffff;
	int cx, cf;
	const uint32_t dec = HPCC_UF_ACTIVE | HPCC_UF_WC | HPCC_UF_MD | HPCC_UF_SF |
			     HPCC_UF_VAI_GEN | HPCC_UF_INIT | HPCC_UF_RECORD | HPCC_UF_IGNORED;

	if (f->flags & HPCC_UF_INIT)
		tied[q] = 0;
	if (tied[q]) {
		a->left_out += !!(f->flags & HPCC_UF_ACTIVE);
		return;
	}
	cx = x->v_q16 >= 65536;
	cf = f->u >= eta;
	if ((f->flags & HPCC_UF_ACTIVE) && cx != cf) {
		if (fabs(f->u / eta - 1) < 1e-4) {
			tied[q] = 1;
			a->ties++;
			a->left_out++;
			return;
		}
		a->parted++;
	}
	if ((x->flags & dec) != (f->flags & dec) || x->ai_tokens != f->ai_tokens ||
	    x->vai_bank != f->vai_bank || x->vai_damp != f->vai_damp) {
		if (a->decisions++ < 5)
			fprintf(stderr, "  decisions differ on QP %u: flags 0x%02x/0x%02x tokens %u/%u "
				"bank %u/%u damp %u/%u u %.6f\n", q, x->flags, f->flags, x->ai_tokens,
				f->ai_tokens, x->vai_bank, f->vai_bank, x->vai_damp, f->vai_damp, f->u);
	}
	if (!(f->flags & HPCC_UF_ACTIVE))
		return;
	a->sf += !!(f->flags & HPCC_UF_SF);
	a->gen += !!(f->flags & HPCC_UF_VAI_GEN);
	a->tokens_gt1 += f->ai_tokens > 1;
	acc_push(a, fabs(x->w - f->w) / f->w,
		 fabs(x->rate_q16 / 65536.0 - f->rate_gbps / 8) / (f->rate_gbps / 8));
}

struct figs {
	double w999, wmax, r999, rmax;
};

static struct figs acc_figs(struct acc *a)
{
	struct figs g = { 0, 0, 0, 0 };

	if (!a->n)
		return g;
	qsort(a->ew, a->n, sizeof(double), cmpd);
	qsort(a->er, a->n, sizeof(double), cmpd);
	g.w999 = a->ew[(size_t)(0.999 * (double)(a->n - 1))];
	g.wmax = a->ew[a->n - 1];
	g.r999 = a->er[(size_t)(0.999 * (double)(a->n - 1))];
	g.rmax = a->er[a->n - 1];
	return g;
}

static void acc_check(struct acc *a, const char *what)
{
	struct figs g = acc_figs(a);

	printf("  %-26s %8zu updates: W p99.9 %.4f%% max %.4f%%, rate p99.9 %.4f%% max %.4f%%; "
	       "SF commits %llu, token RTTs %llu, AI > W_AI %llu; ties %u (%zu left out)\n",
	       what, a->n, 100 * g.w999, 100 * g.wmax, 100 * g.r999, 100 * g.rmax,
	       (unsigned long long)a->sf, (unsigned long long)a->gen,
	       (unsigned long long)a->tokens_gt1, a->ties, a->left_out);
	CHECK(a->n > 1000, "%s: too few updates compared (%zu)", what, a->n);
	CHECK(a->parted == 0, "%s: U >= eta differs %u times away from a tie", what, a->parted);
	CHECK(a->decisions == 0, "%s: VAI/SF decisions differ on %u events", what, a->decisions);
	CHECK(a->n >= 4 * a->left_out, "%s: %zu left out after ties, %zu compared", what,
	      a->left_out, a->n);
	CHECK(g.w999 <= 0.005 && g.r999 <= 0.005, "%s: p99.9 error W %.4f%% rate %.4f%% > 0.5%%",
	      what, 100 * g.w999, 100 * g.r999);
	CHECK(g.wmax <= 0.02 && g.rmax <= 0.02, "%s: worst error W %.4f%% rate %.4f%% > 2%%", what,
	      100 * g.wmax, 100 * g.rmax);
	free(a->ew);
	free(a->er);
	memset(a, 0, sizeof(*a));
}

static const char *const combo_name[4] = { "HPCC", "HPCC+VAI", "HPCC+SF", "HPCC+VAI+SF" };
static const uint32_t combo_opts[4] = { 0, HPCC_OPT_VAI, HPCC_OPT_SF,
					HPCC_OPT_VAI | HPCC_OPT_SF };

/* the VAI/SF paper's staggered incast: 16 -> 1, two flows every 20 us, 1 MB each */
static void test_incast(uint64_t seed, unsigned flows, int per_qp)
{
	for (int c = 0; c < 4; c++) {
		struct incast_cfg cfg;
		struct incast_result res;
		struct hpcc_event *init = calloc(flows, sizeof(*init));
		struct hpcc_params p;
		struct hpcc_fx *fx;
		struct hpcc_fl *fl;
		struct acc a;
		unsigned char *tied = calloc(65536, 1);
		char name[64];

		memset(&a, 0, sizeof(a));
		incast_cfg_default(&cfg);
		cfg.flows = flows;
		cfg.bytes = flows <= 16 ? 1000000 : 250000;
		cfg.seed = seed + (uint64_t)c;
		cfg.stagger_ns = 20000;
		cfg.stagger_group = 2;
		for (unsigned i = 0; i < flows; i++) {
			init[i] = init_ev(0, combo_opts[c], 0, 0, 0);
			if (per_qp && (i & 1)) {
				/* every other flow its own T (2x to 4x), W_AI and maxStage */
				init[i].cc_opts |= HPCC_OPT_OVERRIDE;
				init[i].t_ns = (uint32_t)(cfg.cc.t_ns * (2 + (i % 3)));
				init[i].wai_q4 = 16 * (40 + 40 * (i % 4));
				init[i].max_stage = 3 + i % 5;
			}
		}
		cfg.init = init;
		if (incast_generate(&cfg, &res)) {
			CHECK(0, "incast generator failed");
			return;
		}
		hpcc_params_from_user(&cfg.cc, &p);
		fx = hpcc_fx_new(flows + 1, &p);
		fl = hpcc_fl_new(flows + 1, &cfg.cc);
		for (size_t i = 0; i < res.n; i++) {
			struct hpcc_update ux, uf;

			hpcc_fx_event(fx, &res.ev[i], &ux);
			hpcc_fl_event(fl, &res.ev[i], &uf);
			compare(&a, tied, cfg.cc.eta, &ux, &uf);
		}
		snprintf(name, sizeof(name), "incast%u %s%s", flows, combo_name[c],
			 per_qp ? " per-QP" : "");
		printf("  (%zu ACKs, %.0f us, queue peak %u B)\n", res.n, res.end_ns / 1000,
		       res.max_queue_bytes);
		acc_check(&a, name);
		hpcc_fx_free(fx);
		hpcc_fl_free(fl);
		incast_result_free(&res);
		free(init);
		free(tied);
	}
}

/* random open-loop ACK streams, options and per-QP sets drawn at each INIT */
struct rq {
	uint32_t ts[2], tx[2], q, psn;
	double util;
};

static void test_random(uint64_t n_events)
{
	const unsigned nqp = 16;
	struct hpcc_user_params u;
	struct hpcc_params p;
	struct acc a[4];
	int combo[16];
	struct rq r[16];
	unsigned char *tied[4];

	hpcc_user_params_default(&u);
	/* smaller thresholds so that tokens come often */
	u.vs.thresh_bytes = 20000 + rndr(40000);
	u.vs.ai_div_bytes = 500 + rndr(2000);
	u.vs.sf_acks = 5 + rndr(40);
	hpcc_params_from_user(&u, &p);
	printf("random ACK streams: %llu events, %u QPs; Token Thresh %u B, AI DIV %u B, SF %u\n",
	       (unsigned long long)n_events, nqp, u.vs.thresh_bytes, u.vs.ai_div_bytes,
	       u.vs.sf_acks);
	memset(a, 0, sizeof(a));
	for (int c = 0; c < 4; c++)
		tied[c] = calloc(65536, 1);
	/* one model pair per combination keeps the figures apart; each QP's
	 * combination is drawn at its INITs */
	{
		struct hpcc_fx *fx = hpcc_fx_new(nqp, &p);
		struct hpcc_fl *fl = hpcc_fl_new(nqp, &u);

		memset(r, 0, sizeof(r));
		for (unsigned q = 0; q < nqp; q++) {
			combo[q] = -1;
			r[q].util = 1.0;
		}
		for (uint64_t i = 0; i < n_events; i++) {
			unsigned q = rndr(nqp);
			struct rq *s = &r[q];
			struct hpcc_event e;
			struct hpcc_update ux, uf;

			if (combo[q] < 0 || rndp(0.0005)) {
				int c = (int)rndr(4);
				uint32_t o = combo_opts[c];

				if (rndp(0.5))
					o |= HPCC_OPT_OVERRIDE;
				e = init_ev(q, o, 1000 + rndr(30000), 16 * (8 + rndr(400)),
					    rndr(10));
				combo[q] = c;
			} else {
				uint32_t dts = 200 + rndr(2000);

				s->util += 0.05 * (rndf() - 0.5);
				if (s->util < 0.5)
					s->util = 0.5;
				if (s->util > 1.5)
					s->util = 1.5;
				for (int h = 0; h < 2; h++) {
					s->ts[h] += dts + rndr(20);
					s->tx[h] += (uint32_t)(s->util * 12.5 * (h ? 1 : 0.5) * dts / 128);
				}
				s->q = rndp(0.01) ? 200 + rndr(3000) : s->q * 7 / 8 + rndr(20);
				s->psn++;
				e = ack(q, s->psn, s->psn + 5 + rndr(40), 0, 0, 0);
				for (int h = 0; h < 2; h++) {
					e.hop[h].ts = s->ts[h] & 0xffffff;
					e.hop[h].tx = s->tx[h] & 0xfffff;
					e.hop[h].q = h ? s->q : s->q / 8;
				}
			}
			hpcc_fx_event(fx, &e, &ux);
			hpcc_fl_event(fl, &e, &uf);
			compare(&a[combo[q]], tied[combo[q]], u.eta, &ux, &uf);
		}
		hpcc_fx_free(fx);
		hpcc_fl_free(fl);
	}
	for (int c = 0; c < 4; c++) {
		char name[64];

		snprintf(name, sizeof(name), "random %s", combo_name[c]);
		acc_check(&a[c], name);
		free(tied[c]);
	}
}

/*
 * Issue 20 §3: flows with different T, and the rates they settle at. Two
 * flows share the bottleneck (the closed-loop incast model, double
 * precision): flow 1 on T' = 2T, with W_AI' = 2 W_AI (the same W_AI/T) or
 * W_AI' = W_AI. Reported, not asserted: a first guess (equal rates at equal
 * W_AI/T) did not hold (seed 6: ratios 1.52 and 1.35), because T also
 * scales HPCC's U (the queue term qLen/(B.T) and the EWMA weight tau/T), so
 * what "the rate T and W_AI dictate" is must be settled first
 * (docs/cc-vai-sf.md, "Open").
 */
static double pair_ratio(uint32_t wai_mult, uint64_t seed)
{
	struct incast_cfg cfg;
	struct incast_result res;
	struct hpcc_event init[2];
	struct hpcc_fl *fl;
	struct hpcc_params p;
	double sum[2] = { 0, 0 };
	size_t cnt[2] = { 0, 0 };

	incast_cfg_default(&cfg);
	cfg.flows = 2;
	cfg.bytes = 6000000;
	cfg.seed = seed;
	hpcc_params_from_user(&cfg.cc, &p);
	init[0] = init_ev(0, 0, 0, 0, 0);
	init[1] = init_ev(0, HPCC_OPT_OVERRIDE, 2 * p.t_ns, wai_mult * p.wai_q4, p.max_stage);
	cfg.init = init;
	if (incast_generate(&cfg, &res)) {
		CHECK(0, "incast generator failed");
		return 0;
	}
	/* the senders' own trajectory: the same double model on the same events */
	fl = hpcc_fl_new(3, &cfg.cc);
	for (size_t i = 0; i < res.n; i++) {
		struct hpcc_update u;

		hpcc_fl_event(fl, &res.ev[i], &u);
		/* the middle half of the trace: both flows running, past the start */
		if (i > res.n / 4 && i < 3 * res.n / 4 && (u.qpn == 1 || u.qpn == 2)) {
			sum[u.qpn - 1] += u.rate_gbps;
			cnt[u.qpn - 1]++;
		}
	}
	hpcc_fl_free(fl);
	incast_result_free(&res);
	if (!cnt[0] || !cnt[1])
		return 0;
	return (sum[1] / (double)cnt[1]) / (sum[0] / (double)cnt[0]);
}

static void test_per_qp_convergence(uint64_t seed)
{
	double same = pair_ratio(2, seed), half = pair_ratio(1, seed);

	printf("per-QP T: two flows, T and 2T: rate ratio %.3f with W_AI' = 2 W_AI (same "
	       "W_AI/T), %.3f with W_AI' = W_AI\n", same, half);
	CHECK(same > 0 && half > 0, "per-QP T: a flow sent nothing");
}

int main(int argc, char **argv)
{
	uint64_t events = 1000000, seed;

	tb_args(argc, argv, "tb_cc_vai",
		"HPCC models with Variable AI, Sampling Frequency and per-QP T/W_AI/maxStage",
		"events", &events, NULL);
	seed = tb_rng_s;
	test_params();
	test_step();
	test_per_qp();
	printf("staggered incast (2 flows every 20 us), fixed vs double per option combination:\n");
	test_incast(seed, 16, 0);
	test_incast(seed, 16, 1);
	test_per_qp_convergence(seed);
	test_random(events);
	return tb_finish("tb_cc_vai");
}
