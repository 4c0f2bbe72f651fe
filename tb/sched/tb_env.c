/* SPDX-License-Identifier: MIT */
/*
 * Cycle-level environment around the Verilated flow scheduler (tb_env.h).
 *
 * Checks made on every cycle's PktSend handshake (a QP's inflight only grows
 * at its own handshakes, so checking each handshake as it happens is the
 * every-cycle invariant "inflight <= W"):
 *   window  inflight + len <= W, where W is the largest window the scheduler
 *           may have used for that decision (see allowed()), unless nothing
 *           was in flight (the one-packet floor, counted separately);
 *   MTU     1 <= len <= the MTU likewise;
 *   bytes   the QP never sends more than was posted to it;
 *   removed no PktSend for a QP removed longer ago than the decision bound.
 *
 * Decision bound. A decision waits in its engine's queue (16 entries) behind
 * at most 17 decisions of its engine, and between two of them the round robin
 * serves at most one decision of each other engine; a decision is at most 4
 * packets. So at most hs_k = 68 x ENGINES + 8 PktSend handshakes separate a
 * decision from its own handshake, and the decision was taken no earlier than
 * the hs_k-th previous handshake (minus the pipeline). Tables it read were
 * written no earlier than that minus EVENT_SLACK_CYCLES.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tb_env.h"


uint32_t gbps_q16(double gbps)
{
	return (uint32_t)(gbps / 8.0 * 65536.0 + 0.5);
}

double q16_gbps(uint32_t q)
{
	return q / 65536.0 * 8.0;
}

/* ---- event queues ---- */

static void q_push(struct evq *q, const struct ev *v)
{
	if (q->n == q->cap) {
		size_t nc = q->cap ? 2 * q->cap : 64;
		struct ev *nv = malloc(nc * sizeof(*nv));

		if (!nv) {
			perror("malloc");
			exit(2);
		}
		for (size_t i = 0; i < q->n; i++)
			nv[i] = q->v[(q->head + i) % q->cap];
		free(q->v);
		q->v = nv;
		q->cap = nc;
		q->head = 0;
	}
	q->v[(q->head + q->n) % q->cap] = *v;
	q->n++;
}

static struct ev *q_head(struct evq *q)
{
	return q->n ? &q->v[q->head] : NULL;
}

static void q_pop(struct evq *q)
{
	q->head = (q->head + 1) % q->cap;
	q->n--;
}

/* ---- environment ---- */

#define HS_RING 4096u

struct env *env_new(const struct sched_params *p, const char *fst)
{
	struct env *e = calloc(1, sizeof(*e));

	if (!e) {
		perror("calloc");
		exit(2);
	}
	e->p = *p;
	e->nqp = 1u << sched_rtl_qpn_bits();
	e->engines = sched_rtl_engines();
	e->clk_ns = sched_rtl_clk_ns();
	e->q = calloc(e->nqp, sizeof(*e->q));
	e->hs = calloc(HS_RING, sizeof(*e->hs));
	e->hs_k = 68 * e->engines + 8;
	e->win_check_scale = 1.0;
	e->stall_burst = 1.0;
	if (!e->q || !e->hs) {
		perror("calloc");
		exit(2);
	}
	e->r = sched_rtl_new(p, fst);
	if (!e->r) {
		fprintf(stderr, "tb_sched: cannot build the model\n");
		exit(2);
	}
	return e;
}

void env_free(struct env *e)
{
	if (!e)
		return;
	sched_rtl_free(e->r);
	free(e->upd.v);
	free(e->work.v);
	free(e->ack.v);
	free(e->flow.v);
	free(e->mtu.v);
	free(e->acks_pending.v);
	free(e->q);
	free(e->hs);
	free(e->dep);
	free(e);
}

uint64_t env_now_ps(const struct env *e)
{
	return e->cyc * e->clk_ns * 1000ull;
}

size_t env_queued(const struct env *e)
{
	return e->upd.n + e->work.n + e->ack.n + e->flow.n + e->mtu.n;
}

