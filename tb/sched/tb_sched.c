/* SPDX-License-Identifier: MIT */
/*
 * tb_sched: cycle-accurate tests and figures of rtl/sched/hpnic_flow_sched.
 *
 * Tests (default):
 *   basic      one QP: packet lengths, byte count, the QP leaves the scan
 *   bad-input  work for an absent QP, MTU 0, snd_una ahead of snd_nxt
 *   remove     remove while sending, re-create, counters restart
 *   lone       (b) one QP of 4096 created reaches line rate, 1 KiB and 64 B
 *   window     (d) window-limited QPs with W changing, W below one packet,
 *              plus a mutated check that must fire
 *   random     random creates/removes/work/MTU/Update with the ACK loop,
 *              random idle cycles on every input, random PktSend stalls;
 *              every byte posted is sent exactly once
 *   many       (a) 4096 QPs at 64 B, shortened
 *   jain       equal-rate QPs under PktSend stalls
 *   latency    Update rate change to first use
 * --bench runs the long figures (a)-(c), Jain and latency and prints them.
 *
 * Every run prints its seed; --seed reruns it.
 */
#define _POSIX_C_SOURCE 200809L
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tb_env.h"

#define LINE_GBPS 100.0
#define LINE_Q16 819200u                /* 12.5 B/ns */
#define T_NS 12000u                     /* T: W_init = 150000 bytes */
#define RTT_NS 10000u                   /* ACK model delay */
#define BURST_BYTES 2048u               /* credit bucket beyond one MTU packet */

/* --load: the share of line rate of figure (a); --verbose: per-trial detail */
static double g_load = 0.95;
static int g_verbose;

struct opts {
	uint64_t seed;
	int bench;
	int slow;
	int verbose;
	double load;
	unsigned nmin;
	const char *nlist;
	const char *only;
	const char *fst;
};

static struct sched_params default_params(uint32_t mtu)
{
	struct sched_params p = {
		.line_rate_q16 = LINE_Q16,
		.t_ns = T_NS,
		.pkt_overhead = WIRE_OVERHEAD,
		.burst_bytes = BURST_BYTES,
		.mtu_default = mtu,
	};
	return p;
}

static uint32_t winit(const struct sched_params *p)
{
	uint64_t w = ((uint64_t)p->line_rate_q16 * p->t_ns) >> 16;

	return w > 0x3fffff ? 0x3fffff : (uint32_t)w;
}

static uint64_t us_cycles(const struct env *e, double us)
{
	return (uint64_t)(us * 1000.0 / e->clk_ns + 0.5);
}

static void env_checks_clean(struct env *e, const char *name)
{
	struct sched_stats s;

	sched_rtl_stats(e->r, &s);
	CHECK(e->win_viol == 0, "%s: %llu window violations", name, (unsigned long long)e->win_viol);
	CHECK(e->mtu_viol == 0, "%s: %llu MTU violations", name, (unsigned long long)e->mtu_viol);
	CHECK(e->bytes_viol == 0, "%s: %llu byte violations", name, (unsigned long long)e->bytes_viol);
	CHECK(e->removed_viol == 0, "%s: %llu sends for removed QPs", name,
	      (unsigned long long)e->removed_viol);
	CHECK(!s.overflow, "%s: a ring overflowed", name);
	CHECK(s.pktsend == e->nhs, "%s: DUT counted %llu PktSend, TB %llu", name,
	      (unsigned long long)s.pktsend, (unsigned long long)e->nhs);
}

/* create QPs, set their MTU, W and rate, and wait until applied */
static void setup_qps(struct env *e, const uint32_t *qpn, unsigned n, uint32_t mtu, uint32_t w,
		      const uint32_t *rate)
{
	/* events for a QP may only follow its create's acceptance */
	for (unsigned i = 0; i < n; i++)
		env_create(e, qpn[i]);
	CHECK(env_drain_inputs(e, 50ull * n + 10000) == 0, "setup: creates not accepted");
	for (unsigned i = 0; i < n; i++) {
		env_mtu(e, qpn[i], mtu);
		env_update(e, qpn[i], w, rate[i]);
	}
	CHECK(env_drain_inputs(e, 50ull * n + 10000) == 0, "setup: inputs not accepted");
}

static uint64_t visits_total(struct env *e)
{
	struct sched_stats s;
	uint64_t v = 0;

	sched_rtl_stats(e->r, &s);
	for (unsigned i = 0; i < e->engines; i++)
		v += s.visits[i];
	return v;
}

/* ---- basic ---- */

static void test_basic(const struct opts *o)
{
	struct sched_params p = default_params(1000);
	struct env *e = env_new(&p, o->fst);
	uint32_t qpn = 5 % e->nqp, rate = LINE_Q16;
	uint32_t lens[8];
	unsigned nl = 0;
	uint64_t v0, v1;

	(void)o;
	e->tx_gbps = LINE_GBPS;
	setup_qps(e, &qpn, 1, 1000, winit(&p), &rate);
	CHECK(visits_total(e) == 0, "basic: visits before any work");
	env_work(e, qpn, 3500);
	for (uint64_t c = 0; c < 2000; c++) {
		uint64_t before = e->q[qpn].sent;

		env_step(e);
		if (e->q[qpn].sent != before && nl < 8)
			lens[nl++] = (uint32_t)(e->q[qpn].sent - before);
	}
	CHECK(nl == 4 && lens[0] == 1000 && lens[1] == 1000 && lens[2] == 1000 && lens[3] == 500,
	      "basic: 3500 bytes at MTU 1000 went as %u packets (%u %u %u %u)", nl,
	      nl > 0 ? lens[0] : 0, nl > 1 ? lens[1] : 0, nl > 2 ? lens[2] : 0, nl > 3 ? lens[3] : 0);
	CHECK(e->q[qpn].sent == 3500, "basic: sent %llu of 3500", (unsigned long long)e->q[qpn].sent);
	/* nothing pending: the QP has left the scan, so the engines stop visiting */
	v0 = visits_total(e);
	env_run(e, 1000);
	v1 = visits_total(e);
	CHECK(v1 == v0, "basic: %llu visits while no QP has work", (unsigned long long)(v1 - v0));
	/* more work brings it back; the MTU change applies to it */
	env_mtu(e, qpn, 300);
	env_run(e, 50);
	env_work(e, qpn, 700);
	env_run(e, 2000);
	CHECK(e->q[qpn].sent == 4200, "basic: sent %llu of 4200", (unsigned long long)e->q[qpn].sent);
	CHECK(e->q[qpn].pkts == 7, "basic: %llu packets, want 7 (4 + 300/300/100)",
	      (unsigned long long)e->q[qpn].pkts);
	env_checks_clean(e, "basic");
	printf("  basic: 3500 B at MTU 1000 -> 1000/1000/1000/500; idle QP costs 0 visits; MTU 300 -> 3 packets\n");
	env_free(e);
}

