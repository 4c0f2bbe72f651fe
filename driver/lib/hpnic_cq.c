/* SPDX-License-Identifier: MIT */
/*
 * libhpnic: completion queues. A CQ is a ring of 32-byte CQEs in DMA memory
 * that the NIC writes (rtl/host/hpnic_host_cq.v) with a phase bit: 1 on its
 * first pass over the ring, 0 on the second, and so on, so a zeroed ring
 * reads as empty. The NIC does not know how far the host has read; the
 * library keeps every CQ at least as deep as the send queues of its QPs, so
 * the ring cannot overflow.
 *
 * A CQE names the QP and the WQE's index; the QP's shadow of its send queue
 * supplies wr_id, opcode and length (the NIC writes those fields as 0). A
 * receive CQE (OPCODE RECV or RECV_RDMA_WITH_IMM) names the receive WQE's
 * index and brings the byte count and the immediate; the shadow of the
 * receive queue supplies wr_id. Work requests behind a failed one are
 * flushed here, in software: the NIC stops the QP and writes no more CQEs
 * for it (docs/transport.md), send and receive queue alike.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hpnic_priv.h"

/* the phase a CQE has when it is new, for the consumer's position ci */
static unsigned expected_phase(const struct hpnic_cq *cq, uint32_t ci)
{
	return ((ci >> cq->log2) & 1) ? 0 : 1;
}

static uint8_t *cqe_at(const struct hpnic_cq *cq, uint32_t i)
{
	return cq->ring + (size_t)(i & (cq->depth - 1)) * HPNIC_CQE_SIZE;
}

/* whether the CQE at ring position i is new; the phase byte is read once,
 * then an acquire fence orders the reads of the other bytes after it */
static int cqe_valid(const struct hpnic_cq *cq, uint32_t i)
{
	const volatile uint8_t *p = cqe_at(cq, i) + HPNIC_CQE_PHASE_OFF;
	unsigned ph = HPNIC_GET(HPNIC_CQE_PHASE, (unsigned)*p);

	if (ph != expected_phase(cq, i))
		return 0;
	atomic_thread_fence(memory_order_acquire);
	return 1;
}

/* the library's own CQ: a number, a ring from the backend, CQ.CMD WRITE */
static int cq_make(struct hpnic_dev *dev, struct hpnic_cq *cq)
{
	size_t bytes = (size_t)cq->depth * HPNIC_CQE_SIZE;
	long cqn = hpnic_bitmap_alloc(&dev->cqns, 0);
	int err;

	if (cqn < 0)
		return hpnic_dev_fail(dev, -ENOSPC, "hpnic_create_cq: all %u completion queues are "
				      "in use", dev->attr.max_cqs);
	cq->cqn = (uint32_t)cqn;
	err = dev->ops->dma_alloc(dev->be, bytes, (void **)&cq->ring, &cq->ring_iova);
	if (err) {
		err = hpnic_dev_fail(dev, err < 0 ? err : -ENOMEM, "hpnic_create_cq: the backend "
				     "cannot allocate a %zu-byte ring: %s", bytes,
				     hpnic_strerror(err));
		goto out_cqn;
	}
	if (cq->ring_iova % HPNIC_CQE_SIZE) {
		err = hpnic_dev_fail(dev, -EIO, "hpnic_create_cq: the backend's ring IO address "
				     "0x%llx is not %d-byte aligned",
				     (unsigned long long)cq->ring_iova, HPNIC_CQE_SIZE);
		goto out_ring;
	}
	/* a zeroed ring reads as empty: phase 0 is not the first pass's */
	memset(cq->ring, 0, bytes);
	atomic_thread_fence(memory_order_release);

	if ((err = hpnic_wr(dev, HPNIC_CQ_CQN, cq->cqn)) ||
	    (err = hpnic_wr(dev, HPNIC_CQ_BASE_LO, (uint32_t)cq->ring_iova)) ||
	    (err = hpnic_wr(dev, HPNIC_CQ_BASE_HI, (uint32_t)(cq->ring_iova >> 32))) ||
	    (err = hpnic_wr(dev, HPNIC_CQ_LOG2, HPNIC_SET(HPNIC_CQ_LOG2, cq->log2))) ||
	    (err = hpnic_wr(dev, HPNIC_CQ_IRQ_VECTOR, 0)) ||
	    (err = hpnic_cmd(dev, HPNIC_BLK_CQ, HPNIC_CQ_CMD_WRITE, cq->cqn)))
		goto out_ring;
	return 0;

out_ring:
	dev->ops->dma_free(dev->be, cq->ring, bytes);
out_cqn:
	hpnic_bitmap_release(&dev->cqns, cq->cqn);
	return err;
}

