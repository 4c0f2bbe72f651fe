/* SPDX-License-Identifier: MIT */
/*
 * tb_qp_queue: rtl/common/hpnic_qp_queue (per-QP queues in a shared pool,
 * SERVE items in service per QP) against a C model, in the responder's
 * shape (SERVE 1, repeated pushes that replace) and the requester's
 * (SERVE 4, flushes).
 *
 * Pushes, flushes and dones arrive at random with idle cycles between them;
 * the output's ready is held low at random. A done names the oldest item
 * the harness saw issued for its QP (or, at times, a made-up tag, which
 * must be counted stale). Every item that comes out must be the next the
 * model issued: QP, data, tag {epoch, gen}, flush. Drops over a QP's limit
 * and with the pool empty, and stale dones, must match the model's counts.
 * After a reset in the middle, everything starts over empty. In the
 * responder's shape, marks (its ACK/NAKs) come in among the pushes: one for
 * a QP holding nothing must come out at once, whole; one for a busy QP is
 * held (only the latest, its low 20 bits) until the QP holds nothing, and
 * dropped by a push the queue takes or a flush. Prints its seed; --seed,
 * --cycles N.
 */
#define _POSIX_C_SOURCE 200809L

#include "qq_rtl.h"
#include "tb_util.h"

#define NQ QQ_RTL_QPS
#define QCAP 64
#define OCAP 4096

struct item {
	uint64_t data;
	unsigned qpn, tag, flush;
};

struct mqp {
	unsigned epoch, gen, serving, last_key, n;
	unsigned mk_valid;
	uint64_t mk;
	uint64_t q[QCAP];       /* queued data, oldest first */
	/* tags the harness saw issued and has not yet sent a done for */
	unsigned seen[QCAP], nseen;
};

static struct mqp qp[NQ];
static unsigned pool_free;
static uint32_t m_full, m_pool, m_stale, m_held;
static struct item out[OCAP];
static unsigned out_head, out_n;
/* marks that must come out, in order */
static struct item mout[OCAP];
static unsigned mout_head, mout_n;
static uint64_t marks_direct, marks_released, marks_dropped;

static void emit_mark(unsigned qpn, uint64_t data)
{
	if (mout_n == OCAP) {
		fprintf(stderr, "model mark overflow\n");
		exit(1);
	}
	mout[(mout_head + mout_n++) % OCAP] = (struct item){ .data = data, .qpn = qpn };
}
static unsigned serve;

static void emit(unsigned qpn, uint64_t data, unsigned epoch, unsigned gen, unsigned flush)
{
	struct item it = { .data = data, .qpn = qpn, .tag = ((epoch & 15) << 4) | (gen & 15), .flush = flush };

	if (out_n == OCAP) {
		fprintf(stderr, "model output overflow\n");
		exit(1);
	}
	out[(out_head + out_n++) % OCAP] = it;
}

static void model_reset(void)
{
	memset(qp, 0, sizeof(qp));
	pool_free = QQ_RTL_POOL;
	m_full = m_pool = m_stale = m_held = 0;
	out_head = out_n = 0;
	mout_head = mout_n = 0;
}

static int key_after(unsigned key, unsigned last)
{
	unsigned d = (key - last) & 0xffffff;

	return d != 0 && !(d & 0x800000);
}

static void m_push(unsigned qpn, uint64_t data, unsigned key, int dup)
{
	struct mqp *p = &qp[qpn];
	int busy = p->serving || p->n;

	if (dup && busy && !key_after(key, p->last_key)) {
		pool_free += p->n;
		p->n = 0;
		p->epoch = (p->epoch + 1) & 15;
		p->gen = 1;
		p->serving = 1;
		p->last_key = key;
		emit(qpn, data, p->epoch, 0, 0);
	} else if (p->serving + p->n >= QQ_RTL_LIMIT) {
		m_full++;
		return;
	} else if (p->serving < serve && p->n == 0) {
		emit(qpn, data, p->epoch, p->gen, 0);
		p->gen = (p->gen + 1) & 15;
		p->serving++;
		p->last_key = key;
	} else if (pool_free == 0) {
		m_pool++;
		return;
	} else {
		p->q[p->n++] = data;
		pool_free--;
		p->last_key = key;
	}
	/* the item taken covers a mark held */
	marks_dropped += p->mk_valid;
	p->mk_valid = 0;
}

