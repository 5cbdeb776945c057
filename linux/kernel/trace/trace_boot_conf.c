// SPDX-License-Identifier: GPL-2.0
/*
 * Boot-time tracing: the "ftrace" tree of the boot config, and the
 * tracing keys of its "kernel" tree, set up before the first device
 * initcall runs. See Documentation/trace/boottime-trace.rst.
 *
 * Every key goes through the entry point of the tracefs file that does
 * the same (trace_options, set_event, dynamic_events, an event's
 * filter and trigger, ...), so that it is checked as a write of that
 * file is. A key this file does not know, or a value refused, is named
 * on the console and skipped; the rest of the setup stands.
 *
 * The dynamic events of every instance are made first, in the order of
 * the file, so that any hist trigger may name a synthetic event defined
 * later in the file or under another instance.
 */
#include <linux/bootconfig.h>
#include <linux/ctype.h>
#include <linux/ftrace.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/seq_buf.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/trace.h>

#include "fentry.h"
#include "trace.h"
#include "trace_dynev.h"
#include "trace_ev_core.h"

/* The longest trigger or dynamic event a key composes. */
#define BC_LINE_MAX	PAGE_SIZE

/* Name @node's full key and why it was skipped. */
static void __init bc_skip(struct xbc_node *node, const char *val, int err)
{
	char key[XBC_KEYLEN_MAX];

	if (xbc_node_compose_key(node, key, sizeof(key)) < 0)
		strscpy(key, xbc_node_get_data(node));
	if (err == -ENOKEY)
		pr_err("tracing: bootconfig: %s: unknown key, skipped\n", key);
	else
		pr_err("tracing: bootconfig: %s = \"%s\": %pe, skipped\n", key,
		       val, ERR_PTR(err));
}

/* The first value of key @k, or NULL when it has none. */
static struct xbc_node * __init bc_first(struct xbc_node *k)
{
	struct xbc_node *v = k ? xbc_node_get_child(k) : NULL;

	return v && xbc_node_is_value(v) ? v : NULL;
}

/* The (first) value of key @k; "" for a key without value. */
static const char * __init bc_val(struct xbc_node *k)
{
	struct xbc_node *v = bc_first(k);

	return v ? xbc_node_get_data(v) : "";
}

/* The value after @v of an array; NULL after the last. */
static struct xbc_node * __init bc_next(struct xbc_node *v)
{
	return xbc_node_get_child(v);
}

/* Is @name one of the NULL-ended @names? */
static bool __init bc_known(const char *name, const char *const *names)
{
	for (; *names; names++)
		if (!strcmp(name, *names))
			return true;
	return false;
}

/* Report every subkey of @node that @names does not list. */
static void __init bc_check(struct xbc_node *node, const char *const *names)
{
	struct xbc_node *k;

	xbc_node_for_each_subkey(node, k)
		if (!bc_known(xbc_node_get_data(k), names))
			bc_skip(k, NULL, -ENOKEY);
}

/* Is @name a number: the index of one of several hists or handlers? */
static bool __init bc_is_index(const char *name)
{
	return *name && strspn(name, "0123456789") == strlen(name);
}

/* Attribute file @file of @tr gets each value of key @k, in turn. */
static void __init bc_attr(struct trace_array *tr, struct xbc_node *k,
			   const char *file)
{
	struct xbc_node *v;
	int ret;

	for (v = bc_first(k); v; v = bc_next(v)) {
		ret = trace_fs_attr_store(tr, file, xbc_node_get_data(v));
		if (ret)
			bc_skip(k, xbc_node_get_data(v), ret);
	}
}

/* A function set of @tr (enum fentry_listing) gets each value of @k. */
static void __init bc_fn_set(struct trace_array *tr, struct xbc_node *k,
			     long kind)
{
	struct xbc_node *v;
	int ret;

	for (v = bc_first(k); v; v = bc_next(v)) {
		ret = -ENODEV;
		if (IS_ENABLED(CONFIG_DYNAMIC_FTRACE))
			ret = fentry_filter_edit(tr, kind, xbc_node_get_data(v));
		if (ret)
			bc_skip(k, xbc_node_get_data(v), ret);
	}
}

