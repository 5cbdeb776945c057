// SPDX-License-Identifier: GPL-2.0
/*
 * Function commands: "<functions>:<command>[:<count>]" written to
 * set_ftrace_filter runs the command whenever one of the functions is
 * entered, whatever the current tracer:
 *
 *   traceon, traceoff   turn recording on or off (counted only when it
 *                       changes something)
 *   stacktrace          record the call stack (a kernel_stack record)
 *   snapshot            take a snapshot (trace_snapshot.c); each command
 *                       arms the snapshot while it is set
 *   dump, cpudump       print the buffer, or this CPU's part of it, on
 *                       the console (recording stops first)
 *   enable_event:<sys>:<event>, disable_event:<sys>:<event>
 *                       unmute or mute that trace event, which is kept in
 *                       soft mode while a command names it (counted
 *                       only when they change something)
 *
 * Each trace array has its own: an instance's set_ftrace_filter sets and
 * lists the commands that act on its buffer and its events.
 *
 * The count limits how many times the command runs; without one it is
 * unlimited. "!<functions>:<command>" removes it (a count given is
 * ignored). Commands are kept apart from the filter: truncating or
 * rewriting set_ftrace_filter leaves them alone, and the file lists them
 * after the filter as "<function>:<command>:unlimited" or ":count=N".
 *
 * The commands are one user of the function-entry hook whose filter is
 * the set of functions that have one; its callback finds them in a table
 * sorted by address. A change builds a new table; the old one is freed
 * once no CPU can be inside the callback.
 */
#include <linux/ftrace.h>
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/printk.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/sort.h>

#include "fentry.h"
#include "trace.h"
#include "trace_count.h"
#include "trace_ev_core.h"

enum fentry_cmd_kind {
	FENTRY_CMD_TRACEON,
	FENTRY_CMD_TRACEOFF,
	FENTRY_CMD_STACKTRACE,
	FENTRY_CMD_SNAPSHOT,
	FENTRY_CMD_DUMP,
	FENTRY_CMD_CPUDUMP,
	FENTRY_CMD_ENABLE_EVENT,
	FENTRY_CMD_DISABLE_EVENT,
	FENTRY_CMD_NR
};

static const char * const fentry_cmd_names[FENTRY_CMD_NR] = {
	[FENTRY_CMD_TRACEON]	= "traceon",
	[FENTRY_CMD_TRACEOFF]	= "traceoff",
	[FENTRY_CMD_STACKTRACE]	= "stacktrace",
	/* No such command without the snapshot buffer. */
	[FENTRY_CMD_SNAPSHOT]	= IS_ENABLED(CONFIG_TRACER_SNAPSHOT) ?
				  "snapshot" : NULL,
	[FENTRY_CMD_DUMP]	= "dump",
	[FENTRY_CMD_CPUDUMP]	= "cpudump",
	[FENTRY_CMD_ENABLE_EVENT] = "enable_event",
	[FENTRY_CMD_DISABLE_EVENT] = "disable_event",
};

/* The commands that name a trace event. */
static bool fentry_cmd_evented(unsigned int kind)
{
	return kind == FENTRY_CMD_ENABLE_EVENT || kind == FENTRY_CMD_DISABLE_EVENT;
}

/**
 * struct fentry_cmd - one command on one function
 * @ip:		the function's call site
 * @tr:		the trace array whose set_ftrace_filter set it
 * @kind:	the command
 * @left:	runs left; -1 when unlimited
 * @event:	the trace event enable_event and disable_event name (a
 *		reference from trace_ev_soft_get()), else NULL
 * @event_ie:	in an instance, that event there
 */
struct fentry_cmd {
	unsigned long ip;
	struct trace_array *tr;
	unsigned int kind;
	atomic_long_t left;
	struct trace_ev_rt *event;
	struct trace_ev_ie *event_ie;
};

/**
 * struct fentry_cmds - every command, sorted by @ip then @kind
 * @nr:		number of commands
 * @cmd:	the commands
 */
struct fentry_cmds {
	unsigned int nr;
	struct fentry_cmd *cmd[];
};

/*
 * The table: replaced under fentry_cmd_mutex and fentry_lock, read by the
 * callback locklessly and by the listing under fentry_lock.
 */
