/* SPDX-License-Identifier: MIT */
/*
 * hpnic_pp: ibv_rc_pingpong's exchange and loop on libhpnic (hpnic_pp.h).
 */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hpnic_pp.h"
#include "hpnic_sim.h"
#include "interop.h"

/* rc_pingpong's buffer until the first message lands in it */
#define PP_FILL 0x7b
/* the bytes after each receive slot, which no SEND may touch */
#define PP_GUARD 64u

__attribute__((format(printf, 2, 3)))
static int pp_fail(struct hpnic_pp *pp, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(pp->err, sizeof(pp->err), fmt, ap);
	va_end(ap);
	return -1;
}

static int lib_fail(struct hpnic_pp *pp, const char *what, int err)
{
	return pp_fail(pp, "%s: %s (%s)", what, hpnic_strerror(err), hpnic_last_error());
}

static int hexval(int c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 :
	       c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* n hex digits at p; -1 when one is not */
static long hexfield(const char *p, int n)
{
	long v = 0;

	for (int i = 0; i < n; i++) {
		int h = hexval((unsigned char)p[i]);

		if (h < 0)
			return -1;
		v = v << 4 | h;
	}
	return v;
}

bool hpnic_pp_parse(const char *msg, struct hpnic_pp_dest *d, char *err, size_t cap)
{
	static const uint8_t v4mapped[12] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff };
	long lid = hexfield(msg, 4), qpn = hexfield(msg + 5, 6), psn = hexfield(msg + 12, 6);

	if (lid < 0 || qpn < 0 || psn < 0 || msg[4] != ':' || msg[11] != ':' || msg[18] != ':' ||
	    msg[HPNIC_PP_MSG - 1]) {
		snprintf(err, cap, "not an ibv_rc_pingpong message: '%.*s'", HPNIC_PP_MSG - 1, msg);
		return false;
	}
	for (int i = 0; i < 16; i++) {
		long b = hexfield(msg + 19 + 2 * i, 2);

		if (b < 0) {
			snprintf(err, cap, "a GID of other than 32 hex digits: '%.32s'", msg + 19);
			return false;
		}
		d->gid[i] = (uint8_t)b;
	}
	d->lid = (unsigned)lid;
	d->qpn = (uint32_t)qpn;
	d->psn = (uint32_t)psn;
	if (memcmp(d->gid, v4mapped, 12)) {
		snprintf(err, cap, "GID %.32s is not an IPv4-mapped one: hpnic speaks RoCEv2 over "
			 "IPv4 only (give ibv_rc_pingpong -g the index of its ::ffff:a.b.c.d GID)",
			 msg + 19);
		return false;
	}
	d->ipv4 = (uint32_t)d->gid[12] << 24 | (uint32_t)d->gid[13] << 16 |
		  (uint32_t)d->gid[14] << 8 | d->gid[15];
	return true;
}

void hpnic_pp_format(const struct hpnic_pp_dest *d, char msg[HPNIC_PP_MSG])
{
	int n = snprintf(msg, HPNIC_PP_MSG, "%04x:%06x:%06x:", d->lid & 0xffff, d->qpn & 0xffffff,
			 d->psn & 0xffffff);

	for (int i = 0; i < 16 && n < HPNIC_PP_MSG; i++)
		n += snprintf(msg + n, (size_t)(HPNIC_PP_MSG - n), "%02x", d->gid[i]);
}

/* receive slot i's buffer */
static uint8_t *slot(struct hpnic_pp *pp, unsigned i)
{
	return pp->buf + (size_t)(i + 1) * (pp->size + PP_GUARD);
}

static int post_slot(struct hpnic_pp *pp, unsigned i)
{
	struct hpnic_sge sge = { (uintptr_t)slot(pp, i), pp->size, hpnic_mr_lkey(pp->mr) };
	struct hpnic_recv_wr wr = { .wr_id = i, .sg_list = &sge, .num_sge = 1 }, *bad;
	int r;

	memset(slot(pp, i), PP_FILL, pp->size + PP_GUARD);
	r = hpnic_post_recv(pp->qp, &wr, &bad);
	return r < 0 ? lib_fail(pp, "hpnic_post_recv", r) : 0;
}

