/* SPDX-License-Identifier: MIT */
/*
 * C API to the Verilated rtl/common/hpnic_crc32 at 512 and 64 bits, cycle by
 * cycle: set the inputs for the next clock edge, read the handshake, tick.
 */
#ifndef CRC32_RTL_H
#define CRC32_RTL_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct crc32_rtl;

/* width_bits: 512 or 64 (the widths mk/common.mk Verilates); fst: waves or NULL */
struct crc32_rtl *crc32_rtl_new(unsigned width_bits, const char *fst);
void crc32_rtl_free(struct crc32_rtl *r);

/* reset for a few cycles */
void crc32_rtl_reset(struct crc32_rtl *r);

/* input beat for the next edge: nbytes kept bytes from data (1..width/8) */
void crc32_rtl_set_in(struct crc32_rtl *r, int valid, const uint8_t *data, unsigned nbytes,
		      int last, uint32_t init);
void crc32_rtl_set_out_ready(struct crc32_rtl *r, int ready);

int crc32_rtl_in_ready(struct crc32_rtl *r);
/* 1 and the result if m_crc_valid */
int crc32_rtl_out(struct crc32_rtl *r, uint32_t *crc, uint32_t *state);

/* one rising edge */
void crc32_rtl_tick(struct crc32_rtl *r);
uint64_t crc32_rtl_cycle(const struct crc32_rtl *r);

#ifdef __cplusplus
}
#endif

#endif
