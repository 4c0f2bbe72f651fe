// SPDX-License-Identifier: MIT
// Driver of the Verilated hpnic_tx_gather (two builds) behind the C API of
// gather_rtl.h, with the DMA engine that serves its reads.
#include <cstdio>
#include <deque>
#include <memory>
#include <random>

#include "Vgather.h"
#include "Vgather_dflt.h"
#include "verilated.h"
#include "verilated_fst_c.h"

#include "gather_rtl.h"
#include "vtb.h"

struct gather_rtl;

struct gather_port {
	virtual ~gather_port() {}
	virtual void tick(gather_rtl *r) = 0;
	virtual void reset(gather_rtl *r) = 0;
	virtual void stats(gather_stats *s) = 0;
	virtual void trace(VerilatedFstC *f) = 0;
};

// a read taken: its data is due from cycle due, beat by beat
struct rd_data {
	uint64_t addr;
	unsigned len, beat;
	uint64_t due;
	bool fail;
};

struct gather_rtl {
	std::unique_ptr<VerilatedContext> ctx;
	std::unique_ptr<gather_port> m;
	std::unique_ptr<VerilatedFstC> fst;
	std::mt19937_64 rng;
	gather_cfg cfg = {};
	uint64_t base = 0;
	const uint8_t *mem = nullptr;
	size_t size = 0;
	uint64_t cycles = 0, progress = 0;
	std::deque<gather_req> reqs;
	std::deque<rd_data> open;
	std::deque<gather_rd> rds;
	std::deque<gather_beat> beats;
	std::deque<gather_proto> protos;
};

static bool chance(gather_rtl *r, double p)
{
	return p > 0 && std::uniform_real_distribution<double>(0.0, 1.0)(r->rng) < p;
}

static unsigned upto(gather_rtl *r, unsigned n)
{
	return std::uniform_int_distribution<unsigned>(0, n)(r->rng);
}

template <std::size_t N>
static void noise(gather_rtl *r, VlWide<N> &w)
{
	for (std::size_t i = 0; i < N; i++)
		w[i] = (uint32_t)r->rng();
}

// the host memory's byte at an IO address; random outside it
static uint8_t host_byte(gather_rtl *r, uint64_t a)
{
	if (r->mem && a >= r->base && a - r->base < r->size)
		return r->mem[a - r->base];
	return (uint8_t)r->rng();
}

