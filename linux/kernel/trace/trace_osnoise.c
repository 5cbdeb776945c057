// SPDX-License-Identifier: GPL-2.0
/*
 * The osnoise tracer, and the noise workload it shares with timerlat.
 *
 * One workload runs at a time, osnoise's or timerlat's, for every trace
 * array that runs that tracer (the top one and instances, in any number):
 * each gets the same records. Starting the other tracer meanwhile is
 * -EBUSY. The workload is one thread per CPU of osnoise/cpus that is
 * online; a CPU going offline stops its thread, and coming back starts it
 * again.
 *
 * osnoise's thread reads the clock in a loop for runtime_us of every
 * period_us. A gap between two reads of at least the threshold
 * (tracing_thresh, 1 us when 0) is noise: the interferences begun in it
 * (trace_osnoise_hooks.c) explain it, and with none it is hardware noise.
 * The period ends with an osnoise record: the time measured, the noise,
 * the longest single noise and the count of each kind of interference.
 * stop_tracing_us (one noise) and stop_tracing_total_us (a period's
 * noise) turn tracing off in the arrays that run the tracer.
 */
#include <linux/cpu.h>
#include <linux/cpuhotplug.h>
#include <linux/kthread.h>
#include <asm/local64.h>
#include <linux/panic.h>
#include <linux/rculist.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/sched/clock.h>
#include <linux/slab.h>

#include "trace.h"
#include "trace_osnoise.h"

#include <trace/events/osnoise.h>

struct osn_cfg osn_cfg = {
	.period_us = 1000000,
	.runtime_us = 1000000,
	.tlat_period_us = 1000,
	.options = OSN_OPTS_DEFAULT,
};

struct cpumask osn_cpus;
/*
 * Serialises the tracers' starts and stops: the hooks' registration
 * (tracepoints_mutex, which takes cpu_hotplug_lock) comes before
 * cpus_read_lock() and osn_lock, never inside them.
 */
DEFINE_MUTEX(osn_attach_lock);
/*
 * Serialises the settings and the threads; inside cpu_hotplug_lock (the
 * hotplug callbacks take it there).
 */
DEFINE_MUTEX(osn_lock);

/* The workload running, if any. Written under both locks above. */
static enum osn_mode osn_mode;

/**
 * struct osn_inst - a trace array that runs a noise tracer
 * @node:	in osn_insts
 * @tr:		the array
 * @rcu:	freed after a grace period
 */
struct osn_inst {
	struct list_head node;
	struct trace_array *tr;
	struct rcu_head rcu;
};

/*
 * The arrays running osn_mode's tracer: changed under osn_attach_lock and
 * osn_lock, read under RCU.
 */
static LIST_HEAD(osn_insts);

/**
 * osn_current_mode() - the workload running
 *
 * Return: its mode; may be stale unless osn_lock is held.
 */
enum osn_mode osn_current_mode(void)
{
	return READ_ONCE(osn_mode);
}

/**
 * osn_thresh_ns() - the least gap that is noise
 *
 * Return: tracing_thresh, or 1 us when it is 0, in ns.
 */
u64 osn_thresh_ns(void)
{
	return READ_ONCE(trace_thresh_ns) ?: NSEC_PER_USEC;
}

/**
 * osn_all_bufs() - call a function on the buffer of each array that
 * runs the noise tracer and records (tracing_on)
 * @fn:		the function
 * @arg:	its argument
 *
 * Callable from any context but NMI.
 */
void osn_all_bufs(osn_buf_fn fn, void *arg)
{
	struct osn_inst *i;

	rcu_read_lock();
	list_for_each_entry_rcu(i, &osn_insts, node) {
		struct trace_buf *b = trace_array_buf(i->tr);

		/* Not while its tracing_on is off. */
		if (trace_buf_enabled(b))
			fn(b, arg);
	}
	rcu_read_unlock();
}

static void osn_stop_buf(struct trace_buf *b, void *arg)
{
	char text[40];
	int len;

	len = scnprintf(text, sizeof(text), "stop tracing hit on cpu %d\n",
			smp_processor_id());
	trace_print_write(b, _THIS_IP_, text, len);
	trace_buf_set_on(b, false);
}

