// SPDX-License-Identifier: MIT
// The simulated network of libhpnic's "sim" backend (hpnic_sim.h): Verilated
// hpnic_core NICs, their PCIe models (CSR port, DMA into this process's
// memory) and the link models between them.
//
// Built with -DHPNIC_SIM_PCIE (libhpnic_sim_pcie.a), each NIC is instead
// hpnic_core behind its PCIe adapter (rtl/top/hpnic_core_pcie.v), whose
// host is the hard-block model of tb/pcie/pcie_model.c: CSR accesses are
// BAR0 reads and writes on CQ/CC, DMA is TLPs on RQ/RC into the same
// memory, interrupts are MSI-X messages (docs/pcie.md, "The whole path in
// simulation").
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <map>
#include <memory>
#include <new>
#include <string>
#include <thread>
#include <vector>

#include <unistd.h>

#ifdef HPNIC_SIM_PCIE
#include "Vhpnic_core_pcie.h"
#include "pcie_model.h"
#include "pcie_port.h"
using VNic = Vhpnic_core_pcie;
#else
#include "Vhpnic_core.h"
using VNic = Vhpnic_core;
#endif
#include "verilated.h"
#include "vtb.h"
#include "verilated_fst_c.h"

#include "hpnic_backend.h"
#include "hpnic_sim.h"
#include "hpnic_regs.h"
#include "net_model.h"
#include "pcap.h"
#include "stream_port.h"

namespace {

constexpr uint64_t PS_PER_CYCLE = 1000000u / HPNIC_SIM_CLK_MHZ;

struct Rd {
	uint64_t ready;                // cycle the data may start
	uint64_t addr;
	uint32_t len;
	bool fail;                     // flagged failed (tuser on its last beat)
};

struct Nic {
	std::unique_ptr<VerilatedContext> ctx;  // one per NIC: models in separate
						// contexts may be evaluated in parallel
	std::unique_ptr<VNic> m;
	unsigned index = 0;
	bool opened = false;
	// CSR: one operation at a time, from the library
	bool csr_busy = false, csr_write = false, csr_taken = false, csr_done = false;
	uint32_t csr_addr = 0, csr_wdata = 0, csr_rdata = 0;
	// DMA
	std::deque<Rd> rds;
	uint32_t rd_off = 0;
	std::deque<std::pair<uint64_t, uint32_t>> wr_cmds;
	uint32_t wr_off = 0;
	std::map<uint64_t, uint64_t> ranges;   // registered memory: start -> end
	// page-mapped memory (dma_map_pages): IO start -> (IO end, host byte),
	// and per mapped buffer the IO starts of its pages
	std::map<uint64_t, std::pair<uint64_t, uint8_t *>> io;
	std::map<uintptr_t, std::vector<uint64_t>> io_of;
	uint64_t io_rng = 0;                   // picks the IO frames
	// MAC
	std::vector<uint8_t> txbuf;
	std::deque<std::vector<uint8_t>> rxq;
	size_t rx_off = 0;
	struct hpnic_sim_stats st{};
	bool drv_rd = false, drv_rx = false;
	uint64_t stall_rng = 0;                // the PCIe model's back-pressure
	// DMA reads made to fail (hpnic_sim_dma_rd_fail): the next fail_left
	// of those that overlap [fail_addr, fail_end), as failure fail_kind
	uint64_t fail_addr = 0, fail_end = 0;
	unsigned fail_left = 0;
	int fail_kind = 0;
	unsigned reset_left = 0;               // cycles of reset still to apply
	// data frames delivered to this NIC, per destination QPN (net mode)
	std::vector<uint64_t> qp_rx_bytes, qp_rx_payload;
#ifdef HPNIC_SIM_PCIE
	struct World *world = nullptr;
	struct pcie_model *pm = nullptr;       // the hard block and the host behind it
	bool rq_rdy = false, rc_offer = false, cq_offer = false, cc_rdy = false;
	bool msix_pending = false;             // the MSI-X table to be set up (after a reset)
	uint64_t msix_bad = 0;                 // messages that are no table entry's
#endif
};

struct World {
	hpnic_sim_cfg cfg{};
	// a second thread evaluates NICs [split, nics) while the caller does
	// [0, split); they meet at the end of every cycle
	std::thread worker;
	unsigned split = 0;
	std::atomic<uint64_t> go{0}, done{0};
	std::atomic<bool> quit{false};
	std::vector<Nic> nic;
	std::vector<struct link *> lk;         // pair mode: NIC i -> NIC i ^ 1
	// pair mode: mark CE on NIC i's frames as they leave (hpnic_sim_ce_mark)
	int ce_mark[2] = { 0, 0 };
	struct stream_port *stream = nullptr;  // stream mode: NIC 0's link partner
	std::unique_ptr<hpnic_net::Net> net;   // net mode: the switches and links
	std::unique_ptr<VerilatedFstC> fst;
	roce_pcap pcap{};
	bool pcap_on = false;
	uint64_t cycle = 0;
	uint16_t int_port = 4792;              // CTRL.INT_CTRL.PORT, snooped from CSR writes
	uint64_t mac_fifo_ps = 0;
	bool probe_on = false;
	unsigned probe_nic = 0;
	hpnic_sim_probe probe{};
	hpnic_sim_dma_xlate_fn xlate = nullptr;
	void *xlate_ctx = nullptr;
};

World *g_world;
hpnic_sim_cfg g_cfg;

bool g_cfg_set;
hpnic_sim_dma_xlate_fn g_xlate;
void *g_xlate_ctx;

// is [a, a + n) inside memory this NIC's library registered?
bool in_ranges(const Nic &n, uint64_t a, uint64_t len)
{
	auto it = n.ranges.upper_bound(a);

	if (it == n.ranges.begin())
		return false;
	--it;
	return a >= it->first && a + len <= it->second && a + len >= a;
}

// where the host memory at DMA address [a, a + len) is in this process:
// through the translator when the host is elsewhere (a VM's RAM), else the
// address is a pointer into memory the library registered; NULL: refused
uint8_t *host_ptr(World *w, const Nic &n, uint64_t a, uint64_t len);

// a DMA read of [a, a + len) that hpnic_sim_dma_rd_fail makes fail (the
// window is in host addresses: those the read's bytes are at): its failure
// kind (1..3), or 0
int rd_fails(World *w, Nic &n, uint64_t a, uint64_t len)
{
	if (!n.fail_left)
		return 0;
	const uint8_t *p = host_ptr(w, n, a, len);
	uint64_t h = p ? (uint64_t)(uintptr_t)p : a;

	if (h >= n.fail_end || h + len <= n.fail_addr)
		return 0;
	n.fail_left--;
	return n.fail_kind;
}

uint8_t *host_ptr(World *w, const Nic &n, uint64_t a, uint64_t len)
{
	if (w->xlate)
		return static_cast<uint8_t *>(w->xlate(w->xlate_ctx, n.index, a, len));
	if (a >> 47 & 1) {
		// a page mapped at a scattered IO address: the access must stay
		// inside the page's mapped bytes
		auto it = n.io.upper_bound(a);

		if (it == n.io.begin())
			return nullptr;
		--it;
		if (a + len > it->second.first || a + len < a)
			return nullptr;
		return it->second.second + (a - it->first);
	}
	if (!in_ranges(n, a, len))
		return nullptr;
	return reinterpret_cast<uint8_t *>(static_cast<uintptr_t>(a));
}

double env_double(const char *name, double def)
{
	const char *v = getenv(name);

	return v && *v ? strtod(v, nullptr) : def;
}

// CE on an IPv4 frame (mode 1: ECT frames only, as a RED switch marks; 2:
// every frame), the header checksum made right again
static void ce_mark(std::vector<uint8_t> &f, int mode)
{
	if (f.size() < 34 || f[12] != 0x08 || f[13] != 0x00)
		return;
	uint8_t &tos = f[15];

	if (mode == 1 && (tos & 3) != 1 && (tos & 3) != 2)
		return;
	tos |= 3;
	uint32_t sum = 0;

	f[24] = f[25] = 0;
	for (int b = 14; b < 34; b += 2)
		sum += (uint32_t)f[b] << 8 | f[b + 1];
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	f[24] = (uint8_t)(~sum >> 8);
	f[25] = (uint8_t)~sum;
}

#ifndef HPNIC_SIM_PCIE
// the PCIe model holds a handshake back this cycle (xorshift64, per NIC)
static bool stall(World *w, Nic &n)
{
	if (w->cfg.dma_stall <= 0)
		return false;
	if (!n.stall_rng)
		n.stall_rng = 0x2545F4914F6CDD1Dull * (n.index + 1) + w->cfg.seed;
	n.stall_rng ^= n.stall_rng << 13;
	n.stall_rng ^= n.stall_rng >> 7;
	n.stall_rng ^= n.stall_rng << 17;
	return (double)(n.stall_rng >> 11) * 0x1.0p-53 < w->cfg.dma_stall;
}
#endif

#ifdef HPNIC_SIM_PCIE
/*
 * PCIe mode: the hard-block model's host side. BAR0 (32 MiB) carries the
 * CSR accesses, BAR2 (64 KiB) the MSI-X table, which the host sets up after
 * every reset: vector v at address MSIX_ADDR + 4 * v of NIC i's page, data
 * MSIX_DATA + v, unmasked.
 */
constexpr uint64_t BAR0_ADDR = 0x00000000f6000000ull;
constexpr uint64_t BAR2_ADDR = 0x00000000f8000000ull;
constexpr unsigned BAR0_APERTURE = 25, BAR2_APERTURE = 16;
constexpr unsigned MSIX_VECTORS = 32;
constexpr uint32_t MSIX_ADDR = 0xfee00000u, MSIX_DATA = 0x4000u;

int pm_read(void *ctx, uint64_t a, uint8_t *buf, uint32_t len)
{
	Nic &n = *static_cast<Nic *>(ctx);
	World *w = n.world;
	const uint8_t *src = host_ptr(w, n, a, len);

	n.st.dma_rd_reqs++;
	n.st.dma_rd_bytes += len;
	if (w->probe_on && n.index == w->probe_nic && w->probe.doorbell && !w->probe.dma_rd_first)
		w->probe.dma_rd_first = w->cycle;
	if (!src) {
		n.st.dma_bad++;
		return -1;
	}
	memcpy(buf, src, len);
	return 0;
}

int pm_rd_fail(void *ctx, uint64_t a, uint32_t len)
{
	Nic &n = *static_cast<Nic *>(ctx);

	return rd_fails(n.world, n, a, len);
}

int pm_write(void *ctx, uint64_t a, const uint8_t *buf, uint32_t len)
{
	Nic &n = *static_cast<Nic *>(ctx);
	World *w = n.world;
	uint8_t *dst = host_ptr(w, n, a, len);

	n.st.dma_wr_reqs++;
	n.st.dma_wr_bytes += len;
	// a 32-byte write is a CQE: the latency probe's end point
	if (w->probe_on && n.index == w->probe_nic && w->probe.rx_last && !w->probe.cqe && len == 32)
		w->probe.cqe = w->cycle;
	if (!dst) {
		n.st.dma_bad++;
		return -1;
	}
	memcpy(dst, buf, len);
	return 0;
}

// an MSI-X message: where the generic model counts interrupt requests
void pm_msix(void *ctx, uint64_t addr, uint32_t data)
{
	Nic &n = *static_cast<Nic *>(ctx);
	uint32_t v = data - MSIX_DATA;

	if (v >= MSIX_VECTORS || addr != (uint64_t)(MSIX_ADDR | n.index << 12) + 4 * v) {
		n.msix_bad++;
		fprintf(stderr, "hpnic sim: nic%u: MSI-X message to 0x%llx data 0x%x is no table entry\n",
			n.index, (unsigned long long)addr, data);
		return;
	}
	n.st.irqs++;
}

// the host programs the MSI-X table: address, data, then unmask
void pm_msix_setup(Nic &n)
{
	for (unsigned v = 0; v < MSIX_VECTORS; v++) {
		uint64_t e = BAR2_ADDR + 16 * v;

		pcie_model_bar_req(n.pm, 1, 2, BAR2_APERTURE, e, (MSIX_ADDR | n.index << 12) + 4 * v, 15);
		pcie_model_bar_req(n.pm, 1, 2, BAR2_APERTURE, e + 4, 0, 15);
		pcie_model_bar_req(n.pm, 1, 2, BAR2_APERTURE, e + 8, MSIX_DATA + v, 15);
		pcie_model_bar_req(n.pm, 1, 2, BAR2_APERTURE, e + 12, 0, 15);
	}
	// completion interrupts on, as a driver that takes MSI-X has them
	// (HPNIC_SIM_IRQ=0: off, as libhpnic leaves them)
	if (env_double("HPNIC_SIM_IRQ", 1) != 0)
		pcie_model_bar_req(n.pm, 1, 0, BAR0_APERTURE, BAR0_ADDR + HPNIC_CTRL_IRQ_CTRL,
				   HPNIC_SET(HPNIC_CTRL_IRQ_CTRL_ENABLE, 1), 15);
	n.msix_pending = false;
}

struct pcie_model *pm_create(World *w, Nic &n)
{
	struct pcie_model_cfg c;

