/* SPDX-License-Identifier: MIT */
/* Parameter handling and event screening shared by both HPCC models. */
#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "hpcc_model.h"

void hpcc_user_params_default(struct hpcc_user_params *u)
{
	/* HPCC paper §5.1 (eta, maxStage, W_AI) at 100G; T is the star's base RTT */
	u->t_ns = 4160;
	u->eta = 0.95;
	u->max_stage = 5;
	u->wai_bytes = 80;
	u->line_gbps = 100;
	u->min_mbps = 100;
	hpcc_vaisf_params_default(&u->vs);
}

void hpcc_vaisf_params_default(struct hpcc_vaisf_params *v)
{
	/* the VAI/SF paper's evaluation (§VI-A): Token Thresh = the network's
	 * minimum BDP (about 50 KB), 1 token per KB, Bank Cap 1000, AI Cap 100,
	 * Dampener Constant 8, a decrease every 30 ACKs */
	v->thresh_bytes = 50000;
	v->ai_div_bytes = 1000;
	v->bank_cap = 1000;
	v->ai_cap = 100;
	v->damp_shift = 3;
	v->sf_acks = 30;
}

uint32_t hpcc_ack_qmax(const struct hpcc_event *ev)
{
	uint32_t m = 0;

	for (unsigned i = 0; i < ev->nhop && i < HPCC_MAX_HOPS; i++) {
		uint32_t q = ev->hop[i].q & ((1u << HPCC_QLEN_BITS) - 1u);

		if (q > m)
			m = q;
	}
	return m;
}

/*
 * Algorithms 1 and 2 of the VAI/SF paper for one active ACK, in this order
 * (docs/cc-vai-sf.md, "The algorithm, per ACK"):
 *  1. Measured Congestion and the RTT's congestion bit take this ACK in;
 *  2. SF: the ACK commits Wc if it ends the RTT (HPCC's rule) or, with SF,
 *     if it is congested and at least N ACKs came since the last commit;
 *  3. Algorithm 2: this update's tokens from the bank and dampener as they
 *     were before the ACK; a commit ("Rate Adjustment") spends them;
 *  4. Algorithm 1 at the RTT's end, with the bank as step 3 left it.
 */
void hpcc_vaisf_step(const struct hpcc_vaisf_params *p, uint32_t opts,
		     struct hpcc_vaisf_state *s, int upd_wc, int congested, uint32_t qmax,
		     struct hpcc_vaisf_step *out)
{
	int vai = !!(opts & HPCC_OPT_VAI), sf = !!(opts & HPCC_OPT_SF);
	uint32_t n, tokens, divisor;

	memset(out, 0, sizeof(*out));
	out->tokens = 1;
	out->commit = upd_wc;
	if (!vai && !sf)
		return;

	/* 1. Measured Congestion: the largest queue this RTT (its ACKs, this one
	 * included); C >= 1 on any of them means congestion in the RTT */
	if (vai) {
		if (qmax > s->mc_q)
			s->mc_q = qmax;
		s->cong |= !!congested;
	}

	/* 2. Sampling Frequency: decreases (C >= 1) at least every N ACKs; the
	 * per-RTT commit (increase or decrease) is unchanged */
	if (sf) {
		n = s->sf_cnt < HPCC_SF_N_MAX ? s->sf_cnt + 1 : HPCC_SF_N_MAX;
		out->sf_commit = !upd_wc && congested && n >= p->sf_acks;
		out->commit = upd_wc || out->sf_commit;
		s->sf_cnt = out->commit ? 0 : n;
	}
	if (!vai)
		return;

	/* 3. Algorithm 2 */
	tokens = s->bank < p->ai_cap ? s->bank : p->ai_cap;
	if (out->commit)
		s->bank -= tokens;
	divisor = (s->damp >> p->damp_shift) + 1;
	out->tokens = tokens / divisor;
	if (out->tokens < 1)
		out->tokens = 1;

	/* 4. Algorithm 1, once per RTT */
	if (upd_wc) {
		uint64_t mc = (uint64_t)s->mc_q * 80;      /* bytes */

		if (mc > p->thresh_bytes) {
			uint64_t b = mc / p->ai_div_bytes + s->bank;
			uint64_t d = s->damp + mc / p->thresh_bytes;

			s->bank = (uint32_t)(b < p->bank_cap ? b : p->bank_cap);
			s->damp = (uint32_t)(d < HPCC_VAI_DAMP_MAX ? d : HPCC_VAI_DAMP_MAX);
			out->gen = 1;
		} else if (s->bank == 0) {
			if (!s->cong)
				s->damp = 0;
			else if (mc < p->thresh_bytes && s->damp > 0)
				s->damp--;
		}
		s->mc_q = 0;
		s->cong = 0;
	}
}

