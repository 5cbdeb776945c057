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
 *   enable_hist:sys:event[:count] [if filter]	continue its hist triggers
 *   disable_hist:sys:event[:count] [if filter]	pause them
 *   hist:keys=... [if filter]			sum hits by key (trace_hist.c)
 *
 * traceon, traceoff, enable_event and disable_event count only the times
 * they change something. An event has at most one of traceon and
 * traceoff, one snapshot, one stacktrace, one enable_event or
 * disable_event per event named, one enable_hist or disable_hist per
 * event named, and any number of hist triggers that differ in their keys,
 * values, sort, name or filter. Opening the file with O_TRUNC removes the
 * hist triggers, and those alone. A snapshot trigger arms the snapshot
 * (allocates its buffer) for as long as it is set. The event that
 * enable_event and disable_event name is put in soft mode: its probe runs
 * and its records are muted or not as the triggers say (its enable file
 * shows "0*" or "1*"). '!' before a command removes that trigger; the
 * rest of the line is then ignored, so that a line read from the file
 * can be written back with a '!' before it.
 *
 * An instance's events have triggers of their own (the trigger file of
 * events/ in the instance): they act on the instance's buffer, and
 * enable_event and disable_event name an event of the instance.
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
#include "trace_count.h"
#include "trace_ev_core.h"
#include "trace_ev_trig.h"
#include "trace_hist.h"

static const char *const trig_names[] = {
	[TRIG_TRACEON]		= "traceon",
	[TRIG_TRACEOFF]		= "traceoff",
	/* No such trigger without the snapshot buffer. */
	[TRIG_SNAPSHOT]		= IS_ENABLED(CONFIG_TRACER_SNAPSHOT) ?
				  "snapshot" : NULL,
	[TRIG_STACKTRACE]	= "stacktrace",
	[TRIG_ENABLE]		= "enable_event",
	[TRIG_DISABLE]		= "disable_event",
	[TRIG_ENABLE_HIST]	= IS_ENABLED(CONFIG_HIST_TRIGGERS) ?
				  "enable_hist" : NULL,
	[TRIG_DISABLE_HIST]	= IS_ENABLED(CONFIG_HIST_TRIGGERS) ?
				  "disable_hist" : NULL,
	[TRIG_HIST]		= IS_ENABLED(CONFIG_HIST_TRIGGERS) ?
				  "hist" : NULL,
};

/* enable_event and the like name an event; the _hist ones don't mute it. */
static bool trig_names_event(enum trig_type type)
{
	return type >= TRIG_ENABLE && type <= TRIG_DISABLE_HIST;
}

static bool trig_soft(enum trig_type type)
{
	return type == TRIG_ENABLE || type == TRIG_DISABLE;
}

/* Whether the event enable_event or disable_event names is muted. */
static bool trig_target_muted(const struct trace_ev_trig *t)
{
	if (t->target_ie)
		return !READ_ONCE(t->target_ie->on);
	return test_bit(TRACE_EV_B_MUTE, &t->target->call->flags);
}

static void trig_target_mute(struct trace_ev_trig *t, bool mute)
{
	if (t->target_ie)
		WRITE_ONCE(t->target_ie->on, !mute);
	else
		assign_bit(TRACE_EV_B_MUTE, &t->target->call->flags, mute);
}

/*
 * traceon or traceoff: recording into @b on or @off, a run counted only
 * when that changes it. A hit with nothing to change writes nothing.
 */
static void trig_switch_buf(struct trace_ev_trig *t, struct trace_buf *b,
			    bool off)
{
	if (trace_buf_is_on(b) != off || !trace_count_switch_begin(&t->switching))
		return;
	if (trace_buf_is_on(b) == off && trace_count_take(&t->count))
		trace_buf_set_on(b, !off);
	trace_count_switch_end(&t->switching);
}

/* enable_event or disable_event: the same for the event @t names. */
static void trig_switch_event(struct trace_ev_trig *t, bool off)
{
	if (trig_target_muted(t) == off ||
	    !trace_count_switch_begin(&t->switching))
		return;
	if (trig_target_muted(t) != off && trace_count_take(&t->count))
		trig_target_mute(t, off);
	trace_count_switch_end(&t->switching);
}

