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
 * Each trace array has its own: the errors of writes to its files.
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
 * @loc:	what reported it, kept after @cmd
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

/**
 * struct trace_errs - the error_log of a trace array
 * @list:	the errors (struct trace_err), oldest first
 * @n:		how many
 *
 * Under trace_errlog_lock.
 */
struct trace_errs {
	struct list_head list;
	unsigned int n;
};

static DEFINE_MUTEX(trace_errlog_lock);
static struct trace_errs trace_top_errs = {
	.list = LIST_HEAD_INIT(trace_top_errs.list),
};

static struct trace_errs *trace_errs_of(struct trace_array *tr)
{
	return *trace_array_slot(tr, TRACE_ARRAY_ERRLOG);
}

/**
 * trace_array_errlog() - add an error to a trace array's error_log
 * @tr:		the array whose file was written
 * @loc:	what reports it (copied: "hist:<system>:<event>" is built)
 * @cmd:	what was written
 * @pos:	the offset in @cmd the error is at
 * @msg:	what went wrong (a static string)
 *
 * Called in process context. An error that cannot be stored for want of
 * memory, or comes before the log is set up (a boot parameter tried
 * from trace_init(), which tries again later), is dropped.
 */
void trace_array_errlog(struct trace_array *tr, const char *loc,
			const char *cmd, unsigned int pos, const char *msg)
{
	struct trace_errs *errs = trace_errs_of(tr);
	size_t len = strlen(cmd), llen = strlen(loc);
	struct trace_err *e;
	struct trace_err *old;

	if (!errs)
		return;
	e = kmalloc(struct_size(e, cmd, len + llen + 2), GFP_KERNEL);
	if (!e)
		return;
	e->ns = local_clock();
	e->pos = min_t(unsigned int, pos, len);
	e->msg = msg;
	memcpy(e->cmd, cmd, len + 1);
	memcpy(e->cmd + len + 1, loc, llen + 1);
	e->loc = e->cmd + len + 1;
	mutex_lock(&trace_errlog_lock);
	list_add_tail(&e->list, &errs->list);
	if (++errs->n > TRACE_ERRLOG_MAX) {
		old = list_first_entry(&errs->list, struct trace_err, list);
		list_del(&old->list);
		kfree(old);
		errs->n--;
	}
	mutex_unlock(&trace_errlog_lock);
}

/**
 * trace_errlog() - add an error to the top array's error_log
 * @loc:	what reports it
 * @cmd:	what was written
 * @pos:	the offset in @cmd the error is at
 * @msg:	what went wrong (a static string)
 *
 * As trace_array_errlog().
 */
void trace_errlog(const char *loc, const char *cmd, unsigned int pos,
		  const char *msg)
{
	trace_array_errlog(&trace_top, loc, cmd, pos, msg);
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
	list_for_each_entry(e, &trace_errs_of(tr)->list, list) {
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
	struct trace_errs *errs = trace_errs_of(tr);
	struct trace_err *e, *tmp;

	mutex_lock(&trace_errlog_lock);
	list_for_each_entry_safe(e, tmp, &errs->list, list) {
		list_del(&e->list);
		kfree(e);
	}
	errs->n = 0;
	mutex_unlock(&trace_errlog_lock);
	return 0;
}

static int trace_errlog_add(struct trace_array *tr, struct trace_fs_dirs *fs,
			    struct dentry *dir)
{
	struct trace_errs *errs = kzalloc(sizeof(*errs), GFP_KERNEL);

	if (!errs)
		return -ENOMEM;
	INIT_LIST_HEAD(&errs->list);
	*trace_array_slot(tr, TRACE_ARRAY_ERRLOG) = errs;
	return 0;
}

/* Its files are closed and open no more: nobody adds to it. */
static void trace_errlog_remove(struct trace_array *tr)
{
	struct trace_errs *errs = trace_errs_of(tr);

	trace_errlog_store(tr, NULL, 0);
	*trace_array_slot(tr, TRACE_ARRAY_ERRLOG) = NULL;
	kfree(errs);
}

static struct trace_array_client trace_errlog_client = {
	.add = trace_errlog_add,
	.remove = trace_errlog_remove,
	.order = TRACE_ARRAY_ORDER_PIDS,
};

static int __init trace_errlog_init(void)
{
	*trace_array_slot(&trace_top, TRACE_ARRAY_ERRLOG) = &trace_top_errs;
	trace_array_client_register(&trace_errlog_client);
	return 0;
}
core_initcall(trace_errlog_init);

static const struct trace_fs_file trace_errlog_files[] = {
	TRACE_FS_ATTR("error_log", 0640, TRACE_FS_ARRAY, trace_errlog_show,
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
