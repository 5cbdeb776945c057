/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The tracefs layer (trace_fs.c): each subsystem registers a table of its
 * own files, with the part of the README that describes them. trace_fs.c
 * knows no file but README; it creates every registered table's files in
 * the directories their scope names, when tracefs comes up or, for a table
 * registered later, at once; and an instance's files when it is made
 * (trace_fs_array_create()). Every file knows its trace array, an opaque
 * pointer to this layer.
 */
#ifndef _KERNEL_TRACE_FS_H
#define _KERNEL_TRACE_FS_H

#include <linux/fs.h>
#include <linux/kref.h>
#include <linux/list.h>
#include <linux/ring_buffer.h>
#include <linux/seq_file.h>
#include <linux/types.h>

struct eventfs_inode;
struct trace_array;

/**
 * enum trace_fs_scope - where a file of a table goes
 * @TRACE_FS_TOP_ONLY:	the top directory only (a global setting, or one
 *			that instances do not have yet)
 * @TRACE_FS_ARRAY:	the directory of every trace array: the top one and
 *			each instance's
 * @TRACE_FS_CPU:	per_cpu/cpuN/ of every trace array, once per
 *			possible CPU; the file's argument is N
 * @TRACE_FS_EVENTS:	events/ of the top array; only from a table
 *			registered before tracefs comes up (at
 *			core_initcall_sync), since eventfs takes a
 *			directory's files once
 */
enum trace_fs_scope {
	TRACE_FS_TOP_ONLY,
	TRACE_FS_ARRAY,
	TRACE_FS_CPU,
	TRACE_FS_EVENTS,
};

/**
 * struct trace_fs_file - one file of a table
 * @name:	file name
 * @mode:	its permissions
 * @scope:	where it goes (enum trace_fs_scope)
 * @arg:	what show() and store() (or the fops, through trace_fs_arg())
 *		get; replaced by the CPU for per-CPU files
 * @show:	prints the file (attributes); NULL when write-only
 * @store:	takes one stripped write (attributes); NULL when read-only.
 *		Returns 0 or a negative errno, and changes nothing on error.
 * @fops:	the file's own operations, for files that are not attributes;
 *		they reach the file's array with trace_fs_array()
 *
 * show() and store() get the trace array of the file's directory. An
 * attribute's write is copied, its surrounding whitespace stripped, and
 * handed to store() as one string; a success consumes the whole count.
 */
struct trace_fs_file {
	const char *name;
	umode_t mode;
	enum trace_fs_scope scope;
	long arg;
	int (*show)(struct seq_file *m, struct trace_array *tr, long arg);
	int (*store)(struct trace_array *tr, const char *val, long arg);
	const struct file_operations *fops;
};

/**
 * struct trace_fs_dirs - the directories and files of a trace array
 * @tr:		the array
 * @top:	its own directory (NULL: the tracefs root)
 * @events:	events/ of the top array, on eventfs; NULL in an instance,
 *		whose events/ the events layer makes
 * @cpu:	per_cpu/cpuN/, by N
 * @nodes:	the files created in them (struct trace_fs_node); under
 *		trace_fs_lock
 * @opens:	the open files of an instance, its own and those other
 *		layers make in it (trace_fs_array_open()); under
 *		trace_fs_open_lock
 * @gone:	the instance is being removed: its files no longer open
 * @ref:	held by the instance until its files are removed, and by
 *		each layer that keeps a pointer (trace_fs_array_get())
 *
 * Made by trace_fs.c; the tables' populate() read @tr, @top and @events.
 */
struct trace_fs_dirs {
	struct trace_array *tr;
	struct dentry *top;
	struct eventfs_inode *events;
	struct dentry **cpu;
	struct list_head nodes;
	unsigned int opens;
	bool gone;
	struct kref ref;
};

/**
 * struct trace_fs_table - a subsystem's files
 * @name:	the subsystem, for messages
 * @files:	the files
 * @nr:		how many
 * @order:	the README lists tables by ascending order (TRACE_FS_ORDER_*)
 * @readme:	the subsystem's lines of the README's file list, or NULL
 * @examples:	its lines of the README's examples, or NULL
 * @populate:	creates what a table cannot name (per-option files,
 *		events/ftrace/), after the files, in the top array (and with
 *		@populate_arrays in each instance); NULL when there is none.
 *		Returns 0 or a negative errno.
 * @populate_arrays: @populate runs for instances too
 * @node:	in the registry, by @order; the registry's own
 */