/* ---- bad input ---- */

static void test_bad_input(const struct opts *o)
{
	struct sched_params p = default_params(1024);
	struct env *e = env_new(&p, NULL);
	uint32_t a = 9 % e->nqp, b = 10 % e->nqp, rate = LINE_Q16;
	struct sched_stats s;

	(void)o;
	e->tx_gbps = LINE_GBPS;
	e->quiet = 1;              /* the bad ACK below makes the TB's window view meaningless */
	setup_qps(e, &a, 1, 1024, winit(&p), &rate);
	/* work for a QP never created: counted, nothing sent */
	env_work(e, b, 5000);
	/* MTU 0: rejected and counted, the QP keeps its MTU */
	env_mtu(e, a, 0);
	env_run(e, 100);
	env_work(e, a, 2048);
	env_run(e, 1000);
	sched_rtl_stats(e->r, &s);
	CHECK(s.work_invalid == 1, "bad-input: work_invalid %llu, want 1", (unsigned long long)s.work_invalid);
	CHECK(s.mtu_invalid == 1, "bad-input: mtu_invalid %llu, want 1", (unsigned long long)s.mtu_invalid);
	CHECK(e->q[a].sent == 2048 && e->q[a].pkts == 2, "bad-input: QP sent %llu in %llu packets",
	      (unsigned long long)e->q[a].sent, (unsigned long long)e->q[a].pkts);
	CHECK(e->q[b].pkts == 0, "bad-input: the absent QP sent");
	/* snd_una beyond snd_nxt: counted, treated as nothing in flight */
	env_update(e, a, 1024, LINE_Q16);
	env_ack_raw(e, a, 1u << 30);
	env_run(e, 50);
	env_work(e, a, 1024);
	env_run(e, 500);
	sched_rtl_stats(e->r, &s);
	CHECK(s.ack_ahead > 0, "bad-input: snd_una ahead was not counted");
	CHECK(e->q[a].sent == 3072, "bad-input: QP stalled after a bad ACK (sent %llu)",
	      (unsigned long long)e->q[a].sent);
	/* the TB's window view is meaningless after the bad ACK: not checked */
	e->win_viol = 0;
	env_checks_clean(e, "bad-input");
	printf("  bad-input: work for absent QP, MTU 0, snd_una ahead: counted, nothing lost\n");
	env_free(e);
}

/* ---- remove / re-create ---- */

static void test_remove(const struct opts *o)
{
	struct sched_params p = default_params(1024);
	struct env *e = env_new(&p, NULL);
	uint32_t a = 3 % e->nqp, rate = gbps_q16(10);
	uint64_t v0, v1, sent0, pk0;

	(void)o;
	e->tx_gbps = LINE_GBPS;
	e->rtt_ps = RTT_NS * 1000ull;
	setup_qps(e, &a, 1, 1024, winit(&p), &rate);
	env_work(e, a, 1u << 30);
	env_run(e, us_cycles(e, 20));
	CHECK(e->q[a].pkts > 10, "remove: QP did not send before the remove");
	env_remove(e, a);
	env_drain_inputs(e, 1000);
	sent0 = e->q[a].sent;
	env_run(e, 2000);
	v0 = visits_total(e);
	env_run(e, 1000);
	v1 = visits_total(e);
	CHECK(v1 == v0, "remove: removed QP still visited (%llu)", (unsigned long long)(v1 - v0));
	CHECK(e->q[a].sent - sent0 <= 4u * 1024, "remove: %llu bytes after the remove",
	      (unsigned long long)(e->q[a].sent - sent0));
	/* re-create: byte sequence restarts at 0, W and rate reset, MTU default */
	env_run(e, us_cycles(e, 20));
	env_create(e, a);
	env_drain_inputs(e, 1000);
	pk0 = e->q[a].pkts;
	env_work(e, a, 5000);
	env_run(e, 2000);
	CHECK(e->q[a].sent == 5000 && e->q[a].pkts - pk0 == 5, "remove: re-created QP sent %llu in %llu",
	      (unsigned long long)e->q[a].sent, (unsigned long long)(e->q[a].pkts - pk0));
	env_checks_clean(e, "remove");
	printf("  remove: sending stops, QP leaves the scan; re-create restarts at byte 0\n");
	env_free(e);
}

/* ---- rate figures ---- */

struct rate_res {
	unsigned n;
	double set_gbps, agg_gbps;
	double win_max_err, win_ok_frac;   /* per 1 ms window, first-to-last departure */
	uint64_t win_samples, win_bad;     /* windows measured, and beyond 1% */
	uint64_t win_unmeasurable;         /* windows with fewer than 2 departures */
	double cnt_max_err;                /* per 1 ms window, bytes counted / 1 ms */
	double long_max_err;               /* whole interval, first-to-last departure */
	double jain;                       /* bytes per QP / set rate, whole interval */
	double max_err_qp_gbps;
	uint32_t worst_qpn, worst_win;
	uint64_t bucket_viol;
	double visit_rate;                 /* visits per cycle per engine while measuring */
	double no_room_frac;               /* visits that found no slot */
};

struct winacc {
	uint64_t first, last;
	uint64_t sum_after_first, sum;
	uint32_t cnt;
};

