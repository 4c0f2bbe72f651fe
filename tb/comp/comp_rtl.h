/* SPDX-License-Identifier: MIT */
/*
 * C API to the Verilated rtl/tx/hpnic_comp (QPN_WIDTH 3, POOL_LOG2 6,
 * FIFO_LOG2 4, TIME_SHIFT 4, RETRY_MAX 3, CLK_MHZ 25: mk/comp.mk). The test plays the
 * requester: it writes the snd_nxt mirror and the started-WQE records, whose
 * pool (a RAM with one cycle of read latency, as hpnic_wqe_pool) lives here.
 * QP inits and acknowledgement events are queued and presented with random
 * idle cycles; every output stream's ready is held low at random and what it
 * gives is collected every cycle.
 */
#ifndef COMP_RTL_H
#define COMP_RTL_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define COMP_RTL_QPS 8
#define COMP_RTL_POOL 64
#define COMP_RTL_TIME_SHIFT 4
#define COMP_RTL_RETRY_MAX 3
#define COMP_RTL_CLK_MHZ 25

/* completion status (hpnic_comp's CPL_*, the CQE's STATUS) */
#define COMP_CPL_OK 0
#define COMP_CPL_REMOTE_ERR 1
#define COMP_CPL_RETRY_EXC 2
#define COMP_CPL_RNR_EXC 7

struct comp_rtl;

/* the output streams, for comp_rtl_stall() */
enum comp_stream {
	COMP_S_CPL,
	COMP_S_REWIND,
	COMP_S_UNA,
	COMP_S_INFLIGHT,
	COMP_S_NOTIFY,
	COMP_NSTREAMS
};

struct comp_init {
	unsigned tag;           /* the test's own, given back when taken */
	unsigned qpn, psn, rec_old, spare, epoch, clear;
};

struct comp_ack {
	unsigned tag;
	unsigned qpn, kind, psn;        /* kind: HPNIC_ACK_KIND_* */
	unsigned rnr_timer;             /* NAK_RNR: the AETH's timer code */
	unsigned int_valid, nhop, path;
	uint64_t hops[5];               /* hop record 0 first, as on the wire */
};

/* what the snd_nxt mirror holds for a QP */
struct comp_mirror {
	unsigned snd_nxt, snd_max, tail, bpos, epoch, head, rewinds;
};

/* one cycle of the requester's writes: the mirror, and a record with it */
struct comp_req_wr {
	unsigned qpn;
	struct comp_mirror m;
	int sent;       /* a request packet left: the completer's timer restarts */
	int rec;
	unsigned rec_ptr, rec_next, rec_last, rec_read, rec_signaled, rec_bpos;
};

/* an init or acknowledgement the completer took, with the mirror of its QP
 * as the completer reads it for that event */
struct comp_taken {
	int init;
	unsigned tag, qpn;
	struct comp_mirror m;
	uint64_t cycle;
};

struct comp_cpl {
	unsigned qpn, idx, status, signaled;
	uint64_t cycle;
};

struct comp_rewind {
	unsigned qpn, idx, psn, bpos, fatal;
	uint32_t off;
	uint64_t cycle;
};

struct comp_una {
	unsigned qpn, idx, psn, bpos, read_done, loop, epoch;
};

struct comp_inflight {
	unsigned qpn, acked, sent;
};

struct comp_notify {
	unsigned qpn, ack_psn, snd_nxt, nhop, path;
	uint64_t hops[5];       /* hop i's record */
};

struct comp_stats {
	uint32_t timeouts, rewinds, fatal, notify_dropped, rnr_naks, rnr_retry_exc;
};

/* idle: probability of an idle cycle before an input and before a requester
 * write; stall: of holding an output's ready low (every stream) */
struct comp_rtl *comp_rtl_new(uint64_t seed, double idle, double stall);
void comp_rtl_free(struct comp_rtl *r);
void comp_rtl_reset(struct comp_rtl *r);
void comp_rtl_stall(struct comp_rtl *r, enum comp_stream s, double stall);
void comp_rtl_set_idle(struct comp_rtl *r, double idle);
void comp_rtl_set_rto(struct comp_rtl *r, unsigned rto);
void comp_rtl_set_overhead(struct comp_rtl *r, unsigned bytes);
/* the CSR's context write of a QP's MTU and RNR retries: a one-cycle pulse */
void comp_rtl_cfg_qp(struct comp_rtl *r, unsigned qpn, unsigned mtu_log2, unsigned rnr_retry);
/* queued; presented in order, taken when the completer is ready */
void comp_rtl_push_init(struct comp_rtl *r, const struct comp_init *e);
void comp_rtl_push_ack(struct comp_rtl *r, const struct comp_ack *a);
unsigned comp_rtl_inputs_pending(struct comp_rtl *r);
/* after random idle cycles, one cycle with this write; returns once the
 * mirror and the pool hold it */
void comp_rtl_req_write(struct comp_rtl *r, const struct comp_req_wr *w);
void comp_rtl_run(struct comp_rtl *r, unsigned cycles);
/* the oldest item a stream gave; 0 when none */
int comp_rtl_pop_taken(struct comp_rtl *r, struct comp_taken *t);
int comp_rtl_pop_cpl(struct comp_rtl *r, struct comp_cpl *c);
int comp_rtl_pop_rewind(struct comp_rtl *r, struct comp_rewind *w);
int comp_rtl_pop_una(struct comp_rtl *r, struct comp_una *u);
int comp_rtl_pop_inflight(struct comp_rtl *r, struct comp_inflight *f);
int comp_rtl_pop_notify(struct comp_rtl *r, struct comp_notify *n);
int comp_rtl_pop_free(struct comp_rtl *r, unsigned *ptr);
void comp_rtl_stats(struct comp_rtl *r, struct comp_stats *s);
uint64_t comp_rtl_cycles(struct comp_rtl *r);

#ifdef __cplusplus
}
#endif

#endif