	pcie_model_cfg_default(&c);
	c.lat_min += w->cfg.dma_latency;
	c.p_stall = w->cfg.dma_stall;
	c.seed = w->cfg.seed * 1000003u + n.index;
	c.host_read = pm_read;
	c.host_write = pm_write;
	c.rd_fail = pm_rd_fail;
	c.msix = pm_msix;
	c.ctx = &n;
	return pcie_model_new(&c);
}

// the hard block's outputs to the adapter this cycle
void pm_drive(Nic &n, VNic *m)
{
	struct pcie_model *pm = n.pm;
	int v0, v1, sent, fail;
	unsigned s0, s1;
	uint32_t dw[16] = {0};
	uint16_t keep = 0;
	int last = 0;
	struct rc_user u{};
	struct cq_beat cb{};

	m->cfg_max_payload = 1;         // MPS 256 (the model's)
	m->cfg_max_read_req = 2;        // MRRS 512
	m->cfg_interrupt_msix_enable = 1;
	m->cfg_interrupt_msix_mask = 0;
	n.rq_rdy = pcie_model_rq_ready(pm);
	m->m_rq_tready = n.rq_rdy;
	pcie_model_seq(pm, &v0, &s0, &v1, &s1);
	pcie_port::set_seq(m, v0, s0, v1, s1);
	n.rc_offer = pcie_model_rc(pm, dw, &keep, &last, &u);
	pcie_port::set_rc(m, n.rc_offer, dw, keep, last, &u, 0);
	n.cq_offer = pcie_model_cq(pm, &cb);
	pcie_port::set_cq(m, n.cq_offer, n.cq_offer ? &cb : nullptr);
	n.cc_rdy = pcie_model_cc_ready(pm);
	m->m_cc_tready = n.cc_rdy;
	pcie_model_msix_ans(pm, &sent, &fail);
	m->cfg_interrupt_msix_sent = sent;
	m->cfg_interrupt_msix_fail = fail;
}

// what the adapter did this cycle, to the model
void pm_sample(Nic &n, VNic *m)
{
	struct pcie_model *pm = n.pm;
	struct rq_beat b;
	struct cc_beat cc;
	int rqv = pcie_port::rq(m, &b);

	pcie_model_rq(pm, rqv, n.rq_rdy, &b);
	if (n.rc_offer && m->s_rc_tready)
		pcie_model_rc_taken(pm);
	if (n.cq_offer && m->s_cq_tready)
		pcie_model_cq_taken(pm);
	if (pcie_port::cc(m, &cc) && n.cc_rdy)
		pcie_model_cc(pm, &cc);
	if (m->cfg_interrupt_msix_int)
		pcie_model_msix_int(pm, m->cfg_interrupt_msix_address, m->cfg_interrupt_msix_data);
	pcie_model_tick(pm);
}

// the models' checkers: violations so far, all NICs
uint64_t pm_violations(World *w)
{
	uint64_t v = 0;

	for (Nic &n : w->nic) {
		struct pcie_model_stats ps;

		if (!n.pm)
			continue;
		pcie_model_stats(n.pm, &ps);
		v += ps.violations + n.msix_bad;
	}
	return v;
}

void pm_report(World *w)
{
	for (Nic &n : w->nic) {
		struct pcie_model_stats ps;

		if (!n.pm)
			continue;
		pcie_model_stats(n.pm, &ps);
		uint64_t cyc = pcie_model_cycle(n.pm);

		fprintf(stderr, "hpnic sim: nic%u PCIe: %llu write TLPs (%llu bytes), %llu read requests "
			"(%llu bytes, %.1f in flight on average, %llu completions, peak %llu/%llu "
			"credits), %llu BAR reads, %llu BAR writes, %llu MSI-X; %llu violations, %llu bad "
			"MSI-X\n", n.index,
			(unsigned long long)ps.wr_tlps, (unsigned long long)ps.wr_bytes,
			(unsigned long long)ps.rd_reqs, (unsigned long long)ps.rd_bytes,
			cyc ? (double)ps.rd_live_sum / (double)cyc : 0.0,
			(unsigned long long)ps.rd_cpls, (unsigned long long)ps.cplh_max,
			(unsigned long long)ps.cpld_max, (unsigned long long)ps.bar_rd,
			(unsigned long long)ps.bar_wr, (unsigned long long)ps.msix,
			(unsigned long long)ps.violations, (unsigned long long)n.msix_bad);
	}
}
#endif

// a CSR write the simulator looks at: CTRL.INT_CTRL's port, the probe's doorbell
void csr_snoop(World *w, unsigned i, uint32_t off, uint32_t wdata)
{
	if (off == HPNIC_CTRL_INT_CTRL && i == 0) {
		w->int_port = (uint16_t)HPNIC_GET(HPNIC_CTRL_INT_CTRL_PORT, wdata);
		if (w->net)
			w->net->set_int_port(w->int_port);
	}
	if (w->probe_on && i == w->probe_nic && !w->probe.doorbell && off >= HPNIC_DB_SQ_DB(0))
		w->probe.doorbell = w->cycle;
}

// one clock edge pair for NIC i; the FST (of the one NIC traced) is dumped on both
void tick(World *w, unsigned i)
{
	Nic &n = w->nic[i];
	VNic *m = n.m.get();

	m->clk = 1;
	m->mac_tx_clk = 1;
	m->mac_rx_clk = 1;
	m->eval();
	n.ctx->timeInc(2);
	if (i == w->cfg.fst_nic && w->fst)
		w->fst->dump(n.ctx->time());
	m->clk = 0;
	m->mac_tx_clk = 0;
	m->mac_rx_clk = 0;
	m->eval();
	n.ctx->timeInc(2);
	if (i == w->cfg.fst_nic && w->fst)
		w->fst->dump(n.ctx->time());
}

void drive(World *w, unsigned i)
{
	Nic &n = w->nic[i];
	VNic *m = n.m.get();
	uint64_t now = w->cycle, now_ps = now * PS_PER_CYCLE;

#ifdef HPNIC_SIM_PCIE
	(void)now;
	pm_drive(n, m);
#else
	// CSR port
	m->s_csr_valid = n.csr_busy && !n.csr_taken;
	m->s_csr_addr = n.csr_addr;
	m->s_csr_write = n.csr_write;
	m->s_csr_wdata = n.csr_wdata;
	m->m_csr_rsp_ready = 1;

	// back-pressure (HPNIC_SIM_DMA_STALL): each handshake held back at random
	bool st_rd = stall(w, n), st_rdreq = stall(w, n), st_wr = stall(w, n), st_wrreq = stall(w, n);

	// DMA read data, lane 0 = first byte; outside registered memory: zeros
	n.drv_rd = !n.rds.empty() && n.rds.front().ready <= now && !st_rd;
	if (n.drv_rd) {
		const Rd &r = n.rds.front();
		uint32_t left = r.len - n.rd_off, cnt = left < 64 ? left : 64;
		uint8_t buf[64] = {0};
		uint64_t a = r.addr + n.rd_off;

		const uint8_t *src = host_ptr(w, n, a, cnt);

		// a failed read's bytes mean nothing: zeros here
		if (src && !r.fail)
			memcpy(buf, src, cnt);
		vtb_put(m->s_dma_rd_cpl_tdata, buf, 64);
		m->s_dma_rd_cpl_tkeep = cnt == 64 ? ~0ull : ((1ull << cnt) - 1);
		m->s_dma_rd_cpl_tlast = left <= 64;
		m->s_dma_rd_cpl_tuser = left <= 64 && r.fail;
	}
	m->s_dma_rd_cpl_tvalid = n.drv_rd;
	m->m_dma_rd_req_ready = !st_rdreq;

	// DMA write: commands queue, data in order
	m->m_dma_wr_req_ready = n.wr_cmds.size() < 32 && !st_wrreq;
	m->m_dma_wr_tready = !n.wr_cmds.empty() && !st_wr;
	m->m_irq_ready = 1;
#endif

	// MAC: TX at the line's pace; RX one beat per cycle, no back-pressure
	if (w->net)
		m->m_mac_tx_tready = w->net->host_tx_ready(i, now_ps, w->mac_fifo_ps);
	else
		m->m_mac_tx_tready = link_tx_free_ps(w->lk[i]) <= now_ps + w->mac_fifo_ps;
	m->mac_tx_unfout = 0;
	m->mac_tx_ovfout = 0;
	n.drv_rx = !n.rxq.empty();
	if (n.drv_rx) {
		const std::vector<uint8_t> &f = n.rxq.front();
		size_t left = f.size() - n.rx_off, cnt = left < 64 ? left : 64;

		vtb_put(m->s_mac_rx_tdata, &f[n.rx_off], cnt);
		m->s_mac_rx_tkeep = cnt == 64 ? ~0ull : ((1ull << cnt) - 1);
		m->s_mac_rx_tlast = left <= 64;
		m->s_mac_rx_tuser = 0;
	}
	m->s_mac_rx_tvalid = n.drv_rx;
}

void sample(World *w, unsigned i)
{
	Nic &n = w->nic[i];
	VNic *m = n.m.get();
	uint64_t now = w->cycle, now_ps = now * PS_PER_CYCLE;
	bool probe = w->probe_on && i == w->probe_nic;

#ifdef HPNIC_SIM_PCIE
	pm_sample(n, m);
#else
	if (m->s_csr_valid && m->s_csr_ready) {
		n.csr_taken = true;
		if (n.csr_write) {
			n.csr_done = true;
			csr_snoop(w, i, n.csr_addr, n.csr_wdata);
		}
	}
	if (m->m_csr_rsp_valid && n.csr_taken && !n.csr_write) {
		n.csr_rdata = m->m_csr_rsp_rdata;
		n.csr_done = true;
	}

	if (m->m_dma_rd_req_valid && m->m_dma_rd_req_ready) {
		uint64_t ra = m->m_dma_rd_req_addr, rl = m->m_dma_rd_req_len;

		n.rds.push_back({now + w->cfg.dma_latency, ra, (uint32_t)rl, rd_fails(w, n, ra, rl) != 0});
		n.st.dma_rd_reqs++;
		if (!host_ptr(w, n, m->m_dma_rd_req_addr, m->m_dma_rd_req_len))
			n.st.dma_bad++;
		if (probe && w->probe.doorbell && !w->probe.dma_rd_first)
			w->probe.dma_rd_first = now;
	}
	if (n.drv_rd && m->s_dma_rd_cpl_tready) {
		Rd &r = n.rds.front();
		uint32_t cnt = r.len - n.rd_off < 64 ? r.len - n.rd_off : 64;

		n.st.dma_rd_bytes += cnt;
		n.rd_off += 64;
		if (n.rd_off >= r.len) {
			n.rds.pop_front();
			n.rd_off = 0;
		}
	}
	if (m->m_dma_wr_tvalid && m->m_dma_wr_tready) {
		// a command's data are its beats' kept lanes, in order; the first
		// beat may start past lane 0 (a payload cut at a page boundary)
		uint64_t keep = m->m_dma_wr_tkeep;
		unsigned first = keep ? (unsigned)__builtin_ctzll(keep) : 0;
		unsigned cnt = (unsigned)__builtin_popcountll(keep);
		uint64_t a = n.wr_cmds.front().first + n.wr_off;

		uint8_t *p = host_ptr(w, n, a, cnt);

		if (p && (keep >> first) == (cnt == 64 ? ~0ull : (1ull << cnt) - 1)) {
			for (unsigned b = 0; b < cnt; b++)
				p[b] = vtb_byte(m->m_dma_wr_tdata, first + b);
		} else {
			n.st.dma_bad++;
		}
		n.st.dma_wr_bytes += cnt;
		n.wr_off += cnt;
		if (m->m_dma_wr_tlast) {
			n.wr_cmds.pop_front();
			n.wr_off = 0;
		}
	}
	if (m->m_dma_wr_req_valid && m->m_dma_wr_req_ready) {
		n.wr_cmds.push_back({m->m_dma_wr_req_addr, m->m_dma_wr_req_len});
		n.st.dma_wr_reqs++;
		// a 32-byte write is a CQE (payload writes are never that short
		// unless the payload is): the latency probe's end point
		if (probe && w->probe.rx_last && !w->probe.cqe && m->m_dma_wr_req_len == 32)
			w->probe.cqe = now;
	}
	if (m->m_irq_valid)
		n.st.irqs++;
#endif

	if (m->m_mac_tx_tvalid && m->m_mac_tx_tready) {
		uint64_t keep = m->m_mac_tx_tkeep;

		if (probe && w->probe.doorbell && !w->probe.tx_first)
			w->probe.tx_first = now;
		for (unsigned b = 0; b < 64; b++)
			if (keep >> b & 1)
				n.txbuf.push_back(vtb_byte(m->m_mac_tx_tdata, b));
		if (m->m_mac_tx_tlast) {
			if (!m->m_mac_tx_tuser) {
				if (w->net) {
					w->net->host_send(i, now_ps, n.txbuf.data(), n.txbuf.size());
				} else {
					if (i < 2 && w->ce_mark[i])
						ce_mark(n.txbuf, w->ce_mark[i]);
					link_send(w->lk[i], now_ps, n.txbuf.data(), n.txbuf.size(),
						  n.st.tx_frames);
				}
				if (w->pcap_on && w->cfg.pcap_port < 0)
					roce_pcap_write(&w->pcap, now_ps / 1000, n.txbuf.data(),
							n.txbuf.size());
				n.st.tx_frames++;
				n.st.tx_bytes += n.txbuf.size();
			}
			n.txbuf.clear();
		}
	}
	if (n.drv_rx) {
		const std::vector<uint8_t> &f = n.rxq.front();

		n.rx_off += 64;
		if (n.rx_off >= f.size()) {
			n.rxq.pop_front();
			n.rx_off = 0;
			n.st.rx_frames++;
			if (probe && !w->probe.rx_last)
				w->probe.rx_last = now;
		}
	}
}

// a NIC's cycle: inputs, outputs seen, clock edge
void nic_cycle(World *w, unsigned i)
{
	drive(w, i);
	w->nic[i].m->eval();
	sample(w, i);
	tick(w, i);
}

// count a data frame (not an ACK) delivered to a NIC by its destination QPN
void count_rx(World *w, Nic &n, const uint8_t *f, size_t len)
{
	size_t bth = 42;

	if (len < 34 + 8 + 12 + 4 || f[23] != 17)
		return;
	if ((f[36] << 8 | f[37]) == w->int_port)
		bth += hpnic_net::INT_BLOCK_BYTES;
	if (len < bth + 16 || f[bth] == 0x11)
		return;
	uint32_t qpn = (uint32_t)(f[bth + 6] << 8 | f[bth + 7]) & (HPNIC_SIM_FLOW_QPS - 1);
	uint8_t op = f[bth];
	size_t hdr = bth + 12 + ((op == 0x06 || op == 0x0a || op == 0x0c) ? 16 :
				  (op == 0x0d || op == 0x0f || op == 0x10) ? 4 : 0);
	size_t pad = (f[bth + 1] >> 4) & 3;

	if (n.qp_rx_bytes.empty()) {
		n.qp_rx_bytes.assign(HPNIC_SIM_FLOW_QPS, 0);
		n.qp_rx_payload.assign(HPNIC_SIM_FLOW_QPS, 0);
	}
	n.qp_rx_bytes[qpn] += len + 4;
	if (op != 0x0c && len >= hdr + pad + 4)
		n.qp_rx_payload[qpn] += len - hdr - pad - 4;
}

// a frame from the stream socket: to NIC 0, and to the pcap beside what it sends
constexpr uint64_t STREAM_POLL = 16;

void stream_rx(void *ctx, const uint8_t *f, size_t len)
{
	World *w = static_cast<World *>(ctx);

	w->nic[0].rxq.emplace_back(f, f + len);
	if (w->pcap_on)
		roce_pcap_write(&w->pcap, w->cycle * PS_PER_CYCLE / 1000, f, len);
}

void step(World *w)
{
	uint64_t now_ps = w->cycle * PS_PER_CYCLE;

	if (w->net) {
		w->net->advance(now_ps, PS_PER_CYCLE, [w](const hpnic_net::Delivery &d) {
			Nic &n = w->nic[d.host];

			n.rxq.emplace_back(d.data, d.data + d.len);
			count_rx(w, n, d.data, d.len);
		});
		if (w->pcap_on && w->cfg.pcap_port >= 0) {
			std::vector<uint8_t> f;
			uint64_t t;

			while (w->net->tap_take(f, t))
				roce_pcap_write(&w->pcap, t / 1000, f.data(), f.size());
		}
	} else {
		for (unsigned i = 0; i < w->cfg.nics; i++) {
			struct link_frame f;

			while (link_recv(w->lk[i], now_ps, &f)) {
				if (w->stream)
					stream_port_send(w->stream, f.data, f.len);
				else
					w->nic[i ^ 1].rxq.emplace_back(f.data, f.data + f.len);
			}
		}
		// the socket's frames, every STREAM_POLL cycles (a system call
		// per cycle would set the simulator's pace)
		if (w->stream && !(w->cycle % STREAM_POLL))
			stream_port_poll(w->stream, stream_rx, w);
	}
	for (Nic &n : w->nic) {
		if (!n.reset_left)
			continue;
		n.reset_left--;
		n.m->rst = n.m->mac_tx_rst = n.m->mac_rx_rst = n.reset_left != 0;
#ifdef HPNIC_SIM_PCIE
		if (!n.reset_left && n.msix_pending)
			pm_msix_setup(n);
#endif
	}
	// NICs meet only through the links and the network, handled above, so
	// each can run its cycle on its own, on either thread
	if (w->split) {
		uint64_t g = w->go.fetch_add(1, std::memory_order_acq_rel) + 1;

		for (unsigned i = 0; i < w->split; i++)
			nic_cycle(w, i);
		for (unsigned k = 0; w->done.load(std::memory_order_acquire) != g; k++)
			if (k > 4096)
				std::this_thread::yield();
	} else {
		for (unsigned i = 0; i < w->cfg.nics; i++)
			nic_cycle(w, i);
	}
	w->cycle++;
}

void worker_loop(World *w)
{
	uint64_t seen = 0;

	for (;;) {
		uint64_t g;

		for (unsigned k = 0; (g = w->go.load(std::memory_order_acquire)) == seen; k++) {
			if (w->quit.load(std::memory_order_acquire))
				return;
			if (k > 4096)
				std::this_thread::yield();
		}
		seen = g;
		for (unsigned i = w->split; i < w->cfg.nics; i++)
			nic_cycle(w, i);
		w->done.store(g, std::memory_order_release);
	}
}

void world_free(World *w)
{
	if (!w)
		return;
	if (w->worker.joinable()) {
		w->quit.store(true, std::memory_order_release);
		w->worker.join();
	}
	if (w->fst)
		w->fst->close();
	if (w->pcap_on)
		roce_pcap_close(&w->pcap);
	for (unsigned i = 0; i < w->nic.size(); i++)
		if (w->nic[i].m)
			w->nic[i].m->final();
#ifdef HPNIC_SIM_PCIE
	for (Nic &n : w->nic)
		pcie_model_free(n.pm);
#endif
	for (struct link *l : w->lk)
		link_destroy(l);
	stream_port_close(w->stream);
	delete w;
}

int world_create()
{
	hpnic_sim_cfg c;
	char err[256];

	if (g_world)
		return 0;
	if (g_cfg_set)
		c = g_cfg;
	else
		hpnic_sim_cfg_default(&c);
	if (getenv("HPNIC_SIM_PCAP"))
		c.pcap_path = getenv("HPNIC_SIM_PCAP");
	if (getenv("HPNIC_SIM_FST"))
		c.fst_path = getenv("HPNIC_SIM_FST");
	c.fst_nic = (unsigned)env_double("HPNIC_SIM_FST_NIC", c.fst_nic);
	if (getenv("HPNIC_SIM_TOPO"))
		c.topology = getenv("HPNIC_SIM_TOPO");
	c.dma_latency = (unsigned)env_double("HPNIC_SIM_DMA_LATENCY", c.dma_latency);
	c.dma_stall = env_double("HPNIC_SIM_DMA_STALL", c.dma_stall);
	c.progress_cycles = (unsigned)env_double("HPNIC_SIM_PROGRESS", c.progress_cycles);
	if (!c.progress_cycles)
		c.progress_cycles = 1;
	c.threads = (unsigned)env_double("HPNIC_SIM_THREADS", c.threads);
	if (getenv("HPNIC_SIM_SEED"))
		c.seed = strtoull(getenv("HPNIC_SIM_SEED"), nullptr, 0);
	c.link.p_loss = env_double("HPNIC_SIM_LOSS", c.link.p_loss);
	c.link.p_corrupt = env_double("HPNIC_SIM_CORRUPT", c.link.p_corrupt);
	if (getenv("HPNIC_SIM_STREAM") && getenv("HPNIC_SIM_STREAM_LISTEN")) {
		fprintf(stderr, "hpnic sim: HPNIC_SIM_STREAM and HPNIC_SIM_STREAM_LISTEN: "
			"connect or listen, not both\n");
		return -EINVAL;
	}
	if (getenv("HPNIC_SIM_STREAM")) {
		c.stream_path = getenv("HPNIC_SIM_STREAM");
		c.stream_listen = 0;
	}
	if (getenv("HPNIC_SIM_STREAM_LISTEN")) {
		c.stream_path = getenv("HPNIC_SIM_STREAM_LISTEN");
		c.stream_listen = 1;
	}
	if (c.stream_path && !c.topology && c.nics == 2)
		c.nics = 1;             // the default pair becomes one NIC and the socket
	World *w = new (std::nothrow) World;
	if (!w)
		return -ENOMEM;
	if (c.topology) {
		std::string e;

		w->net.reset(new hpnic_net::Net);
		if (!w->net->load(c.topology, e)) {
			fprintf(stderr, "hpnic sim: %s\n", e.c_str());
			delete w;
			return -EINVAL;
		}
		if (c.nics && c.nics != w->net->hosts()) {
			fprintf(stderr, "hpnic sim: %u NICs asked for, the topology has %u hosts\n",
				c.nics, w->net->hosts());
			delete w;
			return -EINVAL;
		}
		c.nics = w->net->hosts();
		if (c.nics > HPNIC_SIM_MAX_NICS) {
			fprintf(stderr, "hpnic sim: %u hosts, at most %u\n", c.nics, HPNIC_SIM_MAX_NICS);
			delete w;
			return -EINVAL;
		}
		w->net->set_seed(c.seed);
		w->net->set_int_port(w->int_port);
		if (c.pcap_port >= 0)
			w->net->set_tap(c.pcap_switch, c.pcap_port);
		if (c.stream_path) {
			fprintf(stderr, "hpnic sim: a stream port and a topology are exclusive\n");
			delete w;
			return -EINVAL;
		}
	} else if (c.nics != (c.stream_path ? 1u : 2u)) {
		fprintf(stderr, "hpnic sim: %u NICs: two back to back, or one on a stream port\n",
			c.nics);
		delete w;
		return -EINVAL;
	}
	w->cfg = c;
	w->xlate = g_xlate;
	w->xlate_ctx = g_xlate_ctx;
	w->nic.resize(c.nics);
	for (unsigned i = 0; i < c.nics; i++) {
		std::string name = "nic" + std::to_string(i);

		w->nic[i].ctx.reset(new VerilatedContext);
		w->nic[i].m.reset(new VNic{w->nic[i].ctx.get(), name.c_str()});
		w->nic[i].index = i;
#ifdef HPNIC_SIM_PCIE
		w->nic[i].world = w;
		w->nic[i].pm = pm_create(w, w->nic[i]);
		if (!w->nic[i].pm) {
			world_free(w);
			return -ENOMEM;
		}
#endif
		if (w->net)
			continue;
		struct link_cfg lc = c.link;
		lc.seed = c.seed * 2 + i + 1;
		w->lk.push_back(link_create(&lc, err, sizeof(err)));
		if (!w->lk.back()) {
			fprintf(stderr, "hpnic sim: link: %s\n", err);
			world_free(w);
			return -EINVAL;
		}
	}
	if (c.stream_path) {
		w->stream = stream_port_open(c.stream_path, c.stream_listen != 0, 10000, err,
					     sizeof(err));
		if (!w->stream) {
			fprintf(stderr, "hpnic sim: stream port: %s\n", err);
			world_free(w);
			return -EIO;
		}
	}
	{
		uint64_t rate = w->net ? w->net->host_rate_mbps(0) : c.link.rate_mbps;

		w->mac_fifo_ps = rate ? (uint64_t)(4224 * 8) * 1000000u / rate : 0;
	}
	if (c.fst_path) {
		if (c.fst_nic >= c.nics) {
			fprintf(stderr, "hpnic sim: no NIC %u to trace (HPNIC_SIM_FST_NIC; %u NICs)\n",
				c.fst_nic, c.nics);
			world_free(w);
			return -EINVAL;
		}
		w->nic[c.fst_nic].ctx->traceEverOn(true);
		w->fst.reset(new VerilatedFstC);
		w->nic[c.fst_nic].m->trace(w->fst.get(), 99);
		w->fst->open(c.fst_path);
	}
	if (c.pcap_path) {
		if (roce_pcap_create(&w->pcap, c.pcap_path)) {
			fprintf(stderr, "hpnic sim: cannot create %s\n", c.pcap_path);
			world_free(w);
			return -EIO;
		}
		w->pcap_on = true;
	}
	for (unsigned i = 0; i < c.nics; i++) {
		VNic *m = w->nic[i].m.get();

		m->rst = 1;
		m->mac_tx_rst = 1;
		m->mac_rx_rst = 1;
		drive(w, i);
	}
	for (int k = 0; k < 16; k++) {
		for (unsigned i = 0; i < c.nics; i++)
			tick(w, i);
		w->cycle++;
	}
	for (unsigned i = 0; i < c.nics; i++) {
		w->nic[i].m->rst = 0;
		w->nic[i].m->mac_tx_rst = 0;
		w->nic[i].m->mac_rx_rst = 0;
#ifdef HPNIC_SIM_PCIE
		pm_msix_setup(w->nic[i]);
#endif
	}
#ifdef HPNIC_SIM_PCIE
	fprintf(stderr, "hpnic sim: PCIe mode: hpnic_core behind hpnic_pcie, hard-block model seed %llu "
		"(HPNIC_SIM_SEED)\n", (unsigned long long)c.seed);
#endif
	// a second thread, when it pays and nothing shared is written per NIC
	// (the FST and an every-frame pcap are written from the NICs' cycles)
	{
		unsigned t = c.threads;

		if (!t)
			t = c.nics >= 4 && std::thread::hardware_concurrency() >= 2 ? 2 : 1;
		if (t >= 2 && c.nics >= 2 && !w->fst && !(w->pcap_on && c.pcap_port < 0)) {
			w->split = c.nics / 2;
			w->worker = std::thread(worker_loop, w);
		}
	}
	g_world = w;
#ifdef HPNIC_SIM_PCIE
	// the model's checkers fail the run, whatever the program's own verdict
	atexit([] {
		uint64_t v = pm_violations(g_world);

		pm_report(g_world);
		world_free(g_world);
		g_world = nullptr;
		if (v) {
			fprintf(stderr, "hpnic sim: FAIL: %llu PCIe model violations\n", (unsigned long long)v);
			fflush(stdout);
			_exit(1);
		}
	});
#else
	atexit([] { world_free(g_world); g_world = nullptr; });
#endif
	return 0;
}

// run until this NIC's CSR operation is done (every NIC runs meanwhile)
int csr_op(unsigned i, bool write, uint32_t off, uint32_t wdata, uint32_t *rdata)
{
	World *w = g_world;
	Nic &n = w->nic[i];

#ifdef HPNIC_SIM_PCIE
	// a BAR0 access on CQ: a write is done once the block has passed it on,
	// a read when its completion comes back on CC
	unsigned t = pcie_model_bar_req(n.pm, write, 0, BAR0_APERTURE, BAR0_ADDR + off, wdata, 15);
	uint32_t v = 0;
	unsigned status = 0;

	if (write)
		csr_snoop(w, i, off, wdata);
	for (unsigned k = 0; !pcie_model_bar_poll(n.pm, t, &v, &status); k++) {
		if (k > 100000)
			return -ETIMEDOUT;
		step(w);
	}
	if (status)
		return -EIO;
	if (rdata)
		*rdata = v;
	return 0;
#endif
	n.csr_busy = true;
	n.csr_write = write;
	n.csr_taken = false;
	n.csr_done = false;
	n.csr_addr = off;
	n.csr_wdata = wdata;
	for (unsigned k = 0; !n.csr_done; k++) {
		if (k > 100000) {
			n.csr_busy = false;
			return -ETIMEDOUT;
		}
		step(w);
	}
	n.csr_busy = false;
	if (rdata)
		*rdata = n.csr_rdata;
	return 0;
}

} // namespace

