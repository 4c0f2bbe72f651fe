/* SPDX-License-Identifier: MIT */
/*
 * tb_tx: every frame the TX pipe builds, checked field by field.
 *
 * NIC 0 of a simulated pair (sim/dp) is the device under test. It runs WRITEs
 * and READs of random sizes on several QPs with random path MTUs and first
 * PSNs (some right below the 24-bit wrap), answers the READs its peer sends,
 * and acknowledges its peer's WRITEs. Its DMA reads, PktSends and the MAC
 * stall at random. Each frame it sends is parsed by the C packet library
 * (docs/wire.md: IPv4 checksum, lengths, pad, ICRC) and compared with what
 * a model of the QPs expects next:
 *  - Ethernet, IPv4 (addresses, DSCP/ECN, TTL, DF), UDP ports, the INT block
 *    (present and zeroed when INT is on); ECN is ECT(0) on the requests of
 *    the QPs in CC mode 1 (DCQCN, every other QP) and 00 on all else;
 *  - requests: opcode (FIRST/MIDDLE/LAST/ONLY, READ REQUEST), PSN, AckReq,
 *    RETH (VA, R_Key, DMA length), payload bytes against host memory;
 *  - READ responses: opcode, PSN, AETH, payload bytes;
 *  - ACKs: syndrome, PSN within what the peer sent.
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

/* --pcap: every frame of the run, both directions, to <base>-int{0,1}.pcap */
static const char *pcap_base;

/* CTRL.ACK_REQ.SPACING_LOG2 of the run */
static unsigned ack_log2;

/* AckReq by the policy (docs/wire.md): every request with INT; without, READ
 * requests, a message's last packet, and once every 2^ack_log2 bytes: a
 * FIRST/MIDDLE packet carries the MTU (len), so the PSNs whose low
 * ack_log2 - log2(len) bits are all ones */
static int want_ack_req(unsigned opcode, unsigned psn, size_t len, int int_enable)
{
	unsigned mtu_log2 = 0;

	while ((2u << mtu_log2) <= len)
		mtu_log2++;
	unsigned m = ack_log2 > mtu_log2 ? (1u << (ack_log2 - mtu_log2)) - 1 : 0;
	int not_end = opcode == ROCE_OP_SEND_FIRST || opcode == ROCE_OP_SEND_MIDDLE ||
		      opcode == ROCE_OP_WRITE_FIRST || opcode == ROCE_OP_WRITE_MIDDLE;

	return int_enable || opcode == ROCE_OP_READ_REQ || !not_end || (psn & m) == m;
}

#define MAC_OF(n)   (0x020000000010ull + (n))
#define IP_OF(n)    (0x0a000001u + (n))

/* each NIC's region: remote WRITEs land in it, remote READs come from it */
#define MR_IDX      1
#define MR_TAG      0x3c
#define RKEY        ((MR_IDX << 8) | MR_TAG)
#define MR_VA       0x4400000000ull
#define MR_IOVA     (16ull << 20)
#define MR_LEN      (16ull << 20)

#define NQ          4
#define MAXPKT      (1u << 16)

/* one packet the model expects NIC 0 to send */
struct exp_pkt {
	uint8_t opcode;
	uint32_t psn;
	uint32_t len;                  /* payload bytes */
	uint64_t src;                  /* IO address of the payload in NIC 0's memory */
	uint64_t va;                   /* RETH */
	uint32_t rkey, dma_len;
};

struct queue {
	struct exp_pkt *p;
	size_t head, tail, cap;
};

static void q_push(struct queue *q, const struct exp_pkt *e)
{
	if (q->tail == q->cap) {
		q->cap = q->cap ? 2 * q->cap : 1024;
		q->p = realloc(q->p, q->cap * sizeof(*q->p));
	}
	q->p[q->tail++] = *e;
}

struct qp {
	unsigned a, b;                 /* QPN on NIC 0, on NIC 1 */
	unsigned mtu_log2;
	uint32_t psn_a, psn_b;         /* next PSN of each side's requester */
	struct queue req;              /* NIC 0's requests, in order */
	struct queue rsp;              /* NIC 0's READ responses, in order */
	uint32_t acks, ack_psn_lo, ack_psn_hi;
	unsigned dcqcn;                /* CC mode 1: its requests go out ECT(0) */
};

