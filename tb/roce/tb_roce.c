/* SPDX-License-Identifier: MIT */
/*
 * tb_roce: unit tests of the RoCEv2 packet library, the pcap reader/writer
 * and the link model. Runs under ASan/UBSan.
 *
 *  1. CRC-32: the table regenerated bit by bit; the function against zlib.
 *  2. ICRC known answer: a CNP captured from a ConnectX-4 Lx (scapy's test
 *     vector), so the ICRC is checked against hardware, not only against
 *     ourselves; and every built frame's ICRC against an independent
 *     straight-line computation over zlib's crc32.
 *  3. build/parse round trips: every opcode, INT off and on, payload sizes
 *     around the pad boundaries, random field values.
 *  4. every drop reason, from a crafted bad frame that fails that check only.
 *  5. INT: encode/decode, stamp (5 hops, the 6th refused, ACKs skipped),
 *     strip: the stripped frame is byte-identical to the frame built without
 *     INT, so its ICRC verifies unchanged.
 *  6. argument checks: every call refuses NULL and out-of-range input.
 *  7. pcap: write, read back; byte-swapped and microsecond files; errors.
 *  8. link model: serialization timing, propagation, loss, corruption,
 *     reordering (bounded), timeouts, capacity, determinism.
 *  9. fuzz: mutated frames through parse: no crash, a valid status, and a
 *     frame that parses rebuilds to the same bytes.
 *
 * Every run prints its seed; --seed reruns it.
 */
#define _POSIX_C_SOURCE 200809L
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <zlib.h>

#include "link_model.h"
#include "pcap.h"
#include "roce_pkt.h"
#include "tb_util.h"

#define INT_PORT ROCE_INT_PORT_DEFAULT
#define BUF_MAX 9216

/* ---- random: tb_util.h's seeded PRNG (rnd, rndr) ---- */

static const uint8_t all_opcodes[] = {
	ROCE_OP_SEND_FIRST, ROCE_OP_SEND_MIDDLE, ROCE_OP_SEND_LAST, ROCE_OP_SEND_LAST_IMM,
	ROCE_OP_SEND_ONLY, ROCE_OP_SEND_ONLY_IMM, ROCE_OP_WRITE_LAST_IMM, ROCE_OP_WRITE_ONLY_IMM,
	ROCE_OP_WRITE_FIRST, ROCE_OP_WRITE_MIDDLE, ROCE_OP_WRITE_LAST, ROCE_OP_WRITE_ONLY,
	ROCE_OP_READ_REQ, ROCE_OP_READ_RESP_FIRST, ROCE_OP_READ_RESP_MIDDLE,
	ROCE_OP_READ_RESP_LAST, ROCE_OP_READ_RESP_ONLY, ROCE_OP_ACK,
};
#define N_OPCODES (sizeof(all_opcodes) / sizeof(all_opcodes[0]))

static uint8_t payload_src[BUF_MAX];

/* a valid payload length for the opcode, near `want` */
static size_t fit_payload(uint8_t op, size_t want)
{
	int info = roce_opcode_info(op);

	if (info & ROCE_PAYLOAD_NONE)
		return 0;
	if (info & ROCE_PAYLOAD_FULL)
		return want < 4 ? 256 : want & ~(size_t)3;
	if ((info & ROCE_PAYLOAD_NONZERO) && want == 0)
		return 1;
	return want;
}

static void random_int(struct roce_int *in, unsigned int nhop)
{
	memset(in, 0, sizeof(*in));
	in->nhop = (uint8_t)nhop;
	in->path_id = nhop ? (uint16_t)rndr(4096) : 0;
	for (unsigned int i = 0; i < nhop; i++) {
		in->hop[i].b = (uint8_t)(1 + rndr(8));
		in->hop[i].ts = (uint32_t)rnd() & ROCE_INT_TS_MASK;
		in->hop[i].tx_bytes = (uint32_t)rnd() & ROCE_INT_TXB_MASK;
		in->hop[i].qlen = (uint16_t)rnd();
	}
}

static void random_pkt(struct roce_pkt *p, uint8_t op, size_t plen, bool with_int)
{
	roce_pkt_init(p, op, (uint32_t)rnd() & ROCE_QPN_MASK, (uint32_t)rnd() & ROCE_PSN_MASK);
	for (int i = 0; i < 6; i++) {
		p->dst_mac[i] = (uint8_t)rnd();
		p->src_mac[i] = (uint8_t)rnd();
	}
	p->src_ip = (uint32_t)rnd();
	p->dst_ip = (uint32_t)rnd();
	p->dscp = (uint8_t)rndr(64);
	p->ecn = (uint8_t)rndr(4);
	p->ttl = (uint8_t)rnd();
	p->ip_id = (uint16_t)rnd();
	p->udp_sport = (uint16_t)rnd();
	p->se = rndr(2);
	p->migreq = rndr(2);
	p->fecn = rndr(2);
	p->becn = rndr(2);
	p->ack_req = rndr(2);
	p->pkey = rndr(2) ? 0xffff : 0x7fff;
	p->va = rnd();
	p->rkey = (uint32_t)rnd();
	p->dma_len = (uint32_t)rnd();
	p->syndrome = (uint8_t)rnd();
	p->msn = (uint32_t)rnd() & ROCE_MSN_MASK;
	p->imm = (uint32_t)rnd();
	p->payload_len = fit_payload(op, plen);
	p->payload = p->payload_len ? payload_src + rndr(64) : NULL;
	if (with_int) {
		p->int_present = true;
		p->udp_dport = INT_PORT;
		random_int(&p->intb, rndr(ROCE_INT_MAX_HOPS + 1));
	}
}

static void hexdump(const char *what, const uint8_t *b, size_t n)
{
	fprintf(stderr, "%s (%zu bytes):", what, n);
	for (size_t i = 0; i < n; i++)
		fprintf(stderr, "%s%02x", i % 16 ? " " : "\n  ", b[i]);
	fprintf(stderr, "\n");
}

/* ---- 1. CRC-32 ---- */

static void test_crc32(void)
{
	const uint32_t *t = roce_crc32_table();
	static uint8_t buf[4096];

	for (uint32_t i = 0; i < 256; i++) {
		uint32_t c = i;

		for (int k = 0; k < 8; k++)
			c = (c & 1) ? (c >> 1) ^ 0xedb88320u : c >> 1;
		CHECK(t[i] == c, "crc32 table[%u] = %08x, want %08x", i, t[i], c);
	}
	CHECK(roce_crc32(0, "123456789", 9) == 0xcbf43926u, "crc32 check value");
	for (int iter = 0; iter < 200; iter++) {
		size_t n = rndr(sizeof(buf)), cut = n ? rndr((uint32_t)n) : 0;

		for (size_t i = 0; i < n; i++)
			buf[i] = (uint8_t)rnd();
		uint32_t z = (uint32_t)crc32(0, buf, (uInt)n);
		uint32_t r = roce_crc32(roce_crc32(0, buf, cut), buf + cut, n - cut);

		CHECK(z == r, "crc32 of %zu bytes (split at %zu): %08x, zlib %08x", n, cut, r, z);
	}
}

/* ---- 2. ICRC: hardware known answer and an independent computation ---- */

/* RoCEv2 CNP sent by a ConnectX-4 Lx (scapy test/contrib/roce.uts) */
static const uint8_t cnp_cx4[] = {
	0xe4, 0x1d, 0x2d, 0xab, 0x2b, 0xc2, 0x7c, 0xfe, 0x90, 0x64, 0x3b, 0x32, 0x08, 0x00,
	0x45, 0xc2, 0x00, 0x3c, 0x71, 0x8c, 0x40, 0x00, 0x40, 0x11, 0x91, 0x61, 0x0a, 0x00,
	0x11, 0x01, 0x0a, 0x00, 0x12, 0x01, 0x00, 0x00, 0x12, 0xb7, 0x00, 0x28, 0x00, 0x00,
	0x81, 0x00, 0xff, 0xff, 0x40, 0x00, 0x01, 0x18, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x82, 0xfd, 0x00, 0x2a,
};

