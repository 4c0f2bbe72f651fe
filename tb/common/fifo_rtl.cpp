// SPDX-License-Identifier: MIT
// Driver of the four Verilated hpnic_fifo models (both RAM styles, count
// from the pointers or a counter) behind the C API of fifo_rtl.h.
#include <memory>

#include "Vfifo_block.h"
#include "Vfifo_block_cr.h"
#include "Vfifo_dist.h"
#include "Vfifo_dist_cr.h"
#include "verilated.h"

#include "fifo_rtl.h"

struct fifo_any {
	virtual ~fifo_any() {}
	virtual void cycle(struct fifo_io *io) = 0;
	virtual void reset() = 0;
};

template <class T> static void cycle(T *t, struct fifo_io *io)
{
	t->s_valid = io->s_valid;
	t->s_data = io->s_data;
	t->m_ready = io->m_ready;
	t->clk = 0;
	t->eval();
	io->s_ready = t->s_ready;
	io->m_valid = t->m_valid;
	io->m_data = t->m_data;
	io->count = t->count;
	t->clk = 1;
	t->eval();
}

template <class T> static void reset(T *t)
{
	struct fifo_io io = {};

	t->rst = 1;
	cycle(t, &io);
	cycle(t, &io);
	t->rst = 0;
}

template <class T> struct fifo_model : fifo_any {
	std::unique_ptr<T> t;
	explicit fifo_model(VerilatedContext *ctx) : t(new T{ctx}) {}
	void cycle(struct fifo_io *io) override { ::cycle(t.get(), io); }
	void reset() override { ::reset(t.get()); }
};

struct fifo_rtl {
	std::unique_ptr<VerilatedContext> ctx;
	std::unique_ptr<fifo_any> m;
};

extern "C" struct fifo_rtl *fifo_rtl_new(int block, int count_reg)
{
	fifo_rtl *r = new fifo_rtl;
	VerilatedContext *ctx = new VerilatedContext;

	r->ctx.reset(ctx);
	if (block && count_reg)
		r->m.reset(new fifo_model<Vfifo_block_cr>(ctx));
	else if (block)
		r->m.reset(new fifo_model<Vfifo_block>(ctx));
	else if (count_reg)
		r->m.reset(new fifo_model<Vfifo_dist_cr>(ctx));
	else
		r->m.reset(new fifo_model<Vfifo_dist>(ctx));
	fifo_rtl_reset(r);
	return r;
}

extern "C" void fifo_rtl_free(struct fifo_rtl *r)
{
	delete r;
}

extern "C" void fifo_rtl_reset(struct fifo_rtl *r)
{
	r->m->reset();
}

extern "C" void fifo_rtl_cycle(struct fifo_rtl *r, struct fifo_io *io)
{
	r->m->cycle(io);
}
