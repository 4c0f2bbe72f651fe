// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * hpnic Linux driver: queue pairs and asynchronous events (docs/driver.md).
 *
 * A QP's send queue, and its receive queue if it has one, is coherent DMA
 * memory the process maps read-write and the NIC fetches WQEs from; its
 * two doorbells are in its own 4 KiB page of BAR0's DB block, which the
 * process maps and nothing else of BAR0. The process writes the context
 * (MODIFY_QP) with values the driver checks against the registers and the
 * file's PDs and CQs; the queues, PD and CQ fields are the driver's.
 * Destroying a QP, or closing its file, writes it back to RESET before its
 * memory goes: the NIC fetches no WQE of a QP in RESET and writes no CQE
 * for it.
 *
 * Events: CTRL.EVENT is one queue for the whole NIC. Whoever asks takes
 * every event waiting and hands each to the file that owns the QP or CQ it
 * names; an event for an object no one owns any more is dropped.
 */
#include <linux/dma-mapping.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/xarray.h>

#include "hpnic.h"
#include "hpnic_abi.h"

/* path MTUs the NIC takes: 64 B .. 4 KiB */
#define HPNIC_MTU_LOG2_MIN 6
#define HPNIC_MTU_LOG2_MAX 12

/* the context fields a process gives, the register each goes to, its bits */
struct hpnic_qp_field {
	u32 reg;
	u32 mask;
	size_t off;
};

#define HPNIC_QP_FIELD(r, m, f) { HPNIC_QP_##r, m, offsetof(struct hpnic_abi_qp_ctx, f) }

static const struct hpnic_qp_field hpnic_qp_fields[] = {
	HPNIC_QP_FIELD(STATE, HPNIC_QP_STATE_MASK, state),
	HPNIC_QP_FIELD(MTU_LOG2, HPNIC_QP_MTU_LOG2_MASK, mtu_log2),
	HPNIC_QP_FIELD(DQPN, HPNIC_QP_DQPN_MASK, dqpn),
	HPNIC_QP_FIELD(DIP, ~0u, dip),
	HPNIC_QP_FIELD(DMAC_HI, HPNIC_QP_DMAC_HI_MASK, dmac_hi),
	HPNIC_QP_FIELD(DMAC_LO, ~0u, dmac_lo),
	HPNIC_QP_FIELD(SPORT, HPNIC_QP_SPORT_MASK, sport),
	HPNIC_QP_FIELD(DSCP_ECN, HPNIC_QP_DSCP_ECN_MASK, dscp_ecn),
	HPNIC_QP_FIELD(SQ_PSN, HPNIC_QP_SQ_PSN_MASK, sq_psn),
	HPNIC_QP_FIELD(RQ_PSN, HPNIC_QP_RQ_PSN_MASK, rq_psn),
	HPNIC_QP_FIELD(CC_MODE, HPNIC_QP_CC_MODE_MASK, cc_mode),
	HPNIC_QP_FIELD(CC_OVERRIDE, HPNIC_QP_CC_OVERRIDE_MASK, cc_override),
	HPNIC_QP_FIELD(QP_T_NS, HPNIC_QP_QP_T_NS_MASK, qp_t_ns),
	HPNIC_QP_FIELD(QP_WAI, HPNIC_QP_QP_WAI_MASK, qp_wai),
	HPNIC_QP_FIELD(QP_MAX_STAGE, HPNIC_QP_QP_MAX_STAGE_MASK, qp_max_stage),
	HPNIC_QP_FIELD(MAX_RD_ATOMIC, HPNIC_QP_MAX_RD_ATOMIC_MASK, max_rd_atomic),
	HPNIC_QP_FIELD(MIN_RNR_TIMER, HPNIC_QP_MIN_RNR_TIMER_MASK, min_rnr_timer),
	HPNIC_QP_FIELD(RNR_RETRY, HPNIC_QP_RNR_RETRY_MASK, rnr_retry),
	HPNIC_QP_FIELD(CC_OPTS, HPNIC_QP_CC_OPTS_VAI_MASK | HPNIC_QP_CC_OPTS_SF_MASK, cc_opts),
};

