/* SPDX-License-Identifier: MIT */
/*
 * rxe_peer: the Linux Soft-RoCE half of make test-interop. It runs in the
 * rxe guest (scripts/rxe-vm-image.sh), against rxe0 through libibverbs, with
 * hpnic_peer (libhpnic on the simulated NIC) at the other end of the link
 * and of a TCP control connection (tb/interop/interop.h has the protocol).
 *
 * It creates one RC QP and a registered buffer, sends their facts to the
 * host, connects the QP to hpnic's, then carries out the host's commands:
 * checks of the bytes hpnic WRITEs into its buffer, fills for hpnic's READs,
 * its own WRITEs and READs into hpnic's buffer (the READs' bytes checked
 * here), several READs posted at once, a WRITE READ WRITE READ posted at once
 * (each READ must find the bytes its WRITE wrote), receives for hpnic's
 * SENDs and WRITEs with immediate (each completion checked: bytes, byte_len,
 * immediate, source QP), its own SENDs and WRITEs with immediate, runs of
 * Debian's ibv_rc_pingpong against hpnic (as the client of hpnic's server,
 * and as the server, in the background, for hpnic's client), a WRITE with a
 * wrong R_Key (a remote access error is expected), and frames hpnic must
 * drop (ARP, IPv6, ICMP, UDP to another port, frames for another MAC or IP).
 * Each answer says what it found; the exit status is 0 when every check
 * held.
 *
 *   rxe_peer [options] HOST:PORT
 *
 * The simulated NIC is about 3,500 times slower than hardware, so the QP's
 * retransmit timeout (--timeout, IB's 4.096 us * 2^N) is long. The QP takes
 * up to 16 READs in flight each way (max_rd_atomic and max_dest_rd_atomic),
 * fewer if the device's max_qp_rd_atom or max_qp_init_rd_atom is lower.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <getopt.h>
#include <inttypes.h>
#include <linux/if_packet.h>
#include <net/ethernet.h>
#include <net/if.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <dirent.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/wait.h>

#include <infiniband/verbs.h>

#include "interop.h"

#define NAME "rxe_peer"
/* READs in flight each way, at most (hpnic keeps 16 outstanding as
 * requester and queues 16 as responder) */
#define RD_ATOM_WANT 16u
/* work requests one command posts at once, at most (READS, MIX) */
#define MAX_BATCH 16u
/* receive WQEs posted at once, at most (RECV) */
#define MAX_RECV 16u

static struct {
	const char *dev, *netdev;
	unsigned timeout, retry;
	size_t len;
	unsigned wait_s;
} opt = { "rxe0", "eth0", 20, 7, (4u << 20) + 8192, 45 };

struct peer {
	struct ibv_context *ctx;
	struct ibv_pd *pd;
	struct ibv_comp_channel *ch;
	struct ibv_cq *cq;
	struct ibv_cq *rcq;     /* receive completions (SENDs, WRITEs with immediate) */
	struct ibv_qp *qp;
	struct ibv_mr *mr;
	uint8_t *buf;
	int gid_index;
	union ibv_gid gid;
	enum ibv_mtu mtu;
	uint32_t psn;
	/* READs in flight each way: max_rd_atomic and max_dest_rd_atomic (the
	 * smaller of RD_ATOM_WANT and the device's limits) */
	unsigned rd_atom;
	/* hpnic's side */
	uint32_t rqpn, rpsn, rrkey, rmtu;
	uint64_t rva, rlen;
	char rip[32], rmac[32];
};

static int failures;

static void die(const char *what)
{
	fprintf(stderr, NAME ": %s: %s\n", what, strerror(errno));
	exit(1);
}

static void usage(FILE *f)
{
	fprintf(f,
		"usage: " NAME " [options] HOST:PORT\n"
		"The Soft-RoCE (rxe) half of make test-interop: connects to hpnic_peer's\n"
		"control port, creates an RC QP on the rxe device and runs the host's\n"
		"commands (tb/interop/interop.h). Exit status 0 when every check held.\n"
		"  --dev NAME      RDMA device (default rxe0)\n"
		"  --netdev NAME   its Ethernet device, for the raw frames (default eth0)\n"
		"  --timeout N     QP local ACK timeout, 4.096 us * 2^N (default 20: 4.3 s)\n"
		"  --retry N       QP retry count (default 7)\n"
		"  --len BYTES     registered buffer (default 4 MiB + 8 KiB)\n"
		"  --wait S        seconds to wait for a completion (default 45: less than the\n"
		"                  host waits for an answer); for a command, 3 times that\n"
		"  --help          this text\n");
}

static enum ibv_mtu mtu_enum(unsigned b)
{
	switch (b) {
	case 256: return IBV_MTU_256;
	case 512: return IBV_MTU_512;
	case 1024: return IBV_MTU_1024;
	case 2048: return IBV_MTU_2048;
	case 4096: return IBV_MTU_4096;
	default: return 0;
	}
}

static unsigned mtu_bytes(enum ibv_mtu m)
{
	return 128u << m;
}

/* the RoCE v2 GID that carries eth0's IPv4 address (::ffff:a.b.c.d):
 * the one hpnic, an IPv4-only NIC, can answer */
static int find_gid(struct peer *p, char *ip, size_t iplen)
{
	struct ibv_port_attr pa;

	if (ibv_query_port(p->ctx, 1, &pa))
		die("ibv_query_port");
	for (int i = 0; i < pa.gid_tbl_len; i++) {
		struct ibv_gid_entry e;

		if (ibv_query_gid_ex(p->ctx, 1, (uint32_t)i, &e, 0))
			continue;
		if (e.gid_type != IBV_GID_TYPE_ROCE_V2)
			continue;
		static const uint8_t v4mapped[12] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff };

		if (memcmp(e.gid.raw, v4mapped, 12))
			continue;
		p->gid = e.gid;
		p->gid_index = i;
		inet_ntop(AF_INET, e.gid.raw + 12, ip, (socklen_t)iplen);
		return 0;
	}
	fprintf(stderr, NAME ": %s has no RoCE v2 GID with an IPv4 address\n", opt.dev);
	return -1;
}

static void setup(struct peer *p, char *ip, size_t iplen)
{
	struct ibv_device **list = ibv_get_device_list(NULL);
	struct ibv_port_attr pa;
	struct ibv_device_attr da;
	struct ibv_qp_init_attr ia = { 0 };

	if (!list)
		die("ibv_get_device_list");
	for (struct ibv_device **d = list; *d; d++)
		if (!strcmp(ibv_get_device_name(*d), opt.dev))
			p->ctx = ibv_open_device(*d);
	ibv_free_device_list(list);
	if (!p->ctx) {
		fprintf(stderr, NAME ": no RDMA device %s\n", opt.dev);
		exit(1);
	}
	if (ibv_query_device(p->ctx, &da))
		die("ibv_query_device");
	p->rd_atom = RD_ATOM_WANT;
	if ((unsigned)da.max_qp_rd_atom < p->rd_atom)
		p->rd_atom = (unsigned)da.max_qp_rd_atom;
	if ((unsigned)da.max_qp_init_rd_atom < p->rd_atom)
		p->rd_atom = (unsigned)da.max_qp_init_rd_atom;
	printf(NAME ": %s: max_qp_rd_atom %d, max_qp_init_rd_atom %d: READs in flight each way "
	       "up to %u (max_rd_atomic, max_dest_rd_atomic)\n", opt.dev, da.max_qp_rd_atom,
	       da.max_qp_init_rd_atom, p->rd_atom);
	if (!p->rd_atom) {
		fprintf(stderr, NAME ": %s takes no READ\n", opt.dev);
		exit(1);
	}
	if (ibv_query_port(p->ctx, 1, &pa))
		die("ibv_query_port");
	p->mtu = pa.active_mtu;
	if (find_gid(p, ip, iplen))
		exit(1);
	p->pd = ibv_alloc_pd(p->ctx);
	p->ch = ibv_create_comp_channel(p->ctx);
	if (!p->pd || !p->ch)
		die("ibv_alloc_pd / ibv_create_comp_channel");
	p->cq = ibv_create_cq(p->ctx, 64, NULL, p->ch, 0);
	/* receives apart, so a batch's wait never takes one for its own */
	p->rcq = ibv_create_cq(p->ctx, 2 * MAX_RECV, NULL, p->ch, 0);
	if (!p->cq || !p->rcq)
		die("ibv_create_cq");
	p->buf = aligned_alloc(4096, opt.len);
	if (!p->buf)
		die("aligned_alloc");
	memset(p->buf, 0, opt.len);
	p->mr = ibv_reg_mr(p->pd, p->buf, opt.len, IBV_ACCESS_LOCAL_WRITE |
			   IBV_ACCESS_REMOTE_WRITE | IBV_ACCESS_REMOTE_READ);
	if (!p->mr)
		die("ibv_reg_mr");
	ia.send_cq = p->cq;
	ia.recv_cq = p->rcq;
	ia.qp_type = IBV_QPT_RC;
	ia.sq_sig_all = 1;
	ia.cap.max_send_wr = 16;
	ia.cap.max_recv_wr = MAX_RECV;
	ia.cap.max_send_sge = 1;
	ia.cap.max_recv_sge = 1;
	p->qp = ibv_create_qp(p->pd, &ia);
	if (!p->qp)
		die("ibv_create_qp");
}

