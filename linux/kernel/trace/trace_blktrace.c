// SPDX-License-Identifier: GPL-2.0
/*
 * Setting a queue's block I/O tracing up and down: the BLKTRACESETUP,
 * BLKTRACESTART, BLKTRACESTOP and BLKTRACETEARDOWN ioctls of a block
 * device (and of sg, through blk_trace_setup() and friends), and the
 * files blktrace reads in debugfs block/<name>/.
 *
 * A queue has at most one struct blk_trace (q->blk_trace, RCU for the
 * probes, written under q->debugfs_mutex): set up (-EBUSY for another),
 * then running or stopped in turn, then torn down, or removed with its
 * disk. Setup on a partition traces the partition's sectors of its disk,
 * in a directory of the partition's name; on a whole disk, in the disk's
 * own block/<disk>/. There the relay channel's per-CPU trace<cpu> files
 * hold the records, dropped counts those lost to full buffers, and a
 * write to msg becomes a message note.
 */
#include <linux/blkdev.h>
#include <linux/compat.h>
#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/mm.h>
#include <linux/percpu.h>
#include <linux/rcupdate.h>
#include <linux/relay.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "../../block/blk.h"
#include "trace.h"
#include "trace_blktrace.h"

/* The least sub-buffer: a record with the longest message fits. */
#define BLKT_MIN_SUBBUF	(sizeof(struct blk_io_trace) + sizeof(u64) + \
			 BLK_TN_MAX_MSG)

/*
 * The relay's switch to a sub-buffer: with none free the record is lost,
 * and counted in the queue's dropped.
 */
static int blkt_subbuf_start(struct rchan_buf *buf, void *subbuf,
			     void *prev_subbuf, size_t prev_padding)
{
	struct blk_trace *owner = buf->chan->private_data;
	bool room = !relay_buf_full(buf);

	if (unlikely(!room))
		atomic_inc(&owner->dropped);
	return room;
}

static struct dentry *blkt_create_buf_file(const char *filename,
					   struct dentry *parent, umode_t mode,
					   struct rchan_buf *buf,
					   int *is_global)
{
	return debugfs_create_file(filename, mode, parent, buf,
				   &relay_file_operations);
}

static int blkt_remove_buf_file(struct dentry *dentry)
{
	debugfs_remove(dentry);
	return 0;
}

static const struct rchan_callbacks blkt_relay_cb = {
	.subbuf_start = blkt_subbuf_start,
	.create_buf_file = blkt_create_buf_file,
	.remove_buf_file = blkt_remove_buf_file,
};

static ssize_t blkt_dropped_read(struct file *file, char __user *ubuf,
				 size_t count, loff_t *ppos)
{
	struct blk_trace *bt = file->private_data;
	char text[16];
	int len;

	len = scnprintf(text, sizeof(text), "%u\n",
			atomic_read(&bt->dropped));
	return simple_read_from_buffer(ubuf, count, ppos, text, len);
}

static const struct file_operations blkt_dropped_fops = {
	.owner = THIS_MODULE,
	.open = simple_open,
	.read = blkt_dropped_read,
	.llseek = default_llseek,
};

static ssize_t blkt_msg_write(struct file *file, const char __user *ubuf,
			      size_t count, loff_t *ppos)
{
	struct blk_trace *bt = file->private_data;
	char *msg;

	if (count >= BLK_TN_MAX_MSG)
		return -EINVAL;
	msg = memdup_user_nul(ubuf, count);
	if (IS_ERR(msg))
		return PTR_ERR(msg);
	__blk_trace_note_message(bt, NULL, "%s", msg);
	kfree(msg);
	return count;
}

static const struct file_operations blkt_msg_fops = {
	.owner = THIS_MODULE,
	.open = simple_open,
	.write = blkt_msg_write,
	.llseek = noop_llseek,
};

static struct blk_trace *blkt_get(struct request_queue *q)
{
	return rcu_dereference_protected(q->blk_trace,
					 lockdep_is_held(&q->debugfs_mutex));
}

