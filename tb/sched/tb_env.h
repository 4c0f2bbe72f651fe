/* SPDX-License-Identifier: MIT */
/*
 * Cycle-level environment around the Verilated flow scheduler: input
 * sources with random idle cycles, a TX model that consumes PktSend at a
 * line rate counting wire time, an ACK model that closes the window loop
 * after an RTT, random stalls on PktSend ready, and the per-cycle checks
 * (window, MTU, bytes, removed QPs). Used by tb_sched.c.
 */
#ifndef TB_ENV_H
#define TB_ENV_H

#include <stddef.h>
#include <stdint.h>

#include "sched_rtl.h"

/*
 * Wire bytes of one RoCEv2 packet beyond its payload, without RETH or INT:
 * Ethernet 14 + IPv4 20 + UDP 8 + BTH 12 + ICRC 4 + FCS 4, plus preamble/SFD
 * 8 and the inter-frame gap 12. The TX model charges each packet len + this,
 * and the scheduler is configured to charge the same (param_pkt_overhead).
 */
#define WIRE_OVERHEAD 82u

/* CHECK, tb_failures and the seeded PRNG (rnd, rndr, rndf): tb_util.h */
#include "tb_util.h"

/* Gb/s <-> Q8.16 bytes/ns */
uint32_t gbps_q16(double gbps);
double q16_gbps(uint32_t q);

struct ev {
	uint32_t qpn, a, b, c;
	uint64_t t;                /* ACKs in flight: due time (ps) */
	uint32_t inc;              /* QP incarnation the event belongs to */
};

struct evq {
	struct ev *v;
	size_t head, n, cap;
};

struct hist {
	uint64_t cyc;              /* accepted at */
	uint32_t v;
};
#define HIST_N 8

struct qp_state {
	int created;               /* ever created */
	int valid;                 /* created and not removed (TB view) */
	uint32_t inc;              /* incarnation */
	uint64_t removed_cyc;
	uint32_t queued;           /* events of this QP in source queues */
	uint64_t posted, sent, acked;
	uint32_t w, rate_q16, mtu;
	struct hist whist[HIST_N], mhist[HIST_N];
	unsigned nwh, nmh;
	/* statistics */
	uint64_t pkts, charged, max_inflight, floor_sends;
	double first_ps, last_ps;
};

/* one PktSend as the TX model started it */
struct dep {
	uint32_t qpn;
	uint32_t charge;           /* wire bytes */
	uint64_t t_ps;             /* wire start, ps */
};

struct env {
	struct sched_rtl *r;
	struct sched_params p;
	unsigned nqp, engines, clk_ns;
	uint64_t cyc;

	/* knobs */
	double idle_prob;          /* chance an input source holds tvalid low */
	double stall_prob;         /* fraction of cycles PktSend tready is forced low */
	double stall_burst;        /* mean length of a stall, cycles (1: independent) */
	int stalled;
	double tx_gbps;            /* TX line rate; 0: no TX model (ready unless stalled) */
	uint64_t rtt_ps;           /* ACK delay from wire start; 0: no ACKs */
	int log_deps;              /* record every departure */
	double win_check_scale;    /* 1.0; tests of the checker itself lower it */
	int quiet;                 /* do not print violations */

	/* TX model */
	uint64_t tx_free_ps;       /* wire busy until */
	uint64_t tx_busy_ps;       /* total wire time */

	struct evq upd, work, ack, flow, mtu;
	struct evq acks_pending;

	struct qp_state *q;

	/* PktSend handshake cycles, for the decision-to-departure bound */
	uint64_t *hs;
	uint64_t nhs;
	unsigned hs_k;             /* handshakes a decision can wait behind */

	struct dep *dep;
	size_t ndep, capdep;

	/* check counters */
	uint64_t win_checks, win_viol, mtu_viol, bytes_viol, removed_viol, floor_sends;
	uint64_t max_lag_cycles;   /* largest decision-to-departure bound seen */
};

/* slack, in cycles, for an event to reach the tables (input FIFO, a create
 * holding the streams, the pipeline up to the read) */
#define EVENT_SLACK_CYCLES 256u

struct env *env_new(const struct sched_params *p, const char *fst);
void env_free(struct env *e);

/* queue an event on a source (applied when the DUT accepts it) */
void env_update(struct env *e, uint32_t qpn, uint32_t w_bytes, uint32_t rate_q16);
void env_work(struct env *e, uint32_t qpn, uint32_t bytes);
void env_create(struct env *e, uint32_t qpn);
void env_remove(struct env *e, uint32_t qpn);
void env_mtu(struct env *e, uint32_t qpn, uint32_t len);
void env_ack_raw(struct env *e, uint32_t qpn, uint32_t una);

/* one clock cycle */
void env_step(struct env *e);
void env_run(struct env *e, uint64_t cycles);
/* run until every source queue is empty (and the flow op applied) */
int env_drain_inputs(struct env *e, uint64_t max_cycles);

uint64_t env_now_ps(const struct env *e);
size_t env_queued(const struct env *e);
/* the decision-to-departure bound at this cycle, in cycles */
uint64_t env_lag_cycles(const struct env *e);

#endif
