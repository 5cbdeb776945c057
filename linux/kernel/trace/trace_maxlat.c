// SPDX-License-Identifier: GPL-2.0
/*
 * tracing_max_latency: the worst latency a tracer of a trace array saw,
 * in the top array and in each instance, in microseconds. The latency
 * tracers (trace_lat.c) keep the top array's; hwlat keeps the one of the
 * array it runs in. A user may write it: 0 starts over.
 *
 * Each new maximum a tracer sets tells the file's inotify and fanotify
 * watchers (FS_MODIFY), so that a tool can wait for a latency instead of
 * reading the file in a loop. The tracers set it with interrupts off,
 * inside the interrupt-state hooks or under a runqueue lock, where
 * fsnotify, which may sleep, cannot run: an irq_work takes the event to
 * a work item, which sends it. Several maxima before the work runs make
 * one event. A write of the file makes its own, through the VFS.
 */
#include <linux/atomic.h>
#include <linux/dcache.h>
#include <linux/fsnotify.h>
#include <linux/irq_work.h>
#include <linux/slab.h>
#include <linux/workqueue.h>

#include "trace.h"
#include "trace_maxlat.h"

/**
 * struct trace_maxlat - tracing_max_latency of a trace array
 * @ns:		the latency, in nanoseconds; read and written locklessly
 * @file:	the file, for its watchers; NULL until known
 * @iw:		queued by a new maximum, in any context but NMI
 * @work:	queued by @iw: sends the event
 */
struct trace_maxlat {
	atomic64_t ns;
	struct dentry *file;
	struct irq_work iw;
	struct work_struct work;
};

static struct trace_maxlat trace_maxlat_top;

static struct trace_maxlat *trace_maxlat_of(struct trace_array *tr)
{
	return *trace_array_slot(tr, TRACE_ARRAY_MAXLAT);
}

/* Process context: tell the watchers. */
static void trace_maxlat_work(struct work_struct *work)
{
	struct trace_maxlat *m = container_of(work, struct trace_maxlat,
					      work);
	struct dentry *d = READ_ONCE(m->file);

	if (d && d_inode(d))
		fsnotify_inode(d_inode(d), FS_MODIFY);
}

/* Hard interrupt context, out of the tracer's way. */
static void trace_maxlat_irq_work(struct irq_work *iw)
{
	struct trace_maxlat *m = container_of(iw, struct trace_maxlat, iw);

	queue_work(system_unbound_wq, &m->work);
}

static void trace_maxlat_init_one(struct trace_maxlat *m)
{
	atomic64_set(&m->ns, 0);
	init_irq_work(&m->iw, trace_maxlat_irq_work);
	INIT_WORK(&m->work, trace_maxlat_work);
}

/**
 * trace_maxlat_get() - tracing_max_latency of a trace array
 * @tr:		the array
 *
 * Return: the latency, in nanoseconds.
 */
u64 trace_maxlat_get(struct trace_array *tr)
{
	return atomic64_read(&trace_maxlat_of(tr)->ns);
}

/**
 * trace_maxlat_set() - set tracing_max_latency, quietly
 * @tr:		the array
 * @ns:		the latency, in nanoseconds
 *
 * For a tracer starting over: the watchers are not told.
 */
void trace_maxlat_set(struct trace_array *tr, u64 ns)
{
	atomic64_set(&trace_maxlat_of(tr)->ns, ns);
}

/**
 * trace_maxlat_new() - a new maximum for tracing_max_latency
 * @tr:		the array
 * @ns:		the latency, in nanoseconds
 *
 * Sets it, and tells the file's watchers soon after.
 *
 * Context: any but NMI; interrupts and preemption may be off, and
 * scheduler locks held.
 */
void trace_maxlat_new(struct trace_array *tr, u64 ns)
{
	struct trace_maxlat *m = trace_maxlat_of(tr);

	atomic64_set(&m->ns, ns);
	irq_work_queue(&m->iw);
}

