// SPDX-License-Identifier: GPL-2.0
/*
 * The verifier's and the loader's view of the tracing program types
 * (include/linux/bpf_types.h): which helpers each may call and which
 * bytes of its context it may read.
 *
 *   kprobe		a struct pt_regs
 *   tracepoint		an event's record as its format file lays it out;
 *			its first 8 bytes (the common fields) hold the
 *			registers of the hit and are not for reading
 *   raw_tracepoint	the tracepoint's arguments, each widened to u64
 *   perf_event, tracing
 *			load, but cannot read their context yet: they have
 *			nothing to attach to here
 */
#include <linux/bpf.h>
#include <linux/bpf_perf_event.h>
#include <linux/filter.h>
#include <linux/perf_event.h>
#include <linux/trace_events.h>

#include "bpf_ev.h"

/* An aligned read of @size bytes at @off within [@lo, @hi). */
static bool bpf_ev_read_ok(int off, int size, enum bpf_access_type type,
			   int lo, int hi)
{
	return type == BPF_READ && off >= lo && off < hi &&
	       size <= hi - off && off % size == 0;
}

static bool kprobe_ctx_ok(int off, int size, enum bpf_access_type type,
			  const struct bpf_prog *prog,
			  struct bpf_insn_access_aux *info)
{
	return bpf_ev_read_ok(off, size, type, 0, sizeof(struct pt_regs));
}

const struct bpf_verifier_ops kprobe_verifier_ops = {
	.get_func_proto		= bpf_ev_kp_func_proto,
	.is_valid_access	= kprobe_ctx_ok,
};

const struct bpf_prog_ops kprobe_prog_ops = {
};

/*
 * How far a record reaches is the event's business: perf checks
 * prog->aux->max_ctx_offset against trace_event_get_offsets() as the
 * program attaches.
 */
static bool tracepoint_ctx_ok(int off, int size, enum bpf_access_type type,
			      const struct bpf_prog *prog,
			      struct bpf_insn_access_aux *info)
{
	return bpf_ev_read_ok(off, size, type, sizeof(void *),
			      PERF_MAX_TRACE_SIZE);
}

const struct bpf_verifier_ops tracepoint_verifier_ops = {
	.get_func_proto		= bpf_ev_tp_func_proto,
	.is_valid_access	= tracepoint_ctx_ok,
};

const struct bpf_prog_ops tracepoint_prog_ops = {
};

/* As many arguments as a tracepoint has at most; bpf_probe_register() checks. */
static bool raw_tp_ctx_ok(int off, int size, enum bpf_access_type type,
			  const struct bpf_prog *prog,
			  struct bpf_insn_access_aux *info)
{
	return bpf_ev_read_ok(off, size, type, 0,
			      MAX_BPF_FUNC_ARGS * sizeof(u64));
}

const struct bpf_verifier_ops raw_tracepoint_verifier_ops = {
	.get_func_proto		= bpf_ev_raw_func_proto,
	.is_valid_access	= raw_tp_ctx_ok,
};

const struct bpf_prog_ops raw_tracepoint_prog_ops = {
#ifdef CONFIG_NET
	.test_run		= bpf_prog_test_run_raw_tp,
#endif
};

/*
 * Writable raw tracepoints hand their first argument to the program as
 * a buffer it may write, up to the size the tracepoint declares; none
 * of ours declares one, so bpf_probe_register() refuses every program
 * that writes.
 */
static bool raw_tp_writable_ctx_ok(int off, int size,
				   enum bpf_access_type type,
				   const struct bpf_prog *prog,
				   struct bpf_insn_access_aux *info)
{
	if (off == 0 && size == sizeof(u64) && type == BPF_READ) {
		info->reg_type = PTR_TO_TP_BUFFER;
		return true;
	}
	return raw_tp_ctx_ok(off, size, type, prog, info);
}

const struct bpf_verifier_ops raw_tracepoint_writable_verifier_ops = {
	.get_func_proto		= bpf_ev_raw_func_proto,
	.is_valid_access	= raw_tp_writable_ctx_ok,
};

const struct bpf_prog_ops raw_tracepoint_writable_prog_ops = {
};

static bool bpf_ev_no_ctx(int off, int size, enum bpf_access_type type,
			  const struct bpf_prog *prog,
			  struct bpf_insn_access_aux *info)
{
	return false;
}

/*
 * perf runs perf_event programs from its overflow handler, and tracing
 * programs run from BPF trampolines: neither has the run context that
 * bpf_get_attach_cookie() reads here.
 */
static const struct bpf_func_proto *
bpf_ev_nocookie_proto(enum bpf_func_id func_id, const struct bpf_prog *prog)
{
	if (func_id == BPF_FUNC_get_attach_cookie)
		return NULL;
	return bpf_ev_func_proto(func_id, prog);
}

const struct bpf_verifier_ops perf_event_verifier_ops = {
	.get_func_proto		= bpf_ev_nocookie_proto,
	.is_valid_access	= bpf_ev_no_ctx,
};

const struct bpf_prog_ops perf_event_prog_ops = {
};

const struct bpf_verifier_ops tracing_verifier_ops = {
	.get_func_proto		= bpf_ev_nocookie_proto,
	.is_valid_access	= bpf_ev_no_ctx,
};

const struct bpf_prog_ops tracing_prog_ops = {
};
