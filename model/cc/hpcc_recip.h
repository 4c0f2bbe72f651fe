/* SPDX-License-Identifier: MIT */
/*
 * Reciprocal by table lookup plus linear interpolation (HPCC paper §4.3).
 *
 * This is the one definition of the reciprocal arithmetic. The ROM image
 * generator (fw/gen_recip_rom.c), the fixed-point model and therefore the RTL
 * all follow it bit for bit. See docs/cc.md, "Reciprocal ROM".
 */
#ifndef HPCC_RECIP_H
#define HPCC_RECIP_H

#include <stdint.h>

#define HPCC_RECIP_IDX_BITS   10                       /* ROM index bits */
#define HPCC_RECIP_ENTRIES    (1u << HPCC_RECIP_IDX_BITS)
#define HPCC_RECIP_FRAC_BITS  12                       /* interpolation bits */
#define HPCC_RECIP_VAL_BITS   23                       /* r_i, Q1.22 */
#define HPCC_RECIP_DELTA_BITS 12                       /* r_i - r_(i+1) */
#define HPCC_RECIP_WORD_BITS  (HPCC_RECIP_VAL_BITS + HPCC_RECIP_DELTA_BITS)
#define HPCC_RECIP_M_BITS     17                       /* result mantissa */

/*
 * ROM word i: bits [34:12] = r_i = round(2^22 / (1 + i/1024)),
 *             bits [11:0]  = r_i - r_(i+1), with r_1024 = 2^21.
 * Pure integer arithmetic, so every host produces the same image.
 */
uint64_t hpcc_recip_rom_word(unsigned i);

/*
 * 1/x ~= m / 2^sh for 1 <= x < 2^48, with m in [2^16, 2^17).
 * x = 0 is treated as x = 1 (callers that care test for zero first).
 */
void hpcc_recip(uint64_t x, uint32_t *m, uint32_t *sh);

/* Floor of log2 of a nonzero value; 0 for 0. */
unsigned hpcc_msb64(uint64_t x);

/* round(p / 2^s), halves rounded up; s may be 0. Exactly what the RTL does. */
uint64_t hpcc_shr_round(uint64_t p, unsigned s);

#endif
