/* SPDX-License-Identifier: MIT */
/*
 * tb_comp: rtl/tx/hpnic_comp alone (8 QPs, 64 records, 3 retries, 16 cycles
 * per timer unit), with random idle cycles on its inputs and random
 * back-pressure on every output. The test plays the requester (WQEs posted,
 * sent, recorded in the pool, the snd_nxt mirror written; rewinds and una
 * events taken as hpnic_req takes them), the link (packets lost once), the
 * far responder (ACKs, NAK-once, READ responses) and RX decide (READ
 * tracking, the ACK hold behind an awaited response). A model of the
 * completer, fed with each event as the completer took it and the mirror it
 * read, checks everything that comes out:
 *
 *  - completions: per QP in WQE order, exactly once, only once the WQE's
 *    last PSN is acknowledged, its SIGNALED flag, OK unless a failure is due;
 *  - una: one per retirement, in order (repeats only from the timer), with
 *    the next WQE's first PSN and window position and READ retirement;
 *  - rewinds: to a PSN everything before which is acknowledged, the WQE
 *    holding it, its byte offset and window position;
 *  - records: each freed once, in WQE order per connection, only once
 *    acknowledged (or reclaimed at a QP reset);
 *  - Notify: the ACK's PSN, INT and the snd_nxt the completer read, in
 *    order, for exactly the ACKs and NAKs it acts on (a full queue drops and
 *    counts one);
 *  - the window report after the last event of each QP, and the counters.
 *
 * Phases: random traffic over a lossy link (the responder now and then
 * answers a WRITE with an RNR NAK), outputs now and then all but stopped,
 * bad events mixed in (a QP not set up, ghost acknowledgements, stale ACKs
 * and NAKs, fatal and RNR NAKs out of the window); NAKs and READ gaps one at
 * a time (exactly one rewind each); the retransmit timer to RETRY_EXCEEDED;
 * a fatal NAK; RNR NAKs (the delay of each timer code, RNR retries and
 * RNR_RETRY_EXCEEDED, see test_rnr); QP resets with records outstanding and
 * the old connection's acknowledgements still coming; resets in the middle
 * of a retirement (see test_reset_race).
 *
 * Prints its seed; --seed reruns it; --steps N random steps of traffic;
 * TB_COMP_TRACE=q in the environment prints what QP q does.
 */
#define _POSIX_C_SOURCE 200809L

#include "hpnic_regs.h"

#include "comp_rtl.h"
#include "tb_util.h"

#define NQP COMP_RTL_QPS
#define NPOOL COMP_RTL_POOL
#define NTRAFFIC 6              /* QPs 0..5 carry traffic; 7 is never set up */
#define QP_UNSET 7
#define WQES 256                /* WQE table per QP (far more than outstanding) */
#define MAX_OUT 6               /* WQEs posted and not seen retired, per QP */
#define OVERHEAD 82
#define PSN_MASK 0xffffffu
#define POS_MASK 0xffffffu

static struct comp_rtl *R;
/* TB_COMP_TRACE=q prints what QP q does, to read a failure by */
static int trace = -1;

#define TRACE(q, ...)                                                     \
	do {                                                              \
		if ((int)(q) == trace) {                                  \
			fprintf(stderr, "c%llu QP %u: ",                  \
				(unsigned long long)comp_rtl_cycles(R),   \
				(unsigned)(q));                           \
			fprintf(stderr, __VA_ARGS__);                     \
			fprintf(stderr, "\n");                            \
		}                                                         \
	} while (0)

/* ---- PSN arithmetic (24-bit serial numbers) ---- */

static unsigned psn_add(unsigned a, int d)
{
	return (a + (unsigned)d) & PSN_MASK;
}

/* a - b as a signed distance */
static int psn_diff(unsigned a, unsigned b)
{
	unsigned d = (a - b) & PSN_MASK;

	return d & 0x800000 ? (int)d - 0x1000000 : (int)d;
}

static int psn_le(unsigned a, unsigned b)
{
	return psn_diff(b, a) >= 0;
}

/* ---- the requester's WQEs and the completer's model, per QP ---- */

struct wqe {
	unsigned first, last, npkts, len;
	unsigned start, after;  /* window positions before and after it */
	int read, sig, recorded;
	unsigned rec;           /* its record entry */
};

struct qp {
	/* requester */
	int up, err;
	unsigned conn, epoch, mtu_log2;
	struct wqe w[WQES];
	unsigned nposted, head, rec_idx, spare;
	unsigned next_psn, next_start;  /* of the next WQE posted */
	unsigned snd_nxt, snd_max, bpos, rewinds, una;
	int rd_out;
	unsigned rd_idx;        /* the READ that raised the fence */
	/* far responder */
	unsigned epsn;
	int nak_sent, pend;
	unsigned pend_psn;
	/* RX decide: the awaited READ and an acknowledgement held behind it */
	int rd_valid, gap_sent, held;
	unsigned rd_last, rpsn, held_kind, held_psn, held_rnr;
	/* the completer, as the model sees it */
	int active, cerr;
	unsigned cepoch, acked, next_cpl, last_una;
	unsigned fail_status;   /* a failure completion the test expects, or 0 */
	uint64_t rnr_taken;     /* when the completer took the last RNR NAK */
	int inf_seen;
	struct comp_inflight inf;
};

static struct qp Q[NQP];
/* a QP's previous connection, for what its passes from before the INIT
 * give after the INIT was taken */
static struct qp prev[NQP];
static int prev_live[NQP];

static struct wqe *W(struct qp *s, unsigned idx)
{
	return &s->w[idx % WQES];
}

/* where PSN first + k of a WQE starts in the window: its first packet also
 * carries an extension header (RETH of a WRITE, AETH of a READ response) */
static unsigned pos_in(const struct qp *s, const struct wqe *e, unsigned k)
{
	if (k == 0)
		return e->start;
	if (k >= e->npkts)
		return e->after;
	return (e->start + (e->read ? 4 : 16) + k * ((1u << s->mtu_log2) + OVERHEAD)) & POS_MASK;
}

/* the WQE holding a PSN, among those posted; -1 if none */
static int wqe_of(struct qp *s, unsigned psn)
{
	for (unsigned i = s->nposted > WQES ? s->nposted - WQES : 0; i < s->nposted; i++) {
		struct wqe *e = W(s, i);
		if (psn_le(e->first, psn) && psn_le(psn, e->last))
			return (int)i;
	}
	return -1;
}

/* ---- the record pool: free list, and who holds each entry ---- */

enum { REC_FREE, REC_SPARE, REC_USED };

struct owner {
	int state;
	unsigned q, conn, idx;
};

#define MAXCONN 256

struct conn {
	unsigned q, nrec, next_free;
};

static struct owner own[NPOOL];
static unsigned fl[NPOOL], fl_head, fl_n;
static struct conn conns[MAXCONN];
static unsigned nconn;

static int pool_get(unsigned *p)
{
	if (!fl_n)
		return 0;
	*p = fl[fl_head];
	fl_head = (fl_head + 1) % NPOOL;
	fl_n--;
	return 1;
}

static void pool_put(unsigned p)
{
	fl[(fl_head + fl_n) % NPOOL] = p;
	fl_n++;
	own[p].state = REC_FREE;
}

/* ---- the links: requester to responder, and back ---- */

enum { PK_WRITE, PK_READ, PK_ACK, PK_NAK, PK_RESP, PK_RNR };

struct pkt {
	unsigned q, conn, type, psn, last;      /* last: a READ's; an RNR NAK's timer code */
};

#define WIRE 4096

struct wire {
	struct pkt p[WIRE];
	unsigned head, n;
};

static struct wire fwd, rev;
static int wires_on;
static double loss;
/* how often the responder answers a WRITE in sequence with an RNR NAK */
static double rnr_p;
/* a packet is lost at most once: its resend always arrives */
static uint8_t lost_req[NQP][65536], lost_rsp[NQP][65536], lost_ack[NQP][65536];

static void wire_put(struct wire *w, struct pkt p)
{
	if (!wires_on)
		return;
	CHECK(w->n < WIRE, "test: wire overflow");
	if (w->n < WIRE)
		w->p[(w->head + w->n++) % WIRE] = p;
}

static int wire_get(struct wire *w, struct pkt *p)
{
	if (!w->n)
		return 0;
	*p = w->p[w->head];
	w->head = (w->head + 1) % WIRE;
	w->n--;
	return 1;
}

/* ---- events into the completer, kept until it takes them ---- */

#define LOG 1024

static struct comp_init init_log[LOG];
static struct comp_ack ack_log[LOG];
static unsigned init_pushed, init_taken, ack_pushed, ack_taken;

/* the Notify each acknowledgement taken must give, in order */
#define NTQ 8192
static struct comp_notify nt_want[NTQ];
static unsigned nt_head, nt_n, nt_got, nt_skipped;

/* counts and the latest outputs, for the directed phases */
static struct {
	unsigned cpl, una, una_repeat, rewind, fatal, free, reclaim, notify, ignored;
	unsigned acks, naks, gaps, rnrs;
} n;

#define RLOG 64
static struct comp_rewind rw_log[RLOG];
static unsigned rw_n;
static struct comp_cpl cpl_log[RLOG];
static unsigned cpl_n;

static void push_init(const struct comp_init *e)
{
	struct comp_init c = *e;

	CHECK(init_pushed - init_taken < LOG, "test: init log full");
	c.tag = init_pushed;
	init_log[init_pushed++ % LOG] = c;
	comp_rtl_push_init(R, &c);
}

static void rnd_int(struct comp_ack *a)
{
	a->int_valid = rndp(0.7);
	a->nhop = rndr(6);
	a->path = rndr(4096);
	for (int i = 0; i < 5; i++)
		a->hops[i] = rnd();
}

/* rnr_timer: an RNR NAK's timer code (any value on another kind: the
 * completer must not look at it) */
static void push_ack_rnr(unsigned q, unsigned kind, unsigned psn, unsigned rnr_timer)
{
	struct comp_ack a = { .qpn = q, .kind = kind, .psn = psn & PSN_MASK,
			      .rnr_timer = rnr_timer & 31 };

	/* RX decide passes the INT with ACKs and NAKs; one on another kind
	 * must not reach CC */
	rnd_int(&a);
	if (kind != HPNIC_ACK_KIND_ACK && kind != HPNIC_ACK_KIND_NAK_SEQ && rndp(0.7))
		a.int_valid = 0;
	CHECK(ack_pushed - ack_taken < LOG, "test: ack log full");
	a.tag = ack_pushed;
	ack_log[ack_pushed++ % LOG] = a;
	comp_rtl_push_ack(R, &a);
}

