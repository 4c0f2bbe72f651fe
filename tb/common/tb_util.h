/* SPDX-License-Identifier: MIT */
/*
 * Helpers shared by the tests of tb/: failure counting, a seeded PRNG,
 * deterministic buffer contents, the common command line (--seed, a length,
 * --fst, --help).
 */
#ifndef TB_UTIL_H
#define TB_UTIL_H

#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* weak: a test of several C files (tb_sched) shares one count and one PRNG
 * state, and a one-file test needs no definition of its own */
__attribute__((weak)) int tb_failures;
__attribute__((weak)) int tb_checks;    /* CHECKs made, passed or not */

/* report and count a failure; the test goes on, main() exits non-zero */
#define CHECK(cond, ...)                                                  \
	do {                                                              \
		tb_checks++;                                              \
		if (!(cond)) {                                            \
			fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); \
			fprintf(stderr, __VA_ARGS__);                     \
			fprintf(stderr, "\n");                            \
			if (++tb_failures > 20) {                         \
				fprintf(stderr, "too many failures\n");   \
				exit(1);                                  \
			}                                                 \
		}                                                         \
	} while (0)

__attribute__((weak)) uint64_t tb_rng_s = 1;

static inline void tb_seed(uint64_t seed)
{
	tb_rng_s = seed ? seed : 0x9e3779b97f4a7c15ull;
}

/* xorshift64* */
static inline uint64_t rnd(void)
{
	tb_rng_s ^= tb_rng_s >> 12;
	tb_rng_s ^= tb_rng_s << 25;
	tb_rng_s ^= tb_rng_s >> 27;
	return tb_rng_s * 0x2545f4914f6cdd1dull;
}

/* uniform in [0, n) */
static inline uint32_t rndr(uint32_t n)
{
	return n ? (uint32_t)((rnd() >> 32) % n) : 0;
}

/* uniform in [0, 1) */
static inline double rndf(void)
{
	return (double)(rnd() >> 11) / 9007199254740992.0;
}

/* true with probability p */
static inline int rndp(double p)
{
	return rndf() < p;
}

/* deterministic bytes for a buffer, from a seed (independent of rnd()) */
static inline void tb_fill(uint8_t *p, size_t n, uint64_t seed)
{
	uint64_t x = seed * 0x9e3779b97f4a7c15ull + 1;

	for (size_t i = 0; i < n; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		p[i] = (uint8_t)x;
	}
}

/* a seed from the clock, for runs without --seed */
static inline uint64_t tb_clock_seed(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return ((uint64_t)ts.tv_sec * 1000000007ull) ^ (uint64_t)ts.tv_nsec;
}

/* a decimal or 0x-hex unsigned argument, or exit with a message */
static inline uint64_t tb_parse_u64(const char *opt, const char *s)
{
	char *end;
	unsigned long long v = strtoull(s, &end, 0);

	if (!*s || *end) {
		fprintf(stderr, "bad value for %s: '%s'\n", opt, s);
		exit(2);
	}
	return (uint64_t)v;
}

/*
 * The command line every test here shares: --seed N (default: the clock),
 * --LEN N (len_opt names the run length, e.g. "frames"; *len keeps its
 * default unless given), --fst FILE when fst is non-NULL, --help. Prints the
 * seed and seeds the PRNG; exits 0 on --help and 2 on a bad argument.
 */
static inline void tb_args(int argc, char **argv, const char *name, const char *about,
			   const char *len_opt, uint64_t *len, const char **fst)
{
	const struct option opts[] = {
		{ "seed", required_argument, 0, 's' },
		{ len_opt, required_argument, 0, 'n' },
		{ "help", no_argument, 0, 'h' },
		{ fst ? "fst" : "help", fst ? required_argument : no_argument, 0, fst ? 'f' : 'h' },
		{ 0, 0, 0, 0 },
	};
	const char *fst_use = fst ? " [--fst FILE]" : "";
	uint64_t seed = tb_clock_seed();
	char lo[32];
	int c;

	snprintf(lo, sizeof(lo), "--%s", len_opt);
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 's': seed = tb_parse_u64("--seed", optarg); break;
		case 'n': *len = tb_parse_u64(lo, optarg); break;
		case 'f': *fst = optarg; break;
		case 'h':
			printf("usage: %s [--seed N] [%s N]%s\n%s\n"
			       "  --seed N    random seed (default: from the clock; printed at start)\n"
			       "  %-11s run length (default %llu)\n%s",
			       name, lo, fst_use, about, lo, (unsigned long long)*len,
			       fst ? "  --fst FILE  waves of the Verilated model (FST)\n" : "");
			exit(0);
		default:
			fprintf(stderr, "usage: %s [--seed N] [%s N]%s (--help for more)\n", name, lo,
				fst_use);
			exit(2);
		}
	}
	printf("%s: seed %llu (rerun with --seed %llu)\n", name, (unsigned long long)seed,
	       (unsigned long long)seed);
	tb_seed(seed);
}

/*
 * Several clocks at unrelated rates. Periods in femtoseconds; tb_clk_next()
 * returns the time of the next edge and the mask of the clocks that rise
 * then, and moves those clocks on by a period.
 */
struct tb_clk {
	uint64_t period_fs;
	uint64_t next_fs;
};

static inline uint64_t tb_clk_next(struct tb_clk *c, int n, unsigned *mask)
{
	uint64_t t = ~0ull;

	for (int i = 0; i < n; i++)
		if (c[i].next_fs < t)
			t = c[i].next_fs;
	*mask = 0;
	for (int i = 0; i < n; i++)
		if (c[i].next_fs == t) {
			*mask |= 1u << i;
			c[i].next_fs += c[i].period_fs;
		}
	return t;
}

/* period in fs of a frequency in MHz */
static inline uint64_t tb_period_fs(double mhz)
{
	return (uint64_t)(1e9 / mhz + 0.5);
}

static inline int tb_finish(const char *name)
{
	if (tb_failures) {
		printf("%s: FAILED (%d failures)\n", name, tb_failures);
		return 1;
	}
	printf("%s: passed\n", name);
	return 0;
}

#endif
