// SPDX-License-Identifier: GPL-2.0
/*
 * The trace buffer's files: tracing_on, trace_clock, its size, overall
 * and per CPU, its sub-buffer size, free_buffer, buffer_percent,
 * tracing_cpumask, and each CPU's stats.
 */
#include <linux/cpumask.h>
#include <linux/fs.h>
#include <linux/gfp.h>
#include <linux/kernel.h>
#include <linux/log2.h>
#include <linux/mm.h>
#include <linux/seq_file.h>

#include "trace.h"

static int buffer_size_show(struct seq_file *m, struct trace_array *tr,
			    long cpu)
{
	unsigned long kb = trace_buf_kb(trace_array_buf(tr), cpu);

	if (kb)
		seq_printf(m, "%lu\n", kb);
	else
		seq_puts(m, "X\n");
	return 0;
}

static int buffer_size_store(struct trace_array *tr, const char *val,
			     long cpu)
{
	unsigned long kb;
	int ret = kstrtoul(val, 10, &kb);

	return ret ?: trace_buf_resize(trace_array_buf(tr), cpu, kb);
}

static int buffer_total_show(struct seq_file *m, struct trace_array *tr,
			     long unused)
{
	unsigned long kb = 0;
	int cpu;

	for_each_possible_cpu(cpu)
		kb += trace_buf_kb(trace_array_buf(tr), cpu);
	seq_printf(m, "%lu\n", kb);
	return 0;
}

static int buffer_subbuf_show(struct seq_file *m, struct trace_array *tr,
			      long unused)
{
	seq_printf(m, "%zu\n", trace_buf_subbuf_size(trace_array_buf(tr)) / 1024);
	return 0;
}

/*
 * A size in KiB, rounded up to a power of two pages, 1 to 128 of them.
 * A change drops the buffer's records.
 */
static int buffer_subbuf_store(struct trace_array *tr, const char *val,
			       long unused)
{
	unsigned long kb, pages;
	int ret = kstrtoul(val, 10, &kb);

	if (ret)
		return ret;
	if (!kb || kb > (PAGE_SIZE << RING_BUFFER_SUBBUF_ORDER_MAX) / 1024)
		return -EINVAL;
	pages = DIV_ROUND_UP(kb, PAGE_SIZE / 1024);
	return trace_buf_set_subbuf_order(trace_array_buf(tr),
					  order_base_2(pages));
}

static int buffer_percent_show(struct seq_file *m, struct trace_array *tr,
			       long unused)
{
	seq_printf(m, "%u\n", READ_ONCE(trace_array_buf(tr)->percent));
	return 0;
}

static int buffer_percent_store(struct trace_array *tr, const char *val,
				long unused)
{
	unsigned int pct;
	int ret = kstrtouint(val, 10, &pct);

	if (ret)
		return ret;
	if (pct > 100)
		return -EINVAL;
	WRITE_ONCE(trace_array_buf(tr)->percent, pct);
	/* Waiting readers look again, at the new level. */
	trace_wake_readers(trace_array_buf(tr), false);
	return 0;
}

static void trace_print_ts(struct seq_file *m, const char *what, u64 ts,
			   bool in_ns)
{
	u64 secs = ts;
	u32 ns;

	if (!in_ns) {
		seq_printf(m, "%s: %llu\n", what, ts);
		return;
	}
	ns = do_div(secs, NSEC_PER_SEC);
	seq_printf(m, "%s: %5llu.%06u\n", what, secs, ns / (u32)NSEC_PER_USEC);
}

/* The time of a CPU's oldest unread event in @b, 0 when it has none. */
static u64 trace_oldest_ts(struct trace_buf *b, int cpu)
{
	struct trace_buffer *rb = READ_ONCE(b->rb);
	size_t size = ring_buffer_subbuf_size_get(rb);
	struct ring_buffer_cursor cur;
	struct ring_buffer_walk walk;
	void *page = kvmalloc(size, GFP_KERNEL);
	unsigned int len;
	u64 ts = 0;

	if (!page)
		return 0;
	ring_buffer_cursor_start(rb, cpu, &cur);
	/* A change of sub-buffer size meanwhile ends it (-EMSGSIZE). */
	while (ring_buffer_peek_page(rb, cpu, &cur, page, size) > 0) {
		ring_buffer_walk_start(&walk, page, size);
		if (ring_buffer_walk_next(&walk, &len)) {
			ts = walk.ts;
			break;
		}
	}
	kvfree(page);
	return ts;
}

