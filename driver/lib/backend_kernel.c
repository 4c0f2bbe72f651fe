/* SPDX-License-Identifier: MIT */
/*
 * libhpnic's "kernel" backend: a NIC behind the hpnic Linux driver
 * (driver/kernel, docs/driver.md), through its char device:
 * hpnic_open("kernel:/dev/hpnic0").
 *
 * The driver owns the NIC. It makes every PD, CQ, MR and QP (the ioctls
 * of hpnic_abi.h) and checks each against the open file that made it, so
 * this backend gives the library object ops (hpnic_backend_objs) and no
 * BAR0. What the library still reads and writes as registers is served
 * here from what the driver offers instead:
 *
 *   ID.*, STATS.COUNT       the driver's QUERY_DEVICE
 *   CC.*, CTRL.CC_PARAM_STATUS, CTRL.INT_CTRL
 *                           the driver's sysfs files (cc/NAME, cc/status,
 *                           int/enable, int/udp_port): NIC-wide, so writing
 *                           them takes root, as sysfs says
 *   CTRL.ACK_REQ            ack_req_spacing_log2 in sysfs, root's too
 *   CTRL.RTO                rto in sysfs (1024-cycle units), root's too
 *   STATS.SEL/VALUE_*       counters/NAME in sysfs
 *   CTRL.EVENT              GET_EVENT: this process's events only
 *   DB.SQ_DB(qpn), DB.RQ_DB(qpn)
 *                           the QP's doorbell page, mapped at CREATE_QP
 *
 * Any other register is refused with -EPERM and says so.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#define HPNIC_REGS_WANT_REG_TABLE
#include "hpnic_priv.h"
#include "hpnic_abi.h"

#define KPAGE 4096u

/* what the library holds mapped of each QP */
struct kernel_qp {
	uint8_t *ring;
	size_t ring_bytes;
	uint8_t *rring;            /* the receive queue, or NULL */
	size_t rring_bytes;
	uint8_t *db_page;
	uint32_t db_offset;
	uint32_t rq_db_offset;
};

struct hpnic_backend {
	int fd;
	char path[64];             /* /dev/hpnicN, for messages */
	char sysfs[96];            /* the PCI device's sysfs folder */
	struct hpnic_abi_query_device q;
	struct kernel_qp *qps;     /* by QPN */
	uint32_t stats_sel;
	uint64_t stats_val;        /* latched by a VALUE_LO read */
};

/* a QP's mappings, before the driver is asked to destroy it (it keeps a mapped QP) */
static void k_unmap_qp(struct kernel_qp *kq)
{
	if (kq->db_page)
		munmap(kq->db_page, KPAGE);
	if (kq->ring)
		munmap(kq->ring, kq->ring_bytes);
	if (kq->rring)
		munmap(kq->rring, kq->rring_bytes);
	memset(kq, 0, sizeof(*kq));
}

static size_t page_round(size_t n)
{
	return (n + KPAGE - 1) & ~(size_t)(KPAGE - 1);
}

/* an ioctl of the ABI: 0, or -errno with the detail set */
static int kioctl(struct hpnic_backend *be, unsigned long nr, void *arg, const char *what)
{
	if (ioctl(be->fd, nr, arg) == 0)
		return 0;
	hpnic_set_error("%s: the driver refused %s: %s", be->path, what, strerror(errno));
	return -errno;
}

