// SPDX-License-Identifier: GPL-2.0
/*
 * The registry of trace events.
 *
 * Event headers, read by include/trace/trace_ev_stages.h where their
 * tracepoints are defined, leave a pointer to each event's struct
 * trace_ev_call in the _ftrace_events section: of vmlinux, found here at
 * boot, or of a module, found when it loads. Each event gets a record
 * type above those of the ftrace system, a place in its system, and a
 * directory under events/ (made by the clients, struct trace_ev_client).
 *
 * An event records while its probe is registered on its tracepoint
 * (trace_ev.c); the probe writes its record straight into the trace
 * buffer. The records are printed through the type found here
 * (trace_ev_print()), under RCU: an event of a module leaves the type
 * table, and its module is freed, only once the buffer holds none of its
 * records and no reader is still printing one.
 */
#include <linux/kernel.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/rcupdate.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/tracepoint.h>
#include <linux/xarray.h>

#include "trace.h"
#include "trace_ev_core.h"

/* Every system, each with its events; under trace_ev_lock. */
LIST_HEAD(trace_ev_systems);

/*
 * The record types of events: after those of the ftrace system. Lookups
 * are under RCU; changes under trace_ev_lock.
 */
#define TRACE_EV_FIRST_ID	32
static DEFINE_XARRAY_ALLOC(trace_ev_types);

/*
 * The layers above that follow the registry (struct trace_ev_client):
 * registered at core_initcall, before trace_ev_init(), and never removed.
 * Walked under trace_ev_lock, or at init.
 */
static LIST_HEAD(trace_ev_clients);

/*
 * Set once trace_ev_init() has told the clients of the events registered
 * before; until then a new system or event is theirs to learn of there.
 * Under trace_ev_lock.
 */
static bool trace_ev_clients_live;

/* See trace_ev_core.h. */
unsigned long trace_ev_new_flags;

/**
 * trace_ev_client_register() - follow the registry's changes
 * @c:		the layer's hooks; static
 */
void trace_ev_client_register(struct trace_ev_client *c)
{
	guard(mutex)(&trace_ev_lock);
	list_add_tail(&c->node, &trace_ev_clients);
}

/* Printing records */

/* Each CPU's scratch for the print helpers (__print_flags() and co). */
static DEFINE_PER_CPU(struct trace_seq, trace_ev_scratch);

/*
 * The text of an event's record: "<event>: <its TP_printk()>". Returns
 * false when no event has the record's type, or the record is shorter
 * than its class's fixed part; nothing is printed then.
 */
static bool trace_ev_print(struct seq_file *m, const struct trace_ev *ev)
{
	struct trace_ev_call *call;
	struct trace_seq *p;
	bool ok = false;

	rcu_read_lock();
	call = xa_load(&trace_ev_types, ev->rec->type);
	if (call && ev->len >= call->class->size) {
		if (!call->class->prints_name)
			seq_printf(m, "%s: ", call->name);
		if (call->class->print) {
			call->class->print(m, call, ev->rec, ev->len);
		} else {
			p = get_cpu_ptr(&trace_ev_scratch);
			trace_seq_init(p);
			call->print(m, p, ev->rec);
			put_cpu_ptr(&trace_ev_scratch);
		}
		ok = true;
	}
	rcu_read_unlock();
	return ok;
}

/*
 * tp_printk: each CPU's lines, one for each level a probe can nest at;
 * allocated at boot when the command line asks for them.
 */
struct trace_ev_tp_line {
	struct trace_seq p;
	char buf[256];
};

static DEFINE_PER_CPU(struct trace_ev_tp_line *, trace_ev_tp_lines);

/**
 * trace_ev_tp_printk_init() - get ready to print events to the console
 *
 * Called by early_trace_init() when tp_printk is on the command line.
 * Without memory, nothing is printed.
 */
void __init trace_ev_tp_printk_init(void)
{
	struct trace_ev_tp_line *l;
	int cpu;

	for_each_possible_cpu(cpu) {
		l = kcalloc(TRACE_EV_SCRATCH_NEST, sizeof(*l), GFP_KERNEL);
		if (!l)
			return;
		per_cpu(trace_ev_tp_lines, cpu) = l;
	}
	static_branch_enable(&trace_ev_tp_printk);
}

