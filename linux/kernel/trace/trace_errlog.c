// SPDX-License-Identifier: GPL-2.0
/*
 * error_log: the last errors of writes to tracefs files, each with the
 * command written and a caret under the place it went wrong:
 *
 *   [   12.345678] event filter parse error: error: Field not found
 *     Command: pid == 1 && dsig == 17
 *                               ^
 *
 * Any write empties it. It keeps the TRACE_ERRLOG_MAX newest errors.
 */
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/sched/clock.h>
#include <linux/seq_file.h>
#include <linux/slab.h>

#include "trace.h"

#define TRACE_ERRLOG_MAX	16

/**
 * struct trace_err - one error
 * @list:	link in trace_errs, oldest first
 * @ns:		when it happened (local_clock())
 * @pos:	the offset in @cmd the caret points at
 * @loc:	what reported it
 * @msg:	what went wrong
 * @cmd:	what was written
 */
struct trace_err {
	struct list_head list;
	u64 ns;
	unsigned int pos;
	const char *loc;
	const char *msg;
	char cmd[];
};

/* trace_errs and trace_nerrs, protected by trace_errlog_lock. */
static DEFINE_MUTEX(trace_errlog_lock);
static LIST_HEAD(trace_errs);
static unsigned int trace_nerrs;

/**
 * trace_errlog() - add an error to error_log
 * @loc:	what reports it (a static string)
 * @cmd:	what was written
 * @pos:	the offset in @cmd the error is at
 * @msg:	what went wrong (a static string)
 *
 * Called in process context. An error that cannot be stored for want of
 * memory is dropped.
 */
void trace_errlog(const char *loc, const char *cmd, unsigned int pos,
		  const char *msg)
{
	size_t len = strlen(cmd);
	struct trace_err *e = kmalloc(struct_size(e, cmd, len + 1), GFP_KERNEL);
	struct trace_err *old;

	if (!e)
		return;
	e->ns = local_clock();
	e->pos = min_t(unsigned int, pos, len);
	e->loc = loc;
	e->msg = msg;
	memcpy(e->cmd, cmd, len + 1);
	mutex_lock(&trace_errlog_lock);
	list_add_tail(&e->list, &trace_errs);
	if (++trace_nerrs > TRACE_ERRLOG_MAX) {
		old = list_first_entry(&trace_errs, struct trace_err, list);
		list_del(&old->list);
		kfree(old);
		trace_nerrs--;
	}
	mutex_unlock(&trace_errlog_lock);
}

/**
 * trace_errlog_show() - print error_log
 * @m:		where to print
 * @tr:		the trace array of the file
 * @unused:	the table argument
 *
 * Return: 0.
 */
static int trace_errlog_show(struct seq_file *m, struct trace_array *tr,
			     long unused)
{
	struct trace_err *e;
	u64 secs;
	u32 ns;

	mutex_lock(&trace_errlog_lock);
	list_for_each_entry(e, &trace_errs, list) {
		secs = e->ns;
		ns = do_div(secs, NSEC_PER_SEC);
		seq_printf(m, "[%5llu.%06u] %s: error: %s\n", secs,
			   ns / (u32)NSEC_PER_USEC, e->loc, e->msg);
		seq_printf(m, "  Command: %s\n", e->cmd);
		seq_printf(m, "%*s^\n", 11 + e->pos, "");
	}
	mutex_unlock(&trace_errlog_lock);
	return 0;
}

/**
 * trace_errlog_store() - empty error_log (any write does)
 * @tr:		the trace array of the file
 * @val:	the write, ignored
 * @unused:	the table argument
 *
 * Return: 0.
 */
static int trace_errlog_store(struct trace_array *tr, const char *val,
			      long unused)
{
	struct trace_err *e, *tmp;

	mutex_lock(&trace_errlog_lock);
	list_for_each_entry_safe(e, tmp, &trace_errs, list) {
		list_del(&e->list);
		kfree(e);
	}
	trace_nerrs = 0;
	mutex_unlock(&trace_errlog_lock);
	return 0;
}

static const struct trace_fs_file trace_errlog_files[] = {
	TRACE_FS_ATTR("error_log", 0644, TRACE_FS_TOP_ONLY, trace_errlog_show,
		      trace_errlog_store),
};

static struct trace_fs_table trace_errlog_fs = {
	.name = "error_log",
	.files = trace_errlog_files,
	.nr = ARRAY_SIZE(trace_errlog_files),
	.order = TRACE_FS_ORDER_ERRLOG,
	.readme =
	"  error_log            - errors of the last writes to these files\n",
};

TRACE_FS_REGISTER(trace_errlog_fs);
