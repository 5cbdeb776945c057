// SPDX-License-Identifier: GPL-2.0
/*
 * The hwlat tracer: latencies that the hardware or the firmware cause,
 * which the kernel cannot see (System Management Interrupts, a hypervisor
 * taking the CPU away).
 *
 * A kernel thread disables interrupts for hwlat_detector/width
 * microseconds of every hwlat_detector/window and reads the CPU's
 * sched_clock() in a loop, in pairs: nothing of the kernel's can run on
 * the CPU meanwhile, but for NMIs, which are counted. (local_clock()
 * would not do: with an unstable clock it holds still until the next
 * tick, which never comes with interrupts off.) The largest gap between
 * the two reads of a pair is the inner latency, between a pair and the
 * next the outer one. A sample with either above tracing_thresh is
 * recorded in the trace array the tracer runs in, and raises its
 * tracing_max_latency. tracing_thresh is set to 10 us while the tracer
 * runs if it was 0 when it started, as upstream does.
 *
 * One thread runs, moved to the next CPU of tracing_cpumask each window
 * (round-robin) or left where the scheduler puts it (none); or one thread
 * is bound to each online CPU of tracing_cpumask (per-cpu), and follows
 * CPU hotplug. The threads never take hwlat_lock: every change stops them
 * (kthread_stop()) under it and starts new ones.
 *
 * The tracer runs in one trace array at a time, the top one or an
 * instance.
 */
#include <linux/cpu.h>
#include <linux/cpumask.h>
#include <linux/hrtimer.h>
#include <linux/kthread.h>
#include <linux/ftrace_irq.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/sched/clock.h>
#include <linux/spinlock.h>
#include <linux/timekeeping.h>

#include "trace.h"
#include "trace_hwlat.h"
#include "trace_maxlat.h"

/* tracing_thresh at the first start when it is 0. */
#define HWLAT_THRESH_NS		(10 * NSEC_PER_USEC)
/* The least sleep between two samples: the CPU is not all taken. */
#define HWLAT_MIN_SLEEP_US	USEC_PER_MSEC

/*
 * Serialises starts, stops, mode changes and the CPU hotplug callbacks;
 * protects everything below it. Taken inside cpus_read_lock(), which
 * keeps the online CPUs still while threads are started and stopped.
 */
static DEFINE_MUTEX(hwlat_lock);
/* The trace array the tracer runs in, or NULL. */
static struct trace_array *hwlat_tr;
/* Written under hwlat_lock, read locklessly by the threads. */
static enum hwlat_mode hwlat_mode = HWLAT_MODE_RR;
/* The thread of the none and round-robin modes. */
static struct task_struct *hwlat_task;
/* The threads of per-cpu mode. */
static DEFINE_PER_CPU(struct task_struct *, hwlat_cpu_task);
/* tracing_thresh was 0 at the start: set again to 0 at the stop. */
static bool hwlat_set_thresh;
/*
 * What it was at the stop then, and is set to again at the next start
 * when it is 0 (0 too: every sample is then recorded).
 */
static u64 hwlat_last_thresh = HWLAT_THRESH_NS;

/*
 * Protects the pair below, which the threads read once per window: a
 * width always below the window.
 */
static DEFINE_SPINLOCK(hwlat_cfg_lock);
static u64 hwlat_width_us = HWLAT_WIDTH_US;
static u64 hwlat_window_us = HWLAT_WINDOW_US;

/* The sequence number of the last sample recorded. */
static atomic_t hwlat_seq;

/**
 * struct hwlat_nmi - the NMIs of a CPU during its sample
 * @on:		the CPU samples: trace_hwlat_callback() counts
 * @enter:	when the NMI being served came (local clock)
 * @total:	time spent in them (ns)
 * @count:	how many
 *
 * Only the CPU itself touches it: its sampling thread, with interrupts
 * off, and its NMIs.
 */
struct hwlat_nmi {
	bool on;
	u64 enter;
	u64 total;
	unsigned int count;
};

static DEFINE_PER_CPU(struct hwlat_nmi, hwlat_nmis);

/* On while the tracer runs: ftrace_nmi_enter() calls the hook below. */
DEFINE_STATIC_KEY_FALSE(trace_hwlat_nmi_key);

