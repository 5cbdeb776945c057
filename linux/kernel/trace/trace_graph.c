// SPDX-License-Identifier: GPL-2.0
/*
 * The function_graph tracer: a funcgraph_entry record when a traced
 * function is entered and a funcgraph_exit record when it returns, for
 * the functions set_ftrace_filter and set_ftrace_notrace select, the
 * tasks set_ftrace_pid lets through, and, when set_graph_function is not
 * empty, only inside the calls of its functions. set_graph_notrace hides
 * a function and everything it calls; max_graph_depth limits the depth;
 * with tracing_thresh set, only returns slower than it are recorded.
 *
 * The per-task state (fgraph_get_task_var()) says where the task is:
 * TRACE_GRAPH_GATE holds 1 + the depth of the set_graph_function call it
 * is in, TRACE_GRAPH_HIDE 1 + the depth of the set_graph_notrace call;
 * 0 when none. A state deeper than the function being entered belongs to
 * a call that was left without its return being seen, and is dropped.
 *
 * Functions outside set_graph_function cost almost nothing while no task
 * is inside one of its functions: their sites call a guard trampoline
 * that returns at once while fentry_gates, the number of tasks inside a
 * gate, is zero.
 *
 * With the sleep-time option off, the time a task spends switched out is
 * taken out of the functions it sleeps in: the task's frames are shifted
 * when it comes back (a hook on rcu_note_context_switch(), which every
 * schedule calls first, notes when it left; one on finish_task_switch()
 * sees it return).
 */
#include <linux/bitfield.h>
#include <linux/ftrace.h>
#include <linux/init.h>
#include <linux/kstrtox.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/slab.h>

#include "fentry.h"
#include "trace.h"
#include "trace_graph.h"

#define TRACE_GRAPH_GATE	GENMASK(15, 0)
#define TRACE_GRAPH_HIDE	GENMASK(31, 16)

/* max_graph_depth (0: no limit) and tracing_thresh in ns (0: off). */
static unsigned int trace_graph_max_depth;

/*
 * set_graph_function (filter_hash) and set_graph_notrace (notrace_hash);
 * read locklessly here, replaced under fentry_lock. NULL is an empty
 * file; a set emptied by a module's removal holds nothing and matches
 * nothing.
 */
static bool trace_graph_in(struct ftrace_hash __rcu **slot, unsigned long ip,
			   bool *empty)
{
	struct ftrace_hash *h = rcu_dereference_raw(*slot);

	*empty = !h;
	return h && fentry_hash_has(h, ip);
}

/*
 * Store a task's state. fentry_gates counts the tasks inside a gate: while
 * it is zero, the functions outside set_graph_function are not even
 * called (their sites hold the guard trampoline).
 */
static void trace_graph_store(unsigned long *var, unsigned int gate,
			      unsigned int hide)
{
	bool was = FIELD_GET(TRACE_GRAPH_GATE, *var);

	if (was && !gate)
		atomic_dec(&fentry_gates);
	else if (!was && gate)
		atomic_inc(&fentry_gates);
	*var = FIELD_PREP(TRACE_GRAPH_GATE, gate) |
	       FIELD_PREP(TRACE_GRAPH_HIDE, hide);
}

/**
 * trace_graph_ent_write() - write a funcgraph_entry record
 * @b:		the buffer to write it into
 * @func:	the function entered
 * @depth:	how deep
 * @ctx:	the context to record
 *
 * Return: false when the record could not be written.
 */
bool trace_graph_ent_write(struct trace_buf *b, unsigned long func, int depth,
			   unsigned int ctx)
{
	struct trace_wh h;
	struct trace_graph_ent_rec *r;

	r = trace_buf_reserve(b, &h, TRACE_TYPE_GRAPH_ENT, sizeof(*r), ctx);
	if (!r)
		return false;
	r->func = func;
	r->depth = depth;
	trace_rec_commit(&h);
	return true;
}

/**
 * trace_graph_ret_write() - write a funcgraph_exit record
 * @b:		the buffer to write it into
 * @ret:	the return
 * @ctx:	the context to record
 */
void trace_graph_ret_write(struct trace_buf *b,
			   const struct ftrace_graph_ret *ret, unsigned int ctx)
{
	struct trace_wh h;
	struct trace_graph_ret_rec *r;

	r = trace_buf_reserve(b, &h, TRACE_TYPE_GRAPH_RET, sizeof(*r), ctx);
	if (!r)
		return;
	/* The header trace_buf_reserve() filled in stays. */
	*r = (struct trace_graph_ret_rec) {
		.ent = r->ent, .func = ret->func, .retval = ret->retval,
		.depth = ret->depth, .overrun = ret->overrun,
		.calltime = ret->calltime, .rettime = ret->rettime,
	};
	trace_rec_commit(&h);
}

