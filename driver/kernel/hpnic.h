/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * hpnic Linux driver: per-device state shared by the driver's files
 * (docs/driver.md)
 */
#ifndef HPNIC_H
#define HPNIC_H

#include <linux/idr.h>
#include <linux/io.h>
#include <linux/kref.h>
#include <linux/miscdevice.h>
#include <linux/pci.h>
#include <linux/rwsem.h>
#include <linux/types.h>

#include "hpnic_regs.h"

/* how the device signals: the first of these that the platform grants */
enum hpnic_irq_kind {
	HPNIC_IRQ_NONE,         /* no vector: the driver polls */
	HPNIC_IRQ_INTX,
	HPNIC_IRQ_MSI,
	HPNIC_IRQ_MSIX,
};

/*
 * One per function. Open files hold a reference (kref), so the struct
 * outlives a remove while a program still has /dev/hpnicN open; from the
 * remove on, removed is set (under rwsem) and no ioctl touches the device.
 */
struct hpnic_dev {
	struct pci_dev *pdev;
	void __iomem *bar0;
	bool gone;              /* a CSR read returned all ones: surprise removal */

	struct kref ref;
	struct rw_semaphore rwsem;
	bool removed;
	int index;              /* N of /dev/hpnicN */
	char name[16];
	struct miscdevice misc;
	struct ida pd_ida;      /* PD numbers 1..HPNIC_MAX_PDS */
	struct ida cq_ida;      /* CQ numbers 0..max_cqs - 1 */
	unsigned int max_cqs;
	struct mutex cmd_lock;  /* the indirect blocks' staging registers and commands */
	struct xarray cqs;      /* every live CQ, cqn -> struct hpnic_cq (under cmd_lock) */
	struct ida mr_ida;      /* MR table entries 0..max_mrs - 1 */
	unsigned int max_mrs;
	u8 *mr_tag;             /* each entry's last tag: a new key at every registration */
	unsigned long *mtt_map; /* the translation table's entries in use (under cmd_lock) */
	unsigned int mtt_entries;
	atomic64_t pinned_pages;

	/* the identity read at probe (ID block) */
	u32 id_version;
	u32 build_date;
	u32 git_hash;
	u32 qp_cfg;
	u32 datapath;
	u32 features;

	enum hpnic_irq_kind irq_kind;
	int nvec;
	bool polling;           /* completions are polled, not signalled */
};

/* a completion queue: its ring in coherent DMA memory, owned by one file */
struct hpnic_cq {
	u32 cqn;
	u32 log2;
	size_t bytes;           /* the ring, page-rounded */
	void *ring;
	dma_addr_t ring_dma;
	atomic_t mapped;        /* the file's mappings of the ring */
};

/* a memory region: its pages pinned and mapped, a run of MTT entries */
struct hpnic_mr {
	u32 idx;
	u32 key;
	u32 mtt_base;
	u32 npages;
	struct page **pages;
	struct sg_table sgt;
	bool writable;          /* pinned for the NIC to write */
};

/* PD numbers are 16 bits (QP.PD, MR.PD); 0 is no PD's */
#define HPNIC_MAX_PDS 65535

u32 hpnic_rd(struct hpnic_dev *hd, u32 off);
void hpnic_wr(struct hpnic_dev *hd, u32 off, u32 val);
u64 hpnic_counter(struct hpnic_dev *hd, unsigned int idx);
int hpnic_cmd(struct hpnic_dev *hd, u32 cmd_reg, u32 status_reg, u32 cmd);

extern const struct attribute_group *hpnic_groups[];
void hpnic_sysfs_init(void);

int hpnic_cdev_add(struct hpnic_dev *hd);
void hpnic_cdev_remove(struct hpnic_dev *hd);
void hpnic_dev_put(struct hpnic_dev *hd);
void hpnic_cq_disable_all(struct hpnic_dev *hd);

#endif
