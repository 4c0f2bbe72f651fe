// SPDX-License-Identifier: MIT
/*
 * hpnic-netsim: a network of Verilated hpnic NICs behind INT switches,
 * driven through libhpnic's sim backend. Hosts post RDMA WRITEs as a flow
 * file says; the run writes flows.csv, queue.csv, rate.csv and summary.txt
 * (docs/netsim.md), and checks --expect conditions.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "hpnic.h"
#include "hpnic_sim.h"

#define MAX_FLOWS 4096
#define MAX_PORTS 1024
#define MAX_EXPECT 32
#define JAIN_TARGET 0.95                   /* jain_converge_us: a 100 us window at or above */
#define JOIN_SETTLE_US 1000                /* jain_100us_after_join: the window ending here */
#define SHARE_END_US 500                   /* share_end_min: a stage's last 500 us (1 us samples) */

/* a flow's congestion control: the CC mode, and HPCC's per-QP options */
#define OPT_VAI 1u
#define OPT_SF 2u
#define SAMPLE_CYCLES 250                  /* 1 us: queue and rate samples */
#define RATE_SAMPLES 10                    /* rate.csv every 10 us */
#define CHUNK_CYCLES 25                    /* completions polled every 100 ns */
#define SETTLE_RTTS 20                     /* a stage's first 20 base RTTs are transient */
#define PS_PER_CYCLE (1000000 / HPNIC_SIM_CLK_MHZ)
#define NS_PER_CYCLE (1000 / HPNIC_SIM_CLK_MHZ)

struct opts {
	const char *topo, *flows, *out, *pcap;
	int pcap_sw, pcap_port;
	int bot_sw, bot_port;
	double eta, wai, until_us;
	unsigned max_stage, t_ns, mtu, msg, line_mbps, min_mbps;
	unsigned depth;                    /* WRITEs kept posted per flow */
	unsigned signal_every;             /* one signaled WRITE in this many */
	int sched_burst;                   /* -1: the NIC's default */
	int sched_grant;                   /* -1: the NIC's default */
	uint64_t seed;
	int quiet, no_int;
	unsigned cc, cc_opts;              /* --cc: flows without cc= in the flow file */
	unsigned add_opts;                 /* --vai, --sf: added to every HPCC flow */
	const char *dcqcn;                 /* --dcqcn name=value,... (hpnic_dcqcn_parse) */
	const char *ecn;                   /* --ecn kmin=..,kmax=..,pmax=..: every switch */
	double wai_mbps;                   /* --wai-mbps: W_AI = this x T (0: --wai) */
	double rto_us;                     /* --rto-us: <0 the NIC's default */
	const char *expect[MAX_EXPECT];
	unsigned n_expect;
};

struct flow {
	unsigned src, dst;
	uint64_t bytes;
	uint64_t start_ns;
	char label[16];
	unsigned cc, cc_opts;                  /* HPNIC_CC_MODE_*, OPT_VAI | OPT_SF */
	int cc_given;                          /* cc= in the flow file */
	/* per-QP T and W_AI (QP.CC_OVERRIDE): t=, wai=, wai_mbps= in the flow file */
	int t_auto;                            /* t=auto: the flow's own base RTT */
	unsigned t_ns;                         /* t=N; 0: not given */
	double wai, wai_mbps;                  /* wai=BYTES, wai_mbps=N; 0: not given */
	/* run state */
	struct hpnic_qp *sq, *rq;
	struct hpnic_mr *smr, *dmr;
	uint8_t *sbuf, *dbuf;
	size_t blen;
	uint64_t posted, done_bytes;
	uint64_t msgs_posted;
	unsigned outstanding;
	int started, finished, failed;
	uint64_t t_start_cyc, t_end_cyc;
	uint64_t rx_prev;                      /* frame bytes at the last rate sample */
	double ideal_ns;
	int bytes_ok;
};

struct host {
	struct hpnic_dev *dev;
	struct hpnic_dev_attr attr;
	struct hpnic_cq *cq;
	unsigned qps;
	int used;
};

static struct flow flows[MAX_FLOWS];
static unsigned n_flows;
static struct host hosts[HPNIC_SIM_MAX_NICS];

/* a counter summed over the NICs that ran flows (0 where it cannot be read) */
static uint64_t counter_sum(const char *name)
{
	uint64_t sum = 0, v;

	for (unsigned h = 0; h < HPNIC_SIM_MAX_NICS; h++)
		if (hosts[h].used && hpnic_read_counter(hosts[h].dev, name, &v) >= 0)
			sum += v;
	return sum;
}
static unsigned n_hosts;

/* per-1-us samples, kept for the summary */
static uint64_t *smp_t;                    /* cycles since time 0 */
static uint64_t *smp_q, *smp_tx;           /* per sample x port: queue, tx bytes so far */
static uint64_t *smp_payload;              /* RDMA payload delivered so far, all flows */
static size_t n_smp, cap_smp;
static unsigned nports;
/* per-1-us rx frame bytes of labelled flows (long, short, mouse...) */
static uint64_t *flow_rx_hist[MAX_FLOWS];

static void usage(void)
{
	printf("usage: hpnic-netsim --topo FILE --flows FILE --out DIR [options]\n"
	       "Hosts are full Verilated hpnic NICs (libhpnic sim backend, 250 MHz) joined by\n"
	       "INT switches (docs/netsim.md). Each flow is an RC QP pair posting RDMA WRITEs.\n"
	       "  --topo FILE        topology: hosts, switches, links (sim/scenarios/*.topo)\n"
	       "  --flows FILE       lines 'src dst bytes start_ns [label] [cc=NAME] [t=NS|auto]\n"
	       "                     [wai=BYTES|wai_mbps=N]': t= and wai= set the QP's own T and\n"
	       "                     W_AI (QP.CC_OVERRIDE; t=auto: measured on the flow's path;\n"
	       "                     W_AI from --wai-mbps x the QP's T when only t= is given)\n"
	       "  --out DIR          where flows.csv, queue.csv, rate.csv, summary.txt go\n"
	       "  --eta X            HPCC eta (default 0.95)\n"
	       "  --max-stage N      maxStage (default 5)\n"
	       "  --wai BYTES        W_AI (default 80)\n"
	       "  --t-ns N|auto      T, the base RTT in ns (default 4160); auto: measured on the\n"
	       "                     idle network, NIC pipelines included (one MTU WRITE's time\n"
	       "                     from doorbell to completion on flow 0's path)\n"
	       "  --line-mbps N      line rate (default 100000), --min-mbps N (default 100)\n"
	       "  --mtu N            path MTU, bytes (default 1024: payload per packet)\n"
	       "  --msg N            bytes per WRITE; longer flows post several (default 1000000)\n"
	       "  --depth N          WRITEs each flow keeps posted, one doorbell per batch (default 4)\n"
	       "  --signal-every N   one signaled WRITE in N (and each flow's last; default 1)\n"
	       "  --no-int           HPCC without INT (frames plain RoCEv2; CC sees nothing)\n"
	       "  --cc NAME          CC of flows without cc= in the flow file: hpcc (default),\n"
	       "                     dcqcn, or hpcc+vai, hpcc+sf, hpcc+vai+sf (HPCC's Variable AI\n"
	       "                     and Sampling Frequency: need an engine and libhpnic with them)\n"
	       "  --vai, --sf        add VAI / SF to every HPCC flow (as +vai, +sf)\n"
	       "  --dcqcn LIST       DCQCN parameters, name=value,... (hpnic_dcqcn_parse names;\n"
	       "                     default: the NIC's reset values, mtu = --mtu)\n"
	       "  --ecn LIST         RED/ECN on every switch: kmin=SIZE,kmax=SIZE,pmax=P (the\n"
	       "                     topology's ecn line; sizes as 400KB); written to OUT/topo.txt\n"
	       "  --wai-mbps N       W_AI as a rate: N Mb/s x T (after --t-ns auto), replaces --wai\n"
	       "  --sched-burst N    pacing burst allowance beyond one grant, bytes (NIC default 4096)\n"
	       "  --sched-grant N    wire bytes per scheduler grant, 0 (path MTU) or 64..16383\n"
	       "                     (NIC default 256)\n"
	       "  --bottleneck S:P   the switch port summarised (default: most bytes sent)\n"
	       "  --pcap FILE        frames leaving the pcap port, as stamped\n"
	       "  --pcap-port S:P    that port (default: the bottleneck's, if --bottleneck)\n"
	       "  --rto-us N         retransmit timeout of every NIC, us (hpnic_set_rto; rounded\n"
	       "                     up to 1024 cycles; 0: no timer; default the NIC's, 32.8)\n"
	       "  --until-us N       stop there even if flows are left (default 100000)\n"
	       "  --seed N           switch ECMP/ECN and link seeds (default 1)\n"
	       "  --expect 'K OP V'  check a summary figure, OP one of < <= > >= ==; the\n"
	       "                     run fails (exit 1) when one does not hold\n"
	       "  --quiet            no progress on stderr\n");
}

/* "hpcc", "dcqcn", "hpcc+vai", "hpcc+sf", "hpcc+vai+sf" (options in any order) */
static int parse_cc(const char *s, unsigned *mode, unsigned *opts)
{
	char buf[64], *save = NULL, *t;
	int first = 1;

	if (strlen(s) >= sizeof(buf))
		return -1;
	strcpy(buf, s);
	*opts = 0;
	for (t = strtok_r(buf, "+", &save); t; t = strtok_r(NULL, "+", &save), first = 0) {
		if (first && !strcmp(t, "hpcc"))
			*mode = HPNIC_CC_MODE_HPCC;
		else if (first && !strcmp(t, "dcqcn"))
			*mode = HPNIC_CC_MODE_DCQCN;
		else if (!first && *mode == HPNIC_CC_MODE_HPCC && !strcmp(t, "vai"))
			*opts |= OPT_VAI;
		else if (!first && *mode == HPNIC_CC_MODE_HPCC && !strcmp(t, "sf"))
			*opts |= OPT_SF;
		else
			return -1;
	}
	return first ? -1 : 0;
}

