// SPDX-License-Identifier: GPL-2.0
/*
 * The files of events/<system>/ and events/<system>/<event>/, from one
 * table.
 *
 * Each file points to a struct trace_ev_node in its event's (or system's)
 * state: the table entry and the object. Opening a file takes a
 * reference to the object, and fails with ENODEV once the event's module
 * is gone; show() and store() run under trace_ev_lock, so that they see
 * the event whole, and a store() that fails changes nothing.
 */
#include <linux/fs.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/tracefs.h>
#include <linux/uaccess.h>

#include "trace.h"
#include "trace_ev_core.h"
#include "trace_pid.h"

/* Longest write to an event's file, NUL included. */
#define TRACE_EV_WRITE_MAX	4096

/**
 * struct trace_ev_attr - a file of each event's or system's directory
 * @name:	its name
 * @mode:	its permissions
 * @sys:	a file of a system's directory (@obj is a trace_ev_sys)
 * @show:	prints it; called with trace_ev_lock held
 * @store:	takes one stripped write, with trace_ev_lock held; returns 0
 *		or a negative errno, and changes nothing on error. NULL for
 *		a read-only file.
 * @trunc:	an open for writing with O_TRUNC, with trace_ev_lock held;
 *		NULL when that truncates nothing
 * @absent:	the file is not there (its feature is not built)
 */
struct trace_ev_attr {
	const char *name;
	umode_t mode;
	bool sys;
	int (*show)(struct seq_file *m, void *obj);
	int (*store)(const char *val, void *obj);
	void (*trunc)(void *obj);
	bool absent;
};

/* enable: 0 or 1 for an event; 0, 1 or X (mixed) for a set of them. */

/**
 * trace_ev_show_state() - whether a set of events records
 * @m:		where to print "0", "1" or "X" (some do, some not)
 * @only:	the events of this system, or NULL for every event
 *
 * Called with trace_ev_lock held.
 *
 * Return: 0.
 */
int trace_ev_show_state(struct seq_file *m, struct trace_ev_sys *only)
{
	struct trace_ev_rt *rt;
	bool on = false, off = false;

	for (rt = trace_ev_next(NULL); rt; rt = trace_ev_next(rt)) {
		if (only && rt->sys != only)
			continue;
		if (trace_ev_is_on(rt))
			on = true;
		else
			off = true;
	}
	seq_puts(m, on && off ? "X\n" : on ? "1\n" : "0\n");
	return 0;
}

/**
 * trace_ev_store_state() - start or stop a set of events
 * @val:	"0" or "1"
 * @only:	the events of this system, or NULL for every event
 *
 * Called with trace_ev_lock held. An event whose probe cannot be
 * registered is left off, and the first such errno returned.
 *
 * Return: 0, -EINVAL for another value, or a registration's errno.
 */
int trace_ev_store_state(const char *val, struct trace_ev_sys *only)
{
	struct trace_ev_rt *rt;
	int ret = 0, err;

	if (strcmp(val, "0") && strcmp(val, "1"))
		return -EINVAL;
	for (rt = trace_ev_next(NULL); rt; rt = trace_ev_next(rt)) {
		if (only && rt->sys != only)
			continue;
		err = trace_ev_set_locked(rt, *val == '1');
		ret = ret ?: err;
	}
	return ret;
}

/* An event in soft mode (named by enable_event triggers) shows a '*'. */
static int ev_enable_show(struct seq_file *m, void *obj)
{
	struct trace_ev_rt *rt = obj;

	seq_printf(m, "%d%s\n", trace_ev_is_on(rt), rt->soft ? "*" : "");
	return 0;
}

static int ev_enable_store(const char *val, void *obj)
{
	if (strcmp(val, "0") && strcmp(val, "1"))
		return -EINVAL;
	return trace_ev_set_locked(obj, *val == '1');
}

static int sys_enable_show(struct seq_file *m, void *obj)
{
	return trace_ev_show_state(m, obj);
}

static int sys_enable_store(const char *val, void *obj)
{
	return trace_ev_store_state(val, obj);
}

static int ev_id_show(struct seq_file *m, void *obj)
{
	struct trace_ev_rt *rt = obj;

	seq_printf(m, "%u\n", rt->call->id);
	return 0;
}

