// SPDX-License-Identifier: GPL-2.0
/*
 * /sys/block/<disk>/trace/ and /sys/block/<disk>/<part>/trace/: a queue's
 * tracing for the blk tracer, without blktrace.
 *
 * enable (0, or another number) sets the queue's tracing down or up; act_mask (category
 * names, comma-separated, or a number), pid, start_lba and end_lba are its
 * filters, and writing one sets the tracing up first. Each shows
 * "disabled" while the queue is not traced. Everything is under the
 * queue's debugfs_mutex, as the ioctls are.
 */
#include <linux/blkdev.h>
#include <linux/device.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/sysfs.h>

#include "../../block/blk.h"
#include "trace.h"
#include "trace_blktrace.h"

/* act_mask's names, bit by bit from BLK_TC_READ. */
static const char *const blk_tc_names[] = {
	"read", "write", "flush", "sync", "queue", "requeue", "issue",
	"complete", "fs", "pc", "notify", "ahead", "meta", "discard",
	"drv_data", "fua",
};

static int blk_mask_show(char *buf, u16 mask)
{
	int i, len = 0;

	for (i = 0; i < ARRAY_SIZE(blk_tc_names); i++) {
		if (!(mask & BIT(i)))
			continue;
		len += sysfs_emit_at(buf, len, "%s%s", len ? "," : "",
				     blk_tc_names[i]);
	}
	return len + sysfs_emit_at(buf, len, "\n");
}

/*
 * A mask from names: "read,write,issue"; -EINVAL for an unknown one. An
 * empty name is none: the empty line blk_mask_show() makes of 0 reads
 * back as 0.
 */
static int blk_mask_parse(const char *val, u64 *mask)
{
	char *copy, *p, *word;
	int i, ret = 0;

	copy = kstrdup(val, GFP_KERNEL);
	if (!copy)
		return -ENOMEM;
	p = strim(copy);
	*mask = 0;
	while ((word = strsep(&p, ",")) != NULL) {
		word = strim(word);
		if (!*word)
			continue;
		for (i = 0; i < ARRAY_SIZE(blk_tc_names); i++)
			if (!strcasecmp(word, blk_tc_names[i]))
				break;
		if (i == ARRAY_SIZE(blk_tc_names)) {
			ret = -EINVAL;
			break;
		}
		*mask |= BIT(i);
	}
	kfree(copy);
	return ret;
}

static struct blk_trace *blk_sysfs_bt(struct request_queue *q)
{
	return rcu_dereference_protected(q->blk_trace,
					 lockdep_is_held(&q->debugfs_mutex));
}

static ssize_t blk_attr_show(struct device *dev, struct device_attribute *a,
			     char *buf)
{
	struct block_device *bdev = dev_to_bdev(dev);
	struct request_queue *q = bdev_get_queue(bdev);
	struct blk_trace *bt;

	guard(mutex)(&q->debugfs_mutex);
	bt = blk_sysfs_bt(q);
	if (!strcmp(a->attr.name, "enable"))
		return sysfs_emit(buf, "%u\n", !!bt);
	if (!bt)
		return sysfs_emit(buf, "disabled\n");
	if (!strcmp(a->attr.name, "act_mask"))
		return blk_mask_show(buf, bt->act_mask);
	if (!strcmp(a->attr.name, "pid"))
		return sysfs_emit(buf, "%u\n", bt->pid);
	if (!strcmp(a->attr.name, "start_lba"))
		return sysfs_emit(buf, "%llu\n", bt->start_lba);
	return sysfs_emit(buf, "%llu\n", bt->end_lba);
}

/* Whether @v is a value the file @name takes. */
static bool blk_attr_valid(const char *name, u64 v)
{
	if (!strcmp(name, "act_mask"))
		return v <= U16_MAX;
	if (!strcmp(name, "pid"))
		return v <= PID_MAX_LIMIT;
	return true;
}

/* A filter's new value (blk_attr_valid()) into a queue's tracing. */
static void blk_attr_set(struct blk_trace *bt, const char *name, u64 v)
{
	if (!strcmp(name, "act_mask"))
		WRITE_ONCE(bt->act_mask, v);
	else if (!strcmp(name, "pid"))
		WRITE_ONCE(bt->pid, v);
	else if (!strcmp(name, "start_lba"))
		WRITE_ONCE(bt->start_lba, v);
	else
		WRITE_ONCE(bt->end_lba, v);
}

static ssize_t blk_attr_store(struct device *dev, struct device_attribute *a,
			      const char *buf, size_t count)
{
	struct block_device *bdev = dev_to_bdev(dev);
	struct request_queue *q = bdev_get_queue(bdev);
	const char *name = a->attr.name;
	struct blk_trace *bt;
	u64 v;
	int ret;

	ret = kstrtou64(buf, 0, &v);
	if (ret && !strcmp(name, "act_mask"))
		ret = blk_mask_parse(buf, &v);
	if (ret)
		return ret;
	/* Refused before the tracing is set up: a refusal changes nothing. */
	if (!blk_attr_valid(name, v))
		return -EINVAL;

	guard(mutex)(&q->debugfs_mutex);
	bt = blk_sysfs_bt(q);
	if (!strcmp(name, "enable")) {
		/* Any number but 0 enables, as it always has. */
		if (!!v == !!bt)
			return count;
		if (v)
			ret = PTR_ERR_OR_ZERO(blkt_setup_sysfs(q, bdev));
		else
			ret = blkt_remove_locked(q);
		return ret ?: count;
	}
	if (!bt) {
		bt = blkt_setup_sysfs(q, bdev);
		if (IS_ERR(bt))
			return PTR_ERR(bt);
	}
	blk_attr_set(bt, name, v);
	return count;
}

#define BLK_ATTR(n)	__ATTR(n, 0644, blk_attr_show, blk_attr_store)

/* The files of trace/, named as blktrace's sysfs has always had them. */
static struct device_attribute blk_dev_attrs[] = {
	BLK_ATTR(enable), BLK_ATTR(act_mask), BLK_ATTR(pid),
	BLK_ATTR(start_lba), BLK_ATTR(end_lba),
};

static struct attribute *blk_attr_list[ARRAY_SIZE(blk_dev_attrs) + 1] = {
	&blk_dev_attrs[0].attr, &blk_dev_attrs[1].attr, &blk_dev_attrs[2].attr,
	&blk_dev_attrs[3].attr, &blk_dev_attrs[4].attr,
};

/* What the block layer adds to each disk and partition: trace/. */
struct attribute_group blk_trace_attr_group = {
	.attrs = blk_attr_list,
	.name = "trace",
};
