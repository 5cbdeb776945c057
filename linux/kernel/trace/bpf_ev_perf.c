// SPDX-License-Identifier: GPL-2.0
/*
 * BPF programs on the perf events of trace events.
 *
 * kernel/events/ hands a program given to a tracepoint perf event
 * (PERF_EVENT_IOC_SET_BPF, or a BPF_PERF_EVENT link) to
 * perf_event_attach_bpf_prog() once it has checked the program's type
 * and how far into the record it reads. The programs of one trace event
 * form one array, shared by every perf event on it, in the
 * struct trace_event_call that perf knows the event by; the event's
 * probe runs them on every CPU, before perf sees the record, through
 * trace_call_bpf().
 *
 * A leaf: it calls kernel/bpf/ only.
 */
#include <linux/bpf.h>
#include <linux/filter.h>
#include <linux/mutex.h>
#include <linux/perf_event.h>
#include <linux/rcupdate.h>
#include <linux/trace_events.h>
#include <linux/uaccess.h>

#include "bpf_ev.h"
#include "trace.h"

/* The most programs one trace event takes. */
#define BPF_EV_MAX_PROGS	64

/*
 * Serialises the changes of every event's tc.prog_array, and the
 * programs' event->prog: perf's own context locks differ between the
 * perf events of one trace event, and a link's release holds none.
 */
static DEFINE_MUTEX(bpf_ev_mutex);

/**
 * trace_call_bpf() - run the BPF programs of a trace event
 * @call:	the event as perf knows it
 * @ctx:	the programs' context: the record (its first 8 bytes the
 *		registers of the hit), or the registers of a kprobe hit
 *
 * Called from the event's probe, preemption off. Programs do not run
 * inside another tracing program on this CPU, nor while BPF has
 * instrumentation off (bpf_disable_instrumentation()): each counts a
 * miss instead.
 *
 * Return: the AND of the programs' returns; 0 drops the record for
 * perf. 0 when they did not run; 1 when the event has none (they went
 * as it was hit).
 */
unsigned int trace_call_bpf(struct trace_event_call *call, void *ctx)
{
	const struct bpf_prog_array_item *item;
	const struct bpf_prog_array *progs;
	struct bpf_trace_run_ctx run_ctx;
	struct bpf_run_ctx *old;
	const struct bpf_prog *prog;
	unsigned int ret = 1;

	cant_sleep();
	/* bpf_prog_run_array() would ask for RCU; preemption-off is not it. */
	rcu_read_lock();
	progs = rcu_dereference(call->prog_array);
	if (unlikely(__this_cpu_inc_return(bpf_prog_active) != 1)) {
		if (progs)
			bpf_prog_inc_misses_counters(progs);
		ret = 0;
	} else if (progs) {
		/*
		 * As bpf_prog_run_array(), without its migrate_disable():
		 * preemption is off already.
		 */
		run_ctx.is_uprobe = call->flags & TRACE_EVENT_FL_UPROBE;
		old = bpf_set_run_ctx(&run_ctx.run_ctx);
		for (item = progs->items; (prog = READ_ONCE(item->prog)); item++) {
			run_ctx.bpf_cookie = item->bpf_cookie;
			ret &= bpf_prog_run(prog, ctx);
		}
		bpf_reset_run_ctx(old);
	}
	__this_cpu_dec(bpf_prog_active);
	rcu_read_unlock();
	return ret;
}

/**
 * perf_event_attach_bpf_prog() - add a program to a perf event's trace
 * event
 * @event:	the perf event; perf holds its context's mutex
 * @prog:	the program; the event keeps the caller's reference
 * @bpf_cookie:	what bpf_get_attach_cookie() gives the program
 *
 * Return: 0; -EEXIST when the perf event has a program, or the program
 * is on the trace event already; -E2BIG past BPF_EV_MAX_PROGS; -EINVAL
 * for a program loaded for kprobe_multi or uprobe_multi links;
 * -EOPNOTSUPP for a sleepable one; -ENOMEM.
 */
int perf_event_attach_bpf_prog(struct perf_event *event,
			       struct bpf_prog *prog, u64 bpf_cookie)
{
	struct bpf_prog_array *old, *new;
	int ret;

