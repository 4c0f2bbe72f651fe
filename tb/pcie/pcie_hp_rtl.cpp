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

template <std::size_t N>
static void set_bit(VlWide<N> &w, unsigned i, unsigned v)
{
	if (v)
		w[i / 32] |= 1u << (i % 32);
	else
		w[i / 32] &= ~(1u << (i % 32));
}

extern "C" void pcie_hp_rtl_set_cq(struct pcie_hp_rtl *r, int valid, const struct cq_beat *b)
{
	VHP *t = r->t.get();
	t->s_cq_tvalid = valid;
	for (int i = 0; i < 16; i++)
		t->s_cq_tdata[i] = b ? b->dw[i] : 0;
	t->s_cq_tkeep = b ? b->keep : 0;
	t->s_cq_tlast = b ? b->last : 0;
	for (int i = 0; i < 6; i++)
		t->s_cq_tuser[i] = 0;
	if (!b)
		return;
	for (unsigned i = 0; i < 4; i++) {
		set_bit(t->s_cq_tuser, i, (b->first_be >> i) & 1);
		set_bit(t->s_cq_tuser, 8 + i, (b->last_be >> i) & 1);
	}
	set_bit(t->s_cq_tuser, 80, b->sop);                 /* is_sop[0] */
	set_bit(t->s_cq_tuser, 86, b->last);                /* is_eop[0] */
	unsigned hi = 0;
	for (unsigned i = 0; i < 16; i++)
		if ((b->keep >> i) & 1)
			hi = i;
	for (unsigned i = 0; i < 4; i++)
		set_bit(t->s_cq_tuser, 88 + i, b->last ? (hi >> i) & 1 : 0);   /* is_eop0_ptr */
	set_bit(t->s_cq_tuser, 96, b->discontinue);
	/* byte_en (79:16): the payload bytes of this beat */
	for (unsigned i = 0; i < 64; i++) {
		unsigned dw = i / 4, on = (b->keep >> dw) & 1;
		if (b->sop && dw < 4)
			on = 0;
		set_bit(t->s_cq_tuser, 16 + i, on);
	}
}

extern "C" int pcie_hp_rtl_cq_ready(struct pcie_hp_rtl *r)
{
	r->t->eval();
	return r->t->s_cq_tready;
}

extern "C" void pcie_hp_rtl_set_cc_ready(struct pcie_hp_rtl *r, int ready) { r->t->m_cc_tready = ready; }

extern "C" int pcie_hp_rtl_cc(struct pcie_hp_rtl *r, struct cc_beat *b)
{
	VHP *t = r->t.get();
	t->eval();
	if (!t->m_cc_tvalid)
		return 0;
	for (int i = 0; i < 16; i++)
		b->dw[i] = t->m_cc_tdata[i];
	b->keep = t->m_cc_tkeep;
	b->last = t->m_cc_tlast;
	uint64_t lo = (uint64_t)t->m_cc_tuser[0] | (uint64_t)t->m_cc_tuser[1] << 32;
	b->is_sop = lo & 3;
	b->is_eop = (lo >> 6) & 3;
	b->eop_ptr = (lo >> 8) & 15;
	b->discontinue = (lo >> 16) & 1;
	/* 5:2 (sop pointers), 15:12 (eop1 pointer), 80:17 (parity) */
	b->user_rest = (lo & 0x3cull) | (lo & 0xf000ull) | (lo >> 17) | t->m_cc_tuser[2];
	return 1;
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
	s->wr_done = t->stat_wr_done;
	s->rd_err = t->stat_rd_err;
}