int hpnic_pp_init(struct hpnic_pp *pp)
{
	struct hpnic_qp_init_attr ia = { .sq_depth = 4, .path_mtu = pp->mtu, .rq_depth = 16 };
	struct hpnic_qp_attr a = { .qp_state = HPNIC_QPS_INIT };
	struct hpnic_dev_attr da;
	int r;

	if (!pp->size || !pp->iters || !pp->wait_s)
		return pp_fail(pp, "size, iterations and wait must not be 0");
	r = hpnic_query_device(pp->dev, &da);
	if (r < 0)
		return lib_fail(pp, "hpnic_query_device", r);
	if (!da.max_rq_depth)
		return pp_fail(pp, "the NIC has no receive queues (ID.FEATURES.SEND)");
	r = hpnic_create_cq(pp->dev, 32, &pp->cq);
	if (r < 0)
		return lib_fail(pp, "hpnic_create_cq", r);
	/* slot 0 is the send buffer, then the receive slots */
	pp->len = (size_t)(HPNIC_PP_RECVS + 1) * (pp->size + PP_GUARD);
	pp->buf = aligned_alloc(4096, (pp->len + 4095) & ~(size_t)4095);
	if (!pp->buf)
		return pp_fail(pp, "out of memory for %zu B", pp->len);
	memset(pp->buf, 0, pp->len);
	r = hpnic_reg_mr(pp->dev, pp->buf, pp->len, HPNIC_ACCESS_LOCAL_WRITE, &pp->mr);
	if (r < 0)
		return lib_fail(pp, "hpnic_reg_mr", r);
	ia.send_cq = pp->cq;
	ia.recv_cq = pp->cq;
	r = hpnic_create_qp(pp->dev, &ia, &pp->qp);
	if (r < 0)
		return lib_fail(pp, "hpnic_create_qp", r);
	r = hpnic_modify_qp(pp->qp, &a, HPNIC_QP_ATTR_STATE);
	if (r < 0)
		return lib_fail(pp, "hpnic_modify_qp INIT", r);
	for (unsigned i = 0; i < HPNIC_PP_RECVS; i++)
		if (post_slot(pp, i))
			return -1;
	pp->me.lid = 0;
	pp->me.qpn = hpnic_qp_num(pp->qp);
	pp->me.psn = (uint32_t)(pp->seed * 0x9e3779b97f4a7c15ull >> 40) & 0xffffff;
	pp->me.ipv4 = da.ipv4;
	memset(pp->me.gid, 0, sizeof(pp->me.gid));
	pp->me.gid[10] = pp->me.gid[11] = 0xff;
	pp->me.gid[12] = (uint8_t)(da.ipv4 >> 24);
	pp->me.gid[13] = (uint8_t)(da.ipv4 >> 16);
	pp->me.gid[14] = (uint8_t)(da.ipv4 >> 8);
	pp->me.gid[15] = (uint8_t)da.ipv4;
	return 0;
}

/* n bytes from fd within wait_s; the count read (short at EOF or timeout) */
static size_t read_full(int fd, void *buf, size_t n, unsigned wait_s, bool *timed_out)
{
	double end = interop_now() + wait_s;
	size_t got = 0;

	*timed_out = false;
	while (got < n) {
		struct pollfd pf = { fd, POLLIN, 0 };
		int left = (int)((end - interop_now()) * 1000);
		ssize_t k;

		if (left <= 0 || poll(&pf, 1, left) == 0) {
			*timed_out = true;
			break;
		}
		k = read(fd, (char *)buf + got, n - got);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			break;
		got += (size_t)k;
	}
	return got;
}

static int write_full(int fd, const void *buf, size_t n)
{
	size_t off = 0;

	while (off < n) {
		ssize_t k = write(fd, (const char *)buf + off, n - off);

		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return -1;
		off += (size_t)k;
	}
	return 0;
}

