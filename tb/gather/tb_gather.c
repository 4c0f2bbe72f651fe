/* SPDX-License-Identifier: MIT */
/*
 * tb_gather: rtl/tx/hpnic_tx_gather alone, cycle by cycle, against a model
 * of host memory (512 KiB of random bytes at an IO address whose range
 * crosses a 4 GiB boundary). The harness (gather_rtl.cpp) serves the DMA
 * reads in order from that memory with a random latency and random idle
 * cycles between beats, random bytes in the unused lanes of each read's
 * last beat, holds m_dma_rd_ready and m_pay_tready low at random and puts
 * random idle cycles before the requests.
 *
 * The requests are the packets of random WQEs, several WQEs interleaved:
 *  - one-range: a buffer at any byte alignment, cut into packets of the
 *    WQE's MTU (64..4096), the request's off and nsge_m1 random (ignored);
 *  - list: 1..4 SGEs, their list in a 64-byte slot of host memory (the
 *    entries past nsge_m1 random; the L_Keys that of the region the
 *    harness registers, one in 20 with a wrong tag), lengths 0, 1, small,
 *    up to a packet and beyond (to 16 KiB), addresses at any alignment
 *    (a zero-length SGE that is never read may point anywhere); the WQE
 *    length is the sum of the SGEs' and is cut into packets of the MTU
 *    as the NIC does (off = k * mtu, len = min(mtu, total - off)); now
 *    and then a "short" list, whose WQE length exceeds the sum, so that
 *    its last packets read past the last SGE's end;
 *  - big: a list whose first one or two SGEs are 1 MiB..4 GiB long, of
 *    which only the packets from just before the end of the big ones on
 *    are sent (a resend from the middle of a WQE): offsets up to 2^32.
 *
 * 2% of the reads fail (tuser on their last beat, picked by address and
 * length: gather_rd_fails): a packet with a failed payload read, or whose
 * list read failed, must come out flagged (m_pay_tuser on its last beat),
 * the others not; a list whose read failed is not followed: its pieces are
 * zeros, not read, and not counted as bad keys.
 *
 * Checked: every payload packet byte for byte against memory, in order,
 * with its length, a contiguous tkeep from lane 0 (full but on the last
 * beat) and one tlast; both outputs held unchanged until taken; every
 * DMA read within host memory, 1..4096 bytes, and exactly the reads due:
 * a 64-byte list read per list packet (in order) and one read per
 * non-empty intersection of the packet with the SGEs (the last one
 * unbounded) under a good key, at the right address and length, in
 * order, and none for one under a bad key, whose bytes are zeros; nothing stuck
 * (no transfer on any port for 20,000 cycles with work outstanding);
 * after the run, no stray beat or read, and the counters stat_sgl_pkts,
 * stat_pieces, stat_short and stat_lkey_err.
 *
 * The random run uses the small-FIFO model (2 list reads, 4 requests, 8
 * reads in flight), its conditions redrawn every few hundred packets (none
 * to heavy back-pressure, DMA latency 0..40 cycles); a quarter as many
 * packets then go through the default model. Last, the figures: both
 * models with no back-pressure or idle cycles and the DMA's data the cycle
 * after each read, cycles per packet for one-range and list packets.
 *
 * Prints its seed; --seed reruns it; --packets N the random run's length;
 * --fst FILE waves of the small model's run.
 */
#define _POSIX_C_SOURCE 200809L

#include <inttypes.h>

#include "gather_rtl.h"
#include "tb_util.h"

#define MEM_BASE 0x00000a7ffffc0000ull  /* + 256 KiB is a 4 GiB boundary */
#define MEM_SIZE (512u << 10)
#define PAY_SIZE (448u << 10)           /* payload buffers below ... */
#define LIST_OFF PAY_SIZE               /* ... the SGE lists above */
#define NSLOTS ((MEM_SIZE - LIST_OFF) / 64)
#define RING 256                        /* packets outstanding at most */
#define MAXACT 4                        /* WQEs interleaved */
#define WATCHDOG 20000

static struct gather_rtl *R;
static uint8_t mem[MEM_SIZE];

/* ---- WQEs ---- */

enum { W_ONE, W_LIST, W_BIG };
static const char *const kind_name[] = { "one-range", "list", "big list" };

