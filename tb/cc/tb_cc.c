/* SPDX-License-Identifier: MIT */
/*
 * tb_cc: cycle-accurate test of rtl/cc/hpcc_cc_engine against the C models.
 *
 *  1. random Notify streams (many QPs, one QP, QP pairs, bursts; wraps, path
 *     and nHop changes, extreme U, bad input), with random idle cycles on the
 *     input and random backpressure on the output: RTL == fixed model on every
 *     Update and on every counter;
 *  2. closed-loop incast traces (16 and 64 flows): RTL == fixed, and the
 *     fixed-point window within bounds of the double-precision model;
 *  3. targeted absurd-input cases with their documented behaviour;
 *  4. a parameter change mid-run;
 *  5. DCQCN (mode 1) beside HPCC: random events of QPs in every mode, INITs
 *     that change modes, ACK, CNP and TICK with their now and P, random
 *     DCQCN parameter sets: RTL == the two fixed models on every Update and
 *     on every counter (the reference below: each QP's Update from its
 *     mode's model);
 *  6. Variable AI and Sampling Frequency (docs/cc-vai-sf.md): QPs INIT'ed
 *     into every option mix (none, VAI, SF, VAI+SF) beside DCQCN QPs, random
 *     VAI/SF parameter sets per segment, queues and loads that make tokens
 *     and SF commits frequent, back-to-back events of one QP: RTL == the
 *     fixed models on every Update (tokens, bank and dampener included) and
 *     every counter.
 *
 * Every run prints its seed; --seed reruns it. --bench prints throughput and
 * latency figures instead of testing.
 */
#define _POSIX_C_SOURCE 200809L
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cc_rtl.h"
#include "dcqcn_model.h"
#include "hpcc_model.h"
#include "incast.h"
#include "tb_util.h"
#include "dcqcn_rand.h"

/* ---- random stimulus: tb_util.h's seeded PRNG (rnd, rndr, rndf) ---- */

enum profile { P_MANY, P_SINGLE, P_PAIR, P_BURST, P_EXTREME, P_COUNT };
static const char *const profile_name[P_COUNT] = { "many-QPs", "single-QP", "QP-pair",
						   "bursts", "extremes" };

struct gen_qp {
	uint32_t acked, snd_nxt, path, nhop;
	uint32_t ts[HPCC_MAX_HOPS], tx[HPCC_MAX_HOPS], b[HPCC_MAX_HOPS];
};

struct gen {
	enum profile prof;
	int opts;                  /* INITs draw VAI/SF options */
	int ovr;                   /* INITs draw the override, half of them */
	unsigned nqp;
	struct gen_qp *qp;
	uint32_t cur, burst_left;
};

static void gen_init(struct gen *g, enum profile p, unsigned nqp)
{
	g->prof = p;
	g->nqp = nqp;
	g->qp = calloc(nqp, sizeof(*g->qp));
	for (unsigned i = 0; i < nqp; i++) {
		struct gen_qp *q = &g->qp[i];

		q->acked = rndr(1u << 24);
		q->snd_nxt = (q->acked + 1 + rndr(64)) & 0xffffff;
		q->path = rndr(4096);
		q->nhop = 1 + rndr(5);
		for (int h = 0; h < HPCC_MAX_HOPS; h++) {
			q->ts[h] = rndr(1u << 24);
			q->tx[h] = rndr(1u << 20);
			q->b[h] = 1 + rndr(8);
		}
	}
	g->cur = 0;
	g->burst_left = 0;
	g->opts = 0;
	g->ovr = 0;
}

/* INITs with the override (HPCC mode) the generators made, over the run */
static size_t n_ovr_inits;

/*
 * Half the INITs (g->ovr): the override with a random T, W_AI and maxStage
 * within the QP registers' widths (T below 64 clamps, T up to 2^20 - 1,
 * W_AI 0 .. 2^20 - 1 with the edges often); the others carry random values
 * with the bit off, which the engine must ignore. An INIT into a mode other
 * than HPCC drops the override.
 */
static void gen_override(const struct gen *g, struct hpcc_event *ev)
{
	double x = rndf();

	if (!g->ovr)
		return;
	ev->t_ns = x < 0.05 ? rndr(64) : x < 0.1 ? HPCC_T_MAX - rndr(16) :
		   x < 0.6 ? 64 + rndr(20000) : 64 + rndr(HPCC_T_MAX - 63);
	x = rndf();
	ev->wai_q4 = x < 0.3 ? 80 * 16 : x < 0.4 ? HPCC_WAI_MAX : x < 0.5 ? rndr(16) :
		     rndr(HPCC_WAI_MAX + 1);
	ev->max_stage = rndr(16);
	if (rndf() < 0.5) {
		ev->cc_opts |= HPCC_OPT_OVERRIDE;
		n_ovr_inits += (ev->mode & 3) == HPCC_MODE_HPCC;
	}
}

static uint32_t gen_pick_qpn(struct gen *g)
{
	switch (g->prof) {
	case P_SINGLE:
		return 7 % g->nqp;
	case P_PAIR:
		return rndr(3);               /* 0,1,2: distance-1 and -2 forwarding */
	case P_BURST:
		if (!g->burst_left) {
			g->cur = rndr(g->nqp);
			g->burst_left = 1 + rndr(8);
		}
		g->burst_left--;
		return g->cur;
	default:
		return rndr(g->nqp);
	}
}

static void gen_event(struct gen *g, struct hpcc_event *ev)
{
	uint32_t qpn = gen_pick_qpn(g);
	struct gen_qp *q = &g->qp[qpn];
	double x = rndf();
	int extreme = g->prof == P_EXTREME;

	memset(ev, 0, sizeof(*ev));
	ev->qpn = qpn;
	ev->type = HPCC_EV_ACK;

	if (x < 0.004) {
		ev->type = HPCC_EV_INIT;
		ev->mode = rndf() < 0.8 ? HPCC_MODE_HPCC : 1 + rndr(3);
		if (g->opts)
			ev->cc_opts = rndr(4) << 1;         /* none, VAI, SF, VAI+SF */
		gen_override(g, ev);
		return;
	}
	if (x < 0.006) {
		ev->type = 2 + rndr(2);                         /* unknown type */
		return;
	}
	/* path and nHop changes */
	if (rndf() < 0.01)
		q->path = rndr(4096);
	if (rndf() < 0.01)
		q->nhop = 1 + rndr(5);

	/* sequence: acks advance, snd_nxt runs ahead; sometimes garbage */
	if (rndf() < 0.02) {
		q->acked = rndr(1u << 24);
		q->snd_nxt = rndr(1u << 24);
	} else {
		q->acked = (q->acked + rndr(4)) & 0xffffff;
		if (((q->snd_nxt - q->acked) & 0xffffff) > 0x800000 || rndf() < 0.3)
			q->snd_nxt = (q->acked + 1 + rndr(100)) & 0xffffff;
	}
	ev->ack_psn = q->acked;
	ev->snd_nxt = q->snd_nxt;
	ev->path_id = q->path;
	ev->nhop = q->nhop;

	for (uint32_t h = 0; h < HPCC_MAX_HOPS; h++) {
		uint32_t dts, dtx, ql;
		double r = rndf();
		unsigned gbps = hpcc_speed_gbps(q->b[h]);

		if (rndf() < 0.005)
			q->b[h] = 1 + rndr(8);
		/* time since the last record of this hop */
		if (r < 0.02)
			dts = 0;
		else if (r < 0.05 || extreme)
			dts = rndr(1u << 24);               /* anything, wraps included */
		else
			dts = 20 + rndr(8000);
		/* bytes: a utilisation around 1, sometimes far off */
		r = rndf();
		if (r < 0.05 || extreme)
			dtx = rndr(1u << 20);
		else if (r < 0.1)
			dtx = 0;
		else
			dtx = (uint32_t)(dts * (gbps / 8.0) * (0.3 + 0.9 * rndf()) / 128.0);
		r = rndf();
		if (r < 0.3)
			ql = 0;
		else if (r < 0.35 || (extreme && r < 0.6))
			ql = 0xffff;
		else
			ql = rndr(extreme ? 65536 : 2000);
		q->ts[h] = (q->ts[h] + dts) & 0xffffff;
		q->tx[h] = (q->tx[h] + dtx) & 0xfffff;
		ev->hop[h].b = q->b[h];
		ev->hop[h].ts = q->ts[h];
		ev->hop[h].tx = q->tx[h];
		ev->hop[h].q = ql;
	}
	/* malformed INT */
	x = rndf();
	if (x < 0.005)
		ev->nhop = 0;
	else if (x < 0.01)
		ev->nhop = 6 + rndr(10);
	else if (x < 0.015)
		ev->hop[rndr(ev->nhop)].b = rndf() < 0.5 ? 0 : 9 + rndr(7);
}

