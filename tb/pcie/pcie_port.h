// SPDX-License-Identifier: MIT
// The port glue of tb/pcie's Verilated models, written once: every model
// (hpnic_pcie_dma_wr, _rd, hpnic_pcie_dma, hpnic_pcie, straddle on or off,
// and hpnic_core_pcie in sim/nic's PCIe mode)
// names its ports as the RTL does, so a template serves each model that has
// the port. The drivers (pcie_*_rtl.cpp) keep only their C API and what is
// their own (FST traces, MSI-X).
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

// a CQ beat (straddle off): tuser's first/last BE, is_sop[0], is_eop[0]
// with its pointer, discontinue and the payload's byte_en
template <std::size_t N> void set_bit(VlWide<N> &w, unsigned i, unsigned v)
{
	if (v)
		w[i / 32] |= 1u << (i % 32);
	else
		w[i / 32] &= ~(1u << (i % 32));
}

template <class T> void set_cq(T *t, int valid, const struct cq_beat *b)
{
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

// the CC beat the adapter offers, its tuser decoded
template <class T> int cc(T *t, struct cc_beat *b)
{
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
