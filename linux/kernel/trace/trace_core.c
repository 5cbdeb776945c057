// SPDX-License-Identifier: GPL-2.0
/*
 * The tracing core: the tracer registry, the on/off state of the buffer,
 * and the API the rest of the kernel calls (tracing_on(), ftrace_dump()
 * and the sysctls of kernel/sysctl.c).
 */
#include <linux/ftrace.h>
#include <linux/init.h>
#include <linux/kdebug.h>
#include <linux/kernel.h>
#include <linux/lockdep.h>
#include <linux/mutex.h>
#include <linux/notifier.h>
#include <linux/panic_notifier.h>
#include <linux/seq_file.h>
#include <linux/string.h>
#include <linux/sysctl.h>

#include "trace.h"

/* Serialises tracer changes; protects trace_tracers and trace_current. */
static DEFINE_MUTEX(trace_lock);
static LIST_HEAD(trace_tracers);
static struct tracer *trace_current;

/*
 * The buffer records only while the user switch (tracing_on) is on and no
 * kernel user holds it stopped with tracing_stop(): both in one word that
 * writers test locklessly (trace_buffer_enabled()), TRACE_REC_USER_OFF
 * while the switch is off plus TRACE_REC_STOP per tracing_stop(). A writer
 * that races with a switch may still record one entry.
 */
atomic_t trace_rec_blocked = ATOMIC_INIT(0);

/* Sysctls in kernel/sysctl.c. */
char ftrace_dump_on_oops[MAX_TRACER_SIZE] = "0";
int __disable_trace_on_warning;
int tracepoint_printk;

/**
 * tracing_on() - turn recording into the trace buffer on
 *
 * The kernel-side equivalent of writing 1 to tracing_on.
 */
void tracing_on(void)
{
	atomic_andnot(TRACE_REC_USER_OFF, &trace_rec_blocked);
}
EXPORT_SYMBOL_GPL(tracing_on);

/**
 * tracing_off() - turn recording into the trace buffer off
 *
 * The kernel-side equivalent of writing 0 to tracing_on. Cheap enough to
 * call from the point where a bug is detected, to freeze the trace there.
 * Readers waiting for records are woken, and their waits end.
 */
void tracing_off(void)
{
	atomic_or(TRACE_REC_USER_OFF, &trace_rec_blocked);
	trace_wake_readers(true);
}
EXPORT_SYMBOL_GPL(tracing_off);

/**
 * tracing_is_on() - whether recording is switched on
 *
 * Return: 1 when tracing_on is 1, else 0.
 */
int tracing_is_on(void)
{
	return !(atomic_read(&trace_rec_blocked) & TRACE_REC_USER_OFF);
}
EXPORT_SYMBOL_GPL(tracing_is_on);

/**
 * tracing_stop() - hold recording off, nesting
 *
 * Each call must be paired with tracing_start(). Does not change what the
 * tracing_on file reads.
 */
void tracing_stop(void)
{
	atomic_add(TRACE_REC_STOP, &trace_rec_blocked);
}

/**
 * tracing_start() - release one tracing_stop()
 */
void tracing_start(void)
{
	WARN_ON_ONCE(atomic_sub_return(TRACE_REC_STOP, &trace_rec_blocked) < 0);
}

#ifndef CONFIG_TRACER_SNAPSHOT
/**
 * tracing_snapshot() - take a snapshot of the trace buffer
 *
 * Built without CONFIG_TRACER_SNAPSHOT: this says so once and does
 * nothing.
 */
void tracing_snapshot(void)
{
	pr_info_once("tracing: snapshots are not built in\n");
}
EXPORT_SYMBOL_GPL(tracing_snapshot);

/**
 * tracing_snapshot_alloc() - allocate the snapshot buffer and take a snapshot
 *
 * Built without CONFIG_TRACER_SNAPSHOT: as tracing_snapshot().
 */
void tracing_snapshot_alloc(void)
{
	tracing_snapshot();
}
EXPORT_SYMBOL_GPL(tracing_snapshot_alloc);
#endif

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
 * trace_register_tracer() - make a tracer selectable
 * @t:	the tracer; must stay valid forever
 *
 * Return: 0, or -EEXIST when a tracer of that name exists.
 */
