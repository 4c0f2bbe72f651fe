/* SPDX-License-Identifier: MIT */
/*
 * hpnic-vmcheck: checks run inside the co-simulation guest (tb/vm/vm_test.sh)
 * against hpnic PCI functions, as root, through libhpnic's pci backend (BAR0
 * from sysfs resource0, DMA memory from huge pages):
 *
 *   bar BDF [-n N]     ID.SCRATCH round-trips patterns; BAR read and write
 *                      round trips from guest userspace, mean and spread
 *   dma BDF_A BDF_B    RDMA WRITE from A into a huge page registered on B,
 *                      then READ back, through the libhpnic API; the data
 *                      must land at the guest-physical address B was given
 *
 * Prints one "key value" line per figure; exits 0 when every check held.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "hpnic.h"
#include "hpnic_backend.h"
#include "hpnic_regs.h"
#include "tb_util.h"

#define HUGE (2u << 20)

static uint64_t now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* mean, median and 99th percentile of n samples (ns), printed in us */
static void report(const char *what, uint64_t *ns, unsigned n)
{
	double sum = 0;

	for (unsigned i = 0; i < n; i++)
		sum += (double)ns[i];
	qsort(ns, n, sizeof(*ns), cmp_u64);
	printf("%s_us_mean %.1f\n%s_us_p50 %.1f\n%s_us_p99 %.1f\n", what, sum / n / 1e3, what,
	       ns[n / 2] / 1e3, what, ns[n * 99 / 100] / 1e3);
}

static int cmd_bar(const char *bdf, unsigned n)
{
	static const uint32_t pat[] = { 0, 0xffffffffu, 0xa5a5a5a5u, 0x5a5a5a5au, 0x12345678u,
					0x80000001u };
	const struct hpnic_backend_ops *ops = &hpnic_backend_pci;
	struct hpnic_backend *be;
	uint64_t *rd = calloc(n, sizeof(*rd)), *wr = calloc(n, sizeof(*wr));
	uint32_t v = 0, type = 0;
	int err;

	if (!rd || !wr)
		return 1;
	err = ops->open(bdf, &be);
	if (err) {
		fprintf(stderr, "hpnic-vmcheck: pci:%s: %s\n", bdf, hpnic_last_error());
		return 1;
	}
	ops->csr_read(be, HPNIC_ID_TYPE, &type);
	CHECK(type == HPNIC_ID_BLOCK_TYPE, "%s: ID.TYPE 0x%08x, want 0x%08x", bdf, type,
	      HPNIC_ID_BLOCK_TYPE);
	for (unsigned i = 0; i < sizeof(pat) / sizeof(pat[0]); i++) {
		ops->csr_write(be, HPNIC_ID_SCRATCH, pat[i]);
		ops->csr_read(be, HPNIC_ID_SCRATCH, &v);
		CHECK(v == pat[i], "%s: ID.SCRATCH wrote 0x%08x, read 0x%08x", bdf, pat[i], v);
	}
	for (unsigned i = 0; i < n; i++) {
		uint64_t t0 = now_ns();

		ops->csr_read(be, HPNIC_ID_SCRATCH, &v);
		rd[i] = now_ns() - t0;
		t0 = now_ns();
		ops->csr_write(be, HPNIC_ID_SCRATCH, i);
		wr[i] = now_ns() - t0;
	}
	printf("scratch_patterns %zu\n", sizeof(pat) / sizeof(pat[0]));
	report("bar_read", rd, n);
	report("bar_write", wr, n);
	ops->close(be);
	free(rd);
	free(wr);
	return tb_failures ? 1 : 0;
}

/* the physical address of a resident page's byte (root only) */
static uint64_t phys(const void *va)
{
	uint64_t e = 0, page = (uintptr_t)va / 4096;
	int fd = open("/proc/self/pagemap", O_RDONLY);

	if (fd < 0)
		return 0;
	if (pread(fd, &e, sizeof(e), (off_t)(page * 8)) != sizeof(e))
		e = 0;
	close(fd);
	if (!(e >> 63))
		return 0;
	return (e & ((1ull << 55) - 1)) * 4096 + (uintptr_t)va % 4096;
}

