// SPDX-License-Identifier: MIT
// Two Verilated datapaths back to back through link models; see dp_harness.h.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "Vhpnic_datapath.h"
#include "hpnic_regs.h"
#include "verilated.h"
#include "vtb.h"
#include "verilated_fst_c.h"

#include "dp_harness.h"
#include "pcap.h"
#include "roce_pkt.h"

namespace {

constexpr unsigned QPN_BITS = 12;
constexpr unsigned NQP = 1u << QPN_BITS;
constexpr uint64_t PS_PER_CYCLE = 1000000u / DP_CLK_MHZ;
/* wire bytes per packet beyond the payload (Ethernet to FCS, preamble, gap:
 * the NIC's reset value), and the scheduler model's largest PktSend */
constexpr unsigned DP_PKT_OVERHEAD = HPNIC_CC_SCHED_OVERHEAD_RST;
constexpr unsigned DP_GRANT = 4096;
/* reset to ready: the record pool's 8192 entries, one per cycle */
constexpr unsigned DP_SETTLE_CYCLES = 8192 + 64;

const char *const stat_names[DP_NSTATS] = {
	"rx_frames", "rx_mac_err", "rx_full", "rx_too_long", "rx_eth_type", "rx_not_ours",
	"rx_ip_hdr", "rx_ip_csum", "rx_ip_frag", "rx_not_udp", "rx_udp_port", "rx_udp_len",
	"rx_ip_len", "rx_int", "rx_opcode", "rx_tver", "rx_qpn", "rx_pay_len", "rx_icrc",
	"rx_bad_qp", "rx_psn_dup", "rx_psn_oos", "rx_nak_seq_sent", "rx_access_err",
	"rx_len_err", "rx_resp_stray", "rx_resp_gap", "rx_writes", "rx_reads",
	"tx_timeouts", "tx_rewinds", "tx_fatal",
};

struct Range {
	uint64_t lo, hi;
};

struct Nic {
	std::unique_ptr<Vhpnic_datapath> m;
	std::vector<uint8_t> mem;
	uint64_t mac = 0;
	uint32_t ip = 0;
	// each WQE with its SEND and immediate fields
	struct SqWqe {
		dp_wqe w;
		int send, imm_valid;
		uint32_t imm;
	};
	std::vector<std::vector<SqWqe>> sq = std::vector<std::vector<SqWqe>>(NQP);
	std::vector<uint16_t> pi = std::vector<uint16_t>(NQP);
	std::deque<std::pair<unsigned, uint16_t>> doorbells;
	struct Fetch { uint64_t ready; unsigned qpn, idx, tag; };
	std::deque<Fetch> fetches;
	struct Rd { uint64_t ready; uint64_t addr; uint32_t len; };
	std::deque<Rd> rds;
	uint32_t rd_off = 0;
	std::deque<uint64_t> wr_cmds;         // DMA write commands, data in order
	uint32_t wr_off = 0;
	std::deque<dp_cpl> cpls;
	// receive WQEs: posted and not yet handed to the NIC, handed and not
	// yet completed (at most 16 per QP), the QP resets (flushes) to send
	struct Rwqe { unsigned qpn; bool flush; uint64_t addr; uint32_t len; };
	std::vector<std::deque<Rwqe>> rq = std::vector<std::deque<Rwqe>>(NQP);
	std::vector<unsigned> rq_out = std::vector<unsigned>(NQP);
	std::deque<Rwqe> rwqes;               // to the NIC, in order
	std::deque<dp_rcpl> rcpls;
	bool drv_rwqe = false;
	std::vector<int64_t> pending = std::vector<int64_t>(NQP);
	std::vector<bool> listed = std::vector<bool>(NQP);
	std::deque<unsigned> active;          // QPs that may have packets, round robin
	struct Init { unsigned qpn; uint32_t sq_psn, rq_psn; };
	std::deque<Init> inits;
	std::vector<uint8_t> txbuf;
	std::deque<std::vector<uint8_t>> rxq;
	std::deque<bool> rxq_err;             // the MAC's error flag per frame
	size_t rx_off = 0;
	bool capture = false;
	std::deque<std::vector<uint8_t>> txcap;
	double dma_wr_stall = 0;
	std::vector<Range> allowed;
	// each QP's context as last written (dp_qp_pd writes it again)
	std::vector<unsigned> qp_state = std::vector<unsigned>(NQP);
	std::vector<unsigned> qp_mtu = std::vector<unsigned>(NQP);
	std::vector<unsigned> qp_dqpn = std::vector<unsigned>(NQP);
	std::vector<unsigned> qp_pd = std::vector<unsigned>(NQP);
	std::vector<unsigned> qp_rnr_retry = std::vector<unsigned>(NQP, 7);
	std::vector<unsigned> qp_cc_mode = std::vector<unsigned>(NQP, 0);
	std::deque<std::pair<unsigned, uint64_t>> cnps;    // CNP events to the CC engine
	dp_nic_stats st{};
	// this cycle's driven values
	bool drv_rd = false, drv_wqe = false, drv_post = false, drv_ps = false, drv_rx = false,
	     drv_init = false, drv_wr_ready = false;
	unsigned ps_qpn = 0;
	unsigned ps_len = 0;
};

} // namespace