/*
 * ---- the reference: the engine as the two fixed models ----
 *
 * Both models see every event (their state moves exactly as the engine's
 * RAMs do: HPCC's INT snapshot is taken for a DCQCN QP's ACK too, and an
 * INIT of any mode restarts both). The Update is the DCQCN model's for an
 * event of a DCQCN QP or an INIT into DCQCN, with W the engine's W_max;
 * otherwise HPCC's. The engine's counters: HPCC's, with the ignored ones
 * counted by the Update's reason, and DCQCN's.
 */
struct ref {
	struct hpcc_fx *h;
	struct dcqcn_fx *d;
	unsigned nqp;
	uint8_t *mode;
	struct hpcc_counters ign;   /* ign_* by the Update's reason */
};

static void ref_dcqcn_params(const struct hpcc_params *hp, struct dcqcn_params *dp)
{
	dcqcn_params_default(dp);
	if (hp->line_mbps >= DCQCN_LINE_MIN_MBPS && hp->line_mbps <= DCQCN_RATE_MAX_MBPS)
		dp->line_mbps = hp->line_mbps;
	if (hp->t_ns >= HPCC_T_MIN && hp->t_ns <= HPCC_T_MAX)
		dp->t_ns = hp->t_ns;
	if (dp->min_mbps > dp->line_mbps || dp->ai_mbps > dp->line_mbps ||
	    dp->hai_mbps > dp->line_mbps)
		dcqcn_params_default(dp);
}

static struct ref *ref_new(unsigned nqp, const struct hpcc_params *p)
{
	struct ref *r = calloc(1, sizeof(*r));
	struct dcqcn_params dp;

	ref_dcqcn_params(p, &dp);
	r->nqp = nqp;
	r->h = hpcc_fx_new(nqp, p);
	r->d = dcqcn_fx_new(nqp, &dp);
	r->mode = calloc(nqp, 1);
	if (!r->h || !r->d || !r->mode) {
		fprintf(stderr, "reference: out of memory or bad parameters\n");
		exit(2);
	}
	return r;
}

static void ref_free(struct ref *r)
{
	if (!r)
		return;
	hpcc_fx_free(r->h);
	dcqcn_fx_free(r->d);
	free(r->mode);
	free(r);
}

static void ref_event(struct ref *r, const struct hpcc_event *ev, struct hpcc_update *out)
{
	struct hpcc_update uh, ud;
	unsigned q = ev->qpn % r->nqp;
	int dc = (ev->type == HPCC_EV_INIT ? (ev->mode & 3) : r->mode[q]) == HPCC_MODE_DCQCN;

	hpcc_fx_event(r->h, ev, &uh);
	dcqcn_fx_event(r->d, ev, &ud);
	if (ev->type == HPCC_EV_INIT)
		r->mode[q] = ev->mode & 3;
	if (dc) {
		ud.w_q4 = hpcc_fx_derived(r->h)->wmax;
		ud.w = ud.w_q4 / (double)(1 << HPCC_W_FRAC);
	}
	*out = dc ? ud : uh;
	switch (out->reason) {
	case HPCC_IGN_NO_INT: r->ign.ign_no_int++; break;
	case HPCC_IGN_NHOP: r->ign.ign_nhop++; break;
	case HPCC_IGN_BAD_B: r->ign.ign_bad_b++; break;
	case HPCC_IGN_MODE: r->ign.ign_mode++; break;
	case HPCC_IGN_TYPE: r->ign.ign_type++; break;
	default: break;
	}
}

/* n events of a profile; with fx, also through the reference into ux */
static void gen_stream(enum profile prof, unsigned nqp, size_t n, struct hpcc_event *ev,
		       struct ref *fx, struct hpcc_update *ux)
{
	struct gen g;

	gen_init(&g, prof, nqp);
	g.ovr = 1;
	for (size_t i = 0; i < n; i++) {
		gen_event(&g, &ev[i]);
		if (fx)
			ref_event(fx, &ev[i], &ux[i]);
	}
	free(g.qp);
}

/* ---- comparisons ---- */

static int same_update(const struct hpcc_update *a, const struct hpcc_update *b)
{
	return a->qpn == b->qpn && a->w_q4 == b->w_q4 && a->rate_q16 == b->rate_q16 &&
	       a->v_q16 == b->v_q16 && a->flags == b->flags && a->reason == b->reason &&
	       a->ai_tokens == b->ai_tokens && a->vai_bank == b->vai_bank &&
	       a->vai_damp == b->vai_damp;
}

static void print_update(const char *who, const struct hpcc_update *u)
{
	fprintf(stderr, "    %-5s qpn=%u w_q4=%u rate_q16=%u v_q16=%u flags=0x%02x reason=%u"
		" tokens=%u bank=%u damp=%u\n", who, u->qpn, u->w_q4, u->rate_q16, u->v_q16,
		u->flags, u->reason, u->ai_tokens, u->vai_bank, u->vai_damp);
}

static size_t compare_runs(const struct hpcc_event *ev, const struct hpcc_update *rtl,
			   const struct hpcc_update *fx, size_t n, size_t base)
{
	size_t bad = 0;

	for (size_t i = 0; i < n; i++) {
		if (same_update(&rtl[i], &fx[i]))
			continue;
		if (bad < 5) {
			fprintf(stderr, "  mismatch at event %zu (type %u qpn %u nhop %u):\n", base + i,
				ev[i].type, ev[i].qpn, ev[i].nhop);
			print_update("rtl", &rtl[i]);
			print_update("fixed", &fx[i]);
		}
		bad++;
	}
	return bad;
}

