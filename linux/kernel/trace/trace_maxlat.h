/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tracing_max_latency of each trace array (trace_maxlat.c): the worst
 * latency a tracer of the array saw, and the fsnotify event that tells
 * the file's watchers of a new one.
 */
#ifndef _KERNEL_TRACE_TRACE_MAXLAT_H
#define _KERNEL_TRACE_TRACE_MAXLAT_H

#include <linux/types.h>

struct trace_array;

u64 trace_maxlat_get(struct trace_array *tr);
void trace_maxlat_set(struct trace_array *tr, u64 ns);
void trace_maxlat_new(struct trace_array *tr, u64 ns);
bool trace_maxlat_raise(struct trace_array *tr, u64 ns);

#endif /* _KERNEL_TRACE_TRACE_MAXLAT_H */
