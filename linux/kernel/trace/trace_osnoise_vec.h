/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The interrupt vectors whose handlers have tracepoints of their own (on
 * x86: local timer, IPIs, irq_work, APIC errors), hard-interrupt noise
 * beside the device interrupts of irq_handler_entry/exit. Included by
 * trace_osnoise_hooks.c alone.
 */
#ifndef _KERNEL_TRACE_OSNOISE_VEC_H
#define _KERNEL_TRACE_OSNOISE_VEC_H

#include <linux/tracepoint-defs.h>

/**
 * struct osn_vec - a vector's tracepoints
 * @entry:	its handler's entry
 * @exit:	its handler's exit
 * @name:	the name irq_noise gives it
 */
struct osn_vec {
	struct tracepoint *entry;
	struct tracepoint *exit;
	const char *name;
};

#if defined(CONFIG_X86_LOCAL_APIC) && defined(CONFIG_SMP) && \
	defined(CONFIG_IRQ_WORK)
#include <asm/trace/irq_vectors.h>

#define OSN_VEC(n)	{ &__tracepoint_##n##_entry, &__tracepoint_##n##_exit, #n }

static const struct osn_vec osn_vecs[] = {
	OSN_VEC(local_timer),
	OSN_VEC(reschedule),
	OSN_VEC(call_function),
	OSN_VEC(call_function_single),
	OSN_VEC(irq_work),
	OSN_VEC(x86_platform_ipi),
	OSN_VEC(spurious_apic),
	OSN_VEC(error_apic),
};
#else
static const struct osn_vec osn_vecs[] = { };
#endif

#endif /* _KERNEL_TRACE_OSNOISE_VEC_H */
