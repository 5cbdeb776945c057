// SPDX-License-Identifier: GPL-2.0
/*
 * The BPF helpers of the tracing program types (kprobe, tracepoint, raw
 * tracepoint): reading memory, the current task, the attach cookie,
 * output into perf events, and stacks.
 *
 * The memory readers and bpf_get_current_task() override the weak,
 * empty protos of kernel/bpf/helpers.c, which every program type with
 * CAP_PERFMON reaches through bpf_base_func_proto().
 *
 * A tracepoint program's context starts with the registers of the hit
 * (a struct pt_regs pointer in its first 8 bytes, trace_ev_perf.c); a
 * kprobe program's is the registers; a raw tracepoint program has none,
 * and the helpers that need them fetch the caller's.
 */
#include <linux/bpf.h>
#include <linux/bpf_perf_event.h>
#include <linux/filter.h>
#include <linux/kernel.h>
#include <linux/perf_event.h>
#include <linux/sched.h>
#include <linux/security.h>
#include <linux/uaccess.h>

#include "bpf_ev.h"

BPF_CALL_3(bpf_probe_read_user, void *, dst, u32, size,
	   const void __user *, src)
{
	int ret = copy_from_user_nofault(dst, src, size);

	if (unlikely(ret < 0))
		memset(dst, 0, size);
	return ret;
}

const struct bpf_func_proto bpf_probe_read_user_proto =
	BPF_EV_PROTO(bpf_probe_read_user, true, ARG_PTR_TO_UNINIT_MEM,
		     ARG_CONST_SIZE_OR_ZERO, ARG_ANYTHING);

/* A string into @dst: its length with the NUL, or -errno and zeroes. */
static long bpf_ev_read_str(void *dst, u32 size, const void *src, bool user)
{
	long ret;

	if (unlikely(!size))
		return 0;
	if (user)
		ret = strncpy_from_user_nofault(dst, (const void __user *)src,
						size);
	else
		ret = strncpy_from_kernel_nofault(dst, src, size);
	if (unlikely(ret < 0))
		memset(dst, 0, size);
	return ret;
}

BPF_CALL_3(bpf_probe_read_user_str, void *, dst, u32, size,
	   const void __user *, src)
{
	return bpf_ev_read_str(dst, size, (const void __force *)src, true);
}

const struct bpf_func_proto bpf_probe_read_user_str_proto =
	BPF_EV_PROTO(bpf_probe_read_user_str, true, ARG_PTR_TO_UNINIT_MEM,
		     ARG_CONST_SIZE_OR_ZERO, ARG_ANYTHING);

BPF_CALL_3(bpf_probe_read_kernel, void *, dst, u32, size,
	   const void *, src)
{
	return bpf_probe_read_kernel_common(dst, size, src);
}

const struct bpf_func_proto bpf_probe_read_kernel_proto =
	BPF_EV_PROTO(bpf_probe_read_kernel, true, ARG_PTR_TO_UNINIT_MEM,
		     ARG_CONST_SIZE_OR_ZERO, ARG_ANYTHING);

BPF_CALL_3(bpf_probe_read_kernel_str, void *, dst, u32, size,
	   const void *, src)
{
	return bpf_ev_read_str(dst, size, src, false);
}

const struct bpf_func_proto bpf_probe_read_kernel_str_proto =
	BPF_EV_PROTO(bpf_probe_read_kernel_str, true, ARG_PTR_TO_UNINIT_MEM,
		     ARG_CONST_SIZE_OR_ZERO, ARG_ANYTHING);

/*
 * The old bpf_probe_read() and bpf_probe_read_str(), which do not say
 * whose memory: on an architecture whose user and kernel addresses do
 * not overlap, the address does.
 */
static bool bpf_ev_is_user(const void *src)
{
	return (unsigned long)src < TASK_SIZE;
}

BPF_CALL_3(bpf_probe_read_compat, void *, dst, u32, size, const void *, src)
{
	if (bpf_ev_is_user(src))
		return ____bpf_probe_read_user(dst, size,
					       (const void __user __force *)src);
	return bpf_probe_read_kernel_common(dst, size, src);
}

static const struct bpf_func_proto bpf_probe_read_compat_proto =
	BPF_EV_PROTO(bpf_probe_read_compat, true, ARG_PTR_TO_UNINIT_MEM,
		     ARG_CONST_SIZE_OR_ZERO, ARG_ANYTHING);

