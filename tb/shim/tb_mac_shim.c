/* SPDX-License-Identifier: MIT */
/*
 * tb_mac_shim: rtl/shim/hpnic_mac_shim (512 bits) between a core model at
 * 250 MHz and a CMAC model with its TX clock at 322.265625 MHz and its RX
 * clock at 322.3 MHz (three unrelated clocks), both directions at once.
 *
 * Core TX source: frames of 8..9216 bytes, a few longer than the TX FIFO,
 * some marked bad (tuser on tlast), random valid gaps. MAC TX sink: random
 * tready and stalls; checks the CMAC rule (once a frame has started, tvalid
 * is high on every cycle tready is, until tlast: no underflow), tuser 0, and
 * that exactly the good frames that fit arrive, in order, byte for byte.
 *
 * MAC RX source: cannot be stalled; random gaps inside and between frames,
 * some frames flagged bad on tlast, a few longer than the RX FIFO. Core RX
 * sink: random tready. What arrives is an in-order subsequence of the good
 * frames that fit, each whole and byte-exact; bad and oversize frames never
 * arrive.
 *
 * Every counter is checked exactly: TX/RX frames and bytes, drops (bad,
 * oversize, overflow, reset), the MAC's tx_unfout/tx_ovfout events.
 *
 *  light   line-rate-like RX load, the core keeps up: no overflow at all;
 *  stalls  long core RX and MAC TX stalls: RX overflows (checked > 0) and
 *          the missing frames are exactly the counted ones;
 *  resets  random resets of each of the three domains mid-traffic: frames
 *          still arrive whole and in order, never half;
 *  latency single frames on an idle shim: first byte in to first byte out.
 *
 * Prints its seed; --seed reruns it; --frames N per direction and phase.
 */
#define _POSIX_C_SOURCE 200809L

#include "shim_rtl.h"
#include "tb_util.h"

#define CORE 1u
#define MTX 2u
#define MRX 4u

static uint64_t mix(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ull;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
	return x ^ (x >> 31);
}

/* ---- frames: content is a function of (direction, id, length) ---- */

struct frames {
	unsigned n;
	uint32_t *len;
	uint8_t *bad;
	uint32_t salt;
};

static uint8_t fbyte(const struct frames *f, unsigned id, unsigned i)
{
	uint32_t len = f->len[id];

	if (i < 4)
		return (uint8_t)(id >> (8 * i));
	if (i < 8)
		return (uint8_t)(len >> (8 * (i - 4)));
	return (uint8_t)(mix((uint64_t)(f->salt ^ id) << 32 | (i / 8)) >> (8 * (i % 8)));
}

static void frames_make(struct frames *f, unsigned n, uint32_t salt, double bad_prob,
			double oversize_prob, uint32_t fifo_bytes)
{
	f->n = n;
	f->salt = salt;
	f->len = calloc(n, sizeof(*f->len));
	f->bad = calloc(n, 1);
	if (!f->len || !f->bad) {
		fprintf(stderr, "out of memory\n");
		exit(1);
	}
	for (unsigned i = 0; i < n; i++) {
		unsigned r = rndr(1000);
		if (rndp(oversize_prob))
			f->len[i] = fifo_bytes + 1 + rndr(8000);
		else if (r < 100)
			f->len[i] = 8 + rndr(120);                 /* tiny, 1-2 beats */
		else if (r < 900)
			f->len[i] = 60 + rndr(1459);               /* 60..1518 */
		else
			f->len[i] = 1519 + rndr(9216 - 1518);      /* jumbo */
		f->bad[i] = (uint8_t)rndp(bad_prob);
	}
}

static void frames_free(struct frames *f)
{
	free(f->len);
	free(f->bad);
}

static int fits(const struct frames *f, unsigned id, unsigned depth)
{
	return (f->len[id] + SHIM_BYTES - 1) / SHIM_BYTES <= depth;
}