/* Free a queue's tracing, no longer reachable from the probes. */
static void blkt_free(struct request_queue *q, struct blk_trace *bt)
{
	if (bt->rchan)
		relay_close(bt->rchan);
	debugfs_remove_recursive(bt->dir);
	if (!bt->dir && bt->rchan && q->debugfs_dir) {
		debugfs_lookup_and_remove("dropped", q->debugfs_dir);
		debugfs_lookup_and_remove("msg", q->debugfs_dir);
	}
	free_percpu(bt->sequence);
	free_percpu(bt->msg_data);
	kfree(bt);
}

/* A new tracing, not yet set on its queue. */
static struct blk_trace *blkt_alloc(dev_t dev)
{
	struct blk_trace *bt = kzalloc(sizeof(*bt), GFP_KERNEL);

	if (!bt)
		return NULL;
	bt->sequence = alloc_percpu(unsigned long);
	bt->msg_data = __alloc_percpu(BLK_TN_MAX_MSG, __alignof__(char));
	if (!bt->sequence || !bt->msg_data) {
		free_percpu(bt->sequence);
		free_percpu(bt->msg_data);
		kfree(bt);
		return NULL;
	}
	bt->dev = dev;
	bt->act_mask = (u16)-1;
	bt->end_lba = -1ULL;
	atomic_set(&bt->dropped, 0);
	INIT_LIST_HEAD(&bt->running_list);
	return bt;
}

/*
 * The LBA range: the device's sectors on its disk (a partition's, or the
 * whole disk's), or all without a device (sg); then @start and @end
 * where they are not 0.
 */
static void blkt_set_range(struct blk_trace *bt, struct block_device *bdev,
			   u64 start, u64 end)
{
	bt->start_lba = 0;
	bt->end_lba = -1ULL;
	if (bdev) {
		bt->start_lba = bdev->bd_start_sect;
		bt->end_lba = bdev->bd_start_sect + bdev_nr_sectors(bdev);
	}
	if (start)
		bt->start_lba = start;
	if (end)
		bt->end_lba = end;
}

/* Hook the block layer and make the tracing visible to the probes. */
static int blkt_publish(struct request_queue *q, struct blk_trace *bt)
{
	int ret = blkt_probes_get();

	if (ret)
		return ret;
	rcu_assign_pointer(q->blk_trace, bt);
	return 0;
}

/* Whether a channel of @size x @nr per CPU is one to make. */
static bool blkt_sizes_ok(u32 size, u32 nr)
{
	u64 room = ((u64)totalram_pages() << PAGE_SHIFT) / 8 /
		   num_possible_cpus();

	return size >= BLKT_MIN_SUBBUF && nr && (u64)size * nr <= room;
}

/* BLKTRACESETUP under q->debugfs_mutex: @buts's name is filled in. */
static int blkt_setup(struct request_queue *q, const char *name, dev_t dev,
		      struct block_device *bdev,
		      struct blk_user_trace_setup *buts)
{
	struct dentry *dir;
	struct blk_trace *bt;
	int ret;

	lockdep_assert_held(&q->debugfs_mutex);
	if (!blkt_sizes_ok(buts->buf_size, buts->buf_nr))
		return -EINVAL;
	if (blkt_get(q))
		return -EBUSY;
	strscpy_pad(buts->name, name, BLKTRACE_BDEV_SIZE);
	strreplace(buts->name, '/', '_');

	bt = blkt_alloc(dev);
	if (!bt)
		return -ENOMEM;
	if (bdev && !bdev_is_partition(bdev)) {
		dir = q->debugfs_dir;
	} else {
		dir = debugfs_create_dir(buts->name, blk_debugfs_root);
		bt->dir = IS_ERR(dir) ? NULL : dir;
	}
	ret = -ENOENT;
	if (IS_ERR_OR_NULL(dir))
		goto fail;
	debugfs_create_file("dropped", 0444, dir, bt, &blkt_dropped_fops);
	debugfs_create_file("msg", 0200, dir, bt, &blkt_msg_fops);
	ret = -ENOMEM;
	bt->rchan = relay_open("trace", dir, buts->buf_size, buts->buf_nr,
			       &blkt_relay_cb, bt);
	if (!bt->rchan)
		goto fail;
	if (buts->act_mask)
		bt->act_mask = buts->act_mask;
	blkt_set_range(bt, bdev, buts->start_lba, buts->end_lba);
	bt->pid = buts->pid;
	bt->trace_state = BLKT_SETUP;
	ret = blkt_publish(q, bt);
	if (!ret)
		return 0;
fail:
	blkt_free(q, bt);
	return ret;
}

