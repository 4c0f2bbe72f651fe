/* SPDX-License-Identifier: MIT */
/*
 * DCQCN reaction point: the two C models of the CC engine's mode 1.
 *
 *  - dcqcn_fx_*: fixed point, integer operations only, in the formats and
 *    with the rounding an RTL engine copies bit for bit (docs/cc-dcqcn.md).
 *    The per-QP state is kept packed in the 180-bit word the engine's RAM
 *    holds, and unpacked and repacked around every event.
 *  - dcqcn_fl_*: the same event semantics with alpha and the rates in double
 *    precision and D(m) = pow(1 - g, m); the reference the fixed-point
 *    arithmetic is checked against.
 *
 * Both take the events of the HPCC models (struct hpcc_event: type, qpn,
 * ack_psn, mode, now_us, period) and produce the same Update records
 * (struct hpcc_update: W = W_max, rate = Rc), so a trace replays through
 * either. The control flow (which timer fires, which stage, when a decrease
 * is due) is one function both models call (dcqcn_common.c); only the
 * arithmetic on alpha, Rc and Rt differs.
 */
#ifndef DCQCN_MODEL_H
#define DCQCN_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "hpcc_model.h"

/* widths of the event inputs and of the state word's fields */
#define DCQCN_NOW_BITS      20      /* the engine's microsecond clock */
#define DCQCN_P_BITS        16      /* the alpha-period count */
#define DCQCN_RATE_BITS     24      /* Rc, Rt: bytes/ns Q8.16 (HPCC_RATE_FRAC) */
#define DCQCN_ALPHA_FRAC    22      /* alpha: Q1.22 */
#define DCQCN_ALPHA_BITS    (DCQCN_ALPHA_FRAC + 1)
#define DCQCN_ALPHA_ONE     (1u << DCQCN_ALPHA_FRAC)
#define DCQCN_STAGE_BITS    5       /* T_stage, BC_stage: saturate at 31 */
#define DCQCN_BC_BITS       16      /* bc_acc: saturates at 65535 */
#define DCQCN_D_FRAC        17      /* decay tables: Q1.17 */
#define DCQCN_D_ONE         (1u << DCQCN_D_FRAC)
#define DCQCN_F_ONE         65536   /* decrease factor f and min_dec: Q1.16 */
#define DCQCN_WORD_BITS     180

/* parameter ranges (dcqcn_params_check refuses anything outside them) */
#define DCQCN_LINE_MIN_MBPS   1000u
#define DCQCN_RATE_MAX_MBPS   HPCC_RATE_MAX           /* 1048575 Mb/s */
/*
 * The lowest rate parameter: Q8.16's step is 1/65536 B/ns = 0.122 Mb/s, so a
 * rate of R Mb/s is held to within 0.061/R. At 40 Mb/s that is 0.15 %, which
 * the accuracy bound (0.5 % at p99.9, 2 % at worst, fixed against double)
 * leaves room for; the vendor's defaults of 1 Mb/s (rpg_min_rate) and 5 Mb/s
 * (rpg_ai_rate) are 8.2 and 41 steps of the engine's rate format.
 */
#define DCQCN_RATE_MIN_MBPS   40u
#define DCQCN_G_MIN           2u                      /* g in Q0.10: 1/512 .. 1023/1024 */
#define DCQCN_G_MAX           1023u
#define DCQCN_ALPHA0_MAX      1024u                   /* initial alpha, Q0.10 */
#define DCQCN_PERIOD_MAX_US   131071u
#define DCQCN_TD_MAX_US       131071u
#define DCQCN_TI_MAX_US       131071u
#define DCQCN_MTU_MIN         256u
#define DCQCN_MTU_MAX         4096u
#define DCQCN_BPKTS_MAX       ((1u << DCQCN_BC_BITS) - 1u)
#define DCQCN_F_MAX           31u                     /* rpg_threshold */
#define DCQCN_GD_MAX          15u