static void push_ack(unsigned q, unsigned kind, unsigned psn)
{
	/* a short RNR delay where one may act (the bad events) */
	push_ack_rnr(q, kind, psn, kind == HPNIC_ACK_KIND_NAK_RNR ? 1 + rndr(4) : rndr(32));
}

/* ---- the requester ---- */

/* the requester's write of QP q's snd_nxt mirror; sent: with a request
 * packet (the completer's retransmit timer runs from the last one) */
static void mirror_write(unsigned q, int rec, unsigned idx, int sent)
{
	struct qp *s = &Q[q];
	struct comp_req_wr w = {
		.qpn = q,
		.sent = sent,
		.m = { s->snd_nxt, s->snd_max, s->rec_idx & 0xffff, s->bpos, s->epoch & 1,
		       s->head & 0xffff, s->rewinds & 3 },
	};

	if (rec) {
		struct wqe *e = W(s, idx);
		w.rec = 1;
		w.rec_ptr = e->rec;
		w.rec_next = s->spare;
		w.rec_last = e->last;
		w.rec_read = (unsigned)e->read;
		w.rec_signaled = (unsigned)e->sig;
		w.rec_bpos = e->after;
	}
	comp_rtl_req_write(R, &w);
}

static void req_post(unsigned q, int read, unsigned npkts, int sig)
{
	struct qp *s = &Q[q];
	struct wqe *e = W(s, s->nposted);
	unsigned mtu = 1u << s->mtu_log2, lastlen = 1 + rndr(mtu);

	*e = (struct wqe){ .first = s->next_psn, .npkts = npkts, .read = read, .sig = sig };
	e->last = psn_add(e->first, (int)npkts - 1);
	e->len = (npkts - 1) * mtu + lastlen;
	e->start = s->next_start;
	/* the wire bytes hpnic_req charges: payload, pad, overhead per packet,
	 * RETH on a WRITE's first packet, AETH on a READ's first and last
	 * response */
	if (read)
		e->after = e->start + e->len + ((4 - e->len % 4) % 4) + npkts * OVERHEAD +
			   (npkts == 1 ? 4 : 8);
	else
		e->after = e->start + 16 + (npkts - 1) * (mtu + OVERHEAD) + lastlen +
			   ((4 - lastlen % 4) % 4) + OVERHEAD;
	e->after &= POS_MASK;
	s->next_psn = psn_add(e->last, 1);
	s->next_start = e->after;
	s->nposted++;
}

static void rnd_post(unsigned q)
{
	int read = rndp(0.25);

	req_post(q, read, 1 + rndr(rndp(0.3) ? 1 : 4), rndp(0.5));
}

/* the requester sends its next packet on q; 0 if it has none it may send */
static int req_send(unsigned q)
{
	struct qp *s = &Q[q];

	if (!s->up || s->err || s->head == s->nposted)
		return 0;
	struct wqe *e = W(s, s->head);
	unsigned psn = s->snd_nxt, idx = s->head;
	int k = psn_diff(psn, e->first);

	CHECK(k >= 0 && k < (int)e->npkts, "test: QP %u snd_nxt %06x outside WQE %u", q, psn, idx);
	/* the READ fence: up while a READ sent is not retired. A READ sent
	 * again after a rewind that its retirement overtook never retires
	 * again, so the una, not a READ retirement, lifts the fence for it */
	if (e->read && s->rd_out && (int16_t)(uint16_t)(s->rd_idx - s->una) >= 0)
		return 0;
	TRACE(q, "send WQE %u PSN %06x (%s %06x..%06x)", idx, psn, e->read ? "READ" : "WRITE",
	      e->first, e->last);
	int last = e->read || k == (int)e->npkts - 1;
	int rec = last && s->head == s->rec_idx;
	if (rec) {
		/* the first time it is fully sent: its record goes into the
		 * spare entry, and a new spare comes from the pool */
		unsigned nsp;
		if (!pool_get(&nsp))
			return 0;
		e->rec = s->spare;
		e->recorded = 1;
		own[s->spare] = (struct owner){ REC_USED, q, s->conn, idx };
		conns[s->conn].nrec++;
		s->spare = nsp;
		own[nsp] = (struct owner){ REC_SPARE, q, s->conn, 0 };
		s->rec_idx++;
	}
	if (e->read) {
		wire_put(&fwd, (struct pkt){ q, s->conn, PK_READ, psn, e->last });
		s->snd_nxt = psn_add(e->last, 1);
		s->rd_out = 1;
		s->rd_idx = idx;
		/* RX decide awaits its responses (a gap already reported stays
		 * reported across the re-issue) */
		s->rd_valid = 1;
		s->rd_last = e->last;
		s->rpsn = psn;
	} else {
		wire_put(&fwd, (struct pkt){ q, s->conn, PK_WRITE, psn, psn });
		s->snd_nxt = psn_add(psn, 1);
	}
	s->bpos = last ? e->after : pos_in(s, e, (unsigned)k + 1);
	if (last)
		s->head++;
	if (psn_diff(s->snd_nxt, s->snd_max) > 0)
		s->snd_max = s->snd_nxt;
	mirror_write(q, rec, idx, 1);
	return 1;
}

static void req_send_all(unsigned q)
{
	while (req_send(q))
		;
}

/* a QP (re)start: the requester's INIT, passed on to the completer with the
 * records of the old connection. mirror_first: the requester's mirror write
 * reaches the completer before its INIT does; hold: and the INIT is left to
 * the caller. */
static void qp_start(unsigned q, unsigned psn, int mirror_first, struct comp_init *hold)
{
	struct qp *s = &Q[q];
	unsigned rec_old = s->up ? s->rec_idx : 0;

	if (s->up)
		prev[q] = *s;

	if (!s->up) {
		unsigned sp;
		int ok = pool_get(&sp);
		CHECK(ok, "test: pool empty at QP start");
		s->spare = sp;
	}
	CHECK(nconn < MAXCONN, "test: too many connections");
	s->conn = nconn++;
	conns[s->conn] = (struct conn){ q, 0, 0 };
	own[s->spare] = (struct owner){ REC_SPARE, q, s->conn, 0 };
	s->up = 1;
	s->err = 0;
	s->epoch ^= 1;
	s->nposted = s->head = s->rec_idx = s->una = 0;
	s->next_psn = s->snd_nxt = s->snd_max = psn & PSN_MASK;
	s->next_start = s->bpos = 0;
	s->rewinds = 0;
	s->rd_out = 0;
	s->epsn = psn & PSN_MASK;
	s->nak_sent = s->pend = 0;
	s->rd_valid = s->gap_sent = s->held = 0;
	memset(lost_req[q], 0, sizeof(lost_req[q]));
	memset(lost_rsp[q], 0, sizeof(lost_rsp[q]));
	memset(lost_ack[q], 0, sizeof(lost_ack[q]));

	struct comp_init e = { .qpn = q, .psn = psn & PSN_MASK, .rec_old = rec_old,
			       .spare = s->spare, .epoch = s->epoch & 1 };
	if (mirror_first || hold)
		mirror_write(q, 0, 0, 0);
	if (hold) {
		*hold = e;
		return;
	}
	push_init(&e);
	if (!mirror_first)
		mirror_write(q, 0, 0, 0);
}

/* ---- the completer's outputs, checked as they come ---- */

static void rx_emit(unsigned q, unsigned kind, unsigned psn, unsigned rnr_timer);

static uint64_t last_take;     /* when the completer last took an event */

static void on_taken(const struct comp_taken *t)
{
	struct qp *s = &Q[t->qpn];

	last_take = t->cycle;
	TRACE(t->qpn, "took %s kind %u PSN %06x at c%llu; mirror snd_nxt %06x snd_max %06x tail %u "
	      "epoch %u head %u rewinds %u", t->init ? "INIT" : "ack", t->init ? 0 :
	      ack_log[ack_taken % LOG].kind, t->init ? init_log[init_taken % LOG].psn :
	      ack_log[ack_taken % LOG].psn, (unsigned long long)t->cycle, t->m.snd_nxt,
	      t->m.snd_max, t->m.tail, t->m.epoch, t->m.head, t->m.rewinds);

	if (t->init) {
		const struct comp_init *e = &init_log[init_taken % LOG];
		CHECK(init_taken < init_pushed && e->tag == t->tag && e->qpn == t->qpn,
		      "INIT taken out of order (tag %u)", t->tag);
		init_taken++;
		if (prev[t->qpn].up) {
			struct qp *o = &prev[t->qpn];
			o->active = s->active;
			o->cerr = s->cerr;
			o->cepoch = s->cepoch;
			o->acked = s->acked;
			o->next_cpl = s->next_cpl;
			o->last_una = s->last_una;
			prev_live[t->qpn] = 1;
		}
		s->active = !e->clear;
		s->cerr = 0;
		s->cepoch = e->epoch;
		s->acked = psn_add(e->psn, -1);
		s->next_cpl = 0;
		s->last_una = 0;
		return;
	}
	const struct comp_ack *a = &ack_log[ack_taken % LOG];
	CHECK(ack_taken < ack_pushed && a->tag == t->tag && a->qpn == t->qpn,
	      "acknowledgement taken out of order (tag %u)", t->tag);
	ack_taken++;

	/* what the completer must make of it: the rules of docs/transport.md */
	unsigned kind = a->kind, psn = a->psn;
	unsigned target = (kind == HPNIC_ACK_KIND_ACK || kind == HPNIC_ACK_KIND_READ_DONE) ?
			  psn_add(psn, 1) : psn;
	unsigned ack_to = psn_add(target, -1);
	int ghost = psn_diff(target, t->m.snd_max) > 0;
	unsigned nak_off = (psn - (s->acked + 1)) & PSN_MASK;
	unsigned sent_win = (t->m.snd_max - (s->acked + 1)) & PSN_MASK;
	int in_window = nak_off < sent_win && !(sent_win & 0x800000);
	int eff = s->active && !s->cerr && (t->m.epoch & 1) == (s->cepoch & 1) &&
		  !((kind == HPNIC_ACK_KIND_NAK_FATAL || kind == HPNIC_ACK_KIND_NAK_RNR) &&
		    !in_window) && !ghost;

	if (kind == HPNIC_ACK_KIND_NAK_RNR)
		s->rnr_taken = t->cycle;

	if (!eff) {
		n.ignored++;
		return;
	}
	if (psn_diff(ack_to, s->acked) > 0)
		s->acked = ack_to;
	/* every ACK and NAK-seq gives a Notify: with its INT, or without one
	 * nHop, path and hops 0 (a DCQCN QP runs on its ACKs with INT off) */
	if (kind == HPNIC_ACK_KIND_ACK || kind == HPNIC_ACK_KIND_NAK_SEQ) {
		struct comp_notify *w = &nt_want[(nt_head + nt_n) % NTQ];
		CHECK(nt_n < NTQ, "test: Notify queue full");
		*w = (struct comp_notify){ t->qpn, psn, t->m.snd_nxt, 0, 0, { 0 } };
		/* a NAK acknowledges what precedes its PSN */
		if (kind == HPNIC_ACK_KIND_NAK_SEQ)
			w->ack_psn = psn_add(psn, -1);
		if (a->int_valid) {
			w->nhop = a->nhop;
			w->path = a->path;
			memcpy(w->hops, a->hops, sizeof(w->hops));
		}
		nt_n++;
	}
}

