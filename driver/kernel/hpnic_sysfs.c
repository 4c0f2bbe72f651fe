// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * hpnic Linux driver: sysfs files under the PCI device (docs/driver.md):
 * the register map's identity, how the device signals, and every counter
 * of STATS under counters/, named from the generated register header.
 */
#include <linux/device.h>
#include <linux/sysfs.h>

#define HPNIC_REGS_WANT_COUNTER_NAMES
#define HPNIC_REGS_NO_COUNTER_DESCS
#include "hpnic.h"

static struct hpnic_dev *to_hd(struct device *dev)
{
	return pci_get_drvdata(to_pci_dev(dev));
}

static ssize_t fw_version_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct hpnic_dev *hd = to_hd(dev);

	return sysfs_emit(buf, "%u.%u\n", HPNIC_GET(HPNIC_HDR_VERSION_MAJOR, hd->id_version),
			  HPNIC_GET(HPNIC_HDR_VERSION_MINOR, hd->id_version));
}
static DEVICE_ATTR_RO(fw_version);

static ssize_t build_date_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%08x\n", to_hd(dev)->build_date);
}
static DEVICE_ATTR_RO(build_date);

static ssize_t git_hash_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%08x\n", to_hd(dev)->git_hash);
}
static DEVICE_ATTR_RO(git_hash);

static ssize_t irq_mode_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	static const char *const names[] = { "none", "intx", "msi", "msix" };
	struct hpnic_dev *hd = to_hd(dev);

	return sysfs_emit(buf, "%s%s\n", names[hd->irq_kind], hd->polling ? " polled" : "");
}
static DEVICE_ATTR_RO(irq_mode);

static struct attribute *hpnic_attrs[] = {
	&dev_attr_fw_version.attr,
	&dev_attr_build_date.attr,
	&dev_attr_git_hash.attr,
	&dev_attr_irq_mode.attr,
	NULL
};

static const struct attribute_group hpnic_group = {
	.attrs = hpnic_attrs,
};

/* counters/NAME: one file a counter, its index in the attribute's var */
static ssize_t counter_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct dev_ext_attribute *ea = container_of(attr, struct dev_ext_attribute, attr);

	return sysfs_emit(buf, "%llu\n", hpnic_counter(to_hd(dev), (uintptr_t)ea->var));
}

static struct dev_ext_attribute counter_attrs[HPNIC_NUM_COUNTERS];
static struct attribute *counter_attr_list[HPNIC_NUM_COUNTERS + 1];

static const struct attribute_group hpnic_counter_group = {
	.name = "counters",
	.attrs = counter_attr_list,
};

const struct attribute_group *hpnic_groups[] = {
	&hpnic_group,
	&hpnic_counter_group,
	NULL
};

/* the counter files are built from the register header's name table once */
void hpnic_sysfs_init(void)
{
	unsigned int i;

	for (i = 0; i < HPNIC_NUM_COUNTERS; i++) {
		struct dev_ext_attribute *ea = &counter_attrs[i];

		sysfs_attr_init(&ea->attr.attr);
		ea->attr.attr.name = hpnic_counter_names[i];
		ea->attr.attr.mode = 0444;
		ea->attr.show = counter_show;
		ea->var = (void *)(uintptr_t)i;
		counter_attr_list[i] = &ea->attr.attr;
	}
}
