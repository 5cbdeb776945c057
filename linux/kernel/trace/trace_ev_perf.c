// SPDX-License-Identifier: GPL-2.0
/*
 * perf events on trace events: the tracepoint PMU of kernel/events/.
 *
 * perf opens a PERF_TYPE_TRACEPOINT event with the id of an event's id
 * file as its config. The first perf event on a trace event gives the
 * event a struct trace_ev_perf: the struct trace_event_call by which perf
 * and BPF know it (perf_event.tp_event), with its per-CPU lists of the
 * perf events scheduled in on each CPU. While it has one, the event's
 * probe runs and its records take the slow path; trace_ev_commit_slow()
 * hands each record to trace_ev_perf_emit(), which gives it to the perf
 * events of this CPU's list as their raw sample, after whatever the
 * trace buffers took of it. The state goes with the last perf event,
 * after a grace period.
 *
 * A layer over the registry (trace_ev_reg.c), the events' state
 * (trace_ev.c) and the filters; it calls no other file of event tracing.
 */
#include <linux/errno.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/percpu.h>
#include <linux/perf_event.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>
#include <linux/trace_events.h>

#include "trace.h"
#include "trace_ev_core.h"

/**
 * struct trace_ev_perf - an event's state while perf events are on it
 * @tc:		what perf and BPF see of the event (perf_event.tp_event)
 * @rt:		the event, held by each perf event on it
 * @users:	the perf events on it; protected by trace_ev_lock
 * @rcu:	its freeing, after the probes that may read it
 */
struct trace_ev_perf {
	struct trace_event_call tc;
	struct trace_ev_rt *rt;
	unsigned int users;
	struct rcu_head rcu;
};

/*
 * The classes perf and BPF tell events apart by: is_syscall_trace_event()
 * compares with the syscall events' one.
 */
struct trace_event_class trace_ev_perf_syscall_class;
static struct trace_event_class trace_ev_perf_tp_class;

/* What TRACE_EVENT_FLAGS() and TRACE_EVENT_PERF_PERM() gave; read-only after boot. */
static struct trace_ev_perf_perm *trace_ev_perf_perms;

/**
 * trace_ev_perf_perm_add() - note what a header says perf may do with an
 * event
 * @p:		the note; it stays
 *
 * Called by early initcalls, before anything can open a perf event.
 */
void __init trace_ev_perf_perm_add(struct trace_ev_perf_perm *p)
{
	p->next = trace_ev_perf_perms;
	trace_ev_perf_perms = p;
}

/*
 * A record being given to perf, at each of a CPU's nesting levels (that
 * of perf's recursion context): filter_match_preds() takes only the
 * record, and finds its length here.
 */
struct trace_ev_perf_cur {
	const void *rec;
	unsigned int len;
};

static DEFINE_PER_CPU(struct trace_ev_perf_cur [PERF_NR_CONTEXTS],
		      trace_ev_perf_cur);
/*
 * The registers of each record's hit, at each scratch level, which BPF
 * programs and perf read: a program's helper or a perf overflow handler
 * that hits a tracepoint on this CPU takes the next level.
 */
static DEFINE_PER_CPU(struct pt_regs [TRACE_EV_SCRATCH_NEST],
		      trace_ev_perf_regs);

/*
 * ftrace:function is trace_fn_perf.c's; its config never changes. A
 * kretprobe of the kprobe PMU has config 1 too.
 */
static bool trace_ev_perf_is_fn(const struct perf_event *p_event)
{
	return p_event->attr.type == PERF_TYPE_TRACEPOINT &&
	       p_event->attr.config == TRACE_TYPE_FN;
}

static struct trace_ev_perf *trace_ev_perf_of(struct perf_event *p_event)
{
	return container_of(p_event->tp_event, struct trace_ev_perf, tc);
}

/* The flags and the check of @call from its header, if it gave any. */
static unsigned int trace_ev_perf_flags(const struct trace_ev_call *call,
					struct perf_event *p_event, int *err)
{
	const struct trace_ev_perf_perm *p;
	unsigned int flags = 0;

	*err = 0;
	if (call->class->perf & TRACE_EV_PERF_CAP_ANY)
		flags |= TRACE_EVENT_FL_CAP_ANY;
	for (p = trace_ev_perf_perms; p; p = p->next) {
		if (p->call != call)
			continue;
		flags |= p->flags;
		if (p->perm && !*err)
			*err = p->perm(p_event);
	}
	return flags;
}