/**
 * trace_ev_printk() - print an event's record to the console
 * @call:	the event
 * @rec:	its record
 * @len:	its length
 * @level:	the nesting level of the probe on this CPU
 *
 * The line is as the trace shows the record after its context:
 * "<event>: <its TP_printk()>". Any context, preemption off.
 */
void trace_ev_printk(const struct trace_ev_call *call, const void *rec,
		     unsigned int len, unsigned int level)
{
	struct trace_ev_tp_line *l = this_cpu_read(trace_ev_tp_lines);
	struct seq_file m = { };

	if (!l || len < call->class->size)
		return;
	l += level;
	m.buf = l->buf;
	m.size = sizeof(l->buf);
	if (!call->class->prints_name)
		seq_printf(&m, "%s: ", call->name);
	if (call->class->print) {
		call->class->print(&m, call, rec, len);
	} else {
		trace_seq_init(&l->p);
		call->print(&m, &l->p, rec);
	}
	if (m.count && m.buf[m.count - 1] == '\n')
		m.count--;
	/* At the default level of a printk(), as upstream's lines are. */
	pr_warn("%.*s\n", (int)m.count, m.buf);
}

NOKPROBE_SYMBOL(trace_ev_printk);

static struct trace_printer trace_ev_printer = {
	.body = trace_ev_print,
};

TRACE_PRINTER_REGISTER(trace_ev_printer);

/* The registry */

static struct trace_ev_sys *trace_ev_sys_get(const char *name)
{
	struct trace_ev_client *c;
	struct trace_ev_sys *sys;

	list_for_each_entry(sys, &trace_ev_systems, list) {
		if (!strcmp(sys->name, name)) {
			kref_get(&sys->ref);
			return sys;
		}
	}
	sys = kzalloc(sizeof(*sys), GFP_KERNEL);
	if (!sys)
		return NULL;
	sys->name = kstrdup(name, GFP_KERNEL);
	if (!sys->name) {
		kfree(sys);
		return NULL;
	}
	INIT_LIST_HEAD(&sys->events);
	/* One reference for trace_ev_systems, one for the caller's event. */
	kref_init(&sys->ref);
	kref_get(&sys->ref);
	list_add_tail(&sys->list, &trace_ev_systems);
	if (!trace_ev_clients_live)
		return sys;
	list_for_each_entry(c, &trace_ev_clients, node)
		if (c->add_sys && c->add_sys(sys))
			pr_warn("tracing: event system %s: %ps failed\n", name,
				c->add_sys);
	return sys;
}

static void trace_ev_sys_release(struct kref *ref)
{
	struct trace_ev_sys *sys = container_of(ref, struct trace_ev_sys, ref);

	kfree(sys->filter_text);
	kfree(sys->name);
	kfree(sys);
}

/**
 * trace_ev_sys_put() - drop a reference to a system
 * @sys:	the system
 */
void trace_ev_sys_put(struct trace_ev_sys *sys)
{
	kref_put(&sys->ref, trace_ev_sys_release);
}

static void trace_ev_rt_release(struct kref *ref)
{
	struct trace_ev_rt *rt = container_of(ref, struct trace_ev_rt, ref);

	/* No probe runs any more: its event is off, or its module gone. */
	trace_ev_filter_free(rcu_dereference_protected(rt->filter, 1));
	kfree(rt->fmt);
	/* A local event (trace_ev_local_add()) is in no system. */
	if (rt->sys)
		trace_ev_sys_put(rt->sys);
	kfree(rt);
}

/*
 * ftrace/print, the records of trace_marker, as an event that triggers
 * can be set on (events/ftrace/print/trigger and hist): the marker's
 * write runs them (trace_ev_write.c). It has a state of its own here but
 * is in no system: no set_event, enable or filter reaches it, and no
 * trigger can name it. Its fields are those of its format file.
 */
