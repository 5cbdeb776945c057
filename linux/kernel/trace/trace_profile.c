// SPDX-License-Identifier: GPL-2.0
/*
 * The function profiler: function_profile_enabled counts the calls of
 * every function set_ftrace_filter and set_ftrace_notrace select, and
 * with return hooking also their time; trace_stat/function<cpu> lists a
 * CPU's counts, the slowest (or, without times, the most called) first:
 * hits, total time, average and s^2 (the variance, in us^2).
 *
 * graph-time off leaves the time of the function's hooked callees out of
 * its own; sleep-time off leaves out the time a task is switched out.
 *
 * Each CPU has its own table of records (open addressing on the call
 * site), made when the profiler starts and sized for the functions it
 * may see; writers are the CPU's own traced calls, with preemption off.
 * An interrupt that lands in the middle of an update on the same CPU may
 * lose one count of that record; a table that fills up counts the calls
 * it could not record in its "dropped" line.
 */
#include <linux/ftrace.h>
#include <linux/hash.h>
#include <linux/kallsyms.h>
#include <linux/kstrtox.h>
#include <linux/mutex.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/vmalloc.h>

#include "fentry.h"
#include "trace.h"
#include "trace_graph.h"

/**
 * struct prof_rec - one function's figures on one CPU
 * @ip:		its call site; 0 for a free slot
 * @hits:	calls
 * @time:	nanoseconds spent in it, in total
 * @time_sq:	sum of the squares of each call's nanoseconds
 */
struct prof_rec {
	unsigned long ip;
	unsigned long hits;
	u64 time;
	u64 time_sq;
};

/**
 * struct prof_table - a CPU's records
 * @mask:	number of slots minus one (a power of two minus one)
 * @dropped:	calls not recorded because the table was full
 * @recs:	the slots
 */
struct prof_table {
	unsigned long mask;
	unsigned long dropped;
	struct prof_rec recs[];
};

/*
 * prof_lock serialises starting and stopping. The tables are replaced
 * only while the profiler is stopped (and its callbacks gone), and read
 * by trace_stat under the lock.
 */
static DEFINE_MUTEX(prof_lock);
static struct prof_table **prof_tables;
static bool prof_on;

/* The record of @ip in @t, made if missing; NULL when full. */
static struct prof_rec *prof_find(struct prof_table *t, unsigned long ip)
{
	unsigned long i = hash_long(ip, 32) & t->mask, n;
	struct prof_rec *r;

	for (n = 0; n <= t->mask; n++, i = (i + 1) & t->mask) {
		unsigned long cur;

		r = &t->recs[i];
		cur = READ_ONCE(r->ip);
		/* A free slot is claimed; an interrupt may claim it first. */
		if (!cur)
			cur = cmpxchg_local(&r->ip, 0, ip) ?: ip;
		if (cur == ip)
			return r;
	}
	return NULL;
}

static struct prof_rec *prof_this_cpu(unsigned long ip)
{
	struct prof_table *t = READ_ONCE(prof_tables[smp_processor_id()]);
	struct prof_rec *r = t ? prof_find(t, ip) : NULL;

	if (!r && t)
		t->dropped++;
	return r;
}

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
static int prof_entry(struct ftrace_graph_ent *e, struct fgraph_ops *gops)
{
	struct prof_rec *r = prof_this_cpu(e->func);

	if (r)
		r->hits++;
	return 1;
}

static void prof_return(struct ftrace_graph_ret *ret, struct fgraph_ops *gops)
{
	u64 t = ret->rettime > ret->calltime ? ret->rettime - ret->calltime : 0;
	struct prof_rec *r;

	/* The caller's own time leaves this call out (graph-time off). */
	fgraph_add_subtime(gops, t);
	if (!trace_opt(TRACE_OPT_GRAPH_TIME)) {
		u64 sub = fgraph_frame_subtime();

		t = t > sub ? t - sub : 0;
	}
	r = prof_this_cpu(ret->func);
	if (r) {
		r->time += t;
		r->time_sq += t * t;
	}
}

static struct fgraph_ops prof_gops = {
	.entryfunc	= prof_entry,
	.retfunc	= prof_return,
	.ops.func_hash	= &fentry_global_hash,
};

