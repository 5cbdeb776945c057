/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Uprobe events (trace_uprobe.c) for the uprobe PMU and BPF
 * (trace_uprobe_perf.c): probe events of one perf event, and what BPF
 * reports of a uprobe event.
 */
#ifndef _TRACE_UPROBE_H
#define _TRACE_UPROBE_H

#include <linux/types.h>

struct trace_ev_call;

struct trace_ev_call *tu_local_new(const char *file, unsigned long offset,
				   unsigned long ref_ctr, bool ret);
void tu_local_free(struct trace_ev_call *call);
int tu_info(struct trace_ev_call *call, u32 *fd_type, const char **file,
	    u64 *offset);

#endif /* _TRACE_UPROBE_H */
