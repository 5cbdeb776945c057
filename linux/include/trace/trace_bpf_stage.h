/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The raw tracepoint entries of an event header, for BPF programs
 * (kernel/trace/bpf_ev_rawtp.c).
 *
 * define_trace.h includes this file with CONFIG_BPF_EVENTS, once the
 * header's tracepoints and trace events are made, and the header is read
 * once more. Each event class, and each bare tracepoint
 * (DECLARE_TRACE()), becomes a probe of its prototype that widens every
 * argument to u64 and hands them to bpf_trace_run<N>(), with the probe's
 * data, a struct bpf_raw_tp_link, first. Each tracepoint gets a
 * struct bpf_raw_event_map in the __bpf_raw_tp_map section: the
 * tracepoint, the probe, and how many arguments it takes.
 */
#include <linux/args.h>
#include <linux/build_bug.h>
#include <linux/trace_events.h>
#include <linux/tracepoint-defs.h>

#ifndef __TRACE_BPF_STAGE_ONCE
#define __TRACE_BPF_STAGE_ONCE

/* The bits of an argument of @n bytes at @p, zero-extended. */
static __always_inline u64 __tbpf_widen(const void *p, unsigned int n)
{
	switch (n) {
	case 1:
		return *(const u8 *)p;
	case 2:
		return *(const u16 *)p;
	case 4:
		return *(const u32 *)p;
	default:
		return *(const u64 *)p;
	}
}

#define __tbpf_u64(x)							\
	({								\
		typeof(x) __tbpf_v = (x);				\
		BUILD_BUG_ON(sizeof(__tbpf_v) > sizeof(u64));		\
		__tbpf_widen(&__tbpf_v, sizeof(__tbpf_v));		\
	})

/* @f applied to each of up to 12 arguments. */
#define __tbpf_m1(f, a)		f(a)
#define __tbpf_m2(f, a, ...)	f(a), __tbpf_m1(f, __VA_ARGS__)
#define __tbpf_m3(f, a, ...)	f(a), __tbpf_m2(f, __VA_ARGS__)
#define __tbpf_m4(f, a, ...)	f(a), __tbpf_m3(f, __VA_ARGS__)
#define __tbpf_m5(f, a, ...)	f(a), __tbpf_m4(f, __VA_ARGS__)
#define __tbpf_m6(f, a, ...)	f(a), __tbpf_m5(f, __VA_ARGS__)
#define __tbpf_m7(f, a, ...)	f(a), __tbpf_m6(f, __VA_ARGS__)
#define __tbpf_m8(f, a, ...)	f(a), __tbpf_m7(f, __VA_ARGS__)
#define __tbpf_m9(f, a, ...)	f(a), __tbpf_m8(f, __VA_ARGS__)
#define __tbpf_m10(f, a, ...)	f(a), __tbpf_m9(f, __VA_ARGS__)
#define __tbpf_m11(f, a, ...)	f(a), __tbpf_m10(f, __VA_ARGS__)
#define __tbpf_m12(f, a, ...)	f(a), __tbpf_m11(f, __VA_ARGS__)
#define __tbpf_widen_all(args...) \
	CONCATENATE(__tbpf_m, COUNT_ARGS(args))(__tbpf_u64, args)

#endif /* __TRACE_BPF_STAGE_ONCE */

/* The probe of a class, or of a bare tracepoint. */
#define __tbpf_probe(c, proto, args)					\
	static notrace void __tbpf_probe_##c(void *__data, proto)	\
	{								\
		CONCATENATE(bpf_trace_run, COUNT_ARGS(args))		\
			(__data, __tbpf_widen_all(args));		\
	}

/* The entry of tracepoint @n, whose probe is @c's. */
#define __tbpf_entry(c, n, args)					\
	static inline void __tbpf_check_##n(void)			\
	{								\
		check_trace_callback_type_##n(__tbpf_probe_##c);	\
	}								\
	static struct bpf_raw_event_map __used				\
	__section("__bpf_raw_tp_map") __tbpf_entry_##n = {		\
		.tp		= &__tracepoint_##n,			\
		.bpf_func	= (void *)__tbpf_probe_##c,		\
		.num_args	= COUNT_ARGS(args),			\
	};

/* perf's marks in the arguments: the plain values here. */
#undef __perf_addr
#define __perf_addr(a)	(a)
#undef __perf_count
#define __perf_count(c)	(c)
#undef __perf_task
#define __perf_task(t)	(t)

#undef TRACE_EVENT
#define TRACE_EVENT(n, proto, args, ...)				\
	__tbpf_probe(n, PARAMS(proto), PARAMS(args))			\
	__tbpf_entry(n, n, PARAMS(args))
#undef TRACE_EVENT_CONDITION
#define TRACE_EVENT_CONDITION(n, proto, args, ...)			\
	TRACE_EVENT(n, PARAMS(proto), PARAMS(args))
#undef TRACE_EVENT_FN
#define TRACE_EVENT_FN(n, proto, args, ...)				\
	TRACE_EVENT(n, PARAMS(proto), PARAMS(args))
#undef TRACE_EVENT_FN_COND
#define TRACE_EVENT_FN_COND(n, proto, args, ...)			\
	TRACE_EVENT(n, PARAMS(proto), PARAMS(args))
#undef DECLARE_TRACE
#define DECLARE_TRACE(n, proto, args)					\
	TRACE_EVENT(n, PARAMS(proto), PARAMS(args))
#undef DECLARE_TRACE_CONDITION
#define DECLARE_TRACE_CONDITION(n, proto, args, ...)			\
	TRACE_EVENT(n, PARAMS(proto), PARAMS(args))
#undef DECLARE_EVENT_CLASS
#define DECLARE_EVENT_CLASS(c, proto, args, ...)			\
	__tbpf_probe(c, PARAMS(proto), PARAMS(args))
#undef DEFINE_EVENT
#define DEFINE_EVENT(c, n, proto, args)					\
	__tbpf_entry(c, n, PARAMS(args))
#undef DEFINE_EVENT_FN
#define DEFINE_EVENT_FN(c, n, proto, args, ...)				\
	__tbpf_entry(c, n, PARAMS(args))
#undef DEFINE_EVENT_PRINT
#define DEFINE_EVENT_PRINT(c, n, proto, args, ...)			\
	__tbpf_entry(c, n, PARAMS(args))
#undef DEFINE_EVENT_CONDITION
#define DEFINE_EVENT_CONDITION(c, n, proto, args, ...)			\
	__tbpf_entry(c, n, PARAMS(args))
#undef TRACE_EVENT_NOP
#define TRACE_EVENT_NOP(...)
#undef DEFINE_EVENT_NOP
#define DEFINE_EVENT_NOP(...)
#undef TRACE_EVENT_FLAGS
#define TRACE_EVENT_FLAGS(...)
#undef TRACE_EVENT_PERF_PERM
#define TRACE_EVENT_PERF_PERM(...)

#ifdef TRACE_INCLUDE_FILE
#include __tp_header(TRACE_INCLUDE_FILE)
#else
#include __tp_header(TRACE_SYSTEM)
#endif

#undef __tbpf_probe
#undef __tbpf_entry
#undef __perf_addr
#undef __perf_count
#undef __perf_task
