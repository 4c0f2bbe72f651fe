/* SPDX-License-Identifier: MIT */
/*
 * tb_stream: the simulated NIC's port on a Unix stream socket in QEMU's
 * `-netdev stream` framing (sim/link/stream_port.h, HPNIC_SIM_STREAM).
 *
 * 1. The port alone against a raw peer: records both ways, a frame shorter
 *    than 60 bytes passed on, a record of length 0 or over the maximum
 *    closing the connection, a frame sent with no peer dropped, a new peer
 *    taken after EOF, all counted.
 * 2. Two simulator processes, one NIC each, each the other's link partner
 *    through the socket (the parent listens, the child connects), with
 *    their own addresses (HPNIC_SIM_IP, HPNIC_SIM_MAC): RDMA WRITEs and
 *    READs of 1 B, MTU - 1, MTU, MTU + 1 and --max bytes (64 KiB), each
 *    byte checked at the other end, a WRITE with a wrong R_Key answered
 *    with a remote access error, and the parent seeing the child's EOF
 *    when it exits.
 *
 *   tb_stream [--seed N] [--max BYTES] [--help]
 */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include "hpnic.h"
#include "hpnic_sim.h"
#include "stream_port.h"
#include "tb_util.h"

#define BUF_BYTES (2u << 20)
#define MTU 1024u

static uint64_t max_len = 65536;

#define TRY(call)                                                               \
	do {                                                                    \
		int err_ = (call);                                              \
		if (err_ < 0) {                                                 \
			fprintf(stderr, "tb_stream: %s: %s (%s)\n", #call,      \
				hpnic_strerror(err_), hpnic_last_error());      \
			exit(1);                                                \
		}                                                               \
	} while (0)

/* ---- 1. the port against a raw peer ---- */

struct rx_log {
	unsigned n;
	size_t len[8];
	uint8_t first[8];
};

static void log_rx(void *ctx, const uint8_t *f, size_t len)
{
	struct rx_log *l = ctx;

	if (l->n < 8) {
		l->len[l->n] = len;
		l->first[l->n] = f[0];
	}
	l->n++;
}

static int raw_connect(const char *path)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	int fd = socket(AF_UNIX, SOCK_STREAM, 0);

	snprintf(sa.sun_path, sizeof(sa.sun_path), "%s", path);
	if (fd < 0 || connect(fd, (struct sockaddr *)&sa, sizeof(sa))) {
		perror("tb_stream: raw connect");
		exit(1);
	}
	return fd;
}

static void raw_record(int fd, uint32_t len, size_t body, uint8_t fill)
{
	uint8_t b[4 + 256];

	b[0] = (uint8_t)(len >> 24);
	b[1] = (uint8_t)(len >> 16);
	b[2] = (uint8_t)(len >> 8);
	b[3] = (uint8_t)len;
	memset(b + 4, fill, body);
	if (write(fd, b, 4 + body) != (ssize_t)(4 + body)) {
		perror("tb_stream: raw write");
		exit(1);
	}
}

/* poll the port until n frames came or it dropped its peer (bounded) */
static void poll_until(struct stream_port *p, struct rx_log *l, unsigned n, bool until_down)
{
	for (int k = 0; k < 2000; k++) {
		stream_port_poll(p, log_rx, l);
		if (l->n >= n && (!until_down || !stream_port_connected(p)))
			return;
		usleep(1000);
	}
}

