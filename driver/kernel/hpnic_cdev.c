// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * hpnic Linux driver: /dev/hpnicN and its ioctls (docs/driver.md; the ABI
 * is driver/lib/hpnic_abi.h). Every object a process makes belongs to its
 * open file and goes when the file is closed, also when the process is
 * killed.
 */
#include <linux/bitmap.h>
#include <linux/dma-mapping.h>
#include <linux/fs.h>
#include <linux/mm.h>
#include <linux/poll.h>
#include <linux/sched/mm.h>
#include <linux/sched/signal.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/xarray.h>

#include "hpnic.h"
#include "hpnic_abi.h"

/* an object's number, counted among the live ones (sysfs objects) */
int hpnic_id_alloc(struct hpnic_dev *hd, enum hpnic_obj_kind kind, unsigned int min,
		   unsigned int max)
{
	int id = ida_alloc_range(&hd->ids[kind], min, max, GFP_KERNEL);

	if (id >= 0)
		atomic_inc(&hd->live[kind]);
	return id;
}

void hpnic_id_free(struct hpnic_dev *hd, enum hpnic_obj_kind kind, unsigned int id)
{
	ida_free(&hd->ids[kind], id);
	atomic_dec(&hd->live[kind]);
}

static void hpnic_dev_release(struct kref *ref)
{
	struct hpnic_dev *hd = container_of(ref, struct hpnic_dev, ref);
	unsigned int i;

	for (i = 0; i < HPNIC_NUM_OBJ; i++)
		ida_destroy(&hd->ids[i]);
					xa_destroy(&hd->cqs);
	xa_destroy(&hd->qps);
	kfree(hd->mr_tag);
	bitmap_free(hd->mtt_map);
	pci_dev_put(hd->pdev);
	kfree(hd);
}

void hpnic_dev_put(struct hpnic_dev *hd)
{
	kref_put(&hd->ref, hpnic_dev_release);
}

static int hpnic_open(struct inode *inode, struct file *file)
{
	struct hpnic_dev *hd = container_of(file->private_data, struct hpnic_dev, misc);
	struct hpnic_file *hf;

	hf = kzalloc(sizeof(*hf), GFP_KERNEL);
	if (!hf)
		return -ENOMEM;
	down_read(&hd->rwsem);
	if (hd->removed) {
		up_read(&hd->rwsem);
		kfree(hf);
		return -ENODEV;
	}
	kref_get(&hd->ref);
	up_read(&hd->rwsem);
	hf->hd = hd;
	mutex_init(&hf->lock);
	mutex_init(&hf->obj_lock);
	xa_init(&hf->pds);
	hf->cq_fired = bitmap_zalloc(hd->max_cqs, GFP_KERNEL);
	if (!hf->cq_fired) {
		hpnic_dev_put(hd);
		kfree(hf);
		return -ENOMEM;
	}
	init_waitqueue_head(&hf->wait);
	xa_init(&hf->cqs);
	xa_init(&hf->qps);
	xa_init(&hf->mrs);
	spin_lock_init(&hf->ev_lock);
	file->private_data = hf;
	return 0;
}

static void hpnic_cq_free(struct hpnic_dev *hd, struct hpnic_cq *cq);
static void hpnic_mr_free(struct hpnic_dev *hd, struct hpnic_mr *mr);

static int hpnic_release(struct inode *inode, struct file *file)
{
	struct hpnic_file *hf = file->private_data;
	struct hpnic_dev *hd = hf->hd;
	struct hpnic_cq *cq;
	struct hpnic_qp *qp;
	unsigned long idx;
	void *entry;

	/* no mapping is left (each holds the file): every ring can go, the
	 * QPs first (they stop fetching WQEs and writing CQEs)
	 */
	down_read(&hd->rwsem);
	xa_for_each(&hf->qps, idx, qp)
		hpnic_qp_free(hd, qp);
	xa_for_each(&hf->cqs, idx, cq)
		hpnic_cq_free(hd, cq);
	xa_for_each(&hf->mrs, idx, entry)
		hpnic_mr_free(hd, entry);
	up_read(&hd->rwsem);
	xa_destroy(&hf->mrs);
	xa_destroy(&hf->qps);
	xa_destroy(&hf->cqs);
	mutex_destroy(&hf->obj_lock);
	xa_for_each(&hf->pds, idx, entry)
		hpnic_id_free(hd, HPNIC_OBJ_PD, idx);
	xa_destroy(&hf->pds);
	mutex_destroy(&hf->lock);
	bitmap_free(hf->cq_fired);
	kfree(hf);
	hpnic_dev_put(hd);
	return 0;
}

/*
 * The caller's struct: argsz at least ours (what lies past it is the
 * caller's, ignored) and at most a page (past that it is not a struct),
 * flags 0. Only sizeof(*out) bytes are copied.
 */
int hpnic_get_arg(void __user *uarg, void *out, size_t size)
{
	u32 argsz, flags;

	if (get_user(argsz, (u32 __user *)uarg) || get_user(flags, (u32 __user *)uarg + 1))
		return -EFAULT;
	if (argsz < size || argsz > PAGE_SIZE || flags)
		return -EINVAL;
	if (copy_from_user(out, uarg, size))
		return -EFAULT;
	return 0;
}

