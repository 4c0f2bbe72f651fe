/* SPDX-License-Identifier: (GPL-2.0 WITH Linux-syscall-note) OR MIT */
/*
 * The ioctl ABI of the hpnic Linux driver (/dev/hpnicN), shared by the
 * module (driver/kernel) and libhpnic's kernel backend (docs/driver.md).
 *
 * Every argument struct begins with argsz, the caller's sizeof of the
 * struct, and flags (0 today): the driver refuses an argsz below the
 * struct it knows (-EINVAL) and ignores what lies past it, so that a
 * struct may grow at its end without a new ioctl number (the numbers do
 * not encode a size, as VFIO's do not). A struct that has grown also
 * takes exactly the sizes it had before (HPNIC_ABI_*_SIZE_V1, _V2), so that
 * programs built before keep working: the fields past it then take the
 * defaults their comments give, and nothing is written past it. An
 * unknown number gets -ENOTTY. Handles (PD numbers, ...) belong to the
 * open file that made them; any other is refused with -EINVAL, whether it
 * exists or not.
 */
#ifndef HPNIC_ABI_H
#define HPNIC_ABI_H

#include <linux/ioctl.h>
#include <linux/types.h>

/* raised on an incompatible change; HPNIC_IOCTL_QUERY_DEVICE reports it */
#define HPNIC_ABI_VERSION 1

#define HPNIC_IOCTL_MAGIC 0xb7

/*
 * The first QPN a QP is given. IBTA reserves QP0 (subnet management) and
 * QP1 (general services: rdma_cm's and the CM's MADs go to it), and a
 * zeroed CQE names QPN 0.
 */
#define HPNIC_QPN_FIRST 2

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
	__u32 max_qps;          /* QPNs 2..max_qps - 1 (QPN 0 and 1 are never given) */
	__u32 mac_hi;           /* the port's MAC: bytes 0..1, first byte highest */
	__u32 mac_lo;           /* bytes 2..5 */
	__u32 ipv4;             /* the port's IPv4 address, host order */
	__u32 rd_atomic;        /* ID.RD_ATOMIC: READs per QP, requester and responder */
	/* past HPNIC_ABI_QUERY_DEVICE_SIZE_V1: a driver before them leaves them as they were */
	__u32 caps;             /* HPNIC_ABI_CAP_*: what this driver's ABI has */
	__u32 reserved;         /* 0 */
};

/* the size of struct hpnic_abi_query_device before caps */
#define HPNIC_ABI_QUERY_DEVICE_SIZE_V1 80

/* caps: CREATE_QP takes a receive queue and MODIFY_QP the RNR fields */
#define HPNIC_ABI_CAP_RQ 0x1
/* caps: MODIFY_QP and QUERY_QP carry QP.CC_OPTS (cc_opts: VAI, SF); a driver
 * without it ignores cc_opts (it lies past its struct) */
#define HPNIC_ABI_CAP_CC_OPTS 0x2

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

/*
 * HPNIC_IOCTL_CREATE_QP: a QP in RESET under one of this file's PDs, its
 * completions to one of this file's CQs. In: log2 of the send queue's WQEs
 * (1..15) and of a WQE's bytes (6, or 7 with the extension for SGE lists
 * and inline data). Out: the QPN; the send queue, DMA memory the NIC
 * reads WQEs from (zeroed): mmap(NULL, ring_bytes, PROT_READ | PROT_WRITE,
 * MAP_SHARED, fd, ring_mmap_offset); the QP's doorbell page, that page of
 * BAR0 and no other: mmap(NULL, 4096, PROT_WRITE, MAP_SHARED, fd,
 * db_mmap_offset), the doorbell db_offset bytes into it; the congestion
 * control mode the NIC gives new QPs (CC.DEFAULT_MODE).
 *
 * The receive queue (HPNIC_ABI_CAP_RQ). In: log2 of its receive WQEs
 * (0: none, or 1..15) and rcqn, the CQ its receive completions go to: one
 * of this file's, the send CQ or another (every QP names one, as verbs'
 * recv_cq). Out, with a receive queue: DMA memory the NIC reads receive
 * WQEs from (HPNIC_RWQE_SIZE bytes each, zeroed), mapped as the send queue
 * is: mmap(NULL, rq_ring_bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
 * rq_mmap_offset); its doorbell (DB.RQ_DB) is rq_db_offset bytes into the
 * same doorbell page. A caller of HPNIC_ABI_CREATE_QP_SIZE_V1 bytes gets
 * no receive queue, its receive completions (none) to cqn.
 */