/*
 * Per-QP rates from the departure log over [t0, t0 + nwin x win).
 *  - window rate: within one window, the charge of every departure after the
 *    first divided by the time from the first to the last departure. Each
 *    departure happens when the QP's credit covers its packet, quantized to
 *    the QP's visits and delayed by the PktSend queues, so this measures the
 *    rate the scheduler paces at, to within (scan jitter)/(window span),
 *    instead of counting whole packets (a QP at 23 Mb/s sends 2.6 packets of
 *    1 KiB per ms: counting alone has a 40% granularity).
 *  - count rate: bytes departing in the window / window; printed for
 *    reference, with its packet granularity.
 *  - long rate: the window rate over the whole interval.
 * Also checks every departure of the run against a token bucket of the QP's
 * rate, depth one MTU packet + the burst bytes plus rate x the largest decision-to-departure
 * bound seen (the scheduler may not send faster than its rate allows).
 */
static void analyze(struct env *e, const uint32_t *qpn, const uint32_t *rate, unsigned n,
		    uint64_t t0, uint64_t win, unsigned nwin, uint32_t mtu, struct rate_res *r)
{
	unsigned *idx = malloc(e->nqp * sizeof(*idx));
	struct winacc *w = calloc((size_t)n * (nwin + 1), sizeof(*w));
	double *tok = malloc(n * sizeof(*tok));
	uint64_t *tlast = calloc(n, sizeof(*tlast));
	double lag_ps = (double)e->max_lag_cycles * e->clk_ns * 1000.0;
	uint64_t t1 = t0 + win * nwin, total = 0;
	double set_total = 0, sx = 0, sxx = 0;

	if (!idx || !w || !tok || !tlast) {
		perror("alloc");
		exit(2);
	}
	memset(r, 0, sizeof(*r));
	for (unsigned i = 0; i < e->nqp; i++)
		idx[i] = ~0u;
	for (unsigned i = 0; i < n; i++) {
		idx[qpn[i]] = i;
		tok[i] = -1;
		set_total += q16_gbps(rate[i]);
	}
	for (size_t k = 0; k < e->ndep; k++) {
		const struct dep *d = &e->dep[k];
		unsigned i = idx[d->qpn];
		double bps = rate[i] / 65536.0 / 1000.0;          /* bytes per ps */
		double depth = (double)(mtu + WIRE_OVERHEAD + e->p.burst_bytes) + bps * lag_ps;

		if (i == ~0u)
			continue;
		if (tok[i] < 0)
			tok[i] = depth;
		else
			tok[i] = fmin(depth, tok[i] + bps * (double)(d->t_ps - tlast[i]));
		tlast[i] = d->t_ps;
		tok[i] -= d->charge;
		if (tok[i] < -0.5) {
			r->bucket_viol++;
			tok[i] = 0;
		}
		if (d->t_ps < t0 || d->t_ps >= t1)
			continue;
		for (unsigned wi = 0; wi <= nwin; wi++) {
			struct winacc *a;

			/* window wi < nwin: that 1 ms; wi == nwin: the whole interval */
			if (wi < nwin && (d->t_ps - t0) / win != wi)
				continue;
			a = &w[(size_t)i * (nwin + 1) + wi];
			if (!a->cnt)
				a->first = d->t_ps;
			else
				a->sum_after_first += d->charge;
			a->last = d->t_ps;
			a->sum += d->charge;
			a->cnt++;
		}
		total += d->charge;
	}
	r->n = n;
	r->set_gbps = set_total;
	r->agg_gbps = total * 8.0 / ((double)(t1 - t0) / 1000.0);
	for (unsigned i = 0; i < n; i++) {
		double set = q16_gbps(rate[i]);

		for (unsigned wi = 0; wi <= nwin; wi++) {
			const struct winacc *a = &w[(size_t)i * (nwin + 1) + wi];
			double g, err;

			if (a->cnt < 2) {
				/* one departure or none: no rate to measure */
				if (wi == nwin)
					r->long_max_err = INFINITY;
				else
					r->win_unmeasurable++;
				continue;
			}
			g = a->sum_after_first * 8.0 / ((double)(a->last - a->first) / 1000.0);
			err = fabs(g / set - 1.0);
			if (wi == nwin) {
				if (err > r->long_max_err)
					r->long_max_err = err;
				sx += a->sum / set;
				sxx += (a->sum / set) * (a->sum / set);
			} else {
				double c = a->sum * 8.0 / ((double)win / 1000.0);
				double cerr = fabs(c / set - 1.0);

				r->win_samples++;
				if (err <= 0.01)
					r->win_ok_frac += 1;
				else
					r->win_bad++;
				if (err > r->win_max_err) {
					r->win_max_err = err;
					r->max_err_qp_gbps = set;
					r->worst_qpn = qpn[i];
					r->worst_win = wi;
				}
				if (cerr > r->cnt_max_err)
					r->cnt_max_err = cerr;
			}
		}
	}
	if (r->win_samples)
		r->win_ok_frac /= (double)r->win_samples;
	r->jain = sxx > 0 ? sx * sx / (n * sxx) : 0;
	if (g_verbose && r->win_samples) {
		printf("    worst QP %u window %u (%.3f%%): departures (us):", r->worst_qpn, r->worst_win,
		       100 * r->win_max_err);
		for (size_t k = 0; k < e->ndep; k++)
			if (e->dep[k].qpn == r->worst_qpn && e->dep[k].t_ps >= t0 + win * r->worst_win &&
			    e->dep[k].t_ps < t0 + win * (r->worst_win + 1))
				printf(" %.3f", (e->dep[k].t_ps - t0) / 1e6);
		printf("\n");
	}
	free(idx);
	free(w);
	free(tok);
	free(tlast);
}

struct scen {
	const char *name;
	unsigned n;                /* active QPs */
	const uint32_t *rate;      /* per active QP */
	uint32_t payload;
	double warm_us, win_us;
	unsigned nwin;
	double stall, stall_burst, idle;
	int create_all;            /* create every QP of the model (the rest idle) */
	int sync;                  /* all QPs start together (else at random phases) */
};

/*
 * Start the active QPs. They are created with a negligible rate (1/65536
 * B/ns) and given their work, so that they are scanned and hold no credit;
 * then each is raised to its rate by an Update. Unless s->sync, each QP's
 * Update comes at a random time within the longest packet period of the set,
 * so that the QPs' send phases are independent, as for flows that start at
 * unrelated times; with s->sync all come at once and the QPs' packets fall
 * due in lock-step waves. (Raising an idle QP's rate instead would credit it
 * at the new rate for all the time since its create: a full bucket each, a
 * 4-packet burst from every QP at once.)
 */