/*
 * A struct that has grown: as hpnic_get_arg, or exactly v1_size or v2_size
 * bytes, its sizes before, from a program built then. The bytes past the
 * caller's are zeroed (the caller puts the defaults there). Returns how
 * many bytes are the caller's, to copy back no more, or -errno.
 */
int hpnic_get_arg_v2(void __user *uarg, void *out, size_t size, size_t v1_size,
		     size_t v2_size)
{
	u32 argsz, flags;

	if (get_user(argsz, (u32 __user *)uarg) || get_user(flags, (u32 __user *)uarg + 1))
		return -EFAULT;
	if ((argsz < size && argsz != v1_size && argsz != v2_size) || argsz > PAGE_SIZE || flags)
		return -EINVAL;
	memset(out, 0, size);
	size = min_t(size_t, size, argsz);
	if (copy_from_user(out, uarg, size))
		return -EFAULT;
	return size;
}

/* a struct that has grown once: v1_size is its only size before */
int hpnic_get_arg_v1(void __user *uarg, void *out, size_t size, size_t v1_size)
{
	return hpnic_get_arg_v2(uarg, out, size, v1_size, v1_size);
}

/*
 * The freeing ioctls (DEALLOC_PD, DESTROY_CQ, DEREG_MR) share one shape:
 * argsz, flags, the handle, a reserved word that must be 0
 */
int hpnic_get_handle(void __user *uarg, u32 *handle)
{
	struct hpnic_abi_dealloc_pd h;
	int err;

	BUILD_BUG_ON(sizeof(struct hpnic_abi_destroy_cq) != sizeof(h) ||
		     sizeof(struct hpnic_abi_dereg_mr) != sizeof(h) ||
		     sizeof(struct hpnic_abi_destroy_qp) != sizeof(h) ||
		     offsetof(struct hpnic_abi_destroy_cq, cqn) != offsetof(typeof(h), pdn) ||
		     offsetof(struct hpnic_abi_destroy_qp, qpn) != offsetof(typeof(h), pdn) ||
		     offsetof(struct hpnic_abi_dereg_mr, key) != offsetof(typeof(h), pdn));
	err = hpnic_get_arg(uarg, &h, sizeof(h));
	if (err)
		return err;
	if (h.reserved)
		return -EINVAL;
	*handle = h.pdn;
	return 0;
}

static int hpnic_query_device(struct hpnic_file *hf, void __user *uarg)
{
	struct hpnic_dev *hd = hf->hd;
	struct hpnic_abi_query_device q;
	int len;

	BUILD_BUG_ON(offsetofend(typeof(q), rd_atomic) != HPNIC_ABI_QUERY_DEVICE_SIZE_V1);
	len = hpnic_get_arg_v1(uarg, &q, sizeof(q), HPNIC_ABI_QUERY_DEVICE_SIZE_V1);
	if (len < 0)
		return len;
	q.abi_version = HPNIC_ABI_VERSION;
	q.caps = HPNIC_ABI_CAP_RQ | HPNIC_ABI_CAP_CC_OPTS;
	q.reserved = 0;
	q.fw_version = hd->id_version;
	q.build_date = hd->build_date;
	q.git_hash = hd->git_hash;
	q.qp_cfg = hd->qp_cfg;
	q.datapath = hd->datapath;
	q.features = hd->features;
	q.cc_modes = hpnic_rd(hd, HPNIC_ID_CC_MODES);
	q.rd_atomic = hpnic_rd(hd, HPNIC_ID_RD_ATOMIC);
	q.num_counters = hpnic_rd(hd, HPNIC_STATS_COUNT);
	q.max_pds = HPNIC_MAX_PDS;
	q.max_cqs = hd->max_cqs;
	q.max_mrs = hd->max_mrs;
	q.mtt_entries = hd->mtt_entries;
	q.max_qps = hd->max_qps;
	q.mac_hi = hd->mac_hi;
	q.mac_lo = hd->mac_lo;
	q.ipv4 = hd->ipv4;
	if (hd->gone)
		return -ENODEV;
	return copy_to_user(uarg, &q, len) ? -EFAULT : 0;
}

static int hpnic_alloc_pd(struct hpnic_file *hf, void __user *uarg)
{
	struct hpnic_dev *hd = hf->hd;
	struct hpnic_abi_alloc_pd a;
	int pdn, err;

	err = hpnic_get_arg(uarg, &a, sizeof(a));
	if (err)
		return err;
	if (a.reserved)
		return -EINVAL;
	pdn = hpnic_id_alloc(hd, HPNIC_OBJ_PD, 1, HPNIC_MAX_PDS);
	if (pdn < 0)
		return pdn == -ENOMEM ? -ENOMEM : -ENOSPC;
	err = xa_insert(&hf->pds, pdn, xa_mk_value(1), GFP_KERNEL);
	if (err) {
		hpnic_id_free(hd, HPNIC_OBJ_PD, pdn);
		return err;
	}
	a.pdn = pdn;
	if (copy_to_user(uarg, &a, sizeof(a))) {
		xa_erase(&hf->pds, pdn);
		hpnic_id_free(hd, HPNIC_OBJ_PD, pdn);
		return -EFAULT;
	}
	return 0;
}

