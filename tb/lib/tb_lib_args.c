/* SPDX-License-Identifier: MIT */
/*
 * tb_lib_args: libhpnic's argument checking and bookkeeping, without the
 * simulator. A mock backend in this file stands behind the library: an
 * in-memory BAR0 that answers the block walk with the values of
 * hpnic_regs.h, executes QP/MR/CQ commands with the checks of
 * rtl/host/hpnic_host_csr.v, records doorbells, and writes CQEs on demand,
 * with ring memory from the C heap (an IO address is a pointer value; a
 * registered region's is offset, so the test sees which one a WQE carries).
 *
 * Every API function is called with bad arguments (NULL, out-of-range
 * depths, MTUs, PSNs, lengths, flags, CC values; objects of another device;
 * wrong QP states) and must return the expected negative errno, with a
 * non-empty hpnic_strerror() and a detail from hpnic_last_error(), which names
 * the device first whenever there is one ("mock:0: ..."). Broken
 * bitstreams (TYPE 0xffffffff at 0, CTRL version 2.0, a missing or moved
 * block, a looping list, a dead scratch register, a NIC never ready) must
 * fail open with a message naming the cause. Then the good paths: WQE
 * layout and doorbells, completions with phase wrap, error completions and
 * the software flush behind them, unsignaled work, RESET discarding, CC
 * round trips, counters.
 *
 * Prints "N passed, M failed"; exits non-zero on a failure. Built with
 * ASan/UBSan (make test-lib).
 */
#define _POSIX_C_SOURCE 200809L
#define HPNIC_REGS_WANT_REG_TABLE   /* the registers' Ranges: the mock refuses as the CSR */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hpnic.h"
#include "hpnic_abi.h"      /* HPNIC_QPN_FIRST */
#include "hpnic_backend.h"
#include "hpnic_priv.h"   /* hpnic_clear_error(): each check sees its own detail */
#include "dcqcn_model.h"  /* dcqcn_derive(): what the DCQCN registers must hold */
#include "tb_util.h"


#define ABS(x) ((x) < 0 ? -(x) : (x))