static void start_qps(struct env *e, const struct scen *s, const uint32_t *qpn, uint32_t w)
{
	uint32_t *tiny = malloc(s->n * sizeof(*tiny));
	uint64_t *at = malloc(s->n * sizeof(*at));
	uint8_t *st = calloc(s->n, 1);
	uint32_t rmin = ~0u;
	uint64_t period, t0;
	unsigned started = 0;

	for (unsigned i = 0; i < s->n; i++) {
		tiny[i] = 1;
		if (s->rate[i] < rmin)
			rmin = s->rate[i];
	}
	setup_qps(e, qpn, s->n, s->payload, w, tiny);
	for (unsigned i = 0; i < s->n; i++)
		env_work(e, qpn[i], 0x7fffffffu);
	CHECK(env_drain_inputs(e, 10ull * s->n + 10000) == 0, "start: work not accepted");
	/* a round of every engine, so that every QP has been visited */
	env_run(e, 2 * (e->nqp / e->engines) + 100);
	/* cycles per packet of the slowest QP: charge / rate */
	period = (uint64_t)((s->payload + WIRE_OVERHEAD) * 65536.0 / rmin / e->clk_ns);
	t0 = e->cyc;
	for (unsigned i = 0; i < s->n; i++)
		at[i] = t0 + (s->sync ? 0 : rndr((uint32_t)(period ? period : 1)));
	while (started < s->n) {
		for (unsigned i = 0; i < s->n; i++) {
			if (!st[i] && e->cyc >= at[i]) {
				env_update(e, qpn[i], w, s->rate[i]);
				st[i] = 1;
				started++;
			}
		}
		env_step(e);
	}
	free(tiny);
	free(at);
	free(st);
}

static void run_scen(const struct scen *s, struct rate_res *r, double *wall_s)
{
	struct sched_params p = default_params(s->payload);
	struct env *e = env_new(&p, NULL);
	uint32_t *qpn = malloc(e->nqp * sizeof(*qpn));
	uint32_t *rate = malloc(e->nqp * sizeof(*rate));
	struct timespec a, b;
	uint64_t t0;

	clock_gettime(CLOCK_MONOTONIC, &a);
	/* active QPs 0..n-1, spread over the engines by their low bits */
	for (unsigned i = 0; i < e->nqp; i++) {
		qpn[i] = i;
		rate[i] = i < s->n ? s->rate[i] : 1;
	}
	e->tx_gbps = LINE_GBPS;
	e->rtt_ps = RTT_NS * 1000ull;
	e->idle_prob = s->idle;
	if (s->create_all)
		setup_qps(e, qpn + s->n, e->nqp - s->n, s->payload, winit(&p), rate + s->n);
	start_qps(e, s, qpn, winit(&p));
	e->stall_prob = s->stall;
	e->stall_burst = s->stall_burst;
	e->log_deps = 1;
	t0 = env_now_ps(e) + (uint64_t)(s->warm_us * 1e6);
	env_run(e, us_cycles(e, s->warm_us));
	{
		struct sched_stats s0, s1;
		uint64_t c0 = e->cyc, v = 0;

		sched_rtl_stats(e->r, &s0);
		env_run(e, us_cycles(e, s->win_us * s->nwin) + 1);
		sched_rtl_stats(e->r, &s1);
		analyze(e, qpn, rate, s->n, t0, (uint64_t)(s->win_us * 1e6), s->nwin, s->payload, r);
		for (unsigned i = 0; i < e->engines; i++)
			v += s1.visits[i] - s0.visits[i];
		r->visit_rate = (double)v / e->engines / (double)(e->cyc - c0);
		r->no_room_frac = v ? (double)(s1.no_room - s0.no_room) / (double)v : 0;
	}
	env_checks_clean(e, s->name);
	clock_gettime(CLOCK_MONOTONIC, &b);
	if (wall_s)
		*wall_s = (double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) * 1e-9;
	free(qpn);
	free(rate);
	env_free(e);
}

/* the (a)/(c) criterion: aggregate >= 99% of the set total, every QP within
 * 1% in every 1 ms window; "n/a" when some windows hold fewer than 2 packets
 * of a QP (no per-window rate exists to check) */
static const char *verdict(const struct rate_res *r)
{
	if (r->agg_gbps < 0.99 * r->set_gbps || r->win_bad)
		return "FAIL";
	if (r->win_unmeasurable)
		return "n/a";
	return "PASS";
}

static void print_res(const char *label, const struct rate_res *r)
{
	printf("  %-22s n=%-5u set %7.3f Gb/s  agg %7.3f Gb/s (%6.2f%%)  1ms-window max err %6.3f%% "
	       "(%llu of %llu windows beyond 1%%%s)  long-run max err %6.3f%%  count-based max err %6.2f%%  "
	       "Jain %.5f  bucket viol %llu  visits/cycle/engine %.3f (%.2f%% found no slot)\n",
	       label, r->n, r->set_gbps, r->agg_gbps, 100.0 * r->agg_gbps / r->set_gbps,
	       100.0 * r->win_max_err, (unsigned long long)r->win_bad, (unsigned long long)r->win_samples,
	       r->win_unmeasurable ? ", windows with <2 packets left out" : "",
	       100.0 * r->long_max_err, 100.0 * r->cnt_max_err, r->jain,
	       (unsigned long long)r->bucket_viol, r->visit_rate, 100 * r->no_room_frac);
}

/* equal rates summing to total_gbps (Q8.16 rounding) */
static uint32_t *equal_rates(unsigned n, double total_gbps)
{
	uint32_t *rate = malloc(n * sizeof(*rate));
	uint32_t q = gbps_q16(total_gbps / n);

	for (unsigned i = 0; i < n; i++)
		rate[i] = q ? q : 1;
	return rate;
}

/* (a): n QPs at equal rates summing to 95 Gb/s */
static int fig_a(unsigned n, uint32_t payload, double warm_us, unsigned nwin, int sync,
		 struct rate_res *r, double *wall)
{
	uint32_t *rate = equal_rates(n, g_load * LINE_GBPS);
	struct scen s = { .name = "many", .n = n, .rate = rate, .payload = payload,
			  .warm_us = warm_us, .win_us = 1000, .nwin = nwin, .idle = 0.1,
			  .sync = sync };