/*
 * May @p_event be opened on @rt? Counting is free for all; raw records
 * are for those perf lets read tracepoints, except per task on an event
 * any user may sample. Children of an inherited event were checked as
 * their parent.
 */
static int trace_ev_perf_allowed(struct trace_ev_rt *rt,
				 struct perf_event *p_event,
				 unsigned int *flags)
{
	int ret;

	*flags = trace_ev_perf_flags(rt->call, p_event, &ret);
	if (ret)
		return ret;
	if (p_event->parent)
		return 0;
	if (!(p_event->attr.sample_type & PERF_SAMPLE_RAW))
		return 0;
	if ((p_event->attach_state & PERF_ATTACH_TASK) &&
	    (*flags & TRACE_EVENT_FL_CAP_ANY))
		return 0;
	return perf_allow_tracepoint();
}

static void trace_ev_perf_free(struct rcu_head *rcu)
{
	struct trace_ev_perf *pf = container_of(rcu, struct trace_ev_perf, rcu);

	/* perf takes each event's program off before destroying it. */
	WARN_ON_ONCE(rcu_access_pointer(pf->tc.prog_array));
	free_percpu(pf->tc.perf_events);
	kfree(pf);
}

static struct trace_ev_perf *trace_ev_perf_new(struct trace_ev_rt *rt,
					       unsigned int flags)
{
	struct trace_ev_call *call = rt->call;
	struct trace_ev_perf *pf;

	pf = kzalloc(sizeof(*pf), GFP_KERNEL);
	if (!pf)
		return NULL;
	pf->tc.perf_events = alloc_percpu(struct hlist_head);
	if (!pf->tc.perf_events) {
		kfree(pf);
		return NULL;
	}
	pf->rt = rt;
	pf->tc.event.type = call->id;
	pf->tc.flags = flags;
	if (call->class->perf & TRACE_EV_PERF_SYSCALL) {
		pf->tc.class = &trace_ev_perf_syscall_class;
		pf->tc.name = call->name;
	} else if (call->class->perf & TRACE_EV_PERF_KPROBE) {
		pf->tc.class = &trace_ev_perf_tp_class;
		pf->tc.name = call->name;
		pf->tc.flags |= TRACE_EVENT_FL_KPROBE;
	} else if (call->class->perf & TRACE_EV_PERF_UPROBE) {
		pf->tc.class = &trace_ev_perf_tp_class;
		pf->tc.name = call->name;
		pf->tc.flags |= TRACE_EVENT_FL_UPROBE;
	} else if (call->tp) {
		pf->tc.class = &trace_ev_perf_tp_class;
		pf->tc.tp = call->tp;
		pf->tc.flags |= TRACE_EVENT_FL_TRACEPOINT;
	} else {
		pf->tc.class = &trace_ev_perf_tp_class;
		pf->tc.name = call->name;
	}
	return pf;
}

/* The first perf event on @rt brings its state in; under trace_ev_lock. */
static struct trace_ev_perf *trace_ev_perf_get(struct trace_ev_rt *rt,
					       unsigned int flags)
{
	struct trace_ev_perf *pf = rcu_dereference_protected(rt->perf,
				lockdep_is_held(&trace_ev_lock));
	int ret;

	if (pf) {
		pf->users++;
		return pf;
	}
	pf = trace_ev_perf_new(rt, flags);
	if (!pf)
		return ERR_PTR(-ENOMEM);
	pf->users = 1;
	/*
	 * Published whole: pairs with the rcu_dereference_sched() of
	 * rt->perf in trace_ev_commit_slow() and trace_ev_perf_regs_bpf().
	 */
	rcu_assign_pointer(rt->perf, pf);
	ret = trace_ev_apply_locked(rt);
	if (ret) {
		RCU_INIT_POINTER(rt->perf, NULL);
		trace_ev_apply_locked(rt);
		call_rcu(&pf->rcu, trace_ev_perf_free);
		return ERR_PTR(ret);
	}
	return pf;
}

/* Attach @p_event to @rt; under trace_ev_lock. */
static int trace_ev_perf_attach_locked(struct perf_event *p_event,
				       struct trace_ev_rt *rt)
{
	struct trace_ev_perf *pf;
	unsigned int flags;
	int ret;

