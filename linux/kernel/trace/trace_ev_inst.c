// SPDX-License-Identifier: GPL-2.0
/*
 * The events of instances: each instance's events/ (the enable files of
 * every event of vmlinux, of its systems and of all), and the state they
 * set, one struct trace_ev_ie per event and instance.
 *
 * The directories are eventfs's: their files are made when looked up, so
 * that an instance that no one reads the events of costs a few bytes per
 * event. An event enabled in an instance takes the slow path, whose
 * commit copies the record into the buffer of each instance it is
 * enabled in (trace_ev_write.c). Filters, triggers and pid lists are the
 * top array's only, for now; so are the events of modules.
 *
 * An instance's events (struct trace_ev_arr) live while the instance does
 * and while eventfs holds its directory: the eventfs release of events/
 * drops the last reference, after the last file of it is closed.
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
 */
struct trace_ev_is {
	struct trace_ev_sys *sys;
	struct trace_ev_arr *arr;
};

/**
 * struct trace_ev_arr - an instance's events
 * @tr:		the instance
 * @fs:		its files (held), for counting the opens of ours
 * @ei:		its events/
 * @list:	in trace_ev_arrs
 * @ref:	the instance's, and eventfs's while it holds events/
 * @rcu:	frees it after the probes that may read @ev
 * @gone:	the instance went: the files change nothing
 * @nr_sys:	systems in @sys
 * @nr_ev:	events in @ev
 * @sys:	each system that has events of vmlinux
 * @ev:		each event of vmlinux, system by system
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
	bool gone;
	unsigned int nr_sys;
	unsigned int nr_ev;
	struct trace_ev_is *sys;
	struct trace_ev_ie *ev;
};

/* Every instance's events; under trace_ev_lock. */
static LIST_HEAD(trace_ev_arrs);

static void trace_ev_arr_free_rcu(struct rcu_head *rcu)
{
	struct trace_ev_arr *arr = container_of(rcu, struct trace_ev_arr, rcu);

	kvfree(arr->ev);
	kvfree(arr->sys);
	kfree(arr);
}