void env_update(struct env *e, uint32_t qpn, uint32_t w_bytes, uint32_t rate_q16)
{
	struct ev v = { .qpn = qpn, .a = w_bytes, .b = rate_q16 };

	e->q[qpn].queued++;
	q_push(&e->upd, &v);
}

void env_work(struct env *e, uint32_t qpn, uint32_t bytes)
{
	struct ev v = { .qpn = qpn, .a = bytes };

	e->q[qpn].queued++;
	q_push(&e->work, &v);
}

void env_create(struct env *e, uint32_t qpn)
{
	struct ev v = { .qpn = qpn, .a = 0 };

	e->q[qpn].queued++;
	q_push(&e->flow, &v);
}

void env_remove(struct env *e, uint32_t qpn)
{
	struct ev v = { .qpn = qpn, .a = 1 };

	e->q[qpn].queued++;
	q_push(&e->flow, &v);
}

void env_mtu(struct env *e, uint32_t qpn, uint32_t len)
{
	struct ev v = { .qpn = qpn, .a = len };

	e->q[qpn].queued++;
	q_push(&e->mtu, &v);
}

void env_ack_raw(struct env *e, uint32_t qpn, uint32_t una)
{
	struct ev v = { .qpn = qpn, .a = una, .inc = e->q[qpn].inc };

	e->q[qpn].queued++;
	q_push(&e->ack, &v);
}

static void hist_add(struct hist *h, unsigned *n, uint64_t cyc, uint32_t v)
{
	if (*n == HIST_N) {
		memmove(h, h + 1, (HIST_N - 1) * sizeof(*h));
		(*n)--;
	}
	h[*n].cyc = cyc;
	h[*n].v = v;
	(*n)++;
}

uint64_t env_lag_cycles(const struct env *e)
{
	uint64_t first;

	if (e->nhs < e->hs_k)
		return e->cyc;
	first = e->hs[(e->nhs - e->hs_k) % HS_RING];
	return e->cyc - first + 16 + EVENT_SLACK_CYCLES;
}

/*
 * The largest value the scheduler may have used for a decision departing
 * now: every value accepted since the earliest possible table read, and the
 * one in effect just before it. If the history has been overwritten before
 * that point, the largest one kept (the check only gets looser).
 */
static uint32_t allowed(const struct hist *h, unsigned n, uint64_t since)
{
	uint32_t m = 0;
	int i;

	for (i = (int)n - 1; i >= 0; i--) {
		if (h[i].v > m)
			m = h[i].v;
		if (h[i].cyc <= since)
			break;
	}
	return m;
}

/* print the first few violations; env users count them (env_checks_clean) */
#define REPORT(count, ...)                                                \
	do {                                                              \
		if ((count) < 10 && !e->quiet)                            \
			fprintf(stderr, __VA_ARGS__);                     \
		(count)++;                                                \
	} while (0)

