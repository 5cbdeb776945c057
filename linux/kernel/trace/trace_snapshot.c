// SPDX-License-Identifier: GPL-2.0
/*
 * The snapshot: the trace buffer kept aside on demand.
 *
 * A snapshot swaps the trace buffer with the max buffer (trace_buf.c):
 * the records written so far stay in the max buffer, which the snapshot
 * file shows, and writers go on in the other buffer. It is the swap the
 * latency tracers make for a new worst case, asked for by a user instead:
 *
 *   echo 1 > snapshot		allocate the max buffer if needed, swap
 *   echo 2 > snapshot		clear it (any number but 0 and 1)
 *   echo 0 > snapshot		free it
 *   snapshot[:count] [if filter]	trigger of an event (trace_ev_trig.c)
 *   <function>:snapshot[:count]	function command (fentry_cmd.c)
 *   tracing_snapshot()		from kernel code
 *   ftrace_boot_snapshot		at the end of boot (command line)
 *
 * Triggers and commands arm the snapshot: the buffer is allocated when
 * they are set, so that taking a snapshot never allocates, and it cannot
 * be freed while they are armed. A latency tracer owns the max buffer
 * while it is current: the snapshot file then refuses writes, and armed
 * snapshots write a note into the trace instead of swapping.
 *
 * The per-CPU files show one CPU of the snapshot and clear it; the ring
 * buffer has no swap of one CPU, so writing 0 or 1 there is refused.
 */
#include <linux/fs.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/kprobes.h>
#include <linux/mutex.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/string.h>
#include <linux/trace.h>
#include <linux/uaccess.h>

#include "trace.h"

/* Protects each buffer's snap_armed; nests inside trace_lock, trace_ev_lock
 * and fentry_cmd_mutex, outside trace_buf_lock.
 */
static DEFINE_MUTEX(trace_snap_lock);

/* A line in @b's trace saying why a snapshot was not taken. */
static void trace_snap_note(struct trace_buf *b, const char *why)
{
	char line[96];
	int n = scnprintf(line, sizeof(line), "*** snapshot not taken: %s ***\n",
			  why);

	trace_print_write(b, _RET_IP_, line, n);
}

/**
 * trace_snapshot_take() - swap a trace buffer with its snapshot buffer
 * @b:		the buffer
 *
 * Any context. When a latency tracer owns the max buffer, or there is no
 * snapshot buffer, or a swap is already under way (a resize, a reset, a
 * latency or a snapshot on another CPU), no snapshot is taken and a note
 * says so in the trace. With no buffer, tracing stops too, so that what
 * was to be kept stays in the trace buffer.
 */
void trace_snapshot_take(struct trace_buf *b)
{
	const struct tracer *t = trace_current_tracer();
	unsigned long flags;
	bool taken = false;

	if (b == &trace_top_buf && t && t->use_max) {
		trace_snap_note(b, "the latency tracer owns the buffer");
		return;
	}
	if (in_nmi()) {
		trace_snap_note(b, "in NMI");
		return;
	}
	local_irq_save(flags);
	if (trace_max_trylock(b)) {
		trace_max_swap_locked(b);
		trace_max_unlock(b);
		taken = true;
	}
	local_irq_restore(flags);
	if (taken)
		return;
	if (READ_ONCE(b->max_rb)) {
		trace_snap_note(b, "another swap was under way");
		return;
	}
	trace_snap_note(b, "no snapshot buffer, tracing stopped");
	trace_buf_set_on(b, false);
}

NOKPROBE_SYMBOL(trace_snapshot_take);

/**
 * trace_snapshot_arm() - a trigger or command that takes snapshots is set
 * @b:		the buffer it swaps
 *
 * Allocates the snapshot buffer if needed. Sleeps.
 *
 * Return: 0, or -ENOMEM.
 */
int trace_snapshot_arm(struct trace_buf *b)
{
	int ret;

	guard(mutex)(&trace_snap_lock);
	ret = trace_max_alloc(b, TRACE_MAX_SNAP);
	if (!ret)
		b->snap_armed++;
	return ret;
}