/* call must fail with want, and explain itself */
#define EXPECT_ERR(call, want)                                                    \
	do {                                                                      \
		int r_;                                                           \
		hpnic_clear_error();                                              \
		r_ = (call);                                                      \
		CHECK(r_ == (want), "%s: returned %d (%s), expected %d; detail: %s", \
		      #call, r_, hpnic_strerror(r_), (want), hpnic_last_error()); \
		CHECK(r_ >= 0 || (hpnic_strerror(r_)[0] && hpnic_last_error()[0]), \
		      "%s: no message for %d", #call, r_);                        \
	} while (0)

/* call must succeed (0 or a count) */
#define EXPECT_OK(call)                                                           \
	do {                                                                      \
		int r_ = (call);                                                  \
		CHECK(r_ >= 0, "%s: returned %d (%s): %s", #call, r_,             \
		      hpnic_strerror(r_), hpnic_last_error());                    \
	} while (0)

/* the detail of the last failure contains s */
#define EXPECT_MSG(s)                                                             \
	CHECK(strstr(hpnic_last_error(), (s)) != NULL, "detail '%s' lacks '%s'",  \
	      hpnic_last_error(), (s))

/* ... and names the device first: every mock this test opens is "mock:0" */
#define EXPECT_DEV_MSG(s)                                                         \
	do {                                                                      \
		EXPECT_MSG(s);                                                    \
		CHECK(!strncmp(hpnic_last_error(), "mock:0: ", 8),                \
		      "detail '%s' does not start with the device's name",        \
		      hpnic_last_error());                                        \
	} while (0)

/*
 * The mock NIC
 */
#define MOCK_QPS       4096
#define MOCK_CQS       256
#define MOCK_MRS       1024
#define MOCK_IOVA_OFF  0x100000000000ull   /* registered regions: VA + this */

struct mock_cfg {
	uint32_t type0;             /* TYPE at BAR0 offset 0 */
	uint32_t ctrl_version;
	uint32_t ctrl_size;
	int skip_cc;                /* CTRL's NEXT jumps over CC */
	int next_back;              /* STATS's NEXT points back to CTRL's end - 4 */
	int unknown_block;          /* an unknown block between STATS and DB */
	int loop;                   /* DB's NEXT points to CTRL: CTRL twice */
	int scratch_broken;
	unsigned ready_after;       /* progress calls before CTRL.STATUS is ready */
	uint32_t qp_cfg;
	uint32_t features;
	uint32_t cc_modes;
	uint64_t progress_cycles;
	int open_err;               /* the backend's open fails with this */
	int fail_map;               /* dma_map fails */
	int busy_forever;           /* CMD_STATUS.BUSY never clears */
	unsigned force_err;         /* the next command fails with this ERR code */
	unsigned num_counters;      /* STATS.COUNT, when not 0 (an older bitstream) */
};

struct mock_qp {
	uint32_t state, mtu, dqpn, dmac_lo, dmac_hi, dip, sport, dscp, cqn, sq_log2;
	uint32_t sq_psn, rq_psn, cc_mode, cc_ovr, t, wai, stage, max_rd, cc_opts;
	uint64_t sq_base;
	unsigned starts, writes;        /* starts: START_RQ (RTR) and START_SQ (RTS) */
	unsigned start_rq, start_sq;
};

struct mock_cq {
	int enabled;
	uint64_t base;
	unsigned log2;
	uint32_t pi;
};

struct mock_mr {
	int valid;
	uint32_t tag, access;
	uint64_t va, len, iova;
};

struct hpnic_backend {
	struct mock_cfg cfg;
	uint32_t *regs;             /* BAR0, by word */
	unsigned progress_calls;
	struct mock_qp qp[MOCK_QPS];
	struct mock_cq cq[MOCK_CQS];
	struct mock_mr mr[MOCK_MRS];
	uint32_t db[MOCK_QPS];
	unsigned ndb;
	uint32_t dcqcn_tab[64];     /* CC.DCQCN_TAB's entries, by CC.DCQCN_TAB_IDX */
	unsigned dcqcn_tab_writes;
	unsigned rng_refused;       /* writes the CSR's range check refused (the library
	                             * must check first: it stays 0) */
	int live_allocs, live_maps;
};

static struct mock_cfg mcfg;            /* what the next open sees */
static struct hpnic_backend *mock;      /* the last one opened */

static void mock_cfg_default(void)
{
	memset(&mcfg, 0, sizeof(mcfg));
	mcfg.type0 = HPNIC_ID_BLOCK_TYPE;
	mcfg.ctrl_version = HPNIC_CTRL_BLOCK_VERSION;
	mcfg.ctrl_size = HPNIC_CTRL_BLOCK_SIZE;
	mcfg.qp_cfg = HPNIC_SET(HPNIC_ID_QP_CFG_QPN_WIDTH, 12) |
		      HPNIC_SET(HPNIC_ID_QP_CFG_MR_LOG2, 10) |
		      HPNIC_SET(HPNIC_ID_QP_CFG_CQN_WIDTH, 8);
	mcfg.features = HPNIC_ID_FEATURES_INT_MASK | HPNIC_ID_FEATURES_READ_MASK |
			HPNIC_ID_FEATURES_WRITE_MASK;
	mcfg.cc_modes = HPNIC_ID_CC_MODES_HPCC_MASK | HPNIC_ID_CC_MODES_DCQCN_MASK;
	mcfg.progress_cycles = 64;
	mcfg.ready_after = 3;
}

#define R(off) (be->regs[(off) / 4])

/* a block header word, or 0 when off is not one */
static int mock_hdr(struct hpnic_backend *be, uint32_t off, uint32_t *v)
{
	static const struct { uint32_t base, size, type, ver, next; } blk[] = {
#define X(n, b, s, t, ver) { b, s, t, ver, HPNIC_##n##_BLOCK_NEXT },
		HPNIC_BLOCKS(X)
#undef X
	};
	const uint32_t unk = 0x700;
	unsigned i;

	if (be->cfg.unknown_block && off >= unk && off < unk + 16) {
		uint32_t w[4] = { 0x48505858u /* HPXX */, 0x00030000u, HPNIC_DB_BASE, 0x40 };

		*v = w[(off - unk) / 4];
		return 1;
	}
	for (i = 0; i < sizeof(blk) / sizeof(blk[0]); i++) {
		uint32_t w[4] = { blk[i].type, blk[i].ver, blk[i].next, blk[i].size };

		if (off < blk[i].base || off >= blk[i].base + 16)
			continue;
		if (blk[i].base == HPNIC_ID_BASE)
			w[0] = be->cfg.type0;
		if (blk[i].base == HPNIC_CTRL_BASE) {
			w[1] = be->cfg.ctrl_version;
			w[3] = be->cfg.ctrl_size;
			if (be->cfg.skip_cc)
				w[2] = HPNIC_QP_BASE;
		}
		if (blk[i].base == HPNIC_STATS_BASE) {
			if (be->cfg.next_back)
				w[2] = HPNIC_CTRL_BASE + 0x10;
			if (be->cfg.unknown_block)
				w[2] = unk;
		}
		if (blk[i].base == HPNIC_DB_BASE && be->cfg.loop)
			w[2] = HPNIC_CTRL_BASE;
		*v = w[(off - blk[i].base) / 4];
		return 1;
	}
	return 0;
}

static int mock_open(const char *arg, struct hpnic_backend **bep)
{
	struct hpnic_backend *be;

	(void)arg;
	if (mcfg.open_err) {
		hpnic_set_error("mock: refused to open");
		return mcfg.open_err;
	}
	be = calloc(1, sizeof(*be));
	if (!be)
		return -ENOMEM;
	be->regs = calloc(HPNIC_BAR0_SIZE / 4, sizeof(uint32_t));
	if (!be->regs) {
		free(be);
		return -ENOMEM;
	}
	be->cfg = mcfg;
	/* the reset values the library reads back */
	R(HPNIC_CC_T_NS) = HPNIC_CC_T_NS_RST;
	R(HPNIC_CC_ETA) = HPNIC_CC_ETA_RST;
	R(HPNIC_CC_MAX_STAGE) = HPNIC_CC_MAX_STAGE_RST;
	R(HPNIC_CC_WAI) = HPNIC_CC_WAI_RST;
	R(HPNIC_CC_LINE_MBPS) = HPNIC_CC_LINE_MBPS_RST;
	R(HPNIC_CC_MIN_MBPS) = HPNIC_CC_MIN_MBPS_RST;
	R(HPNIC_CC_SCHED_OVERHEAD) = HPNIC_CC_SCHED_OVERHEAD_RST;
	R(HPNIC_CC_SCHED_BURST) = HPNIC_CC_SCHED_BURST_RST;
	R(HPNIC_CC_SCHED_GRANT) = HPNIC_CC_SCHED_GRANT_RST;
	R(HPNIC_QP_DSCP_ECN) = HPNIC_QP_DSCP_ECN_RST;
	R(HPNIC_CC_DCQCN_LINE) = HPNIC_CC_DCQCN_LINE_RST;
	R(HPNIC_CC_DCQCN_MIN) = HPNIC_CC_DCQCN_MIN_RST;
	R(HPNIC_CC_DCQCN_AI) = HPNIC_CC_DCQCN_AI_RST;
	R(HPNIC_CC_DCQCN_HAI) = HPNIC_CC_DCQCN_HAI_RST;
	R(HPNIC_CC_DCQCN_FIRST) = HPNIC_CC_DCQCN_FIRST_RST;
	R(HPNIC_CC_DCQCN_G) = HPNIC_CC_DCQCN_G_RST;
	R(HPNIC_CC_DCQCN_ALPHA0) = HPNIC_CC_DCQCN_ALPHA0_RST;
	R(HPNIC_CC_DCQCN_MIN_DEC) = HPNIC_CC_DCQCN_MIN_DEC_RST;
	R(HPNIC_CC_DCQCN_GD) = HPNIC_CC_DCQCN_GD_RST;
	R(HPNIC_CC_DCQCN_TD_US) = HPNIC_CC_DCQCN_TD_US_RST;
	R(HPNIC_CC_DCQCN_TI_US) = HPNIC_CC_DCQCN_TI_US_RST;
	R(HPNIC_CC_DCQCN_B_PKTS) = HPNIC_CC_DCQCN_B_PKTS_RST;
	R(HPNIC_CC_DCQCN_THRESHOLD) = HPNIC_CC_DCQCN_THRESHOLD_RST;
	R(HPNIC_CC_DCQCN_PERIOD_US) = HPNIC_CC_DCQCN_PERIOD_US_RST;
	R(HPNIC_CC_NP_MIN_TIME_US) = HPNIC_CC_NP_MIN_TIME_US_RST;
	R(HPNIC_CC_DCQCN_TICK_US) = HPNIC_CC_DCQCN_TICK_US_RST;
	R(HPNIC_CTRL_RTO) = HPNIC_CTRL_RTO_RST;
	/* the RTL's reset tables are g = 4's (the regmap holds entry 0's) */
	{
		uint32_t tab[4][16];

		dcqcn_tables(HPNIC_CC_DCQCN_G_RST, tab);
		memcpy(be->dcqcn_tab, tab, sizeof(be->dcqcn_tab));
	}
	*bep = be;
	mock = be;
	return 0;
}

static void mock_close(struct hpnic_backend *be)
{
	/* the library checks every Range before it writes: the CSR never refuses it */
	CHECK(be->rng_refused == 0, "the library made %u writes the CSR refuses (CC.RANGE_STATUS "
	      "0x%08x)", be->rng_refused, be->regs[HPNIC_CC_RANGE_STATUS / 4]);
	if (mock == be)
		mock = NULL;
	free(be->regs);
	free(be);
}

static int mock_csr_read(struct hpnic_backend *be, uint32_t off, uint32_t *v)
{
	if (off % 4 || off >= HPNIC_BAR0_SIZE)
		return -EINVAL;
	if (mock_hdr(be, off, v))
		return 0;
	switch (off) {
	case HPNIC_ID_BUILD_DATE:
		*v = 0x20261123u;
		return 0;
	case HPNIC_ID_GIT_HASH:
		*v = 0xc71f588du;
		return 0;
	case HPNIC_ID_QP_CFG:
		*v = be->cfg.qp_cfg;
		return 0;
	case HPNIC_ID_DATAPATH:
		*v = HPNIC_SET(HPNIC_ID_DATAPATH_DATA_WIDTH_BYTES, 64) |
		     HPNIC_SET(HPNIC_ID_DATAPATH_CLK_MHZ, 250);
		return 0;
	case HPNIC_ID_FEATURES:
		*v = be->cfg.features;
		return 0;
	case HPNIC_ID_CC_MODES:
		*v = be->cfg.cc_modes;
		return 0;
	case HPNIC_ID_RD_ATOMIC:
		*v = HPNIC_SET(HPNIC_ID_RD_ATOMIC_MAX_RD_ATOMIC, 16) |
		     HPNIC_SET(HPNIC_ID_RD_ATOMIC_MAX_DEST_RD_ATOMIC, 16);
		return 0;
	case HPNIC_ID_SCRATCH:
		*v = be->cfg.scratch_broken ? 0 : R(off);
		return 0;
	case HPNIC_CTRL_STATUS:
		*v = be->progress_calls >= be->cfg.ready_after ?
		     HPNIC_CTRL_STATUS_CC_INIT_DONE_MASK | HPNIC_CTRL_STATUS_SCHED_INIT_DONE_MASK |
		     HPNIC_CTRL_STATUS_HOST_READY_MASK : HPNIC_CTRL_STATUS_HOST_READY_MASK;
		return 0;
	case HPNIC_QP_CMD_STATUS:
	case HPNIC_MR_CMD_STATUS:
	case HPNIC_CQ_CMD_STATUS:
		*v = R(off) | (be->cfg.busy_forever ? HPNIC_QP_CMD_STATUS_BUSY_MASK : 0);
		return 0;
	case HPNIC_STATS_VALUE_LO:
		*v = R(HPNIC_STATS_SEL) * 1000u + 1;
		return 0;
	case HPNIC_STATS_VALUE_HI:
		*v = R(HPNIC_STATS_SEL);
		return 0;
	case HPNIC_STATS_COUNT:
		*v = be->cfg.num_counters ? be->cfg.num_counters : HPNIC_NUM_COUNTERS;
		return 0;
	case HPNIC_CC_DCQCN_TAB:
		*v = be->dcqcn_tab[R(HPNIC_CC_DCQCN_TAB_IDX) & 63];
		return 0;
	default:
		*v = R(off);
		return 0;
	}
}

static uint32_t take_err(struct hpnic_backend *be)
{
	uint32_t e = be->cfg.force_err;

	be->cfg.force_err = 0;
	return e;
}

static void mock_qp_cmd(struct hpnic_backend *be, uint32_t cmd)
{
	uint32_t qpn = R(HPNIC_QP_QPN), e = take_err(be);
	unsigned qw = HPNIC_GET(HPNIC_ID_QP_CFG_QPN_WIDTH, be->cfg.qp_cfg);
	uint32_t mtu = R(HPNIC_QP_MTU_LOG2), sql = R(HPNIC_QP_SQ_LOG2);
	struct mock_qp *q;

	if (!e && cmd != HPNIC_QP_CMD_WRITE && cmd != HPNIC_QP_CMD_START &&
	    cmd != HPNIC_QP_CMD_READ && cmd != HPNIC_QP_CMD_START_RQ &&
	    cmd != HPNIC_QP_CMD_START_SQ)
		e = HPNIC_ERR_BAD_CMD;
	if (!e && qpn >> qw)
		e = HPNIC_ERR_BAD_INDEX;
	if (!e && cmd != HPNIC_QP_CMD_READ &&
	    (mtu < 6 || mtu > 12 || sql > 15 || R(HPNIC_QP_STATE) > HPNIC_QPS_ERR ||
	     R(HPNIC_QP_CQN) >= MOCK_CQS))
		e = HPNIC_ERR_BAD_VALUE;
	R(HPNIC_QP_CMD_STATUS) = HPNIC_SET(HPNIC_QP_CMD_STATUS_ERROR, e);
	if (e)
		return;
	q = &be->qp[qpn];
	if (cmd == HPNIC_QP_CMD_READ) {
		R(HPNIC_QP_STATE) = q->state;
		R(HPNIC_QP_MTU_LOG2) = q->mtu;
		R(HPNIC_QP_CC_MODE) = q->cc_mode;
		R(HPNIC_QP_CC_OVERRIDE) = q->cc_ovr;
		R(HPNIC_QP_QP_T_NS) = q->t;
		R(HPNIC_QP_QP_WAI) = q->wai;
		R(HPNIC_QP_QP_MAX_STAGE) = q->stage;
		R(HPNIC_QP_CC_OPTS) = q->cc_opts;
		R(HPNIC_QP_MAX_RD_ATOMIC) = q->max_rd;
		return;
	}
	q->state = R(HPNIC_QP_STATE);
	q->mtu = mtu;
	q->dqpn = R(HPNIC_QP_DQPN);
	q->dmac_lo = R(HPNIC_QP_DMAC_LO);
	q->dmac_hi = R(HPNIC_QP_DMAC_HI);
	q->dip = R(HPNIC_QP_DIP);
	q->sport = R(HPNIC_QP_SPORT);
	q->dscp = R(HPNIC_QP_DSCP_ECN);
	q->sq_base = (uint64_t)R(HPNIC_QP_SQ_BASE_HI) << 32 | R(HPNIC_QP_SQ_BASE_LO);
	q->sq_log2 = sql;
	q->cqn = R(HPNIC_QP_CQN);
	q->sq_psn = R(HPNIC_QP_SQ_PSN);
	q->rq_psn = R(HPNIC_QP_RQ_PSN);
	q->cc_mode = R(HPNIC_QP_CC_MODE);
	q->cc_ovr = R(HPNIC_QP_CC_OVERRIDE);
	q->t = R(HPNIC_QP_QP_T_NS);
	q->wai = R(HPNIC_QP_QP_WAI);
	q->stage = R(HPNIC_QP_QP_MAX_STAGE);
	q->cc_opts = R(HPNIC_QP_CC_OPTS);
	q->max_rd = R(HPNIC_QP_MAX_RD_ATOMIC);
	q->writes++;
	if (cmd == HPNIC_QP_CMD_START || cmd == HPNIC_QP_CMD_START_RQ ||
	    cmd == HPNIC_QP_CMD_START_SQ)
		q->starts++;
	q->start_rq += cmd == HPNIC_QP_CMD_START_RQ;
	q->start_sq += cmd == HPNIC_QP_CMD_START_SQ;
}

static void mock_mr_cmd(struct hpnic_backend *be, uint32_t cmd)
{
	uint32_t idx = R(HPNIC_MR_IDX), e = take_err(be);
	struct mock_mr *m;

	if (!e && cmd != HPNIC_MR_CMD_WRITE && cmd != HPNIC_MR_CMD_INVALIDATE)
		e = HPNIC_ERR_BAD_CMD;
	if (!e && idx >= MOCK_MRS)
		e = HPNIC_ERR_BAD_INDEX;
	R(HPNIC_MR_CMD_STATUS) = HPNIC_SET(HPNIC_MR_CMD_STATUS_ERROR, e);
	if (e)
		return;
	m = &be->mr[idx];
	m->tag = R(HPNIC_MR_TAG);
	m->access = R(HPNIC_MR_ACCESS);
	m->va = (uint64_t)R(HPNIC_MR_VA_HI) << 32 | R(HPNIC_MR_VA_LO);
	m->len = (uint64_t)R(HPNIC_MR_LEN_HI) << 32 | R(HPNIC_MR_LEN_LO);
	m->iova = (uint64_t)R(HPNIC_MR_IOVA_HI) << 32 | R(HPNIC_MR_IOVA_LO);
	m->valid = cmd == HPNIC_MR_CMD_WRITE && m->len;
}

static void mock_cq_cmd(struct hpnic_backend *be, uint32_t cmd)
{
	uint32_t cqn = R(HPNIC_CQ_CQN), e = take_err(be);
	struct mock_cq *c;

	if (!e && cmd != HPNIC_CQ_CMD_WRITE && cmd != HPNIC_CQ_CMD_DISABLE)
		e = HPNIC_ERR_BAD_CMD;
	if (!e && cqn >= MOCK_CQS)
		e = HPNIC_ERR_BAD_INDEX;
	if (!e && cmd == HPNIC_CQ_CMD_WRITE && R(HPNIC_CQ_LOG2) > 15)
		e = HPNIC_ERR_BAD_VALUE;
	R(HPNIC_CQ_CMD_STATUS) = HPNIC_SET(HPNIC_CQ_CMD_STATUS_ERROR, e);
	if (e)
		return;
	c = &be->cq[cqn];
	c->enabled = cmd == HPNIC_CQ_CMD_WRITE;
	c->base = (uint64_t)R(HPNIC_CQ_BASE_HI) << 32 | R(HPNIC_CQ_BASE_LO);
	c->log2 = R(HPNIC_CQ_LOG2);
	c->pi = 0;
}

static int mock_csr_write(struct hpnic_backend *be, uint32_t off, uint32_t v)
{
	uint32_t dummy;

	if (off % 4 || off >= HPNIC_BAR0_SIZE)
		return -EINVAL;
	if (off >= HPNIC_DB_SQ_DB(0) && off < HPNIC_DB_SQ_DB(HPNIC_DB_SQ_DB_COUNT) &&
	    (off - HPNIC_DB_SQ_DB(0)) % HPNIC_DB_SQ_DB_STRIDE == 0) {
		be->db[(off - HPNIC_DB_SQ_DB(0)) / HPNIC_DB_SQ_DB_STRIDE] = v;
		be->ndb++;
		return 0;
	}
	if (mock_hdr(be, off, &dummy))
		return 0;       /* read-only */
	/* a register with a Range refuses any other value whole, as
	 * rtl/host/hpnic_host_csr.v does (CC.RANGE_STATUS, CC.NP_STATUS) */
	for (unsigned i = 0; i < HPNIC_NUM_REGS; i++) {
		const struct hpnic_reg_desc *r = &hpnic_reg_table[i];
		int ok;

		if (r->offset != off || !r->has_range)
			continue;
		ok = (v >= r->min && v <= r->max) || (r->zero_ok && v == 0);
		R(HPNIC_CC_RANGE_STATUS) = (R(HPNIC_CC_RANGE_STATUS) & HPNIC_CC_RANGE_STATUS_OFFSET_MASK) |
					   HPNIC_SET(HPNIC_CC_RANGE_STATUS_ERROR,
						     ok ? HPNIC_ERR_OK : HPNIC_ERR_BAD_VALUE);
		if (off == HPNIC_CC_NP_MIN_TIME_US)
			R(HPNIC_CC_NP_STATUS) = ok ? HPNIC_ERR_OK : HPNIC_ERR_BAD_VALUE;
		if (!ok) {
			R(HPNIC_CC_RANGE_STATUS) = HPNIC_SET(HPNIC_CC_RANGE_STATUS_ERROR,
							     HPNIC_ERR_BAD_VALUE) |
						   HPNIC_SET(HPNIC_CC_RANGE_STATUS_OFFSET, off);
			be->rng_refused++;
			return 0;
		}
	}
	switch (off) {
	case HPNIC_QP_CMD:
		mock_qp_cmd(be, v);
		return 0;
	case HPNIC_MR_CMD:
		mock_mr_cmd(be, v);
		return 0;
	case HPNIC_CQ_CMD:
		mock_cq_cmd(be, v);
		return 0;
	case HPNIC_CC_DCQCN_TAB:
		be->dcqcn_tab[R(HPNIC_CC_DCQCN_TAB_IDX) & 63] = v;
		be->dcqcn_tab_writes++;
		return 0;
	default:
		R(off) = v;
		return 0;
	}
}

static int mock_dma_alloc(struct hpnic_backend *be, size_t len, void **addr, uint64_t *iova)
{
	size_t n = (len + 4095) & ~(size_t)4095;
	void *p = aligned_alloc(4096, n);

	if (!p)
		return -ENOMEM;
	memset(p, 0xee, n);     /* the library must zero what it needs zeroed */
	*addr = p;
	*iova = (uint64_t)(uintptr_t)p;
	be->live_allocs++;
	return 0;
}

static void mock_dma_free(struct hpnic_backend *be, void *addr, size_t len)
{
	(void)len;
	free(addr);
	be->live_allocs--;
}

static int mock_dma_map(struct hpnic_backend *be, void *addr, size_t len, uint64_t *iova)
{
	(void)len;
	if (be->cfg.fail_map)
		return -EFAULT;
	*iova = (uint64_t)(uintptr_t)addr + MOCK_IOVA_OFF;
	be->live_maps++;
	return 0;
}

static void mock_dma_unmap(struct hpnic_backend *be, void *addr, size_t len)
{
	(void)addr;
	(void)len;
	be->live_maps--;
}

static int mock_port_addr(struct hpnic_backend *be, uint8_t mac[6], uint32_t *ipv4)
{
	static const uint8_t m[6] = { 0x02, 0x00, 0x0a, 0x0b, 0x0c, 0x0d };

	(void)be;
	memcpy(mac, m, 6);
	*ipv4 = 0x0a000001u;
	return 0;
}

static uint64_t mock_progress(struct hpnic_backend *be)
{
	be->progress_calls++;
	return be->cfg.progress_cycles;
}

static const struct hpnic_backend_ops mock_ops = {
	.name = "mock",
	.open = mock_open,
	.close = mock_close,
	.csr_read = mock_csr_read,
	.csr_write = mock_csr_write,
	.dma_alloc = mock_dma_alloc,
	.dma_free = mock_dma_free,
	.dma_map = mock_dma_map,
	.dma_unmap = mock_dma_unmap,
	.port_addr = mock_port_addr,
	.progress = mock_progress,
};

/* the NIC completes WQE idx of QP qpn: a CQE in the QP's CQ, with phase */
static void mock_complete(struct hpnic_backend *be, uint32_t qpn, uint32_t idx, unsigned status)
{
	struct mock_cq *c = &be->cq[be->qp[qpn].cqn];
	uint8_t *e;

	if (!c->enabled)
		return;
	e = (uint8_t *)(uintptr_t)c->base + (size_t)(c->pi & ((1u << c->log2) - 1)) * HPNIC_CQE_SIZE;
	memset(e, 0, HPNIC_CQE_SIZE);
	hpnic_put_le32(e + HPNIC_CQE_QPN_OFF, qpn);
	hpnic_put_le16(e + HPNIC_CQE_WQE_INDEX_OFF, (uint16_t)idx);
	e[HPNIC_CQE_STATUS_OFF] = (uint8_t)status;
	e[HPNIC_CQE_PHASE_OFF] = ((c->pi >> c->log2) & 1) ? 0 : 1;
	c->pi = (c->pi + 1) & 0xffff;
}

static struct hpnic_dev *open_mock(void)
{
	struct hpnic_dev *dev = NULL;
	int r = hpnic_open_backend(&mock_ops, "0", &dev);

	CHECK(r == 0 && dev, "open of a good mock failed: %d %s", r, hpnic_last_error());
	return r ? NULL : dev;
}

/*
 * Opening: names, backends, broken bitstreams
 */
static void test_open(void)
{
	struct hpnic_backend_ops partial = mock_ops;
	struct hpnic_dev *dev = (struct hpnic_dev *)&dev;   /* must be reset to NULL */
	struct hpnic_dev_attr a;

	EXPECT_ERR(hpnic_open(NULL, &dev), -EINVAL);
	CHECK(dev == NULL, "dev not reset to NULL on failure");
	EXPECT_ERR(hpnic_open("sim:0", NULL), -EINVAL);
	EXPECT_ERR(hpnic_open("sim0", &dev), -EINVAL);
	EXPECT_MSG("<backend>:<argument>");
	EXPECT_ERR(hpnic_open("foo:0", &dev), -ENODEV);
	EXPECT_MSG("unknown backend 'foo'");
	EXPECT_ERR(hpnic_open(":0", &dev), -ENODEV);
	/* this program does not link the simulator: the weak symbol is NULL */
	EXPECT_ERR(hpnic_open("sim:0", &dev), -ENODEV);
	EXPECT_MSG("not linked");
	/* the kernel backend: no node, a node of another driver, not a node */
	EXPECT_ERR(hpnic_open("kernel:/dev/hpnic-none", &dev), -ENODEV);
	EXPECT_MSG("is hpnic.ko loaded");
	EXPECT_ERR(hpnic_open("kernel:/dev/null", &dev), -ENODEV);
	EXPECT_MSG("not an hpnic device");
	EXPECT_ERR(hpnic_open("kernel:/proc/self/status", &dev), -ENODEV);
	EXPECT_MSG("not a character device");
	/* the pci backend: a malformed address, a function that is not there */
	EXPECT_ERR(hpnic_open("pci:zz", &dev), -EINVAL);
	EXPECT_MSG("not a PCI address");
	EXPECT_ERR(hpnic_open("pci:0000:00:1f.9", &dev), -EINVAL);
	EXPECT_ERR(hpnic_open("pci:ffff:ff:1f.7", &dev), -ENODEV);
	EXPECT_MSG("no such PCI function");
	CHECK(!strncmp(hpnic_last_error(), "pci:ffff:ff:1f.7: ", 18) &&
	      !strstr(hpnic_last_error() + 18, "pci:"), "the device named once: '%s'",
	      hpnic_last_error());
	EXPECT_ERR(hpnic_open_backend(NULL, "0", &dev), -EINVAL);
	EXPECT_ERR(hpnic_open_backend(&mock_ops, NULL, &dev), -EINVAL);
	EXPECT_ERR(hpnic_open_backend(&mock_ops, "0", NULL), -EINVAL);
	partial.progress = NULL;
	EXPECT_ERR(hpnic_open_backend(&partial, "0", &dev), -EINVAL);
	EXPECT_MSG("misses a function");

	mock_cfg_default();
	mcfg.open_err = -EACCES;
	EXPECT_ERR(hpnic_open_backend(&mock_ops, "0", &dev), -EACCES);
	EXPECT_DEV_MSG("mock: refused to open");

	mock_cfg_default();
	mcfg.type0 = 0xffffffffu;
	EXPECT_ERR(hpnic_open_backend(&mock_ops, "0", &dev), -ENODEV);
	EXPECT_DEV_MSG("does not answer");
	CHECK(mock == NULL, "the backend was not closed after a failed open");

	mock_cfg_default();
	mcfg.type0 = 0x12345678u;
	EXPECT_ERR(hpnic_open_backend(&mock_ops, "0", &dev), -ENODEV);
	EXPECT_DEV_MSG("not HPID");

	mock_cfg_default();
	mcfg.ctrl_version = 0x00020000u;
	EXPECT_ERR(hpnic_open_backend(&mock_ops, "0", &dev), -ENODEV);
	EXPECT_DEV_MSG("block CTRL at 0x100: version 2.0, library built for 1.1");

	mock_cfg_default();
	mcfg.ctrl_version = 0x00000009u;
	EXPECT_ERR(hpnic_open_backend(&mock_ops, "0", &dev), -ENODEV);
	EXPECT_DEV_MSG("version 0.9");

	mock_cfg_default();
	mcfg.ctrl_size = 0x200;
	EXPECT_ERR(hpnic_open_backend(&mock_ops, "0", &dev), -ENODEV);
	EXPECT_DEV_MSG("block CTRL");

	/* the backend table: bad registrations, then the mock reachable by name */
	EXPECT_ERR(hpnic_register_backend(NULL, &mock_ops), -EINVAL);
	EXPECT_ERR(hpnic_register_backend("", &mock_ops), -EINVAL);
	EXPECT_ERR(hpnic_register_backend("mo:ck", &mock_ops), -EINVAL);
	EXPECT_ERR(hpnic_register_backend("mock", NULL), -EINVAL);
	EXPECT_ERR(hpnic_register_backend("pci", &mock_ops), -EEXIST);
	CHECK(hpnic_register_backend("mock", &mock_ops) == 0, "register mock: %s",
	      hpnic_last_error());
	EXPECT_ERR(hpnic_register_backend("mock", &mock_ops), -EEXIST);
	mock_cfg_default();
	CHECK(hpnic_open("mock:0", &dev) == 0 && dev, "open mock:0 by name: %s",
	      hpnic_last_error());
	if (dev) {
		CHECK(hpnic_close(dev) == 0, "close mock:0");
		dev = NULL;
	}
	{
		static const char *const extra[] = { "x1", "x2", "x3", "x4", "x5", "x6", "x7" };
		int r = 0;
		for (size_t k = 0; k < sizeof(extra) / sizeof(extra[0]) && r == 0; k++)
			r = hpnic_register_backend(extra[k], &mock_ops);
		CHECK(r == -ENOSPC, "a full backend table: %d, want -ENOSPC", r);
	}
	EXPECT_ERR(hpnic_open("sim:0", &dev), -ENODEV);
	EXPECT_MSG("hpnic_sim.o");

	mock_cfg_default();
	mcfg.skip_cc = 1;
	EXPECT_ERR(hpnic_open_backend(&mock_ops, "0", &dev), -ENODEV);
	EXPECT_DEV_MSG("block CC");
	EXPECT_MSG("missing");

	mock_cfg_default();
	mcfg.next_back = 1;
	EXPECT_ERR(hpnic_open_backend(&mock_ops, "0", &dev), -ENODEV);
	EXPECT_DEV_MSG("NEXT");

	mock_cfg_default();
	mcfg.loop = 1;
	EXPECT_ERR(hpnic_open_backend(&mock_ops, "0", &dev), -ENODEV);

	mock_cfg_default();
	mcfg.scratch_broken = 1;
	EXPECT_ERR(hpnic_open_backend(&mock_ops, "0", &dev), -EIO);
	EXPECT_DEV_MSG("SCRATCH");

	mock_cfg_default();
	mcfg.ready_after = UINT_MAX;
	EXPECT_ERR(hpnic_open_backend(&mock_ops, "0", &dev), -ETIMEDOUT);
	EXPECT_DEV_MSG("CTRL.STATUS");

	mock_cfg_default();
	mcfg.qp_cfg = HPNIC_SET(HPNIC_ID_QP_CFG_QPN_WIDTH, 13) |
		      HPNIC_SET(HPNIC_ID_QP_CFG_MR_LOG2, 10);
	EXPECT_ERR(hpnic_open_backend(&mock_ops, "0", &dev), -ENODEV);
	EXPECT_DEV_MSG("QPN_WIDTH");

	/* a newer minor version and an unknown block are accepted */
	mock_cfg_default();
	mcfg.ctrl_version = 0x00010005u;
	mcfg.unknown_block = 1;
	mcfg.ready_after = 40;
	dev = open_mock();
	if (!dev)
		return;
	CHECK(mock->progress_calls >= 40, "open did not wait for CTRL.STATUS");
	CHECK(mock->regs[HPNIC_CTRL_MAC_LO / 4] == 0x0a0b0c0du &&
	      mock->regs[HPNIC_CTRL_MAC_HI / 4] == 0x0200u &&
	      mock->regs[HPNIC_CTRL_IP / 4] == 0x0a000001u, "CTRL.MAC/IP not programmed");

	EXPECT_ERR(hpnic_query_device(NULL, &a), -EINVAL);
	EXPECT_ERR(hpnic_query_device(dev, NULL), -EINVAL);
	EXPECT_OK(hpnic_query_device(dev, &a));
	CHECK(a.build_date == 0x20261123u && a.git_hash == 0xc71f588du, "ID identity");
	CHECK(a.qpn_width == 12 && a.max_qps == 4096 && a.max_mrs == 1024 && a.max_cqs == 256,
	      "ID sizes %u %u %u %u", a.qpn_width, a.max_qps, a.max_mrs, a.max_cqs);
	CHECK(a.data_width_bytes == 64 && a.clk_mhz == 250, "ID.DATAPATH");
	CHECK(a.cc_modes == (HPNIC_ID_CC_MODES_HPCC_MASK | HPNIC_ID_CC_MODES_DCQCN_MASK) &&
	      a.num_counters == HPNIC_NUM_COUNTERS, "CC modes, counters");
	CHECK(a.max_qp_rd_atom == 16 && a.max_qp_dest_rd_atom == 16, "ID.RD_ATOMIC: %u %u",
	      a.max_qp_rd_atom, a.max_qp_dest_rd_atom);
	CHECK(a.mac[0] == 0x02 && a.mac[5] == 0x0d && a.ipv4 == 0x0a000001u, "port addresses");
	CHECK(a.max_msg_len == 0x7fffffffu && a.max_sq_depth == 32768, "limits");
	EXPECT_ERR(hpnic_close(NULL), -EINVAL);
	EXPECT_OK(hpnic_close(dev));
}

/*
 * Memory regions
 */
static void test_mr(void)
{
	static uint8_t buf[8192];
	struct hpnic_mr *mr = NULL, *mr2 = NULL, **many;
	struct hpnic_dev *dev;
	uint32_t k1, idx;
	unsigned i;

	mock_cfg_default();
	dev = open_mock();
	if (!dev)
		return;
	EXPECT_ERR(hpnic_reg_mr(NULL, buf, 64, 0, &mr), -EINVAL);
	EXPECT_ERR(hpnic_reg_mr(dev, NULL, 64, 0, &mr), -EINVAL);
	EXPECT_ERR(hpnic_reg_mr(dev, buf, 64, 0, NULL), -EINVAL);
	EXPECT_ERR(hpnic_reg_mr(dev, buf, 0, 0, &mr), -EINVAL);
	EXPECT_ERR(hpnic_reg_mr(dev, buf, (size_t)1 << 48, 0, &mr), -EINVAL);
	EXPECT_ERR(hpnic_reg_mr(dev, (void *)(uintptr_t)(UINTPTR_MAX - 10), 64, 0, &mr), -EINVAL);
	EXPECT_ERR(hpnic_reg_mr(dev, buf, 64, 0x80, &mr), -EINVAL);
	EXPECT_ERR(hpnic_reg_mr(dev, buf, 64, HPNIC_ACCESS_REMOTE_WRITE, &mr), -EINVAL);
	EXPECT_DEV_MSG("LOCAL_WRITE");
	CHECK(mr == NULL, "mr set on failure");
	mock->cfg.fail_map = 1;
	EXPECT_ERR(hpnic_reg_mr(dev, buf, 64, 0, &mr), -EFAULT);
	mock->cfg.fail_map = 0;
	mock->cfg.force_err = HPNIC_ERR_BAD_INDEX;
	EXPECT_ERR(hpnic_reg_mr(dev, buf, 64, 0, &mr), -ERANGE);
	CHECK(mock->live_maps == 0, "a failed registration left a mapping");

	EXPECT_OK(hpnic_reg_mr(dev, buf, sizeof(buf), HPNIC_ACCESS_LOCAL_WRITE |
			       HPNIC_ACCESS_REMOTE_WRITE | HPNIC_ACCESS_REMOTE_READ, &mr));
	if (!mr)
		goto out;
	k1 = hpnic_mr_rkey(mr);
	idx = k1 >> 8;
	CHECK((k1 & 0xff) != 0, "tag 0");
	CHECK(hpnic_mr_lkey(mr) == k1, "lkey");
	CHECK(hpnic_mr_rkey(NULL) == 0 && hpnic_mr_lkey(NULL) == 0, "accessors of NULL");
	CHECK(mock->mr[idx].valid && mock->mr[idx].tag == (k1 & 0xff) &&
	      mock->mr[idx].va == (uint64_t)(uintptr_t)buf && mock->mr[idx].len == sizeof(buf) &&
	      mock->mr[idx].iova == (uint64_t)(uintptr_t)buf + MOCK_IOVA_OFF &&
	      mock->mr[idx].access == (HPNIC_MR_ACCESS_REMOTE_WRITE_MASK |
				       HPNIC_MR_ACCESS_REMOTE_READ_MASK |
				       HPNIC_MR_ACCESS_LOCAL_WRITE_MASK), "MR entry in the NIC");
	mock->cfg.force_err = HPNIC_ERR_BUSY;
	EXPECT_ERR(hpnic_dereg_mr(mr), -EBUSY);
	CHECK(mock->mr[idx].valid, "a failed dereg invalidated the entry");
	EXPECT_ERR(hpnic_dereg_mr(NULL), -EINVAL);
	EXPECT_OK(hpnic_dereg_mr(mr));
	CHECK(!mock->mr[idx].valid, "dereg did not invalidate the entry");

	/* fill the table: the next one has no room; a slot reused gets a new tag */
	many = calloc(MOCK_MRS, sizeof(*many));
	for (i = 0; many && i < MOCK_MRS; i++)
		EXPECT_OK(hpnic_reg_mr(dev, buf + i % 64, 64, 0, &many[i]));
	EXPECT_ERR(hpnic_reg_mr(dev, buf, 64, 0, &mr2), -ENOSPC);
	for (i = 0; many && i < MOCK_MRS; i++) {
		if (many[i] && hpnic_mr_rkey(many[i]) >> 8 == idx)
			CHECK(hpnic_mr_rkey(many[i]) != k1, "a reused slot kept its R_Key");
		EXPECT_OK(hpnic_dereg_mr(many[i]));
	}
	free(many);
out:
	CHECK(mock->live_maps == 0, "mappings left: %d", mock->live_maps);
	EXPECT_OK(hpnic_close(dev));
}

/*
 * Completion queues, QPs, modify
 */
static void connect_attr(struct hpnic_qp_attr *a, uint32_t dqpn)
{
	static const uint8_t mac[6] = { 0x02, 0x00, 0x0a, 0x0b, 0x0c, 0x0e };

	memset(a, 0, sizeof(*a));
	a->dest_qp_num = dqpn;
	a->remote_ipv4 = 0x0a000002u;
	memcpy(a->remote_mac, mac, 6);
	a->sq_psn = 0x100;
	a->rq_psn = 0x200;
}

#define PEER (HPNIC_QP_ATTR_DEST_QPN | HPNIC_QP_ATTR_REMOTE_IP | HPNIC_QP_ATTR_REMOTE_MAC | \
	      HPNIC_QP_ATTR_RQ_PSN)

static int to_rts(struct hpnic_qp *qp)
{
	struct hpnic_qp_attr a;
	int r;

	connect_attr(&a, 7);
	a.qp_state = HPNIC_QPS_INIT;
	if ((r = hpnic_modify_qp(qp, &a, HPNIC_QP_ATTR_STATE)))
		return r;
	a.qp_state = HPNIC_QPS_RTR;
	if ((r = hpnic_modify_qp(qp, &a, HPNIC_QP_ATTR_STATE | PEER | HPNIC_QP_ATTR_SQ_PSN)))
		return r;
	a.qp_state = HPNIC_QPS_RTS;
	return hpnic_modify_qp(qp, &a, HPNIC_QP_ATTR_STATE | HPNIC_QP_ATTR_SQ_PSN);
}

static void test_cq_qp(void)
{
	struct hpnic_dev *dev, *dev2;
	struct hpnic_cq *cq = NULL, *cq_small = NULL, *cq2 = NULL, **cqs;
	struct hpnic_qp *qp = NULL, *qp2 = NULL, *qpx = NULL;
	struct hpnic_qp_init_attr ia;
	struct hpnic_qp_attr a, q;
	struct mock_qp *m;
	unsigned i;

	mock_cfg_default();
	dev = open_mock();
	if (!dev)
		return;

	EXPECT_ERR(hpnic_create_cq(NULL, 16, &cq), -EINVAL);
	EXPECT_ERR(hpnic_create_cq(dev, 16, NULL), -EINVAL);
	EXPECT_ERR(hpnic_create_cq(dev, 0, &cq), -EINVAL);
	EXPECT_ERR(hpnic_create_cq(dev, 1, &cq), -EINVAL);
	EXPECT_ERR(hpnic_create_cq(dev, 3, &cq), -EINVAL);
	EXPECT_ERR(hpnic_create_cq(dev, 65536, &cq), -EINVAL);
	EXPECT_ERR(hpnic_create_cq(dev, 1u << 31, &cq), -EINVAL);
	EXPECT_OK(hpnic_create_cq(dev, 32768, &cq));
	EXPECT_OK(hpnic_destroy_cq(cq));
	cq = NULL;
	EXPECT_ERR(hpnic_destroy_cq(NULL), -EINVAL);

	/* the CQN table fills */
	cqs = calloc(MOCK_CQS, sizeof(*cqs));
	for (i = 0; cqs && i < MOCK_CQS; i++)
		EXPECT_OK(hpnic_create_cq(dev, 2, &cqs[i]));
	EXPECT_ERR(hpnic_create_cq(dev, 2, &cq), -ENOSPC);
	for (i = 0; cqs && i < MOCK_CQS; i++)
		EXPECT_OK(hpnic_destroy_cq(cqs[i]));
	free(cqs);

	EXPECT_OK(hpnic_create_cq(dev, 16, &cq));
	EXPECT_OK(hpnic_create_cq(dev, 4, &cq_small));
	if (!cq || !cq_small)
		goto out;
	CHECK(mock->cq[cq->cqn].enabled && mock->cq[cq->cqn].log2 == 4 &&
	      mock->cq[cq->cqn].base == (uint64_t)(uintptr_t)cq->ring, "CQ entry in the NIC");
	CHECK(cq->ring[31] == 0 && cq->ring[16 * 32 - 1] == 0, "CQ ring not zeroed");

	memset(&ia, 0, sizeof(ia));
	ia.send_cq = cq;
	ia.sq_depth = 8;
	EXPECT_ERR(hpnic_create_qp(NULL, &ia, &qp), -EINVAL);
	EXPECT_ERR(hpnic_create_qp(dev, NULL, &qp), -EINVAL);
	EXPECT_ERR(hpnic_create_qp(dev, &ia, NULL), -EINVAL);
	ia.send_cq = NULL;
	EXPECT_ERR(hpnic_create_qp(dev, &ia, &qp), -EINVAL);
	ia.send_cq = cq;
	ia.sq_depth = 0;
	EXPECT_ERR(hpnic_create_qp(dev, &ia, &qp), -EINVAL);
	ia.sq_depth = 1;
	EXPECT_ERR(hpnic_create_qp(dev, &ia, &qp), -EINVAL);
	ia.sq_depth = 6;
	EXPECT_ERR(hpnic_create_qp(dev, &ia, &qp), -EINVAL);
	ia.sq_depth = 65536;
	EXPECT_ERR(hpnic_create_qp(dev, &ia, &qp), -EINVAL);
	ia.sq_depth = 8;
	ia.path_mtu = 100;
	EXPECT_ERR(hpnic_create_qp(dev, &ia, &qp), -EINVAL);
	ia.path_mtu = 32;
	EXPECT_ERR(hpnic_create_qp(dev, &ia, &qp), -EINVAL);
	ia.path_mtu = 8192;
	EXPECT_ERR(hpnic_create_qp(dev, &ia, &qp), -EINVAL);
	ia.path_mtu = 32768;
	EXPECT_ERR(hpnic_create_qp(dev, &ia, &qp), -EINVAL);
	ia.path_mtu = 0;
	ia.sq_depth = 32;
	EXPECT_ERR(hpnic_create_qp(dev, &ia, &qp), -ENOSPC);  /* CQ of 16 */
	EXPECT_DEV_MSG("hpnic_create_qp: CQ");

	/* a CQ of another device */
	dev2 = open_mock();
	if (dev2) {
		EXPECT_OK(hpnic_create_cq(dev2, 16, &cq2));
		ia.send_cq = cq2;
		ia.sq_depth = 8;
		EXPECT_ERR(hpnic_create_qp(dev, &ia, &qp), -EINVAL);
		EXPECT_DEV_MSG("another device (mock:0)");
		EXPECT_ERR(hpnic_close(dev2), -EBUSY);
		EXPECT_DEV_MSG("destroy them first");
		EXPECT_OK(hpnic_destroy_cq(cq2));
		EXPECT_OK(hpnic_close(dev2));
		mock = NULL;
	}
	/* mock points to the last opened; find dev's again through a new CQ */
	ia.send_cq = cq;
	ia.sq_depth = 8;
	ia.path_mtu = 1024;
	mock = (struct hpnic_backend *)dev->be;
	EXPECT_OK(hpnic_create_qp(dev, &ia, &qp));
	if (!qp)
		goto out;
	CHECK(hpnic_qp_num(qp) == HPNIC_QPN_FIRST, "first QPN %u, expected %u", hpnic_qp_num(qp),
	      HPNIC_QPN_FIRST);
	CHECK(hpnic_qp_num(NULL) == 0, "hpnic_qp_num(NULL)");
	m = &mock->qp[qp->qpn];
	CHECK(m->state == HPNIC_QPS_RESET && m->mtu == 10 && m->sq_log2 == 3 &&
	      m->cqn == cq->cqn && m->sport == (0xc000u | qp->qpn) && m->dscp == 0x6a &&
	      m->sq_base == (uint64_t)(uintptr_t)qp->ring && m->starts == 0,
	      "QP context at create: state %u mtu %u log2 %u sport 0x%x", m->state, m->mtu,
	      m->sq_log2, m->sport);
	ia.sq_depth = 16;       /* 8 + 16 > 16 */
	EXPECT_ERR(hpnic_create_qp(dev, &ia, &qp2), -ENOSPC);
	ia.sq_depth = 4;
	ia.send_cq = cq_small;
	ia.path_mtu = 64;
	EXPECT_OK(hpnic_create_qp(dev, &ia, &qpx));
	EXPECT_ERR(hpnic_destroy_cq(cq_small), -EBUSY);
	EXPECT_DEV_MSG("used by");

	/* modify: arguments and the state machine */
	connect_attr(&a, 7);
	EXPECT_ERR(hpnic_modify_qp(NULL, &a, 0), -EINVAL);
	EXPECT_ERR(hpnic_modify_qp(qp, NULL, 0), -EINVAL);
	EXPECT_ERR(hpnic_modify_qp(qp, &a, 0x800), -EINVAL);
	a.qp_state = 5;
	EXPECT_ERR(hpnic_modify_qp(qp, &a, HPNIC_QP_ATTR_STATE), -EINVAL);
	a.qp_state = HPNIC_QPS_RTR;
	EXPECT_ERR(hpnic_modify_qp(qp, &a, HPNIC_QP_ATTR_STATE | PEER), -EINVAL);
	EXPECT_DEV_MSG("RESET -> RTR");
	a.qp_state = HPNIC_QPS_RTS;
	EXPECT_ERR(hpnic_modify_qp(qp, &a, HPNIC_QP_ATTR_STATE), -EINVAL);
	a.qp_state = HPNIC_QPS_INIT;
	EXPECT_ERR(hpnic_modify_qp(qp, &a, HPNIC_QP_ATTR_STATE | HPNIC_QP_ATTR_DEST_QPN), -EINVAL);
	EXPECT_DEV_MSG("DEST_QPN");
	a.path_mtu = 100;
	EXPECT_ERR(hpnic_modify_qp(qp, &a, HPNIC_QP_ATTR_STATE | HPNIC_QP_ATTR_PATH_MTU), -EINVAL);
	a.path_mtu = 0;
	EXPECT_ERR(hpnic_modify_qp(qp, &a, HPNIC_QP_ATTR_STATE | HPNIC_QP_ATTR_PATH_MTU), -EINVAL);
	a.cc_mode = HPNIC_CC_MODE_ROCC;
	EXPECT_ERR(hpnic_modify_qp(qp, &a, HPNIC_QP_ATTR_STATE | HPNIC_QP_ATTR_CC_MODE), -EOPNOTSUPP);
	EXPECT_DEV_MSG("CC mode 2: not built into this bitstream (ID.CC_MODES 0x3)");
	a.cc_mode = 9;
	EXPECT_ERR(hpnic_modify_qp(qp, &a, HPNIC_QP_ATTR_STATE | HPNIC_QP_ATTR_CC_MODE), -EINVAL);
	EXPECT_DEV_MSG("CC mode 9: not a CC mode (0..3)");
	a.cc_mode = HPNIC_CC_MODE_HPCC;
	/* a hardware error leaves the QP as it was */
	mock->cfg.force_err = HPNIC_ERR_BAD_VALUE;
	EXPECT_ERR(hpnic_modify_qp(qp, &a, HPNIC_QP_ATTR_STATE), -EINVAL);
	EXPECT_DEV_MSG("BAD_VALUE");
	mock->cfg.force_err = HPNIC_ERR_BAD_INDEX;
	EXPECT_ERR(hpnic_modify_qp(qp, &a, HPNIC_QP_ATTR_STATE), -ERANGE);
	mock->cfg.force_err = HPNIC_ERR_BAD_CMD;
	EXPECT_ERR(hpnic_modify_qp(qp, &a, HPNIC_QP_ATTR_STATE), -EIO);
	mock->cfg.force_err = HPNIC_ERR_BUSY;
	EXPECT_ERR(hpnic_modify_qp(qp, &a, HPNIC_QP_ATTR_STATE), -EBUSY);
	mock->cfg.force_err = 0x77;
	EXPECT_ERR(hpnic_modify_qp(qp, &a, HPNIC_QP_ATTR_STATE), -EIO);
	mock->cfg.busy_forever = 1;
	EXPECT_ERR(hpnic_modify_qp(qp, &a, HPNIC_QP_ATTR_STATE), -ETIMEDOUT);
	mock->cfg.busy_forever = 0;
	EXPECT_ERR(hpnic_query_qp(NULL, &q), -EINVAL);
	EXPECT_ERR(hpnic_query_qp(qp, NULL), -EINVAL);
	EXPECT_OK(hpnic_query_qp(qp, &q));
	CHECK(q.qp_state == HPNIC_QPS_RESET, "state after failed modifies: %u", q.qp_state);

	a.qp_state = HPNIC_QPS_INIT;
	a.path_mtu = 4096;
	a.dscp_ecn = 0x2e;
	EXPECT_OK(hpnic_modify_qp(qp, &a, HPNIC_QP_ATTR_STATE | HPNIC_QP_ATTR_PATH_MTU |
				  HPNIC_QP_ATTR_DSCP_ECN));
	CHECK(m->state == HPNIC_QPS_INIT && m->mtu == 12 && m->dscp == 0x2e, "INIT context");
	a.qp_state = HPNIC_QPS_RTR;
	EXPECT_ERR(hpnic_modify_qp(qp, &a, HPNIC_QP_ATTR_STATE | HPNIC_QP_ATTR_DEST_QPN |
				   HPNIC_QP_ATTR_REMOTE_IP | HPNIC_QP_ATTR_RQ_PSN), -EINVAL);
	EXPECT_DEV_MSG("REMOTE_MAC");
	a.dest_qp_num = 1u << 24;
	EXPECT_ERR(hpnic_modify_qp(qp, &a, HPNIC_QP_ATTR_STATE | PEER), -EINVAL);
	a.dest_qp_num = 7;
	a.rq_psn = 1u << 24;
	EXPECT_ERR(hpnic_modify_qp(qp, &a, HPNIC_QP_ATTR_STATE | PEER), -EINVAL);
	a.rq_psn = 0x200;
	a.sq_psn = 0x1000000;
	EXPECT_ERR(hpnic_modify_qp(qp, &a, HPNIC_QP_ATTR_STATE | PEER | HPNIC_QP_ATTR_SQ_PSN),
		   -EINVAL);
	a.sq_psn = 0xffffff;
	CHECK(m->starts == 0, "START before RTR");
	EXPECT_OK(hpnic_modify_qp(qp, &a, HPNIC_QP_ATTR_STATE | PEER | HPNIC_QP_ATTR_SQ_PSN));
	CHECK(m->starts == 1 && m->start_rq == 1 && m->state == HPNIC_QPS_RTR && m->dqpn == 7 &&
	      m->dip == 0x0a000002u && m->dmac_lo == 0x0a0b0c0eu && m->dmac_hi == 0x0200u &&
	      m->rq_psn == 0x200, "RTR context / START_RQ");
	a.qp_state = HPNIC_QPS_RTS;
	EXPECT_ERR(hpnic_modify_qp(qp, &a, HPNIC_QP_ATTR_STATE | HPNIC_QP_ATTR_RQ_PSN), -EINVAL);
	/* max_rd_atomic: 1..ID.RD_ATOMIC (0, verbs' "no READs", has no meaning) */
	CHECK(m->max_rd == 0, "MAX_RD_ATOMIC before it was set: %u (0: the maximum)", m->max_rd);
	a.max_rd_atomic = 0;
	EXPECT_ERR(hpnic_modify_qp(qp, &a, HPNIC_QP_ATTR_STATE | HPNIC_QP_ATTR_MAX_RD_ATOMIC),
		   -EINVAL);
	EXPECT_DEV_MSG("max_rd_atomic 0");
	a.max_rd_atomic = 17;
	EXPECT_ERR(hpnic_modify_qp(qp, &a, HPNIC_QP_ATTR_STATE | HPNIC_QP_ATTR_MAX_RD_ATOMIC),
		   -EINVAL);
	a.max_rd_atomic = 4;
	/* as verbs: the send PSN may come at RTS, and START_SQ takes it there */
	a.sq_psn = 0x123456;
	EXPECT_OK(hpnic_modify_qp(qp, &a, HPNIC_QP_ATTR_STATE | HPNIC_QP_ATTR_SQ_PSN |
				  HPNIC_QP_ATTR_MAX_RD_ATOMIC));
	CHECK(m->starts == 2 && m->start_sq == 1 && m->state == HPNIC_QPS_RTS &&
	      m->sq_psn == 0x123456 && m->max_rd == 4, "RTS: state %u, %u STARTs, SQ PSN 0x%x, "
	      "max_rd_atomic %u", m->state, m->starts, m->sq_psn, m->max_rd);
	EXPECT_OK(hpnic_query_qp(qp, &q));
	CHECK(q.max_rd_atomic == 4, "query: max_rd_atomic %u", q.max_rd_atomic);
	/* connected: it is the peer's to bound, fixed until the next connection */
	EXPECT_ERR(hpnic_modify_qp(qp, &a, HPNIC_QP_ATTR_MAX_RD_ATOMIC), -EINVAL);
	a.udp_sport = 0xd000;
	EXPECT_OK(hpnic_modify_qp(qp, &a, HPNIC_QP_ATTR_UDP_SPORT));
	CHECK(m->sport == 0xd000 && m->state == HPNIC_QPS_RTS, "RTS -> RTS sport");
	EXPECT_ERR(hpnic_modify_qp(qp, &a, HPNIC_QP_ATTR_PATH_MTU), -EINVAL);
	a.qp_state = HPNIC_QPS_INIT;
	EXPECT_ERR(hpnic_modify_qp(qp, &a, HPNIC_QP_ATTR_STATE), -EINVAL);
	a.qp_state = HPNIC_QPS_ERR;
	EXPECT_ERR(hpnic_modify_qp(qp, &a, HPNIC_QP_ATTR_STATE | HPNIC_QP_ATTR_DSCP_ECN), -EINVAL);
	EXPECT_OK(hpnic_modify_qp(qp, &a, HPNIC_QP_ATTR_STATE));
	CHECK(m->state == HPNIC_QPS_ERR, "ERR not written to the NIC");
	a.qp_state = HPNIC_QPS_RTS;
	EXPECT_ERR(hpnic_modify_qp(qp, &a, HPNIC_QP_ATTR_STATE), -EINVAL);
	a.qp_state = HPNIC_QPS_RESET;
	EXPECT_OK(hpnic_modify_qp(qp, &a, HPNIC_QP_ATTR_STATE));
	EXPECT_OK(hpnic_query_qp(qp, &q));
	CHECK(q.qp_state == HPNIC_QPS_RESET && q.dest_qp_num == 0 && q.path_mtu == 1024 &&
	      q.dscp_ecn == 0x6a && q.max_rd_atomic == 16, "RESET restores the defaults");

	EXPECT_ERR(hpnic_destroy_qp(NULL), -EINVAL);
	EXPECT_ERR(hpnic_close(dev), -EBUSY);
	EXPECT_OK(hpnic_destroy_qp(qp));
	EXPECT_OK(hpnic_destroy_qp(qpx));
	EXPECT_OK(hpnic_destroy_cq(cq_small));
	cq_small = NULL;
	EXPECT_OK(hpnic_destroy_cq(cq));
	cq = NULL;
out:
	if (cq_small)
		hpnic_destroy_cq(cq_small);
	if (cq)
		hpnic_destroy_cq(cq);
	CHECK(mock->live_allocs == 0, "DMA allocations left: %d", mock->live_allocs);
	EXPECT_OK(hpnic_close(dev));
}

/*
 * Posting and completions
 */
/* a WQE names its buffer by virtual address and L_Key (the NIC checks and
 * translates them) */
static int wqe_ok(struct hpnic_qp *qp, uint32_t idx, unsigned op, uint32_t len, uint64_t laddr,
		  uint32_t lkey, uint64_t rva, uint32_t rkey, uint64_t wr_id)
{
	const uint8_t *w = qp->ring + (size_t)(idx & (qp->depth - 1)) * HPNIC_WQE_SIZE;
	uint64_t la = (uint64_t)hpnic_get_le32(w + 12) << 32 | hpnic_get_le32(w + 8);
	uint64_t ra = (uint64_t)hpnic_get_le32(w + 20) << 32 | hpnic_get_le32(w + 16);
	uint64_t id = (uint64_t)hpnic_get_le32(w + 36) << 32 | hpnic_get_le32(w + 32);
	unsigned i;

	for (i = 40; i < HPNIC_WQE_SIZE; i++)
		if (w[i])
			return 0;
	return w[HPNIC_WQE_OPCODE_OFF] == op && hpnic_get_le32(w + HPNIC_WQE_LENGTH_OFF) == len &&
	       la == laddr && ra == rva && hpnic_get_le32(w + HPNIC_WQE_RKEY_OFF) == rkey &&
	       id == wr_id && !w[2] && !w[3] && hpnic_get_le32(w + HPNIC_WQE_LKEY_OFF) == lkey;
}

static void test_post_poll(void)
{
	/* the region is the middle of area, so that a range just outside it is
	 * still a valid pointer */
	static uint8_t area[64 + 4096 + 64], ro[256];
	uint8_t *buf = area + 64;
	struct hpnic_dev *dev, *dev2;
	struct hpnic_mr *mr = NULL, *mr_ro = NULL, *mr2 = NULL;
	struct hpnic_cq *cq = NULL, *cq4 = NULL;
	struct hpnic_qp *qp = NULL, *qp4 = NULL, *qp64 = NULL;
	struct hpnic_qp_init_attr ia;
	struct hpnic_qp_attr a;
	struct hpnic_wc wc[8];
	struct hpnic_backend *mk;
	unsigned i, round, calls;
	int n;

	mock_cfg_default();
	dev = open_mock();
	if (!dev)
		return;
	mk = mock;
	EXPECT_OK(hpnic_reg_mr(dev, buf, 4096, HPNIC_ACCESS_LOCAL_WRITE, &mr));
	EXPECT_OK(hpnic_reg_mr(dev, ro, sizeof(ro), HPNIC_ACCESS_REMOTE_READ, &mr_ro));
	EXPECT_OK(hpnic_create_cq(dev, 16, &cq));
	EXPECT_OK(hpnic_create_cq(dev, 4, &cq4));
	memset(&ia, 0, sizeof(ia));
	ia.send_cq = cq;
	ia.sq_depth = 4;
	EXPECT_OK(hpnic_create_qp(dev, &ia, &qp));
	ia.path_mtu = 64;
	EXPECT_OK(hpnic_create_qp(dev, &ia, &qp64));
	ia.path_mtu = 0;
	ia.send_cq = cq4;
	ia.sq_sig_all = 1;
	EXPECT_OK(hpnic_create_qp(dev, &ia, &qp4));
	if (!mr || !mr_ro || !cq || !cq4 || !qp || !qp64 || !qp4)
		goto out;

	/* posting on a RESET QP, and every argument */
	EXPECT_ERR(hpnic_post_write(qp, 1, mr, buf, 64, 0x1000, 0x105, HPNIC_WR_SIGNALED), -EINVAL);
	EXPECT_MSG("RESET");
	EXPECT_OK(to_rts(qp));
	EXPECT_OK(to_rts(qp64));
	EXPECT_OK(to_rts(qp4));
	EXPECT_ERR(hpnic_post_write(NULL, 1, mr, buf, 64, 0, 0, 0), -EINVAL);
	EXPECT_ERR(hpnic_post_write(qp, 1, mr, buf, 64, 0, 0, 0x4), -EINVAL);
	EXPECT_MSG("unknown flags");
	EXPECT_ERR(hpnic_post_write(qp, 1, NULL, buf, 64, 0, 0, 0), -EINVAL);
	EXPECT_ERR(hpnic_post_write(qp, 1, mr, NULL, 64, 0, 0, 0), -EINVAL);
	EXPECT_ERR(hpnic_post_write(qp, 1, mr, buf - 1, 64, 0, 0, 0), -EINVAL);
	EXPECT_MSG("not inside the MR");
	EXPECT_ERR(hpnic_post_write(qp, 1, mr, buf + 4000, 97, 0, 0, 0), -EINVAL);
	EXPECT_ERR(hpnic_post_write(qp, 1, mr, buf + 4096, 1, 0, 0, 0), -EINVAL);
	EXPECT_ERR(hpnic_post_write(qp, 1, mr, buf, 0x80000000u, 0, 0, 0), -EINVAL);
	EXPECT_ERR(hpnic_post_write(qp, 1, mr, buf, 0xffffffffu, 0, 0, 0), -EINVAL);
	EXPECT_ERR(hpnic_post_write(qp64, 1, mr, buf, 1u << 29, 0, 0, 0), -EINVAL);
	EXPECT_MSG("packets");
	EXPECT_ERR(hpnic_post_read(qp, 1, mr_ro, ro, 16, 0, 0, 0), -EACCES);
	EXPECT_ERR(hpnic_post_read(NULL, 1, mr, buf, 16, 0, 0, 0), -EINVAL);
	mk->cfg.features = HPNIC_ID_FEATURES_WRITE_MASK;
	dev->attr.features = HPNIC_ID_FEATURES_WRITE_MASK;   /* a WRITE-only bitstream */
	EXPECT_ERR(hpnic_post_read(qp, 1, mr, buf, 16, 0, 0, 0), -EOPNOTSUPP);
	dev->attr.features |= HPNIC_ID_FEATURES_READ_MASK;
	dev2 = open_mock();
	if (dev2) {
		EXPECT_OK(hpnic_reg_mr(dev2, buf, 64, 0, &mr2));
		EXPECT_ERR(hpnic_post_write(qp, 1, mr2, buf, 64, 0, 0, 0), -EINVAL);
		EXPECT_MSG("another device");
		EXPECT_OK(hpnic_dereg_mr(mr2));
		EXPECT_OK(hpnic_close(dev2));
	}
	CHECK(mk->ndb == 0, "a rejected post rang the doorbell");

	/* WQE layout and doorbells; the queue fills at its depth */
	EXPECT_OK(hpnic_post_write(qp, 0x1111, mr, buf + 8, 100, 0xabcdef000ull, 0x105,
				   HPNIC_WR_SIGNALED));
	CHECK(wqe_ok(qp, 0, HPNIC_WQE_OPCODE_RDMA_WRITE, 100, (uintptr_t)(buf + 8),
		     hpnic_mr_lkey(mr), 0xabcdef000ull, 0x105, 0x1111),
	      "WRITE WQE bytes");
	CHECK(qp->ring[HPNIC_WQE_FLAGS_OFF] == HPNIC_WQE_FLAGS_SIGNALED_MASK, "WQE flags");
	CHECK(mk->ndb == 1 && mk->db[qp->qpn] == 1, "doorbell: %u writes, value %u", mk->ndb,
	      mk->db[qp->qpn]);
	EXPECT_OK(hpnic_post_read(qp, 0x2222, mr, buf + 4095, 1, 0x5000, 0x205, HPNIC_WR_SIGNALED));
	CHECK(wqe_ok(qp, 1, HPNIC_WQE_OPCODE_RDMA_READ, 1, (uintptr_t)(buf + 4095),
		     hpnic_mr_lkey(mr), 0x5000, 0x205, 0x2222),
	      "READ WQE bytes");
	EXPECT_OK(hpnic_post_write(qp, 0x3333, NULL, NULL, 0, 0x6000, 0x305, 0));  /* unsignaled */
	EXPECT_OK(hpnic_post_write(qp, 0x4444, mr, buf, 4096, 0x7000, 0x405, HPNIC_WR_SIGNALED));
	EXPECT_ERR(hpnic_post_write(qp, 0x5555, mr, buf, 64, 0, 0, HPNIC_WR_SIGNALED), -ENOMEM);
	EXPECT_MSG("full");
	CHECK(mk->db[qp->qpn] == 4, "doorbell value %u", mk->db[qp->qpn]);

	/* completions: nothing yet, then in order; the unsignaled one is silent */
	EXPECT_ERR(hpnic_poll_cq(NULL, 8, wc), -EINVAL);
	EXPECT_ERR(hpnic_poll_cq(cq, 8, NULL), -EINVAL);
	EXPECT_ERR(hpnic_poll_cq(cq, 0, wc), -EINVAL);
	EXPECT_ERR(hpnic_poll_cq(cq, -1, wc), -EINVAL);
	calls = mk->progress_calls;
	n = hpnic_poll_cq(cq, 8, wc);
	CHECK(n == 0 && mk->progress_calls == calls + 1, "empty poll: %d, progress %u", n,
	      mk->progress_calls - calls);
	mock_complete(mk, qp->qpn, 0, HPNIC_CQE_STATUS_OK);
	mock_complete(mk, qp->qpn, 1, HPNIC_CQE_STATUS_OK);
	mock_complete(mk, qp->qpn, 2, HPNIC_CQE_STATUS_OK);
	n = hpnic_poll_cq(cq, 1, wc);
	CHECK(n == 1 && wc[0].wr_id == 0x1111 && wc[0].status == HPNIC_WC_SUCCESS &&
	      wc[0].opcode == HPNIC_WC_RDMA_WRITE && wc[0].byte_len == 100 &&
	      wc[0].qp_num == qp->qpn, "first completion: n %d id 0x%llx", n,
	      (unsigned long long)wc[0].wr_id);
	n = hpnic_poll_cq(cq, 8, wc);
	CHECK(n == 1 && wc[0].wr_id == 0x2222 && wc[0].opcode == HPNIC_WC_RDMA_READ &&
	      wc[0].byte_len == 1, "READ completion, unsignaled one hidden: n %d", n);
	/* room again: 3 completed, 1 outstanding */
	EXPECT_OK(hpnic_post_write(qp, 0x10, mr, buf, 8, 0, 0x105, HPNIC_WR_SIGNALED));
	EXPECT_OK(hpnic_post_write(qp, 0x11, mr, buf, 8, 0, 0x105, HPNIC_WR_SIGNALED));
	EXPECT_OK(hpnic_post_write(qp, 0x12, mr, buf, 8, 0, 0x105, 0));
	/* an error: WQEs before it complete, it fails, those behind are flushed */
	mock_complete(mk, qp->qpn, 3, HPNIC_CQE_STATUS_OK);
	mock_complete(mk, qp->qpn, 9, HPNIC_CQE_STATUS_OK);       /* stale: no such WQE */
	mock_complete(mk, qp->qpn, 4, HPNIC_CQE_STATUS_REMOTE_ERROR);
	n = hpnic_poll_cq(cq, 2, wc);
	CHECK(n == 2 && wc[0].wr_id == 0x4444 && wc[0].status == HPNIC_WC_SUCCESS &&
	      wc[0].byte_len == 4096 && wc[1].wr_id == 0x10 &&
	      wc[1].status == HPNIC_WC_REMOTE_ACCESS_ERR && wc[1].byte_len == 0 &&
	      wc[1].vendor_err == HPNIC_CQE_STATUS_REMOTE_ERROR, "error completion: n %d", n);
	CHECK(cq->stale == 1, "stale CQEs %llu", (unsigned long long)cq->stale);
	EXPECT_OK(hpnic_query_qp(qp, &a));
	CHECK(a.qp_state == HPNIC_QPS_ERR && mk->qp[qp->qpn].state == HPNIC_QPS_ERR,
	      "QP not in ERR after an error completion");
	EXPECT_ERR(hpnic_post_write(qp, 0x13, mr, buf, 8, 0, 0x105, 0), -EINVAL);
	EXPECT_MSG("ERR");
	n = hpnic_poll_cq(cq, 1, wc);
	CHECK(n == 1 && wc[0].wr_id == 0x11 && wc[0].status == HPNIC_WC_WR_FLUSH_ERR &&
	      wc[0].qp_num == qp->qpn, "first flush: n %d", n);
	n = hpnic_poll_cq(cq, 8, wc);
	CHECK(n == 1 && wc[0].wr_id == 0x12 && wc[0].status == HPNIC_WC_WR_FLUSH_ERR,
	      "second flush (unsignaled: flushes are always reported): n %d", n);
	n = hpnic_poll_cq(cq, 8, wc);
	CHECK(n == 0, "extra completions: %d", n);

	/* HPNIC_WR_MORE defers the doorbell to the batch's last post; the NIC
	 * writes CQEs only for signaled WQEs, and one retires those before it;
	 * the WQE that fills the queue is signaled to the NIC anyway */
	calls = mk->ndb;
	EXPECT_OK(hpnic_post_write(qp64, 0x61, mr, buf, 8, 0, 0x105, HPNIC_WR_MORE));
	CHECK(qp64->ring[HPNIC_WQE_FLAGS_OFF] == 0, "unsignaled WQE flags 0x%x",
	      qp64->ring[HPNIC_WQE_FLAGS_OFF]);
	EXPECT_OK(hpnic_post_write(qp64, 0x62, mr, buf, 8, 0, 0x105, HPNIC_WR_MORE));
	CHECK(mk->ndb == calls, "HPNIC_WR_MORE rang the doorbell");
	EXPECT_OK(hpnic_post_write(qp64, 0x63, mr, buf, 8, 0, 0x105, HPNIC_WR_SIGNALED));
	CHECK(mk->ndb == calls + 1 && mk->db[qp64->qpn] == 3, "batch doorbell: %u writes, value %u",
	      mk->ndb - calls, mk->db[qp64->qpn]);
	EXPECT_OK(hpnic_post_write(qp64, 0x64, mr, buf, 8, 0, 0x105, 0));
	CHECK(qp64->ring[3 * HPNIC_WQE_SIZE + HPNIC_WQE_FLAGS_OFF] == HPNIC_WQE_FLAGS_SIGNALED_MASK,
	      "the WQE that fills the queue is not signaled to the NIC");
	mock_complete(mk, qp64->qpn, 2, HPNIC_CQE_STATUS_OK);
	n = hpnic_poll_cq(cq, 8, wc);
	CHECK(n == 1 && wc[0].wr_id == 0x63 && qp64->ci == 3,
	      "one CQE for three WQEs: n %d id 0x%llx ci %u", n, (unsigned long long)wc[0].wr_id,
	      qp64->ci);
	mock_complete(mk, qp64->qpn, 3, HPNIC_CQE_STATUS_OK);
	n = hpnic_poll_cq(cq, 8, wc);
	CHECK(n == 0 && qp64->ci == 4, "forced signal not hidden: n %d ci %u", n, qp64->ci);

	/* back to RTS: the send queue restarts at index 0 */
	a.qp_state = HPNIC_QPS_RESET;
	EXPECT_OK(hpnic_modify_qp(qp, &a, HPNIC_QP_ATTR_STATE));
	EXPECT_OK(to_rts(qp));
	EXPECT_OK(hpnic_post_write(qp, 0x20, mr, buf, 8, 0, 0x105, HPNIC_WR_SIGNALED));
	EXPECT_OK(hpnic_post_write(qp, 0x21, mr, buf, 8, 0, 0x105, HPNIC_WR_SIGNALED));
	EXPECT_OK(hpnic_post_write(qp, 0x22, mr, buf, 8, 0, 0x105, HPNIC_WR_SIGNALED));
	CHECK(mk->db[qp->qpn] == 3, "doorbell after restart: %u", mk->db[qp->qpn]);
	/* the user moves it to ERR with one completion already in the CQ: that
	 * one comes back as it was, the rest are flushed, a late CQE is dropped */
	mock_complete(mk, qp->qpn, 0, HPNIC_CQE_STATUS_OK);
	a.qp_state = HPNIC_QPS_ERR;
	EXPECT_OK(hpnic_modify_qp(qp, &a, HPNIC_QP_ATTR_STATE));
	mock_complete(mk, qp->qpn, 1, HPNIC_CQE_STATUS_RETRY_EXCEEDED);
	n = hpnic_poll_cq(cq, 8, wc);
	CHECK(n == 3 && wc[0].wr_id == 0x20 && wc[0].status == HPNIC_WC_SUCCESS &&
	      wc[1].wr_id == 0x21 && wc[1].status == HPNIC_WC_WR_FLUSH_ERR &&
	      wc[2].wr_id == 0x22 && wc[2].status == HPNIC_WC_WR_FLUSH_ERR,
	      "modify to ERR: n %d, %llx/%d %llx/%d", n, (unsigned long long)wc[0].wr_id,
	      wc[0].status, (unsigned long long)wc[1].wr_id, wc[1].status);
	/* RESET discards completions not yet polled */
	a.qp_state = HPNIC_QPS_RESET;
	EXPECT_OK(hpnic_modify_qp(qp, &a, HPNIC_QP_ATTR_STATE));
	EXPECT_OK(to_rts(qp));
	EXPECT_OK(hpnic_post_write(qp, 0x30, mr, buf, 8, 0, 0x105, HPNIC_WR_SIGNALED));
	mock_complete(mk, qp->qpn, 0, HPNIC_CQE_STATUS_OK);
	a.qp_state = HPNIC_QPS_RESET;
	EXPECT_OK(hpnic_modify_qp(qp, &a, HPNIC_QP_ATTR_STATE));
	/* reconnected and reposted before polling: the old CQE for index 0 must
	 * not complete the new WQE at index 0 */
	EXPECT_OK(to_rts(qp));
	EXPECT_OK(hpnic_post_write(qp, 0x31, mr, buf, 8, 0, 0x105, HPNIC_WR_SIGNALED));
	n = hpnic_poll_cq(cq, 8, wc);
	CHECK(n == 0, "RESET left %d completions", n);
	mock_complete(mk, qp->qpn, 0, HPNIC_CQE_STATUS_OK);
	n = hpnic_poll_cq(cq, 8, wc);
	CHECK(n == 1 && wc[0].wr_id == 0x31, "after RESET: %d", n);
	a.qp_state = HPNIC_QPS_RESET;
	EXPECT_OK(hpnic_modify_qp(qp, &a, HPNIC_QP_ATTR_STATE));

	/* the phase flips at every pass over a small ring; other statuses */
	for (round = 0; round < 5; round++) {
		for (i = 0; i < 4; i++)
			EXPECT_OK(hpnic_post_write(qp4, round * 4 + i, mr, buf, 8, 0, 0x105, 0));
		for (i = 0; i < 4; i++)
			mock_complete(mk, qp4->qpn, round * 4 + i, HPNIC_CQE_STATUS_OK);
		n = hpnic_poll_cq(cq4, 8, wc);
		CHECK(n == 4 && wc[0].wr_id == round * 4 && wc[3].wr_id == round * 4 + 3,
		      "round %u: %d completions", round, n);
	}
	EXPECT_OK(hpnic_post_write(qp4, 0x40, mr, buf, 8, 0, 0x105, 0));
	mock_complete(mk, qp4->qpn, 20, HPNIC_CQE_STATUS_LOCAL_ERROR);
	n = hpnic_poll_cq(cq4, 8, wc);
	CHECK(n == 1 && wc[0].status == HPNIC_WC_LOC_ERR, "LOCAL_ERROR: n %d status %d", n,
	      wc[0].status);

	/* wait: timeout in simulated time, then a completion */
	EXPECT_ERR(hpnic_wait_cq(NULL, 8, wc, 1000), -EINVAL);
	EXPECT_ERR(hpnic_wait_cq(cq, 0, wc, 1000), -EINVAL);
	calls = mk->progress_calls;
	EXPECT_ERR(hpnic_wait_cq(cq, 8, wc, 100000), -ETIMEDOUT);
	EXPECT_DEV_MSG("hpnic_wait_cq: no completion");
	/* 64 cycles at 250 MHz = 256 ns per call: about 391 calls for 100 us */
	CHECK(mk->progress_calls - calls >= 390 && mk->progress_calls - calls <= 400,
	      "wait ran %u progress calls", mk->progress_calls - calls);
	mk->cfg.progress_cycles = 0;     /* a board: wall-clock time */
	EXPECT_ERR(hpnic_wait_cq(cq, 8, wc, 2000000), -ETIMEDOUT);
	mk->cfg.progress_cycles = 64;
	EXPECT_OK(to_rts(qp));
	EXPECT_OK(hpnic_post_write(qp, 0x50, mr, buf, 8, 0, 0x105, HPNIC_WR_SIGNALED));
	/* a completion event, asked for before the CQE comes */
	{
		struct hpnic_cq *got = (struct hpnic_cq *)1;

		EXPECT_ERR(hpnic_req_notify_cq(NULL), -EINVAL);
		EXPECT_ERR(hpnic_get_cq_event(NULL, &got), -EINVAL);
		EXPECT_ERR(hpnic_get_cq_event(cq->dev, NULL), -EINVAL);
		EXPECT_ERR(hpnic_event_fd(NULL), -EINVAL);
		EXPECT_ERR(hpnic_event_fd(cq->dev), -EOPNOTSUPP);
		EXPECT_DEV_MSG("hpnic_get_cq_event in a loop");
		EXPECT_OK(hpnic_req_notify_cq(cq));
		n = hpnic_get_cq_event(cq->dev, &got);
		CHECK(n == 0 && got == NULL, "an event before the completion: %d", n);
		mock_complete(mk, qp->qpn, 0, HPNIC_CQE_STATUS_OK);
		n = hpnic_get_cq_event(cq->dev, &got);
		CHECK(n == 1 && got == cq, "the completion's event: %d", n);
		n = hpnic_get_cq_event(cq->dev, &got);
		CHECK(n == 0, "one event per request: %d", n);
	}
	n = hpnic_wait_cq(cq, 8, wc, 1000);
	CHECK(n == 1 && wc[0].wr_id == 0x50, "wait: %d", n);

	/* a CQE of a destroyed QP is dropped, not matched to its successor */
	EXPECT_OK(hpnic_post_write(qp, 0x60, mr, buf, 8, 0, 0x105, HPNIC_WR_SIGNALED));
	mock_complete(mk, qp->qpn, 1, HPNIC_CQE_STATUS_OK);
	EXPECT_OK(hpnic_destroy_qp(qp));
	qp = NULL;
	n = hpnic_poll_cq(cq, 8, wc);
	CHECK(n == 0, "a destroyed QP's CQE came back: %d", n);
out:
	if (qp)
		EXPECT_OK(hpnic_destroy_qp(qp));
	if (qp64)
		EXPECT_OK(hpnic_destroy_qp(qp64));
	if (qp4)
		EXPECT_OK(hpnic_destroy_qp(qp4));
	if (cq)
		EXPECT_OK(hpnic_destroy_cq(cq));
	if (cq4)
		EXPECT_OK(hpnic_destroy_cq(cq4));
	if (mr)
		EXPECT_OK(hpnic_dereg_mr(mr));
	if (mr_ro)
		EXPECT_OK(hpnic_dereg_mr(mr_ro));
	CHECK(mk->live_allocs == 0 && mk->live_maps == 0, "DMA left: %d allocs, %d maps",
	      mk->live_allocs, mk->live_maps);
	EXPECT_OK(hpnic_close(dev));
}

/*
 * HPCC's Variable AI and Sampling Frequency, NIC-wide (CC.VAI_*, CC.SF_ACKS)
 */
static void test_vaisf(void)
{
	static const struct {
		unsigned off;           /* which field, as an offset into the struct */
		unsigned bad;           /* one past its range */
		const char *msg;
	} bad[] = {
		{ offsetof(struct hpnic_vaisf_params, thresh_bytes), 0, "Token Thresh" },
		{ offsetof(struct hpnic_vaisf_params, thresh_bytes), 1u << 23, "Token Thresh" },
		{ offsetof(struct hpnic_vaisf_params, ai_div_bytes), 0, "AI DIV" },
		{ offsetof(struct hpnic_vaisf_params, ai_div_bytes), 1u << 23, "AI DIV" },
		{ offsetof(struct hpnic_vaisf_params, bank_cap), 4096, "Bank Cap" },
		{ offsetof(struct hpnic_vaisf_params, ai_cap), 0, "AI Cap" },
		{ offsetof(struct hpnic_vaisf_params, ai_cap), 1024, "AI Cap" },
		{ offsetof(struct hpnic_vaisf_params, damp_shift), 16, "dampener shift" },
		{ offsetof(struct hpnic_vaisf_params, sf_acks), 0, "SF" },
		{ offsetof(struct hpnic_vaisf_params, sf_acks), 256, "SF" },
	};
	struct hpnic_vaisf_params d, v, g;
	struct hpnic_dev *dev;

	mock_cfg_default();
	dev = open_mock();
	if (!dev)
		return;
	EXPECT_ERR(hpnic_vaisf_defaults(NULL), -EINVAL);
	EXPECT_ERR(hpnic_set_vaisf(NULL, &v), -EINVAL);
	EXPECT_ERR(hpnic_set_vaisf(dev, NULL), -EINVAL);
	EXPECT_ERR(hpnic_get_vaisf(NULL, &g), -EINVAL);
	EXPECT_ERR(hpnic_get_vaisf(dev, NULL), -EINVAL);
	EXPECT_OK(hpnic_vaisf_defaults(&d));
	CHECK(d.thresh_bytes == 50000 && d.ai_div_bytes == 1000 && d.bank_cap == 1000 &&
	      d.ai_cap == 100 && d.damp_shift == 3 && d.sf_acks == 30, "VAI/SF defaults");
	/* the register map's reset values are the defaults */
	CHECK(HPNIC_CC_VAI_THRESH_RST == d.thresh_bytes && HPNIC_CC_VAI_AI_DIV_RST == d.ai_div_bytes &&
	      HPNIC_CC_VAI_BANK_CAP_RST == d.bank_cap && HPNIC_CC_VAI_AI_CAP_RST == d.ai_cap &&
	      HPNIC_CC_VAI_DAMP_SHIFT_RST == d.damp_shift && HPNIC_CC_SF_ACKS_RST == d.sf_acks,
	      "regmap reset values are not hpcc_vaisf_params_default()'s");
	/* every range's edges taken */
	v = (struct hpnic_vaisf_params){ 1, (1u << 23) - 1, 0, 1023, 15, 255 };
	EXPECT_OK(hpnic_set_vaisf(dev, &v));
	EXPECT_OK(hpnic_get_vaisf(dev, &g));
	CHECK(!memcmp(&v, &g, sizeof(v)), "VAI/SF round trip (upper edges)");
	CHECK(mock->regs[HPNIC_CC_VAI_AI_DIV / 4] == (1u << 23) - 1 &&
	      mock->regs[HPNIC_CC_SF_ACKS / 4] == 255, "VAI/SF registers");
	v = (struct hpnic_vaisf_params){ (1u << 23) - 1, 1, 4095, 1, 0, 1 };
	EXPECT_OK(hpnic_set_vaisf(dev, &v));
	EXPECT_OK(hpnic_get_vaisf(dev, &g));
	CHECK(!memcmp(&v, &g, sizeof(v)), "VAI/SF round trip (lower edges)");
	/* one past each: -EINVAL naming it, and nothing written */
	for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct hpnic_vaisf_params b = d;

		*(unsigned *)((char *)&b + bad[i].off) = bad[i].bad;
		EXPECT_ERR(hpnic_set_vaisf(dev, &b), -EINVAL);
		EXPECT_DEV_MSG(bad[i].msg);
		EXPECT_OK(hpnic_get_vaisf(dev, &g));
		CHECK(!memcmp(&v, &g, sizeof(v)), "refused VAI/SF set %u wrote something", i);
	}
	EXPECT_OK(hpnic_close(dev));
}

