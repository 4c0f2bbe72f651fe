/* SPDX-License-Identifier: MIT */
/*
 * hpnic-drvcheck: checks of the hpnic driver's char device, run inside the
 * co-simulation guest as root (tb/driver/driver_test.sh):
 *
 *   abi DEV BDF        the ioctls with good and bad arguments: NULL and
 *                      unmapped pointers, argsz too small and past a page,
 *                      flags and reserved fields set, unknown numbers;
 *                      PDs: distinct numbers, another file's and unknown
 *                      ones refused, a killed process's PDs freed (all
 *                      65535 can be had again); CQs: rings mapped
 *                      read-only and zeroed, bad sizes, offsets and
 *                      protections refused, no destroy while mapped, a
 *                      killed process's CQs freed; MRs: a 64 MiB malloc'd
 *                      buffer registered, its pages pinned and shown not
 *                      contiguous (the driver's count of runs equals
 *                      /proc/self/pagemap's), bad ranges, rights, PDs and
 *                      keys refused, pinned pages back to 0 after dereg
 *                      and after a kill; ioctl latencies
 *                      QPs: distinct QPNs from 1, send queue mapped
 *                      read-write and zeroed, the doorbell page write-only
 *                      and exactly one page, bad PDs, CQs, sizes, context
 *                      values and commands refused, the context read back
 *                      as written, no destroy while mapped, another
 *                      file's QPs out of reach, a killed process's QPs
 *                      freed (sysfs objects); GET_EVENT with none waiting;
 *                      receive queues: mapped read-write and zeroed, bad
 *                      depths, unknown and another file's receive CQs,
 *                      MIN_RNR_TIMER > 31 and RNR_RETRY > 7 refused, no
 *                      CQ destroy while a QP receives into it, the structs
 *                      of ABI 1 (no receive queue) still taken
 *   steal DEV N        a second process tries every handle a busy file
 *                      may hold (QPNs 1..N, MR keys of entries 0..N, CQNs,
 *                      PDs 1..N): modify, query, destroy, dereg, mmap (CQ
 *                      rings, send and receive queues, doorbells); each
 *                      refused, nothing of the owner's changes
 *   unbind DEV BDF     a file open across an unbind, with a CQ ring mapped:
 *                      its ioctls get -ENODEV, the ring stays readable,
 *                      closing it is clean, rmmod was refused while it was
 *                      open; the function is bound again
 *
 * Prints "ok: ..." or "FAIL: ..." per check and "figure NAME VALUE" lines;
 * exits 0 when every check held.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "hpnic_abi.h"
#include "hpnic_regs.h"

static int failures;

#define CHECK(cond, ...)                                                        \
	do {                                                                    \
		if (cond) {                                                     \
			printf("ok: ");                                         \
		} else {                                                        \
			printf("FAIL: ");                                       \
			failures++;                                             \
		}                                                               \
		printf(__VA_ARGS__);                                            \
		printf("\n");                                                   \
	} while (0)

static uint64_t now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

/* the ioctl's result as 0 or -errno */
static int ioc(int fd, unsigned long nr, void *arg)
{
	return ioctl(fd, nr, arg) ? -errno : 0;
}

static int alloc_pd(int fd, uint32_t *pdn)
{
	struct hpnic_abi_alloc_pd a = { .argsz = sizeof(a) };
	int err = ioc(fd, HPNIC_IOCTL_ALLOC_PD, &a);

	*pdn = a.pdn;
	return err;
}

static int dealloc_pd(int fd, uint32_t pdn)
{
	struct hpnic_abi_dealloc_pd d = { .argsz = sizeof(d), .pdn = pdn };

	return ioc(fd, HPNIC_IOCTL_DEALLOC_PD, &d);
}

static int create_cq(int fd, uint32_t log2, struct hpnic_abi_create_cq *c)
{
	memset(c, 0, sizeof(*c));
	c->argsz = sizeof(*c);
	c->log2 = log2;
	return ioc(fd, HPNIC_IOCTL_CREATE_CQ, c);
}

static int destroy_cq(int fd, uint32_t cqn)
{
	struct hpnic_abi_destroy_cq d = { .argsz = sizeof(d), .cqn = cqn };

	return ioc(fd, HPNIC_IOCTL_DESTROY_CQ, &d);
}

static void *map_ring(int fd, size_t len, int prot, uint64_t off)
{
	void *p = mmap(NULL, len, prot, MAP_SHARED, fd, (off_t)off);

	return p == MAP_FAILED ? NULL : p;
}

static int open_dev(const char *dev)
{
	int fd = open(dev, O_RDWR | O_CLOEXEC);

	if (fd < 0) {
		printf("FAIL: open %s: %s\n", dev, strerror(errno));
		exit(1);
	}
	return fd;
}

static void check_query(int fd)
{
	struct hpnic_abi_query_device q = { .argsz = sizeof(q) };
	int err = ioc(fd, HPNIC_IOCTL_QUERY_DEVICE, &q);

	CHECK(!err, "QUERY_DEVICE: %s", err ? strerror(-err) : "0");
	CHECK(q.abi_version == HPNIC_ABI_VERSION, "abi_version %u", q.abi_version);
	CHECK(q.fw_version >> 16 == HPNIC_ID_BLOCK_VERSION >> 16, "fw_version %u.%u",
	      q.fw_version >> 16, q.fw_version & 0xffff);
	CHECK(q.num_counters == HPNIC_NUM_COUNTERS, "num_counters %u", q.num_counters);
	CHECK(q.max_pds == 65535, "max_pds %u", q.max_pds);
	CHECK(q.caps & HPNIC_ABI_CAP_RQ, "caps 0x%x: receive queues", q.caps);
	CHECK(q.caps & HPNIC_ABI_CAP_CC_OPTS, "caps 0x%x: QP.CC_OPTS (VAI, SF)", q.caps);
	/* a program built for the first ABI: its struct, nothing written past it */
	{
		struct { struct hpnic_abi_query_device q; } old;
		uint8_t *b = (uint8_t *)&old;

		memset(&old, 0xa5, sizeof(old));
		old.q.argsz = HPNIC_ABI_QUERY_DEVICE_SIZE_V1;
		old.q.flags = 0;
		err = ioc(fd, HPNIC_IOCTL_QUERY_DEVICE, &old);
		CHECK(!err && old.q.abi_version == HPNIC_ABI_VERSION &&
		      b[HPNIC_ABI_QUERY_DEVICE_SIZE_V1] == 0xa5 && b[sizeof(old) - 1] == 0xa5,
		      "QUERY_DEVICE of ABI 1's size: %s, nothing written past it",
		      err ? strerror(-err) : "0");
	}
}

