// SPDX-License-Identifier: GPL-2.0
/*
 * An event's state and what follows from it: trace_ev_lock, which guards
 * every event's state; whether its probe is registered on its tracepoint,
 * and the flags its records read on the way (the slow path, muted, perf
 * only), brought in line with its state by trace_ev_apply_locked(); its
 * enable file's switch, soft mode and filter; the per-CPU scratch pages
 * of the slow path. The bottom of the events' layers: the registry
 * (trace_ev_reg.c) and every file above call it.
 */
#include <linux/gfp.h>
#include <linux/kernel.h>
#include <linux/percpu.h>
#include <linux/rcupdate.h>
#include <linux/tracepoint.h>

#include "trace.h"
#include "trace_ev_core.h"

/* Guards the systems, their events, their states and directories. */
DEFINE_MUTEX(trace_ev_lock);

/*
 * Scratch records: an event with a filter writes its record here first,
 * and only a record that passes is copied into the trace buffer. One
 * page for each level a probe can nest at on a CPU (task, softirq,
 * hardirq, NMI); the pages are allocated with the first filter and kept.
 */
DEFINE_PER_CPU(struct trace_ev_scratch, trace_ev_scratch_rec);

/*
 * Set at boot by tp_printk (trace_ev_tp_printk_init()): events take the
 * slow path, which prints them.
 */
DEFINE_STATIC_KEY_FALSE(trace_ev_tp_printk);

/* Set once every CPU's pages are there; under trace_ev_lock. */
static bool trace_ev_scratch_ready;

static int trace_ev_scratch_alloc(void)
{
	struct trace_ev_scratch *sc;
	unsigned int i;
	int cpu;

	lockdep_assert_held(&trace_ev_lock);
	if (trace_ev_scratch_ready)
		return 0;
	for_each_possible_cpu(cpu) {
		sc = per_cpu_ptr(&trace_ev_scratch_rec, cpu);
		for (i = 0; i < TRACE_EV_SCRATCH_NEST; i++) {
			if (sc->page[i])
				continue;
			sc->page[i] = (void *)__get_free_page(GFP_KERNEL);
			if (!sc->page[i])
				return -ENOMEM;
		}
	}
	trace_ev_scratch_ready = true;
	return 0;
}

/**
 * trace_ev_swap_filter_locked() - give an event a filter, or take it away,
 * keeping the old one
 * @rt:		the event
 * @f:		the filter (owned by the event from now on), or NULL
 * @old:	gets the old filter, or NULL: the caller frees it once no
 *		probe can still be running it (trace_ev_filter_free_rcu())
 *
 * Called with trace_ev_lock held.
 *
 * Return: 0, or -ENOMEM (@f is freed then, and *@old is NULL).
 */
int trace_ev_swap_filter_locked(struct trace_ev_rt *rt,
				struct trace_ev_filter *f,
				struct trace_ev_filter **old)
{
	int ret;

	lockdep_assert_held(&trace_ev_lock);
	*old = NULL;
	if (f) {
		ret = trace_ev_scratch_alloc();
		if (ret) {
			trace_ev_filter_free(f);
			return ret;
		}
	}
	*old = rcu_replace_pointer(rt->filter, f,
				   lockdep_is_held(&trace_ev_lock));
	/* The pages are there: only the probe's registration can fail. */
	trace_ev_apply_locked(rt);
	return 0;
}

/**
 * trace_ev_set_filter_locked() - give an event a filter, or take it away
 * @rt:		the event
 * @f:		the filter (owned by the event from now on), or NULL
 *
 * Called with trace_ev_lock held. The old filter is freed once no probe
 * can still be running it.
 *
 * Return: 0, or -ENOMEM (@f is freed then).
 */
int trace_ev_set_filter_locked(struct trace_ev_rt *rt,
			       struct trace_ev_filter *f)
{
	struct trace_ev_filter *old;
	int ret = trace_ev_swap_filter_locked(rt, f, &old);

	trace_ev_filter_free_rcu(old);
	return ret;
}

