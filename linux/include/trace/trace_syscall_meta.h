/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What each SYSCALL_DEFINEn() leaves for the syscall events
 * (kernel/trace/trace_syscalls.c): the syscall's name and the types and
 * names of its arguments, as a struct trace_sc_meta with a pointer to it
 * in the __syscalls_metadata section. The events themselves are made at
 * boot, for the syscalls the syscall table holds.
 *
 * include/linux/syscalls.h includes this with CONFIG_FTRACE_SYSCALLS.
 */
#ifndef _TRACE_TRACE_SYSCALL_META_H
#define _TRACE_TRACE_SYSCALL_META_H

#include <linux/compiler.h>

struct trace_event_call;
struct trace_event_class;

/**
 * struct trace_sc_arg - an argument of a syscall
 * @type:	its C type, as written in the definition
 * @name:	its name
 */
struct trace_sc_arg {
	const char *type;
	const char *name;
};

/**
 * struct trace_sc_meta - a syscall, as its definition describes it
 * @name:	"sys_" and its name
 * @nb_args:	how many arguments it takes (up to 6)
 * @args:	the arguments
 */
struct trace_sc_meta {
	const char *name;
	int nb_args;
	const struct trace_sc_arg *args;
};

#define __tsc_arg(t, a)	{ .type = #t, .name = #a }

/*
 * SYSCALL_DEFINEn() puts no semicolon after this: it ends with a
 * function, which needs none.
 */
#define SYSCALL_METADATA(sname, nb, ...)				\
	static const struct trace_sc_arg __tsc_args##sname[] = {	\
		__MAP(nb, __tsc_arg, __VA_ARGS__)			\
	};								\
	static const struct trace_sc_meta __tsc_meta##sname = {		\
		.name = "sys" #sname,					\
		.nb_args = ARRAY_SIZE(__tsc_args##sname),		\
		.args = __tsc_args##sname,				\
	};								\
	static const struct trace_sc_meta *__tsc_ptr##sname __used	\
	__section("__syscalls_metadata") = &__tsc_meta##sname;		\
	static inline void __maybe_unused __tsc_keep##sname(void)	\
	{								\
	}

/* What perf knows the syscall events by (kernel/trace/trace_ev_perf.c) */
extern struct trace_event_class trace_ev_perf_syscall_class;

/**
 * is_syscall_trace_event() - whether perf's trace event is a syscall event
 * @tp_event:	the event (perf_event.tp_event)
 *
 * Return: nonzero for a syscall event.
 */
static inline int is_syscall_trace_event(struct trace_event_call *tp_event)
{
	return tp_event->class == &trace_ev_perf_syscall_class;
}

#endif /* _TRACE_TRACE_SYSCALL_META_H */
