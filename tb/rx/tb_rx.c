/* SPDX-License-Identifier: MIT */
/*
 * tb_rx: the RX pipe's checks, one crafted frame per reason.
 *
 * NIC 1 of a simulated pair (sim/dp) is the device under test. Each case
 * injects frames into its RX as if from the MAC, and then checks:
 *  - the counter of the reason rose by exactly one per frame, and no other
 *    counter moved (rx_frames only for frames that pass the input checks);
 *  - nothing was written to memory when nothing should be;
 *  - the ACK or NAK that NIC 1 sent in answer, if any: syndrome and PSN.
 * DCQCN: CE-marked requests make NIC 1 send CNPs (checked byte by byte, at
 * most one per min_time_between_cnps), and CNPs injected into NIC 1 become
 * CNP events for its CC engine, or counted drops (unknown QP, bad ICRC).
 * A transfer on another QP pair runs through the whole test and must come
 * out byte-exact, and every injected frame must be counted exactly once.
 *
 * Randomized (payload bytes, PSNs, the clean transfer's sizes): prints its
 * seed; --seed reruns it.
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

/* NIC n's addresses in the harness */
#define MAC_OF(n)   (0x020000000010ull + (n))
#define IP_OF(n)    (0x0a000001u + (n))

/* the DUT's memory region */
#define MR_IDX      3
#define MR_TAG      0x4b
#define RKEY        ((MR_IDX << 8) | MR_TAG)
#define MR_VA       0x5500000000ull
#define MR_IOVA     (8ull << 20)
#define MR_LEN      (8ull << 20)

/* the QP pair under test (frames are injected as if NIC 0's QP_PEER sent
 * them) and the QP pair of the clean transfer */
#define QP_PEER     2
#define QP_DUT      700
#define QP_CLEAN_A  5
#define QP_CLEAN_B  705
#define MTU_LOG2    10
#define MTU         (1u << MTU_LOG2)

struct env {
	struct dp_pair *d;
	int int_enable;
	uint32_t epsn;                 /* QP_DUT's expected PSN, as the test tracks it */
	uint64_t injected;
	uint32_t st[DP_NSTATS];        /* counters before the case */
	uint8_t *shadow;               /* the DUT's region before the case */
};

static unsigned stat_idx(const char *name)
{
	for (unsigned k = 0; k < DP_NSTATS; k++)
		if (!strcmp(dp_stat_name(k), name))
			return k;
	fprintf(stderr, "tb_rx: no counter %s\n", name);
	exit(2);
}

static void env_snap(struct env *e)
{
	struct dp_nic_stats s;

	dp_stats(e->d, 1, &s);
	memcpy(e->st, s.rtl, sizeof(e->st));
	memcpy(e->shadow, dp_mem(e->d, 1) + MR_IOVA, MR_LEN);
}

/* a valid frame from NIC 0's QP_PEER to QP_DUT */
static void base_pkt(const struct env *e, struct roce_pkt *p, uint8_t opcode, uint32_t psn)
{
	roce_pkt_init(p, opcode, QP_DUT, psn);
	for (int i = 0; i < 6; i++) {
		p->src_mac[i] = (uint8_t)(MAC_OF(0) >> (40 - 8 * i));
		p->dst_mac[i] = (uint8_t)(MAC_OF(1) >> (40 - 8 * i));
	}
	p->src_ip = IP_OF(0);
	p->dst_ip = IP_OF(1);
	p->udp_sport = 0xc000 | QP_PEER;
	p->ack_req = true;
	if (e->int_enable) {
		p->int_present = true;
		p->udp_dport = ROCE_INT_PORT_DEFAULT;
	}
	p->rkey = RKEY;
}

static uint8_t payload[8192];

static size_t build(const struct roce_pkt *p, uint8_t *buf, size_t cap)
{
	size_t len = 0;
	int st = roce_build(p, buf, cap, &len);

	if (st) {
		fprintf(stderr, "tb_rx: roce_build: %s\n", roce_strerror(st));
		exit(2);
	}
	return len;
}

/* a WRITE ONLY of n bytes at offset off of the region, in sequence */
static size_t write_only(const struct env *e, uint8_t *buf, size_t cap, uint32_t psn, uint32_t n,
			 uint64_t off)
{
	struct roce_pkt p;

	base_pkt(e, &p, ROCE_OP_WRITE_ONLY, psn);
	p.va = MR_VA + off;
	p.dma_len = n;
	p.payload = payload;
	p.payload_len = n;
	return build(&p, buf, cap);
}

static void fix(const struct env *e, uint8_t *f, size_t len)
{
	int st = roce_frame_fix(f, len, e->int_enable ? ROCE_INT_PORT_DEFAULT : 0);

	if (st) {
		fprintf(stderr, "tb_rx: roce_frame_fix: %s\n", roce_strerror(st));
		exit(2);
	}
}

/* the IPv4 header checksum alone (for frames the ICRC helper refuses) */
static void fix_ip_csum(uint8_t *f)
{
	uint16_t c;

	f[24] = 0;
	f[25] = 0;
	c = roce_ipv4_csum(f + 14);
	f[24] = (uint8_t)(c >> 8);
	f[25] = (uint8_t)c;
}

static void inject(struct env *e, const uint8_t *f, size_t len, int mac_err)
{
	if (mac_err)
		dp_inject_mac_err(e->d, 1, f, len);
	else
		dp_inject(e->d, 1, f, len);
	e->injected++;
}

/* what NIC 1 sent to QP_PEER since the last call: ACK/NAK syndromes and PSNs */
struct answers {
	unsigned n;
	uint8_t syn[8];
	uint32_t psn[8];
	uint8_t opcode[8];
	int acked;                     /* an ACK among them: the last one's PSN */
	uint32_t ack_psn;
	unsigned ncnp;                 /* CNPs, not counted in n (each checked) */
};

/* a CNP NIC 1 sent for QP_DUT: every header field, the reserved bytes, the
 * length and (roce_parse) the ICRC and IPv4 checksum */