static void test_port(const char *dir)
{
	char path[256], err[128];
	struct rx_log l = { 0 };
	const struct stream_port_stats *st;
	struct stream_port *p;
	uint8_t frame[100], got[4 + 100];
	int fd;

	snprintf(path, sizeof(path), "%s/port.sock", dir);
	CHECK(!stream_port_open("", true, 0, err, sizeof(err)), "an empty path is refused");
	CHECK(!stream_port_open(path, false, 0, err, sizeof(err)) && strstr(err, "connect"),
	      "connecting to no listener: refused, with a message (%s)", err);
	p = stream_port_open(path, true, 0, err, sizeof(err));
	if (!p) {
		fprintf(stderr, "tb_stream: %s\n", err);
		exit(1);
	}
	st = stream_port_get_stats(p);
	memset(frame, 0xab, sizeof(frame));
	CHECK(stream_port_send(p, frame, sizeof(frame)) == -ENOTCONN && st->tx_dropped == 1,
	      "a frame with no peer: dropped and counted (%" PRIu64 ")", st->tx_dropped);

	/* two frames, the first shorter than 60 bytes, then a record of length 0 */
	fd = raw_connect(path);
	raw_record(fd, 10, 10, 0x11);
	raw_record(fd, 64, 64, 0x22);
	poll_until(p, &l, 2, false);
	CHECK(l.n == 2 && l.len[0] == 10 && l.first[0] == 0x11 && l.len[1] == 64 &&
	      l.first[1] == 0x22, "frames in: %u (%zu, %zu bytes)", l.n, l.len[0], l.len[1]);
	CHECK(st->rx_short == 1 && st->connects == 1, "short %" PRIu64 ", connects %" PRIu64,
	      st->rx_short, st->connects);

	/* out: the length big-endian, then the frame */
	CHECK(stream_port_send(p, frame, sizeof(frame)) == 0, "send to the peer");
	CHECK(read(fd, got, sizeof(got)) == (ssize_t)sizeof(got) && got[0] == 0 && got[1] == 0 &&
	      got[2] == 0 && got[3] == sizeof(frame) && got[4] == 0xab && got[103] == 0xab,
	      "the record the peer read");

	raw_record(fd, 0, 0, 0);
	poll_until(p, &l, 2, true);
	CHECK(!stream_port_connected(p) && st->rx_bad_len == 1 && st->eofs == 1,
	      "a record of length 0 closes the connection: bad %" PRIu64 ", eofs %" PRIu64,
	      st->rx_bad_len, st->eofs);
	close(fd);

	/* a new peer is taken; an over-long record closes it too, and EOF counts */
	fd = raw_connect(path);
	raw_record(fd, 60, 60, 0x33);
	raw_record(fd, STREAM_PORT_MAX_FRAME + 1, 0, 0);
	poll_until(p, &l, 3, true);
	CHECK(l.n == 3 && st->connects == 2 && st->rx_bad_len == 2 && st->eofs == 2,
	      "second peer: frames %u, connects %" PRIu64 ", bad %" PRIu64, l.n, st->connects,
	      st->rx_bad_len);
	close(fd);
	fd = raw_connect(path);
	close(fd);
	poll_until(p, &l, 3, false);
	for (int k = 0; k < 200 && st->eofs < 3; k++) {
		stream_port_poll(p, log_rx, &l);
		usleep(1000);
	}
	CHECK(st->connects == 3 && st->eofs == 3, "a peer that closes: connects %" PRIu64
	      ", eofs %" PRIu64, st->connects, st->eofs);
	stream_port_close(p);
	printf("tb_stream: the port alone: framing, short frames, bad records, EOF, peers: checked\n");
}

/* ---- 2. two simulators through the socket ---- */

struct info {
	uint32_t qpn, psn, rkey, ipv4;
	uint64_t va;
	uint8_t mac[6];
};

enum { CMD_CHECK = 1, CMD_FILL, CMD_QUIT };

struct cmd {
	uint32_t op, len, off;
	uint64_t pat;
};

struct end {
	struct hpnic_dev *dev;
	struct hpnic_dev_attr attr;
	struct hpnic_cq *cq;
	struct hpnic_mr *mr;
	struct hpnic_qp *qp;
	uint8_t *buf;
};

static void pattern(uint8_t *p, size_t len, uint64_t s)
{
	for (size_t i = 0; i < len; i++) {
		s = s * 6364136223846793005ull + 1442695040888963407ull;
		p[i] = (uint8_t)(s >> 56);
	}
}

static void xwrite(int fd, const void *p, size_t n)
{
	if (write(fd, p, n) != (ssize_t)n) {
		perror("tb_stream: pipe write");
		exit(1);
	}
}

