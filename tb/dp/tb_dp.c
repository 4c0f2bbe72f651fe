/* SPDX-License-Identifier: MIT */
/*
 * tb_dp: two RoCEv2 datapaths back to back (sim/dp), cycle-accurate.
 *
 *   basic       WRITE and READ at the edge sizes (1 B, pad, MTU +- 1, ...),
 *               INT off and on
 *   loss        random WRITE/READ, 1 B .. 1 MiB, both directions, several
 *               QPs, through links with loss, bit corruption and reordering;
 *               every byte checked, nothing hung
 *   protect     bad R_Key, out of bounds, no write right, no read right: a NAK,
 *               an error completion, zero bytes written (shadow memory), and
 *               a transfer on another QP unaffected
 *   fuzz        random and mutated frames into RX beside a live transfer: no
 *               hang, no write outside registered memory, the transfer intact
 *   pcap        frames of a mixed run written to PCAP for tshark and scapy
 *   --bench     one QP WRITE at 64 B .. 4 KiB payloads: line-rate fraction,
 *               and cut-through latency in cycles
 *
 * Randomized: prints its seed; --seed reruns it.
 */
#define _POSIX_C_SOURCE 200809L
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dp_harness.h"
#include "tb_util.h"
#include "roce_pkt.h"


static size_t first_diff(const uint8_t *a, const uint8_t *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (a[i] != b[i])
			return i;
	return n;
}

/* memory layout of each NIC: local buffers below MR_IOVA, the MR above */
#define MEM_MB       64
#define MR_IOVA      (32ull << 20)
#define MR_LEN       (32ull << 20)
#define MR_VA        0x7f1200000000ull
#define MR_IDX       1
#define MR_TAG       0x5a
#define RKEY         ((MR_IDX << 8) | MR_TAG)

struct opts {
	uint64_t seed;
	uint64_t packets;
	int bench;
	const char *pcap_dir;          /* the decode pcaps (loopback-{noint,int}.pcap) */
	const char *pcap;              /* every frame of the loss test */
	const char *only;              /* run one test */
	const char *fst;               /* waves of one NIC in the loss test */
	uint64_t fst_from, fst_cycles;
	int fst_nic;
	int ack_req_log2;              /* -1: the register map's reset value */
};

/* --test takes a comma-separated list */
static int want(const struct opts *o, const char *name)
{
	size_t n = strlen(name);

	if (!o->only)
		return 1;
	for (const char *p = o->only; p; p = strchr(p, ',')) {
		if (*p == ',')
			p++;
		if (!strncmp(p, name, n) && (p[n] == ',' || !p[n]))
			return 1;
	}
	return 0;
}

/* want() for the test about to run, which gets a random stream of its own
 * (the seed and its name): --test NAME --seed N reruns it alone, whatever
 * ran before it */
static int run(const struct opts *o, const char *name)
{
	uint64_t h = 1469598103934665603ull;

	if (!want(o, name))
		return 0;
	for (const char *c = name; *c; c++)
		h = (h ^ (uint8_t)*c) * 1099511628211ull;
	tb_seed(o->seed * 0x9e3779b97f4a7c15ull + h);
	return 1;
}

static struct dp_pair *new_pair(const struct opts *o, int int_enable, double loss, double corrupt,
				double reorder, const char *pcap, int waves)
{
	struct dp_cfg c;
	struct dp_pair *d;

	dp_cfg_default(&c);
	c.mem_mb = MEM_MB;
	c.int_enable = int_enable;
	c.pcap_path = pcap;
	if (waves && o->fst) {
		c.fst_path = o->fst;
		c.fst_from = o->fst_from;
		c.fst_cycles = o->fst_cycles;
		c.fst_nic = o->fst_nic;
	}
	c.seed = o->seed;
	if (o->ack_req_log2 >= 0)
		c.ack_req_log2 = (unsigned)o->ack_req_log2;
	c.dma_rd_idle = 0.05;
	c.dma_wr_stall = 0.05;
	c.pktsend_idle = 0.05;
	for (int i = 0; i < 2; i++) {
		c.link[i].p_loss = loss;
		c.link[i].p_corrupt = corrupt;
		c.link[i].p_reorder = reorder;
		c.link[i].prop_delay_ps = 500000;     /* 0.5 us */
		c.link[i].seed = o->seed * 2 + i + 1;
	}
	d = dp_new_or_exit(&c, "tb_dp");
	for (int n = 0; n < 2; n++)
		dp_mr(d, n, MR_IDX, MR_TAG, DP_ACC_REMOTE_WRITE | DP_ACC_REMOTE_READ, MR_VA, MR_LEN,
		      MR_IOVA);
	return d;
}

/* one WQE the test tracks until its completion */
enum { OP_WRITE, OP_READ, OP_SEND, OP_SEND_IMM, OP_WRITE_IMM };
static const char *const op_name[] = { "WRITE", "READ", "SEND", "SEND_IMM", "WRITE_IMM" };

struct job {
	int nic;                       /* the requester */
	unsigned qpn;
	unsigned peer;                 /* the QP it talks to */
	int op;                        /* OP_*: WRITE and READ by w.read alone */
	uint32_t imm;
	struct dp_wqe w;
	uint64_t seed;
	uint64_t loc, rem;             /* local IO address, remote IO address (a SEND's buffer) */
	int done;
	int rdone;                     /* SEND, WRITE with immediate: the peer's receive completion */
	unsigned status;
};

/* the job's operation, READs and WRITEs of the tests that set only w.read too */
static int jop(const struct job *j)
{
	return j->w.read ? OP_READ : j->op;
}

/* jobs run by operation, and receive completions checked, this run */
static uint64_t ops_run[5], rcpls_checked;

static int job_recv(const struct job *j)
{
	return j->op >= OP_SEND;
}

/* the job's destination holds its bytes */
static int job_data_ok(struct dp_pair *d, const struct job *j)
{
	const uint8_t *dst = j->w.read ? dp_mem(d, j->nic) + j->loc : dp_mem(d, !j->nic) + j->rem;
	uint8_t *want = malloc(j->w.len ? j->w.len : 1);
	int ok;

	tb_fill(want, j->w.len, j->seed);
	ok = first_diff(dst, want, j->w.len) == j->w.len;
	free(want);
	return ok;
}

