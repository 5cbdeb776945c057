// SPDX-License-Identifier: GPL-2.0
/*
 * Direct calls: a user's functions call its own trampoline straight from
 * their entry (register_ftrace_direct()), as BPF trampolines and
 * samples/ftrace do.
 *
 * A direct user is an ordinary ftrace_ops with FTRACE_OPS_FL_DIRECT and
 * the target in ops->direct_call. Where it is a function's only user,
 * fentry_update() patches the site into a call to the target
 * (FENTRY_DIRECT) and records the target in the site table
 * (fentry_direct_site_set(), fentry_sites.c), so that the next change
 * knows what the site holds. Where the function has other
 * users too, the site calls the trampoline that saves every register; the
 * dispatch calls fentry_direct_func(), which puts the target in the
 * registers' orig_ax, and that trampoline returns into the target instead
 * of the function, with the stack as the site's own call would have left
 * it.
 *
 * A direct user is alone among the users that move the ip or call
 * directly on each of its functions (FENTRY_OPS_FL_ALONE, fentry_ops.c).
 * The ops_func protocol by which upstream lets a BPF trampoline share a
 * function with a live patch is not offered: such a pair gets -EBUSY.
 */
#include <linux/ftrace.h>
#include <linux/mutex.h>
#include <linux/rcupdate.h>

#include "fentry.h"

/*
 * The callback of every direct user, for the functions it shares with
 * other users: it sends the trampoline's return to the target.
 */
static void fentry_direct_func(unsigned long ip, unsigned long parent_ip,
			       struct ftrace_ops *ops, struct ftrace_regs *fregs)
{
	arch_ftrace_set_direct_caller(fregs, READ_ONCE(ops->direct_call));
}

/**
 * ftrace_find_rec_direct() - the target a function's direct user sends it to
 * @ip:		the function's call site
 *
 * Context: process context; takes fentry_lock, so it may sleep. Nothing
 * on the tracing path calls it: fentry_direct_func() reads its own ops'
 * target, and a site that calls a target directly needs no lookup.
 *
 * Return: the target, or 0 when no direct user traces @ip.
 */
unsigned long ftrace_find_rec_direct(unsigned long ip)
{
	struct fentry_want w;

	guard(mutex)(&fentry_lock);
	fentry_wanted(ip, &w);
	return w.direct;
}

/**
 * register_ftrace_direct() - have a user's functions call a trampoline
 * @ops:	the user, not registered, whose filter (ftrace_set_filter_ip()
 *		and the like) names the functions
 * @addr:	the trampoline: entered as if the function's entry had called
 *		it, it returns into the function
 *
 * Return: 0; -EINVAL for an empty filter (which would mean every
 * function) or a zero @addr; -EBUSY when @ops is registered already, or
 * a function already has a direct user or one that moves the ip; -EIO
 * when a site refused to be patched.
 */
int register_ftrace_direct(struct ftrace_ops *ops, unsigned long addr)
{
	struct ftrace_hash *f;
	int ret;

	if (!addr)
		return -EINVAL;
	scoped_guard(mutex, &fentry_lock) {
		if (ops->flags & FTRACE_OPS_FL_ENABLED)
			return -EBUSY;
		f = ops->func_hash ?
		    rcu_dereference_protected(ops->func_hash->filter_hash,
					      lockdep_is_held(&fentry_lock)) :
		    NULL;
		if (!f || !f->count)
			return -EINVAL;
	}
	ops->func = fentry_direct_func;
	ops->flags |= FTRACE_OPS_FL_DIRECT | FTRACE_OPS_FL_SAVE_REGS;
	WRITE_ONCE(ops->direct_call, addr);
	ret = register_ftrace_function(ops);
	if (ret) {
		ops->flags &= ~(FTRACE_OPS_FL_DIRECT | FTRACE_OPS_FL_SAVE_REGS);
		WRITE_ONCE(ops->direct_call, 0);
	}
	return ret;
}
EXPORT_SYMBOL_GPL(register_ftrace_direct);

/**
 * unregister_ftrace_direct() - end what register_ftrace_direct() began
 * @ops:	the user
 * @addr:	its trampoline
 * @free_filters: also empty @ops' filter and notrace sets
 *
 * Sleeps. When it returns, no function calls @addr any more, from a site
 * or from the register-saving trampoline, and no task is inside @addr's
 * trampoline: its module may go.
 *
 * Return: 0, or -EINVAL when @ops is not a registered direct user of
 * @addr.
 */
int unregister_ftrace_direct(struct ftrace_ops *ops, unsigned long addr,
			     bool free_filters)
{
	int ret;

	if (!(ops->flags & FTRACE_OPS_FL_DIRECT) ||
	    READ_ONCE(ops->direct_call) != addr)
		return -EINVAL;
	ret = unregister_ftrace_function(ops);
	if (ret)
		return ret;
	/*
	 * A task may have been preempted inside the trampoline, or in the
	 * register-saving trampoline on its way to it: its module may go
	 * only once every task has been seen outside (at a voluntary
	 * switch, in user mode or idle).
	 */
	synchronize_rcu_tasks();
	ops->flags &= ~(FTRACE_OPS_FL_DIRECT | FTRACE_OPS_FL_SAVE_REGS);
	WRITE_ONCE(ops->direct_call, 0);
	if (free_filters)
		ftrace_free_filter(ops);
	return 0;
}
EXPORT_SYMBOL_GPL(unregister_ftrace_direct);

/**
 * modify_ftrace_direct_nolock() - send a direct user's functions elsewhere
 * @ops:	a registered direct user
 * @addr:	the new trampoline
 *
 * Every site changes from the old call to the new one in one step (a CPU
 * runs one or the other); the register-saving path reads the new target
 * at once. The old trampoline must stay until a grace period has passed.
 * Upstream has its caller hold the direct-call mutex; here the locking is
 * internal and the two forms are one.
 *
 * Return: 0; -EINVAL when @ops is not a registered direct user or @addr
 * is zero; -ENOMEM or -EIO when a site could not be changed.
 */
int modify_ftrace_direct_nolock(struct ftrace_ops *ops, unsigned long addr)
{
	if (!addr)
		return -EINVAL;
	guard(mutex)(&fentry_lock);
	if ((ops->flags & (FTRACE_OPS_FL_DIRECT | FTRACE_OPS_FL_ENABLED)) !=
	    (FTRACE_OPS_FL_DIRECT | FTRACE_OPS_FL_ENABLED))
		return -EINVAL;
	WRITE_ONCE(ops->direct_call, addr);
	return fentry_update();
}
EXPORT_SYMBOL_GPL(modify_ftrace_direct_nolock);

/**
 * modify_ftrace_direct() - send a direct user's functions elsewhere
 * @ops:	a registered direct user
 * @addr:	the new trampoline
 *
 * Return: as modify_ftrace_direct_nolock().
 */
int modify_ftrace_direct(struct ftrace_ops *ops, unsigned long addr)
{
	return modify_ftrace_direct_nolock(ops, addr);
}
EXPORT_SYMBOL_GPL(modify_ftrace_direct);