	run_scen(&s, r, wall);
	free(rate);
	return !strcmp(verdict(r), "PASS");
}

/* (b): one QP at line rate, every other QP created and idle */
static double fig_b(uint32_t payload, double warm_us, double meas_us, struct rate_res *r)
{
	uint32_t rate = LINE_Q16;
	struct scen s = { .name = "lone", .n = 1, .rate = &rate, .payload = payload,
			  .warm_us = warm_us, .win_us = meas_us, .nwin = 1, .idle = 0.1,
			  .create_all = 1 };

	run_scen(&s, r, NULL);
	return r->agg_gbps / LINE_GBPS;
}

/* (c): one QP at 50 Gb/s and n QPs sharing 45 Gb/s */
static void fig_c(unsigned n, uint32_t payload, double warm_us, unsigned nwin, struct rate_res *r)
{
	uint32_t *rate = equal_rates(n + 1, 45.0 * (n + 1) / n);
	struct scen s = { .name = "mixed", .n = n + 1, .rate = rate, .payload = payload,
			  .warm_us = warm_us, .win_us = 1000, .nwin = nwin, .idle = 0.1 };

	rate[0] = gbps_q16(50);
	run_scen(&s, r, NULL);
	free(rate);
}

/* Jain among equal-rate QPs (95 Gb/s in all) under PktSend stalls: a
 * fraction `stall` of the cycles in runs of `burst` cycles on average */
static void fig_jain(unsigned n, uint32_t payload, double stall, double burst, double warm_us,
		     double meas_us, struct rate_res *r)
{
	uint32_t *rate = equal_rates(n, 0.95 * LINE_GBPS);
	struct scen s = { .name = "jain", .n = n, .rate = rate, .payload = payload,
			  .warm_us = warm_us, .win_us = meas_us, .nwin = 1, .idle = 0.1,
			  .stall = stall, .stall_burst = burst };

	run_scen(&s, r, NULL);
	free(rate);
}

/* ---- (d) window ---- */

static void test_window(const struct opts *o, int mutate)
{
	struct sched_params p = default_params(1024);
	struct env *e = env_new(&p, NULL);
	enum { N = 16 };
	uint32_t qpn[N], rate[N], w[N];
	uint64_t near[N];
	struct sched_stats s;
	uint64_t end;

	(void)o;
	e->tx_gbps = LINE_GBPS;
	e->rtt_ps = 20000ull * 1000;
	e->idle_prob = 0.2;
	for (unsigned i = 0; i < N; i++) {
		qpn[i] = (i * 37 + 1) % e->nqp;
		rate[i] = LINE_Q16;
		near[i] = 0;
	}
	setup_qps(e, qpn, N, 1024, winit(&p), rate);
	for (unsigned i = 0; i < N; i++) {
		/* two QPs with W below one packet (the one-packet floor) */
		w[i] = i < 2 ? 300 + rndr(600) : 2048 + rndr(14336);
		env_update(e, qpn[i], w[i], LINE_Q16);
		env_work(e, qpn[i], 0x7fffffffu);
	}
	e->stall_prob = 0.3;
	if (mutate) {
		e->win_check_scale = 0.5;
		e->quiet = 1;
	}
	end = e->cyc + us_cycles(e, mutate ? 200 : 2000);
	while (e->cyc < end) {
		env_step(e);
		/* W moves up and down now and then */
		if (rndf() < 1.0 / 2000) {
			unsigned i = 2 + rndr(N - 2);

			w[i] = 1024 + rndr(16384);
			env_update(e, qpn[i], w[i], LINE_Q16);
		}
		for (unsigned i = 0; i < N; i++) {
			const struct qp_state *q = &e->q[qpn[i]];

			if (q->sent - q->acked + 1024 > q->w)
				near[i]++;
		}
	}
	if (mutate) {
		/* the check believes W is half what the DUT has: it must fire */
		CHECK(e->win_viol > 0, "window: a mutated window check found nothing");
		printf("  window (mutated check, W believed halved): %llu violations flagged, as it must\n",
		       (unsigned long long)e->win_viol);
		env_free(e);
		return;
	}
	sched_rtl_stats(e->r, &s);
	env_checks_clean(e, "window");
	for (unsigned i = 0; i < N; i++)
		CHECK(near[i] > 0, "window: QP %u was never within a packet of its W", qpn[i]);
	CHECK(e->floor_sends > 0 && s.win_floor > 0, "window: the one-packet floor was never used");
	CHECK(e->q[qpn[0]].floor_sends > 0, "window: QP with W < MTU made no progress");
	printf("  window (d): %llu PktSend checked against W, %llu violations; "
	       "%llu sends under the one-packet floor (W < MTU)\n",
	       (unsigned long long)e->win_checks, (unsigned long long)e->win_viol,
	       (unsigned long long)e->floor_sends);
	env_free(e);
}

/* ---- random ---- */