/* INIT -> RTR -> RTS towards the peer, as ibv_rc_pingpong's own QP */
static int connect_qp(struct hpnic_pp *pp)
{
	struct hpnic_qp_attr a = { .qp_state = HPNIC_QPS_RTR };
	int r;

	a.dest_qp_num = pp->peer.qpn;
	a.remote_ipv4 = pp->peer.ipv4;
	memcpy(a.remote_mac, pp->peer_mac, 6);
	a.path_mtu = pp->mtu;
	a.rq_psn = pp->peer.psn;
	a.sq_psn = pp->me.psn;
	a.max_rd_atomic = 1;
	a.min_rnr_timer = 12;
	r = hpnic_modify_qp(pp->qp, &a, HPNIC_QP_ATTR_STATE | HPNIC_QP_ATTR_DEST_QPN |
			    HPNIC_QP_ATTR_REMOTE_IP | HPNIC_QP_ATTR_REMOTE_MAC |
			    HPNIC_QP_ATTR_PATH_MTU | HPNIC_QP_ATTR_RQ_PSN | HPNIC_QP_ATTR_SQ_PSN |
			    HPNIC_QP_ATTR_MAX_RD_ATOMIC | HPNIC_QP_ATTR_MIN_RNR_TIMER);
	if (r < 0)
		return lib_fail(pp, "hpnic_modify_qp RTR", r);
	a.qp_state = HPNIC_QPS_RTS;
	a.rnr_retry = 7;
	r = hpnic_modify_qp(pp->qp, &a, HPNIC_QP_ATTR_STATE | HPNIC_QP_ATTR_RNR_RETRY);
	return r < 0 ? lib_fail(pp, "hpnic_modify_qp RTS", r) : 0;
}

int hpnic_pp_exchange(struct hpnic_pp *pp, int fd, bool server)
{
	char mine[HPNIC_PP_MSG], theirs[HPNIC_PP_MSG], why[200];
	bool late;
	size_t n;

	hpnic_pp_format(&pp->me, mine);
	if (!server && write_full(fd, mine, sizeof(mine)))
		return pp_fail(pp, "could not send the local address: %s", strerror(errno));
	n = read_full(fd, theirs, sizeof(theirs), pp->wait_s, &late);
	if (n != sizeof(theirs))
		return pp_fail(pp, "%zu of %d bytes of the remote address (%s)", n, HPNIC_PP_MSG,
			       late ? "timed out" : "EOF");
	if (!hpnic_pp_parse(theirs, &pp->peer, why, sizeof(why)))
		return pp_fail(pp, "%s", why);
	if (server) {
		/* the server's QP is ready before the client learns its number */
		if (connect_qp(pp))
			return -1;
		if (write_full(fd, mine, sizeof(mine)))
			return pp_fail(pp, "could not send the local address: %s", strerror(errno));
		n = read_full(fd, theirs, 5, pp->wait_s, &late);
		if (n != 5 || memcmp(theirs, "done", 5))
			return pp_fail(pp, "no \"done\" from the client (%zu bytes)", n);
		return 0;
	}
	if (write_full(fd, "done", 5))
		return pp_fail(pp, "could not send \"done\": %s", strerror(errno));
	return connect_qp(pp);
}

static int post_send(struct hpnic_pp *pp, unsigned k)
{
	struct hpnic_sge sge = { (uintptr_t)pp->buf, pp->size, hpnic_mr_lkey(pp->mr) };
	struct hpnic_send_wr wr = { .wr_id = ~0ull, .sg_list = &sge, .num_sge = 1,
				    .opcode = HPNIC_WR_SEND, .send_flags = HPNIC_SEND_SIGNALED };
	struct hpnic_send_wr *bad;
	int r;

	/* message k holds pattern(seed + k); the send buffer is free again,
	 * since the last SEND has completed */
	interop_pattern(pp->buf, pp->size, pp->seed + k);
	r = hpnic_post_send(pp->qp, &wr, &bad);
	return r < 0 ? lib_fail(pp, "hpnic_post_send", r) : 0;
}

