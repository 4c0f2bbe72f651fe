/* SPDX-License-Identifier: MIT */
/*
 * C API to the Verilated rtl/common/hpnic_qp_queue, two models: the
 * responder's shape (SERVE 1, with 40-bit marks that keep 20 bits when
 * held) and the requester's (SERVE 4, no marks). Both are small
 * (8 QPs, a 16-entry pool, 8 items per QP, an 8-deep output FIFO) so that
 * the limits and the empty pool come soon.
 */
#ifndef QQ_RTL_H
#define QQ_RTL_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define QQ_RTL_QPS 8
#define QQ_RTL_POOL 16
#define QQ_RTL_LIMIT 8

struct qq_rtl;

struct qq_io {
	/* inputs, sampled at the next clock edge */
	int push_valid, push_dup, flush_valid, done_valid, m_ready, mark_valid, mk_ready;
	unsigned push_qpn, push_key, flush_qpn, done_qpn, done_tag, mark_qpn;
	uint64_t push_data, mark_data;
	/* outputs, as they are before that edge */
	int push_ready, flush_ready, done_ready, m_valid, m_flush, init_done, mark_ready, mk_valid;
	unsigned m_qpn, m_tag, mk_qpn;
	uint64_t m_data, mk_data;
	uint32_t drop_full, drop_pool, done_stale, mark_held;
};

/* serve: 1 or 4 */
struct qq_rtl *qq_rtl_new(int serve);
void qq_rtl_free(struct qq_rtl *r);
void qq_rtl_reset(struct qq_rtl *r);
/* drive the inputs, read the outputs, then one clock edge */
void qq_rtl_cycle(struct qq_rtl *r, struct qq_io *io);

#ifdef __cplusplus
}
#endif

#endif