/*
 * Congestion control and counters
 */
static void test_cc_counters(void)
{
	struct hpnic_cc_params p, g, d;
	struct hpnic_qp_cc qc, qg;
	struct hpnic_qp_init_attr ia;
	struct hpnic_dev *dev;
	struct hpnic_cq *cq = NULL;
	struct hpnic_qp *qp = NULL;
	uint64_t vals[HPNIC_NUM_COUNTERS + 8];
	unsigned i;
	int n;

	mock_cfg_default();
	dev = open_mock();
	if (!dev)
		return;
	EXPECT_ERR(hpnic_cc_defaults(NULL), -EINVAL);
	EXPECT_OK(hpnic_cc_defaults(&d));
	EXPECT_ERR(hpnic_set_cc(NULL, &d), -EINVAL);
	CHECK(!strncmp(hpnic_last_error(), "hpnic_set_cc: dev is NULL", 25),
	      "a NULL device is not named: '%s'", hpnic_last_error());
	EXPECT_ERR(hpnic_set_cc(dev, NULL), -EINVAL);
	EXPECT_DEV_MSG("hpnic_set_cc: params is NULL");
	EXPECT_ERR(hpnic_get_cc(NULL, &g), -EINVAL);
	EXPECT_ERR(hpnic_get_cc(dev, NULL), -EINVAL);
	EXPECT_OK(hpnic_get_cc(dev, &g));
	{
		int en = -1;
		uint16_t port = 0;

		EXPECT_ERR(hpnic_set_int(NULL, 1, 4792), -EINVAL);
		EXPECT_ERR(hpnic_set_int(dev, 1, 0), -EINVAL);
		EXPECT_ERR(hpnic_set_int(dev, 1, 4791), -EINVAL);
		EXPECT_DEV_MSG("UDP port 4791");
		EXPECT_ERR(hpnic_get_int(NULL, &en, &port), -EINVAL);
		EXPECT_ERR(hpnic_get_int(dev, NULL, &port), -EINVAL);
		EXPECT_ERR(hpnic_get_int(dev, &en, NULL), -EINVAL);
		EXPECT_OK(hpnic_set_int(dev, 1, 5000));
		EXPECT_OK(hpnic_get_int(dev, &en, &port));
		CHECK(en == 1 && port == 5000, "INT round trip: %d %u", en, port);
		EXPECT_OK(hpnic_set_int(dev, 0, HPNIC_INT_PORT_DEFAULT));
	}
	{
		unsigned al = 99;

		EXPECT_ERR(hpnic_set_ack_req(NULL, 4), -EINVAL);
		EXPECT_ERR(hpnic_set_ack_req(dev, HPNIC_ACK_REQ_LOG2_MAX + 1), -EINVAL);
		EXPECT_DEV_MSG("spacing_log2 16");
		EXPECT_ERR(hpnic_get_ack_req(NULL, &al), -EINVAL);
		EXPECT_ERR(hpnic_get_ack_req(dev, NULL), -EINVAL);
		EXPECT_OK(hpnic_set_ack_req(dev, HPNIC_ACK_REQ_LOG2_MAX));
		EXPECT_OK(hpnic_get_ack_req(dev, &al));
		CHECK(al == HPNIC_ACK_REQ_LOG2_MAX, "ACK_REQ round trip: %u", al);
		EXPECT_OK(hpnic_set_ack_req(dev, HPNIC_CTRL_ACK_REQ_RST & HPNIC_CTRL_ACK_REQ_SPACING_LOG2_MASK));
	}
	{
		/* the retransmit timeout: ns in, 1024-cycle units in CTRL.RTO */
		struct hpnic_dev_attr da;
		uint64_t ns = 99, unit, max;

		EXPECT_OK(hpnic_query_device(dev, &da));
		CHECK(da.clk_mhz > 0, "the mock reports no clock");
		unit = 1024000u / da.clk_mhz;
		max = hpnic_rto_max_ns(da.clk_mhz);
		CHECK(max == 65535ull * 1024000u / da.clk_mhz && hpnic_rto_max_ns(0) == 0,
		      "hpnic_rto_max_ns(%u) = %llu", da.clk_mhz, (unsigned long long)max);
		EXPECT_ERR(hpnic_set_rto(NULL, 1000), -EINVAL);
		EXPECT_ERR(hpnic_get_rto(NULL, &ns), -EINVAL);
		EXPECT_ERR(hpnic_get_rto(dev, NULL), -EINVAL);
		EXPECT_OK(hpnic_get_rto(dev, &ns));
		CHECK(ns == HPNIC_CTRL_RTO_RST * unit, "RTO after reset: %llu ns, want %llu",
		      (unsigned long long)ns, (unsigned long long)(HPNIC_CTRL_RTO_RST * unit));
		EXPECT_ERR(hpnic_set_rto(dev, max + 1), -EINVAL);
		EXPECT_DEV_MSG("at most");
		EXPECT_OK(hpnic_get_rto(dev, &ns));
		CHECK(ns == HPNIC_CTRL_RTO_RST * unit, "a refused RTO changed it: %llu ns",
		      (unsigned long long)ns);
		/* rounded up to whole units, never shorter than asked */
		EXPECT_OK(hpnic_set_rto(dev, 1));
		EXPECT_OK(hpnic_get_rto(dev, &ns));
		CHECK(ns == unit, "RTO 1 ns reads %llu ns, want one unit (%llu)",
		      (unsigned long long)ns, (unsigned long long)unit);
		EXPECT_OK(hpnic_set_rto(dev, 1000000));
		EXPECT_OK(hpnic_get_rto(dev, &ns));
		CHECK(ns >= 1000000 && ns < 1000000 + unit, "RTO 1 ms reads %llu ns",
		      (unsigned long long)ns);
		EXPECT_OK(hpnic_set_rto(dev, max));
		EXPECT_OK(hpnic_get_rto(dev, &ns));
		CHECK(ns == max, "RTO at its most reads %llu ns", (unsigned long long)ns);
		EXPECT_OK(hpnic_set_rto(dev, 0));
		EXPECT_OK(hpnic_get_rto(dev, &ns));
		CHECK(ns == 0, "RTO off reads %llu ns", (unsigned long long)ns);
		EXPECT_OK(hpnic_set_rto(dev, HPNIC_CTRL_RTO_RST * unit));
	}
	{
		/* the spacing against the window without INT, W_init = line x T */
		struct hpnic_cc_params q = d;
		unsigned al = 99;

		CHECK(hpnic_ack_req_spacing_for(100000, 4160) == 13, "spacing for the defaults: %u",
		      hpnic_ack_req_spacing_for(100000, 4160));
		CHECK((HPNIC_CTRL_ACK_REQ_RST & HPNIC_CTRL_ACK_REQ_SPACING_LOG2_MASK) ==
		      hpnic_ack_req_spacing_for(100000, 4160),
		      "CTRL.ACK_REQ resets to the spacing for the defaults: %u",
		      (unsigned)(HPNIC_CTRL_ACK_REQ_RST & HPNIC_CTRL_ACK_REQ_SPACING_LOG2_MASK));
		CHECK(hpnic_ack_req_spacing_for(100000, 1000) == 11, "spacing at T 1000: %u",
		      hpnic_ack_req_spacing_for(100000, 1000));
		CHECK(hpnic_ack_req_spacing_for(1, 64) == 0, "spacing at 1 Mb/s, 64 ns: %u",
		      hpnic_ack_req_spacing_for(1, 64));
		CHECK(hpnic_ack_req_spacing_for(1048575, 1048575) == HPNIC_ACK_REQ_LOG2_MAX,
		      "spacing at the largest window: %u", hpnic_ack_req_spacing_for(1048575, 1048575));
		EXPECT_OK(hpnic_set_ack_req(dev, 15));
		q.t_ns = 1000;  /* W_init 12,500 B: set_cc lowers 15 to 11 */
		EXPECT_OK(hpnic_set_cc(dev, &q));
		EXPECT_OK(hpnic_get_ack_req(dev, &al));
		CHECK(al == 11, "set_cc at T 1000 left the spacing at %u, not 11", al);
		EXPECT_ERR(hpnic_set_ack_req(dev, 14), -EINVAL);
		EXPECT_DEV_MSG("W_init");
		EXPECT_OK(hpnic_set_ack_req(dev, 13));  /* past a quarter, within W_init */
		EXPECT_OK(hpnic_set_ack_req(dev, 4));   /* every packet always fits */
		EXPECT_OK(hpnic_set_cc(dev, &d));       /* never raised */
		EXPECT_OK(hpnic_get_ack_req(dev, &al));
		CHECK(al == 4, "set_cc at the default T raised the spacing to %u", al);
		EXPECT_OK(hpnic_set_ack_req(dev, HPNIC_CTRL_ACK_REQ_RST &
					     HPNIC_CTRL_ACK_REQ_SPACING_LOG2_MASK));
	}
	CHECK(ABS(g.eta - d.eta) < 1e-9 && g.t_ns == d.t_ns && g.wai_bytes == d.wai_bytes &&
	      g.line_mbps == d.line_mbps && g.min_mbps == d.min_mbps &&
	      g.max_stage == d.max_stage && g.sched_burst == d.sched_burst &&
	      g.sched_grant == d.sched_grant,
	      "reset CC registers are not the defaults");
	CHECK(ABS(d.eta - 0.95) < 1e-4 && d.wai_bytes == 80 && d.t_ns == 4160, "defaults");

#define BAD_CC(field, value, want)                  \
	do {                                        \
		p = d;                              \
		p.field = (value);                  \
		EXPECT_ERR(hpnic_set_cc(dev, &p), want); \
		EXPECT_DEV_MSG("");                 \
	} while (0)
	BAD_CC(eta, 0.0, -EINVAL);
	BAD_CC(eta, 1.5, -EINVAL);
	BAD_CC(eta, 0.3, -EINVAL);      /* the engine would clamp it to 0.5 */
	BAD_CC(eta, -0.9, -EINVAL);
	BAD_CC(eta, NAN, -EINVAL);
	BAD_CC(max_stage, 16, -EINVAL);
	BAD_CC(t_ns, 0, -EINVAL);
	BAD_CC(t_ns, 63, -EINVAL);
	BAD_CC(t_ns, 1u << 20, -EINVAL);
	BAD_CC(wai_bytes, -1.0, -EINVAL);
	BAD_CC(wai_bytes, 65536.0, -EINVAL);
	BAD_CC(wai_bytes, NAN, -EINVAL);
	BAD_CC(line_mbps, 0, -EINVAL);
	BAD_CC(line_mbps, 1u << 20, -EINVAL);
	BAD_CC(min_mbps, 0, -EINVAL);
	BAD_CC(min_mbps, d.line_mbps + 1, -EINVAL);
	BAD_CC(sched_overhead, 256, -EINVAL);
	BAD_CC(sched_burst, 65536, -EINVAL);
	BAD_CC(sched_grant, 1, -EINVAL);
	BAD_CC(sched_grant, 63, -EINVAL);
	BAD_CC(sched_grant, 16384, -EINVAL);
	BAD_CC(algorithm, HPNIC_CC_MODE_ROCC, -EOPNOTSUPP);
	BAD_CC(algorithm, HPNIC_CC_MODE_NONE, -EOPNOTSUPP);
	BAD_CC(algorithm, 9, -EINVAL);
#undef BAD_CC
	p = d;
	p.eta = 1.0;
	p.max_stage = 0;
	p.wai_bytes = 40.5625;
	p.t_ns = 13000;
	p.line_mbps = 25000;
	p.min_mbps = 25000;
	p.sched_overhead = 0;
	p.sched_burst = 65535;
	p.sched_grant = 0;
	EXPECT_OK(hpnic_set_cc(dev, &p));
	CHECK(mock->regs[HPNIC_CC_ETA / 4] == 65536 && mock->regs[HPNIC_CC_WAI / 4] == 649,
	      "ETA/WAI registers 0x%x 0x%x", mock->regs[HPNIC_CC_ETA / 4],
	      mock->regs[HPNIC_CC_WAI / 4]);
	EXPECT_OK(hpnic_get_cc(dev, &g));
	CHECK(g.eta == 1.0 && g.max_stage == 0 && g.wai_bytes == 40.5625 && g.t_ns == 13000 &&
	      g.line_mbps == 25000 && g.min_mbps == 25000 && g.sched_burst == 65535 &&
	      g.sched_overhead == 0 && g.sched_grant == 0, "CC round trip");
	p.eta = 0.5;
	p.line_mbps = 400000;
	p.min_mbps = 300000;    /* above the old line rate: written after it */
	EXPECT_OK(hpnic_set_cc(dev, &p));
	EXPECT_OK(hpnic_get_cc(dev, &g));
	CHECK(g.eta == 0.5 && g.line_mbps == 400000 && g.min_mbps == 300000, "CC round trip 2");

	/* per QP */
	EXPECT_OK(hpnic_create_cq(dev, 8, &cq));
	memset(&ia, 0, sizeof(ia));
	ia.send_cq = cq;
	ia.sq_depth = 8;
	EXPECT_OK(hpnic_create_qp(dev, &ia, &qp));
	memset(&qc, 0, sizeof(qc));
	EXPECT_ERR(hpnic_qp_set_cc(NULL, &qc), -EINVAL);
	EXPECT_ERR(hpnic_qp_set_cc(qp, NULL), -EINVAL);
	EXPECT_ERR(hpnic_qp_get_cc(NULL, &qg), -EINVAL);
	EXPECT_ERR(hpnic_qp_get_cc(qp, NULL), -EINVAL);
	qc.algorithm = HPNIC_CC_MODE_NONE;
	EXPECT_ERR(hpnic_qp_set_cc(qp, &qc), -EOPNOTSUPP);
	EXPECT_DEV_MSG("not built into this bitstream");
	qc.algorithm = HPNIC_CC_MODE_HPCC;
	qc.override = 1;
	qc.t_ns = 10;
	qc.wai_bytes = 100;
	qc.max_stage = 3;
	EXPECT_ERR(hpnic_qp_set_cc(qp, &qc), -EINVAL);
	EXPECT_DEV_MSG("T 10 ns");
	qc.t_ns = 1u << 20;     /* one past QP_T_NS's 20 bits */
	EXPECT_ERR(hpnic_qp_set_cc(qp, &qc), -EINVAL);
	EXPECT_DEV_MSG("T 1048576 ns");
	qc.t_ns = 20000;
	qc.max_stage = 16;
	EXPECT_ERR(hpnic_qp_set_cc(qp, &qc), -EINVAL);
	EXPECT_DEV_MSG("maxStage 16");
	qc.max_stage = 99;
	EXPECT_ERR(hpnic_qp_set_cc(qp, &qc), -EINVAL);
	EXPECT_DEV_MSG("maxStage 99");
	qc.max_stage = 3;
	qc.wai_bytes = -1;
	EXPECT_ERR(hpnic_qp_set_cc(qp, &qc), -EINVAL);
	EXPECT_DEV_MSG("W_AI");
	/* the edges are taken: T 64 and 2^20 - 1, W_AI 0 and 65535.9375, maxStage 15 */
	if (qp) {
		const unsigned t_edge[2] = { 64, (1u << 20) - 1 };
		const double wai_edge[2] = { 0, 65535.9375 };

		for (int i = 0; i < 2; i++) {
			qc.t_ns = t_edge[i];
			qc.wai_bytes = wai_edge[i];
			qc.max_stage = 15 * i;
			EXPECT_OK(hpnic_qp_set_cc(qp, &qc));
			EXPECT_OK(hpnic_qp_get_cc(qp, &qg));
			CHECK(qg.override == 1 && qg.t_ns == t_edge[i] && qg.wai_bytes == wai_edge[i] &&
			      qg.max_stage == 15u * (unsigned)i, "per-QP CC edge %d round trip", i);
		}
		qc.t_ns = 20000;
	}
	qc.max_stage = 3;
	qc.wai_bytes = 1e9;
	EXPECT_ERR(hpnic_qp_set_cc(qp, &qc), -EINVAL);
	EXPECT_DEV_MSG("W_AI");
	qc.wai_bytes = 100.25;
	if (qp) {
		EXPECT_OK(hpnic_qp_set_cc(qp, &qc));
		EXPECT_OK(hpnic_qp_get_cc(qp, &qg));
		CHECK(qg.algorithm == HPNIC_CC_MODE_HPCC && qg.override == 1 && qg.t_ns == 20000 &&
		      qg.wai_bytes == 100.25 && qg.max_stage == 3, "per-QP CC round trip");
		CHECK(mock->qp[qp->qpn].state == HPNIC_QPS_RESET, "per-QP CC changed the state");
		qc.override = 0;
		qc.t_ns = 0;    /* not checked without override */
		EXPECT_OK(hpnic_qp_set_cc(qp, &qc));
		EXPECT_OK(hpnic_qp_get_cc(qp, &qg));
		CHECK(qg.override == 0 && qg.t_ns == 0 && qg.options == 0, "per-QP CC override off");
		/* VAI and SF per QP: QP.CC_OPTS, any other bit refused */
		qc.options = HPNIC_QP_CC_VAI | HPNIC_QP_CC_SF;
		EXPECT_OK(hpnic_qp_set_cc(qp, &qc));
		EXPECT_OK(hpnic_qp_get_cc(qp, &qg));
		CHECK(qg.options == (HPNIC_QP_CC_VAI | HPNIC_QP_CC_SF) &&
		      mock->qp[qp->qpn].cc_opts == 3, "per-QP VAI/SF round trip");
		qc.options = 4;
		EXPECT_ERR(hpnic_qp_set_cc(qp, &qc), -EINVAL);
		EXPECT_DEV_MSG("options 0x4");
		CHECK(mock->qp[qp->qpn].cc_opts == 3, "refused options written");
		qc.options = HPNIC_QP_CC_SF;
		EXPECT_OK(hpnic_qp_set_cc(qp, &qc));
		CHECK(mock->qp[qp->qpn].cc_opts == 2, "per-QP SF alone");
		EXPECT_OK(hpnic_destroy_qp(qp));
	}
	/* the same at creation (hpnic_qp_init_attr.cc): checked before anything
	 * is allocated, written with the QP, kept by a reset */
	{
		struct hpnic_qp *q2 = NULL;
		unsigned nq = dev ? dev->nqps : 0;

		memset(&qc, 0, sizeof(qc));
		qc.algorithm = HPNIC_CC_MODE_HPCC;
		qc.override = 1;
		qc.t_ns = 30000;
		qc.wai_bytes = 200.5;
		qc.max_stage = 2;
		qc.options = HPNIC_QP_CC_VAI;
		ia.cc = &qc;
		qc.options = 8;
		EXPECT_ERR(hpnic_create_qp(dev, &ia, &q2), -EINVAL);
		EXPECT_DEV_MSG("hpnic_create_qp: options 0x8");
		qc.options = HPNIC_QP_CC_VAI;
		qc.t_ns = 10;
		EXPECT_ERR(hpnic_create_qp(dev, &ia, &q2), -EINVAL);
		EXPECT_DEV_MSG("T 10 ns");
		qc.t_ns = 30000;
		qc.algorithm = HPNIC_CC_MODE_NONE;
		EXPECT_ERR(hpnic_create_qp(dev, &ia, &q2), -EOPNOTSUPP);
		qc.algorithm = HPNIC_CC_MODE_HPCC;
		CHECK(q2 == NULL && (!dev || dev->nqps == nq), "a refused create_qp made a QP");
		EXPECT_OK(hpnic_create_qp(dev, &ia, &q2));
		if (q2) {
			struct hpnic_qp_attr ra;

			EXPECT_OK(hpnic_qp_get_cc(q2, &qg));
			CHECK(qg.algorithm == HPNIC_CC_MODE_HPCC && qg.override == 1 &&
			      qg.t_ns == 30000 && qg.wai_bytes == 200.5 && qg.max_stage == 2 &&
			      qg.options == HPNIC_QP_CC_VAI && mock->qp[q2->qpn].cc_opts == 1,
			      "create_qp with cc: reads back");
			memset(&ra, 0, sizeof(ra));
			ra.qp_state = HPNIC_QPS_RESET;
			EXPECT_OK(hpnic_modify_qp(q2, &ra, HPNIC_QP_ATTR_STATE));
			EXPECT_OK(hpnic_qp_get_cc(q2, &qg));
			CHECK(qg.override == 1 && qg.t_ns == 30000 && qg.options == HPNIC_QP_CC_VAI,
			      "create_qp's cc lost at a reset");
			EXPECT_OK(hpnic_destroy_qp(q2));
		}
		ia.cc = NULL;
	}
	if (cq)
		EXPECT_OK(hpnic_destroy_cq(cq));

	/* counters */
	CHECK(hpnic_num_counters(NULL) == 0 && hpnic_num_counters(dev) == HPNIC_NUM_COUNTERS,
	      "hpnic_num_counters");
	EXPECT_ERR(hpnic_read_counters(NULL, vals, 10), -EINVAL);
	EXPECT_ERR(hpnic_read_counters(dev, NULL, 10), -EINVAL);
	EXPECT_ERR(hpnic_read_counters(dev, vals, 0), -EINVAL);
	n = hpnic_read_counters(dev, vals, HPNIC_NUM_COUNTERS + 8);
	CHECK(n == HPNIC_NUM_COUNTERS, "read %d counters", n);
	for (i = 0; n > 0 && i < (unsigned)n; i++)
		CHECK(vals[i] == ((uint64_t)i << 32 | (i * 1000u + 1)), "counter %u: 0x%llx", i,
		      (unsigned long long)vals[i]);
	n = hpnic_read_counters(dev, vals, 3);
	CHECK(n == 3, "read 3: %d", n);
	CHECK(hpnic_counter_name(0) && !strcmp(hpnic_counter_name(0), "rx_frames") &&
	      !strcmp(hpnic_counter_name(HPNIC_CNT_HOST_CQES), "host_cqes") &&
	      hpnic_counter_name(HPNIC_NUM_COUNTERS) == NULL &&
	      hpnic_counter_desc(0) && hpnic_counter_desc(HPNIC_NUM_COUNTERS) == NULL,
	      "counter names");
	EXPECT_OK(hpnic_close(dev));
}

