// SPDX-License-Identifier: GPL-2.0
/*
 * The blk tracer: block I/O records of the queues traced through
 * /sys/block/<dev>/trace/ (trace_blk_sysfs.c), or by blktrace, go to the
 * trace arrays that run it (the top one and instances, in any number),
 * and print as blkparse's lines:
 *
 *	8,0    Q  WS 2048 + 8 [dd]
 *
 * after the usual context columns, or after blkparse's own (device, CPU,
 * time, pid) with the blk_classic option. blk_cgroup has the records
 * carry their cgroup's id (written by the top array's option), printed
 * before the action, as the cgroup's path with blk_cgname.
 */
#include <linux/blktrace_api.h>
#include <linux/cgroup.h>
#include <linux/kdev_t.h>
#include <linux/ring_buffer.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/unaligned.h>

#include "trace.h"
#include "trace_blktrace.h"

/* The letters of each action, as blkparse prints them. */
static const char *const blk_act_names[] = {
	[__BLK_TA_QUEUE]	= "Q",
	[__BLK_TA_BACKMERGE]	= "M",
	[__BLK_TA_FRONTMERGE]	= "F",
	[__BLK_TA_GETRQ]	= "G",
	[__BLK_TA_SLEEPRQ]	= "S",
	[__BLK_TA_REQUEUE]	= "R",
	[__BLK_TA_ISSUE]	= "D",
	[__BLK_TA_COMPLETE]	= "C",
	[__BLK_TA_PLUG]		= "P",
	[__BLK_TA_UNPLUG_IO]	= "U",
	[__BLK_TA_UNPLUG_TIMER]	= "UT",
	[__BLK_TA_INSERT]	= "I",
	[__BLK_TA_SPLIT]	= "X",
	[__BLK_TA_BOUNCE]	= "B",
	[__BLK_TA_REMAP]	= "A",
	[__BLK_TA_ABORT]	= "AB",
	[__BLK_TA_DRV_DATA]	= "DD",
};

/* The letters after the direction's, in blkparse's order. */
static const struct {
	u16 cat;
	char letter;
} blk_flag_letters[] = {
	{ BLK_TC_FUA, 'F' },
	{ BLK_TC_AHEAD, 'A' },
	{ BLK_TC_SYNC, 'S' },
	{ BLK_TC_META, 'M' },
};

/*
 * The operation's letters: F for a flush first, then D(iscard), W(rite),
 * R(ead) or N (no data), then the flags.
 */
static void blk_rwbs(char rwbs[8], const struct blk_io_trace *t)
{
	u32 cats = t->action >> BLK_TC_SHIFT;
	char *p = rwbs;
	int k;

	*p = 'F';
	p += !!(cats & BLK_TC_FLUSH);
	*p++ = (cats & BLK_TC_DISCARD) ? 'D' : (cats & BLK_TC_WRITE) ? 'W' :
	       t->bytes ? 'R' : 'N';
	for (k = 0; k < ARRAY_SIZE(blk_flag_letters); k++)
		if (cats & blk_flag_letters[k].cat)
			*p++ = blk_flag_letters[k].letter;
	*p = '\0';
}

/* The record's pdu, past its cgroup id. */
static const void *blk_pdu(const struct blk_io_trace *t, u16 *len)
{
	u16 skip = (t->action & __BLK_TA_CGROUP) ? sizeof(u64) : 0;

	*len = t->pdu_len > skip ? t->pdu_len - skip : 0;
	return (const char *)(t + 1) + skip;
}

static u64 blk_pdu_be64(const void *pdu, u16 len)
{
	return len >= sizeof(__be64) ? get_unaligned_be64(pdu) : 0;
}

/* What follows the action and its letters, by action. */
static void blk_print_what(struct seq_file *m, const struct blk_io_trace *t,
			   const char *comm)
{
	u16 len;
	const void *pdu = blk_pdu(t, &len);
	u32 act = t->action & 0xff;

	if ((t->action & ~__BLK_TN_CGROUP) == BLK_TN_MESSAGE) {
		seq_printf(m, "%.*s\n", len, (const char *)pdu);
		return;
	}
	switch (act) {
	case __BLK_TA_COMPLETE:
		seq_printf(m, "%llu + %u [%d]\n", t->sector, t->bytes >> 9,
			   (s16)t->error);
		return;
	case __BLK_TA_PLUG:
		seq_printf(m, "[%s]\n", comm);
		return;
	case __BLK_TA_UNPLUG_IO:
	case __BLK_TA_UNPLUG_TIMER:
		seq_printf(m, "[%s] %llu\n", comm, blk_pdu_be64(pdu, len));
		return;
	case __BLK_TA_SPLIT:
		seq_printf(m, "%llu / %llu [%s]\n", t->sector,
			   blk_pdu_be64(pdu, len), comm);
		return;
	case __BLK_TA_REMAP:
		if (len >= sizeof(struct blk_io_trace_remap)) {
			const struct blk_io_trace_remap *r = pdu;
			u32 from = get_unaligned_be32(&r->device_from);

			seq_printf(m, "%llu + %u <- (%d,%d) %llu\n", t->sector,
				   t->bytes >> 9, MAJOR(from), MINOR(from),
				   get_unaligned_be64(&r->sector_from));
			return;
		}
		break;
	}
	if (t->sector || t->bytes)
		seq_printf(m, "%llu + %u [%s]\n", t->sector, t->bytes >> 9,
			   comm);
	else
		seq_printf(m, "[%s]\n", comm);
}