static u32 *hpnic_qp_field_ptr(struct hpnic_abi_qp_ctx *c, const struct hpnic_qp_field *f)
{
	return (u32 *)((u8 *)c + f->off);
}

/* every value fits its register and means something to the NIC */
static int hpnic_qp_ctx_check(struct hpnic_dev *hd, struct hpnic_abi_qp_ctx *c)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(hpnic_qp_fields); i++)
		if (*hpnic_qp_field_ptr(c, &hpnic_qp_fields[i]) & ~hpnic_qp_fields[i].mask)
			return -EINVAL;
	if (c->state > HPNIC_QPS_ERR || c->mtu_log2 < HPNIC_MTU_LOG2_MIN ||
	    c->mtu_log2 > HPNIC_MTU_LOG2_MAX ||
	    !(hpnic_rd(hd, HPNIC_ID_CC_MODES) & BIT(c->cc_mode)) ||
	    c->max_rd_atomic > ((hpnic_rd(hd, HPNIC_ID_RD_ATOMIC) &
				 HPNIC_ID_RD_ATOMIC_MAX_RD_ATOMIC_MASK) >>
				HPNIC_ID_RD_ATOMIC_MAX_RD_ATOMIC_SHIFT) ||
	    c->min_rnr_timer > HPNIC_MIN_RNR_TIMER_MAX || c->rnr_retry > HPNIC_RNR_RETRY_MAX)
		return -EINVAL;
	return 0;
}

/*
 * what a caller of the context's first size did not give: the NIC's reset
 * values (cc_opts, past the second size, is zeroed as its reset value)
 */
static void hpnic_qp_ctx_v1(struct hpnic_abi_qp_ctx *c)
{
	c->min_rnr_timer = HPNIC_QP_MIN_RNR_TIMER_RST;
	c->rnr_retry = HPNIC_QP_RNR_RETRY_RST;
	c->cc_opts = HPNIC_QP_CC_OPTS_RST;
}

static void hpnic_take_events_locked(struct hpnic_dev *hd);

/*
 * The whole context into the staging registers, the driver's fields with
 * it, then the command. Caller holds cmd_lock.
 *
 * A start resets that side of the QP in the NIC. The events still queued
 * for its QPN are then an earlier QP's (a QP written back to RESET goes on
 * retransmitting until its retries run out: docs/transport.md, "Known
 * problems"), so they are taken before the side counts as started, and
 * dropped.
 */
static int hpnic_qp_write(struct hpnic_dev *hd, struct hpnic_qp *qp,
			  struct hpnic_abi_qp_ctx *c, u32 cmd)
{
	unsigned int i;
	int err;

	lockdep_assert_held(&hd->cmd_lock);
	hpnic_wr(hd, HPNIC_QP_QPN, qp->qpn);
	for (i = 0; i < ARRAY_SIZE(hpnic_qp_fields); i++)
		hpnic_wr(hd, hpnic_qp_fields[i].reg, *hpnic_qp_field_ptr(c, &hpnic_qp_fields[i]));
	hpnic_wr(hd, HPNIC_QP_SQ_BASE_LO, lower_32_bits(qp->ring_dma));
	hpnic_wr(hd, HPNIC_QP_SQ_BASE_HI, upper_32_bits(qp->ring_dma));
	hpnic_wr(hd, HPNIC_QP_SQ_LOG2, HPNIC_SET(HPNIC_QP_SQ_LOG2, qp->sq_log2));
	hpnic_wr(hd, HPNIC_QP_SQ_WQE_LOG2, HPNIC_SET(HPNIC_QP_SQ_WQE_LOG2, qp->wqe_log2));
	hpnic_wr(hd, HPNIC_QP_PD, HPNIC_SET(HPNIC_QP_PD, qp->pdn));
	hpnic_wr(hd, HPNIC_QP_CQN, qp->cqn);
	/* every QP's, also without a receive queue: no other QP's base stays staged */
	hpnic_wr(hd, HPNIC_QP_RQ_BASE_LO, lower_32_bits(qp->rq_dma));
	hpnic_wr(hd, HPNIC_QP_RQ_BASE_HI, upper_32_bits(qp->rq_dma));
	hpnic_wr(hd, HPNIC_QP_RQ_LOG2, HPNIC_SET(HPNIC_QP_RQ_LOG2, qp->rq_log2));
	hpnic_wr(hd, HPNIC_QP_RCQN, qp->rcqn);
	err = hpnic_cmd(hd, HPNIC_QP_CMD, HPNIC_QP_CMD_STATUS, cmd);
	if (err)
		return err;
	qp->state = c->state;
	if (cmd == HPNIC_QP_CMD_START || cmd == HPNIC_QP_CMD_START_SQ ||
	    cmd == HPNIC_QP_CMD_START_RQ) {
		hpnic_take_events_locked(hd);
		if (cmd != HPNIC_QP_CMD_START_RQ)
			qp->sq_started = true;
		if (cmd != HPNIC_QP_CMD_START_SQ)
			qp->rq_started = true;
	}
	return 0;
}

