// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * hpnic Linux driver: sysfs files under the PCI device (docs/driver.md):
 * the register map's identity, how the device signals, every counter of
 * STATS under counters/, the NIC-wide CC parameters under cc/ (HPCC's and
 * DCQCN's), INT under int/ and the AckReq spacing, one value a file;
 * counters and parameters are named from the generated register header's
 * tables.
 */
#include <linux/ctype.h>
#include <linux/delay.h>
#include <linux/device.h>
#include <linux/kernel.h>
#include <linux/sysfs.h>

#define HPNIC_REGS_WANT_COUNTER_NAMES
#define HPNIC_REGS_NO_COUNTER_DESCS
#define HPNIC_REGS_WANT_REG_TABLE
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

/* pages pinned for memory regions, over every open file */
static ssize_t pinned_pages_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%lld\n", (long long)atomic64_read(&to_hd(dev)->pinned_pages));
}
static DEVICE_ATTR_RO(pinned_pages);

/* the objects processes hold, over every open file */
static ssize_t objects_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct hpnic_dev *hd = to_hd(dev);

	return sysfs_emit(buf, "pds %d cqs %d mrs %d qps %d\n",
			  atomic_read(&hd->live[HPNIC_OBJ_PD]),
			  atomic_read(&hd->live[HPNIC_OBJ_CQ]),
			  atomic_read(&hd->live[HPNIC_OBJ_MR]),
			  atomic_read(&hd->live[HPNIC_OBJ_QP]));
}
static DEVICE_ATTR_RO(objects);

/* QP events dropped as an earlier QP's: they named a QPN no QP has, or a
 * QP whose side (send or receive) had not started since it was created
 */
static ssize_t events_stale_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct hpnic_dev *hd = to_hd(dev);
	u64 n;

	mutex_lock(&hd->cmd_lock);
	n = hd->events_stale;
	mutex_unlock(&hd->cmd_lock);
	return sysfs_emit(buf, "%llu\n", (unsigned long long)n);
}
static DEVICE_ATTR_RO(events_stale);

/*
 * ack_req_spacing_log2: CTRL.ACK_REQ.SPACING_LOG2, how often a request
 * packet of a QP without INT asks for an ACK (docs/wire.md). NIC-wide, so
 * root's; the register's 4 bits are checked here, the window rule (at most
 * W_init, better a quarter of it) by libhpnic, which knows T and the rate.
 */
static ssize_t ack_req_spacing_log2_show(struct device *dev, struct device_attribute *attr,
					 char *buf)
{
	u32 v = hpnic_rd(to_hd(dev), HPNIC_CTRL_ACK_REQ);

	return sysfs_emit(buf, "%u\n", HPNIC_GET(HPNIC_CTRL_ACK_REQ_SPACING_LOG2, v));
}

static ssize_t ack_req_spacing_log2_store(struct device *dev, struct device_attribute *attr,
					  const char *buf, size_t count)
{
	u32 v;

	if (kstrtou32(buf, 0, &v) || v > HPNIC_GET(HPNIC_CTRL_ACK_REQ_SPACING_LOG2, ~0u))
		return -EINVAL;
	hpnic_wr(to_hd(dev), HPNIC_CTRL_ACK_REQ, HPNIC_SET(HPNIC_CTRL_ACK_REQ_SPACING_LOG2, v));
	return count;
}
static DEVICE_ATTR_RW(ack_req_spacing_log2);

/*
 * rto: CTRL.RTO, the retransmit timeout in units of 1024 core cycles, 0 for
 * no timer (docs/transport.md). NIC-wide, so root's; libhpnic's
 * hpnic_set_rto converts from ns.
 */
static ssize_t rto_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	u32 v = hpnic_rd(to_hd(dev), HPNIC_CTRL_RTO);

	return sysfs_emit(buf, "%u\n", HPNIC_GET(HPNIC_CTRL_RTO, v));
}

static ssize_t rto_store(struct device *dev, struct device_attribute *attr, const char *buf,
			 size_t count)
{
	u32 v;

	if (kstrtou32(buf, 0, &v) || v > HPNIC_GET(HPNIC_CTRL_RTO, ~0u))
		return -EINVAL;
	hpnic_wr(to_hd(dev), HPNIC_CTRL_RTO, HPNIC_SET(HPNIC_CTRL_RTO, v));
	return count;
}
static DEVICE_ATTR_RW(rto);