/* every way of handing a bad argument: each an error, nothing else moves */
static void check_bad_args(int fd)
{
	struct hpnic_abi_query_device q = { .argsz = sizeof(q) };
	struct hpnic_abi_alloc_pd a = { .argsz = sizeof(a) };
	void *unmapped;
	int err;

	err = ioc(fd, HPNIC_IOCTL_QUERY_DEVICE, NULL);
	CHECK(err == -EFAULT, "QUERY_DEVICE(NULL): %s", strerror(-err));
	err = ioc(fd, HPNIC_IOCTL_ALLOC_PD, NULL);
	CHECK(err == -EFAULT, "ALLOC_PD(NULL): %s", strerror(-err));
	err = ioc(fd, HPNIC_IOCTL_DEALLOC_PD, NULL);
	CHECK(err == -EFAULT, "DEALLOC_PD(NULL): %s", strerror(-err));

	unmapped = mmap(NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	err = ioc(fd, HPNIC_IOCTL_QUERY_DEVICE, unmapped);
	CHECK(err == -EFAULT, "QUERY_DEVICE(unmapped page): %s", strerror(-err));
	munmap(unmapped, 4096);

	/* an odd address, and a struct that runs off its mapping into none */
	{
		uint8_t *two = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
				    -1, 0);
		struct hpnic_abi_query_device *odd = (void *)(two + 1);
		struct hpnic_abi_create_qp *edge = (void *)(two + 4096 - 12);

		odd->argsz = sizeof(*odd);
		odd->flags = 0;
		err = ioc(fd, HPNIC_IOCTL_QUERY_DEVICE, odd);
		CHECK(!err && odd->abi_version == HPNIC_ABI_VERSION,
		      "QUERY_DEVICE at an odd address: %s", err ? strerror(-err) : "0");
		munmap(two + 4096, 4096);
		edge->argsz = sizeof(*edge);
		edge->flags = 0;
		err = ioc(fd, HPNIC_IOCTL_CREATE_QP, edge);
		CHECK(err == -EFAULT, "CREATE_QP with the struct running into an unmapped page: %s",
		      strerror(-err));
		munmap(two, 4096);
	}

	q.argsz = sizeof(q) - 4;
	err = ioc(fd, HPNIC_IOCTL_QUERY_DEVICE, &q);
	CHECK(err == -EINVAL, "QUERY_DEVICE, argsz one field short: %s", strerror(-err));
	q.argsz = 0;
	err = ioc(fd, HPNIC_IOCTL_QUERY_DEVICE, &q);
	CHECK(err == -EINVAL, "QUERY_DEVICE, argsz 0: %s", strerror(-err));
	q.argsz = 0xffffffffu;
	err = ioc(fd, HPNIC_IOCTL_QUERY_DEVICE, &q);
	CHECK(err == -EINVAL, "QUERY_DEVICE, argsz 4 GiB: %s", strerror(-err));
	q.argsz = sizeof(q);
	q.flags = 1;
	err = ioc(fd, HPNIC_IOCTL_QUERY_DEVICE, &q);
	CHECK(err == -EINVAL, "QUERY_DEVICE, flags 1: %s", strerror(-err));

	/* a larger struct of a newer caller: its tail is left alone */
	{
		struct { struct hpnic_abi_query_device q; uint32_t tail; } big;

		memset(&big, 0, sizeof(big));
		big.q.argsz = sizeof(big);
		big.tail = 0x5a5a5a5au;
		err = ioc(fd, HPNIC_IOCTL_QUERY_DEVICE, &big);
		CHECK(!err && big.tail == 0x5a5a5a5au && big.q.abi_version == HPNIC_ABI_VERSION,
		      "QUERY_DEVICE, argsz past the struct: %s, tail kept",
		      err ? strerror(-err) : "0");
	}

	a.reserved = 7;
	err = ioc(fd, HPNIC_IOCTL_ALLOC_PD, &a);
	CHECK(err == -EINVAL, "ALLOC_PD, reserved set: %s", strerror(-err));
	err = ioc(fd, _IO(HPNIC_IOCTL_MAGIC, 0x7f), &a);
	CHECK(err == -ENOTTY, "unknown ioctl number: %s", strerror(-err));
	err = ioc(fd, _IOWR('T', 0x01, int), &a);
	CHECK(err == -ENOTTY, "another driver's ioctl number: %s", strerror(-err));
}

static void check_pds(const char *dev, int fd)
{
	uint32_t p[3], q;
	int err, i, st;
	pid_t pid;

	for (i = 0; i < 3; i++)
		err = alloc_pd(fd, &p[i]);
	CHECK(!err && p[0] && p[1] && p[2] && p[0] != p[1] && p[1] != p[2] && p[0] != p[2] &&
	      p[0] <= 65535 && p[1] <= 65535 && p[2] <= 65535,
	      "three PDs: %u %u %u", p[0], p[1], p[2]);
	err = dealloc_pd(fd, p[1]);
	CHECK(!err, "DEALLOC_PD %u: %s", p[1], err ? strerror(-err) : "0");
	err = dealloc_pd(fd, p[1]);
	CHECK(err == -EINVAL, "DEALLOC_PD %u again: %s", p[1], strerror(-err));
	err = dealloc_pd(fd, 0);
	CHECK(err == -EINVAL, "DEALLOC_PD 0: %s", strerror(-err));
	err = dealloc_pd(fd, 70000);
	CHECK(err == -EINVAL, "DEALLOC_PD 70000: %s", strerror(-err));

	/* another process's file: the handles are not its own */
	pid = fork();
	if (pid == 0) {
		int cfd = open_dev(dev);

		_exit(dealloc_pd(cfd, p[0]) == -EINVAL ? 0 : 1);
	}
	waitpid(pid, &st, 0);
	CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0,
	      "another process cannot free PD %u (-EINVAL)", p[0]);
	err = dealloc_pd(fd, p[0]);
	CHECK(!err, "the owner still can: %s", err ? strerror(-err) : "0");

	/* a process killed holding 1000 PDs: they come back */
	pid = fork();
	if (pid == 0) {
		int cfd = open_dev(dev);

		for (i = 0; i < 1000; i++)
			if (alloc_pd(cfd, &q))
				_exit(1);
		raise(SIGKILL);
		_exit(2);
	}
	waitpid(pid, &st, 0);
	CHECK(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL, "a process with 1000 PDs killed (-9)");

	/* every PD but the one this file still has can be had, then no more */
	{
		int n = 0, fd2 = open_dev(dev);
		uint64_t t0 = now_ns(), t1;

		while (!(err = alloc_pd(fd2, &q)))
			n++;
		t1 = now_ns();
		CHECK(err == -ENOSPC && n == 65534, "PDs to exhaustion: %d, then %s", n,
		      strerror(-err));
		printf("figure ioctl_alloc_pd_us %.2f\n", n ? (t1 - t0) / 1e3 / n : 0.0);
		close(fd2);
	}
	err = alloc_pd(fd, &q);
	CHECK(!err, "a PD again after the file that had them all is closed");
	dealloc_pd(fd, q);
	dealloc_pd(fd, p[2]);
}

static void check_cqs(const char *dev, int fd)
{
	struct hpnic_abi_query_device qd = { .argsz = sizeof(qd) };
	struct hpnic_abi_create_cq c, c2, bad;
	const uint8_t *ring;
	unsigned int zero = 1, i;
	int err, st, n;
	pid_t pid;

	ioc(fd, HPNIC_IOCTL_QUERY_DEVICE, &qd);
	CHECK(qd.max_cqs >= 2, "max_cqs %u", qd.max_cqs);
	err = create_cq(fd, 6, &c);
	CHECK(!err && c.ring_bytes == 4096 && c.mmap_offset, "CREATE_CQ log2 6: %s, cqn %u, %u bytes",
	      err ? strerror(-err) : "0", c.cqn, c.ring_bytes);
	err = create_cq(fd, 12, &c2);
	CHECK(!err && c2.cqn != c.cqn && c2.ring_bytes == (32u << 12),
	      "CREATE_CQ log2 12: cqn %u, %u bytes", c2.cqn, c2.ring_bytes);
	err = create_cq(fd, 0, &bad) == -EINVAL && create_cq(fd, 16, &bad) == -EINVAL;
	CHECK(err, "CREATE_CQ log2 0 and 16: -EINVAL");

	ring = map_ring(fd, c.ring_bytes, PROT_READ, c.mmap_offset);
	CHECK(ring != NULL, "the ring mapped read-only");
	for (i = 0; ring && i < c.ring_bytes; i++)
		zero &= ring[i] == 0;
	CHECK(ring && zero, "the ring is zeroed");
	CHECK(!map_ring(fd, c.ring_bytes, PROT_READ | PROT_WRITE, c.mmap_offset),
	      "a writable mapping refused");
	CHECK(!map_ring(fd, c.ring_bytes * 2, PROT_READ, c.mmap_offset), "twice the size refused");
	CHECK(!map_ring(fd, c.ring_bytes, PROT_READ, c.mmap_offset + 4096), "an offset inside refused");
	CHECK(!map_ring(fd, c.ring_bytes, PROT_READ, 12345u << 12), "an offset of nothing refused");
	CHECK(ring && mprotect((void *)ring, c.ring_bytes, PROT_READ | PROT_WRITE) != 0,
	      "mprotect to writable refused");
	err = destroy_cq(fd, c.cqn);
	CHECK(err == -EBUSY, "DESTROY_CQ while mapped: %s", strerror(-err));
	if (ring)
		munmap((void *)ring, c.ring_bytes);
	err = destroy_cq(fd, c.cqn);
	CHECK(!err, "DESTROY_CQ after munmap: %s", err ? strerror(-err) : "0");
	err = destroy_cq(fd, c.cqn);
	CHECK(err == -EINVAL, "DESTROY_CQ again: %s", strerror(-err));

	/* another process: neither its destroy nor its mmap reaches this file's CQ */
	pid = fork();
	if (pid == 0) {
		int cfd = open_dev(dev);

		_exit(destroy_cq(cfd, c2.cqn) == -EINVAL &&
		      !map_ring(cfd, c2.ring_bytes, PROT_READ, c2.mmap_offset) ? 0 : 1);
	}
	waitpid(pid, &st, 0);
	CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0,
	      "another process can neither destroy nor map CQ %u", c2.cqn);

	/* a process killed with 100 CQs, one mapped: all come back */
	pid = fork();
	if (pid == 0) {
		int cfd = open_dev(dev);
		struct hpnic_abi_create_cq k;

		for (i = 0; i < 100; i++)
			if (create_cq(cfd, 4, &k))
				_exit(1);
		if (!map_ring(cfd, k.ring_bytes, PROT_READ, k.mmap_offset))
			_exit(1);
		raise(SIGKILL);
		_exit(2);
	}
	waitpid(pid, &st, 0);
	CHECK(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL, "a process with 100 CQs killed (-9)");
	{
		int fd2 = open_dev(dev);
		uint64_t t0 = now_ns(), t1;

		n = 0;
		while (!(err = create_cq(fd2, 1, &c)))
			n++;
		t1 = now_ns();
		CHECK(err == -ENOSPC && n == (int)qd.max_cqs - 1, "CQs to exhaustion: %d, then %s", n,
		      strerror(-err));
		printf("figure ioctl_create_cq_us %.1f\n", n ? (t1 - t0) / 1e3 / n : 0.0);
		t0 = now_ns();
		close(fd2);
		printf("figure close_with_cqs_us_per_cq %.1f\n", n ? (now_ns() - t0) / 1e3 / n : 0.0);
	}
	err = destroy_cq(fd, c2.cqn);
	CHECK(!err, "DESTROY_CQ %u: %s", c2.cqn, err ? strerror(-err) : "0");
}

