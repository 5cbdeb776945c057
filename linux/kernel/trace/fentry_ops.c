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
 *   fentry_call_one   one user of any other kind: checks its sets for the
 *                     site, and guards it only if it asks to be
 *                     (FTRACE_OPS_FL_RECURSION);
 *   fentry_call_all   several users: checks each user's sets for the site
 *                     and calls it with its ops, the whole walk guarded.
 *
 * With one OPLESS user the patched sites are exactly the ones it traces,
 * so no set is checked on that fast path: one of our tracers may take a
 * stray call. Any other lone user has its sets checked, because a task
 * preempted inside a trampoline can reach the dispatch long after the
 * site it came from was patched for a user since gone, and a user that
 * moves the ip (live patching) must never run for a function not its own.
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

	/* A live patch or a lone kprobe has a filter of one function. */
	if (f && f->count == 1)
		return f->ips[0] == ip && !(n && fentry_hash_has(n, ip));
	return (!f || fentry_hash_has(f, ip)) && !(n && fentry_hash_has(n, ip));
}

/*
 * A site patched for the light trampoline has no full regs, and returns to
 * the function whatever ip or direct call a callback sets: the users that
 * need them wait until it is patched for them.
 */
static __always_inline bool fentry_regs_lack(struct ftrace_ops *op,
					     struct ftrace_regs *fregs)
{
	return (op->flags & FENTRY_OPS_FL_FULL_REGS) && !ftrace_get_regs(fregs);
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
		if (!fentry_ops_traces(op, ip) || fentry_regs_lack(op, fregs))
			continue;
		op->func(ip, parent_ip, op, fregs);
	}
	preempt_enable_notrace();
	fentry_recursion_exit(bit);
}

/*
 * The only user, not OPLESS. Preemption is off from before the list is
 * read until the callback returns, as fentry_sync_users() needs. As
 * upstream, a callback without FTRACE_OPS_FL_RECURSION guards itself.
 */
static void fentry_call_one(unsigned long ip, unsigned long parent_ip,
			    struct ftrace_ops *unused, struct ftrace_regs *fregs)
{
	struct ftrace_ops *op;
	int bit;

	preempt_disable_notrace();
	op = rcu_dereference_raw(fentry_users);
	/* Empty while the last user leaves: its sites are not yet nops. */
	if (unlikely(!op))
		goto out;
	/* A second user is listed first, then the dispatch changes. */
	if (unlikely(rcu_dereference_raw(op->next))) {
		fentry_call_all(ip, parent_ip, NULL, fregs);
		goto out;
	}
	if (!fentry_ops_traces(op, ip) || fentry_regs_lack(op, fregs))
		goto out;
	if (op->flags & FTRACE_OPS_FL_RECURSION) {
		bit = fentry_recursion_enter(FENTRY_REC_DISPATCH);
		if (bit < 0)
			goto out;
		op->func(ip, parent_ip, op, fregs);
		fentry_recursion_exit(bit);
	} else {
		op->func(ip, parent_ip, op, fregs);
	}
out:
	preempt_enable_notrace();
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
	else if (fentry_nr_users == 1)
		static_call_update(fentry_call, fentry_call_one);
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
 * @w:		gets who traces it
 *
 * Context: fentry_lock held.
 * Return: FENTRY_ON, with FENTRY_REGS when a user needs every register,
 * or with FENTRY_GUARD when every user may be guarded; FENTRY_DIRECT when
 * the only user is a direct call; 0 for the nop (also whenever
 * ftrace_enabled is 0 and no user is FTRACE_OPS_FL_PERMANENT).
 */
unsigned int fentry_wanted(unsigned long ip, struct fentry_want *w)
{
	struct ftrace_ops *op;
	unsigned int want = 0;
	bool guard = true;

	lockdep_assert_held(&fentry_lock);
	memset(w, 0, sizeof(*w));
	for (op = rcu_dereference_protected(fentry_users,
					    lockdep_is_held(&fentry_lock));
	     op; op = rcu_dereference_protected(op->next,
						lockdep_is_held(&fentry_lock))) {
		if (!fentry_ops_traces(op, ip))
			continue;
		w->users++;
		w->flags |= op->flags;
		want |= FENTRY_ON;
		if (op->flags & (FENTRY_OPS_FL_FULL_REGS |
				 FTRACE_OPS_FL_SAVE_REGS_IF_SUPPORTED))
			want |= FENTRY_REGS;
		if (IS_ENABLED(CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS) &&
		    (op->flags & FTRACE_OPS_FL_DIRECT))
			w->direct = fentry_ops_direct(op);
		guard &= fentry_ops_guarded(op, ip);
	}
	if (w->users && guard && !(want & FENTRY_REGS))
		want |= FENTRY_GUARD;
	if (w->users == 1 && w->direct)
		want = FENTRY_DIRECT;
	if (!READ_ONCE(ftrace_enabled) &&
	    !(w->flags & FTRACE_OPS_FL_PERMANENT))
		return 0;
	return want;
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
	unsigned long from, to;
	struct fentry_want w;
	unsigned int i, want, now;
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
			want = fentry_wanted(ip, &w);
			now = s->word & FENTRY_PATCH;
			to = want == FENTRY_DIRECT ? w.direct : 0;
			from = now == FENTRY_DIRECT ? fentry_direct_site(ip) : 0;
			if (now == want && from == to)
				continue;
			/* The table first: a failed store leaves the site. */
			if (to && to != from && fentry_direct_site_set(ip, to)) {
				ret = -ENOMEM;
				continue;
			}
			if (arch_fentry_poke(ip, now, from, want, to)) {
				pr_err("%pS: unexpected bytes %5ph, refused\n",
				       (void *)ip, (void *)ip);
				s->word |= FENTRY_BAD;
				fentry_direct_site_set(ip, 0);
				ret = -EIO;
				continue;
			}
			s->word = (s->word & ~FENTRY_PATCH) | want;
			if (!to && from)
				fentry_direct_site_set(ip, 0);
		}
	}
	arch_fentry_poke_finish();
	mutex_unlock(&text_mutex);
	return ret;
}

