// SPDX-License-Identifier: GPL-2.0
/*
 * The tracefs layer: the tables of files that the subsystems register
 * (trace_fs.h), created in the directories their scope names, and the
 * README assembled from the tables' parts.
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
#include <linux/mutex.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/string_helpers.h>
#include <linux/tracefs.h>
#include <linux/uaccess.h>

#include "trace_fs.h"

/* Longest write an attribute takes, terminating NUL included. */
#define TRACE_ATTR_MAX	128

/**
 * struct trace_fs_node - what a created file's inode points to
 * @f:		its table entry
 * @arg:	the argument of its show() and store(), or of its own fops
 * @tr:		the trace array of its directory
 * @dirs:	the instance it belongs to; NULL in the top array
 * @dentry:	the file
 * @list:	in the nodes of its trace array's struct trace_fs_dirs
 */
struct trace_fs_node {
	const struct trace_fs_file *f;
	long arg;
	struct trace_array *tr;
	struct trace_fs_dirs *dirs;
	struct dentry *dentry;
	struct list_head list;
};

/**
 * trace_fs_arg() - the table argument of a tracefs file
 * @inode:	the file's inode
 *
 * Return: the CPU of a per_cpu/cpuN/ file, RING_BUFFER_ALL_CPUS for the
 * top-level copy.
 */
long trace_fs_arg(struct inode *inode)
{
	const struct trace_fs_node *n = inode->i_private;

	return n->arg;
}

/**
 * trace_fs_array() - the trace array of a tracefs file
 * @inode:	the file's inode, open
 *
 * Return: the array of the directory the file is in. An open file keeps
 * its instance from being removed.
 */
struct trace_array *trace_fs_array(struct inode *inode)
{
	const struct trace_fs_node *n = inode->i_private;

	return n->tr;
}

/**
 * trace_edit_read() - read() of a file that lists when opened for
 * reading and edits when opened for writing
 * @file:	the file; a seq_file when not opened for writing
 * @ubuf:	where to copy
 * @cnt:	bytes wanted
 * @ppos:	position
 *
 * Return: as seq_read(); -EINVAL when opened for writing.
 */
ssize_t trace_edit_read(struct file *file, char __user *ubuf, size_t cnt,
			loff_t *ppos)
{
	if (file->f_mode & FMODE_WRITE)
		return -EINVAL;
	return seq_read(file, ubuf, cnt, ppos);
}

/**
 * trace_edit_llseek() - llseek() of the files trace_edit_read() reads
 * @file:	the file
 * @off:	offset
 * @whence:	from where
 *
 * Return: as seq_lseek(); -ESPIPE when opened for writing.
 */
loff_t trace_edit_llseek(struct file *file, loff_t off, int whence)
{
	if (file->f_mode & FMODE_WRITE)
		return -ESPIPE;
	return seq_lseek(file, off, whence);
}

/* Attribute files: shared operations driven by the table entry. */

static int trace_attr_show(struct seq_file *m, void *unused)
{
	const struct trace_fs_node *n = m->private;

	return n->f->show ? n->f->show(m, n->tr, n->arg) : 0;
}

static int trace_attr_open(struct inode *inode, struct file *file)
{
	return single_open(file, trace_attr_show, inode->i_private);
}

static ssize_t trace_attr_write(struct file *file, const char __user *ubuf,
				size_t cnt, loff_t *ppos)
{
	const struct trace_fs_node *n = file_inode(file)->i_private;
	char buf[TRACE_ATTR_MAX];
	int ret;

	if (!n->f->store)
		return -EPERM;
	if (cnt >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, cnt))
		return -EFAULT;
	buf[cnt] = '\0';
	ret = n->f->store(n->tr, strim(buf), n->arg);
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

/*
 * The registry: tables by README order. Registration, and the creation of
 * a table's files, under trace_fs_lock; trace_fs_top is set once the
 * directories exist, and from then on a table registered is created at
 * once, in the top array (tables register at boot, before any instance).
 */
static DEFINE_MUTEX(trace_fs_lock);
static LIST_HEAD(trace_fs_tables);
static struct trace_fs_dirs trace_fs_top;
static bool trace_fs_up;

