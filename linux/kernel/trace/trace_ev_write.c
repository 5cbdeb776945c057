// SPDX-License-Identifier: GPL-2.0
/*
 * The trace events' write path, out of line of the probes: a record goes
 * straight into the trace buffer, or, for an event with a filter or
 * triggers, into this CPU's scratch page first; one the filter passes is
 * copied into the buffer, and the triggers run on it. The top of the
 * events' layers: it calls the registry's state, the filters, the pid
 * lists and the triggers.
 */
#include <linux/kernel.h>
#include <linux/kprobes.h>
#include <linux/init.h>
#include <linux/percpu.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "trace.h"
#include "trace_ev_core.h"
#include "trace_pid.h"

/*
 * A stack trace after each event's record, with options/stacktrace; @skip
 * is how many callers up the probe is: the stack starts at the function
 * that fired the tracepoint.
 */
static __always_inline void trace_ev_maybe_stack(unsigned int skip)
{
	if (unlikely(trace_opt(TRACE_OPT_STACKTRACE))) {
		trace_stack_record(&trace_top_buf, NULL, skip, trace_ctx_dec());
		/* A tail call would take our frame out of the count. */
		prevent_tail_call_optimization();
	}
}

/**
 * trace_ev_reserve_rec() - room for an event's record in the buffer
 * @type:	its type
 * @len:	its length
 * @h:		the write's handle, for trace_ev_commit_rec()
 *
 * The context recorded is the probe's caller's: the preemption count
 * without the level the tracepoint itself added.
 *
 * Return: the record, or NULL.
 */
void *trace_ev_reserve_rec(unsigned short type, unsigned int len,
			   struct trace_wh *h)
{
	return trace_rec_reserve(h, type, len, trace_ctx_dec());
}
EXPORT_SYMBOL_GPL(trace_ev_reserve_rec);
NOKPROBE_SYMBOL(trace_ev_reserve_rec);

/**
 * trace_ev_commit_rec() - publish the record trace_ev_reserve_rec() gave
 * @h:		the handle it filled in
 */
void trace_ev_commit_rec(struct trace_wh *h)
{
	trace_rec_commit(h);
	trace_ev_maybe_stack(2);
}
EXPORT_SYMBOL_GPL(trace_ev_commit_rec);
NOKPROBE_SYMBOL(trace_ev_commit_rec);

/**
 * trace_ev_reserve_slow() - trace_ev_reserve() for an event with checks
 * @call:	the event
 * @fl:		its flags as the probe read them
 * @len:	the record's length
 * @h:		the write's handle, for a record in the trace buffer
 *
 * Return: the record (in the trace buffer, or with TRACE_EV_FL_SLOW in
 * this CPU's scratch page, its struct trace_entry left to
 * trace_ev_commit_slow()), or NULL when it is not to be written.
 */
void *trace_ev_reserve_slow(struct trace_ev_call *call, unsigned long fl,
			    unsigned int len, struct trace_wh *h)
{
	struct trace_ev_scratch *sc;
	unsigned int d;

	/* On the slow path the top's lists are asked at the commit. */
	if (!(fl & TRACE_EV_FL_SLOW)) {
		if ((fl & TRACE_EV_FL_PID) && trace_pid_ignores(&trace_ev_pids))
			return NULL;
		return fl & TRACE_EV_FL_MUTE ? NULL :
		       trace_rec_reserve(h, call->id, len, trace_ctx_dec());
	}
	/* Probes run with preemption off: this CPU's levels are ours. */
	sc = this_cpu_ptr(&trace_ev_scratch_rec);
	d = trace_nest_level(&sc->depth);
	if (unlikely(d >= TRACE_EV_SCRATCH_NEST || len > PAGE_SIZE ||
		     !sc->page[d])) {
		sc->lost++;
		return NULL;
	}
	/* A probe that interrupts us from here on uses the next level. */
	trace_nest_take(&sc->depth, d);
	sc->len[d] = len;
	/* trace_ev_commit_slow() fills in its struct trace_entry. */
	return sc->page[d];
}
EXPORT_SYMBOL_GPL(trace_ev_reserve_slow);
NOKPROBE_SYMBOL(trace_ev_reserve_slow);

/* Copy scratch record @e of @len bytes into @b; true when it is there. */
static bool trace_ev_copy(struct trace_buf *b, const struct trace_entry *e,
			  unsigned int len)
{
	struct trace_entry *out;
	struct trace_wh h;

	if (!trace_buf_enabled(b))
		return false;
	out = trace_buf_reserve(b, &h, e->type, len,
				(e->flags << 16) | e->preempt_count);
	if (!out)
		return false;
	memcpy(out + 1, e + 1, len - sizeof(*e));
	trace_rec_commit(&h);
	return true;
}

