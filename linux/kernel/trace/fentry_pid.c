// SPDX-License-Identifier: GPL-2.0
/*
 * Task filters of the function tracers: set_ftrace_pid (only these tasks
 * are traced) and set_ftrace_notrace_pid (these never are), one set per
 * trace array, and options/function-fork, which makes the lists follow
 * forks. The lists
 * and their files are trace_pid.c's; this file gives them their hooks.
 *
 * Following forks needs to see a task being born and reaped. Rather than
 * a hook in the scheduler, the lists trace two functions with a user of
 * their own: wake_up_new_task(child), called by the parent before the
 * child first runs, and release_task(task), called when a task is
 * reaped. That user exists only while function-fork is on and a list is
 * not empty.
 */
#include <linux/ftrace.h>
#include <linux/rculist.h>
#include <linux/sched.h>

#include "fentry.h"
#include "trace.h"
#include "trace_pid.h"

static int fentry_pid_hook_set(struct trace_pid_set *set, bool on);

/* The top array's set. */
struct trace_pid_set fentry_pids = TRACE_PID_SET(fentry_pid_hook_set, NULL);

/*
 * The sets that follow forks now, top and instances': by their @node,
 * changed under trace_pid.c's mutex (the hook's), read by the hook.
 */
static LIST_HEAD(fentry_pid_following);

static unsigned long fentry_pid_fork_ip, fentry_pid_reap_ip;

static void fentry_pid_hook(unsigned long ip, unsigned long parent_ip,
			    struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	struct task_struct *t = (void *)arch_ftrace_regs(fregs)->regs.di;
	struct trace_pid_set *set;

	list_for_each_entry_rcu(set, &fentry_pid_following, node) {
		if (ip == fentry_pid_fork_ip)
			trace_pid_fork(set, t);
		else if (ip == fentry_pid_reap_ip)
			trace_pid_reap(set, t);
	}
}

static struct ftrace_ops fentry_pid_ops = {
	.func	= fentry_pid_hook,
};

/* @set starts or stops following; the hook is there while one does. */
static int fentry_pid_hook_set(struct trace_pid_set *set, bool on)
{
	static const char terms[] = "wake_up_new_task release_task";
	int ret;

	if (!on) {
		list_del_rcu(&set->node);
		if (list_empty(&fentry_pid_following))
			return unregister_ftrace_function(&fentry_pid_ops);
		/* The dispatch calls the hook with preemption off. */
		synchronize_rcu();
		return 0;
	}
	if (!fentry_pid_fork_ip) {
		ret = ftrace_set_filter(&fentry_pid_ops, (unsigned char *)terms,
					sizeof(terms) - 1, 1);
		if (ret)
			return ret;
		fentry_pid_fork_ip = fentry_site_of("wake_up_new_task");
		fentry_pid_reap_ip = fentry_site_of("release_task");
	}
	if (list_empty(&fentry_pid_following)) {
		ret = register_ftrace_function(&fentry_pid_ops);
		if (ret)
			return ret;
	}
	list_add_rcu(&set->node, &fentry_pid_following);
	return 0;
}

/* An instance starts with function-fork off (TRACE_OPTS_ZEROED). */
static int fentry_pid_add(struct trace_array *tr, struct trace_fs_dirs *fs,
			  struct dentry *dir)
{
	struct trace_pid_set *set = trace_pid_set_new(fentry_pid_hook_set, NULL);

	if (!set)
		return -ENOMEM;
	*trace_array_slot(tr, TRACE_ARRAY_FN_PIDS) = set;
	return 0;
}

/* Its function tracer went first; they may still ask until a grace period. */
static void fentry_pid_remove(struct trace_array *tr)
{
	struct trace_pid_set **slot, *set;

	slot = (struct trace_pid_set **)trace_array_slot(tr, TRACE_ARRAY_FN_PIDS);
	set = *slot;
	*slot = NULL;
	trace_pid_set_release(set);
}

static struct trace_array_client fentry_pid_client = {
	.add = fentry_pid_add,
	.remove = fentry_pid_remove,
	.order = TRACE_ARRAY_ORDER_PIDS,
};

static int __init fentry_pid_init(void)
{
	*trace_array_slot(&trace_top, TRACE_ARRAY_FN_PIDS) = &fentry_pids;
	trace_array_client_register(&fentry_pid_client);
	return 0;
}
core_initcall(fentry_pid_init);

/* options/function-fork of @tr: its lists follow forks, or stop to. */
static int fentry_pid_set_follow(struct trace_array *tr, unsigned int opt,
				 bool on)
{
	return trace_pid_set_follow(*trace_array_slot(tr, TRACE_ARRAY_FN_PIDS),
				    on);
}

static struct trace_opt_hook fentry_pid_opt = {
	.opts = BIT(TRACE_OPT_FUNCTION_FORK),
	.apply = fentry_pid_set_follow,
};

TRACE_OPT_HOOK(fentry_pid_opt);

static const struct trace_fs_file fentry_pid_files[] = {
	TRACE_FS_FOPS("set_ftrace_pid", 0640, TRACE_FS_ARRAY,
		      TRACE_PID_ARG(TRACE_ARRAY_FN_PIDS, TRACE_PID_ONLY),
		      &trace_pid_fops),
	TRACE_FS_FOPS("set_ftrace_notrace_pid", 0640, TRACE_FS_ARRAY,
		      TRACE_PID_ARG(TRACE_ARRAY_FN_PIDS, TRACE_PID_NEVER),
		      &trace_pid_fops),
};

static struct trace_fs_table fentry_pid_fs = {
	.name = "function pids",
	.files = fentry_pid_files,
	.nr = ARRAY_SIZE(fentry_pid_files),
	.order = TRACE_FS_ORDER_PID,
	.readme =
	"  set_ftrace_pid       - trace only these tasks (\"no pid\": all)\n"
	"  set_ftrace_notrace_pid - never trace these tasks\n"
	"      accepts: pids separated by spaces; '>' replaces, '>>' adds;\n"
	"               with options/function-fork, children of listed tasks\n"
	"               are added and reaped tasks removed\n"
	"  options/func_stack_trace - a stack trace after each function\n",
	.examples =
	"  echo function > current_tracer    # trace function entries\n"
	"  echo 'vfs_*' > set_ftrace_filter  # only these\n"
	"  echo 'schedule:traceoff:1' >> set_ftrace_filter  # stop once\n"
	"  echo $$ > set_ftrace_pid          # only this shell\n",
};

TRACE_FS_REGISTER(fentry_pid_fs);
