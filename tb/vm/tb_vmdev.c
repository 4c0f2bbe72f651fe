/* SPDX-License-Identifier: MIT */
/*
 * tb_vmdev: hpnic-vmdev against a fake QEMU. The test plays QEMU's side of
 * the multi-process proxy protocol (sim/vmdev/vmdev_proto.h) on inherited
 * sockets (hpnic-vmdev --fd), without a VM:
 *
 *   config     IDs, class, BAR0 sizing (HPNIC_BAR0_SIZE, the other slots absent),
 *              writable bits only, device reset clears BAR0
 *   bar        ID.TYPE through BAR0, SCRATCH round trip, 8/2/1-byte reads,
 *              a 2-byte write ignored, accesses outside BAR0 read all-ones
 *              and count (the report), IRQ fds accepted
 *   close      QEMU closing its channels ends the server with status 0 and
 *              a report whose counters are the ones read through BAR0
 *   malformed  an unknown command, a wrong size, a truncated header (then
 *              EOF, or the channel left open), a SYNC_SYSMEM without fds,
 *              an fd where none belongs: one line on stderr, exit 3, no hang
 *
 *   tb_vmdev PATH-TO-hpnic-vmdev
 * Prints "vmdev: N passed, N failed".
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

#include "hpnic_regs.h"
#include "tb_util.h"
#include "vmdev_proto.h"

#define BAR_BASE 0xfe000000u
#define NFN 2

static const char *vmdev;

struct server {
	pid_t pid;
	int sock[NFN];
	int err;        /* its stderr */
};

static struct server start(const char *report)
{
	struct server s = { 0 };
	int peer[NFN], ep[2];
	char fdarg[NFN][16];

	if (pipe(ep))
		exit(1);
	for (int i = 0; i < NFN; i++) {
		int sv[2];

		if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv))
			exit(1);
		s.sock[i] = sv[0];
		peer[i] = sv[1];
		snprintf(fdarg[i], sizeof(fdarg[i]), "%d", peer[i]);
	}
	s.pid = fork();
	if (s.pid == 0) {
		for (int i = 0; i < NFN; i++)
			fcntl(peer[i], F_SETFD, 0);
		dup2(ep[1], 2);
		if (report)
			execl(vmdev, vmdev, "--fd", fdarg[0], "--fd", fdarg[1], "--report", report,
			      (char *)NULL);
		else
			execl(vmdev, vmdev, "--fd", fdarg[0], "--fd", fdarg[1], (char *)NULL);
		_exit(127);
	}
	for (int i = 0; i < NFN; i++)
		close(peer[i]);
	close(ep[1]);
	s.err = ep[0];
	return s;
}

/* its exit status within 60 s, or -1 (then it is killed); with
 * close_first, QEMU's side of the channels closes before the wait */
static int finish(struct server *s, char *errbuf, size_t n, int close_first)
{
	int st = 0, r = 0;
	ssize_t got = 0, k;

	if (close_first)
		for (int i = 0; i < NFN; i++)
			close(s->sock[i]);
	for (int t = 0; t < 6000 && (r = waitpid(s->pid, &st, WNOHANG)) == 0; t++)
		usleep(10000);
	if (r != s->pid) {
		kill(s->pid, SIGKILL);
		waitpid(s->pid, &st, 0);
		st = -1;
	} else {
		st = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
	}
	if (!close_first)
		for (int i = 0; i < NFN; i++)
			close(s->sock[i]);
	while (got + 1 < (ssize_t)n && (k = read(s->err, errbuf + got, n - 1 - (size_t)got)) > 0)
		got += k;
	errbuf[got] = '\0';
	close(s->err);
	return st;
}

static void send_msg(int sock, int cmd, const void *payload, size_t size, const int *fds, int nfd)
{
	struct vmdev_hdr h = { .cmd = cmd, .size = size };
	struct iovec iov[2] = { { &h, sizeof(h) }, { (void *)payload, size } };
	union {
		char buf[CMSG_SPACE(sizeof(int) * VMDEV_MAX_FDS)];
		struct cmsghdr align;
	} ctl;
	struct msghdr mh = { .msg_iov = iov, .msg_iovlen = size ? 2 : 1 };

	if (nfd) {
		struct cmsghdr *c;

		mh.msg_control = ctl.buf;
		mh.msg_controllen = CMSG_SPACE(sizeof(int) * (size_t)nfd);
		c = CMSG_FIRSTHDR(&mh);
		c->cmsg_level = SOL_SOCKET;
		c->cmsg_type = SCM_RIGHTS;
		c->cmsg_len = CMSG_LEN(sizeof(int) * (size_t)nfd);
		memcpy(CMSG_DATA(c), fds, sizeof(int) * (size_t)nfd);
	}
	if (sendmsg(sock, &mh, MSG_NOSIGNAL) < 0)
		fprintf(stderr, "tb_vmdev: sendmsg: %s\n", strerror(errno));
}

