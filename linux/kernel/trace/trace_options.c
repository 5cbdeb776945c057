// SPDX-License-Identifier: GPL-2.0
/*
 * Trace options: each option's name and default, and their changes. What
 * changes when one flips belongs to the subsystem that owns the
 * behaviour, which registers a hook (struct trace_opt_hook). The files
 * are trace_options_fs.c's.
 */
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/seq_file.h>
#include <linux/string.h>

#include "trace.h"

/* The blk tracer's options exist with it only. */
#define TRACE_BLK_OPT_NAME(name) \
	(IS_ENABLED(CONFIG_BLK_DEV_IO_TRACE) ? (name) : NULL)

/*
 * The options' names in trace_options and options/; NULL for those of a
 * tracer built out.
 */
const char *const trace_opt_names[TRACE_NR_OPTS] = {
	[TRACE_OPT_PRINT_PARENT]	= "print-parent",
	[TRACE_OPT_SYM_OFFSET]		= "sym-offset",
	[TRACE_OPT_SYM_ADDR]		= "sym-addr",
	[TRACE_OPT_VERBOSE]		= "verbose",
	[TRACE_OPT_RAW]			= "raw",
	[TRACE_OPT_HEX]			= "hex",
	[TRACE_OPT_BIN]			= "bin",
	[TRACE_OPT_BLOCK]		= "block",
	[TRACE_OPT_CONTEXT_INFO]	= "context-info",
	[TRACE_OPT_LATENCY_FORMAT]	= "latency-format",
	[TRACE_OPT_RECORD_CMD]		= "record-cmd",
	[TRACE_OPT_RECORD_TGID]		= "record-tgid",
	[TRACE_OPT_OVERWRITE]		= "overwrite",
	[TRACE_OPT_DISABLE_ON_FREE]	= "disable_on_free",
	[TRACE_OPT_IRQ_INFO]		= "irq-info",
	[TRACE_OPT_MARKERS]		= "markers",
	[TRACE_OPT_ANNOTATE]		= "annotate",
	[TRACE_OPT_PAUSE_ON_TRACE]	= "pause-on-trace",
	[TRACE_OPT_PRINTK_MSG_ONLY]	= "printk-msg-only",
	[TRACE_OPT_TRACE_PRINTK]	= "trace_printk",
	[TRACE_OPT_TRACE_PRINTK_DEST]	= "trace_printk_dest",
	[TRACE_OPT_FUNCTION_TRACE]	= "function-trace",
	[TRACE_OPT_FUNCTION_FORK]	= "function-fork",
	[TRACE_OPT_FUNC_STACK_TRACE]	= "func_stack_trace",
	[TRACE_OPT_FUNCGRAPH_OVERRUN]	= "funcgraph-overrun",
	[TRACE_OPT_FUNCGRAPH_CPU]	= "funcgraph-cpu",
	[TRACE_OPT_FUNCGRAPH_OVERHEAD]	= "funcgraph-overhead",
	[TRACE_OPT_FUNCGRAPH_PROC]	= "funcgraph-proc",
	[TRACE_OPT_FUNCGRAPH_DURATION]	= "funcgraph-duration",
	[TRACE_OPT_FUNCGRAPH_ABSTIME]	= "funcgraph-abstime",
	[TRACE_OPT_FUNCGRAPH_IRQS]	= "funcgraph-irqs",
	[TRACE_OPT_FUNCGRAPH_TAIL]	= "funcgraph-tail",
	[TRACE_OPT_FUNCGRAPH_RETVAL]	= "funcgraph-retval",
	[TRACE_OPT_FUNCGRAPH_RETVAL_HEX] = "funcgraph-retval-hex",
	[TRACE_OPT_STACKTRACE]		= "stacktrace",
	[TRACE_OPT_EVENT_FORK]		= "event-fork",
	[TRACE_OPT_SLEEP_TIME]		= "sleep-time",
	[TRACE_OPT_GRAPH_TIME]		= "graph-time",
	[TRACE_OPT_DISPLAY_GRAPH]	= "display-graph",
	[TRACE_OPT_BLK_CLASSIC]		= TRACE_BLK_OPT_NAME("blk_classic"),
	[TRACE_OPT_BLK_CGROUP]		= TRACE_BLK_OPT_NAME("blk_cgroup"),
	[TRACE_OPT_BLK_CGNAME]		= TRACE_BLK_OPT_NAME("blk_cgname"),
};

