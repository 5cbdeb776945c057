/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the NMI entry and exit code tell the tracers that count NMIs:
 * nmi_enter() and irqentry_nmi_enter() call ftrace_nmi_enter(), the exits
 * ftrace_nmi_exit(), with instrumentation allowed.
 *
 * osnoise and timerlat (kernel/trace/trace_osnoise_hooks.c) listen behind
 * a static key: compiled in and off, their hook is a five-byte nop.
 */
#ifndef _LINUX_FTRACE_IRQ_H
#define _LINUX_FTRACE_IRQ_H

#ifdef CONFIG_OSNOISE_TRACER
#include <linux/jump_label.h>
#endif

#ifdef CONFIG_HWLAT_TRACER
extern bool trace_hwlat_callback_enabled;
extern void trace_hwlat_callback(bool enter);
#endif

#ifdef CONFIG_OSNOISE_TRACER
DECLARE_STATIC_KEY_FALSE(trace_osnoise_nmi_key);
void trace_osnoise_nmi(bool enter);
#endif

static __always_inline void ftrace_nmi_enter(void)
{
#ifdef CONFIG_HWLAT_TRACER
	if (trace_hwlat_callback_enabled)
		trace_hwlat_callback(true);
#endif
#ifdef CONFIG_OSNOISE_TRACER
	if (static_branch_unlikely(&trace_osnoise_nmi_key))
		trace_osnoise_nmi(true);
#endif
}

static __always_inline void ftrace_nmi_exit(void)
{
#ifdef CONFIG_HWLAT_TRACER
	if (trace_hwlat_callback_enabled)
		trace_hwlat_callback(false);
#endif
#ifdef CONFIG_OSNOISE_TRACER
	if (static_branch_unlikely(&trace_osnoise_nmi_key))
		trace_osnoise_nmi(false);
#endif
}

#endif /* _LINUX_FTRACE_IRQ_H */
