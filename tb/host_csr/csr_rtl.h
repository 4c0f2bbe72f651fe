/* SPDX-License-Identifier: MIT */
/*
 * C API to the Verilated rtl/host/hpnic_host_csr (QPN_WIDTH 6, MR_LOG2 4,
 * CQN_WIDTH 3, 8 counters): BAR0 reads and writes through its CSR port with
 * random idle cycles before each request and random back-pressure on the
 * read response, and its Post, RQ doorbell, QP start and CQ configuration
 * streams collected every cycle under random back-pressure (the RQ fetch's
 * room for a context write, rq_cfg_ready, drawn at random too).
 */
#ifndef CSR_RTL_H
#define CSR_RTL_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define CSR_RTL_QPS 64
#define CSR_RTL_MRS 16
#define CSR_RTL_CQS 8
#define CSR_RTL_NCOUNTERS 8

struct csr_rtl;

struct csr_post {
	unsigned qpn, pi;
};

/* a receive doorbell for the RQ fetch: bad = QPN beyond the table */
struct csr_rqdb {
	unsigned qpn, pi, bad;
};

struct csr_start {
	unsigned qpn, sq_psn, rq_psn, mtu_log2, cc_mode, cc_opts;
	unsigned cc_ovr, cc_t_ns, cc_wai, cc_max_stage;  /* QP.CC_OVERRIDE, QP_T_NS, ... */
	unsigned sq, rq;        /* which sides it restarts */
};

struct csr_outs {
	uint64_t cfg_mac;
	uint32_t cfg_ip, stat_doorbells, stat_cmd_errors, stat_doorbell_bad_qp;
	uint32_t stat_doorbell_bad_offset;
	unsigned qp_wr_pulses, mr_wr_pulses;   /* configuration write pulses seen */
	unsigned last_qp_wr_qpn, last_mr_wr_idx;
	unsigned last_qp_wr_min_rnr, last_qp_wr_rnr_retry;     /* the last context write's */
	/* the last context write's receive-queue fields */
	uint64_t last_rq_base;
	unsigned last_rq_log2, last_rcqn;
};

/* idle: probability of an idle cycle before a request; stall: of holding
 * a ready low (read response, Post, start, CQ streams) */
struct csr_rtl *csr_rtl_new(uint64_t seed, double idle, double stall);
void csr_rtl_free(struct csr_rtl *r);
void csr_rtl_reset(struct csr_rtl *r);
uint32_t csr_rtl_read(struct csr_rtl *r, uint32_t addr);
void csr_rtl_write(struct csr_rtl *r, uint32_t addr, uint32_t value);
void csr_rtl_idle(struct csr_rtl *r, unsigned cycles);
/* queue an asynchronous event for the event inputs: the datapath's stream
 * (type, QPN) or the CQ writer's pulse (CQN); they are presented in order,
 * with random idle cycles; _pending counts those not yet taken */
void csr_rtl_event(struct csr_rtl *r, unsigned type, unsigned qpn);
void csr_rtl_cq_err(struct csr_rtl *r, unsigned cqn);
unsigned csr_rtl_events_pending(struct csr_rtl *r);
/* counter i's 64-bit value on the stats input */
void csr_rtl_set_stat(struct csr_rtl *r, unsigned i, uint64_t value);
/* the oldest event of a stream the harness took; 0 when none */
int csr_rtl_pop_post(struct csr_rtl *r, struct csr_post *p);
int csr_rtl_pop_rqdb(struct csr_rtl *r, struct csr_rqdb *d);
int csr_rtl_pop_start(struct csr_rtl *r, struct csr_start *s);
unsigned csr_rtl_cq_cfgs(struct csr_rtl *r);
void csr_rtl_outs(struct csr_rtl *r, struct csr_outs *o);
/* cycles run, and the longest a request waited for s_csr_ready */
uint64_t csr_rtl_cycles(struct csr_rtl *r);

#ifdef __cplusplus
}
#endif

#endif
