/* SPDX-License-Identifier: MIT */
/*
 * C API to the Verilated CC engine (rtl/cc/hpcc_cc_engine.v), cycle-accurate.
 * Used by tb/cc and by hpnic-cctrace --model rtl.
 */
#ifndef CC_RTL_H
#define CC_RTL_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* C declarations: the DCQCN parameter helpers are called from the C++ side */
#include "dcqcn_model.h"
#include "hpcc_model.h"

struct cc_rtl_opts {
	uint64_t seed;            /* for the idle/stall draws */
	double in_idle_prob;      /* chance the source holds tvalid low a cycle */
	double out_stall_prob;    /* chance tready is low a cycle */
	const char *fst_path;     /* write FST waves here, or NULL */
};

struct cc_rtl_stats {
	uint64_t cycles;          /* cycles simulated by this run */
	uint64_t accepted;        /* events accepted */
	uint64_t first_accept;    /* cycle of the first and last handshake */
	uint64_t last_accept;
	uint64_t not_ready;       /* cycles the source was valid but tready low */
	uint64_t lat_min, lat_max;/* accept handshake to Update valid, cycles */
	double lat_mean;
};

/*
 * engine counters, named as in hpcc_counters; of dcqcn_counters the engine
 * has cnps, ticks, decreases, deferred, inc_timer and inc_bc (the rest 0)
 */
struct cc_rtl_counters {
	struct hpcc_counters c;
	struct dcqcn_counters d;
	uint32_t param_status;
};

struct cc_rtl;

/* Builds the engine, sets parameters, resets it and waits for the INIT sweep. */
struct cc_rtl *cc_rtl_new(const struct hpcc_params *p, const struct cc_rtl_opts *o);
void cc_rtl_free(struct cc_rtl *r);
unsigned cc_rtl_qpn_bits(void);

/* Change parameters and wait until the derived set is committed. */
int cc_rtl_set_params(struct cc_rtl *r, const struct hpcc_params *p);

/*
 * DCQCN's parameters (mode 1), as dcqcn_derive() makes them. cc_rtl_new sets
 * the defaults (dcqcn_params_default, with the HPCC line rate and T where
 * they are in DCQCN's range) and events that carry their own now and P.
 */
void cc_rtl_set_dcqcn(struct cc_rtl *r, const struct dcqcn_derived *d);
/*
 * Where events' now and P come from: ext 1, the events' now_us and period
 * fields; ext 0, the engine's own clock at clk_mhz cycles per microsecond
 * and d->p.period_us microseconds per alpha period. With now and per not
 * NULL, the next cc_rtl_run writes there the values each event was stamped
 * with (the clock's, at the event's input handshake).
 */
void cc_rtl_set_time(struct cc_rtl *r, int ext, unsigned clk_mhz, uint32_t *now, uint32_t *per);

/*
 * Stream n events through the engine and collect their n Updates, in order.
 * Returns 0, or -1 if the engine stopped making progress (no handshake for
 * 100000 cycles), which is reported on stderr.
 */
int cc_rtl_run(struct cc_rtl *r, const struct hpcc_event *ev, size_t n,
	       struct hpcc_update *out, struct cc_rtl_stats *st);

/*
 * The DCQCN sweeper's pass period in microseconds (0, cc_rtl_new's default:
 * off; see docs/cc-dcqcn.md), and the input idle and output stall
 * probabilities of the runs that follow.
 */
void cc_rtl_set_sweep(struct cc_rtl *r, unsigned pass_us);
void cc_rtl_set_stalls(struct cc_rtl *r, double in_idle_prob, double out_stall_prob);
uint32_t cc_rtl_sweep_passes(struct cc_rtl *r);

/* what entered the engine, in order: event idx of the run, or a sweeper TICK */
struct cc_rtl_entry {
	int sweep;                /* 1: a sweeper TICK for qpn */
	uint32_t idx;             /* the run's event (sweep 0) */
	uint32_t qpn;
	uint32_t now_us, period;  /* the event's stamp */
	uint64_t cycle;
};

/*
 * Like cc_rtl_run with the sweeper on: streams n events, then idle_cycles
 * cycles with no events, then turns the sweeper off while the pipeline
 * drains (and back on after), and returns what entered in log (*nlog
 * entries) and every Update that came out in out (*nout). Fails (-1) if
 * either array would overflow or the engine stops making progress.
 */
int cc_rtl_run_sweep(struct cc_rtl *r, const struct hpcc_event *ev, size_t n,
		     uint64_t idle_cycles, struct hpcc_update *out, size_t out_cap,
		     size_t *nout, struct cc_rtl_entry *log, size_t log_cap, size_t *nlog);

void cc_rtl_counters(struct cc_rtl *r, struct cc_rtl_counters *c);
uint64_t cc_rtl_cycle(const struct cc_rtl *r);

#ifdef __cplusplus
}
#endif

#endif