static void on_pktsend(struct env *e, uint32_t qpn, uint32_t len)
{
	struct qp_state *q = &e->q[qpn];
	uint64_t lag = env_lag_cycles(e);
	uint64_t since = e->cyc > lag ? e->cyc - lag : 0;
	uint64_t now = env_now_ps(e), start, wire;
	uint32_t w, mtu;
	uint64_t inflight;

	if (lag > e->max_lag_cycles)
		e->max_lag_cycles = lag;
	e->hs[e->nhs % HS_RING] = e->cyc;
	e->nhs++;

	/* TX model: the wire starts this packet when it is free */
	wire = (uint64_t)((len + WIRE_OVERHEAD) * 8000.0 / (e->tx_gbps > 0 ? e->tx_gbps : 1e9) + 0.5);
	start = e->tx_free_ps > now ? e->tx_free_ps : now;
	if (e->tx_gbps > 0) {
		e->tx_free_ps = start + wire;
		e->tx_busy_ps += wire;
	}

	if (!q->created) {
		REPORT(e->removed_viol, "cycle %llu: PktSend for QP %u that was never created\n",
		       (unsigned long long)e->cyc, qpn);
		return;
	}
	if (!q->valid && q->removed_cyc < since) {
		REPORT(e->removed_viol, "cycle %llu: PktSend for QP %u removed at cycle %llu\n",
		       (unsigned long long)e->cyc, qpn, (unsigned long long)q->removed_cyc);
	}
	mtu = allowed(q->mhist, q->nmh, since);
	if (len == 0 || len > mtu) {
		REPORT(e->mtu_viol, "cycle %llu: QP %u PktSend len %u, MTU %u\n",
		       (unsigned long long)e->cyc, qpn, len, mtu);
	}
	if (q->sent + len > q->posted) {
		REPORT(e->bytes_viol, "cycle %llu: QP %u sends byte %llu of %llu posted\n",
		       (unsigned long long)e->cyc, qpn, (unsigned long long)(q->sent + len),
		       (unsigned long long)q->posted);
	}
	inflight = q->sent - q->acked;
	w = (uint32_t)(allowed(q->whist, q->nwh, since) * e->win_check_scale);
	e->win_checks++;
	if (inflight == 0 && len > w) {
		q->floor_sends++;
		e->floor_sends++;
	} else if (inflight + len > w) {
		REPORT(e->win_viol, "cycle %llu: QP %u inflight %llu + %u > W %u\n",
		       (unsigned long long)e->cyc, qpn, (unsigned long long)inflight, len, w);
	}
	q->sent += len;
	if (q->sent - q->acked > q->max_inflight)
		q->max_inflight = q->sent - q->acked;
	if (!q->pkts)
		q->first_ps = (double)start;
	q->last_ps = (double)start;
	q->pkts++;
	q->charged += len + WIRE_OVERHEAD;

	if (e->log_deps) {
		if (e->ndep == e->capdep) {
			size_t nc = e->capdep ? 2 * e->capdep : 65536;
			struct dep *nd = realloc(e->dep, nc * sizeof(*nd));

			if (!nd) {
				perror("realloc");
				exit(2);
			}
			e->dep = nd;
			e->capdep = nc;
		}
		e->dep[e->ndep].qpn = qpn;
		e->dep[e->ndep].charge = len + WIRE_OVERHEAD;
		e->dep[e->ndep].t_ps = start;
		e->ndep++;
	}
	if (e->rtt_ps) {
		struct ev a = { .qpn = qpn, .a = (uint32_t)q->sent, .t = start + e->rtt_ps,
				.inc = q->inc };

		q_push(&e->acks_pending, &a);
	}
}

static int offer(const struct env *e, const struct evq *q)
{
	return q->n && !(e->idle_prob > 0 && rndf() < e->idle_prob);
}

