// SPDX-License-Identifier: GPL-2.0
/*
 * options/trace_printk_dest: which array trace_printk() writes into.
 *
 * One array at a time has the option: the top one at boot. Setting it in
 * an instance takes it from the array that had it; clearing it in that
 * instance (or removing the instance) gives it back to the top array,
 * which cannot clear it itself. trace_instance=NAME^traceprintk sets it
 * at boot (trace_ev_set.c).
 */
#include <linux/errno.h>
#include <linux/rcupdate.h>

#include "trace.h"

/*
 * The instance that has the option, NULL for the top array; under the
 * options' mutex (only its hook and trace_printk_dest_remove() write it).
 */
static struct trace_array *trace_printk_owner;

/*
 * Its buffer, NULL for the top array's: read by trace_printk() with
 * preemption off. An instance's buffer outlives the readers that found
 * it: trace_buf_destroy() waits a grace period after removal.
 */
static struct trace_buf *trace_printk_dest;

/**
 * trace_printk_buf() - the buffer trace_printk() writes into
 *
 * Context: preemption off, until the caller is done with the buffer.
 * Return: the buffer of the array with options/trace_printk_dest.
 */
struct trace_buf *trace_printk_buf(void)
{
	return READ_ONCE(trace_printk_dest) ?: &trace_top_buf;
}

static int trace_printk_dest_apply(struct trace_array *tr, unsigned int o,
				   bool on)
{
	struct trace_array *old = trace_printk_owner ?: &trace_top;

	if (!on) {
		/* Only the owner has it set: it goes back to the top. */
		if (trace_array_is_top(tr))
			return -EINVAL;
		trace_printk_owner = NULL;
		WRITE_ONCE(trace_printk_dest, NULL);
		set_bit(o, &trace_opts);
		return 0;
	}
	if (old != tr)
		clear_bit(o, trace_array_opts(old));
	trace_printk_owner = trace_array_is_top(tr) ? NULL : tr;
	WRITE_ONCE(trace_printk_dest,
		   trace_printk_owner ? trace_array_buf(tr) : NULL);
	return 0;
}

static struct trace_opt_hook trace_printk_dest_hook = {
	.opts = BIT(TRACE_OPT_TRACE_PRINTK_DEST),
	.apply = trace_printk_dest_apply,
};

TRACE_OPT_HOOK(trace_printk_dest_hook);

/* An instance that goes gives the option back to the top array. */
static void trace_printk_dest_remove(struct trace_array *tr)
{
	if (test_bit(TRACE_OPT_TRACE_PRINTK_DEST, trace_array_opts(tr)))
		trace_opts_set(&trace_top, &trace_opts,
			       TRACE_OPT_TRACE_PRINTK_DEST, true);
}

static struct trace_array_client trace_printk_dest_client = {
	.remove = trace_printk_dest_remove,
	.order = TRACE_ARRAY_ORDER_PIDS,
};

TRACE_REGISTER(trace_array_client_register, trace_printk_dest_client);