static int create_qp(int fd, uint32_t pdn, uint32_t cqn, uint32_t log2, uint32_t wqe_log2,
		     struct hpnic_abi_create_qp *c)
{
	memset(c, 0, sizeof(*c));
	c->argsz = sizeof(*c);
	c->pdn = pdn;
	c->cqn = cqn;
	c->sq_log2 = log2;
	c->wqe_log2 = wqe_log2;
	c->rcqn = cqn;          /* every QP names a receive CQ */
	return ioc(fd, HPNIC_IOCTL_CREATE_QP, c);
}

static int destroy_qp(int fd, uint32_t qpn)
{
	struct hpnic_abi_destroy_qp d = { .argsz = sizeof(d), .qpn = qpn };

	return ioc(fd, HPNIC_IOCTL_DESTROY_QP, &d);
}

/* a context that every check below starts from: fits every register */
static void good_ctx(struct hpnic_abi_qp_ctx *x, uint32_t qpn, uint32_t cmd)
{
	memset(x, 0, sizeof(*x));
	x->argsz = sizeof(*x);
	x->qpn = qpn;
	x->cmd = cmd;
	x->state = 1;            /* INIT */
	x->mtu_log2 = 12;
	x->dqpn = 0x123456;
	x->dip = 0x0a000102;
	x->dmac_hi = 0x0200;
	x->dmac_lo = 0x00000102;
	x->sport = 0xc001;
	x->dscp_ecn = 106;
	x->sq_psn = 0xabcdef;
	x->rq_psn = 0x654321;
}

static int modify_qp(int fd, struct hpnic_abi_qp_ctx *x)
{
	return ioc(fd, HPNIC_IOCTL_MODIFY_QP, x);
}

/* the objects line of sysfs: "pds N cqs N mrs N qps N" */
static int sysfs_objects(const char *bdf, int *v)
{
	char path[128];
	FILE *f;
	int n;

	snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/objects", bdf);
	f = fopen(path, "r");
	if (!f)
		return -1;
	n = fscanf(f, "pds %d cqs %d mrs %d qps %d", &v[0], &v[1], &v[2], &v[3]);
	fclose(f);
	return n == 4 ? 0 : -1;
}

