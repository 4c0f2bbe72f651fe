/* SPDX-License-Identifier: MIT */
/*
 * tb_pcie: hpnic_pcie_dma_wr (the PCIe DMA write engine) against a C model
 * of the requester side of the UltraScale+ integrated block: host memory,
 * MPS configuration, the RQ interface's rules and the sequence numbers the
 * IP returns for the TLPs it has sent (docs/pcie.md). The model is
 * tb/pcie/pcie_model.c, the one sim/nic's PCIe mode runs; this test adds
 * its expectations through the model's hooks.
 *
 * Random DMA writes of 1 byte to 64 KiB at any address and any first lane,
 * random stalls on every stream (command and data tvalid gaps, RQ tready
 * low, long RQ stalls), four MPS settings. Checkers flag: a TLP crossing
 * 4 KiB, a payload over MPS, a byte enable that is wrong (a hole, bytes
 * outside the command, not in command order, first/last BE against the
 * Dword count), a tkeep or tlast against the Dword count, is_sop/is_eop,
 * tvalid falling inside a TLP, a sequence number that does not mark a
 * command's last TLP. Host memory is compared byte for byte at the end.
 * Then the throughput phase (4 KiB writes, MPS 256, no stalls) prints its
 * figures.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pcie_model.h"
#include "pcie_rd_rtl.h"
#include "pcie_top_rtl.h"
#include "pcie_rtl.h"
#include "tb_util.h"

/* 1: the engines are built with the IP's RQ and RC straddle options on (the
 * model packs and checks the straddled formats); 0: off, the old formats */
#ifndef PCIE_STRADDLE
#define PCIE_STRADDLE 1
#endif

#define HOST_LOG2 20
#define HOST_SIZE (1u << HOST_LOG2)
#define HOST_BASE 0x00007f3a5c000000ull
#define MAX_LEN 65536u

static uint8_t ref_mem[HOST_SIZE];
static uint8_t act_mem[HOST_SIZE];

struct cmd {
	uint32_t off;   /* into host memory */
	uint32_t len;
	unsigned f;     /* first lane of its first data beat */
	uint8_t *data;
};

static struct pcie_rtl *rtl;
static uint64_t cycle;
static unsigned cmd_base;   /* commands of the phases before (the RTL's command index) */

/*
 * The hard block's host side is tb/pcie/pcie_model.c (the same model
 * sim/nic's PCIe mode runs): it delimits and checks every RQ TLP, writes
 * host memory, returns the sequence numbers, answers reads on RC. This
 * test adds what only it knows, through the model's hooks: each write TLP
 * must carry its command's next bytes and a seq_num saying {last TLP,
 * command}; each read request must ask for its read's next bytes.
 */
static struct pcie_model *pm;   /* the model of the phase running */
static const uint8_t *rd_src = ref_mem;  /* host memory the reads see */
static uint64_t model_violations;        /* the model's checkers, all phases */

/* the write expectations' state */
static struct {
	struct cmd *cmds;
	unsigned n;             /* commands in the phase */
	unsigned ci;            /* command the next TLP belongs to */
	uint32_t next_off;      /* the byte it must start at */
	uint64_t tlps, bytes, violations;
	uint64_t first_beat_cycle, last_beat_cycle;
	uint64_t dones_expected;
} ck;

static void violation(const char *what, unsigned long long a, unsigned long long b)
{
	ck.violations++;
	CHECK(0, "cycle %llu, command %u: %s (0x%llx, %llu)", (unsigned long long)cycle, ck.ci, what,
	      a, b);
}

static void model_violation(void *ctx, const char *what, unsigned long long a, unsigned long long b)
{
	(void)ctx;
	model_violations++;
	CHECK(0, "cycle %llu, PCIe model: %s (0x%llx, %llu)", (unsigned long long)cycle, what, a, b);
}

/* a write TLP the model took: the command's next bytes, its seq_num */
static void wr_tlp(void *ctx, uint64_t start, uint32_t len, unsigned seq)
{
	(void)ctx;
	if (ck.ci >= ck.n) {
		violation("TLP after the last command", start, len);
		return;
	}
	struct cmd *c = &ck.cmds[ck.ci];
	if (start != HOST_BASE + ck.next_off || ck.next_off + len > c->off + c->len) {
		violation("TLP bytes not the command's next bytes", start - HOST_BASE, len);
		return;
	}
	ck.next_off += len;
	ck.tlps++;
	ck.bytes += len;
	int cmd_last = ck.next_off == c->off + c->len;
	if (((seq >> 5) & 1) != (unsigned)cmd_last || (seq & 31) != ((cmd_base + ck.ci) & 31))
		violation("seq_num does not say {last TLP, command}", seq, ck.ci);
	if (cmd_last) {
		ck.dones_expected++;
		ck.ci++;
		if (ck.ci < ck.n)
			ck.next_off = ck.cmds[ck.ci].off;
	}
}

static int host_write(void *ctx, uint64_t addr, const uint8_t *buf, uint32_t len)
{
	(void)ctx;
	if (addr < HOST_BASE || addr - HOST_BASE + len > HOST_SIZE)
		return -1;
	memcpy(act_mem + (addr - HOST_BASE), buf, len);
	return 0;
}

