// SPDX-License-Identifier: GPL-2.0
/*
 * The users of the function-entry hook (struct ftrace_ops), and the sites
 * they make live.
 *
 * A registered user is on fentry_users, newest first, linked through
 * ops->next. Each has a filter and a notrace set (ops->func_hash); the
 * sites patched into calls are those that at least one user traces. The
 * trampolines call the static call fentry_call, which points at:
 *
 *   fentry_stub       no user;
 *   ops->func         one user whose callback ignores its ops argument
 *                     (FENTRY_OPS_FL_OPLESS): no indirection at all;
 *   fentry_call_all   any other case: checks each user's sets for the
 *                     site and calls it with its ops.
 *
 * With one OPLESS user the patched sites are exactly the ones it traces,
 * so no set is checked on that fast path.
 *
 * Order of changes, so that a site never calls a dispatch that lacks the
 * user it was patched for: a new user is put on the list and the
 * dispatch updated before its sites are patched; a leaving user's sites
 * are restored first, and the dispatch updated after. Nothing is freed or
 * reported gone until every CPU has scheduled once (fentry_sync_users()):
 * every dispatch runs with preemption disabled, also where RCU does not
 * watch (idle), so a context switch on each CPU proves none is inside.
 */
#define pr_fmt(fmt) "ftrace: " fmt

#include <linux/ftrace.h>
#include <linux/init.h>
#include <linux/memory.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/preempt.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>
#include <linux/static_call.h>
#include <linux/sysctl.h>
#include <linux/workqueue.h>

#include <kunit/visibility.h>

#include "fentry.h"

/* /proc/sys/kernel/ftrace_enabled: 0 keeps every site a nop. */
int ftrace_enabled __read_mostly = 1;

/* The users; changed under fentry_lock, walked by the dispatch. */
static struct ftrace_ops __rcu *fentry_users;
static unsigned int fentry_nr_users;	/* under fentry_lock */

static void fentry_stub(unsigned long ip, unsigned long parent_ip,
			struct ftrace_ops *op, struct ftrace_regs *fregs)
{
}

DEFINE_STATIC_CALL(fentry_call, fentry_stub);

/* Does @op trace the function whose call site is @ip? */
static __always_inline bool fentry_ops_traces(struct ftrace_ops *op,
					      unsigned long ip)
{
	struct ftrace_ops_hash *h = op->func_hash;
	struct ftrace_hash *f = rcu_dereference_raw(h->filter_hash);
	struct ftrace_hash *n = rcu_dereference_raw(h->notrace_hash);

	return (!f || fentry_hash_has(f, ip)) && !(n && fentry_hash_has(n, ip));
}

static void fentry_call_all(unsigned long ip, unsigned long parent_ip,
			    struct ftrace_ops *unused, struct ftrace_regs *fregs)
{
	struct ftrace_ops *op;
	int bit = fentry_recursion_enter(FENTRY_REC_DISPATCH);

	if (bit < 0)
		return;
	preempt_disable_notrace();
	for (op = rcu_dereference_raw(fentry_users); op;
	     op = rcu_dereference_raw(op->next)) {
		if (!fentry_ops_traces(op, ip))
			continue;
		/* A site patched for the light trampoline has no full regs. */
		if ((op->flags & FTRACE_OPS_FL_SAVE_REGS) &&
		    !ftrace_get_regs(fregs))
			continue;
		op->func(ip, parent_ip, op, fregs);
	}
	preempt_enable_notrace();
	fentry_recursion_exit(bit);
}

/* Point fentry_call at what the current users need. */
static void fentry_set_dispatch(void)
{
	struct ftrace_ops *op;

	lockdep_assert_held(&fentry_lock);
	op = rcu_dereference_protected(fentry_users,
				       lockdep_is_held(&fentry_lock));
	if (!fentry_nr_users)
		static_call_update(fentry_call, fentry_stub);
	else if (fentry_nr_users == 1 && (op->flags & FENTRY_OPS_FL_OPLESS))
		static_call_update(fentry_call, op->func);
	else
		static_call_update(fentry_call, fentry_call_all);
}

static void fentry_sync_fn(struct work_struct *work)
{
}

/**
 * fentry_sync_users() - wait until no CPU runs a dispatch begun before
 *
 * Sleeps. After it, a user taken off the list, or a set replaced, is no
 * longer looked at.
 */
