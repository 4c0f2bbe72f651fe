// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * hpnic Linux driver: /dev/hpnicN and its ioctls (docs/driver.md; the ABI
 * is driver/lib/hpnic_abi.h). Every object a process makes belongs to its
 * open file and goes when the file is closed, also when the process is
 * killed.
 */
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/xarray.h>

#include "hpnic.h"
#include "hpnic_abi.h"

/* what one open file owns */
struct hpnic_file {
	struct hpnic_dev *hd;
	struct mutex lock;      /* the file's objects */
	struct xarray pds;      /* pdn -> the file's mark (xa_mk_value(1)) */
};

static void hpnic_dev_release(struct kref *ref)
{
	struct hpnic_dev *hd = container_of(ref, struct hpnic_dev, ref);

	ida_destroy(&hd->pd_ida);
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
	xa_init(&hf->pds);
	file->private_data = hf;
	return 0;
}

static int hpnic_release(struct inode *inode, struct file *file)
{
	struct hpnic_file *hf = file->private_data;
	struct hpnic_dev *hd = hf->hd;
	unsigned long pdn;
	void *entry;

	xa_for_each(&hf->pds, pdn, entry)
		ida_free(&hd->pd_ida, pdn);
	xa_destroy(&hf->pds);
	mutex_destroy(&hf->lock);
	kfree(hf);
	hpnic_dev_put(hd);
	return 0;
}

/*
 * The caller's struct: argsz at least ours (what lies past it is the
 * caller's, ignored) and at most a page (past that it is not a struct),
 * flags 0. Only sizeof(*out) bytes are copied.
 */
static int hpnic_get_arg(void __user *uarg, void *out, size_t size)
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

static int hpnic_query_device(struct hpnic_file *hf, void __user *uarg)
{
	struct hpnic_dev *hd = hf->hd;
	struct hpnic_abi_query_device q;
	int err;

	err = hpnic_get_arg(uarg, &q, sizeof(q));
	if (err)
		return err;
	q.abi_version = HPNIC_ABI_VERSION;
	q.fw_version = hd->id_version;
	q.build_date = hd->build_date;
	q.git_hash = hd->git_hash;
	q.qp_cfg = hd->qp_cfg;
	q.datapath = hd->datapath;
	q.features = hd->features;
	q.cc_modes = hpnic_rd(hd, HPNIC_ID_CC_MODES);
	q.num_counters = hpnic_rd(hd, HPNIC_STATS_COUNT);
	q.max_pds = HPNIC_MAX_PDS;
	if (hd->gone)
		return -ENODEV;
	return copy_to_user(uarg, &q, sizeof(q)) ? -EFAULT : 0;
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
	pdn = ida_alloc_range(&hd->pd_ida, 1, HPNIC_MAX_PDS, GFP_KERNEL);
	if (pdn < 0)
		return pdn == -ENOMEM ? -ENOMEM : -ENOSPC;
	err = xa_insert(&hf->pds, pdn, xa_mk_value(1), GFP_KERNEL);
	if (err) {
		ida_free(&hd->pd_ida, pdn);
		return err;
	}
	a.pdn = pdn;
	if (copy_to_user(uarg, &a, sizeof(a))) {
		xa_erase(&hf->pds, pdn);
		ida_free(&hd->pd_ida, pdn);
		return -EFAULT;
	}
	return 0;
}

static int hpnic_dealloc_pd(struct hpnic_file *hf, void __user *uarg)
{
	struct hpnic_abi_dealloc_pd d;
	int err;

	err = hpnic_get_arg(uarg, &d, sizeof(d));
	if (err)
		return err;
	if (d.reserved)
		return -EINVAL;
	/* only this file's: another file's PD, or none, is the same refusal */
	if (!xa_erase(&hf->pds, d.pdn))
		return -EINVAL;
	ida_free(&hf->hd->pd_ida, d.pdn);
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
	default:
		ret = -ENOTTY;
	}
	mutex_unlock(&hf->lock);
out:
	up_read(&hd->rwsem);
	return ret;
}

static const struct file_operations hpnic_fops = {
	.owner = THIS_MODULE,
	.open = hpnic_open,
	.release = hpnic_release,
	.unlocked_ioctl = hpnic_ioctl,
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
	misc_deregister(&hd->misc);
	down_write(&hd->rwsem);
	hd->removed = true;
	up_write(&hd->rwsem);
}
