/* SPDX-License-Identifier: MIT */
/*
 * hpnic_peer: the hpnic half of make test-interop. libhpnic on the simulated
 * NIC (sim:0), whose port is a QEMU guest's virtio-net through
 * HPNIC_SIM_STREAM; in the guest, rxe_peer drives Linux Soft-RoCE (rdma_rxe)
 * and takes this program's commands over TCP (tb/interop/interop.h).
 *
 * It listens for the guest on 127.0.0.1 (the guest reaches it as 10.0.2.2
 * through QEMU's user network), opens the NIC once the guest has said hello
 * (so the simulator does not spin while the guest boots), connects one RC QP
 * to rxe's, and runs the plan, each size at 1 B, MTU - 1, MTU, MTU + 1,
 * 64 KiB and --max (1 MiB):
 *   1. hpnic WRITEs into the guest's buffer (the guest checks the bytes),
 *      READs from it (checked here) and SENDs into a receive the guest
 *      posted (with immediate at every other size; the guest checks its
 *      receive completion and the bytes); WRITEs with immediate of 1 KiB
 *      and 64 KiB (the guest's receive completion, the bytes); then 8 READs
 *      of 64 KiB posted at once
 *      (--reads; no more than rxe's QP takes), each from its own range, every
 *      completion (in order, success) and every byte checked; then WRITE,
 *      READ, WRITE, READ posted at once, each READ of the range the WRITE
 *      before it wrote (it must find that WRITE's bytes); then 20 READs of
 *      4 KiB at once, 4 more than hpnic keeps outstanding;
 *   2. rxe WRITEs into hpnic's buffer (checked here, and the bytes either
 *      side untouched), READs from it (the guest checks) and SENDs into a
 *      receive posted here (the receive completion checked: byte_len,
 *      immediate, source QP, bytes); WRITEs with immediate; a SEND with no
 *      receive posted (RNR NAKs, then a receive posted and the SEND
 *      completes); then the same two steps with rxe as requester (the guest
 *      checks the READs' bytes; rxe must repeat no request), and 16 READs
 *      of 8 KiB at once, all in flight together (hpnic's READ queue full);
 *   3. ibv_rc_pingpong (Debian's, unmodified) in the guest: a. as the
 *      client, hpnic_pp here on a QP of its own as the server (--pp-iters);
 *      b. as the server on the guest's TCP port, which QEMU forwards from
 *      127.0.0.1 here (--pp-fwd), hpnic_pp the client: hpnic's every message
 *      received checked (size, an echo of hpnic's last, nothing past it
 *      written), ibv_rc_pingpong's exit status and result lines;
 *   4. the guest sends frames hpnic cannot use (ARP, IPv6, ICMP, UDP to
 *      another port, for another MAC or IPv4 address): each drop counter
 *      moves, every frame the socket brought is accounted for (admitted or
 *      dropped for one reason), no ICRC or checksum drop, and a WRITE and a
 *      READ each way still work;
 *   5. rxe WRITEs with a wrong R_Key: the guest must see a remote access
 *      error; here the responder's NAK is counted and its QP_ACCESS_ERR event
 *      moves the QP to ERR;
 *   6. EOF: the QP reconnected, a WRITE posted that rxe (its QP in ERR) does
 *      not answer, then the guest leaves (QEMU exits, the socket closes); the
 *      WRITE must complete with a retry-exceeded error after the NIC's
 *      retransmit timeouts (--no-eof skips it).
 * Prints "hpnic_peer: N passed, M failed" and exits 0 when all passed.
 */
#define _DEFAULT_SOURCE
#include <arpa/inet.h>
#include <getopt.h>
#include <inttypes.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>

#include "hpnic.h"
#include "hpnic_pp.h"
#include "hpnic_sim.h"
#include "interop.h"
#include "stream_port.h"

#define NAME "hpnic_peer"
#define NOISE_COUNT 3
/* the several-READs steps: READs (and the mixed step's WRITEs) of 64 KiB in
 * ranges STRIDE apart; hpnic keeps up to MAX_READS READs outstanding */
#define MANY_LEN 65536u
#define STRIDE (MANY_LEN + 4096u)
#define MAX_READS 16u

static struct {
	unsigned port, mtu, wait_s, boot_s;
	uint64_t max, seed;
	const char *port_file;
	bool eof;
	unsigned repeat, reads;
	unsigned pp_iters, pp_size;
	unsigned pp_hport, pp_gport;    /* --pp-fwd: 0 without */
} opt = { 0, 1024, 60, 120, 1u << 20, 0, NULL, true, 1, 8, 200, 4096, 0, 0 };

static int passed, failed;

/*
 * Set when the two halves can no longer be kept in step: the guest did not
 * answer in time (a late answer would be taken for the next command's), or
 * one of rxe's work requests never completed (its send queue is stuck).
 * The rest of the plan is skipped; the guest is still asked for its verdict.
 */
static char stopped[INTEROP_LINE];

static void stop_plan(const char *why)
{
	if (!stopped[0]) {
		snprintf(stopped, sizeof(stopped), "%s", why);
		printf(NAME ": the plan stops here: %s\n", why);
	}
}

__attribute__((format(printf, 2, 3)))
static bool check(bool ok, const char *fmt, ...)
{
	va_list ap;

	printf("%s: ", ok ? "ok" : "FAIL");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
	if (ok)
		passed++;
	else
		failed++;
	return ok;
}

#define TRY(call)                                                               \
	do {                                                                    \
		int err_ = (call);                                              \
		if (err_ < 0) {                                                 \
			fprintf(stderr, NAME ": %s: %s (%s)\n", #call,          \
				hpnic_strerror(err_), hpnic_last_error());      \
			exit(1);                                                \
		}                                                               \
	} while (0)

struct side;
static unsigned reads_at_once(const struct side *s);

/* the seeded generator for offsets, PSNs and the patterns' seeds */
static uint64_t rng;
static uint64_t rnd(void)
{
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return rng * 0x2545f4914f6cdd1dull;
}

struct side {
	struct hpnic_dev *dev;
	struct hpnic_dev_attr attr;
	struct hpnic_cq *cq;
	struct hpnic_cq *rcq;   /* receive completions */
	struct hpnic_mr *mr;
	struct hpnic_qp *qp;
	uint8_t *buf;
	size_t len;
	uint32_t psn;
	/* the guest's */
	uint32_t gqpn, gpsn, grkey, gmtu;
	unsigned grd;           /* READs rxe's QP keeps in flight and takes */
	uint64_t gva, glen;
	char gip[32], gmac[32];
	uint8_t gmac_b[6];
	uint32_t gip_b;
	/* the control connection */
	struct interop_rd rd;
};

/* the simulator runs while this side waits for the guest: its frames must
 * keep flowing (rxe's requests, hpnic's answers) */
static void run_sim(void *ctx)
{
	(void)ctx;
	hpnic_sim_run(256);
}

static void usage(FILE *f)
{
	fprintf(f,
		"usage: " NAME " [options]\n"
		"The hpnic half of make test-interop (scripts/test_interop.sh starts both\n"
		"halves): libhpnic on the simulated NIC sim:0, whose port is a QEMU guest's\n"
		"NIC (HPNIC_SIM_STREAM=PATH, QEMU's -netdev stream socket); the guest's\n"
		"rxe_peer connects to this program over TCP and runs Soft-RoCE's half.\n"
		"  --port N         TCP port on 127.0.0.1 for the guest (default 0: any)\n"
		"  --port-file F    write the port taken there, once listening\n"
		"  --seed N         seed of offsets, PSNs and data (default: the clock; printed)\n"
		"  --max BYTES      the largest size (default 1048576; at least 65536)\n"
		"  --wait S         wall-clock seconds for a completion or an answer (default 60)\n"
		"  --boot-wait S    wall-clock seconds for the guest to connect (default 120)\n"
		"  --no-eof         skip the last part (the peer gone under an outstanding WRITE)\n"
		"  --repeat N       run parts 1 and 2 N times (default 1): a longer soak\n"
		"  --reads N        64 KiB READs each side posts at once in its several-READs\n"
		"                   step (default 8, at most 16 and what rxe's QP takes; 0\n"
		"                   skips every step with several READs or WRITE READ WRITE\n"
		"                   READ)\n"
		"  --pp-iters N     ibv_rc_pingpong's messages each way (default 200; 0 skips\n"
		"                   both of its runs)\n"
		"  --pp-size BYTES  its message size (default 4096)\n"
		"  --pp-fwd H:G     127.0.0.1:H here reaches the guest's TCP port G (QEMU's\n"
		"                   hostfwd on its user network): ibv_rc_pingpong runs a\n"
		"                   second time, as the server on G, hpnic_pp its client\n"
		"                   (without this option that step is skipped)\n"
		"  --help           this text\n"
		"Environment: HPNIC_SIM_STREAM (required), HPNIC_SIM_PCAP, HPNIC_SIM_IP,\n"
		"HPNIC_SIM_MAC (docs/libhpnic.md). The path MTU is 1024 (rxe's on a\n"
		"1500-byte Ethernet MTU). Exit status 0 when every check passed.\n");
}

