/* SPDX-License-Identifier: MIT */
/*
 * ctl_fake: fake PCI sysfs trees for tb/ctl/test_ctl.sh, so that hpnicctl
 * is tested without a VM or a board.
 *
 *   ctl_fake [options] DIR BDF   add function BDF to the tree DIR: the files
 *                                libpci's sysfs method reads (vendor, device,
 *                                class, revision, resource, config, irq) and
 *                                resource0, a BAR0 image from hpnic_regs.h
 *   ctl_fake --blocks            the block names of HPNIC_BLOCKS, one a line
 *   ctl_fake --counters          the counter names, one a line
 *   ctl_fake --cc-keys           each CC parameter: key, its largest value (the
 *                                value mask, or the top of its Range)
 *
 * With --driver the function is bound to the hpnic kernel driver: a driver
 * link and the driver's files (fw_version, build_date, git_hash, cc/NAME
 * with the reset values, cc/status, counters/NAME holding 1000 x its index
 * + 7), as docs/driver.md has them.
 *
 * The image holds the block list (each header from HPNIC_BLOCKS), the ID
 * block, CTRL.STATUS ready, a few reset values and STATS.COUNT. hpnicctl maps
 * the regular file as it maps a BAR, so its writes land in the file; the
 * file cannot react to them (STATS.SEL selects nothing, the CC engine does
 * not re-derive).
 */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define HPNIC_REGS_WANT_COUNTER_NAMES
#define HPNIC_REGS_WANT_REG_TABLE
#include "hpnic_regs.h"

