// SPDX-License-Identifier: GPL-2.0
/*
 * Hist triggers' binding: a new hist trigger, parsed, is tied to what it
 * names outside itself before it is attached, in one call
 * (trace_hist_bind_locked()):
 *
 * - each field of a matched event its actions pass ("sys.event.field")
 *   is kept by a trigger on that event, in the variable
 *   "synthetic_<field>": one with the keys of the trigger there whose
 *   variables it reads, and that trigger's filter. Upstream adds the
 *   variable to that trigger; here the trigger plumbing (trace_ev_trig.c)
 *   makes one of its own, marked autov, listed apart and removed when no
 *   trigger reads it;
 * - each reference to another trigger's variable ("$name" or
 *   "sys.event.$name") to the table that keeps it: on the trigger's own
 *   event, else on the one other event, in the same trace array, that has
 *   a variable of that name. That table's keys must lead the trigger's;
 *   the reference holds the table and counts among its readers;
 * - each action that writes a synthetic event to that event, held so
 *   that it cannot be removed meanwhile.
 *
 * A trigger whose table other triggers read is kept: the counts here say
 * how many references keep it (trace_hist_kept_locked()).
 *
 * Everything here runs with trace_ev_lock held, which keeps the events,
 * their trigger lists and the tables' counts still.
 */
#include <linux/lockdep.h>
#include <linux/seq_buf.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "trace.h"
#include "trace_ev_core.h"
#include "trace_ev_trig.h"
#include "trace_hist.h"
#include "trace_hist_def.h"

/**
 * struct hist_bind - a hist trigger being bound
 * @h:		where it is set
 * @hist:	the trigger, parsed and not yet attached
 * @cx:		its command, for errors
 * @make:	how the plumbing makes a trigger that keeps a field for an
 *		action
 */
struct hist_bind {
	struct trig_host *h;
	struct trace_hist *hist;
	struct trace_hist_ctx cx;
	trig_hist_make_fn make;
};

/* Log that reference @i of the trigger cannot be bound, and why. */
static int hb_ref_fail(const struct hist_bind *b, unsigned int i,
		       const char *msg)
{
	trace_hist_log(&b->cx, b->hist->refs[i].pos, msg);
	return -EINVAL;
}

/* Finding a variable's trigger */

/*
 * Whether @other, a trigger on @sys.@event, has the variable reference
 * @i of @hist names, on the event the reference names, if it names one.
 */
static bool hb_ref_fits(const struct trace_hist *hist, unsigned int i,
			const struct trace_hist *other, const char *sys,
			const char *event)
{
	const struct hist_ref *r = &hist->refs[i];

	if (r->sys && (strcmp(r->sys, sys) || strcmp(r->event, event)))
		return false;
	return hist_var_index(other, r->name) >= 0;
}

/*
 * The hist trigger of the list @trigs, on @rt, that has the variable the
 * reference @i of @hist names; NULL when none has.
 */
static struct trace_hist *hb_var_in(struct list_head *trigs,
				    const struct trace_hist *hist,
				    unsigned int i,
				    const struct trace_ev_rt *rt)
{
	struct trace_ev_trig *t;

	list_for_each_entry(t, trigs, list)
		if (t->type == TRIG_HIST &&
		    hb_ref_fits(hist, i, t->hist, rt->sys->name,
				rt->call->name))
			return t->hist;
	return NULL;
}

/* Upstream's words for a name several events' variables have. */
static const char hb_err_not_unique[] =
	"Variable name not unique, need to use fully qualified name (subsys.event.$var)";

/*
 * The hist trigger, in the trace array of @b's host, that has the
 * variable reference @i names: on the host's event, or else on the one
 * other event that has it. NULL, with @msg set, when none or several
 * have.
 */
