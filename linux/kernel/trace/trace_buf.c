// SPDX-License-Identifier: GPL-2.0
/*
 * Trace buffers: for each trace array, the ring buffer that tracefs shows,
 * the switch that lets writers record (tracing_on), the records written
 * into it, its clock, mode and the CPUs that may write, and the swap with
 * its max buffer. The top array's is trace_top_buf, made at boot and never
 * freed; an instance's is made and destroyed with it (trace_buf_alloc.c).
 *
 * Writers call trace_rec_reserve() and trace_rec_commit(); the fast path
 * is a few checks and the ring buffer's own reserve. The bottom of the
 * buffer's files: its sizes (trace_buf_size.c) and the making of its
 * rings (trace_buf_alloc.c) are above; the readers' waits
 * (trace_buf_wake.c) below.
 */
#include <linux/cpumask.h>
#include <linux/mutex.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/slab.h>

#include "rb_fast.h"
#include "trace_buf_int.h"

/*
 * A buffer records only while the user switch (tracing_on) is on and no
 * kernel user holds it stopped with tracing_stop(): both in one word that
 * writers test locklessly (trace_buf_enabled()), TRACE_REC_USER_OFF
 * while the switch is off plus TRACE_REC_STOP per tracing_stop(). A writer
 * that races with a switch may still record one entry.
 */
struct trace_buf trace_top_buf = {
	.lock = __MUTEX_INITIALIZER(trace_top_buf.lock),
	.percent = 50,
	.expanded = true,
};

/**
 * trace_buf_set_on() - turn recording into a buffer on or off
 * @b:		the buffer
 * @on:		on
 *
 * What its tracing_on file does. Turning it off wakes its waiting readers
 * and ends their waits.
 */
void trace_buf_set_on(struct trace_buf *b, bool on)
{
	if (on) {
		atomic_andnot(TRACE_REC_USER_OFF, &b->blocked);
		return;
	}
	atomic_or(TRACE_REC_USER_OFF, &b->blocked);
	trace_wake_readers(b, true);
}

/**
 * trace_buf_is_on() - whether a buffer's tracing_on is 1
 * @b:		the buffer
 *
 * Return: true when it is.
 */
bool trace_buf_is_on(struct trace_buf *b)
{
	return !(atomic_read(&b->blocked) & TRACE_REC_USER_OFF);
}

/**
 * tracing_on() - turn recording into the trace buffer on
 *
 * The kernel-side equivalent of writing 1 to tracing_on.
 */
void tracing_on(void)
{
	trace_buf_set_on(&trace_top_buf, true);
}
EXPORT_SYMBOL_GPL(tracing_on);

/**
 * tracing_off() - turn recording into the trace buffer off
 *
 * The kernel-side equivalent of writing 0 to tracing_on. Cheap enough to
 * call from the point where a bug is detected, to freeze the trace there.
 * Readers waiting for records are woken, and their waits end.
 */
void tracing_off(void)
{
	trace_buf_set_on(&trace_top_buf, false);
}
EXPORT_SYMBOL_GPL(tracing_off);

/**
 * tracing_is_on() - whether recording is switched on
 *
 * Return: 1 when tracing_on is 1, else 0.
 */
int tracing_is_on(void)
{
	return trace_buf_is_on(&trace_top_buf);
}
EXPORT_SYMBOL_GPL(tracing_is_on);

/**
 * trace_buf_stop() - hold recording into a buffer off, nesting
 * @b:		the buffer
 *
 * Each call must be paired with trace_buf_start(). Does not change what
 * its tracing_on file reads.
 */
void trace_buf_stop(struct trace_buf *b)
{
	atomic_add(TRACE_REC_STOP, &b->blocked);
}

/**
 * trace_buf_start() - release one trace_buf_stop()
 * @b:		the buffer
 */
void trace_buf_start(struct trace_buf *b)
{
	WARN_ON_ONCE(atomic_sub_return(TRACE_REC_STOP, &b->blocked) < 0);
}

/**
 * tracing_stop() - hold recording off, nesting
 *
 * Each call must be paired with tracing_start(). Does not change what the
 * tracing_on file reads.
 */
void tracing_stop(void)
{
	trace_buf_stop(&trace_top_buf);
}

/**
 * tracing_start() - release one tracing_stop()
 */
void tracing_start(void)
{
	trace_buf_start(&trace_top_buf);
}

/**
 * tracing_gen_ctx_irq_test() - the context of a record being written
 * @irqs_status: TRACE_FLAG_IRQS_OFF or TRACE_FLAG_IRQS_NOSUPPORT, as the
 *		caller found the interrupt state
 *
 * Return: the TRACE_FLAG_* bits in bits 16..23, the migrate-disable depth
 * in bits 4..7 and the preemption depth in bits 0..3 (both capped at 15),
 * the layout struct trace_entry's @flags and @preempt_count take.
 */
