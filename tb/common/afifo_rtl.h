/* SPDX-License-Identifier: MIT */
/*
 * C API to the Verilated rtl/common/hpnic_axis_async_fifo, 64-bit, in three
 * configurations (mk/common.mk): "plain" (DEPTH_LOG2 4), "frame" (frame
 * mode, bad frames dropped, back-pressure; DEPTH_LOG2 4) and "drop" (frame
 * mode, bad frames dropped, drop when full; DEPTH_LOG2 5).
 * Clock 0 is s_clk, clock 1 is m_clk.
 */
#ifndef AFIFO_RTL_H
#define AFIFO_RTL_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct afifo_rtl;

struct afifo_beat {
	uint64_t data;
	uint8_t keep;
	int last;
	int user;
};

struct afifo_status {
	int good, bad, overflow, oversize;
	unsigned depth;
};

struct afifo_rtl *afifo_rtl_new(const char *config, const char *fst);
void afifo_rtl_free(struct afifo_rtl *r);
unsigned afifo_rtl_depth(const struct afifo_rtl *r);   /* words */

/* raise the clocks in mask (bit 0 s_clk, bit 1 m_clk) and lower them again */
void afifo_rtl_edge(struct afifo_rtl *r, unsigned mask, uint64_t time_fs);

void afifo_rtl_set_rst(struct afifo_rtl *r, int s_rst, int m_rst);
void afifo_rtl_set_in(struct afifo_rtl *r, int valid, const struct afifo_beat *b);
int afifo_rtl_in_ready(struct afifo_rtl *r);
void afifo_rtl_status(struct afifo_rtl *r, struct afifo_status *st);
void afifo_rtl_set_out_ready(struct afifo_rtl *r, int ready);
int afifo_rtl_out(struct afifo_rtl *r, struct afifo_beat *b);

#ifdef __cplusplus
}
#endif

#endif
