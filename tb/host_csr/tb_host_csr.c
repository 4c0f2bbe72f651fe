/* SPDX-License-Identifier: MIT */
/*
 * tb_host_csr: rtl/host/hpnic_host_csr alone (64 QPs, 16 MRs, 8 CQs, 8
 * counters), every request with random idle cycles before it and random
 * back-pressure on the read response and on the Post, QP start and CQ
 * streams. Against the register map's own tables (hpnic_regs.h):
 *
 *  1. after reset, every register with a reset value reads it;
 *  2. the block list: TYPE, VERSION, NEXT and SIZE of every block;
 *  3. every read-write register keeps what is written (its value bits),
 *     write-only ones read 0, read-only ones ignore writes;
 *  4. doorbells: every send doorbell to a QP in the table becomes a Post,
 *     in order, with its producer index; one beyond the table is dropped and
 *     counted; every receive doorbell goes to the RQ fetch in order, flagged
 *     bad beyond the table;
 *  5. QP commands against a model of the checks and of the per-QP shadow
 *     that CMD READ loads: error codes in CMD_STATUS and CTRL.ERR_CODE, the
 *     error counter, the context write pulses, the start events, the
 *     receive queue's fields (RQ_LOG2 above 15, a base not aligned to its
 *     ring or page, an RCQN beyond the table: BAD_VALUE);
 *  6. STATS: the selected counter, its high half latched at the low read,
 *     0 beyond the counters;
 *  7. every register with a Range (fw/regmap.toml): random writes in and
 *     out of it, read back; the refused ones in CC.RANGE_STATUS.
 *
 * Prints its seed; --seed reruns it; --count N random steps per phase.
 */
#define _POSIX_C_SOURCE 200809L

#define HPNIC_REGS_WANT_REG_TABLE
#include "hpnic_regs.h"

#include "csr_rtl.h"
#include "tb_util.h"

static int is_header(const struct hpnic_reg_desc *d)
{
	return !strcmp(d->name, "TYPE") || !strcmp(d->name, "VERSION") || !strcmp(d->name, "NEXT") ||
	       !strcmp(d->name, "SIZE");
}

static void test_reset_and_blocks(struct csr_rtl *r)
{
	unsigned n = 0;

	for (unsigned i = 0; i < HPNIC_NUM_REGS; i++) {
		const struct hpnic_reg_desc *d = &hpnic_reg_table[i];
		if (!d->has_reset || d->access == HPNIC_REG_WO || d->count != 1)
			continue;
		uint32_t v = csr_rtl_read(r, d->offset);
		CHECK(v == d->reset, "reset: %s.%s reads %08x, want %08x", d->block, d->name, v,
		      d->reset);
		n++;
	}
	for (unsigned b = 0; b < HPNIC_NUM_BLOCKS; b++) {
		const struct hpnic_block_desc *bd = &hpnic_block_table[b];
		uint32_t next = b + 1 < HPNIC_NUM_BLOCKS ? hpnic_block_table[b + 1].base : 0;
		CHECK(csr_rtl_read(r, bd->base + HPNIC_HDR_TYPE) == bd->type, "%s TYPE", bd->name);
		CHECK(csr_rtl_read(r, bd->base + HPNIC_HDR_VERSION) == bd->version, "%s VERSION",
		      bd->name);
		CHECK(csr_rtl_read(r, bd->base + HPNIC_HDR_NEXT) == next, "%s NEXT", bd->name);
		CHECK(csr_rtl_read(r, bd->base + HPNIC_HDR_SIZE) == bd->size, "%s SIZE", bd->name);
	}
	/* the READs per QP, both sides (RD_MAX_LOG2 4) */
	CHECK(csr_rtl_read(r, HPNIC_ID_RD_ATOMIC) ==
	      (HPNIC_SET(HPNIC_ID_RD_ATOMIC_MAX_RD_ATOMIC, 16) |
	       HPNIC_SET(HPNIC_ID_RD_ATOMIC_MAX_DEST_RD_ATOMIC, 16)), "ID.RD_ATOMIC");
	printf("  reset values of %u registers; headers of %d blocks\n", n, HPNIC_NUM_BLOCKS);
}

/* registers whose writes start something (commands, doorbells) or whose
 * value the hardware drives are not written blindly here, nor those with a
 * Range, which refuse a value outside it (test_ranges) */
static int plain_rw(const struct hpnic_reg_desc *d)
{
	return d->access == HPNIC_REG_RW && d->count == 1 && !is_header(d) && !d->has_range;
}

static int in_range(const struct hpnic_reg_desc *d, uint32_t v)
{
	return (v >= d->min && v <= d->max) || (d->zero_ok && v == 0);
}

/* a value for register d: in range, at or past an edge, or any 32 bits */
static uint32_t range_value(const struct hpnic_reg_desc *d)
{
	switch (rndr(8)) {
	case 0: return (uint32_t)rnd();
	case 1: return d->min + (uint32_t)rndr(2);
	case 2: return d->max - 1 + (uint32_t)rndr(3);          /* max - 1 .. max + 1 */
	case 3: return d->min ? d->min - 1 : 0;
	case 4: return d->mask + 1 + (uint32_t)rndr(4);         /* past the register's bits */
	case 5: return 0;
	default: return d->min + rndr(d->max - d->min + 1);
	}
}