static const struct trace_ev_field trace_ev_print_fields[] = {
	{ .type = "unsigned long", .name = "ip",
	  .offset = offsetof(struct trace_print_rec, ip),
	  .size = sizeof(unsigned long), .kind = TRACE_EV_NUM },
	/* To the end of the record, NUL included. */
	{ .type = "char", .name = "buf",
	  .offset = offsetof(struct trace_print_rec, buf),
	  .kind = TRACE_EV_ARRAY },
	{ }
};

/* The marker's write is its probe: always there. */
static int trace_ev_print_reg(struct trace_ev_call *call, bool on)
{
	return 0;
}

static const struct trace_ev_class trace_ev_print_class = {
	.system = "ftrace",
	.reg = trace_ev_print_reg,
};

static struct trace_ev_call trace_ev_print_call = {
	.name = "print",
	.class = &trace_ev_print_class,
	.id = TRACE_TYPE_PRINT,
	.rt = &trace_ev_print_rt,
	.fields = trace_ev_print_fields,
};

static struct trace_ev_sys trace_ev_print_sys = {
	.name = "ftrace",
	.ref = KREF_INIT(1),
};

/* Its references are never all dropped: it is never freed. */
struct trace_ev_rt trace_ev_print_rt = {
	.call = &trace_ev_print_call,
	.sys = &trace_ev_print_sys,
	.trigs = LIST_HEAD_INIT(trace_ev_print_rt.trigs),
	.insts = LIST_HEAD_INIT(trace_ev_print_rt.insts),
	.hooks = LIST_HEAD_INIT(trace_ev_print_rt.hooks),
	.ref = KREF_INIT(1),
};

/**
 * trace_ev_rt_put() - drop a reference to an event's state
 * @rt:		the state
 */
void trace_ev_rt_put(struct trace_ev_rt *rt)
{
	kref_put(&rt->ref, trace_ev_rt_release);
}

/**
 * trace_ev_next() - the event after one, system by system
 * @rt:		the event, or NULL for the first
 *
 * Called with trace_ev_lock held.
 *
 * Return: the next event, or NULL after the last.
 */
struct trace_ev_rt *trace_ev_next(struct trace_ev_rt *rt)
{
	struct trace_ev_sys *sys;

	lockdep_assert_held(&trace_ev_lock);
	if (rt && !list_is_last(&rt->list, &rt->sys->events))
		return list_next_entry(rt, list);
	sys = rt ? rt->sys : list_entry(&trace_ev_systems, struct trace_ev_sys,
					list);
	list_for_each_entry_continue(sys, &trace_ev_systems, list) {
		if (!list_empty(&sys->events))
			return list_first_entry(&sys->events,
						struct trace_ev_rt, list);
	}
	return NULL;
}

/**
 * trace_ev_find_id_locked() - the event with a given type
 * @id:		its id (the common_type of its records)
 *
 * Called with trace_ev_lock held.
 *
 * Return: the event, or NULL when no live event has that id.
 */
struct trace_ev_rt *trace_ev_find_id_locked(u64 id)
{
	struct trace_ev_call *call;

	lockdep_assert_held(&trace_ev_lock);
	if (id < TRACE_EV_FIRST_ID || id > U16_MAX)
		return NULL;
	call = xa_load(&trace_ev_types, id);
	return call ? call->rt : NULL;
}

/**
 * trace_ev_lookup_locked() - the event of a name in a trace array
 * @tr:		the array
 * @sys:	the event's system
 * @event:	its name
 * @ie:		gets the event in the instance, or NULL for the top array
 *
 * Context: trace_ev_lock held.
 * Return: the event, or NULL when @tr has none of that name.
 */
struct trace_ev_rt *trace_ev_lookup_locked(struct trace_array *tr,
					   const char *sys, const char *event,
					   struct trace_ev_ie **ie)
{
	struct trace_buf *b = trace_array_buf(tr);
	struct trace_ev_rt *rt;
	struct trace_ev_ie *x;

	lockdep_assert_held(&trace_ev_lock);
	*ie = NULL;
	for (rt = trace_ev_next(NULL); rt; rt = trace_ev_next(rt)) {
		if (strcmp(rt->sys->name, sys) || strcmp(rt->call->name, event))
			continue;
		if (trace_array_is_top(tr))
			return rt;
		/* In an instance, the event there: the one on its buffer. */
		list_for_each_entry(x, &rt->insts, node)
			if (x->dst->buf == b)
				*ie = x;
		return *ie ? rt : NULL;
	}
	return NULL;
}