/* buffer_size = SIZE[KB|MB], or a number of bytes. */
static void __init bc_buffer_size(struct trace_array *tr, struct xbc_node *k)
{
	const char *val = bc_val(k);
	unsigned long long size;
	char kb[24], *end;
	int ret = -EINVAL;

	size = memparse(val, &end);
	if (end != val && (!*end || !strcmp(end, "B"))) {
		snprintf(kb, sizeof(kb), "%llu", size >> 10);
		ret = trace_fs_attr_store(tr, "buffer_size_kb", kb);
	}
	if (ret)
		bc_skip(k, val, ret);
}

/* A dynamic_events line of a kprobe or synthetic event's key @k. */
static void __init bc_dynev(struct xbc_node *k, const char *line)
{
	int ret = -ENODEV;

	if (IS_ENABLED(CONFIG_DYNAMIC_EVENTS))
		ret = dynev_command(line);
	if (ret)
		bc_skip(k, line, ret);
}

/*
 * event.kprobes.EVENT.probes (each probe a "p" line of the event) and
 * event.synthetic.EVENT.fields (one "s" line) of one event node @ev.
 */
static void __init bc_define(struct xbc_node *ev, const char *group,
			     struct seq_buf *s)
{
	const char *name = xbc_node_get_data(ev);
	struct xbc_node *k, *v;
	const char *sep = " ";

	if (!strcmp(group, "kprobes")) {
		k = xbc_node_find_subkey(ev, "probes");
		for (v = bc_first(k); v; v = bc_next(v)) {
			seq_buf_clear(s);
			seq_buf_printf(s, "p:kprobes/%s %s", name,
				       xbc_node_get_data(v));
			bc_dynev(k, seq_buf_str(s));
		}
	} else if (!strcmp(group, "synthetic")) {
		k = xbc_node_find_subkey(ev, "fields");
		if (!k)
			return;
		seq_buf_clear(s);
		seq_buf_printf(s, "s:synthetic/%s", name);
		for (v = bc_first(k); v; v = bc_next(v)) {
			seq_buf_printf(s, "%s%s", sep, xbc_node_get_data(v));
			sep = "; ";
		}
		bc_dynev(k, seq_buf_str(s));
	}
}

/* The definitions of the event tree of one array, @root's "event". */
static void __init bc_define_all(struct xbc_node *root, struct seq_buf *s)
{
	struct xbc_node *evs = xbc_node_find_subkey(root, "event");
	struct xbc_node *grp, *ev;

	if (!evs)
		return;
	xbc_node_for_each_subkey(evs, grp)
		xbc_node_for_each_subkey(grp, ev)
			bc_define(ev, xbc_node_get_data(grp), s);
}

/* An event file of @tr gets @val; a refusal is reported on key @k. */
static void __init bc_ev_file(struct trace_array *tr, struct xbc_node *k,
			      const char *sys, const char *event,
			      const char *file, const char *val)
{
	int ret = trace_ev_file_store(tr, sys, event, file, val);

	if (ret)
		bc_skip(k, val, ret);
}

/* ":NAME=V1,V2..." of the array key @k, when there is one. */
static void __init bc_hist_list(struct seq_buf *s, struct xbc_node *k,
				const char *lead, const char *sep1)
{
	const char *sep = sep1;
	struct xbc_node *v;

	if (!bc_first(k))
		return;
	seq_buf_puts(s, lead);
	for (v = bc_first(k); v; v = bc_next(v)) {
		seq_buf_printf(s, "%s%s", sep, xbc_node_get_data(v));
		sep = ",";
	}
}

static const char *const bc_handler_keys[] = {
	"event", "var", "trace", "save", "snapshot", NULL
};

/* One handler, @h: onmatch(EVENT) or onmax/onchange(VAR), its actions. */
static void __init bc_hist_handler(struct seq_buf *s, struct xbc_node *h,
				   const char *handler, const char *param)
{
	struct xbc_node *k;

	bc_check(h, bc_handler_keys);
	seq_buf_printf(s, ":%s(%s)", handler,
		       bc_val(xbc_node_find_subkey(h, param)));
	bc_hist_list(s, xbc_node_find_subkey(h, "trace"), ".trace", "(");
	if (xbc_node_find_subkey(h, "trace"))
		seq_buf_putc(s, ')');
	k = xbc_node_find_subkey(h, "save");
	bc_hist_list(s, k, ".save", "(");
	if (k)
		seq_buf_putc(s, ')');
	if (xbc_node_find_subkey(h, "snapshot"))
		seq_buf_puts(s, ".snapshot()");
}