BPF_CALL_3(bpf_probe_read_compat_str, void *, dst, u32, size,
	   const void *, src)
{
	return bpf_ev_read_str(dst, size, src, bpf_ev_is_user(src));
}

static const struct bpf_func_proto bpf_probe_read_compat_str_proto =
	BPF_EV_PROTO(bpf_probe_read_compat_str, true, ARG_PTR_TO_UNINIT_MEM,
		     ARG_CONST_SIZE_OR_ZERO, ARG_ANYTHING);

BPF_CALL_0(bpf_get_current_task)
{
	return (unsigned long)current;
}

const struct bpf_func_proto bpf_get_current_task_proto =
	BPF_EV_PROTO(bpf_get_current_task, true);

/* Set by the runner of the programs: trace_call_bpf(), bpf_trace_run*(). */
BPF_CALL_1(bpf_get_attach_cookie_trace, void *, ctx)
{
	struct bpf_trace_run_ctx *rc;

	rc = container_of(current->bpf_ctx, struct bpf_trace_run_ctx, run_ctx);
	return rc->bpf_cookie;
}

static const struct bpf_func_proto bpf_get_attach_cookie_trace_proto =
	BPF_EV_PROTO(bpf_get_attach_cookie_trace, false, ARG_PTR_TO_CTX);

/*
 * Output into a BPF_MAP_TYPE_PERF_EVENT_ARRAY's perf event: at most one
 * sample per nesting level (task, softirq, irq, NMI) of a CPU at a time;
 * a deeper one gets -EBUSY.
 */
#define BPF_EV_OUT_LEVELS	4

struct bpf_ev_out {
	int depth;
	struct perf_sample_data sd[BPF_EV_OUT_LEVELS];
	struct pt_regs regs[BPF_EV_OUT_LEVELS];
};

static DEFINE_PER_CPU(struct bpf_ev_out, bpf_ev_out);

/* The perf event @flags picks in @map, or an ERR_PTR. */
static struct perf_event *bpf_ev_out_event(struct bpf_map *map, u64 flags)
{
	struct bpf_array *array = container_of(map, struct bpf_array, map);
	unsigned int cpu = smp_processor_id();
	struct bpf_event_entry *ee;
	struct perf_event *event;
	u64 index = flags & BPF_F_INDEX_MASK;

	if (unlikely(flags & ~(BPF_F_INDEX_MASK | BPF_F_CURRENT_CPU)))
		return ERR_PTR(-EINVAL);
	if (flags & BPF_F_CURRENT_CPU)
		index = cpu;
	if (unlikely(index >= array->map.max_entries))
		return ERR_PTR(-E2BIG);
	ee = READ_ONCE(array->ptrs[index]);
	if (!ee)
		return ERR_PTR(-ENOENT);
	event = ee->event;
	if (unlikely(event->attr.type != PERF_TYPE_SOFTWARE ||
		     event->attr.config != PERF_COUNT_SW_BPF_OUTPUT))
		return ERR_PTR(-EINVAL);
	if (unlikely(event->oncpu != cpu))
		return ERR_PTR(-EOPNOTSUPP);
	return event;
}

/* This CPU's next nesting level, preemption off; -1 past the last. */
static int bpf_ev_level_get(void)
{
	int d = this_cpu_inc_return(bpf_ev_out.depth) - 1;

	if (unlikely(d >= BPF_EV_OUT_LEVELS)) {
		this_cpu_dec(bpf_ev_out.depth);
		return -1;
	}
	return d;
}

static void bpf_ev_level_put(void)
{
	this_cpu_dec(bpf_ev_out.depth);
}

/* Write @raw as a sample of @map's event; @regs NULL: the caller's. */
static long bpf_ev_output(struct bpf_map *map, u64 flags,
			  struct perf_raw_record *raw, struct pt_regs *regs)
{
	struct bpf_ev_out *out;
	struct perf_event *event;
	long ret = -EBUSY;
	int d;

	preempt_disable();
	out = this_cpu_ptr(&bpf_ev_out);
	d = bpf_ev_level_get();
	if (d < 0)
		goto out;
	event = bpf_ev_out_event(map, flags);
	if (IS_ERR(event)) {
		ret = PTR_ERR(event);
	} else {
		if (!regs) {
			regs = &out->regs[d];
			perf_fetch_caller_regs(regs);
		}
		perf_sample_data_init(&out->sd[d], 0, 0);
		perf_sample_save_raw_data(&out->sd[d], event, raw);
		ret = perf_event_output(event, &out->sd[d], regs);
	}
	bpf_ev_level_put();
out:
	preempt_enable();
	return ret;
}