static int compare_counters(struct cc_rtl *r, const struct ref *ref)
{
	const struct hpcc_counters *m = hpcc_fx_counters(ref->h), *g = &ref->ign;
	const struct dcqcn_counters *d = dcqcn_fx_counters(ref->d);
	struct cc_rtl_counters c;
	int ok;

	cc_rtl_counters(r, &c);
	ok = c.c.events == m->events && c.c.acks == m->acks && c.c.inits == m->inits &&
	     c.c.ign_no_int == g->ign_no_int && c.c.ign_nhop == g->ign_nhop &&
	     c.c.ign_bad_b == g->ign_bad_b && c.c.ign_mode == g->ign_mode &&
	     c.c.ign_type == g->ign_type && c.c.record_only == m->record_only &&
	     c.c.dts_zero == m->dts_zero && c.c.wc_updates == m->wc_updates &&
	     c.c.sf_updates == m->sf_updates && c.c.vai_gen == m->vai_gen &&
	     c.d.cnps == d->cnps && c.d.ticks == d->ticks && c.d.decreases == d->decreases &&
	     c.d.deferred == d->deferred && c.d.inc_timer == d->inc_timer &&
	     c.d.inc_bc == d->inc_bc;
	printf("  counters: events %llu acks %llu inits %llu record-only %llu Wc-updates %llu\n"
	       "            ignored: no-INT %llu nHop>5 %llu bad-B %llu mode %llu type %llu;"
	       " dts=0 hops %llu -> %s\n",
	       (unsigned long long)c.c.events, (unsigned long long)c.c.acks,
	       (unsigned long long)c.c.inits, (unsigned long long)c.c.record_only,
	       (unsigned long long)c.c.wc_updates, (unsigned long long)c.c.ign_no_int,
	       (unsigned long long)c.c.ign_nhop, (unsigned long long)c.c.ign_bad_b,
	       (unsigned long long)c.c.ign_mode, (unsigned long long)c.c.ign_type,
	       (unsigned long long)c.c.dts_zero, ok ? "equal to the fixed models" : "MISMATCH");
	if (c.c.sf_updates || c.c.vai_gen)
		printf("            SF commits %llu, VAI token RTTs %llu\n",
		       (unsigned long long)c.c.sf_updates, (unsigned long long)c.c.vai_gen);
	if (c.d.cnps || c.d.ticks || c.d.decreases || c.d.inc_timer || c.d.inc_bc)
		printf("            DCQCN: CNPs %llu TICKs %llu decreases %llu deferred %llu"
		       " increases by timer %llu, by byte counter %llu\n",
		       (unsigned long long)c.d.cnps, (unsigned long long)c.d.ticks,
		       (unsigned long long)c.d.decreases, (unsigned long long)c.d.deferred,
		       (unsigned long long)c.d.inc_timer, (unsigned long long)c.d.inc_bc);
	return ok;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

struct err_stats {
	size_t n;
	double p50, p99, p999, max, mean;
	unsigned ties;              /* QPs whose branches parted at U = eta exactly */
	unsigned parted;            /* branch disagreements not at such a tie: a bug */
	size_t left_out;            /* updates of tied QPs after the tie */
};

/*
 * The fixed model's window against the double model's, per active update.
 * Both run open loop on the same ACK stream, so they see the same U. When U
 * is eta to within the fixed point's rounding, the two may take different
 * branches (U >= eta: multiplicative, else additive), both correctly, and
 * incStage and Wc part for good: from then on that QP's two windows follow
 * two valid trajectories, and comparing them says nothing about arithmetic
 * error. Such a QP's later updates are left out (and counted); a branch
 * disagreement anywhere else is an error of the fixed arithmetic.
 */
static void error_stats(const struct hpcc_update *fx, const struct hpcc_update *fl, size_t n,
			double eta, struct err_stats *s)
{
	double *e = malloc((n ? n : 1) * sizeof(*e)), sum = 0;
	size_t m = 0;
	unsigned char *tied = calloc(1u << 24, 1);

	memset(s, 0, sizeof(*s));
	for (size_t i = 0; i < n; i++) {
		uint32_t q = fl[i].qpn & 0xffffff;

		if (!(fl[i].flags & HPCC_UF_ACTIVE))
			continue;
		if (tied[q]) {
			s->left_out++;
			continue;
		}
		if ((fx[i].flags ^ fl[i].flags) & HPCC_UF_MD) {
			if (fabs(fl[i].u / eta - 1) < 1e-4) {
				tied[q] = 1;
				s->ties++;
				s->left_out++;
				continue;
			}
			s->parted++;
		}
		e[m] = fabs(fx[i].w - fl[i].w) / fl[i].w;
		sum += e[m++];
	}
	free(tied);
	qsort(e, m, sizeof(*e), cmp_double);
	s->n = m;
	if (m) {
		s->p50 = e[(size_t)(0.5 * (m - 1))];
		s->p99 = e[(size_t)(0.99 * (m - 1))];
		s->p999 = e[(size_t)(0.999 * (m - 1))];
		s->max = e[m - 1];
		s->mean = sum / (double)m;
	}
	free(e);
}

/* ---- test sections ---- */

struct opts {
	uint64_t seed;
	size_t events;
	size_t dcqcn_events;
	size_t vai_events;
	int vai_only;
	const char *fst;
	int bench;
};

static void params_for(const struct hpcc_user_params *u, struct hpcc_params *p)
{
	if (hpcc_params_from_user(u, p)) {
		fprintf(stderr, "bad parameters\n");
		exit(2);
	}
}

static void test_random(const struct opts *o)
{
	struct hpcc_user_params up;
	struct hpcc_params p;
	struct cc_rtl_opts ro = { .seed = o->seed, .in_idle_prob = 0.2, .out_stall_prob = 0.3,
				  .fst_path = o->fst };
	const size_t chunk = 50000;
	unsigned nqp = 1u << cc_rtl_qpn_bits();
	struct hpcc_event *ev = malloc(chunk * sizeof(*ev));
	struct hpcc_update *ur = malloc(chunk * sizeof(*ur)), *uf = malloc(chunk * sizeof(*uf));
	struct cc_rtl *r;
	struct ref *fx;
	size_t done = 0, bad = 0, ovr0 = n_ovr_inits;
	time_t t0 = time(NULL);

	hpcc_user_params_default(&up);
	params_for(&up, &p);
	r = cc_rtl_new(&p, &ro);
	fx = ref_new(nqp, &p);
	if (!r || !fx || !ev || !ur || !uf) {
		CHECK(0, "setup failed");
		return;
	}
	printf("random streams: %zu events, idle 20%% on input, backpressure 30%% on output\n",
	       o->events);
	for (unsigned ci = 0; done < o->events; ci++) {
		size_t n = o->events - done < chunk ? o->events - done : chunk;
		enum profile prof = (enum profile)(ci % P_COUNT);
		struct cc_rtl_stats st;

		gen_stream(prof, prof == P_MANY ? nqp : 64, n, ev, fx, uf);
		if (cc_rtl_run(r, ev, n, ur, &st)) {
			CHECK(0, "engine hung in chunk %u", ci);
			break;
		}
		bad += compare_runs(ev, ur, uf, n, done);
		done += n;
		fprintf(stderr, "  [%3.0f%%] %zu events, profile %-9s, %llu cycles, %zu mismatches (%lds)\n",
			100.0 * (double)done / (double)o->events, done, profile_name[prof],
			(unsigned long long)st.cycles, bad, (long)(time(NULL) - t0));
	}
	printf("  RTL vs fixed model: %zu events (%zu INITs with a per-QP T, W_AI and maxStage), "
	       "%zu mismatches\n", done, n_ovr_inits - ovr0, bad);
	CHECK(bad == 0, "RTL differs from the fixed model on %zu of %zu random events", bad, done);
	if (o->events >= 50000)
		CHECK(n_ovr_inits - ovr0 > o->events / 2000, "too few INITs with the override");
	CHECK(compare_counters(r, fx), "counters differ");
	ref_free(fx);
	cc_rtl_free(r);
	free(ev);
	free(ur);
	free(uf);
}

static void test_incast(const struct opts *o, unsigned flows)
{
	struct incast_cfg c;
	struct incast_result res;
	struct hpcc_params p;
	struct cc_rtl_opts ro = { .seed = o->seed + flows, .in_idle_prob = 0.1, .out_stall_prob = 0.1 };
	struct hpcc_update *ur, *ux, *uf;
	struct err_stats es;
	struct cc_rtl *r;
	struct ref *fx;
	struct hpcc_fl *fl;
	size_t bad;

	incast_cfg_default(&c);
	c.flows = flows;
	c.bytes = flows <= 16 ? 1000000 : 250000;
	c.seed = o->seed;
	if (incast_generate(&c, &res)) {
		CHECK(0, "incast generator failed");
		return;
	}
	params_for(&c.cc, &p);
	ur = malloc(res.n * sizeof(*ur));
	ux = malloc(res.n * sizeof(*ux));
	uf = malloc(res.n * sizeof(*uf));
	fx = ref_new(1u << cc_rtl_qpn_bits(), &p);
	fl = hpcc_fl_new(1u << cc_rtl_qpn_bits(), &c.cc);
	r = cc_rtl_new(&p, &ro);
	for (size_t i = 0; i < res.n; i++) {
		ref_event(fx, &res.ev[i], &ux[i]);
		hpcc_fl_event(fl, &res.ev[i], &uf[i]);
	}
	CHECK(r && cc_rtl_run(r, res.ev, res.n, ur, NULL) == 0, "engine run failed");
	bad = compare_runs(res.ev, ur, ux, res.n, 0);
	error_stats(ux, uf, res.n, c.cc.eta, &es);
	printf("incast %u->1 (%llu B each, closed loop, %.0f us, queue peak %u B): %zu ACKs\n", flows,
	       (unsigned long long)c.bytes, res.end_ns / 1000, res.max_queue_bytes, res.n);
	printf("  RTL vs fixed model: %zu mismatches\n", bad);
	printf("  fixed vs float window error over %zu updates: p50 %.4f%%  p99 %.4f%%  p99.9 %.4f%%"
	       "  max %.4f%%  mean %.4f%%\n",
	       es.n, 100 * es.p50, 100 * es.p99, 100 * es.p999, 100 * es.max, 100 * es.mean);
	printf("  branches parted at U = eta (a tie within rounding): %u QPs, %zu later updates left "
	       "out; elsewhere: %u\n", es.ties, es.left_out, es.parted);
	CHECK(bad == 0, "incast%u: RTL differs from the fixed model on %zu ACKs", flows, bad);
	CHECK(es.n > 1000, "incast%u: too few active updates (%zu)", flows, es.n);
	CHECK(es.parted == 0, "incast%u: the fixed and double models took different branches %u "
	      "times away from U = eta", flows, es.parted);
	CHECK(es.n >= 4 * es.left_out, "incast%u: %zu updates left out after ties, %zu compared",
	      flows, es.left_out, es.n);
	CHECK(es.p999 <= 0.005, "incast%u: p99.9 window error %.4f%% > 0.5%%", flows, 100 * es.p999);
	CHECK(es.max <= 0.02, "incast%u: worst window error %.4f%% > 2%%", flows, 100 * es.max);
	if (r)
		CHECK(compare_counters(r, fx), "counters differ");
	cc_rtl_free(r);
	ref_free(fx);
	hpcc_fl_free(fl);
	free(ur);
	free(ux);
	free(uf);
	incast_result_free(&res);
}

/* documented behaviour on absurd input, checked on the RTL itself */
static void test_absurd(const struct opts *o)
{
	struct hpcc_user_params up;
	struct hpcc_params p;
	struct cc_rtl_opts ro = { .seed = o->seed };
	struct hpcc_event ev[16], base;
	struct hpcc_update u[16], ux[16];
	struct cc_rtl *r;
	struct ref *fx;
	size_t n = 0;

	hpcc_user_params_default(&up);
	params_for(&up, &p);
	r = cc_rtl_new(&p, &ro);
	fx = ref_new(1u << cc_rtl_qpn_bits(), &p);
	if (!r || !fx) {
		CHECK(0, "setup failed");
		return;
	}
	memset(&base, 0, sizeof(base));
	base.qpn = 42;
	base.nhop = 2;
	base.path_id = 0x123;
	for (int h = 0; h < 2; h++)
		base.hop[h] = (struct hpcc_hop){ .b = 5, .ts = 1000, .tx = 100, .q = 10 };
	ev[n++] = base;                            /* 0: first ACK: record only */
	base.ack_psn = 1;
	base.snd_nxt = 10;
	for (int h = 0; h < 2; h++) {
		base.hop[h].ts += 1000;
		base.hop[h].tx += 100;                 /* 12.8 B/ns: above 100G */
	}
	ev[n++] = base;                            /* 1: active, Wc update */
	ev[n] = base;
	ev[n++].nhop = 7;                          /* 2: nHop > 5 */
	ev[n] = base;
	ev[n++].nhop = 0;                          /* 3: no INT */
	ev[n] = base;
	ev[n++].hop[1].b = 12;                     /* 4: unknown speed enum */
	ev[n] = base;
	ev[n].hop[0].ts += 0;                      /* 5: dts = 0 on both hops */
	ev[n++].ack_psn = 2;
	ev[n] = base;
	ev[n].path_id = 0x456;                     /* 6: path change: re-record */
	ev[n++].ack_psn = 3;
	ev[n] = base;
	ev[n].type = 3;                            /* 7: unknown event type */
	n++;
	for (int k = 1; k <= 2; k++) {             /* 8, 9: U far above eta */
		ev[n] = base;                          /* (qlen is min of two records) */
		ev[n].path_id = 0x456;
		for (int h = 0; h < 2; h++) {
			ev[n].hop[h].ts += 1000 * k;
			ev[n].hop[h].q = 0xffff;
		}
		ev[n++].ack_psn = 20 + k;
	}

	CHECK(cc_rtl_run(r, ev, n, u, NULL) == 0, "engine run failed");
	for (size_t i = 0; i < n; i++)
		ref_event(fx, &ev[i], &ux[i]);
	CHECK(compare_runs(ev, u, ux, n, 0) == 0, "absurd-input cases differ from the fixed model");
	CHECK(u[0].flags == HPCC_UF_RECORD && u[0].w_q4 == u[0].w_q4, "first ACK must only record");
	CHECK(u[1].flags & HPCC_UF_ACTIVE && u[1].flags & HPCC_UF_WC, "second ACK must update Wc");
	CHECK(u[2].flags == HPCC_UF_IGNORED && u[2].reason == HPCC_IGN_NHOP && u[2].w_q4 == u[1].w_q4,
	      "nHop > 5 must be ignored without a state change");
	CHECK(u[3].reason == HPCC_IGN_NO_INT && u[3].w_q4 == u[1].w_q4, "nHop = 0 must be ignored");
	CHECK(u[4].reason == HPCC_IGN_BAD_B && u[4].w_q4 == u[1].w_q4, "bad B must be ignored");
	CHECK(u[5].flags & HPCC_UF_ACTIVE && u[5].v_q16 == u[1].v_q16,
	      "dts = 0 must leave U unchanged (tau = 0), got V %u vs %u", u[5].v_q16, u[1].v_q16);
	CHECK(u[6].flags == HPCC_UF_RECORD && u[6].w_q4 == u[5].w_q4, "path change must re-record");
	CHECK(u[7].reason == HPCC_IGN_TYPE, "unknown type must be ignored");
	CHECK((u[9].flags & HPCC_UF_MD) && u[9].w_q4 < u[6].w_q4 / 2, "huge qlen must cut W");
	printf("absurd input: nHop>5, nHop=0, bad B, dts=0, path change, bad type, qlen max: "
	       "%s\n", tb_failures ? "see failures" : "documented behaviour holds");
	CHECK(compare_counters(r, fx), "counters differ");
	ref_free(fx);
	cc_rtl_free(r);
}

static void test_params(const struct opts *o)
{
	struct hpcc_user_params up;
	struct hpcc_params p, bad;
	struct cc_rtl_opts ro = { .seed = o->seed, .in_idle_prob = 0.1, .out_stall_prob = 0.1 };
	const size_t n = 20000;
	struct hpcc_event *ev = malloc(n * sizeof(*ev));
	struct hpcc_update *ur = malloc(n * sizeof(*ur)), *ux = malloc(n * sizeof(*ux));
	struct cc_rtl_counters rc;
	struct hpcc_derived d;
	struct cc_rtl *r;
	struct ref *fx;
	size_t badn = 0;

	hpcc_user_params_default(&up);
	params_for(&up, &p);
	r = cc_rtl_new(&p, &ro);
	fx = ref_new(1u << cc_rtl_qpn_bits(), &p);
	/* a different operating point: 25G NIC, T = 13 us, eta 0.98, maxStage 0 */
	up.t_ns = 13000;
	up.eta = 0.98;
	up.max_stage = 0;
	up.wai_bytes = 12.5;
	up.line_gbps = 25;
	up.min_mbps = 10;
	params_for(&up, &p);
	CHECK(cc_rtl_set_params(r, &p) == 0, "set_params failed");
	hpcc_fx_set_params(fx->h, &p);
	gen_stream(P_BURST, 256, n, ev, fx, ux);
	CHECK(cc_rtl_run(r, ev, n, ur, NULL) == 0, "engine run failed");
	badn = compare_runs(ev, ur, ux, n, 0);
	printf("parameter change (25G, T=13us, eta=0.98, maxStage=0): %zu mismatches\n", badn);
	CHECK(badn == 0, "RTL differs after a parameter change");

	/* out-of-range parameters are clamped and flagged */
	bad = p;
	bad.t_ns = 5;
	bad.eta_q16 = 1000;
	bad.line_mbps = 0;
	CHECK(cc_rtl_set_params(r, &bad) == 0, "set_params failed");
	cc_rtl_counters(r, &rc);
	hpcc_derive(&bad, &d);
	printf("out-of-range parameters: status 0x%02x (model 0x%02x)\n", rc.param_status, d.status);
	CHECK(rc.param_status == d.status && (d.status & HPCC_PS_T_CLAMPED) &&
	      (d.status & HPCC_PS_ETA_CLAMPED) && (d.status & HPCC_PS_LINE_CLAMPED),
	      "clamp flags wrong");
	hpcc_fx_set_params(fx->h, &bad);
	gen_stream(P_MANY, 4096, n, ev, fx, ux);
	CHECK(cc_rtl_run(r, ev, n, ur, NULL) == 0, "engine run failed");
	badn = compare_runs(ev, ur, ux, n, 0);
	CHECK(badn == 0, "RTL differs with clamped parameters (%zu)", badn);
	CHECK(compare_counters(r, fx), "counters differ");
	ref_free(fx);
	cc_rtl_free(r);
	free(ev);
	free(ur);
	free(ux);
}

/* ---- DCQCN (mode 1) beside HPCC ---- */

/* a random mode for an INIT: mostly DCQCN, some HPCC, a few without an engine */
static uint32_t dcqcn_random_mode(void)
{
	double x = rndf();

	return x < 0.6 ? HPCC_MODE_DCQCN : x < 0.9 ? HPCC_MODE_HPCC : 2 + rndr(2);
}

/*
 * One segment: a parameter set for both modes (DCQCN's line rate and T are
 * HPCC's, so that W_max is one), the segment's QPs INIT into random modes,
 * then random events of a profile with the time (now, P) running as in
 * tb_dcqcn: mostly a few us between events, some 200 us, 20 ms, up to 3 s.
 */
static size_t dcqcn_segment(struct gen *g, size_t len, uint64_t *tus,
			    const struct dcqcn_params *p, double p_cnp, struct hpcc_event *ev)
{
	size_t n = 0;
	uint32_t last_cnp_qpn = 0;
	int have_cnp = 0;

	for (unsigned q = 0; q < g->nqp && n < len; q++) {
		memset(&ev[n], 0, sizeof(ev[n]));
		ev[n].type = HPCC_EV_INIT;
		ev[n].qpn = q;
		ev[n].mode = dcqcn_random_mode();
		ev[n].ack_psn = g->qp[q].acked;
		gen_override(g, &ev[n]);
		n++;
	}
	for (; n < len; n++) {
		double r = rndf(), x = rndf();
		struct hpcc_event *e = &ev[n];

		gen_event(g, e);                       /* a QP of the profile, an ACK's INT */
		if (x < 0.01) {
			e->type = HPCC_EV_INIT;
			e->mode = dcqcn_random_mode();
			e->ack_psn = g->qp[e->qpn].acked;
			e->cc_opts = 0;
			gen_override(g, e);
		} else if (x < 0.01 + p_cnp) {
			e->type = HPCC_EV_CNP;
			/*
			 * A quarter of CNPs repeat the last one's QP at the same
			 * time, inside Td of its decrease: they must be left
			 * pending, whatever the parameter set.
			 */
			if (have_cnp && rndp(0.25)) {
				e->qpn = last_cnp_qpn;
				e->now_us = (uint32_t)(*tus & 0xfffff);
				e->period = (uint32_t)((*tus / p->period_us) & 0xffff);
				continue;
			}
			last_cnp_qpn = e->qpn;
			have_cnp = 1;
		} else if (x < 0.5) {
			e->type = HPCC_EV_TICK;
		} else {
			e->type = HPCC_EV_ACK;
			if (rndp(0.05))                /* a jump past B_pkts, or far */
				g->qp[e->qpn].acked = (g->qp[e->qpn].acked +
						       (rndp(0.7) ? rndr(4 * 65536) : rnd())) & 0xffffff;
			e->ack_psn = g->qp[e->qpn].acked;
		}
		if (r < 0.7)
			*tus += rndr(6);
		else if (r < 0.9)
			*tus += rndr(200);
		else if (r < 0.98)
			*tus += rndr(20000);
		else
			*tus += rnd() % 3000000;
		e->now_us = (uint32_t)(*tus & 0xfffff);
		e->period = (uint32_t)((*tus / p->period_us) & 0xffff);
	}
	return n;
}

static void test_dcqcn(const struct opts *o)
{
	struct hpcc_user_params up;
	struct hpcc_params hp;
	struct cc_rtl_opts ro = { .seed = o->seed ^ 0xdc, .in_idle_prob = 0.2,
				  .out_stall_prob = 0.3 };
	const size_t chunk = 20000;
	struct hpcc_event *ev = malloc(chunk * sizeof(*ev));
	struct hpcc_update *ur = malloc(chunk * sizeof(*ur)), *ux = malloc(chunk * sizeof(*ux));
	unsigned nqp = 1u << cc_rtl_qpn_bits();
	size_t done = 0, bad = 0, segs = 0, dc_updates = 0, b2b1 = 0, b2b2 = 0;
	size_t nf[6] = { 0 }, first_cnp = 0, combo[16] = { 0 };
	uint64_t tus = rnd() & 0xffffffffull;
	struct cc_rtl *r;
	struct ref *fx;
	time_t t0 = time(NULL);

	hpcc_user_params_default(&up);
	params_for(&up, &hp);
	r = cc_rtl_new(&hp, &ro);
	fx = ref_new(nqp, &hp);
	if (!r || !ev || !ur || !ux) {
		CHECK(0, "setup failed");
		return;
	}
	printf("DCQCN beside HPCC: %zu events, QPs of every mode, idle 20%% on input, "
	       "backpressure 30%% on output\n", o->dcqcn_events);
	while (done < o->dcqcn_events) {
		static const enum profile profs[] = { P_MANY, P_SINGLE, P_PAIR, P_BURST };
		static const unsigned nqps[] = { 512, 1, 3, 64 };
		unsigned pi = (unsigned)(segs % 4);
		size_t len = 2000 + rndr(chunk - 2000), n;
		struct dcqcn_params dp;
		struct gen g;
		double p_cnp = rndp(0.3) ? 0.01 * rndf() : 0.3 * rndf();

		if (len > o->dcqcn_events - done)
			len = o->dcqcn_events - done;
		dcqcn_random_params(&dp);
		hp.line_mbps = dp.line_mbps;
		hp.t_ns = dp.t_ns;
		CHECK(cc_rtl_set_params(r, &hp) == 0, "set_params failed");
		hpcc_fx_set_params(fx->h, &hp);
		CHECK(dcqcn_fx_set_params(fx->d, &dp) == 0, "DCQCN parameters refused");
		cc_rtl_set_dcqcn(r, dcqcn_fx_derived(fx->d));
		CHECK(dcqcn_fx_derived(fx->d)->wmax_q4 == hpcc_fx_derived(fx->h)->wmax,
		      "DCQCN's W_max differs from HPCC's");
		gen_init(&g, profs[pi], nqps[pi]);
		g.ovr = 1;
		n = dcqcn_segment(&g, len, &tus, &dp, p_cnp, ev);
		free(g.qp);
		for (size_t i = 0; i < n; i++) {
			ref_event(fx, &ev[i], &ux[i]);
			if (ux[i].flags & HPCC_UF_IGNORED)
				continue;
			if (ev[i].type != HPCC_EV_INIT && fx->mode[ev[i].qpn % nqp] == HPCC_MODE_DCQCN) {
				dc_updates++;
				for (unsigned b = 0; b < 4; b++)
					nf[b] += (ux[i].flags >> b) & 1;
				combo[ux[i].flags & 15]++;
				b2b1 += i >= 1 && ev[i - 1].qpn == ev[i].qpn;
				b2b2 += i >= 2 && ev[i - 2].qpn == ev[i].qpn;
				first_cnp += (ux[i].flags & DCQCN_UF_DEC) && dp.first_mbps &&
					     ux[i].rate_q16 == dcqcn_fx_derived(fx->d)->first_q16;
			}
		}
		if (cc_rtl_run(r, ev, n, ur, NULL)) {
			CHECK(0, "engine hung in segment %zu", segs);
			break;
		}
		bad += compare_runs(ev, ur, ux, n, done);
		done += n;
		segs++;
		if (segs % 10 == 0 || done == o->dcqcn_events)
			fprintf(stderr, "  [%3.0f%%] %zu events, %zu parameter sets, %zu mismatches (%lds)\n",
				100.0 * (double)done / (double)o->dcqcn_events, done, segs, bad,
				(long)(time(NULL) - t0));
	}
	printf("  RTL vs fixed models: %zu events in %zu parameter sets, %zu mismatches\n", done,
	       segs, bad);
	printf("  %zu DCQCN Updates: %zu decreases (%zu to the first-CNP rate), %zu timer and %zu "
	       "byte-counter increases, %zu CNPs left pending; %zu of one QP back to back, %zu at "
	       "distance 2\n", dc_updates, nf[0], first_cnp, nf[1], nf[2], nf[3], b2b1, b2b2);
	printf("  two steps in one event: timer increase then decrease %zu, due decrease then "
	       "byte-counter increase %zu, due decrease then a CNP left pending %zu\n",
	       combo[DCQCN_UF_INC_T | DCQCN_UF_DEC], combo[DCQCN_UF_DEC | DCQCN_UF_INC_BC],
	       combo[DCQCN_UF_DEC | DCQCN_UF_DEFER]);
	CHECK(bad == 0, "RTL differs from the fixed models on %zu of %zu events", bad, done);
	CHECK(compare_counters(r, fx), "counters differ");
	CHECK(done < 50000 || (nf[0] > done / 200 && nf[1] > done / 1000 && nf[2] > done / 2000 &&
			       nf[3] > done / 20000 && b2b1 > done / 100 && b2b2 > done / 100),
	      "DCQCN stimulus too tame");
	ref_free(fx);
	cc_rtl_free(r);
	free(ev);
	free(ur);
	free(ux);
}

/*
 * The engine's own clock: with ext_time 0 the engine stamps each event with
 * now and P as it accepts it. At 3 cycles per us and a 2 us alpha period,
 * the stamps must follow the cycle count, and the Updates must equal the
 * models run on the stamped events.
 */
static void test_dcqcn_clock(const struct opts *o)
{
	struct hpcc_user_params up;
	struct hpcc_params hp;
	struct cc_rtl_opts ro = { .seed = o->seed ^ 0xc1, .in_idle_prob = 0.5, .out_stall_prob = 0.2 };
	const size_t n = 20000;
	struct hpcc_event *ev = malloc(n * sizeof(*ev));
	struct hpcc_update *ur = malloc(n * sizeof(*ur)), *ux = malloc(n * sizeof(*ux));
	uint32_t *now = malloc(n * sizeof(*now)), *per = malloc(n * sizeof(*per));
	struct dcqcn_params dp;
	struct cc_rtl_stats st;
	struct cc_rtl *r;
	struct ref *fx;
	struct gen g;
	uint64_t tus = 0;
	size_t bad = 0, badstamp = 0;

	hpcc_user_params_default(&up);
	params_for(&up, &hp);
	r = cc_rtl_new(&hp, &ro);
	fx = ref_new(1u << cc_rtl_qpn_bits(), &hp);
	ref_dcqcn_params(&hp, &dp);
	dp.period_us = 2;
	dp.ti_us = 50;
	dp.td_us = 3;
	dp.byte_reset = 8 * dp.mtu;
	CHECK(dcqcn_fx_set_params(fx->d, &dp) == 0, "DCQCN parameters refused");
	cc_rtl_set_dcqcn(r, dcqcn_fx_derived(fx->d));
	gen_init(&g, P_BURST, 16);
	dcqcn_segment(&g, n, &tus, &dp, 0.05, ev);
	free(g.qp);
	cc_rtl_set_time(r, 0, 3, now, per);
	CHECK(cc_rtl_run(r, ev, n, ur, &st) == 0, "engine run failed");
	cc_rtl_set_time(r, 1, 250, NULL, NULL);
	for (size_t i = 0; i < n; i++) {
		/* now counts cycles / 3 and P counts now / 2 (either phase) */
		uint32_t dn = (now[i] - now[0]) & 0xfffff, dp2 = (per[i] - per[0]) & 0xffff;

		if (i && (((now[i] - now[i - 1]) & 0xfffff) > 0x80000 ||
			  (dp2 != dn / 2 && dp2 != (dn + 1) / 2)))
			badstamp++;
		ev[i].now_us = now[i];
		ev[i].period = per[i];
		ref_event(fx, &ev[i], &ux[i]);
	}
	bad = compare_runs(ev, ur, ux, n, 0);
	printf("DCQCN clock (3 cycles/us, 2 us periods): %zu events over %llu cycles stamped "
	       "now %u..%u, P %u..%u; %zu stamps off, %zu mismatches\n", n,
	       (unsigned long long)st.cycles, now[0], now[n - 1], per[0], per[n - 1], badstamp, bad);
	CHECK(badstamp == 0, "the engine's clock stamps are not the cycle count's");
	CHECK(((now[n - 1] - now[0]) & 0xfffff) + 2 >= (st.last_accept - st.first_accept) / 3 &&
	      ((now[n - 1] - now[0]) & 0xfffff) <= (st.last_accept - st.first_accept) / 3 + 2,
	      "now does not advance once per 3 cycles");
	CHECK(bad == 0, "RTL differs from the models on stamped events");
	ref_free(fx);
	cc_rtl_free(r);
	free(ev);
	free(ur);
	free(ux);
	free(now);
	free(per);
}

/*
 * The sweeper (mode 1's TICKs from inside the engine): the engine's clock at
 * 4 cycles per us, a pass every 8 us, Ti 20 us so that TICKs raise rates.
 * Three phases on 64 QPs of random modes: random events (INITs that change
 * modes, ACKs, CNPs, TICKs) with idle input cycles and output backpressure;
 * then no events at all; then a saturated input. Every entry the engine
 * logs (an event, or a sweeper TICK) goes through the models in that order;
 * a TICK's Update is expected only for a DCQCN QP whose rate moved, and
 * every Update must equal the models'. In the idle phase every complete
 * pass TICKs exactly the QPs in mode 1, once each, and passes start at
 * least 8 us apart; with a saturated input a TICK waits at most 16 cycles
 * (plus two per bitmap word skipped on the way to it).
 */
static void test_dcqcn_sweep(const struct opts *o)
{
	struct hpcc_user_params up;
	struct hpcc_params hp;
	struct cc_rtl_opts ro = { .seed = o->seed ^ 0x5e, .in_idle_prob = 0.3, .out_stall_prob = 0.2 };
	const unsigned pass_us = 8, cyc_us = 4, nq = 64;
	const size_t n = 20000, cap = 200000;
	struct hpcc_event *ev = calloc(n, sizeof(*ev));
	struct hpcc_update *ur = malloc(cap * sizeof(*ur));
	struct cc_rtl_entry *lg = malloc(cap * sizeof(*lg));
	struct dcqcn_params dp;
	struct cc_rtl *r;
	struct ref *fx;
	struct gen g;
	uint64_t tus = 0;
	size_t bad = 0, nexp = 0, ticks = 0, tick_upd = 0, tick_inc = 0;
	size_t passes_checked = 0, pass_bad = 0, share_bad = 0, gaps = 0, worst_gap = 0;

	hpcc_user_params_default(&up);
	params_for(&up, &hp);
	r = cc_rtl_new(&hp, &ro);
	fx = ref_new(1u << cc_rtl_qpn_bits(), &hp);
	if (!r || !ev || !ur || !lg) {
		CHECK(0, "setup failed");
		return;
	}
	ref_dcqcn_params(&hp, &dp);
	dp.ti_us = 20;
	dp.td_us = 4;
	dp.byte_reset = 64 * dp.mtu;
	CHECK(dcqcn_fx_set_params(fx->d, &dp) == 0, "DCQCN parameters refused");
	cc_rtl_set_dcqcn(r, dcqcn_fx_derived(fx->d));
	cc_rtl_set_time(r, 0, cyc_us, NULL, NULL);
	cc_rtl_set_sweep(r, pass_us);
	gen_init(&g, P_MANY, nq);
	dcqcn_segment(&g, n, &tus, &dp, 0.05, ev);
	free(g.qp);

	for (int phase = 0; phase < 3 && !tb_failures; phase++) {
		size_t nout = 0, nlog = 0, k = 0;
		size_t ne = phase == 1 ? 0 : phase == 0 ? n / 2 : n - n / 2;
		const struct hpcc_event *pe = phase == 2 ? ev + n / 2 : ev;
		uint64_t prev_tick = 0;
		uint32_t prev_q = 0, pass_start_now = 0;
		int in_pass = 0, have_prev = 0;
		uint8_t seen[64];

		if (phase == 1)
			cc_rtl_set_stalls(r, 0.3, 0.2);
		if (phase == 2)
			cc_rtl_set_stalls(r, 0.0, 0.0);
		if (cc_rtl_run_sweep(r, pe, ne, phase == 1 ? 4000 : 0, ur, cap, &nout, lg, cap,
				     &nlog)) {
			CHECK(0, "sweep run failed in phase %d", phase);
			break;
		}
		memset(seen, 0, sizeof(seen));
		for (size_t i = 0; i < nlog; i++) {
			struct cc_rtl_entry *e = &lg[i];
			struct hpcc_update ux;
			int expect = 1;

			if (!e->sweep) {
				struct hpcc_event x = pe[e->idx];

				x.now_us = e->now_us;
				x.period = e->period;
				ref_event(fx, &x, &ux);
			} else {
				struct hpcc_event x;
				unsigned q = e->qpn % fx->nqp;

				memset(&x, 0, sizeof(x));
				x.type = HPCC_EV_TICK;
				x.qpn = e->qpn;
				x.now_us = e->now_us;
				x.period = e->period;
				ticks++;
				expect = 0;
				if (fx->mode[q] == HPCC_MODE_DCQCN) {
					struct hpcc_update uh;

					dcqcn_fx_event(fx->d, &x, &ux);
					if (ux.flags & (DCQCN_UF_DEC | DCQCN_UF_INC_T | DCQCN_UF_INC_BC)) {
						/* an Update goes out: the HPCC model counts it */
						hpcc_fx_event(fx->h, &x, &uh);
						ux.w_q4 = hpcc_fx_derived(fx->h)->wmax;
						expect = 1;
						tick_upd++;
						tick_inc += !!(ux.flags & DCQCN_UF_INC_T);
					}
				}
				/* passes: QPNs rise within a pass; a lower one starts the next */
				if (in_pass && e->qpn <= prev_q) {
					if (phase == 1 && in_pass > 1) {
						for (unsigned q2 = 0; q2 < nq; q2++)
							pass_bad += seen[q2] !=
								(fx->mode[q2] == HPCC_MODE_DCQCN);
						passes_checked++;
					}
					if (phase == 1 && ((e->now_us - pass_start_now) & 0xfffff) + 1 <
							  pass_us)
						pass_bad++;
					in_pass++;
					pass_start_now = e->now_us;
					memset(seen, 0, sizeof(seen));
				} else if (!in_pass) {
					in_pass = 1;
					pass_start_now = e->now_us;
				}
				if (e->qpn < nq)
					seen[e->qpn]++;
				else
					pass_bad += phase == 1;
				if (phase == 2 && have_prev && e->qpn > prev_q) {
					/* the guaranteed share, within a pass */
					size_t gap = (size_t)(e->cycle - prev_tick);
					size_t allow = 16 + 2 * ((e->qpn >> 6) - (prev_q >> 6)) + 2;

					gaps++;
					if (gap > worst_gap)
						worst_gap = gap;
					share_bad += gap > allow;
				}
				prev_tick = e->cycle;
				prev_q = e->qpn;
				have_prev = 1;
			}
			if (!expect)
				continue;
			nexp++;
			if (k >= nout || !same_update(&ur[k], &ux)) {
				if (bad < 5) {
					fprintf(stderr, "  sweep phase %d: mismatch at entry %zu (%s qpn %u)\n",
						phase, i, e->sweep ? "sweeper TICK" : "event", e->qpn);
					if (k < nout)
						print_update("rtl", &ur[k]);
					print_update("fixed", &ux);
				}
				bad++;
			}
			k++;
		}
		if (k != nout) {
			CHECK(0, "sweep phase %d: %zu Updates out, %zu expected", phase, nout, k);
		}
		printf("  sweep phase %d (%s): %zu events, %zu entries, %zu Updates\n", phase,
		       phase == 0 ? "random events" : phase == 1 ? "no events" : "saturated input",
		       ne, nlog, nout);
	}
	printf("DCQCN sweeper (pass %u us, %u cycles/us, %u QPs): %zu TICKs, %zu with an Update "
	       "(%zu timer increases), %zu passes checked, %llu passes in all; "
	       "saturated input: %zu gaps, longest %zu cycles; %zu of %zu Updates differ\n",
	       pass_us, cyc_us, nq, ticks, tick_upd, tick_inc, passes_checked,
	       (unsigned long long)cc_rtl_sweep_passes(r), gaps, worst_gap, bad, nexp);
	CHECK(bad == 0, "sweeper run: %zu Updates differ from the models", bad);
	CHECK(pass_bad == 0, "sweeper: %zu passes ticked the wrong QPs or started early", pass_bad);
	CHECK(passes_checked >= 10, "sweeper: only %zu passes checked", passes_checked);
	CHECK(share_bad == 0 && gaps > 100, "sweeper: %zu TICKs waited too long (of %zu)", share_bad,
	      gaps);
	CHECK(tick_inc > 0, "sweeper: no TICK raised a rate");
	CHECK(compare_counters(r, fx), "counters differ");
	ref_free(fx);
	cc_rtl_free(r);
	free(ev);
	free(ur);
	free(lg);
}

/* ---- figures for make bench ---- */

/* ---- Variable AI and Sampling Frequency ---- */

/*
 * A random VAI/SF set, in range (the library refuses the rest): mostly
 * values that make tokens and SF commits frequent on gen_event's queues
 * (up to 2000 x 80 B, sometimes 0xffff), some at the ranges' edges.
 */
static void vaisf_random_params(struct hpcc_vaisf_params *v)
{
	double x = rndf();

	v->thresh_bytes = x < 0.1 ? 1 : x < 0.2 ? HPCC_VAI_THRESH_MAX : 1 + rndr(200000);
	x = rndf();
	v->ai_div_bytes = x < 0.1 ? 1 : x < 0.2 ? HPCC_VAI_DIV_MAX : 1 + rndr(x < 0.6 ? 2000 : 100000);
	x = rndf();
	v->bank_cap = x < 0.1 ? 0 : x < 0.2 ? HPCC_VAI_BANK_MAX : rndr(HPCC_VAI_BANK_MAX + 1);
	x = rndf();
	v->ai_cap = x < 0.1 ? 1 : x < 0.2 ? HPCC_VAI_AICAP_MAX : 1 + rndr(HPCC_VAI_AICAP_MAX);
	v->damp_shift = rndr(HPCC_VAI_DSHIFT_MAX + 1);
	x = rndf();
	v->sf_acks = x < 0.1 ? 1 : x < 0.2 ? HPCC_SF_N_MAX : 1 + rndr(40);
}

static void test_vaisf(const struct opts *o)
{
	struct hpcc_user_params up;
	struct hpcc_params p;
	struct cc_rtl_opts ro = { .seed = o->seed ^ 0x7a1, .in_idle_prob = 0.2,
				  .out_stall_prob = 0.3, .fst_path = o->fst };
	const size_t seg = 10000;
	unsigned nqp = 1u << cc_rtl_qpn_bits();
	size_t cap = seg + 64;
	struct hpcc_event *ev = malloc(cap * sizeof(*ev));
	struct hpcc_update *ur = malloc(cap * sizeof(*ur)), *uf = malloc(cap * sizeof(*uf));
	struct cc_rtl *r;
	struct ref *fx;
	size_t done = 0, bad = 0, tok_gt1 = 0, sf_commits = 0, gens = 0, b2b = 0;
	unsigned mix[4] = { 0 };
	time_t t0 = time(NULL);

	hpcc_user_params_default(&up);
	params_for(&up, &p);
	r = cc_rtl_new(&p, &ro);
	fx = ref_new(nqp, &p);
	if (!r || !fx || !ev || !ur || !uf) {
		CHECK(0, "setup failed");
		return;
	}
	printf("VAI/SF: %zu events in segments of %zu, each with a random VAI/SF set and its "
	       "QPs INIT'ed into random options and modes; idle 20%%, backpressure 30%%\n",
	       o->vai_events, seg);
	for (unsigned si = 0; done < o->vai_events; si++) {
		/* the many-QPs profile on 64 QPs too: options on every QP it hits */
		enum profile prof = (enum profile)(si % P_COUNT);
		unsigned sq = 64;
		size_t n = 0, len = o->vai_events - done < seg ? o->vai_events - done : seg;
		struct cc_rtl_stats st;
		struct gen g;
		double x;

		vaisf_random_params(&p.vs);
		/* W_AI up to its maximum: tokens x W_AI saturates at W's 2^26 - 1 */
		x = rndf();
		p.wai_q4 = x < 0.5 ? 80 * 16 : x < 0.75 ? HPCC_WAI_MAX : rndr(HPCC_WAI_MAX + 1);
		if (cc_rtl_set_params(r, &p)) {
			CHECK(0, "VAI/SF parameters not taken");
			break;
		}
		hpcc_fx_set_params(fx->h, &p);
		gen_init(&g, prof, sq);
		g.opts = 1;
		g.ovr = 1;
		/* every QP of the segment into an option mix; a quarter into DCQCN */
		for (unsigned q = 0; q < sq; q++) {
			struct hpcc_event *e = &ev[n++];

			memset(e, 0, sizeof(*e));
			e->type = HPCC_EV_INIT;
			e->qpn = q;
			e->mode = rndf() < 0.25 ? HPCC_MODE_DCQCN : HPCC_MODE_HPCC;
			e->cc_opts = rndr(4) << 1;
			gen_override(&g, e);
			if (e->mode == HPCC_MODE_HPCC)
				mix[e->cc_opts >> 1]++;
		}
		for (size_t i = 0; i < len; i++)
			gen_event(&g, &ev[n++]);
		free(g.qp);
		for (size_t i = 0; i < n; i++) {
			ref_event(fx, &ev[i], &uf[i]);
			tok_gt1 += uf[i].ai_tokens > 1;
			sf_commits += !!(uf[i].flags & HPCC_UF_SF);
			gens += !!(uf[i].flags & HPCC_UF_VAI_GEN);
			b2b += i && ev[i].qpn == ev[i - 1].qpn && (uf[i].flags & HPCC_UF_ACTIVE);
		}
		if (cc_rtl_run(r, ev, n, ur, &st)) {
			CHECK(0, "engine hung in segment %u", si);
			break;
		}
		bad += compare_runs(ev, ur, uf, n, done);
		done += len;
		fprintf(stderr, "  [%3.0f%%] %zu events, profile %-9s, thresh %u div %u bank %u "
			"cap %u shift %u N %u, %zu mismatches (%lds)\n",
			100.0 * (double)done / (double)o->vai_events, done, profile_name[prof],
			p.vs.thresh_bytes, p.vs.ai_div_bytes, p.vs.bank_cap, p.vs.ai_cap,
			p.vs.damp_shift, p.vs.sf_acks, bad, (long)(time(NULL) - t0));
	}
	printf("  HPCC QPs INIT'ed with none/VAI/SF/VAI+SF: %u/%u/%u/%u; updates with more than "
	       "one token %zu, SF commits %zu, token RTTs %zu, active events right behind their "
	       "QP's %zu\n", mix[0], mix[1], mix[2], mix[3], tok_gt1, sf_commits, gens, b2b);
	printf("  RTL vs fixed model: %zu events, %zu mismatches\n", done, bad);
	CHECK(bad == 0, "RTL differs from the fixed model on %zu of %zu VAI/SF events", bad, done);
	/* the stimulus must reach what it is meant to test */
	if (o->vai_events >= 50000)
		CHECK(tok_gt1 > 100 && sf_commits > 100 && gens > 100 && b2b > 1000,
		      "VAI/SF coverage too low");
	CHECK(compare_counters(r, fx), "counters differ");
	ref_free(fx);
	cc_rtl_free(r);
	free(ev);
	free(ur);
	free(uf);
}

static void bench(const struct opts *o)
{
	struct hpcc_user_params up;
	struct hpcc_params p;
	struct cc_rtl_opts ro = { .seed = o->seed };
	const size_t n = 200000;
	struct hpcc_event *ev = malloc((n + 8192) * sizeof(*ev));
	struct hpcc_update *ur = malloc((n + 8192) * sizeof(*ur));
	struct cc_rtl *r;

	hpcc_user_params_default(&up);
	params_for(&up, &p);
	r = cc_rtl_new(&p, &ro);
	for (int prof = 0; prof < 2; prof++) {
		struct cc_rtl_stats st;

		gen_stream(prof ? P_SINGLE : P_MANY, 4096, n, ev, NULL, NULL);
		for (size_t i = 0; i < n; i++)
			ev[i].type = HPCC_EV_ACK;   /* throughput of ACKs */
		if (cc_rtl_run(r, ev, n, ur, &st)) {
			CHECK(0, "engine hung");
			break;
		}
		printf("cc bench: %s: %zu ACKs accepted in %llu cycles: %.4f ACKs/cycle sustained;"
		       " latency ACK->Update min %llu mean %.2f max %llu cycles\n",
		       prof ? "single QP, back-to-back" : "random QPs (4096)", n,
		       (unsigned long long)(st.last_accept - st.first_accept + 1),
		       (double)n / (double)(st.last_accept - st.first_accept + 1),
		       (unsigned long long)st.lat_min, st.lat_mean, (unsigned long long)st.lat_max);
	}
	/* an INIT with the override every 100 events: it waits 7 cycles at the
	 * input while its set is derived, the others keep II = 1 */
	{
		struct cc_rtl_stats st;
		size_t ninit = 0;

		gen_stream(P_MANY, 4096, n, ev, NULL, NULL);
		for (size_t i = 0; i < n; i++) {
			ev[i].type = HPCC_EV_ACK;
			if (i % 100 == 99) {
				ev[i].type = HPCC_EV_INIT;
				ev[i].mode = HPCC_MODE_HPCC;
				ev[i].cc_opts = HPCC_OPT_OVERRIDE;
				ev[i].t_ns = 2000 + rndr(20000);
				ev[i].wai_q4 = 80 * 16;
				ev[i].max_stage = 5;
				ninit++;
			}
		}
		if (cc_rtl_run(r, ev, n, ur, &st)) {
			CHECK(0, "engine hung");
		} else {
			printf("cc bench: random QPs (4096), an INIT with the override every 100 events "
			       "(%zu): %zu events accepted in %llu cycles: %.4f events/cycle; latency "
			       "min %llu mean %.2f max %llu cycles\n", ninit, n,
			       (unsigned long long)(st.last_accept - st.first_accept + 1),
			       (double)n / (double)(st.last_accept - st.first_accept + 1),
			       (unsigned long long)st.lat_min, st.lat_mean,
			       (unsigned long long)st.lat_max);
		}
	}
	/* every QP INIT into DCQCN mode, then ACK, CNP and TICK events */
	for (int prof = 0; prof < 2; prof++) {
		struct dcqcn_params dp = { .period_us = 1 };
		struct cc_rtl_stats st;
		uint64_t tus = 0;
		struct gen g;
		size_t m;

		gen_init(&g, prof ? P_SINGLE : P_MANY, 4096);
		m = dcqcn_segment(&g, n + 4096, &tus, &dp, 0.1, ev);
		free(g.qp);
		for (size_t i = 0; i < m; i++)
			if (ev[i].type == HPCC_EV_INIT)
				ev[i].mode = HPCC_MODE_DCQCN;
		if (cc_rtl_run(r, ev, 4096, ur, NULL) || cc_rtl_run(r, ev + 4096, m - 4096, ur, &st)) {
			CHECK(0, "engine hung");
			break;
		}
		printf("cc bench: DCQCN, %s: %zu events (ACK, CNP, TICK) accepted in %llu cycles: "
		       "%.4f events/cycle sustained; latency min %llu mean %.2f max %llu cycles\n",
		       prof ? "single QP, back-to-back" : "random QPs (4096)", m - 4096,
		       (unsigned long long)(st.last_accept - st.first_accept + 1),
		       (double)(m - 4096) / (double)(st.last_accept - st.first_accept + 1),
		       (unsigned long long)st.lat_min, st.lat_mean, (unsigned long long)st.lat_max);
	}
	cc_rtl_free(r);
	free(ev);
	free(ur);
}

static void usage(FILE *f)
{
	fprintf(f,
		"usage: tb_cc [--seed N] [--events N] [--dcqcn-events N] [--vai-events N] [--vai-only]\n"
		"             [--fst FILE] [--bench]\n"
		"  --seed N     random seed (default: time-based, printed)\n"
		"  --events N   random events for the RTL-vs-model test (default 1000000)\n"
		"  --dcqcn-events N  random events of the DCQCN-beside-HPCC test (default 100000)\n"
		"  --vai-events N  random events of the VAI/SF test (default 100000)\n"
		"  --vai-only   run the VAI/SF test alone\n"
		"  --fst FILE   write FST waves of the random test (large)\n"
		"  --bench      print throughput and latency figures instead of testing\n");
}

int main(int argc, char **argv)
{
	static const struct option lo[] = {
		{ "seed", required_argument, NULL, 's' },
		{ "events", required_argument, NULL, 'n' },
		{ "dcqcn-events", required_argument, NULL, 'd' },
		{ "vai-events", required_argument, NULL, 'v' },
		{ "vai-only", no_argument, NULL, 'V' },
		{ "fst", required_argument, NULL, 'f' },
		{ "bench", no_argument, NULL, 'b' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct opts o = { .seed = (uint64_t)time(NULL), .events = 1000000, .dcqcn_events = 100000,
			  .vai_events = 100000 };
	int c;

	while ((c = getopt_long(argc, argv, "h", lo, NULL)) != -1) {
		switch (c) {
		case 's': o.seed = strtoull(optarg, NULL, 0); break;
		case 'n': o.events = strtoull(optarg, NULL, 0); break;
		case 'd': o.dcqcn_events = strtoull(optarg, NULL, 0); break;
		case 'v': o.vai_events = strtoull(optarg, NULL, 0); break;
		case 'V': o.vai_only = 1; break;
		case 'f': o.fst = optarg; break;
		case 'b': o.bench = 1; break;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
	}
	printf("tb_cc: seed %llu (rerun with --seed %llu)\n", (unsigned long long)o.seed,
	       (unsigned long long)o.seed);
	tb_seed(o.seed * 0x9e3779b97f4a7c15ull + 0x1234567);
	if (o.bench) {
		bench(&o);
		return tb_failures ? 1 : 0;
	}
	if (o.vai_only) {
		test_vaisf(&o);
		printf("tb_cc: %s (%d failures)\n", tb_failures ? "FAILED" : "PASSED", tb_failures);
		return tb_failures ? 1 : 0;
	}
	test_absurd(&o);
	test_params(&o);
	test_incast(&o, 16);
	test_incast(&o, 64);
	test_dcqcn_clock(&o);
	test_dcqcn_sweep(&o);
	test_dcqcn(&o);
	test_random(&o);
	test_vaisf(&o);
	printf("tb_cc: %s (%d failures)\n", tb_failures ? "FAILED" : "PASSED", tb_failures);
	return tb_failures ? 1 : 0;
}