/*
 * A PD of this file's, used by one more MR or QP: 0, or -EINVAL for another
 * file's PD or none. Callers hold hf->lock (or release the file).
 */
int hpnic_pd_get(struct hpnic_file *hf, u32 pdn)
{
	void *v = xa_load(&hf->pds, pdn);

	if (!v)
		return -EINVAL;
	/* replacing a value entry in place allocates nothing */
	xa_store(&hf->pds, pdn, xa_mk_value(xa_to_value(v) + 1), GFP_KERNEL);
	return 0;
}

void hpnic_pd_put(struct hpnic_file *hf, u32 pdn)
{
	void *v = xa_load(&hf->pds, pdn);

	if (v && xa_to_value(v) > 1)
		xa_store(&hf->pds, pdn, xa_mk_value(xa_to_value(v) - 1), GFP_KERNEL);
}

static int hpnic_dealloc_pd(struct hpnic_file *hf, void __user *uarg)
{
	void *v;
	u32 pdn;
	int err;

	err = hpnic_get_handle(uarg, &pdn);
	if (err)
		return err;
	/* only this file's: another file's PD, or none, is the same refusal */
	v = xa_load(&hf->pds, pdn);
	if (!v)
		return -EINVAL;
	/* as verbs: not while a region or QP is in it */
	if (xa_to_value(v) > 1)
		return -EBUSY;
	xa_erase(&hf->pds, pdn);
	hpnic_id_free(hf->hd, HPNIC_OBJ_PD, pdn);
	return 0;
}

/*
 * CQs. The ring is coherent DMA memory, zeroed, page-rounded; CQ.CMD WRITE
 * points the NIC at it (producer index 0, phase 1). Destroying one stops the
 * NIC writing into it (CQ.CMD DISABLE) before the memory is freed.
 */
static int hpnic_cq_program(struct hpnic_dev *hd, struct hpnic_cq *cq)
{
	hpnic_wr(hd, HPNIC_CQ_CQN, cq->cqn);
	hpnic_wr(hd, HPNIC_CQ_BASE_LO, lower_32_bits(cq->ring_dma));
	hpnic_wr(hd, HPNIC_CQ_BASE_HI, upper_32_bits(cq->ring_dma));
	hpnic_wr(hd, HPNIC_CQ_LOG2, HPNIC_SET(HPNIC_CQ_LOG2, cq->log2));
	hpnic_wr(hd, HPNIC_CQ_IRQ_VECTOR, 0);
	return hpnic_cmd(hd, HPNIC_CQ_CMD, HPNIC_CQ_CMD_STATUS, HPNIC_CQ_CMD_WRITE);
}

static void hpnic_cq_disable(struct hpnic_dev *hd, u32 cqn)
{
	hpnic_wr(hd, HPNIC_CQ_CQN, cqn);
	if (hpnic_cmd(hd, HPNIC_CQ_CMD, HPNIC_CQ_CMD_STATUS, HPNIC_CQ_CMD_DISABLE) && !hd->gone)
		dev_err(&hd->pdev->dev, "CQ %u: DISABLE failed\n", cqn);
}

/* at remove: every live ring, whichever file has it */
void hpnic_cq_disable_all(struct hpnic_dev *hd)
{
	unsigned long cqn;
	void *cq;

	mutex_lock(&hd->cmd_lock);
	xa_for_each(&hd->cqs, cqn, cq)
		hpnic_cq_disable(hd, cqn);
	mutex_unlock(&hd->cmd_lock);
}

/*
 * The NIC stops writing into the ring (unless the device is removed: then
 * it already has), then the memory goes. The caller holds hd->rwsem for
 * reading and has taken the CQ out of its file's xarray (or is releasing
 * the file).
 */
static void hpnic_cq_free(struct hpnic_dev *hd, struct hpnic_cq *cq)
{
	spin_lock(&hd->arm_lock);
	if (cq->armed)
		hd->n_armed--;
	cq->armed = false;
	spin_unlock(&hd->arm_lock);
	mutex_lock(&hd->cmd_lock);
	if (!hd->removed)
		hpnic_cq_disable(hd, cq->cqn);
	xa_erase(&hd->cqs, cq->cqn);
	mutex_unlock(&hd->cmd_lock);
	dma_free_coherent(&hd->pdev->dev, cq->bytes, cq->ring, cq->ring_dma);
	hpnic_id_free(hd, HPNIC_OBJ_CQ, cq->cqn);
	kfree(cq);
}

/* out of the file, unless a mapping holds it: 0, or -EBUSY */
static int hpnic_cq_take(struct hpnic_file *hf, struct hpnic_cq *cq)
{
	int err = 0;

	mutex_lock(&hf->obj_lock);
	if (atomic_read(&cq->mapped))
		err = -EBUSY;
	else
		xa_erase(&hf->cqs, cq->cqn);
	mutex_unlock(&hf->obj_lock);
	return err;
}

