/* SPDX-License-Identifier: MIT */
/*
 * libhpnic: memory regions. A region is one entry of the NIC's MR table
 * (MR block, docs/regmap.md): the peers' virtual address (the user's pointer
 * value), the length, the NIC address of its first byte, and the remote
 * rights. Its R_Key is IDX << 8 | TAG. The NIC address names a run of
 * entries of the memory translation table (MTT), one per page, that hold the
 * pages' IO addresses (docs/protection.md, "Memory translation"); on a
 * backend without page maps it is the IO address of a contiguous mapping.
 */
#include <errno.h>
#include <stdlib.h>

#include "hpnic_priv.h"

#define MR_ACCESS_ALL (HPNIC_ACCESS_LOCAL_WRITE | HPNIC_ACCESS_REMOTE_WRITE | \
		       HPNIC_ACCESS_REMOTE_READ | HPNIC_ACCESS_HUGETLB)
/* LEN is 48 bits: LEN_LO and the 16 bits of LEN_HI */
#define MR_LEN_LIMIT  (1ull << 48)

/* the next tag of a slot: changes at every registration and skips 0, so
 * that a stale key misses a reused slot and no R_Key is 0 */
static uint8_t next_tag(uint8_t tag)
{
	tag++;
	return tag ? tag : 1;
}

static int mr_write(struct hpnic_dev *dev, const struct hpnic_mr *mr, uint32_t cmd)
{
	uint32_t acc = 0;
	uint64_t va = (uint64_t)(uintptr_t)mr->addr;
	uint64_t len = mr->len;
	int err;

	if (mr->access & HPNIC_ACCESS_REMOTE_WRITE)
		acc |= HPNIC_MR_ACCESS_REMOTE_WRITE_MASK;
	if (mr->access & HPNIC_ACCESS_REMOTE_READ)
		acc |= HPNIC_MR_ACCESS_REMOTE_READ_MASK;
	if (mr->access & HPNIC_ACCESS_LOCAL_WRITE)
		acc |= HPNIC_MR_ACCESS_LOCAL_WRITE_MASK;

	if ((err = hpnic_wr(dev, HPNIC_MR_IDX, mr->idx)) ||
	    (err = hpnic_wr(dev, HPNIC_MR_TAG, HPNIC_SET(HPNIC_MR_TAG, mr->tag))) ||
	    (err = hpnic_wr(dev, HPNIC_MR_ACCESS, acc)) ||
	    (err = hpnic_wr(dev, HPNIC_MR_VA_LO, (uint32_t)va)) ||
	    (err = hpnic_wr(dev, HPNIC_MR_VA_HI, (uint32_t)(va >> 32))) ||
	    (err = hpnic_wr(dev, HPNIC_MR_LEN_LO, (uint32_t)len)) ||
	    (err = hpnic_wr(dev, HPNIC_MR_LEN_HI, HPNIC_SET(HPNIC_MR_LEN_HI, len >> 32))) ||
	    (err = hpnic_wr(dev, HPNIC_MR_IOVA_LO, (uint32_t)mr->iova)) ||
	    (err = hpnic_wr(dev, HPNIC_MR_IOVA_HI, (uint32_t)(mr->iova >> 32))) ||
	    (err = hpnic_wr(dev, HPNIC_MR_PD, HPNIC_SET(HPNIC_MR_PD, mr->pdn))))
		return err;
	return hpnic_cmd(dev, HPNIC_BLK_MR, cmd, mr->idx);
}

/*
 * Protection domains: numbers 1..65535 from a bitmap, 0 being the device's
 * own; the NIC only compares them (QP.PD against MR.PD)
 */
int hpnic_alloc_pd(struct hpnic_dev *dev, struct hpnic_pd **pdp)
{
	struct hpnic_pd *pd;
	long pdn;

	if (!pdp)
		return hpnic_dev_fail(dev, -EINVAL, "hpnic_alloc_pd: pd is NULL");
	*pdp = NULL;
	if (!dev)
		return hpnic_fail(-EINVAL, "hpnic_alloc_pd: dev is NULL");
	pd = calloc(1, sizeof(*pd));
	if (!pd)
		return hpnic_dev_fail(dev, -ENOMEM, "hpnic_alloc_pd: out of memory");
	if (dev->objs) {
		uint32_t n;
		int err;

		hpnic_clear_error();
		err = dev->objs->alloc_pd(dev->be, &n);
		if (err) {
			free(pd);
			return hpnic_backend_fail(dev, err, "hpnic_alloc_pd");
		}
		pdn = n;
	} else {
		pdn = hpnic_bitmap_alloc(&dev->pdns, 1);
	}
	if (pdn < 0) {
		free(pd);
		return hpnic_dev_fail(dev, -ENOSPC, "hpnic_alloc_pd: all %u protection domains are "
				      "in use", dev->attr.max_pds);
	}
	pd->magic = HPNIC_PD_MAGIC;
	pd->dev = dev;
	pd->pdn = (uint32_t)pdn;
	dev->npds++;
	*pdp = pd;
	return 0;
}

