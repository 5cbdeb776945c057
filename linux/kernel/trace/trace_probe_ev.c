// SPDX-License-Identifier: GPL-2.0
/*
 * Probe events: the hit-write path, the arming of places, and the
 * define/append/remove skeleton that every kind of probe event shares
 * (trace_probe_ev.h). A kind's file keeps only its places and its hit.
 *
 * The hit-write path itself, pev_hit(), is inline in trace_probe_ev.h:
 * each kind's handler gets its own copy, as when each kind had its own
 * function, and nothing is added to a hit's path.
 */
#include <linux/kernel.h>
#include <linux/kprobes.h>
#include <linux/percpu.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "trace.h"
#include "trace_dynev.h"
#include "trace_ev_core.h"
#include "trace_probe.h"
#include "trace_probe_ev.h"

/* The words of a definition before its arguments: head and place. */
#define PEV_FIRST_ARG	2

/**
 * pev_bpf() - hand a hit's registers to its event's programs
 * @call:	the event, whose records take the slow path
 * @regs:	the registers, or NULL (an event probe's hit has none)
 *
 * Out of line: pev_hit()'s fast path tests the slow-path flag alone.
 *
 * Return: whether trace_ev_perf_regs_done() is owed.
 */
noinline bool pev_bpf(struct trace_ev_call *call, struct pt_regs *regs)
{
	if (!regs)
		return false;
	trace_ev_perf_regs_bpf(call, regs);
	return true;
}

NOKPROBE_SYMBOL(pev_bpf);

/* Disarm @ev's places from the one before @pl back to the first. */
static void pev_disarm_before(struct pev *ev, struct pev_place *pl)
{
	list_for_each_entry_continue_reverse(pl, &ev->places, node)
		ev->kind->disarm(pl);
	if (ev->kind->disarm_sync)
		ev->kind->disarm_sync(ev);
}

/**
 * pev_reg() - the class's reg of every probe event: arm or disarm its
 * places
 * @call:	the event
 * @on:		arm (the event is enabled) or disarm
 *
 * A place that fails to arm disarms those armed before it.
 *
 * Return: 0, or the errno of the place that failed to arm.
 */
int pev_reg(struct trace_ev_call *call, bool on)
{
	struct pev *ev = pev_of(dynev_of(call));
	struct pev_place *pl;
	int ret;

	lockdep_assert_held(&trace_ev_lock);
	if (!on) {
		pev_for_each_place(pl, ev)
			ev->kind->disarm(pl);
		if (ev->kind->disarm_sync)
			ev->kind->disarm_sync(ev);
		return 0;
	}
	pev_for_each_place(pl, ev) {
		ret = ev->kind->arm(pl);
		if (ret) {
			pev_disarm_before(ev, pl);
			return ret;
		}
	}
	return 0;
}

/**
 * pev_of_call() - the probe event of a kind a trace event is
 * @call:	the trace event
 * @kind:	the kind
 *
 * Return: the event, or NULL when @call is not a probe event of @kind.
 */
struct pev *pev_of_call(struct trace_ev_call *call,
			const struct pev_kind *kind)
{
	struct pev *ev;

	if (call->class->reg != pev_reg)
		return NULL;
	ev = pev_of(dynev_of(call));
	return ev->kind == kind ? ev : NULL;
}

static void pev_print(struct seq_file *m, const struct trace_ev_call *call,
		      const void *rec, unsigned int len)
{
	const struct pev *ev = pev_of(dynev_of(call));

	dynev_place_print(m, &ev->de, rec, len, ev->ret, ev->kind->user);
}

/**
 * pev_init_bare() - fill in what every probe event has but its format
 * @ev:		the event, zeroed, in its kind's structure
 * @kind:	its kind
 *
 * For a kind whose records do not start with a place (event probes),
 * which then calls dynev_event_init() and sets its class's print.
 *
 * Return: 0 or -ENOMEM; pev_free() frees @ev either way.
 */
int pev_init_bare(struct pev *ev, const struct pev_kind *kind)
{
	INIT_LIST_HEAD(&ev->places);
	INIT_LIST_HEAD(&ev->de.list);
	ev->kind = kind;
	ev->de.class.reg = pev_reg;
	ev->de.class.perf = kind->perf;
	ev->hits = alloc_percpu(unsigned long);
	return ev->hits ? 0 : -ENOMEM;
}

/**
 * pev_alloc() - a new probe event of @d's type and arguments, without
 * places
 * @kind:	its kind
 * @d:		the definition; its arguments are taken
 * @name:	the event's name
 *
 * Return: the event, in no registry, or NULL.
 */