/*
 * The ICRC written straight from wire.md, sharing no code with the library:
 * strip the INT block by hand, mask, run zlib's crc32 over the lot.
 */
static uint32_t icrc_reference(const uint8_t *frame, size_t len, bool has_int)
{
	static uint8_t m[8 + BUF_MAX];
	size_t ip_len = (size_t)(frame[16] << 8 | frame[17]);
	size_t n = 0;

	(void)len;
	memset(m, 0xff, 8);
	n = 8;
	if (has_int) {
		memcpy(m + n, frame + 14, 28);
		memcpy(m + n + 28, frame + 14 + 28 + 42, ip_len - 28 - 42);
		ip_len -= 42;
		m[n + 2] = (uint8_t)(ip_len >> 8);
		m[n + 3] = (uint8_t)ip_len;
		m[n + 24] = (uint8_t)((ip_len - 20) >> 8);
		m[n + 25] = (uint8_t)(ip_len - 20);
		m[n + 22] = 4791 >> 8;
		m[n + 23] = 4791 & 0xff;
	} else {
		memcpy(m + n, frame + 14, ip_len);
	}
	m[n + 1] = 0xff;                        /* TOS */
	m[n + 8] = 0xff;                        /* TTL */
	m[n + 10] = m[n + 11] = 0xff;           /* IP checksum */
	m[n + 26] = m[n + 27] = 0xff;           /* UDP checksum */
	m[n + 28 + 4] = 0xff;                   /* BTH FECN, BECN, reserved */
	return (uint32_t)crc32(0, m, (uInt)(n + ip_len - 4));
}

static uint32_t icrc_on_wire(const uint8_t *frame, size_t ip_end)
{
	const uint8_t *p = frame + ip_end - 4;

	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void test_icrc_kat(void)
{
	uint32_t icrc = 0;
	uint8_t f[sizeof(cnp_cx4)];

	CHECK(roce_icrc(cnp_cx4, sizeof(cnp_cx4), 0, &icrc) == ROCE_OK, "roce_icrc on the CNP");
	CHECK(icrc == 0x2a00fd82u, "ConnectX-4 CNP: ICRC %08x, hardware sent 82 fd 00 2a", icrc);
	CHECK(icrc_reference(cnp_cx4, sizeof(cnp_cx4), false) == 0x2a00fd82u,
	      "reference ICRC disagrees with the ConnectX-4 CNP");
	/* fix() keeps a correct frame unchanged */
	memcpy(f, cnp_cx4, sizeof(f));
	CHECK(roce_frame_fix(f, sizeof(f), 0) == ROCE_OK && !memcmp(f, cnp_cx4, sizeof(f)),
	      "roce_frame_fix changed a correct frame");
	/* the parser takes a CNP (DCQCN): BECN set, M clear, PSN 0, the 16
	 * reserved bytes as a zero RETH, no payload */
	struct roce_pkt p;

	CHECK(roce_parse(cnp_cx4, sizeof(cnp_cx4), INT_PORT, &p) == ROCE_OK, "CNP: want OK");
	CHECK(p.opcode == ROCE_OP_CNP && p.dest_qpn == 0x118 && p.psn == 0 && p.becn && !p.fecn &&
	      !p.migreq && !p.va && !p.rkey && !p.dma_len && !p.payload_len,
	      "CNP fields: opcode 0x%02x QPN 0x%x PSN %u BECN %d", p.opcode, p.dest_qpn, p.psn, p.becn);
}

/* ---- 3. round trips ---- */

static void compare_pkt(const struct roce_pkt *a, const struct roce_pkt *b, const char *ctx)
{
	int info = roce_opcode_info(a->opcode);

	CHECK(!memcmp(a->dst_mac, b->dst_mac, 6) && !memcmp(a->src_mac, b->src_mac, 6), "%s: MACs", ctx);
	CHECK(a->src_ip == b->src_ip && a->dst_ip == b->dst_ip, "%s: IPs", ctx);
	CHECK(a->dscp == b->dscp && a->ecn == b->ecn && a->ttl == b->ttl && a->ip_id == b->ip_id,
	      "%s: IPv4 fields", ctx);
	CHECK(a->udp_sport == b->udp_sport && a->udp_dport == b->udp_dport, "%s: ports", ctx);
	CHECK(a->int_present == b->int_present, "%s: INT present", ctx);
	if (a->int_present)
		CHECK(!memcmp(&a->intb, &b->intb, sizeof(a->intb)), "%s: INT block", ctx);
	CHECK(a->opcode == b->opcode && a->se == b->se && a->migreq == b->migreq &&
	      a->pkey == b->pkey && a->fecn == b->fecn && a->becn == b->becn &&
	      a->dest_qpn == b->dest_qpn && a->ack_req == b->ack_req && a->psn == b->psn &&
	      a->tver == 0 && b->tver == 0, "%s: BTH", ctx);
	CHECK(b->pad == (-a->payload_len & 3), "%s: pad %u for %zu bytes", ctx, b->pad, a->payload_len);
	if (info & ROCE_HAS_RETH)
		CHECK(a->va == b->va && a->rkey == b->rkey && a->dma_len == b->dma_len, "%s: RETH", ctx);
	if (info & ROCE_HAS_AETH)
		CHECK(a->syndrome == b->syndrome && a->msn == b->msn, "%s: AETH", ctx);
	if (info & ROCE_HAS_IMMDT)
		CHECK(a->imm == b->imm, "%s: ImmDt %08x vs %08x", ctx, a->imm, b->imm);
	CHECK(a->payload_len == b->payload_len &&
	      (!a->payload_len || !memcmp(a->payload, b->payload, a->payload_len)),
	      "%s: payload (%zu vs %zu bytes)", ctx, a->payload_len, b->payload_len);
}

static void test_round_trips(void)
{
	static const size_t sizes[] = { 0, 1, 2, 3, 4, 5, 7, 8, 13, 256, 1021, 1024, 4093, 4096 };
	static uint8_t buf[BUF_MAX];
	unsigned int n = 0;

	for (size_t o = 0; o < N_OPCODES; o++) {
		for (int with_int = 0; with_int < 2; with_int++) {
			for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
				struct roce_pkt p, q;
				size_t len = 0, want;
				char ctx[96];
				int st;

				random_pkt(&p, all_opcodes[o], sizes[s], with_int);
				snprintf(ctx, sizeof(ctx), "%s%s payload %zu", roce_opcode_name(p.opcode),
					 with_int ? " +INT" : "", p.payload_len);
				want = roce_frame_len(&p);
				st = roce_build(&p, buf, sizeof(buf), &len);
				CHECK(st == ROCE_OK, "%s: build: %s", ctx, roce_strerror(st));
				if (st)
					continue;
				CHECK(len == want, "%s: length %zu, frame_len says %zu", ctx, len, want);
				CHECK(len == 14 + 20 + 8 + (with_int ? 42u : 0u) + 12 +
					     (roce_opcode_info(p.opcode) & ROCE_HAS_RETH ? 16u :
					      roce_opcode_info(p.opcode) & ROCE_HAS_AETH ? 4u : 0u) +
					     (roce_opcode_info(p.opcode) & ROCE_HAS_IMMDT ? 4u : 0u) +
					     p.payload_len + (-p.payload_len & 3) + 4,
				      "%s: length %zu not the wire.md sum", ctx, len);
				CHECK(icrc_on_wire(buf, len) == icrc_reference(buf, len, with_int),
				      "%s: ICRC %08x, reference %08x", ctx, icrc_on_wire(buf, len),
				      icrc_reference(buf, len, with_int));
				st = roce_parse(buf, len, INT_PORT, &q);
				CHECK(st == ROCE_OK, "%s: parse: %s", ctx, roce_status_name(st));
				if (st) {
					hexdump(ctx, buf, len);
					continue;
				}
				compare_pkt(&p, &q, ctx);
				CHECK(q.payload >= buf && q.payload + q.payload_len <= buf + len,
				      "%s: payload pointer outside the frame", ctx);
				/* with INT disabled, INT frames are foreign */
				if (with_int)
					CHECK(roce_parse(buf, len, 0, &q) == ROCE_DROP_UDP_PORT,
					      "%s: INT frame with INT disabled", ctx);
				n++;
			}
		}
	}
	/* random fields, random sizes */
	for (int iter = 0; iter < 3000; iter++) {
		struct roce_pkt p, q;
		size_t len;
		uint8_t op = all_opcodes[rndr(N_OPCODES)];
		int with_int = rndr(2);

		random_pkt(&p, op, rndr(4200), with_int);
		if (roce_build(&p, buf, sizeof(buf), &len) != ROCE_OK) {
			CHECK(0, "random build of %s failed", roce_opcode_name(op));
			continue;
		}
		CHECK(roce_parse(buf, len, INT_PORT, &q) == ROCE_OK, "random %s: parse", roce_opcode_name(op));
		compare_pkt(&p, &q, roce_opcode_name(op));
		n++;
	}
	/* the worked example of wire.md: WRITE ONLY, 1 KiB, no INT: 1122 bytes on the wire */
	{
		struct roce_pkt p;

		roce_pkt_init(&p, ROCE_OP_WRITE_ONLY, 1, 0);
		p.payload = payload_src;
		p.payload_len = 1024;
		CHECK(roce_wire_bytes(roce_frame_len(&p)) == 1122, "wire.md example: %zu",
		      roce_wire_bytes(roce_frame_len(&p)));
	}
	printf("  round trips: %u frames\n", n);
}

