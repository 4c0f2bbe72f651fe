/* SPDX-License-Identifier: MIT */
/*
 * tb_crc32: rtl/common/hpnic_crc32 against zlib's crc32(), at 512 and 64 bits.
 *
 *  1. random packets of 1..9000 bytes (many short ones, every tail length),
 *     random initial registers (0xFFFFFFFF, 0xDEBB20E3, random, or the
 *     previous packet's result: a CRC continued across packets), random idle
 *     cycles on the input and random back-pressure on the output: every
 *     result, raw register and complemented value, in order;
 *  2. line rate: back-to-back packets (1 beat each, then mixed) with the
 *     output always ready: the input never stalls, one beat per cycle, and
 *     the latency is the documented one;
 *  3. a long output stall: the input stops (credit), nothing is lost.
 *
 * Prints its seed; --seed reruns it. --packets N sets the size of phase 1.
 */
#define _POSIX_C_SOURCE 200809L
#include <zlib.h>

#include "crc32_rtl.h"
#include "tb_util.h"

struct pkt {
	uint8_t *buf;
	unsigned len;
	uint32_t init;       /* raw register the packet starts from */
	uint32_t want;       /* raw register after it */
	uint64_t last_cycle; /* cycle its last beat was accepted */
};

/* raw register after buf, from raw register init: zlib works on complements */
static uint32_t ref_state(uint32_t init, const uint8_t *buf, unsigned len)
{
	return ~(uint32_t)crc32(~init & 0xffffffffu, buf, len);
}

static unsigned rand_len(unsigned bytes)
{
	unsigned r = rndr(100);

	if (r < 30)
		return 1 + rndr(2 * bytes);          /* one or two beats, every tail */
	if (r < 90)
		return 1 + rndr(1500);
	return 1 + rndr(9000);
}

static void make_pkts(struct pkt *p, unsigned n, unsigned bytes, int fixed_len)
{
	uint32_t prev = 0xffffffffu;

	for (unsigned i = 0; i < n; i++) {
		p[i].len = fixed_len ? (unsigned)fixed_len : rand_len(bytes);
		p[i].buf = malloc(p[i].len);
		if (!p[i].buf) {
			fprintf(stderr, "out of memory\n");
			exit(1);
		}
		for (unsigned b = 0; b < p[i].len; b++)
			p[i].buf[b] = (uint8_t)rnd();
		switch (rndr(4)) {
		case 0: p[i].init = 0xffffffffu; break;
		case 1: p[i].init = 0xdebb20e3u; break;
		case 2: p[i].init = (uint32_t)rnd(); break;
		default: p[i].init = prev; break;       /* continue the previous CRC */
		}
		p[i].want = ref_state(p[i].init, p[i].buf, p[i].len);
		prev = p[i].want;
	}
}

static void free_pkts(struct pkt *p, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		free(p[i].buf);
}

struct run_stats {
	uint64_t cycles, beats, first_accept, last_accept, stalls;
	unsigned lat_min, lat_max;
};

/*
 * Stream the packets through; check every result. idle: chance of a cycle
 * without input; bp: chance of the output not ready; stall_at/stall_len: a
 * long output stall. Returns 0, or -1 on a hang.
 */
static int run(struct crc32_rtl *r, unsigned bytes, struct pkt *p, unsigned n, double idle,
	       double bp, uint64_t stall_at, uint64_t stall_len, struct run_stats *st)
{
	unsigned pin = 0, off = 0, pout = 0;
	uint64_t quiet = 0, start = crc32_rtl_cycle(r);
	uint8_t junk[64];

	memset(st, 0, sizeof(*st));
	st->lat_min = ~0u;
	while (pout < n) {
		uint64_t now = crc32_rtl_cycle(r);
		int valid = pin < n && !rndp(idle);
		unsigned nb = 0;
		int last = 0;

		if (valid) {
			nb = p[pin].len - off < bytes ? p[pin].len - off : bytes;
			last = off + nb == p[pin].len;
			crc32_rtl_set_in(r, 1, p[pin].buf + off, nb, last, p[pin].init);
		} else {
			/* garbage on the bus while not valid */
			for (unsigned b = 0; b < bytes; b++)
				junk[b] = (uint8_t)rnd();
			crc32_rtl_set_in(r, 0, junk, 1 + rndr(bytes), (int)rndr(2), (uint32_t)rnd());
		}
		int ready = !rndp(bp) && !(now - start >= stall_at && now - start < stall_at + stall_len);
		crc32_rtl_set_out_ready(r, ready);

		int in_fire = valid && crc32_rtl_in_ready(r);
		uint32_t crc, state;
		int out_valid = crc32_rtl_out(r, &crc, &state);
		if (valid && !in_fire)
			st->stalls++;
		if (out_valid && ready) {
			CHECK(state == p[pout].want && crc == ~p[pout].want,
			      "packet %u (%u bytes, init %08x): state %08x crc %08x, want %08x/%08x",
			      pout, p[pout].len, p[pout].init, state, crc, p[pout].want, ~p[pout].want);
			unsigned lat = (unsigned)(now - p[pout].last_cycle);
			if (lat < st->lat_min)
				st->lat_min = lat;
			if (lat > st->lat_max)
				st->lat_max = lat;
			pout++;
			quiet = 0;
		}
		if (in_fire) {
			if (!st->beats)
				st->first_accept = now;
			st->last_accept = now;
			st->beats++;
			off += nb;
			if (last) {
				p[pin].last_cycle = now;
				pin++;
				off = 0;
			}
			quiet = 0;
		}
		crc32_rtl_tick(r);
		if (++quiet > 100000) {
			CHECK(0, "no progress for 100000 cycles (in %u/%u, out %u)", pin, n, pout);
			return -1;
		}
	}
	/* nothing extra comes out */
	crc32_rtl_set_in(r, 0, junk, 1, 0, 0);
	crc32_rtl_set_out_ready(r, 1);
	for (int i = 0; i < 40; i++) {
		uint32_t crc, state;
		CHECK(!crc32_rtl_out(r, &crc, &state), "an extra result after the last packet");
		crc32_rtl_tick(r);
	}
	st->cycles = crc32_rtl_cycle(r) - start;
	return 0;
}

