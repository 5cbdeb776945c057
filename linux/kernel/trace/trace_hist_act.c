// SPDX-License-Identifier: GPL-2.0
/*
 * Hist triggers' actions: "onmatch(sys.event).trace(synth,p,...)", or its
 * shorthand "onmatch(sys.event).synth(p,...)", writes a record of the
 * synthetic event synth at each hit whose references to other triggers'
 * variables (sys.event's, as the handler says) all found their values:
 * the hit matched. Its parameters are variables of the trigger, its
 * references, and fields of the event hit, one a field of synth, of the
 * same kind (a number, or a string for a string field).
 *
 * The binding (trace_hist_bind.c) finds the synthetic event by name and
 * holds it, so that it cannot be removed meanwhile. The record is written
 * by the synthetic events' own code (trace_synth.c), reached through a
 * pointer it sets at init: writing it runs the event's triggers, hist
 * triggers among them, which call here again.
 *
 * "onmax($var)" and "onchange($var)" follow a variable of the trigger in
 * each entry, its largest value or its last; when it grows (or changes)
 * they write a synthetic event as above, or save() fields of the event hit
 * in the entry, which the hist file prints after it. With snapshot() they
 * follow it across the whole table instead, and swap the trigger's trace
 * buffer with its snapshot buffer when it grows (changes); the hist file
 * says so, with the value and the key of the hit.
 */
#include <linux/kprobes.h>
#include <linux/overflow.h>
#include <linux/seq_buf.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "trace.h"
#include "trace_ev_core.h"
#include "trace_hist.h"
#include "trace_hist_def.h"

/**
 * struct hist_snap - what a snapshot() action keeps, its trigger's own
 * @val:	the value followed across the table: its largest, or its last
 * @buf:	the buffer it swaps, from attach (hist_acts_arm()) on
 * @lock:	taken by the hit that took a snapshot, with a trylock (it
 *		may interrupt the reader), to write @taken, @taken_val and
 *		@key; by the hist file's reader to copy them
 * @taken:	a snapshot was taken
 * @taken_val:	the value that took the last
 * @key:	the key of its hit
 */
struct hist_snap {
	atomic64_t val;
	struct trace_buf *buf;
	raw_spinlock_t lock;
	bool taken;
	u64 taken_val;
	u8 key[];
};

/* How a synthetic event's record is written (trace_synth.c), or NULL. */
static trace_hist_fire_fn hist_fire __ro_after_init;

/**
 * trace_hist_set_fire() - how actions write synthetic events' records
 * @fn:		writes a record of a synthetic event from its arguments
 *
 * Once, at init.
 */
void __init trace_hist_set_fire(trace_hist_fire_fn fn)
{
	hist_fire = fn;
}

/* "name(args)" at @s: cut at the parentheses; the args, or NULL. */
static char *ha_call(char *s)
{
	char *open = strchr(s, '('), *end = s + strlen(s);

	if (!open || end == open + 1 || end[-1] != ')')
		return NULL;
	*open = '\0';
	end[-1] = '\0';
	return open + 1;
}

/* One parameter, at @s in @p's copy. */
static int ha_param(struct hist_parse *p, struct hist_field *hf, char *s)
{
	int ret;

	if (!*s)
		return hist_fail(p, s - p->copy, "Missing parameter");
	if (strchr(s, '$')) {
		p->param = true;
		ret = hist_var_field(p, hf, s, false);
		p->param = false;
		return ret;
	}
	if (strchr(s, '.') && strchr(strchr(s, '.') + 1, '.')) {
		p->param = true;
		ret = hist_fvar_field(p, hf, s);
		p->param = false;
		return ret;
	}
	ret = hist_field_spec(p, hf, s, false);
	if (ret)
		return ret;
	if (hf->src == HS_STACK || hf->src == HS_HITCOUNT ||
	    hf->mod == HM_PERCENT || hf->mod == HM_GRAPH)
		return hist_fail(p, s - p->copy, "Invalid parameter");
	if (hf->src == HS_TS)
		p->h->uses_ts = true;
	return 0;
}