extern "C" void hpnic_sim_cfg_default(struct hpnic_sim_cfg *c)
{
	memset(c, 0, sizeof(*c));
	c->nics = 2;
	c->dma_latency = 0;
	c->progress_cycles = 64;
	link_cfg_default(&c->link);
	c->link.rate_mbps = 100000;
	c->link.prop_delay_ps = 500000;           /* 0.5 us: 100 m of fiber */
	c->seed = 1;
	c->pcap_switch = 0;
	c->pcap_port = -1;
}

extern "C" int hpnic_sim_configure(const struct hpnic_sim_cfg *c)
{
	if (!c)
		return -EINVAL;
	if (g_world)
		return -EBUSY;
	if (!c->topology && c->nics != 2)
		return -EINVAL;
	g_cfg = *c;
	g_cfg_set = true;
	return 0;
}

extern "C" int hpnic_sim_set_dma_xlate(hpnic_sim_dma_xlate_fn fn, void *ctx)
{
	if (g_world)
		return -EBUSY;
	g_xlate = fn;
	g_xlate_ctx = ctx;
	return 0;
}

extern "C" int hpnic_sim_start(void)
{
	return world_create();
}

extern "C" unsigned hpnic_sim_nics(void)
{
	return g_world ? g_world->cfg.nics : 0;
}