static void parse(int argc, char **argv)
{
	static const struct option lo[] = {
		{ "port", required_argument, 0, 'p' },
		{ "port-file", required_argument, 0, 'P' },
		{ "seed", required_argument, 0, 's' },
		{ "max", required_argument, 0, 'm' },
		{ "wait", required_argument, 0, 'w' },
		{ "boot-wait", required_argument, 0, 'b' },
		{ "no-eof", no_argument, 0, 'e' },
		{ "repeat", required_argument, 0, 'r' },
		{ "reads", required_argument, 0, 'R' },
		{ "pp-iters", required_argument, 0, 'I' },
		{ "pp-size", required_argument, 0, 'Z' },
		{ "pp-fwd", required_argument, 0, 'F' },
		{ "help", no_argument, 0, 'h' },
		{ 0, 0, 0, 0 },
	};
	struct timespec ts;
	int c;

	clock_gettime(CLOCK_REALTIME, &ts);
	opt.seed = ((uint64_t)ts.tv_sec * 1000000007ull) ^ (uint64_t)ts.tv_nsec;
	while ((c = getopt_long(argc, argv, "h", lo, NULL)) != -1) {
		char *end = NULL;
		unsigned long long v = optarg ? strtoull(optarg, &end, 0) : 0;

		if (optarg && (!*optarg || *end) && c != 'P' && c != 'F') {
			fprintf(stderr, NAME ": bad value '%s'\n", optarg);
			exit(2);
		}
		switch (c) {
		case 'p': opt.port = (unsigned)v; break;
		case 'P': opt.port_file = optarg; break;
		case 's': opt.seed = v; break;
		case 'm': opt.max = v; break;
		case 'w': opt.wait_s = (unsigned)v; break;
		case 'b': opt.boot_s = (unsigned)v; break;
		case 'e': opt.eof = false; break;
		case 'r': opt.repeat = (unsigned)v; break;
		case 'R': opt.reads = (unsigned)v; break;
		case 'I': opt.pp_iters = (unsigned)v; break;
		case 'Z': opt.pp_size = (unsigned)v; break;
		case 'F':
			if (sscanf(optarg, "%u:%u%c", &opt.pp_hport, &opt.pp_gport, &(char){ 0 }) != 2 ||
			    !opt.pp_hport || opt.pp_hport > 65535 || !opt.pp_gport ||
			    opt.pp_gport > 65535) {
				fprintf(stderr, NAME ": bad --pp-fwd '%s' (HOSTPORT:GUESTPORT)\n",
					optarg);
				exit(2);
			}
			break;
		case 'h': usage(stdout); exit(0);
		default: usage(stderr); exit(2);
		}
	}
	if (optind != argc || opt.port > 65535 || opt.max < 65536 || opt.max > (16u << 20) ||
	    !opt.wait_s || !opt.boot_s || !opt.repeat || opt.reads > MAX_READS ||
	    opt.pp_iters > 1000000 || !opt.pp_size || opt.pp_size > (1u << 20)) {
		usage(stderr);
		exit(2);
	}
	if (!getenv("HPNIC_SIM_STREAM")) {
		fprintf(stderr, NAME ": HPNIC_SIM_STREAM is not set: the NIC needs its link "
			"partner's socket (QEMU -netdev stream)\n");
		exit(2);
	}
}

/* listen, tell the port, take the guest's connection */
static int take_guest(void)
{
	struct sockaddr_in sa = { .sin_family = AF_INET };
	socklen_t sl = sizeof(sa);
	int one = 1, lfd = socket(AF_INET, SOCK_STREAM, 0), fd;
	struct pollfd pf;

	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	sa.sin_port = htons((uint16_t)opt.port);
	if (lfd < 0 || setsockopt(lfd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)) ||
	    bind(lfd, (struct sockaddr *)&sa, sizeof(sa)) || listen(lfd, 1) ||
	    getsockname(lfd, (struct sockaddr *)&sa, &sl)) {
		perror(NAME ": listen");
		exit(1);
	}
	printf(NAME ": waiting for the guest on 127.0.0.1:%u\n", ntohs(sa.sin_port));
	if (opt.port_file) {
		FILE *f = fopen(opt.port_file, "w");

		if (!f || fprintf(f, "%u\n", ntohs(sa.sin_port)) < 0 || fclose(f)) {
			perror(opt.port_file);
			exit(1);
		}
	}
	pf = (struct pollfd){ lfd, POLLIN, 0 };
	if (poll(&pf, 1, (int)opt.boot_s * 1000) != 1) {
		fprintf(stderr, NAME ": the guest did not connect within %u s\n", opt.boot_s);
		exit(1);
	}
	fd = accept(lfd, NULL, NULL);
	if (fd < 0) {
		perror(NAME ": accept");
		exit(1);
	}
	close(lfd);
	return fd;
}

/* one command to the guest, its answer (the simulator runs meanwhile);
 * false when it answered FAIL or nothing */
