/* SPDX-License-Identifier: MIT */
/*
 * hpnic-write-bench: RDMA WRITE (or READ) throughput and latency between the
 * two simulated NICs of libhpnic's sim backend, through the library's
 * public API only, as a program on a board would run.
 *
 * Throughput: --qps QP pairs, each keeping --depth messages of --size bytes
 * posted, until --bytes have completed per QP; goodput is the payload
 * completed per unit of simulated time (250 MHz cycles), compared with the
 * 100G wire limit for the message size (every header, FCS, preamble and IFG
 * of every packet counted).
 *
 * Latency (--latency): one --size WRITE at a time on an idle pair: doorbell
 * to the first byte on the wire, and, at the requester, the last byte of the
 * ACK received to the CQE written, in cycles; the PCIe model's DMA read
 * latency (--dma-latency) is reported on its own.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hpnic.h"
#include "hpnic_regs.h"
#include "hpnic_sim.h"

#define MAX_QPS 1024

struct opts {
	unsigned qps;
	uint32_t size, size_max;        /* size_max > size: a sweep in powers of two */
	uint64_t bytes;
	uint64_t iters;                 /* messages per QP (per size); 0: from bytes */
	unsigned signal_every;
	unsigned depth;
	unsigned batch;                 /* WQEs per doorbell, at most */
	unsigned mtu;
	int read;
	int send;                       /* SEND to receives posted at NIC 1 (--list) */
	int latency;
	unsigned dma_latency;
	const char *pcap;
	int quiet;
	int counters;
	int list;                       /* post through hpnic_post_send, a list per batch */
	unsigned sge;                   /* SGEs per message (--list), 1..4 */
	int inl;                        /* inline data (--list, WRITE of at most 64 B) */
	unsigned max_rd;                /* max_rd_atomic; 0: the NIC's maximum */
	int ack_log2;                   /* CTRL.ACK_REQ.SPACING_LOG2; -1: leave it */
};

#define MAX_LIST 4096

/* the NIC's non-zero counters, one line each, as "nicN name value" */
static void print_counters(int n, struct hpnic_dev *dev)
{
	uint64_t v[256];
	unsigned cnt = hpnic_num_counters(dev);

	if (cnt > 256)
		cnt = 256;
	if (hpnic_read_counters(dev, v, cnt) < 0)
		return;
	for (unsigned i = 0; i < cnt; i++)
		if (v[i])
			printf("nic%d %-24s %llu\n", n, hpnic_counter_name(i) ? hpnic_counter_name(i) : "?",
			       (unsigned long long)v[i]);
}

static void usage(void)
{
	printf("usage: hpnic-write-bench [options]\n"
	       "RDMA WRITE/READ throughput and latency between the two simulated NICs\n"
	       "(libhpnic's sim backend: the Verilated hpnic_core, cycle-accurate, 250 MHz).\n"
	       "  --size N         message bytes (default 4096); N..M sweeps the powers of two\n"
	       "                   from N to M, one row each (as ib_write_bw -a)\n"
	       "  -a, --all        the sweep 2..1048576\n"
	       "  --qps N          QP pairs (default 1, at most %d)\n"
	       "  --bytes N        bytes per QP to transfer (default 4 MiB; in a sweep, at\n"
	       "                   least 1000 messages per size)\n"
	       "  --iters N        messages per QP (per size), instead of --bytes\n"
	       "  --depth N        messages kept posted per QP (default 16)\n"
	       "  --batch N        WQEs per doorbell at most (HPNIC_WR_MORE; default: depth,\n"
	       "                   1 rings a doorbell for every WQE)\n"
	       "  --signal-every N one signaled WQE in N, the others unsignaled (default 1)\n"
	       "  --mtu N          path MTU, bytes (default 4096)\n"
	       "  --read           RDMA READ instead of WRITE\n"
	       "  --send           SEND instead of WRITE, into receive buffers NIC 1's program\n"
	       "                   keeps posted (2 x depth per QP; implies --list)\n"
	       "  --max-rd N       READs each QP keeps outstanding at most (max_rd_atomic,\n"
	       "                   default the NIC's maximum)\n"
	       "  --latency        latency of single messages instead of throughput\n"
	       "  --dma-latency N  PCIe model: cycles from a DMA read to its data (default 0)\n"
	       "  --pcap FILE      every frame on the links to FILE\n"
	       "  --quiet          one line of figures\n"
	       "  --counters       print both NICs' non-zero counters at the end\n"
	       "  --list           post through hpnic_post_send, one work-request list per\n"
	       "                   batch, instead of hpnic_post_write/read with HPNIC_WR_MORE\n"
	       "  --sge N          WRITE each message from N SGEs, 1..4 (the buffer cut into\n"
	       "                   N pieces; implies --list)\n"
	       "  --inline         WRITE with HPNIC_SEND_INLINE, --size at most 64 (implies\n"
	       "                   --list)\n"
	       "  --ack-spacing-log2 N  with INT off, AckReq at least once every 2^N bytes\n"
	       "                   besides a message's end (hpnic_set_ack_req, both NICs;\n"
	       "                   N <= log2 MTU: every packet; default: the NIC's setting,\n"
	       "                   13 after reset)\n",
	       MAX_QPS);
}

