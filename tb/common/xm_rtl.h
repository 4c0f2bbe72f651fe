/* SPDX-License-Identifier: MIT */
/* C API to the Verilated tb/common/tb_xor_matrix_top.v (combinational). */
#ifndef XM_RTL_H
#define XM_RTL_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define XM_IN_BYTES 75   /* 600 input bits */

struct xm_rtl;

struct xm_rtl *xm_rtl_new(void);
void xm_rtl_free(struct xm_rtl *r);
/* in: 600 bits, byte 0 = bits 7:0; sel: 3 bits. tree/flat: 68 bits each */
void xm_rtl_eval(struct xm_rtl *r, const uint8_t in[XM_IN_BYTES], unsigned sel, uint8_t tree[9],
		 uint8_t flat[9]);

#ifdef __cplusplus
}
#endif

#endif
