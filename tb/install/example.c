/* SPDX-License-Identifier: MIT */
/* two simulated NICs, one RC connection, one RDMA WRITE */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hpnic.h"

/* every libhpnic call returns a negative errno on failure */
#define TRY(call)                                                               \
	do {                                                                    \
		int e_ = (call);                                                \
		if (e_ < 0) {                                                   \
			fprintf(stderr, "%s: %s\n  %s\n", #call,                \
				hpnic_strerror(e_), hpnic_last_error());        \
			exit(1);                                                \
		}                                                               \
	} while (0)

#define BUF_LEN 65536

struct end {
	struct hpnic_dev *dev;
	struct hpnic_dev_attr attr;     /* port MAC and IPv4, sizes */
	struct hpnic_mr *mr;
	struct hpnic_cq *cq;
	struct hpnic_qp *qp;
	char *buf;
};

static void setup(struct end *e, const char *name)
{
	struct hpnic_qp_init_attr ia = { 0 };

	TRY(hpnic_open(name, &e->dev));
	TRY(hpnic_query_device(e->dev, &e->attr));
	e->buf = aligned_alloc(4096, BUF_LEN);
	if (!e->buf)
		exit(1);
	memset(e->buf, 0, BUF_LEN);
	TRY(hpnic_reg_mr(e->dev, e->buf, BUF_LEN, HPNIC_ACCESS_LOCAL_WRITE |
			 HPNIC_ACCESS_REMOTE_WRITE | HPNIC_ACCESS_REMOTE_READ, &e->mr));
	TRY(hpnic_create_cq(e->dev, 64, &e->cq));     /* >= the sum of its QPs' sq_depth */
	ia.send_cq = e->cq;
	ia.sq_depth = 64;
	ia.path_mtu = 4096;
	TRY(hpnic_create_qp(e->dev, &ia, &e->qp));
}

/* RESET -> INIT -> RTR -> RTS, towards the peer; in a real program the
 * peer's QPN, addresses and PSN come over a side channel */
static void connect_qp(struct end *e, const struct end *peer, uint32_t my_psn,
		       uint32_t peer_psn)
{
	struct hpnic_qp_attr a = { 0 };

	a.qp_state = HPNIC_QPS_INIT;
	TRY(hpnic_modify_qp(e->qp, &a, HPNIC_QP_ATTR_STATE));

	a.qp_state = HPNIC_QPS_RTR;
	a.dest_qp_num = hpnic_qp_num(peer->qp);
	a.remote_ipv4 = peer->attr.ipv4;
	memcpy(a.remote_mac, peer->attr.mac, 6);
	a.rq_psn = peer_psn;
	a.sq_psn = my_psn;              /* hpnic starts both PSNs here, at RTR */
	TRY(hpnic_modify_qp(e->qp, &a, HPNIC_QP_ATTR_STATE | HPNIC_QP_ATTR_DEST_QPN |
			    HPNIC_QP_ATTR_REMOTE_IP | HPNIC_QP_ATTR_REMOTE_MAC |
			    HPNIC_QP_ATTR_RQ_PSN | HPNIC_QP_ATTR_SQ_PSN));

	a.qp_state = HPNIC_QPS_RTS;
	TRY(hpnic_modify_qp(e->qp, &a, HPNIC_QP_ATTR_STATE));
}

static void teardown(struct end *e)
{
	TRY(hpnic_destroy_qp(e->qp));
	TRY(hpnic_destroy_cq(e->cq));
	TRY(hpnic_dereg_mr(e->mr));
	TRY(hpnic_close(e->dev));
	free(e->buf);
}

int main(void)
{
	static const char msg[] = "hello over RoCEv2";
	struct end a, b;
	struct hpnic_wc wc;
	int n;

	setup(&a, "sim:0");
	setup(&b, "sim:1");
	connect_qp(&a, &b, 100, 200);
	connect_qp(&b, &a, 200, 100);

	/* A writes into B's buffer: B's VA (its pointer value) and R_Key */
	memcpy(a.buf, msg, sizeof(msg));
	TRY(hpnic_post_write(a.qp, 42, a.mr, a.buf, sizeof(msg),
			     (uint64_t)(uintptr_t)b.buf, hpnic_mr_rkey(b.mr), HPNIC_WR_SIGNALED));

	/* up to 1 ms of device time (simulated here): polling drives the simulator */
	n = hpnic_wait_cq(a.cq, 1, &wc, 1000000);
	TRY(n);
	if (wc.status != HPNIC_WC_SUCCESS || wc.wr_id != 42) {
		fprintf(stderr, "WRITE failed: status %d\n", wc.status);
		return 1;
	}
	/* the completion says the bytes are in B's memory */
	if (wc.byte_len != sizeof(msg) || memcmp(b.buf, msg, sizeof(msg))) {
		fprintf(stderr, "B's buffer does not hold the message\n");
		return 1;
	}
	printf("B reads: %s (%u bytes)\n", b.buf, wc.byte_len);

	teardown(&a);
	teardown(&b);
	return 0;
}
