/* SPDX-License-Identifier: MIT */
/*
 * hpnicctl: list, dump and configure hpnic PCI functions from user space.
 *
 * libpci enumerates the functions and reads their config space through
 * sysfs; BAR0 is mapped from sysfs's resource0, so the tool works without the
 * kernel driver, inside a QEMU guest whose hpnic functions are the simulated
 * RTL as on a host with a board. A function bound to the hpnic driver is
 * the driver's: list and cc go through the files it puts under the device
 * (docs/driver.md), and dump, which needs BAR0, says so. Every register
 * name, offset, mask and counter name comes from hpnic_regs.h, generated from
 * fw/regmap.toml. docs/hpnicctl.md describes the commands.
 *
 * Exit status: 0 done, 1 a device or map problem, 2 a command-line error.
 */
#define _DEFAULT_SOURCE
#include <dirent.h>
#include <endian.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <pci/pci.h>

#define HPNIC_REGS_WANT_COUNTER_NAMES
#define HPNIC_REGS_WANT_REG_TABLE
#include "hpnic_regs.h"
#include "dcqcn_model.h"           /* cc dcqcn: the models' check, parser and derivation */
#include "hpcc_model.h"            /* cc vai: the engine's VAI/SF clamps (hpcc_vaisf_check) */

#define PROG "hpnicctl"
/* docs/regmap.md: a list longer than this is garbage, not a bitstream */
#define MAX_BLOCKS_WALK 64
/* the header's four registers: the dump prints them on the block's line */
#define HDR_BYTES (HPNIC_HDR_SIZE + 4)
/* STATS.COUNT beyond this is garbage: do not spend minutes reading it */
#define MAX_COUNTERS 4096
/* the CC engine re-derives its constants in about 800 core cycles after a
 * write (rtl/cc/hpcc_cc_param.v); wait well past that before reading its
 * status, also for a simulated device that runs slower than a board */
#define CC_SETTLE_NS 10000000L

static const char usage_line[] =
	"usage: " PROG " [-d BDF] [--sysfs DIR] list | dump | counters [NAME...] | cc [show | set KEY=VAL...]\n"
	"       " PROG " [-d BDF] [--sysfs DIR] cc dcqcn [show | set NAME=VAL[,NAME=VAL...]...]\n"
	"       " PROG " [-d BDF] [--sysfs DIR] cc vai [show | set NAME=VAL[,NAME=VAL...]...]";

static char *sysfs_dir = "/sys/bus/pci";
static const char *want_bdf;

struct fn {
	struct pci_dev *pdev;
	char bdf[16];                  /* dddd:bb:dd.f, as sysfs names it */
};

struct bar {
	volatile uint32_t *regs;
	size_t len;
};

/* what a walk of the block list found */
struct walk {
	unsigned int found;            /* bit i: hpnic_block_table[i] is where the map says */
	char problem[256];             /* the first mismatch with this map, "" if none */
};

static struct pci_access *pacc;
static struct fn *fns;
static int nfns;