static const char *cc_name(unsigned mode, unsigned opts)
{
	static const char *hpcc[4] = {"hpcc", "hpcc+vai", "hpcc+sf", "hpcc+vai+sf"};

	return mode == HPNIC_CC_MODE_DCQCN ? "dcqcn" : hpcc[opts & 3];
}

static int parse_port(const char *s, int *sw, int *port)
{
	return sscanf(s, "%d:%d", sw, port) == 2 && *sw >= 0 && *port >= 0 ? 0 : -1;
}

static int parse(int argc, char **argv, struct opts *o)
{
	static const struct option lo[] = {
		{"topo", 1, 0, 'T'}, {"flows", 1, 0, 'F'}, {"out", 1, 0, 'o'},
		{"eta", 1, 0, 'e'}, {"max-stage", 1, 0, 's'}, {"wai", 1, 0, 'w'},
		{"t-ns", 1, 0, 't'}, {"line-mbps", 1, 0, 'L'}, {"min-mbps", 1, 0, 'M'},
		{"mtu", 1, 0, 'm'}, {"msg", 1, 0, 'g'}, {"depth", 1, 0, 'd'},
		{"signal-every", 1, 0, 'E'}, {"no-int", 0, 0, 'n'},
		{"bottleneck", 1, 0, 'b'}, {"pcap", 1, 0, 'p'}, {"pcap-port", 1, 0, 'P'},
		{"until-us", 1, 0, 'u'}, {"seed", 1, 0, 'S'}, {"expect", 1, 0, 'x'},
		{"sched-burst", 1, 0, 'B'}, {"sched-grant", 1, 0, 'G'}, {"quiet", 0, 0, 'q'},
		{"cc", 1, 0, 'C'}, {"vai", 0, 0, 'V'}, {"sf", 0, 0, 'Q'}, {"dcqcn", 1, 0, 'D'},
		{"ecn", 1, 0, 'N'}, {"wai-mbps", 1, 0, 'W'}, {"rto-us", 1, 0, 'R'},
		{"help", 0, 0, 'h'}, {0, 0, 0, 0}};
	unsigned add_opts = 0;
	int c;

	memset(o, 0, sizeof(*o));
	o->eta = 0.95;
	o->max_stage = 5;
	o->wai = 80;
	o->t_ns = 4160;
	o->line_mbps = 100000;
	o->min_mbps = 100;
	o->mtu = 1024;
	o->msg = 1000000;
	o->depth = 4;
	o->signal_every = 1;
	o->until_us = 100000;
	o->seed = 1;
	o->sched_burst = -1;
	o->sched_grant = -1;
	o->rto_us = -1;
	o->pcap_sw = o->pcap_port = o->bot_sw = o->bot_port = -1;
	while ((c = getopt_long(argc, argv, "h", lo, NULL)) != -1) {
		switch (c) {
		case 'T': o->topo = optarg; break;
		case 'F': o->flows = optarg; break;
		case 'o': o->out = optarg; break;
		case 'e': o->eta = atof(optarg); break;
		case 's': o->max_stage = (unsigned)atoi(optarg); break;
		case 'w': o->wai = atof(optarg); break;
		case 't': o->t_ns = strcmp(optarg, "auto") ? (unsigned)atoi(optarg) : 0; break;
		case 'L': o->line_mbps = (unsigned)atoi(optarg); break;
		case 'M': o->min_mbps = (unsigned)atoi(optarg); break;
		case 'm': o->mtu = (unsigned)atoi(optarg); break;
		case 'g': o->msg = (unsigned)strtoul(optarg, NULL, 0); break;
		case 'd': o->depth = (unsigned)strtoul(optarg, NULL, 0); break;
		case 'E': o->signal_every = (unsigned)strtoul(optarg, NULL, 0); break;
		case 'n': o->no_int = 1; break;
		case 'b':
			if (parse_port(optarg, &o->bot_sw, &o->bot_port))
				return -1;
			break;
		case 'p': o->pcap = optarg; break;
		case 'P':
			if (parse_port(optarg, &o->pcap_sw, &o->pcap_port))
				return -1;
			break;
		case 'u': o->until_us = atof(optarg); break;
		case 'S': o->seed = strtoull(optarg, NULL, 0); break;
		case 'x':
			if (o->n_expect >= MAX_EXPECT)
				return -1;
			o->expect[o->n_expect++] = optarg;
			break;
		case 'B': o->sched_burst = atoi(optarg); break;
		case 'G': o->sched_grant = atoi(optarg); break;
		case 'R': {
			char *end;

			o->rto_us = strtod(optarg, &end);
			if (end == optarg || *end || !(o->rto_us >= 0)) {
				fprintf(stderr, "hpnic-netsim: --rto-us %s: want a number >= 0\n", optarg);
				return -1;
			}
			break;
		}
		case 'q': o->quiet = 1; break;
		case 'C':
			if (parse_cc(optarg, &o->cc, &o->cc_opts)) {
				fprintf(stderr, "hpnic-netsim: --cc %s: want hpcc, dcqcn, hpcc+vai, "
					"hpcc+sf or hpcc+vai+sf\n", optarg);
				return -1;
			}
			break;
		case 'V': add_opts |= OPT_VAI; break;
		case 'Q': add_opts |= OPT_SF; break;
		case 'D': o->dcqcn = optarg; break;
		case 'N': o->ecn = optarg; break;
		case 'W': o->wai_mbps = atof(optarg); break;
		case 'h': usage(); exit(0);
		default: return -1;
		}
	}
	o->add_opts = add_opts;
	if (o->wai_mbps < 0) {
		fprintf(stderr, "hpnic-netsim: --wai-mbps must be positive\n");
		return -1;
	}
	if (!o->topo || !o->flows || !o->out) {
		fprintf(stderr, "hpnic-netsim: --topo, --flows and --out are required (--help)\n");
		return -1;
	}
	if (o->msg < 1 || o->msg >= (1u << 31) || o->until_us <= 0 || o->depth < 1 ||
	    o->depth > 1024 || o->signal_every < 1 || o->signal_every > o->depth) {
		fprintf(stderr, "hpnic-netsim: --msg 1..2^31-1, --depth 1..1024, --signal-every "
			"1..depth, --until-us > 0\n");
		return -1;
	}
	if (o->pcap && o->pcap_port < 0) {
		o->pcap_sw = o->bot_sw;
		o->pcap_port = o->bot_port;
		if (o->pcap_port < 0) {
			fprintf(stderr, "hpnic-netsim: --pcap needs --pcap-port or --bottleneck\n");
			return -1;
		}
	}
	return 0;
}

#define TRY(call)                                                                    \
	do {                                                                         \
		int err_ = (call);                                                   \
		if (err_ < 0) {                                                      \
			fprintf(stderr, "hpnic-netsim: %s: %s (%s)\n", #call,        \
				hpnic_strerror(err_), hpnic_last_error());           \
			exit(1);                                                     \
		}                                                                    \
	} while (0)

static int load_flows(const char *path)
{
	FILE *f = fopen(path, "r");
	char line[256];
	unsigned lineno = 0;

	if (!f) {
		fprintf(stderr, "hpnic-netsim: %s: %s\n", path, strerror(errno));
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		struct flow *fl = &flows[n_flows];
		char *hash = strchr(line, '#');
		unsigned long long bytes, start;
		int n;

		char extra[5][64];
		int nx;

		lineno++;
		if (hash)
			*hash = 0;
		fl->label[0] = 0;
		n = sscanf(line, "%u %u %llu %llu %63s %63s %63s %63s %63s", &fl->src, &fl->dst,
			   &bytes, &start, extra[0], extra[1], extra[2], extra[3], extra[4]);
		if (n <= 0)
			continue;
		if (n < 4 || bytes == 0 || fl->src == fl->dst) {
			fprintf(stderr, "hpnic-netsim: %s:%u: want 'src dst bytes start_ns [label] "
				"[cc=NAME] [t=NS|auto] [wai=BYTES|wai_mbps=N]' with src != dst and "
				"bytes > 0\n", path, lineno);
			fclose(f);
			return -1;
		}
		/* after the four numbers: a label, cc=NAME and the per-QP T and
		 * W_AI, in any order */
		for (nx = 0; nx < n - 4; nx++) {
			char *end;

			if (!strcmp(extra[nx], "t=auto")) {
				fl->t_auto = 1;
			} else if (!strncmp(extra[nx], "t=", 2)) {
				unsigned long v = strtoul(extra[nx] + 2, &end, 10);

				if (*end || !v || v > 1000000) {
					fprintf(stderr, "hpnic-netsim: %s:%u: %s: want t=auto or t=NS, "
						"1..1000000\n", path, lineno, extra[nx]);
					fclose(f);
					return -1;
				}
				fl->t_ns = (unsigned)v;
			} else if (!strncmp(extra[nx], "wai=", 4) || !strncmp(extra[nx], "wai_mbps=", 9)) {
				int mbps = extra[nx][3] == '_';
				double v = strtod(extra[nx] + (mbps ? 9 : 4), &end);

				if (*end || !(v > 0)) {
					fprintf(stderr, "hpnic-netsim: %s:%u: %s: want a positive number\n",
						path, lineno, extra[nx]);
					fclose(f);
					return -1;
				}
				if (mbps)
					fl->wai_mbps = v;
				else
					fl->wai = v;
			} else if (!strncmp(extra[nx], "cc=", 3)) {
				if (parse_cc(extra[nx] + 3, &fl->cc, &fl->cc_opts)) {
					fprintf(stderr, "hpnic-netsim: %s:%u: %s: want cc=hpcc, dcqcn, "
						"hpcc+vai, hpcc+sf or hpcc+vai+sf\n", path, lineno,
						extra[nx]);
					fclose(f);
					return -1;
				}
				fl->cc_given = 1;
			} else if (!fl->label[0] && strlen(extra[nx]) < sizeof(fl->label)) {
				strcpy(fl->label, extra[nx]);
			} else {
				fprintf(stderr, "hpnic-netsim: %s:%u: '%s': one label (up to 15 "
					"characters), cc=, t=, wai= or wai_mbps= at most\n", path, lineno,
					extra[nx]);
				fclose(f);
				return -1;
			}
		}
		if (n_flows + 1 >= MAX_FLOWS) {
			fprintf(stderr, "hpnic-netsim: %s: more than %d flows\n", path, MAX_FLOWS - 1);
			fclose(f);
			return -1;
		}
		fl->bytes = bytes;
		fl->start_ns = start;
		n_flows++;
	}
	fclose(f);
	if (!n_flows) {
		fprintf(stderr, "hpnic-netsim: %s: no flows\n", path);
		return -1;
	}
	return 0;
}