void fentry_sync_users(void)
{
	schedule_on_each_cpu(fentry_sync_fn);
}

/* Can @op's calls at @ip go through the guard? */
static bool fentry_ops_guarded(struct ftrace_ops *op, unsigned long ip)
{
	struct ftrace_hash __rcu **slot = op->private;
	struct ftrace_hash *gate;

	if (!(op->flags & FENTRY_OPS_FL_GATED) || !slot)
		return false;
	gate = rcu_dereference_protected(*slot, lockdep_is_held(&fentry_lock));
	return gate && !fentry_hash_has(gate, ip);
}

/**
 * fentry_wanted() - what the site at @ip must hold for the current users
 * @ip:		the site
 * @users:	set to the number of users that trace it
 *
 * Context: fentry_lock held.
 * Return: FENTRY_ON, with FENTRY_REGS when a user needs every register,
 * or with FENTRY_GUARD when every user may be guarded; 0 for the nop
 * (also whenever ftrace_enabled is 0).
 */
unsigned int fentry_wanted(unsigned long ip, unsigned int *users)
{
	struct ftrace_ops *op;
	unsigned int want = 0, n = 0;
	bool guard = true;

	lockdep_assert_held(&fentry_lock);
	for (op = rcu_dereference_protected(fentry_users,
					    lockdep_is_held(&fentry_lock));
	     op; op = rcu_dereference_protected(op->next,
						lockdep_is_held(&fentry_lock))) {
		if (!fentry_ops_traces(op, ip))
			continue;
		n++;
		want |= FENTRY_ON;
		if (op->flags & (FTRACE_OPS_FL_SAVE_REGS |
				 FTRACE_OPS_FL_SAVE_REGS_IF_SUPPORTED))
			want |= FENTRY_REGS;
		guard &= fentry_ops_guarded(op, ip);
	}
	if (n && guard && !(want & FENTRY_REGS))
		want |= FENTRY_GUARD;
	*users = n;
	return READ_ONCE(ftrace_enabled) ? want : 0;
}

/**
 * fentry_update() - patch every site to what the users want
 *
 * Context: fentry_lock held; sleeps.
 * Return: 0, or -EIO when a site held unexpected bytes (it is refused
 * from then on, and left as it was).
 */
int fentry_update(void)
{
	struct fentry_group *g;
	unsigned int i, want, now, users;
	int ret = 0;

	lockdep_assert_held(&fentry_lock);
	list_for_each_entry(g, &fentry_groups, list)
		fentry_validate(g);
	mutex_lock(&text_mutex);
	list_for_each_entry(g, &fentry_groups, list) {
		for (i = 0; i < g->nr; i++) {
			struct fentry_site *s = &g->sites[i];
			unsigned long ip = fentry_ip(g, s);

			if (s->word & FENTRY_SKIP)
				continue;
			want = fentry_wanted(ip, &users);
			now = s->word & FENTRY_PATCH;
			if (now == want)
				continue;
			if (arch_fentry_poke(ip, now, want)) {
				pr_err("%pS: unexpected bytes %5ph, refused\n",
				       (void *)ip, (void *)ip);
				s->word |= FENTRY_BAD;
				ret = -EIO;
				continue;
			}
			s->word = (s->word & ~FENTRY_PATCH) | want;
		}
	}
	arch_fentry_poke_finish();
	mutex_unlock(&text_mutex);
	return ret;
}

/**
 * register_ftrace_function() - start calling a user at function entries
 * @ops:	the user: @ops->func is called at the entry of every function
 *		its filter (set with ftrace_set_filter()) allows and its
 *		notrace set does not
 *
 * Callbacks may run in any context, NMI included, with preemption off
 * unless the callback is called directly (FENTRY_OPS_FL_OPLESS). A
 * callback that does not set FTRACE_OPS_FL_RECURSION is protected
 * against recursion by the dispatch.
 *
 * Return: 0; -EBUSY if already registered; -EIO if a site refused.
 */
