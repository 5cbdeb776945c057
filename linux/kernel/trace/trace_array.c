// SPDX-License-Identifier: GPL-2.0
/*
 * Trace arrays: the top one, whose files are the tracefs root, and the
 * instances, one per directory of instances/. Each has its own buffer
 * (trace_buf.c) and its own copy of every file whose scope takes in
 * instances (trace_fs.c); the layers above with state of their own per
 * instance (events/) follow through struct trace_array_client. mkdir
 * makes one; rmdir removes it, unless one of its files is open or a
 * module holds it.
 */
#include <linux/err.h>
#include <linux/list.h>
#include <linux/rculist.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/trace.h>
#include <linux/tracefs.h>

#include "trace.h"

/**
 * struct trace_array - a trace array
 * @name:	its directory's name under instances/; NULL for the top one
 * @buf:	its buffer
 * @fs:		its files, for an instance
 * @refs:	references of the kernel's users (trace_array_get_by_name());
 *		under trace_arrays_lock
 * @list:	in trace_arrays, for an instance; changed under
 *		trace_arrays_lock, read under it or under RCU (a dump)
 * @opts:	an instance's options (trace_options.c's; the top array's
 *		are trace_opts)
 * @priv:	the state of the layers above, one slot each (enum
 *		trace_array_slot); each layer says what guards its own
 */
struct trace_array {
	char *name;
	struct trace_buf *buf;
	struct trace_fs_dirs *fs;
	unsigned int refs;
	struct list_head list;
	unsigned long opts;
	void *priv[TRACE_ARRAY_SLOTS];
};

struct trace_array trace_top = {
	.buf = &trace_top_buf,
};

/* The instances; serialises their making and removal. */
static DEFINE_MUTEX(trace_arrays_lock);
static LIST_HEAD(trace_arrays);
static struct dentry *trace_instances_dir;

/* The layers with state per instance: registered at boot, never removed. */
static LIST_HEAD(trace_array_clients);

/**
 * trace_array_client_register() - follow the making and removal of
 * instances
 * @c:		the layer's hooks; static
 *
 * Context: at boot, before any instance exists.
 */
void __init trace_array_client_register(struct trace_array_client *c)
{
	struct trace_array_client *pos;

	guard(mutex)(&trace_arrays_lock);
	/* Sorted by @order: an instance is made in it, removed against it. */
	list_for_each_entry(pos, &trace_array_clients, node)
		if (pos->order > c->order)
			break;
	list_add_tail(&c->node, &pos->node);
}

/* Tell the clients up to @last (all: NULL) that @tr goes, last first. */
static void trace_array_clients_remove(struct trace_array *tr,
				       struct trace_array_client *last)
{
	struct trace_array_client *c;

	c = last ? last : list_last_entry(&trace_array_clients,
					  struct trace_array_client, node);
	list_for_each_entry_from_reverse(c, &trace_array_clients, node)
		if (c->remove)
			c->remove(tr);
}

/**
 * trace_array_buf() - the buffer of a trace array
 * @tr:		the array
 *
 * Return: its buffer, which lives as long as it does.
 */
struct trace_buf *trace_array_buf(struct trace_array *tr)
{
	return tr->buf;
}

/**
 * trace_array_slot() - a layer's slot in a trace array
 * @tr:		the array
 * @slot:	the layer's slot
 *
 * The layer sets it in its client's add() (or for the top array at
 * boot) and clears it in remove(); the files of an instance open only
 * in between.
 *
 * Return: the slot.
 */
void **trace_array_slot(struct trace_array *tr, enum trace_array_slot slot)
{
	return &tr->priv[slot];
}

/**
 * trace_array_opts() - the options of a trace array
 * @tr:		the array
 *
 * Return: its bitmap of enum trace_opt; trace_options.c changes it.
 */
unsigned long *trace_array_opts(struct trace_array *tr)
{
	return trace_array_is_top(tr) ? &trace_opts : &tr->opts;
}

/**
 * trace_array_name() - the name of an instance
 * @tr:		the array
 *
 * Return: its name, as long as it lives; "" for the top array.
 */
const char *trace_array_name(const struct trace_array *tr)
{
	return tr->name ?: "";
}

/**
 * trace_array_find_rcu() - an instance by name, without sleeping
 * @name:	the start of its name
 * @len:	the length of its name
 *
 * For a dump on oops, which cannot take trace_arrays_lock.
 *
 * Context: under rcu_read_lock(), which keeps the instance alive.
 * Return: the instance, or NULL.
 */
