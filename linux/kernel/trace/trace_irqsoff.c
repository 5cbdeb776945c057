// SPDX-License-Identifier: GPL-2.0
/*
 * The irqsoff, preemptoff and preemptirqsoff tracers: the longest time a
 * CPU ran with interrupts off, preemption off, or either.
 *
 * Each CPU has a section: it opens when the first of the timed reasons
 * (interrupts off, preemption off) begins, and closes when the last one
 * ends. Opening writes a function record (where it opened); closing, when
 * the section is worth keeping (trace_lat_worth()), writes where it
 * closed, the hook, and the stack, and hands the latency to
 * trace_lat_update(), which swaps the buffers. With options/function-trace
 * every function called while a section is open is recorded too, as a
 * graph with options/display-graph (trace_lat_fn.c).
 *
 * The hooks are the interrupt-state hooks (trace_irqflags.c) and
 * trace_preempt_off()/trace_preempt_on(), each behind a static key that is
 * on only while one of these tracers is current. Each hook runs with
 * interrupts off and ignores hooks nested in it (from the records it
 * writes, or the stack walk), so a CPU's section state is only ever
 * touched by that CPU, one hook at a time.
 */
#include <linux/ftrace.h>
#include <linux/irqflags.h>
#include <linux/kprobes.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/preempt.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>

#include "fentry.h"
#include "trace.h"
#include "trace_lat.h"

#define IRQSOFF_IRQ	BIT(0)
#define IRQSOFF_PREEMPT	BIT(1)

/**
 * struct irqsoff_cpu - a CPU's section
 * @why:	the timed reasons in effect (IRQSOFF_*); 0: no section
 * @busy:	a hook is running on the CPU
 * @paused:	stop_critical_timings() was called (the CPU goes idle)
 * @start:	when the section opened (trace clock)
 * @start_ip:	where
 * @mark:	the trace buffer's event count then
 */
struct irqsoff_cpu {
	unsigned int why;
	bool busy;
	bool paused;
	u64 start;
	unsigned long start_ip;
	struct trace_lat_mark mark;
};

static DEFINE_PER_CPU(struct irqsoff_cpu, irqsoff_cpus);

DEFINE_STATIC_KEY_FALSE(trace_preemptoff_key);

#if defined(CONFIG_TRACE_PREEMPT_TOGGLE) && !defined(CONFIG_DEBUG_PREEMPT)
/*
 * Without CONFIG_DEBUG_PREEMPT, preempt_count_add() and _sub() change
 * the count in line, and call the two hooks below only while this is on
 * (<linux/preempt.h>, patches/0008): from before trace_preemptoff_key
 * goes on to after it goes off. On x86-64 they come through the asm of
 * arch/x86/kernel/trace_preempt_64.S.
 */
struct static_key_false trace_preempt_key = STATIC_KEY_FALSE_INIT;
EXPORT_SYMBOL(trace_preempt_key);

static void trace_preempt_listen(bool on)
{
	trace_key_set(&trace_preempt_key, on);
}

#else
static void trace_preempt_listen(bool on)
{
}
#endif

/*
 * Serialises tracer changes and the function hook's; protects the mode's
 * changes and irqsoff_fn_hook.hooked.
 */
static DEFINE_MUTEX(irqsoff_lock);
static unsigned int irqsoff_mode;	/* reasons timed; 0: not current */

static void irqsoff_open(struct irqsoff_cpu *c, unsigned long ip,
			 unsigned long parent, unsigned long flags)
{
	trace_lat_note(&c->mark, smp_processor_id());
	c->start = trace_clock_read();
	c->start_ip = ip;
	trace_lat_fn_rec(ip, parent, tracing_gen_ctx_flags(flags));
}

static void irqsoff_close(struct irqsoff_cpu *c, unsigned long hook,
			  unsigned long frame, unsigned long ip,
			  unsigned long parent, unsigned long flags)
{
	struct trace_lat_info lat = {};
	u64 now = trace_clock_read();
	unsigned int ctx;

	lat.ns = now - c->start;
	/* Outside RCU (idle, entry code) neither the stack nor the task. */
	if (!trace_buffer_enabled() || !trace_lat_worth(lat.ns) ||
	    !rcu_is_watching())
		return;
	ctx = tracing_gen_ctx_flags(flags);
	trace_lat_fn_rec(ip, parent, ctx);
	trace_lat_fn_rec(hook, ip, ctx);
	trace_stack_record_from(frame, ctx);
	lat.from = c->start;
	lat.cpu = smp_processor_id();
	lat.start_ip = c->start_ip;
	lat.end_ip = ip;
	lat.mark = c->mark;
	trace_lat_fill_task(&lat, current);
	trace_lat_update(&lat);
}

