/* SPDX-License-Identifier: MIT */
/*
 * tb_dcqcn: the DCQCN models (model/cc/dcqcn_*.c) against each other and
 * against hand-computed values.
 *
 *  1. parameters: the defaults pass, every out-of-range field is refused;
 *  2. the state word: every field at its documented bits, round trips;
 *  3. the D tables against pow(1 - g, m);
 *  4. directed cases: the first CNP, the floors (Rmin, min_dec), lazy alpha
 *     against one step per period, fast recovery -> additive -> hyper
 *     increase, a pending decrease spaced by Td, now and P wrapping, the
 *     byte counter's PSN arithmetic, ignored events;
 *  5. random events (random parameter sets, INIT/ACK/CNP/TICK mixes, short
 *     and long gaps, 20-bit now and 16-bit P wraps): the two models take the
 *     same decisions on every event (flags, reason), and the fixed model's Rc
 *     is within 0.5 % of the double model's at p99.9 and 2 % at worst.
 *
 * Prints its seed; --seed N reruns a run, --events N sets its length.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dcqcn_model.h"
#include "tb_util.h"
#include "dcqcn_rand.h"

#define NOW_MASK ((1u << DCQCN_NOW_BITS) - 1u)
#define P_MASK   ((1u << DCQCN_P_BITS) - 1u)

/* ---- a pair of models fed the same events ---- */

struct pair {
	struct dcqcn_fx *fx;
	struct dcqcn_fl *fl;
	struct hpcc_update ux, ul;
};

static int pair_new(struct pair *t, unsigned nqp, const struct dcqcn_params *p)
{
	t->fx = dcqcn_fx_new(nqp, p);
	t->fl = dcqcn_fl_new(nqp, p);
	return t->fx && t->fl ? 0 : -1;
}

static void pair_free(struct pair *t)
{
	dcqcn_fx_free(t->fx);
	dcqcn_fl_free(t->fl);
}

/* one event through both models; the decisions must agree. Returns the fixed Update */
static const struct hpcc_update *pair_ev(struct pair *t, uint32_t type, uint32_t qpn, uint32_t now,
					 uint32_t per, uint32_t psn)
{
	struct hpcc_event ev = { .type = type, .qpn = qpn, .now_us = now & NOW_MASK,
				 .period = per & P_MASK, .ack_psn = psn & 0xffffff,
				 .mode = HPCC_MODE_DCQCN };

	dcqcn_fx_event(t->fx, &ev, &t->ux);
	dcqcn_fl_event(t->fl, &ev, &t->ul);
	CHECK(t->ux.flags == t->ul.flags && t->ux.reason == t->ul.reason,
	      "type %u qpn %u now %u: flags %#x/%#x reason %u/%u (fixed/float)", type, qpn, now,
	      t->ux.flags, t->ul.flags, t->ux.reason, t->ul.reason);
	return &t->ux;
}

static struct dcqcn_state fx_state(const struct pair *t, uint32_t qpn)
{
	uint64_t w[3];
	struct dcqcn_state s;

	dcqcn_fx_word(t->fx, qpn, w);
	dcqcn_state_unpack(w, &s);
	return s;
}

/* Rc in Q8.16 as the double model has it, unrounded */
static double fl_rc_q16(const struct pair *t)
{
	return t->ul.rate_gbps / 8.0 * 65536.0;
}

/* ---- 1. parameters ---- */

