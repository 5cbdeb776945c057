/* SPDX-License-Identifier: GPL-2.0 */
/*
 * function_graph's records as they are written and printed: the tracer
 * (trace_graph.c) and its text (trace_graph_out.c), for the tracers that
 * write or print graph records too (the latency tracers with
 * display-graph) and the function profiler. The record layouts are
 * trace.h's.
 */
#ifndef _KERNEL_TRACE_TRACE_GRAPH_H
#define _KERNEL_TRACE_TRACE_GRAPH_H

#include <linux/types.h>

struct seq_file;
struct trace_ev;

void trace_graph_print_header(struct seq_file *m, struct trace_array *tr);
void trace_graph_fmt_us(char *buf, size_t size, u64 ns);
int trace_graph_sched_profile(bool on);
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
bool trace_graph_print_ev(struct seq_file *m, const struct trace_ev *ev);
bool trace_graph_print_lat_ev(struct seq_file *m, const struct trace_ev *ev);
struct ftrace_graph_ret;
struct trace_buf;
bool trace_graph_ent_write(struct trace_buf *b, unsigned long func, int depth,
			   unsigned int ctx);
void trace_graph_ret_write(struct trace_buf *b,
			   const struct ftrace_graph_ret *ret, unsigned int ctx);
void trace_graph_print_lat_legend(struct seq_file *m);
#else
static inline bool trace_graph_print_ev(struct seq_file *m,
					const struct trace_ev *ev)
{
	return false;
}

static inline bool trace_graph_print_lat_ev(struct seq_file *m,
					    const struct trace_ev *ev)
{
	return false;
}

static inline void trace_graph_print_lat_legend(struct seq_file *m)
{
}
#endif

#endif /* _KERNEL_TRACE_TRACE_GRAPH_H */
