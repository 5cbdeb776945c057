// SPDX-License-Identifier: GPL-2.0
/*
 * Event triggers: events/<system>/<event>/trigger.
 *
 * A trigger is a command that runs each time its event fires (whether or
 * not the event's records go to the buffer), optionally only for records
 * that pass a filter of its own, and optionally only a number of times:
 *
 *   traceon[:count] [if filter]	start recording
 *   traceoff[:count] [if filter]	stop recording
 *   snapshot[:count] [if filter]	take a snapshot (trace_snapshot.c)
 *   stacktrace[:count] [if filter]	record a stack trace
 *   enable_event:sys:event[:count] [if filter]	unmute another event
 *   disable_event:sys:event[:count] [if filter]	mute it
 *
 * traceon, traceoff, enable_event and disable_event count only the times
 * they change something. An event has at most one of traceon and
 * traceoff, one snapshot, one stacktrace, and one enable_event or
 * disable_event per event named. A snapshot trigger arms the snapshot
 * (allocates its buffer) for as long as it is set. The event that
 * enable_event and disable_event name is put in soft mode: its probe runs
 * and its records are muted or not as the triggers say (its enable file
 * shows "0*" or "1*"). '!' before a command removes that trigger; the
 * rest of the line is then ignored, so that a line read from the file
 * can be written back with a '!' before it.
 *
 * Triggers are read by the probe under RCU, and changed under
 * trace_ev_lock; a removed one is freed once no probe can be running it.
 */
#include <linux/ctype.h>
#include <linux/kernel.h>
#include <linux/kprobes.h>
#include <linux/rculist.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "trace.h"
#include "trace_ev_core.h"

enum trig_type {
	TRIG_TRACEON,
	TRIG_TRACEOFF,
	TRIG_SNAPSHOT,
	TRIG_STACKTRACE,
	TRIG_ENABLE,
	TRIG_DISABLE,
};

static const char *const trig_names[] = {
	[TRIG_TRACEON]		= "traceon",
	[TRIG_TRACEOFF]		= "traceoff",
	/* No such trigger without the snapshot buffer. */
	[TRIG_SNAPSHOT]		= IS_ENABLED(CONFIG_TRACER_SNAPSHOT) ?
				  "snapshot" : NULL,
	[TRIG_STACKTRACE]	= "stacktrace",
	[TRIG_ENABLE]		= "enable_event",
	[TRIG_DISABLE]		= "disable_event",
};

/**
 * struct trace_ev_trig - one trigger of an event
 * @list:	link in its event's list
 * @type:	enum trig_type
 * @count:	runs left; -1 for no limit
 * @filter:	its own filter, or NULL
 * @target:	the event enable_event and disable_event name
 * @gone:	link in a list of removed triggers to free (@list may still
 *		be walked by a probe until a grace period has passed)
 * @rcu:	for freeing after the probes are done with it
 */
struct trace_ev_trig {
	struct list_head list;
	struct list_head gone;
	enum trig_type type;
	long count;
	struct trace_ev_filter *filter;
	struct trace_ev_rt *target;
	struct rcu_head rcu;
};

/* One run off the count; false when none is left. */
static bool trig_take(struct trace_ev_trig *t)
{
	long c = READ_ONCE(t->count);

	while (c != -1) {
		if (!c)
			return false;
		if (try_cmpxchg(&t->count, &c, c - 1))
			return true;
	}
	return true;
}

/**
 * trace_ev_trig_run() - run an event's triggers on its record
 * @rt:		the event
 * @rec:	the record
 * @len:	its length
 *
 * Called from the event's probe, preemption off.
 */
noinline void trace_ev_trig_run(struct trace_ev_rt *rt, const void *rec,
				unsigned int len)
{
	struct trace_ev_trig *t;
	bool mute;

	list_for_each_entry_rcu(t, &rt->trigs, list) {
		if (t->filter && !trace_ev_filter_match(t->filter, rec, len))
			continue;
		switch (t->type) {
		case TRIG_TRACEON:
			if (!tracing_is_on() && trig_take(t))
				tracing_on();
			break;
		case TRIG_TRACEOFF:
			if (tracing_is_on() && trig_take(t))
				tracing_off();
			break;
		case TRIG_SNAPSHOT:
			if (trig_take(t))
				trace_snapshot_take(&trace_top_buf);
			break;
		case TRIG_STACKTRACE:
			/* Past this function, the commit and the probe. */
			if (trig_take(t))
				trace_stack_record(&trace_top_buf, NULL, 3,
						   tracing_gen_ctx_dec());
			break;
		case TRIG_ENABLE:
		case TRIG_DISABLE:
			mute = t->type == TRIG_DISABLE;
			if (test_bit(TRACE_EV_B_MUTE, &t->target->call->flags) != mute &&
			    trig_take(t))
				assign_bit(TRACE_EV_B_MUTE, &t->target->call->flags,
					   mute);
			break;
		}
	}
}

