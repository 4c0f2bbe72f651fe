/* SPDX-License-Identifier: MIT */
/*
 * libhpnic: DCQCN's NIC-wide parameters (CC mode 1, docs/cc-dcqcn.md).
 *
 * The checks, the parser and the derivation are the C models' own
 * (model/cc/dcqcn_common.c, dcqcn_derive.c, linked into the library), so the
 * registers hold exactly what the fixed-point model, which the RTL equals,
 * runs on. DCQCN's line rate and T are HPCC's (CC.LINE_MBPS, CC.T_NS):
 * hpnic_set_cc calls back here when it changes them.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "hpnic_priv.h"
#include "dcqcn_model.h"

/* the public struct's fields in the model's, both ways */
static void to_model(const struct hpnic_dcqcn_params *u, uint32_t line, uint32_t t,
		     struct dcqcn_params *p)
{
	memset(p, 0, sizeof(*p));
	p->line_mbps = line;
	p->t_ns = t;
	p->g_q10 = u->g;
	p->alpha0_q10 = u->initial_alpha_value;
	p->period_us = u->dce_tcp_rtt;
	p->td_us = u->rate_reduce_monitor_period;
	p->ti_us = u->rpg_time_reset;
	p->byte_reset = u->rpg_byte_reset;
	p->mtu = u->mtu;
	p->threshold = u->rpg_threshold;
	p->ai_mbps = u->rpg_ai_rate;
	p->hai_mbps = u->rpg_hai_rate;
	p->min_dec_pct = u->rpg_min_dec_fac;
	p->min_mbps = u->rpg_min_rate;
	p->gd = u->gd;
	p->first_mbps = u->rate_to_set_on_first_cnp;
}

static void from_model(const struct dcqcn_params *p, struct hpnic_dcqcn_params *u)
{
	memset(u, 0, sizeof(*u));
	u->g = p->g_q10;
	u->initial_alpha_value = p->alpha0_q10;
	u->dce_tcp_rtt = p->period_us;
	u->rate_reduce_monitor_period = p->td_us;
	u->rpg_time_reset = p->ti_us;
	u->rpg_byte_reset = p->byte_reset;
	u->mtu = p->mtu;
	u->rpg_threshold = p->threshold;
	u->rpg_ai_rate = p->ai_mbps;
	u->rpg_hai_rate = p->hai_mbps;
	u->rpg_min_dec_fac = p->min_dec_pct;
	u->rpg_min_rate = p->min_mbps;
	u->gd = p->gd;
	u->rate_to_set_on_first_cnp = p->first_mbps;
	u->line_mbps = p->line_mbps;
}

static int has_dcqcn(const struct hpnic_dev *dev)
{
	return (dev->attr.cc_modes >> HPNIC_CC_MODE_DCQCN) & 1u;
}

static int no_dcqcn(struct hpnic_dev *dev, const char *fn)
{
	return hpnic_dev_fail(dev, -EOPNOTSUPP, "%s: DCQCN (CC mode 1) is not built into this "
			      "bitstream (ID.CC_MODES 0x%x)", fn, dev->attr.cc_modes);
}

int hpnic_dcqcn_defaults(struct hpnic_dcqcn_params *u)
{
	struct dcqcn_derived d;
	struct dcqcn_params p;

	if (!u)
		return hpnic_fail(-EINVAL, "hpnic_dcqcn_defaults: params is NULL");
	dcqcn_params_default(&p);
	if (dcqcn_derive(&p, &d))
		return hpnic_fail(-EINVAL, "hpnic_dcqcn_defaults: the model's defaults fail its check");
	from_model(&p, u);
	u->b_pkts = d.b_pkts;
	u->consistent = 1;
	return 0;
}

