// SPDX-License-Identifier: GPL-2.0
/*
 * Task lists (trace_pid.h): the bitmaps, the fork and reap updates, and
 * the files that list and set them.
 *
 * A list is a bitmap indexed by pid, cut into page-sized chunks that are
 * allocated when a pid in their range is first added and kept from then
 * on (one 4 KiB chunk covers the default pid_max), so that a tracer can
 * test a bit with no lock. The table of chunks is allocated with the
 * first of them: a list that was never written costs one pointer.
 *
 * Writing pids (separated by white space) adds them; opening the file
 * with O_TRUNC empties the list first, at the first write that succeeds
 * or at the close when none failed. "-1" alone empties it too. A bad pid
 * fails the write with EINVAL and changes nothing. Reading lists one pid
 * a line, or "no pid".
 */
#include <linux/fs.h>
#include <linux/pid.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "trace.h"
#include "trace_pid.h"

/* See struct trace_pid_set. */
static DEFINE_RAW_SPINLOCK(trace_pid_lock);
static DEFINE_MUTEX(trace_pid_mutex);

/* The set a list belongs to. */
static struct trace_pid_set *trace_pid_set_of(struct trace_pids *l)
{
	if (l->never)
		return container_of(l, struct trace_pid_set,
				    lists[TRACE_PID_NEVER]);
	return container_of(l, struct trace_pid_set, lists[TRACE_PID_ONLY]);
}

/*
 * The chunk of @l that holds bit @pid, or NULL. The loads pair with the
 * cmpxchg()s of trace_pids_grow(): a table or chunk seen is initialised.
 */
static unsigned long *trace_pids_chunk(const struct trace_pids *l,
				       unsigned long pid)
{
	unsigned long **tab = READ_ONCE(l->chunks);

	return tab ? READ_ONCE(tab[pid / TRACE_PID_CHUNK_BITS]) : NULL;
}

static bool trace_pids_has(const struct trace_pids *l, pid_t pid)
{
	const unsigned long *c = trace_pids_chunk(l, pid);

	return c && test_bit(pid % TRACE_PID_CHUNK_BITS, c);
}

/**
 * trace_pid_ignores_slow() - whether a set's lists keep current from
 * being recorded
 * @set:	the set
 * @mode:	its mode as read by trace_pid_ignores()
 *
 * Return: true when current must not be recorded.
 */
bool trace_pid_ignores_slow(struct trace_pid_set *set, unsigned int mode)
{
	pid_t pid = current->pid;

	if ((mode & BIT(TRACE_PID_NEVER)) &&
	    trace_pids_has(&set->lists[TRACE_PID_NEVER], pid))
		return true;
	return (mode & BIT(TRACE_PID_ONLY)) &&
	       !trace_pids_has(&set->lists[TRACE_PID_ONLY], pid);
}

/* Add or remove @pid; its chunk must exist to add. */
static void trace_pids_assign(struct trace_pids *l, pid_t pid, bool on)
{
	unsigned long *c = trace_pids_chunk(l, pid);
	unsigned int bit = pid % TRACE_PID_CHUNK_BITS;

	lockdep_assert_held(&trace_pid_lock);
	if (!c)
		return;
	if (on && !__test_and_set_bit(bit, c))
		l->count++;
	else if (!on && __test_and_clear_bit(bit, c))
		l->count--;
}

static void trace_pid_mode_update(struct trace_pid_set *set)
{
	unsigned int mode = 0, i;

	lockdep_assert_held(&trace_pid_lock);
	for (i = 0; i < TRACE_PID_NR; i++)
		if (set->lists[i].count)
			mode |= BIT(i);
	WRITE_ONCE(set->mode, mode);
}

/*
 * Make sure @l has the chunk of @pid. The cmpxchg()s publish what they
 * install, zeroed, to trace_pids_chunk()'s loads.
 */
