/* SPDX-License-Identifier: MIT */
/*
 * libhpnic's "pci" backend: an hpnic PCI function driven from userspace as
 * root, without the kernel driver, through sysfs. "pci:0000:00:01.0" (or
 * "pci:00:01.0") maps the function's BAR0 from
 * /sys/bus/pci/devices/<BDF>/resource0 and sets its bus-master bit in the
 * config file. It is for bring-up and tests (the co-simulation VM, a board
 * before its driver), not for applications: nothing isolates one process's
 * DMA from another's, and the NIC reaches physical memory directly.
 *
 * DMA memory must be physically contiguous, since the NIC has no page
 * tables yet. Rings come from 2 MiB huge pages (the guest reserves some:
 * /proc/sys/vm/nr_hugepages); a buffer a program registers must be
 * physically contiguous too, as memory from one huge page is
 * (mmap MAP_HUGETLB). Physical addresses come from /proc/self/pagemap.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "hpnic_priv.h"

#define HUGE_SIZE (2u << 20)
#define PAGE 4096u

struct huge_chunk {
	struct huge_chunk *next;
	uint8_t *va;
	uint64_t pa;
	size_t used;
};

struct hpnic_backend {
	char bdf[16];           /* 0000:00:01.0 */
	unsigned bus, dev, fn;
	volatile uint32_t *bar;
	struct huge_chunk *chunks;
	int pagemap;
};

/* the physical address of a mapped, resident virtual address; 0: none */
static uint64_t phys_addr(struct hpnic_backend *be, const void *va)
{
	uint64_t e, page = (uint64_t)(uintptr_t)va / PAGE;

	if (pread(be->pagemap, &e, sizeof(e), (off_t)(page * sizeof(e))) != sizeof(e))
		return 0;
	/* bit 63: present; bits 54:0: the frame (zero without CAP_SYS_ADMIN) */
	if (!(e >> 63) || !(e & ((1ull << 55) - 1)))
		return 0;
	return (e & ((1ull << 55) - 1)) * PAGE + (uint64_t)(uintptr_t)va % PAGE;
}

static int parse_bdf(const char *arg, struct hpnic_backend *be)
{
	unsigned dom = 0;
	int n = 0;

	if (sscanf(arg, "%x:%x:%x.%u%n", &dom, &be->bus, &be->dev, &be->fn, &n) != 4 ||
	    arg[n]) {
		dom = 0;
		n = 0;
		if (sscanf(arg, "%x:%x.%u%n", &be->bus, &be->dev, &be->fn, &n) != 3 || arg[n])
			return -EINVAL;
	}
	if (dom > 0xffff || be->bus > 0xff || be->dev > 0x1f || be->fn > 7)
		return -EINVAL;
	snprintf(be->bdf, sizeof(be->bdf), "%04x:%02x:%02x.%u", dom, be->bus, be->dev, be->fn);
	return 0;
}

