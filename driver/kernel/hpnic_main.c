// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * hpnic Linux driver: PCI probe and remove (docs/driver.md).
 *
 * Probe enables the function, maps BAR0 (the register map of
 * fw/regmap.toml: privileged blocks in its first 16 MiB, one doorbell page
 * per QP above), sets a 64-bit DMA mask, checks the ID block's type and major
 * version, waits for the core's initialisation, and asks for interrupt
 * vectors, MSI-X first, then MSI, then INTx. Completion events are polled
 * when there is no vector or when the poll parameter says so (under QEMU's
 * TCG the co-simulated device raises none).
 *
 * A CSR read that returns all ones means the device is gone (surprise
 * removal, a link down): the driver marks it and stops touching it.
 */
#include <linux/delay.h>
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/slab.h>

#include "hpnic.h"

/* N of /dev/hpnicN */
static DEFINE_IDA(hpnic_index_ida);

static int poll = -1;
module_param(poll, int, 0444);
MODULE_PARM_DESC(poll, "poll for completions: 1 always; 0 or -1 (default): take MSI-X or MSI interrupts when granted, polling until one is seen to arrive");

static unsigned int ready_ms = 1000;
module_param(ready_ms, uint, 0444);
MODULE_PARM_DESC(ready_ms, "how long probe waits for CTRL.STATUS to report the core ready, ms (default 1000)");

u32 hpnic_rd(struct hpnic_dev *hd, u32 off)
{
	u32 v;

	if (hd->gone)
		return ~0u;
	v = readl(hd->bar0 + off);
	/* no register but a counter reads all ones: check the ID to be sure */
	if (unlikely(v == ~0u) && readl(hd->bar0 + HPNIC_ID_TYPE) == ~0u) {
		hd->gone = true;
		dev_err(&hd->pdev->dev, "reads return all ones: the device is gone\n");
	}
	return v;
}

void hpnic_wr(struct hpnic_dev *hd, u32 off, u32 val)
{
	if (!hd->gone)
		writel(val, hd->bar0 + off);
}

/* STATS.SEL selects, VALUE_LO reads and latches the high word */
u64 hpnic_counter(struct hpnic_dev *hd, unsigned int idx)
{
	u32 lo, hi;

	mutex_lock(&hd->stats_lock);
	hpnic_wr(hd, HPNIC_STATS_SEL, idx);
	lo = hpnic_rd(hd, HPNIC_STATS_VALUE_LO);
	hi = hpnic_rd(hd, HPNIC_STATS_VALUE_HI);
	mutex_unlock(&hd->stats_lock);
	return (u64)hi << 32 | lo;
}

/* QP, MR and CQ share CMD_STATUS's layout; the CQ's masks serve all */
static_assert((HPNIC_QP_CMD_STATUS_BUSY_MASK ^ HPNIC_CQ_CMD_STATUS_BUSY_MASK) == 0);
static_assert((HPNIC_MR_CMD_STATUS_BUSY_MASK ^ HPNIC_CQ_CMD_STATUS_BUSY_MASK) == 0);
static_assert((HPNIC_QP_CMD_STATUS_ERROR_MASK ^ HPNIC_CQ_CMD_STATUS_ERROR_MASK) == 0);
static_assert((HPNIC_MR_CMD_STATUS_ERROR_MASK ^ HPNIC_CQ_CMD_STATUS_ERROR_MASK) == 0);

/*
 * A command of an indirect block (QP, MR, CQ): write it, wait for BUSY to
 * clear (one cycle in this core; a board behind PCIe may take longer), and
 * turn the block's error code into an errno. Caller holds cmd_lock.
 */
int hpnic_cmd(struct hpnic_dev *hd, u32 cmd_reg, u32 status_reg, u32 cmd)
{
	unsigned int i;
	u32 st;

	lockdep_assert_held(&hd->cmd_lock);
	hpnic_wr(hd, cmd_reg, cmd);
	for (i = 0; i < 1000; i++) {
		st = hpnic_rd(hd, status_reg);
		if (hd->gone)
			return -ENODEV;
		if (!(st & HPNIC_CQ_CMD_STATUS_BUSY_MASK))
			break;
		usleep_range(10, 20);
	}
	if (st & HPNIC_CQ_CMD_STATUS_BUSY_MASK) {
		dev_err(&hd->pdev->dev, "command %u at 0x%x still busy after 1000 polls\n", cmd,
			cmd_reg);
		return -ETIMEDOUT;
	}
	switch (HPNIC_GET(HPNIC_CQ_CMD_STATUS_ERROR, st)) {
	case HPNIC_ERR_OK:
		return 0;
	case HPNIC_ERR_BAD_INDEX:
		return -EINVAL;
	default:
		return -EIO;
	}
}

