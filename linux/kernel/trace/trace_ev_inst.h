/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The state of an instance's events, shared by the instances' events
 * (trace_ev_inst.c) and their files (trace_ev_inst_fs.c) only.
 */
#ifndef _KERNEL_TRACE_TRACE_EV_INST_H
#define _KERNEL_TRACE_TRACE_EV_INST_H

#include <linux/kref.h>
#include <linux/list.h>
#include <linux/rcupdate.h>
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

/**
 * trace_ev_arr_next() - walk the events of an instance
 * @arr:	the instance's events
 * @ie:		the last one returned, or NULL to start
 *
 * Context: under trace_ev_lock.
 * Return: the next, or NULL after the last.
 */
static inline struct trace_ev_ie *
trace_ev_arr_next(struct trace_ev_arr *arr, struct trace_ev_ie *ie)
{
	lockdep_assert_held(&trace_ev_lock);
	ie = ie ? list_next_entry(ie, list) :
		  list_first_entry(&arr->events, struct trace_ev_ie, list);
	return list_entry_is_head(ie, &arr->events, list) ? NULL : ie;
}

/* Has @ie left its instance, or its instance gone? Under trace_ev_lock. */
static inline bool trace_ev_ie_gone(const struct trace_ev_ie *ie)
{
	return ie->dead || ie->arr->gone;
}

void trace_ev_arr_release(struct kref *ref);
int trace_ev_ie_set_locked(struct trace_ev_ie *ie, bool on);
struct eventfs_inode *trace_evi_mkdir_all(struct trace_ev_arr *arr,
					  struct dentry *dir);
struct eventfs_inode *trace_evi_mkdir_sys(struct trace_ev_is *is);
struct eventfs_inode *trace_evi_mkdir_ev(struct trace_ev_ie *ie,
					 const char *name,
					 struct eventfs_inode *parent);
int trace_evi_mkdir_print(struct trace_ev_arr *arr);

#endif /* _KERNEL_TRACE_TRACE_EV_INST_H */