/* @h's filter and notrace sets. Context: fentry_lock held. */
static struct ftrace_hash *fentry_locked_filter(struct ftrace_ops_hash *h)
{
	return rcu_dereference_protected(h->filter_hash,
					 lockdep_is_held(&fentry_lock));
}

static struct ftrace_hash *fentry_locked_notrace(struct ftrace_ops_hash *h)
{
	return rcu_dereference_protected(h->notrace_hash,
					 lockdep_is_held(&fentry_lock));
}

/* Do these sets trace @ip? */
static bool fentry_sets_trace(const struct ftrace_hash *f,
			      const struct ftrace_hash *n, unsigned long ip)
{
	return (!f || fentry_hash_has(f, ip)) && !(n && fentry_hash_has(n, ip));
}

/* Do two users with these sets trace a function in common? */
static bool fentry_sets_overlap(const struct ftrace_hash *f1,
				const struct ftrace_hash *n1,
				const struct ftrace_hash *f2,
				const struct ftrace_hash *n2)
{
	const struct ftrace_hash *walk;
	unsigned int i;

	/* Both trace every function but their notrace sets: say yes. */
	if (!f1 && !f2)
		return true;
	walk = !f1 ? f2 : !f2 ? f1 : f1->count <= f2->count ? f1 : f2;
	for (i = 0; i < walk->count; i++)
		if (fentry_sets_trace(f1, n1, walk->ips[i]) &&
		    fentry_sets_trace(f2, n2, walk->ips[i]))
			return true;
	return false;
}

/*
 * May @ops, with the sets @f and @n, be registered beside the current
 * users? A user that moves the ip or calls directly must be alone among
 * such users on each of its functions (FENTRY_OPS_FL_ALONE).
 * Context: fentry_lock held.
 */
static int fentry_alone_check(struct ftrace_ops *ops,
			      const struct ftrace_hash *f,
			      const struct ftrace_hash *n)
{
	struct ftrace_ops *op;

	lockdep_assert_held(&fentry_lock);
	if (!(ops->flags & FENTRY_OPS_FL_ALONE))
		return 0;
	for (op = rcu_dereference_protected(fentry_users,
					    lockdep_is_held(&fentry_lock));
	     op; op = rcu_dereference_protected(op->next,
						lockdep_is_held(&fentry_lock))) {
		if (op == ops || !(op->flags & FENTRY_OPS_FL_ALONE))
			continue;
		if (fentry_sets_overlap(f, n, fentry_locked_filter(op->func_hash),
					fentry_locked_notrace(op->func_hash)))
			return -EBUSY;
	}
	return 0;
}