/*
 * Every register with a Range (fw/regmap.toml min/max/zero_ok; DCQCN's,
 * NP_MIN_TIME_US, DCQCN_TICK_US): random writes in and out of range, in a
 * random order of registers. A value in range is taken; any other is
 * refused whole (the register keeps its value), CC.RANGE_STATUS reads
 * BAD_VALUE with the write's offset, OK after a taken one (the offset of
 * the last refused stays), and CC.NP_STATUS follows NP_MIN_TIME_US's.
 */
static void test_ranges(struct csr_rtl *r, unsigned rounds)
{
	const struct hpnic_reg_desc *regs[64];
	uint32_t cur[64], tab[64], last_off = 0;
	unsigned n = 0, taken = 0, refused = 0, itab = 0, iidx = 0;

	for (unsigned i = 0; i < HPNIC_NUM_REGS; i++)
		if (hpnic_reg_table[i].has_range && n < 64)
			regs[n++] = &hpnic_reg_table[i];
	CHECK(n >= 18, "%u registers with a range, want the 18 of DCQCN, NP and the sweeper", n);
	CHECK(csr_rtl_read(r, HPNIC_CC_RANGE_STATUS) == 0, "CC.RANGE_STATUS after reset: 0x%08x",
	      csr_rtl_read(r, HPNIC_CC_RANGE_STATUS));
	CHECK(csr_rtl_read(r, HPNIC_CC_NP_STATUS) == HPNIC_ERR_OK, "CC.NP_STATUS after reset");
	for (unsigned i = 0; i < n; i++) {
		cur[i] = csr_rtl_read(r, regs[i]->offset);
		CHECK(cur[i] == regs[i]->reset && in_range(regs[i], cur[i]),
		      "%s.%s reads %u after reset (reset %u, range %u..%u)", regs[i]->block,
		      regs[i]->name, cur[i], regs[i]->reset, regs[i]->min, regs[i]->max);
		if (regs[i]->offset == HPNIC_CC_DCQCN_TAB)
			itab = i;
		if (regs[i]->offset == HPNIC_CC_DCQCN_TAB_IDX)
			iidx = i;
	}
	/* CC.DCQCN_TAB is entry CC.DCQCN_TAB_IDX of the D tables: model them all */
	CHECK(regs[itab]->offset == HPNIC_CC_DCQCN_TAB && regs[iidx]->offset == HPNIC_CC_DCQCN_TAB_IDX,
	      "DCQCN_TAB and DCQCN_TAB_IDX have ranges");
	for (unsigned j = 0; j < 64; j++) {
		csr_rtl_write(r, HPNIC_CC_DCQCN_TAB_IDX, j);
		tab[j] = csr_rtl_read(r, HPNIC_CC_DCQCN_TAB);
	}
	csr_rtl_write(r, HPNIC_CC_DCQCN_TAB_IDX, 0);
	for (unsigned k = 0; k < rounds * n; k++) {
		unsigned i = (unsigned)rndr(n);
		const struct hpnic_reg_desc *d = regs[i];
		uint32_t v = range_value(d);
		int ok = in_range(d, v);

		if (i == itab)
			cur[i] = tab[cur[iidx]];
		csr_rtl_write(r, d->offset, v);
		if (ok)
			cur[i] = v;
		else
			last_off = d->offset;
		if (i == itab)
			tab[cur[iidx]] = cur[i];
		uint32_t got = csr_rtl_read(r, d->offset);
		uint32_t st = csr_rtl_read(r, HPNIC_CC_RANGE_STATUS);

		CHECK(got == cur[i], "%s.%s = %u (range %u..%u%s): reads %u, want %u", d->block,
		      d->name, v, d->min, d->max, d->zero_ok ? " or 0" : "", got, cur[i]);
		CHECK(HPNIC_GET(HPNIC_CC_RANGE_STATUS_ERROR, st) ==
		      (ok ? HPNIC_ERR_OK : HPNIC_ERR_BAD_VALUE) &&
		      HPNIC_GET(HPNIC_CC_RANGE_STATUS_OFFSET, st) == last_off,
		      "%s.%s = %u: RANGE_STATUS 0x%08x, want error %u offset 0x%x", d->block,
		      d->name, v, st, ok ? HPNIC_ERR_OK : HPNIC_ERR_BAD_VALUE, last_off);
		if (d->offset == HPNIC_CC_NP_MIN_TIME_US) {
			uint32_t nst = csr_rtl_read(r, HPNIC_CC_NP_STATUS);

			CHECK(nst == (ok ? HPNIC_ERR_OK : HPNIC_ERR_BAD_VALUE),
			      "CC.NP_MIN_TIME_US = %u: NP_STATUS %u", v, nst);
		}
		/* a register without a range leaves RANGE_STATUS as it is */
		if (rndr(8) == 0) {
			csr_rtl_write(r, HPNIC_CC_T_NS, csr_rtl_read(r, HPNIC_CC_T_NS));
			CHECK(csr_rtl_read(r, HPNIC_CC_RANGE_STATUS) == st,
			      "a write to CC.T_NS changed RANGE_STATUS");
		}
		taken += ok;
		refused += !ok;
	}
	/* the D tables read back as written at every index */
	for (unsigned j = 0; j < 64; j++) {
		csr_rtl_write(r, HPNIC_CC_DCQCN_TAB_IDX, j);
		CHECK(csr_rtl_read(r, HPNIC_CC_DCQCN_TAB) == tab[j], "D-table entry %u", j);
	}
	/* back to the reset values, for the tests after this one */
	for (unsigned i = 0; i < n; i++)
		csr_rtl_write(r, regs[i]->offset, regs[i]->reset);
	printf("  %u registers with a range: %u writes taken, %u out of range refused "
	       "(BAD_VALUE, offset in CC.RANGE_STATUS)\n", n, taken, refused);
}