static int host_read(void *ctx, uint64_t addr, uint8_t *buf, uint32_t len)
{
	(void)ctx;
	if (addr < HOST_BASE || addr - HOST_BASE + len > HOST_SIZE)
		return -1;
	memcpy(buf, rd_src + (addr - HOST_BASE), len);
	return 0;
}

static void rd_req(void *ctx, uint64_t addr, uint32_t len, unsigned tag, int fail);
static unsigned model_msix_lat = 8;      /* the whole-adapter phase's MSI-X answers */
static double model_msix_fail;

/* a fresh model for a phase: MPS, MRRS, RCB in bytes; read failures;
 * completion latency; completions in request order; at the link's rate */
static void model_new(unsigned mps, unsigned mrrs, unsigned rcb, double p_err, unsigned lat_min,
		      unsigned lat_var, int in_order, int pace)
{
	struct pcie_model_cfg c;
	pcie_model_free(pm);
	pcie_model_cfg_default(&c);
	c.mps = mps;
	c.mrrs = mrrs;
	c.rcb = rcb;
	c.rq_straddle = c.rc_straddle = PCIE_STRADDLE;
	c.lat_min = lat_min;
	c.lat_var = lat_var;
	c.seq_min = 4;
	c.seq_var = 40;
	c.p_err = p_err;
	c.cplh = PCIE_RD_CPLH;
	c.cpld = PCIE_RD_CPLD;
	c.in_order = in_order;
	c.pace = pace;
	c.msix_lat = model_msix_lat;
	c.p_msix_fail = model_msix_fail;
	c.seed = rnd();
	c.host_read = host_read;
	c.host_write = host_write;
	c.wr_tlp = wr_tlp;
	c.rd_req = rd_req;
	c.violation = model_violation;
	pm = pcie_model_new(&c);
	if (!pm)
		exit(1);
}

static struct pcie_model_stats model_stats(void)
{
	struct pcie_model_stats st;
	pcie_model_stats(pm, &st);
	return st;
}

/* the RQ this cycle, to the model */
static void rq_cycle(int valid, int ready, const struct rq_beat *b)
{
	pcie_model_rq(pm, valid, ready, b);
	if (valid && ready) {
		if (!ck.first_beat_cycle)
			ck.first_beat_cycle = cycle;
		ck.last_beat_cycle = cycle;
	}
}

struct stalls {
	double req_gap, data_gap, rq_low, rq_long;
};

/* run one phase of commands to completion; returns cycles */
static uint64_t run(struct cmd *cmds, unsigned n, unsigned mps_code, const struct stalls *st,
		    uint64_t *dones)
{
	unsigned ri = 0, di = 0, bi = 0;
	unsigned rq_stall = 0;
	uint64_t start = cycle, idle = 0;
	uint8_t beat[64];

	ck.cmds = cmds;
	ck.n = n;
	ck.ci = 0;
	ck.next_off = n ? cmds[0].off : 0;
	ck.tlps = ck.bytes = ck.violations = 0;
	ck.first_beat_cycle = ck.last_beat_cycle = 0;
	ck.dones_expected = 0;
	model_new(128u << mps_code, 512, 64, 0, 20, 32, 0, 0);
	pcie_rtl_set_mps(rtl, mps_code);
	*dones = 0;

	while (ck.ci < n || !pcie_model_idle(pm)) {
		/* command channel */
		int rv = ri < n && !rndp(st->req_gap);
		pcie_rtl_set_req(rtl, rv, rv ? HOST_BASE + cmds[ri].off : 0, rv ? cmds[ri].len : 0);
		/* data channel: a command's data after its command was taken */
		int dv = di < ri && !rndp(st->data_gap);
		uint64_t keep = 0;
		int last = 0;
		if (dv) {
			struct cmd *c = &cmds[di];
			unsigned v0 = 64 * bi, vend = c->f + c->len;
			for (unsigned l = 0; l < 64; l++) {
				unsigned v = v0 + l;
				if (v >= c->f && v < vend) {
					beat[l] = c->data[v - c->f];
					keep |= 1ull << l;
				} else {
					beat[l] = (uint8_t)rnd();
				}
			}
			last = v0 + 64 >= vend;
		}
		pcie_rtl_set_wr(rtl, dv, dv ? beat : NULL, keep, last);
		/* RQ */
		if (rq_stall)
			rq_stall--;
		else if (rndp(st->rq_long))
			rq_stall = 50 + rndr(400);
		int rr = !rq_stall && !rndp(st->rq_low);
		pcie_rtl_set_rq_ready(rtl, rr);
		/* sequence numbers, up to two a cycle, in order */
		int v0, v1;
		unsigned s0, s1;
		pcie_model_seq(pm, &v0, &s0, &v1, &s1);
		pcie_rtl_set_seq(rtl, v0, s0, v1, s1);

		int req_go = rv && pcie_rtl_req_ready(rtl);
		int wr_go = dv && pcie_rtl_wr_ready(rtl);
		struct rq_beat b;
		int rq_valid = pcie_rtl_rq(rtl, &b);
		*dones += pcie_rtl_wr_done(rtl);
		rq_cycle(rq_valid, rr, &b);
		if (req_go)
			ri++;
		if (wr_go) {
			if (last) {
				di++;
				bi = 0;
			} else {
				bi++;
			}
		}
		pcie_rtl_tick(rtl);
		pcie_model_tick(pm);
		cycle++;
		idle = (rq_valid && rr) ? 0 : idle + 1;
		if (idle > 100000) {
			CHECK(0, "no RQ beat for 100000 cycles: command %u of %u, %u requested, %u sent",
			      ck.ci, n, ri, di);
			break;
		}
	}
	/* the last done counts come a cycle after the last sequence numbers */
	for (int i = 0; i < 4; i++) {
		pcie_rtl_set_seq(rtl, 0, 0, 0, 0);
		*dones += pcie_rtl_wr_done(rtl);
		pcie_rtl_tick(rtl);
		cycle++;
	}
	cmd_base += n;
	return cycle - start;
}