struct job {
	int nic;
	unsigned q;
	struct dp_wqe w;
	uint64_t seed;
	uint64_t src, dst;
	int done;
	unsigned status;
};

/* the packets of a message of len bytes from PSN psn: WRITE or READ RESPONSE
 * FIRST/MIDDLE/LAST or ONLY, payload from NIC 0's memory at src */
static void expect_segments(struct queue *q, int resp, uint32_t psn, uint32_t len, uint32_t mtu,
			    uint64_t src, const struct dp_wqe *reth)
{
	uint32_t n = len ? (len + mtu - 1) / mtu : 1;
	static const uint8_t ops[2][4] = {
		{ ROCE_OP_WRITE_ONLY, ROCE_OP_WRITE_FIRST, ROCE_OP_WRITE_MIDDLE, ROCE_OP_WRITE_LAST },
		{ ROCE_OP_READ_RESP_ONLY, ROCE_OP_READ_RESP_FIRST, ROCE_OP_READ_RESP_MIDDLE,
		  ROCE_OP_READ_RESP_LAST },
	};

	for (uint32_t i = 0; i < n; i++) {
		struct exp_pkt e;

		memset(&e, 0, sizeof(e));
		e.opcode = ops[resp][n == 1 ? 0 : i == 0 ? 1 : i == n - 1 ? 3 : 2];
		e.psn = (psn + i) & 0xffffff;
		e.len = i == n - 1 ? len - i * mtu : mtu;
		e.src = src + (uint64_t)i * mtu;
		if (i == 0 && reth) {
			e.va = reth->raddr;
			e.rkey = reth->rkey;
			e.dma_len = reth->len;
		}
		q_push(q, &e);
	}
}

static void expect_wqe(struct qp *q, int nic, const struct dp_wqe *w)
{
	uint32_t mtu = 1u << q->mtu_log2;
	uint32_t n = w->len ? (w->len + mtu - 1) / mtu : 1;
	uint32_t *psn = nic ? &q->psn_b : &q->psn_a;

	if (w->read && !nic) {
		struct exp_pkt e;

		memset(&e, 0, sizeof(e));
		e.opcode = ROCE_OP_READ_REQ;
		e.psn = *psn;
		e.va = w->raddr;
		e.rkey = w->rkey;
		e.dma_len = w->len;
		q_push(&q->req, &e);
	} else if (w->read) {
		/* NIC 0 answers its peer's READ from the RETH's address */
		expect_segments(&q->rsp, 1, *psn, w->len, mtu, MR_IOVA + (w->raddr - MR_VA), NULL);
	} else if (!nic) {
		expect_segments(&q->req, 0, *psn, w->len, mtu, w->laddr, w);
	}
	*psn = (*psn + n) & 0xffffff;
}

/* ECT(0) frames seen */
static uint64_t necn;

static const char *op(uint8_t o)
{
	return roce_opcode_name(o);
}