static int trace_pids_grow(struct trace_pids *l, pid_t pid, gfp_t gfp)
{
	unsigned long **tab = READ_ONCE(l->chunks), **slot, *c;

	if (!tab) {
		tab = kcalloc(TRACE_PID_CHUNKS, sizeof(*tab), gfp);
		if (!tab)
			return -ENOMEM;
		if (cmpxchg(&l->chunks, NULL, tab)) {
			kfree(tab);
			tab = READ_ONCE(l->chunks);
		}
	}
	slot = &tab[pid / TRACE_PID_CHUNK_BITS];
	if (READ_ONCE(*slot))
		return 0;
	c = (unsigned long *)get_zeroed_page(gfp);
	if (!c)
		return -ENOMEM;
	if (cmpxchg(slot, NULL, c))
		free_page((unsigned long)c);
	return 0;
}

/**
 * trace_pid_fork() - current forked: its child joins the lists it is in
 * @set:	the set
 * @child:	the new task
 *
 * Called by the owner's fork hook, in any context.
 */
void trace_pid_fork(struct trace_pid_set *set, struct task_struct *child)
{
	unsigned long flags;
	unsigned int i;

	for (i = 0; i < TRACE_PID_NR; i++) {
		struct trace_pids *l = &set->lists[i];

		if (!trace_pids_has(l, current->pid))
			continue;
		/* pid_max grew since the list was written. */
		if (trace_pids_grow(l, child->pid, GFP_ATOMIC | __GFP_NOWARN)) {
			WRITE_ONCE(set->missed, set->missed + 1);
			continue;
		}
		raw_spin_lock_irqsave(&trace_pid_lock, flags);
		trace_pids_assign(l, child->pid, true);
		raw_spin_unlock_irqrestore(&trace_pid_lock, flags);
	}
}

/**
 * trace_pid_reap() - a task is gone: it leaves the lists
 * @set:	the set
 * @t:		the task
 *
 * Called by the owner's reap hook, in any context.
 */
void trace_pid_reap(struct trace_pid_set *set, struct task_struct *t)
{
	unsigned long flags;
	unsigned int i;

	raw_spin_lock_irqsave(&trace_pid_lock, flags);
	for (i = 0; i < TRACE_PID_NR; i++)
		trace_pids_assign(&set->lists[i], t->pid, false);
	trace_pid_mode_update(set);
	raw_spin_unlock_irqrestore(&trace_pid_lock, flags);
}

/* Register or remove the owner's hooks as the option and lists say. */
static int trace_pid_hooks_update(struct trace_pid_set *set)
{
	bool want = set->follow && READ_ONCE(set->mode);
	int ret;

	lockdep_assert_held(&trace_pid_mutex);
	if (want == set->hooked)
		return 0;
	ret = set->hook(set, want);
	if (!ret)
		set->hooked = want;
	return ret;
}

/**
 * trace_pid_set_follow() - the set's fork option changes
 * @set:	the set
 * @on:		the option's new value
 *
 * Return: 0, or the errno of registering the hooks (the option then
 * keeps its value).
 */
int trace_pid_set_follow(struct trace_pid_set *set, bool on)
{
	int ret;

	guard(mutex)(&trace_pid_mutex);
	set->follow = on;
	ret = trace_pid_hooks_update(set);
	if (ret)
		set->follow = !on;
	return ret;
}

/**
 * trace_pid_set_new() - make an empty set for a trace array, as
 * TRACE_PID_SET() does for the top's
 * @hook:	its owner's fork and reap hooks
 * @changed:	its owner's change hook, or NULL
 *
 * Return: the set, or NULL without memory.
 */
struct trace_pid_set *
trace_pid_set_new(int (*hook)(struct trace_pid_set *set, bool on),
		  void (*changed)(struct trace_pid_set *set))
{
	struct trace_pid_set *set = kzalloc(sizeof(*set), GFP_KERNEL);

	if (!set)
		return NULL;
	set->hook = hook;
	set->changed = changed;
	set->lists[TRACE_PID_NEVER].never = true;
	return set;
}

static void trace_pid_set_free_rcu(struct rcu_head *rcu)
{
	struct trace_pid_set *set = container_of(rcu, struct trace_pid_set,
						 rcu);
	unsigned int i, c;

	for (i = 0; i < TRACE_PID_NR; i++) {
		unsigned long **tab = set->lists[i].chunks;

		for (c = 0; tab && c < TRACE_PID_CHUNKS; c++)
			free_page((unsigned long)tab[c]);
		kfree(tab);
	}
	kfree(set);
}

