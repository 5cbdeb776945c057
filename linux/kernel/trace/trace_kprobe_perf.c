// SPDX-License-Identifier: GPL-2.0
/*
 * The kprobe PMU's side in tracing: perf_event_open() with the "kprobe"
 * type (which kernel/events/core.c registers with kprobe events) makes a
 * probe event of its own for the perf event (tk_local_new()), outside
 * kprobe_events; inherited children share their parent's. And what BPF's
 * link info and BPF_TASK_FD_QUERY say of a kprobe event, opened either
 * way.
 */
#include <linux/err.h>
#include <linux/kallsyms.h>
#include <linux/perf_event.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/trace_events.h>
#include <linux/uaccess.h>

#include "trace.h"
#include "trace_ev_core.h"
#include "trace_kprobe.h"

/**
 * perf_kprobe_init() - make the probe of a kprobe PMU event
 * @event:	the perf event: attr.kprobe_func (a user string) and
 *		attr.probe_offset, or attr.kprobe_addr
 * @is_retprobe: a return probe
 *
 * A child of an inherited event shares its parent's probe, and reads
 * nothing of the user's.
 *
 * Return: 0; -EFAULT for a name it cannot read, -E2BIG for one longer
 * than a symbol, -EINVAL with neither name nor address; or the errno of
 * tk_local_new() or of attaching perf.
 */
int perf_kprobe_init(struct perf_event *event, bool is_retprobe)
{
	struct trace_ev_call *call;
	char *func = NULL;
	int ret;

	if (event->parent)
		return trace_ev_perf_attach(event,
					    trace_ev_perf_call(event->parent));
	if (event->attr.kprobe_func) {
		func = strndup_user(u64_to_user_ptr(event->attr.kprobe_func),
				    KSYM_NAME_LEN);
		if (IS_ERR(func))
			return PTR_ERR(func) == -EINVAL ? -E2BIG : PTR_ERR(func);
		if (!*func) {
			kfree(func);
			func = NULL;
		}
	}
	if (!func && !event->attr.kprobe_addr)
		return -EINVAL;
	call = tk_local_new(func, func ? 0 : event->attr.kprobe_addr,
			    func ? event->attr.probe_offset : 0, is_retprobe);
	kfree(func);
	if (IS_ERR(call))
		return PTR_ERR(call);
	ret = trace_ev_perf_attach(event, call);
	if (ret)
		tk_local_free(call);
	return ret;
}

/**
 * perf_kprobe_destroy() - undo perf_kprobe_init()
 * @event:	the perf event
 *
 * The last perf event on the probe takes it away.
 */
void perf_kprobe_destroy(struct perf_event *event)
{
	struct trace_ev_call *call = trace_ev_perf_call(event);

	if (trace_ev_perf_detach(event))
		tk_local_free(call);
}

/**
 * bpf_get_kprobe_info() - what BPF's link info says of a kprobe event
 * @event:	the perf event: of a kprobe event of kprobe_events, or of
 *		the kprobe PMU
 * @fd_type:	gets BPF_FD_TYPE_KPROBE or BPF_FD_TYPE_KRETPROBE
 * @symbol:	gets its symbol, or NULL for a probe on an address
 * @probe_offset: gets its offset from the symbol
 * @probe_addr:	gets its address, 0 where kallsyms hides addresses
 * @missed:	gets its hits dropped; may be NULL
 * @perf_type_tracepoint: @event was opened by tracepoint id (either
 *		way, its trace event is found the same way)
 *
 * Return: 0, or -EINVAL for a perf event of another trace event.
 */
int bpf_get_kprobe_info(const struct perf_event *event, u32 *fd_type,
			const char **symbol, u64 *probe_offset,
			u64 *probe_addr, unsigned long *missed,
			bool perf_type_tracepoint)
{
	return tk_info(trace_ev_perf_call((struct perf_event *)event),
		       fd_type, symbol, probe_offset, probe_addr, missed);
}
