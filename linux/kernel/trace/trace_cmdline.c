// SPDX-License-Identifier: GPL-2.0
/*
 * saved_cmdlines and saved_tgids: the command name and thread group of
 * the tasks that wrote records, so that the output can name them after
 * the tasks are gone.
 *
 * A table of saved_cmdlines_size entries, entry pid % size holding the
 * last task seen with such a pid. A record checks, without a lock, that
 * the entry its CPU saved last still holds its task under its name (a
 * task_struct reused by a new task, or an entry another CPU filled with
 * another pid, fail that check). Otherwise it saves the task under the
 * table's lock, or gives up when the lock is busy and tries again on the
 * next record. A resize makes a new table and frees the old one after a
 * grace period.
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

/*
 * Protects the entries of trace_cmdline_tab and its replacement. Records
 * read the pointer and the entries without it (see trace_cmdline_save()).
 */
static DEFINE_RAW_SPINLOCK(trace_cmdline_lock);
struct trace_cmdline_table __rcu *trace_cmdline_tab;
/* Serialises resizes, which allocate and wait outside the spinlock. */
static DEFINE_MUTEX(trace_cmdline_resize_lock);

/*
 * Besides the hint, the entries each CPU saved before it: a CPU often goes
 * back and forth between two or three tasks (a pipe between them, a task
 * and its kworker), and finding them here takes no lock.
 */
#define TRACE_CMDLINE_RECENT	4

/**
 * struct trace_cmdline_recent - a CPU's last saved entries
 * @h:		gen and index of each, as trace_cmdline_hint holds them
 * @next:	the one the next save replaces
 */
struct trace_cmdline_recent {
	u64 h[TRACE_CMDLINE_RECENT];
	unsigned int next;
};

static DEFINE_PER_CPU(struct trace_cmdline_recent, trace_cmdline_last);
DEFINE_PER_CPU(u64, trace_cmdline_hint);

/* The table, for a holder of trace_cmdline_lock. */
static struct trace_cmdline_table *trace_cmdline_locked(void)
{
	return rcu_dereference_protected(trace_cmdline_tab,
					 lockdep_is_held(&trace_cmdline_lock));
}

/* The entry for @pid, for a holder of trace_cmdline_lock. */
static struct trace_cmdline *trace_cmdline_slot(pid_t pid)
{
	struct trace_cmdline_table *tab = trace_cmdline_locked();

	return &tab->e[(unsigned int)pid % tab->n];
}

static u64 trace_cmdline_code(const struct trace_cmdline_table *tab,
			      unsigned int i)
{
	return (u64)tab->gen << 32 | i;
}

/* Look for @tsk among the entries this CPU saved. Preemption is off. */
static bool trace_cmdline_recent_find(const struct trace_cmdline_table *tab,
				      struct task_struct *tsk, u64 *code)
{
	struct trace_cmdline_recent *last = this_cpu_ptr(&trace_cmdline_last);
	unsigned int i;
	u64 h;

	for (i = 0; i < TRACE_CMDLINE_RECENT; i++) {
		h = READ_ONCE(last->h[i]);
		if ((u32)(h >> 32) == tab->gen &&
		    trace_cmdline_holds(&tab->e[(u32)h], tsk)) {
			*code = h;
			return true;
		}
	}
	return false;
}

/*
 * Save @tsk in its entry. Returns false when the lock was busy: its holder
 * may be this CPU, interrupted by an NMI or recording from inside the
 * section (lockdep's lock events), so a record never waits for it.
 */
static bool trace_cmdline_store(struct task_struct *tsk, u64 *code)
{
	struct trace_cmdline_recent *last = this_cpu_ptr(&trace_cmdline_last);
	struct trace_cmdline_table *tab;
	struct trace_cmdline *e;
	unsigned long flags;
	unsigned int i;

	raw_local_irq_save(flags);
	if (!raw_spin_trylock(&trace_cmdline_lock)) {
		raw_local_irq_restore(flags);
		return false;
	}
	tab = trace_cmdline_locked();
	i = tsk->pid % tab->n;
	e = &tab->e[i];
	e->pid = tsk->pid;
	e->tgid = tsk->tgid;
	memcpy(e->comm, tsk->comm, TASK_COMM_LEN);
	*code = trace_cmdline_code(tab, i);
	WRITE_ONCE(last->h[last->next++ % TRACE_CMDLINE_RECENT], *code);
	raw_spin_unlock(&trace_cmdline_lock);
	raw_local_irq_restore(flags);
	return true;
}

/**
 * trace_cmdline_save_task() - remember a task's command name
 * @tsk:	the task (current, or one a tracer records, such as a task
 *		being woken)
 *
 * Callable from any context. Skips the update when it finds the table's
 * lock busy.
 */
