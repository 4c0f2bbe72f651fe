/* SPDX-License-Identifier: (GPL-2.0 WITH Linux-syscall-note) OR MIT */
/*
 * The ioctl ABI of the hpnic Linux driver (/dev/hpnicN), shared by the
 * module (driver/kernel) and libhpnic's kernel backend (docs/driver.md).
 *
 * Every argument struct begins with argsz, the caller's sizeof of the
 * struct, and flags (0 today): the driver refuses an argsz below the
 * struct it knows (-EINVAL) and ignores what lies past it, so that a
 * struct may grow at its end without a new ioctl number (the numbers do
 * not encode a size, as VFIO's do not). An unknown number gets -ENOTTY. Handles (PD
 * numbers, ...) belong to the open file that made them; any other is
 * refused with -EINVAL, whether it exists or not.
 */
#ifndef HPNIC_ABI_H
#define HPNIC_ABI_H

#include <linux/ioctl.h>
#include <linux/types.h>

/* raised on an incompatible change; HPNIC_IOCTL_QUERY_DEVICE reports it */
#define HPNIC_ABI_VERSION 1

#define HPNIC_IOCTL_MAGIC 0xb7

/* HPNIC_IOCTL_QUERY_DEVICE: the device and its limits (all out) */
struct hpnic_abi_query_device {
	__u32 argsz;
	__u32 flags;
	__u32 abi_version;      /* HPNIC_ABI_VERSION of the driver */
	__u32 fw_version;       /* ID.VERSION: major << 16 | minor */
	__u32 build_date;       /* ID.BUILD_DATE */
	__u32 git_hash;         /* ID.GIT_HASH */
	__u32 qp_cfg;           /* ID.QP_CFG: QPN, MR, CQN and MTT table sizes */
	__u32 datapath;         /* ID.DATAPATH: width, clock */
	__u32 features;         /* ID.FEATURES */
	__u32 cc_modes;         /* ID.CC_MODES */
	__u32 num_counters;     /* STATS.COUNT */
	__u32 max_pds;          /* PDs this device can give */
	__u32 max_cqs;          /* CQs this device can give */
	__u32 max_mrs;          /* memory regions (MR table entries) */
	__u32 mtt_entries;      /* translation table entries: pages registered at once */
	__u32 reserved;         /* 0 */
};

/* HPNIC_IOCTL_ALLOC_PD: pdn out */
struct hpnic_abi_alloc_pd {
	__u32 argsz;
	__u32 flags;
	__u32 pdn;
	__u32 reserved;         /* 0 */
};

/* HPNIC_IOCTL_DEALLOC_PD: pdn in, one this file allocated */
struct hpnic_abi_dealloc_pd {
	__u32 argsz;
	__u32 flags;
	__u32 pdn;
	__u32 reserved;         /* 0 */
};

/*
 * HPNIC_IOCTL_CREATE_CQ: log2 of the ring's CQEs in (1..15); the CQ's
 * number, the ring's bytes and the mmap offset of the ring out. The ring is
 * DMA memory the NIC writes CQEs into (HPNIC_CQE_SIZE bytes each, zeroed at
 * creation); map it read-only with mmap(NULL, ring_bytes, PROT_READ,
 * MAP_SHARED, fd, mmap_offset).
 */
struct hpnic_abi_create_cq {
	__u32 argsz;
	__u32 flags;
	__u32 log2;
	__u32 cqn;
	__u32 ring_bytes;
	__u32 reserved;         /* 0 */
	__u64 mmap_offset;
};

/* HPNIC_IOCTL_DESTROY_CQ: cqn in, one of this file's, not mapped (-EBUSY) */
struct hpnic_abi_destroy_cq {
	__u32 argsz;
	__u32 flags;
	__u32 cqn;
	__u32 reserved;         /* 0 */
};

/* HPNIC_IOCTL_REG_MR access bits (verbs': REMOTE_WRITE needs LOCAL_WRITE) */
#define HPNIC_ABI_ACCESS_LOCAL_WRITE  0x1
#define HPNIC_ABI_ACCESS_REMOTE_WRITE 0x2
#define HPNIC_ABI_ACCESS_REMOTE_READ  0x4

/*
 * HPNIC_IOCTL_REG_MR: [addr, addr + length) of the caller's memory, pinned,
 * mapped for DMA and written into the NIC's translation table page by page,
 * under one of this file's PDs. Out: the key (L_Key = R_Key = index << 8 |
 * tag), the NIC address of the first byte (what WQEs and peers name), the
 * pages pinned and the physically contiguous runs they make.
 */
struct hpnic_abi_reg_mr {
	__u32 argsz;
	__u32 flags;
	__u64 addr;
	__u64 length;
	__u32 access;           /* HPNIC_ABI_ACCESS_* */
	__u32 pdn;
	__u32 key;
	__u32 pages;
	__u64 iova;
	__u32 runs;
	__u32 reserved;         /* 0 */
};

/* HPNIC_IOCTL_DEREG_MR: key in, one of this file's; the key never works again */
struct hpnic_abi_dereg_mr {
	__u32 argsz;
	__u32 flags;
	__u32 key;
	__u32 reserved;         /* 0 */
};

#define HPNIC_CQ_LOG2_MIN 1
#define HPNIC_CQ_LOG2_MAX 15

#define HPNIC_IOCTL_QUERY_DEVICE _IO(HPNIC_IOCTL_MAGIC, 0x00)
#define HPNIC_IOCTL_ALLOC_PD     _IO(HPNIC_IOCTL_MAGIC, 0x01)
#define HPNIC_IOCTL_DEALLOC_PD   _IO(HPNIC_IOCTL_MAGIC, 0x02)
#define HPNIC_IOCTL_CREATE_CQ    _IO(HPNIC_IOCTL_MAGIC, 0x03)
#define HPNIC_IOCTL_DESTROY_CQ   _IO(HPNIC_IOCTL_MAGIC, 0x04)
#define HPNIC_IOCTL_REG_MR       _IO(HPNIC_IOCTL_MAGIC, 0x05)
#define HPNIC_IOCTL_DEREG_MR     _IO(HPNIC_IOCTL_MAGIC, 0x06)

#endif /* HPNIC_ABI_H */