/*
 * An instance's files count their opens in their struct trace_fs_dirs,
 * so that it is not removed under them: under trace_fs_open_lock, which
 * also orders a removal's clearing of the inodes' i_private against the
 * opens that read it.
 */
static DEFINE_SPINLOCK(trace_fs_open_lock);

/*
 * An instance's files open and release through a copy of their
 * operations that counts the opens: one per distinct file_operations,
 * made on first use and kept. Under trace_fs_lock.
 */
struct trace_fs_wrap {
	const struct file_operations *real;
	const struct file_operations *fops;
	struct list_head list;
};

static LIST_HEAD(trace_fs_wraps);

static const char trace_readme_head[] =
	"Tracing mini-HOWTO\n"
	"\n"
	"  mount -t tracefs [-o [gid=<gid>]] nodev /sys/kernel/tracing\n"
	"  (the files are root's; gid= lets a group read them and write\n"
	"  trace_marker, and change nothing else)\n"
	"\n"
	"Files in this directory (usually /sys/kernel/tracing):\n"
	"\n"
	"  README               - this text\n";

static int readme_show(struct seq_file *m, struct trace_array *tr, long unused)
{
	const struct trace_fs_table *t;

	seq_puts(m, trace_readme_head);
	guard(mutex)(&trace_fs_lock);
	list_for_each_entry(t, &trace_fs_tables, node)
		if (t->readme)
			seq_puts(m, t->readme);
	seq_puts(m, "\nExamples:\n");
	list_for_each_entry(t, &trace_fs_tables, node)
		if (t->examples)
			seq_puts(m, t->examples);
	return 0;
}

static const struct trace_fs_file trace_fs_readme =
	TRACE_FS_ATTR("README", 0440, TRACE_FS_TOP_ONLY, readme_show, NULL);

/* The operations a node's file really has. */
static const struct file_operations *trace_fs_real(const struct trace_fs_node *n)
{
	return n->f->fops ?: &trace_attr_fops;
}

/**
 * trace_fs_array_open() - count an open of a file of an instance
 * @dirs:	the instance's files
 *
 * For the files that other layers make in an instance (events/): while
 * one is open, the instance is not removed. Each success needs a
 * trace_fs_array_close().
 *
 * Return: 0, or -ENODEV when the instance is being removed.
 */
int trace_fs_array_open(struct trace_fs_dirs *dirs)
{
	guard(spinlock)(&trace_fs_open_lock);
	if (dirs->gone)
		return -ENODEV;
	dirs->opens++;
	return 0;
}

/**
 * trace_fs_array_close() - an open of trace_fs_array_open() is closed
 * @dirs:	the instance's files
 */
void trace_fs_array_close(struct trace_fs_dirs *dirs)
{
	guard(spinlock)(&trace_fs_open_lock);
	dirs->opens--;
}

static int trace_fs_inst_open(struct inode *inode, struct file *file)
{
	const struct file_operations *real;
	struct trace_fs_node *n;
	int ret = 0;

	scoped_guard(spinlock, &trace_fs_open_lock) {
		n = inode->i_private;
		if (!n || n->dirs->gone)
			return -ENODEV;
		n->dirs->opens++;
	}
	real = trace_fs_real(n);
	if (real->open)
		ret = real->open(inode, file);
	if (ret)
		trace_fs_array_close(n->dirs);
	return ret;
}

static int trace_fs_inst_release(struct inode *inode, struct file *file)
{
	struct trace_fs_node *n = inode->i_private;
	const struct file_operations *real = trace_fs_real(n);
	int ret = real->release ? real->release(inode, file) : 0;

	trace_fs_array_close(n->dirs);
	return ret;
}