/* back to RESET with an empty context: the NIC stops using the QP */
static void hpnic_qp_reset(struct hpnic_dev *hd, struct hpnic_qp *qp)
{
	struct hpnic_abi_qp_ctx c = {
		.state = HPNIC_QPS_RESET,
		.mtu_log2 = HPNIC_MTU_LOG2_MAX,
		.dscp_ecn = HPNIC_QP_DSCP_ECN_RST,
	};

	hpnic_qp_ctx_v1(&c);

	if (hpnic_qp_write(hd, qp, &c, HPNIC_QP_CMD_WRITE) && !hd->gone)
		dev_err(&hd->pdev->dev, "QP %u: reset failed\n", qp->qpn);
}

/*
 * At probe: nothing a previous driver (a crashed one, or a userspace tool
 * through BAR0) left in the NIC may run on. The register map has no global
 * reset, so every QP is written back to RESET, every CQ disabled and every
 * MR entry invalidated, by commands. The RESET context is staged once
 * (staging registers keep their values); after it each QPN costs a write
 * of QP.QPN, the command and its status. The events still queued in
 * CTRL.EVENT (QPs that failed before a remove, under the driver bound
 * then) are read out and dropped: they would name the new owners' QPs.
 */
int hpnic_reset_objects(struct hpnic_dev *hd)
{
	struct hpnic_qp none = { .qpn = 1, .sq_log2 = 1, .wqe_log2 = 6 };
	struct hpnic_abi_qp_ctx c = {
		.state = HPNIC_QPS_RESET,
		.mtu_log2 = HPNIC_MTU_LOG2_MAX,
		.dscp_ecn = HPNIC_QP_DSCP_ECN_RST,
	};
	u32 n, ev;
	int err;

	hpnic_qp_ctx_v1(&c);
	mutex_lock(&hd->cmd_lock);
	err = hpnic_qp_write(hd, &none, &c, HPNIC_QP_CMD_WRITE);
	for (n = 2; n < hd->max_qps && !err; n++) {
		hpnic_wr(hd, HPNIC_QP_QPN, n);
		err = hpnic_cmd(hd, HPNIC_QP_CMD, HPNIC_QP_CMD_STATUS, HPNIC_QP_CMD_WRITE);
	}
	for (n = 0; n < hd->max_cqs && !err; n++) {
		hpnic_wr(hd, HPNIC_CQ_CQN, n);
		err = hpnic_cmd(hd, HPNIC_CQ_CMD, HPNIC_CQ_CMD_STATUS, HPNIC_CQ_CMD_DISABLE);
	}
	for (n = 0; n < hd->max_mrs && !err; n++) {
		hpnic_wr(hd, HPNIC_MR_IDX, n);
		err = hpnic_cmd(hd, HPNIC_MR_CMD, HPNIC_MR_CMD_STATUS, HPNIC_MR_CMD_INVALIDATE);
	}
	/* the queue is short; a bound keeps a broken device from looping */
	for (ev = 0; ev < 1024 && !err && !hd->gone; ev++)
		if (!(hpnic_rd(hd, HPNIC_CTRL_EVENT) & HPNIC_CTRL_EVENT_VALID_MASK))
			break;
	mutex_unlock(&hd->cmd_lock);
	if (err)
		dev_err(&hd->pdev->dev, "resetting the NIC's objects failed at %u: %d\n", n, err);
	return err;
}