static void test_rw(struct csr_rtl *r, unsigned rounds)
{
	unsigned rw = 0, wo = 0, ro = 0;

	for (unsigned k = 0; k < rounds; k++) {
		for (unsigned i = 0; i < HPNIC_NUM_REGS; i++) {
			const struct hpnic_reg_desc *d = &hpnic_reg_table[i];
			uint32_t v = (uint32_t)rnd();
			if (plain_rw(d)) {
				csr_rtl_write(r, d->offset, v);
				uint32_t got = csr_rtl_read(r, d->offset);
				CHECK(got == (v & d->mask), "%s.%s: wrote %08x, reads %08x (mask %08x)",
				      d->block, d->name, v, got, d->mask);
				rw++;
			} else if (d->access == HPNIC_REG_WO) {
				/* (not written: a CMD or a doorbell acts) */
				CHECK(csr_rtl_read(r, d->offset) == 0, "%s.%s is write-only: reads not 0",
				      d->block, d->name);
				wo++;
			} else if (d->access == HPNIC_REG_RO && d->count == 1 && is_header(d)) {
				uint32_t before = csr_rtl_read(r, d->offset);
				csr_rtl_write(r, d->offset, ~before);
				CHECK(csr_rtl_read(r, d->offset) == before, "%s.%s is read-only: a write "
				      "changed it", d->block, d->name);
				ro++;
			}
		}
	}
	printf("  %u read-write round trips, %u write-only and %u read-only checks\n", rw, wo, ro);
}

static void test_doorbells(struct csr_rtl *r, unsigned count)
{
	static struct csr_rqdb rq_want[4096];
	struct csr_post want[4096], got;
	struct csr_rqdb rq_got;
	unsigned nwant = 0, nbad = 0, ngot = 0, nrq = 0, nrq_got = 0, nrq_bad = 0;
	struct csr_outs o0, o1;

	if (count > 4096)
		count = 4096;
	csr_rtl_outs(r, &o0);
	for (unsigned k = 0; k < count; k++) {
		unsigned qpn = rndr(8) == 0 ? CSR_RTL_QPS + rndr(CSR_RTL_QPS) : rndr(CSR_RTL_QPS);
		unsigned pi = (unsigned)rnd() & 0xffff;
		if (rndr(3) == 0) {
			/* a receive doorbell: to the RQ fetch, which counts the bad ones */
			csr_rtl_write(r, HPNIC_DB_RQ_DB(qpn), pi);
			rq_want[nrq++] = (struct csr_rqdb){ qpn % CSR_RTL_QPS, pi, qpn >= CSR_RTL_QPS };
			nrq_bad += qpn >= CSR_RTL_QPS;
			while (rndr(4) == 0 && csr_rtl_pop_rqdb(r, &rq_got)) {
				CHECK(nrq_got < nrq && rq_got.qpn == rq_want[nrq_got].qpn &&
				      rq_got.pi == rq_want[nrq_got].pi && rq_got.bad == rq_want[nrq_got].bad,
				      "RQ doorbell %u: qpn %u pi %u bad %u", nrq_got, rq_got.qpn, rq_got.pi,
				      rq_got.bad);
				nrq_got++;
			}
			continue;
		}
		csr_rtl_write(r, HPNIC_DB_SQ_DB(qpn), pi);
		if (qpn < CSR_RTL_QPS)
			want[nwant++] = (struct csr_post){ qpn, pi };
		else
			nbad++;
		/* drain now and then, so the queue also runs full and empty */
		while (rndr(4) == 0 && csr_rtl_pop_post(r, &got)) {
			CHECK(ngot < nwant && got.qpn == want[ngot].qpn && got.pi == want[ngot].pi,
			      "Post %u: qpn %u pi %u, want qpn %u pi %u", ngot, got.qpn, got.pi,
			      want[ngot].qpn, want[ngot].pi);
			ngot++;
		}
	}
	csr_rtl_idle(r, 200);
	while (csr_rtl_pop_post(r, &got)) {
		CHECK(ngot < nwant && got.qpn == want[ngot].qpn && got.pi == want[ngot].pi,
		      "Post %u: qpn %u pi %u, want qpn %u pi %u", ngot, got.qpn, got.pi,
		      ngot < nwant ? want[ngot].qpn : 0, ngot < nwant ? want[ngot].pi : 0);
		ngot++;
	}
	while (csr_rtl_pop_rqdb(r, &rq_got)) {
		CHECK(nrq_got < nrq && rq_got.qpn == rq_want[nrq_got].qpn &&
		      rq_got.pi == rq_want[nrq_got].pi && rq_got.bad == rq_want[nrq_got].bad,
		      "RQ doorbell %u: qpn %u pi %u bad %u", nrq_got, rq_got.qpn, rq_got.pi, rq_got.bad);
		nrq_got++;
	}
	CHECK(nrq_got == nrq, "%u RQ doorbells out, want %u", nrq_got, nrq);
	csr_rtl_outs(r, &o1);
	CHECK(ngot == nwant, "%u Posts, want %u", ngot, nwant);
	CHECK(o1.stat_doorbells - o0.stat_doorbells == nwant, "doorbell counter +%u, want +%u",
	      o1.stat_doorbells - o0.stat_doorbells, nwant);
	CHECK(o1.stat_doorbell_bad_qp - o0.stat_doorbell_bad_qp == nbad,
	      "bad-QP doorbell counter +%u, want +%u",
	      o1.stat_doorbell_bad_qp - o0.stat_doorbell_bad_qp, nbad);
	printf("  %u doorbells: %u Posts in order, %u beyond the table dropped and counted; "
	       "%u RQ doorbells in order (%u flagged beyond the table)\n", count, ngot, nbad, nrq_got,
	       nrq_bad);
}

