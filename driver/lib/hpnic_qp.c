/* SPDX-License-Identifier: MIT */
/*
 * libhpnic: queue pairs. A QP is a context in the NIC, written whole through
 * the QP block's staging registers (every command carries every field, so
 * no stale staging value from another QP leaks in), a send queue: a ring
 * of 64-byte WQEs in DMA memory that the NIC fetches after a doorbell, and
 * optionally a receive queue: a ring of 32-byte receive WQEs that the NIC
 * prefetches after its own doorbell (the buffers SENDs land in).
 *
 * As in verbs, a connection starts in two steps. The move to RTR issues
 * QP CMD START_RQ: the receive side (responder, READ tracking) restarts at
 * RQ_PSN, so the peer may send from then on. The move to RTS issues
 * START_SQ: the send side (requester, completer) restarts at SQ_PSN, with
 * fresh CC state and scheduler flow. START_SQ resets the NIC's send queue
 * indexes to 0, so the library's do too.
 */
#include <errno.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hpnic_abi.h"
#include "hpnic_priv.h"
#include "hpcc_model.h"

#define A_STATE    HPNIC_QP_ATTR_STATE
#define A_DQPN     HPNIC_QP_ATTR_DEST_QPN
#define A_DIP      HPNIC_QP_ATTR_REMOTE_IP
#define A_DMAC     HPNIC_QP_ATTR_REMOTE_MAC
#define A_SPORT    HPNIC_QP_ATTR_UDP_SPORT
#define A_DSCP     HPNIC_QP_ATTR_DSCP_ECN
#define A_MTU      HPNIC_QP_ATTR_PATH_MTU
#define A_SQ_PSN   HPNIC_QP_ATTR_SQ_PSN
#define A_RQ_PSN   HPNIC_QP_ATTR_RQ_PSN
#define A_CC       HPNIC_QP_ATTR_CC_MODE
#define A_RD_ATOM  HPNIC_QP_ATTR_MAX_RD_ATOMIC
#define A_RNR_T    HPNIC_QP_ATTR_MIN_RNR_TIMER
#define A_RNR_RTY  HPNIC_QP_ATTR_RNR_RETRY
#define A_CC_OPTS  HPNIC_QP_ATTR_CC_OPTIONS
#define A_CC_OVR   HPNIC_QP_ATTR_CC_OVERRIDE

/* attributes by what they are: set up before the connection starts, the
 * path a packet takes (changeable while connected), the peer */
#define A_SETUP    (A_MTU | A_CC | A_CC_OPTS | A_CC_OVR)
#define A_PATH     (A_SPORT | A_DSCP)
#define A_PEER     (A_DQPN | A_DIP | A_DMAC | A_RQ_PSN)

static const char *const state_names[] = { "RESET", "INIT", "RTR", "RTS", "ERR" };

static const char *state_name(unsigned s)
{
	return s <= HPNIC_QPS_ERR ? state_names[s] : "?";
}

static const char *const attr_names[] = {
	"STATE", "DEST_QPN", "REMOTE_IP", "REMOTE_MAC", "UDP_SPORT", "DSCP_ECN", "PATH_MTU",
	"SQ_PSN", "RQ_PSN", "CC_MODE", "MAX_RD_ATOMIC", "MIN_RNR_TIMER", "RNR_RETRY",
	"CC_OPTIONS", "CC_OVERRIDE",
};

/* the names of the attributes in mask, for messages */
static const char *attr_list(unsigned mask, char *buf, size_t len)
{
	size_t n = 0;
	unsigned i;

	buf[0] = '\0';
	for (i = 0; i < sizeof(attr_names) / sizeof(attr_names[0]); i++) {
		if (!(mask & (1u << i)))
			continue;
		n += (size_t)snprintf(buf + n, n < len ? len - n : 0, "%s%s", n ? ", " : "",
				      attr_names[i]);
		if (n >= len)
			break;
	}
	return buf;
}

/*
 * The verbs state machine (without SQD/SQE): what a transition accepts and
 * what it needs. Returns 0 for a transition that does not exist.
 */
static int take_events(struct hpnic_dev *dev);

static int transition(unsigned cur, unsigned next, unsigned *allowed, unsigned *required)
{
	*allowed = 0;
	*required = 0;
	if (next == HPNIC_QPS_RESET || next == HPNIC_QPS_ERR)
		return 1;
	switch (cur << 4 | next) {
	case HPNIC_QPS_RESET << 4 | HPNIC_QPS_INIT:
	case HPNIC_QPS_INIT << 4 | HPNIC_QPS_INIT:
		*allowed = A_SETUP | A_PATH;
		return 1;
	case HPNIC_QPS_INIT << 4 | HPNIC_QPS_RTR:
		*allowed = A_SETUP | A_PATH | A_PEER | A_SQ_PSN | A_RD_ATOM | A_RNR_T;
		*required = A_PEER;
		return 1;
	case HPNIC_QPS_RTR << 4 | HPNIC_QPS_RTS:
		*allowed = A_PATH | A_SQ_PSN | A_RD_ATOM | A_RNR_T | A_RNR_RTY;
		return 1;
	case HPNIC_QPS_RTS << 4 | HPNIC_QPS_RTS:
		*allowed = A_PATH | A_RNR_T;
		return 1;
	default:
		return 0;
	}
}

/* write the whole context through the staging registers, then the command */
static int qp_write(struct hpnic_qp *qp, const struct hpnic_qp_ctx *c, uint32_t cmd)
{
	struct hpnic_dev *dev = qp->dev;
	int err;

	if (dev->objs) {
		hpnic_clear_error();
		err = dev->objs->write_qp(dev->be, qp->qpn, c, cmd);
		return err ? hpnic_backend_fail(dev, err, "QP context") : 0;
	}
	if ((err = hpnic_wr(dev, HPNIC_QP_QPN, qp->qpn)) ||
	    (err = hpnic_wr(dev, HPNIC_QP_STATE, HPNIC_SET(HPNIC_QP_STATE, c->state))) ||
	    (err = hpnic_wr(dev, HPNIC_QP_MTU_LOG2, HPNIC_SET(HPNIC_QP_MTU_LOG2, c->mtu_log2))) ||
	    (err = hpnic_wr(dev, HPNIC_QP_DQPN, HPNIC_SET(HPNIC_QP_DQPN, c->dqpn))) ||
	    /* as CTRL.MAC_*: bytes 2..5 in DMAC_LO, 0..1 in DMAC_HI, first byte highest */
	    (err = hpnic_wr(dev, HPNIC_QP_DMAC_LO, (uint32_t)c->dmac[2] << 24 |
			    (uint32_t)c->dmac[3] << 16 | (uint32_t)c->dmac[4] << 8 | c->dmac[5])) ||
	    (err = hpnic_wr(dev, HPNIC_QP_DMAC_HI, HPNIC_SET(HPNIC_QP_DMAC_HI,
			    (uint32_t)c->dmac[0] << 8 | c->dmac[1]))) ||
	    (err = hpnic_wr(dev, HPNIC_QP_DIP, c->dip)) ||
	    (err = hpnic_wr(dev, HPNIC_QP_SPORT, HPNIC_SET(HPNIC_QP_SPORT, c->sport))) ||
	    (err = hpnic_wr(dev, HPNIC_QP_DSCP_ECN, HPNIC_SET(HPNIC_QP_DSCP_ECN, c->dscp_ecn))) ||
	    (err = hpnic_wr(dev, HPNIC_QP_SQ_BASE_LO, (uint32_t)qp->ring_iova)) ||
	    (err = hpnic_wr(dev, HPNIC_QP_SQ_BASE_HI, (uint32_t)(qp->ring_iova >> 32))) ||
	    (err = hpnic_wr(dev, HPNIC_QP_SQ_LOG2, HPNIC_SET(HPNIC_QP_SQ_LOG2, qp->log2))) ||
	    (err = hpnic_wr(dev, HPNIC_QP_SQ_WQE_LOG2, HPNIC_SET(HPNIC_QP_SQ_WQE_LOG2,
			    qp->wqe_log2))) ||
	    (err = hpnic_wr(dev, HPNIC_QP_PD, HPNIC_SET(HPNIC_QP_PD, qp->pdn))) ||
	    (err = hpnic_wr(dev, HPNIC_QP_CQN, qp->cq->cqn)) ||
	    (err = hpnic_wr(dev, HPNIC_QP_SQ_PSN, HPNIC_SET(HPNIC_QP_SQ_PSN, c->sq_psn))) ||
	    (err = hpnic_wr(dev, HPNIC_QP_RQ_PSN, HPNIC_SET(HPNIC_QP_RQ_PSN, c->rq_psn))) ||
	    (err = hpnic_wr(dev, HPNIC_QP_CC_MODE, HPNIC_SET(HPNIC_QP_CC_MODE, c->cc_mode))) ||
	    (err = hpnic_wr(dev, HPNIC_QP_CC_OVERRIDE, HPNIC_SET(HPNIC_QP_CC_OVERRIDE,
			    c->cc_override))) ||
	    (err = hpnic_wr(dev, HPNIC_QP_QP_T_NS, HPNIC_SET(HPNIC_QP_QP_T_NS, c->qp_t_ns))) ||
	    (err = hpnic_wr(dev, HPNIC_QP_QP_WAI, HPNIC_SET(HPNIC_QP_QP_WAI, c->qp_wai))) ||
	    (err = hpnic_wr(dev, HPNIC_QP_QP_MAX_STAGE, HPNIC_SET(HPNIC_QP_QP_MAX_STAGE,
			    c->qp_max_stage))) ||
	    (err = hpnic_wr(dev, HPNIC_QP_CC_OPTS, c->cc_opts & (HPNIC_QP_CC_OPTS_VAI_MASK |
							      HPNIC_QP_CC_OPTS_SF_MASK))) ||
	    (err = hpnic_wr(dev, HPNIC_QP_MAX_RD_ATOMIC, HPNIC_SET(HPNIC_QP_MAX_RD_ATOMIC,
			    c->max_rd_atomic))) ||
	    (err = hpnic_wr(dev, HPNIC_QP_RQ_BASE_LO, (uint32_t)qp->rring_iova)) ||
	    (err = hpnic_wr(dev, HPNIC_QP_RQ_BASE_HI, (uint32_t)(qp->rring_iova >> 32))) ||
	    (err = hpnic_wr(dev, HPNIC_QP_RQ_LOG2, HPNIC_SET(HPNIC_QP_RQ_LOG2,
			    qp->rdepth ? qp->rlog2 : 0))) ||
	    (err = hpnic_wr(dev, HPNIC_QP_RCQN, qp->rcq ? qp->rcq->cqn : qp->cq->cqn)) ||
	    (err = hpnic_wr(dev, HPNIC_QP_MIN_RNR_TIMER, HPNIC_SET(HPNIC_QP_MIN_RNR_TIMER,
			    c->min_rnr_timer))) ||
	    (err = hpnic_wr(dev, HPNIC_QP_RNR_RETRY, HPNIC_SET(HPNIC_QP_RNR_RETRY, c->rnr_retry))))
		return err;
	return hpnic_cmd(dev, HPNIC_BLK_QP, cmd, qp->qpn);
}

