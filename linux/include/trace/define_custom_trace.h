/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Instantiate the custom events of a header: TRACE_CUSTOM_EVENT(name,
 * proto, args, tstruct, assign, print) is a trace event of its own record
 * and print on an existing tracepoint, in the system "custom", named as
 * the tracepoint. Such a header includes this file at its end, outside
 * its include guard, which lets TRACE_CUSTOM_MULTI_READ through; anywhere
 * but in the one unit that defines CREATE_CUSTOM_TRACE_EVENTS first, the
 * include does nothing, and <linux/trace_events.h> makes each custom event
 * declare nothing.
 *
 * In that unit the header is read by trace_ev_stages.h, each custom
 * event as a class of its own (custom_<name>) with one event, whose
 * tracepoint is none until the unit finds it, and once more here for
 * trace_custom_event_<name>_update(tp): given each tracepoint of the
 * kernel in turn (for_each_kernel_tracepoint()), it binds the event to
 * the one of its name. Until then the event cannot be enabled.
 */
#ifdef CREATE_CUSTOM_TRACE_EVENTS
#undef CREATE_CUSTOM_TRACE_EVENTS

#include <linux/stringify.h>
#include <linux/string.h>
#include <linux/tracepoint.h>

/* The header to read again, as define_trace.h names it. */
#ifdef TRACE_INCLUDE_PATH
#define __tp_header_name(file)	__stringify(TRACE_INCLUDE_PATH/file.h)
#else
#define __tp_header_name(file)	<trace/events/file.h>
#endif
#define __tp_header(file)	__tp_header_name(file)

#undef TRACE_SYSTEM
#define TRACE_SYSTEM custom
#define __tev_tp(n)	NULL

#define TRACE_CUSTOM_MULTI_READ
#undef TRACE_CUSTOM_EVENT
#define TRACE_CUSTOM_EVENT(n, proto, args, tstruct, assign, print)	\
	DECLARE_EVENT_CLASS(custom_##n, PARAMS(proto), PARAMS(args),	\
			    PARAMS(tstruct), PARAMS(assign),		\
			    PARAMS(print))				\
	DEFINE_EVENT(custom_##n, n, PARAMS(proto), PARAMS(args))

#include <trace/trace_ev_stages.h>

/* Once more: each event's binding to its tracepoint. */
#undef TRACE_CUSTOM_EVENT
#define TRACE_CUSTOM_EVENT(n, proto, args, tstruct, assign, print)	\
	void trace_custom_event_##n##_update(struct tracepoint *tp);	\
	void trace_custom_event_##n##_update(struct tracepoint *tp)	\
	{								\
		if (!strcmp(tp->name, #n))				\
			trace_ev_bind_tp(&trace_ev_call_##n, tp);	\
	}

#ifdef TRACE_INCLUDE_FILE
#include __tp_header(TRACE_INCLUDE_FILE)
#else
#include __tp_header(TRACE_SYSTEM)
#endif

#undef TRACE_CUSTOM_EVENT
#undef TRACE_CUSTOM_MULTI_READ
#undef TRACE_SYSTEM
#undef __tp_header
#undef __tp_header_name
#endif /* CREATE_CUSTOM_TRACE_EVENTS */