/* at remove: every live QP, whichever file has it */
void hpnic_qp_reset_all(struct hpnic_dev *hd)
{
	struct hpnic_qp *qp;
	unsigned long qpn;

	mutex_lock(&hd->cmd_lock);
	xa_for_each(&hd->qps, qpn, qp)
		if (qp->state != HPNIC_QPS_RESET)
			hpnic_qp_reset(hd, qp);
	mutex_unlock(&hd->cmd_lock);
}

/*
 * The NIC stops using the QP (unless the device is removed: then it has
 * already), then the memory goes. The caller holds hd->rwsem for reading
 * and has taken the QP out of its file's xarray (or is releasing the file).
 */
void hpnic_qp_free(struct hpnic_dev *hd, struct hpnic_qp *qp)
{
	mutex_lock(&hd->cmd_lock);
	if (!hd->removed && qp->state != HPNIC_QPS_RESET)
		hpnic_qp_reset(hd, qp);
	/* the NIC's events about it go to its owner now, not to the QPN's next one */
	if (!hd->removed)
		hpnic_take_events_locked(hd);
	xa_erase(&hd->qps, qp->qpn);
	mutex_unlock(&hd->cmd_lock);
	atomic_dec(&qp->cq->users);
	atomic_dec(&qp->rcq->users);
	hpnic_pd_put(qp->owner, qp->pdn);
	dma_free_coherent(&hd->pdev->dev, qp->bytes, qp->ring, qp->ring_dma);
	if (qp->rq_ring)
		dma_free_coherent(&hd->pdev->dev, qp->rq_bytes, qp->rq_ring, qp->rq_dma);
	hpnic_id_free(hd, HPNIC_OBJ_QP, qp->qpn);
	kfree(qp);
}

/* out of the file, unless a mapping holds it: 0, or -EBUSY */
static int hpnic_qp_take(struct hpnic_file *hf, struct hpnic_qp *qp)
{
	int err = 0;

	mutex_lock(&hf->obj_lock);
	if (atomic_read(&qp->mapped))
		err = -EBUSY;
	else
		xa_erase(&hf->qps, qp->qpn);
	mutex_unlock(&hf->obj_lock);
	return err;
}