static void check_cnp(const struct env *e, const uint8_t *f, size_t len, const struct roce_pkt *p)
{
	size_t hl = 14 + 20 + 8 + (e->int_enable ? ROCE_INT_LEN : 0), bth = hl;
	int zero = 1;

	CHECK(len == hl + 12 + 16 + 4, "CNP: %zu bytes, expected %zu", len, hl + 12 + 16 + 4);
	for (size_t i = bth + 12; i < bth + 28 && i < len; i++)
		zero &= f[i] == 0;
	CHECK(zero, "CNP: reserved bytes not zero");
	CHECK(p->src_ip == IP_OF(1) && p->dst_ip == IP_OF(0), "CNP: IPv4 addresses");
	CHECK(p->dscp == 26 && p->ecn == 0 && p->ttl == 64, "CNP: DSCP %u ECN %u TTL %u", p->dscp, p->ecn,
	      p->ttl);
	CHECK(p->udp_sport == (0xc000 | QP_DUT), "CNP: UDP sport 0x%04x", p->udp_sport);
	CHECK(p->udp_dport == (e->int_enable ? ROCE_INT_PORT_DEFAULT : ROCE_UDP_PORT), "CNP: UDP dport");
	CHECK(p->opcode == ROCE_OP_CNP && p->dest_qpn == QP_PEER && p->psn == 0, "CNP: opcode 0x%02x QPN %u PSN %u",
	      p->opcode, p->dest_qpn, p->psn);
	CHECK(!p->se && !p->migreq && p->pad == 0 && p->tver == 0 && p->pkey == 0xffff && !p->ack_req,
	      "CNP: BTH SE %d M %d pad %u TVer %u P_Key 0x%04x AckReq %d", p->se, p->migreq, p->pad, p->tver,
	      p->pkey, p->ack_req);
	CHECK(p->becn && !p->fecn, "CNP: BECN %d FECN %d", p->becn, p->fecn);
	CHECK(f[bth + 4] == 0x40, "CNP: BTH byte 4 0x%02x, expected 0x40", f[bth + 4]);
	CHECK(!p->va && !p->rkey && !p->dma_len && !p->payload_len, "CNP: reserved fields or payload");
}

static void take_answers(struct env *e, struct answers *a)
{
	uint8_t f[9300];
	size_t len;

	memset(a, 0, sizeof(*a));
	while (dp_tx_pop(e->d, 1, f, sizeof(f), &len)) {
		struct roce_pkt p;

		if (roce_parse(f, len, ROCE_INT_PORT_DEFAULT, &p) != ROCE_OK) {
			CHECK(0, "NIC 1 sent a frame its peer cannot parse");
			continue;
		}
		if (p.dest_qpn != QP_PEER)
			continue;
		if (p.opcode == ROCE_OP_CNP) {
			check_cnp(e, f, len, &p);
			a->ncnp++;
			continue;
		}
		if (p.opcode == ROCE_OP_ACK && p.syndrome == ROCE_AETH_ACK) {
			a->acked = 1;
			a->ack_psn = p.psn;
		}
		if (a->n < 8) {
			a->syn[a->n] = p.syndrome;
			a->psn[a->n] = p.psn;
			a->opcode[a->n] = p.opcode;
		}
		a->n++;
	}
}

/*
 * Check the counters after a case: `name` (and `also`, when not NULL) rose
 * by `times` and nothing else moved; `writes` tells whether the DUT's region
 * may change.
 */
static void expect2(struct env *e, const char *what, const char *name, const char *also,
		    unsigned times, int writes)
{
	struct dp_nic_stats s;
	unsigned k_name = stat_idx(name), k_frames = stat_idx("rx_frames");
	unsigned k_also = also ? stat_idx(also) : DP_NSTATS;
	int bad = 0;

	dp_run(e->d, 3000);
	dp_stats(e->d, 1, &s);
	for (unsigned k = 0; k < DP_NSTATS; k++) {
		uint32_t want = e->st[k];

		/* the clean pair's own traffic moves these */
		if ((k == stat_idx("rx_writes") || k == stat_idx("rx_reads")) && k != k_name)
			continue;
		if (k == k_frames)
			continue;
		if (k == k_name || k == k_also)
			want += times;
		if (s.rtl[k] != want) {
			if (bad++ < 4)
				fprintf(stderr, "  %s: %s %u, expected %u\n", what, dp_stat_name(k),
					s.rtl[k], want);
		}
	}
	CHECK(!bad, "%s: counters", what);
	if (!writes) {
		const uint8_t *now = dp_mem(e->d, 1) + MR_IOVA;
		size_t at = 0;

		while (at < MR_LEN && now[at] == e->shadow[at])
			at++;
		CHECK(at == MR_LEN, "%s: the region changed at offset 0x%zx", what, at);
	}
	printf("  %-48s %s%s%s +%u%s\n", what, name, also ? ", " : "", also ? also : "", times,
	       bad ? "  FAILED" : "");
}

static void expect(struct env *e, const char *what, const char *name, unsigned times, int writes)
{
	expect2(e, what, name, NULL, times, writes);
}

/* drop checks of the input stage: one frame, one counter, no answer */
static void drop_case(struct env *e, const char *what, const char *name, uint8_t *f, size_t len,
		      int mac_err)
{
	struct answers a;

	env_snap(e);
	take_answers(e, &a);
	inject(e, f, len, mac_err);
	expect(e, what, name, 1, 0);
	take_answers(e, &a);
	CHECK(a.n == 0, "%s: NIC 1 answered a dropped frame (%u frames)", what, a.n);
}

static void answer_is(struct env *e, const char *what, uint8_t syn, uint32_t psn)
{
	struct answers a;

	take_answers(e, &a);
	CHECK(a.n == 1, "%s: %u answers, expected 1", what, a.n);
	if (a.n >= 1) {
		CHECK(a.opcode[0] == ROCE_OP_ACK, "%s: answer opcode 0x%02x", what, a.opcode[0]);
		CHECK(a.syn[0] == syn, "%s: syndrome 0x%02x, expected 0x%02x", what, a.syn[0], syn);
		CHECK(a.psn[0] == psn, "%s: answer PSN 0x%06x, expected 0x%06x", what, a.psn[0], psn);
	}
}

static void no_answer(struct env *e, const char *what)
{
	struct answers a;

	take_answers(e, &a);
	CHECK(a.n == 0, "%s: %u answers, expected none", what, a.n);
}

