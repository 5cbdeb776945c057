// SPDX-License-Identifier: GPL-2.0
/*
 * The tracefs control files, created from one table.
 *
 * Every write handler follows the same rules: trailing whitespace is
 * ignored, bad input returns an errno and changes nothing, and a good
 * write consumes the whole count.
 */
#include <linux/ctype.h>
#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/fs_context.h>
#include <linux/kernel.h>
#include <linux/mount.h>
#include <linux/mutex.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/tracefs.h>
#include <linux/uaccess.h>

#include "trace.h"

/* Longest name accepted by current_tracer. */
#define TRACE_NAME_MAX	64

/*
 * trace_fs_get_word() - copy a short user write and strip its whitespace
 *
 * Return: the length of the word (possibly 0), -EINVAL when the write does
 * not fit in @size - 1 bytes, or -EFAULT.
 */
static ssize_t trace_fs_get_word(const char __user *ubuf, size_t cnt,
				 char *buf, size_t size)
{
	char *word;

	if (cnt >= size)
		return -EINVAL;
	if (copy_from_user(buf, ubuf, cnt))
		return -EFAULT;
	buf[cnt] = '\0';
	word = strim(buf);
	memmove(buf, word, strlen(word) + 1);
	return strlen(buf);
}

/* README */

static const char trace_readme[] =
	"Tracing mini-HOWTO\n"
	"\n"
	"Files in this directory (usually /sys/kernel/tracing):\n"
	"\n"
	"  README            - this text\n"
	"  tracing_on        - 1 to record into the buffer, 0 to stop; the\n"
	"                      buffer keeps what it holds either way\n"
	"  trace             - what the buffer holds, in text, not consumed\n"
	"                      Clear it with: echo > trace\n"
	"  trace_pipe        - a consuming read of the buffer; blocks when\n"
	"                      empty (EAGAIN with O_NONBLOCK)\n"
	"  trace_marker      - a line written here is recorded in the buffer\n"
	"  available_tracers - the tracers built into this kernel\n"
	"  current_tracer    - the tracer that feeds the buffer; write a name\n"
	"                      from available_tracers to switch\n"
	"\n"
	"Examples:\n"
	"  echo 0 > tracing_on           # stop recording\n"
	"  echo hello > trace_marker     # leave a mark in the trace\n"
	"  cat trace                     # read without consuming\n";

