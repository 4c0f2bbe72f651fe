/* SPDX-License-Identifier: MIT */
/*
 * The whole adapter, hpnic_pcie: the DMA traffic of the both-engine phase
 * (the RQ/RC model of tb_pcie.c, which includes this file) with, at the same
 * time, host BAR accesses on CQ/CC and interrupts through MSI-X.
 *
 * The host side of the model (the block's completer side):
 * - BAR reads and writes as the block presents them on CQ (Dword-aligned,
 *   straddle off): BAR0 (32 MiB at 0xf6000000) one-Dword reads and writes,
 *   some with partial or zero byte enables; BAR2 (64 KiB, 64-bit) reads
 *   and writes of the MSI-X table and PBA; and bad requests (other BARs,
 *   I/O, two and more Dwords, atomics, locked reads, configuration reads,
 *   messages, a discontinued write, a write cut short, a translated read, a
 *   read whose TLP runs on past its descriptor), tvalid gaps everywhere.
 * - CC checked in order against the non-posted requests: tag, requester
 *   ID, lower address, byte count, Dword count, status (UR where PCIe wants
 *   one), address type, TC, attributes, data, tkeep/tlast/tuser.
 * - The core's CSR port: each request checked in order against the BAR0
 *   accesses that must reach it (address, write, data), random ready and
 *   response latency, random read data that the completion must carry.
 * - MSI-X: the table written by the host (vectors 0..15 carry interrupts,
 *   16..31 are storage for random writes with any byte enables, read back
 *   exactly); the block's cfg_interrupt_msix handshake with sent or fail
 *   after 1..30 cycles; each message checked: its vector raised and not
 *   sent since, its address and data those of the table, not masked (by a
 *   mask write a later completion proves applied, or by the function mask
 *   or enable for 4 cycles and more), one at a time. Vectors beyond the
 *   table are raised too (dropped and counted). An interrupt must not pass
 *   a DMA write taken before it: each message is checked against the write
 *   commands whose sequence numbers have come back, which must include those
 *   taken before the first interrupt of its vector since its last message
 *   (later ones may be merged into it).
 * - At the end every raised vector must be delivered once unmasked, and the
 *   PBA must show exactly the masked vectors raised (vector and function
 *   mask), then nothing once they are unmasked.
 */

#include "pcie_hp_rtl.h"

#define HP_VECTORS 32
#define HP_LIVE 16
#define BAR0_BASE 0x00000000f6000000ull
#define BAR2_BASE 0x000000a000010000ull

struct hp_cpl {                 /* an expected completion */
	unsigned la, at, bc, ndw, st, rid, tag, tc, attr;
	int csr;                    /* data from the CSR port, not known yet */
	int filled;
	int pba;                    /* a PBA read in the random phase: loose check */
	uint64_t issued;
	uint32_t data, data2;        /* data2: a QWORD read's second Dword */
	unsigned seq;
};

struct hp_csr {                 /* an expected CSR port request */
	uint32_t addr, wdata;
	int write;
	unsigned cpl;               /* for a read: its completion's index */
};

struct hp_hop {                 /* an explicit BAR2 access of the end phases */
	int write;
	uint32_t off, val;
	unsigned be;
	int pba_exact;
	uint32_t pba_expect;
};

#define HP_Q 4096

static struct {
	struct pcie_hp_rtl *t;
	/* CQ sender */
	struct cq_beat beats[3];
	unsigned nbeats, bi;
	int have_tlp;
	unsigned seq;                /* CQ requests so far */
	/* expectations */
	struct hp_cpl cq[HP_Q];
	unsigned c_head, c_tail;
	struct hp_csr sq[HP_Q];
	unsigned s_head, s_tail;
	struct hp_hop hq[256];
	unsigned h_head, h_tail;
	uint64_t ex_rd, ex_wr, ex_ur, ex_drop, ex_partial, ex_bad_irq, ex_qw;
	unsigned conf_seq;           /* the last request whose completion came back */
	/* CSR target */
	int rsp_valid;
	uint32_t rsp_data;
	uint64_t rsp_due;
	int rsp_wait;                /* a read taken, its response not yet given */
	uint32_t csr_mem_seed;
	/* MSI-X model */
	uint32_t tbl[HP_VECTORS][4];
	int mask_now[HP_VECTORS];
	unsigned mask_seq[HP_VECTORS];
	int want[HP_VECTORS];
	uint64_t first_mark[HP_VECTORS]; /* writes its next message must wait for */
	/* the adapter's waiting request: taken, merged into, handed on */
	int slot_valid;
	unsigned slot_vec;
	uint64_t slot_mark;
	uint32_t passed;
	uint64_t last_sent[HP_VECTORS];
	int en, fmask;
	uint64_t blocked_since;      /* when the function was last disabled or masked; 0: not */
	unsigned ans_vec;           /* the message the model's answer is for */
	int irq_valid;
	unsigned irq_vec;
	uint64_t irq_mark;
	int irq_on;                  /* the table is set up: raise interrupts */
	uint64_t raised, sent, fails, bad_raised, irq_waited;
	uint64_t violations;
	uint64_t cpls, csr_ops;
	/* DMA side (the both-engine phase's traffic) */
	uint64_t dones, wacc_total;
} hp;

static void hp_violation(const char *what, unsigned long long a, unsigned long long b)
{
	hp.violations++;
	CHECK(0, "cycle %llu, BAR/MSI-X: %s (0x%llx, %llu)", (unsigned long long)cycle, what, a, b);
}

static unsigned be_lead(unsigned be)
{
	for (unsigned i = 0; i < 4; i++)
		if ((be >> i) & 1)
			return i;
	return 0;
}

static unsigned be_hi(unsigned be)
{
	for (int i = 3; i >= 0; i--)
		if ((be >> i) & 1)
			return (unsigned)i;
	return 0;
}

/* byte count of a memory read (PCIe's table for the first completion) */
static unsigned mrd_bc(unsigned dwc, unsigned fbe, unsigned lbe)
{
	if (dwc == 1)
		return fbe ? be_hi(fbe) - be_lead(fbe) + 1 : 1;
	return 4 * dwc - be_lead(fbe) - (3 - be_hi(lbe));
}

