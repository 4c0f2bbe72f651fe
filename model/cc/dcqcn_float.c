/* SPDX-License-Identifier: MIT */
/*
 * Double-precision DCQCN reaction point: the event semantics of
 * docs/cc-dcqcn.md (the shared control flow, dcqcn_ctl_event) with alpha,
 * Rc and Rt as doubles, the parameters at their exact values (rates in
 * bytes/ns = Mb/s / 8000, g = g_q10 / 1024, min_dec = percent / 100) and
 * D(m) = pow(1 - g, m). The reference for the fixed model's arithmetic.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dcqcn_model.h"

struct fl_qp {
	double rc, rt, alpha;       /* bytes/ns, bytes/ns, 0..1 */
	struct dcqcn_ctl c;
	uint32_t mode;
};

struct dcqcn_fl {
	struct dcqcn_base b;        /* nqp, the integer constants d, the counters c */
	double line, rmin, ai, hai, first, g, alpha0, min_dec, wmax;
	struct fl_qp qp[];
};

static void fl_init(void *mp, void *qp)
{
	const struct dcqcn_fl *m = mp;
	struct fl_qp *q = qp;

	q->rc = q->rt = m->line;
	q->alpha = m->alpha0;
}

static void fl_alpha(void *mp, void *qp, uint32_t n, uint32_t cnp)
{
	const struct dcqcn_fl *m = mp;
	struct fl_qp *q = qp;

	q->alpha = pow(1 - m->g, n - 1) * ((1 - m->g) * q->alpha + (cnp ? m->g : 0));
}

static void fl_decrease(void *mp, void *qp, int first, int clamp)
{
	const struct dcqcn_fl *m = mp;
	struct fl_qp *q = qp;
	double f = 1 - ldexp(q->alpha, -(int)m->b.d.p.gd);

	if (first) {
		q->rc = q->rt = m->first;
		return;
	}
	if (f < m->min_dec)
		f = m->min_dec;
	if (clamp)
		q->rt = q->rc;
	q->rc = q->rc * f < m->rmin ? m->rmin : q->rc * f;
}

static void fl_increase(void *mp, void *qp, enum dcqcn_inc_kind k, uint32_t hai_mult)
{
	const struct dcqcn_fl *m = mp;
	struct fl_qp *q = qp;

	if (k == DCQCN_INC_AI)
		q->rt += m->ai;
	else if (k == DCQCN_INC_HAI)
		q->rt += hai_mult * m->hai;
	if (q->rt > m->line)
		q->rt = m->line;
	q->rc = (q->rt + q->rc) / 2;
}

static const struct dcqcn_ops fl_ops = { fl_init, fl_alpha, fl_decrease, fl_increase };

struct dcqcn_fl *dcqcn_fl_new(unsigned nqp, const struct dcqcn_params *p)
{
	unsigned n = nqp ? nqp : 1;
	struct dcqcn_fl *m = dcqcn_base_new(sizeof(*m) + n * sizeof(m->qp[0]), n, p);

	if (!m)
		return NULL;
	m->line = p->line_mbps / 8000.0;
	m->rmin = p->min_mbps / 8000.0;
	m->ai = p->ai_mbps / 8000.0;
	m->hai = p->hai_mbps / 8000.0;
	m->first = p->first_mbps / 8000.0;
	m->g = p->g_q10 / 1024.0;
	m->alpha0 = p->alpha0_q10 / 1024.0;
	m->min_dec = p->min_dec_pct / 100.0;
	m->wmax = m->line * p->t_ns;
	/* the engine's reset: mode HPCC, state as after an INIT at now = 0, P = 0 */
	for (unsigned i = 0; i < n; i++) {
		m->qp[i].mode = HPCC_MODE_HPCC;
		fl_init(m, &m->qp[i]);
	}
	return m;
}

void dcqcn_fl_free(struct dcqcn_fl *m)
{
	free(m);
}

const struct dcqcn_counters *dcqcn_fl_counters(const struct dcqcn_fl *m)
{
	return &m->b.c;
}

void dcqcn_fl_event(struct dcqcn_fl *m, const struct hpcc_event *ev, struct hpcc_update *out)
{
	struct fl_qp *q = &m->qp[ev->qpn % m->b.nqp];

	memset(out, 0, sizeof(*out));
	out->flags = dcqcn_ctl_event(&m->b.d, &fl_ops, m, q, &q->c, &q->mode, ev, &out->reason, &m->b.c);
	out->qpn = ev->qpn;
	out->w = m->wmax;
	out->w_q4 = (uint32_t)(m->wmax * (1 << HPCC_W_FRAC) + 0.5);
	out->rate_q16 = (uint32_t)(q->rc * 65536.0 + 0.5);
	out->v_q16 = (uint32_t)(q->alpha * 65536.0 + 0.5);
	out->u = q->alpha;
	out->rate_gbps = q->rc * 8.0;
}