static void input_checks(struct env *e)
{
	uint8_t f[9300];
	size_t len;

	printf("input checks (INT %s):\n", e->int_enable ? "on" : "off");
	len = write_only(e, f, sizeof(f), e->epsn, 64, 0);
	drop_case(e, "FCS error flagged by the MAC", "rx_mac_err", f, len, 1);

	len = write_only(e, f, sizeof(f), e->epsn, 4096, 0);
	memset(f + len, 0x5a, 300);
	drop_case(e, "frame longer than the longest legal one", "rx_too_long", f, len + 300, 0);

	len = write_only(e, f, sizeof(f), e->epsn, 64, 0);
	f[12] = 0x86;
	f[13] = 0xdd;
	drop_case(e, "ethertype IPv6", "rx_eth_type", f, len, 0);

	len = write_only(e, f, sizeof(f), e->epsn, 64, 0);
	f[5] ^= 0x40;
	drop_case(e, "destination MAC not ours", "rx_not_ours", f, len, 0);

	len = write_only(e, f, sizeof(f), e->epsn, 64, 0);
	f[33] ^= 0x07;
	fix(e, f, len);
	drop_case(e, "destination IP not ours", "rx_not_ours", f, len, 0);

	len = write_only(e, f, sizeof(f), e->epsn, 64, 0);
	f[14] = 0x46;
	fix_ip_csum(f);
	drop_case(e, "IPv4 IHL 6 (options)", "rx_ip_hdr", f, len, 0);

	len = write_only(e, f, sizeof(f), e->epsn, 64, 0);
	f[14] = 0x65;
	fix_ip_csum(f);
	drop_case(e, "IP version 6 in an IPv4 ethertype", "rx_ip_hdr", f, len, 0);

	len = write_only(e, f, sizeof(f), e->epsn, 64, 0);
	f[25] ^= 0x01;
	drop_case(e, "IPv4 header checksum wrong", "rx_ip_csum", f, len, 0);

	len = write_only(e, f, sizeof(f), e->epsn, 64, 0);
	f[20] |= 0x20;
	fix(e, f, len);
	drop_case(e, "IPv4 fragment (MF)", "rx_ip_frag", f, len, 0);

	len = write_only(e, f, sizeof(f), e->epsn, 64, 0);
	f[23] = 6;
	fix_ip_csum(f);
	drop_case(e, "IPv4 protocol TCP", "rx_not_udp", f, len, 0);

	len = write_only(e, f, sizeof(f), e->epsn, 64, 0);
	f[36] = 0x12;
	f[37] = 0xb6;                      /* 4790 */
	drop_case(e, "UDP destination port 4790", "rx_udp_port", f, len, 0);

	len = write_only(e, f, sizeof(f), e->epsn, 64, 0);
	f[39] += 4;
	drop_case(e, "UDP length wrong", "rx_udp_len", f, len, 0);

	len = write_only(e, f, sizeof(f), e->epsn, 256, 0);
	drop_case(e, "frame truncated (IPv4 length past its end)", "rx_ip_len", f, len - 40, 0);

	len = write_only(e, f, sizeof(f), e->epsn, 64, 0);
	{
		size_t b = 42 + (e->int_enable ? ROCE_INT_LEN : 0);

		f[b] = 0x13;                   /* COMPARE SWAP: not an opcode hpnic uses */
		fix(e, f, len);
		drop_case(e, "BTH opcode COMPARE SWAP", "rx_opcode", f, len, 0);

		len = write_only(e, f, sizeof(f), e->epsn, 64, 0);
		f[b + 1] |= 0x01;              /* TVer 1 */
		fix(e, f, len);
		drop_case(e, "BTH TVer 1", "rx_tver", f, len, 0);

		len = write_only(e, f, sizeof(f), e->epsn, 64, 0);
		f[b + 5] = 0x01;               /* destination QPN 0x01xxxx */
		fix(e, f, len);
		drop_case(e, "destination QPN beyond the QP table", "rx_qpn", f, len, 0);

		len = write_only(e, f, sizeof(f), e->epsn, 8, 0);
		f[b] = ROCE_OP_READ_REQ;       /* RETH + 8 payload bytes */
		fix(e, f, len);
		drop_case(e, "READ REQUEST carrying payload", "rx_pay_len", f, len, 0);

		len = write_only(e, f, sizeof(f), e->epsn, 0, 0);
		f[b + 1] |= 0x30;              /* pad 3 and no payload bytes at all */
		fix(e, f, len);
		drop_case(e, "pad count larger than the payload", "rx_pay_len", f, len, 0);
	}

	len = write_only(e, f, sizeof(f), e->epsn, 64, 0);
	f[len - 30] ^= 0x10;                /* a payload bit */
	drop_case(e, "payload bit flipped (ICRC)", "rx_icrc", f, len, 0);

	len = write_only(e, f, sizeof(f), e->epsn, 64, 0);
	f[len - 1] ^= 0x80;                 /* the ICRC itself */
	drop_case(e, "ICRC byte flipped", "rx_icrc", f, len, 0);

	if (e->int_enable) {
		len = write_only(e, f, sizeof(f), e->epsn, 64, 0);
		f[42] = 0x60;                  /* nHop 6 */
		drop_case(e, "INT nHop 6", "rx_int", f, len, 0);
	}
}

/*
 * SEND and the immediate forms: admitted with their header lengths (ImmDt
 * behind the BTH, or behind the RETH) and handed to RX decide. They come
 * ahead of the expected PSN, so that RX decide takes them as requests and
 * executes none (that is tb_rx_decide's and tb_dp's): each counts as out of
 * sequence, the first draws the one PSN NAK, nothing is written; an
 * in-sequence packet clears the NAK state after. With the ImmDt missing or
 * a pad past the payload, dropped as rx_pay_len
 */
