/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Probe events (trace_probe_ev.c): what the kinds of dynamic event that
 * fire on a hit share (kprobe, uprobe, fprobe and tracepoint-probe
 * events, event probes). A struct pev is
 * a dynamic event (trace_dynev.h) with a list of places, a return flag,
 * a hit count and one hit-write path; a kind (struct pev_kind) brings
 * only its places: how to parse, make, compare, show, arm, disarm and
 * free one, and what its hit reads.
 *
 * Defining an event parses the line into the kind's definition (which
 * starts with a struct pev_def), then either adds its place to the event
 * of that name (same kind, type and arguments), or makes the event with
 * that place as its first. Enabling the event arms every place, and a
 * place that fails to arm disarms those before it. Removing a place or
 * an event frees the places through the kind.
 *
 * Layering: this file calls down into trace_dynev.h, trace_probe.h and
 * the event core; the kinds' files call into it, and it calls them back
 * only through struct pev_kind.
 */
#ifndef _KERNEL_TRACE_TRACE_PROBE_EV_H
#define _KERNEL_TRACE_TRACE_PROBE_EV_H

#include <linux/list.h>
#include <linux/lockdep.h>
#include <linux/percpu.h>
#include <linux/ptrace.h>
#include <linux/seq_file.h>

#include "trace_dynev.h"
#include "trace_ev_core.h"
#include "trace_probe.h"

struct pev;
struct pev_place;

/**
 * struct pev_def - what every kind's parsed definition starts with
 * @grp:	the event's group: as given, or the kind's default
 * @event:	the event's name as given, or NULL
 * @auto_name:	the name made from the place when none was given
 * @ret:	a return probe
 * @args:	the arguments, laid out; the new event takes them
 */
struct pev_def {
	const char *grp;
	const char *event;
	char *auto_name;
	bool ret;
	struct tp_args *args;
};

/**
 * struct pev_kind - a kind of probe event
 * @dk:		its dynamic-event kind; pev_create(), pev_delete(),
 *		pev_show() and pev_release() serve its operations, and
 *		pev_remove_words() where @place_is is set
 * @def_size:	the size of its definition, which starts with a pev_def
 * @ev_size:	the size of its event, which starts with a struct pev
 * @perf:	its events' class perf flags (TRACE_EV_PERF_*)
 * @user:	its places are in user space (print formats)
 * @parse:	parses @cmd into @d; -ECANCELED when @cmd is another
 *		kind's, or a negative errno with @cmd->err set
 * @auto_name:	the event's name from @d's place when none was given
 * @def_free:	frees what @parse put in the kind's part of @d
 * @setup:	fills in the kind's part of a new event from @d; optional
 * @fini:	frees the kind's part of an event; optional
 * @same_type:	whether @d's places may join @ev beyond the return flag
 *		(the arguments are compared by this layer); optional
 * @place_new:	a place of @ev from @d, taking what it keeps of @d
 * @place_define: called on a new place before it joins its event; may
 *		refuse it with @cmd->err set (kprobes register theirs
 *		disarmed here); optional
 * @place_same:	whether two places of one event are the same place
 * @place_is:	whether @word names @pl ("-:EVENT PLACE"); NULL: the
 *		words after a removal's name are not looked at
 * @show_type:	the head of @pl's definition line ("p", "r16", "t")
 * @show_place:	@pl's place as written in its definition
 * @arm:	starts @pl's hits (trace_ev_lock); 0 for a place that
 *		cannot be armed yet and waits (a module not loaded)
 * @disarm:	stops them (trace_ev_lock); nothing for one not armed
 * @disarm_sync: after some disarms, waits for their hits; optional
 * @place_free:	frees @pl, which is in no list and not armed: undoes
 *		@place_define and @place_new
 */
struct pev_kind {
	struct dynev_kind dk;
	size_t def_size;
	size_t ev_size;
	unsigned int perf;
	bool user;
	int (*parse)(struct dynev_cmd *cmd, struct pev_def *d);
	char *(*auto_name)(const struct pev_def *d);
	void (*def_free)(struct pev_def *d);
	void (*setup)(struct pev *ev, const struct pev_def *d);
	void (*fini)(struct pev *ev);
	bool (*same_type)(const struct pev *ev, const struct pev_def *d);
	struct pev_place *(*place_new)(struct pev *ev, struct pev_def *d);
	int (*place_define)(struct dynev_cmd *cmd, struct pev_place *pl);
	bool (*place_same)(const struct pev_place *a,
			   const struct pev_place *b);
	bool (*place_is)(const struct pev_place *pl, const char *word);
	void (*show_type)(struct seq_file *m, const struct pev_place *pl);
	void (*show_place)(struct seq_file *m, const struct pev_place *pl);
	int (*arm)(struct pev_place *pl);
	void (*disarm)(struct pev_place *pl);
	void (*disarm_sync)(struct pev *ev);
	void (*place_free)(struct pev_place *pl);
};