static void test_random(const struct opts *o)
{
	struct sched_params p = default_params(1024);
	struct env *e = env_new(&p, NULL);
	enum { NMAX = 48 };
	uint32_t qpn[NMAX];
	const unsigned N = e->nqp < 64 ? e->nqp / 2 : NMAX;
	uint64_t cycles = o->slow ? 50000000 : 4000000, end;
	struct sched_stats s;
	uint64_t creates = 0, removes = 0;

	e->tx_gbps = LINE_GBPS;
	e->rtt_ps = 8000ull * 1000;
	e->idle_prob = 0.2;
	e->stall_prob = 0.3;
	/* clusters in one engine, neighbours, the ends of the QPN space */
	for (unsigned i = 0; i < N; i++)
		qpn[i] = i < 8 ? (i * e->engines) % e->nqp : i < 12 ? e->nqp - 1 - (i - 8) : rndr(e->nqp);
	for (unsigned i = 0; i < N; i++)
		for (unsigned j = 0; j < i; j++)
			if (qpn[i] == qpn[j])
				qpn[i] = (qpn[i] + 1) % e->nqp, j = (unsigned)-1;
	end = e->cyc + cycles;
	while (e->cyc < end) {
		env_step(e);
		if (env_queued(e) > 32)
			continue;
		if (rndf() < 0.02) {
			unsigned i = rndr(N);
			struct qp_state *q = &e->q[qpn[i]];
			double x = rndf();

			if (!q->valid) {
				/* (re)create once its old packets have surely left */
				if (!q->queued && (!q->created || e->cyc - q->removed_cyc > 100000)) {
					env_create(e, qpn[i]);
					creates++;
				}
			} else if (x < 0.01) {
				if (!q->queued) {
					env_remove(e, qpn[i]);
					removes++;
				}
			} else if (x < 0.4) {
				env_work(e, qpn[i], rndf() < 0.1 ? 1 + rndr(64) : 1 + rndr(20000));
			} else if (x < 0.5) {
				env_mtu(e, qpn[i], rndf() < 0.05 ? 0 : 64 + rndr(4033));
			} else {
				/* rates from 100 Mb/s to line; W from below a packet to 256 KB */
				uint32_t r = gbps_q16(0.1 * pow(1000.0, rndf()));
				uint32_t w = rndf() < 0.05 ? 100 + rndr(900) : 1000 + rndr(256000);

				env_update(e, qpn[i], w, r);
			}
		}
	}
	/* drain: every live QP at line rate with a large window */
	for (unsigned i = 0; i < N; i++)
		if (e->q[qpn[i]].valid)
			env_update(e, qpn[i], 1 << 20, LINE_Q16);
	for (uint64_t c = 0; c < 4000000; c++) {
		int busy = 0;

		env_step(e);
		if (c % 1000)
			continue;
		for (unsigned i = 0; i < N; i++) {
			const struct qp_state *q = &e->q[qpn[i]];

			if (q->valid && q->sent != q->posted)
				busy = 1;
		}
		if (!busy && !env_queued(e))
			break;
	}
	for (unsigned i = 0; i < N; i++) {
		const struct qp_state *q = &e->q[qpn[i]];

		if (q->valid)
			CHECK(q->sent == q->posted, "random: QP %u sent %llu of %llu posted", qpn[i],
			      (unsigned long long)q->sent, (unsigned long long)q->posted);
	}
	sched_rtl_stats(e->r, &s);
	env_checks_clean(e, "random");
	CHECK(creates > N && removes > 0, "random: too few creates (%llu) or removes (%llu)",
	      (unsigned long long)creates, (unsigned long long)removes);
	printf("  random: %llu cycles, %llu creates, %llu removes, %llu PktSend, %llu window checks, "
	       "%llu floor sends, %llu work/%llu MTU rejected, max decision lag %llu cycles\n",
	       (unsigned long long)e->cyc, (unsigned long long)creates, (unsigned long long)removes,
	       (unsigned long long)e->nhs,
	       (unsigned long long)e->win_checks, (unsigned long long)e->floor_sends,
	       (unsigned long long)s.work_invalid, (unsigned long long)s.mtu_invalid,
	       (unsigned long long)e->max_lag_cycles);
	env_free(e);
}

/* ---- rate-change latency ---- */

/*
 * An Update applies at the QP's next visit. The issue stage serves its
 * non-empty rings in turn, at most 5 (HOT, NEAR, FAST, SLOW, ACT; READY only
 * holds QPs waiting for the output), so a QP's next visit comes within 5 x
 * (the QPs of its engine) cycles: that is one scan period of the engine. Add
 * the Update's input FIFO, the pipeline and the PktSend queue (16 entries of
 * the engine, one decision of each other engine between them).
 */
#define LAT_BOUND(per_engine) (5u * (per_engine) + 64u + 17u * 4u * 23u)

struct lat_res {
	unsigned trials;
	double mean, max;                  /* cycles, Update accepted -> first PktSend */
	double scan;                       /* cycles per round of an engine (mean) */
	uint64_t max_visits;               /* visits of the QP's engine in that time */
	unsigned per_engine;               /* active QPs per engine */
};

/*
 * n QPs sharing 50 Gb/s with 1 KiB packets, random phases. A trial waits for
 * a packet of a random QP (its credit is then below one packet, and at its
 * old rate it would not send again for n x 177 ns), raises it to line rate,
 * and measures from the Update's handshake to the QP's next PktSend, in
 * cycles and in visits made by the QP's engine meanwhile.
 */
static void fig_latency(unsigned n, unsigned trials, struct lat_res *lr)
{
	struct sched_params p = default_params(1024);
	struct env *e = env_new(&p, NULL);
	uint32_t *qpn = malloc(n * sizeof(*qpn));
	uint32_t *rate = equal_rates(n, 0.5 * LINE_GBPS);
	struct scen sc = { .name = "latency", .n = n, .rate = rate, .payload = 1024, .idle = 0.1 };
	struct sched_stats s0, s1;
	uint64_t c0, sum = 0, mx = 0, vmax = 0, v = 0;
	unsigned done = 0;

	for (unsigned i = 0; i < n; i++)
		qpn[i] = i;
	e->tx_gbps = LINE_GBPS;
	e->rtt_ps = RTT_NS * 1000ull;
	e->idle_prob = 0.1;
	start_qps(e, &sc, qpn, winit(&p));
	env_run(e, us_cycles(e, 300));
	sched_rtl_stats(e->r, &s0);
	c0 = e->cyc;
	for (unsigned t = 0; t < trials; t++) {
		uint32_t q = qpn[rndr(n)], eng = q % e->engines;
		uint64_t pk, upd_at, deadline, vis0;
		struct sched_stats sa, sb;

		pk = e->q[q].pkts;
		deadline = e->cyc + us_cycles(e, 4000);
		while (e->q[q].pkts == pk && e->cyc < deadline)
			env_step(e);
		if (e->q[q].pkts == pk)
			continue;
		env_update(e, q, winit(&p), LINE_Q16);
		pk = e->q[q].pkts;
		while (e->upd.n)
			env_step(e);
		upd_at = e->cyc - 1;
		sched_rtl_stats(e->r, &sa);
		vis0 = sa.visits[eng];
		deadline = e->cyc + us_cycles(e, 500);
		while (e->q[q].pkts == pk && e->cyc < deadline)
			env_step(e);
		CHECK(e->q[q].pkts != pk, "latency: QP %u never used its new rate", q);
		if (e->q[q].pkts != pk) {
			uint64_t l = e->cyc - 1 - upd_at;

			sched_rtl_stats(e->r, &sb);
			if (sb.visits[eng] - vis0 > vmax)
				vmax = sb.visits[eng] - vis0;
			if (g_verbose)
				printf("    trial %u: QP %u latency %llu cycles, %llu visits\n", t, q,
				       (unsigned long long)l, (unsigned long long)(sb.visits[eng] - vis0));
			sum += l;
			if (l > mx)
				mx = l;
			done++;
		}
		env_update(e, q, winit(&p), rate[0]);
		env_run(e, 200);
	}
	sched_rtl_stats(e->r, &s1);
	for (unsigned i = 0; i < e->engines; i++)
		v += s1.visits[i] - s0.visits[i];
	lr->trials = done;
	lr->mean = done ? (double)sum / done : 0;
	lr->max = (double)mx;
	lr->max_visits = vmax;
	lr->per_engine = n / e->engines;
	/* one round of an engine: its active QPs over its visits per cycle */
	lr->scan = (double)n / ((double)v / (double)(e->cyc - c0));
	env_checks_clean(e, "latency");
	free(qpn);
	free(rate);
	env_free(e);
}