int trace_register_tracer(struct tracer *t)
{
	struct tracer *o;

	guard(mutex)(&trace_lock);
	list_for_each_entry(o, &trace_tracers, list)
		if (!strcmp(o->name, t->name))
			return -EEXIST;
	/* Keep nop last: clients split available_tracers on spaces. */
	list_add(&t->list, &trace_tracers);
	return 0;
}

/**
 * trace_current_tracer_name() - name of the current tracer
 *
 * Return: the name, valid forever (tracers are never unregistered).
 */
const char *trace_current_tracer_name(void)
{
	guard(mutex)(&trace_lock);
	return trace_current ? trace_current->name : "nop";
}

/**
 * trace_current_tracer() - the current tracer, without the lock
 *
 * For printers: the answer may be stale by the time it is used, but the
 * tracer it names stays valid (tracers are never unregistered).
 *
 * Return: the tracer, or NULL before the first was set.
 */
const struct tracer *trace_current_tracer(void)
{
	return READ_ONCE(trace_current);
}

/**
 * trace_tracer_lock() - keep the current tracer from changing
 *
 * Return: the current tracer, or NULL before the first was set. It stays
 * current until trace_tracer_unlock().
 */
const struct tracer *trace_tracer_lock(void)
{
	mutex_lock(&trace_lock);
	return trace_current;
}

/**
 * trace_tracer_unlock() - let the current tracer change again
 */
void trace_tracer_unlock(void)
{
	mutex_unlock(&trace_lock);
}

static struct tracer *trace_find(const char *name)
{
	struct tracer *t;

	lockdep_assert_held(&trace_lock);
	list_for_each_entry(t, &trace_tracers, list)
		if (!strcmp(t->name, name))
			return t;
	return NULL;
}

/**
 * trace_set_tracer() - make a tracer current
 * @name:	its name
 *
 * Return: 0, -EINVAL for an unknown name, or the tracer's init error (the
 * previous tracer is then left reset and nop is current).
 */
int trace_set_tracer(const char *name)
{
	struct tracer *t;
	int ret;

	guard(mutex)(&trace_lock);
	t = trace_find(name);
	if (!t)
		return -EINVAL;
	if (t == trace_current)
		return 0;
	if (trace_current && trace_current->reset)
		trace_current->reset();
	WRITE_ONCE(trace_current, trace_find("nop"));
	ret = t->init ? t->init() : 0;
	if (!ret)
		WRITE_ONCE(trace_current, t);
	return ret;
}

/**
 * trace_show_tracers() - print the available_tracers line
 * @m:	where to print
 */
void trace_show_tracers(struct seq_file *m)
{
	struct tracer *t;

	guard(mutex)(&trace_lock);
	list_for_each_entry(t, &trace_tracers, list)
		seq_printf(m, "%s%s", t->name,
			   list_is_last(&t->list, &trace_tracers) ? "\n" : " ");
}

/* The tracer that traces nothing; the buffer still takes markers. */
static struct tracer trace_nop = {
	.name = "nop",
};

/**
 * early_trace_init() - set up the buffer, early in start_kernel()
 *
 * Runs once the slab allocator works, so that trace_printk() records from
 * early boot on.
 */
void __init early_trace_init(void)
{
	if (trace_buf_init()) {
		pr_warn("tracing: cannot allocate the trace buffer\n");
		return;
	}
	trace_register_tracer(&trace_nop);
	scoped_guard(mutex, &trace_lock)
		WRITE_ONCE(trace_current, &trace_nop);
	atomic_notifier_chain_register(&panic_notifier_list, &trace_panic_nb);
	register_die_notifier(&trace_die_nb);
}

/*
 * ftrace=<tracer> starts a tracer at boot; trace_options=<opt>[,<opt>...]
 * sets options first, as trace_options takes them.
 */
static char trace_boot_tracer[MAX_TRACER_SIZE] __initdata;
static char trace_boot_options[256] __initdata;

static int __init trace_boot_tracer_setup(char *str)
{
	strscpy(trace_boot_tracer, str);
	return 1;
}
__setup("ftrace=", trace_boot_tracer_setup);

static int __init trace_boot_options_setup(char *str)
{
	strscpy(trace_boot_options, str);
	return 1;
}
__setup("trace_options=", trace_boot_options_setup);

