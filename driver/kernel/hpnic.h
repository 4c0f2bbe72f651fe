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
#include <linux/wait.h>
#include <linux/workqueue.h>

#include "hpnic_regs.h"

/* how the device signals: the first of these that the platform grants */
enum hpnic_irq_kind {
	HPNIC_IRQ_NONE,         /* no vector: the driver polls */
	HPNIC_IRQ_INTX,
	HPNIC_IRQ_MSI,
	HPNIC_IRQ_MSIX,
};

/* what a process makes, by kind (hpnic_dev.ids) */
enum hpnic_obj_kind {
	HPNIC_OBJ_PD,
	HPNIC_OBJ_CQ,
	HPNIC_OBJ_MR,
	HPNIC_OBJ_QP,
	HPNIC_NUM_OBJ
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
	/* the numbers of live objects by kind (PD 1..HPNIC_MAX_PDS, CQ 0..max_cqs - 1,
	 * MR table entries 0..max_mrs - 1, QPN 1..max_qps - 1) and how many
	 */
	struct ida ids[HPNIC_NUM_OBJ];
	atomic_t live[HPNIC_NUM_OBJ];
	unsigned int max_cqs;
	struct mutex cmd_lock;  /* the indirect blocks' staging registers and commands */
	struct xarray cqs;      /* every live CQ, cqn -> struct hpnic_cq (under cmd_lock) */
	unsigned int max_mrs;
	u8 *mr_tag;             /* each entry's last tag: a new key at every registration */
	unsigned long *mtt_map; /* the translation table's entries in use (under cmd_lock) */
	unsigned int mtt_entries;
	atomic64_t pinned_pages;
	unsigned int max_qps;
	struct xarray qps;      /* every live QP, qpn -> struct hpnic_qp (under cmd_lock) */
	u64 events_stale;       /* QP events of no live QP side, dropped (under cmd_lock) */
	struct mutex stats_lock; /* STATS.SEL and the value it selects */
	/* the port's addresses, as CTRL holds them (set at probe) */
	u32 mac_hi, mac_lo, ipv4;

	/* the identity read at probe (ID block) */
	u32 id_version;
	u32 build_date;
	u32 git_hash;
	u32 qp_cfg;
	u32 datapath;
	u32 features;

	enum hpnic_irq_kind irq_kind;
	int nvec;
	bool irq_requested;     /* a handler on vector 0 (message interrupts only) */
	atomic_t irqs;          /* interrupts taken */
	bool polling;           /* completions are polled, not signalled */

	/* completion and asynchronous events for poll(2): a work item looks
	 * at the armed CQs and CTRL.EVENT, at once after an interrupt, else
	 * every poll_us while a CQ is armed or a process polls the file
	 */
	struct delayed_work poll_work;
	spinlock_t arm_lock;    /* the CQs' armed and arm_ci, n_armed, poll_until */
	unsigned int n_armed;
	unsigned long poll_until; /* jiffies: a poll(2) caller wants events till then */
};

/* a completion queue: its ring in coherent DMA memory, owned by one file */
struct hpnic_cq {
	u32 cqn;
	u32 log2;
	size_t bytes;           /* the ring, page-rounded */
	void *ring;
	dma_addr_t ring_dma;
	atomic_t mapped;        /* the file's mappings of the ring */
	atomic_t users;         /* QPs completing into it: no destroy until 0 */
	struct hpnic_file *owner; /* where its events go */
	bool armed;             /* a completion event is wanted (under hd->arm_lock) */
	u32 arm_ci;             /* for the CQE at this ring position */
};

/*
 * A queue pair: its send queue, and its receive queue if it has one, in
 * coherent DMA memory, owned by one file. The context is the process's to
 * write (MODIFY_QP); the driver keeps the state it last wrote, to stop the
 * QP when the file goes.
 */
struct hpnic_qp {
	u32 qpn;
	u32 pdn;
	u32 cqn;
	u32 rcqn;               /* the receive CQ: cqn or another of the file's */
	u32 sq_log2;
	u32 wqe_log2;
	u32 rq_log2;            /* 0: no receive queue */
	u32 state;
	size_t bytes;           /* the send queue, page-rounded */
	void *ring;
	dma_addr_t ring_dma;
	size_t rq_bytes;        /* the receive queue, page-rounded; 0 without one */
	void *rq_ring;
	dma_addr_t rq_dma;
	atomic_t mapped;        /* the file's mappings of the rings and doorbell page */
	struct hpnic_cq *cq;    /* counted in its users */
	struct hpnic_cq *rcq;   /* counted in its users too, also when it is cq */
	struct hpnic_file *owner; /* where its events go; its PD is counted there */
	/*
	 * its send / receive side started since it was created: before that,
	 * an event of that side naming its QPN is an earlier QP's
	 */
	bool sq_started;
	bool rq_started;
};

