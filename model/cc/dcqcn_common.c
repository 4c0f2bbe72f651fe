/* SPDX-License-Identifier: MIT */
/*
 * DCQCN: what both models share. The parameters (defaults, ranges, the
 * name=value parser), the state word's bit layout, and the control flow of
 * one event (docs/cc-dcqcn.md, "The algorithm, per event"): every decision
 * is made here on integers, so the fixed and the double model can only
 * differ in the arithmetic their hooks do on alpha, Rc and Rt.
 */
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "dcqcn_model.h"

#define MASK(n) ((1u << (n)) - 1u)

void dcqcn_params_default(struct dcqcn_params *p)
{
	memset(p, 0, sizeof(*p));
	p->line_mbps = 100000;
	p->t_ns = 4160;             /* HPCC's default T (hpcc_user_params_default) */
	p->g_q10 = 4;               /* g = 1/256, the paper's */
	p->alpha0_q10 = 1023;
	p->period_us = 1;
	p->td_us = 4;
	p->ti_us = 300;
	p->byte_reset = 10u << 20;  /* the paper's byte counter, 10 MB */
	p->mtu = 4096;
	p->threshold = 5;           /* the paper's F */
	p->ai_mbps = 40;            /* the paper's R_AI */
	p->hai_mbps = 200;
	p->min_dec_pct = 50;
	p->min_mbps = DCQCN_RATE_MIN_MBPS;
	p->gd = 1;                  /* Rc (1 - alpha/2), as the paper */
	p->first_mbps = 0;
	p->clamp_tgt = 0;           /* the vendor's clamp_tgt_rate */
}

int dcqcn_params_check(const struct dcqcn_params *p, const char **what)
{
	const char *bad = NULL;

	if (p->line_mbps < DCQCN_LINE_MIN_MBPS || p->line_mbps > DCQCN_RATE_MAX_MBPS)
		bad = "line_mbps must be 1000 .. 1048575";
	else if (p->t_ns < HPCC_T_MIN || p->t_ns > HPCC_T_MAX)
		bad = "t_ns must be 64 .. 1048575";
	else if (p->g_q10 < DCQCN_G_MIN || p->g_q10 > DCQCN_G_MAX)
		bad = "g must be 2 .. 1023 (g x 1024)";
	else if (p->alpha0_q10 > DCQCN_ALPHA0_MAX)
		bad = "initial_alpha_value must be 0 .. 1024 (alpha x 1024)";
	else if (p->period_us < 1 || p->period_us > DCQCN_PERIOD_MAX_US)
		bad = "dce_tcp_rtt must be 1 .. 131071 us";
	else if (p->td_us > DCQCN_TD_MAX_US)
		bad = "rate_reduce_monitor_period must be 0 .. 131071 us";
	else if (p->ti_us < 1 || p->ti_us > DCQCN_TI_MAX_US)
		bad = "rpg_time_reset must be 1 .. 131071 us";
	else if (p->mtu < DCQCN_MTU_MIN || p->mtu > DCQCN_MTU_MAX)
		bad = "mtu must be 256 .. 4096 bytes";
	else if (p->byte_reset < 1 || (p->byte_reset - 1) / p->mtu + 1 > DCQCN_BPKTS_MAX)
		bad = "rpg_byte_reset must be 1 byte .. 65535 packets of the MTU";
	else if (p->threshold > DCQCN_F_MAX)
		bad = "rpg_threshold must be 0 .. 31";
	else if (p->ai_mbps < DCQCN_RATE_MIN_MBPS || p->ai_mbps > p->line_mbps)
		bad = "rpg_ai_rate must be 40 Mb/s .. line rate";
	else if (p->hai_mbps < DCQCN_RATE_MIN_MBPS || p->hai_mbps > p->line_mbps)
		bad = "rpg_hai_rate must be 40 Mb/s .. line rate";
	else if (p->min_dec_pct > 100)
		bad = "rpg_min_dec_fac must be 0 .. 100 %";
	else if (p->min_mbps < DCQCN_RATE_MIN_MBPS || p->min_mbps > p->line_mbps)
		bad = "rpg_min_rate must be 40 Mb/s .. line rate";
	else if (p->gd > DCQCN_GD_MAX)
		bad = "gd must be 0 .. 15";
	else if (p->first_mbps && (p->first_mbps < p->min_mbps || p->first_mbps > p->line_mbps))
		bad = "rate_to_set_on_first_cnp must be 0 or rpg_min_rate .. line rate";
	else if (p->clamp_tgt > 1)
		bad = "clamp_tgt_rate must be 0 or 1";
	if (what)
		*what = bad;
	return bad ? -EINVAL : 0;
}