/* ---- test and bench drivers ---- */

static int want(const struct opts *o, const char *name)
{
	return !o->only || !strcmp(o->only, name);
}

static void run_tests(const struct opts *o)
{
	unsigned nmax = 1u << sched_rtl_qpn_bits();
	struct rate_res r;
	struct lat_res lr;
	double g;

	if (want(o, "basic"))
		test_basic(o);
	if (want(o, "bad-input"))
		test_bad_input(o);
	if (want(o, "remove"))
		test_remove(o);
	if (want(o, "window")) {
		test_window(o, 0);
		test_window(o, 1);
	}
	if (want(o, "random"))
		test_random(o);
	if (want(o, "lone")) {
		g = fig_b(1024, 30, 200, &r);
		CHECK(g >= 0.99, "lone: 1 KiB QP at %.2f%% of line rate", 100 * g);
		printf("  lone (b), %u idle QPs: 1 KiB %.2f%% of line rate\n", nmax - 1, 100 * g);
		g = fig_b(64, 30, 200, &r);
		CHECK(g >= 0.99, "lone: 64 B QP at %.2f%% of line rate", 100 * g);
		printf("  lone (b), %u idle QPs: 64 B %.2f%% of line rate\n", nmax - 1, 100 * g);
	}
	if (want(o, "many")) {
		int ok = fig_a(nmax, 64, 500, 1, 0, &r, NULL);

		print_res("many (a) 64 B", &r);
		CHECK(r.agg_gbps >= 0.99 * r.set_gbps, "many: aggregate %.2f of %.2f Gb/s", r.agg_gbps,
		      r.set_gbps);
		CHECK(r.long_max_err <= 0.01, "many: a QP is %.2f%% off its rate", 100 * r.long_max_err);
		CHECK(r.bucket_viol == 0, "many: %llu departures beyond the rate's token bucket",
		      (unsigned long long)r.bucket_viol);
		(void)ok;
	}
	if (want(o, "jain")) {
		fig_jain(nmax < 256 ? nmax : 256, 1024, 0.5, 100, 200, 1000, &r);
		print_res("jain, 50% stalls", &r);
		CHECK(r.agg_gbps < 0.8 * r.set_gbps, "jain: the stalls did not make the output the bottleneck");
		CHECK(r.jain >= 0.99, "jain: %.4f under 50%% PktSend stalls", r.jain);
		CHECK(r.bucket_viol == 0, "jain: %llu departures beyond the rate's token bucket",
		      (unsigned long long)r.bucket_viol);
	}
	if (want(o, "latency")) {
		fig_latency(nmax < 1024 ? nmax : 1024, 20, &lr);
		printf("  latency: Update -> first PktSend at the new rate: mean %.0f, max %.0f cycles "
		       "(%u active QPs per engine; bound %u)\n", lr.mean, lr.max, lr.per_engine,
		       LAT_BOUND(lr.per_engine));
		CHECK(lr.trials >= 10, "latency: only %u trials", lr.trials);
		CHECK(lr.max <= LAT_BOUND(lr.per_engine), "latency: %.0f cycles exceeds %u", lr.max,
		      LAT_BOUND(lr.per_engine));
	}
}