/**
 * trace_ev_module() - the module an event came with
 * @rt:		the event
 *
 * Return: the module, or NULL for an event of vmlinux.
 */
struct module *trace_ev_module(const struct trace_ev_rt *rt)
{
	return rt->mod;
}

static int trace_ev_add(struct trace_ev_call *call, struct module *mod)
{
	struct trace_ev_client *c;
	struct trace_ev_rt *rt;
	u32 id;
	int ret;

	lockdep_assert_held(&trace_ev_lock);
	rt = kzalloc(sizeof(*rt), GFP_KERNEL);
	if (!rt)
		return -ENOMEM;
	ret = xa_alloc(&trace_ev_types, &id, call,
		       XA_LIMIT(TRACE_EV_FIRST_ID, U16_MAX), GFP_KERNEL);
	if (ret) {
		kfree(rt);
		return ret;
	}
	rt->sys = trace_ev_sys_get(call->class->system);
	if (!rt->sys) {
		xa_erase(&trace_ev_types, id);
		kfree(rt);
		return -ENOMEM;
	}
	call->id = id;
	call->flags = trace_ev_new_flags | TRACE_EV_FL_MUTE;
	call->rt = rt;
	INIT_LIST_HEAD(&rt->trigs);
	INIT_LIST_HEAD(&rt->hooks);
	INIT_LIST_HEAD(&rt->insts);
	rt->call = call;
	rt->mod = mod;
	rt->fmt = trace_ev_eval_fmt(call->print_fmt, call->class->system);
	kref_init(&rt->ref);
	list_add_tail(&rt->list, &rt->sys->events);
	if (!trace_ev_clients_live)
		return 0;
	list_for_each_entry(c, &trace_ev_clients, node)
		if (c->add && c->add(rt))
			pr_warn("tracing: event %s: %ps failed\n", call->name,
				c->add);
	return 0;
}

static void trace_ev_add_all(struct trace_ev_call **start,
			     struct trace_ev_call **stop,
			     struct trace_ev_eval **evals, unsigned int nevals,
			     struct module *mod)
{
	struct trace_ev_call **c;

	mutex_lock(&trace_ev_lock);
	trace_ev_eval_add(evals, nevals, mod);
	for (c = start; c < stop; c++) {
		if (trace_ev_add(*c, mod))
			pr_warn("tracing: event %s not added\n", (*c)->name);
	}
	mutex_unlock(&trace_ev_lock);
}

/*
 * Take an event out of the registry: its probe off, its files dead, its
 * type free. Its state stays on its system's list for the caller to move.
 * Returns whether it ever recorded. Under trace_ev_lock.
 */
static bool trace_ev_unlink_locked(struct trace_ev_rt *rt)
{
	struct trace_ev_client *c;

	lockdep_assert_held(&trace_ev_lock);
	list_for_each_entry(c, &trace_ev_clients, node)
		if (c->forget)
			c->forget(rt);
	rt->enabled = false;
	/* Pairs with READ_ONCE() in trace_ev_soft_set(). */
	WRITE_ONCE(rt->dead, true);
	trace_ev_apply_locked(rt);
	xa_erase(&trace_ev_types, rt->call->id);
	list_for_each_entry(c, &trace_ev_clients, node)
		if (c->remove)
			c->remove(rt);
	return rt->used;
}

/* Drop the systems left without events. Under trace_ev_lock. */
static void trace_ev_prune_locked(void)
{
	struct trace_ev_sys *sys, *stmp;
	struct trace_ev_client *c;

	lockdep_assert_held(&trace_ev_lock);
	list_for_each_entry_safe(sys, stmp, &trace_ev_systems, list) {
		if (!list_empty(&sys->events))
			continue;
		list_for_each_entry(c, &trace_ev_clients, node)
			if (c->remove_sys)
				c->remove_sys(sys);
		list_del(&sys->list);
		trace_ev_sys_put(sys);
	}
}