/* post a batch, wait for every completion, check every byte */
static int run_batch(struct dp_pair *d, struct job *j, size_t n, const unsigned qmap[2][64],
		     uint64_t budget_cycles, const char *what)
{
	size_t left = n;
	uint64_t start = dp_cycle(d);
	int bad = 0;

	for (size_t i = 0; i < n; i++) {
		uint8_t *lm = dp_mem(d, j[i].nic), *rm = dp_mem(d, !j[i].nic);

		if (j[i].w.read) {
			tb_fill(rm + j[i].rem, j[i].w.len, j[i].seed);
			memset(lm + j[i].loc, 0xee, j[i].w.len);
			dp_allow_write(d, j[i].nic, j[i].loc, j[i].w.len);
		} else {
			tb_fill(lm + j[i].loc, j[i].w.len, j[i].seed);
			memset(rm + j[i].rem, 0xee, j[i].w.len);
		}
		if (j[i].op == OP_SEND || j[i].op == OP_SEND_IMM) {
			/* the peer's receive buffer, a little larger than the SEND */
			dp_allow_write(d, !j[i].nic, j[i].rem, j[i].w.len);
			dp_post_recv(d, !j[i].nic, j[i].peer, j[i].rem, j[i].w.len + (uint32_t)rndr(64));
		} else if (j[i].op == OP_WRITE_IMM) {
			dp_post_recv(d, !j[i].nic, j[i].peer, 0, 0);
		}
		if (job_recv(&j[i]))
			left++;
		ops_run[jop(&j[i])]++;
		dp_post_op(d, j[i].nic, j[i].qpn, &j[i].w, j[i].op == OP_SEND || j[i].op == OP_SEND_IMM,
			   j[i].op == OP_SEND_IMM || j[i].op == OP_WRITE_IMM, j[i].imm);
	}
	while (left && dp_cycle(d) - start < budget_cycles) {
		struct dp_cpl c;

		/* nothing on the wires or host streams for this long: a hang
		 * (the retransmit timer alone moves a packet every RTO) */
		if (dp_quiet(d) > (1u << 20)) {
			fprintf(stderr, "  %s: nothing moved for %" PRIu64 " cycles: hang\n", what,
				dp_quiet(d));
			break;
		}
		dp_run(d, 256);
		if (((dp_cycle(d) - start) & ((1u << 22) - 1)) < 256)
			fprintf(stderr, "  %s: cycle %" PRIu64 ", %zu of %zu jobs open\n", what,
				dp_cycle(d) - start, left, n);
		for (int nic = 0; nic < 2; nic++) {
			struct dp_rcpl rc;

			/* receive completions in order per QP: the oldest open
			 * SEND or WRITE with immediate towards it */
			while (dp_poll_recv(d, nic, &rc)) {
				size_t i;

				for (i = 0; i < n; i++)
					if (j[i].nic != nic && j[i].peer == rc.qpn && job_recv(&j[i]) &&
					    !j[i].rdone)
						break;
				if (i == n) {
					if (bad++ < 5)
						fprintf(stderr, "  %s: receive completion on nic %d qp %u idx %u "
							"with none expected\n", what, nic, rc.qpn, rc.idx);
					continue;
				}
				j[i].rdone = 1;
				left--;
				rcpls_checked++;
				if ((rc.status || rc.byte_len != j[i].w.len ||
				     rc.wimm != (j[i].op == OP_WRITE_IMM) ||
				     rc.imm_valid != (j[i].op != OP_SEND) ||
				     (rc.imm_valid && rc.imm != j[i].imm) ||
				     (j[i].op != OP_WRITE_IMM && !job_data_ok(d, &j[i]))) && bad++ < 5)
					fprintf(stderr, "  %s: job %zu (nic %d qp %u %s %u B imm %08x): receive "
						"completion status %u bytes %u wimm %u imm %u/%08x%s\n", what, i,
						j[i].nic, j[i].qpn, op_name[jop(&j[i])], j[i].w.len, j[i].imm,
						rc.status, rc.byte_len, rc.wimm, rc.imm_valid, rc.imm,
						job_data_ok(d, &j[i]) ? "" : ", data not in place");
			}
			while (dp_poll(d, nic, &c)) {
				/* completions come in order per QP: the oldest open job */
				for (size_t i = 0; i < n; i++) {
					if (j[i].nic == nic && j[i].qpn == c.qpn && !j[i].done) {
						j[i].done = 1;
						j[i].status = c.status;
						left--;
						/* a good completion means the data is in place now,
						 * not later: the user may reuse the buffer */
						if (!c.status && !job_data_ok(d, &j[i]) && bad++ < 5)
							fprintf(stderr, "  %s: job %zu (nic %d qp %u %s %u B) completed "
								"at cycle %" PRIu64 " before its data was in place\n",
								what, i, j[i].nic, j[i].qpn,
								op_name[jop(&j[i])], j[i].w.len, c.cycle);
						break;
					}
				}
			}
		}
	}
	for (size_t i = 0; i < n; i++) {
		const uint8_t *dst = j[i].w.read ? dp_mem(d, j[i].nic) + j[i].loc
						 : dp_mem(d, !j[i].nic) + j[i].rem;
		uint8_t *want = malloc(j[i].w.len ? j[i].w.len : 1);
		size_t at;

		if (!j[i].done || (job_recv(&j[i]) && !j[i].rdone)) {
			if (bad++ < 5)
				fprintf(stderr, "  %s: job %zu (nic %d qp %u %s %u B) never completed%s\n",
					what, i, j[i].nic, j[i].qpn, op_name[jop(&j[i])], j[i].w.len,
					j[i].done ? " at the receiver" : "");
			free(want);
			continue;
		}
		tb_fill(want, j[i].w.len, j[i].seed);
		at = first_diff(dst, want, j[i].w.len);
		if (j[i].status || at != j[i].w.len) {
			if (bad++ < 5)
				fprintf(stderr, "  %s: job %zu (nic %d qp %u %s %u B) status %u, first bad byte %zu\n",
					what, i, j[i].nic, j[i].qpn, op_name[jop(&j[i])], j[i].w.len,
					j[i].status, at);
		}
		free(want);
	}
	(void)qmap;
	return bad;
}


static void print_stats(struct dp_pair *d)
{
	for (int nic = 0; nic < 2; nic++) {
		struct dp_nic_stats s;

		dp_stats(d, nic, &s);
		printf("  nic%d: %" PRIu64 " frames out, %" PRIu64 " in; Notify %" PRIu64 "; %" PRIu64
		       " ACK/NAKs out, %" PRIu64 " requests out (%" PRIu64 " with AckReq), %u executed"
		       " without an ACK;", nic, s.tx_frames, s.rx_frames, s.notify, s.tx_acks,
		       s.tx_requests, s.tx_ack_req, s.ack_coalesced);
		for (unsigned k = 0; k < DP_NSTATS; k++)
			if (s.rtl[k] && k != 0)
				printf(" %s=%u", dp_stat_name(k), s.rtl[k]);
		printf("\n");
	}
}