extern "C" uint64_t hpnic_sim_cycle(void)
{
	return g_world ? g_world->cycle : 0;
}

extern "C" void hpnic_sim_run(uint64_t cycles)
{
	if (!g_world)
		return;
	for (uint64_t k = 0; k < cycles; k++)
		step(g_world);
}

extern "C" int hpnic_sim_stats(unsigned nic, struct hpnic_sim_stats *s)
{
	if (!g_world || nic >= g_world->cfg.nics || !s)
		return -EINVAL;
	*s = g_world->nic[nic].st;
	return 0;
}

extern "C" int hpnic_sim_stream_stats(struct stream_port_stats *s)
{
	if (!g_world || !g_world->stream || !s)
		return -EINVAL;
	*s = *stream_port_get_stats(g_world->stream);
	return 0;
}

extern "C" int hpnic_sim_link_stats(unsigned from_nic, struct link_stats *s)
{
	if (!g_world || g_world->net || from_nic >= g_world->cfg.nics || !s)
		return -EINVAL;
	*s = *link_get_stats(g_world->lk[from_nic]);
	return 0;
}

extern "C" int hpnic_sim_net_switches(void)
{
	if (!g_world || !g_world->net)
		return -EINVAL;
	return (int)g_world->net->switches();
}

extern "C" int hpnic_sim_net_ports(unsigned sw)
{
	if (!g_world || !g_world->net || sw >= g_world->net->switches())
		return -EINVAL;
	return (int)g_world->net->ports(sw);
}