/**
 * struct pev - a probe event
 * @de:		what every dynamic event has; its class's reg is pev_reg()
 * @kind:	its kind
 * @places:	its places (struct pev_place); changed under dynev_lock and
 *		trace_ev_lock both (pev_places_assert()), so that either
 *		keeps it still
 * @ret:	its places are return probes
 * @head:	the words its records have before the arguments: 0 (event
 *		probes), 1 (the place) or 2 (function and return address);
 *		a hit writes two when it writes any
 * @hits:	its hits, per CPU, for the profile files
 */
struct pev {
	struct dynev_event de;
	const struct pev_kind *kind;
	struct list_head places;
	bool ret;
	u8 head;
	unsigned long __percpu *hits;
};

/**
 * struct pev_place - what every place of a probe event has; the kind's
 * own structure starts with it
 * @node:	in its event's @places
 * @ev:		its event
 */
struct pev_place {
	struct list_head node;
	struct pev *ev;
};

/**
 * pev_of() - the probe event a dynamic event of a pev_kind is
 * @de:		the dynamic event
 *
 * Return: its struct pev.
 */
static inline struct pev *pev_of(struct dynev_event *de)
{
	return container_of(de, struct pev, de);
}

/**
 * pev_places_assert() - check that @ev's places may change here
 * @ev:		the event
 *
 * Both locks are held by whoever adds or removes a place, so that a
 * reader holding either sees the list still.
 */
static inline void pev_places_assert(const struct pev *ev)
{
	lockdep_assert_held(&dynev_lock);
	lockdep_assert_held(&trace_ev_lock);
}

#define pev_for_each_place(pl, ev)	\
	list_for_each_entry(pl, &(ev)->places, node)

bool pev_bpf(struct trace_ev_call *call, struct pt_regs *regs);
int pev_reg(struct trace_ev_call *call, bool on);
int pev_init_bare(struct pev *ev, const struct pev_kind *kind);
struct pev *pev_of_call(struct trace_ev_call *call,
			const struct pev_kind *kind);
struct pev *pev_alloc(const struct pev_kind *kind, struct pev_def *d,
		      const char *name);
void pev_free(struct pev *ev);
unsigned long pev_hits(const struct pev *ev);
int pev_create(const struct dynev_kind *dk, struct dynev_cmd *cmd);
int pev_delete(const struct dynev_kind *dk, struct dynev_cmd *cmd);
int pev_remove_words(struct dynev_event *de, struct dynev_cmd *cmd);
void pev_show(struct seq_file *m, struct dynev_event *de);
void pev_release(struct dynev_event *de);

/**
 * pev_hit() - write the record of a hit
 * @ev:		the event hit
 * @regs:	the registers at the hit, or NULL (an event probe's)
 * @src:	what the arguments read besides: the arguments copied at a
 *		function's entry, a user probe's load base, or the record
 *		an event probe reads
 * @ip:		the probed place, or the function that returns
 * @ret_ip:	of a return, where it returns to; 0 at an entry
 *
 * A hit counts itself, then, when its event records, builds the record
 * in one of this CPU's scratch pages (trace_probe.h: its length is known
 * only once its strings are read) and copies it into the buffer. BPF
 * programs and perf get the hit's registers when it has them. A hit that
 * finds every scratch level in use is dropped and counted as a miss.
 *
 * Inline, the hit in registers: each handler is on every hit's path
 * (bench B16 and B17 count its instructions).
 *
 * Context: preemption off, any context a probe runs in.
 */
static __always_inline void pev_hit(struct pev *ev, struct pt_regs *regs,
				    const void *src, unsigned long ip,
				    unsigned long ret_ip)
{
	struct trace_ev_call *call = &ev->de.call;
	unsigned long fl, *head;
	struct trace_wh h;
	unsigned int len;
	void *page;
	bool bpf;
	u8 *rec;

	this_cpu_inc(*ev->hits);
	fl = READ_ONCE(call->flags);
	if (!(fl & TRACE_EV_FL_RECORD))
		return;
	page = tp_scratch_get();
	if (!page) {
		atomic_long_inc(&ev->de.missed);
		return;
	}
	/* Programs see the registers; they may keep the hit from perf. */
	bpf = IS_ENABLED(CONFIG_BPF_EVENTS) && (fl & TRACE_EV_FL_SLOW) &&
	      pev_bpf(call, regs);
	/*
	 * The place, and where a return goes: at an entry, @ret_ip is 0 in
	 * the first argument's slot, which the arguments then fill.
	 */
	if (ev->head) {
		head = page + sizeof(struct trace_entry);
		head[0] = ip;
		head[1] = ret_ip;
	}
	len = tp_fetch(ev->de.args, regs, src, page, PAGE_SIZE);
	rec = trace_ev_reserve(call, fl, len, &h);
	if (rec) {
		memcpy(rec + sizeof(struct trace_entry),
		       page + sizeof(struct trace_entry),
		       len - sizeof(struct trace_entry));
		trace_ev_commit(call, fl, rec, &h);
	}
	if (bpf)
		trace_ev_perf_regs_done();
	tp_scratch_put();
}

#endif /* _KERNEL_TRACE_TRACE_PROBE_EV_H */