static struct trace_hist *hb_var_owner(const struct hist_bind *b,
				       unsigned int i, const char **msg)
{
	const struct trig_host *h = b->h;
	struct trace_hist *x = hb_var_in(h->trigs, b->hist, i, h->rt), *y;
	struct trace_ev_ie *ie;
	struct trace_ev_rt *e;

	if (x)
		return x;
	*msg = "Couldn't find variable";
	for (e = trig_sweep_next(NULL); e; e = trig_sweep_next(e)) {
		if (e == h->rt)
			continue;
		ie = h->ie ? trig_event_in(e, h->ie) : NULL;
		if (h->ie && !ie)
			continue;
		y = hb_var_in(ie ? &ie->trigs : &e->trigs, b->hist, i, e);
		if (y && x) {
			*msg = hb_err_not_unique;
			return NULL;
		}
		x = x ?: y;
	}
	return x;
}

/* Binding a reference */

/* What a key is, for keys that must lie alike: number, string or stack. */
static unsigned int hb_key_kind(const struct hist_field *hf)
{
	return hf->src == HS_STR ? 1 : hf->src == HS_STACK ? 2 : 0;
}

/*
 * Whether reference @i may read @other's variable: the same clock, keys
 * that lead the reader's, and a variable that keeps a value of a kind
 * the reference may read. 0, or -EINVAL (logged).
 */
static int hb_ref_check(const struct hist_bind *b, unsigned int i,
			const struct trace_hist *other)
{
	const struct trace_hist *h = b->hist;
	const struct hist_ref *r = &h->refs[i];
	const struct hist_var *v;
	unsigned int k;

	if (h->uses_ts && other->uses_ts &&
	    strcmp(h->clock_name, other->clock_name))
		return hb_ref_fail(b, i, "Variable's trigger reads another clock");
	for (k = 0; k < other->nkeys; k++)
		if (k >= h->nkeys ||
		    h->keys[k].key_size != other->keys[k].key_size ||
		    hb_key_kind(&h->keys[k]) != hb_key_kind(&other->keys[k]))
			return hb_ref_fail(b, i,
					   "Variable's keys don't lead this trigger's keys");
	v = &other->vars[hist_var_index(other, r->name)];
	/* It keeps nothing: the variable it passes on is to be read. */
	if (v->pass)
		return hb_ref_fail(b, i,
				   "Variable passes another trigger's on: read that one");
	if (v->kind != HV_NUM && r->num)
		return hb_ref_fail(b, i,
				   "A string or stack variable is only an action's parameter");
	return 0;
}

/*
 * Reference @i is bound: a variable that is that reference alone takes
 * its kind, and when it is a string or stack, passes it on.
 */
static int hb_var_pass(const struct hist_bind *b, unsigned int i)
{
	struct trace_hist *h = b->hist;
	const struct hist_ref *r = &h->refs[i];
	struct hist_var *v;
	unsigned int j;

	if (r->kind == HV_NUM)
		return 0;
	for (j = 0; j < h->nvars; j++) {
		v = &h->vars[j];
		if (v->expr->op || v->expr->leaf.src != HS_REF ||
		    v->expr->leaf.idx != i)
			continue;
		if (hist_var_read_as_num(h, j)) {
			trace_hist_log(&b->cx, v->pos,
				       "A string or stack variable is only an action's parameter");
			return -EINVAL;
		}
		v->kind = r->kind;
		v->pass = true;
	}
	return 0;
}

/*
 * Bind reference @i to @other, attached, which has its variable: the
 * reference holds @other's table. 0, or -EINVAL (logged).
 */
static int hb_ref_bind(const struct hist_bind *b, unsigned int i,
		       const struct trace_hist *other)
{
	struct trace_hist *h = b->hist;
	struct hist_ref *r = &h->refs[i];
	int j = hist_var_index(other, r->name);
	unsigned int k;
	int ret;

	ret = hb_ref_check(b, i, other);
	if (ret)
		return ret;
	r->data = other->data;
	refcount_inc(&r->data->ref);
	r->slot = other->nvals + j;
	r->setw = other->nvals + other->nvars;
	r->bit = j;
	r->kind = other->vars[j].kind;
	r->str_slot = hist_str_base(other) +
		      other->vars[j].stri * HIST_VAR_STR_SLOTS;
	ret = hb_var_pass(b, i);
	if (ret)
		return ret;
	/* Two names of one variable: one read, which unsets it if any does. */
	for (k = 0; k < i; k++) {
		if (h->refs[k].data == r->data && h->refs[k].bit == r->bit &&
		    !h->refs[k].alias) {
			h->refs[k].once |= r->once;
			r->alias = k + 1;
			break;
		}
	}
	return 0;
}