static long bpf_ev_output_data(struct bpf_map *map, u64 flags, void *data,
			       u64 size, struct pt_regs *regs)
{
	struct perf_raw_record raw = {
		.frag = { .data = data, .size = size },
	};

	if (unlikely(flags & ~(BPF_F_INDEX_MASK | BPF_F_CURRENT_CPU)))
		return -EINVAL;
	return bpf_ev_output(map, flags, &raw, regs);
}

/**
 * bpf_event_output() - write a sample of @meta and then @ctx_size bytes
 * of @ctx into a perf event array's event (skb and xdp programs'
 * bpf_perf_event_output())
 * @map:	the BPF_MAP_TYPE_PERF_EVENT_ARRAY
 * @flags:	the index (BPF_F_INDEX_MASK), or BPF_F_CURRENT_CPU
 * @meta:	the program's data
 * @meta_size:	its length
 * @ctx:	the context, copied by @ctx_copy (or memcpy when NULL)
 * @ctx_size:	how much of it
 * @ctx_copy:	the copier
 *
 * kernel/bpf/core.c exports its weak definition; this one takes its place.
 *
 * Return: 0, or -errno.
 */
u64 bpf_event_output(struct bpf_map *map, u64 flags, void *meta,
		     u64 meta_size, void *ctx, u64 ctx_size,
		     bpf_ctx_copy_t ctx_copy)
{
	struct perf_raw_frag tail = {
		.copy = ctx_copy,
		.data = ctx,
		.size = ctx_size,
	};
	struct perf_raw_record raw = {
		.frag = {
			.next = ctx_size ? &tail : NULL,
			.data = meta,
			.size = meta_size,
		},
	};

	return bpf_ev_output(map, flags, &raw, NULL);
}

/* The registers a tracepoint program's record starts with. */
static struct pt_regs *bpf_ev_tp_regs(void *ctx)
{
	return *(struct pt_regs **)ctx;
}

BPF_CALL_5(bpf_perf_event_output_tp, void *, ctx, struct bpf_map *, map,
	   u64, flags, void *, data, u64, size)
{
	return bpf_ev_output_data(map, flags, data, size, bpf_ev_tp_regs(ctx));
}

static const struct bpf_func_proto bpf_perf_event_output_tp_proto =
	BPF_EV_PROTO(bpf_perf_event_output_tp, true, ARG_PTR_TO_CTX,
		     ARG_CONST_MAP_PTR, ARG_ANYTHING,
		     ARG_PTR_TO_MEM | MEM_RDONLY, ARG_CONST_SIZE_OR_ZERO);

BPF_CALL_5(bpf_perf_event_output_kp, struct pt_regs *, regs,
	   struct bpf_map *, map, u64, flags, void *, data, u64, size)
{
	return bpf_ev_output_data(map, flags, data, size, regs);
}

static const struct bpf_func_proto bpf_perf_event_output_kp_proto =
	BPF_EV_PROTO(bpf_perf_event_output_kp, true, ARG_PTR_TO_CTX,
		     ARG_CONST_MAP_PTR, ARG_ANYTHING,
		     ARG_PTR_TO_MEM | MEM_RDONLY, ARG_CONST_SIZE_OR_ZERO);

BPF_CALL_5(bpf_perf_event_output_raw, void *, ctx, struct bpf_map *, map,
	   u64, flags, void *, data, u64, size)
{
	return bpf_ev_output_data(map, flags, data, size, NULL);
}

static const struct bpf_func_proto bpf_perf_event_output_raw_proto =
	BPF_EV_PROTO(bpf_perf_event_output_raw, true, ARG_PTR_TO_CTX,
		     ARG_CONST_MAP_PTR, ARG_ANYTHING,
		     ARG_PTR_TO_MEM | MEM_RDONLY, ARG_CONST_SIZE_OR_ZERO);

BPF_CALL_3(bpf_get_stackid_tp, void *, ctx, struct bpf_map *, map,
	   u64, flags)
{
	return bpf_get_stackid((unsigned long)bpf_ev_tp_regs(ctx),
			       (unsigned long)map, flags, 0, 0);
}

