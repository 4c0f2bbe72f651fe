/* SPDX-License-Identifier: MIT */
/*
 * hpnic_pp: the other end of an unmodified ibv_rc_pingpong (libibverbs'
 * example program) on an hpnic QP, through libhpnic. hpnic_pingpong (a
 * program of its own) and hpnic_peer (make test-interop) use it.
 *
 * What ibv_rc_pingpong expects (rdma-core 44, Debian bookworm's; read from
 * its source, docs/interop.md has the details):
 *  - one TCP connection (port 18515 by default); the client connects and
 *    writes its message first; the server reads it, moves its QP to RTR and
 *    RTS, writes its own; the client then writes "done" and closes;
 *  - a message is the text LLLL:QQQQQQ:PPPPPP:G..G (LID, QPN and PSN in 4, 6
 *    and 6 hex digits, the GID's 16 bytes in order as 32) and its NUL:
 *    HPNIC_PP_MSG bytes, read and written whole;
 *  - each side posts its receives (rx_depth, 500) before the exchange, SENDs
 *    size bytes from the buffer it receives into, and posts its next SEND
 *    once its last SEND and the peer's last message have both completed; the
 *    client SENDs first, so each side's message after the first is an echo
 *    of the message it last received;
 *  - its QP: timeout 14, retry_cnt 7, rnr_retry 7, min_rnr_timer 12, one
 *    READ each way (none is used), GRH hop limit 1.
 * hpnic has one address, IPv4: its GID is ::ffff:a.b.c.d, and the peer's
 * must be one as well (ibv_rc_pingpong -g with its IPv4-mapped GID's index).
 */
#ifndef HPNIC_PP_H
#define HPNIC_PP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hpnic.h"

/* a message of the exchange, with its NUL: "0000:000000:000000:" + 32 */
#define HPNIC_PP_MSG 52
/* receive buffers hpnic keeps posted (ibv_rc_pingpong has one message in
 * flight each way at most) */
#define HPNIC_PP_RECVS 16u

struct hpnic_pp_dest {
	unsigned lid;
	uint32_t qpn, psn;
	uint8_t gid[16];
	uint32_t ipv4;          /* from the GID, first octet in bits 31:24 */
};

struct hpnic_pp {
	/* the caller's */
	struct hpnic_dev *dev;
	unsigned size, iters, mtu, wait_s;
	uint8_t peer_mac[6];    /* hpnic answers no ARP: the peer's next hop */
	uint64_t seed;          /* hpnic's PSN and its messages' bytes */
	/* hpnic_pp_init's */
	struct hpnic_cq *cq;
	struct hpnic_mr *mr;
	struct hpnic_qp *qp;
	uint8_t *buf;
	size_t len;
	struct hpnic_pp_dest me, peer;
	/* hpnic_pp_run's */
	unsigned scnt, rcnt;    /* SENDs and receives completed */
	unsigned echoes;        /* messages that held hpnic's last message */
	bool first_7b;          /* the client's first message was rc_pingpong's fill */
	double secs;            /* wall-clock time of the loop */
	uint64_t cycles;        /* simulated cycles (0 without a simulator) */
	char err[256];          /* what failed */
};

/* parse a message; false (and why in err) when it is not one */
bool hpnic_pp_parse(const char *msg, struct hpnic_pp_dest *d, char *err, size_t cap);
/* a message for d, HPNIC_PP_MSG bytes with the NUL */
void hpnic_pp_format(const struct hpnic_pp_dest *d, char msg[HPNIC_PP_MSG]);

/* CQ, MR, QP (to INIT) and its receives; 0, or -1 with err set */
int hpnic_pp_init(struct hpnic_pp *pp);
/* the exchange on a connected socket, the QP to RTS; 0 or -1 */
int hpnic_pp_exchange(struct hpnic_pp *pp, int fd, bool server);
/* iters messages each way, each received one checked; 0 or -1 */
int hpnic_pp_run(struct hpnic_pp *pp, bool server);
void hpnic_pp_fini(struct hpnic_pp *pp);

#endif /* HPNIC_PP_H */
