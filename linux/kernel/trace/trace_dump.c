// SPDX-License-Identifier: GPL-2.0
/*
 * The trace buffer on the console, and the kernel's knobs around it:
 * ftrace_dump(), the dump on oops and panic (ftrace_dump_on_oops),
 * traceoff_on_warning, and kernel.tracepoint_printk; and
 * early_trace_init(), which sets the core up and hooks the dump to oops
 * and panic.
 */
#include <linux/ftrace.h>
#include <linux/init.h>
#include <linux/kdebug.h>
#include <linux/kernel.h>
#include <linux/notifier.h>
#include <linux/panic_notifier.h>
#include <linux/string.h>
#include <linux/sysctl.h>

#include "trace.h"

/* Sysctls in kernel/sysctl.c. */
char ftrace_dump_on_oops[MAX_TRACER_SIZE] = "0";
int __disable_trace_on_warning;
int tracepoint_printk;

/**
 * ftrace_dump() - print the trace buffer to the console
 * @mode:	DUMP_ALL: every CPU, merged in time order; DUMP_ORIG: the
 *		calling CPU only; DUMP_NONE: nothing
 *
 * Called on oops and panic; recording is stopped first so that the dump
 * shows the events leading up to the failure.
 */
void ftrace_dump(enum ftrace_dump_mode mode)
{
	if (mode == DUMP_NONE)
		return;
	tracing_off();
	trace_dump_buffer(mode == DUMP_ORIG ? raw_smp_processor_id() :
			  RING_BUFFER_ALL_CPUS);
}
EXPORT_SYMBOL_GPL(ftrace_dump);

/**
 * ftrace_dump_on_oops_enabled() - whether the kernel.ftrace_dump_on_oops
 * sysctl asks for a dump
 *
 * Return: non-zero unless the sysctl is empty or "0".
 */
int ftrace_dump_on_oops_enabled(void)
{
	return ftrace_dump_on_oops[0] && strcmp(ftrace_dump_on_oops, "0");
}

/* ftrace_dump_on_oops[=orig_cpu] on the command line: dump on oops. */
static int __init trace_dump_on_oops_setup(char *str)
{
	if (!*str || !strcmp(str, "1"))
		strscpy(ftrace_dump_on_oops, "1");
	else if (*str == '=' && !strcmp(str + 1, "orig_cpu"))
		strscpy(ftrace_dump_on_oops, "2");
	else if (*str == '=')
		strscpy(ftrace_dump_on_oops, str + 1);
	else
		return 0;
	return 1;
}
__setup("ftrace_dump_on_oops", trace_dump_on_oops_setup);

/* traceoff_on_warning on the command line: stop tracing at a WARN(). */
static int __init trace_off_on_warning_setup(char *str)
{
	if (*str && strcmp(str, "=1") && strcmp(str, "=0"))
		return 0;
	__disable_trace_on_warning = strcmp(str, "=0") != 0;
	return 1;
}
__setup("traceoff_on_warning", trace_off_on_warning_setup);

/* Dump the buffer on oops or panic when kernel.ftrace_dump_on_oops asks. */
static int trace_dump_notify(struct notifier_block *nb, unsigned long event,
			     void *unused)
{
	if (ftrace_dump_on_oops_enabled())
		ftrace_dump(strcmp(ftrace_dump_on_oops, "2") ? DUMP_ALL : DUMP_ORIG);
	return NOTIFY_DONE;
}

static int trace_die_notify(struct notifier_block *nb, unsigned long event,
			    void *data)
{
	return event == DIE_OOPS ? trace_dump_notify(nb, event, data) : NOTIFY_DONE;
}

static struct notifier_block trace_panic_nb = {
	.notifier_call = trace_dump_notify,
	.priority = 150,
};

static struct notifier_block trace_die_nb = {
	.notifier_call = trace_die_notify,
	.priority = 200,
};

/**
 * disable_trace_on_warning() - stop tracing at a WARN() if the
 * kernel.traceoff_on_warning sysctl is set
 */
void disable_trace_on_warning(void)
{
	if (READ_ONCE(__disable_trace_on_warning))
		tracing_off();
}

/**
 * tracepoint_printk_sysctl() - handler of kernel.tracepoint_printk
 * @table:	the sysctl entry
 * @write:	whether this is a write
 * @buffer:	user data
 * @lenp:	its length
 * @ppos:	file position
 *
 * Trace events are not printed to the console yet; the value is kept.
 *
 * Return: as proc_dointvec().
 */
int tracepoint_printk_sysctl(const struct ctl_table *table, int write,
			     void *buffer, size_t *lenp, loff_t *ppos)
{
	return proc_dointvec(table, write, buffer, lenp, ppos);
}

/**
 * early_trace_init() - set up tracing, early in start_kernel()
 *
 * Runs once the slab allocator works, so that trace_printk() records from
 * early boot on, and an oops or panic from then on can dump them. Here,
 * at the top of the core, as it sets up the layers below.
 */
void __init early_trace_init(void)
{
	if (trace_core_init())
		return;
	atomic_notifier_chain_register(&panic_notifier_list, &trace_panic_nb);
	register_die_notifier(&trace_die_nb);
}