static int check_mtu(struct hpnic_dev *dev, unsigned mtu, const char *fn)
{
	if (!hpnic_is_pow2(mtu) || mtu < HPNIC_MTU_MIN || mtu > HPNIC_MTU_MAX)
		return hpnic_dev_fail(dev, -EINVAL, "%s: path MTU %u: not a power of two in %u..%u",
				      fn, mtu, HPNIC_MTU_MIN, HPNIC_MTU_MAX);
	return 0;
}

static int qp_cc_to_ctx(struct hpnic_dev *dev, const struct hpnic_qp_cc *cc,
			struct hpnic_qp_ctx *c, const char *fn);

int hpnic_create_qp(struct hpnic_dev *dev, const struct hpnic_qp_init_attr *attr,
		    struct hpnic_qp **qpp)
{
	struct hpnic_qp *qp;
	struct hpnic_cq *cq, *rcq;
	struct hpnic_qp_ctx cc_ctx = { 0 };
	unsigned mtu;
	uint32_t mode;
	size_t bytes;
	long qpn;
	int err;

	if (!qpp)
		return hpnic_dev_fail(dev, -EINVAL, "hpnic_create_qp: qp is NULL");
	*qpp = NULL;
	if (!dev || !attr)
		return hpnic_dev_fail(dev, -EINVAL, "hpnic_create_qp: %s is NULL",
				      dev ? "attr" : "dev");
	cq = attr->send_cq;
	if (!cq)
		return hpnic_dev_fail(dev, -EINVAL, "hpnic_create_qp: send_cq is NULL");
	if (cq->dev != dev)
		return hpnic_dev_fail(dev, -EINVAL, "hpnic_create_qp: the CQ belongs to another "
				      "device (%s)", cq->dev->name);
	if (!hpnic_is_pow2(attr->sq_depth) || attr->sq_depth < HPNIC_SQ_DEPTH_MIN ||
	    attr->sq_depth > HPNIC_SQ_DEPTH_MAX)
		return hpnic_dev_fail(dev, -EINVAL, "hpnic_create_qp: sq_depth %u: not a power of "
				      "two in %u..%u", attr->sq_depth, HPNIC_SQ_DEPTH_MIN,
				      HPNIC_SQ_DEPTH_MAX);
	mtu = attr->path_mtu ? attr->path_mtu : HPNIC_MTU_DEFAULT;
	if ((err = check_mtu(dev, mtu, "hpnic_create_qp")))
		return err;
	if (attr->pd && (attr->pd->magic != HPNIC_PD_MAGIC || attr->pd->dev != dev))
		return hpnic_dev_fail(dev, -EINVAL, "hpnic_create_qp: the PD is %s",
				      attr->pd->magic != HPNIC_PD_MAGIC ? "not a live PD" :
				      "of another device");
	if (attr->max_send_sge > HPNIC_MAX_SGE || attr->max_inline_data > HPNIC_MAX_INLINE)
		return hpnic_dev_fail(dev, -EINVAL, "hpnic_create_qp: max_send_sge %u (at most %u) "
				      "or max_inline_data %u (at most %u) too large",
				      attr->max_send_sge, HPNIC_MAX_SGE, attr->max_inline_data,
				      HPNIC_MAX_INLINE);
	rcq = attr->recv_cq ? attr->recv_cq : cq;
	if (rcq->dev != dev)
		return hpnic_dev_fail(dev, -EINVAL, "hpnic_create_qp: the receive CQ belongs to "
				      "another device (%s)", rcq->dev->name);
	if (attr->rq_depth && (!hpnic_is_pow2(attr->rq_depth) ||
			       attr->rq_depth < HPNIC_SQ_DEPTH_MIN ||
			       attr->rq_depth > HPNIC_SQ_DEPTH_MAX))
		return hpnic_dev_fail(dev, -EINVAL, "hpnic_create_qp: rq_depth %u: not 0 or a power "
				      "of two in %u..%u", attr->rq_depth, HPNIC_SQ_DEPTH_MIN,
				      HPNIC_SQ_DEPTH_MAX);
	if (attr->max_recv_sge > 1)
		return hpnic_dev_fail(dev, -EINVAL, "hpnic_create_qp: max_recv_sge %u: a receive "
				      "WQE has one buffer (scatter over several is not there yet)",
				      attr->max_recv_sge);
	if (attr->rq_depth && !(dev->attr.features & HPNIC_ID_FEATURES_SEND_MASK))
		return hpnic_dev_fail(dev, -EOPNOTSUPP, "hpnic_create_qp: the bitstream has no "
				      "SEND/RECV (ID.FEATURES 0x%x): rq_depth must be 0",
				      dev->attr.features);
	/* the NIC does not track the CQ's consumer: the ring must hold every
	 * WQE its QPs can have outstanding */
	if (cq->sq_sum + attr->sq_depth + (rcq == cq ? attr->rq_depth : 0) > cq->depth)
		return hpnic_dev_fail(dev, -ENOSPC, "hpnic_create_qp: CQ %u (depth %u) already "
				      "serves work queues of %u WQEs: %u more do not fit", cq->cqn,
				      cq->depth, cq->sq_sum,
				      attr->sq_depth + (rcq == cq ? attr->rq_depth : 0));
	if (rcq != cq && rcq->sq_sum + attr->rq_depth > rcq->depth)
		return hpnic_dev_fail(dev, -ENOSPC, "hpnic_create_qp: receive CQ %u (depth %u) "
				      "already serves work queues of %u WQEs: %u more do not fit",
				      rcq->cqn, rcq->depth, rcq->sq_sum, attr->rq_depth);
	/* attr->cc, checked before anything is allocated (into a scratch
	 * context; it is applied below) */
	if (attr->cc && (err = qp_cc_to_ctx(dev, attr->cc, &cc_ctx, "hpnic_create_qp")))
		return err;
	/* QPs without a mode of their own take the NIC's default (CC.DEFAULT_MODE;
	 * a driver says which with the QP) */
	if (!dev->objs) {
		if ((err = hpnic_rd(dev, HPNIC_CC_DEFAULT_MODE, &mode)))
			return err;
		mode = HPNIC_GET(HPNIC_CC_DEFAULT_MODE, mode);
		if (!(dev->attr.cc_modes & (1u << mode)))
			mode = HPNIC_CC_MODE_HPCC;
	}