/* a driver's CQ: its number and its ring, programmed, mapped read-only, zeroed */
static int cq_make_by_backend(struct hpnic_dev *dev, struct hpnic_cq *cq)
{
	uint32_t n;
	int err;

	hpnic_clear_error();
	err = dev->objs->create_cq(dev->be, cq->log2, &n, &cq->ring);
	if (err)
		return hpnic_backend_fail(dev, err, "hpnic_create_cq");
	if (n >= dev->attr.max_cqs || dev->cq_slot[n]) {
		(void)dev->objs->destroy_cq(dev->be, n, cq->ring, (size_t)cq->depth * HPNIC_CQE_SIZE);
		return hpnic_dev_fail(dev, -EIO, "hpnic_create_cq: the driver gave CQN %u, which is "
				      "%s", n, n >= dev->attr.max_cqs ? "past the table" : "taken");
	}
	cq->cqn = n;
	return 0;
}

int hpnic_create_cq(struct hpnic_dev *dev, unsigned depth, struct hpnic_cq **cqp)
{
	struct hpnic_cq *cq;
	int err;

	if (!cqp)
		return hpnic_dev_fail(dev, -EINVAL, "hpnic_create_cq: cq is NULL");
	*cqp = NULL;
	if (!dev)
		return hpnic_fail(-EINVAL, "hpnic_create_cq: dev is NULL");
	if (!hpnic_is_pow2(depth) || depth < HPNIC_CQ_DEPTH_MIN || depth > HPNIC_CQ_DEPTH_MAX)
		return hpnic_dev_fail(dev, -EINVAL, "hpnic_create_cq: depth %u: not a power of two "
				      "in %u..%u", depth, HPNIC_CQ_DEPTH_MIN, HPNIC_CQ_DEPTH_MAX);

	cq = calloc(1, sizeof(*cq));
	if (!cq)
		return hpnic_dev_fail(dev, -ENOMEM, "hpnic_create_cq: out of memory");
	cq->dev = dev;
	cq->depth = depth;
	cq->log2 = hpnic_log2(depth);
	err = dev->objs ? cq_make_by_backend(dev, cq) : cq_make(dev, cq);
	if (err) {
		free(cq);
		return err;
	}
	dev->ncqs++;
	dev->cq_slot[cq->cqn] = cq;
	*cqp = cq;
	return 0;
}