/**
 * trace_ev_exists() - whether an event of that system and name is there
 * @sys:	the system
 * @name:	the event's name
 *
 * Return: true when events/@sys/@name/ exists.
 */
bool trace_ev_exists(const char *sys, const char *name)
{
	struct trace_ev_rt *rt;

	guard(mutex)(&trace_ev_lock);
	for (rt = trace_ev_next(NULL); rt; rt = trace_ev_next(rt))
		if (!strcmp(rt->sys->name, sys) && !strcmp(rt->call->name, name))
			return true;
	return false;
}

/**
 * trace_ev_dyn_add() - add an event made at run time (a probe event)
 * @call:	the event: its name, its class (with @reg, and the system
 *		it goes in), fields and printer. The caller keeps it, and
 *		what it points to, until trace_ev_dyn_remove() is done.
 *
 * The caller has checked that the name is free (trace_ev_exists()).
 *
 * Return: 0 or a negative errno.
 */
int trace_ev_dyn_add(struct trace_ev_call *call)
{
	guard(mutex)(&trace_ev_lock);
	return trace_ev_add(call, NULL);
}

/**
 * trace_ev_dyn_holds() - what keeps an event made at run time from going
 * @call:	the event
 *
 * Return: -EBUSY while it records anywhere (enabled, in an instance, with
 * triggers or perf events) or an enable_event trigger names it; else how
 * many event probes read it (trace_ev_hold()), 0 when it may go.
 */
int trace_ev_dyn_holds(struct trace_ev_call *call)
{
	guard(mutex)(&trace_ev_lock);
	if (test_bit(TRACE_EV_B_RECORD, &call->flags) || call->rt->soft)
		return -EBUSY;
	return call->rt->nr_hooks;
}

/**
 * trace_ev_dyn_remove() - remove an event trace_ev_dyn_add() added
 * @call:	the event
 *
 * Sleeps for a grace period: once it returns, no probe and no reader of
 * the buffers uses @call; the top buffer is emptied when it may hold its
 * records, since their type may be given again.
 *
 * Return: 0, or -EBUSY (and the event stays) while trace_ev_dyn_holds()
 * is not 0.
 */
int trace_ev_dyn_remove(struct trace_ev_call *call)
{
	struct trace_ev_rt *rt = call->rt;
	bool used;

	scoped_guard(mutex, &trace_ev_lock) {
		if (test_bit(TRACE_EV_B_RECORD, &call->flags) || rt->soft ||
		    rt->nr_hooks)
			return -EBUSY;
		used = trace_ev_unlink_locked(rt);
		list_del(&rt->list);
		trace_ev_prune_locked();
	}
	tracepoint_synchronize_unregister();
	if (used)
		trace_buf_reset(&trace_top_buf, RING_BUFFER_ALL_CPUS);
	trace_ev_rt_put(rt);
	return 0;
}

/**
 * trace_ev_hold() - find an event for an event probe, and hold it
 * @sys:	its system
 * @name:	its name
 *
 * While held it cannot be removed (trace_ev_dyn_holds()), and a module's
 * event keeps its module loaded, as upstream's event probes do.
 *
 * Return: the event, or NULL when there is none.
 */
struct trace_ev_rt *trace_ev_hold(const char *sys, const char *name)
{
	struct trace_ev_rt *rt;
	struct trace_ev_ie *ie;

	guard(mutex)(&trace_ev_lock);
	rt = trace_ev_lookup_locked(&trace_top, sys, name, &ie);
	if (!rt || rt->dead || (rt->mod && !try_module_get(rt->mod)))
		return NULL;
	rt->nr_hooks++;
	kref_get(&rt->ref);
	return rt;
}

/**
 * trace_ev_release() - undo trace_ev_hold()
 * @rt:		the event, with no hook of the caller's attached
 */
void trace_ev_release(struct trace_ev_rt *rt)
{
	scoped_guard(mutex, &trace_ev_lock)
		rt->nr_hooks--;
	module_put(rt->mod);
	trace_ev_rt_put(rt);
}

