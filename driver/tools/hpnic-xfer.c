/* SPDX-License-Identifier: MIT */
/*
 * hpnic-xfer: RDMA WRITE and READ between two hpnic devices of any backend,
 * checked byte by byte: the libhpnic integration run that works the same
 * against the simulator (sim:0 sim:1), the Linux driver (kernel:/dev/hpnic0
 * kernel:/dev/hpnic1) and a board. Uses nothing but the public API.
 *
 * Each round, on every QP pair: device 0 WRITEs a seeded pattern into
 * device 1's buffer, then READs device 1's other half back into its own;
 * every completion must be SUCCESS with the right length, and both copies
 * must match the pattern exactly. Buffers are malloc'd (not contiguous in
 * physical memory; the driver translates them page by page).
 *
 *   hpnic-xfer [options] DEV0 DEV1
 *
 * Then the rest of the API on the same devices: counters, CQ and per-QP CC
 * parameters, and a WRITE with a bad R_Key, whose error completion and
 * asynchronous events must reach the right device's QPs (--no-api skips).
 *
 * Prints one line per size and a summary; exits 0 when every check held,
 * 1 on a failure, 2 on bad usage.
 */
#define _POSIX_C_SOURCE 200809L
#include <getopt.h>
#include <errno.h>
#include <inttypes.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hpnic.h"

#define MAX_QPS 64

static const char *prog = "hpnic-xfer";
static volatile sig_atomic_t stop;

#define TRY(call)                                                                    \
	do {                                                                         \
		int err_ = (call);                                                   \
		if (err_ < 0) {                                                      \
			fprintf(stderr, "%s: %s: %s (%s)\n", prog, #call,            \
				hpnic_strerror(err_), hpnic_last_error());           \
			exit(1);                                                     \
		}                                                                    \
	} while (0)

struct end {
	struct hpnic_dev *dev;
	struct hpnic_dev_attr attr;
	struct hpnic_cq *cq;
	struct hpnic_mr *mr;
	struct hpnic_qp *qp[MAX_QPS];
	uint8_t *buf;                  /* [0, len): WRITE source / READ target; [len, 2 len) */
};

static struct {
	unsigned qps;
	size_t min;                    /* the smallest message */
	size_t max;                    /* the largest message */
	size_t buf;                    /* each device's buffer: 2 x this */
	unsigned rounds;               /* 0: until SIGINT/SIGTERM */
	unsigned timeout_s;
	uint32_t seed;
	int quiet;
	int no_api;
} opt = { 4, 1, 1u << 20, 0, 1, 60, 1, 0, 0 };

static void usage(FILE *f)
{
	fprintf(f,
		"usage: %s [options] DEV0 DEV1\n"
		"RDMA WRITE DEV0 -> DEV1 and READ DEV1 -> DEV0 on several QP pairs, sizes\n"
		"1 B .. --max, every byte checked and every completion's status.\n"
		"DEV is a libhpnic device name: sim:0, kernel:/dev/hpnic0, pci:0000:00:03.0.\n"
		"  -q, --qps N        QP pairs (default 4, at most %d)\n"
		"  -n, --min BYTES    smallest message (default 1)\n"
		"  -m, --max BYTES    largest message (default 1048576); sizes run from\n"
		"                     --min to --max over 1, 3, 64, 1000, 4096, 4097, 64K,\n"
		"                     256K, 1M, 4M, 16M, 64M, ending at --max\n"
		"  -b, --buf BYTES    buffer per device and direction (default: --max x QPs)\n"
		"  -r, --rounds N     passes over every size (default 1; 0: until killed)\n"
		"  -t, --timeout S    a message not complete after S seconds fails (default 60)\n"
		"  -s, --seed N       pattern seed (default 1)\n"
		"  -Q, --quiet        only the summary\n"
		"      --no-api       skip the counter, CC and error-event checks\n"
		"  -h, --help\n", prog, MAX_QPS);
}

static uint64_t now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

static size_t parse_size(const char *s)
{
	char *end;
	unsigned long long v = strtoull(s, &end, 0);

	if (*end == 'K' || *end == 'k')
		v <<= 10, end++;
	else if (*end == 'M' || *end == 'm')
		v <<= 20, end++;
	if (*end || !v) {
		fprintf(stderr, "%s: '%s' is not a size\n", prog, s);
		exit(2);
	}
	return (size_t)v;
}

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