/* The counting copy of @real; under trace_fs_lock. */
static const struct file_operations *
trace_fs_wrapped(const struct file_operations *real)
{
	/* Every operation the tracing files have, open and release replaced. */
	const struct file_operations ops = {
		.owner		= real->owner,
		.fop_flags	= real->fop_flags,
		.llseek		= real->llseek,
		.read		= real->read,
		.write		= real->write,
		.read_iter	= real->read_iter,
		.write_iter	= real->write_iter,
		.poll		= real->poll,
		.unlocked_ioctl	= real->unlocked_ioctl,
		.compat_ioctl	= real->compat_ioctl,
		.mmap		= real->mmap,
		.splice_read	= real->splice_read,
		.splice_write	= real->splice_write,
		.open		= trace_fs_inst_open,
		.release	= trace_fs_inst_release,
	};
	struct trace_fs_wrap *w;

	lockdep_assert_held(&trace_fs_lock);
	list_for_each_entry(w, &trace_fs_wraps, list)
		if (w->real == real)
			return w->fops;
	w = kzalloc(sizeof(*w), GFP_KERNEL);
	if (!w)
		return NULL;
	w->fops = kmemdup(&ops, sizeof(ops), GFP_KERNEL);
	if (!w->fops) {
		kfree(w);
		return NULL;
	}
	w->real = real;
	list_add(&w->list, &trace_fs_wraps);
	return w->fops;
}

/**
 * trace_fs_add() - create one file of a table
 * @dirs:	the trace array it belongs to
 * @f:		its entry
 * @name:	the name to give it (@f->name, or one of a family of files
 *		that share @f)
 * @arg:	its argument (trace_fs_arg())
 * @dir:	the directory; NULL for the tracefs root
 *
 * Context: under trace_fs_lock for an instance (populate() and the
 * creation of its tables).
 * Return: 0, or -ENOMEM.
 */
int trace_fs_add(const struct trace_fs_dirs *dirs,
		 const struct trace_fs_file *f, const char *name, long arg,
		 struct dentry *dir)
{
	struct trace_fs_node *n = kzalloc(sizeof(*n), GFP_KERNEL);
	const struct file_operations *fops = f->fops ?: &trace_attr_fops;
	bool inst = dirs != &trace_fs_top;
	struct dentry *d;

	if (!n)
		return -ENOMEM;
	n->f = f;
	n->arg = arg;
	n->tr = dirs->tr;
	if (inst) {
		n->dirs = (struct trace_fs_dirs *)dirs;
		fops = trace_fs_wrapped(fops);
	}
	d = fops ? tracefs_create_file(name, f->mode, dir, n, fops) : NULL;
	if (!d) {
		pr_warn("tracing: cannot create %s\n", name);
		kfree(n);
		return -ENOMEM;
	}
	n->dentry = d;
	list_add_tail(&n->list, &((struct trace_fs_dirs *)dirs)->nodes);
	return 0;
}

/**
 * trace_fs_file_dentry() - the dentry of a file of a trace array
 * @dirs:	the array's files (its client's add() gets them); NULL for
 *		the top array's
 * @f:		the file's table entry
 *
 * For a layer that tells the file's watchers of a change
 * (fsnotify_inode()). The dentry lives as long as the array's files.
 *
 * Return: the first file made of @f there, or NULL.
 */
struct dentry *trace_fs_file_dentry(const struct trace_fs_dirs *dirs,
				    const struct trace_fs_file *f)
{
	const struct trace_fs_node *n;

	guard(mutex)(&trace_fs_lock);
	list_for_each_entry(n, dirs ? &dirs->nodes : &trace_fs_top.nodes, list)
		if (n->f == f)
			return n->dentry;
	return NULL;
}

/**
 * trace_fs_mkdir() - create a directory
 * @name:	its name
 * @parent:	where; NULL for the tracefs root
 *
 * Return: the directory, or NULL (with a warning) when it could not be
 * created.
 */
struct dentry *trace_fs_mkdir(const char *name, struct dentry *parent)
{
	struct dentry *d = tracefs_create_dir(name, parent);

	if (IS_ERR_OR_NULL(d)) {
		pr_warn("tracing: cannot create %s/\n", name);
		return NULL;
	}
	return d;
}

/* Create @t's files in the trace array of @dirs; under trace_fs_lock. */
static int trace_fs_create_table(const struct trace_fs_table *t,
				 const struct trace_fs_dirs *dirs)
{
	bool top = dirs == &trace_fs_top;
	const struct trace_fs_file *f;
	int cpu, ret = 0;

	lockdep_assert_held(&trace_fs_lock);
	for (f = t->files; f < t->files + t->nr && !ret; f++) {
		switch (f->scope) {
		case TRACE_FS_TOP_ONLY:
			if (!top)
				break;
			fallthrough;
		case TRACE_FS_ARRAY:
			ret = trace_fs_add(dirs, f, f->name, f->arg, dirs->top);
			break;
		case TRACE_FS_EVENTS:
			/* Made with events/ (trace_fs_mkdir_events()). */
			break;
		case TRACE_FS_CPU:
			for_each_possible_cpu(cpu) {
				ret = trace_fs_add(dirs, f, f->name, cpu,
						   dirs->cpu[cpu]);
				if (ret)
					break;
			}
			break;
		}
	}
	if (!ret && t->populate && (top || t->populate_arrays))
		ret = t->populate(dirs);
	return ret;
}

