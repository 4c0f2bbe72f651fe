/* SPDX-License-Identifier: MIT */
/*
 * hpnic-vmdev: the simulated NICs (sim/nic: Verilated hpnic_core, links, an
 * optional network) served to a QEMU guest as PCI functions, through QEMU's
 * multi-process device proxy (vmdev_proto.h). It starts QEMU itself with
 * the guest's RAM in a memfd, hands each function's socket to it, then
 * alternates between QEMU's requests (config space, BAR0 = the CSR space,
 * resets, guest RAM maps) and a few cycles of simulation, so the NICs keep
 * running while the guest is idle. The NICs' DMA goes to guest RAM.
 *
 * docs/vm.md explains its use; `hpnic-vmdev --help` lists the options.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define HPNIC_REGS_WANT_COUNTER_NAMES
#include "hpnic_regs.h"
#include "hpnic_sim.h"
#include "vmdev_proto.h"

#define CFG_SPACE 256
#define EXIT_MARKER "hpnic-vm: exit "
#define EXIT_TIMEOUT 124
#define EXIT_PROTO 3            /* a malformed message or a broken channel */
#define MSG_TIMEOUT_S 2         /* a message begun must be whole by then */

struct region {
	uint64_t gpa, size;
	uint8_t *map;           /* the mmap, page-aligned */
	size_t map_len;
	uint8_t *base;          /* guest-physical gpa is here */
};

/* one PCI function: one NIC of the world */
struct fn {
	unsigned nic;
	int sock;               /* our end of the proxy's socket */
	bool open;
	uint8_t cfg[CFG_SPACE];
	struct region mem[VMDEV_MAX_FDS];
	unsigned nmem;
	uint64_t cfg_reads, cfg_writes, bar_reads, bar_writes;
	uint64_t bar_outside;   /* accesses that no BAR decodes: all-ones, ignored */
	uint64_t bar_partial;   /* 1- and 2-byte writes: the CSRs take 32 bits */
	uint64_t syncs, resets;
	uint64_t bar_ns;        /* time spent serving BAR accesses */
	uint64_t bar_cycles;    /* simulated cycles they took */
};

static struct {
	const char *qemu, *kernel, *initrd, *append, *machine, *report;
	unsigned mem_mb, batch, timeout_s;
	bool guest_status;      /* batch mode: console piped, guest's exit status */
	bool interactive;
	int fds[HPNIC_SIM_MAX_NICS];
	unsigned nfds;
	char **qemu_extra;
	int nqemu_extra;
	int bad_id_nic;         /* this function's ID.VERSION reads a foreign major; -1 none */
} opt = {
	.qemu = "qemu-system-x86_64",
	.machine = "q35",
	.append = "console=ttyS0 quiet panic=-1",
	.mem_mb = 512,
	.batch = 1,
	.bad_id_nic = -1,
};

/* what --bad-id makes ID.VERSION read: a register map the drivers do not know */
#define BAD_ID_VERSION 0x00ff0000u

static struct fn *fns;
static unsigned nfns;
static pid_t qemu_pid = -1;
static int console_fd = -1;
static char console_line[512];
static size_t console_len;
static int guest_rc = -1;
static uint64_t idle_cycles, idle_ns;   /* simulation while no request came */

static void die(int code, const char *fmt, ...) __attribute__((format(printf, 2, 3), noreturn));
static void die(int code, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "hpnic-vmdev: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	if (qemu_pid > 0)
		kill(qemu_pid, SIGKILL);
	exit(code);
}

static uint64_t now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

/*
 * Config space: a type-0 header with one 32-bit memory BAR, no capabilities
 * (so no MSI, which the proxy cannot carry) and INTA.
 */
static void put16(uint8_t *c, unsigned a, uint16_t v)
{
	c[a] = (uint8_t)v;
	c[a + 1] = (uint8_t)(v >> 8);
}

static uint32_t get32(const uint8_t *c, unsigned a)
{
	return (uint32_t)c[a] | (uint32_t)c[a + 1] << 8 | (uint32_t)c[a + 2] << 16 |
	       (uint32_t)c[a + 3] << 24;
}

static void cfg_reset(struct fn *f)
{
	uint8_t *c = f->cfg;

	memset(c, 0, CFG_SPACE);
	put16(c, 0x00, HPNIC_PCI_VENDOR_ID);
	put16(c, 0x02, HPNIC_PCI_DEVICE_ID);
	c[0x08] = 1;                                    /* revision */
	c[0x09] = (uint8_t)HPNIC_PCI_CLASS;             /* programming interface */
	c[0x0a] = (uint8_t)(HPNIC_PCI_CLASS >> 8);      /* subclass: Ethernet */
	c[0x0b] = (uint8_t)(HPNIC_PCI_CLASS >> 16);     /* class: network */
	put16(c, 0x2c, HPNIC_PCI_VENDOR_ID);            /* subsystem */
	put16(c, 0x2e, HPNIC_PCI_DEVICE_ID);
	c[0x3d] = 1;                                    /* INTA */
}

