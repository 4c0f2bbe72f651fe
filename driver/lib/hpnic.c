/* SPDX-License-Identifier: MIT */
/*
 * libhpnic: the device. Opening (backend lookup, the register-block walk of
 * docs/regmap.md, link test, readiness), the indirect-command helper every
 * object uses, NIC-wide CC parameters, counters, errors.
 *
 * The QP, MR and CQ files build on hpnic_cmd() and hpnic_dev_fail(); this file
 * is the only one that includes the counter names.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HPNIC_REGS_WANT_COUNTER_NAMES
#include "hpnic_priv.h"
#include "hpcc_model.h"
#include "dcqcn_model.h"

/*
 * Errors: one detail message per thread, so that a failure's message
 * survives until the thread's next failure and threads do not mix them.
 * Every detail about a device is written by set_detail() with the device,
 * which puts its name first ("sim:0: ..."): one place names the device.
 */
static _Thread_local char err_buf[512];

static void set_detail(const struct hpnic_dev *dev, const char *fmt, va_list ap)
{
	size_t n = 0;

	if (dev && dev->name) {
		snprintf(err_buf, sizeof(err_buf), "%s: ", dev->name);
		n = strlen(err_buf);
	}
	vsnprintf(err_buf + n, sizeof(err_buf) - n, fmt, ap);
}

const char *hpnic_error_buf(void)
{
	return err_buf;
}

void hpnic_clear_error(void)
{
	err_buf[0] = '\0';
}

void hpnic_set_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	set_detail(NULL, fmt, ap);
	va_end(ap);
}

int hpnic_fail(int err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	set_detail(NULL, fmt, ap);
	va_end(ap);
	return err;
}

int hpnic_dev_fail(const struct hpnic_dev *dev, int err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	set_detail(dev, fmt, ap);
	va_end(ap);
	return err;
}

const char *hpnic_last_error(void)
{
	return err_buf;
}

const char *hpnic_strerror(int err)
{
	if (err > 0)
		err = -err;
	switch (err) {
	case 0:
		return "success";
	case -EINVAL:
		return "invalid argument: NULL, out of range, an object of another device, "
		       "or not allowed in the QP's state";
	case -ENODEV:
		return "no such device: unknown or unlinked backend, no device, "
		       "or a bitstream that does not match the library";
	case -ENOMEM:
		return "out of memory, or the send queue is full (poll the completion queue)";
	case -EBUSY:
		return "busy: objects still exist or use this one, or the NIC's command "
		       "interface was busy";
	case -ENOSPC:
		return "no space: the completion queue cannot hold every WQE of its QPs, "
		       "or the QP, CQ or MR table is full";
	case -ERANGE:
		return "the NIC rejected a table index (BAD_INDEX)";
	case -EIO:
		return "I/O error: the NIC rejected a command (BAD_CMD) or the register "
		       "link does not work";
	case -ETIMEDOUT:
		return "timed out: the NIC did not become ready, did not finish a command, "
		       "or no completion arrived";
	case -EOPNOTSUPP:
		return "not supported by this bitstream (feature or CC mode not built in)";
	case -EACCES:
		return "access denied: a READ's local region lacks HPNIC_ACCESS_LOCAL_WRITE";
	case -ENOENT:
		return "no such file or device node";
	case -EPERM:
		return "operation not permitted";
	case -EFAULT:
		return "bad address";
	default:
		return "unknown error (not a libhpnic code)";
	}
}

/*
 * Table index allocator
 */
int hpnic_bitmap_init(struct hpnic_bitmap *bm, unsigned size)
{
	bm->words = calloc((size + 63) / 64 ? (size + 63) / 64 : 1, sizeof(uint64_t));
	if (!bm->words)
		return -ENOMEM;
	bm->size = size;
	bm->next = 0;
	bm->used = 0;
	return 0;
}

void hpnic_bitmap_free(struct hpnic_bitmap *bm)
{
	free(bm->words);
	bm->words = NULL;
}

long hpnic_bitmap_alloc(struct hpnic_bitmap *bm, unsigned lo)
{
	unsigned i, n;

	if (lo >= bm->size)
		return -1;
	for (n = 0; n < bm->size; n++) {
		i = (bm->next + n) % bm->size;
		if (i < lo)
			continue;
		if (!(bm->words[i / 64] & (1ull << (i % 64)))) {
			bm->words[i / 64] |= 1ull << (i % 64);
			bm->next = i + 1;
			bm->used++;
			return i;
		}
	}
	return -1;
}

long hpnic_bitmap_alloc_range(struct hpnic_bitmap *bm, unsigned n)
{
	unsigned start, run = 0, i, k;

	if (!n || n > bm->size)
		return -1;
	/* first fit from the hint: a run may not wrap past the end */
	for (k = 0, i = bm->next % bm->size, start = i; k < bm->size + n; k++) {
		if (i == 0)
			run = 0, start = 0;
		if (bm->words[i / 64] & (1ull << (i % 64))) {
			run = 0;
			start = i + 1;
		} else if (++run == n) {
			for (i = start; i < start + n; i++)
				bm->words[i / 64] |= 1ull << (i % 64);
			bm->next = (start + n) % bm->size;
			bm->used += n;
			return start;
		}
		i = (i + 1) % bm->size;
	}
	return -1;
}

void hpnic_bitmap_release(struct hpnic_bitmap *bm, unsigned idx)
{
	if (idx < bm->size && (bm->words[idx / 64] & (1ull << (idx % 64)))) {
		bm->words[idx / 64] &= ~(1ull << (idx % 64));
		bm->used--;
	}
}

/*
 * BAR0 access
 */
int hpnic_backend_fail(const struct hpnic_dev *dev, int err, const char *fn)
{
	char detail[sizeof(err_buf)];

	snprintf(detail, sizeof(detail), "%s", err_buf);
	err = err < 0 ? err : -EIO;
	return hpnic_dev_fail(dev, err, "%s: %s", fn, detail[0] ? detail : hpnic_strerror(err));
}

/* a failed register access: the backend's own detail when it left one */
static int csr_fail(struct hpnic_dev *dev, int err, const char *how, uint32_t off)
{
	char detail[sizeof(err_buf)];

	snprintf(detail, sizeof(detail), "%s", err_buf);
	err = err < 0 ? err : -EIO;
	if (detail[0])
		return hpnic_dev_fail(dev, err, "BAR0 %s at 0x%05x failed: %s", how, off, detail);
	return hpnic_dev_fail(dev, err, "BAR0 %s at 0x%05x failed: %s", how, off,
			      hpnic_strerror(err));
}

int hpnic_rd(struct hpnic_dev *dev, uint32_t off, uint32_t *val)
{
	int err;

	err_buf[0] = '\0';
	err = dev->ops->csr_read(dev->be, off, val);
	return err ? csr_fail(dev, err, "read", off) : 0;
}

int hpnic_wr(struct hpnic_dev *dev, uint32_t off, uint32_t val)
{
	int err;

	err_buf[0] = '\0';
	err = dev->ops->csr_write(dev->be, off, val);
	return err ? csr_fail(dev, err, "write", off) : 0;
}

/*
 * Indirect commands. The three blocks share a CMD_STATUS layout; each has
 * its own constants, so keep them in one table.
 */
struct cmd_block {
	const char *name;
	const char *index_name;
	uint32_t cmd;
	uint32_t status;
	uint32_t busy_mask;
	uint32_t err_mask;
	unsigned err_shift;
};

