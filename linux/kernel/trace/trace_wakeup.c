// SPDX-License-Identifier: GPL-2.0
/*
 * The wakeup, wakeup_rt and wakeup_dl tracers: the longest time a task
 * waited between being woken and running.
 *
 * One task is followed at a time. wakeup follows a woken task whose
 * priority beats both the task that woke it and the task followed so far;
 * wakeup_rt does the same among real-time and deadline tasks only, and
 * wakeup_dl among deadline tasks only. A deadline task is always worth
 * following, unless one is followed already.
 *
 * The wakeup writes a wakeup record, the function that woke the task, and
 * the stack. The switch to the task writes the function it happens in, a
 * context_switch record and the stack, and hands the latency to
 * trace_lat_update(). With options/function-trace, the functions the
 * task's CPU runs in between are recorded too.
 *
 * The probes sit on the scheduler's tracepoints and are registered only
 * while one of these tracers is current. The scheduler calls them with a
 * runqueue lock held and interrupts off; wakeup_lock, taken inside the
 * runqueue locks and nowhere else, serialises them.
 */
#include <linux/ftrace.h>
#include <linux/kprobes.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/sched/deadline.h>
#include <linux/sched/rt.h>
#include <linux/sched/task.h>
#include <linux/spinlock.h>
#include <trace/events/sched.h>

#include "fentry.h"
#include "trace.h"
#include "trace_lat.h"

enum wakeup_mode {
	WAKEUP_OFF,
	WAKEUP_ALL,	/* wakeup */
	WAKEUP_RT,	/* wakeup_rt */
	WAKEUP_DL,	/* wakeup_dl */
};

/*
 * Taken by the probes, inside the runqueue locks, and by wakeup_clear()
 * (under wakeup_mutex or trace_lock), with interrupts off.
 */
static DEFINE_RAW_SPINLOCK(wakeup_lock);
/* The task followed, or NULL; a reference is held. Under wakeup_lock. */
static struct task_struct *wakeup_task;
/* Its priority when it was woken; MAX_PRIO when none. Under wakeup_lock. */
static int wakeup_prio = MAX_PRIO;
/*
 * When it was woken (trace clock), and the event count then. Under
 * wakeup_lock.
 */
static u64 wakeup_start;
static struct trace_lat_mark wakeup_mark;
/*
 * The CPU it is to run on, or -1. Written under wakeup_lock; read without
 * it by the function-trace callback, which only filters on it.
 */
static int wakeup_cpu = -1;

/*
 * Serialises tracer changes and the function hook's; protects the mode's
 * changes and wakeup_fn_hook.hooked.
 */
static DEFINE_MUTEX(wakeup_mutex);
static enum wakeup_mode wakeup_mode;	/* read by the probes too */

/* A probe or the callback is writing on this CPU: do not nest. */
static DEFINE_PER_CPU(bool, wakeup_busy);

/* A wakeup (@type TRACE_TYPE_WAKE) or a switch (TRACE_TYPE_CTX) record. */
static void wakeup_ctx_rec(unsigned short type, struct task_struct *prev,
			   struct task_struct *next, int cpu, unsigned int ctx)
{
	struct trace_wh h;
	struct trace_ctx_rec *r;

	trace_cmdline_save_task(prev);
	trace_cmdline_save_task(next);
	r = trace_rec_reserve(&h, type, sizeof(*r), ctx);
	if (!r)
		return;
	r->prev_pid = prev->pid;
	r->prev_prio = prev->prio;
	r->prev_state = task_state_index(prev);
	r->next_pid = next->pid;
	r->next_prio = next->prio;
	r->next_state = task_state_index(next);
	r->next_cpu = cpu;
	trace_rec_commit(&h);
}

/* Stop following the task. */
static void wakeup_forget(void)
{
	lockdep_assert_held(&wakeup_lock);
	if (wakeup_task)
		put_task_struct(wakeup_task);
	WRITE_ONCE(wakeup_task, NULL);
	WRITE_ONCE(wakeup_prio, MAX_PRIO);
	WRITE_ONCE(wakeup_cpu, -1);
}

/* Whether @p, being woken, is to be followed instead of the task so far. */
static bool wakeup_wanted(struct task_struct *p)
{
	switch (READ_ONCE(wakeup_mode)) {
	case WAKEUP_ALL:
		break;
	case WAKEUP_RT:
		if (!rt_or_dl_task(p))
			return false;
		break;
	case WAKEUP_DL:
		if (!dl_task(p))
			return false;
		break;
	default:
		return false;
	}
	if (dl_task(p))
		return !dl_prio(READ_ONCE(wakeup_prio));
	return p->prio < READ_ONCE(wakeup_prio) && p->prio < current->prio;
}

