// SPDX-License-Identifier: GPL-2.0
/*
 * function_graph's text: the trace file and trace_pipe as a call graph.
 *
 * A line is made of columns, each shown as its option says:
 *
 *   funcgraph-abstime   "  360.774522 |  "
 *   funcgraph-cpu       " 1) "
 *   funcgraph-proc      the task centred in 14 columns, " | "
 *   funcgraph-duration  a delay mark (funcgraph-overhead), the duration
 *                       in 12 columns and "|"; blank on an opening line
 *
 * then two spaces and two more per level of depth, and the call:
 * "func();" for a call whose return record follows its entry record
 * directly (both are printed as one line), "func() {" otherwise, and "}"
 * for the return ("} /\* func *\/" with funcgraph-tail, or when the
 * opening line was not seen). trace_printk() text becomes a comment at
 * the current depth, a change of task on a CPU a separator block, and
 * hard interrupts are framed by arrows.
 *
 * What a CPU's earlier lines leave behind (its task, depth, the open
 * calls) is kept by the iterator per CPU (struct trace_print_state) and
 * changed only when a record is passed, so a line can be printed twice.
 */
#include <linux/kallsyms.h>
#include <linux/kernel.h>
#include <linux/seq_file.h>
#include <linux/sched.h>

#include "trace.h"
#include "trace_graph.h"

/* Width of the task column, and of the duration column's number. */
#define GRAPH_PROC_WIDTH	14
#define GRAPH_DUR_WIDTH		12

static void graph_header_line(struct seq_file *m, struct trace_array *tr,
			      const char *const col[5])
{
	seq_putc(m, '#');
	if (trace_tr_opt(tr, TRACE_OPT_FUNCGRAPH_ABSTIME))
		seq_puts(m, col[0]);
	if (trace_tr_opt(tr, TRACE_OPT_FUNCGRAPH_CPU))
		seq_puts(m, col[1]);
	if (trace_tr_opt(tr, TRACE_OPT_FUNCGRAPH_PROC))
		seq_puts(m, col[2]);
	if (trace_tr_opt(tr, TRACE_OPT_FUNCGRAPH_DURATION))
		seq_puts(m, col[3]);
	seq_puts(m, col[4]);
}

/**
 * trace_graph_print_header() - the column titles of function_graph
 * @m:	where to print
 * @tr:	the trace array whose trace it heads
 */
void trace_graph_print_header(struct seq_file *m, struct trace_array *tr)
{
	static const char *const names[5] = {
		"     TIME       ", " CPU", "  TASK/PID       ", "  DURATION   ",
		"               FUNCTION CALLS\n",
	};
	static const char *const bars[5] = {
		"      |         ", " |  ", "   |    |        ", "   |   |      ",
		"               |   |   |   |\n",
	};

	graph_header_line(m, tr, names);
	graph_header_line(m, tr, bars);
}

/*
 * The graph of a latency tracer (options/display-graph): its columns are
 * fixed, the time is relative to the latency's first record, and the
 * context flags come after the task.
 */
static bool graph_lat_mode(const struct trace_ev *ev)
{
	const struct tracer *t = trace_ev_tracer(ev);

	return t && t->use_max && trace_opt(TRACE_OPT_DISPLAY_GRAPH);
}

/**
 * trace_graph_print_lat_legend() - the column titles of a latency graph
 * @m:	where to print
 */
void trace_graph_print_lat_legend(struct seq_file *m)
{
	static const char *const legend[] = {
		"#                                       _-----=> irqs-off        ",
		"#                                      / _----=> need-resched    ",
		"#                                     | / _---=> hardirq/softirq ",
		"#                                     || / _--=> preempt-depth   ",
		"#                                     ||| /                      ",
		"#   REL TIME      CPU  TASK/PID       ||||     DURATION                  FUNCTION CALLS",
		"#      |          |     |    |        ||||      |   |                     |   |   |   |",
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(legend); i++) {
		seq_puts(m, legend[i]);
		seq_putc(m, '\n');
	}
}

/* "comm-pid" centred in @width columns. */
static void graph_print_task(struct seq_file *m, int pid, unsigned int width)
{
	char comm[TASK_COMM_LEN], buf[TASK_COMM_LEN + 16];
	unsigned int len, pad;

	trace_cmdline_find(pid, comm);
	len = scnprintf(buf, sizeof(buf), "%s-%d", comm, pid);
	pad = len < width ? width - len : 0;
	seq_printf(m, "%*s%s%*s", pad / 2, "", buf, pad - pad / 2, "");
}

/* The CPU number, as wide as the largest one. */
static void graph_print_cpu(struct seq_file *m, int cpu)
{
	unsigned int width = 1, n;

	for (n = nr_cpu_ids - 1; n >= 10; n /= 10)
		width++;
	seq_printf(m, " %*d) ", width, cpu);
}