/*
 * Doorbell pages: in the page of QP q, only the doorbell's own word rings,
 * and it rings q. Every other word of the page, written with a value that
 * would be a fine producer index, rings nothing and is counted; every word
 * reads 0 (except the block header in page 0). A page beyond the QP table
 * rings nothing either.
 */
static void test_doorbell_pages(struct csr_rtl *r)
{
	static const unsigned qpns[] = { 1, 2, CSR_RTL_QPS - 1, CSR_RTL_QPS, 4095 };
	struct csr_outs o0, o1;
	struct csr_post got;
	unsigned others = 0, rings = 0;

	for (unsigned i = 0; i < sizeof(qpns) / sizeof(qpns[0]); i++) {
		unsigned q = qpns[i];
		uint32_t page = HPNIC_DB_BASE + 4096u * q;

		csr_rtl_outs(r, &o0);
		for (uint32_t off = 0; off < 4096; off += 4) {
			if (page + off == HPNIC_DB_SQ_DB(q) || page + off == HPNIC_DB_RQ_DB(q))
				continue;
			csr_rtl_write(r, page + off, 0x1234);
			others++;
			if (off % 256 == 0)
				CHECK(csr_rtl_read(r, page + off) == 0, "page of QP %u, word %#x reads "
				      "not 0", q, off);
		}
		csr_rtl_idle(r, 50);
		csr_rtl_outs(r, &o1);
		CHECK(!csr_rtl_pop_post(r, &got), "page of QP %u: a write off the doorbell rang "
		      "QP %u", q, got.qpn);
		CHECK(o1.stat_doorbell_bad_offset - o0.stat_doorbell_bad_offset == 1022 &&
		      o1.stat_doorbells == o0.stat_doorbells, "page of QP %u: %u writes off the "
		      "doorbells counted, want 1022; doorbells +%u", q,
		      o1.stat_doorbell_bad_offset - o0.stat_doorbell_bad_offset,
		      o1.stat_doorbells - o0.stat_doorbells);
		/* the doorbell word itself rings this QP and no other */
		csr_rtl_write(r, HPNIC_DB_SQ_DB(q), 0x4321);
		csr_rtl_idle(r, 50);
		if (q < CSR_RTL_QPS) {
			CHECK(csr_rtl_pop_post(r, &got) && got.qpn == q && got.pi == 0x4321,
			      "the doorbell of QP %u rang QP %u pi %#x", q, got.qpn, got.pi);
			rings++;
		}
		CHECK(!csr_rtl_pop_post(r, &got), "the doorbell of QP %u rang a second Post", q);
		CHECK(csr_rtl_read(r, HPNIC_DB_SQ_DB(q)) == 0, "doorbell of QP %u reads not 0", q);
		/* and the receive doorbell goes to the RQ fetch, for this QP only */
		struct csr_rqdb d;
		CHECK(!csr_rtl_pop_rqdb(r, &d), "page of QP %u: a write off the doorbells rang the "
		      "RQ of QP %u", q, d.qpn);
		csr_rtl_write(r, HPNIC_DB_RQ_DB(q), 0x5678);
		csr_rtl_idle(r, 50);
		CHECK(csr_rtl_pop_rqdb(r, &d) && d.qpn == q % CSR_RTL_QPS && d.pi == 0x5678 &&
		      d.bad == (q >= CSR_RTL_QPS), "the RQ doorbell of QP %u: qpn %u pi %#x bad %u", q,
		      d.qpn, d.pi, d.bad);
		CHECK(!csr_rtl_pop_post(r, &got), "the RQ doorbell of QP %u rang a Post", q);
		CHECK(csr_rtl_read(r, HPNIC_DB_RQ_DB(q)) == 0, "RQ doorbell of QP %u reads not 0", q);
	}
	/* page 0 holds the block header, read-only */
	CHECK(csr_rtl_read(r, HPNIC_DB_BASE + HPNIC_HDR_TYPE) == HPNIC_DB_BLOCK_TYPE &&
	      csr_rtl_read(r, HPNIC_DB_BASE + HPNIC_HDR_SIZE) == HPNIC_DB_BLOCK_SIZE,
	      "the DB block's header in page 0");
	printf("  doorbell pages: %u words off the doorbells in %u pages ring nothing; %u doorbells "
	       "ring their own QP, and each RQ doorbell its own RQ\n", others, (unsigned)(sizeof(qpns) / sizeof(qpns[0])), rings);
}