/*
 * One hook: @why began (!@on) or ended (@on) at @ip. @hook names the
 * hook in the trace; the stack trace starts after @frame's frame.
 */
static void irqsoff_event(unsigned int why, bool on, unsigned long hook,
			  unsigned long frame, unsigned long ip,
			  unsigned long parent)
{
	struct irqsoff_cpu *c;
	unsigned long flags;

	if (!(READ_ONCE(irqsoff_mode) & why) || in_nmi())
		return;
	raw_local_irq_save(flags);
	c = this_cpu_ptr(&irqsoff_cpus);
	if (c->busy || c->paused)
		goto out;
	c->busy = true;
	barrier();
	if (!on) {
		if (!c->why)
			irqsoff_open(c, ip, parent, flags);
		c->why |= why;
	} else if (c->why & why) {
		c->why &= ~why;
		if (!c->why)
			irqsoff_close(c, hook, frame, ip, parent, flags);
	}
	barrier();
	c->busy = false;
out:
	raw_local_irq_restore(flags);
}

#ifdef CONFIG_IRQSOFF_TRACER
/**
 * trace_irqsoff_hook() - interrupts were disabled, or are to be enabled
 * @on:		they are to be enabled
 * @ip:		where
 * @parent:	its caller, or 0
 *
 * Called by the interrupt-state hooks while trace_irqsoff_key is on.
 */
void trace_irqsoff_hook(bool on, unsigned long ip, unsigned long parent)
{
	unsigned long hook = on ? (unsigned long)trace_hardirqs_on :
				  (unsigned long)trace_hardirqs_off;

	irqsoff_event(IRQSOFF_IRQ, on, hook, hook, ip, parent);
}

NOKPROBE_SYMBOL(trace_irqsoff_hook);
#endif

#ifdef CONFIG_TRACE_PREEMPT_TOGGLE
/**
 * trace_preempt_off() - preemption was just disabled
 * @a0:	where
 * @a1:	its caller (outside the locking functions)
 */
void trace_preempt_off(unsigned long a0, unsigned long a1)
{
	if (static_branch_unlikely(&trace_preemptoff_key))
		irqsoff_event(IRQSOFF_PREEMPT, false,
			      (unsigned long)trace_preempt_off,
			      (unsigned long)trace_preempt_off, a0, a1);
}

NOKPROBE_SYMBOL(trace_preempt_off);

/**
 * trace_preempt_on() - preemption is about to be enabled
 * @a0:	where
 * @a1:	its caller (outside the locking functions)
 */
void trace_preempt_on(unsigned long a0, unsigned long a1)
{
	if (static_branch_unlikely(&trace_preemptoff_key))
		irqsoff_event(IRQSOFF_PREEMPT, true,
			      (unsigned long)trace_preempt_on,
			      (unsigned long)trace_preempt_on, a0, a1);
}

NOKPROBE_SYMBOL(trace_preempt_on);

#ifndef CONFIG_DEBUG_PREEMPT
/*
 * The function the stack trace at the end of a section starts after:
 * on x86-64 the asm hook the site jumped to, which called the C hook
 * (@ret is the C hook's return address); elsewhere the C hook, @hook.
 */
static __always_inline unsigned long trace_preempt_frame(void *hook,
							 unsigned long ret)
{
	if (IS_ENABLED(CONFIG_X86_64) && IS_ENABLED(CONFIG_JUMP_LABEL))
		return ret;
	return (unsigned long)hook;
}

/*
 * The site's function, and its caller's address where that is known:
 * inside the spinlock functions it is not (no frame pointers to find
 * it), so 0 then, as CALLER_ADDR1 would give.
 */
static unsigned long trace_preempt_parent(unsigned long ip)
{
	return in_lock_functions(ip) ? 0 : ip;
}