/* a memory region: its pages pinned and mapped, a run of MTT entries */
struct hpnic_mr {
	u32 idx;
	u32 pdn;                /* counted in the file's PD */
	u32 key;
	u32 mtt_base;
	u32 npages;
	struct page **pages;
	struct mm_struct *mm;   /* whose pinned_vm the pages are charged to */
	struct sg_table sgt;
	bool writable;          /* pinned for the NIC to write */
};

/* a file's asynchronous events, in CTRL.EVENT's layout */
#define HPNIC_FILE_EVENTS 64

/* what one open file owns */
struct hpnic_file {
	struct hpnic_dev *hd;
	struct mutex lock;      /* one ioctl at a time (held across user copies) */
	struct xarray pds;      /* pdn -> xa_mk_value(1 + the MRs and QPs in it) */
	struct xarray cqs;      /* cqn -> struct hpnic_cq, once it is programmed */
	struct xarray qps;      /* qpn -> struct hpnic_qp, once it is programmed */
	struct xarray mrs;      /* MR index -> struct hpnic_mr */
	/*
	 * Membership of cqs and qps against mmap: mmap runs under the mm's
	 * lock, which a user copy in an ioctl may take, so mmap takes this
	 * one, never lock, and nothing here is held across a user copy.
	 */
	struct mutex obj_lock;
	spinlock_t ev_lock;     /* the event ring */
	u32 events[HPNIC_FILE_EVENTS];
	unsigned int ev_head, ev_tail;
	u32 ev_lost;
	unsigned long *cq_fired; /* CQs whose armed completion came, by CQN */
	wait_queue_head_t wait; /* poll(2) */
};

/* mmap offsets: the object's kind in bits 40 up, its number from bit 24 */
#define HPNIC_MMAP_KIND_SHIFT 40
#define HPNIC_MMAP_IDX_SHIFT 24
#define HPNIC_MMAP_KIND_CQ 1ull
#define HPNIC_MMAP_KIND_SQ 2ull
#define HPNIC_MMAP_KIND_DB 3ull
#define HPNIC_MMAP_KIND_RQ 4ull

static inline u64 hpnic_mmap_offset(u64 kind, u32 idx)
{
	return kind << HPNIC_MMAP_KIND_SHIFT | (u64)idx << HPNIC_MMAP_IDX_SHIFT;
}

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

int hpnic_id_alloc(struct hpnic_dev *hd, enum hpnic_obj_kind kind, unsigned int min,
		   unsigned int max);
void hpnic_id_free(struct hpnic_dev *hd, enum hpnic_obj_kind kind, unsigned int id);
int hpnic_pd_get(struct hpnic_file *hf, u32 pdn);
void hpnic_pd_put(struct hpnic_file *hf, u32 pdn);
int hpnic_get_arg(void __user *uarg, void *out, size_t size);
int hpnic_get_arg_v1(void __user *uarg, void *out, size_t size, size_t v1_size);
int hpnic_get_arg_v2(void __user *uarg, void *out, size_t size, size_t v1_size,
		     size_t v2_size);
int hpnic_get_handle(void __user *uarg, u32 *handle);
int hpnic_create_qp(struct hpnic_file *hf, void __user *uarg);
int hpnic_modify_qp(struct hpnic_file *hf, void __user *uarg);
int hpnic_query_qp(struct hpnic_file *hf, void __user *uarg);
int hpnic_destroy_qp(struct hpnic_file *hf, void __user *uarg);
void hpnic_qp_free(struct hpnic_dev *hd, struct hpnic_qp *qp);
void hpnic_qp_reset_all(struct hpnic_dev *hd);
int hpnic_reset_objects(struct hpnic_dev *hd);
int hpnic_get_event(struct hpnic_file *hf, void __user *uarg);
int hpnic_arm_cq(struct hpnic_file *hf, void __user *uarg);
int hpnic_get_cq_event(struct hpnic_file *hf, void __user *uarg);
void hpnic_poll_work(struct work_struct *work);
bool hpnic_file_ready(struct hpnic_file *hf);

#endif