static void on_cpl(const struct comp_cpl *c)
{
	struct qp *s = &Q[c->qpn];

	n.cpl++;
	TRACE(c->qpn, "completion of WQE %u status %u", c->idx, c->status);
	if (cpl_n < RLOG)
		cpl_log[cpl_n++] = *c;
	CHECK(s->up && s->active, "completion for QP %u, which is not set up", c->qpn);
	if (!s->up)
		return;
	if (prev_live[c->qpn] && c->idx == (prev[c->qpn].next_cpl & 0xffff) &&
	    c->idx != (s->next_cpl & 0xffff))
		s = &prev[c->qpn];      /* retired before the INIT */
	CHECK(c->idx == (s->next_cpl & 0xffff), "QP %u: completion of WQE %u, want WQE %u (in "
	      "order, once)", c->qpn, c->idx, s->next_cpl & 0xffff);
	struct wqe *e = W(s, c->idx);
	if (c->status == COMP_CPL_OK) {
		CHECK(c->idx < s->rec_idx && e->recorded, "QP %u: completion of WQE %u, not fully "
		      "sent", c->qpn, c->idx);
		CHECK(psn_le(e->last, s->acked), "QP %u: WQE %u completes, last PSN %06x, acked "
		      "%06x", c->qpn, c->idx, e->last, s->acked);
		CHECK(c->signaled == (unsigned)e->sig, "QP %u: WQE %u signaled %u, want %d", c->qpn,
		      c->idx, c->signaled, e->sig);
	} else {
		CHECK(c->status == s->fail_status, "QP %u: WQE %u completes with status %u, want "
		      "%u", c->qpn, c->idx, c->status, s->fail_status);
		/* a failure always writes a CQE */
		CHECK(c->signaled == 1, "QP %u: failed WQE %u not signaled", c->qpn, c->idx);
	}
	s->next_cpl = c->idx + 1;
}

static void on_free(unsigned ptr)
{
	n.free++;
	CHECK(ptr < NPOOL && own[ptr].state == REC_USED, "record %u freed, but it is %s", ptr,
	      own[ptr].state == REC_FREE ? "free already" : "a QP's spare");
	if (own[ptr].state != REC_USED)
		return;
	struct owner *o = &own[ptr];
	struct conn *c = &conns[o->conn];
	struct qp *s = &Q[o->q];
	CHECK(o->idx == c->next_free, "QP %u: record of WQE %u freed, want WQE %u's (in order)",
	      o->q, o->idx, c->next_free);
	if (s->conn == o->conn) {
		struct wqe *e = W(s, o->idx);
		CHECK(psn_le(e->last, s->acked), "QP %u: record of WQE %u freed, last PSN %06x, "
		      "acked %06x", o->q, o->idx, e->last, s->acked);
	} else {
		n.reclaim++;
	}
	c->next_free = o->idx + 1;
	pool_put(ptr);
}

static void on_una(const struct comp_una *u)
{
	struct qp *s = &Q[u->qpn];

	n.una++;
	TRACE(u->qpn, "una %u PSN %06x read_done %u loop %u epoch %u", u->idx, u->psn, u->read_done,
	      u->loop, u->epoch);
	CHECK(s->up && s->active, "una for QP %u, which is not set up", u->qpn);
	if (!s->up)
		return;
	if (prev_live[u->qpn] && u->epoch != (s->cepoch & 1) &&
	    u->epoch == (prev[u->qpn].cepoch & 1))
		s = &prev[u->qpn];      /* retired before the INIT */
	CHECK(u->epoch == (s->cepoch & 1), "QP %u: una epoch %u, want %u", u->qpn, u->epoch,
	      s->cepoch & 1);
	unsigned idx = u->idx;
	unsigned want_psn = idx < s->nposted ? W(s, idx)->first : s->next_psn;
	unsigned want_pos = idx < s->nposted ? W(s, idx)->start : s->next_start;
	if (idx == (s->last_una & 0xffff)) {
		/* the timer repeats an una for a requester behind it */
		n.una_repeat++;
		CHECK(!u->read_done, "QP %u: repeated una %u retires a READ", u->qpn, idx);
	} else {
		CHECK(idx == ((s->last_una + 1) & 0xffff), "QP %u: una %u after una %u (one per "
		      "retirement)", u->qpn, idx, s->last_una);
		if (idx >= 1 && idx <= s->nposted) {
			struct wqe *p = W(s, idx - 1);
			CHECK(p->recorded && psn_le(p->last, s->acked), "QP %u: una %u retires WQE "
			      "%u, last PSN %06x, acked %06x", u->qpn, idx, idx - 1, p->last,
			      s->acked);
			CHECK(u->read_done == (unsigned)p->read, "QP %u: una %u read_done %u, WQE "
			      "%u is %s", u->qpn, idx, u->read_done, idx - 1,
			      p->read ? "a READ" : "a WRITE");
			CHECK(!u->read_done || u->loop, "QP %u: una %u retires a READ, not for the "
			      "requester's loop", u->qpn, idx);
		}
	}
	CHECK(u->psn == want_psn && u->bpos == want_pos, "QP %u: una %u at PSN %06x position %06x, "
	      "want %06x %06x", u->qpn, idx, u->psn, u->bpos, want_psn, want_pos);
	s->last_una = idx;

	/* the requester: its una mirror always; its loop only when marked */
	if (s != &Q[u->qpn] || s->err || u->epoch != (s->epoch & 1))
		return;
	s->una = idx;
	if (s->rd_valid && psn_diff(s->rd_last, u->psn) < 0) {
		/* RX decide awaits responses of a READ sent again into a WQE
		 * since retired: forget it, and what it held goes on (else a
		 * lost response would hold every ACK until the QP fails) */
		s->rd_valid = 0;
		if (s->held) {
			s->held = 0;
			rx_emit(u->qpn, s->held_kind, s->held_psn, s->held_rnr);
		}
	}
	if (!u->loop)
		return;
	int changed = 0;
	if (u->read_done && s->rd_out) {
		s->rd_out = 0;
		changed = 1;
	}
	if ((int16_t)(uint16_t)(s->head - idx) < 0) {
		/* the una overtook a rewind: skip what is retired */
		s->head = idx;
		s->snd_nxt = u->psn;
		s->bpos = u->bpos;
		changed = 1;
	}
	if (changed)
		mirror_write(u->qpn, 0, 0, 0);
}

static void on_rewind(const struct comp_rewind *w)
{
	struct qp *s = &Q[w->qpn];

	if (rw_n < RLOG)
		rw_log[rw_n++] = *w;
	TRACE(w->qpn, "rewind to WQE %u PSN %06x fatal %u", w->idx, w->psn, w->fatal);
	CHECK(s->up && s->active, "rewind for QP %u, which is not set up", w->qpn);
	if (!s->up)
		return;
	int i = wqe_of(s, w->psn);
	CHECK(i == (int)w->idx, "QP %u: rewind to WQE %u at PSN %06x, which is in WQE %d", w->qpn,
	      w->idx, w->psn, i);
	if (i >= 0) {
		struct wqe *e = W(s, (unsigned)i);
		unsigned k = (unsigned)psn_diff(w->psn, e->first);
		CHECK(w->off == k << s->mtu_log2, "QP %u: rewind to PSN %06x (packet %u of WQE %u) "
		      "at offset %u, want %u", w->qpn, w->psn, k, w->idx, w->off, k << s->mtu_log2);
		CHECK(w->bpos == pos_in(s, e, k), "QP %u: rewind to PSN %06x at window position "
		      "%06x, want %06x", w->qpn, w->psn, w->bpos, pos_in(s, e, k));
	}
	CHECK(psn_le(psn_add(w->psn, -1), s->acked), "QP %u: rewind to PSN %06x, acked only %06x",
	      w->qpn, w->psn, s->acked);
	CHECK(psn_le(w->psn, s->snd_max), "QP %u: rewind to PSN %06x beyond snd_max %06x", w->qpn,
	      w->psn, s->snd_max);
	if (w->fatal) {
		n.fatal++;
		CHECK(s->fail_status != 0, "QP %u: unexpected fatal rewind at PSN %06x", w->qpn,
		      w->psn);
		s->cerr = 1;
	} else {
		n.rewind++;
	}

	/* the requester takes it */
	if (s->err)
		return;
	s->rewinds++;
	if (w->fatal) {
		s->err = 1;
	} else {
		s->head = w->idx;
		s->snd_nxt = w->psn;
		s->bpos = w->bpos;
		s->rd_out = 0;
	}
	mirror_write(w->qpn, 0, 0, 0);
}

