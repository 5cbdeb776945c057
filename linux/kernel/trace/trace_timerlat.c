// SPDX-License-Identifier: GPL-2.0
/*
 * The timerlat tracer: on each CPU of osnoise/cpus a hard-interrupt
 * hrtimer, pinned, fires every timerlat_period_us (at an absolute time)
 * and wakes the CPU's timerlat thread. The timer's interrupt records how
 * late it ran (context irq) and the thread how late it ran (context
 * thread), both from the time the timer was set to, under the same
 * activation number.
 *
 * The thread is a kernel thread, timerlat/N (SCHED_FIFO 95), or with
 * options/NO_OSNOISE_WORKLOAD a user-space thread that reads
 * osnoise/per_cpu/cpuN/timerlat_fd (trace_timerlat_fd.c).
 *
 * stop_tracing_us stops tracing at an IRQ latency over it,
 * stop_tracing_total_us at a thread latency over it. With print_stack,
 * the interrupt keeps its stack, recorded after a thread latency of at
 * least print_stack us (or at once when the interrupt stops tracing).
 * The interference hooks run all along (osnoise: events): the thread that
 * the timer interrupts is timed from the interrupt on.
 */
#include <linux/hrtimer.h>
#include <linux/kthread.h>
#include <linux/sched.h>
#include <linux/sched/clock.h>
#include <linux/seq_file.h>
#include <linux/stacktrace.h>
#include <uapi/linux/sched/types.h>

#include "trace.h"
#include "trace_osnoise.h"

/* The kernel threads' priority, upstream's. */
#define TLAT_PRIO	95

struct tlat_rec_arg {
	u32 seq;
	int ctx;
	u64 lat;
};

static void tlat_write_rec(struct trace_buf *b, void *arg)
{
	const struct tlat_rec_arg *a = arg;
	struct trace_timerlat_rec *r;
	struct trace_wh h;

	r = trace_buf_reserve(b, &h, TRACE_TYPE_TIMERLAT, sizeof(*r),
			      TRACE_CTX_NOW);
	if (!r)
		return;
	r->seqnum = a->seq;
	r->context = a->ctx;
	r->timer_latency = a->lat;
	trace_rec_commit(&h);
}

/**
 * tlat_record() - write a timerlat record into every array running it
 * @seq:	the activation
 * @ctx:	enum tlat_ctx
 * @lat:	the latency, ns
 */
void tlat_record(u32 seq, int ctx, u64 lat)
{
	struct tlat_rec_arg a = { .seq = seq, .ctx = ctx, .lat = lat };

	osn_all_bufs(tlat_write_rec, &a);
}

static void tlat_write_stack(struct trace_buf *b, void *arg)
{
	const struct tlat_cpu *t = arg;
	struct trace_stack_rec *r;
	struct trace_wh h;

	r = trace_buf_reserve(b, &h, TRACE_TYPE_STACK,
			      struct_size(r, caller, t->nr_stack),
			      TRACE_CTX_NOW);
	if (!r)
		return;
	r->size = t->nr_stack;
	memcpy(r->caller, t->stack, t->nr_stack * sizeof(t->stack[0]));
	trace_rec_commit(&h);
}

/**
 * tlat_print_stack() - record the stack the interrupt kept
 * @t:		the CPU's timerlat state
 */
void tlat_print_stack(struct tlat_cpu *t)
{
	if (t->nr_stack)
		osn_all_bufs(tlat_write_stack, t);
}

/* The timer: the IRQ's latency, then the thread woken. */
static enum hrtimer_restart tlat_irq(struct hrtimer *timer)
{
	struct osn_cpu *oc = container_of(timer, struct osn_cpu, tlat.timer);
	struct tlat_cpu *t = &oc->tlat;
	u64 now = ktime_to_ns(hrtimer_cb_get_time(timer));
	u64 lat = now > t->expires ? now - t->expires : 0;
	u64 stop = READ_ONCE(osn_cfg.stop_us) * NSEC_PER_USEC;
	struct task_struct *task = READ_ONCE(oc->task);

	osn_thread_noise_restart(oc);
	t->seq++;
	tlat_record(t->seq, TLAT_CTX_IRQ, lat);
	t->nr_stack = 0;
	if (READ_ONCE(osn_cfg.print_stack_us))
		t->nr_stack = stack_trace_save(t->stack, ARRAY_SIZE(t->stack),
					       0);
	if (stop && lat > stop) {
		tlat_print_stack(t);
		osn_stop_tracing();
	}
	WRITE_ONCE(t->woken, true);
	if (task)
		wake_up_process(task);
	return HRTIMER_NORESTART;
}

/**
 * tlat_arm() - set the CPU's timer to the next period and sleep until it
 * fires
 * @oc:		the current CPU's state
 * @first:	the first period: from now, not from the last expiry
 *
 * Return: true when woken by the timer, false when told to stop (or a
 * signal for a user-space thread, with @t->stop).
 */
bool tlat_arm(struct osn_cpu *oc, bool first)
{
	struct tlat_cpu *t = &oc->tlat;
	u64 period = READ_ONCE(osn_cfg.tlat_period_us) * NSEC_PER_USEC;
	u64 now = ktime_get_ns();

	if (first || !t->expires)
		t->expires = now;
	t->expires += period;
	/* Periods missed are skipped, not fired at once. */
	if (t->expires <= now)
		t->expires += (div64_u64(now - t->expires, period) + 1) * period;
	WRITE_ONCE(t->woken, false);
	hrtimer_start(&t->timer, ns_to_ktime(t->expires),
		      HRTIMER_MODE_ABS_PINNED_HARD);
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (READ_ONCE(t->woken) || READ_ONCE(t->stop) ||
		    (!t->user && kthread_should_stop()) ||
		    (t->user && signal_pending(current)))
			break;
		schedule();
	}
	__set_current_state(TASK_RUNNING);
	if (READ_ONCE(t->woken))
		return true;
	hrtimer_cancel(&t->timer);
	return false;
}