/*
 * Whether the new trigger defines a variable @other, a trigger of its
 * event, has; triggers of one named table share their variables and do
 * not clash. True (logged) when they clash.
 */
static bool hb_var_clash(const struct hist_bind *b,
			 const struct trace_hist *other)
{
	const struct trace_hist *h = b->hist;
	const char *x = h->data->name, *y = other->data->name;
	unsigned int i;

	if (x && y && !strcmp(x, y))
		return false;
	for (i = 0; i < h->nvars; i++) {
		if (hist_var_index(other, h->vars[i].name) < 0)
			continue;
		trace_hist_log(&b->cx, h->vars[i].pos,
			       "Variable already defined");
		return true;
	}
	return false;
}

/*
 * Bind every reference to its variable; a variable of its own name on
 * another hist trigger of the event is refused, as upstream does.
 */
static int hb_refs(const struct hist_bind *b)
{
	const char *msg = NULL;
	struct trace_ev_trig *t;
	struct trace_hist *other;
	unsigned int i;
	int ret;

	list_for_each_entry(t, b->h->trigs, list)
		if (t->type == TRIG_HIST && hb_var_clash(b, t->hist))
			return -EINVAL;
	for (i = 0; i < b->hist->nrefs; i++) {
		other = hb_var_owner(b, i, &msg);
		ret = other ? hb_ref_bind(b, i, other) :
			      hb_ref_fail(b, i, msg);
		if (ret)
			return ret;
	}
	return 0;
}

/* Binding an action */

/* A parameter's enum hist_var_kind: a field's, or a variable's. */
static unsigned int hb_param_kind(const struct trace_hist *h,
				  const struct hist_field *hf)
{
	switch (hf->src) {
	case HS_STR:
		return HV_STR;
	case HS_VAR:
		return h->vars[hf->idx].kind;
	case HS_REF:
		return h->refs[hf->idx].kind;
	default:
		return HV_NUM;
	}
}

/* What field @f of a synthetic event takes, as an enum hist_var_kind. */
static unsigned int hb_field_kind(const struct trace_ev_field *f)
{
	if (f->kind == TRACE_EV_NUM)
		return HV_NUM;
	return strstr(f->type, "long[]") ? HV_STACK : HV_STR;
}

/*
 * Bind action @a to @synth, the synthetic event of its name (NULL when
 * there is none): its parameters must be as many as the event's fields,
 * each of the field's kind. The action then holds the event, which cannot
 * be removed until trace_hist_acts_unhold_locked(). 0, or -EINVAL
 * (logged).
 */
static int hb_act(const struct hist_bind *b, struct hist_act *a,
		  struct trace_ev_rt *synth)
{
	const struct trace_ev_field *f;
	unsigned int k = 0;

	if (!synth || synth->dead) {
		trace_hist_log(&b->cx, a->pos, "Couldn't find synthetic event");
		return -EINVAL;
	}
	for (f = trace_ev_fields(synth->call); f && f->name; f++, k++) {
		if (k == a->nparams)
			break;
		if (hb_param_kind(b->hist, &a->params[k]) != hb_field_kind(f)) {
			trace_hist_log(&b->cx, a->pos,
				       "Param type mismatch for synthetic event field");
			return -EINVAL;
		}
	}
	if (k != a->nparams || (f && f->name)) {
		trace_hist_log(&b->cx, a->pos,
			       "Param count mismatch for synthetic event");
		return -EINVAL;
	}
	kref_get(&synth->ref);
	synth->nr_hooks++;
	a->target = synth;
	return 0;
}

/* Bind the actions that write a synthetic event (save() writes none). */
static int hb_acts(const struct hist_bind *b)
{
	struct hist_act *a;
	unsigned int i;
	int ret;

	for (i = 0; i < b->hist->nacts; i++) {
		a = &b->hist->acts[i];
		if (!a->synth)
			continue;
		ret = hb_act(b, a, trig_event("synthetic", a->synth));
		if (ret)
			return ret;
	}
	return 0;
}