/**
 * trace_pid_set_release() - a set of trace_pid_set_new() goes
 * @set:	the set, whose files are closed and open no more, and which
 *		its owner's tracers no longer reach for
 *
 * Its hooks stop following forks now. The tracers that may still be
 * reading it do so with preemption off: the set is freed after a grace
 * period. Sleeps.
 */
void trace_pid_set_release(struct trace_pid_set *set)
{
	scoped_guard(mutex, &trace_pid_mutex) {
		set->follow = false;
		trace_pid_hooks_update(set);
	}
	call_rcu(&set->rcu, trace_pid_set_free_rcu);
}

/* The files. */

/**
 * struct trace_pid_writer - a list's file open for writing
 * @list:	the list
 * @truncate:	opened with O_TRUNC and not emptied yet: the first write
 *		that succeeds (or the close, if none failed) empties it
 * @failed:	a write failed
 */
struct trace_pid_writer {
	struct trace_pids *list;
	bool truncate, failed;
};

static void trace_pids_zero(struct trace_pids *l)
{
	unsigned int i;

	lockdep_assert_held(&trace_pid_lock);
	for (i = 0; i < TRACE_PID_CHUNKS; i++) {
		unsigned long *c = trace_pids_chunk(l, i * TRACE_PID_CHUNK_BITS);

		if (c)
			bitmap_zero(c, TRACE_PID_CHUNK_BITS);
	}
	l->count = 0;
}

/*
 * Parse @s into @pids (at most @max); "-1" alone means "empty the list"
 * (the old interface), returned as 0 pids with *@clear set.
 */
static int trace_pid_parse(char *s, pid_t *pids, unsigned int max,
			   unsigned int *n, bool *clear)
{
	int limit = READ_ONCE(pid_max);
	char *tok;
	int pid;

	*n = 0;
	*clear = false;
	while ((tok = strsep(&s, " \t\n"))) {
		if (!*tok)
			continue;
		if (!strcmp(tok, "-1") && !*n && !*clear) {
			*clear = true;
			continue;
		}
		if (*clear || kstrtoint(tok, 10, &pid) || pid < 0 ||
		    pid >= limit || *n == max)
			return -EINVAL;
		pids[(*n)++] = pid;
	}
	return 0;
}

/* The most pids one write may name. */
#define TRACE_PID_WRITE_MAX	256

/* After a write: the hooks, then the owner. Under the set's mutex. */
static int trace_pid_written(struct trace_pid_set *set)
{
	/* A failure here leaves the lists applied, without following. */
	int ret = trace_pid_hooks_update(set);

	if (set->changed)
		set->changed(set);
	return ret;
}

