// SPDX-License-Identifier: GPL-2.0
/*
 * The trace buffer on the console, and the kernel's knobs around it:
 * ftrace_dump(), the dump on oops and panic (ftrace_dump_on_oops) and
 * by sysrq-z, traceoff_on_warning, and kernel.tracepoint_printk with
 * tp_printk and tp_printk_stop_on_boot; and trace_dump_boot(), which
 * early_trace_init() (trace_boot_early.c) calls to take the boot
 * parameters that act that early and hook the dump to oops and panic.
 */
#include <linux/ftrace.h>
#include <linux/init.h>
#include <linux/kdebug.h>
#include <linux/kernel.h>
#include <linux/notifier.h>
#include <linux/panic_notifier.h>
#include <linux/rcupdate.h>
#include <linux/string.h>
#include <linux/sysctl.h>

#include "trace.h"

/* Sysctls in kernel/sysctl.c. */
char ftrace_dump_on_oops[MAX_TRACER_SIZE] = "0";
int __disable_trace_on_warning;
int tracepoint_printk;

/* Dump one trace array: recording into it stops first. */
static void trace_dump_array(struct trace_array *tr, bool orig_cpu)
{
	trace_buf_set_on(trace_array_buf(tr), false);
	trace_dump_buffer(tr, orig_cpu ? raw_smp_processor_id() :
			  RING_BUFFER_ALL_CPUS);
}

/*
 * A dump mode of kernel.ftrace_dump_on_oops: 1 (every CPU), 2 or
 * orig_cpu (the oopsing CPU); @len bytes at @s. Return: 1, 2, or 0 for
 * neither.
 */
static int trace_dump_mode(const char *s, size_t len)
{
	if (len == 1 && (*s == '1' || *s == '2'))
		return *s - '0';
	if (len == 8 && !strncmp(s, "orig_cpu", 8))
		return 2;
	return 0;
}

/*
 * Dump as kernel.ftrace_dump_on_oops says: terms separated by commas;
 * the first may be a mode of the top buffer (0, 1, 2 or orig_cpu), the
 * others name instances, each with "=MODE" or dumped from every CPU. An
 * instance that does not exist is skipped.
 */
static void trace_dump_by_param(void)
{
	char spec[MAX_TRACER_SIZE];
	struct trace_array *tr;
	char *p = spec, *term, *eq;
	int mode;

	/* A copy: a write of the sysctl may race with the oops. */
	strscpy(spec, ftrace_dump_on_oops);
	term = strsep(&p, ",");
	mode = trace_dump_mode(term, strlen(term));
	if (mode)
		trace_dump_array(&trace_top, mode == 2);
	else if (!strcmp(term, "0"))
		mode = 1;
	/* A first term that is no mode names an instance. */
	for (term = mode ? strsep(&p, ",") : term; term; term = strsep(&p, ",")) {
		eq = strchr(term, '=');
		mode = eq ? trace_dump_mode(eq + 1, strlen(eq + 1)) : 1;
		if (!mode || term == eq)
			continue;
		rcu_read_lock();
		tr = trace_array_find_rcu(term, eq ? eq - term : strlen(term));
		if (tr)
			trace_dump_array(tr, mode == 2);
		rcu_read_unlock();
	}
}

/**
 * ftrace_dump() - print the trace buffer to the console
 * @mode:	DUMP_ALL: every CPU, merged in time order; DUMP_ORIG: the
 *		calling CPU only; DUMP_PARAM: the buffers and CPUs that
 *		kernel.ftrace_dump_on_oops names; DUMP_NONE: nothing
 *
 * Called on oops and panic, and by sysrq-z; recording into a buffer is
 * stopped before it is dumped, so that the dump shows the events leading
 * up to the failure.
 */