/* QPs: NIC 0 QP 2 + 3i <-> NIC 1 QP 700 + 5i */
static void connect_qps(struct dp_pair *d, unsigned nq, unsigned qmap[2][64], int random_mtu)
{
	static const unsigned mtus[] = { 8, 9, 10, 12 };

	for (unsigned i = 0; i < nq; i++) {
		unsigned mtu = random_mtu ? mtus[rndr(4)] : 10;
		/* some QPs start right below the PSN wrap */
		uint32_t pa = (i & 1) ? 0xfffff0 + i : rndr(1u << 24);
		uint32_t pb = (i & 2) ? 0xffffe0 + i : rndr(1u << 24);

		qmap[0][i] = 2 + 3 * i;
		qmap[1][i] = 700 + 5 * i;
		dp_connect(d, qmap[0][i], qmap[1][i], mtu, pa, pb);
	}
}

static void test_basic(const struct opts *o, int int_enable)
{
	static const uint32_t sizes[] = { 1, 2, 3, 4, 5, 63, 64, 65, 255, 256, 257, 1023, 1024,
					  1025, 4096, 5000, 12345 };
	const size_t ns = sizeof(sizes) / sizeof(sizes[0]);
	struct dp_pair *d = new_pair(o, int_enable, 0, 0, 0, NULL, 0);
	unsigned qmap[2][64];
	struct job j[2 * 17];
	uint64_t off = 0, roff = 0;
	int bad;

	connect_qps(d, 1, qmap, 0);
	memset(j, 0, sizeof(j));
	for (size_t i = 0; i < 2 * ns; i++) {
		uint32_t len = sizes[i % ns];

		j[i].nic = 0;
		j[i].qpn = qmap[0][0];
		j[i].seed = o->seed + i;
		j[i].loc = off;
		j[i].rem = MR_IOVA + roff;
		j[i].w = (struct dp_wqe){ .read = i >= ns, .len = len, .laddr = off,
					  .raddr = MR_VA + roff, .rkey = RKEY };
		off += len + 7;                     /* odd alignments */
		roff += len + 13;
	}
	bad = run_batch(d, j, 2 * ns, (const unsigned (*)[64])qmap, 2000000, "basic");
	printf("basic (INT %s): %zu WRITEs and %zu READs of 1 B .. 12 KiB: %s\n",
	       int_enable ? "on" : "off", ns, ns, bad ? "FAILED" : "byte-exact");
	if (bad)
		print_stats(d);
	CHECK(bad == 0, "basic transfers with INT %s", int_enable ? "on" : "off");
	if (int_enable) {
		struct dp_nic_stats s;

		dp_stats(d, 0, &s);
		printf("  Notify events with INT at the requester: %" PRIu64 "\n", s.notify);
		CHECK(s.notify > 0, "INT on: ACKs must produce Notify events");
	}
	dp_free(d);
}

static void test_loss(const struct opts *o, double loss, double corrupt, double reorder,
		      uint64_t packets, int int_enable)
{
	/* --pcap and --fst trace the INT-on loss test, or the INT-off one when
	 * the INT-on one does not run */
	int trace = int_enable || !want(o, "loss-int");
	struct dp_pair *d = new_pair(o, int_enable, loss, corrupt, reorder,
				     trace ? o->pcap : NULL, trace);
	struct dp_cfg dc;

	/* CTRL.ACK_REQ.SPACING_LOG2 of the run: --ack-spacing-log2, or the
	 * harness's default (the register map's reset value) */
	dp_cfg_default(&dc);
	const int ack_log2 = o->ack_req_log2 >= 0 ? o->ack_req_log2 : (int)dc.ack_req_log2;
	unsigned qmap[2][64];
	const unsigned nq = 6;
	struct job j[48];
	uint64_t sent = 0;
	time_t t0 = time(NULL);
	int bad = 0, batches = 0;

	connect_qps(d, nq, qmap, 1);
	while (sent < packets && !bad) {
		uint64_t loc[2] = { 0, 0 }, rem[2] = { 0, 0 };
		size_t n = 8 + rndr(40);
		struct dp_nic_stats s0, s1;

		memset(j, 0, sizeof(j));
		for (size_t i = 0; i < n; i++) {
			int nic = rndr(2);
			/* log-uniform 1 B .. 1 MiB, but at most 16 MiB a batch per side */
			uint32_t len = (uint32_t)(1u << rndr(21));

			len = len + rndr(len);
			if (len > (1u << 20))
				len = 1u << 20;
			if (loc[nic] + len > MR_IOVA - 4096 || rem[nic] + len > MR_LEN - 4096)
				continue;
			unsigned k = rndr(nq), op = rndr(20);

			j[i].nic = nic;
			j[i].qpn = qmap[nic][k];
			j[i].peer = qmap[!nic][k];
			/* WRITE, READ, SEND with and without an immediate, WRITE with
			 * an immediate: 7 : 5 : 4 : 2 : 2 */
			j[i].op = op < 7 ? OP_WRITE : op < 12 ? OP_READ : op < 16 ? OP_SEND :
				  op < 18 ? OP_SEND_IMM : OP_WRITE_IMM;
			j[i].imm = (uint32_t)rnd();
			j[i].seed = rnd();
			j[i].loc = loc[nic] + rndr(64);
			j[i].rem = MR_IOVA + rem[nic] + rndr(64);
			j[i].w = (struct dp_wqe){ .read = j[i].op == OP_READ, .len = len, .laddr = j[i].loc,
						  .raddr = MR_VA + (j[i].rem - MR_IOVA), .rkey = RKEY };
			loc[nic] = j[i].loc + len + 64;
			rem[nic] = j[i].rem - MR_IOVA + len + 64;
		}
		/* skipped slots are holes: compact */
		size_t m = 0;

		for (size_t i = 0; i < n; i++)
			if (j[i].w.len)
				j[m++] = j[i];
		bad = run_batch(d, j, m, (const unsigned (*)[64])qmap, 40000000, "loss");
		batches++;
		if (bad)
			print_stats(d);
		dp_stats(d, 0, &s0);
		dp_stats(d, 1, &s1);
		sent = s0.tx_frames + s1.tx_frames;
		fprintf(stderr, "  [%3.0f%%] %" PRIu64 " packets, %d batches, cycle %" PRIu64 " (%lds)\n",
			/* a batch can overshoot the target: the last one reads 100% */
			100.0 * (double)(sent < packets ? sent : packets) / (double)packets, sent,
			batches, dp_cycle(d),
			(long)(time(NULL) - t0));
	}
	printf("loss %.1f%%, corruption %.1f%%, reordering %.1f%% (INT %s): %" PRIu64
	       " packets, %d batches, %" PRIu64 " cycles: %s\n", 100 * loss, 100 * corrupt,
	       100 * reorder, int_enable ? "on" : "off", sent, batches, dp_cycle(d),
	       bad ? "FAILED" : "every byte exact");
	printf("  jobs so far: %" PRIu64 " WRITE, %" PRIu64 " READ, %" PRIu64 " SEND, %" PRIu64
	       " SEND with immediate, %" PRIu64 " WRITE with immediate; %" PRIu64 " receive "
	       "completions checked (bytes, immediate, in order)\n", ops_run[OP_WRITE],
	       ops_run[OP_READ], ops_run[OP_SEND], ops_run[OP_SEND_IMM], ops_run[OP_WRITE_IMM],
	       rcpls_checked);
	print_stats(d);
	for (int dir = 0; dir < 2; dir++) {
		struct link_stats ls;

		dp_link_stats(d, dir, &ls);
		printf("  link %d->%d: %" PRIu64 " sent, %" PRIu64 " lost, %" PRIu64 " corrupted, %"
		       PRIu64 " reordered\n", dir, !dir, ls.sent, ls.lost, ls.corrupted, ls.reordered);
	}
	CHECK(bad == 0, "transfers over an impaired link");
	/* the AckReq policy (docs/wire.md): with INT every request asks, and
	 * without at a spacing no larger than the smallest MTU (64); at a
	 * spacing beyond the largest MTU (4096; the reset value, 8 KiB, is)
	 * multi-packet messages leave packets that a later ACK covers */
	for (int nic = 0; nic < 2; nic++) {
		struct dp_nic_stats s;

		dp_stats(d, nic, &s);
		if (int_enable || ack_log2 <= 6)
			CHECK(s.tx_ack_req == s.tx_requests && s.ack_coalesced == 0,
			      "nic%d: %" PRIu64 " of %" PRIu64 " requests with AckReq, %u without an ACK",
			      nic, s.tx_ack_req, s.tx_requests, s.ack_coalesced);
		else if (ack_log2 > 12)
			CHECK(s.tx_ack_req < s.tx_requests && s.ack_coalesced > 0,
			      "nic%d: %" PRIu64 " of %" PRIu64 " requests with AckReq, %u without an ACK:"
			      " none coalesced", nic, s.tx_ack_req, s.tx_requests, s.ack_coalesced);
	}
	dp_free(d);
}

