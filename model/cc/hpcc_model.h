/* SPDX-License-Identifier: MIT */
/*
 * HPCC congestion control: the two C models of the CC engine.
 *
 *  - hpcc_fx_*: fixed point, bit-exact with rtl/cc (same formats, same
 *    rounding, same reciprocal ROM). It is the reference the RTL is checked
 *    against on every Update.
 *  - hpcc_fl_*: double precision, Algorithm 1 of the HPCC paper in window form
 *    with the conventions of docs/cc.md. It is the reference the fixed-point
 *    arithmetic is checked against.
 *
 * Both consume the same events and produce the same Update records, so a
 * trace can be replayed through either. Formats are documented in docs/cc.md.
 */
#ifndef HPCC_MODEL_H
#define HPCC_MODEL_H

#include <stdint.h>

#define HPCC_MAX_HOPS     5
#define HPCC_TS_BITS      24        /* INT timestamp, ns */
#define HPCC_TXB_BITS     20        /* INT txBytes, units of 128 B */
#define HPCC_QLEN_BITS    16        /* INT qLen, units of 80 B */
#define HPCC_PSN_BITS     24

/* fixed-point formats shared with the RTL */
#define HPCC_W_FRAC       4         /* W, Wc, W_AI: bytes in Q22.4 */
#define HPCC_W_BITS       26
#define HPCC_V_FRAC       16        /* V = U/eta: Q10.16 */
#define HPCC_V_BITS       26
#define HPCC_A_ONE        65536     /* tau/T weight: Q1.16 */
#define HPCC_RATE_FRAC    16        /* rate: bytes/ns in Q8.16 */
#define HPCC_RATE_BITS    24
#define HPCC_ETA_ONE      65536     /* eta: Q0.16 */

/* parameter limits (the engine clamps and flags out-of-range values) */
#define HPCC_T_MIN        64u
#define HPCC_T_MAX        ((1u << 20) - 1u)
#define HPCC_ETA_MIN      32768u    /* eta >= 0.5 */
#define HPCC_RATE_MAX     ((1u << 20) - 1u)   /* Mb/s */
#define HPCC_WAI_MAX      ((1u << 20) - 1u)   /* Q16.4 bytes */

/*
 * Variable AI and Sampling Frequency ("Variable Additive Increase and
 * Sampling Frequency for HPCC"; docs/cc-vai-sf.md). NIC-wide parameters,
 * integers in both models: every VAI/SF decision is made on integers by one
 * shared function (hpcc_vaisf_step), so the two models differ only in W.
 */
#define HPCC_VAI_THRESH_MAX  ((1u << 23) - 1u)  /* Token Thresh, bytes */
#define HPCC_VAI_DIV_MAX     ((1u << 23) - 1u)  /* AI DIV, bytes per token */
#define HPCC_VAI_BANK_MAX    4095u              /* Bank Cap, tokens (12-bit bank) */
#define HPCC_VAI_AICAP_MAX   1023u              /* AI Cap, tokens per update */
#define HPCC_VAI_DSHIFT_MAX  15u                /* Dampener Constant = 2^shift */
#define HPCC_VAI_DAMP_MAX    65535u             /* the dampener saturates (16 bits) */
#define HPCC_SF_N_MAX        255u               /* ACKs per sample (8-bit count) */

/* per-QP options, carried by INIT (struct hpcc_event.cc_opts) */
#define HPCC_OPT_OVERRIDE 0x1       /* use the INIT's T, W_AI and maxStage */
#define HPCC_OPT_VAI      0x2       /* Variable AI */
#define HPCC_OPT_SF       0x4       /* Sampling Frequency */

/* event types (the CC engine's Notify stream) */
enum hpcc_event_type {
	HPCC_EV_ACK = 0,           /* ACK with INT: run Algorithm 1 */
	HPCC_EV_INIT = 1,          /* (re)start a QP: W = Winit, U = 1 */
	HPCC_EV_CNP = 2,           /* DCQCN only (dcqcn_model.h); HPCC ignores it */
	HPCC_EV_TICK = 3,          /* DCQCN only: the sweeper's visit; HPCC ignores it */
};

