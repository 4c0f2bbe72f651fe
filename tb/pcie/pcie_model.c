/* SPDX-License-Identifier: MIT */
/*
 * The host side of the UltraScale+ PCIe integrated block (pcie_model.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pcie_model.h"

#define MAX_CPL 80                   /* completions of one read request */
#define SEQ_Q 4096
#define BAR_Q 256
#define TAGS 256

struct cpl {
	unsigned la, ec, st, poison, rc, bc, ndw;
	uint64_t dw_addr;            /* bus address of its first Dword */
};

struct bar_req {
	int write;
	unsigned bar, aperture, be, tag;
	uint64_t addr;
	uint32_t wdata;
};

struct pcie_model {
	struct pcie_model_cfg c;
	uint64_t rng, cycle;
	struct pcie_model_stats st;
	/* the RQ TLP being gathered, Dword by Dword, and its first beat's fields */
	int in_tlp;
	uint8_t buf[4 * (4 + 1024 + 16)];
	unsigned ndw, fbe, lbe, seq;
	/* sequence numbers waiting to be returned */
	unsigned seq_q[SEQ_Q];
	uint64_t seq_due[SEQ_Q];
	unsigned seq_head, seq_tail;
	/* reads, per tag */
	int live[TAGS];
	unsigned nlive;              /* reads not yet completed */
	struct cpl q[TAGS][MAX_CPL];
	unsigned qn[TAGS], qh[TAGS];
	uint64_t due[TAGS], order[TAGS];
	uint8_t snap[TAGS][4 * 1024 + 8];    /* the request's Dwords, read when it came */
	uint64_t snap_addr[TAGS];
	unsigned cplh, cpld;
	/* the RC sender and the beat on offer */
	int sending;
	unsigned s_tag, s_dw;
	int rb_have;
	uint32_t rb_dw[16];
	uint16_t rb_keep;
	int rb_last;
	struct rc_user rb_u;
	unsigned rb_nend, rb_end_tag[4], rb_end_cr[4], rb_end_rc[4];
	long tokens;                 /* pace: link bytes delivered and not yet sent */
	int rc_gap;                  /* this cycle's tvalid gap, drawn once */
	uint64_t rc_gap_cycle;
	/* CQ requests (tickets) and their completions */
	struct bar_req bq[BAR_Q];
	unsigned b_tail, b_sent, b_done;     /* queued, taken on CQ, completed */
	unsigned np_head, np_tail;           /* tickets of reads awaiting completions */
	unsigned np_q[BAR_Q];
	uint32_t b_rdata[BAR_Q];
	unsigned b_status[BAR_Q];
	int b_finished[BAR_Q];
	unsigned next_tag;
	int cq_have, cq_gap;
	uint64_t cq_gap_cycle;
	struct cq_beat cq_beat;
	/* MSI-X */
	int ans_busy, ans_fail;
	uint64_t ans_due, ans_at;    /* ans_at: the cycle + 1 of the last answer */
	unsigned reported;
};

static uint64_t rnd(struct pcie_model *m)
{
	m->rng ^= m->rng >> 12;
	m->rng ^= m->rng << 25;
	m->rng ^= m->rng >> 27;
	return m->rng * 0x2545f4914f6cdd1dull;
}

static uint32_t rndr(struct pcie_model *m, uint32_t n)
{
	return n ? (uint32_t)((rnd(m) >> 32) % n) : 0;
}

static int rndp(struct pcie_model *m, double p)
{
	if (p <= 0)
		return 0;
	return (double)(rnd(m) >> 11) / 9007199254740992.0 < p;
}

static void violation(struct pcie_model *m, const char *what, unsigned long long a, unsigned long long b)
{
	m->st.violations++;
	if (m->c.violation) {
		m->c.violation(m->c.ctx, what, a, b);
		return;
	}
	if (m->reported++ < 20)
		fprintf(stderr, "pcie model: cycle %llu: %s (0x%llx, %llu)\n", (unsigned long long)m->cycle,
			what, a, b);
}

void pcie_model_cfg_default(struct pcie_model_cfg *c)
{
	memset(c, 0, sizeof(*c));
	c->mps = 256;
	c->mrrs = 512;
	c->rcb = 64;
	c->rq_straddle = c->rc_straddle = 1;
	c->lat_min = 20;
	c->lat_var = 32;
	c->seq_min = 4;
	c->seq_var = 16;
	c->cplh = 256;
	c->cpld = 2048;
	c->msix_lat = 8;
	c->seed = 1;
}