struct dp_pair {
	dp_cfg cfg{};
	std::unique_ptr<VerilatedContext> ctx;
	Nic nic[2];
	struct link *lk[2] = {nullptr, nullptr};
	std::unique_ptr<VerilatedFstC> fst;
	roce_pcap pcap{};
	bool pcap_on = false;
	FILE *expect = nullptr;              /* PCAP.expect: opcode, PSN per frame */
	std::mt19937_64 rng;
	std::uniform_real_distribution<double> uni{0.0, 1.0};
	uint64_t cycle = 0;
	uint64_t last_activity = 0;
	uint64_t mac_fifo_ps[2] = {0, 0};
	bool probe_armed = false;
	dp_probe probe{};
};

/* hand the NIC a QP's posted receive WQEs while it holds fewer than 16 not
 * yet completed (the host interface's prefetch limit) */
static void rq_feed(Nic &n, unsigned q)
{
	while (!n.rq[q].empty() && n.rq_out[q] < 16) {
		n.rwqes.push_back(n.rq[q].front());
		n.rq[q].pop_front();
		n.rq_out[q]++;
	}
}

extern "C" void dp_cfg_default(struct dp_cfg *c)
{
	memset(c, 0, sizeof(*c));
	c->mem_mb = 64;
	c->dma_latency = 40;
	c->wqe_latency = 40;
	c->int_enable = 0;
	c->int_port = 4792;
	c->ack_req_log2 = HPNIC_CTRL_ACK_REQ_RST & HPNIC_CTRL_ACK_REQ_SPACING_LOG2_MASK;
	c->rto = 8;                          /* 8 x 4.1 us */
	c->np_min_time_us = HPNIC_CC_NP_MIN_TIME_US_RST;
	for (int i = 0; i < 2; i++) {
		link_cfg_default(&c->link[i]);
		c->link[i].seed = 1 + i;
	}
	c->seed = 1;
}

extern "C" void dp_cfg_test(struct dp_cfg *c, uint64_t seed, int int_enable, double stall,
			    const char *pcap_base)
{
	dp_cfg_default(c);
	c->seed = seed;
	c->int_enable = int_enable;
	c->dma_rd_idle = stall;
	c->dma_wr_stall = stall;
	c->pktsend_idle = stall;
	c->mac_tx_stall = stall;
	c->cnp_stall = stall;
	if (pcap_base) {
		snprintf(c->pcap_name, sizeof(c->pcap_name), "%s-int%d.pcap", pcap_base, int_enable);
		c->pcap_path = c->pcap_name;
	}
}

static bool chance(dp_pair *d, double p)
{
	return p > 0 && d->uni(d->rng) < p;
}

static void tick(dp_pair *d)
{
	for (auto &n : d->nic) {
		n.m->clk = 1;
		n.m->eval();
	}
	bool dump = d->fst && d->cycle >= d->cfg.fst_from &&
		    (!d->cfg.fst_cycles || d->cycle - d->cfg.fst_from < d->cfg.fst_cycles);
	d->ctx->timeInc(2);
	if (dump)
		d->fst->dump(d->ctx->time());
	for (auto &n : d->nic) {
		n.m->clk = 0;
		n.m->eval();
	}
	d->ctx->timeInc(2);
	if (dump)
		d->fst->dump(d->ctx->time());
	d->cycle++;
}

static void drive_config(dp_pair *d, int i)
{
	Vhpnic_datapath *m = d->nic[i].m.get();

	m->cfg_mac = d->nic[i].mac;
	m->cfg_ip = d->nic[i].ip;
	m->cfg_int_enable = d->cfg.int_enable;
	m->cfg_int_port = d->cfg.int_port;
	m->cfg_ack_req_log2 = d->cfg.ack_req_log2;
	m->cfg_rto = d->cfg.rto;
	m->cfg_pkt_overhead = DP_PKT_OVERHEAD;
	m->cfg_np_min_time_us = d->cfg.np_min_time_us;
}