struct side {
	struct hpnic_dev *dev;
	struct hpnic_dev_attr attr;
	struct hpnic_cq *cq;
	struct hpnic_qp *qp;
	struct hpnic_mr *mr;
	uint8_t *buf;
};

#define TRY(call)                                                                      \
	do {                                                                           \
		int err_ = (call);                                                     \
		if (err_ < 0) {                                                        \
			fprintf(stderr, "FAIL: %s: %s (%s)\n", #call, hpnic_strerror(err_), \
				hpnic_last_error());                                   \
			return 1;                                                      \
		}                                                                      \
	} while (0)

static int wait_one(struct side *s, const char *what)
{
	struct hpnic_wc wc;
	int n = hpnic_wait_cq(s->cq, 1, &wc, 20ull * 1000000000u);   /* 20 s of wall clock */

	if (n != 1) {
		fprintf(stderr, "FAIL: %s: no completion (%d: %s)\n", what, n, hpnic_last_error());
		return 1;
	}
	CHECK(wc.status == HPNIC_WC_SUCCESS, "%s: completion status %d", what, wc.status);
	return 0;
}

static int cmd_dma(const char *bdf_a, const char *bdf_b, uint32_t len)
{
	struct side s[2] = { 0 };
	char name[2][48];
	uint64_t t0, pa;

	for (int i = 0; i < 2; i++) {
		snprintf(name[i], sizeof(name[i]), "pci:%s", i ? bdf_b : bdf_a);
		TRY(hpnic_open(name[i], &s[i].dev));
		TRY(hpnic_query_device(s[i].dev, &s[i].attr));
		s[i].buf = mmap(NULL, HUGE, PROT_READ | PROT_WRITE,
				MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB | MAP_POPULATE, -1, 0);
		if (s[i].buf == MAP_FAILED) {
			fprintf(stderr, "FAIL: no huge page for the buffer: %s\n", strerror(errno));
			return 1;
		}
		TRY(hpnic_reg_mr(s[i].dev, s[i].buf, HUGE, HPNIC_ACCESS_LOCAL_WRITE |
				 HPNIC_ACCESS_REMOTE_WRITE | HPNIC_ACCESS_REMOTE_READ, &s[i].mr));
		TRY(hpnic_create_cq(s[i].dev, 16, &s[i].cq));
		{
			struct hpnic_qp_init_attr ia = { .send_cq = s[i].cq, .sq_depth = 8,
							 .path_mtu = 4096, .sq_sig_all = 1 };

			TRY(hpnic_create_qp(s[i].dev, &ia, &s[i].qp));
		}
	}
	for (int i = 0; i < 2; i++) {
		struct hpnic_qp_attr a = { .qp_state = HPNIC_QPS_INIT };

		TRY(hpnic_modify_qp(s[i].qp, &a, HPNIC_QP_ATTR_STATE));
		a.qp_state = HPNIC_QPS_RTR;
		a.dest_qp_num = hpnic_qp_num(s[!i].qp);
		a.remote_ipv4 = s[!i].attr.ipv4;
		memcpy(a.remote_mac, s[!i].attr.mac, 6);
		a.path_mtu = 4096;
		a.sq_psn = i ? 0x100 : 0xfff000;
		a.rq_psn = i ? 0xfff000 : 0x100;
		TRY(hpnic_modify_qp(s[i].qp, &a, HPNIC_QP_ATTR_STATE | HPNIC_QP_ATTR_DEST_QPN |
				    HPNIC_QP_ATTR_REMOTE_IP | HPNIC_QP_ATTR_REMOTE_MAC |
				    HPNIC_QP_ATTR_PATH_MTU | HPNIC_QP_ATTR_SQ_PSN |
				    HPNIC_QP_ATTR_RQ_PSN));
	}
	for (int i = 0; i < 2; i++) {
		struct hpnic_qp_attr a = { .qp_state = HPNIC_QPS_RTS };

		TRY(hpnic_modify_qp(s[i].qp, &a, HPNIC_QP_ATTR_STATE));
	}
	for (uint32_t i = 0; i < len; i++)
		s[0].buf[i] = (uint8_t)(i * 7 + (i >> 8) + 1);
	memset(s[1].buf, 0, len);

	/* A writes into B's huge page: the data appears there, by DMA */
	t0 = now_ns();
	TRY(hpnic_post_write(s[0].qp, 1, s[0].mr, s[0].buf, len, (uintptr_t)s[1].buf,
			     hpnic_mr_rkey(s[1].mr), HPNIC_WR_SIGNALED));
	if (wait_one(&s[0], "WRITE"))
		return 1;
	printf("write_bytes %u\nwrite_ms %.1f\n", len, (now_ns() - t0) / 1e6);
	pa = phys(s[1].buf);
	printf("write_dst_phys 0x%" PRIx64 "\n", pa);
	CHECK(pa != 0, "no physical address for the destination");
	CHECK(!memcmp(s[0].buf, s[1].buf, len), "WRITE: the destination differs from the source");
	CHECK(s[1].buf[len] == 0, "WRITE: a byte past the message was written");

	/* and A reads it back into the second half of its own page */
	t0 = now_ns();
	TRY(hpnic_post_read(s[0].qp, 2, s[0].mr, s[0].buf + HUGE / 2, len, (uintptr_t)s[1].buf,
			    hpnic_mr_rkey(s[1].mr), HPNIC_WR_SIGNALED));
	if (wait_one(&s[0], "READ"))
		return 1;
	printf("read_bytes %u\nread_ms %.1f\n", len, (now_ns() - t0) / 1e6);
	CHECK(!memcmp(s[0].buf, s[0].buf + HUGE / 2, len), "READ: the data read back differs");

	for (int i = 0; i < 2; i++) {
		hpnic_destroy_qp(s[i].qp);
		hpnic_destroy_cq(s[i].cq);
		hpnic_dereg_mr(s[i].mr);
		hpnic_close(s[i].dev);
	}
	return tb_failures ? 1 : 0;
}

