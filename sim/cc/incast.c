/* SPDX-License-Identifier: MIT */
/* Closed-loop incast trace generator; see incast.h. Discrete-event, in ns. */
#include <stdlib.h>
#include <string.h>

#include "incast.h"

#define SW1_GBPS     400.0
#define SW1_B        7            /* 400G */
#define SW1_ID       0x0a1
#define SW2_ID       0x1b2
#define HDR_BYTES    90           /* Eth+IP+UDP+INT(2 hops)+BTH+ICRC+FCS+preamble/IFG */

enum { EV_SEND, EV_SW1_ARRIVE, EV_SW1_DONE, EV_SW2_ARRIVE, EV_SW2_DONE, EV_ACK };

struct pkt {
	unsigned flow;
	uint32_t psn;
	uint32_t wire;
	struct hpcc_hop hop[2];
};

struct event {
	double t;
	uint64_t seq;
	int type;
	unsigned arg;
};

struct heap {
	struct event *e;
	size_t n, cap;
	uint64_t seq;
};

struct queue {                    /* switch egress FIFO of packet ids */
	unsigned *id;
	size_t head, n, cap;
	uint64_t bytes;               /* queued bytes */
	uint64_t tx_bytes;            /* cumulative bytes sent */
	double gbps;
	uint32_t b_enum;
	int busy;
	unsigned cur;
	double ts_offset;
};

struct flow {
	uint32_t snd_nxt, snd_una, psn0;
	uint64_t sent, acked;
	double next_tx;
	double w, rate;               /* bytes, bytes/ns */
	double t_ns;                  /* the QP's T (its own with HPCC_OPT_OVERRIDE) */
	int wait_ack;
};

struct sim {
	const struct incast_cfg *c;
	struct heap h;
	struct queue sw1, sw2;
	struct flow *f;
	struct pkt *pk;
	size_t npk, cappk;
	struct hpcc_fl *cc;
	struct incast_result *r;
	size_t cap_ev;
	uint64_t rng;
	int err;
};

static uint64_t rnd(struct sim *s)
{
	s->rng ^= s->rng << 13;
	s->rng ^= s->rng >> 7;
	s->rng ^= s->rng << 17;
	return s->rng;
}

/* arr, possibly moved, with room for element n; NULL (arr intact) when out of memory */
static void *grow(void *arr, size_t n, size_t *cap, size_t elem)
{
	size_t ncap;
	void *p;

	if (n < *cap)
		return arr;
	ncap = *cap ? *cap * 2 : 1024;
	p = realloc(arr, ncap * elem);
	if (p)
		*cap = ncap;
	return p;
}

static int ev_less(const struct event *a, const struct event *b)
{
	return a->t < b->t || (a->t == b->t && a->seq < b->seq);
}

static void push(struct sim *s, double t, int type, unsigned arg)
{
	struct heap *h = &s->h;
	struct event *e = grow(h->e, h->n, &h->cap, sizeof(*h->e));
	size_t i;

	if (!e) {
		s->err = 1;
		return;
	}
	h->e = e;
	i = h->n++;
	h->e[i] = (struct event){ t, h->seq++, type, arg };
	while (i && ev_less(&h->e[i], &h->e[(i - 1) / 2])) {
		struct event tmp = h->e[i];

		h->e[i] = h->e[(i - 1) / 2];
		h->e[(i - 1) / 2] = tmp;
		i = (i - 1) / 2;
	}
}

static struct event pop(struct heap *h)
{
	struct event top = h->e[0];
	size_t i = 0;

	h->e[0] = h->e[--h->n];
	for (;;) {
		size_t l = 2 * i + 1, r = l + 1, m = i;

		if (l < h->n && ev_less(&h->e[l], &h->e[m]))
			m = l;
		if (r < h->n && ev_less(&h->e[r], &h->e[m]))
			m = r;
		if (m == i)
			break;
		struct event tmp = h->e[i];

		h->e[i] = h->e[m];
		h->e[m] = tmp;
		i = m;
	}
	return top;
}

static int q_push(struct queue *q, unsigned id, uint32_t bytes)
{
	if (q->n == q->cap) {
		size_t cap = q->cap ? q->cap * 2 : 256;
		unsigned *nid = malloc(cap * sizeof(*nid));

		if (!nid)
			return -1;
		for (size_t i = 0; i < q->n; i++)
			nid[i] = q->id[(q->head + i) % q->cap];
		free(q->id);
		q->id = nid;
		q->head = 0;
		q->cap = cap;
	}
	q->id[(q->head + q->n++) % q->cap] = id;
	q->bytes += bytes;
	return 0;
}

