// SPDX-License-Identifier: GPL-2.0
/*
 * The sizes of a trace buffer: of each CPU's ring (buffer_size_kb), set
 * by hand or taken at first use by an instance's buffer
 * (trace_buf_expand()), and of its sub-buffers; a ring of the sizes set,
 * for the making of the buffer and its max buffer (trace_buf_alloc.c,
 * above). Both rings are resized together, with swaps kept out.
 */
#include <linux/cpumask.h>
#include <linux/mm.h>
#include <linux/mutex.h>

#include "trace_buf_int.h"

static int trace_buf_resize_locked(struct trace_buf *b, int cpu,
				   unsigned long kb);

/**
 * trace_buf_kb() - the size of a CPU's buffer, as last set
 * @b:		the buffer
 * @cpu:	the CPU, or RING_BUFFER_ALL_CPUS for the common size
 *
 * Return: KiB, or 0 for RING_BUFFER_ALL_CPUS when the sizes differ.
 */
unsigned long trace_buf_kb(struct trace_buf *b, int cpu)
{
	unsigned long kb = 0;
	int i;

	guard(mutex)(&b->lock);
	if (cpu != RING_BUFFER_ALL_CPUS)
		return b->kb[cpu];
	for_each_possible_cpu(i) {
		if (kb && b->kb[i] != kb)
			return 0;
		kb = b->kb[i];
	}
	return kb;
}

/*
 * The pages that giving @cpu's rings (or every CPU's) @kb KiB each would
 * add to @b: what they grow by, for its max buffer too. An estimate
 * taken without the lock, to refuse at once what cannot fit.
 */
static unsigned long trace_buf_growth(struct trace_buf *b, int cpu,
				      unsigned long kb)
{
	unsigned long pages = DIV_ROUND_UP(kb, PAGE_SIZE / 1024), cur, need = 0;
	int i;

	for_each_possible_cpu(i) {
		if (cpu != RING_BUFFER_ALL_CPUS && cpu != i)
			continue;
		cur = ring_buffer_size(b->rb, i) >> PAGE_SHIFT;
		need += pages > cur ? pages - cur : 0;
	}
	return READ_ONCE(b->max_rb) ? 2 * need : need;
}

/**
 * trace_buf_resize() - change the size of one CPU's buffer or all of them
 * @b:		the buffer
 * @cpu:	the CPU, or RING_BUFFER_ALL_CPUS
 * @kb:		the new size in KiB
 *
 * Return: 0; -EINVAL for a size of 0; -ENOMEM when the memory is not
 * there, and then every size stays as it was.
 */
int trace_buf_resize(struct trace_buf *b, int cpu, unsigned long kb)
{
	int ret;

	/* One CPU's size set: the others take theirs first. */
	if (cpu != RING_BUFFER_ALL_CPUS) {
		ret = trace_buf_expand(b);
		if (ret)
			return ret;
	}

	if (!kb)
		return -EINVAL;
	if (!b->rb)
		return -ENOMEM;
	/*
	 * Refuse at once what cannot fit, before trying to allocate it; a
	 * size the buffer has already needs nothing more.
	 */
	if (kb > ULONG_MAX / 1024 ||
	    DIV_ROUND_UP(kb, PAGE_SIZE / 1024) > UINT_MAX / 2 ||
	    trace_buf_growth(b, cpu, kb) > si_mem_available())
		return -ENOMEM;

	guard(mutex)(&b->lock);
	if (b->max_rb) {
		/* Both buffers, with no swap in between. */
		trace_max_block(b, true);
		ret = ring_buffer_resize(b->max_rb, cpu, kb * 1024);
		if (!ret)
			ret = trace_buf_resize_locked(b, cpu, kb);
		trace_max_block(b, false);
		return ret;
	}
	/* A size set by hand is the size: the buffer is expanded to it. */
	ret = trace_buf_resize_locked(b, cpu, kb);
	if (!ret)
		WRITE_ONCE(b->expanded, true);
	return ret;
}

/* The KiB @b's ring has on @cpu: its set size once expanded. */
static unsigned long trace_buf_ring_kb(struct trace_buf *b, int cpu)
{
	lockdep_assert_held(&b->lock);
	return b->expanded ? b->kb[cpu] : TRACE_BUF_MIN_KB;
}

/**
 * trace_buf_expand() - give an instance's buffer the sizes set for it
 * @b:		the buffer
 *
 * An instance's ring is made of the least size; it takes the sizes of
 * its buffer_size_kb files when first needed: a tracer, an event, a
 * marker or a snapshot in the instance, or a size set per CPU. Sleeps.
 *
 * Return: 0, or -ENOMEM (the ring then stays as it was).
 */