static void xread(int fd, void *p, size_t n)
{
	size_t got = 0;

	while (got < n) {
		ssize_t r = read(fd, (uint8_t *)p + got, n - got);

		if (r <= 0) {
			fprintf(stderr, "tb_stream: pipe read: %s\n", r ? strerror(errno) : "EOF");
			exit(1);
		}
		got += (size_t)r;
	}
}

static void open_end(struct end *e, uint32_t psn, struct info *me)
{
	struct hpnic_qp_init_attr ia = { .sq_depth = 16, .path_mtu = MTU, .sq_sig_all = 1 };

	TRY(hpnic_open("sim:0", &e->dev));
	TRY(hpnic_query_device(e->dev, &e->attr));
	TRY(hpnic_create_cq(e->dev, 64, &e->cq));
	ia.send_cq = e->cq;
	e->buf = calloc(1, BUF_BYTES);
	if (!e->buf)
		exit(1);
	TRY(hpnic_reg_mr(e->dev, e->buf, BUF_BYTES, HPNIC_ACCESS_LOCAL_WRITE |
			 HPNIC_ACCESS_REMOTE_WRITE | HPNIC_ACCESS_REMOTE_READ, &e->mr));
	TRY(hpnic_create_qp(e->dev, &ia, &e->qp));
	memset(me, 0, sizeof(*me));
	me->qpn = hpnic_qp_num(e->qp);
	me->psn = psn;
	me->rkey = hpnic_mr_rkey(e->mr);
	me->va = (uintptr_t)e->buf;
	me->ipv4 = e->attr.ipv4;
	memcpy(me->mac, e->attr.mac, 6);
}

static void close_end(struct end *e)
{
	TRY(hpnic_destroy_qp(e->qp));
	TRY(hpnic_dereg_mr(e->mr));
	TRY(hpnic_destroy_cq(e->cq));
	TRY(hpnic_close(e->dev));
	free(e->buf);
}

static void connect_end(struct end *e, const struct info *me, const struct info *peer)
{
	struct hpnic_qp_attr a = { .qp_state = HPNIC_QPS_INIT };

	TRY(hpnic_modify_qp(e->qp, &a, HPNIC_QP_ATTR_STATE));
	a.qp_state = HPNIC_QPS_RTR;
	a.dest_qp_num = peer->qpn;
	a.remote_ipv4 = peer->ipv4;
	memcpy(a.remote_mac, peer->mac, 6);
	a.path_mtu = MTU;
	a.sq_psn = me->psn;
	a.rq_psn = peer->psn;
	TRY(hpnic_modify_qp(e->qp, &a, HPNIC_QP_ATTR_STATE | HPNIC_QP_ATTR_DEST_QPN |
			    HPNIC_QP_ATTR_REMOTE_IP | HPNIC_QP_ATTR_REMOTE_MAC |
			    HPNIC_QP_ATTR_PATH_MTU | HPNIC_QP_ATTR_SQ_PSN | HPNIC_QP_ATTR_RQ_PSN));
	a.qp_state = HPNIC_QPS_RTS;
	TRY(hpnic_modify_qp(e->qp, &a, HPNIC_QP_ATTR_STATE));
}

/* one side's NIC on the socket, its QP connected to the other's (the
 * pipes carry each side's QP facts: a write, then a read, on both sides) */
static void start_end(struct end *e, struct info *me, struct info *peer, const char *path,
		      bool listen, const char *ip, const char *mac, uint32_t psn, int rfd, int wfd)
{
	setenv(listen ? "HPNIC_SIM_STREAM_LISTEN" : "HPNIC_SIM_STREAM", path, 1);
	setenv("HPNIC_SIM_IP", ip, 1);
	setenv("HPNIC_SIM_MAC", mac, 1);
	open_end(e, psn, me);
	xwrite(wfd, me, sizeof(*me));
	xread(rfd, peer, sizeof(*peer));
	connect_end(e, me, peer);
}