static void on_notify(const struct comp_notify *g)
{
	n.notify++;
	/* the next expected one, or a later one if those before were dropped */
	for (unsigned i = 0; i < nt_n; i++) {
		const struct comp_notify *w = &nt_want[(nt_head + i) % NTQ];
		if (w->qpn == g->qpn && w->ack_psn == g->ack_psn && w->snd_nxt == g->snd_nxt &&
		    w->nhop == g->nhop && w->path == g->path &&
		    !memcmp(w->hops, g->hops, sizeof(w->hops))) {
			nt_skipped += i;
			nt_head = (nt_head + i + 1) % NTQ;
			nt_n -= i + 1;
			nt_got++;
			return;
		}
	}
	if (nt_n)
		CHECK(0, "unexpected Notify: QP %u ACK PSN %06x snd_nxt %06x nhop %u path %03x "
		      "(next expected: QP %u PSN %06x snd_nxt %06x)", g->qpn, g->ack_psn, g->snd_nxt,
		      g->nhop, g->path, nt_want[nt_head].qpn, nt_want[nt_head].ack_psn,
		      nt_want[nt_head].snd_nxt);
	else
		CHECK(0, "unexpected Notify: QP %u ACK PSN %06x snd_nxt %06x nhop %u path %03x "
		      "(none expected)", g->qpn, g->ack_psn, g->snd_nxt, g->nhop, g->path);
}

static void process(void)
{
	struct comp_taken t;
	struct comp_cpl c;
	struct comp_una u;
	struct comp_rewind w;
	struct comp_notify g;
	struct comp_inflight f;
	unsigned p;

	/* events taken first: every output comes from one of them, and the
	 * requester's reactions run the clock, so they are looked at again
	 * before each output */
	for (;;) {
		while (comp_rtl_pop_taken(R, &t))
			on_taken(&t);
		if (comp_rtl_pop_free(R, &p))
			on_free(p);
		else if (comp_rtl_pop_cpl(R, &c))
			on_cpl(&c);
		else if (comp_rtl_pop_una(R, &u))
			on_una(&u);
		else if (comp_rtl_pop_rewind(R, &w))
			on_rewind(&w);
		else if (comp_rtl_pop_notify(R, &g))
			on_notify(&g);
		else if (comp_rtl_pop_inflight(R, &f)) {
			CHECK(f.qpn < NQP, "window report for QP %u", f.qpn);
			Q[f.qpn].inf = f;
			Q[f.qpn].inf_seen = 1;
		} else {
			break;
		}
	}
}

/* run until the inputs are taken and nothing has come out for a while */
static void settle(unsigned quiet)
{
	unsigned still = 0;
	uint64_t end = comp_rtl_cycles(R) + 200000;

	while (still < quiet && comp_rtl_cycles(R) < end) {
		unsigned before = n.cpl + n.una + n.rewind + n.fatal + n.free + n.notify;
		comp_rtl_run(R, 4);
		process();
		unsigned after = n.cpl + n.una + n.rewind + n.fatal + n.free + n.notify;
		if (comp_rtl_inputs_pending(R) || before != after)
			still = 0;
		else
			still += 4;
	}
	CHECK(still >= quiet, "the completer never went quiet");
}

/* ---- the far responder and RX decide ---- */

static void rx_emit(unsigned q, unsigned kind, unsigned psn, unsigned rnr_timer)
{
	struct qp *s = &Q[q];

	/* an acknowledgement past an awaited READ response waits for it */
	if ((kind == HPNIC_ACK_KIND_ACK || kind == HPNIC_ACK_KIND_NAK_SEQ ||
	     kind == HPNIC_ACK_KIND_NAK_RNR) && s->rd_valid) {
		unsigned ack_to = kind == HPNIC_ACK_KIND_ACK ? psn : psn_add(psn, -1);
		if (psn_le(s->rpsn, ack_to)) {
			s->held = 1;
			s->held_kind = kind;
			s->held_psn = psn;
			s->held_rnr = rnr_timer;
			return;
		}
	}
	if (kind == HPNIC_ACK_KIND_NAK_SEQ)
		n.naks++;
	else if (kind == HPNIC_ACK_KIND_READ_GAP)
		n.gaps++;
	else if (kind == HPNIC_ACK_KIND_NAK_RNR)
		n.rnrs++;
	else
		n.acks++;
	push_ack_rnr(q, kind, psn, rnr_timer);
}

static void rx_packet(const struct pkt *p)
{
	struct qp *s = &Q[p->q];

	if (p->conn != s->conn)
		return;
	if (p->type == PK_RESP) {
		if (!s->rd_valid || psn_diff(p->psn, s->rpsn) < 0 ||
		    psn_diff(p->psn, s->rd_last) > 0)
			return; /* of an older issue */
		if (p->psn == s->rpsn) {
			s->gap_sent = 0;
			if (p->psn == s->rd_last) {
				s->rd_valid = 0;
				rx_emit(p->q, HPNIC_ACK_KIND_READ_DONE, p->psn, 0);
				if (s->held) {
					s->held = 0;
					rx_emit(p->q, s->held_kind, s->held_psn, s->held_rnr);
				}
			} else {
				/* a response acknowledges what precedes it */
				rx_emit(p->q, HPNIC_ACK_KIND_ACK, psn_add(p->psn, -1), 0);
				s->rpsn = psn_add(s->rpsn, 1);
			}
		} else if (!s->gap_sent) {
			s->gap_sent = 1;
			rx_emit(p->q, HPNIC_ACK_KIND_READ_GAP, s->rpsn, 0);
		}
		return;
	}
	if (p->type == PK_RNR)
		rx_emit(p->q, HPNIC_ACK_KIND_NAK_RNR, p->psn, p->last);
	else
		rx_emit(p->q, p->type == PK_ACK ? HPNIC_ACK_KIND_ACK : HPNIC_ACK_KIND_NAK_SEQ, p->psn,
			0);
}

static void resp_flush(unsigned q)
{
	struct qp *s = &Q[q];

	if (s->pend) {
		s->pend = 0;
		wire_put(&rev, (struct pkt){ q, s->conn, PK_ACK, s->pend_psn, 0 });
	}
}

static void resp_packet(const struct pkt *p)
{
	struct qp *s = &Q[p->q];
	int d = psn_diff(p->psn, s->epsn);

	if (p->conn != s->conn)
		return;
	if (d > 0) {
		/* a gap: NAK it once */
		resp_flush(p->q);
		if (!s->nak_sent) {
			s->nak_sent = 1;
			wire_put(&rev, (struct pkt){ p->q, s->conn, PK_NAK, s->epsn, 0 });
		}
		return;
	}
	if (p->type == PK_READ) {
		/* a new READ, or a repeated one: (re)execute it */
		resp_flush(p->q);
		if (d == 0) {
			s->epsn = psn_add(p->last, 1);
			s->nak_sent = 0;
		}
		for (unsigned r = p->psn; ; r = psn_add(r, 1)) {
			wire_put(&rev, (struct pkt){ p->q, s->conn, PK_RESP, r, 0 });
			if (r == p->last)
				break;
		}
		return;
	}
	if (d < 0) {
		/* a duplicate: acknowledge again what arrived */
		resp_flush(p->q);
		wire_put(&rev, (struct pkt){ p->q, s->conn, PK_ACK, psn_add(s->epsn, -1), 0 });
		return;
	}
	if (rndp(rnr_p)) {
		/* no receive WQE for it (a SEND's, in a real responder): an RNR
		 * NAK with a short delay; the packets after it then look like a
		 * gap, NAKed once, which the completer must take as part of the
		 * wait */
		resp_flush(p->q);
		wire_put(&rev, (struct pkt){ p->q, s->conn, PK_RNR, p->psn, 1 + rndr(4) });
		return;
	}
	s->epsn = psn_add(s->epsn, 1);
	s->nak_sent = 0;
	s->pend = 1;
	s->pend_psn = p->psn;
	if (rndp(0.4))
		resp_flush(p->q);
}

static void wires_step(void)
{
	struct pkt p;

	for (unsigned k = rndr(3); k && wire_get(&fwd, &p); k--) {
		uint8_t *l = &lost_req[p.q][p.psn & 0xffff];
		if (!*l && rndp(loss)) {
			*l = 1;
			continue;
		}
		resp_packet(&p);
	}
	if (!fwd.n || rndp(0.2))
		for (unsigned q = 0; q < NQP; q++)
			resp_flush(q);
	/* RX decide hands its events on as the completer takes them */
	if (comp_rtl_inputs_pending(R) > 8)
		return;
	for (unsigned k = rndr(3); k && wire_get(&rev, &p); k--) {
		uint8_t *l = p.type == PK_RESP ? &lost_rsp[p.q][p.psn & 0xffff] :
			     &lost_ack[p.q][p.psn & 0xffff];
		if (!*l && rndp(loss)) {
			*l = 1;
			continue;
		}
		rx_packet(&p);
	}
}

/* ---- bad events mixed into the traffic ---- */

static void inject_bad(void)
{
	unsigned q = rndr(NTRAFFIC), pick = rndr(5);
	struct qp *s = &Q[q];
	static const unsigned kinds[] = { HPNIC_ACK_KIND_ACK, HPNIC_ACK_KIND_NAK_SEQ,
					  HPNIC_ACK_KIND_NAK_FATAL, HPNIC_ACK_KIND_READ_DONE,
					  HPNIC_ACK_KIND_READ_GAP, HPNIC_ACK_KIND_NAK_RNR };

	if (pick == 0) {
		/* any event for a QP that was never set up */
		push_ack(QP_UNSET, kinds[rndr(6)], (unsigned)rnd());
	} else if (pick == 1) {
		/* a ghost: a PSN never sent */
		push_ack(q, kinds[rndr(6)], psn_add(s->snd_max, 1000 + (int)rndr(1u << 20)));
	} else if (pick == 2) {
		/* a stale duplicate ACK */
		push_ack(q, HPNIC_ACK_KIND_ACK, psn_add(s->acked, -(int)rndr(4)));
	} else if (pick == 3) {
		/* a fatal or RNR NAK of a PSN not in flight */
		push_ack(q, rndp(0.5) ? HPNIC_ACK_KIND_NAK_FATAL : HPNIC_ACK_KIND_NAK_RNR,
			 rndp(0.5) ? psn_add(s->acked, -(int)rndr(4)) :
			 psn_add(s->snd_max, 2000 + (int)rndr(1000)));
	} else {
		/* a stale NAK: everything before it was acknowledged long ago */
		push_ack(q, HPNIC_ACK_KIND_NAK_SEQ, psn_add(s->acked, -(int)rndr(8)));
	}
}

/* ---- phase 1: random traffic over a lossy link ---- */

static int traffic_done(void)
{
	if (fwd.n || rev.n || comp_rtl_inputs_pending(R))
		return 0;
	for (unsigned q = 0; q < NTRAFFIC; q++) {
		struct qp *s = &Q[q];
		if (s->next_cpl != s->nposted || s->pend || s->held)
			return 0;
	}
	return 1;
}