/**
 * fentry_set_check() - may the set at @slot become @set?
 * @slot:	a filter_hash or notrace_hash
 * @set:	the set it would hold
 *
 * Context: fentry_lock held.
 * Return: 0, or -EBUSY when a registered user of the slot that must be
 * alone on its functions (FENTRY_OPS_FL_ALONE) would then share one.
 */
static int fentry_set_check(struct ftrace_hash __rcu **slot,
			    const struct ftrace_hash *set)
{
	struct ftrace_ops *op;
	int ret;

	lockdep_assert_held(&fentry_lock);
	for (op = rcu_dereference_protected(fentry_users,
					    lockdep_is_held(&fentry_lock));
	     op; op = rcu_dereference_protected(op->next,
						lockdep_is_held(&fentry_lock))) {
		struct ftrace_ops_hash *h = op->func_hash;
		const struct ftrace_hash *f, *n;

		if (!(op->flags & FENTRY_OPS_FL_ALONE) ||
		    (slot != &h->filter_hash && slot != &h->notrace_hash))
			continue;
		f = fentry_locked_filter(h);
		n = fentry_locked_notrace(h);
		if (slot == &h->filter_hash)
			f = set;
		else
			n = set;
		ret = fentry_alone_check(op, f, n);
		if (ret)
			return ret;
	}
	return 0;
}

/* Is a user that ftrace_enabled cannot turn off registered? */
static bool fentry_permanent_users(void)
{
	struct ftrace_ops *op;

	lockdep_assert_held(&fentry_lock);
	for (op = rcu_dereference_protected(fentry_users,
					    lockdep_is_held(&fentry_lock));
	     op; op = rcu_dereference_protected(op->next,
						lockdep_is_held(&fentry_lock)))
		if (op->flags & FTRACE_OPS_FL_PERMANENT)
			return true;
	return false;
}

/**
 * register_ftrace_function() - start calling a user at function entries
 * @ops:	the user: @ops->func is called at the entry of every function
 *		its filter (set with ftrace_set_filter()) allows and its
 *		notrace set does not
 *
 * Callbacks may run in any context, NMI included, with preemption off
 * unless the callback is called directly (FENTRY_OPS_FL_OPLESS). As
 * upstream, a callback guards itself against recursion
 * (ftrace_test_recursion_trylock()) unless it sets
 * FTRACE_OPS_FL_RECURSION; while other users share the dispatch, every
 * callback is guarded.
 *
 * A user with FTRACE_OPS_FL_IPMODIFY or FTRACE_OPS_FL_DIRECT is refused on
 * a function that another such user traces; one with
 * FTRACE_OPS_FL_PERMANENT is refused while ftrace_enabled is 0, and keeps
 * it from being set to 0.
 *
 * Return: 0; -EBUSY if already registered or refused as above; -EIO if a
 * site refused.
 */
int register_ftrace_function(struct ftrace_ops *ops)
{
	struct ftrace_ops_hash *h;
	int ret;

	guard(mutex)(&fentry_lock);
	if (ops->flags & FTRACE_OPS_FL_ENABLED)
		return -EBUSY;
	if ((ops->flags & FTRACE_OPS_FL_PERMANENT) && !ftrace_enabled)
		return -EBUSY;
	if (!ops->func_hash)
		ops->func_hash = &ops->local_hash;
	h = ops->func_hash;
	ret = fentry_alone_check(ops, fentry_locked_filter(h),
				 fentry_locked_notrace(h));
	if (ret)
		return ret;
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
	/* Livepatch and its kind cannot be turned off under them. */
	if (!ftrace_enabled && fentry_permanent_users()) {
		ftrace_enabled = old;
		return -EBUSY;
	}
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
 * Return: 0; -EBUSY when a user of the slot may not trace what @set
 * holds (fentry_set_check(); @set is freed, nothing changes); -EIO when
 * a site refused to be patched.
 */
int fentry_replace(struct ftrace_hash __rcu **slot, struct ftrace_hash *set,
		   long kind, char **terms)
{
	struct ftrace_hash *old;
	int ret;

	scoped_guard(mutex, &fentry_lock) {
		ret = fentry_set_check(slot, set);
		if (ret) {
			fentry_hash_free(set);
			return ret;
		}
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