static int hpnic_create_cq(struct hpnic_file *hf, void __user *uarg)
{
	struct hpnic_dev *hd = hf->hd;
	struct hpnic_abi_create_cq c;
	struct hpnic_cq *cq;
	int cqn, err;

	err = hpnic_get_arg(uarg, &c, sizeof(c));
	if (err)
		return err;
	if (c.reserved || c.log2 < HPNIC_CQ_LOG2_MIN || c.log2 > HPNIC_CQ_LOG2_MAX)
		return -EINVAL;
	cq = kzalloc(sizeof(*cq), GFP_KERNEL);
	if (!cq)
		return -ENOMEM;
	cqn = hpnic_id_alloc(hd, HPNIC_OBJ_CQ, 0, hd->max_cqs - 1);
	if (cqn < 0) {
		err = cqn == -ENOMEM ? -ENOMEM : -ENOSPC;
		goto err_free;
	}
	cq->cqn = cqn;
	cq->log2 = c.log2;
	cq->owner = hf;
	atomic_set(&cq->users, 0);
	cq->bytes = PAGE_ALIGN((size_t)HPNIC_CQE_SIZE << c.log2);
	atomic_set(&cq->mapped, 0);
	cq->ring = dma_alloc_coherent(&hd->pdev->dev, cq->bytes, &cq->ring_dma, GFP_KERNEL);
	if (!cq->ring) {
		err = -ENOMEM;
		goto err_ida;
	}
	mutex_lock(&hd->cmd_lock);
	err = xa_insert(&hd->cqs, cqn, cq, GFP_KERNEL);
	if (!err) {
		err = hpnic_cq_program(hd, cq);
		if (err)
			xa_erase(&hd->cqs, cqn);
	}
	mutex_unlock(&hd->cmd_lock);
	if (err)
		goto err_ring;
	/* programmed: now the file has it, and mmap can find it */
	mutex_lock(&hf->obj_lock);
	err = xa_insert(&hf->cqs, cqn, cq, GFP_KERNEL);
	mutex_unlock(&hf->obj_lock);
	if (err) {
		hpnic_cq_free(hd, cq);
		return err;
	}

	c.cqn = cqn;
	c.ring_bytes = cq->bytes;
	c.mmap_offset = hpnic_mmap_offset(HPNIC_MMAP_KIND_CQ, cqn);
	if (copy_to_user(uarg, &c, sizeof(c))) {
		/* mapped already (its offset guessed)? then the file's close frees it */
		if (!hpnic_cq_take(hf, cq))
			hpnic_cq_free(hd, cq);
		return -EFAULT;
	}
	return 0;

err_ring:
	dma_free_coherent(&hd->pdev->dev, cq->bytes, cq->ring, cq->ring_dma);
err_ida:
	hpnic_id_free(hd, HPNIC_OBJ_CQ, cqn);
err_free:
	kfree(cq);
	return err;
}

static int hpnic_destroy_cq(struct hpnic_file *hf, void __user *uarg)
{
	struct hpnic_cq *cq;
	u32 cqn;
	int err;

	err = hpnic_get_handle(uarg, &cqn);
	if (err)
		return err;
	cq = xa_load(&hf->cqs, cqn);
	if (!cq)
		return -EINVAL;
	/* as verbs: not while a QP completes into it */
	if (atomic_read(&cq->users))
		return -EBUSY;
	/* a mapped ring stays: freeing it would leave the mapping on freed pages */
	err = hpnic_cq_take(hf, cq);
	if (err)
		return err;
	hpnic_cq_free(hf->hd, cq);
	return 0;
}

/*
 * Memory regions. The pages are pinned for as long as the region lives
 * (FOLL_LONGTERM), mapped for DMA, and their DMA addresses written into a
 * run of MTT entries (MR.MTT_IDX, then MR.MTT_ADDR_HI when it changes and
 * MR.MTT_ADDR_LO per page); the MR entry names the run by its NIC address
 * (docs/host.md, "Memory translation"). Deregistering invalidates the entry
 * first (a new tag at the next registration: the old key never works
 * again), then unmaps and unpins.
 */
#define HPNIC_ABI_ACCESS_ALL (HPNIC_ABI_ACCESS_LOCAL_WRITE | HPNIC_ABI_ACCESS_REMOTE_WRITE | \
			      HPNIC_ABI_ACCESS_REMOTE_READ)

static u8 hpnic_next_tag(u8 tag)
{
	tag++;
	return tag ? tag : 1;   /* no key is 0 */
}

/*
 * Pinned pages count against the registering process's RLIMIT_MEMLOCK, as
 * every RDMA driver's do (unless it has CAP_IPC_LOCK): charged to its mm,
 * which the region holds, since the file may be released after the
 * process has let go of its memory (at exit).
 */
static int hpnic_mr_charge(struct hpnic_mr *mr)
{
	unsigned long limit = rlimit(RLIMIT_MEMLOCK) >> PAGE_SHIFT;
	s64 total;

	mr->mm = current->mm;
	total = atomic64_add_return(mr->npages, &mr->mm->pinned_vm);
	if (total > limit && !capable(CAP_IPC_LOCK)) {
		atomic64_sub(mr->npages, &mr->mm->pinned_vm);
		mr->mm = NULL;
		return -ENOMEM;
	}
	mmgrab(mr->mm);
	return 0;
}