/* the per-QP fields CMD READ gives back */
struct shadow {
	unsigned state, mtu, mode, ovr, t_ns, wai, max_stage, max_rd, min_rnr, rnr_retry, opts;
	int valid;
};

static void test_qp_cmds(struct csr_rtl *r, unsigned count)
{
	static struct shadow sh[CSR_RTL_QPS];
	struct csr_outs o0, o1;
	unsigned pulses = 0, errors = 0, starts = 0, reads = 0, last_qpn = 0;
	unsigned last_min_rnr = 0, last_rnr_retry = 0, rnr_bad = 0;
	struct csr_start st;

	csr_rtl_outs(r, &o0);
	while (csr_rtl_pop_start(r, &st))
		;
	for (unsigned k = 0; k < count; k++) {
		unsigned qpn = rndr(6) == 0 ? CSR_RTL_QPS + rndr(1000) : rndr(CSR_RTL_QPS);
		unsigned state = rndr(6), mtu = rndr(8) == 0 ? rndr(16) : 8 + rndr(5);
		unsigned cqn = rndr(10) == 0 ? CSR_RTL_CQS + rndr(8) : rndr(CSR_RTL_CQS);
		unsigned sq_log2 = rndr(10) == 0 ? 16 + rndr(16) : rndr(16);
		/* 64- or 128-byte WQEs (0 means 64); now and then a bad size */
		unsigned wqe_log2 = rndr(10) == 0 ? rndr(16) : (unsigned[]){ 0, 6, 7 }[rndr(3)];
		unsigned mode = rndr(4), ovr = rndr(2), opts = rndr(4), t_ns = rndr(1u << 20), wai = rndr(1u << 20);
		unsigned ms = rndr(16), sq_psn = rndr(1u << 24), rq_psn = rndr(1u << 24);
		/* max_rd_atomic: 0 (the maximum) or 1..16; now and then too many */
		unsigned max_rd = rndr(10) == 0 ? 17 + rndr(239) : rndr(17);
		/* the RNR timer code 0..31 and RNR retries 0..7; now and then
		 * more, half of those just past the limit */
		unsigned min_rnr = rndr(12) == 0 ? 32 + (rndr(2) ? 0 : rndr(224)) : rndr(32);
		unsigned rnr_retry = rndr(12) == 0 ? 8 + (rndr(2) ? 0 : rndr(248)) : rndr(8);
		/* the receive queue: none, 2..2^15 entries, now and then too many;
		 * its base aligned to its size up to a page, now and then not */
		unsigned rq_log2 = rndr(10) == 0 ? 16 + rndr(16) : rndr(16);
		unsigned rq_align = rq_log2 >= 7 ? 4096 : 32u << rq_log2;
		/* now and then one bit below the alignment set, half the time the
		 * highest (the edge of the rule) */
		unsigned mis = rq_align > 32 ? (rndr(2) ? rq_align / 2 : 32u << rndr(rq_log2 < 7 ? rq_log2 : 7)) : 0;
		uint64_t rq_base = (rnd() & ~(uint64_t)(4096 - 1)) + (rndr(8) == 0 ? mis : 0);
		unsigned rcqn = rndr(10) == 0 ? CSR_RTL_CQS + rndr(8) : rndr(CSR_RTL_CQS);
		int rq_bad = rq_log2 > 15 || rcqn >= CSR_RTL_CQS ||
			     (rq_log2 != 0 && (rq_base & (rq_align - 1)) != 0);
		unsigned pick = rndr(10);
		static const unsigned starts3[] = { HPNIC_QP_CMD_START, HPNIC_QP_CMD_START_RQ,
						    HPNIC_QP_CMD_START_SQ };
		unsigned cmd = pick < 4 ? HPNIC_QP_CMD_WRITE : pick < 7 ? starts3[rndr(3)] :
			       pick < 9 ? HPNIC_QP_CMD_READ : 6 + rndr(250);
		int is_start = cmd == HPNIC_QP_CMD_START || cmd == HPNIC_QP_CMD_START_RQ ||
			       cmd == HPNIC_QP_CMD_START_SQ;
		unsigned want_err;

		csr_rtl_write(r, HPNIC_QP_QPN, qpn);
		csr_rtl_write(r, HPNIC_QP_STATE, state);
		csr_rtl_write(r, HPNIC_QP_MTU_LOG2, mtu);
		csr_rtl_write(r, HPNIC_QP_CQN, cqn);
		csr_rtl_write(r, HPNIC_QP_SQ_LOG2, sq_log2);
		csr_rtl_write(r, HPNIC_QP_SQ_WQE_LOG2, wqe_log2);
		csr_rtl_write(r, HPNIC_QP_CC_MODE, mode);
		csr_rtl_write(r, HPNIC_QP_CC_OVERRIDE, ovr);
		csr_rtl_write(r, HPNIC_QP_CC_OPTS, opts);
		csr_rtl_write(r, HPNIC_QP_QP_T_NS, t_ns);
		csr_rtl_write(r, HPNIC_QP_QP_WAI, wai);
		csr_rtl_write(r, HPNIC_QP_QP_MAX_STAGE, ms);
		csr_rtl_write(r, HPNIC_QP_SQ_PSN, sq_psn);
		csr_rtl_write(r, HPNIC_QP_RQ_PSN, rq_psn);
		csr_rtl_write(r, HPNIC_QP_MAX_RD_ATOMIC, max_rd);
		csr_rtl_write(r, HPNIC_QP_MIN_RNR_TIMER, min_rnr);
		csr_rtl_write(r, HPNIC_QP_RNR_RETRY, rnr_retry);
		CHECK(csr_rtl_read(r, HPNIC_QP_MIN_RNR_TIMER) == min_rnr &&
		      csr_rtl_read(r, HPNIC_QP_RNR_RETRY) == rnr_retry,
		      "QP.MIN_RNR_TIMER %u, QP.RNR_RETRY %u staged, read back %u and %u", min_rnr,
		      rnr_retry, csr_rtl_read(r, HPNIC_QP_MIN_RNR_TIMER),
		      csr_rtl_read(r, HPNIC_QP_RNR_RETRY));
		csr_rtl_write(r, HPNIC_QP_RQ_BASE_LO, (uint32_t)rq_base);
		csr_rtl_write(r, HPNIC_QP_RQ_BASE_HI, (uint32_t)(rq_base >> 32));
		csr_rtl_write(r, HPNIC_QP_RQ_LOG2, rq_log2);
		csr_rtl_write(r, HPNIC_QP_RCQN, rcqn);
		csr_rtl_write(r, HPNIC_QP_CMD, cmd);

		if (cmd != HPNIC_QP_CMD_WRITE && !is_start && cmd != HPNIC_QP_CMD_READ)
			want_err = HPNIC_ERR_BAD_CMD;
		else if (qpn >= CSR_RTL_QPS)
			want_err = HPNIC_ERR_BAD_INDEX;
		else if (cmd != HPNIC_QP_CMD_READ &&
			 (mtu < 6 || mtu > 12 || sq_log2 > 15 || state > HPNIC_QPS_ERR ||
			  cqn >= CSR_RTL_CQS || (wqe_log2 != 0 && wqe_log2 != 6 && wqe_log2 != 7) ||
			  max_rd > 16 || min_rnr > 31 || rnr_retry > 7 || rq_bad))
			want_err = HPNIC_ERR_BAD_VALUE;
		else
			want_err = HPNIC_ERR_OK;

		uint32_t status = csr_rtl_read(r, HPNIC_QP_CMD_STATUS);
		CHECK(HPNIC_GET(HPNIC_QP_CMD_STATUS_ERROR, status) == want_err,
		      "QP cmd %u qpn %u: error %u, want %u", cmd, qpn,
		      HPNIC_GET(HPNIC_QP_CMD_STATUS_ERROR, status), want_err);
		CHECK(csr_rtl_read(r, HPNIC_CTRL_ERR_CODE) == want_err, "CTRL.ERR_CODE after QP cmd");
		if (want_err) {
			errors++;
			rnr_bad += want_err == HPNIC_ERR_BAD_VALUE && (min_rnr > 31 || rnr_retry > 7);
			continue;
		}
		if (cmd == HPNIC_QP_CMD_READ) {
			/* the staging registers now hold the QP's shadow */
			const struct shadow *s = &sh[qpn];
			if (s->valid) {
				CHECK(csr_rtl_read(r, HPNIC_QP_STATE) == s->state &&
				      csr_rtl_read(r, HPNIC_QP_MTU_LOG2) == s->mtu &&
				      csr_rtl_read(r, HPNIC_QP_CC_MODE) == s->mode &&
				      csr_rtl_read(r, HPNIC_QP_CC_OVERRIDE) == s->ovr &&
				      csr_rtl_read(r, HPNIC_QP_CC_OPTS) == s->opts &&
				      csr_rtl_read(r, HPNIC_QP_QP_T_NS) == s->t_ns &&
				      csr_rtl_read(r, HPNIC_QP_QP_WAI) == s->wai &&
				      csr_rtl_read(r, HPNIC_QP_QP_MAX_STAGE) == s->max_stage &&
				      csr_rtl_read(r, HPNIC_QP_MAX_RD_ATOMIC) == s->max_rd &&
				      csr_rtl_read(r, HPNIC_QP_MIN_RNR_TIMER) == s->min_rnr &&
				      csr_rtl_read(r, HPNIC_QP_RNR_RETRY) == s->rnr_retry,
				      "CMD READ of QP %u: not the context last written", qpn);
				reads++;
			}
			continue;
		}
		pulses++;
		last_qpn = qpn;
		last_min_rnr = min_rnr;
		last_rnr_retry = rnr_retry;
		/* the context write carries them, as checked */
		csr_rtl_idle(r, 2);
		csr_rtl_outs(r, &o1);
		CHECK(o1.last_qp_wr_min_rnr == min_rnr && o1.last_qp_wr_rnr_retry == rnr_retry,
		      "QP %u context write: RNR timer code %u, RNR retries %u; want %u and %u", qpn,
		      o1.last_qp_wr_min_rnr, o1.last_qp_wr_rnr_retry, min_rnr, rnr_retry);
		CHECK(o1.last_rq_base == rq_base && o1.last_rq_log2 == rq_log2 && o1.last_rcqn == rcqn,
		      "QP %u context write: RQ base %#llx log2 %u RCQN %u, want %#llx %u %u", qpn,
		      (unsigned long long)o1.last_rq_base, o1.last_rq_log2, o1.last_rcqn,
		      (unsigned long long)rq_base, rq_log2, rcqn);
		sh[qpn] = (struct shadow){ state, mtu, mode, ovr, t_ns, wai, ms, max_rd, min_rnr,
					   rnr_retry, opts, 1 };
		if (is_start) {
			/* START restarts both sides; START_RQ (RTR) the receive side,
			 * START_SQ (RTS) the send side */
			unsigned want_sq = cmd != HPNIC_QP_CMD_START_RQ;
			unsigned want_rq = cmd != HPNIC_QP_CMD_START_SQ;

			starts++;
			csr_rtl_idle(r, 8 + rndr(8));
			int ok = csr_rtl_pop_start(r, &st);
			CHECK(ok && st.qpn == qpn && st.sq_psn == sq_psn && st.rq_psn == rq_psn &&
			      st.mtu_log2 == mtu && st.cc_mode == mode && st.cc_opts == opts &&
			      st.cc_ovr == ovr && st.cc_t_ns == t_ns && st.cc_wai == wai &&
			      st.cc_max_stage == ms && st.sq == want_sq && st.rq == want_rq,
			      "START %u of QP %u: event %d qpn %u sq %06x rq %06x mtu %u mode %u "
			      "options %u override %u T %u W_AI %u maxStage %u sides %u%u", cmd, qpn,
			      ok, st.qpn, st.sq_psn, st.rq_psn, st.mtu_log2, st.cc_mode, st.cc_opts,
			      st.cc_ovr, st.cc_t_ns, st.cc_wai, st.cc_max_stage, st.sq, st.rq);
		}
	}
	csr_rtl_outs(r, &o1);
	CHECK(o1.qp_wr_pulses - o0.qp_wr_pulses == pulses, "context write pulses %u, want %u",
	      o1.qp_wr_pulses - o0.qp_wr_pulses, pulses);
	CHECK(!pulses || o1.last_qp_wr_qpn == last_qpn, "last context write to QP %u, want %u",
	      o1.last_qp_wr_qpn, last_qpn);
	CHECK(!pulses || (o1.last_qp_wr_min_rnr == last_min_rnr &&
			  o1.last_qp_wr_rnr_retry == last_rnr_retry),
	      "last context write: RNR timer code %u, RNR retries %u; want %u and %u",
	      o1.last_qp_wr_min_rnr, o1.last_qp_wr_rnr_retry, last_min_rnr, last_rnr_retry);
	CHECK(o1.stat_cmd_errors - o0.stat_cmd_errors == errors, "command errors +%u, want +%u",
	      o1.stat_cmd_errors - o0.stat_cmd_errors, errors);
	printf("  %u QP commands: %u context writes (%u starts), %u shadow reads checked, %u refused "
	       "(%u for an RNR value)\n", count, pulses, starts, reads, errors, rnr_bad);
}