int hpnic_dcqcn_parse(struct hpnic_dcqcn_params *u, const char *list)
{
	struct dcqcn_params p;
	const char *s;

	if (!u || !list)
		return hpnic_fail(-EINVAL, "hpnic_dcqcn_parse: %s is NULL", u ? "list" : "params");
	to_model(u, 0, 0, &p);
	/* one item at a time, so that the message names the bad one */
	for (s = list; *s;) {
		size_t len = strcspn(s, ",");
		const char *what = NULL;
		char item[96];

		if (len >= sizeof(item))
			return hpnic_fail(-EINVAL, "hpnic_dcqcn_parse: '%.40s...': too long", s);
		memcpy(item, s, len);
		item[len] = '\0';
		/* DCQCN runs at HPCC's line rate and T: one place sets them */
		if (!strncmp(item, "line_mbps=", 10) || !strncmp(item, "t_ns=", 5))
			return hpnic_fail(-EINVAL, "hpnic_dcqcn_parse: '%s': the line rate and T are "
					  "HPCC's (hpnic_set_cc, hpnicctl cc set)", item);
		/* the engine has the rule, the NIC no register for it yet (hpnic_core
		 * holds it at the vendor's default, 0: docs/cc-dcqcn.md) */
		if (!strncmp(item, "clamp_tgt_rate=", 15) && strcmp(item, "clamp_tgt_rate=0"))
			return hpnic_fail(-EINVAL, "hpnic_dcqcn_parse: '%s': the NIC keeps "
					  "clamp_tgt_rate at 0 (no register)", item);
		if (!len || dcqcn_params_parse(&p, item, &what))
			return hpnic_fail(-EINVAL, "hpnic_dcqcn_parse: '%s': %s", item,
					  what ? what : "empty item");
		s += len;
		if (*s == ',')
			s++;
	}
	{
		unsigned line = u->line_mbps, b = u->b_pkts;
		int ok = u->consistent;

		from_model(&p, u);
		u->line_mbps = line;
		u->b_pkts = b;
		u->consistent = ok;
	}
	return 0;
}

/* CC.DCQCN_LINE .. CC.DCQCN_PERIOD_US: consecutive, in dcqcn_regs()'s order */
#define DCQCN_REG(i) (HPNIC_CC_DCQCN_LINE + 4u * (i))

/*
 * Every CC.DCQCN_* register from d, then the 64 D-table entries through
 * DCQCN_TAB_IDX / DCQCN_TAB (left at index 0, as after reset).
 */
int hpnic_dcqcn_write(struct hpnic_dev *dev, const struct dcqcn_derived *d)
{
	uint32_t r[DCQCN_NREGS];
	int err;

	dcqcn_regs(d, r);
	for (unsigned i = 0; i < DCQCN_NREGS; i++)
		if ((err = hpnic_wr(dev, DCQCN_REG(i), r[i])))
			return err;
	for (unsigned i = 0; i < 64; i++)
		if ((err = hpnic_wr(dev, HPNIC_CC_DCQCN_TAB_IDX, i)) ||
		    (err = hpnic_wr(dev, HPNIC_CC_DCQCN_TAB, d->tab[i / 16][i % 16])))
			return err;
	return hpnic_wr(dev, HPNIC_CC_DCQCN_TAB_IDX, 0);
}

/*
 * The parameters the registers hold, in the model's terms, with the line
 * rate and T from the HPCC registers; *b_pkts is DCQCN_B_PKTS, and
 * *consistent says whether the registers are exactly what dcqcn_derive
 * makes of those parameters (the D tables included).
 */