static void test_params(void)
{
	struct dcqcn_params p, b;
	struct dcqcn_derived d;
	const char *what = NULL;
	static const struct {
		const char *set;     /* name=value that makes the defaults bad */
		const char *msg;     /* part of the message */
	} bad[] = {
		{ "line_mbps=999", "line_mbps" }, { "line_mbps=1048576", "line_mbps" },
		{ "t_ns=63", "t_ns" }, { "g=1", "g must" }, { "g=1024", "g must" },
		{ "initial_alpha_value=1025", "initial_alpha" }, { "dce_tcp_rtt=0", "dce_tcp_rtt" },
		{ "dce_tcp_rtt=131072", "dce_tcp_rtt" },
		{ "rate_reduce_monitor_period=131072", "rate_reduce" },
		{ "rpg_time_reset=0", "rpg_time_reset" }, { "rpg_time_reset=131072", "rpg_time_reset" },
		{ "mtu=255", "mtu" }, { "mtu=4097", "mtu" }, { "rpg_byte_reset=0", "byte_reset" },
		{ "rpg_byte_reset=268431361", "byte_reset" },     /* 65536 packets of 4096 */
		{ "rpg_threshold=32", "threshold" }, { "rpg_ai_rate=39", "rpg_ai_rate" },
		{ "rpg_ai_rate=100001", "rpg_ai_rate" }, { "rpg_hai_rate=39", "rpg_hai_rate" },
		{ "rpg_min_dec_fac=101", "min_dec" }, { "rpg_min_rate=1", "rpg_min_rate" },
		{ "rpg_min_rate=100001", "rpg_min_rate" }, { "gd=16", "gd" },
		{ "rate_to_set_on_first_cnp=39", "first_cnp" },
		{ "rate_to_set_on_first_cnp=100001", "first_cnp" },
		{ "rpg_min_rate=5000,rate_to_set_on_first_cnp=4999", "first_cnp" },
		{ "clamp_tgt_rate=2", "clamp_tgt_rate" },
	};

	dcqcn_params_default(&p);
	CHECK(dcqcn_params_check(&p, &what) == 0 && !what, "defaults refused: %s", what);
	CHECK(dcqcn_derive(&p, &d) == 0, "defaults: derive failed");
	CHECK(d.line_q16 == 819200 && d.min_q16 == 328 && d.ai_q16 == 328 && d.hai_q16 == 1638 &&
	      d.b_pkts == 2560 && d.omg_q10 == 1020 && d.min_dec_q16 == 32768 &&
	      d.alpha0 == 1023u << 12, "defaults: derived constants %u %u %u %u %u %u %u",
	      d.line_q16, d.min_q16, d.ai_q16, d.hai_q16, d.b_pkts, d.omg_q10, d.min_dec_q16);
	/* W_max: HPCC's for 100 Gb/s x 4160 ns = 52000 bytes (52000.125 in Q22.4) */
	{
		struct hpcc_params hp = { .t_ns = 4160, .eta_q16 = 62259, .max_stage = 5,
					  .wai_q4 = 1280, .line_mbps = 100000, .min_mbps = 100 };
		struct hpcc_derived hd;

		hpcc_derive(&hp, &hd);
		CHECK(d.wmax_q4 == hd.wmax && abs((int)d.wmax_q4 - 52000 * 16) <= 2,
		      "W_max %u, HPCC's %u", d.wmax_q4, hd.wmax);
	}
	/* the edges of each range are accepted */
	b = p;
	CHECK(dcqcn_params_parse(&b, "line_mbps=1048575,rpg_min_rate=40,rpg_ai_rate=1048575,"
				 "g=1023,initial_alpha_value=1024,gd=15,rpg_threshold=31,mtu=256,"
				 "rpg_byte_reset=16776960,rpg_time_reset=131071,dce_tcp_rtt=131071,"
				 "rate_reduce_monitor_period=0,rpg_min_dec_fac=100,"
				 "rate_to_set_on_first_cnp=1048575,clamp_tgt_rate=1", &what) == 0 &&
	      dcqcn_params_check(&b, &what) == 0, "range edges refused: %s", what);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct dcqcn_fx *fx;
		struct dcqcn_fl *fl;

		b = p;
		what = NULL;
		CHECK(dcqcn_params_parse(&b, bad[i].set, &what) == 0, "%s: parse: %s", bad[i].set, what);
		CHECK(dcqcn_params_check(&b, &what) == -EINVAL && what && strstr(what, bad[i].msg),
		      "%s accepted or wrong message (%s)", bad[i].set, what ? what : "none");
		CHECK(dcqcn_derive(&b, &d) == -EINVAL, "%s: derive accepted it", bad[i].set);
		errno = 0;
		fx = dcqcn_fx_new(4, &b);
		CHECK(!fx && errno == EINVAL, "%s: fixed model made", bad[i].set);
		dcqcn_fx_free(fx);
		fl = dcqcn_fl_new(4, &b);
		CHECK(!fl, "%s: float model made", bad[i].set);
		dcqcn_fl_free(fl);
	}
	/* the parser's own errors */
	b = p;
	CHECK(dcqcn_params_parse(&b, "nosuch=1", &what) == -EINVAL, "unknown name accepted");
	CHECK(dcqcn_params_parse(&b, "gd=x", &what) == -EINVAL, "gd=x accepted");
	CHECK(dcqcn_params_parse(&b, "gd=1;", &what) == -EINVAL, "gd=1; accepted");
	CHECK(dcqcn_params_parse(&b, "gd", &what) == -EINVAL, "gd accepted");
	CHECK(dcqcn_params_parse(&b, "gd=4294967296", &what) == -EINVAL, "gd=2^32 accepted");
	printf("parameters: defaults accepted, range edges accepted, %zu bad values refused\n",
	       sizeof(bad) / sizeof(bad[0]));
}

/* ---- 2. the state word ---- */

static void test_word(void)
{
	static const struct {
		const char *name;
		size_t off;
		unsigned lsb, bits;
	} f[] = {
		{ "rc", offsetof(struct dcqcn_state, rc), 0, 24 },
		{ "rt", offsetof(struct dcqcn_state, rt), 24, 24 },
		{ "alpha", offsetof(struct dcqcn_state, alpha), 48, 23 },
		{ "p_last", offsetof(struct dcqcn_state, c.p_last), 71, 16 },
		{ "cnp_in_period", offsetof(struct dcqcn_state, c.cnp_in_period), 87, 1 },
		{ "t_dec", offsetof(struct dcqcn_state, c.t_dec), 88, 20 },
		{ "dec_pending", offsetof(struct dcqcn_state, c.dec_pending), 108, 1 },
		{ "t_inc", offsetof(struct dcqcn_state, c.t_inc), 109, 20 },
		{ "t_stage", offsetof(struct dcqcn_state, c.t_stage), 129, 5 },
		{ "bc_stage", offsetof(struct dcqcn_state, c.bc_stage), 134, 5 },
		{ "bc_acc", offsetof(struct dcqcn_state, c.bc_acc), 139, 16 },
		{ "ack_psn", offsetof(struct dcqcn_state, c.ack_psn), 155, 24 },
		{ "cut", offsetof(struct dcqcn_state, c.cut), 179, 1 },
	};
	unsigned total = 0;

	for (size_t i = 0; i < sizeof(f) / sizeof(f[0]); i++) {
		struct dcqcn_state s, r;
		uint64_t w[3], want[3] = { 0, 0, 0 };

		memset(&s, 0, sizeof(s));
		*(uint32_t *)((char *)&s + f[i].off) = 0xffffffffu;    /* wider than the field */
		dcqcn_state_pack(&s, w);
		for (unsigned b = f[i].lsb; b < f[i].lsb + f[i].bits; b++)
			want[b / 64] |= 1ull << (b % 64);
		CHECK(!memcmp(w, want, sizeof(w)), "%s: not at bits [%u:%u]", f[i].name,
		      f[i].lsb + f[i].bits - 1, f[i].lsb);
		dcqcn_state_unpack(w, &r);
		CHECK(*(uint32_t *)((char *)&r + f[i].off) == (1u << f[i].bits) - 1 ||
		      f[i].bits == 32, "%s: unpack", f[i].name);
		total += f[i].bits;
		if (i + 1 < sizeof(f) / sizeof(f[0]))
			CHECK(f[i].lsb + f[i].bits == f[i + 1].lsb, "%s: gap after it", f[i].name);
	}
	CHECK(total == DCQCN_WORD_BITS, "fields add up to %u bits", total);
	for (int k = 0; k < 1000; k++) {
		uint64_t w[3], w2[3];
		struct dcqcn_state s;

		w[0] = rnd();
		w[1] = rnd();
		w[2] = rnd() & ((1ull << (DCQCN_WORD_BITS - 128)) - 1);
		dcqcn_state_unpack(w, &s);
		dcqcn_state_pack(&s, w2);
		CHECK(!memcmp(w, w2, sizeof(w)), "random word does not round-trip");
	}
	printf("state word: %u bits, every field at its documented bits, 1000 words round-trip\n",
	       total);
}