	/* Programs run with preemption off: none may sleep. */
	if (prog->sleepable)
		return -EOPNOTSUPP;
	/* Its helpers read a multi link's run: only such a link runs it. */
	if (prog->expected_attach_type == BPF_TRACE_KPROBE_MULTI ||
	    prog->expected_attach_type == BPF_TRACE_KPROBE_SESSION ||
	    prog->expected_attach_type == BPF_TRACE_UPROBE_MULTI)
		return -EINVAL;
	guard(mutex)(&bpf_ev_mutex);
	if (event->prog)
		return -EEXIST;
	old = rcu_dereference_protected(event->tp_event->prog_array,
					lockdep_is_held(&bpf_ev_mutex));
	if (old && bpf_prog_array_length(old) >= BPF_EV_MAX_PROGS)
		return -E2BIG;
	ret = bpf_prog_array_copy(old, NULL, prog, bpf_cookie, &new);
	if (ret)
		return ret;
	event->prog = prog;
	event->bpf_cookie = bpf_cookie;
	/* The probes read the array under RCU: published whole. */
	rcu_assign_pointer(event->tp_event->prog_array, new);
	bpf_prog_array_free(old);
	return 0;
}

/**
 * perf_event_detach_bpf_prog() - take a perf event's program off its
 * trace event
 * @event:	the perf event
 *
 * Idempotent: a link's release and the perf event's end both call it.
 * An inherited perf event holds its parent's program without adding it
 * to the array; only its reference goes.
 */
void perf_event_detach_bpf_prog(struct perf_event *event)
{
	struct bpf_prog_array *old, *new;
	struct bpf_prog *prog;
	int ret;

	guard(mutex)(&bpf_ev_mutex);
	prog = event->prog;
	if (!prog)
		return;
	old = rcu_dereference_protected(event->tp_event->prog_array,
					lockdep_is_held(&bpf_ev_mutex));
	if (old) {
		ret = bpf_prog_array_copy(old, prog, NULL, 0, &new);
		if (ret == -ENOMEM) {
			/* In place: a program that returns 1. */
			bpf_prog_array_delete_safe(old, prog);
		} else if (!ret) {
			rcu_assign_pointer(event->tp_event->prog_array, new);
			bpf_prog_array_free(old);
		}
	}
	event->prog = NULL;
	/* The array and the program go after RCU grace periods. */
	bpf_prog_put(prog);
}

/**
 * perf_event_query_prog_array() - list the programs of a perf event's
 * trace event (PERF_EVENT_IOC_QUERY_BPF)
 * @event:	the perf event
 * @info:	user struct perf_event_query_bpf
 *
 * Return: 0; -EINVAL for a perf event of no trace event; -EPERM without
 * CAP_PERFMON; -E2BIG for an ids_len past BPF_EV_MAX_PROGS; -EFAULT;
 * -ENOSPC when ids_len is short (prog_cnt is still written).
 */
int perf_event_query_prog_array(struct perf_event *event, void __user *info)
{
	struct perf_event_query_bpf __user *uq = info;
	struct bpf_prog_array *progs;
	u32 ids_len, cnt;
	u32 *ids;
	int ret;

	if (!perfmon_capable())
		return -EPERM;
	if (!bpf_ev_is_trace(event))
		return -EINVAL;
	if (copy_from_user(&ids_len, &uq->ids_len, sizeof(ids_len)))
		return -EFAULT;
	if (ids_len > BPF_EV_MAX_PROGS)
		return -E2BIG;
	ids = kcalloc(ids_len ?: 1, sizeof(*ids), GFP_USER | __GFP_NOWARN);
	if (!ids)
		return -ENOMEM;
	mutex_lock(&bpf_ev_mutex);
	progs = rcu_dereference_protected(event->tp_event->prog_array,
					  lockdep_is_held(&bpf_ev_mutex));
	ret = bpf_prog_array_copy_info(progs, ids, ids_len, &cnt);
	mutex_unlock(&bpf_ev_mutex);
	if (copy_to_user(&uq->prog_cnt, &cnt, sizeof(cnt)) ||
	    copy_to_user(uq->ids, ids, ids_len * sizeof(*ids)))
		ret = -EFAULT;
	kfree(ids);
	return ret;
}