/* The handlers of one kind under hist node @hist: one, or several by index. */
static void __init bc_hist_handlers(struct seq_buf *s, struct xbc_node *hist,
				    const char *handler, const char *param)
{
	struct xbc_node *node = xbc_node_find_subkey(hist, handler), *h;

	if (!node)
		return;
	xbc_node_for_each_subkey(node, h)
		if (bc_is_index(xbc_node_get_data(h)))
			bc_hist_handler(s, h, handler, param);
	if (xbc_node_find_subkey(node, param))
		bc_hist_handler(s, node, handler, param);
}

static const char *const bc_hist_keys[] = {
	"keys", "values", "sort", "size", "name", "var", "pause", "continue",
	"clear", "onmatch", "onmax", "onchange", "filter", NULL
};

/* One hist trigger, from node @hist, composed into @s. */
static void __init bc_hist_one(struct seq_buf *s, struct xbc_node *hist)
{
	struct xbc_node *k, *var;
	const char *p;

	seq_buf_clear(s);
	seq_buf_puts(s, "hist");
	bc_hist_list(s, xbc_node_find_subkey(hist, "keys"), ":keys", "=");
	bc_hist_list(s, xbc_node_find_subkey(hist, "values"), ":values", "=");
	bc_hist_list(s, xbc_node_find_subkey(hist, "sort"), ":sort", "=");
	k = xbc_node_find_subkey(hist, "size");
	if (k)
		seq_buf_printf(s, ":size=%s", bc_val(k));
	k = xbc_node_find_subkey(hist, "name");
	if (k)
		seq_buf_printf(s, ":name=%s", bc_val(k));
	k = xbc_node_find_subkey(hist, "var");
	if (k) {
		xbc_node_for_each_subkey(k, var) {
			/* An expression has no spaces in a trigger. */
			seq_buf_printf(s, ":%s=", xbc_node_get_data(var));
			for (p = bc_val(var); *p; p++)
				if (!isspace(*p))
					seq_buf_putc(s, *p);
		}
	}
	if (xbc_node_find_subkey(hist, "pause"))
		seq_buf_puts(s, ":pause");
	else if (xbc_node_find_subkey(hist, "continue"))
		seq_buf_puts(s, ":continue");
	else if (xbc_node_find_subkey(hist, "clear"))
		seq_buf_puts(s, ":clear");
	bc_hist_handlers(s, hist, "onmax", "var");
	bc_hist_handlers(s, hist, "onchange", "var");
	bc_hist_handlers(s, hist, "onmatch", "event");
	k = xbc_node_find_subkey(hist, "filter");
	if (k)
		seq_buf_printf(s, " if %s", bc_val(k));
}

/* The hist node of an event: one hist trigger, or several by index. */
static void __init bc_hist(struct trace_array *tr, struct xbc_node *hist,
			   const char *sys, const char *event,
			   struct seq_buf *s)
{
	struct xbc_node *h;

	xbc_node_for_each_subkey(hist, h) {
		if (bc_is_index(xbc_node_get_data(h))) {
			bc_check(h, bc_hist_keys);
			bc_hist_one(s, h);
			if (!seq_buf_has_overflowed(s))
				bc_ev_file(tr, h, sys, event, "trigger",
					   seq_buf_str(s));
			else
				bc_skip(h, "", -E2BIG);
		} else if (!bc_known(xbc_node_get_data(h), bc_hist_keys)) {
			bc_skip(h, NULL, -ENOKEY);
		}
	}
	if (!xbc_node_find_subkey(hist, "keys"))
		return;
	bc_hist_one(s, hist);
	if (!seq_buf_has_overflowed(s))
		bc_ev_file(tr, hist, sys, event, "trigger", seq_buf_str(s));
	else
		bc_skip(hist, "", -E2BIG);
}

/* One event node: its filter, triggers, hist triggers, and enable. */
static void __init bc_event(struct trace_array *tr, struct xbc_node *ev,
			    const char *sys, struct seq_buf *s)
{
	static const char *const known[] = {
		"enable", "filter", "actions", "hist", "probes", "fields", NULL
	};
	const char *event = xbc_node_get_data(ev);
	struct xbc_node *k, *v;

	xbc_node_for_each_subkey(ev, k) {
		const char *name = xbc_node_get_data(k);

		if (!bc_known(name, known) ||
		    (!strcmp(name, "probes") && strcmp(sys, "kprobes")) ||
		    (!strcmp(name, "fields") && strcmp(sys, "synthetic")))
			bc_skip(k, NULL, -ENOKEY);
	}
	k = xbc_node_find_subkey(ev, "filter");
	if (k)
		bc_ev_file(tr, k, sys, event, "filter", bc_val(k));
	k = xbc_node_find_subkey(ev, "actions");
	for (v = bc_first(k); v; v = bc_next(v))
		bc_ev_file(tr, k, sys, event, "trigger", xbc_node_get_data(v));
	k = xbc_node_find_subkey(ev, "hist");
	if (k)
		bc_hist(tr, k, sys, event, s);
	k = xbc_node_find_subkey(ev, "enable");
	if (k)
		bc_ev_file(tr, k, sys, event, "enable", "1");
}