	lockdep_assert_held(&trace_ev_lock);
	ret = trace_ev_perf_allowed(rt, p_event, &flags);
	if (ret)
		return ret;
	/* The event stays while perf uses it: its module stays too. */
	if (!try_module_get(rt->mod))
		return -ENODEV;
	pf = trace_ev_perf_get(rt, flags);
	if (IS_ERR(pf)) {
		module_put(rt->mod);
		return PTR_ERR(pf);
	}
	kref_get(&rt->ref);
	p_event->tp_event = &pf->tc;
	return 0;
}

/**
 * perf_trace_init() - attach a perf event to the trace event its config
 * names
 * @p_event:	the perf event
 *
 * ftrace:function (TRACE_TYPE_FN) is trace_fn_perf.c's.
 *
 * Return: 0; -EINVAL when no live event has that id; the errno of the
 * event's own check or of perf's for raw tracepoint records; -ENODEV when
 * the event's module is going; -ENOMEM, or the errno of starting its
 * probe.
 */
int perf_trace_init(struct perf_event *p_event)
{
	struct trace_ev_rt *rt;

	if (trace_ev_perf_is_fn(p_event))
		return trace_fn_perf_init(p_event);
	guard(mutex)(&trace_ev_lock);
	rt = trace_ev_find_id_locked(p_event->attr.config);
	if (!rt)
		return -EINVAL;
	return trace_ev_perf_attach_locked(p_event, rt);
}

/**
 * trace_ev_perf_attach() - attach a perf event to a local event
 * @p_event:	the perf event (of the kprobe PMU)
 * @call:	the event, from trace_ev_local_add()
 *
 * Return: as perf_trace_init(), but for the id.
 */
int trace_ev_perf_attach(struct perf_event *p_event, struct trace_ev_call *call)
{
	guard(mutex)(&trace_ev_lock);
	return trace_ev_perf_attach_locked(p_event, call->rt);
}

/**
 * trace_ev_perf_call() - the trace event a perf event is attached to
 * @p_event:	the perf event, attached
 *
 * Return: the event.
 */
struct trace_ev_call *trace_ev_perf_call(struct perf_event *p_event)
{
	return trace_ev_perf_of(p_event)->rt->call;
}

/**
 * trace_ev_perf_detach() - detach a perf event from its trace event
 * @p_event:	the perf event, scheduled out of every CPU
 *
 * The last one stops the probe, unless tracefs still uses the event; the
 * state goes after the probes that may be reading it.
 *
 * Return: true when it was the last perf event on the trace event.
 */
bool trace_ev_perf_detach(struct perf_event *p_event)
{
	struct trace_ev_perf *pf = trace_ev_perf_of(p_event);
	struct trace_ev_rt *rt = pf->rt;
	struct module *mod = rt->mod;
	bool last;

	scoped_guard(mutex, &trace_ev_lock) {
		last = !--pf->users;
		if (last) {
			RCU_INIT_POINTER(rt->perf, NULL);
			trace_ev_apply_locked(rt);
			call_rcu(&pf->rcu, trace_ev_perf_free);
		}
	}
	trace_ev_rt_put(rt);
	module_put(mod);
	return last;
}

/**
 * perf_trace_destroy() - detach a perf event from its trace event
 * @p_event:	the perf event, scheduled out of every CPU
 */
void perf_trace_destroy(struct perf_event *p_event)
{
	if (trace_ev_perf_is_fn(p_event))
		trace_fn_perf_destroy(p_event);
	else
		trace_ev_perf_detach(p_event);
}

/**
 * perf_trace_add() - schedule a perf event in on this CPU
 * @p_event:	the perf event
 * @flags:	PERF_EF_*
 *
 * Called by perf with interrupts off, on the CPU.
 *
 * Return: 0.
 */
int perf_trace_add(struct perf_event *p_event, int flags)
{
	struct trace_ev_perf *pf;

	if (trace_ev_perf_is_fn(p_event)) {
		trace_fn_perf_add(p_event, flags);
		return 0;
	}
	if (!(flags & PERF_EF_START))
		p_event->hw.state = PERF_HES_STOPPED;
	pf = trace_ev_perf_of(p_event);
	/* The probes of this CPU walk the list under RCU. */
	hlist_add_head_rcu(&p_event->hlist_entry,
			   this_cpu_ptr(pf->tc.perf_events));
	return 0;
}