/*
 * The instances' and the top array's copies and triggers of a record:
 * out of line, so that a stack trace skips it, its caller and the probe.
 */
static noinline void trace_ev_commit_ftrace(struct trace_ev_call *call,
					    void *rec, unsigned int len,
					    unsigned int level)
{
	const struct trace_entry *e = rec;
	const struct trace_ev_filter *f;
	struct trace_ev_ie *ie;

	/* The instances it is live in; probes run with preemption off. */
	list_for_each_entry_rcu(ie, &call->rt->insts, node) {
		if (trace_pid_ignores(ie->dst->pids))
			continue;
		if (READ_ONCE(ie->on)) {
			f = rcu_dereference_sched(ie->filter);
			if ((!f || trace_ev_filter_match(f, rec, len)) &&
			    trace_ev_copy(ie->dst->buf, e, len) &&
			    unlikely(test_bit(TRACE_OPT_STACKTRACE, ie->dst->opts))) {
				trace_stack_record(ie->dst->buf, NULL, 3,
						   trace_ctx_dec());
				prevent_tail_call_optimization();
			}
		}
		if (!list_empty(&ie->trigs))
			trace_ev_trig_run(&ie->trigs, ie->dst->buf, rec, len);
	}
	/* The top array's lists keep its copy and its triggers from running. */
	if (!test_bit(TRACE_EV_B_PID, &call->flags) ||
	    !trace_pid_ignores(&trace_ev_pids)) {
		f = rcu_dereference_sched(call->rt->filter);
		if (!test_bit(TRACE_EV_B_MUTE, &call->flags) &&
		    (!f || trace_ev_filter_match(f, rec, len)) &&
		    trace_ev_copy(&trace_top_buf, e, len)) {
			/* tp_printk: the console gets what the trace does. */
			if (static_branch_unlikely(&trace_ev_tp_printk) &&
			    READ_ONCE(tracepoint_printk))
				trace_ev_printk(call, rec, len, level);
			trace_ev_maybe_stack(3);
		}
		if (!list_empty(&call->rt->trigs)) {
			trace_ev_trig_run(&call->rt->trigs, &trace_top_buf,
					  rec, len);
			/* The stacktrace trigger counts this frame. */
			prevent_tail_call_optimization();
		}
	}
}

NOKPROBE_SYMBOL(trace_ev_commit_ftrace);

/* The event probes on an event; its records' levels are taken. */
static noinline void trace_ev_run_hooks(struct trace_ev_rt *rt,
					const void *rec, unsigned int len)
{
	struct trace_ev_hook *hook;

	list_for_each_entry_rcu(hook, &rt->hooks, node)
		hook->fn(hook, rec, len);
}

NOKPROBE_SYMBOL(trace_ev_run_hooks);

/**
 * trace_ev_commit_slow() - trace_ev_commit() for a scratch record
 * @call:	the event
 * @rec:	its record, from trace_ev_reserve_slow()
 *
 * A record its event's filter passes is copied into the trace buffer,
 * unless the event is muted, and into the buffer of each instance it is
 * on in, whose triggers of it run; then the event's triggers run, the
 * event probes on it read it, and perf events on it take it. An event
 * only perf takes goes straight to perf.
 */
void trace_ev_commit_slow(struct trace_ev_call *call, void *rec)
{
	struct trace_ev_scratch *sc = this_cpu_ptr(&trace_ev_scratch_rec);
	unsigned int d = trace_nest_level(&sc->depth) - 1;
	unsigned int len = sc->len[d];

	/*
	 * The context is the probe's caller's, as at the reservation. perf
	 * fills in its own: a record only BPF takes needs none, its
	 * programs see the registers where the common fields are.
	 */
	if (!test_bit(TRACE_EV_B_PERF_ONLY, &call->flags)) {
		tracing_generic_entry_update(rec, call->id, trace_ctx_dec());
		trace_ev_commit_ftrace(call, rec, len, d);
	}
	/* Event probes read the record as it is in the buffer. */
	if (IS_ENABLED(CONFIG_EPROBE_EVENTS) &&
	    unlikely(!list_empty(&call->rt->hooks)))
		trace_ev_run_hooks(call->rt, rec, len);
	/* Last: BPF overwrites the record's common fields. */
	if (IS_ENABLED(CONFIG_PERF_EVENTS)) {
		struct trace_ev_perf *pf = rcu_dereference_sched(call->rt->perf);

		if (pf)
			trace_ev_perf_emit(pf, rec, len, d);
	}
	/* The level trace_ev_reserve_slow() took. */
	trace_nest_give(&sc->depth, d);
}
EXPORT_SYMBOL_GPL(trace_ev_commit_slow);
NOKPROBE_SYMBOL(trace_ev_commit_slow);