/* Once every built-in tracer has registered (at core_initcall). */
static int __init trace_boot_start(void)
{
	char *p = trace_boot_options, *opt;
	int ret;

	while ((opt = strsep(&p, ","))) {
		if (*opt && trace_options_store(strim(opt), 0))
			pr_warn("tracing: trace_options: unknown option %s\n", opt);
	}
	if (!*trace_boot_tracer)
		return 0;
	ret = trace_set_tracer(trace_boot_tracer);
	if (ret)
		pr_warn("tracing: ftrace=%s: cannot start it (%d)\n",
			trace_boot_tracer, ret);
	else
		pr_info("tracing: tracer %s started at boot\n", trace_boot_tracer);
	return 0;
}
core_initcall_sync(trace_boot_start);

/**
 * trace_init() - second stage of boot-time set-up, in start_kernel()
 *
 * Nothing to do yet: trace events will be registered here.
 */
void __init trace_init(void)
{
}

/* tracing_thresh: 0, or the latency worth recording, in ns */
u64 trace_thresh_ns;

/**
 * trace_thresh_show() - tracing_thresh, read (microseconds)
 * @m:		the file
 * @unused:	table argument
 *
 * Return: 0.
 */
static int trace_thresh_show(struct seq_file *m, long unused)
{
	seq_printf(m, "%llu\n", div_u64(READ_ONCE(trace_thresh_ns),
					NSEC_PER_USEC));
	return 0;
}

/**
 * trace_thresh_store() - tracing_thresh, written
 * @val:	microseconds; 0 turns the threshold off
 * @unused:	table argument
 *
 * Return: 0, or -EINVAL for anything but a number that fits in
 * nanoseconds.
 */
static int trace_thresh_store(const char *val, long unused)
{
	u64 us;

	if (kstrtou64(val, 0, &us) || us > U64_MAX / NSEC_PER_USEC)
		return -EINVAL;
	WRITE_ONCE(trace_thresh_ns, us * NSEC_PER_USEC);
	return 0;
}

static int tracers_show(struct seq_file *m, long unused)
{
	trace_show_tracers(m);
	return 0;
}

static int current_tracer_show(struct seq_file *m, long unused)
{
	seq_printf(m, "%s\n", trace_current_tracer_name());
	return 0;
}

static int current_tracer_store(const char *val, long unused)
{
	return *val ? trace_set_tracer(val) : -EINVAL;
}

static int tracing_on_show(struct seq_file *m, long unused)
{
	seq_printf(m, "%d\n", tracing_is_on());
	return 0;
}

static int tracing_on_store(const char *val, long unused)
{
	unsigned long on;
	int ret = kstrtoul(val, 10, &on);

	if (ret)
		return ret;
	if (on)
		tracing_on();
	else
		tracing_off();
	return 0;
}

static const struct trace_fs_file trace_core_files[] = {
	TRACE_FS_ATTR("available_tracers", 0444, TRACE_FS_ARRAY, tracers_show,
		      NULL),
	TRACE_FS_ATTR("current_tracer", 0644, TRACE_FS_ARRAY,
		      current_tracer_show, current_tracer_store),
	TRACE_FS_ATTR("tracing_on", 0644, TRACE_FS_ARRAY, tracing_on_show,
		      tracing_on_store),
	TRACE_FS_ATTR("tracing_thresh", 0644, TRACE_FS_TOP_ONLY,
		      trace_thresh_show, trace_thresh_store),
};

static struct trace_fs_table trace_core_fs = {
	.name = "core",
	.files = trace_core_files,
	.nr = ARRAY_SIZE(trace_core_files),
	.order = TRACE_FS_ORDER_CORE,
	.readme =
	"  tracing_on           - 1 to record into the buffer, 0 to stop; the\n"
	"                         buffer keeps what it holds either way\n"
	"  available_tracers    - the tracers built into this kernel\n"
	"  current_tracer       - the tracer that feeds the buffer; write a name\n"
	"                         from available_tracers to switch\n"
	"  tracing_thresh       - 0, or the latency (us) a latency tracer keeps\n",
	.examples =
	"  echo 0 > tracing_on           # stop recording\n",
};

TRACE_FS_REGISTER(trace_core_fs);