static int kernel_open(const char *arg, struct hpnic_backend **bep)
{
	struct hpnic_backend *be;
	struct stat st;
	int err;

	if (!bep || !arg)
		return -EINVAL;
	*bep = NULL;
	be = calloc(1, sizeof(*be));
	if (!be)
		return -ENOMEM;
	snprintf(be->path, sizeof(be->path), "%s", arg);
	be->fd = open(arg, O_RDWR | O_CLOEXEC);
	if (be->fd < 0) {
		/* no such node is no such device */
		err = errno == ENOENT || errno == ENXIO ? -ENODEV : -errno;
		hpnic_set_error("%s: %s%s", arg, strerror(errno),
				errno == ENOENT ? " (is hpnic.ko loaded? docs/driver.md)" : "");
		free(be);
		return err;
	}
	if (fstat(be->fd, &st) || !S_ISCHR(st.st_mode)) {
		hpnic_set_error("%s: not a character device", arg);
		err = -ENODEV;
		goto fail;
	}
	snprintf(be->sysfs, sizeof(be->sysfs), "/sys/dev/char/%u:%u/device", major(st.st_rdev),
		 minor(st.st_rdev));
	be->q.argsz = sizeof(be->q);
	err = kioctl(be, HPNIC_IOCTL_QUERY_DEVICE, &be->q, "QUERY_DEVICE");
	if (err) {
		if (err == -ENOTTY || err == -EINVAL) {
			hpnic_set_error("%s: not an hpnic device (QUERY_DEVICE: %s)", arg,
					strerror(-err));
			err = -ENODEV;
		}
		goto fail;
	}
	if (be->q.abi_version != HPNIC_ABI_VERSION) {
		hpnic_set_error("%s: the driver speaks ABI %u, libhpnic %u: rebuild one of them",
				arg, be->q.abi_version, HPNIC_ABI_VERSION);
		err = -ENODEV;
		goto fail;
	}
	be->qps = calloc(be->q.max_qps ? be->q.max_qps : 1, sizeof(*be->qps));
	if (!be->qps) {
		err = -ENOMEM;
		goto fail;
	}
	*bep = be;
	return 0;

fail:
	close(be->fd);
	free(be);
	return err;
}

static void kernel_close(struct hpnic_backend *be)
{
	if (!be)
		return;
	/* the driver frees whatever the file still owns */
	for (uint32_t i = 0; i < be->q.max_qps; i++)
		k_unmap_qp(&be->qps[i]);
	close(be->fd);
	free(be->qps);
	free(be);
}

/*
 * Registers through sysfs
 */

/* a file under the device's sysfs folder: 0 and its number, or -errno */
static int sysfs_read(struct hpnic_backend *be, const char *name, uint64_t *val)
{
	char path[160], buf[64];
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "%s/%s", be->sysfs, name);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		hpnic_set_error("%s: %s", path, strerror(errno));
		return -errno;
	}
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0) {
		hpnic_set_error("%s: %s", path, n ? strerror(errno) : "empty");
		return n ? -errno : -EIO;
	}
	buf[n] = '\0';
	*val = strtoull(buf, NULL, 0);
	return 0;
}

static int sysfs_write(struct hpnic_backend *be, const char *name, uint32_t val)
{
	char path[160], buf[16];
	int fd, len, err = 0;

	snprintf(path, sizeof(path), "%s/%s", be->sysfs, name);
	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0) {
		err = -errno;
		hpnic_set_error("%s: %s%s", path, strerror(errno),
				errno == EACCES ? " (NIC-wide settings take root)" : "");
		return err;
	}
	len = snprintf(buf, sizeof(buf), "%u", val);
	if (write(fd, buf, (size_t)len) != len) {
		err = -errno;
		hpnic_set_error("%s: writing %u: %s", path, val, strerror(errno));
	}
	close(fd);
	return err;
}

/* cc/NAME for a read-write register of the CC block, or NULL */
static const char *cc_file(uint32_t off, char *buf, size_t len)
{
	for (unsigned i = 0; i < HPNIC_NUM_REGS; i++) {
		const struct hpnic_reg_desc *r = &hpnic_reg_table[i];
		size_t n;

		if (r->offset != off || r->access != HPNIC_REG_RW || r->count != 1 ||
		    off < HPNIC_CC_BASE || off >= HPNIC_CC_BASE + HPNIC_CC_BLOCK_SIZE)
			continue;
		n = (size_t)snprintf(buf, len, "cc/%s", r->name);
		for (size_t k = 3; k < n && k < len; k++)
			buf[k] = (char)tolower((unsigned char)buf[k]);
		return buf;
	}
	return NULL;
}