int hpnic_dealloc_pd(struct hpnic_pd *pd)
{
	if (!pd || pd->magic != HPNIC_PD_MAGIC)
		return hpnic_fail(-EINVAL, "hpnic_dealloc_pd: %s", pd ? "not a live PD (freed twice?)" :
				  "pd is NULL");
	if (pd->users)
		return hpnic_dev_fail(pd->dev, -EBUSY, "hpnic_dealloc_pd: PD %u still has %u MRs and "
				      "QPs: destroy them first", pd->pdn, pd->users);
	if (pd->dev->objs) {
		int err;

		hpnic_clear_error();
		err = pd->dev->objs->dealloc_pd(pd->dev->be, pd->pdn);
		if (err)
			return hpnic_backend_fail(pd->dev, err, "hpnic_dealloc_pd");
	} else {
		hpnic_bitmap_release(&pd->dev->pdns, pd->pdn);
	}
	pd->dev->npds--;
	pd->magic = 0;
	free(pd);
	return 0;
}

static int reg_mr(struct hpnic_dev *dev, struct hpnic_pd *pd, void *addr, size_t len,
		  unsigned access, struct hpnic_mr **mrp);

/*
 * Map the region page by page and write the pages' IO addresses into a run
 * of MTT entries; mr->iova becomes the NIC address of its first byte
 */
static int mtt_map(struct hpnic_dev *dev, struct hpnic_mr *mr)
{
	unsigned shift = (mr->access & HPNIC_ACCESS_HUGETLB) ? HPNIC_NADDR_PAGE_2M :
			 HPNIC_NADDR_PAGE_4K;
	uintptr_t a = (uintptr_t)mr->addr;
	uint64_t first = a >> shift, last = (a + mr->len - 1) >> shift;
	uint64_t n = last - first + 1, *pages, hi = ~0ull;
	long base;
	int err;

	if (n > dev->attr.mtt_entries)
		return hpnic_dev_fail(dev, -ENOSPC, "hpnic_reg_mr: %llu pages of %u KiB: more than "
				      "the %u entries of the translation table",
				      (unsigned long long)n, 1u << (shift - 10), dev->attr.mtt_entries);
	base = hpnic_bitmap_alloc_range(&dev->mtt, (unsigned)n);
	if (base < 0)
		return hpnic_dev_fail(dev, -ENOSPC, "hpnic_reg_mr: no run of %llu free translation "
				      "table entries (%u of %u in use)", (unsigned long long)n,
				      dev->mtt.used, dev->attr.mtt_entries);
	pages = calloc(n, sizeof(*pages));
	if (!pages) {
		err = hpnic_dev_fail(dev, -ENOMEM, "hpnic_reg_mr: out of memory");
		goto out_range;
	}
	err = dev->ops->dma_map_pages(dev->be, mr->addr, mr->len, shift, pages);
	if (err) {
		err = hpnic_dev_fail(dev, err < 0 ? err : -EIO, "hpnic_reg_mr: the backend cannot "
				     "map [%p, +%zu): %s", mr->addr, mr->len, hpnic_strerror(err));
		goto out_pages;
	}
	if ((err = hpnic_wr(dev, HPNIC_MR_MTT_IDX, (uint32_t)base)))
		goto out_unmap;
	for (uint64_t i = 0; i < n; i++) {
		if (pages[i] >> 48 || pages[i] & ((1ull << shift) - 1)) {
			err = hpnic_dev_fail(dev, -EIO, "hpnic_reg_mr: the backend mapped page %llu "
					     "at IO address 0x%llx: not %u KiB aligned below 2^48",
					     (unsigned long long)i, (unsigned long long)pages[i],
					     1u << (shift - 10));
			goto out_unmap;
		}
		/* ADDR_HI is kept: written only when it changes */
		if (pages[i] >> 32 != hi) {
			hi = pages[i] >> 32;
			if ((err = hpnic_wr(dev, HPNIC_MR_MTT_ADDR_HI, (uint32_t)hi)))
				goto out_unmap;
		}
		if ((err = hpnic_wr(dev, HPNIC_MR_MTT_ADDR_LO, (uint32_t)pages[i])))
			goto out_unmap;
	}
	free(pages);
	mr->page_shift = shift;
	mr->mtt_base = (uint32_t)base;
	mr->mtt_n = (uint32_t)n;
	mr->iova = 1ull << HPNIC_NADDR_TRANSLATE |
		   (shift == HPNIC_NADDR_PAGE_2M ? 1ull << HPNIC_NADDR_HUGE : 0) |
		   (uint64_t)base << shift | (a & ((1ull << shift) - 1));
	return 0;

out_unmap:
	dev->ops->dma_unmap(dev->be, mr->addr, mr->len);
out_pages:
	free(pages);
out_range:
	for (uint64_t i = 0; i < n; i++)
		hpnic_bitmap_release(&dev->mtt, (unsigned)(base + i));
	return err;
}