/* ---- 3. the D tables ---- */

static void test_tables(void)
{
	static const uint32_t gs[] = { 2, 3, 4, 5, 16, 64, 256, 512, 1023 };
	double worst = 0;

	for (size_t i = 0; i < sizeof(gs) / sizeof(gs[0]); i++) {
		struct dcqcn_params p;
		struct dcqcn_derived d;

		dcqcn_params_default(&p);
		p.g_q10 = gs[i];
		dcqcn_derive(&p, &d);
		CHECK(dcqcn_decay(&d, 0) == DCQCN_D_ONE, "g %u: D(0) = %u", gs[i], dcqcn_decay(&d, 0));
		for (uint32_t m = 0; m <= P_MASK; m++) {
			double want = pow(1 - gs[i] / 1024.0, m) * DCQCN_D_ONE;
			double e = fabs(dcqcn_decay(&d, m) - want);

			if (e > worst)
				worst = e;
		}
	}
	printf("D tables: D(m) against pow(1 - g, m) for every m < 2^16, 9 values of g: "
	       "worst %.3f units of 2^-17\n", worst);
	CHECK(worst <= 2.0, "D(m) off by %.3f units of 2^-17 (bound 2)", worst);
}

/* ---- 4. directed cases ---- */

/* defaults plus "list"; P held still unless a test moves it */
static void params_with(struct dcqcn_params *p, const char *list)
{
	const char *what;

	dcqcn_params_default(p);
	if (dcqcn_params_parse(p, list, &what) || dcqcn_params_check(p, &what)) {
		fprintf(stderr, "tb_dcqcn: bad test parameters %s: %s\n", list, what);
		exit(2);
	}
}

/* Rc, Rt of the fixed model, and the float model's Rc (must be the same value here) */
#define EXPECT_RATES(t, q, rc_want, rt_want, label)                                         \
	do {                                                                                \
		struct dcqcn_state s_ = fx_state(t, q);                                     \
		CHECK(s_.rc == (rc_want) && s_.rt == (rt_want), "%s: Rc %u Rt %u, want %u %u", \
		      label, s_.rc, s_.rt, (unsigned)(rc_want), (unsigned)(rt_want));       \
		CHECK(fabs(fl_rc_q16(t) - (rc_want)) < 1e-6, "%s: float Rc %.6f, want %u",   \
		      label, fl_rc_q16(t), (unsigned)(rc_want));                            \
	} while (0)

static void test_first_cnp_and_floors(void)
{
	struct dcqcn_params p;
	struct pair t;

	/* alpha = 1 throughout (P still): f = 1 - 1/2 */
	params_with(&p, "initial_alpha_value=1024,rate_to_set_on_first_cnp=25000");
	pair_new(&t, 4, &p);
	pair_ev(&t, DCQCN_EV_INIT, 1, 0, 0, 0);
	pair_ev(&t, DCQCN_EV_CNP, 1, 10, 0, 0);
	CHECK(t.ux.flags == DCQCN_UF_DEC, "first CNP: flags %#x", t.ux.flags);
	EXPECT_RATES(&t, 1, 204800, 204800, "first CNP sets Rc = Rt = 25 Gb/s");
	pair_ev(&t, DCQCN_EV_CNP, 1, 20, 0, 0);
	EXPECT_RATES(&t, 1, 102400, 204800, "second CNP: Rc x (1 - alpha/2)");
	/* a second INIT makes the next CNP a first one again */
	pair_ev(&t, DCQCN_EV_INIT, 1, 30, 0, 0);
	EXPECT_RATES(&t, 1, 819200, 819200, "INIT");
	pair_ev(&t, DCQCN_EV_CNP, 1, 31, 0, 0);
	EXPECT_RATES(&t, 1, 204800, 204800, "first CNP after a new INIT");
	pair_free(&t);

	/* f = 1 - alpha = 0 (gd 0, alpha 1): min_dec 30 % = round(0.3 x 65536) = 19661 */
	params_with(&p, "initial_alpha_value=1024,gd=0,rpg_min_dec_fac=30,rpg_min_rate=1000");
	pair_new(&t, 4, &p);
	pair_ev(&t, DCQCN_EV_INIT, 2, 0, 0, 0);
	pair_ev(&t, DCQCN_EV_CNP, 2, 1, 0, 0);
	/* 819200 x 19661 / 65536 = 245763.125 -> 245763; the float has 819200 x 0.3 = 245760 */
	{
		struct dcqcn_state s = fx_state(&t, 2);

		CHECK(s.rc == 245763 && s.rt == 819200, "min_dec floor: Rc %u Rt %u", s.rc, s.rt);
		CHECK(fabs(fl_rc_q16(&t) - 245760) < 1e-6, "min_dec floor: float Rc %.3f",
		      fl_rc_q16(&t));
	}
	pair_free(&t);

	/* min_dec 0: Rc x 0 -> Rmin, 1000 Mb/s = 8192; the paper's Rt = Rc at each decrease */
	params_with(&p, "initial_alpha_value=1024,gd=0,rpg_min_dec_fac=0,rpg_min_rate=1000,"
		    "clamp_tgt_rate=1");
	pair_new(&t, 4, &p);
	pair_ev(&t, DCQCN_EV_INIT, 3, 0, 0, 0);
	pair_ev(&t, DCQCN_EV_CNP, 3, 1, 0, 0);
	EXPECT_RATES(&t, 3, 8192, 819200, "Rmin floor");
	pair_ev(&t, DCQCN_EV_CNP, 3, 10, 0, 0);
	EXPECT_RATES(&t, 3, 8192, 8192, "Rmin floor again");
	pair_free(&t);
	printf("directed: first CNP to rate_to_set_on_first_cnp, min_dec and Rmin floors: done\n");
}