/* RESET -> INIT -> RTR -> RTS towards hpnic's QP. Up to rd_atom READs in
 * flight each way: hpnic queues 16 READ requests per QP as responder and
 * keeps 16 of its own outstanding as requester. */
static int connect_qp(struct peer *p)
{
	struct ibv_qp_attr a = { 0 };
	unsigned m = p->rmtu < mtu_bytes(p->mtu) ? p->rmtu : mtu_bytes(p->mtu);

	a.qp_state = IBV_QPS_INIT;
	a.port_num = 1;
	a.pkey_index = 0;
	a.qp_access_flags = IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE |
			    IBV_ACCESS_REMOTE_READ;
	if (ibv_modify_qp(p->qp, &a, IBV_QP_STATE | IBV_QP_PORT | IBV_QP_PKEY_INDEX |
			  IBV_QP_ACCESS_FLAGS))
		return -1;

	memset(&a, 0, sizeof(a));
	a.qp_state = IBV_QPS_RTR;
	a.path_mtu = mtu_enum(m);
	a.dest_qp_num = p->rqpn;
	a.rq_psn = p->rpsn;
	a.max_dest_rd_atomic = (uint8_t)p->rd_atom;
	a.min_rnr_timer = 12;
	a.ah_attr.is_global = 1;
	a.ah_attr.port_num = 1;
	a.ah_attr.grh.sgid_index = (uint8_t)p->gid_index;
	a.ah_attr.grh.hop_limit = 64;
	/* hpnic's GID: its IPv4 address, mapped */
	a.ah_attr.grh.dgid.raw[10] = 0xff;
	a.ah_attr.grh.dgid.raw[11] = 0xff;
	if (inet_pton(AF_INET, p->rip, a.ah_attr.grh.dgid.raw + 12) != 1) {
		fprintf(stderr, NAME ": bad peer address %s\n", p->rip);
		return -1;
	}
	if (ibv_modify_qp(p->qp, &a, IBV_QP_STATE | IBV_QP_AV | IBV_QP_PATH_MTU |
			  IBV_QP_DEST_QPN | IBV_QP_RQ_PSN | IBV_QP_MAX_DEST_RD_ATOMIC |
			  IBV_QP_MIN_RNR_TIMER))
		return -1;

	memset(&a, 0, sizeof(a));
	a.qp_state = IBV_QPS_RTS;
	a.sq_psn = p->psn;
	a.timeout = (uint8_t)opt.timeout;
	a.retry_cnt = (uint8_t)opt.retry;
	a.rnr_retry = 7;
	a.max_rd_atomic = (uint8_t)p->rd_atom;
	if (ibv_modify_qp(p->qp, &a, IBV_QP_STATE | IBV_QP_SQ_PSN | IBV_QP_TIMEOUT |
			  IBV_QP_RETRY_CNT | IBV_QP_RNR_RETRY | IBV_QP_MAX_QP_RD_ATOMIC))
		return -1;
	printf(NAME ": QP %u -> hpnic QP %u at %s, MTU %u, PSN %06x/%06x, timeout %u, retry %u, "
	       "max_rd_atomic %u, max_dest_rd_atomic %u\n", p->qp->qp_num, p->rqpn, p->rip, m,
	       p->psn, p->rpsn, opt.timeout, opt.retry, p->rd_atom, p->rd_atom);
	return 0;
}

/* one completion, through the completion channel (no busy loop: the vCPU
 * is rxe's too); -1 when none came by end */
static int wait_wc(struct peer *p, struct ibv_cq *cq, struct ibv_wc *wc, double end)
{
	for (;;) {
		int n = ibv_poll_cq(cq, 1, wc);

		if (n < 0)
			return -1;
		if (n == 1)
			return 0;
		if (ibv_req_notify_cq(cq, 0))
			return -1;
		/* a completion between the poll and the request has no event */
		n = ibv_poll_cq(cq, 1, wc);
		if (n != 0)
			return n == 1 ? 0 : -1;
		{
			struct pollfd pf = { p->ch->fd, POLLIN, 0 };
			int left = (int)((end - interop_now()) * 1000);

			if (left <= 0 || poll(&pf, 1, left) <= 0)
				return -1;
		}
		{
			struct ibv_cq *ecq;
			void *cctx;

			/* both CQs share the channel: an event of the other one
			 * only sends this loop round again */
			if (ibv_get_cq_event(p->ch, &ecq, &cctx))
				return -1;
			ibv_ack_cq_events(ecq, 1);
		}
	}
}

/* set once a work request has not completed in time: the QP's send queue
 * is then in an unknown state, and no later result on it would mean much */
static bool stalled;

/* one work request of a batch, and what became of it */
struct xfer {
	enum ibv_wr_opcode op;
	uint64_t loff, roff;
	uint32_t len;
	enum ibv_wc_status st;  /* its completion's status */
	bool imm;               /* SEND_WITH_IMM, RDMA_WRITE_WITH_IMM: imm_data below */
	uint32_t imm_data;      /* host byte order here */
	double secs;            /* from the post to its completion */
};

/*
 * Post n WRITEs and READs (n <= MAX_BATCH) as one list, so that all are on
 * the send queue before any completes, then wait for their n completions,
 * each within --wait of the one before. A QP completes its work requests in
 * posting order: *order is set to the index of the first completion that
 * came out of order (n when none did). Completions of earlier work requests
 * (a command that gave up on them) are skipped.
 */
static int rdma_batch(struct peer *p, struct xfer *x, unsigned n, uint32_t rkey,
		      unsigned *order)
{
	static uint64_t next_id = 1;
	struct ibv_sge sge[MAX_BATCH];
	struct ibv_send_wr wr[MAX_BATCH], *bad;
	uint64_t first = next_id;
	double t0 = interop_now(), last = t0;
	unsigned got = 0;

	*order = n;
	if (stalled)
		return -3;
	if (!n || n > MAX_BATCH)
		return -1;
	memset(wr, 0, sizeof(wr));
	for (unsigned i = 0; i < n; i++) {
		sge[i] = (struct ibv_sge){ (uintptr_t)(p->buf + x[i].loff), x[i].len, p->mr->lkey };
		wr[i].wr_id = next_id++;
		wr[i].next = i + 1 < n ? &wr[i + 1] : NULL;
		wr[i].sg_list = &sge[i];
		wr[i].num_sge = 1;
		wr[i].opcode = x[i].op;
		wr[i].send_flags = IBV_SEND_SIGNALED;
		if (x[i].op != IBV_WR_SEND && x[i].op != IBV_WR_SEND_WITH_IMM) {
			wr[i].wr.rdma.remote_addr = p->rva + x[i].roff;
			wr[i].wr.rdma.rkey = rkey;
		}
		if (x[i].imm)
			wr[i].imm_data = htonl(x[i].imm_data);
	}
	if (ibv_post_send(p->qp, wr, &bad))
		return -1;
	while (got < n) {
		struct ibv_wc wc;

		if (wait_wc(p, p->cq, &wc, last + opt.wait_s)) {
			stalled = true;
			return -2;
		}
		if (wc.wr_id < first || wc.wr_id >= first + n)
			continue;
		last = interop_now();
		if (wc.wr_id != first + got && *order == n)
			*order = got;
		x[wc.wr_id - first].st = wc.status;
		x[wc.wr_id - first].secs = last - t0;
		got++;
	}
	return 0;
}

