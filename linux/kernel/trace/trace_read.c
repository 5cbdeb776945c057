// SPDX-License-Identifier: GPL-2.0
/*
 * Reading the buffer out as text: the trace file (an iterator that does
 * not consume) and trace_pipe (a consuming reader that blocks).
 */
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/poll.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include "trace.h"

/* trace: the non-consuming iterator */

/**
 * struct trace_iter - state of one open of the trace file
 * @first:	oldest sequence number when reading started
 * @end:	one past the newest sequence number when reading started
 * @seq:	sequence number of the record at the current position
 * @rec:	the record being shown
 */
struct trace_iter {
	u64 first;
	u64 end;
	u64 seq;
	struct sbuf_rec rec;
};

static void *trace_iter_at(struct trace_iter *it, loff_t pos)
{
	/* Position 0 is the header; record i is at position i + 1. */
	if (!pos)
		return SEQ_START_TOKEN;
	it->seq = it->first + pos - 1;
	return it->seq < it->end ? it : NULL;
}

static void *trace_iter_start(struct seq_file *m, loff_t *pos)
{
	struct trace_iter *it = m->private;

	if (!*pos)
		sbuf_window(&it->first, &it->end);
	return trace_iter_at(it, *pos);
}

static void *trace_iter_next(struct seq_file *m, void *v, loff_t *pos)
{
	++*pos;
	return trace_iter_at(m->private, *pos);
}

static void trace_iter_stop(struct seq_file *m, void *v)
{
}

static void trace_print_header(struct seq_file *m)
{
	seq_printf(m, "# tracer: %s\n#\n", trace_current_tracer_name());
	seq_printf(m, "# entries-in-buffer/entries-written: %llu/%llu   #P:%u\n#\n",
		   sbuf_entries(), sbuf_written(), num_online_cpus());
	seq_puts(m,
		 "#                                _-----=> irqs-off/BH-disabled\n"
		 "#                               / _----=> need-resched\n"
		 "#                              | / _---=> hardirq/softirq\n"
		 "#                              || / _--=> preempt-depth\n"
		 "#                              ||| / _-=> migrate-disable\n"
		 "#                              |||| /     delay\n"
		 "#           TASK-PID     CPU#  |||||  TIMESTAMP  FUNCTION\n"
		 "#              | |         |   |||||     |         |\n");
}

static int trace_iter_show(struct seq_file *m, void *v)
{
	struct trace_iter *it = m->private;

	if (v == SEQ_START_TOKEN) {
		trace_print_header(m);
		return 0;
	}
	/* Consumed or overwritten since reading started: nothing to show. */
	if (!sbuf_read_at(it->seq, &it->rec))
		return SEQ_SKIP;
	sbuf_print_line(m, &it->rec);
	return 0;
}

static const struct seq_operations trace_iter_seq_ops = {
	.start	= trace_iter_start,
	.next	= trace_iter_next,
	.stop	= trace_iter_stop,
	.show	= trace_iter_show,
};

static int trace_open(struct inode *inode, struct file *file)
{
	if ((file->f_mode & FMODE_WRITE) && (file->f_flags & O_TRUNC))
		sbuf_reset();
	if (!(file->f_mode & FMODE_READ))
		return 0;
	if (!__seq_open_private(file, &trace_iter_seq_ops,
				sizeof(struct trace_iter)))
		return -ENOMEM;
	return 0;
}

static int trace_release(struct inode *inode, struct file *file)
{
	if (!(file->f_mode & FMODE_READ))
		return 0;
	return seq_release_private(inode, file);
}

/* Writing anything to trace is accepted; only O_TRUNC clears it. */
static ssize_t trace_write(struct file *file, const char __user *ubuf,
			   size_t cnt, loff_t *ppos)
{
	*ppos += cnt;
	return cnt;
}

static loff_t trace_llseek(struct file *file, loff_t offset, int whence)
{
	if (file->f_mode & FMODE_READ)
		return seq_lseek(file, offset, whence);
	file->f_pos = 0;
	return 0;
}

const struct file_operations trace_fops = {
	.open		= trace_open,
	.read		= seq_read,
	.write		= trace_write,
	.llseek		= trace_llseek,
	.release	= trace_release,
};

/* trace_pipe: the consuming reader */

/**
 * struct trace_pipe - state of one open of trace_pipe
 * @lock:	serialises readers of this file; protects every field below
 * @rec:	the record being formatted
 * @line:	its text
 * @len:	bytes in @line
 * @off:	bytes of @line already returned
 */
struct trace_pipe {
	struct mutex lock;	/* serialises readers of this open file */
	struct sbuf_rec rec;
	char line[SBUF_TEXT_MAX + 128];
	size_t len;
	size_t off;
};

static int trace_pipe_open(struct inode *inode, struct file *file)
{
	struct trace_pipe *tp = kzalloc(sizeof(*tp), GFP_KERNEL);

	if (!tp)
		return -ENOMEM;
	mutex_init(&tp->lock);
	file->private_data = tp;
	return nonseekable_open(inode, file);
}

static int trace_pipe_release(struct inode *inode, struct file *file)
{
	struct trace_pipe *tp = file->private_data;

	mutex_destroy(&tp->lock);
	kfree(tp);
	return 0;
}

/* Format the next record into tp->line; false when there is none. */
static bool trace_pipe_fill(struct trace_pipe *tp)
{
	struct seq_file m = { .buf = tp->line, .size = sizeof(tp->line) };

	lockdep_assert_held(&tp->lock);
	if (!sbuf_consume(&tp->rec))
		return false;
	sbuf_print_line(&m, &tp->rec);
	tp->len = m.count;
	tp->off = 0;
	return true;
}

static ssize_t trace_pipe_read(struct file *file, char __user *ubuf,
			       size_t cnt, loff_t *ppos)
{
	struct trace_pipe *tp = file->private_data;
	bool nonblock = file->f_flags & O_NONBLOCK;
	size_t done = 0, n;
	int ret;

	guard(mutex)(&tp->lock);
	while (done < cnt) {
		if (tp->off == tp->len && !trace_pipe_fill(tp)) {
			if (done)
				break;
			ret = sbuf_wait(nonblock);
			if (ret)
				return ret;
			continue;
		}
		n = min(cnt - done, tp->len - tp->off);
		if (copy_to_user(ubuf + done, tp->line + tp->off, n))
			return done ? done : -EFAULT;
		tp->off += n;
		done += n;
	}
	return done;
}

static __poll_t trace_pipe_poll(struct file *file, struct poll_table_struct *pt)
{
	return sbuf_poll(file, pt);
}

const struct file_operations trace_pipe_fops = {
	.open		= trace_pipe_open,
	.read		= trace_pipe_read,
	.poll		= trace_pipe_poll,
	.release	= trace_pipe_release,
};