/*
 * F = 2, R_AI = 1 Gb/s (8192), R_HAI = 5 Gb/s (40960), Ti = 10 us, one
 * packet per byte-counter event, alpha = 1 and gd = 1 (f = 1/2). Every value
 * below is worked by hand from steps 3-6; the sums are even, so the double
 * model lands on the same numbers. clamp_tgt_rate = 1: every decrease sets
 * Rt = Rc, as the DCQCN paper's rule (test_target_rule has the vendor's).
 */
static void test_stages(void)
{
	struct dcqcn_params p;
	struct pair t;
	static const struct {
		uint32_t type, now, psn, flags, rc, rt;
		const char *what;
	} seq[] = {
		{ DCQCN_EV_CNP, 0, 0, DCQCN_UF_DEC, 409600, 819200, "decrease" },
		{ DCQCN_EV_CNP, 4, 0, DCQCN_UF_DEC, 204800, 409600, "decrease after Td" },
		{ DCQCN_EV_ACK, 5, 1, DCQCN_UF_INC_BC, 307200, 409600, "BC 1: fast recovery" },
		{ DCQCN_EV_ACK, 6, 2, DCQCN_UF_INC_BC, 362496, 417792, "BC 2: additive" },
		{ DCQCN_EV_ACK, 7, 3, DCQCN_UF_INC_BC, 394240, 425984, "BC 3, T 0: additive" },
		{ DCQCN_EV_TICK, 13, 0, 0, 394240, 425984, "timer not yet" },
		{ DCQCN_EV_TICK, 14, 0, DCQCN_UF_INC_T, 414208, 434176, "T 1, BC 3: additive" },
		{ DCQCN_EV_TICK, 24, 0, DCQCN_UF_INC_T, 428288, 442368, "T 2, BC 3: additive" },
		{ DCQCN_EV_TICK, 34, 0, DCQCN_UF_INC_T, 455808, 483328, "T 3, BC 3: hyper x1" },
		{ DCQCN_EV_ACK, 35, 4, DCQCN_UF_INC_BC, 490048, 524288, "T 3, BC 4: hyper x1" },
		{ DCQCN_EV_TICK, 44, 0, DCQCN_UF_INC_T, 548128, 606208, "T 4, BC 4: hyper x2" },
		/* the timer and the byte counter in one event: the timer's increase only */
		{ DCQCN_EV_ACK, 54, 5, DCQCN_UF_INC_T, 618128, 688128, "T 5, BC 4: hyper x2" },
		{ DCQCN_EV_ACK, 55, 6, DCQCN_UF_INC_BC, 714568, 811008, "T 5, BC 5 (2 pkts "
		  "banked): hyper x3" },
		{ DCQCN_EV_ACK, 56, 6, DCQCN_UF_INC_BC, 766884, 819200, "banked packet, BC 6: "
		  "hyper x3, Rt capped at line rate" },
	};

	params_with(&p, "initial_alpha_value=1024,rpg_threshold=2,rpg_ai_rate=1000,"
		    "rpg_hai_rate=5000,rpg_time_reset=10,rpg_byte_reset=4096,mtu=4096,"
		    "clamp_tgt_rate=1");
	pair_new(&t, 4, &p);
	pair_ev(&t, DCQCN_EV_INIT, 0, 0, 0, 0);
	for (size_t i = 0; i < sizeof(seq) / sizeof(seq[0]); i++) {
		pair_ev(&t, seq[i].type, 0, seq[i].now, 0, seq[i].psn);
		CHECK(t.ux.flags == seq[i].flags, "%s: flags %#x, want %#x", seq[i].what, t.ux.flags,
		      seq[i].flags);
		EXPECT_RATES(&t, 0, seq[i].rc, seq[i].rt, seq[i].what);
	}
	pair_free(&t);
	printf("directed: fast recovery -> additive -> hyper increase, %zu hand-worked steps: done\n",
	       sizeof(seq) / sizeof(seq[0]));
}

/*
 * The target rate at a decrease. clamp_tgt_rate = 0 (the default, the
 * vendor's): Rt = Rc only at a decrease after an increase by the timer
 * (T_stage > 0), else Rt is kept; = 1 (the DCQCN paper's): always. alpha = 1
 * and gd = 1 (f = 1/2), Td 4 us, Ti 10 us, F = 2, R_AI 1 Gb/s (8192), one
 * packet per byte-counter increase; worked by hand, every sum even.
 */
