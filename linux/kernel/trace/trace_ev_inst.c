// SPDX-License-Identifier: GPL-2.0
/*
 * The events of instances: each instance's events/ (the enable files of
 * every event, of its systems and of all; the core's formats), and the
 * state they set, one struct trace_ev_ie per event and instance. Events
 * that modules bring join every instance, and leave with their module.
 *
 * The directories are eventfs's: their files are made when looked up, so
 * that an instance that no one reads the events of costs a few bytes per
 * event. An event enabled in an instance takes the slow path, whose
 * commit copies the record into the buffer of each instance it is
 * live in (trace_ev_write.c), where its filter, triggers and pid lists
 * there are asked.
 *
 * An instance's events (struct trace_ev_arr) live while the instance does
 * and while eventfs holds its directory: the eventfs release of events/
 * drops the last reference, after the last file of it is closed. Each
 * system's and event's state goes the same way with its directory.
 */
#include <linux/kref.h>
#include <linux/list.h>
#include <linux/rcupdate.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/tracefs.h>

#include "trace.h"
#include "trace_ev_core.h"

/**
 * struct trace_ev_is - a system in an instance
 * @sys:	the system
 * @arr:	the instance's events
 * @ei:		its directory
 * @nr:		its events in the instance
 * @list:	in the instance's systems
 * @filter_text: what its filter file last took, or NULL
 *
 * Under trace_ev_lock; freed once eventfs lets its directory go.
 */
struct trace_ev_is {
	struct trace_ev_sys *sys;
	struct trace_ev_arr *arr;
	struct eventfs_inode *ei;
	unsigned int nr;
	struct list_head list;
	char *filter_text;
};

/**
 * struct trace_ev_arr - an instance's events
 * @tr:		the instance
 * @fs:		its files (held), for counting the opens of ours
 * @ei:		its events/
 * @list:	in trace_ev_arrs
 * @ref:	the instance's, and eventfs's while it holds events/
 * @rcu:	frees it after the probes that may read @ev
 * @dst:	where its events record, for each of them (set at the make)
 * @gone:	the instance went: the files change nothing
 * @systems:	its systems (struct trace_ev_is)
 * @events:	its events (struct trace_ev_ie), system by system
 * @print:	ftrace/print there, for its triggers: not among @events,
 *		in no system; the marker's write finds it through the
 *		instance's TRACE_ARRAY_EV_PRINT slot
 *
 * All but @ref are under trace_ev_lock.
 */
struct trace_ev_arr {
	struct trace_array *tr;
	struct trace_fs_dirs *fs;
	struct eventfs_inode *ei;
	struct list_head list;
	struct kref ref;
	struct rcu_head rcu;
	struct trace_ev_dst dst;
	bool gone;
	struct list_head systems;
	struct list_head events;
	struct trace_ev_ie print;
};

/* One per event and instance: kept within a 128-byte slab object. */
static_assert(sizeof(struct trace_ev_ie) <= 128);

/* Every instance's events; under trace_ev_lock. */
static LIST_HEAD(trace_ev_arrs);

static void trace_ev_arr_release(struct kref *ref)
{
	struct trace_ev_arr *arr = container_of(ref, struct trace_ev_arr, ref);

	trace_fs_array_put(arr->fs);
	kfree(arr);
}

/**
 * trace_ev_arr_of() - the events of a trace array
 * @tr:		the array
 *
 * Context: under trace_ev_lock.
 * Return: an instance's events, or NULL for the top array.
 */
struct trace_ev_arr *trace_ev_arr_of(struct trace_array *tr)
{
	struct trace_ev_arr *arr;

	lockdep_assert_held(&trace_ev_lock);
	list_for_each_entry(arr, &trace_ev_arrs, list)
		if (arr->tr == tr)
			return arr;
	return NULL;
}

/**
 * trace_ev_arr_next() - walk the events of an instance
 * @arr:	the instance's events
 * @ie:		the last one returned, or NULL to start
 *
 * Context: under trace_ev_lock.
 * Return: the next, or NULL after the last.
 */