static void test_stats(struct csr_rtl *r)
{
	uint64_t v[CSR_RTL_NCOUNTERS];

	for (unsigned i = 0; i < CSR_RTL_NCOUNTERS; i++) {
		v[i] = rnd();
		csr_rtl_set_stat(r, i, v[i]);
	}
	CHECK(csr_rtl_read(r, HPNIC_STATS_COUNT) == CSR_RTL_NCOUNTERS, "STATS.COUNT");
	for (unsigned i = 0; i < CSR_RTL_NCOUNTERS + 4; i++) {
		csr_rtl_write(r, HPNIC_STATS_SEL, i);
		uint32_t lo = csr_rtl_read(r, HPNIC_STATS_VALUE_LO);
		/* the high half is the one latched at the low read */
		if (i < CSR_RTL_NCOUNTERS)
			csr_rtl_set_stat(r, i, v[i] + (1ull << 32));
		uint32_t hi = csr_rtl_read(r, HPNIC_STATS_VALUE_HI);
		uint64_t want = i < CSR_RTL_NCOUNTERS ? v[i] : 0;
		CHECK(((uint64_t)hi << 32 | lo) == want, "counter %u reads %08x%08x, want %016llx", i,
		      hi, lo, (unsigned long long)want);
	}
	printf("  %d counters and 4 beyond them\n", CSR_RTL_NCOUNTERS);
}