extern "C" struct dp_pair *dp_new(const struct dp_cfg *c, char *err, size_t errlen)
{
	dp_pair *d = new dp_pair;

	d->cfg = *c;
	d->rng.seed(c->seed);
	d->ctx.reset(new VerilatedContext);
	for (int i = 0; i < 2; i++) {
		Nic &n = d->nic[i];

		n.m.reset(new Vhpnic_datapath{d->ctx.get(), i ? "nic1" : "nic0"});
		n.mem.assign((size_t)c->mem_mb << 20, 0);
		n.mac = 0x020000000010ull + i;
		n.dma_wr_stall = c->dma_wr_stall;
		n.ip = 0x0a000001u + i;
		d->lk[i] = link_create(&c->link[i], err, errlen);
		if (!d->lk[i]) {
			dp_free(d);
			return nullptr;
		}
		d->mac_fifo_ps[i] = c->link[i].rate_mbps
			? (uint64_t)(4224 * 8) * 1000000u / c->link[i].rate_mbps : 0;
	}
	if (c->fst_path) {
		d->ctx->traceEverOn(true);
		d->fst.reset(new VerilatedFstC);
		d->nic[c->fst_nic ? 1 : 0].m->trace(d->fst.get(), 99);
		d->fst->open(c->fst_path);
	}
	if (c->pcap_path) {
		if (roce_pcap_create(&d->pcap, c->pcap_path)) {
			snprintf(err, errlen, "cannot create %s", c->pcap_path);
			dp_free(d);
			return nullptr;
		}
		d->pcap_on = true;
		/* what our own parser reads from each frame, for
		 * scripts/roce_pcap_check.sh --expect (tshark must agree) */
		std::string ex = std::string(c->pcap_path) + ".expect";
		d->expect = fopen(ex.c_str(), "w");
		if (!d->expect) {
			snprintf(err, errlen, "cannot create %s", ex.c_str());
			dp_free(d);
			return nullptr;
		}
	}
	for (int i = 0; i < 2; i++) {
		drive_config(d, i);
		d->nic[i].m->rst = 1;
		d->nic[i].m->clk = 0;
		d->nic[i].m->eval();
	}
	for (int k = 0; k < 8; k++)
		tick(d);
	for (auto &n : d->nic)
		n.m->rst = 0;
	/* out of reset, the requester clears every QP once and the record pool
	 * fills its free list (docs/transport.md): a NIC takes no event until
	 * then, so measurements start after it */
	for (unsigned k = 0; k < DP_SETTLE_CYCLES; k++)
		tick(d);
	return d;
}

extern "C" struct dp_pair *dp_new_or_exit(const struct dp_cfg *c, const char *prog)
{
	char err[256];
	dp_pair *d = dp_new(c, err, sizeof(err));

	if (!d) {
		fprintf(stderr, "%s: %s\n", prog, err);
		exit(2);
	}
	return d;
}

extern "C" void dp_free(struct dp_pair *d)
{
	if (!d)
		return;
	if (d->fst)
		d->fst->close();
	if (d->pcap_on)
		roce_pcap_close(&d->pcap);
	if (d->expect)
		fclose(d->expect);
	for (int i = 0; i < 2; i++) {
		if (d->nic[i].m)
			d->nic[i].m->final();
		link_destroy(d->lk[i]);
	}
	delete d;
}

static void cfg_qp_write(dp_pair *d, int i, unsigned qpn, unsigned state, unsigned mtu_log2,
			 unsigned dqpn)
{
	Vhpnic_datapath *m = d->nic[i].m.get();
	const Nic &peer = d->nic[!i];

	m->cfg_qp_wr_en = 1;
	m->cfg_qp_wr_qpn = qpn;
	m->cfg_qp_wr_state = state;
	m->cfg_qp_wr_mtu_log2 = mtu_log2;
	m->cfg_qp_wr_dqpn = dqpn;
	m->cfg_qp_wr_dmac = peer.mac;
	m->cfg_qp_wr_dip = peer.ip;
	m->cfg_qp_wr_sport = 0xc000 | (qpn & 0x3fff);
	m->cfg_qp_wr_dscp_ecn = (26 << 2) | 2;
	m->cfg_qp_wr_pd = d->nic[i].qp_pd[qpn];
	m->cfg_qp_wr_rnr_retry = d->nic[i].qp_rnr_retry[qpn] & 7;   /* 7: no limit */
	m->cfg_qp_wr_cc_mode = d->nic[i].qp_cc_mode[qpn] & 3;
	m->cfg_qp_wr_min_rnr = 1;     /* RNR NAKs ask for 0.01 ms (libhpnic's default) */
	d->nic[i].qp_state[qpn] = state;
	d->nic[i].qp_mtu[qpn] = mtu_log2;
	d->nic[i].qp_dqpn[qpn] = dqpn;
	tick(d);
	m->cfg_qp_wr_en = 0;
}

extern "C" int dp_qp_pd(struct dp_pair *d, int nic, unsigned qpn, unsigned pd)
{
	Nic &n = d->nic[nic];

	if (qpn >= NQP)
		return -1;
	n.qp_pd[qpn] = pd & 0xffff;
	cfg_qp_write(d, nic, qpn, n.qp_state[qpn], n.qp_mtu[qpn], n.qp_dqpn[qpn]);
	return 0;
}

