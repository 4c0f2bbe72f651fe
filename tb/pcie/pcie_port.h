// SPDX-License-Identifier: MIT
// The port glue of tb/pcie's Verilated models, written once: every model
// (hpnic_pcie_dma_wr, _rd, hpnic_pcie_dma, hpnic_pcie, straddle on or off)
// names its ports as the RTL does, so a template serves each model that has
// the port. The drivers (pcie_*_rtl.cpp) keep only their C API and what is
// their own (FST traces, CQ/CC, MSI-X).
#ifndef PCIE_PORT_H
#define PCIE_PORT_H

#include <cstdint>

#include "verilated.h"

#include "pcie_rtl.h"
#include "vtb.h"

namespace pcie_port {

// bits [lo, lo + n) of a wide tuser word
template <std::size_t N>
unsigned bits(const VlWide<N> &w, unsigned lo, unsigned n)
{
	unsigned v = 0;
	for (unsigned i = 0; i < n; i++)
		v |= ((w[(lo + i) / 32] >> ((lo + i) % 32)) & 1u) << i;
	return v;
}

// the generic DMA write channel's command and data
template <class T> void set_wreq(T *t, int valid, uint64_t addr, unsigned len)
{
	t->s_wr_req_valid = valid;
	t->s_wr_req_addr = addr;
	t->s_wr_req_len = len;
}

template <class T> void set_wr(T *t, int valid, const uint8_t *data, uint64_t keep, int last)
{
	t->s_wr_tvalid = valid;
	if (data)
		vtb_put(t->s_wr_tdata, data, 64);
	t->s_wr_tkeep = keep;
	t->s_wr_tlast = last;
}

// the generic DMA read channel's command and its completion stream
template <class T> void set_rreq(T *t, int valid, uint64_t addr, unsigned len)
{
	t->s_rd_req_valid = valid;
	t->s_rd_req_addr = addr;
	t->s_rd_req_len = len;
}

template <class T> int cpl(T *t, uint8_t *data, uint64_t *keep, int *last, int *user)
{
	t->eval();
	if (!t->m_rd_cpl_tvalid)
		return 0;
	vtb_get(t->m_rd_cpl_tdata, data, 64);
	*keep = t->m_rd_cpl_tkeep;
	*last = t->m_rd_cpl_tlast;
	*user = t->m_rd_cpl_tuser;
	return 1;
}

// the RQ beat the model offers, its tuser decoded (docs/pcie.md, RQ)
template <class T> int rq(T *t, struct rq_beat *b)
{
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

template <class T> void set_seq(T *t, int vld0, unsigned s0, int vld1, unsigned s1)
{
	t->rq_seq_num_vld0 = vld0;
	t->rq_seq_num0 = s0;
	t->rq_seq_num_vld1 = vld1;
	t->rq_seq_num1 = s1;
}

// an RC beat; u (may be NULL) gives the straddle fields, discontinue bit 96
template <class T>
void set_rc(T *t, int valid, const uint32_t *dw, uint16_t keep, int last, const struct rc_user *u,
	    int discontinue)
{
	t->s_rc_tvalid = valid;
	for (int i = 0; i < 16; i++)
		t->s_rc_tdata[i] = dw ? dw[i] : 0;
	t->s_rc_tkeep = keep;
	t->s_rc_tlast = last;
	for (int i = 0; i < 6; i++)
		t->s_rc_tuser[i] = 0;
	if (u)
		t->s_rc_tuser[2] = rc_user_word(u);     /* bits 95:64 */
	if (discontinue)
		t->s_rc_tuser[3] |= 1u;                 /* bit 96 */
}

// a clock edge without traces
template <class T> void tick(T *t)
{
	t->eval();
	t->clk = 1;
	t->eval();
	t->clk = 0;
	t->eval();
}

} // namespace pcie_port

#endif