static bool ask(struct side *s, char *ans, size_t cap, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static bool ask(struct side *s, char *ans, size_t cap, const char *fmt, ...)
{
	char cmd[INTEROP_LINE];
	va_list ap;
	int r;

	va_start(ap, fmt);
	vsnprintf(cmd, sizeof(cmd), fmt, ap);
	va_end(ap);
	if (interop_putline(s->rd.fd, cmd)) {
		snprintf(ans, cap, "the guest went away before '%s'", cmd);
		return false;
	}
	r = interop_getline(&s->rd, ans, cap, (int)opt.wait_s * 1000, run_sim, NULL);
	if (r != 1) {
		if (r < 0)
			snprintf(ans, cap, "the guest went away before it answered '%s'", cmd);
		else
			snprintf(ans, cap, "no answer to '%s' within %u s", cmd, opt.wait_s);
		stop_plan(ans);
		return false;
	}
	if (strstr(ans, "STALL"))
		stop_plan(ans);
	return !strncmp(ans, "OK", 2);
}

static void open_nic(struct side *s)
{
	struct hpnic_qp_init_attr ia = { .sq_depth = 32, .path_mtu = opt.mtu, .sq_sig_all = 1,
					 .rq_depth = 16 };

	TRY(hpnic_open("sim:0", &s->dev));
	TRY(hpnic_query_device(s->dev, &s->attr));
	TRY(hpnic_create_cq(s->dev, 64, &s->cq));
	TRY(hpnic_create_cq(s->dev, 32, &s->rcq));
	ia.send_cq = s->cq;
	ia.recv_cq = s->rcq;
	/* the plan's ranges: up to 2 * max + 4096 + max + 64 (parts 1 and 2),
	 * MAX_READS ranges STRIDE apart (the several-READs steps) */
	s->len = (4 * opt.max > MAX_READS * STRIDE ? 4 * opt.max : MAX_READS * STRIDE) + 8192;
	s->buf = aligned_alloc(4096, s->len);
	if (!s->buf)
		exit(1);
	memset(s->buf, 0, s->len);
	TRY(hpnic_reg_mr(s->dev, s->buf, s->len, HPNIC_ACCESS_LOCAL_WRITE |
			 HPNIC_ACCESS_REMOTE_WRITE | HPNIC_ACCESS_REMOTE_READ, &s->mr));
	TRY(hpnic_create_qp(s->dev, &ia, &s->qp));
}

/* RESET -> INIT -> RTR -> RTS towards rxe's QP */
static void connect_qp(struct side *s)
{
	struct hpnic_qp_attr a = { .qp_state = HPNIC_QPS_RESET };

	TRY(hpnic_modify_qp(s->qp, &a, HPNIC_QP_ATTR_STATE));
	a.qp_state = HPNIC_QPS_INIT;
	TRY(hpnic_modify_qp(s->qp, &a, HPNIC_QP_ATTR_STATE));
	a.qp_state = HPNIC_QPS_RTR;
	a.dest_qp_num = s->gqpn;
	a.remote_ipv4 = s->gip_b;
	memcpy(a.remote_mac, s->gmac_b, 6);
	a.path_mtu = opt.mtu;
	a.rq_psn = s->gpsn;
	a.sq_psn = s->psn;
	TRY(hpnic_modify_qp(s->qp, &a, HPNIC_QP_ATTR_STATE | HPNIC_QP_ATTR_DEST_QPN |
			    HPNIC_QP_ATTR_REMOTE_IP | HPNIC_QP_ATTR_REMOTE_MAC |
			    HPNIC_QP_ATTR_PATH_MTU | HPNIC_QP_ATTR_RQ_PSN | HPNIC_QP_ATTR_SQ_PSN));
	a.qp_state = HPNIC_QPS_RTS;
	TRY(hpnic_modify_qp(s->qp, &a, HPNIC_QP_ATTR_STATE));
}

/* the guest's HELLO in, ours out, both QPs to RTS */
static void hello(struct side *s)
{
	char line[INTEROP_LINE];
	unsigned m[6], ip[4];
	char myip[32];
	int r;

	r = interop_getline(&s->rd, line, sizeof(line), (int)opt.wait_s * 1000, NULL, NULL);
	if (r != 1 || sscanf(line, "HELLO qpn=%u psn=%u va=0x%" SCNx64 " rkey=0x%x len=%" SCNu64
			     " mtu=%u ip=%31s mac=%31s", &s->gqpn, &s->gpsn, &s->gva, &s->grkey,
			     &s->glen, &s->gmtu, s->gip, s->gmac) != 8 ||
	    sscanf(s->gmac, "%x:%x:%x:%x:%x:%x", &m[0], &m[1], &m[2], &m[3], &m[4], &m[5]) != 6 ||
	    sscanf(s->gip, "%u.%u.%u.%u", &ip[0], &ip[1], &ip[2], &ip[3]) != 4) {
		fprintf(stderr, NAME ": no HELLO from the guest (%s)\n", r == 1 ? line : "none");
		exit(1);
	}
	printf(NAME ": guest: %s\n", line);
	{
		const char *rd = strstr(line, " rd=");

		s->grd = rd ? (unsigned)strtoul(rd + 4, NULL, 10) : 1;
	}
	for (int i = 0; i < 6; i++)
		s->gmac_b[i] = (uint8_t)m[i];
	s->gip_b = ip[0] << 24 | ip[1] << 16 | ip[2] << 8 | ip[3];
	check(s->gmtu >= opt.mtu, "rxe's active MTU %u allows the path MTU %u", s->gmtu, opt.mtu);
	check(s->glen >= 3 * opt.max + 8192 && s->glen >= MAX_READS * STRIDE + 64,
	      "the guest's buffer (%" PRIu64 " B) holds the plan", s->glen);
	check(s->grd >= 1, "rxe's QP takes %u READs in flight each way (max_rd_atomic, "
	      "max_dest_rd_atomic); each side posts %u at once", s->grd, reads_at_once(s));

	open_nic(s);
	s->psn = (uint32_t)rnd() & 0xffffff;
	connect_qp(s);
	snprintf(myip, sizeof(myip), "%u.%u.%u.%u", s->attr.ipv4 >> 24, (s->attr.ipv4 >> 16) & 255,
		 (s->attr.ipv4 >> 8) & 255, s->attr.ipv4 & 255);
	snprintf(line, sizeof(line), "HELLO qpn=%u psn=%u va=0x%" PRIxPTR " rkey=0x%x len=%zu "
		 "mtu=%u ip=%s mac=%02x:%02x:%02x:%02x:%02x:%02x", hpnic_qp_num(s->qp), s->psn,
		 (uintptr_t)s->buf, hpnic_mr_rkey(s->mr), s->len, opt.mtu, myip, s->attr.mac[0],
		 s->attr.mac[1], s->attr.mac[2], s->attr.mac[3], s->attr.mac[4], s->attr.mac[5]);
	printf(NAME ": hpnic: %s\n", line);
	if (interop_putline(s->rd.fd, line) ||
	    interop_getline(&s->rd, line, sizeof(line), (int)opt.wait_s * 1000, run_sim, NULL) != 1 ||
	    strcmp(line, "READY")) {
		fprintf(stderr, NAME ": the guest did not connect its QP\n");
		exit(1);
	}
	printf(NAME ": QP %u <-> rxe QP %u, path MTU %u, PSNs %06x (hpnic) and %06x (rxe)\n",
	       hpnic_qp_num(s->qp), s->gqpn, opt.mtu, s->psn, s->gpsn);
}

/* one completion within --wait of wall-clock time, or status -1 */
static int wait_one(struct side *s, struct hpnic_wc *wc, double *secs, uint64_t *cycles)
{
	double t0 = interop_now();
	uint64_t c0 = hpnic_sim_cycle();
	int n = hpnic_wait_cq_wall(s->cq, 1, wc, (uint64_t)opt.wait_s * 1000000000ull);

	*secs = interop_now() - t0;
	*cycles = hpnic_sim_cycle() - c0;
	if (n != 1)
		wc->status = (enum hpnic_wc_status)-1;
	return n == 1 ? 0 : -1;
}

static const char *wc_str(int st)
{
	static const char *const s[] = { "success", "remote access error", "retry exceeded",
					 "flushed", "local error", "general error",
					 "local protection error", "local length error",
					 "RNR retry exceeded" };

	return st >= 0 && st < (int)(sizeof(s) / sizeof(s[0])) ? s[st] : "no completion";
}

/* hpnic as requester: WRITE len bytes into the guest, then READ len bytes */
static void hpnic_requests(struct side *s, uint32_t len)
{
	uint64_t lo = rnd() % 64, ro = rnd() % 64, seed = rnd(), cyc;
	uint64_t lo2 = 2 * opt.max + 4096 + rnd() % 64, ro2 = 2 * opt.max + 4096 + rnd() % 64;
	char ans[INTEROP_LINE];
	struct hpnic_wc wc;
	double t;
	size_t at;

	if (stopped[0])
		return;

	interop_pattern(s->buf + lo, len, seed);
	TRY(hpnic_post_write(s->qp, 1, s->mr, s->buf + lo, len, s->gva + ro, s->grkey, 0));
	wait_one(s, &wc, &t, &cyc);
	if (check(wc.status == HPNIC_WC_SUCCESS && wc.byte_len == len,
		  "hpnic WRITE %7u B -> rxe: %s in %.2f s (%.1f us simulated)", len,
		  wc_str((int)wc.status), t, cyc / 250.0))
		check(ask(s, ans, sizeof(ans), "CHECK %" PRIu64 " %u %" PRIu64, ro, len, seed),
		      "hpnic WRITE %7u B -> rxe: the guest checked the bytes (%s)", len, ans);

	seed = rnd();
	if (stopped[0])
		return;
	if (!check(ask(s, ans, sizeof(ans), "FILL %" PRIu64 " %u %" PRIu64, ro2, len, seed),
		   "the guest fills %u B (%s)", len, ans))
		return;
	memset(s->buf + lo2, 0, len);
	TRY(hpnic_post_read(s->qp, 2, s->mr, s->buf + lo2, len, s->gva + ro2, s->grkey, 0));
	wait_one(s, &wc, &t, &cyc);
	at = wc.status == HPNIC_WC_SUCCESS ? interop_mismatch(s->buf + lo2, len, seed) : 0;
	check(wc.status == HPNIC_WC_SUCCESS && wc.byte_len == len && at == len,
	      "hpnic READ  %7u B <- rxe: %s in %.2f s (%.1f us simulated), %s", len,
	      wc_str((int)wc.status), t, cyc / 250.0,
	      at == len ? "bytes checked here" : "the bytes differ");
}

/* bytes either side of [off, off + len) keep their guard value */
static bool guards_ok(struct side *s, uint64_t off, uint32_t len)
{
	return s->buf[off - 1] == 0xa5 && s->buf[off + len] == 0xa5;
}

/* rxe as requester: WRITE len bytes into hpnic, then READ len bytes */
static void rxe_requests(struct side *s, uint32_t len)
{
	uint64_t lo = rnd() % 64, ro = 1 + rnd() % 64, seed = rnd();
	uint64_t lo2 = 2 * opt.max + 4096 + rnd() % 64, ro2 = 2 * opt.max + 4096 + rnd() % 64;
	char ans[INTEROP_LINE];
	size_t at;
	bool ok;

	if (stopped[0])
		return;
	memset(s->buf + ro - 1, 0xa5, len + 2);
	ok = ask(s, ans, sizeof(ans), "WRITE %" PRIu64 " %" PRIu64 " %u %" PRIu64, lo, ro, len,
		 seed);
	at = interop_mismatch(s->buf + ro, len, seed);
	if (check(ok, "rxe WRITE   %7u B -> hpnic: %s", len, ans))
		check(at == len && guards_ok(s, ro, len), "rxe WRITE   %7u B -> hpnic: the bytes "
		      "checked here%s", len, at != len ? ": they differ" :
		      !guards_ok(s, ro, len) ? ": a byte beside them changed" : "");

	seed = rnd();
	if (stopped[0])
		return;
	interop_pattern(s->buf + ro2, len, seed);
	check(ask(s, ans, sizeof(ans), "READ %" PRIu64 " %" PRIu64 " %u %" PRIu64, lo2, ro2, len,
		  seed), "rxe READ    %7u B <- hpnic: %s", len, ans);
}

static void read_counters(struct side *s, uint64_t *v)
{
	int n = hpnic_read_counters(s->dev, v, HPNIC_NUM_COUNTERS);

	if (n != HPNIC_NUM_COUNTERS) {
		fprintf(stderr, NAME ": read %d counters: %s\n", n, hpnic_last_error());
		exit(1);
	}
}

/* READs each side posts at once: --reads, at most what rxe's QP takes */
static unsigned reads_at_once(const struct side *s)
{
	return opt.reads < s->grd ? opt.reads : s->grd;
}

/* the counters that tell how a batch of READs went on hpnic's side */
static void batch_counters(struct side *s, const uint64_t *b, char *out, size_t cap)
{
	uint64_t a[HPNIC_NUM_COUNTERS];

	read_counters(s, a);
#define D(c) (a[HPNIC_CNT_##c] - b[HPNIC_CNT_##c])
	snprintf(out, cap, "rx_reads +%" PRIu64 ", rx_psn_dup +%" PRIu64 ", rx_psn_oos +%" PRIu64
		 ", rx_resp_gap +%" PRIu64 ", rx_resp_stray +%" PRIu64 ", tx_timeouts +%" PRIu64
		 ", tx_rewinds +%" PRIu64, D(RX_READS), D(RX_PSN_DUP), D(RX_PSN_OOS), D(RX_RESP_GAP),
		 D(RX_RESP_STRAY), D(TX_TIMEOUTS), D(TX_REWINDS));
#undef D
}

/* rxe's own counters (its retries, duplicate requests, ...) that moved since
 * the last call, printed with what; a call with what NULL sets the base */
static void rxe_counters(struct side *s, const char *what)
{
	char ans[INTEROP_LINE];
	bool ok = ask(s, ans, sizeof(ans), "COUNTERS");

	/* a retry or a duplicate on rxe's side is no failure of the step (the
	 * bytes and the completions tell), but stands out in the log */
	if (what)
		printf("%s: rxe's counters over %s: %s\n", ok && strstr(ans, "moved: none") ? NAME :
		       "note", what, ok ? ans + 3 : ans);
}

/* the bytes a READ brought are not those of the WRITE before it: are they
 * those from before the WRITE? */
static const char *stale_str(const uint8_t *b, uint32_t len, uint64_t old)
{
	return interop_mismatch(b, len, old) == len ? "the bytes from before the WRITE (the READ "
	       "passed it)" : "the bytes differ";
}

/* n completions of the work requests wr_id first.. in order, each within
 * --wait; false (and why) at the first that is late, out of order, or not
 * a success of len bytes */
static bool wait_batch(struct side *s, uint64_t first, unsigned n, uint32_t len,
		       double *secs, uint64_t *cycles, char *why, size_t cap)
{
	double t0 = interop_now();
	uint64_t c0 = hpnic_sim_cycle();
	bool ok = true;

	why[0] = 0;
	for (unsigned i = 0; i < n; i++) {
		struct hpnic_wc wc;
		double t;
		uint64_t cyc;

		if (wait_one(s, &wc, &t, &cyc)) {
			snprintf(why, cap, "completion %u of %u did not come within %u s", i + 1, n,
				 opt.wait_s);
			stop_plan(why);
			ok = false;
			break;
		}
		if (ok && wc.wr_id != first + i) {
			snprintf(why, cap, "completion %u of %u is of wr_id %" PRIu64 ", want %" PRIu64,
				 i + 1, n, wc.wr_id, first + i);
			ok = false;
		} else if (ok && (wc.status != HPNIC_WC_SUCCESS || wc.byte_len != len)) {
			snprintf(why, cap, "completion %u of %u: %s, %u B", i + 1, n,
				 wc_str((int)wc.status), wc.byte_len);
			ok = false;
		}
	}
	*secs = interop_now() - t0;
	*cycles = hpnic_sim_cycle() - c0;
	return ok;
}

/* hpnic as requester: n READs of len bytes posted at once, each from its
 * own range of the guest's MR into its own range here */
static void hpnic_reads(struct side *s, unsigned n, uint32_t len)
{
	uint32_t stride = len + 4096;
	uint64_t lo = 1 + rnd() % 64, ro = rnd() % 64, seed = rnd(), b[HPNIC_NUM_COUNTERS], cyc;
	char ans[INTEROP_LINE], why[INTEROP_LINE], cnt[INTEROP_LINE];
	bool ok = true;
	double t;

	if (stopped[0] || !n)
		return;
	printf(NAME ": 1. hpnic as requester: %u READs of %u B posted at once\n", n, len);
	for (unsigned i = 0; i < n && ok; i++)
		ok = ask(s, ans, sizeof(ans), "FILL %" PRIu64 " %u %" PRIu64, ro + i * stride,
			 len, seed + i);
	if (!check(ok, "the guest fills %u ranges of %u B, %u B apart (%s)", n, len, stride,
		   ans))
		return;
	for (unsigned i = 0; i < n; i++) {
		uint8_t *d = s->buf + lo + i * stride;

		d[-1] = 0xa5;
		memset(d, 0, len);
		d[len] = 0xa5;
	}
	rxe_counters(s, NULL);
	read_counters(s, b);
	for (unsigned i = 0; i < n; i++)
		TRY(hpnic_post_read(s->qp, 100 + i, s->mr, s->buf + lo + i * stride, len,
				    s->gva + ro + i * stride, s->grkey, i + 1 < n ? HPNIC_WR_MORE : 0));
	ok = wait_batch(s, 100, n, len, &t, &cyc, why, sizeof(why));
	batch_counters(s, b, cnt, sizeof(cnt));
	if (!stopped[0])
		rxe_counters(s, "hpnic's READs");
	if (!check(ok, "hpnic %u READs of %u B <- rxe, posted at once: %s in %.2f s (%.1f us "
		   "simulated); %s", n, len, ok ? "completed in order with success" : why, t,
		   cyc / 250.0, cnt))
		return;
	for (unsigned i = 0; i < n; i++) {
		const uint8_t *d = s->buf + lo + i * stride;
		size_t at = interop_mismatch(d, len, seed + i);

		if (at != len || d[-1] != 0xa5 || d[len] != 0xa5) {
			check(false, "hpnic %u READs of %u B <- rxe: READ %u: %s", n, len, i + 1,
			      at != len ? "the bytes differ" : "a byte beside them changed");
			printf(NAME ": READ %u: %zu B differ from byte %zu\n", i + 1, len - at, at);
			return;
		}
	}
	check(true, "hpnic %u READs of %u B <- rxe: every byte checked here, none beside them "
	      "touched", n, len);
}

/* hpnic as requester: WRITE, READ, WRITE, READ posted at once; each READ
 * reads the range the WRITE before it wrote, which held other bytes */
static void hpnic_mixed(struct side *s)
{
	uint64_t lo = 1 + rnd() % 64, ro = rnd() % 64, seed = rnd(), b[HPNIC_NUM_COUNTERS], cyc;
	char ans[INTEROP_LINE], why[INTEROP_LINE], cnt[INTEROP_LINE];
	uint8_t *l[4];
	bool ok;
	double t;

	if (stopped[0] || !reads_at_once(s))
		return;
	printf(NAME ": 1. hpnic as requester: WRITE, READ, WRITE, READ of %u B posted at once\n",
	       MANY_LEN);
	ok = ask(s, ans, sizeof(ans), "FILL %" PRIu64 " %u %" PRIu64, ro, MANY_LEN, seed + 2) &&
	     ask(s, ans, sizeof(ans), "FILL %" PRIu64 " %u %" PRIu64, ro + STRIDE, MANY_LEN,
		 seed + 3);
	if (!check(ok, "the guest fills both ranges with other bytes first (%s)", ans))
		return;
	for (unsigned k = 0; k < 4; k++)
		l[k] = s->buf + lo + k * STRIDE;
	interop_pattern(l[0], MANY_LEN, seed);
	interop_pattern(l[2], MANY_LEN, seed + 1);
	for (unsigned k = 1; k < 4; k += 2) {
		l[k][-1] = 0xa5;
		memset(l[k], 0, MANY_LEN);
		l[k][MANY_LEN] = 0xa5;
	}
	rxe_counters(s, NULL);
	read_counters(s, b);
	TRY(hpnic_post_write(s->qp, 200, s->mr, l[0], MANY_LEN, s->gva + ro, s->grkey,
			     HPNIC_WR_MORE));
	TRY(hpnic_post_read(s->qp, 201, s->mr, l[1], MANY_LEN, s->gva + ro, s->grkey,
			    HPNIC_WR_MORE));
	TRY(hpnic_post_write(s->qp, 202, s->mr, l[2], MANY_LEN, s->gva + ro + STRIDE, s->grkey,
			     HPNIC_WR_MORE));
	TRY(hpnic_post_read(s->qp, 203, s->mr, l[3], MANY_LEN, s->gva + ro + STRIDE, s->grkey, 0));
	ok = wait_batch(s, 200, 4, MANY_LEN, &t, &cyc, why, sizeof(why));
	batch_counters(s, b, cnt, sizeof(cnt));
	if (!stopped[0])
		rxe_counters(s, "hpnic's WRITE READ WRITE READ");
	if (!check(ok, "hpnic WRITE READ WRITE READ of %u B <-> rxe, posted at once: %s in %.2f s "
		   "(%.1f us simulated); %s", MANY_LEN, ok ? "completed in order with success" : why,
		   t, cyc / 250.0, cnt))
		return;
	for (unsigned k = 0; k < 2; k++) {
		const uint8_t *d = l[2 * k + 1];
		bool same = interop_mismatch(d, MANY_LEN, seed + k) == MANY_LEN;

		check(same && d[-1] == 0xa5 && d[MANY_LEN] == 0xa5, "hpnic READ %u of the mixed "
		      "step: %s", k + 1, !same ? stale_str(d, MANY_LEN, seed + 2 + k) :
		      d[-1] != 0xa5 || d[MANY_LEN] != 0xa5 ? "a byte beside them changed" :
		      "the bytes of the WRITE before it, checked here");
	}
	for (unsigned k = 0; k < 2 && !stopped[0]; k++)
		check(ask(s, ans, sizeof(ans), "CHECK %" PRIu64 " %u %" PRIu64, ro + k * STRIDE,
			  MANY_LEN, seed + k), "hpnic WRITE %u of the mixed step: the guest checked "
		      "the bytes (%s)", k + 1, ans);
}

/* rxe as requester: n READs of len bytes posted at once, each from its
 * own range of hpnic's MR */
static void rxe_reads(struct side *s, unsigned n, uint32_t len)
{
	uint32_t stride = len + 4096;
	uint64_t lo = rnd() % 64, ro = 1 + rnd() % 64, seed = rnd(), b[HPNIC_NUM_COUNTERS];
	char ans[INTEROP_LINE], cnt[INTEROP_LINE];

	if (stopped[0] || !n)
		return;
	printf(NAME ": 2. rxe as requester: %u READs of %u B posted at once\n", n, len);
	for (unsigned i = 0; i < n; i++)
		interop_pattern(s->buf + ro + i * stride, len, seed + i);
	rxe_counters(s, NULL);
	read_counters(s, b);
	check(ask(s, ans, sizeof(ans), "READS %u %" PRIu64 " %u %" PRIu64 " %u %u %" PRIu64, n, lo,
		  stride, ro, stride, len, seed), "rxe %u READs of %u B <- hpnic: %s", n,
	      len, ans);
	batch_counters(s, b, cnt, sizeof(cnt));
	printf(NAME ": hpnic's counters over rxe's %u READs: %s\n", n, cnt);
	if (!stopped[0])
		rxe_counters(s, "its READs");
}

/* rxe as requester: WRITE, READ, WRITE, READ posted at once into two ranges
 * of hpnic's MR that held other bytes */
static void rxe_mixed(struct side *s)
{
	uint64_t lo = rnd() % 64, ro = 1 + rnd() % 64, seed = rnd(), b[HPNIC_NUM_COUNTERS];
	uint64_t a[HPNIC_NUM_COUNTERS];
	char ans[INTEROP_LINE], cnt[INTEROP_LINE];

	if (stopped[0] || !reads_at_once(s))
		return;
	printf(NAME ": 2. rxe as requester: WRITE, READ, WRITE, READ of %u B posted at once\n",
	       MANY_LEN);
	for (unsigned k = 0; k < 2; k++) {
		uint8_t *r = s->buf + ro + k * STRIDE;

		r[-1] = 0xa5;
		interop_pattern(r, MANY_LEN, seed + 2 + k);
		r[MANY_LEN] = 0xa5;
	}
	rxe_counters(s, NULL);
	read_counters(s, b);
	check(ask(s, ans, sizeof(ans), "MIX %" PRIu64 " %" PRIu64 " %u %u %" PRIu64, lo, ro, STRIDE,
		  MANY_LEN, seed), "rxe WRITE READ WRITE READ of %u B <-> hpnic: %s", MANY_LEN, ans);
	batch_counters(s, b, cnt, sizeof(cnt));
	read_counters(s, a);
	/* hpnic answers in PSN order (its ACKs wait behind its READ
	 * responses): rxe has no reason to retry, and repeats nothing */
	check(a[HPNIC_CNT_RX_PSN_DUP] == b[HPNIC_CNT_RX_PSN_DUP], "rxe repeated no request of "
	      "its WRITE READ WRITE READ (rx_psn_dup +%" PRIu64 "; tx_ack_held +%" PRIu64 ": ACKs "
	      "hpnic held behind its READ responses)", a[HPNIC_CNT_RX_PSN_DUP] -
	      b[HPNIC_CNT_RX_PSN_DUP], a[HPNIC_CNT_TX_ACK_HELD] - b[HPNIC_CNT_TX_ACK_HELD]);
	printf(NAME ": hpnic's counters over rxe's WRITE READ WRITE READ: %s\n", cnt);
	if (!stopped[0])
		rxe_counters(s, "its WRITE READ WRITE READ");
	for (unsigned k = 0; k < 2; k++) {
		const uint8_t *r = s->buf + ro + k * STRIDE;
		size_t at = interop_mismatch(r, MANY_LEN, seed + k);

		check(at == MANY_LEN && r[-1] == 0xa5 && r[MANY_LEN] == 0xa5, "rxe WRITE %u of the "
		      "mixed step: %s", k + 1, at != MANY_LEN ? "the bytes differ here" :
		      r[-1] != 0xa5 || r[MANY_LEN] != 0xa5 ? "a byte beside them changed" :
		      "the bytes checked here");
	}
}

/* ---- SEND, RECV and immediates ---- */

/* bytes past a receive buffer's end, which a SEND must not write */
#define RECV_SLACK 64u
/* what a posted receive buffer holds until a SEND lands in it */
#define RECV_FILL 0x5a

/* "-" or the immediate in hex, as the guest's commands take it */
static const char *imm_str(char *b, size_t cap, bool imm, uint32_t v)
{
	if (!imm)
		return "-";
	snprintf(b, cap, "%08x", v);
	return b;
}

/* hpnic as requester: one SEND, SEND with immediate or RDMA WRITE with
 * immediate of len bytes from lo, to its completion here */
static bool hpnic_post_op(struct side *s, enum hpnic_wr_opcode op, uint64_t lo, uint64_t ro,
			  uint32_t len, uint32_t imm, struct hpnic_wc *wc, double *t, uint64_t *cyc)
{
	struct hpnic_sge sge = { (uintptr_t)(s->buf + lo), len, hpnic_mr_lkey(s->mr) };
	struct hpnic_send_wr wr = { .wr_id = 5, .sg_list = &sge, .num_sge = 1, .opcode = op,
				    .send_flags = HPNIC_SEND_SIGNALED, .imm_data = htonl(imm) };
	struct hpnic_send_wr *bad;

	wr.rdma.remote_addr = s->gva + ro;
	wr.rdma.rkey = s->grkey;
	TRY(hpnic_post_send(s->qp, &wr, &bad));
	wait_one(s, wc, t, cyc);
	return wc->status == HPNIC_WC_SUCCESS && wc->byte_len == len &&
	       wc->opcode == (op == HPNIC_WR_RDMA_WRITE_WITH_IMM ? HPNIC_WC_RDMA_WRITE :
			      HPNIC_WC_SEND);
}

/* hpnic as requester: a SEND (with immediate when imm) of len bytes into a
 * receive the guest posted, RECV_SLACK bytes longer; the guest checks its
 * completion (byte_len, immediate, source QP) and the bytes */
static void hpnic_send(struct side *s, uint32_t len, bool imm)
{
	uint64_t lo = rnd() % 64, ro = 1 + rnd() % 64, seed = rnd(), cyc;
	uint32_t iv = (uint32_t)rnd();
	const char *what = imm ? "SEND+imm" : "SEND    ";
	char ans[INTEROP_LINE], ib[16];
	struct hpnic_wc wc;
	double t;
	bool ok;

	if (stopped[0])
		return;
	if (!check(ask(s, ans, sizeof(ans), "RECV %" PRIu64 " %u", ro, len + RECV_SLACK),
		   "the guest posts a receive of %u B (%s)", len + RECV_SLACK, ans))
		return;
	interop_pattern(s->buf + lo, len, seed);
	ok = hpnic_post_op(s, imm ? HPNIC_WR_SEND_WITH_IMM : HPNIC_WR_SEND, lo, 0, len, iv, &wc, &t,
			   &cyc);
	if (check(ok, "hpnic %s %7u B -> rxe: %s in %.2f s (%.1f us simulated)", what, len,
		  wc_str((int)wc.status), t, cyc / 250.0))
		check(ask(s, ans, sizeof(ans), "RCHECK SEND %" PRIu64 " %u %u %" PRIu64 " %s", ro,
			  len + RECV_SLACK, len, seed, imm_str(ib, sizeof(ib), imm, iv)),
		      "hpnic %s %7u B -> rxe: the guest's receive: %s", what, len, ans);
}

/* hpnic as requester: an RDMA WRITE with immediate of len bytes; it uses up
 * a receive the guest posted (and writes nothing there) */
static void hpnic_write_imm(struct side *s, uint32_t len)
{
	uint64_t lo = rnd() % 64, ro = rnd() % 64, seed = rnd(), cyc;
	uint64_t rv = 2 * opt.max + 4096 + 1 + rnd() % 64;
	uint32_t iv = (uint32_t)rnd();
	char ans[INTEROP_LINE], ib[16];
	struct hpnic_wc wc;
	double t;
	bool ok;

	if (stopped[0])
		return;
	if (!check(ask(s, ans, sizeof(ans), "RECV %" PRIu64 " %u", rv, RECV_SLACK),
		   "the guest posts a receive of %u B (%s)", RECV_SLACK, ans))
		return;
	interop_pattern(s->buf + lo, len, seed);
	ok = hpnic_post_op(s, HPNIC_WR_RDMA_WRITE_WITH_IMM, lo, ro, len, iv, &wc, &t, &cyc);
	if (!check(ok, "hpnic WRITE+imm %7u B -> rxe: %s in %.2f s (%.1f us simulated)", len,
		   wc_str((int)wc.status), t, cyc / 250.0))
		return;
	check(ask(s, ans, sizeof(ans), "RCHECK WIMM %" PRIu64 " %u %u 0 %s", rv, RECV_SLACK, len,
		  imm_str(ib, sizeof(ib), true, iv)), "hpnic WRITE+imm %7u B -> rxe: the guest's "
	      "receive: %s", len, ans);
	check(ask(s, ans, sizeof(ans), "CHECK %" PRIu64 " %u %" PRIu64, ro, len, seed),
	      "hpnic WRITE+imm %7u B -> rxe: the guest checked the bytes (%s)", len, ans);
}

/* a receive buffer of cap bytes at off in hpnic's MR, with RECV_FILL in it
 * and 0xa5 either side, posted */
static void post_recv_at(struct side *s, uint64_t off, uint32_t cap)
{
	struct hpnic_sge sge = { (uintptr_t)(s->buf + off), cap, hpnic_mr_lkey(s->mr) };
	struct hpnic_recv_wr wr = { .wr_id = 7, .sg_list = &sge, .num_sge = 1 }, *bad;

	s->buf[off - 1] = 0xa5;
	memset(s->buf + off, RECV_FILL, cap);
	s->buf[off + cap] = 0xa5;
	TRY(hpnic_post_recv(s->qp, &wr, &bad));
}

/*
 * The receive completion of rxe's SEND (wimm false: len bytes of
 * pattern(seed) at off, nothing past them) or WRITE with immediate (wimm:
 * the buffer untouched), with its immediate when imm; false and why when
 * something is not as it should be.
 */
static bool recv_ok(struct side *s, bool wimm, uint64_t off, uint32_t cap, uint32_t len,
		    uint64_t seed, bool imm, uint32_t iv, char *why, size_t wcap)
{
	struct hpnic_wc wc;
	int n = hpnic_wait_cq_wall(s->rcq, 1, &wc, (uint64_t)opt.wait_s * 1000000000ull);
	char ib[16];
	size_t at;

	if (n != 1) {
		snprintf(why, wcap, "no receive completion within %u s", opt.wait_s);
		return false;
	}
	if (wc.status != HPNIC_WC_SUCCESS || wc.wr_id != 7 || wc.qp_num != hpnic_qp_num(s->qp)) {
		snprintf(why, wcap, "status %s, wr_id %" PRIu64 ", QP %u", wc_str((int)wc.status),
			 wc.wr_id, wc.qp_num);
		return false;
	}
	if (wc.opcode != (wimm ? HPNIC_WC_RECV_RDMA_WITH_IMM : HPNIC_WC_RECV) || wc.byte_len != len ||
	    wc.src_qp != s->gqpn) {
		snprintf(why, wcap, "opcode %d, byte_len %u, src_qp %u; want %s, %u, %u",
			 (int)wc.opcode, wc.byte_len, wc.src_qp, wimm ? "RECV_RDMA_WITH_IMM" : "RECV",
			 len, s->gqpn);
		return false;
	}
	if (!!(wc.wc_flags & HPNIC_WC_WITH_IMM) != imm || (imm && ntohl(wc.imm_data) != iv)) {
		snprintf(why, wcap, "immediate %s0x%08x, want %s0x%08x", wc.wc_flags &
			 HPNIC_WC_WITH_IMM ? "" : "(none) ", ntohl(wc.imm_data), imm ? "" : "none, ",
			 iv);
		return false;
	}
	if (!wimm && (at = interop_mismatch(s->buf + off, len, seed)) != len) {
		snprintf(why, wcap, "the bytes differ from byte %zu", at);
		return false;
	}
	for (uint32_t i = wimm ? 0 : len; i < cap; i++)
		if (s->buf[off + i] != RECV_FILL) {
			snprintf(why, wcap, "byte %u of the receive buffer changed", i);
			return false;
		}
	if (s->buf[off - 1] != 0xa5 || s->buf[off + cap] != 0xa5) {
		snprintf(why, wcap, "a byte beside the receive buffer changed");
		return false;
	}
	snprintf(why, wcap, "byte_len %u, src_qp %u, immediate %s%s", wc.byte_len, wc.src_qp,
		 imm_str(ib, sizeof(ib), imm, iv), wimm ? ", the buffer untouched" :
		 ", bytes checked here, none past them or beside the buffer touched");
	return true;
}

/* rxe as requester: a SEND (with immediate when imm) of len bytes into a
 * receive posted here, RECV_SLACK bytes longer */
static void rxe_send(struct side *s, uint32_t len, bool imm)
{
	uint64_t lo = rnd() % 64, ro = 1 + rnd() % 64, seed = rnd();
	uint32_t iv = (uint32_t)rnd();
	const char *what = imm ? "SEND+imm" : "SEND    ";
	char ans[INTEROP_LINE], why[INTEROP_LINE], ib[16];

	if (stopped[0])
		return;
	post_recv_at(s, ro, len + RECV_SLACK);
	if (!check(ask(s, ans, sizeof(ans), "SEND %" PRIu64 " %u %" PRIu64 " %s", lo, len, seed,
		       imm_str(ib, sizeof(ib), imm, iv)), "rxe %s %7u B -> hpnic: %s", what, len,
		   ans))
		return;
	check(recv_ok(s, false, ro, len + RECV_SLACK, len, seed, imm, iv, why, sizeof(why)),
	      "rxe %s %7u B -> hpnic: the receive completion: %s", what, len, why);
}

/* rxe as requester: an RDMA WRITE with immediate of len bytes into hpnic's
 * MR, using up a receive posted here */
static void rxe_write_imm(struct side *s, uint32_t len)
{
	uint64_t lo = rnd() % 64, ro = 1 + rnd() % 64, seed = rnd();
	uint64_t rv = 2 * opt.max + 4096 + 1 + rnd() % 64;
	uint32_t iv = (uint32_t)rnd();
	char ans[INTEROP_LINE], why[INTEROP_LINE], ib[16];
	size_t at;

	if (stopped[0])
		return;
	post_recv_at(s, rv, RECV_SLACK);
	memset(s->buf + ro - 1, 0xa5, len + 2);
	if (!check(ask(s, ans, sizeof(ans), "WIMM %" PRIu64 " %" PRIu64 " %u %" PRIu64 " %s", lo,
		       ro, len, seed, imm_str(ib, sizeof(ib), true, iv)),
		   "rxe WRITE+imm %7u B -> hpnic: %s", len, ans))
		return;
	check(recv_ok(s, true, rv, RECV_SLACK, len, 0, true, iv, why, sizeof(why)),
	      "rxe WRITE+imm %7u B -> hpnic: the receive completion: %s", len, why);
	at = interop_mismatch(s->buf + ro, len, seed);
	check(at == len && guards_ok(s, ro, len), "rxe WRITE+imm %7u B -> hpnic: the bytes %s",
	      len, at != len ? "differ" : !guards_ok(s, ro, len) ? "landed, but a byte beside "
	      "them changed" : "checked here");
}

/*
 * rxe SENDs with no receive posted here: hpnic's responder must answer with
 * RNR NAKs (rxe's rnr_retry is 7: it retries without end, each time after
 * hpnic's RNR timer, QP.MIN_RNR_TIMER); once a few have gone out, a
 * receive is posted, and rxe's SEND must complete into it.
 */
static void rxe_send_rnr(struct side *s, uint32_t len)
{
	uint64_t lo = rnd() % 64, ro = 1 + rnd() % 64, seed = rnd(), b[HPNIC_NUM_COUNTERS];
	uint64_t a[HPNIC_NUM_COUNTERS];
	char cmd[INTEROP_LINE], ans[INTEROP_LINE], why[INTEROP_LINE], cnt[INTEROP_LINE];
	double t0;
	int r;

	if (stopped[0])
		return;
	printf(NAME ": 2. rxe SENDs %u B with no receive posted here\n", len);
	rxe_counters(s, NULL);
	read_counters(s, b);
	snprintf(cmd, sizeof(cmd), "SEND %" PRIu64 " %u %" PRIu64 " -", lo, len, seed);
	if (interop_putline(s->rd.fd, cmd)) {
		stop_plan("the guest went away");
		return;
	}
	/* until hpnic has sent RNR NAKs for rxe's first try and a retry */
	t0 = interop_now();
	do {
		hpnic_sim_run(1024);
		read_counters(s, a);
	} while (a[HPNIC_CNT_RX_RNR_NAKS] - b[HPNIC_CNT_RX_RNR_NAKS] < 2 &&
		 interop_now() - t0 < opt.wait_s);
	check(a[HPNIC_CNT_RX_RNR_NAKS] - b[HPNIC_CNT_RX_RNR_NAKS] >= 2 &&
	      a[HPNIC_CNT_RX_RECV_CPL] == b[HPNIC_CNT_RX_RECV_CPL],
	      "rxe SEND %u B with no receive posted: hpnic sent %" PRIu64 " RNR NAKs in %.2f s "
	      "(rx_rnr_naks), completed no receive", len,
	      a[HPNIC_CNT_RX_RNR_NAKS] - b[HPNIC_CNT_RX_RNR_NAKS], interop_now() - t0);
	post_recv_at(s, ro, len + RECV_SLACK);
	r = interop_getline(&s->rd, ans, sizeof(ans), (int)opt.wait_s * 1000, run_sim, NULL);
	if (r != 1) {
		snprintf(ans, sizeof(ans), "no answer to '%s' within %u s", cmd, opt.wait_s);
		stop_plan(ans);
	} else if (strstr(ans, "STALL")) {
		stop_plan(ans);
	}
	if (!check(r == 1 && !strncmp(ans, "OK", 2), "rxe's SEND completed once a receive was "
		   "posted: %s", ans))
		return;
	check(recv_ok(s, false, ro, len + RECV_SLACK, len, seed, false, 0, why, sizeof(why)),
	      "rxe SEND %u B after RNR NAKs -> hpnic: the receive completion: %s", len, why);
	batch_counters(s, b, cnt, sizeof(cnt));
	read_counters(s, a);
	printf(NAME ": hpnic's counters over the RNR step: rx_rnr_naks +%" PRIu64 ", %s\n",
	       a[HPNIC_CNT_RX_RNR_NAKS] - b[HPNIC_CNT_RX_RNR_NAKS], cnt);
	if (!stopped[0])
		rxe_counters(s, "its SEND that met RNR NAKs");
}

/* ---- ibv_rc_pingpong ---- */

/* hpnic's counters over a pingpong step (b: before it), and rxe's */
static void pp_counters(struct side *s, const uint64_t *b, const char *what)
{
	uint64_t a[HPNIC_NUM_COUNTERS];

	read_counters(s, a);
	printf(NAME ": hpnic's counters over %s: rx_psn_dup +%" PRIu64 " (rxe's repeats), "
	       "rx_psn_oos +%" PRIu64 ", rx_rnr_naks +%" PRIu64 ", tx_timeouts +%" PRIu64
	       ", tx_rewinds +%" PRIu64 "\n", what, a[HPNIC_CNT_RX_PSN_DUP] - b[HPNIC_CNT_RX_PSN_DUP],
	       a[HPNIC_CNT_RX_PSN_OOS] - b[HPNIC_CNT_RX_PSN_OOS],
	       a[HPNIC_CNT_RX_RNR_NAKS] - b[HPNIC_CNT_RX_RNR_NAKS],
	       a[HPNIC_CNT_TX_TIMEOUTS] - b[HPNIC_CNT_TX_TIMEOUTS],
	       a[HPNIC_CNT_TX_REWINDS] - b[HPNIC_CNT_TX_REWINDS]);
	if (!stopped[0])
		rxe_counters(s, what);
}

/*
 * Debian's ibv_rc_pingpong, unmodified, in the guest as the client; hpnic
 * (hpnic_pp.c, on a QP of its own) as the server. The exchange goes over a
 * TCP connection of its own (the guest's eth1), the SENDs over the link.
 */
static void pingpong(struct side *s)
{
	struct hpnic_pp pp = { .dev = s->dev, .size = opt.pp_size, .iters = opt.pp_iters,
			       .mtu = opt.mtu, .wait_s = opt.wait_s, .seed = rnd() };
	struct sockaddr_in sa = { .sin_family = AF_INET };
	socklen_t sl = sizeof(sa);
	uint64_t b[HPNIC_NUM_COUNTERS];
	char cmd[INTEROP_LINE], ans[INTEROP_LINE] = "";
	int one = 1, lfd, fd = -1, r = 0;
	bool ok;

	/* (each step runs before the check that reports it: a call's
	 * arguments are read before the call) */
	if (stopped[0] || !opt.pp_iters)
		return;
	printf(NAME ": 3a. ibv_rc_pingpong in the guest (client) <-> hpnic_pp here (server): "
	       "%u messages of %u B each way\n", opt.pp_iters, opt.pp_size);
	memcpy(pp.peer_mac, s->gmac_b, 6);
	ok = !hpnic_pp_init(&pp);
	if (!check(ok, "hpnic's pingpong QP %u: %u receives of %u B posted%s%s",
		   pp.qp ? hpnic_qp_num(pp.qp) : 0, HPNIC_PP_RECVS, pp.size, ok ? "" : ": ",
		   pp.err)) {
		hpnic_pp_fini(&pp);
		return;
	}
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	lfd = socket(AF_INET, SOCK_STREAM, 0);
	if (lfd < 0 || setsockopt(lfd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)) ||
	    bind(lfd, (struct sockaddr *)&sa, sizeof(sa)) || listen(lfd, 1) ||
	    getsockname(lfd, (struct sockaddr *)&sa, &sl)) {
		perror(NAME ": pingpong listen");
		exit(1);
	}
	rxe_counters(s, NULL);
	read_counters(s, b);
	snprintf(cmd, sizeof(cmd), "PINGPONG %u %u %u %u", ntohs(sa.sin_port), opt.pp_size,
		 opt.pp_iters, opt.mtu);
	if (interop_putline(s->rd.fd, cmd)) {
		close(lfd);
		hpnic_pp_fini(&pp);
		stop_plan("the guest went away");
		return;
	}
	{
		struct pollfd pf = { lfd, POLLIN, 0 };

		if (poll(&pf, 1, (int)opt.wait_s * 1000) == 1)
			fd = accept(lfd, NULL, NULL);
		close(lfd);
	}
	ok = fd >= 0 && !hpnic_pp_exchange(&pp, fd, true);
	ok = check(ok, "ibv_rc_pingpong's exchange: "
		   "its QP %u, PSN %06x, LID %u, GID ::ffff:%u.%u.%u.%u; hpnic's QP %u, PSN %06x (%s)",
		   pp.peer.qpn, pp.peer.psn, pp.peer.lid, pp.peer.gid[12], pp.peer.gid[13],
		   pp.peer.gid[14], pp.peer.gid[15], pp.me.qpn, pp.me.psn, fd < 0 ?
		   "no connection" : pp.err[0] ? pp.err : "the 52-byte messages and \"done\"");
	if (fd >= 0)
		close(fd);
	if (ok) {
		ok = !hpnic_pp_run(&pp, true);
		check(ok, "hpnic's side: %u SENDs, %u receives (each of %u B "
		      "from QP %u, nothing past it written), %u echoes of hpnic's last message, the "
		      "first message rc_pingpong's fill: %s; %.2f s (%.1f us simulated)%s%s",
		      pp.scnt, pp.rcnt, pp.size, pp.peer.qpn, pp.echoes, pp.first_7b ? "yes" : "no",
		      pp.secs, pp.cycles / 250.0, pp.err[0] ? ": " : "", pp.err);
	}
	/* its answer: after its exit (rxe waits for its last ACK) */
	r = interop_getline(&s->rd, ans, sizeof(ans), 3 * (int)opt.wait_s * 1000, run_sim, NULL);
	if (r != 1) {
		snprintf(ans, sizeof(ans), "no answer to '%.64s'", cmd);
		stop_plan(ans);
	}
	check(r == 1 && !strncmp(ans, "OK ibv_rc_pingpong exit 0", 25), "the guest: %s", ans);
	pp_counters(s, b, "ibv_rc_pingpong");
	hpnic_pp_fini(&pp);
}