static const struct {
	const char *name;
	size_t off;
} param_names[] = {
	{ "line_mbps", offsetof(struct dcqcn_params, line_mbps) },
	{ "t_ns", offsetof(struct dcqcn_params, t_ns) },
	{ "g", offsetof(struct dcqcn_params, g_q10) },
	{ "initial_alpha_value", offsetof(struct dcqcn_params, alpha0_q10) },
	{ "dce_tcp_rtt", offsetof(struct dcqcn_params, period_us) },
	{ "rate_reduce_monitor_period", offsetof(struct dcqcn_params, td_us) },
	{ "rpg_time_reset", offsetof(struct dcqcn_params, ti_us) },
	{ "rpg_byte_reset", offsetof(struct dcqcn_params, byte_reset) },
	{ "mtu", offsetof(struct dcqcn_params, mtu) },
	{ "rpg_threshold", offsetof(struct dcqcn_params, threshold) },
	{ "rpg_ai_rate", offsetof(struct dcqcn_params, ai_mbps) },
	{ "rpg_hai_rate", offsetof(struct dcqcn_params, hai_mbps) },
	{ "rpg_min_dec_fac", offsetof(struct dcqcn_params, min_dec_pct) },
	{ "rpg_min_rate", offsetof(struct dcqcn_params, min_mbps) },
	{ "gd", offsetof(struct dcqcn_params, gd) },
	{ "rate_to_set_on_first_cnp", offsetof(struct dcqcn_params, first_mbps) },
	{ "clamp_tgt_rate", offsetof(struct dcqcn_params, clamp_tgt) },
};

int dcqcn_params_parse(struct dcqcn_params *p, const char *list, const char **what)
{
	const char *s = list;

	while (*s) {
		size_t len = strcspn(s, "=,");
		unsigned i, n = sizeof(param_names) / sizeof(param_names[0]);
		unsigned long long v;
		char *end;

		for (i = 0; i < n; i++)
			if (strlen(param_names[i].name) == len && !strncmp(s, param_names[i].name, len))
				break;
		if (i == n) {
			*what = "unknown parameter name";
			return -EINVAL;
		}
		if (s[len] != '=' || s[len + 1] < '0' || s[len + 1] > '9') {
			*what = "expected name=unsigned-number";
			return -EINVAL;
		}
		errno = 0;
		v = strtoull(s + len + 1, &end, 0);
		if (errno || v > 0xffffffffull || (*end && *end != ',')) {
			*what = "expected name=unsigned-number (32 bits)";
			return -EINVAL;
		}
		*(uint32_t *)((char *)p + param_names[i].off) = (uint32_t)v;
		s = *end ? end + 1 : end;
	}
	return 0;
}

void *dcqcn_base_new(size_t size, unsigned nqp, const struct dcqcn_params *p)
{
	struct dcqcn_base *b = calloc(1, size);

	if (!b) {
		errno = ENOMEM;
		return NULL;
	}
	if (dcqcn_derive(p, &b->d)) {
		free(b);
		errno = EINVAL;
		return NULL;
	}
	b->nqp = nqp ? nqp : 1;
	return b;
}

/* ---- the state word ---- */

static const struct {
	size_t off;
	unsigned lsb, bits;
} word_fields[] = {
	{ offsetof(struct dcqcn_state, rc), 0, DCQCN_RATE_BITS },
	{ offsetof(struct dcqcn_state, rt), 24, DCQCN_RATE_BITS },
	{ offsetof(struct dcqcn_state, alpha), 48, DCQCN_ALPHA_BITS },
	{ offsetof(struct dcqcn_state, c.p_last), 71, DCQCN_P_BITS },
	{ offsetof(struct dcqcn_state, c.cnp_in_period), 87, 1 },
	{ offsetof(struct dcqcn_state, c.t_dec), 88, DCQCN_NOW_BITS },
	{ offsetof(struct dcqcn_state, c.dec_pending), 108, 1 },
	{ offsetof(struct dcqcn_state, c.t_inc), 109, DCQCN_NOW_BITS },
	{ offsetof(struct dcqcn_state, c.t_stage), 129, DCQCN_STAGE_BITS },
	{ offsetof(struct dcqcn_state, c.bc_stage), 134, DCQCN_STAGE_BITS },
	{ offsetof(struct dcqcn_state, c.bc_acc), 139, DCQCN_BC_BITS },
	{ offsetof(struct dcqcn_state, c.ack_psn), 155, HPCC_PSN_BITS },
	{ offsetof(struct dcqcn_state, c.cut), 179, 1 },
};
#define N_WORD_FIELDS (sizeof(word_fields) / sizeof(word_fields[0]))