	qp = calloc(1, sizeof(*qp));
	if (!qp)
		return hpnic_dev_fail(dev, -ENOMEM, "hpnic_create_qp: out of memory");
	qp->swqe = calloc(attr->sq_depth, sizeof(*qp->swqe));
	qp->rwqe = attr->rq_depth ? calloc(attr->rq_depth, sizeof(*qp->rwqe)) : NULL;
	if (!qp->swqe || (attr->rq_depth && !qp->rwqe)) {
		free(qp->swqe);
		free(qp->rwqe);
		free(qp);
		return hpnic_dev_fail(dev, -ENOMEM, "hpnic_create_qp: out of memory");
	}
	qp->pdn = attr->pd ? attr->pd->pdn : dev->own_pdn;
	qp->max_sge = attr->max_send_sge ? attr->max_send_sge : 1;
	/* an SGE list or inline data needs the WQE's 64-byte extension */
	qp->wqe_log2 = qp->max_sge > 1 || attr->max_inline_data ? 7 : 6;
	bytes = (size_t)attr->sq_depth << qp->wqe_log2;
	if (dev->objs) {
		/* the driver's QPN, send and receive queues (mapped, zeroed), in RESET */
		uint32_t n;
		unsigned m;

		hpnic_clear_error();
		err = dev->objs->create_qp(dev->be, qp->pdn, cq->cqn, hpnic_log2(attr->sq_depth),
					   qp->wqe_log2, rcq->cqn,
					   attr->rq_depth ? hpnic_log2(attr->rq_depth) : 0, &n,
					   &qp->ring, &qp->rring, &m);
		if (err) {
			err = hpnic_backend_fail(dev, err, "hpnic_create_qp");
			goto out_free;
		}
		if (n >= dev->attr.max_qps || n < HPNIC_QPN_FIRST || dev->qps[n]) {
			(void)dev->objs->destroy_qp(dev->be, n, qp->ring, bytes);
			err = hpnic_dev_fail(dev, -EIO, "hpnic_create_qp: the driver gave QPN %u, "
					     "which is %s", n, n >= HPNIC_QPN_FIRST && n < dev->attr.max_qps ?
					     "taken" : "outside 2..max_qps - 1");
			goto out_free;
		}
		qpn = n;
		mode = m;
	} else {
		qpn = hpnic_bitmap_alloc(&dev->qpns, HPNIC_QPN_FIRST);
	}
	if (qpn < 0) {
		err = hpnic_dev_fail(dev, -ENOSPC, "hpnic_create_qp: all %u QPs are in use",
				     dev->attr.max_qps - HPNIC_QPN_FIRST);
		goto out_free;
	}
	qp->dev = dev;
	qp->cq = cq;
	qp->rcq = rcq;
	qp->rdepth = attr->rq_depth;
	qp->rlog2 = attr->rq_depth ? hpnic_log2(attr->rq_depth) : 0;
	qp->qpn = (uint32_t)qpn;
	qp->depth = attr->sq_depth;
	qp->log2 = hpnic_log2(attr->sq_depth);
	qp->sig_all = attr->sq_sig_all != 0;
	qp->pd = attr->pd;
	qp->max_inline = attr->max_inline_data;
	/* a driver's ring came with the QP (mapped, zeroed); the library's own: */
	if (!dev->objs) {
		err = dev->ops->dma_alloc(dev->be, bytes, (void **)&qp->ring, &qp->ring_iova);
		if (err) {
			err = hpnic_dev_fail(dev, err < 0 ? err : -ENOMEM, "hpnic_create_qp: the "
					     "backend cannot allocate a %zu-byte send queue: %s",
					     bytes, hpnic_strerror(err));
			goto out_qpn;
		}
		if (qp->ring_iova & ((1u << qp->wqe_log2) - 1)) {
			err = hpnic_dev_fail(dev, -EIO, "hpnic_create_qp: the backend's ring IO "
					     "address 0x%llx is not %u-byte aligned",
					     (unsigned long long)qp->ring_iova, 1u << qp->wqe_log2);
			goto out_ring;
		}
		memset(qp->ring, 0, bytes);
		if (qp->rdepth) {
			size_t rbytes = (size_t)qp->rdepth * HPNIC_RWQE_SIZE;

			err = dev->ops->dma_alloc(dev->be, rbytes, (void **)&qp->rring,
						  &qp->rring_iova);
			if (err) {
				err = hpnic_dev_fail(dev, err < 0 ? err : -ENOMEM, "hpnic_create_qp: "
						     "the backend cannot allocate a %zu-byte receive "
						     "queue: %s", rbytes, hpnic_strerror(err));
				goto out_ring;
			}
			/* QP.RQ_BASE: aligned to the ring, or to a page for larger ones */
			if (qp->rring_iova % (rbytes < 4096 ? rbytes : 4096)) {
				err = hpnic_dev_fail(dev, -EIO, "hpnic_create_qp: the backend's "
						     "receive ring IO address 0x%llx is not %zu-byte "
						     "aligned", (unsigned long long)qp->rring_iova,
						     rbytes < 4096 ? rbytes : (size_t)4096);
				goto out_rring;
			}
			memset(qp->rring, 0, rbytes);
		}
	}

	qp->ctx.state = HPNIC_QPS_RESET;
	qp->ctx.mtu_log2 = hpnic_log2(mtu);
	qp->ctx.sport = (uint16_t)(0xc000u | (qp->qpn & 0x3fffu));
	qp->ctx.dscp_ecn = HPNIC_QP_DSCP_ECN_RST;
	qp->ctx.cc_mode = mode;
	qp->ctx.min_rnr_timer = HPNIC_MIN_RNR_TIMER_DEFAULT;
	qp->ctx.rnr_retry = HPNIC_RNR_RETRY_DEFAULT;
	if (attr->cc) {
		qp->ctx.cc_mode = cc_ctx.cc_mode;
		qp->ctx.cc_opts = cc_ctx.cc_opts;
		qp->ctx.cc_override = cc_ctx.cc_override;
		qp->ctx.qp_t_ns = cc_ctx.qp_t_ns;
		qp->ctx.qp_wai = cc_ctx.qp_wai;
		qp->ctx.qp_max_stage = cc_ctx.qp_max_stage;
	}
	/* a reset (any -> RESET) returns to these, attr->cc's included */
	qp->init_ctx = qp->ctx;
	err = qp_write(qp, &qp->ctx, HPNIC_QP_CMD_WRITE);
	if (err)
		goto out_rring;

	dev->qps[qp->qpn] = qp;
	qp->magic = HPNIC_QP_MAGIC;
	cq->nqps++;
	if (rcq != cq)
		rcq->nqps++;
	if (qp->pd)
		qp->pd->users++;
	cq->sq_sum += qp->depth;
	rcq->sq_sum += qp->rdepth;
	dev->nqps++;
	*qpp = qp;
	return 0;

out_rring:
	if (qp->rring && !dev->objs)
		dev->ops->dma_free(dev->be, qp->rring, (size_t)qp->rdepth * HPNIC_RWQE_SIZE);
out_ring:
	if (dev->objs) {
		(void)dev->objs->destroy_qp(dev->be, qp->qpn, qp->ring, bytes);
		goto out_free;
	}
	dev->ops->dma_free(dev->be, qp->ring, bytes);
out_qpn:
	hpnic_bitmap_release(&dev->qpns, qp->qpn);
out_free:
	free(qp->swqe);
	free(qp->rwqe);
	free(qp);
	return err;
}

/* the QP's work from here on is flushed: the CQEs the NIC already wrote
 * are returned first (hw_before_err, and the receive CQEs already in the
 * receive CQ), then WR_FLUSH_ERR for the rest, send and receive queue */
static void enter_err(struct hpnic_qp *qp, unsigned hw_before)
{
	qp->ctx.state = HPNIC_QPS_ERR;
	qp->hw_before_err = hw_before;
	if (qp->rdepth) {
		qp->hw_before_err_r = hpnic_cq_count_qp(qp->rcq, qp->qpn, 1);
		hpnic_cq_rflush_add(qp->rcq, qp);
	}
	hpnic_cq_flush_add(qp->cq, qp);
}

void hpnic_qp_failed(struct hpnic_qp *qp)
{
	struct hpnic_qp_ctx c = qp->ctx;

	enter_err(qp, 0);
	/* the NIC's requester stopped the QP already; ERR in the context makes
	 * the responder drop the peer's requests too. Best effort: the failed
	 * completion is returned whatever happens here */
	c.state = HPNIC_QPS_ERR;
	(void)qp_write(qp, &c, HPNIC_QP_CMD_WRITE);
}

