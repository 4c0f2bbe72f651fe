/* SPDX-License-Identifier: MIT */
/*
 * Fixed-point HPCC model, bit-exact with rtl/cc/hpcc_cc_engine.v.
 *
 * Each block below names the RTL stage that computes the same value, so a
 * mismatch can be traced to one stage. Formats: docs/cc.md.
 */
#include <stdlib.h>
#include <string.h>

#include "hpcc_model.h"
#include "hpcc_recip.h"

#define MASK(n) ((1ull << (n)) - 1u)

struct fx_qp {
	/* INT snapshot (RAM_L) */
	uint32_t valid, path_id, nhop;
	uint32_t ts[HPCC_MAX_HOPS], tx[HPCC_MAX_HOPS], q[HPCC_MAX_HOPS];
	/* sequence state (RAM_S) */
	uint32_t lus, mode;
	/* EWMA (RAM_V) */
	uint32_t v;
	/* window state (RAM_W) */
	uint32_t w, wc, inc;
	/* per-QP options (HPCC_OPT_*) set by INIT, the QP's own T, W_AI and
	 * maxStage (with HPCC_OPT_OVERRIDE), and the VAI/SF state */
	uint32_t opts, t_ns, wai_q4, max_stage;
	struct hpcc_vaisf_state vs;
};

struct hpcc_fx {
	unsigned nqp;
	struct hpcc_derived d;
	struct hpcc_counters c;
	/* per QP with HPCC_OPT_OVERRIDE: the constants of its own T, W_AI and
	 * maxStage with the NIC-wide eta and rates in force at its INIT (the
	 * engine derives them once, at INIT, into RAM_P: docs/cc-vai-sf.md) */
	struct hpcc_derived *qd;
	struct fx_qp qp[];
};

static uint64_t sat(uint64_t x, unsigned bits)
{
	return x > MASK(bits) ? MASK(bits) : x;
}

struct hpcc_fx *hpcc_fx_new(unsigned nqp, const struct hpcc_params *p)
{
	struct hpcc_fx *m = calloc(1, sizeof(*m) + (nqp ? nqp : 1) * sizeof(m->qp[0]));

	if (!m)
		return NULL;
	m->nqp = nqp;
	m->qd = calloc(nqp ? nqp : 1, sizeof(*m->qd));
	if (!m->qd) {
		free(m);
		return NULL;
	}
	hpcc_fx_set_params(m, p);
	/* the engine's reset sweep: every QP starts as if INIT (mode HPCC) */
	for (unsigned i = 0; i < nqp; i++) {
		m->qp[i].v = m->d.v_init;
		m->qp[i].w = m->qp[i].wc = m->d.wmax;
	}
	return m;
}

void hpcc_fx_free(struct hpcc_fx *m)
{
	if (m)
		free(m->qd);
	free(m);
}

static void fx_derive_qp(struct hpcc_fx *m, unsigned i)
{
	struct hpcc_params pq = m->d.p;

	pq.t_ns = m->qp[i].t_ns;
	pq.wai_q4 = m->qp[i].wai_q4;
	pq.max_stage = m->qp[i].max_stage;
	hpcc_derive(&pq, &m->qd[i]);
}

/*
 * A QP with the override keeps the constants its INIT derived from its T
 * (1/T, the queue constants 1/(g T eta), Wmax, Wmin) and its W_AI and
 * maxStage: a NIC-wide change of eta or the rates reaches those at its next
 * INIT, as the engine keeps them in RAM_P. The constants of eta alone (the
 * rate term's 1/(G eta), the initial V) are the NIC-wide ones for every QP.
 */
void hpcc_fx_set_params(struct hpcc_fx *m, const struct hpcc_params *p)
{
	hpcc_derive(p, &m->d);
	for (unsigned i = 0; i < m->nqp; i++) {
		struct hpcc_derived *q = &m->qd[i];

		if (!(m->qp[i].opts & HPCC_OPT_OVERRIDE))
			continue;
		memcpy(q->ke_m, m->d.ke_m, sizeof(q->ke_m));
		memcpy(q->ke_sh, m->d.ke_sh, sizeof(q->ke_sh));
		q->v_init = m->d.v_init;
		q->p.eta_q16 = m->d.p.eta_q16;
	}
}

const struct hpcc_derived *hpcc_fx_derived(const struct hpcc_fx *m)
{
	return &m->d;
}

const struct hpcc_counters *hpcc_fx_counters(const struct hpcc_fx *m)
{
	return &m->c;
}