extern "C" int hpnic_sim_port_stats(unsigned sw, unsigned port, struct hpnic_sim_port_stats *s)
{
	if (!g_world || !g_world->net || sw >= g_world->net->switches() ||
	    port >= g_world->net->ports(sw) || !s)
		return -EINVAL;
	const hpnic_net::Port &p = g_world->net->sw(sw).ports[port];
	const hpnic_net::PortStats &t = p.st;
	uint64_t now = g_world->cycle * PS_PER_CYCLE;

	s->peer_host = p.peer_host;
	s->peer_switch = p.peer_sw;
	s->speed = p.speed_enum;
	s->tx_frames = t.tx_frames;
	s->tx_bytes = t.tx_bytes;
	s->rx_frames = t.rx_frames;
	s->rx_bytes = t.rx_bytes;
	s->drops = t.drops;
	s->ecn_marks = t.ecn_marks;
	s->int_stamped = t.int_stamped;
	s->int_full = t.int_full;
	s->qlen = t.qlen;
	s->qlen_max = t.qlen_max;
	s->pause_sent = t.pause_sent;
	s->pause_ps = t.pause_ps + (p.pausing ? now - p.pausing_since : 0);
	s->paused_ps = t.paused_ps + (p.tx.paused ? now - p.tx.paused_since : 0);
	return 0;
}