#define BLK(name, base, size, type, version) \
	{ #name, base, size, type, version, HPNIC_##name##_BLOCK_NEXT },
static const struct {
	const char *name;
	uint32_t base, size, type, version, next;
} blocks[] = { HPNIC_BLOCKS(BLK) };
#define NBLOCKS (sizeof(blocks) / sizeof(blocks[0]))

static _Noreturn void __attribute__((format(printf, 1, 2))) die(const char *fmt, ...)
{
	va_list ap;

	fputs("ctl_fake: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

static void put32(uint8_t *p, uint32_t off, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[off + i] = (uint8_t)(v >> 8 * i);
}

static void put16(uint8_t *p, uint32_t off, uint32_t v)
{
	p[off] = (uint8_t)v;
	p[off + 1] = (uint8_t)(v >> 8);
}

static void write_file(const char *dir, const char *name, const void *data, size_t n, mode_t mode)
{
	char path[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "wb");
	if (!f || fwrite(data, 1, n, f) != n || fclose(f))
		die("%s: %s", path, strerror(errno));
	if (chmod(path, mode))
		die("chmod %s: %s", path, strerror(errno));
}

static void write_text(const char *dir, const char *name, const char *fmt, ...)
{
	char buf[2048];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	write_file(dir, name, buf, (size_t)n, 0644);
}

static void mkdir_p(const char *path)
{
	char buf[4096];

	snprintf(buf, sizeof(buf), "%s", path);
	for (char *p = buf + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(buf, 0755) && errno != EEXIST)
			die("mkdir %s: %s", buf, strerror(errno));
		*p = '/';
	}
	if (mkdir(buf, 0755) && errno != EEXIST)
		die("mkdir %s: %s", buf, strerror(errno));
}

/* the BAR0 image of an hpnic function as it is after reset */
static void bar0_image(uint8_t *img, uint32_t build, uint32_t git, uint32_t cc_status,
		       int bad_next)
{
	for (size_t i = 0; i < NBLOCKS; i++) {
		uint32_t b = blocks[i].base;

		put32(img, b + HPNIC_HDR_TYPE, blocks[i].type);
		put32(img, b + HPNIC_HDR_VERSION, blocks[i].version);
		put32(img, b + HPNIC_HDR_NEXT, blocks[i].next);
		put32(img, b + HPNIC_HDR_SIZE, blocks[i].size);
	}
	/* a list that points back at the block before: the walk must refuse it */
	if (bad_next)
		put32(img, HPNIC_CC_BASE + HPNIC_HDR_NEXT, HPNIC_CTRL_BASE);
	put32(img, HPNIC_ID_BUILD_DATE, build);
	put32(img, HPNIC_ID_GIT_HASH, git);
	put32(img, HPNIC_ID_QP_CFG, HPNIC_SET(HPNIC_ID_QP_CFG_QPN_WIDTH, 12) |
	      HPNIC_SET(HPNIC_ID_QP_CFG_MR_LOG2, 12) | HPNIC_SET(HPNIC_ID_QP_CFG_CQN_WIDTH, 8));
	put32(img, HPNIC_ID_DATAPATH, HPNIC_SET(HPNIC_ID_DATAPATH_DATA_WIDTH_BYTES, 64) |
	      HPNIC_SET(HPNIC_ID_DATAPATH_CLK_MHZ, 250));
	put32(img, HPNIC_ID_FEATURES, HPNIC_ID_FEATURES_INT_MASK | HPNIC_ID_FEATURES_READ_MASK |
	      HPNIC_ID_FEATURES_WRITE_MASK);
	put32(img, HPNIC_ID_CC_MODES, HPNIC_ID_CC_MODES_HPCC_MASK | HPNIC_ID_CC_MODES_DCQCN_MASK);
	put32(img, HPNIC_CTRL_STATUS, HPNIC_CTRL_STATUS_CC_INIT_DONE_MASK |
	      HPNIC_CTRL_STATUS_SCHED_INIT_DONE_MASK | HPNIC_CTRL_STATUS_HOST_READY_MASK);
	put32(img, HPNIC_CTRL_CC_PARAM_STATUS, cc_status);
	/* every register with a reset value holds it, as after a reset */
	for (unsigned int r = 0; r < HPNIC_NUM_REGS; r++)
		if (hpnic_reg_table[r].has_reset && hpnic_reg_table[r].count == 1)
			put32(img, hpnic_reg_table[r].offset, hpnic_reg_table[r].reset);
	put32(img, HPNIC_STATS_COUNT, HPNIC_NUM_COUNTERS);
	put32(img, HPNIC_STATS_VALUE_LO, 1234);
}

/* what the hpnic driver puts under a bound function (docs/driver.md) */
static void driver_files(const char *dir, uint32_t build, uint32_t git, uint32_t cc_status)
{
	char path[4200], cc[4200], name[32];

	snprintf(path, sizeof(path), "%s/driver", dir);
	if (symlink("../../../bus/pci/drivers/hpnic", path) && errno != EEXIST)
		die("%s: %s", path, strerror(errno));
	write_text(dir, "fw_version", "%u.%u\n", HPNIC_ID_BLOCK_VERSION >> 16,
		   HPNIC_ID_BLOCK_VERSION & 0xffff);
	write_text(dir, "build_date", "%08x\n", build);
	write_text(dir, "git_hash", "%08x\n", git);
	snprintf(cc, sizeof(cc), "%s/cc", dir);
	mkdir_p(cc);
	for (int i = 0; i < HPNIC_NUM_REGS; i++) {
		const struct hpnic_reg_desc *r = &hpnic_reg_table[i];
		size_t j;

		if (strcmp(r->block, "CC") || r->access != HPNIC_REG_RW || r->count != 1)
			continue;
		for (j = 0; r->name[j] && j + 1 < sizeof(name); j++)
			name[j] = (char)(r->name[j] >= 'A' && r->name[j] <= 'Z' ?
					 r->name[j] - 'A' + 'a' : r->name[j]);
		name[j] = 0;
		write_text(cc, name, "%u\n", r->reset);
	}
	write_text(cc, "status", "0x%08x\n", cc_status);
	snprintf(cc, sizeof(cc), "%s/counters", dir);
	mkdir_p(cc);
	for (int i = 0; i < HPNIC_NUM_COUNTERS; i++)
		write_text(cc, hpnic_counter_names[i], "%u\n", 1000u * (unsigned int)i + 7);
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "blocks", no_argument, NULL, 'B' },
		{ "counters", no_argument, NULL, 'C' },
		{ "cc-keys", no_argument, NULL, 'K' },
		{ "vendor", required_argument, NULL, 'v' },
		{ "device", required_argument, NULL, 'p' },
		{ "bar", required_argument, NULL, 'a' },
		{ "build", required_argument, NULL, 'b' },
		{ "git", required_argument, NULL, 'g' },
		{ "cc-status", required_argument, NULL, 's' },
		{ "dead", no_argument, NULL, 'D' },
		{ "bad-next", no_argument, NULL, 'N' },
		{ "driver", no_argument, NULL, 'R' },
		{ NULL, 0, NULL, 0 },
	};
	unsigned long vendor = HPNIC_PCI_VENDOR_ID, device = HPNIC_PCI_DEVICE_ID;
	unsigned long long bar = 0xfe000000ull;
	unsigned long build = 0x20251125, git = 0x1a2b3c4d, cc_status = 0;
	int dead = 0, bad_next = 0, driver = 0, c;
	char dir[4096], res[1024];
	uint8_t cfg[256], *img;
	size_t len = 0;

	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (c) {
		case 'B':
			for (size_t i = 0; i < NBLOCKS; i++)
				printf("%s\n", blocks[i].name);
			return 0;
		case 'C':
			for (int i = 0; i < HPNIC_NUM_COUNTERS; i++)
				printf("%s\n", hpnic_counter_names[i]);
			return 0;
		case 'K':
			for (int i = 0; i < HPNIC_NUM_REGS; i++) {
				const struct hpnic_reg_desc *r = &hpnic_reg_table[i];

				if (!strcmp(r->block, "CC") && r->access == HPNIC_REG_RW &&
				    r->count == 1) {
					for (const char *s = r->name; *s; s++)
						putchar(*s >= 'A' && *s <= 'Z' ? *s - 'A' + 'a' : *s);
					printf(" %u\n", r->has_range ? r->max : r->mask);
				}
			}
			return 0;
		case 'v': vendor = strtoul(optarg, NULL, 0); break;
		case 'p': device = strtoul(optarg, NULL, 0); break;
		case 'a': bar = strtoull(optarg, NULL, 0); break;
		case 'b': build = strtoul(optarg, NULL, 0); break;
		case 'g': git = strtoul(optarg, NULL, 0); break;
		case 's': cc_status = strtoul(optarg, NULL, 0); break;
		case 'D': dead = 1; break;
		case 'N': bad_next = 1; break;
		case 'R': driver = 1; break;
		default:
			fprintf(stderr, "usage: ctl_fake [--vendor V] [--device D] [--bar ADDR] "
				"[--build BCD] [--git H] [--cc-status V] [--dead] [--bad-next] [--driver]\n"
				"       DIR BDF\n"
				"       ctl_fake --blocks | --counters | --cc-keys\n");
			return 2;
		}
	}
	if (argc - optind != 2)
		die("need DIR and BDF (ctl_fake --help)");
	snprintf(dir, sizeof(dir), "%s/devices/%s", argv[optind], argv[optind + 1]);
	mkdir_p(dir);

	write_text(dir, "vendor", "0x%04lx\n", vendor);
	write_text(dir, "device", "0x%04lx\n", device);
	write_text(dir, "class", "0x%06x\n", HPNIC_PCI_CLASS);
	write_text(dir, "revision", "0x01\n");
	write_text(dir, "irq", "11\n");
	/* start end flags per resource: BAR0 a 32-bit memory BAR (IORESOURCE_MEM,
	 * IORESOURCE_SIZEALIGN), the others unused, as the kernel writes them */
	len += (size_t)snprintf(res, sizeof(res), "0x%016llx 0x%016llx 0x%016llx\n", bar,
				bar + HPNIC_BAR0_SIZE - 1, 0x40200ull);
	for (int i = 1; i < 13; i++)
		len += (size_t)snprintf(res + len, sizeof(res) - len, "0x%016llx 0x%016llx 0x%016llx\n",
					0ull, 0ull, 0ull);
	write_file(dir, "resource", res, len, 0444);

	memset(cfg, 0, sizeof(cfg));
	put16(cfg, 0x00, (uint32_t)vendor);
	put16(cfg, 0x02, (uint32_t)device);
	put16(cfg, 0x04, 0x0006);                  /* memory space, bus master */
	put32(cfg, 0x08, (uint32_t)HPNIC_PCI_CLASS << 8 | 1);   /* class, revision 1 */
	put32(cfg, 0x10, (uint32_t)bar);           /* BAR0: 32-bit memory */
	put16(cfg, 0x2c, (uint32_t)vendor);
	put16(cfg, 0x2e, 0x0001);
	cfg[0x3c] = 11;
	cfg[0x3d] = 1;                              /* INTA */
	write_file(dir, "config", cfg, sizeof(cfg), 0644);

	img = calloc(1, HPNIC_BAR0_SIZE);
	if (!img)
		die("out of memory");
	if (dead)
		memset(img, 0xff, HPNIC_BAR0_SIZE);   /* a function that does not answer */
	else
		bar0_image(img, (uint32_t)build, (uint32_t)git, (uint32_t)cc_status, bad_next);
	/* root only, as sysfs makes resource0 */
	write_file(dir, "resource0", img, HPNIC_BAR0_SIZE, 0600);
	free(img);
	if (driver)
		driver_files(dir, (uint32_t)build, (uint32_t)git, (uint32_t)cc_status);
	return 0;
}