static void usage(FILE *o)
{
	fprintf(o,
"usage: hpnic-vmcheck bar BDF [-n N]      scratch round trips, BAR read/write time\n"
"       hpnic-vmcheck dma BDF_A BDF_B [-b BYTES]\n"
"                                        WRITE A -> B and READ back, byte-exact\n"
"Runs as root against hpnic PCI functions through libhpnic's pci backend\n"
"(sysfs resource0, huge pages). Prints \"key value\" figures; exit 0 when\n"
"every check held.\n");
}

int main(int argc, char **argv)
{
	unsigned n = 2000, bytes = 65536;
	const char *cmd = argc > 1 ? argv[1] : "";
	int opt, npos;

	if (!strcmp(cmd, "-h") || !strcmp(cmd, "--help")) {
		usage(stdout);
		return 0;
	}
	optind = 2;
	while ((opt = getopt(argc, argv, "n:b:h")) != -1) {
		switch (opt) {
		case 'n': n = (unsigned)strtoul(optarg, NULL, 0); break;
		case 'b': bytes = (unsigned)strtoul(optarg, NULL, 0); break;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
	}
	npos = argc - optind;
	if (!strcmp(cmd, "bar") && npos == 1 && n >= 1)
		return cmd_bar(argv[optind], n);
	if (!strcmp(cmd, "dma") && npos == 2 && bytes >= 1 && bytes <= HUGE / 2)
		return cmd_dma(argv[optind], argv[optind + 1], bytes);
	usage(stderr);
	return 2;
}
