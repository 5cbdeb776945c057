// SPDX-License-Identifier: GPL-2.0
/*
 * Tracing's two calls from start_kernel(), on top of every layer they set
 * up: early_trace_init(), once the slab allocator works, and trace_init(),
 * before the initcalls. Nothing in kernel/trace calls into this file.
 */
#include <linux/ftrace.h>
#include <linux/init.h>

#include "trace.h"

/**
 * early_trace_init() - set up tracing, early in start_kernel()
 *
 * Runs once the slab allocator works, so that trace_printk() records from
 * early boot on, and an oops or panic from then on can dump them: the
 * core (buffer, nop), the function tracer, the dump and the parameters
 * that act this early, then ftrace=function if the command line asks
 * for it, before the scheduler is set up.
 */
void __init early_trace_init(void)
{
	if (trace_core_init())
		return;
	trace_fn_register_early();
	trace_dump_boot();
	trace_boot_start_early();
}

/**
 * trace_init() - second stage of boot-time set-up, in start_kernel()
 *
 * Before the initcalls: the events of vmlinux are registered, and those
 * of trace_event= start (trace_ev_boot.c).
 */
void __init trace_init(void)
{
	if (IS_ENABLED(CONFIG_EVENT_TRACING))
		trace_ev_boot_init();
}
