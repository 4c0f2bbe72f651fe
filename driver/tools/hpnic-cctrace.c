/* SPDX-License-Identifier: MIT */
/*
 * hpnic-cctrace: replay a CC event trace through the CC engine's models.
 *
 * An HPCC trace (ACKs with INT) goes through the HPCC window logic:
 *   --model rtl    the Verilated CC engine, cycle-accurate
 *   --model fixed  the bit-exact fixed-point model (default)
 *   --model float  Algorithm 1 in double precision
 * A DCQCN trace (init/ack/cnp/tick lines) goes through the engine's mode 1
 * (--model rtl, each event's now and P driven into it) or the DCQCN reaction
 * point's fixed-point or double model.
 *
 * Input: CSV, one event per line (see --help). Output: one line per input
 * event, in input order: qpn,w_bytes,u (HPCC) or qpn,rate_gbps,alpha,flags
 * (DCQCN).
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <getopt.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cc_rtl.h"
#include "dcqcn_model.h"
#include "hpcc_model.h"
#include "hpcc_trace.h"

#define QPN_LIMIT (1u << 12)

/* --vai-sf name=value,...: the VAI/SF parameters (struct hpcc_vaisf_params) */
static int parse_vaisf(struct hpcc_vaisf_params *v, const char *list)
{
	static const struct {
		const char *name;
		size_t off;
	} f[] = {
		{ "thresh", offsetof(struct hpcc_vaisf_params, thresh_bytes) },
		{ "ai_div", offsetof(struct hpcc_vaisf_params, ai_div_bytes) },
		{ "bank_cap", offsetof(struct hpcc_vaisf_params, bank_cap) },
		{ "ai_cap", offsetof(struct hpcc_vaisf_params, ai_cap) },
		{ "damp_shift", offsetof(struct hpcc_vaisf_params, damp_shift) },
		{ "sf_acks", offsetof(struct hpcc_vaisf_params, sf_acks) },
	};
	const char *p = list;

	while (*p) {
		size_t len = strcspn(p, "="), i;
		char *end;
		unsigned long val;

		for (i = 0; i < sizeof(f) / sizeof(f[0]); i++)
			if (strlen(f[i].name) == len && !strncmp(p, f[i].name, len))
				break;
		if (i == sizeof(f) / sizeof(f[0]) || p[len] != '=') {
			fprintf(stderr, "hpnic-cctrace: --vai-sf: unknown parameter in '%s'\n", p);
			return -1;
		}
		errno = 0;
		val = strtoul(p + len + 1, &end, 0);
		if (errno || end == p + len + 1 || (*end && *end != ',') || val > 0xffffffffu) {
			fprintf(stderr, "hpnic-cctrace: --vai-sf: bad value in '%s'\n", p);
			return -1;
		}
		*(uint32_t *)((char *)v + f[i].off) = (uint32_t)val;
		p = *end ? end + 1 : end;
	}
	return 0;
}