/* Both hooks: preemption went off (!@on) or is to go on, if @val is all. */
static __always_inline void trace_preempt_site(bool on, long val,
					       unsigned long frame,
					       unsigned long ip)
{
	if (preempt_count() == val &&
	    static_branch_unlikely(&trace_preemptoff_key))
		irqsoff_event(IRQSOFF_PREEMPT, on,
			      on ? (unsigned long)trace_preempt_on :
				   (unsigned long)trace_preempt_off,
			      frame, ip, trace_preempt_parent(ip));
}

/**
 * trace_preempt_site_added() - preempt_count_add() has added @val
 * @val:	what was added
 * @ip:		where: just after the trace site
 *
 * Preemption was enabled before the addition if the count is @val now.
 */
void trace_preempt_site_added(long val, unsigned long ip)
{
	trace_preempt_site(false, val,
			   trace_preempt_frame(trace_preempt_site_added, _RET_IP_),
			   ip);
}
EXPORT_SYMBOL(trace_preempt_site_added);
NOKPROBE_SYMBOL(trace_preempt_site_added);

/**
 * trace_preempt_site_subbing() - preempt_count_sub() is to subtract @val
 * @val:	what is to be subtracted
 * @ip:		where: just after the trace site
 *
 * Preemption is about to be enabled if the count is @val now.
 */
void trace_preempt_site_subbing(long val, unsigned long ip)
{
	trace_preempt_site(true, val,
			   trace_preempt_frame(trace_preempt_site_subbing,
					       _RET_IP_),
			   ip);
}
EXPORT_SYMBOL(trace_preempt_site_subbing);
NOKPROBE_SYMBOL(trace_preempt_site_subbing);
#endif
#endif

/**
 * stop_critical_timings() - the CPU is about to idle: close its section
 *
 * A section open now is measured up to here; none opens until
 * start_critical_timings().
 */
void stop_critical_timings(void)
{
	struct irqsoff_cpu *c;
	unsigned long flags;

	if (!READ_ONCE(irqsoff_mode))
		return;
	raw_local_irq_save(flags);
	c = this_cpu_ptr(&irqsoff_cpus);
	if (!c->busy) {
		c->busy = true;
		barrier();
		if (c->why && !c->paused)
			irqsoff_close(c, _THIS_IP_, _THIS_IP_, _RET_IP_, 0,
				      flags);
		c->why = 0;
		c->paused = true;
		barrier();
		c->busy = false;
	}
	raw_local_irq_restore(flags);
}
EXPORT_SYMBOL_GPL(stop_critical_timings);
NOKPROBE_SYMBOL(stop_critical_timings);

/**
 * start_critical_timings() - the CPU is back from idle
 *
 * With interrupts still off, and irqsoff timed, a section opens here.
 */
void start_critical_timings(void)
{
	struct irqsoff_cpu *c;
	unsigned long flags;

	raw_local_irq_save(flags);
	c = this_cpu_ptr(&irqsoff_cpus);
	if (c->paused && !c->busy) {
		c->busy = true;
		barrier();
		c->paused = false;
		if ((READ_ONCE(irqsoff_mode) & IRQSOFF_IRQ) &&
		    raw_irqs_disabled_flags(flags)) {
			irqsoff_open(c, _RET_IP_, 0, flags);
			c->why = IRQSOFF_IRQ;
		}
		barrier();
		c->busy = false;
	}
	raw_local_irq_restore(flags);
}
EXPORT_SYMBOL_GPL(start_critical_timings);
NOKPROBE_SYMBOL(start_critical_timings);

/* The gate of function-trace: a section is open, no hook runs here. */
static bool irqsoff_gate(void)
{
	struct irqsoff_cpu *c = this_cpu_ptr(&irqsoff_cpus);

	if (!c->why || c->busy)
		return false;
	c->busy = true;
	barrier();
	return true;
}

static void irqsoff_ungate(void)
{
	barrier();
	this_cpu_write(irqsoff_cpus.busy, false);
}

static struct trace_lat_hook irqsoff_fn_hook;

/* function-trace or display-graph flips: what the function hook hooks. */
static int irqsoff_opt(struct trace_array *tr, unsigned int opt, bool on)
{
	guard(mutex)(&irqsoff_lock);
	return trace_lat_hook_opt(&irqsoff_fn_hook, irqsoff_mode, opt, on);
}

