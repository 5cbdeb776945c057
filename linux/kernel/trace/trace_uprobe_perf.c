// SPDX-License-Identifier: GPL-2.0
/*
 * The uprobe PMU's side in tracing: perf_event_open() with the "uprobe"
 * type (which kernel/events/core.c registers with uprobe events) makes a
 * probe event of its own for the perf event (tu_local_new()), outside
 * uprobe_events; inherited children share their parent's. And what BPF's
 * link info and BPF_TASK_FD_QUERY say of a uprobe event, opened either
 * way.
 */
#include <linux/err.h>
#include <linux/limits.h>
#include <linux/perf_event.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/trace_events.h>
#include <linux/uaccess.h>

#include "trace.h"
#include "trace_ev_core.h"
#include "trace_uprobe.h"

/**
 * perf_uprobe_init() - make the probe of a uprobe PMU event
 * @event:	the perf event: attr.uprobe_path (a user string) and
 *		attr.probe_offset
 * @ref_ctr_offset: the offset of its reference counter, or 0
 * @is_retprobe: a return probe
 *
 * A child of an inherited event shares its parent's probe, and reads
 * nothing of the user's.
 *
 * Return: 0; -EINVAL without a path or with an empty one, -EFAULT for a
 * path it cannot read, -E2BIG for one longer than PATH_MAX; or the errno
 * of tu_local_new() or of attaching perf.
 */
int perf_uprobe_init(struct perf_event *event, unsigned long ref_ctr_offset,
		     bool is_retprobe)
{
	struct trace_ev_call *call;
	char *path;
	int ret;

	if (event->parent)
		return trace_ev_perf_attach(event,
					    trace_ev_perf_call(event->parent));
	if (!event->attr.uprobe_path)
		return -EINVAL;
	path = strndup_user(u64_to_user_ptr(event->attr.uprobe_path),
			    PATH_MAX);
	if (IS_ERR(path))
		return PTR_ERR(path) == -EINVAL ? -E2BIG : PTR_ERR(path);
	if (!*path) {
		kfree(path);
		return -EINVAL;
	}
	call = tu_local_new(path, event->attr.probe_offset, ref_ctr_offset,
			    is_retprobe);
	kfree(path);
	if (IS_ERR(call))
		return PTR_ERR(call);
	ret = trace_ev_perf_attach(event, call);
	if (ret)
		tu_local_free(call);
	return ret;
}

/**
 * perf_uprobe_destroy() - undo perf_uprobe_init()
 * @event:	the perf event
 *
 * The last perf event on the probe takes it away.
 */
void perf_uprobe_destroy(struct perf_event *event)
{
	struct trace_ev_call *call = trace_ev_perf_call(event);

	if (trace_ev_perf_detach(event))
		tu_local_free(call);
}

/**
 * bpf_get_uprobe_info() - what BPF's link info says of a uprobe event
 * @event:	the perf event: of a uprobe event of uprobe_events, or of
 *		the uprobe PMU
 * @fd_type:	gets BPF_FD_TYPE_UPROBE or BPF_FD_TYPE_URETPROBE
 * @filename:	gets the probed file's path
 * @probe_offset: gets the place's offset in it
 * @probe_addr:	gets 0: a uprobe has no one address
 * @perf_type_tracepoint: @event was opened by tracepoint id (either
 *		way, its trace event is found the same way)
 *
 * Return: 0, or -EINVAL for a perf event of another trace event.
 */
int bpf_get_uprobe_info(const struct perf_event *event, u32 *fd_type,
			const char **filename, u64 *probe_offset,
			u64 *probe_addr, bool perf_type_tracepoint)
{
	*probe_addr = 0;
	return tu_info(trace_ev_perf_call((struct perf_event *)event),
		       fd_type, filename, probe_offset);
}