static void usage(FILE *f)
{
	fprintf(f,
		"usage: hpnic-cctrace [options] TRACE.csv|-\n"
		"Replay ACKs with INT through HPCC (the HPCC paper, Algorithm 1) and print the window,\n"
		"or DCQCN events through the DCQCN reaction point and print the rate.\n"
		"\n"
		"  --model M            rtl (Verilated CC engine, cycle-accurate), fixed (bit-exact\n"
		"                       C model of the engine, default) or float (double precision)\n"
		"  --T-ns N             base RTT T in ns (default 4160)\n"
		"  --eta X              target utilisation eta (default 0.95)\n"
		"  --max-stage N        additive-increase stages before MI (default 5)\n"
		"  --wai BYTES          additive increase W_AI (default 80)\n"
		"  --line-gbps G        NIC line rate (default 100)\n"
		"  --min-rate-mbps M    minimum rate (default 100)\n"
		"  -o FILE              write the output here (default stdout)\n"
		"  --summary            per-QP summary on stderr (and engine cycles for rtl)\n"
		"  --fst FILE           rtl only: write FST waves\n"
		"  --dcqcn LIST         DCQCN parameters, name=value[,name=value...]: g, gd, mtu,\n"
		"                       initial_alpha_value, dce_tcp_rtt, rate_reduce_monitor_period,\n"
		"                       rpg_time_reset, rpg_byte_reset, rpg_threshold, rpg_ai_rate,\n"
		"                       rpg_hai_rate, rpg_min_dec_fac, rpg_min_rate,\n"
		"                       rate_to_set_on_first_cnp (docs/cc-dcqcn.md); the line rate\n"
		"                       and T come from --line-gbps and --T-ns\n"
		"  --vai, --sf          HPCC traces, fixed and float: every QP runs with Variable AI,\n"
		"                       Sampling Frequency or both (docs/cc-vai-sf.md)\n"
		"  --vai-sf LIST        their parameters, name=value[,...]: thresh, ai_div, bank_cap,\n"
		"                       ai_cap, damp_shift, sf_acks (default the paper's)\n"
		"  -h, --help           this text\n"
		"\n"
		"Input: CSV, one event per line, '#' starts a comment; one kind per trace.\n"
		"HPCC, an ACK with INT:\n"
		"  qpn,ack_psn,snd_nxt,nhop,path_id,b0,ts0,tx0,q0,...,b4,ts4,tx4,q4\n"
		"raw wire values: B speed enum (1=10G..5=100G..8=800G), TS 24-bit ns,\n"
		"txBytes 20-bit in 128 B, qLen 16-bit in 80 B; unused hops are zero;\n"
		"ack_psn is the last PSN the ACK acknowledges; qpn < %u.\n"
		"DCQCN: init,qpn,now,P,psn[,mode]  ack,qpn,now,P,psn  cnp,qpn,now,P  tick,qpn,now,P\n"
		"now: 20-bit microseconds; P: 16-bit alpha-period count; psn: 24 bits; mode\n"
		"0..3 (default 1, DCQCN; events of a QP in another mode are ignored; with\n"
		"--model rtl such a QP's Updates are the engine's HPCC stages', not DCQCN's).\n"
		"Output, per event in input order: qpn,w_bytes,u (HPCC) or\n"
		"qpn,rate_gbps,alpha,flags (DCQCN; alpha as the Update's Q1.16; flags 1\n"
		"decrease, 2 timer increase,\n"
		"4 byte-counter increase, 8 decrease pending, 16 INIT, 32 ignored).\n",
		QPN_LIMIT);
}

struct qp_sum {
	uint64_t acks, wc;
	double w_first, w_min, w_max, w_last, u_last;
};

static int parse_double(const char *s, const char *flag, double *out)
{
	char *end;

	errno = 0;
	*out = strtod(s, &end);
	if (errno || end == s || *end) {
		fprintf(stderr, "hpnic-cctrace: %s: '%s' is not a number\n", flag, s);
		return -1;
	}
	return 0;
}

/* a DCQCN trace through the fixed or the double model; 0, or 1 on failure */
static int run_dcqcn(const char *model, const struct dcqcn_params *p, const struct hpcc_event *ev,
		     size_t n, struct hpcc_update *u)
{
	if (!strcmp(model, "fixed")) {
		struct dcqcn_fx *m = dcqcn_fx_new(QPN_LIMIT, p);

		if (!m)
			return 1;
		for (size_t i = 0; i < n; i++)
			dcqcn_fx_event(m, &ev[i], &u[i]);
		dcqcn_fx_free(m);
	} else {
		struct dcqcn_fl *m = dcqcn_fl_new(QPN_LIMIT, p);

		if (!m)
			return 1;
		for (size_t i = 0; i < n; i++)
			dcqcn_fl_event(m, &ev[i], &u[i]);
		dcqcn_fl_free(m);
	}
	return 0;
}

struct dcqcn_sum {
	uint64_t ev, dec, inc;
	double rmin, rlast, alast;
};

