// SPDX-License-Identifier: MIT
// Two-clock driver of the Verilated hpnic_axis_async_fifo configurations,
// behind the C API of afifo_rtl.h.
#include <cstdio>
#include <cstring>
#include <memory>

#include "Vafifo_drop.h"
#include "Vafifo_frame.h"
#include "Vafifo_plain.h"
#include "verilated.h"
#include "verilated_fst_c.h"

#include "afifo_rtl.h"

struct afifo_port {
	virtual ~afifo_port() {}
	virtual void clocks(int s, int m) = 0;
	virtual void rst(int s, int m) = 0;
	virtual void set_in(int valid, const afifo_beat *b) = 0;
	virtual int in_ready() = 0;
	virtual void status(afifo_status *st) = 0;
	virtual void set_out_ready(int r) = 0;
	virtual int out(afifo_beat *b) = 0;
	virtual void eval() = 0;
	virtual void trace(VerilatedFstC *f) = 0;
};

template <class V> struct afifo_model : afifo_port {
	std::unique_ptr<V> t;
	explicit afifo_model(VerilatedContext *c) : t(new V{c}) {}
	void clocks(int s, int m) override
	{
		t->s_clk = s;
		t->m_clk = m;
	}
	void rst(int s, int m) override
	{
		t->s_rst = s;
		t->m_rst = m;
	}
	void set_in(int valid, const afifo_beat *b) override
	{
		t->s_tvalid = valid;
		t->s_tdata = b->data;
		t->s_tkeep = b->keep;
		t->s_tlast = b->last;
		t->s_tuser = b->user;
	}
	int in_ready() override { return t->s_tready; }
	void status(afifo_status *st) override
	{
		st->good = t->s_status_good_frame;
		st->bad = t->s_status_bad_frame;
		st->overflow = t->s_status_overflow;
		st->oversize = t->s_status_oversize;
		st->depth = t->s_status_depth;
	}
	void set_out_ready(int r) override { t->m_tready = r; }
	int out(afifo_beat *b) override
	{
		b->data = t->m_tdata;
		b->keep = t->m_tkeep;
		b->last = t->m_tlast;
		b->user = t->m_tuser;
		return t->m_tvalid;
	}
	void eval() override { t->eval(); }
	void trace(VerilatedFstC *f) override { t->trace(f, 99); }
};

struct afifo_rtl {
	std::unique_ptr<VerilatedContext> ctx;
	std::unique_ptr<afifo_port> m;
	std::unique_ptr<VerilatedFstC> fst;
	unsigned depth = 0;
};

extern "C" struct afifo_rtl *afifo_rtl_new(const char *config, const char *fst)
{
	afifo_rtl *r = new afifo_rtl;
	r->ctx.reset(new VerilatedContext);
	if (!strcmp(config, "plain")) {
		r->m.reset(new afifo_model<Vafifo_plain>(r->ctx.get()));
		r->depth = 16;
	} else if (!strcmp(config, "frame")) {
		r->m.reset(new afifo_model<Vafifo_frame>(r->ctx.get()));
		r->depth = 16;
	} else if (!strcmp(config, "drop")) {
		r->m.reset(new afifo_model<Vafifo_drop>(r->ctx.get()));
		r->depth = 32;
	} else {
		fprintf(stderr, "afifo_rtl: no configuration '%s'\n", config);
		delete r;
		return nullptr;
	}
	if (fst) {
		r->ctx->traceEverOn(true);
		r->fst.reset(new VerilatedFstC);
		r->m->trace(r->fst.get());
		r->fst->open(fst);
	}
	afifo_beat z{};
	r->m->set_in(0, &z);
	r->m->set_out_ready(0);
	r->m->rst(0, 0);
	r->m->clocks(0, 0);
	r->m->eval();
	return r;
}

extern "C" void afifo_rtl_free(struct afifo_rtl *r)
{
	if (r && r->fst)
		r->fst->close();
	delete r;
}

extern "C" unsigned afifo_rtl_depth(const struct afifo_rtl *r)
{
	return r->depth;
}

extern "C" void afifo_rtl_edge(struct afifo_rtl *r, unsigned mask, uint64_t time_fs)
{
	r->ctx->time(time_fs / 1000);   // ps
	r->m->clocks(mask & 1, (mask >> 1) & 1);
	r->m->eval();
	if (r->fst)
		r->fst->dump(r->ctx->time());
	r->m->clocks(0, 0);
	r->m->eval();
	if (r->fst)
		r->fst->dump(r->ctx->time() + 1);
}

extern "C" void afifo_rtl_set_rst(struct afifo_rtl *r, int s_rst, int m_rst)
{
	r->m->rst(s_rst, m_rst);
	r->m->eval();
}

extern "C" void afifo_rtl_set_in(struct afifo_rtl *r, int valid, const struct afifo_beat *b)
{
	r->m->set_in(valid, b);
	r->m->eval();
}

extern "C" int afifo_rtl_in_ready(struct afifo_rtl *r)
{
	return r->m->in_ready();
}

extern "C" void afifo_rtl_status(struct afifo_rtl *r, struct afifo_status *st)
{
	r->m->status(st);
}

extern "C" void afifo_rtl_set_out_ready(struct afifo_rtl *r, int ready)
{
	r->m->set_out_ready(ready);
	r->m->eval();
}

extern "C" int afifo_rtl_out(struct afifo_rtl *r, struct afifo_beat *b)
{
	return r->m->out(b);
}
