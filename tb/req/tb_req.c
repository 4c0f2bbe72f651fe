/* SPDX-License-Identifier: MIT */
/*
 * tb_req: rtl/tx/hpnic_req with hpnic_resp_tx in its send loop (16 QPs, 8
 * of them carrying traffic, 16 started WQEs per QP, a 64-entry record pool,
 * 16-entry output FIFOs), with random idle cycles on every input and random
 * back-pressure on every output. The test plays the environment: the host
 * (doorbells, WQE fetches answered after a random delay, in order per QP
 * and out of order across QPs), the scheduler (PktSend credit in random
 * amounts, never more than the work announced), the completer (una, record
 * entries back to the pool, go-back-N rewinds, a fatal one) and RX (READ
 * work for the responder's side, several per QP, now and then a repeated
 * READ that replaces the one being answered). A model of every QP's send queue, laid out in PSNs and window
 * positions, checks everything that comes out:
 *
 *  - request descriptors, per QP in PSN order from the start PSN: WRITE
 *    and SEND FIRST/MIDDLE/LAST/ONLY of exactly the MTU but the last,
 *    lengths adding up to the WQE's, addresses contiguous from its local and
 *    remote ones, RETH on a WRITE's FIRST/ONLY; SEND with immediate and
 *    WRITE with immediate ending in SEND LAST/ONLY with Immediate and WRITE
 *    LAST/ONLY with Immediate carrying the WQE's immediate, also when a
 *    rewind sends the last packet again; one READ REQUEST per READ for
 *    ceil(len/MTU) PSNs; after a rewind the resend from its PSN and byte
 *    offset;
 *  - max_rd_atomic: a READ sent for the first time only while fewer than
 *    REQ_RTL_RD_MAX READs are outstanding, counting those sent less the READ
 *    retirements (una) (timed by the READ descriptors, whose latency is
 *    fixed); one descriptor per READ, at its first send (one sent again
 *    after a rewind keeps it), matching the READ REQUEST; an INIT withdraws
 *    them (a flush);
 *  - READ responses: RESP FIRST/MIDDLE/LAST/ONLY with the work's PSNs,
 *    addresses and AETH (ACK, MSN); several READs queued per QP (the
 *    responder's READ queue) answered in order, one after the other; a
 *    repeated READ replaces what is queued;
 *  - work: one announcement per WQE taken and per READ work, of the wire
 *    cost (payload, pad, per-packet overhead, RETH/AETH/ImmDt) of what it
 *    asks to send; and on a QP with no rewind, the work equals what was
 *    sent; every packet's cost is what the window position moves by, so a
 *    WQE's position after it is the sum of its packets' costs (the records);
 *  - credit: no packet unless the credit granted exceeds what was spent
 *    before it (the last packet may overdraw);
 *  - fetches: contiguous per tag, within the posted WQEs and the ring bound;
 *  - records: one per WQE, in order, its last PSN, kind, signaled flag and
 *    window position after it, linked through the QP's spare entries, no
 *    entry used twice; whether a record's WQE is a SEND (the completer maps
 *    a position inside it without a RETH); the snd_nxt writes: window
 *    position matching the PSN, tail, snd_max, rewinds taken, epoch;
 *  - QP inits towards the completer; the clearing pass after reset;
 *  - bad input: stale WQE responses (wrong tag or index, a failed QP) are
 *    counted and change nothing; PktSend with nothing to send is counted
 *    and released on the free stream at the window position;
 *  - liveness: every phase drains (all sent, recorded, retired, granted),
 *    and then nothing more comes out.
 *
 * Phases: random traffic with random rewinds, stale responses and a fatal
 * rewind half-way (that QP sends nothing more, the others go on); a drain;
 * PktSend with nothing to send and stale responses on quiet QPs; rewinds
 * into a WRITE and a READ mid-message on one QP; an una that overtakes a
 * rewind, a rewind behind una, an una past a READ sent again (the requester
 * skips forward, and withdraws the READ); the failed
 * QP set up again and random traffic once more; a final drain.
 *
 * A last phase runs the record pool nearly dry with every record held by
 * QPs waiting to resend: the resends need no entry and must go out.
 *
 * Prints its seed; --seed reruns it; --cycles N cycles of random traffic.
 * TB_REQ_TRACE=qpn prints that QP's events on stderr.
 */
#define _POSIX_C_SOURCE 200809L

#include "hpnic_regs.h"

#include "req_rtl.h"
#include "tb_util.h"

#define NQ REQ_RTL_QPS
#define NUSE 8                  /* QPs with traffic */
#define NPOOL REQ_RTL_POOL
#define PSN_MASK 0xffffffu
#define POS_MASK 0xffffffull
#define MAX_WQES 1000000        /* per connection (the 16-bit indices wrap) */
#define IDX(i) ((i) & 0xffffu)
#define BACKLOG 40              /* WQEs made ahead of una */
#define HOSTQ 1024              /* WQE responses the host holds per QP */
#define WORKQ 1024
#define WCAND 16               /* open splits of the work seen (on_work) */
#define RDQ 64
#define RLQ 8                   /* READs queued per QP at the responder */
#define NCLR 64
#define AFTER_FATAL (REQ_RTL_FIFO + REQ_RTL_LAT)

enum owner { O_FREE, O_ALLOC, O_SPARE, O_REC };

struct wqe {
	unsigned read, signaled;
	unsigned send, imm_valid;       /* SEND; with immediate (SEND or WRITE) */
	uint32_t imm;
	unsigned imm_seen;              /* its last packet (with the ImmDt) sent so often */
	uint32_t len, rkey;
	uint64_t laddr, raddr;
	uint32_t first;         /* its first PSN, from the start PSN */
	uint32_t npkts;
	uint64_t pos0, pos1;    /* window position before and after it */
	int rd_sent;            /* a READ whose REQUEST went out once */
	unsigned rec_ptr;       /* its record entry, once written */
};

struct rsp {
	int valid;
	unsigned psn, msn, npkts, k;    /* k: packets seen */
	uint64_t addr;
	uint32_t len;
};

struct hostrsp {
	unsigned idx, tag;
	uint64_t ready;
};

struct qp {
	int active, failing, failed, clean, inits;
	unsigned mtu_log2, mtu;
	unsigned start;
	/* the send queue: WQEs made, posted, posts taken */
	struct wqe *w;
	unsigned nw, cap, pi, pi_taken;
	/* what the requester's state holds, as the events it took make it
	 * (indices here do not wrap; the module's are their low 16 bits) */
	int epoch_known, tag_known, err, rw_pending;
	unsigned epoch, tag, arr;
	unsigned fetch_next[4];
	uint32_t rw_off;
	/* the request stream: next packet expected, a pending restart */
	unsigned cw, ck;
	int restart;
	unsigned rs_w, rs_k;
	unsigned after_fatal;
	/* the completer's side */
	unsigned una, una_taken, nrec, spare, init_spare;
	int spare_known, init_spare_known, hold_una;
	int una_skip;           /* an una pushed is ahead of the requester's head */
	int ci_due;
	unsigned ci_psn, ci_rec_old;
	unsigned old_recs[REQ_RTL_RING + 1], n_old_recs;
	/* credit and work, in wire bytes */
	uint64_t work, granted, granted_push, spent;
	int hold_credit;
	unsigned idle_due, free_due, free_any;
	uint64_t free_pos;
	uint32_t workq[WORKQ];          /* WQEs' work */
	unsigned wq_t;
	uint32_t rworkq[WORKQ];         /* READ work's (announced when each is issued) */
	unsigned rwq_t;
	/* the work seen is an interleaving of the two queues; equal sizes at
	 * both heads leave it open which queue a work came from, so every
	 * split still possible is kept: candidate i took wq_c[i] from the
	 * WQEs' queue and w_seen - wq_c[i] from the READs' */
	unsigned w_seen, wq_c[WCAND], n_wc;
	/* READ responses */
	struct rsp cur, pend;
	int pend_valid, rdw_inflight;
	struct rsp rl[RLQ];             /* READs queued behind cur */
	unsigned rl_h, rl_n;
	unsigned peer_psn, peer_msn;
	/* max_rd_atomic: READs counted outstanding; clears (a rewind: all, an
	 * una retiring a READ: one) at the cycles the loop takes them */
	unsigned rd_cnt;
	uint64_t clr[NCLR];
	int clr_all[NCLR];
	unsigned nclr;
	struct req_rdesc rq_exp[RDQ], rq_got[RDQ];
	unsigned rqe_h, rqe_t, rqg_h, rqg_t;
	/* the snd_nxt mirror */
	int sn_synced;
	unsigned last_sn_psn, last_sn_pos, sn_max;
	uint64_t init_cycle;
	uint64_t rw_cyc[NCLR];          /* rewinds taken: the cycles of the last few */
	unsigned rw_n, rw_applied;
	/* WQE responses the host owes */
	struct hostrsp host[HOSTQ];
	unsigned h_h, h_t;
};

static struct req_rtl *R;
static struct qp Q[NQ];
static unsigned OVH;
static unsigned owner[NPOOL], owner_q[NPOOL];
static uint64_t now;
static int qlist[NUSE];
static int unused_qp;
static unsigned clears_seen;
static int trace_qp = -1;       /* TB_REQ_TRACE=qpn: that QP's events on stderr */

#define TRACE(qpn, ...)                                                              \
	do {                                                                         \
		if ((int)(qpn) == trace_qp) {                                        \
			fprintf(stderr, "%8llu q%u ", (unsigned long long)now, (qpn)); \
			fprintf(stderr, __VA_ARGS__);                                \
			fprintf(stderr, "\n");                                       \
		}                                                                    \
	} while (0)

/* what the environment does on its own, per phase */
static struct {
	int gen, rdwork, rewinds, stale;
	double retire;          /* how fast the completer retires */
} pol = { .retire = 0.03 };

static struct {
	unsigned desc_req, desc_rsp, fetch, work, free, ring, cinit, wqes_done, reads;
	unsigned rewinds, restarts, restarts_mid, replaced, stale_exp, stale_inj, overlapped;
	unsigned rd_queued, at_limit;
	unsigned rd_forgot;             /* READs queued when their QP failed */
	unsigned pool_dry, una, rd_cancels;
	unsigned imm_pkts, imm_resent, sends;
} n;

/* ---- the wire cost and the layout of a send queue ---- */

static unsigned pad4(uint32_t len)
{
	return (4 - (len & 3)) & 3;
}

static uint32_t npk(uint32_t len, unsigned mtu_log2)
{
	return len ? (len + (1u << mtu_log2) - 1) >> mtu_log2 : 1;
}

/* window bytes: a WRITE's packets, or the responses a READ asks for */
/* extension headers: a WRITE's first packet's RETH (none on a SEND), the
 * ImmDt of the last packet of one with immediate */
static unsigned ext_first(const struct wqe *w)
{
	return w->read ? 4 : w->send ? 0 : 16;
}

static unsigned ext_imm(const struct wqe *w)
{
	return w->imm_valid ? 4 : 0;
}