// TRACE: the model was Verilated with --trace-fst (mk/gather.mk)
template <class V, bool TRACE> struct gather_vmodel : gather_port {
	std::unique_ptr<V> t;
	// the outputs of the cycle before, when they were offered and not taken
	bool rd_held = false, pay_held = false;
	uint64_t rd_addr = 0;
	unsigned rd_len = 0;
	VlWide<16> pay_data;
	uint64_t pay_keep = 0;
	unsigned pay_last = 0;
	explicit gather_vmodel(VerilatedContext *ctx) : t(new V{ctx}) {}

	void dump(gather_rtl *r)
	{
		r->ctx->timeInc(1);
		if (r->fst)
			r->fst->dump(r->ctx->time());
	}

	// the inputs for the next edge: a valid, once raised, stays up (and
	// its word unchanged) until taken
	void present(gather_rtl *r)
	{
		V *m = t.get();

		if (!m->s_req_valid) {
			if (!r->reqs.empty() && !chance(r, r->cfg.req_idle)) {
				const gather_req &q = r->reqs.front();
				m->s_req_valid = 1;
				m->s_req_addr = q.addr;
				m->s_req_len = q.len & 0x1fff;
				m->s_req_sgl = q.sgl & 1;
				m->s_req_nsge_m1 = q.nsge_m1 & 3;
				m->s_req_off = q.off;
				m->s_req_pd = GATHER_PD;
			} else {
				m->s_req_addr = r->rng();
				m->s_req_len = r->rng() & 0x1fff;
				m->s_req_sgl = r->rng() & 1;
				m->s_req_nsge_m1 = r->rng() & 3;
				m->s_req_off = (uint32_t)r->rng();
				m->s_req_pd = (uint16_t)r->rng();
			}
		}
		if (!m->s_dma_tvalid) {
			if (!r->open.empty() && r->open.front().due <= r->cycles &&
			    !chance(r, r->cfg.beat_idle)) {
				const rd_data &d = r->open.front();
				unsigned at = 64 * d.beat, n = d.len - at > 64 ? 64 : d.len - at;
				uint8_t b[64];
				for (unsigned i = 0; i < 64; i++)
					b[i] = i < n ? host_byte(r, d.addr + at + i) : (uint8_t)r->rng();
				m->s_dma_tvalid = 1;
				vtb_put(m->s_dma_tdata, b, 64);
				vtb_keep(m->s_dma_tkeep, n);
				m->s_dma_tlast = at + n == d.len;
				m->s_dma_tuser = m->s_dma_tlast ? d.fail : r->rng() & 1;
			} else {
				noise(r, m->s_dma_tdata);
				m->s_dma_tkeep = r->rng();
				m->s_dma_tlast = r->rng() & 1;
				m->s_dma_tuser = r->rng() & 1;
			}
		}
	}

	// one clock: inputs presented, readies drawn, outputs sampled at the edge
	void tick(gather_rtl *r) override
	{
		V *m = t.get();

		present(r);
		m->m_dma_rd_ready = !chance(r, r->cfg.rd_stall);
		m->m_pay_tready = !chance(r, r->cfg.pay_stall);
		m->eval();

		bool req_take = m->s_req_valid && m->s_req_ready;
		bool rd_take = m->m_dma_rd_valid && m->m_dma_rd_ready;
		bool dat_take = m->s_dma_tvalid && m->s_dma_tready;
		bool pay_take = m->m_pay_tvalid && m->m_pay_tready;

		// an output offered stays offered, unchanged, until taken
		if (rd_held && (!m->m_dma_rd_valid || m->m_dma_rd_addr != rd_addr ||
				m->m_dma_rd_len != rd_len))
			r->protos.push_back({r->cycles, GATHER_P_RD});
		if (pay_held) {
			bool same = m->m_pay_tvalid && m->m_pay_tkeep == pay_keep &&
				    m->m_pay_tlast == pay_last;
			for (int i = 0; i < 16; i++)
				same = same && m->m_pay_tdata[i] == pay_data[i];
			if (!same)
				r->protos.push_back({r->cycles, GATHER_P_PAY});
		}
		rd_held = m->m_dma_rd_valid && !m->m_dma_rd_ready;
		rd_addr = m->m_dma_rd_addr;
		rd_len = m->m_dma_rd_len;
		pay_held = m->m_pay_tvalid && !m->m_pay_tready;
		pay_data = m->m_pay_tdata;
		pay_keep = m->m_pay_tkeep;
		pay_last = m->m_pay_tlast;

		if (rd_take) {
			gather_rd rd = {m->m_dma_rd_addr, m->m_dma_rd_len, r->cycles};
			r->rds.push_back(rd);
			r->open.push_back({rd.addr, rd.len, 0, r->cycles + 1 + upto(r, r->cfg.lat_max),
					   gather_rd_fails(&r->cfg, rd.addr, rd.len) != 0});
		}
		if (pay_take) {
			gather_beat b;
			vtb_get(m->m_pay_tdata, b.data, 64);
			b.keep = m->m_pay_tkeep;
			b.bytes = m->m_pay_tbytes;
			b.last = m->m_pay_tlast;
			b.user = m->m_pay_tuser;
			b.cycle = r->cycles;
			r->beats.push_back(b);
		}
		if (req_take || rd_take || dat_take || pay_take)
			r->progress = r->cycles;

		m->clk = 1;
		m->eval();
		dump(r);

		if (req_take) {
			r->reqs.pop_front();
			m->s_req_valid = 0;
		}
		if (dat_take) {
			rd_data &d = r->open.front();
			// a read of length 0 would have no beat: the test flags it,
			// and one beat is given for it so nothing waits forever
			if (m->s_dma_tlast || 64 * (d.beat + 1) >= d.len)
				r->open.pop_front();
			else
				d.beat++;
			m->s_dma_tvalid = 0;
		}
		m->clk = 0;
		m->eval();
		dump(r);
		r->cycles++;
	}

	void reset(gather_rtl *r) override
	{
		V *m = t.get();

		m->clk = 0;
		m->rst = 1;
		m->s_req_valid = 0;
		m->s_dma_tvalid = 0;
		m->cfg_mr_wr_en = 0;
		m->eval();
		rd_held = pay_held = false;
		for (int i = 0; i < 4; i++)
			tick(r);
		m->rst = 0;
		// the SGEs' L_Key (GATHER_LKEY): one region over the whole 48-bit
		// space, in PD GATHER_PD, its NIC addresses the VAs themselves
		m->cfg_mr_wr_en = 1;
		m->cfg_mr_wr_idx = GATHER_LKEY >> 8;
		m->cfg_mr_wr_valid = 1;
		m->cfg_mr_wr_tag = GATHER_LKEY & 0xff;
		m->cfg_mr_wr_va = 0;
		m->cfg_mr_wr_len = (1ull << 48) - 1;
		m->cfg_mr_wr_iova = 0;
		m->cfg_mr_wr_pd = GATHER_PD;
		tick(r);
		m->cfg_mr_wr_en = 0;
		for (int i = 0; i < 3; i++)
			tick(r);
	}

	void stats(gather_stats *s) override
	{
		s->sgl_pkts = t->stat_sgl_pkts;
		s->pieces = t->stat_pieces;
		s->shrt = t->stat_short;
		s->lkey_err = t->stat_lkey_err;
	}

	void trace(VerilatedFstC *f) override
	{
		if constexpr (TRACE)
			t->trace(f, 99);
		else
			fprintf(stderr, "gather_rtl: this model was built without --trace-fst\n");
	}
};

