// SPDX-License-Identifier: GPL-2.0
/*
 * The noise tracers' interference accounting: on each CPU where a noise
 * workload measures (struct osn_cpu's @active), every NMI, hard interrupt,
 * softirq and other thread is counted when it begins and timed when it
 * ends, and its net time is written as an osnoise: event.
 *
 * Net: an interference takes off its time what other interferences took
 * inside it. Each CPU keeps @acct, the sum of the net times of those that
 * ended; one that begins notes it, and at its end the growth of @acct is
 * what ran inside it. Its own net time then joins @acct, so that the one
 * around it takes off its whole (gross) time.
 *
 * The hooks are the tracepoints of interrupt handlers (irq_handler_entry
 * and _exit), of softirqs and of the scheduler's switch, and the
 * architecture's for the vectors without an irqaction (x86's local timer
 * and IPIs: osnoise_arch_register() in arch/x86/kernel/trace.c calls
 * osnoise_trace_irq_entry() and _exit()), registered only while a noise
 * tracer runs; and the NMI hook of <linux/ftrace_irq.h> behind a static
 * key.
 */
#include <linux/ftrace_irq.h>
#include <linux/interrupt.h>
#include <linux/jump_label.h>
#include <linux/kprobes.h>
#include <asm/local64.h>
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/sched/clock.h>
#include <linux/trace.h>
#include <linux/tracepoint.h>
#include <trace/events/irq.h>
#include <trace/events/sched.h>

#include "trace.h"
#include "trace_osnoise.h"

#define CREATE_TRACE_POINTS
#include <trace/events/osnoise.h>
#undef CREATE_TRACE_POINTS

DEFINE_PER_CPU(struct osn_cpu, osn_cpus_state);

/*
 * Serialises the tracers' starts and stops (trace_osnoise_wl.c), and so
 * the hooks' registration: tracepoints_mutex, which takes
 * cpu_hotplug_lock, comes before cpus_read_lock() and osn_lock, never
 * inside them.
 */
DEFINE_MUTEX(osn_attach_lock);

DEFINE_STATIC_KEY_FALSE(trace_osnoise_nmi_key);

/*
 * The clock and @acct read together: an NMI between the two reads would
 * be counted on the wrong side of the interference that reads them.
 */
static __always_inline u64 osn_now_acct(struct osn_cpu *oc, u64 *acct)
{
	u64 a, now;

	do {
		a = local64_read(&oc->acct);
		now = local_clock();
	} while (a != local64_read(&oc->acct));
	*acct = a;
	return now;
}

/* Interference @s begins on @oc's CPU. */
static __always_inline void osn_begin(struct osn_cpu *oc, struct osn_src *s)
{
	u64 acct, now = osn_now_acct(oc, &acct);

	s->acct = acct;
	WRITE_ONCE(s->count, s->count + 1);
	local64_inc(&oc->ints);
	/* Last: a non-zero start says one is in progress. */
	WRITE_ONCE(s->start, now ?: 1);
}

/*
 * Interference @s ends: its net time (ns), accounted; its start in
 * @start. 0 with @start 0 when none was in progress (the CPU began to be
 * measured inside it).
 */
static __always_inline u64 osn_end(struct osn_cpu *oc, struct osn_src *s,
				   u64 *start)
{
	u64 acct, now = osn_now_acct(oc, &acct);
	s64 net;

	*start = s->start;
	if (!*start)
		return 0;
	net = now - *start - (acct - s->acct);
	if (net < 0)
		net = 0;
	local64_add(net, &oc->acct);
	WRITE_ONCE(s->start, 0);
	return net;
}

/**
 * trace_osnoise_callback() - an NMI begins or ends
 * @enter:	it begins
 *
 * Called by ftrace_nmi_enter() and ftrace_nmi_exit() while
 * trace_osnoise_nmi_key is on.
 */
void trace_osnoise_callback(bool enter)
{
	struct osn_cpu *oc = this_cpu_ptr(&osn_cpus_state);
	u64 start, net;

	if (!READ_ONCE(oc->active))
		return;
	if (enter) {
		osn_begin(oc, &oc->nmi);
		return;
	}
	net = osn_end(oc, &oc->nmi, &start);
	if (start)
		trace_nmi_noise(start, net);
}

NOKPROBE_SYMBOL(trace_osnoise_callback);

static void osn_irq_begin(void)
{
	struct osn_cpu *oc = this_cpu_ptr(&osn_cpus_state);

	if (READ_ONCE(oc->active))
		osn_begin(oc, &oc->irq);
}

static void osn_irq_end(int vector, const char *desc)
{
	struct osn_cpu *oc = this_cpu_ptr(&osn_cpus_state);
	u64 start, net;

	if (!READ_ONCE(oc->active))
		return;
	net = osn_end(oc, &oc->irq, &start);
	if (start)
		trace_irq_noise(vector, desc, start, net);
}

static void osn_irq_entry(void *unused, int irq, struct irqaction *action)
{
	osn_irq_begin();
}

static void osn_irq_exit(void *unused, int irq, struct irqaction *action,
			 int ret)
{
	osn_irq_end(irq, action->name);
}

/**
 * osnoise_trace_irq_entry() - an interrupt vector's handler begins
 * @id:		the vector
 *
 * Called by the architecture's probes that osnoise_arch_register() set,
 * for the vectors that irq_handler_entry does not see.
 */