static uint64_t wqe_span(const struct wqe *w)
{
	uint64_t b = (uint64_t)w->len + pad4(w->len) + (uint64_t)w->npkts * OVH;

	return b + (w->read ? (w->npkts == 1 ? 4 : 8) : ext_first(w) + ext_imm(w));
}

/* work announced when a WQE is taken at byte offset off: a WRITE's packets
 * from there (RETH only if it starts at the first), a READ's request */
static uint32_t wqe_work(const struct qp *q, const struct wqe *w, uint32_t off)
{
	if (w->read)
		return OVH + 16;
	uint32_t rem = w->len - off, np = npk(rem, q->mtu_log2);
	return rem + pad4(rem) + np * OVH + (off ? 0 : ext_first(w)) + ext_imm(w);
}

static uint32_t rsp_work(const struct qp *q, uint32_t len)
{
	uint32_t np = npk(len, q->mtu_log2);

	return len + pad4(len) + np * OVH + (np == 1 ? 4 : 8);
}

static uint32_t end_first(const struct qp *q)
{
	return q->nw ? q->w[q->nw - 1].first + q->w[q->nw - 1].npkts : 0;
}

static uint64_t end_pos(const struct qp *q)
{
	return q->nw ? q->w[q->nw - 1].pos1 : 0;
}

/* the window position at packet k of WQE i (i == nw: the end) */
static uint64_t pos_at(const struct qp *q, unsigned i, unsigned k)
{
	if (i >= q->nw)
		return end_pos(q);
	const struct wqe *w = &q->w[i];
	if (k == 0)
		return w->pos0;
	return w->pos0 + (uint64_t)k * (q->mtu + OVH) + ext_first(w);
}

static unsigned psn_of(const struct qp *q, unsigned i, unsigned k)
{
	uint32_t f = i < q->nw ? q->w[i].first + k : end_first(q);

	return (q->start + f) & PSN_MASK;
}