void trace_cmdline_save_task(struct task_struct *tsk)
{
	const struct trace_cmdline_table *tab;
	u64 code;

	if (!tsk->pid)
		return;
	preempt_disable_notrace();
	/* As trace_cmdline_save(): unchecked, with preemption off. */
	tab = rcu_dereference_raw(trace_cmdline_tab);
	if (trace_cmdline_recent_find(tab, tsk, &code) ||
	    trace_cmdline_store(tsk, &code)) {
		/*
		 * Only for the current task, which is what trace_cmdline_save()
		 * checks. An interrupt may change the hint in between: at
		 * worst the next record looks again.
		 */
		if (tsk == current)
			this_cpu_write(trace_cmdline_hint, code);
	}
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
	e = trace_cmdline_slot(pid);
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
	e = trace_cmdline_slot(pid);
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
	const struct trace_cmdline_table *tab;
	struct trace_cmdline e;
	unsigned long flags;
	unsigned int i;

	for (i = 0;; i++) {
		raw_spin_lock_irqsave(&trace_cmdline_lock, flags);
		tab = trace_cmdline_locked();
		if (i >= tab->n) {
			raw_spin_unlock_irqrestore(&trace_cmdline_lock, flags);
			return;
		}
		e = tab->e[i];
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
 * @tr:		the trace array of the file
 * @unused:	not used
 *
 * Return: 0.
 */
static int saved_cmdlines_show(struct seq_file *m, struct trace_array *tr,
			       long unused)
{
	trace_cmdlines_each(m, cmdline_line);
	return 0;
}

/**
 * saved_tgids_show() - print saved_tgids: "pid tgid" lines
 * @m:		where to print
 * @tr:		the trace array of the file
 * @unused:	not used
 *
 * Return: 0.
 */
static int saved_tgids_show(struct seq_file *m, struct trace_array *tr,
			    long unused)
{
	if (trace_opt(TRACE_OPT_RECORD_TGID))
		trace_cmdlines_each(m, tgid_line);
	return 0;
}

/**
 * saved_cmdlines_size_show() - print the number of entries kept
 * @m:		where to print
 * @tr:		the trace array of the file
 * @unused:	not used
 *
 * Return: 0.
 */
static int saved_cmdlines_size_show(struct seq_file *m, struct trace_array *tr,
				    long unused)
{
	const struct trace_cmdline_table *tab;

	guard(mutex)(&trace_cmdline_resize_lock);
	tab = rcu_dereference_protected(trace_cmdline_tab,
					lockdep_is_held(&trace_cmdline_resize_lock));
	seq_printf(m, "%u\n", tab->n);
	return 0;
}

static int trace_cmdlines_resize(unsigned int n)
{
	struct trace_cmdline_table *new, *old;
	unsigned long flags;
	unsigned int i;

	new = kvzalloc(struct_size(new, e, n), GFP_KERNEL);
	if (!new)
		return -ENOMEM;
	new->n = n;
	guard(mutex)(&trace_cmdline_resize_lock);
	raw_spin_lock_irqsave(&trace_cmdline_lock, flags);
	old = trace_cmdline_locked();
	/*
	 * A new gen voids every CPU's hint and recent entries at once: an
	 * entry the rehash drops must be saved again.
	 */
	new->gen = old ? old->gen + 1 : 1;
	for (i = 0; old && i < old->n; i++)
		if (old->e[i].pid)
			new->e[old->e[i].pid % n] = old->e[i];
	rcu_assign_pointer(trace_cmdline_tab, new);
	raw_spin_unlock_irqrestore(&trace_cmdline_lock, flags);
	/* Records read the old table with preemption off. */
	if (old) {
		synchronize_rcu();
		kvfree(old);
	}
	return 0;
}

/**
 * saved_cmdlines_size_store() - set the number of entries kept
 * @tr:		the trace array of the file
 * @val:	1 to PID_MAX_DEFAULT
 * @unused:	not used
 *
 * Return: 0, -EINVAL for a bad number, or -ENOMEM.
 */
static int saved_cmdlines_size_store(struct trace_array *tr, const char *val,
				     long unused)
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

static const struct trace_fs_file trace_cmdline_files[] = {
	TRACE_FS_ATTR("saved_cmdlines", 0440, TRACE_FS_TOP_ONLY,
		      saved_cmdlines_show, NULL),
	TRACE_FS_ATTR("saved_cmdlines_size", 0640, TRACE_FS_TOP_ONLY,
		      saved_cmdlines_size_show, saved_cmdlines_size_store),
	TRACE_FS_ATTR("saved_tgids", 0440, TRACE_FS_TOP_ONLY, saved_tgids_show,
		      NULL),
};

static struct trace_fs_table trace_cmdline_fs = {
	.name = "cmdlines",
	.files = trace_cmdline_files,
	.nr = ARRAY_SIZE(trace_cmdline_files),
	.order = TRACE_FS_ORDER_CMDLINE,
	.readme =
	"  saved_cmdlines       - pid and command of recent writers\n"
	"  saved_cmdlines_size  - how many of them are kept\n"
	"  saved_tgids          - pid and thread group (with record-tgid)\n",
};

TRACE_FS_REGISTER(trace_cmdline_fs);