/* events wait and the completer has taken none for long: it hangs */
static int wedged(void)
{
	static int hung;
	uint64_t idle = comp_rtl_cycles(R) - last_take;

	if (hung || !comp_rtl_inputs_pending(R) || idle < 20000)
		return hung;
	CHECK(0, "the completer has taken no event for %llu cycles, %u waiting",
	      (unsigned long long)idle, comp_rtl_inputs_pending(R));
	hung = 1;
	return 1;
}

static void traffic_step(int posting, int inject)
{
	unsigned q = rndr(NTRAFFIC);
	struct qp *s = &Q[q];

	if (posting && rndp(0.3) && s->nposted - s->una < MAX_OUT)
		rnd_post(q);
	for (unsigned k = rndr(3); k; k--)
		req_send(rndr(NTRAFFIC));
	wires_step();
	if (inject && rndp(0.03) && comp_rtl_inputs_pending(R) < 8)
		inject_bad();
	comp_rtl_run(R, rndr(3));
	process();
}

/* after a run: every WQE completed and retired, every record back, the
 * window report of the last event */
static void check_drained(unsigned q)
{
	struct qp *s = &Q[q];

	CHECK(s->next_cpl == s->nposted, "QP %u: %u of %u WQEs completed", q, s->next_cpl,
	      s->nposted);
	CHECK(s->last_una == s->nposted, "QP %u: last una %u, want %u", q, s->last_una, s->nposted);
	CHECK(conns[s->conn].next_free == s->rec_idx, "QP %u: %u of %u records freed", q,
	      conns[s->conn].next_free, s->rec_idx);
	/* the sent position is the mirror's at the last event: a requester that
	 * skipped forward after it (an una past a rewind) left it behind the
	 * acknowledged one, which the scheduler glue counts as nothing in flight */
	int sent_ok = s->inf.sent == s->bpos ||
		      (s->inf.sent - s->inf.acked) & 0x800000;
	CHECK(s->inf_seen && s->inf.acked == s->bpos && sent_ok,
	      "QP %u: last window report acked %06x sent %06x, want both %06x", q, s->inf.acked,
	      s->inf.sent, s->bpos);
}

static void check_pool(void)
{
	unsigned spares = 0, used = 0;

	for (unsigned p = 0; p < NPOOL; p++) {
		spares += own[p].state == REC_SPARE;
		used += own[p].state == REC_USED;
	}
	CHECK(used == 0 && spares + fl_n == NPOOL, "pool: %u records held, %u spares, %u free of "
	      "%d", used, spares, fl_n, NPOOL);
}

/* the state of a QP, to read a failure by */
static void dump_qp(unsigned q)
{
	struct qp *s = &Q[q];

	fprintf(stderr, "  QP %u: posted %u head %u recorded %u una %u snd_nxt %06x snd_max "
		"%06x rd_out %d err %d | responder epsn %06x nak %d | RX READ %d to %06x at "
		"%06x held %d | completer acked %06x completed %u una %u\n", q, s->nposted,
		s->head, s->rec_idx, s->una, s->snd_nxt, s->snd_max, s->rd_out, s->err, s->epsn,
		s->nak_sent, s->rd_valid, s->rd_last, s->rpsn, s->held, s->acked, s->next_cpl,
		s->last_una);
}

static void test_traffic(unsigned steps)
{
	unsigned posted0 = 0, posted = 0, ign0 = n.ignored;
	uint64_t c0 = comp_rtl_cycles(R);
	struct comp_stats st;

	for (unsigned q = 0; q < NTRAFFIC; q++)
		posted0 += Q[q].nposted;
	wires_on = 1;
	loss = 0.03;
	rnr_p = 0.02;
	comp_rtl_set_rto(R, 40);
	for (unsigned i = 0; i < steps; i++) {
		/* now and then one output is all but stopped: the queues fill,
		 * the completer stops taking events (or, for Notify, drops and
		 * counts some), and nothing else may be lost */
		if (i % 2000 == 1500)
			comp_rtl_stall(R, (enum comp_stream)(i / 2000 % COMP_NSTREAMS), 0.98);
		else if (i % 2000 == 0)
			for (int k = 0; k < COMP_NSTREAMS; k++)
				comp_rtl_stall(R, (enum comp_stream)k, 0.3);
		traffic_step(1, 1);
		if (wedged())
			break;
	}
	for (int k = 0; k < COMP_NSTREAMS; k++)
		comp_rtl_stall(R, (enum comp_stream)k, 0.3);
	/* drain: no more posts; losses are recovered by NAKs and the timer */
	for (uint64_t end = comp_rtl_cycles(R) + 400000;
	     !traffic_done() && !wedged() && comp_rtl_cycles(R) < end;)
		traffic_step(0, 0);
	CHECK(traffic_done(), "traffic did not drain");
	if (!traffic_done()) {
		comp_rtl_stats(R, &st);
		fprintf(stderr, "  inputs pending %u, links %u and %u; counters: %u timeouts, %u "
			"rewinds, %u fatal; out: %u completions %u una %u rewinds\n",
			comp_rtl_inputs_pending(R), fwd.n, rev.n, st.timeouts, st.rewinds, st.fatal,
			n.cpl, n.una, n.rewind);
		for (unsigned q = 0; q < NTRAFFIC; q++)
			dump_qp(q);
	}
	settle(64);
	for (unsigned q = 0; q < NTRAFFIC; q++) {
		check_drained(q);
		posted += Q[q].nposted;
	}
	check_pool();
	wires_on = 0;
	rnr_p = 0;
	comp_rtl_stats(R, &st);
	printf("  traffic: %u WQEs on %d QPs over %llu cycles; %u ACKs, %u NAKs, %u RNR NAKs "
	       "(%u acted on), %u READ gaps, %u timeouts, %u rewinds, %u events ignored\n",
	       posted - posted0, NTRAFFIC, (unsigned long long)(comp_rtl_cycles(R) - c0), n.acks,
	       n.naks, n.rnrs, st.rnr_naks, n.gaps, st.timeouts, n.rewind, n.ignored - ign0);
}

/* ---- directed phases (no link: the test acknowledges by hand) ---- */

/* acknowledge and resend until every WQE of q completed */
static void ack_all(unsigned q)
{
	struct qp *s = &Q[q];

	for (int guard = 0; guard < 64; guard++) {
		req_send_all(q);
		settle(32);
		if (s->next_cpl == s->nposted)
			return;
		unsigned a = psn_add(s->snd_nxt, -1);
		int i = wqe_of(s, a);
		push_ack(q, i >= 0 && W(s, (unsigned)i)->read && W(s, (unsigned)i)->last == a ?
		         HPNIC_ACK_KIND_READ_DONE : HPNIC_ACK_KIND_ACK, a);
	}
	CHECK(0, "QP %u: %u of %u WQEs completed", q, s->next_cpl, s->nposted);
}

/* one NAK or READ gap at a time: exactly one rewind, to the right place */
static void test_naks(unsigned rounds)
{
	unsigned nrw = 0, nstale = 0;

	comp_rtl_set_rto(R, 0);
	for (unsigned r = 0; r < rounds; r++) {
		unsigned q = rndr(NTRAFFIC);
		struct qp *s = &Q[q];

		for (unsigned k = 1 + rndr(4); k; k--)
			req_post(q, rndp(0.3), 1 + rndr(4), rndp(0.5));
		req_send_all(q);
		settle(32);
		unsigned lo = psn_add(s->acked, 1);
		int span = psn_diff(s->snd_nxt, lo);
		if (span <= 0) {
			ack_all(q);
			continue;
		}
		unsigned p = psn_add(lo, (int)rndr((unsigned)span));
		if (p != lo && rndp(0.5)) {
			/* some acknowledged first */
			unsigned a = psn_add(lo, (int)rndr((unsigned)psn_diff(p, lo)));
			push_ack(q, HPNIC_ACK_KIND_ACK, a);
			settle(32);
		}
		int i = wqe_of(s, p);
		struct wqe *e = W(s, (unsigned)i);
		/* a NAK names a request's PSN; a READ gap one inside the READ */
		unsigned kind = e->read && (p != e->first || rndp(0.5)) ? HPNIC_ACK_KIND_READ_GAP :
			        HPNIC_ACK_KIND_NAK_SEQ;
		rw_n = 0;
		push_ack(q, kind, p);
		settle(48);
		CHECK(rw_n == 1 && rw_log[0].qpn == q && rw_log[0].psn == p &&
		      rw_log[0].idx == (unsigned)i && !rw_log[0].fatal,
		      "QP %u: %s at PSN %06x (WQE %d): %u rewinds, the first to WQE %u PSN %06x", q,
		      kind == HPNIC_ACK_KIND_NAK_SEQ ? "NAK" : "READ gap", p, i, rw_n,
		      rw_n ? rw_log[0].idx : 0, rw_n ? rw_log[0].psn : 0);
		CHECK(s->next_cpl == (unsigned)i, "QP %u: after a NAK at PSN %06x in WQE %d, %u "
		      "WQEs completed", q, p, i, s->next_cpl);
		nrw += rw_n;
		/* the same NAK again once the requester went back, and a stale one:
		 * neither rewinds */
		rw_n = 0;
		push_ack(q, kind, p);
		push_ack(q, HPNIC_ACK_KIND_NAK_SEQ, psn_add(p, -1 - (int)rndr(3)));
		settle(48);
		CHECK(rw_n == 0, "QP %u: a repeated or stale NAK rewinds (to PSN %06x)", q,
		      rw_log[0].psn);
		nstale += 2;
		ack_all(q);
	}
	printf("  %u NAKs and READ gaps: one rewind each; %u repeated or stale ones none\n", nrw,
	       nstale);
}

/* the timer: with no acknowledgement, RETRY_MAX rewinds to the first PSN
 * not acknowledged, then a retry-exceeded completion; progress resets the
 * count */