/**
 * trace_ev_attach_locked() - start calling a hook with an event's records
 * @rt:		the event, held (trace_ev_hold())
 * @hook:	the hook
 *
 * Context: trace_ev_lock held.
 * Return: 0; -ENODEV when the event's module is gone; or the errno of
 * registering its probe.
 */
int trace_ev_attach_locked(struct trace_ev_rt *rt, struct trace_ev_hook *hook)
{
	int ret;

	lockdep_assert_held(&trace_ev_lock);
	if (rt->dead)
		return -ENODEV;
	list_add_tail_rcu(&hook->node, &rt->hooks);
	ret = trace_ev_apply_locked(rt);
	if (ret) {
		list_del_rcu(&hook->node);
		trace_ev_apply_locked(rt);
	}
	return ret;
}

/**
 * trace_ev_detach_locked() - stop calling a hook
 * @rt:		the event
 * @hook:	the hook, attached
 *
 * Context: trace_ev_lock held. A probe already running may still call
 * @hook until a grace period has passed.
 */
void trace_ev_detach_locked(struct trace_ev_rt *rt, struct trace_ev_hook *hook)
{
	lockdep_assert_held(&trace_ev_lock);
	list_del_rcu(&hook->node);
	if (!rt->dead)
		trace_ev_apply_locked(rt);
}

/**
 * trace_ev_local_add() - give state to an event that only perf uses
 * @call:	the event: its class (with @reg), fields and printer; the
 *		caller keeps it until trace_ev_local_remove() is done
 *
 * A local event is one perf event's own (a probe of the kprobe PMU): it
 * has no id (its records reach no buffer), no system and no files, and
 * no list of the registry holds it, so no name of it can clash and no
 * file can reach it. perf attaches to it with trace_ev_perf_attach().
 *
 * Return: 0 or -ENOMEM.
 */
int trace_ev_local_add(struct trace_ev_call *call)
{
	struct trace_ev_rt *rt = kzalloc(sizeof(*rt), GFP_KERNEL);

	if (!rt)
		return -ENOMEM;
	INIT_LIST_HEAD(&rt->list);
	INIT_LIST_HEAD(&rt->trigs);
	INIT_LIST_HEAD(&rt->hooks);
	INIT_LIST_HEAD(&rt->insts);
	rt->call = call;
	kref_init(&rt->ref);
	call->id = 0;
	/* Never on the pid layer's walk: no TRACE_EV_FL_PID for it. */
	call->flags = TRACE_EV_FL_MUTE;
	call->rt = rt;
	return 0;
}

/**
 * trace_ev_local_remove() - drop the state trace_ev_local_add() gave
 * @call:	the event, whose probe no longer runs and which perf left
 */
void trace_ev_local_remove(struct trace_ev_call *call)
{
	struct trace_ev_rt *rt = call->rt;

	scoped_guard(mutex, &trace_ev_lock)
		WARN_ON_ONCE(rcu_access_pointer(rt->perf) ||
			     test_bit(TRACE_EV_B_RECORD, &call->flags));
	call->rt = NULL;
	trace_ev_rt_put(rt);
}

/**
 * trace_ev_register() - add events made at run time
 * @calls:	the events, each with its fields and printer; they stay
 *		forever
 * @n:		how many
 */
void __init trace_ev_register(struct trace_ev_call **calls, unsigned int n)
{
	trace_ev_add_all(calls, calls + n, NULL, 0, NULL);
}

#ifdef CONFIG_MODULES
/*
 * A module's events go. Their probes come off first (this notifier runs
 * before the tracepoint core's); their types leave the table once no
 * probe runs and no reader prints; a buffer that may hold their records
 * is cleared, since their printers leave with the module.
 */