/*
 * format: the record's layout; an array's count goes after its name, and
 * so do a __rel_loc array's brackets ("__rel_loc char foo[]", where a
 * __data_loc array is "__data_loc char[] foo"), as upstream prints them.
 */
static void ev_field_show(struct seq_file *m, const struct trace_ev_field *f)
{
	size_t n = strlen(f->type);

	if (f->kind == TRACE_EV_ARRAY)
		seq_printf(m, "\tfield:%s %s[%u];", f->type, f->name, f->count);
	else if (f->kind == TRACE_EV_REL && n > 2 &&
		 !strcmp(f->type + n - 2, "[]"))
		seq_printf(m, "\tfield:%.*s %s[];", (int)(n - 2), f->type,
			   f->name);
	else
		seq_printf(m, "\tfield:%s %s;", f->type, f->name);
	seq_printf(m, "\toffset:%u;\tsize:%u;\tsigned:%u;\n", f->offset,
		   f->size, f->is_signed);
}

/**
 * trace_ev_format_show() - an event's format file
 * @m:		where to print
 * @obj:	the event (struct trace_ev_rt)
 *
 * Return: 0.
 */
int trace_ev_format_show(struct seq_file *m, void *obj)
{
	struct trace_ev_rt *rt = obj;
	const struct trace_ev_call *call = rt->call;
	const struct trace_ev_field *f;

	trace_format_head(m, call->name, call->id);
	for (f = trace_ev_fields(call); f->name; f++)
		ev_field_show(m, f);
	seq_printf(m, "\nprint fmt: %s\n", rt->fmt ?: call->print_fmt);
	return 0;
}

/*
 * filter: "none", or the expression in force. "0" (or nothing) removes
 * it; a bad expression is refused with EINVAL, explained in error_log,
 * and the old filter stays.
 */
static int ev_filter_show(struct seq_file *m, void *obj)
{
	struct trace_ev_rt *rt = obj;
	const struct trace_ev_filter *f;

	f = rcu_dereference_protected(rt->filter,
				      lockdep_is_held(&trace_ev_lock));
	seq_printf(m, "%s\n", f ? trace_ev_filter_text(f) : "none");
	return 0;
}

static bool ev_filter_clears(const char *val)
{
	return !*val || !strcmp(val, "0");
}

/* Compile @val for @rt; a bad one is explained in @tr's error_log (NULL: not). */
static struct trace_ev_filter *ev_filter_compile(struct trace_array *tr,
						 struct trace_ev_rt *rt,
						 const char *val);

/**
 * trace_ev_filter_parse() - compile a filter written to an event's file
 * @tr:		the trace array of the file, whose error_log explains a bad
 *		expression
 * @rt:		the event
 * @val:	what was written, stripped
 * @f:		set to the filter, or NULL for a write that removes it
 *
 *
 * Return: 0, -EINVAL or -ENOMEM.
 */
int trace_ev_filter_parse(struct trace_array *tr, struct trace_ev_rt *rt,
			  const char *val, struct trace_ev_filter **f)
{
	*f = NULL;
	if (ev_filter_clears(val))
		return 0;
	*f = ev_filter_compile(tr, rt, val);
	if (IS_ERR(*f))
		return PTR_ERR(*f);
	return 0;
}

static struct trace_ev_filter *ev_filter_compile(struct trace_array *tr,
						 struct trace_ev_rt *rt,
						 const char *val)
{
	struct trace_ev_filter *f;
	unsigned int pos;
	const char *err;

	f = trace_ev_filter_compile(trace_ev_fields(rt->call), val, &err, &pos);
	if (tr && PTR_ERR_OR_ZERO(f) == -EINVAL)
		trace_array_errlog(tr, TRACE_EV_FILTER_ERR, val, pos, err);
	return f;
}

static int ev_filter_store(const char *val, void *obj)
{
	struct trace_ev_rt *rt = obj;
	struct trace_ev_filter *f = NULL;

	if (!ev_filter_clears(val)) {
		f = ev_filter_compile(&trace_top, rt, val);
		if (IS_ERR(f))
			return PTR_ERR(f);
	}
	return trace_ev_set_filter_locked(rt, f);
}