/* per-QP CC modes; HPCC and DCQCN are implemented, the rest are reserved */
enum hpcc_mode {
	HPCC_MODE_HPCC = 0,
	HPCC_MODE_DCQCN = 1,       /* the reaction point: dcqcn_model.h, rtl/cc/dcqcn_rp.v */
	HPCC_MODE_HPCCPP_RX = 2,   /* reserved: HPCC++ receiver mode */
	HPCC_MODE_ROCC = 3,        /* reserved: RoCC reaction point */
};

/* Update flags */
#define HPCC_UF_ACTIVE    0x01      /* window recomputed (Algorithm 1 ran) */
#define HPCC_UF_WC        0x02      /* per-RTT update: Wc committed */
#define HPCC_UF_MD        0x04      /* multiplicative branch (Eqn 4) */
#define HPCC_UF_RECORD    0x08      /* first ACK or path change: snapshot only */
#define HPCC_UF_INIT      0x10      /* QP (re)initialised */
#define HPCC_UF_IGNORED   0x20      /* event ignored, see reason */
#define HPCC_UF_SF        0x40      /* Wc committed by Sampling Frequency (with HPCC_UF_WC) */
#define HPCC_UF_VAI_GEN   0x80      /* VAI: this RTT end put AI tokens in the bank */

/* why an event was ignored (no state changed) */
enum hpcc_ignore_reason {
	HPCC_IGN_NONE = 0,
	HPCC_IGN_NO_INT = 1,       /* nHop == 0 */
	HPCC_IGN_NHOP = 2,         /* nHop > 5 */
	HPCC_IGN_BAD_B = 3,        /* a hop carries an unknown speed enum */
	HPCC_IGN_MODE = 4,         /* QP is in a mode without an engine yet */
	HPCC_IGN_TYPE = 5,         /* unknown event type */
};

struct hpcc_hop {
	uint32_t b;                /* speed enum: 1=10G .. 8=800G */
	uint32_t ts;               /* 24-bit ns */
	uint32_t tx;               /* 20-bit, 128 B units */
	uint32_t q;                /* 16-bit, 80 B units */
};

struct hpcc_event {
	uint32_t type;             /* enum hpcc_event_type */
	uint32_t qpn;
	uint32_t ack_psn;          /* last PSN acknowledged (AETH) */
	uint32_t snd_nxt;          /* sender's next PSN when the ACK arrived */
	uint32_t nhop;             /* INT nHop, 4 bits on the wire */
	uint32_t path_id;          /* INT pathID, 12 bits */
	uint32_t mode;             /* INIT only: enum hpcc_mode */
	struct hpcc_hop hop[HPCC_MAX_HOPS];
	uint32_t now_us;           /* DCQCN: the engine's 20-bit microsecond clock */
	uint32_t period;           /* DCQCN: the 16-bit alpha-period count P */
	/* INIT only, HPCC mode: per-QP options (HPCC_OPT_*) and, with
	 * HPCC_OPT_OVERRIDE, the QP's own T, W_AI and maxStage (raw formats as
	 * struct hpcc_params); zero = NIC-wide values, no options (as before) */
	uint32_t cc_opts;
	uint32_t t_ns;
	uint32_t wai_q4;
	uint32_t max_stage;
};

struct hpcc_update {
	uint32_t qpn;
	uint32_t w_q4;             /* window, Q22.4 bytes (fixed model and RTL) */
	uint32_t rate_q16;         /* pacing rate W/T, Q8.16 bytes/ns */
	uint32_t v_q16;            /* U/eta after this event, Q10.16 */
	uint32_t flags;            /* HPCC_UF_* */
	uint32_t reason;           /* enum hpcc_ignore_reason */
	double w;                  /* window in bytes */
	double u;                  /* normalised inflight U */
	double rate_gbps;          /* pacing rate */
	/* VAI (0 unless the QP has HPCC_OPT_VAI): the AI multiplier this
	 * update used (W_AI x tokens), and the AI Bank and dampener after it */
	uint32_t ai_tokens;
	uint32_t vai_bank;
	uint32_t vai_damp;
};