static struct trace_opt_hook irqsoff_opt_hook = {
	.opts = TRACE_LAT_HOOK_OPTS,
	.apply = irqsoff_opt,
};

TRACE_OPT_HOOK(irqsoff_opt_hook);

static void irqsoff_keys(unsigned int mode)
{
	bool irq = mode & IRQSOFF_IRQ, preempt = mode & IRQSOFF_PREEMPT;

	/* The hooks are called before the key goes on, until it is off. */
#ifdef CONFIG_IRQSOFF_TRACER
	if (irq) {
		static_call_update(trace_irqs_call, trace_irqsoff_hook);
		trace_irqflags_listen(true);
	}
	trace_key_set(&trace_irqsoff_key, irq);
	if (!irq)
		trace_irqflags_listen(false);
#endif
	if (preempt)
		trace_preempt_listen(true);
	trace_key_set(&trace_preemptoff_key, preempt);
	if (!preempt)
		trace_preempt_listen(false);
}

static int irqsoff_start(unsigned int mode)
{
	int cpu, ret;

	ret = trace_max_alloc(&trace_top_buf, TRACE_MAX_LAT);
	if (ret)
		return ret;
	trace_lat_init();
	guard(mutex)(&irqsoff_lock);
	/* No hook runs: the last tracer's reset waited for them. */
	for_each_possible_cpu(cpu)
		memset(per_cpu_ptr(&irqsoff_cpus, cpu), 0,
		       sizeof(struct irqsoff_cpu));
	/* The function hook records nothing until a section opens. */
	ret = trace_lat_hook_set(&irqsoff_fn_hook, true,
				 trace_opt(TRACE_OPT_FUNCTION_TRACE),
				 trace_opt(TRACE_OPT_DISPLAY_GRAPH));
	if (ret) {
		trace_max_release(&trace_top_buf, TRACE_MAX_LAT);
		return ret;
	}
	/*
	 * Every hook is live before any section may open: a section opened
	 * while a closing hook is still patched out (the key is switched
	 * site by site) would stay open until that site is patched in, and
	 * report the whole wait as a latency. The static key update
	 * synchronises all CPUs before it returns; this store pairs with the
	 * READ_ONCE() in irqsoff_event() and the critical-timing hooks.
	 */
	irqsoff_keys(mode);
	WRITE_ONCE(irqsoff_mode, mode);
	return 0;
}

static void irqsoff_stop(void)
{
	scoped_guard(mutex, &irqsoff_lock) {
		/* Hooks first ignore everything, then are patched out. */
		WRITE_ONCE(irqsoff_mode, 0);
		irqsoff_keys(0);
		trace_lat_hook_set(&irqsoff_fn_hook, false, false, false);
	}
	/* Hooks run with interrupts off: after this, none is left. */
	synchronize_rcu();
	trace_max_release(&trace_top_buf, TRACE_MAX_LAT);
}

static int irqsoff_init(void)
{
	return irqsoff_start(IRQSOFF_IRQ);
}

static int preemptoff_init(void)
{
	return irqsoff_start(IRQSOFF_PREEMPT);
}

static int preemptirqsoff_init(void)
{
	return irqsoff_start(IRQSOFF_IRQ | IRQSOFF_PREEMPT);
}

static struct tracer irqsoff_tracer =
	TRACE_LAT_TRACER("irqsoff", irqsoff_init, irqsoff_stop);
static struct tracer preemptoff_tracer =
	TRACE_LAT_TRACER("preemptoff", preemptoff_init, irqsoff_stop);
static struct tracer preemptirqsoff_tracer =
	TRACE_LAT_TRACER("preemptirqsoff", preemptirqsoff_init, irqsoff_stop);

static int __init irqsoff_register(void)
{
	bool irq = IS_ENABLED(CONFIG_IRQSOFF_TRACER);
	bool preempt = IS_ENABLED(CONFIG_PREEMPT_TRACER);
	int ret = 0;

	trace_lat_hook_init(&irqsoff_fn_hook, irqsoff_gate, irqsoff_ungate);
	if (irq)
		ret = trace_register_tracer(&irqsoff_tracer);
	if (preempt && !ret)
		ret = trace_register_tracer(&preemptoff_tracer);
	if (irq && preempt && !ret)
		ret = trace_register_tracer(&preemptirqsoff_tracer);
	return ret;
}
core_initcall(irqsoff_register);
