// SPDX-License-Identifier: MIT
// Driver of the Verilated hpnic_byte_shr configurations behind bsr_rtl.h.
#include <memory>

#include "Vbsr_a.h"
#include "Vbsr_b.h"
#include "Vbsr_c.h"
#include "Vbsr_d.h"
#include "Vbsr_e.h"
#include "verilated.h"

#include "bsr_rtl.h"
#include "vtb.h"

// the header lengths' shifts by class {INT, RETH, EXT4} (hpnic_hdr_len.vh):
// 54, 58, 70, 74, 96, 100, 112, 116 mod 64, and 64 minus that
static const uint8_t realign_list[8] = {54, 58, 6, 10, 32, 36, 48, 52};
static const uint8_t prepend_list[8] = {10, 6, 58, 54, 32, 28, 16, 12};

// keep in step with the -G values in mk/common.mk
extern "C" const struct bsr_cfg bsr_cfgs[BSR_NCFG] = {
	{"128 -> 64 bytes, 6-bit shift", 128, 64, 6, NULL},
	{"64 -> 4 bytes, 7-bit shift", 64, 4, 7, NULL},
	{"13 -> 5 bytes, 5-bit shift", 13, 5, 5, NULL},
	{"128 -> 64 bytes, RX realign list", 128, 64, 3, realign_list},
	{"128 -> 128 bytes, TX prepend list", 128, 128, 3, prepend_list},
};

struct bsr_rtl {
	std::unique_ptr<VerilatedContext> ctx;
	std::unique_ptr<Vbsr_a> a;
	std::unique_ptr<Vbsr_b> b;
	std::unique_ptr<Vbsr_c> c;
	std::unique_ptr<Vbsr_d> d;
	std::unique_ptr<Vbsr_e> e;
};

extern "C" struct bsr_rtl *bsr_rtl_new(void)
{
	bsr_rtl *r = new bsr_rtl;
	r->ctx.reset(new VerilatedContext);
	r->a.reset(new Vbsr_a{r->ctx.get()});
	r->b.reset(new Vbsr_b{r->ctx.get()});
	r->c.reset(new Vbsr_c{r->ctx.get()});
	r->d.reset(new Vbsr_d{r->ctx.get()});
	r->e.reset(new Vbsr_e{r->ctx.get()});
	return r;
}

extern "C" void bsr_rtl_free(struct bsr_rtl *r)
{
	delete r;
}

template <typename T>
static void eval(T *m, const uint8_t *in, unsigned in_bytes, unsigned shift, uint8_t *out,
		 unsigned out_bytes)
{
	vtb_put(m->in, in, in_bytes);
	m->shift = shift;
	m->eval();
	vtb_get(m->out, out, out_bytes);
}

extern "C" void bsr_rtl_eval(struct bsr_rtl *r, int cfg, const uint8_t *in, unsigned shift,
			     uint8_t *out)
{
	const bsr_cfg &c = bsr_cfgs[cfg];

	if (cfg == 0)
		eval(r->a.get(), in, c.in_bytes, shift, out, c.out_bytes);
	else if (cfg == 1)
		eval(r->b.get(), in, c.in_bytes, shift, out, c.out_bytes);
	else if (cfg == 2)
		eval(r->c.get(), in, c.in_bytes, shift, out, c.out_bytes);
	else if (cfg == 3)
		eval(r->d.get(), in, c.in_bytes, shift, out, c.out_bytes);
	else
		eval(r->e.get(), in, c.in_bytes, shift, out, c.out_bytes);
}