/* per-hop normalised inflight (stages 2-7): v' = u'/eta in Q10.16, and a = tau/T */
static void fx_hop(const struct hpcc_derived *d, const struct hpcc_hop *h,
		   const struct fx_qp *q, unsigned i, uint32_t *v_out, uint32_t *a_out,
		   int *dts_zero)
{
	uint32_t dts = (h->ts - q->ts[i]) & MASK(HPCC_TS_BITS);
	uint32_t dtx = (h->tx - q->tx[i]) & MASK(HPCC_TXB_BITS);
	uint32_t qmin = h->q < q->q[i] ? h->q : q->q[i];
	uint64_t x_q, x_tx = 0, p1, n26, p2;
	uint32_t md, shd;
	int k, sr;

	/* queue term */
	x_q = sat(hpcc_shr_round((uint64_t)qmin * d->kq_m[h->b], d->kq_sh[h->b]), HPCC_V_BITS);

	/* rate term: 1024*dtx/(G*dts*eta) = dtx * ke * (1/dts) * 2^42 in Q10.16 */
	*dts_zero = dts == 0;
	p1 = (uint64_t)dtx * d->ke_m[h->b];
	if (dts != 0 && p1 != 0) {
		k = (int)hpcc_msb64(p1) - 25;      /* normalise p1 to 26 bits */
		n26 = k >= 0 ? p1 >> k : p1 << -k;
		hpcc_recip(dts, &md, &shd);
		p2 = n26 * md;
		sr = (int)d->ke_sh[h->b] + (int)shd - 42 - k;
		x_tx = sr < 0 ? MASK(HPCC_V_BITS) : sat(hpcc_shr_round(p2, (unsigned)sr), HPCC_V_BITS);
	}
	*v_out = (uint32_t)sat(x_q + x_tx, HPCC_V_BITS);

	/* EWMA weight tau/T, Q1.16, saturating at 1 when dts >= T */
	if (dts >= d->p.t_ns) {
		*a_out = HPCC_A_ONE;
	} else {
		uint64_t a = hpcc_shr_round((uint64_t)dts * d->rt_m, d->rt_sh - 16);
		*a_out = (uint32_t)(a > HPCC_A_ONE ? HPCC_A_ONE : a);
	}
}