/* The probe of sched_wakeup and sched_wakeup_new. */
static void wakeup_probe_wake(void *unused, struct task_struct *p)
{
	unsigned long flags;
	unsigned int ctx;
	bool *busy;
	int cpu;

	/* Racy first look, so that most wakeups cost no lock. */
	if (!wakeup_wanted(p) || !trace_buffer_enabled())
		return;
	raw_local_irq_save(flags);
	busy = this_cpu_ptr(&wakeup_busy);
	if (*busy)
		goto out_irq;
	*busy = true;
	raw_spin_lock(&wakeup_lock);
	if (!wakeup_wanted(p))
		goto out;
	wakeup_forget();
	get_task_struct(p);
	WRITE_ONCE(wakeup_task, p);
	WRITE_ONCE(wakeup_prio, p->prio);
	cpu = task_cpu(p);
	WRITE_ONCE(wakeup_cpu, cpu);
	trace_lat_note(&wakeup_mark, RING_BUFFER_ALL_CPUS);
	wakeup_start = trace_clock_read();
	ctx = tracing_gen_ctx_flags(flags);
	wakeup_ctx_rec(TRACE_TYPE_WAKE, current, p, cpu, ctx);
	trace_lat_fn_rec(_RET_IP_, 0, ctx);
	trace_stack_record_from((unsigned long)wakeup_probe_wake, ctx);
out:
	raw_spin_unlock(&wakeup_lock);
	*busy = false;
out_irq:
	raw_local_irq_restore(flags);
}

NOKPROBE_SYMBOL(wakeup_probe_wake);

/* The probe of sched_switch: the task followed runs, the latency ends. */
static void wakeup_probe_switch(void *unused, bool preempt,
				struct task_struct *prev,
				struct task_struct *next,
				unsigned int prev_state)
{
	struct trace_lat_info lat = {};
	unsigned long flags;
	unsigned int ctx;
	bool *busy;

	if (READ_ONCE(wakeup_task) != next)
		return;
	raw_local_irq_save(flags);
	busy = this_cpu_ptr(&wakeup_busy);
	if (*busy)
		goto out_irq;
	*busy = true;
	raw_spin_lock(&wakeup_lock);
	if (wakeup_task != next)
		goto out;
	lat.ns = trace_clock_read() - wakeup_start;
	if (trace_buffer_enabled() && trace_lat_worth(lat.ns)) {
		ctx = tracing_gen_ctx_flags(flags);
		trace_lat_fn_rec(_RET_IP_, 0, ctx);
		wakeup_ctx_rec(TRACE_TYPE_CTX, prev, next, smp_processor_id(),
			       ctx);
		trace_stack_record_from((unsigned long)wakeup_probe_switch,
					ctx);
		lat.from = wakeup_start;
		lat.cpu = smp_processor_id();
		lat.all_cpus = true;
		lat.mark = wakeup_mark;
		trace_lat_fill_task(&lat, next);
		trace_lat_update(&lat);
	}
	wakeup_forget();
out:
	raw_spin_unlock(&wakeup_lock);
	*busy = false;
out_irq:
	raw_local_irq_restore(flags);
}

NOKPROBE_SYMBOL(wakeup_probe_switch);

/* The probe of sched_migrate_task: the task followed changes CPU. */
static void wakeup_probe_migrate(void *unused, struct task_struct *p,
				 int cpu)
{
	unsigned long flags;

	if (READ_ONCE(wakeup_task) != p)
		return;
	raw_spin_lock_irqsave(&wakeup_lock, flags);
	if (wakeup_task == p)
		WRITE_ONCE(wakeup_cpu, cpu);
	raw_spin_unlock_irqrestore(&wakeup_lock, flags);
}

NOKPROBE_SYMBOL(wakeup_probe_migrate);

/* The gate of function-trace: the task's CPU, no probe writing there. */
static bool wakeup_gate(void)
{
	bool *busy = this_cpu_ptr(&wakeup_busy);

	if (*busy || READ_ONCE(wakeup_cpu) != smp_processor_id())
		return false;
	*busy = true;
	barrier();
	return true;
}

static void wakeup_ungate(void)
{
	barrier();
	this_cpu_write(wakeup_busy, false);
}