/* build one request TLP into hp.beats (pcie_model_cq_tlp: the block's CQ format) */
static void hp_tlp(uint64_t addr, unsigned at, unsigned dwc, unsigned type, unsigned bar,
		   unsigned fbe, unsigned lbe, unsigned rid, unsigned tag, unsigned tc, unsigned attr,
		   const uint32_t *payload, unsigned npay)
{
	struct pcie_cq_tlp q = {
		.addr = addr, .at = at, .dwc = dwc, .type = type, .bar = bar,
		.aperture = bar == 0 ? 25 : 16, .fbe = fbe, .lbe = lbe, .rid = rid, .tag = tag,
		.tc = tc, .attr = attr, .payload = payload, .npay = npay,
	};
	hp.nbeats = pcie_model_cq_tlp(pm, &q, hp.beats, 3);
	hp.bi = 0;
	hp.have_tlp = 1;
	hp.seq++;
}

static struct hp_cpl *hp_expect_cpl(unsigned la, unsigned at, unsigned bc, unsigned ndw, unsigned st,
				    unsigned rid, unsigned tag, unsigned tc, unsigned attr)
{
	struct hp_cpl *c = &hp.cq[hp.c_tail % HP_Q];
	memset(c, 0, sizeof(*c));
	c->la = la;
	c->at = at;
	c->bc = bc;
	c->ndw = ndw;
	c->st = st;
	c->rid = rid;
	c->tag = tag;
	c->tc = tc;
	c->attr = attr;
	c->filled = 1;
	c->issued = cycle;
	c->seq = hp.seq;
	hp.c_tail++;
	return c;
}

/* the model's value of a BAR2 Dword */
static uint32_t hp_bar2_value(uint32_t off)
{
	if (off < 0x8000) {
		unsigned v = off / 16, d = (off / 4) % 4;
		if (v >= HP_VECTORS)
			return 0;
		return d == 3 ? (uint32_t)hp.mask_now[v] : hp.tbl[v][d];
	}
	return 0;                   /* the PBA is checked separately */
}

static void hp_bar2_write(uint32_t off, uint32_t val, unsigned be)
{
	if (off >= 0x8000 || off / 16 >= HP_VECTORS)
		return;
	unsigned v = off / 16, d = (off / 4) % 4;
	if (d == 3) {
		if (be & 1) {
			hp.mask_now[v] = val & 1;
			hp.mask_seq[v] = hp.seq;
		}
		return;
	}
	for (unsigned i = 0; i < 4; i++)
		if ((be >> i) & 1)
			hp.tbl[v][d] = (hp.tbl[v][d] & ~(0xffu << 8 * i)) | (val & 0xffu << 8 * i);
}

/* an aligned QWORD to BAR2 (off 8-aligned): two Dwords, all enables */
static void hp_bar2_qw(int write, uint32_t off, uint32_t v0, uint32_t v1)
{
	unsigned rid = rndr(65536), tag = rndr(256), tc = rndr(8), attr = rndr(8);
	uint32_t pay[2] = { v0, v1 };
	hp_tlp(BAR2_BASE + off, 0, 2, write ? 1 : 0, 2, 15, 15, rid, tag, tc, attr, pay, write ? 2 : 0);
	hp.ex_qw++;
	if (write) {
		hp_bar2_write(off, v0, 15);
		hp_bar2_write(off + 4, v1, 15);
		hp.ex_wr++;
		return;
	}
	struct hp_cpl *c = hp_expect_cpl(off & 0x7c, 0, 8, 2, 0, rid, tag, tc, attr);
	if (off == 0x8000)
		c->pba = 1;
	c->data = hp_bar2_value(off);
	c->data2 = hp_bar2_value(off + 4);
	hp.ex_rd++;
}

/* a BAR2 access: write, read (exact), or a PBA read */
static void hp_bar2(int write, uint32_t off, uint32_t val, unsigned be, int pba_exact, uint32_t pba_expect)
{
	unsigned rid = rndr(65536), tag = rndr(256), tc = rndr(8), attr = rndr(8);
	uint32_t pay[1] = { val };
	hp_tlp(BAR2_BASE + off, 0, 1, write ? 1 : 0, 2, be, 0, rid, tag, tc, attr, pay, write ? 1 : 0);
	if (write) {
		hp_bar2_write(off, val, be);
		hp.ex_wr++;
		return;
	}
	struct hp_cpl *c = hp_expect_cpl((off & 0x7c) | be_lead(be), 0, mrd_bc(1, be, 0), 1, 0, rid, tag, tc, attr);
	if (off >= 0x8000 && off < 0x8004 && !pba_exact) {
		c->pba = 1;
	} else if (off >= 0x8000) {
		c->data = off < 0x8004 ? pba_expect : 0;
	} else {
		c->data = hp_bar2_value(off);
	}
	hp.ex_rd++;
}