void env_step(struct env *e)
{
	struct sched_in in;
	struct sched_out out;
	struct ev *h;
	uint64_t now = env_now_ps(e);
	int o_upd, o_work, o_ack, o_flow, o_mtu;

	/* ACKs whose RTT has elapsed go to the ACK source */
	while ((h = q_head(&e->acks_pending)) && h->t <= now) {
		if (h->inc == e->q[h->qpn].inc && e->q[h->qpn].valid) {
			e->q[h->qpn].queued++;
			q_push(&e->ack, h);
		}
		q_pop(&e->acks_pending);
	}

	memset(&in, 0, sizeof(in));
	o_upd = offer(e, &e->upd);
	o_work = offer(e, &e->work);
	o_ack = offer(e, &e->ack);
	o_flow = offer(e, &e->flow);
	o_mtu = offer(e, &e->mtu);
	if (o_upd) {
		h = q_head(&e->upd);
		in.update_valid = 1;
		in.update_qpn = h->qpn;
		in.update_w_q4 = h->a << 4;
		in.update_rate_q16 = h->b;
	}
	if (o_work) {
		h = q_head(&e->work);
		in.work_valid = 1;
		in.work_qpn = h->qpn;
		in.work_bytes = h->a;
	}
	if (o_ack) {
		h = q_head(&e->ack);
		in.ack_valid = 1;
		in.ack_qpn = h->qpn;
		in.ack_snd_una = h->a;
	}
	if (o_flow) {
		h = q_head(&e->flow);
		in.flow_valid = 1;
		in.flow_qpn = h->qpn;
		in.flow_remove = h->a;
	}
	if (o_mtu) {
		h = q_head(&e->mtu);
		in.mtu_valid = 1;
		in.mtu_qpn = h->qpn;
		in.mtu_len = h->a;
	}
	/* stalls: a two-state chain, stalled a stall_prob fraction of the cycles
	 * in runs of stall_burst cycles on average */
	if (e->stall_prob > 0) {
		double b = e->stall_burst < 1 ? 1 : e->stall_burst;

		if (e->stalled)
			e->stalled = !(rndf() < 1.0 / b);
		else
			e->stalled = rndf() < e->stall_prob / ((1.0 - e->stall_prob) * b);
	} else {
		e->stalled = 0;
	}
	in.pktsend_ready = !e->stalled &&
			   (e->tx_gbps <= 0 || e->tx_free_ps < now + e->clk_ns * 1000ull);

	sched_rtl_step(e->r, &in, &out);

	if (o_upd && out.update_ready) {
		h = q_head(&e->upd);
		struct qp_state *q = &e->q[h->qpn];

		if (q->valid) {
			q->w = h->a;
			q->rate_q16 = h->b;
			hist_add(q->whist, &q->nwh, e->cyc, h->a);
		}
		q->queued--;
		q_pop(&e->upd);
	}
	if (o_work && out.work_ready) {
		h = q_head(&e->work);
		struct qp_state *q = &e->q[h->qpn];

		if (q->valid)
			q->posted += h->a;
		q->queued--;
		q_pop(&e->work);
	}
	if (o_ack && out.ack_ready) {
		h = q_head(&e->ack);
		struct qp_state *q = &e->q[h->qpn];

		if (q->valid && h->inc == q->inc)
			q->acked = h->a;
		q->queued--;
		q_pop(&e->ack);
	}
	if (o_flow && out.flow_ready) {
		h = q_head(&e->flow);
		struct qp_state *q = &e->q[h->qpn];

		if (!h->a) {
			uint32_t winit = (uint32_t)(((uint64_t)e->p.line_rate_q16 * e->p.t_ns) >> 16);

			if (winit > 0x3fffff)
				winit = 0x3fffff;
			q->created = 1;
			q->valid = 1;
			q->inc++;
			q->posted = q->sent = q->acked = 0;
			q->w = winit;
			q->rate_q16 = e->p.line_rate_q16;
			q->mtu = e->p.mtu_default;
			q->nwh = q->nmh = 0;
			hist_add(q->whist, &q->nwh, e->cyc, winit);
			hist_add(q->mhist, &q->nmh, e->cyc, e->p.mtu_default);
		} else {
			q->valid = 0;
			q->removed_cyc = e->cyc;
		}
		q->queued--;
		q_pop(&e->flow);
	}
	if (o_mtu && out.mtu_ready) {
		h = q_head(&e->mtu);
		struct qp_state *q = &e->q[h->qpn];

		if (q->valid && h->a) {
			q->mtu = h->a;
			hist_add(q->mhist, &q->nmh, e->cyc, h->a);
		}
		q->queued--;
		q_pop(&e->mtu);
	}
	if (out.pktsend_valid && in.pktsend_ready)
		on_pktsend(e, out.pktsend_qpn, out.pktsend_len);
	e->cyc++;
}

void env_run(struct env *e, uint64_t cycles)
{
	for (uint64_t i = 0; i < cycles; i++)
		env_step(e);
}

int env_drain_inputs(struct env *e, uint64_t max_cycles)
{
	uint64_t i;

	for (i = 0; i < max_cycles && env_queued(e); i++)
		env_step(e);
	/* the input FIFOs and a last create */
	for (i = 0; i < 64; i++)
		env_step(e);
	return env_queued(e) ? -1 : 0;
}
