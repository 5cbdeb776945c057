// SPDX-License-Identifier: GPL-2.0
/*
 * The events of instances: the state of each event in each instance (one
 * struct trace_ev_ie per event and instance) and of each instance's
 * systems and events/, which the files of events/ set (trace_ev_inst_fs.c,
 * below: this file makes their directories and they call nothing here);
 * events that modules bring join every instance, and leave with their
 * module; trace_array_set_clr_event().
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
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/tracefs.h>

#include "trace_ev_inst.h"

/* One per event and instance: kept within a 128-byte slab object. */
static_assert(sizeof(struct trace_ev_ie) <= 128);

/* Every instance's events; under trace_ev_lock. */
static LIST_HEAD(trace_ev_arrs);

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
	is->ei = trace_evi_mkdir_sys(is);
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
		ie->ei = trace_evi_mkdir_ev(ie, rt->call->name, is->ei);
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
	arr->ei = trace_evi_mkdir_all(arr, dir);
	if (IS_ERR(arr->ei)) {
		ret = PTR_ERR(arr->ei);
		kref_put(&arr->ref, trace_ev_arr_release);
		return ret;
	}
	/* eventfs's hold, dropped when events/ is freed. */
	kref_get(&arr->ref);
	list_add_tail(&arr->list, &trace_ev_arrs);
	trace_evi_print_init(arr);
	ret = trace_evi_mkdir_print(arr);
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