static void timeouts(unsigned q, unsigned rto, int progress_after)
{
	struct qp *s = &Q[q];
	struct comp_stats st0, st1;
	unsigned want_rw = COMP_RTL_RETRY_MAX;
	unsigned nrw = 0;

	/* the timeouts before the progress are not in the row */
	if (progress_after >= 0)
		want_rw += (unsigned)progress_after;
	uint64_t last = comp_rtl_cycles(R);

	comp_rtl_stats(R, &st0);
	rw_n = cpl_n = 0;
	s->fail_status = COMP_CPL_RETRY_EXC;
	for (uint64_t end = last + (want_rw + 2) * (rto + 4) * 16 * 4; comp_rtl_cycles(R) < end;) {
		comp_rtl_run(R, 4);
		process();
		if (rw_n == nrw)
			continue;
		/* a timeout: more than rto units after the last progress, the
		 * send, or the timeout before (the time of its pass: a unit and
		 * the rewind queue's jitter earlier than it leaves) */
		const struct comp_rewind *w = &rw_log[nrw++];
		uint64_t gap = w->cycle - last;
		CHECK(w->qpn == q, "QP %u timed out; it has nothing outstanding", w->qpn);
		CHECK(gap >= ((uint64_t)(rto - 1) << COMP_RTL_TIME_SHIFT) &&
		      gap <= ((uint64_t)(rto + 3) << COMP_RTL_TIME_SHIFT) + 64,
		      "QP %u: timeout %u after %llu cycles (RTO %u units of %d cycles)", q, nrw,
		      (unsigned long long)gap, rto, 1 << COMP_RTL_TIME_SHIFT);
		CHECK(w->psn == psn_add(s->acked, 1), "QP %u: timeout rewinds to PSN %06x, want "
		      "%06x", q, w->psn, psn_add(s->acked, 1));
		if (w->fatal)
			break;
		last = w->cycle;
		req_send_all(q);
		if ((int)nrw == progress_after) {
			/* one packet acknowledged: the count starts again */
			last = comp_rtl_cycles(R);
			push_ack(q, HPNIC_ACK_KIND_ACK, psn_add(s->acked, 1));
			settle(8);
		}
	}
	CHECK(nrw == want_rw + 1 && rw_log[nrw - 1].fatal,
	      "QP %u: %u timeouts, the last %s; want %u and a fatal one", q, nrw,
	      nrw && rw_log[nrw - 1].fatal ? "fatal" : "not fatal", want_rw);
	settle(32);
	CHECK(cpl_n == 1 && cpl_log[0].idx == s->next_cpl - 1 &&
	      cpl_log[0].status == COMP_CPL_RETRY_EXC,
	      "QP %u: after the retries %u completions, the first WQE %u status %u", q, cpl_n,
	      cpl_n ? cpl_log[0].idx : 0, cpl_n ? cpl_log[0].status : 0);
	comp_rtl_stats(R, &st1);
	CHECK(st1.timeouts - st0.timeouts == want_rw + 1 && st1.fatal - st0.fatal == 1 &&
	      st1.rewinds - st0.rewinds == want_rw,
	      "QP %u: counters +%u timeouts +%u fatal +%u rewinds, want +%u +1 +%u", q,
	      st1.timeouts - st0.timeouts, st1.fatal - st0.fatal, st1.rewinds - st0.rewinds,
	      want_rw + 1, want_rw);

	/* a failed QP stays quiet: no timer, and acknowledgements are ignored */
	unsigned cpl0 = n.cpl;
	comp_rtl_run(R, 8 * (rto + 2) << COMP_RTL_TIME_SHIFT);
	process();
	push_ack(q, HPNIC_ACK_KIND_ACK, psn_add(s->snd_max, -1));
	settle(64);
	CHECK(rw_n == nrw && n.cpl == cpl0, "QP %u: output after it failed (%u rewinds, %u "
	      "completions)", q, rw_n - nrw, n.cpl - cpl0);
	s->fail_status = 0;
}

static void test_timer(void)
{
	unsigned rto = 3;
	unsigned q;
	struct qp *s;

	comp_rtl_set_rto(R, rto);
	/* QPs 0..5 are idle, everything acknowledged: they must not time out */
	q = 6;
	qp_start(q, (unsigned)rnd(), rndp(0.5), NULL);
	settle(32);
	req_post(q, 0, 3, 0);
	req_post(q, 1, 2, 0);
	req_send_all(q);
	timeouts(q, rto, -1);

	/* progress after two timeouts: RETRY_MAX more before it fails */
	qp_start(q, (unsigned)rnd(), rndp(0.5), NULL);
	settle(32);
	req_post(q, 0, 4, 1);
	req_send_all(q);
	timeouts(q, rto, 2);

	/* a QP idle for longer than the RTO that sends does not time out
	 * before its ACK can come */
	q = rndr(NTRAFFIC);
	s = &Q[q];
	rw_n = 0;
	req_post(q, 0, 1, 1);
	req_send_all(q);
	comp_rtl_run(R, 8);
	push_ack(q, HPNIC_ACK_KIND_ACK, psn_add(s->snd_nxt, -1));
	settle(32);
	CHECK(rw_n == 0 && s->next_cpl == s->nposted, "QP %u: timed out at once after an idle "
	      "time (%u rewinds)", q, rw_n);
	comp_rtl_set_rto(R, 0);
	printf("  timer: %d rewinds then RETRY_EXCEEDED; progress restarts the count; an idle QP "
	       "starts afresh\n", COMP_RTL_RETRY_MAX);
}

/* a fatal NAK: the WQEs before its PSN complete, the one holding it fails */
static void test_fatal_nak(void)
{
	unsigned q = 6;
	struct qp *s = &Q[q];

	qp_start(q, (unsigned)rnd(), rndp(0.5), NULL);
	settle(32);
	for (int k = 0; k < 4; k++)
		req_post(q, 0, 1 + rndr(3), rndp(0.5));
	req_send_all(q);
	settle(32);
	/* out of the window: ignored */
	rw_n = cpl_n = 0;
	push_ack(q, HPNIC_ACK_KIND_NAK_FATAL, psn_add(s->snd_max, (int)rndr(100)));
	push_ack(q, HPNIC_ACK_KIND_NAK_FATAL, psn_add(s->acked, -(int)rndr(100)));
	settle(48);
	CHECK(rw_n == 0 && cpl_n == 0, "QP %u: a fatal NAK out of the window acts", q);

	unsigned k = 1 + rndr(3);
	struct wqe *e = W(s, k);
	unsigned p = psn_add(e->first, (int)rndr(e->npkts));
	s->fail_status = COMP_CPL_REMOTE_ERR;
	push_ack(q, HPNIC_ACK_KIND_NAK_FATAL, p);
	settle(48);
	CHECK(cpl_n == k + 1 && cpl_log[k].idx == k && cpl_log[k].status == COMP_CPL_REMOTE_ERR,
	      "QP %u: fatal NAK at PSN %06x (WQE %u): %u completions", q, p, k, cpl_n);
	CHECK(rw_n == 1 && rw_log[0].fatal && rw_log[0].psn == p && rw_log[0].idx == k,
	      "QP %u: fatal NAK at PSN %06x (WQE %u): %u rewinds", q, p, k, rw_n);
	/* and nothing after it */
	push_ack(q, HPNIC_ACK_KIND_ACK, psn_add(s->snd_max, -1));
	settle(48);
	CHECK(cpl_n == k + 1, "QP %u: completions after it failed", q);
	s->fail_status = 0;
	/* its reset gives the failed QP's records back */
	unsigned old = s->conn;
	qp_start(q, (unsigned)rnd(), rndp(0.5), NULL);
	settle(48);
	CHECK(conns[old].next_free == conns[old].nrec, "QP %u reset after a failure: %u of %u "
	      "records back", q, conns[old].next_free, conns[old].nrec);
	printf("  fatal NAK in WQE %u: %u completed, then REMOTE_ERROR; out of the window "
	       "ignored\n", k, k);
}

/* ---- RNR NAKs ---- */

/* the RNR NAK timer field's delays in microseconds, by code (InfiniBand
 * Architecture Specification, Volume 1: code 1 = 0.01 ms ... 31 = 491.52 ms,
 * 0 = 655.36 ms) */
static const unsigned rnr_us[32] = {
	655360, 10, 20, 30, 40, 60, 80, 120, 160, 240, 320, 480, 640, 960, 1280, 1920,
	2560, 3840, 5120, 7680, 10240, 15360, 20480, 30720, 40960, 61440, 81920, 122880,
	163840, 245760, 327680, 491520,
};

static uint64_t rnr_cycles(unsigned code)
{
	return (uint64_t)rnr_us[code] * COMP_RTL_CLK_MHZ;
}

/* the completer's timer units for it, rounded up */
static uint64_t rnr_units(unsigned code)
{
	return (rnr_cycles(code) + (1u << COMP_RTL_TIME_SHIFT) - 1) >> COMP_RTL_TIME_SHIFT;
}

/* QP q afresh with rnr_retry and nwqe WRITEs of 1..3 packets sent; returns
 * a PSN p inside WQE 1 or later (so that WQE 0 and perhaps more lie before
 * it) with p + 1 also sent, and its WQE in *k */
static unsigned rnr_setup(unsigned q, unsigned rnr_retry, unsigned nwqe, unsigned *k)
{
	struct qp *s = &Q[q];

	qp_start(q, (unsigned)rnd(), rndp(0.5), NULL);
	comp_rtl_cfg_qp(R, q, s->mtu_log2, rnr_retry);
	settle(32);
	for (unsigned i = 0; i < nwqe; i++)
		req_post(q, 0, 1 + rndr(3), rndp(0.5));
	req_send_all(q);
	settle(32);
	for (;;) {
		unsigned i = 1 + rndr(nwqe - 1);
		struct wqe *e = W(s, i);
		unsigned p = psn_add(e->first, (int)rndr(e->npkts));
		if (psn_diff(s->snd_nxt, psn_add(p, 1)) > 0) {
			*k = i;
			return p;
		}
	}
}

/* run until the n-th rewind since rw_n was cleared, at most max cycles */
static const struct comp_rewind *await_rewind(unsigned n_want, uint64_t max)
{
	for (uint64_t end = comp_rtl_cycles(R) + max; comp_rtl_cycles(R) < end;) {
		comp_rtl_run(R, 4);
		process();
		if (rw_n >= n_want)
			return &rw_log[n_want - 1];
	}
	return NULL;
}

/* one RNR NAK at p with a retry left: a rewind to p, not before its delay
 * and at most two timer units and the scan after it; the requester resends */
