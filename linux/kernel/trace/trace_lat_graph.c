// SPDX-License-Identifier: GPL-2.0
/*
 * A latency tracer's function records with options/display-graph: its
 * return hook (struct trace_lat_hook's graph), which records the calls
 * and returns inside a section, and the zero-length call that marks where
 * a section opens or closes. Built with CONFIG_FUNCTION_GRAPH_TRACER;
 * trace.h has the stubs.
 */
#include <linux/ftrace.h>
#include <linux/irqflags.h>

#include "fentry.h"
#include "trace.h"
#include "trace_graph.h"
#include "trace_lat.h"

/**
 * trace_lat_graph_rec() - a call of @ip at depth 0 that returns at once
 * @ip:		the function
 * @ctx:	the context to record
 */
void trace_lat_graph_rec(unsigned long ip, unsigned int ctx)
{
	struct ftrace_graph_ret ret = { .func = ip };

	if (!trace_graph_ent_write(&trace_top_buf, ip, 0, ctx))
		return;
	ret.calltime = trace_clock_read();
	ret.rettime = ret.calltime;
	trace_graph_ret_write(&trace_top_buf, &ret, ctx);
}

/* display-graph: a call inside the section; its return is wanted. */
static int trace_lat_graph_entry(struct ftrace_graph_ent *e,
				 struct fgraph_ops *gops)
{
	struct trace_lat_hook *h = container_of(gops, struct trace_lat_hook,
						graph);
	unsigned long flags;
	int want = 0;

	raw_local_irq_save(flags);
	if (h->gate()) {
		want = trace_graph_ent_write(&trace_top_buf, e->func, e->depth,
					     tracing_gen_ctx_flags(flags));
		h->ungate();
	}
	raw_local_irq_restore(flags);
	return want;
}

/* A return, recorded only while the section is still open. */
static void trace_lat_graph_return(struct ftrace_graph_ret *ret,
				   struct fgraph_ops *gops)
{
	struct trace_lat_hook *h = container_of(gops, struct trace_lat_hook,
						graph);
	unsigned long flags;

	raw_local_irq_save(flags);
	if (h->gate()) {
		trace_graph_ret_write(&trace_top_buf, ret,
				      tracing_gen_ctx_flags(flags));
		h->ungate();
	}
	raw_local_irq_restore(flags);
}

/**
 * trace_lat_graph_init() - set up a latency tracer's return hook
 * @h:		its hooks
 */
void __init trace_lat_graph_init(struct trace_lat_hook *h)
{
	h->graph.entryfunc = trace_lat_graph_entry;
	h->graph.retfunc = trace_lat_graph_return;
	h->graph.ops.func_hash = &fentry_global_hash;
}

/**
 * trace_lat_graph_reg() - register a latency tracer's return hook
 * @h:		its hooks; the tracer's lock is held
 *
 * Return: 0 or the errno of register_ftrace_graph().
 */
int trace_lat_graph_reg(struct trace_lat_hook *h)
{
	return register_ftrace_graph(&h->graph);
}

/**
 * trace_lat_graph_unreg() - remove a latency tracer's return hook
 * @h:		its hooks; the tracer's lock is held
 */
void trace_lat_graph_unreg(struct trace_lat_hook *h)
{
	unregister_ftrace_graph(&h->graph);
}