/* the beat at byte offset off of frame id */
static void make_beat(const struct frames *f, unsigned id, unsigned off, struct shim_beat *b)
{
	unsigned n = f->len[id] - off < SHIM_BYTES ? f->len[id] - off : SHIM_BYTES;

	memset(b->data, 0, sizeof(b->data));
	for (unsigned i = 0; i < n; i++)
		b->data[i] = fbyte(f, id, off + i);
	b->nbytes = n;
	b->last = off + n == f->len[id];
	/* tuser counts only on tlast; elsewhere it is noise the shim must ignore */
	b->user = b->last ? f->bad[id] : (int)rndr(2);
}

/* ---- a receiver of frames: reassembles and checks ---- */

struct rx_check {
	const char *name;
	const struct frames *f;
	unsigned depth;         /* FIFO depth in beats: longer frames never arrive */
	int strict;             /* every good frame that fits must arrive */
	unsigned next;          /* first id not yet accounted for */
	int in_frame;
	unsigned id, off;
	uint64_t frames, bytes, skipped_good;
	uint64_t first_beat_fs; /* for latency: when the current frame's first beat came */
};

static void rxc_reset(struct rx_check *c)
{
	c->in_frame = 0;
}

static void rxc_beat(struct rx_check *c, const struct shim_beat *b, uint64_t now)
{
	const struct frames *f = c->f;

	CHECK(b->keep_ok, "%s: tkeep not contiguous from lane 0", c->name);
	CHECK(b->nbytes >= 1, "%s: beat with no bytes", c->name);
	CHECK(b->last || b->nbytes == SHIM_BYTES, "%s: short beat (%u bytes) before tlast",
	      c->name, b->nbytes);
	if (!c->in_frame) {
		unsigned id = (unsigned)b->data[0] | (unsigned)b->data[1] << 8 |
			      (unsigned)b->data[2] << 16 | (unsigned)b->data[3] << 24;
		CHECK(id >= c->next && id < f->n, "%s: frame %u arrives, expected >= %u", c->name,
		      id, c->next);
		if (id >= f->n || id < c->next)
			id = c->next < f->n ? c->next : f->n - 1;
		for (unsigned s = c->next; s < id; s++) {
			int good = !f->bad[s] && fits(f, s, c->depth);
			if (good)
				c->skipped_good++;
			CHECK(!c->strict || !good, "%s: frame %u (%u bytes) lost", c->name, s,
			      f->len[s]);
		}
		CHECK(!f->bad[id], "%s: bad frame %u delivered", c->name, id);
		CHECK(fits(f, id, c->depth), "%s: oversize frame %u (%u bytes) delivered", c->name,
		      id, f->len[id]);
		c->in_frame = 1;
		c->id = id;
		c->off = 0;
		c->first_beat_fs = now;
	}
	unsigned id = c->id;
	for (unsigned i = 0; i < b->nbytes; i++) {
		if (c->off + i >= f->len[id]) {
			CHECK(0, "%s: frame %u longer than %u bytes", c->name, id, f->len[id]);
			break;
		}
		if (b->data[i] != fbyte(f, id, c->off + i)) {
			CHECK(0, "%s: frame %u byte %u is %02x, want %02x", c->name, id, c->off + i,
			      b->data[i], fbyte(f, id, c->off + i));
			break;
		}
	}
	c->off += b->nbytes;
	if (b->last) {
		CHECK(c->off == f->len[id], "%s: frame %u has %u bytes, want %u", c->name, id,
		      c->off, f->len[id]);
		c->in_frame = 0;
		c->next = id + 1;
		c->frames++;
		c->bytes += f->len[id];
	} else {
		CHECK(c->off < f->len[id], "%s: frame %u: no tlast after %u bytes", c->name, id,
		      f->len[id]);
	}
}

/* ---- one simulation ---- */