int hpnic_create_qp(struct hpnic_file *hf, void __user *uarg)
{
	struct hpnic_dev *hd = hf->hd;
	struct hpnic_abi_create_qp c;
	struct hpnic_cq *cq, *rcq;
	struct hpnic_qp *qp;
	int qpn, err, len;

	BUILD_BUG_ON(offsetofend(typeof(c), cc_mode) != HPNIC_ABI_CREATE_QP_SIZE_V1);
	len = hpnic_get_arg_v1(uarg, &c, sizeof(c), HPNIC_ABI_CREATE_QP_SIZE_V1);
	if (len < 0)
		return len;
	/* a program of the first ABI: no receive queue */
	if ((size_t)len < sizeof(c))
		c.rcqn = c.cqn;
	if (c.sq_log2 < HPNIC_SQ_LOG2_MIN || c.sq_log2 > HPNIC_SQ_LOG2_MAX ||
	    (c.wqe_log2 != 6 && c.wqe_log2 != 7) ||
	    (c.rq_log2 && (c.rq_log2 < HPNIC_RQ_LOG2_MIN || c.rq_log2 > HPNIC_RQ_LOG2_MAX)))
		return -EINVAL;
	/* a bitstream without SEND/RECV has no receive queues */
	if (c.rq_log2 && !(hd->features & HPNIC_ID_FEATURES_SEND_MASK))
		return -EOPNOTSUPP;
	/* the file's own PD and CQs: another file's, or none, is the same refusal */
	cq = xa_load(&hf->cqs, c.cqn);
	rcq = xa_load(&hf->cqs, c.rcqn);
	if (!xa_load(&hf->pds, c.pdn) || !cq || !rcq)
		return -EINVAL;
	qp = kzalloc(sizeof(*qp), GFP_KERNEL);
	if (!qp)
		return -ENOMEM;
	qpn = hpnic_id_alloc(hd, HPNIC_OBJ_QP, HPNIC_QPN_FIRST, hd->max_qps - 1);
	if (qpn < 0) {
		err = qpn == -ENOMEM ? -ENOMEM : -ENOSPC;
		goto err_free;
	}
	qp->qpn = qpn;
	qp->pdn = c.pdn;
	qp->cqn = c.cqn;
	qp->rcqn = c.rcqn;
	qp->sq_log2 = c.sq_log2;
	qp->wqe_log2 = c.wqe_log2;
	qp->rq_log2 = c.rq_log2;
	qp->owner = hf;
	qp->state = HPNIC_QPS_ERR;      /* not RESET: the first write must happen */
	atomic_set(&qp->mapped, 0);
	qp->bytes = PAGE_ALIGN((size_t)1 << (c.sq_log2 + c.wqe_log2));
	qp->ring = dma_alloc_coherent(&hd->pdev->dev, qp->bytes, &qp->ring_dma, GFP_KERNEL);
	if (!qp->ring) {
		err = -ENOMEM;
		goto err_ida;
	}
	/* page-aligned, as QP.RQ_BASE wants (its size or 4 KiB, the smaller) */
	if (c.rq_log2) {
		qp->rq_bytes = PAGE_ALIGN((size_t)HPNIC_RWQE_SIZE << c.rq_log2);
		qp->rq_ring = dma_alloc_coherent(&hd->pdev->dev, qp->rq_bytes, &qp->rq_dma,
						 GFP_KERNEL);
		if (!qp->rq_ring) {
			err = -ENOMEM;
			goto err_ring;
		}
	}
	mutex_lock(&hd->cmd_lock);
	err = xa_insert(&hd->qps, qpn, qp, GFP_KERNEL);
	if (!err) {
		hpnic_qp_reset(hd, qp);
		if (qp->state != HPNIC_QPS_RESET) {
			err = hd->gone ? -ENODEV : -EIO;
			xa_erase(&hd->qps, qpn);
		}
	}
	mutex_unlock(&hd->cmd_lock);
	if (err)
		goto err_rq;
	/* from here on hpnic_qp_free undoes it all, these counts too */
	qp->cq = cq;
	atomic_inc(&cq->users);
	qp->rcq = rcq;
	atomic_inc(&rcq->users);
	hpnic_pd_get(hf, c.pdn);
	/* programmed: now the file has it, and mmap can find it */
	mutex_lock(&hf->obj_lock);
	err = xa_insert(&hf->qps, qpn, qp, GFP_KERNEL);
	mutex_unlock(&hf->obj_lock);
	if (err) {
		hpnic_qp_free(hd, qp);
		return err;
	}

	c.qpn = qpn;
	c.ring_bytes = qp->bytes;
	c.ring_mmap_offset = hpnic_mmap_offset(HPNIC_MMAP_KIND_SQ, qpn);
	c.db_mmap_offset = hpnic_mmap_offset(HPNIC_MMAP_KIND_DB, qpn);
	c.db_offset = HPNIC_DB_SQ_DB(0) & (PAGE_SIZE - 1);
	c.cc_mode = HPNIC_GET(HPNIC_CC_DEFAULT_MODE, hpnic_rd(hd, HPNIC_CC_DEFAULT_MODE));
	if (!(hpnic_rd(hd, HPNIC_ID_CC_MODES) & BIT(c.cc_mode)))
		c.cc_mode = HPNIC_CC_MODE_HPCC;
	c.rq_ring_bytes = qp->rq_bytes;
	c.rq_mmap_offset = qp->rq_ring ? hpnic_mmap_offset(HPNIC_MMAP_KIND_RQ, qpn) : 0;
	c.rq_db_offset = HPNIC_DB_RQ_DB(0) & (PAGE_SIZE - 1);
	if (copy_to_user(uarg, &c, len)) {
		/* mapped already (its offset guessed)? then the file's close frees it */
		if (!hpnic_qp_take(hf, qp))
			hpnic_qp_free(hd, qp);
		return -EFAULT;
	}
	return 0;

err_rq:
	if (qp->rq_ring)
		dma_free_coherent(&hd->pdev->dev, qp->rq_bytes, qp->rq_ring, qp->rq_dma);
err_ring:
	dma_free_coherent(&hd->pdev->dev, qp->bytes, qp->ring, qp->ring_dma);
err_ida:
	hpnic_id_free(hd, HPNIC_OBJ_QP, qpn);
err_free:
	kfree(qp);
	return err;
}