void ftrace_dump(enum ftrace_dump_mode mode)
{
	switch (mode) {
	case DUMP_ALL:
	case DUMP_ORIG:
		trace_dump_array(&trace_top, mode == DUMP_ORIG);
		break;
	case DUMP_PARAM:
		trace_dump_by_param();
		break;
	default:
		break;
	}
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

/*
 * ftrace_dump_on_oops[=MODE|=INSTANCE[=MODE]][,INSTANCE[=MODE]...] on the
 * command line: the sysctl's value. The bare word means 1, and so does
 * its missing first term before a comma.
 */
static int __init trace_dump_on_oops_setup(char *str)
{
	if (!*str)
		strscpy(ftrace_dump_on_oops, "1");
	else if (*str == '=')
		strscpy(ftrace_dump_on_oops, str + 1);
	else if (*str == ',')
		snprintf(ftrace_dump_on_oops, MAX_TRACER_SIZE, "1%s", str);
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
		ftrace_dump(DUMP_PARAM);
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

/* tp_printk on the command line: events go to the console too. */
static bool trace_tp_printk_boot;
/* tp_printk_stop_on_boot: until late_initcall_sync only. */
static bool trace_tp_printk_stop __initdata;

static int __init trace_tp_printk_setup(char *str)
{
	if (*str)
		return 0;
	trace_tp_printk_boot = true;
	tracepoint_printk = 1;
	return 1;
}
__setup("tp_printk", trace_tp_printk_setup);

static int __init trace_tp_printk_stop_setup(char *str)
{
	if (*str)
		return 0;
	trace_tp_printk_stop = true;
	return 1;
}
__setup("tp_printk_stop_on_boot", trace_tp_printk_stop_setup);

static int __init trace_tp_printk_stop_boot(void)
{
	if (trace_tp_printk_stop)
		WRITE_ONCE(tracepoint_printk, 0);
	return 0;
}
late_initcall_sync(trace_tp_printk_stop_boot);

/**
 * tracepoint_printk_sysctl() - handler of kernel.tracepoint_printk
 * @table:	the sysctl entry
 * @write:	whether this is a write
 * @buffer:	user data
 * @lenp:	its length
 * @ppos:	file position
 *
 * Non-zero prints trace events to the console as they are recorded, if
 * the kernel booted with tp_printk; without it the value stays 0.
 *
 * Return: as proc_dointvec().
 */
int tracepoint_printk_sysctl(const struct ctl_table *table, int write,
			     void *buffer, size_t *lenp, loff_t *ppos)
{
	int ret = proc_dointvec(table, write, buffer, lenp, ppos);

	if (write && !trace_tp_printk_boot)
		WRITE_ONCE(tracepoint_printk, 0);
	return ret;
}

/* trace_clock=NAME on the command line: the clock from boot on. */
static char trace_clock_boot_name[16] __initdata;

static int __init trace_clock_boot_setup(char *str)
{
	strscpy(trace_clock_boot_name, str);
	return 1;
}
__setup("trace_clock=", trace_clock_boot_setup);

/*
 * Switch to the clock of trace_clock=, once the buffer is there: what it
 * holds is dropped, as a switch through the trace_clock file drops it.
 * An unknown name is reported and ignored.
 */
static void __init trace_clock_boot(void)
{
	int ret;

	if (!trace_clock_boot_name[0])
		return;
	ret = trace_clock_select(trace_clock_boot_name);
	if (ret < 0)
		pr_warn("tracing: trace_clock=%s: no such clock, ignored\n",
			trace_clock_boot_name);
	else if (ret)
		trace_buf_reset(&trace_top_buf, RING_BUFFER_ALL_CPUS);
}

/**
 * trace_dump_boot() - the dump and the early parameters, in start_kernel()
 *
 * Called by early_trace_init(), once the core is up: from here on an
 * oops or panic can dump the buffer; trace_clock=, alloc_snapshot and
 * tp_printk take effect.
 */
void __init trace_dump_boot(void)
{
	if (trace_iter_dump_init())
		pr_warn("tracing: no memory to dump the buffer on oops\n");
	trace_clock_boot();
	if (IS_ENABLED(CONFIG_TRACER_SNAPSHOT))
		trace_snapshot_boot_alloc();
	if (IS_ENABLED(CONFIG_EVENT_TRACING) && trace_tp_printk_boot)
		trace_ev_tp_printk_init();
	atomic_notifier_chain_register(&panic_notifier_list, &trace_panic_nb);
	register_die_notifier(&trace_die_nb);
}