static uint32_t bar0_base(const struct fn *f)
{
	return get32(f->cfg, 0x10) & ~(uint32_t)(HPNIC_BAR0_SIZE - 1);
}

static uint32_t cfg_read(struct fn *f, uint32_t addr, int len)
{
	uint32_t v = 0;

	f->cfg_reads++;
	for (int i = 0; i < len; i++)
		if (addr + i < CFG_SPACE)
			v |= (uint32_t)f->cfg[addr + i] << (8 * i);
	return v;
}

static void cfg_write(struct fn *f, uint32_t addr, uint32_t val, int len)
{
	/* per byte of the header, the bits software may write */
	static const uint8_t writable[0x40] = {
		[0x04] = 0x46,  /* memory space, bus master, parity error response */
		[0x05] = 0x05,  /* SERR#, interrupt disable */
		[0x0c] = 0xff,  /* cache line size */
		[0x0d] = 0xff,  /* latency timer */
		[0x10] = 0xf0, [0x11] = 0xff, [0x12] = 0xff, [0x13] = 0xff,  /* BAR0 */
		[0x3c] = 0xff,  /* interrupt line */
	};

	f->cfg_writes++;
	for (int i = 0; i < len; i++) {
		uint32_t a = addr + i;
		uint8_t b = (uint8_t)(val >> (8 * i));

		if (a < sizeof(writable))
			f->cfg[a] = (uint8_t)((f->cfg[a] & ~writable[a]) | (b & writable[a]));
	}
	/* BAR0's size shows as the address bits that do not stick */
	{
		uint32_t bar = get32(f->cfg, 0x10) & ~(uint32_t)(HPNIC_BAR0_SIZE - 1);

		f->cfg[0x10] = (uint8_t)bar;
		f->cfg[0x11] = (uint8_t)(bar >> 8);
		f->cfg[0x12] = (uint8_t)(bar >> 16);
		f->cfg[0x13] = (uint8_t)(bar >> 24);
	}
}

/*
 * BAR0: 32-bit CSR accesses on the core's CSR port. Wider and narrower
 * reads are assembled from 32-bit ones; a narrower write cannot be made
 * without touching the other bytes of a register that may act on writes
 * (doorbells, commands), so it is counted and ignored.
 */
static uint32_t csr_read(struct fn *f, uint32_t off)
{
	uint32_t v;
	int err;

	if (off == HPNIC_ID_VERSION && (int)f->nic == opt.bad_id_nic)
		return BAD_ID_VERSION;
	err = hpnic_sim_csr_read(f->nic, off, &v);

	if (err) {
		fprintf(stderr, "hpnic-vmdev: nic%u: CSR read at 0x%x failed: %s\n", f->nic, off,
			strerror(-err));
		return 0xffffffffu;
	}
	return v;
}

static void csr_write(struct fn *f, uint32_t off, uint32_t v)
{
	int err = hpnic_sim_csr_write(f->nic, off, v);

	if (err)
		fprintf(stderr, "hpnic-vmdev: nic%u: CSR write at 0x%x failed: %s\n", f->nic, off,
			strerror(-err));
}

/* the BAR0 offset of [addr, addr + size), or -1 when BAR0 does not hold it */
static int64_t bar_offset(const struct fn *f, uint64_t addr, unsigned size)
{
	uint64_t base = bar0_base(f);

	if (!base || addr < base || addr + size > base + HPNIC_BAR0_SIZE)
		return -1;
	return (int64_t)(addr - base);
}

static uint64_t bar_read(struct fn *f, uint64_t addr, unsigned size)
{
	int64_t off = bar_offset(f, addr, size);
	uint64_t v;

	f->bar_reads++;
	if (off < 0 || (size != 1 && size != 2 && size != 4 && size != 8) || (off & (size - 1))) {
		f->bar_outside++;
		return ~0ull;
	}
	if (size == 8)
		return csr_read(f, (uint32_t)off) | (uint64_t)csr_read(f, (uint32_t)off + 4) << 32;
	v = csr_read(f, (uint32_t)off & ~3u) >> (8 * (off & 3));
	return size == 4 ? v : v & ((1ull << (8 * size)) - 1);
}

static void bar_write(struct fn *f, uint64_t addr, uint64_t val, unsigned size)
{
	int64_t off = bar_offset(f, addr, size);

	f->bar_writes++;
	if (off < 0 || (size != 4 && size != 8) || (off & (size - 1))) {
		if (off >= 0 && (size == 1 || size == 2)) {
			if (!f->bar_partial++)
				fprintf(stderr, "hpnic-vmdev: nic%u: %u-byte write at BAR0 0x%llx ignored: "
					"registers take 32-bit writes (counted as bar_partial)\n",
					f->nic, size, (unsigned long long)off);
		} else {
			f->bar_outside++;
		}
		return;
	}
	csr_write(f, (uint32_t)off, (uint32_t)val);
	if (size == 8)
		csr_write(f, (uint32_t)off + 4, (uint32_t)(val >> 32));
}

