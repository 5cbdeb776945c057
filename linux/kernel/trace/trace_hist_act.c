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
 * The trigger layer binds the synthetic event by name and holds it, so
 * that it cannot be removed meanwhile. The record is written by the
 * synthetic events' own code (trace_synth.c), reached through a pointer
 * it sets at init: writing it runs the event's triggers, hist triggers
 * among them, which call here again.
 *
 * onmax() and onchange() (with save() or snapshot()) are not there yet:
 * they are refused.
 */
#include <linux/kprobes.h>
#include <linux/seq_buf.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "trace.h"
#include "trace_ev_core.h"
#include "trace_hist.h"
#include "trace_hist_def.h"

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
	if (strchr(s, '$'))
		return hist_var_field(p, hf, s, false);
	if (strchr(s, '.') && strchr(strchr(s, '.') + 1, '.'))
		return hist_fail(p, s - p->copy,
				 "A field of the matched event can't be a parameter yet");
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

/* One "handler(arg).action(params)" part, at @part in @p's copy. */
static int ha_parse(struct hist_parse *p, char *part)
{
	struct trace_hist *h = p->h;
	char *arg, *action, *params, *dot, *s;
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
	if (!arg || strcmp(part, "onmatch")) {
		if (!strcmp(part, "onmax") || !strcmp(part, "onchange"))
			return hist_fail(p, a->pos,
					 "onmax() and onchange() are not supported yet");
		return hist_fail(p, a->pos, "Invalid handler");
	}
	dot = strchr(arg, '.');
	if (!dot || !dot[1] || strchr(dot + 1, '.'))
		return hist_fail(p, arg - p->copy,
				 "onmatch() needs subsys.event");
	a->sys = kstrndup(arg, dot - arg, GFP_KERNEL);
	a->event = kstrdup(dot + 1, GFP_KERNEL);
	if (!a->sys || !a->event)
		return -ENOMEM;
	params = ha_call(action);
	if (!params)
		return hist_fail(p, action - p->copy, "Invalid action");
	if (!strcmp(action, "save") || !strcmp(action, "snapshot"))
		return hist_fail(p, action - p->copy,
				 "onmatch() takes only trace() or a synthetic event");
	if (!strcmp(action, "trace")) {
		action = strsep(&params, ",");
		if (!params)
			params = "";
	}
	a->synth = kstrdup(action, GFP_KERNEL);
	if (!a->synth)
		return -ENOMEM;
	while (params && (s = strsep(&params, ","))) {
		if (!*s && !a->nparams && !params)
			break;		/* no parameter */
		if (a->nparams == HIST_PARAMS_MAX)
			return hist_fail(p, s - p->copy, "Too many parameters");
		ret = ha_param(p, &a->params[a->nparams++], s);
		if (ret)
			return ret;
	}
	return 0;
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
		for (k = 0; k < a->nparams; k++)
			kfree(a->params[k].name);
		if (a->target)
			trace_ev_rt_put(a->target);
	}
}

/**
 * hist_acts_run() - the actions of a hit that matched
 * @h:		the trigger
 * @rec:	the record hit
 * @len:	its length
 * @ts:		the hit's time
 * @vars:	the hit's variables
 * @refs:	its references' values
 *
 * Any context, from the hit.
 */
void hist_acts_run(const struct trace_hist *h, const void *rec,
		   unsigned int len, u64 ts, const u64 *vars, const u64 *refs)
{
	struct trace_hist_arg args[HIST_PARAMS_MAX];
	const struct hist_field *hf;
	const struct hist_act *a;
	unsigned int i, k;

	if (!hist_fire)
		return;
	for (i = 0; i < h->nacts; i++) {
		a = &h->acts[i];
		for (k = 0; k < a->nparams; k++) {
			hf = &a->params[k];
			args[k].str = NULL;
			if (hf->src == HS_STR)
				args[k].str = trace_ev_field_str(rec, len, hf->kind,
								 hf->offset,
								 hf->size,
								 &args[k].len);
			else
				args[k].val = hist_field_num(hf, rec, ts, vars,
							     refs);
		}
		hist_fire(a->target, args, a->nparams);
	}
}

NOKPROBE_SYMBOL(hist_acts_run);

/* Binding: the trigger layer's side */

/**
 * trace_hist_act_synth() - the synthetic event an action writes
 * @h:		the trigger
 * @i:		its action
 *
 * Return: its name.
 */
const char *trace_hist_act_synth(const struct trace_hist *h, unsigned int i)
{
	return h->acts[i].synth;
}

/* Whether field @f of a synthetic event takes a string. */
static bool ha_field_str(const struct trace_ev_field *f)
{
	return f->kind != TRACE_EV_NUM;
}

/**
 * trace_hist_act_bind() - bind an action to the synthetic event it writes
 * @h:		the trigger, not yet attached
 * @i:		its action
 * @synth:	the event, or NULL when there is none of its name
 * @tr:		for errors
 * @rt:		@h's event, for errors
 * @cmd:	@h's command, for errors
 *
 * Its parameters must be as many as the event's fields, each of the
 * field's kind. On success the action holds the event, which cannot be
 * removed until trace_hist_acts_unhold_locked(). Called with
 * trace_ev_lock held.
 *
 * Return: 0, or -EINVAL (logged).
 */
int trace_hist_act_bind(struct trace_hist *h, unsigned int i,
			struct trace_ev_rt *synth, struct trace_array *tr,
			struct trace_ev_rt *rt, const char *cmd)
{
	struct hist_act *a = &h->acts[i];
	const struct trace_ev_field *f;
	unsigned int k = 0;
	bool str;

	lockdep_assert_held(&trace_ev_lock);
	if (!synth || synth->dead) {
		trace_hist_log(tr, rt, cmd, a->pos,
			       "Couldn't find synthetic event");
		return -EINVAL;
	}
	for (f = trace_ev_fields(synth->call); f && f->name; f++, k++) {
		if (k == a->nparams)
			break;
		str = a->params[k].src == HS_STR;
		if (str != ha_field_str(f)) {
			trace_hist_log(tr, rt, cmd, a->pos,
				       "Param type mismatch for synthetic event field");
			return -EINVAL;
		}
	}
	if (k != a->nparams || (f && f->name)) {
		trace_hist_log(tr, rt, cmd, a->pos,
			       "Param count mismatch for synthetic event");
		return -EINVAL;
	}
	kref_get(&synth->ref);
	synth->nr_hooks++;
	a->target = synth;
	return 0;
}

/**
 * trace_hist_nacts() - how many actions a trigger has
 * @h:		the trigger
 *
 * Return: their number.
 */
unsigned int trace_hist_nacts(const struct trace_hist *h)
{
	return h->nacts;
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