static int refuse(struct hpnic_backend *be, uint32_t off, const char *how)
{
	hpnic_set_error("%s: BAR0 %s at 0x%05x: the driver owns that register (the kernel "
			"backend reaches only the NIC-wide parameters, counters, events and "
			"doorbells)", be->path, how, off);
	return -EPERM;
}

static int kernel_csr_read(struct hpnic_backend *be, uint32_t off, uint32_t *val)
{
	char name[40];
	uint64_t v = 0;
	int err = 0;

	if (!be || !val)
		return -EINVAL;
	switch (off) {
	case HPNIC_ID_VERSION: v = be->q.fw_version; break;
	case HPNIC_ID_BUILD_DATE: v = be->q.build_date; break;
	case HPNIC_ID_GIT_HASH: v = be->q.git_hash; break;
	case HPNIC_ID_QP_CFG: v = be->q.qp_cfg; break;
	case HPNIC_ID_DATAPATH: v = be->q.datapath; break;
	case HPNIC_ID_FEATURES: v = be->q.features; break;
	case HPNIC_ID_CC_MODES: v = be->q.cc_modes; break;
	case HPNIC_ID_RD_ATOMIC: v = be->q.rd_atomic; break;
	case HPNIC_STATS_COUNT: v = be->q.num_counters; break;
	case HPNIC_STATS_VALUE_LO:
		if (be->stats_sel >= HPNIC_NUM_COUNTERS)
			return refuse(be, off, "read (no such counter)");
		snprintf(name, sizeof(name), "counters/%s", hpnic_counter_name(be->stats_sel));
		err = sysfs_read(be, name, &be->stats_val);
		v = (uint32_t)be->stats_val;
		break;
	case HPNIC_STATS_VALUE_HI: v = be->stats_val >> 32; break;
	case HPNIC_CTRL_CC_PARAM_STATUS: err = sysfs_read(be, "cc/status", &v); break;
	case HPNIC_CTRL_INT_CTRL: {
		uint64_t en = 0, port = 0;

		err = sysfs_read(be, "int/enable", &en);
		if (!err)
			err = sysfs_read(be, "int/udp_port", &port);
		v = HPNIC_SET(HPNIC_CTRL_INT_CTRL_ENABLE, (uint32_t)en) |
		    HPNIC_SET(HPNIC_CTRL_INT_CTRL_PORT, (uint32_t)port);
		break;
	}
	case HPNIC_CTRL_ACK_REQ: {
		uint64_t sp = 0;

		err = sysfs_read(be, "ack_req_spacing_log2", &sp);
		v = HPNIC_SET(HPNIC_CTRL_ACK_REQ_SPACING_LOG2, (uint32_t)sp);
		break;
	}
	case HPNIC_CTRL_RTO: {
		uint64_t units = 0;

		err = sysfs_read(be, "rto", &units);
		v = HPNIC_SET(HPNIC_CTRL_RTO, (uint32_t)units);
		break;
	}
	case HPNIC_CTRL_EVENT: {
		struct hpnic_abi_get_event g = { .argsz = sizeof(g) };

		err = kioctl(be, HPNIC_IOCTL_GET_EVENT, &g, "GET_EVENT");
		v = g.event;
		break;
	}
	default:
		if (!cc_file(off, name, sizeof(name)))
			return refuse(be, off, "read");
		err = sysfs_read(be, name, &v);
	}
	*val = (uint32_t)v;
	return err;
}