static void mtt_release(struct hpnic_dev *dev, struct hpnic_mr *mr)
{
	for (uint32_t i = 0; i < mr->mtt_n; i++)
		hpnic_bitmap_release(&dev->mtt, mr->mtt_base + i);
	mr->mtt_n = 0;
}

/* the library's own registration: a slot and tag, the mapping, MR.CMD WRITE */
static int mr_make(struct hpnic_dev *dev, struct hpnic_mr *mr)
{
	long idx = hpnic_bitmap_alloc(&dev->mrs, 0);
	int err;

	if (idx < 0)
		return hpnic_dev_fail(dev, -ENOSPC, "hpnic_reg_mr: all %u memory regions are in "
				      "use", dev->attr.max_mrs);
	mr->idx = (uint32_t)idx;
	mr->tag = next_tag(dev->mr_tag[idx]);
	if (dev->ops->dma_map_pages && dev->attr.mtt_entries) {
		err = mtt_map(dev, mr);
		if (err)
			goto out_slot;
	} else {
		err = dev->ops->dma_map(dev->be, mr->addr, mr->len, &mr->iova);
		if (err) {
			err = hpnic_dev_fail(dev, err < 0 ? err : -EIO, "hpnic_reg_mr: the backend "
					     "cannot map [%p, +%zu): %s", mr->addr, mr->len,
					     hpnic_strerror(err));
			goto out_slot;
		}
		if (mr->iova >> HPNIC_NADDR_TRANSLATE) {
			err = hpnic_dev_fail(dev, -EIO, "hpnic_reg_mr: the backend mapped [%p, +%zu) "
					     "at IO address 0x%llx: bit 63 is the NIC's", mr->addr,
					     mr->len, (unsigned long long)mr->iova);
			goto out_unmap;
		}
	}
	err = mr_write(dev, mr, HPNIC_MR_CMD_WRITE);
	if (err)
		goto out_unmap;
	return 0;

out_unmap:
	dev->ops->dma_unmap(dev->be, mr->addr, mr->len);
	mtt_release(dev, mr);
out_slot:
	hpnic_bitmap_release(&dev->mrs, (unsigned)idx);
	return err;
}

/* a driver's registration: it pins, maps, translates and picks the slot and key */
static int mr_make_by_backend(struct hpnic_dev *dev, struct hpnic_mr *mr)
{
	uint32_t key, idx;
	int err;

	hpnic_clear_error();
	err = dev->objs->reg_mr(dev->be, mr->pdn, mr->addr, mr->len, mr->access, &key, &mr->iova);
	if (err)
		return hpnic_backend_fail(dev, err, "hpnic_reg_mr");
	idx = key >> 8;
	if (idx >= dev->attr.max_mrs || dev->mr_slot[idx]) {
		(void)dev->objs->dereg_mr(dev->be, key);
		return hpnic_dev_fail(dev, -EIO, "hpnic_reg_mr: the driver gave key 0x%x, whose "
				      "slot is %s", key, idx >= dev->attr.max_mrs ? "past the table" :
				      "taken");
	}
	mr->idx = idx;
	mr->tag = (uint8_t)key;
	return 0;
}