static void connect_qp(struct hpnic_qp *qp, const struct end *peer, struct hpnic_qp *peer_qp)
{
	struct hpnic_qp_attr at;

	memset(&at, 0, sizeof(at));
	at.qp_state = HPNIC_QPS_INIT;
	TRY(hpnic_modify_qp(qp, &at, HPNIC_QP_ATTR_STATE));
	at.qp_state = HPNIC_QPS_RTR;
	at.dest_qp_num = hpnic_qp_num(peer_qp);
	at.remote_ipv4 = peer->attr.ipv4;
	memcpy(at.remote_mac, peer->attr.mac, 6);
	TRY(hpnic_modify_qp(qp, &at, HPNIC_QP_ATTR_STATE | HPNIC_QP_ATTR_DEST_QPN |
			    HPNIC_QP_ATTR_REMOTE_IP | HPNIC_QP_ATTR_REMOTE_MAC | HPNIC_QP_ATTR_RQ_PSN));
	at.qp_state = HPNIC_QPS_RTS;
	TRY(hpnic_modify_qp(qp, &at, HPNIC_QP_ATTR_STATE));
}

static void open_end(struct end *e, const char *name, size_t bytes)
{
	TRY(hpnic_open(name, &e->dev));
	TRY(hpnic_query_device(e->dev, &e->attr));
	TRY(hpnic_create_cq(e->dev, 1024, &e->cq));
	e->buf = malloc(bytes);
	if (!e->buf) {
		fprintf(stderr, "%s: cannot allocate %zu bytes\n", prog, bytes);
		exit(1);
	}
	memset(e->buf, 0, bytes);
	TRY(hpnic_reg_mr(e->dev, e->buf, bytes, HPNIC_ACCESS_LOCAL_WRITE | HPNIC_ACCESS_REMOTE_WRITE |
			 HPNIC_ACCESS_REMOTE_READ, &e->mr));
}

static void close_end(struct end *e)
{
	for (unsigned i = 0; i < opt.qps; i++)
		TRY(hpnic_destroy_qp(e->qp[i]));
	TRY(hpnic_dereg_mr(e->mr));
	TRY(hpnic_destroy_cq(e->cq));
	TRY(hpnic_close(e->dev));
	free(e->buf);
}

static uint8_t pattern(uint32_t seed, size_t i)
{
	uint32_t x = seed * 2654435761u + (uint32_t)i * 40503u + (uint32_t)(i >> 16);

	return (uint8_t)(x ^ x >> 13 ^ x >> 24);
}

/* wait for n completions on e's CQ, each SUCCESS with its length; 0 or -1 */
static int reap(struct end *e, unsigned n, const size_t *len, const char *what)
{
	uint64_t deadline = now_ns() + (uint64_t)opt.timeout_s * 1000000000u;
	struct hpnic_wc wc[16];

	while (n) {
		int got = hpnic_poll_cq(e->cq, n < 16 ? (int)n : 16, wc);

		TRY(got);
		for (int i = 0; i < got; i++) {
			unsigned q = (unsigned)wc[i].wr_id;

			if (wc[i].status != HPNIC_WC_SUCCESS || q >= opt.qps ||
			    wc[i].byte_len != len[q]) {
				fprintf(stderr, "%s: %s on QP %u: status %d (vendor 0x%x), %u bytes, "
					"want %zu\n", prog, what, wc[i].qp_num, (int)wc[i].status,
					wc[i].vendor_err, wc[i].byte_len, q < opt.qps ? len[q] : 0);
				return -1;
			}
		}
		n -= (unsigned)got;
		if (n && now_ns() > deadline) {
			fprintf(stderr, "%s: %s: %u completions missing after %u s\n", prog, what,
				n, opt.timeout_s);
			return -1;
		}
	}
	return 0;
}