/* The slots save()'s parameter @hf keeps: a number's one, or a string. */
static unsigned int ha_slots(const struct hist_field *hf)
{
	return hf->src == HS_STR ? HIST_SAVE_STR / sizeof(u64) : 1;
}

/* "onmax($var)" or "onchange($var)" at @part (cut to the name), of @arg. */
static int ha_track(struct hist_parse *p, struct hist_act *a, char *part,
		    char *arg)
{
	int var = *arg == '$' ? hist_var_index(p->h, arg) : -1;

	a->handler = strcmp(part, "onmax") ? HH_CHANGE : HH_MAX;
	if (var < 0 || p->h->vars[var].kind != HV_NUM)
		return hist_fail(p, arg - p->copy,
				 "onmax() and onchange() follow a number $variable of the trigger");
	a->track = var;
	return 0;
}

/*
 * The handler of @a: "onmax", "onchange" or "onmatch" at @part, cut to
 * its name, and its argument @arg.
 */
static int ha_handler(struct hist_parse *p, struct hist_act *a, char *part,
		      char *arg)
{
	char *dot;

	if (!strcmp(part, "onmax") || !strcmp(part, "onchange"))
		return ha_track(p, a, part, arg);
	if (strcmp(part, "onmatch"))
		return hist_fail(p, a->pos, "Invalid handler");
	dot = strchr(arg, '.');
	if (!dot || !dot[1] || strchr(dot + 1, '.'))
		return hist_fail(p, arg - p->copy,
				 "onmatch() needs subsys.event");
	a->sys = kstrndup(arg, dot - arg, GFP_KERNEL);
	a->event = kstrdup(dot + 1, GFP_KERNEL);
	if (!a->sys || !a->event)
		return -ENOMEM;
	return 0;
}

/*
 * The parameters of @a, @params in @p's copy; then, for onmax() and
 * onchange(), the slots of the entry it keeps.
 */
static int ha_params(struct hist_parse *p, struct hist_act *a, char *params)
{
	struct trace_hist *h = p->h;
	unsigned int k;
	char *s;
	int ret;

	while (params && (s = strsep(&params, ","))) {
		if (!*s && !a->nparams && !params)
			break;		/* no parameter */
		if (a->nparams == HIST_PARAMS_MAX)
			return hist_fail(p, s - p->copy, "Too many parameters");
		ret = ha_param(p, &a->params[a->nparams++], s);
		if (ret)
			return ret;
	}
	for (k = 0; a->action == HA_SAVE && k < a->nparams; k++)
		if (a->params[k].src == HS_VAR || a->params[k].src == HS_REF)
			return hist_fail(p, a->pos, "save() takes fields");
	if (a->handler == HH_MATCH)
		return 0;
	/* The value followed, then what save() keeps, after the variables. */
	a->slot = h->nvals + h->nvars + !!h->nvars + h->nslots;
	a->nslots = 1;
	for (k = 0; a->action == HA_SAVE && k < a->nparams; k++)
		a->nslots += ha_slots(&a->params[k]);
	h->nslots += a->nslots;
	return 0;
}