static int hpnic_check_id(struct hpnic_dev *hd)
{
	struct device *dev = &hd->pdev->dev;
	u32 type = hpnic_rd(hd, HPNIC_ID_TYPE);
	u32 ver, maj, min, qpn_width, want = HPNIC_GET(HPNIC_HDR_VERSION_MAJOR,
						     HPNIC_ID_BLOCK_VERSION);

	if (hd->gone)
		return -ENODEV;
	if (type != HPNIC_ID_BLOCK_TYPE) {
		dev_err(dev, "BAR0 offset 0 reads 0x%08x, not an hpnic ID block (\"HPID\"): refusing the device\n",
			type);
		return -ENODEV;
	}
	ver = hpnic_rd(hd, HPNIC_ID_VERSION);
	maj = HPNIC_GET(HPNIC_HDR_VERSION_MAJOR, ver);
	min = HPNIC_GET(HPNIC_HDR_VERSION_MINOR, ver);
	if (maj != want) {
		dev_err(dev, "register map version %u.%u, driver built for %u.x: refusing the device\n",
			maj, min, want);
		return -ENODEV;
	}
	hd->id_version = ver;
	hd->build_date = hpnic_rd(hd, HPNIC_ID_BUILD_DATE);
	hd->git_hash = hpnic_rd(hd, HPNIC_ID_GIT_HASH);
	hd->qp_cfg = hpnic_rd(hd, HPNIC_ID_QP_CFG);
	hd->datapath = hpnic_rd(hd, HPNIC_ID_DATAPATH);
	hd->max_cqs = 1u << HPNIC_GET(HPNIC_ID_QP_CFG_CQN_WIDTH, hd->qp_cfg);
	hd->max_mrs = 1u << HPNIC_GET(HPNIC_ID_QP_CFG_MR_LOG2, hd->qp_cfg);
	hd->mtt_entries = 1u << HPNIC_GET(HPNIC_ID_QP_CFG_MTT_LOG2, hd->qp_cfg);
	/* one doorbell page per QP in the DB block */
	qpn_width = min_t(u32, HPNIC_GET(HPNIC_ID_QP_CFG_QPN_WIDTH, hd->qp_cfg), 24);
	hd->max_qps = min_t(u32, 1u << qpn_width, HPNIC_DB_SQ_DB_COUNT);
	hd->features = hpnic_rd(hd, HPNIC_ID_FEATURES);
	return hd->gone ? -ENODEV : 0;
}

/*
 * The port's addresses: what CTRL holds if something set them (a board's
 * firmware, the simulator), else ones made from the PCI address, as
 * libhpnic's pci backend makes them: 02:00:00:bus:dev:fn, 10.bus.dev.fn+1
 */
static void hpnic_set_port(struct hpnic_dev *hd)
{
	struct pci_dev *pdev = hd->pdev;
	u32 slot = PCI_SLOT(pdev->devfn), fn = PCI_FUNC(pdev->devfn);

	hd->mac_lo = hpnic_rd(hd, HPNIC_CTRL_MAC_LO);
	hd->mac_hi = hpnic_rd(hd, HPNIC_CTRL_MAC_HI) & HPNIC_CTRL_MAC_HI_MASK;
	hd->ipv4 = hpnic_rd(hd, HPNIC_CTRL_IP);
	if (hd->ipv4 && (hd->mac_lo || hd->mac_hi))
		return;
	hd->mac_hi = 0x0200;
	hd->mac_lo = (u32)pdev->bus->number << 16 | slot << 8 | fn;
	hd->ipv4 = 10u << 24 | (u32)pdev->bus->number << 16 | slot << 8 | (fn + 1);
	hpnic_wr(hd, HPNIC_CTRL_MAC_LO, hd->mac_lo);
	hpnic_wr(hd, HPNIC_CTRL_MAC_HI, HPNIC_SET(HPNIC_CTRL_MAC_HI, hd->mac_hi));
	hpnic_wr(hd, HPNIC_CTRL_IP, hd->ipv4);
}

/*
 * Events a previous driver instance left in the NIC (its QPs are gone)
 * would name QPNs that new processes get again: dropped, and said so
 */
static void hpnic_drain_events(struct hpnic_dev *hd)
{
	unsigned int n = 0;

	while (n < 1024 && !hd->gone &&
	       hpnic_rd(hd, HPNIC_CTRL_EVENT) & HPNIC_CTRL_EVENT_VALID_MASK)
		n++;
	if (n)
		dev_info(&hd->pdev->dev, "%u asynchronous events of an earlier driver dropped\n",
			 n);
}