int hpnic_modify_qp(struct hpnic_qp *qp, const struct hpnic_qp_attr *attr, unsigned mask)
{
	unsigned cur, next, allowed, required;
	struct hpnic_qp_ctx c;
	char buf[128];
	int err;

	if (!qp || !attr)
		return hpnic_dev_fail(qp ? qp->dev : NULL, -EINVAL, "hpnic_modify_qp: %s is NULL",
				      qp ? "attr" : "qp");
	if (mask & ~HPNIC_QP_ATTR_ALL)
		return hpnic_dev_fail(qp->dev, -EINVAL, "hpnic_modify_qp: unknown attribute bits "
				      "0x%x", mask & ~HPNIC_QP_ATTR_ALL);
	cur = qp->ctx.state;
	next = (mask & A_STATE) ? attr->qp_state : cur;
	if (next > HPNIC_QPS_ERR)
		return hpnic_dev_fail(qp->dev, -EINVAL, "hpnic_modify_qp: QP %u: state %u is not a "
				      "QP state", qp->qpn, next);
	if (!transition(cur, next, &allowed, &required))
		return hpnic_dev_fail(qp->dev, -EINVAL, "hpnic_modify_qp: QP %u: %s -> %s is not a "
				      "valid transition", qp->qpn, state_name(cur),
				      state_name(next));
	if (mask & ~A_STATE & ~allowed)
		return hpnic_dev_fail(qp->dev, -EINVAL, "hpnic_modify_qp: QP %u: %s -> %s does not "
				      "take %s", qp->qpn, state_name(cur), state_name(next),
				      attr_list(mask & ~A_STATE & ~allowed, buf, sizeof(buf)));
	if ((mask & required) != required)
		return hpnic_dev_fail(qp->dev, -EINVAL, "hpnic_modify_qp: QP %u: %s -> %s needs %s",
				      qp->qpn, state_name(cur), state_name(next),
				      attr_list(required & ~mask, buf, sizeof(buf)));

	c = next == HPNIC_QPS_RESET ? qp->init_ctx : qp->ctx;
	c.state = next;
	if (mask & A_DQPN) {
		if (attr->dest_qp_num > HPNIC_QP_DQPN_MASK)
			return hpnic_dev_fail(qp->dev, -EINVAL, "hpnic_modify_qp: dest_qp_num "
					      "0x%x: not 24 bits", attr->dest_qp_num);
		c.dqpn = attr->dest_qp_num;
	}
	if (mask & A_DIP)
		c.dip = attr->remote_ipv4;
	if (mask & A_DMAC)
		memcpy(c.dmac, attr->remote_mac, sizeof(c.dmac));
	if (mask & A_SPORT)
		c.sport = attr->udp_sport;
	if (mask & A_DSCP)
		c.dscp_ecn = attr->dscp_ecn;
	if (mask & A_MTU) {
		if ((err = check_mtu(qp->dev, attr->path_mtu, "hpnic_modify_qp")))
			return err;
		c.mtu_log2 = hpnic_log2(attr->path_mtu);
	}
	if (mask & A_RQ_PSN) {
		if (attr->rq_psn > HPNIC_QP_RQ_PSN_MASK)
			return hpnic_dev_fail(qp->dev, -EINVAL, "hpnic_modify_qp: rq_psn 0x%x: not "
					      "24 bits", attr->rq_psn);
		c.rq_psn = attr->rq_psn;
	}
	if (mask & A_SQ_PSN) {
		if (attr->sq_psn > HPNIC_QP_SQ_PSN_MASK)
			return hpnic_dev_fail(qp->dev, -EINVAL, "hpnic_modify_qp: sq_psn 0x%x: not "
					      "24 bits", attr->sq_psn);
		/* given at RTR or RTS, as verbs allows; START_SQ at RTS takes it */
		c.sq_psn = attr->sq_psn;
	}
	if (mask & A_CC) {
		if ((err = hpnic_cc_check_mode(qp->dev, attr->cc_mode)))
			return err;
		c.cc_mode = attr->cc_mode;
	}
	if (mask & A_CC_OPTS) {
		if (attr->cc_options & ~(HPNIC_QP_CC_VAI | HPNIC_QP_CC_SF))
			return hpnic_dev_fail(qp->dev, -EINVAL, "hpnic_modify_qp: cc_options 0x%x: "
					      "only HPNIC_QP_CC_VAI (0x1) and HPNIC_QP_CC_SF (0x2)",
					      attr->cc_options);
		c.cc_opts = attr->cc_options;
	}
	if (mask & A_CC_OVR) {
		uint32_t wai = 0;

		/* the engine's ranges, as hpnic_qp_set_cc: nothing written on a refusal */
		if (attr->cc_override &&
		    ((err = hpnic_cc_check_t(qp->dev, attr->cc_t_ns)) ||
		     (err = hpnic_cc_check_wai(qp->dev, attr->cc_wai_bytes, &wai)) ||
		     (err = hpnic_cc_check_stage(qp->dev, attr->cc_max_stage))))
			return err;
		c.cc_override = attr->cc_override != 0;
		c.qp_t_ns = attr->cc_override ? attr->cc_t_ns : 0;
		c.qp_wai = wai;
		c.qp_max_stage = attr->cc_override ? attr->cc_max_stage : 0;
	}
	if (mask & A_RD_ATOM) {
		/* 0 would be the register's "maximum": verbs' 0 (no READs) has
		 * no meaning here */
		if (attr->max_rd_atomic < 1 || attr->max_rd_atomic > qp->dev->attr.max_qp_rd_atom)
			return hpnic_dev_fail(qp->dev, -EINVAL, "hpnic_modify_qp: max_rd_atomic %u: "
					      "not in 1..%u", attr->max_rd_atomic,
					      qp->dev->attr.max_qp_rd_atom);
		c.max_rd_atomic = attr->max_rd_atomic;
	}
	if (mask & A_RNR_T) {
		if (attr->min_rnr_timer > 31)
			return hpnic_dev_fail(qp->dev, -EINVAL, "hpnic_modify_qp: min_rnr_timer %u: "
					      "an RNR timer code is 0..31", attr->min_rnr_timer);
		c.min_rnr_timer = attr->min_rnr_timer;
	}
	if (mask & A_RNR_RTY) {
		if (attr->rnr_retry > 7)
			return hpnic_dev_fail(qp->dev, -EINVAL, "hpnic_modify_qp: rnr_retry %u: not "
					      "in 0..7 (7: without end)", attr->rnr_retry);
		c.rnr_retry = attr->rnr_retry;
	}

	/* the NIC's events about the QPN's earlier connections are taken now,
	 * while they cannot touch this one (an event fails a QP only in RTR or
	 * RTS) */
	if (cur == HPNIC_QPS_INIT && next == HPNIC_QPS_RTR && (err = take_events(qp->dev)))
		return err;
	err = qp_write(qp, &c, cur == HPNIC_QPS_INIT && next == HPNIC_QPS_RTR ?
			       HPNIC_QP_CMD_START_RQ :
			       cur == HPNIC_QPS_RTR && next == HPNIC_QPS_RTS ?
			       HPNIC_QP_CMD_START_SQ : HPNIC_QP_CMD_WRITE);
	if (err)
		return err;

	if (next == HPNIC_QPS_RESET) {
		/* as verbs providers clean the CQ: nothing of the old connection
		 * comes back */
		hpnic_cq_flush_del(qp->cq, qp);
		hpnic_cq_clean_qp(qp->cq, qp->qpn);
		hpnic_cq_rflush_del(qp->rcq, qp);
		hpnic_cq_clean_qp(qp->rcq, qp->qpn);
		qp->pi = 0;
		qp->db_pi = 0;
		qp->ci = 0;
		qp->hw_before_err = 0;
		/* the NIC's receive queue starts again at index 0 too */
		qp->rpi = 0;
		qp->rci = 0;
		qp->hw_before_err_r = 0;
		qp->ctx = c;
	} else if (next == HPNIC_QPS_ERR) {
		if (cur != HPNIC_QPS_ERR) {
			qp->ctx = c;
			enter_err(qp, hpnic_cq_count_qp(qp->cq, qp->qpn, 0));
		}
	} else {
		if (next == HPNIC_QPS_RTS && cur == HPNIC_QPS_RTR) {
			/* START_SQ restarted the NIC's send queue at index 0 */
			qp->pi = 0;
			qp->db_pi = 0;
			qp->ci = 0;
		}
		qp->ctx = c;
	}
	return 0;
}

/*
 * Asynchronous events
 */

/* take every event waiting in the NIC into the library's queue, applying
 * what it means to the QP it names; 0 or a backend error */
static int take_events(struct hpnic_dev *dev)
{
	for (;;) {
		struct hpnic_async_event ev = { 0 };
		uint32_t v;
		int err = hpnic_rd(dev, HPNIC_CTRL_EVENT, &v);

		if (err)
			return err;
		if (!(v & HPNIC_CTRL_EVENT_VALID_MASK))
			return 0;
		ev.type = (enum hpnic_event_type)HPNIC_GET(HPNIC_CTRL_EVENT_TYPE, v);
		ev.num = HPNIC_GET(HPNIC_CTRL_EVENT_ID, v);
		if (ev.type == HPNIC_EVENT_CQ_ERR) {
			ev.cq = ev.num < dev->attr.max_cqs ? dev->cq_slot[ev.num] : NULL;
		} else {
			ev.qp = ev.num < dev->attr.max_qps ? dev->qps[ev.num] : NULL;
			/* the responder stopped: the QP fails, as verbs has it (a QP
			 * reset or reconnected since is left alone) */
			if (ev.qp && ev.type != HPNIC_EVENT_QP_FATAL &&
			    (ev.qp->ctx.state == HPNIC_QPS_RTR || ev.qp->ctx.state == HPNIC_QPS_RTS)) {
				struct hpnic_qp_attr a = { .qp_state = HPNIC_QPS_ERR };

				if ((err = hpnic_modify_qp(ev.qp, &a, HPNIC_QP_ATTR_STATE)))
					return err;
			}
		}
		if (dev->evq_t - dev->evq_h < HPNIC_EVQ_LEN)
			dev->evq[dev->evq_t++ % HPNIC_EVQ_LEN] = ev;
	}
}

