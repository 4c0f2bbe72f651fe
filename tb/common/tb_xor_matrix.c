/* SPDX-License-Identifier: MIT */
/*
 * tb_xor_matrix: rtl/common/hpnic_xor_matrix built as its explicit LUT6 tree
 * against the plain XOR reduction of the same matrices (tb_xor_matrix_top.v:
 * five matrices that between them take every path of the tree: four levels,
 * 1..3 select bits, rows of 0, 1, 5, 6, 7, 36, 37 and 64 ones). Random input
 * vectors and selects, plus walking ones; every output bit must agree.
 *
 * The synthesized CRC uses the tree; the 512-bit CRC test model uses the
 * plain form (it compiles in seconds instead of minutes), so this test is
 * what ties the two together. Prints its seed; --seed, --count N.
 */
#define _POSIX_C_SOURCE 200809L

#include "tb_util.h"
#include "xm_rtl.h"

static void check(struct xm_rtl *r, const uint8_t *in, unsigned sel, const char *what)
{
	uint8_t tree[9], flat[9];

	xm_rtl_eval(r, in, sel, tree, flat);
	CHECK(!memcmp(tree, flat, 9),
	      "%s (sel %u): tree %02x%02x%02x%02x%02x%02x%02x%02x%02x, "
	      "flat %02x%02x%02x%02x%02x%02x%02x%02x%02x",
	      what, sel, tree[8], tree[7], tree[6], tree[5], tree[4], tree[3], tree[2], tree[1],
	      tree[0], flat[8], flat[7], flat[6], flat[5], flat[4], flat[3], flat[2], flat[1],
	      flat[0]);
}

int main(int argc, char **argv)
{
	uint64_t len = 100000;
	unsigned count;

	tb_args(argc, argv, "tb_xor_matrix",
		"XOR-matrix LUT6 tree against the plain XOR reductions on random vectors.",
		"count", &len, NULL);
	count = (unsigned)len;

	struct xm_rtl *r = xm_rtl_new();
	uint8_t in[XM_IN_BYTES];

	/* walking ones: each input alone, under every select */
	for (unsigned bit = 0; bit < 8 * XM_IN_BYTES; bit++)
		for (unsigned sel = 0; sel < 8; sel++) {
			memset(in, 0, sizeof(in));
			in[bit / 8] = (uint8_t)(1u << (bit % 8));
			check(r, in, sel, "walking one");
		}
	/* random vectors, dense and sparse */
	for (unsigned n = 0; n < count; n++) {
		unsigned dens = rndr(3);
		for (unsigned i = 0; i < XM_IN_BYTES; i++) {
			uint8_t v = (uint8_t)rnd();
			in[i] = dens == 0 ? (uint8_t)(v & rnd() & rnd()) : dens == 1 ? v : (uint8_t)(v | rnd());
		}
		check(r, in, rndr(8), "random");
	}
	printf("  %u walking ones and %u random vectors: tree == flat\n", 8 * XM_IN_BYTES * 8, count);
	xm_rtl_free(r);
	return tb_finish("tb_xor_matrix");
}