static void send_checks(struct env *e)
{
	static const struct { uint8_t op; uint32_t len; } ok[] = {
		{ ROCE_OP_SEND_FIRST, MTU }, { ROCE_OP_SEND_MIDDLE, MTU }, { ROCE_OP_SEND_LAST, 1 },
		{ ROCE_OP_SEND_LAST_IMM, 5 }, { ROCE_OP_SEND_ONLY, 0 }, { ROCE_OP_SEND_ONLY_IMM, 3 },
		{ ROCE_OP_WRITE_LAST_IMM, 7 }, { ROCE_OP_WRITE_ONLY_IMM, 9 },
		{ ROCE_OP_WRITE_ONLY_IMM, 0 },
	};
	const unsigned nok = sizeof(ok) / sizeof(ok[0]);
	uint8_t f[9300];
	size_t len, b = 42 + (e->int_enable ? ROCE_INT_LEN : 0);
	struct roce_pkt p;
	struct dp_nic_stats s0, s1;
	int bad = 0;

	printf("SEND and immediate (INT %s):\n", e->int_enable ? "on" : "off");
	env_snap(e);
	dp_stats(e->d, 1, &s0);
	take_answers(e, &(struct answers){ 0 });
	for (unsigned i = 0; i < nok; i++) {
		base_pkt(e, &p, ok[i].op, (e->epsn + 100 + i) & 0xffffff);
		p.va = MR_VA;
		p.dma_len = ok[i].len;
		p.imm = (uint32_t)rnd();
		p.payload = ok[i].len ? payload : NULL;
		p.payload_len = ok[i].len;
		len = build(&p, f, sizeof(f));
		inject(e, f, len, 0);
	}
	dp_run(e->d, 3000);
	dp_stats(e->d, 1, &s1);
	for (unsigned k = 0; k < DP_NSTATS; k++) {
		unsigned want = s0.rtl[k] + (k == stat_idx("rx_frames") || k == stat_idx("rx_psn_oos") ?
					     nok : k == stat_idx("rx_nak_seq_sent") ? 1 : 0);

		if ((k == stat_idx("rx_writes") || k == stat_idx("rx_reads")))
			continue;
		if (k == stat_idx("rx_frames") ? s1.rtl[k] - s0.rtl[k] < nok : s1.rtl[k] != want) {
			if (bad++ < 4)
				fprintf(stderr, "  SEND and immediate: %s %u, expected %u\n",
					dp_stat_name(k), s1.rtl[k], want);
		}
	}
	CHECK(!bad, "SEND and immediate: counters");
	answer_is(e, "SEND and immediate ahead of the expected PSN", ROCE_AETH_NAK(ROCE_NAK_PSN_SEQ),
		  e->epsn);
	{
		const uint8_t *now = dp_mem(e->d, 1) + MR_IOVA;
		size_t at = 0;

		while (at < MR_LEN && now[at] == e->shadow[at])
			at++;
		CHECK(at == MR_LEN, "SEND and immediate: the region changed at offset 0x%zx", at);
	}
	printf("  %-48s rx_frames, rx_psn_oos +%u, one PSN NAK\n",
	       "every SEND and *_IMM opcode admitted", nok);
	/* in sequence again (an empty WRITE): the NAK state cleared */
	env_snap(e);
	len = write_only(e, f, sizeof(f), e->epsn, 0, 0);
	inject(e, f, len, 0);
	dp_run(e->d, 3000);
	answer_is(e, "an empty WRITE in sequence after them", ROCE_AETH_ACK, e->epsn);
	e->epsn = (e->epsn + 1) & 0xffffff;

	/* a WRITE ONLY turned WRITE ONLY with Immediate: the ImmDt missing */
	len = write_only(e, f, sizeof(f), e->epsn, 0, 0);
	f[b] = ROCE_OP_WRITE_ONLY_IMM;
	fix(e, f, len);
	drop_case(e, "WRITE ONLY with Immediate without its ImmDt", "rx_pay_len", f, len, 0);

	/* a SEND ONLY with nothing behind its BTH turned SEND ONLY with
	 * Immediate, and SEND LAST with Immediate with a pad past its payload */
	base_pkt(e, &p, ROCE_OP_SEND_ONLY, e->epsn);
	len = build(&p, f, sizeof(f));
	f[b] = ROCE_OP_SEND_ONLY_IMM;
	fix(e, f, len);
	drop_case(e, "SEND ONLY with Immediate without its ImmDt", "rx_pay_len", f, len, 0);

	base_pkt(e, &p, ROCE_OP_SEND_ONLY_IMM, e->epsn);
	len = build(&p, f, sizeof(f));
	f[b] = ROCE_OP_SEND_LAST_IMM;
	f[b + 1] |= 0x30;
	fix(e, f, len);
	drop_case(e, "SEND LAST with Immediate, pad 3, no payload", "rx_pay_len", f, len, 0);
}

/* a fatal NAK leaves the responder failed, as IB's: the peer reconnects
 * (both ends restart, the responder at the PSN the NAK named) */
static void reconnect(struct env *e)
{
	dp_connect(e->d, QP_PEER, QP_DUT, MTU_LOG2, e->epsn, (uint32_t)rnd());
}