/*
 * The port's addresses, in CTRL as a board's firmware leaves them after
 * reset: the ones the simulated network routes by (hpnic_sim_port_addr).
 * libhpnic's pci backend takes them from there.
 */
static void set_port_addr(struct fn *f)
{
	uint8_t mac[6];
	uint32_t ip;

	hpnic_sim_run(32);      /* the reset's 16 cycles, then some */
	if (hpnic_sim_port_addr(f->nic, mac, &ip))
		return;
	csr_write(f, HPNIC_CTRL_MAC_LO, (uint32_t)mac[2] << 24 | (uint32_t)mac[3] << 16 |
		  (uint32_t)mac[4] << 8 | mac[5]);
	csr_write(f, HPNIC_CTRL_MAC_HI, (uint32_t)mac[0] << 8 | mac[1]);
	csr_write(f, HPNIC_CTRL_IP, ip);
}

/*
 * Guest RAM: QEMU sends the whole map again whenever it changes. The NICs'
 * DMA addresses are guest-physical; a range must lie inside one region.
 */
static void mem_unmap(struct fn *f)
{
	for (unsigned i = 0; i < f->nmem; i++)
		munmap(f->mem[i].map, f->mem[i].map_len);
	f->nmem = 0;
}

static void mem_sync(struct fn *f, const struct vmdev_sysmem *s, const int *fds, unsigned n)
{
	mem_unmap(f);
	f->syncs++;
	for (unsigned i = 0; i < n; i++) {
		uint64_t skew = (uint64_t)s->offset[i] & 4095;
		struct region *r = &f->mem[f->nmem];

		if (s->offset[i] < 0 || !s->size[i])
			die(EXIT_PROTO, "nic%u: guest RAM region %u: offset %lld, size %llu", f->nic, i,
			    (long long)s->offset[i], (unsigned long long)s->size[i]);
		r->map_len = s->size[i] + skew;
		r->map = mmap(NULL, r->map_len, PROT_READ | PROT_WRITE, MAP_SHARED, fds[i],
			      s->offset[i] - (off_t)skew);
		if (r->map == MAP_FAILED)
			die(EXIT_PROTO, "nic%u: cannot map guest RAM region %u (%llu bytes at 0x%llx): %s",
			    f->nic, i, (unsigned long long)s->size[i], (unsigned long long)s->gpa[i],
			    strerror(errno));
		r->base = r->map + skew;
		r->gpa = s->gpa[i];
		r->size = s->size[i];
		f->nmem++;
	}
}

static void *dma_xlate(void *ctx, unsigned nic, uint64_t addr, uint64_t len)
{
	(void)ctx;
	if (nic >= nfns)
		return NULL;
	for (unsigned i = 0; i < fns[nic].nmem; i++) {
		const struct region *r = &fns[nic].mem[i];

		if (addr >= r->gpa && addr + len <= r->gpa + r->size && addr + len >= addr)
			return r->base + (addr - r->gpa);
	}
	return NULL;
}

/*
 * The channel
 */
static void reply(struct fn *f, uint64_t val)
{
	struct vmdev_hdr h = { .cmd = VMDEV_CMD_RET, .size = sizeof(val) };
	struct iovec iov[2] = { { &h, sizeof(h) }, { &val, sizeof(val) } };
	ssize_t n = writev(f->sock, iov, 2);

	if (n != (ssize_t)(sizeof(h) + sizeof(val)))
		die(EXIT_PROTO, "nic%u: cannot answer QEMU: %s", f->nic,
		    n < 0 ? strerror(errno) : "short write");
}

