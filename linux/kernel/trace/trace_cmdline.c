// SPDX-License-Identifier: GPL-2.0
/*
 * saved_cmdlines and saved_tgids: the command name and thread group of
 * the tasks that wrote records, so that the output can name them after
 * the tasks are gone.
 *
 * A table of saved_cmdlines_size entries, entry pid % size holding the
 * last task seen with such a pid. Writers take the lock with a trylock
 * (they may be NMIs) and skip the update when it is busy, or when their
 * CPU saved the same task last time.
 */
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/threads.h>
#include <linux/unaligned.h>

#include "trace.h"

#define TRACE_CMDLINES_DEFAULT	128

/**
 * struct trace_cmdline - a task seen writing records
 * @pid:	its pid; 0 for a free entry
 * @tgid:	its thread group
 * @comm:	its command name at the time
 */
struct trace_cmdline {
	pid_t pid;
	pid_t tgid;
	char comm[TASK_COMM_LEN];
};

/* Protects trace_cmdlines and trace_nr_cmdlines. */
static DEFINE_RAW_SPINLOCK(trace_cmdline_lock);
static struct trace_cmdline *trace_cmdlines;
static unsigned int trace_nr_cmdlines;
/* Serialises resizes, which allocate outside the spinlock. */
static DEFINE_MUTEX(trace_cmdline_resize_lock);

/*
 * The tasks each CPU saved last, to skip saving them again: a few, since
 * a CPU often goes back and forth between two or three tasks (a pipe
 * between them, a task and its kworker).
 */
#define TRACE_CMDLINE_RECENT	4

/**
 * struct trace_cmdline_recent - a CPU's last saved tasks
 * @e:		the entries, as saved; pid 0 when free
 * @next:	the entry the next save replaces
 */
struct trace_cmdline_recent {
	struct trace_cmdline e[TRACE_CMDLINE_RECENT];
	unsigned int next;
};

static DEFINE_PER_CPU(struct trace_cmdline_recent, trace_cmdline_last);
DEFINE_PER_CPU(struct trace_cmdline_hint, trace_cmdline_hint);

/* Is @e the entry of @tsk under its current name? */
static bool trace_cmdline_same(const struct trace_cmdline *e,
			       const struct task_struct *tsk)
{
	const u64 *a = (const u64 *)e->comm;

	BUILD_BUG_ON(TASK_COMM_LEN != 2 * sizeof(u64));
	return e->pid == tsk->pid &&
	       a[0] == get_unaligned((const u64 *)tsk->comm) &&
	       a[1] == get_unaligned((const u64 *)tsk->comm + 1);
}

/**
 * trace_cmdline_save_task() - remember a task's command name
 * @tsk:	the task (current, or one a tracer records, such as a task
 *		being woken)
 *
 * Callable from any context; may skip the update when contended.
 */
void trace_cmdline_save_task(struct task_struct *tsk)
{
	struct trace_cmdline_recent *last;
	struct trace_cmdline *e;
	unsigned long flags;
	unsigned int i;
	bool saved;

	if (!tsk->pid)
		return;
	preempt_disable_notrace();
	last = this_cpu_ptr(&trace_cmdline_last);
	/*
	 * Read with interrupts on: one that saves meanwhile can only make
	 * this miss, or save once more.
	 */
	for (i = 0; i < TRACE_CMDLINE_RECENT; i++) {
		if (trace_cmdline_same(&last->e[i], tsk))
			goto hint;
	}
	raw_local_irq_save(flags);
	saved = raw_spin_trylock(&trace_cmdline_lock);
	if (saved) {
		e = &trace_cmdlines[tsk->pid % trace_nr_cmdlines];
		e->pid = tsk->pid;
		e->tgid = tsk->tgid;
		memcpy(e->comm, tsk->comm, TASK_COMM_LEN);
		last->e[last->next++ % TRACE_CMDLINE_RECENT] = *e;
		raw_spin_unlock(&trace_cmdline_lock);
	}
	raw_local_irq_restore(flags);
	if (!saved)
		goto out;
hint:
	/*
	 * Only for the current task, which is what trace_cmdline_save()
	 * checks. An interrupt may change the hint in between: at worst the
	 * next record looks here again.
	 */
	if (tsk == current) {
		this_cpu_write(trace_cmdline_hint.task, tsk);
		this_cpu_write(trace_cmdline_hint.comm,
			       get_unaligned((const u64 *)tsk->comm));
	}
out:
	preempt_enable_notrace();
}

/**
 * trace_cmdline_find() - the command name saved for a pid
 * @pid:	the pid
 * @comm:	receives the name: "<idle>" for pid 0, "<...>" when unknown
 */
void trace_cmdline_find(pid_t pid, char comm[TASK_COMM_LEN])
{
	const struct trace_cmdline *e;
	unsigned long flags;

	if (!pid) {
		strscpy(comm, "<idle>", TASK_COMM_LEN);
		return;
	}
	strscpy(comm, "<...>", TASK_COMM_LEN);
	raw_spin_lock_irqsave(&trace_cmdline_lock, flags);
	e = &trace_cmdlines[pid % trace_nr_cmdlines];
	if (e->pid == pid)
		memcpy(comm, e->comm, TASK_COMM_LEN);
	raw_spin_unlock_irqrestore(&trace_cmdline_lock, flags);
}