struct trace_fs_table {
	const char *name;
	const struct trace_fs_file *files;
	unsigned int nr;
	int order;
	const char *readme;
	const char *examples;
	int (*populate)(const struct trace_fs_dirs *dirs);
	bool populate_arrays;
	struct list_head node;
};

/* README order of the tables: the core's files first, then the tracers'. */
enum {
	TRACE_FS_ORDER_ON = 5,
	TRACE_FS_ORDER_CORE = 10,
	TRACE_FS_ORDER_READ = 20,
	TRACE_FS_ORDER_MARKER = 30,
	TRACE_FS_ORDER_SNAPSHOT = 35,
	TRACE_FS_ORDER_BUF = 40,
	TRACE_FS_ORDER_OPTIONS = 50,
	TRACE_FS_ORDER_CMDLINE = 60,
	TRACE_FS_ORDER_PRINTK = 65,
	TRACE_FS_ORDER_ERRLOG = 70,
	TRACE_FS_ORDER_EVENTS = 80,
	TRACE_FS_ORDER_EVENT_SET = 82,
	TRACE_FS_ORDER_DYNEV = 83,
	TRACE_FS_ORDER_KPROBE = 84,
	TRACE_FS_ORDER_FORMATS = 85,
	TRACE_FS_ORDER_CLOCK = 90,
	TRACE_FS_ORDER_LAT = 95,
	TRACE_FS_ORDER_FENTRY = 100,
	TRACE_FS_ORDER_PID = 110,
	TRACE_FS_ORDER_GRAPH = 120,
	TRACE_FS_ORDER_PROFILE = 130,
	TRACE_FS_ORDER_INSTANCES = 135,
	TRACE_FS_ORDER_STACK = 140,
};

/* An attribute, and a file with its own operations. */
#define TRACE_FS_ATTR(n, m, s, sh, st)					\
	{ .name = n, .mode = m, .scope = s, .arg = RING_BUFFER_ALL_CPUS,	\
	  .show = sh, .store = st }
#define TRACE_FS_FOPS(n, m, s, a, f)					\
	{ .name = n, .mode = m, .scope = s, .arg = a, .fops = f }

int trace_fs_register(struct trace_fs_table *t);
int trace_fs_attr_store(struct trace_array *tr, const char *name,
			const char *val);

/* Register table @t, a static struct trace_fs_table, at core_initcall. */
#define TRACE_FS_REGISTER(t)						\
	static int __init t##_init(void)				\
	{								\
		return trace_fs_register(&(t));			\
	}								\
	core_initcall(t##_init)
int trace_fs_add(const struct trace_fs_dirs *dirs,
		 const struct trace_fs_file *f, const char *name, long arg,
		 struct dentry *dir);
struct dentry *trace_fs_file_dentry(const struct trace_fs_dirs *dirs,
				    const struct trace_fs_file *f);
struct dentry *trace_fs_mkdir(const char *name, struct dentry *parent);
long trace_fs_arg(struct inode *inode);
struct trace_array *trace_fs_array(struct inode *inode);
void trace_fs_set_top(struct trace_array *tr);
struct trace_fs_dirs *trace_fs_array_create(struct trace_array *tr,
					    struct dentry *dir);
void trace_fs_array_publish(struct trace_fs_dirs *dirs);
int trace_fs_array_detach(struct trace_fs_dirs *dirs);
void trace_fs_array_remove(struct trace_fs_dirs *dirs);
int trace_fs_array_open(struct trace_fs_dirs *dirs);
void trace_fs_array_close(struct trace_fs_dirs *dirs);
void trace_fs_array_get(struct trace_fs_dirs *dirs);
void trace_fs_array_put(struct trace_fs_dirs *dirs);
ssize_t trace_edit_read(struct file *file, char __user *ubuf, size_t cnt,
			loff_t *ppos);
loff_t trace_edit_llseek(struct file *file, loff_t off, int whence);

#endif /* _KERNEL_TRACE_FS_H */
