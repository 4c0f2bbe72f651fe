/* SPDX-License-Identifier: MIT */
/*
 * libhpnic: the userspace library of the hpnic RoCEv2 NIC.
 *
 * A verbs-like API over a small object model:
 *
 *   device (hpnic_open)
 *     +-- memory regions   (hpnic_reg_mr)      what a peer may READ or WRITE
 *     +-- completion queues (hpnic_create_cq)  where finished work is reported
 *     +-- queue pairs      (hpnic_create_qp)   RC connections: RDMA WRITE, READ
 *
 * A QP is connected by hpnic_modify_qp (RESET -> INIT -> RTR -> RTS), then
 * hpnic_post_write()/hpnic_post_read() queue work and hpnic_poll_cq()
 * returns its completions. The same program runs on the Verilated NIC
 * ("sim:N") and on a board ("kernel:/dev/hpnicN"): see hpnic_backend.h and
 * docs/libhpnic.md, which also has a complete example.
 *
 * Errors: every function returning int returns a negative errno value on
 * failure (0 or a count on success). hpnic_strerror() describes the code;
 * hpnic_last_error() gives this thread's detailed message of the last
 * failure ("block CTRL at 0x100: version 2.0, library built for 1.0: ...").
 * Every argument is checked; nothing aborts and nothing prints.
 *
 * Threads: the library keeps no global mutable state (the error detail is
 * thread-local). One device and everything created on it must be used by
 * one thread at a time (the caller serialises); different devices may be
 * used from different threads at once.
 */
#ifndef HPNIC_H
#define HPNIC_H

#include <stddef.h>
#include <stdint.h>

/* register map constants users need: HPNIC_QPS_*, HPNIC_CC_MODE_*, HPNIC_CNT_*,
 * HPNIC_ID_FEATURES_*_MASK */
#include "hpnic_regs.h"

