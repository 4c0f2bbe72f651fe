/* SPDX-License-Identifier: MIT */
/*
 * tb_axis_async_fifo: rtl/common/hpnic_axis_async_fifo, 64 bits wide, with
 * the write and read clocks at unrelated rates (250 and 322.265625 MHz, and
 * a slow reader at 156.25 MHz), random valid gaps and random back-pressure.
 *
 *  plain  every beat (data, keep, last, user) comes out once, in order;
 *         one beat per write cycle when neither side stalls; m_rst discards
 *         only what the reader could see, s_rst loses nothing;
 *  frame  frame mode with back-pressure (DEPTH 16): every frame that is not
 *         bad and fits comes out whole and in order; bad frames and frames
 *         longer than the FIFO are dropped and counted exactly; once a frame
 *         starts, tvalid stays high until its last beat (no underflow);
 *  drop   frame mode that drops when full (DEPTH 32): s_tready is never
 *         low; what comes out is an in-order subsequence of the good frames,
 *         each whole; good + bad + overflow + oversize pulses account for
 *         every frame; no overflow when the reader keeps up;
 *  resets (all three) random s_rst and m_rst pulses mid-traffic: frames
 *         still come out whole and in order, never half.
 *
 * Prints its seed; --seed reruns it; --beats N scales the runs.
 */
#define _POSIX_C_SOURCE 200809L

#include "afifo_rtl.h"
#include "tb_util.h"

/* ---- stimulus: beat content is a function of (stream position), so the
 * checker needs no copy of what was sent ---- */

static uint64_t mix(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ull;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
	return x ^ (x >> 31);
}

/* plain mode: beat number seq */
static void plain_beat(uint64_t seq, struct afifo_beat *b)
{
	uint64_t h = mix(seq);

	b->data = seq << 32 | (h & 0xffffffffu);
	b->keep = (uint8_t)(h >> 32);
	b->last = (int)((h >> 40) & 1);
	b->user = (int)((h >> 41) & 1);
}

/* frame mode: frame id, its length in beats and whether it is bad */
struct frame_gen {
	unsigned max_beats;
	double bad_prob;
	unsigned *nbeats;
	uint8_t *bad;
	unsigned n;
};

static void frames_make(struct frame_gen *g, unsigned n, unsigned max_beats, double bad_prob)
{
	g->n = n;
	g->max_beats = max_beats;
	g->bad_prob = bad_prob;
	g->nbeats = calloc(n, sizeof(*g->nbeats));
	g->bad = calloc(n, 1);
	if (!g->nbeats || !g->bad) {
		fprintf(stderr, "out of memory\n");
		exit(1);
	}
	for (unsigned i = 0; i < n; i++) {
		g->nbeats[i] = rndr(4) ? 1 + rndr(max_beats / 2) : 1 + rndr(max_beats);
		g->bad[i] = (uint8_t)rndp(bad_prob);
	}
}

static void frames_free(struct frame_gen *g)
{
	free(g->nbeats);
	free(g->bad);
}

static void frame_beat(const struct frame_gen *g, unsigned id, unsigned k, struct afifo_beat *b)
{
	uint64_t h = mix((uint64_t)id << 20 | k);
	int last = k + 1 == g->nbeats[id];

	b->data = (uint64_t)id << 40 | (uint64_t)k << 20 | (h & 0xfffff);
	b->keep = last ? (uint8_t)((1u << (1 + (h >> 20) % 8)) - 1) : 0xff;
	b->last = last;
	b->user = last ? g->bad[id] : (int)((h >> 30) & 1);
}

/* ---- the two-clock loop ---- */

enum mode { PLAIN, FRAME, DROP };
static const char *const mode_name[] = { "plain", "frame", "drop" };

struct run_opts {
	enum mode mode;
	double s_mhz, m_mhz;
	double idle;        /* chance the writer holds tvalid low a cycle */
	double bp;          /* chance the reader holds tready low a cycle */
	double bp_burst;    /* chance a cycle starts a 200-cycle reader stall */
	double rst_prob;    /* chance per cycle of a reset pulse, each side */
	uint64_t amount;    /* plain: beats; frame modes: frames */
	int expect_full_rate; /* plain: no write stall once running */
	int expect_no_overflow;
	unsigned max_beats; /* frame modes: longest frame; 0: 1.25 x the depth */
};

struct run_result {
	uint64_t delivered, s_cycles, m_cycles, s_stalls;
	uint64_t good, bad, overflow, oversize;
};