static void trace_ev_arr_release(struct kref *ref)
{
	struct trace_ev_arr *arr = container_of(ref, struct trace_ev_arr, ref);

	trace_fs_array_put(arr->fs);
	/* Probes may still walk @ev through their events' @insts. */
	call_rcu(&arr->rcu, trace_ev_arr_free_rcu);
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
struct trace_ev_ie *trace_ev_arr_next(struct trace_ev_arr *arr,
				      struct trace_ev_ie *ie)
{
	lockdep_assert_held(&trace_ev_lock);
	ie = ie ? ie + 1 : arr->ev;
	return ie < arr->ev + arr->nr_ev ? ie : NULL;
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
	struct trace_ev_rt *rt = ie->rt;
	int ret;

	lockdep_assert_held(&trace_ev_lock);
	if (ie->arr->gone)
		return -ENODEV;
	if (ie->on == on)
		return 0;
	if (!on) {
		/* Off first: the probe may go with the event's last user. */
		WRITE_ONCE(ie->on, false);
		rt->nr_insts--;
		return trace_ev_apply_locked(rt);
	}
	/* The probe and its slow path first, then the copies into @ie. */
	rt->nr_insts++;
	ret = trace_ev_apply_locked(rt);
	if (ret) {
		rt->nr_insts--;
		return ret;
	}
	WRITE_ONCE(ie->on, true);
	return 0;
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
	if (kind == TRACE_EVI_EV)
		seq_printf(m, "%d\n", ie->on);
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

/* events/header_page and header_event: as the top array's. */
#define TRACE_EVI_HEADER_FOPS(name, show_fn)				\
	static int name##_show(struct seq_file *m, void *unused)	\
	{								\
		return show_fn(m, NULL, 0);				\
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
 * events/ftrace/<record>/format and id: data the record's type. They
 * show nothing of the instance, and are not counted as its open files.
 */
static int trace_evi_fmt_show(struct seq_file *m, void *unused)
{
	return trace_fmt_show(m, NULL, (unsigned long)m->private);
}

static int trace_evi_fmt_open(struct inode *inode, struct file *file)
{
	return single_open(file, trace_evi_fmt_show, inode->i_private);
}

static const struct file_operations trace_evi_fmt_fops = {
	.open = trace_evi_fmt_open, .read = seq_read,
	.llseek = seq_lseek, .release = single_release,
};

static int trace_evi_id_show(struct seq_file *m, void *unused)
{
	seq_printf(m, "%lu\n", (unsigned long)m->private);
	return 0;
}

static int trace_evi_id_open(struct inode *inode, struct file *file)
{
	return single_open(file, trace_evi_id_show, inode->i_private);
}

static const struct file_operations trace_evi_id_fops = {
	.open = trace_evi_id_open, .read = seq_read,
	.llseek = seq_lseek, .release = single_release,
};

static int trace_evi_fmt_cb(const char *file, umode_t *mode, void **data,
			    const struct file_operations **fops)
{
	*mode = 0444;
	if (!strcmp(file, "format"))
		*fops = &trace_evi_fmt_fops;
	else if (!strcmp(file, "id"))
		*fops = &trace_evi_id_fops;
	else
		return 0;
	return 1;
}

static const struct eventfs_entry trace_evi_fmt_files[] = {
	{ .name = "format", .callback = trace_evi_fmt_cb },
	{ .name = "id", .callback = trace_evi_fmt_cb },
};

/* eventfs asks for a directory's files by name, under its own mutex. */
#define TRACE_EVI_CB(name)						\
	static int name##_cb(const char *file, umode_t *mode, void **data, \
			     const struct file_operations **fops)	\
	{								\
		if (strcmp(file, "enable"))				\
			return 0;					\
		*mode = 0644;						\
		*fops = &name##_fops;					\
		return 1;						\
	}

TRACE_EVI_CB(trace_evi_sys)
TRACE_EVI_CB(trace_evi_ev)

/* events/ itself: enable, header_page and header_event. */
static int trace_evi_all_cb(const char *file, umode_t *mode, void **data,
			    const struct file_operations **fops)
{
	*mode = 0444;
	if (!strcmp(file, "enable")) {
		*mode = 0644;
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

static const struct eventfs_entry trace_evi_sys_files[] = {
	{ .name = "enable", .callback = trace_evi_sys_cb },
};

static const struct eventfs_entry trace_evi_ev_files[] = {
	{ .name = "enable", .callback = trace_evi_ev_cb },
};

/* Count, then fill, the systems and events of vmlinux in @arr. */
static int trace_ev_arr_fill(struct trace_ev_arr *arr)
{
	struct trace_ev_sys *sys;
	struct trace_ev_rt *rt;
	unsigned int s = 0, e = 0;
	bool any;

	lockdep_assert_held(&trace_ev_lock);
	list_for_each_entry(sys, &trace_ev_systems, list) {
		any = false;
		list_for_each_entry(rt, &sys->events, list) {
			if (rt->mod || rt->dead)
				continue;
			arr->nr_ev++;
			any = true;
		}
		arr->nr_sys += any;
	}
	arr->sys = kvcalloc(arr->nr_sys, sizeof(*arr->sys), GFP_KERNEL);
	arr->ev = kvcalloc(arr->nr_ev, sizeof(*arr->ev), GFP_KERNEL);
	if (!arr->sys || !arr->ev)
		return -ENOMEM;
	list_for_each_entry(sys, &trace_ev_systems, list) {
		any = false;
		list_for_each_entry(rt, &sys->events, list) {
			if (rt->mod || rt->dead)
				continue;
			arr->ev[e].rt = rt;
			arr->ev[e].arr = arr;
			arr->ev[e].buf = trace_array_buf(arr->tr);
			e++;
			any = true;
		}
		if (any) {
			arr->sys[s].sys = sys;
			arr->sys[s].arr = arr;
			s++;
		}
	}
	return 0;
}

/* The directories of @arr's systems and events, in @arr->ei. */
static int trace_ev_arr_mkdirs(struct trace_ev_arr *arr)
{
	struct eventfs_inode *sys_ei = NULL, *ei;
	struct trace_ev_is *is = NULL;
	struct trace_ev_ie *ie = NULL;
	unsigned int pos = 0, type;
	const char *name;

	/* events/ftrace/: the core's records. */
	sys_ei = eventfs_create_dir("ftrace", arr->ei, NULL, 0, NULL);
	if (IS_ERR(sys_ei))
		return PTR_ERR(sys_ei);
	while ((name = trace_fmt_next(&pos, &type))) {
		ei = eventfs_create_dir(name, sys_ei, trace_evi_fmt_files,
					ARRAY_SIZE(trace_evi_fmt_files),
					(void *)(unsigned long)type);
		if (IS_ERR(ei))
			return PTR_ERR(ei);
	}

	while ((ie = trace_ev_arr_next(arr, ie))) {
		if (!is || is->sys != ie->rt->sys) {
			is = is ? is + 1 : arr->sys;
			sys_ei = eventfs_create_dir(is->sys->name, arr->ei,
						    trace_evi_sys_files,
						    ARRAY_SIZE(trace_evi_sys_files),
						    is);
			if (IS_ERR(sys_ei))
				return PTR_ERR(sys_ei);
		}
		ei = eventfs_create_dir(ie->rt->call->name, sys_ei,
					trace_evi_ev_files,
					ARRAY_SIZE(trace_evi_ev_files), ie);
		if (IS_ERR(ei))
			return PTR_ERR(ei);
	}
	return 0;
}

/* Unlink @arr's events from theirs, turning them off there first. */
static void trace_ev_arr_unlink(struct trace_ev_arr *arr)
{
	struct trace_ev_ie *ie = NULL;

	lockdep_assert_held(&trace_ev_lock);
	while ((ie = trace_ev_arr_next(arr, ie))) {
		trace_ev_ie_set_locked(ie, false);
		if (ie->node.next)
			list_del_rcu(&ie->node);
	}
	arr->gone = true;
	list_del(&arr->list);
}

static int trace_ev_inst_add(struct trace_array *tr, struct trace_fs_dirs *fs,
			     struct dentry *dir)
{
	struct trace_ev_arr *arr = kzalloc(sizeof(*arr), GFP_KERNEL);
	struct trace_ev_ie *ie = NULL;
	int ret;

	if (!arr)
		return -ENOMEM;
	arr->tr = tr;
	arr->fs = fs;
	trace_fs_array_get(fs);
	kref_init(&arr->ref);
	guard(mutex)(&trace_ev_lock);
	list_add_tail(&arr->list, &trace_ev_arrs);
	ret = trace_ev_arr_fill(arr);
	if (ret)
		goto fail;
	while ((ie = trace_ev_arr_next(arr, ie)))
		list_add_tail_rcu(&ie->node, &ie->rt->insts);
	arr->ei = eventfs_create_events_dir("events", dir, trace_evi_all_files,
					    ARRAY_SIZE(trace_evi_all_files),
					    arr);
	if (IS_ERR(arr->ei)) {
		ret = PTR_ERR(arr->ei);
		arr->ei = NULL;
		goto fail;
	}
	/* eventfs's hold, dropped when events/ is freed. */
	kref_get(&arr->ref);
	ret = trace_ev_arr_mkdirs(arr);
	if (ret) {
		eventfs_remove_events_dir(arr->ei);
		goto fail;
	}
	return 0;
fail:
	trace_ev_arr_unlink(arr);
	kref_put(&arr->ref, trace_ev_arr_release);
	return ret;
}

static void trace_ev_inst_remove(struct trace_array *tr)
{
	struct trace_ev_arr *arr;

	scoped_guard(mutex, &trace_ev_lock) {
		arr = trace_ev_arr_of(tr);
		if (!arr)
			return;
		trace_ev_arr_unlink(arr);
	}
	eventfs_remove_events_dir(arr->ei);
	kref_put(&arr->ref, trace_ev_arr_release);
}

static struct trace_array_client trace_ev_inst_client = {
	.add = trace_ev_inst_add,
	.remove = trace_ev_inst_remove,
};

TRACE_REGISTER(trace_array_client_register, trace_ev_inst_client);