struct pcie_model *pcie_model_new(const struct pcie_model_cfg *c)
{
	struct pcie_model *m = calloc(1, sizeof(*m));
	if (!m)
		return NULL;
	m->c = *c;
	m->rng = c->seed ? c->seed * 0x9e3779b97f4a7c15ull + 1 : 0x9e3779b97f4a7c15ull;
	return m;
}

void pcie_model_free(struct pcie_model *m)
{
	free(m);
}

void pcie_model_reset(struct pcie_model *m)
{
	m->in_tlp = 0;
	m->seq_head = m->seq_tail = 0;
	memset(m->live, 0, sizeof(m->live));
	m->nlive = 0;
	m->cplh = m->cpld = 0;
	m->sending = 0;
	m->rb_have = 0;
	/* CQ requests not yet taken are dropped; reads in flight complete as UR */
	for (unsigned t = m->b_sent; t != m->b_tail; t++) {
		m->b_finished[t % BAR_Q] = 1;
		m->b_status[t % BAR_Q] = 1;
	}
	while (m->np_head != m->np_tail) {
		unsigned t = m->np_q[m->np_head++ % BAR_Q];
		m->b_finished[t % BAR_Q] = 1;
		m->b_status[t % BAR_Q] = 1;
	}
	m->b_sent = m->b_done = m->b_tail;
	m->cq_have = 0;
	m->ans_busy = 0;
}

void pcie_model_stats(const struct pcie_model *m, struct pcie_model_stats *s)
{
	*s = m->st;
}

uint64_t pcie_model_cycle(const struct pcie_model *m)
{
	return m->cycle;
}

int pcie_model_idle(const struct pcie_model *m)
{
	for (unsigned t = 0; t < TAGS; t++)
		if (m->live[t])
			return 0;
	return !m->in_tlp && m->seq_head == m->seq_tail && !m->rb_have && m->b_sent == m->b_tail &&
	       m->np_head == m->np_tail && !m->ans_busy;
}

/* ------------------------------------------------------------------ RQ */

static uint32_t le32(const uint8_t *d)
{
	return (uint32_t)d[0] | (uint32_t)d[1] << 8 | (uint32_t)d[2] << 16 | (uint32_t)d[3] << 24;
}

/* the enabled bytes of a request of dwc Dwords: [*s, *s + *len) from its
 * first Dword; 0 if they have a hole or there are none */
static int be_span(unsigned dwc, unsigned fbe, unsigned lbe, unsigned *s, unsigned *len)
{
	int first = -1, end = -1, hole = 0;
	for (unsigned i = 0; i < 4 * dwc; i++) {
		unsigned dw = i / 4, b = i % 4;
		unsigned be = dw == 0 ? fbe : dw == dwc - 1 ? lbe : 15;
		if ((be >> b) & 1) {
			if (first < 0)
				first = (int)i;
			else if (end != (int)i - 1)
				hole = 1;
			end = (int)i;
		}
	}
	if (first < 0 || hole)
		return 0;
	*s = (unsigned)first;
	*len = (unsigned)(end - first + 1);
	return 1;
}

static unsigned cpl_credits(const struct cpl *c)
{
	return (c->ndw + 3) / 4;
}