int hpnic_destroy_cq(struct hpnic_cq *cq)
{
	struct hpnic_dev *dev;
	int err;

	if (!cq)
		return hpnic_fail(-EINVAL, "hpnic_destroy_cq: cq is NULL");
	dev = cq->dev;
	if (cq->nqps)
		return hpnic_dev_fail(dev, -EBUSY, "hpnic_destroy_cq: CQ %u is used by %u QPs: "
				      "destroy them first", cq->cqn, cq->nqps);
	if (dev->objs) {
		hpnic_clear_error();
		err = dev->objs->destroy_cq(dev->be, cq->cqn, cq->ring,
					    (size_t)cq->depth * HPNIC_CQE_SIZE);
		if (err)
			return hpnic_backend_fail(dev, err, "hpnic_destroy_cq");
	} else {
		if ((err = hpnic_wr(dev, HPNIC_CQ_CQN, cq->cqn)) ||
		    (err = hpnic_cmd(dev, HPNIC_BLK_CQ, HPNIC_CQ_CMD_DISABLE, cq->cqn)))
			return err;
		dev->ops->dma_free(dev->be, cq->ring, (size_t)cq->depth * HPNIC_CQE_SIZE);
		hpnic_bitmap_release(&dev->cqns, cq->cqn);
	}
	dev->cq_slot[cq->cqn] = NULL;
	for (unsigned i = dev->evq_h; i != dev->evq_t; i++)
		if (dev->evq[i % HPNIC_EVQ_LEN].cq == cq)
			dev->evq[i % HPNIC_EVQ_LEN].cq = NULL;
	dev->ncqs--;
	free(cq);
	return 0;
}

/*
 * The flush lists: QPs in ERR whose remaining work requests the library
 * completes with WR_FLUSH_ERR, one list for send queues and one for receive
 * queues (a QP's two may complete on different CQs)
 */
static struct hpnic_qp **flush_head(struct hpnic_cq *cq, int recv)
{
	return recv ? &cq->rflush_head : &cq->flush_head;
}

static struct hpnic_qp **flush_next(struct hpnic_qp *qp, int recv)
{
	return recv ? &qp->rflush_next : &qp->flush_next;
}

static int *on_list(struct hpnic_qp *qp, int recv)
{
	return recv ? &qp->on_rflush_list : &qp->on_flush_list;
}

static void list_add(struct hpnic_cq *cq, struct hpnic_qp *qp, int recv)
{
	struct hpnic_qp **pp = flush_head(cq, recv);

	if (*on_list(qp, recv) || (recv ? qp->rci == qp->rpi : qp->ci == qp->pi))
		return;
	/* at the tail, so QPs flush in the order they failed */
	while (*pp)
		pp = flush_next(*pp, recv);
	*flush_next(qp, recv) = NULL;
	*pp = qp;
	*on_list(qp, recv) = 1;
}

static void list_del(struct hpnic_cq *cq, struct hpnic_qp *qp, int recv)
{
	struct hpnic_qp **pp;

	if (!*on_list(qp, recv))
		return;
	for (pp = flush_head(cq, recv); *pp; pp = flush_next(*pp, recv)) {
		if (*pp == qp) {
			*pp = *flush_next(qp, recv);
			break;
		}
	}
	*flush_next(qp, recv) = NULL;
	*on_list(qp, recv) = 0;
}

void hpnic_cq_flush_add(struct hpnic_cq *cq, struct hpnic_qp *qp)
{
	list_add(cq, qp, 0);
}

void hpnic_cq_flush_del(struct hpnic_cq *cq, struct hpnic_qp *qp)
{
	list_del(cq, qp, 0);
}

void hpnic_cq_rflush_add(struct hpnic_cq *cq, struct hpnic_qp *qp)
{
	list_add(cq, qp, 1);
}

void hpnic_cq_rflush_del(struct hpnic_cq *cq, struct hpnic_qp *qp)
{
	list_del(cq, qp, 1);
}

/* a receive CQE: the NIC marks them by OPCODE (bit 7) */
static int cqe_is_recv(const uint8_t *e)
{
	return e[HPNIC_CQE_OPCODE_OFF] == HPNIC_CQE_OPCODE_RECV ||
	       e[HPNIC_CQE_OPCODE_OFF] == HPNIC_CQE_OPCODE_RECV_RDMA_WITH_IMM;
}

/* CQEs of QP qpn's send (recv 0) or receive queue in the ring that poll has
 * not returned yet */
unsigned hpnic_cq_count_qp(struct hpnic_cq *cq, uint32_t qpn, int recv)
{
	unsigned n = 0;
	uint32_t i;

	for (i = cq->ci; i != cq->ci + cq->depth && cqe_valid(cq, i); i++) {
		const uint8_t *e = cqe_at(cq, i);

		if (hpnic_get_le32(e + HPNIC_CQE_QPN_OFF) == qpn && cqe_is_recv(e) == !!recv)
			n++;
	}
	return n;
}