/**
 * trace_ev_is_on() - whether an event records
 * @rt:		the event
 *
 * Called with trace_ev_lock held.
 *
 * Return: whether its records go to the buffer: enabled, or in soft mode
 * not muted. False once its module is gone (its struct trace_ev_call
 * went with it).
 */
bool trace_ev_is_on(const struct trace_ev_rt *rt)
{
	if (rt->dead)
		return false;
	if (rt->soft)
		return !test_bit(TRACE_EV_B_MUTE, &rt->call->flags);
	return rt->enabled;
}

/**
 * trace_ev_ie_apply_locked() - bring an event's probe and its copies into
 * an instance in line with the instance's state of it
 * @ie:		the event in the instance
 *
 * It is live (counted in its event's @nr_insts, which keeps the probe on
 * the slow path) while enabled there, in soft mode or with triggers; its
 * records are copied while @ie->on. Called with trace_ev_lock held.
 *
 * Return: 0, or the errno of registering the probe (@ie then stays as it
 * was).
 */
int trace_ev_ie_apply_locked(struct trace_ev_ie *ie)
{
	bool live = ie->enabled || ie->soft || !list_empty(&ie->trigs);
	struct trace_ev_rt *rt = ie->rt;
	int ret;

	lockdep_assert_held(&trace_ev_lock);
	if (live && !ie->live) {
		/* The instance's buffer takes its size at its first use. */
		ret = trace_buf_expand(ie->dst->buf);
		if (ret)
			return ret;
		/* The probe and its slow path first, then the copies. */
		rt->nr_insts++;
		ret = trace_ev_apply_locked(rt);
		if (ret) {
			rt->nr_insts--;
			return ret;
		}
		ie->live = true;
		ie->used = true;
	} else if (!live && ie->live) {
		/* Off first: the probe may go with the event's last user. */
		WRITE_ONCE(ie->on, false);
		ie->live = false;
		rt->nr_insts--;
		return trace_ev_apply_locked(rt);
	}
	if (live && !ie->soft)
		WRITE_ONCE(ie->on, ie->enabled);
	return 0;
}

/**
 * trace_ev_ie_soft_locked() - an enable_event or disable_event trigger of
 * an instance comes to name an event there, or goes
 * @ie:		the event in the instance
 * @get:	true when one comes
 *
 * As trace_ev_soft_locked(), for @ie. Called with trace_ev_lock held.
 *
 * Return: 0, or the errno of registering the probe.
 */
int trace_ev_ie_soft_locked(struct trace_ev_ie *ie, bool get)
{
	lockdep_assert_held(&trace_ev_lock);
	if (get)
		ie->soft++;
	else if (!--ie->soft)
		ie->enabled = READ_ONCE(ie->on);
	return trace_ev_ie_apply_locked(ie);
}

/**
 * trace_ev_apply_locked() - bring an event's probe and flags in line with
 * its state
 * @rt:		the event
 *
 * The probe runs while the event is enabled, in soft mode, has triggers,
 * is enabled in an instance or has perf events; records take the slow
 * path while it has a filter, triggers, is enabled in an instance or has
 * perf events, or with tp_printk (the slow path copies them there and hands them to perf,
 * and only hands them to perf while nothing else takes them); outside
 * soft mode they are muted unless it is enabled. Called with
 * trace_ev_lock held.
 *
 * Return: 0, or the errno of registering the probe (the event then stays
 * without its probe).
 */