static void test_target_rule(void)
{
	struct dcqcn_params p;
	struct pair t;
	static const struct {
		uint32_t type, now, psn, flags, rc, rt;
		const char *what;
	} seq[] = {
		{ DCQCN_EV_CNP, 0, 0, DCQCN_UF_DEC, 409600, 819200, "first decrease" },
		{ DCQCN_EV_CNP, 4, 0, DCQCN_UF_DEC, 204800, 819200, "no increase since: Rt kept" },
		{ DCQCN_EV_CNP, 8, 0, DCQCN_UF_DEC, 102400, 819200, "and again" },
		{ DCQCN_EV_TICK, 18, 0, DCQCN_UF_INC_T, 460800, 819200, "T 1: fast recovery "
		  "towards the old target" },
		{ DCQCN_EV_CNP, 19, 0, DCQCN_UF_DEC, 230400, 460800, "after a timer increase: "
		  "Rt = Rc" },
		{ DCQCN_EV_CNP, 23, 0, DCQCN_UF_DEC, 115200, 460800, "none since: Rt kept" },
		{ DCQCN_EV_TICK, 33, 0, DCQCN_UF_INC_T, 288000, 460800, "T 1: fast recovery" },
		{ DCQCN_EV_TICK, 43, 0, DCQCN_UF_INC_T, 378496, 468992, "T 2: additive" },
		{ DCQCN_EV_CNP, 53, 0, DCQCN_UF_INC_T | DCQCN_UF_DEC, 213920, 427840,
		  "timer (T 3, additive) then the CNP's decrease: Rt = the increased Rc" },
		{ DCQCN_EV_CNP, 55, 0, DCQCN_UF_DEFER, 213920, 427840, "within Td: pending" },
		{ DCQCN_EV_ACK, 63, 1, DCQCN_UF_DEC, 106960, 427840,
		  "due decrease at an ACK: Rt kept, the packet banked, no increase" },
		{ DCQCN_EV_ACK, 64, 1, DCQCN_UF_INC_BC, 267400, 427840,
		  "the next ACK (no new packet): BC 1 from the banked one, fast recovery" },
	};
	/* the same first four with the paper's rule */
	static const uint32_t paper[4][2] = {
		{ 409600, 819200 }, { 204800, 409600 }, { 102400, 204800 }, { 153600, 204800 },
	};

	params_with(&p, "initial_alpha_value=1024,rpg_threshold=2,rpg_ai_rate=1000,"
		    "rate_reduce_monitor_period=4,rpg_time_reset=10,rpg_byte_reset=4096,mtu=4096");
	CHECK(p.clamp_tgt == 0, "default clamp_tgt_rate %u, want 0", p.clamp_tgt);
	pair_new(&t, 4, &p);
	pair_ev(&t, DCQCN_EV_INIT, 1, 0, 0, 0);
	for (size_t i = 0; i < sizeof(seq) / sizeof(seq[0]); i++) {
		pair_ev(&t, seq[i].type, 1, seq[i].now, 0, seq[i].psn);
		CHECK(t.ux.flags == seq[i].flags, "%s: flags %#x, want %#x", seq[i].what, t.ux.flags,
		      seq[i].flags);
		EXPECT_RATES(&t, 1, seq[i].rc, seq[i].rt, seq[i].what);
	}
	pair_free(&t);

	params_with(&p, "initial_alpha_value=1024,rpg_threshold=2,rpg_ai_rate=1000,"
		    "rate_reduce_monitor_period=4,rpg_time_reset=10,rpg_byte_reset=4096,mtu=4096,"
		    "clamp_tgt_rate=1");
	pair_new(&t, 4, &p);
	pair_ev(&t, DCQCN_EV_INIT, 1, 0, 0, 0);
	for (size_t i = 0; i < 4; i++) {
		pair_ev(&t, seq[i].type, 1, seq[i].now, 0, seq[i].psn);
		EXPECT_RATES(&t, 1, paper[i][0], paper[i][1], "clamp_tgt_rate=1");
	}
	pair_free(&t);
	printf("directed: the target rate at a decrease, clamp_tgt_rate 0 (%zu steps) and 1: "
	       "done\n", sizeof(seq) / sizeof(seq[0]));
}

static void test_pending(void)
{
	struct dcqcn_params p;
	struct pair t;
	static const struct {
		uint32_t type, now, flags, rc;
		const char *what;
	} seq[] = {
		{ DCQCN_EV_CNP, 100, DCQCN_UF_DEC, 409600, "first decrease" },
		{ DCQCN_EV_CNP, 101, DCQCN_UF_DEFER, 409600, "CNP 1 us later: pending" },
		{ DCQCN_EV_TICK, 103, 0, 409600, "3 us: not due" },
		{ DCQCN_EV_TICK, 104, DCQCN_UF_DEC, 204800, "Td after: due" },
		{ DCQCN_EV_CNP, 105, DCQCN_UF_DEFER, 204800, "pending again" },
		{ DCQCN_EV_CNP, 106, DCQCN_UF_DEFER, 204800, "and again: still one" },
		{ DCQCN_EV_ACK, 108, DCQCN_UF_DEC, 102400, "due at an ACK" },
		{ DCQCN_EV_TICK, 200, 0, 102400, "nothing left pending" },
		/* now wraps: (QP 2) a decrease at 2^20 - 2, a CNP 3 us later, due 1 us after that */
		{ DCQCN_EV_INIT, NOW_MASK - 9, DCQCN_UF_INIT, 819200, "INIT before the wrap" },
		{ DCQCN_EV_CNP, NOW_MASK - 1, DCQCN_UF_DEC, 409600, "decrease just before the wrap" },
		{ DCQCN_EV_CNP, 1, DCQCN_UF_DEFER, 409600, "3 us later, across the wrap" },
		{ DCQCN_EV_TICK, 2, DCQCN_UF_DEC, 204800, "due across the wrap" },
	};

	params_with(&p, "initial_alpha_value=1024,rate_reduce_monitor_period=4,rpg_time_reset=100000");
	pair_new(&t, 4, &p);
	pair_ev(&t, DCQCN_EV_INIT, 3, 0, 0, 0);
	for (size_t i = 0; i < sizeof(seq) / sizeof(seq[0]); i++) {
		pair_ev(&t, seq[i].type, i < 8 ? 3 : 2, seq[i].now, 0, 0);
		CHECK(t.ux.flags == seq[i].flags, "%s: flags %#x, want %#x", seq[i].what, t.ux.flags,
		      seq[i].flags);
		CHECK(t.ux.rate_q16 == seq[i].rc, "%s: Rc %u, want %u", seq[i].what, t.ux.rate_q16,
		      seq[i].rc);
	}
	pair_free(&t);
	printf("directed: decreases spaced by Td (pending, due at the next event, across the "
	       "20-bit wrap): done\n");
}

