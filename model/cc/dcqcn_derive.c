/* SPDX-License-Identifier: MIT */
/*
 * DCQCN's constants (docs/cc-dcqcn.md, "Parameters"): dcqcn_derive, the D
 * tables and their lookup. A file of its own because libhpnic links it (with
 * dcqcn_common.c and hpcc_derive.c) to write the CC.DCQCN_* registers, and
 * the library takes nothing but libc: none of this needs libm or the models.
 * Integers only; the only divisions of the DCQCN mode are here.
 */
#include <string.h>

#include "dcqcn_model.h"
#include "hpcc_recip.h"

/* Mb/s -> bytes/ns Q8.16: mbps x 65536 / 8000, rounded half up */
static uint32_t rate_q16(uint32_t mbps)
{
	return (uint32_t)(((uint64_t)mbps * 8192 + 500) / 1000);
}

/*
 * The D tables, tab[j][k] = (1 - g)^(k x 16^j) in Q1.17, by repeated
 * multiplication in Q1.31 (products of 32 x 32 bits, rounded half up) and a
 * final rounding to Q1.17: integer arithmetic, so every host makes the same
 * tables.
 */
void dcqcn_tables(uint32_t g_q10, uint32_t tab[4][16])
{
	uint64_t base = (uint64_t)(1024 - (g_q10 & 1023)) << 21;   /* 1 - g, Q1.31 exact */

	for (unsigned j = 0; j < 4; j++) {
		uint64_t x = 1ull << 31;

		for (unsigned k = 0; k < 16; k++) {
			tab[j][k] = (uint32_t)hpcc_shr_round(x, 31 - DCQCN_D_FRAC);
			x = hpcc_shr_round(x * base, 31);
		}
		for (unsigned s = 0; s < 4; s++)            /* base^16 for the next table */
			base = hpcc_shr_round(base * base, 31);
	}
}

uint32_t dcqcn_decay(const struct dcqcn_derived *d, uint32_t m)
{
	/* three 18 x 18-bit products, each rounded back to Q1.17 */
	uint64_t p01 = hpcc_shr_round((uint64_t)d->tab[0][m & 15] * d->tab[1][(m >> 4) & 15],
				      DCQCN_D_FRAC);
	uint64_t p23 = hpcc_shr_round((uint64_t)d->tab[2][(m >> 8) & 15] * d->tab[3][(m >> 12) & 15],
				      DCQCN_D_FRAC);

	return (uint32_t)hpcc_shr_round(p01 * p23, DCQCN_D_FRAC);
}

int dcqcn_derive(const struct dcqcn_params *p, struct dcqcn_derived *d)
{
	struct hpcc_params hp = { .t_ns = p->t_ns, .eta_q16 = HPCC_ETA_ONE, .line_mbps = p->line_mbps,
				  .min_mbps = p->line_mbps };
	struct hpcc_derived hd;
	int err = dcqcn_params_check(p, NULL);

	if (err)
		return err;
	memset(d, 0, sizeof(*d));
	d->p = *p;
	d->line_q16 = rate_q16(p->line_mbps);
	d->min_q16 = rate_q16(p->min_mbps);
	d->ai_q16 = rate_q16(p->ai_mbps);
	d->hai_q16 = rate_q16(p->hai_mbps);
	d->first_q16 = rate_q16(p->first_mbps);
	d->omg_q10 = 1024 - p->g_q10;
	d->min_dec_q16 = (p->min_dec_pct * DCQCN_F_ONE + 50) / 100;
	d->alpha0 = p->alpha0_q10 << (DCQCN_ALPHA_FRAC - 10);
	d->b_pkts = (p->byte_reset - 1) / p->mtu + 1;
	hpcc_derive(&hp, &hd);          /* W_max exactly as the HPCC mode has it */
	d->wmax_q4 = hd.wmax;
	dcqcn_tables(p->g_q10, d->tab);
	return 0;
}

void dcqcn_regs(const struct dcqcn_derived *d, uint32_t r[DCQCN_NREGS])
{
	r[0] = d->line_q16;
	r[1] = d->min_q16;
	r[2] = d->ai_q16;
	r[3] = d->hai_q16;
	r[4] = d->first_q16;
	r[5] = d->p.g_q10;
	r[6] = d->alpha0;
	r[7] = d->min_dec_q16;
	r[8] = d->p.gd;
	r[9] = d->p.td_us;
	r[10] = d->p.ti_us;
	r[11] = d->b_pkts;
	r[12] = d->p.threshold;
	r[13] = d->p.period_us;
}

/* Q8.16 bytes/ns to Mb/s, rounded: a step is 0.122 Mb/s, so rate_q16's
 * rounding of an integer Mb/s comes back exactly */
static uint32_t rate_mbps(uint32_t q16)
{
	return (uint32_t)(((uint64_t)q16 * 1000 + 4096) / 8192);
}

void dcqcn_params_from_regs(const uint32_t r[DCQCN_NREGS], struct dcqcn_params *p)
{
	p->min_mbps = rate_mbps(r[1]);
	p->ai_mbps = rate_mbps(r[2]);
	p->hai_mbps = rate_mbps(r[3]);
	p->first_mbps = rate_mbps(r[4]);
	p->g_q10 = r[5];
	p->alpha0_q10 = r[6] >> (DCQCN_ALPHA_FRAC - 10);
	p->min_dec_pct = (uint32_t)(((uint64_t)r[7] * 100 + DCQCN_F_ONE / 2) / DCQCN_F_ONE);
	p->gd = r[8];
	p->td_us = r[9];
	p->ti_us = r[10];
	p->byte_reset = r[11] * p->mtu;
	p->threshold = r[12];
	p->period_us = r[13];
}

int dcqcn_regs_match(const struct dcqcn_params *p, const uint32_t r[DCQCN_NREGS],
		     const uint32_t tab[4][16])
{
	struct dcqcn_derived d;
	uint32_t want[DCQCN_NREGS];

	if (dcqcn_derive(p, &d))
		return 0;
	dcqcn_regs(&d, want);
	return !memcmp(want, r, sizeof(want)) && !memcmp(d.tab, tab, sizeof(d.tab));
}