/*
 * The same the other way round: ibv_rc_pingpong in the guest as the server
 * on its TCP port G, which QEMU forwards from 127.0.0.1:H here (--pp-fwd
 * H:G); hpnic_pp its client. The guest answers once ibv_rc_pingpong
 * listens (or FAIL: then nothing more), and again after it has exited; if
 * hpnic's side fails in between, ABORT has the guest kill it.
 */
static void pingpong_server(struct side *s)
{
	struct hpnic_pp pp = { .dev = s->dev, .size = opt.pp_size, .iters = opt.pp_iters,
			       .mtu = opt.mtu, .wait_s = opt.wait_s, .seed = rnd() };
	struct sockaddr_in sa = { .sin_family = AF_INET };
	uint64_t b[HPNIC_NUM_COUNTERS];
	char cmd[INTEROP_LINE], ans[INTEROP_LINE] = "", why[128] = "";
	int fd = -1, r;
	bool ok;

	if (stopped[0] || !opt.pp_iters)
		return;
	if (!opt.pp_hport) {
		printf(NAME ": 3b. ibv_rc_pingpong in the guest as the server: skipped (no "
		       "--pp-fwd)\n");
		return;
	}
	printf(NAME ": 3b. ibv_rc_pingpong in the guest (server, port %u, from 127.0.0.1:%u) <-> "
	       "hpnic_pp here (client): %u messages of %u B each way\n", opt.pp_gport,
	       opt.pp_hport, opt.pp_iters, opt.pp_size);
	memcpy(pp.peer_mac, s->gmac_b, 6);
	ok = !hpnic_pp_init(&pp);
	if (!check(ok, "hpnic's pingpong QP %u: %u receives of %u B posted%s%s",
		   pp.qp ? hpnic_qp_num(pp.qp) : 0, HPNIC_PP_RECVS, pp.size, ok ? "" : ": ",
		   pp.err)) {
		hpnic_pp_fini(&pp);
		return;
	}
	rxe_counters(s, NULL);
	read_counters(s, b);
	/* the first answer: it listens, or it failed (and nothing follows) */
	snprintf(cmd, sizeof(cmd), "PINGPONG_SERVER %u %u %u %u", opt.pp_gport, opt.pp_size,
		 opt.pp_iters, opt.mtu);
	if (!check(ask(s, ans, sizeof(ans), "%s", cmd), "the guest: %s", ans)) {
		hpnic_pp_fini(&pp);
		return;
	}
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	sa.sin_port = htons((uint16_t)opt.pp_hport);
	fd = socket(AF_INET, SOCK_STREAM, 0);
	if (fd < 0 || connect(fd, (struct sockaddr *)&sa, sizeof(sa))) {
		snprintf(why, sizeof(why), "no connection to 127.0.0.1:%u: %s", opt.pp_hport,
			 strerror(errno));
		if (fd >= 0)
			close(fd);
		fd = -1;
	}
	/* QEMU takes the connection at once and only then opens one to the
	 * guest: a guest that does not listen shows as EOF in the exchange */
	ok = fd >= 0 && !hpnic_pp_exchange(&pp, fd, false);
	if (ok)
		check(true, "ibv_rc_pingpong's exchange (hpnic the client): its QP %u, PSN %06x, "
		      "LID %u, GID ::ffff:%u.%u.%u.%u; hpnic's QP %u, PSN %06x (the 52-byte messages "
		      "and \"done\")", pp.peer.qpn, pp.peer.psn, pp.peer.lid, pp.peer.gid[12],
		      pp.peer.gid[13], pp.peer.gid[14], pp.peer.gid[15], pp.me.qpn, pp.me.psn);
	else
		check(false, "ibv_rc_pingpong's exchange (hpnic the client, QP %u): %s", pp.me.qpn,
		      fd < 0 ? why : pp.err);
	if (fd >= 0)
		close(fd);
	if (ok) {
		ok = !hpnic_pp_run(&pp, false);
		/* the client SENDs first: every message it receives is an echo */
		ok = check(ok && pp.echoes == pp.iters, "hpnic's side: %u SENDs, %u receives (each "
			   "of %u B from QP %u, nothing past it written), %u echoes of hpnic's last "
			   "message; %.2f s (%.1f us simulated)%s%s", pp.scnt, pp.rcnt, pp.size,
			   pp.peer.qpn, pp.echoes, pp.secs, pp.cycles / 250.0, pp.err[0] ? ": " : "",
			   pp.err);
	}
	/* hpnic's side failed: the guest stops ibv_rc_pingpong rather than
	 * leave it to its timeout (an ABORT after its exit is ignored) */
	if (!ok && interop_putline(s->rd.fd, "ABORT"))
		printf(NAME ": could not send ABORT: the guest went away\n");
	/* the second answer: after its exit (rxe waits for its last ACK) */
	r = interop_getline(&s->rd, ans, sizeof(ans), 3 * (int)opt.wait_s * 1000, run_sim, NULL);
	if (r != 1) {
		snprintf(ans, sizeof(ans), "%s after '%.64s'", r < 0 ? "the guest went away" :
			 "no second answer in time", cmd);
		stop_plan(ans);
	}
	check(r == 1 && !strncmp(ans, "OK ibv_rc_pingpong exit 0", 25), "the guest: %s", ans);
	pp_counters(s, b, "ibv_rc_pingpong as the server");
	hpnic_pp_fini(&pp);
}