static void write_tlp(struct pcie_model *m, uint64_t addr, unsigned dwc)
{
	unsigned s, len;
	if (m->ndw != 4 + dwc)
		violation(m, m->c.rq_straddle ? "write: Dword count against is_sop/is_eop"
					      : "write: Dword count against tkeep", dwc, m->ndw);
	if (m->fbe == 0 || (dwc == 1 && m->lbe != 0) || (dwc > 1 && m->lbe == 0))
		violation(m, "write: first_be/last_be against the Dword count", m->fbe, m->lbe);
	if (4ull * dwc > m->c.mps)
		violation(m, "write: payload over MPS", 4ull * dwc, m->c.mps);
	if ((addr >> 12) != ((addr + 4ull * dwc - 1) >> 12))
		violation(m, "write: TLP crosses a 4 KiB boundary", addr, 4ull * dwc);
	if (dwc == 0 || dwc > 1024 || m->ndw < 4 + dwc)
		return;
	if (!be_span(dwc, m->fbe, m->lbe, &s, &len)) {
		violation(m, "write: byte enables with a hole", m->fbe, m->lbe);
		return;
	}
	m->st.wr_tlps++;
	m->st.wr_bytes += len;
	if (m->c.wr_tlp)
		m->c.wr_tlp(m->c.ctx, addr + s, len, m->seq);
	if (m->c.host_write && m->c.host_write(m->c.ctx, addr + s, m->buf + 16 + s, len))
		m->st.host_refused++;
	if (m->seq_tail - m->seq_head < SEQ_Q) {
		m->seq_q[m->seq_tail % SEQ_Q] = m->seq;
		m->seq_due[m->seq_tail % SEQ_Q] = m->cycle + m->c.seq_min + rndr(m, m->c.seq_var);
		m->seq_tail++;
	} else {
		violation(m, "more than 4096 sequence numbers outstanding", m->seq, 0);
	}
}

static void read_req(struct pcie_model *m, uint64_t addr, unsigned dwc, unsigned tag)
{
	unsigned s, len;
	if (m->ndw != 4)
		violation(m, "read request not 4 Dwords", m->ndw, 0);
	if (dwc == 0 || 4ull * dwc > m->c.mrrs)
		violation(m, "read over MRRS", 4ull * dwc, m->c.mrrs);
	if ((addr >> 12) != ((addr + 4ull * dwc - 1) >> 12))
		violation(m, "read crosses a 4 KiB boundary", addr, 4ull * dwc);
	if (m->fbe == 0 || (dwc == 1 && m->lbe != 0) || (dwc > 1 && m->lbe == 0))
		violation(m, "read: first_be/last_be against the Dword count", m->fbe, m->lbe);
	if (m->live[tag]) {
		violation(m, "tag reused while live", tag, 0);
		return;
	}
	if (dwc == 0 || dwc > 1024)
		return;
	if (!be_span(dwc, m->fbe, m->lbe, &s, &len)) {
		violation(m, "read: byte enables with a hole", m->fbe, m->lbe);
		return;
	}
	m->st.rd_reqs++;
	m->st.rd_bytes += len;
	/* the completions: split at RCB, coalesced up to MPS at random */
	uint64_t off = addr + s, end = off + len;
	unsigned n = 0, fail = rndp(m, m->c.p_err) ? 1 + rndr(m, 3) : 0;
	int forced = m->c.rd_fail ? m->c.rd_fail(m->c.ctx, addr + s, len) : 0;

	if (forced >= 1 && forced <= 3)
		fail = (unsigned)forced;
	while (off < end && n < MAX_CPL) {
		uint64_t lim = (off / m->c.rcb + 1) * m->c.rcb;
		while (lim < end && lim + m->c.rcb - (off & ~3ull) <= m->c.mps && rndp(m, 0.7))
			lim += m->c.rcb;
		uint64_t ce = lim < end ? lim : end;
		struct cpl *c = &m->q[tag][n++];
		c->la = (unsigned)(off & 0xfff);
		c->ec = c->st = c->poison = 0;
		c->bc = (unsigned)(end - off);
		c->dw_addr = off & ~3ull;
		c->ndw = (unsigned)((ce - c->dw_addr + 3) / 4);
		c->rc = ce == end;
		off = ce;
	}
	if (fail == 1) {            /* UR after 0..n-1 good completions */
		n = rndr(m, n);
		struct cpl *c = &m->q[tag][n++];
		memset(c, 0, sizeof(*c));
		c->la = (unsigned)((addr + s) & 0x7f);
		c->ec = 2;
		c->st = 1;
		c->rc = 1;
	} else if (fail == 2) {     /* one completion poisoned */
		struct cpl *c = &m->q[tag][rndr(m, n)];
		c->poison = 1;
		c->ec = 1;
	} else if (fail == 3) {     /* timeout: nothing, then the block's timeout completion */
		n = 0;
		struct cpl *c = &m->q[tag][n++];
		memset(c, 0, sizeof(*c));
		c->la = (unsigned)((addr + s) & 0x7f);
		c->ec = 9;
		c->rc = 1;
	}
	if (fail)
		m->st.rd_errs++;
	if (m->c.rd_req)
		m->c.rd_req(m->c.ctx, addr + s, len, tag, fail);
	unsigned dcr = 0;
	for (unsigned i = 0; i < n; i++)
		dcr += cpl_credits(&m->q[tag][i]);
	m->cplh += n;
	m->cpld += dcr;
	if (m->cplh > m->st.cplh_max)
		m->st.cplh_max = m->cplh;
	if (m->cpld > m->st.cpld_max)
		m->st.cpld_max = m->cpld;
	if (m->cplh > m->c.cplh || m->cpld > m->c.cpld)
		violation(m, "completion credits overrun", m->cplh, m->cpld);
	m->live[tag] = 1;
	m->nlive++;
	m->snap_addr[tag] = addr;
	memset(m->snap[tag], 0, 4 * dwc);
	if (m->c.host_read && m->c.host_read(m->c.ctx, addr + s, m->snap[tag] + s, len)) {
		m->st.host_refused++;
		memset(m->snap[tag] + s, 0, len);
	}
	m->order[tag] = m->st.rd_reqs;
	m->qn[tag] = n;
	m->qh[tag] = 0;
	m->due[tag] = m->cycle + m->c.lat_min + rndr(m, m->c.lat_var) + (fail == 3 ? 300 + rndr(m, 300) : 0);
}