/* The columns before the duration: time, CPU, task. */
static void graph_print_lead(struct seq_file *m, const struct trace_ev *ev)
{
	u64 secs = ev->ts, base;
	char flags[6];
	u32 rem;

	if (graph_lat_mode(ev)) {
		base = trace_iter_base(ev->it);
		seq_printf(m, "%9llu us |  ",
			   div_u64(ev->ts > base ? ev->ts - base : 0,
				   NSEC_PER_USEC));
		graph_print_cpu(m, ev->cpu);
		graph_print_task(m, ev->rec->pid, GRAPH_PROC_WIDTH);
		trace_ctx_flags(ev->rec, flags);
		seq_printf(m, " |  %s | ", flags);
		return;
	}
	if (!trace_ev_opt(ev, TRACE_OPT_CONTEXT_INFO))
		return;
	if (trace_ev_opt(ev, TRACE_OPT_FUNCGRAPH_ABSTIME)) {
		rem = do_div(secs, NSEC_PER_SEC);
		seq_printf(m, "%5llu.%06u |  ", secs, rem / (u32)NSEC_PER_USEC);
	}
	if (trace_ev_opt(ev, TRACE_OPT_FUNCGRAPH_CPU))
		graph_print_cpu(m, ev->cpu);
	if (trace_ev_opt(ev, TRACE_OPT_FUNCGRAPH_PROC)) {
		graph_print_task(m, ev->rec->pid, GRAPH_PROC_WIDTH);
		seq_puts(m, " | ");
	}
}

/* The delay mark of a duration, as in Documentation/trace/ftrace.rst. */
static char graph_mark(u64 ns)
{
	static const struct { u64 over; char mark; } marks[] = {
		{ NSEC_PER_SEC, '$' }, { 100 * NSEC_PER_MSEC, '@' },
		{ 10 * NSEC_PER_MSEC, '*' }, { NSEC_PER_MSEC, '#' },
		{ 100 * NSEC_PER_USEC, '!' }, { 10 * NSEC_PER_USEC, '+' },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(marks); i++)
		if (ns > marks[i].over)
			return marks[i].mark;
	return ' ';
}

/**
 * trace_graph_fmt_us() - a duration as the graph shows it
 * @buf:	where to write "N.NNN us"
 * @size:	its size
 * @ns:		the duration in nanoseconds
 *
 * Microseconds with at most eight characters for the number: three
 * decimals, fewer as the integer part grows (not rounded).
 */
void trace_graph_fmt_us(char *buf, size_t size, u64 ns)
{
	u64 us = ns;
	u32 frac;
	int n, dec;

	frac = do_div(us, NSEC_PER_USEC);
	n = scnprintf(buf, size, "%llu", us);
	dec = clamp(7 - n, 0, 3);
	if (dec && n + 1 + dec < size) {
		/* The first @dec digits of the three. */
		scnprintf(buf + n, size - n, ".%03u", frac);
		buf[n + 1 + dec] = '\0';
	}
	strlcat(buf, " us", size);
}

/*
 * The duration column: mark, space, the time padded to 12 columns, then
 * "|". @ns is U64_MAX for a blank one.
 */
static void graph_print_duration(struct seq_file *m,
				 const struct trace_ev *ev, u64 ns)
{
	char num[32];

	if (!graph_lat_mode(ev) &&
	    (!trace_ev_opt(ev, TRACE_OPT_FUNCGRAPH_DURATION) ||
	     !trace_ev_opt(ev, TRACE_OPT_CONTEXT_INFO)))
		return;
	if (ns == U64_MAX) {
		seq_printf(m, "%*s|", GRAPH_DUR_WIDTH + 2, "");
		return;
	}
	trace_graph_fmt_us(num, sizeof(num), ns);
	seq_printf(m, "%c %-*s|", trace_ev_opt(ev, TRACE_OPT_FUNCGRAPH_OVERHEAD) ?
		   graph_mark(ns) : ' ', GRAPH_DUR_WIDTH, num);
}

static void graph_indent(struct seq_file *m, int depth)
{
	seq_printf(m, "  %*s", 2 * max(depth, 0), "");
}

/* " /\* = value *\/" or with the name: an error number in decimal. */
static void graph_print_retval(struct seq_file *m, const struct trace_ev *ev,
			       unsigned long func, unsigned long v, bool name)
{
	bool hex = trace_ev_opt(ev, TRACE_OPT_FUNCGRAPH_RETVAL_HEX);
	long err = (long)v;
	int err32 = (int)v;

	seq_puts(m, " /* ");
	if (name) {
		trace_print_sym(m, ev, func);
		seq_putc(m, ' ');
	}
	if (!hex && IS_ERR_VALUE(v))
		seq_printf(m, "= %ld */", err);
	else if (!hex && (v >> 32) == 0 && err32 < 0 && err32 >= -MAX_ERRNO)
		seq_printf(m, "= %d */", err32);
	else if ((v >> 32) == 0 || IS_ERR_VALUE(v))
		seq_printf(m, "= 0x%x */", (u32)v);
	else
		seq_printf(m, "= 0x%lx */", v);
}