/*
 * DCQCN (CC mode 1): the reset values against the model, the parameters'
 * checks (every field's edges), what hpnic_set_dcqcn writes, hpnic_set_cc
 * keeping CC.DCQCN_LINE the line rate's, per-QP mode, a bitstream without it
 */
static int dcqcn_regs_are(const struct dcqcn_derived *d)
{
	struct hpnic_backend *be = mock;
	int ok = R(HPNIC_CC_DCQCN_LINE) == d->line_q16 && R(HPNIC_CC_DCQCN_MIN) == d->min_q16 &&
		 R(HPNIC_CC_DCQCN_AI) == d->ai_q16 && R(HPNIC_CC_DCQCN_HAI) == d->hai_q16 &&
		 R(HPNIC_CC_DCQCN_FIRST) == d->first_q16 && R(HPNIC_CC_DCQCN_G) == d->p.g_q10 &&
		 R(HPNIC_CC_DCQCN_ALPHA0) == d->alpha0 &&
		 R(HPNIC_CC_DCQCN_MIN_DEC) == d->min_dec_q16 && R(HPNIC_CC_DCQCN_GD) == d->p.gd &&
		 R(HPNIC_CC_DCQCN_TD_US) == d->p.td_us && R(HPNIC_CC_DCQCN_TI_US) == d->p.ti_us &&
		 R(HPNIC_CC_DCQCN_B_PKTS) == d->b_pkts &&
		 R(HPNIC_CC_DCQCN_THRESHOLD) == d->p.threshold &&
		 R(HPNIC_CC_DCQCN_PERIOD_US) == d->p.period_us;

	return ok && !memcmp(be->dcqcn_tab, d->tab, sizeof(be->dcqcn_tab));
}