/*
 * Set once registration has patched every site, cleared before removal:
 * the patching itself is not recorded (as for the function tracer).
 */
static bool trace_graph_live;

static int trace_graph_entry(struct ftrace_graph_ent *e, struct fgraph_ops *gops)
{
	unsigned long *var = fgraph_get_task_var(gops);
	unsigned int gate, hide, depth = e->depth;
	unsigned int max = READ_ONCE(trace_graph_max_depth);
	bool in, empty;

	if (unlikely(!READ_ONCE(trace_graph_live)) || !var ||
	    unlikely(!trace_buffer_enabled()) || fentry_pid_ignores())
		return 0;
	if (!trace_opt(TRACE_OPT_FUNCGRAPH_IRQS) && in_hardirq())
		return 0;
	if (max && depth >= max)
		return 0;
	gate = FIELD_GET(TRACE_GRAPH_GATE, *var);
	hide = FIELD_GET(TRACE_GRAPH_HIDE, *var);
	if (gate > depth)
		gate = 0;
	if (hide > depth)
		hide = 0;
	if (hide)
		return 0;
	if (trace_graph_in(&trace_graph_sets.notrace_hash, e->func, &empty)) {
		/* Hidden with all it calls: its return ends the hiding. */
		hide = depth + 1;
		goto keep;
	}
	if (!gate) {
		in = trace_graph_in(&trace_graph_sets.filter_hash, e->func, &empty);
		if (!empty && !in) {
			trace_graph_store(var, 0, 0);
			return 0;
		}
		if (!empty)
			gate = depth + 1;
	}
	if (!READ_ONCE(trace_thresh_ns))
		trace_graph_ent_write(&trace_top_buf, e->func, depth,
				      trace_ctx_dec());
keep:
	trace_graph_store(var, gate, hide);
	return 1;
}

static void trace_graph_return(struct ftrace_graph_ret *ret,
			       struct fgraph_ops *gops)
{
	unsigned long *var = fgraph_get_task_var(gops);
	u64 thresh = READ_ONCE(trace_thresh_ns);
	unsigned int depth = ret->depth;

	if (!var)
		return;
	if (FIELD_GET(TRACE_GRAPH_HIDE, *var) == depth + 1) {
		*var &= ~TRACE_GRAPH_HIDE;
		return;
	}
	if (FIELD_GET(TRACE_GRAPH_GATE, *var) == depth + 1)
		trace_graph_store(var, 0, FIELD_GET(TRACE_GRAPH_HIDE, *var));
	if (thresh && ret->rettime - ret->calltime < thresh)
		return;
	trace_graph_ret_write(&trace_top_buf, ret, trace_ctx_dec());
}

static struct fgraph_ops trace_graph_ops = {
	.entryfunc	= trace_graph_entry,
	.retfunc	= trace_graph_return,
	.ops.func_hash	= &fentry_global_hash,
	/* Outside set_graph_function, sites call the hook only when needed. */
	.ops.flags	= FENTRY_OPS_FL_GATED,
	.ops.private	= &trace_graph_sets.filter_hash,
};

/* sleep-time off: the hooks on the scheduler. */

static unsigned long trace_graph_out_ip;	/* rcu_note_context_switch */

static void trace_graph_sched_hook(unsigned long ip, unsigned long parent_ip,
				   struct ftrace_ops *op,
				   struct ftrace_regs *fregs)
{
	struct task_struct *t = current;
	u64 now = trace_clock_read();

	if (ip == trace_graph_out_ip) {
		t->ftrace_timestamp = now;
		return;
	}
	/* Back on a CPU (finish_task_switch): the time away is not spent. */
	if (t->ftrace_timestamp && now > t->ftrace_timestamp)
		fgraph_shift_calltime(t, now - t->ftrace_timestamp);
	t->ftrace_timestamp = 0;
}

static struct ftrace_ops trace_graph_sched_ops = {
	.func	= trace_graph_sched_hook,
};

static DEFINE_MUTEX(trace_graph_lock);
static bool trace_graph_on;		/* under trace_graph_lock */
static bool trace_graph_profiling;	/* under trace_graph_lock */
static bool trace_graph_sched_on;	/* under trace_graph_lock */

/*
 * Hook the scheduler when the tracer runs with sleep-time off (@sleep_time
 * is the option's value: it changes only once this succeeded).
 */