/* a whole TLP gathered in m->buf (m->ndw Dwords, from its descriptor) */
static void tlp_done(struct pcie_model *m)
{
	if (m->ndw < 4) {
		violation(m, "TLP shorter than its descriptor", m->ndw, 0);
		return;
	}
	uint64_t lo = (uint64_t)le32(m->buf) | (uint64_t)le32(m->buf + 4) << 32;
	uint32_t w2 = le32(m->buf + 8), w3 = le32(m->buf + 12);
	uint64_t addr = lo & ~3ull;
	unsigned at = lo & 3, dwc = w2 & 0x7ff, type = (w2 >> 11) & 0xf;
	if (at != 0)
		violation(m, "descriptor: address type not untranslated", at, type);
	if (type == 1)
		write_tlp(m, addr, dwc);
	else if (type == 0)
		read_req(m, addr, dwc, w3 & 0xff);
	else
		violation(m, "descriptor: neither a memory read nor a memory write", type, addr);
}

/* Dwords lo..hi of an RQ beat belong to the TLP being gathered */
static void tlp_take(struct pcie_model *m, const struct rq_beat *b, unsigned lo, unsigned hi)
{
	for (unsigned i = lo; i <= hi; i++)
		if (!((b->keep >> i) & 1))
			violation(m, "tkeep misses a Dword of a TLP (pointers and tkeep disagree)", b->keep, i);
	if (m->ndw + (hi - lo + 1) > sizeof(m->buf) / 4) {
		violation(m, "TLP longer than 4 + 1024 Dwords", m->ndw, 0);
		return;
	}
	memcpy(m->buf + 4 * m->ndw, b->data + 4 * lo, 4 * (hi - lo + 1));
	m->ndw += hi - lo + 1;
}

/* a TLP starts in this beat: the k-th one starting in it */
static void tlp_open(struct pcie_model *m, const struct rq_beat *b, unsigned k)
{
	m->in_tlp = 1;
	m->ndw = 0;
	m->fbe = (b->first_be >> (4 * k)) & 15;
	m->lbe = (b->last_be >> (4 * k)) & 15;
	m->seq = k ? b->seq1 : b->seq;
}

static void tlp_close(struct pcie_model *m)
{
	m->in_tlp = 0;
	tlp_done(m);
}

int pcie_model_rq_ready(struct pcie_model *m)
{
	return !rndp(m, m->c.p_stall);
}

/*
 * Straddle off: one TLP per beat run, tlast ends it, tkeep contiguous,
 * is_sop/is_eop bit 0 only. Straddle on (the IP ignores tlast and tkeep's
 * shape): TLPs are delimited by is_sop[1:0] and is_eop[1:0] with their
 * pointers; a TLP may start at Dword 0, or at Dword 8 only when the TLP
 * before ends in Dwords 0..7 of the same beat; every Dword of a TLP must be
 * kept.
 */
