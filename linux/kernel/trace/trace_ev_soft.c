// SPDX-License-Identifier: GPL-2.0
/*
 * Soft mode for the users of an event outside its triggers: the function
 * commands enable_event and disable_event (fentry_cmd.c) find an event of
 * a trace array, hold it in soft mode, and mute or unmute it from any
 * context. Above the registry (trace_ev_reg.c), which finds the event, and
 * the events' state (trace_ev.c), which puts it in soft mode.
 */
#include <linux/err.h>
#include <linux/kprobes.h>
#include <linux/mutex.h>
#include <linux/seq_file.h>

#include "trace.h"
#include "trace_ev_core.h"

/* Put @rt, or with @ie that event in an instance, in or out of soft mode. */
static int trace_ev_soft_pair(struct trace_ev_rt *rt, struct trace_ev_ie *ie,
			      bool get)
{
	return ie ? trace_ev_ie_soft_locked(ie, get) :
		    trace_ev_soft_locked(rt, get);
}

/* Is the event of trace_ev_soft_get() gone? Under trace_ev_lock. */
static bool trace_ev_soft_gone(struct trace_ev_rt *rt, struct trace_ev_ie *ie)
{
	return rt->dead || (ie && ie->dead);
}

/**
 * trace_ev_soft_get() - put an event of a trace array in soft mode, for a
 * user outside the triggers (the function commands enable_event and
 * disable_event)
 * @tr:		the array
 * @sys:	the event's system
 * @event:	its name
 * @ie:		gets the event in the instance, or NULL for the top array
 *
 * Return: the event, with a reference the caller drops with
 * trace_ev_soft_put(); an ERR_PTR(): -EINVAL when there is no such
 * event, or the errno of registering its probe.
 */
struct trace_ev_rt *trace_ev_soft_get(struct trace_array *tr, const char *sys,
				      const char *event,
				      struct trace_ev_ie **ie)
{
	struct trace_ev_rt *rt;
	int ret;

	guard(mutex)(&trace_ev_lock);
	rt = trace_ev_lookup_locked(tr, sys, event, ie);
	if (!rt)
		return ERR_PTR(-EINVAL);
	ret = trace_ev_soft_pair(rt, *ie, true);
	if (ret) {
		trace_ev_soft_pair(rt, *ie, false);
		return ERR_PTR(ret);
	}
	kref_get(&rt->ref);
	return rt;
}

/**
 * trace_ev_soft_find() - the event trace_ev_soft_get() would take, left
 * as it is
 * @tr:		the array
 * @sys:	the event's system
 * @event:	its name
 *
 * For a check that must change nothing: the event is not held, and is
 * only to be compared with others.
 *
 * Return: the event, or NULL when @tr has no such event.
 */
struct trace_ev_rt *trace_ev_soft_find(struct trace_array *tr, const char *sys,
				       const char *event)
{
	struct trace_ev_ie *ie;

	guard(mutex)(&trace_ev_lock);
	return trace_ev_lookup_locked(tr, sys, event, &ie);
}

/**
 * trace_ev_soft_hold() - one more soft-mode reference to an event
 * @rt:		the event, from trace_ev_soft_get()
 * @ie:		the event in the instance, as trace_ev_soft_get() gave it
 *
 * Return: 0, -ENODEV when its module is gone, or the errno of
 * registering its probe.
 */
int trace_ev_soft_hold(struct trace_ev_rt *rt, struct trace_ev_ie *ie)
{
	int ret;

	guard(mutex)(&trace_ev_lock);
	if (trace_ev_soft_gone(rt, ie))
		return -ENODEV;
	ret = trace_ev_soft_pair(rt, ie, true);
	if (ret) {
		trace_ev_soft_pair(rt, ie, false);
		return ret;
	}
	kref_get(&rt->ref);
	return 0;
}

/**
 * trace_ev_soft_show() - ":<system>:<event>" of an event, for a listing
 * @m:		where to print
 * @rt:		the event
 */
void trace_ev_soft_show(struct seq_file *m, struct trace_ev_rt *rt)
{
	seq_printf(m, ":%s:%s", rt->sys->name,
		   READ_ONCE(rt->dead) ? "(gone)" : rt->call->name);
}

/**
 * trace_ev_soft_put() - the user of trace_ev_soft_get() is done
 * @rt:		the event
 * @ie:		the event in the instance, as trace_ev_soft_get() gave it
 *
 * Called once no CPU can still be calling trace_ev_soft_set() on it.
 */
void trace_ev_soft_put(struct trace_ev_rt *rt, struct trace_ev_ie *ie)
{
	scoped_guard(mutex, &trace_ev_lock) {
		if (!trace_ev_soft_gone(rt, ie))
			trace_ev_soft_pair(rt, ie, false);
	}
	trace_ev_rt_put(rt);
}

/**
 * trace_ev_soft_set() - unmute or mute an event in soft mode
 * @rt:		the event, from trace_ev_soft_get()
 * @ie:		the event in the instance, as trace_ev_soft_get() gave it
 * @on:		true to unmute it
 *
 * Callable in any context. An event whose module is gone is left alone:
 * the module is freed only after the callers that could have seen it
 * alive are done.
 */
void trace_ev_soft_set(struct trace_ev_rt *rt, struct trace_ev_ie *ie,
		       bool on)
{
	if (ie)
		WRITE_ONCE(ie->on, on);
	else if (!READ_ONCE(rt->dead))
		assign_bit(TRACE_EV_B_MUTE, &rt->call->flags, !on);
}

NOKPROBE_SYMBOL(trace_ev_soft_set);

/**
 * trace_ev_soft_is() - whether an event in soft mode is unmuted
 * @rt:		the event, from trace_ev_soft_get()
 * @ie:		the event in the instance, as trace_ev_soft_get() gave it
 * @on:		the state asked about: unmuted (true) or muted
 *
 * For commands that count only the times they change something.
 * Callable in any context.
 *
 * Return: true when the event is in state @on, or its module is gone.
 */
bool trace_ev_soft_is(struct trace_ev_rt *rt, struct trace_ev_ie *ie,
		      bool on)
{
	if (ie)
		return READ_ONCE(ie->on) == on;
	if (READ_ONCE(rt->dead))
		return true;
	return test_bit(TRACE_EV_B_MUTE, &rt->call->flags) != on;
}

NOKPROBE_SYMBOL(trace_ev_soft_is);
