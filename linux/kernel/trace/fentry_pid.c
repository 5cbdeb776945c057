// SPDX-License-Identifier: GPL-2.0
/*
 * Task filters of the function tracers: set_ftrace_pid (only these tasks
 * are traced) and set_ftrace_notrace_pid (these never are), and
 * options/function-fork, which makes both lists follow forks. The lists
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
#include <linux/sched.h>

#include "fentry.h"
#include "trace.h"
#include "trace_pid.h"

static int fentry_pid_hook_set(bool on);

struct trace_pid_set fentry_pids = TRACE_PID_SET(fentry_pid_hook_set, NULL);

static unsigned long fentry_pid_fork_ip, fentry_pid_reap_ip;

static void fentry_pid_hook(unsigned long ip, unsigned long parent_ip,
			    struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	struct task_struct *t = (void *)arch_ftrace_regs(fregs)->regs.di;

	if (ip == fentry_pid_fork_ip)
		trace_pid_fork(&fentry_pids, t);
	else if (ip == fentry_pid_reap_ip)
		trace_pid_reap(&fentry_pids, t);
}

static struct ftrace_ops fentry_pid_ops = {
	.func	= fentry_pid_hook,
};

/* Register or remove the fork and reap hooks; under the set's mutex. */
static int fentry_pid_hook_set(bool on)
{
	static const char terms[] = "wake_up_new_task release_task";
	int ret;

	if (!on)
		return unregister_ftrace_function(&fentry_pid_ops);
	if (!fentry_pid_fork_ip) {
		ret = ftrace_set_filter(&fentry_pid_ops, (unsigned char *)terms,
					sizeof(terms) - 1, 1);
		if (ret)
			return ret;
		fentry_pid_fork_ip = fentry_site_of("wake_up_new_task");
		fentry_pid_reap_ip = fentry_site_of("release_task");
	}
	return register_ftrace_function(&fentry_pid_ops);
}

/* options/function-fork: the lists follow forks (@on), or stop to. */
static int fentry_pid_set_follow(unsigned int opt, bool on)
{
	return trace_pid_set_follow(&fentry_pids, on);
}

static struct trace_opt_hook fentry_pid_opt = {
	.opts = BIT(TRACE_OPT_FUNCTION_FORK),
	.apply = fentry_pid_set_follow,
};

TRACE_OPT_HOOK(fentry_pid_opt);

static const struct trace_fs_file fentry_pid_files[] = {
	TRACE_FS_FOPS("set_ftrace_pid", 0644, TRACE_FS_TOP_ONLY,
		      TRACE_PID_ARG(fentry_pids, TRACE_PID_ONLY), &trace_pid_fops),
	TRACE_FS_FOPS("set_ftrace_notrace_pid", 0644, TRACE_FS_TOP_ONLY,
		      TRACE_PID_ARG(fentry_pids, TRACE_PID_NEVER), &trace_pid_fops),
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