void pcie_model_rq(struct pcie_model *m, int valid, int ready, const struct rq_beat *b)
{
	if (m->in_tlp && !valid)
		violation(m, "RQ tvalid fell inside a TLP", 0, 0);
	if (!valid || !ready)
		return;
	if (b->discontinue)
		violation(m, "RQ discontinue", 0, 0);
	if (!m->c.rq_straddle) {
		if (b->first_be > 15 || b->last_be > 15 || b->seq1 || b->sop_ptr[0] || b->sop_ptr[1] ||
		    b->is_sop > 1 || b->is_eop > 1)
			violation(m, "straddle fields set (straddle off)", b->is_sop, b->is_eop);
		if (!m->in_tlp) {
			if (b->is_sop != 1)
				violation(m, "is_sop on a TLP's first beat", b->is_sop, 0);
			tlp_open(m, b, 0);
		} else if (b->is_sop != 0) {
			violation(m, "is_sop inside a TLP", b->is_sop, 0);
		}
		if (b->last) {
			unsigned ldw = 0;
			while (ldw < 16 && ((b->keep >> ldw) & 1))
				ldw++;
			if (ldw == 0 || (b->keep >> ldw) != 0)
				violation(m, "tkeep of the last beat not contiguous from Dword 0", b->keep, 0);
			if (b->is_eop != 1 || ldw == 0 || b->eop_ptr != ldw - 1)
				violation(m, "is_eop/is_eop0_ptr on the last beat", b->is_eop, b->eop_ptr);
			tlp_take(m, b, 0, ldw ? ldw - 1 : 0);
			tlp_close(m);
		} else {
			if (b->keep != 0xffff)
				violation(m, "tkeep not full before tlast", b->keep, 0);
			if (b->is_eop != 0)
				violation(m, "is_eop before tlast", b->is_eop, 0);
			tlp_take(m, b, 0, 15);
		}
		return;
	}
	unsigned nsop = b->is_sop == 0 ? 0 : b->is_sop == 1 ? 1 : b->is_sop == 3 ? 2 : 9;
	unsigned neop = b->is_eop == 0 ? 0 : b->is_eop == 1 ? 1 : b->is_eop == 3 ? 2 : 9;
	unsigned eop[2] = { b->eop_ptr, b->eop1_ptr }, ei = 0, pos = 0;
	int cont = m->in_tlp;
	if (nsop > 2 || neop > 2) {
		violation(m, "is_sop/is_eop not 00, 01 or 11", b->is_sop, b->is_eop);
		return;
	}
	if (cont) {
		unsigned end = neop ? eop[ei++] : 15;
		tlp_take(m, b, 0, end);
		pos = end + 1;
		if (neop)
			tlp_close(m);
	}
	for (unsigned k = 0; k < nsop; k++) {
		unsigned ptr = b->sop_ptr[k], start = 4 * ptr;
		int ok = ptr == 0 ? k == 0 && !cont : ptr == 2 && pos <= 8 && (k == 1 || cont);
		if (!ok) {
			violation(m, "a TLP starts at a Dword the IP does not allow", ptr, k);
			return;
		}
		tlp_open(m, b, k);
		if (ei < neop) {
			unsigned end = eop[ei++];
			if (end < start + 3) {
				violation(m, "is_eop pointer inside the descriptor", end, start);
				return;
			}
			tlp_take(m, b, start, end);
			pos = end + 1;
			tlp_close(m);
		} else {
			tlp_take(m, b, start, 15);
			pos = 16;
		}
	}
	if (ei < neop)
		violation(m, "is_eop without a TLP to end", b->is_eop, ei);
	if (nsop < 2 && ((b->first_be >> 4) != 0 || (b->last_be >> 4) != 0 || b->seq1 != 0))
		violation(m, "first_be/last_be/seq_num of a second TLP that does not start", b->first_be, b->seq1);
}

void pcie_model_seq(struct pcie_model *m, int *vld0, unsigned *s0, int *vld1, unsigned *s1)
{
	*vld0 = *vld1 = 0;
	*s0 = *s1 = 0;
	if (m->seq_head != m->seq_tail && m->seq_due[m->seq_head % SEQ_Q] <= m->cycle) {
		*vld0 = 1;
		*s0 = m->seq_q[m->seq_head++ % SEQ_Q];
		if (m->seq_head != m->seq_tail && m->seq_due[m->seq_head % SEQ_Q] <= m->cycle && rndp(m, 0.5)) {
			*vld1 = 1;
			*s1 = m->seq_q[m->seq_head++ % SEQ_Q];
		}
	}
}

