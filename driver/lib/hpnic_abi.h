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

#define HPNIC_IOCTL_QUERY_DEVICE _IO(HPNIC_IOCTL_MAGIC, 0x00)
#define HPNIC_IOCTL_ALLOC_PD     _IO(HPNIC_IOCTL_MAGIC, 0x01)
#define HPNIC_IOCTL_DEALLOC_PD   _IO(HPNIC_IOCTL_MAGIC, 0x02)

#endif /* HPNIC_ABI_H */