/* event types: HPCC's two plus the two DCQCN adds (HPCC ignores 2 and 3) */
#define DCQCN_EV_ACK        HPCC_EV_ACK       /* 0: PSN advance feeds the byte counter */
#define DCQCN_EV_INIT       HPCC_EV_INIT      /* 1: (re)start; ev->mode is the QP's mode */
#define DCQCN_EV_CNP        HPCC_EV_CNP       /* 2: a CNP for the QP */
#define DCQCN_EV_TICK       HPCC_EV_TICK      /* 3: the sweeper: run the timers */

/*
 * Update flags. Bits 4 and 5 mean what they mean for HPCC; bits 0-3 are
 * DCQCN's own (the Update's 6-bit flags field is read by the QP's mode).
 */
#define DCQCN_UF_DEC        0x01    /* a rate decrease (a CNP, or a pending one now due) */
#define DCQCN_UF_INC_T      0x02    /* an increase by the rate-increase timer */
#define DCQCN_UF_INC_BC     0x04    /* an increase by the byte counter */
#define DCQCN_UF_DEFER      0x08    /* a CNP within Td of the last decrease: pending */
#define DCQCN_UF_INIT       HPCC_UF_INIT
#define DCQCN_UF_IGNORED    HPCC_UF_IGNORED

/*
 * Raw parameters, in the vendor's units (the roce_rp knobs where the meaning
 * is the same), as the library would write them. The float model uses these
 * exact values; the fixed model uses what dcqcn_derive makes of them.
 */
struct dcqcn_params {
	uint32_t line_mbps;         /* NIC line rate: Rc and Rt at INIT, the cap of Rt */
	uint32_t t_ns;              /* HPCC's base RTT T: W_max = line rate x T (the Update's W) */
	uint32_t g_q10;             /* g x 1024, 2..1023 (the paper's 1/256 is 4) */
	uint32_t alpha0_q10;        /* initial_alpha_value: alpha at INIT, x 1024, 0..1024 */
	uint32_t period_us;         /* dce_tcp_rtt: the alpha period (steps P; not used by the models) */
	uint32_t td_us;             /* rate_reduce_monitor_period: Td, decreases at most once per Td */
	uint32_t ti_us;             /* rpg_time_reset: Ti, the rate-increase timer, >= 1 */
	uint32_t byte_reset;        /* rpg_byte_reset: bytes per byte-counter increase */
	uint32_t mtu;               /* path MTU, bytes: B_pkts = ceil(byte_reset / mtu) */
	uint32_t threshold;         /* rpg_threshold: F, 0..31 */
	uint32_t ai_mbps;           /* rpg_ai_rate: R_AI */
	uint32_t hai_mbps;          /* rpg_hai_rate: R_HAI */
	uint32_t min_dec_pct;       /* rpg_min_dec_fac: f >= this / 100, 0..100 */
	uint32_t min_mbps;          /* rpg_min_rate: Rmin */
	uint32_t gd;                /* f = 1 - alpha x 2^-gd: gd = 1 is the paper's 1 - alpha/2 */
	uint32_t first_mbps;        /* rate_to_set_on_first_cnp: 0 (off) or Rmin .. line rate */
	/*
	 * clamp_tgt_rate, 0 or 1: 1, every decrease sets Rt = Rc (the DCQCN
	 * paper's rule); 0 (the vendor's default), only a decrease after an
	 * increase by the timer does (clamp_tgt_rate_after_time_inc = 1),
	 * otherwise Rt is kept
	 */
	uint32_t clamp_tgt;
};

/* What the library computes once (the engine's constants). No run-time division. */
struct dcqcn_derived {
	struct dcqcn_params p;
	uint32_t line_q16, min_q16, ai_q16, hai_q16, first_q16;   /* Q8.16 bytes/ns */
	uint32_t omg_q10;           /* 1 - g, x 1024 */
	uint32_t min_dec_q16;       /* min_dec, Q1.16 */
	uint32_t alpha0;            /* initial alpha, Q1.22 */
	uint32_t b_pkts;            /* packets per byte-counter increase, 1..65535 */
	uint32_t wmax_q4;           /* W_max, Q22.4 bytes (hpcc_derive's) */
	uint32_t tab[4][16];        /* D tables: tab[j][k] = (1 - g)^(k x 16^j), Q1.17 */
};

