/* SPDX-License-Identifier: MIT */
/*
 * sim_speed: how many wall-clock seconds one second of device time takes in
 * the simulator's pair mode (two Verilated hpnic_core NICs, 250 MHz, back to
 * back), which is what every libhpnic timeout counts there
 * (docs/libhpnic.md, "Timeouts are device time").
 *
 *   sim_speed [CYCLES] [--busy]
 *
 * Opens sim:0 and sim:1 (the world), then runs CYCLES core cycles (default
 * 250000: 1 ms) and times them: idle NICs through hpnic_sim_run(), or with
 * --busy through libhpnic's polling while one QP keeps 16 RDMA WRITEs of
 * 4 KiB posted (the wire nearly full). Prints one line:
 *
 *   idle: 250000 cycles (1000.0 us simulated) in 5.01 s: 5010x
 *
 * make test-install builds it out of the tree with pkg-config hpnic-sim (its
 * include of hpnic_sim.h checks that the installed headers need one -I) and
 * runs a short idle measurement.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hpnic.h"
#include "hpnic_sim.h"

#define TRY(call)                                                               \
	do {                                                                    \
		int e_ = (call);                                                \
		if (e_ < 0) {                                                   \
			fprintf(stderr, "%s: %s\n  %s\n", #call,                \
				hpnic_strerror(e_), hpnic_last_error());        \
			exit(1);                                                \
		}                                                               \
	} while (0)

#define MSG_LEN 4096u
#define DEPTH 16u

struct end {
	struct hpnic_dev *dev;
	struct hpnic_dev_attr attr;
	struct hpnic_mr *mr;
	struct hpnic_cq *cq;
	struct hpnic_qp *qp;
	char *buf;
};

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void setup(struct end *e, const char *name)
{
	struct hpnic_qp_init_attr ia = { 0 };

	TRY(hpnic_open(name, &e->dev));
	TRY(hpnic_query_device(e->dev, &e->attr));
	e->buf = aligned_alloc(4096, MSG_LEN * DEPTH);
	if (!e->buf)
		exit(1);
	memset(e->buf, 0x5a, MSG_LEN * DEPTH);
	TRY(hpnic_reg_mr(e->dev, e->buf, MSG_LEN * DEPTH, HPNIC_ACCESS_LOCAL_WRITE |
			 HPNIC_ACCESS_REMOTE_WRITE, &e->mr));
	TRY(hpnic_create_cq(e->dev, DEPTH, &e->cq));
	ia.send_cq = e->cq;
	ia.sq_depth = DEPTH;
	ia.sq_sig_all = 1;
	TRY(hpnic_create_qp(e->dev, &ia, &e->qp));
}

static void connect_qp(struct end *e, const struct end *peer)
{
	struct hpnic_qp_attr a = { 0 };

	a.qp_state = HPNIC_QPS_INIT;
	TRY(hpnic_modify_qp(e->qp, &a, HPNIC_QP_ATTR_STATE));
	a.qp_state = HPNIC_QPS_RTR;
	a.dest_qp_num = hpnic_qp_num(peer->qp);
	a.remote_ipv4 = peer->attr.ipv4;
	memcpy(a.remote_mac, peer->attr.mac, 6);
	TRY(hpnic_modify_qp(e->qp, &a, HPNIC_QP_ATTR_STATE | HPNIC_QP_ATTR_DEST_QPN |
			    HPNIC_QP_ATTR_REMOTE_IP | HPNIC_QP_ATTR_REMOTE_MAC |
			    HPNIC_QP_ATTR_RQ_PSN));
	a.qp_state = HPNIC_QPS_RTS;
	TRY(hpnic_modify_qp(e->qp, &a, HPNIC_QP_ATTR_STATE));
}

static void post(struct end *a, const struct end *b, unsigned slot)
{
	TRY(hpnic_post_write(a->qp, slot, a->mr, a->buf + slot * MSG_LEN, MSG_LEN,
			     (uint64_t)(uintptr_t)(b->buf + slot * MSG_LEN), hpnic_mr_rkey(b->mr),
			     HPNIC_WR_SIGNALED));
}

int main(int argc, char **argv)
{
	uint64_t cycles = 250000, c0, c1;
	struct hpnic_wc wc[DEPTH];
	struct end a, b;
	unsigned long done = 0;
	int busy = 0, i, n;
	double t0, t1, sim_s;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--busy"))
			busy = 1;
		else if (argv[i][0] >= '0' && argv[i][0] <= '9')
			cycles = strtoull(argv[i], NULL, 0);
		else {
			fprintf(stderr, "usage: sim_speed [CYCLES] [--busy]\n");
			return 2;
		}
	}
	setup(&a, "sim:0");
	setup(&b, "sim:1");
	if (hpnic_sim_nics() != 2) {
		fprintf(stderr, "sim_speed: %u NICs, not pair mode (HPNIC_SIM_TOPO set?)\n",
			hpnic_sim_nics());
		return 1;
	}
	connect_qp(&a, &b);
	connect_qp(&b, &a);

	c0 = hpnic_sim_cycle();
	t0 = now_s();
	if (!busy) {
		hpnic_sim_run(cycles);
	} else {
		for (unsigned s = 0; s < DEPTH; s++)
			post(&a, &b, s);
		while (hpnic_sim_cycle() - c0 < cycles) {
			n = hpnic_poll_cq(a.cq, DEPTH, wc);
			TRY(n);
			for (i = 0; i < n; i++) {
				if (wc[i].status != HPNIC_WC_SUCCESS) {
					fprintf(stderr, "sim_speed: WRITE failed: %d\n", wc[i].status);
					return 1;
				}
				post(&a, &b, (unsigned)wc[i].wr_id);
			}
			done += (unsigned long)n;
		}
	}
	t1 = now_s();
	c1 = hpnic_sim_cycle();
	sim_s = (double)(c1 - c0) / (HPNIC_SIM_CLK_MHZ * 1e6);
	printf("%s: %llu cycles (%.1f us simulated) in %.2f s: %.0fx", busy ? "busy" : "idle",
	       (unsigned long long)(c1 - c0), sim_s * 1e6, t1 - t0, (t1 - t0) / sim_s);
	if (busy)
		printf(", %lu WRITEs of %u B (%.1f Gb/s simulated)", done, MSG_LEN,
		       done * MSG_LEN * 8.0 / sim_s / 1e9);
	printf("\n");

	/* every completion reposted its slot: DEPTH WRITEs are still out */
	for (unsigned left = busy ? DEPTH : 0; left; left -= (unsigned)n) {
		n = hpnic_wait_cq(a.cq, (int)left, wc, 1000000);
		TRY(n);
	}
	TRY(hpnic_destroy_qp(a.qp));
	TRY(hpnic_destroy_qp(b.qp));
	TRY(hpnic_destroy_cq(a.cq));
	TRY(hpnic_destroy_cq(b.cq));
	TRY(hpnic_dereg_mr(a.mr));
	TRY(hpnic_dereg_mr(b.mr));
	TRY(hpnic_close(a.dev));
	TRY(hpnic_close(b.dev));
	free(a.buf);
	free(b.buf);
	return 0;
}
