// SPDX-License-Identifier: GPL-2.0
/*
 * The waits of the trace buffers' readers, and their wake-ups.
 *
 * Readers sleep on one wait queue, and are woken through an irq_work, so
 * that writers in any context (NMI, scheduler) can do it. They wait for
 * one of two things:
 *
 *  - any record (trace_pipe, and trace_pipe_raw at buffer_percent 0):
 *    every writer reads a flag without a barrier and wakes them when it
 *    is set. The read may miss a reader that set it concurrently; a
 *    timer armed by such readers bounds that delay to a tenth of a
 *    second.
 *  - a ring filled to buffer_percent (trace_pipe_raw): their ready()
 *    arms the ring's own notice (ring_buffer_fill_wait()), which the
 *    writer completing the filling page gives, with a barrier on both
 *    sides: no timer, and no wake-up before the ring has filled.
 *
 * Calls nothing of the buffers: trace_buf.c and the readers call it.
 */
#include <linux/atomic.h>
#include <linux/irq_work.h>
#include <linux/jiffies.h>
#include <linux/poll.h>
#include <linux/timer.h>
#include <linux/wait.h>

#include "trace.h"

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

/*
 * A reader of any record is about to sleep: ask writers for a wake-up,
 * and the timer.
 */
static void trace_want_wakeup(void)
{
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
 * @armed:	@ready waits for a fill level, not for any record, and
 *		arms the ring's notice when it says no (see above): writers
 *		are not asked to wake on every record
 *
 * Return: 1 when @ready, 0 when the wait was ended by
 * trace_wake_readers(@b, true), -EAGAIN when @nonblock and not ready, or
 * -ERESTARTSYS on a signal.
 */
int trace_wait(struct trace_buf *b, bool (*ready)(void *arg), void *arg,
	       bool nonblock, bool armed)
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
		if (!armed)
			trace_want_wakeup();
		/*
		 * Pairs with the plain read of the flag in trace_rec_commit()
		 * (@armed: ring_buffer_fill_wait() has its own).
		 */
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
 * @armed:	as for trace_wait(): the poll's check of readiness, which
 *		must follow, arms the ring's notice itself
 */
void trace_poll_wait(struct file *filp, struct poll_table_struct *pt,
		     bool armed)
{
	poll_wait(filp, &trace_waitq, pt);
	if (armed)
		return;
	trace_want_wakeup();
	/* Pairs with the plain read of the flag in trace_rec_commit(). */
	smp_mb();
}

/**
 * trace_fill_wake() - wake the readers: a ring filled as one asked
 *
 * The fill notifier of every ring of the trace buffers
 * (ring_buffer_set_fill_notify()): called by writers in any context.
 */
void trace_fill_wake(void)
{
	irq_work_queue(&trace_wake_work);
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