static uint64_t await_ret(int sock)
{
	struct vmdev_hdr h;
	uint64_t v = ~0ull;

	if (read(sock, &h, sizeof(h)) != sizeof(h) || h.cmd != VMDEV_CMD_RET || h.size != 8 ||
	    read(sock, &v, 8) != 8) {
		fprintf(stderr, "tb_vmdev: no RET from the server\n");
		return ~0ull;
	}
	return v;
}

static uint32_t cfg_rd(int sock, uint32_t addr, int len)
{
	struct vmdev_cfg_access a = { .addr = addr, .len = len };

	send_msg(sock, VMDEV_CMD_CFG_READ, &a, sizeof(a), NULL, 0);
	return (uint32_t)await_ret(sock);
}

static void cfg_wr(int sock, uint32_t addr, uint32_t val, int len)
{
	struct vmdev_cfg_access a = { .addr = addr, .val = val, .len = len };

	send_msg(sock, VMDEV_CMD_CFG_WRITE, &a, sizeof(a), NULL, 0);
	await_ret(sock);
}

static uint64_t bar_rd(int sock, uint64_t addr, unsigned size)
{
	struct vmdev_bar_access a = { .addr = addr, .size = size, .memory = 1 };

	send_msg(sock, VMDEV_CMD_BAR_READ, &a, sizeof(a), NULL, 0);
	return await_ret(sock);
}

static void bar_wr(int sock, uint64_t addr, uint64_t val, unsigned size)
{
	struct vmdev_bar_access a = { .addr = addr, .val = val, .size = size, .memory = 1 };

	send_msg(sock, VMDEV_CMD_BAR_WRITE, &a, sizeof(a), NULL, 0);
	await_ret(sock);
}

/* what QEMU does at realize: identity, then size every BAR slot */
static void t_config(int sock)
{
	CHECK(cfg_rd(sock, 0x00, 2) == HPNIC_PCI_VENDOR_ID, "vendor 0x%x", cfg_rd(sock, 0, 2));
	CHECK(cfg_rd(sock, 0x02, 2) == HPNIC_PCI_DEVICE_ID, "device 0x%x", cfg_rd(sock, 2, 2));
	CHECK((cfg_rd(sock, 0x08, 4) >> 8) == HPNIC_PCI_CLASS, "class 0x%x", cfg_rd(sock, 8, 4) >> 8);
	CHECK(cfg_rd(sock, 0x0e, 1) == 0, "header type 0x%x", cfg_rd(sock, 0x0e, 1));
	CHECK(!(cfg_rd(sock, 0x06, 2) & 0x10), "capabilities advertised (no MSI wanted)");
	CHECK(cfg_rd(sock, 0x3d, 1) == 1, "interrupt pin %u", cfg_rd(sock, 0x3d, 1));
	for (unsigned i = 0; i < 7; i++) {
		uint32_t a = 0x10 + 4 * i, orig = cfg_rd(sock, a, 4), sz;

		cfg_wr(sock, a, 0xffffffffu, 4);
		sz = cfg_rd(sock, a, 4);
		cfg_wr(sock, a, orig, 4);
		if (i == 0)
			CHECK(sz == ~(uint32_t)(HPNIC_BAR0_SIZE - 1), "BAR0 sizing reads 0x%08x", sz);
		else
			CHECK(sz == 0, "BAR slot %u at 0x%x sizes 0x%08x: not absent", i, a, sz);
	}
	cfg_wr(sock, 0x00, 0xdeadbeef, 4);
	CHECK(cfg_rd(sock, 0x00, 2) == HPNIC_PCI_VENDOR_ID, "vendor ID writable");
	cfg_wr(sock, 0x10, BAR_BASE | 0x12345, 4);
	CHECK(cfg_rd(sock, 0x10, 4) == BAR_BASE, "BAR0 0x%08x", cfg_rd(sock, 0x10, 4));
	cfg_wr(sock, 0x04, 0xffff, 2);
	CHECK(cfg_rd(sock, 0x04, 2) == 0x546, "command 0x%x", cfg_rd(sock, 0x04, 2));

	send_msg(sock, VMDEV_CMD_DEVICE_RESET, NULL, 0, NULL, 0);
	CHECK(await_ret(sock) == 0, "DEVICE_RESET answered");
	CHECK(cfg_rd(sock, 0x10, 4) == 0 && cfg_rd(sock, 0x04, 2) == 0, "reset leaves BAR0 0x%x",
	      cfg_rd(sock, 0x10, 4));
	cfg_wr(sock, 0x10, BAR_BASE, 4);
	cfg_wr(sock, 0x04, 0x6, 2);
}