/* one random request of the random phase */
static void hp_random_req(void)
{
	unsigned rid = rndr(65536), tag = rndr(256), tc = rndr(8), attr = rndr(8);
	uint32_t pay[44];
	for (unsigned i = 0; i < 44; i++)
		pay[i] = (uint32_t)rnd();
	unsigned r = rndr(100);
	uint32_t off0 = rndr(1u << 23) * 4;                 /* a BAR0 Dword */
	if (r < 30) {                                       /* BAR0 read */
		unsigned fbe = rndp(0.7) ? 15 : rndr(16);
		hp_tlp(BAR0_BASE + off0, 0, 1, 0, 0, fbe, 0, rid, tag, tc, attr, NULL, 0);
		struct hp_cpl *c = hp_expect_cpl((off0 & 0x7c) | be_lead(fbe), 0, mrd_bc(1, fbe, 0), 1, 0, rid,
						 tag, tc, attr);
		if (fbe) {
			c->csr = 1;
			c->filled = 0;
			struct hp_csr *s = &hp.sq[hp.s_tail++ % HP_Q];
			s->addr = off0;
			s->write = 0;
			s->wdata = 0;
			s->cpl = hp.c_tail - 1;
		} else {
			c->data = 0;        /* zero-length read: the register is not read */
		}
		hp.ex_rd++;
	} else if (r < 60) {                                /* BAR0 write */
		unsigned fbe = rndp(0.85) ? 15 : rndr(15);
		hp_tlp(BAR0_BASE + off0, 0, 1, 1, 0, fbe, 0, rid, tag, tc, attr, pay, 1);
		if (fbe == 15) {
			struct hp_csr *s = &hp.sq[hp.s_tail++ % HP_Q];
			s->addr = off0;
			s->write = 1;
			s->wdata = pay[0];
			hp.ex_wr++;
		} else {
			hp.ex_partial++;
		}
	} else if (r < 80) {                                /* BAR2 */
		unsigned k = rndr(12);
		if (k == 10) {      /* a QWORD write: storage vectors, or outside */
			uint32_t off = rndp(0.8) ? (HP_LIVE + rndr(HP_VECTORS - HP_LIVE)) * 16 + rndr(2) * 8
						 : 0x8000 + rndr(0x1000) * 8;
			hp_bar2_qw(1, off, pay[0], pay[1]);
		} else if (k == 11) { /* a QWORD read: anywhere in the table, the PBA */
			hp_bar2_qw(0, rndp(0.8) ? rndr(HP_VECTORS) * 16 + rndr(2) * 8 : 0x8000, 0, 0);
		} else if (k < 3) { /* storage vectors: any Dword, any enables */
			uint32_t off = (HP_LIVE + rndr(HP_VECTORS - HP_LIVE)) * 16 + rndr(4) * 4;
			hp_bar2(1, off, pay[0], rndp(0.5) ? 15 : rndr(16), 0, 0);
		} else if (k < 5) { /* a live vector's mask */
			hp_bar2(1, rndr(HP_LIVE) * 16 + 12, (pay[0] & ~1u) | rndp(0.4), 15, 0, 0);
		} else if (k < 8) { /* read any table Dword */
			hp_bar2(0, rndr(HP_VECTORS) * 16 + rndr(4) * 4, 0, rndp(0.8) ? 15 : rndr(16), 0, 0);
		} else if (k < 9) { /* the PBA */
			hp_bar2(0, 0x8000, 0, 15, 0, 0);
		} else {            /* outside the table and PBA: reads 0, writes ignored */
			uint32_t off = rndp(0.5) ? (HP_VECTORS * 16 + rndr(0x8000 - HP_VECTORS * 16)) & ~3u
						 : 0x8004 + rndr(0x7ffc / 4) * 4;
			hp_bar2(rndp(0.5), off, pay[0], 15, 0, 0);
		}
	} else {                                            /* bad requests */
		unsigned k = rndr(15), bar = rndp(0.5) ? 1 + rndr(2) * 2 : 4 + rndr(2);
		unsigned fbe = 1 + rndr(15), lbe = 1 + rndr(15);
		uint64_t a0 = BAR0_BASE + off0;
		switch (k) {
		case 0:     /* memory read, another BAR */
			hp_tlp(a0, 0, 1, 0, bar, fbe, 0, rid, tag, tc, attr, NULL, 0);
			hp_expect_cpl((off0 & 0x7c) | be_lead(fbe), 0, mrd_bc(1, fbe, 0), 0, 1, rid, tag, tc, attr);
			hp.ex_ur++;
			break;
		case 1:     /* memory write, another BAR */
			hp_tlp(a0, 0, 1, 1, bar, 15, 0, rid, tag, tc, attr, pay, 1);
			hp.ex_drop++;
			break;
		case 2:     /* I/O read */
		case 13:    /* configuration read (type 0) */
			hp_tlp(off0, 0, 1, k == 2 ? 2 : 8, 0, fbe, 0, rid, tag, tc, attr, NULL, 0);
			hp_expect_cpl(0, 0, 4, 0, 1, rid, tag, tc, attr);
			hp.ex_ur++;
			break;
		case 3:     /* I/O write: non-posted */
			hp_tlp(off0, 0, 1, 3, 0, fbe, 0, rid, tag, tc, attr, pay, 1);
			hp_expect_cpl(0, 0, 4, 0, 1, rid, tag, tc, attr);
			hp.ex_ur++;
			break;
		case 4: {   /* memory read of 2..1024 Dwords */
			unsigned n = rndp(0.5) ? 2 : 2 + rndr(1023);
			unsigned b2 = rndr(2) * 2;
			uint64_t a = a0;
			if (b2 && n == 2) {     /* to BAR2: misaligned or partial (else a valid QWORD) */
				if (rndp(0.5))
					a |= 4;
				else if (fbe == 15 && lbe == 15)
					lbe = 7;
			}
			hp_tlp(a, 0, n, 0, b2, fbe, lbe, rid, tag, tc, attr, NULL, 0);
			hp_expect_cpl(((uint32_t)a & 0x7c) | be_lead(fbe), 0, mrd_bc(n, fbe, lbe), 0, 1, rid, tag,
				      tc, attr);
			hp.ex_ur++;
			break;
		}
		case 5:     /* memory write of 2 Dwords: to BAR0, or a misaligned QWORD to BAR2 */
			if (rndp(0.5))
				hp_tlp(a0, 0, 2, 1, 0, 15, 15, rid, tag, tc, attr, pay, 2);
			else
				hp_tlp(a0 | 4, 0, 2, 1, 2, 15, 15, rid, tag, tc, attr, pay, 2);
			hp.ex_drop++;
			break;
		case 6: {   /* memory write of 20..40 Dwords: two or three beats */
			unsigned n = 20 + rndr(21);
			hp_tlp(a0, 0, n, 1, rndr(2) * 2, 15, 15, rid, tag, tc, attr, pay, n);
			hp.ex_drop++;
			break;
		}
		case 7:     /* atomics: fetch-add, swap, compare-and-swap */
			hp_tlp(a0, 0, 2, 4 + rndr(3), 0, 15, 15, rid, tag, tc, attr, pay, 2);
			hp_expect_cpl(0, 0, 4, 0, 1, rid, tag, tc, attr);
			hp.ex_ur++;
			break;
		case 8:     /* locked read */
			hp_tlp(a0, 0, 1, 7, 0, fbe, 0, rid, tag, tc, attr, NULL, 0);
			hp_expect_cpl(0, 0, 4, 0, 1, rid, tag, tc, attr);
			hp.ex_ur++;
			break;
		case 9:     /* messages: posted */
			hp_tlp(0, 0, rndp(0.5) ? 0 : 2, 12 + rndr(2), 0, 0, 0, rid, tag, tc, attr, pay,
			       rndp(0.5) ? 0 : 2);
			hp.ex_drop++;
			break;
		case 10:    /* a discontinued write */
			hp_tlp(a0, 0, 1, 1, 0, 15, 0, rid, tag, tc, attr, pay, 1);
			hp.beats[0].discontinue = 1;
			hp.ex_drop++;
			break;
		case 11:    /* a one-Dword write cut short: tlast on the descriptor */
			hp_tlp(a0, 0, 1, 1, 0, 15, 0, rid, tag, tc, attr, NULL, 0);
			hp.ex_drop++;
			break;
		case 12:    /* a translated read */
			hp_tlp(a0, 2, 1, 0, 0, fbe, 0, rid, tag, tc, attr, NULL, 0);
			hp_expect_cpl((off0 & 0x7c) | be_lead(fbe), 2, mrd_bc(1, fbe, 0), 0, 1, rid, tag, tc, attr);
			hp.ex_ur++;
			break;
		default:    /* a read whose TLP does not end with its descriptor */
			hp_tlp(a0, 0, 1, 0, 0, fbe, 0, rid, tag, tc, attr, pay, 16 + rndr(20));
			hp_expect_cpl((off0 & 0x7c) | be_lead(fbe), 0, mrd_bc(1, fbe, 0), 0, 1, rid, tag, tc, attr);
			hp.ex_ur++;
			break;
		}
	}
}