/* the connecting side: answers the parent's commands, running its NIC between them */
static int child(const char *path, int rfd, int wfd)
{
	struct end e;
	struct info me, peer;
	struct stream_port_stats st;

	start_end(&e, &me, &peer, path, false, "10.0.0.2", "02:00:00:00:00:20", 0x00ff00, rfd, wfd);
	for (;;) {
		struct pollfd pf = { rfd, POLLIN, 0 };
		struct cmd c;
		uint8_t *want;
		int32_t ok;

		hpnic_sim_run(512);
		if (poll(&pf, 1, 0) <= 0)
			continue;
		if (read(rfd, &c, sizeof(c)) != (ssize_t)sizeof(c))
			break;          /* the parent is gone */
		if (c.op == CMD_QUIT)
			break;
		if (c.op == CMD_FILL) {
			pattern(e.buf + c.off, c.len, c.pat);
			ok = 1;
		} else {
			want = malloc(c.len);
			if (!want)
				exit(1);
			pattern(want, c.len, c.pat);
			ok = !memcmp(want, e.buf + c.off, c.len);
			free(want);
		}
		xwrite(wfd, &ok, sizeof(ok));
	}
	if (hpnic_sim_stream_stats(&st))
		return 1;
	printf("tb_stream: connecting simulator: %" PRIu64 " frames in, %" PRIu64 " out\n",
	       st.rx_frames, st.tx_frames);
	fflush(stdout);
	/* exit closes the socket: the parent sees its peer go */
	return st.connects == 1 && !st.rx_bad_len && !st.tx_dropped ? 0 : 1;
}

static int wait_one(struct end *e, struct hpnic_wc *wc)
{
	int n = hpnic_wait_cq_wall(e->cq, 1, wc, 120ull * 1000000000ull);

	return n == 1 ? 0 : -ETIMEDOUT;
}

static int32_t ask(int wfd, int rfd, uint32_t op, uint32_t off, uint32_t len, uint64_t pat)
{
	struct cmd c = { op, len, off, pat };
	int32_t ok;

	xwrite(wfd, &c, sizeof(c));
	/* the child answers while this side's NIC does nothing it waits for */
	xread(rfd, &ok, sizeof(ok));
	return ok;
}

