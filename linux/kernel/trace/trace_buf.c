// SPDX-License-Identifier: GPL-2.0
/*
 * Trace buffers: for each trace array, the ring buffer that tracefs shows,
 * the switch that lets writers record (tracing_on), the records written
 * into it, its sizes, the CPUs that may write, and the wake-ups of the
 * readers that wait for it. The top array's is trace_top_buf, made at
 * boot and never freed; an instance's is made and destroyed with it.
 *
 * Writers call trace_rec_reserve() and trace_rec_commit(); the fast path
 * is a few checks and the ring buffer's own reserve. Readers sleep on one
 * wait queue. A writer wakes them only when one asked for it (a flag it
 * reads without a barrier), through an irq_work, so that writers in any
 * context (NMI, scheduler) can do it. The flag read may miss a reader
 * that set it concurrently; a timer armed by waiting readers bounds that
 * delay to a tenth of a second.
 */
#include <linux/cpumask.h>
#include <linux/hardirq.h>
#include <linux/irq_work.h>
#include <linux/mm.h>
#include <linux/mutex.h>
#include <linux/poll.h>
#include <linux/preempt.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/timer.h>
#include <linux/wait.h>

#include "rb_fast.h"
#include "trace.h"

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

#define TRACE_BUF_DEFAULT_KB	1408
#define TRACE_BUF_MIN_KB	8

/* The size of a new buffer, per CPU; set at boot. */
static unsigned long trace_boot_kb = TRACE_BUF_DEFAULT_KB;

/* trace_buf_size=<size> on the command line: KiB, or with K, M or G. */
static int __init trace_buf_size_setup(char *str)
{
	unsigned long long bytes = memparse(str, NULL);

	if (!bytes)
		return 0;
	trace_boot_kb = max_t(unsigned long long, DIV_ROUND_UP(bytes, 1024),
			      TRACE_BUF_MIN_KB);
	return 1;
}
__setup("trace_buf_size=", trace_buf_size_setup);

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

/* Wake-ups */

/*
 * The readers of every buffer wait on one queue, woken together: a wait
 * is rare next to the records written, and a reader woken for another
 * buffer's records looks and sleeps again.
 */
static DECLARE_WAIT_QUEUE_HEAD(trace_waitq);
bool trace_want_wake;			/* a reader waits for any record */
static atomic_t trace_wake_seq;		/* bumped by every wake-up */

static void trace_wake_now(void)
{
	atomic_inc(&trace_wake_seq);
	wake_up_all(&trace_waitq);
}

static void trace_wake_work_fn(struct irq_work *work)
{
	trace_wake_now();
}

static DEFINE_IRQ_WORK(trace_wake_work, trace_wake_work_fn);

static void trace_wake_timer_fn(struct timer_list *t)
{
	trace_wake_now();
}

static DEFINE_TIMER(trace_wake_timer, trace_wake_timer_fn);

/* A reader is about to sleep: ask writers for a wake-up, and the timer. */
static void trace_want_wakeup(bool by_writers)
{
	if (by_writers)
		WRITE_ONCE(trace_want_wake, true);
	if (!timer_pending(&trace_wake_timer))
		mod_timer(&trace_wake_timer, jiffies + HZ / 10);
}

/**
 * trace_wake_readers() - wake every waiting reader
 * @b:		the buffer whose readers' waits end, with @stop
 * @stop:	also end the waits of @b's readers (its tracing stopped, or
 *		a reader was told to give up): trace_wait() then returns 0
 *
 * Callable from any context.
 */
void trace_wake_readers(struct trace_buf *b, bool stop)
{
	if (stop)
		atomic_inc(&b->stop_seq);
	irq_work_queue(&trace_wake_work);
}

/**
 * trace_wait() - wait until a reader has something to read
 * @b:		the buffer it reads
 * @ready:	says whether there is; must not sleep
 * @arg:	its argument
 * @nonblock:	do not sleep
 * @slow:	@ready waits for a fill level, not for any record: poll
 *		for it instead of being woken by every writer
 *
 * Return: 1 when @ready, 0 when the wait was ended by
 * trace_wake_readers(@b, true), -EAGAIN when @nonblock and not ready, or
 * -ERESTARTSYS on a signal.
 */