static struct attribute *hpnic_attrs[] = {
	&dev_attr_ack_req_spacing_log2.attr,
	&dev_attr_rto.attr,
	&dev_attr_pinned_pages.attr,
	&dev_attr_objects.attr,
	&dev_attr_events_stale.attr,
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

/*
 * cc/NAME: the CC block's read-write registers (hpnicctl's CC keys), the
 * register's index in hpnic_reg_table in the attribute's var. A value that
 * does not fit the register's bits is refused with -EINVAL; the engine's
 * own clamping of HPCC's shows in cc/status. A register with a Range in
 * the register map (DCQCN's raw values as dcqcn_derive() makes them,
 * docs/cc-dcqcn.md, np_min_time_us, dcqcn_tick_us, HPCC's VAI/SF vai_* and
 * sf_acks) is refused outside it too, with the generated header's min and
 * max: the CSR would refuse it (CC.RANGE_STATUS), so the write fails here
 * instead of being lost. libhpnic checks the parameters they come from;
 * the rates' upper bound against the line rate is libhpnic's
 * (hpnic_set_dcqcn).
 */
#define HPNIC_MAX_CC_PARAMS 48

static bool hpnic_cc_in_range(const struct hpnic_reg_desc *r, u32 v)
{
	return !r->has_range || (v == 0 && r->zero_ok) || (v >= r->min && v <= r->max);
}

static ssize_t cc_param_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct dev_ext_attribute *ea = container_of(attr, struct dev_ext_attribute, attr);
	const struct hpnic_reg_desc *r = &hpnic_reg_table[(uintptr_t)ea->var];

	return sysfs_emit(buf, "%u\n", hpnic_rd(to_hd(dev), r->offset) & r->mask);
}

static ssize_t cc_param_store(struct device *dev, struct device_attribute *attr,
			      const char *buf, size_t count)
{
	struct dev_ext_attribute *ea = container_of(attr, struct dev_ext_attribute, attr);
	const struct hpnic_reg_desc *r = &hpnic_reg_table[(uintptr_t)ea->var];
	struct hpnic_dev *hd = to_hd(dev);
	unsigned int i;
	u32 v;

	if (kstrtou32(buf, 0, &v) || (v & ~r->mask) || !hpnic_cc_in_range(r, v))
		return -EINVAL;
	hpnic_wr(hd, r->offset, v);
	/* the engine derives its constants in about 800 cycles (3.2 us at
	 * 250 MHz); a QP started meanwhile would get the previous set
	 */
	for (i = 0; i < 1000 && !hd->gone; i++) {
		if (!(hpnic_rd(hd, HPNIC_CTRL_CC_PARAM_STATUS) &
		      HPNIC_CTRL_CC_PARAM_STATUS_BUSY_MASK))
			return count;
		udelay(1);
	}
	return hd->gone ? -ENODEV : -ETIMEDOUT;
}

/* CTRL.CC_PARAM_STATUS, then the names of its set fields */
static ssize_t status_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	const struct hpnic_reg_desc *r = NULL;
	unsigned int i;
	ssize_t n;
	u32 v;

	for (i = 0; i < HPNIC_NUM_REGS; i++)
		if (hpnic_reg_table[i].offset == HPNIC_CTRL_CC_PARAM_STATUS)
			r = &hpnic_reg_table[i];
	v = hpnic_rd(to_hd(dev), HPNIC_CTRL_CC_PARAM_STATUS);
	n = sysfs_emit(buf, "0x%08x", v);
	for (i = 0; r && i < r->num_fields; i++)
		if (v & hpnic_field_table[r->field + i].mask)
			n += sysfs_emit_at(buf, n, " %s", hpnic_field_table[r->field + i].name);
	return n + sysfs_emit_at(buf, n, "\n");
}
static DEVICE_ATTR_RO(status);

/* int/: CTRL.INT_CTRL's fields, INT (in-band telemetry) on or off and its UDP port */
static ssize_t hpnic_int_show(struct device *dev, char *buf, u32 mask, unsigned int shift)
{
	return sysfs_emit(buf, "%u\n", (hpnic_rd(to_hd(dev), HPNIC_CTRL_INT_CTRL) & mask) >> shift);
}