static void transport_checks(struct env *e)
{
	uint8_t f[9300];
	size_t len;
	struct roce_pkt p;
	uint8_t *mem = dp_mem(e->d, 1);

	printf("transport checks (INT %s):\n", e->int_enable ? "on" : "off");

	/* a QP that is not connected: QPN in range, state RESET */
	len = write_only(e, f, sizeof(f), e->epsn, 64, 0);
	{
		size_t b = 42 + (e->int_enable ? ROCE_INT_LEN : 0);

		f[b + 6] = 0;
		f[b + 7] = 100;
		fix(e, f, len);
	}
	env_snap(e);
	inject(e, f, len, 0);
	expect(e, "WRITE to a QP in RESET", "rx_bad_qp", 1, 0);
	no_answer(e, "WRITE to a QP in RESET");

	/* out of sequence: one NAK carrying the expected PSN, then silence */
	env_snap(e);
	len = write_only(e, f, sizeof(f), (e->epsn + 5) & 0xffffff, 64, 0x100);
	inject(e, f, len, 0);
	expect2(e, "PSN ahead of the expected one", "rx_nak_seq_sent", "rx_psn_oos", 1, 0);
	answer_is(e, "PSN ahead", ROCE_AETH_NAK(ROCE_NAK_PSN_SEQ), e->epsn);
	env_snap(e);
	len = write_only(e, f, sizeof(f), (e->epsn + 6) & 0xffffff, 64, 0x100);
	inject(e, f, len, 0);
	expect(e, "a second one: discarded, no NAK", "rx_psn_oos", 1, 0);
	no_answer(e, "second out-of-sequence packet");

	/* in sequence: written, acknowledged */
	for (unsigned i = 0; i < 64; i++)
		payload[i] = (uint8_t)rnd();
	memset(mem + MR_IOVA + 0x200, 0, 64);
	env_snap(e);
	len = write_only(e, f, sizeof(f), e->epsn, 64, 0x200);
	inject(e, f, len, 0);
	expect(e, "in-sequence WRITE ONLY", "rx_writes", 1, 1);
	answer_is(e, "in-sequence WRITE", ROCE_AETH_ACK, e->epsn);
	CHECK(!memcmp(mem + MR_IOVA + 0x200, payload, 64), "in-sequence WRITE: bytes not in memory");
	e->epsn = (e->epsn + 1) & 0xffffff;

	/* a duplicate: acknowledged again, not written */
	env_snap(e);
	memset(payload, 0x77, 64);
	len = write_only(e, f, sizeof(f), (e->epsn - 1) & 0xffffff, 64, 0x200);
	inject(e, f, len, 0);
	expect(e, "duplicate WRITE", "rx_psn_dup", 1, 0);
	answer_is(e, "duplicate WRITE", ROCE_AETH_ACK, (e->epsn - 1) & 0xffffff);

	/* memory protection: wrong tag, past the end, no region */
	static const struct {
		const char *what;
		uint32_t rkey;
		uint64_t off;
		uint32_t n;
	} acc[] = {
		{ "R_Key with the wrong tag", RKEY ^ 1, 0, 64 },
		{ "range past the region's end", RKEY, MR_LEN - 32, 64 },
		{ "VA below the region", RKEY, (uint64_t)-64, 64 },
		{ "R_Key of an empty slot", (9 << 8) | 0x11, 0, 64 },
		{ "R_Key index beyond the table", 0x7fff0011, 0, 64 },
	};
	for (unsigned i = 0; i < sizeof(acc) / sizeof(acc[0]); i++) {
		base_pkt(e, &p, ROCE_OP_WRITE_ONLY, e->epsn);
		p.rkey = acc[i].rkey;
		p.va = MR_VA + acc[i].off;
		p.dma_len = acc[i].n;
		p.payload = payload;
		p.payload_len = acc[i].n;
		len = build(&p, f, sizeof(f));
		env_snap(e);
		inject(e, f, len, 0);
		expect(e, acc[i].what, "rx_access_err", 1, 0);
		answer_is(e, acc[i].what, ROCE_AETH_NAK(ROCE_NAK_REMOTE_ACCESS), e->epsn);
		if (i == 0) {
			/* failed now: the next request, in sequence and good, is
			 * dropped (counted as a QP not ready) and not answered */
			env_snap(e);
			len = write_only(e, f, sizeof(f), e->epsn, 64, 0x200);
			inject(e, f, len, 0);
			expect(e, "a good WRITE to the failed responder", "rx_bad_qp", 1, 0);
			no_answer(e, "WRITE to a failed responder");
		}
		reconnect(e);
	}

	/* a READ of a region without the read right */
	base_pkt(e, &p, ROCE_OP_READ_REQ, e->epsn);
	p.rkey = (4 << 8) | 0x44;
	p.va = 0x6600000000ull;
	p.dma_len = 100;
	len = build(&p, f, sizeof(f));
	env_snap(e);
	inject(e, f, len, 0);
	expect(e, "READ of a write-only region", "rx_access_err", 1, 0);
	answer_is(e, "READ of a write-only region", ROCE_AETH_NAK(ROCE_NAK_REMOTE_ACCESS), e->epsn);
	reconnect(e);

	/* lengths: a FIRST shorter than the MTU, a LAST without a FIRST */
	base_pkt(e, &p, ROCE_OP_WRITE_FIRST, e->epsn);
	p.va = MR_VA;
	p.dma_len = 3 * MTU;
	p.payload = payload;
	p.payload_len = MTU - 4;
	len = build(&p, f, sizeof(f));
	env_snap(e);
	inject(e, f, len, 0);
	expect(e, "WRITE FIRST shorter than the MTU", "rx_len_err", 1, 0);
	answer_is(e, "short WRITE FIRST", ROCE_AETH_NAK(ROCE_NAK_INVALID_REQ), e->epsn);
	reconnect(e);

	base_pkt(e, &p, ROCE_OP_WRITE_LAST, e->epsn);
	p.payload = payload;
	p.payload_len = 100;
	len = build(&p, f, sizeof(f));
	env_snap(e);
	inject(e, f, len, 0);
	expect(e, "WRITE LAST without a FIRST", "rx_len_err", 1, 0);
	answer_is(e, "WRITE LAST alone", ROCE_AETH_NAK(ROCE_NAK_INVALID_REQ), e->epsn);
	reconnect(e);

	base_pkt(e, &p, ROCE_OP_WRITE_ONLY, e->epsn);
	p.va = MR_VA;
	p.dma_len = 200;                   /* the RETH says 200, 100 arrive */
	p.payload = payload;
	p.payload_len = 100;
	len = build(&p, f, sizeof(f));
	env_snap(e);
	inject(e, f, len, 0);
	expect(e, "WRITE ONLY shorter than its RETH length", "rx_len_err", 1, 0);
	answer_is(e, "WRITE ONLY short", ROCE_AETH_NAK(ROCE_NAK_INVALID_REQ), e->epsn);
	reconnect(e);

	/* pad 3 on 64 bytes: 61 payload bytes, fewer than the RETH's 64 */
	len = write_only(e, f, sizeof(f), e->epsn, 64, 0);
	f[42 + (e->int_enable ? ROCE_INT_LEN : 0) + 1] |= 0x30;
	fix(e, f, len);
	env_snap(e);
	inject(e, f, len, 0);
	expect(e, "WRITE ONLY whose pad makes it short", "rx_len_err", 1, 0);
	answer_is(e, "pad makes it short", ROCE_AETH_NAK(ROCE_NAK_INVALID_REQ), e->epsn);
	reconnect(e);

	/* a READ response nobody asked for */
	base_pkt(e, &p, ROCE_OP_READ_RESP_ONLY, e->epsn);
	p.payload = payload;
	p.payload_len = 64;
	len = build(&p, f, sizeof(f));
	env_snap(e);
	inject(e, f, len, 0);
	expect(e, "READ response with no READ outstanding", "rx_resp_stray", 1, 0);
	no_answer(e, "stray READ response");

	/* the QP works again after the reconnects: one more in-sequence WRITE */
	for (unsigned i = 0; i < 64; i++)
		payload[i] = (uint8_t)rnd();
	env_snap(e);
	len = write_only(e, f, sizeof(f), e->epsn, 64, 0x300);
	inject(e, f, len, 0);
	expect(e, "in-sequence WRITE after all of that", "rx_writes", 1, 1);
	answer_is(e, "WRITE after the errors", ROCE_AETH_ACK, e->epsn);
	CHECK(!memcmp(mem + MR_IOVA + 0x300, payload, 64), "WRITE after the errors: bytes not in memory");
	e->epsn = (e->epsn + 1) & 0xffffff;
}

/* the RX buffer fills while memory writes stall: whole frames are dropped
 * and counted, nothing hangs, the QP recovers */
