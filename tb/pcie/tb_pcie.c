/* SPDX-License-Identifier: MIT */
/*
 * tb_pcie: hpnic_pcie_dma_wr (the PCIe DMA write engine) against a C model
 * of the requester side of the UltraScale+ integrated block: host memory,
 * MPS configuration, the RQ interface's rules and the sequence numbers the
 * IP returns for the TLPs it has sent (docs/pcie.md).
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

/* the RQ checker's state */
static struct {
	struct cmd *cmds;
	unsigned n;             /* commands in the phase */
	unsigned ci;            /* command the next TLP belongs to */
	uint32_t next_off;      /* the byte it must start at */
	unsigned mps;
	int in_tlp;
	/* the TLP being gathered, Dword by Dword, and its first beat's fields */
	uint8_t buf[4 * (4 + 1024 + 16)];
	unsigned ndw;
	unsigned fbe, lbe, seq;
	uint64_t tlps, bytes, violations;
	uint64_t first_beat_cycle, last_beat_cycle;
	/* sequence numbers waiting to be returned */
	unsigned seq_q[4096];
	uint64_t seq_due[4096];
	unsigned seq_head, seq_tail;
	uint64_t dones_expected;
} ck;

static void violation(const char *what, unsigned long long a, unsigned long long b)
{
	ck.violations++;
	CHECK(0, "cycle %llu, command %u: %s (0x%llx, %llu)", (unsigned long long)cycle, ck.ci, what,
	      a, b);
}

/* a whole write TLP gathered in ck.buf (ck.ndw Dwords, from its descriptor) */
static void check_tlp(void)
{
	unsigned total_dw = ck.ndw;
	if (total_dw < 4) {
		violation("TLP shorter than its descriptor", total_dw, 0);
		return;
	}
	const uint8_t *d = ck.buf;
	uint64_t lo = 0;
	for (int i = 7; i >= 0; i--)
		lo = lo << 8 | d[i];
	uint32_t w2 = (uint32_t)d[8] | (uint32_t)d[9] << 8 | (uint32_t)d[10] << 16 |
		      (uint32_t)d[11] << 24;
	uint64_t addr = lo & ~3ull;
	unsigned at = lo & 3, dwc = w2 & 0x7ff, type = (w2 >> 11) & 0xf;
	unsigned fbe = ck.fbe, lbe = ck.lbe;

	if (at != 0 || type != 1)
		violation("descriptor: not an untranslated memory write", at, type);
	if (dwc == 0 || total_dw != 4 + dwc)
		violation(PCIE_STRADDLE ? "Dword count against is_sop/is_eop" : "Dword count against tkeep",
			  dwc, total_dw);
	if (fbe == 0 || (dwc == 1 && lbe != 0) || (dwc > 1 && lbe == 0))
		violation("first_be/last_be against the Dword count", fbe, lbe);
	if (4ull * dwc > ck.mps)
		violation("payload over MPS", 4ull * dwc, ck.mps);
	if ((addr >> 12) != ((addr + 4ull * dwc - 1) >> 12))
		violation("TLP crosses a 4 KiB boundary", addr, 4ull * dwc);
	if (dwc == 0 || dwc > 1024)
		return;

	/* enabled bytes: contiguous, in command order, inside the command */
	int s = -1, e = -1, hole = 0;
	for (unsigned i = 0; i < 4 * dwc; i++) {
		unsigned dw = i / 4, b = i % 4;
		unsigned be = dw == 0 ? fbe : dw == dwc - 1 ? lbe : 15;
		if ((be >> b) & 1) {
			if (s < 0)
				s = (int)i;
			else if (e != (int)i - 1)
				hole = 1;
			e = (int)i;
		}
	}
	if (s < 0 || hole) {
		violation("byte enables with a hole", fbe, lbe);
		return;
	}
	uint64_t start = addr + (unsigned)s, len = (unsigned)(e - s + 1);
	if (ck.ci >= ck.n) {
		violation("TLP after the last command", start, len);
		return;
	}
	struct cmd *c = &ck.cmds[ck.ci];
	if (start != HOST_BASE + ck.next_off || ck.next_off + len > c->off + c->len) {
		violation("TLP bytes not the command's next bytes", start - HOST_BASE, len);
		return;
	}
	memcpy(act_mem + ck.next_off, d + 16 + s, len);
	ck.next_off += (uint32_t)len;
	ck.tlps++;
	ck.bytes += len;
	int cmd_last = ck.next_off == c->off + c->len;
	if (((ck.seq >> 5) & 1) != (unsigned)cmd_last || (ck.seq & 31) != ((cmd_base + ck.ci) & 31))
		violation("seq_num does not say {last TLP, command}", ck.seq, ck.ci);
	if (ck.seq_tail - ck.seq_head < 4096) {
		ck.seq_q[ck.seq_tail % 4096] = ck.seq;
		ck.seq_due[ck.seq_tail % 4096] = cycle + 4 + rndr(40);
		ck.seq_tail++;
	}
	if (cmd_last) {
		ck.dones_expected++;
		ck.ci++;
		if (ck.ci < ck.n)
			ck.next_off = ck.cmds[ck.ci].off;
	}
}