static void graph_print_overrun(struct seq_file *m, const struct trace_ev *ev,
				unsigned int overrun)
{
	if (trace_ev_opt(ev, TRACE_OPT_FUNCGRAPH_OVERRUN))
		seq_printf(m, " (Overruns: %u)", overrun);
}

/* An arrow line: a hard interrupt starts (@in) or ends. */
static void graph_print_irq(struct seq_file *m, const struct trace_ev *ev,
			    bool in)
{
	graph_print_lead(m, ev);
	if (trace_ev_opt(ev, TRACE_OPT_FUNCGRAPH_DURATION) &&
	    trace_ev_opt(ev, TRACE_OPT_CONTEXT_INFO))
		seq_printf(m, "  %s |", in ? "==========>" : "<==========");
	else
		seq_printf(m, "  %s", in ? "==========>" : "<==========");
	seq_putc(m, '\n');
}

/* The separator when the task on a CPU changed since its last line. */
static void graph_print_switch(struct seq_file *m, const struct trace_ev *ev,
			       struct trace_print_state *st)
{
	if (st->last_pid == ev->rec->pid)
		return;
	if (st->last_pid >= 0) {
		seq_puts(m, " ------------------------------------------\n");
		graph_print_cpu(m, ev->cpu);
		graph_print_task(m, st->last_pid, GRAPH_PROC_WIDTH);
		seq_puts(m, " => ");
		graph_print_task(m, ev->rec->pid, GRAPH_PROC_WIDTH);
		seq_puts(m, "\n ------------------------------------------\n\n");
	}
	st->last_pid = ev->rec->pid;
}

static bool graph_in_irq(const struct trace_ev *ev)
{
	return ev->rec->flags & TRACE_FLAG_HARDIRQ;
}

/*
 * The end of a line that closes a call (a leaf or a "}"): the return value
 * (named on a "}"), the overrun, and the interrupt it may end.
 */
static void graph_end_call(struct seq_file *m, const struct trace_ev *ev,
			   struct trace_print_state *st,
			   const struct trace_graph_ret_rec *r, bool leaf)
{
	if (trace_ev_opt(ev, TRACE_OPT_FUNCGRAPH_RETVAL))
		graph_print_retval(m, ev, r->func, r->retval, !leaf);
	graph_print_overrun(m, ev, r->overrun);
	seq_putc(m, '\n');
	st->depth = r->depth;
	if (st->irq_depth == r->depth + 1) {
		graph_print_irq(m, ev, false);
		st->irq_depth = 0;
	}
}

static void graph_print_entry(struct seq_file *m, const struct trace_ev *ev,
			      struct trace_print_state *st)
{
	const struct trace_graph_ent_rec *e = (const void *)ev->rec;
	const struct trace_graph_ret_rec *r;
	struct trace_ev next;
	bool leaf = false;

	if (graph_in_irq(ev) && !st->irq_depth && !graph_lat_mode(ev)) {
		graph_print_irq(m, ev, true);
		st->irq_depth = e->depth + 1;
	}
	if (trace_iter_peek_after(ev->it, &next) &&
	    next.rec->type == TRACE_TYPE_GRAPH_RET &&
	    next.len >= sizeof(*r) && next.rec->pid == ev->rec->pid) {
		r = (const void *)next.rec;
		leaf = r->func == e->func && r->depth == e->depth;
	}
	graph_print_lead(m, ev);
	graph_print_duration(m, ev, leaf ? r->rettime - r->calltime : U64_MAX);
	graph_indent(m, e->depth);
	trace_print_sym(m, ev, e->func);
	if (!leaf) {
		seq_puts(m, "() {\n");
		if (e->depth >= 0 && e->depth < TRACE_GRAPH_OPEN)
			st->open[e->depth] = e->func;
		st->depth = e->depth + 1;
		return;
	}
	seq_puts(m, "();");
	graph_end_call(m, ev, st, r, true);
	trace_iter_absorb_next(ev->it);
}

static void graph_print_return(struct seq_file *m, const struct trace_ev *ev,
			       struct trace_print_state *st)
{
	const struct trace_graph_ret_rec *r = (const void *)ev->rec;
	bool seen = r->depth >= 0 && r->depth < TRACE_GRAPH_OPEN &&
		    st->open[r->depth] == r->func;
	bool tail = !seen || trace_ev_opt(ev, TRACE_OPT_FUNCGRAPH_TAIL);

