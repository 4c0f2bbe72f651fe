/* SPDX-License-Identifier: MIT */
/* Parameter handling and event screening shared by both HPCC models. */
#include <errno.h>
#include <math.h>
#include <stddef.h>

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
