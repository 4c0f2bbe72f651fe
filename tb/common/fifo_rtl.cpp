// SPDX-License-Identifier: MIT
// Driver of the two Verilated hpnic_fifo models behind the C API of fifo_rtl.h.
#include <memory>

#include "Vfifo_block.h"
#include "Vfifo_dist.h"
#include "verilated.h"

#include "fifo_rtl.h"

struct fifo_rtl {
	std::unique_ptr<VerilatedContext> ctx;
	std::unique_ptr<Vfifo_dist> d;
	std::unique_ptr<Vfifo_block> b;
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

extern "C" struct fifo_rtl *fifo_rtl_new(int block)
{
	fifo_rtl *r = new fifo_rtl;
	r->ctx.reset(new VerilatedContext);
	if (block)
		r->b.reset(new Vfifo_block{r->ctx.get()});
	else
		r->d.reset(new Vfifo_dist{r->ctx.get()});
	fifo_rtl_reset(r);
	return r;
}

extern "C" void fifo_rtl_free(struct fifo_rtl *r)
{
	delete r;
}

extern "C" void fifo_rtl_reset(struct fifo_rtl *r)
{
	if (r->b)
		reset(r->b.get());
	else
		reset(r->d.get());
}

extern "C" void fifo_rtl_cycle(struct fifo_rtl *r, struct fifo_io *io)
{
	if (r->b)
		cycle(r->b.get(), io);
	else
		cycle(r->d.get(), io);
}