int trace_ev_apply_locked(struct trace_ev_rt *rt)
{
	struct trace_ev_call *call = rt->call;
	bool perf = rcu_access_pointer(rt->perf);
	/* A dead event's hooks stay listed until their probes let go. */
	bool hooks = !list_empty(&rt->hooks) && !rt->dead;
	bool probe = rt->enabled || rt->soft || !list_empty(&rt->trigs) ||
		     rt->nr_insts || perf || hooks;
	bool slow = rcu_access_pointer(rt->filter) ||
		    !list_empty(&rt->trigs) || rt->nr_insts || perf || hooks ||
		    static_key_enabled(&trace_ev_tp_printk);
	bool on = test_bit(TRACE_EV_B_RECORD, &call->flags);
	int ret;

	lockdep_assert_held(&trace_ev_lock);
	if (slow) {
		ret = trace_ev_scratch_alloc();
		if (ret)
			return ret;
	}
	assign_bit(TRACE_EV_B_SLOW, &call->flags, slow);
	assign_bit(TRACE_EV_B_PERF_ONLY, &call->flags,
		   perf && !rt->enabled && !rt->soft && !rt->nr_insts &&
		   list_empty(&rt->trigs) && !hooks);
	if (!rt->soft)
		assign_bit(TRACE_EV_B_MUTE, &call->flags, !rt->enabled);
	if (probe && !on) {
		if (call->class->reg)
			ret = call->class->reg(call, true);
		else if (!call->tp)	/* a custom event not bound yet */
			ret = -ENOENT;
		else
			ret = tracepoint_probe_register(call->tp,
							call->class->probe,
							call);
		if (ret)
			return ret;
		rt->used = true;
		set_bit(TRACE_EV_B_RECORD, &call->flags);
	} else if (!probe && on) {
		clear_bit(TRACE_EV_B_RECORD, &call->flags);
		if (call->class->reg)
			call->class->reg(call, false);
		else if (call->tp)
			tracepoint_probe_unregister(call->tp,
						    call->class->probe, call);
	}
	return 0;
}

/**
 * trace_ev_bind_tp() - give a custom event its tracepoint
 * @call:	the event, of a module's TRACE_CUSTOM_EVENT()
 * @tp:		the tracepoint of its name, which the module found
 *		(for_each_kernel_tracepoint())
 *
 * The event cannot be enabled before (-ENOENT); a second call changes
 * nothing.
 */
void trace_ev_bind_tp(struct trace_ev_call *call, struct tracepoint *tp)
{
	guard(mutex)(&trace_ev_lock);
	if (!call->tp)
		call->tp = tp;
}
EXPORT_SYMBOL_GPL(trace_ev_bind_tp);

/**
 * trace_ev_set_locked() - start or stop an event (its enable file)
 * @rt:		the event
 * @on:		true to record it
 *
 * In soft mode (an enable_event or disable_event trigger names it), this
 * mutes or unmutes it, as those triggers do. Called with trace_ev_lock
 * held.
 *
 * Return: 0, -ENODEV for an event whose module is gone, or the errno of
 * registering its probe.
 */
int trace_ev_set_locked(struct trace_ev_rt *rt, bool on)
{
	int ret;

	lockdep_assert_held(&trace_ev_lock);
	if (rt->dead)
		return -ENODEV;
	if (rt->soft) {
		assign_bit(TRACE_EV_B_MUTE, &rt->call->flags, !on);
		return 0;
	}
	if (rt->enabled == on)
		return 0;
	rt->enabled = on;
	ret = trace_ev_apply_locked(rt);
	if (ret)
		rt->enabled = !on;
	return ret;
}

/**
 * trace_ev_soft_locked() - an enable_event or disable_event trigger
 * comes to name an event, or goes
 * @rt:		the event
 * @get:	true when one comes
 *
 * The first puts the event in soft mode, muted unless it was enabled; as
 * the last goes, the event is left enabled if it was unmuted. Called with
 * trace_ev_lock held.
 *
 * Return: 0, or the errno of registering the probe.
 */
int trace_ev_soft_locked(struct trace_ev_rt *rt, bool get)
{
	lockdep_assert_held(&trace_ev_lock);
	if (get) {
		if (!rt->soft++)
			assign_bit(TRACE_EV_B_MUTE, &rt->call->flags, !rt->enabled);
	} else if (!--rt->soft) {
		rt->enabled = !test_bit(TRACE_EV_B_MUTE, &rt->call->flags);
	}
	return trace_ev_apply_locked(rt);
}