static void check_qps(const char *dev, const char *bdf, int fd)
{
	struct hpnic_abi_create_qp c, c2, bad;
	struct hpnic_abi_create_cq cq;
	struct hpnic_abi_qp_ctx x, r;
	struct hpnic_abi_get_event ev = { .argsz = sizeof(ev) };
	uint32_t pd, pd2;
	uint8_t *ring;
	volatile uint32_t *db;
	unsigned int zero = 1, i;
	int err, st, obj[4];
	uint64_t t0;
	pid_t pid;

	err = alloc_pd(fd, &pd) || alloc_pd(fd, &pd2) || create_cq(fd, 10, &cq);
	CHECK(!err, "a PD and a CQ for the QP checks");
	t0 = now_ns();
	err = create_qp(fd, pd, cq.cqn, 4, 6, &c);
	printf("figure ioctl_create_qp_us %.1f\n", (now_ns() - t0) / 1e3);
	CHECK(!err && c.qpn >= 1 && c.ring_bytes == 4096 && c.ring_mmap_offset &&
	      c.db_mmap_offset && c.db_offset < 4096,
	      "CREATE_QP 16 x 64 B: %s, QPN %u, %u bytes, doorbell at +0x%x",
	      err ? strerror(-err) : "0", c.qpn, c.ring_bytes, c.db_offset);
	err = create_qp(fd, pd2, cq.cqn, 15, 7, &c2);
	CHECK(!err && c2.qpn >= 1 && c2.qpn != c.qpn && c2.ring_bytes == (128u << 15),
	      "CREATE_QP 32768 x 128 B: QPN %u, %u bytes", c2.qpn, c2.ring_bytes);
	CHECK(create_qp(fd, 0, cq.cqn, 4, 6, &bad) == -EINVAL, "CREATE_QP with PD 0 refused");
	CHECK(create_qp(fd, 60000, cq.cqn, 4, 6, &bad) == -EINVAL, "CREATE_QP with an unknown PD refused");
	CHECK(create_qp(fd, pd, 255, 4, 6, &bad) == -EINVAL, "CREATE_QP with a CQ not its own refused");
	CHECK(create_qp(fd, pd, cq.cqn, 0, 6, &bad) == -EINVAL &&
	      create_qp(fd, pd, cq.cqn, 16, 6, &bad) == -EINVAL, "CREATE_QP sq_log2 0 and 16 refused");
	CHECK(create_qp(fd, pd, cq.cqn, 4, 5, &bad) == -EINVAL &&
	      create_qp(fd, pd, cq.cqn, 4, 8, &bad) == -EINVAL, "CREATE_QP wqe_log2 5 and 8 refused");
	CHECK(ioc(fd, HPNIC_IOCTL_CREATE_QP, NULL) == -EFAULT, "CREATE_QP(NULL): EFAULT");
	memset(&bad, 0, sizeof(bad));
	bad.argsz = sizeof(bad) - 4;
	CHECK(ioc(fd, HPNIC_IOCTL_CREATE_QP, &bad) == -EINVAL, "CREATE_QP, argsz short: EINVAL");

	ring = map_ring(fd, c.ring_bytes, PROT_READ | PROT_WRITE, c.ring_mmap_offset);
	CHECK(ring != NULL, "the send queue mapped read-write");
	for (i = 0; ring && i < c.ring_bytes; i++)
		zero &= ring[i] == 0;
	CHECK(ring && zero, "the send queue is zeroed");
	if (ring)
		ring[0] = 0x5a;   /* the process writes WQEs there */
	db = map_ring(fd, 4096, PROT_WRITE, c.db_mmap_offset);
	CHECK(db != NULL, "the doorbell page mapped");
	CHECK(!map_ring(fd, 8192, PROT_WRITE, c.db_mmap_offset), "two doorbell pages refused");
	CHECK(!map_ring(fd, 4096, PROT_WRITE | PROT_EXEC, c.db_mmap_offset),
	      "an executable doorbell page refused");
	CHECK(!map_ring(fd, c.ring_bytes, PROT_READ | PROT_EXEC, c.ring_mmap_offset),
	      "an executable send queue refused");
	CHECK(!map_ring(fd, 4096, PROT_WRITE, c.db_mmap_offset + 4096), "an offset inside refused");
	/* a doorbell with nothing posted: the QP is in RESET, the NIC ignores it */
	if (db)
		db[c.db_offset / 4] = 0;

	good_ctx(&x, c.qpn, HPNIC_ABI_QP_WRITE);
	t0 = now_ns();
	err = modify_qp(fd, &x);
	printf("figure ioctl_modify_qp_us %.1f\n", (now_ns() - t0) / 1e3);
	CHECK(!err, "MODIFY_QP to INIT: %s", err ? strerror(-err) : "0");
	memset(&r, 0, sizeof(r));
	r.argsz = sizeof(r);
	r.qpn = c.qpn;
	t0 = now_ns();
	err = ioc(fd, HPNIC_IOCTL_QUERY_QP, &r);
	printf("figure ioctl_query_qp_us %.1f\n", (now_ns() - t0) / 1e3);
	CHECK(!err && r.state == 1 && r.dqpn == x.dqpn && r.sq_psn == x.sq_psn &&
	      r.rq_psn == x.rq_psn && r.dip == x.dip && r.dmac_lo == x.dmac_lo &&
	      r.dmac_hi == x.dmac_hi && r.sport == x.sport && r.mtu_log2 == 12,
	      "QUERY_QP reads the context back: state %u dqpn 0x%x sq_psn 0x%x rq_psn 0x%x",
	      r.state, r.dqpn, r.sq_psn, r.rq_psn);
	{
		static const struct { size_t off; uint32_t v; const char *what; } bads[] = {
			{ offsetof(struct hpnic_abi_qp_ctx, state), 5, "state 5" },
			{ offsetof(struct hpnic_abi_qp_ctx, mtu_log2), 5, "mtu_log2 5" },
			{ offsetof(struct hpnic_abi_qp_ctx, mtu_log2), 13, "mtu_log2 13" },
			{ offsetof(struct hpnic_abi_qp_ctx, dqpn), 1u << 24, "dqpn 2^24" },
			{ offsetof(struct hpnic_abi_qp_ctx, dmac_hi), 0x10000, "dmac_hi 0x10000" },
			{ offsetof(struct hpnic_abi_qp_ctx, sport), 0x10000, "sport 0x10000" },
			{ offsetof(struct hpnic_abi_qp_ctx, dscp_ecn), 256, "dscp_ecn 256" },
			{ offsetof(struct hpnic_abi_qp_ctx, sq_psn), 1u << 24, "sq_psn 2^24" },
			{ offsetof(struct hpnic_abi_qp_ctx, rq_psn), ~0u, "rq_psn ~0" },
			{ offsetof(struct hpnic_abi_qp_ctx, cc_mode), 3, "cc_mode 3 (not built)" },
			{ offsetof(struct hpnic_abi_qp_ctx, cc_override), 2, "cc_override 2" },
			{ offsetof(struct hpnic_abi_qp_ctx, qp_t_ns), 1u << 20, "qp_t_ns 2^20" },
			{ offsetof(struct hpnic_abi_qp_ctx, qp_wai), 1u << 20, "qp_wai 2^20" },
			{ offsetof(struct hpnic_abi_qp_ctx, qp_max_stage), 16, "qp_max_stage 16" },
			{ offsetof(struct hpnic_abi_qp_ctx, cmd), 0, "cmd 0" },
			{ offsetof(struct hpnic_abi_qp_ctx, cmd), 4, "cmd 4" },
			{ offsetof(struct hpnic_abi_qp_ctx, qpn), 0, "QPN 0" },
			{ offsetof(struct hpnic_abi_qp_ctx, qpn), 4095, "a QPN not its own" },
			{ offsetof(struct hpnic_abi_qp_ctx, max_rd_atomic), 17,
			  "max_rd_atomic 17 (over ID.RD_ATOMIC)" },
			{ offsetof(struct hpnic_abi_qp_ctx, max_rd_atomic), 256, "max_rd_atomic 256" },
			{ offsetof(struct hpnic_abi_qp_ctx, flags), 1, "flags 1" },
		};
		unsigned int nbad = 0;

		for (i = 0; i < sizeof(bads) / sizeof(bads[0]); i++) {
			good_ctx(&x, c.qpn, HPNIC_ABI_QP_WRITE);
			memcpy((uint8_t *)&x + bads[i].off, &bads[i].v, 4);
			err = modify_qp(fd, &x);
			if (err != -EINVAL) {
				printf("FAIL: MODIFY_QP with %s: %s\n", bads[i].what,
				       err ? strerror(-err) : "accepted");
				failures++;
				nbad++;
			}
		}
		CHECK(!nbad, "MODIFY_QP refuses %zu bad contexts with EINVAL",
		      sizeof(bads) / sizeof(bads[0]));
		err = ioc(fd, HPNIC_IOCTL_QUERY_QP, &r);
		CHECK(!err && r.state == 1 && r.dqpn == 0x123456 && r.sq_psn == 0xabcdef,
		      "the refusals changed nothing in the NIC");
	}
	CHECK(ioc(fd, HPNIC_IOCTL_MODIFY_QP, NULL) == -EFAULT &&
	      ioc(fd, HPNIC_IOCTL_QUERY_QP, NULL) == -EFAULT &&
	      ioc(fd, HPNIC_IOCTL_DESTROY_QP, NULL) == -EFAULT &&
	      ioc(fd, HPNIC_IOCTL_GET_EVENT, NULL) == -EFAULT, "the QP ioctls with NULL: EFAULT");
	err = ioc(fd, HPNIC_IOCTL_GET_EVENT, &ev);
	CHECK(!err && ev.event == 0, "GET_EVENT with none waiting: 0x%x", ev.event);
	{
		struct hpnic_abi_arm_cq a = { .argsz = sizeof(a), .cqn = cq.cqn };
		struct hpnic_abi_get_cq_event g = { .argsz = sizeof(g) };
		struct pollfd p = { .fd = fd, .events = POLLIN };

		CHECK(ioc(fd, HPNIC_IOCTL_ARM_CQ, NULL) == -EFAULT &&
		      ioc(fd, HPNIC_IOCTL_GET_CQ_EVENT, NULL) == -EFAULT, "ARM_CQ, GET_CQ_EVENT (NULL): EFAULT");
		a.cqn = 255;
		CHECK(ioc(fd, HPNIC_IOCTL_ARM_CQ, &a) == -EINVAL, "ARM_CQ of a CQ not its own: EINVAL");
		a.cqn = cq.cqn;
		a.flags = 1;
		CHECK(ioc(fd, HPNIC_IOCTL_ARM_CQ, &a) == -EINVAL, "ARM_CQ, flags 1: EINVAL");
		a.flags = 0;
		CHECK(ioc(fd, HPNIC_IOCTL_ARM_CQ, &a) == 0, "ARM_CQ of an empty CQ");
		t0 = now_ns();
		err = poll(&p, 1, 200);
		CHECK(err == 0, "poll(2) with nothing to report times out: %d (%.0f ms)", err,
		      (now_ns() - t0) / 1e6);
		err = ioc(fd, HPNIC_IOCTL_GET_CQ_EVENT, &g);
		CHECK(!err && !g.valid, "GET_CQ_EVENT with none: valid %u", g.valid);
	}
	err = destroy_cq(fd, cq.cqn);
	CHECK(err == -EBUSY, "DESTROY_CQ while QPs complete into it: %s", strerror(-err));
	err = dealloc_pd(fd, pd);
	CHECK(err == -EBUSY, "DEALLOC_PD while a QP is in it: %s", strerror(-err));

	/* another process: nothing of this file's QPs */
	pid = fork();
	if (pid == 0) {
		int cfd = open_dev(dev);
		struct hpnic_abi_qp_ctx y;

		good_ctx(&y, c.qpn, HPNIC_ABI_QP_WRITE);
		_exit(modify_qp(cfd, &y) == -EINVAL && destroy_qp(cfd, c.qpn) == -EINVAL &&
		      ioc(cfd, HPNIC_IOCTL_QUERY_QP, &y) == -EINVAL &&
		      !map_ring(cfd, 4096, PROT_WRITE, c.db_mmap_offset) &&
		      !map_ring(cfd, c.ring_bytes, PROT_READ | PROT_WRITE, c.ring_mmap_offset) ? 0 : 1);
	}
	waitpid(pid, &st, 0);
	CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0,
	      "another process can neither modify, query, destroy nor map QP %u", c.qpn);

	err = destroy_qp(fd, c.qpn);
	CHECK(err == -EBUSY, "DESTROY_QP while mapped: %s", strerror(-err));
	if (ring)
		munmap(ring, c.ring_bytes);
	err = destroy_qp(fd, c.qpn);
	CHECK(err == -EBUSY, "DESTROY_QP with the doorbell page still mapped: %s", strerror(-err));
	if (db)
		munmap((void *)db, 4096);
	t0 = now_ns();
	err = destroy_qp(fd, c.qpn);
	printf("figure ioctl_destroy_qp_us %.1f\n", (now_ns() - t0) / 1e3);
	CHECK(!err, "DESTROY_QP after munmap: %s", err ? strerror(-err) : "0");
	CHECK(destroy_qp(fd, c.qpn) == -EINVAL, "DESTROY_QP again: EINVAL");
	CHECK(destroy_qp(fd, c2.qpn) == 0, "DESTROY_QP of the large one");

	/* a process killed with 200 QPs, some mapped: all come back */
	pid = fork();
	if (pid == 0) {
		int cfd = open_dev(dev);
		struct hpnic_abi_create_qp k;
		struct hpnic_abi_create_cq kc;
		struct hpnic_abi_qp_ctx y;
		uint32_t kpd;

		if (alloc_pd(cfd, &kpd) || create_cq(cfd, 12, &kc))
			_exit(1);
		for (i = 0; i < 200; i++) {
			if (create_qp(cfd, kpd, kc.cqn, 4, 6, &k))
				_exit(1);
			good_ctx(&y, k.qpn, HPNIC_ABI_QP_WRITE);
			if (modify_qp(cfd, &y))
				_exit(1);
			if (i % 50 == 0 && (!map_ring(cfd, 4096, PROT_WRITE, k.db_mmap_offset) ||
					    !map_ring(cfd, k.ring_bytes, PROT_READ | PROT_WRITE,
						      k.ring_mmap_offset)))
				_exit(1);
		}
		raise(SIGKILL);
		_exit(2);
	}
	waitpid(pid, &st, 0);
	CHECK(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL, "a process with 200 QPs killed (-9)");
	err = sysfs_objects(bdf, obj);
	CHECK(!err && obj[3] == 0, "sysfs objects after the kill: qps %d", err ? -1 : obj[3]);
	dealloc_pd(fd, pd);
	dealloc_pd(fd, pd2);
	destroy_cq(fd, cq.cqn);
	err = sysfs_objects(bdf, obj);
	CHECK(!err && !obj[0] && !obj[1] && !obj[2] && !obj[3],
	      "sysfs objects: pds %d cqs %d mrs %d qps %d", obj[0], obj[1], obj[2], obj[3]);
}