struct phase {
	const char *name;
	unsigned frames;
	double tx_idle;         /* core TX source: chance of a gap cycle */
	double mtx_bp;          /* MAC TX: chance tready is low */
	double mtx_stall;       /* MAC TX: chance a cycle starts a 300-cycle stall */
	double mrx_idle;        /* MAC RX: chance of a gap cycle (between and inside frames) */
	double crx_bp;          /* core RX: chance tready is low */
	double crx_stall;       /* core RX: chance a cycle starts a 2000-cycle stall */
	double rst_prob;        /* per domain and cycle: chance of a reset pulse */
	double bad_prob, oversize_prob;
	int expect_overflow;    /* 0: none allowed, 1: some required, -1: either */
};

struct dir_tx {
	struct frames f;
	unsigned id, off;
	int valid;
	struct shim_beat beat;
};

static void run_phase(const struct phase *p, const char *fst)
{
	struct shim_rtl *r = shim_rtl_new(fst);
	const unsigned txd = shim_rtl_tx_depth(), rxd = shim_rtl_rx_depth();
	struct tb_clk clk[3] = {
		{ tb_period_fs(250.0), 0 },
		{ tb_period_fs(322.265625), 0 },
		{ tb_period_fs(322.3), 0 },
	};
	struct dir_tx tx, rx;
	struct rx_check mac_chk, core_chk;
	struct shim_beat got;
	int mtx_ready = 0, crx_ready = 0, mtx_in_frame = 0;
	unsigned mtx_stall = 0, crx_stall = 0;
	int rst[3] = { 0, 0, 0 };
	unsigned rst_left[3] = { 0, 0, 0 };
	uint64_t unf = 0, ovf = 0, t = 0, quiet = 0, drain = 0;
	int unf_now = 0, ovf_now = 0;
	unsigned resets[3] = { 0, 0, 0 };

	for (int i = 0; i < 3; i++)
		clk[i].next_fs = 1000000 + rndr(4000000);
	memset(&tx, 0, sizeof(tx));
	memset(&rx, 0, sizeof(rx));
	frames_make(&tx.f, p->frames, 0x7a000000u, p->bad_prob, p->oversize_prob, txd * SHIM_BYTES);
	frames_make(&rx.f, p->frames, 0x3c000000u, p->bad_prob, p->oversize_prob, rxd * SHIM_BYTES);
	memset(&mac_chk, 0, sizeof(mac_chk));
	memset(&core_chk, 0, sizeof(core_chk));
	mac_chk.name = "MAC TX";
	mac_chk.f = &tx.f;
	mac_chk.depth = txd;
	mac_chk.strict = p->rst_prob == 0;
	core_chk.name = "core RX";
	core_chk.f = &rx.f;
	core_chk.depth = rxd;
	core_chk.strict = p->rst_prob == 0 && p->expect_overflow == 0;

	for (;;) {
		unsigned mask;
		int tx_fire = 0, mtx_fire = 0, crx_fire = 0, progress = 0;

		t = tb_clk_next(clk, 3, &mask);

		/* ---- before the edges ---- */
		if (mask & CORE) {
			tx_fire = tx.valid && shim_rtl_tx_ready(r);
			int v = shim_rtl_rx(r, &got);
			crx_fire = v && crx_ready;
			if (crx_fire)
				rxc_beat(&core_chk, &got, t);
		}
		if (mask & MTX) {
			int v = shim_rtl_mac_tx(r, &got);
			mtx_fire = v && mtx_ready;
			if (mtx_in_frame && mtx_ready && !rst[1])
				CHECK(v, "MAC TX: underflow (tvalid low inside frame %u)", mac_chk.id);
			if (mtx_fire) {
				CHECK(got.user == 0, "MAC TX: tuser set");
				rxc_beat(&mac_chk, &got, t);
				mtx_in_frame = !got.last;
			}
			unf += unf_now;
			ovf += ovf_now;
		}
		/* the MAC RX source never waits: its beat is taken at every edge */

		shim_rtl_edge(r, mask, t);

		/* ---- after the edges: new inputs ---- */
		for (int d = 0; d < 3; d++) {
			if (!(mask & (1u << d)))
				continue;
			if (rst_left[d])
				rst_left[d]--;
			else if (rndp(p->rst_prob)) {
				rst_left[d] = 1 + rndr(8);
				resets[d]++;
			}
			rst[d] = rst_left[d] > 0;
		}
		if (mask & CORE) {
			if (tx_fire) {
				progress = 1;
				tx.off += tx.beat.nbytes;
				if (tx.beat.last) {
					tx.id++;
					tx.off = 0;
				}
			}
			if (!(tx.valid && !tx_fire)) {
				tx.valid = tx.id < tx.f.n && !rndp(p->tx_idle);
				if (tx.id < tx.f.n)
					make_beat(&tx.f, tx.id, tx.off, &tx.beat);
			}
			shim_rtl_set_tx(r, tx.valid, &tx.beat);
			if (crx_fire)
				progress = 1;
			if (crx_stall)
				crx_stall--;
			else if (rndp(p->crx_stall))
				crx_stall = 2000;
			crx_ready = !crx_stall && !rndp(p->crx_bp);
			if (rst[0]) {
				/* the core's receive side is reset with the shim's */
				crx_ready = 0;
				rxc_reset(&core_chk);
			}
			shim_rtl_set_rx_ready(r, crx_ready);
		}
		if (mask & MTX) {
			if (mtx_fire)
				progress = 1;
			if (mtx_stall)
				mtx_stall--;
			else if (rndp(p->mtx_stall))
				mtx_stall = 300;
			mtx_ready = !mtx_stall && !rndp(p->mtx_bp);
			if (rst[1]) {
				/* the MAC is reset with its side of the shim */
				mtx_ready = 0;
				mtx_in_frame = 0;
				rxc_reset(&mac_chk);
			}
			/* MAC error pulses, until the final drain (they take a few
			 * cycles to reach the counters) */
			unf_now = !drain && rndp(0.001);
			ovf_now = !drain && rndp(0.0005);
			shim_rtl_set_mac_tx_ready(r, mtx_ready, unf_now, ovf_now);
		}
		if (mask & MRX) {
			if (rx.valid) {
				progress = 1;
				rx.off += rx.beat.nbytes;
				if (rx.beat.last) {
					rx.id++;
					rx.off = 0;
				}
			}
			rx.valid = rx.id < rx.f.n && !rndp(p->mrx_idle) && !rst[2];
			if (rx.id < rx.f.n)
				make_beat(&rx.f, rx.id, rx.off, &rx.beat);
			shim_rtl_set_mac_rx(r, rx.valid, &rx.beat);
		}
		shim_rtl_set_rst(r, rst[0], rst[1], rst[2]);

		/* ---- done: both sources finished and everything drained ---- */
		if (tx.id >= tx.f.n && rx.id >= rx.f.n && !mac_chk.in_frame && !core_chk.in_frame) {
			if ((mask & CORE) && ++drain > 3000)
				break;
		}
		quiet = progress ? 0 : quiet + 1;
		if (quiet > 500000) {
			CHECK(0, "%s: no progress for 500000 edges (TX %u/%u, RX %u/%u)", p->name, tx.id,
			      tx.f.n, rx.id, rx.f.n);
			break;
		}
	}

	/* ---- accounting ---- */
	struct shim_stats st;
	shim_rtl_stats(r, &st);
	for (unsigned s = core_chk.next; s < rx.f.n; s++)
		if (!rx.f.bad[s] && fits(&rx.f, s, rxd))
			core_chk.skipped_good++;
	uint64_t tx_bad = 0, tx_over = 0, tx_good = 0, tx_good_bytes = 0;
	uint64_t rx_bad = 0, rx_over = 0;
	for (unsigned i = 0; i < p->frames; i++) {
		if (tx.f.bad[i])
			tx_bad++;
		else if (!fits(&tx.f, i, txd))
			tx_over++;
		else {
			tx_good++;
			tx_good_bytes += tx.f.len[i];
		}
		if (rx.f.bad[i])
			rx_bad++;
		else if (!fits(&rx.f, i, rxd))
			rx_over++;
	}
	printf("  %-8s TX %llu frames %llu bytes (drop bad %llu oversize %llu reset %llu; MAC unf %llu ovf %llu)\n"
	       "           RX %llu frames %llu bytes (drop bad %llu oversize %llu overflow %llu)\n",
	       p->name, (unsigned long long)st.tx_frames, (unsigned long long)st.tx_bytes,
	       (unsigned long long)st.tx_drop_bad, (unsigned long long)st.tx_drop_oversize,
	       (unsigned long long)st.tx_drop_reset, (unsigned long long)st.tx_mac_underflow,
	       (unsigned long long)st.tx_mac_overflow, (unsigned long long)st.rx_frames,
	       (unsigned long long)st.rx_bytes, (unsigned long long)st.rx_drop_bad,
	       (unsigned long long)st.rx_drop_oversize, (unsigned long long)st.rx_drop_overflow);
	printf("           checked: %llu frames whole at the MAC, %llu at the core; resets: "
	       "core %u, MAC TX %u, MAC RX %u\n",
	       (unsigned long long)mac_chk.frames, (unsigned long long)core_chk.frames, resets[0],
	       resets[1], resets[2]);
	if (p->rst_prob == 0) {
#define EQ(a, b, what)                                                                   \
	CHECK((a) == (b), "%s: %s: counter %llu, want %llu", p->name, what,              \
	      (unsigned long long)(a), (unsigned long long)(b))
		EQ(st.tx_frames, tx_good, "tx_frames");
		EQ(st.tx_bytes, tx_good_bytes, "tx_bytes");
		EQ(mac_chk.frames, tx_good, "frames at the MAC");
		EQ(st.tx_drop_bad, tx_bad, "tx_drop_bad");
		EQ(st.tx_drop_oversize, tx_over, "tx_drop_oversize");
		EQ(st.tx_drop_reset, 0, "tx_drop_reset");
		EQ(st.tx_mac_underflow, unf, "tx_mac_underflow");
		EQ(st.tx_mac_overflow, ovf, "tx_mac_overflow");
		EQ(st.rx_frames, core_chk.frames, "rx_frames");
		EQ(st.rx_bytes, core_chk.bytes, "rx_bytes");
		EQ(st.rx_drop_bad, rx_bad, "rx_drop_bad");
		EQ(st.rx_drop_oversize, rx_over, "rx_drop_oversize");
		EQ(st.rx_drop_overflow, core_chk.skipped_good, "rx_drop_overflow");
#undef EQ
		if (p->expect_overflow == 0)
			CHECK(st.rx_drop_overflow == 0, "%s: RX overflow", p->name);
		if (p->expect_overflow == 1)
			CHECK(st.rx_drop_overflow > 0, "%s: the stalls caused no RX overflow", p->name);
	} else {
		CHECK(mac_chk.frames > 0 && core_chk.frames > 0, "%s: nothing got through", p->name);
	}
	frames_free(&tx.f);
	frames_free(&rx.f);
	shim_rtl_free(r);
}

