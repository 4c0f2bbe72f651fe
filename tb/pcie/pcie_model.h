/* SPDX-License-Identifier: MIT */
/*
 * A C model of the host side of the UltraScale+ PCIe integrated block, as
 * an adapter (rtl/pcie/hpnic_pcie) sees it, reusable by any harness:
 *
 * - RQ: TLPs taken beat by beat and delimited as the IP does (straddle on:
 *   is_sop/is_eop and their pointers, two TLPs a beat; off: tlast/tkeep),
 *   checked (descriptor, Dword count, first/last BE, byte-enable holes,
 *   payload over MPS, read over MRRS, 4 KiB crossing, a tag reused while
 *   live, completion credits, tvalid falling inside a TLP, discontinue);
 *   memory writes go to host memory, memory reads are answered.
 * - RQ sequence numbers: every write TLP's seq_num returned, in order, up
 *   to two a cycle, after a random delay.
 * - RC: each read's completions split at RCB and coalesced up to MPS at
 *   random, delivered after a latency, the tags' completions interleaved at
 *   random, packed as the IP packs them (straddle: up to four a beat, each
 *   at a 4-Dword boundary; off: one a beat run). Optionally some reads
 *   fail (UR, poisoned, completion timeout).
 * - CQ/CC: BAR reads and writes of one Dword the host makes (straddle off),
 *   their completions checked (tag, lower address, status, Dword count);
 *   and any request TLP in the CQ format for a harness that sends its own.
 * - MSI-X: cfg_interrupt_msix_int captured (one at a time), the message
 *   handed to the host, answered with sent (or fail, at a configured rate)
 *   after a few cycles.
 *
 * Host memory is reached through callbacks (a DMA address and a length),
 * so the memory can be a test's array or a process's own memory. Every
 * random choice comes from the model's own PRNG (xorshift64*, seeded by
 * the configuration). Violations are counted and reported through a
 * callback (or on stderr).
 *
 * Use, each cycle: set the inputs from pcie_model_rq_ready, _seq, _rc,
 * _cq, _cc_ready, _msix_ans; evaluate the RTL; report what was seen with
 * pcie_model_rq, _rc_taken, _cq_taken, _cc, _msix_int; pcie_model_tick.
 */
#ifndef PCIE_MODEL_H
#define PCIE_MODEL_H

#include <stdint.h>

#include "pcie_rtl.h"