/* post one WRITE or READ, wait for its own completion; its status in *st */
static int rdma(struct peer *p, enum ibv_wr_opcode op, uint64_t loff, uint64_t roff,
		uint32_t len, uint32_t rkey, enum ibv_wc_status *st, double *secs)
{
	struct xfer x = { op, loff, roff, len, IBV_WC_GENERAL_ERR, 0, false, 0 };
	unsigned order;
	int r = rdma_batch(p, &x, 1, rkey, &order);

	*st = x.st;
	*secs = x.secs;
	return r;
}

/* why rdma() returned r */
static const char *rdma_err(int r)
{
	return r == -1 ? "ibv_post_send failed" : r == -2 ? "STALL: no completion in time" :
	       "STALL: an earlier work request never completed";
}

static bool in_buf(uint64_t off, uint64_t len)
{
	return off <= opt.len && len <= opt.len - off;
}

/* ---- frames hpnic cannot use ---- */

struct frame {
	uint8_t b[128];
	size_t len;
};

static uint16_t csum16(const uint8_t *p, size_t len)
{
	uint32_t s = 0;

	for (size_t i = 0; i + 1 < len; i += 2)
		s += (uint32_t)(p[i] << 8 | p[i + 1]);
	if (len & 1)
		s += (uint32_t)p[len - 1] << 8;
	while (s >> 16)
		s = (s & 0xffff) + (s >> 16);
	return (uint16_t)~s;
}

static void put16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)v;
}

static void eth(struct frame *f, const uint8_t *dst, const uint8_t *src, uint16_t type)
{
	memcpy(f->b, dst, 6);
	memcpy(f->b + 6, src, 6);
	put16(f->b + 12, type);
	f->len = 14;
}

/* an IPv4 header at 14 and what follows it (proto's payload, len bytes) */
static void ipv4(struct frame *f, uint32_t src, uint32_t dst, uint8_t proto,
		 const uint8_t *pay, size_t len)
{
	uint8_t *ip = f->b + 14;

	memset(ip, 0, 20);
	ip[0] = 0x45;
	put16(ip + 2, (uint16_t)(20 + len));
	put16(ip + 4, 0x4d21);
	put16(ip + 6, 0x4000);          /* DF */
	ip[8] = 64;
	ip[9] = proto;
	memcpy(ip + 12, &src, 4);
	memcpy(ip + 16, &dst, 4);
	put16(ip + 10, csum16(ip, 20));
	memcpy(ip + 20, pay, len);
	f->len = 14 + 20 + len;
}

static void udp(struct frame *f, uint32_t src, uint32_t dst, uint16_t dport)
{
	static const char text[] = "hpnic interop: not RoCE";
	uint8_t u[8 + sizeof(text)];

	put16(u, 40000);
	put16(u + 2, dport);
	put16(u + 4, (uint16_t)sizeof(u));
	put16(u + 6, 0);                /* no checksum: allowed over IPv4 */
	memcpy(u + 8, text, sizeof(text));
	ipv4(f, src, dst, 17, u, sizeof(u));
}

/*
 * count frames of each of 7 kinds onto hpnic's link, through a packet
 * socket on the netdev (the kernel's stack would ARP, route and answer on
 * its own). hpnic's RX must drop each, as: ARP (a broadcast request, a
 * reply to hpnic) and IPv6 for their Ethernet type, ICMP as not UDP, UDP to
 * port 9 for its port, UDP for another MAC or another IPv4 address as not
 * its own. The answer gives the counts each drop counter must at least move
 * by.
 */
static int noise(struct peer *p, unsigned count, char *answer, size_t cap)
{
	static const uint8_t bcast[6] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };
	static const uint8_t other_mac[6] = { 0x02, 0, 0, 0, 0, 0x99 };
	uint8_t hmac[6], mymac[6];
	uint32_t myip, hip, other_ip;
	struct frame f[7];
	struct ifreq ifr = { 0 };
	struct sockaddr_ll sa = { 0 };
	unsigned sent = 0;
	int fd;

	if (sscanf(p->rmac, "%hhx:%hhx:%hhx:%hhx:%hhx:%hhx", &hmac[0], &hmac[1], &hmac[2],
		   &hmac[3], &hmac[4], &hmac[5]) != 6)
		return -1;
	fd = socket(AF_PACKET, SOCK_RAW, htons(ETH_P_ALL));
	if (fd < 0)
		return -1;
	snprintf(ifr.ifr_name, sizeof(ifr.ifr_name), "%s", opt.netdev);
	if (ioctl(fd, SIOCGIFHWADDR, &ifr)) {
		close(fd);
		return -1;
	}
	memcpy(mymac, ifr.ifr_hwaddr.sa_data, 6);
	if (ioctl(fd, SIOCGIFINDEX, &ifr)) {
		close(fd);
		return -1;
	}
	sa.sll_family = AF_PACKET;
	sa.sll_ifindex = ifr.ifr_ifindex;
	sa.sll_halen = 6;
	memcpy(&myip, p->gid.raw + 12, 4);
	inet_pton(AF_INET, p->rip, &hip);
	other_ip = htonl(ntohl(hip) ^ 0x8);

	/* 0: ARP request (broadcast), 1: ARP reply to hpnic (unicast) */
	for (int k = 0; k < 2; k++) {
		uint8_t *a;

		eth(&f[k], k ? hmac : bcast, mymac, ETH_P_ARP);
		a = f[k].b + 14;
		put16(a, 1);
		put16(a + 2, ETH_P_IP);
		a[4] = 6;
		a[5] = 4;
		put16(a + 6, (uint16_t)(k + 1));
		memcpy(a + 8, mymac, 6);
		memcpy(a + 14, &myip, 4);
		memcpy(a + 18, k ? hmac : (const uint8_t *)"\0\0\0\0\0\0", 6);
		memcpy(a + 24, &hip, 4);
		f[k].len = 14 + 28;
	}
	/* 2: IPv6, no next header, link-local to link-local */
	{
		uint8_t *v6;

		eth(&f[2], hmac, mymac, ETH_P_IPV6);
		v6 = f[2].b + 14;
		memset(v6, 0, 40);
		v6[0] = 0x60;
		v6[6] = 59;
		v6[7] = 64;
		v6[8] = 0xfe;
		v6[9] = 0x80;
		memcpy(v6 + 18, mymac, 6);
		v6[24] = 0xfe;
		v6[25] = 0x80;
		memcpy(v6 + 34, hmac, 6);
		f[2].len = 14 + 40;
	}
	/* 3: ICMP echo request */
	{
		uint8_t icmp[16] = { 8, 0, 0, 0, 0x12, 0x34, 0, 1, 'h', 'p', 'n', 'i', 'c' };

		put16(icmp + 2, csum16(icmp, sizeof(icmp)));
		eth(&f[3], hmac, mymac, ETH_P_IP);
		ipv4(&f[3], myip, hip, 1, icmp, sizeof(icmp));
	}
	/* 4: UDP to the discard port; 5: to another MAC; 6: to another IPv4 address */
	eth(&f[4], hmac, mymac, ETH_P_IP);
	udp(&f[4], myip, hip, 9);
	eth(&f[5], other_mac, mymac, ETH_P_IP);
	udp(&f[5], myip, hip, 9);
	eth(&f[6], hmac, mymac, ETH_P_IP);
	udp(&f[6], myip, other_ip, 9);

	for (unsigned c = 0; c < count; c++)
		for (unsigned k = 0; k < 7; k++) {
			memcpy(sa.sll_addr, f[k].b, 6);
			if (sendto(fd, f[k].b, f[k].len, 0, (struct sockaddr *)&sa, sizeof(sa)) ==
			    (ssize_t)f[k].len)
				sent++;
		}
	close(fd);
	snprintf(answer, cap, "OK sent=%u eth_type=%u not_udp=%u udp_port=%u not_ours=%u", sent,
		 3 * count, count, count, 2 * count);
	return sent == 7 * count ? 0 : -1;
}

