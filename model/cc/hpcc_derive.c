/* SPDX-License-Identifier: MIT */
/*
 * HPCC's derived constants (hpcc_derive: what the RTL's hpcc_cc_param
 * computes from the CC registers) and the INT speed code table. A file of
 * its own so that libhpnic can link it without the models or libm
 * (dcqcn_derive takes W_max from it).
 */
#include <string.h>

#include "hpcc_model.h"
#include "hpcc_recip.h"

#define MASK(n) ((1ull << (n)) - 1u)

static const unsigned speed_gbps[9] = { 0, 10, 25, 40, 50, 100, 200, 400, 800 };

unsigned hpcc_speed_gbps(uint32_t b)
{
	return b < 9 ? speed_gbps[b] : 0;
}

void hpcc_vaisf_sanitise(struct hpcc_vaisf_params *v)
{
	/* clamp as the engine does: dividers at least 1, counts to their widths */
	v->thresh_bytes = v->thresh_bytes < 1 ? 1 : v->thresh_bytes > HPCC_VAI_THRESH_MAX ?
			  HPCC_VAI_THRESH_MAX : v->thresh_bytes;
	v->ai_div_bytes = v->ai_div_bytes < 1 ? 1 : v->ai_div_bytes > HPCC_VAI_DIV_MAX ?
			  HPCC_VAI_DIV_MAX : v->ai_div_bytes;
	if (v->bank_cap > HPCC_VAI_BANK_MAX)
		v->bank_cap = HPCC_VAI_BANK_MAX;
	v->ai_cap = v->ai_cap < 1 ? 1 : v->ai_cap > HPCC_VAI_AICAP_MAX ? HPCC_VAI_AICAP_MAX :
		    v->ai_cap;
	if (v->damp_shift > HPCC_VAI_DSHIFT_MAX)
		v->damp_shift = HPCC_VAI_DSHIFT_MAX;
	v->sf_acks = v->sf_acks < 1 ? 1 : v->sf_acks > HPCC_SF_N_MAX ? HPCC_SF_N_MAX : v->sf_acks;
}

const char *hpcc_vaisf_check(const struct hpcc_vaisf_params *v)
{
	struct hpcc_vaisf_params s = *v;

	/* refused exactly where the engine would clamp */
	hpcc_vaisf_sanitise(&s);
	if (s.thresh_bytes != v->thresh_bytes)
		return "Token Thresh must be 1 .. 8388607 bytes";
	if (s.ai_div_bytes != v->ai_div_bytes)
		return "AI DIV must be 1 .. 8388607 bytes";
	if (s.bank_cap != v->bank_cap)
		return "Bank Cap must be 0 .. 4095";
	if (s.ai_cap != v->ai_cap)
		return "AI Cap must be 1 .. 1023";
	if (s.damp_shift != v->damp_shift)
		return "dampener shift must be 0 .. 15";
	if (s.sf_acks != v->sf_acks)
		return "SF must be 1 .. 255 ACKs";
	return NULL;
}

void hpcc_derive(const struct hpcc_params *in, struct hpcc_derived *d)
{
	static const uint32_t g_div5[9] = { 0, 2, 5, 8, 10, 20, 40, 80, 160 };
	struct hpcc_params p = *in;
	uint32_t m, sh, m5, sh5;
	uint64_t w;

	memset(d, 0, sizeof(*d));
	/* sanitise: clamp into the supported ranges and flag what was clamped */
	if (p.t_ns < HPCC_T_MIN || p.t_ns > HPCC_T_MAX) {
		p.t_ns = p.t_ns < HPCC_T_MIN ? HPCC_T_MIN : HPCC_T_MAX;
		d->status |= HPCC_PS_T_CLAMPED;
	}
	if (p.eta_q16 < HPCC_ETA_MIN || p.eta_q16 > HPCC_ETA_ONE) {
		p.eta_q16 = p.eta_q16 < HPCC_ETA_MIN ? HPCC_ETA_MIN : HPCC_ETA_ONE;
		d->status |= HPCC_PS_ETA_CLAMPED;
	}
	p.max_stage &= 15;
	p.wai_q4 &= HPCC_WAI_MAX;
	hpcc_vaisf_sanitise(&p.vs);
	if (p.line_mbps < 1 || p.line_mbps > HPCC_RATE_MAX) {
		p.line_mbps = p.line_mbps < 1 ? 1 : HPCC_RATE_MAX;
		d->status |= HPCC_PS_LINE_CLAMPED;
	}
	if (p.min_mbps < 1 || p.min_mbps > p.line_mbps) {
		p.min_mbps = p.min_mbps < 1 ? 1 : p.line_mbps;
		d->status |= HPCC_PS_MIN_CLAMPED;
	}
	d->p = p;

	hpcc_recip(p.t_ns, &d->rt_m, &d->rt_sh);
	for (unsigned b = 1; b <= 8; b++) {
		/* queue term: 640*qmin/(G*T*eta) in Q10.16 = qmin * 2^39 / (G/5*T*eta_q16) */
		hpcc_recip((uint64_t)g_div5[b] * p.t_ns * p.eta_q16, &m, &sh);
		d->kq_m[b] = m;
		d->kq_sh[b] = sh - 39;
		/* rate term: 1/(G*eta_q16) */
		hpcc_recip((uint64_t)hpcc_speed_gbps(b) * p.eta_q16, &d->ke_m[b], &d->ke_sh[b]);
	}
	hpcc_recip(p.eta_q16, &m, &sh);
	d->v_init = (uint32_t)hpcc_shr_round(m, sh - 32);

	/* W = rate[Mb/s] * T[ns] / 8000 bytes = rate*T/500 in Q22.4 */
	hpcc_recip(500, &m5, &sh5);
	w = hpcc_shr_round((uint64_t)p.line_mbps * p.t_ns * m5, sh5);
	if (w < (1u << HPCC_W_FRAC))
		w = 1u << HPCC_W_FRAC;          /* windows are never below one byte */
	if (w > MASK(HPCC_W_BITS)) {
		w = MASK(HPCC_W_BITS);
		d->status |= HPCC_PS_WMAX_SAT;
	}
	d->wmax = (uint32_t)w;
	w = hpcc_shr_round((uint64_t)p.min_mbps * p.t_ns * m5, sh5);
	if (w < (1u << HPCC_W_FRAC))
		w = 1u << HPCC_W_FRAC;
	if (w > d->wmax)
		w = d->wmax;
	d->wmin = (uint32_t)w;
}
