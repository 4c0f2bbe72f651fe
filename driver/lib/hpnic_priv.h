/* SPDX-License-Identifier: MIT */
/*
 * libhpnic internals: the objects behind the opaque handles of hpnic.h and
 * the helpers the library's files share (hpnic.c device, hpnic_mr.c,
 * hpnic_cq.c, hpnic_qp.c). Not installed; backends built into the library
 * (backend_kernel.c) may use hpnic_set_error().
 */
#ifndef HPNIC_PRIV_H
#define HPNIC_PRIV_H

#include <errno.h>
#include <stddef.h>
#include <stdint.h>

#include "hpnic.h"
#include "hpnic_backend.h"
#include "hpnic_regs.h"

#ifdef __cplusplus
extern "C" {
#endif

/* the block walk gives up after this many blocks (docs/regmap.md) */
#define HPNIC_MAX_BLOCKS_WALK  64
/* open waits this long for CTRL.STATUS: progress() calls, or cycles they report */
#define HPNIC_READY_CALLS      100000u
#define HPNIC_READY_CYCLES     (1ull << 20)
/* a command's CMD_STATUS.BUSY is polled at most this often */
#define HPNIC_CMD_POLLS        10000u
/* largest message (the scheduler glue saturates above; rtl/top/hpnic_sched_glue.v) */
#define HPNIC_MSG_MAX          0x7fffffffu
/* packets per message: half the 24-bit PSN space, so modular PSN compares hold */
#define HPNIC_MSG_PKTS_MAX     ((1u << 23) - 1)
/* library limits on the tables it keeps per device */
#define HPNIC_MR_LOG2_MAX      20
#define HPNIC_MTT_LOG2_MAX     24
#define HPNIC_CQN_WIDTH_MAX    16
#define HPNIC_LOG2_MAX         15     /* SQ and CQ rings: QP.SQ_LOG2, CQ.LOG2 */
/* the WQE index a CQE carries is 16 bits (HPNIC_CQE_WQE_INDEX_SIZE) */
#define HPNIC_WQE_IDX_MASK     0xffffu
/* a QP's RNR attributes until hpnic_modify_qp sets them: RNR NAKs ask for
 * 0.01 ms (timer code 1), and the requester retries without end */
#define HPNIC_MIN_RNR_TIMER_DEFAULT 1u
#define HPNIC_RNR_RETRY_DEFAULT     7u

/* a simple allocator of table indexes (QPN, CQN, MR slot), round robin so a
 * freed index is reused as late as possible */
struct hpnic_bitmap {
	uint64_t *words;
	unsigned size;             /* indexes 0..size-1 */
	unsigned next;             /* where the next search starts */
	unsigned used;
};

int hpnic_bitmap_init(struct hpnic_bitmap *bm, unsigned size);
void hpnic_bitmap_free(struct hpnic_bitmap *bm);
/* the first free index at or after the hint (wrapping), >= lo; -1 when full */
long hpnic_bitmap_alloc(struct hpnic_bitmap *bm, unsigned lo);
void hpnic_bitmap_release(struct hpnic_bitmap *bm, unsigned idx);
/* n consecutive free indexes, the first at or after the hint that fits
 * (not wrapping); the first index, or -1 */
long hpnic_bitmap_alloc_range(struct hpnic_bitmap *bm, unsigned n);

#define HPNIC_EVQ_LEN 64

struct hpnic_qp_ctx;

/*
 * A backend that owns the NIC's tables (hpnic_backend_ops.objs): the
 * kernel backend, whose driver checks every object against the process
 * that made it. Each function returns 0 or a negative errno, and may set
 * the detail (hpnic_set_error). Rings come back mapped and zeroed.
 */
struct hpnic_backend_objs {
	int (*alloc_pd)(struct hpnic_backend *be, uint32_t *pdn);
	int (*dealloc_pd)(struct hpnic_backend *be, uint32_t pdn);
	int (*create_cq)(struct hpnic_backend *be, unsigned log2, uint32_t *cqn, uint8_t **ring);
	int (*destroy_cq)(struct hpnic_backend *be, uint32_t cqn, uint8_t *ring, size_t bytes);
	int (*reg_mr)(struct hpnic_backend *be, uint32_t pdn, void *addr, size_t len,
		      unsigned access, uint32_t *key, uint64_t *iova);
	int (*dereg_mr)(struct hpnic_backend *be, uint32_t key);
	/* a QP in RESET; *cc_mode: the NIC's default mode for it. rq_log2 0: no
	 * receive queue (*rring NULL), else one of 2^rq_log2 receive WQEs whose
	 * completions go to rcqn (which may be cqn) */
	int (*create_qp)(struct hpnic_backend *be, uint32_t pdn, uint32_t cqn, unsigned log2,
			 unsigned wqe_log2, uint32_t rcqn, unsigned rq_log2, uint32_t *qpn,
			 uint8_t **ring, uint8_t **rring, unsigned *cc_mode);
	/* the whole context, then HPNIC_QP_CMD_WRITE, _START_RQ or _START_SQ */
	int (*write_qp)(struct hpnic_backend *be, uint32_t qpn, const struct hpnic_qp_ctx *c,
			uint32_t cmd);
	/* the NIC's copy of the context (its CC fields are what callers use) */
	int (*read_qp)(struct hpnic_backend *be, uint32_t qpn, struct hpnic_qp_ctx *c);
	int (*destroy_qp)(struct hpnic_backend *be, uint32_t qpn, uint8_t *ring, size_t bytes);
	/* completion events: arm for ring position ci; take one (1, *cqn) or none (0) */
	int (*arm_cq)(struct hpnic_backend *be, uint32_t cqn, uint32_t ci);
	int (*get_cq_event)(struct hpnic_backend *be, uint32_t *cqn);
	int (*event_fd)(struct hpnic_backend *be);
};

struct hpnic_dev {
	const struct hpnic_backend_ops *ops;
	const struct hpnic_backend_objs *objs; /* ops->objs: NULL when the library programs */
	uint32_t own_pdn;          /* the PD of objects made without one: 0, or the kernel's */
	struct hpnic_backend *be;
	char *name;                /* "<backend>:<arg>" */
	struct hpnic_dev_attr attr;

	struct hpnic_bitmap qpns;
	struct hpnic_bitmap cqns;
	struct hpnic_bitmap mrs;
	struct hpnic_bitmap pdns;  /* protection domains: 1..65535 (0 is the device's own) */
	struct hpnic_bitmap mtt;   /* MTT entries, in runs of one region's pages */
	struct hpnic_qp **qps;     /* by QPN: maps a CQE to its QP */
	uint8_t *mr_tag;           /* per MR slot: the tag of its last registration */
	struct hpnic_mr **mr_slot; /* per MR slot: the region registered there (L_Key lookup) */
	struct hpnic_cq **cq_slot; /* by CQN: the CQ (events name CQs by number) */
	/* asynchronous events taken from the NIC and not yet returned (a query
	 * takes them early, so that its state includes them) */
	struct hpnic_async_event evq[HPNIC_EVQ_LEN];
	unsigned evq_h, evq_t;
	unsigned nqps, ncqs, nmrs, npds;
	/* the last hpnic_set_dcqcn's path MTU and byte count (0: none): the NIC
	 * keeps only B = ceil(byte_reset / mtu), hpnic_get_dcqcn gives these back */
	uint32_t dcqcn_mtu, dcqcn_byte_reset;
};

#define HPNIC_PD_MAGIC 0x68706470u  /* "hpdp": a live PD; cleared at dealloc */

struct hpnic_pd {
	uint32_t magic;
	struct hpnic_dev *dev;
	uint32_t pdn;              /* QP.PD and MR.PD */
	unsigned users;            /* its MRs and QPs */
};

struct hpnic_mr {
	struct hpnic_dev *dev;
	struct hpnic_pd *pd;       /* NULL: the device's own PD, number 0 */
	uint32_t pdn;
	void *addr;
	size_t len;
	uint64_t iova;             /* NIC address of the first byte (MR.IOVA) */
	unsigned access;           /* HPNIC_ACCESS_* */
	unsigned page_shift;       /* 12 or 21 when translated; 0: contiguous (dma_map) */
	uint32_t mtt_base, mtt_n;  /* its MTT entries */
	uint32_t idx;
	uint8_t tag;
};

struct hpnic_cq {
	struct hpnic_dev *dev;
	uint32_t cqn;
	unsigned depth;            /* a power of two */
	unsigned log2;
	uint8_t *ring;             /* depth * HPNIC_CQE_SIZE bytes, NIC-written */
	uint64_t ring_iova;
	uint32_t ci;               /* CQEs consumed, free-running */
	unsigned nqps;             /* QPs using it */
	unsigned sq_sum;           /* sum of their send and receive queue depths */
	struct hpnic_qp *flush_head; /* QPs in ERR with work requests left to flush */
	struct hpnic_qp *rflush_head; /* ... with receive work requests left to flush */
	uint64_t stale;            /* CQEs matching no outstanding WQE (diagnostics) */
	int armed;                 /* hpnic_req_notify_cq, for backends without objs */
};

/* what the library keeps of each posted WQE, to build its completion */
struct hpnic_swqe {
	uint64_t wr_id;
	uint32_t len;
	uint8_t opcode;            /* HPNIC_WQE_OPCODE_* */
	uint8_t signaled;
};

/* what the library keeps of each posted receive WQE */
struct hpnic_rwqe {
	uint64_t wr_id;
};

/* the QP context the staging registers carry, as the library last wrote it */
struct hpnic_qp_ctx {
	unsigned state;            /* HPNIC_QPS_* */
	unsigned mtu_log2;
	uint32_t dqpn;
	uint32_t dip;
	uint8_t dmac[6];
	uint16_t sport;
	uint8_t dscp_ecn;
	uint32_t sq_psn;
	uint32_t rq_psn;
	unsigned cc_mode;
	unsigned cc_override;
	uint32_t qp_t_ns;          /* raw register values */
	uint32_t qp_wai;
	uint32_t qp_max_stage;
	unsigned cc_opts;          /* QP.CC_OPTS: HPNIC_QP_CC_VAI | HPNIC_QP_CC_SF */
	unsigned max_rd_atomic;    /* QP.MAX_RD_ATOMIC: 0 is the NIC's maximum */
	unsigned min_rnr_timer;    /* QP.MIN_RNR_TIMER: the RNR NAK timer code */
	unsigned rnr_retry;        /* QP.RNR_RETRY: 7 is without end */
};

#define HPNIC_QP_MAGIC 0x68716370u  /* "hqcp": a live QP; cleared at destroy */

struct hpnic_qp {
	uint32_t magic;            /* HPNIC_QP_MAGIC while the QP exists */
	struct hpnic_dev *dev;
	struct hpnic_cq *cq;
	struct hpnic_pd *pd;       /* NULL: the device's own PD, number 0 */
	uint32_t pdn;
	uint32_t qpn;
	unsigned depth;            /* a power of two */
	unsigned log2;
	int sig_all;
	unsigned wqe_log2;         /* bytes per WQE: 6 (64) or 7 (128, with an extension) */
	unsigned max_sge;          /* SGEs a WRITE may gather (1..HPNIC_MAX_SGE) */
	unsigned max_inline;       /* inline bytes a WRITE may carry */
	uint8_t *ring;             /* depth << wqe_log2 bytes, NIC-read */
	uint64_t ring_iova;
	struct hpnic_swqe *swqe;   /* depth entries */
	uint32_t pi;               /* WQEs posted since START, free-running */
	uint32_t db_pi;            /* pi as of the last doorbell (HPNIC_WR_MORE defers it) */
	uint32_t ci;               /* WQEs completed (by the NIC or flushed) */
	struct hpnic_qp_ctx ctx;
	struct hpnic_qp_ctx init_ctx; /* the context at creation, which RESET restores */
	/* in ERR: CQEs of this QP the NIC wrote before the move to ERR, still to
	 * be returned before the flush starts */
	unsigned hw_before_err;
	struct hpnic_qp *flush_next;
	int on_flush_list;
	/* the receive queue (rdepth 0: none): a ring of 32-byte receive WQEs */
	struct hpnic_cq *rcq;
	unsigned rdepth;           /* 0 or a power of two */
	unsigned rlog2;
	uint8_t *rring;            /* rdepth * HPNIC_RWQE_SIZE bytes, NIC-read */
	uint64_t rring_iova;
	struct hpnic_rwqe *rwqe;   /* rdepth entries */
	uint32_t rpi;              /* receive WQEs posted since the QP's reset, free-running */
	uint32_t rci;              /* ... completed (by the NIC or flushed) */
	unsigned hw_before_err_r;  /* as hw_before_err, for receive CQEs */
	struct hpnic_qp *rflush_next;
	int on_rflush_list;
};

/*
 * errors: set this thread's detail message and return err (negative).
 * hpnic_dev_fail() is for every failure that concerns a device: the detail
 * starts with the device's name ("sim:0: hpnic_create_qp: ..."); dev may be
 * NULL (a NULL argument), and then no name is written. hpnic_fail() is for
 * failures without a device (NULL objects, the backend table).
 */
int hpnic_fail(int err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int hpnic_dev_fail(const struct hpnic_dev *dev, int err, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* for backends built into the library: the detail of the error they return */
void hpnic_set_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
const char *hpnic_error_buf(void);
void hpnic_clear_error(void);
/* a failure of a backend object op: fn, then the detail the backend left */
int hpnic_backend_fail(const struct hpnic_dev *dev, int err, const char *fn);

/* BAR0 access through the backend; a failure sets the detail */
/* hpnic_dcqcn.c: DCQCN's registers again for hpnic_set_cc's new line rate
 * and T (0 and *d; 1: no DCQCN; -EINVAL naming the field), and writing them */
struct dcqcn_derived;
int hpnic_dcqcn_rederive(struct hpnic_dev *dev, uint32_t line, uint32_t t,
			 struct dcqcn_derived *d);
int hpnic_dcqcn_write(struct hpnic_dev *dev, const struct dcqcn_derived *d);

int hpnic_rd(struct hpnic_dev *dev, uint32_t off, uint32_t *val);
int hpnic_wr(struct hpnic_dev *dev, uint32_t off, uint32_t val);

/* indirect blocks: write CMD, wait for BUSY to clear, map CMD_STATUS.ERROR */
enum hpnic_cmd_block { HPNIC_BLK_QP, HPNIC_BLK_MR, HPNIC_BLK_CQ };
int hpnic_cmd(struct hpnic_dev *dev, enum hpnic_cmd_block blk, uint32_t cmd, uint32_t index);

/* CQ helpers the QP code uses */
void hpnic_cq_flush_add(struct hpnic_cq *cq, struct hpnic_qp *qp);
void hpnic_cq_flush_del(struct hpnic_cq *cq, struct hpnic_qp *qp);
void hpnic_cq_rflush_add(struct hpnic_cq *cq, struct hpnic_qp *qp);
void hpnic_cq_rflush_del(struct hpnic_cq *cq, struct hpnic_qp *qp);
/* CQEs of the QP not yet polled: of its send queue (recv 0) or receive queue */
unsigned hpnic_cq_count_qp(struct hpnic_cq *cq, uint32_t qpn, int recv);
void hpnic_cq_clean_qp(struct hpnic_cq *cq, uint32_t qpn);
/* QP helper the CQ code uses: the NIC reported a failed WQE */
void hpnic_qp_failed(struct hpnic_qp *qp);

/* CC value checks and conversions shared by the NIC-wide and per-QP calls */
int hpnic_cc_check_mode(struct hpnic_dev *dev, unsigned mode);
int hpnic_cc_check_t(struct hpnic_dev *dev, unsigned t_ns);
int hpnic_cc_check_wai(struct hpnic_dev *dev, double wai_bytes, uint32_t *reg);
int hpnic_cc_check_stage(struct hpnic_dev *dev, unsigned max_stage);

static inline int hpnic_is_pow2(unsigned x)
{
	return x && !(x & (x - 1));
}

static inline unsigned hpnic_log2(unsigned x)
{
	unsigned l = 0;

	while ((1u << l) < x)
		l++;
	return l;
}

/* little-endian stores and loads: WQEs and CQEs are little-endian in memory */
static inline void hpnic_put_le16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
}

static inline void hpnic_put_le32(uint8_t *p, uint32_t v)
{
	hpnic_put_le16(p, (uint16_t)v);
	hpnic_put_le16(p + 2, (uint16_t)(v >> 16));
}

static inline void hpnic_put_le64(uint8_t *p, uint64_t v)
{
	hpnic_put_le32(p, (uint32_t)v);
	hpnic_put_le32(p + 4, (uint32_t)(v >> 32));
}

static inline uint16_t hpnic_get_le16(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

static inline uint32_t hpnic_get_le32(const uint8_t *p)
{
	return (uint32_t)hpnic_get_le16(p) | (uint32_t)hpnic_get_le16(p + 2) << 16;
}

#ifdef __cplusplus
}
#endif

#endif /* HPNIC_PRIV_H */