static void hpnic_mr_uncharge(struct hpnic_mr *mr)
{
	atomic64_sub(mr->npages, &mr->mm->pinned_vm);
	mmdrop(mr->mm);
	mr->mm = NULL;
}

static void hpnic_mr_unpin(struct hpnic_dev *hd, struct hpnic_mr *mr, bool mapped)
{
	if (mapped)
		dma_unmap_sgtable(&hd->pdev->dev, &mr->sgt, DMA_BIDIRECTIONAL, 0);
	sg_free_table(&mr->sgt);
	unpin_user_pages_dirty_lock(mr->pages, mr->npages, mr->writable);
	atomic64_sub(mr->npages, &hd->pinned_pages);
	hpnic_mr_uncharge(mr);
	kvfree(mr->pages);
}

/* caller holds hd->rwsem for reading; the MR is out of its file's xarray */
static void hpnic_mr_free(struct hpnic_dev *hd, struct hpnic_mr *mr)
{
	mutex_lock(&hd->cmd_lock);
	if (!hd->removed) {
		hpnic_wr(hd, HPNIC_MR_IDX, mr->idx);
		if (hpnic_cmd(hd, HPNIC_MR_CMD, HPNIC_MR_CMD_STATUS, HPNIC_MR_CMD_INVALIDATE) &&
		    !hd->gone)
			dev_err(&hd->pdev->dev, "MR %u: INVALIDATE failed\n", mr->idx);
	}
	bitmap_clear(hd->mtt_map, mr->mtt_base, mr->npages);
	mutex_unlock(&hd->cmd_lock);
	hpnic_mr_unpin(hd, mr, true);
	hpnic_id_free(hd, HPNIC_OBJ_MR, mr->idx);
	kfree(mr);
}

/* the pages' DMA addresses into MTT entries mtt_base...; the runs they make */
static int hpnic_mtt_write(struct hpnic_dev *hd, struct hpnic_mr *mr, u32 *runs)
{
	struct sg_dma_page_iter it;
	dma_addr_t prev = 0;
	u32 hi = ~0u, n = 0;

	hpnic_wr(hd, HPNIC_MR_MTT_IDX, mr->mtt_base);
	*runs = 0;
	for_each_sgtable_dma_page(&mr->sgt, &it, 0) {
		dma_addr_t a = sg_page_iter_dma_address(&it);

		if (n == mr->npages || (u64)a >> 48 || a & (PAGE_SIZE - 1))
			return -EIO;
		if (!n || a != prev + PAGE_SIZE)
			(*runs)++;
		prev = a;
		if (upper_32_bits(a) != hi) {
			hi = upper_32_bits(a);
			hpnic_wr(hd, HPNIC_MR_MTT_ADDR_HI, hi);
		}
		hpnic_wr(hd, HPNIC_MR_MTT_ADDR_LO, lower_32_bits(a));
		n++;
	}
	return n == mr->npages ? 0 : -EIO;
}

static int hpnic_mr_program(struct hpnic_dev *hd, struct hpnic_mr *mr, u64 va, u64 len,
			    u32 access, u32 pdn, u64 iova)
{
	u32 acc = 0;

	if (access & HPNIC_ABI_ACCESS_REMOTE_WRITE)
		acc |= HPNIC_MR_ACCESS_REMOTE_WRITE_MASK;
	if (access & HPNIC_ABI_ACCESS_REMOTE_READ)
		acc |= HPNIC_MR_ACCESS_REMOTE_READ_MASK;
	if (access & HPNIC_ABI_ACCESS_LOCAL_WRITE)
		acc |= HPNIC_MR_ACCESS_LOCAL_WRITE_MASK;
	hpnic_wr(hd, HPNIC_MR_IDX, mr->idx);
	hpnic_wr(hd, HPNIC_MR_TAG, HPNIC_SET(HPNIC_MR_TAG, mr->key & 0xff));
	hpnic_wr(hd, HPNIC_MR_ACCESS, acc);
	hpnic_wr(hd, HPNIC_MR_VA_LO, lower_32_bits(va));
	hpnic_wr(hd, HPNIC_MR_VA_HI, upper_32_bits(va));
	hpnic_wr(hd, HPNIC_MR_LEN_LO, lower_32_bits(len));
	hpnic_wr(hd, HPNIC_MR_LEN_HI, HPNIC_SET(HPNIC_MR_LEN_HI, upper_32_bits(len)));
	hpnic_wr(hd, HPNIC_MR_IOVA_LO, lower_32_bits(iova));
	hpnic_wr(hd, HPNIC_MR_IOVA_HI, upper_32_bits(iova));
	hpnic_wr(hd, HPNIC_MR_PD, HPNIC_SET(HPNIC_MR_PD, pdn));
	return hpnic_cmd(hd, HPNIC_MR_CMD, HPNIC_MR_CMD_STATUS, HPNIC_MR_CMD_WRITE);
}