static void fill(uint8_t *p, size_t n, unsigned seed)
{
	uint32_t x = seed * 2654435761u + 1;

	for (size_t i = 0; i < n; i++) {
		x = x * 1103515245u + 12345u;
		p[i] = (uint8_t)(x >> 16);
	}
}

/*
 * HPCC's per-QP Variable AI and Sampling Frequency (docs/cc-vai-sf.md), and
 * the per-QP T and W_AI (ovr, when not NULL: QP.CC_OVERRIDE), through
 * libhpnic's hpnic_qp_cc; the QP's INIT at RTS carries them to the CC engine.
 */
static void set_qp_cc(struct hpnic_qp *qp, unsigned opts, const struct hpnic_qp_cc *ovr)
{
	struct hpnic_qp_cc c;

	TRY(hpnic_qp_get_cc(qp, &c));
	c.options = (opts & OPT_VAI ? HPNIC_QP_CC_VAI : 0) | (opts & OPT_SF ? HPNIC_QP_CC_SF : 0);
	if (ovr) {
		c.override = 1;
		c.t_ns = ovr->t_ns;
		c.wai_bytes = ovr->wai_bytes;
		c.max_stage = ovr->max_stage;
	}
	TRY(hpnic_qp_set_cc(qp, &c));
}

/* an RC QP pair between hosts src and dst, in RTS; idx seeds the PSNs; the
 * sending QP runs CC mode cc with HPCC options opts (the receiving one
 * sends only ACKs and CNPs: its mode does not matter, it is given the same) */
static void connect_pair(const struct opts *o, unsigned src, unsigned dst, unsigned idx,
			 unsigned cc, unsigned opts, const struct hpnic_qp_cc *ovr,
			 struct hpnic_qp **sq, struct hpnic_qp **rq)
{
	struct hpnic_qp_init_attr ia = { .sq_depth = 8, .path_mtu = o->mtu,
					 .sq_sig_all = o->signal_every == 1 };

	while (ia.sq_depth < o->depth)
		ia.sq_depth <<= 1;
	struct hpnic_qp **qp[2] = {sq, rq};
	unsigned end[2] = {src, dst};

	for (int e = 0; e < 2; e++) {
		ia.send_cq = hosts[end[e]].cq;
		TRY(hpnic_create_qp(hosts[end[e]].dev, &ia, qp[e]));
	}
	for (int e = 0; e < 2; e++) {
		struct hpnic_qp_attr a;
		const struct hpnic_dev_attr *peer = &hosts[end[!e]].attr;

		memset(&a, 0, sizeof(a));
		a.qp_state = HPNIC_QPS_INIT;
		a.cc_mode = cc;
		TRY(hpnic_modify_qp(*qp[e], &a, HPNIC_QP_ATTR_STATE | HPNIC_QP_ATTR_CC_MODE));
		if (opts || ovr)
			set_qp_cc(*qp[e], opts, ovr);
		a.qp_state = HPNIC_QPS_RTR;
		a.dest_qp_num = hpnic_qp_num(*qp[!e]);
		a.remote_ipv4 = peer->ipv4;
		memcpy(a.remote_mac, peer->mac, 6);
		a.sq_psn = (idx * 7919u + (unsigned)e) & 0xffffff;
		a.rq_psn = (idx * 7919u + (unsigned)!e) & 0xffffff;
		TRY(hpnic_modify_qp(*qp[e], &a, HPNIC_QP_ATTR_STATE | HPNIC_QP_ATTR_DEST_QPN |
				    HPNIC_QP_ATTR_REMOTE_IP | HPNIC_QP_ATTR_REMOTE_MAC |
				    HPNIC_QP_ATTR_SQ_PSN | HPNIC_QP_ATTR_RQ_PSN));
		a.qp_state = HPNIC_QPS_RTS;
		TRY(hpnic_modify_qp(*qp[e], &a, HPNIC_QP_ATTR_STATE));
	}
}

/*
 * --t-ns auto: T is the base RTT as the NICs see it, which is the network's
 * (propagation and serialization) plus both NICs' pipelines. Measured on the
 * idle network before time 0: one MTU-sized WRITE between flow 0's hosts on
 * a QP pair of its own, from the doorbell to its completion.
 */
static unsigned calibrate_t(const struct opts *o, unsigned src, unsigned dst)
{
	struct hpnic_qp *sq, *rq;
	struct hpnic_mr *smr, *dmr;
	uint8_t *sb = aligned_alloc(4096, 4096), *db = aligned_alloc(4096, 4096);
	struct hpnic_wc wc;
	uint64_t t0, k;

	if (!sb || !db)
		exit(1);
	memset(sb, 0x5a, 4096);
	TRY(hpnic_reg_mr(hosts[src].dev, sb, 4096, HPNIC_ACCESS_LOCAL_WRITE, &smr));
	TRY(hpnic_reg_mr(hosts[dst].dev, db, 4096, HPNIC_ACCESS_LOCAL_WRITE |
			 HPNIC_ACCESS_REMOTE_WRITE, &dmr));
	connect_pair(o, src, dst, MAX_FLOWS, HPNIC_CC_MODE_HPCC, 0, NULL, &sq, &rq);
	hpnic_sim_run(4000);                   /* everything idle */
	t0 = hpnic_sim_cycle();
	TRY(hpnic_post_write(sq, ~0ull, smr, sb, o->mtu, (uintptr_t)db, hpnic_mr_rkey(dmr),
			     HPNIC_WR_SIGNALED));
	for (k = 0; k < 250000; k++) {
		int n = hpnic_poll_cq(hosts[src].cq, 1, &wc);

		if (n < 0)
			TRY(n);
		if (n)
			break;
		hpnic_sim_run(1);
	}
	if (k == 250000 || wc.status != HPNIC_WC_SUCCESS) {
		unsigned nc = hpnic_num_counters(hosts[src].dev);
		uint64_t v[128];

		for (unsigned e = 0; e < 2 && nc <= 128; e++) {
			unsigned h = e ? dst : src;

			int r = hpnic_read_counters(hosts[h].dev, v, nc);

			fprintf(stderr, "  h%u: %d counters\n", h, r);
			if (r >= 0)
				for (unsigned c = 0; c < nc; c++)
					if (v[c])
						fprintf(stderr, "  h%u %s %llu\n", h, hpnic_counter_name(c),
							(unsigned long long)v[c]);
		}
		fprintf(stderr, "hpnic-netsim: calibration WRITE h%u -> h%u did not complete (%s)\n",
			src, dst, k == 250000 ? "no completion in 1 ms" : "error completion");
		exit(1);
	}
	return (unsigned)((hpnic_sim_cycle() - t0) * NS_PER_CYCLE);
}

/* W_AI in bytes: --wai, or --wai-mbps x T */
static double wai_bytes(const struct opts *o, unsigned t_ns)
{
	return o->wai_mbps > 0 ? o->wai_mbps * t_ns / 8000.0 : o->wai;
}

static unsigned n_dcqcn;                   /* flows in CC mode 1 */
static struct hpnic_dcqcn_params dcqcn;    /* what every NIC got, when n_dcqcn or --dcqcn */

