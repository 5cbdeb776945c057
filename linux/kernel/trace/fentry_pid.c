// SPDX-License-Identifier: GPL-2.0
/*
 * Task filters of the function tracers: set_ftrace_pid (only these tasks
 * are traced) and set_ftrace_notrace_pid (these never are), and
 * options/function-fork, which makes both lists follow forks.
 *
 * Each list is a bitmap indexed by pid, cut into page-sized chunks that
 * are allocated when a pid in their range is first added and kept from
 * then on (one 4 KiB chunk covers the default pid_max). A tracer asks
 * fentry_pid_ignores() on every traced call: one load and a branch while
 * both lists are empty, a bit test each otherwise.
 *
 * Following forks needs to see a task being born and reaped. Rather than
 * a hook in the scheduler, the lists trace two functions with a user of
 * their own: wake_up_new_task(child), called by the parent before the
 * child first runs, and release_task(task), called when a task is
 * reaped. That user exists only while function-fork is on and a list is
 * not empty.
 */
#include <linux/ctype.h>
#include <linux/fs.h>
#include <linux/ftrace.h>
#include <linux/pid.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/threads.h>
#include <linux/uaccess.h>

#include "fentry.h"
#include "trace.h"

#define FENTRY_PID_CHUNK_BITS	(PAGE_SIZE * BITS_PER_BYTE)
#define FENTRY_PID_CHUNKS	DIV_ROUND_UP(PID_MAX_LIMIT, FENTRY_PID_CHUNK_BITS)

/**
 * struct fentry_pids - one list
 * @chunk:	the bitmap's chunks; NULL until a pid in its range is added,
 *		never freed once set (read locklessly)
 * @count:	number of pids in the list; under fentry_pid_lock
 */
struct fentry_pids {
	unsigned long *chunk[FENTRY_PID_CHUNKS];
	unsigned int count;
};

static struct fentry_pids fentry_pid_lists[FENTRY_PID_NR];

/*
 * fentry_pid_lock: taken, interrupts off, by everything that changes the
 * bits, the counts or fentry_pid_mode: the files, and the fork and reap
 * hooks (which run in the context of the task forking or reaping).
 */
static DEFINE_RAW_SPINLOCK(fentry_pid_lock);

/* Bit FENTRY_PID_TRACE or FENTRY_PID_NOTRACE: that list is not empty. */
unsigned int fentry_pid_mode __read_mostly;

/* Serialises the writers, and the fork hook's registration. */
static DEFINE_MUTEX(fentry_pid_mutex);
static bool fentry_pid_follow;		/* function-fork; under the mutex */
static unsigned long fentry_pid_missed;	/* forks not followed (no memory) */

static bool fentry_pids_has(const struct fentry_pids *l, pid_t pid)
{
	const unsigned long *c;

	c = READ_ONCE(l->chunk[pid / FENTRY_PID_CHUNK_BITS]);
	return c && test_bit(pid % FENTRY_PID_CHUNK_BITS, c);
}

/**
 * fentry_pid_ignores_slow() - whether the lists keep current from being
 * traced
 * @mode:	fentry_pid_mode as read by fentry_pid_ignores()
 *
 * Return: true when current must not be traced.
 */
bool fentry_pid_ignores_slow(unsigned int mode)
{
	pid_t pid = current->pid;

	if ((mode & BIT(FENTRY_PID_NOTRACE)) &&
	    fentry_pids_has(&fentry_pid_lists[FENTRY_PID_NOTRACE], pid))
		return true;
	return (mode & BIT(FENTRY_PID_TRACE)) &&
	       !fentry_pids_has(&fentry_pid_lists[FENTRY_PID_TRACE], pid);
}

/* Add or remove @pid; its chunk must exist to add. Lock held. */
static void fentry_pids_assign(struct fentry_pids *l, pid_t pid, bool on)
{
	unsigned long *c = l->chunk[pid / FENTRY_PID_CHUNK_BITS];
	unsigned int bit = pid % FENTRY_PID_CHUNK_BITS;

	lockdep_assert_held(&fentry_pid_lock);
	if (!c)
		return;
	if (on && !__test_and_set_bit(bit, c))
		l->count++;
	else if (!on && __test_and_clear_bit(bit, c))
		l->count--;
}

static void fentry_pid_mode_update(void)
{
	unsigned int mode = 0, i;

	lockdep_assert_held(&fentry_pid_lock);
	for (i = 0; i < FENTRY_PID_NR; i++)
		if (fentry_pid_lists[i].count)
			mode |= BIT(i);
	WRITE_ONCE(fentry_pid_mode, mode);
}

/* Make sure @l has the chunk of @pid. Sleeps. */
static int fentry_pids_grow(struct fentry_pids *l, pid_t pid, gfp_t gfp)
{
	unsigned long **slot = &l->chunk[pid / FENTRY_PID_CHUNK_BITS];
	unsigned long *c;

	if (READ_ONCE(*slot))
		return 0;
	c = (unsigned long *)get_zeroed_page(gfp);
	if (!c)
		return -ENOMEM;
	if (cmpxchg(slot, NULL, c))
		free_page((unsigned long)c);
	return 0;
}