/*
 * Latency on an idle shim: one frame of n bytes each way; the time from the
 * edge that accepts its first beat to the edge that first shows it valid on
 * the other side, in ns.
 */
static void latency(unsigned nbytes, double *tx_ns, double *rx_ns)
{
	struct shim_rtl *r = shim_rtl_new(NULL);
	struct tb_clk clk[3] = {
		{ tb_period_fs(250.0), 1000000 },
		{ tb_period_fs(322.265625), 1000000 + rndr(3000000) },
		{ tb_period_fs(322.3), 1000000 + rndr(3000000) },
	};
	struct frames f;
	struct shim_beat b, rb, got;
	unsigned toff = 0, roff = 0;
	uint64_t t_tx_in = 0, t_tx_out = 0, t_rx_in = 0, t_rx_out = 0;
	int tvalid = 0, rvalid = 0;

	frames_make(&f, 1, 0x11000000u, 0, 0, 1u << 30);
	f.len[0] = nbytes;
	f.bad[0] = 0;
	shim_rtl_set_mac_tx_ready(r, 1, 0, 0);
	shim_rtl_set_rx_ready(r, 1);
	for (int guard = 0; guard < 100000 && !(t_tx_out && t_rx_out); guard++) {
		unsigned mask;
		uint64_t t = tb_clk_next(clk, 3, &mask);
		int tfire = 0;
		if ((mask & CORE) && guard > 200) {
			tfire = tvalid && shim_rtl_tx_ready(r);
			if (tfire && !t_tx_in)
				t_tx_in = t;
			if (shim_rtl_rx(r, &got) && !t_rx_out && t_rx_in)
				t_rx_out = t;
		}
		if ((mask & MTX) && shim_rtl_mac_tx(r, &got) && !t_tx_out && t_tx_in)
			t_tx_out = t;
		if ((mask & MRX) && rvalid && !t_rx_in)
			t_rx_in = t;
		shim_rtl_edge(r, mask, t);
		if ((mask & CORE) && guard > 200) {
			if (tfire)
				toff += b.nbytes;
			tvalid = toff < nbytes;
			if (tvalid)
				make_beat(&f, 0, toff, &b);
			shim_rtl_set_tx(r, tvalid, &b);
		}
		if ((mask & MRX) && guard > 200) {
			if (rvalid)
				roff += rb.nbytes;
			rvalid = roff < nbytes;
			if (rvalid) {
				make_beat(&f, 0, roff, &rb);
				rb.user = 0;
			}
			shim_rtl_set_mac_rx(r, rvalid, &rb);
		}
	}
	CHECK(t_tx_out && t_rx_out, "latency: a %u-byte frame did not get through", nbytes);
	*tx_ns = (double)(t_tx_out - t_tx_in) / 1e6;
	*rx_ns = (double)(t_rx_out - t_rx_in) / 1e6;
	frames_free(&f);
	shim_rtl_free(r);
}

