/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The trace event of fentry_test_mod: one of each field form and print
 * helper that the event selftests check, in a module, so that loading
 * and unloading it adds and removes an event.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM fentry_test

#if !defined(_FENTRY_TEST_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _FENTRY_TEST_TRACE_H

#include <linux/string.h>
#include <linux/tracepoint.h>

#ifndef _FENTRY_TEST_FILL
#define _FENTRY_TEST_FILL
/* Kinds of n, by n % 3: names the format file shows as values. */
enum fentry_test_kind { FENTRY_TEST_ZERO, FENTRY_TEST_ONE, FENTRY_TEST_TWO };

/* The tag "fentry", and vals 0, 10, 20 ... */
static inline void fentry_test_fill(char *tag, size_t size, u32 *vals,
				    unsigned int n)
{
	unsigned int i;

	strscpy(tag, "fentry", size);
	for (i = 0; i < n; i++)
		vals[i] = i * 10;
}
#endif

TRACE_DEFINE_ENUM(FENTRY_TEST_ZERO);
TRACE_DEFINE_ENUM(FENTRY_TEST_ONE);
TRACE_DEFINE_ENUM(FENTRY_TEST_TWO);
/* Tools cannot evaluate sizeof(): the format shows its value. */
TRACE_DEFINE_SIZEOF(u32);

TRACE_EVENT(fentry_test_call,
	    TP_PROTO(unsigned int n, const char *who),
	    TP_ARGS(n, who),
	    TP_STRUCT__entry(__field(unsigned int, n)
			     __array(char, tag, 8)
			     __string(who, who)
			     __dynamic_array(u32, vals, n % 4)
			     __field(unsigned long, flags)),
	    TP_fast_assign(__entry->n = n;
		__assign_str(who);
		__entry->flags = n & 3;
		fentry_test_fill(__entry->tag, sizeof(__entry->tag),
				 __get_dynamic_array(vals), n % 4);),
	    TP_printk("n=%u tag=%s who=%s vals=%s flags=%s kind=%s",
		      __entry->n, __entry->tag, __get_str(who),
		      __print_array(__get_dynamic_array(vals),
				    __get_dynamic_array_len(vals) / sizeof(u32),
				    sizeof(u32)),
		      __print_flags(__entry->flags, "|",
				    { 1, "ONE" }, { 2, "TWO" }),
		      __print_symbolic(__entry->n % 3, { FENTRY_TEST_ZERO, "zero" },
				       { FENTRY_TEST_ONE, "one" },
				       { FENTRY_TEST_TWO, "two" }))
);

#endif /* _FENTRY_TEST_TRACE_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE fentry_test_trace
#include <trace/define_trace.h>