extern "C" struct gather_rtl *gather_rtl_new(enum gather_model model, uint64_t seed,
					     const char *fst)
{
	gather_rtl *r = new gather_rtl;
	r->ctx.reset(new VerilatedContext);
	if (model == GATHER_SMALL)
		r->m.reset(new gather_vmodel<Vgather, true>(r->ctx.get()));
	else
		r->m.reset(new gather_vmodel<Vgather_dflt, false>(r->ctx.get()));
	r->rng.seed(seed);
	if (fst) {
		r->ctx->traceEverOn(true);
		r->fst.reset(new VerilatedFstC);
		r->m->trace(r->fst.get());
		r->fst->open(fst);
	}
	r->m->reset(r);
	r->rds.clear();
	r->beats.clear();
	return r;
}

extern "C" void gather_rtl_free(struct gather_rtl *r)
{
	if (!r)
		return;
	if (r->fst)
		r->fst->close();
	r->m.reset();
	delete r;
}

extern "C" void gather_rtl_mem(struct gather_rtl *r, uint64_t base, const uint8_t *mem,
			       size_t size)
{
	r->base = base;
	r->mem = mem;
	r->size = size;
}

extern "C" void gather_rtl_config(struct gather_rtl *r, const struct gather_cfg *c)
{
	r->cfg = *c;
}

extern "C" void gather_rtl_push(struct gather_rtl *r, const struct gather_req *q)
{
	r->reqs.push_back(*q);
}

extern "C" unsigned gather_rtl_queued(const struct gather_rtl *r)
{
	return (unsigned)r->reqs.size();
}

extern "C" unsigned gather_rtl_reads_open(const struct gather_rtl *r)
{
	return (unsigned)r->open.size();
}

extern "C" void gather_rtl_run(struct gather_rtl *r, unsigned cycles)
{
	while (cycles--)
		r->m->tick(r);
}

template <typename T>
static int pop(std::deque<T> &q, T *out)
{
	if (q.empty())
		return 0;
	*out = q.front();
	q.pop_front();
	return 1;
}

extern "C" int gather_rtl_pop_read(struct gather_rtl *r, struct gather_rd *rd)
{
	return pop(r->rds, rd);
}

extern "C" int gather_rtl_pop_beat(struct gather_rtl *r, struct gather_beat *b)
{
	return pop(r->beats, b);
}

extern "C" int gather_rtl_pop_proto(struct gather_rtl *r, struct gather_proto *p)
{
	return pop(r->protos, p);
}

extern "C" void gather_rtl_stats(struct gather_rtl *r, struct gather_stats *s)
{
	r->m->stats(s);
}

extern "C" uint64_t gather_rtl_cycles(const struct gather_rtl *r)
{
	return r->cycles;
}

extern "C" uint64_t gather_rtl_last_progress(const struct gather_rtl *r)
{
	return r->progress;
}