static int hpnic_wait_ready(struct hpnic_dev *hd)
{
	const u32 want = HPNIC_CTRL_STATUS_CC_INIT_DONE_MASK |
			 HPNIC_CTRL_STATUS_SCHED_INIT_DONE_MASK |
			 HPNIC_CTRL_STATUS_HOST_READY_MASK;
	unsigned long end = jiffies + msecs_to_jiffies(ready_ms);
	u32 st;

	for (;;) {
		st = hpnic_rd(hd, HPNIC_CTRL_STATUS);
		if (hd->gone)
			return -ENODEV;
		if ((st & want) == want)
			return 0;
		if (time_after(jiffies, end))
			break;
		usleep_range(1000, 2000);
	}
	dev_err(&hd->pdev->dev, "CTRL.STATUS 0x%x after %u ms: the core is not ready\n", st,
		ready_ms);
	return -ETIMEDOUT;
}

/* a completion or an event: look at once (the work item sorts it out) */
static irqreturn_t hpnic_irq(int irq, void *data)
{
	struct hpnic_dev *hd = data;

	atomic_inc(&hd->irqs);
	mod_delayed_work(system_wq, &hd->poll_work, 0);
	return IRQ_HANDLED;
}

/*
 * The core signals completions by message (MSI-X, or MSI): it has no
 * interrupt status register, so INTx, which must be acknowledged, is not
 * used even when granted. Without a message vector, or with poll=1, the
 * driver polls; with one, it also polls until an interrupt is seen to
 * arrive (hpnic_poll_work), so a vector that never fires costs latency,
 * not completions.
 */
static void hpnic_setup_irqs(struct hpnic_dev *hd)
{
	struct pci_dev *pdev = hd->pdev;
	int n;

	/* interrupts stay off in the core until a handler is in place */
	hpnic_wr(hd, HPNIC_CTRL_IRQ_CTRL, 0);
	n = pci_alloc_irq_vectors(pdev, 1, 1, PCI_IRQ_MSIX | PCI_IRQ_MSI | PCI_IRQ_LEGACY);
	if (n > 0) {
		hd->nvec = n;
		hd->irq_kind = pdev->msix_enabled ? HPNIC_IRQ_MSIX :
			       pdev->msi_enabled ? HPNIC_IRQ_MSI : HPNIC_IRQ_INTX;
	} else {
		hd->nvec = 0;
		hd->irq_kind = HPNIC_IRQ_NONE;
	}
	if (poll <= 0 && (hd->irq_kind == HPNIC_IRQ_MSIX || hd->irq_kind == HPNIC_IRQ_MSI) &&
	    !request_irq(pci_irq_vector(pdev, 0), hpnic_irq, 0, hd->name, hd)) {
		hd->irq_requested = true;
		hpnic_wr(hd, HPNIC_CTRL_IRQ_CTRL, HPNIC_CTRL_IRQ_CTRL_ENABLE_MASK);
	}
	hd->polling = !hd->irq_requested;
}

static const char *const irq_kind_names[] = {
	[HPNIC_IRQ_NONE] = "none",
	[HPNIC_IRQ_INTX] = "INTx",
	[HPNIC_IRQ_MSI] = "MSI",
	[HPNIC_IRQ_MSIX] = "MSI-X",
};

static int hpnic_probe_hw(struct hpnic_dev *hd)
{
	struct pci_dev *pdev = hd->pdev;
	struct device *dev = &pdev->dev;
	int err;

	err = pcim_enable_device(pdev);
	if (err) {
		dev_err(dev, "cannot enable the device: %d\n", err);
		return err;
	}
	if (pci_resource_len(pdev, 0) < HPNIC_BAR0_SIZE) {
		dev_err(dev, "BAR0 is %llu bytes, the register map needs %u: refusing the device\n",
			(unsigned long long)pci_resource_len(pdev, 0), HPNIC_BAR0_SIZE);
		return -ENODEV;
	}
	err = pcim_iomap_regions(pdev, BIT(0), KBUILD_MODNAME);
	if (err) {
		dev_err(dev, "cannot map BAR0: %d\n", err);
		return err;
	}
	hd->bar0 = pcim_iomap_table(pdev)[0];

	err = dma_set_mask_and_coherent(dev, DMA_BIT_MASK(64));
	if (err) {
		dev_err(dev, "no 64-bit DMA: %d\n", err);
		return err;
	}
	pci_set_master(pdev);

	err = hpnic_check_id(hd);
	if (err)
		return err;
	/* not devm: files open after a remove still free their MRs into them */
	hd->mr_tag = kcalloc(hd->max_mrs, sizeof(*hd->mr_tag), GFP_KERNEL);
	hd->mtt_map = bitmap_zalloc(hd->mtt_entries, GFP_KERNEL);
	if (!hd->mr_tag || !hd->mtt_map)
		return -ENOMEM;
	err = hpnic_wait_ready(hd);
	if (err)
		return err;
	err = hpnic_reset_objects(hd);
	if (err)
		return err;
	hpnic_set_port(hd);
	hpnic_drain_events(hd);
	hpnic_setup_irqs(hd);
	return 0;
}

