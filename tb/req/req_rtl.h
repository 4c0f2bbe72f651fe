/* SPDX-License-Identifier: MIT */
/*
 * C API to the Verilated rtl/tx/hpnic_send_loop: rtl/tx/hpnic_req with
 * hpnic_resp_tx in its send loop (QPN_WIDTH 4, RING_LOG2 4, POOL_LOG2 6,
 * SLOTS_LOG2 3, LEN_WIDTH 14, FIFO_LOG2 4). Every input stream is a queue
 * presented with random idle cycles before each item; every output
 * stream's ready is held low at random, and what it gives is collected
 * every cycle, as are the pulses without a ready (record, snd_nxt and READ
 * descriptor writes). The started-WQE record pool is a free list here: the
 * test gives entries back, the requester pops them.
 */
#ifndef REQ_RTL_H
#define REQ_RTL_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define REQ_RTL_QPS 16
#define REQ_RTL_RING 16         /* started-but-unacknowledged WQEs per QP */
#define REQ_RTL_POOL 64
#define REQ_RTL_SLOTS 8
#define REQ_RTL_LEN_MAX 16383   /* PktSend length */
#define REQ_RTL_FIFO 16         /* each output FIFO's depth */
#define REQ_RTL_LAT 8           /* events in the pipeline the FIFO room covers */
/* the READs a QP may have outstanding (RD_MAX_LOG2 2), and the entries of
 * the responder's READ queue (RDQ_POOL_LOG2 6) */
#define REQ_RTL_RD_MAX 4
#define REQ_RTL_RDQ_POOL 64
/* cycles from an event's grant to its READ descriptor leaving the FIFO
 * (written at stage 4) and to its snd_nxt write (stage 7) */
#define REQ_RTL_RDESC_LAT 6
#define REQ_RTL_SNDNXT_LAT 7

/* the input streams */
enum req_in {
	REQ_IN_INIT,
	REQ_IN_REWIND,
	REQ_IN_WQE,
	REQ_IN_RDWORK,
	REQ_IN_UNA,
	REQ_IN_POST,
	REQ_IN_PKTSEND,
	REQ_NIN
};

struct req_init {
	unsigned qpn, psn;
};

struct req_rewind {
	unsigned qpn, idx, psn, bpos, fatal;
	uint32_t off;
};

struct req_wqe {
	unsigned qpn, idx, tag, read, signaled;
	uint32_t len, rkey;
	uint64_t laddr, raddr;
	unsigned send, imm_valid;       /* a SEND; with immediate (SEND or WRITE) */
	uint32_t imm;
};

struct req_rdwork {
	unsigned qpn, psn, msn, dup;
	uint64_t addr;
	uint32_t len;
};

struct req_una {
	unsigned qpn, idx, psn, bpos, read_done, loop, epoch;
};

struct req_post {
	unsigned qpn, pi;
};

struct req_pktsend {
	unsigned qpn, len;
};

/* an input the module took, as it was presented, and the cycle */
struct req_taken {
	enum req_in stream;
	uint64_t cycle;
	union {
		struct req_init init;
		struct req_rewind rewind;
		struct req_wqe wqe;
		struct req_rdwork rdwork;
		struct req_una una;
		struct req_post post;
		struct req_pktsend pktsend;
	} u;
};

/* the output streams, for req_rtl_rates() */
enum req_out {
	REQ_OUT_DESC,
	REQ_OUT_FETCH,
	REQ_OUT_FREE,
	REQ_OUT_WORK,
	REQ_OUT_CINIT,
	REQ_NOUT
};

struct req_desc {
	unsigned qpn, opcode, psn, len;
	uint64_t addr, va;
	uint32_t rkey, rlen, aeth, imm;
	uint64_t cycle;
};

struct req_fetch {
	unsigned qpn, idx, count, tag;
};

struct req_free {
	unsigned qpn, bpos;
};

struct req_work {
	unsigned qpn;
	uint32_t bytes;
};

