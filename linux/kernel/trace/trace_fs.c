// SPDX-License-Identifier: GPL-2.0
/*
 * The tracefs control files, created from one table.
 *
 * Most files are attributes: a show() that prints the whole file and a
 * store() that takes one write. Their file operations are shared: a write
 * is copied, its surrounding whitespace stripped, and handed to store() as
 * one string; store() validates it in full before changing anything, and a
 * success consumes the whole count. Files that stream (trace, trace_pipe,
 * trace_marker) bring their own operations.
 */
#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/fs_context.h>
#include <linux/kernel.h>
#include <linux/mount.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/tracefs.h>
#include <linux/uaccess.h>

#include "trace.h"

/* Longest write an attribute takes, terminating NUL included. */
#define TRACE_ATTR_MAX	128

/**
 * struct trace_fs_file - one entry of the tracefs file table
 * @dir:	index into trace_fs_dirs of the directory holding the file
 * @name:	file name
 * @mode:	its permissions
 * @show:	prints the file (attributes); NULL when write-only
 * @store:	takes one stripped write (attributes); NULL when read-only.
 *		Returns 0 or a negative errno, and changes nothing on error.
 * @fops:	the file's own operations, for files that are not attributes
 */
struct trace_fs_file {
	unsigned int dir;
	const char *name;
	umode_t mode;
	int (*show)(struct seq_file *m);
	int (*store)(const char *val);
	const struct file_operations *fops;
};

/* Attribute files: shared operations driven by the table entry. */

static int trace_attr_show(struct seq_file *m, void *unused)
{
	const struct trace_fs_file *f = m->private;

	return f->show ? f->show(m) : 0;
}

static int trace_attr_open(struct inode *inode, struct file *file)
{
	return single_open(file, trace_attr_show, inode->i_private);
}

static ssize_t trace_attr_write(struct file *file, const char __user *ubuf,
				size_t cnt, loff_t *ppos)
{
	const struct trace_fs_file *f = file_inode(file)->i_private;
	char buf[TRACE_ATTR_MAX];
	int ret;

	if (!f->store)
		return -EPERM;
	if (cnt >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, cnt))
		return -EFAULT;
	buf[cnt] = '\0';
	ret = f->store(strim(buf));
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations trace_attr_fops = {
	.open		= trace_attr_open,
	.read		= seq_read,
	.write		= trace_attr_write,
	.llseek		= seq_lseek,
	.release	= single_release,
};

/* The attributes. */

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
	"  events/enable     - 1 or 0 enables or disables every trace event\n"
	"  trace_clock       - the clock of the time stamps; the current one is\n"
	"                      in brackets. Switching clears the buffer.\n"
	"                      local: per-CPU, fastest; global: monotonic across\n"
	"                      CPUs; counter: an event count; uptime: jiffies;\n"
	"                      perf: as perf; mono, mono_raw, boot, tai: those\n"
	"                      kernel clocks; x86-tsc: the TSC\n"
	"\n"
	"Examples:\n"
	"  echo 0 > tracing_on           # stop recording\n"
	"  echo hello > trace_marker     # leave a mark in the trace\n"
	"  cat trace                     # read without consuming\n";

static int readme_show(struct seq_file *m)
{
	seq_puts(m, trace_readme);
	return 0;
}

static int tracers_show(struct seq_file *m)
{
	trace_show_tracers(m);
	return 0;
}

static int current_tracer_show(struct seq_file *m)
{
	seq_printf(m, "%s\n", trace_current_tracer_name());
	return 0;
}

static int current_tracer_store(const char *val)
{
	return *val ? trace_set_tracer(val) : -EINVAL;
}

static int tracing_on_show(struct seq_file *m)
{
	seq_printf(m, "%d\n", tracing_is_on());
	return 0;
}

static int tracing_on_store(const char *val)
{
	unsigned long on;
	int ret = kstrtoul(val, 10, &on);

	if (ret)
		return ret;
	if (on)
		tracing_on();
	else
		tracing_off();
	return 0;
}

static int trace_clock_attr_show(struct seq_file *m)
{
	trace_clock_show(m);
	return 0;
}

/*
 * events/enable enables or disables every trace event. There are no trace
 * events yet: every event is disabled, and 0 and 1 are both no-ops.
 */
static int events_enable_show(struct seq_file *m)
{
	seq_puts(m, "0\n");
	return 0;
}

static int events_enable_store(const char *val)
{
	bool on;

	/* Only the digits: kstrtobool() would also take y/n/on/off. */
	if (strcmp(val, "0") && strcmp(val, "1"))
		return -EINVAL;
	return kstrtobool(val, &on);
}

/* trace_marker */

static ssize_t trace_marker_write(struct file *file, const char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	size_t len = min_t(size_t, cnt, SBUF_TEXT_MAX - 2);
	char *text;
	int ret;

	/*
	 * A write longer than one record is cut at the record size and the
	 * short count returned: the writer goes on with the rest, which
	 * lands in the next record.
	 */
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

/* Directories, each created before any file in it; 0 is the top. */
enum { TRACE_DIR_TOP, TRACE_DIR_EVENTS, TRACE_NR_DIRS };

static const char *const trace_fs_dirs[TRACE_NR_DIRS] = {
	[TRACE_DIR_EVENTS] = "events",
};

#define ATTR(d, n, m, sh, st) \
	{ .dir = d, .name = n, .mode = m, .show = sh, .store = st }
#define STREAM(d, n, m, f) \
	{ .dir = d, .name = n, .mode = m, .fops = f }

static const struct trace_fs_file trace_fs_files[] = {
	ATTR(TRACE_DIR_TOP, "README", 0444, readme_show, NULL),
	ATTR(TRACE_DIR_TOP, "available_tracers", 0444, tracers_show, NULL),
	ATTR(TRACE_DIR_TOP, "current_tracer", 0644, current_tracer_show,
	     current_tracer_store),
	ATTR(TRACE_DIR_TOP, "tracing_on", 0644, tracing_on_show,
	     tracing_on_store),
	ATTR(TRACE_DIR_TOP, "trace_clock", 0644, trace_clock_attr_show,
	     trace_clock_set),
	STREAM(TRACE_DIR_TOP, "trace", 0644, &trace_fops),
	STREAM(TRACE_DIR_TOP, "trace_pipe", 0444, &trace_pipe_fops),
	STREAM(TRACE_DIR_TOP, "trace_marker", 0220, &trace_marker_fops),
	ATTR(TRACE_DIR_EVENTS, "enable", 0644, events_enable_show,
	     events_enable_store),
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
		if (!tracefs_create_file(f->name, f->mode, dirs[f->dir], (void *)f,
					 f->fops ?: &trace_attr_fops)) {
			pr_warn("tracing: cannot create %s\n", f->name);
			return -ENOMEM;
		}
	}
	debugfs_create_automount("tracing", NULL, trace_debugfs_automount, NULL);
	return 0;
}
