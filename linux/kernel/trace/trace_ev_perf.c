// SPDX-License-Identifier: GPL-2.0
/*
 * perf's tracepoint events, with event tracing compiled in.
 *
 * kernel/events/ asks event tracing to attach a perf event to a trace
 * event. That is not supported yet: opening a tracepoint perf event
 * fails with EOPNOTSUPP, so no other of these is ever reached.
 */
#include <linux/errno.h>
#include <linux/perf_event.h>
#include <linux/trace_events.h>

/**
 * perf_trace_init() - attach a perf event to a trace event
 * @event:	the perf event
 *
 * Return: -EOPNOTSUPP.
 */
int perf_trace_init(struct perf_event *event)
{
	return -EOPNOTSUPP;
}

/**
 * perf_trace_destroy() - detach a perf event (never attached)
 * @event:	the perf event
 */
void perf_trace_destroy(struct perf_event *event)
{
}

/**
 * perf_trace_add() - schedule a perf event in (never attached)
 * @event:	the perf event
 * @flags:	PERF_EF_*
 *
 * Return: -EOPNOTSUPP.
 */
int perf_trace_add(struct perf_event *event, int flags)
{
	return -EOPNOTSUPP;
}

/**
 * perf_trace_del() - schedule a perf event out (never attached)
 * @event:	the perf event
 * @flags:	PERF_EF_*
 */
void perf_trace_del(struct perf_event *event, int flags)
{
}

/**
 * perf_trace_buf_update() - fill a perf record's common fields (unused)
 * @record:	the record
 * @type:	its type
 */
void perf_trace_buf_update(void *record, u16 type)
{
}

/**
 * ftrace_profile_set_filter() - filter a perf event (never attached)
 * @event:	the perf event
 * @event_id:	its trace event
 * @filter_str:	the filter
 *
 * Return: -EOPNOTSUPP.
 */
int ftrace_profile_set_filter(struct perf_event *event, int event_id,
			      char *filter_str)
{
	return -EOPNOTSUPP;
}

/**
 * ftrace_profile_free_filter() - drop a perf event's filter (none is set)
 * @event:	the perf event
 */
void ftrace_profile_free_filter(struct perf_event *event)
{
}

/**
 * filter_match_preds() - a perf event's filter (none is ever set)
 * @filter:	the filter
 * @rec:	the record
 *
 * Return: 1, the record passes.
 */
int filter_match_preds(struct event_filter *filter, void *rec)
{
	return 1;
}

/**
 * trace_event_get_offsets() - the largest record offset a BPF program of
 * a trace event may read
 * @call:	the event
 *
 * Return: 0: no perf event is ever attached to one.
 */
int trace_event_get_offsets(struct trace_event_call *call)
{
	return 0;
}