static int trace_graph_sched_update(bool sleep_time)
{
	static const char * const in[] = {
		"finish_task_switch", "finish_task_switch.isra.0",
	};
	bool want = (trace_graph_on || trace_graph_profiling) && !sleep_time;
	char terms[96];
	unsigned int i;
	int ret;

	lockdep_assert_held(&trace_graph_lock);
	if (want == trace_graph_sched_on)
		return 0;
	if (!want) {
		unregister_ftrace_function(&trace_graph_sched_ops);
		trace_graph_sched_on = false;
		return 0;
	}
	if (!trace_graph_out_ip) {
		for (i = 0; i < ARRAY_SIZE(in); i++)
			if (fentry_site_of(in[i]))
				break;
		if (i == ARRAY_SIZE(in) ||
		    !fentry_site_of("rcu_note_context_switch"))
			return -ENODEV;
		snprintf(terms, sizeof(terms), "rcu_note_context_switch %s",
			 in[i]);
		ret = ftrace_set_filter(&trace_graph_sched_ops,
					(unsigned char *)terms, strlen(terms), 1);
		if (ret)
			return ret;
		trace_graph_out_ip = fentry_site_of("rcu_note_context_switch");
	}
	ret = register_ftrace_function(&trace_graph_sched_ops);
	if (!ret)
		trace_graph_sched_on = true;
	return ret;
}

/*
 * options/sleep-time: the scheduler hooks, set up or not, refusing the
 * change when they cannot be.
 */
static int trace_graph_set_sleep_time(struct trace_array *tr, unsigned int opt,
				      bool on)
{
	guard(mutex)(&trace_graph_lock);
	return trace_graph_sched_update(on);
}

static struct trace_opt_hook trace_graph_sleep_opt = {
	.opts = BIT(TRACE_OPT_SLEEP_TIME),
	.apply = trace_graph_set_sleep_time,
};

TRACE_OPT_HOOK(trace_graph_sleep_opt);

/**
 * trace_graph_sched_profile() - the function profiler starts or stops
 * @on:		whether it runs
 *
 * It measures with return hooking too, and sleep-time applies to it.
 *
 * Return: 0, or why the scheduler hooks could not be set up.
 */
int trace_graph_sched_profile(bool on)
{
	int ret;

	guard(mutex)(&trace_graph_lock);
	trace_graph_profiling = on;
	ret = trace_graph_sched_update(trace_opt(TRACE_OPT_SLEEP_TIME));
	if (ret && on) {
		trace_graph_profiling = false;
		trace_graph_sched_update(trace_opt(TRACE_OPT_SLEEP_TIME));
	}
	return ret;
}

static int trace_graph_init(void)
{
	int ret;

	trace_buf_reset(&trace_top_buf, RING_BUFFER_ALL_CPUS);
	guard(mutex)(&trace_graph_lock);
	trace_graph_on = true;
	ret = trace_graph_sched_update(trace_opt(TRACE_OPT_SLEEP_TIME));
	if (ret)
		goto fail;
	/* The tasks' states start afresh: none is inside a gate. */
	atomic_set(&fentry_gates, 0);
	ret = register_ftrace_graph(&trace_graph_ops);
	if (!ret) {
		WRITE_ONCE(trace_graph_live, true);
		return 0;
	}
fail:
	trace_graph_on = false;
	trace_graph_sched_update(trace_opt(TRACE_OPT_SLEEP_TIME));
	return ret;
}

static void trace_graph_reset(void)
{
	WRITE_ONCE(trace_graph_live, false);
	unregister_ftrace_graph(&trace_graph_ops);
	guard(mutex)(&trace_graph_lock);
	trace_graph_on = false;
	trace_graph_sched_update(trace_opt(TRACE_OPT_SLEEP_TIME));
}

/*
 * function_graph in an instance: a user of the return hooking of its own,
 * on the instance's set_ftrace_filter and set_ftrace_notrace, writing
 * into its buffer for the tasks its set_ftrace_pid lets through.
 * set_graph_function, set_graph_notrace, max_graph_depth and the
 * options of the graph's output are the top array's, and the first two
 * apply to the top array only.
 */
struct trace_graph_inst {
	struct fgraph_ops gops;
	const struct fentry_target *to;
};

static int trace_graph_array_entry(struct ftrace_graph_ent *e,
				   struct fgraph_ops *gops)
{
	struct trace_graph_inst *gi = gops->ops.private;
	unsigned int max = READ_ONCE(trace_graph_max_depth);

	if (unlikely(!trace_buf_enabled(gi->to->buf)) ||
	    trace_pid_ignores(gi->to->pids))
		return 0;
	if (!trace_opt(TRACE_OPT_FUNCGRAPH_IRQS) && in_hardirq())
		return 0;
	if (max && e->depth >= max)
		return 0;
	if (!READ_ONCE(trace_thresh_ns))
		trace_graph_ent_write(gi->to->buf, e->func, e->depth,
				      trace_ctx_dec());
	return 1;
}

static void trace_graph_array_return(struct ftrace_graph_ret *ret,
				     struct fgraph_ops *gops)
{
	struct trace_graph_inst *gi = gops->ops.private;
	u64 thresh = READ_ONCE(trace_thresh_ns);