/* Pause or continue the hist triggers of the event @t names. */
static void trig_target_pause(struct trace_ev_trig *t, bool pause)
{
	struct list_head *trigs = t->target_ie ? &t->target_ie->trigs :
						 &t->target->trigs;
	struct trace_ev_trig *x;

	list_for_each_entry_rcu(x, trigs, list)
		if (x->type == TRIG_HIST)
			trace_hist_set_paused(x->hist, pause);
}

/**
 * trace_ev_trig_run() - run an event's triggers on its record
 * @trigs:	the triggers: of the event at the top or in an instance
 * @b:		the buffer they act on: the top one, or the instance's
 * @rec:	the record
 * @len:	its length
 *
 * Called from the event's probe, preemption off.
 */
noinline void trace_ev_trig_run(struct list_head *trigs, struct trace_buf *b,
				const void *rec, unsigned int len)
{
	struct trace_ev_trig *t;

	list_for_each_entry_rcu(t, trigs, list) {
		if (t->filter && !trace_ev_filter_match(t->filter, rec, len))
			continue;
		switch (t->type) {
		case TRIG_TRACEON:
		case TRIG_TRACEOFF:
			trig_switch_buf(t, b, t->type == TRIG_TRACEOFF);
			break;
		case TRIG_ENABLE:
		case TRIG_DISABLE:
			trig_switch_event(t, t->type == TRIG_DISABLE);
			break;
		case TRIG_SNAPSHOT:
			if (trace_count_take(&t->count))
				trace_snapshot_take(b);
			break;
		case TRIG_STACKTRACE:
			/*
			 * Past this function, trace_ev_commit_ftrace(), the
			 * slow commit and the probe.
			 */
			if (trace_count_take(&t->count))
				trace_stack_record(b, NULL, 4,
						   tracing_gen_ctx_dec());
			break;
		case TRIG_ENABLE_HIST:
		case TRIG_DISABLE_HIST:
			if (trace_count_take(&t->count))
				trig_target_pause(t,
						  t->type == TRIG_DISABLE_HIST);
			break;
		case TRIG_HIST:
			trace_hist_hit(t->hist, rec, len);
			break;
		}
	}
}

NOKPROBE_SYMBOL(trace_ev_trig_run);

/* The file */

/* A trigger as its file lists it, without the newline. */
static void trig_show_one(struct seq_file *m, const struct trace_ev_trig *t)
{
	long count;

	if (t->type == TRIG_HIST) {
		trace_hist_list(m, t->hist);
	} else {
		seq_puts(m, trig_names[t->type]);
		if (t->target)
			seq_printf(m, ":%s:%s", t->target->sys->name,
				   t->target->call->name);
		count = atomic_long_read(&t->count);
		if (count == -1)
			seq_puts(m, ":unlimited");
		else
			seq_printf(m, ":count=%ld", count);
	}
	if (t->filter)
		seq_printf(m, " if %s", trace_ev_filter_text(t->filter));
	if (t->type == TRIG_HIST)
		seq_puts(m, trace_hist_paused(t->hist) ? " [paused]" :
							 " [active]");
}

/* With no trigger, the commands there are; else one line a trigger. */
static int trig_show(struct seq_file *m, struct list_head *trigs)
{
	struct trace_ev_trig *t;
	unsigned int i;

	if (list_empty(trigs)) {
		seq_puts(m, "# Available triggers:\n#");
		for (i = 0; i < ARRAY_SIZE(trig_names); i++)
			if (trig_names[i])
				seq_printf(m, " %s", trig_names[i]);
		seq_putc(m, '\n');
		return 0;
	}
	list_for_each_entry(t, trigs, list) {
		trig_show_one(m, t);
		seq_putc(m, '\n');
	}
	return 0;
}

/**
 * trace_ev_trig_show() - an event's trigger file
 * @m:		where to print
 * @obj:	the event (struct trace_ev_rt)
 *
 * Called with trace_ev_lock held.
 *
 * Return: 0.
 */
int trace_ev_trig_show(struct seq_file *m, void *obj)
{
	struct trace_ev_rt *rt = obj;

	lockdep_assert_held(&trace_ev_lock);
	return trig_show(m, &rt->trigs);
}

/**
 * trace_ev_trig_ie_show() - an event's trigger file in an instance
 * @m:		where to print
 * @ie:		the event in the instance
 *
 * Called with trace_ev_lock held.
 *
 * Return: 0.
 */
