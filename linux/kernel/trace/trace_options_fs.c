// SPDX-License-Identifier: GPL-2.0
/*
 * The options' files: trace_options lists them all ("name" or "noname")
 * and takes one such word per write; options/<name> reads and takes 0 or
 * 1. Each instance has both. The options of TRACE_OPTS_PER_ARRAY are its
 * own; those of TRACE_OPTS_TOP_ONLY it lists but does not change, and has
 * no options/ file of; the rest it shares with the top array.
 */
#include <linux/kernel.h>
#include <linux/seq_file.h>
#include <linux/string.h>

#include "trace.h"

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
	if (o >= TRACE_NR_OPTS)
		return -EINVAL;
	if (!trace_array_is_top(tr) && (BIT(o) & TRACE_OPTS_TOP_ONLY))
		return -EINVAL;
	tr = trace_opt_owner(tr, o);
	return trace_opts_set(tr, trace_array_opts(tr), o, on);
}

/* The value of @o that @tr's files show. */
static bool trace_array_opt(struct trace_array *tr, unsigned int o)
{
	return test_bit(o, trace_array_opts(trace_opt_owner(tr, o)));
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
		if (trace_opt_names[o])
			seq_printf(m, "%s%s\n",
				   trace_array_opt(tr, o) ? "" : "no",
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
		if (trace_opt_names[o] && !strcmp(name, trace_opt_names[o]))
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
	TRACE_FS_ATTR(NULL, 0640, TRACE_FS_ARRAY, option_show, option_store);

static int trace_options_populate(const struct trace_fs_dirs *dirs)
{
	struct dentry *d = trace_fs_mkdir("options", dirs->top);
	unsigned int o;
	int ret;

	if (!d)
		return -ENOMEM;
	for (o = 0; o < TRACE_NR_OPTS; o++) {
		if (!trace_opt_names[o] || (!trace_array_is_top(dirs->tr) &&
					    (BIT(o) & TRACE_OPTS_TOP_ONLY)))
			continue;
		ret = trace_fs_add(dirs, &trace_option_file, trace_opt_names[o],
				   o, d);
		if (ret)
			return ret;
	}
	return 0;
}

static const struct trace_fs_file trace_options_files[] = {
	TRACE_FS_ATTR("trace_options", 0640, TRACE_FS_ARRAY, trace_options_show,
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