struct trace_array *trace_array_find_rcu(const char *name, size_t len)
{
	struct trace_array *tr;

	list_for_each_entry_rcu(tr, &trace_arrays, list)
		if (!strncmp(tr->name, name, len) && !tr->name[len])
			return tr;
	return NULL;
}

/**
 * trace_array_is_top() - whether a trace array is the top one
 * @tr:		the array
 *
 * Return: true for the top array, false for an instance.
 */
bool trace_array_is_top(const struct trace_array *tr)
{
	return tr == &trace_top;
}

/* options/overwrite of a trace array: its buffer's. */
static int trace_array_set_overwrite(struct trace_array *tr, unsigned int opt,
				     bool on)
{
	trace_buf_set_overwrite(tr->buf, on);
	return 0;
}

static struct trace_opt_hook trace_array_overwrite_hook = {
	.opts = BIT(TRACE_OPT_OVERWRITE),
	.apply = trace_array_set_overwrite,
};

/**
 * trace_array_boot_init() - the top array's options, early in boot
 *
 * Called by trace_core_init(), from early_trace_init(): trace_options=
 * may be applied there (ftrace=function), and trace_options=nooverwrite
 * must hold from the first record on.
 */
void __init trace_array_boot_init(void)
{
	trace_opts_boot_top(&trace_top);
	trace_opt_hook_register(&trace_array_overwrite_hook);
}

static struct trace_array *trace_array_find(const char *name)
{
	struct trace_array *tr;

	lockdep_assert_held(&trace_arrays_lock);
	list_for_each_entry(tr, &trace_arrays, list)
		if (!strcmp(tr->name, name))
			return tr;
	return NULL;
}

static void trace_array_free(struct trace_array *tr)
{
	if (tr->buf)
		trace_buf_destroy(tr->buf);
	kfree(tr->name);
	kfree(tr);
}

/* Tell the clients of new instance @tr; on error, those told forget it. */
static int trace_array_clients_add(struct trace_array *tr, struct dentry *dir)
{
	struct trace_array_client *c, *prev;
	int ret;

	list_for_each_entry(c, &trace_array_clients, node) {
		ret = c->add ? c->add(tr, tr->fs, dir) : 0;
		if (!ret)
			continue;
		if (!list_is_first(&c->node, &trace_array_clients)) {
			prev = list_prev_entry(c, node);
			trace_array_clients_remove(tr, prev);
		}
		return ret;
	}
	return 0;
}

/* Make instance @name, directory and files; under trace_arrays_lock. */
static struct trace_array *trace_array_make(const char *name)
{
	struct trace_array *tr;
	struct dentry *dir;
	int ret;

	lockdep_assert_held(&trace_arrays_lock);
	if (!*name || strchr(name, '/') || !strcmp(name, ".") ||
	    !strcmp(name, ".."))
		return ERR_PTR(-EINVAL);
	if (trace_array_find(name))
		return ERR_PTR(-EEXIST);
	tr = kzalloc(sizeof(*tr), GFP_KERNEL);
	if (!tr)
		return ERR_PTR(-ENOMEM);
	tr->opts = READ_ONCE(trace_opts) & ~TRACE_OPTS_ZEROED;
	tr->name = kstrdup(name, GFP_KERNEL);
	tr->buf = trace_buf_new(tr->opts & BIT(TRACE_OPT_OVERWRITE),
				trace_buf_boot_map_of(name));
	if (!tr->name || !tr->buf) {
		trace_array_free(tr);
		return ERR_PTR(-ENOMEM);
	}
	tr->buf->owner = tr;
	dir = tracefs_create_dir(name, trace_instances_dir);
	if (IS_ERR_OR_NULL(dir)) {
		trace_array_free(tr);
		return ERR_PTR(dir ? PTR_ERR(dir) : -ENOMEM);
	}
	tr->fs = trace_fs_array_create(tr, dir);
	if (IS_ERR(tr->fs)) {
		ret = PTR_ERR(tr->fs);
		trace_array_free(tr);
		return ERR_PTR(ret);
	}
	ret = trace_array_clients_add(tr, dir);
	if (ret) {
		/* No file of it could be opened yet: this cannot fail. */
		trace_fs_array_detach(tr->fs);
		trace_fs_array_remove(tr->fs);
		trace_array_free(tr);
		return ERR_PTR(ret);
	}
	trace_fs_array_publish(tr->fs);
	list_add_tail_rcu(&tr->list, &trace_arrays);
	return tr;
}