static void setup(struct opts *o)
{
	struct hpnic_cc_params cc;
	int use_dcqcn;

	for (unsigned i = 0; i < n_flows; i++) {
		if (flows[i].src >= n_hosts || flows[i].dst >= n_hosts) {
			fprintf(stderr, "hpnic-netsim: flow %u: host %u does not exist (%u hosts)\n",
				i, flows[i].src >= n_hosts ? flows[i].src : flows[i].dst, n_hosts);
			exit(2);
		}
		if (!flows[i].cc_given) {
			flows[i].cc = o->cc;
			flows[i].cc_opts = o->cc_opts;
		}
		if (flows[i].cc == HPNIC_CC_MODE_HPCC)
			flows[i].cc_opts |= o->add_opts;
		n_dcqcn += flows[i].cc == HPNIC_CC_MODE_DCQCN;
		hosts[flows[i].src].used = hosts[flows[i].dst].used = 1;
		hosts[flows[i].src].qps++;
		hosts[flows[i].dst].qps++;
	}
	hosts[flows[0].src].qps++;             /* the calibration pair */
	hosts[flows[0].dst].qps++;
	for (unsigned i = 0; i < n_flows; i++)
		if (flows[i].t_auto) {         /* and the flow's own */
			hosts[flows[i].src].qps++;
			hosts[flows[i].dst].qps++;
		}
	TRY(hpnic_cc_defaults(&cc));
	cc.eta = o->eta;
	cc.max_stage = o->max_stage;
	cc.t_ns = o->t_ns ? o->t_ns : cc.t_ns;
	cc.wai_bytes = wai_bytes(o, cc.t_ns);
	cc.line_mbps = o->line_mbps;
	cc.min_mbps = o->min_mbps;
	if (!o->no_int)
		cc.sched_overhead += HPNIC_INT_BLOCK_BYTES;
	if (o->sched_burst >= 0)
		cc.sched_burst = (unsigned)o->sched_burst;
	if (o->sched_grant >= 0)
		cc.sched_grant = (unsigned)o->sched_grant;
	use_dcqcn = n_dcqcn || o->dcqcn;
	if (use_dcqcn) {
		TRY(hpnic_dcqcn_defaults(&dcqcn));
		dcqcn.mtu = o->mtu;            /* B counts this MTU's packets (10 MB of them) */
		if (o->dcqcn && hpnic_dcqcn_parse(&dcqcn, o->dcqcn) < 0) {
			fprintf(stderr, "hpnic-netsim: --dcqcn %s: %s\n", o->dcqcn, hpnic_last_error());
			exit(2);
		}
	}
	for (unsigned h = 0; h < n_hosts; h++) {
		char name[16];
		unsigned depth = 16;

		/* every host is a NIC in the world; unused ones are opened too,
		 * so that the topology's idle hosts are configured the same */
		snprintf(name, sizeof(name), "sim:%u", h);
		TRY(hpnic_open(name, &hosts[h].dev));
		TRY(hpnic_query_device(hosts[h].dev, &hosts[h].attr));
		TRY(hpnic_set_cc(hosts[h].dev, &cc));
		if (use_dcqcn) {
			if (!(hosts[h].attr.cc_modes & (1u << HPNIC_CC_MODE_DCQCN))) {
				fprintf(stderr, "hpnic-netsim: sim:%u has no DCQCN (ID.CC_MODES 0x%x)\n",
					h, hosts[h].attr.cc_modes);
				exit(2);
			}
			TRY(hpnic_set_dcqcn(hosts[h].dev, &dcqcn));
		}
		TRY(hpnic_set_int(hosts[h].dev, !o->no_int, HPNIC_INT_PORT_DEFAULT));
		if (o->rto_us >= 0)
			TRY(hpnic_set_rto(hosts[h].dev, (uint64_t)(o->rto_us * 1000.0 + 0.5)));
		while (depth < hosts[h].qps * 8 || depth < hosts[h].qps * 2 * o->depth)
			depth <<= 1;
		TRY(hpnic_create_cq(hosts[h].dev, depth, &hosts[h].cq));
	}
	if (!o->t_ns) {
		o->t_ns = calibrate_t(o, flows[0].src, flows[0].dst);
		cc.t_ns = o->t_ns;
		cc.wai_bytes = wai_bytes(o, cc.t_ns);
		for (unsigned h = 0; h < n_hosts; h++) {
			TRY(hpnic_set_cc(hosts[h].dev, &cc));
			if (use_dcqcn)
				TRY(hpnic_set_dcqcn(hosts[h].dev, &dcqcn));
		}
		hpnic_sim_run(2000);           /* the engines derive their constants */
	}
	for (unsigned i = 0; i < n_flows; i++) {
		struct flow *f = &flows[i];

		f->blen = f->bytes < o->msg ? f->bytes : o->msg;
		f->sbuf = aligned_alloc(4096, (f->blen + 4095) & ~(size_t)4095);
		f->dbuf = aligned_alloc(4096, (f->blen + 4095) & ~(size_t)4095);
		if (!f->sbuf || !f->dbuf) {
			fprintf(stderr, "hpnic-netsim: out of memory\n");
			exit(1);
		}
		fill(f->sbuf, f->blen, i + 1);
		memset(f->dbuf, 0, f->blen);
		TRY(hpnic_reg_mr(hosts[f->src].dev, f->sbuf, f->blen, HPNIC_ACCESS_LOCAL_WRITE, &f->smr));
		TRY(hpnic_reg_mr(hosts[f->dst].dev, f->dbuf, f->blen,
				 HPNIC_ACCESS_LOCAL_WRITE | HPNIC_ACCESS_REMOTE_WRITE, &f->dmr));
		/* per-QP T and W_AI: the flow's T, or the NIC's; the flow's W_AI,
		 * or its wai_mbps x its T, or --wai-mbps x its T, or the NIC's */
		struct hpnic_qp_cc ovr = { .max_stage = cc.max_stage };
		int has_ovr = f->t_auto || f->t_ns || f->wai > 0 || f->wai_mbps > 0;

		if (f->t_auto)
			f->t_ns = calibrate_t(o, f->src, f->dst);
		ovr.t_ns = f->t_ns ? f->t_ns : cc.t_ns;
		ovr.wai_bytes = f->wai > 0 ? f->wai : f->wai_mbps > 0 ? f->wai_mbps * ovr.t_ns / 8000.0 :
				wai_bytes(o, ovr.t_ns);
		if (has_ovr && !o->quiet)
			fprintf(stderr, "hpnic-netsim: flow %u: per-QP T %u ns, W_AI %.1f B\n", i,
				ovr.t_ns, ovr.wai_bytes);
		connect_pair(o, f->src, f->dst, i, f->cc, f->cc_opts, has_ovr ? &ovr : NULL, &f->sq,
			     &f->rq);
		if (hpnic_qp_num(f->rq) >= HPNIC_SIM_FLOW_QPS) {
			fprintf(stderr, "hpnic-netsim: QPN %u beyond the simulator's flow counters\n",
				hpnic_qp_num(f->rq));
			exit(1);
		}
	}
}

/* post WRITEs until the flow has --depth outstanding or nothing left, with
 * one doorbell for them all */
static unsigned msg_depth = 4;          /* --depth */
static unsigned msg_signal = 1;         /* --signal-every */

/* a WRITE's wr_id: the flow, and the flow's bytes posted up to its end */
#define WRID_FLOW_BITS 20

static void post_more(struct flow *f)
{
	while (f->outstanding < msg_depth && f->posted < f->bytes) {
		uint64_t left = f->bytes - f->posted;
		uint32_t len = (uint32_t)(left < f->blen ? left : f->blen);
		int last = f->outstanding + 1 == msg_depth || f->posted + len >= f->bytes;

		uint64_t id = (f->posted + len) << WRID_FLOW_BITS | (uint64_t)(f - flows);
		unsigned fl = (last ? 0 : HPNIC_WR_MORE) |
			      (++f->msgs_posted % msg_signal == 0 || f->posted + len >= f->bytes ?
			       HPNIC_WR_SIGNALED : 0);

		TRY(hpnic_post_write(f->sq, id, f->smr, f->sbuf, len, (uintptr_t)f->dbuf,
				     hpnic_mr_rkey(f->dmr), fl));
		f->posted += len;
		f->outstanding++;
	}
}