static int stats_show(struct seq_file *m, struct trace_array *tr, long cpu)
{
	struct trace_buf *b = trace_array_buf(tr);
	struct ring_buffer_stats st;
	u64 oldest;

	/* Holding the max buffer keeps a swapped b->rb from going. */
	trace_max_get(b);
	ring_buffer_stats(READ_ONCE(b->rb), cpu, &st);
	oldest = trace_oldest_ts(b, cpu);
	trace_max_put(b);
	seq_printf(m, "entries: %llu\n", st.entries);
	seq_printf(m, "overrun: %llu\n", st.overrun);
	seq_printf(m, "commit overrun: %llu\n", st.commit_overrun);
	seq_printf(m, "bytes: %llu\n", st.bytes);
	trace_print_ts(m, "oldest event ts", oldest, trace_buf_clock_in_ns(b));
	trace_print_ts(m, "now ts", trace_buf_clock(b),
		       trace_buf_clock_in_ns(b));
	seq_printf(m, "dropped events: %llu\n", st.dropped);
	seq_printf(m, "read events: %llu\n", st.read);
	return 0;
}

/* free_buffer: closing it frees the buffer; writes are accepted. */
static ssize_t free_buffer_write(struct file *file, const char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	*ppos += cnt;
	return cnt;
}

static int free_buffer_release(struct inode *inode, struct file *file)
{
	struct trace_array *tr = trace_fs_array(inode);

	trace_buf_free(trace_array_buf(tr),
		       trace_tr_opt(tr, TRACE_OPT_DISABLE_ON_FREE));
	return 0;
}

static int tracing_cpumask_show(struct seq_file *m, struct trace_array *tr,
				long unused)
{
	return trace_buf_cpumask_show(trace_array_buf(tr), m);
}

static int tracing_cpumask_store(struct trace_array *tr, const char *val,
				 long unused)
{
	return trace_buf_cpumask_store(trace_array_buf(tr), val);
}

static const struct file_operations free_buffer_fops = {
	.open		= simple_open,
	.write		= free_buffer_write,
	.llseek		= noop_llseek,
	.release	= free_buffer_release,
};

static const struct trace_fs_file trace_buf_files[] = {
	TRACE_FS_ATTR("buffer_size_kb", 0640, TRACE_FS_ARRAY, buffer_size_show,
		      buffer_size_store),
	TRACE_FS_ATTR("buffer_total_size_kb", 0440, TRACE_FS_ARRAY,
		      buffer_total_show, NULL),
	TRACE_FS_FOPS("free_buffer", 0200, TRACE_FS_ARRAY, RING_BUFFER_ALL_CPUS,
		      &free_buffer_fops),
	TRACE_FS_ATTR("buffer_subbuf_size_kb", 0640, TRACE_FS_ARRAY,
		      buffer_subbuf_show, buffer_subbuf_store),
	TRACE_FS_ATTR("buffer_percent", 0640, TRACE_FS_ARRAY,
		      buffer_percent_show, buffer_percent_store),
	TRACE_FS_ATTR("tracing_cpumask", 0640, TRACE_FS_ARRAY,
		      tracing_cpumask_show, tracing_cpumask_store),
	TRACE_FS_ATTR("buffer_size_kb", 0640, TRACE_FS_CPU, buffer_size_show,
		      buffer_size_store),
	TRACE_FS_ATTR("stats", 0440, TRACE_FS_CPU, stats_show, NULL),
};

static struct trace_fs_table trace_buf_fs = {
	.name = "buffer",
	.files = trace_buf_files,
	.nr = ARRAY_SIZE(trace_buf_files),
	.order = TRACE_FS_ORDER_BUF,
	.readme =
	"  buffer_size_kb       - size of each CPU's buffer, in KiB; X when the\n"
	"                         CPUs differ (see per_cpu/cpuN/buffer_size_kb)\n"
	"  buffer_total_size_kb - the sum over all CPUs\n"
	"  buffer_subbuf_size_kb - size of the sub-buffers (the pages of\n"
	"                         trace_pipe_raw), 4 to 512 KiB; a change\n"
	"                         empties the buffer\n"
	"  free_buffer          - closing it shrinks the buffers to a minimum\n"
	"                         (and stops tracing with disable_on_free)\n"
	"  buffer_percent       - how full (0-100) a CPU's buffer is before a\n"
	"                         blocked trace_pipe_raw reader wakes\n"
	"  tracing_cpumask      - hex mask of the CPUs that record\n",
	.examples =
	"  echo 4096 > buffer_size_kb    # 4 MiB per CPU\n",
};

TRACE_FS_REGISTER(trace_buf_fs);

static int tracing_on_show(struct seq_file *m, struct trace_array *tr,
			   long unused)
{
	seq_printf(m, "%d\n", trace_buf_is_on(trace_array_buf(tr)));
	return 0;
}

static int tracing_on_store(struct trace_array *tr, const char *val,
			    long unused)
{
	unsigned long on;
	int ret = kstrtoul(val, 10, &on);

	struct trace_buf *b = trace_array_buf(tr);

	if (ret)
		return ret;
	/* Tracing starts again in the previous boot's events: they go. */
	if (on && !trace_buf_is_on(b) && ring_buffer_last_boot(b->rb, NULL))
		trace_buf_reset(b, RING_BUFFER_ALL_CPUS);
	trace_buf_set_on(b, on);
	return 0;
}

