/* SPDX-License-Identifier: MIT */
/*
 * hpnic_pingpong: hpnic's end of ibv_rc_pingpong. Run it as the server
 * (no SERVER argument) with ibv_rc_pingpong as the client elsewhere, or
 * as the client of an ibv_rc_pingpong server; hpnic_pp.h has the
 * protocol. Every message received is checked: a RECV of --size bytes from
 * the peer's QP, nothing past it written, and after hpnic's first message
 * an echo of the last one hpnic sent (rc_pingpong sends from the buffer it
 * receives into).
 *
 * The RDMA traffic goes through the NIC (with the simulator, through
 * HPNIC_SIM_STREAM to a QEMU guest, docs/interop.md); the exchange through
 * an ordinary TCP socket.
 */
#define _DEFAULT_SOURCE
#include <arpa/inet.h>
#include <getopt.h>
#include <inttypes.h>
#include <netdb.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "hpnic.h"
#include "hpnic_pp.h"
#include "interop.h"

#define NAME "hpnic_pingpong"

static void usage(FILE *f)
{
	fprintf(f,
		"usage: " NAME " [options] --peer-mac MAC [SERVER]\n"
		"hpnic's end of ibv_rc_pingpong (libibverbs' example, run unmodified on the\n"
		"peer): without SERVER it listens for an ibv_rc_pingpong client, with SERVER it\n"
		"connects to an ibv_rc_pingpong server there. The peer must use its\n"
		"IPv4-mapped GID (ibv_rc_pingpong -g INDEX: on Linux 6.1's rxe, 1), the same\n"
		"--size, --mtu and --iters.\n"
		"  -d, --dev DEV        libhpnic device (default sim:0)\n"
		"  -p, --port N         TCP port to listen on or connect to (default 18515)\n"
		"  -s, --size BYTES     message size (default 4096)\n"
		"  -m, --mtu BYTES      path MTU, 256..4096 (default 1024)\n"
		"  -n, --iters N        messages each way (default 1000)\n"
		"  -M, --peer-mac MAC   the peer's Ethernet address (hpnic answers no ARP)\n"
		"  -S, --seed N         hpnic's PSN and message bytes (default: the clock; printed)\n"
		"  -w, --wait S         wall-clock seconds for a connection, the exchange or one\n"
		"                       completion (default 60)\n"
		"  -h, --help           this text\n"
		"Prints the addresses exchanged, then ibv_rc_pingpong's two result lines\n"
		"(bytes and iterations per time) and the simulated time. Exit status 0 when\n"
		"every message went both ways and each checked out.\n");
}

static unsigned long num(const char *s, unsigned long lo, unsigned long hi, const char *what)
{
	char *end;
	unsigned long v = strtoul(s, &end, 0);

	if (!*s || *end || v < lo || v > hi) {
		fprintf(stderr, NAME ": bad %s '%s' (%lu..%lu)\n", what, s, lo, hi);
		exit(2);
	}
	return v;
}

/* a listening socket's one connection, or the server's */
static int connect_tcp(const char *server, unsigned port, unsigned wait_s)
{
	char service[16];
	struct addrinfo hints = { .ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM };
	struct addrinfo *res, *t;
	int fd = -1, one = 1, r;

	snprintf(service, sizeof(service), "%u", port);
	if (!server)
		hints.ai_flags = AI_PASSIVE;
	r = getaddrinfo(server, service, &hints, &res);
	if (r) {
		fprintf(stderr, NAME ": %s:%u: %s\n", server ? server : "*", port, gai_strerror(r));
		return -1;
	}
	for (t = res; t && fd < 0; t = t->ai_next) {
		fd = socket(t->ai_family, t->ai_socktype, t->ai_protocol);
		if (fd < 0)
			continue;
		if (server ? connect(fd, t->ai_addr, t->ai_addrlen) :
		    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)) ||
		    bind(fd, t->ai_addr, t->ai_addrlen) || listen(fd, 1)) {
			close(fd);
			fd = -1;
		}
	}
	freeaddrinfo(res);
	if (fd < 0) {
		fprintf(stderr, NAME ": cannot %s port %u\n", server ? "connect to" : "listen on",
			port);
		return -1;
	}
	if (!server) {
		struct pollfd pf = { fd, POLLIN, 0 };
		int lfd = fd;

		printf(NAME ": waiting for an ibv_rc_pingpong client on port %u\n", port);
		fd = poll(&pf, 1, (int)wait_s * 1000) == 1 ? accept(lfd, NULL, NULL) : -1;
		close(lfd);
		if (fd < 0)
			fprintf(stderr, NAME ": no client within %u s\n", wait_s);
	}
	return fd;
}

static void show(const char *who, const struct hpnic_pp_dest *d)
{
	char gid[64];

	inet_ntop(AF_INET6, d->gid, gid, sizeof(gid));
	printf("  %s address: LID 0x%04x, QPN 0x%06x, PSN 0x%06x, GID %s\n", who, d->lid, d->qpn,
	       d->psn, gid);
}

