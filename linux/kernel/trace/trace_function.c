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

/*
 * The stack after a function's record. The unwinder's functions are
 * traced: the guard's second bit (the one a context in transition may
 * take) is held too, so that they do not record themselves.
 */
static noinline void trace_fn_stack(struct trace_buf *b,
				    struct ftrace_regs *fregs,
				    unsigned int ctx)
{
	int bit = fentry_recursion_enter(FENTRY_REC_FUNCTION);

	trace_stack_record(b, &arch_ftrace_regs(fregs)->regs, 0, ctx);
	if (bit >= 0)
		fentry_recursion_exit(bit);
}

/*
 * Record a function entry into @b, with a stack after it if @opts (its
 * array's options) say so; @ctx as trace_buf_reserve() takes.
 */
static __always_inline void trace_fn_record(struct trace_buf *b,
					    const unsigned long *opts,
					    unsigned long ip,
					    unsigned long parent_ip,
					    unsigned int ctx,
					    struct ftrace_regs *fregs)
{
	struct trace_wh h;
	struct trace_fn_rec *r;
	int bit;

	bit = fentry_recursion_enter(FENTRY_REC_FUNCTION);
	if (bit < 0)
		return;
	r = trace_buf_reserve(b, &h, TRACE_TYPE_FN, sizeof(*r), ctx);
	if (r) {
		r->ip = ip;
		r->parent_ip = parent_ip;
		ctx = r->ent.flags << 16 | r->ent.preempt_count;
		trace_rec_commit(&h);
		if (unlikely(test_bit(TRACE_OPT_FUNC_STACK_TRACE, opts)))
			trace_fn_stack(b, fregs, ctx);
	}
	fentry_recursion_exit(bit);
}

static void trace_fn_call(unsigned long ip, unsigned long parent_ip,
			  struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	/* The record's one test of tracing_on, before any work of ours. */
	if (unlikely(!READ_ONCE(trace_fn_live)) ||
	    unlikely(!trace_buffer_enabled()) || fentry_pid_ignores())
		return;
	/*
	 * The preempt count recorded is the traced function's: the dispatch
	 * loop, when it called us, disabled preemption once for its walk of
	 * the users (@op is NULL only when the trampoline calls us
	 * directly). The reservation computes it only when it goes on.
	 */
	trace_fn_record(&trace_top_buf, &trace_opts, ip, parent_ip,
			op ? TRACE_CTX_NOW_DEC : TRACE_CTX_NOW, fregs);
}

/*
 * An instance's function tracer: its own ops (fentry_inst.c), always
 * called by the dispatch loop, with the instance's buffer and task lists
 * as private.
 */
static void trace_fn_array_call(unsigned long ip, unsigned long parent_ip,
				struct ftrace_ops *op,
				struct ftrace_regs *fregs)
{
	struct fentry_target *to = op->private;

	if (unlikely(!trace_buf_enabled(to->buf)) ||
	    trace_pid_ignores(to->pids))
		return;
	trace_fn_record(to->buf, to->opts, ip, parent_ip, TRACE_CTX_NOW_DEC,
			fregs);
}

static int trace_fn_init_array(struct trace_array *tr)
{
	struct ftrace_ops *ops = fentry_array_ops(tr);

	ops->func = trace_fn_array_call;
	trace_buf_reset(trace_array_buf(tr), RING_BUFFER_ALL_CPUS);
	return register_ftrace_function(ops);
}

static void trace_fn_reset_array(struct trace_array *tr)
{
	unregister_ftrace_function(fentry_array_ops(tr));
}

static struct ftrace_ops trace_fn_ops = {
	.func		= trace_fn_call,
	.flags		= FENTRY_OPS_FL_OPLESS,
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
	.init_array = trace_fn_init_array,
	.reset_array = trace_fn_reset_array,
};

/*
 * ftrace_filter= and ftrace_notrace= on the command line: the initial
 * contents of set_ftrace_filter and set_ftrace_notrace, terms separated
 * by commas.
 */
FENTRY_BOOT_TERMS(trace_fn_boot_filter, "ftrace_filter=");
FENTRY_BOOT_TERMS(trace_fn_boot_notrace, "ftrace_notrace=");

/**
 * trace_fn_register_early() - register the function tracer, early in boot
 *
 * Called by early_trace_init(), before the scheduler and the initcalls,
 * so that ftrace=function traces from there on, as upstream's does: its
 * callback needs only the buffer, and its patching only text_poke(),
 * which works from poking_init() on. ftrace_filter= and ftrace_notrace=
 * are in place first.
 */
void __init trace_fn_register_early(void)
{
	fentry_boot_sets(&fentry_global_hash, trace_fn_boot_filter_terms,
			 trace_fn_boot_notrace_terms, "ftrace");
	if (trace_register_tracer(&trace_fn_tracer))
		pr_warn("tracing: cannot register the function tracer\n");
}