static const u32 hpnic_qp_cmds[] = {
	[HPNIC_ABI_QP_WRITE] = HPNIC_QP_CMD_WRITE,
	[HPNIC_ABI_QP_START_RQ] = HPNIC_QP_CMD_START_RQ,
	[HPNIC_ABI_QP_START_SQ] = HPNIC_QP_CMD_START_SQ,
};

int hpnic_modify_qp(struct hpnic_file *hf, void __user *uarg)
{
	struct hpnic_dev *hd = hf->hd;
	struct hpnic_abi_qp_ctx c;
	struct hpnic_qp *qp;
	int err, len;

	BUILD_BUG_ON(offsetofend(typeof(c), max_rd_atomic) != HPNIC_ABI_QP_CTX_SIZE_V1);
	BUILD_BUG_ON(offsetofend(typeof(c), rnr_retry) != HPNIC_ABI_QP_CTX_SIZE_V2);
	len = hpnic_get_arg_v2(uarg, &c, sizeof(c), HPNIC_ABI_QP_CTX_SIZE_V1,
			       HPNIC_ABI_QP_CTX_SIZE_V2);
	if (len < 0)
		return len;
	/* a caller of the second size: cc_opts zeroed, the reset value */
	if (len == HPNIC_ABI_QP_CTX_SIZE_V1)
		hpnic_qp_ctx_v1(&c);
	qp = xa_load(&hf->qps, c.qpn);
	if (!qp || !c.cmd || c.cmd >= ARRAY_SIZE(hpnic_qp_cmds))
		return -EINVAL;
	err = hpnic_qp_ctx_check(hd, &c);
	if (err)
		return err;
	mutex_lock(&hd->cmd_lock);
	err = hpnic_qp_write(hd, qp, &c, hpnic_qp_cmds[c.cmd]);
	mutex_unlock(&hd->cmd_lock);
	return err;
}

int hpnic_query_qp(struct hpnic_file *hf, void __user *uarg)
{
	struct hpnic_dev *hd = hf->hd;
	struct hpnic_abi_qp_ctx c;
	struct hpnic_qp *qp;
	unsigned int i;
	int err, len;

	len = hpnic_get_arg_v2(uarg, &c, sizeof(c), HPNIC_ABI_QP_CTX_SIZE_V1,
			       HPNIC_ABI_QP_CTX_SIZE_V2);
	if (len < 0)
		return len;
	qp = xa_load(&hf->qps, c.qpn);
	if (!qp)
		return -EINVAL;
	/* CMD READ loads the staging registers from the NIC's copy */
	mutex_lock(&hd->cmd_lock);
	hpnic_wr(hd, HPNIC_QP_QPN, qp->qpn);
	err = hpnic_cmd(hd, HPNIC_QP_CMD, HPNIC_QP_CMD_STATUS, HPNIC_QP_CMD_READ);
	for (i = 0; !err && i < ARRAY_SIZE(hpnic_qp_fields); i++)
		*hpnic_qp_field_ptr(&c, &hpnic_qp_fields[i]) =
			hpnic_rd(hd, hpnic_qp_fields[i].reg) & hpnic_qp_fields[i].mask;
	mutex_unlock(&hd->cmd_lock);
	if (err)
		return err;
	if (hd->gone)
		return -ENODEV;
	c.cmd = 0;
	return copy_to_user(uarg, &c, len) ? -EFAULT : 0;
}