int register_ftrace_function(struct ftrace_ops *ops)
{
	int ret;

	guard(mutex)(&fentry_lock);
	if (ops->flags & FTRACE_OPS_FL_ENABLED)
		return -EBUSY;
	if (!ops->func_hash)
		ops->func_hash = &ops->local_hash;
	ops->flags |= FTRACE_OPS_FL_ENABLED | FTRACE_OPS_FL_INITIALIZED;
	ops->next = rcu_dereference_protected(fentry_users,
					      lockdep_is_held(&fentry_lock));
	rcu_assign_pointer(fentry_users, ops);
	fentry_nr_users++;
	fentry_set_dispatch();
	ret = fentry_update();
	return ret;
}
EXPORT_SYMBOL_GPL(register_ftrace_function);

/**
 * unregister_ftrace_function() - stop calling a user
 * @ops:	a registered user
 *
 * Sleeps. When it returns, no callback of @ops is running or will run.
 *
 * Return: 0, or -EINVAL if @ops was not registered.
 */
int unregister_ftrace_function(struct ftrace_ops *ops)
{
	struct ftrace_ops __rcu **pp;
	struct ftrace_ops *op, *next;

	scoped_guard(mutex, &fentry_lock) {
		if (!(ops->flags & FTRACE_OPS_FL_ENABLED))
			return -EINVAL;
		for (pp = &fentry_users;
		     (op = rcu_dereference_protected(*pp,
				lockdep_is_held(&fentry_lock))) && op != ops;
		     pp = &op->next)
			;
		if (WARN_ON_ONCE(!op))
			return -EINVAL;
		/* Walkers standing on @ops still find its successor. */
		next = rcu_dereference_protected(ops->next,
						 lockdep_is_held(&fentry_lock));
		rcu_assign_pointer(*pp, next);
		fentry_nr_users--;
		fentry_update();
		fentry_set_dispatch();
		ops->flags &= ~FTRACE_OPS_FL_ENABLED;
	}
	fentry_sync_users();
	return 0;
}
EXPORT_SYMBOL_GPL(unregister_ftrace_function);

/**
 * fentry_slot_cut() - cut a range of addresses out of a set
 * @slot:	the set's slot
 * @filter:	it is a filter: left empty, it stays empty (traces nothing)
 *		rather than becoming NULL (every function)
 * @start:	the range's first address
 * @end:	the address after its last
 * @old:	gets the old set to free, or NULL when nothing changed
 *
 * Context: fentry_lock held.
 */
void fentry_slot_cut(struct ftrace_hash __rcu **slot, bool filter,
		     unsigned long start, unsigned long end,
		     struct ftrace_hash **old)
{
	struct ftrace_hash *h, *r;

	lockdep_assert_held(&fentry_lock);
	h = rcu_dereference_protected(*slot, lockdep_is_held(&fentry_lock));
	r = fentry_hash_cut(h, start, end);
	*old = NULL;
	if (r == h)
		return;
	if (!r->count && !filter) {
		fentry_hash_free(r);
		r = NULL;
	}
	rcu_assign_pointer(*slot, r);
	*old = h;
}

/*
 * Drop the functions of a range from every set, for a module going away
 * (fentry_sites.c's forget hook): its addresses may be reused by the next
 * module, whose functions must not inherit filters. A filter that held
 * only functions of the range is left empty: it traces nothing, rather
 * than every function. Sets of users that are not registered are not
 * reached. Sleeps.
 */
VISIBLE_IF_KUNIT void fentry_forget_range(unsigned long start,
					  unsigned long end)
{
	struct ftrace_hash **old;
	struct ftrace_ops_hash *h;
	struct ftrace_ops *op;
	unsigned int n = 0, i, max;

	mutex_lock(&fentry_lock);
	max = 2 * (fentry_nr_users + 2);
	old = kcalloc(max, sizeof(*old), GFP_KERNEL);
	if (!old) {
		mutex_unlock(&fentry_lock);
		return;
	}
	fentry_slot_cut(&fentry_global_hash.filter_hash, true, start, end,
			&old[n++]);
	fentry_slot_cut(&fentry_global_hash.notrace_hash, false, start, end,
			&old[n++]);
	fentry_slot_cut(&trace_graph_sets.filter_hash, true, start, end,
			&old[n++]);
	fentry_slot_cut(&trace_graph_sets.notrace_hash, false, start, end,
			&old[n++]);
	for (op = rcu_dereference_protected(fentry_users,
					    lockdep_is_held(&fentry_lock));
	     op; op = rcu_dereference_protected(op->next,
						lockdep_is_held(&fentry_lock))) {
		h = op->func_hash;
		if (h == &fentry_global_hash || n + 2 > max)
			continue;
		fentry_slot_cut(&h->filter_hash, true, start, end, &old[n++]);
		fentry_slot_cut(&h->notrace_hash, false, start, end, &old[n++]);
	}
	/* Sites of the range still in the table go back to what users want. */
	fentry_update();
	mutex_unlock(&fentry_lock);
	fentry_sync_users();
	for (i = 0; i < n; i++)
		fentry_hash_free(old[i]);
	kfree(old);
}