void hpcc_fx_event(struct hpcc_fx *m, const struct hpcc_event *ev, struct hpcc_update *out)
{
	const struct hpcc_derived *d;
	unsigned qi = ev->qpn % (m->nqp ? m->nqp : 1);
	struct fx_qp *q = &m->qp[qi];
	struct hpcc_vaisf_step st = { .tokens = 1 };
	uint32_t wai;
	uint32_t reason = hpcc_screen_ack(ev);
	int is_ack = ev->type == HPCC_EV_ACK && reason == HPCC_IGN_NONE;
	int is_init = ev->type == HPCC_EV_INIT;
	int record = 0, active, upd_wc, mdi = 0;
	uint32_t alpha = HPCC_A_ONE, v_new, w_new, wc_new, inc_new;
	uint64_t beta = HPCC_A_ONE / 2;
	uint32_t old_valid = q->valid, old_path = q->path_id, old_nhop = q->nhop;
	uint32_t vh[HPCC_MAX_HOPS], ah[HPCC_MAX_HOPS];
	int dz[HPCC_MAX_HOPS];
	struct fx_qp old = *q;

	memset(out, 0, sizeof(*out));
	out->qpn = ev->qpn;

	/* the QP's parameter set: its own (derived at INIT and again on a
	 * NIC-wide change) or the NIC-wide one */
	if (is_init) {
		q->opts = ev->cc_opts & (HPCC_OPT_OVERRIDE | HPCC_OPT_VAI | HPCC_OPT_SF);
		/* the override is HPCC's: an INIT into another mode drops it */
		if ((ev->mode & 3) != HPCC_MODE_HPCC)
			q->opts &= ~(uint32_t)HPCC_OPT_OVERRIDE;
		memset(&q->vs, 0, sizeof(q->vs));
		/* the raw values at the engine's port widths */
		q->t_ns = ev->t_ns & HPCC_T_MAX;
		q->wai_q4 = ev->wai_q4 & HPCC_WAI_MAX;
		q->max_stage = ev->max_stage & 15;
		if (q->opts & HPCC_OPT_OVERRIDE)
			fx_derive_qp(m, qi);
	}
	d = (q->opts & HPCC_OPT_OVERRIDE) ? &m->qd[qi] : &m->d;
	wai = d->p.wai_q4;

	/* stage 1: INT snapshot RAM, read-first; written for every well-formed ACK */
	if (is_init) {
		q->valid = 0;
	} else if (is_ack) {
		q->valid = 1;
		q->path_id = ev->path_id & 0xfff;
		q->nhop = ev->nhop;
		hpcc_snapshot(ev, q->ts, q->tx, q->q);
	}

	/* stage 2: mode, record-only decision, lastUpdateSeq */
	if (is_ack && q->mode != HPCC_MODE_HPCC) {
		is_ack = 0;
		reason = HPCC_IGN_MODE;
	}
	if (is_ack)
		record = !old_valid || old_path != (ev->path_id & 0xfff) || old_nhop != ev->nhop;
	active = is_ack && !record;
	upd_wc = active && hpcc_psn_ge(ev->ack_psn & MASK(HPCC_PSN_BITS), q->lus);
	if (is_init) {
		q->lus = 0;
		q->mode = ev->mode & 3;
	} else if (record || upd_wc) {
		q->lus = ev->snd_nxt & MASK(HPCC_PSN_BITS);
	}

	/* stages 3-8: per-hop measurement and max selection (MeasureInflight) */
	if (active) {
		int best = -1;
		uint32_t vmax = 0;

		for (unsigned i = 0; i < ev->nhop; i++) {
			struct hpcc_hop h = ev->hop[i];

			h.ts &= MASK(HPCC_TS_BITS);
			h.tx &= MASK(HPCC_TXB_BITS);
			h.q &= MASK(HPCC_QLEN_BITS);
			fx_hop(d, &h, &old, i, &vh[i], &ah[i], &dz[i]);
			m->c.dts_zero += dz[i];
			if (vh[i] > vmax) {
				vmax = vh[i];
				best = (int)i;
			}
		}
		if (best >= 0) {
			alpha = HPCC_A_ONE - ah[best];
			beta = (uint64_t)ah[best] * vh[best] + HPCC_A_ONE / 2;
		}
	} else if (is_init) {
		alpha = 0;
		beta = ((uint64_t)d->v_init << 16) + HPCC_A_ONE / 2;
	}

	/* stage 9: EWMA, V = ((1-a)*V + a*v') in Q10.16 */
	v_new = (uint32_t)(((uint64_t)alpha * q->v + beta) >> 16);
	q->v = v_new;

	/* stages 10-13: ComputeWind */
	w_new = q->w;
	wc_new = q->wc;
	inc_new = q->inc;
	if (is_init) {
		w_new = wc_new = d->wmax;
		inc_new = 0;
	} else if (active) {
		uint32_t vr = v_new ? v_new : 1, mv, shv, s, w_calc;
		uint64_t c, hmax, hmin, p, sum;

		/* VAI and SF (stages 10-12): the commit and this update's AI */
		hpcc_vaisf_step(&m->d.p.vs, q->opts, &q->vs, upd_wc, v_new >= (1u << HPCC_V_FRAC),
				hpcc_ack_qmax(ev), &st);
		if (st.tokens > 1) {
			uint64_t t = (uint64_t)st.tokens * wai;

			/* saturating at 2^26 - 1, W's own maximum: W clamps to Wmax
			 * either way (the engine saturates alike) */
			wai = (uint32_t)sat(t, HPCC_W_BITS);
		}
		mdi = v_new >= (1u << HPCC_V_FRAC) || q->inc >= d->p.max_stage;
		if (mdi) {
			/* W = Wc / V + W_AI with the additive term and both clamps
			 * pre-shifted into the product's scale */
			hpcc_recip(vr, &mv, &shv);
			s = shv - 16;
			c = ((uint64_t)wai << s) + (1ull << (s - 1));
			hmax = ((uint64_t)d->wmax + 1) << s;
			hmin = (uint64_t)d->wmin << s;
			if (hmax > (1ull << 47))
				hmax = 1ull << 47;
			if (hmin > (1ull << 47))
				hmin = 1ull << 47;
			p = (uint64_t)q->wc * mv + c;
			w_calc = p >= hmax ? d->wmax : p < hmin ? d->wmin : (uint32_t)(p >> s);
		} else {
			sum = (uint64_t)q->wc + wai;
			w_calc = sum > d->wmax ? d->wmax : sum < d->wmin ? d->wmin : (uint32_t)sum;
		}
		w_new = w_calc;
		if (st.commit) {
			wc_new = w_calc;
			inc_new = mdi ? 0 : (q->inc < 15 ? q->inc + 1 : 15);
		}
	}
	q->w = w_new;
	q->wc = wc_new;
	q->inc = inc_new;

	/* stage 14: pacing rate R = W/T */
	out->w_q4 = w_new;
	out->rate_q16 = (uint32_t)sat(hpcc_shr_round((uint64_t)w_new * d->rt_m, d->rt_sh - 12),
				      HPCC_RATE_BITS);
	out->v_q16 = v_new;
	out->reason = reason;
	out->flags = (active ? HPCC_UF_ACTIVE : 0) | (st.commit ? HPCC_UF_WC : 0) |
		     (mdi ? HPCC_UF_MD : 0) | (record ? HPCC_UF_RECORD : 0) |
		     (is_init ? HPCC_UF_INIT : 0) | (reason ? HPCC_UF_IGNORED : 0) |
		     (st.sf_commit ? HPCC_UF_SF : 0) | (st.gen ? HPCC_UF_VAI_GEN : 0);
	if (q->opts & HPCC_OPT_VAI) {
		out->ai_tokens = active ? st.tokens : 0;
		out->vai_bank = q->vs.bank;
		out->vai_damp = q->vs.damp;
	}
	out->w = w_new / (double)(1 << HPCC_W_FRAC);
	out->u = v_new / 65536.0 * d->p.eta_q16 / 65536.0;
	out->rate_gbps = out->rate_q16 / 65536.0 * 8.0;

	hpcc_count_event(&m->c, ev, reason, record, st.commit);
	m->c.sf_updates += !!st.sf_commit;
	m->c.vai_gen += !!st.gen;
}