static int hpnic_reg_mr(struct hpnic_file *hf, void __user *uarg)
{
	struct hpnic_dev *hd = hf->hd;
	struct hpnic_abi_reg_mr r;
	unsigned long first, last, base;
	struct hpnic_mr *mr;
	u32 pinned = 0, runs;
	int idx, err, n;
	u64 iova;

	err = hpnic_get_arg(uarg, &r, sizeof(r));
	if (err)
		return err;
	if (r.reserved || !r.length || r.access & ~HPNIC_ABI_ACCESS_ALL ||
	    ((r.access & HPNIC_ABI_ACCESS_REMOTE_WRITE) &&
	     !(r.access & HPNIC_ABI_ACCESS_LOCAL_WRITE)) ||
	    r.addr + r.length < r.addr || r.addr + r.length > TASK_SIZE)
		return -EINVAL;
	/* a PD of this file's: PD 0, shared by nobody, is no one's */
	if (!xa_load(&hf->pds, r.pdn))
		return -EINVAL;
	first = r.addr >> PAGE_SHIFT;
	last = (r.addr + r.length - 1) >> PAGE_SHIFT;
	if (last - first + 1 > hd->mtt_entries)
		return -ENOSPC;

	mr = kzalloc(sizeof(*mr), GFP_KERNEL);
	if (!mr)
		return -ENOMEM;
	mr->npages = last - first + 1;
	mr->writable = r.access & (HPNIC_ABI_ACCESS_LOCAL_WRITE | HPNIC_ABI_ACCESS_REMOTE_WRITE);
	mr->pages = kvmalloc_array(mr->npages, sizeof(*mr->pages), GFP_KERNEL);
	if (!mr->pages) {
		err = -ENOMEM;
		goto err_free;
	}
	err = hpnic_mr_charge(mr);
	if (err) {
		kvfree(mr->pages);
		goto err_free;
	}
	while (pinned < mr->npages) {
		n = pin_user_pages_fast((first + pinned) << PAGE_SHIFT, mr->npages - pinned,
					FOLL_LONGTERM | (mr->writable ? FOLL_WRITE : 0),
					mr->pages + pinned);
		if (n <= 0) {
			err = n ? n : -EFAULT;
			goto err_unpin;
		}
		pinned += n;
		atomic64_add(n, &hd->pinned_pages);
	}
	err = sg_alloc_table_from_pages(&mr->sgt, mr->pages, mr->npages, 0,
					(unsigned long)mr->npages << PAGE_SHIFT, GFP_KERNEL);
	if (err)
		goto err_unpin;
	err = dma_map_sgtable(&hd->pdev->dev, &mr->sgt, DMA_BIDIRECTIONAL, 0);
	if (err)
		goto err_sgt;

	idx = hpnic_id_alloc(hd, HPNIC_OBJ_MR, 0, hd->max_mrs - 1);
	if (idx < 0) {
		err = idx == -ENOMEM ? -ENOMEM : -ENOSPC;
		goto err_unmap;
	}
	mr->idx = idx;
	mutex_lock(&hd->cmd_lock);
	base = bitmap_find_next_zero_area(hd->mtt_map, hd->mtt_entries, 0, mr->npages, 0);
	if (base >= hd->mtt_entries) {
		mutex_unlock(&hd->cmd_lock);
		err = -ENOSPC;
		goto err_idx;
	}
	bitmap_set(hd->mtt_map, base, mr->npages);
	mr->mtt_base = base;
	hd->mr_tag[idx] = hpnic_next_tag(hd->mr_tag[idx]);
	mr->key = (u32)idx << 8 | hd->mr_tag[idx];
	iova = BIT_ULL(HPNIC_NADDR_TRANSLATE) | (u64)base << HPNIC_NADDR_PAGE_4K |
	       (r.addr & (PAGE_SIZE - 1));
	err = hpnic_mtt_write(hd, mr, &runs);
	if (!err)
		err = hpnic_mr_program(hd, mr, r.addr, r.length, r.access, r.pdn, iova);
	if (err)
		bitmap_clear(hd->mtt_map, base, mr->npages);
	mutex_unlock(&hd->cmd_lock);
	if (err)
		goto err_idx;
	err = xa_insert(&hf->mrs, idx, mr, GFP_KERNEL);
	if (err) {
		hpnic_mr_free(hd, mr);
		return err;
	}
	mr->pdn = r.pdn;
	hpnic_pd_get(hf, r.pdn);

	r.key = mr->key;
	r.pages = mr->npages;
	r.iova = iova;
	r.runs = runs;
	if (copy_to_user(uarg, &r, sizeof(r))) {
		xa_erase(&hf->mrs, idx);
		hpnic_pd_put(hf, mr->pdn);
		hpnic_mr_free(hd, mr);
		return -EFAULT;
	}
	return 0;

err_idx:
	hpnic_id_free(hd, HPNIC_OBJ_MR, mr->idx);
err_unmap:
	dma_unmap_sgtable(&hd->pdev->dev, &mr->sgt, DMA_BIDIRECTIONAL, 0);
err_sgt:
	sg_free_table(&mr->sgt);
err_unpin:
	unpin_user_pages(mr->pages, pinned);
	atomic64_sub(pinned, &hd->pinned_pages);
	hpnic_mr_uncharge(mr);
	kvfree(mr->pages);
err_free:
	kfree(mr);
	return err;
}