static unsigned q_pop(struct queue *q, uint32_t bytes)
{
	unsigned id = q->id[q->head];

	q->head = (q->head + 1) % q->cap;
	q->n--;
	q->bytes -= bytes;
	return id;
}

/* start serving the head packet: INT is written at dequeue */
static void serve(struct sim *s, struct queue *q, int hop, double now, int done_ev)
{
	struct pkt *p;
	uint64_t qlen;

	if (q->busy || !q->n)
		return;
	q->cur = q->id[q->head];
	p = &s->pk[q->cur];
	q_pop(q, p->wire);
	qlen = q->bytes / 80;
	p->hop[hop].b = q->b_enum;
	p->hop[hop].ts = (uint32_t)((uint64_t)(now + q->ts_offset) & 0xffffff);
	p->hop[hop].tx = (uint32_t)((q->tx_bytes / 128) & 0xfffff);
	p->hop[hop].q = (uint32_t)(qlen > 0xffff ? 0xffff : qlen);
	if (hop == 1 && q->bytes + p->wire > s->r->max_queue_bytes)
		s->r->max_queue_bytes = (uint32_t)(q->bytes + p->wire);
	q->tx_bytes += p->wire;
	q->busy = 1;
	push(s, now + p->wire * 8.0 / q->gbps, done_ev, q->cur);
}

static void try_send(struct sim *s, unsigned fi, double now)
{
	const struct incast_cfg *c = s->c;
	struct flow *f = &s->f[fi];
	uint32_t wire = c->payload + HDR_BYTES;
	double inflight = (double)((f->snd_nxt - f->snd_una) & 0xffffff) * wire;
	struct pkt *p;

	if (f->sent >= c->bytes || now < f->next_tx)
		return;
	/* ns-3's rule: send while inflight < W, so a window below one packet
	 * still sends one packet per round trip */
	if (inflight >= f->w) {
		f->wait_ack = 1;
		return;
	}
	p = grow(s->pk, s->npk, &s->cappk, sizeof(*s->pk));
	if (!p) {
		s->err = 1;
		return;
	}
	s->pk = p;
	p = &s->pk[s->npk];
	memset(p, 0, sizeof(*p));
	p->flow = fi;
	p->psn = f->snd_nxt;
	p->wire = wire;
	f->snd_nxt = (f->snd_nxt + 1) & 0xffffff;
	f->sent += c->payload;
	/* NIC serialization, then pacing at R = W/T */
	{
		double ser = wire * 8.0 / c->cc.line_gbps, pace = wire / f->rate;

		f->next_tx = now + (pace > ser ? pace : ser);
		push(s, now + ser + c->link_delay_ns, EV_SW1_ARRIVE, (unsigned)s->npk);
	}
	s->npk++;
	if (f->sent < c->bytes)
		push(s, f->next_tx, EV_SEND, fi);
}

static void on_ack(struct sim *s, unsigned id, double now)
{
	struct pkt *p = &s->pk[id];
	struct flow *f = &s->f[p->flow];
	struct hpcc_event ev, *evs;
	struct hpcc_update u;

	f->snd_una = (p->psn + 1) & 0xffffff;
	f->acked += s->c->payload;
	memset(&ev, 0, sizeof(ev));
	ev.type = HPCC_EV_ACK;
	ev.qpn = 1 + p->flow;
	ev.ack_psn = p->psn;
	ev.snd_nxt = f->snd_nxt;
	ev.nhop = 2;
	ev.path_id = SW1_ID ^ SW2_ID;
	ev.hop[0] = p->hop[0];
	ev.hop[1] = p->hop[1];
	hpcc_fl_event(s->cc, &ev, &u);
	f->w = u.w;
	f->rate = u.w / f->t_ns;

	evs = grow(s->r->ev, s->r->n, &s->cap_ev, sizeof(*s->r->ev));
	if (!evs) {
		s->err = 1;
		return;
	}
	s->r->ev = evs;
	s->r->ev[s->r->n++] = ev;
	s->r->end_ns = now;
	if (f->wait_ack) {
		f->wait_ack = 0;
		try_send(s, p->flow, now);
	}
}

void incast_cfg_default(struct incast_cfg *c)
{
	memset(c, 0, sizeof(*c));
	c->flows = 16;
	c->bytes = 1000000;
	c->payload = 1000;
	c->link_delay_ns = 1000;
	hpcc_user_params_default(&c->cc);
	c->seed = 1;
	c->start_jitter_ns = 0;
}

