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
	VTOP *t = r->t.get();
	t->eval();
	t->clk = 1;
	t->eval();
	t->clk = 0;
	t->eval();
}

extern "C" void pcie_top_rtl_set_rst(struct pcie_top_rtl *r, int rst) { r->t->rst = rst; }

extern "C" void pcie_top_rtl_set_cfg(struct pcie_top_rtl *r, unsigned mps_code, unsigned mrrs_code)
{
	r->t->cfg_max_payload = mps_code;
	r->t->cfg_max_read_req = mrrs_code;
}

extern "C" void pcie_top_rtl_set_wreq(struct pcie_top_rtl *r, int valid, uint64_t addr, unsigned len)
{
	VTOP *t = r->t.get();
	t->s_wr_req_valid = valid;
	t->s_wr_req_addr = addr;
	t->s_wr_req_len = len;
}

extern "C" int pcie_top_rtl_wreq_ready(struct pcie_top_rtl *r)
{
	r->t->eval();
	return r->t->s_wr_req_ready;
}

extern "C" void pcie_top_rtl_set_wr(struct pcie_top_rtl *r, int valid, const uint8_t *data, uint64_t keep,
				    int last)
{
	VTOP *t = r->t.get();
	t->s_wr_tvalid = valid;
	if (data)
		vtb_put(t->s_wr_tdata, data, 64);
	t->s_wr_tkeep = keep;
	t->s_wr_tlast = last;
}

extern "C" int pcie_top_rtl_wr_ready(struct pcie_top_rtl *r)
{
	r->t->eval();
	return r->t->s_wr_tready;
}

extern "C" void pcie_top_rtl_set_rreq(struct pcie_top_rtl *r, int valid, uint64_t addr, unsigned len)
{
	VTOP *t = r->t.get();
	t->s_rd_req_valid = valid;
	t->s_rd_req_addr = addr;
	t->s_rd_req_len = len;
}

extern "C" int pcie_top_rtl_rreq_ready(struct pcie_top_rtl *r)
{
	r->t->eval();
	return r->t->s_rd_req_ready;
}

extern "C" void pcie_top_rtl_set_cpl_ready(struct pcie_top_rtl *r, int ready) { r->t->m_rd_cpl_tready = ready; }

extern "C" int pcie_top_rtl_cpl(struct pcie_top_rtl *r, uint8_t *data, uint64_t *keep, int *last, int *user)
{
	VTOP *t = r->t.get();
	t->eval();
	if (!t->m_rd_cpl_tvalid)
		return 0;
	vtb_get(t->m_rd_cpl_tdata, data, 64);
	*keep = t->m_rd_cpl_tkeep;
	*last = t->m_rd_cpl_tlast;
	*user = t->m_rd_cpl_tuser;
	return 1;
}

extern "C" void pcie_top_rtl_set_rq_ready(struct pcie_top_rtl *r, int ready) { r->t->m_rq_tready = ready; }

static unsigned bits(const VlWide<5> &w, unsigned lo, unsigned n)
{
	unsigned v = 0;
	for (unsigned i = 0; i < n; i++)
		v |= ((w[(lo + i) / 32] >> ((lo + i) % 32)) & 1u) << i;
	return v;
}

extern "C" int pcie_top_rtl_rq(struct pcie_top_rtl *r, struct rq_beat *b)
{
	VTOP *t = r->t.get();
	t->eval();
	if (!t->m_rq_tvalid)
		return 0;
	vtb_get(t->m_rq_tdata, b->data, 64);
	b->keep = t->m_rq_tkeep;
	b->last = t->m_rq_tlast;
	b->first_be = bits(t->m_rq_tuser, 0, 8);
	b->last_be = bits(t->m_rq_tuser, 8, 8);
	b->is_sop = bits(t->m_rq_tuser, 20, 2);
	b->is_eop = bits(t->m_rq_tuser, 26, 2);
	b->sop_ptr[0] = bits(t->m_rq_tuser, 22, 2);
	b->sop_ptr[1] = bits(t->m_rq_tuser, 24, 2);
	b->eop_ptr = bits(t->m_rq_tuser, 28, 4);
	b->eop1_ptr = bits(t->m_rq_tuser, 32, 4);
	b->discontinue = bits(t->m_rq_tuser, 36, 1);
	b->seq = bits(t->m_rq_tuser, 61, 6);
	b->seq1 = bits(t->m_rq_tuser, 67, 6);
	return 1;
}

extern "C" void pcie_top_rtl_set_seq(struct pcie_top_rtl *r, int vld0, unsigned s0, int vld1, unsigned s1)
{
	VTOP *t = r->t.get();
	t->rq_seq_num_vld0 = vld0;
	t->rq_seq_num0 = s0;
	t->rq_seq_num_vld1 = vld1;
	t->rq_seq_num1 = s1;
}

extern "C" unsigned pcie_top_rtl_wr_done(struct pcie_top_rtl *r)
{
	r->t->eval();
	return r->t->wr_done;
}

extern "C" void pcie_top_rtl_set_rc(struct pcie_top_rtl *r, int valid, const uint32_t *dw, uint16_t keep,
				    int last, const struct rc_user *u)
{
	VTOP *t = r->t.get();
	t->s_rc_tvalid = valid;
	for (int i = 0; i < 16; i++)
		t->s_rc_tdata[i] = dw ? dw[i] : 0;
	t->s_rc_tkeep = keep;
	t->s_rc_tlast = last;
	for (int i = 0; i < 6; i++)
		t->s_rc_tuser[i] = 0;
	if (u)
		t->s_rc_tuser[2] = rc_user_word(u);     /* bits 95:64 */
}

extern "C" int pcie_top_rtl_rc_ready(struct pcie_top_rtl *r)
{
	r->t->eval();
	return r->t->s_rc_tready;
}
