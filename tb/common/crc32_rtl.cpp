// SPDX-License-Identifier: MIT
// Cycle-accurate driver of the Verilated hpnic_crc32 (512- and 64-bit
// builds), behind the C API of crc32_rtl.h.
#include <cstdio>
#include <cstdlib>
#include <memory>

#include "Vcrc32_w512.h"
#include "Vcrc32_w64.h"
#include "verilated.h"
#include "verilated_fst_c.h"

#include "crc32_rtl.h"
#include "vtb.h"

struct crc32_port {
	virtual ~crc32_port() {}
	virtual void set_in(int valid, const uint8_t *d, unsigned n, int last, uint32_t init) = 0;
	virtual void set_out_ready(int ready) = 0;
	virtual int in_ready() = 0;
	virtual int out(uint32_t *crc, uint32_t *state) = 0;
	virtual void clk(int v) = 0;
	virtual void rst(int v) = 0;
	virtual void eval() = 0;
	virtual void trace(VerilatedFstC *f) = 0;
};

// TRACE: the model was Verilated with --trace-fst (mk/common.mk)
template <class V, bool TRACE> struct crc32_model : crc32_port {
	std::unique_ptr<V> t;
	explicit crc32_model(VerilatedContext *ctx) : t(new V{ctx}) {}
	void set_in(int valid, const uint8_t *d, unsigned n, int last, uint32_t init) override
	{
		t->s_tvalid = valid;
		vtb_put(t->s_tdata, d, n);
		vtb_keep(t->s_tkeep, n);
		t->s_tlast = last;
		t->s_init = init;
	}
	void set_out_ready(int ready) override { t->m_crc_ready = ready; }
	int in_ready() override { return t->s_tready; }
	int out(uint32_t *crc, uint32_t *state) override
	{
		*crc = t->m_crc_value;
		*state = t->m_crc_state;
		return t->m_crc_valid;
	}
	void clk(int v) override { t->clk = v; }
	void rst(int v) override { t->rst = v; }
	void eval() override { t->eval(); }
	void trace(VerilatedFstC *f) override
	{
		if constexpr (TRACE)
			t->trace(f, 99);
		else
			fprintf(stderr, "crc32_rtl: this model was built without --trace-fst\n");
	}
};

struct crc32_rtl {
	std::unique_ptr<VerilatedContext> ctx;
	std::unique_ptr<crc32_port> m;
	std::unique_ptr<VerilatedFstC> fst;
	uint64_t cycle = 0;
};

extern "C" struct crc32_rtl *crc32_rtl_new(unsigned width_bits, const char *fst)
{
	crc32_rtl *r = new crc32_rtl;
	r->ctx.reset(new VerilatedContext);
	if (width_bits == 512) {
		r->m.reset(new crc32_model<Vcrc32_w512, true>(r->ctx.get()));
	} else if (width_bits == 64) {
		r->m.reset(new crc32_model<Vcrc32_w64, false>(r->ctx.get()));
	} else {
		fprintf(stderr, "crc32_rtl: no %u-bit model (512 and 64 are built)\n", width_bits);
		delete r;
		return nullptr;
	}
	if (fst) {
		r->ctx->traceEverOn(true);
		r->fst.reset(new VerilatedFstC);
		r->m->trace(r->fst.get());
		r->fst->open(fst);
	}
	r->m->set_in(0, nullptr, 0, 0, 0);
	r->m->set_out_ready(0);
	r->m->clk(0);
	r->m->rst(0);
	r->m->eval();
	return r;
}

extern "C" void crc32_rtl_free(struct crc32_rtl *r)
{
	if (!r)
		return;
	if (r->fst)
		r->fst->close();
	r->m.reset();
	delete r;
}

extern "C" void crc32_rtl_tick(struct crc32_rtl *r)
{
	r->m->clk(1);
	r->m->eval();
	r->ctx->timeInc(2);
	if (r->fst)
		r->fst->dump(r->ctx->time());
	r->m->clk(0);
	r->m->eval();
	r->ctx->timeInc(2);
	if (r->fst)
		r->fst->dump(r->ctx->time());
	r->cycle++;
}

extern "C" void crc32_rtl_reset(struct crc32_rtl *r)
{
	r->m->rst(1);
	for (int i = 0; i < 4; i++)
		crc32_rtl_tick(r);
	r->m->rst(0);
	r->m->eval();
}

extern "C" void crc32_rtl_set_in(struct crc32_rtl *r, int valid, const uint8_t *data,
				 unsigned nbytes, int last, uint32_t init)
{
	r->m->set_in(valid, data, nbytes, last, init);
	r->m->eval();
}

extern "C" void crc32_rtl_set_out_ready(struct crc32_rtl *r, int ready)
{
	r->m->set_out_ready(ready);
	r->m->eval();
}

extern "C" int crc32_rtl_in_ready(struct crc32_rtl *r)
{
	return r->m->in_ready();
}

extern "C" int crc32_rtl_out(struct crc32_rtl *r, uint32_t *crc, uint32_t *state)
{
	return r->m->out(crc, state);
}

extern "C" uint64_t crc32_rtl_cycle(const struct crc32_rtl *r)
{
	return r->cycle;
}