/*
 * The per-QP state word, unpacked. Bit layout of the 180-bit word (LSB 0),
 * as dcqcn_state_pack writes it into w[0] (bits 0-63), w[1] (64-127) and
 * w[2] (128-179; bits 180-191 zero):
 *
 *   [23:0] rc   [47:24] rt   [70:48] alpha   [86:71] p_last
 *   [87] cnp_in_period   [107:88] t_dec   [108] dec_pending
 *   [128:109] t_inc   [133:129] t_stage   [138:134] bc_stage
 *   [154:139] bc_acc   [178:155] ack_psn   [179] cut
 */
struct dcqcn_ctl {                  /* the fields both models keep as integers */
	uint32_t p_last;            /* alpha period count when alpha was last brought up to date */
	uint32_t cnp_in_period;     /* a CNP arrived in period p_last */
	uint32_t t_dec;             /* us: the last decrease */
	uint32_t dec_pending;       /* a CNP came less than Td after the last decrease */
	uint32_t t_inc;             /* us: the increase timer's last expiry, or the last decrease */
	uint32_t t_stage, bc_stage; /* increases since the last decrease, by timer / byte counter */
	uint32_t bc_acc;            /* packets acknowledged since the last byte-counter increase */
	uint32_t ack_psn;           /* the last ACK's PSN */
	uint32_t cut;               /* the QP has had a decrease since INIT */
};

struct dcqcn_state {
	uint32_t rc, rt;            /* Q8.16 bytes/ns */
	uint32_t alpha;             /* Q1.22 */
	struct dcqcn_ctl c;
};

void dcqcn_state_pack(const struct dcqcn_state *s, uint64_t w[3]);
void dcqcn_state_unpack(const uint64_t w[3], struct dcqcn_state *s);

struct dcqcn_counters {
	uint64_t events, acks, cnps, ticks, inits;
	uint64_t ign_mode, ign_type;
	uint64_t decreases, deferred, inc_timer, inc_bc;
};

/* hpnic's defaults (docs/cc-dcqcn.md, "Parameters") */
void dcqcn_params_default(struct dcqcn_params *p);
/* 0, or -EINVAL with *what (if what is not NULL) naming the first bad field */
int dcqcn_params_check(const struct dcqcn_params *p, const char **what);
/*
 * Set parameters from "name=value[,name=value...]" (names as in
 * docs/cc-dcqcn.md: the knob names, g, gd, mtu, line_mbps, t_ns). Returns 0,
 * or -EINVAL with *what describing the bad item; does not range-check.
 */
int dcqcn_params_parse(struct dcqcn_params *p, const char *list, const char **what);
/* Check, then compute the constants. 0 or -EINVAL (d is then unspecified). */
int dcqcn_derive(const struct dcqcn_params *p, struct dcqcn_derived *d);
/*
 * The engine's scalar DCQCN inputs, as the NIC's registers CC.DCQCN_LINE ..
 * CC.DCQCN_PERIOD_US hold them, in that (offset) order: line, min, ai, hai,
 * first (Q8.16), g, alpha0 (Q1.22), min_dec (Q1.16), gd, Td, Ti, B_pkts, F,
 * the alpha period. The D tables are the 64 more (tab).
 */
#define DCQCN_NREGS 14
void dcqcn_regs(const struct dcqcn_derived *d, uint32_t r[DCQCN_NREGS]);
/*
 * Back from register values to parameters: exact for what dcqcn_regs made
 * of integer Mb/s and percents. The registers hold B_pkts, not byte_reset
 * and mtu: p->byte_reset = B_pkts x p->mtu, with the mtu the caller puts in
 * p->mtu (256..4096) beforehand; line_mbps and t_ns are left as they were
 * (they are HPCC's registers).
 */
void dcqcn_params_from_regs(const uint32_t r[DCQCN_NREGS], struct dcqcn_params *p);
/* whether the registers and tables are exactly what dcqcn_derive makes of p */
int dcqcn_regs_match(const struct dcqcn_params *p, const uint32_t r[DCQCN_NREGS],
		     const uint32_t tab[4][16]);