int hpnic_get_async_event(struct hpnic_dev *dev, struct hpnic_async_event *ev)
{
	int err;

	if (!dev || !ev)
		return hpnic_dev_fail(dev, -EINVAL, "hpnic_get_async_event: %s is NULL",
				      dev ? "ev" : "dev");
	if (dev->evq_h == dev->evq_t && (err = take_events(dev)))
		return err;
	if (dev->evq_h == dev->evq_t) {
		/* nothing yet: give a simulator a slice, as polling a CQ does */
		dev->ops->progress(dev->be);
		return 0;
	}
	/* (destroying a QP or CQ clears it from the events still queued) */
	*ev = dev->evq[dev->evq_h++ % HPNIC_EVQ_LEN];
	return 1;
}

int hpnic_query_qp(struct hpnic_qp *qp, struct hpnic_qp_attr *attr)
{
	int err;

	if (!qp || !attr)
		return hpnic_dev_fail(qp ? qp->dev : NULL, -EINVAL, "hpnic_query_qp: %s is NULL",
				      qp ? "attr" : "qp");
	if ((err = take_events(qp->dev)))
		return err;
	memset(attr, 0, sizeof(*attr));
	attr->qp_state = qp->ctx.state;
	attr->dest_qp_num = qp->ctx.dqpn;
	attr->remote_ipv4 = qp->ctx.dip;
	memcpy(attr->remote_mac, qp->ctx.dmac, sizeof(attr->remote_mac));
	attr->udp_sport = qp->ctx.sport;
	attr->dscp_ecn = qp->ctx.dscp_ecn;
	attr->path_mtu = 1u << qp->ctx.mtu_log2;
	attr->sq_psn = qp->ctx.sq_psn;
	attr->rq_psn = qp->ctx.rq_psn;
	attr->cc_mode = qp->ctx.cc_mode;
	attr->cc_options = qp->ctx.cc_opts;
	attr->cc_override = qp->ctx.cc_override;
	attr->cc_t_ns = qp->ctx.qp_t_ns;
	attr->cc_wai_bytes = qp->ctx.qp_wai / (double)(1 << HPCC_W_FRAC);
	attr->cc_max_stage = qp->ctx.qp_max_stage;
	attr->max_rd_atomic = qp->ctx.max_rd_atomic ? qp->ctx.max_rd_atomic :
			      qp->dev->attr.max_qp_rd_atom;
	attr->min_rnr_timer = qp->ctx.min_rnr_timer;
	attr->rnr_retry = qp->ctx.rnr_retry;
	return 0;
}

int hpnic_destroy_qp(struct hpnic_qp *qp)
{
	struct hpnic_dev *dev;
	struct hpnic_cq *cq;
	int err;

	if (!qp)
		return hpnic_fail(-EINVAL, "hpnic_destroy_qp: qp is NULL");
	dev = qp->dev;
	cq = qp->cq;
	if (qp->ctx.state != HPNIC_QPS_RESET) {
		struct hpnic_qp_ctx c = qp->init_ctx;

		c.state = HPNIC_QPS_RESET;
		err = qp_write(qp, &c, HPNIC_QP_CMD_WRITE);
		if (err)
			return err;
	}
	hpnic_cq_flush_del(cq, qp);
	hpnic_cq_clean_qp(cq, qp->qpn);
	hpnic_cq_rflush_del(qp->rcq, qp);
	hpnic_cq_clean_qp(qp->rcq, qp->qpn);
	qp->magic = 0;
	dev->qps[qp->qpn] = NULL;
	for (unsigned i = dev->evq_h; i != dev->evq_t; i++)
		if (dev->evq[i % HPNIC_EVQ_LEN].qp == qp)
			dev->evq[i % HPNIC_EVQ_LEN].qp = NULL;
	cq->nqps--;
	if (qp->rcq != cq)
		qp->rcq->nqps--;
	if (qp->pd)
		qp->pd->users--;
	cq->sq_sum -= qp->depth;
	qp->rcq->sq_sum -= qp->rdepth;
	if (dev->objs) {
		/* in RESET already: the NIC has let go of the ring */
		hpnic_clear_error();
		err = dev->objs->destroy_qp(dev->be, qp->qpn, qp->ring,
					    (size_t)qp->depth << qp->wqe_log2);
		if (err)
			hpnic_backend_fail(dev, err, "hpnic_destroy_qp");
	} else {
		hpnic_bitmap_release(&dev->qpns, qp->qpn);
		dev->ops->dma_free(dev->be, qp->ring, (size_t)qp->depth << qp->wqe_log2);
		if (qp->rring)
			dev->ops->dma_free(dev->be, qp->rring, (size_t)qp->rdepth * HPNIC_RWQE_SIZE);
	}
	dev->nqps--;
	free(qp->swqe);
	free(qp->rwqe);
	free(qp);
	return 0;
}

uint32_t hpnic_qp_num(const struct hpnic_qp *qp)
{
	return qp ? qp->qpn : 0;
}

/*
 * Posting
 */

/* what every post checks about the QP and the operation: 0 or an error */
static int post_check_qp(struct hpnic_qp *qp, unsigned op, const char *fn)
{
	struct hpnic_dev *dev;
	uint32_t feat;

	if (!qp)
		return hpnic_fail(-EINVAL, "%s: qp is NULL", fn);
	/* a pointer to a destroyed QP: most likely still says so (ASan builds
	 * report the use after free instead) */
	if (qp->magic != HPNIC_QP_MAGIC)
		return hpnic_fail(-EINVAL, "%s: not a QP, or a QP already destroyed", fn);
	dev = qp->dev;
	if (qp->ctx.state != HPNIC_QPS_RTS)
		return hpnic_dev_fail(dev, -EINVAL, "%s: QP %u is in %s, not RTS", fn, qp->qpn,
				      state_name(qp->ctx.state));
	feat = op == HPNIC_WQE_OPCODE_RDMA_READ ? HPNIC_ID_FEATURES_READ_MASK :
	       op == HPNIC_WQE_OPCODE_RDMA_WRITE ? HPNIC_ID_FEATURES_WRITE_MASK :
						   HPNIC_ID_FEATURES_SEND_MASK;
	if (!(dev->attr.features & feat))
		return hpnic_dev_fail(dev, -EOPNOTSUPP, "%s: the bitstream has no %s "
				      "(ID.FEATURES 0x%x)", fn,
				      op == HPNIC_WQE_OPCODE_RDMA_READ ? "RDMA READ" :
				      op == HPNIC_WQE_OPCODE_RDMA_WRITE ? "RDMA WRITE" :
				      "SEND or immediate data", dev->attr.features);
	return 0;
}

/* the message length against IB's limit and the PSN space */
static int post_check_len(struct hpnic_qp *qp, uint64_t len, const char *fn)
{
	uint64_t pkts;

	if (len > HPNIC_MSG_MAX)
		return hpnic_dev_fail(qp->dev, -EINVAL, "%s: length %llu: messages are shorter "
				      "than 2^31 bytes", fn, (unsigned long long)len);
	pkts = len ? (len + (1u << qp->ctx.mtu_log2) - 1) >> qp->ctx.mtu_log2 : 1;
	if (pkts > HPNIC_MSG_PKTS_MAX)
		return hpnic_dev_fail(qp->dev, -EINVAL, "%s: length %llu at path MTU %u is %llu "
				      "packets: at most %u (half the PSN space)", fn,
				      (unsigned long long)len, 1u << qp->ctx.mtu_log2,
				      (unsigned long long)pkts, HPNIC_MSG_PKTS_MAX);
	return 0;
}

/* [addr, addr + len) inside mr, which the NIC must be allowed to write when
 * it does (nic_writes: a READ's or a receive's buffer): 0 or an error. The
 * NIC checks every L_Key again (the WQE's before it starts the WQE, an SGE
 * list's when it builds the packets, a receive WQE's when it fetches it):
 * this check gives the caller a clear error first. */
