// SPDX-License-Identifier: MIT
// Driver of the Verilated hpnic_ipv4_csum behind the C API of csum_rtl.h.
#include <memory>

#include "Vipv4_csum.h"
#include "verilated.h"

#include "csum_rtl.h"
#include "vtb.h"

struct csum_rtl {
	std::unique_ptr<VerilatedContext> ctx;
	std::unique_ptr<Vipv4_csum> top;
};

extern "C" struct csum_rtl *csum_rtl_new(void)
{
	csum_rtl *r = new csum_rtl;
	r->ctx.reset(new VerilatedContext);
	r->top.reset(new Vipv4_csum{r->ctx.get()});
	return r;
}

extern "C" void csum_rtl_free(struct csum_rtl *r)
{
	delete r;
}

extern "C" void csum_rtl_eval(struct csum_rtl *r, const uint8_t hdr[20], uint16_t *csum, int *ok)
{
	uint8_t lanes[20];

	// hdr[159:152] is the first byte: reverse into lane order
	for (int i = 0; i < 20; i++)
		lanes[i] = hdr[19 - i];
	vtb_put(r->top->hdr, lanes, 20);
	r->top->eval();
	*csum = r->top->csum;
	*ok = r->top->ok;
}