static const struct cmd_block cmd_blocks[] = {
	[HPNIC_BLK_QP] = { "QP", "QPN", HPNIC_QP_CMD, HPNIC_QP_CMD_STATUS,
			   HPNIC_QP_CMD_STATUS_BUSY_MASK, HPNIC_QP_CMD_STATUS_ERROR_MASK,
			   HPNIC_QP_CMD_STATUS_ERROR_SHIFT },
	[HPNIC_BLK_MR] = { "MR", "index", HPNIC_MR_CMD, HPNIC_MR_CMD_STATUS,
			   HPNIC_MR_CMD_STATUS_BUSY_MASK, HPNIC_MR_CMD_STATUS_ERROR_MASK,
			   HPNIC_MR_CMD_STATUS_ERROR_SHIFT },
	[HPNIC_BLK_CQ] = { "CQ", "CQN", HPNIC_CQ_CMD, HPNIC_CQ_CMD_STATUS,
			   HPNIC_CQ_CMD_STATUS_BUSY_MASK, HPNIC_CQ_CMD_STATUS_ERROR_MASK,
			   HPNIC_CQ_CMD_STATUS_ERROR_SHIFT },
};

static const char *hw_err_name(unsigned code)
{
	switch (code) {
	case HPNIC_ERR_OK:
		return "OK";
	case HPNIC_ERR_BAD_CMD:
		return "BAD_CMD";
	case HPNIC_ERR_BAD_INDEX:
		return "BAD_INDEX";
	case HPNIC_ERR_BAD_VALUE:
		return "BAD_VALUE";
	case HPNIC_ERR_BUSY:
		return "BUSY";
	default:
		return "unknown";
	}
}

int hpnic_cmd(struct hpnic_dev *dev, enum hpnic_cmd_block blk, uint32_t cmd, uint32_t index)
{
	const struct cmd_block *b = &cmd_blocks[blk];
	uint32_t st = 0;
	unsigned i, code;
	int err;

	err = hpnic_wr(dev, b->cmd, cmd);
	if (err)
		return err;
	/* the hpnic CSR block finishes a command in one cycle; a board behind
	 * PCIe or a later bitstream may take longer, so wait for BUSY anyway */
	for (i = 0; ; i++) {
		err = hpnic_rd(dev, b->status, &st);
		if (err)
			return err;
		if (!(st & b->busy_mask))
			break;
		if (i == HPNIC_CMD_POLLS)
			return hpnic_dev_fail(dev, -ETIMEDOUT, "%s command %u on %s %u still busy "
					      "after %u polls", b->name, cmd, b->index_name,
					      index, i);
		dev->ops->progress(dev->be);
	}
	code = (st & b->err_mask) >> b->err_shift;
	switch (code) {
	case HPNIC_ERR_OK:
		return 0;
	case HPNIC_ERR_BAD_CMD:
		err = -EIO;
		break;
	case HPNIC_ERR_BAD_INDEX:
		err = -ERANGE;
		break;
	case HPNIC_ERR_BAD_VALUE:
		err = -EINVAL;
		break;
	case HPNIC_ERR_BUSY:
		err = -EBUSY;
		break;
	default:
		err = -EIO;
		break;
	}
	return hpnic_dev_fail(dev, err, "%s command %u on %s %u failed: hardware error %s (%u)",
			      b->name, cmd, b->index_name, index, hw_err_name(code), code);
}

/*
 * Opening: the backend
 */
static int ops_complete(const struct hpnic_backend_ops *ops)
{
	return ops->name && ops->open && ops->close && ops->csr_read && ops->csr_write &&
	       ops->dma_alloc && ops->dma_free && ops->dma_map && ops->dma_unmap &&
	       ops->port_addr && ops->progress;
}

/* a block TYPE as text, for messages: "HPCT" or "0xffffffff" */
static const char *type_str(uint32_t type, char buf[12])
{
	int i;

	for (i = 0; i < 4; i++) {
		char c = (char)(type >> (24 - 8 * i));

		if (c < 0x20 || c > 0x7e) {
			snprintf(buf, 12, "0x%08x", type);
			return buf;
		}
		buf[i] = c;
	}
	buf[4] = '\0';
	return buf;
}

struct blk_desc {
	const char *name;
	uint32_t base;
	uint32_t size;
	uint32_t type;
	uint32_t version;
};

static const struct blk_desc blk_descs[] = {
#define HPNIC_X_BLOCK(n, b, s, t, v) { #n, b, s, t, v },
	HPNIC_BLOCKS(HPNIC_X_BLOCK)
#undef HPNIC_X_BLOCK
};

#define N_BLK_DESCS (sizeof(blk_descs) / sizeof(blk_descs[0]))

/* the walk of docs/regmap.md: every block of this map where the header puts
 * it, compatible versions, a list that ends */
static int walk_blocks(struct hpnic_dev *dev)
{
	uint32_t off = HPNIC_ID_BASE, type, ver, next, size;
	unsigned found = 0, n, i;
	char tb[12];
	int err;

	err = hpnic_rd(dev, HPNIC_ID_TYPE, &type);
	if (err)
		return err;
	if (type == 0xffffffffu)
		return hpnic_dev_fail(dev, -ENODEV, "TYPE at BAR0 offset 0 reads 0xffffffff: "
				      "the device does not answer");
	if (type != HPNIC_ID_BLOCK_TYPE)
		return hpnic_dev_fail(dev, -ENODEV, "TYPE at BAR0 offset 0 is %s, not HPID: "
				      "not an hpnic register map", type_str(type, tb));

	for (n = 0; ; n++) {
		const struct blk_desc *d = NULL;

		if (n == HPNIC_MAX_BLOCKS_WALK)
			return hpnic_dev_fail(dev, -ENODEV, "more than %d blocks in the list: "
					      "the block list is garbage", HPNIC_MAX_BLOCKS_WALK);
		if ((err = hpnic_rd(dev, off + HPNIC_HDR_TYPE, &type)) ||
		    (err = hpnic_rd(dev, off + HPNIC_HDR_VERSION, &ver)) ||
		    (err = hpnic_rd(dev, off + HPNIC_HDR_NEXT, &next)) ||
		    (err = hpnic_rd(dev, off + HPNIC_HDR_SIZE, &size)))
			return err;

		for (i = 0; i < N_BLK_DESCS; i++)
			if (blk_descs[i].type == type)
				d = &blk_descs[i];
		if (d) {
			uint32_t maj = HPNIC_GET(HPNIC_HDR_VERSION_MAJOR, ver);
			uint32_t min = HPNIC_GET(HPNIC_HDR_VERSION_MINOR, ver);
			uint32_t wmaj = HPNIC_GET(HPNIC_HDR_VERSION_MAJOR, d->version);
			uint32_t wmin = HPNIC_GET(HPNIC_HDR_VERSION_MINOR, d->version);

			if (off != d->base || size != d->size)
				return hpnic_dev_fail(dev, -ENODEV, "block %s at 0x%x, size 0x%x; "
						      "library built for 0x%x, size 0x%x: "
						      "bitstream and library do not match", d->name,
						      off, size, d->base, d->size);
			if (maj != wmaj || min < wmin)
				return hpnic_dev_fail(dev, -ENODEV, "block %s at 0x%x: version "
						      "%u.%u, library built for %u.%u: bitstream "
						      "and library do not match", d->name, off, maj,
						      min, wmaj, wmin);
			if (found & (1u << (d - blk_descs)))
				return hpnic_dev_fail(dev, -ENODEV, "block %s at 0x%x appears "
						      "twice in the list", d->name, off);
			found |= 1u << (d - blk_descs);
		}
		/* a block of an unknown type is skipped: a later bitstream may add some */
		if (!next)
			break;
		if ((uint64_t)next < (uint64_t)off + (size > 16 ? size : 16) ||
		    (uint64_t)next + 16 > HPNIC_BAR0_SIZE)
			return hpnic_dev_fail(dev, -ENODEV, "block %s at 0x%x: NEXT 0x%x is not "
					      "past the block's end (size 0x%x) inside BAR0",
					      d ? d->name : type_str(type, tb), off, next, size);
		off = next;
	}

	for (i = 0; i < N_BLK_DESCS; i++)
		if (!(found & (1u << i)))
			return hpnic_dev_fail(dev, -ENODEV, "block %s (expected at 0x%x) missing: "
					      "bitstream and library do not match",
					      blk_descs[i].name, blk_descs[i].base);
	return 0;
}