/* ---- 4. drop reasons ---- */

static uint8_t good[BUF_MAX];
static size_t good_len;

static void make_good(uint8_t op, size_t plen, bool with_int)
{
	struct roce_pkt p;

	random_pkt(&p, op, plen, with_int);
	if (with_int)
		random_int(&p.intb, 2);
	if (roce_build(&p, good, sizeof(good), &good_len) != ROCE_OK)
		CHECK(0, "make_good(%s)", roce_opcode_name(op));
}

static void put16(uint8_t *p, unsigned int v)
{
	p[0] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)v;
}

static unsigned int get16(const uint8_t *p)
{
	return (unsigned int)(p[0] << 8 | p[1]);
}

static void expect_drop(const uint8_t *f, size_t len, int want, const char *what)
{
	struct roce_pkt q;
	int st = roce_parse(f, len, INT_PORT, &q);

	CHECK(st == want, "%s: parse says %s, want %s", what, roce_status_name(st),
	      roce_status_name(want));
	if (st != want)
		hexdump(what, f, len);
}

/*
 * Each case starts from a valid frame, breaks one thing and, where the
 * broken field is covered by a checksum the parser looks at first, fixes
 * that checksum so only the intended check fails.
 */
static void test_drop_reasons(void)
{
	static uint8_t f[BUF_MAX + 64];
	bool seen[ROCE_DROP_COUNT] = { false };
	size_t bth;

#define CASE(want, op, plen, with_int, what, ...)                            \
	do {                                                                 \
		make_good(op, plen, with_int);                               \
		memcpy(f, good, good_len);                                   \
		size_t len = good_len;                                       \
		bth = 42 + ((with_int) ? 42 : 0);                            \
		(void)bth;                                                   \
		__VA_ARGS__;                                                 \
		expect_drop(f, len, ROCE_DROP_##want, what);                 \
		seen[ROCE_DROP_##want] = true;                               \
	} while (0)
#define FIX() roce_frame_fix(f, len, INT_PORT)
#define FIX_IP() do { put16(f + 24, 0); put16(f + 24, roce_ipv4_csum(f + 14)); } while (0)

	for (int wi = 0; wi < 2; wi++) {
		bool I = wi;

		CASE(TRUNCATED, ROCE_OP_WRITE_ONLY, 8, I, "13-byte frame", len = 13);
		CASE(TRUNCATED, ROCE_OP_WRITE_ONLY, 8, I, "30-byte frame", len = 30);
		CASE(TRUNCATED, ROCE_OP_ACK, 0, I, "UDP datagram without room for BTH + ICRC",
		     len = bth + 12; put16(f + 16, (unsigned int)(len - 14));
		     put16(f + 38, (unsigned int)(len - 34)); FIX_IP());
		CASE(ETHERTYPE, ROCE_OP_WRITE_ONLY, 8, I, "IPv6 ethertype", put16(f + 12, 0x86dd));
		CASE(ETHERTYPE, ROCE_OP_WRITE_ONLY, 8, I, "VLAN tag", put16(f + 12, 0x8100));
		CASE(ETHERTYPE, ROCE_OP_WRITE_ONLY, 8, I, "RoCEv1 ethertype", put16(f + 12, 0x8915));
		CASE(IP_VER_IHL, ROCE_OP_WRITE_ONLY, 8, I, "IP version 6", f[14] = 0x65; FIX_IP());
		CASE(IP_VER_IHL, ROCE_OP_WRITE_ONLY, 8, I, "IHL 6 (options)", f[14] = 0x46; FIX_IP());
		CASE(IP_CSUM, ROCE_OP_WRITE_ONLY, 8, I, "IP checksum off by one", f[25] ^= 1);
		CASE(IP_CSUM, ROCE_OP_READ_REQ, 0, I, "IP source changed", f[29] ^= 0x10);
		CASE(IP_LEN, ROCE_OP_WRITE_ONLY, 8, I, "IP length beyond the frame",
		     put16(f + 16, get16(f + 16) + 4); FIX_IP());
		CASE(IP_LEN, ROCE_OP_WRITE_ONLY, 8, I, "trailing bytes after the datagram",
		     f[len] = 0; len += 4);
		CASE(IP_LEN, ROCE_OP_WRITE_ONLY, 8, I, "frame one byte short", len--);
		CASE(IP_LEN, ROCE_OP_WRITE_ONLY, 8, I, "IP length 27", put16(f + 16, 27); FIX_IP());
		CASE(IP_FRAG, ROCE_OP_WRITE_ONLY, 8, I, "MF set", f[20] |= 0x20; FIX_IP());
		CASE(IP_FRAG, ROCE_OP_WRITE_ONLY, 8, I, "fragment offset 1", f[21] |= 1; FIX_IP());
		CASE(IP_PROTO, ROCE_OP_WRITE_ONLY, 8, I, "TCP", f[23] = 6; FIX_IP());
		CASE(UDP_PORT, ROCE_OP_WRITE_ONLY, 8, I, "dport 4793", put16(f + 36, 4793));
		CASE(UDP_PORT, ROCE_OP_WRITE_ONLY, 8, I, "dport 53", put16(f + 36, 53));
		CASE(UDP_LEN, ROCE_OP_WRITE_ONLY, 8, I, "UDP length + 4", put16(f + 38, get16(f + 38) + 4));
		CASE(UDP_LEN, ROCE_OP_WRITE_ONLY, 8, I, "UDP length - 4", put16(f + 38, get16(f + 38) - 4));
		CASE(ICRC, ROCE_OP_WRITE_ONLY, 8, I, "payload bit flipped", f[bth + 12 + 16] ^= 0x80);
		CASE(ICRC, ROCE_OP_WRITE_ONLY, 8, I, "ICRC bit flipped", f[len - 1] ^= 1);
		CASE(ICRC, ROCE_OP_ACK, 0, I, "PSN bit flipped", f[bth + 11] ^= 4);
		CASE(ICRC, ROCE_OP_ACK, 0, I, "opcode bit flipped (ICRC first)", f[bth] ^= 0x40);
		CASE(ICRC, ROCE_OP_WRITE_ONLY, 8, I, "IP identification changed (covered)",
		     f[18] ^= 1; FIX_IP());
		CASE(ICRC, ROCE_OP_WRITE_ONLY, 8, I, "UDP source port changed", f[34] ^= 1);
		CASE(BTH_TVER, ROCE_OP_WRITE_ONLY, 8, I, "TVer 1", f[bth + 1] |= 1; FIX());
		CASE(BTH_OPCODE, ROCE_OP_WRITE_ONLY, 8, I, "COMPARE SWAP", f[bth] = 0x13; FIX());
		CASE(BTH_OPCODE, ROCE_OP_WRITE_ONLY, 8, I, "UC WRITE ONLY", f[bth] = 0x2a; FIX());
		CASE(BTH_OPCODE, ROCE_OP_WRITE_ONLY, 8, I, "FETCH ADD", f[bth] = 0x14; FIX());
		CASE(BTH_OPCODE, ROCE_OP_ACK, 0, I, "ATOMIC ACK", f[bth] = 0x12; FIX());
		CASE(BTH_PKEY, ROCE_OP_WRITE_ONLY, 8, I, "P_Key 0x8001", put16(f + bth + 2, 0x8001); FIX());
		CASE(BTH_PKEY, ROCE_OP_WRITE_ONLY, 8, I, "P_Key 0", put16(f + bth + 2, 0); FIX());
		/* READ REQUEST with 8 bytes where the 16-byte RETH should be */
		CASE(EXT_HDR, ROCE_OP_READ_REQ, 0, I, "RETH truncated",
		     memmove(f + bth + 20, f + bth + 28, 4); len -= 8;
		     put16(f + 16, get16(f + 16) - 8); put16(f + 38, get16(f + 38) - 8); FIX());
		/* ACK that lost its AETH */
		CASE(EXT_HDR, ROCE_OP_ACK, 0, I, "AETH missing",
		     memmove(f + bth + 12, f + bth + 16, 4); len -= 4;
		     put16(f + 16, get16(f + 16) - 4); put16(f + 38, get16(f + 38) - 4); FIX());
		/* WRITE MIDDLE turned into WRITE FIRST: its payload is read as RETH */
		CASE(EXT_HDR, ROCE_OP_WRITE_MIDDLE, 8, I, "FIRST shorter than a RETH",
		     f[bth] = ROCE_OP_WRITE_FIRST; FIX());
		CASE(PAD, ROCE_OP_WRITE_ONLY, 8, I, "length not a multiple of 4",
		     f[len + 2] = 0; len += 2; /* insert 2 bytes before the ICRC */
		     memmove(f + len - 4, f + len - 6, 4);
		     put16(f + 16, get16(f + 16) + 2); put16(f + 38, get16(f + 38) + 2); FIX());
		CASE(PAD, ROCE_OP_WRITE_ONLY, 0, I, "pad 3 with no payload",
		     f[bth + 1] |= 0x30; FIX());
		CASE(PAD, ROCE_OP_WRITE_FIRST, 256, I, "pad on FIRST", f[bth + 1] |= 0x10; FIX());
		CASE(PAD, ROCE_OP_READ_RESP_MIDDLE, 256, I, "pad on MIDDLE", f[bth + 1] |= 0x20; FIX());
		CASE(PAD, ROCE_OP_ACK, 0, I, "pad on ACK", f[bth + 1] |= 0x10; FIX());
		CASE(PAYLOAD_LEN, ROCE_OP_WRITE_ONLY, 8, I, "READ REQUEST with payload",
		     f[bth] = ROCE_OP_READ_REQ; FIX());
		CASE(PAYLOAD_LEN, ROCE_OP_READ_RESP_ONLY, 4, I, "ACK with payload",
		     f[bth] = ROCE_OP_ACK; FIX());
		CASE(PAYLOAD_LEN, ROCE_OP_WRITE_ONLY, 0, I, "empty WRITE LAST",
		     f[bth] = ROCE_OP_WRITE_LAST;
		     memmove(f + bth + 12, f + bth + 28, 4); len -= 16;
		     put16(f + 16, get16(f + 16) - 16); put16(f + 38, get16(f + 38) - 16); FIX());
		CASE(PAYLOAD_LEN, ROCE_OP_READ_RESP_ONLY, 0, I, "empty READ RESPONSE FIRST",
		     f[bth] = ROCE_OP_READ_RESP_FIRST; FIX());
	}
	/* INT-only reasons */
	CASE(INT, ROCE_OP_WRITE_ONLY, 8, true, "nHop 6", f[42] = (uint8_t)(6 << 4 | (f[42] & 0xf)));
	CASE(INT, ROCE_OP_WRITE_ONLY, 8, true, "nHop 15", f[42] |= 0xf0);
	/* a bad speed enum is the CC engine's business, not a drop */
	{
		struct roce_pkt q;

		make_good(ROCE_OP_ACK, 0, true);
		memcpy(f, good, good_len);
		f[44] &= 0x0f;
		f[52] = (uint8_t)(9 << 4 | (f[52] & 0xf));
		CHECK(roce_parse(f, good_len, INT_PORT, &q) == ROCE_OK && q.intb.hop[0].b == 0 &&
		      q.intb.hop[1].b == 9, "filled hops with B = 0 and 9 must pass");
	}
	CASE(TRUNCATED, ROCE_OP_ACK, 0, true, "INT frame too short for the block and a BTH",
	     len = 42 + 42 + 12; put16(f + 16, (unsigned int)(len - 14));
	     put16(f + 38, (unsigned int)(len - 34)); FIX_IP());
	/* an INT-port frame seen with INT disabled, and an INT block on 4791 */
	make_good(ROCE_OP_WRITE_ONLY, 8, true);
	{
		struct roce_pkt q;

		CHECK(roce_parse(good, good_len, 0, &q) == ROCE_DROP_UDP_PORT, "INT frame, INT off");
	}
	CASE(ICRC, ROCE_OP_WRITE_ONLY, 8, true, "INT block sent to 4791", put16(f + 36, 4791));
	/* what is NOT a drop: the masked fields, INT contents, min-size padding */
	{
		struct roce_pkt q;
		int st;

		make_good(ROCE_OP_ACK, 0, true);
		memcpy(f, good, good_len);
		f[15] ^= 0xfc;          /* DSCP: masked in the ICRC */
		f[22] = 1;              /* TTL */
		FIX_IP();
		f[40] = 0x12;           /* UDP checksum: not checked */
		f[bth + 4] = 0xc0;      /* FECN, BECN */
		f[43] ^= 0x55;          /* pathID: not covered */
		st = roce_parse(f, good_len, INT_PORT, &q);
		CHECK(st == ROCE_OK && q.fecn && q.becn && q.ttl == 1,
		      "masked fields changed: %s", roce_status_name(st));
	}
	{
		/*
		 * Minimum-size padding: a 58-byte frame (an ACK without its AETH)
		 * padded to 60 gets past the length checks, to EXT_HDR; padded to
		 * 61 it is IP_LEN.
		 */
		size_t len;

		make_good(ROCE_OP_ACK, 0, false);
		memcpy(f, good, good_len);
		memmove(f + 54, f + 58, 4);
		len = 58;
		put16(f + 16, 44);
		put16(f + 38, 24);
		roce_frame_fix(f, len, INT_PORT);
		f[58] = f[59] = f[60] = 0;
		expect_drop(f, 60, ROCE_DROP_EXT_HDR, "58-byte frame padded to 60");
		expect_drop(f, 61, ROCE_DROP_IP_LEN, "58-byte frame padded to 61");
		expect_drop(f, 58, ROCE_DROP_EXT_HDR, "58-byte frame unpadded");
	}
	for (int r = 1; r < ROCE_DROP_COUNT; r++)
		CHECK(seen[r], "drop reason %s never triggered", roce_status_name(r));
#undef CASE
#undef FIX
#undef FIX_IP
}

/* ---- 5. INT ---- */

static void test_int(void)
{
	static uint8_t fi[BUF_MAX], fn[BUF_MAX];
	struct roce_int a, b;
	uint8_t blk[ROCE_INT_LEN];

	for (int iter = 0; iter < 1000; iter++) {
		random_int(&a, rndr(6));
		CHECK(roce_int_encode(&a, blk) == ROCE_OK, "int encode");
		memset(&b, 0, sizeof(b));       /* memcmp below sees the padding */
		CHECK(roce_int_decode(blk, &b) == ROCE_OK, "int decode");
		CHECK(!memcmp(&a, &b, sizeof(a)), "int round trip");
	}
	/* the bit layout of Fig. 7, by hand */
	memset(&a, 0, sizeof(a));
	a.nhop = 1;
	a.path_id = 0xabc;
	a.hop[0] = (struct roce_int_hop){ .b = 5, .ts = 0x123456, .tx_bytes = 0x789ab, .qlen = 0xcdef };
	roce_int_encode(&a, blk);
	{
		static const uint8_t want[10] = { 0x1a, 0xbc, 0x51, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef };

		CHECK(!memcmp(blk, want, 10), "INT bit layout");
	}
	a.nhop = 6;
	CHECK(roce_int_encode(&a, blk) == ROCE_ERR_INVAL, "encode nhop 6");
	a.nhop = 1;
	a.hop[1].ts = 1u << 24;
	CHECK(roce_int_encode(&a, blk) == ROCE_ERR_INVAL, "encode ts overflow");

	/* stamp and strip: every opcode */
	for (size_t o = 0; o < N_OPCODES; o++) {
		struct roce_pkt p, q;
		size_t li, ln, ls;
		bool stamped;
		uint16_t path = 0;
		const char *name = roce_opcode_name(all_opcodes[o]);

		random_pkt(&p, all_opcodes[o], 1 + rndr(300), false);
		CHECK(roce_build(&p, fn, sizeof(fn), &ln) == ROCE_OK, "%s: build", name);
		p.int_present = true;
		p.udp_dport = INT_PORT;
		memset(&p.intb, 0, sizeof(p.intb));
		CHECK(roce_build(&p, fi, sizeof(fi), &li) == ROCE_OK, "%s: build INT", name);
		CHECK(li == ln + ROCE_INT_LEN, "%s: INT adds 42 bytes", name);
		CHECK(!memcmp(fi + li - 4, fn + ln - 4, 4), "%s: ICRC with INT != without", name);
		for (unsigned int h = 0; h < 6; h++) {
			struct roce_int_hop hop = { .b = (uint8_t)(1 + h), .ts = 1000 * h + 7,
						    .tx_bytes = 0xfffff - h, .qlen = (uint16_t)(80 * h) };
			uint16_t sw = (uint16_t)(0x100 + 17 * h);

			CHECK(roce_int_stamp(fi, li, INT_PORT, sw, &hop, &stamped) == ROCE_OK,
			      "%s: stamp", name);
			if (all_opcodes[o] == ROCE_OP_ACK || h == 5) {
				CHECK(!stamped, "%s: hop %u stamped", name, h);
				continue;
			}
			CHECK(stamped, "%s: hop %u not stamped", name, h);
			path ^= sw;
			CHECK(roce_parse(fi, li, INT_PORT, &q) == ROCE_OK, "%s: parse after stamp", name);
			CHECK(q.intb.nhop == h + 1 && q.intb.path_id == path &&
			      !memcmp(&q.intb.hop[h], &hop, sizeof(hop)),
			      "%s: hop %u as stamped", name, h);
		}
		CHECK(roce_int_strip(fi, li, INT_PORT, &ls) == ROCE_OK, "%s: strip", name);
		CHECK(ls == ln && !memcmp(fi, fn, ln),
		      "%s: stripped frame differs from the frame built without INT", name);
		CHECK(roce_parse(fi, ls, 0, &q) == ROCE_OK, "%s: stripped frame parses with INT off", name);
		CHECK(roce_int_strip(fn, ln, INT_PORT, &ls) == ROCE_ERR_INVAL, "%s: strip a non-INT frame", name);
		{
			struct roce_int_hop hop = { .b = 5 };

			CHECK(roce_int_stamp(fn, ln, INT_PORT, 1, &hop, &stamped) == ROCE_ERR_INVAL && !stamped,
			      "%s: stamp a non-INT frame", name);
		}
	}
}

/* ---- 6. argument checks ---- */

static void test_args(void)
{
	static uint8_t buf[BUF_MAX];
	struct roce_pkt p, q;
	size_t len;
	uint32_t icrc;
	bool stamped;
	struct roce_int_hop hop = { .b = 1 };

	roce_pkt_init(&p, ROCE_OP_WRITE_ONLY, 5, 5);
	p.payload = payload_src;
	p.payload_len = 100;
	CHECK(roce_build(NULL, buf, sizeof(buf), &len) == ROCE_ERR_INVAL, "build NULL pkt");
	CHECK(roce_build(&p, NULL, sizeof(buf), &len) == ROCE_ERR_INVAL, "build NULL buf");
	CHECK(roce_build(&p, buf, sizeof(buf), NULL) == ROCE_ERR_INVAL, "build NULL len");
	CHECK(roce_build(&p, buf, roce_frame_len(&p) - 1, &len) == ROCE_ERR_NOSPC, "build NOSPC");
	CHECK(roce_build(&p, buf, roce_frame_len(&p), &len) == ROCE_OK, "build exact fit");
	CHECK(roce_parse(NULL, 100, INT_PORT, &q) == ROCE_ERR_INVAL, "parse NULL frame");
	CHECK(roce_parse(buf, len, INT_PORT, NULL) == ROCE_ERR_INVAL, "parse NULL pkt");
	CHECK(roce_icrc(NULL, len, 0, &icrc) == ROCE_ERR_INVAL, "icrc NULL");
	CHECK(roce_icrc(buf, 20, 0, &icrc) == ROCE_ERR_INVAL, "icrc short");
	CHECK(roce_icrc(buf, len, 0, NULL) == ROCE_ERR_INVAL, "icrc NULL out");
	CHECK(roce_frame_fix(NULL, 0, 0) == ROCE_ERR_INVAL, "fix NULL");
	CHECK(roce_int_stamp(NULL, 0, INT_PORT, 1, &hop, &stamped) == ROCE_ERR_INVAL, "stamp NULL");
	CHECK(roce_int_strip(NULL, 0, INT_PORT, &len) == ROCE_ERR_INVAL, "strip NULL");
	CHECK(roce_int_encode(NULL, buf) == ROCE_ERR_INVAL, "encode NULL");
	CHECK(roce_int_decode(NULL, NULL) == ROCE_ERR_INVAL, "decode NULL");

#define BAD(field_stmt, what)                                                 \
	do {                                                                  \
		struct roce_pkt b = p;                                        \
		field_stmt;                                                   \
		CHECK(roce_build(&b, buf, sizeof(buf), &len) == ROCE_ERR_INVAL, \
		      "build accepts %s", what);                              \
		CHECK(roce_frame_len(&b) == 0, "frame_len accepts %s", what); \
	} while (0)
	BAD(b.opcode = 0x13, "COMPARE SWAP");
	BAD(b.dscp = 64, "DSCP 64");
	BAD(b.ecn = 4, "ECN 4");
	BAD(b.dest_qpn = 1u << 24, "QPN 2^24");
	BAD(b.psn = 1u << 24, "PSN 2^24");
	BAD(b.msn = 1u << 24, "MSN 2^24");
	BAD(b.tver = 1, "TVer 1");
	BAD(b.pkey = 0x1234, "P_Key 0x1234");
	BAD(b.payload = NULL, "payload NULL with a length");
	BAD(b.payload_len = 70000, "payload 70000");
	BAD(b.udp_dport = 4792, "dport 4792 without INT");
	BAD(b.int_present = true, "INT on 4791");
	BAD(b.int_present = true; b.udp_dport = INT_PORT; b.intb.nhop = 6, "nHop 6");
	BAD(b.int_present = true; b.udp_dport = INT_PORT; b.intb.path_id = 0x1000, "pathID 0x1000");
	BAD(b.int_present = true; b.udp_dport = INT_PORT; b.intb.hop[4].tx_bytes = 1u << 20, "txBytes 2^20");
	BAD(b.opcode = ROCE_OP_READ_REQ, "READ REQUEST with payload");
	BAD(b.opcode = ROCE_OP_ACK, "ACK with payload");
	BAD(b.opcode = ROCE_OP_WRITE_FIRST; b.payload_len = 6, "FIRST with an unaligned payload");
	BAD(b.opcode = ROCE_OP_WRITE_MIDDLE; b.payload_len = 0, "empty MIDDLE");
	BAD(b.opcode = ROCE_OP_READ_RESP_LAST; b.payload_len = 0, "empty LAST");
#undef BAD
	CHECK(roce_int_stamp(buf, len, INT_PORT, 0x1000, &hop, &stamped) == ROCE_ERR_INVAL, "switch id 0x1000");
	for (int s = 0; s <= ROCE_END + 1; s++)
		CHECK(roce_strerror(s) && roce_status_name(s), "strerror(%d)", s);
	CHECK(!strcmp(roce_status_name(ROCE_DROP_ICRC), "ICRC"), "status name");
}

/* ---- 7. pcap ---- */

static void test_pcap(const char *dir)
{
	char path[512];
	static uint8_t buf[BUF_MAX], rd[BUF_MAX];
	struct roce_pcap w, r;
	uint64_t ts;
	size_t len, orig;
	int st;

	snprintf(path, sizeof(path), "%s/tb_roce_%d.pcap", dir, (int)getpid());
	CHECK(roce_pcap_create(&w, path) == ROCE_OK, "pcap create: %s", w.err);
	for (int i = 0; i < 50; i++) {
		struct roce_pkt p;

		random_pkt(&p, all_opcodes[i % N_OPCODES], rndr(2000), i & 1);
		roce_build(&p, buf, sizeof(buf), &len);
		CHECK(roce_pcap_write(&w, 1700000000123456789ull + (uint64_t)i * 1001, buf, len) == ROCE_OK,
		      "pcap write");
	}
	CHECK(roce_pcap_close(&w) == ROCE_OK, "pcap close");
	/* read back: same frames, same ns timestamps */
	CHECK(roce_pcap_open(&r, path) == ROCE_OK, "pcap open: %s", r.err);
	CHECK(r.nsec && !r.swapped && r.linktype == 1, "pcap header");
	int n = 0;

	while ((st = roce_pcap_read(&r, &ts, rd, sizeof(rd), &len, &orig)) == ROCE_OK) {
		struct roce_pkt q;

		CHECK(ts == 1700000000123456789ull + (uint64_t)n * 1001, "pcap ts %" PRIu64, ts);
		CHECK(orig == len && roce_parse(rd, len, INT_PORT, &q) == ROCE_OK, "pcap frame %d", n);
		n++;
	}
	CHECK(st == ROCE_END && n == 50, "pcap read %d frames, status %s", n, roce_status_name(st));
	roce_pcap_close(&r);

	/* a big-endian microsecond pcap, written by hand */
	{
		static const uint8_t be[] = {
			0xa1, 0xb2, 0xc3, 0xd4, 0, 2, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0, 0, 0, 1,
			0, 0, 0, 10, 0, 0, 0, 20, 0, 0, 0, 3, 0, 0, 0, 5, 0xaa, 0xbb, 0xcc,
		};
		FILE *f = fopen(path, "wb");

		fwrite(be, sizeof(be), 1, f);
		fclose(f);
		CHECK(roce_pcap_open(&r, path) == ROCE_OK && r.swapped && !r.nsec, "BE usec pcap open");
		st = roce_pcap_read(&r, &ts, rd, sizeof(rd), &len, &orig);
		CHECK(st == ROCE_OK && ts == 10000020000ull && len == 3 && orig == 5 && rd[2] == 0xcc,
		      "BE usec pcap record");
		CHECK(roce_pcap_read(&r, &ts, rd, sizeof(rd), &len, &orig) == ROCE_END, "BE pcap end");
		roce_pcap_close(&r);
		/* too small a buffer: NOSPC, and the record is skipped */
		CHECK(roce_pcap_open(&r, path) == ROCE_OK, "reopen");
		CHECK(roce_pcap_read(&r, &ts, rd, 2, &len, NULL) == ROCE_ERR_NOSPC, "NOSPC: %s", r.err);
		CHECK(roce_pcap_read(&r, &ts, rd, 2, &len, NULL) == ROCE_END, "after NOSPC");
		roce_pcap_close(&r);
		/* truncated data */
		f = fopen(path, "wb");
		fwrite(be, sizeof(be) - 1, 1, f);
		fclose(f);
		CHECK(roce_pcap_open(&r, path) == ROCE_OK, "open truncated");
		CHECK(roce_pcap_read(&r, &ts, rd, sizeof(rd), &len, NULL) == ROCE_ERR_FORMAT,
		      "truncated record");
		roce_pcap_close(&r);
		/* pcapng and garbage */
		f = fopen(path, "wb");
		fwrite("\x0a\x0d\x0d\x0a\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0", 24, 1, f);
		fclose(f);
		CHECK(roce_pcap_open(&r, path) == ROCE_ERR_FORMAT && strstr(r.err, "pcapng"),
		      "pcapng: %s", r.err);
		roce_pcap_close(&r);
	}
	CHECK(roce_pcap_open(&r, "/nonexistent/x.pcap") == ROCE_ERR_IO && strstr(r.err, "x.pcap"),
	      "open missing file: %s", r.err);
	CHECK(roce_pcap_write(NULL, 0, buf, 1) == ROCE_ERR_INVAL, "pcap write NULL");
	unlink(path);
}

/* ---- 8. link model ---- */

static struct link *mk_link(const struct link_cfg *c)
{
	char err[128];
	struct link *l = link_create(c, err, sizeof(err));

	if (!l)
		fprintf(stderr, "%s\n", err);
	return l;
}

static void test_link_timing(void)
{
	struct link_cfg c;
	struct link *l;
	struct link_frame fr;
	static uint8_t f[1024];
	uint64_t t0 = 5000;

	link_cfg_default(&c);
	l = mk_link(&c);
	/* 100 back-to-back 1024-byte frames at 100 Gb/s: 80 ps a byte, exact */
	for (int i = 0; i < 100; i++) {
		f[0] = (uint8_t)i;
		CHECK(link_send(l, t0, f, sizeof(f), (uint64_t)i) == LINK_OK, "send %d", i);
	}
	CHECK(link_tx_free_ps(l) == t0 + 100 * (1024 + 24) * 80ull, "line free at %" PRIu64,
	      link_tx_free_ps(l));
	CHECK(link_next_ps(l) == t0 + (8 + 1024 + 4) * 80ull + c.prop_delay_ps, "first arrival");
	CHECK(link_recv(l, link_next_ps(l) - 1, &fr) == 0, "nothing before the first arrival");
	for (int i = 0; i < 100; i++) {
		uint64_t want = t0 + (uint64_t)i * (1024 + 24) * 80 + (8 + 1024 + 4) * 80 + c.prop_delay_ps;

		CHECK(link_recv(l, UINT64_MAX - 1, &fr) == 1 && fr.tag == (uint64_t)i && fr.data[0] == i,
		      "frame %d in order", i);
		CHECK(fr.t_ps == want && fr.t_first_ps == want - (1024 + 4) * 80,
		      "frame %d at %" PRIu64 ", want %" PRIu64, i, fr.t_ps, want);
	}
	CHECK(link_recv(l, UINT64_MAX - 1, &fr) == 0 && link_next_ps(l) == UINT64_MAX, "drained");
	/* a gap: the next frame starts when handed over, not when the line freed */
	CHECK(link_send(l, t0 + 10000000, f, 64, 0) == LINK_OK, "send after gap");
	CHECK(link_next_ps(l) == t0 + 10000000 + (8 + 64 + 4) * 80ull + c.prop_delay_ps, "after gap");
	link_destroy(l);

	/* 400G: 2.5 ps a bit; the remainder is kept, so 1000 frames do not drift */
	c.rate_mbps = 400000;
	l = mk_link(&c);
	for (int i = 0; i < 1000; i++)
		link_send(l, 0, f, 65, 0);      /* 89 bytes each: 1780 ps */
	CHECK(link_tx_free_ps(l) == 1000ull * 89 * 8 * 10 / 4, "400G drift: %" PRIu64, link_tx_free_ps(l));
	link_destroy(l);
	CHECK(link_ser_ps(25000, 1) == 320, "25G byte time");
	CHECK(link_cycles_to_ps(3, 250) == 12000, "cycles to ps");
}

struct link_run {
	uint64_t delivered, lost, corrupted_ok, max_disp, reordered_seen;
	bool order_ok, content_ok;
};

/* send n frames (carrying their index) through a link with impairments */
static struct link_run run_link(const struct link_cfg *c, int n, bool check)
{
	struct link *l = mk_link(c);
	struct link_run r = { .order_ok = true, .content_ok = true };
	struct link_frame fr;
	static uint8_t f[256];
	uint64_t t = 0, max_seq = 0, recent[64];
	unsigned int n_recent = 0;
	bool have = false;

	for (int i = 0; i < n || link_in_flight(l); i++) {
		if (i < n) {
			for (size_t k = 0; k < sizeof(f); k++)
				f[k] = (uint8_t)(i + k);
			while (link_send(l, t, f, 64 + (size_t)(i % 192), (uint64_t)i) == LINK_FULL) {
				t = link_next_ps(l);
				while (link_recv(l, t, &fr))
					;
			}
			t += 20000;
		} else {
			t = link_next_ps(l);
		}
		while (link_recv(l, t, &fr) == 1) {
			size_t flips = 0;

			r.delivered++;
			for (size_t k = 0; k < fr.len; k++)
				flips += (size_t)__builtin_popcount(fr.data[k] ^ (uint8_t)(fr.tag + k));
			if (fr.len != 64 + fr.tag % 192 || flips != (fr.corrupted ? 1u : 0u))
				r.content_ok = false;
			if (fr.corrupted)
				r.corrupted_ok += flips == 1 &&
						  ((fr.data[fr.flipped_bit / 8] ^ (uint8_t)(fr.tag + fr.flipped_bit / 8)) ==
						   1u << (fr.flipped_bit % 8));
			if (fr.reordered)
				r.reordered_seen++;
			/* displacement: frames sent after this one but delivered before it */
			uint64_t disp = 0;

			for (unsigned int k = 0; k < 64 && k < n_recent; k++)
				disp += recent[k] > fr.seq;
			if (disp > r.max_disp)
				r.max_disp = disp;
			if (!fr.reordered && have && fr.seq < max_seq)
				r.order_ok = false;     /* only held frames arrive late */
			if (!have || fr.seq > max_seq)
				max_seq = fr.seq;
			recent[n_recent++ % 64] = fr.seq;
			have = true;
		}
	}
	const struct link_stats *st = link_get_stats(l);

	r.lost = st->lost;
	if (check) {
		CHECK(st->sent == (uint64_t)n, "link: sent %" PRIu64, st->sent);
		CHECK(st->delivered + st->lost + st->fcs_dropped == st->sent,
		      "link: %" PRIu64 " delivered + %" PRIu64 " lost + %" PRIu64 " FCS != %" PRIu64 " sent",
		      st->delivered, st->lost, st->fcs_dropped, st->sent);
		CHECK(st->delivered == r.delivered, "link: delivered count");
	}
	link_destroy(l);
	return r;
}

static void test_link_impairments(uint64_t seed)
{
	struct link_cfg c;
	struct link_run a, b;
	const int n = 20000;

	link_cfg_default(&c);
	c.seed = seed;
	c.p_loss = 0.01;
	c.p_corrupt = 0.01;
	c.p_reorder = 0.02;
	c.reorder_depth = 4;
	a = run_link(&c, n, true);
	b = run_link(&c, n, true);
	CHECK(a.delivered == b.delivered && a.lost == b.lost && a.max_disp == b.max_disp,
	      "link: same seed, different outcome");
	/* binomial(20000, 0.01): mean 200, sd 14; 6 sd bounds */
	CHECK(a.lost > 115 && a.lost < 285, "link: %" PRIu64 " lost of %d at 1%%", a.lost, n);
	CHECK(a.corrupted_ok > 115 && a.corrupted_ok < 285 && a.content_ok,
	      "link: %" PRIu64 " single-bit corruptions, contents %s", a.corrupted_ok,
	      a.content_ok ? "ok" : "wrong");
	CHECK(a.reordered_seen > 250 && a.max_disp >= 1 && a.max_disp <= 4 && a.order_ok,
	      "link: %" PRIu64 " reordered, displacement %" PRIu64 " (depth 4)", a.reordered_seen,
	      a.max_disp);
	c.seed = seed + 1;
	b = run_link(&c, n, true);
	CHECK(a.lost != b.lost || a.delivered != b.delivered || a.max_disp != b.max_disp ||
	      a.reordered_seen != b.reordered_seen, "link: another seed, same outcome");

	/* corrupt_drop: corrupted frames never come out */
	c.p_loss = 0;
	c.p_reorder = 0;
	c.p_corrupt = 0.05;
	c.corrupt_drop = true;
	a = run_link(&c, 5000, true);
	CHECK(a.content_ok && a.corrupted_ok == 0 && a.delivered < 5000 && a.delivered > 4600,
	      "link: corrupt_drop delivered %" PRIu64, a.delivered);

	/* a held frame with nothing behind it leaves at its timeout */
	{
		struct link *l;
		struct link_frame fr;
		uint8_t f[64] = { 0 };

		link_cfg_default(&c);
		c.p_reorder = 1.0;
		c.reorder_timeout_ps = 777;
		l = mk_link(&c);
		link_send(l, 0, f, sizeof(f), 9);
		uint64_t arrive = (8 + 64 + 4) * 80 + c.prop_delay_ps;

		CHECK(link_next_ps(l) == arrive + 777, "held frame: next at %" PRIu64, link_next_ps(l));
		CHECK(link_recv(l, arrive + 776, &fr) == 0, "held frame early");
		CHECK(link_recv(l, arrive + 777, &fr) == 1 && fr.reordered && fr.t_ps == arrive + 777,
		      "held frame released by timeout");
		CHECK(link_get_stats(l)->reorder_timeouts == 1, "timeout counted");
		link_destroy(l);
	}
	/* capacity: FULL when every slot is in flight, OK again after a recv */
	{
		struct link *l;
		struct link_frame fr;
		uint8_t f[64] = { 0 };

		link_cfg_default(&c);
		c.capacity = 3;
		l = mk_link(&c);
		for (int i = 0; i < 3; i++)
			CHECK(link_send(l, 0, f, sizeof(f), 0) == LINK_OK, "capacity send %d", i);
		CHECK(link_send(l, 0, f, sizeof(f), 0) == LINK_FULL, "capacity FULL");
		CHECK(link_recv(l, UINT64_MAX - 1, &fr) == 1, "capacity recv");
		CHECK(link_send(l, 0, f, sizeof(f), 0) == LINK_FULL, "slot of the last recv still held");
		CHECK(link_recv(l, UINT64_MAX - 1, &fr) == 1, "capacity recv 2");
		CHECK(link_send(l, 0, f, sizeof(f), 0) == LINK_OK, "capacity OK again");
		CHECK(link_get_stats(l)->refused_full == 2, "refused counted");
		CHECK(link_send(l, 0, f, 0, 0) == LINK_EINVAL, "empty frame");
		CHECK(link_send(l, 0, NULL, 10, 0) == LINK_EINVAL, "NULL frame");
		CHECK(link_send(l, 0, f, c.max_frame + 1, 0) == LINK_EINVAL, "oversized frame");
		link_destroy(l);
	}
	{
		char err[128] = "";

		link_cfg_default(&c);
		c.p_loss = 1.5;
		CHECK(link_create(&c, err, sizeof(err)) == NULL && strstr(err, "probabilit"),
		      "bad probability: %s", err);
		link_cfg_default(&c);
		c.capacity = 0;
		CHECK(link_create(&c, err, sizeof(err)) == NULL && strstr(err, "capacity"),
		      "bad capacity: %s", err);
	}
}

/* ---- 9. fuzz ---- */

static void test_fuzz(unsigned long iters)
{
	static uint8_t f[BUF_MAX + 64], re[BUF_MAX + 64], norm[BUF_MAX + 64];
	unsigned long n_ok = 0;
	unsigned long by_status[ROCE_DROP_COUNT] = { 0 };

	for (unsigned long it = 0; it < iters; it++) {
		struct roce_pkt p, q;
		size_t len, relen;
		uint8_t op = all_opcodes[rndr(N_OPCODES)];
		int st;

		random_pkt(&p, op, rndr(600), rndr(2));
		if (roce_build(&p, f, BUF_MAX, &len) != ROCE_OK) {
			CHECK(0, "fuzz build");
			continue;
		}
		/* 1..4 mutations */
		for (unsigned int m = 1 + rndr(4); m; m--) {
			switch (rndr(9)) {
			case 0: /* flip a bit in the headers */
				f[rndr((uint32_t)(len < 120 ? len : 120))] ^= (uint8_t)(1u << rndr(8));
				break;
			case 1: /* flip a bit anywhere */
				f[rndr((uint32_t)len)] ^= (uint8_t)(1u << rndr(8));
				break;
			case 2: /* random byte */
				f[rndr((uint32_t)len)] = (uint8_t)rnd();
				break;
			case 3: /* truncate */
				len = rndr((uint32_t)len + 1);
				break;
			case 4: /* extend with garbage */
				for (unsigned int k = rndr(64); k && len < BUF_MAX + 64; k--)
					f[len++] = (uint8_t)rnd();
				break;
			case 5: /* a random 16-bit length or port field */
				if (len >= 40) {
					static const int fld[] = { 16, 36, 38, 12 };
					size_t at = (size_t)fld[rndr(4)];

					put16(f + at, rndr(3) ? get16(f + at) + (unsigned int)rndr(9) - 4 : (unsigned int)rnd());
				}
				break;
			case 6: /* an INT nibble */
				if (len > 50)
					f[42 + rndr(8)] ^= (uint8_t)(rnd() & 0xf0);
				break;
			case 7: /* a BTH byte */
				if (len > 100)
					f[42 + (rndr(2) ? 42 : 0) + rndr(12)] = (uint8_t)rnd();
				break;
			case 8: /* another hpnic opcode, so the length rules are wrong */
				if (len > 100)
					f[42 + (p.int_present ? 42 : 0)] = all_opcodes[rndr(N_OPCODES)];
				break;
			}
		}
		/* half the time make checksums right again, to reach the deeper checks */
		if (rndr(2))
			roce_frame_fix(f, len, INT_PORT);
		/* the other frame-reading calls must not trip on it either */
		{
			static uint8_t c[BUF_MAX + 64];
			struct roce_int_hop hop = { .b = 5, .ts = 1, .tx_bytes = 2, .qlen = 3 };
			bool stamped;
			size_t nl;
			uint32_t icrc;

			memcpy(c, f, len);
			roce_icrc(c, len, INT_PORT, &icrc);
			if (roce_int_stamp(c, len, INT_PORT, 7, &hop, &stamped) == ROCE_OK &&
			    roce_int_strip(c, len, INT_PORT, &nl) == ROCE_OK)
				CHECK(nl <= len, "fuzz: strip grew the frame");
		}
		st = roce_parse(f, len, INT_PORT, &q);
		CHECK(st == ROCE_OK || (st > 0 && st < ROCE_DROP_COUNT), "fuzz: status %d", st);
		if (st >= 0 && st < ROCE_DROP_COUNT)
			by_status[st]++;
		if (st != ROCE_OK)
			continue;
		n_ok++;
		/* a frame that parses is one build() makes, up to the bits nobody reads */
		CHECK(q.payload >= f && q.payload + q.payload_len <= f + len, "fuzz: payload bounds");
		if (roce_build(&q, re, sizeof(re), &relen) != ROCE_OK) {
			CHECK(0, "fuzz: a parsed frame does not rebuild");
			hexdump("frame", f, len);
			continue;
		}
		/*
		 * Clear what the parser rightly ignores (IP flags other than MF,
		 * UDP checksum, BTH reserved bits, pad bytes), restore the
		 * checksums, and the frame must be the rebuilt one.
		 */
		size_t bth = 42 + (q.int_present ? 42 : 0);
		size_t ip_end = 14 + get16(f + 16);

		memcpy(norm, f, len);
		norm[20] = 0x40;
		norm[40] = norm[41] = 0;
		norm[bth + 4] &= 0xc0;
		norm[bth + 8] &= 0x80;
		memset(norm + ip_end - 4 - q.pad, 0, q.pad);
		roce_frame_fix(norm, len, INT_PORT);
		bool same = (relen == len || (relen < 60 && len == 60)) && !memcmp(norm, re, relen);

		CHECK(same, "fuzz: rebuilt frame differs");
		if (!same) {
			hexdump("frame", f, len);
			hexdump("rebuilt", re, relen);
		}
	}
	printf("  fuzz: %lu frames, %lu parsed OK;", iters, n_ok);
	for (int s = 1; s < ROCE_DROP_COUNT; s++)
		printf(" %s %lu", roce_status_name(s), by_status[s]);
	printf("\n");
}

static void usage(FILE *f)
{
	fprintf(f,
		"usage: tb_roce [--seed N] [--fuzz N] [--tmp DIR]\n"
		"Unit tests of sim/roce (packets, INT, ICRC, pcap) and sim/link.\n"
		"  --seed N   random seed (default: time-based; printed, rerun with it)\n"
		"  --fuzz N   mutated frames through parse (default 200000)\n"
		"  --tmp DIR  where the pcap test writes its scratch file (default /tmp)\n"
		"  -h, --help this text\n");
}

int main(int argc, char **argv)
{
	static const struct option lo[] = {
		{ "seed", required_argument, NULL, 's' },
		{ "fuzz", required_argument, NULL, 'f' },
		{ "tmp", required_argument, NULL, 't' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	uint64_t seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 20);
	unsigned long fuzz = 200000;
	const char *tmp = "/tmp";
	char *end;
	int c;

	while ((c = getopt_long(argc, argv, "h", lo, NULL)) != -1) {
		switch (c) {
		case 's':
			seed = strtoull(optarg, &end, 0);
			if (*end || !*optarg) {
				fprintf(stderr, "tb_roce: --seed wants a number, got '%s'\n", optarg);
				return 2;
			}
			break;
		case 'f':
			fuzz = strtoul(optarg, &end, 0);
			if (*end || !*optarg) {
				fprintf(stderr, "tb_roce: --fuzz wants a number, got '%s'\n", optarg);
				return 2;
			}
			break;
		case 't':
			tmp = optarg;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (optind != argc) {
		usage(stderr);
		return 2;
	}
	printf("tb_roce: seed %" PRIu64 " (rerun with --seed %" PRIu64 ")\n", seed, seed);
	tb_seed(seed * 0x9e3779b97f4a7c15ull + 0x1234567);
	for (size_t i = 0; i < sizeof(payload_src); i++)
		payload_src[i] = (uint8_t)rnd();

	test_crc32();
	test_icrc_kat();
	test_round_trips();
	test_drop_reasons();
	test_int();
	test_args();
	test_pcap(tmp);
	test_link_timing();
	test_link_impairments(seed);
	test_fuzz(fuzz);

	if (tb_failures) {
		printf("tb_roce: %d of %d checks FAILED (seed %" PRIu64 ")\n", tb_failures, tb_checks,
		       seed);
		return 1;
	}
	printf("tb_roce: all %d checks passed\n", tb_checks);
	return 0;
}
