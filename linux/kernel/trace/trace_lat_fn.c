// SPDX-License-Identifier: GPL-2.0
/*
 * The functions a latency tracer records inside a section: with
 * options/function-trace, every function called there, and with
 * options/display-graph, as a call graph (a funcgraph_entry record when a
 * function is entered, a funcgraph_exit record when it returns) instead
 * of function records.
 *
 * A tracer describes itself with a struct trace_lat_hook: whether the
 * current CPU is inside its section (the gate, called with interrupts
 * off, which also marks the CPU busy so that nothing nests), and what
 * ends that mark. Either of its two hooks is registered, or none; only
 * the tracer's own lock changes which.
 *
 * The records that open and close a section (trace_lat_fn_rec()) follow
 * display-graph too: a call and its return at depth 0, taking no time.
 * What display-graph needs of return hooking is trace_lat_graph.c's.
 */
#include <linux/ftrace.h>
#include <linux/irqflags.h>
#include <linux/kprobes.h>

#include "fentry.h"
#include "trace.h"
#include "trace_graph.h"
#include "trace_lat.h"

/**
 * trace_lat_fn_rec() - a function record of a latency tracer
 * @ip:		the function
 * @parent:	its caller, or 0
 * @ctx:	the context to record
 *
 * With display-graph, a call of @ip at depth 0 that returns at once.
 */
void trace_lat_fn_rec(unsigned long ip, unsigned long parent,
		      unsigned int ctx)
{
	struct trace_wh h;
	struct trace_fn_rec *r;

	if (IS_ENABLED(CONFIG_FUNCTION_GRAPH_TRACER) &&
	    trace_opt(TRACE_OPT_DISPLAY_GRAPH)) {
		trace_lat_graph_rec(ip, ctx);
		return;
	}
	r = trace_rec_reserve(&h, TRACE_TYPE_FN, sizeof(*r), ctx);
	if (!r)
		return;
	r->ip = ip;
	r->parent_ip = parent;
	trace_rec_commit(&h);
}

/* function-trace: a function record when the gate lets it through. */
static void trace_lat_fn(unsigned long ip, unsigned long parent_ip,
			 struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	struct trace_lat_hook *h = container_of(op, struct trace_lat_hook, fn);
	unsigned long flags;

	raw_local_irq_save(flags);
	if (h->gate()) {
		trace_lat_fn_rec(ip, parent_ip, tracing_gen_ctx_flags(flags));
		h->ungate();
	}
	raw_local_irq_restore(flags);
}

/**
 * trace_lat_hook_init() - set up a latency tracer's function hooks
 * @h:		the hooks
 * @gate:	with interrupts off: true when the CPU's functions are to be
 *		recorded now, and then the CPU is marked busy
 * @ungate:	clears that mark
 */
void __init trace_lat_hook_init(struct trace_lat_hook *h, bool (*gate)(void),
				void (*ungate)(void))
{
	h->gate = gate;
	h->ungate = ungate;
	h->fn.func = trace_lat_fn;
	h->fn.flags = 0;
	h->fn.func_hash = &fentry_global_hash;
	trace_lat_graph_init(h);
}

static int trace_lat_hook_reg(struct trace_lat_hook *h,
			      enum trace_lat_hooked how)
{
	switch (how) {
	case TRACE_LAT_HOOK_FN:
		return register_ftrace_function(&h->fn);
	case TRACE_LAT_HOOK_GRAPH:
		return trace_lat_graph_reg(h);
	default:
		return 0;
	}
}

static void trace_lat_hook_unreg(struct trace_lat_hook *h,
				 enum trace_lat_hooked how)
{
	switch (how) {
	case TRACE_LAT_HOOK_FN:
		unregister_ftrace_function(&h->fn);
		break;
	case TRACE_LAT_HOOK_GRAPH:
		trace_lat_graph_unreg(h);
		break;
	default:
		break;
	}
}

/**
 * trace_lat_hook_set() - hook what the options ask for, or nothing
 * @h:		the tracer's hooks; the tracer's lock is held
 * @on:		whether the tracer is current
 * @fn:		options/function-trace, its value to be
 * @graph:	options/display-graph, its value to be
 *
 * Return: 0, or the errno of registering the hook wanted (nothing is
 * hooked then).
 */
int trace_lat_hook_set(struct trace_lat_hook *h, bool on, bool fn, bool graph)
{
	enum trace_lat_hooked want = TRACE_LAT_HOOK_NONE;
	int ret;

	if (on && fn)
		want = graph && IS_ENABLED(CONFIG_FUNCTION_GRAPH_TRACER) ?
		       TRACE_LAT_HOOK_GRAPH : TRACE_LAT_HOOK_FN;
	if (want == h->hooked)
		return 0;
	trace_lat_hook_unreg(h, h->hooked);
	h->hooked = TRACE_LAT_HOOK_NONE;
	ret = trace_lat_hook_reg(h, want);
	if (!ret)
		h->hooked = want;
	return ret;
}

/**
 * trace_lat_hook_opt() - function-trace or display-graph is to flip: hook
 * what the options will ask for
 * @h:		the tracer's hooks; the tracer's lock is held
 * @on:		whether the tracer is current
 * @opt:	the option changing (one of TRACE_LAT_HOOK_OPTS)
 * @val:	its value to be
 *
 * Return: as trace_lat_hook_set().
 */
int trace_lat_hook_opt(struct trace_lat_hook *h, bool on, unsigned int opt,
		       bool val)
{
	return trace_lat_hook_set(h, on,
		trace_opt_value(TRACE_OPT_FUNCTION_TRACE, opt, val),
		trace_opt_value(TRACE_OPT_DISPLAY_GRAPH, opt, val));
}

/**
 * trace_lat_print_ev() - a record of a latency tracer, with display-graph
 * @m:		where to print
 * @ev:		the record
 *
 * Return: true when printed as part of the graph; false for the records
 * left to the latency format (the stack, function records).
 */
bool trace_lat_print_ev(struct seq_file *m, const struct trace_ev *ev)
{
	if (!IS_ENABLED(CONFIG_FUNCTION_GRAPH_TRACER) ||
	    !trace_opt(TRACE_OPT_DISPLAY_GRAPH))
		return false;
	return trace_graph_print_lat_ev(m, ev);
}