static int sys_filter_show(struct seq_file *m, void *obj)
{
	struct trace_ev_sys *sys = obj;

	seq_printf(m, "%s\n", sys->filter_text ?: "none");
	return 0;
}

/*
 * trace_ev_sys_filter_check() - check a filter written to a system's file
 * @tr:		the trace array of the file
 * @sys:	the system
 * @val:	what was written, stripped
 *
 * A system's filter goes to each of its events whose fields it names; it
 * is refused when it fits none of them (the first event's error is the
 * one @tr's error_log explains). Called under trace_ev_lock.
 *
 * Returns 0 when it removes the filters or fits an event, -EINVAL or
 * -ENOMEM.
 */
static int trace_ev_sys_filter_check(struct trace_array *tr,
				     struct trace_ev_sys *sys, const char *val)
{
	struct trace_ev_filter *f;
	struct trace_ev_rt *rt;

	lockdep_assert_held(&trace_ev_lock);
	if (ev_filter_clears(val))
		return 0;
	list_for_each_entry(rt, &sys->events, list) {
		f = ev_filter_compile(NULL, rt, val);
		if (PTR_ERR_OR_ZERO(f) == -ENOMEM)
			return -ENOMEM;
		if (!IS_ERR(f)) {
			trace_ev_filter_free(f);
			return 0;
		}
	}
	rt = list_first_entry_or_null(&sys->events, struct trace_ev_rt, list);
	if (rt)
		ev_filter_compile(tr, rt, val);
	return -EINVAL;
}

/**
 * trace_ev_sys_write_begin() - start a write to a system's filter file
 * @w:		the write
 * @tr:		the trace array of the file
 * @sys:	the system
 * @val:	what was written, stripped
 * @max:	how many of the system's events the write may change
 *
 * Checks @val (trace_ev_sys_filter_check()) and makes the room the write
 * needs, so that it cannot fail half way. Called under trace_ev_lock.
 *
 * Return: 0, -EINVAL or -ENOMEM (then nothing is to end).
 */
int trace_ev_sys_write_begin(struct trace_ev_sys_write *w,
			     struct trace_array *tr, struct trace_ev_sys *sys,
			     const char *val, unsigned int max)
{
	int ret = trace_ev_sys_filter_check(tr, sys, val);

	if (ret)
		return ret;
	w->n = 0;
	w->max = max;
	w->old = kcalloc(max, sizeof(*w->old), GFP_KERNEL);
	w->text = ev_filter_clears(val) ? NULL : kstrdup(val, GFP_KERNEL);
	if (!w->old || (!w->text && !ev_filter_clears(val))) {
		kfree(w->old);
		kfree(w->text);
		return -ENOMEM;
	}
	return 0;
}

/**
 * trace_ev_sys_write_end() - finish a write to a system's filter file
 * @w:		the write, begun by trace_ev_sys_write_begin()
 * @text:	where the file's text is kept: replaced by the write's
 *
 * Frees the filters the write replaced once no probe can be running them.
 */
void trace_ev_sys_write_end(struct trace_ev_sys_write *w, char **text)
{
	while (w->n)
		trace_ev_filter_free_rcu(w->old[--w->n]);
	kfree(w->old);
	kfree(*text);
	*text = w->text;
}

static int sys_filter_store(const char *val, void *obj)
{
	struct trace_ev_sys *sys = obj;
	struct trace_ev_sys_write w;
	struct trace_ev_filter *f;
	struct trace_ev_rt *rt;
	unsigned int n = 0;
	int ret;

	list_for_each_entry(rt, &sys->events, list)
		n++;
	ret = trace_ev_sys_write_begin(&w, &trace_top, sys, val, n);
	if (ret)
		return ret;
	list_for_each_entry(rt, &sys->events, list) {
		f = w.text ? ev_filter_compile(NULL, rt, val) : NULL;
		if (!IS_ERR(f) && w.n < w.max)
			ret = trace_ev_swap_filter_locked(rt, f,
							  &w.old[w.n++]) ?: ret;
	}
	trace_ev_sys_write_end(&w, &sys->filter_text);
	return ret;
}

