// SPDX-License-Identifier: GPL-2.0
/*
 * What BPF's link info and BPF_TASK_FD_QUERY learn of the perf event of a
 * trace event that has a program: the tracepoint's name, or the kprobe
 * or uprobe event's probe. Nothing of event tracing calls it: kernel/bpf/
 * does.
 */
#include <linux/bpf.h>
#include <linux/perf_event.h>
#include <linux/trace_events.h>

#include "bpf_ev.h"

/**
 * bpf_get_perf_event_info() - what BPF says of a perf event that has a
 * program (link info, BPF_TASK_FD_QUERY)
 * @event:	the perf event
 * @prog_id:	gets the program's id
 * @fd_type:	gets BPF_FD_TYPE_TRACEPOINT, or of a kprobe event
 *		BPF_FD_TYPE_K[RET]PROBE, of a uprobe event
 *		BPF_FD_TYPE_U[RET]PROBE; may be NULL
 * @buf:	gets the event's name, the kprobe's symbol, or the
 *		uprobe's file; may be NULL
 * @probe_offset: gets 0, or the probe's offset; may be NULL
 * @probe_addr:	gets 0, or the kprobe's address; may be NULL
 * @missed:	gets 0, or the kprobe's misses; may be NULL
 *
 * Return: 0; -ENOENT when it has no program; -EOPNOTSUPP for a perf
 * event of no trace event.
 */
int bpf_get_perf_event_info(const struct perf_event *event, u32 *prog_id,
			    u32 *fd_type, const char **buf,
			    u64 *probe_offset, u64 *probe_addr,
			    unsigned long *missed)
{
	struct bpf_prog *prog = event->prog;
	const char *name;
	unsigned long m = 0;
	u32 type = BPF_FD_TYPE_TRACEPOINT;
	u64 offs = 0, addr = 0;

	if (!prog)
		return -ENOENT;
	if (!bpf_ev_is_trace(event))
		return -EOPNOTSUPP;
	*prog_id = prog->aux->id;
	name = trace_event_name(event->tp_event);
	if (event->tp_event->flags & TRACE_EVENT_FL_KPROBE) {
		int ret = bpf_get_kprobe_info(event, &type, &name, &offs,
					      &addr, &m, event->attr.type ==
					      PERF_TYPE_TRACEPOINT);

		if (ret)
			return ret;
	} else if (event->tp_event->flags & TRACE_EVENT_FL_UPROBE) {
		int ret = bpf_get_uprobe_info(event, &type, &name, &offs,
					      &addr, event->attr.type ==
					      PERF_TYPE_TRACEPOINT);

		if (ret)
			return ret;
	}
	if (fd_type)
		*fd_type = type;
	if (buf)
		*buf = name;
	if (probe_offset)
		*probe_offset = offs;
	if (probe_addr)
		*probe_addr = addr;
	if (missed)
		*missed = m;
	return 0;
}