NOKPROBE_SYMBOL(trace_ev_trig_run);

/* The file */

/**
 * trace_ev_trig_show() - an event's trigger file
 * @m:		where to print
 * @obj:	the event (struct trace_ev_rt)
 *
 * With no trigger, the commands there are; else one line a trigger.
 * Called with trace_ev_lock held.
 *
 * Return: 0.
 */
int trace_ev_trig_show(struct seq_file *m, void *obj)
{
	struct trace_ev_rt *rt = obj;
	struct trace_ev_trig *t;
	unsigned int i;

	if (list_empty(&rt->trigs)) {
		seq_puts(m, "# Available triggers:\n#");
		for (i = 0; i < ARRAY_SIZE(trig_names); i++)
			if (trig_names[i])
				seq_printf(m, " %s", trig_names[i]);
		seq_putc(m, '\n');
		return 0;
	}
	list_for_each_entry(t, &rt->trigs, list) {
		seq_puts(m, trig_names[t->type]);
		if (t->target)
			seq_printf(m, ":%s:%s", t->target->sys->name,
				   t->target->call->name);
		if (t->count == -1)
			seq_puts(m, ":unlimited");
		else
			seq_printf(m, ":count=%ld", t->count);
		if (t->filter)
			seq_printf(m, " if %s", trace_ev_filter_text(t->filter));
		seq_putc(m, '\n');
	}
	return 0;
}

static void trig_free(struct trace_ev_trig *t)
{
	trace_ev_filter_free(t->filter);
	kfree(t);
}

static void trig_free_rcu(struct rcu_head *rcu)
{
	trig_free(container_of(rcu, struct trace_ev_trig, rcu));
}

/* traceon and traceoff are one kind, as are enable_ and disable_event. */
static bool trig_same(const struct trace_ev_trig *a, enum trig_type type,
		      const struct trace_ev_rt *target)
{
	switch (type) {
	case TRIG_TRACEON:
	case TRIG_TRACEOFF:
		return a->type == TRIG_TRACEON || a->type == TRIG_TRACEOFF;
	case TRIG_ENABLE:
	case TRIG_DISABLE:
		return (a->type == TRIG_ENABLE || a->type == TRIG_DISABLE) &&
		       a->target == target;
	default:
		return a->type == type;
	}
}

static struct trace_ev_trig *trig_find(struct trace_ev_rt *rt,
				       enum trig_type type,
				       const struct trace_ev_rt *target)
{
	struct trace_ev_trig *t;

	list_for_each_entry(t, &rt->trigs, list) {
		if (trig_same(t, type, target))
			return t;
	}
	return NULL;
}

/* The event "sys:event" names. */
static struct trace_ev_rt *trig_event(const char *sys, const char *ev)
{
	struct trace_ev_rt *rt;

	for (rt = trace_ev_next(NULL); rt; rt = trace_ev_next(rt)) {
		if (!strcmp(rt->sys->name, sys) && !strcmp(rt->call->name, ev))
			return rt;
	}
	return NULL;
}

/* Take @t off its event; the caller frees it after a grace period. */
static void trig_unlink(struct trace_ev_rt *rt, struct trace_ev_trig *t)
{
	list_del_rcu(&t->list);
	trace_ev_apply_locked(rt);
	if (t->target)
		trace_ev_soft_locked(t->target, false);
	if (t->type == TRIG_SNAPSHOT)
		trace_snapshot_disarm(&trace_top_buf);
}

/*
 * Parse "name[:sys:event][:count]" into @type, @target and @count. For a
 * removal the count is not looked at.
 */
static int trig_parse(char *cmd, bool remove, enum trig_type *type,
		      struct trace_ev_rt **target, long *count)
{
	char *name = strsep(&cmd, ":"), *sys, *ev;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(trig_names); i++) {
		if (trig_names[i] && !strcmp(name, trig_names[i]))
			break;
	}
	if (i == ARRAY_SIZE(trig_names))
		return -EINVAL;
	*type = i;
	*target = NULL;
	*count = -1;
	if (i == TRIG_ENABLE || i == TRIG_DISABLE) {
		sys = strsep(&cmd, ":");
		ev = strsep(&cmd, ":");
		*target = sys && ev ? trig_event(sys, ev) : NULL;
		if (!*target)
			return -EINVAL;
	}
	if (remove || !cmd)
		return 0;
	if (kstrtol(cmd, 0, count) || *count <= 0)
		return -EINVAL;
	return 0;
}