static int create_qp_rq(int fd, uint32_t pdn, uint32_t cqn, uint32_t rq_log2, uint32_t rcqn,
			struct hpnic_abi_create_qp *c)
{
	memset(c, 0, sizeof(*c));
	c->argsz = sizeof(*c);
	c->pdn = pdn;
	c->cqn = cqn;
	c->sq_log2 = 4;
	c->wqe_log2 = 6;
	c->rq_log2 = rq_log2;
	c->rcqn = rcqn;
	return ioc(fd, HPNIC_IOCTL_CREATE_QP, c);
}

/* a counter of counters/ in sysfs, or ~0 */
static uint64_t sysfs_counter(const char *bdf, const char *name)
{
	char path[160];
	unsigned long long v;
	FILE *f;

	snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/counters/%s", bdf, name);
	f = fopen(path, "r");
	if (!f)
		return ~0ull;
	if (fscanf(f, "%llu", &v) != 1)
		v = ~0ull;
	fclose(f);
	return v;
}

/* receive queues, their CQs and the RNR fields; the structs of ABI 1 */
static void check_rqs(const char *dev, const char *bdf, int fd)
{
	struct hpnic_abi_create_qp c, c2, bad;
	struct hpnic_abi_create_cq cq, rcq, other;
	struct hpnic_abi_qp_ctx x, r;
	uint32_t pd;
	uint8_t *rring, *ring;
	volatile uint32_t *db;
	unsigned int zero = 1, i;
	uint64_t n0, n1;
	int err, st, fd2, obj[4];
	pid_t pid;

	err = alloc_pd(fd, &pd) || create_cq(fd, 10, &cq) || create_cq(fd, 8, &rcq);
	CHECK(!err, "a PD, a send CQ and a receive CQ for the receive queue checks");
	fd2 = open_dev(dev);
	err = create_cq(fd2, 4, &other);
	CHECK(!err, "a CQ of another open file: CQN %u", other.cqn);

	err = create_qp_rq(fd, pd, cq.cqn, 4, rcq.cqn, &c);
	CHECK(!err && c.rq_ring_bytes == 4096 && c.rq_mmap_offset &&
	      c.rq_db_offset == (HPNIC_DB_RQ_DB(0) & 4095) && c.db_offset != c.rq_db_offset,
	      "CREATE_QP with 16 receive WQEs to CQ %u: %s, QPN %u, %u bytes, RQ doorbell at +0x%x",
	      rcq.cqn, err ? strerror(-err) : "0", c.qpn, c.rq_ring_bytes, c.rq_db_offset);
	err = create_qp_rq(fd, pd, cq.cqn, 15, cq.cqn, &c2);
	CHECK(!err && c2.rq_ring_bytes == (32u << 15),
	      "CREATE_QP with 32768 receive WQEs, receive CQ = send CQ: %u bytes", c2.rq_ring_bytes);
	if (!err)
		destroy_qp(fd, c2.qpn);
	err = create_qp_rq(fd, pd, cq.cqn, 0, rcq.cqn, &c2);
	CHECK(!err && !c2.rq_ring_bytes && !c2.rq_mmap_offset,
	      "CREATE_QP without a receive queue: no ring, no offset");
	CHECK(!map_ring(fd, 4096, PROT_READ | PROT_WRITE, 4ull << 40 | (uint64_t)c2.qpn << 24),
	      "the receive queue offset of a QP without one refused");

	CHECK(create_qp_rq(fd, pd, cq.cqn, 16, rcq.cqn, &bad) == -EINVAL &&
	      create_qp_rq(fd, pd, cq.cqn, 31, rcq.cqn, &bad) == -EINVAL &&
	      create_qp_rq(fd, pd, cq.cqn, ~0u, rcq.cqn, &bad) == -EINVAL,
	      "CREATE_QP rq_log2 16, 31 and ~0 refused (EINVAL)");
	CHECK(create_qp_rq(fd, pd, cq.cqn, 4, 0xffff, &bad) == -EINVAL &&
	      create_qp_rq(fd, pd, cq.cqn, 4, ~0u, &bad) == -EINVAL,
	      "CREATE_QP with an unknown receive CQ refused (EINVAL)");
	CHECK(create_qp_rq(fd, pd, cq.cqn, 4, other.cqn, &bad) == -EINVAL &&
	      create_qp_rq(fd, pd, cq.cqn, 0, other.cqn, &bad) == -EINVAL,
	      "CREATE_QP with another file's CQ %u as receive CQ refused (EINVAL), with and "
	      "without a receive queue", other.cqn);
	memset(&bad, 0, sizeof(bad));
	bad.argsz = HPNIC_ABI_CREATE_QP_SIZE_V1 + 4;
	bad.pdn = pd;
	bad.cqn = cq.cqn;
	bad.sq_log2 = 4;
	bad.wqe_log2 = 6;
	CHECK(ioc(fd, HPNIC_IOCTL_CREATE_QP, &bad) == -EINVAL,
	      "CREATE_QP, argsz between ABI 1's and this one's: EINVAL");

	rring = map_ring(fd, c.rq_ring_bytes, PROT_READ | PROT_WRITE, c.rq_mmap_offset);
	CHECK(rring != NULL, "the receive queue mapped read-write");
	for (i = 0; rring && i < c.rq_ring_bytes; i++)
		zero &= rring[i] == 0;
	CHECK(rring && zero, "the receive queue is zeroed");
	if (rring)
		rring[0] = 0x5a;
	CHECK(!map_ring(fd, 2 * c.rq_ring_bytes, PROT_READ | PROT_WRITE, c.rq_mmap_offset),
	      "twice the receive queue's size refused");
	CHECK(!map_ring(fd, c.rq_ring_bytes, PROT_READ | PROT_EXEC, c.rq_mmap_offset),
	      "an executable receive queue refused");
	ring = map_ring(fd, c.ring_bytes, PROT_READ | PROT_WRITE, c.ring_mmap_offset);
	db = map_ring(fd, 4096, PROT_WRITE, c.db_mmap_offset);
	CHECK(ring && db, "its send queue and doorbell page mapped");

	/* the RQ doorbell in the page reaches the NIC: in RESET it is ignored
	 * and counted, a few NIC cycles after the write (up to a second here) */
	n0 = sysfs_counter(bdf, "host_rq_db_bad");
	if (db)
		db[c.rq_db_offset / 4] = 0;
	for (i = 0; i < 100 && (n1 = sysfs_counter(bdf, "host_rq_db_bad")) == n0; i++)
		usleep(10000);
	CHECK(n0 != ~0ull && n1 == n0 + 1, "the RQ doorbell of a QP in RESET: host_rq_db_bad %llu -> %llu",
	      (unsigned long long)n0, (unsigned long long)n1);
	n0 = n1;
	good_ctx(&x, c.qpn, HPNIC_ABI_QP_WRITE);
	x.min_rnr_timer = 31;
	x.rnr_retry = 7;
	err = modify_qp(fd, &x);
	CHECK(!err, "MODIFY_QP to INIT with MIN_RNR_TIMER 31, RNR_RETRY 7: %s",
	      err ? strerror(-err) : "0");
	if (db)
		db[c.rq_db_offset / 4] = 0;
	usleep(200000);
	n1 = sysfs_counter(bdf, "host_rq_db_bad");
	CHECK(n1 == n0, "the RQ doorbell of a QP in INIT with a receive queue is not bad (%llu)",
	      (unsigned long long)n1);
	memset(&r, 0, sizeof(r));
	r.argsz = sizeof(r);
	r.qpn = c.qpn;
	err = ioc(fd, HPNIC_IOCTL_QUERY_QP, &r);
	CHECK(!err && r.min_rnr_timer == 31 && r.rnr_retry == 7,
	      "QUERY_QP: MIN_RNR_TIMER %u, RNR_RETRY %u", r.min_rnr_timer, r.rnr_retry);
	good_ctx(&x, c.qpn, HPNIC_ABI_QP_WRITE);
	x.min_rnr_timer = 32;
	CHECK(modify_qp(fd, &x) == -EINVAL, "MODIFY_QP with MIN_RNR_TIMER 32 refused (EINVAL)");
	x.min_rnr_timer = 256;
	CHECK(modify_qp(fd, &x) == -EINVAL, "MODIFY_QP with MIN_RNR_TIMER 256 refused (EINVAL)");
	x.min_rnr_timer = 1;
	x.rnr_retry = 8;
	CHECK(modify_qp(fd, &x) == -EINVAL, "MODIFY_QP with RNR_RETRY 8 refused (EINVAL)");
	x.rnr_retry = ~0u;
	CHECK(modify_qp(fd, &x) == -EINVAL, "MODIFY_QP with RNR_RETRY ~0 refused (EINVAL)");
	err = ioc(fd, HPNIC_IOCTL_QUERY_QP, &r);
	CHECK(!err && r.min_rnr_timer == 31 && r.rnr_retry == 7 && r.state == 1,
	      "the refusals changed nothing: MIN_RNR_TIMER %u, RNR_RETRY %u", r.min_rnr_timer,
	      r.rnr_retry);
	x.rnr_retry = 0;
	x.min_rnr_timer = 0;
	err = modify_qp(fd, &x) || ioc(fd, HPNIC_IOCTL_QUERY_QP, &r);
	CHECK(!err && r.min_rnr_timer == 0 && r.rnr_retry == 0, "MIN_RNR_TIMER 0, RNR_RETRY 0 taken");

	/* a program of ABI 1: the context's first size, the NIC's reset RNR values */
	{
		struct { struct hpnic_abi_qp_ctx x; } old;
		uint8_t *b = (uint8_t *)&old;

		good_ctx(&old.x, c.qpn, HPNIC_ABI_QP_WRITE);
		old.x.argsz = HPNIC_ABI_QP_CTX_SIZE_V1;
		old.x.min_rnr_timer = 99;   /* past its struct: not read */
		err = modify_qp(fd, &old.x);
		CHECK(!err, "MODIFY_QP of ABI 1's size: %s", err ? strerror(-err) : "0");
		err = ioc(fd, HPNIC_IOCTL_QUERY_QP, &r);
		CHECK(!err && r.min_rnr_timer == HPNIC_QP_MIN_RNR_TIMER_RST &&
		      r.rnr_retry == HPNIC_QP_RNR_RETRY_RST,
		      "... gives MIN_RNR_TIMER %u, RNR_RETRY %u (the reset values)", r.min_rnr_timer,
		      r.rnr_retry);
		memset(&old, 0xa5, sizeof(old));
		old.x.argsz = HPNIC_ABI_QP_CTX_SIZE_V1;
		old.x.flags = 0;
		old.x.qpn = c.qpn;
		err = ioc(fd, HPNIC_IOCTL_QUERY_QP, &old.x);
		CHECK(!err && old.x.state == 1 && b[HPNIC_ABI_QP_CTX_SIZE_V1] == 0xa5 &&
		      b[sizeof(old) - 1] == 0xa5, "QUERY_QP of ABI 1's size: nothing written past it");
	}
	/* QP.CC_OPTS (HPNIC_ABI_CAP_CC_OPTS): VAI and SF through, other bits refused */
	good_ctx(&x, c.qpn, HPNIC_ABI_QP_WRITE);
	x.cc_opts = HPNIC_QP_CC_OPTS_VAI_MASK | HPNIC_QP_CC_OPTS_SF_MASK;
	err = modify_qp(fd, &x);
	memset(&r, 0, sizeof(r));
	r.argsz = sizeof(r);
	r.qpn = c.qpn;
	err = err || ioc(fd, HPNIC_IOCTL_QUERY_QP, &r);
	CHECK(!err && r.cc_opts == 3, "MODIFY_QP with cc_opts VAI|SF: QUERY_QP reads %u", r.cc_opts);
	x.cc_opts = 4;
	CHECK(modify_qp(fd, &x) == -EINVAL, "MODIFY_QP with cc_opts 4 refused (EINVAL)");
	x.cc_opts = ~0u;
	CHECK(modify_qp(fd, &x) == -EINVAL, "MODIFY_QP with cc_opts ~0 refused (EINVAL)");
	err = ioc(fd, HPNIC_IOCTL_QUERY_QP, &r);
	CHECK(!err && r.cc_opts == 3, "the refusals changed nothing: cc_opts %u", r.cc_opts);
	/* a program of the second size (RNR fields, no cc_opts): options 0, RNR kept */
	{
		struct hpnic_abi_qp_ctx o;
		uint8_t *b = (uint8_t *)&o;

		good_ctx(&o, c.qpn, HPNIC_ABI_QP_WRITE);
		o.argsz = HPNIC_ABI_QP_CTX_SIZE_V2;
		o.min_rnr_timer = 5;
		o.rnr_retry = 3;
		o.cc_opts = 3;              /* past its struct: not read */
		err = modify_qp(fd, &o) || ioc(fd, HPNIC_IOCTL_QUERY_QP, &r);
		CHECK(!err && r.cc_opts == 0 && r.min_rnr_timer == 5 && r.rnr_retry == 3,
		      "MODIFY_QP of the second size: cc_opts %u (0), MIN_RNR_TIMER %u (5), "
		      "RNR_RETRY %u (3)", r.cc_opts, r.min_rnr_timer, r.rnr_retry);
		memset(&o, 0xa5, sizeof(o));
		o.argsz = HPNIC_ABI_QP_CTX_SIZE_V2;
		o.flags = 0;
		o.qpn = c.qpn;
		err = ioc(fd, HPNIC_IOCTL_QUERY_QP, &o);
		CHECK(!err && o.state == 1 && o.rnr_retry == 3 && b[HPNIC_ABI_QP_CTX_SIZE_V2] == 0xa5,
		      "QUERY_QP of the second size: nothing written past it");
	}
	{
		struct hpnic_abi_create_qp o;
		uint8_t *b = (uint8_t *)&o;

		memset(&o, 0xa5, sizeof(o));
		o.argsz = HPNIC_ABI_CREATE_QP_SIZE_V1;
		o.flags = 0;
		o.pdn = pd;
		o.cqn = cq.cqn;
		o.sq_log2 = 4;
		o.wqe_log2 = 6;
		err = ioc(fd, HPNIC_IOCTL_CREATE_QP, &o);
		CHECK(!err && b[HPNIC_ABI_CREATE_QP_SIZE_V1] == 0xa5 && b[sizeof(o) - 1] == 0xa5 &&
		      !map_ring(fd, 4096, PROT_READ | PROT_WRITE, 4ull << 40 | (uint64_t)o.qpn << 24),
		      "CREATE_QP of ABI 1's size: %s, QPN %u, no receive queue, nothing written past it",
		      err ? strerror(-err) : "0", o.qpn);
		if (!err)
			destroy_qp(fd, o.qpn);
	}

	err = destroy_cq(fd, rcq.cqn);
	CHECK(err == -EBUSY, "DESTROY_CQ of a receive CQ in use: %s", strerror(-err));

	/* another process: not this file's receive queue, nor its doorbell */
	pid = fork();
	if (pid == 0) {
		int cfd = open_dev(dev);

		_exit(!map_ring(cfd, c.rq_ring_bytes, PROT_READ | PROT_WRITE, c.rq_mmap_offset) &&
		      !map_ring(cfd, 4096, PROT_WRITE, c.db_mmap_offset) &&
		      destroy_qp(cfd, c.qpn) == -EINVAL ? 0 : 1);
	}
	waitpid(pid, &st, 0);
	CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0,
	      "another process can neither map QP %u's receive queue nor its doorbell page", c.qpn);

	if (ring)
		munmap(ring, c.ring_bytes);
	if (db)
		munmap((void *)db, 4096);
	err = destroy_qp(fd, c.qpn);
	CHECK(err == -EBUSY, "DESTROY_QP with the receive queue still mapped: %s", strerror(-err));
	if (rring)
		munmap(rring, c.rq_ring_bytes);
	err = destroy_qp(fd, c.qpn);
	CHECK(!err, "DESTROY_QP after munmap: %s", err ? strerror(-err) : "0");
	err = destroy_qp(fd, c2.qpn);
	CHECK(!err, "DESTROY_QP of the one without a receive queue");
	err = destroy_cq(fd, rcq.cqn);
	CHECK(!err, "DESTROY_CQ of the receive CQ once its QPs are gone: %s",
	      err ? strerror(-err) : "0");

	/* a process killed with 50 QPs with receive queues, some mapped: all come back */
	pid = fork();
	if (pid == 0) {
		int cfd = open_dev(dev);
		struct hpnic_abi_create_qp k;
		struct hpnic_abi_create_cq kc, kr;
		uint32_t kpd;

		if (alloc_pd(cfd, &kpd) || create_cq(cfd, 12, &kc) || create_cq(cfd, 12, &kr))
			_exit(1);
		for (i = 0; i < 50; i++) {
			if (create_qp_rq(cfd, kpd, kc.cqn, 1 + i % 10, i & 1 ? kr.cqn : kc.cqn, &k))
				_exit(1);
			if (i % 10 == 0 && !map_ring(cfd, k.rq_ring_bytes, PROT_READ | PROT_WRITE,
						     k.rq_mmap_offset))
				_exit(1);
		}
		raise(SIGKILL);
		_exit(2);
	}
	waitpid(pid, &st, 0);
	CHECK(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL,
	      "a process with 50 QPs with receive queues killed (-9)");
	close(fd2);
	destroy_cq(fd, cq.cqn);
	dealloc_pd(fd, pd);
	err = sysfs_objects(bdf, obj);
	CHECK(!err && !obj[0] && !obj[1] && !obj[2] && !obj[3],
	      "sysfs objects after it: pds %d cqs %d mrs %d qps %d", obj[0], obj[1], obj[2], obj[3]);
}