static int dcqcn_read(struct hpnic_dev *dev, struct dcqcn_params *p, uint32_t *b_pkts,
		      int *consistent)
{
	uint32_t r[DCQCN_NREGS], tab[4][16], line, t;
	int err;

	for (unsigned i = 0; i < DCQCN_NREGS; i++)
		if ((err = hpnic_rd(dev, DCQCN_REG(i), &r[i])))
			return err;
	for (unsigned i = 0; i < 64; i++)
		if ((err = hpnic_wr(dev, HPNIC_CC_DCQCN_TAB_IDX, i)) ||
		    (err = hpnic_rd(dev, HPNIC_CC_DCQCN_TAB, &tab[i / 16][i % 16])))
			return err;
	if ((err = hpnic_wr(dev, HPNIC_CC_DCQCN_TAB_IDX, 0)) ||
	    (err = hpnic_rd(dev, HPNIC_CC_LINE_MBPS, &line)) ||
	    (err = hpnic_rd(dev, HPNIC_CC_T_NS, &t)))
		return err;
	memset(p, 0, sizeof(*p));
	p->line_mbps = HPNIC_GET(HPNIC_CC_LINE_MBPS, line);
	p->t_ns = HPNIC_GET(HPNIC_CC_T_NS, t);
	/* the NIC keeps B, not the two it came from: this process's last
	 * ones if they still make it, else B packets of 4 KiB */
	p->mtu = DCQCN_MTU_MAX;
	dcqcn_params_from_regs(r, p);
	if (dev->dcqcn_mtu && r[11] == (dev->dcqcn_byte_reset - 1) / dev->dcqcn_mtu + 1) {
		p->mtu = dev->dcqcn_mtu;
		p->byte_reset = dev->dcqcn_byte_reset;
	}
	*b_pkts = r[11];
	*consistent = dcqcn_regs_match(p, r, tab);
	return 0;
}

int hpnic_set_dcqcn(struct hpnic_dev *dev, const struct hpnic_dcqcn_params *u)
{
	struct dcqcn_derived d;
	struct dcqcn_params p;
	uint32_t line, t;
	const char *what;
	int err;

	if (!dev || !u)
		return hpnic_dev_fail(dev, -EINVAL, "hpnic_set_dcqcn: %s is NULL",
				      dev ? "params" : "dev");
	if (!has_dcqcn(dev))
		return no_dcqcn(dev, "hpnic_set_dcqcn");
	if ((err = hpnic_rd(dev, HPNIC_CC_LINE_MBPS, &line)) ||
	    (err = hpnic_rd(dev, HPNIC_CC_T_NS, &t)))
		return err;
	line = HPNIC_GET(HPNIC_CC_LINE_MBPS, line);
	t = HPNIC_GET(HPNIC_CC_T_NS, t);
	to_model(u, line, t, &p);
	if (dcqcn_params_check(&p, &what))
		return hpnic_dev_fail(dev, -EINVAL, "hpnic_set_dcqcn: %s (the NIC's line rate is "
				      "%u Mb/s, T %u ns)", what, line, t);
	if (dcqcn_derive(&p, &d))
		return hpnic_dev_fail(dev, -EINVAL, "hpnic_set_dcqcn: dcqcn_derive refused what "
				      "its check took");
	if ((err = hpnic_dcqcn_write(dev, &d)))
		return err;
	dev->dcqcn_mtu = p.mtu;
	dev->dcqcn_byte_reset = p.byte_reset;
	return 0;
}

int hpnic_get_dcqcn(struct hpnic_dev *dev, struct hpnic_dcqcn_params *u)
{
	struct dcqcn_params p;
	uint32_t b;
	int ok, err;

	if (!dev || !u)
		return hpnic_dev_fail(dev, -EINVAL, "hpnic_get_dcqcn: %s is NULL",
				      dev ? "params" : "dev");
	if (!has_dcqcn(dev))
		return no_dcqcn(dev, "hpnic_get_dcqcn");
	if ((err = dcqcn_read(dev, &p, &b, &ok)))
		return err;
	from_model(&p, u);
	u->b_pkts = b;
	u->consistent = ok;
	return 0;
}

/* v within register r's Range in the register map (HPNIC_*_MIN/_MAX; one
 * unsigned compare, so that a minimum of 0 draws no warning) */
#define IN_RANGE(r, v) ((uint32_t)(v) - r##_MIN <= r##_MAX - r##_MIN || (r##_ZERO_OK && (v) == 0))