int trace_ev_trig_ie_show(struct seq_file *m, struct trace_ev_ie *ie)
{
	lockdep_assert_held(&trace_ev_lock);
	return trig_show(m, &ie->trigs);
}

static void trig_free(struct trace_ev_trig *t)
{
	trace_ev_filter_free(t->filter);
	trace_hist_free(t->hist);
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
	case TRIG_ENABLE_HIST:
	case TRIG_DISABLE_HIST:
		return (a->type == TRIG_ENABLE_HIST ||
			a->type == TRIG_DISABLE_HIST) && a->target == target;
	default:
		return a->type == type;
	}
}

static struct trace_ev_trig *trig_find(struct trig_host *h,
				       enum trig_type type,
				       const struct trace_ev_rt *target)
{
	struct trace_ev_trig *t;

	list_for_each_entry(t, h->trigs, list) {
		if (trig_same(t, type, target))
			return t;
	}
	return NULL;
}

/* Bring @h's event in line with its triggers. */
static int trig_host_apply(struct trig_host *h)
{
	return h->ie ? trace_ev_ie_apply_locked(h->ie) :
		       trace_ev_apply_locked(h->rt);
}

/* Put the event @t names in soft mode (one more hold of it). */
static int trig_target_soft_get(struct trace_ev_trig *t)
{
	return t->target_ie ? trace_ev_ie_soft_locked(t->target_ie, true) :
			      trace_ev_soft_locked(t->target, true);
}

/* Let go the hold trig_target_soft_get() took, or tried to. */
static void trig_target_soft_put(struct trace_ev_trig *t)
{
	if (t->target_ie)
		trace_ev_ie_soft_locked(t->target_ie, false);
	else
		trace_ev_soft_locked(t->target, false);
}

/* The made triggers (&trace_ev_trig.autov) there are; under trace_ev_lock. */
static unsigned int trig_nr_made;