/**
 * osn_stop_tracing() - a stop threshold was passed on this CPU
 *
 * Turns tracing off in each array that runs the noise tracer, after a
 * line that says where; panics instead with options/PANIC_ON_STOP.
 * Callable from any context but NMI, preemption off.
 */
void osn_stop_tracing(void)
{
	if (READ_ONCE(osn_cfg.options) & BIT(OSN_OPT_PANIC_ON_STOP))
		panic("tracer hit stop condition on CPU %d\n",
		      smp_processor_id());
	osn_all_bufs(osn_stop_buf, NULL);
}

/* The counts of each kind of interference of a CPU. */
struct osn_counts {
	u64 nmi;
	u64 irq;
	u64 softirq;
	u64 thread;
};

static void osn_counts(struct osn_cpu *oc, struct osn_counts *c)
{
	c->nmi = READ_ONCE(oc->nmi.count);
	c->irq = READ_ONCE(oc->irq.count);
	c->softirq = READ_ONCE(oc->softirq.count);
	c->thread = READ_ONCE(oc->thread.count);
}

/* The clock, and the interferences begun before it was read. */
static u64 osn_now_ints(struct osn_cpu *oc, u64 *ints)
{
	u64 n, now;

	do {
		n = local64_read(&oc->ints);
		now = local_clock();
	} while (n != local64_read(&oc->ints));
	*ints = n;
	return now;
}

static void osn_write_rec(struct trace_buf *b, void *arg)
{
	const struct trace_osnoise_rec *s = arg;
	struct trace_osnoise_rec *r;
	struct trace_wh h;

	r = trace_buf_reserve(b, &h, TRACE_TYPE_OSNOISE, sizeof(*r),
			      TRACE_CTX_NOW);
	if (!r)
		return;
	memcpy((char *)r + sizeof(r->ent), (const char *)s + sizeof(s->ent),
	       sizeof(*r) - sizeof(r->ent));
	trace_rec_commit(&h);
}

/* One runtime of osnoise's loop on the current CPU, and its record. */
static void osn_sample(struct osn_cpu *oc)
{
	unsigned long opts = READ_ONCE(osn_cfg.options);
	bool irq_off = opts & BIT(OSN_OPT_IRQ_DISABLE);
	bool preempt_off = opts & BIT(OSN_OPT_PREEMPT_DISABLE);
	u64 runtime = READ_ONCE(osn_cfg.runtime_us) * NSEC_PER_USEC;
	u64 stop = READ_ONCE(osn_cfg.stop_us) * NSEC_PER_USEC;
	u64 stop_total = READ_ONCE(osn_cfg.stop_total_us) * NSEC_PER_USEC;
	u64 thresh = osn_thresh_ns(), noise = 0, max = 0, hw = 0;
	u64 start, last, now, ints, last_ints, delta;
	struct trace_osnoise_rec s = {};
	struct osn_counts c0, c1;
	bool stopped = false;

	if (irq_off)
		local_irq_disable();
	else if (preempt_off)
		preempt_disable();
	WRITE_ONCE(oc->active, true);
	osn_counts(oc, &c0);
	start = osn_now_ints(oc, &last_ints);
	last = start;
	do {
		now = osn_now_ints(oc, &ints);
		delta = now - last;
		if (delta >= thresh) {
			if (ints == last_ints)
				hw++;
			noise += delta;
			max = max(max, delta);
			trace_sample_threshold(last, delta, ints - last_ints);
			if (stop && delta > stop && !stopped) {
				stopped = true;
				preempt_disable();
				osn_stop_tracing();
				preempt_enable();
			}
		}
		last = now;
		last_ints = ints;
	} while (now - start < runtime && !kthread_should_stop());
	WRITE_ONCE(oc->active, false);
	osn_counts(oc, &c1);
	if (irq_off)
		local_irq_enable();
	else if (preempt_off)
		preempt_enable();
	if (kthread_should_stop())
		return;

	s.runtime = div_u64(now - start, NSEC_PER_USEC);
	s.noise = div_u64(noise, NSEC_PER_USEC);
	s.max_sample = div_u64(max, NSEC_PER_USEC);
	s.hw_count = hw;
	s.nmi_count = c1.nmi - c0.nmi;
	s.irq_count = c1.irq - c0.irq;
	s.softirq_count = c1.softirq - c0.softirq;
	s.thread_count = c1.thread - c0.thread;
	osn_all_bufs(osn_write_rec, &s);
	if (stop_total && noise > stop_total && !stopped) {
		preempt_disable();
		osn_stop_tracing();
		preempt_enable();
	}
}

