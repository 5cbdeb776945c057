// SPDX-License-Identifier: GPL-2.0
/*
 * Return hooking: users registered with register_ftrace_graph() are
 * called when a traced function is entered and again when it returns.
 *
 * Each task has a return stack (task->ret_stack, a struct fgraph_stack;
 * task->curr_ret_stack frames are in use). On entry, fgraph_entry() (a
 * user of the function-entry hook) pushes a frame holding the function's
 * return address and the stack slot it sits in, and writes
 * return_to_handler (ftrace_64.S) into that slot. When the function
 * returns there, fgraph_return() pops the frame, calls the user, and hands
 * the saved address back for return_to_handler to return through.
 *
 * Frames are pushed and popped only by their own task, also from
 * interrupts and NMIs that arrive on it. A push claims its slot before
 * filling it, a pop reads its slot before releasing it, so a nested push
 * never lands on a frame in use.
 *
 * Return stacks exist while a user is registered: registration gives one
 * to every task (and fork to every new one, but for a fork that races with
 * the registration: see register_ftrace_graph()); once the last user has
 * been gone for FGRAPH_FREE_DELAY, the stacks of tasks with no frame
 * pending are freed. A task's stack also goes when the task is freed.
 */
#define pr_fmt(fmt) "ftrace: " fmt

#include <linux/ftrace.h>
#include <linux/init.h>
#include <linux/mutex.h>
#include <linux/preempt.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/sched/task.h>
#include <linux/slab.h>
#include <linux/workqueue.h>

#include "fentry.h"
#include "trace.h"

/* The frames of a task, and at most FGRAPH_USERS users at a time. */
#define FGRAPH_DEPTH		50
#define FGRAPH_USERS		8
#define FGRAPH_FREE_DELAY	(3 * HZ)

/**
 * struct fgraph_frame - a function whose return is hooked
 * @ret:	its real return address
 * @func:	its call site (the traced function)
 * @retp:	the stack slot that held @ret and now holds return_to_handler
 * @calltime:	trace clock at entry
 * @subtime:	time its hooked callees took (for the profiler)
 * @user:	index in fgraph_users of the user that hooked it
 * @depth:	how many frames of that user lie below
 */
struct fgraph_frame {
	unsigned long ret;
	unsigned long func;
	unsigned long *retp;
	u64 calltime;
	u64 subtime;
	u16 user;
	u16 depth;
};

/**
 * struct fgraph_stack - a task's return stack
 * @vars:	one word per user, for the user's own per-task state
 *		(fgraph_get_task_var())
 * @frames:	the frames; task->curr_ret_stack of them are in use
 */
struct fgraph_stack {
	unsigned long vars[FGRAPH_USERS];
	struct fgraph_frame frames[FGRAPH_DEPTH];
};

/*
 * fgraph_lock serialises registration and the freeing of stacks.
 * fgraph_users[] is written under it and read locklessly by the entry and
 * return paths, with preemption disabled (unregistration waits for them).
 */
static DEFINE_MUTEX(fgraph_lock);
static struct fgraph_ops __rcu *fgraph_users[FGRAPH_USERS];
static unsigned int fgraph_nr_users;		/* under fgraph_lock */
/* The only user, while there is exactly one: the entry hook calls it. */
static struct fgraph_ops *fgraph_only;
/* New tasks get a stack: set while users exist and stacks not freed. */
static bool fgraph_wanted;
static struct kmem_cache *fgraph_stack_cache;
static atomic_t fgraph_nr_stacks = ATOMIC_INIT(0);

/*
 * A task's stack, or NULL. Its frames are read only through the pointer
 * loaded here: the address dependency pairs with the smp_store_release()
 * that gives the stack (fgraph_give()), so they are seen zeroed.
 */
static inline struct fgraph_stack *fgraph_stack_of(struct task_struct *t)
{
	return (struct fgraph_stack *)READ_ONCE(t->ret_stack);
}

static struct fgraph_stack *fgraph_stack_alloc(gfp_t gfp)
{
	struct fgraph_stack *st;

	if (!fgraph_stack_cache)
		return NULL;
	st = kmem_cache_zalloc(fgraph_stack_cache, gfp);
	if (st)
		atomic_inc(&fgraph_nr_stacks);
	return st;
}