static int hpnic_dereg_mr(struct hpnic_file *hf, void __user *uarg)
{
	struct hpnic_mr *mr;
	u32 key;
	int err;

	err = hpnic_get_handle(uarg, &key);
	if (err)
		return err;
	mr = xa_load(&hf->mrs, key >> 8);
	if (!mr || mr->key != key)
		return -EINVAL;
	xa_erase(&hf->mrs, key >> 8);
	hpnic_pd_put(hf, mr->pdn);
	hpnic_mr_free(hf->hd, mr);
	return 0;
}

/* a mapping holds its object: destroying it waits for munmap (-EBUSY) */
static void hpnic_vma_open(struct vm_area_struct *vma)
{
	atomic_inc(vma->vm_private_data);
}

static void hpnic_vma_close(struct vm_area_struct *vma)
{
	atomic_dec(vma->vm_private_data);
}

static const struct vm_operations_struct hpnic_vm_ops = {
	.open = hpnic_vma_open,
	.close = hpnic_vma_close,
};

/*
 * The offsets CREATE_CQ and CREATE_QP gave: a CQ ring read-only, a send or
 * receive queue read-write, a doorbell page write (and read) only; each
 * whole, by the file that owns it.
 */
static int hpnic_mmap(struct file *file, struct vm_area_struct *vma)
{
	struct hpnic_file *hf = file->private_data;
	struct hpnic_dev *hd = hf->hd;
	u64 off = (u64)vma->vm_pgoff << PAGE_SHIFT;
	u64 size = vma->vm_end - vma->vm_start;
	u64 kind = off >> HPNIC_MMAP_KIND_SHIFT;
	u32 idx = (off >> HPNIC_MMAP_IDX_SHIFT) & 0xffff;
	atomic_t *mapped = NULL;
	struct hpnic_cq *cq = NULL;
	struct hpnic_qp *qp = NULL;
	size_t want = 0;
	int err;

	if (off & ((1ull << HPNIC_MMAP_IDX_SHIFT) - 1) || vma->vm_flags & VM_EXEC)
		return -EINVAL;
	if (kind == HPNIC_MMAP_KIND_CQ && vma->vm_flags & VM_WRITE)
		return -EPERM;
	/* the mapping is counted first, so that a destroy cannot take the object */
	mutex_lock(&hf->obj_lock);
	if (kind == HPNIC_MMAP_KIND_CQ) {
		cq = xa_load(&hf->cqs, idx);
		if (cq) {
			mapped = &cq->mapped;
			want = cq->bytes;
		}
	} else if (kind == HPNIC_MMAP_KIND_SQ || kind == HPNIC_MMAP_KIND_DB ||
		   kind == HPNIC_MMAP_KIND_RQ) {
		qp = xa_load(&hf->qps, idx);
		/* a QP without a receive queue has no such offset */
		if (qp && (kind != HPNIC_MMAP_KIND_RQ || qp->rq_ring)) {
			mapped = &qp->mapped;
			want = kind == HPNIC_MMAP_KIND_SQ ? qp->bytes :
			       kind == HPNIC_MMAP_KIND_RQ ? qp->rq_bytes : PAGE_SIZE;
		}
	}
	if (mapped && size == want)
		atomic_inc(mapped);
	mutex_unlock(&hf->obj_lock);
	if (!mapped || size != want)
		return -EINVAL;

	vma->vm_flags &= ~VM_MAYEXEC;
	vma->vm_flags |= VM_DONTEXPAND | VM_DONTCOPY;
	/* the offset was the lookup key: the object itself starts at its page 0 */
	vma->vm_pgoff = 0;
	if (kind == HPNIC_MMAP_KIND_CQ) {
		vma->vm_flags &= ~VM_MAYWRITE;
		err = dma_mmap_coherent(&hd->pdev->dev, vma, cq->ring, cq->ring_dma, cq->bytes);
	} else if (kind == HPNIC_MMAP_KIND_SQ) {
		err = dma_mmap_coherent(&hd->pdev->dev, vma, qp->ring, qp->ring_dma, qp->bytes);
	} else if (kind == HPNIC_MMAP_KIND_RQ) {
		err = dma_mmap_coherent(&hd->pdev->dev, vma, qp->rq_ring, qp->rq_dma, qp->rq_bytes);
	} else {
		/* the QP's own page of the DB block: its two doorbells and nothing else */
		phys_addr_t pa = pci_resource_start(hd->pdev, 0) + HPNIC_DB_BASE +
				 (phys_addr_t)qp->qpn * HPNIC_DB_SQ_DB_STRIDE;

		BUILD_BUG_ON(HPNIC_DB_SQ_DB_STRIDE != PAGE_SIZE);
		BUILD_BUG_ON(HPNIC_DB_RQ_DB_STRIDE != PAGE_SIZE);
		/* both doorbells of a QP in its one page */
		BUILD_BUG_ON((HPNIC_DB_RQ_DB(0) ^ HPNIC_DB_SQ_DB(0)) & PAGE_MASK);
		vma->vm_flags |= VM_IO | VM_DONTDUMP;
		vma->vm_page_prot = pgprot_noncached(vma->vm_page_prot);
		err = io_remap_pfn_range(vma, vma->vm_start, pa >> PAGE_SHIFT, PAGE_SIZE,
					 vma->vm_page_prot);
	}
	if (err) {
		atomic_dec(mapped);
		return err;
	}
	vma->vm_private_data = mapped;
	vma->vm_ops = &hpnic_vm_ops;
	return 0;
}