void dcqcn_state_pack(const struct dcqcn_state *s, uint64_t w[3])
{
	w[0] = w[1] = w[2] = 0;
	for (unsigned i = 0; i < N_WORD_FIELDS; i++) {
		uint64_t v = *(const uint32_t *)((const char *)s + word_fields[i].off) &
			     MASK(word_fields[i].bits);

		for (unsigned b = 0; b < word_fields[i].bits; b++) {
			unsigned bit = word_fields[i].lsb + b;

			w[bit / 64] |= ((v >> b) & 1) << (bit % 64);
		}
	}
}

void dcqcn_state_unpack(const uint64_t w[3], struct dcqcn_state *s)
{
	memset(s, 0, sizeof(*s));
	for (unsigned i = 0; i < N_WORD_FIELDS; i++) {
		uint32_t v = 0;

		for (unsigned b = 0; b < word_fields[i].bits; b++) {
			unsigned bit = word_fields[i].lsb + b;

			v |= (uint32_t)((w[bit / 64] >> (bit % 64)) & 1) << b;
		}
		*(uint32_t *)((char *)s + word_fields[i].off) = v;
	}
}

/* ---- one event: steps 1-6 ---- */

static uint32_t since(uint32_t now, uint32_t t)
{
	return (now - t) & MASK(DCQCN_NOW_BITS);
}

static uint32_t sat_inc(uint32_t x, unsigned bits)
{
	return x < MASK(bits) ? x + 1 : x;
}

/*
 * step 5: a decrease, the first of a QP (not cut) to rate_to_set_on_first_cnp;
 * Rt = Rc if clamp_tgt_rate, or if the timer has raised the rate since the
 * last decrease (t_stage before it is reset here), else Rt is kept
 */
static void decrease(const struct dcqcn_derived *d, const struct dcqcn_ops *ops, void *m,
		     void *q, struct dcqcn_ctl *c, uint32_t now, struct dcqcn_counters *cnt)
{
	ops->decrease(m, q, !c->cut && d->p.first_mbps != 0, d->p.clamp_tgt || c->t_stage != 0);
	c->t_dec = c->t_inc = now;
	c->t_stage = c->bc_stage = c->bc_acc = 0;
	c->dec_pending = 0;
	c->cut = 1;
	cnt->decreases++;
}

/* step 6: the stage from the two counts, then the model's arithmetic */
static void increase(const struct dcqcn_derived *d, const struct dcqcn_ops *ops, void *m,
		     void *q, const struct dcqcn_ctl *c)
{
	uint32_t hi = c->t_stage > c->bc_stage ? c->t_stage : c->bc_stage;
	uint32_t lo = c->t_stage < c->bc_stage ? c->t_stage : c->bc_stage;
	uint32_t f = d->p.threshold;

	if (hi < f)
		ops->increase(m, q, DCQCN_INC_FR, 0);
	else if (lo > f)
		ops->increase(m, q, DCQCN_INC_HAI, lo - f);
	else
		ops->increase(m, q, DCQCN_INC_AI, 0);
}