/**
 * trace_hwlat_callback() - an NMI begins or ends
 * @enter:	it begins
 *
 * Called by ftrace_nmi_enter() and ftrace_nmi_exit() while
 * trace_hwlat_nmi_key is on. Counts the NMIs of a CPU that samples.
 */
void trace_hwlat_callback(bool enter)
{
	struct hwlat_nmi *n = this_cpu_ptr(&hwlat_nmis);

	if (!READ_ONCE(n->on))
		return;
	if (enter) {
		n->enter = sched_clock();
		return;
	}
	n->total += sched_clock() - n->enter;
	n->count++;
}

/**
 * hwlat_width() - hwlat_detector/width
 *
 * Return: the time each sample takes, in microseconds.
 */
u64 hwlat_width(void)
{
	guard(spinlock)(&hwlat_cfg_lock);
	return hwlat_width_us;
}

/**
 * hwlat_window() - hwlat_detector/window
 *
 * Return: the period of the samples, in microseconds.
 */
u64 hwlat_window(void)
{
	guard(spinlock)(&hwlat_cfg_lock);
	return hwlat_window_us;
}

/**
 * hwlat_set_width() - change hwlat_detector/width
 * @us:		the time each sample takes, in microseconds
 *
 * A running tracer takes it from its next window on. As upstream, it may
 * be the window (the CPU then sleeps the least time, 1 ms, between
 * samples), or 0.
 *
 * Return: 0, or -EINVAL when it is above the window.
 */
int hwlat_set_width(u64 us)
{
	guard(spinlock)(&hwlat_cfg_lock);
	if (us > hwlat_window_us)
		return -EINVAL;
	hwlat_width_us = us;
	return 0;
}

/**
 * hwlat_set_window() - change hwlat_detector/window
 * @us:		the period of the samples, in microseconds
 *
 * A running tracer takes it from its next window on.
 *
 * Return: 0, or -EINVAL when it is below the width, or is more than
 * U64_MAX nanoseconds.
 */
int hwlat_set_window(u64 us)
{
	guard(spinlock)(&hwlat_cfg_lock);
	if (us < hwlat_width_us || us > U64_MAX / NSEC_PER_USEC)
		return -EINVAL;
	hwlat_window_us = us;
	return 0;
}

/* Write a sample's record; interrupts off, on the CPU sampled. */
static void hwlat_record(struct trace_array *tr, u64 inner, u64 outer,
			 unsigned int count, const struct hwlat_nmi *n)
{
	struct trace_buf *b = trace_array_buf(tr);
	struct trace_hwlat_rec *r;
	struct timespec64 now;
	struct trace_wh h;
	unsigned int seq;

	/* Numbered only when recorded: a tracing_on of 0 leaves no gap. */
	if (!trace_buf_enabled(b))
		return;
	seq = atomic_inc_return(&hwlat_seq);
	ktime_get_real_ts64(&now);
	r = trace_buf_reserve(b, &h, TRACE_TYPE_HWLAT, sizeof(*r),
			      TRACE_CTX_NOW);
	if (!r)
		return;
	r->inner = div_u64(inner, NSEC_PER_USEC);
	r->outer = div_u64(outer, NSEC_PER_USEC);
	r->nmi_total = div_u64(n->total, NSEC_PER_USEC);
	r->tv_sec = now.tv_sec;
	r->tv_nsec = now.tv_nsec;
	r->nmi_count = n->count;
	r->seqnum = seq;
	r->count = count;
	trace_rec_commit(&h);
}

/* @b - @a, or 0 if the clock went back. */
static u64 hwlat_gap(u64 a, u64 b)
{
	return b > a ? b - a : 0;
}

/*
 * One sample of @width ns on this CPU, interrupts off. Records it, and
 * raises tracing_max_latency, when it has a gap above @thresh ns.
 */
static void hwlat_sample(struct trace_array *tr, u64 width, u64 thresh)
{
	u64 start, t1, t2, last = 0, inner = 0, outer = 0, gap;
	unsigned int count = 0;
	struct hwlat_nmi *n;

	local_irq_disable();
	n = this_cpu_ptr(&hwlat_nmis);
	n->total = 0;
	n->count = 0;
	/* Pairs with the barrier() below: the NMIs of the loop count. */
	WRITE_ONCE(n->on, true);
	barrier();
	start = sched_clock();
	do {
		t1 = sched_clock();
		t2 = sched_clock();
		if (last) {
			gap = hwlat_gap(last, t1);
			outer = max(outer, gap);
			count += gap > thresh;
		}
		gap = hwlat_gap(t1, t2);
		inner = max(inner, gap);
		count += gap > thresh;
		last = t2;
	} while (hwlat_gap(start, t2) < width);
	/* Pairs with the barrier() above: the NMIs of the loop counted. */
	barrier();
	WRITE_ONCE(n->on, false);
	if (inner > thresh || outer > thresh) {
		hwlat_record(tr, inner, outer, count, n);
		trace_maxlat_raise(tr, max(inner, outer));
	}
	local_irq_enable();
}