/* Take @t off @h; the caller frees it after a grace period. */
static void trig_unlink(struct trig_host *h, struct trace_ev_trig *t)
{
	list_del_rcu(&t->list);
	trig_host_apply(h);
	if (trig_soft(t->type))
		trig_target_soft_put(t);
	if (t->type == TRIG_HIST)
		trace_hist_detach_locked(t->hist);
	if (t->autov)
		trig_nr_made--;
	if (t->type == TRIG_SNAPSHOT)
		trace_snapshot_disarm(h->buf);
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
	if (i == ARRAY_SIZE(trig_names) || i == TRIG_HIST)
		return -EINVAL;
	*type = i;
	*target = NULL;
	*count = -1;
	if (trig_names_event(i)) {
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
static int trig_remove(struct trig_host *h, enum trig_type type,
		       struct trace_ev_rt *target)
{
	struct trace_ev_trig *t = trig_find(h, type, target);

	if (!t)
		return -ENOENT;
	trig_unlink(h, t);
	call_rcu(&t->rcu, trig_free_rcu);
	return 0;
}

/* Add a trigger to @h; it owns @f (NULL: none) from here, error or not. */
static int trig_add(struct trig_host *h, enum trig_type type,
		    struct trace_ev_rt *target, long count,
		    struct trace_ev_filter *f)
{
	struct trace_ev_trig *t;
	int ret;

	if (trig_find(h, type, target)) {
		trace_ev_filter_free(f);
		return -EEXIST;
	}
	t = kzalloc(sizeof(*t), GFP_KERNEL);
	if (!t) {
		trace_ev_filter_free(f);
		return -ENOMEM;
	}
	t->type = type;
	atomic_long_set(&t->count, count);
	t->filter = f;
	t->target = target;
	if (target && h->ie) {
		t->target_ie = trig_event_in(target, h->ie);
		if (!t->target_ie) {
			trig_free(t);
			return -EINVAL;
		}
	}
	if (trig_soft(type)) {
		ret = trig_target_soft_get(t);
		if (ret) {
			trig_target_soft_put(t);
			trig_free(t);
			return ret;
		}
	}
	if (type == TRIG_SNAPSHOT) {
		ret = trace_snapshot_arm(h->buf);
		if (ret) {
			trig_free(t);
			return ret;
		}
	}
	list_add_tail_rcu(&t->list, h->trigs);
	ret = trig_host_apply(h);
	if (ret) {
		trig_unlink(h, t);
		synchronize_rcu();
		trig_free(t);
	}
	return ret;
}

/* The hist trigger of @h that @hist is one with, or NULL. */
static struct trace_ev_trig *trig_find_hist(struct trig_host *h,
					    const struct trace_hist *hist)
{
	struct trace_ev_trig *t;

	list_for_each_entry(t, h->trigs, list)
		if (t->type == TRIG_HIST && trace_hist_same(t->hist, hist))
			return t;
	return NULL;
}

/* Take the triggers of @h that @gone picks onto @out. */
static void trig_pick(struct trig_host *h, struct list_head *out,
		      bool (*gone)(const struct trig_host *h,
				   const struct trace_ev_trig *t,
				   const void *arg),
		      const void *arg)
{
	struct trace_ev_trig *t, *tmp;

	list_for_each_entry_safe(t, tmp, h->trigs, list) {
		if (!gone(h, t, arg))
			continue;
		trig_unlink(h, t);
		list_add(&t->gone, out);
	}
}

/* Free the triggers on @gone once no probe can be running them. */
static void trig_free_list(struct list_head *gone)
{
	struct trace_ev_trig *t, *tmp;

	if (list_empty(gone))
		return;
	synchronize_rcu();
	list_for_each_entry_safe(t, tmp, gone, gone)
		trig_free(t);
}

/*
 * Remove the triggers that @gone picks, of every event at the top and in
 * every instance, and free them once no probe runs them. Called with
 * trace_ev_lock held.
 */
static void trig_sweep_locked(bool (*gone)(const struct trig_host *h,
					   const struct trace_ev_trig *t,
					   const void *arg),
			      const void *arg)
{
	struct trace_ev_rt *e;
	struct trace_ev_ie *x;
	struct trig_host h;
	LIST_HEAD(picked);

	lockdep_assert_held(&trace_ev_lock);
	for (e = trig_sweep_next(NULL); e; e = trig_sweep_next(e)) {
		trig_host_init(&h, e, NULL);
		trig_pick(&h, &picked, gone, arg);
		list_for_each_entry(x, &e->insts, node) {
			if (list_empty(&x->trigs))
				continue;
			trig_host_init(&h, e, x);
			trig_pick(&h, &picked, gone, arg);
		}
	}
	trig_free_list(&picked);
}

static bool trig_same_filter(const struct trace_ev_filter *a,
			     const struct trace_ev_filter *b)
{
	if (!a || !b)
		return a == b;
	return !strcmp(trace_ev_filter_text(a), trace_ev_filter_text(b));
}

/* The filter after a command, "if EXPR", or none: into @f. */
static int trig_filter(struct trig_host *h, char *rest,
		       struct trace_ev_filter **f)
{
	unsigned int pos;
	const char *err;

	*f = NULL;
	rest = rest ? skip_spaces(rest) : "";
	if (!*rest)
		return 0;
	if (strncmp(rest, "if", 2) || !isspace(rest[2]))
		return -EINVAL;
	rest = skip_spaces(rest + 2);
	*f = trace_ev_filter_compile(trace_ev_fields(h->rt->call), rest, &err,
				     &pos);
	if (!IS_ERR(*f))
		return 0;
	if (PTR_ERR(*f) == -EINVAL)
		trace_array_errlog(trig_host_tr(h), TRACE_EV_FILTER_ERR, rest,
				   pos, err);
	return PTR_ERR(*f);
}

/* A made trigger (&trace_ev_trig.autov) that no trigger reads any more. */
static bool trig_auto_unread(const struct trig_host *h,
			     const struct trace_ev_trig *t, const void *arg)
{
	return t->autov && trace_hist_unread_locked(t->hist);
}

/*
 * Remove the made triggers no trigger reads: a sweep, when there are any.
 * Called with trace_ev_lock held.
 */
static void trig_reap_locked(void)
{
	lockdep_assert_held(&trace_ev_lock);
	if (trig_nr_made)
		trig_sweep_locked(trig_auto_unread, NULL);
}

/* A parsed hist trigger that is not added goes, with its filter @f. */
static void trig_hist_drop(struct trace_hist *hist, struct trace_ev_filter *f)
{
	trace_hist_acts_unhold_locked(hist);
	trace_hist_free(hist);
	trace_ev_filter_free(f);
}

/* '!hist:...': remove the hist trigger of @h that @cx's command defines. */
static int trig_hist_remove(struct trig_host *h,
			    const struct trace_hist_ctx *cx)
{
	struct trace_ev_trig *old;
	struct trace_hist *hist;
	unsigned int ops;
	int ret;

	ret = trace_hist_parse(cx, &hist, &ops);
	if (ret)
		return ret;
	old = trig_find_hist(h, hist);
	/* Upstream takes a removal of nothing. */
	if (old && trace_hist_kept_locked(old->hist)) {
		trace_hist_log(cx, 0,
			       "Can't remove a hist trigger whose variables other triggers read");
		ret = -EBUSY;
	} else if (old) {
		trig_unlink(h, old);
		call_rcu(&old->rcu, trig_free_rcu);
		trig_reap_locked();
	}
	trig_hist_drop(hist, NULL);
	return ret;
}

/* Pause, continue or clear @old, the hist trigger a command names. */
static int trig_hist_ops(const struct trace_hist_ctx *cx,
			 struct trace_ev_trig *old, unsigned int ops)
{
	if (!old) {
		trace_hist_log(cx, 0,
			       "Can't clear or continue a nonexistent hist trigger");
		return -ENOENT;
	}
	if (ops & (TRACE_HIST_PAUSE | TRACE_HIST_CONT))
		trace_hist_set_paused(old->hist, ops & TRACE_HIST_PAUSE);
	if (ops & TRACE_HIST_CLEAR)
		trace_hist_clear_locked(old->hist);
	return 0;
}

/* Whether @h has a hist trigger like @hist, of the filter @f (logged). */
static bool trig_hist_exists(struct trig_host *h,
			     const struct trace_hist_ctx *cx,
			     const struct trace_hist *hist,
			     const struct trace_ev_filter *f)
{
	struct trace_ev_trig *t;

	list_for_each_entry(t, h->trigs, list) {
		if (t->type == TRIG_HIST && trace_hist_same(t->hist, hist) &&
		    trig_same_filter(t->filter, f)) {
			trace_hist_log(cx, 0, "Hist trigger already exists");
			return true;
		}
	}
	return false;
}

static int trig_hist_add(struct trig_host *h, const struct trace_hist_ctx *cx,
			 struct trace_ev_filter *f, bool autov);

/*
 * The binding's way to make a trigger on another event (@x) that keeps a
 * field for an action (trig_hist_make_fn): marked autov, it goes when no
 * trigger reads it.
 */
static int trig_hist_make(struct trig_host *x, const char *cmd,
			  struct trace_ev_filter *f)
{
	struct trace_hist_ctx cx = {
		.tr = trig_host_tr(x), .rt = x->rt, .cmd = cmd,
	};

	return trig_hist_add(x, &cx, f, true);
}

/*
 * Bind @hist, parsed, and add it to @h as a new trigger of the filter
 * @f (made for another's field: @autov); it owns @hist and @f from here,
 * error or not.
 */
static int trig_hist_new(struct trig_host *h, const struct trace_hist_ctx *cx,
			 struct trace_hist *hist, struct trace_ev_filter *f,
			 bool autov)
{
	struct trace_ev_trig *t;
	int ret;

	t = kzalloc(sizeof(*t), GFP_KERNEL);
	ret = t ? trace_hist_bind_locked(h, hist, cx->cmd, trig_hist_make) :
		  -ENOMEM;
	if (ret) {
		kfree(t);
		/* What the binding made, which nothing reads. */
		trig_reap_locked();
		trig_hist_drop(hist, f);
		return ret;
	}
	t->type = TRIG_HIST;
	t->autov = autov;
	trig_nr_made += autov;
	atomic_long_set(&t->count, -1);
	t->filter = f;
	t->hist = hist;
	list_add_tail_rcu(&t->list, h->trigs);
	ret = trig_host_apply(h);
	if (ret) {
		trig_unlink(h, t);
		synchronize_rcu();
		trig_free(t);
	}
	return ret;
}

/*
 * A hist command (@cx's, without its filter @f, which it owns) that is
 * no removal: add a trigger (made for another's field, @autov), or
 * pause, continue or clear one.
 */
static int trig_hist_add(struct trig_host *h, const struct trace_hist_ctx *cx,
			 struct trace_ev_filter *f, bool autov)
{
	struct trace_ev_trig *old;
	struct trace_hist *hist;
	unsigned int ops;
	int ret;

	ret = trace_hist_parse(cx, &hist, &ops);
	if (ret) {
		trace_ev_filter_free(f);
		return ret;
	}
	old = trig_find_hist(h, hist);
	if ((ops & (TRACE_HIST_CONT | TRACE_HIST_CLEAR)) ||
	    ((ops & TRACE_HIST_PAUSE) && old)) {
		ret = trig_hist_ops(cx, old, ops);
		trig_hist_drop(hist, f);
		return ret;
	}
	if (trig_hist_exists(h, cx, hist, f)) {
		trig_hist_drop(hist, f);
		return -EEXIST;
	}
	return trig_hist_new(h, cx, hist, f, autov);
}

/*
 * A hist command, @cmd, with its filter after it (@rest): '!' before it
 * removes the trigger it defines, whose filter does not matter but must
 * parse.
 */
static int trig_store_hist(struct trig_host *h, const char *cmd, char *rest)
{
	bool remove = *cmd == '!';
	struct trace_hist_ctx cx = {
		.tr = trig_host_tr(h), .rt = h->rt, .cmd = cmd + remove,
	};
	struct trace_ev_filter *f;
	int ret;

	ret = trig_filter(h, rest, &f);
	if (ret || !remove)
		return ret ?: trig_hist_add(h, &cx, f, false);
	trace_ev_filter_free(f);
	return trig_hist_remove(h, &cx);
}

/* Add or remove a trigger of @h, as the line @val says. */
static int trig_store(const char *val, struct trig_host *h)
{
	char *line, *rest, *cmd;
	struct trace_ev_filter *f;
	struct trace_ev_rt *target;
	enum trig_type type;
	bool remove;
	long count;
	int ret;

	line = kstrdup(val, GFP_KERNEL);
	if (!line)
		return -ENOMEM;
	rest = line;
	cmd = strsep(&rest, " \t");
	remove = *cmd == '!';
	if (trig_names[TRIG_HIST] && (!strncmp(cmd + remove, "hist:", 5) ||
				      !strcmp(cmd + remove, "hist"))) {
		ret = trig_store_hist(h, cmd, rest);
		goto out;
	}
	ret = trig_parse(cmd + remove, remove, &type, &target, &count);
	if (ret)
		goto out;
	if (remove) {
		ret = trig_remove(h, type, target);
		goto out;
	}
	ret = trig_filter(h, rest, &f);
	if (!ret)
		ret = trig_add(h, type, target, count, f);
out:
	kfree(line);
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
	struct trig_host h;

	lockdep_assert_held(&trace_ev_lock);
	trig_host_init(&h, obj, NULL);
	return trig_store(val, &h);
}

/**
 * trace_ev_trig_ie_store() - add or remove a trigger of an event in an
 * instance
 * @val:	the line written
 * @ie:		the event in the instance
 *
 * As trace_ev_trig_store(); enable_event and disable_event name an event
 * of the same instance. Called with trace_ev_lock held.
 *
 * Return: as trace_ev_trig_store().
 */
int trace_ev_trig_ie_store(const char *val, struct trace_ev_ie *ie)
{
	struct trig_host h;

	lockdep_assert_held(&trace_ev_lock);
	trig_host_init(&h, ie->rt, ie);
	return trig_store(val, &h);
}

/* The hist file: each hist trigger's header and table. */
static int trig_hist_show(struct seq_file *m, struct list_head *trigs)
{
	struct trace_ev_trig *t;
	bool first = true;

	list_for_each_entry(t, trigs, list) {
		if (t->type != TRIG_HIST)
			continue;
		if (!first)
			seq_puts(m, "\n\n");
		first = false;
		seq_puts(m, "# event histogram\n#\n# trigger info: ");
		trig_show_one(m, t);
		seq_puts(m, "\n#\n");
		trace_hist_print(m, t->hist);
	}
	return 0;
}

/**
 * trace_ev_trig_hist_show() - an event's hist file
 * @m:		where to print
 * @obj:	the event (struct trace_ev_rt)
 *
 * Called with trace_ev_lock held.
 *
 * Return: 0.
 */
int trace_ev_trig_hist_show(struct seq_file *m, void *obj)
{
	struct trace_ev_rt *rt = obj;

	lockdep_assert_held(&trace_ev_lock);
	return trig_hist_show(m, &rt->trigs);
}

/**
 * trace_ev_trig_ie_hist_show() - an event's hist file in an instance
 * @m:		where to print
 * @ie:		the event in the instance
 *
 * Called with trace_ev_lock held.
 *
 * Return: 0.
 */
int trace_ev_trig_ie_hist_show(struct seq_file *m, struct trace_ev_ie *ie)
{
	lockdep_assert_held(&trace_ev_lock);
	return trig_hist_show(m, &ie->trigs);
}

/*
 * Remove the hist triggers of @h: its trigger file opened with O_TRUNC.
 * Those whose variables triggers elsewhere read stay, as upstream's.
 */
static void trig_trunc(struct trig_host *h)
{
	struct trace_ev_trig *t, *tmp;

	list_for_each_entry_safe(t, tmp, h->trigs, list) {
		if (t->type != TRIG_HIST ||
		    trace_hist_kept_all_locked(h, t->hist))
			continue;
		trig_unlink(h, t);
		call_rcu(&t->rcu, trig_free_rcu);
	}
	trig_reap_locked();
}

/**
 * trace_ev_trig_trunc() - an event's trigger file is opened with O_TRUNC:
 * its hist triggers go
 * @obj:	the event (struct trace_ev_rt)
 *
 * Called with trace_ev_lock held.
 */
void trace_ev_trig_trunc(void *obj)
{
	struct trig_host h;

	lockdep_assert_held(&trace_ev_lock);
	trig_host_init(&h, obj, NULL);
	trig_trunc(&h);
}

/**
 * trace_ev_trig_ie_trunc() - the same in an instance
 * @ie:		the event in the instance
 *
 * Called with trace_ev_lock held.
 */
void trace_ev_trig_ie_trunc(struct trace_ev_ie *ie)
{
	struct trig_host h;

	lockdep_assert_held(&trace_ev_lock);
	trig_host_init(&h, ie->rt, ie);
	trig_trunc(&h);
}

/* The triggers that name the event in an instance @ie. */
static bool trig_names_ie(const struct trig_host *h,
			  const struct trace_ev_trig *t, const void *ie)
{
	return t->target_ie == ie;
}

/* The triggers of the event @rt, anywhere, and those that name it. */
static bool trig_of_rt(const struct trig_host *h,
		       const struct trace_ev_trig *t, const void *rt)
{
	return h->rt == rt || t->target == rt;
}

/**
 * trace_ev_trig_ie_clear_locked() - remove the triggers of an event in an
 * instance
 * @ie:		the event in the instance
 *
 * Called with trace_ev_lock held; they are freed after a grace period.
 */
void trace_ev_trig_ie_clear_locked(struct trace_ev_ie *ie)
{
	struct trace_ev_trig *t, *tmp;
	struct trig_host h;

	lockdep_assert_held(&trace_ev_lock);
	trig_host_init(&h, ie->rt, ie);
	list_for_each_entry_safe(t, tmp, h.trigs, list) {
		trig_unlink(&h, t);
		call_rcu(&t->rcu, trig_free_rcu);
	}
}

/**
 * trace_ev_trig_ie_forget_locked() - remove the triggers of an instance
 * that name an event there, which goes
 * @ie:		the event in the instance
 *
 * Called with trace_ev_lock held; returns once no probe runs them.
 */
void trace_ev_trig_ie_forget_locked(struct trace_ev_ie *ie)
{
	lockdep_assert_held(&trace_ev_lock);
	trig_sweep_locked(trig_names_ie, ie);
}

/*
 * An event goes: its triggers, at the top and in every instance, and
 * those that name it, go first. Called with trace_ev_lock held; returns
 * once no probe runs them.
 */
static void trace_ev_trig_forget_locked(struct trace_ev_rt *rt)
{
	lockdep_assert_held(&trace_ev_lock);
	trig_sweep_locked(trig_of_rt, rt);
	trig_reap_locked();
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
