// SPDX-License-Identifier: MIT
// Driver of the Verilated hpnic_pcie_dma behind the C API of pcie_top_rtl.h.
#include <memory>

// the model class: Vpcie_top, or the straddle-off build's (-DVTOP=..., -include its header)
#ifndef VTOP
#define VTOP Vpcie_top
#include "Vpcie_top.h"
#endif
#include "verilated.h"

#include "pcie_top_rtl.h"
#include "pcie_port.h"
#include "vtb.h"

struct pcie_top_rtl {
	std::unique_ptr<VerilatedContext> ctx;
	std::unique_ptr<VTOP> t;
};

extern "C" struct pcie_top_rtl *pcie_top_rtl_new(void)
{
	pcie_top_rtl *r = new pcie_top_rtl;
	r->ctx.reset(new VerilatedContext);
	r->t.reset(new VTOP{r->ctx.get()});
	VTOP *t = r->t.get();
	t->clk = 0;
	t->rst = 0;
	t->cfg_max_payload = 1;
	t->cfg_max_read_req = 2;
	t->s_wr_req_valid = 0;
	t->s_wr_tvalid = 0;
	t->s_rd_req_valid = 0;
	t->m_rd_cpl_tready = 0;
	t->m_rq_tready = 0;
	t->rq_seq_num_vld0 = t->rq_seq_num_vld1 = 0;
	t->s_rc_tvalid = 0;
	t->eval();
	return r;
}

extern "C" void pcie_top_rtl_free(struct pcie_top_rtl *r) { delete r; }

extern "C" void pcie_top_rtl_tick(struct pcie_top_rtl *r)
{
	pcie_port::tick(r->t.get());
}

extern "C" void pcie_top_rtl_set_rst(struct pcie_top_rtl *r, int rst) { r->t->rst = rst; }

extern "C" void pcie_top_rtl_set_cfg(struct pcie_top_rtl *r, unsigned mps_code, unsigned mrrs_code)
{
	r->t->cfg_max_payload = mps_code;
	r->t->cfg_max_read_req = mrrs_code;
}

extern "C" void pcie_top_rtl_set_wreq(struct pcie_top_rtl *r, int valid, uint64_t addr, unsigned len)
{
	pcie_port::set_wreq(r->t.get(), valid, addr, len);
}

extern "C" int pcie_top_rtl_wreq_ready(struct pcie_top_rtl *r)
{
	r->t->eval();
	return r->t->s_wr_req_ready;
}

extern "C" void pcie_top_rtl_set_wr(struct pcie_top_rtl *r, int valid, const uint8_t *data, uint64_t keep,
				    int last)
{
	pcie_port::set_wr(r->t.get(), valid, data, keep, last);
}

extern "C" int pcie_top_rtl_wr_ready(struct pcie_top_rtl *r)
{
	r->t->eval();
	return r->t->s_wr_tready;
}

extern "C" void pcie_top_rtl_set_rreq(struct pcie_top_rtl *r, int valid, uint64_t addr, unsigned len)
{
	pcie_port::set_rreq(r->t.get(), valid, addr, len);
}

extern "C" int pcie_top_rtl_rreq_ready(struct pcie_top_rtl *r)
{
	r->t->eval();
	return r->t->s_rd_req_ready;
}

extern "C" void pcie_top_rtl_set_cpl_ready(struct pcie_top_rtl *r, int ready) { r->t->m_rd_cpl_tready = ready; }

extern "C" int pcie_top_rtl_cpl(struct pcie_top_rtl *r, uint8_t *data, uint64_t *keep, int *last, int *user)
{
	return pcie_port::cpl(r->t.get(), data, keep, last, user);
}

extern "C" void pcie_top_rtl_set_rq_ready(struct pcie_top_rtl *r, int ready) { r->t->m_rq_tready = ready; }

extern "C" int pcie_top_rtl_rq(struct pcie_top_rtl *r, struct rq_beat *b)
{
	return pcie_port::rq(r->t.get(), b);
}

extern "C" void pcie_top_rtl_set_seq(struct pcie_top_rtl *r, int vld0, unsigned s0, int vld1, unsigned s1)
{
	pcie_port::set_seq(r->t.get(), vld0, s0, vld1, s1);
}

extern "C" unsigned pcie_top_rtl_wr_done(struct pcie_top_rtl *r)
{
	r->t->eval();
	return r->t->wr_done;
}

extern "C" void pcie_top_rtl_set_rc(struct pcie_top_rtl *r, int valid, const uint32_t *dw, uint16_t keep,
				    int last, const struct rc_user *u)
{
	pcie_port::set_rc(r->t.get(), valid, dw, keep, last, u, 0);
}

extern "C" int pcie_top_rtl_rc_ready(struct pcie_top_rtl *r)
{
	r->t->eval();
	return r->t->s_rc_tready;
}
