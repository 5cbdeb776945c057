/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Task lists: which tasks a tracer records (set_ftrace_pid,
 * set_event_pid) and which it never does (set_ftrace_notrace_pid,
 * set_event_notrace_pid), optionally following forks (function-fork,
 * event-fork). trace_pid.c holds the lists and their files; each owner
 * gives its set the hooks that see tasks born and reaped. Each trace
 * array has its own sets, in its slots (trace_array_slot()).
 */
#ifndef _KERNEL_TRACE_TRACE_PID_H
#define _KERNEL_TRACE_TRACE_PID_H

#include <linux/list.h>
#include <linux/rcupdate.h>
#include <linux/threads.h>
#include <linux/types.h>

struct task_struct;

/* The two lists of a set. */
enum trace_pid_list {
	TRACE_PID_ONLY,		/* record only these tasks (when not empty) */
	TRACE_PID_NEVER,	/* never record these */
	TRACE_PID_NR
};

#define TRACE_PID_CHUNK_BITS	(PAGE_SIZE * BITS_PER_BYTE)
#define TRACE_PID_CHUNKS	DIV_ROUND_UP(PID_MAX_LIMIT, TRACE_PID_CHUNK_BITS)

/**
 * struct trace_pids - one list: a bitmap indexed by pid
 * @chunks:	a table of the bitmap's TRACE_PID_CHUNKS page-sized chunks;
 *		the table and each chunk are NULL until a pid in their range
 *		is first added, and never freed while the set lives (read
 *		locklessly)
 * @count:	pids in the list; under trace_pid_lock
 * @never:	this is the TRACE_PID_NEVER list of its set
 */
struct trace_pids {
	unsigned long **chunks;
	unsigned int count;
	bool never;
};

/**
 * struct trace_pid_set - the two lists of a tracer, and fork following
 * @mode:	bit TRACE_PID_ONLY or TRACE_PID_NEVER set while that list is
 *		not empty; read locklessly by the tracer, written under
 *		trace_pid_lock
 * @lists:	the lists
 * @follow:	the fork option is on; under trace_pid_mutex
 * @hooked:	@hook is registered; under trace_pid_mutex
 * @missed:	forks not followed for want of memory
 * @hook:	registers (true) or removes (false) the owner's hooks for
 *		@set, which call trace_pid_fork() and trace_pid_reap();
 *		called under trace_pid_mutex
 * @changed:	told, under trace_pid_mutex, that a write changed the
 *		lists; may be NULL
 * @node:	the owner's, for its hooks to find the sets that follow
 * @rcu:	frees a set of trace_pid_set_new() (trace_pid_set_release())
 *
 * trace_pid_lock (a raw spinlock, interrupts off) is taken by everything
 * that changes the bits, the counts or @mode: the files, the fork and
 * reap hooks. trace_pid_mutex serialises the writers of every set, and
 * the registration of the hooks.
 */
struct trace_pid_set {
	unsigned int mode;
	struct trace_pids lists[TRACE_PID_NR];
	bool follow;
	bool hooked;
	unsigned long missed;
	int (*hook)(struct trace_pid_set *set, bool on);
	void (*changed)(struct trace_pid_set *set);
	struct list_head node;
	struct rcu_head rcu;
};

/* A set with its owner's hooks. */
#define TRACE_PID_SET(_hook, _changed) {				\
	.hook = _hook, .changed = _changed,				\
	.lists = { [TRACE_PID_NEVER] = { .never = true } } }

/*
 * The table argument of a set's file (trace_fs.c): the list of the set in
 * the file's trace array's slot @slot (enum trace_array_slot).
 */
#define TRACE_PID_ARG(slot, list)	((long)(slot) * TRACE_PID_NR + (list))

struct trace_pid_set *
trace_pid_set_new(int (*hook)(struct trace_pid_set *set, bool on),
		  void (*changed)(struct trace_pid_set *set));
void trace_pid_set_release(struct trace_pid_set *set);

bool trace_pid_ignores_slow(struct trace_pid_set *set, unsigned int mode);

/**
 * trace_pid_ignores() - whether a set's lists keep current from being
 * recorded
 * @set:	the set
 *
 * On every record of its tracer: one load and a branch while both lists
 * are empty.
 *
 * Return: true when current must not be recorded.
 */
static __always_inline bool trace_pid_ignores(struct trace_pid_set *set)
{
	unsigned int mode = READ_ONCE(set->mode);

	return unlikely(mode) && trace_pid_ignores_slow(set, mode);
}

void trace_pid_fork(struct trace_pid_set *set, struct task_struct *child);
void trace_pid_reap(struct trace_pid_set *set, struct task_struct *t);
int trace_pid_set_follow(struct trace_pid_set *set, bool on);

extern const struct file_operations trace_pid_fops;

#endif /* _KERNEL_TRACE_TRACE_PID_H */