/* Round-robin: move to the CPU of @tr's tracing_cpumask after @cpu. */
static int hwlat_move(struct trace_array *tr, int cpu)
{
	const struct cpumask *mask = trace_array_buf(tr)->cpus;
	unsigned int next;

	next = cpumask_next_and(cpu, mask, cpu_online_mask);
	if (next >= nr_cpu_ids)
		next = cpumask_first_and(mask, cpu_online_mask);
	if (next >= nr_cpu_ids)
		return cpu;	/* none: stay */
	/* It fails only when @next just went offline: next window then. */
	set_cpus_allowed_ptr(current, cpumask_of(next));
	return next;
}

/* Sleep @us, or until kthread_stop(). */
static void hwlat_sleep(u64 us)
{
	ktime_t t = ns_to_ktime(us * NSEC_PER_USEC);

	set_current_state(TASK_INTERRUPTIBLE);
	/* kthread_stop() sets the flag, then wakes: no wakeup is lost. */
	if (!kthread_should_stop())
		schedule_hrtimeout(&t, HRTIMER_MODE_REL);
	__set_current_state(TASK_RUNNING);
}

/* A sampling thread of @data, the trace array. */
static int hwlat_thread(void *data)
{
	struct trace_array *tr = data;
	u64 width, window, thresh;
	int cpu = -1;

	while (!kthread_should_stop()) {
		if (READ_ONCE(hwlat_mode) == HWLAT_MODE_RR)
			cpu = hwlat_move(tr, cpu);
		scoped_guard(spinlock, &hwlat_cfg_lock) {
			width = hwlat_width_us;
			window = hwlat_window_us;
		}
		thresh = READ_ONCE(trace_thresh_ns);
		hwlat_sample(tr, width * NSEC_PER_USEC, thresh);
		hwlat_sleep(max(window - width, HWLAT_MIN_SLEEP_US));
	}
	return 0;
}

/* Start @cpu's thread of per-cpu mode; under hwlat_lock. */
static void hwlat_cpu_start(unsigned int cpu)
{
	struct task_struct *p;

	lockdep_assert_held(&hwlat_lock);
	if (per_cpu(hwlat_cpu_task, cpu) ||
	    !cpumask_test_cpu(cpu, trace_array_buf(hwlat_tr)->cpus))
		return;
	p = kthread_create_on_cpu(hwlat_thread, hwlat_tr, cpu, "hwlatd/%u");
	if (IS_ERR(p)) {
		pr_warn("hwlat: cannot start the thread of CPU %u\n", cpu);
		return;
	}
	per_cpu(hwlat_cpu_task, cpu) = p;
	wake_up_process(p);
}

/* Stop @cpu's thread of per-cpu mode; under hwlat_lock. */
static void hwlat_cpu_stop(unsigned int cpu)
{
	struct task_struct *p = per_cpu(hwlat_cpu_task, cpu);

	lockdep_assert_held(&hwlat_lock);
	if (!p)
		return;
	per_cpu(hwlat_cpu_task, cpu) = NULL;
	kthread_stop(p);
}

/* Start the threads of the mode; cpus_read_lock() and hwlat_lock held. */
static int hwlat_threads_start(void)
{
	struct task_struct *p;
	unsigned int cpu;

	lockdep_assert_cpus_held();
	lockdep_assert_held(&hwlat_lock);
	if (hwlat_mode == HWLAT_MODE_PER_CPU) {
		for_each_online_cpu(cpu)
			hwlat_cpu_start(cpu);
		return 0;
	}
	p = kthread_run(hwlat_thread, hwlat_tr, "hwlatd");
	if (IS_ERR(p))
		return PTR_ERR(p);
	hwlat_task = p;
	return 0;
}