struct hpcc_counters {
	uint64_t events;
	uint64_t acks;
	uint64_t inits;
	uint64_t ign_no_int;
	uint64_t ign_nhop;
	uint64_t ign_bad_b;
	uint64_t ign_mode;
	uint64_t ign_type;
	uint64_t record_only;
	uint64_t dts_zero;         /* hops whose timestamp did not advance */
	uint64_t wc_updates;       /* Wc commits of both kinds */
	uint64_t sf_updates;       /* of which by Sampling Frequency */
	uint64_t vai_gen;          /* RTT ends that put AI tokens in the bank */
};

/* VAI and SF parameters (same integers in raw and user units) */
struct hpcc_vaisf_params {
	uint32_t thresh_bytes;     /* Token Thresh: MC must exceed it (paper: min BDP, ~50 KB) */
	uint32_t ai_div_bytes;     /* AI DIV: bytes of MC per token (paper: 1 KB) */
	uint32_t bank_cap;         /* Bank Cap (paper: 1000) */
	uint32_t ai_cap;           /* AI Cap: most tokens per update (paper: 100) */
	uint32_t damp_shift;       /* Dampener Constant = 2^damp_shift (paper: 8) */
	uint32_t sf_acks;          /* Sampling Frequency: ACKs per decrease (paper: 30) */
};

/* Raw parameters, exactly as the CSR block drives them into the engine. */
struct hpcc_params {
	uint32_t t_ns;             /* base RTT T, ns */
	uint32_t eta_q16;          /* eta, Q0.16 */
	uint32_t max_stage;        /* 0..15 */
	uint32_t wai_q4;           /* W_AI, Q16.4 bytes */
	uint32_t line_mbps;        /* NIC line rate */
	uint32_t min_mbps;         /* minimum rate */
	struct hpcc_vaisf_params vs;
};

/* The same parameters in user units (CLI flags, library API). */
struct hpcc_user_params {
	double t_ns;
	double eta;
	unsigned max_stage;
	double wai_bytes;
	double line_gbps;
	double min_mbps;
	struct hpcc_vaisf_params vs;
};

/* The paper's simulation set plus hpnic's defaults (docs/cc.md). */
void hpcc_user_params_default(struct hpcc_user_params *u);
/* Convert to raw; returns 0, or -EINVAL naming nothing (see hpcc_params_check). */
int hpcc_params_from_user(const struct hpcc_user_params *u, struct hpcc_params *p);
/* Validate user parameters; on error returns -EINVAL and sets *what. */
int hpcc_user_params_check(const struct hpcc_user_params *u, const char **what);

/* Constants the engine derives from hpcc_params (rtl/cc/hpcc_cc_param.v). */
struct hpcc_derived {
	struct hpcc_params p;      /* sanitised (clamped) parameters */
	uint32_t status;           /* HPCC_PS_* bits for each clamp applied */
	uint32_t rt_m, rt_sh;      /* 1/T ~= rt_m / 2^rt_sh */
	uint32_t kq_m[9], kq_sh[9];/* queue term per speed enum 1..8 */
	uint32_t ke_m[9], ke_sh[9];/* 1/(G*eta) per speed enum 1..8 */
	uint32_t v_init;           /* 1/eta, Q10.16 */
	uint32_t wmax, wmin;       /* Q22.4 */
};

#define HPCC_PS_T_CLAMPED     0x01
#define HPCC_PS_ETA_CLAMPED   0x02
#define HPCC_PS_LINE_CLAMPED  0x04
#define HPCC_PS_MIN_CLAMPED   0x08
#define HPCC_PS_WMAX_SAT      0x10

/* speed enum -> Gb/s, 0 for an invalid enum */
unsigned hpcc_speed_gbps(uint32_t b);

void hpcc_derive(const struct hpcc_params *p, struct hpcc_derived *d);