/* the WQE holding PSN offset off, by bisection; nw for the end */
static unsigned wqe_at(const struct qp *q, uint32_t off)
{
	unsigned lo = 0, hi = q->nw;

	while (lo < hi) {
		unsigned mid = (lo + hi) / 2;
		if (q->w[mid].first + q->w[mid].npkts <= off)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* the window position at a PSN; 0 if the PSN is not one of the QP's */
static int pos_of_psn(const struct qp *q, unsigned psn, uint64_t *pos)
{
	uint32_t off = (psn - q->start) & PSN_MASK;

	if (off > end_first(q))
		return 0;
	unsigned i = wqe_at(q, off);
	*pos = i < q->nw ? pos_at(q, i, off - q->w[i].first) : end_pos(q);
	return 1;
}

/* is a (24-bit) window position one at a packet boundary of the QP? */
static int is_boundary(const struct qp *q, unsigned pos24)
{
	for (uint64_t p = pos24; p <= end_pos(q); p += POS_MASK + 1) {
		unsigned lo = 0, hi = q->nw;
		if (p == end_pos(q))
			return 1;
		while (lo < hi) {
			unsigned mid = (lo + hi) / 2;
			if (q->w[mid].pos1 <= p)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (lo >= q->nw)
			continue;
		const struct wqe *w = &q->w[lo];
		if (p == w->pos0)
			return 1;
		uint64_t d = p - w->pos0, ext = ext_first(w);
		if (d > ext && (d - ext) % (q->mtu + OVH) == 0 && (d - ext) / (q->mtu + OVH) < w->npkts)
			return 1;
	}
	return 0;
}

/* make the next WQE of a QP's send queue */
/* kinds of WQE */
enum { K_WRITE, K_READ, K_SEND, K_SEND_IMM, K_WRITE_IMM };

static void add_wqe(struct qp *q, int kind, uint32_t len)
{
	if (q->nw == q->cap) {
		q->cap = q->cap ? 2 * q->cap : 256;
		q->w = realloc(q->w, q->cap * sizeof(*q->w));
		if (!q->w) {
			perror("realloc");
			exit(1);
		}
	}
	struct wqe *w = &q->w[q->nw];
	w->read = kind == K_READ;
	w->send = kind == K_SEND || kind == K_SEND_IMM;
	w->imm_valid = kind == K_SEND_IMM || kind == K_WRITE_IMM;
	w->imm = w->imm_valid ? (uint32_t)rnd() : 0;
	w->imm_seen = 0;
	w->rd_sent = 0;
	w->signaled = rndp(0.5);
	w->len = len;
	w->rkey = (uint32_t)rnd();
	/* now and then an address whose sum wraps */
	w->laddr = rndp(0.05) ? ~0ull - rndr(5000) : rnd();
	w->raddr = rndp(0.05) ? ~0ull - rndr(5000) : rnd();
	w->first = end_first(q);
	w->npkts = npk(len, q->mtu_log2);
	w->pos0 = end_pos(q);
	w->pos1 = w->pos0 + wqe_span(w);
	w->rec_ptr = ~0u;
	q->nw++;
}

static uint32_t rand_len(const struct qp *q)
{
	switch (rndr(12)) {
	case 0: return 0;
	case 1: return q->mtu * (1 + rndr(3));
	case 2: return 1 + rndr(8);
	case 3: return q->mtu - 1 + rndr(3);            /* MTU - 1, MTU, MTU + 1 */
	default: return 1 + rndr(3 * q->mtu + q->mtu / 2);
	}
}

static void add_random_wqe(struct qp *q)
{
	static const int kinds[] = { K_WRITE, K_WRITE, K_READ, K_SEND, K_SEND_IMM, K_WRITE_IMM };

	add_wqe(q, kinds[rndr(6)], rand_len(q));
}

/* ---- the model's reactions to what the requester took ---- */

/* the oldest head of either queue over the open splits */
static unsigned wq_head(const struct qp *q)
{
	unsigned h = q->wq_c[0];

	for (unsigned i = 1; i < q->n_wc; i++)
		h = q->wq_c[i] < h ? q->wq_c[i] : h;
	return h;
}

static unsigned rwq_head(const struct qp *q)
{
	unsigned h = q->w_seen - q->wq_c[0];

	for (unsigned i = 1; i < q->n_wc; i++)
		h = q->w_seen - q->wq_c[i] < h ? q->w_seen - q->wq_c[i] : h;
	return h;
}

static void work_expect(struct qp *q, uint32_t bytes)
{
	CHECK(q->wq_t - wq_head(q) < WORKQ, "work queue of the model overflows");
	q->workq[q->wq_t++ % WORKQ] = bytes;
}

static void rwork_expect(struct qp *q, uint32_t bytes)
{
	CHECK(q->rwq_t - rwq_head(q) < WORKQ, "READ work queue of the model overflows");
	q->rworkq[q->rwq_t++ % WORKQ] = bytes;
}

/* a rewind withdraws every READ (all), an una retiring a READ one; cycle:
 * the earliest the event can be granted in the loop (an una waits in a
 * buffer for a cycle first, so the model may count a READ retired a little
 * early: the check errs on the lenient side) */
static void rd_clear(struct qp *q, uint64_t cycle, int all)
{
	if (q->nclr < NCLR) {
		q->clr[q->nclr] = cycle;
		q->clr_all[q->nclr++] = all;
	}
}

static void take_init(const struct req_init *e, uint64_t cycle)
{
	struct qp *q = &Q[e->qpn];

	q->inits++;
	q->ci_due = 1;
	q->ci_psn = e->psn;
	/* the first init after the clearing pass finds no records and pops a
	 * spare; a later one hands over the records written and keeps it */
	q->ci_rec_old = q->active ? q->nrec : 0;
	q->n_old_recs = 0;
	if (q->active) {
		for (unsigned i = q->una; i < q->nrec; i++)
			q->old_recs[q->n_old_recs++] = q->w[i].rec_ptr;
		q->init_spare = q->spare;
		q->init_spare_known = 1;
	} else {
		q->spare_known = q->init_spare_known = 0;
	}
	if (q->epoch_known)
		q->epoch ^= 1;
	if (q->tag_known) {
		q->tag = (q->tag + 1) & 3;
		q->fetch_next[q->tag] = 0;
	}
	q->active = 1;
	q->failing = q->failed = q->err = 0;
	q->clean = 1;
	q->start = e->psn;
	q->nw = q->pi = q->pi_taken = 0;
	q->arr = q->rw_pending = 0;
	q->cw = q->ck = 0;
	q->restart = 0;
	q->after_fatal = 0;
	q->una = q->una_taken = q->nrec = 0;
	q->work = q->granted = q->granted_push = q->spent = 0;
	q->wq_t = q->rwq_t = 0;
	q->w_seen = 0;
	q->wq_c[0] = 0;
	q->n_wc = 1;
	q->cur.valid = q->pend_valid = 0;
	q->rl_n = 0;
	q->rd_cnt = 0;
	q->nclr = 0;
	q->rqe_h = q->rqe_t = q->rqg_h = q->rqg_t = 0;
	q->sn_synced = 0;
	q->init_cycle = cycle;
	q->rw_n = q->rw_applied = 0;
}

static void take_rewind(const struct req_rewind *e, uint64_t cycle)
{
	struct qp *q = &Q[e->qpn];

	CHECK(q->tag_known, "model: rewind of QP %u before its fetch tag is known", e->qpn);
	q->tag = (q->tag + 1) & 3;
	q->fetch_next[q->tag] = e->idx;
	q->arr = e->idx;
	q->rw_cyc[q->rw_n++ % NCLR] = cycle;
	if (e->fatal) {
		q->err = 1;
		q->failed = 1;
		/* the responder's READ queue forgets the QP's READs; one it
		 * issued before it took the flush reaches the failed QP, which
		 * drops it (counted). The READ being answered counts too while
		 * none of its packets has left: the queue holds it until the
		 * done of the one before, which may come after the model saw
		 * that READ's last packet. Either of those may also have been
		 * issued just before the flush, and is then answered: it stays
		 * the READ being answered. */
		unsigned maybe = q->cur.valid && q->cur.k == 0;

		if (!q->cur.valid && q->rl_n) {
			q->cur = q->rl[q->rl_h];
			q->rl_h = (q->rl_h + 1) % RLQ;
			q->rl_n--;
			maybe = 1;
		}
		n.rd_forgot += q->rl_n + maybe;
		q->rl_n = 0;
	} else {
		q->rw_pending = 1;
		q->rw_off = e->off;
	}
}

static void take_wqe(const struct req_wqe *e)
{
	struct qp *q = &Q[e->qpn];

	if (!q->tag_known || e->tag != q->tag || q->err || IDX(e->idx) != IDX(q->arr)) {
		n.stale_exp++;
		return;
	}
	if (q->arr >= q->nw) {
		CHECK(0, "model: WQE %u of QP %u taken, only %u made", q->arr, e->qpn, q->nw);
		return;
	}
	work_expect(q, wqe_work(q, &q->w[q->arr], q->rw_pending ? q->rw_off : 0));
	q->arr++;
	q->rw_pending = 0;
}

static void take_rdwork(const struct req_rdwork *e)
{
	struct qp *q = &Q[e->qpn];
	struct rsp s = { 1, e->psn, e->msn, npk(e->len, q->mtu_log2), 0, e->addr, e->len };

	q->rdw_inflight = 0;
	if (e->dup) {
		/* a repeated READ replaces the one being answered (nothing is
		 * queued behind it: the environment sends it only then); packets
		 * of the one replaced may still come first */
		if (q->cur.valid) {
			q->pend = s;
			q->pend_valid = 1;
		} else {
			q->cur = s;
		}
	} else if (!q->cur.valid && !q->rl_n && !q->pend_valid) {
		q->cur = s;
	} else {
		CHECK(q->rl_n < RLQ, "model: READ queue of QP %u overflows", e->qpn);
		q->rl[(q->rl_h + q->rl_n++) % RLQ] = s;
		n.rd_queued++;
	}
	rwork_expect(q, rsp_work(q, e->len));
}

static void on_taken(const struct req_taken *t)
{
	switch (t->stream) {
	case REQ_IN_INIT: TRACE(t->u.init.qpn, "take init psn %06x", t->u.init.psn); break;
	case REQ_IN_REWIND: TRACE(t->u.rewind.qpn, "take rewind idx %u psn %06x off %u bpos %06x "
				  "fatal %u", t->u.rewind.idx, t->u.rewind.psn, t->u.rewind.off,
				  t->u.rewind.bpos, t->u.rewind.fatal); break;
	case REQ_IN_WQE: TRACE(t->u.wqe.qpn, "take wqe idx %u tag %u read %u len %u (arr %u tag %u)",
			       t->u.wqe.idx, t->u.wqe.tag, t->u.wqe.read, t->u.wqe.len,
			       Q[t->u.wqe.qpn].arr, Q[t->u.wqe.qpn].tag); break;
	case REQ_IN_RDWORK: TRACE(t->u.rdwork.qpn, "take rdwork psn %06x len %u", t->u.rdwork.psn,
				  t->u.rdwork.len); break;
	case REQ_IN_UNA: TRACE(t->u.una.qpn, "take una %u read_done %u loop %u", t->u.una.idx,
			       t->u.una.read_done, t->u.una.loop); break;
	case REQ_IN_POST: TRACE(t->u.post.qpn, "take post %u", t->u.post.pi); break;
	default: TRACE(t->u.pktsend.qpn, "take pktsend %u", t->u.pktsend.len); break;
	}
	switch (t->stream) {
	case REQ_IN_INIT:
		take_init(&t->u.init, t->cycle);
		break;
	case REQ_IN_REWIND:
		take_rewind(&t->u.rewind, t->cycle);
		break;
	case REQ_IN_WQE:
		take_wqe(&t->u.wqe);
		break;
	case REQ_IN_RDWORK:
		take_rdwork(&t->u.rdwork);
		break;
	case REQ_IN_UNA: {
		struct qp *q = &Q[t->u.una.qpn];
		q->una_taken = t->u.una.idx;
		if (t->u.una.read_done)
			rd_clear(q, t->cycle + 1, 0);
		if (q->una_skip) {
			/* the requester skips forward to it and fetches again */
			q->una_skip = 0;
			q->tag = (q->tag + 1) & 3;
			q->fetch_next[q->tag] = t->u.una.idx;
			q->arr = t->u.una.idx;
			q->rw_pending = 0;
		}
		break;
	}
	case REQ_IN_POST:
		Q[t->u.post.qpn].pi_taken = t->u.post.pi;
		break;
	default: {
		struct qp *q = &Q[t->u.pktsend.qpn];
		/* credit given to be let go (nothing to send) is not counted */
		if (q->idle_due)
			q->idle_due--;
		else
			q->granted += t->u.pktsend.len;
		break;
	}
	}
}

/* ---- the checks of what came out ---- */

static int is_rsp_opcode(unsigned op)
{
	return op == HPNIC_BTH_OP_RESP_FIRST || op == HPNIC_BTH_OP_RESP_MIDDLE ||
	       op == HPNIC_BTH_OP_RESP_LAST || op == HPNIC_BTH_OP_RESP_ONLY;
}

static void spend(struct qp *q, unsigned qpn, uint32_t cost, const struct req_desc *d)
{
	CHECK(q->spent < q->granted, "QP %u: packet psn %06x op %u sent with %lld bytes of credit "
	      "left (granted %llu, spent %llu)", qpn, d->psn, d->opcode,
	      (long long)(q->granted - q->spent), (unsigned long long)q->granted,
	      (unsigned long long)q->spent);
	q->spent += cost;
}

static void rdesc_match(struct qp *q, unsigned qpn)
{
	while (q->rqe_h != q->rqe_t && q->rqg_h != q->rqg_t) {
		const struct req_rdesc *e = &q->rq_exp[q->rqe_h++ % RDQ];
		const struct req_rdesc *g = &q->rq_got[q->rqg_h++ % RDQ];
		CHECK(e->first_psn == g->first_psn && e->last_psn == g->last_psn &&
		      e->laddr == g->laddr && e->last_len == g->last_len,
		      "QP %u: READ descriptor psn %06x..%06x laddr %016llx last len %u, "
		      "the READ REQUEST's psn %06x..%06x laddr %016llx last len %u", qpn,
		      g->first_psn, g->last_psn, (unsigned long long)g->laddr, g->last_len,
		      e->first_psn, e->last_psn, (unsigned long long)e->laddr, e->last_len);
	}
}

static void check_req(struct qp *q, unsigned qpn, const struct req_desc *d)
{
	if (q->restart && d->psn == psn_of(q, q->rs_w, q->rs_k)) {
		/* the resend after a rewind begins */
		q->cw = q->rs_w;
		q->ck = q->rs_k;
		q->restart = 0;
		n.restarts++;
		if (q->rs_k)
			n.restarts_mid++;
	}
	if (q->cw >= q->nw || q->cw >= q->pi_taken) {
		CHECK(0, "QP %u: request op %u psn %06x beyond the %u WQEs posted", qpn, d->opcode,
		      d->psn, q->pi_taken);
		return;
	}
	const struct wqe *w = &q->w[q->cw];
	uint32_t off = q->ck * q->mtu, rem = w->len - off;
	unsigned psn = psn_of(q, q->cw, q->ck);
	int first = q->ck == 0, last = rem <= q->mtu;
	uint32_t cost;

	CHECK(d->psn == psn, "QP %u: request psn %06x, want %06x (WQE %u packet %u)", qpn, d->psn,
	      psn, q->cw, q->ck);
	CHECK(d->addr == w->laddr + off, "QP %u psn %06x: local address %016llx, want %016llx", qpn,
	      psn, (unsigned long long)d->addr, (unsigned long long)(w->laddr + off));
	CHECK(d->aeth == 0, "QP %u psn %06x: AETH %08x on a request", qpn, psn, d->aeth);
	if (w->read) {
		CHECK(d->opcode == HPNIC_BTH_OP_READ_REQ && d->len == 0,
		      "QP %u psn %06x: op %u len %u, want a READ REQUEST (WQE %u)", qpn, psn,
		      d->opcode, d->len, q->cw);
		CHECK(d->va == w->raddr + off && d->rkey == w->rkey && d->rlen == rem,
		      "QP %u psn %06x: READ RETH va %016llx rkey %08x len %u, want %016llx %08x %u",
		      qpn, psn, (unsigned long long)d->va, d->rkey, d->rlen,
		      (unsigned long long)(w->raddr + off), w->rkey, rem);
		cost = OVH + 16;
		if (!w->rd_sent) {
			/* its descriptor, at its first send: its last response
			 * carries what the whole MTUs before it leave (0 for an
			 * empty READ) */
			CHECK(q->rqe_t - q->rqe_h < RDQ, "model: READ queue overflows");
			q->rq_exp[q->rqe_t++ % RDQ] = (struct req_rdesc){
				qpn, psn, (psn + npk(rem, q->mtu_log2) - 1) & PSN_MASK, 0,
				rem ? ((rem - 1) & (q->mtu - 1)) + 1 : 0, w->laddr + off, 0 };
			q->w[q->cw].rd_sent = 1;
			rdesc_match(q, qpn);
		}
		q->cw++;
		q->ck = 0;
		n.reads++;
	} else {
		uint32_t plen = last ? rem : q->mtu;
		unsigned op;
		if (w->send)
			op = first && last ? (w->imm_valid ? HPNIC_BTH_OP_SEND_ONLY_IMM : HPNIC_BTH_OP_SEND_ONLY) :
			     first ? HPNIC_BTH_OP_SEND_FIRST :
			     last ? (w->imm_valid ? HPNIC_BTH_OP_SEND_LAST_IMM : HPNIC_BTH_OP_SEND_LAST) :
			     HPNIC_BTH_OP_SEND_MIDDLE;
		else
			op = first && last ? (w->imm_valid ? HPNIC_BTH_OP_WRITE_ONLY_IMM : HPNIC_BTH_OP_WRITE_ONLY) :
			     first ? HPNIC_BTH_OP_WRITE_FIRST :
			     last ? (w->imm_valid ? HPNIC_BTH_OP_WRITE_LAST_IMM : HPNIC_BTH_OP_WRITE_LAST) :
			     HPNIC_BTH_OP_WRITE_MIDDLE;
		CHECK(d->opcode == op && d->len == plen, "QP %u psn %06x: op %u len %u, want op %u "
		      "len %u (WQE %u of %u bytes, packet %u)", qpn, psn, d->opcode, d->len, op, plen,
		      q->cw, w->len, q->ck);
		if (first && !w->send)
			CHECK(d->va == w->raddr && d->rkey == w->rkey && d->rlen == w->len,
			      "QP %u psn %06x: RETH va %016llx rkey %08x len %u, want %016llx %08x %u",
			      qpn, psn, (unsigned long long)d->va, d->rkey, d->rlen,
			      (unsigned long long)w->raddr, w->rkey, w->len);
		if (last && w->imm_valid) {
			CHECK(d->imm == w->imm, "QP %u psn %06x: op %u ImmDt %08x, want %08x (WQE %u)",
			      qpn, psn, d->opcode, d->imm, w->imm, q->cw);
			if (q->w[q->cw].imm_seen++)
				n.imm_resent++;
			n.imm_pkts++;
		}
		cost = plen + pad4(plen) + OVH + (first ? ext_first(w) : 0) + (last ? ext_imm(w) : 0);
		if (last) {
			q->cw++;
			q->ck = 0;
		} else {
			q->ck++;
		}
	}
	spend(q, qpn, cost, d);
	n.desc_req++;
}

static void check_rsp(struct qp *q, unsigned qpn, const struct req_desc *d)
{
	if (q->pend_valid && d->psn == q->pend.psn &&
	    (d->opcode == HPNIC_BTH_OP_RESP_FIRST || d->opcode == HPNIC_BTH_OP_RESP_ONLY)) {
		q->cur = q->pend;
		q->pend_valid = 0;
	}
	if (!q->cur.valid && q->rl_n) {
		/* the next READ queued */
		q->cur = q->rl[q->rl_h];
		q->rl_h = (q->rl_h + 1) % RLQ;
		q->rl_n--;
	}
	if (!q->cur.valid) {
		CHECK(0, "QP %u: response op %u psn %06x with no READ work", qpn, d->opcode, d->psn);
		return;
	}
	struct rsp *s = &q->cur;
	uint32_t off = s->k * q->mtu, rem = s->len - off;
	int first = s->k == 0, last = rem <= q->mtu;
	uint32_t plen = last ? rem : q->mtu;
	unsigned psn = (s->psn + s->k) & PSN_MASK;
	unsigned op = first && last ? HPNIC_BTH_OP_RESP_ONLY : first ? HPNIC_BTH_OP_RESP_FIRST :
		      last ? HPNIC_BTH_OP_RESP_LAST : HPNIC_BTH_OP_RESP_MIDDLE;
	uint32_t aeth = (uint32_t)HPNIC_AETH_SYN_ACK << 24 | (s->msn & PSN_MASK);

	CHECK(d->opcode == op && d->psn == psn && d->len == plen, "QP %u: response op %u psn %06x "
	      "len %u, want op %u psn %06x len %u (READ of %u bytes, packet %u)", qpn, d->opcode,
	      d->psn, d->len, op, psn, plen, s->len, s->k);
	CHECK(d->addr == s->addr + off, "QP %u response psn %06x: address %016llx, want %016llx",
	      qpn, psn, (unsigned long long)d->addr, (unsigned long long)(s->addr + off));
	CHECK(d->aeth == aeth, "QP %u response psn %06x: AETH %08x, want %08x", qpn, psn, d->aeth,
	      aeth);
	CHECK(d->va == 0 && d->rkey == 0 && d->rlen == 0, "QP %u response psn %06x: RETH fields "
	      "%016llx %08x %u", qpn, psn, (unsigned long long)d->va, d->rkey, d->rlen);
	spend(q, qpn, plen + pad4(plen) + OVH + (first || last ? 4 : 0), d);
	s->k++;
	if (last)
		s->valid = 0;
	n.desc_rsp++;
}

static void on_desc(const struct req_desc *d)
{
	struct qp *q = &Q[d->qpn];

	TRACE(d->qpn, "desc op %u psn %06x len %u (cursor %u.%u%s)", d->opcode, d->psn, d->len,
	      q->cw, q->ck, q->restart ? " restart due" : "");
	if (!q->active) {
		CHECK(0, "descriptor for QP %u, never set up", d->qpn);
		return;
	}
	if (q->failed) {
		q->after_fatal++;
		CHECK(q->after_fatal <= AFTER_FATAL, "QP %u: descriptor %u (op %u psn %06x) after its "
		      "fatal rewind", d->qpn, q->after_fatal, d->opcode, d->psn);
	}
	if (is_rsp_opcode(d->opcode))
		check_rsp(q, d->qpn, d);
	else
		check_req(q, d->qpn, d);
}

static void on_fetch(const struct req_fetch *f)
{
	struct qp *q = &Q[f->qpn];

	TRACE(f->qpn, "fetch %u +%u tag %u", f->idx, f->count, f->tag);
	n.fetch++;
	if (!q->active) {
		CHECK(0, "fetch for QP %u, never set up", f->qpn);
		return;
	}
	if (!q->tag_known) {
		/* the first fetch after the first init tells the tag */
		q->tag_known = 1;
		q->tag = f->tag;
		q->fetch_next[f->tag] = 0;
	}
	CHECK(f->count >= 1 && f->count <= REQ_RTL_SLOTS, "QP %u: fetch of %u WQEs", f->qpn,
	      f->count);
	unsigned idx = q->fetch_next[f->tag];
	CHECK(f->idx == IDX(idx), "QP %u: fetch of WQE %u (tag %u), want %u", f->qpn, f->idx,
	      f->tag, IDX(idx));
	q->fetch_next[f->tag] = idx + f->count;
	if (f->tag == q->tag) {
		CHECK(!q->failed, "QP %u: fetch of WQE %u after its fatal rewind", f->qpn, idx);
		CHECK(idx + f->count <= q->pi_taken, "QP %u: fetch of WQEs %u..%u, %u posted",
		      f->qpn, idx, idx + f->count - 1, q->pi_taken);
		CHECK(idx + f->count - q->una_taken <= REQ_RTL_RING, "QP %u: fetch of WQEs %u..%u "
		      "with una %u: beyond the ring bound", f->qpn, idx, idx + f->count - 1,
		      q->una_taken);
	}
	/* the host answers it after a while */
	uint64_t ready = now + (rndp(0.5) ? rndr(8) : rndr(80));
	for (unsigned i = 0; i < f->count; i++) {
		if (q->h_t - q->h_h >= HOSTQ) {
			CHECK(0, "model: host queue of QP %u overflows", f->qpn);
			break;
		}
		q->host[q->h_t++ % HOSTQ] = (struct hostrsp){ idx + i, f->tag, ready };
	}
}

static void on_work(const struct req_work *w)
{
	struct qp *q = &Q[w->qpn];

	TRACE(w->qpn, "work %u", w->bytes);
	n.work++;
	/* a WQE's and a READ's work, each in its own order; which comes first
	 * depends on when the READ queue issues the READ. Every split of the
	 * work seen so far that this work extends stays open. */
	unsigned nc[2 * WCAND], n = 0;

	for (unsigned i = 0; i < q->n_wc; i++) {
		unsigned wh = q->wq_c[i], rh = q->w_seen - wh;

		if (wh != q->wq_t && q->workq[wh % WORKQ] == w->bytes)
			nc[n++] = wh + 1;
		if (rh != q->rwq_t && q->rworkq[rh % WORKQ] == w->bytes)
			nc[n++] = wh;
	}
	if (!n) {
		unsigned wh = q->wq_c[0], rh = q->w_seen - wh;

		CHECK(0, "QP %u: work of %u bytes, want %u (a WQE's) or %u (a READ's)", w->qpn,
		      w->bytes, wh != q->wq_t ? q->workq[wh % WORKQ] : 0,
		      rh != q->rwq_t ? q->rworkq[rh % WORKQ] : 0);
		return;
	}
	q->w_seen++;
	q->n_wc = 0;
	for (unsigned i = 0; i < n; i++) {
		unsigned j = 0;

		while (j < q->n_wc && q->wq_c[j] != nc[i])
			j++;
		if (j == q->n_wc) {
			CHECK(q->n_wc < WCAND, "QP %u: more than %d splits of the work open", w->qpn,
			      WCAND);
			if (q->n_wc < WCAND)
				q->wq_c[q->n_wc++] = nc[i];
		}
	}
	q->work += w->bytes;
}

static void on_free(const struct req_free *f)
{
	struct qp *q = &Q[f->qpn];

	n.free++;
	if (q->free_due) {
		q->free_due--;
		CHECK(f->bpos == (q->free_pos & POS_MASK), "QP %u: credit released at window "
		      "position %06x, want %06llx", f->qpn, f->bpos,
		      (unsigned long long)(q->free_pos & POS_MASK));
		return;
	}
	if (q->free_any) {
		/* a QP never set up: its position is whatever its RAM holds */
		q->free_any--;
		return;
	}
	if (!q->active) {
		CHECK(0, "QP %u, never set up: credit released", f->qpn);
		return;
	}
	CHECK(is_boundary(q, f->bpos), "QP %u: credit released at window position %06x, not a "
	      "packet boundary", f->qpn, f->bpos);
}

static void on_cinit(const struct req_cinit *c)
{
	struct qp *q = &Q[c->qpn];

	n.cinit++;
	if (c->clear) {
		CHECK(c->qpn == clears_seen && c->rec_old == 0, "clearing pass: QP %u (rec_old %u), "
		      "want QP %u", c->qpn, c->rec_old, clears_seen);
		clears_seen++;
		return;
	}
	if (!q->ci_due) {
		CHECK(0, "QP %u: init towards the completer, none taken", c->qpn);
		return;
	}
	q->ci_due = 0;
	CHECK(c->psn == q->ci_psn && c->rec_old == IDX(q->ci_rec_old), "QP %u: init psn %06x "
	      "rec_old %u, want %06x %u", c->qpn, c->psn, c->rec_old, q->ci_psn,
	      IDX(q->ci_rec_old));
	if (q->epoch_known)
		CHECK(c->epoch == q->epoch, "QP %u: init epoch %u, want %u", c->qpn, c->epoch,
		      q->epoch);
	q->epoch_known = 1;
	q->epoch = c->epoch;
	if (q->init_spare_known) {
		/* the spare it kept, or the entry its first record went to */
		CHECK(c->spare == q->init_spare, "QP %u: init spare %u, want %u", c->qpn, c->spare,
		      q->init_spare);
	} else {
		CHECK(owner[c->spare] == O_ALLOC, "QP %u: init spare %u not popped from the pool",
		      c->qpn, c->spare);
		owner[c->spare] = O_SPARE;
		owner_q[c->spare] = c->qpn;
		q->spare = c->spare;
		q->spare_known = q->init_spare_known = 1;
		q->init_spare = c->spare;
	}
	/* the completer frees the records of the connection before */
	for (unsigned i = 0; i < q->n_old_recs; i++) {
		unsigned p = q->old_recs[i];
		CHECK(owner[p] == O_REC && owner_q[p] == c->qpn, "model: record %u of QP %u", p,
		      c->qpn);
		owner[p] = O_FREE;
		req_rtl_pool_put(R, p);
	}
	q->n_old_recs = 0;
}

static void on_alloc(const struct req_alloc *a)
{
	CHECK(owner[a->ptr] == O_FREE, "record entry %u popped twice", a->ptr);
	owner[a->ptr] = O_ALLOC;
}

static void on_ring(const struct req_ring *g)
{
	struct qp *q = &Q[g->qpn];

	TRACE(g->qpn, "record %u: last psn %06x ptr %u next %u", q->nrec, g->last_psn, g->ptr,
	      g->next);
	n.ring++;
	if (!q->active || q->nrec >= q->nw) {
		CHECK(0, "QP %u: record %u written, %u WQEs made", g->qpn, q->nrec, q->nw);
		return;
	}
	struct wqe *w = &q->w[q->nrec];
	unsigned last = psn_of(q, q->nrec, w->npkts - 1);
	CHECK(g->last_psn == last && g->read == w->read && g->signaled == w->signaled &&
	      g->send == w->send && g->bpos == (w->pos1 & POS_MASK), "QP %u: record of WQE %u: "
	      "last psn %06x read %u signaled %u send %u position %06x, want %06x %u %u %u %06llx",
	      g->qpn, q->nrec, g->last_psn, g->read, g->signaled, g->send, g->bpos, last, w->read,
	      w->signaled, w->send, (unsigned long long)(w->pos1 & POS_MASK));
	n.sends += w->send;
	/* the spare takes the record; the entry popped becomes the spare */
	if (!q->spare_known) {
		CHECK(owner[g->ptr] == O_ALLOC, "QP %u: first record in entry %u, not popped",
		      g->qpn, g->ptr);
		q->spare_known = q->init_spare_known = 1;
		q->init_spare = g->ptr;
	} else {
		CHECK(g->ptr == q->spare, "QP %u: record of WQE %u in entry %u, its spare is %u",
		      g->qpn, q->nrec, g->ptr, q->spare);
	}
	CHECK(owner[g->next] == O_ALLOC, "QP %u: record of WQE %u links entry %u, not popped (%u)",
	      g->qpn, q->nrec, g->next, owner[g->next]);
	owner[g->ptr] = O_REC;
	owner_q[g->ptr] = g->qpn;
	owner[g->next] = O_SPARE;
	owner_q[g->next] = g->qpn;
	w->rec_ptr = g->ptr;
	q->spare = g->next;
	q->nrec++;
	n.wqes_done++;
}

static void on_sndnxt(const struct req_sndnxt *s)
{
	struct qp *q = &Q[s->qpn];

	q->last_sn_psn = s->psn;
	q->last_sn_pos = s->bpos;
	if (!q->active)
		return;
	if (!q->sn_synced) {
		/* writes of events before the init carry the old state */
		if (s->psn != q->start || s->bpos != 0 || s->tail != 0)
			return;
		q->sn_synced = 1;
		q->sn_max = q->start;
		/* the READ fence's timing assumes the pipeline's depth */
		CHECK(s->cycle == q->init_cycle + REQ_RTL_SNDNXT_LAT, "QP %u: init's snd_nxt write %llu "
		      "cycles after it was taken, the harness assumes %d", s->qpn,
		      (unsigned long long)(s->cycle - q->init_cycle), REQ_RTL_SNDNXT_LAT);
	}
	/* the write shows every rewind granted up to the event's stage 2 */
	while (q->rw_applied < q->rw_n &&
	       q->rw_cyc[q->rw_applied % NCLR] + REQ_RTL_SNDNXT_LAT <= s->cycle)
		q->rw_applied++;
	CHECK(s->rewinds == (q->rw_applied & 3), "QP %u: %u rewinds mirrored, %u taken", s->qpn,
	      s->rewinds, q->rw_applied);
	/* snd_max: one past the highest PSN sent, never back */
	if (((s->psn - q->sn_max) & PSN_MASK) < 0x800000)
		q->sn_max = s->psn;
	CHECK(s->max == q->sn_max, "QP %u: snd_max %06x, want %06x (snd_nxt %06x)", s->qpn, s->max,
	      q->sn_max, s->psn);
	uint64_t pos;
	if (!pos_of_psn(q, s->psn, &pos)) {
		CHECK(0, "QP %u: snd_nxt %06x beyond the WQEs made (start %06x)", s->qpn, s->psn,
		      q->start);
		return;
	}
	CHECK(s->bpos == (pos & POS_MASK), "QP %u: snd_nxt %06x at window position %06x, want "
	      "%06llx", s->qpn, s->psn, s->bpos, (unsigned long long)(pos & POS_MASK));
	CHECK(s->tail == IDX(q->nrec), "QP %u: tail %u, %u records written", s->qpn, s->tail,
	      q->nrec);
	if (q->epoch_known)
		CHECK(s->epoch == q->epoch, "QP %u: snd_nxt write in epoch %u, want %u", s->qpn,
		      s->epoch, q->epoch);
}

static void on_rdesc(const struct req_rdesc *g)
{
	struct qp *q = &Q[g->qpn];
	uint64_t ev = g->cycle - REQ_RTL_RDESC_LAT;

	TRACE(g->qpn, "rdesc %s psn %06x..%06x (event at %llu)", g->flush ? "flush" : "push",
	      g->first_psn, g->last_psn, (unsigned long long)ev);
	if (!q->active) {
		CHECK(0, "READ descriptor for QP %u, never set up", g->qpn);
		return;
	}
	/* the clears the loop took before this event, in order */
	unsigned k = 0;
	for (unsigned i = 0; i < q->nclr; i++) {
		if (q->clr[i] < ev) {
			if (q->clr_all[i])
				q->rd_cnt = 0;
			else if (q->rd_cnt)
				q->rd_cnt--;
		} else {
			q->clr_all[k] = q->clr_all[i];
			q->clr[k++] = q->clr[i];
		}
	}
	q->nclr = k;
	if (g->flush) {
		/* every READ withdrawn: only an INIT does that (the model has
		 * started over already) */
		n.rd_cancels++;
		return;
	}
	CHECK(q->rd_cnt < REQ_RTL_RD_MAX, "QP %u: READ REQUEST psn %06x (event at cycle %llu) "
	      "with %u READs outstanding", g->qpn, g->first_psn, (unsigned long long)ev, q->rd_cnt);
	if (q->rd_cnt)
		n.overlapped++;
	if (q->rd_cnt == REQ_RTL_RD_MAX - 1)
		n.at_limit++;
	q->rd_cnt++;
	CHECK(q->rqg_t - q->rqg_h < RDQ, "model: READ queue overflows");
	q->rq_got[q->rqg_t++ % RDQ] = *g;
	rdesc_match(q, g->qpn);
}

/* everything the harness collected in the last cycle, in the order that
 * makes the model's bookkeeping right (pops before the records using them) */
static void collect(void)
{
	struct req_taken t;
	struct req_alloc a;
	struct req_ring g;
	struct req_sndnxt s;
	struct req_rdesc rd;
	struct req_desc d;
	struct req_fetch f;
	struct req_work w;
	struct req_free fr;
	struct req_cinit c;

	while (req_rtl_pop_taken(R, &t))
		on_taken(&t);
	while (req_rtl_pop_alloc(R, &a))
		on_alloc(&a);
	while (req_rtl_pop_cinit(R, &c))
		on_cinit(&c);
	while (req_rtl_pop_ring(R, &g))
		on_ring(&g);
	while (req_rtl_pop_sndnxt(R, &s))
		on_sndnxt(&s);
	while (req_rtl_pop_rdesc(R, &rd))
		on_rdesc(&rd);
	while (req_rtl_pop_work(R, &w))
		on_work(&w);
	while (req_rtl_pop_desc(R, &d))
		on_desc(&d);
	while (req_rtl_pop_fetch(R, &f))
		on_fetch(&f);
	while (req_rtl_pop_free(R, &fr))
		on_free(&fr);
}

/* ---- the environment ---- */

static int traffic(const struct qp *q)
{
	return q->active && !q->failing;
}

/* the host: one WQE response at a time, from a QP whose next is due */
static void host(void)
{
	int cand[NQ], nc = 0;

	if (req_rtl_queued(R, REQ_IN_WQE) >= 2)
		return;
	for (int i = 0; i < NQ; i++) {
		struct qp *q = &Q[i];
		if (q->h_h != q->h_t && q->host[q->h_h % HOSTQ].ready <= now)
			cand[nc++] = i;
	}
	if (!nc)
		return;
	int qpn = cand[rndr(nc)];
	struct qp *q = &Q[qpn];
	struct hostrsp h = q->host[q->h_h++ % HOSTQ];
	struct req_wqe e = { .qpn = qpn, .idx = h.idx, .tag = h.tag };
	if (h.idx < q->nw) {
		const struct wqe *w = &q->w[h.idx];
		e.read = w->read;
		e.signaled = w->signaled;
		e.len = w->len;
		e.rkey = w->rkey;
		e.laddr = w->laddr;
		e.raddr = w->raddr;
		e.send = w->send;
		e.imm_valid = w->imm_valid;
		e.imm = w->imm;
	}
	req_rtl_push_wqe(R, &e);
}

/* the fetch tag and next index cannot change before it is taken: no
 * rewind or init on the way, few responses ahead */
static int can_inject(int qpn)
{
	const struct qp *q = &Q[qpn];

	return q->active && q->tag_known && !q->restart && (!q->failing || q->failed) &&
	       !req_rtl_queued(R, REQ_IN_REWIND) && !req_rtl_queued(R, REQ_IN_INIT) &&
	       req_rtl_queued(R, REQ_IN_WQE) <= 2;
}

/* a WQE response that must be dropped: another tag, an index not next */
static void inject_stale(int qpn)
{
	struct qp *q = &Q[qpn];
	struct req_wqe e = { .qpn = qpn, .tag = q->tag, .idx = q->arr };

	/* the requester's next index moves on by at most the responses queued
	 * ahead (can_inject), so these stay stale when taken */
	switch (rndr(3)) {
	case 0: e.tag = (q->tag + 1 + rndr(3)) & 3; break;
	case 1: e.idx = q->arr + 8 + rndr(40); break;
	default: e.idx = q->arr ? q->arr - 1 : q->nw + 8; break;
	}
	if (e.idx < q->nw) {
		const struct wqe *w = &q->w[e.idx];
		e.read = w->read;
		e.signaled = w->signaled;
		e.len = w->len;
		e.rkey = w->rkey;
		e.laddr = w->laddr;
		e.raddr = w->raddr;
		e.send = w->send;
		e.imm_valid = w->imm_valid;
		e.imm = w->imm;
	} else {
		e.len = (uint32_t)rnd();
	}
	req_rtl_push_wqe(R, &e);
	n.stale_inj++;
}

static void post(struct qp *q, unsigned qpn)
{
	if (q->pi < q->nw && rndp(0.05)) {
		q->pi += 1 + rndr(q->nw - q->pi < 6 ? q->nw - q->pi : 6);
		req_rtl_push_post(R, &(struct req_post){ qpn, q->pi });
	} else if (rndp(0.001)) {
		/* a doorbell again with the same index */
		req_rtl_push_post(R, &(struct req_post){ qpn, q->pi });
	}
}

static void grant(struct qp *q, unsigned qpn)
{
	static const unsigned caps[] = { 48, 300, 2000, REQ_RTL_LEN_MAX };

	if (q->hold_credit || q->work <= q->granted_push ||
	    req_rtl_queued(R, REQ_IN_PKTSEND) >= 4 || !rndp(0.15))
		return;
	uint64_t owed = q->work - q->granted_push, cap = caps[rndr(4)];
	unsigned len = 1 + rndr((uint32_t)(owed < cap ? owed : cap));
	req_rtl_push_pktsend(R, &(struct req_pktsend){ qpn, len });
	q->granted_push += len;
}

/* the completer retires WQEs fully sent and recorded (not past a rewind
 * whose resend has not begun) and frees their records */
static void retire(struct qp *q, unsigned qpn)
{
	unsigned lim = q->cw < q->nrec ? q->cw : q->nrec;

	if (q->restart && q->rs_w < lim)
		lim = q->rs_w;
	if (q->hold_una || q->failing || !q->epoch_known || lim <= q->una || !rndp(pol.retire))
		return;
	unsigned to = q->una + 1 + rndr(lim - q->una), rd = 0;
	/* the completer retires one WQE per pass, each READ with an una of
	 * its own (the requester counts READs outstanding by them) */
	for (unsigned i = q->una; i < to; i++)
		if (q->w[i].read) {
			to = i + 1;
			break;
		}
	for (unsigned i = q->una; i < to; i++) {
		unsigned p = q->w[i].rec_ptr;
		rd |= q->w[i].read;
		CHECK(owner[p] == O_REC && owner_q[p] == qpn, "model: record %u of QP %u WQE %u", p,
		      qpn, i);
		owner[p] = O_FREE;
		req_rtl_pool_put(R, p);
	}
	struct req_una u = { qpn, to, psn_of(q, to, 0), (unsigned)(pos_at(q, to, 0) & POS_MASK), rd,
			     rd || rndp(0.1), q->epoch };
	req_rtl_push_una(R, &u);
	q->una = to;
	n.una++;
}

static void push_rewind(struct qp *q, unsigned qpn, unsigned w, unsigned k, int fatal)
{
	struct req_rewind e = { qpn, w, psn_of(q, w, k), (unsigned)(pos_at(q, w, k) & POS_MASK),
				fatal, k * q->mtu };

	req_rtl_push_rewind(R, &e);
	q->clean = 0;
	if (fatal) {
		q->failing = 1;
	} else {
		q->restart = 1;
		q->rs_w = w;
		q->rs_k = k;
	}
	n.rewinds++;
}

/* go-back-N as the completer would: to a packet already seen, not before
 * una, and not past a READ not yet retired (its responses come first) */
static int random_rewind(struct qp *q, unsigned qpn)
{
	if (q->restart || q->failing || !q->tag_known || q->cw < q->una ||
	    (q->cw == q->una && q->ck == 0))
		return 0;
	unsigned wmax = q->ck ? q->cw : q->cw - 1;
	for (unsigned i = q->una; i < q->cw; i++) {
		if (q->w[i].read) {
			wmax = i < wmax ? i : wmax;
			break;
		}
	}
	unsigned w = q->una + rndr(wmax - q->una + 1);
	unsigned kmax = w == q->cw ? q->ck : q->w[w].npkts;
	push_rewind(q, qpn, w, rndr(kmax), 0);
	return 1;
}

static void rdwork(struct qp *q, unsigned qpn)
{
	struct req_rdwork e = { .qpn = qpn };

	unsigned held = (unsigned)q->cur.valid + q->rl_n;

	if (q->rdw_inflight || q->pend_valid || q->failing)
		return;
	/* new READs queue behind the one being answered, up to one below the
	 * READ queue's limit (the queue may still count a READ whose last
	 * packet went out) */
	if (held < REQ_RTL_RD_MAX - 1 && rndp(held ? 0.003 : 0.004)) {
		e.len = rand_len(q);
		e.psn = q->peer_psn;
		e.msn = q->peer_msn = (q->peer_msn + 1) & PSN_MASK;
		e.addr = rndp(0.05) ? ~0ull - rndr(5000) : rnd();
		q->peer_psn = (q->peer_psn + npk(e.len, q->mtu_log2)) & PSN_MASK;
	} else if (q->cur.valid && q->cur.k > 0 && !q->rl_n && rndp(0.002)) {
		/* the peer repeats its READ: it replaces the one being answered */
		e.dup = 1;
		e.psn = q->cur.psn;
		e.msn = q->cur.msn;
		e.addr = q->cur.addr;
		e.len = q->cur.len;
		q->clean = 0;
		n.replaced++;
	} else {
		return;
	}
	q->rdw_inflight = 1;
	req_rtl_push_rdwork(R, &e);
}

static void step(void)
{
	for (int i = 0; i < NQ; i++) {
		struct qp *q = &Q[i];
		if (!q->active)
			continue;
		if (traffic(q)) {
			if (pol.gen && q->nw - q->una < BACKLOG && q->nw < MAX_WQES)
				add_random_wqe(q);
			post(q, i);
			retire(q, i);
			if (pol.rdwork)
				rdwork(q, i);
			if (pol.rewinds && rndp(0.0004))
				random_rewind(q, i);
		}
		if (!q->failing)
			grant(q, i);
	}
	host();
	if (pol.stale && rndp(0.002)) {
		int qpn = qlist[rndr(NUSE)];
		if (can_inject(qpn))
			inject_stale(qpn);
	}
	if (req_rtl_pool_count(R) <= 4)
		n.pool_dry++;
	req_rtl_step(R, 1);
	now = req_rtl_cycles(R);
	collect();
}

/* idle and stall rates and the completer's pace, changed now and then (a
 * slow completer lets the ring bound and the record pool run out) */
static void vary_rates(uint64_t c)
{
	static const double rates[][3] = { { 0.3, 0.3, 0.03 }, { 0.1, 0.1, 0.3 },
					   { 0.0, 0.0, 0.03 }, { 0.5, 0.8, 0.01 },
					   { 0.2, 0.6, 0.003 }, { 0.1, 0.1, 0.001 } };

	if (c % 3000 == 0) {
		unsigned k = rndr(6);
		req_rtl_rates(R, rates[k][0], rates[k][1]);
		pol.retire = rates[k][2];
	}
}

static int all_queued_empty(void)
{
	for (int s = 0; s < REQ_NIN; s++)
		if (req_rtl_queued(R, (enum req_in)s))
			return 0;
	return 1;
}

/* some split of the work seen has taken both queues whole */
static int wq_drained(const struct qp *q)
{
	for (unsigned i = 0; i < q->n_wc; i++)
		if (q->wq_c[i] == q->wq_t && q->w_seen - q->wq_c[i] == q->rwq_t)
			return 1;
	return 0;
}

static int qp_done(const struct qp *q)
{
	if (q->h_h != q->h_t || q->ci_due)
		return 0;
	if (q->failing)
		return 1;
	return q->pi == q->nw && q->pi_taken == q->nw && q->cw == q->nw && !q->restart &&
	       q->nrec == q->nw && q->una == q->nw && q->una_taken == q->nw && !q->cur.valid &&
	       !q->pend_valid && !q->rl_n && !q->rdw_inflight && q->granted_push == q->work &&
	       q->granted == q->granted_push && wq_drained(q) &&
	       q->rqe_h == q->rqe_t &&
	       q->rqg_h == q->rqg_t;
}

static void dump(void)
{
	for (int i = 0; i < NQ; i++) {
		const struct qp *q = &Q[i];
		if (!q->active)
			continue;
		fprintf(stderr, "  QP %d: %s nw %u pi %u/%u cursor %u.%u%s una %u/%u rec %u "
			"work %llu granted %llu/%llu spent %llu rsp %d/%d host %u wq %u\n", i,
			q->failed ? "failed" : q->failing ? "failing" : "", q->nw, q->pi,
			q->pi_taken, q->cw, q->ck, q->restart ? " (restart due)" : "", q->una,
			q->una_taken, q->nrec, (unsigned long long)q->work,
			(unsigned long long)q->granted_push, (unsigned long long)q->granted,
			(unsigned long long)q->spent, q->cur.valid, q->pend_valid, q->h_t - q->h_h,
			q->wq_t - wq_head(q));
	}
}

/* run until every QP has sent, had retired and been granted everything */
static void drain(const char *what)
{
	uint64_t t0 = now;

	pol.gen = pol.rdwork = pol.rewinds = pol.stale = 0;
	for (;;) {
		int done = all_queued_empty();
		for (int i = 0; i < NQ && done; i++)
			done = !Q[i].active || qp_done(&Q[i]);
		if (done)
			break;
		if (now - t0 > 400000) {
			CHECK(0, "%s: not drained after %llu cycles", what,
			      (unsigned long long)(now - t0));
			dump();
			return;
		}
		step();
	}
	/* then nothing more comes */
	unsigned d0 = n.desc_req + n.desc_rsp, w0 = n.work, f0 = n.fetch, r0 = n.ring;
	for (int i = 0; i < 300; i++)
		step();
	CHECK(n.desc_req + n.desc_rsp == d0 && n.work == w0 && n.fetch == f0 && n.ring == r0,
	      "%s: output after the drain (%u descriptors, %u work, %u fetches, %u records)", what,
	      n.desc_req + n.desc_rsp - d0, n.work - w0, n.fetch - f0, n.ring - r0);
	for (int i = 0; i < NQ; i++) {
		const struct qp *q = &Q[i];
		if (!q->active || q->failing)
			continue;
		/* no rewind, no READ replaced: every byte announced was sent */
		if (q->clean)
			CHECK(q->work == q->spent, "%s: QP %d announced %llu bytes of work and sent "
			      "%llu", what, i, (unsigned long long)q->work,
			      (unsigned long long)q->spent);
	}
	struct req_stats st;
	req_rtl_stats(R, &st);
	CHECK(st.wqe_stale == n.stale_exp, "%s: %u stale WQE responses counted, want %u", what,
	      st.wqe_stale, n.stale_exp);
	CHECK(st.pool_underflows == 0, "%s: %u pops from an empty record pool", what,
	      st.pool_underflows);
	printf("  %s: drained in %llu cycles\n", what, (unsigned long long)(now - t0));
}

/* set a QP up: its start PSN (near the wrap on some), its first WQEs */
static void qp_init(int qpn)
{
	struct qp *q = &Q[qpn];
	unsigned psn;

	do {
		psn = rndp(0.3) ? PSN_MASK - rndr(40) : (unsigned)rnd() & PSN_MASK;
	} while (psn == q->last_sn_psn || psn == 0);
	req_rtl_push_init(R, &(struct req_init){ qpn, psn });
	/* the model takes it at once: nothing else of this QP is queued */
	while (req_rtl_queued(R, REQ_IN_INIT))
		step();
}

static void run_random(uint64_t cycles, int fatal)
{
	uint64_t t0 = now;
	int fatal_done = !fatal;

	pol.gen = pol.rdwork = pol.rewinds = pol.stale = 1;
	while (now - t0 < cycles) {
		vary_rates(now - t0);
		if (!fatal_done && now - t0 >= cycles / 2) {
			/* fail a QP with WQEs in flight: at its una WQE */
			int qpn = qlist[rndr(NUSE)];
			struct qp *q = &Q[qpn];
			if (traffic(q) && !q->restart && !q->rdw_inflight && !q->pend_valid &&
			    q->cw > q->una && q->tag_known) {
				push_rewind(q, qpn, q->una, 0, 1);
				fatal_done = 1;
				printf("  fatal rewind of QP %d at cycle %llu (una %u, %u WQEs seen)\n",
				       qpn, (unsigned long long)now, q->una, q->cw);
			}
		}
		step();
	}
	req_rtl_rates(R, 0.3, 0.3);
	pol.retire = 0.03;
	CHECK(fatal_done, "no QP was in flight for the fatal rewind");
}

static void wait_for(int (*cond)(int), int arg, const char *what)
{
	uint64_t t0 = now;

	while (!cond(arg)) {
		if (now - t0 > 100000) {
			CHECK(0, "%s: timed out", what);
			dump();
			return;
		}
		step();
	}
}

/* ---- bad input on quiet QPs ---- */

static int c_quiet(int unused)
{
	(void)unused;
	int ok = all_queued_empty();
	for (int i = 0; i < NQ; i++)
		ok &= !Q[i].free_due && !Q[i].idle_due && !Q[i].free_any;
	return ok;
}

static void test_bad_input(void)
{
	struct req_stats s0, s1;
	unsigned idle = 0, stale0 = n.stale_exp, w0 = n.work, f0 = n.fetch;
	unsigned d0 = n.desc_req + n.desc_rsp;

	req_rtl_stats(R, &s0);
	/* PktSend with nothing to send, on every QP (the failed one and one
	 * never set up too): the largest makes any balance positive, so each
	 * is let go and released at the window position */
	for (int i = 0; i < NQ; i++) {
		struct qp *q = &Q[i];
		if (!q->active && i != unused_qp)
			continue;
		for (int k = 0; k < 1 + (int)rndr(2); k++) {
			unsigned len = k ? 1 + rndr(REQ_RTL_LEN_MAX) : REQ_RTL_LEN_MAX;
			req_rtl_push_pktsend(R, &(struct req_pktsend){ (unsigned)i, len });
			q->idle_due++;
			if (q->active)
				q->free_due++;
			else
				q->free_any++;
			idle++;
		}
		q->free_pos = q->last_sn_pos;
	}
	/* stale WQE responses: another tag, an index not next, a failed QP */
	for (int k = 0; k < 12; k++) {
		int qpn = qlist[rndr(NUSE)];
		while (!can_inject(qpn))
			step();
		inject_stale(qpn);
	}
	wait_for(c_quiet, 0, "bad input");
	for (int i = 0; i < 200; i++)
		step();
	req_rtl_stats(R, &s1);
	CHECK(s1.pktsend_idle - s0.pktsend_idle == idle, "PktSend with nothing to send: %u counted, "
	      "want %u", s1.pktsend_idle - s0.pktsend_idle, idle);
	CHECK(s1.wqe_stale - s0.wqe_stale == n.stale_exp - stale0 && n.stale_exp > stale0,
	      "stale WQE responses: %u counted, want %u", s1.wqe_stale - s0.wqe_stale,
	      n.stale_exp - stale0);
	CHECK(n.work == w0 && n.fetch == f0 && n.desc_req + n.desc_rsp == d0, "bad input: %u work, "
	      "%u fetches, %u descriptors came out", n.work - w0, n.fetch - f0,
	      n.desc_req + n.desc_rsp - d0);
	/* every balance is 0 now: the credit accounting starts again */
	for (int i = 0; i < NQ; i++) {
		struct qp *q = &Q[i];
		q->work = q->granted = q->granted_push = q->spent = 0;
		q->clean = 1;
	}
	printf("  bad input: %u idle PktSends released, %u stale WQE responses dropped\n", idle,
	       n.stale_exp - stale0);
}

/* ---- go-back-N mid-message, directed ---- */

/* the work of the QP's last owed_n WQEs is announced, none of it granted */
static unsigned owed_n;

static uint64_t last_work(const struct qp *q, unsigned k)
{
	uint64_t sum = 0;

	for (unsigned i = q->nw - k; i < q->nw; i++)
		sum += wqe_work(q, &q->w[i], 0);
	return sum;
}

static int c_owed(int qpn)
{
	const struct qp *q = &Q[qpn];
	return q->work - q->granted_push == last_work(q, owed_n);
}

/* the request stream of the QP has reached packet seen_k of WQE seen_w */
static unsigned seen_w, seen_k;

static int c_seen(int qpn)
{
	const struct qp *q = &Q[qpn];
	return q->cw > seen_w || (q->cw == seen_w && q->ck >= seen_k);
}

static int c_taken(int unused)
{
	(void)unused;
	return !req_rtl_queued(R, REQ_IN_REWIND);
}

static void test_gbn(int qpn)
{
	struct qp *q = &Q[qpn];
	unsigned mid0 = n.restarts_mid;

	q->hold_credit = 1;
	q->hold_una = 1;
	unsigned a = q->nw;
	add_wqe(q, 0, 4 * q->mtu + 100);
	add_wqe(q, 1, 3 * q->mtu + 8);
	add_wqe(q, 0, 2 * q->mtu);
	owed_n = 3;
	wait_for(c_owed, qpn, "go-back-N: work of three WQEs");
	/* credit for two packets of the WRITE: the second overdraws by 1 */
	unsigned c = (q->mtu + OVH + 16) + (q->mtu + OVH) - 1;
	req_rtl_push_pktsend(R, &(struct req_pktsend){ (unsigned)qpn, c });
	q->granted_push += c;
	seen_w = a;
	seen_k = 2;
	wait_for(c_seen, qpn, "go-back-N: two packets");
	for (int i = 0; i < 100; i++)
		step();
	CHECK(q->cw == a && q->ck == 2, "go-back-N: QP %d sent %u.%u on credit for two packets",
	      qpn, q->cw, q->ck);
	/* the second packet was lost: resend from it, mid-message */
	push_rewind(q, qpn, a, 1, 0);
	wait_for(c_taken, 0, "go-back-N: rewind taken");
	q->hold_credit = 0;
	/* the READ's REQUEST seen, its second response lost */
	seen_w = a + 2;
	seen_k = 0;
	wait_for(c_seen, qpn, "go-back-N: the READ");
	push_rewind(q, qpn, a + 1, 1, 0);
	wait_for(c_taken, 0, "go-back-N: rewind into the READ taken");
	q->hold_una = 0;
	drain("go-back-N");
	CHECK(n.restarts_mid - mid0 == 2, "go-back-N: %u mid-message resends seen, want 2",
	      n.restarts_mid - mid0);
	printf("  go-back-N on QP %d (MTU %u): resent from a WRITE's and a READ's second packet\n",
	       qpn, q->mtu);
}

/*
 * Credit that only repays an overdrawn packet is released at the window
 * position: its bytes are in the window already (they went out with the
 * packet). Were it not, the scheduler would count it as in flight, and a
 * QP whose window is below a grant plus a packet, living on the scheduler's
 * one-packet floor (nothing in flight), would stall for good.
 */
static void test_overdraw_free(int qpn)
{
	struct qp *q = &Q[qpn];
	unsigned a = q->nw, small = 64;

	q->hold_credit = 1;
	add_wqe(q, 0, 3 * q->mtu);
	owed_n = 1;
	wait_for(c_owed, qpn, "overdraw: work of a WRITE");
	/* a packet goes out on 64 bytes of credit and overdraws the balance */
	req_rtl_push_pktsend(R, &(struct req_pktsend){ (unsigned)qpn, small });
	q->granted_push += small;
	seen_w = a;
	seen_k = 1;
	wait_for(c_seen, qpn, "overdraw: the first packet");
	for (int i = 0; i < 100; i++)
		step();
	/* 64 more bytes only repay: nothing is sent, the credit is released */
	q->free_due++;
	q->free_pos = q->last_sn_pos;
	req_rtl_push_pktsend(R, &(struct req_pktsend){ (unsigned)qpn, small });
	q->granted_push += small;
	for (int i = 0; i < 200; i++)
		step();
	CHECK(q->cw == a && q->ck == 1, "overdraw: QP %d sent %u.%u on credit that only repaid",
	      qpn, q->cw, q->ck);
	CHECK(!q->free_due, "overdraw: QP %d: credit that only repaid an overdrawn packet was "
	      "not released at the window position", qpn);
	q->hold_credit = 0;
	drain("overdraw");
	printf("  overdraw on QP %d (MTU %u): credit that only repaid released at position %06x\n",
	       qpn, q->mtu, (unsigned)(q->free_pos & POS_MASK));
}

/* the resend after a rewind has begun and reached seen_w.seen_k */
static int c_resent(int qpn)
{
	return !Q[qpn].restart && c_seen(qpn);
}

/* SEND with immediate, WRITE with immediate and an empty SEND, all sent;
 * then go-back-N into the SEND's second packet (both immediates go out
 * again) and into the WRITE's last packet alone (its immediate again) */
static void test_gbn_imm(int qpn)
{
	struct qp *q = &Q[qpn];
	unsigned r0 = n.imm_resent, mid0 = n.restarts_mid;

	q->hold_una = 1;
	unsigned a = q->nw;
	add_wqe(q, K_SEND_IMM, 3 * q->mtu + 5);
	add_wqe(q, K_WRITE_IMM, 2 * q->mtu + 1);
	add_wqe(q, K_SEND, 0);
	seen_w = a + 3;
	seen_k = 0;
	wait_for(c_seen, qpn, "go-back-N with immediate: all sent");
	push_rewind(q, qpn, a, 1, 0);
	wait_for(c_taken, 0, "go-back-N with immediate: rewind into the SEND taken");
	wait_for(c_resent, qpn, "go-back-N with immediate: all sent again");
	push_rewind(q, qpn, a + 1, 2, 0);
	wait_for(c_taken, 0, "go-back-N with immediate: rewind into the WRITE's last packet taken");
	wait_for(c_resent, qpn, "go-back-N with immediate: the WRITE's last packet sent again");
	q->hold_una = 0;
	drain("go-back-N with immediate");
	CHECK(n.imm_resent - r0 == 3 && n.restarts_mid - mid0 == 2,
	      "go-back-N with immediate: %u immediates and %u mid-message resends seen again, want 3 and 2",
	      n.imm_resent - r0, n.restarts_mid - mid0);
	printf("  go-back-N on QP %d (MTU %u): SEND and WRITE with immediate resent from their "
	       "second and last packets, the immediates on the resent last packets\n", qpn, q->mtu);
}

static int c_arrived(int qpn)
{
	const struct qp *q = &Q[qpn];
	return q->arr == q->nw && q->h_h == q->h_t && !req_rtl_queued(R, REQ_IN_WQE);
}

static int c_una_taken(int qpn)
{
	return Q[qpn].una_taken == Q[qpn].una && !req_rtl_queued(R, REQ_IN_UNA);
}

static int c_recorded(int qpn)
{
	return Q[qpn].nrec == Q[qpn].nw && Q[qpn].cw == Q[qpn].nw;
}

/* the completer retires up to the end of what was made; skip: that is ahead
 * of the requester's head, which must skip forward */
static void retire_all(struct qp *q, unsigned qpn, int skip)
{
	unsigned to = q->nw, reads = 0;

	for (unsigned i = q->una; i < to; i++) {
		owner[q->w[i].rec_ptr] = O_FREE;
		req_rtl_pool_put(R, q->w[i].rec_ptr);
		reads += q->w[i].read;
	}
	/* one una for all (the tests that use this retire one READ at most) */
	CHECK(reads <= 1, "model: retire_all over %u READs", reads);
	struct req_una u = { qpn, to, psn_of(q, to, 0), (unsigned)(pos_at(q, to, 0) & POS_MASK),
			     reads, 1, q->epoch };
	req_rtl_push_una(R, &u);
	q->una = to;
	n.una++;
	if (skip) {
		/* the stream goes on from there, not from the rewind's packet */
		q->una_skip = 1;
		q->restart = 1;
		q->rs_w = to;
		q->rs_k = 0;
	}
}

/*
 * An acknowledgement that overtakes a go-back-N (docs/transport.md): two
 * WQEs sent and recorded, a rewind to the first, and the una past both
 * before any resend (OT_REWOUND); or the una first and the rewind behind
 * it, then the una again, as the completer's timer scan repeats it
 * (OT_BEHIND); or the first a READ, its REQUEST sent again after the rewind
 * and then the una past both (OT_READ: the READ sent again makes no new
 * descriptor, and its retirement frees its place for the READ after). The
 * requester must skip forward to the una at its PSN and window position and
 * resend nothing more; the next WQE goes on from there.
 */
enum { OT_REWOUND, OT_BEHIND, OT_READ };

static void test_overtake(int qpn, int mode)
{
	static const char *const what[] = { "una overtaking a rewind", "rewind behind una",
					     "una past a READ sent again" };
	struct qp *q = &Q[qpn];
	unsigned r0 = n.restarts, c0 = n.rd_cancels;

	q->hold_credit = 1;
	q->hold_una = 1;
	unsigned a = q->nw;
	if (mode == OT_READ)
		add_wqe(q, 1, 1 + rndr(3 * q->mtu));
	else
		add_wqe(q, 0, q->mtu + 1 + rndr(q->mtu));
	add_wqe(q, 0, rndr(q->mtu));
	owed_n = 2;
	wait_for(c_owed, qpn, "overtake: work of two WQEs");
	uint32_t c = (uint32_t)last_work(q, 2);
	req_rtl_push_pktsend(R, &(struct req_pktsend){ (unsigned)qpn, c });
	q->granted_push += c;
	wait_for(c_recorded, qpn, "overtake: two WQEs sent");
	if (mode == OT_BEHIND) {
		retire_all(q, qpn, 0);
		wait_for(c_una_taken, qpn, "overtake: una taken");
		/* the una goes through the loop a few cycles after it is taken: a
		 * rewind taken before that would meet it there (OT_REWOUND) */
		for (int i = 0; i < 50; i++)
			step();
	}
	push_rewind(q, qpn, a, 0, 0);
	wait_for(c_taken, 0, "overtake: rewind taken");
	/* the WQEs the rewind fetches again arrive first: one taken a cycle
	 * after the una would still beat it into the loop (WQEs come first),
	 * and the model applies an una as it is taken */
	wait_for(c_arrived, qpn, "overtake: the WQEs fetched again");
	if (mode == OT_READ) {
		/* credit for the READ REQUEST alone */
		c = OVH + 16;
		req_rtl_push_pktsend(R, &(struct req_pktsend){ (unsigned)qpn, c });
		q->granted_push += c;
		seen_w = a + 1;
		seen_k = 0;
		wait_for(c_seen, qpn, "overtake: the READ sent again");
	}
	for (int i = 0; i < 50; i++)
		step();
	retire_all(q, qpn, 1);
	wait_for(c_una_taken, qpn, "overtake: una taken");
	/* the next WQE goes out at the una's PSN; after a READ withdrawn, a
	 * READ: its fence lifted */
	add_wqe(q, mode == OT_READ, 1 + rndr(2 * q->mtu));
	q->hold_credit = 0;
	q->hold_una = 0;
	drain(what[mode]);
	CHECK(n.restarts - r0 == (mode == OT_READ ? 2u : 1u) && q->cw == q->nw,
	      "%s: QP %d did not go on at WQE %u", what[mode], qpn, a + 2);
	/* nothing withdrawn: the READ sent again kept its descriptor */
	CHECK(n.rd_cancels == c0, "%s: QP %d: %u READ flushes", what[mode], qpn, n.rd_cancels - c0);
	printf("  %s: QP %d skipped forward to una %u\n", what[mode], qpn, a + 2);
}

static int c_pool_dry(int unused)
{
	(void)unused;
	for (int i = 0; i < 4; i++)
		if (!c_recorded(qlist[i]))
			return 0;
	return 1;
}

/*
 * Go-back-N with the record pool nearly dry (the requester once took no
 * PktSend at all below 5 free entries, and nothing moved again):
 * four QPs hold 13 records each (una held), which leaves the pool 4 free
 * entries; then each is rewound to its first unacknowledged packet. The
 * resends need no entry (their records are there), and the completer can
 * free none before them. Expected: the resends go out.
 */
static void test_pool_dry(void)
{
	unsigned d0 = n.desc_req;

	for (int i = 0; i < 4; i++) {
		struct qp *q = &Q[qlist[i]];
		q->hold_una = 1;
		for (int k = 0; k < 13; k++)
			add_wqe(q, 0, 1 + rndr(q->mtu));
	}
	wait_for(c_pool_dry, 0, "pool dry: 52 records");
	for (int i = 0; i < 4; i++) {
		struct qp *q = &Q[qlist[i]];
		push_rewind(q, qlist[i], q->una, 0, 0);
		q->hold_una = 0;
	}
	unsigned d1 = n.desc_req;
	for (int i = 0; i < 20000; i++)
		step();
	printf("  pool dry: %u entries free after the rewinds, %u resends in 20000 cycles\n",
	       req_rtl_pool_count(R), n.desc_req - d1);
	CHECK(n.desc_req > d1, "pool dry: no resend in 20000 cycles (%u descriptors before the "
	      "rewinds; %u PktSends waiting): the requester takes no PktSend with %u free record "
	      "entries, and no record can be freed before a resend", d1 - d0,
	      req_rtl_queued(R, REQ_IN_PKTSEND), req_rtl_pool_count(R));
	if (n.desc_req > d1)
		drain("pool dry");
}

int main(int argc, char **argv)
{
	uint64_t cycles = 200000;

	tb_args(argc, argv, "tb_req",
		"hpnic_req with hpnic_resp_tx: descriptors, READ fence and responses, work and "
		"credit, fetches, records, go-back-N, fatal rewinds, stale and idle input.",
		"cycles", &cycles, NULL);

	if (getenv("TB_REQ_TRACE"))
		trace_qp = atoi(getenv("TB_REQ_TRACE"));
	R = req_rtl_new(rnd(), 0.3, 0.3);
	OVH = rndp(0.5) ? 82 : rndr(256);
	req_rtl_set_overhead(R, OVH);

	/* after reset: the clearing pass tells the completer of every QP */
	for (int i = 0; i < 2000 && clears_seen < NQ; i++)
		step();
	CHECK(clears_seen == NQ, "clearing pass: %u of %d QPs", clears_seen, NQ);

	int perm[NQ];
	for (int i = 0; i < NQ; i++)
		perm[i] = i;
	for (int i = NQ - 1; i > 0; i--) {
		int j = (int)rndr(i + 1), t = perm[i];
		perm[i] = perm[j];
		perm[j] = t;
	}
	for (int i = 0; i < NQ; i++) {
		struct qp *q = &Q[i];
		q->mtu_log2 = 6 + rndr(7);
		q->mtu = 1u << q->mtu_log2;
		q->peer_psn = (unsigned)rnd() & PSN_MASK;
		q->peer_msn = (unsigned)rnd() & PSN_MASK;
		req_rtl_cfg_mtu(R, i, q->mtu_log2);
	}
	for (int i = 0; i < NUSE; i++)
		qlist[i] = perm[i];
	unused_qp = perm[NUSE];
	for (int i = 0; i < NQ + 4; i++)
		step();
	for (int i = 0; i < NUSE; i++)
		qp_init(qlist[i]);
	printf("  overhead %u bytes; QPs and MTUs:", OVH);
	for (int i = 0; i < NUSE; i++)
		printf(" %d:%u", qlist[i], Q[qlist[i]].mtu);
	printf("\n");

	run_random(cycles, 1);
	drain("random traffic");
	test_bad_input();

	int g = -1, f = -1;
	for (int i = 0; i < NUSE; i++) {
		if (Q[qlist[i]].failed)
			f = qlist[i];
		else if (g < 0)
			g = qlist[i];
	}
	CHECK(f >= 0 && Q[f].after_fatal <= AFTER_FATAL, "fatal rewind not taken");
	test_gbn(g);
	test_gbn_imm(g);
	test_overdraw_free(g);
	for (int i = 0; i < NUSE; i++) {
		if (qlist[i] != g && qlist[i] != f) {
			test_overtake(qlist[i], OT_REWOUND);
			test_overtake(qlist[i], OT_BEHIND);
			test_overtake(qlist[i], OT_READ);
			break;
		}
	}

	/* the failed QP set up again, and traffic everywhere once more */
	if (f >= 0) {
		qp_init(f);
		printf("  QP %d set up again after its fatal rewind\n", f);
	}
	run_random(cycles / 2, 0);
	drain("traffic after the reset");

	test_pool_dry();

	/* every record entry is free, a QP's spare, or one of the (at most
	 * three) free entries the requester holds ahead of the pool */
	unsigned spares = 0, ahead = 0, bad = 0;
	for (unsigned p = 0; p < NPOOL; p++) {
		spares += owner[p] == O_SPARE;
		ahead += owner[p] == O_ALLOC;
		bad += owner[p] != O_FREE && owner[p] != O_SPARE && owner[p] != O_ALLOC;
	}
	CHECK(bad == 0 && ahead <= 3 && spares == NUSE &&
	      req_rtl_pool_count(R) == NPOOL - NUSE - ahead,
	      "record pool: %u spares, %u held ahead, %u entries neither, %u free", spares, ahead,
	      bad, req_rtl_pool_count(R));

	struct req_stats st;
	req_rtl_stats(R, &st);
	printf("  %u request and %u response descriptors, %u WQEs recorded, %u READ REQUESTs, "
	       "%u work, %u fetches, %u credit releases\n", n.desc_req, n.desc_rsp, n.wqes_done,
	       n.reads, n.work, n.fetch, n.free);
	printf("  %u rewinds (%u resends seen, %u mid-message), %u READs replaced, %u queued "
	       "behind another, %u una, %u stale responses (%u injected), %u READs sent with "
	       "others outstanding (%u up to the limit), %u PktSends held at the limit, %u idle, "
	       "%u READ flushes, %u cycles with the pool nearly dry\n", n.rewinds, n.restarts,
	       n.restarts_mid, n.replaced, n.rd_queued, n.una, st.wqe_stale, n.stale_inj,
	       n.overlapped, n.at_limit, st.read_fenced, st.pktsend_idle, n.rd_cancels,
	       n.pool_dry);
	printf("  %u SENDs recorded, %u packets with an immediate (%u of them resent)\n", n.sends,
	       n.imm_pkts, n.imm_resent);
	CHECK(n.sends > 0 && n.imm_pkts > 0 && n.imm_resent > 0, "a SEND or immediate corner was "
	      "never reached");
	printf("  %u READs forgotten by a failed QP, %u of them dropped by the requester\n",
	       n.rd_forgot, st.rdwork_err);
	CHECK(st.rdwork_err <= n.rd_forgot, "%u READs dropped for a failed QP, only %u were queued",
	      st.rdwork_err, n.rd_forgot);
	CHECK(st.rdq_full == 0 && st.rdq_pool == 0, "responder's READ queue: %u READs over the "
	      "limit, %u with the pool empty", st.rdq_full, st.rdq_pool);
	CHECK(n.overlapped > 0 && n.at_limit > 0 && n.rd_queued > 0 && n.replaced > 0,
	      "a READ corner was never reached");
	printf("tb_req: %d checks, %d failed, %llu cycles\n", tb_checks, tb_failures,
	       (unsigned long long)req_rtl_cycles(R));
	req_rtl_free(R);
	for (int i = 0; i < NQ; i++)
		free(Q[i].w);
	return tb_finish("tb_req");
}