static void m_mark(unsigned qpn, uint64_t data)
{
	struct mqp *p = &qp[qpn];

	if (p->serving || p->n) {
		m_held++;
		p->mk_valid = 1;
		p->mk = data & 0xfffff;
	} else {
		emit_mark(qpn, data);
		marks_direct++;
	}
}

static void m_flush(unsigned qpn)
{
	struct mqp *p = &qp[qpn];

	pool_free += p->n;
	p->n = 0;
	p->epoch = (p->epoch + 1) & 15;
	p->gen = 0;
	p->serving = 0;
	p->mk_valid = 0;
	emit(qpn, 0, p->epoch, 0, 1);
}

static void m_done(unsigned qpn, unsigned tag)
{
	struct mqp *p = &qp[qpn];
	unsigned oldest = (p->gen - p->serving) & 15;

	if (!p->serving || tag != ((p->epoch << 4) | oldest)) {
		m_stale++;
	} else if (p->n) {
		emit(qpn, p->q[0], p->epoch, p->gen, 0);
		memmove(p->q, p->q + 1, (p->n - 1) * sizeof(p->q[0]));
		p->n--;
		pool_free++;
		p->gen = (p->gen + 1) & 15;
	} else {
		p->serving--;
		if (!p->serving && p->mk_valid) {
			emit_mark(qpn, p->mk);
			p->mk_valid = 0;
			marks_released++;
		}
	}
}

/* the harness's view of what is in service: from the items that came out */
static void saw(const struct qq_io *io)
{
	struct mqp *p = &qp[io->m_qpn];

	if (io->m_flush) {
		p->nseen = 0;
		return;
	}
	/* a new epoch (a replace) ends every earlier item */
	if (p->nseen && (p->seen[0] >> 4) != (io->m_tag >> 4))
		p->nseen = 0;
	if (p->nseen < QCAP)
		p->seen[p->nseen++] = io->m_tag;
}

