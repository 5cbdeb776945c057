// SPDX-License-Identifier: GPL-2.0
/*
 * The files of an instance's events/: the enable files of every event,
 * of its systems and of all, each event's filter, trigger, hist, format
 * and id, each system's filter, header_page and header_event, and the
 * eventfs tables that make them when looked up. Their state is the
 * instance's events' (trace_ev_inst.c, above), which makes the
 * directories through trace_evi_mkdir_*() and frees nothing that a file
 * may hold: eventfs's releases here do.
 */
#include <linux/kref.h>
#include <linux/rcupdate.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/tracefs.h>

#include "trace_ev_inst.h"

/**
 * trace_ev_arr_release() - free an instance's events, with their last
 * reference
 * @ref:	their @ref
 */
void trace_ev_arr_release(struct kref *ref)
{
	struct trace_ev_arr *arr = container_of(ref, struct trace_ev_arr, ref);

	trace_fs_array_put(arr->fs);
	kfree(arr);
}

/**
 * trace_ev_ie_set_locked() - start or stop an event in an instance
 * @ie:		the event in the instance
 * @on:		true to record it there
 *
 * Context: under trace_ev_lock.
 * Return: 0, -ENODEV once the instance is gone, or the errno of
 * registering the probe.
 */
int trace_ev_ie_set_locked(struct trace_ev_ie *ie, bool on)
{
	int ret;

	lockdep_assert_held(&trace_ev_lock);
	if (trace_ev_ie_gone(ie))
		return -ENODEV;
	/* In soft mode, the enable file mutes and unmutes. */
	if (ie->soft) {
		WRITE_ONCE(ie->on, on);
		return 0;
	}
	if (ie->enabled == on)
		return 0;
	ie->enabled = on;
	ret = trace_ev_ie_apply_locked(ie);
	if (ret)
		ie->enabled = !on;
	return ret;
}

/* The state of the events of @arr in @only (all: NULL): "0", "1" or "X". */
static void trace_ev_arr_show(struct seq_file *m, struct trace_ev_arr *arr,
			      struct trace_ev_sys *only)
{
	struct trace_ev_ie *ie = NULL;
	bool on = false, off = false;

	while ((ie = trace_ev_arr_next(arr, ie))) {
		if (only && ie->rt->sys != only)
			continue;
		if (ie->on)
			on = true;
		else
			off = true;
	}
	seq_puts(m, on && off ? "X\n" : on ? "1\n" : "0\n");
}

static int trace_ev_arr_store(struct trace_ev_arr *arr,
			      struct trace_ev_sys *only, const char *val)
{
	struct trace_ev_ie *ie = NULL;
	int ret = 0, err;

	if (strcmp(val, "0") && strcmp(val, "1"))
		return -EINVAL;
	while ((ie = trace_ev_arr_next(arr, ie))) {
		if (only && ie->rt->sys != only)
			continue;
		err = trace_ev_ie_set_locked(ie, *val == '1');
		ret = ret ?: err;
	}
	return ret;
}

/*
 * The enable files: of all (events/enable, data the struct
 * trace_ev_arr), of a system (data its struct trace_ev_is) and of an
 * event (data its struct trace_ev_ie). Each open counts as an open file
 * of the instance.
 */
enum trace_ev_inst_kind { TRACE_EVI_ALL, TRACE_EVI_SYS, TRACE_EVI_EV };

static struct trace_ev_arr *trace_evi_arr(enum trace_ev_inst_kind kind,
					  void *data)
{
	switch (kind) {
	case TRACE_EVI_ALL:
		return data;
	case TRACE_EVI_SYS:
		return ((struct trace_ev_is *)data)->arr;
	default:
		return ((struct trace_ev_ie *)data)->arr;
	}
}

static int trace_evi_show(struct seq_file *m, enum trace_ev_inst_kind kind)
{
	struct trace_ev_arr *arr = trace_evi_arr(kind, m->private);
	struct trace_ev_ie *ie = m->private;
	struct trace_ev_is *is = m->private;

	guard(mutex)(&trace_ev_lock);
	/* In soft mode (named by enable_event triggers), a '*'. */
	if (kind == TRACE_EVI_EV)
		seq_printf(m, "%d%s\n", ie->on, ie->soft ? "*" : "");
	else
		trace_ev_arr_show(m, arr, kind == TRACE_EVI_SYS ? is->sys : NULL);
	return 0;
}