/**
 * trace_snapshot_disarm() - a trigger or command of trace_snapshot_arm()
 * is gone
 * @b:		the buffer it swapped
 *
 * The buffer stays, with the snapshots taken, until "echo 0 > snapshot".
 */
void trace_snapshot_disarm(struct trace_buf *b)
{
	guard(mutex)(&trace_snap_lock);
	if (!WARN_ON_ONCE(!b->snap_armed))
		b->snap_armed--;
}

/* The take of "echo 1 > snapshot": interrupts are on, so retry a swap
 * that loses against one on another CPU.
 */
static int trace_snap_swap(struct trace_buf *b)
{
	unsigned long flags;
	int tries;

	for (tries = 0; tries < 100; tries++) {
		local_irq_save(flags);
		if (trace_max_trylock(b)) {
			trace_max_swap_locked(b);
			trace_max_unlock(b);
			local_irq_restore(flags);
			return 0;
		}
		local_irq_restore(flags);
		cond_resched();
	}
	return -EBUSY;
}

/*
 * One write to the snapshot file of @tr; @cpu is the file's. The triggers
 * and commands armed on its buffer keep the snapshot buffer allocated.
 */
static int trace_snap_command(struct trace_array *tr, unsigned long val,
			      int cpu)
{
	struct trace_buf *b = trace_array_buf(tr);
	bool top = trace_array_is_top(tr);
	const struct tracer *t;
	int ret = 0;

	t = trace_tracer_lock();
	mutex_lock(&trace_snap_lock);
	if (top && t && t->use_max) {
		ret = -EBUSY;
		goto out;
	}
	switch (val) {
	case 0:
		if (cpu != RING_BUFFER_ALL_CPUS)
			ret = -EINVAL;
		else if (b->snap_armed)
			ret = -EBUSY;
		else
			trace_max_release(b, TRACE_MAX_SNAP);
		break;
	case 1:
		if (cpu != RING_BUFFER_ALL_CPUS) {
			ret = -EINVAL;
			break;
		}
		ret = trace_max_alloc(b, TRACE_MAX_SNAP);
		if (!ret)
			ret = trace_snap_swap(b);
		break;
	default:
		trace_max_reset(b, cpu);
		break;
	}
out:
	mutex_unlock(&trace_snap_lock);
	trace_tracer_unlock();
	return ret;
}

/**
 * trace_snapshot_alloc_array() - allocate a trace array's snapshot buffer
 * @tr:		the array
 *
 * For the boot config's alloc_snapshot: the buffer a write of 1 to the
 * snapshot file allocates, without the swap.
 *
 * Return: 0, -EBUSY while a latency tracer owns the top array's buffer,
 * or -ENOMEM.
 */
int trace_snapshot_alloc_array(struct trace_array *tr)
{
	const struct tracer *t;
	int ret;

	t = trace_tracer_lock();
	mutex_lock(&trace_snap_lock);
	if (trace_array_is_top(tr) && t && t->use_max)
		ret = -EBUSY;
	else
		ret = trace_max_alloc(trace_array_buf(tr), TRACE_MAX_SNAP);
	mutex_unlock(&trace_snap_lock);
	trace_tracer_unlock();
	return ret;
}

/*
 * write() of the snapshot files. Returns @cnt; -EINVAL for anything but a
 * number (or 0 and 1 on a per-CPU file); -EBUSY while a latency tracer
 * owns the buffer, to free it while triggers or commands are armed, or
 * when a swap kept losing; -ENOMEM.
 */
static ssize_t trace_snap_write(struct file *file, const char __user *ubuf,
				size_t cnt, loff_t *ppos)
{
	char buf[32], *s;
	unsigned long val;
	int ret;

	if (!cnt || cnt >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, cnt))
		return -EFAULT;
	buf[cnt] = '\0';
	s = strim(buf);
	if (kstrtoul(s, 10, &val))
		return -EINVAL;
	ret = trace_snap_command(trace_fs_array(file_inode(file)), val,
				 trace_fs_arg(file_inode(file)));
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

/*
 * The comment lines at the top of a snapshot file of @tr showing @cpu (or
 * RING_BUFFER_ALL_CPUS) of @rb, the snapshot buffer held by the reader;
 * NULL when freed.
 */