int main(int argc, char **argv)
{
	const char *fst = NULL;
	uint64_t len = 2000;
	unsigned frames;

	tb_args(argc, argv, "tb_mac_shim",
		"MAC shim: frames both ways across the clock crossings, bad and oversize frames, resets, counters.",
		"frames", &len, &fst);
	frames = (unsigned)len;

	const struct phase phases[] = {
		/* name      frames  tx_idle mtx_bp  mtx_st  mrx_idle crx_bp crx_st  rst     bad   over   ovf */
		{ "light", frames, 0.2, 0.1, 0.0005, 0.45, 0.1, 0.0, 0.0, 0.1, 0.005, 0 },
		{ "stalls", frames, 0.1, 0.2, 0.002, 0.3, 0.2, 0.0005, 0.0, 0.1, 0.005, 1 },
		{ "resets", frames / 2, 0.2, 0.1, 0.0005, 0.4, 0.2, 0.0002, 0.0003, 0.1, 0.005, -1 },
	};
	for (unsigned i = 0; i < sizeof(phases) / sizeof(phases[0]); i++)
		run_phase(&phases[i], i == 0 ? fst : NULL);

	static const unsigned sizes[] = { 64, 1518, 9000 };
	for (unsigned i = 0; i < 3; i++) {
		double txl, rxl;
		latency(sizes[i], &txl, &rxl);
		printf("  latency %5u-byte frame: TX core->MAC %.1f ns (%.1f core cycles), "
		       "RX MAC->core %.1f ns (%.1f core cycles)\n",
		       sizes[i], txl, txl / 4.0, rxl, rxl / 4.0);
		/* store and forward: the frame's own beats, plus a bounded constant */
		double beats = (sizes[i] + 63) / 64;
		CHECK(txl < (beats + 15) * 4.0, "TX latency %.1f ns for %u bytes", txl, sizes[i]);
		CHECK(rxl < beats * 3.11 + 15 * 4.0, "RX latency %.1f ns for %u bytes", rxl, sizes[i]);
	}
	return tb_finish("tb_mac_shim");
}
