/* SPDX-License-Identifier: MIT */
#include "hpcc_recip.h"

static uint64_t table_r(unsigned i)
{
	/* round(2^32 / (1024 + i)) using integers only */
	return ((1ull << 33) / (1024u + i) + 1u) >> 1;
}

uint64_t hpcc_recip_rom_word(unsigned i)
{
	uint64_t r = table_r(i);
	uint64_t r_next = (i + 1u < HPCC_RECIP_ENTRIES) ? table_r(i + 1u) : (1ull << 21);

	return (r << HPCC_RECIP_DELTA_BITS) | (r - r_next);
}

unsigned hpcc_msb64(uint64_t x)
{
	return x ? 63u - (unsigned)__builtin_clzll(x) : 0u;
}

uint64_t hpcc_shr_round(uint64_t p, unsigned s)
{
	if (s == 0)
		return p;
	if (s > 63)
		return 0;
	/* (p + 2^(s-1)) >> s without overflow: shift by s-1, add, halve */
	return ((p >> (s - 1u)) + 1u) >> 1;
}

void hpcc_recip(uint64_t x, uint32_t *m, uint32_t *sh)
{
	static uint64_t rom[HPCC_RECIP_ENTRIES];
	static int rom_ready;
	const unsigned fbits = HPCC_RECIP_IDX_BITS + HPCC_RECIP_FRAC_BITS; /* 22 */
	unsigned msb;
	uint64_t f, word, r, delta, frac, ri, mm;

	if (!rom_ready) {
		for (unsigned i = 0; i < HPCC_RECIP_ENTRIES; i++)
			rom[i] = hpcc_recip_rom_word(i);
		rom_ready = 1;
	}
	if (x == 0)
		x = 1;
	msb = hpcc_msb64(x);
	/* the fbits mantissa bits just below the leading one, zero filled */
	if (msb >= fbits)
		f = (x >> (msb - fbits)) & ((1ull << fbits) - 1u);
	else
		f = (x << (fbits - msb)) & ((1ull << fbits) - 1u);
	word = rom[f >> HPCC_RECIP_FRAC_BITS];
	frac = f & ((1u << HPCC_RECIP_FRAC_BITS) - 1u);
	r = word >> HPCC_RECIP_DELTA_BITS;
	delta = word & ((1u << HPCC_RECIP_DELTA_BITS) - 1u);
	ri = r - ((delta * frac + (1u << (HPCC_RECIP_FRAC_BITS - 1))) >> HPCC_RECIP_FRAC_BITS);
	/* Q1.22 -> Q0.17, saturating so that m always fits 17 bits */
	mm = (ri + 16u) >> 5;
	if (mm > (1u << HPCC_RECIP_M_BITS) - 1u)
		mm = (1u << HPCC_RECIP_M_BITS) - 1u;
	*m = (uint32_t)mm;
	*sh = HPCC_RECIP_M_BITS + msb;
}