/* set_event of @tr gets @term; a refusal is reported on key @k. */
static void __init bc_set_event(struct trace_array *tr, struct xbc_node *k,
				const char *term)
{
	int ret = trace_ev_set_apply(tr, term);

	if (ret)
		bc_skip(k, term, ret);
}

/* The "event" tree of an array: every group, every event. */
static void __init bc_events(struct trace_array *tr, struct xbc_node *evs,
			     struct seq_buf *s)
{
	struct xbc_node *grp, *ev;
	char term[XBC_KEYLEN_MAX];

	xbc_node_for_each_subkey(evs, grp) {
		const char *sys = xbc_node_get_data(grp);

		if (!strcmp(sys, "enable"))
			continue;
		xbc_node_for_each_subkey(grp, ev) {
			if (strcmp(xbc_node_get_data(ev), "enable"))
				bc_event(tr, ev, sys, s);
		}
		ev = xbc_node_find_subkey(grp, "enable");
		if (ev) {
			snprintf(term, sizeof(term), "%s:*", sys);
			bc_set_event(tr, ev, term);
		}
	}
	grp = xbc_node_find_subkey(evs, "enable");
	if (grp)
		bc_set_event(tr, grp, "*:*");
}

static const char *const bc_array_keys[] = {
	"options", "tracing_on", "trace_clock", "buffer_size",
	"alloc_snapshot", "cpumask", "events", "tracer", "ftrace", "event",
	NULL
};

static const char *const bc_top_keys[] = {
	"options", "tracing_on", "trace_clock", "buffer_size",
	"alloc_snapshot", "cpumask", "events", "tracer", "ftrace", "event",
	"fgraph", "instance", NULL
};

/* The keys of one array: the top one ("ftrace") or an instance's node. */
static void __init bc_array(struct trace_array *tr, struct xbc_node *root,
			    struct seq_buf *s)
{
	static const char *const fn_keys[] = { "filters", "notraces", NULL };
	bool top = trace_array_is_top(tr);
	struct xbc_node *k, *v;
	int ret;

	bc_check(root, top ? bc_top_keys : bc_array_keys);
	k = xbc_node_find_subkey(root, "ftrace");
	if (k)
		bc_check(k, fn_keys);
	bc_attr(tr, xbc_node_find_subkey(root, "options"), "trace_options");
	bc_attr(tr, xbc_node_find_subkey(root, "trace_clock"), "trace_clock");
	k = xbc_node_find_subkey(root, "buffer_size");
	if (k)
		bc_buffer_size(tr, k);
	k = xbc_node_find_subkey(root, "alloc_snapshot");
	if (k) {
		ret = trace_snapshot_alloc_array(tr);
		if (ret)
			bc_skip(k, "", ret);
	}
	bc_attr(tr, xbc_node_find_subkey(root, "cpumask"), "tracing_cpumask");
	bc_attr(tr, xbc_node_find_subkey(root, "tracing_on"), "tracing_on");
	k = xbc_node_find_subkey(root, "event");
	if (k)
		bc_events(tr, k, s);
	k = xbc_node_find_subkey(root, "events");
	for (v = bc_first(k); v; v = bc_next(v))
		bc_set_event(tr, k, xbc_node_get_data(v));
	bc_fn_set(tr, xbc_node_find_subkey(root, "ftrace.filters"),
		  FENTRY_LIST_FILTER);
	bc_fn_set(tr, xbc_node_find_subkey(root, "ftrace.notraces"),
		  FENTRY_LIST_NOTRACE);
	bc_attr(tr, xbc_node_find_subkey(root, "tracer"), "current_tracer");
}

/*
 * The function graph's global settings: kernel.fgraph_max_depth,
 * kernel.fgraph_filters and kernel.fgraph_notraces, and the same as
 * ftrace.fgraph.max_depth, .filters and .notraces.
 */