unsigned int tracing_gen_ctx_irq_test(unsigned int irqs_status)
{
	return trace_ctx_of(irqs_status);
}
EXPORT_SYMBOL_GPL(tracing_gen_ctx_irq_test);

/* Records */

/**
 * trace_buf_reserve() - start a record in a buffer, tracing_on tested
 * (trace_rec_reserve())
 * @b:		the buffer
 * @h:		the write's handle, filled in for trace_rec_commit()
 * @type:	its common_type
 * @len:	its length, struct trace_entry included
 * @ctx:	the flags and preempt count to record, as tracing_gen_ctx()
 *		returns them (a probe called with preemption off by its
 *		caller, a tracepoint, passes trace_ctx_dec()); or
 *		TRACE_CTX_NOW or TRACE_CTX_NOW_DEC, to compute them here only
 *		when the record is wanted
 *
 * Fills in the common fields. Callable from any context. Preemption is
 * disabled once, by the ring buffer's reservation, until the commit.
 *
 * Return: the record, to be filled and committed with trace_rec_commit(),
 * or NULL when nothing is to be recorded (no buffer, CPU masked out, or
 * the event dropped and counted); there is then nothing to commit.
 */
void *trace_buf_reserve(struct trace_buf *b, struct trace_wh *h,
			unsigned short type, unsigned int len, unsigned int ctx)
{
	struct trace_buffer *rb = READ_ONCE(b->rb);
	struct trace_entry *e;

	if (unlikely(!rb) ||
	    !cpumask_test_cpu(raw_smp_processor_id(), b->cpus))
		return NULL;
	/* Our caller's context: this function changed nothing of it yet. */
	if (ctx & TRACE_CTX_NOW)
		ctx = ctx == TRACE_CTX_NOW_DEC ? trace_ctx_dec() : trace_ctx();
	e = rb_reserve(rb, len);
	if (!e)
		return NULL;
	h->rb = rb;
	if (trace_opt(TRACE_OPT_RECORD_CMD) || trace_opt(TRACE_OPT_RECORD_TGID))
		trace_cmdline_save();
	e->type = type;
	e->flags = ctx >> 16;
	e->preempt_count = ctx & 0xff;
	e->pid = current->pid;
	return e;
}

/* Set once at boot, before any reader exists. */
const struct trace_buf_readers *trace_buf_readers __ro_after_init;

/**
 * trace_buf_set_readers() - tell the buffer how to reach its consuming
 * readers
 * @r:	their operations
 *
 * Context: at boot, before tracefs exists.
 */
void __init trace_buf_set_readers(const struct trace_buf_readers *r)
{
	trace_buf_readers = r;
}

/**
 * trace_buf_reset() - drop the records of one CPU or all, and their counts
 * @b:		the buffer
 * @cpu:	the CPU, or RING_BUFFER_ALL_CPUS
 */
void trace_buf_reset(struct trace_buf *b, int cpu)
{
	if (!b->rb)
		return;
	if (trace_buf_readers)
		trace_buf_readers->reset(b, cpu);
	ring_buffer_reset_cpu(b->rb, cpu);
}

/**
 * trace_buf_subbuf_size() - the size of a buffer's sub-buffers
 * @b:		the buffer
 *
 * What buffer_subbuf_size_kb and events/header_page show. Context: any.
 * Return: bytes per sub-buffer of its trace ring (a page when it has none).
 */
size_t trace_buf_subbuf_size(struct trace_buf *b)
{
	struct trace_buffer *rb = READ_ONCE(b->rb);

	return rb ? ring_buffer_subbuf_size_get(rb) : PAGE_SIZE;
}

/* The max buffer */

/**
 * trace_max_block() - keep swaps with the max buffer out, or let them in
 * again
 * @b:		the buffer
 * @on:		keep them out
 *
 * Swappers run with interrupts off, so once synchronize_rcu() returns
 * none is left in progress. Sleeps when @on.
 */
void trace_max_block(struct trace_buf *b, bool on)
{
	if (!on) {
		atomic_dec(&b->max_blocked);
		return;
	}
	atomic_inc(&b->max_blocked);
	synchronize_rcu();
}

/**
 * trace_max_trylock() - take the right to swap a buffer with its max
 * buffer
 * @b:		the buffer
 *
 * Context: interrupts off.
 * Return: true when taken; false when a resize, a reset or another swap
 * is in progress, or there is no max buffer.
 */
bool trace_max_trylock(struct trace_buf *b)
{
	lockdep_assert(irqs_disabled());
	if (atomic_read(&b->max_blocked) || !READ_ONCE(b->max_rb))
		return false;
	return !atomic_cmpxchg_acquire(&b->max_busy, 0, 1);
}

/**
 * trace_max_unlock() - give up the right of trace_max_trylock()
 * @b:		the buffer
 */
void trace_max_unlock(struct trace_buf *b)
{
	/* Pairs with the acquire of the next swapper's cmpxchg. */
	atomic_set_release(&b->max_busy, 0);
}