extern "C" int hpnic_sim_host_port(unsigned h, unsigned *sw, unsigned *port)
{
	if (!g_world || !g_world->net || h >= g_world->net->hosts() || !sw || !port)
		return -EINVAL;
	const hpnic_net::Host &x = g_world->net->host(h);

	if (x.sw < 0)
		return -ENOENT;
	*sw = (unsigned)x.sw;
	*port = (unsigned)x.port;
	return 0;
}

extern "C" int hpnic_sim_base_rtt_ns(unsigned a, unsigned b, unsigned data_bytes,
				     unsigned ack_bytes, double *ns)
{
	if (!g_world || !g_world->net || a >= g_world->net->hosts() ||
	    b >= g_world->net->hosts() || !ns)
		return -EINVAL;
	*ns = (double)g_world->net->base_rtt_ps(a, b, data_bytes, ack_bytes) / 1000.0;
	return 0;
}

extern "C" int hpnic_sim_qp_rx(unsigned nic, uint32_t qpn, uint64_t *frame_bytes,
			       uint64_t *payload_bytes)
{
	if (!g_world || nic >= g_world->cfg.nics || qpn >= HPNIC_SIM_FLOW_QPS)
		return -EINVAL;
	const Nic &n = g_world->nic[nic];
	bool any = !n.qp_rx_bytes.empty();

	if (frame_bytes)
		*frame_bytes = any ? n.qp_rx_bytes[qpn] : 0;
	if (payload_bytes)
		*payload_bytes = any ? n.qp_rx_payload[qpn] : 0;
	return 0;
}