static int rnr_round(unsigned q, unsigned p, unsigned k, unsigned code, uint64_t *gap)
{
	struct qp *s = &Q[q];
	uint64_t lim = (rnr_units(code) + 2) << COMP_RTL_TIME_SHIFT;

	rw_n = 0;
	push_ack_rnr(q, HPNIC_ACK_KIND_NAK_RNR, p, code);
	const struct comp_rewind *w = await_rewind(1, lim + 4000);
	CHECK(w && w->psn == p && w->idx == k && !w->fatal, "QP %u: RNR NAK (code %u) at PSN "
	      "%06x in WQE %u: %s to WQE %u PSN %06x%s", q, code, p, k, w ? "rewind" : "no rewind",
	      w ? w->idx : 0, w ? w->psn : 0, w && w->fatal ? " (fatal)" : "");
	if (!w)
		return 0;
	*gap = w->cycle - s->rnr_taken;
	CHECK(*gap > rnr_cycles(code) && *gap <= lim + 64, "QP %u: RNR NAK code %u (%u us, %llu "
	      "cycles at %d MHz, %llu units): rewind after %llu cycles", q, code, rnr_us[code],
	      (unsigned long long)rnr_cycles(code), COMP_RTL_CLK_MHZ,
	      (unsigned long long)rnr_units(code), (unsigned long long)*gap);
	req_send_all(q);
	settle(16);
	return 1;
}

/* the failing RNR NAK: the WQEs before p complete, the one holding it with
 * RNR_RETRY_EXCEEDED, and a fatal rewind to p */
static void rnr_fail(unsigned q, unsigned p, unsigned k, unsigned code, const char *what)
{
	struct qp *s = &Q[q];
	unsigned cpl0 = s->next_cpl;

	rw_n = cpl_n = 0;
	s->fail_status = COMP_CPL_RNR_EXC;
	push_ack_rnr(q, HPNIC_ACK_KIND_NAK_RNR, p, code);
	settle(64);
	CHECK(rw_n == 1 && rw_log[0].fatal && rw_log[0].psn == p && rw_log[0].idx == k,
	      "QP %u, %s: the RNR NAK past the last retry at PSN %06x (WQE %u): %u rewinds, the "
	      "first %s to PSN %06x", q, what, p, k, rw_n, rw_n && rw_log[0].fatal ? "fatal" :
	      "not fatal", rw_n ? rw_log[0].psn : 0);
	CHECK(cpl_n == k - cpl0 + 1 && cpl_log[cpl_n - 1].idx == k &&
	      cpl_log[cpl_n - 1].status == COMP_CPL_RNR_EXC,
	      "QP %u, %s: %u completions after the last RNR NAK, the last WQE %u status %u; want "
	      "WQEs %u..%u, the last RNR_RETRY_EXCEEDED", q, what, cpl_n,
	      cpl_n ? cpl_log[cpl_n - 1].idx : 0, cpl_n ? cpl_log[cpl_n - 1].status : 0, cpl0, k);
	/* and nothing after it */
	push_ack(q, HPNIC_ACK_KIND_ACK, psn_add(s->snd_max, -1));
	push_ack_rnr(q, HPNIC_ACK_KIND_NAK_RNR, p, code);
	settle(64);
	CHECK(rw_n == 1 && s->next_cpl == k + 1, "QP %u, %s: output after it failed", q, what);
	s->fail_status = 0;
}

static void test_rnr(void)
{
	unsigned q = 6, k, p;
	struct qp *s = &Q[q];
	struct comp_stats st0, st1;
	uint64_t gap;
	static const unsigned codes[] = { 1, 2, 3, 5, 8, 11, 14, 17 };

	/* each code's delay, with the retransmit timer short: it must not
	 * rewind during the wait, and runs again once the wait is over */
	comp_rtl_set_rto(R, 3);
	printf("  RNR delays at %d MHz, %d cycles per timer unit (code: us, cycles, units; "
	       "rewind after cycles):", COMP_RTL_CLK_MHZ, 1 << COMP_RTL_TIME_SHIFT);
	for (unsigned i = 0; i < sizeof(codes) / sizeof(codes[0]); i++) {
		unsigned code = codes[i];
		p = rnr_setup(q, 7, 4, &k);
		comp_rtl_stats(R, &st0);
		cpl_n = 0;
		/* its first rewind is the wait's end, after the delay: the
		 * timer (4 units) did not rewind during the wait */
		if (!rnr_round(q, p, k, code, &gap))
			break;
		CHECK(cpl_n == k && s->next_cpl == k, "QP %u: RNR NAK in WQE %u: %u completions "
		      "before the resend", q, k, cpl_n);
		printf(" %u: %u, %llu, %llu; %llu.", code, rnr_us[code],
		       (unsigned long long)rnr_cycles(code), (unsigned long long)rnr_units(code),
		       (unsigned long long)gap);
		/* nothing acknowledges the resend: the retransmit timer runs
		 * again, one timeout (the requester then waits for a send) */
		for (unsigned c = 0; c < (3 + 6) << COMP_RTL_TIME_SHIFT; c += 4) {
			comp_rtl_run(R, 4);
			process();
		}
		comp_rtl_stats(R, &st1);
		CHECK(st1.timeouts == st0.timeouts + 1 && st1.rnr_naks == st0.rnr_naks + 1 &&
		      rw_n == 2 && rw_log[1].psn == p, "QP %u: RNR wait of code %u: %u timeouts "
		      "(want one, after the wait), %u RNR NAKs counted, %u rewinds", q, code,
		      st1.timeouts - st0.timeouts, st1.rnr_naks - st0.rnr_naks, rw_n);
		ack_all(q);
		check_drained(q);
	}
	printf("\n");
	comp_rtl_set_rto(R, 0);

	/* RNR_RETRY 0, 1, 3: that many waits, then RNR_RETRY_EXCEEDED (with
	 * the retransmit timer off: the scan still ends the waits) */
	static const unsigned retries[] = { 0, 1, 3 };
	for (unsigned i = 0; i < 3; i++) {
		unsigned n = retries[i];
		char what[32];
		snprintf(what, sizeof(what), "RNR_RETRY %u", n);
		p = rnr_setup(q, n, 4, &k);
		comp_rtl_stats(R, &st0);
		for (unsigned j = 0; j < n; j++)
			if (!rnr_round(q, p, k, 1 + rndr(3), &gap))
				break;
		rnr_fail(q, p, k, 1 + rndr(3), what);
		comp_rtl_stats(R, &st1);
		CHECK(st1.rnr_naks - st0.rnr_naks == n + 1 && st1.rnr_retry_exc - st0.rnr_retry_exc == 1 &&
		      st1.fatal - st0.fatal == 1 && st1.rewinds - st0.rewinds == n,
		      "QP %u, %s: counters +%u RNR NAKs +%u RNR retry exceeded +%u fatal +%u rewinds",
		      q, what, st1.rnr_naks - st0.rnr_naks, st1.rnr_retry_exc - st0.rnr_retry_exc,
		      st1.fatal - st0.fatal, st1.rewinds - st0.rewinds);
	}
	printf("  RNR_RETRY 0, 1, 3: as many waits, then RNR_RETRY_EXCEEDED in the WQE holding "
	       "the PSN, the WQEs before it completed\n");

	/* RNR_RETRY 7: no limit */
	p = rnr_setup(q, 7, 3, &k);
	comp_rtl_stats(R, &st0);
	unsigned rounds = 0;
	while (rounds < 100 && rnr_round(q, p, k, 1, &gap))
		rounds++;
	comp_rtl_stats(R, &st1);
	CHECK(rounds == 100 && st1.fatal == st0.fatal && st1.rnr_naks - st0.rnr_naks == 100,
	      "QP %u, RNR_RETRY 7: %u RNR NAKs in a row, %u failures", q, rounds,
	      st1.fatal - st0.fatal);
	ack_all(q);
	check_drained(q);
	printf("  RNR_RETRY 7: 100 RNR NAKs in a row, 100 waits, no failure\n");

	/* progress restores the retries: RNR_RETRY 2, two waits, an ACK of p,
	 * two more at p + 1 (the first of which would fail without it), and
	 * the next fails */
	p = rnr_setup(q, 2, 4, &k);
	unsigned ok = rnr_round(q, p, k, 1, &gap) && rnr_round(q, p, k, 2, &gap);
	push_ack(q, HPNIC_ACK_KIND_ACK, p);
	settle(32);
	unsigned p1 = psn_add(p, 1);
	int k1 = wqe_of(s, p1);
	ok = ok && rnr_round(q, p1, (unsigned)k1, 1, &gap) && rnr_round(q, p1, (unsigned)k1, 3, &gap);
	CHECK(ok, "QP %u, RNR_RETRY 2: the RNR NAK after an ACK of progress failed the QP", q);
	rnr_fail(q, p1, (unsigned)k1, 1, "RNR_RETRY 2, progress");
	/* an RNR NAK past the last one's PSN is progress too */
	p = rnr_setup(q, 1, 4, &k);
	p1 = psn_add(p, 1);
	k1 = wqe_of(s, p1);
	ok = rnr_round(q, p, k, 1, &gap) && rnr_round(q, p1, (unsigned)k1, 1, &gap);
	CHECK(ok, "QP %u, RNR_RETRY 1: an RNR NAK past the one before failed the QP", q);
	rnr_fail(q, p1, (unsigned)k1, 1, "RNR_RETRY 1, progress");
	printf("  progress (an ACK, or an RNR NAK further on) restores the RNR retries\n");

	/* RNR NAKs of PSNs not in flight are ignored (RNR_RETRY 0: one taken
	 * would fail the QP) */
	p = rnr_setup(q, 0, 3, &k);
	comp_rtl_stats(R, &st0);
	rw_n = cpl_n = 0;
	push_ack(q, HPNIC_ACK_KIND_NAK_RNR, psn_add(s->acked, -(int)rndr(4)));
	push_ack(q, HPNIC_ACK_KIND_NAK_RNR, s->snd_max);
	push_ack(q, HPNIC_ACK_KIND_NAK_RNR, psn_add(s->snd_max, 1 + (int)rndr(100)));
	push_ack(q, HPNIC_ACK_KIND_NAK_RNR, psn_add(s->snd_max, 0x400000 + (int)rndr(100)));
	settle((unsigned)(rnr_units(4) + 4) << COMP_RTL_TIME_SHIFT);
	comp_rtl_stats(R, &st1);
	CHECK(rw_n == 0 && cpl_n == 0 && st1.rnr_naks == st0.rnr_naks, "QP %u: an RNR NAK not in "
	      "flight acts (%u rewinds, %u completions)", q, rw_n, cpl_n);
	/* no wait runs: a NAK rewinds at once */
	push_ack(q, HPNIC_ACK_KIND_NAK_SEQ, p);
	settle(48);
	CHECK(rw_n == 1 && rw_log[0].psn == p, "QP %u: a NAK after RNR NAKs not in flight does "
	      "not rewind at once", q);
	ack_all(q);
	check_drained(q);

	/* during a wait: a NAK of the same PSN, the same RNR NAK again (with a
	 * shorter code) and a stale ACK leave it as it is: one rewind, after
	 * the first NAK's delay, one RNR NAK counted */
	p = rnr_setup(q, 7, 4, &k);
	comp_rtl_stats(R, &st0);
	rw_n = 0;
	push_ack_rnr(q, HPNIC_ACK_KIND_NAK_RNR, p, 8);
	settle(16);
	push_ack(q, HPNIC_ACK_KIND_NAK_SEQ, p);
	push_ack_rnr(q, HPNIC_ACK_KIND_NAK_RNR, p, 1);
	push_ack(q, HPNIC_ACK_KIND_ACK, psn_add(p, -1));
	uint64_t t0 = s->rnr_taken;
	const struct comp_rewind *w = await_rewind(1, (rnr_units(8) + 8) << COMP_RTL_TIME_SHIFT);
	comp_rtl_stats(R, &st1);
	CHECK(w && w->psn == p && w->cycle - t0 > rnr_cycles(8) && st1.rnr_naks == st0.rnr_naks + 1,
	      "QP %u: events during an RNR wait of code 8 (%llu cycles): rewind after %llu cycles, "
	      "%u RNR NAKs counted", q, (unsigned long long)rnr_cycles(8),
	      w ? (unsigned long long)(w->cycle - t0) : 0ull, st1.rnr_naks - st0.rnr_naks);
	settle(64);
	CHECK(rw_n == 1, "QP %u: %u rewinds for one RNR wait", q, rw_n);
	req_send_all(q);
	ack_all(q);
	check_drained(q);
	/* an ACK past p ends the wait: no rewind */
	p = rnr_setup(q, 7, 4, &k);
	rw_n = 0;
	push_ack_rnr(q, HPNIC_ACK_KIND_NAK_RNR, p, 5);
	settle(16);
	push_ack(q, HPNIC_ACK_KIND_ACK, p);
	settle((unsigned)(rnr_units(5) + 4) << COMP_RTL_TIME_SHIFT);
	CHECK(rw_n == 0, "QP %u: an RNR wait ended by an ACK past its PSN still rewinds", q);
	ack_all(q);
	check_drained(q);
	printf("  an RNR NAK not in flight is ignored; during a wait, a NAK, the RNR NAK again and "
	       "a stale ACK change nothing; an ACK past its PSN ends it\n");
}