/* memory protection: each violation on its own QP (the QP fails), a clean
 * transfer beside them, and a shadow copy of the responder's memory */
static void test_protect(const struct opts *o)
{
	struct dp_pair *d = new_pair(o, 0, 0, 0, 0, NULL, 0);
	unsigned qmap[2][64];
	uint8_t *m1 = dp_mem(d, 1);
	size_t msz = dp_mem_size(d);
	uint8_t *shadow = malloc(msz);
	const uint64_t ro_iova = 8ull << 20, wo_iova = 12ull << 20, ro_va = 0x10000000, wo_va = 0x20000000;
	struct job j[6];
	int bad = 0;

	connect_qps(d, 6, qmap, 0);
	/* a read-only and a write-only region beside the read-write one */
	dp_mr(d, 1, 2, 0x21, DP_ACC_REMOTE_READ, ro_va, 1 << 20, ro_iova);
	dp_mr(d, 1, 3, 0x22, DP_ACC_REMOTE_WRITE, wo_va, 1 << 20, wo_iova);
	tb_fill(m1, msz, o->seed ^ 0x55);
	memset(j, 0, sizeof(j));
	for (int i = 0; i < 6; i++) {
		j[i].nic = 0;
		j[i].qpn = qmap[0][i];
		j[i].seed = o->seed + 100 + i;
		j[i].loc = 0x100000 * (i + 1);
	}
	/* 0: the clean transfer */
	j[0].rem = MR_IOVA + 0x1000;
	j[0].w = (struct dp_wqe){ 0, 20000, j[0].loc, MR_VA + 0x1000, RKEY };
	/* 1: wrong tag */
	j[1].w = (struct dp_wqe){ 0, 3000, j[1].loc, MR_VA + 0x9000, (MR_IDX << 8) | (MR_TAG ^ 1) };
	/* 2: past the end of the region */
	j[2].w = (struct dp_wqe){ 0, 3000, j[2].loc, MR_VA + MR_LEN - 1000, RKEY };
	/* 3: a WRITE to the read-only region */
	j[3].w = (struct dp_wqe){ 0, 3000, j[3].loc, ro_va + 64, (2 << 8) | 0x21 };
	/* 4: a READ from the write-only region */
	j[4].w = (struct dp_wqe){ 1, 3000, j[4].loc, wo_va + 64, (3 << 8) | 0x22 };
	/* 5: an index with no region */
	j[5].w = (struct dp_wqe){ 0, 100, j[5].loc, 0x1000, (77 << 8) | 0x01 };
	for (int i = 1; i < 6; i++)
		tb_fill(dp_mem(d, 0) + j[i].loc, j[i].w.len, j[i].seed);
	tb_fill(dp_mem(d, 0) + j[0].loc, j[0].w.len, j[0].seed);
	dp_allow_write(d, 0, j[4].loc, j[4].w.len);
	memcpy(shadow, m1, msz);
	for (int i = 0; i < 6; i++)
		dp_post(d, 0, j[i].qpn, &j[i].w);
	for (int t = 0; t < 4000; t++) {
		struct dp_cpl c;
		int left = 0;

		dp_run(d, 256);
		while (dp_poll(d, 0, &c))
			for (int i = 0; i < 6; i++)
				if (j[i].qpn == c.qpn && !j[i].done) {
					j[i].done = 1;
					j[i].status = c.status;
				}
		for (int i = 0; i < 6; i++)
			left += !j[i].done;
		if (!left)
			break;
	}
	/* the clean WRITE landed; nothing else in the responder's memory moved */
	tb_fill(shadow + j[0].rem, j[0].w.len, j[0].seed);
	for (int i = 0; i < 6; i++) {
		int want_err = i != 0;

		if (!j[i].done || (want_err ? j[i].status != 1 : j[i].status != 0)) {
			fprintf(stderr, "  protect case %d: done %d status %u\n", i, j[i].done, j[i].status);
			bad++;
		}
	}
	size_t at = first_diff(m1, shadow, msz);
	struct dp_nic_stats s1;

	dp_stats(d, 1, &s1);
	printf("protect: wrong tag, out of bounds, WRITE to read-only, READ from write-only, no region:"
	       " %s; NAKs %u; bytes changed outside the clean transfer: %s\n",
	       bad ? "FAILED" : "error completions", s1.rtl[23],
	       at == msz ? "none" : "SOME");
	CHECK(bad == 0, "protection cases");
	CHECK(at == msz, "responder memory changed at offset %zu", at);
	CHECK(s1.rtl[23] == 5, "expected 5 access-error NAKs, got %u", s1.rtl[23]);
	CHECK(s1.dma_wr_outside == 0, "writes outside registered memory");
	free(shadow);
	dp_free(d);
}

