/* SPDX-License-Identifier: MIT */
/* C API to the Verilated rtl/common/hpnic_ipv4_csum (combinational). */
#ifndef CSUM_RTL_H
#define CSUM_RTL_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct csum_rtl;

struct csum_rtl *csum_rtl_new(void);
void csum_rtl_free(struct csum_rtl *r);
/* hdr: the 20 header bytes in wire order */
void csum_rtl_eval(struct csum_rtl *r, const uint8_t hdr[20], uint16_t *csum, int *ok);

#ifdef __cplusplus
}
#endif

#endif