/* run the simulator until the frames the socket brought have all gone
 * through the NIC's MAC (bounded) */
static void drain(struct side *s, uint64_t *v)
{
	struct stream_port_stats st;

	for (int k = 0; k < 200; k++) {
		hpnic_sim_run(1024);
		TRY(hpnic_sim_stream_stats(&st));
		read_counters(s, v);
		if (v[HPNIC_CNT_MAC_RX_FRAMES] + v[HPNIC_CNT_MAC_RX_ERRORS] >= st.rx_frames && k > 4)
			return;
	}
}

static void noise(struct side *s)
{
	static const unsigned drops[] = { HPNIC_CNT_RX_ETH_TYPE, HPNIC_CNT_RX_NOT_UDP,
					  HPNIC_CNT_RX_UDP_PORT, HPNIC_CNT_RX_NOT_OURS };
	uint64_t b[HPNIC_NUM_COUNTERS], a[HPNIC_NUM_COUNTERS], dropped = 0;
	unsigned want[4], sent = 0;
	struct stream_port_stats st;
	char ans[INTEROP_LINE];

	drain(s, b);
	if (!check(ask(s, ans, sizeof(ans), "NOISE %u", NOISE_COUNT) &&
		   sscanf(ans, "OK sent=%u eth_type=%u not_udp=%u udp_port=%u not_ours=%u", &sent,
			  &want[0], &want[1], &want[2], &want[3]) == 5,
		   "the guest sends %u frames hpnic cannot use: %s", 7 * NOISE_COUNT, ans))
		return;
	drain(s, a);
	for (unsigned i = 0; i < 4; i++)
		check(a[drops[i]] - b[drops[i]] >= want[i], "dropped as %s: %" PRIu64 " (the guest "
		      "sent %u such, its kernel may add more)", hpnic_counter_name(drops[i]),
		      a[drops[i]] - b[drops[i]], want[i]);

	/* every frame in is admitted or dropped for exactly one reason (ICRC
	 * failures are admitted frames, dropped later) */
	TRY(hpnic_sim_stream_stats(&st));
	for (unsigned i = HPNIC_CNT_RX_MAC_ERR; i <= HPNIC_CNT_RX_PAY_LEN; i++)
		dropped += a[i];
	check(a[HPNIC_CNT_MAC_RX_FRAMES] == st.rx_frames && !a[HPNIC_CNT_MAC_RX_ERRORS],
	      "every frame from the socket reached the NIC: %" PRIu64 " in, the MAC took %" PRIu64
	      " (%" PRIu64 " errors)", st.rx_frames, a[HPNIC_CNT_MAC_RX_FRAMES],
	      a[HPNIC_CNT_MAC_RX_ERRORS]);
	check(a[HPNIC_CNT_RX_FRAMES] + dropped == a[HPNIC_CNT_MAC_RX_FRAMES],
	      "each accounted for: %" PRIu64 " admitted + %" PRIu64 " dropped = %" PRIu64,
	      a[HPNIC_CNT_RX_FRAMES], dropped, a[HPNIC_CNT_MAC_RX_FRAMES]);
	check(!a[HPNIC_CNT_RX_ICRC] && !a[HPNIC_CNT_RX_IP_CSUM] && !a[HPNIC_CNT_RX_PAY_LEN] &&
	      !a[HPNIC_CNT_RX_UDP_LEN] && !a[HPNIC_CNT_RX_IP_LEN] && !a[HPNIC_CNT_RX_FULL],
	      "none of rxe's frames dropped as malformed: ICRC %" PRIu64 ", IPv4 checksum %" PRIu64
	      ", lengths %" PRIu64 "/%" PRIu64 "/%" PRIu64 ", FIFO full %" PRIu64,
	      a[HPNIC_CNT_RX_ICRC], a[HPNIC_CNT_RX_IP_CSUM], a[HPNIC_CNT_RX_PAY_LEN],
	      a[HPNIC_CNT_RX_UDP_LEN], a[HPNIC_CNT_RX_IP_LEN], a[HPNIC_CNT_RX_FULL]);
	printf(NAME ": after the noise, a WRITE and a READ each way\n");
	hpnic_requests(s, 4096);
	rxe_requests(s, 4096);
}