static struct trace_ev_ie *trace_ev_arr_next(struct trace_ev_arr *arr,
					     struct trace_ev_ie *ie)
{
	lockdep_assert_held(&trace_ev_lock);
	ie = ie ? list_next_entry(ie, list) :
		  list_first_entry(&arr->events, struct trace_ev_ie, list);
	return list_entry_is_head(ie, &arr->events, list) ? NULL : ie;
}

/* Has @ie left its instance, or its instance gone? Under trace_ev_lock. */
static bool trace_ev_ie_gone(const struct trace_ev_ie *ie)
{
	return ie->dead || ie->arr->gone;
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
static int trace_ev_ie_set_locked(struct trace_ev_ie *ie, bool on)
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

/**
 * trace_ev_walk_next() - the next event of a walk
 * @w:		the walk
 *
 * Return: false past the last.
 */
bool trace_ev_walk_next(struct trace_ev_walk *w)
{
	lockdep_assert_held(&trace_ev_lock);
	if (w->arr) {
		w->ie = trace_ev_arr_next(w->arr, w->ie);
		w->rt = w->ie ? w->ie->rt : NULL;
	} else {
		w->rt = trace_ev_next(w->rt);
	}
	return w->rt;
}

/**
 * trace_ev_walk_is_on() - whether the event of a walk records in its array
 * @w:		the walk, on an event
 *
 * Return: true when it does.
 */
bool trace_ev_walk_is_on(const struct trace_ev_walk *w)
{
	return w->arr ? w->ie->on : trace_ev_is_on(w->rt);
}

/**
 * trace_ev_walk_set() - start or stop the event of a walk in its array
 * @w:		the walk, on an event
 * @on:		start it
 *
 * Return: 0, -ENODEV when it or its instance is gone, or the errno of
 * registering its probe.
 */
int trace_ev_walk_set(const struct trace_ev_walk *w, bool on)
{
	return w->arr ? trace_ev_ie_set_locked(w->ie, on) :
			trace_ev_set_locked(w->rt, on);
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

/* @arr's system @sys, made with its directory if need be; NULL: -ENOMEM. */
static struct trace_ev_is *trace_ev_is_get(struct trace_ev_arr *arr,
					   struct trace_ev_sys *sys)
{
	struct trace_ev_is *is;

	list_for_each_entry(is, &arr->systems, list)
		if (is->sys == sys)
			return is;
	is = kzalloc(sizeof(*is), GFP_KERNEL);
	if (!is)
		return NULL;
	is->sys = sys;
	is->arr = arr;
	is->ei = eventfs_create_dir(sys->name, arr->ei, trace_evi_sys_files,
				    ARRAY_SIZE(trace_evi_sys_files), is);
	if (IS_ERR(is->ei)) {
		kfree(is);
		return NULL;
	}
	list_add_tail(&is->list, &arr->systems);
	return is;
}

/* @is lost an event; with its last, it goes. */
static void trace_ev_is_put(struct trace_ev_is *is)
{
	if (--is->nr)
		return;
	list_del(&is->list);
	/* eventfs frees @is (trace_evi_sys_gone()) once it lets go. */
	eventfs_remove_dir(is->ei);
}

/* Event @rt joins instance @arr: its state, directory and place. */
static int trace_ev_ie_add(struct trace_ev_arr *arr, struct trace_ev_rt *rt)
{
	struct trace_ev_is *is = trace_ev_is_get(arr, rt->sys);
	struct trace_ev_ie *ie;

	lockdep_assert_held(&trace_ev_lock);
	if (!is)
		return -ENOMEM;
	ie = kzalloc(sizeof(*ie), GFP_KERNEL);
	if (ie)
		ie->ei = eventfs_create_dir(rt->call->name, is->ei,
					    trace_evi_ev_files,
					    ARRAY_SIZE(trace_evi_ev_files), ie);
	if (!ie || IS_ERR(ie->ei)) {
		kfree(ie);
		is->nr++;
		trace_ev_is_put(is);
		return -ENOMEM;
	}
	INIT_LIST_HEAD(&ie->trigs);
	ie->rt = rt;
	ie->arr = arr;
	ie->is = is;
	ie->dst = &arr->dst;
	is->nr++;
	list_add_tail(&ie->list, &arr->events);
	list_add_tail_rcu(&ie->node, &rt->insts);
	return 0;
}

/*
 * @ie leaves its instance: off, out of its event's list, its directory
 * removed (eventfs frees it when it lets go). With @rmdir, the whole
 * events/ goes after: its directories need not go one by one.
 */
static void trace_ev_ie_del(struct trace_ev_ie *ie, bool rmdir)
{
	struct trace_ev_is *is = ie->is;

	lockdep_assert_held(&trace_ev_lock);
	/* Triggers that name it, then its own: its soft mode ends. */
	if (!rmdir)
		trace_ev_trig_ie_forget_locked(ie);
	trace_ev_trig_ie_clear_locked(ie);
	ie->enabled = false;
	trace_ev_ie_apply_locked(ie);
	/* Its files, which may stay open, change nothing from here on. */
	ie->dead = true;
	list_del_rcu(&ie->node);
	list_del(&ie->list);
	if (rmdir)
		return;
	/* Its records may outlive their printer (a module's event). */
	if (ie->used)
		trace_buf_reset(ie->dst->buf, RING_BUFFER_ALL_CPUS);
	/* Its directory first: the system's removal would take it along. */
	eventfs_remove_dir(ie->ei);
	trace_ev_is_put(is);
}

/* Take @arr's events out of theirs; under trace_ev_lock. */
static void trace_ev_arr_unlink(struct trace_ev_arr *arr)
{
	struct trace_ev_ie *ie, *tmp;

	lockdep_assert_held(&trace_ev_lock);
	/* Every trigger first, and with them every soft mode. */
	trace_ev_trig_ie_clear_locked(&arr->print);
	list_for_each_entry(ie, &arr->events, list)
		trace_ev_trig_ie_clear_locked(ie);
	arr->print.dead = true;
	list_del_rcu(&arr->print.node);
	WRITE_ONCE(*trace_array_slot(arr->tr, TRACE_ARRAY_EV_PRINT), NULL);
	list_for_each_entry_safe(ie, tmp, &arr->events, list)
		trace_ev_ie_del(ie, true);
	arr->gone = true;
	list_del(&arr->list);
}

/* @arr's ftrace/print, for the marker's write to run its triggers. */
static void trace_evi_print_init(struct trace_ev_arr *arr)
{
	struct trace_ev_ie *ie = &arr->print;

	INIT_LIST_HEAD(&ie->trigs);
	INIT_LIST_HEAD(&ie->list);
	ie->rt = &trace_ev_print_rt;
	ie->arr = arr;
	ie->dst = &arr->dst;
	list_add_tail_rcu(&ie->node, &trace_ev_print_rt.insts);
	WRITE_ONCE(*trace_array_slot(arr->tr, TRACE_ARRAY_EV_PRINT), ie);
}

static int trace_ev_inst_add(struct trace_array *tr, struct trace_fs_dirs *fs,
			     struct dentry *dir)
{
	struct trace_ev_arr *arr = kzalloc(sizeof(*arr), GFP_KERNEL);
	struct trace_ev_rt *rt;
	int ret;

	if (!arr)
		return -ENOMEM;
	arr->tr = tr;
	arr->fs = fs;
	arr->dst.tr = tr;
	arr->dst.buf = trace_array_buf(tr);
	/* Made before (TRACE_ARRAY_ORDER_PIDS): they go after. */
	arr->dst.pids = *trace_array_slot(tr, TRACE_ARRAY_EV_PIDS);
	arr->dst.opts = trace_array_opts(tr);
	trace_fs_array_get(fs);
	kref_init(&arr->ref);
	INIT_LIST_HEAD(&arr->systems);
	INIT_LIST_HEAD(&arr->events);
	guard(mutex)(&trace_ev_lock);
	arr->ei = eventfs_create_events_dir("events", dir, trace_evi_all_files,
					    ARRAY_SIZE(trace_evi_all_files),
					    arr);
	if (IS_ERR(arr->ei)) {
		ret = PTR_ERR(arr->ei);
		kref_put(&arr->ref, trace_ev_arr_release);
		return ret;
	}
	/* eventfs's hold, dropped when events/ is freed. */
	kref_get(&arr->ref);
	list_add_tail(&arr->list, &trace_ev_arrs);
	trace_evi_print_init(arr);
	ret = trace_fmt_mkdirs(arr->ei, trace_evi_print_files,
			       ARRAY_SIZE(trace_evi_print_files), &arr->print);
	for (rt = trace_ev_next(NULL); rt && !ret; rt = trace_ev_next(rt))
		if (!rt->dead)
			ret = trace_ev_ie_add(arr, rt);
	if (ret) {
		trace_ev_arr_unlink(arr);
		eventfs_remove_events_dir(arr->ei);
		kref_put(&arr->ref, trace_ev_arr_release);
	}
	return ret;
}

static void trace_ev_inst_remove(struct trace_array *tr)
{
	struct trace_ev_arr *arr;

	guard(mutex)(&trace_ev_lock);
	arr = trace_ev_arr_of(tr);
	if (!arr)
		return;
	trace_ev_arr_unlink(arr);
	eventfs_remove_events_dir(arr->ei);
	kref_put(&arr->ref, trace_ev_arr_release);
}

/* A module's event came: it joins every instance. */
static int trace_ev_inst_ev_add(struct trace_ev_rt *rt)
{
	struct trace_ev_arr *arr;
	int ret = 0;

	list_for_each_entry(arr, &trace_ev_arrs, list)
		ret = trace_ev_ie_add(arr, rt) ?: ret;
	return ret;
}

/* A module's event goes: it leaves every instance. */
static void trace_ev_inst_ev_forget(struct trace_ev_rt *rt)
{
	struct trace_ev_ie *ie, *tmp;

	list_for_each_entry_safe(ie, tmp, &rt->insts, node)
		trace_ev_ie_del(ie, false);
}

static struct trace_ev_client trace_ev_inst_ev_client = {
	.add = trace_ev_inst_ev_add,
	.forget = trace_ev_inst_ev_forget,
};

TRACE_REGISTER(trace_ev_client_register, trace_ev_inst_ev_client);

/**
 * trace_array_set_clr_event() - start or stop events in a trace array
 * @tr:		the array
 * @system:	the events' system, or NULL for any
 * @event:	the event's name, or NULL for every one of @system
 * @enable:	start them, or stop them
 *
 * For the kernel's users of instances, as set_event does it.
 *
 * Return: 0; -ENOENT without an array; -EINVAL when no event matches; or
 * the errno of registering a probe.
 */
int trace_array_set_clr_event(struct trace_array *tr, const char *system,
			      const char *event, bool enable)
{
	struct trace_ev_walk w = { };
	int ret = -EINVAL, err;

	if (!tr)
		return -ENOENT;
	guard(mutex)(&trace_ev_lock);
	w.arr = trace_ev_arr_of(tr);
	while (trace_ev_walk_next(&w)) {
		if ((system && strcmp(system, w.rt->sys->name)) ||
		    (event && strcmp(event, w.rt->call->name)))
			continue;
		err = trace_ev_walk_set(&w, enable);
		ret = ret == -EINVAL ? err : ret ?: err;
	}
	return ret;
}
EXPORT_SYMBOL_GPL(trace_array_set_clr_event);

static struct trace_array_client trace_ev_inst_client = {
	.add = trace_ev_inst_add,
	.remove = trace_ev_inst_remove,
	.order = TRACE_ARRAY_ORDER_EVENTS,
};

TRACE_REGISTER(trace_array_client_register, trace_ev_inst_client);