static int prof_register(void)
{
	int ret = trace_graph_sched_profile(true);

	if (ret)
		return ret;
	ret = register_ftrace_graph(&prof_gops);
	if (ret)
		trace_graph_sched_profile(false);
	return ret;
}

static void prof_unregister(void)
{
	unregister_ftrace_graph(&prof_gops);
	trace_graph_sched_profile(false);
}
#else
static void prof_call(unsigned long ip, unsigned long parent_ip,
		      struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	struct prof_rec *r;

	preempt_disable_notrace();
	r = prof_this_cpu(ip);
	if (r)
		r->hits++;
	preempt_enable_notrace();
}

static struct ftrace_ops prof_ops = {
	.func		= prof_call,
	.flags		= FENTRY_OPS_FL_OPLESS,
	.func_hash	= &fentry_global_hash,
};

static int prof_register(void)
{
	return register_ftrace_function(&prof_ops);
}

static void prof_unregister(void)
{
	unregister_ftrace_function(&prof_ops);
}
#endif

static void prof_free_tables(void)
{
	int cpu;

	lockdep_assert_held(&prof_lock);
	if (!prof_tables)
		return;
	for_each_possible_cpu(cpu)
		kvfree(prof_tables[cpu]);
	kfree(prof_tables);
	prof_tables = NULL;
}

/* Fresh tables, twice as many slots as there are functions. */
static int prof_alloc_tables(void)
{
	unsigned long slots, bytes;
	unsigned int groups;
	int cpu;

	lockdep_assert_held(&prof_lock);
	mutex_lock(&fentry_lock);
	slots = roundup_pow_of_two(max(2 * fentry_count(&bytes, &groups), 64UL));
	mutex_unlock(&fentry_lock);
	prof_tables = kcalloc(nr_cpu_ids, sizeof(*prof_tables), GFP_KERNEL);
	if (!prof_tables)
		return -ENOMEM;
	for_each_possible_cpu(cpu) {
		prof_tables[cpu] = kvzalloc(struct_size(prof_tables[cpu], recs,
							slots), GFP_KERNEL);
		if (!prof_tables[cpu]) {
			prof_free_tables();
			return -ENOMEM;
		}
		prof_tables[cpu]->mask = slots - 1;
	}
	return 0;
}

/**
 * trace_profile_show() - function_profile_enabled, read
 * @m:		the file
 * @tr:		the trace array of the file
 * @unused:	table argument
 *
 * Return: 0.
 */
static int trace_profile_show(struct seq_file *m, struct trace_array *tr,
			      long unused)
{
	seq_printf(m, "%d\n", READ_ONCE(prof_on));
	return 0;
}

/**
 * trace_profile_store() - function_profile_enabled, written
 * @tr:		the trace array of the file
 * @val:	1 starts the profiler afresh, 0 stops it (the figures stay)
 * @unused:	table argument
 *
 * Return: 0, -EINVAL for anything but 0 or 1, or why it cannot start.
 */
static int trace_profile_store(struct trace_array *tr, const char *val,
			       long unused)
{
	unsigned int v;
	bool on;
	int ret;

	if (kstrtouint(val, 10, &v) || v > 1)
		return -EINVAL;
	on = v;
	guard(mutex)(&prof_lock);
	if (on == prof_on)
		return 0;
	if (!on) {
		prof_unregister();
		WRITE_ONCE(prof_on, false);
		return 0;
	}
	prof_free_tables();
	ret = prof_alloc_tables();
	if (ret)
		return ret;
	ret = prof_register();
	if (ret) {
		prof_free_tables();
		return ret;
	}
	WRITE_ONCE(prof_on, true);
	return 0;
}

/* trace_stat/function<cpu> */

static bool prof_has_time(void)
{
	return IS_ENABLED(CONFIG_FUNCTION_GRAPH_TRACER);
}

static int prof_cmp(const void *a, const void *b)
{
	const struct prof_rec *x = a, *y = b;
	u64 kx = prof_has_time() ? x->time : x->hits;
	u64 ky = prof_has_time() ? y->time : y->hits;

	return kx < ky ? 1 : kx > ky ? -1 : 0;
}