/* ---- several work requests at once ---- */

static void fail(char *answer, size_t cap, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* where the completions of a batch went wrong, if they did: "" when each
 * completed in order with success */
static void batch_status(const struct xfer *x, unsigned n, unsigned order, char *out, size_t cap)
{
	out[0] = 0;
	if (order != n) {
		snprintf(out, cap, "completion %u of %u came out of posting order", order + 1, n);
		return;
	}
	for (unsigned i = 0; i < n; i++)
		if (x[i].st != IBV_WC_SUCCESS) {
			snprintf(out, cap, "%s %u of %u: %s", x[i].op == IBV_WR_RDMA_READ ? "READ" :
				 "WRITE", i + 1, n, ibv_wc_status_str(x[i].st));
			return;
		}
}

/*
 * READS n loff lstride roff rstride len seed: n READs of len bytes posted at
 * once, the i-th from hpnic's MR at roff + i * rstride into loff + i * lstride,
 * where hpnic holds pattern(seed + i); every completion checked (in order,
 * success), then every byte.
 */
static void reads(struct peer *p, unsigned n, uint64_t loff, uint64_t lstride, uint64_t roff,
		  uint64_t rstride, uint64_t len, uint64_t seed, char *ans, size_t cap)
{
	struct xfer x[MAX_BATCH];
	char why[INTEROP_LINE];
	unsigned order;
	int r;

	for (unsigned i = 0; i < n; i++) {
		x[i] = (struct xfer){ IBV_WR_RDMA_READ, loff + i * lstride, roff + i * rstride,
				      (uint32_t)len, IBV_WC_GENERAL_ERR, 0, false, 0 };
		memset(p->buf + x[i].loff, 0, len);
	}
	r = rdma_batch(p, x, n, p->rrkey, &order);
	if (r) {
		fail(ans, cap, "FAIL %u READs of %" PRIu64 " B: %s", n, len, rdma_err(r));
		return;
	}
	batch_status(x, n, order, why, sizeof(why));
	if (why[0]) {
		fail(ans, cap, "FAIL %u READs of %" PRIu64 " B: %s", n, len, why);
		return;
	}
	for (unsigned i = 0; i < n; i++) {
		size_t at = interop_mismatch(p->buf + x[i].loff, len, seed + i);

		if (at != len) {
			fail(ans, cap, "FAIL %u READs of %" PRIu64 " B: READ %u's bytes differ from "
			     "byte %zu", n, len, i + 1, at);
			return;
		}
	}
	snprintf(ans, cap, "OK %u READs of %" PRIu64 " B posted at once (max_rd_atomic %u): %u "
		 "completions in order, success, the first in %.3f s, the last in %.3f s; bytes "
		 "checked", n, len, p->rd_atom, n, x[0].secs, x[n - 1].secs);
}

/* what a READ of a range a WRITE just wrote brought, when it is not the
 * WRITE's bytes */
static void stale(const uint8_t *b, uint64_t len, uint64_t old, char *out, size_t cap)
{
	if (interop_mismatch(b, len, old) == len)
		snprintf(out, cap, "the bytes from before the WRITE (the READ passed it)");
	else
		snprintf(out, cap, "the bytes differ from byte %zu", interop_mismatch(b, len, old));
}

/*
 * MIX loff roff stride len seed: WRITE, READ, WRITE, READ posted at once.
 * The WRITEs send pattern(seed) from loff to hpnic's roff and pattern(seed +
 * 1) from loff + 2 * stride to roff + stride; each READ reads the range the
 * WRITE before it wrote, into loff + stride and loff + 3 * stride, and must
 * find that WRITE's bytes (the host filled the ranges with pattern(seed + 2)
 * and pattern(seed + 3) before).
 */
static void mix(struct peer *p, uint64_t loff, uint64_t roff, uint64_t stride, uint64_t len,
		uint64_t seed, char *ans, size_t cap)
{
	struct xfer x[4];
	char why[INTEROP_LINE];
	unsigned order;
	int r;

	for (unsigned i = 0; i < 4; i++)
		x[i] = (struct xfer){ i & 1 ? IBV_WR_RDMA_READ : IBV_WR_RDMA_WRITE,
				      loff + i * stride, roff + (i / 2) * stride, (uint32_t)len,
				      IBV_WC_GENERAL_ERR, 0, false, 0 };
	interop_pattern(p->buf + x[0].loff, len, seed);
	interop_pattern(p->buf + x[2].loff, len, seed + 1);
	memset(p->buf + x[1].loff, 0, len);
	memset(p->buf + x[3].loff, 0, len);
	r = rdma_batch(p, x, 4, p->rrkey, &order);
	if (r) {
		fail(ans, cap, "FAIL WRITE READ WRITE READ of %" PRIu64 " B: %s", len, rdma_err(r));
		return;
	}
	batch_status(x, 4, order, why, sizeof(why));
	if (why[0]) {
		fail(ans, cap, "FAIL WRITE READ WRITE READ of %" PRIu64 " B: %s", len, why);
		return;
	}
	for (unsigned k = 0; k < 2; k++) {
		const uint8_t *b = p->buf + x[2 * k + 1].loff;

		if (interop_mismatch(b, len, seed + k) != len) {
			stale(b, len, seed + 2 + k, why, sizeof(why));
			fail(ans, cap, "FAIL WRITE READ WRITE READ of %" PRIu64 " B: READ %u: %s", len,
			     k + 1, why);
			return;
		}
	}
	snprintf(ans, cap, "OK WRITE READ WRITE READ of %" PRIu64 " B posted at once: 4 completions "
		 "in order, success, in %.3f s; each READ found its WRITE's bytes", len, x[3].secs);
}

/* ---- SEND and receive ---- */

/* what a posted receive buffer holds until a SEND lands in it */
#define RECV_FILL 0x5a

static uint64_t recvs_posted, recvs_done;

/* the immediate of a command: "-" for none, else hex */
static bool parse_imm(const char *tok, uint32_t *imm)
{
	char *end;

	if (!strcmp(tok, "-"))
		return false;
	*imm = (uint32_t)strtoul(tok, &end, 16);
	return true;
}

/*
 * RECV off cap: one receive WQE of cap bytes at off. The buffer is filled
 * with RECV_FILL and the byte either side set to 0xa5, so that RCHECK can
 * tell what the SEND wrote and that it wrote nothing else.
 */
static void recv_post(struct peer *p, uint64_t off, uint64_t cap, char *ans, size_t acap)
{
	struct ibv_sge sge = { (uintptr_t)(p->buf + off), (uint32_t)cap, p->mr->lkey };
	struct ibv_recv_wr wr = { .sg_list = &sge, .num_sge = 1 }, *bad;

	if (recvs_posted - recvs_done >= MAX_RECV) {
		fail(ans, acap, "FAIL RECV: %u receives already posted", MAX_RECV);
		return;
	}
	p->buf[off - 1] = 0xa5;
	memset(p->buf + off, RECV_FILL, cap);
	p->buf[off + cap] = 0xa5;
	wr.wr_id = recvs_posted + 1;
	if (ibv_post_recv(p->qp, &wr, &bad)) {
		fail(ans, acap, "FAIL RECV: ibv_post_recv: %s", strerror(errno));
		return;
	}
	recvs_posted++;
	snprintf(ans, acap, "OK receive %" PRIu64 " of %" PRIu64 " B posted", recvs_posted, cap);
}

/*
 * RCHECK SEND|WIMM off cap len seed imm: the next receive completion, of the
 * receive posted at off (cap bytes). SEND: a SEND of len bytes holding
 * pattern(seed) landed there and nothing past them; WIMM: an RDMA WRITE with
 * immediate of len bytes used the receive up and wrote nothing in it. The
 * immediate ("-": none), byte_len, opcode, the order of the receives and the
 * source QP (when rxe gives one) are checked.
 */
static void rcheck(struct peer *p, bool wimm, uint64_t off, uint64_t cap, uint64_t len,
		   uint64_t seed, const char *immtok, char *ans, size_t acap)
{
	const char *what = wimm ? "RECV of a WRITE with immediate" : "RECV of a SEND";
	uint32_t imm = 0;
	bool want_imm = parse_imm(immtok, &imm);
	uint64_t from = wimm ? 0 : len;
	char srcq[48];
	struct ibv_wc wc;
	size_t at;

	if (wait_wc(p, p->rcq, &wc, interop_now() + opt.wait_s)) {
		fail(ans, acap, "FAIL %s: STALL: no receive completion within %u s", what,
		     opt.wait_s);
		stalled = true;
		return;
	}
	recvs_done++;
	if (wc.status != IBV_WC_SUCCESS) {
		fail(ans, acap, "FAIL %s: %s", what, ibv_wc_status_str(wc.status));
		return;
	}
	if (wc.wr_id != recvs_done) {
		fail(ans, acap, "FAIL %s: receive %" PRIu64 " completed, want %" PRIu64, what,
		     wc.wr_id, recvs_done);
		return;
	}
	if (wc.opcode != (wimm ? IBV_WC_RECV_RDMA_WITH_IMM : IBV_WC_RECV)) {
		fail(ans, acap, "FAIL %s: opcode %d", what, (int)wc.opcode);
		return;
	}
	if (wc.byte_len != len) {
		fail(ans, acap, "FAIL %s: byte_len %u, want %" PRIu64, what, wc.byte_len, len);
		return;
	}
	if (!!(wc.wc_flags & IBV_WC_WITH_IMM) != want_imm ||
	    (want_imm && ntohl(wc.imm_data) != imm)) {
		fail(ans, acap, "FAIL %s: immediate %s 0x%08x, want %s", what,
		     wc.wc_flags & IBV_WC_WITH_IMM ? "" : "(none)", ntohl(wc.imm_data), immtok);
		return;
	}
	/* rxe reports the source QP of UD receives; of RC ones, maybe not */
	if (wc.src_qp && wc.src_qp != p->rqpn) {
		fail(ans, acap, "FAIL %s: src_qp %u, want %u", what, wc.src_qp, p->rqpn);
		return;
	}
	snprintf(srcq, sizeof(srcq), wc.src_qp ? "src_qp %u" : "no src_qp (rxe gives 0)",
		 wc.src_qp);
	if (!wimm && (at = interop_mismatch(p->buf + off, len, seed)) != len) {
		fail(ans, acap, "FAIL %s: the bytes differ from byte %zu", what, at);
		return;
	}
	for (uint64_t i = from; i < cap; i++)
		if (p->buf[off + i] != RECV_FILL) {
			fail(ans, acap, "FAIL %s: byte %" PRIu64 " of the buffer changed", what, i);
			return;
		}
	if (p->buf[off - 1] != 0xa5 || p->buf[off + cap] != 0xa5) {
		fail(ans, acap, "FAIL %s: a byte beside the buffer changed", what);
		return;
	}
	snprintf(ans, acap, "OK %s: byte_len %u, immediate %s, %s, %s", what, wc.byte_len,
		 immtok, srcq, wimm ? "the receive buffer untouched" :
		 "bytes checked, none past them written");
}

/* SEND loff len seed imm, WIMM loff roff len seed imm: one SEND (with
 * immediate unless imm is "-") or RDMA WRITE with immediate of
 * pattern(seed) from loff, to its completion */
static void send_op(struct peer *p, bool wimm, uint64_t loff, uint64_t roff, uint64_t len,
		    uint64_t seed, const char *immtok, char *ans, size_t acap)
{
	struct xfer x = { IBV_WR_SEND, loff, roff, (uint32_t)len, IBV_WC_GENERAL_ERR, 0, false, 0 };
	const char *what = wimm ? "WRITE with immediate" : "SEND";
	unsigned order;
	int r;

	x.imm = parse_imm(immtok, &x.imm_data);
	if (wimm && !x.imm) {
		fail(ans, acap, "FAIL WIMM needs an immediate");
		return;
	}
	x.op = wimm ? IBV_WR_RDMA_WRITE_WITH_IMM : x.imm ? IBV_WR_SEND_WITH_IMM : IBV_WR_SEND;
	interop_pattern(p->buf + loff, len, seed);
	r = rdma_batch(p, &x, 1, p->rrkey, &order);
	if (r || x.st != IBV_WC_SUCCESS)
		fail(ans, acap, "FAIL %s of %" PRIu64 " B: %s", what, len,
		     r ? rdma_err(r) : ibv_wc_status_str(x.st));
	else
		snprintf(ans, acap, "OK %s of %" PRIu64 " B%s completed in %.3f s", what, len,
			 x.imm && !wimm ? " with immediate" : "", x.secs);
}

/* ---- ibv_rc_pingpong ---- */

static char ctl_host[64];
/* the control connection, for PINGPONG_SERVER's first answer and ABORT */
static struct interop_rd *ctl;

/* a line of ibv_rc_pingpong's output, to the console; its two result lines kept */
static void pp_line(const char *line, char *rate, char *it, size_t cap)
{
	printf("ibv_rc_pingpong: %s\n", line);
	if (strstr(line, " bytes in "))
		snprintf(rate, cap, "%.95s", line);
	else if (strstr(line, " iters in "))
		snprintf(it, cap, "%.95s", line);
}

static void pp_output(FILE *f, char *rate, char *it, size_t cap)
{
	char line[256];

	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = 0;
		pp_line(line, rate, it, cap);
	}
}