static bool read_full(int fd, void *buf, size_t len)
{
	uint8_t *p = buf;

	while (len) {
		ssize_t n = read(fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return false;
		p += n;
		len -= (size_t)n;
	}
	return true;
}

static const char *cmd_name(int cmd)
{
	static const char *const names[] = { "SYNC_SYSMEM", "RET", "PCI_CFGWRITE", "PCI_CFGREAD",
					     "BAR_WRITE", "BAR_READ", "SET_IRQFD", "DEVICE_RESET" };

	return cmd >= 0 && cmd < VMDEV_CMD_MAX ? names[cmd] : "unknown";
}

/* one message from QEMU; false when QEMU closed the channel */
static bool serve(struct fn *f)
{
	struct vmdev_hdr h;
	union {
		uint8_t raw[sizeof(struct vmdev_sysmem)];
		struct vmdev_sysmem sysmem;
		struct vmdev_cfg_access cfg;
		struct vmdev_bar_access bar;
	} p;
	union {
		char buf[CMSG_SPACE(sizeof(int) * VMDEV_MAX_FDS)];
		struct cmsghdr align;
	} ctl;
	struct iovec iov = { &h, sizeof(h) };
	struct msghdr mh = { .msg_iov = &iov, .msg_iovlen = 1, .msg_control = ctl.buf,
			     .msg_controllen = sizeof(ctl.buf) };
	int fds[VMDEV_MAX_FDS];
	unsigned nfd = 0;
	size_t want = 0;
	ssize_t n;

	do
		n = recvmsg(f->sock, &mh, MSG_CMSG_CLOEXEC | MSG_WAITALL);
	while (n < 0 && errno == EINTR);
	if (n == 0)
		return false;
	if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
		die(EXIT_PROTO, "nic%u: malformed message from QEMU: header incomplete after %u s",
		    f->nic, MSG_TIMEOUT_S);
	if (n < 0)
		die(EXIT_PROTO, "nic%u: reading from QEMU: %s", f->nic, strerror(errno));
	for (struct cmsghdr *c = CMSG_FIRSTHDR(&mh); c; c = CMSG_NXTHDR(&mh, c)) {
		if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS)
			continue;
		unsigned k = (unsigned)((c->cmsg_len - CMSG_LEN(0)) / sizeof(int));

		for (unsigned i = 0; i < k && nfd < VMDEV_MAX_FDS; i++)
			memcpy(&fds[nfd++], CMSG_DATA(c) + i * sizeof(int), sizeof(int));
	}
	if (n != sizeof(h) || (mh.msg_flags & MSG_CTRUNC))
		die(EXIT_PROTO, "nic%u: malformed message from QEMU: %zd-byte header%s", f->nic, n,
		    (mh.msg_flags & MSG_CTRUNC) ? ", too many fds" : "");
	switch (h.cmd) {
	case VMDEV_CMD_SYNC_SYSMEM: want = sizeof(p.sysmem); break;
	case VMDEV_CMD_CFG_READ:
	case VMDEV_CMD_CFG_WRITE: want = sizeof(p.cfg); break;
	case VMDEV_CMD_BAR_READ:
	case VMDEV_CMD_BAR_WRITE: want = sizeof(p.bar); break;
	case VMDEV_CMD_SET_IRQFD:
	case VMDEV_CMD_DEVICE_RESET: want = 0; break;
	default:
		die(EXIT_PROTO, "nic%u: malformed message from QEMU: command %d (%s), size %llu",
		    f->nic, h.cmd, cmd_name(h.cmd), (unsigned long long)h.size);
	}
	if (h.size != want ||
	    (h.cmd == VMDEV_CMD_SYNC_SYSMEM ? nfd == 0 : h.cmd == VMDEV_CMD_SET_IRQFD ? nfd != 2 : nfd != 0))
		die(EXIT_PROTO, "nic%u: malformed message from QEMU: %s with size %llu (want %zu) "
		    "and %u fds", f->nic, cmd_name(h.cmd), (unsigned long long)h.size, want, nfd);
	if (want && !read_full(f->sock, p.raw, want))
		die(EXIT_PROTO, "nic%u: malformed message from QEMU: %s payload incomplete (%s)",
		    f->nic, cmd_name(h.cmd), errno == EAGAIN ? "timed out" : "channel closed");

	switch (h.cmd) {
	case VMDEV_CMD_SYNC_SYSMEM:
		mem_sync(f, &p.sysmem, fds, nfd);
		break;
	case VMDEV_CMD_CFG_READ:
	case VMDEV_CMD_CFG_WRITE:
		if (p.cfg.len != 1 && p.cfg.len != 2 && p.cfg.len != 4)
			die(EXIT_PROTO, "nic%u: malformed config access: length %d at 0x%x", f->nic,
			    p.cfg.len, p.cfg.addr);
		if (h.cmd == VMDEV_CMD_CFG_READ) {
			reply(f, cfg_read(f, p.cfg.addr, p.cfg.len));
		} else {
			cfg_write(f, p.cfg.addr, p.cfg.val, p.cfg.len);
			reply(f, 0);
		}
		break;
	case VMDEV_CMD_BAR_READ:
	case VMDEV_CMD_BAR_WRITE: {
		uint64_t t0 = now_ns(), c0 = hpnic_sim_cycle(), v = 0;

		if (h.cmd == VMDEV_CMD_BAR_READ)
			v = bar_read(f, p.bar.addr, p.bar.size);
		else
			bar_write(f, p.bar.addr, p.bar.val, p.bar.size);
		f->bar_ns += now_ns() - t0;
		f->bar_cycles += hpnic_sim_cycle() - c0;
		reply(f, v);
		break;
	}
	case VMDEV_CMD_SET_IRQFD:
		/* INTx by irqfd needs KVM; the NIC's interrupts are counted
		 * (the sim's irqs) and the guest polls */
		break;
	case VMDEV_CMD_DEVICE_RESET:
		f->resets++;
		cfg_reset(f);
		hpnic_sim_reset(f->nic);
		set_port_addr(f);
		reply(f, 0);
		break;
	}
	for (unsigned i = 0; i < nfd; i++)
		close(fds[i]);
	return true;
}

