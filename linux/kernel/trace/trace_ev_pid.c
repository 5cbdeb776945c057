// SPDX-License-Identifier: GPL-2.0
/*
 * set_event_pid and set_event_notrace_pid: the task lists of the trace
 * events (trace_pid.c), and options/event-fork, which follows forks with
 * probes on the sched_process_fork and sched_process_free tracepoints.
 *
 * While a list is not empty, every event carries TRACE_EV_FL_PID, and
 * its probe asks the lists before writing a record.
 */
#include <linux/sched.h>
#include <linux/tracepoint.h>
#include <trace/events/sched.h>

#include "trace.h"
#include "trace_ev_core.h"
#include "trace_pid.h"

static int trace_ev_pid_hook(bool on);
static void trace_ev_pid_changed(struct trace_pid_set *set);

struct trace_pid_set trace_ev_pids = TRACE_PID_SET(trace_ev_pid_hook,
						   trace_ev_pid_changed);

static void trace_ev_pid_fork(void *data, struct task_struct *parent,
			      struct task_struct *child)
{
	trace_pid_fork(&trace_ev_pids, child);
}

static void trace_ev_pid_free(void *data, struct task_struct *t)
{
	trace_pid_reap(&trace_ev_pids, t);
}

/* Under the set's mutex. */
static int trace_ev_pid_hook(bool on)
{
	int ret;

	if (!on) {
		unregister_trace_sched_process_free(trace_ev_pid_free, NULL);
		unregister_trace_sched_process_fork(trace_ev_pid_fork, NULL);
		tracepoint_synchronize_unregister();
		return 0;
	}
	ret = register_trace_sched_process_fork(trace_ev_pid_fork, NULL);
	if (ret)
		return ret;
	ret = register_trace_sched_process_free(trace_ev_pid_free, NULL);
	if (ret)
		unregister_trace_sched_process_fork(trace_ev_pid_fork, NULL);
	return ret;
}

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

/* options/event-fork: the lists follow forks (@on), or stop to. */
static int trace_ev_pid_set_follow(unsigned int opt, bool on)
{
	return trace_pid_set_follow(&trace_ev_pids, on);
}

static struct trace_opt_hook trace_ev_pid_opt = {
	.opts = BIT(TRACE_OPT_EVENT_FORK),
	.apply = trace_ev_pid_set_follow,
};

TRACE_OPT_HOOK(trace_ev_pid_opt);
