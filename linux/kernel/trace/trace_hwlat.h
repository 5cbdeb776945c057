/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The hwlat tracer: its sampling threads (trace_hwlat.c), and its files
 * and records' text (trace_hwlat_fs.c).
 */
#ifndef _KERNEL_TRACE_TRACE_HWLAT_H
#define _KERNEL_TRACE_TRACE_HWLAT_H

#include <linux/types.h>

#include "trace.h"

/* hwlat_detector/mode */
enum hwlat_mode {
	HWLAT_MODE_NONE,	/* one thread, left where it runs */
	HWLAT_MODE_RR,		/* one thread, moved to the next CPU each window */
	HWLAT_MODE_PER_CPU,	/* a thread bound to each CPU */
	HWLAT_NR_MODES,
};

/* The defaults, in microseconds (Documentation/trace/hwlat_detector.rst). */
#define HWLAT_WIDTH_US		500000ULL
#define HWLAT_WINDOW_US		1000000ULL

u64 hwlat_width(void);
u64 hwlat_window(void);
int hwlat_set_width(u64 us);
int hwlat_set_window(u64 us);
enum hwlat_mode hwlat_get_mode(void);
int hwlat_set_mode(enum hwlat_mode mode);

#endif /* _KERNEL_TRACE_TRACE_HWLAT_H */