/* Sleep @ns, or until the thread is told to stop. */
static void osn_sleep(u64 ns)
{
	ktime_t t = ns_to_ktime(ns);

	set_current_state(TASK_INTERRUPTIBLE);
	/* kthread_stop() sets the flag, then wakes: tested after the state. */
	if (kthread_should_stop()) {
		__set_current_state(TASK_RUNNING);
		return;
	}
	schedule_hrtimeout(&t, HRTIMER_MODE_REL);
}

/* osnoise/N: a runtime of every period, until stopped. */
static int osn_thread_fn(void *data)
{
	struct osn_cpu *oc = data;
	u64 period, runtime;

	while (!kthread_should_stop()) {
		osn_sample(oc);
		period = READ_ONCE(osn_cfg.period_us);
		runtime = READ_ONCE(osn_cfg.runtime_us);
		if (period > runtime)
			osn_sleep((period - runtime) * NSEC_PER_USEC);
		else
			/*
			 * No sleep: a quiescent state for RCU Tasks, whose
			 * grace periods (ftrace's trampolines, kprobes) would
			 * wait for this thread for ever otherwise.
			 */
			cond_resched_tasks_rcu_qs();
	}
	return 0;
}

/* Forget what a CPU's accounting held. */
static void osn_cpu_clear(struct osn_cpu *oc)
{
	oc->nmi.start = 0;
	oc->irq.start = 0;
	oc->softirq.start = 0;
	oc->thread.start = 0;
	oc->noise_task = NULL;
}

/* Start the workload on @cpu, online and in osnoise/cpus. */
static int osn_cpu_start(int cpu)
{
	struct osn_cpu *oc = per_cpu_ptr(&osn_cpus_state, cpu);
	struct task_struct *t;

	lockdep_assert_held(&osn_lock);
	if (oc->task || READ_ONCE(oc->active))
		return 0;
	osn_cpu_clear(oc);
	if (IS_ENABLED(CONFIG_TIMERLAT_TRACER) && osn_mode == OSN_TIMERLAT)
		return tlat_cpu_start(cpu);
	if (!(osn_cfg.options & BIT(OSN_OPT_WORKLOAD))) {
		/* No thread: every task there is measured. */
		WRITE_ONCE(oc->active, true);
		return 0;
	}
	t = kthread_create_on_cpu(osn_thread_fn, oc, cpu, "osnoise/%u");
	if (IS_ERR(t))
		return PTR_ERR(t);
	WRITE_ONCE(oc->task, t);
	wake_up_process(t);
	return 0;
}

/* Stop it there. */
static void osn_cpu_stop(int cpu)
{
	struct osn_cpu *oc = per_cpu_ptr(&osn_cpus_state, cpu);
	struct task_struct *t = oc->task;

	lockdep_assert_held(&osn_lock);
	if (IS_ENABLED(CONFIG_TIMERLAT_TRACER) && osn_mode == OSN_TIMERLAT) {
		tlat_cpu_stop(cpu);
		return;
	}
	WRITE_ONCE(oc->active, false);
	if (t) {
		kthread_stop(t);
		WRITE_ONCE(oc->task, NULL);
	}
}

static void osn_cpus_stop(void)
{
	int cpu;

	for_each_possible_cpu(cpu)
		osn_cpu_stop(cpu);
}

static int osn_cpus_start(void)
{
	int cpu, ret;

	lockdep_assert_cpus_held();
	for_each_cpu_and(cpu, &osn_cpus, cpu_online_mask) {
		ret = osn_cpu_start(cpu);
		if (ret) {
			osn_cpus_stop();
			return ret;
		}
	}
	return 0;
}

/**
 * osn_restart() - stop the workload's threads and start them again
 *
 * After a change of osnoise/cpus or of the options.
 *
 * Context: under cpus_read_lock() and osn_lock.
 *
 * Return: 0, or the error of a thread's start (the tracer then runs on
 * no CPU until the next change).
 */
int osn_restart(void)
{
	lockdep_assert_held(&osn_lock);
	if (osn_mode == OSN_OFF)
		return 0;
	osn_cpus_stop();
	return osn_cpus_start();
}