/*
 * Lazy against eager alpha: QP 0 sees one TICK per period, QP 1 one TICK
 * after n periods; both had a CNP in period 0. In double precision the two
 * agree to rounding; in fixed point they are not equal (each eager step
 * rounds, and where g alpha is below half a step of 2^-16 an eager step no
 * longer moves alpha), but they stay within 1/(2g) + 2 steps of each other.
 */
static void test_lazy_alpha(void)
{
	static const uint32_t gs[] = { 2, 4, 5, 64, 512 };
	static const uint32_t ns[] = { 1, 2, 15, 16, 17, 255, 256, 1000, 4095, 4096, 30000, 65535 };
	unsigned exact = 0, cases = 0;
	double worst_ratio = 0, worst_fl = 0;

	for (size_t gi = 0; gi < sizeof(gs) / sizeof(gs[0]); gi++) {
		for (size_t ni = 0; ni < sizeof(ns) / sizeof(ns[0]); ni++) {
			struct dcqcn_params p;
			struct pair t;
			uint32_t n = ns[ni], a_eager, a_lazy;
			double f_eager, f_lazy, bound = 1.0 / (2.0 * gs[gi] / 1024.0) + 2;
			char list[96];

			snprintf(list, sizeof(list), "g=%u,initial_alpha_value=700", gs[gi]);
			params_with(&p, list);
			pair_new(&t, 2, &p);
			for (uint32_t q = 0; q < 2; q++) {
				pair_ev(&t, DCQCN_EV_INIT, q, 0, 0, 0);
				pair_ev(&t, DCQCN_EV_CNP, q, 0, 0, 0);
			}
			for (uint32_t k = 1; k <= n; k++)
				pair_ev(&t, DCQCN_EV_TICK, 0, 0, k, 0);
			a_eager = fx_state(&t, 0).alpha;
			f_eager = t.ul.u;
			pair_ev(&t, DCQCN_EV_TICK, 1, 0, n, 0);
			a_lazy = fx_state(&t, 1).alpha;
			f_lazy = t.ul.u;
			cases++;
			exact += a_eager == a_lazy;
			if (fabs((double)a_eager - a_lazy) / bound > worst_ratio)
				worst_ratio = fabs((double)a_eager - a_lazy) / bound;
			CHECK(fabs((double)a_eager - a_lazy) <= bound,
			      "g %u/1024, %u periods: eager alpha %u, lazy %u (bound %.0f)", gs[gi], n,
			      a_eager, a_lazy, bound);
			if (fabs(f_eager - f_lazy) > worst_fl)
				worst_fl = fabs(f_eager - f_lazy);
			/* n = 1: the two are one and the same step */
			if (n == 1)
				CHECK(a_eager == a_lazy, "g %u/1024: one period differs", gs[gi]);
			pair_free(&t);
		}
	}
	printf("directed: alpha over n idle periods, lazy (one event) vs eager (one per period): "
	       "fixed equal in %u of %u cases, worst %.2f of the bound 1/(2g)+2 steps; "
	       "double worst %.2e\n", exact, cases, worst_ratio, worst_fl);
	CHECK(worst_fl < 1e-12, "double model: lazy and eager alpha differ by %.3e", worst_fl);
}