	if (thresh && ret->rettime - ret->calltime < thresh)
		return;
	trace_graph_ret_write(gi->to->buf, ret, trace_ctx_dec());
}

/* An instance's user, while function_graph is its tracer (trace_lock). */
static struct trace_graph_inst **trace_graph_slot(struct trace_array *tr)
{
	return (struct trace_graph_inst **)trace_array_slot(tr,
							    TRACE_ARRAY_GRAPH);
}

static int trace_graph_init_array(struct trace_array *tr)
{
	struct ftrace_ops *fops = fentry_array_ops(tr);
	struct trace_graph_inst *gi = kzalloc(sizeof(*gi), GFP_KERNEL);
	int ret;

	if (!gi)
		return -ENOMEM;
	gi->to = fops->private;
	gi->gops.entryfunc = trace_graph_array_entry;
	gi->gops.retfunc = trace_graph_array_return;
	gi->gops.ops.func_hash = fops->func_hash;
	gi->gops.ops.private = gi;
	trace_buf_reset(gi->to->buf, RING_BUFFER_ALL_CPUS);
	ret = register_ftrace_graph(&gi->gops);
	if (ret) {
		kfree(gi);
		return ret;
	}
	*trace_graph_slot(tr) = gi;
	return 0;
}

static void trace_graph_reset_array(struct trace_array *tr)
{
	struct trace_graph_inst **slot = trace_graph_slot(tr);

	unregister_ftrace_graph(&(*slot)->gops);
	kfree(*slot);
	*slot = NULL;
}

static struct tracer trace_graph_tracer = {
	.name		= "function_graph",
	.init		= trace_graph_init,
	.reset		= trace_graph_reset,
	.init_array	= trace_graph_init_array,
	.reset_array	= trace_graph_reset_array,
	.print_header	= trace_graph_print_header,
	.print_ev	= trace_graph_print_ev,
};

/* max_graph_depth */

/**
 * trace_graph_depth_show() - max_graph_depth, read
 * @m:		the file
 * @tr:		the trace array of the file
 * @unused:	table argument
 *
 * Return: 0.
 */
static int trace_graph_depth_show(struct seq_file *m, struct trace_array *tr,
				  long unused)
{
	seq_printf(m, "%u\n", READ_ONCE(trace_graph_max_depth));
	return 0;
}

/**
 * trace_graph_depth_store() - max_graph_depth, written
 * @tr:		the trace array of the file
 * @val:	a number; 0 removes the limit
 * @unused:	table argument
 *
 * Return: 0 or -EINVAL.
 */
static int trace_graph_depth_store(struct trace_array *tr, const char *val,
				   long unused)
{
	unsigned int d;

	if (kstrtouint(val, 0, &d))
		return -EINVAL;
	WRITE_ONCE(trace_graph_max_depth, d);
	return 0;
}

/*
 * ftrace_graph_filter=, ftrace_graph_notrace= and ftrace_graph_max_depth=
 * on the command line: what set_graph_function and set_graph_notrace
 * (terms separated by commas) and max_graph_depth start with.
 */
FENTRY_BOOT_TERMS(trace_graph_boot_filter, "ftrace_graph_filter=");
FENTRY_BOOT_TERMS(trace_graph_boot_notrace, "ftrace_graph_notrace=");

static int __init trace_graph_depth_setup(char *str)
{
	if (trace_graph_depth_store(&trace_top, str, 0))
		pr_warn("tracing: ftrace_graph_max_depth=%s: not a number, ignored\n",
			str);
	return 1;
}
__setup("ftrace_graph_max_depth=", trace_graph_depth_setup);

static int __init trace_graph_register(void)
{
	fentry_boot_sets(&trace_graph_sets, trace_graph_boot_filter_terms,
			 trace_graph_boot_notrace_terms, "ftrace_graph");
	return trace_register_tracer(&trace_graph_tracer);
}
core_initcall(trace_graph_register);

static const struct trace_fs_file trace_graph_files[] = {
	TRACE_FS_FOPS("set_graph_function", 0640, TRACE_FS_TOP_ONLY,
		      FENTRY_LIST_GRAPH, &fentry_filter_fops),
	TRACE_FS_FOPS("set_graph_notrace", 0640, TRACE_FS_TOP_ONLY,
		      FENTRY_LIST_GRAPH_NOTRACE, &fentry_filter_fops),
	TRACE_FS_ATTR("max_graph_depth", 0640, TRACE_FS_TOP_ONLY,
		      trace_graph_depth_show, trace_graph_depth_store),
};

static struct trace_fs_table trace_graph_fs = {
	.name = "function_graph",
	.files = trace_graph_files,
	.nr = ARRAY_SIZE(trace_graph_files),
	.order = TRACE_FS_ORDER_GRAPH,
};

TRACE_FS_REGISTER(trace_graph_fs);
