// SPDX-License-Identifier: MIT
// Driver of the Verilated tb_xor_matrix_top behind the C API of xm_rtl.h.
#include <memory>

#include "Vxor_matrix.h"
#include "verilated.h"

#include "vtb.h"
#include "xm_rtl.h"

struct xm_rtl {
	std::unique_ptr<VerilatedContext> ctx;
	std::unique_ptr<Vxor_matrix> t;
};

extern "C" struct xm_rtl *xm_rtl_new(void)
{
	xm_rtl *r = new xm_rtl;
	r->ctx.reset(new VerilatedContext);
	r->t.reset(new Vxor_matrix{r->ctx.get()});
	return r;
}

extern "C" void xm_rtl_free(struct xm_rtl *r)
{
	delete r;
}

extern "C" void xm_rtl_eval(struct xm_rtl *r, const uint8_t in[XM_IN_BYTES], unsigned sel,
			    uint8_t tree[9], uint8_t flat[9])
{
	vtb_put(r->t->in, in, XM_IN_BYTES);
	r->t->sel = sel & 7;
	r->t->eval();
	vtb_get(r->t->tree, tree, 9);
	vtb_get(r->t->flat, flat, 9);
	tree[8] &= 0x0f;
	flat[8] &= 0x0f;
}