/*
 * QEMU and its console
 */
static void start_qemu(void)
{
	char **argv = calloc((size_t)(40 + 2 * nfns + opt.nqemu_extra), sizeof(*argv));
	char mem[64], obj[96], mach[96];
	int pipefd[2] = { -1, -1 }, socks[HPNIC_SIM_MAX_NICS];
	pid_t parent = getpid();
	int a = 0;

	if (!argv)
		die(1, "out of memory");
	for (unsigned i = 0; i < nfns; i++) {
		int sv[2];

		if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv))
			die(1, "socketpair: %s", strerror(errno));
		fcntl(sv[0], F_SETFD, FD_CLOEXEC);      /* ours; sv[1] is inherited */
		fns[i].sock = sv[0];
		socks[i] = sv[1];
	}
	snprintf(mem, sizeof(mem), "%uM", opt.mem_mb);
	snprintf(obj, sizeof(obj), "memory-backend-memfd,id=mem,size=%uM,share=on", opt.mem_mb);
	snprintf(mach, sizeof(mach), "%s,memory-backend=mem", opt.machine);
	argv[a++] = (char *)opt.qemu;
	argv[a++] = "-machine";
	argv[a++] = mach;
	argv[a++] = "-object";
	argv[a++] = obj;
	argv[a++] = "-m";
	argv[a++] = mem;
	argv[a++] = "-nodefaults";
	argv[a++] = "-no-reboot";
	argv[a++] = "-display";
	argv[a++] = "none";
	argv[a++] = "-serial";
	argv[a++] = opt.interactive ? "mon:stdio" : "stdio";
	if (opt.kernel) {
		argv[a++] = "-kernel";
		argv[a++] = (char *)opt.kernel;
		argv[a++] = "-append";
		argv[a++] = (char *)opt.append;
	}
	if (opt.initrd) {
		argv[a++] = "-initrd";
		argv[a++] = (char *)opt.initrd;
	}
	for (unsigned i = 0; i < nfns; i++) {
		argv[a++] = "-device";
		if (asprintf(&argv[a++], "x-pci-proxy-dev,id=hpnic%u,fd=%d", i, socks[i]) < 0)
			die(1, "out of memory");
	}
	for (int i = 0; i < opt.nqemu_extra; i++)
		argv[a++] = opt.qemu_extra[i];
	argv[a] = NULL;

	if (opt.guest_status && pipe2(pipefd, O_CLOEXEC))
		die(1, "pipe: %s", strerror(errno));
	fflush(NULL);
	qemu_pid = fork();
	if (qemu_pid < 0)
		die(1, "fork: %s", strerror(errno));
	if (qemu_pid == 0) {
		/* QEMU dies with us, so a dead server never leaves a guest
		 * blocked on a BAR access */
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		if (getppid() != parent)
			_exit(1);
		if (opt.guest_status) {
			int null = open("/dev/null", O_RDONLY);

			dup2(null, 0);
			dup2(pipefd[1], 1);
		}
		execvp(opt.qemu, argv);
		fprintf(stderr, "hpnic-vmdev: cannot run %s: %s\n", opt.qemu, strerror(errno));
		_exit(127);
	}
	for (unsigned i = 0; i < nfns; i++)
		close(socks[i]);
	if (opt.guest_status) {
		close(pipefd[1]);
		console_fd = pipefd[0];
		fcntl(console_fd, F_SETFL, O_NONBLOCK);
	}
}

/* echo the guest's console and catch the status line its init prints */
static void console_read(void)
{
	char buf[4096];
	ssize_t n = read(console_fd, buf, sizeof(buf));

	if (n <= 0) {
		if (n == 0 || (errno != EAGAIN && errno != EINTR)) {
			close(console_fd);
			console_fd = -1;
		}
		return;
	}
	fwrite(buf, 1, (size_t)n, stdout);
	fflush(stdout);
	for (ssize_t i = 0; i < n; i++) {
		if (buf[i] != '\n' && console_len + 1 < sizeof(console_line)) {
			if (buf[i] != '\r')
				console_line[console_len++] = buf[i];
			continue;
		}
		console_line[console_len] = '\0';
		char *m = strstr(console_line, EXIT_MARKER);

		if (m)
			guest_rc = atoi(m + strlen(EXIT_MARKER));
		console_len = 0;
	}
}

