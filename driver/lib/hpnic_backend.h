/* SPDX-License-Identifier: MIT */
/*
 * libhpnic's backend interface: what the library needs from whatever stands
 * behind BAR0 and the DMA engine. Two backends implement it:
 *
 *   "sim"     the Verilated hpnic_core (sim/nic): several simulated NICs in
 *             this process, joined by link models; host memory is the
 *             process's own memory, an IO address is a pointer value;
 *   "kernel"  the char device of the Linux driver (driver/kernel);
 *   "pci"     a PCI function driven from userspace as root through sysfs
 *             (BAR0 from resource0, DMA memory from huge pages): bring-up
 *             and tests without the driver (backend_pci.c).
 *
 * A device name is "<backend>:<argument>", e.g. "sim:0" (NIC 0 of the
 * simulated network) or "kernel:/dev/hpnic0". Everything above this table is
 * the same for both, so a program tested against the simulator runs on a
 * board unchanged.
 *
 * Every function returns 0 or a negative errno value.
 */
#ifndef HPNIC_BACKEND_H
#define HPNIC_BACKEND_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct hpnic_backend;          /* a backend's own per-device state */
struct hpnic_backend_objs;     /* object ops: libhpnic's own backends only */

struct hpnic_backend_ops {
	const char *name;          /* "sim", "kernel" */

	/* open the device the argument names; *be receives the backend state */
	int (*open)(const char *arg, struct hpnic_backend **be);
	void (*close)(struct hpnic_backend *be);

	/* 32-bit BAR0 access at a byte offset */
	int (*csr_read)(struct hpnic_backend *be, uint32_t off, uint32_t *val);
	int (*csr_write)(struct hpnic_backend *be, uint32_t off, uint32_t val);

	/*
	 * Memory the device reads and writes by DMA: rings the library
	 * allocates (zeroed, aligned to 4096), and user buffers it registers.
	 * *iova receives the address the device uses for the first byte.
	 */
	int (*dma_alloc)(struct hpnic_backend *be, size_t len, void **addr, uint64_t *iova);
	void (*dma_free)(struct hpnic_backend *be, void *addr, size_t len);
	int (*dma_map)(struct hpnic_backend *be, void *addr, size_t len, uint64_t *iova);
	void (*dma_unmap)(struct hpnic_backend *be, void *addr, size_t len);

	/* the port's own addresses, written to CTRL at open */
	int (*port_addr)(struct hpnic_backend *be, uint8_t mac[6], uint32_t *ipv4);

	/*
	 * Let the device make progress while the library waits (polling a CQ,
	 * waiting for a status bit): the simulator runs its clock a little; a
	 * real device needs nothing. Returns the device cycles that passed (0
	 * when not known).
	 */
	uint64_t (*progress)(struct hpnic_backend *be);

	/*
	 * Optional (last, so that older tables leave it NULL): map a buffer
	 * page by page, for the NIC's translation table. Pages are
	 * 2^page_shift bytes (12 or 21); page i of the buffer
	 * starts at (addr rounded down to a page) + i pages, and iova[i]
	 * receives its IO address, aligned to the page size. Only the bytes of
	 * [addr, addr + len) need be reachable. dma_unmap undoes it. NULL: the
	 * backend maps only contiguous ranges (dma_map).
	 */
	int (*dma_map_pages)(struct hpnic_backend *be, void *addr, size_t len,
			     unsigned page_shift, uint64_t *iova);

	/*
	 * Optional, for backends built into libhpnic (the "kernel" backend):
	 * the backend owns the NIC's QP, MR and CQ tables and makes the
	 * objects itself (hpnic_priv.h); the library then writes none of
	 * those blocks, and csr_read/csr_write see only the NIC-wide
	 * registers. NULL: the library programs the blocks through BAR0.
	 */
	const struct hpnic_backend_objs *objs;
};

/* the backends built into libhpnic */
extern const struct hpnic_backend_ops hpnic_backend_kernel;
extern const struct hpnic_backend_ops hpnic_backend_pci;

/*
 * Add a backend to the table hpnic_open() looks names up in ("<name>:arg").
 * A backend outside libhpnic registers itself from a constructor in its own
 * object file (the simulator's: sim/nic), so linking that object is all a
 * program does to get it. Call before any hpnic_open() (a constructor runs
 * before main); not thread-safe. Returns 0, -EINVAL (no name, no ops, a name
 * with ':'), -EEXIST (the name is taken) or -ENOSPC (HPNIC_MAX_BACKENDS).
 */
#define HPNIC_MAX_BACKENDS 8
int hpnic_register_backend(const char *name, const struct hpnic_backend_ops *ops);

#ifdef __cplusplus
}
#endif

#endif /* HPNIC_BACKEND_H */