static void summary_dcqcn(const char *model, const struct hpcc_update *u, size_t n)
{
	struct dcqcn_sum *s = calloc(QPN_LIMIT, sizeof(*s));
	unsigned nq = 0;

	if (!s)
		return;
	for (size_t i = 0; i < n; i++) {
		struct dcqcn_sum *q = &s[u[i].qpn];

		if (!q->ev++) {
			q->rmin = u[i].rate_gbps;
			nq++;
		}
		q->dec += !!(u[i].flags & DCQCN_UF_DEC);
		q->inc += !!(u[i].flags & (DCQCN_UF_INC_T | DCQCN_UF_INC_BC));
		if (u[i].rate_gbps < q->rmin)
			q->rmin = u[i].rate_gbps;
		q->rlast = u[i].rate_gbps;
		q->alast = u[i].u;
	}
	fprintf(stderr, "hpnic-cctrace: %zu DCQCN events, %u QPs, model %s\n", n, nq, model);
	fprintf(stderr, "  %5s %8s %8s %8s %12s %12s %8s\n", "qpn", "events", "decr", "incr",
		"Rc min", "Rc final", "alpha");
	for (unsigned q = 0; q < QPN_LIMIT; q++)
		if (s[q].ev)
			fprintf(stderr, "  %5u %8llu %8llu %8llu %7.3f Gb/s %7.3f Gb/s %8.5f\n", q,
				(unsigned long long)s[q].ev, (unsigned long long)s[q].dec,
				(unsigned long long)s[q].inc, s[q].rmin, s[q].rlast, s[q].alast);
	free(s);
}

