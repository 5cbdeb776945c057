// SPDX-License-Identifier: GPL-2.0
/*
 * timerlat's user-space threads: osnoise/per_cpu/cpuN/timerlat_fd.
 *
 * While timerlat runs with options/NO_OSNOISE_WORKLOAD, a thread affined
 * to CPU N alone that opens cpuN's file becomes that CPU's timerlat
 * thread; one at a time (-EBUSY for another), and -EINVAL from any other
 * CPU or another setting. Each read() records how long the thread took to
 * come back since the last one woke (context user-ret), then arms the
 * timer for the next period and sleeps until it fires: the interrupt's
 * and the thread's latencies are recorded as for the kernel thread, and
 * read() returns 0. A thread found on another CPU, or whose tracer stops,
 * is killed, as upstream documents.
 */
#include <linux/fs.h>
#include <linux/hrtimer.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/sched/task.h>

#include "trace.h"
#include "trace_osnoise.h"

static int tlat_fd_open(struct inode *inode, struct file *file)
{
	long cpu = trace_fs_arg(inode);
	struct osn_cpu *oc = per_cpu_ptr(&osn_cpus_state, cpu);
	struct tlat_cpu *t = &oc->tlat;
	bool here;

	guard(mutex)(&osn_lock);
	if (osn_current_mode() != OSN_TIMERLAT ||
	    (osn_cfg.options & BIT(OSN_OPT_WORKLOAD)))
		return -EINVAL;
	/* The wrong CPU first: the file's CPU is not the opener's to test. */
	migrate_disable();
	here = current->nr_cpus_allowed == 1 && smp_processor_id() == cpu;
	migrate_enable();
	if (!here || !READ_ONCE(oc->active))
		return -EINVAL;
	if (oc->task)
		return -EBUSY;
	get_task_struct(current);
	t->user = true;
	t->stop = false;
	t->expires = 0;
	WRITE_ONCE(oc->task, current);
	file->private_data = current;
	return 0;
}

static ssize_t tlat_fd_read(struct file *file, char __user *ubuf, size_t cnt,
			    loff_t *ppos)
{
	long cpu = trace_fs_arg(file_inode(file));
	struct osn_cpu *oc = per_cpu_ptr(&osn_cpus_state, cpu);
	struct tlat_cpu *t = &oc->tlat;
	bool woke;
	u64 now;

	if (READ_ONCE(oc->task) != current || file->private_data != current ||
	    READ_ONCE(t->stop))
		return -EINVAL;
	migrate_disable();
	if (smp_processor_id() != cpu) {
		migrate_enable();
		send_sig(SIGKILL, current, 1);
		return -EINVAL;
	}
	if (t->expires) {
		now = ktime_get_ns();
		preempt_disable();
		tlat_record(t->seq, TLAT_CTX_USER_RET,
			    now > t->expires ? now - t->expires : 0);
		preempt_enable();
	}
	woke = tlat_arm(oc, !t->expires);
	if (woke)
		tlat_thread_woke(oc);
	migrate_enable();
	if (woke)
		return 0;
	return READ_ONCE(t->stop) ? -EINVAL : -EINTR;
}

static int tlat_fd_release(struct inode *inode, struct file *file)
{
	long cpu = trace_fs_arg(inode);
	struct osn_cpu *oc = per_cpu_ptr(&osn_cpus_state, cpu);
	struct task_struct *task = file->private_data;

	guard(mutex)(&osn_lock);
	if (oc->task == task) {
		hrtimer_cancel(&oc->tlat.timer);
		oc->tlat.user = false;
		WRITE_ONCE(oc->task, NULL);
	}
	put_task_struct(task);
	return 0;
}

static const struct file_operations tlat_fd_fops = {
	.open		= tlat_fd_open,
	.read		= tlat_fd_read,
	.release	= tlat_fd_release,
	.llseek		= noop_llseek,
};

const struct trace_fs_file tlat_fd_file =
	TRACE_FS_FOPS(NULL, 0440, TRACE_FS_TOP_ONLY, 0, &tlat_fd_fops);