/* The fork and reap hooks, and the user that calls them. */

static void fentry_pid_fork(struct task_struct *child)
{
	unsigned int i;
	unsigned long flags;

	for (i = 0; i < FENTRY_PID_NR; i++) {
		struct fentry_pids *l = &fentry_pid_lists[i];

		if (!fentry_pids_has(l, current->pid))
			continue;
		/* pid_max grew since the list was written. */
		if (fentry_pids_grow(l, child->pid, GFP_ATOMIC | __GFP_NOWARN)) {
			WRITE_ONCE(fentry_pid_missed, fentry_pid_missed + 1);
			continue;
		}
		raw_spin_lock_irqsave(&fentry_pid_lock, flags);
		fentry_pids_assign(l, child->pid, true);
		raw_spin_unlock_irqrestore(&fentry_pid_lock, flags);
	}
}

static void fentry_pid_reap(struct task_struct *t)
{
	unsigned long flags;
	unsigned int i;

	raw_spin_lock_irqsave(&fentry_pid_lock, flags);
	for (i = 0; i < FENTRY_PID_NR; i++)
		fentry_pids_assign(&fentry_pid_lists[i], t->pid, false);
	fentry_pid_mode_update();
	raw_spin_unlock_irqrestore(&fentry_pid_lock, flags);
}

static unsigned long fentry_pid_fork_ip, fentry_pid_reap_ip;

static void fentry_pid_hook(unsigned long ip, unsigned long parent_ip,
			    struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	struct task_struct *t = (void *)arch_ftrace_regs(fregs)->regs.di;

	if (ip == fentry_pid_fork_ip)
		fentry_pid_fork(t);
	else if (ip == fentry_pid_reap_ip)
		fentry_pid_reap(t);
}

static struct ftrace_ops fentry_pid_ops = {
	.func	= fentry_pid_hook,
};

static bool fentry_pid_hooked;	/* under fentry_pid_mutex */