static void run(unsigned serve_, uint64_t cycles)
{
	struct qq_rtl *r = qq_rtl_new((int)serve_);
	struct qq_io io = { 0 };
	uint64_t pushes = 0, flushes = 0, dones = 0, issued = 0, replaced = 0;
	unsigned key[NQ] = { 0 };
	uint64_t next_data = 1;
	int wait_init = 1;

	serve = serve_;
	model_reset();
	for (uint64_t c = 0; c < cycles && !tb_failures; c++) {
		/* phases: the load, the output's pressure, the flushes */
		unsigned phase = (unsigned)((c / 3000) % 4);
		double p_push = phase == 1 ? 0.9 : 0.4;
		double p_ready = phase == 2 ? 0.2 : 0.8;
		double p_done = phase == 1 ? 0.2 : 0.5;

		if (c == cycles / 2) {
			/* a reset in the middle: everything starts over */
			qq_rtl_reset(r);
			model_reset();
			memset(&io, 0, sizeof(io));
			wait_init = 1;
		}
		/* new inputs where the last ones were taken (valid holds until ready) */
		if (!io.push_valid && rndp(p_push)) {
			io.push_valid = 1;
			io.push_qpn = rndr(NQ);
			io.push_data = next_data++ * 0x9e3779b97f4a7c15ull;
			/* a repeat goes back a few keys; a new one is the next */
			io.push_dup = serve == 1 && rndp(0.05);
			if (io.push_dup)
				io.push_key = (key[io.push_qpn] - rndr(4)) & 0xffffff;
			else
				io.push_key = key[io.push_qpn] = (key[io.push_qpn] + 1 + rndr(3)) & 0xffffff;
		}
		if (serve == 1 && !io.mark_valid && rndp(0.3)) {
			io.mark_valid = 1;
			io.mark_qpn = rndr(NQ);
			io.mark_data = rnd() & 0xffffffffffull;
		}
		io.mk_ready = rndp(p_ready);
		if (!io.flush_valid && rndp(serve == 4 ? 0.01 : 0.002)) {
			io.flush_valid = 1;
			io.flush_qpn = rndr(NQ);
		}
		if (!io.done_valid && rndp(p_done)) {
			unsigned q = rndr(NQ);

			if (qp[q].nseen && !rndp(0.03)) {
				io.done_valid = 1;
				io.done_qpn = q;
				io.done_tag = qp[q].seen[0];
			} else if (rndp(0.05)) {
				io.done_valid = 1;
				io.done_qpn = q;
				io.done_tag = rndr(256);
			}
		}
		io.m_ready = rndp(p_ready);

		qq_rtl_cycle(r, &io);
		if (wait_init) {
			CHECK(io.init_done || (!io.push_ready && !io.flush_ready && !io.done_ready),
			      "serve %u cycle %llu: an event taken before init_done", serve,
			      (unsigned long long)c);
			if (io.init_done)
				wait_init = 0;
		}

		/* what the RTL took, in its order: done, flush, push */
		if (io.done_valid && io.done_ready) {
			struct mqp *p = &qp[io.done_qpn];

			m_done(io.done_qpn, io.done_tag);
			if (p->nseen && p->seen[0] == io.done_tag) {
				memmove(p->seen, p->seen + 1, (p->nseen - 1) * sizeof(p->seen[0]));
				p->nseen--;
			}
			io.done_valid = 0;
			dones++;
		}
		if (io.flush_valid && io.flush_ready) {
			m_flush(io.flush_qpn);
			io.flush_valid = 0;
			flushes++;
		}
		if (io.mark_valid && io.mark_ready) {
			m_mark(io.mark_qpn, io.mark_data);
			io.mark_valid = 0;
		}
		if (io.push_valid && io.push_ready) {
			unsigned ep = qp[io.push_qpn].epoch;

			m_push(io.push_qpn, io.push_data, io.push_key, io.push_dup);
			replaced += qp[io.push_qpn].epoch != ep;
			io.push_valid = 0;
			pushes++;
		}
		if (io.mk_valid && io.mk_ready) {
			CHECK(mout_n > 0, "serve %u cycle %llu: mark for QP %u out, none expected", serve,
			      (unsigned long long)c, io.mk_qpn);
			if (mout_n) {
				const struct item *e = &mout[mout_head];

				CHECK(io.mk_qpn == e->qpn && io.mk_data == e->data,
				      "serve %u cycle %llu: mark out QP %u data %llx, want QP %u data %llx",
				      serve, (unsigned long long)c, io.mk_qpn,
				      (unsigned long long)io.mk_data, e->qpn, (unsigned long long)e->data);
				mout_head = (mout_head + 1) % OCAP;
				mout_n--;
			}
		}
		if (io.m_valid && io.m_ready) {
			CHECK(out_n > 0, "serve %u cycle %llu: item for QP %u out, none expected", serve,
			      (unsigned long long)c, io.m_qpn);
			if (out_n) {
				const struct item *e = &out[out_head];

				CHECK(io.m_qpn == e->qpn && io.m_tag == e->tag && io.m_flush == (int)e->flush &&
					      (e->flush || io.m_data == e->data),
				      "serve %u cycle %llu: out QP %u tag %02x flush %d data %llx, want QP %u "
				      "tag %02x flush %u data %llx",
				      serve, (unsigned long long)c, io.m_qpn, io.m_tag, io.m_flush,
				      (unsigned long long)io.m_data, e->qpn, e->tag, e->flush,
				      (unsigned long long)e->data);
				out_head = (out_head + 1) % OCAP;
				out_n--;
			}
			saw(&io);
			issued++;
		}
		/* the counters trail the events by the pipeline's depth: now and
		 * then, with nothing presented and nothing taken, let it settle */
		if (!io.push_valid && !io.flush_valid && !io.done_valid && !io.mark_valid &&
		    c % 97 == 0) {
			io.m_ready = 0;
			io.mk_ready = 0;
			for (int i = 0; i < 4; i++)
				qq_rtl_cycle(r, &io);
			CHECK(io.drop_full == m_full && io.drop_pool == m_pool && io.done_stale == m_stale &&
			      io.mark_held == (serve == 1 ? m_held : 0),
			      "serve %u cycle %llu: counters full %u pool %u stale %u held %u, want %u %u "
			      "%u %u", serve, (unsigned long long)c, io.drop_full, io.drop_pool,
			      io.done_stale, io.mark_held, m_full, m_pool, m_stale, m_held);
		}
	}
	/* drain: everything the model issued comes out */
	io.push_valid = io.flush_valid = io.done_valid = io.mark_valid = 0;
	io.m_ready = 1;
	io.mk_ready = 1;
	for (int i = 0; i < 64 && !tb_failures; i++) {
		qq_rtl_cycle(r, &io);
		if (io.mk_valid) {
			const struct item *e = &mout[mout_head];

			CHECK(mout_n && io.mk_qpn == e->qpn && io.mk_data == e->data,
			      "serve %u drain: mark out QP %u, want QP %u", serve, io.mk_qpn, e->qpn);
			mout_head = (mout_head + 1) % OCAP;
			if (mout_n)
				mout_n--;
		}
		if (io.m_valid) {
			const struct item *e = &out[out_head];

			CHECK(out_n && io.m_qpn == e->qpn && io.m_tag == e->tag && io.m_flush == (int)e->flush,
			      "serve %u drain: out QP %u tag %02x, want QP %u tag %02x", serve, io.m_qpn,
			      io.m_tag, e->qpn, e->tag);
			out_head = (out_head + 1) % OCAP;
			if (out_n)
				out_n--;
		}
	}
	CHECK(out_n == 0, "serve %u: %u items never came out", serve, out_n);
	CHECK(mout_n == 0, "serve %u: %u marks never came out", serve, mout_n);
	if (serve == 1) {
		printf("  serve 1 marks: %llu passed at once, %u held, %llu released when the QP "
		       "emptied, %llu dropped by a push\n", (unsigned long long)marks_direct, m_held,
		       (unsigned long long)marks_released, (unsigned long long)marks_dropped);
		CHECK(marks_direct && m_held && marks_released && marks_dropped,
		      "serve 1: a mark case was never reached");
	}
	printf("  serve %u: %llu pushes (%llu replaced), %llu flushes, %llu dones, %llu issued; "
	       "dropped %u full, %u pool empty; %u stale dones\n",
	       serve, (unsigned long long)pushes, (unsigned long long)replaced,
	       (unsigned long long)flushes, (unsigned long long)dones, (unsigned long long)issued,
	       m_full, m_pool, m_stale);
	CHECK(m_full > 0 && m_pool > 0 && m_stale > 0 && issued > cycles / 20,
	      "serve %u: a corner was never reached", serve);
	qq_rtl_free(r);
}

int main(int argc, char **argv)
{
	uint64_t cycles = 200000;

	tb_args(argc, argv, "tb_qp_queue",
		"hpnic_qp_queue (per-QP queues in a shared pool) against a C model", "cycles",
		&cycles, NULL);
	run(1, cycles);
	run(4, cycles);
	return tb_finish("tb_qp_queue");
}