static int hpnic_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct device *dev = &pdev->dev;
	struct hpnic_dev *hd;
	unsigned int i;
	int err;

	hd = kzalloc(sizeof(*hd), GFP_KERNEL);
	if (!hd)
		return -ENOMEM;
	hd->pdev = pdev;
	kref_init(&hd->ref);
	init_rwsem(&hd->rwsem);
	for (i = 0; i < HPNIC_NUM_OBJ; i++)
		ida_init(&hd->ids[i]);
	xa_init(&hd->qps);
	spin_lock_init(&hd->arm_lock);
	INIT_DELAYED_WORK(&hd->poll_work, hpnic_poll_work);
	mutex_init(&hd->stats_lock);
	atomic64_set(&hd->pinned_pages, 0);
	mutex_init(&hd->cmd_lock);
	xa_init(&hd->cqs);
	/* the coherent rings of files still open after a remove are freed
	 * against this device: keep it
	 */
	pci_dev_get(pdev);
	hd->index = ida_alloc(&hpnic_index_ida, GFP_KERNEL);
	if (hd->index < 0) {
		err = hd->index;
		goto err_free;
	}
	snprintf(hd->name, sizeof(hd->name), "hpnic%d", hd->index);
	pci_set_drvdata(pdev, hd);

	err = hpnic_probe_hw(hd);
	if (err)
		goto err_index;
	err = hpnic_cdev_add(hd);
	if (err) {
		dev_err(dev, "cannot register /dev/%s: %d\n", hd->name, err);
		goto err_irq;
	}

	dev_info(dev, "hpnic register map %u.%u, build %08x, git %08x, %u QPs, %u MHz; interrupts %s%s; /dev/%s\n",
		 HPNIC_GET(HPNIC_HDR_VERSION_MAJOR, hd->id_version),
		 HPNIC_GET(HPNIC_HDR_VERSION_MINOR, hd->id_version), hd->build_date, hd->git_hash,
		 1u << HPNIC_GET(HPNIC_ID_QP_CFG_QPN_WIDTH, hd->qp_cfg),
		 HPNIC_GET(HPNIC_ID_DATAPATH_CLK_MHZ, hd->datapath), irq_kind_names[hd->irq_kind],
		 hd->polling ? ", completions polled" : "", hd->name);
	return 0;

err_irq:
	hpnic_wr(hd, HPNIC_CTRL_IRQ_CTRL, 0);
	if (hd->irq_requested)
		free_irq(pci_irq_vector(pdev, 0), hd);
	if (hd->nvec)
		pci_free_irq_vectors(pdev);
err_index:
	ida_free(&hpnic_index_ida, hd->index);
err_free:
	pci_set_drvdata(pdev, NULL);
	hpnic_dev_put(hd);
	return err;
}

static void hpnic_remove(struct pci_dev *pdev)
{
	struct hpnic_dev *hd = pci_get_drvdata(pdev);

	/* open files stay valid but reach the device no more */
	hpnic_cdev_remove(hd);
	/* the NIC fetches from and writes into no ring from now on: the
	 * files free them later
	 */
	hpnic_qp_reset_all(hd);
	hpnic_cq_disable_all(hd);
	/* nothing of the core's is left running: interrupts off, then the vectors */
	hpnic_wr(hd, HPNIC_CTRL_IRQ_CTRL, 0);
	if (hd->irq_requested)
		free_irq(pci_irq_vector(pdev, 0), hd);
	/* the last interrupt may have queued the work again */
	cancel_delayed_work_sync(&hd->poll_work);
	if (hd->nvec)
		pci_free_irq_vectors(pdev);
	pci_clear_master(pdev);
	ida_free(&hpnic_index_ida, hd->index);
	hpnic_dev_put(hd);
}

static const struct pci_device_id hpnic_ids[] = {
	{ PCI_DEVICE(HPNIC_PCI_VENDOR_ID, HPNIC_PCI_DEVICE_ID) },
	{ }
};
MODULE_DEVICE_TABLE(pci, hpnic_ids);

static struct pci_driver hpnic_driver = {
	.name = KBUILD_MODNAME,
	.id_table = hpnic_ids,
	.probe = hpnic_probe,
	.remove = hpnic_remove,
	.dev_groups = hpnic_groups,
};

static int __init hpnic_init(void)
{
	hpnic_sysfs_init();
	return pci_register_driver(&hpnic_driver);
}
module_init(hpnic_init);

static void __exit hpnic_exit(void)
{
	pci_unregister_driver(&hpnic_driver);
}
module_exit(hpnic_exit);

MODULE_DESCRIPTION("hpnic RoCEv2 NIC with HPCC congestion control");
MODULE_LICENSE("Dual MIT/GPL");
