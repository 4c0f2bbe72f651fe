/* SPDX-License-Identifier: MIT */
/*
 * C API to the Verilated rtl/tx/hpnic_tx_gather, in two builds (mk/gather.mk):
 * GATHER_SMALL (LIST_LOG2 1, PEND_LOG2 2, ORDER_LOG2 3, with waves) and
 * GATHER_DEFAULT (the RTL's default parameters).
 *
 * The harness plays the block's neighbours:
 *  - the header builder: payload requests are queued here and presented in
 *    order, each after random idle cycles, held until taken;
 *  - the DMA engine: read requests are taken with m_dma_rd_ready low at
 *    random, each is logged for the test, and its data is served in request
 *    order from the host memory the test gives (gather_rtl_mem), starting a
 *    random 0..lat_max cycles after the cycle following the take, with
 *    random idle cycles between beats; lane-0 aligned, 64 bytes a beat,
 *    tlast on the read's last beat, whose unused lanes hold random bytes,
 *    and tuser on it if the read fails (gather_cfg.rd_fail; random on the
 *    other beats, where it means nothing).
 *    Bytes outside the memory are random too (the test checks the log);
 *  - the frame builder: m_pay_tready is held low at random and every beat
 *    taken is collected.
 * Each cycle, an output offered and not taken (m_dma_rd_*, m_pay_*) that is
 * withdrawn or changed by the next is logged (gather_rtl_pop_proto).
 * While an input is idle its other signals carry random values.
 */
#ifndef GATHER_RTL_H
#define GATHER_RTL_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* the L_Key of every SGE, and the protection domain of every request: the
 * harness registers one region over the whole 48-bit space under them */
#define GATHER_LKEY 0x15au
#define GATHER_PD   7u

enum gather_model {
	GATHER_SMALL,           /* LIST_LOG2 1, PEND_LOG2 2, ORDER_LOG2 3 */
	GATHER_DEFAULT,         /* LIST_LOG2 3, PEND_LOG2 4, ORDER_LOG2 6 */
};

struct gather_rtl;

/* one payload request (the s_req_* port) */
struct gather_req {
	uint64_t addr;          /* the range, or the SGE list */
	unsigned len;           /* 1..4096 */
	unsigned sgl;           /* 1: bytes [off, off + len) of the list */
	unsigned nsge_m1;       /* 0..3 */
	uint32_t off;
};

/* a DMA read request the block made, and the cycle it was taken */
struct gather_rd {
	uint64_t addr;
	unsigned len;
	uint64_t cycle;
};

/* a payload beat taken from m_pay_* */
struct gather_beat {
	uint8_t data[64];
	uint64_t keep;
	unsigned bytes;                 /* m_pay_tbytes */
	unsigned last;
	unsigned user;                  /* m_pay_tuser (meaningful on the last beat) */
	uint64_t cycle;
};

/* a valid output dropped, or its word changed, before it was taken */
enum gather_port_id { GATHER_P_RD, GATHER_P_PAY };
struct gather_proto {
	uint64_t cycle;
	enum gather_port_id port;
};

struct gather_stats {
	uint32_t sgl_pkts, pieces, shrt;
	uint32_t lkey_err;              /* pieces that failed their L_Key check */
};

/* the neighbours' behaviour; all zero: no idle cycle, no back-pressure,
 * data the cycle after the read */
struct gather_cfg {
	double req_idle;        /* probability of an idle cycle before a request */
	double rd_stall;        /* of m_dma_rd_ready low in a cycle */
	double beat_idle;       /* of an idle cycle before a data beat */
	double pay_stall;       /* of m_pay_tready low in a cycle */
	unsigned lat_max;       /* a read's data starts 1 + 0..lat_max cycles after it is taken */
	/* reads that fail (tuser on the last beat; their data is memory's all
	 * the same): those gather_rd_fails picks, about this fraction */
	double rd_fail;
	uint64_t fail_salt;
};

/* whether the harness fails a read of len bytes at addr under c: a function
 * of the read alone, so that a test knows which packets to expect flagged */
static inline int gather_rd_fails(const struct gather_cfg *c, uint64_t addr, unsigned len)
{
	uint64_t h = (addr ^ ((uint64_t)len << 48) ^ c->fail_salt) * 0x9e3779b97f4a7c15ull;

	if (c->rd_fail <= 0)
		return 0;
	h ^= h >> 29;
	h *= 0xbf58476d1ce4e5b9ull;
	h ^= h >> 32;
	return (double)(h >> 11) * 0x1.0p-53 < c->rd_fail;
}

/* fst: waves (GATHER_SMALL only) or NULL */
struct gather_rtl *gather_rtl_new(enum gather_model model, uint64_t seed, const char *fst);
void gather_rtl_free(struct gather_rtl *r);
/* the host memory the DMA reads: size bytes at IO address base; the test
 * owns it and may change bytes no read still in flight covers */
void gather_rtl_mem(struct gather_rtl *r, uint64_t base, const uint8_t *mem, size_t size);
void gather_rtl_config(struct gather_rtl *r, const struct gather_cfg *c);
/* queued, presented in order */
void gather_rtl_push(struct gather_rtl *r, const struct gather_req *q);
/* requests queued and not yet taken */
unsigned gather_rtl_queued(const struct gather_rtl *r);
/* reads taken whose data has not all been given */
unsigned gather_rtl_reads_open(const struct gather_rtl *r);
void gather_rtl_run(struct gather_rtl *r, unsigned cycles);
/* the oldest read or beat not yet popped; 0 when none */
int gather_rtl_pop_read(struct gather_rtl *r, struct gather_rd *rd);
int gather_rtl_pop_beat(struct gather_rtl *r, struct gather_beat *b);
int gather_rtl_pop_proto(struct gather_rtl *r, struct gather_proto *p);
void gather_rtl_stats(struct gather_rtl *r, struct gather_stats *s);
uint64_t gather_rtl_cycles(const struct gather_rtl *r);
/* the last cycle with a transfer on any port (request, read, data, payload) */
uint64_t gather_rtl_last_progress(const struct gather_rtl *r);

#ifdef __cplusplus
}
#endif

#endif