/* ---- fixed-point model ---- */
struct hpcc_fx;
struct hpcc_fx *hpcc_fx_new(unsigned nqp, const struct hpcc_params *p);
void hpcc_fx_free(struct hpcc_fx *m);
void hpcc_fx_set_params(struct hpcc_fx *m, const struct hpcc_params *p);
const struct hpcc_derived *hpcc_fx_derived(const struct hpcc_fx *m);
void hpcc_fx_event(struct hpcc_fx *m, const struct hpcc_event *ev,
		   struct hpcc_update *out);
const struct hpcc_counters *hpcc_fx_counters(const struct hpcc_fx *m);

/* ---- double-precision model ---- */
struct hpcc_fl;
struct hpcc_fl *hpcc_fl_new(unsigned nqp, const struct hpcc_user_params *u);
void hpcc_fl_free(struct hpcc_fl *m);
void hpcc_fl_event(struct hpcc_fl *m, const struct hpcc_event *ev,
		   struct hpcc_update *out);
const struct hpcc_counters *hpcc_fl_counters(const struct hpcc_fl *m);

/* 24-bit serial-number comparison a >= b (RFC 1982 style) */
static inline int hpcc_psn_ge(uint32_t a, uint32_t b)
{
	return ((a - b) & ((1u << HPCC_PSN_BITS) - 1u)) < (1u << (HPCC_PSN_BITS - 1));
}

/*
 * VAI and SF state of one QP: integers, the same in both models. mc_q is
 * Measured Congestion, the largest INT qLen (80 B units) seen this RTT.
 */
struct hpcc_vaisf_state {
	uint32_t mc_q;             /* 16 bits */
	uint32_t cong;             /* some ACK this RTT had U >= eta (C >= 1) */
	uint32_t bank;             /* AI Bank, 0 .. Bank Cap */
	uint32_t damp;             /* dampener, 0 .. 65535 */
	uint32_t sf_cnt;           /* active ACKs since the last Wc commit, saturating at 255 */
};

/* what one active ACK does, decided by hpcc_vaisf_step() */
struct hpcc_vaisf_step {
	int commit;                /* Wc is committed (the per-RTT rule or SF) */
	int sf_commit;             /* ... by SF alone */
	int gen;                   /* VAI: this RTT end made tokens */
	uint32_t tokens;           /* VAI: AI multiplier of this update (>= 1; 1 without VAI) */
};

/* the sanitised (clamped) VAI/SF parameters; the engine's rule */
void hpcc_vaisf_sanitise(struct hpcc_vaisf_params *v);
/* NULL when the engine takes v as it is, else what it would clamp, in the
 * words of libhpnic's -EINVAL (hpnic_set_vaisf) and hpnicctl's cc vai set */
const char *hpcc_vaisf_check(const struct hpcc_vaisf_params *v);
void hpcc_vaisf_params_default(struct hpcc_vaisf_params *v);
/*
 * One active ACK of an HPCC QP with options opts (HPCC_OPT_*): upd_wc is
 * the per-RTT rule (ack_psn >= lastUpdateSeq), congested is U >= eta as
 * the calling model computes it, qmax the largest qLen of the ACK's hops.
 * Both models call it, so every VAI/SF decision is the same integer logic.
 */
void hpcc_vaisf_step(const struct hpcc_vaisf_params *p, uint32_t opts,
		     struct hpcc_vaisf_state *s, int upd_wc, int congested, uint32_t qmax,
		     struct hpcc_vaisf_step *out);
/* the largest INT qLen over the ACK's hops (16-bit units of 80 B) */
uint32_t hpcc_ack_qmax(const struct hpcc_event *ev);

/* common event screening shared by both models; returns enum hpcc_ignore_reason */
uint32_t hpcc_screen_ack(const struct hpcc_event *ev);
/* the INT fields of an ACK, masked to their wire widths (the snapshot L) */
void hpcc_snapshot(const struct hpcc_event *ev, uint32_t ts[HPCC_MAX_HOPS],
		   uint32_t tx[HPCC_MAX_HOPS], uint32_t q[HPCC_MAX_HOPS]);
/* count one processed event; both models and the RTL count alike */
void hpcc_count_event(struct hpcc_counters *c, const struct hpcc_event *ev, uint32_t reason,
		      int record, int upd_wc);

#endif