int hpcc_user_params_check(const struct hpcc_user_params *u, const char **what)
{
	const char *bad = NULL;

	if (!(u->t_ns >= HPCC_T_MIN && u->t_ns <= HPCC_T_MAX))
		bad = "T must be 64 .. 1048575 ns";
	else if (!(u->eta >= 0.5 && u->eta <= 1.0))
		bad = "eta must be 0.5 .. 1.0";
	else if (u->max_stage > 15)
		bad = "maxStage must be 0 .. 15";
	else if (!(u->wai_bytes >= 0 && u->wai_bytes * 16 <= HPCC_WAI_MAX))
		bad = "W_AI must be 0 .. 65535 bytes";
	else if (!(u->line_gbps * 1000 >= 1 && u->line_gbps * 1000 <= HPCC_RATE_MAX))
		bad = "line rate must be 0.001 .. 1048 Gb/s";
	else if (!(u->min_mbps >= 1 && u->min_mbps <= u->line_gbps * 1000))
		bad = "minimum rate must be 1 Mb/s .. line rate";
	else if (u->vs.thresh_bytes < 1 || u->vs.thresh_bytes > HPCC_VAI_THRESH_MAX)
		bad = "VAI Token Thresh must be 1 .. 8388607 bytes";
	else if (u->vs.ai_div_bytes < 1 || u->vs.ai_div_bytes > HPCC_VAI_DIV_MAX)
		bad = "VAI AI DIV must be 1 .. 8388607 bytes";
	else if (u->vs.bank_cap > HPCC_VAI_BANK_MAX)
		bad = "VAI Bank Cap must be 0 .. 4095";
	else if (u->vs.ai_cap < 1 || u->vs.ai_cap > HPCC_VAI_AICAP_MAX)
		bad = "VAI AI Cap must be 1 .. 1023";
	else if (u->vs.damp_shift > HPCC_VAI_DSHIFT_MAX)
		bad = "VAI dampener shift must be 0 .. 15";
	else if (u->vs.sf_acks < 1 || u->vs.sf_acks > HPCC_SF_N_MAX)
		bad = "SF must be 1 .. 255 ACKs";
	if (what)
		*what = bad;
	return bad ? -EINVAL : 0;
}

int hpcc_params_from_user(const struct hpcc_user_params *u, struct hpcc_params *p)
{
	int err = hpcc_user_params_check(u, NULL);

	if (err)
		return err;
	p->t_ns = (uint32_t)lround(u->t_ns);
	p->eta_q16 = (uint32_t)lround(u->eta * HPCC_ETA_ONE);
	p->max_stage = u->max_stage;
	p->wai_q4 = (uint32_t)lround(u->wai_bytes * (1 << HPCC_W_FRAC));
	p->line_mbps = (uint32_t)lround(u->line_gbps * 1000);
	p->min_mbps = (uint32_t)lround(u->min_mbps);
	p->vs = u->vs;
	return 0;
}

void hpcc_snapshot(const struct hpcc_event *ev, uint32_t ts[HPCC_MAX_HOPS],
		   uint32_t tx[HPCC_MAX_HOPS], uint32_t q[HPCC_MAX_HOPS])
{
	for (unsigned i = 0; i < HPCC_MAX_HOPS; i++) {
		ts[i] = ev->hop[i].ts & ((1u << HPCC_TS_BITS) - 1u);
		tx[i] = ev->hop[i].tx & ((1u << HPCC_TXB_BITS) - 1u);
		q[i] = ev->hop[i].q & ((1u << HPCC_QLEN_BITS) - 1u);
	}
}

void hpcc_count_event(struct hpcc_counters *c, const struct hpcc_event *ev, uint32_t reason,
		      int record, int upd_wc)
{
	c->events++;
	c->acks += ev->type == HPCC_EV_ACK;
	c->inits += ev->type == HPCC_EV_INIT;
	switch (reason) {
	case HPCC_IGN_NO_INT: c->ign_no_int++; break;
	case HPCC_IGN_NHOP: c->ign_nhop++; break;
	case HPCC_IGN_BAD_B: c->ign_bad_b++; break;
	case HPCC_IGN_MODE: c->ign_mode++; break;
	case HPCC_IGN_TYPE: c->ign_type++; break;
	default: break;
	}
	c->record_only += !!record;
	c->wc_updates += !!upd_wc;
}

uint32_t hpcc_screen_ack(const struct hpcc_event *ev)
{
	if (ev->type != HPCC_EV_ACK && ev->type != HPCC_EV_INIT)
		return HPCC_IGN_TYPE;
	if (ev->type == HPCC_EV_INIT)
		return HPCC_IGN_NONE;
	if (ev->nhop == 0)
		return HPCC_IGN_NO_INT;
	if (ev->nhop > HPCC_MAX_HOPS)
		return HPCC_IGN_NHOP;
	for (unsigned i = 0; i < ev->nhop; i++)
		if (hpcc_speed_gbps(ev->hop[i].b) == 0)
			return HPCC_IGN_BAD_B;
	return HPCC_IGN_NONE;
}
