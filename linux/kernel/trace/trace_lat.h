/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The latency tracers' state: the latency kept and how it is reported
 * (trace_lat.c), their function hooks (trace_lat_fn.c, trace_lat_graph.c),
 * and what the interrupt and preemption hooks share with the irqsoff
 * tracers (trace_irqflags.c, trace_irqsoff.c). The wakeup tracers
 * (trace_wakeup.c) use the same.
 */
#ifndef _KERNEL_TRACE_TRACE_LAT_H
#define _KERNEL_TRACE_TRACE_LAT_H

#include <linux/ftrace.h>
#include <linux/jump_label.h>
#include <linux/sched.h>
#include <linux/static_call.h>
#include <linux/types.h>

#include "trace.h"

/**
 * struct trace_lat_mark - the trace buffer's event count at a latency's start
 * @rb:	the trace buffer then
 * @n:	ring_buffer_attempts() of its CPU, or of all CPUs summed
 */
struct trace_lat_mark {
	struct trace_buffer *rb;
	unsigned long n;
};

void trace_lat_note(struct trace_lat_mark *mark, int cpu);

/**
 * struct trace_lat_info - a latency a latency tracer reported
 * @ns:		its length
 * @from:	time stamp of the first record of it
 * @to:		time stamp of the last
 * @cpu:	the CPU it happened on
 * @all_cpus:	its records are on every CPU, not only @cpu
 * @pid:	the task it happened to
 * @comm:	its name
 * @uid:	its user
 * @nice:	its nice value
 * @policy:	its scheduling policy
 * @rt_prio:	its real-time priority
 * @start_ip:	where it started
 * @end_ip:	where it ended
 * @mark:	the count at its start (trace_lat_note())
 * @total:	events written during it, overwritten ones too (set by
 *		trace_lat_update(); 0 when unknown)
 */
struct trace_lat_info {
	u64 ns;
	u64 from;
	u64 to;
	int cpu;
	bool all_cpus;
	pid_t pid;
	char comm[TASK_COMM_LEN];
	uid_t uid;
	int nice;
	unsigned int policy;
	unsigned int rt_prio;
	unsigned long start_ip;
	unsigned long end_ip;
	struct trace_lat_mark mark;
	u64 total;
};

/* The irqsoff and preemptoff tracers (trace_irqsoff.c) */
DECLARE_STATIC_KEY_FALSE(trace_irqsoff_key);
void trace_irqsoff_hook(bool on, unsigned long ip, unsigned long parent);
/*
 * What the interrupt-state hooks (trace_irqflags.c) call while
 * trace_irqsoff_key is on: trace_irqsoff_hook(), set by the irqsoff
 * tracer above them before it turns the key on.
 */
DECLARE_STATIC_CALL(trace_irqs_call, trace_irqsoff_hook);
void trace_irqflags_listen(bool on);

/* Turn @key on or off. Context: may sleep (it patches the branches). */
static inline void trace_key_set(struct static_key_false *key, bool on)
{
	if (on)
		static_branch_enable(key);
	else
		static_branch_disable(key);
}

/* Latency tracers (trace_lat.c) */
struct trace_iter *trace_lat_iter_new(int cpu);
void trace_lat_print_header(struct seq_file *m, struct trace_array *tr);
bool trace_lat_worth(u64 ns);
void trace_lat_update(struct trace_lat_info *lat);
void trace_lat_fill_task(struct trace_lat_info *lat, struct task_struct *p);
void trace_lat_init(void);

/* Their function records and hooks (trace_lat_fn.c) */
enum trace_lat_hooked {
	TRACE_LAT_HOOK_NONE,
	TRACE_LAT_HOOK_FN,
	TRACE_LAT_HOOK_GRAPH,
};

/**
 * struct trace_lat_hook - a latency tracer's function hooks
 * @gate:	called with interrupts off: true when the CPU is in a section
 *		and no record of the tracer is being written on it; the CPU
 *		is then marked busy
 * @ungate:	clears the mark
 * @fn:		the hook of options/function-trace
 * @graph:	the hook of function-trace with options/display-graph
 * @hooked:	which is registered; changed under the tracer's lock
 */
struct trace_lat_hook {
	bool (*gate)(void);
	void (*ungate)(void);
	struct ftrace_ops fn;
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	struct fgraph_ops graph;
#endif
	enum trace_lat_hooked hooked;
};

/* Their return hook, for display-graph (trace_lat_graph.c) */
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
void trace_lat_graph_rec(unsigned long ip, unsigned int ctx);
void trace_lat_graph_init(struct trace_lat_hook *h);
int trace_lat_graph_reg(struct trace_lat_hook *h);
void trace_lat_graph_unreg(struct trace_lat_hook *h);
#else
static inline void trace_lat_graph_rec(unsigned long ip, unsigned int ctx)
{
}

static inline void trace_lat_graph_init(struct trace_lat_hook *h)
{
}

static inline int trace_lat_graph_reg(struct trace_lat_hook *h)
{
	return -ENODEV;
}

static inline void trace_lat_graph_unreg(struct trace_lat_hook *h)
{
}
#endif

/* A latency tracer: trace shows its kept section, in the latency format. */
#define TRACE_LAT_TRACER(_name, _init, _reset) {			\
	.name = (_name), .init = (_init), .reset = (_reset),		\
	.print_header = trace_lat_print_header,				\
	.print_ev = trace_lat_print_ev, .use_max = true,		\
	.max_iter = trace_lat_iter_new }

void trace_lat_fn_rec(unsigned long ip, unsigned long parent,
		      unsigned int ctx);
void trace_lat_hook_init(struct trace_lat_hook *h, bool (*gate)(void),
			 void (*ungate)(void));
int trace_lat_hook_set(struct trace_lat_hook *h, bool on, bool fn, bool graph);
int trace_lat_hook_opt(struct trace_lat_hook *h, bool on, unsigned int opt,
		       bool val);

/* The options that change what a latency tracer's function hook hooks. */
#define TRACE_LAT_HOOK_OPTS						\
	(BIT(TRACE_OPT_FUNCTION_TRACE) | BIT(TRACE_OPT_DISPLAY_GRAPH))

bool trace_lat_print_ev(struct seq_file *m, const struct trace_ev *ev);

#endif /* _KERNEL_TRACE_TRACE_LAT_H */
