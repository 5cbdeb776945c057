/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The mmiotrace tracer: the writers of its records (trace.h's), called by
 * the kernel's kmmio, and its start and stop (trace_mmiotrace.c); their
 * text and the tracer (trace_mmiotrace_out.c).
 */
#ifndef _KERNEL_TRACE_TRACE_MMIOTRACE_H
#define _KERNEL_TRACE_TRACE_MMIOTRACE_H

#include "trace.h"

/* The version of the text, its first line (Documentation/trace/mmiotrace.rst) */
#define MMIO_VERSION	"20070824"

int mmio_start(void);
void mmio_stop(void);
unsigned long mmio_lost(void);

#endif /* _KERNEL_TRACE_TRACE_MMIOTRACE_H */
