// SPDX-License-Identifier: GPL-2.0
/*
 * The noise workload that osnoise and timerlat share: its settings, the
 * trace arrays that run a noise tracer, and its per-CPU threads.
 *
 * One workload runs at a time, osnoise's or timerlat's, for every trace
 * array that runs that tracer (the top one and instances, in any number):
 * each gets the same records. Starting the other tracer meanwhile is
 * -EBUSY. The workload is one thread per CPU of osnoise/cpus that is
 * online, which the tracer's struct osn_workload starts and stops; a CPU
 * going offline stops its thread, and coming back starts it again.
 *
 * The hooks (trace_osnoise_hooks.c) lie below; the tracers
 * (trace_osnoise.c, trace_timerlat.c) and osnoise/ (trace_osnoise_fs.c)
 * above.
 */
#include <linux/cpu.h>
#include <linux/cpuhotplug.h>
#include <linux/panic.h>
#include <linux/rculist.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>

#include "trace.h"
#include "trace_osnoise.h"

struct osn_cfg osn_cfg = {
	.period_us = 1000000,
	.runtime_us = 1000000,
	.tlat_period_us = 1000,
	.options = OSN_OPTS_DEFAULT,
};

struct cpumask osn_cpus;
/*
 * Serialises the settings and the threads; inside cpu_hotplug_lock (the
 * hotplug callbacks take it there).
 */
DEFINE_MUTEX(osn_lock);

/*
 * The workload running, or NULL. Written under osn_attach_lock and
 * osn_lock; read under either, or locklessly by osn_current_mode().
 */
static const struct osn_workload *osn_wl;

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
 * The arrays running osn_wl's tracer: changed under osn_attach_lock and
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
	const struct osn_workload *wl = READ_ONCE(osn_wl);

	return wl ? wl->mode : OSN_OFF;
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

	lockdep_assert_held(&osn_lock);
	if (oc->task || READ_ONCE(oc->active))
		return 0;
	osn_cpu_clear(oc);
	return osn_wl->cpu_start(oc, cpu);
}

/* Stop it there. */
static void osn_cpu_stop(int cpu)
{
	lockdep_assert_held(&osn_lock);
	osn_wl->cpu_stop(per_cpu_ptr(&osn_cpus_state, cpu), cpu);
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
	if (!osn_wl)
		return 0;
	osn_cpus_stop();
	return osn_cpus_start();
}

/**
 * osn_attach() - a trace array starts a noise tracer
 * @tr:		the array
 * @wl:		the tracer's workload
 *
 * The first starts the workload.
 *
 * Return: 0, -EBUSY when the other tracer's workload runs, or an error of
 * its start.
 */
int osn_attach(struct trace_array *tr, const struct osn_workload *wl)
{
	struct osn_inst *i;
	bool first;
	int ret = 0;

	i = kzalloc(sizeof(*i), GFP_KERNEL);
	if (!i)
		return -ENOMEM;
	i->tr = tr;
	mutex_lock(&osn_attach_lock);
	first = !osn_wl;
	if (!first && osn_wl != wl) {
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
		WRITE_ONCE(osn_wl, wl);
		ret = osn_cpus_start();
		if (ret) {
			list_del_rcu(&i->node);
			WRITE_ONCE(osn_wl, NULL);
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
		WRITE_ONCE(osn_wl, NULL);
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
	if (!osn_wl || !cpumask_test_cpu(cpu, &osn_cpus))
		return 0;
	/* A thread that cannot start leaves the CPU unmeasured. */
	if (osn_cpu_start(cpu))
		pr_warn("osnoise: cannot start on CPU %u\n", cpu);
	return 0;
}

static int osn_cpu_offline(unsigned int cpu)
{
	guard(mutex)(&osn_lock);
	if (osn_wl)
		osn_cpu_stop(cpu);
	return 0;
}

static int __init osn_wl_init(void)
{
	int ret;

	cpumask_copy(&osn_cpus, cpu_possible_mask);
	ret = cpuhp_setup_state_nocalls(CPUHP_AP_ONLINE_DYN, "trace/osnoise:online",
					osn_cpu_online, osn_cpu_offline);
	return ret < 0 ? ret : 0;
}
core_initcall(osn_wl_init);