/**
 * perf_trace_del() - schedule a perf event out of this CPU
 * @p_event:	the perf event
 * @flags:	PERF_EF_*
 */
void perf_trace_del(struct perf_event *p_event, int flags)
{
	if (trace_ev_perf_is_fn(p_event))
		trace_fn_perf_del(p_event);
	else
		hlist_del_rcu(&p_event->hlist_entry);
}

/**
 * struct trace_ev_perf_hit - the hit of a kprobe or uprobe event on this
 * CPU, between trace_ev_perf_regs_bpf() and trace_ev_perf_regs_done()
 * @call:	its event
 * @regs:	its registers: the programs' context, and the sample's
 * @refused:	its programs kept it from perf
 *
 * A hit of another such event nested in it (an interrupt's kprobe in a
 * uprobe's hit) takes the slot: the outer one's sample then has the
 * registers of its probe's caller, as other events' have.
 */
struct trace_ev_perf_hit {
	const struct trace_ev_call *call;
	struct pt_regs *regs;
	bool refused;
};

static DEFINE_PER_CPU(struct trace_ev_perf_hit, trace_ev_perf_hit);

/**
 * trace_ev_perf_regs_bpf() - run the BPF programs of a kprobe or uprobe
 * event on the registers of its hit
 * @call:	the event, whose records take the slow path
 * @regs:	the registers (a uprobe's: the user's)
 *
 * Called by the event's probe before it writes the record, preemption
 * off, and followed by trace_ev_perf_regs_done(). When the programs
 * refuse the hit, the record still goes to tracefs, not to perf. perf's
 * sample of the hit has @regs, as upstream's has the probe's.
 */
void trace_ev_perf_regs_bpf(struct trace_ev_call *call, struct pt_regs *regs)
{
	struct trace_ev_perf *pf = rcu_dereference_sched(call->rt->perf);
	struct trace_ev_perf_hit *hit = this_cpu_ptr(&trace_ev_perf_hit);

	hit->call = call;
	hit->regs = regs;
	hit->refused = pf && bpf_prog_array_valid(&pf->tc) &&
		       !trace_call_bpf(&pf->tc, regs);
}

NOKPROBE_SYMBOL(trace_ev_perf_regs_bpf);

/**
 * trace_ev_perf_regs_done() - end what trace_ev_perf_regs_bpf() began
 */
void trace_ev_perf_regs_done(void)
{
	this_cpu_write(trace_ev_perf_hit.call, NULL);
}

NOKPROBE_SYMBOL(trace_ev_perf_regs_done);

/**
 * trace_ev_perf_emit() - give a record to the BPF programs and the perf
 * events on its event
 * @pf:		the event's perf state
 * @rec:	the record
 * @len:	its length
 * @level:	its scratch level (trace_ev_scratch.depth as it was taken)
 *
 * Called by trace_ev_commit_slow(), preemption off. The programs run on
 * every CPU, and see the registers of the hit (this level's) in the
 * record's first 8 bytes. A record the programs refuse is not given to
 * perf; one perf takes gets its common fields (again) first. One perf's recursion guard
 * refuses (perf is already at work at this level) is dropped, as perf
 * drops the samples of its software events there.
 */
void trace_ev_perf_emit(struct trace_ev_perf *pf, void *rec, unsigned int len,
			unsigned int level)
{
	struct hlist_head *head = this_cpu_ptr(pf->tc.perf_events);
	struct pt_regs *regs = this_cpu_ptr(&trace_ev_perf_regs[level]);
	struct trace_ev_perf_hit *hit = this_cpu_ptr(&trace_ev_perf_hit);
	struct trace_ev_perf_cur *cur;
	struct pt_regs *hit_regs = NULL;
	bool progs = false;
	int rctx;

	/* A probe event's programs ran on the registers of the hit, before. */
	if (pf->tc.flags & TRACE_EVENT_FL_UKPROBE) {
		if (hit->call == pf->rt->call) {
			if (hit->refused)
				return;
			hit_regs = hit->regs;
		}
	} else {
		progs = bpf_prog_array_valid(&pf->tc);
	}
	if (!progs && hlist_empty(head))
		return;
	/* The sample's place: the probed one, or the event's probe. */
	if (hit_regs)
		regs = hit_regs;
	else
		perf_arch_fetch_caller_regs(regs, _RET_IP_);
	if (progs) {
		*(struct pt_regs **)rec = regs;
		if (!trace_call_bpf(&pf->tc, rec) || hlist_empty(head))
			return;
	}
	/* The probe's caller's context, as trace_ev_commit_slow() fills. */
	tracing_generic_entry_update(rec, pf->rt->call->id, trace_ctx_dec());
	rctx = perf_swevent_get_recursion_context();
	if (rctx < 0)
		return;
	cur = this_cpu_ptr(&trace_ev_perf_cur[rctx]);
	cur->rec = rec;
	cur->len = len;
	/* It drops the recursion context. */
	perf_tp_event(pf->tc.event.type, 1, rec, len, regs, head, rctx, NULL);
	cur->rec = NULL;
}