static void bad_rkey(struct side *s)
{
	uint64_t b[HPNIC_NUM_COUNTERS], a[HPNIC_NUM_COUNTERS];
	struct hpnic_async_event ev = { 0 };
	struct hpnic_qp_attr qa;
	char ans[INTEROP_LINE];
	bool got = false;

	read_counters(s, b);
	check(ask(s, ans, sizeof(ans), "BADKEY 0 64"), "rxe WRITE with a wrong R_Key: %s", ans);
	for (int k = 0; k < 100 && !got; k++) {
		int r = hpnic_get_async_event(s->dev, &ev);

		TRY(r);
		got = r == 1;
		if (!got)
			hpnic_sim_run(256);
	}
	read_counters(s, a);
	check(a[HPNIC_CNT_RX_ACCESS_ERR] - b[HPNIC_CNT_RX_ACCESS_ERR] == 1 &&
	      a[HPNIC_CNT_RX_WRITES] == b[HPNIC_CNT_RX_WRITES],
	      "hpnic NAKed it (rx_access_err +%" PRIu64 ") and wrote nothing (rx_writes +%" PRIu64 ")",
	      a[HPNIC_CNT_RX_ACCESS_ERR] - b[HPNIC_CNT_RX_ACCESS_ERR],
	      a[HPNIC_CNT_RX_WRITES] - b[HPNIC_CNT_RX_WRITES]);
	TRY(hpnic_query_qp(s->qp, &qa));
	check(got && ev.type == HPNIC_EVENT_QP_ACCESS_ERR && ev.qp == s->qp &&
	      qa.qp_state == HPNIC_QPS_ERR, "hpnic's responder: event %d on QP %u, the QP in %s",
	      got ? (int)ev.type : -1, ev.num, qa.qp_state == HPNIC_QPS_ERR ? "ERR" : "not ERR");
}