/* One "handler(arg).action(params)" part, at @part in @p's copy. */
static int ha_parse(struct hist_parse *p, char *part)
{
	struct trace_hist *h = p->h;
	char *arg, *action, *params, *dot;
	struct hist_act *a;
	int ret;

	if (h->nacts == HIST_ACTS_MAX)
		return hist_fail(p, part - p->copy, "Too many actions");
	a = &h->acts[h->nacts++];
	a->pos = part - p->copy;
	a->text = kstrdup(part, GFP_KERNEL);
	if (!a->text)
		return -ENOMEM;
	/* The handler's ')' is followed by '.', the action's name. */
	dot = strstr(part, ").");
	if (!dot)
		return hist_fail(p, a->pos, "Invalid action");
	action = dot + 2;
	dot[1] = '\0';
	arg = ha_call(part);
	if (!arg)
		return hist_fail(p, a->pos, "Invalid handler");
	ret = ha_handler(p, a, part, arg);
	if (ret)
		return ret;
	params = ha_call(action);
	if (!params)
		return hist_fail(p, action - p->copy, "Invalid action");
	if (!strcmp(action, "save") || !strcmp(action, "snapshot")) {
		if (a->handler == HH_MATCH)
			return hist_fail(p, action - p->copy,
					 "onmatch() takes only trace() or a synthetic event");
		a->action = strcmp(action, "save") ? HA_SNAPSHOT : HA_SAVE;
	}
	if (a->action == HA_SNAPSHOT) {
		if (*params)
			return hist_fail(p, params - p->copy,
					 "snapshot() takes no parameter");
		a->snap = kzalloc(struct_size(a->snap, key, h->key_size),
				  GFP_KERNEL);
		if (!a->snap)
			return -ENOMEM;
		raw_spin_lock_init(&a->snap->lock);
		return 0;
	} else if (!strcmp(action, "trace")) {
		action = strsep(&params, ",");
		if (!params)
			params = "";
	}
	if (a->action == HA_TRACE) {
		a->synth = kstrdup(action, GFP_KERNEL);
		if (!a->synth)
			return -ENOMEM;
	}
	return ha_params(p, a, params);
}

/**
 * hist_acts_parse() - the actions of a command
 * @p:		the command, its variables known; its trigger gets them
 * @parts:	the parts that are actions, in @p's copy
 * @n:		how many
 *
 * Return: 0, -EINVAL (logged) or -ENOMEM.
 */
int hist_acts_parse(struct hist_parse *p, char **parts, unsigned int n)
{
	unsigned int i;
	int ret;

	for (i = 0; i < n; i++) {
		ret = ha_parse(p, parts[i]);
		if (ret)
			return ret;
	}
	return 0;
}

/**
 * hist_acts_show() - a trigger's actions as its listing gives them
 * @s:		where to print: ":action..." for each
 * @h:		the trigger
 */
void hist_acts_show(struct seq_buf *s, const struct trace_hist *h)
{
	unsigned int i;

	for (i = 0; i < h->nacts; i++)
		seq_buf_printf(s, ":%s", h->acts[i].text);
}

/**
 * hist_acts_same() - whether two triggers have the same actions
 * @a:		one
 * @b:		the other
 *
 * Return: true when they have, as written.
 */
bool hist_acts_same(const struct trace_hist *a, const struct trace_hist *b)
{
	unsigned int i;

	if (a->nacts != b->nacts)
		return false;
	for (i = 0; i < a->nacts; i++)
		if (strcmp(a->acts[i].text, b->acts[i].text))
			return false;
	return true;
}

/**
 * hist_acts_free() - free a trigger's actions
 * @h:		the trigger, which no probe can reach; detached if it was
 *		attached (trace_hist_acts_unhold_locked())
 */
void hist_acts_free(struct trace_hist *h)
{
	struct hist_act *a;
	unsigned int i, k;

	for (i = 0; i < h->nacts; i++) {
		a = &h->acts[i];
		kfree(a->text);
		kfree(a->sys);
		kfree(a->event);
		kfree(a->synth);
		kfree(a->snap);
		for (k = 0; k < a->nparams; k++)
			kfree(a->params[k].name);
		if (a->target)
			trace_ev_rt_put(a->target);
	}
}

/* Keep save()'s parameters in the entry, after the value followed. */
static void ha_save(const struct hist_act *a, struct hist_elt *e,
		    const struct trace_hist_arg *args)
{
	unsigned int k, slot = a->slot + 1, n;
	char *s;

	for (k = 0; k < a->nparams; k++) {
		s = hist_elt_slot(e, slot);
		if (a->params[k].src != HS_STR) {
			WRITE_ONCE(*(u64 *)s, args[k].val);
		} else {
			n = args[k].str ? strnlen(args[k].str,
						  min(args[k].len,
						      HIST_SAVE_STR - 1U)) : 0;
			memcpy(s, args[k].str ?: "", n);
			s[n] = '\0';
		}
		slot += ha_slots(&a->params[k]);
	}
}