static unsigned rand_len(void)
{
	unsigned k = rndr(10);
	if (k < 3)
		return 1 + rndr(64);
	if (k < 6)
		return 1 + rndr(1024);
	if (k < 8)
		return 1 + rndr(8192);
	return 1 + rndr(MAX_LEN);
}

static void make_cmd(struct cmd *c, unsigned len, uint32_t off, unsigned f)
{
	c->len = len;
	c->off = off;
	c->f = f;
	c->data = malloc(len);
	if (!c->data)
		exit(1);
	for (unsigned i = 0; i < len; i++)
		c->data[i] = (uint8_t)rnd();
	memcpy(ref_mem + off, c->data, len);
}

static void free_cmds(struct cmd *cmds, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		free(cmds[i].data);
}


/* ------------------------------------------------------------------ reads */

/*
 * Reads: the model (pcie_model.c) checks each read request taken from RQ
 * (type, 4 KiB, MRRS, byte enables, tag not live, completion credits) and
 * answers it by completions split at RCB (coalesced up to MPS at random),
 * delivered after a latency, the tags' completions interleaved at random.
 * Some requests fail: UR (one completion, no data), poisoned (one of its
 * completions), or a completion timeout (nothing for a while, then the
 * block's timeout completion). This test checks that each request asks for
 * its read's next bytes, and the data and status the engine passes on.
 */
struct rd_op {
	uint32_t off, len;
	int err;
	uint8_t *expect;             /* the bytes it must return; NULL: ref_mem's */
};

static struct pcie_rd_rtl *rrtl;

/* the read expectations' state */
static struct {
	struct rd_op *ops;
	unsigned n;
	unsigned ri;                /* read the next request belongs to */
	uint32_t next_off;
	uint64_t violations;
	/* output checker */
	unsigned oi, obeat;
	uint64_t out_bytes, first_out, last_out;
	uint64_t t_rq_first, t_rc_first;
} rk;

static void rd_violation(const char *what, unsigned long long a, unsigned long long b)
{
	rk.violations++;
	CHECK(0, "cycle %llu, read %u: %s (0x%llx, %llu)", (unsigned long long)cycle, rk.ri, what, a, b);
}

/* a read request the model took: the read's next bytes (a failure the
 * model makes marks the read failed) */
static void rd_req(void *ctx, uint64_t start, uint32_t len, unsigned tag, int fail)
{
	(void)ctx;
	(void)tag;
	if (rk.ri >= rk.n) {
		rd_violation("request after the last read", start, len);
		return;
	}
	struct rd_op *op = &rk.ops[rk.ri];
	if (start != HOST_BASE + rk.next_off || rk.next_off + len > op->off + op->len) {
		rd_violation("request bytes not the read's next bytes", start - HOST_BASE, len);
		return;
	}
	if (fail)
		op->err = 1;
	if (!rk.t_rq_first)
		rk.t_rq_first = cycle;
	rk.next_off += len;
	if (rk.next_off == op->off + op->len) {
		rk.ri++;
		if (rk.ri < rk.n)
			rk.next_off = rk.ops[rk.ri].off;
	}
}

/* the model's RC beat this cycle unless a tvalid gap (p) */
static int rc_offer(double p, uint32_t *dw, uint16_t *keep, int *last, struct rc_user *u)
{
	*keep = 0;
	*last = 0;
	return !rndp(p) && pcie_model_rc(pm, dw, keep, last, u);
}

static void rd_out_beat(const uint8_t *data, uint64_t keep, int last, int user)
{
	if (rk.oi >= rk.n) {
		CHECK(0, "cycle %llu: completion data after the last read", (unsigned long long)cycle);
		return;
	}
	struct rd_op *op = &rk.ops[rk.oi];
	unsigned nbeats = (op->len + 63) / 64;
	unsigned nb = rk.obeat + 1 == nbeats ? op->len - 64 * rk.obeat : 64;
	uint64_t want_keep = nb == 64 ? ~0ull : (1ull << nb) - 1;
	if (keep != want_keep || last != (rk.obeat + 1 == nbeats))
		CHECK(0, "cycle %llu, read %u beat %u: tkeep 0x%llx tlast %d, expected 0x%llx %d",
		      (unsigned long long)cycle, rk.oi, rk.obeat, (unsigned long long)keep, last,
		      (unsigned long long)want_keep, rk.obeat + 1 == nbeats);
	const uint8_t *want = (op->expect ? op->expect : ref_mem + op->off) + 64 * rk.obeat;
	if (!op->err && memcmp(data, want, nb) != 0) {
		unsigned i = 0;
		while (i < nb && data[i] == want[i])
			i++;
		CHECK(0, "cycle %llu, read %u (0x%x, %u) beat %u: byte %u is 0x%02x, expected 0x%02x",
		      (unsigned long long)cycle, rk.oi, op->off, op->len, rk.obeat, i, data[i], want[i]);
	}
	if (last && user != op->err)
		CHECK(0, "cycle %llu, read %u: tuser %d on tlast, the read %s", (unsigned long long)cycle,
		      rk.oi, user, op->err ? "failed" : "did not fail");
	if (!rk.first_out)
		rk.first_out = cycle;
	rk.last_out = cycle;
	rk.out_bytes += nb;
	if (++rk.obeat == nbeats) {
		rk.obeat = 0;
		rk.oi++;
	}
}

