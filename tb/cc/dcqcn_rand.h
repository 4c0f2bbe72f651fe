/* SPDX-License-Identifier: MIT */
/*
 * Random DCQCN parameter sets within the models' ranges, drawn from
 * tb_util.h's seeded PRNG: tb_dcqcn (the models) and tb_cc (the engine)
 * draw them alike.
 */
#ifndef DCQCN_RAND_H
#define DCQCN_RAND_H

#include <math.h>
#include <stdint.h>

#include "dcqcn_model.h"
#include "tb_util.h"

/* log-uniform in [lo, hi] */
static inline uint32_t log_uniform(uint32_t lo, uint32_t hi)
{
	double x = exp(log((double)lo) + rndf() * (log((double)hi + 1) - log((double)lo)));
	uint32_t v = (uint32_t)x;

	return v < lo ? lo : v > hi ? hi : v;
}

/* a parameter set: mostly common line rates, the rest anywhere in the ranges */
static inline void dcqcn_random_params(struct dcqcn_params *p)
{
	static const uint32_t lines[] = { 10000, 25000, 40000, 100000, 200000, 400000, 800000 };
	static const uint32_t mtus[] = { 256, 512, 1024, 2048, 4096 };

	dcqcn_params_default(p);
	p->line_mbps = rndp(0.8) ? lines[rndr(7)] : log_uniform(DCQCN_LINE_MIN_MBPS,
								DCQCN_RATE_MAX_MBPS);
	p->t_ns = log_uniform(HPCC_T_MIN, HPCC_T_MAX);
	p->g_q10 = log_uniform(DCQCN_G_MIN, DCQCN_G_MAX);
	p->alpha0_q10 = rndr(DCQCN_ALPHA0_MAX + 1);
	p->period_us = rndp(0.5) ? 1 + rndr(4) : log_uniform(1, 200);
	p->td_us = rndp(0.2) ? 0 : log_uniform(1, 200);
	p->ti_us = rndp(0.5) ? log_uniform(1, 2000) : log_uniform(1, DCQCN_TI_MAX_US);
	p->mtu = mtus[rndr(5)];
	p->byte_reset = log_uniform(1, 2000 * p->mtu);
	p->threshold = rndp(0.8) ? rndr(11) : rndr(DCQCN_F_MAX + 1);
	p->ai_mbps = log_uniform(DCQCN_RATE_MIN_MBPS, p->line_mbps);
	p->hai_mbps = log_uniform(DCQCN_RATE_MIN_MBPS, p->line_mbps);
	p->min_dec_pct = rndp(0.3) ? rndr(101) : rndr(60);
	p->min_mbps = log_uniform(DCQCN_RATE_MIN_MBPS, p->line_mbps);
	p->gd = rndp(0.8) ? rndr(5) : rndr(DCQCN_GD_MAX + 1);
	p->first_mbps = rndp(0.5) ? 0 : p->min_mbps + rndr(p->line_mbps - p->min_mbps + 1);
	p->clamp_tgt = rndp(0.5);
}

#endif