static const struct bpf_func_proto bpf_get_stackid_tp_proto =
	BPF_EV_PROTO(bpf_get_stackid_tp, true, ARG_PTR_TO_CTX,
		     ARG_CONST_MAP_PTR, ARG_ANYTHING);

BPF_CALL_4(bpf_get_stack_tp, void *, ctx, void *, buf, u32, size,
	   u64, flags)
{
	return bpf_get_stack((unsigned long)bpf_ev_tp_regs(ctx),
			     (unsigned long)buf, size, flags, 0);
}

static const struct bpf_func_proto bpf_get_stack_tp_proto =
	BPF_EV_PROTO(bpf_get_stack_tp, true, ARG_PTR_TO_CTX,
		     ARG_PTR_TO_UNINIT_MEM, ARG_CONST_SIZE_OR_ZERO,
		     ARG_ANYTHING);

/*
 * A raw tracepoint program's stack, from the helper's caller: @stack (the
 * stack map's bpf_get_stackid(), or bpf_get_stack()) with fetched
 * registers.
 */
static long bpf_ev_raw_stack(u64 (*stack)(u64, u64, u64, u64, u64),
			     u64 a2, u64 a3, u64 a4)
{
	long ret = -EBUSY;
	int d;

	preempt_disable();
	d = bpf_ev_level_get();
	if (d >= 0) {
		struct pt_regs *regs = this_cpu_ptr(&bpf_ev_out.regs[d]);

		perf_fetch_caller_regs(regs);
		ret = stack((unsigned long)regs, a2, a3, a4, 0);
		bpf_ev_level_put();
	}
	preempt_enable();
	return ret;
}

BPF_CALL_3(bpf_get_stackid_raw, void *, ctx, struct bpf_map *, map,
	   u64, flags)
{
	return bpf_ev_raw_stack(bpf_get_stackid, (unsigned long)map, flags, 0);
}

static const struct bpf_func_proto bpf_get_stackid_raw_proto =
	BPF_EV_PROTO(bpf_get_stackid_raw, true, ARG_PTR_TO_CTX,
		     ARG_CONST_MAP_PTR, ARG_ANYTHING);

BPF_CALL_4(bpf_get_stack_raw, void *, ctx, void *, buf, u32, size,
	   u64, flags)
{
	return bpf_ev_raw_stack(bpf_get_stack, (unsigned long)buf, size, flags);
}

static const struct bpf_func_proto bpf_get_stack_raw_proto =
	BPF_EV_PROTO(bpf_get_stack_raw, true, ARG_PTR_TO_CTX,
		     ARG_PTR_TO_UNINIT_MEM, ARG_CONST_SIZE_OR_ZERO,
		     ARG_ANYTHING);

/*
 * Which proto each helper id has, by kind of context. An id missing from
 * a kind's table is looked up in the shared one, then by
 * bpf_base_func_proto().
 */
enum bpf_ev_ctx { BPF_EV_TP, BPF_EV_KP, BPF_EV_RAW, BPF_EV_CTXS };

static const struct bpf_func_proto *const
bpf_ev_by_ctx[BPF_EV_CTXS][__BPF_FUNC_MAX_ID] = {
	[BPF_EV_TP] = {
		[BPF_FUNC_perf_event_output]	= &bpf_perf_event_output_tp_proto,
		[BPF_FUNC_get_stackid]		= &bpf_get_stackid_tp_proto,
		[BPF_FUNC_get_stack]		= &bpf_get_stack_tp_proto,
	},
	[BPF_EV_KP] = {
		[BPF_FUNC_perf_event_output]	= &bpf_perf_event_output_kp_proto,
		[BPF_FUNC_get_stackid]		= &bpf_get_stackid_proto,
		[BPF_FUNC_get_stack]		= &bpf_get_stack_proto,
	},
	[BPF_EV_RAW] = {
		[BPF_FUNC_perf_event_output]	= &bpf_perf_event_output_raw_proto,
		[BPF_FUNC_get_stackid]		= &bpf_get_stackid_raw_proto,
		[BPF_FUNC_get_stack]		= &bpf_get_stack_raw_proto,
	},
};