extern "C" int dp_mr_pd(struct dp_pair *d, int nic, unsigned idx, uint8_t tag, unsigned access,
			uint64_t va, uint64_t len, uint64_t naddr, unsigned pd)
{
	Vhpnic_datapath *m = d->nic[nic].m.get();

	m->cfg_mr_wr_en = 1;
	m->cfg_mr_wr_idx = idx;
	m->cfg_mr_wr_valid = len != 0;
	m->cfg_mr_wr_tag = tag;
	m->cfg_mr_wr_access = access & 3;
	m->cfg_mr_wr_va = va;
	m->cfg_mr_wr_len = len;
	m->cfg_mr_wr_iova = naddr;
	m->cfg_mr_wr_pd = pd & 0xffff;
	tick(d);
	m->cfg_mr_wr_en = 0;
	m->cfg_mr_wr_pd = 0;
	return 0;
}

extern "C" int dp_mtt(struct dp_pair *d, int nic, unsigned idx, uint64_t io_page)
{
	Vhpnic_datapath *m = d->nic[nic].m.get();

	m->cfg_mtt_wr_en = 1;
	m->cfg_mtt_wr_idx = idx;
	m->cfg_mtt_wr_frame = io_page >> 12;
	tick(d);
	m->cfg_mtt_wr_en = 0;
	return 0;
}

extern "C" void dp_allow_clear(struct dp_pair *d, int nic)
{
	d->nic[nic].allowed.clear();
}

extern "C" int dp_connect(struct dp_pair *d, unsigned qa, unsigned qb, unsigned mtu_log2,
			  uint32_t psn_a, uint32_t psn_b)
{
	if (qa >= NQP || qb >= NQP || mtu_log2 < 6 || mtu_log2 > 12)
		return -1;
	cfg_qp_write(d, 0, qa, DP_QPS_RTS, mtu_log2, qb);
	cfg_qp_write(d, 1, qb, DP_QPS_RTS, mtu_log2, qa);
	d->nic[0].inits.push_back({qa, psn_a & 0xffffff, psn_b & 0xffffff});
	d->nic[1].inits.push_back({qb, psn_b & 0xffffff, psn_a & 0xffffff});
	d->nic[0].sq[qa].clear();
	d->nic[1].sq[qb].clear();
	// a QP reset empties the receive queues (the host's flush)
	for (int k = 0; k < 2; k++) {
		unsigned q = k ? qb : qa;
		Nic &n = d->nic[k];

		n.rq[q].clear();
		n.rq_out[q] = 0;
		n.rwqes.push_back({q, true, 0, 0});
	}
	d->nic[0].pi[qa] = 0;
	d->nic[1].pi[qb] = 0;
	dp_run(d, 16);
	return 0;
}

extern "C" void dp_qp_cc_mode(struct dp_pair *d, int nic, unsigned qpn, unsigned mode)
{
	if (qpn < NQP)
		d->nic[nic].qp_cc_mode[qpn] = mode;
}

extern "C" int dp_cnp_pop(struct dp_pair *d, int nic, unsigned *qpn, uint64_t *cycle)
{
	Nic &n = d->nic[nic];

	if (n.cnps.empty())
		return -1;
	*qpn = n.cnps.front().first;
	*cycle = n.cnps.front().second;
	n.cnps.pop_front();
	return 0;
}

extern "C" void dp_qp_rnr_retry(struct dp_pair *d, int nic, unsigned qpn, unsigned retries)
{
	if (qpn < NQP)
		d->nic[nic].qp_rnr_retry[qpn] = retries;
}

extern "C" int dp_qp_state(struct dp_pair *d, int nic, unsigned qpn, unsigned state)
{
	Vhpnic_datapath *m = d->nic[nic].m.get();

	if (qpn >= NQP)
		return -1;
	/* keep the other fields: rewrite them as connect did */
	cfg_qp_write(d, nic, qpn, state, m->cfg_qp_wr_mtu_log2, m->cfg_qp_wr_dqpn);
	return 0;
}

extern "C" int dp_mr(struct dp_pair *d, int nic, unsigned idx, uint8_t tag, unsigned access,
		     uint64_t va, uint64_t len, uint64_t iova)
{
	Vhpnic_datapath *m = d->nic[nic].m.get();

	m->cfg_mr_wr_en = 1;
	m->cfg_mr_wr_idx = idx;
	m->cfg_mr_wr_valid = len != 0;
	m->cfg_mr_wr_tag = tag;
	m->cfg_mr_wr_access = access & 3;
	m->cfg_mr_wr_va = va;
	m->cfg_mr_wr_len = len;
	m->cfg_mr_wr_iova = iova;
	tick(d);
	m->cfg_mr_wr_en = 0;
	if (access & DP_ACC_REMOTE_WRITE)
		d->nic[nic].allowed.push_back({iova, iova + len});
	return 0;
}

extern "C" void dp_allow_write(struct dp_pair *d, int nic, uint64_t addr, uint64_t len)
{
	d->nic[nic].allowed.push_back({addr, addr + len});
}

extern "C" uint8_t *dp_mem(struct dp_pair *d, int nic)
{
	return d->nic[nic].mem.data();
}

extern "C" size_t dp_mem_size(const struct dp_pair *d)
{
	return d->nic[0].mem.size();
}

extern "C" int dp_post(struct dp_pair *d, int nic, unsigned qpn, const struct dp_wqe *w)
{
	return dp_post_op(d, nic, qpn, w, 0, 0, 0);
}