/* snapshot(): @v is the value followed, of the hit on entry @e. */
static void ha_snapshot(const struct trace_hist *h, const struct hist_act *a,
			struct hist_elt *e, u64 v)
{
	struct hist_snap *s = a->snap;
	struct trace_buf *b = READ_ONCE(s->buf);

	if (a->handler == HH_MAX ? !hist_atomic_raise(&s->val, v) :
	    (u64)atomic64_xchg(&s->val, v) == v)
		return;
	if (!b)
		return;
	trace_snapshot_take(b);
	/* A hit that interrupted the reader, or raced another, says less. */
	if (!raw_spin_trylock(&s->lock))
		return;
	memcpy(s->key, hist_elt_key(h->data->map, e), h->key_size);
	s->taken_val = v;
	s->taken = true;
	raw_spin_unlock(&s->lock);
}

/* Put bytes of a string or stack variable (HV_*) into @arg. */
static void ha_blob(struct trace_hist_arg *arg, unsigned int kind,
		    const void *p)
{
	if (kind == HV_STACK) {
		arg->stack = p;
		arg->len = HIST_STACK_DEPTH;
	} else {
		arg->str = p;
		arg->len = HIST_VAR_STR;
	}
}

/* What parameter @hf passes at @hit on @e. */
static void ha_arg(const struct trace_hist *h, const struct hist_field *hf,
		   const struct hist_elt *e, const struct hist_hit *hit,
		   struct trace_hist_arg *arg)
{
	const struct hist_var *v;

	arg->str = NULL;
	arg->stack = NULL;
	switch (hf->src) {
	case HS_STR:
		arg->str = trace_ev_field_str(hit->rec, hit->len, hf->kind,
					      hf->offset, hf->size, &arg->len);
		return;
	case HS_VAR:
		v = &h->vars[hf->idx];
		if (v->kind == HV_NUM)
			break;
		/* What the entry keeps, or the reference's copy it passes. */
		if (!v->pass)
			ha_blob(arg, v->kind, hist_var_blob(h, e, hf->idx));
		else
			ha_blob(arg, v->kind, (const void *)(unsigned long)
					      hit->refs[v->expr->leaf.idx]);
		return;
	case HS_REF:
		if (h->refs[hf->idx].kind == HV_NUM)
			break;
		/* Copied by hist_refs_take(). */
		ha_blob(arg, h->refs[hf->idx].kind,
			(const void *)(unsigned long)hit->refs[hf->idx]);
		return;
	default:
		break;
	}
	arg->val = hist_field_num(hf, hit);
}

/**
 * hist_acts_run() - the actions of a hit that matched
 * @h:		the trigger
 * @e:		the hit's entry
 * @hit:	the hit: its record, time, variables and references' values
 *
 * onmatch() acts at once; onmax() and onchange() when their variable
 * grows or changes in @e. Any context, from the hit.
 */
void hist_acts_run(const struct trace_hist *h, struct hist_elt *e,
		   const struct hist_hit *hit)
{
	const u64 *vars = hit->vars;
	struct trace_hist_arg args[HIST_PARAMS_MAX];
	const struct hist_act *a;
	unsigned int i, k;

	for (i = 0; i < h->nacts; i++) {
		a = &h->acts[i];
		if (a->action == HA_SNAPSHOT) {
			ha_snapshot(h, a, e, vars[a->track]);
			continue;
		}
		if (a->handler == HH_MAX &&
		    !hist_elt_raise(e, a->slot, vars[a->track]))
			continue;
		if (a->handler == HH_CHANGE &&
		    !hist_elt_change(e, a->slot, vars[a->track]))
			continue;
		for (k = 0; k < a->nparams; k++)
			ha_arg(h, &a->params[k], e, hit, &args[k]);
		if (a->action == HA_SAVE)
			ha_save(a, e, args);
		else if (hist_fire)
			hist_fire(a->target, args, a->nparams);
	}
}

NOKPROBE_SYMBOL(hist_acts_run);