static int post_check_local(struct hpnic_qp *qp, int nic_writes, const struct hpnic_mr *mr,
			    uintptr_t a, uint64_t len, const char *fn)
{
	uintptr_t base = (uintptr_t)mr->addr;

	if (mr->dev != qp->dev)
		return hpnic_dev_fail(qp->dev, -EINVAL, "%s: the MR belongs to another device", fn);
	if (mr->pdn != qp->pdn)
		return hpnic_dev_fail(qp->dev, -EINVAL, "%s: the MR (L_Key 0x%x) is in protection "
				      "domain %u, QP %u in %u", fn, hpnic_mr_lkey(mr), mr->pdn,
				      qp->qpn, qp->pdn);
	if (a < base || a - base > mr->len || len > mr->len - (a - base))
		return hpnic_dev_fail(qp->dev, -EINVAL, "%s: [0x%llx, +%llu) is not inside the MR "
				      "[%p, +%zu) (L_Key 0x%x)", fn, (unsigned long long)a,
				      (unsigned long long)len, mr->addr, mr->len,
				      hpnic_mr_lkey(mr));
	if (nic_writes && !(mr->access & HPNIC_ACCESS_LOCAL_WRITE))
		return hpnic_dev_fail(qp->dev, -EACCES, "%s: the NIC writes into the MR (L_Key "
				      "0x%x), which lacks HPNIC_ACCESS_LOCAL_WRITE", fn,
				      hpnic_mr_lkey(mr));
	return 0;
}

/* what a WQE's extension holds: an SGE list, or inline data */
struct post_ext {
	unsigned nsge;              /* 2..HPNIC_MAX_SGE: sge[] is the list */
	struct { uint64_t va; uint32_t len, lkey; } sge[HPNIC_MAX_SGE];
	const struct hpnic_sge *inl; /* inline: copy these SGEs' bytes */
	unsigned n_inl;
};

/* one WQE into the send queue (checked before); the doorbell is separate.
 * @va, @lkey: the one local buffer, by virtual address and L_Key (the NIC
 * checks the key and translates) */
static int post_wqe(struct hpnic_qp *qp, unsigned op, uint64_t wr_id, uint64_t va,
		    uint32_t lkey, uint32_t len, uint64_t remote_va, uint32_t rkey, int signaled,
		    const struct post_ext *ext, uint32_t imm, const char *fn)
{
	struct hpnic_swqe *s;
	unsigned wsize = 1u << qp->wqe_log2;
	uint8_t *w;

	if (qp->pi - qp->ci >= qp->depth)
		return hpnic_dev_fail(qp->dev, -ENOMEM, "%s: QP %u: send queue full (%u WQEs "
				      "outstanding): poll the CQ", fn, qp->qpn, qp->depth);
	s = &qp->swqe[qp->pi & (qp->depth - 1)];
	s->wr_id = wr_id;
	s->len = len;
	s->opcode = (uint8_t)op;
	s->signaled = qp->sig_all || signaled;

	w = qp->ring + ((size_t)(qp->pi & (qp->depth - 1)) << qp->wqe_log2);
	memset(w, 0, wsize);
	w[HPNIC_WQE_OPCODE_OFF] = (uint8_t)op;
	/* The NIC writes a CQE only for a signaled WQE (and for any failure);
	 * a CQE retires every unsignaled WQE before it. The WQE that fills the
	 * send queue is signaled whatever the caller asked, so that a queue of
	 * unsignaled work still drains; the library hides that completion. */
	w[HPNIC_WQE_FLAGS_OFF] = (uint8_t)HPNIC_SET(HPNIC_WQE_FLAGS_SIGNALED,
						    s->signaled || qp->pi - qp->ci + 1 == qp->depth);
	if (ext && ext->inl) {
		uint8_t *d = w + HPNIC_WQE_SIZE;

		w[HPNIC_WQE_FLAGS_OFF] |= (uint8_t)HPNIC_WQE_FLAGS_INLINE_MASK;
		for (unsigned k = 0; k < ext->n_inl; k++) {
			memcpy(d, (const void *)(uintptr_t)ext->inl[k].addr, ext->inl[k].length);
			d += ext->inl[k].length;
		}
	} else if (ext && ext->nsge > 1) {
		w[HPNIC_WQE_NUM_SGE_OFF] = (uint8_t)ext->nsge;
		for (unsigned k = 0; k < ext->nsge; k++) {
			uint8_t *e = w + HPNIC_WQE_SIZE + k * HPNIC_SGE_SIZE;

			hpnic_put_le64(e + HPNIC_SGE_ADDR_OFF, ext->sge[k].va);
			hpnic_put_le32(e + HPNIC_SGE_LENGTH_OFF, ext->sge[k].len);
			hpnic_put_le32(e + HPNIC_SGE_LKEY_OFF, ext->sge[k].lkey);
		}
	}
	hpnic_put_le32(w + HPNIC_WQE_LENGTH_OFF, len);
	hpnic_put_le64(w + HPNIC_WQE_LOCAL_ADDR_OFF, va);
	hpnic_put_le32(w + HPNIC_WQE_LKEY_OFF, lkey);
	hpnic_put_le64(w + HPNIC_WQE_REMOTE_VA_OFF, remote_va);
	hpnic_put_le32(w + HPNIC_WQE_RKEY_OFF, rkey);
	hpnic_put_le64(w + HPNIC_WQE_WR_ID_OFF, wr_id);
	/* the immediate as the caller holds it: network order, the wire's */
	memcpy(w + HPNIC_WQE_IMM_DATA_OFF, &imm, 4);
	qp->pi++;
	return 0;
}

/* ring the doorbell for every WQE written since the last one */
static int post_doorbell(struct hpnic_qp *qp)
{
	int err;

	if (qp->pi == qp->db_pi)
		return 0;
	/* the WQEs are in memory before the NIC can see the doorbell */
	atomic_thread_fence(memory_order_release);
	err = hpnic_wr(qp->dev, HPNIC_DB_SQ_DB(qp->qpn),
		       HPNIC_SET(HPNIC_DB_SQ_DB, qp->pi & HPNIC_WQE_IDX_MASK));
	if (err) {
		/* the NIC never heard of them: take them back */
		qp->pi = qp->db_pi;
		return err;
	}
	qp->db_pi = qp->pi;
	return 0;
}

static int post(struct hpnic_qp *qp, unsigned op, uint64_t wr_id, struct hpnic_mr *lmr,
		const void *laddr, uint32_t len, uint64_t remote_va, uint32_t rkey,
		unsigned flags, const char *fn)
{
	int err;

	if ((err = post_check_qp(qp, op, fn)))
		return err;
	if (flags & ~(HPNIC_WR_SIGNALED | HPNIC_WR_MORE))
		return hpnic_dev_fail(qp->dev, -EINVAL, "%s: unknown flags 0x%x", fn,
				      flags & ~(HPNIC_WR_SIGNALED | HPNIC_WR_MORE));
	if ((err = post_check_len(qp, len, fn)))
		return err;
	if (len && (!lmr || !laddr))
		return hpnic_dev_fail(qp->dev, -EINVAL, "%s: %s is NULL", fn, lmr ? "laddr" : "lmr");
	if (lmr) {
		if (!laddr)
			return hpnic_dev_fail(qp->dev, -EINVAL, "%s: laddr is NULL", fn);
		if ((err = post_check_local(qp, op == HPNIC_WQE_OPCODE_RDMA_READ, lmr,
					    (uintptr_t)laddr, len, fn)))
			return err;
	}
	if ((err = post_wqe(qp, op, wr_id, (uintptr_t)laddr, lmr ? hpnic_mr_lkey(lmr) : 0, len,
			    remote_va, rkey, (flags & HPNIC_WR_SIGNALED) != 0, NULL, 0, fn)))
		return err;
	/* more posts follow: one doorbell will cover them all (each doorbell is
	 * an uncached write across PCIe, and the NIC fetches the WQEs it
	 * announces in batches) */
	if (flags & HPNIC_WR_MORE)
		return 0;
	return post_doorbell(qp);
}

int hpnic_post_write(struct hpnic_qp *qp, uint64_t wr_id, struct hpnic_mr *lmr,
		     const void *laddr, uint32_t len, uint64_t remote_va, uint32_t rkey,
		     unsigned flags)
{
	return post(qp, HPNIC_WQE_OPCODE_RDMA_WRITE, wr_id, lmr, laddr, len, remote_va, rkey,
		    flags, "hpnic_post_write");
}

int hpnic_post_read(struct hpnic_qp *qp, uint64_t wr_id, struct hpnic_mr *lmr,
		    void *laddr, uint32_t len, uint64_t remote_va, uint32_t rkey,
		    unsigned flags)
{
	return post(qp, HPNIC_WQE_OPCODE_RDMA_READ, wr_id, lmr, laddr, len, remote_va, rkey,
		    flags, "hpnic_post_read");
}

#define SEND_FLAGS_KNOWN (HPNIC_SEND_SIGNALED | HPNIC_SEND_FENCE | HPNIC_SEND_SOLICITED | \
			  HPNIC_SEND_INLINE)

/* FENCE: the work request may start only once every READ before it has
 * completed. The NIC keeps several READs outstanding and does not hold a
 * fenced request back itself (yet), so the library refuses one while a
 * READ before it is outstanding, rather than let it pass the READ */