/*
 * The event queue: events in (the datapath's stream and the CQ writer's
 * pulses, at random), CTRL.EVENT reads them back in order, VALID 0 when
 * empty; beyond 16 waiting, events are dropped and counted in EVENT_LOST
 */
static void test_events(struct csr_rtl *r, unsigned rounds)
{
	unsigned got = 0, lost0 = csr_rtl_read(r, HPNIC_CTRL_EVENT_LOST);

	CHECK(!(csr_rtl_read(r, HPNIC_CTRL_EVENT) & HPNIC_CTRL_EVENT_VALID_MASK),
	      "an event before any was raised");
	for (unsigned k = 0; k < rounds; k++) {
		unsigned n = 1 + rndr(16), type[16], id[16];

		for (unsigned i = 0; i < n; i++) {
			if (rndr(4) == 0) {
				type[i] = HPNIC_ASYNC_EVENT_CQ_ERR;
				id[i] = rndr(CSR_RTL_CQS);
				csr_rtl_cq_err(r, id[i]);
			} else {
				type[i] = HPNIC_ASYNC_EVENT_QP_FATAL + rndr(3);
				id[i] = rndr(CSR_RTL_QPS);
				csr_rtl_event(r, type[i], id[i]);
			}
		}
		while (csr_rtl_events_pending(r))
			csr_rtl_idle(r, 1);
		for (unsigned i = 0; i < n; i++) {
			uint32_t v = csr_rtl_read(r, HPNIC_CTRL_EVENT);

			CHECK((v & HPNIC_CTRL_EVENT_VALID_MASK) &&
			      HPNIC_GET(HPNIC_CTRL_EVENT_TYPE, v) == type[i] &&
			      HPNIC_GET(HPNIC_CTRL_EVENT_ID, v) == id[i],
			      "event %u of %u: read 0x%08x, want type %u id %u", i, n, v, type[i], id[i]);
			got++;
		}
		CHECK(!(csr_rtl_read(r, HPNIC_CTRL_EVENT) & HPNIC_CTRL_EVENT_VALID_MASK),
		      "an event beyond the %u raised", n);
	}
	CHECK(csr_rtl_read(r, HPNIC_CTRL_EVENT_LOST) == lost0, "events lost below 16 waiting");
	/* 20 at once: 16 kept, 4 counted lost */
	for (unsigned i = 0; i < 20; i++)
		csr_rtl_event(r, HPNIC_ASYNC_EVENT_QP_ACCESS_ERR, i);
	while (csr_rtl_events_pending(r))
		csr_rtl_idle(r, 1);
	for (unsigned i = 0; i < 16; i++) {
		uint32_t v = csr_rtl_read(r, HPNIC_CTRL_EVENT);
		CHECK((v & HPNIC_CTRL_EVENT_VALID_MASK) && HPNIC_GET(HPNIC_CTRL_EVENT_ID, v) == i,
		      "a full queue: event %u reads 0x%08x", i, v);
	}
	CHECK(!(csr_rtl_read(r, HPNIC_CTRL_EVENT) & HPNIC_CTRL_EVENT_VALID_MASK),
	      "a full queue kept more than 16");
	CHECK(csr_rtl_read(r, HPNIC_CTRL_EVENT_LOST) == lost0 + 4, "EVENT_LOST %u, want %u",
	      csr_rtl_read(r, HPNIC_CTRL_EVENT_LOST), lost0 + 4);
	printf("  %u events read back in order; a full queue keeps 16 and counts the rest\n", got);
}

int main(int argc, char **argv)
{
	uint64_t count = 400;

	tb_args(argc, argv, "tb_host_csr",
		"hpnic_host_csr alone: registers, block list, doorbells, QP commands, counters.",
		"count", &count, NULL);

	struct csr_rtl *r = csr_rtl_new(rnd(), 0.3, 0.3);

	test_reset_and_blocks(r);
	test_ranges(r, 60);
	test_rw(r, 3);
	csr_rtl_reset(r);
	test_doorbells(r, (unsigned)count * 4);
	test_doorbell_pages(r);
	test_qp_cmds(r, (unsigned)count);
	test_stats(r);
	test_events(r, 50);
	printf("  %llu cycles\n", (unsigned long long)csr_rtl_cycles(r));
	csr_rtl_free(r);
	return tb_finish("tb_host_csr");
}