static unsigned clog2(unsigned v)
{
	unsigned b = 0;
	while ((1u << b) < v)
		b++;
	return b;
}

static void test_width(unsigned width, unsigned npkt, const char *fst)
{
	unsigned bytes = width / 8;
	/* the documented latency: 4 + ceil(log2(bytes) / TAIL_BITS), TAIL_BITS = 2 */
	unsigned want_lat = 4 + (clog2(bytes) + 1) / 2;
	struct crc32_rtl *r = crc32_rtl_new(width, fst);
	struct run_stats st;
	struct pkt *p;

	if (!r) {
		CHECK(0, "no %u-bit model", width);
		return;
	}
	crc32_rtl_reset(r);

	/* 1. random */
	p = calloc(npkt, sizeof(*p));
	make_pkts(p, npkt, bytes, 0);
	if (run(r, bytes, p, npkt, 0.2, 0.3, ~0ull, 0, &st) == 0)
		printf("  %u-bit random: %u packets, %llu beats in %llu cycles, %llu input stalls\n",
		       width, npkt, (unsigned long long)st.beats, (unsigned long long)st.cycles,
		       (unsigned long long)st.stalls);
	free_pkts(p, npkt);
	free(p);

	/* 2. line rate: 1-beat packets of every length, then mixed sizes */
	for (int phase = 0; phase < 2; phase++) {
		unsigned n = phase == 0 ? 4 * bytes : 400;
		p = calloc(n, sizeof(*p));
		make_pkts(p, n, bytes, 0);
		if (phase == 0) {
			/* every tail length, back to back; inits as drawn */
			for (unsigned i = 0; i < n; i++) {
				p[i].len = 1 + i % bytes;
				p[i].want = ref_state(p[i].init, p[i].buf, p[i].len);
			}
		}
		if (run(r, bytes, p, n, 0.0, 0.0, ~0ull, 0, &st) == 0) {
			CHECK(st.stalls == 0, "%u-bit line rate: %llu input stalls", width,
			      (unsigned long long)st.stalls);
			CHECK(st.last_accept - st.first_accept + 1 == st.beats,
			      "%u-bit line rate: %llu beats took %llu cycles", width,
			      (unsigned long long)st.beats,
			      (unsigned long long)(st.last_accept - st.first_accept + 1));
			CHECK(st.lat_min == want_lat && st.lat_max == want_lat,
			      "%u-bit latency %u..%u cycles, documented %u", width, st.lat_min,
			      st.lat_max, want_lat);
			printf("  %u-bit line rate (%s): %llu beats in %llu cycles, latency %u cycles\n",
			       width, phase == 0 ? "1-beat packets" : "mixed",
			       (unsigned long long)st.beats,
			       (unsigned long long)(st.last_accept - st.first_accept + 1), st.lat_max);
		}
		free_pkts(p, n);
		free(p);
	}

	/* 3. a long stall of the output */
	p = calloc(200, sizeof(*p));
	make_pkts(p, 200, bytes, 0);
	for (unsigned i = 0; i < 200; i++) {
		p[i].len = 1 + rndr(2 * bytes);
		p[i].init = 0xffffffffu;
		p[i].want = ref_state(p[i].init, p[i].buf, p[i].len);
	}
	if (run(r, bytes, p, 200, 0.0, 0.0, 20, 500, &st) == 0) {
		CHECK(st.stalls > 400, "%u-bit: the input did not stall during an output stall",
		      width);
		printf("  %u-bit output stall: %llu input stall cycles, nothing lost\n", width,
		       (unsigned long long)st.stalls);
	}
	free_pkts(p, 200);
	free(p);

	crc32_rtl_free(r);
}

int main(int argc, char **argv)
{
	const char *fst = NULL;
	uint64_t len = 3000;
	unsigned npkt;

	tb_args(argc, argv, "tb_crc32",
		"CRC-32 (ICRC) at 512 and 64 bits against the C reference, random packets and stalls.",
		"packets", &len, &fst);
	npkt = (unsigned)len;

	/* the ICRC start value quoted in docs: the register after eight 0xFF bytes */
	static const uint8_t ff8[8] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };
	CHECK(ref_state(0xffffffffu, ff8, 8) == 0xdebb20e3u, "8 x 0xFF leaves %08x",
	      ref_state(0xffffffffu, ff8, 8));

	test_width(512, npkt, fst);
	test_width(64, npkt, NULL);
	return tb_finish("tb_crc32");
}