/**
 * trace_maxlat_raise() - raise tracing_max_latency to a latency above it
 * @tr:		the array
 * @ns:		the latency, in nanoseconds
 *
 * Context: as trace_maxlat_new(); racing raisers keep the largest.
 * Return: true when @ns was above it, and is the new maximum.
 */
bool trace_maxlat_raise(struct trace_array *tr, u64 ns)
{
	struct trace_maxlat *m = trace_maxlat_of(tr);
	s64 old = atomic64_read(&m->ns);

	do {
		if (ns <= (u64)old)
			return false;
	} while (!atomic64_try_cmpxchg(&m->ns, &old, ns));
	irq_work_queue(&m->iw);
	return true;
}

/* tracing_max_latency, read: microseconds. */
static int trace_maxlat_show(struct seq_file *m, struct trace_array *tr,
			     long unused)
{
	seq_printf(m, "%llu\n", div_u64(trace_maxlat_get(tr), NSEC_PER_USEC));
	return 0;
}

/* Written: microseconds that fit in nanoseconds, else -EINVAL. */
static int trace_maxlat_store(struct trace_array *tr, const char *val,
			      long unused)
{
	u64 us;

	if (kstrtou64(val, 0, &us) || us > U64_MAX / NSEC_PER_USEC)
		return -EINVAL;
	trace_maxlat_set(tr, us * NSEC_PER_USEC);
	return 0;
}

static const struct trace_fs_file trace_maxlat_files[] = {
	TRACE_FS_ATTR("tracing_max_latency", 0640, TRACE_FS_ARRAY,
		      trace_maxlat_show, trace_maxlat_store),
};

static struct trace_fs_table trace_maxlat_fs = {
	.name = "max latency",
	.files = trace_maxlat_files,
	.nr = ARRAY_SIZE(trace_maxlat_files),
	.order = TRACE_FS_ORDER_LAT,
	.readme =
	"  tracing_max_latency  - the longest latency a latency tracer saw (us);\n"
	"                         echo 0 starts over; a new maximum is an\n"
	"                         inotify IN_MODIFY event of the file\n",
};

static int trace_maxlat_add(struct trace_array *tr, struct trace_fs_dirs *fs,
			    struct dentry *dir)
{
	struct trace_maxlat *m = kzalloc(sizeof(*m), GFP_KERNEL);

	if (!m)
		return -ENOMEM;
	trace_maxlat_init_one(m);
	m->file = trace_fs_file_dentry(fs, &trace_maxlat_files[0]);
	*trace_array_slot(tr, TRACE_ARRAY_MAXLAT) = m;
	return 0;
}

/* Its tracer stopped first (a higher order): nothing queues it again. */
static void trace_maxlat_remove(struct trace_array *tr)
{
	struct trace_maxlat *m = trace_maxlat_of(tr);

	irq_work_sync(&m->iw);
	cancel_work_sync(&m->work);
	*trace_array_slot(tr, TRACE_ARRAY_MAXLAT) = NULL;
	kfree(m);
}

static struct trace_array_client trace_maxlat_client = {
	.add = trace_maxlat_add,
	.remove = trace_maxlat_remove,
	.order = TRACE_ARRAY_ORDER_MAXLAT,
};

static int __init trace_maxlat_init(void)
{
	trace_maxlat_init_one(&trace_maxlat_top);
	*trace_array_slot(&trace_top, TRACE_ARRAY_MAXLAT) = &trace_maxlat_top;
	trace_array_client_register(&trace_maxlat_client);
	return trace_fs_register(&trace_maxlat_fs);
}
core_initcall(trace_maxlat_init);

/* The top array's file is made when tracefs comes up (fs_initcall). */
static int __init trace_maxlat_top_file(void)
{
	WRITE_ONCE(trace_maxlat_top.file,
		   trace_fs_file_dentry(NULL, &trace_maxlat_files[0]));
	return 0;
}
fs_initcall_sync(trace_maxlat_top_file);