static ssize_t hpnic_int_store(struct device *dev, const char *buf, size_t count, u32 mask,
			       unsigned int shift)
{
	struct hpnic_dev *hd = to_hd(dev);
	u32 v, reg;

	if (kstrtou32(buf, 0, &v) || (v & ~(mask >> shift)))
		return -EINVAL;
	mutex_lock(&hd->cmd_lock);
	reg = hpnic_rd(hd, HPNIC_CTRL_INT_CTRL);
	hpnic_wr(hd, HPNIC_CTRL_INT_CTRL, (reg & ~mask) | v << shift);
	mutex_unlock(&hd->cmd_lock);
	return count;
}

static ssize_t enable_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	return hpnic_int_show(dev, buf, HPNIC_CTRL_INT_CTRL_ENABLE_MASK,
			      HPNIC_CTRL_INT_CTRL_ENABLE_SHIFT);
}

static ssize_t enable_store(struct device *dev, struct device_attribute *attr, const char *buf,
			    size_t count)
{
	return hpnic_int_store(dev, buf, count, HPNIC_CTRL_INT_CTRL_ENABLE_MASK,
			       HPNIC_CTRL_INT_CTRL_ENABLE_SHIFT);
}
static DEVICE_ATTR_RW(enable);

static ssize_t udp_port_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	return hpnic_int_show(dev, buf, HPNIC_CTRL_INT_CTRL_PORT_MASK,
			      HPNIC_CTRL_INT_CTRL_PORT_SHIFT);
}

static ssize_t udp_port_store(struct device *dev, struct device_attribute *attr, const char *buf,
			      size_t count)
{
	return hpnic_int_store(dev, buf, count, HPNIC_CTRL_INT_CTRL_PORT_MASK,
			       HPNIC_CTRL_INT_CTRL_PORT_SHIFT);
}
static DEVICE_ATTR_RW(udp_port);

static struct attribute *hpnic_int_attrs[] = {
	&dev_attr_enable.attr,
	&dev_attr_udp_port.attr,
	NULL
};

static const struct attribute_group hpnic_int_group = {
	.name = "int",
	.attrs = hpnic_int_attrs,
};

static struct dev_ext_attribute cc_attrs[HPNIC_MAX_CC_PARAMS];
static char cc_names[HPNIC_MAX_CC_PARAMS][24];
static struct attribute *cc_attr_list[HPNIC_MAX_CC_PARAMS + 2];

static const struct attribute_group hpnic_cc_group = {
	.name = "cc",
	.attrs = cc_attr_list,
};

const struct attribute_group *hpnic_groups[] = {
	&hpnic_group,
	&hpnic_counter_group,
	&hpnic_cc_group,
	&hpnic_int_group,
	NULL
};

static void hpnic_sysfs_init_cc(void)
{
	const struct hpnic_block_desc *cc = NULL;
	unsigned int i, j, n = 0;

	for (i = 0; i < HPNIC_NUM_BLOCKS; i++)
		if (hpnic_block_table[i].base == HPNIC_CC_BASE)
			cc = &hpnic_block_table[i];
	for (i = cc->reg; i < cc->reg + cc->num_regs; i++) {
		const struct hpnic_reg_desc *r = &hpnic_reg_table[i];
		struct dev_ext_attribute *ea = &cc_attrs[n];

		if (r->access != HPNIC_REG_RW || r->count != 1)
			continue;
		/* a register map with more parameters than files: say so, once */
		if (n == HPNIC_MAX_CC_PARAMS) {
			pr_warn("hpnic: cc/ holds %d parameters: %s and later have no file\n",
				HPNIC_MAX_CC_PARAMS, r->name);
			break;
		}
		for (j = 0; r->name[j] && j + 1 < sizeof(cc_names[n]); j++)
			cc_names[n][j] = tolower(r->name[j]);
		sysfs_attr_init(&ea->attr.attr);
		ea->attr.attr.name = cc_names[n];
		ea->attr.attr.mode = 0644;
		ea->attr.show = cc_param_show;
		ea->attr.store = cc_param_store;
		ea->var = (void *)(uintptr_t)i;
		cc_attr_list[n++] = &ea->attr.attr;
	}
	cc_attr_list[n] = &dev_attr_status.attr;
}

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
	hpnic_sysfs_init_cc();
}