extern "C" int dp_post_op(struct dp_pair *d, int nic, unsigned qpn, const struct dp_wqe *w, int send,
			  int imm_valid, uint32_t imm)
{
	Nic &n = d->nic[nic];

	if (qpn >= NQP)
		return -1;
	n.sq[qpn].push_back({*w, send, imm_valid, imm});
	n.pi[qpn]++;
	n.doorbells.push_back({qpn, n.pi[qpn]});
	return 0;
}

extern "C" int dp_post_recv(struct dp_pair *d, int nic, unsigned qpn, uint64_t addr, uint32_t len)
{
	Nic &n = d->nic[nic];

	if (qpn >= NQP)
		return -1;
	n.rq[qpn].push_back({qpn, false, addr, len});
	rq_feed(n, qpn);
	return 0;
}

extern "C" int dp_poll_recv(struct dp_pair *d, int nic, struct dp_rcpl *c)
{
	Nic &n = d->nic[nic];

	if (n.rcpls.empty())
		return 0;
	*c = n.rcpls.front();
	n.rcpls.pop_front();
	return 1;
}

extern "C" int dp_poll(struct dp_pair *d, int nic, struct dp_cpl *c)
{
	Nic &n = d->nic[nic];

	if (n.cpls.empty())
		return 0;
	*c = n.cpls.front();
	n.cpls.pop_front();
	return 1;
}

/* injected frames go to the pcap too: a capture of a fuzz run shows what RX saw */
static void pcap_injected(dp_pair *d, const uint8_t *frame, size_t len)
{
	if (!d->pcap_on)
		return;
	roce_pcap_write(&d->pcap, d->cycle * PS_PER_CYCLE / 1000, frame, len);
	fprintf(d->expect, "injected\n");
}

extern "C" int dp_inject(struct dp_pair *d, int nic, const uint8_t *frame, size_t len)
{
	if (!len)
		return -1;
	pcap_injected(d, frame, len);
	d->nic[nic].rxq.emplace_back(frame, frame + len);
	d->nic[nic].rxq_err.push_back(false);
	return 0;
}

extern "C" int dp_inject_mac_err(struct dp_pair *d, int nic, const uint8_t *frame, size_t len)
{
	if (!len)
		return -1;
	pcap_injected(d, frame, len);
	d->nic[nic].rxq.emplace_back(frame, frame + len);
	d->nic[nic].rxq_err.push_back(true);
	return 0;
}

extern "C" void dp_tx_capture(struct dp_pair *d, int nic, int on)
{
	d->nic[nic].capture = on != 0;
	if (!on)
		d->nic[nic].txcap.clear();
}

extern "C" int dp_tx_pop(struct dp_pair *d, int nic, uint8_t *buf, size_t cap, size_t *len)
{
	Nic &n = d->nic[nic];

	if (n.txcap.empty())
		return 0;
	const std::vector<uint8_t> &f = n.txcap.front();
	size_t k = f.size() < cap ? f.size() : cap;

	memcpy(buf, f.data(), k);
	*len = f.size();
	n.txcap.pop_front();
	return 1;
}

extern "C" void dp_set_dma_wr_stall(struct dp_pair *d, int nic, double p)
{
	d->nic[nic].dma_wr_stall = p;
}

extern "C" uint64_t dp_dma_written(struct dp_pair *d, int nic)
{
	return d->nic[nic].st.dma_wr_bytes;
}

