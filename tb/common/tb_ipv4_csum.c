/* SPDX-License-Identifier: MIT */
/*
 * tb_ipv4_csum: rtl/common/hpnic_ipv4_csum against the RFC 1071 fold in C.
 *
 *  1. random 20-byte headers: csum (checksum field taken as zero) and ok
 *     (the sum of all ten words is 0xFFFF) equal the reference's;
 *  2. realistic headers filled by the RTL's own csum verify (TX to RX), and
 *     every single-bit flip of them fails;
 *  3. corner cases: all zeros, all ones, the +0/-0 checksum (a field of
 *     0x0000 or 0xFFFF when the other words sum to 0xFFFF: both verify).
 *
 * Prints its seed; --seed reruns it; --count N headers per random phase.
 */
#define _POSIX_C_SOURCE 200809L

#include "csum_rtl.h"
#include "tb_util.h"

/* one's complement sum of the ten words, folded; skip: word index to treat as zero */
static uint16_t ref_sum(const uint8_t h[20], int skip)
{
	uint32_t s = 0;

	for (int i = 0; i < 10; i++)
		if (i != skip)
			s += (uint32_t)h[2 * i] << 8 | h[2 * i + 1];
	while (s >> 16)
		s = (s & 0xffff) + (s >> 16);
	return (uint16_t)s;
}

static uint16_t ref_csum(const uint8_t h[20])
{
	return (uint16_t)~ref_sum(h, 5);
}

static int ref_ok(const uint8_t h[20])
{
	return ref_sum(h, -1) == 0xffff;
}

static void check_one(struct csum_rtl *r, const uint8_t h[20], const char *what)
{
	uint16_t c;
	int ok;

	csum_rtl_eval(r, h, &c, &ok);
	CHECK(c == ref_csum(h) && ok == ref_ok(h),
	      "%s: csum %04x ok %d, want %04x %d (hdr %02x%02x %02x%02x ... %02x%02x)", what, c, ok,
	      ref_csum(h), ref_ok(h), h[0], h[1], h[2], h[3], h[18], h[19]);
}

static void realistic(uint8_t h[20])
{
	unsigned len = 28 + rndr(9000);

	h[0] = 0x45;
	h[1] = (uint8_t)rnd();
	h[2] = (uint8_t)(len >> 8);
	h[3] = (uint8_t)len;
	h[4] = (uint8_t)rnd();
	h[5] = (uint8_t)rnd();
	h[6] = rndr(2) ? 0x40 : 0x00;
	h[7] = 0;
	h[8] = (uint8_t)(1 + rndr(255));
	h[9] = rndr(4) ? 17 : (uint8_t)rnd();
	h[10] = h[11] = 0;
	for (int i = 12; i < 20; i++)
		h[i] = (uint8_t)rnd();
}

int main(int argc, char **argv)
{
	uint64_t len = 200000;
	unsigned count;

	tb_args(argc, argv, "tb_ipv4_csum",
		"IPv4 header checksum against the C reference on random headers.",
		"count", &len, NULL);
	count = (unsigned)len;

	struct csum_rtl *r = csum_rtl_new();
	uint8_t h[20];
	unsigned good = 0, flips = 0;

	/* 1. random headers, with biased bytes now and then (carries galore) */
	for (unsigned n = 0; n < count; n++) {
		unsigned mode = rndr(4);
		for (int i = 0; i < 20; i++)
			h[i] = mode == 0 ? (rndr(2) ? 0xff : 0x00) : mode == 1 ? (uint8_t)(0xf0 | rnd())
										: (uint8_t)rnd();
		check_one(r, h, "random");
	}

	/* 2. fill with the RTL (TX), verify with the RTL (RX), then break it */
	for (unsigned n = 0; n < count / 20; n++) {
		uint16_t cs;
		int ok;

		realistic(h);
		csum_rtl_eval(r, h, &cs, &ok);
		CHECK(cs == ref_csum(h), "fill: %04x want %04x", cs, ref_csum(h));
		h[10] = (uint8_t)(cs >> 8);
		h[11] = (uint8_t)cs;
		csum_rtl_eval(r, h, &cs, &ok);
		CHECK(ok, "a filled header does not verify");
		CHECK(cs == ((uint16_t)h[10] << 8 | h[11]),
		      "csum ignores the field: %04x vs field %02x%02x", cs, h[10], h[11]);
		good++;
		for (int bit = 0; bit < 160; bit++) {
			h[bit / 8] ^= (uint8_t)(1u << (bit % 8));
			csum_rtl_eval(r, h, &cs, &ok);
			CHECK(!ok, "a one-bit error (bit %d) verifies", bit);
			check_one(r, h, "flipped");
			h[bit / 8] ^= (uint8_t)(1u << (bit % 8));
			flips++;
		}
	}

	/* 3. corner cases */
	memset(h, 0, sizeof(h));
	check_one(r, h, "all zeros");
	memset(h, 0xff, sizeof(h));
	check_one(r, h, "all ones");
	{
		uint16_t cs;
		int ok;
		/* nine words summing to 0xFFFF: the checksum is 0x0000, and 0xFFFF
		 * (the other zero) verifies too */
		memset(h, 0, sizeof(h));
		h[0] = 0x45;
		h[1] = 0x00;
		h[2] = 0xba;
		h[3] = 0xff;
		csum_rtl_eval(r, h, &cs, &ok);
		CHECK(cs == 0x0000, "-0 sum: csum %04x, want 0000", cs);
		check_one(r, h, "-0 sum, field 0000");
		CHECK(ok, "-0 sum, field 0000: does not verify");
		h[10] = h[11] = 0xff;
		csum_rtl_eval(r, h, &cs, &ok);
		check_one(r, h, "-0 sum, field ffff");
		CHECK(ok, "-0 sum, field ffff: does not verify");
	}
	printf("  %u random headers, %u filled and verified, %u one-bit errors caught\n", count,
	       good, flips);
	csum_rtl_free(r);
	return tb_finish("tb_ipv4_csum");
}