struct pev *pev_alloc(const struct pev_kind *kind, struct pev_def *d,
		      const char *name)
{
	struct pev *ev = kzalloc(kind->ev_size, GFP_KERNEL);
	int ret;

	if (!ev)
		return NULL;
	ret = pev_init_bare(ev, kind);
	if (!ret)
		ret = dynev_place_init(&ev->de, &kind->dk, d->grp, name,
				       &d->args, d->ret, kind->user);
	if (ret) {
		pev_free(ev);
		return NULL;
	}
	ev->ret = d->ret;
	ev->head = d->ret ? 2 : 1;
	ev->de.class.print = pev_print;
	if (kind->setup)
		kind->setup(ev, d);
	return ev;
}

/**
 * pev_free() - free a probe event that left the registry, or never was
 * in it, with its places
 * @ev:		the event; its places are not armed
 */
void pev_free(struct pev *ev)
{
	struct pev_place *pl, *tmp;

	/* Out of every list: no one else sees the places any more. */
	list_for_each_entry_safe(pl, tmp, &ev->places, node) {
		list_del(&pl->node);
		ev->kind->place_free(pl);
	}
	if (ev->kind->fini)
		ev->kind->fini(ev);
	free_percpu(ev->hits);
	dynev_event_fini(&ev->de);
	kfree(ev);
}

/**
 * pev_release() - the dynamic-event kind's release of a probe event
 * @de:		the event, out of the registry and the list
 */
void pev_release(struct dynev_event *de)
{
	pev_free(pev_of(de));
}

/**
 * pev_hits() - the hits of an event, on every CPU
 * @ev:		the event
 *
 * Return: their sum.
 */
unsigned long pev_hits(const struct pev *ev)
{
	unsigned long n = 0;
	int cpu;

	for_each_possible_cpu(cpu)
		n += *per_cpu_ptr(ev->hits, cpu);
	return n;
}

/* A zeroed definition of @kind, or NULL. */
static struct pev_def *pev_def_alloc(const struct pev_kind *kind)
{
	return kzalloc(kind->def_size, GFP_KERNEL);
}

/* Free a definition (or NULL) and what it holds. */
static void pev_def_free(const struct pev_kind *kind, struct pev_def *d)
{
	if (!d)
		return;
	kind->def_free(d);
	tp_args_free(d->args);
	kfree(d->auto_name);
	kfree(d);
}

/* The event's name: as given, or made from the place. */
static const char *pev_name(const struct pev_kind *kind, struct pev_def *d)
{
	if (d->event)
		return d->event;
	if (!d->auto_name)
		d->auto_name = kind->auto_name(d);
	return d->auto_name;
}

/*
 * Parse @cmd, which may be another kind's, into a new definition of
 * @kind: NULL with *@err set on failure.
 */
static struct pev_def *pev_parse(const struct pev_kind *kind,
				 struct dynev_cmd *cmd, int *err)
{
	struct pev_def *d = pev_def_alloc(kind);

	*err = -ENOMEM;
	if (!d)
		return NULL;
	*err = kind->parse(cmd, d);
	if (!*err && !pev_name(kind, d))
		*err = -ENOMEM;
	if (*err) {
		pev_def_free(kind, d);
		return NULL;
	}
	return d;
}

/* Link a place to a published event; both locks held. */
static void pev_place_link(struct pev *ev, struct pev_place *pl)
{
	pev_places_assert(ev);
	list_add_tail(&pl->node, &ev->places);
}

static void pev_place_unlink(struct pev *ev, struct pev_place *pl)
{
	pev_places_assert(ev);
	list_del(&pl->node);
}

/* A new place of @d, refused when the kind refuses it. */
static struct pev_place *pev_place_make(struct dynev_cmd *cmd, struct pev *ev,
					struct pev_def *d, int *err)
{
	const struct pev_kind *kind = ev->kind;
	struct pev_place *pl = kind->place_new(ev, d);

	*err = -ENOMEM;
	if (!pl)
		return NULL;
	*err = kind->place_define ? kind->place_define(cmd, pl) : 0;
	if (*err) {
		kind->place_free(pl);
		return NULL;
	}
	return pl;
}

/* Whether @ev has a place the same as @pl already. */
static bool pev_has_place(const struct pev *ev, const struct pev_place *pl)
{
	const struct pev_place *q;

	list_for_each_entry(q, &ev->places, node)
		if (ev->kind->place_same(q, pl))
			return true;
	return false;
}

/* Add @d's place to @ev, an event of the same type and arguments. */
static int pev_append(struct dynev_cmd *cmd, struct pev *ev, struct pev_def *d)
{
	const struct pev_kind *kind = ev->kind;
	struct pev_place *pl;
	int ret;

	ret = dynev_append_check(cmd, &ev->de, ev->ret == d->ret &&
				 (!kind->same_type || kind->same_type(ev, d)),
				 d->args, PEV_FIRST_ARG);
	if (ret)
		return ret;
	pl = kind->place_new(ev, d);
	if (!pl)
		return -ENOMEM;
	if (pev_has_place(ev, pl)) {
		kind->place_free(pl);
		return dynev_cmd_fail(cmd, cmd->pos[0],
				      "The event has this probe already", -EEXIST);
	}
	if (kind->place_define) {
		ret = kind->place_define(cmd, pl);
		if (ret) {
			kind->place_free(pl);
			return ret;
		}
	}
	scoped_guard(mutex, &trace_ev_lock) {
		pev_place_link(ev, pl);
		if (test_bit(TRACE_EV_B_RECORD, &ev->de.call.flags))
			ret = kind->arm(pl);
		if (ret)
			pev_place_unlink(ev, pl);
	}
	if (ret)
		kind->place_free(pl);
	return ret;
}

