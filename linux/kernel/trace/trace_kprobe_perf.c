// SPDX-License-Identifier: GPL-2.0
/*
 * The kprobe PMU's side in tracing (perf_event_open() with the "kprobe"
 * type, which kernel/events/core.c registers with kprobe events): a probe
 * made for one perf event, outside kprobe_events.
 *
 * Not built yet: such a perf event is refused with EOPNOTSUPP. perf and
 * BPF attach to kprobe events defined in kprobe_events through their
 * tracepoint ids (events/kprobes/<event>/id) meanwhile.
 */
#include <linux/perf_event.h>
#include <linux/trace_events.h>

/**
 * perf_kprobe_init() - make the probe of a kprobe PMU event
 * @event:	the perf event (attr.kprobe_func or attr.kprobe_addr)
 * @is_retprobe: a return probe
 *
 * Return: -EOPNOTSUPP: not available yet.
 */
int perf_kprobe_init(struct perf_event *event, bool is_retprobe)
{
	return -EOPNOTSUPP;
}

/**
 * perf_kprobe_destroy() - undo perf_kprobe_init()
 * @event:	the perf event
 */
void perf_kprobe_destroy(struct perf_event *event)
{
}

/**
 * bpf_get_kprobe_info() - what BPF's link info says of a kprobe event
 * @event:	the perf event
 * @fd_type:	gets the probe's type
 * @symbol:	gets its symbol
 * @probe_offset: gets its offset
 * @probe_addr:	gets its address
 * @missed:	gets its misses
 * @perf_type_tracepoint: @event was opened by tracepoint id
 *
 * Return: -EOPNOTSUPP: not available yet.
 */
int bpf_get_kprobe_info(const struct perf_event *event, u32 *fd_type,
			const char **symbol, u64 *probe_offset,
			u64 *probe_addr, unsigned long *missed,
			bool perf_type_tracepoint)
{
	return -EOPNOTSUPP;
}