static void parent(const char *path, int rfd, int wfd, pid_t pid)
{
	const uint32_t sizes[] = { 1, MTU - 1, MTU, MTU + 1, (uint32_t)max_len };
	struct end e;
	struct info me, peer;
	struct hpnic_wc wc;
	struct stream_port_stats st;
	uint64_t pat = rnd();
	int status = 0;

	start_end(&e, &me, &peer, path, true, "10.0.0.1", "02:00:00:00:00:10", 0x123456, rfd, wfd);
	CHECK(peer.ipv4 == 0x0a000002u && peer.mac[5] == 0x20 && e.attr.ipv4 == 0x0a000001u,
	      "the port addresses given: %08x and %08x", e.attr.ipv4, peer.ipv4);

	for (unsigned i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		uint32_t len = sizes[i];
		uint8_t *want;

		/* WRITE into the child's buffer, checked there */
		pattern(e.buf, len, ++pat);
		TRY(hpnic_post_write(e.qp, i, e.mr, e.buf, len, peer.va, peer.rkey, 0));
		CHECK(!wait_one(&e, &wc) && wc.status == HPNIC_WC_SUCCESS && wc.byte_len == len,
		      "WRITE of %u B: status %d", len, wc.status);
		CHECK(ask(wfd, rfd, CMD_CHECK, 0, len, pat) == 1, "WRITE of %u B: the bytes at "
		      "the other end", len);
		/* READ from it, checked here */
		CHECK(ask(wfd, rfd, CMD_FILL, 1u << 20, len, ++pat) == 1, "fill");
		TRY(hpnic_post_read(e.qp, 100 + i, e.mr, e.buf + (1u << 20), len,
				    peer.va + (1u << 20), peer.rkey, 0));
		CHECK(!wait_one(&e, &wc) && wc.status == HPNIC_WC_SUCCESS && wc.byte_len == len,
		      "READ of %u B: status %d", len, wc.status);
		want = malloc(len);
		if (!want)
			exit(1);
		pattern(want, len, pat);
		CHECK(!memcmp(want, e.buf + (1u << 20), len), "READ of %u B: the bytes", len);
		free(want);
		printf("tb_stream: %6u B WRITE and READ through the socket: checked at both ends\n",
		       len);
	}
	/* a wrong R_Key: the other end answers with a NAK */
	TRY(hpnic_post_write(e.qp, 999, e.mr, e.buf, 100, peer.va, peer.rkey ^ 2, 0));
	CHECK(!wait_one(&e, &wc) && wc.status == HPNIC_WC_REMOTE_ACCESS_ERR,
	      "a wrong R_Key: status %d, want a remote access error", wc.status);

	TRY(hpnic_sim_stream_stats(&st));
	CHECK(st.connects == 1 && st.tx_frames > 0 && st.rx_frames > 0 && !st.rx_bad_len &&
	      !st.tx_dropped, "parent's port: connects %" PRIu64 ", out %" PRIu64 ", in %" PRIu64
	      ", bad %" PRIu64 ", dropped %" PRIu64, st.connects, st.tx_frames, st.rx_frames,
	      st.rx_bad_len, st.tx_dropped);
	printf("tb_stream: listening simulator: %" PRIu64 " frames out, %" PRIu64 " in\n",
	       st.tx_frames, st.rx_frames);

	/* the child exits: its simulator's socket closes, which this port sees */
	{
		struct cmd q = { CMD_QUIT, 0, 0, 0 };

		xwrite(wfd, &q, sizeof(q));
	}
	CHECK(waitpid(pid, &status, 0) == pid && WIFEXITED(status) && !WEXITSTATUS(status),
	      "the connecting simulator's verdict (status %d)", status);
	for (int k = 0; k < 100000 && !(hpnic_sim_stream_stats(&st) == 0 && st.eofs); k++)
		hpnic_sim_run(64);
	CHECK(st.eofs == 1 && st.connects == 1,
	      "the peer's EOF: %" PRIu64 " seen", st.eofs);
	/* with no peer, what the NIC sends is dropped and counted, nothing hangs
	 * (the QP went to ERR with the remote access error: set it up again) */
	{
		struct hpnic_qp_attr a = { .qp_state = HPNIC_QPS_RESET };

		TRY(hpnic_modify_qp(e.qp, &a, HPNIC_QP_ATTR_STATE));
		me.psn = 0x222222;
		connect_end(&e, &me, &peer);
	}
	TRY(hpnic_post_write(e.qp, 1000, e.mr, e.buf, 100, peer.va, peer.rkey, 0));
	hpnic_sim_run(20000);
	TRY(hpnic_sim_stream_stats(&st));
	CHECK(st.tx_dropped >= 1, "frames sent with the peer gone: %" PRIu64 " dropped",
	      st.tx_dropped);
	printf("tb_stream: the peer's EOF seen; %" PRIu64 " frames sent after it dropped\n",
	       st.tx_dropped);
	close_end(&e);
}

int main(int argc, char **argv)
{
	char dir[] = "/tmp/tb_stream.XXXXXX", path[64];
	int p2c[2], c2p[2];
	pid_t pid;

	tb_args(argc, argv, "tb_stream", "The simulated NIC's port on a Unix stream socket "
		"(QEMU -netdev stream framing): the port alone, then two simulators through it.",
		"max", &max_len, NULL);
	if (max_len < MTU + 1 || max_len > BUF_BYTES / 2) {
		fprintf(stderr, "tb_stream: --max %llu: want %u..%u\n", (unsigned long long)max_len,
			MTU + 1, BUF_BYTES / 2);
		return 2;
	}
	if (!mkdtemp(dir)) {
		perror("tb_stream: mkdtemp");
		return 1;
	}
	test_port(dir);

	snprintf(path, sizeof(path), "%s/nic.sock", dir);
	if (pipe(p2c) || pipe(c2p)) {
		perror("tb_stream: pipe");
		return 1;
	}
	fflush(stdout);
	pid = fork();
	if (pid < 0) {
		perror("tb_stream: fork");
		return 1;
	}
	if (!pid) {
		close(p2c[1]);
		close(c2p[0]);
		_exit(child(path, p2c[0], c2p[1]));
	}
	close(p2c[0]);
	close(c2p[1]);
	parent(path, c2p[0], p2c[1], pid);
	unlink(path);
	rmdir(dir);
	return tb_finish("tb_stream");
}
