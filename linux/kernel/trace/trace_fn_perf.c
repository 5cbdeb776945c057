// SPDX-License-Identifier: GPL-2.0
/*
 * ftrace:function through perf: a perf tracepoint event whose config is
 * the function record's type (TRACE_TYPE_FN) gets a function-entry user
 * of its own, the struct ftrace_ops in its struct perf_event. It is
 * registered when the perf event is made, tracing every function until
 * a filter ("ip == vfs_read || ip != schedule*") narrows it; it calls
 * perf only on the CPU where perf has the event scheduled in. Root (or
 * CAP_PERFMON, or perf_event_paranoid -1) only, as upstream.
 *
 * Called by the tracepoint PMU's hooks (trace_ev_perf.c); calls the
 * function-entry users' API and perf.
 */
#include <linux/ftrace.h>
#include <linux/kprobes.h>
#include <linux/mutex.h>
#include <linux/perf_event.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/trace_events.h>

#include "trace.h"

/* What perf and BPF see of ftrace:function (perf_event.tp_event). */
static struct trace_event_class trace_fn_perf_class;
static struct trace_event_call trace_fn_perf_call = {
	.class = &trace_fn_perf_class,
	.name = "function",
	.event.type = TRACE_TYPE_FN,
};

/* A record being given to perf, at each nesting level of a CPU. */
struct trace_fn_perf_buf {
	struct trace_fn_rec rec;
	struct pt_regs regs;
};

static DEFINE_PER_CPU(struct trace_fn_perf_buf [PERF_NR_CONTEXTS],
		      trace_fn_perf_bufs);

/* Serialises filter changes: perf calls without its context's mutex. */
static DEFINE_MUTEX(trace_fn_perf_filter_lock);

/* The CPU the event is scheduled in on, in ops->private; none: nr_cpu_ids. */
static void trace_fn_perf_on(struct perf_event *p_event, unsigned int cpu)
{
	WRITE_ONCE(p_event->ftrace_ops.private, (void *)(unsigned long)cpu);
}

static void trace_fn_perf_call_fn(unsigned long ip, unsigned long parent_ip,
				  struct ftrace_ops *ops,
				  struct ftrace_regs *fregs)
{
	struct perf_event *p_event = container_of(ops, struct perf_event,
						  ftrace_ops);
	struct hlist_head head = { .first = &p_event->hlist_entry };
	struct trace_fn_perf_buf *b;
	struct pt_regs *regs;
	int rctx;

	/* The dispatch runs callbacks with preemption off. */
	if ((unsigned long)READ_ONCE(ops->private) != smp_processor_id())
		return;
	/* perf's output is under RCU: not where RCU does not watch (idle). */
	if (!rcu_is_watching())
		return;
	rctx = perf_swevent_get_recursion_context();
	if (rctx < 0)
		return;
	b = this_cpu_ptr(&trace_fn_perf_bufs[rctx]);
	b->rec.ip = ip;
	b->rec.parent_ip = parent_ip;
	regs = &b->regs;
	perf_arch_fetch_caller_regs(regs, ip);
	/* It fills the common fields, and drops the recursion context. */
	perf_tp_event(TRACE_TYPE_FN, 1, &b->rec, sizeof(b->rec), regs,
		      &head, rctx, NULL);
}

NOKPROBE_SYMBOL(trace_fn_perf_call_fn);

/**
 * trace_fn_perf_init() - make a perf event of ftrace:function
 * @p_event:	the perf event
 *
 * Return: 0; the errno of perf's tracepoint check (-EPERM for a user);
 * -EINVAL for a sample that would carry the user stack; the errno of
 * registering its function-entry user.
 */
int trace_fn_perf_init(struct perf_event *p_event)
{
	struct ftrace_ops *ops = &p_event->ftrace_ops;
	int ret;

	if (!p_event->parent) {
		ret = perf_allow_tracepoint();
		if (ret)
			return ret;
		/*
		 * No user stacks: a page fault in every function reached
		 * from one could not be taken.
		 */
		if (is_sampling_event(p_event) &&
		    (!p_event->attr.exclude_callchain_user ||
		     (p_event->attr.sample_type & PERF_SAMPLE_STACK_USER)))
			return -EINVAL;
	}
	ops->func = trace_fn_perf_call_fn;
	ops->flags = 0;
	trace_fn_perf_on(p_event, nr_cpu_ids);
	ret = register_ftrace_function(ops);
	if (ret) {
		/* A site that refused leaves it registered: the event goes. */
		if (ops->flags & FTRACE_OPS_FL_ENABLED)
			unregister_ftrace_function(ops);
		ftrace_free_filter(ops);
		return ret;
	}
	p_event->tp_event = &trace_fn_perf_call;
	return 0;
}

