// SPDX-License-Identifier: MIT
// Driver of the Verilated hpnic_pcie_dma_rd behind the C API of pcie_rd_rtl.h.
#include <memory>

// the model class: Vpcie_rd, or the straddle-off build's (-DVRD=..., -include its header)
#ifndef VRD
#define VRD Vpcie_rd
#include "Vpcie_rd.h"
#endif
#include "verilated.h"
#include "verilated_fst_c.h"

#include "pcie_port.h"
#include "pcie_rd_rtl.h"
#include "vtb.h"

struct pcie_rd_rtl {
	std::unique_ptr<VerilatedContext> ctx;
	std::unique_ptr<VRD> t;
	std::unique_ptr<VerilatedFstC> fst;
	uint64_t time;
};

extern "C" struct pcie_rd_rtl *pcie_rd_rtl_new(const char *fst)
{
	pcie_rd_rtl *r = new pcie_rd_rtl;
	r->ctx.reset(new VerilatedContext);
	r->t.reset(new VRD{r->ctx.get()});
	r->time = 0;
	if (fst) {
		r->ctx->traceEverOn(true);
		r->fst.reset(new VerilatedFstC);
		r->t->trace(r->fst.get(), 99);
		r->fst->open(fst);
	}
	VRD *t = r->t.get();
	t->clk = 0;
	t->rst = 0;
	t->cfg_max_read_req = 2;
	t->s_rd_req_valid = 0;
	t->m_rd_cpl_tready = 0;
	t->m_rq_tready = 0;
	t->s_rc_tvalid = 0;
	t->eval();
	return r;
}

extern "C" void pcie_rd_rtl_free(struct pcie_rd_rtl *r)
{
	if (r && r->fst)
		r->fst->close();
	delete r;
}

extern "C" void pcie_rd_rtl_tick(struct pcie_rd_rtl *r)
{
	VRD *t = r->t.get();
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

extern "C" void pcie_rd_rtl_set_rst(struct pcie_rd_rtl *r, int rst) { r->t->rst = rst; }
extern "C" void pcie_rd_rtl_set_mrrs(struct pcie_rd_rtl *r, unsigned code) { r->t->cfg_max_read_req = code; }

extern "C" void pcie_rd_rtl_set_req(struct pcie_rd_rtl *r, int valid, uint64_t addr, unsigned len)
{
	pcie_port::set_rreq(r->t.get(), valid, addr, len);
}

extern "C" int pcie_rd_rtl_req_ready(struct pcie_rd_rtl *r)
{
	r->t->eval();
	return r->t->s_rd_req_ready;
}

extern "C" void pcie_rd_rtl_set_cpl_ready(struct pcie_rd_rtl *r, int ready) { r->t->m_rd_cpl_tready = ready; }

extern "C" int pcie_rd_rtl_cpl(struct pcie_rd_rtl *r, uint8_t *data, uint64_t *keep, int *last, int *user)
{
	return pcie_port::cpl(r->t.get(), data, keep, last, user);
}

extern "C" void pcie_rd_rtl_set_rq_ready(struct pcie_rd_rtl *r, int ready) { r->t->m_rq_tready = ready; }

extern "C" int pcie_rd_rtl_rq(struct pcie_rd_rtl *r, struct rq_beat *b)
{
	return pcie_port::rq(r->t.get(), b);
}

extern "C" void pcie_rd_rtl_set_rc(struct pcie_rd_rtl *r, int valid, const uint32_t *dw, uint16_t keep,
				   int last, const struct rc_user *u, int discontinue)
{
	pcie_port::set_rc(r->t.get(), valid, dw, keep, last, u, discontinue);
}

extern "C" int pcie_rd_rtl_rc_ready(struct pcie_rd_rtl *r)
{
	r->t->eval();
	return r->t->s_rc_tready;
}

extern "C" void pcie_rd_rtl_stats(struct pcie_rd_rtl *r, uint32_t *reqs, uint32_t *tlps, uint32_t *errs)
{
	*reqs = r->t->stat_rd_reqs;
	*tlps = r->t->stat_rd_tlps;
	*errs = r->t->stat_rd_err;
}
