/* SPDX-License-Identifier: GPL-2.0 */
/*
 * An event's triggers as the trigger plumbing (trace_ev_trig.c) keeps
 * them, shared with the hist binding (trace_hist_bind.c), which walks the
 * hist triggers of every event to bind one trigger's references to
 * another's variables. Nothing else looks inside a trigger.
 *
 * The lists change under trace_ev_lock and are read by the probe under
 * RCU; everything here but the probe's run is called with trace_ev_lock
 * held.
 */
#ifndef _KERNEL_TRACE_TRACE_EV_TRIG_H
#define _KERNEL_TRACE_TRACE_EV_TRIG_H

#include <linux/list.h>
#include <linux/rcupdate.h>
#include <linux/string.h>
#include <linux/types.h>

#include "trace.h"
#include "trace_ev_core.h"

struct trace_ev_filter;
struct trace_hist;

enum trig_type {
	TRIG_TRACEON,
	TRIG_TRACEOFF,
	TRIG_SNAPSHOT,
	TRIG_STACKTRACE,
	TRIG_ENABLE,
	TRIG_DISABLE,
	TRIG_ENABLE_HIST,
	TRIG_DISABLE_HIST,
	TRIG_HIST,
};

/**
 * struct trace_ev_trig - one trigger of an event
 * @list:	link in its event's list
 * @gone:	link in a list of removed triggers to free (@list may still
 *		be walked by a probe until a grace period has passed)
 * @type:	enum trig_type
 * @count:	runs left (trace_count.h); -1 for no limit
 * @switching:	set while a CPU running traceon, traceoff, enable_event or
 *		disable_event tests and changes the state it switches
 *		(trace_count_switch_begin())
 * @filter:	its own filter, or NULL
 * @target:	the event enable_event, disable_event, enable_hist and
 *		disable_hist name
 * @target_ie:	in an instance: that event there; NULL at the top
 * @hist:	a hist trigger's definition and table
 * @autov:	a hist trigger made to keep a field of its event that
 *		another's action passes (trace_hist_bind.c); it goes when no
 *		trigger reads it
 * @rcu:	for freeing after the probes are done with it
 */
struct trace_ev_trig {
	struct list_head list;
	struct list_head gone;
	enum trig_type type;
	atomic_long_t count;
	atomic_t switching;
	struct trace_ev_filter *filter;
	struct trace_ev_rt *target;
	struct trace_ev_ie *target_ie;
	struct trace_hist *hist;
	bool autov;
	struct rcu_head rcu;
};

/**
 * struct trig_host - where a trigger is set: an event at the top or in
 * an instance
 * @rt:		the event
 * @ie:		the event in the instance; NULL at the top
 * @trigs:	its list of triggers
 * @buf:	the buffer its triggers act on
 */
struct trig_host {
	struct trace_ev_rt *rt;
	struct trace_ev_ie *ie;
	struct list_head *trigs;
	struct trace_buf *buf;
};

static inline void trig_host_init(struct trig_host *h, struct trace_ev_rt *rt,
				  struct trace_ev_ie *ie)
{
	h->rt = rt;
	h->ie = ie;
	h->trigs = ie ? &ie->trigs : &rt->trigs;
	h->buf = ie ? ie->dst->buf : &trace_top_buf;
}

/* The trace array of @h's trigger file, for error_log. */
static inline struct trace_array *trig_host_tr(const struct trig_host *h)
{
	return h->ie ? trace_ev_ie_tr(h->ie) : &trace_top;
}

/* The event "sys:event" names. */
static inline struct trace_ev_rt *trig_event(const char *sys, const char *ev)
{
	struct trace_ev_rt *rt;

	for (rt = trace_ev_next(NULL); rt; rt = trace_ev_next(rt)) {
		if (!strcmp(rt->sys->name, sys) && !strcmp(rt->call->name, ev))
			return rt;
	}
	return NULL;
}

/* Event @rt in the instance of @ie. */
static inline struct trace_ev_ie *trig_event_in(struct trace_ev_rt *rt,
						const struct trace_ev_ie *ie)
{
	struct trace_ev_ie *x;

	list_for_each_entry(x, &rt->insts, node)
		if (x->arr == ie->arr)
			return x;
	return NULL;
}

/* The events with triggers, in turn: every one, then ftrace/print. */
static inline struct trace_ev_rt *trig_sweep_next(struct trace_ev_rt *e)
{
	if (e == &trace_ev_print_rt)
		return NULL;
	return trace_ev_next(e) ?: &trace_ev_print_rt;
}

/*
 * How the binding makes a hist trigger on another event (@x) that keeps
 * a field for an action: the plumbing's add, given the trigger's command
 * and filter (which it owns from then on, error or not).
 */
typedef int (*trig_hist_make_fn)(struct trig_host *x, const char *cmd,
				 struct trace_ev_filter *f);

/* The hist binding (trace_hist_bind.c) */
#ifdef CONFIG_HIST_TRIGGERS
int trace_hist_bind_locked(struct trig_host *h, struct trace_hist *hist,
			   const char *cmd, trig_hist_make_fn make);
unsigned int trace_hist_kept_locked(const struct trace_hist *hist);
unsigned int trace_hist_kept_all_locked(const struct trig_host *h,
					const struct trace_hist *hist);
bool trace_hist_unread_locked(const struct trace_hist *hist);
#else
/* Without hist triggers there is no hist trigger to bind or keep. */
static inline int trace_hist_bind_locked(struct trig_host *h,
					 struct trace_hist *hist,
					 const char *cmd,
					 trig_hist_make_fn make)
{
	return -EINVAL;
}

static inline unsigned int
trace_hist_kept_locked(const struct trace_hist *hist)
{
	return 0;
}

static inline unsigned int
trace_hist_kept_all_locked(const struct trig_host *h,
			   const struct trace_hist *hist)
{
	return 0;
}

static inline bool trace_hist_unread_locked(const struct trace_hist *hist)
{
	return true;
}
#endif

#endif /* _KERNEL_TRACE_TRACE_EV_TRIG_H */