static void test_misc(void)
{
	struct dcqcn_params p;
	struct pair t;
	struct dcqcn_state s;
	uint64_t w0[3], w1[3];

	params_with(&p, "initial_alpha_value=1024,rpg_time_reset=10,rpg_byte_reset=409600,mtu=4096");
	pair_new(&t, 8, &p);

	/* events for a QP still in mode HPCC (the reset state) are ignored */
	dcqcn_fx_word(t.fx, 5, w0);
	pair_ev(&t, DCQCN_EV_CNP, 5, 3, 0, 0);
	dcqcn_fx_word(t.fx, 5, w1);
	CHECK(t.ux.flags == DCQCN_UF_IGNORED && t.ux.reason == HPCC_IGN_MODE &&
	      !memcmp(w0, w1, sizeof(w0)), "CNP for a non-DCQCN QP: flags %#x reason %u",
	      t.ux.flags, t.ux.reason);
	/* INIT into another mode: the same */
	{
		struct hpcc_event ev = { .type = DCQCN_EV_INIT, .qpn = 6, .mode = HPCC_MODE_ROCC };

		dcqcn_fx_event(t.fx, &ev, &t.ux);
		dcqcn_fl_event(t.fl, &ev, &t.ul);
		pair_ev(&t, DCQCN_EV_ACK, 6, 3, 0, 5);
		CHECK(t.ux.reason == HPCC_IGN_MODE, "ACK for a RoCC QP: reason %u", t.ux.reason);
	}

	/* unknown event types: ignored, no state change */
	pair_ev(&t, DCQCN_EV_INIT, 0, 0, 0, 0xfffff0);
	dcqcn_fx_word(t.fx, 0, w0);
	for (uint32_t ty = 4; ty < 8; ty++) {
		pair_ev(&t, ty, 0, 5, 3, 0);
		CHECK(t.ux.flags == DCQCN_UF_IGNORED && t.ux.reason == HPCC_IGN_TYPE,
		      "type %u: flags %#x reason %u", ty, t.ux.flags, t.ux.reason);
	}
	dcqcn_fx_word(t.fx, 0, w1);
	CHECK(!memcmp(w0, w1, sizeof(w0)), "an unknown type changed the state");

	/* the byte counter: PSN steps across the 24-bit wrap, backwards, too far */
	pair_ev(&t, DCQCN_EV_ACK, 0, 1, 0, 0xfffffa);     /* +10 */
	pair_ev(&t, DCQCN_EV_ACK, 0, 2, 0, 4);            /* +10 across the wrap */
	s = fx_state(&t, 0);
	CHECK(s.c.bc_acc == 20 && s.c.ack_psn == 4, "PSN wrap: bc_acc %u psn %u", s.c.bc_acc,
	      s.c.ack_psn);
	pair_ev(&t, DCQCN_EV_ACK, 0, 3, 0, 2);            /* backwards: 0, PSN kept */
	pair_ev(&t, DCQCN_EV_ACK, 0, 4, 0, 4 + (1u << 23)); /* 2^23 ahead: 0, PSN kept */
	s = fx_state(&t, 0);
	CHECK(s.c.bc_acc == 20 && s.c.ack_psn == 4, "bad PSN steps: bc_acc %u psn %u", s.c.bc_acc,
	      s.c.ack_psn);
	pair_ev(&t, DCQCN_EV_ACK, 0, 5, 0, 4 + (1u << 23) - 1);   /* 2^23 - 1 ahead: saturates */
	s = fx_state(&t, 0);
	CHECK(s.c.bc_acc == 65535, "bc_acc saturates: %u", s.c.bc_acc);
	/* not cut: no byte-counter increase, Rc stays at the line rate */
	CHECK(t.ux.flags == 0 && s.rc == 819200 && !s.c.cut, "not cut: flags %#x", t.ux.flags);

	/* the timer catches up one expiry per event */
	pair_ev(&t, DCQCN_EV_CNP, 0, 10, 0, 0);
	for (int k = 0; k < 5; k++) {
		pair_ev(&t, DCQCN_EV_TICK, 0, 100, 0, 0);
		s = fx_state(&t, 0);
		CHECK(t.ux.flags == DCQCN_UF_INC_T && s.c.t_stage == (uint32_t)k + 1 &&
		      s.c.t_inc == 20u + 10u * (uint32_t)k, "catch-up %d: flags %#x T %u t_inc %u",
		      k, t.ux.flags, s.c.t_stage, s.c.t_inc);
	}

	/* P wraps: 10 periods from 65530 to 4 */
	pair_ev(&t, DCQCN_EV_INIT, 1, 0, 65530, 0);
	pair_ev(&t, DCQCN_EV_TICK, 1, 0, 4, 0);
	{
		struct dcqcn_derived d;
		uint32_t want;

		dcqcn_derive(&p, &d);
		/* D(9) x (1 - g) x 1.0: alpha rounded once */
		want = (uint32_t)(((uint64_t)dcqcn_decay(&d, 9) * (1020ull << DCQCN_ALPHA_FRAC) +
				   (1ull << 26)) >> 27);
		s = fx_state(&t, 1);
		CHECK(s.alpha == want && s.c.p_last == 4, "P wrap: alpha %u want %u, P_last %u",
		      s.alpha, want, s.c.p_last);
		CHECK(fabs(t.ul.u - pow(1 - 4 / 1024.0, 10)) < 1e-12, "P wrap: float alpha %.9f",
		      t.ul.u);
	}
	pair_free(&t);
	printf("directed: ignored events (mode, type), PSN arithmetic, timer catch-up, P wrap: "
	       "done\n");
}

/*
 * The worst case found for the formats: alpha decays for a long idle time
 * one period per event (each step rounds, and in fixed point alpha stops
 * short of 0 where g alpha is under half a step), then CNPs come every
 * period and every Td, and the decrease factor's error compounds over the
 * many decreases until Rc reaches Rmin. With alpha in Q1.16 (the first
 * design) this reached 56 % at g = 1/1024 and 6 % at g = 1/256; with Q1.22
 * and g >= 1/512 the worst of a wider scan was 1.1 %.
 */
static void test_compounding(void)
{
	static const uint32_t gs[] = { 2, 4, 32, 128 };
	static const uint32_t gaps[] = { 1, 16 };
	double worst = 0;
	char worst_at[256] = "";

	for (size_t gi = 0; gi < sizeof(gs) / sizeof(gs[0]); gi++)
		for (uint32_t gd = 0; gd < 3; gd++)
			for (size_t k = 0; k < 8; k++) {
				struct dcqcn_params p;
				struct pair t;
				uint32_t gap = gaps[k & 1], idle = 20000;
				char list[200];

				snprintf(list, sizeof(list), "g=%u,gd=%u,initial_alpha_value=1024,"
					 "rpg_min_dec_fac=%u,rate_reduce_monitor_period=%u,"
					 "line_mbps=%u,rpg_time_reset=131071", gs[gi], gd,
					 k & 2 ? 90 : 0, gap == 1 ? 1 : 4, k & 4 ? 100000 : 800000);
				params_with(&p, list);
				pair_new(&t, 1, &p);
				pair_ev(&t, DCQCN_EV_INIT, 0, 0, 0, 0);
				for (uint32_t us = 1; us <= idle + 10000; us++) {
					uint32_t ty = us > idle && us % gap == 0 ? DCQCN_EV_CNP :
						      DCQCN_EV_TICK;
					double fl, e;

					pair_ev(&t, ty, 0, us, us, 0);
					fl = fl_rc_q16(&t);
					e = fabs(t.ux.rate_q16 - fl) / fl;
					if (e > worst) {
						worst = e;
						snprintf(worst_at, sizeof(worst_at), "%s, a CNP every %u us",
							 list, gap);
					}
				}
				pair_free(&t);
			}
	printf("directed: sustained CNPs after a long decay, one alpha period per event: worst Rc "
	       "error %.3f%%\n  (%s)\n", 100 * worst, worst_at);
	CHECK(worst <= 0.02, "sustained CNPs: Rc off by %.3f%% > 2%%", 100 * worst);
}

/* ---- 5. random events ---- */