static void drive(dp_pair *d, int i)
{
	Nic &n = d->nic[i];
	Vhpnic_datapath *m = n.m.get();
	uint64_t now = d->cycle, now_ps = now * PS_PER_CYCLE;

	/* DMA read data: lane 0 is the first byte requested */
	n.drv_rd = !n.rds.empty() && n.rds.front().ready <= now && !chance(d, d->cfg.dma_rd_idle);
	if (n.drv_rd) {
		const Nic::Rd &r = n.rds.front();
		uint32_t left = r.len - n.rd_off, cnt = left < 64 ? left : 64;
		uint64_t a = r.addr + n.rd_off;
		uint8_t buf[64] = {0};

		if (a + cnt <= n.mem.size())
			memcpy(buf, &n.mem[a], cnt);
		vtb_put(m->s_dma_rd_tdata, buf, 64);
		m->s_dma_rd_tkeep = cnt == 64 ? ~0ull : ((1ull << cnt) - 1);
		m->s_dma_rd_tlast = left <= 64;
		m->s_dma_rd_tuser = 0;
	}
	m->s_dma_rd_tvalid = n.drv_rd;
	m->m_dma_rd_ready = 1;

	/* DMA write: commands queue (a real engine takes the next one while the
	 * data of the last flows), data follows in command order */
	m->m_dma_wr_cmd_ready = n.wr_cmds.size() < 16;
	n.drv_wr_ready = !n.wr_cmds.empty() && !chance(d, n.dma_wr_stall);
	m->m_dma_wr_tready = n.drv_wr_ready;

	/* WQE fetch responses, doorbells, QP init */
	n.drv_wqe = !n.fetches.empty() && n.fetches.front().ready <= now;
	if (n.drv_wqe) {
		const Nic::Fetch &f = n.fetches.front();
		const std::vector<Nic::SqWqe> &sq = n.sq[f.qpn];
		Nic::SqWqe w{};

		if (f.idx < sq.size())
			w = sq[f.idx];
		m->s_wqe_qpn = f.qpn;
		m->s_wqe_idx = f.idx;
		m->s_wqe_tag = f.tag;
		m->s_wqe_read = w.w.read;
		m->s_wqe_signaled = 1;
		m->s_wqe_len = w.w.len;
		m->s_wqe_laddr = w.w.laddr;
		m->s_wqe_raddr = w.w.raddr;
		m->s_wqe_rkey = w.w.rkey;
		m->s_wqe_send = w.send;
		m->s_wqe_imm_valid = w.imm_valid;
		m->s_wqe_imm = w.imm;
	}
	m->s_wqe_valid = n.drv_wqe;
	m->m_fetch_ready = 1;

	/* receive WQEs (rq_feed keeps each QP's within the prefetch limit) */
	n.drv_rwqe = !n.rwqes.empty();
	if (n.drv_rwqe) {
		const Nic::Rwqe &r = n.rwqes.front();

		m->s_rwqe_qpn = r.qpn;
		m->s_rwqe_flush = r.flush;
		m->s_rwqe_addr = r.addr;
		m->s_rwqe_len = r.len;
		m->s_rwqe_lerr = 0;
		m->s_rwqe_epoch = 0;
	}
	m->s_rwqe_valid = n.drv_rwqe;
	m->m_rcpl_ready = 1;

	n.drv_post = !n.doorbells.empty();
	if (n.drv_post) {
		m->s_post_qpn = n.doorbells.front().first;
		m->s_post_pi = n.doorbells.front().second;
	}
	m->s_post_valid = n.drv_post;

	n.drv_init = !n.inits.empty();
	if (n.drv_init) {
		m->s_qp_init_qpn = n.inits.front().qpn;
		m->s_qp_init_sq_psn = n.inits.front().sq_psn;
		m->s_qp_init_rq_psn = n.inits.front().rq_psn;
		m->s_qp_init_sq = 1;
		m->s_qp_init_rq = 1;
	}
	m->s_qp_init_valid = n.drv_init;

	/* scheduler: round robin over QPs that have announced packets */
	n.drv_ps = false;
	while (!n.active.empty() && n.pending[n.active.front()] <= 0) {
		n.listed[n.active.front()] = false;
		n.active.pop_front();
	}
	if (!n.active.empty() && !chance(d, d->cfg.pktsend_idle)) {
		n.ps_qpn = n.active.front();
		n.ps_len = n.pending[n.ps_qpn] < DP_GRANT ? (unsigned)n.pending[n.ps_qpn] : DP_GRANT;
		n.drv_ps = true;
		m->s_pktsend_qpn = n.ps_qpn;
		m->s_pktsend_len = n.ps_len;
	}
	m->s_pktsend_valid = n.drv_ps;

	m->m_work_ready = 1;
	m->m_cpl_ready = 1;
	m->m_notify_ready = 1;
	/* CNP events: the CC engine's input is shared, so it stalls them */
	m->m_cnp_ready = !(m->m_cnp_valid && chance(d, d->cfg.cnp_stall));
	/* the CC engine's microsecond clock */
	m->now_us = (uint32_t)(now / DP_CLK_MHZ) & 0xfffff;
	m->m_inflight_ready = 1;
	m->m_free_ready = 1;
	m->m_event_ready = 1;    /* asynchronous events: the core queues them for the host */

	/* MAC TX: takes frames while the line has room for about one more */
	m->m_tx_tready = link_tx_free_ps(d->lk[i]) <= now_ps + d->mac_fifo_ps[i] &&
			      !chance(d, d->cfg.mac_tx_stall);

	/* MAC RX: one beat per cycle, no back-pressure */
	n.drv_rx = !n.rxq.empty();
	if (n.drv_rx) {
		const std::vector<uint8_t> &f = n.rxq.front();
		size_t left = f.size() - n.rx_off, cnt = left < 64 ? left : 64;

		vtb_put(m->s_rx_tdata, &f[n.rx_off], cnt);
		m->s_rx_tkeep = cnt == 64 ? ~0ull : ((1ull << cnt) - 1);
		m->s_rx_tlast = left <= 64;
		m->s_rx_tuser = left <= 64 && n.rxq_err.front();
	}
	m->s_rx_tvalid = n.drv_rx;
}

static bool in_allowed(const Nic &n, uint64_t a, uint64_t len)
{
	for (const Range &r : n.allowed)
		if (a >= r.lo && a + len <= r.hi)
			return true;
	return false;
}

