/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Kprobe events (trace_kprobe.c) for the kprobe PMU and BPF
 * (trace_kprobe_perf.c): probe events of one perf event, and what BPF
 * reports of a kprobe event.
 */
#ifndef _TRACE_KPROBE_H
#define _TRACE_KPROBE_H

#include <linux/types.h>

struct trace_ev_call;

struct trace_ev_call *tk_local_new(const char *sym, unsigned long addr,
				   unsigned long offs, bool ret);
void tk_local_free(struct trace_ev_call *call);
int tk_info(struct trace_ev_call *call, u32 *fd_type, const char **sym,
	    u64 *offs, u64 *addr, unsigned long *missed);

#endif /* _TRACE_KPROBE_H */