int trace_wait(struct trace_buf *b, bool (*ready)(void *arg), void *arg,
	       bool nonblock, bool slow)
{
	int stop = atomic_read(&b->stop_seq), seq;
	long ret;

	for (;;) {
		seq = atomic_read(&trace_wake_seq);
		if (ready(arg))
			return 1;
		if (nonblock)
			return -EAGAIN;
		if (atomic_read(&b->stop_seq) != stop)
			return 0;
		trace_want_wakeup(!slow);
		/* Pairs with the plain read of the flag in trace_rec_commit(). */
		smp_mb();
		if (ready(arg))
			return 1;
		ret = wait_event_interruptible(trace_waitq,
					       atomic_read(&trace_wake_seq) != seq);
		if (ret)
			return ret;
	}
}

/**
 * trace_poll_wait() - register a poller on the readers' wait queue
 * @filp:	the file polled
 * @pt:		the poll table
 */
void trace_poll_wait(struct file *filp, struct poll_table_struct *pt)
{
	poll_wait(filp, &trace_waitq, pt);
	trace_want_wakeup(true);
	/* Pairs with the plain read of the flag in trace_rec_commit(). */
	smp_mb();
}

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

/**
 * trace_rec_wake() - wake the readers that wait for any record
 *
 * Called by trace_rec_commit() when trace_want_wake is set. Readers are
 * woken through an irq_work: writers may hold the scheduler's locks.
 */
void trace_rec_wake(void)
{
	WRITE_ONCE(trace_want_wake, false);
	irq_work_queue(&trace_wake_work);
}

/* Sizes */

static void trace_max_block(struct trace_buf *b, bool on);
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

/* Set once at boot, before any reader exists. */
static const struct trace_buf_readers *trace_buf_readers __ro_after_init;

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

/*
 * Keep swaps out (@on) or let them in again. Swappers run with interrupts
 * off, so once synchronize_rcu() returns none is left in progress.
 */
static void trace_max_block(struct trace_buf *b, bool on)
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
}

/* The time source of @b's ring buffers. */
static trace_clock_fn_t trace_buf_clock_fn(struct trace_buf *b)
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

/* A ring buffer of @b's sizes and mode; under @b->lock. */
static struct trace_buffer *trace_buf_alloc_rb(struct trace_buf *b)
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

/**
 * trace_max_alloc() - make sure a buffer's max buffer exists, of its size
 * @b:		the buffer
 * @user:	who wants it (enum trace_max_user)
 *
 * Return: 0 or -ENOMEM (@user is then not counted).
 */
int trace_max_alloc(struct trace_buf *b, unsigned int user)
{
	struct trace_buffer *rb;

	/* It is swapped with @b->rb: of the same sizes. */
	if (trace_buf_expand(b))
		return -ENOMEM;
	guard(mutex)(&b->lock);
	if (b->max_rb) {
		b->max_users |= user;
		return 0;
	}
	rb = trace_buf_alloc_rb(b);
	if (!rb)
		return -ENOMEM;
	b->max_users |= user;
	WRITE_ONCE(b->max_rb, rb);
	return 0;
}

static void trace_max_free_locked(struct trace_buf *b)
{
	struct trace_buffer *rb;

	lockdep_assert_held(&b->lock);
	if (b->max_users || b->max_refs || !b->max_rb)
		return;
	trace_max_block(b, true);
	rb = b->max_rb;
	WRITE_ONCE(b->max_rb, NULL);
	trace_max_block(b, false);
	/* Writers that reserved in it before a swap are done by now, */
	synchronize_rcu();
	/* and so are the consuming readers that read it as @b->rb. */
	if (trace_buf_readers)
		trace_buf_readers->quiesce(b);
	ring_buffer_free(rb);
}

/**
 * trace_max_release() - a user no longer needs a max buffer
 * @b:		the buffer
 * @user:	who (enum trace_max_user)
 *
 * It is freed now if it was the last, or when its last reader goes. A
 * latency tracer's hooks are off already.
 */