/*
 * The report: the server's figures and every NIC's counters, read the way
 * the guest reads them (STATS.SEL, then VALUE_LO, VALUE_HI)
 */
static void write_report(const char *path, uint64_t wall_ns)
{
	FILE *o = fopen(path, "w");

	if (!o) {
		fprintf(stderr, "hpnic-vmdev: cannot write %s: %s\n", path, strerror(errno));
		return;
	}
	fprintf(o, "# hpnic-vmdev report: key value\n");
	fprintf(o, "cycles %llu\n", (unsigned long long)hpnic_sim_cycle());
	fprintf(o, "wall_ms %.1f\n", wall_ns / 1e6);
	fprintf(o, "idle_cycles_per_s %.0f\n", idle_ns ? idle_cycles * 1e9 / idle_ns : 0.0);
	for (unsigned i = 0; i < nfns; i++) {
		struct fn *f = &fns[i];
		uint64_t bars = f->bar_reads + f->bar_writes;
		struct hpnic_sim_stats st;
		const struct { const char *key; uint64_t val; } n[] = {
			{ "cfg_reads", f->cfg_reads }, { "cfg_writes", f->cfg_writes },
			{ "bar_reads", f->bar_reads }, { "bar_writes", f->bar_writes },
			{ "bar_outside", f->bar_outside }, { "bar_partial", f->bar_partial },
			{ "mem_syncs", f->syncs }, { "resets", f->resets },
		};

		for (size_t k = 0; k < sizeof(n) / sizeof(n[0]); k++)
			fprintf(o, "nic%u.%s %llu\n", i, n[k].key, (unsigned long long)n[k].val);
		fprintf(o, "nic%u.bar_serve_us %.2f\nnic%u.bar_cycles %.1f\n", i,
			bars ? f->bar_ns / 1e3 / bars : 0.0, i, bars ? (double)f->bar_cycles / bars : 0.0);
		if (!hpnic_sim_stats(i, &st)) {
			const struct { const char *key; uint64_t val; } d[] = {
				{ "dma_rd_bytes", st.dma_rd_bytes }, { "dma_wr_bytes", st.dma_wr_bytes },
				{ "dma_bad", st.dma_bad }, { "irqs", st.irqs },
			};

			for (size_t k = 0; k < sizeof(d) / sizeof(d[0]); k++)
				fprintf(o, "nic%u.%s %llu\n", i, d[k].key, (unsigned long long)d[k].val);
		}
		for (unsigned c = 0; c < HPNIC_NUM_COUNTERS; c++) {
			uint32_t lo = 0, hi = 0;

			hpnic_sim_csr_write(i, HPNIC_STATS_SEL, c);
			hpnic_sim_csr_read(i, HPNIC_STATS_VALUE_LO, &lo);
			hpnic_sim_csr_read(i, HPNIC_STATS_VALUE_HI, &hi);
			fprintf(o, "nic%u.%s %llu\n", i, hpnic_counter_names[c],
				(unsigned long long)((uint64_t)hi << 32 | lo));
		}
	}
	fclose(o);
}

static void usage(FILE *o)
{
	fprintf(o,
"usage: hpnic-vmdev [OPTIONS] [-- QEMU-ARGS...]\n"
"Serves the simulated hpnic NICs (Verilated hpnic_core) as PCI functions\n"
"%04x:%04x (class %06x, BAR0 = the %u KiB CSR space) to a QEMU guest through\n"
"QEMU's multi-process device proxy, and starts that QEMU. The NICs run while\n"
"the guest is idle; their DMA reaches guest RAM. docs/vm.md has the details.\n"
"\n"
"  --kernel FILE      guest kernel (QEMU -kernel)\n"
"  --initrd FILE      guest initramfs (QEMU -initrd)\n"
"  --append STR       kernel command line (default \"%s\")\n"
"  --mem MB           guest RAM, in a memfd the NICs map (default %u)\n"
"  --machine TYPE     QEMU machine (default %s; pc works too)\n"
"  --qemu BIN         QEMU binary (default %s)\n"
"  --topo FILE        a network of NICs (sim/scenarios topology): one function\n"
"                     per host; default two NICs back to back\n"
"  --guest-status     batch mode: echo the console and exit with the status the\n"
"                     guest prints as \"" EXIT_MARKER "N\" (scripts/vm-run.sh)\n"
"  --interactive      the console is the terminal (Ctrl-A x quits QEMU)\n"
"  --timeout SEC      stop QEMU and exit %d after SEC seconds (0: never)\n"
"  --report FILE      at exit: the server's figures and every NIC's counters\n"
"  --batch N          cycles simulated between two looks at QEMU (default %u)\n"
"  --fd K             serve the inherited socket K instead of starting QEMU\n"
"                     (repeat per function; tests and hand-started QEMUs)\n"
"  --bad-id N         function N's ID.VERSION reads 255.0, a register map no\n"
"                     driver knows (tests that drivers refuse it)\n"
"  -h, --help         this text\n"
"Environment: HPNIC_SIM_PCAP, HPNIC_SIM_FST, ... as for the sim backend (sim/nic/hpnic_sim.h).\n"
"Exit status: the guest's (--guest-status) or QEMU's; %d timeout; %d a malformed\n"
"message or a broken channel; 1 other errors.\n",
		HPNIC_PCI_VENDOR_ID, HPNIC_PCI_DEVICE_ID, HPNIC_PCI_CLASS, HPNIC_BAR0_SIZE / 1024,
		opt.append, opt.mem_mb, opt.machine, opt.qemu, EXIT_TIMEOUT, opt.batch, EXIT_TIMEOUT,
		EXIT_PROTO);
}