static void fgraph_stack_free(struct fgraph_stack *st)
{
	if (!st)
		return;
	atomic_dec(&fgraph_nr_stacks);
	kmem_cache_free(fgraph_stack_cache, st);
}

/* The depth of a new frame of @user at index @i: its frames below. */
static __always_inline u16 fgraph_depth_at(struct fgraph_stack *st, int i,
					   u16 user)
{
	while (--i >= 0)
		if (st->frames[i].user == user)
			return st->frames[i].depth + 1;
	return 0;
}

/*
 * The entry hook: push a frame, ask the user, and hook the return if it
 * wants it. With preemption disabled throughout, so that unregistration
 * (which waits for every CPU to schedule) knows no entry is running.
 */
static void fgraph_entry(unsigned long ip, unsigned long parent_ip,
			 struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	struct task_struct *t = current;
	struct ftrace_graph_ent ent;
	struct fgraph_ops *gops;
	struct fgraph_stack *st;
	struct fgraph_frame *f;
	unsigned long *retp;
	int i, bit;

	bit = fentry_recursion_enter(FENTRY_REC_GRAPH);
	if (bit < 0)
		return;
	/* The dispatch loop runs users with preemption already disabled. */
	if (!op)
		preempt_disable_notrace();
	gops = op ? container_of(op, struct fgraph_ops, ops) :
		    READ_ONCE(fgraph_only);
	st = fgraph_stack_of(t);
	if (unlikely(!st || !gops || atomic_read(&t->tracing_graph_pause)))
		goto out;
	i = t->curr_ret_stack;
	if (unlikely(i >= FGRAPH_DEPTH)) {
		atomic_inc(&t->trace_overrun);
		goto out;
	}
	/*
	 * Claim the slot first: an interrupt from here on pushes above it.
	 * A compiler barrier, with no partner: the only other writer of the
	 * slot is an interrupt on this CPU, which sees program order.
	 */
	WRITE_ONCE(t->curr_ret_stack, i + 1);
	barrier();
	retp = (unsigned long *)arch_ftrace_regs(fregs)->regs.sp;
	f = &st->frames[i];
	f->ret = *retp;
	f->func = ip;
	f->retp = retp;
	f->user = gops->idx;
	f->depth = fgraph_depth_at(st, i, gops->idx);
	f->subtime = 0;
	ent.func = ip;
	ent.depth = f->depth;
	if (gops->entryfunc(&ent, gops)) {
		/* Taken only for calls hooked: declined ones cost no clock read. */
		f->calltime = trace_clock_read();
		*retp = (unsigned long)return_to_handler;
	} else {
		/* The slot's last use before its release; as above. */
		barrier();
		WRITE_ONCE(t->curr_ret_stack, i);
	}
out:
	if (!op)
		preempt_enable_notrace();
	fentry_recursion_exit(bit);
}

/*
 * The frame whose function just returned, to the stack pointer @sp it
 * left; frames above it belong to functions that were left without
 * returning (their stack was unwound) and are dropped.
 */
static int fgraph_frame_of(struct task_struct *t, struct fgraph_stack *st,
			   unsigned long sp)
{
	unsigned long *retp = (unsigned long *)sp - 1;
	int i = t->curr_ret_stack;

	while (--i >= 0)
		if (st->frames[i].retp == retp)
			return i;
	return -1;
}

/**
 * fgraph_return() - a hooked function has returned
 * @retval:	its return value
 * @sp:		the stack pointer after its return
 *
 * Called by return_to_handler only.
 *
 * Return: the address the function really returns to.
 */
unsigned long fgraph_return(unsigned long retval, unsigned long sp)
{
	struct task_struct *t = current;
	struct fgraph_stack *st = fgraph_stack_of(t);
	struct ftrace_graph_ret r;
	struct fgraph_ops *gops;
	struct fgraph_frame *f;
	unsigned long ret;
	int i, bit;

	i = st ? fgraph_frame_of(t, st, sp) : -1;
	if (unlikely(i < 0))
		panic("ftrace: return to %lx with no hooked frame\n", sp);
	f = &st->frames[i];
	ret = f->ret;
	/* Frames above are dead: this one is on top for the callback. */
	WRITE_ONCE(t->curr_ret_stack, i + 1);
	bit = fentry_recursion_enter(FENTRY_REC_GRAPH);
	preempt_disable_notrace();
	gops = rcu_dereference_raw(fgraph_users[f->user]);
	if (gops && bit >= 0) {
		r.func = f->func;
		r.retval = retval;
		r.depth = f->depth;
		r.overrun = atomic_read(&t->trace_overrun);
		r.calltime = f->calltime;
		r.rettime = trace_clock_read();
		gops->retfunc(&r, gops);
	}
	preempt_enable_notrace();
	if (bit >= 0)
		fentry_recursion_exit(bit);
	/*
	 * The frame is read before it is released: a compiler barrier with
	 * no partner, as in fgraph_entry(): only an interrupt on this CPU
	 * pushes onto the stack.
	 */
	barrier();
	WRITE_ONCE(t->curr_ret_stack, i);
	return ret;
}