/**
 * trace_max_swap_locked() - make the max buffer the one written, and the
 * buffer written so far the max buffer
 * @b:		the buffer
 *
 * Context: under trace_max_trylock(). Writers that reserved in the old
 * buffer commit there; a swap on one CPU never waits for another.
 */
void trace_max_swap_locked(struct trace_buf *b)
{
	struct trace_buffer *rb = READ_ONCE(b->max_rb);

	WRITE_ONCE(b->max_rb, b->rb);
	WRITE_ONCE(b->rb, rb);
	/* Readers waiting for the old ring to fill wait on the new one. */
	trace_wake_readers(b, false);
}

/**
 * trace_buf_clock_fn() - the time source of a buffer's rings
 * @b:		the buffer
 *
 * Return: the clock's read function.
 */
trace_clock_fn_t trace_buf_clock_fn(struct trace_buf *b)
{
	return b == &trace_top_buf ? trace_clock_read : trace_clock_fn(b->clock);
}

/**
 * trace_buf_clock() - the time now on a buffer's clock
 * @b:		the buffer
 *
 * Return: the time.
 */
u64 trace_buf_clock(struct trace_buf *b)
{
	return trace_buf_clock_fn(b)();
}

/**
 * trace_buf_clock_in_ns() - whether a buffer's clock counts nanoseconds
 * @b:		the buffer
 *
 * Return: false for the clocks whose stamps are printed raw.
 */
bool trace_buf_clock_in_ns(struct trace_buf *b)
{
	if (b == &trace_top_buf)
		return trace_clock_in_ns();
	return trace_clock_idx_in_ns(READ_ONCE(b->clock));
}

/**
 * trace_buf_set_clock() - switch an instance's buffer to another clock
 * @b:		the buffer, not the top one
 * @idx:	the clock (trace_clock_index())
 *
 * The caller resets the buffer after a switch.
 *
 * Return: 1 when the clock changed, 0 when it was already @idx.
 */
int trace_buf_set_clock(struct trace_buf *b, unsigned int idx)
{
	guard(mutex)(&b->lock);
	if (b->clock == idx)
		return 0;
	WRITE_ONCE(b->clock, idx);
	trace_max_block(b, true);
	ring_buffer_set_clock(b->rb, trace_buf_clock_fn(b));
	if (b->max_rb)
		ring_buffer_set_clock(b->max_rb, trace_buf_clock_fn(b));
	trace_max_block(b, false);
	return 1;
}

/* Set the mode of @b's buffers; under @b->lock. */
static void trace_buf_set_mode(struct trace_buf *b, enum ring_buffer_mode mode)
{
	lockdep_assert_held(&b->lock);
	if (!b->rb)
		return;
	trace_max_block(b, true);
	ring_buffer_set_mode(b->rb, mode);
	if (b->max_rb)
		ring_buffer_set_mode(b->max_rb, mode);
	trace_max_block(b, false);
}

/**
 * trace_buf_set_overwrite() - what a full buffer does with a new record
 * @b:		the buffer
 * @on:		overwrite the oldest; else drop the new one
 *
 * For the trace buffer and the max buffer both: a swap exchanges them.
 */
void trace_buf_set_overwrite(struct trace_buf *b, bool on)
{
	guard(mutex)(&b->lock);
	b->overwrite = on;
	trace_buf_set_mode(b, on ? RING_BUFFER_OVERWRITE :
				   RING_BUFFER_KEEP_OLDEST);
}

/**
 * trace_max_reset() - drop the records of a max buffer
 * @b:		the buffer
 * @cpu:	the CPU whose records go, or RING_BUFFER_ALL_CPUS
 */
void trace_max_reset(struct trace_buf *b, int cpu)
{
	guard(mutex)(&b->lock);
	if (!b->max_rb)
		return;
	trace_max_block(b, true);
	ring_buffer_reset_cpu(b->max_rb, cpu);
	trace_max_block(b, false);
}

/* tracing_cpumask */

/**
 * trace_buf_cpumask_show() - print a buffer's tracing_cpumask
 * @b:		the buffer
 * @m:		where to print
 *
 * Return: 0.
 */
int trace_buf_cpumask_show(struct trace_buf *b, struct seq_file *m)
{
	seq_printf(m, "%*pb\n", cpumask_pr_args(b->cpus));
	return 0;
}

/**
 * trace_buf_cpumask_store() - set a buffer's tracing_cpumask
 * @b:		the buffer
 * @val:	a hex mask, in groups of 32 bits separated by commas
 *
 * Return: 0, or -EINVAL for a malformed mask.
 */
int trace_buf_cpumask_store(struct trace_buf *b, const char *val)
{
	cpumask_var_t mask;
	int ret;

	if (!alloc_cpumask_var(&mask, GFP_KERNEL))
		return -ENOMEM;
	ret = cpumask_parse(val, mask);
	if (!ret) {
		guard(mutex)(&b->lock);
		cpumask_copy(b->cpus, mask);
	}
	free_cpumask_var(mask);
	return ret;
}