static int test_scratch(struct hpnic_dev *dev)
{
	static const uint32_t pat[] = { 0xa5c3f00fu, 0x5a3c0ff0u, 0 };
	uint32_t v;
	unsigned i;
	int err;

	for (i = 0; i < sizeof(pat) / sizeof(pat[0]); i++) {
		if ((err = hpnic_wr(dev, HPNIC_ID_SCRATCH, pat[i])) ||
		    (err = hpnic_rd(dev, HPNIC_ID_SCRATCH, &v)))
			return err;
		if (v != pat[i])
			return hpnic_dev_fail(dev, -EIO, "ID.SCRATCH: wrote 0x%08x, read 0x%08x: "
					      "the register link does not work", pat[i], v);
	}
	return 0;
}

static int wait_ready(struct hpnic_dev *dev)
{
	const uint32_t want = HPNIC_CTRL_STATUS_CC_INIT_DONE_MASK |
			      HPNIC_CTRL_STATUS_SCHED_INIT_DONE_MASK |
			      HPNIC_CTRL_STATUS_HOST_READY_MASK;
	uint64_t cycles = 0;
	unsigned calls = 0;
	uint32_t st;
	int err;

	for (;;) {
		err = hpnic_rd(dev, HPNIC_CTRL_STATUS, &st);
		if (err)
			return err;
		if ((st & want) == want)
			return 0;
		if (calls >= HPNIC_READY_CALLS || cycles >= HPNIC_READY_CYCLES)
			return hpnic_dev_fail(dev, -ETIMEDOUT, "CTRL.STATUS 0x%x after %u progress "
					      "calls (%llu cycles): not ready (%s%s%s)", st, calls,
					      (unsigned long long)cycles,
					      st & HPNIC_CTRL_STATUS_CC_INIT_DONE_MASK ?
					      "" : " CC engine",
					      st & HPNIC_CTRL_STATUS_SCHED_INIT_DONE_MASK ?
					      "" : " scheduler",
					      st & HPNIC_CTRL_STATUS_HOST_READY_MASK ?
					      "" : " host interface");
		cycles += dev->ops->progress(dev->be);
		calls++;
	}
}

/* the identity and sizes of ID; refuse sizes the library cannot handle */
static int read_id(struct hpnic_dev *dev)
{
	struct hpnic_dev_attr *a = &dev->attr;
	uint32_t cfg, dp, cnt, rda;
	unsigned mr_log2, cqn_w, mtt_log2;
	int err;

	if ((err = hpnic_rd(dev, HPNIC_ID_BUILD_DATE, &a->build_date)) ||
	    (err = hpnic_rd(dev, HPNIC_ID_GIT_HASH, &a->git_hash)) ||
	    (err = hpnic_rd(dev, HPNIC_ID_QP_CFG, &cfg)) ||
	    (err = hpnic_rd(dev, HPNIC_ID_DATAPATH, &dp)) ||
	    (err = hpnic_rd(dev, HPNIC_ID_FEATURES, &a->features)) ||
	    (err = hpnic_rd(dev, HPNIC_ID_CC_MODES, &a->cc_modes)) ||
	    (err = hpnic_rd(dev, HPNIC_ID_RD_ATOMIC, &rda)) ||
	    (err = hpnic_rd(dev, HPNIC_STATS_COUNT, &cnt)))
		return err;

	a->qpn_width = HPNIC_GET(HPNIC_ID_QP_CFG_QPN_WIDTH, cfg);
	/* a NIC from before several outstanding READs reads 0 there: one */
	a->max_qp_rd_atom = HPNIC_GET(HPNIC_ID_RD_ATOMIC_MAX_RD_ATOMIC, rda);
	a->max_qp_dest_rd_atom = HPNIC_GET(HPNIC_ID_RD_ATOMIC_MAX_DEST_RD_ATOMIC, rda);
	if (!a->max_qp_rd_atom)
		a->max_qp_rd_atom = 1;
	if (!a->max_qp_dest_rd_atom)
		a->max_qp_dest_rd_atom = 1;
	mr_log2 = HPNIC_GET(HPNIC_ID_QP_CFG_MR_LOG2, cfg);
	cqn_w = HPNIC_GET(HPNIC_ID_QP_CFG_CQN_WIDTH, cfg);
	mtt_log2 = HPNIC_GET(HPNIC_ID_QP_CFG_MTT_LOG2, cfg);
	/* one doorbell per QP in the DB block, and QPN 0 is never used */
	if (a->qpn_width < 1 || (1u << (a->qpn_width > 24 ? 24 : a->qpn_width)) > HPNIC_DB_SQ_DB_COUNT)
		return hpnic_dev_fail(dev, -ENODEV, "ID.QP_CFG.QPN_WIDTH %u: the library handles "
				      "1..%u (%u doorbells)", a->qpn_width,
				      hpnic_log2(HPNIC_DB_SQ_DB_COUNT), HPNIC_DB_SQ_DB_COUNT);
	if (mr_log2 > HPNIC_MR_LOG2_MAX)
		return hpnic_dev_fail(dev, -ENODEV, "ID.QP_CFG.MR_LOG2 %u: the library handles "
				      "0..%u", mr_log2, HPNIC_MR_LOG2_MAX);
	if (cqn_w > HPNIC_CQN_WIDTH_MAX)
		return hpnic_dev_fail(dev, -ENODEV, "ID.QP_CFG.CQN_WIDTH %u: the library handles "
				      "0..%u", cqn_w, HPNIC_CQN_WIDTH_MAX);
	a->max_qps = 1u << a->qpn_width;
	a->max_mrs = 1u << mr_log2;
	if (mtt_log2 > HPNIC_MTT_LOG2_MAX)
		return hpnic_dev_fail(dev, -ENODEV, "ID.QP_CFG.MTT_LOG2 %u: the library handles "
				      "0..%u", mtt_log2, HPNIC_MTT_LOG2_MAX);
	a->mtt_entries = mtt_log2 ? 1u << mtt_log2 : 0;
	a->max_pds = HPNIC_QP_PD_MASK;      /* 1..65535: 0 is the device's own */
	a->max_cqs = 1u << cqn_w;
	a->max_sq_depth = HPNIC_SQ_DEPTH_MAX;
	a->max_rq_depth = (a->features & HPNIC_ID_FEATURES_SEND_MASK) ? HPNIC_SQ_DEPTH_MAX : 0;
	a->max_cq_depth = HPNIC_CQ_DEPTH_MAX;
	a->max_msg_len = HPNIC_MSG_MAX;
	a->data_width_bytes = HPNIC_GET(HPNIC_ID_DATAPATH_DATA_WIDTH_BYTES, dp);
	a->clk_mhz = HPNIC_GET(HPNIC_ID_DATAPATH_CLK_MHZ, dp);
	a->num_counters = cnt;
	return 0;
}