/* check one frame NIC 0 sent against the model */
static void check_frame(const uint8_t *f, size_t len, struct qp *qps, const uint8_t *mem,
			int int_enable, uint64_t *nreq, uint64_t *nrsp, uint64_t *nack)
{
	struct roce_pkt p;
	int st = roce_parse(f, len, ROCE_INT_PORT_DEFAULT, &p);
	struct qp *q = NULL;

	CHECK(st == ROCE_OK, "frame of %zu bytes does not parse: %s", len, roce_strerror(st));
	if (st != ROCE_OK)
		return;
	for (int i = 0; i < 6; i++) {
		CHECK(p.dst_mac[i] == (uint8_t)(MAC_OF(1) >> (40 - 8 * i)), "destination MAC");
		CHECK(p.src_mac[i] == (uint8_t)(MAC_OF(0) >> (40 - 8 * i)), "source MAC");
	}
	CHECK(p.src_ip == IP_OF(0) && p.dst_ip == IP_OF(1), "IPv4 addresses %08x -> %08x", p.src_ip,
	      p.dst_ip);
	CHECK(p.dscp == 26 && p.ttl == 64, "DSCP %u TTL %u", p.dscp, p.ttl);
	CHECK((f[20] & 0x40) && !(f[20] & 0x20), "IPv4 flags: DF set, MF clear");
	CHECK(p.udp_dport == (int_enable ? ROCE_INT_PORT_DEFAULT : ROCE_UDP_PORT), "UDP dport %u",
	      p.udp_dport);
	CHECK(p.int_present == !!int_enable, "INT block %s", p.int_present ? "present" : "absent");
	if (p.int_present) {
		/* no switch on the path: the sender's zeroed block, and ACKs echo it */
		CHECK(p.intb.nhop == 0 && p.intb.path_id == 0, "INT nHop %u pathID %u", p.intb.nhop,
		      p.intb.path_id);
		for (int h = 0; h < ROCE_INT_MAX_HOPS; h++)
			CHECK(!p.intb.hop[h].b && !p.intb.hop[h].ts && !p.intb.hop[h].tx_bytes &&
			      !p.intb.hop[h].qlen, "INT hop %d not zero", h);
	}
	CHECK(p.pkey == 0xffff && p.tver == 0 && p.migreq && !p.se, "BTH P_Key/TVer/M/SE");
	for (int i = 0; i < NQ; i++)
		if (qps[i].b == p.dest_qpn)
			q = &qps[i];
	CHECK(q != NULL, "destination QPN %u is no peer QP", p.dest_qpn);
	if (!q)
		return;
	CHECK(p.udp_sport == (0xc000 | q->a), "UDP sport 0x%04x", p.udp_sport);
	/* ECT(0) only on a DCQCN QP's requests (SEND, WRITE, READ REQUEST) */
	unsigned want_ecn = q->dcqcn && p.opcode <= ROCE_OP_READ_REQ ? 2 : 0;
	CHECK(p.ecn == want_ecn, "QP %u (%s) %s: ECN %u, expected %u", q->a, q->dcqcn ? "DCQCN" : "HPCC",
	      op(p.opcode), p.ecn, want_ecn);
	if (p.ecn == 2)
		necn++;

	if (p.opcode == ROCE_OP_ACK) {
		(*nack)++;
		CHECK(p.syndrome == ROCE_AETH_ACK, "ACK syndrome 0x%02x on a lossless link", p.syndrome);
		CHECK(!p.ack_req, "AckReq set on an ACK");
		q->acks++;
		return;
	}
	struct queue *eq = (p.opcode >= ROCE_OP_READ_RESP_FIRST && p.opcode <= ROCE_OP_READ_RESP_ONLY)
				   ? &q->rsp : &q->req;

	if (eq == &q->rsp)
		(*nrsp)++;
	else
		(*nreq)++;
	CHECK(eq->head < eq->tail, "QP %u: unexpected %s PSN 0x%06x", q->a, op(p.opcode), p.psn);
	if (eq->head >= eq->tail)
		return;
	const struct exp_pkt *e = &eq->p[eq->head++];

	CHECK(p.opcode == e->opcode && p.psn == e->psn, "QP %u: %s PSN 0x%06x, expected %s PSN 0x%06x",
	      q->a, op(p.opcode), p.psn, op(e->opcode), e->psn);
	CHECK(p.payload_len == e->len, "QP %u %s PSN 0x%06x: payload %zu, expected %u", q->a,
	      op(p.opcode), p.psn, p.payload_len, e->len);
	if (p.payload_len == e->len && e->len)
		CHECK(!memcmp(p.payload, mem + e->src, e->len), "QP %u %s PSN 0x%06x: payload bytes",
		      q->a, op(p.opcode), p.psn);
	if (eq == &q->req) {
		CHECK(p.ack_req == want_ack_req(p.opcode, p.psn, p.payload_len, int_enable),
		      "QP %u %s PSN 0x%06x: AckReq %d, want %d (INT %d, every 2^%u bytes)", q->a, op(p.opcode),
		      p.psn, p.ack_req, want_ack_req(p.opcode, p.psn, p.payload_len, int_enable), int_enable, ack_log2);
		if (p.opcode == ROCE_OP_WRITE_FIRST || p.opcode == ROCE_OP_WRITE_ONLY ||
		    p.opcode == ROCE_OP_READ_REQ)
			CHECK(p.va == e->va && p.rkey == e->rkey && p.dma_len == e->dma_len,
			      "QP %u %s: RETH %" PRIx64 "/%x/%u, expected %" PRIx64 "/%x/%u", q->a,
			      op(p.opcode), p.va, p.rkey, p.dma_len, e->va, e->rkey, e->dma_len);
	} else if (p.opcode != ROCE_OP_READ_RESP_MIDDLE) {
		CHECK(p.syndrome == ROCE_AETH_ACK, "QP %u %s: AETH syndrome 0x%02x", q->a, op(p.opcode),
		      p.syndrome);
	}
}