/* the answer once it has exited (st: its wait status, -1 if unknown) */
static void pp_verdict(int st, const char *rate, const char *it, char *ans, size_t acap)
{
	if (st == -1 || !WIFEXITED(st) || WEXITSTATUS(st))
		fail(ans, acap, "FAIL ibv_rc_pingpong: %s %d", st != -1 && WIFEXITED(st) ?
		     "exit" : st != -1 && WIFSIGNALED(st) ? "signal" : "status",
		     st != -1 && WIFEXITED(st) ? WEXITSTATUS(st) : st != -1 &&
		     WIFSIGNALED(st) ? WTERMSIG(st) : st);
	else if (!rate[0] || !it[0])
		fail(ans, acap, "FAIL ibv_rc_pingpong: exit 0 without its result lines");
	else
		snprintf(ans, acap, "OK ibv_rc_pingpong exit 0: %s; %s", rate, it);
}

/*
 * PINGPONG port size iters mtu: Debian's ibv_rc_pingpong, unmodified, as the
 * client of an hpnic program listening at the control host's port (its
 * exchange goes over eth1, its SENDs over rxe0). Its output goes to the
 * console; the answer gives its exit status and its two result lines.
 */
static void pingpong(struct peer *p, unsigned port, unsigned size, unsigned iters, unsigned mtu,
		     char *ans, size_t acap)
{
	char cmd[256], rate[96] = "", it[96] = "";
	FILE *f;

	/* busybox's timeout: a run that hangs is a failure, not a stuck guest */
	snprintf(cmd, sizeof(cmd), "timeout %u ibv_rc_pingpong -d %s -g %d -m %u -s %u -n %u "
		 "-p %u %s 2>&1", 2 * opt.wait_s, opt.dev, p->gid_index, mtu, size, iters, port,
		 ctl_host);
	printf(NAME ": %s\n", cmd);
	f = popen(cmd, "r");
	if (!f) {
		fail(ans, acap, "FAIL PINGPONG: popen: %s", strerror(errno));
		return;
	}
	pp_output(f, rate, it, sizeof(rate));
	pp_verdict(pclose(f), rate, it, ans, acap);
}