static void t_bar(int sock)
{
	int efd[2] = { eventfd(0, 0), eventfd(0, 0) };
	uint64_t v;

	CHECK(bar_rd(sock, BAR_BASE + HPNIC_ID_TYPE, 4) == HPNIC_ID_BLOCK_TYPE, "ID.TYPE 0x%llx",
	      (unsigned long long)bar_rd(sock, BAR_BASE + HPNIC_ID_TYPE, 4));
	bar_wr(sock, BAR_BASE + HPNIC_ID_SCRATCH, 0xc0ffee11, 4);
	CHECK(bar_rd(sock, BAR_BASE + HPNIC_ID_SCRATCH, 4) == 0xc0ffee11, "SCRATCH round trip");
	v = bar_rd(sock, BAR_BASE + HPNIC_ID_TYPE, 8);
	CHECK(v == ((uint64_t)HPNIC_ID_BLOCK_VERSION << 32 | HPNIC_ID_BLOCK_TYPE),
	      "8-byte read 0x%016llx", (unsigned long long)v);
	CHECK(bar_rd(sock, BAR_BASE + HPNIC_ID_TYPE + 3, 1) == 'H', "1-byte read");
	CHECK(bar_rd(sock, BAR_BASE + HPNIC_ID_TYPE + 2, 2) == 0x4850, "2-byte read");
	bar_wr(sock, BAR_BASE + HPNIC_ID_SCRATCH, 0x5555, 2);
	CHECK(bar_rd(sock, BAR_BASE + HPNIC_ID_SCRATCH, 4) == 0xc0ffee11, "2-byte write not ignored");
	/* outside: past the end, below the base, misaligned */
	CHECK(bar_rd(sock, BAR_BASE + HPNIC_BAR0_SIZE, 4) == ~0ull, "read past BAR0");
	CHECK(bar_rd(sock, BAR_BASE - 4, 4) == ~0ull, "read below BAR0");
	CHECK(bar_rd(sock, BAR_BASE + 2, 4) == ~0ull, "misaligned read");
	bar_wr(sock, BAR_BASE + HPNIC_BAR0_SIZE, 1, 4);
	/* INTx fds, as QEMU sends them at realize: taken, no answer */
	send_msg(sock, VMDEV_CMD_SET_IRQFD, NULL, 0, efd, 2);
	close(efd[0]);
	close(efd[1]);
	CHECK(bar_rd(sock, BAR_BASE + HPNIC_ID_SCRATCH, 4) == 0xc0ffee11, "alive after SET_IRQFD");
	/* guest RAM: a memfd region, as QEMU's memory listener sends it */
	{
		struct vmdev_sysmem m = { .gpa = { 0x100000 }, .size = { 1 << 20 } };
		int mfd = memfd_create("guest-ram", 0);

		if (ftruncate(mfd, 1 << 20) == 0)
			send_msg(sock, VMDEV_CMD_SYNC_SYSMEM, &m, sizeof(m), &mfd, 1);
		close(mfd);
		CHECK(bar_rd(sock, BAR_BASE + HPNIC_ID_TYPE, 4) == HPNIC_ID_BLOCK_TYPE,
		      "alive after SYNC_SYSMEM");
	}
}

/* the report's value for a key, or -1 */
static long long report_get(const char *path, const char *key)
{
	char line[256], k[128];
	long long v;
	FILE *f = fopen(path, "r");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "%127s %lld", k, &v) == 2 && !strcmp(k, key)) {
			fclose(f);
			return v;
		}
	fclose(f);
	return -1;
}