/*
 * SEND, SEND with immediate and RDMA WRITE with immediate at lengths 0, 1,
 * MTU - 1, MTU, MTU + 1 and several MTUs on a QP of their own (MTU 256).
 * The peer has no receive posted, so it answers the first SEND with an RNR
 * NAK; NIC 0 (RNR_RETRY 2 on this QP) waits the RNR delay and sends again,
 * twice, then fails the SEND with RNR_RETRY_EXCEEDED: every frame, first or
 * resent, must be the one its PSN stands for (opcode, payload, RETH on a
 * WRITE's FIRST/ONLY, the ImmDt on the last packet, a valid ICRC), and
 * every packet must have gone out.
 */
#define SQ_A        60
#define SQ_B        760
#define SQ_MTU_LOG2 8
#define SQ_MAX      128

struct sx {
	uint8_t opcode;
	uint32_t len, imm, dma_len, rkey;
	uint64_t src, va;
	unsigned seen;
};

static void send_phase(struct dp_pair *d, struct qp *qps, uint8_t *f, int int_enable,
		       uint64_t *frames, uint64_t *nreq, uint64_t *nrsp, uint64_t *nack)
{
	static const uint32_t mtu = 1u << SQ_MTU_LOG2;
	const uint32_t lens[] = { 0, 1, mtu - 1, mtu, mtu + 1, 3 * mtu + 5 };
	static struct sx ex[SQ_MAX];
	unsigned nex = 0, resent = 0, failed = 0, nimm = 0;
	uint32_t psn0 = (uint32_t)rnd() & 0xffffff;
	uint64_t src = 12ull << 20;
	uint8_t *mem = dp_mem(d, 0);

	dp_qp_rnr_retry(d, 0, SQ_A, 2);
	dp_connect(d, SQ_A, SQ_B, SQ_MTU_LOG2, psn0, (uint32_t)rnd() & 0xffffff);
	dp_allow_write(d, 1, MR_IOVA, MR_LEN);
	for (int kind = 0; kind < 3; kind++) {
		for (unsigned li = 0; li < sizeof(lens) / sizeof(lens[0]); li++) {
			struct dp_wqe w;
			uint32_t len = lens[li], n = len ? (len + mtu - 1) / mtu : 1;

			memset(&w, 0, sizeof(w));
			w.len = len;
			w.laddr = src;
			w.raddr = MR_VA + 0x100000 + (uint64_t)rndr(1 << 16);
			w.rkey = RKEY;
			int send = kind != 2, imm_valid = kind != 0;
			uint32_t imm = (uint32_t)rnd();
			tb_fill(mem + src, len, (uint32_t)rnd());
			for (uint32_t i = 0; i < n && nex < SQ_MAX; i++) {
				struct sx *e = &ex[nex++];
				int first = i == 0, last = i == n - 1;

				memset(e, 0, sizeof(*e));
				if (send)
					e->opcode = first && last ? (imm_valid ? ROCE_OP_SEND_ONLY_IMM : ROCE_OP_SEND_ONLY) :
						    first ? ROCE_OP_SEND_FIRST :
						    last ? (imm_valid ? ROCE_OP_SEND_LAST_IMM : ROCE_OP_SEND_LAST) :
						    ROCE_OP_SEND_MIDDLE;
				else
					e->opcode = first && last ? ROCE_OP_WRITE_ONLY_IMM : first ? ROCE_OP_WRITE_FIRST :
						    last ? ROCE_OP_WRITE_LAST_IMM : ROCE_OP_WRITE_MIDDLE;
				e->len = last ? len - i * mtu : mtu;
				e->src = src + (uint64_t)i * mtu;
				e->imm = imm;
				e->va = w.raddr;
				e->rkey = w.rkey;
				e->dma_len = w.len;
			}
			dp_post_op(d, 0, SQ_A, &w, send, imm_valid, imm);
			src += len + 64;
		}
	}
	for (unsigned t = 0; t < 20000 && !failed; t++) {
		struct dp_cpl cp;
		size_t len;

		dp_run(d, 64);
		while (dp_tx_pop(d, 0, f, MAXPKT, &len)) {
			struct roce_pkt p;
			int st;

			(*frames)++;
			st = roce_parse(f, len, ROCE_INT_PORT_DEFAULT, &p);
			if (st != ROCE_OK || p.dest_qpn != SQ_B) {
				check_frame(f, len, qps, mem, int_enable, nreq, nrsp, nack);
				continue;
			}
			uint32_t k = (p.psn - psn0) & 0xffffff;
			int info = roce_opcode_info(p.opcode);

			CHECK(k < nex, "SEND QP: PSN 0x%06x beyond the %u packets posted", p.psn, nex);
			if (k >= nex)
				continue;
			struct sx *e = &ex[k];
			CHECK(p.opcode == e->opcode && p.payload_len == e->len &&
			      p.ack_req == want_ack_req(p.opcode, p.psn, p.payload_len, int_enable),
			      "SEND QP PSN 0x%06x: %s %zu bytes AckReq %d, expected %s %u bytes", p.psn,
			      op(p.opcode), p.payload_len, p.ack_req, op(e->opcode), e->len);
			if (p.payload_len == e->len && e->len)
				CHECK(!memcmp(p.payload, mem + e->src, e->len), "SEND QP PSN 0x%06x: payload bytes",
				      p.psn);
			if (info > 0 && (info & ROCE_HAS_IMMDT))
				CHECK(p.imm == e->imm, "SEND QP PSN 0x%06x %s: ImmDt %08x, expected %08x", p.psn,
				      op(p.opcode), p.imm, e->imm);
			if (info > 0 && (info & ROCE_HAS_RETH))
				CHECK(p.va == e->va && p.rkey == e->rkey && p.dma_len == e->dma_len,
				      "SEND QP PSN 0x%06x %s: RETH %" PRIx64 "/%x/%u, expected %" PRIx64 "/%x/%u",
				      p.psn, op(p.opcode), p.va, p.rkey, p.dma_len, e->va, e->rkey, e->dma_len);
			CHECK(p.udp_sport == (0xc000 | SQ_A), "SEND QP: UDP sport 0x%04x", p.udp_sport);
			resent += e->seen > 0;
			nimm += info > 0 && (info & ROCE_HAS_IMMDT);
			e->seen++;
		}
		while (dp_poll(d, 0, &cp))
			if (cp.qpn == SQ_A)
				failed = cp.status == 7;   /* RNR_RETRY_EXCEEDED */
		while (dp_poll(d, 1, &cp))
			;
	}
	unsigned unseen = 0;
	for (unsigned k = 0; k < nex; k++)
		unseen += !ex[k].seen;
	CHECK(unseen == 0 && resent > 0 && failed, "SEND QP: %u of %u packets never sent, %u resent, "
	      "RNR retry exceeded %d", unseen, nex, resent, failed);
	printf("tx (INT %s): SEND, SEND with immediate, WRITE with immediate: %u packets (%u with an "
	       "ImmDt sent) each as its PSN stands for, %u resent, RNR NAKs until RNR retry exceeded\n",
	       int_enable ? "on" : "off", nex, nimm, resent);
}