int main(int argc, char **argv)
{
	enum { O_MODEL = 256, O_T, O_ETA, O_STAGE, O_WAI, O_LINE, O_MIN, O_SUM, O_FST, O_DCQCN,
	       O_VAI, O_SF, O_VAISF };
	static const struct option lo[] = {
		{ "model", required_argument, NULL, O_MODEL },
		{ "T-ns", required_argument, NULL, O_T },
		{ "eta", required_argument, NULL, O_ETA },
		{ "max-stage", required_argument, NULL, O_STAGE },
		{ "wai", required_argument, NULL, O_WAI },
		{ "line-gbps", required_argument, NULL, O_LINE },
		{ "min-rate-mbps", required_argument, NULL, O_MIN },
		{ "summary", no_argument, NULL, O_SUM },
		{ "fst", required_argument, NULL, O_FST },
		{ "dcqcn", required_argument, NULL, O_DCQCN },
		{ "vai", no_argument, NULL, O_VAI },
		{ "sf", no_argument, NULL, O_SF },
		{ "vai-sf", required_argument, NULL, O_VAISF },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct hpcc_user_params up;
	struct hpcc_params p;
	const char *model = "fixed", *outpath = NULL, *fst = NULL, *inpath, *what, *dlist = NULL;
	enum hpcc_trace_kind kind;
	struct dcqcn_params dp;
	struct hpcc_event *ev = NULL;
	struct hpcc_update *u = NULL;
	struct qp_sum *sum = NULL;
	struct cc_rtl_stats st = { 0 };
	int summary = 0, c, rc = 1;
	uint32_t opts = 0;
	size_t n = 0;
	char err[256];
	double d;
	FILE *in, *out = stdout;

	hpcc_user_params_default(&up);
	while ((c = getopt_long(argc, argv, "o:h", lo, NULL)) != -1) {
		switch (c) {
		case O_MODEL: model = optarg; break;
		case O_T: if (parse_double(optarg, "--T-ns", &up.t_ns)) return 2; break;
		case O_ETA: if (parse_double(optarg, "--eta", &up.eta)) return 2; break;
		case O_STAGE:
			if (parse_double(optarg, "--max-stage", &d) || d < 0 || d > 15 || d != (int)d) {
				fprintf(stderr, "hpnic-cctrace: --max-stage must be an integer 0..15\n");
				return 2;
			}
			up.max_stage = (unsigned)d;
			break;
		case O_WAI: if (parse_double(optarg, "--wai", &up.wai_bytes)) return 2; break;
		case O_LINE: if (parse_double(optarg, "--line-gbps", &up.line_gbps)) return 2; break;
		case O_MIN: if (parse_double(optarg, "--min-rate-mbps", &up.min_mbps)) return 2; break;
		case O_SUM: summary = 1; break;
		case O_FST: fst = optarg; break;
		case O_DCQCN: dlist = optarg; break;
		case O_VAI: opts |= HPCC_OPT_VAI; break;
		case O_SF: opts |= HPCC_OPT_SF; break;
		case O_VAISF:
			if (parse_vaisf(&up.vs, optarg))
				return 2;
			break;
		case 'o': outpath = optarg; break;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
	}
	if (optind != argc - 1) {
		usage(stderr);
		return 2;
	}
	if (strcmp(model, "rtl") && strcmp(model, "fixed") && strcmp(model, "float")) {
		fprintf(stderr, "hpnic-cctrace: --model must be rtl, fixed or float\n");
		return 2;
	}
	if (hpcc_user_params_check(&up, &what)) {
		fprintf(stderr, "hpnic-cctrace: %s\n", what);
		return 2;
	}
	hpcc_params_from_user(&up, &p);

	inpath = argv[optind];
	in = strcmp(inpath, "-") ? fopen(inpath, "r") : stdin;
	if (!in) {
		fprintf(stderr, "hpnic-cctrace: %s: %s\n", inpath, strerror(errno));
		return 1;
	}
	if (hpcc_trace_read(in, QPN_LIMIT, &ev, &n, &kind, err, sizeof(err))) {
		fprintf(stderr, "hpnic-cctrace: %s: %s\n", inpath, err);
		goto done;
	}
	u = calloc(n ? n : 1, sizeof(*u));
	if (!u)
		goto done;

	if (kind == HPCC_TRACE_DCQCN) {
		dcqcn_params_default(&dp);
		dp.line_mbps = (uint32_t)(up.line_gbps * 1000 + 0.5);
		dp.t_ns = (uint32_t)(up.t_ns + 0.5);
		if ((dlist && dcqcn_params_parse(&dp, dlist, &what)) || dcqcn_params_check(&dp, &what)) {
			fprintf(stderr, "hpnic-cctrace: --dcqcn: %s\n", what);
			rc = 2;
			goto done;
		}
		if (!strcmp(model, "rtl")) {
			/* the engine at DCQCN's line rate and T, its DCQCN inputs as
			 * dcqcn_derive() makes them, each event's own now and P */
			struct cc_rtl_opts ro = { .fst_path = fst };
			struct hpcc_params hp = p;
			struct dcqcn_derived dd;
			struct cc_rtl *r;

			hp.line_mbps = dp.line_mbps;
			hp.t_ns = dp.t_ns;
			if (hp.min_mbps > hp.line_mbps)
				hp.min_mbps = hp.line_mbps;
			r = cc_rtl_new(&hp, &ro);
			if (!r || dcqcn_derive(&dp, &dd)) {
				fprintf(stderr, "hpnic-cctrace: the RTL engine failed\n");
				cc_rtl_free(r);
				goto done;
			}
			cc_rtl_set_dcqcn(r, &dd);
			cc_rtl_set_time(r, 1, 250, NULL, NULL);
			if (cc_rtl_run(r, ev, n, u, &st)) {
				fprintf(stderr, "hpnic-cctrace: the RTL engine failed\n");
				cc_rtl_free(r);
				goto done;
			}
			cc_rtl_free(r);
			/* the Update's V field is alpha (Q1.16) for a DCQCN QP */
			for (size_t i = 0; i < n; i++)
				u[i].u = u[i].v_q16 / 65536.0;
		} else if (run_dcqcn(model, &dp, ev, n, u)) {
			goto done;
		}
	} else if (dlist) {
		fprintf(stderr, "hpnic-cctrace: --dcqcn given, but %s is an HPCC trace\n", inpath);
		rc = 2;
		goto done;
	} else if (!strcmp(model, "rtl")) {
		struct cc_rtl_opts ro = { .fst_path = fst };
		struct cc_rtl *r = cc_rtl_new(&p, &ro);
		struct hpcc_event *ie = opts ? calloc(QPN_LIMIT, sizeof(*ie)) : NULL;
		struct hpcc_update *iu = opts ? calloc(QPN_LIMIT, sizeof(*iu)) : NULL;
		int bad = opts && (!ie || !iu);

		/* the options, as the models get them: an INIT per QP, not printed */
		for (uint32_t q = 0; !bad && opts && q < QPN_LIMIT; q++)
			ie[q] = (struct hpcc_event){ .type = HPCC_EV_INIT, .qpn = q, .cc_opts = opts };
		if (!bad && r && opts)
			bad = cc_rtl_run(r, ie, QPN_LIMIT, iu, NULL);
		free(ie);
		free(iu);
		if (!r || bad || cc_rtl_run(r, ev, n, u, &st)) {
			fprintf(stderr, "hpnic-cctrace: the RTL engine failed\n");
			cc_rtl_free(r);
			goto done;
		}
		cc_rtl_free(r);
	} else if (!strcmp(model, "fixed")) {
		struct hpcc_fx *m = hpcc_fx_new(QPN_LIMIT, &p);
		struct hpcc_update iu;

		if (!m)
			goto done;
		for (uint32_t q = 0; opts && q < QPN_LIMIT; q++) {
			struct hpcc_event ie = { .type = HPCC_EV_INIT, .qpn = q, .cc_opts = opts };

			hpcc_fx_event(m, &ie, &iu);      /* the options; not printed */
		}
		for (size_t i = 0; i < n; i++)
			hpcc_fx_event(m, &ev[i], &u[i]);
		hpcc_fx_free(m);
	} else {
		struct hpcc_fl *m = hpcc_fl_new(QPN_LIMIT, &up);
		struct hpcc_update iu;

		if (!m)
			goto done;
		for (uint32_t q = 0; opts && q < QPN_LIMIT; q++) {
			struct hpcc_event ie = { .type = HPCC_EV_INIT, .qpn = q, .cc_opts = opts };

			hpcc_fl_event(m, &ie, &iu);
		}
		for (size_t i = 0; i < n; i++)
			hpcc_fl_event(m, &ev[i], &u[i]);
		hpcc_fl_free(m);
	}

	if (outpath && !(out = fopen(outpath, "w"))) {
		fprintf(stderr, "hpnic-cctrace: %s: %s\n", outpath, strerror(errno));
		goto done;
	}
	if (kind == HPCC_TRACE_DCQCN) {
		/* alpha as the Update carries it (Q1.16), so that the engine's
		 * lines and the fixed model's can be compared byte for byte */
		fprintf(out, "#qpn,rate_gbps,alpha,flags\n");
		for (size_t i = 0; i < n; i++)
			fprintf(out, "%u,%.6f,%.6f,%u\n", u[i].qpn, u[i].rate_gbps,
				u[i].v_q16 / 65536.0, u[i].flags);
		if (summary)
			summary_dcqcn(model, u, n);
		rc = 0;
		goto done;
	}
	fprintf(out, "#qpn,w_bytes,u\n");
	for (size_t i = 0; i < n; i++)
		fprintf(out, "%u,%.4f,%.6f\n", u[i].qpn, u[i].w, u[i].u);

	if (summary) {
		unsigned nq = 0;

		sum = calloc(QPN_LIMIT, sizeof(*sum));
		if (!sum)
			goto done;
		for (size_t i = 0; i < n; i++) {
			struct qp_sum *s = &sum[u[i].qpn];

			if (!s->acks++) {
				s->w_first = s->w_min = s->w_max = u[i].w;
				nq++;
			}
			s->wc += !!(u[i].flags & HPCC_UF_WC);
			if (u[i].w < s->w_min)
				s->w_min = u[i].w;
			if (u[i].w > s->w_max)
				s->w_max = u[i].w;
			s->w_last = u[i].w;
			s->u_last = u[i].u;
		}
		fprintf(stderr, "hpnic-cctrace: %zu ACKs, %u QPs, model %s (T %.0f ns, eta %.3f, "
			"maxStage %u, W_AI %.1f B, %.0f Gb/s)\n", n, nq, model, up.t_ns, up.eta,
			up.max_stage, up.wai_bytes, up.line_gbps);
		fprintf(stderr, "  %5s %7s %9s %10s %10s %10s %8s %9s\n", "qpn", "acks", "Wc-upd",
			"W first", "W min", "W final", "U final", "R final");
		for (unsigned q = 0; q < QPN_LIMIT; q++) {
			struct qp_sum *s = &sum[q];

			if (!s->acks)
				continue;
			fprintf(stderr, "  %5u %7llu %9llu %10.1f %10.1f %10.1f %8.4f %6.2f Gb/s\n", q,
				(unsigned long long)s->acks, (unsigned long long)s->wc, s->w_first,
				s->w_min, s->w_last, s->u_last, s->w_last * 8 / up.t_ns);
		}
		if (!strcmp(model, "rtl"))
			fprintf(stderr, "  engine: %llu cycles for %zu ACKs, latency %llu..%llu cycles"
				" (mean %.2f)\n", (unsigned long long)st.cycles, n,
				(unsigned long long)st.lat_min, (unsigned long long)st.lat_max,
				st.lat_mean);
	}
	rc = 0;
done:
	if (out != stdout && out && fclose(out))
		rc = 1;
	if (in != stdin)
		fclose(in);
	free(sum);
	free(ev);
	free(u);
	return rc;
}
