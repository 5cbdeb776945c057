/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the trace buffer's own files share (trace_buf.c, trace_buf_size.c,
 * trace_buf_alloc.c) and no other file needs. See trace_buf.h for the
 * buffer's interface.
 */
#ifndef _KERNEL_TRACE_TRACE_BUF_INT_H
#define _KERNEL_TRACE_TRACE_BUF_INT_H

#include "trace.h"

/* The least size of a CPU's ring, in KiB: an instance's before first use. */
#define TRACE_BUF_MIN_KB	8

/* The consuming readers' operations; set once at boot (trace_buf.c). */
extern const struct trace_buf_readers *trace_buf_readers;

/* trace_buf.c */
void trace_max_block(struct trace_buf *b, bool on);
trace_clock_fn_t trace_buf_clock_fn(struct trace_buf *b);

/* trace_buf_size.c */
struct trace_buffer *trace_buf_alloc_rb(struct trace_buf *b);

#endif /* _KERNEL_TRACE_TRACE_BUF_INT_H */
