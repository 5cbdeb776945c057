/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The write path every tracer shares, inline: the context a record
 * carries, the one test of tracing_on, and the reservation and commit of
 * a record in the trace buffer (trace_buf.c), down to the ring buffer's
 * own fast path (rb_fast.h). Included by trace.h.
 */
#ifndef _KERNEL_TRACE_TRACE_WRITE_H
#define _KERNEL_TRACE_TRACE_WRITE_H

#include <linux/atomic.h>
#include <linux/compiler.h>
#include <linux/hardirq.h>
#include <linux/minmax.h>
#include <linux/preempt.h>
#include <linux/sched.h>
#include <linux/trace_events.h>
#include <trace/trace_ev.h>

#include "rb_fast.h"
#include "trace_buf.h"

/**
 * trace_ctx_of() - tracing_gen_ctx_irq_test(), inline for hot paths
 * @irqs_status: TRACE_FLAG_IRQS_OFF or 0, as the caller found interrupts
 *
 * Return: the TRACE_FLAG_* bits in bits 16..23, the migrate-disable depth
 * in bits 4..7 and the preemption depth in bits 0..3 (both capped at 15),
 * the layout struct trace_entry's @flags and @preempt_count take.
 */
static __always_inline unsigned int trace_ctx_of(unsigned int irqs_status)
{
	unsigned int pc = preempt_count();
	/* Softirqs disabled, beyond the one being served. */
	bool bh_off = softirq_count() & ~SOFTIRQ_OFFSET;
	unsigned int depth = min_t(unsigned int, pc & PREEMPT_MASK, 15);
	unsigned int mig = 0;
	unsigned int f = irqs_status |
		(pc & NMI_MASK ? TRACE_FLAG_NMI : 0) |
		(pc & HARDIRQ_MASK ? TRACE_FLAG_HARDIRQ : 0) |
		(in_serving_softirq() ? TRACE_FLAG_SOFTIRQ : 0) |
		(bh_off ? TRACE_FLAG_BH_OFF : 0) |
		(tif_need_resched() ? TRACE_FLAG_NEED_RESCHED : 0) |
		(test_preempt_need_resched() ? TRACE_FLAG_PREEMPT_RESCHED : 0);

#ifdef CONFIG_SMP
	mig = min_t(unsigned int, current->migration_disabled, 15);
#endif
	return f << 16 | mig << 4 | depth;
}

/**
 * trace_ctx() - tracing_gen_ctx(), inline for hot paths
 *
 * Return: the context of the caller.
 */
static __always_inline unsigned int trace_ctx(void)
{
	return trace_ctx_of(irqs_disabled() ? TRACE_FLAG_IRQS_OFF : 0);
}

/**
 * trace_ctx_dec() - tracing_gen_ctx_dec(), inline for hot paths
 *
 * Return: the context of the caller's caller, which disabled preemption
 * once itself (CONFIG_PREEMPTION).
 */
static __always_inline unsigned int trace_ctx_dec(void)
{
	unsigned int ctx = trace_ctx();

	return IS_ENABLED(CONFIG_PREEMPTION) ? ctx - 1 : ctx;
}

/**
 * trace_buf_enabled() - whether writers may record into a buffer now
 * @b:		the buffer
 *
 * Return: true when its tracing_on is 1 and nothing holds it stopped.
 */
static __always_inline bool trace_buf_enabled(struct trace_buf *b)
{
	return !atomic_read(&b->blocked);
}

/**
 * trace_buffer_enabled() - whether writers may record into the top
 * array's buffer now
 *
 * Return: true when tracing_on is 1 and nothing holds tracing stopped.
 */
static __always_inline bool trace_buffer_enabled(void)
{
	return trace_buf_enabled(&trace_top_buf);
}

/*
 * Contexts for trace_rec_reserve() to compute itself, once it knows the
 * record is wanted: the writer's (tracing_gen_ctx()), or the same less
 * the one preemption level its caller added (tracing_gen_ctx_dec()).
 * Outside the values a context takes (24 bits).
 */
#define TRACE_CTX_NOW		BIT(31)
#define TRACE_CTX_NOW_DEC	(BIT(31) | BIT(30))

void *trace_buf_reserve(struct trace_buf *b, struct trace_wh *h,
			unsigned short type, unsigned int len, unsigned int ctx);

/**
 * __trace_rec_reserve() - trace_rec_reserve() with tracing_on tested
 * @h:		the write's handle
 * @type:	the record's common_type
 * @len:	its length
 * @ctx:	the context to record (see trace_buf_reserve())
 *
 * Return: the record, or NULL.
 */
static __always_inline void *__trace_rec_reserve(struct trace_wh *h,
						 unsigned short type,
						 unsigned int len,
						 unsigned int ctx)
{
	return trace_buf_reserve(&trace_top_buf, h, type, len, ctx);
}

/**
 * trace_rec_reserve() - start a record in the top array's buffer
 * @h:		the write's handle, filled in for trace_rec_commit()
 * @type:	its common_type
 * @len:	its length, struct trace_entry included
 * @ctx:	the context to record (see trace_buf_reserve())
 *
 * The one test of tracing_on, inline; the rest is trace_buf_reserve().
 * A writer that tests trace_buffer_enabled() itself, before work of its
 * own, calls __trace_rec_reserve() instead.
 *
 * Return: the record, or NULL: nothing to commit.
 */
static __always_inline void *trace_rec_reserve(struct trace_wh *h,
					       unsigned short type,
					       unsigned int len,
					       unsigned int ctx)
{
	if (!trace_buffer_enabled())
		return NULL;
	return __trace_rec_reserve(h, type, len, ctx);
}

extern bool trace_want_wake;
void trace_rec_wake(void);

/**
 * trace_rec_commit() - finish a record of trace_rec_reserve()
 * @h:		the handle it filled in
 *
 * Inline: every record ends here. Re-enables preemption.
 */
static __always_inline void trace_rec_commit(struct trace_wh *h)
{
	rb_commit(h->rb);
	/* Pairs with the barriers where readers set it (trace_buf_wake.c). */
	if (unlikely(READ_ONCE(trace_want_wake)))
		trace_rec_wake();
}

#endif /* _KERNEL_TRACE_TRACE_WRITE_H */