static int set_port(struct hpnic_dev *dev)
{
	struct hpnic_dev_attr *a = &dev->attr;
	int err;

	err = dev->ops->port_addr(dev->be, a->mac, &a->ipv4);
	if (err)
		return hpnic_dev_fail(dev, err < 0 ? err : -EIO, "the backend has no port address: "
				      "%s", hpnic_strerror(err));
	/* a backend that owns the NIC (the kernel's) has set them already */
	if (dev->objs)
		return 0;
	/* CTRL.MAC_LO holds bytes 2..5, MAC_HI bytes 0..1, first byte highest */
	if ((err = hpnic_wr(dev, HPNIC_CTRL_MAC_LO, (uint32_t)a->mac[2] << 24 |
			    (uint32_t)a->mac[3] << 16 | (uint32_t)a->mac[4] << 8 | a->mac[5])) ||
	    (err = hpnic_wr(dev, HPNIC_CTRL_MAC_HI,
			    HPNIC_SET(HPNIC_CTRL_MAC_HI, (uint32_t)a->mac[0] << 8 | a->mac[1]))) ||
	    (err = hpnic_wr(dev, HPNIC_CTRL_IP, a->ipv4)))
		return err;
	return 0;
}

static void dev_free(struct hpnic_dev *dev)
{
	hpnic_bitmap_free(&dev->qpns);
	hpnic_bitmap_free(&dev->cqns);
	hpnic_bitmap_free(&dev->mrs);
	hpnic_bitmap_free(&dev->pdns);
	hpnic_bitmap_free(&dev->mtt);
	free(dev->qps);
	free(dev->mr_tag);
	free(dev->mr_slot);
	free(dev->cq_slot);
	free(dev->name);
	free(dev);
}

int hpnic_open_backend(const struct hpnic_backend_ops *ops, const char *arg,
		       struct hpnic_dev **devp)
{
	struct hpnic_dev *dev;
	size_t nlen;
	int err;

	if (!devp)
		return hpnic_fail(-EINVAL, "hpnic_open: dev is NULL");
	*devp = NULL;
	if (!ops || !arg)
		return hpnic_fail(-EINVAL, "hpnic_open: %s is NULL", ops ? "the argument" : "ops");
	if (!ops_complete(ops))
		return hpnic_fail(-EINVAL, "hpnic_open: backend '%s' misses a function",
				  ops->name ? ops->name : "(unnamed)");

	dev = calloc(1, sizeof(*dev));
	if (!dev)
		return hpnic_fail(-ENOMEM, "%s:%s: hpnic_open: out of memory", ops->name, arg);
	nlen = strlen(ops->name) + 1 + strlen(arg) + 1;
	dev->name = malloc(nlen);
	if (!dev->name) {
		free(dev);
		return hpnic_fail(-ENOMEM, "%s:%s: hpnic_open: out of memory", ops->name, arg);
	}
	snprintf(dev->name, nlen, "%s:%s", ops->name, arg);
	dev->ops = ops;
	dev->objs = ops->objs;

	/* a backend may leave the detail of its failure (hpnic_set_error) */
	hpnic_clear_error();
	err = ops->open(arg, &dev->be);
	if (err) {
		char detail[sizeof(err_buf)];

		err = err < 0 ? err : -ENODEV;
		snprintf(detail, sizeof(detail), "%s", err_buf);
		/* a backend that named the device itself ("pci:0000:00:01.0: ...",
		 * its canonical form) is not named twice */
		if (!strncmp(detail, ops->name, strlen(ops->name)) &&
		    detail[strlen(ops->name)] == ':' && detail[strlen(ops->name) + 1] &&
		    detail[strlen(ops->name) + 1] != ' ')
			hpnic_fail(err, "%s", detail);
		else
			hpnic_dev_fail(dev, err, "%s", detail[0] ? detail : hpnic_strerror(err));
		free(dev->name);
		free(dev);
		return err;
	}

	/* a backend that owns the NIC (the kernel's driver) checked the map,
	 * the register link and readiness when it took the device, and hands
	 * out the PD of objects made without one: no other process's */
	if (!dev->objs) {
		err = walk_blocks(dev);
		if (!err)
			err = test_scratch(dev);
		if (!err)
			err = wait_ready(dev);
	} else {
		hpnic_clear_error();
		err = dev->objs->alloc_pd(dev->be, &dev->own_pdn);
		if (err)
			err = hpnic_backend_fail(dev, err, "hpnic_open");
	}
	if (!err)
		err = read_id(dev);
	if (!err)
		err = set_port(dev);
	if (!err) {
		if (hpnic_bitmap_init(&dev->qpns, dev->attr.max_qps) ||
		    hpnic_bitmap_init(&dev->cqns, dev->attr.max_cqs) ||
		    hpnic_bitmap_init(&dev->mrs, dev->attr.max_mrs) ||
		    hpnic_bitmap_init(&dev->pdns, HPNIC_QP_PD_MASK + 1) ||
		    hpnic_bitmap_init(&dev->mtt, dev->attr.mtt_entries) ||
		    !(dev->qps = calloc(dev->attr.max_qps, sizeof(*dev->qps))) ||
		    !(dev->mr_tag = calloc(dev->attr.max_mrs, 1)) ||
		    !(dev->mr_slot = calloc(dev->attr.max_mrs, sizeof(*dev->mr_slot))) ||
		    !(dev->cq_slot = calloc(dev->attr.max_cqs, sizeof(*dev->cq_slot))))
			err = hpnic_dev_fail(dev, -ENOMEM, "hpnic_open: out of memory");
	}
	if (err) {
		ops->close(dev->be);
		dev_free(dev);
		return err;
	}
	*devp = dev;
	return 0;
}

/* the backends hpnic_open() knows by name: libhpnic's own, then the ones
 * that registered themselves (hpnic_backend.h) */
static struct {
	const char *name;
	const struct hpnic_backend_ops *ops;
} backends[HPNIC_MAX_BACKENDS] = {
	{ "kernel", &hpnic_backend_kernel },
	{ "pci", &hpnic_backend_pci },
};
static size_t nbackends = 2;

int hpnic_register_backend(const char *name, const struct hpnic_backend_ops *ops)
{
	size_t i;

	if (!name || !*name || strchr(name, ':') || !ops)
		return hpnic_fail(-EINVAL, "hpnic_register_backend: needs a name without ':' and ops");
	for (i = 0; i < nbackends; i++)
		if (!strcmp(backends[i].name, name))
			return hpnic_fail(-EEXIST, "hpnic_register_backend: '%s' is registered already",
					  name);
	if (nbackends == HPNIC_MAX_BACKENDS)
		return hpnic_fail(-ENOSPC, "hpnic_register_backend: the table holds %d backends",
				  HPNIC_MAX_BACKENDS);
	backends[nbackends].name = name;
	backends[nbackends].ops = ops;
	nbackends++;
	return 0;
}

int hpnic_open(const char *name, struct hpnic_dev **devp)
{
	char known[128] = "";
	const char *colon;
	size_t plen, i;

	if (!devp)
		return hpnic_fail(-EINVAL, "hpnic_open: dev is NULL");
	*devp = NULL;
	if (!name)
		return hpnic_fail(-EINVAL, "hpnic_open: name is NULL");
	colon = strchr(name, ':');
	if (!colon)
		return hpnic_fail(-EINVAL, "hpnic_open: device name '%s' is not <backend>:<argument> "
				  "(e.g. sim:0, kernel:/dev/hpnic0, pci:0000:00:01.0)", name);
	plen = (size_t)(colon - name);
	for (i = 0; i < nbackends; i++) {
		if (strlen(backends[i].name) == plen && !strncmp(name, backends[i].name, plen))
			return hpnic_open_backend(backends[i].ops, colon + 1, devp);
		if (strlen(known) + strlen(backends[i].name) + 3 < sizeof(known)) {
			if (i)
				strcat(known, ", ");
			strcat(known, backends[i].name);
		}
	}
	if (plen == 3 && !strncmp(name, "sim", 3))
		return hpnic_fail(-ENODEV, "%s: the sim backend is not linked into this program "
				  "(link hpnic_sim.o, which registers it: build/nic/hpnic_sim.o in "
				  "the tree, part of `pkg-config --libs hpnic-sim` once installed; "
				  "known: %s)", name, known);
	return hpnic_fail(-ENODEV, "%s: unknown backend '%.*s' (known: %s)", name, (int)plen, name,
			  known);
}