static void hp_cc_beat(const struct cc_beat *b)
{
	if (hp.c_head == hp.c_tail) {
		hp_violation("a completion nobody asked for", b->dw[0], b->dw[2]);
		return;
	}
	struct hp_cpl *c = &hp.cq[hp.c_head % HP_Q];
	uint32_t d0 = b->dw[0], d1 = b->dw[1], d2 = b->dw[2];
	if ((d2 & 0xff) != c->tag || (d1 >> 16) != c->rid)
		hp_violation("completion tag / requester ID", d2 & 0xff, c->tag);
	if ((d0 & 0x7f) != c->la || ((d0 >> 8) & 3) != c->at)
		hp_violation("completion lower address / address type", d0 & 0x7f, c->la);
	if (((d0 >> 16) & 0x1fff) != c->bc)
		hp_violation("completion byte count", (d0 >> 16) & 0x1fff, c->bc);
	if ((d1 & 0x7ff) != c->ndw || ((d1 >> 11) & 7) != c->st)
		hp_violation("completion Dword count / status", d1 & 0x3fff, c->ndw | c->st << 11);
	if (((d2 >> 25) & 7) != c->tc || ((d2 >> 28) & 7) != c->attr)
		hp_violation("completion TC / attributes", d2 >> 25, c->tc | c->attr << 3);
	if ((d0 & 0xe000fc80u) || (d1 & 0xc000u) || (d2 & 0x81000000u))
		hp_violation("completion descriptor: reserved, locked, poisoned, completer ID enable or ECRC set",
			     d0, d2);
	if (b->keep != (1u << (3 + c->ndw)) - 1 || !b->last || b->is_sop != 1 || b->is_eop != 1 ||
	    b->eop_ptr != 2 + c->ndw || b->discontinue || b->user_rest)
		hp_violation("completion tkeep / tlast / tuser", b->keep, b->eop_ptr);
	if (c->ndw) {
		if (c->pba) {
			/* a set bit: its vector raised and pending at some point since the request */
			uint32_t v = b->dw[3];
			for (unsigned i = 0; i < 32; i++)
				if ((v >> i) & 1 && !(i < HP_VECTORS && (hp.want[i] || hp.last_sent[i] >= c->issued)))
					hp_violation("PBA bit of a vector not pending", i, v);
		} else if (!c->filled || b->dw[3] != c->data) {
			hp_violation("completion data", b->dw[3], c->data);
		}
		if (c->ndw == 2 && b->dw[4] != c->data2)
			hp_violation("completion data, second Dword", b->dw[4], c->data2);
	}
	hp.conf_seq = c->seq;
	hp.c_head++;
	hp.cpls++;
}

/* the core's CSR port: a request taken */
static void hp_csr_req(uint32_t addr, int write, uint32_t wdata)
{
	if (hp.s_head == hp.s_tail) {
		hp_violation("a CSR request nobody sent", addr, write);
		return;
	}
	struct hp_csr *s = &hp.sq[hp.s_head++ % HP_Q];
	if (addr != s->addr || write != s->write || (write && wdata != s->wdata))
		hp_violation("CSR request: address / write / data", addr, s->addr);
	hp.csr_ops++;
	if (!write) {
		hp.rsp_wait = 1;
		hp.rsp_data = (uint32_t)rnd();
		hp.rsp_due = cycle + 1 + (rndp(0.5) ? 0 : rndr(20));
		struct hp_cpl *c = &hp.cq[s->cpl % HP_Q];
		c->data = hp.rsp_data;
		c->filled = 1;
	}
}

/* the DMA traffic, as in mix_tests */
static struct {
	unsigned n, nw, nr, head, wacc, di, bi;
	int *is_wr, *barrier;
	unsigned *w_before, *r_before;
	struct cmd *wc;
	struct rd_op *rops;
} hd;