int hpnic_destroy_qp(struct hpnic_file *hf, void __user *uarg)
{
	struct hpnic_qp *qp;
	u32 qpn;
	int err;

	err = hpnic_get_handle(uarg, &qpn);
	if (err)
		return err;
	qp = xa_load(&hf->qps, qpn);
	if (!qp)
		return -EINVAL;
	/* a mapped ring or doorbell stays: unmapping is the process's first */
	err = hpnic_qp_take(hf, qp);
	if (err)
		return err;
	hpnic_qp_free(hf->hd, qp);
	return 0;
}

/*
 * Events
 */
static void hpnic_file_event(struct hpnic_file *hf, u32 ev)
{
	spin_lock(&hf->ev_lock);
	if (hf->ev_tail - hf->ev_head < HPNIC_FILE_EVENTS)
		hf->events[hf->ev_tail++ % HPNIC_FILE_EVENTS] = ev;
	else
		hf->ev_lost++;
	spin_unlock(&hf->ev_lock);
}

/* every event waiting in the NIC to the file that owns what it names;
 * caller holds cmd_lock
 */
static void hpnic_take_events_locked(struct hpnic_dev *hd)
{
	unsigned int n;

	lockdep_assert_held(&hd->cmd_lock);
	/* the NIC's queue is short; a bound keeps a broken device from looping */
	for (n = 0; n < 1024; n++) {
		u32 ev = hpnic_rd(hd, HPNIC_CTRL_EVENT);
		u32 id = HPNIC_GET(HPNIC_CTRL_EVENT_ID, ev);
		struct hpnic_file *owner = NULL;

		if (hd->gone || !(ev & HPNIC_CTRL_EVENT_VALID_MASK))
			break;
		if (HPNIC_GET(HPNIC_CTRL_EVENT_TYPE, ev) == HPNIC_ASYNC_EVENT_CQ_ERR) {
			struct hpnic_cq *cq = xa_load(&hd->cqs, id);

			owner = cq ? cq->owner : NULL;
		} else {
			struct hpnic_qp *qp = xa_load(&hd->qps, id);
			bool sq = HPNIC_GET(HPNIC_CTRL_EVENT_TYPE, ev) ==
				  HPNIC_ASYNC_EVENT_QP_FATAL;

			/* a side not started yet: an earlier QP's event */
			if (qp && (sq ? qp->sq_started : qp->rq_started))
				owner = qp->owner;
			else
				hd->events_stale++;
		}
		if (owner) {
			hpnic_file_event(owner, ev);
			wake_up_interruptible(&owner->wait);
		}
	}
}

int hpnic_get_event(struct hpnic_file *hf, void __user *uarg)
{
	struct hpnic_abi_get_event g;
	int err;

	err = hpnic_get_arg(uarg, &g, sizeof(g));
	if (err)
		return err;
	mutex_lock(&hf->hd->cmd_lock);
	hpnic_take_events_locked(hf->hd);
	mutex_unlock(&hf->hd->cmd_lock);
	spin_lock(&hf->ev_lock);
	g.event = hf->ev_head != hf->ev_tail ? hf->events[hf->ev_head++ % HPNIC_FILE_EVENTS] : 0;
	g.lost = hf->ev_lost;
	spin_unlock(&hf->ev_lock);
	return copy_to_user(uarg, &g, sizeof(g)) ? -EFAULT : 0;
}

/*
 * Completion events. The driver reads the CQE's phase byte in the ring
 * (coherent memory it owns): new when it equals the pass the consumer
 * position is on (1 on the first pass, 0 on the second, ...).
 */
static bool hpnic_cqe_new(const struct hpnic_cq *cq, u32 ci)
{
	const u8 *p = (const u8 *)cq->ring + (size_t)(ci & ((1u << cq->log2) - 1)) * HPNIC_CQE_SIZE;
	u32 phase = HPNIC_GET(HPNIC_CQE_PHASE, READ_ONCE(p[HPNIC_CQE_PHASE_OFF]));

	return phase == (((ci >> cq->log2) & 1) ? 0u : 1u);
}