int hpnic_close(struct hpnic_dev *dev)
{
	if (!dev)
		return hpnic_fail(-EINVAL, "hpnic_close: dev is NULL");
	if (dev->nqps || dev->ncqs || dev->nmrs || dev->npds)
		return hpnic_dev_fail(dev, -EBUSY, "hpnic_close: %u QPs, %u CQs, %u MRs, %u PDs "
				      "left: destroy them first", dev->nqps, dev->ncqs, dev->nmrs,
				      dev->npds);
	dev->ops->close(dev->be);
	dev_free(dev);
	return 0;
}

int hpnic_query_device(struct hpnic_dev *dev, struct hpnic_dev_attr *attr)
{
	if (!dev || !attr)
		return hpnic_dev_fail(dev, -EINVAL, "hpnic_query_device: %s is NULL",
				      dev ? "attr" : "dev");
	*attr = dev->attr;
	return 0;
}

/*
 * Congestion control: value checks shared with the per-QP calls. The
 * ranges are those the engine takes without clamping (HPCC_* of
 * model/cc/hpcc_model.h, mirrored by rtl/cc/hpcc_cc_param.v).
 */
int hpnic_cc_check_mode(struct hpnic_dev *dev, unsigned mode)
{
	const unsigned max = HPNIC_GET(HPNIC_CC_DEFAULT_MODE, ~0u);

	if (mode > max)
		return hpnic_dev_fail(dev, -EINVAL, "CC mode %u: not a CC mode (0..%u)", mode, max);
	if (!(dev->attr.cc_modes & (1u << mode)))
		return hpnic_dev_fail(dev, -EOPNOTSUPP, "CC mode %u: not built into this bitstream "
				      "(ID.CC_MODES 0x%x)", mode, dev->attr.cc_modes);
	return 0;
}

int hpnic_cc_check_t(struct hpnic_dev *dev, unsigned t_ns)
{
	if (t_ns < HPCC_T_MIN || t_ns > HPCC_T_MAX)
		return hpnic_dev_fail(dev, -EINVAL, "T %u ns: outside %u..%u", t_ns, HPCC_T_MIN,
				      HPCC_T_MAX);
	return 0;
}

int hpnic_cc_check_wai(struct hpnic_dev *dev, double wai_bytes, uint32_t *reg)
{
	double q = wai_bytes * (1 << HPCC_W_FRAC);

	/* written this way so that NaN fails too */
	if (!(wai_bytes >= 0) || !(q + 0.5 < (double)HPCC_WAI_MAX + 1))
		return hpnic_dev_fail(dev, -EINVAL, "W_AI %g bytes: outside 0..%g", wai_bytes,
				      (double)HPCC_WAI_MAX / (1 << HPCC_W_FRAC));
	/* q >= 0 here: round half up without libm */
	*reg = (uint32_t)(q + 0.5);
	return 0;
}

int hpnic_cc_check_stage(struct hpnic_dev *dev, unsigned max_stage)
{
	const unsigned max = HPNIC_GET(HPNIC_CC_MAX_STAGE, ~0u);

	if (max_stage > max)
		return hpnic_dev_fail(dev, -EINVAL, "maxStage %u: outside 0..%u", max_stage, max);
	return 0;
}

int hpnic_cc_defaults(struct hpnic_cc_params *p)
{
	if (!p)
		return hpnic_fail(-EINVAL, "hpnic_cc_defaults: params is NULL");
	memset(p, 0, sizeof(*p));
	p->eta = (double)HPNIC_CC_ETA_RST / HPCC_ETA_ONE;
	p->max_stage = HPNIC_CC_MAX_STAGE_RST;
	p->wai_bytes = (double)HPNIC_CC_WAI_RST / (1 << HPCC_W_FRAC);
	p->t_ns = HPNIC_CC_T_NS_RST;
	p->line_mbps = HPNIC_CC_LINE_MBPS_RST;
	p->min_mbps = HPNIC_CC_MIN_MBPS_RST;
	p->algorithm = HPNIC_CC_DEFAULT_MODE_RST;
	p->sched_overhead = HPNIC_CC_SCHED_OVERHEAD_RST;
	p->sched_burst = HPNIC_CC_SCHED_BURST_RST;
	p->sched_grant = HPNIC_CC_SCHED_GRANT_RST;
	return 0;
}

/*
 * The CC engine derives its constants from a new HPCC or VAI/SF parameter in
 * about 800 cycles; a QP started meanwhile would get the previous set. The
 * setters return once CTRL.CC_PARAM_STATUS.BUSY has cleared, so a QP
 * created after them runs on what they wrote.
 */
static int hpnic_cc_settle(struct hpnic_dev *dev, const char *who)
{
	uint32_t st;
	int err;

	for (unsigned i = 0; ; i++) {
		if ((err = hpnic_rd(dev, HPNIC_CTRL_CC_PARAM_STATUS, &st)))
			return err;
		if (!(st & HPNIC_CTRL_CC_PARAM_STATUS_BUSY_MASK))
			return 0;
		if (i == HPNIC_CMD_POLLS)
			return hpnic_dev_fail(dev, -ETIMEDOUT, "%s: the CC engine still derives its "
					      "constants after %u polls (CTRL.CC_PARAM_STATUS 0x%x)",
					      who, i, st);
		dev->ops->progress(dev->be);
	}
}

/*
 * A new T or line rate may shrink W_init below what the AckReq spacing
 * needs (a quarter of it, docs/wire.md): lower the spacing then, never
 * raise it.
 */
static int hpnic_fit_ack_req(struct hpnic_dev *dev, uint32_t line_mbps, uint32_t t_ns)
{
	unsigned fit = hpnic_ack_req_spacing_for(line_mbps, t_ns);
	uint32_t v;
	int err;

	if ((err = hpnic_rd(dev, HPNIC_CTRL_ACK_REQ, &v)))
		return err;
	if (HPNIC_GET(HPNIC_CTRL_ACK_REQ_SPACING_LOG2, v) <= (fit > 6 ? fit : 6))
		return 0;
	return hpnic_wr(dev, HPNIC_CTRL_ACK_REQ, HPNIC_SET(HPNIC_CTRL_ACK_REQ_SPACING_LOG2, fit));
}