/* The four 16-entry D tables for g = g_q10 / 1024, integers only. */
void dcqcn_tables(uint32_t g_q10, uint32_t tab[4][16]);
/* D(m) = (1 - g)^m, Q1.17, from the tables, for 0 <= m < 65536 */
uint32_t dcqcn_decay(const struct dcqcn_derived *d, uint32_t m);

/* ---- fixed-point model ---- */
struct dcqcn_fx;
/* NULL with errno EINVAL for bad parameters (ENOMEM otherwise). Every QP
 * starts as the engine's reset leaves it: mode HPCC (its DCQCN events are
 * ignored until an INIT with mode DCQCN), state as after such an INIT at 0. */
struct dcqcn_fx *dcqcn_fx_new(unsigned nqp, const struct dcqcn_params *p);
void dcqcn_fx_free(struct dcqcn_fx *m);
/*
 * New parameters, every QP's state and mode kept (as the engine keeps its
 * RAMs when its parameter inputs change). 0, or -EINVAL and nothing changed.
 */
int dcqcn_fx_set_params(struct dcqcn_fx *m, const struct dcqcn_params *p);
const struct dcqcn_derived *dcqcn_fx_derived(const struct dcqcn_fx *m);
void dcqcn_fx_event(struct dcqcn_fx *m, const struct hpcc_event *ev, struct hpcc_update *out);
const struct dcqcn_counters *dcqcn_fx_counters(const struct dcqcn_fx *m);
/* a QP's state word (tests, tools) */
void dcqcn_fx_word(const struct dcqcn_fx *m, uint32_t qpn, uint64_t w[3]);

/* ---- double-precision model ---- */
struct dcqcn_fl;
struct dcqcn_fl *dcqcn_fl_new(unsigned nqp, const struct dcqcn_params *p);
void dcqcn_fl_free(struct dcqcn_fl *m);
void dcqcn_fl_event(struct dcqcn_fl *m, const struct hpcc_event *ev, struct hpcc_update *out);
const struct dcqcn_counters *dcqcn_fl_counters(const struct dcqcn_fl *m);

/*
 * What both models begin with, and its allocation: size bytes zeroed, the
 * constants derived (NULL with errno EINVAL for bad parameters, ENOMEM),
 * nqp QPs (at least one).
 */
struct dcqcn_base {
	unsigned nqp;
	struct dcqcn_derived d;
	struct dcqcn_counters c;
};
void *dcqcn_base_new(size_t size, unsigned nqp, const struct dcqcn_params *p);

/*
 * The shared control flow (steps 1-6 of docs/cc-dcqcn.md). A model supplies
 * the arithmetic on its own alpha, Rc and Rt through these hooks; q is the
 * model's per-QP record, which holds c.
 */
enum dcqcn_inc_kind { DCQCN_INC_FR, DCQCN_INC_AI, DCQCN_INC_HAI };

struct dcqcn_ops {
	void (*init)(void *m, void *q);                         /* Rc = Rt = line, alpha0 */
	void (*alpha)(void *m, void *q, uint32_t n, uint32_t cnp); /* n >= 1 periods ended */
	/* first: to rate_to_set_on_first_cnp; else Rt = Rc if clamp, Rc x f */
	void (*decrease)(void *m, void *q, int first, int clamp);
	void (*increase)(void *m, void *q, enum dcqcn_inc_kind k, uint32_t hai_mult);
};

/*
 * One event through the control flow: c is the QP's integer state, *mode its
 * CC mode (the engine's RAM_S, not in the word). Returns the Update flags
 * and sets *reason; counts into cnt.
 */
uint32_t dcqcn_ctl_event(const struct dcqcn_derived *d, const struct dcqcn_ops *ops, void *m,
			 void *q, struct dcqcn_ctl *c, uint32_t *mode, const struct hpcc_event *ev,
			 uint32_t *reason, struct dcqcn_counters *cnt);

#endif