#ifdef __cplusplus
extern "C" {
#endif

struct hpnic_dev;
struct hpnic_mr;
struct hpnic_pd;
struct hpnic_cq;
struct hpnic_qp;
struct hpnic_backend_ops;

/*
 * Device
 */

/* what the bitstream and the port are, read at open (hpnic_query_device) */
struct hpnic_dev_attr {
	uint32_t build_date;        /* ID.BUILD_DATE: YYYYMMDD in BCD (0x20261123) */
	uint32_t git_hash;          /* ID.GIT_HASH: first 32 bits of the commit */
	unsigned qpn_width;         /* ID.QP_CFG.QPN_WIDTH */
	unsigned max_qps;           /* 2^qpn_width; QPNs 0 and 1 are never given: max_qps - 2 QPs */
	unsigned max_mrs;           /* memory-region table entries, 2^MR_LOG2 */
	unsigned mtt_entries;       /* memory translation table entries (pages), 2^MTT_LOG2 */
	unsigned max_pds;           /* protection domains hpnic_alloc_pd can give (65535) */
	unsigned max_cqs;           /* completion queues, 2^CQN_WIDTH */
	unsigned max_sq_depth;      /* largest send queue, WQEs (32768) */
	unsigned max_cq_depth;      /* largest completion queue, CQEs (32768) */
	uint32_t max_msg_len;       /* largest message, bytes (2^31 - 1; see hpnic_post_write) */
	unsigned data_width_bytes;  /* ID.DATAPATH: datapath width, bytes (64 = 512 bits) */
	unsigned clk_mhz;           /* ID.DATAPATH: core clock, MHz */
	uint32_t features;          /* ID.FEATURES: HPNIC_ID_FEATURES_{INT,READ,WRITE,MSIX,SEND}_MASK */
	uint32_t cc_modes;          /* ID.CC_MODES: bit n set = CC mode n (HPNIC_CC_MODE_*) built */
	unsigned max_qp_rd_atom;    /* ID.RD_ATOMIC: READs a QP may have outstanding, at most */
	unsigned max_qp_dest_rd_atom; /* READ requests the NIC holds per QP as responder */
	unsigned max_rq_depth;      /* largest receive queue, receive WQEs (32768; 0: no SEND/RECV) */
	unsigned num_counters;      /* STATS.COUNT */
	uint8_t mac[6];             /* the port's MAC, as the backend gave it and CTRL holds */
	uint32_t ipv4;              /* the port's IPv4 address, first octet in bits 31:24 */
};

/*
 * hpnic_open - open a device by name and bring it up.
 * @name: "<backend>:<argument>": "sim:0" (NIC 0 of the simulated network,
 *        when the sim backend is linked in) or "kernel:/dev/hpnic0".
 * @dev:  receives the device; set to NULL on failure.
 *
 * Opens the backend, walks the register blocks from BAR0 offset 0 and
 * refuses a bitstream whose register map differs from the library's
 * (docs/regmap.md, "discovery"), tests the link with ID.SCRATCH, waits for
 * CTRL.STATUS to report the CC engine, the scheduler and the host interface
 * ready, and programs the port's MAC and IPv4 address into CTRL.
 *
 * Errors: -EINVAL (NULL, or a name without ':'), -ENODEV (unknown backend,
 * a backend not linked into the program, the kernel backend today, or a
 * mismatched or absent bitstream: hpnic_last_error() names the block,
 * offset and both versions), -EIO (ID.SCRATCH did not read back),
 * -ETIMEDOUT (CTRL.STATUS never ready), -ENOMEM, or the backend's error.
 */
int hpnic_open(const char *name, struct hpnic_dev **dev);

/*
 * hpnic_open_backend - hpnic_open() through a backend the caller supplies
 * (tests, mock devices, out-of-tree backends) instead of one named by the
 * device name's prefix. @arg is passed to ops->open. Same errors; -EINVAL
 * when @ops misses a function.
 */
int hpnic_open_backend(const struct hpnic_backend_ops *ops, const char *arg,
		       struct hpnic_dev **dev);

/*
 * hpnic_close - close a device.
 * Refuses, as verbs does, while objects exist: destroy every QP, CQ and MR
 * first. Errors: -EINVAL (NULL), -EBUSY (QPs, CQs or MRs left; the device
 * stays open).
 */
int hpnic_close(struct hpnic_dev *dev);

/*
 * hpnic_query_device - the bitstream's identity and sizes, and the port's
 * addresses (read at open). Errors: -EINVAL (NULL).
 */
int hpnic_query_device(struct hpnic_dev *dev, struct hpnic_dev_attr *attr);

/*
 * Memory regions
 */

/* access rights of a memory region (the verbs values) */
#define HPNIC_ACCESS_LOCAL_WRITE  0x1u  /* the NIC may write it: READ destinations */
#define HPNIC_ACCESS_REMOTE_WRITE 0x2u  /* peers may RDMA WRITE into it (needs LOCAL_WRITE) */
#define HPNIC_ACCESS_REMOTE_READ  0x4u  /* peers may RDMA READ from it */
#define HPNIC_ACCESS_HUGETLB      0x8u  /* the buffer is backed by 2 MiB pages: map it
					   with them (as IBV_ACCESS_HUGETLB) */

/*
 * Protection domains (verbs' ibv_alloc_pd): a QP may use only the regions
 * of its own PD. The NIC refuses a remote key of another PD's region (a
 * remote access NAK, nothing written or read) and libhpnic refuses a local
 * key of another PD's region at post. MRs and QPs made without a PD
 * (hpnic_reg_mr, hpnic_qp_init_attr.pd NULL) belong to the device's own PD,
 * number 0, which needs no allocation.
 *
 * hpnic_alloc_pd - a new PD. Errors: -EINVAL (NULL), -ENOSPC (all 65535 in
 * use), -ENOMEM.
 * hpnic_dealloc_pd - free it. Errors: -EINVAL (NULL or freed), -EBUSY
 * while MRs or QPs belong to it.
 */
int hpnic_alloc_pd(struct hpnic_dev *dev, struct hpnic_pd **pd);
int hpnic_dealloc_pd(struct hpnic_pd *pd);

/*
 * hpnic_reg_mr - register [addr, addr + len) for DMA and for remote access,
 * in the device's own PD; hpnic_reg_mr_pd - the same in @pd (ibv_reg_mr).
 * @access: HPNIC_ACCESS_* (0: a local source of WRITEs only). As in verbs,
 *          REMOTE_WRITE needs LOCAL_WRITE.
 * @mr:     receives the region; set to NULL on failure.
 *
 * The region's virtual address, as peers name it in RDMA requests, is the
 * pointer value @addr. Its pages need not be contiguous in IO space: the
 * backend maps them one by one (4 KiB pages, or 2 MiB with
 * HPNIC_ACCESS_HUGETLB) and the library writes their IO addresses into the
 * NIC's memory translation table, one run of entries per region
 * (docs/protection.md). A backend without page maps (pci) maps the buffer
 * as one contiguous range. Its R_Key is (table index << 8 | tag), where the
 * 8-bit tag changes at every registration of a slot (and is never 0), so a
 * stale key does not match a reused slot and an R_Key is never 0.
 *
 * Errors: -EINVAL (NULL, len 0 or >= 2^48, a range that wraps, unknown
 * access bits, REMOTE_WRITE without LOCAL_WRITE), -ENOSPC (MR table full,
 * or no run of free MTT entries as long as the region's pages),
 * -ENOMEM, the backend's dma_map error, or a hardware command error
 * (mapped as in hpnic_modify_qp).
 */
int hpnic_reg_mr(struct hpnic_dev *dev, void *addr, size_t len, unsigned access,
		 struct hpnic_mr **mr);
int hpnic_reg_mr_pd(struct hpnic_pd *pd, void *addr, size_t len, unsigned access,
		    struct hpnic_mr **mr);

/*
 * hpnic_dereg_mr - invalidate the region's table entry (its R_Key stops
 * working at once), unmap it and free it. WQEs already posted that use it
 * as their local buffer must have completed. Errors: -EINVAL (NULL), a
 * hardware command error (the region stays registered).
 */
int hpnic_dereg_mr(struct hpnic_mr *mr);

/* the region's R_Key (for peers) and L_Key (the same value); 0 for NULL */
uint32_t hpnic_mr_rkey(const struct hpnic_mr *mr);
uint32_t hpnic_mr_lkey(const struct hpnic_mr *mr);

/*
 * Completion queues
 */

#define HPNIC_CQ_DEPTH_MIN 2u
#define HPNIC_CQ_DEPTH_MAX 32768u

/*
 * hpnic_create_cq - a completion queue of @depth entries (a power of two,
 * 2..32768): a ring of 32-byte CQEs in DMA memory that the NIC writes.
 *
 * The hardware does not track how far the host has read a CQ, so the
 * library refuses QPs whose send queues together exceed the CQ's depth
 * (hpnic_create_qp, -ENOSPC): the ring can then never overflow.
 *
 * Errors: -EINVAL (NULL, depth not a power of two in range), -ENOSPC (no
 * free CQN), -ENOMEM, the backend's dma_alloc error, a hardware command
 * error.
 */
int hpnic_create_cq(struct hpnic_dev *dev, unsigned depth, struct hpnic_cq **cq);

/*
 * hpnic_destroy_cq - stop the NIC writing the CQ (CQ CMD DISABLE) and free
 * it. Errors: -EINVAL (NULL), -EBUSY (a QP still uses it), a hardware
 * command error.
 */
int hpnic_destroy_cq(struct hpnic_cq *cq);

/* completion status (hpnic_wc.status) */
enum hpnic_wc_status {
	HPNIC_WC_SUCCESS = 0,
	HPNIC_WC_REMOTE_ACCESS_ERR,  /* the responder NAKed it: R_Key, range, rights, length */
	HPNIC_WC_RETRY_EXC_ERR,      /* the retransmit timer gave up (7 timeouts) */
	HPNIC_WC_WR_FLUSH_ERR,       /* not executed: the QP had failed (software) */
	HPNIC_WC_LOC_ERR,            /* local failure: DMA error or a bad WQE */
	HPNIC_WC_GENERAL_ERR,        /* a status this library does not know */
	HPNIC_WC_LOC_PROT_ERR,       /* the NIC's L_Key check failed: key, PD, range, rights */
	HPNIC_WC_LOC_LEN_ERR,        /* a receive: the SEND was longer than the buffer */
	HPNIC_WC_RNR_RETRY_EXC_ERR,  /* the peer had no receive posted, rnr_retry times */
};

/* completion opcode (hpnic_wc.opcode) */
enum hpnic_wc_opcode {
	HPNIC_WC_RDMA_WRITE = 0,     /* also RDMA WRITE with immediate */
	HPNIC_WC_RDMA_READ = 1,
	HPNIC_WC_SEND = 2,           /* SEND, with or without immediate */
	HPNIC_WC_RECV = 128,         /* a receive WQE took a SEND */
	HPNIC_WC_RECV_RDMA_WITH_IMM = 129, /* a receive WQE took an RDMA WRITE's immediate */
};

/* hpnic_wc.wc_flags */
#define HPNIC_WC_WITH_IMM 0x1u      /* imm_data holds the sender's immediate */

/* one completion */
struct hpnic_wc {
	uint64_t wr_id;              /* as posted */
	enum hpnic_wc_status status;
	enum hpnic_wc_opcode opcode; /* as posted */
	uint32_t byte_len;           /* bytes transferred: the WQE's length on success, else 0;
				      * a receive: the bytes the SEND brought (an RDMA WRITE with
				      * immediate: its length) */
	uint32_t qp_num;             /* the QP it was posted on */
	uint32_t vendor_err;         /* the CQE's STATUS byte (HPNIC_CQE_STATUS_*) */
	uint32_t imm_data;           /* with HPNIC_WC_WITH_IMM: the immediate, in network byte
				      * order as it was on the wire (verbs' __be32) */
	unsigned wc_flags;           /* HPNIC_WC_WITH_IMM */
	uint32_t src_qp;             /* a receive: the sending QP (the connection's peer) */
};

/*
 * hpnic_poll_cq - take up to @max completions from the CQ.
 *
 * Returns the number written to @wc (0 when none: the backend is then given
 * one progress() slice, so a polling loop drives the simulator). A QP
 * completes its work requests in posting order.
 *
 * A completion with an error status moves its QP to ERR (in the library and
 * in the NIC); every work request posted on that QP behind the failed one
 * then completes with HPNIC_WC_WR_FLUSH_ERR, generated by the library and
 * returned by this or later polls, after the error completion. A successful
 * completion of an unsignaled work request (see hpnic_post_write) is
 * consumed silently; errors and flushes are always returned.
 *
 * Errors: -EINVAL (NULL, max <= 0).
 */
int hpnic_poll_cq(struct hpnic_cq *cq, int max, struct hpnic_wc *wc);

/*
 * hpnic_wait_cq - hpnic_poll_cq() until at least one completion arrives or
 * @timeout_ns of device time passes: simulated time when the backend
 * reports the cycles progress() ran (the simulator: ID.DATAPATH.CLK_MHZ
 * converts them), wall-clock time otherwise (a board).
 * Returns the number of completions (>= 1). Errors: -EINVAL as
 * hpnic_poll_cq, -ETIMEDOUT (nothing arrived in time).
 */
int hpnic_wait_cq(struct hpnic_cq *cq, int max, struct hpnic_wc *wc, uint64_t timeout_ns);

/*
 * hpnic_wait_cq_wall - hpnic_wait_cq() with @timeout_ns of wall-clock time,
 * whatever the backend (the simulator runs about 3500 times slower than a
 * board: docs/libhpnic.md, "Timeouts are device time"). Same errors.
 */
int hpnic_wait_cq_wall(struct hpnic_cq *cq, int max, struct hpnic_wc *wc, uint64_t timeout_ns);

/*
 * Completion events, for programs that sleep rather than poll.
 *
 * hpnic_req_notify_cq - ask for one event when the CQ next has a
 * completion to return (at once if it has one already). As in verbs, the
 * request is used up by the event: ask again after taking it, then poll
 * the CQ empty, so that no completion falls between the two.
 *
 * hpnic_get_cq_event - take a CQ whose requested event came: 1 and *cq, or
 * 0 when none has (a simulator is given a progress() slice then).
 *
 * hpnic_event_fd - a file descriptor that poll(2)/epoll report readable
 * (POLLIN) while a completion event or an asynchronous event waits for
 * this device; -EOPNOTSUPP for backends without one (sim, pci: call
 * hpnic_get_cq_event in a loop instead).
 *
 * Errors: -EINVAL (NULL), a backend error.
 */
int hpnic_req_notify_cq(struct hpnic_cq *cq);
int hpnic_get_cq_event(struct hpnic_dev *dev, struct hpnic_cq **cq);
int hpnic_event_fd(struct hpnic_dev *dev);

/*
 * Queue pairs (reliable connected; RDMA WRITE and READ)
 */

#define HPNIC_SQ_DEPTH_MIN 2u
#define HPNIC_SQ_DEPTH_MAX 32768u
#define HPNIC_MTU_MIN 64u           /* 64 and 128: between hpnic peers only */
#define HPNIC_MTU_MAX 4096u
#define HPNIC_MTU_DEFAULT 4096u

struct hpnic_qp_cc;

struct hpnic_qp_init_attr {
	struct hpnic_cq *send_cq;   /* where the QP's completions go (same device) */
	unsigned sq_depth;          /* send queue WQEs, a power of two, 2..32768 */
	unsigned path_mtu;          /* bytes, a power of two, 64..4096 (IB: 256..4096); 0: 4096 */
	int sq_sig_all;             /* nonzero: every work request is signaled */
	unsigned max_send_sge;      /* SGEs a WRITE may gather, 0..HPNIC_MAX_SGE (0: 1) */
	unsigned max_inline_data;   /* inline bytes a WRITE may carry, 0..HPNIC_MAX_INLINE */
	struct hpnic_pd *pd;        /* its protection domain; NULL: the device's own */
	/* the receive queue, for SENDs and RDMA WRITEs with immediate from the
	 * peer: rq_depth 0 gives the QP none (a SEND to it gets RNR NAKs) */
	unsigned rq_depth;          /* receive WQEs, 0 or a power of two 2..32768 */
	struct hpnic_cq *recv_cq;   /* where receive completions go; NULL: send_cq */
	unsigned max_recv_sge;      /* 0 or 1: one buffer per receive WQE */
	/* the QP's CC mode, options and per-QP T / W_AI / maxStage from the
	 * start, as hpnic_qp_set_cc sets them (checked alike: -EINVAL,
	 * -EOPNOTSUPP); NULL: the NIC's default mode, no options, no override */
	const struct hpnic_qp_cc *cc;
};

/* hpnic_qp_attr fields hpnic_modify_qp applies */
#define HPNIC_QP_ATTR_STATE      0x001u
#define HPNIC_QP_ATTR_DEST_QPN   0x002u
#define HPNIC_QP_ATTR_REMOTE_IP  0x004u
#define HPNIC_QP_ATTR_REMOTE_MAC 0x008u
#define HPNIC_QP_ATTR_UDP_SPORT  0x010u
#define HPNIC_QP_ATTR_DSCP_ECN   0x020u
#define HPNIC_QP_ATTR_PATH_MTU   0x040u
#define HPNIC_QP_ATTR_SQ_PSN     0x080u
#define HPNIC_QP_ATTR_RQ_PSN     0x100u
#define HPNIC_QP_ATTR_CC_MODE    0x200u
#define HPNIC_QP_ATTR_MAX_RD_ATOMIC 0x400u
#define HPNIC_QP_ATTR_MIN_RNR_TIMER 0x800u
#define HPNIC_QP_ATTR_RNR_RETRY  0x1000u
#define HPNIC_QP_ATTR_CC_OPTIONS 0x2000u
#define HPNIC_QP_ATTR_CC_OVERRIDE 0x4000u
#define HPNIC_QP_ATTR_ALL        0x7fffu

struct hpnic_qp_attr {
	unsigned qp_state;          /* HPNIC_QPS_RESET, _INIT, _RTR, _RTS, _ERR */
	uint32_t dest_qp_num;       /* the peer's QPN, 24 bits */
	uint32_t remote_ipv4;       /* the peer's IPv4 address, first octet in bits 31:24 */
	uint8_t remote_mac[6];      /* next hop's MAC (the peer's on one segment) */
	uint16_t udp_sport;         /* UDP source port, ECMP entropy (default 0xc000 | qpn) */
	uint8_t dscp_ecn;           /* IPv4 TOS byte (default 0x6a: DSCP 26, ECT(0)) */
	unsigned path_mtu;          /* bytes, as hpnic_qp_init_attr.path_mtu (0 not allowed) */
	uint32_t sq_psn;            /* first PSN this QP sends, 24 bits */
	uint32_t rq_psn;            /* first PSN this QP expects, 24 bits */
	unsigned cc_mode;           /* HPNIC_CC_MODE_*, one present in hpnic_dev_attr.cc_modes */
	unsigned max_rd_atomic;     /* READs outstanding as requester, 1..hpnic_dev_attr.
				     * max_qp_rd_atom (verbs' max_rd_atomic: at most the
				     * peer's max_dest_rd_atomic); default that maximum */
	unsigned min_rnr_timer;     /* IB RNR timer code 0..31 this QP's RNR NAKs carry: the
				     * least delay before the peer sends again (1 = 0.01 ms ..
				     * 31 = 491.52 ms, 0 = 655.36 ms); default 1 */
	unsigned cc_options;        /* HPCC's options, HPNIC_QP_CC_VAI | HPNIC_QP_CC_SF, as
				     * hpnic_qp_cc.options; set up as cc_mode */
	unsigned rnr_retry;         /* RNR NAKs in a row this QP's requester takes before it
				     * fails the work request, 0..7 (7: without end); default 7 */
	/* HPCC's per-QP override (HPNIC_QP_ATTR_CC_OVERRIDE), as hpnic_qp_cc's
	 * override, t_ns, wai_bytes and max_stage: set up as cc_mode, and the
	 * INIT at the next RTS carries it to the CC engine (docs/cc-vai-sf.md);
	 * without cc_override the three are not checked and are stored as 0 */
	int cc_override;
	unsigned cc_t_ns;           /* T, 64..1048575 ns */
	double cc_wai_bytes;        /* W_AI, 0..65535.9375 bytes */
	unsigned cc_max_stage;      /* maxStage, 0..15 */
};

/*
 * hpnic_create_qp - a queue pair in state RESET, with a send queue of
 * attr->sq_depth WQEs in DMA memory: 64 bytes each, or 128 when
 * max_send_sge > 1 or max_inline_data > 0 (the second half holds the SGE
 * list or the inline bytes, which the NIC reads when it sends). QPNs start
 * at 2 (IBTA reserves QP0 and QP1). The CQ must be able to hold the WQEs of all its
 * QPs: the sum of their sq_depth may not exceed its depth.
 *
 * Errors: -EINVAL (NULL, no CQ or a CQ of another device, depth, MTU,
 * max_send_sge or max_inline_data out of range), -ENOSPC (the CQ is too small for one more send queue, or no
 * free QPN), -ENOMEM, the backend's dma_alloc error, a hardware command
 * error.
 */
int hpnic_create_qp(struct hpnic_dev *dev, const struct hpnic_qp_init_attr *attr,
		    struct hpnic_qp **qp);

/*
 * hpnic_modify_qp - change the QP's state and attributes, as verbs does.
 * @mask: HPNIC_QP_ATTR_* bits naming the fields of @attr to apply; without
 *        HPNIC_QP_ATTR_STATE the QP stays in its state.
 *
 * Transitions and the attributes each accepts (others give -EINVAL):
 *   RESET -> INIT   optional PATH_MTU, CC_MODE, CC_OPTIONS, CC_OVERRIDE, UDP_SPORT,
 *                   DSCP_ECN
 *   INIT  -> INIT   the same
 *   INIT  -> RTR    required DEST_QPN, REMOTE_IP, REMOTE_MAC, RQ_PSN;
 *                   optional SQ_PSN, MAX_RD_ATOMIC, MIN_RNR_TIMER, PATH_MTU, CC_MODE,
 *                   CC_OPTIONS, CC_OVERRIDE, UDP_SPORT, DSCP_ECN
 *   RTR   -> RTS    optional SQ_PSN, MAX_RD_ATOMIC, RNR_RETRY, MIN_RNR_TIMER,
 *                   UDP_SPORT, DSCP_ECN
 *   RTS   -> RTS    optional MIN_RNR_TIMER, UDP_SPORT, DSCP_ECN
 *   any   -> ERR    none: outstanding work requests are flushed
 *                   (HPNIC_WC_WR_FLUSH_ERR, after completions already in the CQ)
 *   any   -> RESET  none: outstanding work requests and their completions
 *                   not yet polled are discarded; attributes return to their
 *                   defaults
 *
 * As in verbs, a connection starts in two steps, once per connection: the
 * transition to RTR starts its receive side in the NIC at RQ_PSN (QP CMD
 * START_RQ), and the transition to RTS its send side at SQ_PSN, with fresh
 * CC state and scheduler flow (START_SQ). SQ_PSN may be given at RTR or at
 * RTS (default 0); the last one given counts, and so for MAX_RD_ATOMIC
 * (default hpnic_dev_attr.max_qp_rd_atom). A QP goes through RESET -> INIT ->
 * RTR -> RTS any number of times.
 *
 * Errors: -EINVAL (NULL, unknown mask bits, a transition or attribute not
 * allowed, a required attribute missing, a value out of range),
 * -EOPNOTSUPP (a CC mode not built in), a hardware command error:
 * -EIO (BAD_CMD), -ERANGE (BAD_INDEX), -EINVAL (BAD_VALUE), -EBUSY (BUSY),
 * -ETIMEDOUT (the command never finished); the QP is then unchanged.
 */
int hpnic_modify_qp(struct hpnic_qp *qp, const struct hpnic_qp_attr *attr, unsigned mask);

/*
 * hpnic_query_qp - the QP's state and attributes as the library last
 * applied them, after taking the NIC's waiting asynchronous events (which
 * may have moved it to ERR: hpnic_get_async_event). Errors: -EINVAL (NULL),
 * a backend error.
 */
int hpnic_query_qp(struct hpnic_qp *qp, struct hpnic_qp_attr *attr);

/*
 * hpnic_destroy_qp - move the QP to RESET in the NIC, discard its
 * completions not yet polled, free it. The NIC cannot stop a QP's requester
 * mid-message: destroy a QP once its work has completed. Errors: -EINVAL
 * (NULL), a hardware command error (the QP stays).
 */
int hpnic_destroy_qp(struct hpnic_qp *qp);

/* the QP's number (24-bit QPN, never 0); 0 for NULL */
uint32_t hpnic_qp_num(const struct hpnic_qp *qp);

/*
 * Asynchronous events (ibv_get_async_event): what the NIC reports that no
 * work request's completion tells
 */
enum hpnic_event_type {
	HPNIC_EVENT_QP_FATAL = HPNIC_ASYNC_EVENT_QP_FATAL,         /* the send side failed */
	HPNIC_EVENT_QP_ACCESS_ERR = HPNIC_ASYNC_EVENT_QP_ACCESS_ERR, /* responder: remote access NAK */
	HPNIC_EVENT_QP_REQ_ERR = HPNIC_ASYNC_EVENT_QP_REQ_ERR,     /* responder: invalid request NAK */
	HPNIC_EVENT_CQ_ERR = HPNIC_ASYNC_EVENT_CQ_ERR,             /* a completion was dropped */
};

struct hpnic_async_event {
	enum hpnic_event_type type;
	struct hpnic_qp *qp;        /* QP events: the QP (NULL if it was destroyed since) */
	struct hpnic_cq *cq;        /* CQ_ERR: the CQ (NULL if none has that CQN) */
	uint32_t num;               /* the QPN or CQN */
};

/*
 * hpnic_get_async_event - take the device's oldest asynchronous event.
 *
 * Returns 1 with *ev filled, 0 when none is waiting (it does not block: the
 * NIC raises no interrupt for events, so a program polls, as it polls CQs).
 * The library's QP state follows the NIC: QP_ACCESS_ERR and QP_REQ_ERR (this
 * QP, as responder, NAKed a request and stopped taking requests) move the
 * QP to ERR as hpnic_modify_qp() would, flushing its outstanding work;
 * QP_FATAL (the send side failed) comes with the failed work request's
 * error completion, which moves the QP to ERR when it is polled. The NIC
 * keeps 16 events; more are dropped and counted (CTRL.EVENT_LOST).
 * hpnic_query_qp() takes the waiting events first, so its state includes
 * what the NIC reported. Errors: -EINVAL (NULL), a backend error.
 */
int hpnic_get_async_event(struct hpnic_dev *dev, struct hpnic_async_event *ev);

/* work request flags */
#define HPNIC_WR_SIGNALED 0x1u      /* report its successful completion (errors always are) */
#define HPNIC_WR_MORE     0x2u      /* more posts follow: write the WQE, defer the doorbell */

/*
 * hpnic_post_write - RDMA WRITE @len bytes from @laddr to the peer's
 * @remote_va in its region @rkey.
 * hpnic_post_read  - RDMA READ @len bytes from the peer's @remote_va
 * (region @rkey) into @laddr.
 *
 * @wr_id: returned in the completion.
 * @lmr:   a region of this device holding [laddr, laddr + len); for READ it
 *         needs HPNIC_ACCESS_LOCAL_WRITE. May be NULL only when len is 0.
 * @flags: HPNIC_WR_SIGNALED (or the QP's sq_sig_all); HPNIC_WR_MORE.
 *
 * Writes the WQE into the send queue and rings the QP's doorbell. With
 * HPNIC_WR_MORE the doorbell waits: the next post on this QP without it
 * rings once for every WQE before it (the NIC then fetches them in
 * batches). Until then the NIC does not see the deferred WQEs, so always
 * end a batch without HPNIC_WR_MORE. If that doorbell fails, the deferred
 * WQEs are taken back with it. The QP
 * must be in RTS. A message is shorter than 2^31 bytes and, at path MTUs
 * of 64..256 B, at most 2^23 - 1 packets (half the 24-bit PSN space). A
 * QP keeps up to max_rd_atomic READs outstanding, and the work behind a
 * READ does not wait for it.
 *
 * Errors: -EINVAL (NULL, QP not in RTS, MR of another device, local range
 * outside @lmr, len too long, unknown flags), -EACCES (READ into a region
 * without LOCAL_WRITE), -ENOMEM (send queue full: poll the CQ),
 * -EOPNOTSUPP (the bitstream lacks WRITE or READ), the backend's doorbell
 * write error.
 */
int hpnic_post_write(struct hpnic_qp *qp, uint64_t wr_id, struct hpnic_mr *lmr,
		     const void *laddr, uint32_t len, uint64_t remote_va, uint32_t rkey,
		     unsigned flags);
int hpnic_post_read(struct hpnic_qp *qp, uint64_t wr_id, struct hpnic_mr *lmr,
		    void *laddr, uint32_t len, uint64_t remote_va, uint32_t rkey,
		    unsigned flags);

/*
 * Work-request lists (the shape of ibv_post_send)
 */

enum hpnic_wr_opcode {
	HPNIC_WR_RDMA_WRITE = 0,
	HPNIC_WR_RDMA_READ = 1,
	HPNIC_WR_SEND = 2,                  /* to the peer's next receive buffer */
	HPNIC_WR_SEND_WITH_IMM = 3,         /* ... with imm_data in its completion */
	HPNIC_WR_RDMA_WRITE_WITH_IMM = 4,   /* RDMA WRITE, and imm_data to a receive WQE */
};

/* hpnic_send_wr.send_flags */
#define HPNIC_SEND_SIGNALED  0x1u   /* report its successful completion (errors always are) */
#define HPNIC_SEND_FENCE     0x2u   /* wait for earlier READs: see below (-EAGAIN) */
#define HPNIC_SEND_SOLICITED 0x4u   /* for SENDs; accepted and ignored on RDMA operations */
#define HPNIC_SEND_INLINE    0x8u   /* WRITE: copy the data into the WQE (below) */

#define HPNIC_MAX_SGE 4u            /* sg_list entries a work request may name */
#define HPNIC_MAX_INLINE 64u        /* bytes a WRITE may carry inline */

/* one gather/scatter element: bytes at a virtual address of a region */
struct hpnic_sge {
	uint64_t addr;              /* virtual address (a pointer value) */
	uint32_t length;            /* bytes */
	uint32_t lkey;              /* hpnic_mr_lkey() of the region holding them */
};

struct hpnic_send_wr {
	uint64_t wr_id;             /* returned in the completion */
	struct hpnic_send_wr *next; /* the next work request, NULL at the end */
	struct hpnic_sge *sg_list;  /* the local buffer: WRITE reads it, READ fills it */
	int num_sge;                /* 0 (a zero-length operation) .. HPNIC_MAX_SGE */
	enum hpnic_wr_opcode opcode;
	unsigned send_flags;        /* HPNIC_SEND_* */
	struct {
		uint64_t remote_addr;   /* the peer's virtual address */
		uint32_t rkey;          /* the peer's R_Key */
	} rdma;
	uint32_t imm_data;          /* *_WITH_IMM: the immediate, network byte order (as verbs) */
};

/*
 * hpnic_post_send - post a list of work requests, as ibv_post_send does.
 *
 * Each work request is checked whole before it is written: opcode, flags,
 * every SGE's L_Key against this device's registered regions (its range
 * inside the region; for READ, a region with HPNIC_ACCESS_LOCAL_WRITE; an
 * empty SGE is not checked), the total length (as hpnic_post_write). The
 * ones before the first bad one are posted, and one doorbell covers them;
 * *bad_wr (when not NULL) then points at the bad one, which and whose
 * successors are not posted. On success *bad_wr is NULL.
 *
 * The NIC executes a QP's work requests in order but keeps several READs
 * outstanding, and work behind a READ does not wait for its data. The NIC
 * does not hold a fenced request back yet: a work request with
 * HPNIC_SEND_FENCE while a READ posted before it has not completed fails
 * with -EAGAIN (post it after the READ's completion).
 *
 * SEND goes to the peer's next receive buffer (hpnic_post_recv) and needs no
 * remote address or key; SEND_WITH_IMM also hands the peer imm_data in its
 * receive completion, and RDMA_WRITE_WITH_IMM writes as RDMA_WRITE and uses
 * up one of the peer's receive buffers for imm_data. Their completions here
 * are HPNIC_WC_SEND and HPNIC_WC_RDMA_WRITE. If the peer has no receive
 * buffer, the NIC sends again after the peer's RNR delay, up to the QP's
 * rnr_retry times (HPNIC_WC_RNR_RETRY_EXC_ERR after that; 7: without end).
 *
 * A WRITE or SEND gathers up to the QP's max_send_sge SGEs (empty ones are
 * dropped); the NIC reads each piece from its own address. With
 * HPNIC_SEND_INLINE, a WRITE or SEND of at most the QP's max_inline_data
 * bytes is copied into the WQE:
 * the SGEs' L_Keys are not looked at, and the buffers may be reused as soon
 * as this returns. A READ lands in one SGE (scatter over several is not
 * there yet: -EOPNOTSUPP).
 *
 * Errors: -EINVAL (NULL qp or wr, QP not in RTS, a bad opcode, flags,
 * num_sge over max_send_sge, L_Key, range or length, inline data over
 * max_inline_data or on a READ), -EACCES (READ into a region without
 * LOCAL_WRITE), -EOPNOTSUPP (a READ with several SGEs, or the bitstream
 * lacks the operation), -ENOMEM (send queue full: poll the CQ), the backend's
 * doorbell error (then nothing of the list is posted and *bad_wr is wr).
 */
int hpnic_post_send(struct hpnic_qp *qp, const struct hpnic_send_wr *wr,
		    struct hpnic_send_wr **bad_wr);

/* one receive buffer (the shape of ibv_recv_wr) */
struct hpnic_recv_wr {
	uint64_t wr_id;             /* returned in the receive completion */
	struct hpnic_recv_wr *next; /* the next work request, NULL at the end */
	struct hpnic_sge *sg_list;  /* the buffer a SEND lands in */
	int num_sge;                /* 0 (takes only an empty SEND or an immediate) or 1 */
};

/*
 * hpnic_post_recv - post receive buffers to the QP's receive queue, as
 * ibv_post_recv does. The QP must have one (hpnic_qp_init_attr.rq_depth) and
 * be in INIT, RTR or RTS: buffers posted before the connection starts are
 * kept, as verbs programs expect. Each buffer is checked (L_Key, its range
 * inside the region, HPNIC_ACCESS_LOCAL_WRITE); the ones before the first
 * bad one are posted, with one doorbell, and *bad_wr points at the bad one.
 *
 * The NIC takes the buffers in order: each SEND from the peer fills the next
 * one (a SEND longer than it fails: HPNIC_WC_LOC_LEN_ERR, and the QP goes to
 * ERR), and each RDMA WRITE with immediate uses one up without writing it.
 * Their completions (HPNIC_WC_RECV, HPNIC_WC_RECV_RDMA_WITH_IMM) come on the
 * QP's recv_cq with the byte count and the immediate. While none is posted,
 * the NIC answers the peer's SEND with an RNR NAK and the peer sends again
 * after min_rnr_timer (up to its rnr_retry times).
 *
 * Errors: -EINVAL (NULL qp or wr, a QP without a receive queue or in RESET
 * or ERR, num_sge over 1, a bad L_Key or range), -EACCES (a region without
 * HPNIC_ACCESS_LOCAL_WRITE), -ENOMEM (the receive queue is full: poll the
 * CQ), the backend's doorbell error (then none was posted, *bad_wr = wr).
 */
int hpnic_post_recv(struct hpnic_qp *qp, const struct hpnic_recv_wr *wr,
		    struct hpnic_recv_wr **bad_wr);

/*
 * Congestion control (HPCC, SIGCOMM 2019 Algorithm 1; docs/cc.md)
 */

/* NIC-wide CC parameters, in the paper's terms */
struct hpnic_cc_params {
	double eta;                 /* eta: target utilisation, 0.5..1 (CC.ETA, Q0.16) */
	unsigned max_stage;         /* maxStage: additive steps before a multiplicative one, 0..15 */
	double wai_bytes;           /* W_AI: additive increase, bytes, 0 <= W_AI < 65536, 1/16 B steps */
	unsigned t_ns;              /* T: base RTT, ns, 64..2^20-1 */
	unsigned line_mbps;         /* line rate, Mb/s, 1..2^20-1 (W <= line rate x T) */
	unsigned min_mbps;          /* minimum rate, Mb/s, 1..line_mbps (W >= min rate x T) */
	unsigned algorithm;         /* CC mode of QPs that set none: HPNIC_CC_MODE_* (HPCC, DCQCN) */
	unsigned sched_overhead;    /* bytes per packet the pacer charges beyond the payload, 0..255 */
	unsigned sched_burst;       /* pacing burst allowance, bytes beyond one grant, 0..65535 */
	unsigned sched_grant;       /* wire bytes of credit and window per scheduler grant: 0 (the
	                             * path MTU) or 64..16383, capped at the path MTU; QPs read it
	                             * when they start (default 256) */
	uint32_t status;            /* hpnic_get_cc only: CTRL.CC_PARAM_STATUS (clamps, WMAX_SAT) */
};

/*
 * hpnic_cc_defaults - the parameters a NIC has after reset (the paper's
 * simulation set: eta 0.95, maxStage 5, W_AI 80 B, T 4160 ns, 100 Gb/s,
 * 100 Mb/s). Errors: -EINVAL (NULL).
 */
int hpnic_cc_defaults(struct hpnic_cc_params *params);

/*
 * hpnic_set_cc - write the NIC-wide CC parameters (CC block). eta is
 * rounded to Q0.16 and W_AI to 1/16 byte. The ranges are those the CC
 * engine accepts without clamping (docs/cc.md). The engine derives its
 * constants in about 800 cycles after a write; QPs keep their window and
 * clamp it to the new range. DCQCN runs at the same line rate and T: on a
 * bitstream with DCQCN, the DCQCN registers that depend on them are
 * derived again (hpnic_set_dcqcn), and a line rate DCQCN's parameters do
 * not fit (under 1000 Mb/s, or under rpg_hai_rate...) is refused, naming
 * the DCQCN field, before anything is written.
 * Errors: -EINVAL (NULL, a value out of range: eta outside [0.5, 1],
 * max_stage > 15, T outside 64..2^20-1, W_AI >= 65536 B or negative, a rate
 * outside 1..2^20-1, min > line, sched_overhead > 255, sched_burst > 65535,
 * sched_grant 1..63 or > 16383,
 * algorithm > 3), -EOPNOTSUPP (algorithm not built in), a backend error.
 */
int hpnic_set_cc(struct hpnic_dev *dev, const struct hpnic_cc_params *params);

/* hpnic_get_cc - read the CC block back, converted. Errors: -EINVAL (NULL). */
int hpnic_get_cc(struct hpnic_dev *dev, struct hpnic_cc_params *params);

/*
 * DCQCN (CC mode 1; docs/cc-dcqcn.md): the NIC-wide parameters of the
 * reaction point, in the NIC vendor's knob names and units where the knob
 * means the same (its roce_rp knobs), else in the units docs/cc-dcqcn.md
 * ("Parameters") gives. DCQCN's line rate and T are HPCC's (hpnic_set_cc):
 * the rate parameters are checked against that line rate.
 */
struct hpnic_dcqcn_params {
	unsigned g;                          /* g x 1024, 2..1023 (the paper's 1/256 is 4) */
	unsigned initial_alpha_value;        /* alpha at INIT x 1024, 0..1024 */
	unsigned dce_tcp_rtt;                /* the alpha period, us, 1..131071 */
	unsigned rate_reduce_monitor_period; /* Td, us, 0..131071: decreases at most once per Td */
	unsigned rpg_time_reset;             /* Ti, us, 1..131071: the rate-increase timer */
	uint32_t rpg_byte_reset;             /* bytes per byte-counter increase, 1 .. 65535 MTUs */
	unsigned mtu;                        /* path MTU the byte counter counts packets of,
	                                      * 256..4096: B = ceil(rpg_byte_reset / mtu) */
	unsigned rpg_threshold;              /* F, 0..31: increases before additive/hyper */
	unsigned rpg_ai_rate;                /* R_AI, Mb/s, 40..line rate */
	unsigned rpg_hai_rate;               /* R_HAI, Mb/s, 40..line rate */
	unsigned rpg_min_dec_fac;            /* the decrease factor's floor, %, 0..100 */
	unsigned rpg_min_rate;               /* Rmin, Mb/s, 40..line rate */
	unsigned gd;                         /* f = 1 - alpha x 2^-gd, 0..15 (1: the paper's) */
	unsigned rate_to_set_on_first_cnp;   /* Mb/s: 0 (off) or rpg_min_rate..line rate */
	/* hpnic_get_dcqcn only (hpnic_set_dcqcn ignores them) */
	unsigned line_mbps;                  /* the line rate they run at (CC.LINE_MBPS) */
	unsigned b_pkts;                     /* CC.DCQCN_B_PKTS: packets per byte-counter increase */
	int consistent;                      /* nonzero: CC.DCQCN_LINE is the line rate's and
	                                      * the D tables are g's (as hpnic_set_dcqcn and
	                                      * reset leave them) */
};

/*
 * hpnic_dcqcn_defaults - the parameters a NIC has after reset (the paper's
 * g, F and R_AI; the vendor's Ti 300 us and Td 4 us; 10 MB of 4 KiB
 * packets). Errors: -EINVAL (NULL).
 */
int hpnic_dcqcn_defaults(struct hpnic_dcqcn_params *params);

/*
 * hpnic_dcqcn_parse - set fields from "name=value[,name=value...]" with
 * the names above (as hpnic-cctrace --dcqcn takes them; line_mbps and t_ns
 * are refused here: they are hpnic_set_cc's). Values are not range-checked
 * (hpnic_set_dcqcn does). Errors: -EINVAL (NULL, an unknown name, a value
 * that is not an unsigned 32-bit number), naming the item.
 */
int hpnic_dcqcn_parse(struct hpnic_dcqcn_params *params, const char *list);

/*
 * hpnic_set_dcqcn - write DCQCN's NIC-wide parameters: checked as the C
 * models check them (dcqcn_params_check), the engine's constants derived
 * as dcqcn_derive() makes them, and every CC.DCQCN_* register and the 64
 * D-table entries written. QPs keep their state; set them while the NIC is
 * quiet (the engine takes them as they come). hpnic_set_cc re-derives them
 * when the line rate or T changes.
 * Errors: -EINVAL (NULL, a field out of range: the message names it; the
 * NIC's line rate under DCQCN's least, 1000 Mb/s), -EOPNOTSUPP (the
 * bitstream has no DCQCN: ID.CC_MODES), a backend error.
 */
int hpnic_set_dcqcn(struct hpnic_dev *dev, const struct hpnic_dcqcn_params *params);

/*
 * hpnic_get_dcqcn - read them back, converted (rates to Mb/s, exact for
 * what hpnic_set_dcqcn wrote). The NIC keeps B = ceil(rpg_byte_reset /
 * mtu), not the two: mtu and rpg_byte_reset are this process's last
 * hpnic_set_dcqcn's when B still matches them, else 4096 and B x 4096.
 * Errors: -EINVAL (NULL), -EOPNOTSUPP (no DCQCN), a backend error.
 */
int hpnic_get_dcqcn(struct hpnic_dev *dev, struct hpnic_dcqcn_params *params);

/*
 * DCQCN's two NIC-wide timers outside the reaction point's parameters: the
 * notification point's spacing of CNPs (the vendor's min_time_between_cnps,
 * CC.NP_MIN_TIME_US) and the engine's sweeper (CC.DCQCN_TICK_US). Their
 * ranges are the register map's (HPNIC_CC_NP_MIN_TIME_US_MIN/_MAX,
 * HPNIC_CC_DCQCN_TICK_US_MIN/_MAX), the ones the NIC's CSR enforces.
 */
struct hpnic_dcqcn_timers {
	unsigned min_time_between_cnps;      /* us, 0..4095: at most one CNP per responder QP
	                                      * in this time (0: one per CE-marked request) */
	unsigned tick_us;                    /* the sweeper's pass period, us, 0..131071
	                                      * (0: no sweeps; default 32) */
};

/*
 * hpnic_set_dcqcn_timers - write both. Errors: -EINVAL (NULL, a value out
 * of its range, naming it; nothing is written), -EOPNOTSUPP (no DCQCN), a
 * backend error (through the kernel driver: root's, as hpnic_set_dcqcn).
 * hpnic_get_dcqcn_timers reads them back. Reset: 4 us and 32 us.
 */
int hpnic_set_dcqcn_timers(struct hpnic_dev *dev, const struct hpnic_dcqcn_timers *timers);
int hpnic_get_dcqcn_timers(struct hpnic_dev *dev, struct hpnic_dcqcn_timers *timers);

/*
 * hpnic_set_int - HPCC INT on the wire (CTRL.INT_CTRL, docs/wire.md): with
 * enable nonzero, every data packet carries the 42-byte INT block and goes
 * to UDP port udp_port, and ACKs echo the block back to the CC engine; off
 * (the reset state), frames are plain RoCEv2 and HPCC sees no INT.
 * udp_port is what switches recognise INT frames by (default 4792). Raise
 * hpnic_cc_params.sched_overhead by 42 when turning INT on, so that the
 * pacer charges the block. Errors: -EINVAL (NULL, udp_port 0 or 4791).
 * hpnic_get_int reads both back. Errors: -EINVAL (NULL).
 */
int hpnic_set_int(struct hpnic_dev *dev, int enable, uint16_t udp_port);
int hpnic_get_int(struct hpnic_dev *dev, int *enable, uint16_t *udp_port);

#define HPNIC_INT_PORT_DEFAULT 4792u
#define HPNIC_INT_BLOCK_BYTES 42u

/*
 * hpnic_set_ack_req - which request packets ask for an ACK (BTH AckReq,
 * CTRL.ACK_REQ, docs/wire.md "Reliability on the wire"): with INT off, READ
 * requests, a message's last packet, and at least one packet in every
 * 2^spacing_log2 bytes of a message; spacing_log2 at most log2 of the path
 * MTU asks on every packet. With INT on every request packet asks,
 * whatever this says. NIC-wide, 0..15; 13 after reset, which (8 KiB) is
 * the largest power of two within a quarter of the window without INT,
 * W_init = line rate x T, at the default 100 Gb/s and T = 4,160 ns
 * (hpnic_ack_req_spacing_for). Above a quarter of W_init the window waits
 * for ACKs and throughput falls (docs/performance.md); above W_init a
 * message longer than the window would wait for the retransmit timer, so
 * that is refused. hpnic_set_cc lowers the spacing when a new T or line
 * rate makes it more than a quarter of W_init, and never raises it.
 * Errors: -EINVAL (NULL, spacing_log2 above 15, 2^spacing_log2 > W_init
 * for spacing_log2 > 6), a backend error. Through the kernel driver it is
 * the sysfs file ack_req_spacing_log2, so writing it takes root.
 * hpnic_get_ack_req reads it back. Errors: -EINVAL (NULL).
 */
int hpnic_set_ack_req(struct hpnic_dev *dev, unsigned spacing_log2);
int hpnic_get_ack_req(struct hpnic_dev *dev, unsigned *spacing_log2);

/*
 * hpnic_set_rto - the retransmit timeout (CTRL.RTO, docs/transport.md): a
 * QP with requests unacknowledged for rto_ns since its last progress and
 * its last request packet goes back to its oldest unacknowledged packet
 * (go-back-N); the 8th timeout in a row fails the QP
 * (HPNIC_WC_RETRY_EXC_ERR). NIC-wide (verbs' per-QP timeout attribute has
 * no counterpart here), counted in units of 1024 core cycles: rto_ns is
 * rounded up to the next unit, 0 turns the timer off. After reset 8 units,
 * 32.8 us at 250 MHz: enough for an HPCC network, whose queues stay short;
 * a DCQCN network, whose queues reach milliseconds, wants about 1 ms or
 * more (docs/netsim.md, "DCQCN"). Errors: -EINVAL (NULL, rto_ns above
 * hpnic_rto_max_ns(), 268 ms at 250 MHz), -ENODEV (the device reports no
 * clock), a backend error. Through the kernel driver it is the sysfs file
 * rto (in units), so writing it takes root. hpnic_get_rto reads it back in
 * ns (a whole number of units). Errors: -EINVAL (NULL).
 */
int hpnic_set_rto(struct hpnic_dev *dev, uint64_t rto_ns);
int hpnic_get_rto(struct hpnic_dev *dev, uint64_t *rto_ns);

/* hpnic_rto_max_ns - the longest timeout CTRL.RTO holds at clk_mhz (0 for 0) */
uint64_t hpnic_rto_max_ns(unsigned clk_mhz);

/*
 * hpnic_ack_req_spacing_for - the AckReq spacing (log2 bytes) for a line
 * rate and T: the largest n with 2^n at most a quarter of W_init = line x
 * T, 0 (every packet) when that is below 64 bytes. 13 at 100,000 Mb/s and
 * 4,160 ns.
 */
unsigned hpnic_ack_req_spacing_for(unsigned line_mbps, unsigned t_ns);

#define HPNIC_ACK_REQ_LOG2_MAX 15u

/* per-QP CC options of mode HPCC (QP.CC_OPTS; docs/cc-vai-sf.md) */
#define HPNIC_QP_CC_VAI 0x1u        /* Variable AI */
#define HPNIC_QP_CC_SF  0x2u        /* Sampling Frequency */

/* per-QP CC: the QP block's CC_MODE, CC_OVERRIDE, QP_T_NS, QP_WAI, QP_MAX_STAGE,
 * CC_OPTS */
struct hpnic_qp_cc {
	unsigned algorithm;         /* HPNIC_CC_MODE_*; takes effect at the next RTS (START_SQ) */
	int override;               /* nonzero: t_ns, wai_bytes, max_stage replace the NIC's */
	unsigned t_ns;              /* T, as hpnic_cc_params */
	double wai_bytes;           /* W_AI, as hpnic_cc_params */
	unsigned max_stage;         /* maxStage, as hpnic_cc_params */
	unsigned options;           /* HPNIC_QP_CC_VAI | HPNIC_QP_CC_SF: the INIT at the next
	                             * RTS (START_SQ) carries them to the CC engine, whose
	                             * NIC-wide parameters are hpnic_set_vaisf's */
};

/*
 * hpnic_qp_set_cc - store the QP's CC mode, per-QP override and options
 * (QP CMD WRITE); hpnic_qp_get_cc - read them back from the NIC (QP CMD
 * READ). The QP's INIT at its next RTS (START_SQ) carries them to the CC
 * engine: with override, the QP runs HPCC on its own T, W_AI and maxStage
 * (its 1/T, queue constants, Wmax = line rate x T and Wmin = minimum rate x
 * T, derived at that INIT from the NIC-wide eta and rates then in force;
 * docs/cc-vai-sf.md), else on the NIC-wide ones; the options (VAI, SF) alike.
 * When override is 0, t_ns, wai_bytes and max_stage are not checked and are
 * stored as 0.
 * Errors: -EINVAL (NULL, values out of range as hpnic_set_cc, an options
 * bit other than HPNIC_QP_CC_VAI and HPNIC_QP_CC_SF), -EOPNOTSUPP (mode not
 * built in; options through the kernel backend of a driver without
 * HPNIC_ABI_CAP_CC_OPTS, which would ignore them), a hardware command error.
 */
int hpnic_qp_set_cc(struct hpnic_qp *qp, const struct hpnic_qp_cc *cc);
int hpnic_qp_get_cc(struct hpnic_qp *qp, struct hpnic_qp_cc *cc);

/*
 * HPCC's Variable AI and Sampling Frequency ("Variable Additive Increase
 * and Sampling Frequency for HPCC"; docs/cc-vai-sf.md): the NIC-wide
 * parameters (CC.VAI_* and CC.SF_ACKS), used by the QPs whose
 * hpnic_qp_cc.options set VAI or SF.
 */
struct hpnic_vaisf_params {
	unsigned thresh_bytes;      /* Token Thresh: an RTT's largest queue above it makes
	                             * tokens, 1..8388607 bytes (default 50000) */
	unsigned ai_div_bytes;      /* AI DIV: bytes of queue per token, 1..8388607 (1000) */
	unsigned bank_cap;          /* Bank Cap: tokens a QP's bank holds, 0..4095 (1000) */
	unsigned ai_cap;            /* AI Cap: tokens one update spends, 1..1023 (100) */
	unsigned damp_shift;        /* the Dampener Constant is 2^damp_shift, 0..15 (3) */
	unsigned sf_acks;           /* SF's N: ACKs between decreases, 1..255 (30) */
};

/* hpnic_vaisf_defaults - the reset values (the VAI/SF paper's). Errors: -EINVAL (NULL). */
int hpnic_vaisf_defaults(struct hpnic_vaisf_params *params);

/*
 * hpnic_set_vaisf - write them; the engine derives its division constants
 * in about 50 cycles and QPs use the new set from their next ACK. Errors:
 * -EINVAL (NULL, a value outside its range above: nothing is written), a
 * backend error. hpnic_get_vaisf reads them back.
 */
int hpnic_set_vaisf(struct hpnic_dev *dev, const struct hpnic_vaisf_params *params);
int hpnic_get_vaisf(struct hpnic_dev *dev, struct hpnic_vaisf_params *params);

/*
 * Counters (STATS block): 64-bit, never cleared; report differences.
 */

/* the number of counters this NIC has (STATS.COUNT); 0 for NULL */
unsigned hpnic_num_counters(struct hpnic_dev *dev);

/*
 * hpnic_read_counters - read counters 0..n-1 (at most hpnic_num_counters)
 * into @vals. Returns how many were read. Errors: -EINVAL (NULL, n = 0), a
 * backend error.
 */
int hpnic_read_counters(struct hpnic_dev *dev, uint64_t *vals, unsigned n);

/* counter @i's name ("rx_frames") and description; NULL when the library
 * does not know index i (a newer bitstream may have more counters) */
const char *hpnic_counter_name(unsigned i);
const char *hpnic_counter_desc(unsigned i);

/*
 * hpnic_counter_index - the index of the counter called @name (as
 * hpnic_counter_name gives it: "rx_cnp", "cc_dcqcn_decreases", ...).
 * Errors: -EINVAL (NULL), -ENOENT (no counter of that name).
 */
int hpnic_counter_index(const char *name);

/*
 * hpnic_read_counter - read one counter by name into *@val. Errors:
 * -EINVAL (NULL), -ENOENT (no such name, or the NIC has fewer counters
 * than its index: an older bitstream), a backend error.
 */
int hpnic_read_counter(struct hpnic_dev *dev, const char *name, uint64_t *val);

/*
 * Errors
 */

/* a message for a (negative or positive) errno value the library returns */
const char *hpnic_strerror(int err);

/* this thread's detailed message of the last failure ("" before any);
 * valid until the thread's next libhpnic call */
const char *hpnic_last_error(void);

#ifdef __cplusplus
}
#endif

#endif /* HPNIC_H */