/* is a TCP socket of this guest's in LISTEN on port (IPv4 or IPv6)? */
static bool tcp_listening(unsigned port)
{
	static const char *const tab[] = { "/proc/net/tcp", "/proc/net/tcp6" };
	bool found = false;

	for (unsigned i = 0; i < 2 && !found; i++) {
		FILE *f = fopen(tab[i], "r");
		char line[256];
		unsigned lport, st;

		if (!f)
			continue;
		/* "  sl  local_address rem_address   st ...", then one line a socket:
		 * "N: ADDR:PORT ADDR:PORT ST ..." in hex; ST 0A is LISTEN */
		while (fgets(line, sizeof(line), f))
			if (sscanf(line, " %*u: %*[0-9A-Fa-f]:%x %*[0-9A-Fa-f]:%*x %x", &lport,
				   &st) == 2 && lport == port && st == 0x0a)
				found = true;
		fclose(f);
	}
	return found;
}

/* what a pipe holds now, appended to buf (beyond cap - 1 bytes dropped) */
static void pipe_take(int fd, char *buf, size_t *n, size_t cap)
{
	struct pollfd pf = { fd, POLLIN, 0 };
	char tmp[512];

	while (poll(&pf, 1, 0) == 1) {
		ssize_t k = read(fd, tmp, sizeof(tmp));

		if (k <= 0)
			break;
		for (ssize_t i = 0; i < k && *n + 1 < cap; i++)
			buf[(*n)++] = tmp[i];
	}
	buf[*n] = 0;
}

/*
 * PINGPONG_SERVER port size iters mtu: Debian's ibv_rc_pingpong, unmodified,
 * as the server on the guest's TCP port (which QEMU forwards from the host),
 * hpnic the client. Two answers: the first once it listens (the port in
 * LISTEN in /proc/net/tcp or tcp6; "OK ... listening ..."), or a FAIL if it
 * exits first or does not listen within --wait (then no second one); the
 * second, in ans, after it has exited, as PINGPONG's. In between, the host
 * may send ABORT (its side failed): the program is killed rather than left
 * to its timeout.
 */
static void pingpong_server(struct peer *p, unsigned port, unsigned size, unsigned iters,
			    unsigned mtu, char *ans, size_t acap)
{
	char a[6][16], out[4096], rate[96] = "", it[96] = "", first[INTEROP_LINE] = "";
	double t0 = interop_now();
	size_t n = 0;
	int pfd[2], st = -1;
	bool exited = false, aborted = false;
	pid_t pid;

	if (tcp_listening(port)) {
		fail(ans, acap, "FAIL PINGPONG_SERVER: port %u is taken already", port);
		return;
	}
	snprintf(a[0], sizeof(a[0]), "%u", 2 * opt.wait_s);
	snprintf(a[1], sizeof(a[1]), "%d", p->gid_index);
	snprintf(a[2], sizeof(a[2]), "%u", mtu);
	snprintf(a[3], sizeof(a[3]), "%u", size);
	snprintf(a[4], sizeof(a[4]), "%u", iters);
	snprintf(a[5], sizeof(a[5]), "%u", port);
	printf(NAME ": timeout %s ibv_rc_pingpong -d %s -g %s -m %s -s %s -n %s -p %s "
	       "(in the background)\n", a[0], opt.dev, a[1], a[2], a[3], a[4], a[5]);
	if (pipe(pfd)) {
		fail(ans, acap, "FAIL PINGPONG_SERVER: pipe: %s", strerror(errno));
		return;
	}
	pid = fork();
	if (pid < 0) {
		fail(ans, acap, "FAIL PINGPONG_SERVER: fork: %s", strerror(errno));
		close(pfd[0]);
		close(pfd[1]);
		return;
	}
	if (!pid) {
		/* busybox's timeout (a run that hangs is a failure, not a stuck
		 * guest); the output into the pipe, and none of this program's
		 * descriptors (the control socket) */
		dup2(pfd[1], 1);
		dup2(pfd[1], 2);
		for (int fd = 3; fd < 256; fd++)
			close(fd);
		execlp("timeout", "timeout", a[0], "ibv_rc_pingpong", "-d", opt.dev, "-g", a[1],
		       "-m", a[2], "-s", a[3], "-n", a[4], "-p", a[5], (char *)NULL);
		fprintf(stderr, "exec timeout: %s\n", strerror(errno));
		_exit(127);
	}
	close(pfd[1]);
	/*
	 * Until it exits: its output kept, the first answer once it listens.
	 * It is reaped as soon as it exits: busybox's timeout leaves a watcher
	 * that holds the pipe open until its parent, the program, is gone, so
	 * the pipe's EOF cannot tell.
	 */
	while (!exited) {
		struct pollfd pf[2] = { { pfd[0], POLLIN, 0 }, { ctl->fd, POLLIN, 0 } };
		double t = interop_now() - t0;

		poll(pf, first[0] ? 2 : 1, 20);
		pipe_take(pfd[0], out, &n, sizeof(out));
		if (first[0] && !aborted && (pf[1].revents || memchr(ctl->buf, '\n', ctl->n))) {
			char line[INTEROP_LINE];
			int r = interop_getline(ctl, line, sizeof(line), 100, NULL, NULL);

			/* ABORT, or the host gone */
			if (r < 0 || (r == 1 && !strcmp(line, "ABORT"))) {
				printf(NAME ": PINGPONG_SERVER: %s: ibv_rc_pingpong killed\n",
				       r < 0 ? "the host went away" : "ABORT");
				aborted = true;
				kill(pid, SIGKILL);
			}
		}
		if (waitpid(pid, &st, WNOHANG) == pid) {
			exited = true;
		} else if (!first[0] && tcp_listening(port)) {
			snprintf(first, sizeof(first), "OK ibv_rc_pingpong listening on port %u "
				 "after %.2f s", port, t);
			printf(NAME ": PINGPONG_SERVER: %s\n", first);
			if (interop_putline(ctl->fd, first)) {
				/* no host to run the client */
				snprintf(first, sizeof(first), "the host went away");
				kill(pid, SIGKILL);
			}
		} else if ((!first[0] && t > opt.wait_s) || t > 2 * opt.wait_s + 10) {
			kill(pid, SIGKILL);
		}
	}
	pipe_take(pfd[0], out, &n, sizeof(out));
	close(pfd[0]);
	for (char *l = out, *e; *l; l = e) {
		e = l + strcspn(l, "\n");
		if (*e)
			*e++ = 0;
		pp_line(l, rate, it, sizeof(rate));
	}
	if (!first[0] && interop_now() - t0 > opt.wait_s)
		fail(ans, acap, "FAIL ibv_rc_pingpong did not listen on port %u within %u s (killed; "
		     "its output is on the console)", port, opt.wait_s);
	else if (!first[0])
		fail(ans, acap, "FAIL ibv_rc_pingpong exited before it listened on port %u (%s %d "
		     "after %.1f s; its output is on the console)", port, WIFEXITED(st) ? "exit" :
		     "signal", WIFEXITED(st) ? WEXITSTATUS(st) : WTERMSIG(st), interop_now() - t0);
	else if (first[0] != 'O')
		fail(ans, acap, "FAIL PINGPONG_SERVER: %s", first);
	else if (aborted && WIFSIGNALED(st))
		fail(ans, acap, "FAIL ibv_rc_pingpong: killed at the host's ABORT after %.1f s",
		     interop_now() - t0);
	else
		pp_verdict(st, rate, it, ans, acap);
}