struct rd_stalls {
	double req_gap, rq_low, rc_gap, out_low;
};

static uint64_t rd_run(struct rd_op *ops, unsigned n, unsigned mrrs_code, const struct rd_stalls *st)
{
	unsigned qi = 0;
	uint64_t start = cycle, idle = 0;
	uint8_t data[64];
	uint32_t dw[16];

	rk.ops = ops;
	rk.n = n;
	rk.ri = rk.oi = rk.obeat = 0;
	rk.next_off = n ? ops[0].off : 0;
	rk.violations = 0;
	rk.out_bytes = rk.first_out = rk.last_out = 0;
	rk.t_rq_first = rk.t_rc_first = 0;
	pcie_rd_rtl_set_mrrs(rrtl, mrrs_code);

	while (rk.oi < n) {
		int rv = qi < n && !rndp(st->req_gap);
		pcie_rd_rtl_set_req(rrtl, rv, rv ? HOST_BASE + ops[qi].off : 0, rv ? ops[qi].len : 0);
		int rr = !rndp(st->rq_low);
		pcie_rd_rtl_set_rq_ready(rrtl, rr);
		uint16_t keep;
		int last;
		struct rc_user u;
		int cv = rc_offer(st->rc_gap, dw, &keep, &last, &u);
		pcie_rd_rtl_set_rc(rrtl, cv, cv ? dw : NULL, keep, last, cv ? &u : NULL, 0);
		int or_ = !rndp(st->out_low);
		pcie_rd_rtl_set_cpl_ready(rrtl, or_);

		int req_go = rv && pcie_rd_rtl_req_ready(rrtl);
		struct rq_beat b;
		int rq_valid = pcie_rd_rtl_rq(rrtl, &b);
		int rc_go = cv && pcie_rd_rtl_rc_ready(rrtl);
		uint64_t okeep;
		int olast, ouser;
		int ov = pcie_rd_rtl_cpl(rrtl, data, &okeep, &olast, &ouser);
		if (ov && or_)
			rd_out_beat(data, okeep, olast, ouser);
		rq_cycle(rq_valid, rr, &b);
		if (rc_go) {
			if (!rk.t_rc_first)
				rk.t_rc_first = cycle;
			pcie_model_rc_taken(pm);
		}
		if (req_go)
			qi++;
		pcie_rd_rtl_tick(rrtl);
		pcie_model_tick(pm);
		cycle++;
		idle = (ov && or_) ? 0 : idle + 1;
		if (idle > 100000) {
			CHECK(0, "no completion data for 100000 cycles: read %u of %u, %u requested", rk.oi, n, qi);
			break;
		}
	}
	return cycle - start;
}

static void rd_make(struct rd_op *op, uint32_t off, uint32_t len)
{
	op->off = off;
	op->len = len;
	op->err = 0;
	op->expect = NULL;
}