/* random and mutated frames into NIC 1 beside a live transfer on a QP whose
 * region the fuzzer never names. The fuzzed QPs are in PD 1; six regions
 * of 64 pages each, in PDs 1 and 2, sit behind the MTT with their pages in
 * shuffled order. Damaged and random frames to QPs 2 and 3 name a PD 1
 * region, a PD 2 region or the shared one in PD 0 (both refused), or a
 * random key; a quarter of the frames are clean WRITEs in sequence on QP 1
 * into the PD 1 regions, which must land byte-exact. Only the PD 1 regions
 * and the clean transfer's may be written. */
#define FZ_REGIONS 6
#define FZ_PAGES   64
#define FZ_MR0     8
#define FZ_IO      (8ull << 20)
#define FZ_VA      0x500000000000ull

static void test_fuzz(const struct opts *o, uint64_t frames)
{
	uint8_t fz_tag[FZ_REGIONS];
	static unsigned perm[FZ_REGIONS][FZ_PAGES];
	static uint8_t shadow[FZ_REGIONS][FZ_PAGES * 4096];
	uint32_t steady_psn = 0xfffff1;     /* connect_qps: QP 1's first PSN */
	uint64_t steady = 0, steady_bytes = 0;
	struct dp_pair *d = new_pair(o, 0, 0, 0, 0, NULL, 0);
	unsigned qmap[2][64];
	const unsigned legit_mr = 5;
	const uint8_t legit_tag = 0xc3;
	const uint64_t legit_iova = 20ull << 20, legit_va = 0x3000000000ull;
	uint8_t buf[9300];
	uint64_t injected = 0;
	struct job j[1];
	struct dp_nic_stats s1;
	int bad;

	connect_qps(d, 4, qmap, 0);
	/* the clean transfer's region is not in the shared MR's range of use */
	dp_mr(d, 1, legit_mr, legit_tag, DP_ACC_REMOTE_WRITE, legit_va, 4 << 20, legit_iova);
	/* only it and the PD 1 regions may be written */
	dp_allow_clear(d, 1);
	dp_allow_write(d, 1, legit_iova, 4 << 20);
	for (int k = 1; k < 4; k++)
		dp_qp_pd(d, 1, qmap[1][k], 1);
	for (unsigned r = 0; r < FZ_REGIONS; r++) {
		uint64_t io = FZ_IO + (uint64_t)r * FZ_PAGES * 4096;

		fz_tag[r] = (uint8_t)(1 + rndr(255));
		for (unsigned k = 0; k < FZ_PAGES; k++)
			perm[r][k] = k;
		for (unsigned k = FZ_PAGES - 1; k > 0; k--) {
			unsigned x = rndr(k + 1), t = perm[r][k];

			perm[r][k] = perm[r][x];
			perm[r][x] = t;
		}
		memset(shadow[r], 0, sizeof(shadow[r]));
		for (unsigned k = 0; k < FZ_PAGES; k++)
			dp_mtt(d, 1, r * FZ_PAGES + k, io + (uint64_t)perm[r][k] * 4096);
		dp_mr_pd(d, 1, FZ_MR0 + r, fz_tag[r], DP_ACC_REMOTE_WRITE | DP_ACC_REMOTE_READ,
			 FZ_VA + ((uint64_t)r << 20), FZ_PAGES * 4096,
			 1ull << 63 | (uint64_t)r * FZ_PAGES << 12, 1 + (r & 1));
		if (!(r & 1))
			dp_allow_write(d, 1, io, FZ_PAGES * 4096);
	}
	memset(j, 0, sizeof(j));
	j[0].nic = 0;
	j[0].qpn = qmap[0][0];
	j[0].seed = o->seed ^ 0xf00;
	j[0].loc = 0x40000;
	j[0].rem = legit_iova + 0x100;
	j[0].w = (struct dp_wqe){ 0, 3u << 20, j[0].loc, legit_va + 0x100,
				  (legit_mr << 8) | legit_tag };
	tb_fill(dp_mem(d, 0) + j[0].loc, j[0].w.len, j[0].seed);
	dp_post(d, 0, j[0].qpn, &j[0].w);

	while (injected < frames) {
		size_t len;

		if (rndr(4) == 0) {
			/* QP 1 only ever gets these: clean WRITEs in sequence into
			 * a PD 1 region, which land through its shuffled pages */
			struct roce_pkt p;
			uint8_t pay[1024];
			unsigned r = 2 * rndr(FZ_REGIONS / 2), plen = 1 + rndr(1024);
			unsigned off = rndr(FZ_PAGES * 4096 - plen + 1);

			for (unsigned k = 0; k < plen; k++)
				pay[k] = (uint8_t)rnd();
			roce_pkt_init(&p, 0x0a, qmap[1][1], steady_psn);
			p.dst_mac[0] = 0x02;
			p.dst_mac[5] = 0x11;
			p.dst_ip = 0x0a000002;
			p.src_ip = 0x0a000001;
			p.src_mac[0] = 0x02;
			p.src_mac[5] = 0x10;
			p.va = FZ_VA + ((uint64_t)r << 20) + off;
			p.rkey = (FZ_MR0 + r) << 8 | fz_tag[r];
			p.dma_len = plen;
			p.payload = pay;
			p.payload_len = plen;
			if (roce_build(&p, buf, sizeof(buf), &len))
				continue;
			memcpy(&shadow[r][off], pay, plen);
			steady_psn = (steady_psn + 1) & 0xffffff;
			steady++;
			steady_bytes += plen;
		} else if (rndr(3) == 0) {
			/* noise */
			len = 1 + rndr(200 + rndr(9000));
			if (len > sizeof(buf))
				len = sizeof(buf);
			for (size_t k = 0; k < len; k++)
				buf[k] = (uint8_t)rnd();
		} else {
			/* a well-formed RoCE frame to one of the fuzz QPs, then damaged */
			static const uint8_t ops[] = { 0x06, 0x07, 0x08, 0x0a, 0x0c, 0x0d, 0x0e, 0x0f,
						       0x10, 0x11 };
			struct roce_pkt p;
			uint8_t pay[4096];
			unsigned plen = rndr(4) ? rndr(1100) : 0;

			for (unsigned k = 0; k < plen; k++)
				pay[k] = (uint8_t)rnd();
			roce_pkt_init(&p, ops[rndr(10)], qmap[1][2 + rndr(2)], rndr(1u << 24));
			p.dst_mac[0] = 0x02;
			p.dst_mac[5] = 0x11;
			p.dst_ip = 0x0a000002;
			p.src_ip = 0x0a000001;
			p.src_mac[0] = 0x02;
			p.src_mac[5] = 0x10;
			switch (rndr(10)) {
			case 0: case 1: case 2: case 3: {   /* a region of the fuzzed QPs' PD, or PD 2 */
				unsigned r = rndr(FZ_REGIONS);

				p.va = FZ_VA + ((uint64_t)r << 20) + rndr(FZ_PAGES * 4096 + 4096);
				p.rkey = (FZ_MR0 + r) << 8 | (rndr(8) ? fz_tag[r] : (uint8_t)rnd());
				break;
			}
			case 4: case 5:                     /* the shared region, of PD 0 */
				p.va = MR_VA + rndr(MR_LEN);
				p.rkey = RKEY;
				break;
			default:
				p.va = rndr(2) ? MR_VA + rndr(MR_LEN) : rnd();
				p.rkey = (uint32_t)rnd();
				break;
			}
			p.dma_len = rndr(2) ? plen : (uint32_t)rnd();
			p.syndrome = (uint8_t)rnd();
			p.payload = pay;
			p.payload_len = plen;
			if (roce_build(&p, buf, sizeof(buf), &len))
				continue;
			switch (rndr(4)) {
			case 0:                     /* flip bits */
				for (unsigned k = 1 + rndr(4); k; k--)
					buf[rndr((uint32_t)len)] ^= (uint8_t)(1u << rndr(8));
				break;
			case 1:                     /* truncate or extend */
				len = rndr(2) ? 1 + rndr((uint32_t)len) : len + rndr(200);
				if (len > sizeof(buf))
					len = sizeof(buf);
				break;
			case 2:                     /* overwrite a header byte, fix the sums */
				buf[14 + rndr(60)] = (uint8_t)rnd();
				roce_frame_fix(buf, len, 0);
				break;
			default:                    /* untouched: a semantically odd but valid frame */
				break;
			}
			/* never name the clean transfer's region */
			if (len >= 66 && (((uint32_t)buf[62] << 24 | (uint32_t)buf[63] << 16 | (uint32_t)buf[64] << 8 | buf[65]) ==
					  ((legit_mr << 8) | legit_tag))) {
				buf[65] ^= 0xff;
			}
		}
		dp_inject(d, 1, buf, len);
		injected++;
		if (injected % (frames / 10 ? frames / 10 : 1) == 0)
			fprintf(stderr, "  fuzz: [%3.0f%%] %" PRIu64 " frames, cycle %" PRIu64 "\n",
				100.0 * (double)injected / (double)frames, injected, dp_cycle(d));
		/* at about half the line rate, beside the clean transfer: a link
		 * cannot deliver faster than its rate (dp_inject would) */
		dp_run(d, 1 + (len + 24) / 25);
	}
	bad = run_batch(d, j, 0, (const unsigned (*)[64])qmap, 0, "fuzz");
	for (int t = 0; t < 20000 && !j[0].done; t++) {
		struct dp_cpl c;

		dp_run(d, 256);
		while (dp_poll(d, 0, &c))
			if (c.qpn == j[0].qpn) {
				j[0].done = 1;
				j[0].status = c.status;
			}
	}
	dp_run(d, 20000);
	dp_stats(d, 1, &s1);
	{
		uint8_t *want = malloc(j[0].w.len);

		tb_fill(want, j[0].w.len, j[0].seed);
		bad = !j[0].done || j[0].status ||
		      first_diff(dp_mem(d, 1) + j[0].rem, want, j[0].w.len) != j[0].w.len;
		free(want);
	}
	{
		const uint8_t *m1 = dp_mem(d, 1);
		int diff = 0;

		for (unsigned r = 0; r < FZ_REGIONS; r += 2)
			for (unsigned k = 0; k < FZ_PAGES; k++)
				diff |= memcmp(m1 + FZ_IO + ((uint64_t)r * FZ_PAGES + perm[r][k]) * 4096,
					       &shadow[r][k * 4096], 4096) != 0;
		printf("fuzz: %" PRIu64 " frames into RX beside a 3 MiB WRITE: %s; %" PRIu64
		       " clean WRITEs (%" PRIu64 " bytes) into PD 1 regions through shuffled MTT pages:"
		       " %s; writes outside the allowed regions (PD 0 and 2, unregistered): %" PRIu64
		       "\n", injected, bad ? "transfer FAILED" : "transfer intact", steady,
		       steady_bytes, diff ? "DIFFER" : "byte-exact", s1.dma_wr_outside);
		CHECK(!diff, "the clean WRITEs into the PD 1 regions");
		CHECK(s1.dma_wr_bytes >= j[0].w.len + steady_bytes, "DMA wrote %" PRIu64 " bytes, "
		      "fewer than the clean transfers' %" PRIu64, s1.dma_wr_bytes,
		      j[0].w.len + steady_bytes);
	}
	printf("  RX drops by reason:");
	for (unsigned k = 1; k < 27; k++)
		if (s1.rtl[k])
			printf(" %s=%u", dp_stat_name(k), s1.rtl[k]);
	printf("\n");
	CHECK(!bad, "the clean transfer beside the fuzzer");
	CHECK(s1.dma_wr_outside == 0, "a write outside registered memory");
	dp_free(d);
}