static int trace_readme_show(struct seq_file *m, void *v)
{
	seq_puts(m, trace_readme);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(trace_readme);

/* available_tracers, current_tracer */

static int trace_avail_show(struct seq_file *m, void *v)
{
	trace_show_tracers(m);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(trace_avail);

static int trace_current_show(struct seq_file *m, void *v)
{
	seq_printf(m, "%s\n", trace_current_tracer_name());
	return 0;
}

static int trace_current_open(struct inode *inode, struct file *file)
{
	return single_open(file, trace_current_show, NULL);
}

static ssize_t trace_current_write(struct file *file, const char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	char name[TRACE_NAME_MAX];
	ssize_t len;
	int ret;

	len = trace_fs_get_word(ubuf, cnt, name, sizeof(name));
	if (len < 0)
		return len;
	if (!len)
		return -EINVAL;
	ret = trace_set_tracer(name);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations trace_current_fops = {
	.open		= trace_current_open,
	.read		= seq_read,
	.write		= trace_current_write,
	.llseek		= seq_lseek,
	.release	= single_release,
};

/* tracing_on */

static ssize_t trace_on_read(struct file *file, char __user *ubuf,
			     size_t cnt, loff_t *ppos)
{
	char buf[4];
	int len = scnprintf(buf, sizeof(buf), "%d\n", tracing_is_on());

	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

static ssize_t trace_on_write(struct file *file, const char __user *ubuf,
			      size_t cnt, loff_t *ppos)
{
	unsigned long val;
	int ret;

	ret = kstrtoul_from_user(ubuf, cnt, 10, &val);
	if (ret)
		return ret;
	if (val)
		tracing_on();
	else
		tracing_off();
	*ppos += cnt;
	return cnt;
}

static const struct file_operations trace_on_fops = {
	.open		= simple_open,
	.read		= trace_on_read,
	.write		= trace_on_write,
	.llseek		= default_llseek,
};

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

static const struct file_operations trace_fops = {
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

static const struct file_operations trace_pipe_fops = {
	.open		= trace_pipe_open,
	.read		= trace_pipe_read,
	.poll		= trace_pipe_poll,
	.release	= trace_pipe_release,
};

/* trace_marker */

static ssize_t trace_marker_write(struct file *file, const char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	char *text;
	size_t len;
	int ret;

	/*
	 * A write longer than one record is cut at the record size and the
	 * short count returned: the writer goes on with the rest, which
	 * lands in the next record.
	 */
	len = min_t(size_t, cnt, SBUF_TEXT_MAX - 2);
	text = kmalloc(len + 2, GFP_KERNEL);
	if (!text)
		return -ENOMEM;
	if (copy_from_user(text, ubuf, len)) {
		kfree(text);
		return -EFAULT;
	}
	if (!len || text[len - 1] != '\n')
		text[len++] = '\n';
	ret = sbuf_write(0, text, len);
	kfree(text);
	if (ret == -EAGAIN)
		return -EBADF;	/* tracing is off */
	if (ret < 0)
		return ret;
	return min_t(size_t, cnt, SBUF_TEXT_MAX - 2);
}

static const struct file_operations trace_marker_fops = {
	.open		= simple_open,
	.write		= trace_marker_write,
};

/*
 * events/enable: enables or disables every trace event. There are no trace
 * events yet, so every event is disabled and 0 and 1 are both no-ops.
 */
static ssize_t trace_events_enable_read(struct file *file, char __user *ubuf,
					size_t cnt, loff_t *ppos)
{
	return simple_read_from_buffer(ubuf, cnt, ppos, "0\n", 2);
}

static ssize_t trace_events_enable_write(struct file *file,
					 const char __user *ubuf,
					 size_t cnt, loff_t *ppos)
{
	unsigned long val;
	int ret;

	ret = kstrtoul_from_user(ubuf, cnt, 10, &val);
	if (ret)
		return ret;
	if (val > 1)
		return -EINVAL;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations trace_events_enable_fops = {
	.open		= simple_open,
	.read		= trace_events_enable_read,
	.write		= trace_events_enable_write,
	.llseek		= default_llseek,
};

/**
 * struct trace_fs_file - one entry of the tracefs file table
 * @dir:	index into trace_fs_dirs of the directory holding the file
 * @name:	file name
 * @mode:	its permissions
 * @fops:	its operations
 */
struct trace_fs_file {
	unsigned int dir;
	const char *name;
	umode_t mode;
	const struct file_operations *fops;
};

/* Directories, each created before any file in it; 0 is the top. */
enum { TRACE_DIR_TOP, TRACE_DIR_EVENTS, TRACE_NR_DIRS };

static const char *const trace_fs_dirs[TRACE_NR_DIRS] = {
	[TRACE_DIR_EVENTS] = "events",
};

static const struct trace_fs_file trace_fs_files[] = {
	{ TRACE_DIR_TOP, "README",		0444, &trace_readme_fops },
	{ TRACE_DIR_TOP, "available_tracers",	0444, &trace_avail_fops },
	{ TRACE_DIR_TOP, "current_tracer",	0644, &trace_current_fops },
	{ TRACE_DIR_TOP, "tracing_on",		0644, &trace_on_fops },
	{ TRACE_DIR_TOP, "trace",		0644, &trace_fops },
	{ TRACE_DIR_TOP, "trace_pipe",		0444, &trace_pipe_fops },
	{ TRACE_DIR_TOP, "trace_marker",	0220, &trace_marker_fops },
	{ TRACE_DIR_EVENTS, "enable",		0644, &trace_events_enable_fops },
};

/*
 * /sys/kernel/debug/tracing: an automount of tracefs, for tools that still
 * look for the tracing directory under debugfs.
 */
static struct vfsmount *trace_debugfs_automount(struct dentry *mntpt,
						void *data)
{
	struct file_system_type *type = get_fs_type("tracefs");
	struct fs_context *fc;
	struct vfsmount *mnt;

	if (!type)
		return NULL;
	fc = fs_context_for_submount(type, mntpt);
	put_filesystem(type);
	if (IS_ERR(fc))
		return ERR_CAST(fc);
	mnt = fc_mount(fc);
	put_fs_context(fc);
	/* The VFS keeps one reference for the mount tree, and drops ours. */
	if (!IS_ERR(mnt))
		mntget(mnt);
	return mnt;
}

/**
 * trace_fs_init() - create the tracefs files
 *
 * Return: 0, or -ENOMEM when a file could not be created.
 */
int trace_fs_init(void)
{
	struct dentry *dirs[TRACE_NR_DIRS] = { NULL };
	const struct trace_fs_file *f;
	unsigned int i;

	for (i = 1; i < TRACE_NR_DIRS; i++) {
		dirs[i] = tracefs_create_dir(trace_fs_dirs[i], NULL);
		if (IS_ERR_OR_NULL(dirs[i])) {
			pr_warn("tracing: cannot create %s/\n", trace_fs_dirs[i]);
			return -ENOMEM;
		}
	}
	for (f = trace_fs_files; f < trace_fs_files + ARRAY_SIZE(trace_fs_files);
	     f++) {
		if (!tracefs_create_file(f->name, f->mode, dirs[f->dir], NULL,
					 f->fops)) {
			pr_warn("tracing: cannot create %s\n", f->name);
			return -ENOMEM;
		}
	}
	debugfs_create_automount("tracing", NULL, trace_debugfs_automount, NULL);
	return 0;
}
