/* SPDX-License-Identifier: MIT */
/*
 * tb_byte_shr: rtl/common/hpnic_byte_shr against out[i] = in[i + shift]
 * (0 past the input's end), in five configurations: the RX realign funnel
 * (128 -> 64 bytes), the RX ICRC pick (64 -> 4 bytes, shifts up to 127), an
 * odd one (13 -> 5 bytes, 5-bit shift: a lone top stage, a cap at the
 * input's width), and in list mode (the shift is the list's entry at the
 * index) RX extract's realign and the TX frame's prepend. Every shift value
 * or index, --count random inputs each, plus walking ones so that every input
 * byte reaches every output lane it can.
 *
 * Prints its seed; --seed reruns it.
 */
#define _POSIX_C_SOURCE 200809L

#include "bsr_rtl.h"
#include "tb_util.h"

static void check_one(struct bsr_rtl *r, int cfg, const uint8_t *in, unsigned shift)
{
	const struct bsr_cfg *c = &bsr_cfgs[cfg];
	unsigned amount = c->list ? c->list[shift] : shift;
	uint8_t out[128];

	bsr_rtl_eval(r, cfg, in, shift, out);
	for (unsigned i = 0; i < c->out_bytes; i++) {
		uint8_t want = i + amount < c->in_bytes ? in[i + amount] : 0;
		CHECK(out[i] == want, "%s, shift %u (%u bytes): lane %u is %02x, want %02x", c->name,
		      shift, amount, i, out[i], want);
	}
}

int main(int argc, char **argv)
{
	uint64_t count = 200;

	tb_args(argc, argv, "tb_byte_shr", "hpnic_byte_shr against the C reference, every shift.",
		"count", &count, NULL);

	struct bsr_rtl *r = bsr_rtl_new();
	uint8_t in[128];
	unsigned n = 0;

	for (int cfg = 0; cfg < BSR_NCFG; cfg++) {
		const struct bsr_cfg *c = &bsr_cfgs[cfg];

		for (unsigned shift = 0; shift < 1u << c->shift_width; shift++) {
			for (uint64_t k = 0; k < count; k++) {
				for (unsigned i = 0; i < c->in_bytes; i++)
					in[i] = (uint8_t)rnd();
				check_one(r, cfg, in, shift);
				n++;
			}
			for (unsigned b = 0; b < c->in_bytes; b++) {
				memset(in, 0, sizeof(in));
				in[b] = (uint8_t)(1 + rndr(255));
				check_one(r, cfg, in, shift);
				n++;
			}
		}
	}
	printf("  %u inputs over every shift of %d configurations\n", n, BSR_NCFG);
	bsr_rtl_free(r);
	return tb_finish("tb_byte_shr");
}