/* armed CQs whose completion came: to their files; caller holds cmd_lock */
static unsigned int hpnic_check_cqs_locked(struct hpnic_dev *hd)
{
	struct hpnic_cq *cq;
	unsigned long cqn;
	unsigned int fired = 0;

	lockdep_assert_held(&hd->cmd_lock);
	xa_for_each(&hd->cqs, cqn, cq) {
		bool fire;

		spin_lock(&hd->arm_lock);
		fire = cq->armed && hpnic_cqe_new(cq, cq->arm_ci);
		if (fire) {
			cq->armed = false;
			hd->n_armed--;
		}
		spin_unlock(&hd->arm_lock);
		if (fire) {
			set_bit(cqn, cq->owner->cq_fired);
			wake_up_interruptible(&cq->owner->wait);
			fired++;
		}
	}
	return fired;
}

static unsigned long poll_us = 1000;
module_param(poll_us, ulong, 0644);
MODULE_PARM_DESC(poll_us, "how often armed CQs and CTRL.EVENT are looked at without an interrupt, us (default 1000; at least one tick)");

void hpnic_poll_work(struct work_struct *work)
{
	struct hpnic_dev *hd = container_of(to_delayed_work(work), struct hpnic_dev, poll_work);
	unsigned int fired;
	bool again;

	down_read(&hd->rwsem);
	if (hd->removed) {
		up_read(&hd->rwsem);
		return;
	}
	mutex_lock(&hd->cmd_lock);
	hpnic_take_events_locked(hd);
	fired = hpnic_check_cqs_locked(hd);
	mutex_unlock(&hd->cmd_lock);
	/* a completion found with no interrupt ever taken: none will come */
	if (fired && !hd->polling && !atomic_read(&hd->irqs)) {
		hd->polling = true;
		dev_info(&hd->pdev->dev, "a completion came with no interrupt: polling every %lu us\n",
			 poll_us);
	}
	spin_lock(&hd->arm_lock);
	again = hd->n_armed || time_before(jiffies, hd->poll_until);
	spin_unlock(&hd->arm_lock);
	if (again)
		schedule_delayed_work(&hd->poll_work, usecs_to_jiffies(poll_us) ?: 1);
	up_read(&hd->rwsem);
}

int hpnic_arm_cq(struct hpnic_file *hf, void __user *uarg)
{
	struct hpnic_dev *hd = hf->hd;
	struct hpnic_abi_arm_cq a;
	struct hpnic_cq *cq;
	int err;

	err = hpnic_get_arg(uarg, &a, sizeof(a));
	if (err)
		return err;
	cq = xa_load(&hf->cqs, a.cqn);
	if (!cq)
		return -EINVAL;
	spin_lock(&hd->arm_lock);
	if (!cq->armed)
		hd->n_armed++;
	cq->armed = true;
	cq->arm_ci = a.ci;
	spin_unlock(&hd->arm_lock);
	/* a completion there already fires at once */
	mod_delayed_work(system_wq, &hd->poll_work, 0);
	return 0;
}

int hpnic_get_cq_event(struct hpnic_file *hf, void __user *uarg)
{
	struct hpnic_abi_get_cq_event g;
	unsigned long n;
	int err;

	err = hpnic_get_arg(uarg, &g, sizeof(g));
	if (err)
		return err;
	g.valid = 0;
	g.cqn = 0;
	n = find_first_bit(hf->cq_fired, hf->hd->max_cqs);
	if (n < hf->hd->max_cqs && test_and_clear_bit(n, hf->cq_fired)) {
		g.valid = 1;
		g.cqn = n;
	}
	return copy_to_user(uarg, &g, sizeof(g)) ? -EFAULT : 0;
}

/* an event of either kind waits for the file */
bool hpnic_file_ready(struct hpnic_file *hf)
{
	bool ev;

	spin_lock(&hf->ev_lock);
	ev = hf->ev_head != hf->ev_tail;
	spin_unlock(&hf->ev_lock);
	return ev || find_first_bit(hf->cq_fired, hf->hd->max_cqs) < hf->hd->max_cqs;
}
