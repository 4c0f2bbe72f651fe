/* SPDX-License-Identifier: MIT */
/*
 * libhpnic's "kernel" backend: a board (or the co-simulation VM) behind the
 * hpnic Linux driver (driver/kernel, docs/driver.md), through its char
 * device /dev/hpnicN. The driver makes PDs, CQs and MRs but no QPs yet, and
 * this backend is not written, so today every open fails with -ENODEV and
 * says why; the table is complete so that programs link and fail cleanly
 * at run time.
 */
#include <errno.h>

#include "hpnic_priv.h"

static int kernel_open(const char *arg, struct hpnic_backend **be)
{
	(void)arg;
	if (be)
		*be = NULL;
	hpnic_set_error("the kernel backend is not written yet: the hpnic Linux driver "
			"(driver/kernel) has no QPs yet (docs/driver.md)");
	return -ENODEV;
}

static void kernel_close(struct hpnic_backend *be)
{
	(void)be;
}

static int kernel_csr_read(struct hpnic_backend *be, uint32_t off, uint32_t *val)
{
	(void)be;
	(void)off;
	if (val)
		*val = 0xffffffffu;     /* what a read of an absent device returns */
	return -ENODEV;
}

static int kernel_csr_write(struct hpnic_backend *be, uint32_t off, uint32_t val)
{
	(void)be;
	(void)off;
	(void)val;
	return -ENODEV;
}

static int kernel_dma_alloc(struct hpnic_backend *be, size_t len, void **addr, uint64_t *iova)
{
	(void)be;
	(void)len;
	(void)addr;
	(void)iova;
	return -ENODEV;
}

static void kernel_dma_free(struct hpnic_backend *be, void *addr, size_t len)
{
	(void)be;
	(void)addr;
	(void)len;
}

static int kernel_dma_map(struct hpnic_backend *be, void *addr, size_t len, uint64_t *iova)
{
	(void)be;
	(void)addr;
	(void)len;
	(void)iova;
	return -ENODEV;
}

static void kernel_dma_unmap(struct hpnic_backend *be, void *addr, size_t len)
{
	(void)be;
	(void)addr;
	(void)len;
}

static int kernel_port_addr(struct hpnic_backend *be, uint8_t mac[6], uint32_t *ipv4)
{
	(void)be;
	(void)mac;
	(void)ipv4;
	return -ENODEV;
}

static uint64_t kernel_progress(struct hpnic_backend *be)
{
	(void)be;
	return 0;               /* a real device needs no help */
}

const struct hpnic_backend_ops hpnic_backend_kernel = {
	.name = "kernel",
	.open = kernel_open,
	.close = kernel_close,
	.csr_read = kernel_csr_read,
	.csr_write = kernel_csr_write,
	.dma_alloc = kernel_dma_alloc,
	.dma_free = kernel_dma_free,
	.dma_map = kernel_dma_map,
	.dma_unmap = kernel_dma_unmap,
	.port_addr = kernel_port_addr,
	.progress = kernel_progress,
};
