// SPDX-License-Identifier: MIT
// Driver of the Verilated hpnic_pcie (the whole adapter) behind the C API of pcie_hp_rtl.h.
#include <memory>

// the model class: VHP, or the straddle-off build's (-DVHP=..., -include its header)
#ifndef VHP
#define VHP Vpcie_hp
#include "Vpcie_hp.h"
#endif
#include "verilated.h"

#include "pcie_hp_rtl.h"
#include "pcie_port.h"
#include "vtb.h"

struct pcie_hp_rtl {
	std::unique_ptr<VerilatedContext> ctx;
	std::unique_ptr<VHP> t;
};

extern "C" struct pcie_hp_rtl *pcie_hp_rtl_new(void)
{
	pcie_hp_rtl *r = new pcie_hp_rtl;
	r->ctx.reset(new VerilatedContext);
	r->t.reset(new VHP{r->ctx.get()});
	VHP *t = r->t.get();
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
	t->s_cq_tvalid = 0;
	t->m_cc_tready = 0;
	t->m_csr_ready = 0;
	t->s_csr_rsp_valid = 0;
	t->s_irq_valid = 0;
	t->cfg_interrupt_msix_enable = 0;
	t->cfg_interrupt_msix_mask = 0;
	t->cfg_interrupt_msix_sent = 0;
	t->cfg_interrupt_msix_fail = 0;
	t->eval();
	return r;
}

extern "C" void pcie_hp_rtl_free(struct pcie_hp_rtl *r) { delete r; }

extern "C" void pcie_hp_rtl_tick(struct pcie_hp_rtl *r)
{
	pcie_port::tick(r->t.get());
}

extern "C" void pcie_hp_rtl_set_rst(struct pcie_hp_rtl *r, int rst) { r->t->rst = rst; }

extern "C" void pcie_hp_rtl_set_cfg(struct pcie_hp_rtl *r, unsigned mps_code, unsigned mrrs_code)
{
	r->t->cfg_max_payload = mps_code;
	r->t->cfg_max_read_req = mrrs_code;
}

extern "C" void pcie_hp_rtl_set_wreq(struct pcie_hp_rtl *r, int valid, uint64_t addr, unsigned len)
{
	pcie_port::set_wreq(r->t.get(), valid, addr, len);
}

extern "C" int pcie_hp_rtl_wreq_ready(struct pcie_hp_rtl *r)
{
	r->t->eval();
	return r->t->s_wr_req_ready;
}

extern "C" void pcie_hp_rtl_set_wr(struct pcie_hp_rtl *r, int valid, const uint8_t *data, uint64_t keep,
				    int last)
{
	pcie_port::set_wr(r->t.get(), valid, data, keep, last);
}

extern "C" int pcie_hp_rtl_wr_ready(struct pcie_hp_rtl *r)
{
	r->t->eval();
	return r->t->s_wr_tready;
}

extern "C" void pcie_hp_rtl_set_rreq(struct pcie_hp_rtl *r, int valid, uint64_t addr, unsigned len)
{
	pcie_port::set_rreq(r->t.get(), valid, addr, len);
}

extern "C" int pcie_hp_rtl_rreq_ready(struct pcie_hp_rtl *r)
{
	r->t->eval();
	return r->t->s_rd_req_ready;
}

extern "C" void pcie_hp_rtl_set_cpl_ready(struct pcie_hp_rtl *r, int ready) { r->t->m_rd_cpl_tready = ready; }

extern "C" int pcie_hp_rtl_cpl(struct pcie_hp_rtl *r, uint8_t *data, uint64_t *keep, int *last, int *user)
{
	return pcie_port::cpl(r->t.get(), data, keep, last, user);
}

extern "C" void pcie_hp_rtl_set_rq_ready(struct pcie_hp_rtl *r, int ready) { r->t->m_rq_tready = ready; }

extern "C" int pcie_hp_rtl_rq(struct pcie_hp_rtl *r, struct rq_beat *b)
{
	return pcie_port::rq(r->t.get(), b);
}

extern "C" void pcie_hp_rtl_set_seq(struct pcie_hp_rtl *r, int vld0, unsigned s0, int vld1, unsigned s1)
{
	pcie_port::set_seq(r->t.get(), vld0, s0, vld1, s1);
}

extern "C" unsigned pcie_hp_rtl_wr_done(struct pcie_hp_rtl *r)
{
	r->t->eval();
	return r->t->wr_done;
}