/*
 * Another process's handles, tried from this one while the owner works:
 * every QPN, MR entry (all 255 tags), CQN and PD up to n
 */
static int steal(const char *dev, unsigned int n)
{
	int fd = open_dev(dev), got = 0;
	unsigned int i, t;

	for (i = 0; i <= n; i++) {
		struct hpnic_abi_qp_ctx y;

		good_ctx(&y, i, HPNIC_ABI_QP_WRITE);
		y.state = 4;   /* ERR: it would stop the owner's transfer */
		got += modify_qp(fd, &y) != -EINVAL;
		got += ioc(fd, HPNIC_IOCTL_QUERY_QP, &y) != -EINVAL;
		got += destroy_qp(fd, i) != -EINVAL;
		got += destroy_cq(fd, i) != -EINVAL;
		got += i && dealloc_pd(fd, i) != -EINVAL;
		for (t = 0; t < 256; t++) {
			struct hpnic_abi_dereg_mr d = { .argsz = sizeof(d), .key = i << 8 | t };

			got += ioc(fd, HPNIC_IOCTL_DEREG_MR, &d) != -EINVAL;
		}
		got += map_ring(fd, 4096, PROT_WRITE, 3ull << 40 | (uint64_t)i << 24) != NULL;
		got += map_ring(fd, 4096, PROT_READ | PROT_WRITE, 2ull << 40 | (uint64_t)i << 24) != NULL;
		got += map_ring(fd, 4096, PROT_READ, 1ull << 40 | (uint64_t)i << 24) != NULL;
		got += map_ring(fd, 4096, PROT_READ | PROT_WRITE, 4ull << 40 | (uint64_t)i << 24) != NULL;
	}
	CHECK(!got, "another process's handles 0..%u (QP, CQ, PD, MR of every tag, mmaps): "
	      "%d reached", n, got);
	close(fd);
	return got;
}

