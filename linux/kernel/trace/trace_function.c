// SPDX-License-Identifier: GPL-2.0
/*
 * The function tracer: one record per traced function entry, {ip,
 * parent_ip}, for the functions set_ftrace_filter and set_ftrace_notrace
 * select and the tasks set_ftrace_pid and set_ftrace_notrace_pid let
 * through; with options/func_stack_trace, a kernel_stack record follows
 * each.
 *
 * Its callback never looks at its ftrace_ops argument, so while it is the
 * only user of the hook the trampoline calls it directly; it guards
 * itself against recursion (a function it calls being traced).
 *
 * It records nothing while its sites are being patched on or off: that
 * would fill the buffer with the patching itself (over a million records
 * to turn every function on) and slow the switch several times over.
 */
#include <linux/ftrace.h>
#include <linux/init.h>
#include <linux/printk.h>
#include <linux/string.h>
#include <linux/preempt.h>

#include "fentry.h"
#include "trace.h"

/* Set once registration has patched every site, cleared before removal. */
static bool trace_fn_live;

static void trace_fn_call(unsigned long ip, unsigned long parent_ip,
			  struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	struct trace_wh h;
	struct trace_fn_rec *r;
	unsigned int ctx;
	int bit;

	/* The record's one test of tracing_on, before any work of ours. */
	if (unlikely(!READ_ONCE(trace_fn_live)) ||
	    unlikely(!trace_buffer_enabled()) || fentry_pid_ignores())
		return;
	bit = fentry_recursion_enter(FENTRY_REC_FUNCTION);
	if (bit < 0)
		return;
	/*
	 * The preempt count recorded is the traced function's: the dispatch
	 * loop, when it called us, disabled preemption once for its walk of
	 * the users (@op is NULL only when the trampoline calls us
	 * directly). The reservation computes it only when it goes on.
	 */
	r = __trace_rec_reserve(&h, TRACE_TYPE_FN, sizeof(*r),
				op ? TRACE_CTX_NOW_DEC : TRACE_CTX_NOW);
	if (r) {
		r->ip = ip;
		r->parent_ip = parent_ip;
		ctx = r->ent.flags << 16 | r->ent.preempt_count;
		trace_rec_commit(&h);
		if (unlikely(trace_opt(TRACE_OPT_FUNC_STACK_TRACE)))
			trace_stack_record(&arch_ftrace_regs(fregs)->regs, 0,
					   ctx);
	}
	fentry_recursion_exit(bit);
}

static struct ftrace_ops trace_fn_ops = {
	.func		= trace_fn_call,
	.flags		= FTRACE_OPS_FL_RECURSION | FENTRY_OPS_FL_OPLESS,
	.func_hash	= &fentry_global_hash,
};

static int trace_fn_init(void)
{
	int ret;

	trace_buf_reset(&trace_top_buf, RING_BUFFER_ALL_CPUS);
	ret = register_ftrace_function(&trace_fn_ops);
	WRITE_ONCE(trace_fn_live, !ret);
	return ret;
}

static void trace_fn_reset(void)
{
	WRITE_ONCE(trace_fn_live, false);
	unregister_ftrace_function(&trace_fn_ops);
}

static struct tracer trace_fn_tracer = {
	.name	= "function",
	.init	= trace_fn_init,
	.reset	= trace_fn_reset,
};

/*
 * ftrace_filter= and ftrace_notrace= on the command line: the initial
 * contents of set_ftrace_filter and set_ftrace_notrace, terms separated
 * by commas.
 */
FENTRY_BOOT_TERMS(trace_fn_boot_filter, "ftrace_filter=");
FENTRY_BOOT_TERMS(trace_fn_boot_notrace, "ftrace_notrace=");

static int __init trace_fn_register(void)
{
	fentry_boot_sets(&fentry_global_hash, trace_fn_boot_filter_terms,
			 trace_fn_boot_notrace_terms, "ftrace");
	return trace_register_tracer(&trace_fn_tracer);
}
core_initcall(trace_fn_register);