static struct trace_lat_hook wakeup_fn_hook;

/* function-trace or display-graph flips: what the function hook hooks. */
static int wakeup_opt(struct trace_array *tr, unsigned int opt, bool on)
{
	guard(mutex)(&wakeup_mutex);
	return trace_lat_hook_opt(&wakeup_fn_hook, wakeup_mode != WAKEUP_OFF,
				  opt, on);
}

static struct trace_opt_hook wakeup_opt_hook = {
	.opts = TRACE_LAT_HOOK_OPTS,
	.apply = wakeup_opt,
};

TRACE_OPT_HOOK(wakeup_opt_hook);

static void wakeup_probes_off(void)
{
	unregister_trace_sched_wakeup(wakeup_probe_wake, NULL);
	unregister_trace_sched_wakeup_new(wakeup_probe_wake, NULL);
	unregister_trace_sched_switch(wakeup_probe_switch, NULL);
	unregister_trace_sched_migrate_task(wakeup_probe_migrate, NULL);
}

static int wakeup_probes_on(void)
{
	int ret;

	/* What follows and ends a wakeup is there before any is caught. */
	ret = register_trace_sched_migrate_task(wakeup_probe_migrate, NULL);
	ret = ret ?: register_trace_sched_switch(wakeup_probe_switch, NULL);
	ret = ret ?: register_trace_sched_wakeup_new(wakeup_probe_wake, NULL);
	ret = ret ?: register_trace_sched_wakeup(wakeup_probe_wake, NULL);
	if (ret) {
		/* Unregistering a probe never registered is harmless. */
		wakeup_probes_off();
		tracepoint_synchronize_unregister();
	}
	return ret;
}

/* Drop the task followed, once no probe can run any more. */
static void wakeup_clear(void)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&wakeup_lock, flags);
	wakeup_forget();
	raw_spin_unlock_irqrestore(&wakeup_lock, flags);
}

static int wakeup_start_mode(enum wakeup_mode mode)
{
	int ret;

	ret = trace_max_alloc(&trace_top_buf, TRACE_MAX_LAT);
	if (ret)
		return ret;
	trace_lat_init();
	guard(mutex)(&wakeup_mutex);
	wakeup_clear();
	WRITE_ONCE(wakeup_mode, mode);
	ret = trace_lat_hook_set(&wakeup_fn_hook, true,
				 trace_opt(TRACE_OPT_FUNCTION_TRACE),
				 trace_opt(TRACE_OPT_DISPLAY_GRAPH));
	ret = ret ?: wakeup_probes_on();
	if (ret) {
		trace_lat_hook_set(&wakeup_fn_hook, false, false, false);
		WRITE_ONCE(wakeup_mode, WAKEUP_OFF);
		trace_max_release(&trace_top_buf, TRACE_MAX_LAT);
	}
	return ret;
}

static void wakeup_stop(void)
{
	scoped_guard(mutex, &wakeup_mutex) {
		WRITE_ONCE(wakeup_mode, WAKEUP_OFF);
		wakeup_probes_off();
		trace_lat_hook_set(&wakeup_fn_hook, false, false, false);
	}
	/* After this no probe runs: the task reference can go. */
	tracepoint_synchronize_unregister();
	wakeup_clear();
	trace_max_release(&trace_top_buf, TRACE_MAX_LAT);
}

static int wakeup_init(void)
{
	return wakeup_start_mode(WAKEUP_ALL);
}

static int wakeup_rt_init(void)
{
	return wakeup_start_mode(WAKEUP_RT);
}

static int wakeup_dl_init(void)
{
	return wakeup_start_mode(WAKEUP_DL);
}

static struct tracer wakeup_tracers[] = {
	TRACE_LAT_TRACER("wakeup", wakeup_init, wakeup_stop),
	TRACE_LAT_TRACER("wakeup_rt", wakeup_rt_init, wakeup_stop),
	TRACE_LAT_TRACER("wakeup_dl", wakeup_dl_init, wakeup_stop),
};

static int __init wakeup_register(void)
{
	unsigned int i;
	int ret = 0;

	trace_lat_hook_init(&wakeup_fn_hook, wakeup_gate, wakeup_ungate);
	for (i = 0; i < ARRAY_SIZE(wakeup_tracers) && !ret; i++)
		ret = trace_register_tracer(&wakeup_tracers[i]);
	return ret;
}
core_initcall(wakeup_register);