/**
 * trace_cmdline_tgid() - the thread group saved for a pid
 * @pid:	the pid
 *
 * Return: the tgid, or 0 when unknown.
 */
int trace_cmdline_tgid(pid_t pid)
{
	const struct trace_cmdline *e;
	unsigned long flags;
	int tgid = 0;

	raw_spin_lock_irqsave(&trace_cmdline_lock, flags);
	e = &trace_cmdlines[pid % trace_nr_cmdlines];
	if (pid && e->pid == pid)
		tgid = e->tgid;
	raw_spin_unlock_irqrestore(&trace_cmdline_lock, flags);
	return tgid;
}

/* Print the entries through @fn, one at a time outside the lock. */
static void trace_cmdlines_each(struct seq_file *m,
				void (*fn)(struct seq_file *m,
					   const struct trace_cmdline *e))
{
	struct trace_cmdline e;
	unsigned long flags;
	unsigned int i;

	for (i = 0;; i++) {
		raw_spin_lock_irqsave(&trace_cmdline_lock, flags);
		if (i >= trace_nr_cmdlines) {
			raw_spin_unlock_irqrestore(&trace_cmdline_lock, flags);
			return;
		}
		e = trace_cmdlines[i];
		raw_spin_unlock_irqrestore(&trace_cmdline_lock, flags);
		if (e.pid)
			fn(m, &e);
	}
}

static void cmdline_line(struct seq_file *m, const struct trace_cmdline *e)
{
	seq_printf(m, "%d %s\n", e->pid, e->comm);
}

static void tgid_line(struct seq_file *m, const struct trace_cmdline *e)
{
	seq_printf(m, "%d %d\n", e->pid, e->tgid);
}

/**
 * saved_cmdlines_show() - print saved_cmdlines: "pid comm" lines
 * @m:		where to print
 * @unused:	not used
 *
 * Return: 0.
 */
int saved_cmdlines_show(struct seq_file *m, long unused)
{
	trace_cmdlines_each(m, cmdline_line);
	return 0;
}

/**
 * saved_tgids_show() - print saved_tgids: "pid tgid" lines
 * @m:		where to print
 * @unused:	not used
 *
 * Return: 0.
 */
int saved_tgids_show(struct seq_file *m, long unused)
{
	if (trace_opt(TRACE_OPT_RECORD_TGID))
		trace_cmdlines_each(m, tgid_line);
	return 0;
}

/**
 * saved_cmdlines_size_show() - print the number of entries kept
 * @m:		where to print
 * @unused:	not used
 *
 * Return: 0.
 */
int saved_cmdlines_size_show(struct seq_file *m, long unused)
{
	seq_printf(m, "%u\n", READ_ONCE(trace_nr_cmdlines));
	return 0;
}

static int trace_cmdlines_resize(unsigned int n)
{
	struct trace_cmdline *new, *old;
	unsigned long flags;
	unsigned int i, cpu;

	new = kvcalloc(n, sizeof(*new), GFP_KERNEL);
	if (!new)
		return -ENOMEM;
	guard(mutex)(&trace_cmdline_resize_lock);
	raw_spin_lock_irqsave(&trace_cmdline_lock, flags);
	old = trace_cmdlines;
	for (i = 0; old && i < trace_nr_cmdlines; i++)
		if (old[i].pid)
			new[old[i].pid % n] = old[i];
	trace_cmdlines = new;
	trace_nr_cmdlines = n;
	raw_spin_unlock_irqrestore(&trace_cmdline_lock, flags);
	/* An entry dropped by the rehash must be saved again. */
	for_each_possible_cpu(cpu) {
		memset(per_cpu_ptr(&trace_cmdline_last, cpu), 0,
		       sizeof(struct trace_cmdline_recent));
		per_cpu_ptr(&trace_cmdline_hint, cpu)->task = NULL;
	}
	kvfree(old);
	return 0;
}

/**
 * saved_cmdlines_size_store() - set the number of entries kept
 * @val:	1 to PID_MAX_DEFAULT
 * @unused:	not used
 *
 * Return: 0, -EINVAL for a bad number, or -ENOMEM.
 */
int saved_cmdlines_size_store(const char *val, long unused)
{
	unsigned int n;
	int ret = kstrtouint(val, 10, &n);

	if (ret)
		return ret;
	if (!n || n > PID_MAX_DEFAULT)
		return -EINVAL;
	return trace_cmdlines_resize(n);
}

/**
 * trace_cmdline_init() - allocate the table at boot
 *
 * Return: 0, or -ENOMEM.
 */
int __init trace_cmdline_init(void)
{
	return trace_cmdlines_resize(TRACE_CMDLINES_DEFAULT);
}