/**
 * trace_fn_perf_destroy() - stop a perf event of ftrace:function
 * @p_event:	the perf event, scheduled out everywhere
 */
void trace_fn_perf_destroy(struct perf_event *p_event)
{
	unregister_ftrace_function(&p_event->ftrace_ops);
	ftrace_free_filter(&p_event->ftrace_ops);
}

/**
 * trace_fn_perf_add() - ftrace:function's event scheduled in on this CPU
 * @p_event:	the perf event
 * @flags:	PERF_EF_*
 */
void trace_fn_perf_add(struct perf_event *p_event, int flags)
{
	if (!(flags & PERF_EF_START))
		p_event->hw.state = PERF_HES_STOPPED;
	trace_fn_perf_on(p_event, smp_processor_id());
}

/**
 * trace_fn_perf_del() - ftrace:function's event scheduled out
 * @p_event:	the perf event
 */
void trace_fn_perf_del(struct perf_event *p_event)
{
	trace_fn_perf_on(p_event, nr_cpu_ids);
}

/*
 * One term of a filter: "ip == GLOBS" or "ip != GLOBS", GLOBS being
 * function names or globs separated by commas. Cuts @term in place.
 * Returns the globs, with *@skip set for "!=", or NULL.
 */
static char *trace_fn_perf_term(char *term, bool *skip)
{
	term = strim(term);
	if (strncmp(term, "ip", 2))
		return NULL;
	term = skip_spaces(term + 2);
	if (!strncmp(term, "==", 2))
		*skip = false;
	else if (!strncmp(term, "!=", 2))
		*skip = true;
	else
		return NULL;
	term = skip_spaces(term + 2);
	return *term && !strpbrk(term, " \t&|()") ? term : NULL;
}

/* Add each glob of @globs to the filter or the notrace set of @ops. */
static int trace_fn_perf_apply(struct ftrace_ops *ops, char *globs,
			       bool skip)
{
	char *g;
	int ret;

	while ((g = strsep(&globs, ","))) {
		if (!*g)
			continue;
		ret = skip ? ftrace_set_notrace(ops, g, strlen(g), 0) :
				ftrace_set_filter(ops, g, strlen(g), 0);
		if (ret)
			return ret;
	}
	return 0;
}

/* The next term of @*s, cut at its "||"; NULL after the last. */
static char *trace_fn_perf_next(char **s)
{
	char *term = *s, *bar;

	if (!term)
		return NULL;
	bar = strstr(term, "||");
	if (bar) {
		*bar = '\0';
		*s = bar + 2;
	} else {
		*s = NULL;
	}
	return term;
}

/* Check each term of @str; with @ops, add its globs to @ops's sets. */
static int trace_fn_perf_walk(struct ftrace_ops *ops, const char *str)
{
	char *copy, *s, *term, *globs;
	bool skip;
	int ret = 0;

	copy = kstrdup(str, GFP_KERNEL);
	if (!copy)
		return -ENOMEM;
	s = copy;
	while (!ret && (term = trace_fn_perf_next(&s))) {
		globs = trace_fn_perf_term(term, &skip);
		if (!globs)
			ret = -EINVAL;
		else if (ops)
			ret = trace_fn_perf_apply(ops, globs, skip);
	}
	kfree(copy);
	return ret;
}

/* Empty both sets of @ops: it traces every function. */
static void trace_fn_perf_reset(struct ftrace_ops *ops)
{
	ftrace_set_filter(ops, NULL, 0, 1);
	ftrace_set_notrace(ops, NULL, 0, 1);
}

/**
 * trace_fn_perf_set_filter() - the functions an ftrace:function perf
 * event traces
 * @p_event:	the perf event
 * @str:	terms "ip == GLOBS" (trace) and "ip != GLOBS" (do not trace)
 *		joined by "||"; GLOBS names functions as set_ftrace_filter
 *		does, separated by commas
 *
 * Replaces the event's sets.
 *
 * Return: 0; -EINVAL for a filter of another form (nothing changes) or
 * for a glob that names no function (the sets are then left empty:
 * every function, as before any filter); -ENOMEM.
 */
int trace_fn_perf_set_filter(struct perf_event *p_event, const char *str)
{
	struct ftrace_ops *ops = &p_event->ftrace_ops;
	int ret;

	ret = trace_fn_perf_walk(NULL, str);
	if (ret)
		return ret;
	guard(mutex)(&trace_fn_perf_filter_lock);
	trace_fn_perf_reset(ops);
	ret = trace_fn_perf_walk(ops, str);
	if (ret)
		trace_fn_perf_reset(ops);
	return ret;
}