void osnoise_trace_irq_entry(int id)
{
	osn_irq_begin();
}

/**
 * osnoise_trace_irq_exit() - an interrupt vector's handler ends
 * @id:		the vector
 * @desc:	its name, for irq_noise
 */
void osnoise_trace_irq_exit(int id, const char *desc)
{
	osn_irq_end(id, desc);
}

/**
 * osnoise_arch_register() - hook the architecture's interrupt vectors
 *
 * An architecture whose vectors have tracepoints of their own overrides
 * this to call osnoise_trace_irq_entry() and _exit() from them.
 *
 * Return: 0, or an error, and then nothing is hooked.
 */
int __weak osnoise_arch_register(void)
{
	return 0;
}

/**
 * osnoise_arch_unregister() - unhook what osnoise_arch_register() hooked
 */
void __weak osnoise_arch_unregister(void)
{
}

static void osn_softirq_entry(void *unused, unsigned int vec)
{
	struct osn_cpu *oc = this_cpu_ptr(&osn_cpus_state);

	if (READ_ONCE(oc->active))
		osn_begin(oc, &oc->softirq);
}

static void osn_softirq_exit(void *unused, unsigned int vec)
{
	struct osn_cpu *oc = this_cpu_ptr(&osn_cpus_state);
	u64 start, net;

	if (!READ_ONCE(oc->active))
		return;
	net = osn_end(oc, &oc->softirq, &start);
	if (start)
		trace_softirq_noise(vec, start, net);
}

/*
 * The scheduler switches, interrupts off: the thread that leaves ends its
 * noise; one that comes, not the workload's thread nor idle, begins one.
 */
static void osn_switch(void *unused, bool preempt, struct task_struct *prev,
		       struct task_struct *next, unsigned int prev_state)
{
	struct osn_cpu *oc = this_cpu_ptr(&osn_cpus_state);
	u64 start, net;

	if (!READ_ONCE(oc->active))
		return;
	if (oc->noise_task) {
		net = osn_end(oc, &oc->thread, &start);
		oc->noise_task = NULL;
		if (start)
			trace_thread_noise(prev, start, net);
	}
	if (next == READ_ONCE(oc->task) || is_idle_task(next))
		return;
	osn_begin(oc, &oc->thread);
	oc->noise_task = next;
}

/**
 * osn_thread_noise_restart() - time the running thread's noise from now
 * @oc:		the current CPU's state
 *
 * timerlat's IRQ: the thread that runs when the timer fires delays the
 * timerlat thread from then on only. Interrupts are off.
 */
void osn_thread_noise_restart(struct osn_cpu *oc)
{
	u64 acct, now;

	if (!oc->noise_task || !oc->thread.start)
		return;
	now = osn_now_acct(oc, &acct);
	oc->thread.acct = acct;
	WRITE_ONCE(oc->thread.start, now ?: 1);
}

/* A tracepoint and its probe. */
struct osn_probe {
	struct tracepoint *tp;
	void *fn;
};

static const struct osn_probe osn_probes[] = {
	{ &__tracepoint_irq_handler_entry, osn_irq_entry },
	{ &__tracepoint_irq_handler_exit, osn_irq_exit },
	{ &__tracepoint_softirq_entry, osn_softirq_entry },
	{ &__tracepoint_softirq_exit, osn_softirq_exit },
	{ &__tracepoint_sched_switch, osn_switch },
};

static int osn_probe_reg(const struct osn_probe *p)
{
	return tracepoint_probe_register(p->tp, p->fn, NULL);
}

static void osn_probe_unreg(const struct osn_probe *p)
{
	tracepoint_probe_unregister(p->tp, p->fn, NULL);
}

/**
 * osn_hooks_register() - start listening to interferences
 *
 * Context: under osn_attach_lock (not cpus_read_lock() nor osn_lock), when
 * the first noise tracer starts; the CPUs' @active are still off.
 *
 * Return: 0, or the error of a tracepoint (then nothing is hooked).
 */
int osn_hooks_register(void)
{
	int i, ret;

	lockdep_assert_held(&osn_attach_lock);
	for (i = 0; i < ARRAY_SIZE(osn_probes); i++) {
		ret = osn_probe_reg(&osn_probes[i]);
		if (ret)
			goto unwind;
	}
	ret = osnoise_arch_register();
	if (ret)
		goto unwind;
	static_branch_enable(&trace_osnoise_nmi_key);
	return 0;
unwind:
	while (--i >= 0)
		osn_probe_unreg(&osn_probes[i]);
	tracepoint_synchronize_unregister();
	return ret;
}

/**
 * osn_hooks_unregister() - stop listening
 *
 * Returns once no hook runs any more, so that the per-CPU state may be
 * reset.
 *
 * Context: under osn_attach_lock (not cpus_read_lock() nor osn_lock), when
 * the last noise tracer stops, with the CPUs' @active off.
 */
void osn_hooks_unregister(void)
{
	int i;

	lockdep_assert_held(&osn_attach_lock);
	static_branch_disable(&trace_osnoise_nmi_key);
	osnoise_arch_unregister();
	for (i = ARRAY_SIZE(osn_probes) - 1; i >= 0; i--)
		osn_probe_unreg(&osn_probes[i]);
	/* Also waits for NMIs: sched-RCU covers them. */
	tracepoint_synchronize_unregister();
}