int trace_buf_expand(struct trace_buf *b)
{
	int cpu, ret;

	/* Pairs with the WRITE_ONCE()s under @b->lock. */
	if (READ_ONCE(b->expanded))
		return 0;
	guard(mutex)(&b->lock);
	if (b->expanded)
		return 0;
	for_each_possible_cpu(cpu) {
		ret = ring_buffer_resize(b->rb, cpu, b->kb[cpu] * 1024);
		if (ret) {
			for_each_possible_cpu(cpu)
				ring_buffer_resize(b->rb, cpu,
						   TRACE_BUF_MIN_KB * 1024);
			return ret;
		}
	}
	WRITE_ONCE(b->expanded, true);
	return 0;
}

static int trace_buf_resize_locked(struct trace_buf *b, int cpu,
				   unsigned long kb)
{
	int i, ret;

	ret = ring_buffer_resize(b->rb, cpu, kb * 1024);
	if (ret) {
		/*
		 * A resize of all CPUs may have got part way: undo it (a
		 * ring already of its size is left alone).
		 */
		for_each_possible_cpu(i)
			ring_buffer_resize(b->rb, i,
					   trace_buf_ring_kb(b, i) * 1024);
		return ret;
	}
	for_each_possible_cpu(i)
		if (cpu == RING_BUFFER_ALL_CPUS || cpu == i)
			b->kb[i] = kb;
	return 0;
}

/**
 * trace_buf_free() - shrink every CPU's buffer to the minimum
 * @b:		the buffer
 * @stop:	turn tracing off too (its array's disable_on_free option)
 *
 * What free_buffer does when closed.
 */
void trace_buf_free(struct trace_buf *b, bool stop)
{
	if (stop)
		trace_buf_set_on(b, false);
	trace_buf_resize(b, RING_BUFFER_ALL_CPUS, TRACE_BUF_MIN_KB);
}

/**
 * trace_buf_set_subbuf_order() - change the size of a buffer's sub-buffers
 * @b:		the buffer
 * @order:	each is PAGE_SIZE << @order bytes (buffer_subbuf_size_kb)
 *
 * Its records are dropped, those of the max buffer too, and what the
 * consuming readers held of them. Sleeps.
 *
 * Return: 0; -EINVAL for an order over RING_BUFFER_SUBBUF_ORDER_MAX;
 * -ENOMEM; either changing nothing (unless memory ran out putting the
 * trace buffer back: each reader sizes its pages by the ring it reads).
 */
int trace_buf_set_subbuf_order(struct trace_buf *b, unsigned int order)
{
	int old, ret;

	guard(mutex)(&b->lock);
	old = ring_buffer_subbuf_order_get(b->rb);
	if (order == old)
		return 0;
	trace_max_block(b, true);
	ret = ring_buffer_subbuf_order_set(b->rb, order);
	if (!ret && b->max_rb) {
		ret = ring_buffer_subbuf_order_set(b->max_rb, order);
		if (ret)
			ring_buffer_subbuf_order_set(b->rb, old);
	}
	/* What the readers took from the old rings is dropped with them. */
	if (ring_buffer_subbuf_order_get(b->rb) != old && trace_buf_readers)
		trace_buf_readers->reset(b, RING_BUFFER_ALL_CPUS);
	trace_max_block(b, false);
	return ret;
}

/**
 * trace_buf_alloc_rb() - a ring buffer of a buffer's sizes, mode, clock
 * and sub-buffer order
 * @b:		the buffer
 *
 * Context: @b->lock held.
 * Return: the ring, or NULL when memory ran out.
 */
struct trace_buffer *trace_buf_alloc_rb(struct trace_buf *b)
{
	unsigned long kb = trace_buf_ring_kb(b, cpumask_first(cpu_possible_mask));
	struct trace_buffer *rb;
	bool same = true;
	int cpu;

	lockdep_assert_held(&b->lock);
	for_each_possible_cpu(cpu)
		same &= trace_buf_ring_kb(b, cpu) == kb;
	/* One size for all: made at it, without a resize's grace periods. */
	rb = ring_buffer_alloc((same ? kb : TRACE_BUF_MIN_KB) * 1024,
			       b->overwrite ? RING_BUFFER_OVERWRITE :
					      RING_BUFFER_KEEP_OLDEST,
			       trace_buf_clock_fn(b));
	if (rb)
		ring_buffer_set_fill_notify(rb, trace_fill_wake);
	/* The max buffer is swapped with the trace buffer: of its order. */
	if (rb && b->rb &&
	    ring_buffer_subbuf_order_set(rb, ring_buffer_subbuf_order_get(b->rb))) {
		ring_buffer_free(rb);
		return NULL;
	}
	if (!rb || same)
		return rb;
	for_each_possible_cpu(cpu) {
		if (ring_buffer_resize(rb, cpu, trace_buf_ring_kb(b, cpu) * 1024)) {
			ring_buffer_free(rb);
			return NULL;
		}
	}
	return rb;
}