/**
 * tlat_thread_woke() - the thread runs after its timer: its latency
 * @oc:		the current CPU's state
 */
void tlat_thread_woke(struct osn_cpu *oc)
{
	struct tlat_cpu *t = &oc->tlat;
	u64 now = ktime_get_ns();
	u64 lat = now > t->expires ? now - t->expires : 0;
	u64 print = READ_ONCE(osn_cfg.print_stack_us) * NSEC_PER_USEC;
	u64 stop = READ_ONCE(osn_cfg.stop_total_us) * NSEC_PER_USEC;

	preempt_disable();
	tlat_record(t->seq, TLAT_CTX_THREAD, lat);
	if (print && lat >= print)
		tlat_print_stack(t);
	if (stop && lat > stop)
		osn_stop_tracing();
	preempt_enable();
}

/* timerlat/N */
static int tlat_thread_fn(void *data)
{
	struct osn_cpu *oc = data;
	struct sched_param sp = { .sched_priority = TLAT_PRIO };
	bool first = true;

	sched_setscheduler_nocheck(current, SCHED_FIFO, &sp);
	while (!kthread_should_stop()) {
		if (tlat_arm(oc, first))
			tlat_thread_woke(oc);
		first = false;
	}
	hrtimer_cancel(&oc->tlat.timer);
	return 0;
}

/*
 * timerlat's start on a CPU, online and in osnoise/cpus:
 * Its kernel thread, or with NO_OSNOISE_WORKLOAD none until a user-space
 * thread opens its timerlat_fd. Under osn_lock, with the CPUs held.
 */
static int tlat_cpu_start(struct osn_cpu *oc, int cpu)
{
	struct tlat_cpu *t = &oc->tlat;
	struct task_struct *task;

	lockdep_assert_held(&osn_lock);
	hrtimer_init(&t->timer, CLOCK_MONOTONIC, HRTIMER_MODE_ABS_PINNED_HARD);
	t->timer.function = tlat_irq;
	t->expires = 0;
	t->seq = 0;
	t->nr_stack = 0;
	t->stop = false;
	t->user = false;
	WRITE_ONCE(oc->active, true);
	if (!(osn_cfg.options & BIT(OSN_OPT_WORKLOAD)))
		return 0;
	task = kthread_create_on_cpu(tlat_thread_fn, oc, cpu, "timerlat/%u");
	if (IS_ERR(task)) {
		WRITE_ONCE(oc->active, false);
		return PTR_ERR(task);
	}
	WRITE_ONCE(oc->task, task);
	wake_up_process(task);
	return 0;
}

/*
 * Its stop: the kernel thread is stopped; a user-space thread is woken out
 * of its read() and killed, as upstream does, and its file no longer
 * serves. Under osn_lock, with the CPUs held.
 */
static void tlat_cpu_stop(struct osn_cpu *oc, int cpu)
{
	struct tlat_cpu *t = &oc->tlat;
	struct task_struct *task = oc->task;

	lockdep_assert_held(&osn_lock);
	WRITE_ONCE(oc->active, false);
	if (!task)
		return;
	if (t->user) {
		WRITE_ONCE(t->stop, true);
		send_sig(SIGKILL, task, 1);
		wake_up_process(task);
		return;
	}
	kthread_stop(task);
	WRITE_ONCE(oc->task, NULL);
}

static const struct osn_workload timerlat_wl = {
	.mode = OSN_TIMERLAT,
	.cpu_start = tlat_cpu_start,
	.cpu_stop = tlat_cpu_stop,
};

/* The header of the trace file. */
static void tlat_print_header(struct seq_file *m, struct trace_array *tr)
{
	if (trace_tr_opt(tr, TRACE_OPT_IRQ_INFO)) {
		seq_puts(m, "#                                _-----=> irqs-off\n");
		seq_puts(m, "#                               / _----=> need-resched\n");
		seq_puts(m, "#                              | / _---=> hardirq/softirq\n");
		seq_puts(m, "#                              || / _--=> preempt-depth\n");
		seq_puts(m, "#                              ||| / _-=> migrate-disable\n");
		seq_puts(m, "#                              |||| /     delay\n");
		seq_puts(m, "#                              |||||            ACTIVATION\n");
		seq_puts(m, "#           TASK-PID      CPU# |||||   TIMESTAMP   ID      ");
		seq_puts(m, "      CONTEXT                 LATENCY\n");
		seq_puts(m, "#              | |         |   |||||      |         |      ");
		seq_puts(m, "            |                       |\n");
		return;
	}
	seq_puts(m, "#                                          ACTIVATION\n");
	seq_puts(m, "#           TASK-PID      CPU#   TIMESTAMP   ID            CONTEXT");
	seq_puts(m, "                 LATENCY\n");
	seq_puts(m, "#              | |         |        |         |                |");
	seq_puts(m, "                       |\n");
}

static int timerlat_init(void)
{
	return osn_attach(&trace_top, &timerlat_wl);
}

static void timerlat_reset(void)
{
	osn_detach(&trace_top);
}

static int timerlat_init_array(struct trace_array *tr)
{
	return osn_attach(tr, &timerlat_wl);
}

static struct tracer timerlat_tracer = {
	.name = "timerlat",
	.init = timerlat_init,
	.reset = timerlat_reset,
	.init_array = timerlat_init_array,
	.reset_array = osn_detach,
	.print_header = tlat_print_header,
};

static int __init timerlat_tracer_init(void)
{
	return trace_register_tracer(&timerlat_tracer);
}
core_initcall(timerlat_tracer_init);