/* per_cpu/cpuN/ in @dirs->top; NULL or -ENOMEM. */
static int trace_fs_mkdir_cpus(struct trace_fs_dirs *dirs)
{
	struct dentry *per_cpu;
	char name[16];
	int cpu;

	dirs->cpu = kcalloc(nr_cpu_ids, sizeof(*dirs->cpu), GFP_KERNEL);
	per_cpu = trace_fs_mkdir("per_cpu", dirs->top);
	if (!dirs->cpu || !per_cpu)
		return -ENOMEM;
	for_each_possible_cpu(cpu) {
		snprintf(name, sizeof(name), "cpu%d", cpu);
		dirs->cpu[cpu] = trace_fs_mkdir(name, per_cpu);
		if (!dirs->cpu[cpu])
			return -ENOMEM;
	}
	return 0;
}

/*
 * Close an instance's files to new opens, unless one is open: an open
 * that finds a file's inode from then on fails. -EBUSY or 0.
 */
static int trace_fs_detach(struct trace_fs_dirs *dirs)
{
	struct trace_fs_node *n;

	guard(spinlock)(&trace_fs_open_lock);
	if (dirs->opens)
		return -EBUSY;
	dirs->gone = true;
	list_for_each_entry(n, &dirs->nodes, list)
		d_inode(n->dentry)->i_private = NULL;
	return 0;
}

static void trace_fs_dirs_release(struct kref *ref)
{
	struct trace_fs_dirs *dirs = container_of(ref, struct trace_fs_dirs,
						  ref);

	kfree(dirs->cpu);
	kfree(dirs);
}

/**
 * trace_fs_array_get() - keep an instance's struct trace_fs_dirs
 * @dirs:	the instance's files
 *
 * For a layer that keeps a pointer to it past the instance's removal;
 * trace_fs_array_open() then says -ENODEV.
 */
void trace_fs_array_get(struct trace_fs_dirs *dirs)
{
	kref_get(&dirs->ref);
}

/**
 * trace_fs_array_put() - drop a reference of trace_fs_array_get()
 * @dirs:	the instance's files
 */
void trace_fs_array_put(struct trace_fs_dirs *dirs)
{
	kref_put(&dirs->ref, trace_fs_dirs_release);
}

/* Free the nodes and drop the instance's reference. */
static void trace_fs_dirs_free(struct trace_fs_dirs *dirs)
{
	struct trace_fs_node *n, *tmp;

	list_for_each_entry_safe(n, tmp, &dirs->nodes, list)
		kfree(n);
	INIT_LIST_HEAD(&dirs->nodes);
	trace_fs_array_put(dirs);
}

/**
 * trace_fs_array_create() - create the files of an instance
 * @tr:		its trace array
 * @dir:	its directory, made by the caller
 *
 * Every registered table's files whose scope takes in instances.
 *
 * Its files, and those other layers make in it, refuse to open (ENODEV)
 * until trace_fs_array_publish().
 *
 * Return: what trace_fs_array_remove() takes, or an ERR_PTR(); on error
 * @dir is removed, with what was made in it.
 */
struct trace_fs_dirs *trace_fs_array_create(struct trace_array *tr,
					    struct dentry *dir)
{
	struct trace_fs_dirs *dirs = kzalloc(sizeof(*dirs), GFP_KERNEL);
	struct trace_fs_table *t;
	int ret;