static void sample(dp_pair *d, int i)
{
	Nic &n = d->nic[i];
	Vhpnic_datapath *m = n.m.get();
	uint64_t now = d->cycle, now_ps = now * PS_PER_CYCLE;
	bool moved = false;

	if (m->m_dma_rd_valid) {
		if (d->probe_armed && i == 0 && !d->probe.dma_rd_req)
			d->probe.dma_rd_req = now;
		n.rds.push_back({now + d->cfg.dma_latency, m->m_dma_rd_addr, m->m_dma_rd_len});
		moved = true;
	}
	if (n.drv_rd && m->s_dma_rd_tready) {
		Nic::Rd &r = n.rds.front();
		uint32_t cnt = r.len - n.rd_off < 64 ? r.len - n.rd_off : 64;

		n.st.dma_rd_bytes += cnt;
		if (d->probe_armed && i == 0 && !d->probe.dma_rd_first)
			d->probe.dma_rd_first = now;
		n.rd_off += 64;
		if (n.rd_off >= r.len) {
			n.rds.pop_front();
			n.rd_off = 0;
		}
		moved = true;
	}
	if (n.drv_wr_ready && m->m_dma_wr_tvalid) {
		// a command's data are its beats' kept lanes, in order; the first
		// beat may start past lane 0 (a payload cut at a page boundary)
		uint64_t keep = m->m_dma_wr_tkeep;
		unsigned first = keep ? (unsigned)__builtin_ctzll(keep) : 0;
		unsigned cnt = (unsigned)__builtin_popcountll(keep);
		uint64_t a = n.wr_cmds.front() + n.wr_off;

		if (!in_allowed(n, a, cnt) || (cnt && (keep >> first) != (cnt == 64 ? ~0ull : (1ull << cnt) - 1)))
			n.st.dma_wr_outside++;
		if (a + cnt <= n.mem.size())
			for (unsigned b = 0; b < cnt; b++)
				n.mem[a + b] = vtb_byte(m->m_dma_wr_tdata, first + b);
		if (d->probe_armed && i == 1 && !d->probe.wr_first)
			d->probe.wr_first = now;
		n.st.dma_wr_bytes += cnt;
		n.wr_off += cnt;
		if (m->m_dma_wr_tlast) {
			n.wr_cmds.pop_front();
			n.wr_off = 0;
		}
		moved = true;
	}
	if (m->m_dma_wr_cmd_ready && m->m_dma_wr_cmd_valid) {
		n.wr_cmds.push_back(m->m_dma_wr_cmd_addr);
		moved = true;
	}
	if (m->m_fetch_valid) {
		for (unsigned k = 0; k < m->m_fetch_count; k++)
			n.fetches.push_back({now + d->cfg.wqe_latency, m->m_fetch_qpn,
					     (m->m_fetch_idx + k) & 0xffffu, m->m_fetch_tag});
		moved = true;
	}
	if (n.drv_wqe && m->s_wqe_ready) {
		n.fetches.pop_front();
		moved = true;
	}
	if (n.drv_post && m->s_post_ready) {
		n.doorbells.pop_front();
		moved = true;
	}
	if (n.drv_init && m->s_qp_init_ready) {
		n.inits.pop_front();
		moved = true;
	}
	if (n.drv_ps && m->s_pktsend_ready) {
		n.pending[n.ps_qpn] -= n.ps_len;
		n.st.pktsend++;
		/* rotate: next cycle, the next QP */
		n.active.push_back(n.active.front());
		n.active.pop_front();
		if (d->probe_armed && i == 0 && !d->probe.pktsend)
			d->probe.pktsend = now;
		moved = true;
	}
	if (m->m_work_valid) {
		unsigned q = m->m_work_qpn;

		n.pending[q] += m->m_work_bytes;
		if (!n.listed[q]) {
			n.listed[q] = true;
			n.active.push_back(q);
		}
		moved = true;
	}
	if (m->m_cpl_valid) {
		n.cpls.push_back({m->m_cpl_qpn, m->m_cpl_idx, m->m_cpl_status, now});
		moved = true;
	}
	if (n.drv_rwqe && m->s_rwqe_ready) {
		n.rwqes.pop_front();
		moved = true;
	}
	if (m->m_rcpl_valid) {
		unsigned q = m->m_rcpl_qpn;

		n.rcpls.push_back({q, m->m_rcpl_idx, m->m_rcpl_status, m->m_rcpl_wimm,
				   m->m_rcpl_byte_len, m->m_rcpl_imm_valid, m->m_rcpl_imm, now});
		if (q < NQP && n.rq_out[q]) {
			n.rq_out[q]--;
			rq_feed(n, q);
		}
		moved = true;
	}
	if (m->m_notify_valid)
		n.st.notify++;
	if (m->m_cnp_valid && m->m_cnp_ready) {
		n.cnps.push_back({m->m_cnp_qpn, now});
		n.st.cnp_events++;
		moved = true;
	}
	if (m->m_tx_tvalid && m->m_tx_tready) {
		uint64_t keep = m->m_tx_tkeep;

		if (d->probe_armed && i == 0 && !d->probe.tx_first)
			d->probe.tx_first = now;
		for (unsigned b = 0; b < 64; b++)
			if (keep >> b & 1)
				n.txbuf.push_back(vtb_byte(m->m_tx_tdata, b));
		if (m->m_tx_tlast) {
			if (d->probe_armed && i == 0 && !d->probe.tx_last)
				d->probe.tx_last = now;
			if (link_send(d->lk[i], now_ps, n.txbuf.data(), n.txbuf.size(), n.st.tx_frames))
				fprintf(stderr, "dp: link %d refused a frame of %zu bytes\n", i,
					n.txbuf.size());
			if (d->pcap_on) {
				roce_pkt pk;

				roce_pcap_write(&d->pcap, now_ps / 1000, n.txbuf.data(), n.txbuf.size());
				if (roce_parse(n.txbuf.data(), n.txbuf.size(), d->cfg.int_port, &pk) == 0)
					fprintf(d->expect, (roce_opcode_info(pk.opcode) & ROCE_HAS_IMMDT) ?
						"%u\t%u\t%08x\n" : "%u\t%u\t\n", pk.opcode, pk.psn, pk.imm);
				else
					fprintf(d->expect, "unparsable\n");
			}
			if (n.capture)
				n.txcap.push_back(n.txbuf);
			{
				roce_pkt pk;

				if (roce_parse(n.txbuf.data(), n.txbuf.size(), d->cfg.int_port, &pk) == 0) {
					if (pk.opcode == ROCE_OP_ACK)
						n.st.tx_acks++;
					else if (pk.opcode <= ROCE_OP_WRITE_ONLY_IMM ||
						 pk.opcode == ROCE_OP_READ_REQ) {
						n.st.tx_requests++;
						n.st.tx_ack_req += pk.ack_req;
					}
				}
			}
			n.st.tx_frames++;
			n.st.tx_bytes += n.txbuf.size();
			n.txbuf.clear();
		}
		moved = true;
	}
	if (n.drv_rx) {
		const std::vector<uint8_t> &f = n.rxq.front();

		if (d->probe_armed && i == 1 && !d->probe.rx_first)
			d->probe.rx_first = now;
		n.rx_off += 64;
		if (n.rx_off >= f.size()) {
			n.rxq.pop_front();
			n.rxq_err.pop_front();
			n.rx_off = 0;
			n.st.rx_frames++;
		}
		moved = true;
	}
	if (moved)
		d->last_activity = now;
}