/* BYE, and the guest's verdict (answers to commands this side gave up on
 * may come first: they are skipped) */
static void bye(struct side *s)
{
	char ans[INTEROP_LINE] = "";
	double end = interop_now() + opt.wait_s;
	int r = interop_putline(s->rd.fd, "BYE") ? -1 : 0;

	while (!r || (r == 1 && strncmp(ans, "VERDICT ", 8))) {
		int left = (int)((end - interop_now()) * 1000);

		r = left > 0 ? interop_getline(&s->rd, ans, sizeof(ans), left, run_sim, NULL) : 0;
		if (r != 1)
			break;
	}
	if (r != 1)
		snprintf(ans, sizeof(ans), "VERDICT none (%s)", r < 0 ? "the guest went away" :
			 "no answer in time");
	check(!strncmp(ans, "VERDICT OK", 10), "the guest's verdict: %s", ans + 8);
}

/* the peer gone under an outstanding WRITE: retry exceeded, nothing hangs */
static void eof(struct side *s)
{
	uint64_t b[HPNIC_NUM_COUNTERS], a[HPNIC_NUM_COUNTERS], c0, cyc = 0, eof_cyc = 0, eof_tmo = 0;
	struct stream_port_stats st0, st;
	struct hpnic_wc wc;
	double t0, t;
	int n = 0;

	/* a new connection of this QP; rxe's QP stays in ERR and drops what comes */
	s->psn = (uint32_t)rnd() & 0xffffff;
	connect_qp(s);
	read_counters(s, b);
	TRY(hpnic_sim_stream_stats(&st0));
	t0 = interop_now();
	c0 = hpnic_sim_cycle();
	TRY(hpnic_post_write(s->qp, 3, s->mr, s->buf, 65536, s->gva, s->grkey, 0));
	for (int k = 0; k < 1000; k++) {
		hpnic_sim_run(64);
		TRY(hpnic_sim_stream_stats(&st));
		if (st.tx_frames >= st0.tx_frames + 16)
			break;
	}
	check(st.tx_frames >= st0.tx_frames + 16, "a 64 KiB WRITE is on the wire (%" PRIu64
	      " frames out so far), unanswered", st.tx_frames - st0.tx_frames);
	/* the guest leaves: rxe_peer exits, the guest powers off, QEMU closes the socket */
	bye(s);
	/* until the completion; note when the socket closes, and how many
	 * timeouts the QP had taken by then */
	for (;;) {
		n = hpnic_poll_cq(s->cq, 1, &wc);
		TRY(n);
		TRY(hpnic_sim_stream_stats(&st));
		if (st.eofs && !eof_cyc) {
			eof_cyc = hpnic_sim_cycle() - c0;
			read_counters(s, a);
			eof_tmo = a[HPNIC_CNT_TX_TIMEOUTS] - b[HPNIC_CNT_TX_TIMEOUTS];
		}
		if (n == 1 || interop_now() - t0 > opt.wait_s)
			break;
	}
	t = interop_now() - t0;
	cyc = hpnic_sim_cycle() - c0;
	read_counters(s, a);
	TRY(hpnic_sim_stream_stats(&st));
	check(st.eofs == 1, "the guest's socket closed (EOF seen %.1f us after the post, %" PRIu64
	      " retransmit timeouts by then)", eof_cyc / 250.0, eof_tmo);
	check(n == 1 && wc.status == HPNIC_WC_RETRY_EXC_ERR, "the WRITE completed: %s after "
	      "%.1f us simulated (%.1f s), %" PRIu64 " retransmit timeouts in all, %" PRIu64
	      " frames dropped with no peer", n == 1 ? wc_str((int)wc.status) : "nothing",
	      cyc / 250.0, t, a[HPNIC_CNT_TX_TIMEOUTS] - b[HPNIC_CNT_TX_TIMEOUTS], st.tx_dropped);
	check(a[HPNIC_CNT_TX_FATAL] - b[HPNIC_CNT_TX_FATAL] == 1, "the QP failed once (tx_fatal "
	      "+%" PRIu64 ")", a[HPNIC_CNT_TX_FATAL] - b[HPNIC_CNT_TX_FATAL]);
}