/* The device, the cgroup id, the action and the letters, then the rest. */
static void blk_print(struct seq_file *m, const struct trace_ev *ev,
		      bool classic)
{
	const struct trace_blk_rec *r = (const void *)ev->rec;
	const struct blk_io_trace *t = &r->t;
	bool note = t->action & BLK_TC_ACT(BLK_TC_NOTIFY);
	char comm[TASK_COMM_LEN], rwbs[8];
	u32 act = t->action & 0xff;
	const char *name = "?";

	if (note) {
		name = "m";
		strscpy(rwbs, "N");
	} else {
		if (act < ARRAY_SIZE(blk_act_names) && blk_act_names[act])
			name = blk_act_names[act];
		blk_rwbs(rwbs, t);
	}
	if (classic) {
		u64 ns = ev->ts;
		u32 rem = do_div(ns, NSEC_PER_SEC);

		seq_printf(m, "%3d,%-3d %2d %5llu.%09u %5u ", MAJOR(t->device),
			   MINOR(t->device), ev->cpu, ns, rem, t->pid);
	} else {
		seq_printf(m, "%3d,%-3d ", MAJOR(t->device), MINOR(t->device));
	}
	if ((t->action & __BLK_TA_CGROUP) && t->pdu_len >= sizeof(u64)) {
		u64 id = get_unaligned((const u64 *)(t + 1));
		char path[64] = "";

		/* blk_cgname: the cgroup's path rather than its id. */
		if (trace_ev_opt(ev, TRACE_OPT_BLK_CGNAME))
			cgroup_path_from_kernfs_id(id, path, sizeof(path));
		if (*path)
			seq_printf(m, "%s ", path);
		else
			seq_printf(m, "%x,%-x ", (u32)id, (u32)(id >> 32));
	}
	seq_printf(m, "%2s %3s ", name, rwbs);
	trace_cmdline_find(t->pid, comm);
	blk_print_what(m, t, comm);
}

static bool blk_rec_ok(const struct trace_ev *ev)
{
	const struct trace_blk_rec *r = (const void *)ev->rec;

	return ev->rec->type == TRACE_TYPE_BLK && ev->len >= sizeof(*r) &&
	       ev->len >= sizeof(*r) + r->t.pdu_len;
}

static bool blk_print_line(struct seq_file *m, const struct trace_ev *ev)
{
	if (!blk_rec_ok(ev) || !trace_ev_opt(ev, TRACE_OPT_BLK_CLASSIC))
		return false;
	blk_print(m, ev, true);
	return true;
}

static bool blk_print_body(struct seq_file *m, const struct trace_ev *ev)
{
	if (!blk_rec_ok(ev))
		return false;
	blk_print(m, ev, false);
	return true;
}

static struct trace_printer blk_printer = {
	.line = blk_print_line,
	.body = blk_print_body,
};

TRACE_PRINTER_REGISTER(blk_printer);

/* The top array's blk_cgroup: whether records carry cgroup ids. */
static int blk_set_cgroup(struct trace_array *tr, unsigned int opt, bool on)
{
	if (trace_array_is_top(tr))
		WRITE_ONCE(blkt_cgroup_ids, on);
	return 0;
}

static struct trace_opt_hook blk_cgroup_opt = {
	.opts = BIT(TRACE_OPT_BLK_CGROUP),
	.apply = blk_set_cgroup,
};

TRACE_OPT_HOOK(blk_cgroup_opt);

static void blk_print_header(struct seq_file *m, struct trace_array *tr)
{
	if (!trace_tr_opt(tr, TRACE_OPT_BLK_CLASSIC)) {
		trace_print_buf_header(m, RING_BUFFER_ALL_CPUS, tr,
				       READ_ONCE(trace_array_buf(tr)->rb));
		return;
	}
	seq_puts(m, "# DEV   CPU TIMESTAMP     PID ACT FLG\n");
	seq_puts(m, "#  |     |     |           |   |   |\n");
}

static int blk_init(void)
{
	return blkt_tracer_attach(&trace_top);
}

static void blk_reset(void)
{
	blkt_tracer_detach(&trace_top);
}

static struct tracer blk_tracer = {
	.name = "blk",
	.init = blk_init,
	.reset = blk_reset,
	.init_array = blkt_tracer_attach,
	.reset_array = blkt_tracer_detach,
	.print_header = blk_print_header,
};

static int __init blk_tracer_init(void)
{
	return trace_register_tracer(&blk_tracer);
}
core_initcall(blk_tracer_init);