static void overflow_check(struct env *e)
{
	uint8_t f[9300];
	size_t len;
	struct dp_nic_stats s0, s1;
	unsigned n = 64, admitted;

	printf("RX buffer overflow (INT %s):\n", e->int_enable ? "on" : "off");
	dp_stats(e->d, 1, &s0);
	dp_set_dma_wr_stall(e->d, 1, 1.0);
	for (unsigned i = 0; i < n; i++) {
		len = write_only(e, f, sizeof(f), (e->epsn + i) & 0xffffff, MTU, 0x1000 + (uint64_t)i * MTU);
		inject(e, f, len, 0);
	}
	dp_run(e->d, 4000);
	dp_set_dma_wr_stall(e->d, 1, 0.05);
	dp_run(e->d, 20000);
	dp_stats(e->d, 1, &s1);
	admitted = s1.rtl[stat_idx("rx_frames")] - s0.rtl[stat_idx("rx_frames")];
	{
		unsigned full = s1.rtl[stat_idx("rx_full")] - s0.rtl[stat_idx("rx_full")];

		printf("  %u back-to-back 1 KiB WRITEs while memory writes stall: %u buffered, %u dropped"
		       " as rx_full\n", n, admitted, full);
		CHECK(full > 0, "no frame was dropped as rx_full");
		CHECK(full + admitted >= n, "frames unaccounted for: %u admitted + %u full < %u",
		      admitted, full, n);
	}
	/* the frames that fit are in sequence and acknowledged, the first
	 * one dropped is missing: the QP waits for it; it arrives now */
	{
		struct answers a;

		take_answers(e, &a);
		CHECK(a.acked, "no ACK for the buffered frames");
		if (a.acked)
			e->epsn = (a.ack_psn + 1) & 0xffffff;
		for (unsigned i = 0; i < 64; i++)
			payload[i] = (uint8_t)rnd();
		env_snap(e);
		len = write_only(e, f, sizeof(f), e->epsn, 64, 0x400);
		inject(e, f, len, 0);
		expect(e, "the missing frame, resent after the overflow", "rx_writes", 1, 1);
		answer_is(e, "resent after the overflow", ROCE_AETH_ACK, e->epsn);
		CHECK(!memcmp(dp_mem(e->d, 1) + MR_IOVA + 0x400, payload, 64),
		      "resent after the overflow: bytes not in memory");
	}
}

struct job {
	int nic;
	unsigned qpn;
	struct dp_wqe w;
	uint64_t seed;
	uint64_t src, dst;             /* IO addresses: where the bytes come from, go to */
	int done;
	unsigned status;
};

/* a CE-marked WRITE ONLY of 64 bytes, in sequence */
static size_t write_ce(struct env *e, uint8_t *buf, size_t cap)
{
	struct roce_pkt p;

	base_pkt(e, &p, ROCE_OP_WRITE_ONLY, e->epsn);
	p.ecn = 3;
	p.va = MR_VA + 0x2000;
	p.dma_len = 64;
	p.payload = payload;
	p.payload_len = 64;
	e->epsn = (e->epsn + 1) & 0xffffff;
	return build(&p, buf, cap);
}

/* a CNP from QP_PEER's side to qpn */
static size_t cnp_to(const struct env *e, uint8_t *buf, size_t cap, unsigned qpn)
{
	struct roce_pkt p;

	base_pkt(e, &p, ROCE_OP_CNP, 0);
	p.dest_qpn = qpn;
	p.rkey = 0;
	p.ack_req = false;
	p.migreq = false;
	p.becn = true;
	p.ecn = 0;
	return build(&p, buf, cap);
}