/* '!' before a trigger: remove the one that matches. */
static int trig_remove(struct trace_ev_rt *rt, enum trig_type type,
		       struct trace_ev_rt *target)
{
	struct trace_ev_trig *t = trig_find(rt, type, target);

	if (!t)
		return -ENOENT;
	trig_unlink(rt, t);
	call_rcu(&t->rcu, trig_free_rcu);
	return 0;
}

/* Add a trigger to @rt; it owns @f (NULL: none) from here, error or not. */
static int trig_add(struct trace_ev_rt *rt, enum trig_type type,
		    struct trace_ev_rt *target, long count,
		    struct trace_ev_filter *f)
{
	struct trace_ev_trig *t;
	int ret;

	if (trig_find(rt, type, target)) {
		trace_ev_filter_free(f);
		return -EEXIST;
	}
	t = kzalloc(sizeof(*t), GFP_KERNEL);
	if (!t) {
		trace_ev_filter_free(f);
		return -ENOMEM;
	}
	t->type = type;
	t->count = count;
	t->filter = f;
	t->target = target;
	if (target) {
		ret = trace_ev_soft_locked(target, true);
		if (ret) {
			trace_ev_soft_locked(target, false);
			trig_free(t);
			return ret;
		}
	}
	if (type == TRIG_SNAPSHOT) {
		ret = trace_snapshot_arm(&trace_top_buf);
		if (ret) {
			trig_free(t);
			return ret;
		}
	}
	list_add_tail_rcu(&t->list, &rt->trigs);
	ret = trace_ev_apply_locked(rt);
	if (ret) {
		trig_unlink(rt, t);
		synchronize_rcu();
		trig_free(t);
	}
	return ret;
}

/**
 * trace_ev_trig_store() - add or remove a trigger of an event
 * @val:	the line written
 * @obj:	the event (struct trace_ev_rt)
 *
 * Called with trace_ev_lock held.
 *
 * Return: 0; -EINVAL for a bad line or filter; -EEXIST for a trigger of
 * a kind the event has; -ENOENT to remove one it has not; -ENOMEM.
 */
int trace_ev_trig_store(const char *val, void *obj)
{
	struct trace_ev_rt *rt = obj, *target;
	char *line, *rest, *cmd;
	struct trace_ev_filter *f = NULL;
	enum trig_type type;
	bool remove;
	unsigned int pos;
	const char *err;
	long count;
	int ret;

	line = kstrdup(val, GFP_KERNEL);
	if (!line)
		return -ENOMEM;
	rest = line;
	cmd = strsep(&rest, " \t");
	remove = *cmd == '!';
	ret = trig_parse(cmd + remove, remove, &type, &target, &count);
	if (ret)
		goto out;
	if (remove) {
		ret = trig_remove(rt, type, target);
		goto out;
	}
	rest = rest ? skip_spaces(rest) : "";
	if (*rest) {
		ret = -EINVAL;
		if (strncmp(rest, "if", 2) || !isspace(rest[2]))
			goto out;
		f = trace_ev_filter_compile(trace_ev_fields(rt->call),
					    skip_spaces(rest + 2), &err, &pos);
		if (IS_ERR(f)) {
			ret = PTR_ERR(f);
			goto out;
		}
	}
	ret = trig_add(rt, type, target, count, f);
out:
	kfree(line);
	return ret;
}

/*
 * An event goes: its triggers, and those that name it, go first. Called
 * with trace_ev_lock held; returns once no probe runs them.
 */
static void trace_ev_trig_forget_locked(struct trace_ev_rt *rt)
{
	struct trace_ev_trig *t, *tmp;
	struct trace_ev_rt *e;
	LIST_HEAD(gone);

	lockdep_assert_held(&trace_ev_lock);
	for (e = trace_ev_next(NULL); e; e = trace_ev_next(e)) {
		list_for_each_entry_safe(t, tmp, &e->trigs, list) {
			if (e != rt && t->target != rt)
				continue;
			trig_unlink(e, t);
			list_add(&t->gone, &gone);
		}
	}
	if (list_empty(&gone))
		return;
	synchronize_rcu();
	list_for_each_entry_safe(t, tmp, &gone, gone)
		trig_free(t);
}

static struct trace_ev_client trace_ev_trig_client = {
	.forget = trace_ev_trig_forget_locked,
};

static int __init trace_ev_trig_init(void)
{
	trace_ev_client_register(&trace_ev_trig_client);
	return 0;
}
core_initcall(trace_ev_trig_init);