/* Those of every kind; the readers of any address unless locked down. */
static const struct bpf_func_proto *const bpf_ev_shared[__BPF_FUNC_MAX_ID] = {
	[BPF_FUNC_get_current_comm]	= &bpf_get_current_comm_proto,
	[BPF_FUNC_get_current_uid_gid]	= &bpf_get_current_uid_gid_proto,
	[BPF_FUNC_get_current_task]	= &bpf_get_current_task_proto,
	[BPF_FUNC_get_attach_cookie]	= &bpf_get_attach_cookie_trace_proto,
	[BPF_FUNC_probe_read]		= &bpf_probe_read_compat_proto,
	[BPF_FUNC_probe_read_str]	= &bpf_probe_read_compat_str_proto,
	/* They may sleep: the verifier gives them to sleepable programs. */
	[BPF_FUNC_copy_from_user]	= &bpf_copy_from_user_proto,
	[BPF_FUNC_copy_from_user_task]	= &bpf_copy_from_user_task_proto,
};

/**
 * bpf_ev_func_proto() - the helpers every tracing program type has
 * @func_id:	the helper
 * @prog:	the program being verified
 *
 * bpf_ktime_get_coarse_ns() is not among them: these programs may run
 * in NMI.
 *
 * Return: its proto, or NULL.
 */
const struct bpf_func_proto *bpf_ev_func_proto(enum bpf_func_id func_id,
					       const struct bpf_prog *prog)
{
	const struct bpf_func_proto *fp;

	if ((unsigned int)func_id >= __BPF_FUNC_MAX_ID ||
	    func_id == BPF_FUNC_ktime_get_coarse_ns)
		return NULL;
	fp = bpf_ev_shared[func_id];
	if (!fp)
		return bpf_base_func_proto(func_id, prog);
	if ((fp == &bpf_probe_read_compat_proto ||
	     fp == &bpf_probe_read_compat_str_proto) &&
	    security_locked_down(LOCKDOWN_BPF_READ_KERNEL) < 0)
		return NULL;
	return fp;
}

static const struct bpf_func_proto *
bpf_ev_ctx_proto(enum bpf_ev_ctx ctx, enum bpf_func_id func_id,
		 const struct bpf_prog *prog)
{
	if ((unsigned int)func_id < __BPF_FUNC_MAX_ID &&
	    bpf_ev_by_ctx[ctx][func_id])
		return bpf_ev_by_ctx[ctx][func_id];
	return bpf_ev_func_proto(func_id, prog);
}

/**
 * bpf_ev_tp_func_proto() - the helpers of tracepoint programs
 * @func_id:	the helper
 * @prog:	the program being verified
 *
 * Return: its proto, or NULL.
 */
const struct bpf_func_proto *bpf_ev_tp_func_proto(enum bpf_func_id func_id,
						  const struct bpf_prog *prog)
{
	return bpf_ev_ctx_proto(BPF_EV_TP, func_id, prog);
}

/**
 * bpf_ev_kp_func_proto() - the helpers of kprobe programs
 * @func_id:	the helper
 * @prog:	the program being verified
 *
 * Return: its proto, or NULL.
 */
const struct bpf_func_proto *bpf_ev_kp_func_proto(enum bpf_func_id func_id,
						  const struct bpf_prog *prog)
{
	/* A kprobe_multi link's run knows the function and its cookie. */
	if (prog->expected_attach_type == BPF_TRACE_KPROBE_MULTI) {
		if (func_id == BPF_FUNC_get_attach_cookie)
			return &bpf_ev_kmulti_cookie_proto;
		if (func_id == BPF_FUNC_get_func_ip)
			return &bpf_ev_kmulti_ip_proto;
	}
	/* So does a uprobe_multi link's: the place's cookie and address. */
	if (prog->expected_attach_type == BPF_TRACE_UPROBE_MULTI) {
		if (func_id == BPF_FUNC_get_attach_cookie)
			return &bpf_ev_umulti_cookie_proto;
		if (func_id == BPF_FUNC_get_func_ip)
			return &bpf_ev_umulti_ip_proto;
	}
	return bpf_ev_ctx_proto(BPF_EV_KP, func_id, prog);
}

/**
 * bpf_ev_raw_func_proto() - the helpers of raw tracepoint programs
 * @func_id:	the helper
 * @prog:	the program being verified
 *
 * Return: its proto, or NULL.
 */
const struct bpf_func_proto *bpf_ev_raw_func_proto(enum bpf_func_id func_id,
						   const struct bpf_prog *prog)
{
	return bpf_ev_ctx_proto(BPF_EV_RAW, func_id, prog);
}