struct req_cinit {
	unsigned qpn, psn, rec_old, spare, epoch, clear;
};

/* a record write (its QP is the snd_nxt write's of the same cycle) */
struct req_ring {
	unsigned qpn, ptr, next, last_psn, read, signaled, bpos, send;
	uint64_t cycle;
};

struct req_sndnxt {
	unsigned qpn, psn, max, tail, bpos, epoch, head, rewinds, send;
	uint64_t cycle;
};

/* a READ sent, as hpnic_rd_track takes it: its first and last response
 * PSNs, its last response's length; or a flush (every READ of the QP
 * withdrawn) */
struct req_rdesc {
	unsigned qpn, first_psn, last_psn, flush, last_len;
	uint64_t laddr;
	uint64_t cycle;
};

/* a record entry the requester popped from the free list */
struct req_alloc {
	unsigned ptr;
	uint64_t cycle;
};

struct req_stats {
	uint32_t pktsend_idle, read_fenced, wqe_stale, pool_wait, rdq_full, rdq_pool;
	uint32_t rdwork_err;             /* READ work for a failed QP, dropped */
	unsigned pool_underflows;       /* pops from an empty free list */
};

/* idle: probability of an idle cycle before each input item (and of the
 * pool looking nearly empty); stall: of holding an output's ready low */
struct req_rtl *req_rtl_new(uint64_t seed, double idle, double stall);
void req_rtl_free(struct req_rtl *r);
/* reset: the per-QP RAMs keep their contents, as in hardware; the queues,
 * the collected outputs and the free list (every entry) start again */
void req_rtl_reset(struct req_rtl *r);
void req_rtl_rates(struct req_rtl *r, double idle, double stall);
void req_rtl_set_overhead(struct req_rtl *r, unsigned bytes);
/* a configuration write pulse, one per cycle in order */
void req_rtl_cfg_mtu(struct req_rtl *r, unsigned qpn, unsigned mtu_log2);

void req_rtl_push_init(struct req_rtl *r, const struct req_init *e);
void req_rtl_push_rewind(struct req_rtl *r, const struct req_rewind *e);
void req_rtl_push_wqe(struct req_rtl *r, const struct req_wqe *e);
void req_rtl_push_rdwork(struct req_rtl *r, const struct req_rdwork *e);
void req_rtl_push_una(struct req_rtl *r, const struct req_una *e);
void req_rtl_push_post(struct req_rtl *r, const struct req_post *e);
void req_rtl_push_pktsend(struct req_rtl *r, const struct req_pktsend *e);
/* items of a stream not yet taken */
unsigned req_rtl_queued(struct req_rtl *r, enum req_in s);

/* give a record entry back to the free list; entries on it */
void req_rtl_pool_put(struct req_rtl *r, unsigned ptr);
unsigned req_rtl_pool_count(struct req_rtl *r);

void req_rtl_step(struct req_rtl *r, unsigned cycles);

/* the oldest item the harness collected; 0 when none */
int req_rtl_pop_taken(struct req_rtl *r, struct req_taken *t);
int req_rtl_pop_desc(struct req_rtl *r, struct req_desc *d);
int req_rtl_pop_fetch(struct req_rtl *r, struct req_fetch *f);
int req_rtl_pop_free(struct req_rtl *r, struct req_free *f);
int req_rtl_pop_work(struct req_rtl *r, struct req_work *w);
int req_rtl_pop_cinit(struct req_rtl *r, struct req_cinit *c);
int req_rtl_pop_ring(struct req_rtl *r, struct req_ring *w);
int req_rtl_pop_sndnxt(struct req_rtl *r, struct req_sndnxt *w);
int req_rtl_pop_rdesc(struct req_rtl *r, struct req_rdesc *w);
int req_rtl_pop_alloc(struct req_rtl *r, struct req_alloc *a);

void req_rtl_stats(struct req_rtl *r, struct req_stats *s);
uint64_t req_rtl_cycles(struct req_rtl *r);

#ifdef __cplusplus
}
#endif

#endif