int hpnic_set_cc(struct hpnic_dev *dev, const struct hpnic_cc_params *p)
{
	uint32_t eta, wai = 0, old_line;
	struct dcqcn_derived dq;
	int err, dcqcn;
	double q;

	if (!dev || !p)
		return hpnic_dev_fail(dev, -EINVAL, "hpnic_set_cc: %s is NULL",
				      dev ? "params" : "dev");
	q = p->eta * HPCC_ETA_ONE;
	if (!(q + 0.5 >= HPCC_ETA_MIN) || !(q - 0.5 < HPCC_ETA_ONE))
		return hpnic_dev_fail(dev, -EINVAL, "hpnic_set_cc: eta %g: outside [0.5, 1]",
				      p->eta);
	eta = (uint32_t)(q + 0.5);
	if ((err = hpnic_cc_check_t(dev, p->t_ns)) ||
	    (err = hpnic_cc_check_stage(dev, p->max_stage)) ||
	    (err = hpnic_cc_check_wai(dev, p->wai_bytes, &wai)))
		return err;
	if (p->line_mbps < 1 || p->line_mbps > HPCC_RATE_MAX)
		return hpnic_dev_fail(dev, -EINVAL, "hpnic_set_cc: line rate %u Mb/s: outside "
				      "1..%u", p->line_mbps, HPCC_RATE_MAX);
	if (p->min_mbps < 1 || p->min_mbps > p->line_mbps)
		return hpnic_dev_fail(dev, -EINVAL, "hpnic_set_cc: minimum rate %u Mb/s: outside "
				      "1..line rate (%u)", p->min_mbps, p->line_mbps);
	if (p->sched_overhead > HPNIC_GET(HPNIC_CC_SCHED_OVERHEAD, ~0u))
		return hpnic_dev_fail(dev, -EINVAL, "hpnic_set_cc: sched_overhead %u: outside "
				      "0..%u", p->sched_overhead,
				      HPNIC_GET(HPNIC_CC_SCHED_OVERHEAD, ~0u));
	if (p->sched_burst > HPNIC_GET(HPNIC_CC_SCHED_BURST, ~0u))
		return hpnic_dev_fail(dev, -EINVAL, "hpnic_set_cc: sched_burst %u: outside 0..%u",
				      p->sched_burst, HPNIC_GET(HPNIC_CC_SCHED_BURST, ~0u));
	if ((p->sched_grant > 0 && p->sched_grant < 64) ||
	    p->sched_grant > HPNIC_GET(HPNIC_CC_SCHED_GRANT, ~0u))
		return hpnic_dev_fail(dev, -EINVAL, "hpnic_set_cc: sched_grant %u: neither 0 (the "
				      "path MTU) nor 64..%u", p->sched_grant,
				      HPNIC_GET(HPNIC_CC_SCHED_GRANT, ~0u));
	if ((err = hpnic_cc_check_mode(dev, p->algorithm)))
		return err;
	/* DCQCN runs at this line rate and T too (CC.DCQCN_LINE must be
	 * CC.LINE_MBPS's): refuse a rate its parameters do not fit before
	 * anything is written */
	dcqcn = hpnic_dcqcn_rederive(dev, p->line_mbps, p->t_ns, &dq);
	if (dcqcn < 0)
		return dcqcn;

	/* the engine re-derives after every write: order the rate writes so
	 * that min <= line holds at each step and no clamp is flagged */
	if ((err = hpnic_rd(dev, HPNIC_CC_LINE_MBPS, &old_line)))
		return err;
	old_line = HPNIC_GET(HPNIC_CC_LINE_MBPS, old_line);
	if (p->min_mbps <= old_line) {
		if ((err = hpnic_wr(dev, HPNIC_CC_MIN_MBPS, HPNIC_SET(HPNIC_CC_MIN_MBPS, p->min_mbps))) ||
		    (err = hpnic_wr(dev, HPNIC_CC_LINE_MBPS, HPNIC_SET(HPNIC_CC_LINE_MBPS, p->line_mbps))))
			return err;
	} else {
		if ((err = hpnic_wr(dev, HPNIC_CC_LINE_MBPS, HPNIC_SET(HPNIC_CC_LINE_MBPS, p->line_mbps))) ||
		    (err = hpnic_wr(dev, HPNIC_CC_MIN_MBPS, HPNIC_SET(HPNIC_CC_MIN_MBPS, p->min_mbps))))
			return err;
	}
	if ((err = hpnic_wr(dev, HPNIC_CC_T_NS, HPNIC_SET(HPNIC_CC_T_NS, p->t_ns))) ||
	    (err = hpnic_wr(dev, HPNIC_CC_ETA, HPNIC_SET(HPNIC_CC_ETA, eta))) ||
	    (err = hpnic_wr(dev, HPNIC_CC_MAX_STAGE, HPNIC_SET(HPNIC_CC_MAX_STAGE, p->max_stage))) ||
	    (err = hpnic_wr(dev, HPNIC_CC_WAI, HPNIC_SET(HPNIC_CC_WAI, wai))) ||
	    (err = hpnic_wr(dev, HPNIC_CC_SCHED_OVERHEAD,
			    HPNIC_SET(HPNIC_CC_SCHED_OVERHEAD, p->sched_overhead))) ||
	    (err = hpnic_wr(dev, HPNIC_CC_SCHED_BURST, HPNIC_SET(HPNIC_CC_SCHED_BURST, p->sched_burst))) ||
	    (err = hpnic_wr(dev, HPNIC_CC_SCHED_GRANT, HPNIC_SET(HPNIC_CC_SCHED_GRANT, p->sched_grant))) ||
	    (err = hpnic_wr(dev, HPNIC_CC_DEFAULT_MODE, HPNIC_SET(HPNIC_CC_DEFAULT_MODE, p->algorithm))))
		return err;
	if (dcqcn == 0 && (err = hpnic_dcqcn_write(dev, &dq)))
		return err;
	if ((err = hpnic_fit_ack_req(dev, p->line_mbps, p->t_ns)))
		return err;
	return hpnic_cc_settle(dev, "hpnic_set_cc");
}

int hpnic_set_int(struct hpnic_dev *dev, int enable, uint16_t udp_port)
{
	if (!dev)
		return hpnic_dev_fail(dev, -EINVAL, "hpnic_set_int: dev is NULL");
	if (udp_port == 0 || udp_port == 4791)
		return hpnic_dev_fail(dev, -EINVAL, "hpnic_set_int: UDP port %u: INT needs a port "
				      "of its own (not 0, not RoCEv2's 4791)", udp_port);
	return hpnic_wr(dev, HPNIC_CTRL_INT_CTRL,
			HPNIC_SET(HPNIC_CTRL_INT_CTRL_ENABLE, enable ? 1u : 0u) |
			HPNIC_SET(HPNIC_CTRL_INT_CTRL_PORT, udp_port));
}

int hpnic_get_int(struct hpnic_dev *dev, int *enable, uint16_t *udp_port)
{
	uint32_t v;
	int err;

	if (!dev || !enable || !udp_port)
		return hpnic_dev_fail(dev, -EINVAL, "hpnic_get_int: %s is NULL",
				      !dev ? "dev" : !enable ? "enable" : "udp_port");
	if ((err = hpnic_rd(dev, HPNIC_CTRL_INT_CTRL, &v)))
		return err;
	*enable = (int)HPNIC_GET(HPNIC_CTRL_INT_CTRL_ENABLE, v);
	*udp_port = (uint16_t)HPNIC_GET(HPNIC_CTRL_INT_CTRL_PORT, v);
	return 0;
}

/* the window of a QP without INT, W_init = line rate x T, in bytes */
static uint64_t hpnic_w_init(uint32_t line_mbps, uint32_t t_ns)
{
	return (uint64_t)line_mbps * t_ns / 8000u;
}

unsigned hpnic_ack_req_spacing_for(unsigned line_mbps, unsigned t_ns)
{
	uint64_t quarter = hpnic_w_init(line_mbps, t_ns) / 4;
	unsigned n = 0;

	while (n < HPNIC_ACK_REQ_LOG2_MAX && (2ull << n) <= quarter)
		n++;
	/* below the smallest MTU's packet every packet asks anyway */
	return (1ull << n) <= quarter ? n : 0;
}

/* the window now in the CC block: W_init in bytes, or a backend error */
static int hpnic_cur_w_init(struct hpnic_dev *dev, uint64_t *w, uint32_t *line, uint32_t *t)
{
	int err;

	if ((err = hpnic_rd(dev, HPNIC_CC_LINE_MBPS, line)) || (err = hpnic_rd(dev, HPNIC_CC_T_NS, t)))
		return err;
	*line = HPNIC_GET(HPNIC_CC_LINE_MBPS, *line);
	*t = HPNIC_GET(HPNIC_CC_T_NS, *t);
	*w = hpnic_w_init(*line, *t);
	return 0;
}