static const struct trace_ev_attr trace_ev_attrs[] = {
	{ "enable", 0640, false, ev_enable_show, ev_enable_store },
	{ "format", 0440, false, trace_ev_format_show, NULL },
	{ "id", 0440, false, ev_id_show, NULL },
	{ "filter", 0640, false, ev_filter_show, ev_filter_store },
	{ "trigger", 0640, false, trace_ev_trig_show, trace_ev_trig_store,
	  trace_ev_trig_trunc },
	{ "hist", 0440, false, trace_ev_trig_hist_show, NULL, NULL,
	  !IS_ENABLED(CONFIG_HIST_TRIGGERS) },
	{ "enable", 0640, true, sys_enable_show, sys_enable_store },
	{ "filter", 0640, true, sys_filter_show, sys_filter_store },
};

/**
 * trace_ev_rt_store() - write a file of an event of the top array
 * @rt:		the event
 * @file:	the file's name in events/<system>/<event>/
 * @val:	what to write, stripped
 *
 * The file's own store, as a write() of it runs it.
 *
 * Context: under trace_ev_lock.
 * Return: 0, the store's errno, -ENODEV for an event gone with its
 * module, or -ENOENT when the event has no such writable file.
 */
int trace_ev_rt_store(struct trace_ev_rt *rt, const char *file,
		      const char *val)
{
	const struct trace_ev_attr *a;

	lockdep_assert_held(&trace_ev_lock);
	if (rt->dead)
		return -ENODEV;
	for (a = trace_ev_attrs; a < trace_ev_attrs + ARRAY_SIZE(trace_ev_attrs);
	     a++)
		if (!a->sys && !a->absent && a->store && !strcmp(a->name, file))
			return a->store(val, rt);
	return -ENOENT;
}

/* Opening takes a reference; a dead event's files answer ENODEV. */
static int trace_ev_get(const struct trace_ev_node *n)
{
	struct trace_ev_rt *rt;
	int ret = 0;

	mutex_lock(&trace_ev_lock);
	if (n->attr->sys) {
		kref_get(&((struct trace_ev_sys *)n->obj)->ref);
	} else {
		rt = n->obj;
		if (rt->dead)
			ret = -ENODEV;
		else
			kref_get(&rt->ref);
	}
	mutex_unlock(&trace_ev_lock);
	return ret;
}

static void trace_ev_put(const struct trace_ev_node *n)
{
	if (n->attr->sys)
		trace_ev_sys_put(n->obj);
	else
		trace_ev_rt_put(n->obj);
}

/* A file of an event whose module is gone: its call is gone too. */
static bool trace_ev_node_dead(const struct trace_ev_node *n)
{
	return !n->attr->sys && ((struct trace_ev_rt *)n->obj)->dead;
}

static int trace_ev_file_show(struct seq_file *m, void *unused)
{
	const struct trace_ev_node *n = m->private;
	int ret = -ENODEV;

	mutex_lock(&trace_ev_lock);
	if (!trace_ev_node_dead(n))
		ret = n->attr->show(m, n->obj);
	mutex_unlock(&trace_ev_lock);
	return ret;
}

static int trace_ev_file_open(struct inode *inode, struct file *file)
{
	const struct trace_ev_node *n = inode->i_private;
	int ret = trace_ev_get(n);

	if (ret)
		return ret;
	ret = single_open(file, trace_ev_file_show, inode->i_private);
	if (ret) {
		trace_ev_put(n);
		return ret;
	}
	if (n->attr->trunc && (file->f_mode & FMODE_WRITE) &&
	    (file->f_flags & O_TRUNC)) {
		mutex_lock(&trace_ev_lock);
		if (!trace_ev_node_dead(n))
			n->attr->trunc(n->obj);
		mutex_unlock(&trace_ev_lock);
	}
	return 0;
}

static int trace_ev_file_release(struct inode *inode, struct file *file)
{
	trace_ev_put(inode->i_private);
	return single_release(inode, file);
}

