// SPDX-License-Identifier: GPL-2.0
/*
 * The function tracer: one record per traced function entry, {ip,
 * parent_ip}, for the functions set_ftrace_filter and set_ftrace_notrace
 * select.
 *
 * Its callback never looks at its ftrace_ops argument, so while it is the
 * only user of the hook the trampoline calls it directly; it guards
 * itself against recursion (a function it calls being traced).
 */
#include <linux/ftrace.h>
#include <linux/init.h>
#include <linux/preempt.h>

#include "fentry.h"
#include "trace.h"

static void trace_fn_call(unsigned long ip, unsigned long parent_ip,
			  struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	struct trace_fn_rec *r;
	int bit;

	if (unlikely(!trace_buffer_enabled()))
		return;
	bit = fentry_recursion_enter(FENTRY_REC_FUNCTION);
	if (bit < 0)
		return;
	preempt_disable_notrace();
	/* The preempt count recorded is the traced function's. */
	r = trace_rec_reserve_ctx(TRACE_TYPE_FN, sizeof(*r),
				  tracing_gen_ctx_dec());
	if (r) {
		r->ip = ip;
		r->parent_ip = parent_ip;
		trace_rec_commit();
	}
	preempt_enable_notrace();
	fentry_recursion_exit(bit);
}

static struct ftrace_ops trace_fn_ops = {
	.func		= trace_fn_call,
	.flags		= FTRACE_OPS_FL_RECURSION | FENTRY_OPS_FL_OPLESS,
	.func_hash	= &fentry_global_hash,
};

static int trace_fn_init(void)
{
	trace_buf_reset(RING_BUFFER_ALL_CPUS);
	return register_ftrace_function(&trace_fn_ops);
}

static void trace_fn_reset(void)
{
	unregister_ftrace_function(&trace_fn_ops);
}

static struct tracer trace_fn_tracer = {
	.name	= "function",
	.init	= trace_fn_init,
	.reset	= trace_fn_reset,
};

static int __init trace_fn_register(void)
{
	return trace_register_tracer(&trace_fn_tracer);
}
core_initcall(trace_fn_register);