/* the second TLP's fields set while only one (or no) TLP starts */
static int k_unused_sop_fields(const struct rq_beat *b, unsigned nsop)
{
	return nsop < 2 && ((b->first_be >> 4) != 0 || (b->last_be >> 4) != 0 || b->seq1 != 0);
}

/* Dwords lo..hi of an RQ beat belong to the TLP being gathered */
static void tlp_take(const struct rq_beat *b, unsigned lo, unsigned hi)
{
	for (unsigned i = lo; i <= hi; i++)
		if (!((b->keep >> i) & 1))
			violation("tkeep misses a Dword of a TLP (pointers and tkeep disagree)", b->keep, i);
	if (ck.ndw + (hi - lo + 1) > sizeof(ck.buf) / 4) {
		violation("TLP longer than 4 + 1024 Dwords", ck.ndw, 0);
		return;
	}
	memcpy(ck.buf + 4 * ck.ndw, b->data + 4 * lo, 4 * (hi - lo + 1));
	ck.ndw += hi - lo + 1;
}

/* a TLP starts in this beat: the k-th one starting in it (first_be[7:4] etc. for k = 1) */
static void tlp_open(const struct rq_beat *b, unsigned k)
{
	ck.in_tlp = 1;
	ck.ndw = 0;
	ck.fbe = (b->first_be >> (4 * k)) & 15;
	ck.lbe = (b->last_be >> (4 * k)) & 15;
	ck.seq = k ? b->seq1 : b->seq;
}

static void tlp_close(void)
{
	ck.in_tlp = 0;
	check_tlp();
}

/*
 * One RQ beat taken from the engine. Straddle off: one TLP per beat run,
 * tlast ends it, tkeep contiguous, is_sop/is_eop bit 0 only. Straddle on (the
 * IP ignores tlast and tkeep's shape): TLPs are delimited by is_sop[1:0] and
 * is_eop[1:0] with their pointers; a TLP may start at Dword 0, or at Dword 8
 * only when the TLP before ends in Dwords 0..7 of the same beat; every Dword
 * of a TLP must be kept.
 */