extern "C" int hpnic_sim_csr_read(unsigned nic, uint32_t off, uint32_t *val)
{
	if (!g_world || nic >= g_world->cfg.nics || !val)
		return -EINVAL;
	return csr_op(nic, false, off, 0, val);
}

extern "C" int hpnic_sim_dma_rd_fail(unsigned nic, uint64_t addr, uint64_t len, unsigned count, int kind)
{
	if (!g_world || nic >= g_world->cfg.nics || !len || kind < 1 || kind > 3)
		return -EINVAL;
	Nic &n = g_world->nic[nic];
	n.fail_addr = addr;
	n.fail_end = addr + len;
	n.fail_left = count;
	n.fail_kind = kind;
	return 0;
}

extern "C" unsigned hpnic_sim_dma_rd_fail_left(unsigned nic)
{
	if (!g_world || nic >= g_world->cfg.nics)
		return 0;
	return g_world->nic[nic].fail_left;
}

extern "C" int hpnic_sim_ce_mark(unsigned from_nic, int mode)
{
	if (!g_world || g_world->net || from_nic >= 2 || from_nic >= g_world->cfg.nics || mode < 0 ||
	    mode > 2)
		return -EINVAL;
	g_world->ce_mark[from_nic] = mode;
	return 0;
}

extern "C" int hpnic_sim_csr_write(unsigned nic, uint32_t off, uint32_t val)
{
	if (!g_world || nic >= g_world->cfg.nics)
		return -EINVAL;
	return csr_op(nic, true, off, val, nullptr);
}

extern "C" int hpnic_sim_reset(unsigned nic)
{
	if (!g_world || nic >= g_world->cfg.nics)
		return -EINVAL;
	Nic &n = g_world->nic[nic];

	// what was in flight between the NIC and its models is lost, as on a
	// real function-level reset
	n.rds.clear();
	n.rd_off = 0;
	n.wr_cmds.clear();
	n.wr_off = 0;
	n.txbuf.clear();
	n.rxq.clear();
	n.rx_off = 0;
	n.csr_busy = false;
	n.reset_left = 16;
#ifdef HPNIC_SIM_PCIE
	// the block's side of the link is lost too; the host sets MSI-X up again
	pcie_model_reset(n.pm);
	n.msix_pending = true;
#endif
	return 0;
}

extern "C" void hpnic_sim_probe_arm(unsigned nic)
{
	if (!g_world)
		return;
	g_world->probe_on = true;
	g_world->probe_nic = nic;
	memset(&g_world->probe, 0, sizeof(g_world->probe));
}

extern "C" void hpnic_sim_probe_get(struct hpnic_sim_probe *p)
{
	if (g_world && p)
		*p = g_world->probe;
}

/*
 * The backend
 */
struct hpnic_backend {
	unsigned nic;
};

static int sim_open(const char *arg, struct hpnic_backend **be)
{
	char *end;
	unsigned long i;
	int err;

	if (!arg || !*arg || !be)
		return -EINVAL;
	i = strtoul(arg, &end, 10);
	if (*end || end == arg || i >= HPNIC_SIM_MAX_NICS)
		return -ENODEV;
	err = world_create();
	if (err)
		return err;
	if (i >= g_world->cfg.nics)
		return -ENODEV;
	if (g_world->nic[i].opened)
		return -EBUSY;
	*be = new (std::nothrow) hpnic_backend{(unsigned)i};
	if (!*be)
		return -ENOMEM;
	g_world->nic[i].opened = true;
	return 0;
}

static void sim_close(struct hpnic_backend *be)
{
	if (!be)
		return;
	if (g_world)
		g_world->nic[be->nic].opened = false;
	delete be;
}

