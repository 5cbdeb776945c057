/* SPDX-License-Identifier: GPL-2.0 */
/*
 * BPF programs on trace events: what the files of this feature share.
 *
 *   bpf_ev_helpers.c	the helpers of the tracing program types
 *   bpf_ev_printk.c	bpf_trace_printk() and its event
 *   bpf_ev_ops.c	the verifier and program ops of those types
 *   bpf_ev_perf.c	programs on the perf events of trace events
 *   bpf_ev_info.c	what BPF's queries learn of such a perf event
 *   bpf_ev_rawtp.c	raw tracepoint programs, by tracepoint name
 *   bpf_ev_kmulti.c	kprobe_multi links, on an fprobe
 *   bpf_ev_umulti.c	uprobe_multi links, on the uprobes core
 *
 * The ops call the helpers and printk; nothing else calls upward.
 * bpf_ev_info.c sits above the kprobe events (it asks them of their
 * probes), which sit above bpf_ev_perf.c (their hits run programs).
 */
#ifndef _KERNEL_TRACE_BPF_EV_H
#define _KERNEL_TRACE_BPF_EV_H

#include <linux/bpf.h>
#include <linux/perf_event.h>
#include <linux/trace_events.h>

/*
 * The proto of a tracing helper that returns an integer: its function,
 * whether only GPL programs may call it, and its arguments' types.
 */
#define BPF_EV_PROTO(fn, gpl, ...)					\
	{								\
		.func = (fn), .gpl_only = (gpl),			\
		.ret_type = RET_INTEGER,				\
		.arg_type = { __VA_ARGS__ },				\
	}

/* The helpers every tracing program type has (bpf_ev_helpers.c). */
const struct bpf_func_proto *bpf_ev_func_proto(enum bpf_func_id func_id,
					       const struct bpf_prog *prog);
/* Those of programs whose context starts with a struct pt_regs pointer. */
const struct bpf_func_proto *bpf_ev_tp_func_proto(enum bpf_func_id func_id,
						  const struct bpf_prog *prog);
/* Those of programs whose context is a struct pt_regs. */
const struct bpf_func_proto *bpf_ev_kp_func_proto(enum bpf_func_id func_id,
						  const struct bpf_prog *prog);
/* Those of raw tracepoint programs: the registers are fetched. */
const struct bpf_func_proto *bpf_ev_raw_func_proto(enum bpf_func_id func_id,
						   const struct bpf_prog *prog);

/* The helpers a kprobe_multi link's program sees (bpf_ev_kmulti.c) */
extern const struct bpf_func_proto bpf_ev_kmulti_cookie_proto;
extern const struct bpf_func_proto bpf_ev_kmulti_ip_proto;
/* And a uprobe_multi link's (bpf_ev_umulti.c) */
extern const struct bpf_func_proto bpf_ev_umulti_cookie_proto;
extern const struct bpf_func_proto bpf_ev_umulti_ip_proto;

/*
 * kernel/bpf/stackmap.c's helpers (BPF_CALL_3, BPF_CALL_4), which no
 * header declares: called with the registers of a hit.
 */
u64 bpf_get_stackid(u64 regs, u64 map, u64 flags, u64 r4, u64 r5);
u64 bpf_get_stack(u64 regs, u64 buf, u64 size, u64 flags, u64 r5);

/* The kernel's raw tracepoint entries (the linker's __bpf_raw_tp_map). */
extern struct bpf_raw_event_map __start__bpf_raw_tp[];
extern struct bpf_raw_event_map __stop__bpf_raw_tp[];

/**
 * bpf_ev_is_trace() - whether a perf event is one of a trace event
 * @event:	the perf event
 *
 * Return: true for a tracepoint perf event, or a kprobe or uprobe PMU's.
 */
static inline bool bpf_ev_is_trace(const struct perf_event *event)
{
	return event->tp_event &&
	       (event->attr.type == PERF_TYPE_TRACEPOINT ||
		(event->tp_event->flags & TRACE_EVENT_FL_UKPROBE));
}

/* Without kprobe events no perf event is of a kprobe event. */
#ifndef CONFIG_KPROBE_EVENTS
struct perf_event;
static inline int bpf_get_kprobe_info(const struct perf_event *event,
				      u32 *fd_type, const char **symbol,
				      u64 *probe_offset, u64 *probe_addr,
				      unsigned long *missed,
				      bool perf_type_tracepoint)
{
	return -EOPNOTSUPP;
}
#endif

/* Without uprobe events no perf event is of a uprobe event. */
#ifndef CONFIG_UPROBE_EVENTS
static inline int bpf_get_uprobe_info(const struct perf_event *event,
				      u32 *fd_type, const char **filename,
				      u64 *probe_offset, u64 *probe_addr,
				      bool perf_type_tracepoint)
{
	return -EOPNOTSUPP;
}
#endif

#endif /* _KERNEL_TRACE_BPF_EV_H */