static void report(struct side *s)
{
	static const unsigned show[] = {
		HPNIC_CNT_MAC_RX_FRAMES, HPNIC_CNT_MAC_TX_FRAMES, HPNIC_CNT_RX_FRAMES,
		HPNIC_CNT_RX_WRITES, HPNIC_CNT_RX_READS, HPNIC_CNT_RX_PSN_DUP, HPNIC_CNT_RX_PSN_OOS,
		HPNIC_CNT_RX_NAK_SEQ_SENT, HPNIC_CNT_RX_ACCESS_ERR, HPNIC_CNT_RX_RESP_STRAY,
		HPNIC_CNT_RX_RESP_GAP, HPNIC_CNT_TX_TIMEOUTS, HPNIC_CNT_TX_REWINDS,
		HPNIC_CNT_TX_FATAL, HPNIC_CNT_SCHED_PKTSEND, HPNIC_CNT_RX_RNR_NAKS,
		HPNIC_CNT_RX_RECV_CPL, HPNIC_CNT_RX_RECV_ERR, HPNIC_CNT_TX_ACK_HELD,
	};
	uint64_t v[HPNIC_NUM_COUNTERS];
	struct stream_port_stats st;

	read_counters(s, v);
	TRY(hpnic_sim_stream_stats(&st));
	printf(NAME ": NIC counters:");
	for (unsigned i = 0; i < sizeof(show) / sizeof(show[0]); i++)
		printf(" %s=%" PRIu64, hpnic_counter_name(show[i]), v[show[i]]);
	printf("\n" NAME ": stream port: %" PRIu64 " frames in, %" PRIu64 " out, %" PRIu64
	       " short, %" PRIu64 " dropped; %.2f ms simulated\n", st.rx_frames, st.tx_frames,
	       st.rx_short, st.tx_dropped, hpnic_sim_cycle() / 250000.0);
}

int main(int argc, char **argv)
{
	const uint32_t sizes[] = { 1, 1023, 1024, 1025, 65536, 0 };
	struct side s = { 0 };
	double t0 = interop_now();

	setvbuf(stdout, NULL, _IOLBF, 0);
	/* a guest gone is an answer (EOF, EPIPE), not a reason to die unreported */
	signal(SIGPIPE, SIG_IGN);
	parse(argc, argv);
	printf(NAME ": seed %" PRIu64 " (rerun with --seed %" PRIu64 ")\n", opt.seed, opt.seed);
	rng = opt.seed ? opt.seed : 0x9e3779b97f4a7c15ull;

	s.rd.fd = take_guest();
	hello(&s);

	for (unsigned k = 0; k < opt.repeat && !stopped[0]; k++) {
		printf(NAME ": 1. hpnic as requester%s\n", opt.repeat > 1 ? " (repeated)" : "");
		/* every size: WRITE, READ, and a SEND (every other one with
		 * immediate: ONLY, FIRST/MIDDLE/LAST, ONLY and LAST with it) */
		for (unsigned i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
			hpnic_requests(&s, sizes[i] ? sizes[i] : (uint32_t)opt.max);
			hpnic_send(&s, sizes[i] ? sizes[i] : (uint32_t)opt.max, i & 1);
		}
		hpnic_write_imm(&s, 1024);
		hpnic_write_imm(&s, MANY_LEN);
		hpnic_reads(&s, reads_at_once(&s), MANY_LEN);
		hpnic_mixed(&s);
		/* beyond its limit: the READs past the 16th wait for one to
		 * retire (rxe takes 16 at most: max_dest_rd_atomic) */
		if (opt.reads && s.grd >= MAX_READS)
			hpnic_reads(&s, MAX_READS + 4, 4096);
		printf(NAME ": 2. rxe as requester%s\n", opt.repeat > 1 ? " (repeated)" : "");
		for (unsigned i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
			rxe_requests(&s, sizes[i] ? sizes[i] : (uint32_t)opt.max);
			rxe_send(&s, sizes[i] ? sizes[i] : (uint32_t)opt.max, i & 1);
		}
		rxe_write_imm(&s, 1024);
		rxe_write_imm(&s, MANY_LEN);
		rxe_send_rnr(&s, 4096);
		rxe_reads(&s, reads_at_once(&s), MANY_LEN);
		rxe_mixed(&s);
		/* as many as rxe's QP takes, small enough to be in flight
		 * together (rxe sends no request more than 128 PSNs past its
		 * oldest unacknowledged one): hpnic's READ queue full */
		if (opt.reads && s.grd >= 2)
			rxe_reads(&s, s.grd < MAX_READS ? s.grd : MAX_READS, 8192);
	}
	pingpong(&s);
	pingpong_server(&s);
	if (!stopped[0]) {
		printf(NAME ": 4. frames hpnic cannot parse\n");
		noise(&s);
	}
	if (!stopped[0]) {
		printf(NAME ": 5. a wrong R_Key\n");
		bad_rkey(&s);
	}
	if (stopped[0]) {
		check(false, "the plan ran to its end (it stopped: %s)", stopped);
		bye(&s);
	} else if (opt.eof) {
		printf(NAME ": 6. the peer gone under an outstanding WRITE\n");
		eof(&s);
	} else {
		bye(&s);
	}
	report(&s);
	close(s.rd.fd);
	TRY(hpnic_destroy_qp(s.qp));
	TRY(hpnic_dereg_mr(s.mr));
	TRY(hpnic_destroy_cq(s.cq));
	TRY(hpnic_destroy_cq(s.rcq));
	TRY(hpnic_close(s.dev));
	free(s.buf);
	printf(NAME ": %d passed, %d failed (%.1f s)\n", passed, failed, interop_now() - t0);
	return failed ? 1 : 0;
}