/* ------------------------------------------------------------------ RC */

/* Dword si of a completion TLP of tag t (descriptor, then payload) */
static uint32_t cpl_dw(const struct pcie_model *m, unsigned t, const struct cpl *c, unsigned si)
{
	if (si == 0)
		return c->la | c->ec << 12 | c->bc << 16 | c->rc << 30;
	if (si == 1)
		return c->ndw | c->st << 11 | c->poison << 14;
	if (si == 2)
		return t;
	uint64_t o = c->dw_addr + 4 * (si - 3) - m->snap_addr[t];
	uint32_t v = 0;
	for (unsigned b = 0; b < 4; b++)
		v |= (uint32_t)(o + b < sizeof(m->snap[0]) ? m->snap[t][o + b] : 0) << (8 * b);
	return v;
}

/* the next completion to send: a ready tag's next one */
static int rc_pick(struct pcie_model *m)
{
	unsigned cand[TAGS], nc = 0;
	if (m->c.pace && m->tokens < 0)
		return -1;
	for (unsigned t = 0; t < TAGS; t++)
		if (m->live[t] && m->qh[t] < m->qn[t] && m->due[t] <= m->cycle)
			cand[nc++] = t;
	if (!nc)
		return -1;
	unsigned s = cand[rndr(m, nc)];
	if (m->c.in_order)
		for (unsigned i = 0; i < nc; i++)
			if (m->order[cand[i]] < m->order[s])
				s = cand[i];
	m->tokens -= 20 + 4 * (long)m->q[s][m->qh[s]].ndw;
	return (int)s;
}

/*
 * The RC beat, built once and offered until taken, as the IP packs it.
 * Straddle off: one completion per beat run, from Dword 0, tlast on its last
 * beat, tkeep up to its last Dword. Straddle on: the completions follow one
 * another, each starting at the next 4-Dword boundary (up to four a beat);
 * tkeep all ones and tlast 0, the TLPs marked by is_sop/is_eop and pointers.
 */
static void rc_build(struct pcie_model *m)
{
	unsigned pos = 0, nsop = 0, neop = 0;
	m->rb_have = 0;
	m->rb_nend = 0;
	m->rb_keep = 0;
	m->rb_last = 0;
	memset(&m->rb_u, 0, sizeof(m->rb_u));
	memset(m->rb_dw, 0, sizeof(m->rb_dw));
	while (pos < 16) {
		if (!m->sending) {
			if (!m->c.rc_straddle && pos > 0)
				break;
			int t = rc_pick(m);
			if (t < 0)
				break;
			m->sending = 1;
			m->s_tag = (unsigned)t;
			m->s_dw = 0;
			m->rb_u.sop_ptr[nsop++] = pos / 4;
		}
		const struct cpl *c = &m->q[m->s_tag][m->qh[m->s_tag]];
		unsigned total = 3 + c->ndw;
		while (pos < 16 && m->s_dw < total) {
			m->rb_dw[pos] = cpl_dw(m, m->s_tag, c, m->s_dw++);
			m->rb_keep |= (uint16_t)(1u << pos);
			pos++;
		}
		if (m->s_dw == total) {
			m->rb_u.eop_ptr[neop++] = pos - 1;
			m->rb_end_tag[m->rb_nend] = m->s_tag;
			m->rb_end_cr[m->rb_nend] = cpl_credits(c);
			m->rb_end_rc[m->rb_nend++] = c->rc;
			m->qh[m->s_tag]++;
			m->sending = 0;
			pos = (pos + 3) & ~3u;
			if (!m->c.rc_straddle)
				break;
		}
	}
	if (pos == 0)
		return;
	for (unsigned i = 0; i < 16; i++)
		if (!((m->rb_keep >> i) & 1))
			m->rb_dw[i] = (uint32_t)rnd(m);
	m->rb_u.is_sop = (1u << nsop) - 1;
	m->rb_u.is_eop = (1u << neop) - 1;
	if (m->c.rc_straddle) {
		m->rb_keep = 0xffff;
		m->rb_last = 0;
	} else {
		m->rb_last = neop != 0;
	}
	m->rb_have = 1;
}

