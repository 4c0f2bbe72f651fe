/* SPDX-License-Identifier: MIT */
/*
 * tb_fifo: rtl/common/hpnic_fifo in both RAM styles, each with its count
 * from the pointers and from a counter (COUNT_REG), against a reference
 * queue, with random writes and random read stalls at several loads.
 *
 * Every cycle: m_data is the oldest word whenever m_valid; count is the
 * number of words held; s_ready is low exactly when the FIFO is full (8
 * words distributed, 9 block); a word reaches the head 1 cycle after its
 * write (distributed) or 2 (block) when the FIFO was empty; a full FIFO
 * read every cycle and written every cycle moves one word per cycle. After
 * a reset the FIFO is empty. Prints its seed; --seed, --cycles N.
 */
#define _POSIX_C_SOURCE 200809L

#include "fifo_rtl.h"
#include "tb_util.h"

#define QCAP 64

struct ref {
	uint32_t w[QCAP];
	uint64_t at[QCAP];	/* cycle of the word's write */
	unsigned head, n;
};

static void run(int block, int count_reg, uint64_t cycles)
{
	const char *style = block ? (count_reg ? "block+count" : "block") :
				    (count_reg ? "distributed+count" : "distributed");
	const unsigned cap = FIFO_RTL_DEPTH + (block ? 1 : 0);
	const unsigned lat = block ? 2 : 1;
	struct fifo_rtl *r = fifo_rtl_new(block, count_reg);
	struct ref q = { .head = 0, .n = 0 };
	uint64_t moved = 0, full_seen = 0, streak = 0, best_streak = 0;
	uint32_t next = 1;

	for (uint64_t c = 0; c < cycles && !tb_failures; c++) {
		/* phases of write and read pressure: fill, drain, balanced, streaming */
		unsigned phase = (unsigned)((c / 2000) % 4);
		double pw = phase == 0 ? 0.9 : phase == 1 ? 0.2 : phase == 2 ? 0.5 : 1.0;
		double pr = phase == 0 ? 0.2 : phase == 1 ? 0.9 : phase == 2 ? 0.5 : 1.0;
		struct fifo_io io = { .s_valid = rndp(pw), .m_ready = rndp(pr), .s_data = next };

		fifo_rtl_cycle(r, &io);
		CHECK(io.count == q.n, "%s cycle %llu: count %u, expected %u", style,
		      (unsigned long long)c, io.count, q.n);
		CHECK(io.s_ready == (q.n < cap), "%s cycle %llu: s_ready %d with %u words", style,
		      (unsigned long long)c, io.s_ready, q.n);
		int head_due = q.n && c >= q.at[q.head] + lat;
		CHECK(io.m_valid == head_due, "%s cycle %llu: m_valid %d, expected %d", style,
		      (unsigned long long)c, io.m_valid, head_due);
		if (io.m_valid)
			CHECK(io.m_data == q.w[q.head], "%s cycle %llu: m_data %u, expected %u", style,
			      (unsigned long long)c, io.m_data, q.w[q.head]);
		if (q.n == cap)
			full_seen++;
		if (io.m_valid && io.m_ready) {
			q.head = (q.head + 1) % QCAP;
			q.n--;
			moved++;
			streak++;
			if (streak > best_streak)
				best_streak = streak;
		} else {
			streak = 0;
		}
		if (io.s_valid && io.s_ready) {
			unsigned t = (q.head + q.n) % QCAP;
			q.w[t] = next++;
			q.at[t] = c;
			q.n++;
		}
	}
	CHECK(full_seen > 0, "%s: never full", style);
	CHECK(best_streak >= 1000, "%s: longest run of back-to-back reads %llu (< 1000)", style,
	      (unsigned long long)best_streak);

	/* a reset empties it */
	fifo_rtl_reset(r);
	struct fifo_io io = { 0 };
	fifo_rtl_cycle(r, &io);
	CHECK(!io.m_valid && io.count == 0 && io.s_ready, "%s: not empty after reset", style);

	printf("  %-11s %llu cycles, %llu words, full %llu cycles, longest back-to-back %llu\n",
	       style, (unsigned long long)cycles, (unsigned long long)moved,
	       (unsigned long long)full_seen, (unsigned long long)best_streak);
	fifo_rtl_free(r);
}

int main(int argc, char **argv)
{
	uint64_t cycles = 200000;

	tb_args(argc, argv, "tb_fifo",
		"hpnic_fifo, distributed and block RAM styles, count from pointers or a counter, against a reference queue.",
		"cycles", &cycles, NULL);
	for (int cr = 0; cr < 2; cr++) {
		run(0, cr, cycles);
		run(1, cr, cycles);
	}
	return tb_finish("tb_fifo");
}
