// SPDX-License-Identifier: GPL-2.0
/*
 * Hooks on every change of the hardware interrupt state.
 *
 * With CONFIG_TRACE_IRQFLAGS, local_irq_enable() and friends, and the
 * architecture's entry code, call these functions. They feed lockdep's
 * view of the interrupt state, and the irqsoff latency tracer's: behind a
 * static key, so that it costs a patched-out jump while the tracer is not
 * selected.
 *
 * The _prepare and _finish halves are called by entry code between
 * instrumentation_begin() and instrumentation_end(), with the lockdep
 * calls made separately by the caller.
 *
 * Without lockdep, <linux/irqflags.h> (patches/0007) calls these only
 * while trace_irqflags_listen() has turned trace_irqflags_key on: the
 * irqsoff tracer does before it turns trace_irqsoff_key on, and turns it
 * off after. Until then each local_irq_enable() and friends costs a nop.
 * On x86 each call site is a trace site (<asm/trace_site.h>), and the
 * header declares the functions no_caller_saved_registers, so that GCC
 * saves what they use here, not in every caller. The header's macros have
 * the functions' names: they are undefined here, where the functions are.
 */
#include <linux/export.h>
#include <linux/ftrace.h>
#include <linux/irqflags.h>
#include <linux/jump_label.h>
#include <linux/kprobes.h>
#include <linux/lockdep.h>

#include "trace.h"
#include "trace_lat.h"

#undef trace_hardirqs_on_prepare
#undef trace_hardirqs_off_finish
#undef trace_hardirqs_on
#undef trace_hardirqs_off

#ifndef CONFIG_PROVE_LOCKING
/* The branch of every local_irq_*() without lockdep. */
struct static_key_false trace_irqflags_key = STATIC_KEY_FALSE_INIT;
EXPORT_SYMBOL(trace_irqflags_key);
#endif

/**
 * trace_irqflags_listen() - call the hooks from every local_irq_*(), or not
 * @on:		whether to
 *
 * With lockdep they are always called. Context: may sleep (it patches
 * the call sites).
 */
void trace_irqflags_listen(bool on)
{
#ifndef CONFIG_PROVE_LOCKING
	trace_key_set(&trace_irqflags_key, on);
#endif
}

#ifdef CONFIG_IRQSOFF_TRACER
DEFINE_STATIC_KEY_FALSE(trace_irqsoff_key);
DEFINE_STATIC_CALL_NULL(trace_irqs_call, trace_irqsoff_hook);

static __always_inline void trace_irqs_hook(bool on, unsigned long ip)
{
	if (static_branch_unlikely(&trace_irqsoff_key))
		static_call(trace_irqs_call)(on, ip, CALLER_ADDR1);
}
#else
static __always_inline void trace_irqs_hook(bool on, unsigned long ip)
{
}
#endif

/**
 * trace_hardirqs_on_prepare() - interrupts are about to be enabled
 *
 * The tracing half of trace_hardirqs_on().
 */
void trace_hardirqs_on_prepare(void)
{
	trace_irqs_hook(true, _RET_IP_);
}
EXPORT_SYMBOL(trace_hardirqs_on_prepare);
NOKPROBE_SYMBOL(trace_hardirqs_on_prepare);

/**
 * trace_hardirqs_off_finish() - interrupts have just been disabled
 *
 * The tracing half of trace_hardirqs_off().
 */
void trace_hardirqs_off_finish(void)
{
	trace_irqs_hook(false, _RET_IP_);
}
EXPORT_SYMBOL(trace_hardirqs_off_finish);
NOKPROBE_SYMBOL(trace_hardirqs_off_finish);

/**
 * trace_hardirqs_on() - interrupts are about to be enabled
 *
 * Called with interrupts still disabled.
 */
void trace_hardirqs_on(void)
{
	trace_irqs_hook(true, _RET_IP_);
	lockdep_hardirqs_on_prepare();
	lockdep_hardirqs_on(_RET_IP_);
}
EXPORT_SYMBOL(trace_hardirqs_on);
NOKPROBE_SYMBOL(trace_hardirqs_on);

/**
 * trace_hardirqs_off() - interrupts have just been disabled
 */
void trace_hardirqs_off(void)
{
	lockdep_hardirqs_off(_RET_IP_);
	trace_irqs_hook(false, _RET_IP_);
}
EXPORT_SYMBOL(trace_hardirqs_off);
NOKPROBE_SYMBOL(trace_hardirqs_off);

/**
 * trace_hardirqs_disable() - disable interrupts, tracing it if they were on
 *
 * local_irq_disable() without lockdep: its site comes before its own cli,
 * so that the hook can tell whether interrupts were enabled. Returns with
 * them disabled.
 */
void trace_hardirqs_disable(void)
{
	if (raw_irqs_disabled())
		return;
	raw_local_irq_disable();
	trace_irqs_hook(false, _RET_IP_);
}
EXPORT_SYMBOL(trace_hardirqs_disable);
NOKPROBE_SYMBOL(trace_hardirqs_disable);
