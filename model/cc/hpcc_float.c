/* SPDX-License-Identifier: MIT */
/*
 * Double-precision HPCC: Algorithm 1 of the HPCC paper (§3.2) in window
 * form, with the conventions of the public ns-3 artifact (docs/cc.md):
 *  - U starts at 1;
 *  - the first ACK of a QP, or one whose pathID or nHop changed, only records
 *    the INT snapshot and sets lastUpdateSeq = snd_nxt;
 *  - TS and txBytes deltas are taken modulo 2^24 and 2^20;
 *  - u' uses min(qlen) of the current and previous record;
 *  - tau = min(dts of the max hop, T); if no hop has u' > 0, tau = 0 (ns-3);
 *  - a full update (Wc committed) when ack_psn >= lastUpdateSeq (24-bit
 *    serial arithmetic), which then sets lastUpdateSeq = snd_nxt;
 *  - W is clamped to [minRate*T, lineRate*T]; R = W/T.
 * hpnic's own rule: a hop whose TS did not advance (dts = 0) contributes no
 * txRate term, instead of a division by zero.
 */
#include <stdlib.h>
#include <string.h>

#include "hpcc_model.h"

#define MASK(n) ((1u << (n)) - 1u)

struct fl_qp {
	int valid;
	uint32_t path_id, nhop, lus, mode, inc;
	uint32_t ts[HPCC_MAX_HOPS], tx[HPCC_MAX_HOPS], q[HPCC_MAX_HOPS];
	double u, w, wc;
	/* the QP's T, W_AI, maxStage and window limits: the NIC-wide ones, or
	 * its own from INIT (HPCC_OPT_OVERRIDE); options and VAI/SF state */
	double t_ns, wai, wmax, wmin;
	unsigned max_stage;
	uint32_t opts;
	struct hpcc_vaisf_state vs;
};

struct hpcc_fl {
	unsigned nqp;
	struct hpcc_user_params p;
	double wmax, wmin;           /* bytes */
	struct hpcc_counters c;
	struct fl_qp qp[];
};

static void fl_init_qp(struct hpcc_fl *m, struct fl_qp *q, const struct hpcc_event *ev)
{
	uint32_t opts = ev ? ev->cc_opts & (HPCC_OPT_OVERRIDE | HPCC_OPT_VAI | HPCC_OPT_SF) : 0;

	/* the override is HPCC's: an INIT into another mode drops it */
	if (ev && (ev->mode & 3) != HPCC_MODE_HPCC)
		opts &= ~(uint32_t)HPCC_OPT_OVERRIDE;
	memset(q, 0, sizeof(*q));
	q->mode = ev ? ev->mode & 3 : HPCC_MODE_HPCC;
	q->opts = opts;
	q->u = 1.0;
	q->t_ns = m->p.t_ns;
	q->wai = m->p.wai_bytes;
	q->max_stage = m->p.max_stage;
	q->wmax = m->wmax;
	q->wmin = m->wmin;
	if (opts & HPCC_OPT_OVERRIDE) {
		/* raw formats, as the INIT carries them (struct hpcc_params) */
		q->t_ns = ev->t_ns;
		q->wai = ev->wai_q4 / (double)(1 << HPCC_W_FRAC);
		q->max_stage = ev->max_stage & 15;
		q->wmax = m->p.line_gbps * q->t_ns / 8.0;
		q->wmin = m->p.min_mbps * 1e-3 * q->t_ns / 8.0;
	}
	q->w = q->wc = q->wmax;
}

struct hpcc_fl *hpcc_fl_new(unsigned nqp, const struct hpcc_user_params *u)
{
	struct hpcc_fl *m = calloc(1, sizeof(*m) + (nqp ? nqp : 1) * sizeof(m->qp[0]));

	if (!m)
		return NULL;
	m->nqp = nqp;
	m->p = *u;
	hpcc_vaisf_sanitise(&m->p.vs);          /* as the engine clamps them */
	m->wmax = u->line_gbps * u->t_ns / 8.0;          /* Winit = B_NIC * T */
	m->wmin = u->min_mbps * 1e-3 * u->t_ns / 8.0;
	for (unsigned i = 0; i < nqp; i++)
		fl_init_qp(m, &m->qp[i], NULL);
	return m;
}

void hpcc_fl_free(struct hpcc_fl *m)
{
	free(m);
}

const struct hpcc_counters *hpcc_fl_counters(const struct hpcc_fl *m)
{
	return &m->c;
}