static void rd_tests(uint64_t ops)
{
	static const unsigned mrrs_codes[4] = { 0, 1, 2, 5 };
	uint32_t reqs0 = 0, tlps0 = 0, errs0 = 0;

	rrtl = pcie_rd_rtl_new(NULL);
	pcie_rd_rtl_set_rst(rrtl, 1);
	for (int i = 0; i < 4; i++)
		pcie_rd_rtl_tick(rrtl);
	pcie_rd_rtl_set_rst(rrtl, 0);

	uint64_t bytes = 0, errs = 0;
	for (unsigned ph = 0; ph < 4; ph++) {
		unsigned n = (unsigned)(ops / 4 + (ph < ops % 4));
		struct rd_op *rops = calloc(n ? n : 1, sizeof(*rops));
		for (unsigned i = 0; i < n; i++) {
			unsigned len = rand_len();
			uint32_t off = rndr(HOST_SIZE - len + 1);
			if (rndp(0.3))
				off &= ~63u;
			rd_make(&rops[i], off, len);
		}
		unsigned mps = ph == 1 ? 128 : 256, rcb = ph == 2 ? 128 : 64;
		model_new(mps, 128u << mrrs_codes[ph], rcb, 0.01, 20, 300, 0, 0);
		struct rd_stalls st = { 0.2, 0.2, 0.2, 0.2 };
		uint64_t cyc = rd_run(rops, n, mrrs_codes[ph], &st);
		struct pcie_model_stats ms = model_stats();
		uint32_t r1, t1, e1;
		pcie_rd_rtl_stats(rrtl, &r1, &t1, &e1);
		unsigned nerr = 0;
		for (unsigned i = 0; i < n; i++)
			nerr += rops[i].err;
		CHECK(r1 - reqs0 == n && t1 - tlps0 == ms.rd_reqs && e1 - errs0 == nerr,
		      "read counters: %u reads, %u requests, %u errors; expected %u, %llu, %u", r1 - reqs0,
		      t1 - tlps0, e1 - errs0, n, (unsigned long long)ms.rd_reqs, nerr);
		reqs0 = r1;
		tlps0 = t1;
		errs0 = e1;
		printf("random reads, MRRS %4u, RCB %u, completions up to %u: %u reads (%u failed), "
		       "%llu requests, %llu completions, %llu bytes in %llu cycles, credits at most "
		       "%llu/%u headers %llu/%u data, %llu violations\n",
		       128u << mrrs_codes[ph], rcb, mps, n, nerr, (unsigned long long)ms.rd_reqs,
		       (unsigned long long)ms.rd_cpls, (unsigned long long)rk.out_bytes,
		       (unsigned long long)cyc, (unsigned long long)ms.cplh_max, PCIE_RD_CPLH,
		       (unsigned long long)ms.cpld_max, PCIE_RD_CPLD,
		       (unsigned long long)(rk.violations + ms.violations));
		bytes += rk.out_bytes;
		errs += nerr;
		free(rops);
	}
	printf("random reads: %llu ops (%llu failed, flagged on tlast), %llu bytes, byte-exact\n",
	       (unsigned long long)ops, (unsigned long long)errs, (unsigned long long)bytes);

	/* throughput: 4 KiB reads, MRRS 512, completions of 256 bytes; latencies of
	 * 100 and 250 cycles (400 ns, 1 us); completions in request order, then
	 * interleaved at random */
	for (int cfg = 0; cfg < 3; cfg++) {
		unsigned n = 256;
		struct rd_op *rops = calloc(n, sizeof(*rops));
		for (unsigned i = 0; i < n; i++)
			rd_make(&rops[i], (i % 200) * 4096, 4096);
		unsigned lat = cfg == 0 ? 100 : 250;
		int in_order = cfg < 2;
		model_new(256, 512, 256, 0, lat, 0, in_order, 1);
		struct rd_stalls st = { 0, 0, 0, 0 };
		rd_run(rops, n, 2, &st);
		uint64_t span = rk.last_out - rk.first_out + 1;
		double bpc = (double)rk.out_bytes / (double)span;
		printf("throughput, 4 KiB reads, MRRS 512, 256-byte completions %s at the link's rate, "
		       "latency %u cycles, RC straddle %s: %llu bytes in %llu cycles: %.2f B/cycle = "
		       "%.2f GB/s at 250 MHz, %.1f%% of the 58.4 B/cycle TLP limit\n",
		       in_order ? "in order" : "interleaved at random", lat,
		       PCIE_STRADDLE ? "on" : "off", (unsigned long long)rk.out_bytes,
		       (unsigned long long)span, bpc, bpc * 0.25, 100.0 * bpc / (256.0 / 276 * 63));
		CHECK(rk.violations == 0 && model_stats().violations == 0,
		      "violations in the read throughput phase");
		free(rops);
	}
	/* message rate: 64-byte reads back to back (a WQE fetch, a small
	 * payload), completions at the link's rate: each costs 84 link bytes (a
	 * 3-Dword header and 8 of framing), 0.75 a cycle at 63 bytes a cycle
	 * (two RC beats each without straddle: 0.5).
	 * Line-aligned and at any Dword (two lines each) at latency 20 (the NIC
	 * simulator's least), then line-aligned at 100, where the tags bound it:
	 * NTAG - 2 reads in flight, each holding its tag for the latency and
	 * about 4 cycles of the engine's own (Little's law) */
	for (int cfg = 0; cfg < 3; cfg++) {
		unsigned n = 4096, lat = cfg == 2 ? 100 : 20;
		struct rd_op *rops = calloc(n, sizeof(*rops));
		for (unsigned i = 0; i < n; i++)
			rd_make(&rops[i], i * 256 + (cfg == 1 ? 4 * rndr(15) : 0), 64);
		model_new(256, 512, 64, 0, lat, 0, 1, 1);
		rd_run(rops, n, 2, &(struct rd_stalls){ 0, 0, 0, 0 });
		uint64_t span = rk.last_out - rk.first_out + 1;
		/* without RC straddle a completion of 19 Dwords takes two beats */
		double rpc = (double)n / (double)span, lim = PCIE_STRADDLE ? 63.0 / 84 : 0.5;
		double tag_lim = (PCIE_RD_TAGS - 2) / (double)(lat + 4);
		printf("message rate, 64-byte reads %s, latency %u cycles: %u reads in %llu cycles: "
		       "%.3f reads/cycle = %.1f M/s at 250 MHz, %.1f%% of the %.2f a cycle the link and RC "
		       "allow (%u tags bound it to %.2f)\n",
		       cfg == 1 ? "at any Dword" : "line-aligned", lat, n, (unsigned long long)span, rpc,
		       rpc * 250, 100.0 * rpc / lim, lim, PCIE_RD_TAGS, tag_lim);
		CHECK(rk.violations == 0 && model_stats().violations == 0,
		      "violations in the read message-rate phase");
		/* a read a cycle would beat the link: the engine must not be the
		 * limit (it issued one read per 4 cycles before) */
		if (cfg == 0)
			CHECK(rpc >= 0.9 * lim, "64-byte reads at %.3f a cycle, under 90%% of the %.2f allowed",
			      rpc, lim);
		free(rops);
	}
	/* latency: one 64-byte read on an idle engine, the model answering at once */
	{
		struct rd_op op;
		rd_make(&op, 4096 * 7, 64);
		model_new(256, 512, 256, 0, 0, 0, 0, 0);
		uint64_t t0 = cycle;
		rd_run(&op, 1, 2, &(struct rd_stalls){ 0, 0, 0, 0 });
		printf("latency, 64-byte read: request taken -> RQ descriptor taken %llu cycles; "
		       "RC completion's first beat -> first data valid %llu cycles; "
		       "total %llu, of which the model %llu\n",
		       (unsigned long long)(rk.t_rq_first - t0),
		       (unsigned long long)(rk.first_out - rk.t_rc_first),
		       (unsigned long long)(rk.first_out - t0),
		       (unsigned long long)(rk.t_rc_first - rk.t_rq_first));
	}
	pcie_rd_rtl_free(rrtl);
}