static void run(const struct run_opts *o, const char *fst, struct run_result *res)
{
	struct afifo_rtl *r = afifo_rtl_new(mode_name[o->mode], fst);
	struct tb_clk clk[2];
	struct frame_gen g;
	struct afifo_beat wb, got, want;
	unsigned depth;
	/* writer */
	uint64_t wseq = 0;
	unsigned wid = 0, wk = 0;
	int wvalid = 0, s_rst = 0;
	unsigned s_rst_left = 0;
	/* reader */
	uint64_t rseq = 0;
	unsigned exp_id = 0, rx_id = 0, rx_k = 0;
	int in_rx = 0, rready = 0, m_rst = 0, m_reset_seen = 0;
	unsigned m_rst_left = 0, stall_left = 0;
	uint64_t quiet = 0, done_at = 0;
	uint64_t skipped_good = 0;

	memset(res, 0, sizeof(*res));
	if (!r) {
		CHECK(0, "no %s model", mode_name[o->mode]);
		return;
	}
	depth = afifo_rtl_depth(r);
	if (o->mode != PLAIN)
		frames_make(&g, (unsigned)o->amount, o->max_beats ? o->max_beats : depth + depth / 4,
			    0.1);
	clk[0].period_fs = tb_period_fs(o->s_mhz);
	clk[1].period_fs = tb_period_fs(o->m_mhz);
	clk[0].next_fs = 1000000 + rndr(1000000);
	clk[1].next_fs = 1000000 + rndr(1000000);
	memset(&wb, 0, sizeof(wb));

	for (;;) {
		unsigned mask;
		uint64_t t = tb_clk_next(clk, 2, &mask);
		int s_fire = 0, m_fire = 0, progress = 0;

		/* ---- before the edges: the handshakes they complete ---- */
		if (mask & 1) {
			struct afifo_status st;

			res->s_cycles++;
			s_fire = wvalid && afifo_rtl_in_ready(r);
			if (wvalid && !s_fire && !s_rst)
				res->s_stalls++;
			if (o->mode == DROP)
				CHECK(afifo_rtl_in_ready(r), "drop mode: s_tready low");
			afifo_rtl_status(r, &st);
			res->good += st.good;
			res->bad += st.bad;
			res->overflow += st.overflow;
			res->oversize += st.oversize;
			CHECK(st.good + st.bad + st.overflow + st.oversize <= 1,
			      "two status pulses at once");
			CHECK(st.depth <= depth, "s_status_depth %u > %u", st.depth, depth);
		}
		if (mask & 2) {
			res->m_cycles++;
			int valid = afifo_rtl_out(r, &got);
			m_fire = valid && rready;
			if (o->mode != PLAIN && in_rx && !m_rst)
				CHECK(valid, "frame %u: tvalid low inside the frame (underflow)", rx_id);
			if (m_fire && o->mode == PLAIN) {
				uint64_t seq = got.data >> 32;
				if (seq != rseq) {
					CHECK(m_reset_seen && seq > rseq,
					      "plain: beat %llu, want %llu",
					      (unsigned long long)seq, (unsigned long long)rseq);
					rseq = seq;
				}
				plain_beat(rseq, &want);
				CHECK(got.data == want.data && got.keep == want.keep &&
				      got.last == want.last && got.user == want.user,
				      "plain: beat %llu corrupted", (unsigned long long)rseq);
				rseq++;
				m_reset_seen = 0;
				res->delivered++;
			} else if (m_fire) {
				unsigned id = (unsigned)(got.data >> 40);
				unsigned k = (unsigned)((got.data >> 20) & 0xfffff);
				if (!in_rx) {
					CHECK(k == 0 && id >= exp_id && id < g.n,
					      "frame starts with beat %u of frame %u (expected frame >= %u)",
					      k, id, exp_id);
					if (id >= g.n)
						id = g.n - 1;
					for (unsigned s = exp_id; s < id; s++) {
						int fits = g.nbeats[s] <= depth;
						if (!g.bad[s] && fits)
							skipped_good++;
						CHECK(o->rst_prob > 0 || g.bad[s] || !fits || o->mode == DROP,
						      "frame %u (%u beats) lost", s, g.nbeats[s]);
					}
					CHECK(!g.bad[id] && g.nbeats[id] <= depth,
					      "frame %u delivered although %s", id,
					      g.bad[id] ? "bad" : "oversize");
					in_rx = 1;
					rx_id = id;
					rx_k = 0;
				}
				CHECK(id == rx_id, "half frame: frame %u beat %u inside frame %u", id, k,
				      rx_id);
				if (rx_k < g.nbeats[rx_id]) {
					frame_beat(&g, rx_id, rx_k, &want);
					CHECK(got.data == want.data && got.keep == want.keep &&
					      got.last == want.last && got.user == want.user,
					      "frame %u beat %u: got %016llx/%02x/%d/%d want %016llx/%02x/%d/%d",
					      rx_id, rx_k, (unsigned long long)got.data, got.keep,
					      got.last, got.user, (unsigned long long)want.data, want.keep,
					      want.last, want.user);
				} else {
					CHECK(0, "frame %u longer than %u beats", rx_id, g.nbeats[rx_id]);
				}
				rx_k++;
				if (got.last) {
					CHECK(rx_k == g.nbeats[rx_id], "frame %u: %u beats, want %u", rx_id,
					      rx_k, g.nbeats[rx_id]);
					in_rx = 0;
					exp_id = rx_id + 1;
					res->delivered++;
				}
			}
		}

		afifo_rtl_edge(r, mask, t);

		/* ---- after the edges: new inputs ---- */
		if (mask & 1) {
			if (s_fire) {
				progress = 1;
				if (o->mode == PLAIN) {
					wseq++;
				} else if (++wk == g.nbeats[wid]) {
					wid++;
					wk = 0;
				}
			}
			if (s_rst_left) {
				s_rst_left--;
			} else if (rndp(o->rst_prob)) {
				s_rst_left = 1 + rndr(4);
			}
			s_rst = s_rst_left > 0;
			int more = o->mode == PLAIN ? wseq < o->amount + 64 : wid < g.n;
			/* keep tvalid once raised until the beat goes (AXI) */
			if (!(wvalid && !s_fire))
				wvalid = more && !rndp(o->idle);
			if (!more)
				wvalid = 0;
			if (o->mode == PLAIN)
				plain_beat(wseq, &wb);
			else if (wid < g.n)
				frame_beat(&g, wid, wk, &wb);
			afifo_rtl_set_in(r, wvalid, &wb);
		}
		if (mask & 2) {
			if (m_fire)
				progress = 1;
			if (m_rst_left) {
				m_rst_left--;
			} else if (rndp(o->rst_prob)) {
				m_rst_left = 1 + rndr(4);
				m_reset_seen = 1;
				in_rx = 0;   /* the consumer is reset with the reader */
			}
			m_rst = m_rst_left > 0;
			if (stall_left)
				stall_left--;
			else if (rndp(o->bp_burst))
				stall_left = 200;
			rready = !m_rst && !stall_left && !rndp(o->bp);
			afifo_rtl_set_out_ready(r, rready);
		}
		afifo_rtl_set_rst(r, s_rst, m_rst);

		/* ---- done? ---- */
		int all_in = o->mode == PLAIN ? rseq >= o->amount : wid >= g.n;
		if (o->mode == PLAIN && all_in)
			break;
		if (o->mode != PLAIN && all_in) {
			if (!done_at)
				done_at = res->m_cycles;
			if (res->m_cycles - done_at > 2000 && !in_rx)
				break;
		}
		quiet = progress ? 0 : quiet + 1;
		if (quiet > 200000) {
			CHECK(0, "%s: no progress for 200000 edges (written %llu/%u, read %llu)",
			      mode_name[o->mode],
			      (unsigned long long)(o->mode == PLAIN ? wseq : wid), (unsigned)o->amount,
			      (unsigned long long)res->delivered);
			break;
		}
	}

	if (o->mode != PLAIN) {
		uint64_t nbad = 0, nover = 0, nfit = 0;
		for (unsigned i = 0; i < g.n; i++) {
			if (g.bad[i])
				nbad++;
			else if (g.nbeats[i] > depth)
				nover++;
			else
				nfit++;
		}
		for (unsigned s = exp_id; s < g.n; s++)
			if (!g.bad[s] && g.nbeats[s] <= depth)
				skipped_good++;
		if (o->rst_prob == 0) {
			CHECK(res->good == res->delivered, "%s: %llu good pulses, %llu frames out",
			      mode_name[o->mode], (unsigned long long)res->good,
			      (unsigned long long)res->delivered);
			CHECK(res->bad == nbad, "%s: %llu bad pulses, %llu bad frames",
			      mode_name[o->mode], (unsigned long long)res->bad,
			      (unsigned long long)nbad);
			CHECK(res->oversize == nover, "%s: %llu oversize pulses, %llu oversize frames",
			      mode_name[o->mode], (unsigned long long)res->oversize,
			      (unsigned long long)nover);
			CHECK(res->overflow == skipped_good,
			      "%s: %llu overflow pulses, %llu good frames missing", mode_name[o->mode],
			      (unsigned long long)res->overflow, (unsigned long long)skipped_good);
			CHECK(res->good + res->bad + res->overflow + res->oversize == g.n,
			      "%s: pulses do not account for %u frames", mode_name[o->mode], g.n);
			if (o->mode == FRAME || o->expect_no_overflow)
				CHECK(res->delivered == nfit, "%s: %llu of %llu good frames out",
				      mode_name[o->mode], (unsigned long long)res->delivered,
				      (unsigned long long)nfit);
		}
		frames_free(&g);
	}
	if (o->expect_full_rate)
		CHECK(res->s_stalls == 0, "plain: %llu write stalls at full rate",
		      (unsigned long long)res->s_stalls);
	afifo_rtl_free(r);
}