struct worst {
	double err;
	size_t event;
	uint32_t fx, type, flags;
	double fl;
	struct dcqcn_params p;
};

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static void test_random(uint64_t events)
{
	double *err = malloc(events * sizeof(*err));
	size_t n = 0, segs = 0, decs = 0, incs = 0, defers = 0, ign = 0;
	struct worst w = { 0 };
	double p999, sum = 0;
	clock_t t0 = clock();

	if (!err) {
		CHECK(0, "out of memory");
		return;
	}
	while (n < events) {
		struct dcqcn_params p;
		struct pair t;
		unsigned nqp = 1 + rndr(rndp(0.3) ? 2 : 32);
		size_t len = 200 + rndr(5000);
		uint64_t tus = rnd() & 0xffffffffull;          /* true time, us */
		double p_cnp = rndp(0.3) ? 0.01 * rndf() : 0.5 * rndf();
		uint32_t psn[32];

		dcqcn_random_params(&p);
		if (pair_new(&t, nqp, &p)) {
			CHECK(0, "models refused random parameters");
			pair_free(&t);
			break;
		}
		segs++;
		for (unsigned q = 0; q < nqp; q++) {
			psn[q] = rndr(1u << 24);
			pair_ev(&t, DCQCN_EV_INIT, q, (uint32_t)tus, (uint32_t)(tus / p.period_us),
				psn[q]);
		}
		for (size_t k = 0; k < len && n < events; k++, n++) {
			uint32_t q = rndr(nqp), type, x = rndr(1000);
			double r = rndf();
			const struct hpcc_update *u;
			double fl, e;

			/* the gap since the last event: mostly short, some long, a few past
			 * the wraps of now (2^20 us) and of P (2^16 periods) */
			if (r < 0.7)
				tus += rndr(6);
			else if (r < 0.9)
				tus += rndr(200);
			else if (r < 0.98)
				tus += rndr(20000);
			else
				tus += rnd() % 3000000;
			if (x < 2)
				type = 4 + rndr(4);                      /* unknown */
			else if (x < 5)
				type = DCQCN_EV_INIT;
			else
				type = rndf() < p_cnp ? DCQCN_EV_CNP :
				       rndp(0.5) ? DCQCN_EV_ACK : DCQCN_EV_TICK;
			if (type == DCQCN_EV_ACK) {
				double y = rndf();

				psn[q] += y < 0.9 ? rndr(8) : y < 0.97 ? rndr(4 * 65536) : rndr(1u << 24);
				psn[q] &= 0xffffff;
			}
			if (type == DCQCN_EV_INIT && rndp(0.1)) {
				/* out of DCQCN mode for a while: its events are ignored */
				struct hpcc_event ev = { .type = DCQCN_EV_INIT, .qpn = q,
							 .mode = HPCC_MODE_HPCC };

				dcqcn_fx_event(t.fx, &ev, &t.ux);
				dcqcn_fl_event(t.fl, &ev, &t.ul);
				err[n] = 0;
				continue;
			}
			u = pair_ev(&t, type, q, (uint32_t)tus, (uint32_t)(tus / p.period_us), psn[q]);
			decs += !!(u->flags & DCQCN_UF_DEC);
			incs += !!(u->flags & (DCQCN_UF_INC_T | DCQCN_UF_INC_BC));
			defers += !!(u->flags & DCQCN_UF_DEFER);
			ign += !!(u->flags & DCQCN_UF_IGNORED);
			fl = fl_rc_q16(&t);
			e = fabs(u->rate_q16 - fl) / fl;
			err[n] = e;
			sum += e;
			if (e > w.err) {
				w.err = e;
				w.event = n;
				w.fx = u->rate_q16;
				w.fl = fl;
				w.type = type;
				w.flags = u->flags;
				w.p = p;
			}
		}
		pair_free(&t);
	}
	qsort(err, n, sizeof(*err), cmp_double);
	p999 = n ? err[(size_t)(0.999 * (double)(n - 1))] : 0;
	printf("random: %zu events in %zu parameter sets (%zu decreases, %zu increases, %zu "
	       "deferred, %zu ignored), %.1f s\n", n, segs, decs, incs, defers, ign,
	       (double)(clock() - t0) / CLOCKS_PER_SEC);
	printf("  Rc, fixed vs double, relative error: p50 %.5f%%  p99 %.5f%%  p99.9 %.5f%%  "
	       "max %.5f%%  mean %.5f%%\n", n ? 100 * err[(n - 1) / 2] : 0,
	       n ? 100 * err[(size_t)(0.99 * (double)(n - 1))] : 0, 100 * p999, 100 * w.err,
	       n ? 100 * sum / (double)n : 0);
	if (w.err > 0)
		printf("  worst at event %zu (type %u, flags %#x): fixed %u, double %.3f (Q8.16); "
		       "line %u Rmin %u R_AI %u R_HAI %u Mb/s, g %u/1024, gd %u, min_dec %u%%\n",
		       w.event, w.type, w.flags, w.fx, w.fl, w.p.line_mbps, w.p.min_mbps,
		       w.p.ai_mbps, w.p.hai_mbps, w.p.g_q10, w.p.gd, w.p.min_dec_pct);
	CHECK(decs > n / 100 && incs > n / 100 && defers > 0 && ign > 0,
	      "random stimulus too tame: %zu decreases, %zu increases", decs, incs);
	CHECK(p999 <= 0.005, "p99.9 relative error of Rc %.4f%% > 0.5%%", 100 * p999);
	CHECK(w.err <= 0.02, "worst relative error of Rc %.4f%% > 2%%", 100 * w.err);
	free(err);
}

int main(int argc, char **argv)
{
	uint64_t events = 100000;

	tb_args(argc, argv, "tb_dcqcn",
		"The DCQCN fixed-point and double models: parameters, state word, D tables,\n"
		"directed cases, and fixed vs double on random events.",
		"events", &events, NULL);
	test_params();
	test_word();
	test_tables();
	test_first_cnp_and_floors();
	test_stages();
	test_target_rule();
	test_pending();
	test_lazy_alpha();
	test_misc();
	test_compounding();
	test_random(events);
	return tb_finish("tb_dcqcn");
}