/* ------------------------------------------------ both engines, one RQ */

/*
 * hpnic_pcie_dma: writes and reads in one sequence on the generic channels,
 * the RQ beats dispatched to the write and read checkers by descriptor
 * type. Host memory is 64 regions of 16 KiB; a region takes writes until
 * its first read, then only reads, so every read must return exactly the
 * bytes of the writes issued before it: a read whose request passed an
 * earlier write on RQ (which the model serves in RQ order) reads stale
 * bytes.
 */
#define MIX_REGIONS 256
#define MIX_REGION (HOST_SIZE / MIX_REGIONS)
#define MIX_EPOCH 64                   /* write-then-read pairs per epoch */

static void mix_tests(uint64_t nops)
{
	struct pcie_top_rtl *t = pcie_top_rtl_new();
	unsigned n = (unsigned)nops & ~1u;
	int *is_wr = calloc(n ? n : 1, sizeof(int));
	int *barrier = calloc(n ? n : 1, sizeof(int));
	unsigned *w_before = calloc(n ? n : 1, sizeof(unsigned));
	unsigned *r_before = calloc(n ? n : 1, sizeof(unsigned));
	struct cmd *wc = calloc(n ? n : 1, sizeof(*wc));
	struct rd_op *rops = calloc(n ? n : 1, sizeof(*rops));
	unsigned nw = 0, nr = 0;
	uint8_t beat[64], data[64];
	uint32_t dw[16];
	int used[MIX_REGIONS];

	pcie_top_rtl_set_rst(t, 1);
	for (int i = 0; i < 4; i++)
		pcie_top_rtl_tick(t);
	pcie_top_rtl_set_rst(t, 0);
	pcie_top_rtl_set_cfg(t, 1, 2);

	/* pairs: a write to a region not used in this epoch, then a read that
	 * overlaps it; an epoch begins only when the one before is complete */
	for (unsigned k = 0; k < n; k += 2) {
		if ((k / 2) % MIX_EPOCH == 0) {
			memset(used, 0, sizeof(used));
			barrier[k] = 1;
		}
		unsigned r;
		do
			r = rndr(MIX_REGIONS);
		while (used[r]);
		used[r] = 1;
		unsigned len = 1 + rndr(rndp(0.5) ? 256 : MIX_REGION);
		uint32_t off = r * MIX_REGION + rndr(MIX_REGION - len + 1);
		w_before[k] = nw;
		r_before[k] = nr;
		is_wr[k] = 1;
		make_cmd(&wc[nw++], len, off, rndp(0.5) ? 0 : rndr(64));
		unsigned rlen = 1 + rndr(len);
		uint32_t roff = off + rndr(len - rlen + 1);
		if (rndp(0.3)) {        /* or anywhere in the region */
			rlen = 1 + rndr(MIX_REGION);
			roff = r * MIX_REGION + rndr(MIX_REGION - rlen + 1);
		}
		w_before[k + 1] = nw;
		r_before[k + 1] = nr;
		struct rd_op *op = &rops[nr++];
		rd_make(op, roff, rlen);
		op->expect = malloc(rlen);
		if (!op->expect)
			exit(1);
		memcpy(op->expect, ref_mem + roff, rlen);
	}

	ck.cmds = wc;
	ck.n = nw;
	ck.ci = 0;
	ck.next_off = nw ? wc[0].off : 0;
	ck.tlps = ck.bytes = ck.violations = 0;
	ck.dones_expected = 0;
	unsigned saved_base = cmd_base;
	cmd_base = 0;
	rk.ops = rops;
	rk.n = nr;
	rk.ri = rk.oi = rk.obeat = 0;
	rk.next_off = nr ? rops[0].off : 0;
	rk.violations = 0;
	rk.out_bytes = rk.first_out = rk.last_out = 0;
	model_new(256, 512, 64, 0, 20, 200, 0, 0);
	rd_src = act_mem;

	unsigned head = 0, wacc = 0, di = 0, bi = 0;
	uint64_t dones = 0, idle = 0, start = cycle;
	while (ck.ci < nw || rk.oi < nr || !pcie_model_idle(pm)) {
		int wv = 0, rv = 0;
		int blocked = head < n && barrier[head] &&
			      (ck.ci < w_before[head] || rk.oi < r_before[head]);
		if (head < n && !blocked && !rndp(0.2)) {
			if (is_wr[head])
				wv = 1;
			else
				rv = 1;
		}
		struct cmd *hw = wv ? &wc[wacc] : NULL;
		struct rd_op *hr = rv ? &rops[head - wacc] : NULL;
		pcie_top_rtl_set_wreq(t, wv, wv ? HOST_BASE + hw->off : 0, wv ? hw->len : 0);
		pcie_top_rtl_set_rreq(t, rv, rv ? HOST_BASE + hr->off : 0, rv ? hr->len : 0);
		int dv = di < wacc && !rndp(0.2);
		uint64_t keep = 0;
		int last = 0;
		if (dv) {
			struct cmd *c = &wc[di];
			unsigned v0 = 64 * bi, vend = c->f + c->len;
			for (unsigned l = 0; l < 64; l++) {
				unsigned v = v0 + l;
				if (v >= c->f && v < vend) {
					beat[l] = c->data[v - c->f];
					keep |= 1ull << l;
				} else {
					beat[l] = (uint8_t)rnd();
				}
			}
			last = v0 + 64 >= vend;
		}
		pcie_top_rtl_set_wr(t, dv, dv ? beat : NULL, keep, last);
		int rr = !rndp(0.2);
		pcie_top_rtl_set_rq_ready(t, rr);
		int v0, v1;
		unsigned s0, s1;
		pcie_model_seq(pm, &v0, &s0, &v1, &s1);
		pcie_top_rtl_set_seq(t, v0, s0, v1, s1);
		uint16_t rkeep;
		int rlast;
		struct rc_user ru;
		int cv = rc_offer(0.2, dw, &rkeep, &rlast, &ru);
		pcie_top_rtl_set_rc(t, cv, cv ? dw : NULL, rkeep, rlast, cv ? &ru : NULL);
		int or_ = !rndp(0.2);
		pcie_top_rtl_set_cpl_ready(t, or_);

		int wreq_go = wv && pcie_top_rtl_wreq_ready(t);
		int rreq_go = rv && pcie_top_rtl_rreq_ready(t);
		int wr_go = dv && pcie_top_rtl_wr_ready(t);
		struct rq_beat b;
		int rq_valid = pcie_top_rtl_rq(t, &b);
		int rc_go = cv && pcie_top_rtl_rc_ready(t);
		uint64_t okeep;
		int olast, ouser;
		int ov = pcie_top_rtl_cpl(t, data, &okeep, &olast, &ouser);
		dones += pcie_top_rtl_wr_done(t);
		rq_cycle(rq_valid, rr, &b);
		if (rc_go)
			pcie_model_rc_taken(pm);
		if (ov && or_)
			rd_out_beat(data, okeep, olast, ouser);
		if (wreq_go) {
			head++;
			wacc++;
		}
		if (rreq_go)
			head++;
		if (wr_go) {
			if (last) {
				di++;
				bi = 0;
			} else {
				bi++;
			}
		}
		pcie_top_rtl_tick(t);
		pcie_model_tick(pm);
		cycle++;
		idle = ((rq_valid && rr) || (ov && or_)) ? 0 : idle + 1;
		if (idle > 100000) {
			CHECK(0, "both engines: nothing for 100000 cycles: op %u of %u, write %u of %u, read %u of %u",
			      head, n, ck.ci, nw, rk.oi, nr);
			break;
		}
	}
	for (int i = 0; i < 4; i++) {
		pcie_top_rtl_set_seq(t, 0, 0, 0, 0);
		dones += pcie_top_rtl_wr_done(t);
		pcie_top_rtl_tick(t);
		cycle++;
	}
	CHECK(dones == nw, "both engines: wr_done counted %llu, %u writes", (unsigned long long)dones, nw);
	unsigned bad = 0;
	for (uint32_t i = 0; i < HOST_SIZE; i++)
		if (ref_mem[i] != act_mem[i])
			bad++;
	CHECK(bad == 0, "both engines: %u host memory bytes differ", bad);
	printf("both engines on one RQ: %u writes, %u reads (each right after a write it overlaps), "
	       "%llu write TLPs, %llu read requests in %llu cycles, %llu + %llu + %llu violations\n",
	       nw, nr, (unsigned long long)ck.tlps, (unsigned long long)model_stats().rd_reqs,
	       (unsigned long long)(cycle - start), (unsigned long long)ck.violations,
	       (unsigned long long)rk.violations, (unsigned long long)model_stats().violations);
	cmd_base = saved_base;
	rd_src = ref_mem;
	for (unsigned i = 0; i < nr; i++)
		free(rops[i].expect);
	free_cmds(wc, nw);
	free(wc);
	free(rops);
	free(is_wr);
	free(barrier);
	free(w_before);
	free(r_before);
	pcie_top_rtl_free(t);
}

