/* SPDX-License-Identifier: MIT */
/* C API to the Verilated rtl/common/hpnic_fifo.v, both RAM styles, COUNT_REG 0 and 1 (WIDTH 32, DEPTH_LOG2 3). */
#ifndef FIFO_RTL_H
#define FIFO_RTL_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define FIFO_RTL_DEPTH 8

struct fifo_rtl;

struct fifo_io {
	/* inputs, sampled at the next clock edge */
	int s_valid, m_ready;
	uint32_t s_data;
	/* outputs, as they are before that edge */
	int s_ready, m_valid;
	uint32_t m_data;
	unsigned count;
};

/* block: 0 = RAM_STYLE "distributed", 1 = "block"; count_reg: COUNT_REG */
struct fifo_rtl *fifo_rtl_new(int block, int count_reg);
void fifo_rtl_free(struct fifo_rtl *r);
void fifo_rtl_reset(struct fifo_rtl *r);
/* drive the inputs, read the outputs, then one clock edge */
void fifo_rtl_cycle(struct fifo_rtl *r, struct fifo_io *io);

#ifdef __cplusplus
}
#endif

#endif