/* ---- rxe's own counters ---- */

#define MAX_HW_COUNTERS 64

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * COUNTERS: rxe's port counters (sysfs hw_counters: its retries, duplicate
 * and out-of-sequence requests, sequence NAKs, ...) that moved since the
 * last COUNTERS, by name, without the packet counts.
 */
static void counters(char *ans, size_t cap)
{
	static struct {
		char name[48];
		uint64_t v;
	} seen[MAX_HW_COUNTERS];
	static unsigned nseen;
	char dir[128], path[256], *names[MAX_HW_COUNTERS];
	unsigned n = 0, moved = 0;
	size_t off;
	struct dirent *e;
	DIR *d;

	snprintf(dir, sizeof(dir), "/sys/class/infiniband/%s/ports/1/hw_counters", opt.dev);
	d = opendir(dir);
	if (!d) {
		fail(ans, cap, "FAIL COUNTERS: %s: %s", dir, strerror(errno));
		return;
	}
	while ((e = readdir(d)) && n < MAX_HW_COUNTERS)
		if (e->d_name[0] != '.' && strcmp(e->d_name, "lifespan") &&
		    strcmp(e->d_name, "sent_pkts") && strcmp(e->d_name, "rcvd_pkts"))
			names[n++] = strdup(e->d_name);
	closedir(d);
	qsort(names, n, sizeof(names[0]), cmp_str);
	off = (size_t)snprintf(ans, cap, "OK rxe counters moved:");
	for (unsigned i = 0; i < n; i++) {
		unsigned long long v = 0;
		unsigned k;
		FILE *f;

		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		f = fopen(path, "r");
		if (f) {
			if (fscanf(f, "%llu", &v) != 1)
				v = 0;
			fclose(f);
		}
		for (k = 0; k < nseen && strcmp(seen[k].name, names[i]); k++)
			;
		if (k == nseen && nseen < MAX_HW_COUNTERS)
			snprintf(seen[nseen++].name, sizeof(seen[0].name), "%s", names[i]);
		if (k < nseen) {
			if (v != seen[k].v && off < cap) {
				off += (size_t)snprintf(ans + off, cap - off, " %s +%llu", names[i],
							v - seen[k].v);
				moved++;
			}
			seen[k].v = v;
		}
		free(names[i]);
	}
	if (!moved && off < cap)
		snprintf(ans + off, cap - off, " none");
}

/* ---- the host's commands ---- */

__attribute__((format(printf, 3, 4)))
static void fail(char *answer, size_t cap, const char *fmt, ...)
{
	va_list ap;

	failures++;
	va_start(ap, fmt);
	vsnprintf(answer, cap, fmt, ap);
	va_end(ap);
}

static void command(struct peer *p, const char *line, char *ans, size_t cap)
{
	uint64_t off, loff, roff, len, seed, stride, rstride;
	unsigned count;
	enum ibv_wc_status st;
	char kind[8], imm[16];
	double secs;
	int r;

	if (sscanf(line, "FILL %" SCNu64 " %" SCNu64 " %" SCNu64, &off, &len, &seed) == 3 &&
	    in_buf(off, len)) {
		interop_pattern(p->buf + off, len, seed);
		snprintf(ans, cap, "OK filled %" PRIu64 " B", len);
	} else if (sscanf(line, "CHECK %" SCNu64 " %" SCNu64 " %" SCNu64, &off, &len, &seed) == 3 &&
		   in_buf(off, len)) {
		size_t at = interop_mismatch(p->buf + off, len, seed);

		if (at == len)
			snprintf(ans, cap, "OK %" PRIu64 " B as written", len);
		else
			fail(ans, cap, "FAIL %" PRIu64 " B differ from byte %zu", len, at);
	} else if (sscanf(line, "WRITE %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64, &loff, &roff,
			  &len, &seed) == 4 && in_buf(loff, len) && len < (1ull << 31)) {
		interop_pattern(p->buf + loff, len, seed);
		r = rdma(p, IBV_WR_RDMA_WRITE, loff, roff, (uint32_t)len, p->rrkey, &st, &secs);
		if (r || st != IBV_WC_SUCCESS)
			fail(ans, cap, "FAIL WRITE of %" PRIu64 " B: %s", len,
			     r ? rdma_err(r) : ibv_wc_status_str(st));
		else
			snprintf(ans, cap, "OK WRITE of %" PRIu64 " B completed in %.3f s", len, secs);
	} else if (sscanf(line, "READ %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64, &loff, &roff,
			  &len, &seed) == 4 && in_buf(loff, len) && len < (1ull << 31)) {
		size_t at;

		memset(p->buf + loff, 0, len);
		r = rdma(p, IBV_WR_RDMA_READ, loff, roff, (uint32_t)len, p->rrkey, &st, &secs);
		if (r || st != IBV_WC_SUCCESS) {
			fail(ans, cap, "FAIL READ of %" PRIu64 " B: %s", len,
			     r ? rdma_err(r) : ibv_wc_status_str(st));
		} else if ((at = interop_mismatch(p->buf + loff, len, seed)) != len) {
			fail(ans, cap, "FAIL READ of %" PRIu64 " B: the bytes differ from byte %zu",
			     len, at);
		} else {
			snprintf(ans, cap, "OK READ of %" PRIu64 " B in %.3f s, bytes checked", len,
				 secs);
		}
	} else if (sscanf(line, "READS %u %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64
			  " %" SCNu64, &count, &loff, &stride, &roff, &rstride, &len, &seed) == 7 &&
		   count > 0 && count <= MAX_BATCH && len < (1ull << 31) && stride >= len &&
		   stride < opt.len && in_buf(loff + (count - 1) * stride, len)) {
		reads(p, count, loff, stride, roff, rstride, len, seed, ans, cap);
	} else if (sscanf(line, "MIX %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64, &loff,
			  &roff, &stride, &len, &seed) == 5 && len < (1ull << 31) && stride >= len &&
		   stride < opt.len && in_buf(loff + 3 * stride, len)) {
		mix(p, loff, roff, stride, len, seed, ans, cap);
	} else if (sscanf(line, "BADKEY %" SCNu64 " %" SCNu64, &roff, &len) == 2 && in_buf(0, len)) {
		/* a key hpnic never gave: the index's low byte is its tag */
		r = rdma(p, IBV_WR_RDMA_WRITE, 0, roff, (uint32_t)len, p->rrkey ^ 0x5a, &st, &secs);
		if (r)
			fail(ans, cap, "FAIL WRITE with a wrong R_Key: %s", rdma_err(r));
		else if (st != IBV_WC_REM_ACCESS_ERR)
			fail(ans, cap, "FAIL WRITE with a wrong R_Key: status %s (%d), want "
			     "remote access error", ibv_wc_status_str(st), (int)st);
		else
			snprintf(ans, cap, "OK WRITE with R_Key 0x%x: %s", p->rrkey ^ 0x5a,
				 ibv_wc_status_str(st));
	} else if (sscanf(line, "RECV %" SCNu64 " %" SCNu64, &off, &len) == 2 && off > 0 &&
		   in_buf(off - 1, len + 2) && len < (1ull << 31)) {
		recv_post(p, off, len, ans, cap);
	} else if (sscanf(line, "RCHECK %7s %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64 " %15s",
			  kind, &off, &stride, &len, &seed, imm) == 6 && off > 0 &&
		   in_buf(off - 1, stride + 2) && len < (1ull << 31) &&
		   ((!strcmp(kind, "SEND") && len <= stride) || !strcmp(kind, "WIMM"))) {
		rcheck(p, kind[0] == 'W', off, stride, len, seed, imm, ans, cap);
	} else if (sscanf(line, "SEND %" SCNu64 " %" SCNu64 " %" SCNu64 " %15s", &loff, &len, &seed,
			  imm) == 4 && in_buf(loff, len) && len < (1ull << 31)) {
		send_op(p, false, loff, 0, len, seed, imm, ans, cap);
	} else if (sscanf(line, "WIMM %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64 " %15s", &loff,
			  &roff, &len, &seed, imm) == 5 && in_buf(loff, len) && len < (1ull << 31)) {
		send_op(p, true, loff, roff, len, seed, imm, ans, cap);
	} else if (sscanf(line, "PINGPONG_SERVER %u %" SCNu64 " %" SCNu64 " %" SCNu64, &count,
			  &len, &seed, &stride) == 4 && count > 0 && count < 65536 && len > 0 &&
		   len < (1u << 24) && seed > 0 && seed < (1u << 24) && mtu_enum((unsigned)stride)) {
		pingpong_server(p, count, (unsigned)len, (unsigned)seed, (unsigned)stride, ans, cap);
	} else if (sscanf(line, "PINGPONG %u %" SCNu64 " %" SCNu64 " %" SCNu64, &count, &len,
			  &seed, &stride) == 4 && count > 0 && count < 65536 && len > 0 &&
		   len < (1u << 24) && seed > 0 && seed < (1u << 24) && mtu_enum((unsigned)stride)) {
		pingpong(p, count, (unsigned)len, (unsigned)seed, (unsigned)stride, ans, cap);
	} else if (!strcmp(line, "COUNTERS")) {
		counters(ans, cap);
	} else if (sscanf(line, "NOISE %u", &count) == 1 && count > 0 && count < 100) {
		if (noise(p, count, ans, cap))
			fail(ans, cap, "FAIL NOISE: %s", strerror(errno));
	} else {
		fail(ans, cap, "FAIL bad command '%s'", line);
	}
}