/* A new event with @d's place as its first. */
static int pev_new(struct dynev_cmd *cmd, const struct pev_kind *kind,
		   struct pev_def *d)
{
	struct pev *ev = pev_alloc(kind, d, pev_name(kind, d));
	struct pev_place *pl;
	int ret;

	if (!ev)
		return -ENOMEM;
	pl = pev_place_make(cmd, ev, d, &ret);
	if (!pl)
		goto fail;
	/* Not published yet: no lock keeps anyone else from the list. */
	list_add_tail(&pl->node, &ev->places);
	ret = dynev_event_add(&ev->de);
	if (!ret)
		return 0;
fail:
	pev_free(ev);
	return ret;
}

static const struct pev_kind *pev_kind_of(const struct dynev_kind *dk)
{
	return container_of(dk, struct pev_kind, dk);
}

/**
 * pev_create() - the dynamic-event kind's create of a probe event kind
 * @dk:		the kind
 * @cmd:	the definition
 *
 * Adds the place to the event of its name, or makes that event.
 *
 * Return: 0; -ECANCELED for another kind's line; or a negative errno,
 * with @cmd->err set when the line is at fault.
 */
int pev_create(const struct dynev_kind *dk, struct dynev_cmd *cmd)
{
	const struct pev_kind *kind = pev_kind_of(dk);
	struct dynev_event *de;
	struct pev_def *d;
	int ret;

	lockdep_assert_held(&dynev_lock);
	d = pev_parse(kind, cmd, &ret);
	if (!d)
		return ret;
	ret = dynev_lookup(cmd, dk, d->grp, pev_name(kind, d), &de);
	if (!ret)
		ret = de ? pev_append(cmd, pev_of(de), d) : pev_new(cmd, kind, d);
	pev_def_free(kind, d);
	return ret;
}

/**
 * pev_delete() - the dynamic-event kind's delete of a probe event kind
 * @dk:		the kind
 * @cmd:	the definition of the event to remove ("!" taken off)
 *
 * Return: 0; -ECANCELED for another kind's line; -ENOENT when no such
 * event is defined; -EBUSY while it is in use; or a parse error.
 */
int pev_delete(const struct dynev_kind *dk, struct dynev_cmd *cmd)
{
	const struct pev_kind *kind = pev_kind_of(dk);
	struct pev_def *d;
	int ret;

	lockdep_assert_held(&dynev_lock);
	d = pev_parse(kind, cmd, &ret);
	if (!d)
		return ret;
	ret = dynev_delete(dk, d->grp, pev_name(kind, d));
	pev_def_free(kind, d);
	return ret;
}

/**
 * pev_remove_words() - "-:EVENT PLACE": that place of the event goes
 * @de:		the event named
 * @cmd:	the removal; its second word is the place
 *
 * Return: 0 when the place alone went; 1 when it is the event's last
 * (the whole event is to go); -ENOENT when the event has no such
 * place; -EBUSY while the event is enabled.
 */
int pev_remove_words(struct dynev_event *de, struct dynev_cmd *cmd)
{
	struct pev *ev = pev_of(de);
	const struct pev_kind *kind = ev->kind;
	struct pev_place *pl;

	lockdep_assert_held(&dynev_lock);
	pev_for_each_place(pl, ev) {
		if (!kind->place_is(pl, cmd->argv[1]))
			continue;
		if (list_is_singular(&ev->places))
			return 1;
		/* Checked and unlinked at once: enabling takes this lock. */
		scoped_guard(mutex, &trace_ev_lock) {
			if (test_bit(TRACE_EV_B_RECORD, &ev->de.call.flags))
				return -EBUSY;
			pev_place_unlink(ev, pl);
			kind->disarm(pl);
		}
		if (kind->disarm_sync)
			kind->disarm_sync(ev);
		kind->place_free(pl);
		return 0;
	}
	return -ENOENT;
}

/**
 * pev_show() - list a probe event: one definition line a place
 * @m:		where
 * @de:		the event
 */
void pev_show(struct seq_file *m, struct dynev_event *de)
{
	struct pev *ev = pev_of(de);
	struct pev_place *pl;

	lockdep_assert_held(&dynev_lock);
	pev_for_each_place(pl, ev) {
		ev->kind->show_type(m, pl);
		seq_printf(m, ":%s/%s ", de->group, de->name);
		ev->kind->show_place(m, pl);
		tp_args_show(m, de->args);
		seq_putc(m, '\n');
	}
}