static void hp_dma_setup(unsigned nops)
{
	unsigned n = nops & ~1u;
	int used[MIX_REGIONS];
	memset(&hd, 0, sizeof(hd));
	hd.n = n;
	hd.is_wr = calloc(n ? n : 1, sizeof(int));
	hd.barrier = calloc(n ? n : 1, sizeof(int));
	hd.w_before = calloc(n ? n : 1, sizeof(unsigned));
	hd.r_before = calloc(n ? n : 1, sizeof(unsigned));
	hd.wc = calloc(n ? n : 1, sizeof(*hd.wc));
	hd.rops = calloc(n ? n : 1, sizeof(*hd.rops));
	if (!hd.is_wr || !hd.barrier || !hd.w_before || !hd.r_before || !hd.wc || !hd.rops)
		exit(1);
	for (unsigned k = 0; k < n; k += 2) {
		if ((k / 2) % MIX_EPOCH == 0) {
			memset(used, 0, sizeof(used));
			hd.barrier[k] = 1;
		}
		unsigned r;
		do
			r = rndr(MIX_REGIONS);
		while (used[r]);
		used[r] = 1;
		unsigned len = 1 + rndr(rndp(0.5) ? 256 : MIX_REGION);
		uint32_t off = r * MIX_REGION + rndr(MIX_REGION - len + 1);
		hd.w_before[k] = hd.nw;
		hd.r_before[k] = hd.nr;
		hd.is_wr[k] = 1;
		make_cmd(&hd.wc[hd.nw++], len, off, rndp(0.5) ? 0 : rndr(64));
		unsigned rlen = 1 + rndr(len);
		uint32_t roff = off + rndr(len - rlen + 1);
		if (rndp(0.3)) {
			rlen = 1 + rndr(MIX_REGION);
			roff = r * MIX_REGION + rndr(MIX_REGION - rlen + 1);
		}
		hd.w_before[k + 1] = hd.nw;
		hd.r_before[k + 1] = hd.nr;
		struct rd_op *op = &hd.rops[hd.nr++];
		rd_make(op, roff, rlen);
		op->expect = malloc(rlen);
		if (!op->expect)
			exit(1);
		memcpy(op->expect, ref_mem + roff, rlen);
	}
	ck.cmds = hd.wc;
	ck.n = hd.nw;
	ck.ci = 0;
	ck.next_off = hd.nw ? hd.wc[0].off : 0;
	ck.tlps = ck.bytes = ck.violations = 0;
	ck.dones_expected = 0;
	cmd_base = 0;
	rk.ops = hd.rops;
	rk.n = hd.nr;
	rk.ri = rk.oi = rk.obeat = 0;
	rk.next_off = hd.nr ? hd.rops[0].off : 0;
	rk.violations = 0;
	rk.out_bytes = rk.first_out = rk.last_out = 0;
	model_msix_lat = 30;            /* sent or fail 1..30 cycles after, 10 % fail */
	model_msix_fail = 0.1;
	model_new(256, 512, 64, 0, 20, 200, 0, 0);
	rd_src = act_mem;
}

static void hp_dma_free(void)
{
	for (unsigned i = 0; i < hd.nr; i++)
		free(hd.rops[i].expect);
	free_cmds(hd.wc, hd.nw);
	free(hd.wc);
	free(hd.rops);
	free(hd.is_wr);
	free(hd.barrier);
	free(hd.w_before);
	free(hd.r_before);
	rd_src = ref_mem;
}

static int hp_dma_busy(void)
{
	return ck.ci < hd.nw || rk.oi < hd.nr || !pcie_model_idle(pm);
}

/*
 * One cycle of everything. bar_left: random BAR requests still to make;
 * irq_p: the chance of raising an interrupt in a cycle. Returns 1 if
 * something moved.
 */