static void rq_beat(const struct rq_beat *b)
{
	if (b->discontinue)
		violation("discontinue", 0, 0);
	if (!PCIE_STRADDLE) {
		if (b->first_be > 15 || b->last_be > 15 || b->seq1 || b->sop_ptr[0] || b->sop_ptr[1] ||
		    b->is_sop > 1 || b->is_eop > 1)
			violation("straddle fields set (straddle off)", b->is_sop, b->is_eop);
		if (!ck.in_tlp) {
			if (b->is_sop != 1)
				violation("is_sop on a TLP's first beat", b->is_sop, 0);
			tlp_open(b, 0);
		} else if (b->is_sop != 0) {
			violation("is_sop inside a TLP", b->is_sop, 0);
		}
		if (b->last) {
			unsigned ldw = 0;
			while (ldw < 16 && ((b->keep >> ldw) & 1))
				ldw++;
			if (ldw == 0 || (b->keep >> ldw) != 0)
				violation("tkeep of the last beat not contiguous from Dword 0", b->keep, 0);
			if (b->is_eop != 1 || ldw == 0 || b->eop_ptr != ldw - 1)
				violation("is_eop/is_eop0_ptr on the last beat", b->is_eop, b->eop_ptr);
			tlp_take(b, 0, ldw ? ldw - 1 : 0);
			tlp_close();
		} else {
			if (b->keep != 0xffff)
				violation("tkeep not full before tlast", b->keep, 0);
			if (b->is_eop != 0)
				violation("is_eop before tlast", b->is_eop, 0);
			tlp_take(b, 0, 15);
		}
	} else {
		unsigned nsop = b->is_sop == 0 ? 0 : b->is_sop == 1 ? 1 : b->is_sop == 3 ? 2 : 9;
		unsigned neop = b->is_eop == 0 ? 0 : b->is_eop == 1 ? 1 : b->is_eop == 3 ? 2 : 9;
		unsigned eop[2] = { b->eop_ptr, b->eop1_ptr }, ei = 0, pos = 0;
		int cont = ck.in_tlp;
		if (nsop > 2 || neop > 2) {
			violation("is_sop/is_eop not 00, 01 or 11", b->is_sop, b->is_eop);
			return;
		}
		if (cont) {
			unsigned end = neop ? eop[ei++] : 15;
			tlp_take(b, 0, end);
			pos = end + 1;
			if (neop)
				tlp_close();
		}
		for (unsigned k = 0; k < nsop; k++) {
			unsigned ptr = b->sop_ptr[k], start = 4 * ptr;
			/* a TLP starts at Dword 0 if none goes on in this beat, else at
			 * Dword 8 after one that ends in Dwords 0..7 */
			int ok = ptr == 0 ? k == 0 && !cont : ptr == 2 && pos <= 8 && (k == 1 || cont);
			if (!ok) {
				violation("a TLP starts at a Dword the IP does not allow", ptr, k);
				return;
			}
			tlp_open(b, k);
			if (ei < neop) {
				unsigned end = eop[ei++];
				if (end < start + 3) {
					violation("is_eop pointer inside the descriptor", end, start);
					return;
				}
				tlp_take(b, start, end);
				pos = end + 1;
				tlp_close();
			} else {
				tlp_take(b, start, 15);
				pos = 16;
			}
		}
		if (ei < neop)
			violation("is_eop without a TLP to end", b->is_eop, ei);
		if (k_unused_sop_fields(b, nsop))
			violation("first_be/last_be/seq_num of a second TLP that does not start", b->first_be, b->seq1);
	}
	if (!ck.first_beat_cycle)
		ck.first_beat_cycle = cycle;
	ck.last_beat_cycle = cycle;
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
	ck.mps = 128u << mps_code;
	ck.in_tlp = 0;
	ck.tlps = ck.bytes = ck.violations = 0;
	ck.first_beat_cycle = ck.last_beat_cycle = 0;
	ck.seq_head = ck.seq_tail = 0;
	ck.dones_expected = 0;
	pcie_rtl_set_mps(rtl, mps_code);
	*dones = 0;

	while (ck.ci < n || ck.seq_head != ck.seq_tail) {
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
		int v0 = 0, v1 = 0;
		unsigned s0 = 0, s1 = 0;
		if (ck.seq_head != ck.seq_tail && ck.seq_due[ck.seq_head % 4096] <= cycle) {
			v0 = 1;
			s0 = ck.seq_q[ck.seq_head++ % 4096];
			if (ck.seq_head != ck.seq_tail && ck.seq_due[ck.seq_head % 4096] <= cycle &&
			    rndp(0.5)) {
				v1 = 1;
				s1 = ck.seq_q[ck.seq_head++ % 4096];
			}
		}
		pcie_rtl_set_seq(rtl, v0, s0, v1, s1);

		int req_go = rv && pcie_rtl_req_ready(rtl);
		int wr_go = dv && pcie_rtl_wr_ready(rtl);
		struct rq_beat b;
		int rq_valid = pcie_rtl_rq(rtl, &b);
		if (ck.in_tlp && !rq_valid)
			violation("tvalid fell inside a TLP", 0, 0);
		*dones += pcie_rtl_wr_done(rtl);
		if (rq_valid && rr)
			rq_beat(&b);
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
 * The RQ/RC model for reads: each read request taken from RQ is checked
 * (type, 4 KiB, MRRS, byte enables, the read's next bytes, tag not live,
 * completion credits), then answered by completions split at RCB (coalesced
 * up to MPS at random), delivered after a latency, the tags' completions
 * interleaved at random. Some requests fail: UR (one completion, no data),
 * poisoned (one of its completions), or a completion timeout (nothing for a
 * while, then the block's timeout completion).
 */
#define RD_MAX_CPL 80

struct rd_op {
	uint32_t off, len;
	int err;
	uint8_t *expect;             /* the bytes it must return; NULL: ref_mem's */
};

struct cpl {
	unsigned la, ec, st, poison, rc, bc, ndw;
	uint32_t dw_off;            /* host offset of its first Dword */
};

static struct pcie_rd_rtl *rrtl;
static const uint8_t *rd_src = ref_mem;  /* host memory the reads see */

static struct {
	struct rd_op *ops;
	unsigned n;
	unsigned ri;                /* read the next request belongs to */
	uint32_t next_off;
	unsigned mrrs, mps, rcb;
	double p_err;
	unsigned lat_min, lat_var;
	/* per tag */
	int live[256];
	unsigned op_of[256];
	struct cpl q[256][RD_MAX_CPL];
	unsigned qn[256], qh[256];
	uint64_t due[256];
	uint64_t order[256];          /* when the request came */
	uint8_t snap[256][4 * 1024 + 8]; /* the request's Dwords, read from host memory when it came */
	uint32_t snap_off[256];
	int in_order;                 /* 1: the oldest ready tag first, 0: any ready tag */
	/* RC sender; with pace, completions leave at the link's rate (tokens:
	 * link bytes, 63 a cycle) */
	int sending;
	unsigned s_tag, s_beat;
	int pace;
	long tokens;
	/* credits in the block's completion buffer */
	unsigned cplh, cpld, cplh_max, cpld_max;
	uint64_t reqs, cpls, violations, errs;
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

static unsigned cpl_credits(const struct cpl *c)
{
	return (c->ndw + 3) / 4;
}

static void rd_request(const struct rq_beat *b)
{
	const uint8_t *d = b->data;
	uint64_t lo = 0;
	for (int i = 7; i >= 0; i--)
		lo = lo << 8 | d[i];
	uint32_t w2 = (uint32_t)d[8] | (uint32_t)d[9] << 8 | (uint32_t)d[10] << 16 | (uint32_t)d[11] << 24;
	uint32_t w3 = (uint32_t)d[12] | (uint32_t)d[13] << 8 | (uint32_t)d[14] << 16 | (uint32_t)d[15] << 24;
	uint64_t addr = lo & ~3ull;
	unsigned dwc = w2 & 0x7ff, type = (w2 >> 11) & 0xf, tag = w3 & 0xff;
	unsigned fbe = b->first_be, lbe = b->last_be;

	rk.reqs++;
	if (b->keep != 0x000f || !b->last || b->is_sop != 1 || b->is_eop != 1 || b->eop_ptr != 3)
		rd_violation("read request not one beat of 4 Dwords", b->keep, b->is_eop);
	if ((lo & 3) != 0 || type != 0)
		rd_violation("descriptor: not an untranslated memory read", lo & 3, type);
	if (dwc == 0 || 4ull * dwc > rk.mrrs)
		rd_violation("read over MRRS", 4ull * dwc, rk.mrrs);
	if ((addr >> 12) != ((addr + 4ull * dwc - 1) >> 12))
		rd_violation("read crosses a 4 KiB boundary", addr, 4ull * dwc);
	if (fbe == 0 || fbe > 15 || lbe > 15 || (dwc == 1 && lbe != 0) || (dwc > 1 && lbe == 0))
		rd_violation("first_be/last_be against the Dword count", fbe, lbe);
	if (tag >= 256 || rk.live[tag]) {
		rd_violation("tag reused while live", tag, 0);
		return;
	}
	if (dwc == 0 || dwc > 1024)
		return;
	int s = -1, e = -1, hole = 0;
	for (unsigned i = 0; i < 4 * dwc; i++) {
		unsigned dw = i / 4, bb = i % 4;
		unsigned be = dw == 0 ? fbe : dw == dwc - 1 ? lbe : 15;
		if ((be >> bb) & 1) {
			if (s < 0)
				s = (int)i;
			else if (e != (int)i - 1)
				hole = 1;
			e = (int)i;
		}
	}
	if (s < 0 || hole) {
		rd_violation("byte enables with a hole", fbe, lbe);
		return;
	}
	uint64_t start = addr + (unsigned)s;
	uint32_t len = (uint32_t)(e - s + 1);
	if (rk.ri >= rk.n) {
		rd_violation("request after the last read", start, len);
		return;
	}
	struct rd_op *op = &rk.ops[rk.ri];
	if (start != HOST_BASE + rk.next_off || rk.next_off + len > op->off + op->len) {
		rd_violation("request bytes not the read's next bytes", start - HOST_BASE, len);
		return;
	}
	/* the completions */
	uint32_t off = (uint32_t)(start - HOST_BASE), end = off + len;
	unsigned n = 0, fail = rndp(rk.p_err) ? 1 + rndr(3) : 0;
	while (off < end && n < RD_MAX_CPL) {
		uint32_t lim = (off / rk.rcb + 1) * rk.rcb;
		while (lim < end && lim + rk.rcb - (off & ~3u) <= rk.mps && rndp(0.7))
			lim += rk.rcb;
		uint32_t ce = lim < end ? lim : end;
		struct cpl *c = &rk.q[tag][n++];
		c->la = off & 0xfff;
		c->ec = c->st = c->poison = 0;
		c->bc = end - off;
		c->dw_off = off & ~3u;
		c->ndw = (ce - c->dw_off + 3) / 4;
		c->rc = ce == end;
		off = ce;
	}
	if (fail == 1) {            /* UR after 0..n-1 good completions */
		n = rndr(n);
		struct cpl *c = &rk.q[tag][n++];
		memset(c, 0, sizeof(*c));
		c->la = (uint32_t)(start - HOST_BASE) & 0x7f;
		c->ec = 2;
		c->st = 1;
		c->rc = 1;
	} else if (fail == 2) {     /* one completion poisoned */
		struct cpl *c = &rk.q[tag][rndr(n)];
		c->poison = 1;
		c->ec = 1;
	} else if (fail == 3) {     /* timeout: nothing, then the block's timeout completion */
		n = 0;
		struct cpl *c = &rk.q[tag][n++];
		memset(c, 0, sizeof(*c));
		c->la = (uint32_t)(start - HOST_BASE) & 0x7f;
		c->ec = 9;
		c->rc = 1;
	}
	if (fail) {
		op->err = 1;
		rk.errs++;
	}
	unsigned h = n, dcr = 0;
	for (unsigned i = 0; i < n; i++)
		dcr += cpl_credits(&rk.q[tag][i]);
	rk.cplh += h;
	rk.cpld += dcr;
	if (rk.cplh > rk.cplh_max)
		rk.cplh_max = rk.cplh;
	if (rk.cpld > rk.cpld_max)
		rk.cpld_max = rk.cpld;
	if (rk.cplh > PCIE_RD_CPLH || rk.cpld > PCIE_RD_CPLD)
		rd_violation("completion credits overrun", rk.cplh, rk.cpld);
	rk.live[tag] = 1;
	rk.op_of[tag] = rk.ri;
	rk.snap_off[tag] = (uint32_t)(addr - HOST_BASE);
	for (unsigned i = 0; i < 4 * dwc; i++)
		rk.snap[tag][i] = rk.snap_off[tag] + i < HOST_SIZE ? rd_src[rk.snap_off[tag] + i] : 0;
	rk.order[tag] = rk.reqs;
	rk.qn[tag] = n;
	rk.qh[tag] = 0;
	rk.due[tag] = cycle + rk.lat_min + (rk.lat_var ? rndr(rk.lat_var) : 0) + (fail == 3 ? 300 + rndr(300) : 0);
	if (!rk.t_rq_first)
		rk.t_rq_first = cycle;
	rk.next_off += len;
	if (rk.next_off == op->off + op->len) {
		rk.ri++;
		if (rk.ri < rk.n)
			rk.next_off = rk.ops[rk.ri].off;
	}
}

/* Dword si of a completion TLP of tag t (descriptor, then payload) */
static uint32_t cpl_dw(unsigned t, const struct cpl *c, unsigned si)
{
	uint32_t v = 0;
	if (si == 0)
		return c->la | c->ec << 12 | c->bc << 16 | c->rc << 30;
	if (si == 1)
		return c->ndw | c->st << 11 | c->poison << 14;
	if (si == 2)
		return t;
	uint32_t o = c->dw_off + 4 * (si - 3) - rk.snap_off[t];
	for (unsigned bb = 0; bb < 4; bb++)
		v |= (uint32_t)(o + bb < sizeof(rk.snap[0]) ? rk.snap[t][o + bb] : 0) << (8 * bb);
	return v;
}

/* the next completion to send: a ready tag's next one (the oldest tag's when
 * in order), if the link has delivered it (rk.pace) */
static int rc_pick(void)
{
	unsigned cand[256], nc = 0;
	if (rk.pace && rk.tokens < 0)
		return -1;
	for (unsigned t = 0; t < 256; t++)
		if (rk.live[t] && rk.qh[t] < rk.qn[t] && rk.due[t] <= cycle)
			cand[nc++] = t;
	if (!nc)
		return -1;
	unsigned s = cand[rndr(nc)];
	if (rk.in_order)
		for (unsigned i = 0; i < nc; i++)
			if (rk.order[cand[i]] < rk.order[s])
				s = cand[i];
	/* on the link: 3-Dword header, payload, 8 bytes of framing */
	rk.tokens -= 20 + 4 * (int)rk.q[s][rk.qh[s]].ndw;
	return (int)s;
}

/*
 * The RC beat on offer, built once and offered until taken, as the IP packs
 * it. Straddle off: one completion per beat run, from Dword 0, tlast on its
 * last beat, tkeep up to its last Dword, is_sop[0]/is_eop[0] with
 * is_eop0_ptr. Straddle on: the completions follow one another, each
 * starting at the next 4-Dword boundary (Dword 0, 4, 8 or 12, up to four a
 * beat) as soon as one is ready; tkeep all ones and tlast 0 (PG213), the
 * TLPs marked by is_sop[3:0]/is_eop[3:0] and their pointers.
 */
static struct {
	int have;
	uint32_t dw[16];
	uint16_t keep;
	int last;
	struct rc_user u;
	unsigned nend, end_tag[4], end_cr[4], end_rc[4];
} rb;

static void rc_build(void)
{
	unsigned pos = 0, nsop = 0, neop = 0;
	memset(&rb, 0, sizeof(rb));
	while (pos < 16) {
		if (!rk.sending) {
			if (!PCIE_STRADDLE && pos > 0)
				break;
			int t = rc_pick();
			if (t < 0)
				break;
			rk.sending = 1;
			rk.s_tag = (unsigned)t;
			rk.s_beat = 0;          /* the next Dword of the TLP */
			rb.u.sop_ptr[nsop++] = pos / 4;
		}
		const struct cpl *c = &rk.q[rk.s_tag][rk.qh[rk.s_tag]];
		unsigned total = 3 + c->ndw;
		while (pos < 16 && rk.s_beat < total) {
			rb.dw[pos] = cpl_dw(rk.s_tag, c, rk.s_beat++);
			rb.keep |= (uint16_t)(1u << pos);
			pos++;
		}
		if (rk.s_beat == total) {
			rb.u.eop_ptr[neop++] = pos - 1;
			rb.end_tag[rb.nend] = rk.s_tag;
			rb.end_cr[rb.nend] = cpl_credits(c);
			rb.end_rc[rb.nend++] = c->rc;
			rk.qh[rk.s_tag]++;
			rk.sending = 0;
	rb.have = 0;
			pos = (pos + 3) & ~3u;
			if (!PCIE_STRADDLE)
				break;
		}
	}
	if (pos == 0)
		return;
	for (unsigned i = 0; i < 16; i++)
		if (!((rb.keep >> i) & 1))
			rb.dw[i] = (uint32_t)rnd();
	rb.u.is_sop = (1u << nsop) - 1;
	rb.u.is_eop = (1u << neop) - 1;
	if (PCIE_STRADDLE) {
		rb.keep = 0xffff;
		rb.last = 0;
	} else {
		rb.last = neop != 0;
	}
	rb.have = 1;
}

/* the RC beat the model offers this cycle (valid, and fills the rest) */
static int rc_beat(uint32_t *dw, uint16_t *keep, int *last, struct rc_user *u)
{
	if (!rb.have)
		rc_build();
	if (!rb.have)
		return 0;
	memcpy(dw, rb.dw, sizeof(rb.dw));
	*keep = rb.keep;
	*last = rb.last;
	*u = rb.u;
	return 1;
}

/* it was taken: the completions that ended in it leave the buffer */
static void rc_sent(void)
{
	for (unsigned i = 0; i < rb.nend; i++) {
		rk.cplh -= 1;
		rk.cpld -= rb.end_cr[i];
		rk.cpls++;
		if (rb.end_rc[i])
			rk.live[rb.end_tag[i]] = 0;
	}
	rb.have = 0;
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
	rk.mrrs = 128u << mrrs_code;
	rk.sending = 0;
	rb.have = 0;
	rk.reqs = rk.cpls = rk.violations = rk.errs = 0;
	rk.out_bytes = rk.first_out = rk.last_out = 0;
	rk.t_rq_first = rk.t_rc_first = 0;
	pcie_rd_rtl_set_mrrs(rrtl, mrrs_code);

	while (rk.oi < n) {
		int rv = qi < n && !rndp(st->req_gap);
		pcie_rd_rtl_set_req(rrtl, rv, rv ? HOST_BASE + ops[qi].off : 0, rv ? ops[qi].len : 0);
		int rr = !rndp(st->rq_low);
		pcie_rd_rtl_set_rq_ready(rrtl, rr);
		uint16_t keep = 0;
		int last = 0;
		struct rc_user u;
		if (rk.pace && rk.tokens < 4 * 63)
			rk.tokens += 63;
		int cv = !rndp(st->rc_gap) && rc_beat(dw, &keep, &last, &u);
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
		if (rq_valid && rr)
			rd_request(&b);
		if (rc_go) {
			if (!rk.t_rc_first)
				rk.t_rc_first = cycle;
			rc_sent();
		}
		if (req_go)
			qi++;
		pcie_rd_rtl_tick(rrtl);
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
		rk.mps = ph == 1 ? 128 : 256;
		rk.rcb = ph == 2 ? 128 : 64;
		rk.p_err = 0.01;
		rk.lat_min = 20;
		rk.lat_var = 300;
		struct rd_stalls st = { 0.2, 0.2, 0.2, 0.2 };
		uint64_t cyc = rd_run(rops, n, mrrs_codes[ph], &st);
		uint32_t r1, t1, e1;
		pcie_rd_rtl_stats(rrtl, &r1, &t1, &e1);
		unsigned nerr = 0;
		for (unsigned i = 0; i < n; i++)
			nerr += rops[i].err;
		CHECK(r1 - reqs0 == n && t1 - tlps0 == rk.reqs && e1 - errs0 == nerr,
		      "read counters: %u reads, %u requests, %u errors; expected %u, %llu, %u", r1 - reqs0,
		      t1 - tlps0, e1 - errs0, n, (unsigned long long)rk.reqs, nerr);
		reqs0 = r1;
		tlps0 = t1;
		errs0 = e1;
		printf("random reads, MRRS %4u, RCB %u, completions up to %u: %u reads (%u failed), "
		       "%llu requests, %llu completions, %llu bytes in %llu cycles, credits at most "
		       "%u/%u headers %u/%u data, %llu violations\n",
		       128u << mrrs_codes[ph], rk.rcb, rk.mps, n, nerr, (unsigned long long)rk.reqs,
		       (unsigned long long)rk.cpls, (unsigned long long)rk.out_bytes,
		       (unsigned long long)cyc, rk.cplh_max, PCIE_RD_CPLH, rk.cpld_max, PCIE_RD_CPLD,
		       (unsigned long long)rk.violations);
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
		rk.mps = 256;
		rk.rcb = 256;
		rk.p_err = 0;
		rk.lat_min = cfg == 0 ? 100 : 250;
		rk.lat_var = 0;
		rk.in_order = cfg < 2;
		rk.pace = 1;
		rk.tokens = 0;
		struct rd_stalls st = { 0, 0, 0, 0 };
		rd_run(rops, n, 2, &st);
		rk.pace = 0;
		uint64_t span = rk.last_out - rk.first_out + 1;
		double bpc = (double)rk.out_bytes / (double)span;
		printf("throughput, 4 KiB reads, MRRS 512, 256-byte completions %s at the link's rate, "
		       "latency %u cycles, RC straddle %s: %llu bytes in %llu cycles: %.2f B/cycle = "
		       "%.2f GB/s at 250 MHz, %.1f%% of the 58.4 B/cycle TLP limit\n",
		       rk.in_order ? "in order" : "interleaved at random", rk.lat_min,
		       PCIE_STRADDLE ? "on" : "off", (unsigned long long)rk.out_bytes,
		       (unsigned long long)span, bpc, bpc * 0.25, 100.0 * bpc / (256.0 / 276 * 63));
		CHECK(rk.violations == 0, "violations in the read throughput phase");
		free(rops);
	}
	rk.in_order = 0;
	/* latency: one 64-byte read on an idle engine, the model answering at once */
	{
		struct rd_op op;
		rd_make(&op, 4096 * 7, 64);
		rk.lat_min = 0;
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
	ck.mps = 256;
	ck.in_tlp = 0;
	ck.tlps = ck.bytes = ck.violations = 0;
	ck.seq_head = ck.seq_tail = 0;
	ck.dones_expected = 0;
	unsigned saved_base = cmd_base;
	cmd_base = 0;
	rk.ops = rops;
	rk.n = nr;
	rk.ri = rk.oi = rk.obeat = 0;
	rk.next_off = nr ? rops[0].off : 0;
	rk.mrrs = 512;
	rk.mps = 256;
	rk.rcb = 64;
	rk.p_err = 0;
	rk.lat_min = 20;
	rk.lat_var = 200;
	rk.in_order = 0;
	rk.sending = 0;
	rb.have = 0;
	rk.reqs = rk.cpls = rk.violations = rk.errs = 0;
	rk.out_bytes = rk.first_out = rk.last_out = 0;
	rd_src = act_mem;

	unsigned head = 0, wacc = 0, di = 0, bi = 0;
	uint64_t dones = 0, idle = 0, start = cycle;
	while (ck.ci < nw || rk.oi < nr || ck.seq_head != ck.seq_tail) {
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
		int v0 = 0, v1 = 0;
		unsigned s0 = 0, s1 = 0;
		if (ck.seq_head != ck.seq_tail && ck.seq_due[ck.seq_head % 4096] <= cycle) {
			v0 = 1;
			s0 = ck.seq_q[ck.seq_head++ % 4096];
		}
		pcie_top_rtl_set_seq(t, v0, s0, v1, s1);
		uint16_t rkeep = 0;
		int rlast = 0;
		struct rc_user ru;
		int cv = !rndp(0.2) && rc_beat(dw, &rkeep, &rlast, &ru);
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
		if (ck.in_tlp && !rq_valid)
			violation("tvalid fell inside a TLP", 0, 0);
		dones += pcie_top_rtl_wr_done(t);
		if (rq_valid && rr) {
			unsigned type = (b.data[9] >> 3 | b.data[10] << 5) & 0xf;
			if (!ck.in_tlp && type == 0)
				rd_request(&b);
			else
				rq_beat(&b);
		}
		if (rc_go)
			rc_sent();
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
	       "%llu write TLPs, %llu read requests in %llu cycles, %llu + %llu violations\n",
	       nw, nr, (unsigned long long)ck.tlps, (unsigned long long)rk.reqs,
	       (unsigned long long)(cycle - start), (unsigned long long)ck.violations,
	       (unsigned long long)rk.violations);
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
	return tb_finish("tb_pcie");
}
