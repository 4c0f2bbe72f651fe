/* SPDX-License-Identifier: MIT */
/* C API to five Verilated configurations of rtl/common/hpnic_byte_shr. */
#ifndef BSR_RTL_H
#define BSR_RTL_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct bsr_rtl;

struct bsr_cfg {
	const char *name;
	unsigned in_bytes, out_bytes, shift_width;
	/* list mode (shift_width 3): the shift of each index, else NULL */
	const uint8_t *list;
};

/*
 * the configurations built: RX realign, RX ICRC pick, an odd one, and in
 * list mode the RX realign and the TX prepend
 */
#define BSR_NCFG 5
extern const struct bsr_cfg bsr_cfgs[BSR_NCFG];

struct bsr_rtl *bsr_rtl_new(void);
void bsr_rtl_free(struct bsr_rtl *r);
/* in: in_bytes bytes, lane 0 first; out: out_bytes bytes */
/* shift: the amount, or in list mode the index */
void bsr_rtl_eval(struct bsr_rtl *r, int cfg, const uint8_t *in, unsigned shift, uint8_t *out);

#ifdef __cplusplus
}
#endif

#endif