int hpnic_set_ack_req(struct hpnic_dev *dev, unsigned spacing_log2)
{
	uint32_t line, t;
	uint64_t w;
	int err;

	if (!dev)
		return hpnic_dev_fail(dev, -EINVAL, "hpnic_set_ack_req: dev is NULL");
	if (spacing_log2 > HPNIC_ACK_REQ_LOG2_MAX)
		return hpnic_dev_fail(dev, -EINVAL, "hpnic_set_ack_req: spacing_log2 %u: at most %u",
				      spacing_log2, HPNIC_ACK_REQ_LOG2_MAX);
	if ((err = hpnic_cur_w_init(dev, &w, &line, &t)))
		return err;
	/* a spacing past the window leaves a long message waiting for the
	 * retransmit timer; every packet (<= 6: no MTU is smaller) always fits */
	if (spacing_log2 > 6 && (1ull << spacing_log2) > w)
		return hpnic_dev_fail(dev, -EINVAL, "hpnic_set_ack_req: spacing_log2 %u: 2^%u bytes "
				      "is more than the window without INT, W_init = %u Mb/s x %u ns "
				      "= %llu bytes (at most %u for the line rate)", spacing_log2,
				      spacing_log2, line, t, (unsigned long long)w,
				      hpnic_ack_req_spacing_for(line, t));
	return hpnic_wr(dev, HPNIC_CTRL_ACK_REQ, HPNIC_SET(HPNIC_CTRL_ACK_REQ_SPACING_LOG2, spacing_log2));
}

int hpnic_get_ack_req(struct hpnic_dev *dev, unsigned *spacing_log2)
{
	uint32_t v;
	int err;

	if (!dev || !spacing_log2)
		return hpnic_dev_fail(dev, -EINVAL, "hpnic_get_ack_req: %s is NULL",
				      !dev ? "dev" : "spacing_log2");
	if ((err = hpnic_rd(dev, HPNIC_CTRL_ACK_REQ, &v)))
		return err;
	*spacing_log2 = HPNIC_GET(HPNIC_CTRL_ACK_REQ_SPACING_LOG2, v);
	return 0;
}

/* CTRL.RTO counts in units of 1024 core cycles: one unit in ns is
 * 1,024,000 / clk_mhz */
#define HPNIC_RTO_UNIT_CYCLES 1024u

uint64_t hpnic_rto_max_ns(unsigned clk_mhz)
{
	if (!clk_mhz)
		return 0;
	return (uint64_t)HPNIC_CTRL_RTO_MASK * HPNIC_RTO_UNIT_CYCLES * 1000u / clk_mhz;
}

int hpnic_set_rto(struct hpnic_dev *dev, uint64_t rto_ns)
{
	uint64_t units, max;
	unsigned clk;

	if (!dev)
		return hpnic_dev_fail(dev, -EINVAL, "hpnic_set_rto: dev is NULL");
	clk = dev->attr.clk_mhz;
	max = hpnic_rto_max_ns(clk);
	if (!max)
		return hpnic_dev_fail(dev, -ENODEV, "hpnic_set_rto: ID.DATAPATH.CLK_MHZ is 0");
	if (rto_ns > max)
		return hpnic_dev_fail(dev, -EINVAL, "hpnic_set_rto: %llu ns: at most %llu ns (65535 "
				      "x 1024 cycles at %u MHz), or 0 for no timer",
				      (unsigned long long)rto_ns, (unsigned long long)max, clk);
	/* rounded up: never a timer shorter than asked for */
	units = (rto_ns * clk + HPNIC_RTO_UNIT_CYCLES * 1000u - 1) / (HPNIC_RTO_UNIT_CYCLES * 1000u);
	return hpnic_wr(dev, HPNIC_CTRL_RTO, HPNIC_SET(HPNIC_CTRL_RTO, units));
}

int hpnic_get_rto(struct hpnic_dev *dev, uint64_t *rto_ns)
{
	uint32_t v;
	int err;

	if (!dev || !rto_ns)
		return hpnic_dev_fail(dev, -EINVAL, "hpnic_get_rto: %s is NULL",
				      !dev ? "dev" : "rto_ns");
	if (!dev->attr.clk_mhz)
		return hpnic_dev_fail(dev, -ENODEV, "hpnic_get_rto: ID.DATAPATH.CLK_MHZ is 0");
	if ((err = hpnic_rd(dev, HPNIC_CTRL_RTO, &v)))
		return err;
	*rto_ns = (uint64_t)HPNIC_GET(HPNIC_CTRL_RTO, v) * HPNIC_RTO_UNIT_CYCLES * 1000u /
		  dev->attr.clk_mhz;
	return 0;
}

int hpnic_get_cc(struct hpnic_dev *dev, struct hpnic_cc_params *p)
{
	uint32_t t, eta, stage, wai, line, min, ovh, burst, grant, mode, st;
	int err;

	if (!dev || !p)
		return hpnic_dev_fail(dev, -EINVAL, "hpnic_get_cc: %s is NULL",
				      dev ? "params" : "dev");
	if ((err = hpnic_rd(dev, HPNIC_CC_T_NS, &t)) ||
	    (err = hpnic_rd(dev, HPNIC_CC_ETA, &eta)) ||
	    (err = hpnic_rd(dev, HPNIC_CC_MAX_STAGE, &stage)) ||
	    (err = hpnic_rd(dev, HPNIC_CC_WAI, &wai)) ||
	    (err = hpnic_rd(dev, HPNIC_CC_LINE_MBPS, &line)) ||
	    (err = hpnic_rd(dev, HPNIC_CC_MIN_MBPS, &min)) ||
	    (err = hpnic_rd(dev, HPNIC_CC_SCHED_OVERHEAD, &ovh)) ||
	    (err = hpnic_rd(dev, HPNIC_CC_SCHED_BURST, &burst)) ||
	    (err = hpnic_rd(dev, HPNIC_CC_SCHED_GRANT, &grant)) ||
	    (err = hpnic_rd(dev, HPNIC_CC_DEFAULT_MODE, &mode)) ||
	    (err = hpnic_rd(dev, HPNIC_CTRL_CC_PARAM_STATUS, &st)))
		return err;
	memset(p, 0, sizeof(*p));
	p->t_ns = HPNIC_GET(HPNIC_CC_T_NS, t);
	p->eta = (double)HPNIC_GET(HPNIC_CC_ETA, eta) / HPCC_ETA_ONE;
	p->max_stage = HPNIC_GET(HPNIC_CC_MAX_STAGE, stage);
	p->wai_bytes = (double)HPNIC_GET(HPNIC_CC_WAI, wai) / (1 << HPCC_W_FRAC);
	p->line_mbps = HPNIC_GET(HPNIC_CC_LINE_MBPS, line);
	p->min_mbps = HPNIC_GET(HPNIC_CC_MIN_MBPS, min);
	p->sched_overhead = HPNIC_GET(HPNIC_CC_SCHED_OVERHEAD, ovh);
	p->sched_burst = HPNIC_GET(HPNIC_CC_SCHED_BURST, burst);
	p->sched_grant = HPNIC_GET(HPNIC_CC_SCHED_GRANT, grant);
	p->algorithm = HPNIC_GET(HPNIC_CC_DEFAULT_MODE, mode);
	p->status = st;
	return 0;
}

/*
 * Variable AI and Sampling Frequency: a value is refused exactly when the
 * engine would clamp it (the models' hpcc_vaisf_sanitise, which
 * rtl/cc/hpcc_vaisf_param.v mirrors)
 */