extern "C" void pcie_hp_rtl_set_rc(struct pcie_hp_rtl *r, int valid, const uint32_t *dw, uint16_t keep,
				    int last, const struct rc_user *u)
{
	pcie_port::set_rc(r->t.get(), valid, dw, keep, last, u, 0);
}

extern "C" int pcie_hp_rtl_rc_ready(struct pcie_hp_rtl *r)
{
	r->t->eval();
	return r->t->s_rc_tready;
}

extern "C" void pcie_hp_rtl_set_cq(struct pcie_hp_rtl *r, int valid, const struct cq_beat *b)
{
	pcie_port::set_cq(r->t.get(), valid, b);
}

extern "C" int pcie_hp_rtl_cq_ready(struct pcie_hp_rtl *r)
{
	r->t->eval();
	return r->t->s_cq_tready;
}

extern "C" void pcie_hp_rtl_set_cc_ready(struct pcie_hp_rtl *r, int ready) { r->t->m_cc_tready = ready; }

extern "C" int pcie_hp_rtl_cc(struct pcie_hp_rtl *r, struct cc_beat *b)
{
	return pcie_port::cc(r->t.get(), b);
}

extern "C" int pcie_hp_rtl_csr(struct pcie_hp_rtl *r, uint32_t *addr, int *write, uint32_t *wdata)
{
	VHP *t = r->t.get();
	t->eval();
	if (!t->m_csr_valid)
		return 0;
	*addr = t->m_csr_addr;
	*write = t->m_csr_write;
	*wdata = t->m_csr_wdata;
	return 1;
}

extern "C" void pcie_hp_rtl_set_csr_ready(struct pcie_hp_rtl *r, int ready) { r->t->m_csr_ready = ready; }

extern "C" void pcie_hp_rtl_set_csr_rsp(struct pcie_hp_rtl *r, int valid, uint32_t rdata)
{
	r->t->s_csr_rsp_valid = valid;
	r->t->s_csr_rsp_rdata = rdata;
}

extern "C" int pcie_hp_rtl_csr_rsp_ready(struct pcie_hp_rtl *r)
{
	r->t->eval();
	return r->t->s_csr_rsp_ready;
}

extern "C" void pcie_hp_rtl_set_irq(struct pcie_hp_rtl *r, int valid, unsigned vector)
{
	r->t->s_irq_valid = valid;
	r->t->s_irq_vector = vector;
}

extern "C" int pcie_hp_rtl_irq_ready(struct pcie_hp_rtl *r)
{
	r->t->eval();
	return r->t->s_irq_ready;
}

extern "C" uint32_t pcie_hp_rtl_irq_passed(struct pcie_hp_rtl *r)
{
	return r->t->stat_irq_passed;
}

extern "C" void pcie_hp_rtl_set_msix_cfg(struct pcie_hp_rtl *r, int enable, int mask)
{
	r->t->cfg_interrupt_msix_enable = enable ? 1 : 0;
	r->t->cfg_interrupt_msix_mask = mask ? 1 : 0;
}

extern "C" int pcie_hp_rtl_msix_int(struct pcie_hp_rtl *r, uint64_t *addr, uint32_t *data)
{
	VHP *t = r->t.get();
	t->eval();
	*addr = t->cfg_interrupt_msix_address;
	*data = t->cfg_interrupt_msix_data;
	return t->cfg_interrupt_msix_int;
}

extern "C" void pcie_hp_rtl_set_msix_ans(struct pcie_hp_rtl *r, int sent, int fail)
{
	r->t->cfg_interrupt_msix_sent = sent;
	r->t->cfg_interrupt_msix_fail = fail;
}

extern "C" void pcie_hp_rtl_stats(struct pcie_hp_rtl *r, struct hp_stats *s)
{
	VHP *t = r->t.get();
	t->eval();
	s->bar_rd = t->stat_bar_rd;
	s->bar_wr = t->stat_bar_wr;
	s->bar_ur = t->stat_bar_ur;
	s->bar_drop = t->stat_bar_drop;
	s->bar_partial = t->stat_bar_partial;
	s->irq_sent = t->stat_irq_sent;
	s->irq_fail = t->stat_irq_fail;
	s->irq_pended = t->stat_irq_pended;
	s->irq_bad = t->stat_irq_bad;
	s->irq_merged = t->stat_irq_merged;
	s->wr_done = t->stat_wr_done;
	s->rd_err = t->stat_rd_err;
}