/* one size on every QP: WRITE 0 -> 1, READ 1 -> 0, all checked; 0 or -1 */
static int run_size(struct end *e, size_t size, uint32_t seed, uint64_t *bytes)
{
	size_t slot = opt.buf / opt.qps, len[MAX_QPS];
	uint8_t *src = e[0].buf, *dst = e[1].buf;
	size_t bad = 0;

	for (unsigned q = 0; q < opt.qps; q++) {
		len[q] = size < slot ? size : slot;
		for (size_t i = 0; i < len[q]; i++) {
			src[q * slot + i] = pattern(seed + q, i);
			dst[q * slot + i] = (uint8_t)~pattern(seed + q, i);
			/* the READ's source, in the second half */
			dst[opt.buf + q * slot + i] = pattern(seed + 1000 + q, i);
			src[opt.buf + q * slot + i] = 0;
		}
	}
	for (unsigned q = 0; q < opt.qps; q++)
		TRY(hpnic_post_write(e[0].qp[q], q, e[0].mr, src + q * slot, (uint32_t)len[q],
				     (uintptr_t)(dst + q * slot), hpnic_mr_rkey(e[1].mr),
				     HPNIC_WR_SIGNALED));
	if (reap(&e[0], opt.qps, len, "WRITE"))
		return -1;
	for (unsigned q = 0; q < opt.qps; q++)
		TRY(hpnic_post_read(e[0].qp[q], q, e[0].mr, src + opt.buf + q * slot,
				    (uint32_t)len[q], (uintptr_t)(dst + opt.buf + q * slot),
				    hpnic_mr_rkey(e[1].mr), HPNIC_WR_SIGNALED));
	if (reap(&e[0], opt.qps, len, "READ"))
		return -1;
	for (unsigned q = 0; q < opt.qps; q++)
		for (size_t i = 0; i < len[q]; i++) {
			bad += dst[q * slot + i] != pattern(seed + q, i);
			bad += src[opt.buf + q * slot + i] != pattern(seed + 1000 + q, i);
		}
	if (bad) {
		fprintf(stderr, "%s: %zu bytes differ at size %zu\n", prog, bad, size);
		return -1;
	}
	for (unsigned q = 0; q < opt.qps; q++)
		*bytes += 2 * len[q];
	return 0;
}

/* a counter of dev by name, read through the library */
static uint64_t counter(struct end *e, const char *name)
{
	uint64_t v[256];
	int n = hpnic_read_counters(e->dev, v, 256);

	TRY(n);
	for (int i = 0; i < n; i++)
		if (!strcmp(hpnic_counter_name((unsigned)i), name))
			return v[i];
	fprintf(stderr, "%s: no counter %s\n", prog, name);
	exit(1);
}

/* the device's next event, waiting up to the timeout; 1, or 0 for none */
static int next_event(struct end *e, struct hpnic_async_event *ev)
{
	uint64_t deadline = now_ns() + (uint64_t)opt.timeout_s * 1000000000u;
	int n;

	while (!(n = hpnic_get_async_event(e->dev, ev)) && now_ns() < deadline)
		;
	TRY(n);
	return n;
}

#define API_CHECK(cond, ...)                                                        \
	do {                                                                        \
		if (!(cond)) {                                                      \
			fprintf(stderr, "%s: ", prog);                              \
			fprintf(stderr, __VA_ARGS__);                               \
			fprintf(stderr, "\n");                                      \
			bad++;                                                      \
		}                                                                   \
	} while (0)