static int parse(int argc, char **argv, struct opts *o)
{
	static const struct option lo[] = {
		{ "size", required_argument, NULL, 's' },
		{ "all", no_argument, NULL, 'a' },
		{ "iters", required_argument, NULL, 'n' },
		{ "signal-every", required_argument, NULL, 'S' },
		{ "qps", required_argument, NULL, 'q' },
		{ "bytes", required_argument, NULL, 'b' },
		{ "depth", required_argument, NULL, 'd' },
		{ "batch", required_argument, NULL, 'B' },
		{ "mtu", required_argument, NULL, 'm' },
		{ "read", no_argument, NULL, 'r' },
		{ "send", no_argument, NULL, 'E' },
		{ "max-rd", required_argument, NULL, 'R' },
		{ "latency", no_argument, NULL, 'l' },
		{ "dma-latency", required_argument, NULL, 'D' },
		{ "pcap", required_argument, NULL, 'p' },
		{ "quiet", no_argument, NULL, 'Q' },
		{ "counters", no_argument, NULL, 'C' },
		{ "list", no_argument, NULL, 'L' },
		{ "sge", required_argument, NULL, 'G' },
		{ "inline", no_argument, NULL, 'I' },
		{ "ack-spacing-log2", required_argument, NULL, 'A' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	*o = (struct opts){ .qps = 1, .size = 4096, .bytes = 4u << 20, .depth = 16, .mtu = 4096,
			    .signal_every = 1, .sge = 1, .ack_log2 = -1 };
	while ((c = getopt_long(argc, argv, "ha", lo, NULL)) != -1) {
		char *end = NULL;
		/* every option's argument is a number but --pcap's */
		int numeric = optarg && c != 'p';
		unsigned long long v = numeric ? strtoull(optarg, &end, 0) : 0;

		if (numeric && (!*optarg || (*end && !(c == 's' && !strncmp(end, "..", 2))))) {
			fprintf(stderr, "hpnic-write-bench: bad number '%s'\n", optarg);
			return -1;
		}
		switch (c) {
		case 's':
			o->size = (uint32_t)v;
			o->size_max = 0;
			if (!strncmp(end, "..", 2))
				o->size_max = (uint32_t)strtoull(end + 2, NULL, 0);
			break;
		case 'a': o->size = 2; o->size_max = 1u << 20; break;
		case 'n': o->iters = v; break;
		case 'S': o->signal_every = (unsigned)v; break;
		case 'q': o->qps = (unsigned)v; break;
		case 'b': o->bytes = v; break;
		case 'd': o->depth = (unsigned)v; break;
		case 'B': o->batch = (unsigned)v; break;
		case 'm': o->mtu = (unsigned)v; break;
		case 'r': o->read = 1; break;
		case 'E': o->send = 1; o->list = 1; break;
		case 'R': o->max_rd = (unsigned)v; break;
		case 'L': o->list = 1; break;
		case 'G': o->sge = (unsigned)v; o->list = 1; break;
		case 'I': o->inl = 1; o->list = 1; break;
		case 'l': o->latency = 1; break;
		case 'D': o->dma_latency = (unsigned)v; break;
		case 'p': o->pcap = optarg; break;
		case 'Q': o->quiet = 1; break;
		case 'C': o->counters = 1; break;
		case 'A': o->ack_log2 = (int)v; break;
		case 'h': usage(); exit(0);
		default: return -1;
		}
	}
	if (o->qps < 1 || o->qps > MAX_QPS || o->size < 1 || o->size >= (1u << 31) ||
	    o->depth < 1 || o->depth > 1024 || !o->bytes) {
		fprintf(stderr, "hpnic-write-bench: --qps 1..%d, --size 1..2^31-1, --depth 1..1024, "
			"--bytes > 0\n", MAX_QPS);
		return -1;
	}
	if (o->size_max && (o->size_max < o->size || o->size_max >= (1u << 31))) {
		fprintf(stderr, "hpnic-write-bench: --size N..M needs N <= M < 2^31\n");
		return -1;
	}
	if (o->sge < 1 || o->sge > HPNIC_MAX_SGE || (o->sge > 1 && (o->read || o->inl)) ||
	    (o->inl && (o->read || (o->size_max ? o->size_max : o->size) > HPNIC_MAX_INLINE))) {
		fprintf(stderr, "hpnic-write-bench: --sge 1..%u and --inline (at most %u B) are for "
			"WRITEs, one or the other\n", HPNIC_MAX_SGE, HPNIC_MAX_INLINE);
		return -1;
	}
	if (o->send && (o->read || o->latency)) {
		fprintf(stderr, "hpnic-write-bench: --send measures SEND throughput; not with "
			"--read or --latency\n");
		return -1;
	}
	if (o->signal_every < 1 || o->signal_every > o->depth) {
		fprintf(stderr, "hpnic-write-bench: --signal-every 1..depth (%u): with fewer than "
			"one signaled WQE per --depth posted, nothing would ever complete\n", o->depth);
		return -1;
	}
	return 0;
}

#define TRY(call)                                                                    \
	do {                                                                         \
		int err_ = (call);                                                   \
		if (err_ < 0) {                                                      \
			fprintf(stderr, "hpnic-write-bench: %s: %s (%s)\n", #call,   \
				hpnic_strerror(err_), hpnic_last_error());           \
			exit(1);                                                     \
		}                                                                    \
	} while (0)

/* the 100G goodput limit for messages of `size` at path MTU `mtu` */
static double wire_limit_gbps(uint32_t size, unsigned mtu, int read, int send)
{
	uint64_t pkts = (size + mtu - 1) / mtu;
	/* Ethernet 14, IPv4 20, UDP 8, BTH 12, ICRC 4, FCS 4, preamble 8, IFG 12;
	 * WRITE FIRST/ONLY add a RETH (16), READ responses FIRST/LAST/ONLY an
	 * AETH (4), SENDs nothing; pad to 4 bytes */
	uint64_t wire = (uint64_t)size + pkts * 82 + ((4 - size % 4) % 4);

	if (read)
		wire += pkts == 1 ? 4 : 8;
	else if (!send)
		wire += 16;
	return 100.0 * (double)size / (double)wire;
}

struct side {
	struct hpnic_dev *dev;
	struct hpnic_cq *cq;
	struct hpnic_mr *mr;
	uint8_t *buf;
	size_t len;
};

/*
 * --send: NIC 1's program keeps 2 x depth receive buffers posted on each QP
 * (as a receiver that reposts a buffer as soon as it has consumed it). The
 * i-th receive of a size's run lands where the i-th WRITE would, so the check
 * at the end is the same. Returns the number of bad receive completions.
 */
static uint64_t recv_side(const struct opts *o, uint32_t size, uint64_t per_qp,
			  struct hpnic_qp **rqps, struct side *rsp, size_t slot,
			  uint64_t *rposted, uint64_t *rdone, uint64_t *rcompleted)
{
	struct hpnic_wc wc[64];
	uint64_t errors = 0;
	int n;

	for (unsigned q = 0; q < o->qps; q++)
		while (rposted[q] < per_qp && rposted[q] - rdone[q] < 2ull * o->depth) {
			uint64_t seq = rposted[q] + 1;
			struct hpnic_sge sge = {
				(uintptr_t)(rsp->buf + slot * q + (size_t)size * (rposted[q] % o->depth)),
				size, hpnic_mr_lkey(rsp->mr) };
			struct hpnic_recv_wr wr = { .wr_id = (uint64_t)q << 40 | seq,
						    .sg_list = &sge, .num_sge = 1 };

			TRY(hpnic_post_recv(rqps[q], &wr, NULL));
			rposted[q]++;
		}
	n = hpnic_poll_cq(rsp->cq, 64, wc);
	TRY(n);
	for (int i = 0; i < n; i++) {
		unsigned q = (unsigned)(wc[i].wr_id >> 40);

		rdone[q]++;
		(*rcompleted)++;
		if (wc[i].status != HPNIC_WC_SUCCESS || wc[i].opcode != HPNIC_WC_RECV ||
		    wc[i].byte_len != size || (wc[i].wr_id & ((1ull << 40) - 1)) != rdone[q]) {
			if (!errors)
				fprintf(stderr, "hpnic-write-bench: receive completion %" PRIu64
					" of QP %u: status %d, opcode %d, %u bytes\n", rdone[q], q,
					wc[i].status, wc[i].opcode, wc[i].byte_len);
			errors++;
		}
	}
	return errors;
}

/*
 * Messages of `size` on every QP, --depth kept posted, until each QP has
 * completed its share; one line of figures. Every --signal-every-th WQE (and
 * each QP's last) is signaled; its wr_id is {QP index, messages up to it}.
 * Returns the number of failed completions.
 */
static uint64_t throughput(const struct opts *o, uint32_t size, struct hpnic_qp **qps,
			   struct hpnic_qp **rqps, struct side *req, struct side *rsp, size_t slot)
{
	uint64_t per_qp = o->iters ? o->iters : (o->bytes + size - 1) / size;
	uint64_t posted[MAX_QPS], done[MAX_QPS], total, completed = 0, errors = 0;
	uint64_t rposted[MAX_QPS], rdone[MAX_QPS], rcompleted = 0;
	uint64_t t0 = hpnic_sim_cycle(), next_report;
	struct hpnic_wc wc[64];
	struct hpnic_sim_stats fs0[2], fs1[2];

	for (int n = 0; n < 2; n++)
		TRY(hpnic_sim_stats((unsigned)n, &fs0[n]));

	if (o->size_max && !o->iters && per_qp < 1000)
		per_qp = 1000;
	total = per_qp * o->qps;
	next_report = total / 10;
	memset(posted, 0, sizeof(posted));
	memset(done, 0, sizeof(done));
	memset(rposted, 0, sizeof(rposted));
	memset(rdone, 0, sizeof(rdone));
	static struct hpnic_send_wr wrs[MAX_LIST];
	static struct hpnic_sge sges[MAX_LIST][HPNIC_MAX_SGE];
	unsigned nlist = 0;

	while (completed < total || (o->send && rcompleted < total)) {
		if (o->send)
			errors += recv_side(o, size, per_qp, rqps, rsp, slot, rposted, rdone,
					    &rcompleted);
		for (unsigned q = 0; q < o->qps; q++) {
			unsigned in_batch = 0;

			while (posted[q] + nlist < per_qp && posted[q] + nlist - done[q] < o->depth) {
				size_t off = slot * q + (size_t)size * ((posted[q] + nlist) % o->depth);
				uint64_t seq = posted[q] + nlist + 1, id = (uint64_t)q << 40 | seq;
				unsigned fl = (seq % o->signal_every == 0 || seq == per_qp) ?
					      HPNIC_WR_SIGNALED : 0;
				/* the batch ends where this loop will stop: ring then */
				int last = seq == per_qp || seq - done[q] == o->depth ||
					   ++in_batch == o->batch;

				if (!last)
					fl |= HPNIC_WR_MORE;
				else
					in_batch = 0;
				int err;

				if (o->list) {
					/* the user's path through the list API: one
					 * hpnic_post_send per batch */
					struct hpnic_send_wr *bad = NULL;

					/* --sge: the message in that many pieces */
					uint32_t at = 0;

					for (unsigned g = 0; g < o->sge; g++) {
						uint32_t piece = size / o->sge + (g < size % o->sge);

						sges[nlist][g] = (struct hpnic_sge){
							(uintptr_t)(req->buf + off + at), piece,
							hpnic_mr_lkey(req->mr) };
						at += piece;
					}
					wrs[nlist] = (struct hpnic_send_wr){
						.wr_id = id, .sg_list = sges[nlist], .num_sge = (int)o->sge,
						.opcode = o->read ? HPNIC_WR_RDMA_READ :
							  o->send ? HPNIC_WR_SEND : HPNIC_WR_RDMA_WRITE,
						.send_flags = ((fl & HPNIC_WR_SIGNALED) ? HPNIC_SEND_SIGNALED : 0) |
							      (o->inl ? HPNIC_SEND_INLINE : 0),
						.rdma = { (uintptr_t)(rsp->buf + off), hpnic_mr_rkey(rsp->mr) } };
					if (nlist)
						wrs[nlist - 1].next = &wrs[nlist];
					nlist++;
					if (!last && nlist < MAX_LIST)
						continue;
					err = hpnic_post_send(qps[q], wrs, &bad);
					posted[q] += bad ? (uint64_t)(bad - wrs) : nlist;
					nlist = 0;
					if (err == -ENOMEM)
						break;
					TRY(err);
					continue;
				}
				if (o->read)
					err = hpnic_post_read(qps[q], id, req->mr, req->buf + off, size,
							      (uintptr_t)(rsp->buf + off),
							      hpnic_mr_rkey(rsp->mr), fl);
				else
					err = hpnic_post_write(qps[q], id, req->mr, req->buf + off, size,
							       (uintptr_t)(rsp->buf + off),
							       hpnic_mr_rkey(rsp->mr), fl);
				if (err == -ENOMEM)
					break;
				TRY(err);
				posted[q]++;
			}
		}
		int n = hpnic_poll_cq(req->cq, 64, wc);

		TRY(n);
		for (int i = 0; i < n; i++) {
			unsigned q = (unsigned)(wc[i].wr_id >> 40);
			uint64_t seq = wc[i].wr_id & ((1ull << 40) - 1);

			/* a completion retires its WQE and every unsignaled one before it */
			completed += seq - done[q];
			done[q] = seq;
			errors += wc[i].status != HPNIC_WC_SUCCESS;
		}
		if (!o->quiet && !o->size_max && n && completed >= next_report && completed < total) {
			fprintf(stderr, "  [%3.0f%%] %" PRIu64 " of %" PRIu64 " messages\n",
				100.0 * (double)completed / (double)total, completed, total);
			next_report += total / 10;
		}
	}
	uint64_t cycles = hpnic_sim_cycle() - t0;
	for (int n = 0; n < 2; n++)
		TRY(hpnic_sim_stats((unsigned)n, &fs1[n]));
	/* frames back from the responder (ACKs; for READ, the responses) per
	 * frame the requester sent */
	double back = (double)(fs1[1].tx_frames - fs0[1].tx_frames) /
		      (double)(fs1[0].tx_frames - fs0[0].tx_frames);
	double gbps = (double)(total * size) * 8.0 / ((double)cycles * 4.0);
	double limit = wire_limit_gbps(size, o->mtu, o->read, o->send);
	double mmps = (double)total * 250.0 / (double)cycles;

	/* the last --depth messages of every QP: each slot's first size x depth bytes */
	for (unsigned q = 0; per_qp >= o->depth && q < o->qps; q++) {
		size_t off = slot * q;

		if (memcmp((o->read ? req->buf : rsp->buf) + off, (o->read ? rsp->buf : req->buf) + off,
			   (size_t)size * o->depth)) {
			fprintf(stderr, "hpnic-write-bench: data of QP %u differs after the run\n", q);
			errors++;
			break;
		}
	}
	if (o->size_max)
		printf("%-9u %9" PRIu64 " %10" PRIu64 " %9.2f %9.2f %6.2f%% %9.2f %6.3f%s\n", size, total,
		       cycles, gbps, limit, 100.0 * gbps / limit, mmps, back, errors ? " ERRORS" : "");
	else
		printf("%s%s %u B x %" PRIu64 " per QP, %u QP%s, depth %u, MTU %u: %" PRIu64 " cycles, "
		       "%.2f Gb/s of a %.2f Gb/s wire limit = %.2f%%, %.2f M messages/s, "
		       "%.3f frames back per frame sent%s\n",
		       o->read ? "READ" : o->send ? "SEND" : "WRITE", o->inl ? " (inline)" : o->sge == 2 ? " (2 SGEs)" :
		       o->sge == 3 ? " (3 SGEs)" : o->sge == 4 ? " (4 SGEs)" : "", size, per_qp, o->qps, o->qps > 1 ? "s" : "",
		       o->depth, o->mtu, cycles, gbps, limit, 100.0 * gbps / limit, mmps, back,
		       errors ? " (ERRORS)" : "");
	return errors;
}

int main(int argc, char **argv)
{
	struct opts o;
	struct hpnic_sim_cfg sc;
	struct side s[2];
	struct hpnic_qp *qp[2][MAX_QPS];
	struct hpnic_dev_attr da[2];
	size_t slot;
	unsigned cq_depth = 1;
	uint64_t errors = 0;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (parse(argc, argv, &o))
		return 2;
	hpnic_sim_cfg_default(&sc);
	sc.dma_latency = o.dma_latency;
	sc.pcap_path = o.pcap;
	/* an empty poll runs the simulator (progress_cycles); --send polls two
	 * CQs per turn, the sender's and the receiver's, so each runs half as
	 * long and the program reacts as often as with one */
	if (o.send)
		sc.progress_cycles = (sc.progress_cycles + 1) / 2;
	TRY(hpnic_sim_configure(&sc));
	/* --send: NIC 1's CQ also takes each QP's receive queue (2 x depth,
	 * rounded up to a power of two, as the send queue is) */
	unsigned cq_need = o.qps * o.depth * (o.send ? 6 : 1);

	while (cq_depth < o.qps * o.depth * 2 && cq_depth < HPNIC_CQ_DEPTH_MAX)
		cq_depth <<= 1;
	while (cq_depth < cq_need && cq_depth < HPNIC_CQ_DEPTH_MAX)
		cq_depth <<= 1;
	if (cq_need > cq_depth) {
		fprintf(stderr, "hpnic-write-bench: --qps x --depth must fit one CQ (%u)\n",
			HPNIC_CQ_DEPTH_MAX);
		return 2;
	}
	/* each QP gets a slot of the largest --size per posted message in each buffer */
	slot = (size_t)(o.size_max ? o.size_max : o.size) * o.depth;
	for (int n = 0; n < 2; n++) {
		char name[16];

		snprintf(name, sizeof(name), "sim:%d", n);
		TRY(hpnic_open(name, &s[n].dev));
		TRY(hpnic_query_device(s[n].dev, &da[n]));
		if (o.ack_log2 >= 0)
			TRY(hpnic_set_ack_req(s[n].dev, (unsigned)o.ack_log2));
		TRY(hpnic_create_cq(s[n].dev, cq_depth, &s[n].cq));
		s[n].len = slot * o.qps;
		s[n].buf = aligned_alloc(4096, (s[n].len + 4095) & ~(size_t)4095);
		if (!s[n].buf) {
			fprintf(stderr, "hpnic-write-bench: out of memory\n");
			return 1;
		}
		for (size_t i = 0; i < s[n].len; i++)
			s[n].buf[i] = (uint8_t)(i * 31 + n);
		TRY(hpnic_reg_mr(s[n].dev, s[n].buf, s[n].len, HPNIC_ACCESS_LOCAL_WRITE |
				 HPNIC_ACCESS_REMOTE_WRITE | HPNIC_ACCESS_REMOTE_READ, &s[n].mr));
	}
	for (unsigned q = 0; q < o.qps; q++) {
		for (int n = 0; n < 2; n++) {
			struct hpnic_qp_init_attr ia = { .send_cq = s[n].cq, .sq_depth = 2,
							 .path_mtu = o.mtu,
							 .sq_sig_all = o.signal_every == 1,
							 .max_send_sge = o.sge,
							 .max_inline_data = o.inl ? HPNIC_MAX_INLINE : 0 };

			/* --send: NIC 1's QPs get receive queues (2 x depth posted) */
			if (o.send && n == 1) {
				ia.rq_depth = 2;
				while (ia.rq_depth < 2 * o.depth)
					ia.rq_depth <<= 1;
				ia.max_recv_sge = 1;
			}

			while (ia.sq_depth < o.depth)
				ia.sq_depth <<= 1;
			TRY(hpnic_create_qp(s[n].dev, &ia, &qp[n][q]));
		}
		for (int n = 0; n < 2; n++) {
			struct hpnic_qp_attr a;

			memset(&a, 0, sizeof(a));
			a.qp_state = HPNIC_QPS_INIT;
			TRY(hpnic_modify_qp(qp[n][q], &a, HPNIC_QP_ATTR_STATE));
			a.qp_state = HPNIC_QPS_RTR;
			a.dest_qp_num = hpnic_qp_num(qp[!n][q]);
			a.remote_ipv4 = da[!n].ipv4;
			memcpy(a.remote_mac, da[!n].mac, 6);
			a.path_mtu = o.mtu;
			a.sq_psn = 0x1000 * (q + 1) + n;
			a.rq_psn = 0x1000 * (q + 1) + !n;
			TRY(hpnic_modify_qp(qp[n][q], &a, HPNIC_QP_ATTR_STATE | HPNIC_QP_ATTR_DEST_QPN |
					    HPNIC_QP_ATTR_REMOTE_IP | HPNIC_QP_ATTR_REMOTE_MAC |
					    HPNIC_QP_ATTR_PATH_MTU | HPNIC_QP_ATTR_SQ_PSN |
					    HPNIC_QP_ATTR_RQ_PSN));
			a.qp_state = HPNIC_QPS_RTS;
			a.max_rd_atomic = o.max_rd;
			TRY(hpnic_modify_qp(qp[n][q], &a, HPNIC_QP_ATTR_STATE |
					    (o.max_rd ? HPNIC_QP_ATTR_MAX_RD_ATOMIC : 0)));
		}
	}

	/* NIC 0 is the requester; WRITE data goes 0 -> 1, READ data 1 -> 0 */
	struct side *req = &s[0], *rsp = &s[1];

	if (o.latency) {
		uint64_t sum_tx = 0, sum_cqe = 0, n_lat = 16;

		for (uint64_t k = 0; k < n_lat; k++) {
			struct hpnic_wc wc;
			struct hpnic_sim_probe pr;
			int got;

			hpnic_sim_run(2000);               /* idle: every queue empty */
			hpnic_sim_probe_arm(0);
			if (o.read)
				TRY(hpnic_post_read(qp[0][0], k, req->mr, req->buf, o.size,
						    (uintptr_t)rsp->buf, hpnic_mr_rkey(rsp->mr), 0));
			else
				TRY(hpnic_post_write(qp[0][0], k, req->mr, req->buf, o.size,
						     (uintptr_t)rsp->buf, hpnic_mr_rkey(rsp->mr), 0));
			do {
				got = hpnic_poll_cq(req->cq, 1, &wc);
				TRY(got);
			} while (!got);
			if (wc.status != HPNIC_WC_SUCCESS) {
				fprintf(stderr, "hpnic-write-bench: completion status %d\n", wc.status);
				return 1;
			}
			hpnic_sim_probe_get(&pr);
			sum_tx += pr.tx_first - pr.doorbell;
			sum_cqe += pr.cqe - pr.rx_last;
		}
		printf("latency, %s of %u B, %u B MTU, PCIe model DMA read latency %u cycles "
		       "(not included below):\n", o.read ? "READ" : "WRITE", o.size, o.mtu,
		       o.dma_latency);
		printf("  doorbell -> first byte on the wire: %.1f cycles (%.1f ns) incl. %u of DMA\n",
		       (double)sum_tx / n_lat, 4.0 * (double)sum_tx / n_lat,
		       o.read ? o.dma_latency : 2 * o.dma_latency);
		printf("  last byte received -> CQE written:  %.1f cycles (%.1f ns)\n",
		       (double)sum_cqe / n_lat, 4.0 * (double)sum_cqe / n_lat);
		return 0;
	}

	/* throughput: one row per size */
	if (o.size_max)
		printf("%-9s %9s %10s %9s %9s %7s %9s %6s\n", "bytes", "messages", "cycles", "Gb/s",
		       "limit", "%", "Mmsg/s", "back");
	for (uint32_t size = o.size; ; size *= 2) {
		if (o.size_max && size > o.size_max)
			break;
		errors += throughput(&o, size, qp[0], qp[1], req, rsp, slot);
		if (!o.size_max)
			break;
	}
	if (o.counters)
		for (int n = 0; n < 2; n++)
			print_counters(n, s[n].dev);
	return errors ? 1 : 0;
}