struct wqe {
	int live;
	unsigned id, kind, nsge, mtu, slot;
	uint64_t addr;          /* one-range: the buffer; list: the list */
	uint64_t sa[4];         /* the SGEs, and where each starts in the list */
	uint32_t sl[4];
	uint64_t start[4];
	uint64_t sum, total;    /* the SGEs' lengths; the WQE's */
	uint64_t next, end;     /* the next packet's offset; the end of those sent */
	uint8_t badkey[4];      /* this SGE's L_Key has a wrong tag: its pieces are zeros */
};

/* ---- what must come out ---- */

struct pkt {
	uint64_t n;
	struct wqe w;
	struct gather_req q;
	unsigned pieces, shrt;
	unsigned got, beats;    /* bytes and beats seen */
	int bad;                /* described already */
	int fail;               /* a read of it fails: m_pay_tuser on its last beat */
	uint8_t want[4096];
};

struct xrd {
	uint64_t addr, pkt;
	unsigned len;
};

static struct pkt ring[RING];
static uint64_t n_pushed, n_done;
static struct xrd xlist[RING], xpay[4 * RING];
static uint64_t xlist_head, xlist_n, xpay_head, xpay_n;

/* list slots: the last packet that reads each; held by a WQE with packets
 * still to send */
static uint64_t slot_last[NSLOTS];
static uint8_t slot_used[NSLOTS], slot_held[NSLOTS];
static unsigned slot_next;

static uint64_t last_push;      /* the cycle of the last request pushed */
/* the reads the harness fails (gather_rd_fails): 0 in the figures */
static struct gather_cfg fail_cfg;

/* totals of a run, and coverage */
static struct {
	uint64_t pkts, beats, sgl, pieces, shrt, lkey_err, fail_pkts, fail_lists;
	uint64_t by_pieces[5], one, big, zero_sge, sge_end, off2g;
	uint64_t first_beat, last_beat, first_end, last_end, cycles;
	unsigned wqes;
} T;

/* ---- helpers ---- */