/**
 * ftrace_module_enable() - a module's text is final and about to run
 * @mod:	the module
 *
 * The filters' terms kept for it take its functions in, and its sites
 * that current users trace (those tracing every function, for a start)
 * are patched, before its code first runs.
 */
void ftrace_module_enable(struct module *mod)
{
	struct ftrace_hash *old[FENTRY_MODTERM_MAX];
	unsigned int n, i;

	scoped_guard(mutex, &fentry_lock) {
		n = fentry_modterm_load(mod, old);
		if (fentry_nr_users)
			fentry_update();
	}
	if (!n)
		return;
	fentry_sync_users();
	for (i = 0; i < n; i++)
		fentry_hash_free(old[i]);
}

/* ftrace_enabled: applied at once; 0 and 1 only. */
static int fentry_enabled_sysctl(const struct ctl_table *table, int write,
				 void *buffer, size_t *lenp, loff_t *ppos)
{
	int old, ret;

	guard(mutex)(&fentry_lock);
	old = ftrace_enabled;
	ret = proc_dointvec_minmax(table, write, buffer, lenp, ppos);
	if (ret || !write || old == ftrace_enabled)
		return ret;
	return fentry_update();
}

static struct ctl_table fentry_sysctls[] = {
	{
		.procname	= "ftrace_enabled",
		.data		= &ftrace_enabled,
		.maxlen		= sizeof(int),
		.mode		= 0644,
		.proc_handler	= fentry_enabled_sysctl,
		.extra1		= SYSCTL_ZERO,
		.extra2		= SYSCTL_ONE,
	},
};

static int __init fentry_sysctl_init(void)
{
	register_sysctl_init("kernel", fentry_sysctls);
	return 0;
}
late_initcall(fentry_sysctl_init);

static struct fentry_forget_hook fentry_ops_forget = {
	.forget = fentry_forget_range,
};

static int __init fentry_ops_forget_init(void)
{
	fentry_forget_register(&fentry_ops_forget);
	return 0;
}
core_initcall(fentry_ops_forget_init);

/**
 * fentry_replace() - make @set the set at @slot, and patch to it
 * @slot:	a filter_hash or notrace_hash
 * @set:	the new set (consumed), or NULL
 * @kind:	with @terms: the listing (enum fentry_listing) whose deferred
 *		module terms change at the same time
 * @terms:	NULL, or the new deferred terms; gets the old ones, for the
 *		caller to free
 *
 * Sleeps; the old set is freed once no dispatch can look at it.
 *
 * Return: 0, or -EIO when a site refused to be patched.
 */
int fentry_replace(struct ftrace_hash __rcu **slot, struct ftrace_hash *set,
		   long kind, char **terms)
{
	struct ftrace_hash *old;
	int ret;

	scoped_guard(mutex, &fentry_lock) {
		old = rcu_dereference_protected(*slot,
						lockdep_is_held(&fentry_lock));
		rcu_assign_pointer(*slot, set);
		if (terms)
			fentry_modterm_swap(kind, terms);
		ret = fentry_update();
	}
	if (old) {
		fentry_sync_users();
		fentry_hash_free(old);
	}
	return ret;
}

/**
 * fentry_hash_replace() - make @set the set a user sees, and patch to it
 * @slot:	a filter_hash or notrace_hash of a user
 * @set:	the new set (consumed), or NULL
 *
 * Sleeps; the old set is freed once no dispatch can look at it.
 *
 * Return: 0, or -EIO when a site refused to be patched.
 */
int fentry_hash_replace(struct ftrace_hash __rcu **slot, struct ftrace_hash *set)
{
	return fentry_replace(slot, set, -1, NULL);
}