static int kernel_csr_write(struct hpnic_backend *be, uint32_t off, uint32_t val)
{
	char name[40];
	int err;

	if (!be)
		return -EINVAL;
	if ((off >= HPNIC_DB_SQ_DB(0) && (off - HPNIC_DB_SQ_DB(0)) % HPNIC_DB_SQ_DB_STRIDE == 0) ||
	    (off >= HPNIC_DB_RQ_DB(0) && (off - HPNIC_DB_RQ_DB(0)) % HPNIC_DB_RQ_DB_STRIDE == 0)) {
		int rq = (off - HPNIC_DB_SQ_DB(0)) % HPNIC_DB_SQ_DB_STRIDE != 0;
		uint32_t qpn = (off - HPNIC_DB_BASE) / HPNIC_DB_SQ_DB_STRIDE;
		struct kernel_qp *kq = qpn < be->q.max_qps ? &be->qps[qpn] : NULL;

		if (!kq || !kq->db_page || (rq && !kq->rring))
			return refuse(be, off, rq ? "write (the receive doorbell of a QP this "
				      "process does not own, or one without a receive queue)" :
				      "write (the doorbell of a QP this process does not own)");
		*(volatile uint32_t *)(kq->db_page + (rq ? kq->rq_db_offset : kq->db_offset)) = val;
		return 0;
	}
	switch (off) {
	case HPNIC_STATS_SEL:
		be->stats_sel = val;
		return 0;
	case HPNIC_CTRL_INT_CTRL:
		err = sysfs_write(be, "int/udp_port", HPNIC_GET(HPNIC_CTRL_INT_CTRL_PORT, val));
		if (!err)
			err = sysfs_write(be, "int/enable", HPNIC_GET(HPNIC_CTRL_INT_CTRL_ENABLE, val));
		return err;
	case HPNIC_CTRL_ACK_REQ:
		return sysfs_write(be, "ack_req_spacing_log2",
				   HPNIC_GET(HPNIC_CTRL_ACK_REQ_SPACING_LOG2, val));
	case HPNIC_CTRL_RTO:
		return sysfs_write(be, "rto", HPNIC_GET(HPNIC_CTRL_RTO, val));
	default:
		if (!cc_file(off, name, sizeof(name)))
			return refuse(be, off, "write");
		return sysfs_write(be, name, val);
	}
}

/* the library asks the driver for memory (objs), never for these */
static int kernel_dma_alloc(struct hpnic_backend *be, size_t len, void **addr, uint64_t *iova)
{
	(void)be;
	(void)len;
	(void)addr;
	(void)iova;
	return -EOPNOTSUPP;
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
	return -EOPNOTSUPP;
}

static void kernel_dma_unmap(struct hpnic_backend *be, void *addr, size_t len)
{
	(void)be;
	(void)addr;
	(void)len;
}

static int kernel_port_addr(struct hpnic_backend *be, uint8_t mac[6], uint32_t *ipv4)
{
	if (!be || !mac || !ipv4)
		return -EINVAL;
	mac[0] = (uint8_t)(be->q.mac_hi >> 8);
	mac[1] = (uint8_t)be->q.mac_hi;
	mac[2] = (uint8_t)(be->q.mac_lo >> 24);
	mac[3] = (uint8_t)(be->q.mac_lo >> 16);
	mac[4] = (uint8_t)(be->q.mac_lo >> 8);
	mac[5] = (uint8_t)be->q.mac_lo;
	*ipv4 = be->q.ipv4;
	return 0;
}

static uint64_t kernel_progress(struct hpnic_backend *be)
{
	(void)be;
	return 0;               /* a real device needs no help */
}

/*
 * Objects
 */
static int k_alloc_pd(struct hpnic_backend *be, uint32_t *pdn)
{
	struct hpnic_abi_alloc_pd a = { .argsz = sizeof(a) };
	int err = kioctl(be, HPNIC_IOCTL_ALLOC_PD, &a, "ALLOC_PD");

	*pdn = a.pdn;
	return err;
}

static int k_free(struct hpnic_backend *be, unsigned long nr, uint32_t handle, const char *what)
{
	struct hpnic_abi_dealloc_pd h = { .argsz = sizeof(h), .pdn = handle };

	return kioctl(be, nr, &h, what);
}