static void put_le(uint8_t *p, uint64_t v, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

/* a buffer of n bytes in the payload area, at any alignment */
static uint64_t pay_addr(uint64_t n)
{
	if (n > PAY_SIZE) {
		CHECK(0, "test: a buffer of %" PRIu64 " bytes does not fit", n);
		n = PAY_SIZE;
	}
	return MEM_BASE + rndr((uint32_t)(PAY_SIZE - n + 1));
}

static int in_mem(uint64_t addr, uint64_t len)
{
	return addr >= MEM_BASE && addr - MEM_BASE <= MEM_SIZE && len <= MEM_SIZE - (addr - MEM_BASE);
}

static void describe(const struct pkt *p)
{
	const struct wqe *w = &p->w;

	fprintf(stderr, "  packet %" PRIu64 ": %s WQE %u, MTU %u, WQE length %" PRIu64, p->n,
		kind_name[w->kind], w->id, w->mtu, w->total);
	if (w->kind == W_ONE) {
		fprintf(stderr, " at %#" PRIx64 "; request addr %#" PRIx64 " len %u\n", w->addr,
			p->q.addr, p->q.len);
		return;
	}
	fprintf(stderr, " (SGEs %" PRIu64 "%s); request list %#" PRIx64 " len %u nsge_m1 %u "
		"off %" PRIu32 " (bytes %" PRIu32 "..%" PRIu64 "), %u pieces%s\n", w->sum,
		w->sum < w->total ? ", short" : "", p->q.addr, p->q.len, p->q.nsge_m1, p->q.off,
		p->q.off, (uint64_t)p->q.off + p->q.len, p->pieces, p->shrt ? ", past the end" : "");
	for (unsigned k = 0; k < w->nsge; k++)
		fprintf(stderr, "    SGE %u: addr %#" PRIx64 " len %" PRIu32 " (list bytes %" PRIu64
			"..%" PRIu64 ")\n", k, w->sa[k], w->sl[k], w->start[k],
			w->start[k] + w->sl[k]);
}

/* ---- the checker ---- */

static void on_read(const struct gather_rd *rd)
{
	int list = rd->addr >= MEM_BASE + LIST_OFF && rd->addr < MEM_BASE + MEM_SIZE;
	const struct xrd *x = NULL;

	CHECK(rd->len >= 1 && rd->len <= 4096 && in_mem(rd->addr, rd->len),
	      "DMA read at %#" PRIx64 " of %u bytes (cycle %" PRIu64 "): outside host memory "
	      "%#llx..%#llx or not 1..4096 bytes", rd->addr, rd->len, rd->cycle, MEM_BASE,
	      MEM_BASE + MEM_SIZE);
	if (list) {
		CHECK(xlist_n, "DMA read at %#" PRIx64 " len %u (cycle %" PRIu64 "): a list read "
		      "with none due", rd->addr, rd->len, rd->cycle);
		if (xlist_n) {
			x = &xlist[xlist_head++ % RING];
			xlist_n--;
		}
	} else {
		CHECK(xpay_n, "DMA read at %#" PRIx64 " len %u (cycle %" PRIu64 "): a payload "
		      "read with none due", rd->addr, rd->len, rd->cycle);
		if (xpay_n) {
			x = &xpay[xpay_head++ % (4 * RING)];
			xpay_n--;
		}
	}
	if (!x)
		return;
	CHECK(rd->addr == x->addr && rd->len == x->len, "packet %" PRIu64 ": %s read at %#" PRIx64
	      " of %u bytes (cycle %" PRIu64 "), want %#" PRIx64 " of %u", x->pkt,
	      list ? "list" : "payload", rd->addr, rd->len, rd->cycle, x->addr, x->len);
	if (rd->addr != x->addr || rd->len != x->len) {
		struct pkt *p = &ring[x->pkt % RING];
		if (x->pkt >= n_done && !p->bad) {
			describe(p);
			p->bad = 1;
		}
	}
}

static void on_beat(const struct gather_beat *b)
{
	if (n_done == n_pushed) {
		CHECK(0, "payload beat at cycle %" PRIu64 " with no packet due (after packet %" PRIu64
		      ")", b->cycle, n_done);
		return;
	}
	struct pkt *p = &ring[n_done % RING];
	unsigned n = 0;

	while (n < 64 && (b->keep >> n & 1))
		n++;
	uint64_t contig = n == 64 ? ~0ull : (1ull << n) - 1;
	int ok = 1;

	T.beats++;
	if (!T.first_beat)
		T.first_beat = b->cycle;
	T.last_beat = b->cycle;
	if (b->keep != contig || !n || (!b->last && n != 64)) {
		CHECK(0, "packet %" PRIu64 " beat %u (cycle %" PRIu64 "): tkeep %016" PRIx64 ", want "
		      "contiguous from lane 0%s", p->n, p->beats, b->cycle, b->keep,
		      b->last ? "" : " and all ones (not the last beat)");
		ok = 0;
	}
	/* the frame assembler trusts these two: the byte count, zero lanes */
	if (b->bytes != n) {
		CHECK(0, "packet %" PRIu64 " beat %u (cycle %" PRIu64 "): tbytes %u, tkeep holds %u",
		      p->n, p->beats, b->cycle, b->bytes, n);
		ok = 0;
	}
	for (unsigned i = n; i < 64; i++)
		if (b->data[i]) {
			CHECK(0, "packet %" PRIu64 " beat %u (cycle %" PRIu64 "): unused lane %u is "
			      "%02x, not zero", p->n, p->beats, b->cycle, i, b->data[i]);
			ok = 0;
			break;
		}
	if (p->got + n > p->q.len) {
		CHECK(0, "packet %" PRIu64 " beat %u (cycle %" PRIu64 "): %u bytes beyond its length "
		      "%u%s", p->n, p->beats, b->cycle, p->got + n - p->q.len, p->q.len,
		      b->last ? "" : " without tlast");
		ok = 0;
		n = p->got < p->q.len ? p->q.len - p->got : 0;
	}
	for (unsigned i = 0; i < n; i++) {
		if (b->data[i] != p->want[p->got + i]) {
			CHECK(0, "packet %" PRIu64 " byte %u (beat %u lane %u, cycle %" PRIu64 "): "
			      "%02x, want %02x", p->n, p->got + i, p->beats, i, b->cycle,
			      b->data[i], p->want[p->got + i]);
			ok = 0;
			break;
		}
	}
	p->got += n;
	p->beats++;
	if (b->last) {
		if (b->user != (unsigned)p->fail) {
			CHECK(0, "packet %" PRIu64 ": tuser %u on its last beat (cycle %" PRIu64 "), want "
			      "%d (%s)", p->n, b->user, b->cycle, p->fail,
			      p->fail ? "a read of it failed" : "no read of it failed");
			ok = 0;
		}
		if (p->got != p->q.len) {
			CHECK(0, "packet %" PRIu64 ": tlast after %u bytes (cycle %" PRIu64 "), want "
			      "%u", p->n, p->got, b->cycle, p->q.len);
			ok = 0;
		}
	}
	if (!ok && !p->bad) {
		describe(p);
		p->bad = 1;
	}
	if (b->last) {
		if (!T.first_end)
			T.first_end = b->cycle;
		T.last_end = b->cycle;
		n_done++;
	}
}

static void drain(void)
{
	struct gather_rd rd;
	struct gather_beat b;
	struct gather_proto pr;

	while (gather_rtl_pop_proto(R, &pr))
		CHECK(0, "cycle %" PRIu64 ": %s withdrawn or changed before it was taken (packet %"
		      PRIu64 " is next out)", pr.cycle, pr.port == GATHER_P_RD ? "m_dma_rd" :
		      "m_pay", n_done);
	while (gather_rtl_pop_read(R, &rd))
		on_read(&rd);
	while (gather_rtl_pop_beat(R, &b))
		on_beat(&b);
}

static void hang(void)
{
	uint64_t c = gather_rtl_cycles(R);

	CHECK(0, "stuck: no transfer on any port for %" PRIu64 " cycles (cycle %" PRIu64 "); "
	      "%" PRIu64 " packets pushed, %" PRIu64 " out, %u requests not taken, %u reads with "
	      "data to come, %" PRIu64 " list and %" PRIu64 " payload reads due", c -
	      gather_rtl_last_progress(R), c, n_pushed, n_done, gather_rtl_queued(R),
	      gather_rtl_reads_open(R), xlist_n, xpay_n);
	if (n_done < n_pushed) {
		struct pkt *p = &ring[n_done % RING];
		fprintf(stderr, "  waiting for packet %" PRIu64 " (%u of %u bytes out):\n", p->n,
			p->got, p->q.len);
		describe(p);
	}
	printf("tb_gather: FAILED (stuck)\n");
	exit(1);
}

/* run, check what came out, and watch for a hang */
static void step(unsigned cycles)
{
	gather_rtl_run(R, cycles);
	drain();
	if (n_done < n_pushed || gather_rtl_queued(R)) {
		uint64_t c = gather_rtl_cycles(R), last = gather_rtl_last_progress(R);
		if (last < last_push)
			last = last_push;
		if (c - last > WATCHDOG)
			hang();
	}
}

static void settle(void)
{
	while (n_done < n_pushed)
		step(16);
	/* then nothing more */
	gather_rtl_run(R, 200);
	drain();
	CHECK(!xlist_n && !xpay_n, "%" PRIu64 " list and %" PRIu64 " payload reads due never "
	      "came", xlist_n, xpay_n);
	CHECK(!gather_rtl_reads_open(R), "%u reads still have data to give",
	      gather_rtl_reads_open(R));
}

/* ---- making WQEs and their packets ---- */

/* an SGE's length: zero, one byte, small, about a packet, several packets
 * (up to 16 KiB), in proportion to the WQE's MTU; fine: all short, so that
 * each packet has several pieces */
static uint32_t rnd_sge_len(unsigned mtu, int fine)
{
	unsigned p = rndr(100);

	if (p < 10)
		return 0;
	if (p < 16)
		return 1;
	if (fine || p < 45)
		return 2 + rndr(mtu / 2);
	if (p < 80)
		return 1 + rndr(2 * mtu);
	return mtu + rndr(16384 - mtu + 1);
}

static unsigned slot_get(void)
{
	unsigned s = slot_next++ % NSLOTS;

	while (slot_held[s])
		s = slot_next++ % NSLOTS;
	while (slot_used[s] && n_done <= slot_last[s]) {
		CHECK(n_done < n_pushed, "test: list slot %u held by packet %" PRIu64 " of %" PRIu64,
		      s, slot_last[s], n_pushed);
		step(8);
	}
	slot_used[s] = 1;
	slot_held[s] = 1;
	return s;
}

static void write_list(struct wqe *w)
{
	uint8_t *l = &mem[LIST_OFF + 64 * w->slot];

	for (unsigned k = 0; k < 4; k++) {
		if (k < w->nsge) {
			put_le(l + 16 * k, w->sa[k], 8);
			put_le(l + 16 * k + 8, w->sl[k], 4);
			put_le(l + 16 * k + 12, GATHER_LKEY ^ (w->badkey[k] ? 0x5u : 0u), 4);
		} else {
			put_le(l + 16 * k, rnd(), 8);
			put_le(l + 16 * k + 8, rnd(), 8);
		}
	}
}

/* the SGEs' addresses, once their lengths, the WQE length and the first
 * packet's offset are known: each SGE's bytes a packet can read lie in the
 * payload area (the last SGE's run on to the WQE's end); an SGE none of
 * whose bytes are read may point anywhere */
static void place_sges(struct wqe *w)
{
	uint64_t s = 0;

	for (unsigned k = 0; k < w->nsge; k++) {
		w->start[k] = s;
		s += w->sl[k];
	}
	w->sum = s;
	for (unsigned k = 0; k < w->nsge; k++) {
		uint64_t end = k == w->nsge - 1 ? w->total : w->start[k] + w->sl[k];
		uint64_t lo = w->next > w->start[k] ? w->next - w->start[k] : 0;
		uint64_t hi = end > w->start[k] ? end - w->start[k] : 0;

		if (hi <= lo)
			w->sa[k] = rndp(0.5) ? rnd() : pay_addr(0);
		else
			w->sa[k] = pay_addr(hi - lo) - lo;
	}
}

static void new_wqe(struct wqe *w, double p_one, double p_big)
{
	*w = (struct wqe){ .live = 1, .id = T.wqes++, .mtu = 64u << rndr(7) };
	w->kind = rndp(p_one) ? W_ONE : rndp(p_big) ? W_BIG : W_LIST;

	if (w->kind == W_ONE) {
		unsigned p = rndr(10);
		w->total = p < 3 ? 1 + rndr(64) : p < 7 ? 1 + rndr(w->mtu * (1 + rndr(4))) :
			   1 + rndr(20000);
		w->addr = pay_addr(w->total);
		w->end = w->total;
		return;
	}
	w->nsge = 1 + rndr(4);
	w->slot = slot_get();
	w->addr = MEM_BASE + LIST_OFF + 64ull * w->slot;
	if (w->kind == W_LIST) {
		int fine = rndp(0.6);
		for (unsigned k = 0; k < w->nsge; k++)
			w->sl[k] = rnd_sge_len(w->mtu, fine);
	} else {
		/* one or two leading SGEs of 1 MiB..4 GiB, the rest ordinary */
		unsigned nbig = w->nsge > 1 && rndp(0.3) ? 2 : 1;
		uint64_t room = 0xfff00000ull - (1u << 20) * nbig;
		for (unsigned k = 0; k < w->nsge; k++) {
			if (k < nbig) {
				uint64_t extra = rndp(0.2) ? room : rnd() % (room + 1);
				w->sl[k] = (uint32_t)((1u << 20) + extra);
				room -= extra;
			} else {
				w->sl[k] = rnd_sge_len(w->mtu, 0);
			}
		}
	}
	uint64_t sum = 0;
	for (unsigned k = 0; k < w->nsge; k++)
		sum += w->sl[k];
	w->total = sum;
	if (!sum || rndp(0.1))
		w->total += 1 + rndr(rndp(0.5) ? 64 : 2 * w->mtu);
	w->end = w->total;
	if (w->kind == W_BIG) {
		/* from just before the end of the big SGEs on */
		uint64_t b = 0;
		for (unsigned k = 0; k < w->nsge && w->sl[k] >= 1u << 20; k++)
			b += w->sl[k];
		uint64_t back = rndr(3 * w->mtu);
		w->next = b > back ? (b - back) / w->mtu * w->mtu : 0;
		if (w->next >= w->end)
			w->next = (w->end - 1) / w->mtu * w->mtu;
	}
	/* now and then an SGE under a key that fails the check */
	for (unsigned k = 0; k < w->nsge; k++)
		w->badkey[k] = rndp(0.05);
	place_sges(w);
	write_list(w);
}

static void push_pkt(struct wqe *w)
{
	CHECK(n_pushed - n_done < RING && xlist_n < RING && xpay_n + 4 <= 4 * RING,
	      "test: ring overflow");
	struct pkt *p = &ring[n_pushed % RING];
	uint64_t off = w->next, len = w->end - off > w->mtu ? w->mtu : w->end - off;

	CHECK(len >= 1 && len <= 4096, "test: WQE %u: a packet of %" PRIu64 " bytes at %" PRIu64,
	      w->id, len, off);
	p->n = n_pushed;
	p->w = *w;
	p->pieces = p->shrt = p->got = p->beats = 0;
	p->bad = p->fail = 0;
	w->next += len;
	if (w->kind == W_ONE) {
		/* off and nsge_m1 mean nothing here: random at times */
		int junk = rndp(0.5);
		p->q = (struct gather_req){ .addr = w->addr + off, .len = (unsigned)len, .sgl = 0,
					    .nsge_m1 = junk ? rndr(4) : 0,
					    .off = junk ? (uint32_t)rnd() : 0 };
		CHECK(in_mem(p->q.addr, len), "test: packet %" PRIu64 " outside memory", p->n);
		memcpy(p->want, &mem[p->q.addr - MEM_BASE], len);
		xpay[(xpay_head + xpay_n++) % (4 * RING)] = (struct xrd){ p->q.addr, p->n,
									  (unsigned)len };
		p->fail = gather_rd_fails(&fail_cfg, p->q.addr, (unsigned)len);
		T.one++;
	} else {
		uint64_t lo = off, hi = off + len;

		CHECK(off <= 0xffffffffull, "test: offset %" PRIu64 " beyond 32 bits", off);
		p->q = (struct gather_req){ .addr = w->addr, .len = (unsigned)len, .sgl = 1,
					    .nsge_m1 = w->nsge - 1, .off = (uint32_t)off };
		xlist[(xlist_head + xlist_n++) % RING] = (struct xrd){ w->addr, p->n, 64 };
		/* a failed list read: every piece zeros, none read, none counted
		 * as a bad key */
		int list_fail = gather_rd_fails(&fail_cfg, w->addr, 64);

		p->fail = list_fail;
		T.fail_lists += list_fail;
		for (unsigned k = 0; k < w->nsge; k++) {
			uint64_t s = w->start[k];
			uint64_t e = k == w->nsge - 1 ? ~0ull : s + w->sl[k];
			uint64_t a = lo > s ? lo : s, b = hi < e ? hi : e;

			if (k < w->nsge - 1 && !w->sl[k] && s >= lo && s <= hi)
				T.zero_sge++;
			if (k < w->nsge - 1 && w->sl[k] && hi == e)
				T.sge_end++;
			if (b <= a)
				continue;
			uint64_t ra = w->sa[k] + (a - s);
			p->pieces++;
			if (list_fail || w->badkey[k]) {
				/* not read: zeros in the payload */
				memset(p->want + (a - lo), 0, b - a);
				T.lkey_err += !list_fail;
				continue;
			}
			CHECK(in_mem(ra, b - a), "test: packet %" PRIu64 " SGE %u outside memory", p->n,
			      k);
			memcpy(p->want + (a - lo), &mem[ra - MEM_BASE], b - a);
			xpay[(xpay_head + xpay_n++) % (4 * RING)] = (struct xrd){ ra, p->n,
										  (unsigned)(b - a) };
			p->fail |= gather_rd_fails(&fail_cfg, ra, (unsigned)(b - a));
		}
		p->shrt = hi > w->sum;
		T.sgl++;
		T.pieces += p->pieces;
		T.shrt += p->shrt;
		T.by_pieces[p->pieces]++;
		T.big += w->kind == W_BIG;
		T.off2g += off >= 1u << 31;
		slot_last[w->slot] = p->n;
	}
	gather_rtl_push(R, &p->q);
	last_push = gather_rtl_cycles(R);
	n_pushed++;
	T.pkts++;
	T.fail_pkts += p->fail;
	if (w->next >= w->end) {
		w->live = 0;
		if (w->kind != W_ONE)
			slot_held[w->slot] = 0;
	}
}

/* ---- the random run ---- */

static double pick(const double *v, unsigned n)
{
	return v[rndr(n)];
}

static void start_run(enum gather_model model, const char *fst)
{
	R = gather_rtl_new(model, rnd(), fst);
	gather_rtl_mem(R, MEM_BASE, mem, MEM_SIZE);
	memset(&T, 0, sizeof(T));
	n_pushed = n_done = 0;
	xlist_head = xlist_n = xpay_head = xpay_n = 0;
	last_push = 0;
	/* every packet of the run before is out: the list slots are free */
	memset(slot_used, 0, sizeof(slot_used));
	memset(slot_held, 0, sizeof(slot_held));
}

static void end_run(const char *name)
{
	struct gather_stats st;

	settle();
	gather_rtl_stats(R, &st);
	CHECK(st.sgl_pkts == (uint32_t)T.sgl, "%s: stat_sgl_pkts %u, want %" PRIu64, name,
	      st.sgl_pkts, T.sgl);
	CHECK(st.pieces == (uint32_t)T.pieces, "%s: stat_pieces %u, want %" PRIu64, name, st.pieces,
	      T.pieces);
	CHECK(st.shrt == (uint32_t)T.shrt, "%s: stat_short %u, want %" PRIu64, name, st.shrt,
	      T.shrt);
	CHECK(st.lkey_err == (uint32_t)T.lkey_err, "%s: stat_lkey_err %u, want %" PRIu64
	      " (pieces under a bad key)", name, st.lkey_err, T.lkey_err);
	T.cycles = gather_rtl_cycles(R);
	gather_rtl_free(R);
	R = NULL;
}

static void random_run(enum gather_model model, const char *name, uint64_t npkts,
		       const char *fst)
{
	static const double idle[] = { 0, 0, 0.1, 0.5, 0.9 };
	static const double stall[] = { 0, 0.2, 0.5, 0.8 };
	static const double bidle[] = { 0, 0, 0.1, 0.4 };
	static const double pstall[] = { 0, 0.2, 0.5, 0.9 };
	static const unsigned lat[] = { 0, 3, 12, 40 };
	static const double one[] = { 0.1, 0.4, 0.7 };
	struct wqe act[MAXACT] = { 0 };
	unsigned nact = 1, window = 8;
	double p_one = 0.4;
	uint64_t next_draw = 0;

	start_run(model, fst);
	/* 2% of the reads fail, the same ones for the whole run */
	fail_cfg.rd_fail = 0.02;
	fail_cfg.fail_salt = rnd();
	while (n_pushed < npkts) {
		if (n_pushed >= next_draw) {
			struct gather_cfg c = {
				.req_idle = pick(idle, 5), .rd_stall = pick(stall, 4),
				.beat_idle = pick(bidle, 4), .pay_stall = pick(pstall, 4),
				.lat_max = lat[rndr(4)], .rd_fail = fail_cfg.rd_fail,
				.fail_salt = fail_cfg.fail_salt,
			};
			gather_rtl_config(R, &c);
			nact = 1 + rndr(MAXACT);
			window = rndp(0.2) ? 1 + rndr(4) : 8 + rndr(RING - 16);
			p_one = pick(one, 3);
			next_draw = n_pushed + 100 + rndr(900);
		}
		while (n_pushed < npkts && n_pushed - n_done < window && gather_rtl_queued(R) < 4) {
			struct wqe *w = &act[rndr(nact)];
			if (!w->live)
				new_wqe(w, p_one, 0.06);
			push_pkt(w);
		}
		step(1 + rndr(8));
	}
	end_run(name);
	fail_cfg.rd_fail = 0;
	printf("  %s: %" PRIu64 " packets, %" PRIu64 " beats in %" PRIu64 " cycles (%.3f "
	       "beats/cycle)\n", name, T.pkts, T.beats, T.cycles, (double)T.beats / (double)T.cycles);
	printf("    %" PRIu64 " flagged: a read failed (%" PRIu64 " list packets whose list read "
	       "failed)\n", T.fail_pkts, T.fail_lists);
	printf("    %" PRIu64 " one-range, %" PRIu64 " list: %" PRIu64
	       "/%" PRIu64 "/%" PRIu64 "/%" PRIu64 " of 1/2/3/4 pieces, %" PRIu64 " short, %"
	       PRIu64 " big with %" PRIu64 " past 2 GiB; %" PRIu64 " meet a zero-length SGE, %"
	       PRIu64 " end on an SGE's end; %" PRIu64 " pieces under a bad L_Key (zeros);"
	       " %u WQEs\n", T.one, T.sgl,
	       T.by_pieces[1], T.by_pieces[2], T.by_pieces[3], T.by_pieces[4], T.shrt, T.big,
	       T.off2g, T.zero_sge, T.sge_end, T.lkey_err, T.wqes);
}

/* ---- the figures: no back-pressure, no idle cycles, no DMA latency ---- */

struct perf_case {
	const char *what;
	int sgl;
	unsigned nsge, len, align;      /* packet length; sgl: each SGE's len / nsge */
};

static void perf(enum gather_model model, const char *mname, const struct perf_case *pc)
{
	const unsigned npkts = 200;
	struct gather_cfg c = { 0 };
	struct wqe w;

	start_run(model, NULL);
	gather_rtl_config(R, &c);
	uint64_t c0 = gather_rtl_cycles(R);
	while (n_pushed < npkts || n_done < n_pushed) {
		while (n_pushed < npkts && n_pushed - n_done < RING - 8) {
			w = (struct wqe){ .live = 1, .id = T.wqes++, .mtu = pc->len };
			if (!pc->sgl) {
				w.kind = W_ONE;
				w.total = w.end = pc->len;
				w.addr = pay_addr(pc->len + 64);
				w.addr = pc->align ? w.addr & ~63ull : w.addr;
			} else {
				w.kind = W_LIST;
				w.nsge = pc->nsge;
				w.slot = slot_get();
				w.addr = MEM_BASE + LIST_OFF + 64ull * w.slot;
				for (unsigned k = 0; k < w.nsge; k++)
					w.sl[k] = pc->len / pc->nsge;
				w.total = w.end = pc->len;
				place_sges(&w);
				write_list(&w);
			}
			push_pkt(&w);
		}
		step(16);
	}
	uint64_t first = T.first_beat, span = T.last_beat - first + 1;
	end_run(mname);
	char label[16];

	snprintf(label, sizeof(label), "%s:", mname);
	printf("  %-8s %-40s %6.2f cycles/packet, %.3f beats/cycle, %" PRIu64 " idle cycles "
	       "between beats\n", label, pc->what, (double)(T.last_end - T.first_end) / (npkts - 1),
	       (double)T.beats / (double)(T.last_beat - c0 + 1), span - T.beats);
}

static void figures(void)
{
	static const struct perf_case cases[] = {
		{ "one-range 4096 B, 64-byte aligned:", 0, 0, 4096, 1 },
		{ "one-range 4096 B, any alignment:", 0, 0, 4096, 0 },
		{ "one-range 1500 B, any alignment:", 0, 0, 1500, 0 },
		{ "one-range 64 B, 64-byte aligned:", 0, 0, 64, 1 },
		{ "list, 1 SGE, 4096 B packets:", 1, 1, 4096, 0 },
		{ "list, 4 SGEs of 1024 B, 4096 B packets:", 1, 4, 4096, 0 },
		{ "list, 4 SGEs of 16 B, 64 B packets:", 1, 4, 64, 0 },
	};
	static const char *const mname[] = { "small", "default" };

	printf("  figures (no back-pressure or idle cycles, DMA data the cycle after its read; "
	       "cycles/packet in the steady state):\n");
	for (int m = 0; m < 2; m++)
		for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
			perf(m ? GATHER_DEFAULT : GATHER_SMALL, mname[m], &cases[i]);
}

int main(int argc, char **argv)
{
	uint64_t npkts = 200000;
	const char *fst = NULL;
	uint64_t pkts = 0, beats = 0, cycles = 0;

	setvbuf(stdout, NULL, _IOLBF, 0);
	tb_args(argc, argv, "tb_gather",
		"hpnic_tx_gather alone: one-range and SGE-list packets, byte-exact, under random\n"
		"DMA latency and back-pressure; then its throughput figures.",
		"packets", &npkts, &fst);

	tb_fill(mem, sizeof(mem), rnd());

	random_run(GATHER_SMALL, "small FIFOs", npkts, fst);
	pkts += T.pkts;
	beats += T.beats;
	cycles += T.cycles;
	random_run(GATHER_DEFAULT, "default", npkts / 4 + 1, NULL);
	pkts += T.pkts;
	beats += T.beats;
	cycles += T.cycles;
	figures();

	printf("tb_gather: %" PRIu64 " random packets, %" PRIu64 " beats, %" PRIu64 " cycles, "
	       "%.3f beats/cycle; %d checks, %d failed\n", pkts, beats, cycles,
	       (double)beats / (double)cycles, tb_checks, tb_failures);
	return tb_finish("tb_gather");
}