static void trace_snap_print_header(struct seq_file *m, int cpu,
				    struct trace_array *tr,
				    struct trace_buffer *rb)
{
	const struct tracer *t = trace_array_tracer(tr);

	seq_printf(m, "# tracer: %s\n#\n", t ? t->name : "nop");
	seq_printf(m, "# * Snapshot is %s *\n#\n", rb ? "allocated" : "freed");
	seq_puts(m, "# What a write to this file does:\n");
	if (cpu == RING_BUFFER_ALL_CPUS) {
		seq_puts(m, "#  0  frees the snapshot buffer\n");
		seq_puts(m, "#  1  allocates it if needed, then swaps it with the trace buffer\n");
	}
	seq_puts(m, "#  2  clears it (as does any number but 0 and 1)\n#\n");
	if (rb)
		trace_print_buf_header(m, cpu, tr, rb);
}

/**
 * tracing_snapshot() - take a snapshot of the trace buffer
 *
 * Any context; the snapshot buffer must have been allocated (with
 * tracing_snapshot_alloc() or through tracefs), else tracing stops.
 */
void tracing_snapshot(void)
{
	trace_snapshot_take(&trace_top_buf);
}
EXPORT_SYMBOL_GPL(tracing_snapshot);

/**
 * tracing_snapshot_alloc() - allocate the snapshot buffer and take a snapshot
 *
 * Context: may sleep.
 */
void tracing_snapshot_alloc(void)
{
	might_sleep();
	scoped_guard(mutex, &trace_snap_lock)
		if (trace_max_alloc(&trace_top_buf, TRACE_MAX_SNAP))
			return;
	trace_snapshot_take(&trace_top_buf);
}
EXPORT_SYMBOL_GPL(tracing_snapshot_alloc);

/*
 * alloc_snapshot on the command line: the snapshot buffer from boot on,
 * for tracing_snapshot() in early code. ftrace_boot_snapshot: a snapshot
 * at the end of boot, before init runs; with =NAME[,NAME...], of those
 * instances (which trace_instance= made) instead of the top buffer.
 */
static bool trace_snap_boot_alloc __initdata;
static bool trace_snap_boot_top __initdata;
static char trace_snap_boot_names[MAX_TRACER_SIZE] __initdata;

static int __init trace_snap_alloc_setup(char *str)
{
	if (*str)
		return 0;
	trace_snap_boot_alloc = true;
	return 1;
}
__setup("alloc_snapshot", trace_snap_alloc_setup);

static int __init trace_snap_boot_setup(char *str)
{
	if (!*str)
		trace_snap_boot_top = true;
	else if (*str == '=')
		strscpy(trace_snap_boot_names, str + 1);
	else
		return 0;
	return 1;
}
__setup("ftrace_boot_snapshot", trace_snap_boot_setup);

/**
 * trace_snapshot_boot_alloc() - allocate the snapshot buffer if
 * alloc_snapshot asks
 *
 * Called by early_trace_init(), once the trace buffer is there.
 */
void __init trace_snapshot_boot_alloc(void)
{
	if (!trace_snap_boot_alloc)
		return;
	guard(mutex)(&trace_snap_lock);
	if (trace_max_alloc(&trace_top_buf, TRACE_MAX_SNAP))
		pr_warn("tracing: alloc_snapshot: no memory\n");
}

/*
 * The boot snapshot of @b; a note in the trace (the snapshot's successor)
 * names @ip.
 */
static void __init trace_snap_boot_take(struct trace_buf *b, unsigned long ip)
{
	static const char note[] = "** Boot snapshot taken **\n";

	scoped_guard(mutex, &trace_snap_lock) {
		if (trace_max_alloc(b, TRACE_MAX_SNAP)) {
			pr_warn("tracing: ftrace_boot_snapshot: no memory\n");
			return;
		}
	}
	trace_snapshot_take(b);
	trace_print_write(b, ip, note, sizeof(note) - 1);
}

/**
 * ftrace_boot_snapshot() - take the snapshots ftrace_boot_snapshot asks for
 *
 * Called once the initcalls are done, as init memory is freed, before
 * init runs. An instance that is not there is reported.
 */
