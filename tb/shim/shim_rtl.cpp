// SPDX-License-Identifier: MIT
// Three-clock driver of the Verilated hpnic_mac_shim behind the C API of
// shim_rtl.h.
#include <memory>

#include "Vmac_shim.h"
#include "verilated.h"
#include "verilated_fst_c.h"

#include "shim_rtl.h"
#include "vtb.h"

#ifndef SHIM_TX_LOG2
#define SHIM_TX_LOG2 9
#endif
#ifndef SHIM_RX_LOG2
#define SHIM_RX_LOG2 9
#endif

struct shim_rtl {
	std::unique_ptr<VerilatedContext> ctx;
	std::unique_ptr<Vmac_shim> t;
	std::unique_ptr<VerilatedFstC> fst;
};

extern "C" unsigned shim_rtl_tx_depth(void)
{
	return 1u << SHIM_TX_LOG2;
}

extern "C" unsigned shim_rtl_rx_depth(void)
{
	return 1u << SHIM_RX_LOG2;
}

extern "C" struct shim_rtl *shim_rtl_new(const char *fst)
{
	shim_rtl *r = new shim_rtl;
	r->ctx.reset(new VerilatedContext);
	r->t.reset(new Vmac_shim{r->ctx.get()});
	if (fst) {
		r->ctx->traceEverOn(true);
		r->fst.reset(new VerilatedFstC);
		r->t->trace(r->fst.get(), 99);
		r->fst->open(fst);
	}
	Vmac_shim *t = r->t.get();
	t->clk = t->mac_tx_clk = t->mac_rx_clk = 0;
	t->rst = t->mac_tx_rst = t->mac_rx_rst = 0;
	t->s_tx_tvalid = 0;
	t->m_rx_tready = 0;
	t->m_mac_tx_tready = 0;
	t->mac_tx_unfout = t->mac_tx_ovfout = 0;
	t->s_mac_rx_tvalid = 0;
	t->eval();
	return r;
}

extern "C" void shim_rtl_free(struct shim_rtl *r)
{
	if (r && r->fst)
		r->fst->close();
	delete r;
}

extern "C" void shim_rtl_edge(struct shim_rtl *r, unsigned mask, uint64_t time_fs)
{
	Vmac_shim *t = r->t.get();
	r->ctx->time(time_fs / 1000);
	t->clk = mask & 1;
	t->mac_tx_clk = (mask >> 1) & 1;
	t->mac_rx_clk = (mask >> 2) & 1;
	t->eval();
	if (r->fst)
		r->fst->dump(r->ctx->time());
	t->clk = t->mac_tx_clk = t->mac_rx_clk = 0;
	t->eval();
	if (r->fst)
		r->fst->dump(r->ctx->time() + 1);
}

extern "C" void shim_rtl_set_rst(struct shim_rtl *r, int core, int mac_tx, int mac_rx)
{
	r->t->rst = core;
	r->t->mac_tx_rst = mac_tx;
	r->t->mac_rx_rst = mac_rx;
	r->t->eval();
}

static void get_beat(const VlWide<16> &d, const uint64_t &k, int last, int user, shim_beat *b)
{
	bool contig;
	vtb_get(d, b->data, SHIM_BYTES);
	b->nbytes = vtb_keep_count(k, &contig);
	b->keep_ok = contig;
	b->last = last;
	b->user = user;
}

extern "C" void shim_rtl_set_tx(struct shim_rtl *r, int valid, const struct shim_beat *b)
{
	Vmac_shim *t = r->t.get();
	t->s_tx_tvalid = valid;
	vtb_put(t->s_tx_tdata, b->data, b->nbytes);
	vtb_keep(t->s_tx_tkeep, b->nbytes);
	t->s_tx_tlast = b->last;
	t->s_tx_tuser = b->user;
	t->eval();
}

extern "C" int shim_rtl_tx_ready(struct shim_rtl *r)
{
	return r->t->s_tx_tready;
}

extern "C" void shim_rtl_set_rx_ready(struct shim_rtl *r, int ready)
{
	r->t->m_rx_tready = ready;
	r->t->eval();
}

extern "C" int shim_rtl_rx(struct shim_rtl *r, struct shim_beat *b)
{
	Vmac_shim *t = r->t.get();
	get_beat(t->m_rx_tdata, t->m_rx_tkeep, t->m_rx_tlast, 0, b);
	return t->m_rx_tvalid;
}

extern "C" void shim_rtl_stats(struct shim_rtl *r, struct shim_stats *s)
{
	Vmac_shim *t = r->t.get();
	s->tx_frames = t->stat_tx_frames;
	s->tx_bytes = t->stat_tx_bytes;
	s->tx_drop_bad = t->stat_tx_drop_bad;
	s->tx_drop_oversize = t->stat_tx_drop_oversize;
	s->tx_drop_reset = t->stat_tx_drop_reset;
	s->tx_mac_underflow = t->stat_tx_mac_underflow;
	s->tx_mac_overflow = t->stat_tx_mac_overflow;
	s->rx_frames = t->stat_rx_frames;
	s->rx_bytes = t->stat_rx_bytes;
	s->rx_drop_bad = t->stat_rx_drop_bad;
	s->rx_drop_overflow = t->stat_rx_drop_overflow;
	s->rx_drop_oversize = t->stat_rx_drop_oversize;
}

extern "C" void shim_rtl_set_mac_tx_ready(struct shim_rtl *r, int ready, int unfout, int ovfout)
{
	Vmac_shim *t = r->t.get();
	t->m_mac_tx_tready = ready;
	t->mac_tx_unfout = unfout;
	t->mac_tx_ovfout = ovfout;
	t->eval();
}

extern "C" int shim_rtl_mac_tx(struct shim_rtl *r, struct shim_beat *b)
{
	Vmac_shim *t = r->t.get();
	get_beat(t->m_mac_tx_tdata, t->m_mac_tx_tkeep, t->m_mac_tx_tlast,
		 t->m_mac_tx_tuser, b);
	return t->m_mac_tx_tvalid;
}

extern "C" void shim_rtl_set_mac_rx(struct shim_rtl *r, int valid, const struct shim_beat *b)
{
	Vmac_shim *t = r->t.get();
	t->s_mac_rx_tvalid = valid;
	vtb_put(t->s_mac_rx_tdata, b->data, b->nbytes);
	vtb_keep(t->s_mac_rx_tkeep, b->nbytes);
	t->s_mac_rx_tlast = b->last;
	t->s_mac_rx_tuser = b->user;
	t->eval();
}