/* the API beyond transfers, through whatever backend: 0 or the failures */
static int api_checks(struct end *e)
{
	struct hpnic_qp_init_attr ia = { .send_cq = e[0].cq, .sq_depth = 16 };
	struct hpnic_cc_params cc;
	struct hpnic_qp_cc qc, qc2;
	struct hpnic_async_event ev;
	struct hpnic_qp_attr at;
	struct hpnic_qp *qa, *qb;
	struct hpnic_wc wc;
	uint16_t port;
	int bad = 0, en, n;

	/* the transfers above moved bytes: both sides counted them */
	API_CHECK(counter(&e[0], "host_doorbells") > 0 && counter(&e[1], "rx_writes") > 0 &&
		  counter(&e[1], "rx_reads") > 0, "counters: doorbells %llu, rx_writes %llu",
		  (unsigned long long)counter(&e[0], "host_doorbells"),
		  (unsigned long long)counter(&e[1], "rx_writes"));
	TRY(hpnic_get_cc(e[0].dev, &cc));
	API_CHECK(cc.t_ns > 0 && cc.line_mbps > 0, "NIC-wide CC: T %u ns, line %u Mb/s", cc.t_ns,
		  cc.line_mbps);
	TRY(hpnic_get_int(e[0].dev, &en, &port));

	/* per-QP CC: stored in the NIC, read back */
	TRY(hpnic_qp_get_cc(e[0].qp[0], &qc));
	qc2 = qc;
	qc2.override = 1;
	qc2.t_ns = cc.t_ns * 2;
	qc2.wai_bytes = cc.wai_bytes;
	qc2.max_stage = cc.max_stage;
	TRY(hpnic_qp_set_cc(e[0].qp[0], &qc2));
	TRY(hpnic_qp_get_cc(e[0].qp[0], &qc));
	API_CHECK(qc.override && qc.t_ns == cc.t_ns * 2, "per-QP CC read back: override %d T %u",
		  qc.override, qc.t_ns);

	/* events left by the transfers name no live QP */
	for (int d = 0; d < 2; d++)
		while ((n = hpnic_get_async_event(e[d].dev, &ev)) == 1)
			API_CHECK(!ev.qp, "an old event on device %d (type %d) names live QP %u", d,
				  (int)ev.type, ev.num);

	/* a WRITE with a bad R_Key: the requester's completion says so, the
	 * responder's QP fails, and each device hears of its own QP only */
	TRY(hpnic_create_qp(e[0].dev, &ia, &qa));
	ia.send_cq = e[1].cq;
	TRY(hpnic_create_qp(e[1].dev, &ia, &qb));
	connect_qp(qa, &e[1], qb);
	connect_qp(qb, &e[0], qa);
	TRY(hpnic_post_write(qa, 77, e[0].mr, e[0].buf, 100, (uintptr_t)e[1].buf,
			     hpnic_mr_rkey(e[1].mr) ^ 2, HPNIC_WR_SIGNALED));
	{
		uint64_t deadline = now_ns() + (uint64_t)opt.timeout_s * 1000000000u;

		while (!(n = hpnic_poll_cq(e[0].cq, 1, &wc)) && now_ns() < deadline)
			;
	}
	TRY(n);
	API_CHECK(n == 1 && wc.wr_id == 77 && wc.status == HPNIC_WC_REMOTE_ACCESS_ERR,
		  "bad R_Key: %d completions, status %d", n, n ? (int)wc.status : -1);
	API_CHECK(next_event(&e[1], &ev) == 1 && ev.type == HPNIC_EVENT_QP_ACCESS_ERR &&
		  ev.qp == qb, "responder: event type %d for QP %u (want QP_ACCESS_ERR, QP %u)",
		  (int)ev.type, ev.num, hpnic_qp_num(qb));
	TRY(hpnic_query_qp(qb, &at));
	API_CHECK(at.qp_state == HPNIC_QPS_ERR, "responder QP in state %u, want ERR", at.qp_state);
	API_CHECK(next_event(&e[0], &ev) == 1 && ev.type == HPNIC_EVENT_QP_FATAL && ev.qp == qa,
		  "requester: event type %d for QP %u (want QP_FATAL, QP %u)", (int)ev.type, ev.num,
		  hpnic_qp_num(qa));
	API_CHECK(hpnic_get_async_event(e[0].dev, &ev) == 0 &&
		  hpnic_get_async_event(e[1].dev, &ev) == 0, "more events than the two");
	TRY(hpnic_destroy_qp(qa));
	TRY(hpnic_destroy_qp(qb));

	/* a completion event: asked for, the CQ polled empty, a WRITE posted;
	 * the event descriptor wakes (or, without one, the event is polled) */
	{
		struct hpnic_cq *got = NULL;
		int fd = hpnic_event_fd(e[0].dev), r = 0;
		uint64_t t0, deadline;
		size_t one = 64;

		if (fd < 0 && fd != -EOPNOTSUPP)
			TRY(fd);
		TRY(hpnic_req_notify_cq(e[0].cq));
		TRY(hpnic_poll_cq(e[0].cq, 1, &wc));
		API_CHECK(hpnic_get_cq_event(e[0].dev, &got) == 0, "a CQ event before any completion");
		t0 = now_ns();
		deadline = t0 + (uint64_t)opt.timeout_s * 1000000000u;
		TRY(hpnic_post_write(e[0].qp[0], 0, e[0].mr, e[0].buf, 64, (uintptr_t)e[1].buf,
				     hpnic_mr_rkey(e[1].mr), HPNIC_WR_SIGNALED));
		if (fd >= 0) {
			struct pollfd p = { .fd = fd, .events = POLLIN };

			r = poll(&p, 1, (int)opt.timeout_s * 1000);
			API_CHECK(r == 1 && (p.revents & POLLIN), "poll(2) on the event descriptor: %d, "
				  "revents 0x%x", r, p.revents);
		}
		while (!(r = hpnic_get_cq_event(e[0].dev, &got)) && now_ns() < deadline)
			;
		TRY(r);
		API_CHECK(r == 1 && got == e[0].cq, "the completion event names the CQ");
		if (r == 1)
			printf("%s: completion event %.0f us after the post (%s)\n", prog,
			       (double)(now_ns() - t0) / 1e3, fd >= 0 ? "poll(2) woke" : "polled");
		API_CHECK(reap(&e[0], 1, &one, "WRITE after the event") == 0, "the completion is there");
		API_CHECK(hpnic_get_cq_event(e[0].dev, &got) == 0, "one event per request");
	}
	if (!bad)
		printf("%s: API checks OK: counters, NIC-wide and per-QP CC, a bad R_Key's "
		       "completion and events, a completion event\n", prog);
	return bad;
}