NOKPROBE_SYMBOL(trace_ev_perf_emit);

/**
 * perf_trace_buf_update() - fill in the common fields of a record perf
 * is given
 * @record:	the record
 * @type:	its event's id
 */
void perf_trace_buf_update(void *record, u16 type)
{
	tracing_generic_entry_update(record, type, tracing_gen_ctx());
}
EXPORT_SYMBOL_GPL(perf_trace_buf_update);
NOKPROBE_SYMBOL(perf_trace_buf_update);

/**
 * ftrace_profile_set_filter() - filter a perf event's records
 * (PERF_EVENT_IOC_SET_FILTER)
 * @p_event:	the perf event
 * @event_id:	its trace event's id
 * @filter_str:	the filter, in the language of the events' filter files
 *
 * ftrace:function takes its own form (trace_fn_perf_set_filter()).
 *
 * Return: 0; -EEXIST when it has one already; -EINVAL for a filter that
 * does not parse (nothing changes), -ENOMEM.
 */
int ftrace_profile_set_filter(struct perf_event *p_event, int event_id,
			      char *filter_str)
{
	struct trace_ev_filter *f;
	struct trace_ev_call *call;
	unsigned int pos;
	const char *err;

	if (trace_ev_perf_is_fn(p_event))
		return trace_fn_perf_set_filter(p_event, filter_str);
	/* perf calls this without its context's mutex: two may race. */
	guard(mutex)(&trace_ev_lock);
	if (p_event->filter)
		return -EEXIST;
	call = trace_ev_perf_of(p_event)->rt->call;
	f = trace_ev_filter_compile(trace_ev_fields(call), filter_str,
				    &err, &pos);
	if (IS_ERR(f))
		return PTR_ERR(f);
	/*
	 * Built whole before perf's probes can see it. Pairs with the
	 * address dependency in perf_tp_filter_match() (kernel/events/
	 * core.c): it loads event->filter and reads the filter only through
	 * that pointer, in filter_match_preds() below.
	 */
	smp_store_release(&p_event->filter, (struct event_filter *)f);
	return 0;
}

/**
 * ftrace_profile_free_filter() - drop a perf event's filter
 * @p_event:	the perf event, which no probe can reach any more
 */
void ftrace_profile_free_filter(struct perf_event *p_event)
{
	trace_ev_filter_free((struct trace_ev_filter *)p_event->filter);
	p_event->filter = NULL;
}

/**
 * filter_match_preds() - whether a record passes a perf event's filter
 * @filter:	the filter (ftrace_profile_set_filter())
 * @rec:	the record being given to perf at this level
 *
 * Return: 1 when it passes.
 */
int filter_match_preds(struct event_filter *filter, void *rec)
{
	const struct trace_ev_perf_cur *cur;

	cur = this_cpu_ptr(&trace_ev_perf_cur[interrupt_context_level()]);
	/* Only trace_ev_perf_emit() gives perf records. */
	if (cur->rec != rec)
		return 0;
	return trace_ev_filter_match((struct trace_ev_filter *)filter, rec,
				     cur->len);
}

NOKPROBE_SYMBOL(filter_match_preds);

/**
 * trace_event_get_offsets() - how far into its records a BPF program of
 * a trace event may read
 * @call:	the event as perf knows it
 *
 * Return: the end of the record's last fixed field.
 */
int trace_event_get_offsets(struct trace_event_call *call)
{
	struct trace_ev_perf *pf = container_of(call, struct trace_ev_perf, tc);
	const struct trace_ev_field *f;
	int end = 0;

	for (f = trace_ev_fields(pf->rt->call); f->name; f++)
		end = max_t(int, end, f->offset + f->size);
	return end;
}