static int trace_evi_open(struct inode *inode, struct file *file,
			  enum trace_ev_inst_kind kind,
			  int (*show)(struct seq_file *m, void *unused))
{
	struct trace_ev_arr *arr = trace_evi_arr(kind, inode->i_private);
	int ret = trace_fs_array_open(arr->fs);

	if (ret)
		return ret;
	ret = single_open(file, show, inode->i_private);
	if (ret)
		trace_fs_array_close(arr->fs);
	return ret;
}

static int trace_evi_release(struct inode *inode, struct file *file,
			     enum trace_ev_inst_kind kind)
{
	struct trace_ev_arr *arr = trace_evi_arr(kind, inode->i_private);

	single_release(inode, file);
	trace_fs_array_close(arr->fs);
	return 0;
}

static ssize_t trace_evi_write(struct file *file, const char __user *ubuf,
			       size_t cnt, loff_t *ppos,
			       enum trace_ev_inst_kind kind)
{
	void *data = file_inode(file)->i_private;
	struct trace_ev_arr *arr = trace_evi_arr(kind, data);
	char buf[8], *val;
	int ret;

	if (cnt >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, cnt))
		return -EFAULT;
	buf[cnt] = '\0';
	val = strim(buf);
	scoped_guard(mutex, &trace_ev_lock) {
		if (arr->gone)
			return -ENODEV;
		if (kind == TRACE_EVI_EV) {
			ret = -EINVAL;
			if (!strcmp(val, "0") || !strcmp(val, "1"))
				ret = trace_ev_ie_set_locked(data, *val == '1');
		} else {
			ret = trace_ev_arr_store(arr, kind == TRACE_EVI_SYS ?
						 ((struct trace_ev_is *)data)->sys :
						 NULL, val);
		}
	}
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