static void report(const char *what, const struct run_opts *o, const struct run_result *res)
{
	printf("  %-36s %7llu %s out; s %llu cycles (%llu stalls), m %llu cycles; "
	       "good %llu bad %llu overflow %llu oversize %llu\n",
	       what, (unsigned long long)res->delivered, o->mode == PLAIN ? "beats" : "frames",
	       (unsigned long long)res->s_cycles, (unsigned long long)res->s_stalls,
	       (unsigned long long)res->m_cycles, (unsigned long long)res->good,
	       (unsigned long long)res->bad, (unsigned long long)res->overflow,
	       (unsigned long long)res->oversize);
}

int main(int argc, char **argv)
{
	const char *fst = NULL;
	uint64_t beats = 200000;

	tb_args(argc, argv, "tb_axis_async_fifo",
		"Asynchronous AXI-stream FIFO: beats across unrelated clocks with stalls, drop mode, resets.",
		"beats", &beats, &fst);
	const double F = 250.0, M = 322.265625, SLOW = 156.25;
	uint64_t fr = beats / 10;
	struct {
		const char *what;
		struct run_opts o;
	} runs[] = {
		{ "plain, 250 -> 322 MHz, random",
		  { PLAIN, F, M, 0.2, 0.3, 0.001, 0, beats, 0, 0, 0 } },
		{ "plain, 250 -> 322 MHz, full rate",
		  { PLAIN, F, M, 0.0, 0.0, 0.0, 0, beats / 4, 1, 0, 0 } },
		{ "plain, 322 -> 156 MHz, slow reader",
		  { PLAIN, M, SLOW, 0.1, 0.2, 0.001, 0, beats / 2, 0, 0, 0 } },
		{ "plain, resets",
		  { PLAIN, F, M, 0.2, 0.3, 0.001, 0.002, beats / 2, 0, 0, 0 } },
		{ "frame, 250 -> 322 MHz, random",
		  { FRAME, F, M, 0.2, 0.3, 0.002, 0, fr, 0, 0, 0 } },
		{ "frame, 322 -> 156 MHz, slow reader",
		  { FRAME, M, SLOW, 0.1, 0.2, 0.002, 0, fr / 2, 0, 0, 0 } },
		{ "frame, resets",
		  { FRAME, F, M, 0.2, 0.3, 0.002, 0.002, fr / 2, 0, 0, 0 } },
		{ "drop, 322 -> 250 MHz, reader stalls",
		  { DROP, M, F, 0.3, 0.3, 0.005, 0, fr, 0, 0, 0 } },
		{ "drop, 322 -> 250 MHz, reader keeps up",
		  { DROP, M, F, 0.5, 0.0, 0.0, 0, fr / 2, 0, 1, 16 } },
		{ "drop, resets",
		  { DROP, M, F, 0.3, 0.3, 0.002, 0.002, fr / 2, 0, 0, 0 } },
	};
	for (unsigned i = 0; i < sizeof(runs) / sizeof(runs[0]); i++) {
		struct run_result res;
		run(&runs[i].o, i == 0 ? fst : NULL, &res);
		report(runs[i].what, &runs[i].o, &res);
		if (runs[i].o.mode == DROP && runs[i].o.bp_burst > 0 && runs[i].o.rst_prob == 0)
			CHECK(res.overflow > 0, "drop: the reader stalls caused no overflow");
	}
	return tb_finish("tb_axis_async_fifo");
}
