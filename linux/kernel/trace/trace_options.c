// SPDX-License-Identifier: GPL-2.0
/*
 * Trace options: each option's name and default. What changes when one
 * flips belongs to the subsystem that owns the behaviour, which registers
 * a hook (struct trace_opt_hook). trace_options lists them all ("name"
 * or "noname") and takes one such word per write; options/<name> reads
 * and takes 0 or 1.
 *
 * Each instance has both files. The options of TRACE_OPTS_PER_ARRAY are
 * its own; those of TRACE_OPTS_TOP_ONLY it lists but does not change,
 * and has no options/ file of; the rest it shares with the top array.
 */
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/seq_file.h>
#include <linux/string.h>

#include "trace.h"

/* The options' names in trace_options and options/. */
static const char *const trace_opt_names[TRACE_NR_OPTS] = {
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
};

/*
 * The top array's options, those above on at boot; written under
 * trace_opts_lock (as every instance's), read locklessly.
 */
unsigned long trace_opts = BIT(TRACE_OPT_PRINT_PARENT) |
	BIT(TRACE_OPT_CONTEXT_INFO) | BIT(TRACE_OPT_RECORD_CMD) |
	BIT(TRACE_OPT_OVERWRITE) | BIT(TRACE_OPT_IRQ_INFO) |
	BIT(TRACE_OPT_MARKERS) | BIT(TRACE_OPT_ANNOTATE) |
	BIT(TRACE_OPT_TRACE_PRINTK) | BIT(TRACE_OPT_FUNCTION_TRACE) |
	BIT(TRACE_OPT_FUNCGRAPH_CPU) | BIT(TRACE_OPT_FUNCGRAPH_OVERHEAD) |
	BIT(TRACE_OPT_FUNCGRAPH_DURATION) | BIT(TRACE_OPT_FUNCGRAPH_IRQS) |
	BIT(TRACE_OPT_SLEEP_TIME) | BIT(TRACE_OPT_GRAPH_TIME);
static DEFINE_MUTEX(trace_opts_lock);

/* The registered hooks; under trace_opts_lock. */
static struct trace_opt_hook *trace_opt_hooks;

/**
 * trace_opt_hook_register() - have a hook told when its options flip
 * @h:	the hook, which lives as long as the kernel
 */
void __init trace_opt_hook_register(struct trace_opt_hook *h)
{
	guard(mutex)(&trace_opts_lock);
	h->next = trace_opt_hooks;
	trace_opt_hooks = h;
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

/* The array whose value of @o @tr's files show and set. */
static struct trace_array *trace_opt_owner(struct trace_array *tr,
					   unsigned int o)
{
	return BIT(o) & TRACE_OPTS_PER_ARRAY ? tr : &trace_top;
}

/* Turn @o on or off in @tr. */
static int trace_array_opt_set(struct trace_array *tr, unsigned int o,
			       bool on)
{
	unsigned long *opts;
	int ret;

	if (o >= TRACE_NR_OPTS)
		return -EINVAL;
	if (!trace_array_is_top(tr) && (BIT(o) & TRACE_OPTS_TOP_ONLY))
		return -EINVAL;
	tr = trace_opt_owner(tr, o);
	opts = trace_array_opts(tr);
	guard(mutex)(&trace_opts_lock);
	if (test_bit(o, opts) == on)
		return 0;
	ret = trace_opt_apply(tr, o, on);
	if (!ret)
		assign_bit(o, opts, on);
	return ret;
}

/* The value of @o that @tr's files show. */
static bool trace_array_opt(struct trace_array *tr, unsigned int o)
{
	return test_bit(o, trace_array_opts(trace_opt_owner(tr, o)));
}

/**
 * trace_opt_set() - turn an option of the top array on or off
 * @o:	the option
 * @on:	its new value
 *
 * Return: 0, or the errno of a hook of the option (the value is then
 * unchanged).
 */
int trace_opt_set(unsigned int o, bool on)
{
	return trace_array_opt_set(&trace_top, o, on);
}

/**
 * trace_options_show() - print trace_options
 * @m:		where to print
 * @tr:		the trace array of the file
 * @unused:	not used
 *
 * Return: 0.
 */
static int trace_options_show(struct seq_file *m, struct trace_array *tr,
			      long unused)
{
	unsigned int o;

	for (o = 0; o < TRACE_NR_OPTS; o++)
		seq_printf(m, "%s%s\n", trace_array_opt(tr, o) ? "" : "no",
			   trace_opt_names[o]);
	return 0;
}

/**
 * trace_options_store() - take one write to trace_options
 * @tr:		the trace array of the file
 * @val:	an option name, to turn it on, or "no" and a name, to turn
 *		it off
 * @unused:	not used
 *
 * Return: 0, -EINVAL for an unknown option or, in an instance, one of
 * the top array's only; or the option's errno.
 */
int trace_options_store(struct trace_array *tr, const char *val, long unused)
{
	bool on = !str_has_prefix(val, "no");
	const char *name = on ? val : val + 2;
	unsigned int o;

	for (o = 0; o < TRACE_NR_OPTS; o++)
		if (!strcmp(name, trace_opt_names[o]))
			return trace_array_opt_set(tr, o, on);
	/* An option whose name starts with "no" is not one we have. */
	return -EINVAL;
}

static int option_show(struct seq_file *m, struct trace_array *tr, long opt)
{
	seq_printf(m, "%d\n", trace_array_opt(tr, opt));
	return 0;
}

static int option_store(struct trace_array *tr, const char *val, long opt)
{
	if (strcmp(val, "0") && strcmp(val, "1"))
		return -EINVAL;
	return trace_array_opt_set(tr, opt, *val == '1');
}

/* The entry behind every options/<name> file; the argument is the option. */
static const struct trace_fs_file trace_option_file =
	TRACE_FS_ATTR(NULL, 0644, TRACE_FS_ARRAY, option_show, option_store);

static int trace_options_populate(const struct trace_fs_dirs *dirs)
{
	struct dentry *d = trace_fs_mkdir("options", dirs->top);
	unsigned int o;
	int ret;

	if (!d)
		return -ENOMEM;
	for (o = 0; o < TRACE_NR_OPTS; o++) {
		if (!trace_array_is_top(dirs->tr) &&
		    (BIT(o) & TRACE_OPTS_TOP_ONLY))
			continue;
		ret = trace_fs_add(dirs, &trace_option_file, trace_opt_names[o],
				   o, d);
		if (ret)
			return ret;
	}
	return 0;
}

static const struct trace_fs_file trace_options_files[] = {
	TRACE_FS_ATTR("trace_options", 0644, TRACE_FS_ARRAY, trace_options_show,
		      trace_options_store),
};

static struct trace_fs_table trace_options_fs = {
	.name = "options",
	.files = trace_options_files,
	.nr = ARRAY_SIZE(trace_options_files),
	.order = TRACE_FS_ORDER_OPTIONS,
	.populate = trace_options_populate,
	.populate_arrays = true,
	.readme =
	"  trace_options        - the options; write a name, or no<name>\n"
	"  options/             - one file per option, reading 0 or 1\n",
	.examples =
	"  echo nooverwrite > trace_options  # keep the oldest when full\n",
};

TRACE_FS_REGISTER(trace_options_fs);