/* MeasureInflight: returns the new U */
static double measure_inflight(struct hpcc_fl *m, const struct fl_qp *q,
			       const struct hpcc_event *ev)
{
	const double t = q->t_ns;
	double u = 0, tau = 0;

	for (unsigned i = 0; i < ev->nhop; i++) {
		const struct hpcc_hop *h = &ev->hop[i];
		uint32_t dts = (h->ts - q->ts[i]) & MASK(HPCC_TS_BITS);
		uint32_t dtx = (h->tx - q->tx[i]) & MASK(HPCC_TXB_BITS);
		uint32_t qlen = (h->q & MASK(HPCC_QLEN_BITS)) < q->q[i] ?
				(h->q & MASK(HPCC_QLEN_BITS)) : q->q[i];
		double b = hpcc_speed_gbps(h->b) / 8.0;    /* bytes per ns */
		double tx_rate = 0, up;

		if (dts == 0)
			m->c.dts_zero++;
		else
			tx_rate = dtx * 128.0 / dts;
		up = qlen * 80.0 / (b * t) + tx_rate / b;
		if (up > u) {
			u = up;
			tau = dts;
		}
	}
	if (tau > t)
		tau = t;
	return (1 - tau / t) * q->u + tau / t * u;
}

void hpcc_fl_event(struct hpcc_fl *m, const struct hpcc_event *ev, struct hpcc_update *out)
{
	struct fl_qp *q = &m->qp[ev->qpn % (m->nqp ? m->nqp : 1)];
	uint32_t reason = hpcc_screen_ack(ev);
	int is_ack = ev->type == HPCC_EV_ACK && reason == HPCC_IGN_NONE;
	int is_init = ev->type == HPCC_EV_INIT;
	int record = 0, active, upd_wc, mdi = 0;
	struct hpcc_vaisf_step st = { .tokens = 1 };

	memset(out, 0, sizeof(*out));
	out->qpn = ev->qpn;

	if (is_init)
		fl_init_qp(m, q, ev);
	if (is_ack && q->mode != HPCC_MODE_HPCC) {
		is_ack = 0;
		reason = HPCC_IGN_MODE;
	}
	if (is_ack)
		record = !q->valid || q->path_id != (ev->path_id & 0xfff) || q->nhop != ev->nhop;
	active = is_ack && !record;
	upd_wc = active && hpcc_psn_ge(ev->ack_psn & MASK(HPCC_PSN_BITS), q->lus);

	if (active) {
		/* ComputeWind(MeasureInflight(ack), updateWc) */
		double u = measure_inflight(m, q, ev), w, wai;

		q->u = u;
		/* VAI and SF: the same integer decisions as the fixed model's */
		hpcc_vaisf_step(&m->p.vs, q->opts, &q->vs, upd_wc, u >= m->p.eta,
				hpcc_ack_qmax(ev), &st);
		wai = q->wai * st.tokens;
		mdi = u >= m->p.eta || q->inc >= q->max_stage;
		w = mdi ? q->wc / (u / m->p.eta) + wai : q->wc + wai;
		if (w > q->wmax)
			w = q->wmax;
		if (w < q->wmin)
			w = q->wmin;
		q->w = w;
		if (st.commit) {
			q->wc = w;
			q->inc = mdi ? 0 : (q->inc < 15 ? q->inc + 1 : 15);
		}
	}
	if (record || upd_wc)
		q->lus = ev->snd_nxt & MASK(HPCC_PSN_BITS);
	if (is_ack || (ev->type == HPCC_EV_ACK && reason == HPCC_IGN_MODE)) {
		/* L = ack.L (the engine records every well-formed ACK) */
		q->valid = 1;
		q->path_id = ev->path_id & 0xfff;
		q->nhop = ev->nhop;
		hpcc_snapshot(ev, q->ts, q->tx, q->q);
	}

	out->w = q->w;
	out->u = q->u;
	out->rate_gbps = q->w * 8.0 / q->t_ns;
	out->w_q4 = (uint32_t)(q->w * (1 << HPCC_W_FRAC) + 0.5);
	out->v_q16 = (uint32_t)(q->u / m->p.eta * 65536.0 + 0.5);
	out->rate_q16 = (uint32_t)(q->w / q->t_ns * 65536.0 + 0.5);
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

	hpcc_count_event(&m->c, ev, reason, record, st.commit);
	m->c.sf_updates += !!st.sf_commit;
	m->c.vai_gen += !!st.gen;
}
