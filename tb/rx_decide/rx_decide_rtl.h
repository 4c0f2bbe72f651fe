/* SPDX-License-Identifier: MIT */
/*
 * C API to the Verilated rtl/top/hpnic_rx_decision: hpnic_rx_decide with
 * hpnic_rd_track and hpnic_recv_track in its loop (QPN_WIDTH 4, MR_LOG2 4,
 * FIFO_LOG2 3, ACK_FIFO_LOG2 3, RDQ_POOL_LOG2 5, RWQE_POOL_LOG2 6). Packets and responder inits are
 * presented with random idle cycles before each and held until taken;
 * configuration writes are one-cycle pulses. A READ descriptor or flush is
 * presented once the packets before it have passed, and followed by idle
 * cycles until it has reached the READ tracking's slots (rxd_rtl_settle
 * waits the same after a READ completes, for the slot it frees to fill). The commit, ACK and READ
 * work streams are collected every cycle under random back-pressure, and
 * the harness plays hpnic_rx_commit: it carries out the commit entries it
 * took, in order, each after a random delay, and drives commit_done with
 * their count.
 */
#ifndef RX_DECIDE_RTL_H
#define RX_DECIDE_RTL_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define RXD_RTL_QPS 16
#define RXD_RTL_MRS 16
#define RXD_RTL_MR_LOG2 4

/* a commit entry's payload command (hpnic_rx_decide's CM_*) */
#define RXD_CM_NONE 0
#define RXD_CM_WRITE 1
#define RXD_CM_DROP 2

struct rxd_rtl;

/* the INT block a packet carries, hop record 0 first */
struct rxd_int {
	unsigned valid, nhop, path;
	uint64_t hops[5];
};

struct rxd_mr {
	unsigned valid, tag, access;    /* access: bit 0 remote write, bit 1 remote read */
	unsigned pd;                    /* protection domain: the QP's must match */
	uint64_t va, len, iova;         /* len: 48 bits */
};

/* a READ sent; the harness hands over first + npkts - 1 (its last PSN) and
 * last_len, the form hpnic_rd_track takes; len is the model's, to make
 * responses with */
struct rxd_rdesc {
	unsigned qpn, first, npkts, last_len;
	uint64_t laddr;
	uint32_t len;
};

/* a receive WQE, as the host interface prefetches it */
struct rxd_rwqe {
	uint64_t addr;                  /* NIC address of the buffer */
	uint32_t len;
	unsigned lerr;                  /* its L_Key check failed */
};

/* one parsed packet, as hpnic_rx_parse hands it on */
struct rxd_pkt {
	unsigned drop, has_payload, qpn_ok, qpn, opcode, psn, len, syn;
	unsigned ack_req;       /* the BTH's AckReq */
	unsigned imm_valid;
	uint32_t imm;
	uint64_t va;
	uint32_t rkey, rlen;
	struct rxd_int in;
};

struct rxd_commit {
	unsigned pay, len, cack, qpn, kind, psn;
	unsigned rnr_timer;     /* NAK_RNR: its timer code */
	uint64_t addr;
	struct rxd_int in;
};

/* done: commit entries carried out when the item was taken; pop: its place
 * among the ACK/NAKs and READ work taken so far (the two leave in one order) */
struct rxd_ack {
	unsigned qpn, syn, psn, msn;
	struct rxd_int in;
	uint64_t done, pop;
};

/* an asynchronous event: the responder failed (HPNIC_ASYNC_EVENT_*) */
struct rxd_event {
	unsigned qpn, type;
};

/* a receive completion; done as for ACKs */
struct rxd_rcpl {
	unsigned qpn, idx, status, wimm, imm_valid;
	uint32_t byte_len, imm;
	uint64_t done;
};

struct rxd_rdwork {
	unsigned qpn, psn, msn, dup;
	uint64_t addr;
	uint32_t len;
	uint64_t done, pop;
};

struct rxd_stats {
	uint32_t bad_qp, psn_dup, psn_oos, nak_seq, access_err, len_err, resp_stray, resp_gap,
		writes, reads, rnr_naks, recv_cpl, recv_err, rwqe_drop, ack_coalesced;
};

/* idle: probability of an idle cycle before each input; stall: of holding
 * an output's ready low in a cycle; lag: the longest commit delay, cycles */
struct rxd_rtl *rxd_rtl_new(uint64_t seed, double idle, double stall, unsigned lag);
void rxd_rtl_free(struct rxd_rtl *r);
void rxd_rtl_reset(struct rxd_rtl *r);
/* change the back-pressure and commit delay from now on */
void rxd_rtl_pace(struct rxd_rtl *r, double idle, double stall, unsigned lag);
void rxd_rtl_qp(struct rxd_rtl *r, unsigned qpn, unsigned state, unsigned mtu_log2, unsigned pd,
		unsigned min_rnr);
void rxd_rtl_mr(struct rxd_rtl *r, unsigned idx, const struct rxd_mr *mr);
/* a READ descriptor (d), or a flush of QP qpn's READs (d NULL) */
void rxd_rtl_rdq(struct rxd_rtl *r, unsigned qpn, const struct rxd_rdesc *d);
/* a receive WQE (w), or a flush of QP qpn's (w NULL), settled into the slots
 * as a READ descriptor is */
void rxd_rtl_rwqe(struct rxd_rtl *r, unsigned qpn, const struct rxd_rwqe *w);
void rxd_rtl_settle(struct rxd_rtl *r);
/*
 * Present a responder init (qpn, epsn) when init is non-zero, and the packet
 * p when non-NULL, both at once: each is held until taken. Returns 0 when
 * the init (which has priority) was taken first, -1 when the packet was
 * taken while the init was still offered.
 */
int rxd_rtl_send(struct rxd_rtl *r, int init, unsigned qpn, unsigned epsn,
		 const struct rxd_pkt *p);
void rxd_rtl_idle(struct rxd_rtl *r, unsigned cycles);
/* the oldest item of a stream the harness took; 0 when none */
int rxd_rtl_pop_commit(struct rxd_rtl *r, struct rxd_commit *c);
int rxd_rtl_pop_ack(struct rxd_rtl *r, struct rxd_ack *a);
int rxd_rtl_pop_rdwork(struct rxd_rtl *r, struct rxd_rdwork *w);
int rxd_rtl_pop_event(struct rxd_rtl *r, struct rxd_event *e);
int rxd_rtl_pop_rcpl(struct rxd_rtl *r, struct rxd_rcpl *c);
void rxd_rtl_stats(struct rxd_rtl *r, struct rxd_stats *s);
/* cycles run; cycles an offered packet or init was refused (the output
 * FIFOs full); packets taken the cycle after one for the same QP (the state
 * loops' forwarding); commit entries carried out */
uint64_t rxd_rtl_cycles(struct rxd_rtl *r);
uint64_t rxd_rtl_waits(struct rxd_rtl *r);
uint64_t rxd_rtl_back_to_back(struct rxd_rtl *r);
uint64_t rxd_rtl_commit_done(struct rxd_rtl *r);

#ifdef __cplusplus
}
#endif

#endif