/**
 * osn_attach() - a trace array starts a noise tracer
 * @tr:		the array
 * @mode:	the tracer's workload
 *
 * The first starts the workload.
 *
 * Return: 0, -EBUSY when the other tracer's workload runs, or an error of
 * its start.
 */
int osn_attach(struct trace_array *tr, enum osn_mode mode)
{
	struct osn_inst *i;
	bool first;
	int ret = 0;

	i = kzalloc(sizeof(*i), GFP_KERNEL);
	if (!i)
		return -ENOMEM;
	i->tr = tr;
	mutex_lock(&osn_attach_lock);
	first = osn_mode == OSN_OFF;
	if (!first && osn_mode != mode) {
		ret = -EBUSY;
		goto out;
	}
	/* The first array starts the tracer: the hooks, then the threads. */
	if (first) {
		ret = osn_hooks_register();
		if (ret)
			goto out;
	}
	cpus_read_lock();
	mutex_lock(&osn_lock);
	/* Listed first: the first records are the array's too. */
	list_add_tail_rcu(&i->node, &osn_insts);
	if (first) {
		WRITE_ONCE(osn_mode, mode);
		ret = osn_cpus_start();
		if (ret) {
			list_del_rcu(&i->node);
			WRITE_ONCE(osn_mode, OSN_OFF);
		}
	}
	mutex_unlock(&osn_lock);
	cpus_read_unlock();
	if (ret && first)
		osn_hooks_unregister();
out:
	mutex_unlock(&osn_attach_lock);
	if (ret) {
		synchronize_rcu();
		kfree(i);
	}
	return ret;
}

/**
 * osn_detach() - a trace array stops its noise tracer
 * @tr:		the array
 *
 * The last stops the workload; returns once no thread writes into @tr.
 */
void osn_detach(struct trace_array *tr)
{
	struct osn_inst *i, *found = NULL;
	bool last;

	mutex_lock(&osn_attach_lock);
	cpus_read_lock();
	mutex_lock(&osn_lock);
	list_for_each_entry(i, &osn_insts, node) {
		if (i->tr == tr) {
			found = i;
			list_del_rcu(&i->node);
			break;
		}
	}
	/* The last stops the threads, then the hooks. */
	last = found && list_empty(&osn_insts);
	if (last) {
		osn_cpus_stop();
		WRITE_ONCE(osn_mode, OSN_OFF);
	}
	mutex_unlock(&osn_lock);
	cpus_read_unlock();
	if (last)
		osn_hooks_unregister();
	mutex_unlock(&osn_attach_lock);
	if (found) {
		synchronize_rcu();
		kfree(found);
	}
}

/* CPU hotplug: the workload follows its CPUs. */
static int osn_cpu_online(unsigned int cpu)
{
	guard(mutex)(&osn_lock);
	if (osn_mode == OSN_OFF || !cpumask_test_cpu(cpu, &osn_cpus))
		return 0;
	/* A thread that cannot start leaves the CPU unmeasured. */
	if (osn_cpu_start(cpu))
		pr_warn("osnoise: cannot start on CPU %u\n", cpu);
	return 0;
}

static int osn_cpu_offline(unsigned int cpu)
{
	guard(mutex)(&osn_lock);
	if (osn_mode != OSN_OFF)
		osn_cpu_stop(cpu);
	return 0;
}

static int osnoise_init(void)
{
	return osn_attach(&trace_top, OSN_OSNOISE);
}

static void osnoise_reset(void)
{
	osn_detach(&trace_top);
}

static int osnoise_init_array(struct trace_array *tr)
{
	return osn_attach(tr, OSN_OSNOISE);
}

static struct tracer osnoise_tracer = {
	.name = "osnoise",
	.init = osnoise_init,
	.reset = osnoise_reset,
	.init_array = osnoise_init_array,
	.reset_array = osn_detach,
	.print_header = osn_print_osnoise_header,
};

static int __init osnoise_tracer_init(void)
{
	int ret;

	cpumask_copy(&osn_cpus, cpu_possible_mask);
	ret = cpuhp_setup_state_nocalls(CPUHP_AP_ONLINE_DYN, "trace/osnoise:online",
					osn_cpu_online, osn_cpu_offline);
	if (ret < 0)
		return ret;
	return trace_register_tracer(&osnoise_tracer);
}
core_initcall(osnoise_tracer_init);