static struct fentry_cmds __rcu *fentry_cmds;
static DEFINE_MUTEX(fentry_cmd_mutex);

/*
 * Set while a traceon, traceoff, enable_event or disable_event command
 * tests and changes its state (trace_count_switch_begin()), so that two
 * CPUs running one at once do not both see the same state and both
 * count a run.
 */
static atomic_t fentry_cmd_switching;

/*
 * traceon/traceoff (the trace buffer) or enable_event/disable_event (the
 * event's soft mode): turn it on (@on) or off, counting a run only when
 * that changes it.
 */
static void fentry_cmd_switch(struct fentry_cmd *c, bool on)
{
	struct trace_buf *b = trace_array_buf(c->tr);
	bool is_event = fentry_cmd_evented(c->kind);
	bool now;

	if (!trace_count_switch_begin(&fentry_cmd_switching))
		return;
	now = is_event ? trace_ev_soft_is(c->event, c->event_ie, on) :
			 trace_buf_is_on(b) == on;
	if (!now && trace_count_take(&c->left)) {
		if (is_event)
			trace_ev_soft_set(c->event, c->event_ie, on);
		else
			trace_buf_set_on(b, on);
	}
	trace_count_switch_end(&fentry_cmd_switching);
}

/*
 * The dump commands run wherever their function is called, under the
 * scheduler's locks too (__smp_call_single_queue() is called with a
 * task's pi_lock held): the lines go to the log buffer at once, and to
 * the consoles from irq_work, not under those locks. The dispatch
 * disabled preemption, which printk_deferred_enter() needs.
 */
static void fentry_cmd_dump(enum ftrace_dump_mode mode)
{
	printk_deferred_enter();
	ftrace_dump(mode);
	printk_deferred_exit();
}

static void fentry_cmd_run(struct fentry_cmd *c, struct ftrace_regs *fregs)
{
	switch (c->kind) {
	case FENTRY_CMD_TRACEON:
		fentry_cmd_switch(c, true);
		break;
	case FENTRY_CMD_TRACEOFF:
		fentry_cmd_switch(c, false);
		break;
	case FENTRY_CMD_STACKTRACE:
		/* The dispatch disabled preemption: record the caller's count. */
		if (trace_count_take(&c->left))
			trace_stack_record(trace_array_buf(c->tr),
					   &arch_ftrace_regs(fregs)->regs, 0,
					   tracing_gen_ctx_dec());
		break;
	case FENTRY_CMD_SNAPSHOT:
		if (trace_count_take(&c->left))
			trace_snapshot_take(trace_array_buf(c->tr));
		break;
	case FENTRY_CMD_DUMP:
		if (trace_count_take(&c->left))
			fentry_cmd_dump(DUMP_ALL);
		break;
	case FENTRY_CMD_CPUDUMP:
		if (trace_count_take(&c->left))
			fentry_cmd_dump(DUMP_ORIG);
		break;
	case FENTRY_CMD_ENABLE_EVENT:
		fentry_cmd_switch(c, true);
		break;
	case FENTRY_CMD_DISABLE_EVENT:
		fentry_cmd_switch(c, false);
		break;
	}
}