int hpnic_reg_mr_pd(struct hpnic_pd *pd, void *addr, size_t len, unsigned access,
		    struct hpnic_mr **mrp)
{
	if (!pd || pd->magic != HPNIC_PD_MAGIC) {
		if (mrp)
			*mrp = NULL;
		return hpnic_fail(-EINVAL, "hpnic_reg_mr_pd: %s", pd ? "not a live PD" :
				  "pd is NULL");
	}
	return reg_mr(pd->dev, pd, addr, len, access, mrp);
}

int hpnic_reg_mr(struct hpnic_dev *dev, void *addr, size_t len, unsigned access,
		 struct hpnic_mr **mrp)
{
	return reg_mr(dev, NULL, addr, len, access, mrp);
}

static int reg_mr(struct hpnic_dev *dev, struct hpnic_pd *pd, void *addr, size_t len,
		  unsigned access, struct hpnic_mr **mrp)
{
	struct hpnic_mr *mr;
	int err;

	if (!mrp)
		return hpnic_dev_fail(dev, -EINVAL, "hpnic_reg_mr: mr is NULL");
	*mrp = NULL;
	if (!dev || !addr)
		return hpnic_dev_fail(dev, -EINVAL, "hpnic_reg_mr: %s is NULL",
				      dev ? "addr" : "dev");
	if (!len || (uint64_t)len >= MR_LEN_LIMIT)
		return hpnic_dev_fail(dev, -EINVAL, "hpnic_reg_mr: length %zu: outside 1..2^48-1",
				      len);
	if ((uintptr_t)addr + (len - 1) < (uintptr_t)addr)
		return hpnic_dev_fail(dev, -EINVAL, "hpnic_reg_mr: [%p, +%zu) wraps the address "
				      "space", addr, len);
	if (access & ~MR_ACCESS_ALL)
		return hpnic_dev_fail(dev, -EINVAL, "hpnic_reg_mr: unknown access bits 0x%x",
				      access & ~MR_ACCESS_ALL);
	/* as verbs: the NIC writing a region remotely means it writes it */
	if ((access & HPNIC_ACCESS_REMOTE_WRITE) && !(access & HPNIC_ACCESS_LOCAL_WRITE))
		return hpnic_dev_fail(dev, -EINVAL, "hpnic_reg_mr: REMOTE_WRITE needs LOCAL_WRITE");

	mr = calloc(1, sizeof(*mr));
	if (!mr)
		return hpnic_dev_fail(dev, -ENOMEM, "hpnic_reg_mr: out of memory");
	mr->dev = dev;
	mr->pd = pd;
	mr->pdn = pd ? pd->pdn : dev->own_pdn;
	mr->addr = addr;
	mr->len = len;
	mr->access = access;
	err = dev->objs ? mr_make_by_backend(dev, mr) : mr_make(dev, mr);
	if (err) {
		free(mr);
		return err;
	}
	dev->mr_tag[mr->idx] = mr->tag;
	dev->mr_slot[mr->idx] = mr;
	dev->nmrs++;
	if (pd)
		pd->users++;
	*mrp = mr;
	return 0;
}

int hpnic_dereg_mr(struct hpnic_mr *mr)
{
	struct hpnic_dev *dev;
	int err;

	if (!mr)
		return hpnic_fail(-EINVAL, "hpnic_dereg_mr: mr is NULL");
	dev = mr->dev;
	if (dev->objs) {
		hpnic_clear_error();
		err = dev->objs->dereg_mr(dev->be, hpnic_mr_lkey(mr));
		if (err)
			return hpnic_backend_fail(dev, err, "hpnic_dereg_mr");
	} else {
		/* INVALIDATE writes an empty entry: the key stops matching before
		 * the memory is unmapped */
		if ((err = hpnic_wr(dev, HPNIC_MR_IDX, mr->idx)) ||
		    (err = hpnic_cmd(dev, HPNIC_BLK_MR, HPNIC_MR_CMD_INVALIDATE, mr->idx)))
			return err;
		dev->ops->dma_unmap(dev->be, mr->addr, mr->len);
		mtt_release(dev, mr);
		hpnic_bitmap_release(&dev->mrs, mr->idx);
	}
	dev->mr_slot[mr->idx] = NULL;
	dev->nmrs--;
	if (mr->pd)
		mr->pd->users--;
	free(mr);
	return 0;
}

uint32_t hpnic_mr_rkey(const struct hpnic_mr *mr)
{
	return mr ? mr->idx << 8 | mr->tag : 0;
}

uint32_t hpnic_mr_lkey(const struct hpnic_mr *mr)
{
	return hpnic_mr_rkey(mr);
}
