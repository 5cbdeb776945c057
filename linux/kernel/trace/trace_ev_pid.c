// SPDX-License-Identifier: GPL-2.0
/*
 * set_event_pid and set_event_notrace_pid: the task lists of the trace
 * events (trace_pid.c), one set per trace array, and options/event-fork,
 * which follows forks with probes on the sched_process_fork and
 * sched_process_free tracepoints.
 *
 * While a list of the top array is not empty, every event carries
 * TRACE_EV_FL_PID, and its probe asks the lists before writing a record.
 * An instance's lists are asked where a record is copied into it.
 */
#include <linux/rculist.h>
#include <linux/sched.h>
#include <linux/tracepoint.h>
#include <trace/events/sched.h>

#include "trace.h"
#include "trace_ev_core.h"
#include "trace_pid.h"

static int trace_ev_pid_hook(struct trace_pid_set *set, bool on);
static void trace_ev_pid_changed(struct trace_pid_set *set);

/* The top array's set. */
struct trace_pid_set trace_ev_pids = TRACE_PID_SET(trace_ev_pid_hook,
						   trace_ev_pid_changed);

/*
 * The sets that follow forks now, top and instances': by their @node,
 * changed under trace_pid.c's mutex (the hook's), read by the probes.
 */
static LIST_HEAD(trace_ev_pid_following);

static void trace_ev_pid_fork(void *data, struct task_struct *parent,
			      struct task_struct *child)
{
	struct trace_pid_set *set;

	list_for_each_entry_rcu(set, &trace_ev_pid_following, node)
		trace_pid_fork(set, child);
}

static void trace_ev_pid_free(void *data, struct task_struct *t)
{
	struct trace_pid_set *set;

	list_for_each_entry_rcu(set, &trace_ev_pid_following, node)
		trace_pid_reap(set, t);
}

/* @set starts or stops following; the probes are there while one does. */
static int trace_ev_pid_hook(struct trace_pid_set *set, bool on)
{
	bool first = list_empty(&trace_ev_pid_following);
	int ret;

	if (on) {
		if (first) {
			ret = register_trace_sched_process_fork(trace_ev_pid_fork,
								NULL);
			if (ret)
				return ret;
			ret = register_trace_sched_process_free(trace_ev_pid_free,
								NULL);
			if (ret) {
				unregister_trace_sched_process_fork(trace_ev_pid_fork,
								    NULL);
				return ret;
			}
		}
		list_add_rcu(&set->node, &trace_ev_pid_following);
		return 0;
	}
	list_del_rcu(&set->node);
	if (list_empty(&trace_ev_pid_following)) {
		unregister_trace_sched_process_free(trace_ev_pid_free, NULL);
		unregister_trace_sched_process_fork(trace_ev_pid_fork, NULL);
		tracepoint_synchronize_unregister();
	} else {
		/* The probes walk the list with preemption off. */
		synchronize_rcu();
	}
	return 0;
}

/* An instance starts with event-fork off (TRACE_OPTS_ZEROED). */
static int trace_ev_pid_add(struct trace_array *tr, struct trace_fs_dirs *fs,
			    struct dentry *dir)
{
	struct trace_pid_set *set = trace_pid_set_new(trace_ev_pid_hook, NULL);

	if (!set)
		return -ENOMEM;
	*trace_array_slot(tr, TRACE_ARRAY_EV_PIDS) = set;
	return 0;
}

/* Its events went first; they may still ask until a grace period. */
static void trace_ev_pid_remove(struct trace_array *tr)
{
	struct trace_pid_set **slot, *set;

	slot = (struct trace_pid_set **)trace_array_slot(tr, TRACE_ARRAY_EV_PIDS);
	set = *slot;
	*slot = NULL;
	trace_pid_set_release(set);
}

static struct trace_array_client trace_ev_pid_client = {
	.add = trace_ev_pid_add,
	.remove = trace_ev_pid_remove,
	.order = TRACE_ARRAY_ORDER_PIDS,
};

static int __init trace_ev_pid_init(void)
{
	*trace_array_slot(&trace_top, TRACE_ARRAY_EV_PIDS) = &trace_ev_pids;
	trace_array_client_register(&trace_ev_pid_client);
	return 0;
}
core_initcall(trace_ev_pid_init);

/* The TRACE_EV_FL_PID bit events need now: set while a list is not empty. */
static unsigned long trace_ev_pid_flag(void)
{
	return READ_ONCE(trace_ev_pids.mode) ? TRACE_EV_FL_PID : 0;
}

/*
 * A write changed the lists: every event asks them, or none does. A list
 * a reap empties keeps the flag until the next write: the check then
 * finds the lists empty and lets every record through.
 */
static void trace_ev_pid_changed(struct trace_pid_set *set)
{
	unsigned long want = trace_ev_pid_flag();
	struct trace_ev_rt *rt;

	mutex_lock(&trace_ev_lock);
	/* New events start as the others are. */
	trace_ev_new_flags = want;
	for (rt = trace_ev_next(NULL); rt; rt = trace_ev_next(rt))
		assign_bit(TRACE_EV_B_PID, &rt->call->flags, want);
	mutex_unlock(&trace_ev_lock);
}

/* options/event-fork of @tr: its lists follow forks (@on), or stop to. */
static int trace_ev_pid_set_follow(struct trace_array *tr, unsigned int opt,
				   bool on)
{
	return trace_pid_set_follow(*trace_array_slot(tr, TRACE_ARRAY_EV_PIDS),
				    on);
}

static struct trace_opt_hook trace_ev_pid_opt = {
	.opts = BIT(TRACE_OPT_EVENT_FORK),
	.apply = trace_ev_pid_set_follow,
};

TRACE_OPT_HOOK(trace_ev_pid_opt);