/* The options above on at boot. */
#define TRACE_OPTS_BOOT (BIT(TRACE_OPT_PRINT_PARENT) |			\
	BIT(TRACE_OPT_CONTEXT_INFO) | BIT(TRACE_OPT_RECORD_CMD) |	\
	BIT(TRACE_OPT_OVERWRITE) | BIT(TRACE_OPT_IRQ_INFO) |		\
	BIT(TRACE_OPT_MARKERS) | BIT(TRACE_OPT_ANNOTATE) |		\
	BIT(TRACE_OPT_TRACE_PRINTK) | BIT(TRACE_OPT_TRACE_PRINTK_DEST) |	\
	BIT(TRACE_OPT_FUNCTION_TRACE) |					\
	BIT(TRACE_OPT_FUNCGRAPH_CPU) | BIT(TRACE_OPT_FUNCGRAPH_OVERHEAD) |	\
	BIT(TRACE_OPT_FUNCGRAPH_DURATION) | BIT(TRACE_OPT_FUNCGRAPH_IRQS) |	\
	BIT(TRACE_OPT_SLEEP_TIME) | BIT(TRACE_OPT_GRAPH_TIME))

/*
 * The top array's options; written under trace_opts_lock (as every
 * instance's), read locklessly.
 */
unsigned long trace_opts = TRACE_OPTS_BOOT;
static DEFINE_MUTEX(trace_opts_lock);

/* The registered hooks; under trace_opts_lock. */
static struct trace_opt_hook *trace_opt_hooks;

/* The top array, for the hooks that come after its options changed. */
static struct trace_array *trace_opts_top __initdata;

/**
 * trace_opts_boot_top() - name the top array, before its options change
 * @tr:	the top array
 *
 * From early_trace_init() (trace_core_init()): trace_options= may be
 * applied there, before the hooks register at core_initcall.
 */
void __init trace_opts_boot_top(struct trace_array *tr)
{
	trace_opts_top = tr;
}

/**
 * trace_opt_hook_register() - have a hook told when its options flip
 * @h:	the hook, which lives as long as the kernel
 *
 * An option of the hook that the top array no longer has at its boot
 * value (trace_options= applied from early_trace_init()) is told to it
 * now; one it refuses goes back to that value, with a warning.
 */
void __init trace_opt_hook_register(struct trace_opt_hook *h)
{
	struct trace_opt_hook *told;
	unsigned long late;
	unsigned int o;
	bool on;

	guard(mutex)(&trace_opts_lock);
	h->next = trace_opt_hooks;
	trace_opt_hooks = h;
	if (!trace_opts_top)
		return;
	late = (trace_opts ^ TRACE_OPTS_BOOT) & h->opts;
	for_each_set_bit(o, &late, TRACE_NR_OPTS) {
		on = test_bit(o, &trace_opts);
		if (!h->apply(trace_opts_top, o, on))
			continue;
		pr_warn("tracing: trace_options=%s%s: refused, ignored\n",
			on ? "" : "no", trace_opt_names[o]);
		/* The hooks registered before were told: they go back too. */
		for (told = h->next; told; told = told->next)
			if (told->opts & BIT(o))
				told->apply(trace_opts_top, o, !on);
		assign_bit(o, &trace_opts, !on);
	}
}

/*
 * Tell the hooks of @o that it becomes @on in @tr; if one refuses, those
 * told already are told it stays as it was.
 */
static int trace_opt_apply(struct trace_array *tr, unsigned int o, bool on)
{
	struct trace_opt_hook *h, *done;
	int ret;

	lockdep_assert_held(&trace_opts_lock);
	for (h = trace_opt_hooks; h; h = h->next) {
		if (!(h->opts & BIT(o)))
			continue;
		ret = h->apply(tr, o, on);
		if (!ret)
			continue;
		for (done = trace_opt_hooks; done != h; done = done->next)
			if (done->opts & BIT(o))
				done->apply(tr, o, !on);
		return ret;
	}
	return 0;
}

/**
 * trace_opts_set() - turn an option of a trace array on or off
 * @tr:		the array, for the hooks
 * @opts:	its options (trace_opts for the top array)
 * @o:		the option
 * @on:		its new value
 *
 * Return: 0, or the errno of a hook of the option (the value is then
 * unchanged).
 */
int trace_opts_set(struct trace_array *tr, unsigned long *opts,
		   unsigned int o, bool on)
{
	int ret;

	guard(mutex)(&trace_opts_lock);
	if (test_bit(o, opts) == on)
		return 0;
	ret = trace_opt_apply(tr, o, on);
	if (!ret)
		assign_bit(o, opts, on);
	return ret;
}