void __init ftrace_boot_snapshot(void)
{
	char *rest = trace_snap_boot_names, *name;
	struct trace_array *tr;

	if (trace_snap_boot_top)
		trace_snap_boot_take(&trace_top_buf, _THIS_IP_);
	while ((name = strsep(&rest, ",")) != NULL) {
		if (!*name)
			continue;
		/* Nothing removes an instance before init runs. */
		rcu_read_lock();
		tr = trace_array_find_rcu(name, strlen(name));
		rcu_read_unlock();
		if (tr)
			tr = trace_array_get_by_name(name, NULL);
		if (!tr) {
			pr_warn("tracing: boot snapshot of %s: no such instance\n",
				name);
			continue;
		}
		trace_snap_boot_take(trace_array_buf(tr), _THIS_IP_);
		trace_array_put(tr);
	}
}

static const struct trace_view trace_snap_view = {
	.print_header = trace_snap_print_header,
};

TRACE_VIEW_FOPS(trace_snap, trace_snap_view, trace_snap_write);

/*
 * per_cpu/cpuN/snapshot_raw: pages of the snapshot, in the trace_pipe_raw
 * layout, taken out of it as trace_pipe_raw takes them out of the trace
 * buffer; the end of file once it is empty (nothing more is coming).
 */
static int trace_snap_raw_take(struct trace_buf *b, int cpu, void *page,
			       size_t size, bool whole)
{
	struct trace_buffer *rb = READ_ONCE(b->max_rb);
	int n = rb ? ring_buffer_read_page(rb, cpu, page, size) : 0;

	return n == -EMSGSIZE ? n : max(n, 0);
}

static size_t trace_snap_raw_size(struct trace_buf *b)
{
	struct trace_buffer *rb = READ_ONCE(b->max_rb);

	return rb ? ring_buffer_subbuf_size_get(rb) : PAGE_SIZE;
}

static const struct trace_page_src trace_snap_raw_src = {
	.take	= trace_snap_raw_take,
	.size	= trace_snap_raw_size,
};

static int trace_snap_raw_open(struct inode *inode, struct file *file)
{
	struct trace_array *tr = trace_fs_array(inode);
	const struct tracer *t = trace_array_tracer(tr);
	struct trace_buf *b = trace_array_buf(tr);
	int ret;

	/* A latency tracer's max buffer is not a snapshot. */
	if (t && t->use_max)
		return -EBUSY;
	ret = trace_pages_open(file, b, trace_fs_arg(inode),
			       &trace_snap_raw_src);
	/* Held while open: a swap may exchange it, nothing frees it. */
	if (!ret)
		trace_max_get(b);
	return ret;
}

static int trace_snap_raw_release(struct inode *inode, struct file *file)
{
	trace_max_put(trace_pages_buf(file));
	return trace_pages_release(inode, file);
}

static const struct file_operations trace_snap_raw_fops = {
	.open		= trace_snap_raw_open,
	.read		= trace_pages_read,
	.splice_read	= trace_pages_splice,
	.release	= trace_snap_raw_release,
};

static const struct trace_fs_file trace_snap_files[] = {
	TRACE_FS_FOPS("snapshot", 0640, TRACE_FS_ARRAY, RING_BUFFER_ALL_CPUS,
		      &trace_snap_fops),
	TRACE_FS_FOPS("snapshot", 0640, TRACE_FS_CPU, 0, &trace_snap_fops),
	TRACE_FS_FOPS("snapshot_raw", 0440, TRACE_FS_CPU, 0,
		      &trace_snap_raw_fops),
};

static struct trace_fs_table trace_snap_fs = {
	.name = "snapshot",
	.files = trace_snap_files,
	.nr = ARRAY_SIZE(trace_snap_files),
	.order = TRACE_FS_ORDER_SNAPSHOT,
	.readme =
	"  snapshot             - as trace, of the snapshot buffer; echo 1 swaps\n"
	"                         it with the trace buffer (allocating it first),\n"
	"                         2 clears it, 0 frees it. Read it for more\n"
	"  per_cpu/cpuN/snapshot_raw - the snapshot's pages of CPU N, as\n"
	"                         trace_pipe_raw gives the trace buffer's\n",
};

TRACE_FS_REGISTER(trace_snap_fs);