	graph_print_lead(m, ev);
	graph_print_duration(m, ev, r->rettime - r->calltime);
	graph_indent(m, r->depth);
	seq_putc(m, '}');
	if (tail && !trace_ev_opt(ev, TRACE_OPT_FUNCGRAPH_RETVAL)) {
		seq_puts(m, " /* ");
		trace_print_sym(m, ev, r->func);
		seq_puts(m, " */");
	}
	if (seen)
		st->open[r->depth] = 0;
	graph_end_call(m, ev, st, r, false);
}

/* trace_printk() and trace_marker text: a comment in the graph. */
static void graph_print_comment(struct seq_file *m, const struct trace_ev *ev,
				struct trace_print_state *st)
{
	const struct trace_print_rec *p = (const void *)ev->rec;
	unsigned int n = strnlen(p->buf, ev->len - sizeof(*p));

	while (n && p->buf[n - 1] == '\n')
		n--;
	graph_print_lead(m, ev);
	graph_print_duration(m, ev, U64_MAX);
	graph_indent(m, st->depth);
	seq_printf(m, "/* %.*s */\n", n, p->buf);
}

/* Another record of a latency tracer (a wakeup, a switch): a comment. */
static void graph_print_other(struct seq_file *m, const struct trace_ev *ev,
			      struct trace_print_state *st)
{
	graph_print_lead(m, ev);
	graph_print_duration(m, ev, U64_MAX);
	graph_indent(m, st->depth);
	seq_puts(m, "/* ");
	trace_print_body(m, ev);
	/* The record's text ends its line: the comment ends it here. */
	if (m->count && m->count < m->size && m->buf[m->count - 1] == '\n')
		m->count--;
	seq_puts(m, " */\n");
}

/**
 * trace_graph_print_ev() - a record as function_graph shows it
 * @m:		where to print
 * @ev:		the record
 *
 * Also used for graph records whatever the current tracer. Without the
 * context-info option, the columns before the graph are left out.
 *
 * Return: true when printed; false for records it leaves to the default
 * printers (those that are neither graph records nor text).
 */
bool trace_graph_print_ev(struct seq_file *m, const struct trace_ev *ev)
{
	struct trace_print_state st;
	unsigned short type = ev->rec->type;

	if (!ev->it)
		return false;
	if (!(type == TRACE_TYPE_GRAPH_ENT &&
	      ev->len >= sizeof(struct trace_graph_ent_rec)) &&
	    !(type == TRACE_TYPE_GRAPH_RET &&
	      ev->len >= sizeof(struct trace_graph_ret_rec)) &&
	    !(type == TRACE_TYPE_PRINT &&
	      ev->len >= sizeof(struct trace_print_rec)))
		return false;
	st = *trace_iter_state(ev->it, ev->cpu);
	graph_print_switch(m, ev, &st);
	if (type == TRACE_TYPE_GRAPH_ENT)
		graph_print_entry(m, ev, &st);
	else if (type == TRACE_TYPE_GRAPH_RET)
		graph_print_return(m, ev, &st);
	else
		graph_print_comment(m, ev, &st);
	trace_iter_set_state(ev->it, ev->cpu, &st);
	return true;
}

/**
 * trace_graph_print_lat_ev() - a latency tracer's record in its graph
 * @m:		where to print
 * @ev:		the record
 *
 * Calls, returns and text as in function_graph; wakeups and switches as
 * comments.
 *
 * Return: false for the records left to the latency format (the stack,
 * function records).
 */
bool trace_graph_print_lat_ev(struct seq_file *m, const struct trace_ev *ev)
{
	unsigned short type = ev->rec->type;
	struct trace_print_state st;

	if (!ev->it)
		return false;
	if (type != TRACE_TYPE_WAKE && type != TRACE_TYPE_CTX)
		return trace_graph_print_ev(m, ev);
	st = *trace_iter_state(ev->it, ev->cpu);
	graph_print_switch(m, ev, &st);
	graph_print_other(m, ev, &st);
	trace_iter_set_state(ev->it, ev->cpu, &st);
	return true;
}

/* Graph records left from function_graph keep their graph form. */
static bool trace_graph_line(struct seq_file *m, const struct trace_ev *ev)
{
	return (ev->rec->type == TRACE_TYPE_GRAPH_ENT ||
		ev->rec->type == TRACE_TYPE_GRAPH_RET) &&
	       trace_graph_print_ev(m, ev);
}

static struct trace_printer trace_graph_printer = {
	.line = trace_graph_line,
};

TRACE_PRINTER_REGISTER(trace_graph_printer);