/* drop the not yet polled CQEs of QP qpn (a QP going to RESET or away): they
 * get QPN 0, which no QP has, and poll skips them */
void hpnic_cq_clean_qp(struct hpnic_cq *cq, uint32_t qpn)
{
	uint32_t i;

	for (i = cq->ci; i != cq->ci + cq->depth && cqe_valid(cq, i); i++) {
		uint8_t *e = cqe_at(cq, i);

		if (hpnic_get_le32(e + HPNIC_CQE_QPN_OFF) == qpn)
			hpnic_put_le32(e + HPNIC_CQE_QPN_OFF, 0);
	}
}

static enum hpnic_wc_status wc_status(unsigned hw)
{
	switch (hw) {
	case HPNIC_CQE_STATUS_OK:
		return HPNIC_WC_SUCCESS;
	case HPNIC_CQE_STATUS_REMOTE_ERROR:
		return HPNIC_WC_REMOTE_ACCESS_ERR;
	case HPNIC_CQE_STATUS_RETRY_EXCEEDED:
		return HPNIC_WC_RETRY_EXC_ERR;
	case HPNIC_CQE_STATUS_FLUSHED:
		return HPNIC_WC_WR_FLUSH_ERR;
	case HPNIC_CQE_STATUS_LOCAL_ERROR:
		return HPNIC_WC_LOC_ERR;
	case HPNIC_CQE_STATUS_LOCAL_PROT_ERROR:
		return HPNIC_WC_LOC_PROT_ERR;
	case HPNIC_CQE_STATUS_LOCAL_LEN_ERROR:
		return HPNIC_WC_LOC_LEN_ERR;
	case HPNIC_CQE_STATUS_RNR_RETRY_EXCEEDED:
		return HPNIC_WC_RNR_RETRY_EXC_ERR;
	default:
		return HPNIC_WC_GENERAL_ERR;
	}
}

/* the completion opcode of a send-queue WQE */
static enum hpnic_wc_opcode swqe_wc_opcode(const struct hpnic_swqe *s)
{
	switch (s->opcode) {
	case HPNIC_WQE_OPCODE_RDMA_READ:
		return HPNIC_WC_RDMA_READ;
	case HPNIC_WQE_OPCODE_SEND:
	case HPNIC_WQE_OPCODE_SEND_WITH_IMM:
		return HPNIC_WC_SEND;
	default:
		return HPNIC_WC_RDMA_WRITE;
	}
}

/* a receive CQE; returns 1 when it makes a completion for the user (every
 * receive does) */
static int rcqe_to_wc(struct hpnic_cq *cq, struct hpnic_qp *qp, const uint8_t *e,
		      struct hpnic_wc *wc)
{
	unsigned idx = hpnic_get_le16(e + HPNIC_CQE_WQE_INDEX_OFF);
	unsigned hw = e[HPNIC_CQE_STATUS_OFF];

