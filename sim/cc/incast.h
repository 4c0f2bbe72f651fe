/* SPDX-License-Identifier: MIT */
/*
 * Closed-loop incast trace generator: N senders, one receiver, two INT
 * switches in series (sw1 egress 400G, sw2 egress at the receiver's line
 * rate, the bottleneck). Each sender runs the double-precision HPCC model on
 * its own ACKs, so the trace is what a real HPCC sender would see; the CC
 * engine's fixed-point arithmetic and RTL are then replayed against it.
 */
#ifndef INCAST_H
#define INCAST_H

#include <stddef.h>
#include <stdint.h>

#include "hpcc_model.h"

struct incast_cfg {
	unsigned flows;           /* senders, one QP each (qpn = 1 + index) */
	uint64_t bytes;           /* per flow */
	unsigned payload;         /* bytes per packet */
	double link_delay_ns;     /* host <-> switch propagation, each way */
	struct hpcc_user_params cc;
	uint64_t seed;            /* start-time jitter */
	double start_jitter_ns;   /* flows start uniformly in [0, jitter) */
	/* optional: flows start in groups of stagger_group, one group every
	 * stagger_ns (0: all at once), as the VAI/SF paper's staggered incast */
	double stagger_ns;
	unsigned stagger_group;
	/* optional, one per flow: an INIT (type HPCC_EV_INIT; cc_opts, t_ns,
	 * wai_q4, max_stage) the flow's QP gets before its first packet, put in
	 * the trace; NULL or another type: no INIT, the QP as after reset */
	const struct hpcc_event *init;
};

struct incast_result {
	struct hpcc_event *ev;    /* one ACK event per data packet, in arrival order */
	size_t n;
	double end_ns;            /* when the last ACK arrived */
	uint32_t max_queue_bytes; /* at the bottleneck */
};

void incast_cfg_default(struct incast_cfg *c);
int incast_generate(const struct incast_cfg *c, struct incast_result *r);
void incast_result_free(struct incast_result *r);

#endif