/**
 * ftrace_graph_ret_addr() - the real return address behind a hooked one
 * @task:	the task whose stack is being unwound
 * @idx:	unused: frames are found by their stack slot
 * @ret:	a return address found on the stack
 * @retp:	the stack slot it was found in
 *
 * For the unwinders: a slot holding return_to_handler is looked up among
 * the task's frames.
 *
 * Return: the real return address, or @ret when it is not hooked.
 */
unsigned long ftrace_graph_ret_addr(struct task_struct *task, int *idx,
				    unsigned long ret, unsigned long *retp)
{
	struct fgraph_stack *st;
	int i;

	if (ret != (unsigned long)return_to_handler)
		return ret;
	st = fgraph_stack_of(task);
	if (!st)
		return ret;
	i = min(READ_ONCE(task->curr_ret_stack), FGRAPH_DEPTH);
	while (--i >= 0)
		if (READ_ONCE(st->frames[i].retp) == retp)
			return READ_ONCE(st->frames[i].ret);
	return ret;
}

/**
 * fgraph_get_task_var() - a user's word of per-task state
 * @gops:	the user, registered
 *
 * Context: the user's entry or return callback, for the current task.
 * Return: the word (zero when the task's stack was made), or NULL.
 */
unsigned long *fgraph_get_task_var(struct fgraph_ops *gops)
{
	struct fgraph_stack *st = fgraph_stack_of(current);

	return st ? &st->vars[gops->idx] : NULL;
}

/**
 * fgraph_add_subtime() - charge a callee's time to its caller's frame
 * @gops:	the user returning
 * @delta:	the callee's duration
 *
 * Context: @gops's return callback. The caller is the user's frame below
 * the one returning (for the profiler, whose graph-time option off
 * leaves callees out of a function's time).
 */
void fgraph_add_subtime(struct fgraph_ops *gops, u64 delta)
{
	struct fgraph_stack *st = fgraph_stack_of(current);
	int i = current->curr_ret_stack - 1;

	if (!st)
		return;
	while (--i >= 0) {
		if (st->frames[i].user == gops->idx) {
			st->frames[i].subtime += delta;
			return;
		}
	}
}

/**
 * fgraph_frame_subtime() - time charged to the frame now returning
 *
 * Context: a return callback.
 * Return: what fgraph_add_subtime() charged to it.
 */
u64 fgraph_frame_subtime(void)
{
	struct fgraph_stack *st = fgraph_stack_of(current);
	int i = current->curr_ret_stack - 1;

	return st && i >= 0 ? st->frames[i].subtime : 0;
}

/**
 * fgraph_shift_calltime() - move the entry times of a task's frames
 * @t:		the task, not running
 * @delta:	added to each entry time
 *
 * For sleep-time off: the time a task spent switched out is taken out of
 * the durations of the functions it was in.
 */
void fgraph_shift_calltime(struct task_struct *t, u64 delta)
{
	struct fgraph_stack *st = fgraph_stack_of(t);
	int i;

	if (!st)
		return;
	for (i = min(t->curr_ret_stack, FGRAPH_DEPTH) - 1; i >= 0; i--)
		st->frames[i].calltime += delta;
}

static void fgraph_task_reset(struct task_struct *t)
{
	t->curr_ret_stack = 0;
	t->curr_ret_depth = -1;
	t->ftrace_timestamp = 0;
	atomic_set(&t->trace_overrun, 0);
	atomic_set(&t->tracing_graph_pause, 0);
}

/**
 * ftrace_graph_init_task() - a new task's return stack
 * @t:	the task, a copy of its parent being made
 *
 * What was copied from the parent is cleared; the task gets a stack of
 * its own while return hooking is in use.
 */