	if (qp->rcq != cq || !qp->rdepth)
		goto stale;
	if (qp->ctx.state == HPNIC_QPS_ERR) {
		if (!qp->hw_before_err_r)
			goto stale;
		qp->hw_before_err_r--;
	}
	/* the NIC completes every receive WQE, in order */
	if (qp->rci == qp->rpi || idx != (qp->rci & HPNIC_WQE_IDX_MASK))
		goto stale;
	wc->wr_id = qp->rwqe[qp->rci & (qp->rdepth - 1)].wr_id;
	qp->rci++;
	wc->opcode = e[HPNIC_CQE_OPCODE_OFF] == HPNIC_CQE_OPCODE_RECV ? HPNIC_WC_RECV :
									  HPNIC_WC_RECV_RDMA_WITH_IMM;
	wc->qp_num = qp->qpn;
	wc->src_qp = qp->ctx.dqpn;
	wc->vendor_err = hw;
	wc->status = wc_status(hw);
	wc->wc_flags = 0;
	wc->imm_data = 0;
	wc->byte_len = 0;
	if (wc->status == HPNIC_WC_SUCCESS) {
		wc->byte_len = hpnic_get_le32(e + HPNIC_CQE_BYTE_LEN_OFF);
		if (e[HPNIC_CQE_FLAGS_OFF] & HPNIC_CQE_FLAGS_IMM_MASK) {
			/* the wire's byte order, as verbs' __be32 */
			memcpy(&wc->imm_data, e + HPNIC_CQE_IMM_DATA_OFF, 4);
			wc->wc_flags = HPNIC_WC_WITH_IMM;
		}
		return 1;
	}
	/* the responder failed the QP (an asynchronous event says so too) */
	if (qp->ctx.state != HPNIC_QPS_ERR)
		hpnic_qp_failed(qp);
	else
		hpnic_cq_rflush_add(cq, qp);
	return 1;

stale:
	cq->stale++;
	return 0;
}

/* one CQE from the ring; returns 1 when it makes a completion for the user */
static int cqe_to_wc(struct hpnic_cq *cq, const uint8_t *e, struct hpnic_wc *wc)
{
	struct hpnic_dev *dev = cq->dev;
	uint32_t qpn = hpnic_get_le32(e + HPNIC_CQE_QPN_OFF);
	unsigned idx = hpnic_get_le16(e + HPNIC_CQE_WQE_INDEX_OFF);
	unsigned hw = e[HPNIC_CQE_STATUS_OFF];
	struct hpnic_swqe *s;
	struct hpnic_qp *qp;
	uint32_t skip;

	qp = (qpn && qpn < dev->attr.max_qps) ? dev->qps[qpn] : NULL;
	if (qp && cqe_is_recv(e))
		return rcqe_to_wc(cq, qp, e, wc);
	if (!qp || qp->cq != cq)
		goto stale;
	if (qp->ctx.state == HPNIC_QPS_ERR) {
		/* the user moved the QP to ERR: only the CQEs already written
		 * then count; the NIC may still fail the QP's work later */
		if (!qp->hw_before_err)
			goto stale;
		qp->hw_before_err--;
	}
	/* The NIC completes a QP's WQEs in order and writes CQEs only for the
	 * signaled ones and for failures: the CQE is for the oldest WQE or a
	 * later one, and every WQE before it succeeded unsignaled. */
	skip = (idx - qp->ci) & HPNIC_WQE_IDX_MASK;
	if (skip >= qp->pi - qp->ci)
		goto stale;
	qp->ci += skip;

	s = &qp->swqe[qp->ci & (qp->depth - 1)];
	qp->ci++;
	wc->wr_id = s->wr_id;
	wc->opcode = swqe_wc_opcode(s);
	wc->qp_num = qp->qpn;
	wc->src_qp = 0;
	wc->imm_data = 0;
	wc->wc_flags = 0;
	wc->vendor_err = hw;
	wc->status = wc_status(hw);
	if (wc->status == HPNIC_WC_SUCCESS) {
		wc->byte_len = s->len;
		return s->signaled;
	}
	wc->byte_len = 0;
	if (qp->ctx.state != HPNIC_QPS_ERR)
		hpnic_qp_failed(qp);
	else
		hpnic_cq_flush_add(cq, qp);
	return 1;

stale:
	cq->stale++;
	return 0;
}