#include "tb_pcie_bar.c"

int main(int argc, char **argv)
{
	uint64_t ops = 10000;
	const char *fst = NULL;
	static const unsigned mps_codes[4] = { 0, 1, 2, 5 };

	tb_args(argc, argv, "tb_pcie",
		"hpnic_pcie_dma_wr against a model of the UltraScale+ PCIe block's RQ side",
		"ops", &ops, &fst);
	rtl = pcie_rtl_new(fst);
	pcie_rtl_set_rst(rtl, 1);
	for (int i = 0; i < 4; i++)
		pcie_rtl_tick(rtl);
	pcie_rtl_set_rst(rtl, 0);

	for (uint32_t i = 0; i < HOST_SIZE; i++)
		ref_mem[i] = act_mem[i] = (uint8_t)(i * 131 + 7);

	/* random writes, four MPS settings */
	uint64_t total_bytes = 0, total_tlps = 0, total_cycles = 0;
	uint32_t cmds0 = 0, tlps0 = 0;
	for (unsigned ph = 0; ph < 4; ph++) {
		unsigned n = (unsigned)(ops / 4 + (ph < ops % 4));
		struct cmd *cmds = calloc(n ? n : 1, sizeof(*cmds));
		uint64_t dones;
		struct stalls st = { 0.2, 0.2, 0.25, 0.002 };
		if (ph == 3)
			st = (struct stalls){ 0.0, 0.05, 0.05, 0.0 };
		for (unsigned i = 0; i < n; i++) {
			unsigned len = rand_len();
			uint32_t off = rndr(HOST_SIZE - len + 1);
			if (rndp(0.3))
				off &= ~63u;
			make_cmd(&cmds[i], len, off, rndp(0.5) ? 0 : rndr(64));
		}
		uint64_t cyc = run(cmds, n, mps_codes[ph], &st, &dones);
		CHECK(dones == ck.dones_expected && dones == n,
		      "MPS %u: wr_done counted %llu commands, %u issued", 128u << mps_codes[ph],
		      (unsigned long long)dones, n);
		uint32_t cmds1, tlps1;
		pcie_rtl_stats(rtl, &cmds1, &tlps1);
		CHECK(cmds1 - cmds0 == n && tlps1 - tlps0 == ck.tlps,
		      "counters: %u commands, %u TLPs; expected %u, %llu", cmds1 - cmds0, tlps1 - tlps0,
		      n, (unsigned long long)ck.tlps);
		cmds0 = cmds1;
		tlps0 = tlps1;
		printf("random writes, MPS %4u: %u commands, %llu TLPs, %llu bytes in %llu cycles, "
		       "%llu violations\n",
		       128u << mps_codes[ph], n, (unsigned long long)ck.tlps,
		       (unsigned long long)ck.bytes, (unsigned long long)cyc,
		       (unsigned long long)ck.violations);
		total_bytes += ck.bytes;
		total_tlps += ck.tlps;
		total_cycles += cyc;
		free_cmds(cmds, n);
		free(cmds);
	}
	unsigned bad = 0;
	for (uint32_t i = 0; i < HOST_SIZE; i++)
		if (ref_mem[i] != act_mem[i] && bad++ < 5)
			CHECK(0, "host memory byte %u: 0x%02x, expected 0x%02x", i, act_mem[i],
			      ref_mem[i]);
	CHECK(bad == 0, "%u host memory bytes differ", bad);
	printf("random writes: %llu ops, %llu TLPs, %llu bytes, byte-exact: %s\n",
	       (unsigned long long)ops, (unsigned long long)total_tlps,
	       (unsigned long long)total_bytes, bad ? "no" : "yes");
	(void)total_cycles;

	/* throughput: 4 KiB writes, MPS 256, no stalls; page-aligned, then not */
	for (int unaligned = 0; unaligned < 2; unaligned++) {
		unsigned n = 256;
		struct cmd *cmds = calloc(n, sizeof(*cmds));
		uint64_t dones;
		struct stalls st = { 0, 0, 0, 0 };
		for (unsigned i = 0; i < n; i++)
			make_cmd(&cmds[i], 4096, (i % 200) * 4096 + (unaligned ? 1 + rndr(4000) : 0),
				 unaligned ? rndr(64) : 0);
		run(cmds, n, 1, &st, &dones);
		uint64_t span = ck.last_beat_cycle - ck.first_beat_cycle + 1;
		double bpc = (double)ck.bytes / (double)span;
		printf("throughput, 4 KiB writes, MPS 256, %s, RQ straddle %s: %llu TLPs, %llu bytes in "
		       "%llu cycles: %.2f B/cycle = %.2f GB/s at 250 MHz, %.1f%% of the 57.6 B/cycle TLP "
		       "limit\n",
		       unaligned ? "any address and first lane" : "page-aligned",
		       PCIE_STRADDLE ? "on" : "off", (unsigned long long)ck.tlps,
		       (unsigned long long)ck.bytes, (unsigned long long)span, bpc, bpc * 0.25,
		       100.0 * bpc / (256.0 / 280 * 63));
		CHECK(ck.violations == 0, "violations in the throughput phase");
		free_cmds(cmds, n);
		free(cmds);
	}

	pcie_rtl_free(rtl);
	rd_tests(ops);
	mix_tests(ops / 4);
	whole_tests(ops, (unsigned)(ops / 4));
	pcie_model_free(pm);
	CHECK(model_violations == 0, "%llu violations flagged by the PCIe model",
	      (unsigned long long)model_violations);
	return tb_finish("tb_pcie");
}