/* The file operations of one kind of enable file. */
#define TRACE_EVI_FOPS(name, kind)					\
	static const enum trace_ev_inst_kind name##_kind = (kind);	\
	static int name##_show(struct seq_file *m, void *unused)	\
	{								\
		return trace_evi_show(m, name##_kind);			\
	}								\
	static int name##_open(struct inode *inode, struct file *file)	\
	{								\
		return trace_evi_open(inode, file, name##_kind,		\
				      name##_show);			\
	}								\
	static int name##_release(struct inode *inode, struct file *file) \
	{								\
		return trace_evi_release(inode, file, name##_kind);	\
	}								\
	static ssize_t name##_write(struct file *file,			\
				    const char __user *ubuf, size_t cnt, \
				    loff_t *ppos)			\
	{								\
		return trace_evi_write(file, ubuf, cnt, ppos,		\
				       name##_kind);			\
	}								\
	static const struct file_operations name##_fops = {		\
		.open = name##_open, .read = seq_read,			\
		.write = name##_write, .llseek = seq_lseek,		\
		.release = name##_release,				\
	}

TRACE_EVI_FOPS(trace_evi_all, TRACE_EVI_ALL);
TRACE_EVI_FOPS(trace_evi_sys, TRACE_EVI_SYS);
TRACE_EVI_FOPS(trace_evi_ev, TRACE_EVI_EV);

/* events/header_page and header_event: of the instance's buffer. */
#define TRACE_EVI_HEADER_FOPS(name, show_fn)				\
	static int name##_show(struct seq_file *m, void *unused)	\
	{								\
		return show_fn(m, trace_evi_arr(TRACE_EVI_ALL,		\
						m->private)->tr, 0);	\
	}								\
	static int name##_open(struct inode *inode, struct file *file)	\
	{								\
		return trace_evi_open(inode, file, TRACE_EVI_ALL,	\
				      name##_show);			\
	}								\
	static int name##_release(struct inode *inode, struct file *file) \
	{								\
		return trace_evi_release(inode, file, TRACE_EVI_ALL);	\
	}								\
	static const struct file_operations name##_fops = {		\
		.open = name##_open, .read = seq_read,			\
		.llseek = seq_lseek, .release = name##_release,		\
	}

TRACE_EVI_HEADER_FOPS(trace_evi_hpage, trace_fmt_header_page_show);
TRACE_EVI_HEADER_FOPS(trace_evi_hevent, trace_fmt_header_event_show);

/*
 * An event's filter in an instance: "none" or the expression in force;
 * written as the top array's filter files are.
 */
static int trace_evi_filter_show(struct seq_file *m, void *unused)
{
	struct trace_ev_ie *ie = m->private;
	const struct trace_ev_filter *f;

	guard(mutex)(&trace_ev_lock);
	f = rcu_dereference_protected(ie->filter,
				      lockdep_is_held(&trace_ev_lock));
	seq_printf(m, "%s\n", f ? trace_ev_filter_text(f) : "none");
	return 0;
}

static int trace_evi_ev_release_file(struct inode *inode, struct file *file)
{
	return trace_evi_release(inode, file, TRACE_EVI_EV);
}

/*
 * The file operations of an event's file in an instance, whose show is
 * name_show() and whose write, if any, @write_fn.
 */
#define TRACE_EVI_EV_FOPS(name, write_fn)				\
	static int name##_open(struct inode *inode, struct file *file)	\
	{								\
		return trace_evi_open(inode, file, TRACE_EVI_EV,	\
				      name##_show);			\
	}								\
	static const struct file_operations name##_fops = {		\
		.open = name##_open, .read = seq_read,			\
		.write = (write_fn), .llseek = seq_lseek,		\
		.release = trace_evi_ev_release_file,			\
	}

/*
 * A write to a file of an event or a system (@kind) in an instance: the
 * text, trimmed, goes to @store under trace_ev_lock, unless the instance
 * went or the event left with its module.
 */
static ssize_t trace_evi_text_write(struct file *file,
				    const char __user *ubuf, size_t cnt,
				    loff_t *ppos, enum trace_ev_inst_kind kind,
				    int (*store)(void *obj, char *text))
{
	void *obj = file_inode(file)->i_private;
	bool gone;
	char *buf;
	int ret;

	if (cnt >= PAGE_SIZE)
		return -EINVAL;
	buf = memdup_user_nul(ubuf, cnt);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	scoped_guard(mutex, &trace_ev_lock) {
		gone = kind == TRACE_EVI_EV ? trace_ev_ie_gone(obj) :
		       trace_evi_arr(kind, obj)->gone;
		ret = gone ? -ENODEV : store(obj, strim(buf));
	}
	kfree(buf);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

static int trace_evi_filter_store(void *obj, char *text)
{
	struct trace_ev_ie *ie = obj;
	struct trace_ev_filter *f, *old;
	int ret;

	lockdep_assert_held(&trace_ev_lock);
	ret = trace_ev_filter_parse(ie->arr->tr, ie->rt, text, &f);
	if (ret)
		return ret;
	old = rcu_replace_pointer(ie->filter, f,
				  lockdep_is_held(&trace_ev_lock));
	trace_ev_filter_free_rcu(old);
	return 0;
}

static ssize_t trace_evi_filter_write(struct file *file,
				      const char __user *ubuf, size_t cnt,
				      loff_t *ppos)
{
	return trace_evi_text_write(file, ubuf, cnt, ppos, TRACE_EVI_EV,
				    trace_evi_filter_store);
}

TRACE_EVI_EV_FOPS(trace_evi_filter, trace_evi_filter_write);

/* An event's triggers in an instance: as at the top, on the instance. */
static int trace_evi_trigger_show(struct seq_file *m, void *unused)
{
	guard(mutex)(&trace_ev_lock);
	return trace_ev_trig_ie_show(m, m->private);
}

static int trace_evi_trigger_store(void *obj, char *text)
{
	return trace_ev_trig_ie_store(text, obj);
}

static ssize_t trace_evi_trigger_write(struct file *file,
				       const char __user *ubuf, size_t cnt,
				       loff_t *ppos)
{
	return trace_evi_text_write(file, ubuf, cnt, ppos, TRACE_EVI_EV,
				    trace_evi_trigger_store);
}

/**
 * trace_ev_file_store() - write a file of an event of a trace array
 * @tr:		the array
 * @sys:	the event's system
 * @event:	its name
 * @file:	"enable", "filter" or "trigger" (any writable file of the
 *		event in the top array)
 * @val:	what to write; stripped as a write() is
 *
 * For the writers that are not user space (the boot config): the text
 * goes through the store of the file, with its checks and its
 * error_log, as a write of it would.
 *
 * Return: 0, the store's errno, -ENOENT when @tr has no such event or
 * file, or -ENOMEM.
 */
int trace_ev_file_store(struct trace_array *tr, const char *sys,
			const char *event, const char *file, const char *val)
{
	char *buf __free(kfree) = kstrdup(val, GFP_KERNEL);
	struct trace_ev_ie *ie;
	struct trace_ev_rt *rt;
	char *text;

	if (!buf)
		return -ENOMEM;
	text = strim(buf);
	guard(mutex)(&trace_ev_lock);
	rt = trace_ev_lookup_locked(tr, sys, event, &ie);
	if (!rt)
		return -ENOENT;
	if (!ie)
		return trace_ev_rt_store(rt, file, text);
	if (trace_ev_ie_gone(ie))
		return -ENODEV;
	if (!strcmp(file, "enable")) {
		if (strcmp(text, "0") && strcmp(text, "1"))
			return -EINVAL;
		return trace_ev_ie_set_locked(ie, *text == '1');
	}
	if (!strcmp(file, "filter"))
		return trace_evi_filter_store(ie, text);
	if (!strcmp(file, "trigger"))
		return trace_evi_trigger_store(ie, text);
	return -ENOENT;
}

/* Opened with O_TRUNC for writing, the file drops its hist triggers. */
static int trace_evi_trigger_open(struct inode *inode, struct file *file)
{
	struct trace_ev_ie *ie = inode->i_private;
	int ret = trace_evi_open(inode, file, TRACE_EVI_EV,
				 trace_evi_trigger_show);

	if (ret || !(file->f_mode & FMODE_WRITE) ||
	    !(file->f_flags & O_TRUNC))
		return ret;
	scoped_guard(mutex, &trace_ev_lock) {
		if (!trace_ev_ie_gone(ie))
			trace_ev_trig_ie_trunc(ie);
	}
	return 0;
}

static const struct file_operations trace_evi_trigger_fops = {
	.open = trace_evi_trigger_open, .read = seq_read,
	.write = trace_evi_trigger_write, .llseek = seq_lseek,
	.release = trace_evi_ev_release_file,
};

/* An event's hist file in an instance: its hist triggers' tables. */
static int trace_evi_hist_show(struct seq_file *m, void *unused)
{
	guard(mutex)(&trace_ev_lock);
	if (trace_ev_ie_gone(m->private))
		return -ENODEV;
	return trace_ev_trig_ie_hist_show(m, m->private);
}

TRACE_EVI_EV_FOPS(trace_evi_hist, NULL);

/*
 * A system's filter in an instance: as at the top, on the instance's
 * events of the system. The old filters are freed after one grace period.
 */
static int trace_evi_sys_filter_show(struct seq_file *m, void *unused)
{
	struct trace_ev_is *is = m->private;

	guard(mutex)(&trace_ev_lock);
	seq_printf(m, "%s\n", is->filter_text ?: "none");
	return 0;
}

static int trace_evi_sys_filter_store(void *obj, char *text)
{
	struct trace_ev_is *is = obj;
	struct trace_ev_sys_write w;
	struct trace_ev_filter *f;
	struct trace_ev_ie *ie;
	int ret;

	ret = trace_ev_sys_write_begin(&w, is->arr->tr, is->sys, text, is->nr);
	if (ret)
		return ret;
	list_for_each_entry(ie, &is->arr->events, list) {
		if (ie->is != is || ie->dead || w.n == w.max ||
		    trace_ev_filter_parse(NULL, ie->rt, text, &f))
			continue;
		w.old[w.n++] = rcu_replace_pointer(ie->filter, f,
						   lockdep_is_held(&trace_ev_lock));
	}
	trace_ev_sys_write_end(&w, &is->filter_text);
	return 0;
}

static int trace_evi_sys_filter_open(struct inode *inode, struct file *file)
{
	return trace_evi_open(inode, file, TRACE_EVI_SYS,
			      trace_evi_sys_filter_show);
}

static int trace_evi_sys_filter_release(struct inode *inode,
					struct file *file)
{
	return trace_evi_release(inode, file, TRACE_EVI_SYS);
}

static ssize_t trace_evi_sys_filter_write(struct file *file,
					  const char __user *ubuf, size_t cnt,
					  loff_t *ppos)
{
	return trace_evi_text_write(file, ubuf, cnt, ppos, TRACE_EVI_SYS,
				    trace_evi_sys_filter_store);
}

static const struct file_operations trace_evi_sys_filter_fops = {
	.open = trace_evi_sys_filter_open, .read = seq_read,
	.write = trace_evi_sys_filter_write, .llseek = seq_lseek,
	.release = trace_evi_sys_filter_release,
};

/* An event's format and id, as at the top. */
static int trace_evi_format_show(struct seq_file *m, void *unused)
{
	struct trace_ev_ie *ie = m->private;

	/* Its event may be gone with its module. */
	guard(mutex)(&trace_ev_lock);
	return trace_ev_ie_gone(ie) ? -ENODEV : trace_ev_format_show(m, ie->rt);
}

TRACE_EVI_EV_FOPS(trace_evi_format, NULL);

static int trace_evi_evid_show(struct seq_file *m, void *unused)
{
	struct trace_ev_ie *ie = m->private;

	guard(mutex)(&trace_ev_lock);
	if (trace_ev_ie_gone(ie))
		return -ENODEV;
	seq_printf(m, "%u\n", ie->rt->call->id);
	return 0;
}

TRACE_EVI_EV_FOPS(trace_evi_evid, NULL);

/* eventfs asks for a directory's files by name, under its own mutex. */
static int trace_evi_sys_cb(const char *file, umode_t *mode, void **data,
			    const struct file_operations **fops)
{
	if (!strcmp(file, "enable"))
		*fops = &trace_evi_sys_fops;
	else if (!strcmp(file, "filter"))
		*fops = &trace_evi_sys_filter_fops;
	else
		return 0;
	*mode = 0640;
	return 1;
}

static int trace_evi_ev_cb(const char *file, umode_t *mode, void **data,
			   const struct file_operations **fops)
{
	*mode = 0640;
	if (!strcmp(file, "enable")) {
		*fops = &trace_evi_ev_fops;
	} else if (!strcmp(file, "filter")) {
		*fops = &trace_evi_filter_fops;
	} else if (!strcmp(file, "trigger")) {
		*fops = &trace_evi_trigger_fops;
	} else {
		*mode = 0440;
		if (!strcmp(file, "format"))
			*fops = &trace_evi_format_fops;
		else if (!strcmp(file, "id"))
			*fops = &trace_evi_evid_fops;
		else if (!strcmp(file, "hist") &&
			 IS_ENABLED(CONFIG_HIST_TRIGGERS))
			*fops = &trace_evi_hist_fops;
		else
			return 0;
	}
	return 1;
}

/* events/ itself: enable, header_page and header_event. */
static int trace_evi_all_cb(const char *file, umode_t *mode, void **data,
			    const struct file_operations **fops)
{
	*mode = 0440;
	if (!strcmp(file, "enable")) {
		*mode = 0640;
		*fops = &trace_evi_all_fops;
	} else if (!strcmp(file, "header_page")) {
		*fops = &trace_evi_hpage_fops;
	} else if (!strcmp(file, "header_event")) {
		*fops = &trace_evi_hevent_fops;
	} else {
		return 0;
	}
	return 1;
}

/* events/ goes: the last of eventfs's hold on the instance's events. */
static void trace_evi_all_gone(const char *name, void *data)
{
	struct trace_ev_arr *arr = data;

	kref_put(&arr->ref, trace_ev_arr_release);
}

static const struct eventfs_entry trace_evi_all_files[] = {
	{ .name = "enable", .callback = trace_evi_all_cb,
	  .release = trace_evi_all_gone },
	{ .name = "header_event", .callback = trace_evi_all_cb },
	{ .name = "header_page", .callback = trace_evi_all_cb },
};

static void trace_evi_sys_gone(const char *name, void *data);
static void trace_evi_ev_gone(const char *name, void *data);

static const struct eventfs_entry trace_evi_sys_files[] = {
	{ .name = "enable", .callback = trace_evi_sys_cb,
	  .release = trace_evi_sys_gone },
	{ .name = "filter", .callback = trace_evi_sys_cb },
};

static const struct eventfs_entry trace_evi_ev_files[] = {
	{ .name = "enable", .callback = trace_evi_ev_cb,
	  .release = trace_evi_ev_gone },
	{ .name = "filter", .callback = trace_evi_ev_cb },
	{ .name = "format", .callback = trace_evi_ev_cb },
	{ .name = "hist", .callback = trace_evi_ev_cb },
	{ .name = "id", .callback = trace_evi_ev_cb },
	{ .name = "trigger", .callback = trace_evi_ev_cb },
};

/*
 * ftrace/print in an instance, among the core records' directories: their
 * format and id, and the trigger and hist files of its state there.
 */
static int trace_evi_print_cb(const char *file, umode_t *mode, void **data,
			      const struct file_operations **fops)
{
	if (!strcmp(file, "trigger") || !strcmp(file, "hist"))
		return trace_evi_ev_cb(file, mode, data, fops);
	/* The core records' files take the record's type for data. */
	*data = (void *)(unsigned long)TRACE_TYPE_PRINT;
	return trace_fmt_lookup(file, mode, data, fops);
}

/* No release: the state is part of the instance's struct trace_ev_arr. */
static const struct eventfs_entry trace_evi_print_files[] = {
	{ .name = "format", .callback = trace_evi_print_cb },
	{ .name = "hist", .callback = trace_evi_print_cb },
	{ .name = "id", .callback = trace_evi_print_cb },
	{ .name = "trigger", .callback = trace_evi_print_cb },
};

/* eventfs let the directory of a system or an event of an instance go. */
static void trace_evi_sys_gone(const char *name, void *data)
{
	struct trace_ev_is *is = data;

	kfree(is->filter_text);
	kfree(is);
}

static void trace_ev_ie_free_rcu(struct rcu_head *rcu)
{
	struct trace_ev_ie *ie = container_of(rcu, struct trace_ev_ie, rcu);

	trace_ev_filter_free(rcu_dereference_protected(ie->filter, true));
	kfree(ie);
}

static void trace_evi_ev_gone(const char *name, void *data)
{
	struct trace_ev_ie *ie = data;

	/* Probes may still walk it through their event's @insts. */
	call_rcu(&ie->rcu, trace_ev_ie_free_rcu);
}

/**
 * trace_evi_mkdir_all() - make an instance's events/
 * @arr:	the instance's events, which the directory's files take
 * @dir:	the instance's directory
 *
 * Return: the directory, or an ERR_PTR().
 */
struct eventfs_inode *trace_evi_mkdir_all(struct trace_ev_arr *arr,
					  struct dentry *dir)
{
	return eventfs_create_events_dir("events", dir, trace_evi_all_files,
					 ARRAY_SIZE(trace_evi_all_files), arr);
}

/**
 * trace_evi_mkdir_sys() - make the directory of a system in an instance
 * @is:		the system there, which the directory's files take
 *
 * Return: the directory, or an ERR_PTR().
 */
struct eventfs_inode *trace_evi_mkdir_sys(struct trace_ev_is *is)
{
	return eventfs_create_dir(is->sys->name, is->arr->ei,
				  trace_evi_sys_files,
				  ARRAY_SIZE(trace_evi_sys_files), is);
}

/**
 * trace_evi_mkdir_ev() - make the directory of an event in an instance
 * @ie:		the event there, which the directory's files take
 * @name:	the event's name
 * @parent:	its system's directory
 *
 * Return: the directory, or an ERR_PTR().
 */
struct eventfs_inode *trace_evi_mkdir_ev(struct trace_ev_ie *ie,
					 const char *name,
					 struct eventfs_inode *parent)
{
	return eventfs_create_dir(name, parent, trace_evi_ev_files,
				  ARRAY_SIZE(trace_evi_ev_files), ie);
}

/**
 * trace_evi_mkdir_print() - make ftrace/print's directory in an instance,
 * among the core records' directories
 * @arr:	the instance's events, with @arr->print set up
 *
 * Return: 0 or a negative errno.
 */
int trace_evi_mkdir_print(struct trace_ev_arr *arr)
{
	return trace_fmt_mkdirs(arr->ei, trace_evi_print_files,
				ARRAY_SIZE(trace_evi_print_files), &arr->print);
}