int main(int argc, char **argv)
{
	static const struct option lo[] = {
		{ "qps", required_argument, NULL, 'q' },
		{ "min", required_argument, NULL, 'n' },
		{ "max", required_argument, NULL, 'm' },
		{ "buf", required_argument, NULL, 'b' },
		{ "rounds", required_argument, NULL, 'r' },
		{ "timeout", required_argument, NULL, 't' },
		{ "seed", required_argument, NULL, 's' },
		{ "quiet", no_argument, NULL, 'Q' },
		{ "no-api", no_argument, NULL, 'A' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	static const size_t sizes[] = { 1, 3, 64, 1000, 4096, 4097, 65536, 262144, 1u << 20,
					4u << 20, 16u << 20, 64u << 20 };
	uint64_t bytes = 0, t0;
	unsigned round = 0, nsizes = 0;
	struct end e[2];
	int c;

	while ((c = getopt_long(argc, argv, "q:n:m:b:r:t:s:Qh", lo, NULL)) != -1) {
		switch (c) {
		case 'q': opt.qps = (unsigned)strtoul(optarg, NULL, 0); break;
		case 'n': opt.min = parse_size(optarg); break;
		case 'm': opt.max = parse_size(optarg); break;
		case 'b': opt.buf = parse_size(optarg); break;
		case 'r': opt.rounds = (unsigned)strtoul(optarg, NULL, 0); break;
		case 't': opt.timeout_s = (unsigned)strtoul(optarg, NULL, 0); break;
		case 's': opt.seed = (uint32_t)strtoul(optarg, NULL, 0); break;
		case 'Q': opt.quiet = 1; break;
		case 'A': opt.no_api = 1; break;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
	}
	if (argc - optind != 2 || !opt.qps || opt.qps > MAX_QPS || opt.max > 0x7fffffffu ||
	    opt.min > opt.max) {
		usage(stderr);
		return 2;
	}
	if (!opt.buf)
		opt.buf = opt.max * opt.qps;
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	memset(e, 0, sizeof(e));
	open_end(&e[0], argv[optind], 2 * opt.buf);
	open_end(&e[1], argv[optind + 1], 2 * opt.buf);
	for (unsigned q = 0; q < opt.qps; q++) {
		struct hpnic_qp_init_attr ia = { .send_cq = e[0].cq, .sq_depth = 16 };

		TRY(hpnic_create_qp(e[0].dev, &ia, &e[0].qp[q]));
		ia.send_cq = e[1].cq;
		TRY(hpnic_create_qp(e[1].dev, &ia, &e[1].qp[q]));
	}
	for (unsigned q = 0; q < opt.qps; q++) {
		connect_qp(e[0].qp[q], &e[1], e[1].qp[q]);
		connect_qp(e[1].qp[q], &e[0], e[0].qp[q]);
	}
	printf("%s: %s <-> %s, %u QP pairs, %zu B .. %zu B, %zu-byte buffers\n", prog,
	       argv[optind], argv[optind + 1], opt.qps, opt.min, opt.max, 2 * opt.buf);
	fflush(stdout);

	t0 = now_ns();
	while (!stop && (!opt.rounds || round < opt.rounds)) {
		size_t prev = 0;

		for (size_t k = 0; k < sizeof(sizes) / sizeof(sizes[0]) && !stop; k++) {
			/* the list clamped to [--min, --max], each size once */
			size_t size = sizes[k] < opt.min ? opt.min : sizes[k] > opt.max ? opt.max :
				      sizes[k];
			uint64_t t = now_ns();

			if (size == prev)
				continue;
			prev = size;
			if (run_size(e, size, opt.seed + round * 7919u + (uint32_t)k, &bytes)) {
				printf("%s: FAILED at %zu B, round %u\n", prog, size, round);
				return 1;
			}
			nsizes++;
			if (!opt.quiet)
				printf("size %9zu: WRITE + READ on %u QPs byte-exact, %.1f ms\n", size,
				       opt.qps, (double)(now_ns() - t) / 1e6);
			fflush(stdout);
		}
		round++;
	}
	printf("%s: %u rounds, %u sizes, %" PRIu64 " bytes checked, %.2f s: OK\n", prog, round,
	       nsizes, bytes, (double)(now_ns() - t0) / 1e9);
	if (!opt.no_api && !stop && api_checks(e)) {
		printf("%s: FAILED in the API checks\n", prog);
		return 1;
	}
	close_end(&e[0]);
	close_end(&e[1]);
	return 0;
}