/* a receive completion: the message, and nothing past it */
static int took(struct hpnic_pp *pp, const struct hpnic_wc *wc, unsigned sent)
{
	unsigned i = (unsigned)wc->wr_id;
	const uint8_t *b = slot(pp, i);

	if (wc->opcode != HPNIC_WC_RECV || wc->byte_len != pp->size || wc->src_qp != pp->peer.qpn ||
	    (wc->wc_flags & HPNIC_WC_WITH_IMM) || i >= HPNIC_PP_RECVS)
		return pp_fail(pp, "receive %u: opcode %d, byte_len %u, src_qp %u, flags %#x; want "
			       "a RECV of %u B from QP %u without immediate", pp->rcnt + 1,
			       (int)wc->opcode, wc->byte_len, wc->src_qp, wc->wc_flags, pp->size,
			       pp->peer.qpn);
	for (unsigned k = 0; k < PP_GUARD; k++)
		if (b[pp->size + k] != PP_FILL)
			return pp_fail(pp, "receive %u: a byte past the message changed", pp->rcnt + 1);
	if (sent) {
		/* the peer sends from the buffer hpnic's last message landed in */
		size_t at = interop_mismatch(b, pp->size, pp->seed + sent - 1);

		if (at != pp->size)
			return pp_fail(pp, "receive %u: not an echo of message %u (differs at byte "
				       "%zu)", pp->rcnt + 1, sent, at);
		pp->echoes++;
	} else {
		size_t k = 0;

		while (k < pp->size && b[k] == PP_FILL)
			k++;
		pp->first_7b = k == pp->size;
	}
	return post_slot(pp, i);
}

int hpnic_pp_run(struct hpnic_pp *pp, bool server)
{
	enum { PEND_RECV = 1, PEND_SEND = 2 };
	double t0 = interop_now();
	uint64_t c0 = hpnic_sim_cycle();
	unsigned pending = PEND_RECV, sent = 0;

	pp->scnt = pp->rcnt = pp->echoes = 0;
	if (!server) {
		if (post_send(pp, sent))
			return -1;
		sent++;
		pending |= PEND_SEND;
	}
	while (pp->rcnt < pp->iters || pp->scnt < pp->iters) {
		struct hpnic_wc wc[2];
		int n = hpnic_wait_cq_wall(pp->cq, 2, wc, (uint64_t)pp->wait_s * 1000000000ull);

		if (n < 0)
			return pp_fail(pp, "no completion within %u s after %u SENDs and %u receives",
				       pp->wait_s, pp->scnt, pp->rcnt);
		for (int k = 0; k < n; k++) {
			if (wc[k].status != HPNIC_WC_SUCCESS)
				return pp_fail(pp, "%s %u failed: status %d (vendor 0x%x)",
					       wc[k].opcode == HPNIC_WC_SEND ? "SEND" : "receive",
					       (wc[k].opcode == HPNIC_WC_SEND ? pp->scnt : pp->rcnt) + 1,
					       (int)wc[k].status, wc[k].vendor_err);
			if (wc[k].opcode == HPNIC_WC_SEND) {
				if (wc[k].byte_len != pp->size)
					return pp_fail(pp, "SEND %u: byte_len %u", pp->scnt + 1,
						       wc[k].byte_len);
				pp->scnt++;
				pending &= ~(unsigned)PEND_SEND;
			} else {
				if (took(pp, &wc[k], sent))
					return -1;
				pp->rcnt++;
				pending &= ~(unsigned)PEND_RECV;
			}
			if (pp->scnt < pp->iters && !pending) {
				if (post_send(pp, sent))
					return -1;
				sent++;
				pending = PEND_RECV | PEND_SEND;
			}
		}
	}
	pp->secs = interop_now() - t0;
	pp->cycles = hpnic_sim_cycle() - c0;
	return 0;
}

void hpnic_pp_fini(struct hpnic_pp *pp)
{
	if (pp->qp)
		hpnic_destroy_qp(pp->qp);
	if (pp->mr)
		hpnic_dereg_mr(pp->mr);
	if (pp->cq)
		hpnic_destroy_cq(pp->cq);
	free(pp->buf);
	pp->qp = NULL;
	pp->mr = NULL;
	pp->cq = NULL;
	pp->buf = NULL;
}