static int sim_csr_read(struct hpnic_backend *be, uint32_t off, uint32_t *val)
{
	if (!be || !val)
		return -EINVAL;
	return csr_op(be->nic, false, off, 0, val);
}

static int sim_csr_write(struct hpnic_backend *be, uint32_t off, uint32_t val)
{
	if (!be)
		return -EINVAL;
	return csr_op(be->nic, true, off, val, nullptr);
}

static int sim_dma_map(struct hpnic_backend *be, void *addr, size_t len, uint64_t *iova)
{
	uint64_t a = reinterpret_cast<uintptr_t>(addr);

	if (!be || !addr || !len || !iova)
		return -EINVAL;
	g_world->nic[be->nic].ranges[a] = a + len;
	*iova = a;
	return 0;
}

static void sim_dma_unmap(struct hpnic_backend *be, void *addr, size_t len)
{
	(void)len;
	if (!be || !g_world)
		return;
	Nic &n = g_world->nic[be->nic];
	auto it = n.io_of.find(reinterpret_cast<uintptr_t>(addr));

	if (it != n.io_of.end()) {
		for (uint64_t s : it->second)
			n.io.erase(s);
		n.io_of.erase(it);
		return;
	}
	n.ranges.erase(reinterpret_cast<uintptr_t>(addr));
}

/*
 * Page maps scatter on purpose: each page gets a random frame in the IO
 * window [2^47, 2^48), which no process pointer reaches, so a NIC that
 * addressed a region as contiguous, or crossed a page without translating
 * again, reads zeros and writes nothing (both counted in dma_bad)
 */
static uint64_t io_next(Nic &n)
{
	// xorshift64*, seeded per NIC
	uint64_t x = n.io_rng;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	n.io_rng = x;
	return x * 0x2545F4914F6CDD1Dull;
}

// no mapped byte in [lo, hi)
static bool io_free(const Nic &n, uint64_t lo, uint64_t hi)
{
	auto it = n.io.lower_bound(hi);

	if (it == n.io.begin())
		return true;
	--it;
	return it->second.first <= lo;
}

static int sim_dma_map_pages(struct hpnic_backend *be, void *addr, size_t len,
			     unsigned page_shift, uint64_t *iova)
{
	uintptr_t a = reinterpret_cast<uintptr_t>(addr);
	uint64_t page = 1ull << page_shift;

	if (!be || !addr || !len || !iova || (page_shift != 12 && page_shift != 21))
		return -EINVAL;
	Nic &n = g_world->nic[be->nic];
	if (n.io_of.count(a))
		return -EEXIST;
	if (!n.io_rng)
		n.io_rng = 0x9E3779B97F4A7C15ull * (be->nic + 1) + g_world->cfg.seed;
	std::vector<uint64_t> &starts = n.io_of[a];
	uintptr_t first = a & ~(uintptr_t)(page - 1);

	for (size_t i = 0; first + i * page < a + len; i++) {
		uintptr_t pg = first + i * page;
		uintptr_t lo = pg > a ? pg : a, hi = pg + page < a + len ? pg + page : a + len;
		uint64_t frame;

		do {
			frame = (1ull << 47) | ((io_next(n) & ((1ull << 47) - 1)) & ~(page - 1));
		} while (!io_free(n, frame, frame + page));
		iova[i] = frame;
		n.io[frame + (lo - pg)] = {frame + (hi - pg), reinterpret_cast<uint8_t *>(lo)};
		starts.push_back(frame + (lo - pg));
	}
	return 0;
}

static int sim_dma_alloc(struct hpnic_backend *be, size_t len, void **addr, uint64_t *iova)
{
	size_t rounded = (len + 4095) & ~(size_t)4095;
	void *p;

	if (!be || !len || !addr || !iova)
		return -EINVAL;
	p = aligned_alloc(4096, rounded);
	if (!p)
		return -ENOMEM;
	memset(p, 0, rounded);
	*addr = p;
	return sim_dma_map(be, p, len, iova);
}

static void sim_dma_free(struct hpnic_backend *be, void *addr, size_t len)
{
	sim_dma_unmap(be, addr, len);
	free(addr);
}

extern "C" int hpnic_sim_port_addr(unsigned nic, uint8_t mac[6], uint32_t *ipv4)
{
	static const uint8_t base[6] = {0x02, 0x00, 0x00, 0x00, 0x00, 0x10};

	uint8_t b[6];
	uint32_t ip = 0x0a000001u;               /* 10.0.0.1, 10.0.0.2, ... */
	const char *e_mac = getenv("HPNIC_SIM_MAC"), *e_ip = getenv("HPNIC_SIM_IP");
	unsigned v[6];
	char tail;

	if (nic >= HPNIC_SIM_MAX_NICS || !mac || !ipv4)
		return -EINVAL;
	memcpy(b, base, 6);
	// a NIC facing the world (a stream port) takes the addresses it is given
	if (e_mac) {
		if (sscanf(e_mac, "%x:%x:%x:%x:%x:%x%c", &v[0], &v[1], &v[2], &v[3], &v[4], &v[5],
			   &tail) != 6 || (v[0] | v[1] | v[2] | v[3] | v[4] | v[5]) > 0xff || (v[0] & 1)) {
			fprintf(stderr, "hpnic sim: HPNIC_SIM_MAC=%s: want a unicast xx:xx:xx:xx:xx:xx\n",
				e_mac);
			return -EINVAL;
		}
		for (int k = 0; k < 6; k++)
			b[k] = (uint8_t)v[k];
	}
	if (e_ip) {
		if (sscanf(e_ip, "%u.%u.%u.%u%c", &v[0], &v[1], &v[2], &v[3], &tail) != 4 ||
		    (v[0] | v[1] | v[2] | v[3]) > 0xff) {
			fprintf(stderr, "hpnic sim: HPNIC_SIM_IP=%s: want a.b.c.d\n", e_ip);
			return -EINVAL;
		}
		ip = v[0] << 24 | v[1] << 16 | v[2] << 8 | v[3];
	}
	memcpy(mac, b, 6);
	// NIC n: the base plus n in the last two bytes and in the address
	uint16_t lo = (uint16_t)((b[4] << 8 | b[5]) + nic);
	mac[4] = (uint8_t)(lo >> 8);
	mac[5] = (uint8_t)lo;
	*ipv4 = ip + nic;
	return 0;
}

static int sim_port_addr(struct hpnic_backend *be, uint8_t mac[6], uint32_t *ipv4)
{
	if (!be)
		return -EINVAL;
	return hpnic_sim_port_addr(be->nic, mac, ipv4);
}

static uint64_t sim_progress(struct hpnic_backend *be)
{
	if (!be || !g_world)
		return 0;
	hpnic_sim_run(g_world->cfg.progress_cycles);
	return g_world->cfg.progress_cycles;
}

extern "C" const struct hpnic_backend_ops hpnic_backend_sim = {
	"sim",
	sim_open,
	sim_close,
	sim_csr_read,
	sim_csr_write,
	sim_dma_alloc,
	sim_dma_free,
	sim_dma_map,
	sim_dma_unmap,
	sim_port_addr,
	sim_progress,
	sim_dma_map_pages,
	nullptr,                /* objs: the library programs the simulated NIC itself */
};

// "sim:N" in hpnic_open(): linking this object registers the backend
__attribute__((constructor)) static void sim_register(void)
{
	hpnic_register_backend("sim", &hpnic_backend_sim);
}