static unsigned parse_uint(const char *what, const char *s, unsigned lo, unsigned hi)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = strtoul(s, &end, 0);
	if (errno || !*s || *end || v < lo || v > hi)
		die(2, "%s: '%s' is not a number in %u..%u", what, s, lo, hi);
	return (unsigned)v;
}

static void parse_args(int argc, char **argv, struct hpnic_sim_cfg *cfg)
{
	enum { OPT_KERNEL = 256, OPT_INITRD, OPT_APPEND, OPT_MEM, OPT_MACHINE, OPT_QEMU, OPT_TOPO,
	       OPT_STATUS, OPT_INTER, OPT_TIMEOUT, OPT_REPORT, OPT_BATCH, OPT_FD, OPT_BAD_ID };
	static const struct option lo[] = {
		{ "kernel", required_argument, 0, OPT_KERNEL },
		{ "initrd", required_argument, 0, OPT_INITRD },
		{ "append", required_argument, 0, OPT_APPEND },
		{ "mem", required_argument, 0, OPT_MEM },
		{ "machine", required_argument, 0, OPT_MACHINE },
		{ "qemu", required_argument, 0, OPT_QEMU },
		{ "topo", required_argument, 0, OPT_TOPO },
		{ "guest-status", no_argument, 0, OPT_STATUS },
		{ "interactive", no_argument, 0, OPT_INTER },
		{ "timeout", required_argument, 0, OPT_TIMEOUT },
		{ "report", required_argument, 0, OPT_REPORT },
		{ "batch", required_argument, 0, OPT_BATCH },
		{ "fd", required_argument, 0, OPT_FD },
		{ "bad-id", required_argument, 0, OPT_BAD_ID },
		{ "help", no_argument, 0, 'h' },
		{ 0, 0, 0, 0 }
	};
	int c;

	while ((c = getopt_long(argc, argv, "h", lo, NULL)) != -1) {
		switch (c) {
		case OPT_KERNEL: opt.kernel = optarg; break;
		case OPT_INITRD: opt.initrd = optarg; break;
		case OPT_APPEND: opt.append = optarg; break;
		case OPT_MEM: opt.mem_mb = parse_uint("--mem", optarg, 64, 65536); break;
		case OPT_MACHINE: opt.machine = optarg; break;
		case OPT_QEMU: opt.qemu = optarg; break;
		case OPT_TOPO: cfg->topology = optarg; cfg->nics = 0; break;
		case OPT_STATUS: opt.guest_status = true; break;
		case OPT_INTER: opt.interactive = true; break;
		case OPT_TIMEOUT: opt.timeout_s = parse_uint("--timeout", optarg, 0, 86400); break;
		case OPT_REPORT: opt.report = optarg; break;
		case OPT_BATCH: opt.batch = parse_uint("--batch", optarg, 1, 1u << 20); break;
		case OPT_BAD_ID:
			opt.bad_id_nic = (int)parse_uint("--bad-id", optarg, 0, HPNIC_SIM_MAX_NICS - 1);
			break;
		case OPT_FD:
			if (opt.nfds == HPNIC_SIM_MAX_NICS)
				die(2, "--fd: at most %u", HPNIC_SIM_MAX_NICS);
			opt.fds[opt.nfds++] = (int)parse_uint("--fd", optarg, 0, 1u << 20);
			break;
		case 'h': usage(stdout); exit(0);
		default: usage(stderr); exit(2);
		}
	}
	opt.qemu_extra = argv + optind;
	opt.nqemu_extra = argc - optind;
	if (opt.guest_status && opt.interactive)
		die(2, "--guest-status and --interactive exclude each other");
	if (opt.nfds && (opt.guest_status || opt.interactive || opt.kernel || opt.nqemu_extra))
		die(2, "--fd serves sockets of a QEMU started elsewhere: no QEMU options with it");
	if (!opt.nfds && !opt.kernel && !opt.nqemu_extra)
		die(2, "nothing to boot: give --kernel (and --initrd), or QEMU arguments after --");
}