/* BLKTRACESETUP with the user's structure at @arg. */
static int blkt_setup_user(struct request_queue *q, const char *name,
			   dev_t dev, struct block_device *bdev,
			   char __user *arg)
{
	struct blk_user_trace_setup buts;
	int ret;

	if (copy_from_user(&buts, arg, sizeof(buts)))
		return -EFAULT;
	ret = blkt_setup(q, name, dev, bdev, &buts);
	if (ret)
		return ret;
	if (copy_to_user(arg, &buts, sizeof(buts))) {
		blkt_remove_locked(q);
		return -EFAULT;
	}
	return 0;
}

/* BLKTRACESETUP32: the same with the 32-bit layout. */
static int blkt_setup_compat(struct request_queue *q, const char *name,
			     dev_t dev, struct block_device *bdev,
			     char __user *arg)
{
	struct blkt_compat_setup cbuts;
	struct blk_user_trace_setup buts = {};
	int ret;

	if (copy_from_user(&cbuts, arg, sizeof(cbuts)))
		return -EFAULT;
	buts.act_mask = cbuts.act_mask;
	buts.buf_size = cbuts.buf_size;
	buts.buf_nr = cbuts.buf_nr;
	buts.start_lba = cbuts.start_lba;
	buts.end_lba = cbuts.end_lba;
	buts.pid = cbuts.pid;
	ret = blkt_setup(q, name, dev, bdev, &buts);
	if (ret)
		return ret;
	if (copy_to_user(arg, &buts.name, sizeof(buts.name))) {
		blkt_remove_locked(q);
		return -EFAULT;
	}
	return 0;
}

/* BLKTRACESTART and BLKTRACESTOP under q->debugfs_mutex. */
static int blkt_startstop(struct request_queue *q, bool start)
{
	struct blk_trace *bt = blkt_get(q);

	if (!bt)
		return -EINVAL;
	if (start) {
		if (bt->trace_state == BLKT_RUNNING)
			return -EINVAL;
		/* Every task names itself again in the new trace. */
		WRITE_ONCE(blktrace_seq, blktrace_seq + 1);
		WRITE_ONCE(bt->trace_state, BLKT_RUNNING);
		blkt_note_time(bt);
		return 0;
	}
	if (bt->trace_state != BLKT_RUNNING)
		return -EINVAL;
	WRITE_ONCE(bt->trace_state, BLKT_STOPPED);
	/*
	 * The last partial sub-buffers to the readers, once no writer (all
	 * run with interrupts off) is inside one.
	 */
	if (bt->rchan) {
		synchronize_rcu();
		relay_flush(bt->rchan);
	}
	return 0;
}

/**
 * blkt_remove_locked() - tear a queue's tracing down
 * @q:		the queue
 *
 * Stops it if it runs; returns once no probe uses it.
 *
 * Context: under q->debugfs_mutex.
 *
 * Return: 0, or -EINVAL when the queue is not traced.
 */
int blkt_remove_locked(struct request_queue *q)
{
	struct blk_trace *bt = blkt_get(q);

	if (!bt)
		return -EINVAL;
	if (bt->trace_state == BLKT_RUNNING)
		blkt_startstop(q, false);
	RCU_INIT_POINTER(q->blk_trace, NULL);
	/* The probes run with preemption or interrupts off. */
	synchronize_rcu();
	blkt_probes_put();
	blkt_free(q, bt);
	return 0;
}

/**
 * blkt_setup_sysfs() - trace a queue for the blk tracer
 * @q:		the queue
 * @bdev:	the device whose trace/enable was written
 *
 * No relay channel: records go to the arrays that run the blk tracer.
 *
 * Context: under q->debugfs_mutex.
 *
 * Return: the tracing, running, or an ERR_PTR().
 */