	if (!dirs)
		return ERR_PTR(-ENOMEM);
	dirs->tr = tr;
	dirs->top = dir;
	dirs->gone = true;
	kref_init(&dirs->ref);
	INIT_LIST_HEAD(&dirs->nodes);
	ret = trace_fs_mkdir_cpus(dirs);
	scoped_guard(mutex, &trace_fs_lock) {
		list_for_each_entry(t, &trace_fs_tables, node) {
			if (ret)
				break;
			ret = trace_fs_create_table(t, dirs);
		}
	}
	if (ret) {
		/* None of them could be opened (gone is set). */
		trace_fs_detach(dirs);
		tracefs_remove(dir);
		trace_fs_dirs_free(dirs);
		return ERR_PTR(ret);
	}
	return dirs;
}

/**
 * trace_fs_array_publish() - let an instance's files open
 * @dirs:	what trace_fs_array_create() returned
 *
 * Once every layer made its files in it.
 */
void trace_fs_array_publish(struct trace_fs_dirs *dirs)
{
	guard(spinlock)(&trace_fs_open_lock);
	dirs->gone = false;
}

/**
 * trace_fs_array_detach() - close an instance's files to new opens
 * @dirs:	what trace_fs_array_create() returned
 *
 * The first step of its removal; the layers that made files in it then
 * remove theirs, and trace_fs_array_remove() the rest.
 *
 * Return: 0, or -EBUSY while one of its files is open; nothing changes
 * then.
 */
int trace_fs_array_detach(struct trace_fs_dirs *dirs)
{
	guard(mutex)(&trace_fs_lock);
	return trace_fs_detach(dirs);
}

/**
 * trace_fs_array_remove() - remove an instance's directory and files
 * @dirs:	what trace_fs_array_create() returned, detached
 *
 * @dirs itself stays while a layer holds it (trace_fs_array_get()).
 */
void trace_fs_array_remove(struct trace_fs_dirs *dirs)
{
	guard(mutex)(&trace_fs_lock);
	tracefs_remove(dirs->top);
	trace_fs_dirs_free(dirs);
}

/**
 * trace_fs_register() - add a subsystem's table of files
 * @t:		the table; it must stay (static)
 *
 * Its files are created when tracefs comes up, or at once when it is up.
 *
 * Return: 0, the error of creating the files, or -EINVAL for a file of
 * events/ once tracefs is up.
 */
int trace_fs_register(struct trace_fs_table *t)
{
	struct trace_fs_table *pos;
	unsigned int i;

	guard(mutex)(&trace_fs_lock);
	for (i = 0; trace_fs_up && i < t->nr; i++) {
		if (t->files[i].scope == TRACE_FS_EVENTS) {
			pr_warn("tracing: %s: events/%s comes too late\n",
				t->name, t->files[i].name);
			return -EINVAL;
		}
	}
	list_for_each_entry(pos, &trace_fs_tables, node)
		if (pos->order > t->order)
			break;
	list_add_tail(&t->node, &pos->node);
	return trace_fs_up ? trace_fs_create_table(t, &trace_fs_top) : 0;
}

/**
 * trace_fs_attr_store() - write an attribute file of a trace array
 * @tr:		the array
 * @name:	the file's name in the array's directory
 * @val:	what to write; whitespace around it is stripped, as a
 *		write() of the file strips it
 *
 * For the writers that are not user space (the boot config): the value
 * goes through the file's own store(), with its checks, as a write of
 * the same text would.
 *
 * Return: 0, the store()'s errno, -ENOENT when @tr has no such attribute
 * file, or -EINVAL for a value longer than a write takes.
 */
int trace_fs_attr_store(struct trace_array *tr, const char *name,
			const char *val)
{
	const struct trace_fs_file *found = NULL, *f;
	bool top = tr == trace_fs_top.tr;
	const struct trace_fs_table *t;
	char buf[TRACE_ATTR_MAX];
	unsigned int i;

	if (strscpy(buf, val) < 0)
		return -EINVAL;
	/* Tables are static and never leave: found stays valid. */
	scoped_guard(mutex, &trace_fs_lock) {
		list_for_each_entry(t, &trace_fs_tables, node) {
			for (i = 0; !found && i < t->nr; i++) {
				f = &t->files[i];
				if (f->name && f->store && !strcmp(f->name, name) &&
				    (f->scope == TRACE_FS_ARRAY ||
				     (top && f->scope == TRACE_FS_TOP_ONLY)))
					found = f;
			}
		}
	}
	if (!found)
		return -ENOENT;
	return found->store(tr, strim(buf), found->arg);
}