/* Register or remove the hooks as function-fork and the lists say. */
static int fentry_pid_hooks_update(void)
{
	bool want = fentry_pid_follow && READ_ONCE(fentry_pid_mode);
	static const char terms[] = "wake_up_new_task release_task";
	int ret;

	lockdep_assert_held(&fentry_pid_mutex);
	if (want == fentry_pid_hooked)
		return 0;
	if (!want) {
		unregister_ftrace_function(&fentry_pid_ops);
		fentry_pid_hooked = false;
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
	ret = register_ftrace_function(&fentry_pid_ops);
	if (!ret)
		fentry_pid_hooked = true;
	return ret;
}

/**
 * fentry_pid_set_follow() - options/function-fork changes
 * @on:		its new value
 *
 * Return: 0, or the errno of registering the fork hooks (the option then
 * keeps its value).
 */
int fentry_pid_set_follow(bool on)
{
	int ret;

	guard(mutex)(&fentry_pid_mutex);
	fentry_pid_follow = on;
	ret = fentry_pid_hooks_update();
	if (ret)
		fentry_pid_follow = !on;
	return ret;
}

/* The files. */

/**
 * struct fentry_pid_file - set_ftrace_pid or _notrace_pid open for writing
 * @list:	which list (enum fentry_pid_list)
 * @truncate:	opened with O_TRUNC and not emptied yet: the first write
 *		that succeeds (or the close, if none failed) empties it
 * @failed:	a write failed
 */
struct fentry_pid_file {
	unsigned int list;
	bool truncate, failed;
};

/* Empty @l. Lock held; the caller updates fentry_pid_mode. */
static void fentry_pids_zero(struct fentry_pids *l)
{
	unsigned int i;

	lockdep_assert_held(&fentry_pid_lock);
	for (i = 0; i < FENTRY_PID_CHUNKS; i++)
		if (l->chunk[i])
			bitmap_zero(l->chunk[i], FENTRY_PID_CHUNK_BITS);
	l->count = 0;
}

/*
 * Parse @s into @pids (at most @max); "-1" alone means "empty the list"
 * (the old interface), returned as 0 pids with *@clear set.
 */
static int fentry_pid_parse(char *s, pid_t *pids, unsigned int max,
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
#define FENTRY_PID_WRITE_MAX	256

static ssize_t fentry_pid_write(struct file *file, const char __user *ubuf,
				size_t cnt, loff_t *ppos)
{
	struct fentry_pid_file *f = file->private_data;
	struct fentry_pids *l = &fentry_pid_lists[f->list];
	unsigned int n, i;
	unsigned long flags;
	pid_t *pids;
	bool clear;
	char *buf;
	int ret;

	if (cnt > FENTRY_PID_WRITE_MAX * 8)
		return -E2BIG;
	buf = memdup_user_nul(ubuf, cnt);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	pids = kmalloc_array(FENTRY_PID_WRITE_MAX, sizeof(*pids), GFP_KERNEL);
	ret = pids ? fentry_pid_parse(buf, pids, FENTRY_PID_WRITE_MAX, &n,
				      &clear) : -ENOMEM;
	kfree(buf);
	guard(mutex)(&fentry_pid_mutex);
	for (i = 0; !ret && i < n; i++)
		ret = fentry_pids_grow(l, pids[i], GFP_KERNEL);
	if (ret) {
		kfree(pids);
		f->failed = true;
		return ret;
	}
	/* One section: the list is never seen empty in between. */
	raw_spin_lock_irqsave(&fentry_pid_lock, flags);
	if (f->truncate || clear)
		fentry_pids_zero(l);
	f->truncate = false;
	for (i = 0; i < n; i++)
		fentry_pids_assign(l, pids[i], true);
	fentry_pid_mode_update();
	raw_spin_unlock_irqrestore(&fentry_pid_lock, flags);
	kfree(pids);
	/* A failure here leaves the lists applied, without following. */
	ret = fentry_pid_hooks_update();
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

/* The listing: one pid a line, in order; "no pid" when empty. */
static void *fentry_pid_next_from(struct seq_file *m, loff_t *pos)
{
	struct fentry_pids *l = m->private;
	unsigned long p = *pos, c;

	for (; p < (unsigned long)FENTRY_PID_CHUNKS * FENTRY_PID_CHUNK_BITS;
	     p = round_up(p + 1, FENTRY_PID_CHUNK_BITS)) {
		const unsigned long *chunk = READ_ONCE(l->chunk[p / FENTRY_PID_CHUNK_BITS]);

		if (!chunk)
			continue;
		c = find_next_bit(chunk, FENTRY_PID_CHUNK_BITS,
				  p % FENTRY_PID_CHUNK_BITS);
		if (c < FENTRY_PID_CHUNK_BITS) {
			*pos = round_down(p, FENTRY_PID_CHUNK_BITS) + c;
			return (void *)(*pos + 1);
		}
		p = round_down(p, FENTRY_PID_CHUNK_BITS);
	}
	return NULL;
}

static void *fentry_pid_start(struct seq_file *m, loff_t *pos)
{
	struct fentry_pids *l = m->private;

	if (!READ_ONCE(l->count))
		return *pos ? NULL : SEQ_START_TOKEN;
	return fentry_pid_next_from(m, pos);
}

static void *fentry_pid_next(struct seq_file *m, void *v, loff_t *pos)
{
	++*pos;
	if (v == SEQ_START_TOKEN)
		return NULL;
	return fentry_pid_next_from(m, pos);
}

static void fentry_pid_stop(struct seq_file *m, void *v)
{
}

static int fentry_pid_show(struct seq_file *m, void *v)
{
	if (v == SEQ_START_TOKEN)
		seq_puts(m, "no pid\n");
	else
		seq_printf(m, "%lu\n", (unsigned long)v - 1);
	return 0;
}

static const struct seq_operations fentry_pid_sops = {
	.start	= fentry_pid_start,
	.next	= fentry_pid_next,
	.stop	= fentry_pid_stop,
	.show	= fentry_pid_show,
};

/* The table argument is the list (enum fentry_pid_list). */
static int fentry_pid_open(struct inode *inode, struct file *file)
{
	long list = trace_fs_arg(inode);
	struct fentry_pid_file *f;
	int ret;

	if (!(file->f_mode & FMODE_WRITE)) {
		ret = seq_open(file, &fentry_pid_sops);
		if (!ret)
			((struct seq_file *)file->private_data)->private =
				&fentry_pid_lists[list];
		return ret;
	}
	f = kzalloc(sizeof(*f), GFP_KERNEL);
	if (!f)
		return -ENOMEM;
	f->list = list;
	f->truncate = file->f_flags & O_TRUNC;
	file->private_data = f;
	return nonseekable_open(inode, file);
}

static int fentry_pid_release(struct inode *inode, struct file *file)
{
	struct fentry_pid_file *f = file->private_data;

	if (!(file->f_mode & FMODE_WRITE))
		return seq_release(inode, file);
	if (f->truncate && !f->failed) {
		guard(mutex)(&fentry_pid_mutex);
		scoped_guard(raw_spinlock_irqsave, &fentry_pid_lock) {
			fentry_pids_zero(&fentry_pid_lists[f->list]);
			fentry_pid_mode_update();
		}
		fentry_pid_hooks_update();
	}
	kfree(f);
	return 0;
}

const struct file_operations fentry_pid_fops = {
	.open		= fentry_pid_open,
	.read		= fentry_edit_read,
	.write		= fentry_pid_write,
	.llseek		= fentry_edit_llseek,
	.release	= fentry_pid_release,
};