static int k_dealloc_pd(struct hpnic_backend *be, uint32_t pdn)
{
	return k_free(be, HPNIC_IOCTL_DEALLOC_PD, pdn, "DEALLOC_PD");
}

/* the driver's object memory at an mmap offset it gave */
static int k_map(struct hpnic_backend *be, size_t len, int prot, uint64_t offset, uint8_t **out,
		 const char *what)
{
	void *p = mmap(NULL, len, prot, MAP_SHARED, be->fd, (off_t)offset);

	if (p == MAP_FAILED) {
		hpnic_set_error("%s: mmap of the %s (%zu bytes): %s", be->path, what, len,
				strerror(errno));
		return -errno;
	}
	*out = p;
	return 0;
}

static int k_create_cq(struct hpnic_backend *be, unsigned log2, uint32_t *cqn, uint8_t **ring)
{
	struct hpnic_abi_create_cq c = { .argsz = sizeof(c), .log2 = log2 };
	int err = kioctl(be, HPNIC_IOCTL_CREATE_CQ, &c, "CREATE_CQ");

	if (err)
		return err;
	err = k_map(be, c.ring_bytes, PROT_READ, c.mmap_offset, ring, "CQ ring");
	if (err) {
		(void)k_free(be, HPNIC_IOCTL_DESTROY_CQ, c.cqn, "DESTROY_CQ");
		return err;
	}
	*cqn = c.cqn;
	return 0;
}

static int k_destroy_cq(struct hpnic_backend *be, uint32_t cqn, uint8_t *ring, size_t bytes)
{
	/* unmapped first: the driver keeps a mapped ring */
	munmap(ring, page_round(bytes));
	return k_free(be, HPNIC_IOCTL_DESTROY_CQ, cqn, "DESTROY_CQ");
}

static int k_reg_mr(struct hpnic_backend *be, uint32_t pdn, void *addr, size_t len,
		    unsigned access, uint32_t *key, uint64_t *iova)
{
	struct hpnic_abi_reg_mr r = {
		.argsz = sizeof(r),
		.addr = (uintptr_t)addr,
		.length = len,
		.pdn = pdn,
	};
	int err;

	if (access & HPNIC_ACCESS_LOCAL_WRITE)
		r.access |= HPNIC_ABI_ACCESS_LOCAL_WRITE;
	if (access & HPNIC_ACCESS_REMOTE_WRITE)
		r.access |= HPNIC_ABI_ACCESS_REMOTE_WRITE;
	if (access & HPNIC_ACCESS_REMOTE_READ)
		r.access |= HPNIC_ABI_ACCESS_REMOTE_READ;
	err = kioctl(be, HPNIC_IOCTL_REG_MR, &r, "REG_MR");
	*key = r.key;
	*iova = r.iova;
	return err;
}

static int k_dereg_mr(struct hpnic_backend *be, uint32_t key)
{
	return k_free(be, HPNIC_IOCTL_DEREG_MR, key, "DEREG_MR");
}

static int k_destroy_qp(struct hpnic_backend *be, uint32_t qpn, uint8_t *ring, size_t bytes)
{
	(void)ring;             /* the backend's own record of the mapping serves */
	(void)bytes;
	if (qpn < be->q.max_qps)
		k_unmap_qp(&be->qps[qpn]);
	return k_free(be, HPNIC_IOCTL_DESTROY_QP, qpn, "DESTROY_QP");
}