struct blk_trace *blkt_setup_sysfs(struct request_queue *q,
				   struct block_device *bdev)
{
	struct blk_trace *bt;
	int ret;

	lockdep_assert_held(&q->debugfs_mutex);
	if (blkt_get(q))
		return ERR_PTR(-EBUSY);
	bt = blkt_alloc(bdev->bd_dev);
	if (!bt)
		return ERR_PTR(-ENOMEM);
	blkt_set_range(bt, bdev, 0, 0);
	bt->trace_state = BLKT_RUNNING;
	ret = blkt_publish(q, bt);
	if (ret) {
		blkt_free(q, bt);
		return ERR_PTR(ret);
	}
	return bt;
}

/**
 * blk_trace_setup() - BLKTRACESETUP for a queue
 * @q:		the queue
 * @name:	the name of its directory in debugfs block/
 * @dev:	the device its records name
 * @bdev:	the block device, or NULL (sg)
 * @arg:	the user's struct blk_user_trace_setup, its name filled in
 *
 * Return: 0, -EBUSY when the queue is traced, -EINVAL for bad sizes,
 * -EFAULT, -ENOENT without debugfs, -ENOMEM.
 */
int blk_trace_setup(struct request_queue *q, char *name, dev_t dev,
		    struct block_device *bdev, char __user *arg)
{
	guard(mutex)(&q->debugfs_mutex);
	return blkt_setup_user(q, name, dev, bdev, arg);
}
EXPORT_SYMBOL_GPL(blk_trace_setup);

/**
 * blk_trace_startstop() - BLKTRACESTART or BLKTRACESTOP for a queue
 * @q:		the queue
 * @start:	start (1) or stop (0)
 *
 * Return: 0, or -EINVAL when the queue is not traced or already in that
 * state.
 */
int blk_trace_startstop(struct request_queue *q, int start)
{
	guard(mutex)(&q->debugfs_mutex);
	return blkt_startstop(q, start);
}
EXPORT_SYMBOL_GPL(blk_trace_startstop);

/**
 * blk_trace_remove() - BLKTRACETEARDOWN for a queue
 * @q:		the queue
 *
 * Return: 0, or -EINVAL when the queue is not traced.
 */
int blk_trace_remove(struct request_queue *q)
{
	guard(mutex)(&q->debugfs_mutex);
	return blkt_remove_locked(q);
}
EXPORT_SYMBOL_GPL(blk_trace_remove);

/**
 * blk_trace_shutdown() - a queue goes away: its tracing with it
 * @q:		the queue
 *
 * Context: under q->debugfs_mutex.
 */
void blk_trace_shutdown(struct request_queue *q)
{
	lockdep_assert_held(&q->debugfs_mutex);
	if (blkt_get(q))
		blkt_remove_locked(q);
}

/**
 * blk_trace_ioctl() - the BLKTRACE ioctls of a block device
 * @bdev:	the device
 * @cmd:	BLKTRACESETUP (or BLKTRACESETUP32), BLKTRACESTART,
 *		BLKTRACESTOP or BLKTRACETEARDOWN
 * @arg:	the setup's structure
 *
 * Return: 0, an error of the command, or -ENOTTY for another.
 */
int blk_trace_ioctl(struct block_device *bdev, unsigned int cmd,
		    char __user *arg)
{
	struct request_queue *q = bdev_get_queue(bdev);
	char name[BDEVNAME_SIZE];

	guard(mutex)(&q->debugfs_mutex);
	snprintf(name, sizeof(name), "%pg", bdev);
	if (IS_ENABLED(CONFIG_COMPAT) && cmd == BLKT_SETUP32)
		return blkt_setup_compat(q, name, bdev->bd_dev, bdev, arg);
	switch (cmd) {
	case BLKTRACESETUP:
		return blkt_setup_user(q, name, bdev->bd_dev, bdev, arg);
	case BLKTRACESTART:
		return blkt_startstop(q, true);
	case BLKTRACESTOP:
		return blkt_startstop(q, false);
	case BLKTRACETEARDOWN:
		return blkt_remove_locked(q);
	default:
		return -ENOTTY;
	}
}