int incast_generate(const struct incast_cfg *c, struct incast_result *r)
{
	struct sim s;

	memset(&s, 0, sizeof(s));
	memset(r, 0, sizeof(*r));
	s.c = c;
	s.r = r;
	s.rng = c->seed * 0x9e3779b97f4a7c15ull + 1;
	s.cc = hpcc_fl_new(c->flows + 1, &c->cc);
	s.f = calloc(c->flows, sizeof(*s.f));
	if (!s.cc || !s.f)
		s.err = 1;
	s.sw1 = (struct queue){ .gbps = SW1_GBPS, .b_enum = SW1_B };
	s.sw2 = (struct queue){ .gbps = c->cc.line_gbps, .b_enum = 5 };
	for (unsigned b = 1; b <= 8; b++)
		if (hpcc_speed_gbps(b) == (unsigned)c->cc.line_gbps)
			s.sw2.b_enum = b;
	/* counters start at random points so that TS and txBytes wrap in the trace */
	s.sw1.ts_offset = (double)(rnd(&s) & 0xffffff);
	s.sw2.ts_offset = (double)(rnd(&s) & 0xffffff);
	s.sw1.tx_bytes = rnd(&s) & 0x7ffffff;
	s.sw2.tx_bytes = rnd(&s) & 0x7ffffff;
	for (unsigned i = 0; i < c->flows && !s.err; i++) {
		struct flow *f = &s.f[i];
		double t0 = c->start_jitter_ns > 0 ? (double)(rnd(&s) % 1000000) / 1e6 * c->start_jitter_ns : 0;
		const struct hpcc_event *in = c->init ? &c->init[i] : NULL;

		if (c->stagger_ns > 0 && c->stagger_group)
			t0 += (double)(i / c->stagger_group) * c->stagger_ns;

		/* some flows start near the PSN wrap */
		f->psn0 = (i & 1) ? (uint32_t)(0x1000000 - 200 - i) : (uint32_t)(rnd(&s) & 0xfffff);
		f->snd_nxt = f->snd_una = f->psn0;
		f->w = c->cc.line_gbps * c->cc.t_ns / 8.0;
		f->rate = c->cc.line_gbps / 8.0;
		f->t_ns = c->cc.t_ns;
		if (in && in->type == HPCC_EV_INIT) {
			struct hpcc_event ev = *in, *evs;
			struct hpcc_update u;

			ev.qpn = 1 + i;
			ev.mode = HPCC_MODE_HPCC;
			hpcc_fl_event(s.cc, &ev, &u);
			if (ev.cc_opts & HPCC_OPT_OVERRIDE)
				f->t_ns = ev.t_ns;
			f->w = u.w;
			evs = grow(r->ev, r->n, &s.cap_ev, sizeof(*r->ev));
			if (!evs) {
				s.err = 1;
				break;
			}
			r->ev = evs;
			r->ev[r->n++] = ev;
		}
		push(&s, t0, EV_SEND, i);
	}
	while (s.h.n && !s.err) {
		struct event e = pop(&s.h);

		switch (e.type) {
		case EV_SEND:
			try_send(&s, e.arg, e.t);
			break;
		case EV_SW1_ARRIVE:
			if (q_push(&s.sw1, e.arg, s.pk[e.arg].wire))
				s.err = 1;
			serve(&s, &s.sw1, 0, e.t, EV_SW1_DONE);
			break;
		case EV_SW1_DONE:
			s.sw1.busy = 0;
			push(&s, e.t, EV_SW2_ARRIVE, e.arg);    /* sw1 and sw2 are co-located */
			serve(&s, &s.sw1, 0, e.t, EV_SW1_DONE);
			break;
		case EV_SW2_ARRIVE:
			if (q_push(&s.sw2, e.arg, s.pk[e.arg].wire))
				s.err = 1;
			serve(&s, &s.sw2, 1, e.t, EV_SW2_DONE);
			break;
		case EV_SW2_DONE:
			s.sw2.busy = 0;
			/* to the receiver, which ACKs at once; the ACK path is uncongested */
			push(&s, e.t + 3 * c->link_delay_ns, EV_ACK, e.arg);
			serve(&s, &s.sw2, 1, e.t, EV_SW2_DONE);
			break;
		case EV_ACK:
			on_ack(&s, e.arg, e.t);
			break;
		}
	}
	free(s.h.e);
	free(s.sw1.id);
	free(s.sw2.id);
	free(s.f);
	free(s.pk);
	hpcc_fl_free(s.cc);
	if (s.err) {
		incast_result_free(r);
		return -1;
	}
	return 0;
}

void incast_result_free(struct incast_result *r)
{
	free(r->ev);
	r->ev = NULL;
	r->n = 0;
}