static long hpnic_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct hpnic_file *hf = file->private_data;
	struct hpnic_dev *hd = hf->hd;
	void __user *uarg = (void __user *)arg;
	long ret;

	down_read(&hd->rwsem);
	if (hd->removed) {
		ret = -ENODEV;
		goto out;
	}
	mutex_lock(&hf->lock);
	switch (cmd) {
	case HPNIC_IOCTL_QUERY_DEVICE:
		ret = hpnic_query_device(hf, uarg);
		break;
	case HPNIC_IOCTL_ALLOC_PD:
		ret = hpnic_alloc_pd(hf, uarg);
		break;
	case HPNIC_IOCTL_DEALLOC_PD:
		ret = hpnic_dealloc_pd(hf, uarg);
		break;
	case HPNIC_IOCTL_CREATE_CQ:
		ret = hpnic_create_cq(hf, uarg);
		break;
	case HPNIC_IOCTL_DESTROY_CQ:
		ret = hpnic_destroy_cq(hf, uarg);
		break;
	case HPNIC_IOCTL_REG_MR:
		ret = hpnic_reg_mr(hf, uarg);
		break;
	case HPNIC_IOCTL_DEREG_MR:
		ret = hpnic_dereg_mr(hf, uarg);
		break;
	case HPNIC_IOCTL_CREATE_QP:
		ret = hpnic_create_qp(hf, uarg);
		break;
	case HPNIC_IOCTL_MODIFY_QP:
		ret = hpnic_modify_qp(hf, uarg);
		break;
	case HPNIC_IOCTL_QUERY_QP:
		ret = hpnic_query_qp(hf, uarg);
		break;
	case HPNIC_IOCTL_DESTROY_QP:
		ret = hpnic_destroy_qp(hf, uarg);
		break;
	case HPNIC_IOCTL_GET_EVENT:
		ret = hpnic_get_event(hf, uarg);
		break;
	case HPNIC_IOCTL_ARM_CQ:
		ret = hpnic_arm_cq(hf, uarg);
		break;
	case HPNIC_IOCTL_GET_CQ_EVENT:
		ret = hpnic_get_cq_event(hf, uarg);
		break;
	default:
		ret = -ENOTTY;
	}
	mutex_unlock(&hf->lock);
out:
	up_read(&hd->rwsem);
	return ret;
}

/* readable while a completion or asynchronous event waits; hung up once the device is gone */
static __poll_t hpnic_poll(struct file *file, struct poll_table_struct *wait)
{
	struct hpnic_file *hf = file->private_data;
	struct hpnic_dev *hd = hf->hd;
	__poll_t mask = 0;

	poll_wait(file, &hf->wait, wait);
	down_read(&hd->rwsem);
	if (hd->removed) {
		mask = EPOLLERR | EPOLLHUP;
	} else {
		/* the NIC's events are looked at while someone waits for them */
		spin_lock(&hd->arm_lock);
		hd->poll_until = jiffies + HZ;
		spin_unlock(&hd->arm_lock);
		if (!delayed_work_pending(&hd->poll_work))
			schedule_delayed_work(&hd->poll_work, 0);
		if (hpnic_file_ready(hf))
			mask = EPOLLIN | EPOLLRDNORM;
	}
	up_read(&hd->rwsem);
	return mask;
}

static const struct file_operations hpnic_fops = {
	.owner = THIS_MODULE,
	.open = hpnic_open,
	.release = hpnic_release,
	.unlocked_ioctl = hpnic_ioctl,
	.mmap = hpnic_mmap,
	.poll = hpnic_poll,
	.compat_ioctl = compat_ptr_ioctl,
	.llseek = noop_llseek,
};

int hpnic_cdev_add(struct hpnic_dev *hd)
{
	hd->misc.minor = MISC_DYNAMIC_MINOR;
	hd->misc.name = hd->name;
	hd->misc.fops = &hpnic_fops;
	hd->misc.parent = &hd->pdev->dev;
	hd->misc.mode = 0600;
	return misc_register(&hd->misc);
}

/* no new opens, and the open files' ioctls get -ENODEV from here on */
void hpnic_cdev_remove(struct hpnic_dev *hd)
{
	struct hpnic_qp *qp;
	unsigned long qpn;

	misc_deregister(&hd->misc);
	down_write(&hd->rwsem);
	hd->removed = true;
	up_write(&hd->rwsem);
	cancel_delayed_work_sync(&hd->poll_work);
	/* pollers see the hangup */
	mutex_lock(&hd->cmd_lock);
	xa_for_each(&hd->qps, qpn, qp)
		wake_up_interruptible(&qp->owner->wait);
	mutex_unlock(&hd->cmd_lock);
}