uint32_t dcqcn_ctl_event(const struct dcqcn_derived *d, const struct dcqcn_ops *ops, void *m,
			 void *q, struct dcqcn_ctl *c, uint32_t *mode, const struct hpcc_event *ev,
			 uint32_t *reason, struct dcqcn_counters *cnt)
{
	uint32_t now = ev->now_us & MASK(DCQCN_NOW_BITS), per = ev->period & MASK(DCQCN_P_BITS);
	uint32_t flags = 0, n;

	cnt->events++;
	*reason = HPCC_IGN_NONE;
	if (ev->type > DCQCN_EV_TICK) {
		*reason = HPCC_IGN_TYPE;
		cnt->ign_type++;
		return DCQCN_UF_IGNORED;
	}
	if (ev->type == DCQCN_EV_INIT) {
		cnt->inits++;
		*mode = ev->mode & 3;
		memset(c, 0, sizeof(*c));
		c->p_last = per;
		c->t_dec = c->t_inc = now;
		c->ack_psn = ev->ack_psn & MASK(HPCC_PSN_BITS);
		ops->init(m, q);
		return DCQCN_UF_INIT;
	}
	if (*mode != HPCC_MODE_DCQCN) {
		*reason = HPCC_IGN_MODE;
		cnt->ign_mode++;
		return DCQCN_UF_IGNORED;
	}
	cnt->acks += ev->type == DCQCN_EV_ACK;
	cnt->cnps += ev->type == DCQCN_EV_CNP;
	cnt->ticks += ev->type == DCQCN_EV_TICK;

	/* 1. alpha up to date over the n periods ended since p_last */
	n = (per - c->p_last) & MASK(DCQCN_P_BITS);
	if (n) {
		ops->alpha(m, q, n, c->cnp_in_period);
		c->cnp_in_period = 0;
		c->p_last = per;
	}
	/* 2. a pending decrease now due */
	if (c->dec_pending && since(now, c->t_dec) >= d->p.td_us) {
		decrease(d, ops, m, q, c, now, cnt);
		flags |= DCQCN_UF_DEC;
	}
	/*
	 * 3. the rate-increase timer: one expiry per event, and none in an
	 * event that made step 2's decrease (one rate change: the engine's rate
	 * loop has no decrease-then-increase case; with Ti >= 1 it could not
	 * fire here anyway, as the decrease set t_inc = now)
	 */
	if (c->cut && !(flags & DCQCN_UF_DEC) && since(now, c->t_inc) >= d->p.ti_us) {
		c->t_inc = (c->t_inc + d->p.ti_us) & MASK(DCQCN_NOW_BITS);
		c->t_stage = sat_inc(c->t_stage, DCQCN_STAGE_BITS);
		increase(d, ops, m, q, c);
		cnt->inc_timer++;
		flags |= DCQCN_UF_INC_T;
	}
	/* 4. the event's own work */
	if (ev->type == DCQCN_EV_ACK) {
		uint32_t psn = ev->ack_psn & MASK(HPCC_PSN_BITS);
		uint32_t delta = (psn - c->ack_psn) & MASK(HPCC_PSN_BITS);

		if (delta && delta < (1u << (HPCC_PSN_BITS - 1))) {
			c->ack_psn = psn;
			c->bc_acc += delta;
			if (c->bc_acc > MASK(DCQCN_BC_BITS))
				c->bc_acc = MASK(DCQCN_BC_BITS);
		}
		/* no increase in an event that made step 2's decrease: the
		 * packets stay banked for the next ACK */
		if (c->cut && c->bc_acc >= d->b_pkts && !(flags & (DCQCN_UF_INC_T | DCQCN_UF_DEC))) {
			c->bc_acc -= d->b_pkts;
			c->bc_stage = sat_inc(c->bc_stage, DCQCN_STAGE_BITS);
			increase(d, ops, m, q, c);
			cnt->inc_bc++;
			flags |= DCQCN_UF_INC_BC;
		}
	} else if (ev->type == DCQCN_EV_CNP) {
		/*
		 * At most one decrease per event: after step 2's, a CNP is left
		 * pending. With the parameters fixed this changes nothing (a
		 * decrease can only be pending if Td > 0, and step 2 has just set
		 * t_dec = now); it decides only what happens when Td is set to 0
		 * while a decrease is pending, and it spares the engine's rate
		 * loop a second multiply in series (docs/cc-dcqcn.md).
		 */
		c->cnp_in_period = 1;
		if (!(flags & DCQCN_UF_DEC) && (!c->cut || since(now, c->t_dec) >= d->p.td_us)) {
			decrease(d, ops, m, q, c, now, cnt);
			flags |= DCQCN_UF_DEC;
		} else {
			c->dec_pending = 1;
			cnt->deferred++;
			flags |= DCQCN_UF_DEFER;
		}
	}
	return flags;
}