static int k_create_qp(struct hpnic_backend *be, uint32_t pdn, uint32_t cqn, unsigned log2,
		       unsigned wqe_log2, uint32_t rcqn, unsigned rq_log2, uint32_t *qpn,
		       uint8_t **ring, uint8_t **rring, unsigned *cc_mode)
{
	struct hpnic_abi_create_qp c = {
		.argsz = sizeof(c),
		.pdn = pdn,
		.cqn = cqn,
		.sq_log2 = log2,
		.wqe_log2 = wqe_log2,
		.rq_log2 = rq_log2,
		.rcqn = rcqn,
	};
	struct kernel_qp *kq;
	int err;

	*ring = NULL;
	*rring = NULL;
	/* a driver of the first ABI would ignore the receive queue's fields */
	if (rq_log2 && !(be->q.caps & HPNIC_ABI_CAP_RQ)) {
		hpnic_set_error("%s: the driver is older than receive queues (no HPNIC_ABI_CAP_RQ): "
				"load a newer hpnic.ko", be->path);
		return -EOPNOTSUPP;
	}
	err = kioctl(be, HPNIC_IOCTL_CREATE_QP, &c, "CREATE_QP");
	if (err)
		return err;
	*qpn = c.qpn;
	if (c.qpn >= be->q.max_qps || c.db_offset >= KPAGE || c.rq_db_offset >= KPAGE ||
	    (rq_log2 && c.rq_ring_bytes < ((size_t)HPNIC_RWQE_SIZE << rq_log2))) {
		hpnic_set_error("%s: CREATE_QP gave QPN %u, doorbell offsets %u and %u, a %u-byte "
				"receive queue", be->path, c.qpn, c.db_offset, c.rq_db_offset,
				c.rq_ring_bytes);
		(void)k_free(be, HPNIC_IOCTL_DESTROY_QP, c.qpn, "DESTROY_QP");
		return -EIO;
	}
	kq = &be->qps[c.qpn];
	kq->ring_bytes = c.ring_bytes;
	kq->db_offset = c.db_offset;
	kq->rq_db_offset = c.rq_db_offset;
	err = k_map(be, c.ring_bytes, PROT_READ | PROT_WRITE, c.ring_mmap_offset, &kq->ring,
		    "send queue");
	if (!err && rq_log2) {
		kq->rring_bytes = c.rq_ring_bytes;
		err = k_map(be, c.rq_ring_bytes, PROT_READ | PROT_WRITE, c.rq_mmap_offset,
			    &kq->rring, "receive queue");
	}
	if (!err)
		err = k_map(be, KPAGE, PROT_WRITE, c.db_mmap_offset, &kq->db_page, "doorbell page");
	if (err) {
		(void)k_destroy_qp(be, c.qpn, NULL, 0);
		return err;
	}
	*ring = kq->ring;
	*rring = kq->rring;
	*cc_mode = c.cc_mode;
	return 0;
}

static const uint32_t qp_cmds[] = {
	[HPNIC_QP_CMD_WRITE] = HPNIC_ABI_QP_WRITE,
	[HPNIC_QP_CMD_START_RQ] = HPNIC_ABI_QP_START_RQ,
	[HPNIC_QP_CMD_START_SQ] = HPNIC_ABI_QP_START_SQ,
};

static int k_write_qp(struct hpnic_backend *be, uint32_t qpn, const struct hpnic_qp_ctx *c,
		      uint32_t cmd)
{
	struct hpnic_abi_qp_ctx a = {
		.argsz = sizeof(a),
		.qpn = qpn,
		.cmd = cmd < sizeof(qp_cmds) / sizeof(qp_cmds[0]) ? qp_cmds[cmd] : 0,
		.state = c->state,
		.mtu_log2 = c->mtu_log2,
		.dqpn = c->dqpn,
		.dip = c->dip,
		.dmac_hi = (uint32_t)c->dmac[0] << 8 | c->dmac[1],
		.dmac_lo = (uint32_t)c->dmac[2] << 24 | (uint32_t)c->dmac[3] << 16 |
			   (uint32_t)c->dmac[4] << 8 | c->dmac[5],
		.sport = c->sport,
		.dscp_ecn = c->dscp_ecn,
		.sq_psn = c->sq_psn,
		.rq_psn = c->rq_psn,
		.cc_mode = c->cc_mode,
		.cc_override = c->cc_override,
		.qp_t_ns = c->qp_t_ns,
		.qp_wai = c->qp_wai,
		.qp_max_stage = c->qp_max_stage,
		.max_rd_atomic = c->max_rd_atomic,
		.min_rnr_timer = c->min_rnr_timer,
		.rnr_retry = c->rnr_retry,
		.cc_opts = c->cc_opts,
	};

	/* a driver before cc_opts would ignore them: refuse, not lose them */
	if (c->cc_opts && !(be->q.caps & HPNIC_ABI_CAP_CC_OPTS)) {
		hpnic_set_error("%s: CC options 0x%x (QP.CC_OPTS): the driver is older than "
				"them (no HPNIC_ABI_CAP_CC_OPTS)", be->path, c->cc_opts);
		return -EOPNOTSUPP;
	}
	return kioctl(be, HPNIC_IOCTL_MODIFY_QP, &a, "MODIFY_QP");
}

