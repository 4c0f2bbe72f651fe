/* SPDX-License-Identifier: MIT */
/*
 * Fixed-point DCQCN reaction point (docs/cc-dcqcn.md): the arithmetic an
 * RTL engine copies bit for bit (the constants it runs on are
 * dcqcn_derive()'s, dcqcn_derive.c). Integers only; every product's width and every
 * rounding (round half up, hpcc_shr_round) is written out; no division
 * outside dcqcn_derive.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "dcqcn_model.h"
#include "hpcc_recip.h"

#define MASK(n) ((1u << (n)) - 1u)

struct dcqcn_fx {
	struct dcqcn_base b;        /* nqp, the constants d, the counters c */
	uint8_t *mode;              /* per QP: the engine's RAM_S mode */
	uint64_t (*word)[3];        /* per QP: the 180-bit state word */
};

static void fx_init(void *mp, void *qp)
{
	const struct dcqcn_fx *m = mp;
	struct dcqcn_state *s = qp;

	s->rc = s->rt = m->b.d.line_q16;
	s->alpha = m->b.d.alpha0;
}

/*
 * alpha <- D(n-1) x ((1-g) alpha + g cnp). The bracket is exact in Q1.32
 * (a 10 x 23-bit product plus g << 22, at most 2^32); times D (Q1.17) it is
 * a 50-bit product, rounded once to Q1.22.
 */
static void fx_alpha(void *mp, void *qp, uint32_t n, uint32_t cnp)
{
	const struct dcqcn_fx *m = mp;
	struct dcqcn_state *s = qp;
	uint64_t x = (uint64_t)m->b.d.omg_q10 * s->alpha +
		     (cnp ? (uint64_t)m->b.d.p.g_q10 << DCQCN_ALPHA_FRAC : 0);

	s->alpha = (uint32_t)hpcc_shr_round(dcqcn_decay(&m->b.d, n - 1) * x, 10 + DCQCN_D_FRAC);
}

/*
 * Rt <- Rc (if clamp; else Rt is kept); Rc <- max(Rc x f, Rmin), f = max(1 - alpha x 2^-gd, min_dec) in
 * Q1.16 (alpha x 2^-gd rounded from Q1.22 to Q1.16); Rc x f is a 24 x 17-bit
 * product rounded to Q8.16.
 */
static void fx_decrease(void *mp, void *qp, int first, int clamp)
{
	const struct dcqcn_fx *m = mp;
	const struct dcqcn_derived *d = &m->b.d;
	struct dcqcn_state *s = qp;
	uint32_t f, rc;

	if (first) {
		s->rc = s->rt = d->first_q16;
		return;
	}
	f = DCQCN_F_ONE - (uint32_t)hpcc_shr_round(s->alpha, d->p.gd + DCQCN_ALPHA_FRAC - 16);
	if (f < d->min_dec_q16)
		f = d->min_dec_q16;
	rc = (uint32_t)hpcc_shr_round((uint64_t)s->rc * f, 16);
	if (clamp)
		s->rt = s->rc;
	s->rc = rc < d->min_q16 ? d->min_q16 : rc;
}

/*
 * Rt + (0, R_AI or k x R_HAI), at most the line rate; Rc <- (Rt + Rc) / 2
 * rounded half to even: a 25-bit sum, shifted, plus (s[0] & s[1]). Rt takes
 * Rc's value at every decrease, so a rounding that leans one way (down, or
 * half up) carries its lean from cycle to cycle; half to even does not.
 */
static void fx_increase(void *mp, void *qp, enum dcqcn_inc_kind k, uint32_t hai_mult)
{
	const struct dcqcn_fx *m = mp;
	const struct dcqcn_derived *d = &m->b.d;
	struct dcqcn_state *s = qp;
	uint64_t rt = s->rt, sum;

	if (k == DCQCN_INC_AI)
		rt += d->ai_q16;
	else if (k == DCQCN_INC_HAI)
		rt += (uint64_t)hai_mult * d->hai_q16;
	s->rt = rt > d->line_q16 ? d->line_q16 : (uint32_t)rt;
	sum = (uint64_t)s->rt + s->rc;
	s->rc = (uint32_t)((sum >> 1) + (sum & (sum >> 1) & 1));
}

static const struct dcqcn_ops fx_ops = { fx_init, fx_alpha, fx_decrease, fx_increase };

struct dcqcn_fx *dcqcn_fx_new(unsigned nqp, const struct dcqcn_params *p)
{
	struct dcqcn_fx *m = dcqcn_base_new(sizeof(*m), nqp, p);
	struct hpcc_event init = { .type = DCQCN_EV_INIT, .mode = HPCC_MODE_HPCC };
	struct hpcc_update u;

	if (!m)
		return NULL;
	m->mode = calloc(m->b.nqp, sizeof(*m->mode));
	m->word = calloc(m->b.nqp, sizeof(*m->word));
	if (!m->mode || !m->word) {
		dcqcn_fx_free(m);
		errno = ENOMEM;
		return NULL;
	}
	/* the engine's reset: every QP INIT in mode HPCC, at now = 0, P = 0 */
	for (unsigned i = 0; i < m->b.nqp; i++) {
		init.qpn = i;
		dcqcn_fx_event(m, &init, &u);
	}
	memset(&m->b.c, 0, sizeof(m->b.c));
	return m;
}

void dcqcn_fx_free(struct dcqcn_fx *m)
{
	if (!m)
		return;
	free(m->mode);
	free(m->word);
	free(m);
}

int dcqcn_fx_set_params(struct dcqcn_fx *m, const struct dcqcn_params *p)
{
	struct dcqcn_derived d;
	int err = dcqcn_derive(p, &d);

	if (!err)
		m->b.d = d;
	return err;
}

const struct dcqcn_derived *dcqcn_fx_derived(const struct dcqcn_fx *m)
{
	return &m->b.d;
}

const struct dcqcn_counters *dcqcn_fx_counters(const struct dcqcn_fx *m)
{
	return &m->b.c;
}

void dcqcn_fx_word(const struct dcqcn_fx *m, uint32_t qpn, uint64_t w[3])
{
	memcpy(w, m->word[qpn % m->b.nqp], sizeof(m->word[0]));
}

void dcqcn_fx_event(struct dcqcn_fx *m, const struct hpcc_event *ev, struct hpcc_update *out)
{
	unsigned i = ev->qpn % m->b.nqp;
	struct dcqcn_state s;
	uint32_t mode = m->mode[i];

	/* read the word, run the event, write the word back */
	dcqcn_state_unpack(m->word[i], &s);
	memset(out, 0, sizeof(*out));
	out->flags = dcqcn_ctl_event(&m->b.d, &fx_ops, m, &s, &s.c, &mode, ev, &out->reason, &m->b.c);
	dcqcn_state_pack(&s, m->word[i]);
	m->mode[i] = (uint8_t)mode;

	out->qpn = ev->qpn;
	out->w_q4 = m->b.d.wmax_q4;
	out->rate_q16 = s.rc;
	out->v_q16 = (uint32_t)hpcc_shr_round(s.alpha, DCQCN_ALPHA_FRAC - 16);
	out->w = m->b.d.wmax_q4 / (double)(1 << HPCC_W_FRAC);
	out->u = s.alpha / (double)DCQCN_ALPHA_ONE;
	out->rate_gbps = s.rc / 65536.0 * 8.0;
}