int hpnic_set_dcqcn_timers(struct hpnic_dev *dev, const struct hpnic_dcqcn_timers *t)
{
	int err;

	if (!dev || !t)
		return hpnic_dev_fail(dev, -EINVAL, "hpnic_set_dcqcn_timers: %s is NULL",
				      dev ? "timers" : "dev");
	if (!has_dcqcn(dev))
		return no_dcqcn(dev, "hpnic_set_dcqcn_timers");
	if (!IN_RANGE(HPNIC_CC_NP_MIN_TIME_US, t->min_time_between_cnps))
		return hpnic_dev_fail(dev, -EINVAL, "hpnic_set_dcqcn_timers: min_time_between_cnps "
				      "%u must be %u .. %u us (CC.NP_MIN_TIME_US)",
				      t->min_time_between_cnps, HPNIC_CC_NP_MIN_TIME_US_MIN,
				      HPNIC_CC_NP_MIN_TIME_US_MAX);
	if (!IN_RANGE(HPNIC_CC_DCQCN_TICK_US, t->tick_us))
		return hpnic_dev_fail(dev, -EINVAL, "hpnic_set_dcqcn_timers: tick_us %u must be "
				      "%u .. %u us (CC.DCQCN_TICK_US; 0: no sweeps)", t->tick_us,
				      HPNIC_CC_DCQCN_TICK_US_MIN, HPNIC_CC_DCQCN_TICK_US_MAX);
	if ((err = hpnic_wr(dev, HPNIC_CC_NP_MIN_TIME_US, t->min_time_between_cnps)) ||
	    (err = hpnic_wr(dev, HPNIC_CC_DCQCN_TICK_US, t->tick_us)))
		return err;
	return 0;
}

int hpnic_get_dcqcn_timers(struct hpnic_dev *dev, struct hpnic_dcqcn_timers *t)
{
	uint32_t np, tick;
	int err;

	if (!dev || !t)
		return hpnic_dev_fail(dev, -EINVAL, "hpnic_get_dcqcn_timers: %s is NULL",
				      dev ? "timers" : "dev");
	if (!has_dcqcn(dev))
		return no_dcqcn(dev, "hpnic_get_dcqcn_timers");
	if ((err = hpnic_rd(dev, HPNIC_CC_NP_MIN_TIME_US, &np)) ||
	    (err = hpnic_rd(dev, HPNIC_CC_DCQCN_TICK_US, &tick)))
		return err;
	t->min_time_between_cnps = HPNIC_GET(HPNIC_CC_NP_MIN_TIME_US, np);
	t->tick_us = HPNIC_GET(HPNIC_CC_DCQCN_TICK_US, tick);
	return 0;
}

/*
 * hpnic_set_cc's part: the DCQCN registers for a new line rate and T, from
 * the parameters the NIC holds. 0 with *d to write after HPCC's registers,
 * 1 when the bitstream has no DCQCN, or -EINVAL (nothing written) when the
 * new line rate does not fit them.
 */
int hpnic_dcqcn_rederive(struct hpnic_dev *dev, uint32_t line, uint32_t t,
			 struct dcqcn_derived *d)
{
	struct dcqcn_params p;
	const char *what;
	uint32_t b;
	int ok, err;

	if (!has_dcqcn(dev))
		return 1;
	if ((err = dcqcn_read(dev, &p, &b, &ok)))
		return err;
	p.line_mbps = line;
	p.t_ns = t;
	if (dcqcn_params_check(&p, &what))
		return hpnic_dev_fail(dev, -EINVAL, "hpnic_set_cc: line rate %u Mb/s, T %u ns: "
				      "DCQCN's parameters do not fit them: %s (change those first: "
				      "hpnic_set_dcqcn)", line, t, what);
	return dcqcn_derive(&p, d) ? -EINVAL : 0;
}