/* Stop every thread; cpus_read_lock() and hwlat_lock held. */
static void hwlat_threads_stop(void)
{
	unsigned int cpu;

	lockdep_assert_cpus_held();
	lockdep_assert_held(&hwlat_lock);
	if (hwlat_task) {
		kthread_stop(hwlat_task);
		hwlat_task = NULL;
	}
	for_each_possible_cpu(cpu)
		hwlat_cpu_stop(cpu);
}

/* CPU hotplug: per-cpu mode's thread comes and goes with its CPU. */
static int hwlat_cpu_online(unsigned int cpu)
{
	guard(mutex)(&hwlat_lock);
	if (hwlat_tr && hwlat_mode == HWLAT_MODE_PER_CPU)
		hwlat_cpu_start(cpu);
	return 0;
}

static int hwlat_cpu_offline(unsigned int cpu)
{
	guard(mutex)(&hwlat_lock);
	hwlat_cpu_stop(cpu);
	return 0;
}

/**
 * hwlat_get_mode() - hwlat_detector/mode
 *
 * Return: the mode.
 */
enum hwlat_mode hwlat_get_mode(void)
{
	return READ_ONCE(hwlat_mode);
}

/**
 * hwlat_set_mode() - change hwlat_detector/mode
 * @mode:	the new mode
 *
 * A running tracer stops its threads and starts those of @mode.
 *
 * Return: 0, -EINVAL for no mode, or the error of starting the threads
 * (the tracer then runs no thread, until it is started again).
 */
int hwlat_set_mode(enum hwlat_mode mode)
{
	if (mode >= HWLAT_NR_MODES)
		return -EINVAL;
	guard(cpus_read_lock)();
	guard(mutex)(&hwlat_lock);
	if (mode == hwlat_mode)
		return 0;
	if (!hwlat_tr) {
		WRITE_ONCE(hwlat_mode, mode);
		return 0;
	}
	hwlat_threads_stop();
	WRITE_ONCE(hwlat_mode, mode);
	return hwlat_threads_start();
}

/* The tracer starts in @tr; -EBUSY while it runs in another array. */
static int hwlat_start(struct trace_array *tr)
{
	int ret;

	guard(cpus_read_lock)();
	guard(mutex)(&hwlat_lock);
	if (hwlat_tr)
		return -EBUSY;
	hwlat_tr = tr;
	atomic_set(&hwlat_seq, 0);
	trace_maxlat_set(tr, 0);
	hwlat_set_thresh = !READ_ONCE(trace_thresh_ns);
	if (hwlat_set_thresh)
		WRITE_ONCE(trace_thresh_ns, hwlat_last_thresh);
	static_branch_enable_cpuslocked(&trace_hwlat_nmi_key);
	ret = hwlat_threads_start();
	if (ret) {
		static_branch_disable_cpuslocked(&trace_hwlat_nmi_key);
		if (hwlat_set_thresh)
			WRITE_ONCE(trace_thresh_ns, 0);
		hwlat_tr = NULL;
	}
	return ret;
}

/* The tracer stops in @tr, its threads gone when this returns. */
static void hwlat_stop(struct trace_array *tr)
{
	guard(cpus_read_lock)();
	guard(mutex)(&hwlat_lock);
	if (hwlat_tr != tr)
		return;
	hwlat_threads_stop();
	static_branch_disable_cpuslocked(&trace_hwlat_nmi_key);
	if (hwlat_set_thresh) {
		hwlat_last_thresh = READ_ONCE(trace_thresh_ns);
		WRITE_ONCE(trace_thresh_ns, 0);
	}
	hwlat_tr = NULL;
}

static int hwlat_init(void)
{
	return hwlat_start(&trace_top);
}

static void hwlat_reset(void)
{
	hwlat_stop(&trace_top);
}

static struct tracer hwlat_tracer = {
	.name = "hwlat",
	.init = hwlat_init,
	.reset = hwlat_reset,
	.init_array = hwlat_start,
	.reset_array = hwlat_stop,
};

static int __init hwlat_register(void)
{
	int ret;

	ret = cpuhp_setup_state_nocalls(CPUHP_AP_ONLINE_DYN,
					"trace/hwlat:online", hwlat_cpu_online,
					hwlat_cpu_offline);
	if (ret < 0)
		return ret;
	return trace_register_tracer(&hwlat_tracer);
}
core_initcall(hwlat_register);