static int poll_host(unsigned h)
{
	struct hpnic_wc wc[64];
	int n, total = 0;

	while ((n = hpnic_poll_cq(hosts[h].cq, 64, wc)) > 0) {
		for (int k = 0; k < n; k++) {
			struct flow *f;

			uint64_t fi = wc[k].wr_id & ((1u << WRID_FLOW_BITS) - 1);
			uint64_t end = wc[k].wr_id >> WRID_FLOW_BITS;

			if (fi >= n_flows)
				continue;
			f = &flows[fi];
			/* a completion also covers the unsignaled WRITEs before it */
			if (end > f->done_bytes && f->blen)
				f->outstanding -= (unsigned)((end - f->done_bytes + f->blen - 1) / f->blen);
			if (wc[k].status != HPNIC_WC_SUCCESS) {
				if (!f->failed)
					fprintf(stderr, "hpnic-netsim: flow %u: completion error %d (%s)\n",
						(unsigned)fi, wc[k].status,
						hpnic_strerror(-EIO));
				f->failed = 1;
				f->finished = 1;
				f->t_end_cyc = hpnic_sim_cycle();
				continue;
			}
			if (end > f->done_bytes)
				f->done_bytes = end;
			if (f->done_bytes >= f->bytes && !f->finished) {
				f->finished = 1;
				f->t_end_cyc = hpnic_sim_cycle();
			} else if (!f->failed) {
				post_more(f);
			}
		}
		total += n;
	}
	if (n < 0)
		TRY(n);
	return total;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static int cmp_dbl(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static uint64_t pct_u64(uint64_t *v, size_t n, double p)
{
	if (!n)
		return 0;
	qsort(v, n, sizeof(*v), cmp_u64);
	size_t i = (size_t)ceil(p * (double)n) - (p > 0 ? 1 : 0);

	return v[i < n ? i : n - 1];
}

/* summary figures, by name, for --expect */
#define MAX_FIG 64
static struct { char name[32]; double v; const char *desc; } figs[MAX_FIG];
static unsigned n_figs;

static void fig(const char *name, double v, const char *desc)
{
	if (n_figs < MAX_FIG) {
		snprintf(figs[n_figs].name, sizeof(figs[n_figs].name), "%s", name);
		figs[n_figs].v = v;
		figs[n_figs].desc = desc;
		n_figs++;
	}
}

static int check_expect(const char *e, FILE *sum)
{
	char key[32], op[3];
	double want;

	if (sscanf(e, "%31s %2s %lf", key, op, &want) != 3) {
		fprintf(stderr, "hpnic-netsim: --expect '%s': want 'KEY OP VALUE'\n", e);
		return -1;
	}
	for (unsigned i = 0; i < n_figs; i++) {
		double v = figs[i].v;
		int ok;

		if (strcmp(figs[i].name, key))
			continue;
		if (!strcmp(op, "<"))
			ok = v < want;
		else if (!strcmp(op, "<="))
			ok = v <= want;
		else if (!strcmp(op, ">"))
			ok = v > want;
		else if (!strcmp(op, ">="))
			ok = v >= want;
		else if (!strcmp(op, "=="))
			ok = v == want;
		else
			ok = -1;
		if (ok < 0)
			break;
		printf("%s  %s = %.6g, want %s %g\n", ok ? "PASS" : "FAIL", key, v, op, want);
		fprintf(sum, "%s  %s = %.6g, want %s %g\n", ok ? "PASS" : "FAIL", key, v, op, want);
		return ok ? 0 : 1;
	}
	fprintf(stderr, "hpnic-netsim: --expect '%s': no such figure or operator\n", e);
	return -1;
}

/* mkdir -p */
static void make_dirs(const char *dir)
{
	char p[1024];

	snprintf(p, sizeof(p), "%s", dir);
	for (char *c = p + 1; *c; c++)
		if (*c == '/') {
			*c = 0;
			mkdir(p, 0777);
			*c = '/';
		}
	mkdir(p, 0777);
}

static FILE *open_out(const char *dir, const char *name)
{
	char path[1024];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	if (!f) {
		fprintf(stderr, "hpnic-netsim: %s: %s\n", path, strerror(errno));
		exit(1);
	}
	return f;
}

/*
 * --ecn kmin=..,kmax=..,pmax=..: the topology with an ecn line for every
 * switch it declares, written to DIR/topo.txt (the switch model reads its
 * ECN settings from the topology; a later ecn line replaces an earlier one's
 * keys). Returns the new file's path.
 */
static const char *ecn_topology(const char *topo, const char *ecn, const char *dir)
{
	static char path[1024];
	char line[512], keys[256];
	FILE *in = fopen(topo, "r"), *out;
	unsigned sw;

	snprintf(path, sizeof(path), "%s/topo.txt", dir);
	if (!in || strlen(ecn) >= sizeof(keys)) {
		fprintf(stderr, "hpnic-netsim: %s: %s\n", topo, in ? "--ecn too long" : strerror(errno));
		exit(2);
	}
	out = open_out(dir, "topo.txt");
	snprintf(keys, sizeof(keys), "%s", ecn);
	for (char *c = keys; *c; c++)
		if (*c == ',')
			*c = ' ';
	fprintf(out, "# %s with --ecn %s\n", topo, ecn);
	while (fgets(line, sizeof(line), in)) {
		fputs(line, out);
		if (sscanf(line, " switch %u", &sw) == 1)
			fprintf(out, "ecn %u %s\n", sw, keys);
	}
	fclose(in);
	fclose(out);
	return path;
}

static double now_wall(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void take_sample(uint64_t t, const unsigned *port_sw, const unsigned *port_no)
{
	uint64_t payload = 0;

	if (n_smp == cap_smp) {
		cap_smp = cap_smp ? cap_smp * 2 : 4096;
		smp_t = realloc(smp_t, cap_smp * sizeof(*smp_t));
		smp_payload = realloc(smp_payload, cap_smp * sizeof(*smp_payload));
		smp_q = realloc(smp_q, cap_smp * nports * sizeof(*smp_q));
		smp_tx = realloc(smp_tx, cap_smp * nports * sizeof(*smp_tx));
		if (!smp_t || !smp_payload || !smp_q || !smp_tx) {
			fprintf(stderr, "hpnic-netsim: out of memory\n");
			exit(1);
		}
		for (unsigned i = 0; i < n_flows; i++)
			if (flow_rx_hist[i]) {
				flow_rx_hist[i] = realloc(flow_rx_hist[i], cap_smp * sizeof(uint64_t));
				if (!flow_rx_hist[i])
					exit(1);
			}
	}
	smp_t[n_smp] = t;
	for (unsigned k = 0; k < nports; k++) {
		struct hpnic_sim_port_stats ps;

		TRY(hpnic_sim_port_stats(port_sw[k], port_no[k], &ps));
		smp_q[n_smp * nports + k] = ps.qlen;
		smp_tx[n_smp * nports + k] = ps.tx_bytes;
	}
	for (unsigned i = 0; i < n_flows; i++) {
		uint64_t fb, pb;

		hpnic_sim_qp_rx(flows[i].dst, hpnic_qp_num(flows[i].rq), &fb, &pb);
		payload += pb;
		if (flow_rx_hist[i])
			flow_rx_hist[i][n_smp] = fb;
	}
	smp_payload[n_smp] = payload;
	n_smp++;
}

/* the sample index at or after cycle t */
static size_t smp_at(uint64_t t)
{
	size_t lo = 0, hi = n_smp;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (smp_t[mid] < t)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n_smp ? lo : n_smp - 1;
}

/* bottleneck throughput between two samples, Gb/s of frame bytes */
static double thr_gbps(unsigned bot, size_t a, size_t b)
{
	if (b <= a)
		return 0;
	return (double)(smp_tx[b * nports + bot] - smp_tx[a * nports + bot]) * 8.0 /
	       ((double)(smp_t[b] - smp_t[a]) * NS_PER_CYCLE);
}

static int is_mouse(const struct flow *f)
{
	return f->bytes < 100000;
}

/*
 * Jain's index of the flows' frame bytes over samples a..b (1 us each),
 * among the non-mouse flows with a history that run over the whole window
 * (started by its start, not finished before its end); *n their number,
 * 0 when none of them delivered a byte (no index: left out)
 */
static double jain_window(size_t a, size_t b, uint64_t cyc0, unsigned *n)
{
	double sm = 0, sq = 0;

	*n = 0;
	for (unsigned i = 0; i < n_flows; i++) {
		const struct flow *f = &flows[i];

		if (!flow_rx_hist[i] || is_mouse(f) || !f->started || f->t_start_cyc - cyc0 > smp_t[a] ||
		    (f->finished && f->t_end_cyc - cyc0 < smp_t[b]))
			continue;
		double x = (double)(flow_rx_hist[i][b] - flow_rx_hist[i][a]);

		sm += x;
		sq += x * x;
		(*n)++;
	}
	if (sq <= 0)
		*n = 0;                        /* nothing delivered: no index */
	return *n ? sm * sm / (*n * sq) : 1.0;
}

/*
 * jain.csv: Jain's index over windows of 10 us and of 100 us ending every
 * 10 us; the summary's Jain figures over 100 us windows, and per join (a
 * non-mouse flow starting while another runs): the index of the 100 us
 * window ending JOIN_SETTLE_US after it (or at the next start or end, if
 * sooner), and the time until a 100 us window after it reaches JAIN_TARGET
 */
static void jain_over_time(const struct opts *o, uint64_t cyc0)
{
	FILE *fj = open_out(o->out, "jain.csv");
	double j100_min = 1, after_min = 2, conv_max = -1;
	unsigned n, n100, joins = 0;

	fprintf(fj, "time_us,jain_10us,flows_10us,jain_100us,flows_100us\n");
	for (size_t b = 10; b < n_smp; b += 10) {
		double j10 = jain_window(b - 10, b, cyc0, &n), j100 = -1;

		n100 = 0;
		if (b >= 100)
			j100 = jain_window(b - 100, b, cyc0, &n100);
		fprintf(fj, "%.0f,%.4f,%u,", smp_t[b] * NS_PER_CYCLE / 1000.0, j10, n);
		if (b >= 100)
			fprintf(fj, "%.4f,%u\n", j100, n100);
		else
			fprintf(fj, ",\n");
		if (n100 >= 2 && j100 < j100_min)
			j100_min = j100;
	}
	fclose(fj);
	fig("jain_100us_min", j100_min, "lowest Jain index of 100 us windows (every 10 us) with "
	    ">= 2 flows running throughout");
	for (unsigned i = 0; i < n_flows; i++) {
		const struct flow *f = &flows[i];
		uint64_t s, next = UINT64_MAX;
		int others = 0;

		if (is_mouse(f) || !f->started || !flow_rx_hist[i])
			continue;
		s = f->t_start_cyc - cyc0;
		for (unsigned k = 0; k < n_flows; k++) {
			const struct flow *g = &flows[k];
			uint64_t gs = g->t_start_cyc - cyc0, ge = g->finished ? g->t_end_cyc - cyc0 : UINT64_MAX;

			if (k == i || is_mouse(g) || !g->started)
				continue;
			if (gs < s && ge > s)
				others = 1;
			if (gs > s && gs < next)
				next = gs;
			if (ge > s && ge < next)
				next = ge;
		}
		if (!others)
			continue;
		uint64_t end = s + (uint64_t)JOIN_SETTLE_US * 1000 / NS_PER_CYCLE;
		if (next < end)
			end = next;
		if (end < s + 100000 / NS_PER_CYCLE || end > smp_t[n_smp - 1])
			continue;              /* no 100 us window before the next event */
		size_t b = smp_at(end);
		if (smp_t[b] > end && b)
			b--;
		if (b < 100)
			continue;
		double j = jain_window(b - 100, b, cyc0, &n);

		joins++;
		if (j < after_min)
			after_min = j;
		/* convergence: the first 100 us window after the join at the target */
		double conv = 1e9;
		for (size_t e = smp_at(s) + 100; e <= b; e += 10)
			if (jain_window(e - 100, e, cyc0, &n) >= JAIN_TARGET) {
				conv = (double)(smp_t[e] - s) * NS_PER_CYCLE / 1000.0;
				break;
			}
		if (conv > conv_max)
			conv_max = conv;
	}
	if (joins) {
		fig("joins", joins, "flows joining others, with 100 us before the next start or end");
		fig("jain_100us_after_join", after_min, "lowest over the joins: Jain index of the 100 us "
		    "window ending 1 ms after the join (or at the next start or end)");
		fig("jain_converge_us", conv_max, "longest over the joins: time until a 100 us window "
		    "after it has Jain >= 0.95, us (1e9: never before the next event)");
	}
}

/* the smallest flow's bytes over the largest's between samples a and b,
 * among the non-mouse flows running through the stage [t0, t1) */
static double stage_share(uint64_t t0, uint64_t t1, size_t a, size_t b)
{
	double lo = -1, hi = 0;

	for (unsigned i = 0; i < n_flows; i++) {
		const struct flow *f = &flows[i];

		if (!flow_rx_hist[i] || is_mouse(f) || !f->started || f->t_start_cyc > t0 ||
		    (f->finished && f->t_end_cyc < t1))
			continue;
		double x = (double)(flow_rx_hist[i][b] - flow_rx_hist[i][a]);

		if (lo < 0 || x < lo)
			lo = x;
		if (x > hi)
			hi = x;
	}
	return hi > 0 ? lo / hi : 1.0;
}

/* the figures of a run (docs/netsim.md), into summary.txt and figs[] */
static void summarize(const struct opts *o, unsigned bot, const unsigned *port_sw,
		      const unsigned *port_no, FILE *sum, double wall_s, uint64_t cyc0)
{
	double net_rtt_ns = 0;
	uint64_t *q = malloc(n_smp * sizeof(uint64_t)), peak = 0, t_first = UINT64_MAX;
	uint64_t ev[2 * MAX_FLOWS], t_first_end = UINT64_MAX, t_last_end = 0;
	size_t n_q = 0, i_peak = 0, i_drain = SIZE_MAX, n_ev = 0;
	double T_cyc = o->t_ns / (double)NS_PER_CYCLE, settle = SETTLE_RTTS * T_cyc;
	unsigned n_done = 0, n_ok = 0;
	double stage_min = 1e9;
	uint64_t pauses = 0, pause_ps = 0, drops = 0, marks = 0;

	if (!q)
		exit(1);
	for (unsigned i = 0; i < n_flows; i++) {
		const struct flow *f = &flows[i];
		uint64_t s = f->t_start_cyc, e = f->t_end_cyc;

		if (f->started && s < t_first)
			t_first = s;
		if (f->finished && !f->failed) {
			n_done++;
			n_ok += f->bytes_ok;
			if (!is_mouse(f) && e < t_first_end)
				t_first_end = e;
			if (e > t_last_end)
				t_last_end = e;
		}
		if (!is_mouse(f) && f->started) {
			ev[n_ev++] = s;
			ev[n_ev++] = f->finished ? e : UINT64_MAX;
		}
	}
	/* times in samples are relative to time 0 (cyc0); flow times absolute */
	for (size_t k = 0; k < n_smp; k++) {
		uint64_t v = smp_q[k * nports + bot];

		q[n_q++] = v;
		if (v > peak) {
			peak = v;
			i_peak = k;
		}
	}
	for (size_t k = i_peak; k < n_smp; k++)
		if (smp_q[k * nports + bot] < 10000) {
			i_drain = k;
			break;
		}
	fprintf(sum, "bottleneck: switch %u port %u\n", port_sw[bot], port_no[bot]);
	TRY(hpnic_sim_base_rtt_ns(flows[0].src, flows[0].dst, o->mtu + 78 + (o->no_int ? 0 : 42),
				  o->no_int ? 62 : 104, &net_rtt_ns));
	fig("t_ns", o->t_ns, "T the NICs used, ns");
	fig("net_base_rtt_ns", net_rtt_ns, "flow 0's path: propagation and store-and-forward "
	    "serialization of an MTU frame and its ACK, ns (no NIC)");
	fig("q_peak_kb", peak / 1000.0, "bottleneck queue peak, KB");
	fig("q_p50_kb", pct_u64(q, n_q, 0.50) / 1000.0, "bottleneck queue median, KB (1 us samples)");
	fig("q_p99_kb", pct_u64(q, n_q, 0.99) / 1000.0, "bottleneck queue p99, KB");
	fig("q_peak_at_us", smp_t[i_peak] * NS_PER_CYCLE / 1000.0, "when the queue peaked, us");
	fig("drain_us", i_drain == SIZE_MAX ? 1e9 :
	    (double)(smp_t[i_drain] - (t_first - cyc0)) * NS_PER_CYCLE / 1000.0,
	    "from the first flow's start until the queue is below 10 KB after its peak, us");

	/* stages: between consecutive starts/ends of non-mouse flows; each
	 * minus its first SETTLE_RTTS base RTTs is the steady part */
	qsort(ev, n_ev, sizeof(ev[0]), cmp_u64);
	n_q = 0;
	double jain_min = 1, agg_sum = 0, agg_t = 0, share_min = 1, share_end_min = 1;
	for (size_t k = 0; k + 1 < n_ev; k++) {
		if (ev[k + 1] == UINT64_MAX || ev[k] == ev[k + 1])
			continue;
		uint64_t a = ev[k] - cyc0 + (uint64_t)settle, b = ev[k + 1] - cyc0;
		unsigned active = 0;

		for (unsigned i = 0; i < n_flows; i++)
			if (!is_mouse(&flows[i]) && flows[i].started && flows[i].t_start_cyc <= ev[k] &&
			    (!flows[i].finished || flows[i].t_end_cyc >= ev[k + 1]))
				active++;
		if (!active || b < a + 2500)   /* shorter than 10 us once settled */
			continue;
		size_t sa = smp_at(a), sb = smp_at(b);
		double g = thr_gbps(bot, sa, sb);

		fprintf(sum, "stage %.0f..%.0f us (steady from %.0f): %u flows, %.2f Gb/s at the "
			"bottleneck\n", (ev[k] - cyc0) * NS_PER_CYCLE / 1000.0,
			b * NS_PER_CYCLE / 1000.0, a * NS_PER_CYCLE / 1000.0, active, g);
		if (g < stage_min)
			stage_min = g;
		agg_sum += g * (double)(sb - sa);
		agg_t += (double)(sb - sa);
		for (size_t s = sa; s < sb; s++)
			q[n_q++] = smp_q[s * nports + bot];
		/* the smallest flow's bytes over the largest's, over the whole
		 * steady part: how far from equal the stage settled */
		if (active >= 2) {
			/* and over its last SHARE_END_US: where it converged to */
			size_t se = sb > sa + SHARE_END_US ? sb - SHARE_END_US : sa;
			double sh = stage_share(ev[k], ev[k + 1], sa, sb), she = stage_share(ev[k], ev[k + 1], se, sb);

			if (sh < share_min)
				share_min = sh;
			if (she < share_end_min)
				share_end_min = she;
		}
		/* Jain over 10 us windows of the steady part, active flows only */
		if (active >= 2)
			for (size_t s = sa; s + 10 <= sb; s += 10) {
				double sm = 0, sq = 0;
				unsigned n = 0;

				for (unsigned i = 0; i < n_flows; i++) {
					const struct flow *f = &flows[i];

					if (!flow_rx_hist[i] || is_mouse(f) || f->t_start_cyc > ev[k] ||
					    (f->finished && f->t_end_cyc < ev[k + 1]))
						continue;
					double x = (double)(flow_rx_hist[i][s + 10] - flow_rx_hist[i][s]);

					sm += x;
					sq += x * x;
					n++;
				}
				if (n >= 2 && sq > 0 && sm * sm / (n * sq) < jain_min)
					jain_min = sm * sm / (n * sq);
			}
	}
	fig("stage_min_gbps", stage_min == 1e9 ? 0 : stage_min,
	    "lowest bottleneck throughput of any stage's steady part, Gb/s (frame bytes)");
	fig("steady_gbps", agg_t > 0 ? agg_sum / agg_t : 0,
	    "bottleneck throughput over all steady parts, Gb/s (frame bytes)");
	fig("q_steady_p99_kb", pct_u64(q, n_q, 0.99) / 1000.0,
	    "bottleneck queue p99 over the steady parts, KB");
	fig("jain_min", jain_min, "lowest Jain index of 10 us windows of steady parts (>= 2 flows)");
	fig("share_min", share_min, "lowest over stages with >= 2 flows: the smallest flow's bytes over "
	    "the largest's in the stage's steady part");
	fig("share_end_min", share_end_min, "the same over each such stage's last 500 us (or its "
	    "steady part, if shorter): the shares it converged to");

	/* after the drain, until the first (non-mouse) flow ends (or the run
	 * does, when none ended) */
	if (i_drain != SIZE_MAX) {
		size_t e = t_first_end != UINT64_MAX ? smp_at(t_first_end - cyc0) : n_smp - 1;

		if (e <= i_drain && t_last_end)
			e = smp_at(t_last_end - cyc0);
		fig("thr_after_drain_gbps", thr_gbps(bot, i_drain, e),
		    "bottleneck throughput from the drain to the first flow's end (or the run's), "
		    "Gb/s (frame bytes)");
		fig("goodput_after_drain_gbps", e > i_drain ?
		    (double)(smp_payload[e] - smp_payload[i_drain]) * 8.0 /
		    ((double)(smp_t[e] - smp_t[i_drain]) * NS_PER_CYCLE) : 0,
		    "RDMA payload delivered over the same interval, Gb/s");
	}

	/* longshort: after "short" ends, how long until "long" is back at 90% */
	int li = -1, si = -1;
	for (unsigned i = 0; i < n_flows; i++) {
		if (!strcmp(flows[i].label, "long"))
			li = (int)i;
		if (!strcmp(flows[i].label, "short"))
			si = (int)i;
	}
	if (li >= 0 && si >= 0 && flows[si].finished) {
		size_t a = smp_at(flows[si].t_end_cyc - cyc0), k;
		double line = o->line_mbps / 1000.0, rec = 1e9;

		for (k = a; k + 0 < n_smp && k >= 5; k++) {
			double g = (double)(flow_rx_hist[li][k] - flow_rx_hist[li][k - 5]) * 8.0 /
				   ((double)(smp_t[k] - smp_t[k - 5]) * NS_PER_CYCLE);

			if (g >= 0.9 * line) {
				rec = (double)(smp_t[k] - (flows[si].t_end_cyc - cyc0)) / T_cyc;
				break;
			}
		}
		size_t s0 = smp_at(flows[si].t_start_cyc - cyc0 + (uint64_t)settle);
		fig("recover_rtts", rec, "after the short flow ends, base RTTs (T) until the long flow "
		    "runs at >= 90% of line rate (5 us average)");
		fig("recover_us", rec < 1e9 ? rec * o->t_ns / 1000.0 : 1e9, "the same, us");
		fig("long_during_short_gbps", a > s0 ? (double)(flow_rx_hist[li][a] - flow_rx_hist[li][s0]) *
		    8.0 / ((double)(smp_t[a] - smp_t[s0]) * NS_PER_CYCLE) : 0,
		    "the long flow's throughput while the short one runs, Gb/s");
	}

	/* mice */
	double fct[MAX_FLOWS];
	unsigned nm = 0;
	for (unsigned i = 0; i < n_flows; i++)
		if (is_mouse(&flows[i]) && flows[i].finished && !flows[i].failed)
			fct[nm++] = (double)(flows[i].t_end_cyc - flows[i].t_start_cyc) * NS_PER_CYCLE;
	if (nm) {
		qsort(fct, nm, sizeof(fct[0]), cmp_dbl);
		double p99 = fct[(size_t)ceil(0.99 * nm) - 1], p50 = fct[(size_t)ceil(0.5 * nm) - 1];

		fig("mice", nm, "mice (flows under 100 KB) completed");
		fig("mice_fct_p50_us", p50 / 1000.0, "mice FCT median, us");
		fig("mice_fct_p99_us", p99 / 1000.0, "mice FCT p99, us");
		fig("mice_fct_p99_rtt", p99 / net_rtt_ns, "mice FCT p99 in network base RTTs "
		    "(net_base_rtt_ns)");
	}

	/* every flow's FCT (start to its last completion) */
	unsigned nf = 0;
	for (unsigned i = 0; i < n_flows; i++)
		if (flows[i].finished && !flows[i].failed)
			fct[nf++] = (double)(flows[i].t_end_cyc - flows[i].t_start_cyc) * NS_PER_CYCLE;
	if (nf) {
		qsort(fct, nf, sizeof(fct[0]), cmp_dbl);
		fig("fct_p50_us", fct[(size_t)ceil(0.5 * nf) - 1] / 1000.0, "FCT median, all flows, us");
		fig("fct_p99_us", fct[(size_t)ceil(0.99 * nf) - 1] / 1000.0, "FCT p99, all flows, us");
		fig("fct_max_us", fct[nf - 1] / 1000.0, "FCT max, all flows, us");
		fig("last_finish_us", (double)(t_last_end - cyc0) * NS_PER_CYCLE / 1000.0,
		    "when the last flow finished, us");
	}
	jain_over_time(o, cyc0);

	for (unsigned s = 0; s < nports; s++) {
		struct hpnic_sim_port_stats ps;

		TRY(hpnic_sim_port_stats(port_sw[s], port_no[s], &ps));
		pauses += ps.pause_sent;
		pause_ps += ps.pause_ps;
		drops += ps.drops;
		marks += ps.ecn_marks;
	}
	fig("pfc_pauses", (double)pauses, "PFC pauses sent by all switch ports");
	fig("pfc_pause_us", pause_ps / 1e6, "total time upstream ports were held paused, us");
	fig("drops", (double)drops, "frames the switches dropped (buffer full, no route)");
	fig("ecn_marks", (double)marks, "frames marked CE");
	if (n_dcqcn) {
		fig("cnps", (double)counter_sum("np_cnp_sent"),
		    "CNPs the receiving NICs sent (np_cnp_sent)");
		fig("dcqcn_decreases", (double)counter_sum("cc_dcqcn_decreases"),
		    "DCQCN rate decreases (cc_dcqcn_decreases)");
	}
	fig("timeouts", (double)counter_sum("tx_timeouts"),
	    "retransmit timeouts, all NICs (tx_timeouts)");
	fig("flows", n_flows, "flows in the flow file");
	fig("flows_done", n_done, "flows completed without error");
	fig("bytes_ok", n_ok == n_flows ? 1 : 0, "1 if every flow completed and its destination "
	    "buffer matches its source byte for byte");
	fig("sim_us", n_smp ? smp_t[n_smp - 1] * NS_PER_CYCLE / 1000.0 : 0, "simulated time, us");
	fig("wall_s_per_sim_ms", n_smp ? wall_s / (smp_t[n_smp - 1] * NS_PER_CYCLE / 1e6) : 0,
	    "wall seconds per simulated ms (all NICs and switches)");
	for (unsigned k = 0; k < n_figs; k++)
		fprintf(sum, "%-26s %12.4f   %s\n", figs[k].name, figs[k].v, figs[k].desc);
	free(q);
}

int main(int argc, char **argv)
{
	struct opts o;
	struct hpnic_sim_cfg sc;
	unsigned n_sw, port_sw[MAX_PORTS], port_no[MAX_PORTS], bot = 0;
	FILE *fq, *fr, *ff, *fs, *fp;
	double wall0, wall_sim0, wall_run;
	uint64_t cyc0, until_cyc, last_done_cyc = 0, *rx_prev, payload_prev = 0;
	unsigned done = 0;
	int bad = 0;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (parse(argc, argv, &o))
		return 2;
	msg_depth = o.depth;
	msg_signal = o.signal_every;
	if (load_flows(o.flows))
		return 2;
	make_dirs(o.out);
	if (o.ecn)
		o.topo = ecn_topology(o.topo, o.ecn, o.out);
	hpnic_sim_cfg_default(&sc);
	sc.nics = 0;
	sc.topology = o.topo;
	sc.progress_cycles = 0;                /* this loop runs the clock */
	sc.seed = o.seed;
	sc.pcap_path = o.pcap;
	sc.pcap_switch = o.pcap_sw;
	sc.pcap_port = o.pcap_port;
	TRY(hpnic_sim_configure(&sc));
	wall0 = now_wall();
	/* opening NIC 0 builds the world: then the host count is known */
	TRY(hpnic_open("sim:0", &hosts[0].dev));
	hpnic_close(hosts[0].dev);
	n_hosts = hpnic_sim_nics();
	n_sw = (unsigned)hpnic_sim_net_switches();
	for (unsigned s = 0; s < n_sw; s++)
		for (int p = 0; p < hpnic_sim_net_ports(s) && nports < MAX_PORTS; p++) {
			port_sw[nports] = s;
			port_no[nports++] = (unsigned)p;
		}
	setup(&o);
	for (unsigned i = 0; i < n_flows; i++) {
		struct flow *f = &flows[i];
		uint64_t pkts = (f->bytes + o.mtu - 1) / o.mtu;
		uint64_t wire = f->bytes + pkts * (82 + (o.no_int ? 0 : HPNIC_INT_BLOCK_BYTES)) +
			(f->bytes + o.msg - 1) / o.msg * 16;
		double rtt;

		TRY(hpnic_sim_base_rtt_ns(f->src, f->dst, o.mtu + 78 + (o.no_int ? 0 : 42),
					  o.no_int ? 62 : 104, &rtt));
		f->ideal_ns = rtt + (double)wire * 8.0 / (o.line_mbps / 1000.0);
	}
	if (!o.quiet)
		fprintf(stderr, "hpnic-netsim: %u hosts, %u switches, %u flows; setup %.1f s\n",
			n_hosts, n_sw, n_flows, now_wall() - wall0);

	fq = open_out(o.out, "queue.csv");
	fr = open_out(o.out, "rate.csv");
	fp = open_out(o.out, "port.csv");
	fprintf(fq, "time_us");
	fprintf(fp, "time_us");
	for (unsigned k = 0; k < nports; k++) {
		fprintf(fq, ",s%up%u", port_sw[k], port_no[k]);
		fprintf(fp, ",s%up%u", port_sw[k], port_no[k]);
	}
	fprintf(fq, "\n");
	fprintf(fp, "\n");
	fprintf(fr, "time_us");
	for (unsigned i = 0; i < n_flows; i++)
		fprintf(fr, ",f%u", i);
	fprintf(fr, ",total,payload,jain\n");
	rx_prev = calloc(n_flows, sizeof(*rx_prev));
	for (unsigned i = 0; i < n_flows; i++)
		if (flows[i].label[0] || n_flows <= 64)
			flow_rx_hist[i] = calloc(1, sizeof(uint64_t));
	if (!rx_prev)
		return 1;

	/* time 0 of the scenario: now (setup ran the clock) */
	cyc0 = hpnic_sim_cycle();
	until_cyc = cyc0 + (uint64_t)(o.until_us * 1000.0 / NS_PER_CYCLE);
	wall_sim0 = now_wall();
	uint64_t next_sample = cyc0, next_rate = cyc0 + SAMPLE_CYCLES * RATE_SAMPLES;
	uint64_t next_progress = cyc0 + 50000 / NS_PER_CYCLE;

	for (;;) {
		uint64_t now = hpnic_sim_cycle();

		for (unsigned i = 0; i < n_flows; i++) {
			struct flow *f = &flows[i];

			if (!f->started && (now - cyc0) * NS_PER_CYCLE >= f->start_ns) {
				f->started = 1;
				f->t_start_cyc = now;
				post_more(f);
			}
		}
		if (now >= next_sample) {
			size_t k = n_smp;

			take_sample(now - cyc0, port_sw, port_no);
			fprintf(fq, "%.0f", (double)(now - cyc0) * NS_PER_CYCLE / 1000.0);
			for (unsigned p = 0; p < nports; p++)
				fprintf(fq, ",%llu", (unsigned long long)smp_q[k * nports + p]);
			fprintf(fq, "\n");
			/* each port's throughput over the last microsecond, Gb/s */
			if (k) {
				fprintf(fp, "%.0f", (double)(now - cyc0) * NS_PER_CYCLE / 1000.0);
				for (unsigned p = 0; p < nports; p++)
					fprintf(fp, ",%.2f", (double)(smp_tx[k * nports + p] -
						smp_tx[(k - 1) * nports + p]) * 8.0 /
						((double)(smp_t[k] - smp_t[k - 1]) * NS_PER_CYCLE));
				fprintf(fp, "\n");
			}
			next_sample += SAMPLE_CYCLES;
		}
		if (now >= next_rate) {
			double tot = 0, sum = 0, sq = 0, win = SAMPLE_CYCLES * RATE_SAMPLES * NS_PER_CYCLE;
			unsigned na = 0;
			uint64_t payload = smp_payload[n_smp - 1];

			fprintf(fr, "%.0f", (double)(now - cyc0) * NS_PER_CYCLE / 1000.0);
			for (unsigned i = 0; i < n_flows; i++) {
				uint64_t b;
				double g;

				hpnic_sim_qp_rx(flows[i].dst, hpnic_qp_num(flows[i].rq), &b, NULL);
				g = (double)(b - rx_prev[i]) * 8.0 / win;
				rx_prev[i] = b;
				fprintf(fr, ",%.3f", g);
				tot += g;
				if (flows[i].started && !flows[i].finished && !is_mouse(&flows[i])) {
					na++;
					sum += g;
					sq += g * g;
				}
			}
			fprintf(fr, ",%.3f,%.3f,%.4f\n", tot, (double)(payload - payload_prev) * 8.0 / win,
				na && sq > 0 ? sum * sum / (na * sq) : 1.0);
			payload_prev = payload;
			next_rate += SAMPLE_CYCLES * RATE_SAMPLES;
		}
		if (!o.quiet && now >= next_progress) {
			uint64_t qmax = 0;

			for (unsigned p = 0; n_smp && p < nports; p++)
				if (smp_q[(n_smp - 1) * nports + p] > qmax)
					qmax = smp_q[(n_smp - 1) * nports + p];
			fprintf(stderr, "hpnic-netsim: t = %6.0f us, flows done %u/%u, longest queue "
				"%llu B, wall %.1f s\n", (double)(now - cyc0) * NS_PER_CYCLE / 1000.0,
				done, n_flows, (unsigned long long)qmax, now_wall() - wall_sim0);
			next_progress += 50000 / NS_PER_CYCLE;
		}
		if (done == n_flows && now >= last_done_cyc + 2500)
			break;                 /* 10 us after the last completion */
		if (now >= until_cyc)
			break;
		hpnic_sim_run(CHUNK_CYCLES);
		for (unsigned h = 0; h < n_hosts; h++)
			if (hosts[h].used)
				poll_host(h);
		done = 0;
		for (unsigned i = 0; i < n_flows; i++)
			if (flows[i].finished) {
				done++;
				if (flows[i].t_end_cyc > last_done_cyc)
					last_done_cyc = flows[i].t_end_cyc;
			}
	}
	wall_run = now_wall() - wall_sim0;
	fclose(fp);
	fclose(fq);
	fclose(fr);

	ff = open_out(o.out, "flows.csv");
	fprintf(ff, "flow,src,dst,bytes,label,start_us,finish_us,fct_us,ideal_fct_us,slowdown,ok\n");
	for (unsigned i = 0; i < n_flows; i++) {
		struct flow *f = &flows[i];
		double st = (double)(f->t_start_cyc - cyc0) * NS_PER_CYCLE / 1000.0;
		double fct = f->finished ? (double)(f->t_end_cyc - f->t_start_cyc) * NS_PER_CYCLE / 1000.0 : 0;

		f->bytes_ok = f->finished && !f->failed && !memcmp(f->sbuf, f->dbuf, f->blen);
		fprintf(ff, "%u,%u,%u,%llu,%s,%.3f,%.3f,%.3f,%.3f,%.3f,%d\n", i, f->src, f->dst,
			(unsigned long long)f->bytes, f->label[0] ? f->label : "-", st,
			f->finished ? st + fct : 0, fct, f->ideal_ns / 1000.0,
			f->finished ? fct * 1000.0 / f->ideal_ns : 0, f->bytes_ok);
		if (!f->bytes_ok)
			fprintf(stderr, "hpnic-netsim: flow %u (%u -> %u, %llu B): %s\n", i, f->src,
				f->dst, (unsigned long long)f->bytes,
				!f->finished ? "did not finish" : f->failed ? "completed with an error" :
				"destination differs from source");
	}
	fclose(ff);

	if (o.bot_port >= 0) {
		for (bot = 0; bot < nports; bot++)
			if ((int)port_sw[bot] == o.bot_sw && (int)port_no[bot] == o.bot_port)
				break;
		if (bot == nports) {
			fprintf(stderr, "hpnic-netsim: --bottleneck %d:%d: no such port\n", o.bot_sw,
				o.bot_port);
			return 2;
		}
	} else {
		for (unsigned k = 1; k < nports; k++)
			if (smp_tx[(n_smp - 1) * nports + k] > smp_tx[(n_smp - 1) * nports + bot])
				bot = k;
	}
	/* every used NIC's counters (STATS block), nonzero ones */
	{
		FILE *fc = open_out(o.out, "counters.csv");
		unsigned nc = hpnic_num_counters(hosts[0].dev);
		uint64_t *v = calloc(nc ? nc : 1, sizeof(*v));

		fprintf(fc, "host,counter,value\n");
		for (unsigned h = 0; h < n_hosts && v; h++) {
			if (!hosts[h].used || hpnic_read_counters(hosts[h].dev, v, nc) < 0)
				continue;
			for (unsigned k = 0; k < nc; k++)
				if (v[k])
					fprintf(fc, "%u,%s,%llu\n", h, hpnic_counter_name(k),
						(unsigned long long)v[k]);
		}
		free(v);
		fclose(fc);
	}
	fs = open_out(o.out, "summary.txt");
	{
		uint64_t rto_ns = 0;

		if (hpnic_get_rto(hosts[0].dev, &rto_ns) < 0)
			rto_ns = 0;
		fprintf(fs, "hpnic-netsim: topology %s, flows %s; eta %.3f maxStage %u W_AI %.2f B "
			"T %u ns, MTU %u, INT %s, RTO %.1f us\n", o.topo, o.flows, o.eta, o.max_stage,
			wai_bytes(&o, o.t_ns), o.t_ns, o.mtu, o.no_int ? "off" : "on", rto_ns / 1e3);
	}
	{
		unsigned per[8] = {0};

		for (unsigned i = 0; i < n_flows; i++)
			per[(flows[i].cc == HPNIC_CC_MODE_DCQCN ? 4 : 0) + (flows[i].cc_opts & 3)]++;
		fprintf(fs, "cc:");
		for (unsigned k = 0; k < 8; k++)
			if (per[k])
				fprintf(fs, " %s %u flows", cc_name(k >> 2 ? HPNIC_CC_MODE_DCQCN :
					HPNIC_CC_MODE_HPCC, k & 3), per[k]);
		fprintf(fs, "%s%s\n", o.wai_mbps > 0 ? "; W_AI from --wai-mbps " : "",
			o.wai_mbps > 0 ? "set" : "");
		if (n_dcqcn || o.dcqcn)
			fprintf(fs, "dcqcn: g %u/1024, alpha0 %u/1024, alpha period %u us, Td %u us, "
				"Ti %u us, B %u B at MTU %u, F %u, R_AI %u Mb/s, R_HAI %u Mb/s, min_dec "
				"%u%%, Rmin %u Mb/s, gd %u, first-CNP rate %u Mb/s\n", dcqcn.g,
				dcqcn.initial_alpha_value, dcqcn.dce_tcp_rtt,
				dcqcn.rate_reduce_monitor_period, dcqcn.rpg_time_reset,
				dcqcn.rpg_byte_reset, dcqcn.mtu, dcqcn.rpg_threshold, dcqcn.rpg_ai_rate,
				dcqcn.rpg_hai_rate, dcqcn.rpg_min_dec_fac, dcqcn.rpg_min_rate, dcqcn.gd,
				dcqcn.rate_to_set_on_first_cnp);
		if (o.ecn)
			fprintf(fs, "ecn on every switch: %s\n", o.ecn);
	}
	summarize(&o, bot, port_sw, port_no, fs, wall_run, cyc0);
	fprintf(fs, "throughput counts frame bytes with FCS (the switch port's counter, INT's "
		"txBytes);\npayload goodput is RDMA payload only (1024 of 1128 frame bytes, 1148 on the wire, with INT)\n");
	for (unsigned k = 0; k < o.n_expect; k++) {
		int r = check_expect(o.expect[k], fs);

		if (r)
			bad = 1;
	}
	fclose(fs);
	{
		char path[1024];
		FILE *f;
		char line[512];

		snprintf(path, sizeof(path), "%s/summary.txt", o.out);
		f = fopen(path, "r");
		if (!o.quiet && f) {
			while (fgets(line, sizeof(line), f))
				if (strncmp(line, "PASS", 4) && strncmp(line, "FAIL", 4))
					fputs(line, stdout);
		}
		if (f)
			fclose(f);
	}
	if (!o.quiet)
		fprintf(stderr, "hpnic-netsim: %.2f ms simulated in %.1f s of wall time; outputs in %s/\n",
			n_smp ? smp_t[n_smp - 1] * NS_PER_CYCLE / 1e6 : 0.0, wall_run, o.out);
	return bad ? 1 : 0;
}
