// SPDX-License-Identifier: GPL-2.0
/*
 * The tracing core: the tracer registry, current_tracer and
 * tracing_thresh, and the boot-time set-up of the buffer and tracer
 * (trace_core_init(), ftrace=, trace_options=).
 */
#include <linux/ftrace.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/lockdep.h>
#include <linux/mutex.h>
#include <linux/seq_file.h>
#include <linux/string.h>

#include "trace.h"

/* Serialises tracer changes; protects trace_tracers and trace_current. */
static DEFINE_MUTEX(trace_lock);
static LIST_HEAD(trace_tracers);
static struct tracer *trace_current;

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

/**
 * ftrace_boot_snapshot() - the snapshot of ftrace_boot_snapshot at the end
 * of boot
 *
 * Built without CONFIG_TRACER_SNAPSHOT: nothing to do.
 */
void __init ftrace_boot_snapshot(void)
{
}
#endif

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
 * trace_core_init() - the buffer, and nop as the current tracer
 *
 * Called by early_trace_init() (trace_dump.c).
 *
 * Return: 0, or -ENOMEM when the buffer cannot be allocated.
 */
int __init trace_core_init(void)
{
	if (trace_buf_init()) {
		pr_warn("tracing: cannot allocate the trace buffer\n");
		return -ENOMEM;
	}
	trace_register_tracer(&trace_nop);
	scoped_guard(mutex, &trace_lock)
		WRITE_ONCE(trace_current, &trace_nop);
	trace_array_boot_init();
	return 0;
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

/* Start the ftrace= tracer, once. */
static void __init trace_boot_start_tracer(void)
{
	int ret;

	if (!*trace_boot_tracer)
		return;
	ret = trace_set_tracer(trace_boot_tracer);
	if (ret)
		pr_warn("tracing: ftrace=%s: cannot start it (%d)\n",
			trace_boot_tracer, ret);
	else
		pr_info("tracing: tracer %s started at boot\n", trace_boot_tracer);
	trace_boot_tracer[0] = '\0';
}

/* Apply trace_options=, once. */
static void __init trace_boot_apply_options(void)
{
	char *p = trace_boot_options, *opt;

	while ((opt = strsep(&p, ","))) {
		if (*opt && trace_options_store(&trace_top, strim(opt), 0))
			pr_warn("tracing: trace_options: unknown option %s\n", opt);
	}
	trace_boot_options[0] = '\0';
}

/**
 * trace_boot_start_early() - start ftrace= from early_trace_init()
 *
 * When the tracer it names is registered by then (the function tracer),
 * it starts here, with trace_options= first (nooverwrite keeps the
 * first records), before the scheduler and the initcalls, as upstream's;
 * an option's hook that registers later is told then. Any other tracer
 * starts once every built-in tracer has registered.
 */
void __init trace_boot_start_early(void)
{
	bool known;

	if (!*trace_boot_tracer)
		return;
	scoped_guard(mutex, &trace_lock)
		known = trace_find(trace_boot_tracer);
	if (!known)
		return;
	trace_boot_apply_options();
	trace_boot_start_tracer();
}

/* Once every built-in tracer has registered (at core_initcall). */
static int __init trace_boot_start(void)
{
	trace_boot_apply_options();
	trace_boot_start_tracer();
	return 0;
}
core_initcall_sync(trace_boot_start);

/* tracing_thresh: 0, or the latency worth recording, in ns */
u64 trace_thresh_ns;

/*
 * tracing_thresh, read and written in microseconds; 0 turns the threshold
 * off. Anything but a number that fits in nanoseconds is -EINVAL.
 */
static int trace_thresh_show(struct seq_file *m, struct trace_array *tr,
			     long unused)
{
	seq_printf(m, "%llu\n", div_u64(READ_ONCE(trace_thresh_ns),
					NSEC_PER_USEC));
	return 0;
}

static int trace_thresh_store(struct trace_array *tr, const char *val,
			      long unused)
{
	u64 us;

	if (kstrtou64(val, 0, &us) || us > U64_MAX / NSEC_PER_USEC)
		return -EINVAL;
	WRITE_ONCE(trace_thresh_ns, us * NSEC_PER_USEC);
	return 0;
}

/* An instance's current tracer, in its slot: NULL for nop. */
static struct tracer **trace_array_cur(struct trace_array *tr)
{
	return (struct tracer **)trace_array_slot(tr, TRACE_ARRAY_TRACER);
}

/**
 * trace_array_tracer() - the current tracer of a trace array
 * @tr:		the array
 *
 * Return: the tracer, or NULL for nop in an instance.
 */
const struct tracer *trace_array_tracer(struct trace_array *tr)
{
	if (trace_array_is_top(tr))
		return trace_current_tracer();
	return READ_ONCE(*trace_array_cur(tr));
}

/**
 * trace_ev_tracer() - the current tracer of a record's trace array
 * @ev:		the record
 *
 * Return: the tracer, or NULL for nop (or before the first was set).
 */
const struct tracer *trace_ev_tracer(const struct trace_ev *ev)
{
	return ev->tr ? trace_array_tracer(ev->tr) : trace_current_tracer();
}

/* Make @t (NULL: nop) the current tracer of instance @tr. */
static int trace_array_switch(struct trace_array *tr, struct tracer *t)
{
	struct tracer **cur = trace_array_cur(tr);
	int ret = 0;

	lockdep_assert_held(&trace_lock);
	if (t == *cur)
		return 0;
	/* Before the old one stops: a failure changes nothing. */
	if (t) {
		ret = trace_buf_expand(trace_array_buf(tr));
		if (ret)
			return ret;
	}
	if (*cur)
		(*cur)->reset_array(tr);
	WRITE_ONCE(*cur, NULL);
	if (t)
		ret = t->init_array(tr);
	if (!ret)
		WRITE_ONCE(*cur, t);
	return ret;
}

/* An instance goes: its tracer stops before the layers under it go. */
static void trace_core_array_remove(struct trace_array *tr)
{
	guard(mutex)(&trace_lock);
	trace_array_switch(tr, NULL);
}

static struct trace_array_client trace_core_client = {
	.remove = trace_core_array_remove,
	.order = TRACE_ARRAY_ORDER_TRACER,
};

TRACE_REGISTER(trace_array_client_register, trace_core_client);

static int tracers_show(struct seq_file *m, struct trace_array *tr,
			long unused)
{
	struct tracer *t;

	if (trace_array_is_top(tr)) {
		trace_show_tracers(m);
		return 0;
	}
	/* An instance runs those with array hooks, and nop (listed last). */
	guard(mutex)(&trace_lock);
	list_for_each_entry(t, &trace_tracers, list)
		if (t->init_array)
			seq_printf(m, "%s ", t->name);
	seq_puts(m, "nop\n");
	return 0;
}

static int current_tracer_show(struct seq_file *m, struct trace_array *tr,
			       long unused)
{
	const struct tracer *t = trace_array_tracer(tr);

	seq_printf(m, "%s\n", t ? t->name : "nop");
	return 0;
}

static int current_tracer_store(struct trace_array *tr, const char *val,
				long unused)
{
	struct tracer *t;

	if (!*val)
		return -EINVAL;
	if (trace_array_is_top(tr))
		return trace_set_tracer(val);
	guard(mutex)(&trace_lock);
	t = trace_find(val);
	if (!t)
		return -EINVAL;
	if (t == &trace_nop)
		t = NULL;
	else if (!t->init_array)
		return -EINVAL;
	return trace_array_switch(tr, t);
}

static const struct trace_fs_file trace_core_files[] = {
	TRACE_FS_ATTR("available_tracers", 0440, TRACE_FS_ARRAY, tracers_show,
		      NULL),
	TRACE_FS_ATTR("current_tracer", 0640, TRACE_FS_ARRAY,
		      current_tracer_show, current_tracer_store),
	TRACE_FS_ATTR("tracing_thresh", 0640, TRACE_FS_TOP_ONLY,
		      trace_thresh_show, trace_thresh_store),
};

static struct trace_fs_table trace_core_fs = {
	.name = "core",
	.files = trace_core_files,
	.nr = ARRAY_SIZE(trace_core_files),
	.order = TRACE_FS_ORDER_CORE,
	.readme =
	"  available_tracers    - the tracers built into this kernel\n"
	"  current_tracer       - the tracer that feeds the buffer; write a name\n"
	"                         from available_tracers to switch\n"
	"  tracing_thresh       - 0, or the latency (us) a latency tracer keeps\n",
};

TRACE_FS_REGISTER(trace_core_fs);
