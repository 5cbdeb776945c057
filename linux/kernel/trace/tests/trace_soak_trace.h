/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The event of the soak writer (trace_soak_mod.c): each CPU's records
 * numbered 1, 2, 3, ... in the order they were written there.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM trace_soak

#if !defined(_TRACE_SOAK_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TRACE_SOAK_TRACE_H

#include <linux/tracepoint.h>

TRACE_EVENT(soak_seq,
	    TP_PROTO(unsigned int cpu, u64 seq),
	    TP_ARGS(cpu, seq),
	    TP_STRUCT__entry(__field(unsigned int, cpu)
			     __field(u64, seq)),
	    TP_fast_assign(__entry->cpu = cpu;
		__entry->seq = seq;),
	    TP_printk("cpu=%u seq=%llu", __entry->cpu, __entry->seq)
);

#endif /* _TRACE_SOAK_TRACE_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE trace_soak_trace
#include <trace/define_trace.h>