static void t_session(void)
{
	char report[] = "/tmp/tb_vmdev_XXXXXX", err[4096];
	int fd = mkstemp(report);
	struct server s;
	uint32_t lo;
	int st;

	close(fd);
	s = start(report);
	t_config(s.sock[0]);
	t_bar(s.sock[0]);
	/* a counter through BAR0, as the guest reads it: it must match the report */
	bar_wr(s.sock[0], BAR_BASE + HPNIC_STATS_SEL, HPNIC_CNT_HOST_CMD_ERRORS, 4);
	lo = (uint32_t)bar_rd(s.sock[0], BAR_BASE + HPNIC_STATS_VALUE_LO, 4);
	st = finish(&s, err, sizeof(err), 1);
	CHECK(st == 0, "server exit %d after QEMU closed its channels: %s", st, err);
	CHECK(report_get(report, "nic0.bar_outside") == 4, "bar_outside %lld, want 4",
	      report_get(report, "nic0.bar_outside"));
	CHECK(report_get(report, "nic0.bar_partial") == 1, "bar_partial %lld, want 1",
	      report_get(report, "nic0.bar_partial"));
	CHECK(report_get(report, "nic0.resets") == 1, "resets %lld", report_get(report, "nic0.resets"));
	CHECK(report_get(report, "nic0.host_cmd_errors") == (long long)lo,
	      "counter host_cmd_errors: BAR0 read %u, report %lld", lo,
	      report_get(report, "nic0.host_cmd_errors"));
	CHECK(report_get(report, "nic1.bar_reads") == 0, "nic1 saw BAR reads");
	unlink(report);
}

/* one malformed message: one clear line, exit 3, within the time limit */
static void t_malformed(const char *what, int cmd, size_t size, int nfd, size_t hdr_bytes,
			int eof)
{
	struct server s = start(NULL);
	uint8_t payload[256] = { 0 };
	char err[4096];
	int efd = eventfd(0, 0), st, lines = 0;

	if (hdr_bytes < sizeof(struct vmdev_hdr)) {
		struct vmdev_hdr h = { .cmd = cmd, .size = size };

		if (write(s.sock[1], &h, hdr_bytes) != (ssize_t)hdr_bytes)
			fprintf(stderr, "tb_vmdev: short write\n");
		if (eof)
			shutdown(s.sock[1], SHUT_WR);
	} else {
		send_msg(s.sock[1], cmd, payload, size, &efd, nfd);
	}
	close(efd);
	/* the channels stay open: the server must not wait for more */
	st = finish(&s, err, sizeof(err), 0);
	for (char *p = err; *p; p++)
		lines += *p == '\n';
	CHECK(st == 3, "%s: exit %d, want 3 (%s)", what, st, err);
	CHECK(lines == 2 && strstr(err, "malformed"), "%s: want the banner and one line saying "
	      "malformed, got: %s", what, err);
}

int main(int argc, char **argv)
{
	if (argc != 2 || !strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
		fprintf(argc == 2 ? stdout : stderr, "usage: tb_vmdev PATH-TO-hpnic-vmdev\n"
			"hpnic-vmdev against a fake QEMU on its --fd sockets: config space, BAR0, "
			"outside accesses, close, malformed messages.\n");
		return argc == 2 ? 0 : 2;
	}
	vmdev = argv[1];
	signal(SIGPIPE, SIG_IGN);
	t_session();
	t_malformed("unknown command", 42, 8, 0, sizeof(struct vmdev_hdr), 0);
	t_malformed("BAR_READ of the wrong size", VMDEV_CMD_BAR_READ, 16, 0,
		    sizeof(struct vmdev_hdr), 0);
	t_malformed("truncated header, then EOF", VMDEV_CMD_BAR_READ, 24, 0, 8, 1);
	t_malformed("truncated header, channel open", VMDEV_CMD_BAR_READ, 24, 0, 8, 0);
	t_malformed("SYNC_SYSMEM without fds", VMDEV_CMD_SYNC_SYSMEM, sizeof(struct vmdev_sysmem), 0,
		    sizeof(struct vmdev_hdr), 0);
	t_malformed("BAR_READ carrying an fd", VMDEV_CMD_BAR_READ, sizeof(struct vmdev_bar_access), 1,
		    sizeof(struct vmdev_hdr), 0);
	printf("vmdev: %d passed, %d failed\n", tb_checks - tb_failures, tb_failures);
	return tb_failures ? 1 : 0;
}