static void prof_print_us(struct seq_file *m, u64 ns)
{
	char num[32];

	trace_graph_fmt_us(num, sizeof(num), ns);
	seq_printf(m, "    %-12s", num);
}

static void prof_print(struct seq_file *m, const struct prof_rec *r)
{
	char name[KSYM_NAME_LEN];
	u64 avg, var = 0;

	if (!kallsyms_lookup(r->ip, NULL, NULL, NULL, name))
		snprintf(name, sizeof(name), "0x%lx", r->ip);
	seq_printf(m, "  %-30.30s  %10lu", name, r->hits);
	if (!prof_has_time()) {
		seq_putc(m, '\n');
		return;
	}
	avg = div64_ul(r->time, r->hits);
	/* s^2 = (n * sum(x^2) - sum(x)^2) / (n * (n - 1)), in us^2. */
	if (r->hits > 1 && r->hits * r->time_sq > r->time * r->time)
		var = div64_u64(r->hits * r->time_sq - r->time * r->time,
				(u64)r->hits * (r->hits - 1) * NSEC_PER_USEC);
	prof_print_us(m, r->time);
	prof_print_us(m, avg);
	prof_print_us(m, var);
	seq_putc(m, '\n');
}

/**
 * trace_profile_stat_show() - trace_stat/function<cpu>
 * @m:		the file
 * @tr:		the trace array of the file
 * @cpu:	table argument: the CPU
 *
 * Return: 0, or -ENOMEM.
 */
static int trace_profile_stat_show(struct seq_file *m, struct trace_array *tr,
				   long cpu)
{
	struct prof_rec *copy = NULL;
	struct prof_table *t;
	unsigned long i, n = 0, dropped = 0;

	scoped_guard(mutex, &prof_lock) {
		t = prof_tables ? prof_tables[cpu] : NULL;
		if (t) {
			copy = kvmalloc_array(t->mask + 1, sizeof(*copy),
					      GFP_KERNEL);
			if (!copy)
				return -ENOMEM;
			for (i = 0; i <= t->mask; i++)
				if (READ_ONCE(t->recs[i].ip) &&
				    READ_ONCE(t->recs[i].hits))
					copy[n++] = t->recs[i];
			dropped = t->dropped;
		}
	}
	sort(copy, n, sizeof(*copy), prof_cmp, NULL);
	seq_puts(m, "  Function                               Hit");
	if (prof_has_time())
		seq_puts(m, "    Time            Avg             s^2");
	seq_puts(m, "\n  --------                               ---");
	if (prof_has_time())
		seq_puts(m, "    ----            ---             ---");
	seq_putc(m, '\n');
	for (i = 0; i < n; i++)
		prof_print(m, &copy[i]);
	if (dropped)
		seq_printf(m, "  (dropped: %lu calls of functions the table had no room for)\n",
			   dropped);
	kvfree(copy);
	return 0;
}

/* The entry behind trace_stat/function<cpu>; the argument is the CPU. */
static const struct trace_fs_file trace_profile_stat =
	TRACE_FS_ATTR(NULL, 0440, TRACE_FS_TOP_ONLY, trace_profile_stat_show,
		      NULL);

static int trace_profile_populate(const struct trace_fs_dirs *dirs)
{
	struct dentry *stat = trace_fs_mkdir("trace_stat", dirs->top);
	char name[24];
	int cpu, ret;

	if (!stat)
		return -ENOMEM;
	for_each_possible_cpu(cpu) {
		snprintf(name, sizeof(name), "function%d", cpu);
		ret = trace_fs_add(dirs, &trace_profile_stat, name, cpu, stat);
		if (ret)
			return ret;
	}
	return 0;
}

static const struct trace_fs_file trace_profile_files[] = {
	TRACE_FS_ATTR("function_profile_enabled", 0640, TRACE_FS_TOP_ONLY,
		      trace_profile_show, trace_profile_store),
};

static struct trace_fs_table trace_profile_fs = {
	.name = "function profiler",
	.files = trace_profile_files,
	.nr = ARRAY_SIZE(trace_profile_files),
	.order = TRACE_FS_ORDER_PROFILE,
	.populate = trace_profile_populate,
};

TRACE_FS_REGISTER(trace_profile_fs);