int pcie_model_rc(struct pcie_model *m, uint32_t dw[16], uint16_t *keep, int *last, struct rc_user *u)
{
	if (m->rc_gap_cycle != m->cycle + 1) {          /* drawn once a cycle */
		m->rc_gap_cycle = m->cycle + 1;
		m->rc_gap = rndp(m, m->c.p_stall);
	}
	if (m->rc_gap)
		return 0;
	if (!m->rb_have)
		rc_build(m);
	if (!m->rb_have)
		return 0;
	memcpy(dw, m->rb_dw, sizeof(m->rb_dw));
	*keep = m->rb_keep;
	*last = m->rb_last;
	*u = m->rb_u;
	return 1;
}

void pcie_model_rc_taken(struct pcie_model *m)
{
	for (unsigned i = 0; i < m->rb_nend; i++) {
		m->cplh -= 1;
		m->cpld -= m->rb_end_cr[i];
		m->st.rd_cpls++;
		if (m->rb_end_rc[i]) {
			m->live[m->rb_end_tag[i]] = 0;
			m->nlive--;
		}
	}
	m->rb_have = 0;
}

/* ------------------------------------------------------------------ CQ/CC */

unsigned pcie_model_cq_tlp(struct pcie_model *m, const struct pcie_cq_tlp *t, struct cq_beat *beats,
			   unsigned max)
{
	uint32_t dw[4 + 16 * 8];
	unsigned npay = t->npay, cap = max * 16 - 4, total, nb;
	if (max == 0)
		return 0;
	if (cap > sizeof(dw) / 4 - 4)
		cap = sizeof(dw) / 4 - 4;
	if (npay > cap)
		npay = cap;
	dw[0] = (uint32_t)(t->addr & ~3ull) | (t->at & 3);
	dw[1] = (uint32_t)(t->addr >> 32);
	dw[2] = (t->dwc & 0x7ff) | (t->type & 15) << 11 | t->rid << 16;
	dw[3] = (t->tag & 0xff) | t->bar << 16 | t->aperture << 19 | t->tc << 25 | t->attr << 28;
	for (unsigned i = 0; i < npay; i++)
		dw[4 + i] = t->payload[i];
	total = 4 + npay;
	nb = (total + 15) / 16;
	for (unsigned b = 0; b < nb; b++) {
		struct cq_beat *cb = &beats[b];
		unsigned n = total - 16 * b > 16 ? 16 : total - 16 * b;
		memset(cb, 0, sizeof(*cb));
		memcpy(cb->dw, dw + 16 * b, 4 * n);
		for (unsigned i = n; i < 16; i++)
			cb->dw[i] = (uint32_t)rnd(m);       /* lanes beyond tkeep: noise */
		cb->keep = (uint16_t)((1u << n) - 1);
		cb->last = b == nb - 1;
		cb->sop = b == 0;
		cb->first_be = b == 0 ? t->fbe : 0;
		cb->last_be = b == 0 ? t->lbe : 0;
	}
	return nb;
}

unsigned pcie_model_bar_req(struct pcie_model *m, int write, unsigned bar, unsigned aperture,
			    uint64_t addr, uint32_t wdata, unsigned be)
{
	unsigned t = m->b_tail++;
	struct bar_req *r = &m->bq[t % BAR_Q];
	r->write = write;
	r->bar = bar;
	r->aperture = aperture;
	r->addr = addr;
	r->wdata = wdata;
	r->be = be;
	r->tag = m->next_tag++ & 0xff;
	m->b_finished[t % BAR_Q] = 0;
	if (m->b_tail - m->b_done > BAR_Q)
		violation(m, "more than 256 BAR requests in flight", m->b_tail - m->b_done, 0);
	return t;
}

int pcie_model_bar_poll(struct pcie_model *m, unsigned ticket, uint32_t *rdata, unsigned *status)
{
	if (!m->b_finished[ticket % BAR_Q] || (int)(ticket - m->b_tail) >= 0)
		return 0;
	if (rdata)
		*rdata = m->b_rdata[ticket % BAR_Q];
	if (status)
		*status = m->b_status[ticket % BAR_Q];
	return 1;
}