static int hp_step(uint64_t *bar_left, double irq_p, int cfg_flips)
{
	struct pcie_hp_rtl *t = hp.t;
	uint8_t beat[64], data[64];
	uint32_t dw[16];
	int moved = 0;

	/* ---- DMA inputs ---- */
	int wv = 0, rv = 0;
	int blocked = hd.head < hd.n && hd.barrier[hd.head] &&
		      (ck.ci < hd.w_before[hd.head] || rk.oi < hd.r_before[hd.head]);
	if (hd.head < hd.n && !blocked && !rndp(0.2)) {
		if (hd.is_wr[hd.head])
			wv = 1;
		else
			rv = 1;
	}
	struct cmd *hw = wv ? &hd.wc[hd.wacc] : NULL;
	struct rd_op *hr = rv ? &hd.rops[hd.head - hd.wacc] : NULL;
	pcie_hp_rtl_set_wreq(t, wv, wv ? HOST_BASE + hw->off : 0, wv ? hw->len : 0);
	pcie_hp_rtl_set_rreq(t, rv, rv ? HOST_BASE + hr->off : 0, rv ? hr->len : 0);
	int dv = hd.di < hd.wacc && !rndp(0.2);
	uint64_t keep = 0;
	int last = 0;
	if (dv) {
		struct cmd *c = &hd.wc[hd.di];
		unsigned v0 = 64 * hd.bi, vend = c->f + c->len;
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
	pcie_hp_rtl_set_wr(t, dv, dv ? beat : NULL, keep, last);
	int rr = !rndp(0.2);
	pcie_hp_rtl_set_rq_ready(t, rr);
	int v0, v1;
	unsigned s0, s1;
	pcie_model_seq(pm, &v0, &s0, &v1, &s1);
	pcie_hp_rtl_set_seq(t, v0, s0, v1, s1);
	uint16_t rkeep;
	int rlast;
	struct rc_user ru;
	int cv = rc_offer(0.2, dw, &rkeep, &rlast, &ru);
	pcie_hp_rtl_set_rc(t, cv, cv ? dw : NULL, rkeep, rlast, cv ? &ru : NULL);
	int or_ = !rndp(0.2);
	pcie_hp_rtl_set_cpl_ready(t, or_);

	/* ---- CQ ---- */
	if (!hp.have_tlp) {
		if (hp.h_head != hp.h_tail) {
			struct hp_hop *h = &hp.hq[hp.h_head++ % 256];
			hp_bar2(h->write, h->off, h->val, h->be, h->pba_exact, h->pba_expect);
		} else if (*bar_left) {
			hp_random_req();
			(*bar_left)--;
		}
	}
	int qv = hp.have_tlp && !rndp(0.25);
	pcie_hp_rtl_set_cq(t, qv, qv ? &hp.beats[hp.bi] : NULL);
	int ccr = !rndp(0.3);
	pcie_hp_rtl_set_cc_ready(t, ccr);

	/* ---- CSR target ---- */
	int csr_r = !rndp(0.4) && !hp.rsp_wait;
	pcie_hp_rtl_set_csr_ready(t, csr_r);
	int rsp_v = hp.rsp_wait && cycle >= hp.rsp_due;
	pcie_hp_rtl_set_csr_rsp(t, rsp_v, rsp_v ? hp.rsp_data : (uint32_t)rnd());

	/* ---- interrupts ---- */
	int irq_new = 0;
	if (!hp.irq_valid && hp.irq_on && rndp(irq_p)) {
		hp.irq_valid = 1;
		irq_new = 1;
		hp.irq_vec = rndp(0.05) ? HP_VECTORS + rndr(2048 - HP_VECTORS) : rndr(HP_LIVE);
	}
	pcie_hp_rtl_set_irq(t, hp.irq_valid, hp.irq_vec);
	if (cfg_flips && rndp(0.0005)) {
		if (rndp(0.3))
			hp.en = !hp.en;
		else
			hp.fmask = !hp.fmask;
	}
	if (cfg_flips && (!hp.en || hp.fmask) && rndp(0.01)) {    /* not for long */
		hp.en = 1;
		hp.fmask = 0;
	}
	int blocked_now = !hp.en || hp.fmask;
	if (blocked_now && !hp.blocked_since)
		hp.blocked_since = cycle;
	else if (!blocked_now)
		hp.blocked_since = 0;
	pcie_hp_rtl_set_msix_cfg(t, hp.en, hp.fmask);
	int a_sent, a_fail;
	pcie_model_msix_ans(pm, &a_sent, &a_fail);
	pcie_hp_rtl_set_msix_ans(t, a_sent, a_fail);

	/* ---- outputs ---- */
	int wreq_go = wv && pcie_hp_rtl_wreq_ready(t);
	int rreq_go = rv && pcie_hp_rtl_rreq_ready(t);
	int wr_go = dv && pcie_hp_rtl_wr_ready(t);
	struct rq_beat b;
	int rq_valid = pcie_hp_rtl_rq(t, &b);
	int rc_go = cv && pcie_hp_rtl_rc_ready(t);
	uint64_t okeep;
	int olast, ouser;
	int ov = pcie_hp_rtl_cpl(t, data, &okeep, &olast, &ouser);
	unsigned done_now = pcie_hp_rtl_wr_done(t);
	int cq_go = qv && pcie_hp_rtl_cq_ready(t);
	struct cc_beat ccb;
	int cc_v = pcie_hp_rtl_cc(t, &ccb);
	uint32_t caddr, cwdata;
	int cwrite;
	int csr_v = pcie_hp_rtl_csr(t, &caddr, &cwrite, &cwdata);
	int rsp_go = rsp_v && pcie_hp_rtl_csr_rsp_ready(t);
	/* the adapter handed its waiting request on at the last edge: the
	 * vector counts as raised from there (its message must still wait for
	 * the writes taken before the last request merged into it) */
	uint32_t passed = pcie_hp_rtl_irq_passed(t);
	if (passed != hp.passed) {
		hp.passed = passed;
		if (!hp.slot_valid) {
			hp_violation("interrupt request handed on with none waiting", passed, 0);
		} else if (hp.slot_vec < HP_VECTORS) {
			if (!hp.want[hp.slot_vec] || hp.first_mark[hp.slot_vec] < hp.slot_mark)
				hp.first_mark[hp.slot_vec] = hp.slot_mark;
			hp.want[hp.slot_vec] = 1;
		}
		hp.slot_valid = 0;
	}
	int irq_go = hp.irq_valid && pcie_hp_rtl_irq_ready(t);
	uint64_t maddr;
	uint32_t mdata;
	int mint = pcie_hp_rtl_msix_int(t, &maddr, &mdata);

	rq_cycle(rq_valid, rr, &b);
	if (rq_valid && rr)
		moved = 1;
	if (rc_go)
		pcie_model_rc_taken(pm);
	if (ov && or_) {
		rd_out_beat(data, okeep, olast, ouser);
		moved = 1;
	}
	if (wreq_go) {
		hd.head++;
		hd.wacc++;
	}
	if (rreq_go)
		hd.head++;
	/* as the core does: an interrupt right after a DMA write (a CQE), often
	 * to the vector of the request waiting in the adapter (one CQ's
	 * completions), which merges into it */
	if (wreq_go && !irq_go && !hp.irq_valid && hp.irq_on && irq_p > 0 && rndp(0.3)) {
		hp.irq_valid = 1;
		hp.irq_vec = hp.slot_valid && hp.slot_vec < HP_LIVE && rndp(0.7) ? hp.slot_vec : rndr(HP_LIVE);
		hp.irq_mark = hd.wacc;
		if (hp.dones + done_now < hp.irq_mark)
			hp.irq_waited++;
	}
	if (wr_go) {
		if (last) {
			hd.di++;
			hd.bi = 0;
		} else {
			hd.bi++;
		}
	}
	if (irq_new) {
		hp.irq_mark = hd.wacc;          /* writes taken before it and in this cycle */
		if (hp.dones + done_now < hp.irq_mark)
			hp.irq_waited++;        /* it has writes to wait for */
	}
	if (irq_go) {
		/* taken at once, or merged into the waiting request of its vector */
		if (!hp.slot_valid) {
			hp.slot_valid = 1;
			hp.slot_vec = hp.irq_vec;
			hp.slot_mark = hp.irq_mark;
		} else if (hp.slot_vec != hp.irq_vec || hp.irq_vec >= HP_VECTORS) {
			hp_violation("interrupt merged into another vector's, or beyond the table", hp.irq_vec,
				     hp.slot_vec);
		} else {
			hp.slot_mark = hp.irq_mark;  /* the message now waits for its writes too */
		}
		if (hp.irq_vec < HP_VECTORS) {
			hp.raised++;
		} else {
			hp.ex_bad_irq++;
		}
		hp.irq_valid = 0;
		moved = 1;
	}
	hp.dones += done_now;

	if (cq_go) {
		if (++hp.bi == hp.nbeats)
			hp.have_tlp = 0;
		moved = 1;
	}
	if (cc_v && ccr) {
		hp_cc_beat(&ccb);
		moved = 1;
	}
	if (csr_v && csr_r) {
		hp_csr_req(caddr, cwrite, cwdata);
		moved = 1;
	}
	if (rsp_go)
		hp.rsp_wait = 0;
	if (a_sent) {
		hp.want[hp.ans_vec] = 0;
		hp.last_sent[hp.ans_vec] = cycle;
		hp.sent++;
	} else if (a_fail) {
		hp.fails++;
	}
	if (mint) {
		unsigned v = mdata & 0xff;
		moved = 1;
		/* the model checks one at a time and answers, sent or fail */
		pcie_model_msix_int(pm, maddr, mdata);
		if (v >= HP_LIVE || maddr != ((uint64_t)hp.tbl[v][1] << 32 | hp.tbl[v][0]) ||
		    mdata != hp.tbl[v][2]) {
			hp_violation("MSI-X message not a live vector's table entry", maddr, mdata);
			v = 0;
		} else {
			if (!hp.want[v])
				hp_violation("MSI-X message for a vector not raised since its last one", v, 0);
			else if (hp.dones < hp.first_mark[v])
				hp_violation("MSI-X message before the DMA writes taken before its interrupt were sent",
					     hp.dones, hp.first_mark[v]);
			if (hp.mask_now[v] && hp.mask_seq[v] < hp.conf_seq)
				hp_violation("MSI-X message for a masked vector", v, hp.mask_seq[v]);
			if (hp.blocked_since && cycle >= hp.blocked_since + 4)
				hp_violation("MSI-X message while the function is masked or disabled", v,
					     cycle - hp.blocked_since);
		}
		/* answered even when wrong, so that the test goes on */
		hp.ans_vec = v;
	}

	pcie_hp_rtl_tick(t);
	pcie_model_tick(pm);
	cycle++;
	return moved;
}

static int hp_quiet(void)
{
	return !hp.have_tlp && hp.h_head == hp.h_tail && hp.c_head == hp.c_tail && hp.s_head == hp.s_tail &&
	       !hp.rsp_wait && !hp.irq_valid && !hp.slot_valid && !pcie_model_msix_busy(pm);
}

/* run until quiet and every raised vector that is not masked delivered */
static void hp_drain(const char *what, int dma, uint64_t limit)
{
	uint64_t none = 0, start = cycle;
	for (;;) {
		int all = 1;
		for (unsigned v = 0; v < HP_VECTORS; v++)
			if (hp.want[v] && !hp.mask_now[v] && hp.en && !hp.fmask)
				all = 0;
		if (hp_quiet() && (!dma || !hp_dma_busy()) && all)
			break;
		if (cycle - start > limit) {
			CHECK(0, "%s: not done after %llu cycles", what, (unsigned long long)limit);
			break;
		}
		none = 0;
		hp_step(&none, 0, 0);
	}
	for (int i = 0; i < 64; i++)        /* settle */
		hp_step(&none, 0, 0);
}

static void hp_push(int write, uint32_t off, uint32_t val, unsigned be, int pba_exact, uint32_t pba_expect)
{
	struct hp_hop *h = &hp.hq[hp.h_tail++ % 256];
	h->write = write;
	h->off = off;
	h->val = val;
	h->be = be;
	h->pba_exact = pba_exact;
	h->pba_expect = pba_expect;
}

/* raise vector v once (the next cycles) */
static void hp_raise(unsigned v)
{
	uint64_t none = 0;
	for (unsigned i = 0; hp.irq_valid && i < 100000; i++)
		hp_step(&none, 0, 0);
	hp.irq_valid = 1;
	hp.irq_vec = v;
	hp.irq_mark = hd.wacc;
	for (unsigned i = 0; hp.irq_valid; i++) {
		if (i == 100000) {
			CHECK(0, "interrupt %u not taken in 100000 cycles", v);
			hp.irq_valid = 0;
			break;
		}
		hp_step(&none, 0, 0);
	}
}

static void whole_tests(uint64_t nbar, unsigned ndma)
{
	struct hp_stats st0, st1;

	memset(&hp, 0, sizeof(hp));
	hp.t = pcie_hp_rtl_new();
	pcie_hp_rtl_set_rst(hp.t, 1);
	for (int i = 0; i < 4; i++)
		pcie_hp_rtl_tick(hp.t);
	pcie_hp_rtl_set_rst(hp.t, 0);
	pcie_hp_rtl_set_cfg(hp.t, 1, 2);
	for (unsigned v = 0; v < HP_VECTORS; v++)
		hp.mask_now[v] = 1;
	hp.en = 1;
	hp.fmask = 0;
	pcie_hp_rtl_stats(hp.t, &st0);
	unsigned saved_base = cmd_base;
	hp_dma_setup(ndma);
	uint64_t start = cycle, none = 0;

	/* set up the live vectors: address, data, unmask; then raise interrupts */
	for (unsigned v = 0; v < HP_LIVE; v++) {
		hp_push(1, v * 16, 0xfee00000u | v << 12 | (uint32_t)(rnd() & 0xffc), 15, 0, 0);
		hp_push(1, v * 16 + 4, (uint32_t)rnd() & 0xff, 15, 0, 0);
		hp_push(1, v * 16 + 8, ((uint32_t)rnd() & 0xffff0000u) | 0x100 | v, 15, 0, 0);
		hp_push(1, v * 16 + 12, 0, 15, 0, 0);
	}
	hp_drain("MSI-X setup", 0, 100000);
	hp.irq_on = 1;

	/* random phase: BAR requests, DMA, interrupts, function mask flips */
	uint64_t left = nbar, idle = 0;
	while (left || !hp_quiet() || hp_dma_busy()) {
		int m = hp_step(&left, 0.02, 1);
		idle = m ? 0 : idle + 1;
		if (idle > 100000) {
			CHECK(0, "whole adapter: nothing for 100000 cycles: %llu BAR requests left, "
			      "completions %u/%u, DMA write %u of %u, read %u of %u",
			      (unsigned long long)left, hp.c_head, hp.c_tail, ck.ci, hd.nw, rk.oi, hd.nr);
			break;
		}
	}
	uint64_t rnd_cycles = cycle - start;

	/* every raised vector goes out once everything is unmasked */
	hp.en = 1;
	hp.fmask = 0;
	for (unsigned v = 0; v < HP_LIVE; v++)
		hp_push(1, v * 16 + 12, 0, 15, 0, 0);
	hp_drain("unmask all", 1, 200000);

	/* the PBA: vectors masked one by one, then the function mask */
	uint32_t set = 0;
	for (unsigned v = 0; v < HP_LIVE; v++)
		if (rndp(0.5)) {
			set |= 1u << v;
			hp_push(1, v * 16 + 12, 1, 15, 0, 0);
		}
	hp_drain("mask", 1, 100000);
	for (unsigned v = 0; v < HP_LIVE; v++)
		hp_raise(v);            /* the unmasked ones go out */
	hp_drain("raise", 1, 100000);
	hp_push(0, 0x8000, 0, 15, 1, set);
	hp_drain("PBA read", 1, 100000);
	for (unsigned v = 0; v < HP_LIVE; v++)
		if ((set >> v) & 1)
			hp_push(1, v * 16 + 12, 0, 15, 0, 0);
	hp_drain("unmask the masked", 1, 100000);
	hp_push(0, 0x8000, 0, 15, 1, 0);
	hp_drain("PBA read after unmasking", 1, 100000);
	hp.fmask = 1;
	for (int i = 0; i < 8; i++)
		hp_step(&none, 0, 0);
	for (unsigned v = 0; v < HP_LIVE; v += 3)
		hp_raise(v);
	hp_drain("raise under the function mask", 1, 100000);
	hp_push(0, 0x8000, 0, 15, 1, 0x9249u & 0xffffu);
	hp_drain("PBA read under the function mask", 1, 100000);
	hp.fmask = 0;
	hp_drain("function unmasked", 1, 100000);
	hp_push(0, 0x8000, 0, 15, 1, 0);
	hp_drain("PBA read at the end", 1, 100000);

	/* counters */
	pcie_hp_rtl_stats(hp.t, &st1);
	CHECK(st1.bar_rd - st0.bar_rd == hp.ex_rd && st1.bar_wr - st0.bar_wr == hp.ex_wr &&
	      st1.bar_ur - st0.bar_ur == hp.ex_ur && st1.bar_drop - st0.bar_drop == hp.ex_drop &&
	      st1.bar_partial - st0.bar_partial == hp.ex_partial,
	      "BAR counters: rd %u wr %u ur %u drop %u partial %u; expected %llu %llu %llu %llu %llu",
	      st1.bar_rd, st1.bar_wr, st1.bar_ur, st1.bar_drop, st1.bar_partial,
	      (unsigned long long)hp.ex_rd, (unsigned long long)hp.ex_wr, (unsigned long long)hp.ex_ur,
	      (unsigned long long)hp.ex_drop, (unsigned long long)hp.ex_partial);
	CHECK(st1.irq_merged - st0.irq_merged <= hp.raised + hp.ex_bad_irq, "%u interrupts merged of %llu raised",
	      st1.irq_merged - st0.irq_merged, (unsigned long long)(hp.raised + hp.ex_bad_irq));
	CHECK(st1.irq_sent == hp.sent && st1.irq_fail == hp.fails && st1.irq_bad == hp.ex_bad_irq,
	      "MSI-X counters: sent %u fail %u bad %u; expected %llu %llu %llu", st1.irq_sent, st1.irq_fail,
	      st1.irq_bad, (unsigned long long)hp.sent, (unsigned long long)hp.fails,
	      (unsigned long long)hp.ex_bad_irq);
	CHECK(st1.wr_done - st0.wr_done == hd.nw && st1.rd_err == st0.rd_err,
	      "DMA counters: %u writes done, %u reads failed; expected %u, 0", st1.wr_done - st0.wr_done,
	      st1.rd_err - st0.rd_err, hd.nw);
	unsigned bad = 0;
	for (uint32_t i = 0; i < HOST_SIZE; i++)
		if (ref_mem[i] != act_mem[i])
			bad++;
	CHECK(bad == 0, "whole adapter: %u host memory bytes differ", bad);
	printf("whole adapter (hpnic_pcie): %u DMA writes, %u reads, %llu BAR requests (%llu reads, %llu writes, "
	       "%llu UR, %llu dropped, %llu partial; %llu QWORDs to BAR2), %llu CSR requests, %llu interrupts raised "
	       "(%llu beyond the table, %llu behind DMA writes in flight, %u merged), %llu MSI-X sent, %llu failed, %u pended; %llu cycles (random phase %llu); "
	       "%llu + %llu + %llu violations\n",
	       hd.nw, hd.nr, (unsigned long long)hp.seq, (unsigned long long)hp.ex_rd,
	       (unsigned long long)hp.ex_wr, (unsigned long long)hp.ex_ur, (unsigned long long)hp.ex_drop,
	       (unsigned long long)hp.ex_partial, (unsigned long long)hp.ex_qw, (unsigned long long)hp.csr_ops,
	       (unsigned long long)(hp.raised + hp.ex_bad_irq), (unsigned long long)hp.ex_bad_irq,
	       (unsigned long long)hp.irq_waited, st1.irq_merged - st0.irq_merged,
	       (unsigned long long)hp.sent, (unsigned long long)hp.fails, st1.irq_pended,
	       (unsigned long long)(cycle - start), (unsigned long long)rnd_cycles,
	       (unsigned long long)hp.violations, (unsigned long long)ck.violations,
	       (unsigned long long)(rk.violations + model_stats().violations));
	hp_dma_free();
	cmd_base = saved_base;
	pcie_hp_rtl_free(hp.t);
}
