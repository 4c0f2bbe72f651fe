/* SPDX-License-Identifier: MIT */
/*
 * hpnic-pingpong: the smallest libhpnic program worth reading. Two simulated
 * NICs; NIC 0 WRITEs a message into NIC 1's buffer, NIC 1 sees it land (it
 * polls the last byte, as RDMA programs do) and WRITEs it back; repeat. Prints
 * the round-trip time in simulated time.
 */
#define _POSIX_C_SOURCE 200809L
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hpnic.h"
#include "hpnic_sim.h"

#define TRY(call)                                                                    \
	do {                                                                         \
		int err_ = (call);                                                   \
		if (err_ < 0) {                                                      \
			fprintf(stderr, "hpnic-pingpong: %s: %s (%s)\n", #call,      \
				hpnic_strerror(err_), hpnic_last_error());           \
			exit(1);                                                     \
		}                                                                    \
	} while (0)

struct end {
	struct hpnic_dev *dev;
	struct hpnic_dev_attr attr;
	struct hpnic_cq *cq;
	struct hpnic_qp *qp;
	struct hpnic_mr *mr;
	uint8_t *buf;                  /* [0, size): outgoing; [size, 2 size): incoming */
};

static void connect_to(struct end *a, const struct end *b)
{
	struct hpnic_qp_attr at;

	memset(&at, 0, sizeof(at));
	at.qp_state = HPNIC_QPS_INIT;
	TRY(hpnic_modify_qp(a->qp, &at, HPNIC_QP_ATTR_STATE));
	at.qp_state = HPNIC_QPS_RTR;
	at.dest_qp_num = hpnic_qp_num(b->qp);
	at.remote_ipv4 = b->attr.ipv4;
	memcpy(at.remote_mac, b->attr.mac, 6);
	TRY(hpnic_modify_qp(a->qp, &at, HPNIC_QP_ATTR_STATE | HPNIC_QP_ATTR_DEST_QPN |
			    HPNIC_QP_ATTR_REMOTE_IP | HPNIC_QP_ATTR_REMOTE_MAC | HPNIC_QP_ATTR_RQ_PSN));
	at.qp_state = HPNIC_QPS_RTS;
	TRY(hpnic_modify_qp(a->qp, &at, HPNIC_QP_ATTR_STATE));
}

int main(int argc, char **argv)
{
	unsigned size = 64, iters = 100;
	struct end e[2];
	int c;

	while ((c = getopt(argc, argv, "s:n:h")) != -1) {
		switch (c) {
		case 's': size = (unsigned)strtoul(optarg, NULL, 0); break;
		case 'n': iters = (unsigned)strtoul(optarg, NULL, 0); break;
		default:
			printf("usage: hpnic-pingpong [-s bytes] [-n round trips]\n"
			       "RDMA WRITE ping-pong between the two simulated NICs of libhpnic's sim\n"
			       "backend; prints the round-trip time in simulated ns.\n");
			return c == 'h' ? 0 : 2;
		}
	}
	if (size < 1 || size > (1u << 20) || !iters) {
		fprintf(stderr, "hpnic-pingpong: -s 1..1048576, -n > 0\n");
		return 2;
	}
	for (int n = 0; n < 2; n++) {
		struct hpnic_qp_init_attr ia = { .sq_depth = 4, .path_mtu = 1024 };
		char name[16];

		snprintf(name, sizeof(name), "sim:%d", n);
		TRY(hpnic_open(name, &e[n].dev));
		TRY(hpnic_query_device(e[n].dev, &e[n].attr));
		TRY(hpnic_create_cq(e[n].dev, 16, &e[n].cq));
		ia.send_cq = e[n].cq;
		TRY(hpnic_create_qp(e[n].dev, &ia, &e[n].qp));
		e[n].buf = calloc(2, size);
		TRY(hpnic_reg_mr(e[n].dev, e[n].buf, 2 * size, HPNIC_ACCESS_LOCAL_WRITE |
				 HPNIC_ACCESS_REMOTE_WRITE, &e[n].mr));
	}
	connect_to(&e[0], &e[1]);
	connect_to(&e[1], &e[0]);

	uint64_t t0 = hpnic_sim_cycle();

	for (unsigned i = 0; i < iters; i++) {
		for (int n = 0; n < 2; n++) {
			struct end *me = &e[n], *peer = &e[!n];
			uint8_t tag = (uint8_t)(2 * i + n + 1);

			/* the message's last byte is the round's tag: the peer polls it */
			memset(me->buf, tag, size);
			TRY(hpnic_post_write(me->qp, i, me->mr, me->buf, size,
					     (uintptr_t)(peer->buf + size), hpnic_mr_rkey(peer->mr), 0));
			while (((volatile uint8_t *)peer->buf)[2 * size - 1] != tag)
				hpnic_sim_run(8);
			/* unsignaled WRITEs: nothing to reap unless an error came */
			struct hpnic_wc wc;

			if (hpnic_poll_cq(me->cq, 1, &wc) > 0 && wc.status != HPNIC_WC_SUCCESS) {
				fprintf(stderr, "hpnic-pingpong: completion status %d\n", wc.status);
				return 1;
			}
		}
	}
	uint64_t cycles = hpnic_sim_cycle() - t0;

	printf("hpnic-pingpong: %u round trips of %u B WRITEs: %.1f ns per round trip "
	       "(%.1f cycles at %u MHz; links 0.5 us each way)\n", iters, size,
	       1000.0 * (double)cycles / iters / HPNIC_SIM_CLK_MHZ, (double)cycles / iters,
	       HPNIC_SIM_CLK_MHZ);
	for (int n = 0; n < 2; n++) {
		TRY(hpnic_destroy_qp(e[n].qp));
		TRY(hpnic_dereg_mr(e[n].mr));
		TRY(hpnic_destroy_cq(e[n].cq));
		TRY(hpnic_close(e[n].dev));
		free(e[n].buf);
	}
	return 0;
}