/* Fields of matched events */

/*
 * The command of a trigger that keeps field @i of @hist's actions for
 * them: "hist:keys=<@owner's keys>:synthetic_<field>=<field>", allocated,
 * or NULL.
 */
static char *hb_fvar_cmd(const struct trace_hist *owner,
			 const struct trace_hist *hist, unsigned int i)
{
	char *buf = kmalloc(HIST_LIST_MAX, GFP_KERNEL);
	struct seq_buf s;
	unsigned int k;

	if (!buf)
		return NULL;
	seq_buf_init(&s, buf, HIST_LIST_MAX);
	seq_buf_puts(&s, "hist:keys=");
	for (k = 0; k < owner->nkeys; k++) {
		if (k)
			seq_buf_putc(&s, ',');
		hist_field_show(&s, &owner->keys[k]);
	}
	seq_buf_printf(&s, ":synthetic_%s=%s", hist->fvars[i], hist->fvars[i]);
	if (seq_buf_has_overflowed(&s)) {
		kfree(buf);
		return NULL;
	}
	seq_buf_str(&s);
	return buf;
}

/*
 * The trigger on the event of @x that has the variables @hist reads
 * there, and so the keys that lead @hist's; NULL for none. @var is set
 * when one already has the variable of field @i, read by reference @ref.
 */
static struct trace_ev_trig *hb_fvar_owner(const struct trig_host *x,
					   const struct trace_hist *hist,
					   unsigned int ref, bool *var)
{
	const struct hist_ref *r = &hist->refs[ref];
	struct trace_ev_trig *t, *owner = NULL;
	unsigned int j;

	*var = false;
	list_for_each_entry(t, x->trigs, list) {
		if (t->type != TRIG_HIST)
			continue;
		if (hb_ref_fits(hist, ref, t->hist, r->sys, r->event)) {
			*var = true;
			return t;
		}
		for (j = 0; j < hist->nrefs && !owner; j++)
			if (j != ref &&
			    hb_ref_fits(hist, j, t->hist, r->sys, r->event))
				owner = t;
	}
	return owner;
}

/*
 * Have the plumbing make, on the event of @x, the trigger that keeps
 * field @i for the actions, as @owner's command and filter say.
 */
static int hb_fvar_make(const struct hist_bind *b, struct trig_host *x,
			const struct trace_ev_trig *owner, unsigned int i)
{
	struct trace_ev_filter *f = NULL;
	unsigned int pos;
	const char *err;
	char *aux;
	int ret;

	aux = hb_fvar_cmd(owner->hist, b->hist, i);
	if (!aux)
		return -ENOMEM;
	if (owner->filter) {
		f = trace_ev_filter_compile(trace_ev_fields(x->rt->call),
					    trace_ev_filter_text(owner->filter),
					    &err, &pos);
		if (IS_ERR(f)) {
			kfree(aux);
			return PTR_ERR(f);
		}
	}
	ret = b->make(x, aux, f);
	kfree(aux);
	return ret;
}

/*
 * For each field of a matched event that the actions pass, a trigger on
 * that event, in the host's trace array, that keeps it in the variable
 * "synthetic_<field>": one there already, or one made for it.
 */
static int hb_fvars(const struct hist_bind *b)
{
	const struct trace_hist *hist = b->hist;
	const struct trig_host *h = b->h;
	struct trace_ev_trig *owner;
	struct trace_ev_ie *ie = NULL;
	const struct hist_ref *r;
	struct trace_ev_rt *rt;
	unsigned int i, ref;
	struct trig_host x;
	bool var;
	int ret;

	for (i = 0; i < hist->nfvars; i++) {
		ref = hist->fvar_refs[i];
		r = &hist->refs[ref];
		rt = trig_event(r->sys, r->event);
		if (rt && h->ie)
			ie = trig_event_in(rt, h->ie);
		if (!rt || (h->ie && !ie))
			return hb_ref_fail(b, ref, "Couldn't find event");
		trig_host_init(&x, rt, ie);
		owner = hb_fvar_owner(&x, hist, ref, &var);
		if (var)
			continue;
		if (!owner)
			return hb_ref_fail(b, ref,
					   "Couldn't find a hist trigger of the field's event");
		ret = hb_fvar_make(b, &x, owner, i);
		if (ret)
			return ret;
	}
	return 0;
}