/* a QP reset with records outstanding: they come back to the pool, the
 * old connection's acknowledgements are ignored, the new one runs */
static void test_reset(unsigned rounds)
{
	unsigned reclaimed = 0;

	for (unsigned r = 0; r < rounds; r++) {
		unsigned q = rndr(NTRAFFIC);
		struct qp *s = &Q[q];

		for (unsigned k = 2 + rndr(4); k; k--)
			req_post(q, rndp(0.3), 1 + rndr(3), rndp(0.5));
		req_send_all(q);
		settle(32);
		unsigned done = rndr(s->rec_idx);
		if (done)
			push_ack(q, HPNIC_ACK_KIND_ACK, W(s, done - 1)->last);
		settle(32);
		unsigned old = s->conn, old_snd = s->snd_max, rec0 = n.reclaim, cpl0 = n.cpl;
		unsigned rw0 = n.rewind;
		struct comp_init e;
		/* the old connection's acknowledgements, all its WQEs' and a
		 * NAK: before the completer's INIT, while the requester is in
		 * the new epoch already, and after it. None may act. */
		if (r & 1) {
			qp_start(q, (unsigned)rnd(), 1, &e);
			push_ack(q, HPNIC_ACK_KIND_ACK, psn_add(old_snd, -1));
			push_ack(q, HPNIC_ACK_KIND_NAK_SEQ, psn_add(old_snd, -1));
			settle(48);
			push_init(&e);
		} else {
			qp_start(q, (unsigned)rnd(), rndp(0.5), NULL);
		}
		settle(48);
		push_ack(q, HPNIC_ACK_KIND_ACK, psn_add(old_snd, -1));
		push_ack(q, HPNIC_ACK_KIND_NAK_SEQ, psn_add(old_snd, -1));
		settle(48);
		CHECK(n.rewind == rw0, "QP %u reset: a NAK of the old connection rewinds", q);
		CHECK(conns[old].next_free == conns[old].nrec, "QP %u reset: %u of %u records back",
		      q, conns[old].next_free, conns[old].nrec);
		CHECK(n.cpl == cpl0, "QP %u reset: %u completions of the old connection", q,
		      n.cpl - cpl0);
		reclaimed += n.reclaim - rec0;
		for (unsigned k = 1 + rndr(4); k; k--)
			rnd_post(q);
		ack_all(q);
		check_drained(q);
	}
	check_pool();
	printf("  %u QP resets: %u records reclaimed, the new connections complete\n", rounds,
	       reclaimed);
}

/*
 * A QP reset in the middle of a retirement: an ACK retires several WQEs one
 * pass at a time (re-entries, CONT), and the completer takes the QP's INIT
 * between two of them. The re-entries left must not act on the new
 * connection once the requester's mirror is in the new epoch (it writes it
 * with the INIT): they carry the epoch they began in. Without that, the
 * completer set acked to the old PSN, so the window report was wrong and
 * the timer scan retired a WQE of the new connection nobody acknowledged.
 */
static void test_reset_race(unsigned rounds)
{
	comp_rtl_set_idle(R, 0);
	for (int s = 0; s < COMP_NSTREAMS; s++)
		comp_rtl_stall(R, (enum comp_stream)s, 0);
	for (unsigned r = 0; r < rounds; r++) {
		unsigned q = rndr(NTRAFFIC);
		struct qp *s = &Q[q];

		/* a fresh connection: 4 WQEs retired, 4 retiring when it resets */
		qp_start(q, (unsigned)rnd(), 0, NULL);
		settle(32);
		for (int k = 0; k < 8; k++)
			req_post(q, 0, 1, 1);
		req_send_all(q);
		push_ack(q, HPNIC_ACK_KIND_ACK, W(s, 3)->last);
		settle(32);
		unsigned last = psn_add(s->snd_nxt, -1);
		push_ack(q, HPNIC_ACK_KIND_ACK, last);
		comp_rtl_run(R, r % 4);
		/* the new PSNs lie before the old ones */
		int mfirst = (r & 4) != 0;
		qp_start(q, psn_add(last, -200), mfirst, NULL);
		settle(32);
		/* nothing of the new connection is acknowledged: neither the
		 * window report nor the timer may act as if it were */
		CHECK(s->inf_seen && s->inf.acked == 0, "QP %u reset %u cycles after an ACK "
		      "(mirror written %s the INIT): window report acked position %06x, want 0", q,
		      r % 4, mfirst ? "before" : "with", s->inf.acked);
		comp_rtl_set_rto(R, 3);
		req_post(q, 0, 1, 1);
		req_send_all(q);
		comp_rtl_run(R, 2 << COMP_RTL_TIME_SHIFT);
		process();
		comp_rtl_set_rto(R, 0);
		CHECK(s->next_cpl == 0, "QP %u reset %u cycles after an ACK (mirror written %s the "
		      "INIT): WQE 0 of the new connection completed unacknowledged", q, r % 4,
		      mfirst ? "before" : "with");
		ack_all(q);
		check_drained(q);
	}
	comp_rtl_set_idle(R, 0.3);
	for (int s = 0; s < COMP_NSTREAMS; s++)
		comp_rtl_stall(R, (enum comp_stream)s, 0.3);
	printf("  %u resets right behind a retirement\n", rounds);
}

int main(int argc, char **argv)
{
	uint64_t steps = 200000;
	struct comp_stats st;

	/* lines in order with the failures on stderr, also into a file */
	setvbuf(stdout, NULL, _IOLBF, 0);
	tb_args(argc, argv, "tb_comp",
		"hpnic_comp alone: completions, una, rewinds, the timer, Notify, records.",
		"steps", &steps, NULL);

	if (getenv("TB_COMP_TRACE"))
		trace = atoi(getenv("TB_COMP_TRACE"));
	R = comp_rtl_new(rnd(), 0.3, 0.3);
	comp_rtl_set_overhead(R, OVERHEAD);
	for (unsigned p = 0; p < NPOOL; p++)
		pool_put(p);
	/* the NIC reset's clearing pass: no QP is set up */
	for (unsigned q = 0; q < NQP; q++) {
		struct comp_init e = { .qpn = q, .clear = 1 };
		mirror_write(q, 0, 0, 0);
		push_init(&e);
	}
	settle(32);
	for (unsigned q = 0; q < NQP; q++) {
		/* PSNs near the wrap on some */
		Q[q].mtu_log2 = 6 + rndr(7);
		comp_rtl_cfg_qp(R, q, Q[q].mtu_log2, 7);
		if (q < NTRAFFIC)
			qp_start(q, rndp(0.3) ? PSN_MASK - rndr(64) : (unsigned)rnd(), rndp(0.5),
				 NULL);
	}
	settle(32);

	test_traffic((unsigned)steps);
	test_naks(40);
	test_timer();
	test_fatal_nak();
	test_rnr();
	test_reset(10);
	test_reset_race(8);

	settle(64);
	comp_rtl_stats(R, &st);
	CHECK(nt_skipped + nt_n == st.notify_dropped, "Notify: %u expected never came, %u dropped",
	      nt_skipped + nt_n, st.notify_dropped);
	CHECK(st.rewinds == n.rewind && st.fatal == n.fatal, "counters: %u rewinds %u fatal, "
	      "%u and %u came out", st.rewinds, st.fatal, n.rewind, n.fatal);
	printf("  %u completions, %u una (%u repeats), %u rewinds, %u fatal, %u records freed, "
	       "%u Notify (%u dropped), %u events ignored\n", n.cpl, n.una, n.una_repeat, n.rewind,
	       n.fatal, n.free, nt_got, st.notify_dropped, n.ignored);
	printf("tb_comp: %d checks, %d failed, %llu cycles\n", tb_checks, tb_failures,
	       (unsigned long long)comp_rtl_cycles(R));
	comp_rtl_free(R);
	return tb_finish("tb_comp");
}