static int fence_check(struct hpnic_qp *qp, const struct hpnic_send_wr *wr, unsigned n,
		       const char *fn)
{
	uint32_t i;

	if (!(wr->send_flags & HPNIC_SEND_FENCE))
		return 0;
	for (i = qp->ci; i != qp->pi; i++)
		if (qp->swqe[i & (qp->depth - 1)].opcode == HPNIC_WQE_OPCODE_RDMA_READ)
			return hpnic_dev_fail(qp->dev, -EAGAIN, "%s: work request %u (wr_id "
					      "0x%llx): FENCE with a READ outstanding on QP %u: "
					      "post it after the READ's completion", fn, n,
					      (unsigned long long)wr->wr_id, qp->qpn);
	return 0;
}

/* one work request of a list: checked whole, then written; 0 or an error */
static int post_send_one(struct hpnic_qp *qp, const struct hpnic_send_wr *wr, unsigned n)
{
	static const char fn[] = "hpnic_post_send";
	struct hpnic_dev *dev = qp->dev;
	struct post_ext ext = { 0 };
	unsigned op;
	uint64_t va = 0, len = 0;
	uint32_t lkey = 0;
	int err;

	switch (wr->opcode) {
	case HPNIC_WR_RDMA_WRITE: op = HPNIC_WQE_OPCODE_RDMA_WRITE; break;
	case HPNIC_WR_RDMA_READ: op = HPNIC_WQE_OPCODE_RDMA_READ; break;
	case HPNIC_WR_SEND: op = HPNIC_WQE_OPCODE_SEND; break;
	case HPNIC_WR_SEND_WITH_IMM: op = HPNIC_WQE_OPCODE_SEND_WITH_IMM; break;
	case HPNIC_WR_RDMA_WRITE_WITH_IMM: op = HPNIC_WQE_OPCODE_RDMA_WRITE_WITH_IMM; break;
	default:
		return hpnic_dev_fail(dev, -EINVAL, "%s: work request %u (wr_id 0x%llx): opcode %d: "
				      "not an HPNIC_WR_* operation", fn, n,
				      (unsigned long long)wr->wr_id, (int)wr->opcode);
	}
	if ((err = post_check_qp(qp, op, fn)))
		return err;
	if (wr->send_flags & ~SEND_FLAGS_KNOWN)
		return hpnic_dev_fail(dev, -EINVAL, "%s: work request %u (wr_id 0x%llx): unknown "
				      "send_flags 0x%x", fn, n, (unsigned long long)wr->wr_id,
				      wr->send_flags & ~SEND_FLAGS_KNOWN);
	if ((err = fence_check(qp, wr, n, fn)))
		return err;
	if (wr->num_sge < 0 || wr->num_sge > (int)HPNIC_MAX_SGE || (wr->num_sge && !wr->sg_list))
		return hpnic_dev_fail(dev, -EINVAL, "%s: work request %u (wr_id 0x%llx): num_sge %d "
				      "(0..%u) with sg_list %p", fn, n, (unsigned long long)wr->wr_id,
				      wr->num_sge, HPNIC_MAX_SGE, (const void *)wr->sg_list);
	if (wr->send_flags & HPNIC_SEND_INLINE) {
		/* the bytes are copied into the WQE now: no key, no registration */
		if (op == HPNIC_WQE_OPCODE_RDMA_READ)
			return hpnic_dev_fail(dev, -EINVAL, "%s: work request %u (wr_id 0x%llx): "
					      "HPNIC_SEND_INLINE on a READ", fn, n,
					      (unsigned long long)wr->wr_id);
		for (int k = 0; k < wr->num_sge; k++) {
			if (wr->sg_list[k].length && !wr->sg_list[k].addr)
				return hpnic_dev_fail(dev, -EINVAL, "%s: work request %u (wr_id "
						      "0x%llx): SGE %d: address 0", fn, n,
						      (unsigned long long)wr->wr_id, k);
			len += wr->sg_list[k].length;
		}
		if (len > qp->max_inline)
			return hpnic_dev_fail(dev, -EINVAL, "%s: work request %u (wr_id 0x%llx): %llu "
					      "inline bytes: QP %u takes at most %u (max_inline_data)",
					      fn, n, (unsigned long long)wr->wr_id,
					      (unsigned long long)len, qp->qpn, qp->max_inline);
		ext.inl = wr->sg_list;
		ext.n_inl = (unsigned)wr->num_sge;
		return post_wqe(qp, op, wr->wr_id, 0, 0, (uint32_t)len, wr->rdma.remote_addr,
				wr->rdma.rkey, (wr->send_flags & HPNIC_SEND_SIGNALED) != 0, &ext,
				wr->imm_data, fn);
	}
	for (int k = 0; k < wr->num_sge; k++) {
		const struct hpnic_sge *g = &wr->sg_list[k];
		uint32_t idx = g->lkey >> 8;
		const struct hpnic_mr *mr = idx < dev->attr.max_mrs ? dev->mr_slot[idx] : NULL;

		len += g->length;
		/* an empty SGE touches no memory: its key is not looked at */
		if (!g->length)
			continue;
		if (!mr || hpnic_mr_lkey(mr) != g->lkey)
			return hpnic_dev_fail(dev, -EINVAL, "%s: work request %u (wr_id 0x%llx): SGE "
					      "%d: L_Key 0x%x names no registered region", fn, n,
					      (unsigned long long)wr->wr_id, k, g->lkey);
		if (g->addr > UINTPTR_MAX)
			return hpnic_dev_fail(dev, -EINVAL, "%s: work request %u: SGE %d: address "
					      "0x%llx", fn, n, k, (unsigned long long)g->addr);
		if ((err = post_check_local(qp, op == HPNIC_WQE_OPCODE_RDMA_READ, mr,
					    (uintptr_t)g->addr, g->length, fn)))
			return err;
		/* the non-empty SGEs, in order: the NIC gathers them */
		if (ext.nsge == qp->max_sge || (ext.nsge && op == HPNIC_WQE_OPCODE_RDMA_READ))
			return hpnic_dev_fail(dev, op == HPNIC_WQE_OPCODE_RDMA_READ ? -EOPNOTSUPP :
					      -EINVAL, "%s: work request %u (wr_id 0x%llx): %s", fn,
					      n, (unsigned long long)wr->wr_id,
					      op == HPNIC_WQE_OPCODE_RDMA_READ ?
					      "a READ lands in one non-empty SGE (scatter is not "
					      "there yet)" : "more non-empty SGEs than the QP's "
					      "max_send_sge");
		ext.sge[ext.nsge].va = g->addr;
		ext.sge[ext.nsge].len = g->length;
		ext.sge[ext.nsge].lkey = g->lkey;
		ext.nsge++;
	}
	if ((err = post_check_len(qp, len, fn)))
		return err;
	/* one SGE goes in the WQE itself, by virtual address and L_Key */
	if (ext.nsge == 1) {
		va = ext.sge[0].va;
		lkey = ext.sge[0].lkey;
	}
	/* FENCE was checked above. SOLICITED is accepted: the NIC raises no
	 * receive-side event for it (the peer polls its CQ). */
	return post_wqe(qp, op, wr->wr_id, va, lkey, (uint32_t)len, wr->rdma.remote_addr,
			wr->rdma.rkey, (wr->send_flags & HPNIC_SEND_SIGNALED) != 0, &ext,
			wr->imm_data, fn);
}

int hpnic_post_send(struct hpnic_qp *qp, const struct hpnic_send_wr *wr,
		    struct hpnic_send_wr **bad_wr)
{
	const struct hpnic_send_wr *head = wr;
	unsigned n = 0;
	int err = 0, db;

	if (bad_wr)
		*bad_wr = NULL;
	if (!qp || !wr) {
		if (bad_wr)
			*bad_wr = (struct hpnic_send_wr *)wr;
		return hpnic_fail(-EINVAL, "hpnic_post_send: %s is NULL", qp ? "wr" : "qp");
	}
	/* as verbs: the work requests before a bad one are posted, it and the
	 * ones after it are not; one doorbell covers all that were posted */
	for (; wr; wr = wr->next, n++) {
		if ((err = post_send_one(qp, wr, n))) {
			if (bad_wr)
				*bad_wr = (struct hpnic_send_wr *)wr;
			break;
		}
	}
	if (qp->magic != HPNIC_QP_MAGIC)
		return err;
	db = post_doorbell(qp);
	if (db && bad_wr)
		*bad_wr = (struct hpnic_send_wr *)head;   /* none was posted */
	return db ? db : err;
}

/*
 * Receive queue
 */

