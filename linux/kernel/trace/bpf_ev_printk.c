// SPDX-License-Identifier: GPL-2.0
/*
 * bpf_trace_printk() and bpf_trace_vprintk(): a BPF program's message,
 * formatted as printk would, becomes a bpf_trace/bpf_trace_printk event.
 *
 * Users read these messages in trace_pipe without enabling anything
 * (bpftool prog tracelog, bpftrace's printf debugging): each load of a
 * program that calls them turns the event on in the top trace array.
 */
#include <linux/bpf.h>
#include <linux/filter.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/trace.h>

#include "bpf_ev.h"
#include "trace.h"

#define CREATE_TRACE_POINTS
#include "bpf_ev_printk_trace.h"

/* Format @fmt with @args into the helper's buffer, and send it. */
static long bpf_ev_printk(char *fmt, u32 fmt_size, const u64 *args,
			  u32 nargs)
{
	struct bpf_bprintf_data data = {
		.get_bin_args	= true,
		.get_buf	= true,
	};
	int len;
	int ret;

	ret = bpf_bprintf_prepare(fmt, fmt_size, args, nargs, &data);
	if (ret < 0)
		return ret;
	len = bstr_printf(data.buf, MAX_BPRINTF_BUF, fmt, data.bin_args);
	ret = min_t(int, len, MAX_BPRINTF_BUF - 1);
	/* Each message is a line of its own: one newline of its own goes. */
	if (ret && data.buf[ret - 1] == '\n')
		data.buf[ret - 1] = '\0';
	trace_bpf_trace_printk(data.buf);
	bpf_bprintf_cleanup(&data);
	return len;
}

BPF_CALL_5(bpf_trace_printk, char *, fmt, u32, fmt_size, u64, a1, u64, a2,
	   u64, a3)
{
	u64 args[] = { a1, a2, a3 };

	return bpf_ev_printk(fmt, fmt_size, args, ARRAY_SIZE(args));
}

static const struct bpf_func_proto bpf_trace_printk_proto =
	BPF_EV_PROTO(bpf_trace_printk, true, ARG_PTR_TO_MEM | MEM_RDONLY,
		     ARG_CONST_SIZE);

BPF_CALL_4(bpf_trace_vprintk, char *, fmt, u32, fmt_size, const void *, data,
	   u32, data_len)
{
	if (data_len % 8 || data_len > MAX_BPRINTF_VARARGS * 8 ||
	    (data_len && !data))
		return -EINVAL;
	return bpf_ev_printk(fmt, fmt_size, data, data_len / 8);
}

static const struct bpf_func_proto bpf_trace_vprintk_proto =
	BPF_EV_PROTO(bpf_trace_vprintk, true, ARG_PTR_TO_MEM | MEM_RDONLY,
		     ARG_CONST_SIZE,
		     ARG_PTR_TO_MEM | PTR_MAYBE_NULL | MEM_RDONLY,
		     ARG_CONST_SIZE_OR_ZERO);

/* The messages show up without anybody enabling their event. */
static void bpf_ev_printk_on(void)
{
	/* Without it, messages are dropped: the program still loads. */
	trace_array_set_clr_event(&trace_top, "bpf_trace", "bpf_trace_printk",
				  true);
}

/**
 * bpf_get_trace_printk_proto() - bpf_trace_printk() for a program being
 * verified
 *
 * Turns its event on in the top trace array.
 *
 * Return: the proto.
 */
const struct bpf_func_proto *bpf_get_trace_printk_proto(void)
{
	bpf_ev_printk_on();
	return &bpf_trace_printk_proto;
}

/**
 * bpf_get_trace_vprintk_proto() - bpf_trace_vprintk() for a program being
 * verified
 *
 * Turns its event on in the top trace array.
 *
 * Return: the proto.
 */
const struct bpf_func_proto *bpf_get_trace_vprintk_proto(void)
{
	bpf_ev_printk_on();
	return &bpf_trace_vprintk_proto;
}