static void dcqcn_checks(struct env *e)
{
	uint8_t f[9300];
	size_t len;
	struct answers a;
	struct dp_nic_stats s0, s;
	unsigned q;
	uint64_t cyc;

	printf("DCQCN notification point and CNPs (INT %s):\n", e->int_enable ? "on" : "off");
	take_answers(e, &a);
	while (dp_cnp_pop(e->d, 1, &q, &cyc) == 0)
		;
	/* nothing for 5 us: the QP's last CNP, if any, is older than 4 us */
	dp_run(e->d, 5 * DP_CLK_MHZ);
	dp_stats(e->d, 1, &s0);

	/* CE-marked request: it is ACKed as always, and one CNP goes to QP_PEER */
	len = write_ce(e, f, sizeof(f));
	inject(e, f, len, 0);
	dp_run(e->d, 250);                  /* 1 us */
	take_answers(e, &a);
	dp_stats(e->d, 1, &s);
	CHECK(a.ncnp == 1 && a.acked && a.ack_psn == ((e->epsn - 1) & 0xffffff),
	      "CE-marked WRITE: %u CNPs (want 1), ACK %d PSN 0x%06x", a.ncnp, a.acked, a.ack_psn);
	CHECK(s.ce_rx == s0.ce_rx + 1 && s.cnp_sent == s0.cnp_sent + 1 && s.cnp_suppressed == s0.cnp_suppressed,
	      "CE-marked WRITE: np_ce_rx +%u np_cnp_sent +%u np_cnp_suppressed +%u", s.ce_rx - s0.ce_rx,
	      s.cnp_sent - s0.cnp_sent, s.cnp_suppressed - s0.cnp_suppressed);
	printf("  %-48s one CNP, right bytes and ICRC; the WRITE ACKed\n", "CE-marked WRITE ONLY");

	/* another 1 us later: within min_time_between_cnps (4 us), suppressed */
	len = write_ce(e, f, sizeof(f));
	inject(e, f, len, 0);
	dp_run(e->d, 250);
	take_answers(e, &a);
	dp_stats(e->d, 1, &s);
	CHECK(a.ncnp == 0 && a.acked, "second CE mark within 4 us: %u CNPs (want 0), ACK %d", a.ncnp, a.acked);
	CHECK(s.cnp_sent == s0.cnp_sent + 1 && s.cnp_suppressed == s0.cnp_suppressed + 1,
	      "second CE mark within 4 us: np_cnp_sent +%u np_cnp_suppressed +%u", s.cnp_sent - s0.cnp_sent,
	      s.cnp_suppressed - s0.cnp_suppressed);
	printf("  %-48s suppressed, counted; ACKed\n", "CE-marked WRITE 1 us later");

	/* 4.4 us after the first: a CNP again */
	dp_run(e->d, 600);
	len = write_ce(e, f, sizeof(f));
	inject(e, f, len, 0);
	dp_run(e->d, 250);
	take_answers(e, &a);
	dp_stats(e->d, 1, &s);
	CHECK(a.ncnp == 1 && s.cnp_sent == s0.cnp_sent + 2 && s.cnp_suppressed == s0.cnp_suppressed + 1,
	      "CE mark after 4 us: %u CNPs (want 1), np_cnp_sent +%u", a.ncnp, s.cnp_sent - s0.cnp_sent);
	CHECK(s.ce_rx == s0.ce_rx + 3, "np_ce_rx +%u, want 3", s.ce_rx - s0.ce_rx);
	printf("  %-48s one CNP\n", "CE-marked WRITE 5 us after the first");
	CHECK(dp_cnp_pop(e->d, 1, &q, &cyc) != 0, "the NP's own CNPs made a CC event at NIC 1");

	/* a CNP for QP_DUT (ready to send): one CNP event for it */
	dp_stats(e->d, 1, &s0);
	env_snap(e);
	len = cnp_to(e, f, sizeof(f), QP_DUT);
	inject(e, f, len, 0);
	expect(e, "CNP for a QP ready to send", "rx_frames", 0, 0);
	dp_stats(e->d, 1, &s);
	CHECK(dp_cnp_pop(e->d, 1, &q, &cyc) == 0 && q == QP_DUT, "CNP for QP %u: no CC event", QP_DUT);
	CHECK(dp_cnp_pop(e->d, 1, &q, &cyc) != 0, "CNP for QP %u: more than one CC event", QP_DUT);
	CHECK(s.cnp_rx == s0.cnp_rx + 1 && s.cnp_drop == s0.cnp_drop, "CNP: rx_cnp +%u rx_cnp_drop +%u",
	      s.cnp_rx - s0.cnp_rx, s.cnp_drop - s0.cnp_drop);
	no_answer(e, "CNP");

	/* a CNP for a QP in RESET: dropped, counted, no event */
	dp_stats(e->d, 1, &s0);
	env_snap(e);
	len = cnp_to(e, f, sizeof(f), 300);
	inject(e, f, len, 0);
	expect(e, "CNP for a QP in RESET (unknown)", "rx_frames", 0, 0);
	dp_stats(e->d, 1, &s);
	CHECK(dp_cnp_pop(e->d, 1, &q, &cyc) != 0, "CNP for a QP in RESET made a CC event");
	CHECK(s.cnp_rx == s0.cnp_rx && s.cnp_drop == s0.cnp_drop + 1, "CNP unknown QP: rx_cnp +%u rx_cnp_drop +%u",
	      s.cnp_rx - s0.cnp_rx, s.cnp_drop - s0.cnp_drop);

	/* a CNP with a bad ICRC: dropped, counted twice (rx_icrc, rx_cnp_drop) */
	dp_stats(e->d, 1, &s0);
	env_snap(e);
	len = cnp_to(e, f, sizeof(f), QP_DUT);
	f[len - 2] ^= 0x10;
	inject(e, f, len, 0);
	expect(e, "CNP with a bad ICRC", "rx_icrc", 1, 0);
	dp_stats(e->d, 1, &s);
	CHECK(dp_cnp_pop(e->d, 1, &q, &cyc) != 0, "CNP with a bad ICRC made a CC event");
	CHECK(s.cnp_rx == s0.cnp_rx && s.cnp_drop == s0.cnp_drop + 1, "bad CNP: rx_cnp +%u rx_cnp_drop +%u",
	      s.cnp_rx - s0.cnp_rx, s.cnp_drop - s0.cnp_drop);

	/* a truncated CNP (8 reserved bytes, lengths fixed): the input's length check */
	len = cnp_to(e, f, sizeof(f), QP_DUT);
	{
		size_t b = 42 + (e->int_enable ? ROCE_INT_LEN : 0) + 12 + 8;

		memmove(f + b, f + b + 8, len - b - 8);
		len -= 8;
		f[16] = (uint8_t)((len - 14) >> 8);
		f[17] = (uint8_t)(len - 14);
		f[38] = (uint8_t)((len - 34) >> 8);
		f[39] = (uint8_t)(len - 34);
		fix_ip_csum(f);
	}
	dp_stats(e->d, 1, &s0);
	drop_case(e, "CNP cut short (8 reserved bytes)", "rx_pay_len", f, len, 0);
	dp_stats(e->d, 1, &s);
	CHECK(dp_cnp_pop(e->d, 1, &q, &cyc) != 0 && s.cnp_rx == s0.cnp_rx, "a short CNP made a CC event");

	/* many CNPs back to back against a stalling CC side: none lost */
	dp_stats(e->d, 1, &s0);
	for (int i = 0; i < 40; i++) {
		len = cnp_to(e, f, sizeof(f), QP_DUT);
		inject(e, f, len, 0);
	}
	dp_run(e->d, 4000);
	unsigned nev = 0;

	while (dp_cnp_pop(e->d, 1, &q, &cyc) == 0)
		nev += q == QP_DUT;
	dp_stats(e->d, 1, &s);
	CHECK(nev == 40 && s.cnp_rx == s0.cnp_rx + 40, "40 CNPs back to back: %u CC events, rx_cnp +%u", nev,
	      s.cnp_rx - s0.cnp_rx);
	printf("  %-48s %u CC events, none lost\n", "40 CNPs back to back, the CC side stalling", nev);
}