/* the device may master the bus (the kernel leaves this to a driver) */
static int enable_bus_master(struct hpnic_backend *be)
{
	char path[96];
	uint16_t cmd;
	int fd, err = 0;

	snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/config", be->bdf);
	fd = open(path, O_RDWR | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (pread(fd, &cmd, 2, 4) != 2) {
		err = -EIO;
	} else if ((cmd & 6) != 6) {
		cmd |= 6;       /* memory space, bus master */
		if (pwrite(fd, &cmd, 2, 4) != 2)
			err = -EIO;
	}
	close(fd);
	return err;
}

static void pci_close(struct hpnic_backend *be)
{
	if (!be)
		return;
	while (be->chunks) {
		struct huge_chunk *c = be->chunks;

		be->chunks = c->next;
		munmap(c->va, HUGE_SIZE);
		free(c);
	}
	if (be->bar)
		munmap((void *)be->bar, HPNIC_BAR0_SIZE);
	if (be->pagemap >= 0)
		close(be->pagemap);
	free(be);
}

static int pci_open(const char *arg, struct hpnic_backend **bep)
{
	struct hpnic_backend *be;
	char path[96];
	struct stat st;
	void *bar;
	int fd, err;

	if (!arg || !bep)
		return -EINVAL;
	*bep = NULL;
	be = calloc(1, sizeof(*be));
	if (!be)
		return -ENOMEM;
	be->pagemap = -1;
	if (parse_bdf(arg, be)) {
		hpnic_set_error("pci:%s: not a PCI address (0000:00:01.0 or 00:01.0)", arg);
		free(be);
		return -EINVAL;
	}
	snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/resource0", be->bdf);
	fd = open(path, O_RDWR | O_SYNC | O_CLOEXEC);
	if (fd < 0) {
		err = -errno;
		hpnic_set_error("pci:%s: %s: %s%s", be->bdf, path, strerror(-err),
				err == -EACCES || err == -EPERM ? " (the pci backend needs root)" :
				err == -ENOENT ? " (no such PCI function)" : "");
		free(be);
		return err == -ENOENT ? -ENODEV : err;
	}
	if (fstat(fd, &st) == 0 && st.st_size && st.st_size < HPNIC_BAR0_SIZE) {
		hpnic_set_error("pci:%s: BAR0 is %lld bytes, the register map needs %u: not an hpnic "
				"function?", be->bdf, (long long)st.st_size, HPNIC_BAR0_SIZE);
		close(fd);
		free(be);
		return -ENODEV;
	}
	bar = mmap(NULL, HPNIC_BAR0_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	err = -errno;
	close(fd);
	if (bar == MAP_FAILED) {
		hpnic_set_error("pci:%s: cannot map BAR0: %s", be->bdf, strerror(-err));
		free(be);
		return err;
	}
	be->bar = bar;
	be->pagemap = open("/proc/self/pagemap", O_RDONLY | O_CLOEXEC);
	err = be->pagemap < 0 ? -errno : enable_bus_master(be);
	if (err) {
		hpnic_set_error("pci:%s: %s: %s", be->bdf,
				be->pagemap < 0 ? "/proc/self/pagemap" : "cannot enable bus mastering",
				strerror(-err));
		pci_close(be);
		return err;
	}
	*bep = be;
	return 0;
}

static int pci_csr_read(struct hpnic_backend *be, uint32_t off, uint32_t *val)
{
	if (!be || !val || off % 4 || off >= HPNIC_BAR0_SIZE)
		return -EINVAL;
	*val = be->bar[off / 4];
	return 0;
}

static int pci_csr_write(struct hpnic_backend *be, uint32_t off, uint32_t val)
{
	if (!be || off % 4 || off >= HPNIC_BAR0_SIZE)
		return -EINVAL;
	be->bar[off / 4] = val;
	return 0;
}

/*
 * [addr, addr + len) resident, locked and physically contiguous: its first
 * byte's physical address in *pa
 */
static int contiguous(struct hpnic_backend *be, void *addr, size_t len, uint64_t *pa)
{
	uintptr_t first = (uintptr_t)addr & ~(uintptr_t)(PAGE - 1);
	uint64_t base;

	if (mlock(addr, len))
		return -errno;
	base = phys_addr(be, (void *)first);
	if (!base)
		return -EPERM;
	for (uintptr_t p = first + PAGE; p < (uintptr_t)addr + len; p += PAGE)
		if (phys_addr(be, (void *)p) != base + (p - first))
			return -EFAULT;
	*pa = base + ((uintptr_t)addr - first);
	return 0;
}

static int pci_dma_map(struct hpnic_backend *be, void *addr, size_t len, uint64_t *iova)
{
	int err;

	if (!be || !addr || !len || !iova)
		return -EINVAL;
	err = contiguous(be, addr, len, iova);
	if (err == -EFAULT)
		hpnic_set_error("pci:%s: %zu bytes at %p are not physically contiguous; without the "
				"kernel driver, register memory from one huge page (mmap MAP_HUGETLB)",
				be->bdf, len, addr);
	else if (err)
		hpnic_set_error("pci:%s: no physical address for %p: %s", be->bdf, addr,
				err == -EPERM ? "/proc/self/pagemap hides frames (needs root)" :
				strerror(-err));
	return err;
}

static void pci_dma_unmap(struct hpnic_backend *be, void *addr, size_t len)
{
	(void)be;
	munlock(addr, len);
}

/* rings: carved from huge pages, 4 KiB-aligned, kept until close */
static int pci_dma_alloc(struct hpnic_backend *be, size_t len, void **addr, uint64_t *iova)
{
	size_t need = (len + PAGE - 1) & ~(size_t)(PAGE - 1);
	struct huge_chunk *c;

	if (!be || !len || !addr || !iova)
		return -EINVAL;
	if (need > HUGE_SIZE) {
		hpnic_set_error("pci:%s: a ring of %zu bytes is larger than a huge page", be->bdf, len);
		return -ENOMEM;
	}
	for (c = be->chunks; c; c = c->next)
		if (HUGE_SIZE - c->used >= need)
			break;
	if (!c) {
		c = calloc(1, sizeof(*c));
		if (!c)
			return -ENOMEM;
		c->va = mmap(NULL, HUGE_SIZE, PROT_READ | PROT_WRITE,
			     MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB | MAP_POPULATE | MAP_LOCKED, -1, 0);
		if (c->va == MAP_FAILED) {
			int err = -errno;

			hpnic_set_error("pci:%s: no huge page for DMA rings (%s): reserve some in "
					"/proc/sys/vm/nr_hugepages", be->bdf, strerror(-err));
			free(c);
			return err;
		}
		c->pa = phys_addr(be, c->va);
		if (!c->pa) {
			hpnic_set_error("pci:%s: no physical address for a huge page (needs root)",
					be->bdf);
			munmap(c->va, HUGE_SIZE);
			free(c);
			return -EPERM;
		}
		c->next = be->chunks;
		be->chunks = c;
	}
	memset(c->va + c->used, 0, need);
	*addr = c->va + c->used;
	*iova = c->pa + c->used;
	c->used += need;
	return 0;
}

static void pci_dma_free(struct hpnic_backend *be, void *addr, size_t len)
{
	(void)be;
	(void)addr;
	(void)len;      /* returned at close */
}

/*
 * The port's addresses: those in CTRL when the board (its firmware, or the
 * co-simulation server) set them at reset; else from the function's place
 * on the bus, so that two functions in one machine differ:
 * 02:00:00:<bus>:<device>:<function> and 10.<bus>.<device>.<function + 1>
 */
static int pci_port_addr(struct hpnic_backend *be, uint8_t mac[6], uint32_t *ipv4)
{
	uint32_t lo, hi, ip;

	if (!be || !mac || !ipv4)
		return -EINVAL;
	lo = be->bar[HPNIC_CTRL_MAC_LO / 4];
	hi = be->bar[HPNIC_CTRL_MAC_HI / 4] & HPNIC_CTRL_MAC_HI_MASK;
	ip = be->bar[HPNIC_CTRL_IP / 4];
	if (ip && ip != 0xffffffffu && (lo || hi)) {
		mac[0] = (uint8_t)(hi >> 8);
		mac[1] = (uint8_t)hi;
		mac[2] = (uint8_t)(lo >> 24);
		mac[3] = (uint8_t)(lo >> 16);
		mac[4] = (uint8_t)(lo >> 8);
		mac[5] = (uint8_t)lo;
		*ipv4 = ip;
		return 0;
	}
	mac[0] = 0x02;
	mac[1] = 0;
	mac[2] = 0;
	mac[3] = (uint8_t)be->bus;
	mac[4] = (uint8_t)be->dev;
	mac[5] = (uint8_t)be->fn;
	*ipv4 = 10u << 24 | be->bus << 16 | be->dev << 8 | (be->fn + 1);
	return 0;
}

static uint64_t pci_progress(struct hpnic_backend *be)
{
	(void)be;
	return 0;               /* the device runs by itself */
}

const struct hpnic_backend_ops hpnic_backend_pci = {
	.name = "pci",
	.open = pci_open,
	.close = pci_close,
	.csr_read = pci_csr_read,
	.csr_write = pci_csr_write,
	.dma_alloc = pci_dma_alloc,
	.dma_free = pci_dma_free,
	.dma_map = pci_dma_map,
	.dma_unmap = pci_dma_unmap,
	.port_addr = pci_port_addr,
	.progress = pci_progress,
};