static void trace_ev_remove_module(struct module *mod)
{
	struct trace_ev_client *c;
	struct trace_ev_rt *rt, *tmp;
	struct trace_ev_sys *sys;
	LIST_HEAD(gone);
	bool used = false;

	/* Those that must take trace_ev_lock first (function commands). */
	list_for_each_entry(c, &trace_ev_clients, node)
		if (c->going)
			c->going(mod);
	mutex_lock(&trace_ev_lock);
	list_for_each_entry(sys, &trace_ev_systems, list) {
		list_for_each_entry_safe(rt, tmp, &sys->events, list) {
			if (rt->mod != mod)
				continue;
			used |= trace_ev_unlink_locked(rt);
			list_move(&rt->list, &gone);
		}
	}
	trace_ev_prune_locked();
	trace_ev_eval_remove(mod);
	mutex_unlock(&trace_ev_lock);

	if (list_empty(&gone))
		return;
	tracepoint_synchronize_unregister();
	if (used)
		trace_buf_reset(&trace_top_buf, RING_BUFFER_ALL_CPUS);
	list_for_each_entry_safe(rt, tmp, &gone, list) {
		list_del(&rt->list);
		trace_ev_rt_put(rt);
	}
}

static int trace_ev_module_notify(struct notifier_block *nb,
				  unsigned long state, void *data)
{
	struct module *mod = data;
	/* The loader types the sections as upstream's; they are ours. */
	struct trace_ev_call **calls = (struct trace_ev_call **)mod->trace_events;
	struct trace_ev_eval **evals = (struct trace_ev_eval **)mod->trace_evals;

	switch (state) {
	case MODULE_STATE_COMING:
		if (mod->num_trace_events || mod->num_trace_evals)
			trace_ev_add_all(calls, calls + mod->num_trace_events,
					 evals, mod->num_trace_evals, mod);
		break;
	case MODULE_STATE_GOING:
		if (mod->num_trace_events || mod->num_trace_evals)
			trace_ev_remove_module(mod);
		break;
	}
	return NOTIFY_OK;
}

/* Before the tracepoint core's notifier (priority 0) on the way out. */
static struct notifier_block trace_ev_module_nb = {
	.notifier_call = trace_ev_module_notify,
	.priority = 1,
};

static void trace_ev_init_modules(void)
{
	if (register_module_notifier(&trace_ev_module_nb))
		pr_warn("tracing: module events will not be traced\n");
}
#else
static void trace_ev_init_modules(void)
{
}
#endif

/**
 * trace_ev_init_early() - register the events of vmlinux, from trace_init()
 *
 * Early in start_kernel(), so that trace_event= can start them before
 * the initcalls run. No layer follows the registry yet: trace_ev_init()
 * tells them of these events later.
 */
void __init trace_ev_init_early(void)
{
	trace_ev_add_all(__start_ftrace_events, __stop_ftrace_events,
			 __start_ftrace_eval_maps,
			 __stop_ftrace_eval_maps - __start_ftrace_eval_maps, NULL);
}

/* Tell the layers registered since trace_ev_init_early() of its events. */
static void __init trace_ev_replay(void)
{
	struct trace_ev_client *c;
	struct trace_ev_sys *sys;
	struct trace_ev_rt *rt;

	guard(mutex)(&trace_ev_lock);
	list_for_each_entry(sys, &trace_ev_systems, list) {
		list_for_each_entry(c, &trace_ev_clients, node)
			if (c->add_sys && c->add_sys(sys))
				pr_warn("tracing: event system %s: %ps failed\n",
					sys->name, c->add_sys);
		list_for_each_entry(rt, &sys->events, list)
			list_for_each_entry(c, &trace_ev_clients, node)
				if (c->add && c->add(rt))
					pr_warn("tracing: event %s: %ps failed\n",
						rt->call->name, c->add);
	}
	trace_ev_clients_live = true;
}

/*
 * The layers above learn of the events of vmlinux, once tracefs holds
 * events/ (trace_fs_init(), linked before this at core_initcall_sync);
 * then come the events they add (syscalls) and those of later modules.
 * Before the boot's own instances, dynamic events and boot config, which
 * follow at the same level, so that they trace from postcore_initcall on.
 */
static int __init trace_ev_init(void)
{
	struct trace_ev_client *c;

	trace_ev_replay();
	/* The clients are all registered (core_initcall) and stay. */
	list_for_each_entry(c, &trace_ev_clients, node)
		if (c->init)
			c->init();
	trace_ev_init_modules();
	list_for_each_entry(c, &trace_ev_clients, node)
		if (c->boot)
			c->boot();
	return 0;
}
core_initcall_sync(trace_ev_init);