/**
 * hist_acts_print() - what onmax() and onchange() saved in an entry
 * @m:		where to print, after the entry's line
 * @h:		the trigger
 * @e:		the entry
 *
 * A line for each save(): "\tmax: N  field: value ...", then a blank line.
 */
void hist_acts_print(struct seq_file *m, const struct trace_hist *h,
		     const struct hist_elt *e)
{
	const struct hist_act *a;
	unsigned int i, k, slot;
	const char *s;

	for (i = 0; i < h->nacts; i++) {
		a = &h->acts[i];
		if (a->action != HA_SAVE)
			continue;
		seq_printf(m, "\t%s: %10llu", a->handler == HH_MAX ? "max" :
			   "changed", hist_elt_val(e, a->slot));
		slot = a->slot + 1;
		for (k = 0; k < a->nparams; k++) {
			s = hist_elt_slot(e, slot);
			if (a->params[k].src == HS_STR)
				seq_printf(m, "  %s: %.*s", a->params[k].name,
					   HIST_SAVE_STR - 1, s);
			else
				seq_printf(m, "  %s: %10llu", a->params[k].name,
					   READ_ONCE(*(const u64 *)s));
			slot += ha_slots(&a->params[k]);
		}
		seq_puts(m, "\n\n");
	}
}

/**
 * hist_act_snap_taken() - the last snapshot an action took
 * @h:		the trigger
 * @i:		its action
 * @key:	set to the key of the hit that took it (h->key_size bytes)
 * @val:	set to the value that took it
 *
 * Return: false when @i is no snapshot() or took none.
 */
bool hist_act_snap_taken(const struct trace_hist *h, unsigned int i,
			 void *key, u64 *val)
{
	struct hist_snap *s = h->acts[i].snap;
	unsigned long flags;
	bool taken;

	if (!s)
		return false;
	raw_spin_lock_irqsave(&s->lock, flags);
	taken = s->taken;
	memcpy(key, s->key, h->key_size);
	*val = s->taken_val;
	raw_spin_unlock_irqrestore(&s->lock, flags);
	return taken;
}

/**
 * hist_acts_arm() - let a trigger's snapshot() actions swap a buffer
 * @h:		the trigger, being attached
 * @b:		its trace array's buffer
 *
 * Allocates the snapshot buffer if needed. Called with trace_ev_lock held.
 *
 * Return: 0 or -ENOMEM.
 */
int hist_acts_arm(struct trace_hist *h, struct trace_buf *b)
{
	unsigned int i;
	int ret;

	lockdep_assert_held(&trace_ev_lock);
	for (i = 0; i < h->nacts; i++) {
		if (!h->acts[i].snap)
			continue;
		ret = trace_snapshot_arm(b);
		if (ret) {
			hist_acts_disarm(h);
			return ret;
		}
		WRITE_ONCE(h->acts[i].snap->buf, b);
	}
	return 0;
}

/**
 * hist_acts_disarm() - undo hist_acts_arm()
 * @h:		the trigger, being detached
 *
 * A hit still running may take one more snapshot, as a snapshot trigger
 * may: the buffer outlives its triggers.
 */
void hist_acts_disarm(struct trace_hist *h)
{
	struct hist_snap *s;
	unsigned int i;

	for (i = 0; i < h->nacts; i++) {
		s = h->acts[i].snap;
		if (s && s->buf)
			trace_snapshot_disarm(s->buf);
	}
}

/**
 * trace_hist_acts_unhold_locked() - let the synthetic events a trigger's
 * actions write be removed
 * @h:		the trigger, detached or never attached
 *
 * Called with trace_ev_lock held; the events stay held by reference until
 * the trigger is freed.
 */
void trace_hist_acts_unhold_locked(struct trace_hist *h)
{
	unsigned int i;

	lockdep_assert_held(&trace_ev_lock);
	for (i = 0; i < h->nacts; i++)
		if (h->acts[i].target && !h->acts[i].unheld) {
			h->acts[i].target->nr_hooks--;
			h->acts[i].unheld = true;
		}
}