extern "C" void dp_run(struct dp_pair *d, uint64_t cycles)
{
	for (uint64_t k = 0; k < cycles; k++) {
		uint64_t now_ps = d->cycle * PS_PER_CYCLE;

		for (int i = 0; i < 2; i++) {
			struct link_frame f;

			while (link_recv(d->lk[i], now_ps, &f)) {
				d->nic[!i].rxq.emplace_back(f.data, f.data + f.len);
				d->nic[!i].rxq_err.push_back(false);
			}
		}
		for (int i = 0; i < 2; i++)
			drive(d, i);
		for (int i = 0; i < 2; i++)
			d->nic[i].m->eval();
		for (int i = 0; i < 2; i++)
			sample(d, i);
		tick(d);
	}
}

extern "C" uint64_t dp_cycle(const struct dp_pair *d)
{
	return d->cycle;
}

extern "C" uint64_t dp_quiet(const struct dp_pair *d)
{
	uint64_t q = d->cycle - d->last_activity;

	for (int i = 0; i < 2; i++)
		if (link_next_ps(d->lk[i]) != UINT64_MAX)
			return 0;
	return q;
}

extern "C" void dp_stats(struct dp_pair *d, int nic, struct dp_nic_stats *s)
{
	Nic &n = d->nic[nic];

	*s = n.st;
	s->ack_coalesced = n.m->stat_ack_coalesced;
	s->ce_rx = n.m->stat_ce_rx;
	s->cnp_sent = n.m->stat_cnp_sent;
	s->cnp_suppressed = n.m->stat_cnp_suppressed;
	s->cnp_rx = n.m->stat_cnp_rx;
	s->cnp_drop = n.m->stat_cnp_drop;
	for (unsigned k = 0; k < DP_NSTATS; k++)
		s->rtl[k] = n.m->stats[DP_NSTATS - 1 - k];
}

extern "C" void dp_link_stats(struct dp_pair *d, int dir, struct link_stats *s)
{
	*s = *link_get_stats(d->lk[dir]);
}

extern "C" void dp_probe_arm(struct dp_pair *d)
{
	d->probe_armed = true;
	memset(&d->probe, 0, sizeof(d->probe));
	d->probe.post = d->cycle;
}

extern "C" void dp_probe_get(struct dp_pair *d, struct dp_probe *p)
{
	*p = d->probe;
}

extern "C" const char *dp_stat_name(unsigned i)
{
	return i < DP_NSTATS ? stat_names[i] : "?";
}