static int run(uint64_t seed, int int_enable, unsigned rounds)
{
	struct dp_cfg c;
	struct dp_pair *d;
	struct qp qps[NQ];
	static const unsigned mtus[] = { 6, 8, 9, 10, 12 };
	uint64_t nreq = 0, nrsp = 0, nack = 0, frames = 0;
	uint8_t *f = malloc(MAXPKT);
	int bad_before = tb_failures;

	dp_cfg_test(&c, seed, int_enable, 0.1, pcap_base);
	c.mem_mb = 48;
	/* AckReq every packet (0) or once every 2^7..2^15 bytes, by the seed:
	 * at the runs' MTUs, from every packet to every 128th */
	ack_log2 = c.ack_req_log2 = seed % 10 ? (unsigned)(seed % 10) + 6 : 0;
	d = dp_new_or_exit(&c, "tb_tx");
	for (int n = 0; n < 2; n++)
		dp_mr(d, n, MR_IDX, MR_TAG, DP_ACC_REMOTE_WRITE | DP_ACC_REMOTE_READ, MR_VA, MR_LEN,
		      MR_IOVA);
	memset(qps, 0, sizeof(qps));
	for (int i = 0; i < NQ; i++) {
		qps[i].a = 2 + 3 * i;
		qps[i].b = 700 + 5 * i;
		qps[i].mtu_log2 = mtus[rndr(5)];
		qps[i].psn_a = (i & 1) ? 0xfffff0 + rndr(16) : rndr(1u << 24);
		qps[i].psn_b = (i & 2) ? 0xffffe0 + rndr(32) : rndr(1u << 24);
		qps[i].dcqcn = i & 1;
		dp_qp_cc_mode(d, 0, qps[i].a, qps[i].dcqcn);
		dp_qp_cc_mode(d, 1, qps[i].b, qps[i].dcqcn);
		dp_connect(d, qps[i].a, qps[i].b, qps[i].mtu_log2, qps[i].psn_a, qps[i].psn_b);
	}
	dp_tx_capture(d, 0, 1);

	for (unsigned r = 0; r < rounds; r++) {
		struct job j[24];
		unsigned nj = 8 + rndr(16);
		uint64_t loc[2] = { 0, 0 }, rem[2] = { 0, 0 };

		memset(j, 0, sizeof(j));
		for (unsigned i = 0; i < nj; i++) {
			int nic = rndr(3) == 0;        /* mostly NIC 0: the DUT's requests */
			unsigned qi = rndr(NQ);
			uint32_t len = rndr(5) == 0 ? rndr(8) : (uint32_t)(1u << rndr(16)) + rndr(4096);
			struct qp *q = &qps[qi];

			j[i].nic = nic;
			j[i].q = qi;
			j[i].seed = rnd();
			j[i].w.read = rndr(3) == 0;
			j[i].w.len = len;
			j[i].w.rkey = RKEY;
			/* local buffers below MR_IOVA, remote ones in the peer's region */
			j[i].w.laddr = loc[nic] + rndr(64);
			j[i].w.raddr = MR_VA + rem[nic] + rndr(64);
			loc[nic] = j[i].w.laddr + len + 64;
			rem[nic] = j[i].w.raddr - MR_VA + len + 64;
			if (j[i].w.read) {
				j[i].src = MR_IOVA + (j[i].w.raddr - MR_VA);
				j[i].dst = j[i].w.laddr;
				tb_fill(dp_mem(d, !nic) + j[i].src, len, j[i].seed);
				dp_allow_write(d, nic, j[i].dst, len);
			} else {
				j[i].src = j[i].w.laddr;
				j[i].dst = MR_IOVA + (j[i].w.raddr - MR_VA);
				tb_fill(dp_mem(d, nic) + j[i].src, len, j[i].seed);
			}
			expect_wqe(q, nic, &j[i].w);
			dp_post(d, nic, nic ? q->b : q->a, &j[i].w);
		}
		for (unsigned t = 0, left = nj; left && t < 40000; t++) {
			struct dp_cpl cp;
			size_t len;

			dp_run(d, 64);
			while (dp_tx_pop(d, 0, f, MAXPKT, &len)) {
				frames++;
				check_frame(f, len, qps, dp_mem(d, 0), int_enable, &nreq, &nrsp, &nack);
			}
			for (int nic = 0; nic < 2; nic++)
				while (dp_poll(d, nic, &cp))
					for (unsigned i = 0; i < nj; i++)
						if (j[i].nic == nic && !j[i].done &&
						    (nic ? qps[j[i].q].b : qps[j[i].q].a) == cp.qpn) {
							j[i].done = 1;
							j[i].status = cp.status;
							left--;
							break;
						}
		}
		for (unsigned i = 0; i < nj; i++) {
			uint8_t *want = malloc(j[i].w.len + 1);
			const uint8_t *got = dp_mem(d, j[i].w.read ? j[i].nic : !j[i].nic) + j[i].dst;

			tb_fill(want, j[i].w.len, j[i].seed);
			CHECK(j[i].done && !j[i].status && !memcmp(got, want, j[i].w.len),
			      "round %u job %u (NIC %d %s %u B): done %d status %u", r, i, j[i].nic,
			      j[i].w.read ? "READ" : "WRITE", j[i].w.len, j[i].done, j[i].status);
			free(want);
		}
	}
	dp_run(d, 5000);
	{
		size_t len;

		while (dp_tx_pop(d, 0, f, MAXPKT, &len)) {
			frames++;
			check_frame(f, len, qps, dp_mem(d, 0), int_enable, &nreq, &nrsp, &nack);
		}
	}
	send_phase(d, qps, f, int_enable, &frames, &nreq, &nrsp, &nack);
	for (int i = 0; i < NQ; i++) {
		CHECK(qps[i].req.head == qps[i].req.tail, "QP %u: %zu requests never sent", qps[i].a,
		      qps[i].req.tail - qps[i].req.head);
		CHECK(qps[i].rsp.head == qps[i].rsp.tail, "QP %u: %zu READ responses never sent",
		      qps[i].a, qps[i].rsp.tail - qps[i].rsp.head);
		free(qps[i].req.p);
		free(qps[i].rsp.p);
	}
	printf("tx (INT %s): %" PRIu64 " frames from NIC 0 checked field by field: %" PRIu64
	       " requests, %" PRIu64 " READ responses, %" PRIu64 " ACKs, %" PRIu64
	       " ECT(0) requests of DCQCN QPs (MTUs", int_enable ? "on" : "off", frames, nreq, nrsp, nack, necn);
	for (int i = 0; i < NQ; i++)
		printf(" %u", 1u << qps[i].mtu_log2);
	printf("): %s\n", tb_failures == bad_before ? "all as expected" : "FAILED");
	for (int nic = 0; nic < 2 && tb_failures != bad_before; nic++) {
		struct dp_nic_stats s;

		dp_stats(d, nic, &s);
		printf("  nic%d:", nic);
		for (unsigned k = 1; k < DP_NSTATS; k++)
			if (s.rtl[k])
				printf(" %s=%u", dp_stat_name(k), s.rtl[k]);
		printf("\n");
	}
	dp_free(d);
	free(f);
	return tb_failures - bad_before;
}