/* one QP WRITE at a payload size: the fraction of the line it keeps busy */
/*
 * One QP WRITE at a payload size (= path MTU), in the middle of a long
 * message: the payload delivered into the responder's memory per unit of
 * time, as a fraction of the 100G wire limit for that size. The wire limit
 * counts every byte a WRITE MIDDLE frame puts on the line: Ethernet 14,
 * IPv4 20, UDP 8, BTH 12, ICRC 4, FCS 4, preamble 8, IFG 12 (82 bytes), so
 * it is payload / (payload + 82) of 100 Gb/s. Retransmissions and idle
 * cycles count against it.
 */
static double bench_rate(const struct opts *o, unsigned mtu_log2, uint64_t packets)
{
	struct dp_pair *d = new_pair(o, 0, 0, 0, 0, NULL, 0);
	const unsigned p = 1u << mtu_log2;
	const uint32_t len = (uint32_t)(packets * p < (24u << 20) ? packets * p : (24u << 20));
	struct dp_wqe w = { 0, len, 0, MR_VA, RKEY };
	struct link_stats a, b;
	struct dp_nic_stats ra, rb;
	uint64_t t_a, t_b;
	double busy, good_gbps, limit_gbps, frac;

	/* path MTU = the payload size under test */
	dp_connect(d, 2, 700, mtu_log2, 0x100, 0x200);
	dp_run(d, 200);
	dp_post(d, 0, 2, &w);
	dp_run(d, 2000);                          /* warm up */
	dp_link_stats(d, 0, &a);
	dp_stats(d, 1, &ra);
	t_a = dp_cycle(d);
	dp_run(d, (uint64_t)len / 64 / 2);        /* about half the transfer */
	dp_link_stats(d, 0, &b);
	dp_stats(d, 1, &rb);
	t_b = dp_cycle(d);
	busy = (double)(b.busy_ps - a.busy_ps) / ((double)(t_b - t_a) * 4000.0);
	good_gbps = (double)(rb.dma_wr_bytes - ra.dma_wr_bytes) * 8.0 / ((double)(t_b - t_a) * 4.0);
	limit_gbps = 100.0 * p / (p + 82.0);
	frac = good_gbps / limit_gbps;
	printf("bench: one QP WRITE, %4u B payload: %" PRIu64 " frames in %" PRIu64 " cycles;"
	       " goodput %.2f Gb/s of a %.2f Gb/s wire limit: %.2f%%; line busy %.2f%%\n", p,
	       b.sent - a.sent, t_b - t_a, good_gbps, limit_gbps, 100 * frac, 100 * busy);
	dp_free(d);
	return frac;
}