struct hpnic_abi_create_qp {
	__u32 argsz;
	__u32 flags;
	__u32 pdn;
	__u32 cqn;
	__u32 sq_log2;
	__u32 wqe_log2;
	__u32 qpn;
	__u32 ring_bytes;
	__u64 ring_mmap_offset;
	__u64 db_mmap_offset;
	__u32 db_offset;
	__u32 cc_mode;
	/* past HPNIC_ABI_CREATE_QP_SIZE_V1 */
	__u32 rq_log2;
	__u32 rcqn;
	__u32 rq_ring_bytes;    /* 0 without a receive queue */
	__u32 rq_db_offset;
	__u64 rq_mmap_offset;   /* 0 without a receive queue */
};

/* the size of struct hpnic_abi_create_qp before rq_log2 */
#define HPNIC_ABI_CREATE_QP_SIZE_V1 56

/* what HPNIC_IOCTL_MODIFY_QP makes the NIC do with the context */
#define HPNIC_ABI_QP_WRITE    1   /* write it */
#define HPNIC_ABI_QP_START_RQ 2   /* write it; the receive side restarts at rq_psn */
#define HPNIC_ABI_QP_START_SQ 3   /* write it; the send side restarts at sq_psn, index 0 */

/*
 * HPNIC_IOCTL_MODIFY_QP: the whole context of one of this file's QPs, as
 * the NIC's QP block holds it (docs/regmap.md, block QP); each value must
 * fit its register (-EINVAL). The driver adds the send queue, PD and CQ it
 * gave the QP, and its receive queue and receive CQ. The verbs state
 * machine is libhpnic's: a process can only change its own QPs.
 * HPNIC_IOCTL_QUERY_QP fills the same struct from the NIC's copy (cmd
 * ignored). A caller of HPNIC_ABI_QP_CTX_SIZE_V1 bytes gets the NIC's
 * reset values of the fields past it (MIN_RNR_TIMER 12, RNR_RETRY 7, CC_OPTS
 * 0), one of HPNIC_ABI_QP_CTX_SIZE_V2 bytes CC_OPTS 0.
 */
struct hpnic_abi_qp_ctx {
	__u32 argsz;
	__u32 flags;
	__u32 qpn;
	__u32 cmd;              /* HPNIC_ABI_QP_* */
	__u32 state;            /* QP.STATE: 0 RESET .. 4 ERR */
	__u32 mtu_log2;
	__u32 dqpn;
	__u32 dip;
	__u32 dmac_hi;          /* as QP.DMAC_HI: bytes 0..1 */
	__u32 dmac_lo;          /* as QP.DMAC_LO: bytes 2..5 */
	__u32 sport;
	__u32 dscp_ecn;
	__u32 sq_psn;
	__u32 rq_psn;
	__u32 cc_mode;
	__u32 cc_override;
	__u32 qp_t_ns;
	__u32 qp_wai;
	__u32 qp_max_stage;
	__u32 max_rd_atomic;    /* QP.MAX_RD_ATOMIC: 0 is the NIC's maximum (was reserved, 0) */
	/* past HPNIC_ABI_QP_CTX_SIZE_V1 (HPNIC_ABI_CAP_RQ) */
	__u32 min_rnr_timer;    /* QP.MIN_RNR_TIMER: the RNR NAK timer code, 0..31 */
	__u32 rnr_retry;        /* QP.RNR_RETRY: 0..7, 7 without end */
	/* past HPNIC_ABI_QP_CTX_SIZE_V2 (HPNIC_ABI_CAP_CC_OPTS) */
	__u32 cc_opts;          /* QP.CC_OPTS: bit 0 VAI, bit 1 SF (HPCC's options) */
};