#ifdef __cplusplus
extern "C" {
#endif

struct pcie_model;

struct pcie_model_cfg {
	unsigned mps, mrrs, rcb;     /* bytes: 128..4096, 128..4096, 64 or 128 */
	int rq_straddle, rc_straddle;
	unsigned lat_min, lat_var;   /* cycles from a read request to its completions */
	unsigned seq_min, seq_var;   /* cycles from a write TLP to its sequence number */
	double p_err;                /* a read fails (UR, poisoned, timeout) */
	double p_stall;              /* RQ tready low, RC and CQ tvalid gaps, CC tready low */
	unsigned cplh, cpld;         /* completion credits the requester may have outstanding */
	int in_order;                /* completions: the oldest ready request's first (else any) */
	int pace;                    /* completions leave at the link's rate (63 bytes a cycle,
					a 3-Dword header and 8 bytes of framing each) */
	unsigned msix_lat;           /* an MSI-X message answered 1..msix_lat cycles later */
	double p_msix_fail;          /* ... with fail rather than sent */
	uint64_t seed;
	/* host memory: 0, or nonzero to refuse (a read then returns zeros) */
	int (*host_read)(void *ctx, uint64_t addr, uint8_t *buf, uint32_t len);
	int (*host_write)(void *ctx, uint64_t addr, const uint8_t *buf, uint32_t len);
	/* a harness's own checks (may be NULL): a memory write TLP's enabled
	 * bytes and its seq_num, before host_write; a read request's, its tag
	 * and whether the model makes it fail, before host_read */
	void (*wr_tlp)(void *ctx, uint64_t addr, uint32_t len, unsigned seq);
	void (*rd_req)(void *ctx, uint64_t addr, uint32_t len, unsigned tag, int fail);
	/* a read request the harness makes fail (may be NULL): 0, or the kind
	 * (1 UR, 2 poisoned, 3 timeout), whatever p_err draws */
	int (*rd_fail)(void *ctx, uint64_t addr, uint32_t len);
	/* an MSI-X message the block sends for the function (may be NULL) */
	void (*msix)(void *ctx, uint64_t addr, uint32_t data);
	/* a checker fired (NULL: printed on stderr, the first 20) */
	void (*violation)(void *ctx, const char *what, unsigned long long a, unsigned long long b);
	void *ctx;
};

struct pcie_model_stats {
	uint64_t wr_tlps, wr_bytes;  /* memory writes on RQ */
	uint64_t rd_reqs, rd_bytes;  /* memory reads on RQ */
	uint64_t rd_cpls, rd_errs;   /* completions on RC; reads made to fail */
	uint64_t host_refused;       /* host_read / host_write refused */
	uint64_t bar_rd, bar_wr;     /* CQ requests sent */
	uint64_t bar_ur;             /* completions with a status other than SC */
	uint64_t msix;               /* messages */
	uint64_t cplh_max, cpld_max; /* completion credits' peak */
	uint64_t rd_live_sum;        /* reads in flight, summed over cycles */
	uint64_t violations;
};

/* the block's defaults: MPS 256, MRRS 512, RCB 64, straddle on, latency
 * 20..51, sequence numbers after 4..19 cycles, no errors, no stalls,
 * 256 header and 2048 data credits */
void pcie_model_cfg_default(struct pcie_model_cfg *c);
struct pcie_model *pcie_model_new(const struct pcie_model_cfg *c);
void pcie_model_free(struct pcie_model *m);
/* a function-level reset: everything in flight is forgotten */
void pcie_model_reset(struct pcie_model *m);
void pcie_model_stats(const struct pcie_model *m, struct pcie_model_stats *s);
uint64_t pcie_model_cycle(const struct pcie_model *m);
/* nothing in flight: no TLP half taken, no read unanswered, no sequence
 * number or CQ request or completion or MSI-X answer pending */
int pcie_model_idle(const struct pcie_model *m);

/* ---- RQ ---- */
int pcie_model_rq_ready(struct pcie_model *m);          /* tready this cycle */
/* the RQ this cycle: tvalid, the ready given, the beat (taken if both) */
void pcie_model_rq(struct pcie_model *m, int valid, int ready, const struct rq_beat *b);
void pcie_model_seq(struct pcie_model *m, int *vld0, unsigned *s0, int *vld1, unsigned *s1);

/* ---- RC ---- */
/* the beat offered this cycle (tvalid), offered again until taken */
int pcie_model_rc(struct pcie_model *m, uint32_t dw[16], uint16_t *keep, int *last, struct rc_user *u);
void pcie_model_rc_taken(struct pcie_model *m);

/* ---- CQ / CC: BAR accesses of the host ---- */
/* any request TLP as the block presents it on CQ (straddle off), for a
 * harness that sends its own: the descriptor's fields, the payload */
struct pcie_cq_tlp {
	uint64_t addr;
	unsigned at, dwc, type, bar, aperture, fbe, lbe, rid, tag, tc, attr;
	const uint32_t *payload;
	unsigned npay;               /* payload Dwords sent (may differ from dwc) */
};
/* its beats (lanes beyond tkeep: noise from the model's PRNG); returns
 * how many, at most max (the payload is cut to fit) */
unsigned pcie_model_cq_tlp(struct pcie_model *m, const struct pcie_cq_tlp *t, struct cq_beat *beats,
			   unsigned max);
/* queue a one-Dword memory read or write to a BAR (addr: the bus address,
 * aperture: log2 of the BAR's size); returns its ticket */
unsigned pcie_model_bar_req(struct pcie_model *m, int write, unsigned bar, unsigned aperture,
			    uint64_t addr, uint32_t wdata, unsigned be);
/* 1: done (a write: taken on CQ; a read: its completion came, *status
 * its status, *rdata its data), 0: not yet */
int pcie_model_bar_poll(struct pcie_model *m, unsigned ticket, uint32_t *rdata, unsigned *status);
int pcie_model_cq(struct pcie_model *m, struct cq_beat *b);   /* tvalid */
void pcie_model_cq_taken(struct pcie_model *m);
int pcie_model_cc_ready(struct pcie_model *m);
void pcie_model_cc(struct pcie_model *m, const struct cc_beat *b);   /* a beat taken */

/* ---- MSI-X ---- */
/* cfg_interrupt_msix_int seen: a message (or a violation if the last is
 * not answered yet) */
void pcie_model_msix_int(struct pcie_model *m, uint64_t addr, uint32_t data);
/* cfg_interrupt_msix_sent / _fail this cycle */
void pcie_model_msix_ans(struct pcie_model *m, int *sent, int *fail);
/* an answer is due: 1 and the message not answered yet */
int pcie_model_msix_busy(const struct pcie_model *m);

void pcie_model_tick(struct pcie_model *m);

#ifdef __cplusplus
}
#endif

#endif