static void __init bc_fgraph(struct xbc_node *ftrace)
{
	static const char *const keys[] = {
		"filters", "notraces", "max_depth", NULL
	};
	struct xbc_node *fg = ftrace ? xbc_node_find_subkey(ftrace, "fgraph") :
				       NULL;
	struct xbc_node *kern = xbc_find_node("kernel");

	if (fg)
		bc_check(fg, keys);
	if (kern) {
		bc_fn_set(&trace_top,
			  xbc_node_find_subkey(kern, "fgraph_filters"),
			  FENTRY_LIST_GRAPH);
		bc_fn_set(&trace_top,
			  xbc_node_find_subkey(kern, "fgraph_notraces"),
			  FENTRY_LIST_GRAPH_NOTRACE);
		bc_attr(&trace_top,
			xbc_node_find_subkey(kern, "fgraph_max_depth"),
			"max_graph_depth");
	}
	if (fg) {
		bc_fn_set(&trace_top, xbc_node_find_subkey(fg, "filters"),
			  FENTRY_LIST_GRAPH);
		bc_fn_set(&trace_top, xbc_node_find_subkey(fg, "notraces"),
			  FENTRY_LIST_GRAPH_NOTRACE);
		bc_attr(&trace_top, xbc_node_find_subkey(fg, "max_depth"),
			"max_graph_depth");
	}
}

/*
 * kernel.dump_on_oops[= MODE] and kernel.traceoff_on_warning: as their
 * sysctls (kernel.ftrace_dump_on_oops, kernel.traceoff_on_warning).
 */
static void __init bc_kernel(void)
{
	struct xbc_node *k;
	const char *val;

	k = xbc_find_node("kernel.dump_on_oops");
	if (k) {
		val = *bc_val(k) ? bc_val(k) : "1";
		if (strscpy(ftrace_dump_on_oops, val, MAX_TRACER_SIZE) < 0)
			bc_skip(k, val, -E2BIG);
	}
	if (xbc_find_node("kernel.traceoff_on_warning"))
		__disable_trace_on_warning = 1;
}

/*
 * Instance NAME of ftrace.instance.NAME, made if need be, then its keys;
 * with @s NULL, only made.
 */
static void __init bc_instance(struct xbc_node *node, struct seq_buf *s)
{
	struct trace_array *tr;

	tr = trace_array_get_by_name(xbc_node_get_data(node), NULL);
	if (!tr) {
		/* A bad name, or no memory. */
		bc_skip(node, xbc_node_get_data(node), -EINVAL);
		return;
	}
	if (s)
		bc_array(tr, node, s);
	trace_array_put(tr);
}

static int __init trace_boot_conf_apply(void)
{
	struct xbc_node *ftrace = xbc_find_node("ftrace");
	struct xbc_node *insts, *inst;
	struct seq_buf s;
	char *buf;

	bc_kernel();
	if (!ftrace && !xbc_find_node("kernel"))
		return 0;
	buf = kmalloc(BC_LINE_MAX, GFP_KERNEL);
	if (!buf) {
		pr_err("tracing: bootconfig: no memory, not applied\n");
		return -ENOMEM;
	}
	seq_buf_init(&s, buf, BC_LINE_MAX);
	insts = ftrace ? xbc_node_find_subkey(ftrace, "instance") : NULL;
	/* Every dynamic event first: any trigger may name any of them. */
	if (ftrace)
		bc_define_all(ftrace, &s);
	if (insts)
		xbc_node_for_each_subkey(insts, inst)
			bc_define_all(inst, &s);
	bc_fgraph(ftrace);
	/*
	 * Every instance is made before the top array's options change: an
	 * instance starts with the top's, and what it lists is what it
	 * changes from the defaults (as ftrace2bconf.sh dumps it).
	 */
	if (insts)
		xbc_node_for_each_subkey(insts, inst)
			bc_instance(inst, NULL);
	if (ftrace)
		bc_array(&trace_top, ftrace, &s);
	if (insts)
		xbc_node_for_each_subkey(insts, inst)
			bc_instance(inst, &s);
	kfree(buf);
	return 0;
}

/*
 * At the end of core_initcall, as boottime-trace.rst says: after tracefs,
 * instances/, the events' layers and kprobe_event= (core_initcall_sync,
 * in objects linked before this one), so that what it sets up traces
 * from postcore_initcall on.
 */
core_initcall_sync(trace_boot_conf_apply);