int main(int argc, char **argv)
{
	struct hpnic_sim_cfg cfg;
	uint64_t t_start, t_end;
	int status = 0, rc;
	unsigned long iter = 0;

	hpnic_sim_cfg_default(&cfg);
	parse_args(argc, argv, &cfg);
	signal(SIGPIPE, SIG_IGN);
	if (opt.nfds)
		cfg.nics = opt.nfds;
	/* one thread: the second core belongs to QEMU's vCPU, and a worker
	 * that spins for it would starve the guest (HPNIC_SIM_THREADS still
	 * overrides this) */
	cfg.threads = 1;
	if ((rc = hpnic_sim_configure(&cfg)) || (rc = hpnic_sim_set_dma_xlate(dma_xlate, NULL)) ||
	    (rc = hpnic_sim_start()))
		die(1, "cannot start the simulated NICs: %s", strerror(-rc));
	nfns = hpnic_sim_nics();
	fns = calloc(nfns, sizeof(*fns));
	if (!fns)
		die(1, "out of memory");
	for (unsigned i = 0; i < nfns; i++) {
		fns[i].nic = i;
		fns[i].open = true;
		cfg_reset(&fns[i]);
		if (opt.nfds)
			fns[i].sock = opt.fds[i];
	}
	for (unsigned i = 0; i < nfns; i++)
		set_port_addr(&fns[i]);
	if (!opt.nfds)
		start_qemu();
	for (unsigned i = 0; i < nfns; i++) {
		/* QEMU writes a message whole: a part of one that stays alone
		 * means a broken peer, which must not hang the simulation */
		struct timeval tv = { .tv_sec = MSG_TIMEOUT_S };

		setsockopt(fns[i].sock, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	}
	fprintf(stderr, "hpnic-vmdev: %u NIC%s as PCI %04x:%04x%s\n", nfns, nfns > 1 ? "s" : "",
		HPNIC_PCI_VENDOR_ID, HPNIC_PCI_DEVICE_ID, opt.nfds ? " on inherited sockets" : "");

	t_start = now_ns();
	for (;;) {
		struct pollfd p[HPNIC_SIM_MAX_NICS + 1];
		unsigned np = 0, live = 0;
		bool served = false;

		for (unsigned i = 0; i < nfns; i++)
			if (fns[i].open)
				p[np++] = (struct pollfd){ .fd = fns[i].sock, .events = POLLIN };
		if (console_fd >= 0)
			p[np++] = (struct pollfd){ .fd = console_fd, .events = POLLIN };
		if (poll(p, np, 0) > 0) {
			unsigned k = 0;

			for (unsigned i = 0; i < nfns; i++) {
				if (!fns[i].open)
					continue;
				if (p[k++].revents & (POLLIN | POLLHUP | POLLERR)) {
					served = true;
					if (!serve(&fns[i])) {
						fns[i].open = false;
						close(fns[i].sock);
					}
				}
			}
			if (console_fd >= 0 && p[k].revents)
				console_read();
		}
		for (unsigned i = 0; i < nfns; i++)
			live += fns[i].open;
		if (!live)
			break;          /* QEMU is gone, or closed every channel */
		{
			uint64_t t0 = served ? 0 : now_ns();

			hpnic_sim_run(opt.batch);
			if (!served) {
				idle_ns += now_ns() - t0;
				idle_cycles += opt.batch;
			}
		}
		if (++iter % 256)
			continue;
		if (qemu_pid > 0 && waitpid(qemu_pid, &status, WNOHANG) == qemu_pid) {
			qemu_pid = -1;
			break;
		}
		if (opt.timeout_s && now_ns() - t_start > opt.timeout_s * 1000000000ull)
			die(EXIT_TIMEOUT, "timed out after %u s%s", opt.timeout_s,
			    opt.guest_status ? " without the guest's exit status" : "");
	}
	t_end = now_ns();
	if (qemu_pid > 0) {
		/* the channels closed: QEMU is exiting */
		for (int k = 0; k < 500 && waitpid(qemu_pid, &status, WNOHANG) != qemu_pid; k++)
			usleep(10000);
		if (waitpid(qemu_pid, &status, WNOHANG) == 0) {
			kill(qemu_pid, SIGKILL);
			waitpid(qemu_pid, &status, 0);
		}
		qemu_pid = -1;
	}
	while (console_fd >= 0)
		console_read();
	if (opt.report)
		write_report(opt.report, t_end - t_start);
	for (unsigned i = 0; i < nfns; i++)
		mem_unmap(&fns[i]);
	if (opt.nfds)
		return 0;
	if (opt.guest_status) {
		if (guest_rc >= 0)
			return guest_rc;
		fprintf(stderr, "hpnic-vmdev: QEMU exited (%s %d) before the guest printed its status\n",
			WIFSIGNALED(status) ? "signal" : "status",
			WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
		return 1;
	}
	return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}