static void test_dcqcn(void)
{
	struct hpnic_dcqcn_params u, g, def;
	struct hpnic_cc_params cc, ccd;
	struct hpnic_qp_init_attr ia;
	struct hpnic_qp_attr a;
	struct hpnic_qp_cc qc;
	struct dcqcn_params mp;
	struct dcqcn_derived d;
	struct hpnic_cq *cq = NULL;
	struct hpnic_qp *qp = NULL;
	struct hpnic_dev *dev;
	unsigned writes;

	/* the register map's reset values are dcqcn_derive() of the model's
	 * defaults, at CC's reset line rate and T (the RTL resets to them) */
	dcqcn_params_default(&mp);
	CHECK(mp.line_mbps == HPNIC_CC_LINE_MBPS_RST && mp.t_ns == HPNIC_CC_T_NS_RST,
	      "DCQCN's default line rate and T are not CC's reset values");
	CHECK(dcqcn_derive(&mp, &d) == 0, "dcqcn_derive of the defaults");
	CHECK(HPNIC_CC_DCQCN_LINE_RST == d.line_q16 && HPNIC_CC_DCQCN_MIN_RST == d.min_q16 &&
	      HPNIC_CC_DCQCN_AI_RST == d.ai_q16 && HPNIC_CC_DCQCN_HAI_RST == d.hai_q16 &&
	      HPNIC_CC_DCQCN_FIRST_RST == d.first_q16 && HPNIC_CC_DCQCN_G_RST == d.p.g_q10 &&
	      HPNIC_CC_DCQCN_ALPHA0_RST == d.alpha0 && HPNIC_CC_DCQCN_MIN_DEC_RST == d.min_dec_q16 &&
	      HPNIC_CC_DCQCN_GD_RST == d.p.gd && HPNIC_CC_DCQCN_TD_US_RST == d.p.td_us &&
	      HPNIC_CC_DCQCN_TI_US_RST == d.p.ti_us && HPNIC_CC_DCQCN_B_PKTS_RST == d.b_pkts &&
	      HPNIC_CC_DCQCN_THRESHOLD_RST == d.p.threshold &&
	      HPNIC_CC_DCQCN_PERIOD_US_RST == d.p.period_us && HPNIC_CC_DCQCN_TAB_IDX_RST == 0 &&
	      HPNIC_CC_DCQCN_TAB_RST == d.tab[0][0],
	      "CC.DCQCN_* reset values (fw/regmap.toml) are not dcqcn_derive() of the defaults");

	EXPECT_ERR(hpnic_dcqcn_defaults(NULL), -EINVAL);
	EXPECT_MSG("params is NULL");
	EXPECT_OK(hpnic_dcqcn_defaults(&def));
	CHECK(def.g == 4 && def.initial_alpha_value == 1023 && def.dce_tcp_rtt == 1 &&
	      def.rate_reduce_monitor_period == 4 && def.rpg_time_reset == 300 &&
	      def.rpg_byte_reset == 10u << 20 && def.mtu == 4096 && def.rpg_threshold == 5 &&
	      def.rpg_ai_rate == 40 && def.rpg_hai_rate == 200 && def.rpg_min_dec_fac == 50 &&
	      def.rpg_min_rate == 40 && def.gd == 1 && def.rate_to_set_on_first_cnp == 0 &&
	      def.b_pkts == 2560 && def.line_mbps == 100000 && def.consistent,
	      "hpnic_dcqcn_defaults");

	/* the parser */
	u = def;
	EXPECT_ERR(hpnic_dcqcn_parse(NULL, "g=8"), -EINVAL);
	EXPECT_MSG("params is NULL");
	EXPECT_ERR(hpnic_dcqcn_parse(&u, NULL), -EINVAL);
	EXPECT_MSG("list is NULL");
	EXPECT_ERR(hpnic_dcqcn_parse(&u, "g=8,bogus=1"), -EINVAL);
	EXPECT_MSG("'bogus=1': unknown parameter name");
	EXPECT_ERR(hpnic_dcqcn_parse(&u, "g=x"), -EINVAL);
	EXPECT_MSG("'g=x': expected name=unsigned-number");
	EXPECT_ERR(hpnic_dcqcn_parse(&u, "g=8,,gd=2"), -EINVAL);
	EXPECT_MSG("empty item");
	EXPECT_ERR(hpnic_dcqcn_parse(&u, "line_mbps=25000"), -EINVAL);
	EXPECT_MSG("HPCC's");
	EXPECT_ERR(hpnic_dcqcn_parse(&u, "t_ns=9000"), -EINVAL);
	EXPECT_MSG("HPCC's");
	EXPECT_ERR(hpnic_dcqcn_parse(&u, "rpg_ai_rate=99999999999"), -EINVAL);
	EXPECT_MSG("32 bits");
	/* the engine's clamp_tgt_rate has no register: only its NIC value, 0 */
	EXPECT_ERR(hpnic_dcqcn_parse(&u, "clamp_tgt_rate=1"), -EINVAL);
	EXPECT_MSG("no register");
	EXPECT_OK(hpnic_dcqcn_parse(&u, "clamp_tgt_rate=0"));
	EXPECT_OK(hpnic_dcqcn_parse(&u, "g=16,gd=2,rpg_time_reset=55,rpg_threshold=0x1f,"
				    "rate_to_set_on_first_cnp=50000"));
	CHECK(u.g == 16 && u.gd == 2 && u.rpg_time_reset == 55 && u.rpg_threshold == 31 &&
	      u.rate_to_set_on_first_cnp == 50000 && u.rpg_ai_rate == def.rpg_ai_rate &&
	      u.line_mbps == def.line_mbps && u.b_pkts == def.b_pkts, "hpnic_dcqcn_parse");
	EXPECT_OK(hpnic_dcqcn_parse(&u, ""));

	mock_cfg_default();
	dev = open_mock();
	if (!dev)
		return;
	EXPECT_ERR(hpnic_set_dcqcn(NULL, &def), -EINVAL);
	EXPECT_MSG("hpnic_set_dcqcn: dev is NULL");
	EXPECT_ERR(hpnic_set_dcqcn(dev, NULL), -EINVAL);
	EXPECT_DEV_MSG("hpnic_set_dcqcn: params is NULL");
	EXPECT_ERR(hpnic_get_dcqcn(NULL, &g), -EINVAL);
	EXPECT_MSG("hpnic_get_dcqcn: dev is NULL");
	EXPECT_ERR(hpnic_get_dcqcn(dev, NULL), -EINVAL);
	EXPECT_DEV_MSG("hpnic_get_dcqcn: params is NULL");

	/* after reset: the defaults, consistent */
	memset(&g, 0xa5, sizeof(g));
	EXPECT_OK(hpnic_get_dcqcn(dev, &g));
	CHECK(!memcmp(&g, &def, sizeof(g)), "hpnic_get_dcqcn after reset is not the defaults");
	CHECK(dcqcn_regs_are(&d), "the mock's reset DCQCN registers");

	/* every field out of range, at each edge: -EINVAL naming it, nothing written */
	writes = mock->dcqcn_tab_writes;
#define BAD_DQ(field, value, name)                                  \
	do {                                                        \
		u = def;                                            \
		u.field = (value);                                  \
		EXPECT_ERR(hpnic_set_dcqcn(dev, &u), -EINVAL);      \
		EXPECT_DEV_MSG("hpnic_set_dcqcn: " name " must be"); \
	} while (0)
	BAD_DQ(g, 0, "g");
	BAD_DQ(g, 1, "g");
	BAD_DQ(g, 1024, "g");
	BAD_DQ(initial_alpha_value, 1025, "initial_alpha_value");
	BAD_DQ(dce_tcp_rtt, 0, "dce_tcp_rtt");
	BAD_DQ(dce_tcp_rtt, 131072, "dce_tcp_rtt");
	BAD_DQ(rate_reduce_monitor_period, 131072, "rate_reduce_monitor_period");
	BAD_DQ(rpg_time_reset, 0, "rpg_time_reset");
	BAD_DQ(rpg_time_reset, 131072, "rpg_time_reset");
	BAD_DQ(mtu, 0, "mtu");
	BAD_DQ(mtu, 255, "mtu");
	BAD_DQ(mtu, 4097, "mtu");
	BAD_DQ(rpg_byte_reset, 0, "rpg_byte_reset");
	BAD_DQ(rpg_byte_reset, 65535u * 4096 + 1, "rpg_byte_reset");
	BAD_DQ(rpg_byte_reset, UINT32_MAX, "rpg_byte_reset");
	BAD_DQ(rpg_threshold, 32, "rpg_threshold");
	BAD_DQ(rpg_ai_rate, 0, "rpg_ai_rate");
	BAD_DQ(rpg_ai_rate, 39, "rpg_ai_rate");
	BAD_DQ(rpg_ai_rate, 100001, "rpg_ai_rate");
	BAD_DQ(rpg_hai_rate, 39, "rpg_hai_rate");
	BAD_DQ(rpg_hai_rate, 100001, "rpg_hai_rate");
	BAD_DQ(rpg_min_dec_fac, 101, "rpg_min_dec_fac");
	BAD_DQ(rpg_min_rate, 39, "rpg_min_rate");
	BAD_DQ(rpg_min_rate, 100001, "rpg_min_rate");
	BAD_DQ(gd, 16, "gd");
	BAD_DQ(rate_to_set_on_first_cnp, 39, "rate_to_set_on_first_cnp");
	BAD_DQ(rate_to_set_on_first_cnp, 100001, "rate_to_set_on_first_cnp");
	u = def;
	u.rpg_min_rate = 1000;
	u.rate_to_set_on_first_cnp = 999;   /* under Rmin */
	EXPECT_ERR(hpnic_set_dcqcn(dev, &u), -EINVAL);
	EXPECT_DEV_MSG("rate_to_set_on_first_cnp must be 0 or rpg_min_rate .. line rate");
	EXPECT_DEV_MSG("line rate is 100000 Mb/s");
#undef BAD_DQ
	CHECK(mock->dcqcn_tab_writes == writes && dcqcn_regs_are(&d),
	      "a refused hpnic_set_dcqcn wrote registers");

	/* the edges themselves are taken */
	u = def;
	u.g = 2;
	u.initial_alpha_value = 1024;
	u.dce_tcp_rtt = 131071;
	u.rate_reduce_monitor_period = 0;
	u.rpg_time_reset = 131071;
	u.mtu = 256;
	u.rpg_byte_reset = 65535u * 256;
	u.rpg_threshold = 31;
	u.rpg_ai_rate = 100000;
	u.rpg_hai_rate = 40;
	u.rpg_min_dec_fac = 100;
	u.rpg_min_rate = 100000;
	u.gd = 15;
	u.rate_to_set_on_first_cnp = 100000;
	EXPECT_OK(hpnic_set_dcqcn(dev, &u));
	u.g = 1023;
	u.initial_alpha_value = 0;
	u.dce_tcp_rtt = 1;
	u.rpg_time_reset = 1;
	u.mtu = 4096;
	u.rpg_byte_reset = 1;
	u.rpg_threshold = 0;
	u.rpg_ai_rate = 40;
	u.rpg_min_dec_fac = 0;
	u.rpg_min_rate = 40;
	u.gd = 0;
	u.rate_to_set_on_first_cnp = 0;
	EXPECT_OK(hpnic_set_dcqcn(dev, &u));

	/* a set of its own: exactly dcqcn_derive()'s registers and tables, and back */
	u = def;
	EXPECT_OK(hpnic_dcqcn_parse(&u, "g=16,initial_alpha_value=512,dce_tcp_rtt=55,"
				    "rate_reduce_monitor_period=50,rpg_time_reset=1500,"
				    "rpg_byte_reset=1000000,mtu=1024,rpg_threshold=3,rpg_ai_rate=5000,"
				    "rpg_hai_rate=10000,rpg_min_dec_fac=30,rpg_min_rate=1000,gd=2,"
				    "rate_to_set_on_first_cnp=20000"));
	EXPECT_OK(hpnic_set_dcqcn(dev, &u));
	dcqcn_params_default(&mp);
	CHECK(dcqcn_params_parse(&mp, "g=16,initial_alpha_value=512,dce_tcp_rtt=55,"
				 "rate_reduce_monitor_period=50,rpg_time_reset=1500,"
				 "rpg_byte_reset=1000000,mtu=1024,rpg_threshold=3,rpg_ai_rate=5000,"
				 "rpg_hai_rate=10000,rpg_min_dec_fac=30,rpg_min_rate=1000,gd=2,"
				 "rate_to_set_on_first_cnp=20000", NULL) == 0 &&
	      dcqcn_derive(&mp, &d) == 0, "the model takes the set");
	CHECK(dcqcn_regs_are(&d), "hpnic_set_dcqcn's registers are not dcqcn_derive()'s");
	CHECK(mock->regs[HPNIC_CC_DCQCN_B_PKTS / 4] == 977, "B_PKTS %u, not ceil(1e6 / 1024)",
	      mock->regs[HPNIC_CC_DCQCN_B_PKTS / 4]);
	EXPECT_OK(hpnic_get_dcqcn(dev, &g));
	u.b_pkts = 977;
	u.consistent = 1;
	CHECK(!memcmp(&g, &u, sizeof(g)), "hpnic_get_dcqcn round trip");

	/* hpnic_set_cc moves DCQCN with the line rate (CC.DCQCN_LINE = CC.LINE_MBPS) */
	EXPECT_OK(hpnic_cc_defaults(&ccd));
	cc = ccd;
	cc.line_mbps = 25000;
	cc.t_ns = 9000;
	cc.min_mbps = 100;
	EXPECT_OK(hpnic_set_cc(dev, &cc));
	mp.line_mbps = 25000;
	mp.t_ns = 9000;
	CHECK(dcqcn_derive(&mp, &d) == 0 && dcqcn_regs_are(&d) &&
	      mock->regs[HPNIC_CC_DCQCN_LINE / 4] == 204800,
	      "after set_cc at 25 Gb/s CC.DCQCN_LINE is %u, not 204800",
	      mock->regs[HPNIC_CC_DCQCN_LINE / 4]);
	EXPECT_OK(hpnic_get_dcqcn(dev, &g));
	CHECK(g.consistent && g.line_mbps == 25000 && g.rpg_hai_rate == 10000, "get after set_cc");
	/* a set over the new line rate is refused, naming the field */
	u.rpg_hai_rate = 25001;
	EXPECT_ERR(hpnic_set_dcqcn(dev, &u), -EINVAL);
	EXPECT_DEV_MSG("rpg_hai_rate must be 40 Mb/s .. line rate (the NIC's line rate is 25000");
	/* a line rate the DCQCN parameters do not fit: set_cc refused, nothing written */
	cc.line_mbps = 19999;   /* under rate_to_set_on_first_cnp 20000 */
	EXPECT_ERR(hpnic_set_cc(dev, &cc), -EINVAL);
	EXPECT_DEV_MSG("DCQCN's parameters do not fit them: rate_to_set_on_first_cnp must be");
	cc.line_mbps = 999;
	u = def;
	EXPECT_OK(hpnic_set_dcqcn(dev, &u));
	EXPECT_ERR(hpnic_set_cc(dev, &cc), -EINVAL);
	EXPECT_DEV_MSG("line_mbps must be 1000");
	CHECK(mock->regs[HPNIC_CC_LINE_MBPS / 4] == 25000, "a refused set_cc wrote LINE_MBPS %u",
	      mock->regs[HPNIC_CC_LINE_MBPS / 4]);
	/* raw registers another writer left inconsistent: get says so */
	mock->regs[HPNIC_CC_DCQCN_LINE / 4] = 819200;
	EXPECT_OK(hpnic_get_dcqcn(dev, &g));
	CHECK(!g.consistent, "CC.DCQCN_LINE of 100 Gb/s at a 25 Gb/s line is not consistent");
	EXPECT_OK(hpnic_set_dcqcn(dev, &def));
	EXPECT_OK(hpnic_get_dcqcn(dev, &g));
	CHECK(g.consistent, "hpnic_set_dcqcn made it consistent again");
	mock->dcqcn_tab[17] ^= 1;
	EXPECT_OK(hpnic_get_dcqcn(dev, &g));
	CHECK(!g.consistent, "a D-table entry off by one is not consistent");
	EXPECT_OK(hpnic_set_cc(dev, &ccd));
	EXPECT_OK(hpnic_get_dcqcn(dev, &g));
	CHECK(!memcmp(&g, &def, sizeof(g)), "back at the defaults");

	/* per QP: created in the NIC's default mode, modified into and out of DCQCN */
	EXPECT_OK(hpnic_create_cq(dev, 16, &cq));
	memset(&ia, 0, sizeof(ia));
	ia.send_cq = cq;
	ia.sq_depth = 4;
	cc = ccd;
	cc.algorithm = HPNIC_CC_MODE_DCQCN;
	EXPECT_OK(hpnic_set_cc(dev, &cc));
	EXPECT_OK(hpnic_create_qp(dev, &ia, &qp));
	if (qp) {
		CHECK(mock->qp[hpnic_qp_num(qp)].cc_mode == HPNIC_CC_MODE_DCQCN,
		      "a QP created with CC.DEFAULT_MODE DCQCN has mode %u",
		      mock->qp[hpnic_qp_num(qp)].cc_mode);
		EXPECT_OK(hpnic_query_qp(qp, &a));
		CHECK(a.cc_mode == HPNIC_CC_MODE_DCQCN, "query: mode %u", a.cc_mode);
		memset(&a, 0, sizeof(a));
		a.qp_state = HPNIC_QPS_INIT;
		a.cc_mode = HPNIC_CC_MODE_HPCC;
		EXPECT_OK(hpnic_modify_qp(qp, &a, HPNIC_QP_ATTR_STATE | HPNIC_QP_ATTR_CC_MODE));
		CHECK(mock->qp[hpnic_qp_num(qp)].cc_mode == HPNIC_CC_MODE_HPCC, "modify to HPCC");
		a.cc_mode = HPNIC_CC_MODE_DCQCN;
		EXPECT_OK(hpnic_modify_qp(qp, &a, HPNIC_QP_ATTR_STATE | HPNIC_QP_ATTR_CC_MODE));
		CHECK(mock->qp[hpnic_qp_num(qp)].cc_mode == HPNIC_CC_MODE_DCQCN, "modify to DCQCN");
		/* HPCC's VAI/SF options by modify: set up as the mode */
		a.cc_options = HPNIC_QP_CC_VAI | HPNIC_QP_CC_SF;
		EXPECT_OK(hpnic_modify_qp(qp, &a, HPNIC_QP_ATTR_STATE | HPNIC_QP_ATTR_CC_OPTIONS));
		CHECK(mock->qp[hpnic_qp_num(qp)].cc_opts == 3, "modify: CC_OPTS %u",
		      mock->qp[hpnic_qp_num(qp)].cc_opts);
		EXPECT_OK(hpnic_query_qp(qp, &a));
		CHECK(a.cc_options == 3, "query: cc_options %u", a.cc_options);
		a.cc_options = 0x10;
		EXPECT_ERR(hpnic_modify_qp(qp, &a, HPNIC_QP_ATTR_CC_OPTIONS), -EINVAL);
		EXPECT_DEV_MSG("cc_options 0x10");
		CHECK(mock->qp[hpnic_qp_num(qp)].cc_opts == 3, "refused cc_options written");
		/* the per-QP override by modify: set up as the mode, refused out of range */
		a.cc_override = 1;
		a.cc_t_ns = 9000;
		a.cc_wai_bytes = 40.5;
		a.cc_max_stage = 2;
		EXPECT_OK(hpnic_modify_qp(qp, &a, HPNIC_QP_ATTR_STATE | HPNIC_QP_ATTR_CC_OVERRIDE));
		CHECK(mock->qp[hpnic_qp_num(qp)].cc_ovr == 1 && mock->qp[hpnic_qp_num(qp)].t == 9000 &&
		      mock->qp[hpnic_qp_num(qp)].wai == 648 && mock->qp[hpnic_qp_num(qp)].stage == 2,
		      "modify: override %u T %u W_AI %u maxStage %u", mock->qp[hpnic_qp_num(qp)].cc_ovr,
		      mock->qp[hpnic_qp_num(qp)].t, mock->qp[hpnic_qp_num(qp)].wai,
		      mock->qp[hpnic_qp_num(qp)].stage);
		memset(&a, 0, sizeof(a));
		EXPECT_OK(hpnic_query_qp(qp, &a));
		CHECK(a.cc_override == 1 && a.cc_t_ns == 9000 && a.cc_wai_bytes == 40.5 &&
		      a.cc_max_stage == 2, "query: override %d T %u W_AI %g maxStage %u",
		      a.cc_override, a.cc_t_ns, a.cc_wai_bytes, a.cc_max_stage);
		a.cc_t_ns = 63;
		EXPECT_ERR(hpnic_modify_qp(qp, &a, HPNIC_QP_ATTR_CC_OVERRIDE), -EINVAL);
		EXPECT_DEV_MSG("T 63 ns");
		a.cc_t_ns = 9000;
		a.cc_max_stage = 16;
		EXPECT_ERR(hpnic_modify_qp(qp, &a, HPNIC_QP_ATTR_CC_OVERRIDE), -EINVAL);
		EXPECT_DEV_MSG("maxStage 16");
		a.cc_max_stage = 2;
		a.cc_wai_bytes = 65536;
		EXPECT_ERR(hpnic_modify_qp(qp, &a, HPNIC_QP_ATTR_CC_OVERRIDE), -EINVAL);
		EXPECT_DEV_MSG("W_AI 65536");
		CHECK(mock->qp[hpnic_qp_num(qp)].t == 9000 && mock->qp[hpnic_qp_num(qp)].stage == 2,
		      "a refused override was written");
		a.cc_override = 0;
		a.cc_t_ns = 0;          /* not checked without the override */
		EXPECT_OK(hpnic_modify_qp(qp, &a, HPNIC_QP_ATTR_CC_OVERRIDE));
		CHECK(mock->qp[hpnic_qp_num(qp)].cc_ovr == 0 && mock->qp[hpnic_qp_num(qp)].t == 0,
		      "override off: %u T %u", mock->qp[hpnic_qp_num(qp)].cc_ovr,
		      mock->qp[hpnic_qp_num(qp)].t);
		memset(&qc, 0, sizeof(qc));
		qc.algorithm = HPNIC_CC_MODE_DCQCN;
		EXPECT_OK(hpnic_qp_set_cc(qp, &qc));
		qc.algorithm = 4;
		EXPECT_ERR(hpnic_qp_set_cc(qp, &qc), -EINVAL);
		EXPECT_DEV_MSG("CC mode 4: not a CC mode (0..3)");
		EXPECT_OK(hpnic_destroy_qp(qp));
	}
	EXPECT_OK(hpnic_set_cc(dev, &ccd));
	if (cq)
		EXPECT_OK(hpnic_destroy_cq(cq));
	EXPECT_OK(hpnic_close(dev));

	/* a bitstream without DCQCN: the calls say so, the mode is refused, and
	 * HPCC's line rate is not bound by DCQCN's ranges */
	mock_cfg_default();
	mcfg.cc_modes = HPNIC_ID_CC_MODES_HPCC_MASK;
	dev = open_mock();
	if (!dev)
		return;
	EXPECT_ERR(hpnic_set_dcqcn(dev, &def), -EOPNOTSUPP);
	EXPECT_DEV_MSG("DCQCN (CC mode 1) is not built into this bitstream (ID.CC_MODES 0x1)");
	EXPECT_ERR(hpnic_get_dcqcn(dev, &g), -EOPNOTSUPP);
	EXPECT_DEV_MSG("ID.CC_MODES 0x1");
	cc = ccd;
	cc.algorithm = HPNIC_CC_MODE_DCQCN;
	EXPECT_ERR(hpnic_set_cc(dev, &cc), -EOPNOTSUPP);
	EXPECT_DEV_MSG("CC mode 1: not built into this bitstream");
	cc = ccd;
	cc.line_mbps = 500;
	EXPECT_OK(hpnic_set_cc(dev, &cc));
	EXPECT_OK(hpnic_create_cq(dev, 16, &cq));
	ia.send_cq = cq;
	EXPECT_OK(hpnic_create_qp(dev, &ia, &qp));
	if (qp) {
		memset(&a, 0, sizeof(a));
		a.qp_state = HPNIC_QPS_INIT;
		a.cc_mode = HPNIC_CC_MODE_DCQCN;
		EXPECT_ERR(hpnic_modify_qp(qp, &a, HPNIC_QP_ATTR_STATE | HPNIC_QP_ATTR_CC_MODE),
			   -EOPNOTSUPP);
		EXPECT_DEV_MSG("CC mode 1: not built into this bitstream (ID.CC_MODES 0x1)");
		EXPECT_OK(hpnic_destroy_qp(qp));
	}
	if (cq)
		EXPECT_OK(hpnic_destroy_cq(cq));
	EXPECT_OK(hpnic_close(dev));
}