/**
 * trace_fs_set_top() - name the top trace array, whose files are the
 * tracefs root
 * @tr:		the array
 *
 * Context: at boot, before tracefs comes up.
 */
void __init trace_fs_set_top(struct trace_array *tr)
{
	trace_fs_top.tr = tr;
}

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

/*
 * events/ of the top array is eventfs's, as every instance's is: a file
 * or directory under it costs nothing until it is looked up. Its own
 * files are the TRACE_FS_EVENTS ones of the tables registered by then,
 * whose nodes live as long as the top array does.
 */
static struct trace_fs_node *trace_fs_ev_nodes;
static unsigned int trace_fs_ev_nr;

/* eventfs asks for a file of events/ by name, under its own mutex. */
static int trace_fs_ev_lookup(const char *name, umode_t *mode, void **data,
			      const struct file_operations **fops)
{
	unsigned int i;

	for (i = 0; i < trace_fs_ev_nr; i++) {
		const struct trace_fs_file *f = trace_fs_ev_nodes[i].f;

		if (strcmp(f->name, name))
			continue;
		*mode = f->mode;
		*data = &trace_fs_ev_nodes[i];
		*fops = f->fops ?: &trace_attr_fops;
		return 1;
	}
	return 0;
}

/* Make the top array's events/ with its files; 0 or -ENOMEM. */
static int __init trace_fs_mkdir_events(void)
{
	struct eventfs_entry *entries;
	const struct trace_fs_table *t;
	struct eventfs_inode *ei;
	unsigned int i, n = 0;

	guard(mutex)(&trace_fs_lock);
	list_for_each_entry(t, &trace_fs_tables, node)
		for (i = 0; i < t->nr; i++)
			n += t->files[i].scope == TRACE_FS_EVENTS;
	entries = kcalloc(n, sizeof(*entries), GFP_KERNEL);
	trace_fs_ev_nodes = kcalloc(n, sizeof(*trace_fs_ev_nodes), GFP_KERNEL);
	if (!entries || !trace_fs_ev_nodes)
		goto nomem;
	list_for_each_entry(t, &trace_fs_tables, node) {
		for (i = 0; i < t->nr; i++) {
			const struct trace_fs_file *f = &t->files[i];
			struct trace_fs_node *nd;

			if (f->scope != TRACE_FS_EVENTS)
				continue;
			nd = &trace_fs_ev_nodes[trace_fs_ev_nr];
			nd->f = f;
			nd->arg = f->arg;
			nd->tr = trace_fs_top.tr;
			entries[trace_fs_ev_nr].name = f->name;
			entries[trace_fs_ev_nr++].callback = trace_fs_ev_lookup;
		}
	}
	ei = eventfs_create_events_dir("events", NULL, entries, n, NULL);
	if (!IS_ERR_OR_NULL(ei)) {
		trace_fs_top.events = ei;
		return 0;
	}
nomem:
	pr_warn("tracing: cannot create events/\n");
	kfree(entries);
	kfree(trace_fs_ev_nodes);
	trace_fs_ev_nodes = NULL;
	trace_fs_ev_nr = 0;
	return -ENOMEM;
}

/**
 * trace_fs_init() - create the directories, README, and the files of the
 * tables registered so far
 *
 * Return: 0, or -ENOMEM when a directory could not be created. A table
 * whose files could not all be created is reported and left as it is.
 */
static int __init trace_fs_init(void)
{
	struct trace_fs_table *t;
	int ret;

	INIT_LIST_HEAD(&trace_fs_top.nodes);
	ret = trace_fs_mkdir_events() ?:
	      trace_fs_mkdir_cpus(&trace_fs_top) ?:
	      trace_fs_add(&trace_fs_top, &trace_fs_readme, "README", 0, NULL);
	if (ret)
		return ret;
	scoped_guard(mutex, &trace_fs_lock) {
		list_for_each_entry(t, &trace_fs_tables, node) {
			ret = trace_fs_create_table(t, &trace_fs_top);
			if (ret)
				pr_warn("tracing: files of %s: error %d\n",
					t->name, ret);
		}
		trace_fs_up = true;
	}
	debugfs_create_automount("tracing", NULL, trace_debugfs_automount, NULL);
	return 0;
}
core_initcall_sync(trace_fs_init);