static void run_bench(const struct opts *o)
{
	unsigned nmax = 1u << sched_rtl_qpn_bits();
	static const uint32_t pay[2] = { 1024, 64 };
	struct rate_res r;
	struct lat_res lr;
	char label[64];

	printf("tb_sched bench: QPN_WIDTH %u, %u engines, %u ns clock, TX model %.0f Gb/s, "
	       "wire overhead %u B/packet, credit bucket one packet + %u B\n",
	       sched_rtl_qpn_bits(), sched_rtl_engines(), sched_rtl_clk_ns(), LINE_GBPS, WIRE_OVERHEAD,
	       BURST_BYTES);
	if (want(o, "a")) {
		printf("(a) n backlogged QPs, equal rates summing to 95 Gb/s; 4 windows of 1 ms after warm-up\n");
		for (int pi = 0; pi < 2; pi++) {
			unsigned ns[32], nn = 0;

			if (o->nlist) {
				const char *c = o->nlist;

				while (*c && nn < 32) {
					ns[nn++] = (unsigned)strtoul(c, (char **)&c, 0);
					if (*c == ',')
						c++;
				}
			} else {
				for (unsigned n = o->nmin < nmax ? o->nmin : nmax; n <= nmax && nn < 32; n *= 2)
					ns[nn++] = n;
			}
			for (unsigned k = 0; k < nn; k++) {
				unsigned n = ns[k];

				if (n < 1 || n > nmax)
					continue;
				double wall;
				fig_a(n, pay[pi], pay[pi] == 1024 ? 2000 : 1000, 4, 0, &r, &wall);
				snprintf(label, sizeof(label), "%u B %s", pay[pi], verdict(&r));
				print_res(label, &r);
			}
		}
	}
	if (want(o, "a-sync")) {
		printf("(a, lock-step) the same at the largest n, but every QP starts at once, so their "
		       "packets fall due in waves\n");
		for (int pi = 0; pi < 2; pi++) {
			fig_a(nmax, pay[pi], pay[pi] == 1024 ? 2000 : 1000, 4, 1, &r, NULL);
			snprintf(label, sizeof(label), "%u B %s", pay[pi], verdict(&r));
			print_res(label, &r);
		}
	}
	if (want(o, "b")) {
		printf("(b) one QP at line rate, all other QPs created and idle; 1 ms measured\n");
		for (int pi = 0; pi < 2; pi++) {
			double g = fig_b(pay[pi], 100, 1000, &r);

			printf("  %4u B payload: %.3f Gb/s on the wire = %.3f%% of line rate\n", pay[pi],
			       r.agg_gbps, 100 * g);
		}
	}
	if (want(o, "c")) {
		printf("(c) one QP at 50 Gb/s + n QPs sharing 45 Gb/s; 4 windows of 1 ms\n");
		for (int pi = 0; pi < 2; pi++) {
			static const unsigned ns[] = { 15, 255, 1023, 4095 };

			for (unsigned k = 0; k < 4; k++) {
				if (ns[k] + 1 > nmax)
					continue;
				fig_c(ns[k], pay[pi], pay[pi] == 1024 ? 2000 : 1000, 4, &r);
				snprintf(label, sizeof(label), "%u B 50G+%u %s", pay[pi], ns[k], verdict(&r));
				print_res(label, &r);
			}
		}
	}
	if (want(o, "jain")) {
		static const struct { unsigned n; uint32_t pay; double stall, burst; } js[] = {
			{ 256, 1024, 0.1, 100 }, { 256, 1024, 0.3, 100 }, { 256, 1024, 0.5, 100 },
			{ 256, 1024, 0.5, 1 }, { 4096, 64, 0.1, 100 }, { 4096, 64, 0.3, 100 },
			{ 4096, 64, 0.5, 100 }, { 4096, 64, 0.5, 1 },
		};

		printf("Jain's index over bytes per QP in 2 ms, equal-rate QPs summing to 95 Gb/s, PktSend "
		       "tready forced low a fraction of cycles (runs of 100 cycles on average, or single)\n");
		for (unsigned k = 0; k < sizeof(js) / sizeof(js[0]); k++) {
			if (js[k].n > nmax)
				continue;
			fig_jain(js[k].n, js[k].pay, js[k].stall, js[k].burst, 1000, 2000, &r);
			snprintf(label, sizeof(label), "%u B stall %.0f%% run %.0f", js[k].pay,
				 100 * js[k].stall, js[k].burst);
			print_res(label, &r);
		}
	}
	if (want(o, "latency")) {
		static const unsigned ns[] = { 64, 1024, 4096 };

		printf("rate change: Update accepted -> first PktSend using the new rate (1 KiB, QPs at 50 Gb/s total)\n");
		for (unsigned k = 0; k < 3; k++) {
			if (ns[k] > nmax)
				continue;
			fig_latency(ns[k], 100, &lr);
			printf("  %4u active QPs (%u per engine): mean %.0f, max %.0f cycles over %u trials "
			       "(%.2f x the engine's QPs); the engine made %llu visits at most meanwhile\n",
			       ns[k], lr.per_engine, lr.mean, lr.max, lr.trials, lr.max / lr.per_engine,
			       (unsigned long long)lr.max_visits);
		}
	}
}

static void usage(FILE *f)
{
	fprintf(f,
		"usage: tb_sched [--seed N] [--slow] [--only NAME] [--fst FILE] [--bench]\n"
		"  --seed N     random seed (default: time-based, printed)\n"
		"  --slow       longer random run\n"
		"  --only NAME  one test (basic bad-input remove window random lone many jain latency)\n"
		"               or one figure with --bench (a a-sync b c jain latency)\n"
		"  --fst FILE   waves of the basic test\n"
		"  --bench      print the figures instead of testing\n"
		"  --nmin N     smallest QP count of figure (a) (default 1024; doubles up to all QPs)\n"
		"  --nlist L    QP counts of figure (a), comma-separated\n"
		"  --load X     figure (a): the QPs' rates sum to X x line rate (default 0.95)\n"
		"  --verbose    the worst QP's departures, each latency trial\n");
}

int main(int argc, char **argv)
{
	static const struct option lo[] = {
		{ "seed", required_argument, NULL, 's' },
		{ "slow", no_argument, NULL, 'l' },
		{ "only", required_argument, NULL, 'o' },
		{ "fst", required_argument, NULL, 'f' },
		{ "bench", no_argument, NULL, 'b' },
		{ "nmin", required_argument, NULL, 'n' },
		{ "nlist", required_argument, NULL, 'N' },
		{ "load", required_argument, NULL, 'L' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct opts o = { .seed = (uint64_t)time(NULL), .nmin = 1024 };
	int c;

	while ((c = getopt_long(argc, argv, "h", lo, NULL)) != -1) {
		switch (c) {
		case 's': o.seed = strtoull(optarg, NULL, 0); break;
		case 'l': o.slow = 1; break;
		case 'o': o.only = optarg; break;
		case 'f': o.fst = optarg; break;
		case 'b': o.bench = 1; break;
		case 'n': o.nmin = (unsigned)strtoul(optarg, NULL, 0); break;
		case 'N': o.nlist = optarg; break;
		case 'L': g_load = atof(optarg); break;
		case 'v': g_verbose = 1; break;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
	}
	printf("tb_sched: seed %llu (rerun with --seed %llu); model: %u QPs, %u engines\n",
	       (unsigned long long)o.seed, (unsigned long long)o.seed, 1u << sched_rtl_qpn_bits(),
	       sched_rtl_engines());
	tb_seed(o.seed * 0x9e3779b97f4a7c15ull + 0x1234567);
	if (o.bench)
		run_bench(&o);
	else
		run_tests(&o);
	printf("tb_sched: %s (%d failures)\n", tb_failures ? "FAILED" : "PASSED", tb_failures);
	return tb_failures ? 1 : 0;
}