/* one receive work request: checked, then written; 0 or an error */
static int post_recv_one(struct hpnic_qp *qp, const struct hpnic_recv_wr *wr, unsigned n)
{
	static const char fn[] = "hpnic_post_recv";
	struct hpnic_dev *dev = qp->dev;
	uint64_t va = 0;
	uint32_t len = 0, lkey = 0;
	uint8_t *w;
	int err;

	if (wr->num_sge < 0 || wr->num_sge > 1 || (wr->num_sge && !wr->sg_list))
		return hpnic_dev_fail(dev, -EINVAL, "%s: work request %u (wr_id 0x%llx): num_sge %d "
				      "(0 or 1: one buffer per receive) with sg_list %p", fn, n,
				      (unsigned long long)wr->wr_id, wr->num_sge,
				      (const void *)wr->sg_list);
	if (wr->num_sge && wr->sg_list[0].length) {
		const struct hpnic_sge *g = &wr->sg_list[0];
		uint32_t idx = g->lkey >> 8;
		const struct hpnic_mr *mr = idx < dev->attr.max_mrs ? dev->mr_slot[idx] : NULL;

		if (!mr || hpnic_mr_lkey(mr) != g->lkey)
			return hpnic_dev_fail(dev, -EINVAL, "%s: work request %u (wr_id 0x%llx): "
					      "L_Key 0x%x names no registered region", fn, n,
					      (unsigned long long)wr->wr_id, g->lkey);
		if (g->addr > UINTPTR_MAX)
			return hpnic_dev_fail(dev, -EINVAL, "%s: work request %u: address 0x%llx", fn,
					      n, (unsigned long long)g->addr);
		if ((err = post_check_local(qp, 1, mr, (uintptr_t)g->addr, g->length, fn)))
			return err;
		va = g->addr;
		len = g->length;
		lkey = g->lkey;
	}
	if (qp->rpi - qp->rci >= qp->rdepth)
		return hpnic_dev_fail(dev, -ENOMEM, "%s: QP %u: receive queue full (%u receive "
				      "WQEs outstanding): poll the CQ", fn, qp->qpn, qp->rdepth);
	qp->rwqe[qp->rpi & (qp->rdepth - 1)].wr_id = wr->wr_id;
	w = qp->rring + (size_t)(qp->rpi & (qp->rdepth - 1)) * HPNIC_RWQE_SIZE;
	memset(w, 0, HPNIC_RWQE_SIZE);
	hpnic_put_le64(w + HPNIC_RWQE_ADDR_OFF, va);
	hpnic_put_le32(w + HPNIC_RWQE_LENGTH_OFF, len);
	hpnic_put_le32(w + HPNIC_RWQE_LKEY_OFF, lkey);
	hpnic_put_le64(w + HPNIC_RWQE_WR_ID_OFF, wr->wr_id);
	qp->rpi++;
	return 0;
}

int hpnic_post_recv(struct hpnic_qp *qp, const struct hpnic_recv_wr *wr,
		    struct hpnic_recv_wr **bad_wr)
{
	static const char fn[] = "hpnic_post_recv";
	const struct hpnic_recv_wr *head = wr;
	uint32_t pi0;
	unsigned n = 0;
	int err = 0;

	if (bad_wr)
		*bad_wr = (struct hpnic_recv_wr *)wr;
	if (!qp || !wr)
		return hpnic_fail(-EINVAL, "%s: %s is NULL", fn, qp ? "wr" : "qp");
	if (qp->magic != HPNIC_QP_MAGIC)
		return hpnic_fail(-EINVAL, "%s: not a QP, or a QP already destroyed", fn);
	if (!qp->rdepth)
		return hpnic_dev_fail(qp->dev, -EINVAL, "%s: QP %u has no receive queue (rq_depth "
				      "0 at creation)", fn, qp->qpn);
	if (qp->ctx.state == HPNIC_QPS_RESET || qp->ctx.state == HPNIC_QPS_ERR)
		return hpnic_dev_fail(qp->dev, -EINVAL, "%s: QP %u is in %s: receives are posted "
				      "in INIT, RTR or RTS", fn, qp->qpn, state_name(qp->ctx.state));
	pi0 = qp->rpi;
	for (; wr; wr = wr->next, n++)
		if ((err = post_recv_one(qp, wr, n)))
			break;
	if (bad_wr)
		*bad_wr = (struct hpnic_recv_wr *)wr;
	if (qp->rpi != pi0) {
		int db;

		/* the receive WQEs are in memory before the NIC can see the doorbell */
		atomic_thread_fence(memory_order_release);
		db = hpnic_wr(qp->dev, HPNIC_DB_RQ_DB(qp->qpn),
			      HPNIC_SET(HPNIC_DB_RQ_DB, qp->rpi & HPNIC_WQE_IDX_MASK));
		if (db) {
			/* the NIC never heard of them: take them back */
			qp->rpi = pi0;
			if (bad_wr)
				*bad_wr = (struct hpnic_recv_wr *)head;
			return db;
		}
	}
	return err;
}

/*
 * Per-QP congestion control
 */
/* cc into a QP context: its mode, options and override, checked (fn names
 * the caller in the errors); c is changed only when all of it is good */
static int qp_cc_to_ctx(struct hpnic_dev *dev, const struct hpnic_qp_cc *cc,
			struct hpnic_qp_ctx *c, const char *fn)
{
	uint32_t wai = 0;
	int err;

	if ((err = hpnic_cc_check_mode(dev, cc->algorithm)))
		return err;
	if (cc->options & ~(HPNIC_QP_CC_VAI | HPNIC_QP_CC_SF))
		return hpnic_dev_fail(dev, -EINVAL, "%s: options 0x%x: only HPNIC_QP_CC_VAI (0x1) "
				      "and HPNIC_QP_CC_SF (0x2)", fn, cc->options);
	if (cc->override &&
	    ((err = hpnic_cc_check_t(dev, cc->t_ns)) ||
	     (err = hpnic_cc_check_wai(dev, cc->wai_bytes, &wai)) ||
	     (err = hpnic_cc_check_stage(dev, cc->max_stage))))
		return err;
	c->cc_mode = cc->algorithm;
	c->cc_opts = cc->options;
	c->cc_override = cc->override != 0;
	c->qp_t_ns = cc->override ? cc->t_ns : 0;
	c->qp_wai = wai;
	c->qp_max_stage = cc->override ? cc->max_stage : 0;
	return 0;
}

int hpnic_qp_set_cc(struct hpnic_qp *qp, const struct hpnic_qp_cc *cc)
{
	struct hpnic_qp_ctx c;
	int err;

	if (!qp || !cc)
		return hpnic_dev_fail(qp ? qp->dev : NULL, -EINVAL, "hpnic_qp_set_cc: %s is NULL",
				      qp ? "cc" : "qp");
	c = qp->ctx;
	if ((err = qp_cc_to_ctx(qp->dev, cc, &c, "hpnic_qp_set_cc")))
		return err;
	err = qp_write(qp, &c, HPNIC_QP_CMD_WRITE);
	if (err)
		return err;
	qp->ctx = c;
	return 0;
}

int hpnic_qp_get_cc(struct hpnic_qp *qp, struct hpnic_qp_cc *cc)
{
	struct hpnic_dev *dev;
	uint32_t mode, ovr, t, wai, stage, opts = 0;
	int err;

	if (!qp || !cc)
		return hpnic_dev_fail(qp ? qp->dev : NULL, -EINVAL, "hpnic_qp_get_cc: %s is NULL",
				      qp ? "cc" : "qp");
	dev = qp->dev;
	if (dev->objs) {
		struct hpnic_qp_ctx c;

		hpnic_clear_error();
		err = dev->objs->read_qp(dev->be, qp->qpn, &c);
		if (err)
			return hpnic_backend_fail(dev, err, "hpnic_qp_get_cc");
		mode = c.cc_mode;
		ovr = c.cc_override;
		t = c.qp_t_ns;
		wai = c.qp_wai;
		stage = c.qp_max_stage;
		opts = c.cc_opts;
	/* CMD READ loads the staging registers from the NIC's copy of the QP */
	} else if ((err = hpnic_wr(dev, HPNIC_QP_QPN, qp->qpn)) ||
	    (err = hpnic_cmd(dev, HPNIC_BLK_QP, HPNIC_QP_CMD_READ, qp->qpn)) ||
	    (err = hpnic_rd(dev, HPNIC_QP_CC_MODE, &mode)) ||
	    (err = hpnic_rd(dev, HPNIC_QP_CC_OVERRIDE, &ovr)) ||
	    (err = hpnic_rd(dev, HPNIC_QP_QP_T_NS, &t)) ||
	    (err = hpnic_rd(dev, HPNIC_QP_QP_WAI, &wai)) ||
	    (err = hpnic_rd(dev, HPNIC_QP_QP_MAX_STAGE, &stage)) ||
	    (err = hpnic_rd(dev, HPNIC_QP_CC_OPTS, &opts)))
		return err;
	cc->algorithm = HPNIC_GET(HPNIC_QP_CC_MODE, mode);
	cc->override = (int)HPNIC_GET(HPNIC_QP_CC_OVERRIDE, ovr);
	cc->t_ns = HPNIC_GET(HPNIC_QP_QP_T_NS, t);
	cc->wai_bytes = (double)HPNIC_GET(HPNIC_QP_QP_WAI, wai) / (1 << HPCC_W_FRAC);
	cc->max_stage = HPNIC_GET(HPNIC_QP_QP_MAX_STAGE, stage);
	cc->options = opts & (HPNIC_QP_CC_OPTS_VAI_MASK | HPNIC_QP_CC_OPTS_SF_MASK);
	return 0;
}