/*
 * A line a trace_marker recorded: the triggers of ftrace/print in its
 * trace array run on a copy of its record, whose text is the line as
 * written, without the newline the buffer's copy got.
 */
static void trace_ev_print_hook(struct trace_array *tr, const char *text,
				size_t n)
{
	struct trace_ev_ie **slot = NULL, *ie;
	struct trace_print_rec *rec;
	unsigned int len = sizeof(*rec) + n + 1;
	unsigned int ctx = tracing_gen_ctx();
	struct list_head *trigs;

	if (trace_array_is_top(tr)) {
		if (list_empty(&trace_ev_print_rt.trigs))
			return;
	} else {
		slot = (struct trace_ev_ie **)trace_array_slot(tr,
						TRACE_ARRAY_EV_PRINT);
		/* The instance's, freed after a grace period. */
		rcu_read_lock();
		ie = READ_ONCE(*slot);
		trigs = ie && !list_empty(&ie->trigs) ? &ie->trigs : NULL;
		rcu_read_unlock();
		if (!trigs)
			return;
	}
	rec = kmalloc(len, GFP_KERNEL);
	if (!rec)
		return;
	tracing_generic_entry_update(&rec->ent, TRACE_TYPE_PRINT, ctx);
	rec->ip = 0;
	memcpy(rec->buf, text, n);
	rec->buf[n] = '\0';
	/* The triggers' lists are read under RCU, as the probes read them. */
	preempt_disable_notrace();
	if (!slot) {
		trace_ev_trig_run(&trace_ev_print_rt.trigs, &trace_top_buf,
				  rec, len);
	} else {
		ie = READ_ONCE(*slot);
		trigs = ie ? &ie->trigs : NULL;
		if (trigs && !list_empty(trigs))
			trace_ev_trig_run(trigs, ie->dst->buf, rec, len);
	}
	preempt_enable_notrace();
	kfree(rec);
}

static int __init trace_ev_write_init(void)
{
	trace_marker_set_hook(trace_ev_print_hook);
	return 0;
}
core_initcall(trace_ev_write_init);

/* Filling the variable fields of a record */

/**
 * trace_ev_str_len() - the room a __string() field takes
 * @src:	the string, or NULL
 *
 * Return: its length with the NUL; NULL is recorded as "(null)".
 */
unsigned int trace_ev_str_len(const char *src)
{
	return strlen(src ?: EVENT_NULL_STR) + 1;
}
EXPORT_SYMBOL_GPL(trace_ev_str_len);

/**
 * trace_ev_str_copy() - fill a __string() or __string_len() field
 * @dst:	the field's room
 * @src:	the string, or NULL
 * @len:	the room, NUL included
 *
 * Copies at most @len - 1 bytes, stopping at a NUL, and ends the field
 * with a NUL.
 */
void trace_ev_str_copy(char *dst, const char *src, unsigned int len)
{
	size_t n;

	if (!len)
		return;
	src = src ?: EVENT_NULL_STR;
	n = strnlen(src, len - 1);
	memcpy(dst, src, n);
	memset(dst + n, 0, len - n);
}
EXPORT_SYMBOL_GPL(trace_ev_str_copy);

/**
 * trace_ev_vstr_len() - the room a __vstring() field takes
 * @fmt:	its format
 * @ap:		its arguments, left for the copy
 *
 * Return: the length of the text with its NUL.
 */
unsigned int trace_ev_vstr_len(const char *fmt, va_list *ap)
{
	va_list aq;
	int n;

	va_copy(aq, *ap);
	n = vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	return n + 1;
}
EXPORT_SYMBOL_GPL(trace_ev_vstr_len);

/**
 * trace_ev_vstr_copy() - fill a __vstring() field
 * @dst:	the field's room
 * @len:	the room
 * @fmt:	the format
 * @ap:		its arguments, left for the caller
 */
void trace_ev_vstr_copy(char *dst, unsigned int len, const char *fmt,
			va_list *ap)
{
	va_list aq;

	va_copy(aq, *ap);
	vsnprintf(dst, len, fmt, aq);
	va_end(aq);
}
EXPORT_SYMBOL_GPL(trace_ev_vstr_copy);