int main(int argc, char **argv)
{
	static const struct option lo[] = {
		{ "dev", required_argument, 0, 'd' },
		{ "netdev", required_argument, 0, 'n' },
		{ "timeout", required_argument, 0, 't' },
		{ "retry", required_argument, 0, 'r' },
		{ "len", required_argument, 0, 'l' },
		{ "wait", required_argument, 0, 'w' },
		{ "help", no_argument, 0, 'h' },
		{ 0, 0, 0, 0 },
	};
	struct peer p = { 0 };
	struct interop_rd rd = { 0 };
	char line[INTEROP_LINE], ans[INTEROP_LINE], ip[32], host[64];
	struct sockaddr_in sa = { .sin_family = AF_INET };
	unsigned port, cmds = 0;
	double t0 = interop_now();
	int c, fd = -1;

	while ((c = getopt_long(argc, argv, "h", lo, NULL)) != -1) {
		switch (c) {
		case 'd': opt.dev = optarg; break;
		case 'n': opt.netdev = optarg; break;
		case 't': opt.timeout = (unsigned)strtoul(optarg, NULL, 0); break;
		case 'r': opt.retry = (unsigned)strtoul(optarg, NULL, 0); break;
		case 'l': opt.len = strtoull(optarg, NULL, 0); break;
		case 'w': opt.wait_s = (unsigned)strtoul(optarg, NULL, 0); break;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
	}
	if (optind != argc - 1 || sscanf(argv[optind], "%63[^:]:%u", host, &port) != 2 ||
	    inet_pton(AF_INET, host, &sa.sin_addr) != 1 || !port || port > 65535 ||
	    opt.timeout > 31 || opt.retry > 7 || opt.len < 8192) {
		usage(stderr);
		return 2;
	}
	sa.sin_port = htons((uint16_t)port);
	snprintf(ctl_host, sizeof(ctl_host), "%s", host);
	setvbuf(stdout, NULL, _IOLBF, 0);
	/* the host gone is reported, not a silent death */
	signal(SIGPIPE, SIG_IGN);

	setup(&p, ip, sizeof(ip));
	/* a PSN of its own each run, so stale packets of an earlier one miss */
	p.psn = (uint32_t)(((uint64_t)getpid() * 2654435761u) ^ (uint64_t)(t0 * 1e6)) & 0xffffff;

	/* the host listens before the guest boots; retry while its side comes up */
	for (int k = 0; k < 300; k++) {
		fd = socket(AF_INET, SOCK_STREAM, 0);
		if (fd < 0)
			die("socket");
		if (!connect(fd, (struct sockaddr *)&sa, sizeof(sa)))
			break;
		close(fd);
		fd = -1;
		usleep(100000);
	}
	if (fd < 0)
		die("connect to the host");
	rd.fd = fd;
	ctl = &rd;
	{
		char mac[32] = "";
		FILE *f;
		char path[96];

		snprintf(path, sizeof(path), "/sys/class/net/%s/address", opt.netdev);
		f = fopen(path, "r");
		if (!f || !fgets(mac, sizeof(mac), f))
			die(path);
		fclose(f);
		mac[strcspn(mac, "\n")] = 0;
		snprintf(line, sizeof(line), "HELLO qpn=%u psn=%u va=0x%" PRIxPTR " rkey=0x%x len=%zu "
			 "mtu=%u ip=%s mac=%s gid=%d rd=%u", p.qp->qp_num, p.psn, (uintptr_t)p.buf,
			 p.mr->rkey, opt.len, mtu_bytes(p.mtu), ip, mac, p.gid_index, p.rd_atom);
	}
	if (interop_putline(fd, line))
		die("send HELLO");
	printf(NAME ": %s\n", line);
	if (interop_getline(&rd, line, sizeof(line), 3 * (int)opt.wait_s * 1000, NULL, NULL) != 1 ||
	    sscanf(line, "HELLO qpn=%u psn=%u va=0x%" SCNx64 " rkey=0x%x len=%" SCNu64
		   " mtu=%u ip=%31s mac=%31s", &p.rqpn, &p.rpsn, &p.rva, &p.rrkey, &p.rlen, &p.rmtu,
		   p.rip, p.rmac) != 8 || !mtu_enum(p.rmtu)) {
		fprintf(stderr, NAME ": no HELLO from the host (got '%s')\n", line);
		return 1;
	}
	printf(NAME ": host: %s\n", line);
	if (connect_qp(&p))
		die("ibv_modify_qp");
	if (interop_putline(fd, "READY"))
		die("send READY");

	for (;;) {
		/* the host may wait up to its own limit for its NIC between commands */
		int r = interop_getline(&rd, line, sizeof(line), 3 * (int)opt.wait_s * 1000, NULL,
					NULL);

		if (r != 1) {
			fprintf(stderr, NAME ": the host %s\n", r ? "went away" : "sent nothing");
			failures++;
			break;
		}
		if (!strcmp(line, "BYE"))
			break;
		/* late, for a PINGPONG_SERVER that ended first: no answer */
		if (!strcmp(line, "ABORT"))
			continue;
		command(&p, line, ans, sizeof(ans));
		cmds++;
		printf(NAME ": %s: %s\n", line, ans);
		if (interop_putline(fd, ans)) {
			fprintf(stderr, NAME ": the host went away\n");
			failures++;
			break;
		}
	}
	/* the QP goes first: what hpnic sends after BYE finds no one to answer */
	ibv_destroy_qp(p.qp);
	snprintf(ans, sizeof(ans), "VERDICT %s %u commands, %d failed, %.1f s",
		 failures ? "FAIL" : "OK", cmds, failures, interop_now() - t0);
	interop_putline(fd, ans);
	close(fd);
	ibv_dereg_mr(p.mr);
	ibv_destroy_cq(p.cq);
	ibv_destroy_cq(p.rcq);
	ibv_destroy_comp_channel(p.ch);
	ibv_dealloc_pd(p.pd);
	ibv_close_device(p.ctx);
	free(p.buf);
	printf(NAME ": %s\n", ans);
	return failures ? 1 : 0;
}
