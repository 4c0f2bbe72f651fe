// SPDX-License-Identifier: MIT
// Driver of the Verilated hpnic_pcie_dma_wr behind the C API of pcie_rtl.h.
#include <memory>

// the model class: Vpcie_wr, or the straddle-off build's (-DVWR=..., -include its header)
#ifndef VWR
#define VWR Vpcie_wr
#include "Vpcie_wr.h"
#endif
#include "verilated.h"
#include "verilated_fst_c.h"

#include "pcie_port.h"
#include "pcie_rtl.h"
#include "vtb.h"

struct pcie_rtl {
	std::unique_ptr<VerilatedContext> ctx;
	std::unique_ptr<VWR> t;
	std::unique_ptr<VerilatedFstC> fst;
	uint64_t time;
};

extern "C" struct pcie_rtl *pcie_rtl_new(const char *fst)
{
	pcie_rtl *r = new pcie_rtl;
	r->ctx.reset(new VerilatedContext);
	r->t.reset(new VWR{r->ctx.get()});
	r->time = 0;
	if (fst) {
		r->ctx->traceEverOn(true);
		r->fst.reset(new VerilatedFstC);
		r->t->trace(r->fst.get(), 99);
		r->fst->open(fst);
	}
	VWR *t = r->t.get();
	t->clk = 0;
	t->rst = 0;
	t->cfg_max_payload = 1;
	t->s_wr_req_valid = 0;
	t->s_wr_tvalid = 0;
	t->m_rq_tready = 0;
	t->rq_seq_num_vld0 = t->rq_seq_num_vld1 = 0;
	t->eval();
	return r;
}

extern "C" void pcie_rtl_free(struct pcie_rtl *r)
{
	if (r && r->fst)
		r->fst->close();
	delete r;
}

extern "C" void pcie_rtl_tick(struct pcie_rtl *r)
{
	VWR *t = r->t.get();
	t->eval();
	if (r->fst)
		r->fst->dump(r->time);
	r->time += 2;
	r->ctx->time(r->time);
	t->clk = 1;
	t->eval();
	if (r->fst)
		r->fst->dump(r->time);
	t->clk = 0;
	t->eval();
}

extern "C" void pcie_rtl_set_rst(struct pcie_rtl *r, int rst) { r->t->rst = rst; }
extern "C" void pcie_rtl_set_mps(struct pcie_rtl *r, unsigned code) { r->t->cfg_max_payload = code; }

extern "C" void pcie_rtl_set_req(struct pcie_rtl *r, int valid, uint64_t addr, unsigned len)
{
	pcie_port::set_wreq(r->t.get(), valid, addr, len);
}

extern "C" int pcie_rtl_req_ready(struct pcie_rtl *r)
{
	r->t->eval();
	return r->t->s_wr_req_ready;
}

extern "C" void pcie_rtl_set_wr(struct pcie_rtl *r, int valid, const uint8_t *data, uint64_t keep,
				int last)
{
	pcie_port::set_wr(r->t.get(), valid, data, keep, last);
}

extern "C" int pcie_rtl_wr_ready(struct pcie_rtl *r)
{
	r->t->eval();
	return r->t->s_wr_tready;
}

extern "C" void pcie_rtl_set_rq_ready(struct pcie_rtl *r, int ready) { r->t->m_rq_tready = ready; }

extern "C" int pcie_rtl_rq(struct pcie_rtl *r, struct rq_beat *b)
{
	return pcie_port::rq(r->t.get(), b);
}

extern "C" void pcie_rtl_set_seq(struct pcie_rtl *r, int vld0, unsigned s0, int vld1, unsigned s1)
{
	pcie_port::set_seq(r->t.get(), vld0, s0, vld1, s1);
}

extern "C" unsigned pcie_rtl_wr_done(struct pcie_rtl *r)
{
	r->t->eval();
	return r->t->wr_done;
}

extern "C" void pcie_rtl_stats(struct pcie_rtl *r, uint32_t *cmds, uint32_t *tlps)
{
	*cmds = r->t->stat_wr_cmds;
	*tlps = r->t->stat_wr_tlps;
}