/*
 * Latency of one WRITE ONLY through an idle pair, no random stalls: the TX
 * pipe from PktSend and from its first payload byte to the first byte to the
 * MAC; the RX pipe from the first byte from the MAC to the first byte to
 * memory (store-and-forward: the ICRC is checked before any byte is written).
 */
static void bench_latency(const struct opts *o)
{
	static const uint32_t sizes[] = { 64, 1024, 4096 };

	for (unsigned k = 0; k < 3; k++) {
		struct dp_cfg c;
		struct dp_pair *d;
		struct dp_probe pr;
		struct dp_wqe w = { 0, sizes[k], 0, MR_VA, RKEY };

		dp_cfg_default(&c);
		c.mem_mb = MEM_MB;
		c.seed = o->seed;
		d = dp_new_or_exit(&c, "tb_dp");
		dp_mr(d, 1, MR_IDX, MR_TAG, DP_ACC_REMOTE_WRITE | DP_ACC_REMOTE_READ, MR_VA, MR_LEN,
		      MR_IOVA);
		dp_connect(d, 2, 700, 12, 0x100, 0x200);
		dp_run(d, 200);
		dp_probe_arm(d);
		dp_post(d, 0, 2, &w);
		dp_run(d, 4000);
		dp_probe_get(d, &pr);
		CHECK(pr.pktsend && pr.dma_rd_req && pr.dma_rd_first && pr.tx_first && pr.tx_last &&
		      pr.rx_first && pr.wr_first && pr.tx_last >= pr.dma_rd_first &&
		      pr.wr_first > pr.rx_first, "latency probes incomplete for %u B", sizes[k]);
		printf("bench: latency, %4u B WRITE ONLY (%u beats): TX PktSend -> first byte to the MAC"
		       " %2" PRIu64 ", -> last byte %3" PRIu64 " (DMA read latency %" PRIu64
		       "); TX last payload byte in -> last byte out %" PRIu64 "; RX first byte in ->"
		       " first byte to memory %3" PRIu64 " (store-and-forward)\n", sizes[k],
		       (unsigned)((sizes[k] + 74 + 63) / 64), pr.tx_first - pr.pktsend,
		       pr.tx_last - pr.pktsend, pr.dma_rd_first - pr.dma_rd_req,
		       pr.tx_last - (pr.dma_rd_first + (sizes[k] + 63) / 64 - 1),
		       pr.wr_first - pr.rx_first);
		dp_free(d);
	}
}

/*
 * RX frame rate: frames of one size injected into NIC 1 at the 100G line's
 * spacing (wire bytes / 50 per cycle) for a while: any dropped as rx_full
 * means the RX pipe cannot keep up with that size
 */
static void bench_rx_rate(const struct opts *o)
{
	static const struct { uint8_t opcode; uint32_t pay; const char *what; } k[] = {
		{ 0x11, 0, "ACK (62 B frame)" },
		{ 0x0a, 64, "WRITE ONLY 64 B" },
		{ 0x07, 64, "WRITE MIDDLE 64 B" },
		{ 0x07, 256, "WRITE MIDDLE 256 B" },
		{ 0x07, 1024, "WRITE MIDDLE 1 KiB" },
	};

	for (unsigned i = 0; i < sizeof(k) / sizeof(k[0]); i++) {
		struct dp_pair *d = new_pair(o, 0, 0, 0, 0, NULL, 0);
		struct roce_pkt p;
		uint8_t buf[2048], pay[1024];
		size_t len;
		double t = 0, per;
		struct dp_nic_stats s;
		const unsigned n = 20000;
		uint32_t psn = 0x100;

		memset(pay, 0x5a, sizeof(pay));
		/* a WRITE stream in sequence to a connected QP of the MTU under test */
		dp_connect(d, 2, 700, k[i].pay >= 256 ? (k[i].pay == 256 ? 8 : 10) : 6, 0x100, 0x200);
		dp_run(d, 100);
		for (unsigned f = 0; f < n; f++) {
			roce_pkt_init(&p, k[i].opcode, 700, psn);
			p.dst_mac[0] = 0x02;
			p.dst_mac[5] = 0x11;
			p.src_mac[0] = 0x02;
			p.src_mac[5] = 0x10;
			p.dst_ip = 0x0a000002;
			p.src_ip = 0x0a000001;
			p.va = MR_VA;
			p.rkey = RKEY;
			p.dma_len = k[i].pay;
			p.payload = pay;
			p.payload_len = k[i].pay;
			if (f == 0 && k[i].opcode == 0x07)
				p.opcode = 0x06, p.dma_len = k[i].pay * n;
			roce_build(&p, buf, sizeof(buf), &len);
			if (k[i].opcode != 0x11)
				psn = (psn + 1) & 0xffffff;
			dp_inject(d, 1, buf, len);
			per = (double)(len + 24) / 50.0;
			t += per;
			dp_run(d, (uint64_t)t);
			t -= (uint64_t)t;
		}
		dp_run(d, 5000);
		dp_stats(d, 1, &s);
		printf("bench: RX at line rate, %-20s %u frames: %u dropped as rx_full, %u written, %.2f"
		       " cycles per frame\n", k[i].what, n, s.rtl[2], s.rtl[27], per);
		/* every frame admitted and every WRITE but the stream's FIRST
		 * written as it arrives: RX keeps up with the line */
		CHECK(s.rtl[2] == 0 && (k[i].opcode == 0x11 || s.rtl[27] >= n - 1),
		      "RX at line rate, %s: %u dropped, %u written", k[i].what, s.rtl[2], s.rtl[27]);
		dp_free(d);
	}
}