static ssize_t trace_pid_write(struct file *file, const char __user *ubuf,
			       size_t cnt, loff_t *ppos)
{
	struct trace_pid_writer *w = file->private_data;
	struct trace_pids *l = w->list;
	struct trace_pid_set *set = trace_pid_set_of(l);
	unsigned int n, i;
	unsigned long flags;
	pid_t *pids;
	bool clear;
	char *buf;
	int ret;

	/* A failed write keeps an O_TRUNC open from emptying the list. */
	if (cnt > TRACE_PID_WRITE_MAX * 8) {
		w->failed = true;
		return -E2BIG;
	}
	buf = memdup_user_nul(ubuf, cnt);
	if (IS_ERR(buf)) {
		w->failed = true;
		return PTR_ERR(buf);
	}
	pids = kmalloc_array(TRACE_PID_WRITE_MAX, sizeof(*pids), GFP_KERNEL);
	ret = pids ? trace_pid_parse(buf, pids, TRACE_PID_WRITE_MAX, &n,
				     &clear) : -ENOMEM;
	kfree(buf);
	guard(mutex)(&trace_pid_mutex);
	for (i = 0; !ret && i < n; i++)
		ret = trace_pids_grow(l, pids[i], GFP_KERNEL);
	if (ret) {
		kfree(pids);
		w->failed = true;
		return ret;
	}
	/* One section: the list is never seen empty in between. */
	raw_spin_lock_irqsave(&trace_pid_lock, flags);
	if (w->truncate || clear)
		trace_pids_zero(l);
	w->truncate = false;
	for (i = 0; i < n; i++)
		trace_pids_assign(l, pids[i], true);
	trace_pid_mode_update(set);
	raw_spin_unlock_irqrestore(&trace_pid_lock, flags);
	kfree(pids);
	ret = trace_pid_written(set);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

/*
 * The listing: one pid a line, in order; "no pid" when empty. Pid p is
 * the seq_file element p + 2: neither NULL nor SEQ_START_TOKEN (1), which
 * pid 0 would be otherwise.
 */
#define TRACE_PID_ELEM(p)	((void *)((p) + 2))
#define TRACE_PID_OF(v)		((unsigned long)(v) - 2)

static void *trace_pid_next_from(struct seq_file *m, loff_t *pos)
{
	struct trace_pids *l = m->private;
	unsigned long p = *pos, c;

	for (; p < (unsigned long)TRACE_PID_CHUNKS * TRACE_PID_CHUNK_BITS;
	     p = round_up(p + 1, TRACE_PID_CHUNK_BITS)) {
		const unsigned long *chunk = trace_pids_chunk(l, p);

		if (!chunk)
			continue;
		c = find_next_bit(chunk, TRACE_PID_CHUNK_BITS,
				  p % TRACE_PID_CHUNK_BITS);
		if (c < TRACE_PID_CHUNK_BITS) {
			*pos = round_down(p, TRACE_PID_CHUNK_BITS) + c;
			return TRACE_PID_ELEM(*pos);
		}
		p = round_down(p, TRACE_PID_CHUNK_BITS);
	}
	return NULL;
}

static void *trace_pid_start(struct seq_file *m, loff_t *pos)
{
	struct trace_pids *l = m->private;

	if (!READ_ONCE(l->count))
		return *pos ? NULL : SEQ_START_TOKEN;
	return trace_pid_next_from(m, pos);
}

static void *trace_pid_next(struct seq_file *m, void *v, loff_t *pos)
{
	++*pos;
	if (v == SEQ_START_TOKEN)
		return NULL;
	return trace_pid_next_from(m, pos);
}

static void trace_pid_stop(struct seq_file *m, void *v)
{
}

static int trace_pid_show(struct seq_file *m, void *v)
{
	if (v == SEQ_START_TOKEN)
		seq_puts(m, "no pid\n");
	else
		seq_printf(m, "%lu\n", TRACE_PID_OF(v));
	return 0;
}

static const struct seq_operations trace_pid_sops = {
	.start	= trace_pid_start,
	.next	= trace_pid_next,
	.stop	= trace_pid_stop,
	.show	= trace_pid_show,
};

/* The table argument is TRACE_PID_ARG(): the array's slot, the list. */
static int trace_pid_open(struct inode *inode, struct file *file)
{
	long arg = trace_fs_arg(inode);
	struct trace_pid_set *set;
	struct trace_pid_writer *w;
	struct trace_pids *l;
	int ret;

	set = *trace_array_slot(trace_fs_array(inode), arg / TRACE_PID_NR);
	if (!set)
		return -ENODEV;
	l = &set->lists[arg % TRACE_PID_NR];

	if (!(file->f_mode & FMODE_WRITE)) {
		ret = seq_open(file, &trace_pid_sops);
		if (!ret)
			((struct seq_file *)file->private_data)->private = l;
		return ret;
	}
	w = kzalloc(sizeof(*w), GFP_KERNEL);
	if (!w)
		return -ENOMEM;
	w->list = l;
	w->truncate = file->f_flags & O_TRUNC;
	file->private_data = w;
	return nonseekable_open(inode, file);
}

static int trace_pid_release(struct inode *inode, struct file *file)
{
	struct trace_pid_writer *w = file->private_data;
	struct trace_pid_set *set;

	if (!(file->f_mode & FMODE_WRITE))
		return seq_release(inode, file);
	set = trace_pid_set_of(w->list);
	if (w->truncate && !w->failed) {
		guard(mutex)(&trace_pid_mutex);
		scoped_guard(raw_spinlock_irqsave, &trace_pid_lock) {
			trace_pids_zero(w->list);
			trace_pid_mode_update(set);
		}
		trace_pid_written(set);
	}
	kfree(w);
	return 0;
}

const struct file_operations trace_pid_fops = {
	.open		= trace_pid_open,
	.read		= trace_edit_read,
	.write		= trace_pid_write,
	.llseek		= trace_edit_llseek,
	.release	= trace_pid_release,
};