int main(int argc, char **argv)
{
	static const struct option lo[] = {
		{ "seed", required_argument, NULL, 's' },
		{ "pcap", required_argument, NULL, 'P' },
		{ "rounds", required_argument, NULL, 'r' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	uint64_t seed = tb_clock_seed();
	unsigned rounds = 30;
	int c;

	while ((c = getopt_long(argc, argv, "h", lo, NULL)) != -1) {
		switch (c) {
		case 's':
			seed = strtoull(optarg, NULL, 0);
			break;
		case 'P':
			pcap_base = optarg;
			break;
		case 'r':
			rounds = (unsigned)strtoul(optarg, NULL, 0);
			break;
		case 'h':
			printf("usage: tb_tx [--seed N] [--rounds N] [--pcap BASE]\n"
			       "Every frame a simulated hpnic TX pipe sends, parsed and compared field by\n"
			       "field with a model of its QPs: headers, INT block, opcodes, PSNs, RETH,\n"
			       "AETH, payload bytes. Random sizes, MTUs, first PSNs, stalls, back-pressure.\n"
			       "  --seed N     random seed (printed at start; default: the time)\n"
			       "  --pcap BASE  every frame of each run to BASE-int0.pcap and BASE-int1.pcap\n"
			       "  --rounds N   batches of WRITE/READ per INT setting (default 30)\n");
			return 0;
		default:
			return 2;
		}
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	printf("tb_tx: seed %" PRIu64 " (rerun with --seed %" PRIu64 ")\n", seed, seed);
	tb_seed(seed * 0x9e3779b97f4a7c15ull + 11);
	run(seed, 0, rounds);
	run(seed + 1, 1, rounds);
	printf("tb_tx: %s (%d failures)\n", tb_failures ? "FAILED" : "PASSED", tb_failures);
	return tb_failures ? 1 : 0;
}