static void run_pcaps(const struct opts *o)
{
	char path[512];

	for (int in = 0; in < 2; in++) {
		snprintf(path, sizeof(path), "%s/loopback-%s.pcap", o->pcap_dir, in ? "int" : "noint");
		struct dp_pair *d = new_pair(o, in, 0, 0, 0, path, 0);
		unsigned qmap[2][64];
		struct job j[8];
		int bad;

		connect_qps(d, 2, qmap, 0);
		memset(j, 0, sizeof(j));
		for (int i = 0; i < 8; i++) {
			j[i].nic = i & 1;
			j[i].qpn = qmap[i & 1][(i >> 1) & 1];
			j[i].seed = o->seed + 1000 + i;
			j[i].loc = 0x10000 * (i + 1);
			j[i].rem = MR_IOVA + 0x10000 * (i + 1);
			j[i].w = (struct dp_wqe){ i >= 4, 1 + rndr(5000), j[i].loc,
						  MR_VA + 0x10000 * (i + 1), RKEY };
		}
		bad = run_batch(d, j, 8, (const unsigned (*)[64])qmap, 2000000, "pcap");
		CHECK(bad == 0, "pcap run");
		dp_free(d);
		printf("pcap: %s written (INT %s)\n", path, in ? "on" : "off");
	}
}

int main(int argc, char **argv)
{
	static const struct option lo[] = {
		{ "seed", required_argument, NULL, 's' },
		{ "packets", required_argument, NULL, 'p' },
		{ "pcap-dir", required_argument, NULL, 'd' },
		{ "pcap", required_argument, NULL, 'P' },
		{ "test", required_argument, NULL, 't' },
		{ "fst", required_argument, NULL, 'f' },
		{ "fst-from", required_argument, NULL, 'F' },
		{ "fst-cycles", required_argument, NULL, 'C' },
		{ "fst-nic", required_argument, NULL, 'N' },
		{ "bench", no_argument, NULL, 'b' },
		{ "ack-spacing-log2", required_argument, NULL, 'a' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct opts o = { .seed = tb_clock_seed(), .packets = 100000, .ack_req_log2 = -1 };
	int c;

	while ((c = getopt_long(argc, argv, "h", lo, NULL)) != -1) {
		switch (c) {
		case 's': o.seed = strtoull(optarg, NULL, 0); break;
		case 'p': o.packets = strtoull(optarg, NULL, 0); break;
		case 'd': o.pcap_dir = optarg; break;
		case 'P': o.pcap = optarg; break;
		case 't': o.only = optarg; break;
		case 'f': o.fst = optarg; break;
		case 'F': o.fst_from = strtoull(optarg, NULL, 0); break;
		case 'C': o.fst_cycles = strtoull(optarg, NULL, 0); break;
		case 'N': o.fst_nic = atoi(optarg) != 0; break;
		case 'b': o.bench = 1; break;
		case 'a': o.ack_req_log2 = atoi(optarg); break;
		case 'h':
			printf("usage: tb_dp [--seed N] [--packets N] [--test NAME] [--pcap FILE]\n"
			       "             [--pcap-dir DIR] [--bench]\n"
			       "Two simulated hpnic datapaths back to back (TX and RX pipes, RTL).\n"
			       "  --seed N       random seed (printed at start; default: the time)\n"
			       "  --packets N    length of the impaired-link test (default 100000)\n"
			       "  --test LIST    run these tests (comma-separated): basic, protect, pcap,\n"
			       "                 fuzz, loss, loss-int; with --bench: rate, latency, loss,\n"
			       "                 loss-int, fuzz\n"
			       "  --pcap FILE    every frame of the INT-on loss test (of the INT-off one\n"
			       "                 if loss-int does not run) to FILE\n"
			       "  --fst FILE     waves of one NIC in the loss test (FST)\n"
			       "  --fst-nic N    the NIC to trace: 0 (default) or 1\n"
			       "  --fst-from N --fst-cycles N   dump only cycles [N, N + M)\n"
			       "  --pcap-dir DIR write the decode pcaps loopback-{noint,int}.pcap to DIR\n"
			       "  --ack-spacing-log2 N  CTRL.ACK_REQ.SPACING_LOG2: AckReq at least once every\n"
			       "                 2^N bytes (default: its reset value, 0; N <= log2 MTU:\n"
			       "                 AckReq on every request packet, as before coalescing)\n"
			       "  --bench        line rate at 64 B..4 KiB, latency, long loss (--packets,\n"
			       "                 INT off; a tenth of it INT on) and 10^6 fuzz frames\n");
			return 0;
		default:
			return 2;
		}
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	printf("tb_dp: seed %" PRIu64 " (rerun with --seed %" PRIu64 "; each test has a stream of "
	       "its own, so --test NAME reruns one alone, with the same --packets)\n", o.seed, o.seed);
	tb_seed(o.seed * 0x9e3779b97f4a7c15ull + 7);
	if (o.bench) {
		static const unsigned mtus[] = { 6, 8, 10, 12 };

		for (int i = 0; i < 4 && run(&o, "rate"); i++) {
			double f = bench_rate(&o, mtus[i], 30000);

			CHECK(f >= 0.99, "line rate at %u B: %.2f%%", 1u << mtus[i], 100 * f);
		}
		if (run(&o, "latency"))
			bench_latency(&o);
		if (run(&o, "rx-rate"))
			bench_rx_rate(&o);
		if (run(&o, "loss"))
			test_loss(&o, 0.01, 0.001, 0.01, o.packets, 0);
		if (run(&o, "loss-int"))
			test_loss(&o, 0.01, 0.001, 0.01, o.packets / 10, 1);
		if (run(&o, "fuzz"))
			test_fuzz(&o, 1000000);
	} else {
		if (run(&o, "basic")) {
			test_basic(&o, 0);
			test_basic(&o, 1);
		}
		if (run(&o, "protect"))
			test_protect(&o);
		if (o.pcap_dir && run(&o, "pcap"))
			run_pcaps(&o);
		if (run(&o, "fuzz"))
			test_fuzz(&o, 100000);
		if (run(&o, "loss"))
			test_loss(&o, 0.01, 0.001, 0.01, o.packets, 0);
		if (run(&o, "loss-int"))
			test_loss(&o, 0.01, 0.001, 0.01, want(&o, "loss") ? o.packets / 10 : o.packets, 1);
	}
	printf("tb_dp: %s (%d failures)\n", tb_failures ? "FAILED" : "PASSED", tb_failures);
	return tb_failures ? 1 : 0;
}