static ssize_t trace_ev_file_write(struct file *file, const char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	const struct trace_ev_node *n = file_inode(file)->i_private;
	char *buf;
	int ret;

	if (!n->attr->store)
		return -EPERM;
	if (cnt >= TRACE_EV_WRITE_MAX)
		return -EINVAL;
	buf = memdup_user_nul(ubuf, cnt);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	mutex_lock(&trace_ev_lock);
	ret = trace_ev_node_dead(n) ? -ENODEV : n->attr->store(strim(buf), n->obj);
	mutex_unlock(&trace_ev_lock);
	kfree(buf);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations trace_ev_file_fops = {
	.open		= trace_ev_file_open,
	.read		= seq_read,
	.write		= trace_ev_file_write,
	.llseek		= seq_lseek,
	.release	= trace_ev_file_release,
};

/**
 * trace_ev_enable_show() - events/enable: whether the events record
 * @m:		where to print "0", "1" or "X"
 * @tr:		the trace array of the file
 * @unused:	the table argument
 *
 * Return: 0.
 */
static int trace_ev_enable_show(struct seq_file *m, struct trace_array *tr,
				long unused)
{
	int ret;

	mutex_lock(&trace_ev_lock);
	ret = trace_ev_show_state(m, NULL);
	mutex_unlock(&trace_ev_lock);
	return ret;
}

/**
 * trace_ev_enable_store() - events/enable: start or stop every event
 * @tr:		the trace array of the file
 * @val:	"0" or "1"
 * @unused:	the table argument
 *
 * Return: 0, -EINVAL, or the errno of registering a probe.
 */
static int trace_ev_enable_store(struct trace_array *tr, const char *val,
				 long unused)
{
	int ret;

	mutex_lock(&trace_ev_lock);
	ret = trace_ev_store_state(val, NULL);
	mutex_unlock(&trace_ev_lock);
	return ret;
}

/*
 * events/ of the top array (trace_fs.c makes it), where systems go. The
 * directories are eventfs's, as an instance's are: a file is made when
 * it is looked up, and an event no one reads the files of costs its
 * eventfs_inode alone.
 */
static struct eventfs_inode *trace_ev_top;

/* The files of an event's directory and of a system's: trace_ev_attrs. */
static struct eventfs_entry trace_ev_entries[TRACE_EV_FILES];
static struct eventfs_entry trace_ev_sys_entries[TRACE_EV_SYS_FILES];

/*
 * eventfs asks for a file by name, under its own mutex: the inode's data
 * becomes the file's node, which lives as long as its object does.
 */
static int trace_ev_fs_lookup(const char *name, umode_t *mode, void **data,
			      struct trace_ev_node *nodes, unsigned int nr)
{
	unsigned int i;

	for (i = 0; i < nr; i++) {
		if (strcmp(nodes[i].attr->name, name) || nodes[i].attr->absent)
			continue;
		*mode = nodes[i].attr->mode;
		*data = &nodes[i];
		return 1;
	}
	return 0;
}

static int trace_ev_fs_ev_lookup(const char *name, umode_t *mode,
				 void **data,
				 const struct file_operations **fops)
{
	struct trace_ev_rt *rt = *data;

	*fops = &trace_ev_file_fops;
	return trace_ev_fs_lookup(name, mode, data, rt->nodes, TRACE_EV_FILES);
}

static int trace_ev_fs_sys_lookup(const char *name, umode_t *mode,
				  void **data,
				  const struct file_operations **fops)
{
	struct trace_ev_sys *sys = *data;

	*fops = &trace_ev_file_fops;
	return trace_ev_fs_lookup(name, mode, data, sys->nodes,
				  TRACE_EV_SYS_FILES);
}

/*
 * eventfs let an event's directory go, after the last of its files: the
 * reference it held, which kept the files' nodes, is dropped. It may run
 * under trace_ev_lock (eventfs_remove_dir()); the release takes no lock.
 */
static void trace_ev_fs_ev_gone(const char *name, void *data)
{
	trace_ev_rt_put(data);
}

static void trace_ev_fs_sys_gone(const char *name, void *data)
{
	trace_ev_sys_put(data);
}

/* Point @nodes at the attributes of one kind (@sys) and at @obj. */
static void trace_ev_fs_fill(struct trace_ev_node *nodes, void *obj, bool sys)
{
	unsigned int i, k = 0;

	for (i = 0; i < ARRAY_SIZE(trace_ev_attrs); i++) {
		if (trace_ev_attrs[i].sys != sys)
			continue;
		nodes[k].attr = &trace_ev_attrs[i];
		nodes[k++].obj = obj;
	}
}

/* A system was created: its directory. 0, or eventfs's errno. */
static int trace_ev_fs_add_sys(struct trace_ev_sys *sys)
{
	struct eventfs_inode *ei;

	trace_ev_fs_fill(sys->nodes, sys, true);
	ei = eventfs_create_dir(sys->name, trace_ev_top, trace_ev_sys_entries,
				ARRAY_SIZE(trace_ev_sys_entries), sys);
	if (IS_ERR(ei))
		return PTR_ERR(ei);
	/* eventfs's, dropped by trace_ev_fs_sys_gone(). */
	kref_get(&sys->ref);
	sys->ei = ei;
	return 0;
}

/* An event was added: its directory. 0, or eventfs's errno. */
static int trace_ev_fs_add(struct trace_ev_rt *rt)
{
	struct eventfs_inode *ei;

	if (!rt->sys->ei)
		return -ENOMEM;
	trace_ev_fs_fill(rt->nodes, rt, false);
	ei = eventfs_create_dir(rt->call->name, rt->sys->ei, trace_ev_entries,
				ARRAY_SIZE(trace_ev_entries), rt);
	if (IS_ERR(ei))
		return PTR_ERR(ei);
	/* eventfs's, dropped by trace_ev_fs_ev_gone(). */
	kref_get(&rt->ref);
	rt->ei = ei;
	return 0;
}

static void trace_ev_fs_remove(struct trace_ev_rt *rt)
{
	if (rt->ei)
		eventfs_remove_dir(rt->ei);
	rt->ei = NULL;
}

static void trace_ev_fs_remove_sys(struct trace_ev_sys *sys)
{
	if (sys->ei)
		eventfs_remove_dir(sys->ei);
	sys->ei = NULL;
}

static struct trace_ev_client trace_ev_fs_client = {
	.add_sys = trace_ev_fs_add_sys,
	.add = trace_ev_fs_add,
	.remove = trace_ev_fs_remove,
	.remove_sys = trace_ev_fs_remove_sys,
};

/*
 * ftrace/print, among the core records' directories: their format and
 * id, and the trigger and hist files of an event (trace_ev_print_rt).
 */
static int trace_ev_fs_print_lookup(const char *name, umode_t *mode,
				    void **data,
				    const struct file_operations **fops)
{
	if (!strcmp(name, "trigger") || !strcmp(name, "hist"))
		return trace_ev_fs_ev_lookup(name, mode, data, fops);
	/* The core records' files take the record's type for data. */
	*data = (void *)(unsigned long)TRACE_TYPE_PRINT;
	return trace_fmt_lookup(name, mode, data, fops);
}

static const struct eventfs_entry trace_ev_print_entries[] = {
	{ .name = "format", .callback = trace_ev_fs_print_lookup },
	{ .name = "hist", .callback = trace_ev_fs_print_lookup },
	{ .name = "id", .callback = trace_ev_fs_print_lookup },
	{ .name = "trigger", .callback = trace_ev_fs_print_lookup },
};

/*
 * Where the systems' directories go: events/ of the top trace array,
 * with ftrace/ and its core records.
 */
static int trace_ev_fs_populate(const struct trace_fs_dirs *dirs)
{
	trace_ev_top = dirs->events;
	trace_ev_fs_fill(trace_ev_print_rt.nodes, &trace_ev_print_rt, false);
	return trace_fmt_mkdirs(dirs->events, trace_ev_print_entries,
				ARRAY_SIZE(trace_ev_print_entries),
				&trace_ev_print_rt);
}

static const struct trace_fs_file trace_ev_files[] = {
	TRACE_FS_ATTR("enable", 0640, TRACE_FS_EVENTS, trace_ev_enable_show,
		      trace_ev_enable_store),
	TRACE_FS_FOPS("set_event_pid", 0640, TRACE_FS_ARRAY,
		      TRACE_PID_ARG(TRACE_ARRAY_EV_PIDS, TRACE_PID_ONLY),
		      &trace_pid_fops),
	TRACE_FS_FOPS("set_event_notrace_pid", 0640, TRACE_FS_ARRAY,
		      TRACE_PID_ARG(TRACE_ARRAY_EV_PIDS, TRACE_PID_NEVER),
		      &trace_pid_fops),
};

/* The README's lines of events, and of hist triggers when built. */
#define TRACE_EV_README \
	"  events/enable        - 1 or 0 enables or disables every trace event\n" \
	"  events/<system>/<event>/ - enable (0/1), format (the record's\n" \
	"                         layout), id, filter; events/<system>/enable\n" \
	"                         reads X when its events differ\n" \
	"  events/<system>/<event>/trigger - commands run at each hit:\n" \
	"                         traceon, traceoff, snapshot, stacktrace,\n" \
	"                         enable_event:<sys>:<event>, disable_event,\n" \
	"                         enable_hist, disable_hist ([:count]) and\n" \
	"                         hist, each [if <filter>]; '!' removes one\n"

#define TRACE_EV_HIST_README \
	"  events/<system>/<event>/hist - the tables of its hist triggers\n" \
	"      hist:keys=<field1[,field2,field3]>[:values=<field1[,...]>]\n" \
	"          [:sort=<field1[,field2]>][:size=#entries][:name=<name>]\n" \
	"          [:pause][:continue][:clear][:nohitcount][:clock=<clock>]\n" \
	"          [:<var1>=<field|var_ref|numeric_literal>[,<var2>=...]]\n" \
	"          [if <filter>]\n" \
	"        a key takes .hex .sym .sym-offset .execname .syscall .log2\n" \
	"        .buckets=<size> or .usecs; a value .hex .percent or .graph;\n" \
	"        a key or variable can be any field, or the special string 'common_stacktrace'\n" \
	"        (the hit's stack; 'stacktrace' too)\n" \
	"        a variable is kept per entry; other triggers read it as\n" \
	"        $<var> or <system>.<event>.$<var>, once in an expression;\n" \
	"        expressions join fields, numbers and $vars with + - * /\n" \
	"        (3 operators)\n" \
	"      :onmatch(<system>.<event>).trace(<synthetic_event>,<param>...)\n" \
	"        or .<synthetic_event>(<param>...) writes the synthetic event\n" \
	"        at each hit whose $vars all had values; a param is a $var\n" \
	"        or a field\n" \
	"      :onmax(var) or :onchange(var), var a $var of the trigger, each\n" \
	"        followed by .trace(...) or .<synthetic_event>(...) as above,\n" \
	"        .save(field,...) or .snapshot(): when var grows (changes)\n" \
	"        in an entry, write the event or keep the fields in the entry;\n" \
	"        snapshot() takes a snapshot when var grows (changes) across\n" \
	"        the table\n"

static struct trace_fs_table trace_ev_fs = {
	.name = "events",
	.files = trace_ev_files,
	.nr = ARRAY_SIZE(trace_ev_files),
	.order = TRACE_FS_ORDER_EVENTS,
	.populate = trace_ev_fs_populate,
	.readme = IS_ENABLED(CONFIG_HIST_TRIGGERS) ?
		   TRACE_EV_README TRACE_EV_HIST_README : TRACE_EV_README,
};

/* Name the eventfs entries after trace_ev_attrs, in the nodes' order. */
static void __init trace_ev_fs_entries(void)
{
	unsigned int i, ev = 0, sys = 0;

	BUILD_BUG_ON(ARRAY_SIZE(trace_ev_attrs) !=
		     TRACE_EV_FILES + TRACE_EV_SYS_FILES);
	for (i = 0; i < ARRAY_SIZE(trace_ev_attrs); i++) {
		struct eventfs_entry *e;

		if (trace_ev_attrs[i].sys) {
			e = &trace_ev_sys_entries[sys++];
			e->callback = trace_ev_fs_sys_lookup;
			if (sys == 1)
				e->release = trace_ev_fs_sys_gone;
		} else {
			e = &trace_ev_entries[ev++];
			e->callback = trace_ev_fs_ev_lookup;
			if (ev == 1)
				e->release = trace_ev_fs_ev_gone;
		}
		e->name = trace_ev_attrs[i].name;
	}
}

static int __init trace_ev_fs_init(void)
{
	trace_ev_fs_entries();
	trace_ev_client_register(&trace_ev_fs_client);
	return trace_fs_register(&trace_ev_fs);
}
core_initcall(trace_ev_fs_init);