static int k_read_qp(struct hpnic_backend *be, uint32_t qpn, struct hpnic_qp_ctx *c)
{
	struct hpnic_abi_qp_ctx a = { .argsz = sizeof(a), .qpn = qpn };
	int err = kioctl(be, HPNIC_IOCTL_QUERY_QP, &a, "QUERY_QP");

	if (err)
		return err;
	memset(c, 0, sizeof(*c));
	c->state = a.state;
	c->mtu_log2 = a.mtu_log2;
	c->dqpn = a.dqpn;
	c->dip = a.dip;
	c->dmac[0] = (uint8_t)(a.dmac_hi >> 8);
	c->dmac[1] = (uint8_t)a.dmac_hi;
	c->dmac[2] = (uint8_t)(a.dmac_lo >> 24);
	c->dmac[3] = (uint8_t)(a.dmac_lo >> 16);
	c->dmac[4] = (uint8_t)(a.dmac_lo >> 8);
	c->dmac[5] = (uint8_t)a.dmac_lo;
	c->sport = (uint16_t)a.sport;
	c->dscp_ecn = (uint8_t)a.dscp_ecn;
	c->sq_psn = a.sq_psn;
	c->rq_psn = a.rq_psn;
	c->cc_mode = a.cc_mode;
	c->cc_override = a.cc_override;
	c->qp_t_ns = a.qp_t_ns;
	c->qp_wai = a.qp_wai;
	c->qp_max_stage = a.qp_max_stage;
	c->max_rd_atomic = a.max_rd_atomic;
	c->min_rnr_timer = a.min_rnr_timer;
	c->rnr_retry = a.rnr_retry;
	c->cc_opts = a.cc_opts;            /* 0 from a driver before it */
	return 0;
}

static int k_arm_cq(struct hpnic_backend *be, uint32_t cqn, uint32_t ci)
{
	struct hpnic_abi_arm_cq a = { .argsz = sizeof(a), .cqn = cqn, .ci = ci };

	return kioctl(be, HPNIC_IOCTL_ARM_CQ, &a, "ARM_CQ");
}

static int k_get_cq_event(struct hpnic_backend *be, uint32_t *cqn)
{
	struct hpnic_abi_get_cq_event g = { .argsz = sizeof(g) };
	int err = kioctl(be, HPNIC_IOCTL_GET_CQ_EVENT, &g, "GET_CQ_EVENT");

	if (err)
		return err;
	*cqn = g.cqn;
	return g.valid ? 1 : 0;
}

static int k_event_fd(struct hpnic_backend *be)
{
	return be->fd;
}

static const struct hpnic_backend_objs kernel_objs = {
	.alloc_pd = k_alloc_pd,
	.dealloc_pd = k_dealloc_pd,
	.create_cq = k_create_cq,
	.destroy_cq = k_destroy_cq,
	.reg_mr = k_reg_mr,
	.dereg_mr = k_dereg_mr,
	.create_qp = k_create_qp,
	.write_qp = k_write_qp,
	.read_qp = k_read_qp,
	.destroy_qp = k_destroy_qp,
	.arm_cq = k_arm_cq,
	.get_cq_event = k_get_cq_event,
	.event_fd = k_event_fd,
};

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
	.objs = &kernel_objs,
};