static long long pinned_pages(const char *bdf)
{
	char path[128];
	long long v = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/pinned_pages", bdf);
	f = fopen(path, "r");
	if (f) {
		if (fscanf(f, "%lld", &v) != 1)
			v = -1;
		fclose(f);
	}
	return v;
}

static int reg_mr(int fd, void *addr, uint64_t len, uint32_t access, uint32_t pdn,
		  struct hpnic_abi_reg_mr *r)
{
	memset(r, 0, sizeof(*r));
	r->argsz = sizeof(*r);
	r->addr = (uintptr_t)addr;
	r->length = len;
	r->access = access;
	r->pdn = pdn;
	return ioc(fd, HPNIC_IOCTL_REG_MR, r);
}

static int dereg_mr(int fd, uint32_t key)
{
	struct hpnic_abi_dereg_mr d = { .argsz = sizeof(d), .key = key };

	return ioc(fd, HPNIC_IOCTL_DEREG_MR, &d);
}

/* the physically contiguous runs of [p, p + len) from /proc/self/pagemap */
static long pagemap_runs(const void *p, size_t len)
{
	uintptr_t a = (uintptr_t)p & ~4095ul, end = (uintptr_t)p + len;
	uint64_t e, prev = 0;
	long runs = 0;
	int fd = open("/proc/self/pagemap", O_RDONLY);

	if (fd < 0)
		return -1;
	for (; a < end; a += 4096) {
		if (pread(fd, &e, 8, (off_t)(a / 4096 * 8)) != 8 || !(e >> 63)) {
			close(fd);
			return -1;
		}
		e &= (1ull << 55) - 1;      /* the PFN */
		if (!runs || e != prev + 1)
			runs++;
		prev = e;
	}
	close(fd);
	return runs;
}