/* the size of struct hpnic_abi_qp_ctx before min_rnr_timer */
#define HPNIC_ABI_QP_CTX_SIZE_V1 80
/* ... and before cc_opts */
#define HPNIC_ABI_QP_CTX_SIZE_V2 88

/* HPNIC_IOCTL_DESTROY_QP: qpn in, one of this file's, unmapped (-EBUSY) */
struct hpnic_abi_destroy_qp {
	__u32 argsz;
	__u32 flags;
	__u32 qpn;
	__u32 reserved;         /* 0 */
};

/*
 * HPNIC_IOCTL_GET_EVENT: this file's next asynchronous event, in the
 * layout of CTRL.EVENT (VALID, TYPE, the QPN or CQN), or 0 when there is
 * none. The driver takes the NIC's events and hands each to the file that
 * owns its QP or CQ; lost counts those a full queue dropped.
 */
struct hpnic_abi_get_event {
	__u32 argsz;
	__u32 flags;
	__u32 event;
	__u32 lost;
};

/*
 * HPNIC_IOCTL_ARM_CQ: one completion event for one of this file's CQs, when
 * the CQE at ring position ci (free-running: the CQEs the process has
 * consumed) is written, or at once if it is there already. The event is
 * taken with HPNIC_IOCTL_GET_CQ_EVENT; poll(2) on the file reports POLLIN
 * while a completion or asynchronous event waits. Arming again replaces ci.
 */
struct hpnic_abi_arm_cq {
	__u32 argsz;
	__u32 flags;
	__u32 cqn;
	__u32 ci;
};

/* HPNIC_IOCTL_GET_CQ_EVENT: a CQ whose armed completion came (valid 1), or valid 0 */
struct hpnic_abi_get_cq_event {
	__u32 argsz;
	__u32 flags;
	__u32 valid;
	__u32 cqn;
};

#define HPNIC_CQ_LOG2_MIN 1
#define HPNIC_CQ_LOG2_MAX 15
#define HPNIC_SQ_LOG2_MIN 1
#define HPNIC_SQ_LOG2_MAX 15
#define HPNIC_RQ_LOG2_MIN 1
#define HPNIC_RQ_LOG2_MAX 15
#define HPNIC_MIN_RNR_TIMER_MAX 31
#define HPNIC_RNR_RETRY_MAX 7

#define HPNIC_IOCTL_QUERY_DEVICE _IO(HPNIC_IOCTL_MAGIC, 0x00)
#define HPNIC_IOCTL_ALLOC_PD     _IO(HPNIC_IOCTL_MAGIC, 0x01)
#define HPNIC_IOCTL_DEALLOC_PD   _IO(HPNIC_IOCTL_MAGIC, 0x02)
#define HPNIC_IOCTL_CREATE_CQ    _IO(HPNIC_IOCTL_MAGIC, 0x03)
#define HPNIC_IOCTL_DESTROY_CQ   _IO(HPNIC_IOCTL_MAGIC, 0x04)
#define HPNIC_IOCTL_REG_MR       _IO(HPNIC_IOCTL_MAGIC, 0x05)
#define HPNIC_IOCTL_DEREG_MR     _IO(HPNIC_IOCTL_MAGIC, 0x06)
#define HPNIC_IOCTL_CREATE_QP    _IO(HPNIC_IOCTL_MAGIC, 0x07)
#define HPNIC_IOCTL_MODIFY_QP    _IO(HPNIC_IOCTL_MAGIC, 0x08)
#define HPNIC_IOCTL_QUERY_QP     _IO(HPNIC_IOCTL_MAGIC, 0x09)
#define HPNIC_IOCTL_DESTROY_QP   _IO(HPNIC_IOCTL_MAGIC, 0x0a)
#define HPNIC_IOCTL_GET_EVENT    _IO(HPNIC_IOCTL_MAGIC, 0x0b)
#define HPNIC_IOCTL_ARM_CQ       _IO(HPNIC_IOCTL_MAGIC, 0x0c)
#define HPNIC_IOCTL_GET_CQ_EVENT _IO(HPNIC_IOCTL_MAGIC, 0x0d)

#endif /* HPNIC_ABI_H */