int hpnic_vaisf_defaults(struct hpnic_vaisf_params *v)
{
	if (!v)
		return hpnic_fail(-EINVAL, "hpnic_vaisf_defaults: params is NULL");
	/* the register map's reset values: the VAI/SF paper's (§VI-A) */
	v->thresh_bytes = HPNIC_CC_VAI_THRESH_RST;
	v->ai_div_bytes = HPNIC_CC_VAI_AI_DIV_RST;
	v->bank_cap = HPNIC_CC_VAI_BANK_CAP_RST;
	v->ai_cap = HPNIC_CC_VAI_AI_CAP_RST;
	v->damp_shift = HPNIC_CC_VAI_DAMP_SHIFT_RST;
	v->sf_acks = HPNIC_CC_SF_ACKS_RST;
	return 0;
}

int hpnic_set_vaisf(struct hpnic_dev *dev, const struct hpnic_vaisf_params *v)
{
	struct hpcc_vaisf_params s;
	const char *what = NULL;
	int err;

	if (!dev || !v)
		return hpnic_dev_fail(dev, -EINVAL, "hpnic_set_vaisf: %s is NULL",
				      dev ? "params" : "dev");
	s.thresh_bytes = v->thresh_bytes;
	s.ai_div_bytes = v->ai_div_bytes;
	s.bank_cap = v->bank_cap;
	s.ai_cap = v->ai_cap;
	s.damp_shift = v->damp_shift;
	s.sf_acks = v->sf_acks;
	what = hpcc_vaisf_check(&s);
	if (what)
		return hpnic_dev_fail(dev, -EINVAL, "hpnic_set_vaisf: %s", what);
	if ((err = hpnic_wr(dev, HPNIC_CC_VAI_THRESH, HPNIC_SET(HPNIC_CC_VAI_THRESH,
							       v->thresh_bytes))) ||
	    (err = hpnic_wr(dev, HPNIC_CC_VAI_AI_DIV, HPNIC_SET(HPNIC_CC_VAI_AI_DIV,
							       v->ai_div_bytes))) ||
	    (err = hpnic_wr(dev, HPNIC_CC_VAI_BANK_CAP, HPNIC_SET(HPNIC_CC_VAI_BANK_CAP,
								 v->bank_cap))) ||
	    (err = hpnic_wr(dev, HPNIC_CC_VAI_AI_CAP, HPNIC_SET(HPNIC_CC_VAI_AI_CAP, v->ai_cap))) ||
	    (err = hpnic_wr(dev, HPNIC_CC_VAI_DAMP_SHIFT, HPNIC_SET(HPNIC_CC_VAI_DAMP_SHIFT,
								   v->damp_shift))) ||
	    (err = hpnic_wr(dev, HPNIC_CC_SF_ACKS, HPNIC_SET(HPNIC_CC_SF_ACKS, v->sf_acks))))
		return err;
	return hpnic_cc_settle(dev, "hpnic_set_vaisf");
}

int hpnic_get_vaisf(struct hpnic_dev *dev, struct hpnic_vaisf_params *v)
{
	uint32_t th, dv, bc, ac, ds, sf;
	int err;

	if (!dev || !v)
		return hpnic_dev_fail(dev, -EINVAL, "hpnic_get_vaisf: %s is NULL",
				      dev ? "params" : "dev");
	if ((err = hpnic_rd(dev, HPNIC_CC_VAI_THRESH, &th)) ||
	    (err = hpnic_rd(dev, HPNIC_CC_VAI_AI_DIV, &dv)) ||
	    (err = hpnic_rd(dev, HPNIC_CC_VAI_BANK_CAP, &bc)) ||
	    (err = hpnic_rd(dev, HPNIC_CC_VAI_AI_CAP, &ac)) ||
	    (err = hpnic_rd(dev, HPNIC_CC_VAI_DAMP_SHIFT, &ds)) ||
	    (err = hpnic_rd(dev, HPNIC_CC_SF_ACKS, &sf)))
		return err;
	v->thresh_bytes = HPNIC_GET(HPNIC_CC_VAI_THRESH, th);
	v->ai_div_bytes = HPNIC_GET(HPNIC_CC_VAI_AI_DIV, dv);
	v->bank_cap = HPNIC_GET(HPNIC_CC_VAI_BANK_CAP, bc);
	v->ai_cap = HPNIC_GET(HPNIC_CC_VAI_AI_CAP, ac);
	v->damp_shift = HPNIC_GET(HPNIC_CC_VAI_DAMP_SHIFT, ds);
	v->sf_acks = HPNIC_GET(HPNIC_CC_SF_ACKS, sf);
	return 0;
}

/*
 * Counters
 */
unsigned hpnic_num_counters(struct hpnic_dev *dev)
{
	return dev ? dev->attr.num_counters : 0;
}

int hpnic_read_counters(struct hpnic_dev *dev, uint64_t *vals, unsigned n)
{
	uint32_t lo, hi;
	unsigned i;
	int err;

	if (!dev || !vals)
		return hpnic_dev_fail(dev, -EINVAL, "hpnic_read_counters: %s is NULL",
				      dev ? "vals" : "dev");
	if (!n)
		return hpnic_dev_fail(dev, -EINVAL, "hpnic_read_counters: n is 0");
	if (n > dev->attr.num_counters)
		n = dev->attr.num_counters;
	if (n > INT32_MAX)
		n = INT32_MAX;
	for (i = 0; i < n; i++) {
		/* reading VALUE_LO latches all 64 bits; VALUE_HI returns the rest */
		if ((err = hpnic_wr(dev, HPNIC_STATS_SEL, i)) ||
		    (err = hpnic_rd(dev, HPNIC_STATS_VALUE_LO, &lo)) ||
		    (err = hpnic_rd(dev, HPNIC_STATS_VALUE_HI, &hi)))
			return err;
		vals[i] = (uint64_t)hi << 32 | lo;
	}
	return (int)n;
}

const char *hpnic_counter_name(unsigned i)
{
	return i < HPNIC_NUM_COUNTERS ? hpnic_counter_names[i] : NULL;
}

const char *hpnic_counter_desc(unsigned i)
{
	return i < HPNIC_NUM_COUNTERS ? hpnic_counter_descs[i] : NULL;
}

int hpnic_counter_index(const char *name)
{
	if (!name)
		return hpnic_fail(-EINVAL, "hpnic_counter_index: name is NULL");
	for (unsigned i = 0; i < HPNIC_NUM_COUNTERS; i++)
		if (!strcmp(hpnic_counter_names[i], name))
			return (int)i;
	return hpnic_fail(-ENOENT, "hpnic_counter_index: no counter '%.64s'", name);
}

int hpnic_read_counter(struct hpnic_dev *dev, const char *name, uint64_t *val)
{
	uint32_t lo, hi;
	int i, err;

	if (!dev || !name || !val)
		return hpnic_dev_fail(dev, -EINVAL, "hpnic_read_counter: %s is NULL",
				      !dev ? "dev" : !name ? "name" : "val");
	for (i = 0; i < HPNIC_NUM_COUNTERS && strcmp(hpnic_counter_names[i], name); i++)
		;
	if (i == HPNIC_NUM_COUNTERS)
		return hpnic_dev_fail(dev, -ENOENT, "hpnic_read_counter: no counter '%.64s'", name);
	if ((unsigned)i >= dev->attr.num_counters)
		return hpnic_dev_fail(dev, -ENOENT, "hpnic_read_counter: '%s' is counter %d, the "
				      "NIC has %u", name, i, dev->attr.num_counters);
	if ((err = hpnic_wr(dev, HPNIC_STATS_SEL, (uint32_t)i)) ||
	    (err = hpnic_rd(dev, HPNIC_STATS_VALUE_LO, &lo)) ||
	    (err = hpnic_rd(dev, HPNIC_STATS_VALUE_HI, &hi)))
		return err;
	*val = (uint64_t)hi << 32 | lo;
	return 0;
}