void ftrace_graph_init_task(struct task_struct *t)
{
	t->ret_stack = NULL;
	fgraph_task_reset(t);
	if (READ_ONCE(fgraph_wanted))
		t->ret_stack = (unsigned long *)fgraph_stack_alloc(GFP_KERNEL);
}

/**
 * ftrace_graph_init_idle_task() - a CPU's idle task's return stack
 * @t:		the idle task
 * @cpu:	its CPU
 *
 * The task keeps a stack it already has.
 */
void ftrace_graph_init_idle_task(struct task_struct *t, int cpu)
{
	fgraph_task_reset(t);
	if (!t->ret_stack && READ_ONCE(fgraph_wanted))
		t->ret_stack = (unsigned long *)
			fgraph_stack_alloc(GFP_NOWAIT | __GFP_NOWARN);
}

/**
 * ftrace_graph_exit_task() - free a task's return stack
 * @t:	the task, being freed
 */
void ftrace_graph_exit_task(struct task_struct *t)
{
	fgraph_stack_free((struct fgraph_stack *)xchg(&t->ret_stack, NULL));
}

/* Call @fn on every task and every idle task, under rcu_read_lock(). */
static void fgraph_each_task(void (*fn)(struct task_struct *t, void *arg),
			     void *arg)
{
	struct task_struct *g, *t;
	int cpu;

	rcu_read_lock();
	for_each_process_thread(g, t)
		fn(t, arg);
	for_each_possible_cpu(cpu)
		if (idle_task(cpu))
			fn(idle_task(cpu), arg);
	rcu_read_unlock();
}

#define FGRAPH_BATCH	32

/* Stacks being handed out to the tasks that have none. */
struct fgraph_batch {
	struct fgraph_stack *st[FGRAPH_BATCH];
	unsigned int n, used, missing;
};

static void fgraph_give(struct task_struct *t, void *arg)
{
	struct fgraph_batch *b = arg;

	if (READ_ONCE(t->ret_stack))
		return;
	if (b->used == b->n) {
		b->missing++;
		return;
	}
	/*
	 * Zeroed before published: pairs with the address dependency of
	 * fgraph_stack_of()'s READ_ONCE(), through which the task reads it.
	 */
	smp_store_release(&t->ret_stack, (unsigned long *)b->st[b->used++]);
}

/* Give every task a stack. Context: fgraph_lock held; sleeps. */
static int fgraph_alloc_all(void)
{
	struct fgraph_batch b;

	lockdep_assert_held(&fgraph_lock);
	do {
		for (b.n = 0; b.n < FGRAPH_BATCH; b.n++) {
			b.st[b.n] = fgraph_stack_alloc(GFP_KERNEL);
			if (!b.st[b.n])
				break;
		}
		b.used = 0;
		b.missing = 0;
		fgraph_each_task(fgraph_give, &b);
		while (b.used < b.n)
			fgraph_stack_free(b.st[--b.n]);
		if (b.missing && !b.n)
			return -ENOMEM;
	} while (b.missing);
	return 0;
}

/* Clear the word of the user slot at @arg in a task's stack. */
static void fgraph_clear_var(struct task_struct *t, void *arg)
{
	struct fgraph_stack *st = fgraph_stack_of(t);

	if (st)
		st->vars[*(int *)arg] = 0;
}

/* Take an idle stack away, onto the list at @arg. */
static void fgraph_take(struct task_struct *t, void *arg)
{
	struct fgraph_stack **list = arg, *st;

	if (!READ_ONCE(t->ret_stack) || READ_ONCE(t->curr_ret_stack))
		return;
	st = (struct fgraph_stack *)xchg(&t->ret_stack, NULL);
	if (!st)
		return;
	/* Chained through its first word: nobody reads it any more. */
	st->vars[0] = (unsigned long)*list;
	*list = st;
}

/*
 * Free the stacks once users have been gone for a while. A task with
 * frames pending keeps its stack (it goes with the task). Stacks are
 * freed after a grace period: an unwinder may be reading another task's.
 */
static void fgraph_free_fn(struct work_struct *work)
{
	struct fgraph_stack *st, *list = NULL;
	unsigned int freed = 0;

	scoped_guard(mutex, &fgraph_lock) {
		if (fgraph_nr_users)
			return;
		WRITE_ONCE(fgraph_wanted, false);
		fgraph_each_task(fgraph_take, &list);
	}
	synchronize_rcu();
	while (list) {
		st = list;
		list = (struct fgraph_stack *)st->vars[0];
		fgraph_stack_free(st);
		freed++;
	}
	pr_info("freed %u return stacks, %d still held\n", freed,
		atomic_read(&fgraph_nr_stacks));
}