static void check_mrs(const char *dev, const char *bdf, int fd)
{
	const uint32_t all = HPNIC_ABI_ACCESS_LOCAL_WRITE | HPNIC_ABI_ACCESS_REMOTE_WRITE |
			     HPNIC_ABI_ACCESS_REMOTE_READ;
	size_t len = 64u << 20;
	struct hpnic_abi_reg_mr r, bad;
	uint32_t pd, other;
	uint8_t *buf, *ro, *none;
	long pm_runs;
	uint64_t t0, t1;
	int err, st;
	pid_t pid;

	CHECK(pinned_pages(bdf) == 0, "pinned_pages 0 before any MR");
	alloc_pd(fd, &pd);
	buf = malloc(len);
	if (!buf) {
		printf("FAIL: malloc of 64 MiB\n");
		failures++;
		return;
	}
	memset(buf, 0x5a, len);
	t0 = now_ns();
	err = reg_mr(fd, buf, len, all, pd, &r);
	t1 = now_ns();
	CHECK(!err, "REG_MR of a 64 MiB malloc'd buffer at %p: %s", (void *)buf,
	      err ? strerror(-err) : "0");
	CHECK(r.pages == (((uintptr_t)buf + len - 1) / 4096 - (uintptr_t)buf / 4096 + 1),
	      "%u pages pinned", r.pages);
	CHECK(r.iova >> 63 && (r.iova & 4095) == ((uintptr_t)buf & 4095),
	      "NIC address 0x%llx: translated, same offset in its page", (unsigned long long)r.iova);
	CHECK(r.key && r.key & 0xff, "key 0x%x", r.key);
	pm_runs = pagemap_runs(buf, len);
	CHECK(r.runs > 1 && (long)r.runs == pm_runs,
	      "not contiguous: %u physically contiguous runs (pagemap: %ld)", r.runs, pm_runs);
	CHECK(pinned_pages(bdf) == r.pages, "pinned_pages %lld", pinned_pages(bdf));
	printf("figure ioctl_reg_mr_us_per_page %.1f\n", (t1 - t0) / 1e3 / r.pages);
	err = dealloc_pd(fd, pd);
	CHECK(err == -EBUSY, "DEALLOC_PD while a region is in it: %s", strerror(-err));

	err = reg_mr(fd, buf, 0, all, pd, &bad);
	CHECK(err == -EINVAL, "REG_MR length 0: %s", strerror(-err));
	err = reg_mr(fd, buf, 4096, 0x8, pd, &bad);
	CHECK(err == -EINVAL, "REG_MR unknown access bit: %s", strerror(-err));
	err = reg_mr(fd, buf, 4096, HPNIC_ABI_ACCESS_REMOTE_WRITE, pd, &bad);
	CHECK(err == -EINVAL, "REG_MR REMOTE_WRITE without LOCAL_WRITE: %s", strerror(-err));
	err = reg_mr(fd, buf, 4096, all, 0, &bad);
	CHECK(err == -EINVAL, "REG_MR under PD 0: %s", strerror(-err));
	err = reg_mr(fd, buf, 4096, all, 60000, &bad);
	CHECK(err == -EINVAL, "REG_MR under a PD not this file's: %s", strerror(-err));
	err = reg_mr(fd, NULL, 4096, all, pd, &bad);
	CHECK(err == -EFAULT, "REG_MR at NULL: %s", strerror(-err));
	none = mmap(NULL, 8192, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	err = reg_mr(fd, none, 8192, all, pd, &bad);
	CHECK(err == -EFAULT, "REG_MR of an inaccessible mapping: %s", strerror(-err));
	ro = mmap(NULL, 8192, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	err = reg_mr(fd, ro, 8192, all, pd, &bad);
	CHECK(err == -EFAULT, "REG_MR of read-only memory for the NIC to write: %s", strerror(-err));
	err = reg_mr(fd, ro, 8192, HPNIC_ABI_ACCESS_REMOTE_READ, pd, &bad);
	CHECK(!err, "REG_MR of read-only memory for remote READ only: %s",
	      err ? strerror(-err) : "0");
	if (!err)
		dereg_mr(fd, bad.key);
	err = reg_mr(fd, (void *)(1ull << 32), 1ull << 40, all, pd, &bad);
	CHECK(err == -ENOSPC, "REG_MR of 1 TiB (more pages than the table): %s", strerror(-err));
	err = reg_mr(fd, (void *)~0xfffull, 1ull << 20, all, pd, &bad);
	CHECK(err == -EINVAL, "REG_MR past the address space: %s", strerror(-err));
	CHECK(pinned_pages(bdf) == r.pages, "refusals pinned nothing (%lld)", pinned_pages(bdf));

	pid = fork();
	if (pid == 0) {
		int cfd = open_dev(dev);

		_exit(dereg_mr(cfd, r.key) == -EINVAL ? 0 : 1);
	}
	waitpid(pid, &st, 0);
	CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0, "another process cannot deregister it");
	err = dereg_mr(fd, r.key ^ 0x1);
	CHECK(err == -EINVAL, "DEREG_MR with a wrong tag: %s", strerror(-err));
	err = dereg_mr(fd, r.key);
	CHECK(!err, "DEREG_MR: %s", err ? strerror(-err) : "0");
	err = dereg_mr(fd, r.key);
	CHECK(err == -EINVAL, "DEREG_MR again: %s", strerror(-err));
	CHECK(pinned_pages(bdf) == 0, "pinned_pages 0 after DEREG_MR (%lld)", pinned_pages(bdf));
	err = reg_mr(fd, buf, len, all, pd, &bad);
	CHECK(!err && bad.key != r.key && (bad.key >> 8) == (r.key >> 8),
	      "registered again: same entry, new key 0x%x", bad.key);
	if (!err)
		dereg_mr(fd, bad.key);

	/* a process killed with an 8 MiB region: its pages are unpinned */
	pid = fork();
	if (pid == 0) {
		int cfd = open_dev(dev);
		struct hpnic_abi_reg_mr k;

		if (alloc_pd(cfd, &other) || reg_mr(cfd, buf, 8u << 20, all, other, &k))
			_exit(1);
		raise(SIGKILL);
		_exit(2);
	}
	waitpid(pid, &st, 0);
	CHECK(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL, "a process with an 8 MiB region killed (-9)");
	CHECK(pinned_pages(bdf) == 0, "pinned_pages 0 after the kill (%lld)", pinned_pages(bdf));

	/* RLIMIT_MEMLOCK: a process without CAP_IPC_LOCK (root turned nobody,
	 * the file open from before) pins up to its limit of 256 KiB, no more */
	pid = fork();
	if (pid == 0) {
		int cfd = open_dev(dev), r1, r2, r3;
		struct rlimit lim = { 256u << 10, 256u << 10 };
		struct hpnic_abi_reg_mr k1, k2, k3;

		if (alloc_pd(cfd, &other) || setrlimit(RLIMIT_MEMLOCK, &lim) || setuid(65534))
			_exit(9);
		r1 = reg_mr(cfd, buf, 1u << 20, all, other, &k1);
		r2 = reg_mr(cfd, buf, 128u << 10, all, other, &k2);
		r3 = reg_mr(cfd, buf + (128u << 10), 192u << 10, all, other, &k3);
		_exit(r1 == -ENOMEM && r2 == 0 && r3 == -ENOMEM ? 0 : 1);
	}
	waitpid(pid, &st, 0);
	CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0,
	      "RLIMIT_MEMLOCK of 256 KiB without CAP_IPC_LOCK: 1 MiB refused (ENOMEM), 128 KiB "
	      "taken, 192 KiB more refused (status %d)", WIFEXITED(st) ? WEXITSTATUS(st) : -1);
	CHECK(pinned_pages(bdf) == 0, "pinned_pages 0 after that process (%lld)", pinned_pages(bdf));
	dealloc_pd(fd, pd);
	munmap(ro, 8192);
	munmap(none, 8192);
	free(buf);
}

static void figures(int fd)
{
	struct hpnic_abi_query_device q = { .argsz = sizeof(q) };
	uint64_t t0 = now_ns();
	int i;

	for (i = 0; i < 100; i++)
		ioc(fd, HPNIC_IOCTL_QUERY_DEVICE, &q);
	printf("figure ioctl_query_device_us %.1f\n", (now_ns() - t0) / 1e3 / 100);
}

static void check_unbind(const char *dev, const char *bdf)
{
	int fd = open_dev(dev), fd2, err, ret;
	struct hpnic_abi_query_device q = { .argsz = sizeof(q) };
	uint32_t pdn;
	char path[128];
	FILE *f;

	struct hpnic_abi_create_cq c;
	const volatile uint8_t *ring;

	err = alloc_pd(fd, &pdn);
	CHECK(!err, "a PD before the unbind");
	err = create_cq(fd, 6, &c);
	ring = err ? NULL : map_ring(fd, c.ring_bytes, PROT_READ, c.mmap_offset);
	CHECK(ring != NULL, "a CQ ring mapped before the unbind");
	ret = system("rmmod hpnic 2>/dev/null");
	CHECK(ret != 0, "rmmod refused while %s is open", dev);

	f = fopen("/sys/bus/pci/drivers/hpnic/unbind", "w");
	ret = f ? fputs(bdf, f) >= 0 : 0;
	if (f && fclose(f))
		ret = 0;
	CHECK(ret, "unbind %s with %s open", bdf, dev);
	err = ioc(fd, HPNIC_IOCTL_QUERY_DEVICE, &q);
	CHECK(err == -ENODEV, "QUERY_DEVICE after the unbind: %s", strerror(-err));
	err = dealloc_pd(fd, pdn);
	CHECK(err == -ENODEV, "DEALLOC_PD after the unbind: %s", strerror(-err));
	CHECK(access(dev, F_OK) != 0, "%s is gone", dev);
	{
		struct pollfd p = { .fd = fd, .events = POLLIN };

		ret = poll(&p, 1, 1000);
		CHECK(ret == 1 && (p.revents & POLLHUP), "poll(2) after the unbind: hangup (0x%x)",
		      p.revents);
	}
	CHECK(ring && ring[0] == 0 && ring[c.ring_bytes - 1] == 0, "the mapped ring still reads");
	if (ring)
		munmap((void *)ring, c.ring_bytes);
	CHECK(close(fd) == 0, "close after the unbind");

	f = fopen("/sys/bus/pci/drivers/hpnic/bind", "w");
	ret = f ? fputs(bdf, f) >= 0 : 0;
	if (f && fclose(f))
		ret = 0;
	snprintf(path, sizeof(path), "/sys/bus/pci/drivers/hpnic/%s", bdf);
	CHECK(ret && access(path, F_OK) == 0, "bound again");
	fd2 = open(dev, O_RDWR | O_CLOEXEC);
	CHECK(fd2 >= 0 && ioc(fd2, HPNIC_IOCTL_QUERY_DEVICE, &q) == 0, "%s works again", dev);
	if (fd2 >= 0)
		close(fd2);
}

static void usage(FILE *o)
{
	fprintf(o, "usage: hpnic-drvcheck abi DEV BDF | steal DEV N | unbind DEV BDF\n"
		   "Checks of the hpnic driver's char device (run as root in the guest).\n");
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc >= 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
		usage(stdout);
		return 0;
	}
	if (argc == 4 && !strcmp(argv[1], "abi")) {
		int fd = open_dev(argv[2]);

		check_query(fd);
		check_bad_args(fd);
		check_pds(argv[2], fd);
		check_cqs(argv[2], fd);
		check_mrs(argv[2], argv[3], fd);
		check_qps(argv[2], argv[3], fd);
		check_rqs(argv[2], argv[3], fd);
		figures(fd);
		close(fd);
	} else if (argc == 4 && !strcmp(argv[1], "steal")) {
		steal(argv[2], (unsigned int)strtoul(argv[3], NULL, 0));
	} else if (argc == 4 && !strcmp(argv[1], "unbind")) {
		check_unbind(argv[2], argv[3]);
	} else {
		usage(stderr);
		return 2;
	}
	return failures ? 1 : 0;
}
