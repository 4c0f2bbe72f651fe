// SPDX-License-Identifier: MIT
// Driver of the two Verilated hpnic_qp_queue models behind qq_rtl.h.
#include <memory>

#include "Vqq_serve1.h"
#include "Vqq_serve4.h"
#include "verilated.h"

#include "qq_rtl.h"

struct qq_any {
	virtual ~qq_any() {}
	virtual void cycle(struct qq_io *io) = 0;
	virtual void reset() = 0;
};

// the marks: the responder's model has them, the requester's not
static void marks_in(Vqq_serve1 *t, struct qq_io *io)
{
	t->s_mark_valid = io->mark_valid;
	t->s_mark_qpn = io->mark_qpn;
	t->s_mark_data = io->mark_data & 0xffffffffffull;
	t->m_mark_ready = io->mk_ready;
}

static void marks_out(Vqq_serve1 *t, struct qq_io *io)
{
	io->mark_ready = t->s_mark_ready;
	io->mk_valid = t->m_mark_valid;
	io->mk_qpn = t->m_mark_qpn;
	io->mk_data = t->m_mark_data;
	io->mark_held = t->stat_mark_held;
}

static void marks_in(Vqq_serve4 *, struct qq_io *)
{
}

static void marks_out(Vqq_serve4 *, struct qq_io *io)
{
	io->mark_ready = 0;
	io->mk_valid = 0;
	io->mark_held = 0;
}

template <class T> static void cycle(T *t, struct qq_io *io)
{
	t->s_push_valid = io->push_valid;
	t->s_push_qpn = io->push_qpn;
	t->s_push_data = io->push_data;
	t->s_push_key = io->push_key & 0xffffff;
	t->s_push_dup = io->push_dup;
	t->s_flush_valid = io->flush_valid;
	t->s_flush_qpn = io->flush_qpn;
	t->s_done_valid = io->done_valid;
	t->s_done_qpn = io->done_qpn;
	t->s_done_tag = io->done_tag & 0xff;
	t->m_ready = io->m_ready;
	marks_in(t, io);
	t->clk = 0;
	t->eval();
	marks_out(t, io);
	io->push_ready = t->s_push_ready;
	io->flush_ready = t->s_flush_ready;
	io->done_ready = t->s_done_ready;
	io->m_valid = t->m_valid;
	io->m_qpn = t->m_qpn;
	io->m_data = t->m_data;
	io->m_tag = t->m_tag;
	io->m_flush = t->m_flush;
	io->init_done = t->init_done;
	io->drop_full = t->stat_drop_full;
	io->drop_pool = t->stat_drop_pool;
	io->done_stale = t->stat_done_stale;
	t->clk = 1;
	t->eval();
}

template <class T> static void reset(T *t)
{
	struct qq_io io = {};

	t->rst = 1;
	cycle(t, &io);
	cycle(t, &io);
	t->rst = 0;
}

template <class T> struct qq_model : qq_any {
	std::unique_ptr<T> t;
	explicit qq_model(VerilatedContext *ctx) : t(new T{ctx}) {}
	void cycle(struct qq_io *io) override { ::cycle(t.get(), io); }
	void reset() override { ::reset(t.get()); }
};

struct qq_rtl {
	std::unique_ptr<VerilatedContext> ctx;
	std::unique_ptr<qq_any> m;
};

extern "C" struct qq_rtl *qq_rtl_new(int serve)
{
	qq_rtl *r = new qq_rtl;

	r->ctx.reset(new VerilatedContext);
	if (serve == 4)
		r->m.reset(new qq_model<Vqq_serve4>(r->ctx.get()));
	else
		r->m.reset(new qq_model<Vqq_serve1>(r->ctx.get()));
	r->m->reset();
	return r;
}

extern "C" void qq_rtl_free(struct qq_rtl *r)
{
	delete r;
}

extern "C" void qq_rtl_reset(struct qq_rtl *r)
{
	r->m->reset();
}

extern "C" void qq_rtl_cycle(struct qq_rtl *r, struct qq_io *io)
{
	r->m->cycle(io);
}