/**
 * trace_hist_bind_locked() - bind a parsed hist trigger and attach it
 * @h:		where it is set
 * @hist:	the trigger, from trace_hist_parse()
 * @cmd:	its command, for errors
 * @make:	how to make, on another event, a trigger that keeps a field
 *		of that event for @hist's actions
 *
 * Makes the triggers that keep the fields of matched events its actions
 * pass, binds its references to the tables of the variables they name
 * and its actions to their synthetic events, then attaches it
 * (trace_hist_attach_locked()). On failure what was bound stays with
 * @hist, which trace_hist_acts_unhold_locked() and trace_hist_free()
 * undo; what @make made stays, read by nothing. Called with trace_ev_lock
 * held.
 *
 * Return: 0, -EINVAL (logged), -EEXIST, -EBUSY or -ENOMEM.
 */
int trace_hist_bind_locked(struct trig_host *h, struct trace_hist *hist,
			   const char *cmd, trig_hist_make_fn make)
{
	struct hist_bind b = {
		.h = h,
		.hist = hist,
		.cx = { .tr = trig_host_tr(h), .rt = h->rt, .cmd = cmd },
		.make = make,
	};
	int ret;

	lockdep_assert_held(&trace_ev_lock);
	ret = hb_fvars(&b);
	if (!ret)
		ret = hb_refs(&b);
	if (!ret)
		ret = hb_acts(&b);
	if (!ret)
		ret = trace_hist_attach_locked(hist, &b.cx);
	return ret;
}

/* What keeps a table */

/* How many references of @from go to the table of @to. */
static unsigned int hb_refs_to(const struct trace_hist *from,
			       const struct trace_hist *to)
{
	unsigned int i, n = 0;

	for (i = 0; i < from->nrefs; i++)
		n += from->refs[i].data == to->data;
	return n;
}

/**
 * trace_hist_kept_locked() - the references that keep a hist trigger
 * from going alone
 * @hist:	the trigger, attached
 *
 * Called with trace_ev_lock held.
 *
 * Return: the references of other triggers to its table; 0 when the
 * table has other triggers, which keep it for them.
 */
unsigned int trace_hist_kept_locked(const struct trace_hist *hist)
{
	const struct trace_hist_data *d = hist->data;

	lockdep_assert_held(&trace_ev_lock);
	if (!d->readers || d->users > 1)
		return 0;
	return d->readers - hb_refs_to(hist, hist);
}

/**
 * trace_hist_kept_all_locked() - the references that keep a hist trigger
 * from going with every hist trigger of its event
 * @h:		where it is set
 * @hist:	the trigger, attached
 *
 * Called with trace_ev_lock held.
 *
 * Return: the references of triggers elsewhere to its table; 0 when the
 * table has triggers elsewhere, which keep it for them.
 */
unsigned int trace_hist_kept_all_locked(const struct trig_host *h,
					const struct trace_hist *hist)
{
	const struct trace_hist_data *d = hist->data;
	unsigned int n = d->readers, on = 0;
	struct trace_ev_trig *x;

	lockdep_assert_held(&trace_ev_lock);
	if (!n)
		return 0;
	list_for_each_entry(x, h->trigs, list) {
		if (x->type != TRIG_HIST)
			continue;
		on += x->hist->data == d;
		n -= hb_refs_to(x->hist, hist);
	}
	return on == d->users ? n : 0;
}

/**
 * trace_hist_unread_locked() - whether no reference reads a hist
 * trigger's table
 * @hist:	the trigger, attached
 *
 * Called with trace_ev_lock held.
 *
 * Return: true when none does.
 */
bool trace_hist_unread_locked(const struct trace_hist *hist)
{
	lockdep_assert_held(&trace_ev_lock);
	return !hist->data->readers;
}