static const struct trace_fs_file trace_on_files[] = {
	TRACE_FS_ATTR("tracing_on", 0640, TRACE_FS_ARRAY, tracing_on_show,
		      tracing_on_store),
};

static struct trace_fs_table trace_on_fs = {
	.name = "on",
	.files = trace_on_files,
	.nr = ARRAY_SIZE(trace_on_files),
	.order = TRACE_FS_ORDER_ON,
	.readme =
	"  tracing_on           - 1 to record into the buffer, 0 to stop; the\n"
	"                         buffer keeps what it holds either way\n",
	.examples =
	"  echo 0 > tracing_on           # stop recording\n",
};

TRACE_FS_REGISTER(trace_on_fs);

static int trace_clock_attr_show(struct seq_file *m, struct trace_array *tr,
				 long unused)
{
	if (trace_array_is_top(tr))
		trace_clock_show(m);
	else
		trace_clock_show_idx(m, READ_ONCE(trace_array_buf(tr)->clock));
	return 0;
}

/*
 * Switching the clock empties the buffer. The top array's clock is the
 * global one (trace_clock_read()); an instance's is its buffer's own.
 */
static int trace_clock_attr_store(struct trace_array *tr, const char *val,
				  long unused)
{
	int ret;

	if (trace_array_is_top(tr)) {
		ret = trace_clock_select(val);
	} else {
		ret = trace_clock_index(val);
		if (ret >= 0)
			ret = trace_buf_set_clock(trace_array_buf(tr), ret);
	}

	if (ret > 0)
		trace_buf_reset(trace_array_buf(tr), RING_BUFFER_ALL_CPUS);
	return ret < 0 ? ret : 0;
}

/*
 * timestamp_mode: how the records' times are stored. Ours are always
 * deltas from the previous record (absolute times exist only in the
 * time-extend records that a long gap needs).
 */
static int trace_ts_mode_show(struct seq_file *m, struct trace_array *tr,
			      long unused)
{
	seq_puts(m, "[delta] absolute\n");
	return 0;
}

static const struct trace_fs_file trace_clock_files[] = {
	TRACE_FS_ATTR("trace_clock", 0640, TRACE_FS_ARRAY,
		      trace_clock_attr_show, trace_clock_attr_store),
	TRACE_FS_ATTR("timestamp_mode", 0440, TRACE_FS_ARRAY,
		      trace_ts_mode_show, NULL),
};

static struct trace_fs_table trace_clock_fs = {
	.name = "clock",
	.files = trace_clock_files,
	.nr = ARRAY_SIZE(trace_clock_files),
	.order = TRACE_FS_ORDER_CLOCK,
	.readme =
	"  trace_clock          - the clock of the time stamps; the current one is\n"
	"                         in brackets. Switching clears the buffer.\n"
	"                         local: per-CPU, fastest; global: monotonic across\n"
	"                         CPUs; counter: an event count; uptime: jiffies;\n"
	"                         perf: as perf; mono, mono_raw, boot, tai: those\n"
	"                         kernel clocks; x86-tsc: the TSC\n"
	"  timestamp_mode       - how record times are kept: [delta] only\n",
};

TRACE_FS_REGISTER(trace_clock_fs);

/* last_boot_info: the address offsets of the previous boot's events. */
static int trace_last_boot_show(struct seq_file *m, struct trace_array *tr,
				long unused)
{
	struct trace_buf *b = trace_array_buf(tr);
	long delta = 0;

	ring_buffer_last_boot(b->rb, &delta);
	seq_printf(m, "text delta:\t%ld\ndata delta:\t%ld\n", delta, delta);
	return 0;
}

static const struct trace_fs_file trace_last_boot_file =
	TRACE_FS_ATTR(NULL, 0440, TRACE_FS_ARRAY, trace_last_boot_show, NULL);

/* Only an instance whose ring is in reserved memory has last_boot_info. */
static int trace_buf_boot_populate(const struct trace_fs_dirs *dirs)
{
	struct trace_buf *b = trace_array_buf(dirs->tr);

	return trace_buf_is_mapped(b) ?
	       trace_fs_add(dirs, &trace_last_boot_file, "last_boot_info", 0,
			    dirs->top) : 0;
}

static struct trace_fs_table trace_buf_boot_fs = {
	.name = "last_boot_info",
	.readme =
	"  last_boot_info       - in an instance in reserved memory: how the\n"
	"                         previous boot's addresses are offset\n",
	.populate_arrays = true,
	.populate = trace_buf_boot_populate,
	.order = TRACE_FS_ORDER_BUF,
};

TRACE_FS_REGISTER(trace_buf_boot_fs);