/*
 * The register map's Ranges (fw/regmap.toml min/max, which the CSR, the
 * kernel driver and this library enforce) against the C model's parameter
 * ranges (dcqcn_model.h, dcqcn_params_check): dcqcn_derive() of the
 * parameters at each model edge makes exactly the raw edges of the map.
 * Then DCQCN's timers (CC.NP_MIN_TIME_US, CC.DCQCN_TICK_US) through
 * hpnic_set_dcqcn_timers, and every CC counter by name.
 */
static void test_ranges_timers_counters(void)
{
	struct hpnic_dcqcn_timers t, tg;
	struct dcqcn_params lo, hi;
	struct dcqcn_derived dl, dh;
	uint32_t rl[DCQCN_NREGS], rh[DCQCN_NREGS];
	struct hpnic_dev *dev;
	uint64_t v;
	unsigned n;
	/* CC.DCQCN_LINE .. CC.DCQCN_PERIOD_US, in dcqcn_regs()'s order */
	static const uint32_t rmin[DCQCN_NREGS] = {
		HPNIC_CC_DCQCN_LINE_MIN, HPNIC_CC_DCQCN_MIN_MIN, HPNIC_CC_DCQCN_AI_MIN,
		HPNIC_CC_DCQCN_HAI_MIN, HPNIC_CC_DCQCN_FIRST_MIN, HPNIC_CC_DCQCN_G_MIN,
		HPNIC_CC_DCQCN_ALPHA0_MIN, HPNIC_CC_DCQCN_MIN_DEC_MIN, HPNIC_CC_DCQCN_GD_MIN,
		HPNIC_CC_DCQCN_TD_US_MIN, HPNIC_CC_DCQCN_TI_US_MIN, HPNIC_CC_DCQCN_B_PKTS_MIN,
		HPNIC_CC_DCQCN_THRESHOLD_MIN, HPNIC_CC_DCQCN_PERIOD_US_MIN,
	};
	static const uint32_t rmax[DCQCN_NREGS] = {
		HPNIC_CC_DCQCN_LINE_MAX, HPNIC_CC_DCQCN_MIN_MAX, HPNIC_CC_DCQCN_AI_MAX,
		HPNIC_CC_DCQCN_HAI_MAX, HPNIC_CC_DCQCN_FIRST_MAX, HPNIC_CC_DCQCN_G_MAX,
		HPNIC_CC_DCQCN_ALPHA0_MAX, HPNIC_CC_DCQCN_MIN_DEC_MAX, HPNIC_CC_DCQCN_GD_MAX,
		HPNIC_CC_DCQCN_TD_US_MAX, HPNIC_CC_DCQCN_TI_US_MAX, HPNIC_CC_DCQCN_B_PKTS_MAX,
		HPNIC_CC_DCQCN_THRESHOLD_MAX, HPNIC_CC_DCQCN_PERIOD_US_MAX,
	};
	/* the CC counters: the engine's, DCQCN's, the notification point's, CNPs */
	static const char *const cc_counters[] = {
		"cc_events", "cc_acks", "cc_inits", "cc_ign_no_int", "cc_ign_nhop", "cc_ign_bad_b",
		"cc_record_only", "cc_dts_zero", "cc_wc_updates", "np_ce_rx", "np_cnp_sent",
		"np_cnp_suppressed", "rx_cnp", "rx_cnp_drop", "cc_ign_type", "cc_dcqcn_cnps",
		"cc_dcqcn_ticks", "cc_dcqcn_decreases", "cc_dcqcn_deferred", "cc_dcqcn_inc_timer",
		"cc_dcqcn_inc_bc", "cc_sf_updates", "cc_vai_gen",
	};

	dcqcn_params_default(&lo);
	lo.line_mbps = DCQCN_LINE_MIN_MBPS;
	lo.g_q10 = DCQCN_G_MIN;
	lo.alpha0_q10 = 0;
	lo.period_us = 1;
	lo.td_us = 0;
	lo.ti_us = 1;
	lo.mtu = DCQCN_MTU_MAX;
	lo.byte_reset = 1;
	lo.threshold = 0;
	lo.ai_mbps = lo.hai_mbps = lo.min_mbps = lo.first_mbps = DCQCN_RATE_MIN_MBPS;
	lo.min_dec_pct = 0;
	lo.gd = 0;
	hi = lo;
	hi.line_mbps = DCQCN_RATE_MAX_MBPS;
	hi.g_q10 = DCQCN_G_MAX;
	hi.alpha0_q10 = DCQCN_ALPHA0_MAX;
	hi.period_us = DCQCN_PERIOD_MAX_US;
	hi.td_us = DCQCN_TD_MAX_US;
	hi.ti_us = DCQCN_TI_MAX_US;
	hi.mtu = DCQCN_MTU_MIN;
	hi.byte_reset = DCQCN_BPKTS_MAX * DCQCN_MTU_MIN;
	hi.threshold = DCQCN_F_MAX;
	hi.ai_mbps = hi.hai_mbps = hi.min_mbps = hi.first_mbps = DCQCN_RATE_MAX_MBPS;
	hi.min_dec_pct = 100;
	hi.gd = DCQCN_GD_MAX;
	CHECK(dcqcn_derive(&lo, &dl) == 0 && dcqcn_derive(&hi, &dh) == 0,
	      "dcqcn_derive refuses the model's own edges");
	dcqcn_regs(&dl, rl);
	dcqcn_regs(&dh, rh);
	for (unsigned i = 0; i < DCQCN_NREGS; i++) {
		const char *name = NULL;

		for (unsigned k = 0; k < HPNIC_NUM_REGS; k++)
			if (hpnic_reg_table[k].offset == HPNIC_CC_DCQCN_LINE + 4 * i)
				name = hpnic_reg_table[k].name;
		CHECK(rl[i] == rmin[i] && rh[i] == rmax[i],
		      "CC.%s: the model's edges make %u..%u, the register map's range is %u..%u",
		      name ? name : "?", rl[i], rh[i], rmin[i], rmax[i]);
	}
	/* the D tables: every entry of both g edges within CC.DCQCN_TAB's range */
	for (unsigned i = 0; i < 64; i++)
		CHECK(dl.tab[i / 16][i % 16] <= HPNIC_CC_DCQCN_TAB_MAX &&
		      dh.tab[i / 16][i % 16] <= HPNIC_CC_DCQCN_TAB_MAX && HPNIC_CC_DCQCN_TAB_MIN == 0,
		      "D-table entry %u", i);
	CHECK(dl.tab[0][0] == HPNIC_CC_DCQCN_TAB_MAX, "tab[0][0] is 1: CC.DCQCN_TAB's max");
	/* only rate_to_set_on_first_cnp takes 0 besides its range, in both */
	CHECK(HPNIC_CC_DCQCN_FIRST_ZERO_OK && !HPNIC_CC_DCQCN_MIN_ZERO_OK &&
	      !HPNIC_CC_DCQCN_LINE_ZERO_OK, "ZERO_OK");
	lo.first_mbps = 0;
	CHECK(dcqcn_params_check(&lo, NULL) == 0, "the model takes first 0");
	/* every register the map gives a Range is DCQCN's, NP's, the sweeper's
	 * or VAI/SF's six (HPCC's are clamped by the engine: docs/host.md) */
	n = 0;
	for (unsigned k = 0; k < HPNIC_NUM_REGS; k++)
		if (hpnic_reg_table[k].has_range) {
			const struct hpnic_reg_desc *r = &hpnic_reg_table[k];

			CHECK(r->min <= r->max && (r->max & ~r->mask) == 0 &&
			      ((r->reset >= r->min && r->reset <= r->max) || (r->zero_ok && !r->reset)) &&
			      r->access == HPNIC_REG_RW &&
			      !strcmp(r->block, "CC"), "CC.%s range %u..%u", r->name, r->min, r->max);
			n++;
		}
	CHECK(n == DCQCN_NREGS + 4 + 6, "%u registers with a Range, want %u", n,
	      DCQCN_NREGS + 4 + 6);

	/* DCQCN's timers */
	mock_cfg_default();
	dev = open_mock();
	if (!dev)
		return;
	EXPECT_ERR(hpnic_set_dcqcn_timers(NULL, &t), -EINVAL);
	EXPECT_MSG("hpnic_set_dcqcn_timers: dev is NULL");
	EXPECT_ERR(hpnic_set_dcqcn_timers(dev, NULL), -EINVAL);
	EXPECT_DEV_MSG("hpnic_set_dcqcn_timers: timers is NULL");
	EXPECT_ERR(hpnic_get_dcqcn_timers(NULL, &t), -EINVAL);
	EXPECT_MSG("hpnic_get_dcqcn_timers: dev is NULL");
	EXPECT_ERR(hpnic_get_dcqcn_timers(dev, NULL), -EINVAL);
	EXPECT_DEV_MSG("hpnic_get_dcqcn_timers: timers is NULL");
	memset(&tg, 0xa5, sizeof(tg));
	EXPECT_OK(hpnic_get_dcqcn_timers(dev, &tg));
	CHECK(tg.min_time_between_cnps == HPNIC_CC_NP_MIN_TIME_US_RST && tg.tick_us == 32 &&
	      HPNIC_CC_NP_MIN_TIME_US_RST == 4, "timers after reset: %u %u",
	      tg.min_time_between_cnps, tg.tick_us);
#define BAD_TM(np, tick, what)                                                      	do {                                                                        		t.min_time_between_cnps = (np);                                     		t.tick_us = (tick);                                                 		EXPECT_ERR(hpnic_set_dcqcn_timers(dev, &t), -EINVAL);               		EXPECT_DEV_MSG(what);                                               	} while (0)
	BAD_TM(HPNIC_CC_NP_MIN_TIME_US_MAX + 1, 32, "min_time_between_cnps 4096 must be 0 .. 4095 us");
	BAD_TM(UINT_MAX, 32, "min_time_between_cnps 4294967295 must be 0 .. 4095");
	BAD_TM(1u << 12 | 4, 32, "(CC.NP_MIN_TIME_US)");
	BAD_TM(4, HPNIC_CC_DCQCN_TICK_US_MAX + 1, "tick_us 131072 must be 0 .. 131071 us");
	BAD_TM(4, UINT_MAX, "tick_us 4294967295 must be 0 .. 131071");
	BAD_TM(4096, 131072, "min_time_between_cnps");
#undef BAD_TM
	CHECK(mock->regs[HPNIC_CC_NP_MIN_TIME_US / 4] == 4 &&
	      mock->regs[HPNIC_CC_DCQCN_TICK_US / 4] == 32, "a refused set wrote a timer");
	/* the edges */
	t.min_time_between_cnps = 0;
	t.tick_us = 0;
	EXPECT_OK(hpnic_set_dcqcn_timers(dev, &t));
	EXPECT_OK(hpnic_get_dcqcn_timers(dev, &tg));
	CHECK(tg.min_time_between_cnps == 0 && tg.tick_us == 0, "timers 0 0");
	t.min_time_between_cnps = HPNIC_CC_NP_MIN_TIME_US_MAX;
	t.tick_us = HPNIC_CC_DCQCN_TICK_US_MAX;
	EXPECT_OK(hpnic_set_dcqcn_timers(dev, &t));
	EXPECT_OK(hpnic_get_dcqcn_timers(dev, &tg));
	CHECK(tg.min_time_between_cnps == 4095 && tg.tick_us == 131071, "timers at their max");
	t.min_time_between_cnps = 4;
	t.tick_us = 32;
	EXPECT_OK(hpnic_set_dcqcn_timers(dev, &t));

	/* counters by name: every CC counter, and each name of the map */
	EXPECT_ERR(hpnic_counter_index(NULL), -EINVAL);
	EXPECT_MSG("name is NULL");
	EXPECT_ERR(hpnic_counter_index("bogus"), -ENOENT);
	EXPECT_MSG("no counter 'bogus'");
	EXPECT_ERR(hpnic_counter_index(""), -ENOENT);
	for (unsigned i = 0; i < HPNIC_NUM_COUNTERS; i++)
		CHECK(hpnic_counter_index(hpnic_counter_name(i)) == (int)i, "counter %u by name", i);
	EXPECT_ERR(hpnic_read_counter(NULL, "rx_cnp", &v), -EINVAL);
	EXPECT_MSG("hpnic_read_counter: dev is NULL");
	EXPECT_ERR(hpnic_read_counter(dev, NULL, &v), -EINVAL);
	EXPECT_DEV_MSG("name is NULL");
	EXPECT_ERR(hpnic_read_counter(dev, "rx_cnp", NULL), -EINVAL);
	EXPECT_DEV_MSG("val is NULL");
	EXPECT_ERR(hpnic_read_counter(dev, "cc_dcqcn_bogus", &v), -ENOENT);
	EXPECT_DEV_MSG("no counter 'cc_dcqcn_bogus'");
	for (unsigned k = 0; k < sizeof(cc_counters) / sizeof(cc_counters[0]); k++) {
		int i = hpnic_counter_index(cc_counters[k]);

		v = 0;
		CHECK(i >= 0, "no CC counter %s", cc_counters[k]);
		EXPECT_OK(hpnic_read_counter(dev, cc_counters[k], &v));
		CHECK(i >= 0 && v == ((uint64_t)i << 32 | ((unsigned)i * 1000u + 1)),
		      "%s (counter %d) reads 0x%llx", cc_counters[k], i, (unsigned long long)v);
	}
	CHECK(hpnic_counter_index("cc_dcqcn_inc_bc") == 91 && HPNIC_NUM_COUNTERS >= 92,
	      "cc_dcqcn_inc_bc is counter 91");
	CHECK(hpnic_counter_index("cc_sf_updates") == 92 && hpnic_counter_index("cc_vai_gen") == 93 &&
	      HPNIC_NUM_COUNTERS >= 94, "cc_sf_updates and cc_vai_gen are counters 92 and 93");
	EXPECT_OK(hpnic_close(dev));
	/* a bitstream with fewer counters: the newer names are -ENOENT */
	mock_cfg_default();
	mcfg.num_counters = 80;
	dev = open_mock();
	if (dev) {
		EXPECT_ERR(hpnic_read_counter(dev, "np_ce_rx", &v), -ENOENT);
		EXPECT_DEV_MSG("'np_ce_rx' is counter 80, the NIC has 80");
		EXPECT_OK(hpnic_read_counter(dev, "rx_ack_coalesced", &v));
		EXPECT_OK(hpnic_close(dev));
	}
	/* without DCQCN the timers say so */
	mock_cfg_default();
	mcfg.cc_modes = HPNIC_ID_CC_MODES_HPCC_MASK;
	dev = open_mock();
	if (dev) {
		EXPECT_ERR(hpnic_set_dcqcn_timers(dev, &t), -EOPNOTSUPP);
		EXPECT_DEV_MSG("hpnic_set_dcqcn_timers: DCQCN (CC mode 1) is not built");
		EXPECT_ERR(hpnic_get_dcqcn_timers(dev, &tg), -EOPNOTSUPP);
		EXPECT_OK(hpnic_close(dev));
	}
}

static void test_strerror(void)
{
	static const int errs[] = { EINVAL, ENODEV, ENOMEM, EBUSY, ENOSPC, ERANGE, EIO,
				    ETIMEDOUT, EOPNOTSUPP, EACCES };
	unsigned i;

	for (i = 0; i < sizeof(errs) / sizeof(errs[0]); i++) {
		CHECK(hpnic_strerror(-errs[i])[0] && strcmp(hpnic_strerror(-errs[i]),
		      hpnic_strerror(-12345)), "no message for -%d", errs[i]);
		CHECK(!strcmp(hpnic_strerror(errs[i]), hpnic_strerror(-errs[i])), "sign");
	}
	CHECK(hpnic_strerror(0)[0] && hpnic_strerror(-12345)[0], "0 and unknown");
}

int main(void)
{
	test_open();
	test_mr();
	test_cq_qp();
	test_post_poll();
	test_cc_counters();
	test_vaisf();
	test_dcqcn();
	test_ranges_timers_counters();
	test_strerror();
	printf("tb_lib_args: %d passed, %d failed\n", tb_checks - tb_failures, tb_failures);
	return tb_failures ? 1 : 0;
}
