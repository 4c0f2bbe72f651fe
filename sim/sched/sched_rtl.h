/* SPDX-License-Identifier: MIT */
/*
 * C API to the Verilated flow scheduler (rtl/sched/hpnic_flow_sched.v),
 * cycle-accurate. The caller owns every stream: each call to sched_rtl_step()
 * is one clock cycle in which it offers inputs, sees the handshakes that
 * happen at that cycle's edge, and the edge is taken.
 */
#ifndef SCHED_RTL_H
#define SCHED_RTL_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SCHED_RTL_MAX_ENGINES 16

struct sched_params {
	uint32_t line_rate_q16;   /* Q8.16 bytes/ns; 100 Gb/s = 819200 */
	uint32_t t_ns;            /* T: W_init = line rate x T */
	uint32_t pkt_overhead;    /* credit bytes charged per packet beyond payload */
	uint32_t burst_bytes;     /* credit bucket depth: one MTU packet + this */
	uint32_t mtu_default;     /* payload bytes per packet of a new QP */
};

/* what the testbench drives in one cycle (valid bits and payloads) */
struct sched_in {
	int update_valid;
	uint32_t update_qpn, update_w_q4, update_rate_q16;
	int work_valid;
	uint32_t work_qpn, work_bytes;
	int ack_valid;
	uint32_t ack_qpn, ack_snd_una;
	int flow_valid, flow_remove;
	uint32_t flow_qpn;
	int mtu_valid;
	uint32_t mtu_qpn, mtu_len;
	int pktsend_ready;
};

/* what the design shows in that cycle, before the edge */
struct sched_out {
	int update_ready, work_ready, ack_ready, flow_ready, mtu_ready;
	int pktsend_valid;
	uint32_t pktsend_qpn, pktsend_len;
};

struct sched_stats {
	uint64_t pktsend;
	uint64_t visits[SCHED_RTL_MAX_ENGINES];
	uint64_t work_invalid, mtu_invalid, ack_ahead, win_floor;
	uint64_t no_room;          /* visits that could send but found the queue full */
	int overflow;
};

struct sched_rtl;

/* Builds the model, drives the parameters, resets it and waits for init_done.
 * fst_path: write FST waves there, or NULL. */
struct sched_rtl *sched_rtl_new(const struct sched_params *p, const char *fst_path);
void sched_rtl_free(struct sched_rtl *r);

/* the parameters the model was Verilated with */
unsigned sched_rtl_qpn_bits(void);
unsigned sched_rtl_engines(void);
unsigned sched_rtl_clk_ns(void);

void sched_rtl_set_params(struct sched_rtl *r, const struct sched_params *p);

/* One clock cycle: apply in, evaluate, fill out (a handshake on a stream is
 * its valid && ready as reported), then clock the edge. */
void sched_rtl_step(struct sched_rtl *r, const struct sched_in *in, struct sched_out *out);

void sched_rtl_stats(struct sched_rtl *r, struct sched_stats *s);
uint64_t sched_rtl_cycle(const struct sched_rtl *r);

#ifdef __cplusplus
}
#endif

#endif