int main(int argc, char **argv)
{
	static const struct option lo[] = {
		{ "dev", required_argument, 0, 'd' },
		{ "port", required_argument, 0, 'p' },
		{ "size", required_argument, 0, 's' },
		{ "mtu", required_argument, 0, 'm' },
		{ "iters", required_argument, 0, 'n' },
		{ "peer-mac", required_argument, 0, 'M' },
		{ "seed", required_argument, 0, 'S' },
		{ "wait", required_argument, 0, 'w' },
		{ "help", no_argument, 0, 'h' },
		{ 0, 0, 0, 0 },
	};
	struct hpnic_pp pp = { .size = 4096, .mtu = 1024, .iters = 1000, .wait_s = 60 };
	const char *dev = "sim:0", *server = NULL;
	unsigned port = 18515;
	bool mac = false;
	int c, fd, r;

	pp.seed = (uint64_t)(interop_now() * 1e6) ^ (uint64_t)getpid() << 32;
	while ((c = getopt_long(argc, argv, "d:p:s:m:n:M:S:w:h", lo, NULL)) != -1) {
		switch (c) {
		case 'd': dev = optarg; break;
		case 'p': port = (unsigned)num(optarg, 1, 65535, "port"); break;
		case 's': pp.size = (unsigned)num(optarg, 1, 1u << 24, "size"); break;
		case 'm':
			pp.mtu = (unsigned)num(optarg, 256, 4096, "MTU");
			if (pp.mtu & (pp.mtu - 1)) {
				fprintf(stderr, NAME ": the MTU must be a power of two\n");
				return 2;
			}
			break;
		case 'n': pp.iters = (unsigned)num(optarg, 1, 1u << 30, "iteration count"); break;
		case 'M':
			if (sscanf(optarg, "%hhx:%hhx:%hhx:%hhx:%hhx:%hhx", &pp.peer_mac[0],
				   &pp.peer_mac[1], &pp.peer_mac[2], &pp.peer_mac[3], &pp.peer_mac[4],
				   &pp.peer_mac[5]) != 6) {
				fprintf(stderr, NAME ": bad MAC '%s' (xx:xx:xx:xx:xx:xx)\n", optarg);
				return 2;
			}
			mac = true;
			break;
		case 'S': pp.seed = strtoull(optarg, NULL, 0); break;
		case 'w': pp.wait_s = (unsigned)num(optarg, 1, 86400, "wait"); break;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
	}
	if (optind < argc)
		server = argv[optind++];
	if (optind != argc || !mac) {
		if (!mac)
			fprintf(stderr, NAME ": --peer-mac is required (hpnic answers no ARP)\n");
		usage(stderr);
		return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	signal(SIGPIPE, SIG_IGN);
	printf(NAME ": seed %" PRIu64 " (rerun with --seed %" PRIu64 ")\n", pp.seed, pp.seed);

	r = hpnic_open(dev, &pp.dev);
	if (r < 0) {
		fprintf(stderr, NAME ": %s: %s (%s)\n", dev, hpnic_strerror(r), hpnic_last_error());
		return 1;
	}
	if (hpnic_pp_init(&pp)) {
		fprintf(stderr, NAME ": %s\n", pp.err);
		return 1;
	}
	show("local", &pp.me);
	fd = connect_tcp(server, port, pp.wait_s);
	if (fd < 0)
		return 1;
	r = hpnic_pp_exchange(&pp, fd, !server);
	close(fd);
	if (r) {
		fprintf(stderr, NAME ": %s\n", pp.err);
		return 1;
	}
	show("remote", &pp.peer);
	if (hpnic_pp_run(&pp, !server)) {
		fprintf(stderr, NAME ": %s\n", pp.err);
		return 1;
	}
	{
		long long bytes = (long long)pp.size * pp.iters * 2;
		double us = pp.secs * 1e6;

		printf("%lld bytes in %.2f seconds = %.2f Mbit/sec\n", bytes, pp.secs,
		       bytes * 8.0 / us);
		printf("%u iters in %.2f seconds = %.2f usec/iter\n", pp.iters, pp.secs,
		       us / pp.iters);
		printf(NAME ": %u SENDs, %u receives, %u of them echoes of hpnic's last message%s; "
		       "%.1f us simulated (%.2f us/iter)\n", pp.scnt, pp.rcnt, pp.echoes,
		       server ? "" : pp.first_7b ? ", the first rc_pingpong's fill" :
		       ", the first not rc_pingpong's fill", pp.cycles / 250.0,
		       pp.cycles / 250.0 / pp.iters);
	}
	/* the NIC may be this process (the simulator): keep it going a moment,
	 * so that its ACK of the peer's last message leaves before it ends
	 * (polling the CQ gives a simulator its time) */
	for (double end = interop_now() + 1.0; interop_now() < end;) {
		struct hpnic_wc wc;

		if (hpnic_poll_cq(pp.cq, 1, &wc) < 0)
			break;
	}
	hpnic_pp_fini(&pp);
	hpnic_close(pp.dev);
	return 0;
}