void trace_max_release(struct trace_buf *b, unsigned int user)
{
	guard(mutex)(&b->lock);
	b->max_users &= ~user;
	trace_max_free_locked(b);
}

/**
 * trace_max_has() - whether a user holds a max buffer
 * @b:		the buffer
 * @user:	who (enum trace_max_user)
 *
 * Return: true when @user called trace_max_alloc() and not yet
 * trace_max_release().
 */
bool trace_max_has(struct trace_buf *b, unsigned int user)
{
	guard(mutex)(&b->lock);
	return b->max_users & user;
}

/**
 * trace_max_get() - hold a max buffer for a reader
 * @b:		the buffer
 *
 * Also taken by readers of the buffer itself: a swap may make what they
 * read the max buffer, and it must not be freed under them. Each call
 * needs a trace_max_put(), whatever it returned.
 *
 * Return: the max buffer, or NULL when there is none.
 */
struct trace_buffer *trace_max_get(struct trace_buf *b)
{
	guard(mutex)(&b->lock);
	b->max_refs++;
	return b->max_rb;
}

/**
 * trace_max_put() - a reader of trace_max_get() is done
 * @b:		the buffer
 */
void trace_max_put(struct trace_buf *b)
{
	guard(mutex)(&b->lock);
	if (!WARN_ON_ONCE(!b->max_refs))
		b->max_refs--;
	trace_max_free_locked(b);
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

/* Make @b's own parts, of the boot size; not yet listed. */
static int trace_buf_setup(struct trace_buf *b)
{
	int cpu;

	b->kb = kcalloc(nr_cpu_ids, sizeof(*b->kb), GFP_KERNEL);
	if (!b->kb || !zalloc_cpumask_var(&b->cpus, GFP_KERNEL))
		return -ENOMEM;
	cpumask_copy(b->cpus, cpu_possible_mask);
	for_each_possible_cpu(cpu)
		b->kb[cpu] = trace_boot_kb;
	guard(mutex)(&b->lock);
	b->rb = trace_buf_alloc_rb(b);
	return b->rb ? 0 : -ENOMEM;
}

static void trace_buf_teardown(struct trace_buf *b)
{
	if (b->rb)
		ring_buffer_free(b->rb);
	free_cpumask_var(b->cpus);
	kfree(b->kb);
}

/**
 * trace_buf_new() - make a buffer for an instance
 * @overwrite:	a full buffer overwrites its oldest records
 *
 * Of the size a new buffer gets (trace_buf_size= at boot), recording,
 * every CPU in its mask.
 *
 * Return: the buffer, or NULL when memory ran out.
 */
struct trace_buf *trace_buf_new(bool overwrite)
{
	struct trace_buf *b = kzalloc(sizeof(*b), GFP_KERNEL);

	if (!b)
		return NULL;
	mutex_init(&b->lock);
	b->percent = 50;
	b->overwrite = overwrite;
	if (trace_buf_setup(b)) {
		trace_buf_teardown(b);
		kfree(b);
		return NULL;
	}
	return b;
}

/**
 * trace_buf_destroy() - free an instance's buffer
 * @b:		the buffer; no reader holds it, and no writer will find it
 *		from now on
 *
 * Writers in progress are waited for.
 */
void trace_buf_destroy(struct trace_buf *b)
{
	atomic_or(TRACE_REC_USER_OFF, &b->blocked);
	trace_wake_readers(b, true);
	/* Writers reserve with preemption off: once this returns, none is. */
	synchronize_rcu();
	scoped_guard(mutex, &b->lock) {
		b->max_users = 0;
		trace_max_free_locked(b);
	}
	if (trace_buf_readers)
		trace_buf_readers->release(b);
	trace_buf_teardown(b);
	kfree(b);
}

/**
 * trace_buf_init() - allocate the top array's buffer, early at boot
 *
 * Return: 0, or -ENOMEM.
 */
int __init trace_buf_init(void)
{
	int ret;

	/* Records save their task's name from the first one on. */
	ret = trace_cmdline_init();
	if (ret)
		return ret;
	trace_top_buf.overwrite = trace_opt(TRACE_OPT_OVERWRITE);
	return trace_buf_setup(&trace_top_buf);
}