/* flush completions of the QPs on the flush lists, up to max */
static int drain_flush(struct hpnic_cq *cq, int max, struct hpnic_wc *wc)
{
	struct hpnic_qp *qp, *next;
	int n = 0;

	for (qp = cq->flush_head; qp && n < max; qp = next) {
		next = qp->flush_next;
		/* completions the NIC wrote before the QP went to ERR come first */
		if (qp->hw_before_err)
			continue;
		while (n < max && qp->ci != qp->pi) {
			struct hpnic_swqe *s = &qp->swqe[qp->ci & (qp->depth - 1)];

			memset(&wc[n], 0, sizeof(wc[n]));
			wc[n].wr_id = s->wr_id;
			wc[n].status = HPNIC_WC_WR_FLUSH_ERR;
			wc[n].opcode = swqe_wc_opcode(s);
			wc[n].qp_num = qp->qpn;
			wc[n].vendor_err = HPNIC_CQE_STATUS_FLUSHED;
			qp->ci++;
			n++;
		}
		if (qp->ci == qp->pi)
			hpnic_cq_flush_del(cq, qp);
	}
	for (qp = cq->rflush_head; qp && n < max; qp = next) {
		next = qp->rflush_next;
		if (qp->hw_before_err_r)
			continue;
		while (n < max && qp->rci != qp->rpi) {
			memset(&wc[n], 0, sizeof(wc[n]));
			wc[n].wr_id = qp->rwqe[qp->rci & (qp->rdepth - 1)].wr_id;
			wc[n].status = HPNIC_WC_WR_FLUSH_ERR;
			wc[n].opcode = HPNIC_WC_RECV;
			wc[n].qp_num = qp->qpn;
			wc[n].src_qp = qp->ctx.dqpn;
			wc[n].vendor_err = HPNIC_CQE_STATUS_FLUSHED;
			qp->rci++;
			n++;
		}
		if (qp->rci == qp->rpi)
			hpnic_cq_rflush_del(cq, qp);
	}
	return n;
}

/* what the ring and the flush list hold, up to max; no progress() */
static int poll_once(struct hpnic_cq *cq, int max, struct hpnic_wc *wc)
{
	uint32_t seen;
	int n = 0;

	/* at most one pass over the ring per call, also when CQEs are
	 * consumed silently (unsignaled or stale) */
	for (seen = 0; n < max && seen < cq->depth && cqe_valid(cq, cq->ci); seen++) {
		const uint8_t *e = cqe_at(cq, cq->ci);

		cq->ci++;
		n += cqe_to_wc(cq, e, &wc[n]);
	}
	if (n < max && (cq->flush_head || cq->rflush_head))
		n += drain_flush(cq, max - n, wc + n);
	return n;
}

int hpnic_poll_cq(struct hpnic_cq *cq, int max, struct hpnic_wc *wc)
{
	int n;

	if (!cq || !wc)
		return hpnic_dev_fail(cq ? cq->dev : NULL, -EINVAL, "hpnic_poll_cq: %s is NULL",
				      cq ? "wc" : "cq");
	if (max <= 0)
		return hpnic_dev_fail(cq->dev, -EINVAL, "hpnic_poll_cq: max %d: must be positive",
				      max);
	n = poll_once(cq, max, wc);
	/* an empty poll lets the device run: a polling loop drives the simulator */
	if (!n)
		cq->dev->ops->progress(cq->dev->be);
	return n;
}

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static int wait_cq(struct hpnic_cq *cq, int max, struct hpnic_wc *wc, uint64_t timeout_ns,
		   int wall, const char *fn)
{
	struct hpnic_dev *dev;
	uint64_t start, sim_ns = 0, cycles;
	unsigned mhz;
	int n;

	if (!cq || !wc)
		return hpnic_dev_fail(cq ? cq->dev : NULL, -EINVAL, "%s: %s is NULL", fn,
				      cq ? "wc" : "cq");
	if (max <= 0)
		return hpnic_dev_fail(cq->dev, -EINVAL, "%s: max %d: must be positive", fn, max);
	dev = cq->dev;
	mhz = dev->attr.clk_mhz ? dev->attr.clk_mhz : 1;
	start = now_ns();
	for (;;) {
		n = poll_once(cq, max, wc);
		if (n)
			return n;
		/* a simulator reports the cycles it ran: count simulated time,
		 * which runs far slower than the wall clock; a board reports 0:
		 * count wall-clock time */
		cycles = dev->ops->progress(dev->be);
		if (cycles && !wall) {
			sim_ns += cycles * 1000u / mhz;
			if (sim_ns >= timeout_ns)
				break;
		} else if (now_ns() - start >= timeout_ns) {
			break;
		}
	}
	/* what the last slice brought */
	n = poll_once(cq, max, wc);
	if (n)
		return n;
	return hpnic_dev_fail(dev, -ETIMEDOUT, "%s: no completion on CQ %u within %llu ns of %s "
			      "time", fn, cq->cqn, (unsigned long long)timeout_ns,
			      wall ? "wall-clock" : "device");
}