/* one line on stderr: "hpnicctl: <what>message" */
static void say(const char *what, const char *fmt, va_list ap)
{
	fprintf(stderr, PROG ": %s", what);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

static _Noreturn void __attribute__((format(printf, 2, 3))) fail(int status, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	say("", fmt, ap);
	va_end(ap);
	exit(status);
}

/* a bad option or command: the reason, then the usage line */
static _Noreturn void __attribute__((format(printf, 1, 2))) usage_fail(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	say("", fmt, ap);
	va_end(ap);
	fprintf(stderr, "%s (" PROG " --help)\n", usage_line);
	exit(2);
}

/* libpci's fatal errors and warnings: one line, in the tool's words */
static _Noreturn void __attribute__((format(printf, 1, 2))) pci_error(char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	say("libpci: ", fmt, ap);
	va_end(ap);
	exit(1);
}

static void __attribute__((format(printf, 1, 2))) pci_warning(char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	say("libpci: ", fmt, ap);
	va_end(ap);
}

static void __attribute__((format(printf, 1, 2))) pci_debug(char *fmt, ...)
{
	(void)fmt;
}

/*
 * Options and help
 */
static const struct option long_opts[] = {
	{ "device", required_argument, NULL, 'd' },
	{ "sysfs", required_argument, NULL, 'S' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

/*
 * -d, --sysfs and -h, taken by the tool and by every command (so both
 * `hpnicctl -d X dump` and `hpnicctl dump -d X` work). stop_at_command: stop
 * at the first non-option (the command); else options may come anywhere and
 * the rest are left in argv[optind...]. Returns 1 if help was asked.
 */
static int parse_opts(int argc, char **argv, int stop_at_command)
{
	int c, help = 0;

	optind = 0;                    /* glibc: start over, and re-read the '+' */
	opterr = 0;
	while ((c = getopt_long(argc, argv, stop_at_command ? "+:d:h" : ":d:h",
				long_opts, NULL)) != -1) {
		switch (c) {
		case 'd': want_bdf = optarg; break;
		case 'S': sysfs_dir = optarg; break;
		case 'h': help = 1; break;
		case ':':
			usage_fail("option '%s' needs an argument", argv[optind - 1]);
		default:
			if (optopt)
				usage_fail("unknown option '-%c'", optopt);
			usage_fail("unknown option '%s'", argv[optind - 1]);
		}
	}
	return help;
}

static const char opts_help[] =
	"  -d, --device BDF   the function (0000:00:03.0 or 00:03.0); needed when there\n"
	"                     are several\n"
	"      --sysfs DIR    the PCI sysfs tree (default /sys/bus/pci, or $HPNIC_SYSFS)\n"
	"  -h, --help         this text\n";

static void help_main(void)
{
	printf("%s\n"
	       "List, dump and configure hpnic PCI functions (%04x:%04x) through libpci and\n"
	       "sysfs: the same inside a QEMU guest and on a host with a board.\n\n"
	       "commands:\n"
	       "  list               every hpnic function: address, IDs, BAR0, firmware identity\n"
	       "  dump               the block list, each readable register by name, the counters\n"
	       "  counters [NAME...] every counter (or those named) as NAME VALUE lines, also\n"
	       "                     through the hpnic driver\n"
	       "  cc [show]          the NIC-wide CC parameters, as KEY=VALUE lines\n"
	       "  cc set KEY=VAL...  write CC parameters (decimal or 0x hex), all checked first;\n"
	       "                     a new line_mbps or t_ns re-derives DCQCN's registers\n"
	       "  cc dcqcn [show]    DCQCN's parameters (CC mode 1) in the vendor's knob names\n"
	       "  cc dcqcn set NAME=VAL,...  set some, checked and derived as the C models do,\n"
	       "                     every CC.DCQCN_* register and the D tables written\n"
	       "  cc vai [show]      HPCC's Variable AI and Sampling Frequency parameters\n"
	       "  cc vai set NAME=VAL,...  set some, refused as libhpnic's hpnic_set_vaisf does\n\n"
	       "options (before or after the command):\n%s\n"
	       "BAR0 is mapped read-write from sysfs: every command but --help needs root.\n"
	       "Exit status: 0 done, 1 device or map problem, 2 command-line error.\n"
	       "COMMAND --help describes a command; docs/hpnicctl.md has the details.\n",
	       usage_line, HPNIC_PCI_VENDOR_ID, HPNIC_PCI_DEVICE_ID, opts_help);
}

/*
 * The register table
 */
static const struct hpnic_block_desc *block_by_base(unsigned int base)
{
	for (unsigned int i = 0; i < HPNIC_NUM_BLOCKS; i++)
		if (hpnic_block_table[i].base == base)
			return &hpnic_block_table[i];
	return NULL;
}

static const struct hpnic_reg_desc *reg_by_offset(unsigned int off)
{
	for (unsigned int i = 0; i < HPNIC_NUM_REGS; i++)
		if (hpnic_reg_table[i].offset == off)
			return &hpnic_reg_table[i];
	return NULL;
}

/* the CC parameters: the CC block's single read-write registers */
static int is_cc_param(const struct hpnic_reg_desc *r)
{
	return r->access == HPNIC_REG_RW && r->count == 1;
}

static const char *lower(const char *s, char *buf, size_t n)
{
	size_t i;

	for (i = 0; s[i] && i + 1 < n; i++)
		buf[i] = (char)(s[i] >= 'A' && s[i] <= 'Z' ? s[i] - 'A' + 'a' : s[i]);
	buf[i] = '\0';
	return buf;
}

static unsigned int mask_bits(unsigned int mask)
{
	unsigned int n = 0;

	for (; mask; mask >>= 1)
		n += mask & 1;
	return n;
}

/*
 * Devices: libpci over sysfs
 */
static int fn_cmp(const void *a, const void *b)
{
	const struct pci_dev *x = ((const struct fn *)a)->pdev, *y = ((const struct fn *)b)->pdev;

	if (x->domain != y->domain)
		return x->domain < y->domain ? -1 : 1;
	if (x->bus != y->bus)
		return x->bus < y->bus ? -1 : 1;
	if (x->dev != y->dev)
		return x->dev < y->dev ? -1 : 1;
	return x->func < y->func ? -1 : x->func > y->func;
}

static void scan(void)
{
	const int fill = PCI_FILL_IDENT | PCI_FILL_CLASS | PCI_FILL_CLASS_EXT | PCI_FILL_BASES |
			 PCI_FILL_SIZES;
	char path[PATH_MAX];
	struct pci_dev *p;
	DIR *d;

	/* libpci's own message for a missing tree is terse: check first */
	snprintf(path, sizeof(path), "%s/devices", sysfs_dir);
	d = opendir(path);
	if (!d)
		fail(1, "cannot read %s: %s (no PCI sysfs tree there)", path, strerror(errno));
	closedir(d);

	pacc = pci_alloc();
	pacc->error = pci_error;
	pacc->warning = pci_warning;
	pacc->debug = pci_debug;
	pacc->method = PCI_ACCESS_SYS_BUS_PCI;
	if (pci_set_param(pacc, "sysfs.path", sysfs_dir))
		fail(1, "libpci has no sysfs.path parameter: cannot use %s", sysfs_dir);
	pci_init(pacc);
	pci_scan_bus(pacc);
	for (p = pacc->devices; p; p = p->next) {
		struct fn *f;

		pci_fill_info(p, fill);
		if (p->vendor_id != HPNIC_PCI_VENDOR_ID || p->device_id != HPNIC_PCI_DEVICE_ID)
			continue;
		f = realloc(fns, (size_t)(nfns + 1) * sizeof(*fns));
		if (!f)
			fail(1, "out of memory");
		fns = f;
		fns[nfns].pdev = p;
		snprintf(fns[nfns].bdf, sizeof(fns[nfns].bdf), "%04x:%02x:%02x.%u",
			 (unsigned int)p->domain & 0xffff, p->bus, p->dev, p->func);
		nfns++;
	}
	if (nfns > 1)
		qsort(fns, (size_t)nfns, sizeof(*fns), fn_cmp);
}

/* up to max_digits hex digits, then the character end (or the string's end) */
static const char *hex_field(const char *s, int max_digits, char end, unsigned int *v)
{
	int n = 0;

	*v = 0;
	for (; n < max_digits; n++, s++) {
		int c = *s, d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 :
			c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;

		if (d < 0)
			break;
		*v = *v << 4 | (unsigned int)d;
	}
	return n && *s == end ? s + (end != '\0') : NULL;
}

/* [dddd:]bb:dd.f */
static int parse_bdf(const char *s, unsigned int *dom, unsigned int *bus, unsigned int *dev,
		     unsigned int *func)
{
	const char *t = hex_field(s, 4, ':', dom);

	if (t && (t = hex_field(t, 2, ':', bus))) {
		s = t;                 /* a domain came first */
	} else {
		*dom = 0;
		if (!(s = hex_field(s, 2, ':', bus)))
			return -1;
	}
	if (!(s = hex_field(s, 2, '.', dev)) || !hex_field(s, 1, '\0', func))
		return -1;
	return *dev <= 0x1f && *func <= 7 ? 0 : -1;
}

static const char *fn_list(char *buf, size_t n)
{
	size_t len = 0;

	buf[0] = '\0';
	for (int i = 0; i < nfns && len < n; i++)
		len += (size_t)snprintf(buf + len, n - len, "%s%s", i ? ", " : "", fns[i].bdf);
	return buf;
}

/* the one function -d names, or the only one there is */
static const struct fn *select_fn(void)
{
	char list[512];

	if (want_bdf) {
		unsigned int dom, bus, dev, func;
		struct pci_dev *p;

		if (parse_bdf(want_bdf, &dom, &bus, &dev, &func))
			fail(2, "-d %s: not a PCI address (0000:00:03.0 or 00:03.0)", want_bdf);
		for (int i = 0; i < nfns; i++) {
			p = fns[i].pdev;
			if ((unsigned int)p->domain == dom && p->bus == bus && p->dev == dev &&
			    p->func == func)
				return &fns[i];
		}
		for (p = pacc->devices; p; p = p->next)
			if ((unsigned int)p->domain == dom && p->bus == bus && p->dev == dev &&
			    p->func == func)
				fail(1, "%04x:%02x:%02x.%u is %04x:%04x, not an hpnic function (%04x:%04x)",
				     dom, bus, dev, func, p->vendor_id, p->device_id,
				     HPNIC_PCI_VENDOR_ID, HPNIC_PCI_DEVICE_ID);
		fail(1, "no PCI function %04x:%02x:%02x.%u in %s/devices", dom, bus, dev, func,
		     sysfs_dir);
	}
	if (!nfns)
		fail(1, "no hpnic function (%04x:%04x) in %s/devices", HPNIC_PCI_VENDOR_ID,
		     HPNIC_PCI_DEVICE_ID, sysfs_dir);
	if (nfns > 1)
		fail(1, "%d hpnic functions (%s): pick one with -d", nfns, fn_list(list, sizeof(list)));
	return &fns[0];
}

/*
 * BAR0
 */
static void map_bar0(const struct fn *f, struct bar *b)
{
	char path[PATH_MAX];
	struct stat st;
	void *p;
	int fd;

	snprintf(path, sizeof(path), "%s/devices/%s/resource0", sysfs_dir, f->bdf);
	/* O_SYNC: the kernel maps a BAR uncached only for a synchronous open */
	fd = open(path, O_RDWR | O_SYNC);
	if (fd < 0) {
		if (errno == EACCES || errno == EPERM)
			fail(1, "needs root to map BAR0: %s: %s", path, strerror(errno));
		fail(1, "%s: %s", path, strerror(errno));
	}
	if (fstat(fd, &st))
		fail(1, "%s: %s", path, strerror(errno));
	if (st.st_size < HPNIC_BAR0_SIZE)
		fail(1, "%s: BAR0 is 0x%llx bytes; this register map needs 0x%x", f->bdf,
		     (unsigned long long)st.st_size, HPNIC_BAR0_SIZE);
	p = mmap(NULL, (size_t)st.st_size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED) {
		if (errno == EPERM)
			fail(1, "needs root to map BAR0, and a kernel that allows it "
			     "(lockdown, iomem=strict): %s: %s", path, strerror(errno));
		fail(1, "cannot map %s: %s", path, strerror(errno));
	}
	close(fd);
	b->regs = p;
	b->len = (size_t)st.st_size;
}

/* 32-bit accesses only: the CSR port takes nothing else (docs/regmap.md) */
static uint32_t rd(const struct bar *b, uint32_t off)
{
	return le32toh(b->regs[off / 4]);
}

static void wr(const struct bar *b, uint32_t off, uint32_t v)
{
	b->regs[off / 4] = htole32(v);
}

/*
 * The hpnic kernel driver: while it is bound, BAR0 is its own (the kernel
 * refuses to map a claimed region), and the tool goes through the files
 * the driver puts under the device (docs/driver.md) instead.
 */
static int driver_bound(const struct fn *f)
{
	char path[PATH_MAX], link[PATH_MAX];
	const char *base;
	ssize_t n;

	snprintf(path, sizeof(path), "%s/devices/%s/driver", sysfs_dir, f->bdf);
	n = readlink(path, link, sizeof(link) - 1);
	if (n <= 0)
		return 0;
	link[n] = 0;
	base = strrchr(link, '/');
	return !strcmp(base ? base + 1 : link, "hpnic");
}

/* a file of the driver's: its first line, without the newline */
static void drv_read(const struct fn *f, const char *rel, char *buf, size_t len)
{
	char path[PATH_MAX];
	FILE *fp;

	snprintf(path, sizeof(path), "%s/devices/%s/%s", sysfs_dir, f->bdf, rel);
	fp = fopen(path, "r");
	if (!fp || !fgets(buf, (int)len, fp))
		fail(1, "%s: %s (the hpnic driver is bound and should provide it)", path,
		     fp ? "empty" : strerror(errno));
	fclose(fp);
	buf[strcspn(buf, "\n")] = 0;
}

/* base 0: decimal or 0x hex (cc/); 16: the ID files' bare hex digits */
static uint32_t drv_read_u32(const struct fn *f, const char *rel, int base)
{
	char buf[64], *end;
	unsigned long v;

	drv_read(f, rel, buf, sizeof(buf));
	errno = 0;
	v = strtoul(buf, &end, base);
	if (errno || end == buf || *end || v > UINT32_MAX)
		fail(1, "%s/devices/%s/%s: '%s' is not a number", sysfs_dir, f->bdf, rel, buf);
	return (uint32_t)v;
}

/* 0, or the driver's refusal as -errno */
static int drv_write_u32(const struct fn *f, const char *rel, uint32_t v)
{
	char path[PATH_MAX];
	FILE *fp;
	int err = 0;

	snprintf(path, sizeof(path), "%s/devices/%s/%s", sysfs_dir, f->bdf, rel);
	fp = fopen(path, "w");
	if (!fp)
		return -errno;
	if (fprintf(fp, "%u\n", v) < 0)
		err = -errno;
	if (fclose(fp) && !err)
		err = -errno;
	return err;
}

static const char *type_str(uint32_t type, char buf[5])
{
	for (int i = 0; i < 4; i++) {
		char c = (char)(type >> (24 - 8 * i));

		buf[i] = c >= ' ' && c <= '~' ? c : '.';
	}
	buf[4] = '\0';
	return buf;
}

/* NULL if the function answers with an hpnic ID block, else why not */
static const char *id_problem(const struct fn *f, const struct bar *b, char *buf, size_t n)
{
	uint32_t type = rd(b, HPNIC_ID_TYPE);
	char tb[5];

	if (type == 0xffffffffu) {
		/* a BAR with memory decoding off reads all ones too */
		int off = !(pci_read_word(f->pdev, PCI_COMMAND) & PCI_COMMAND_MEMORY);

		snprintf(buf, n, "device does not answer: ID.TYPE reads 0xffffffff%s",
			 off ? " (memory decoding is off in its PCI command register)" : "");
		return buf;
	}
	if (type != HPNIC_ID_BLOCK_TYPE) {
		snprintf(buf, n, "BAR0 offset 0 holds type 0x%08x (%s), not HPID: not an hpnic "
			 "bitstream", type, type_str(type, tb));
		return buf;
	}
	return NULL;
}

static void __attribute__((format(printf, 3, 4)))
problem(struct walk *w, FILE *out, const char *fmt, ...)
{
	char msg[sizeof(w->problem)];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (!w->problem[0])
		memcpy(w->problem, msg, sizeof(msg));
	if (out)
		fprintf(out, "  ! %s\n", msg);
}

static void print_value(FILE *out, const struct hpnic_reg_desc *r, uint32_t v)
{
	fprintf(out, "0x%08x", v);
	if (r->num_fields) {
		for (unsigned int i = r->field; i < r->field + r->num_fields; i++) {
			const struct hpnic_field_desc *fd = &hpnic_field_table[i];

			fprintf(out, " %s=%u", fd->name, (v & fd->mask) >> fd->shift);
		}
	} else if (r->mask != 0xffffffffu || v < 0x10000) {
		fprintf(out, " %u", v);
	}
	fputc('\n', out);
}

static void dump_regs(FILE *out, const struct bar *b, const struct hpnic_block_desc *bd)
{
	for (unsigned int i = bd->reg; i < bd->reg + bd->num_regs; i++) {
		const struct hpnic_reg_desc *r = &hpnic_reg_table[i];

		if (r->offset - bd->base < HDR_BYTES)
			continue;
		fprintf(out, "  0x%05x %-16s ", r->offset, r->name);
		/* a write-only read returns 0 and a command array is only written */
		if (!(r->access & HPNIC_REG_RO))
			fprintf(out, "(write-only%s)\n", r->count > 1 ? " array" : "");
		else if (r->count > 1)
			fprintf(out, "(array of %u, not read)\n", r->count);
		else
			print_value(out, r, rd(b, r->offset));
	}
}

/*
 * The block list from offset 0, by the rules of docs/regmap.md ("How the
 * driver finds the blocks"). out: print each block (and, for a block of
 * this map, its readable registers), else only check.
 */
static void walk(const struct bar *b, FILE *out, struct walk *w)
{
	uint32_t off = 0;
	char tb[5];

	memset(w, 0, sizeof(*w));
	for (int n = 0; ; n++) {
		const struct hpnic_block_desc *bd = NULL;
		uint32_t type, ver, next, size;
		unsigned int k;

		if (n == MAX_BLOCKS_WALK) {
			problem(w, out, "more than %d blocks in the list: it is garbage", MAX_BLOCKS_WALK);
			break;
		}
		type = rd(b, off + HPNIC_HDR_TYPE);
		ver = rd(b, off + HPNIC_HDR_VERSION);
		next = rd(b, off + HPNIC_HDR_NEXT);
		size = rd(b, off + HPNIC_HDR_SIZE);
		for (k = 0; k < HPNIC_NUM_BLOCKS; k++)
			if (hpnic_block_table[k].type == type)
				bd = &hpnic_block_table[k];
		if (out)
			fprintf(out, "block %-6s %s %u.%u at 0x%05x size 0x%05x next 0x%05x\n",
				bd ? bd->name : "?", type_str(type, tb),
				HPNIC_GET(HPNIC_HDR_VERSION_MAJOR, ver),
				HPNIC_GET(HPNIC_HDR_VERSION_MINOR, ver), off, size, next);
		if (bd) {
			unsigned int bit = 1u << (bd - hpnic_block_table);
			uint32_t maj = HPNIC_GET(HPNIC_HDR_VERSION_MAJOR, ver);
			uint32_t min = HPNIC_GET(HPNIC_HDR_VERSION_MINOR, ver);

			if (off != bd->base || size != bd->size)
				problem(w, out, "block %s at 0x%x, size 0x%x; this map has it at 0x%x, "
					"size 0x%x", bd->name, off, size, bd->base, bd->size);
			else if (maj != HPNIC_GET(HPNIC_HDR_VERSION_MAJOR, bd->version) ||
				 min < HPNIC_GET(HPNIC_HDR_VERSION_MINOR, bd->version))
				problem(w, out, "block %s at 0x%x: version %u.%u, this map is %u.%u",
					bd->name, off, maj, min,
					HPNIC_GET(HPNIC_HDR_VERSION_MAJOR, bd->version),
					HPNIC_GET(HPNIC_HDR_VERSION_MINOR, bd->version));
			else if (w->found & bit)
				problem(w, out, "block %s at 0x%x appears twice in the list",
					bd->name, off);
			else
				w->found |= bit;
			if ((w->found & bit) && out)
				dump_regs(out, b, bd);
		} else if (out) {
			fprintf(out, "  (unknown type 0x%08x: skipped)\n", type);
		}
		if ((uint64_t)off + size > b->len)
			problem(w, out, "block at 0x%x: SIZE 0x%x runs past the end of BAR0 (0x%zx)",
				off, size, b->len);
		if (!next)
			break;
		if ((uint64_t)next < (uint64_t)off + (size > HDR_BYTES ? size : HDR_BYTES) ||
		    (uint64_t)next + HDR_BYTES > b->len || next % 4) {
			problem(w, out, "block at 0x%x: NEXT 0x%x is not past the block's end "
				"(size 0x%x) inside BAR0 (0x%zx)", off, next, size, b->len);
			break;
		}
		off = next;
	}
	for (unsigned int k = 0; k < HPNIC_NUM_BLOCKS; k++)
		if (!(w->found & 1u << k))
			problem(w, out, "block %s (expected at 0x%x) missing", hpnic_block_table[k].name,
				hpnic_block_table[k].base);
}

/* the selected function, mapped, answering as hpnic, its list matching the map */
static void open_fn_checked(const struct fn *f, struct bar *b)
{
	char why[256];
	struct walk w;

	map_bar0(f, b);
	if (id_problem(f, b, why, sizeof(why)))
		fail(1, "%s: %s", f->bdf, why);
	walk(b, NULL, &w);
	if (w.problem[0])
		fail(1, "%s: %s: the bitstream does not match this register map", f->bdf, w.problem);
}

/*
 * list
 */
static const char *size_str(uint64_t n, char *buf, size_t len)
{
	if (n && !(n & ((1u << 20) - 1)))
		snprintf(buf, len, "%llu MiB", (unsigned long long)(n >> 20));
	else if (n && !(n & ((1u << 10) - 1)))
		snprintf(buf, len, "%llu KiB", (unsigned long long)(n >> 10));
	else
		snprintf(buf, len, "%llu B", (unsigned long long)n);
	return buf;
}

static const char *pow2_str(unsigned int log2, char *buf, size_t len)
{
	if (log2 < 32)
		snprintf(buf, len, "%u", 1u << log2);
	else
		snprintf(buf, len, "2^%u", log2);
	return buf;
}

static int cmd_list(int argc, char **argv)
{
	int bad = 0;

	if (parse_opts(argc, argv, 0)) {
		printf("usage: " PROG " list [-d BDF] [--sysfs DIR]\n"
		       "One line per hpnic function (%04x:%04x): PCI address, vendor:device, class,\n"
		       "BAR0 address and size, then the firmware identity from its ID block (type,\n"
		       "version, BUILD_DATE, GIT_HASH, table sizes from QP_CFG) and, when its block\n"
		       "list does not match this register map, why.\n\n%s",
		       HPNIC_PCI_VENDOR_ID, HPNIC_PCI_DEVICE_ID, opts_help);
		return 0;
	}
	if (optind < argc)
		usage_fail("list takes no argument ('%s')", argv[optind]);
	scan();
	if (!nfns && !want_bdf)
		fail(1, "no hpnic function (%04x:%04x) in %s/devices", HPNIC_PCI_VENDOR_ID,
		     HPNIC_PCI_DEVICE_ID, sysfs_dir);
	/* -d: that function alone */
	for (int i = 0; i < (want_bdf ? 1 : nfns); i++) {
		const struct fn *f = want_bdf ? select_fn() : &fns[i];
		const struct pci_dev *p = f->pdev;
		char sz[32], why[256], q[16], m[16], c[16];
		uint32_t ver, date, cfg;
		struct walk w;
		struct bar b;

		printf("%s %04x:%04x class %04x%02x BAR0 0x%08llx %s", f->bdf, p->vendor_id,
		       p->device_id, p->device_class, p->prog_if,
		       (unsigned long long)(p->base_addr[0] & PCI_ADDR_MEM_MASK),
		       size_str((uint64_t)p->size[0], sz, sizeof(sz)));
		if (driver_bound(f)) {
			char fw[32];

			drv_read(f, "fw_version", fw, sizeof(fw));
			date = drv_read_u32(f, "build_date", 16);
			printf(": HPID %s build %04x-%02x-%02x git %08x (hpnic driver bound)\n",
			       fw, date >> 16, (date >> 8) & 0xff, date & 0xff,
			       drv_read_u32(f, "git_hash", 16));
			continue;
		}
		map_bar0(f, &b);
		if (id_problem(f, &b, why, sizeof(why))) {
			printf(": %s\n", why);
			munmap((void *)b.regs, b.len);
			bad = 1;
			continue;
		}
		ver = rd(&b, HPNIC_ID_VERSION);
		date = rd(&b, HPNIC_ID_BUILD_DATE);
		cfg = rd(&b, HPNIC_ID_QP_CFG);
		/* BUILD_DATE is BCD: its hex digits are the decimal date */
		printf(": HPID %u.%u build %04x-%02x-%02x git %08x, %s QPs, %s MRs, %s CQs",
		       HPNIC_GET(HPNIC_HDR_VERSION_MAJOR, ver), HPNIC_GET(HPNIC_HDR_VERSION_MINOR, ver),
		       date >> 16, (date >> 8) & 0xff, date & 0xff, rd(&b, HPNIC_ID_GIT_HASH),
		       pow2_str(HPNIC_GET(HPNIC_ID_QP_CFG_QPN_WIDTH, cfg), q, sizeof(q)),
		       pow2_str(HPNIC_GET(HPNIC_ID_QP_CFG_MR_LOG2, cfg), m, sizeof(m)),
		       pow2_str(HPNIC_GET(HPNIC_ID_QP_CFG_CQN_WIDTH, cfg), c, sizeof(c)));
		walk(&b, NULL, &w);
		if (w.problem[0])
			printf("; does not match this map: %s", w.problem);
		putchar('\n');
		munmap((void *)b.regs, b.len);
	}
	return bad;
}

/*
 * dump
 */
static int cmd_dump(int argc, char **argv)
{
	const struct fn *f;
	char why[256], sz[32];
	struct walk w;
	struct bar b;

	if (parse_opts(argc, argv, 0)) {
		printf("usage: " PROG " dump [-d BDF] [--sysfs DIR]\n"
		       "Walks the block list from BAR0 offset 0 (TYPE, VERSION, NEXT, SIZE of each\n"
		       "block), prints each block's header and, for a block of this register map,\n"
		       "each readable register by name and value (write-only registers and arrays\n"
		       "are not read); then every counter of STATS, read by writing STATS.SEL\n"
		       "(put back afterwards).\n"
		       "A list that does not match the map is reported (lines with '!') and the\n"
		       "exit status is 1.\n\n%s", opts_help);
		return 0;
	}
	if (optind < argc)
		usage_fail("dump takes no argument ('%s')", argv[optind]);
	scan();
	f = select_fn();
	if (driver_bound(f))
		fail(1, "%s is bound to the hpnic driver, which owns BAR0: its counters and CC "
		     "parameters are in %s/devices/%s/counters and cc; to dump the registers, "
		     "unbind it (echo %s > /sys/bus/pci/drivers/hpnic/unbind)", f->bdf, sysfs_dir,
		     f->bdf, f->bdf);
	map_bar0(f, &b);
	if (id_problem(f, &b, why, sizeof(why)))
		fail(1, "%s: %s", f->bdf, why);
	printf("%s %04x:%04x BAR0 0x%08llx %s\n", f->bdf, f->pdev->vendor_id, f->pdev->device_id,
	       (unsigned long long)(f->pdev->base_addr[0] & PCI_ADDR_MEM_MASK),
	       size_str((uint64_t)f->pdev->size[0], sz, sizeof(sz)));
	walk(&b, stdout, &w);

	if (w.found & 1u << (block_by_base(HPNIC_STATS_BASE) - hpnic_block_table)) {
		uint32_t n = rd(&b, HPNIC_STATS_COUNT), sel = rd(&b, HPNIC_STATS_SEL);

		printf("counters: %u", n);
		if (n != HPNIC_NUM_COUNTERS)
			printf(" (this map names %u)", HPNIC_NUM_COUNTERS);
		if (n > MAX_COUNTERS) {
			printf(", reading %u", MAX_COUNTERS);
			n = MAX_COUNTERS;
		}
		putchar('\n');
		for (uint32_t i = 0; i < n; i++) {
			uint32_t lo, hi;

			/* reading VALUE_LO latches all 64 bits, VALUE_HI the rest */
			wr(&b, HPNIC_STATS_SEL, i);
			lo = rd(&b, HPNIC_STATS_VALUE_LO);
			hi = rd(&b, HPNIC_STATS_VALUE_HI);
			if (i < HPNIC_NUM_COUNTERS)
				printf("  %-22s %llu\n", hpnic_counter_names[i],
				       (unsigned long long)hi << 32 | lo);
			else
				printf("  counter_%-14u %llu\n", i, (unsigned long long)hi << 32 | lo);
		}
		/* leave SEL as found: a dump changes nothing a driver set up */
		wr(&b, HPNIC_STATS_SEL, sel);
	}
	fflush(stdout);
	if (w.problem[0])
		fail(1, "%s: %s: the bitstream does not match this register map", f->bdf, w.problem);
	return 0;
}

/*
 * counters: every counter of STATS, or the ones named, as NAME VALUE lines:
 * through the hpnic driver's counters/NAME files when it is bound (as
 * libhpnic's kernel backend reads them), else from BAR0 (STATS.SEL, then
 * VALUE_LO, which latches VALUE_HI; SEL put back as dump does).
 */
static int cmd_counters(int argc, char **argv)
{
	static int idx[HPNIC_NUM_COUNTERS];
	unsigned int n = 0;
	const struct fn *f;
	char rel[64], buf[64];
	int bad = 0;
	struct bar b;

	if (parse_opts(argc, argv, 0)) {
		printf("usage: " PROG " counters [-d BDF] [--sysfs DIR] [NAME...]\n"
		       "Prints every counter of the STATS block (or each NAME given) as a NAME\n"
		       "VALUE line: the CC engine's (cc_*, cc_dcqcn_*), the notification point's\n"
		       "(np_*), the CNPs received (rx_cnp*) and the rest, named as the register\n"
		       "map names them (docs/regmap.md, \"Counters\"). Counters are never\n"
		       "cleared: compare two runs. Through the hpnic driver's counters/ files\n"
		       "when it is bound, else from BAR0. An unknown NAME is refused (exit\n"
		       "status 2) before the device is touched.\n\n%s", opts_help);
		return 0;
	}
	for (int a = optind; a < argc; a++) {
		unsigned int i;

		for (i = 0; i < HPNIC_NUM_COUNTERS && strcmp(hpnic_counter_names[i], argv[a]); i++)
			;
		if (i == HPNIC_NUM_COUNTERS)
			fail(2, "counters: no counter '%s' (" PROG " counters lists them)", argv[a]);
		if (n == HPNIC_NUM_COUNTERS)
			fail(2, "counters: more than %u names", HPNIC_NUM_COUNTERS);
		idx[n++] = (int)i;
	}
	if (!n)
		for (; n < HPNIC_NUM_COUNTERS; n++)
			idx[n] = (int)n;
	scan();
	f = select_fn();
	if (driver_bound(f)) {
		for (unsigned int k = 0; k < n; k++) {
			snprintf(rel, sizeof(rel), "counters/%s", hpnic_counter_names[idx[k]]);
			drv_read(f, rel, buf, sizeof(buf));
			printf("%-22s %s\n", hpnic_counter_names[idx[k]], buf);
		}
		return 0;
	}
	open_fn_checked(f, &b);
	{
		uint32_t cnt = rd(&b, HPNIC_STATS_COUNT), sel = rd(&b, HPNIC_STATS_SEL);

		for (unsigned int k = 0; k < n; k++) {
			uint32_t lo, hi;

			if ((uint32_t)idx[k] >= cnt) {
				fprintf(stderr, PROG ": %s is counter %d: this bitstream has %u\n",
					hpnic_counter_names[idx[k]], idx[k], cnt);
				bad = 1;
				continue;
			}
			wr(&b, HPNIC_STATS_SEL, (uint32_t)idx[k]);
			lo = rd(&b, HPNIC_STATS_VALUE_LO);
			hi = rd(&b, HPNIC_STATS_VALUE_HI);
			printf("%-22s %llu\n", hpnic_counter_names[idx[k]],
			       (unsigned long long)hi << 32 | lo);
		}
		wr(&b, HPNIC_STATS_SEL, sel);
	}
	return bad;
}

/*
 * cc
 */
struct cc_write {
	const struct hpnic_reg_desc *reg;
	uint32_t value;
};

/*
 * cc vai: HPCC's Variable AI and Sampling Frequency (docs/cc-vai-sf.md),
 * the six NIC-wide CC.VAI_* and CC.SF_ACKS registers under the names of
 * libhpnic's struct hpnic_vaisf_params. A value is refused exactly when
 * hpnic_set_vaisf refuses it (-EINVAL), with its words: the models'
 * hpcc_vaisf_check(), where the engine would clamp it.
 */
static const struct vai_key {
	const char *name;
	uint32_t off;                  /* CC.VAI_* / CC.SF_ACKS */
	size_t field;                  /* in struct hpcc_vaisf_params */
	const char *help;
} vai_keys[] = {
	{ "thresh_bytes", HPNIC_CC_VAI_THRESH, offsetof(struct hpcc_vaisf_params, thresh_bytes),
	  "Token Thresh: an RTT whose largest queue exceeds it makes tokens; 1..8388607 bytes" },
	{ "ai_div_bytes", HPNIC_CC_VAI_AI_DIV, offsetof(struct hpcc_vaisf_params, ai_div_bytes),
	  "AI DIV: bytes of queue per token; 1..8388607" },
	{ "bank_cap", HPNIC_CC_VAI_BANK_CAP, offsetof(struct hpcc_vaisf_params, bank_cap),
	  "Bank Cap: the most tokens a QP's AI Bank holds; 0..4095" },
	{ "ai_cap", HPNIC_CC_VAI_AI_CAP, offsetof(struct hpcc_vaisf_params, ai_cap),
	  "AI Cap: the most tokens one update spends; 1..1023" },
	{ "damp_shift", HPNIC_CC_VAI_DAMP_SHIFT, offsetof(struct hpcc_vaisf_params, damp_shift),
	  "the Dampener Constant is 2^damp_shift; 0..15" },
	{ "sf_acks", HPNIC_CC_SF_ACKS, offsetof(struct hpcc_vaisf_params, sf_acks),
	  "Sampling Frequency N: ACKs before a congested one commits; 1..255" },
};
#define NVAI (sizeof(vai_keys) / sizeof(vai_keys[0]))

static uint32_t *vai_field(struct hpcc_vaisf_params *v, unsigned int k)
{
	return (uint32_t *)((char *)v + vai_keys[k].field);
}

/*
 * NULL if the engine takes x for vai_keys[k] as it is, else libhpnic's
 * words for it: x among the reset values, so that the check names x alone
 */
static const char *vai_refusal(unsigned int k, uint32_t x)
{
	struct hpcc_vaisf_params one = {
		.thresh_bytes = HPNIC_CC_VAI_THRESH_RST, .ai_div_bytes = HPNIC_CC_VAI_AI_DIV_RST,
		.bank_cap = HPNIC_CC_VAI_BANK_CAP_RST, .ai_cap = HPNIC_CC_VAI_AI_CAP_RST,
		.damp_shift = HPNIC_CC_VAI_DAMP_SHIFT_RST, .sf_acks = HPNIC_CC_SF_ACKS_RST,
	};

	*vai_field(&one, k) = x;
	return hpcc_vaisf_check(&one);
}

/* vai_keys' index of a CC register, NVAI if it is none of them */
static unsigned int vai_key_of(uint32_t off)
{
	unsigned int k;

	for (k = 0; k < NVAI && vai_keys[k].off != off; k++)
		;
	return k;
}

static void cc_keys_help(void)
{
	const struct hpnic_block_desc *cc = block_by_base(HPNIC_CC_BASE);
	char key[32];

	printf("keys (CC block registers; value bits):\n");
	for (unsigned int i = cc->reg; i < cc->reg + cc->num_regs; i++) {
		const struct hpnic_reg_desc *r = &hpnic_reg_table[i];

		if (is_cc_param(r) && r->has_range)
			printf("  %-16s %2u  %s; range %u..%u%s\n", lower(r->name, key, sizeof(key)),
			       mask_bits(r->mask), r->desc, r->min, r->max, r->zero_ok ? " or 0" : "");
		else if (is_cc_param(r))
			printf("  %-16s %2u  %s\n", lower(r->name, key, sizeof(key)),
			       mask_bits(r->mask), r->desc);
	}
}

/* "0x" hex or decimal, the whole string, no sign */
static int parse_u32(const char *s, uint32_t *v)
{
	int hex = s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
	unsigned long long x;
	char *end;

	if (hex)
		s += 2;
	if (!(hex ? (*s >= '0' && *s <= '9') || (*s >= 'a' && *s <= 'f') || (*s >= 'A' && *s <= 'F')
		  : (*s >= '0' && *s <= '9')))
		return -1;
	errno = 0;
	x = strtoull(s, &end, hex ? 16 : 10);
	if (errno || *end || x > 0xffffffffull)
		return -1;
	*v = (uint32_t)x;
	return 0;
}

/* every argument checked against the map before the device is touched */
static int parse_cc_args(int n, char **args, struct cc_write *ws)
{
	const struct hpnic_block_desc *cc = block_by_base(HPNIC_CC_BASE);
	char key[32], keys[512];
	size_t len = 0;

	for (int a = 0; a < n; a++) {
		const char *eq = strchr(args[a], '=');
		const struct hpnic_reg_desc *r = NULL;
		size_t klen;

		if (!eq)
			fail(2, "cc set: '%s': expected KEY=VALUE", args[a]);
		klen = (size_t)(eq - args[a]);
		for (unsigned int i = cc->reg; i < cc->reg + cc->num_regs; i++) {
			const struct hpnic_reg_desc *c = &hpnic_reg_table[i];

			if (is_cc_param(c) && strlen(c->name) == klen &&
			    !strncasecmp(c->name, args[a], klen))
				r = c;
		}
		if (!r) {
			for (unsigned int i = cc->reg; i < cc->reg + cc->num_regs && len < sizeof(keys); i++)
				if (is_cc_param(&hpnic_reg_table[i]))
					len += (size_t)snprintf(keys + len, sizeof(keys) - len, "%s%s",
								len ? ", " : "",
								lower(hpnic_reg_table[i].name, key,
								      sizeof(key)));
			fail(2, "cc set: unknown key '%.*s' (keys: %s)", (int)klen, args[a], keys);
		}
		lower(r->name, key, sizeof(key));
		for (int b = 0; b < a; b++)
			if (ws[b].reg == r)
				fail(2, "cc set: %s given twice", key);
		if (parse_u32(eq + 1, &ws[a].value))
			fail(2, "cc set: %s=%s: not a number (decimal, or hex with 0x), 0..2^32-1",
			     key, eq + 1);
		if (ws[a].value & ~r->mask)
			fail(2, "cc set: %s=%s: out of range: CC.%s holds 0..%u (%u bits)", key, eq + 1,
			     r->name, r->mask, mask_bits(r->mask));
		/* the register map's Range: the NIC refuses any other value */
		if (r->has_range && !(ws[a].value >= r->min && ws[a].value <= r->max) &&
		    !(r->zero_ok && ws[a].value == 0))
			fail(2, "cc set: %s=%s: out of range: CC.%s takes %u..%u%s", key, eq + 1,
			     r->name, r->min, r->max, r->zero_ok ? " or 0" : "");
		/* VAI/SF's have no Range (the CSR takes any value and the engine
		 * clamps); refused as libhpnic's hpnic_set_vaisf refuses them */
		if (vai_key_of(r->offset) < NVAI && vai_refusal(vai_key_of(r->offset), ws[a].value))
			fail(2, "cc set: %s=%s: %s (libhpnic's hpnic_set_vaisf: -EINVAL)", key, eq + 1,
			     vai_refusal(vai_key_of(r->offset), ws[a].value));
		ws[a].reg = r;
	}
	return 0;
}

/* CTRL.CC_PARAM_STATUS, its set fields named; 0 if none is set */
static uint32_t cc_status(const struct bar *b, char *buf, size_t n)
{
	const struct hpnic_reg_desc *r = reg_by_offset(HPNIC_CTRL_CC_PARAM_STATUS);
	uint32_t v = rd(b, HPNIC_CTRL_CC_PARAM_STATUS);
	size_t len = (size_t)snprintf(buf, n, "CTRL.CC_PARAM_STATUS = 0x%08x", v);
	const char *sep = ":";

	if (!v)
		snprintf(buf + len, n - len, ": nothing clamped");
	for (unsigned int i = r->field; i < r->field + r->num_fields && len < n; i++) {
		const struct hpnic_field_desc *fd = &hpnic_field_table[i];

		if (v & fd->mask) {
			len += (size_t)snprintf(buf + len, n - len, "%s %s (%s)", sep, fd->name,
						fd->desc);
			sep = ",";
		}
	}
	return v;
}

/*
 * The engine re-derives after every write. As libhpnic's hpnic_set_cc,
 * order the two rates so that min <= line holds at each step when both
 * change, and no clamp is flagged on the way.
 */
static void order_rates(struct cc_write *ws, int nw, uint32_t old_line)
{
	int il = -1, im = -1;

	for (int i = 0; i < nw; i++) {
		if (ws[i].reg->offset == HPNIC_CC_LINE_MBPS)
			il = i;
		if (ws[i].reg->offset == HPNIC_CC_MIN_MBPS)
			im = i;
	}
	if (il >= 0 && im >= 0) {
		int min_first = ws[im].value <= old_line;

		if (min_first != (im < il)) {
			struct cc_write t = ws[il];

			ws[il] = ws[im];
			ws[im] = t;
		}
	}
}

/* cc show/set through the hpnic driver's cc/ files (docs/driver.md) */
static int cc_through_driver(const struct fn *f, int set, struct cc_write *ws, int nw)
{
	const struct hpnic_block_desc *cc = block_by_base(HPNIC_CC_BASE);
	char key[32], rel[64], st[256];
	uint32_t v;
	int bad = 0, err;

	if (!set) {
		for (unsigned int i = cc->reg; i < cc->reg + cc->num_regs; i++) {
			const struct hpnic_reg_desc *r = &hpnic_reg_table[i];

			if (!is_cc_param(r))
				continue;
			snprintf(rel, sizeof(rel), "cc/%s", lower(r->name, key, sizeof(key)));
			printf("%s=%u\n", key, drv_read_u32(f, rel, 0));
		}
		drv_read(f, "cc/status", st, sizeof(st));
		v = (uint32_t)strtoul(st, NULL, 16);
		printf("# CTRL.CC_PARAM_STATUS = %s%s (through the hpnic driver)\n", st,
		       v ? "" : ": nothing clamped");
		return 0;
	}
	order_rates(ws, nw, drv_read_u32(f, "cc/line_mbps", 0));
	for (int i = 0; i < nw; i++) {
		snprintf(rel, sizeof(rel), "cc/%s", lower(ws[i].reg->name, key, sizeof(key)));
		err = drv_write_u32(f, rel, ws[i].value);
		if (err) {
			fprintf(stderr, PROG ": %s/devices/%s/%s: the driver refused %u: %s\n",
				sysfs_dir, f->bdf, rel, ws[i].value, strerror(-err));
			bad = 1;
		} else if ((v = drv_read_u32(f, rel, 0)) != ws[i].value) {
			fprintf(stderr, PROG ": CC.%s reads back %u after writing %u\n",
				ws[i].reg->name, v, ws[i].value);
			bad = 1;
		}
	}
	nanosleep(&(struct timespec){ .tv_nsec = CC_SETTLE_NS }, NULL);
	drv_read(f, "cc/status", st, sizeof(st));
	if (strtoul(st, NULL, 16))
		fprintf(stderr, PROG ": CTRL.CC_PARAM_STATUS = %s\n", st);
	return bad;
}

/*
 * cc dcqcn: DCQCN's parameters (docs/cc-dcqcn.md) as the vendor's knobs,
 * converted from and to the CC.DCQCN_* registers with the C models' own
 * code (dcqcn_params_check, dcqcn_params_parse, dcqcn_derive), as libhpnic's
 * hpnic_set_dcqcn does, so the registers hold what the model runs on.
 */
struct cc_io {
	const struct fn *f;
	int drv;                       /* through the driver's cc/ files, else BAR0 */
	struct bar b;
};

static uint32_t io_rd(const struct cc_io *io, uint32_t off)
{
	const struct hpnic_reg_desc *r = reg_by_offset(off);
	char key[32], rel[64];

	if (!io->drv)
		return rd(&io->b, off) & r->mask;
	snprintf(rel, sizeof(rel), "cc/%s", lower(r->name, key, sizeof(key)));
	return drv_read_u32(io->f, rel, 0);
}

static void io_wr(const struct cc_io *io, uint32_t off, uint32_t v)
{
	const struct hpnic_reg_desc *r = reg_by_offset(off);
	char key[32], rel[64];
	int err;

	if (!io->drv) {
		wr(&io->b, off, v);
		return;
	}
	snprintf(rel, sizeof(rel), "cc/%s", lower(r->name, key, sizeof(key)));
	err = drv_write_u32(io->f, rel, v);
	if (err)
		fail(1, "%s/devices/%s/%s: the driver refused %u: %s", sysfs_dir, io->f->bdf, rel,
		     v, strerror(-err));
}

#define DCQCN_REG(i) (HPNIC_CC_DCQCN_LINE + 4u * (i))

/* the parameters the registers hold (rpg_byte_reset as B packets of 4 KiB),
 * the registers and tables themselves */
static void dcqcn_read_io(const struct cc_io *io, struct dcqcn_params *p,
			  uint32_t r[DCQCN_NREGS], uint32_t tab[4][16])
{
	for (unsigned int i = 0; i < DCQCN_NREGS; i++)
		r[i] = io_rd(io, DCQCN_REG(i));
	for (unsigned int i = 0; i < 64; i++) {
		io_wr(io, HPNIC_CC_DCQCN_TAB_IDX, i);
		tab[i / 16][i % 16] = io_rd(io, HPNIC_CC_DCQCN_TAB);
	}
	io_wr(io, HPNIC_CC_DCQCN_TAB_IDX, 0);
	memset(p, 0, sizeof(*p));
	p->line_mbps = io_rd(io, HPNIC_CC_LINE_MBPS);
	p->t_ns = io_rd(io, HPNIC_CC_T_NS);
	p->mtu = DCQCN_MTU_MAX;
	dcqcn_params_from_regs(r, p);
}

static const char *const dcqcn_names[] = {
	"g", "initial_alpha_value", "dce_tcp_rtt", "rate_reduce_monitor_period",
	"rpg_time_reset", "rpg_byte_reset", "mtu", "rpg_threshold", "rpg_ai_rate",
	"rpg_hai_rate", "rpg_min_dec_fac", "rpg_min_rate", "gd", "rate_to_set_on_first_cnp",
};

static void dcqcn_print(const struct dcqcn_params *p)
{
	const uint32_t v[] = {
		p->g_q10, p->alpha0_q10, p->period_us, p->td_us, p->ti_us, p->byte_reset, p->mtu,
		p->threshold, p->ai_mbps, p->hai_mbps, p->min_dec_pct, p->min_mbps, p->gd,
		p->first_mbps,
	};

	for (unsigned int i = 0; i < sizeof(v) / sizeof(v[0]); i++)
		printf("%s=%u\n", dcqcn_names[i], v[i]);
}

static void dcqcn_help(int set)
{
	if (set)
		printf("usage: " PROG " cc dcqcn set [-d BDF] [--sysfs DIR] NAME=VALUE[,NAME=VALUE...]...\n"
		       "Sets DCQCN's NIC-wide parameters (CC mode 1, docs/cc-dcqcn.md): the ones\n"
		       "named change, the others keep what the NIC holds. They are checked as the C\n"
		       "models check them, at the NIC's line rate (CC.LINE_MBPS: set that with\n"
		       "`cc set line_mbps=`), derived as dcqcn_derive() derives them, and every\n"
		       "CC.DCQCN_* register and the 64 D-table entries are written and read back.\n"
		       "A bad name or value is refused (exit status 2) before anything is written.\n"
		       "The NIC keeps B = ceil(rpg_byte_reset / mtu): give both to change it.\n\n");
	else
		printf("usage: " PROG " cc dcqcn [show] [-d BDF] [--sysfs DIR]\n"
		       "Prints DCQCN's parameters as NAME=VALUE lines (`cc dcqcn set` takes them\n"
		       "back), then as comments the line rate and T they run at (HPCC's), B, and\n"
		       "whether the registers and D tables are exactly what the parameters make.\n\n");
	printf("names (units; range):\n"
	       "  g                           g x 1024; 2..1023 (4 = 1/256)\n"
	       "  initial_alpha_value         alpha at INIT x 1024; 0..1024\n"
	       "  dce_tcp_rtt                 the alpha period, us; 1..131071\n"
	       "  rate_reduce_monitor_period  Td, us; 0..131071\n"
	       "  rpg_time_reset              Ti, us; 1..131071\n"
	       "  rpg_byte_reset              bytes per byte-counter increase; 1..65535 MTUs\n"
	       "  mtu                         the MTU the byte counter counts; 256..4096\n"
	       "  rpg_threshold               F; 0..31\n"
	       "  rpg_ai_rate                 R_AI, Mb/s; 40..line rate\n"
	       "  rpg_hai_rate                R_HAI, Mb/s; 40..line rate\n"
	       "  rpg_min_dec_fac             the decrease factor's floor, %%; 0..100\n"
	       "  rpg_min_rate                Rmin, Mb/s; 40..line rate\n"
	       "  gd                          f = 1 - alpha x 2^-gd; 0..15\n"
	       "  rate_to_set_on_first_cnp    Mb/s; 0 (off) or rpg_min_rate..line rate\n"
	       "\n%s", opts_help);
}

static int cmd_cc_dcqcn(int argc, char **argv, int help)
{
	uint32_t r[DCQCN_NREGS], tab[4][16], r2[DCQCN_NREGS], tab2[4][16];
	int set = argc > 1 && !strcmp(argv[1], "set");
	struct dcqcn_params p, q;
	struct dcqcn_derived d;
	const char *what;
	struct cc_io io;
	int bad = 0;

	if (argc > 1 && !set && strcmp(argv[1], "show"))
		usage_fail("unknown cc dcqcn command '%s' (show, set)", argv[1]);
	if (help) {
		dcqcn_help(set);
		return 0;
	}
	if (set && argc < 3)
		usage_fail("cc dcqcn set needs NAME=VALUE arguments");
	if (!set && argc > 2)
		usage_fail("cc dcqcn show takes no argument ('%s')", argv[2]);
	/* the names and numbers first, before any device is touched */
	memset(&q, 0, sizeof(q));
	for (int a = 2; set && a < argc; a++) {
		const char *s = argv[a];

		if (strstr(s, "line_mbps=") == s || strstr(s, ",line_mbps=") ||
		    strstr(s, "t_ns=") == s || strstr(s, ",t_ns="))
			fail(2, "cc dcqcn set: '%s': DCQCN runs at HPCC's line rate and T: "
			     "`" PROG " cc set line_mbps=... t_ns=...`", s);
		if (dcqcn_params_parse(&q, s, &what))
			fail(2, "cc dcqcn set: '%s': %s (" PROG " cc dcqcn set --help)", s, what);
	}

	scan();
	io.f = select_fn();
	io.drv = driver_bound(io.f);
	if (!io.drv)
		open_fn_checked(io.f, &io.b);
	/* through the driver, a driver without the DCQCN files fails on the first */
	if (!io.drv && !(rd(&io.b, HPNIC_ID_CC_MODES) & HPNIC_ID_CC_MODES_DCQCN_MASK))
		fail(1, "%s: this bitstream has no DCQCN (ID.CC_MODES 0x%x)", io.f->bdf,
		     rd(&io.b, HPNIC_ID_CC_MODES));
	dcqcn_read_io(&io, &p, r, tab);
	if (!set) {
		dcqcn_print(&p);
		printf("# line rate %u Mb/s, T %u ns (HPCC's: cc set line_mbps=, t_ns=); B = %u packets\n",
		       p.line_mbps, p.t_ns, r[11]);
		printf("# registers and D tables %s\n", dcqcn_regs_match(&p, r, tab) ?
		       "are exactly what these parameters make" :
		       "are NOT what these parameters make (cc dcqcn set rewrites them)");
		return 0;
	}
	/* the named ones over what the NIC holds: parse again onto p */
	for (int a = 2; a < argc; a++)
		if (dcqcn_params_parse(&p, argv[a], &what))
			fail(2, "cc dcqcn set: '%s': %s", argv[a], what);
	if (dcqcn_params_check(&p, &what))
		fail(2, "cc dcqcn set: %s (the NIC's line rate is %u Mb/s, T %u ns)", what,
		     p.line_mbps, p.t_ns);
	if (dcqcn_derive(&p, &d))
		fail(2, "cc dcqcn set: the parameters fail dcqcn_derive");
	dcqcn_regs(&d, r);
	for (unsigned int i = 0; i < DCQCN_NREGS; i++)
		io_wr(&io, DCQCN_REG(i), r[i]);
	for (unsigned int i = 0; i < 64; i++) {
		io_wr(&io, HPNIC_CC_DCQCN_TAB_IDX, i);
		io_wr(&io, HPNIC_CC_DCQCN_TAB, d.tab[i / 16][i % 16]);
	}
	io_wr(&io, HPNIC_CC_DCQCN_TAB_IDX, 0);
	dcqcn_read_io(&io, &q, r2, tab2);
	for (unsigned int i = 0; i < DCQCN_NREGS; i++) {
		if (r2[i] != r[i]) {
			fprintf(stderr, PROG ": %s reads back %u after writing %u\n",
				reg_by_offset(DCQCN_REG(i))->name, r2[i], r[i]);
			bad = 1;
		}
	}
	if (memcmp(tab2, d.tab, sizeof(tab2))) {
		fprintf(stderr, PROG ": the D tables (CC.DCQCN_TAB) do not read back as written\n");
		bad = 1;
	}
	return bad;
}

static void vai_help(int set)
{
	if (set)
		printf("usage: " PROG " cc vai set [-d BDF] [--sysfs DIR] NAME=VALUE[,NAME=VALUE...]...\n"
		       "Sets HPCC's Variable AI and Sampling Frequency parameters (NIC-wide; a QP\n"
		       "uses them when its QP.CC_OPTS sets VAI (bit 0) or SF (bit 1), docs/cc-vai-sf.md).\n"
		       "The ones named change, the others keep what the NIC holds. VALUE is decimal\n"
		       "or 0x hex. A value libhpnic's hpnic_set_vaisf refuses (-EINVAL: one the\n"
		       "engine would clamp) is refused with its words, exit status 2, before\n"
		       "anything is written; the registers written are read back.\n\n");
	else
		printf("usage: " PROG " cc vai [show] [-d BDF] [--sysfs DIR]\n"
		       "Prints HPCC's Variable AI and Sampling Frequency parameters as NAME=VALUE\n"
		       "lines (`cc vai set` takes them back), then as a comment whether the engine\n"
		       "takes them as they are or clamps one (a register written past libhpnic).\n\n");
	printf("names (libhpnic's struct hpnic_vaisf_params; the register; range):\n");
	for (unsigned int k = 0; k < NVAI; k++)
		printf("  %-13s CC.%-15s %s\n", vai_keys[k].name, reg_by_offset(vai_keys[k].off)->name,
		       vai_keys[k].help);
	printf("defaults (the reset values, the VAI/SF paper's): thresh_bytes=%u ai_div_bytes=%u\n"
	       "bank_cap=%u ai_cap=%u damp_shift=%u sf_acks=%u\n\n%s",
	       HPNIC_CC_VAI_THRESH_RST, HPNIC_CC_VAI_AI_DIV_RST, HPNIC_CC_VAI_BANK_CAP_RST,
	       HPNIC_CC_VAI_AI_CAP_RST, HPNIC_CC_VAI_DAMP_SHIFT_RST, HPNIC_CC_SF_ACKS_RST,
	       opts_help);
}

/* NAME=VALUE[,NAME=VALUE...] onto v, marking given[]; exits 2 on a bad one */
static void vai_parse(const char *arg, struct hpcc_vaisf_params *v, int given[NVAI])
{
	char buf[256], *save = NULL;

	if (strlen(arg) >= sizeof(buf))
		fail(2, "cc vai set: '%.40s...': too long", arg);
	strcpy(buf, arg);
	for (char *kv = strtok_r(buf, ",", &save); kv; kv = strtok_r(NULL, ",", &save)) {
		char *eq = strchr(kv, '=');
		const char *what;
		unsigned int k;
		uint32_t x;

		if (!eq)
			fail(2, "cc vai set: '%s': expected NAME=VALUE (" PROG " cc vai set --help)", kv);
		*eq = '\0';
		for (k = 0; k < NVAI && strcmp(vai_keys[k].name, kv); k++)
			;
		if (k == NVAI)
			fail(2, "cc vai set: unknown name '%s' (thresh_bytes, ai_div_bytes, bank_cap, "
			     "ai_cap, damp_shift, sf_acks)", kv);
		if (given[k])
			fail(2, "cc vai set: %s given twice", kv);
		if (parse_u32(eq + 1, &x))
			fail(2, "cc vai set: %s=%s: not a number (decimal, or hex with 0x), 0..2^32-1",
			     kv, eq + 1);
		what = vai_refusal(k, x);
		if (what)
			fail(2, "cc vai set: %s=%s: %s (libhpnic's hpnic_set_vaisf: -EINVAL)", kv,
			     eq + 1, what);
		*vai_field(v, k) = x;
		given[k] = 1;
	}
}

static void vai_read(const struct cc_io *io, struct hpcc_vaisf_params *v)
{
	for (unsigned int k = 0; k < NVAI; k++)
		*vai_field(v, k) = io_rd(io, vai_keys[k].off);
}

static int cmd_cc_vai(int argc, char **argv, int help)
{
	int set = argc > 1 && !strcmp(argv[1], "set");
	struct hpcc_vaisf_params want, got;
	int given[NVAI] = { 0 }, bad = 0;
	const char *what;
	struct cc_io io;

	if (argc > 1 && !set && strcmp(argv[1], "show"))
		usage_fail("unknown cc vai command '%s' (show, set)", argv[1]);
	if (help) {
		vai_help(set);
		return 0;
	}
	if (set && argc < 3)
		usage_fail("cc vai set needs NAME=VALUE arguments");
	if (!set && argc > 2)
		usage_fail("cc vai show takes no argument ('%s')", argv[2]);
	/* the names and numbers first, before any device is touched */
	memset(&want, 0, sizeof(want));
	for (int a = 2; set && a < argc; a++)
		vai_parse(argv[a], &want, given);

	scan();
	io.f = select_fn();
	io.drv = driver_bound(io.f);
	if (!io.drv)
		open_fn_checked(io.f, &io.b);
	if (!set) {
		vai_read(&io, &got);
		for (unsigned int k = 0; k < NVAI; k++)
			printf("%s=%u\n", vai_keys[k].name, *vai_field(&got, k));
		what = hpcc_vaisf_check(&got);
		if (what)
			printf("# the engine clamps them: %s\n", what);
		else
			printf("# the engine takes them as they are (QPs with QP.CC_OPTS VAI or SF use them)\n");
		return 0;
	}
	for (unsigned int k = 0; k < NVAI; k++)
		if (given[k])
			io_wr(&io, vai_keys[k].off, *vai_field(&want, k));
	vai_read(&io, &got);
	for (unsigned int k = 0; k < NVAI; k++) {
		if (given[k] && *vai_field(&got, k) != *vai_field(&want, k)) {
			fprintf(stderr, PROG ": CC.%s reads back %u after writing %u\n",
				reg_by_offset(vai_keys[k].off)->name, *vai_field(&got, k),
				*vai_field(&want, k));
			bad = 1;
		}
	}
	return bad;
}

static int drv_has(const struct fn *f, const char *rel)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/devices/%s/%s", sysfs_dir, f->bdf, rel);
	return access(path, F_OK) == 0;
}

/*
 * cc set of line_mbps or t_ns: DCQCN runs at HPCC's line rate and T, so its
 * registers are derived again from the parameters the NIC holds, as
 * libhpnic's hpnic_set_cc does. Called before anything is written: a line
 * rate or T those parameters do not fit is refused (exit status 2). 0 when
 * nothing is to follow (neither changes, CC.DCQCN_* keys given by hand in
 * the same command, no DCQCN in the bitstream), else 1 with new[] to write
 * where it differs from old[] (the D tables depend on g alone: unchanged).
 */
static int dcqcn_follow(const struct cc_io *io, const struct cc_write *ws, int nw,
			uint32_t old[DCQCN_NREGS], uint32_t new[DCQCN_NREGS])
{
	struct dcqcn_params p;
	struct dcqcn_derived d;
	uint32_t tab[4][16];
	const char *what;
	int follow = 0;

	for (int i = 0; i < nw; i++) {
		uint32_t off = ws[i].reg->offset;

		if (off == HPNIC_CC_LINE_MBPS || off == HPNIC_CC_T_NS)
			follow = 1;
		if (off >= HPNIC_CC_DCQCN_LINE && off <= HPNIC_CC_DCQCN_PERIOD_US)
			return 0;
	}
	if (!follow)
		return 0;
	if (io->drv ? !drv_has(io->f, "cc/dcqcn_line") :
	    !(rd(&io->b, HPNIC_ID_CC_MODES) & HPNIC_ID_CC_MODES_DCQCN_MASK))
		return 0;
	dcqcn_read_io(io, &p, old, tab);
	for (int i = 0; i < nw; i++) {
		if (ws[i].reg->offset == HPNIC_CC_LINE_MBPS)
			p.line_mbps = ws[i].value;
		if (ws[i].reg->offset == HPNIC_CC_T_NS)
			p.t_ns = ws[i].value;
	}
	if (dcqcn_params_check(&p, &what))
		fail(2, "cc set: line rate %u Mb/s, T %u ns: DCQCN's parameters do not fit them: "
		     "%s (change those first: " PROG " cc dcqcn set)", p.line_mbps, p.t_ns, what);
	if (dcqcn_derive(&p, &d))
		fail(2, "cc set: DCQCN's parameters fail dcqcn_derive");
	dcqcn_regs(&d, new);
	return 1;
}

static void dcqcn_follow_write(const struct cc_io *io, const uint32_t old[DCQCN_NREGS],
			       const uint32_t new[DCQCN_NREGS])
{
	for (unsigned int i = 0; i < DCQCN_NREGS; i++)
		if (new[i] != old[i])
			io_wr(io, DCQCN_REG(i), new[i]);
}

static int cmd_cc(int argc, char **argv)
{
	const struct hpnic_block_desc *cc = block_by_base(HPNIC_CC_BASE);
	int help = parse_opts(argc, argv, 0), set;
	struct cc_write *ws = NULL;
	uint32_t dq_old[DCQCN_NREGS], dq_new[DCQCN_NREGS];
	int nw = 0, bad = 0, dq = 0;
	char key[32], st[512];
	struct cc_io io = { 0 };
	const struct fn *f;
	struct bar b;

	argc -= optind;
	argv += optind;
	if (argc && !strcmp(argv[0], "dcqcn"))
		return cmd_cc_dcqcn(argc, argv, help);
	if (argc && !strcmp(argv[0], "vai"))
		return cmd_cc_vai(argc, argv, help);
	set = argc && !strcmp(argv[0], "set");
	if (argc && !set && strcmp(argv[0], "show"))
		usage_fail("unknown cc command '%s' (show, set, dcqcn, vai)", argv[0]);
	if (help) {
		if (set)
			printf("usage: " PROG " cc set [-d BDF] [--sysfs DIR] KEY=VALUE...\n"
			       "Writes the CC parameters, the read-write registers of the CC block.\n"
			       "VALUE is decimal or 0x hex and must fit the register's bits, and the\n"
			       "register's range where the map gives one (the NIC refuses any other\n"
			       "value). Every argument is checked before anything is written. The\n"
			       "values are read back, then CTRL.CC_PARAM_STATUS after the engine has\n"
			       "re-derived its constants: a clamped parameter is reported on stderr\n"
			       "(exit status 0). A new line_mbps or t_ns re-derives DCQCN's registers\n"
			       "from the parameters the NIC holds (as libhpnic's hpnic_set_cc), and is\n"
			       "refused when they do not fit it; unless dcqcn_* keys are given too.\n\n");
		else
			printf("usage: " PROG " cc [show] [-d BDF] [--sysfs DIR]\n"
			       "Prints the CC parameters as KEY=VALUE lines (decimal; `cc set` takes\n"
			       "them back), then CTRL.CC_PARAM_STATUS as a comment line.\n\n");
		cc_keys_help();
		printf("\n%s", opts_help);
		return 0;
	}
	if (set) {
		if (argc < 2)
			usage_fail("cc set needs KEY=VALUE arguments");
		ws = calloc((size_t)argc - 1, sizeof(*ws));
		if (!ws)
			fail(1, "out of memory");
		nw = argc - 1;
		parse_cc_args(nw, argv + 1, ws);
	} else if (argc > 1) {
		usage_fail("cc show takes no argument ('%s')", argv[1]);
	}

	scan();
	f = select_fn();
	io.f = f;
	if (driver_bound(f)) {
		io.drv = 1;
		if (set)
			dq = dcqcn_follow(&io, ws, nw, dq_old, dq_new);
		bad = cc_through_driver(f, set, ws, nw);
		if (dq && !bad)
			dcqcn_follow_write(&io, dq_old, dq_new);
		free(ws);
		return bad;
	}
	open_fn_checked(f, &b);
	io.b = b;
	if (set)
		dq = dcqcn_follow(&io, ws, nw, dq_old, dq_new);
	if (!set) {
		for (unsigned int i = cc->reg; i < cc->reg + cc->num_regs; i++) {
			const struct hpnic_reg_desc *r = &hpnic_reg_table[i];

			if (is_cc_param(r))
				printf("%s=%u\n", lower(r->name, key, sizeof(key)),
				       rd(&b, r->offset) & r->mask);
		}
		cc_status(&b, st, sizeof(st));
		printf("# %s\n", st);
		return 0;
	}

	order_rates(ws, nw, rd(&b, HPNIC_CC_LINE_MBPS) & HPNIC_CC_LINE_MBPS_MASK);
	for (int i = 0; i < nw; i++)
		wr(&b, ws[i].reg->offset, ws[i].value);
	if (dq)
		dcqcn_follow_write(&io, dq_old, dq_new);
	for (int i = 0; i < nw; i++) {
		uint32_t v = rd(&b, ws[i].reg->offset) & ws[i].reg->mask;

		if (v != ws[i].value) {
			fprintf(stderr, PROG ": CC.%s reads back %u after writing %u\n",
				ws[i].reg->name, v, ws[i].value);
			bad = 1;
		}
	}
	nanosleep(&(struct timespec){ .tv_nsec = CC_SETTLE_NS }, NULL);
	if (cc_status(&b, st, sizeof(st)))
		fprintf(stderr, PROG ": %s\n", st);
	free(ws);
	return bad;
}

int main(int argc, char **argv)
{
	char *env = getenv("HPNIC_SYSFS");
	const char *cmd;

	if (env && *env)
		sysfs_dir = env;
	if (parse_opts(argc, argv, 1)) {
		help_main();
		return 0;
	}
	if (optind >= argc)
		usage_fail("no command");
	cmd = argv[optind];
	argc -= optind;
	argv += optind;
	if (!strcmp(cmd, "list"))
		return cmd_list(argc, argv);
	if (!strcmp(cmd, "dump"))
		return cmd_dump(argc, argv);
	if (!strcmp(cmd, "cc"))
		return cmd_cc(argc, argv);
	if (!strcmp(cmd, "counters"))
		return cmd_counters(argc, argv);
	usage_fail("unknown command '%s'", cmd);
}