/* Remove instance @tr unless it is in use; under trace_arrays_lock. */
static int trace_array_remove(struct trace_array *tr)
{
	int ret;

	lockdep_assert_held(&trace_arrays_lock);
	if (tr->refs)
		return -EBUSY;
	ret = trace_fs_array_detach(tr->fs);
	if (ret)
		return ret;
	/* No file of it opens from here on, */
	list_del_rcu(&tr->list);
	/* and no dump (trace_array_find_rcu()) reads it. */
	synchronize_rcu();
	if (!list_empty(&trace_array_clients))
		trace_array_clients_remove(tr, NULL);
	trace_fs_array_remove(tr->fs);
	trace_array_free(tr);
	return 0;
}

/**
 * trace_array_get_by_name() - find or make an instance, and hold it
 * @name:	its name, its directory's under instances/
 * @systems:	the event systems it is to have; all of them here
 *
 * For the kernel's users of instances. Each success needs a
 * trace_array_put(); while one is held, rmdir says EBUSY.
 *
 * Return: the instance, or NULL for a bad name or no memory.
 */
struct trace_array *trace_array_get_by_name(const char *name,
					    const char *systems)
{
	struct trace_array *tr;

	if (!name)
		return NULL;
	guard(mutex)(&trace_arrays_lock);
	tr = trace_array_find(name);
	if (!tr)
		tr = trace_array_make(name);
	if (IS_ERR(tr))
		return NULL;
	tr->refs++;
	return tr;
}
EXPORT_SYMBOL_GPL(trace_array_get_by_name);

/**
 * trace_array_put() - drop a hold of trace_array_get_by_name()
 * @tr:		the instance, or NULL
 */
void trace_array_put(struct trace_array *tr)
{
	if (!tr || trace_array_is_top(tr))
		return;
	guard(mutex)(&trace_arrays_lock);
	if (!WARN_ON_ONCE(!tr->refs))
		tr->refs--;
}
EXPORT_SYMBOL_GPL(trace_array_put);

/**
 * trace_array_destroy() - remove an instance
 * @tr:		the instance
 *
 * The caller may still hold it once (its own trace_array_get_by_name());
 * it must not use it afterwards.
 *
 * Return: 0; -EINVAL for the top array or one that is gone; -EBUSY while
 * another holds it or one of its files is open.
 */
int trace_array_destroy(struct trace_array *tr)
{
	struct trace_array *pos;
	unsigned int refs;
	int ret;

	if (!tr || trace_array_is_top(tr))
		return -EINVAL;
	guard(mutex)(&trace_arrays_lock);
	list_for_each_entry(pos, &trace_arrays, list) {
		if (pos != tr)
			continue;
		if (tr->refs > 1)
			return -EBUSY;
		refs = tr->refs;
		tr->refs = 0;
		ret = trace_array_remove(tr);
		if (ret)
			tr->refs = refs;
		return ret;
	}
	return -EINVAL;
}
EXPORT_SYMBOL_GPL(trace_array_destroy);

static int trace_instance_mkdir(const char *name)
{
	guard(mutex)(&trace_arrays_lock);
	return PTR_ERR_OR_ZERO(trace_array_make(name));
}

static int trace_instance_rmdir(const char *name)
{
	struct trace_array *tr;

	guard(mutex)(&trace_arrays_lock);
	tr = trace_array_find(name);
	return tr ? trace_array_remove(tr) : -ENOENT;
}

static struct trace_fs_table trace_array_fs = {
	.name = "instances",
	.order = TRACE_FS_ORDER_INSTANCES,
	.readme =
	"  instances/           - mkdir NAME makes a trace array of its own: a\n"
	"                         buffer, trace, trace_pipe, trace_marker,\n"
	"                         tracing_on, trace_clock, snapshot, the buffer's\n"
	"                         files, per_cpu/, events/ and set_event;\n"
	"                         rmdir NAME removes it (EBUSY while in use)\n",
	.examples =
	"  mkdir instances/foo; echo sched:sched_switch > instances/foo/set_event\n",
};

TRACE_FS_REGISTER(trace_array_fs);

static int __init trace_array_init(void)
{
	trace_fs_set_top(&trace_top);
	return 0;
}
core_initcall(trace_array_init);

static int __init trace_instances_init(void)
{
	trace_instances_dir = tracefs_create_instance_dir("instances", NULL,
							  trace_instance_mkdir,
							  trace_instance_rmdir);
	if (!trace_instances_dir)
		pr_warn("tracing: cannot create instances/\n");
	return 0;
}
core_initcall_sync(trace_instances_init);