int hpnic_wait_cq(struct hpnic_cq *cq, int max, struct hpnic_wc *wc, uint64_t timeout_ns)
{
	return wait_cq(cq, max, wc, timeout_ns, 0, "hpnic_wait_cq");
}

int hpnic_wait_cq_wall(struct hpnic_cq *cq, int max, struct hpnic_wc *wc, uint64_t timeout_ns)
{
	return wait_cq(cq, max, wc, timeout_ns, 1, "hpnic_wait_cq_wall");
}

/*
 * Completion events. A backend that owns the NIC (the kernel's) watches
 * the ring itself and wakes the event descriptor; for the others the
 * library looks at its armed CQs when asked.
 */
int hpnic_req_notify_cq(struct hpnic_cq *cq)
{
	struct hpnic_dev *dev;
	int err;

	if (!cq)
		return hpnic_fail(-EINVAL, "hpnic_req_notify_cq: cq is NULL");
	dev = cq->dev;
	if (dev->objs) {
		hpnic_clear_error();
		err = dev->objs->arm_cq(dev->be, cq->cqn, cq->ci);
		if (err)
			return hpnic_backend_fail(dev, err, "hpnic_req_notify_cq");
	}
	cq->armed = 1;
	return 0;
}

int hpnic_get_cq_event(struct hpnic_dev *dev, struct hpnic_cq **cqp)
{
	uint32_t cqn;
	int n;

	if (!dev || !cqp)
		return hpnic_dev_fail(dev, -EINVAL, "hpnic_get_cq_event: %s is NULL",
				      dev ? "cq" : "dev");
	*cqp = NULL;
	/* work flushed in software is a completion the NIC never writes */
	for (unsigned i = 0; i < dev->attr.max_cqs; i++) {
		struct hpnic_cq *cq = dev->cq_slot[i];

		if (cq && cq->armed && (cq->flush_head || cq->rflush_head ||
					(!dev->objs && cqe_valid(cq, cq->ci)))) {
			cq->armed = 0;
			*cqp = cq;
			return 1;
		}
	}
	if (!dev->objs) {
		dev->ops->progress(dev->be);
		return 0;
	}
	do {
		hpnic_clear_error();
		n = dev->objs->get_cq_event(dev->be, &cqn);
		if (n < 0)
			return hpnic_backend_fail(dev, n, "hpnic_get_cq_event");
		/* a CQ destroyed since, or one not armed through this library */
	} while (n && (cqn >= dev->attr.max_cqs || !dev->cq_slot[cqn] ||
		       !dev->cq_slot[cqn]->armed));
	if (!n)
		return 0;
	dev->cq_slot[cqn]->armed = 0;
	*cqp = dev->cq_slot[cqn];
	return 1;
}

int hpnic_event_fd(struct hpnic_dev *dev)
{
	if (!dev)
		return hpnic_fail(-EINVAL, "hpnic_event_fd: dev is NULL");
	if (!dev->objs)
		return hpnic_dev_fail(dev, -EOPNOTSUPP, "hpnic_event_fd: the %s backend has no "
				      "event descriptor: call hpnic_get_cq_event in a loop",
				      dev->ops->name);
	return dev->objs->event_fd(dev->be);
}