static DECLARE_DELAYED_WORK(fgraph_free_work, fgraph_free_fn);

/**
 * register_ftrace_graph() - start calling a user on entry and return
 * @gops:	the user. @gops->entryfunc is called at the entry of every
 *		function its @gops->ops filters allow (set them before, with
 *		ftrace_set_filter(), or point @gops->ops.func_hash at a
 *		shared pair); when it returns nonzero, @gops->retfunc is
 *		called when the function returns.
 *
 * Both callbacks run with preemption disabled, in any context.
 *
 * Return: 0; -EBUSY when FGRAPH_USERS users are registered or @gops is;
 * -ENOMEM; or what register_ftrace_function() returned.
 */
int register_ftrace_graph(struct fgraph_ops *gops)
{
	int i, ret;

	guard(mutex)(&fgraph_lock);
	for (i = 0; i < FGRAPH_USERS; i++)
		if (rcu_access_pointer(fgraph_users[i]) == gops)
			return -EBUSY;
	for (i = 0; i < FGRAPH_USERS; i++)
		if (!rcu_access_pointer(fgraph_users[i]))
			break;
	if (i == FGRAPH_USERS)
		return -EBUSY;
	if (!fgraph_stack_cache) {
		fgraph_stack_cache = KMEM_CACHE(fgraph_stack, 0);
		if (!fgraph_stack_cache)
			return -ENOMEM;
	}
	cancel_delayed_work(&fgraph_free_work);
	/*
	 * No barrier: none could pair with the fork path. A fork reads
	 * fgraph_wanted (ftrace_graph_init_task()) before copy_process()
	 * puts the new task on the task list, so one that read it just
	 * before this store and joins the list just after the walk below
	 * gets no stack. That task is then not hooked (fgraph_entry() skips
	 * a task without one) until the next registration gives it one.
	 */
	WRITE_ONCE(fgraph_wanted, true);
	ret = fgraph_alloc_all();
	if (ret)
		goto fail;
	/* Nobody uses slot @i: what a former user left there goes. */
	fgraph_each_task(fgraph_clear_var, &i);
	gops->idx = i;
	gops->ops.func = fgraph_entry;
	gops->ops.flags |= FENTRY_OPS_FL_OPLESS;
	rcu_assign_pointer(fgraph_users[i], gops);
	if (!fgraph_nr_users)
		WRITE_ONCE(fgraph_only, gops);
	fgraph_nr_users++;
	ret = register_ftrace_function(&gops->ops);
	if (!ret)
		return 0;
	fgraph_nr_users--;
	RCU_INIT_POINTER(fgraph_users[i], NULL);
fail:
	if (!fgraph_nr_users)
		schedule_delayed_work(&fgraph_free_work, FGRAPH_FREE_DELAY);
	return ret;
}

/**
 * unregister_ftrace_graph() - stop calling a user
 * @gops:	a registered user
 *
 * Sleeps. When it returns, no callback of @gops is running or will run;
 * functions it hooked that have not returned yet return normally.
 */
void unregister_ftrace_graph(struct fgraph_ops *gops)
{
	int i;

	guard(mutex)(&fgraph_lock);
	if (gops->idx < 0 || gops->idx >= FGRAPH_USERS ||
	    rcu_access_pointer(fgraph_users[gops->idx]) != gops)
		return;
	/* The one left, if one is, is called directly from now on. */
	for (i = 0; i < FGRAPH_USERS; i++) {
		struct fgraph_ops *o = rcu_access_pointer(fgraph_users[i]);

		if (o && o != gops && fgraph_nr_users == 2)
			WRITE_ONCE(fgraph_only, o);
	}
	unregister_ftrace_function(&gops->ops);
	RCU_INIT_POINTER(fgraph_users[gops->idx], NULL);
	fgraph_nr_users--;
	/* No return callback may still run with @gops. */
	fentry_sync_users();
	if (!fgraph_nr_users) {
		WRITE_ONCE(fgraph_only, NULL);
		schedule_delayed_work(&fgraph_free_work, FGRAPH_FREE_DELAY);
	}
}