static void run_env(uint64_t seed, int int_enable)
{
	struct dp_cfg c;
	struct env e;
	struct job j[4];
	struct dp_nic_stats s;
	uint64_t in_drops = 0;

	memset(&e, 0, sizeof(e));
	e.shadow = malloc(MR_LEN);
	dp_cfg_test(&c, seed, int_enable, 0.05, pcap_base);
	c.mem_mb = 32;
	e.d = dp_new_or_exit(&c, "tb_rx");
	e.int_enable = int_enable;
	e.epsn = (uint32_t)(rnd() & 0xffffff);
	dp_mr(e.d, 1, MR_IDX, MR_TAG, DP_ACC_REMOTE_WRITE | DP_ACC_REMOTE_READ, MR_VA, MR_LEN, MR_IOVA);
	dp_mr(e.d, 1, 4, 0x44, DP_ACC_REMOTE_WRITE, 0x6600000000ull, 1 << 20, 20ull << 20);
	dp_mr(e.d, 0, 1, 0x21, DP_ACC_REMOTE_WRITE | DP_ACC_REMOTE_READ, 0x7000000000ull, 4 << 20,
	      24ull << 20);
	dp_mr(e.d, 1, 1, 0x21, DP_ACC_REMOTE_WRITE | DP_ACC_REMOTE_READ, 0x7000000000ull, 4 << 20,
	      24ull << 20);
	/* the peer's requester starts at epsn: the injected frames are its own */
	dp_connect(e.d, QP_PEER, QP_DUT, MTU_LOG2, e.epsn, (uint32_t)rnd());
	dp_connect(e.d, QP_CLEAN_A, QP_CLEAN_B, 12, (uint32_t)rnd(), (uint32_t)rnd());
	dp_tx_capture(e.d, 1, 1);

	/* the clean transfers: both directions, WRITE and READ, beside the cases */
	memset(j, 0, sizeof(j));
	for (int i = 0; i < 4; i++) {
		uint32_t len = 100000 + (uint32_t)(rnd() % 400000);
		int nic = i & 1, rd = i >> 1;

		j[i].nic = nic;
		j[i].qpn = nic ? QP_CLEAN_B : QP_CLEAN_A;
		j[i].seed = rnd();
		/* the local buffer below 24 MiB, the remote one in its region */
		j[i].w = (struct dp_wqe){ rd, len, (uint64_t)(1 + i) << 20,
					  0x7000000000ull + ((uint64_t)i << 20), (1 << 8) | 0x21 };
		j[i].src = rd ? (24ull << 20) + ((uint64_t)i << 20) : j[i].w.laddr;
		j[i].dst = rd ? j[i].w.laddr : (24ull << 20) + ((uint64_t)i << 20);
		tb_fill(dp_mem(e.d, rd ? !nic : nic) + j[i].src, len, j[i].seed);
		if (rd)
			dp_allow_write(e.d, nic, j[i].w.laddr, len);
		dp_post(e.d, nic, j[i].qpn, &j[i].w);
	}

	input_checks(&e);
	send_checks(&e);
	transport_checks(&e);
	dcqcn_checks(&e);
	overflow_check(&e);

	/* the clean transfers finish, byte-exact */
	for (int t = 0; t < 20000; t++) {
		struct dp_cpl cp;
		int left = 0;

		dp_run(e.d, 256);
		for (int nic = 0; nic < 2; nic++)
			while (dp_poll(e.d, nic, &cp))
				for (int i = 0; i < 4; i++)
					if (j[i].nic == nic && j[i].qpn == cp.qpn && !j[i].done) {
						j[i].done = 1;
						j[i].status = cp.status;
						break;
					}
		for (int i = 0; i < 4; i++)
			left += !j[i].done;
		if (!left)
			break;
	}
	int clean_bad = 0;

	for (int i = 0; i < 4; i++) {
		uint8_t *want = malloc(j[i].w.len);
		const uint8_t *got = dp_mem(e.d, j[i].w.read ? j[i].nic : !j[i].nic) + j[i].dst;

		tb_fill(want, j[i].w.len, j[i].seed);
		CHECK(j[i].done && !j[i].status && !memcmp(got, want, j[i].w.len),
		      "clean transfer %d (%s %u B from NIC %d): done %d status %u data %s", i,
		      j[i].w.read ? "READ" : "WRITE", j[i].w.len, j[i].nic, j[i].done, j[i].status,
		      memcmp(got, want, j[i].w.len) ? "WRONG" : "ok");
		clean_bad += !j[i].done || j[i].status || memcmp(got, want, j[i].w.len);
		free(want);
	}
	printf("clean WRITE and READ on another QP pair, both directions, beside every case: %s\n",
	       clean_bad ? "FAILED" : "byte-exact");

	/* every injected frame counted once: admitted, or dropped at the input */
	dp_stats(e.d, 1, &s);
	for (unsigned k = stat_idx("rx_mac_err"); k <= stat_idx("rx_pay_len"); k++)
		in_drops += s.rtl[k];
	CHECK(s.rx_frames == s.rtl[stat_idx("rx_frames")] + in_drops,
	      "frames into RX %" PRIu64 " != admitted %u + dropped at the input %" PRIu64, s.rx_frames,
	      s.rtl[stat_idx("rx_frames")], in_drops);
	CHECK(s.dma_wr_outside == 0, "%" PRIu64 " writes outside registered memory", s.dma_wr_outside);
	printf("accounting: %" PRIu64 " frames into RX (%" PRIu64 " injected) = %u admitted + %" PRIu64
	       " dropped at the input; writes outside registered memory: %" PRIu64 "\n", s.rx_frames,
	       e.injected, s.rtl[stat_idx("rx_frames")], in_drops, s.dma_wr_outside);
	dp_free(e.d);
	free(e.shadow);
}

int main(int argc, char **argv)
{
	static const struct option lo[] = {
		{ "seed", required_argument, NULL, 's' },
		{ "pcap", required_argument, NULL, 'P' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	uint64_t seed = tb_clock_seed();
	int c;

	while ((c = getopt_long(argc, argv, "h", lo, NULL)) != -1) {
		switch (c) {
		case 's':
			seed = strtoull(optarg, NULL, 0);
			break;
		case 'P':
			pcap_base = optarg;
			break;
		case 'h':
			printf("usage: tb_rx [--seed N] [--pcap BASE]\n"
			       "The RX pipe's checks on a simulated hpnic datapath: one crafted frame per\n"
			       "drop reason and per transport rule (NAK, duplicate, memory protection,\n"
			       "lengths, stray responses, buffer overflow), each checked against the\n"
			       "counters, the memory and the ACK/NAK sent, beside a clean transfer.\n"
			       "  --seed N     random seed (printed at start; default: the time)\n"
			       "  --pcap BASE  every frame (the injected ones too) of each run to BASE-int0.pcap and BASE-int1.pcap\n");
			return 0;
		default:
			return 2;
		}
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	printf("tb_rx: seed %" PRIu64 " (rerun with --seed %" PRIu64 ")\n", seed, seed);
	tb_seed(seed * 0x9e3779b97f4a7c15ull + 3);
	for (int i = 0; i < (int)sizeof(payload); i++)
		payload[i] = (uint8_t)rnd();
	run_env(seed, 0);
	run_env(seed + 1, 1);
	printf("tb_rx: %s (%d failures)\n", tb_failures ? "FAILED" : "PASSED", tb_failures);
	return tb_failures ? 1 : 0;
}
