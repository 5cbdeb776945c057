/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Instantiate the tracepoints of a trace event header.
 *
 * Every header under include/trace/events/ (or a private one named with
 * TRACE_INCLUDE_PATH and TRACE_INCLUDE_FILE) includes this file at its end,
 * outside its include guard. In an ordinary translation unit that does
 * nothing: the header has declared its tracepoints through the event macros
 * of <linux/tracepoint.h>.
 *
 * The one unit that owns a header's tracepoints defines CREATE_TRACE_POINTS
 * before including it. Here, that unit re-reads the header with each event
 * macro turned into DEFINE_TRACE_FN(), so each tracepoint gets its
 * struct tracepoint, its static call and its iterator exactly once. With
 * CONFIG_EVENT_TRACING, trace_ev_stages.h then reads the header again to
 * make each event of it a trace event (record layout, probe, printer,
 * format); without, the event classes are dropped, and the tracers take
 * what they need from the tracepoints by registering probes on them. With
 * CONFIG_BPF_EVENTS, trace_bpf_stage.h reads it once more, for the raw
 * tracepoint entries of BPF programs.
 *
 * On the way out, every macro set here is undefined again, so that the next
 * <linux/tracepoint.h> include restores the declaring meaning, and
 * CREATE_TRACE_POINTS is set once more: a unit may define the tracepoints
 * of several headers in a row.
 */
#ifdef CREATE_TRACE_POINTS
#undef CREATE_TRACE_POINTS

#include <linux/stringify.h>

/*
 * Each event form, reduced to the definition of its tracepoint. What the
 * tracepoint does not need (the event class, condition, record layout,
 * assignment and print format) goes to __tp_drop().
 */
#define __tp_drop(...)

#undef DECLARE_TRACE
#define DECLARE_TRACE(name, proto, args) \
	DEFINE_TRACE(name, PARAMS(proto), PARAMS(args))
#undef DECLARE_TRACE_CONDITION
#define DECLARE_TRACE_CONDITION(name, proto, args, ...) \
	DEFINE_TRACE(name, PARAMS(proto), PARAMS(args))

#undef TRACE_EVENT
#define TRACE_EVENT(name, proto, args, ...) \
	DEFINE_TRACE(name, PARAMS(proto), PARAMS(args))
#undef TRACE_EVENT_CONDITION
#define TRACE_EVENT_CONDITION(name, proto, args, ...) \
	DEFINE_TRACE(name, PARAMS(proto), PARAMS(args))
#undef TRACE_EVENT_FN
#define TRACE_EVENT_FN(name, proto, args, tstruct, assign, print, reg, unreg) \
	__tp_drop(tstruct, assign, print) \
	DEFINE_TRACE_FN(name, reg, unreg, PARAMS(proto), PARAMS(args))
#undef TRACE_EVENT_FN_COND
#define TRACE_EVENT_FN_COND(name, proto, args, cond, tstruct, assign, print, \
			    reg, unreg) \
	__tp_drop(cond, tstruct, assign, print) \
	DEFINE_TRACE_FN(name, reg, unreg, PARAMS(proto), PARAMS(args))
#undef TRACE_EVENT_NOP
#define TRACE_EVENT_NOP(...)

#undef DECLARE_EVENT_CLASS
#define DECLARE_EVENT_CLASS(...)
#undef DEFINE_EVENT
#define DEFINE_EVENT(class, name, proto, args) \
	__tp_drop(class) DEFINE_TRACE(name, PARAMS(proto), PARAMS(args))
#undef DEFINE_EVENT_FN
#define DEFINE_EVENT_FN(class, name, proto, args, reg, unreg) \
	__tp_drop(class) \
	DEFINE_TRACE_FN(name, reg, unreg, PARAMS(proto), PARAMS(args))
#undef DEFINE_EVENT_PRINT
#define DEFINE_EVENT_PRINT(class, name, proto, args, print) \
	__tp_drop(class, print) DEFINE_TRACE(name, PARAMS(proto), PARAMS(args))
#undef DEFINE_EVENT_CONDITION
#define DEFINE_EVENT_CONDITION(class, name, proto, args, cond) \
	__tp_drop(class, cond) DEFINE_TRACE(name, PARAMS(proto), PARAMS(args))
#undef DEFINE_EVENT_NOP
#define DEFINE_EVENT_NOP(...)

/*
 * The header to read again: TRACE_INCLUDE_PATH/TRACE_INCLUDE_FILE.h when
 * the header names them, else <trace/events/TRACE_SYSTEM.h>. The extra
 * level of expansion lets TRACE_SYSTEM become its value first.
 */
#ifdef TRACE_INCLUDE_PATH
#define __tp_header_name(file)	__stringify(TRACE_INCLUDE_PATH/file.h)
#else
#define __tp_header_name(file)	<trace/events/file.h>
#endif
#define __tp_header(file)	__tp_header_name(file)

#define TRACE_HEADER_MULTI_READ
#ifdef TRACE_INCLUDE_FILE
#include __tp_header(TRACE_INCLUDE_FILE)
#else
#include __tp_header(TRACE_SYSTEM)
#endif
/* With event tracing, the header's events too. */
#ifdef CONFIG_EVENT_TRACING
#include <trace/trace_ev_stages.h>
#endif
/* With BPF events, the raw tracepoint entries of its tracepoints. */
#ifdef CONFIG_BPF_EVENTS
#include <trace/trace_bpf_stage.h>
#endif
#undef TRACE_HEADER_MULTI_READ

#undef __tp_header
#undef __tp_header_name
#undef __tp_drop
#undef DECLARE_TRACE
#undef DECLARE_TRACE_CONDITION
#undef TRACE_EVENT
#undef TRACE_EVENT_CONDITION
#undef TRACE_EVENT_FN
#undef TRACE_EVENT_FN_COND
#undef TRACE_EVENT_NOP
#undef DECLARE_EVENT_CLASS
#undef DEFINE_EVENT
#undef DEFINE_EVENT_FN
#undef DEFINE_EVENT_PRINT
#undef DEFINE_EVENT_CONDITION
#undef DEFINE_EVENT_NOP
#undef TRACE_EVENT_FLAGS
#undef TRACE_EVENT_PERF_PERM

#define CREATE_TRACE_POINTS
#endif /* CREATE_TRACE_POINTS */