/* First index of @t whose address is at least @ip. */
static unsigned int fentry_cmds_find(const struct fentry_cmds *t,
				     unsigned long ip)
{
	unsigned int lo = 0, hi = t->nr;

	while (lo < hi) {
		unsigned int mid = lo + (hi - lo) / 2;

		if (t->cmd[mid]->ip < ip)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Called by the dispatch, preemption off. */
static void fentry_cmd_call(unsigned long ip, unsigned long parent_ip,
			    struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	struct fentry_cmds *t = rcu_dereference_raw(fentry_cmds);
	unsigned int i;

	if (!t)
		return;
	for (i = fentry_cmds_find(t, ip); i < t->nr && t->cmd[i]->ip == ip; i++)
		fentry_cmd_run(t->cmd[i], fregs);
}

static struct ftrace_ops fentry_cmd_ops = {
	.func		= fentry_cmd_call,
	.func_hash	= &fentry_cmd_ops.local_hash,
};

static int cmp_cmd(const void *a, const void *b)
{
	const struct fentry_cmd *x = *(const struct fentry_cmd * const *)a;
	const struct fentry_cmd *y = *(const struct fentry_cmd * const *)b;

	if (x->ip != y->ip)
		return x->ip < y->ip ? -1 : 1;
	if (x->tr != y->tr)
		return x->tr < y->tr ? -1 : 1;
	if (x->kind != y->kind)
		return (int)x->kind - (int)y->kind;
	if (x->event != y->event)
		return x->event < y->event ? -1 : 1;
	return 0;
}

/*
 * Make @t (sorted) the table, and patch the functions it names and no
 * others. Return: 0 (@t is consumed), or -ENOMEM (nothing changed). A
 * site that refuses to be patched is reported by fentry_update().
 */
static int fentry_cmds_install(struct fentry_cmds *t)
{
	struct ftrace_hash __rcu **slot = &fentry_cmd_ops.local_hash.filter_hash;
	bool registered = fentry_cmd_ops.flags & FTRACE_OPS_FL_ENABLED;
	struct ftrace_hash *set = NULL;
	unsigned int i;

	lockdep_assert_held(&fentry_cmd_mutex);
	if (t->nr) {
		set = fentry_hash_alloc(t->nr);
		if (!set)
			return -ENOMEM;
		for (i = 0; i < t->nr; i++)
			if (!set->count || set->ips[set->count - 1] != t->cmd[i]->ip)
				set->ips[set->count++] = t->cmd[i]->ip;
	}
	scoped_guard(mutex, &fentry_lock)
		rcu_assign_pointer(fentry_cmds, t->nr ? t : NULL);
	if (!t->nr) {
		kvfree(t);
		if (registered)
			unregister_ftrace_function(&fentry_cmd_ops);
		fentry_hash_replace(slot, NULL);
		return 0;
	}
	/* Registered with no filter, every function would be patched. */
	fentry_hash_replace(slot, set);
	if (!registered)
		register_ftrace_function(&fentry_cmd_ops);
	return 0;
}

/*
 * Parse "<command>[:<sys>:<event>][:<count>]" of @tr: the kind, the
 * event (a soft-mode reference the caller drops; in an instance, @ie is
 * the event there; with @ie NULL, the event only looked up, not held),
 * and the count (-1: unlimited).
 */
static int fentry_cmd_parse(struct trace_array *tr, const char *spec,
			    unsigned int *kind, struct trace_ev_rt **event,
			    struct trace_ev_ie **ie, long *count)
{
	const char *colon = strchr(spec, ':');
	size_t len = colon ? colon - spec : strlen(spec);
	const char *arg = colon ? colon + 1 : NULL;
	char sys[64], name[64];
	const char *end;
	unsigned int k;

	for (k = 0; k < FENTRY_CMD_NR; k++)
		if (fentry_cmd_names[k] && strlen(fentry_cmd_names[k]) == len &&
		    !strncmp(spec, fentry_cmd_names[k], len))
			break;
	if (k == FENTRY_CMD_NR)
		return -EINVAL;
	*kind = k;
	*count = -1;
	*event = NULL;
	if (ie)
		*ie = NULL;
	if (fentry_cmd_evented(k)) {
		/* <sys>:<event>, then perhaps :<count> */
		colon = arg ? strchr(arg, ':') : NULL;
		if (!colon || colon - arg >= sizeof(sys))
			return -EINVAL;
		strscpy(sys, arg, colon - arg + 1);
		end = strchrnul(colon + 1, ':');
		if (end - colon - 1 >= sizeof(name))
			return -EINVAL;
		strscpy(name, colon + 1, end - colon);
		*event = ie ? trace_ev_soft_get(tr, sys, name, ie) :
		     trace_ev_soft_find(tr, sys, name) ?: ERR_PTR(-EINVAL);
		if (IS_ERR(*event)) {
			int ret = PTR_ERR(*event);

			*event = NULL;
			return ret;
		}
		arg = *end ? end + 1 : NULL;
	}
	if (!arg || !strcmp(arg, "unlimited"))
		return 0;
	/* What the file lists is accepted back. */
	if (str_has_prefix(arg, "count="))
		arg += 6;
	if (kstrtol(arg, 10, count) || *count < 0) {
		if (*event && ie)
			trace_ev_soft_put(*event, *ie);
		*event = NULL;
		return -EINVAL;
	}
	return 0;
}

/* Free a command that no CPU can be running any more. */
static void fentry_cmd_free(struct fentry_cmd *c)
{
	if (c->event)
		trace_ev_soft_put(c->event, c->event_ie);
	if (c->kind == FENTRY_CMD_SNAPSHOT)
		trace_snapshot_disarm(trace_array_buf(c->tr));
	kfree(c);
}

/*
 * A new command of @tr for @ip: its event held in soft mode, and the
 * snapshot armed, as its kind needs.
 */
static struct fentry_cmd *fentry_cmd_new(struct trace_array *tr,
					 unsigned long ip, unsigned int kind,
					 struct trace_ev_rt *event,
					 struct trace_ev_ie *ie, long count)
{
	struct fentry_cmd *c = kmalloc(sizeof(*c), GFP_KERNEL);
	int ret = 0;

	if (!c)
		return ERR_PTR(-ENOMEM);
	c->ip = ip;
	c->tr = tr;
	c->kind = kind;
	c->event = event;
	c->event_ie = ie;
	atomic_long_set(&c->left, count);
	if (event)
		ret = trace_ev_soft_hold(event, ie);
	if (!ret && kind == FENTRY_CMD_SNAPSHOT) {
		ret = trace_snapshot_arm(trace_array_buf(tr));
		if (ret && event)
			trace_ev_soft_put(event, ie);
	}
	if (ret) {
		kfree(c);
		return ERR_PTR(ret);
	}
	return c;
}

/* Add to @t a command of @tr for each function of @fns that @old lacks. */
static int fentry_cmd_add_new(struct fentry_cmds *t,
			      const struct fentry_cmds *old,
			      struct trace_array *tr,
			      const struct ftrace_hash *fns, unsigned int kind,
			      struct trace_ev_rt *event, struct trace_ev_ie *ie,
			      long count)
{
	struct fentry_cmd *c;
	unsigned int j;

	for (j = 0; j < fns->count; j++) {
		if (old) {
			struct fentry_cmd key = { .ip = fns->ips[j], .tr = tr,
						  .kind = kind, .event = event };
			struct fentry_cmd *k = &key;

			if (bsearch(&k, old->cmd, old->nr, sizeof(k), cmp_cmd))
				continue;
		}
		c = fentry_cmd_new(tr, fns->ips[j], kind, event, ie, count);
		if (IS_ERR(c))
			return PTR_ERR(c);
		t->cmd[t->nr++] = c;
	}
	return 0;
}

/* Free what was made for @t and is not in @old, then @t itself. */
static void fentry_cmds_discard(struct fentry_cmds *t,
				const struct fentry_cmds *old)
{
	unsigned int i;

	for (i = 0; i < t->nr; i++)
		if (!old || !bsearch(&t->cmd[i], old->cmd, old->nr,
				     sizeof(t->cmd[i]), cmp_cmd))
			fentry_cmd_free(t->cmd[i]);
	kvfree(t);
}

/* Is @c the command @kind (on @event) of @tr on one of @fns? */
static bool fentry_cmd_matches(const struct fentry_cmd *c,
			       const struct trace_array *tr, unsigned int kind,
			       const struct trace_ev_rt *event,
			       const struct ftrace_hash *fns)
{
	return c->tr == tr && c->kind == kind && c->event == event &&
	       fentry_hash_has(fns, c->ip);
}

/* fentry_cmd_apply(), the command parsed; @event is the caller's. */
static int fentry_cmd_apply_parsed(struct trace_array *tr,
				   const struct ftrace_hash *fns,
				   unsigned int kind, struct trace_ev_rt *event,
				   struct trace_ev_ie *ie, long count,
				   bool remove)
{
	struct fentry_cmds *old, *t;
	struct fentry_cmd **gone = NULL, *c;
	unsigned int i, ngone = 0, nold;
	int ret = 0;

	guard(mutex)(&fentry_cmd_mutex);
	old = rcu_dereference_protected(fentry_cmds,
					lockdep_is_held(&fentry_cmd_mutex));
	nold = old ? old->nr : 0;
	t = kvmalloc(struct_size(t, cmd, nold + (remove ? 0 : fns->count)),
		     GFP_KERNEL);
	if (!t)
		return -ENOMEM;
	t->nr = 0;
	if (remove) {
		gone = kvmalloc_array(nold, sizeof(*gone), GFP_KERNEL);
		if (!gone && nold) {
			kvfree(t);
			return -ENOMEM;
		}
	}
	for (i = 0; i < nold; i++) {
		c = old->cmd[i];
		if (fentry_cmd_matches(c, tr, kind, event, fns)) {
			if (remove) {
				gone[ngone++] = c;
				continue;
			}
			atomic_long_set(&c->left, count);
		}
		t->cmd[t->nr++] = c;
	}
	if (remove && !ngone) {
		kvfree(gone);
		kvfree(t);
		return -EINVAL;
	}
	if (!remove)
		ret = fentry_cmd_add_new(t, old, tr, fns, kind, event, ie,
					 count);
	if (!ret) {
		sort(t->cmd, t->nr, sizeof(t->cmd[0]), cmp_cmd, NULL);
		ret = fentry_cmds_install(t);
	}
	if (ret) {
		/* The old table stays. */
		fentry_cmds_discard(t, old);
		kvfree(gone);
		return ret;
	}
	fentry_sync_users();
	for (i = 0; i < ngone; i++)
		fentry_cmd_free(gone[i]);
	kvfree(gone);
	kvfree(old);
	return 0;
}

/**
 * fentry_cmd_apply() - add or remove a command on a set of functions
 * @tr:		the trace array whose set_ftrace_filter takes it
 * @fns:	the functions (not empty)
 * @spec:	"<command>[:<count>]"
 * @remove:	remove the command from those of @fns that have it
 *
 * Adding a command a function already has sets its count anew.
 *
 * Return: 0; -EINVAL for an unknown command or a bad count, or when
 * removing and no function of @fns had the command; -ENOMEM.
 */
int fentry_cmd_apply(struct trace_array *tr, const struct ftrace_hash *fns,
		     const char *spec, bool remove)
{
	struct trace_ev_rt *event;
	struct trace_ev_ie *ie;
	unsigned int kind;
	long count;
	int ret;

	ret = fentry_cmd_parse(tr, spec, &kind, &event, &ie, &count);
	if (ret)
		return ret;
	ret = fentry_cmd_apply_parsed(tr, fns, kind, event, ie, count, remove);
	if (event)
		trace_ev_soft_put(event, ie);
	return ret;
}

/**
 * fentry_cmd_check() - whether fentry_cmd_apply() would take a command
 * @tr:		the trace array whose set_ftrace_filter takes it
 * @fns:	the functions (not empty)
 * @spec:	"<command>[:<count>]"
 * @remove:	it would be removed
 *
 * For a write that is taken whole or not at all: changes nothing (the
 * event a command names is looked up, not put in soft mode).
 *
 * Return: 0, or the errno fentry_cmd_apply() would give but -ENOMEM.
 */
int fentry_cmd_check(struct trace_array *tr, const struct ftrace_hash *fns,
		     const char *spec, bool remove)
{
	const struct fentry_cmds *t;
	struct trace_ev_rt *event;
	unsigned int kind, i;
	long count;
	int ret;

	ret = fentry_cmd_parse(tr, spec, &kind, &event, NULL, &count);
	if (ret || !remove)
		return ret;
	guard(mutex)(&fentry_cmd_mutex);
	t = rcu_dereference_protected(fentry_cmds,
				      lockdep_is_held(&fentry_cmd_mutex));
	for (i = 0; t && i < t->nr; i++)
		if (fentry_cmd_matches(t->cmd[i], tr, kind, event, fns))
			return 0;
	return -EINVAL;
}

/* Remove the commands @gone says; for what goes away. Sleeps. */
static void fentry_cmd_drop(bool (*gone)(const struct fentry_cmd *c,
					 const void *arg),
			    const void *arg)
{
	struct fentry_cmds *old, *t;
	struct fentry_cmd *c;
	unsigned int i;

	guard(mutex)(&fentry_cmd_mutex);
	old = rcu_dereference_protected(fentry_cmds,
					lockdep_is_held(&fentry_cmd_mutex));
	if (!old)
		return;
	t = kvmalloc(struct_size(t, cmd, old->nr), GFP_KERNEL);
	if (!t)
		return;
	t->nr = 0;
	for (i = 0; i < old->nr; i++) {
		c = old->cmd[i];
		if (!gone(c, arg))
			t->cmd[t->nr++] = c;
	}
	if (t->nr == old->nr || fentry_cmds_install(t)) {
		kvfree(t);
		return;
	}
	fentry_sync_users();
	for (i = 0; i < old->nr; i++)
		if (gone(old->cmd[i], arg))
			fentry_cmd_free(old->cmd[i]);
	kvfree(old);
}

struct fentry_cmd_range {
	unsigned long start, end;
};

static bool fentry_cmd_in_range(const struct fentry_cmd *c, const void *arg)
{
	const struct fentry_cmd_range *r = arg;

	return c->ip >= r->start && c->ip < r->end;
}

/*
 * Remove the commands on functions of a range, for a module going away
 * (fentry_sites.c's forget hook). Sleeps.
 */
static void fentry_cmd_forget(unsigned long start, unsigned long end)
{
	struct fentry_cmd_range r = { start, end };

	fentry_cmd_drop(fentry_cmd_in_range, &r);
}

static bool fentry_cmd_of_array(const struct fentry_cmd *c, const void *tr)
{
	return c->tr == tr;
}

/*
 * An instance goes: its commands go before its events (which they may
 * name) and its buffer. Sleeps; no command of @tr runs once it returns.
 */
static void fentry_cmd_forget_array(struct trace_array *tr)
{
	fentry_cmd_drop(fentry_cmd_of_array, tr);
}

static struct trace_array_client fentry_cmd_array_client = {
	.remove = fentry_cmd_forget_array,
	.order = TRACE_ARRAY_ORDER_CMDS,
};

TRACE_REGISTER(trace_array_client_register, fentry_cmd_array_client);

static struct fentry_forget_hook fentry_cmd_forget_hook = {
	.forget = fentry_cmd_forget,
};

static bool fentry_cmd_names_module(const struct fentry_cmd *c,
				    const void *mod)
{
	return c->event && trace_ev_module(c->event) == mod;
}

/*
 * Remove the commands that name an event of a module whose events are
 * going away: the event registry's going hook, called without its lock.
 * Sleeps.
 */
static void fentry_cmd_forget_events(struct module *mod)
{
	fentry_cmd_drop(fentry_cmd_names_module, mod);
}

static struct trace_ev_client fentry_cmd_ev_client = {
	.going = fentry_cmd_forget_events,
};

static int __init fentry_cmd_ev_init(void)
{
	fentry_forget_register(&fentry_cmd_forget_hook);
	if (IS_ENABLED(CONFIG_EVENT_TRACING))
		trace_ev_client_register(&fentry_cmd_ev_client);
	return 0;
}
core_initcall(fentry_cmd_ev_init);

/**
 * fentry_cmd_count() - the number of commands of a trace array
 * @tr:		the array
 *
 * Context: fentry_lock held.
 * Return: the number of commands.
 */
unsigned int fentry_cmd_count(struct trace_array *tr)
{
	struct fentry_cmds *t;
	unsigned int i, n = 0;

	t = rcu_dereference_protected(fentry_cmds, lockdep_is_held(&fentry_lock));
	for (i = 0; t && i < t->nr; i++)
		n += t->cmd[i]->tr == tr;
	return n;
}

/**
 * fentry_cmd_show() - list one command, as set_ftrace_filter shows it
 * @m:		where to print
 * @tr:		the trace array whose commands are listed
 * @idx:	its index among them, below fentry_cmd_count()
 *
 * Context: fentry_lock held.
 */
void fentry_cmd_show(struct seq_file *m, struct trace_array *tr,
		     unsigned int idx)
{
	struct fentry_cmds *t;
	struct fentry_cmd *c = NULL;
	unsigned int i;
	long left;

	t = rcu_dereference_protected(fentry_cmds, lockdep_is_held(&fentry_lock));
	for (i = 0; t && i < t->nr; i++) {
		if (t->cmd[i]->tr == tr && !idx--) {
			c = t->cmd[i];
			break;
		}
	}
	if (!c)
		return;
	left = atomic_long_read(&c->left);
	seq_printf(m, "%ps:%s", (void *)c->ip, fentry_cmd_names[c->kind]);
	if (c->event)
		trace_ev_soft_show(m, c->event);
	if (left < 0)
		seq_puts(m, ":unlimited\n");
	else
		seq_printf(m, ":count=%ld\n", left);
}