int pcie_model_cq(struct pcie_model *m, struct cq_beat *b)
{
	if (m->cq_gap_cycle != m->cycle + 1) {
		m->cq_gap_cycle = m->cycle + 1;
		m->cq_gap = rndp(m, m->c.p_stall);
	}
	if (m->b_sent == m->b_tail || m->cq_gap)
		return 0;
	if (!m->cq_have) {
		const struct bar_req *r = &m->bq[m->b_sent % BAR_Q];
		struct pcie_cq_tlp t;
		memset(&t, 0, sizeof(t));
		t.addr = r->addr;
		t.dwc = 1;
		t.type = r->write ? 1 : 0;              /* MWr or MRd, requester 0 */
		t.bar = r->bar;
		t.aperture = r->aperture;
		t.fbe = r->be;
		t.tag = r->tag;
		t.payload = &r->wdata;
		t.npay = r->write ? 1 : 0;
		pcie_model_cq_tlp(m, &t, &m->cq_beat, 1);
		m->cq_have = 1;
	}
	*b = m->cq_beat;
	return 1;
}

void pcie_model_cq_taken(struct pcie_model *m)
{
	unsigned t = m->b_sent++;
	const struct bar_req *r = &m->bq[t % BAR_Q];
	m->cq_have = 0;
	if (r->write) {
		m->st.bar_wr++;
		m->b_finished[t % BAR_Q] = 1;
		m->b_status[t % BAR_Q] = 0;
		m->b_done = t + 1;
	} else {
		m->st.bar_rd++;
		m->np_q[m->np_tail++ % BAR_Q] = t;
	}
}

int pcie_model_cc_ready(struct pcie_model *m)
{
	return !rndp(m, m->c.p_stall);
}

void pcie_model_cc(struct pcie_model *m, const struct cc_beat *b)
{
	if (m->np_head == m->np_tail) {
		violation(m, "a completion on CC nobody asked for", b->dw[0], b->dw[2]);
		return;
	}
	unsigned t = m->np_q[m->np_head++ % BAR_Q];
	const struct bar_req *r = &m->bq[t % BAR_Q];
	uint32_t d0 = b->dw[0], d1 = b->dw[1], d2 = b->dw[2];
	unsigned st = (d1 >> 11) & 7, ndw = d1 & 0x7ff;
	unsigned lead = 0;
	while (lead < 3 && !((r->be >> lead) & 1))
		lead++;
	if ((d2 & 0xff) != r->tag)
		violation(m, "completion tag", d2 & 0xff, r->tag);
	if ((d0 & 0x7f) != (((unsigned)r->addr & 0x7c) | lead))
		violation(m, "completion lower address", d0 & 0x7f, r->addr & 0x7f);
	if (st == 0 && ndw != 1)
		violation(m, "completion Dword count", ndw, 1);
	if (!b->last || b->is_sop != 1 || b->is_eop != 1 || b->eop_ptr != 2 + ndw || b->discontinue)
		violation(m, "completion tlast / tuser", b->keep, b->eop_ptr);
	if (st)
		m->st.bar_ur++;
	m->b_rdata[t % BAR_Q] = st == 0 ? b->dw[3] : 0xffffffffu;
	m->b_status[t % BAR_Q] = st;
	m->b_finished[t % BAR_Q] = 1;
	m->b_done = t + 1;
}

/* ------------------------------------------------------------------ MSI-X */

void pcie_model_msix_int(struct pcie_model *m, uint64_t addr, uint32_t data)
{
	/* one at a time: not before the last one's sent/fail, nor with it */
	if (m->ans_busy || m->ans_at == m->cycle + 1)
		violation(m, "cfg_interrupt_msix_int before sent/fail", data, 0);
	m->st.msix++;
	if (m->c.msix)
		m->c.msix(m->c.ctx, addr, data);
	m->ans_busy = 1;
	m->ans_due = m->cycle + 1 + rndr(m, m->c.msix_lat);
	m->ans_fail = rndp(m, m->c.p_msix_fail);
}

void pcie_model_msix_ans(struct pcie_model *m, int *sent, int *fail)
{
	*sent = *fail = 0;
	if (m->ans_busy && m->cycle >= m->ans_due) {
		*sent = !m->ans_fail;
		*fail = m->ans_fail;
		m->ans_busy = 0;
		m->ans_at = m->cycle + 1;
	}
}

int pcie_model_msix_busy(const struct pcie_model *m)
{
	return m->ans_busy;
}

void pcie_model_tick(struct pcie_model *m)
{
	m->cycle++;
	m->st.rd_live_sum += m->nlive;
	if (m->c.pace && m->tokens < 4 * 63)
		m->tokens += 63;
}
