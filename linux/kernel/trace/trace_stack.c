// SPDX-License-Identifier: GPL-2.0
/*
 * kernel_stack records: a call stack, innermost caller first, printed as
 *
 *   <stack trace>
 *    => caller
 *    => its caller
 *
 * Written by trace_dump_stack(), by the function tracer when
 * options/func_stack_trace is on, and by the stacktrace command.
 */
#include <linux/kallsyms.h>
#include <linux/kernel.h>
#include <linux/percpu.h>
#include <linux/ptrace.h>
#include <linux/stacktrace.h>
#include <linux/string.h>

#include "trace.h"

/**
 * trace_stack_record() - record a call stack
 * @b:		the buffer to record into
 * @regs:	where to start: at @regs->ip, then the callers found from
 *		@regs->sp; NULL to start at the caller of this function
 * @skip:	without @regs, how many more innermost callers to leave out
 * @ctx:	the context to record (tracing_gen_ctx() or a variant)
 *
 * Callable from any context.
 */
void trace_stack_record(struct trace_buf *b, struct pt_regs *regs,
			unsigned int skip, unsigned int ctx)
{
	struct trace_wh h;
	unsigned long entries[TRACE_STACK_MAX];
	struct trace_stack_rec *r;
	unsigned int n;

	if (!trace_buf_enabled(b))
		return;
	if (regs)
		n = stack_trace_save_regs(regs, entries, ARRAY_SIZE(entries), 0);
	else
		n = stack_trace_save(entries, ARRAY_SIZE(entries), skip + 1);
	r = trace_buf_reserve(b, &h, TRACE_TYPE_STACK,
			      struct_size(r, caller, n), ctx);
	if (!r)
		return;
	r->size = n;
	memcpy(r->caller, entries, n * sizeof(entries[0]));
	trace_rec_commit(&h);
}

/* The stack of trace_stack_record_from(), off the stack being walked. */
static DEFINE_PER_CPU(unsigned long [TRACE_STACK_MAX + 8], trace_stack_scratch);

/**
 * trace_stack_record_from() - record the call stack above a function
 * @fn:		a function the stack passes through (a tracer's hook)
 * @ctx:	the context to record
 *
 * The callers above the outermost frame of the function @fn is in are
 * recorded: what the hook's own machinery added is left out, however it
 * was inlined. Without such a frame the whole stack is. The addresses
 * are gathered off the stack: an unwinder that guesses would find them
 * there.
 *
 * Context: interrupts off, not in NMI, and not nested in itself on a CPU.
 */
void trace_stack_record_from(unsigned long fn, unsigned int ctx)
{
	struct trace_wh h;
	unsigned long *entries = this_cpu_ptr(trace_stack_scratch);
	unsigned long size, off;
	struct trace_stack_rec *r;
	unsigned int n, i, from = 0;

	if (!trace_buffer_enabled() ||
	    !kallsyms_lookup_size_offset(fn, &size, &off))
		return;
	n = stack_trace_save(entries, TRACE_STACK_MAX + 8, 1);
	for (i = 0; i < n; i++)
		if (entries[i] - (fn - off) < size)
			from = i + 1;
	n = min_t(unsigned int, n - from, TRACE_STACK_MAX);
	r = trace_rec_reserve(&h, TRACE_TYPE_STACK, struct_size(r, caller, n),
			      ctx);
	if (!r)
		return;
	r->size = n;
	memcpy(r->caller, entries + from, n * sizeof(entries[0]));
	trace_rec_commit(&h);
}

/**
 * trace_dump_stack() - record the current call stack
 * @skip:	how many innermost callers to leave out, beyond this function
 */
void trace_dump_stack(int skip)
{
	trace_stack_record(&trace_top_buf, NULL, skip + 1, tracing_gen_ctx());
}
EXPORT_SYMBOL_GPL(trace_dump_stack);
