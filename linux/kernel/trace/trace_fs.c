// SPDX-License-Identifier: GPL-2.0
/*
 * The tracefs control files, created from one table.
 *
 * Most files are attributes: a show() that prints the whole file and a
 * store() that takes one write. Their file operations are shared: a write
 * is copied, its surrounding whitespace stripped, and handed to store() as
 * one string; store() validates it in full before changing anything, and a
 * success consumes the whole count. Files that stream (trace, trace_pipe,
 * trace_marker) bring their own operations.
 */
#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/fs_context.h>
#include <linux/kernel.h>
#include <linux/mount.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/string_helpers.h>
#include <linux/tracefs.h>
#include <linux/uaccess.h>

#include "trace.h"
#include "trace_pid.h"
#ifdef CONFIG_DYNAMIC_FTRACE
#include "fentry.h"
#endif

/* Longest write an attribute takes, terminating NUL included. */
#define TRACE_ATTR_MAX	128

/**
 * struct trace_fs_file - one entry of the tracefs file table
 * @dir:	the directory holding the file (enum trace_fs_dir)
 * @name:	file name
 * @mode:	its permissions
 * @arg:	what show() and store() get, for top-level files: usually
 *		RING_BUFFER_ALL_CPUS. Files under per_cpu/cpuN/ get N, and
 *		files under options/ the option's number.
 * @show:	prints the file (attributes); NULL when write-only
 * @store:	takes one stripped write (attributes); NULL when read-only.
 *		Returns 0 or a negative errno, and changes nothing on error.
 * @fops:	the file's own operations, for files that are not attributes
 */
struct trace_fs_file {
	unsigned int dir;
	const char *name;
	umode_t mode;
	long arg;
	int (*show)(struct seq_file *m, long arg);
	int (*store)(const char *val, long arg);
	const struct file_operations *fops;
};

/**
 * struct trace_fs_node - what a created file's inode points to
 * @f:		its table entry
 * @arg:	the argument of its show() and store(), or of its own fops
 */
struct trace_fs_node {
	const struct trace_fs_file *f;
	long arg;
};

/**
 * trace_fs_arg() - the table argument of a tracefs file
 * @inode:	the file's inode
 *
 * Return: the CPU of a per_cpu/cpuN/ file, RING_BUFFER_ALL_CPUS for the
 * top-level copy.
 */
long trace_fs_arg(struct inode *inode)
{
	const struct trace_fs_node *n = inode->i_private;

	return n->arg;
}

/**
 * trace_edit_read() - read() of a file that lists when opened for
 * reading and edits when opened for writing
 * @file:	the file; a seq_file when not opened for writing
 * @ubuf:	where to copy
 * @cnt:	bytes wanted
 * @ppos:	position
 *
 * Return: as seq_read(); -EINVAL when opened for writing.
 */
ssize_t trace_edit_read(struct file *file, char __user *ubuf, size_t cnt,
			loff_t *ppos)
{
	if (file->f_mode & FMODE_WRITE)
		return -EINVAL;
	return seq_read(file, ubuf, cnt, ppos);
}

/**
 * trace_edit_llseek() - llseek() of the files trace_edit_read() reads
 * @file:	the file
 * @off:	offset
 * @whence:	from where
 *
 * Return: as seq_lseek(); -ESPIPE when opened for writing.
 */
loff_t trace_edit_llseek(struct file *file, loff_t off, int whence)
{
	if (file->f_mode & FMODE_WRITE)
		return -ESPIPE;
	return seq_lseek(file, off, whence);
}

/* Attribute files: shared operations driven by the table entry. */

static int trace_attr_show(struct seq_file *m, void *unused)
{
	const struct trace_fs_node *n = m->private;

	return n->f->show ? n->f->show(m, n->arg) : 0;
}

static int trace_attr_open(struct inode *inode, struct file *file)
{
	return single_open(file, trace_attr_show, inode->i_private);
}

static ssize_t trace_attr_write(struct file *file, const char __user *ubuf,
				size_t cnt, loff_t *ppos)
{
	const struct trace_fs_node *n = file_inode(file)->i_private;
	char buf[TRACE_ATTR_MAX];
	int ret;

	if (!n->f->store)
		return -EPERM;
	if (cnt >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, cnt))
		return -EFAULT;
	buf[cnt] = '\0';
	ret = n->f->store(strim(buf), n->arg);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations trace_attr_fops = {
	.open		= trace_attr_open,
	.read		= seq_read,
	.write		= trace_attr_write,
	.llseek		= seq_lseek,
	.release	= single_release,
};

/* The attributes. */

static const char trace_readme[] =
	"Tracing mini-HOWTO\n"
	"\n"
	"Files in this directory (usually /sys/kernel/tracing):\n"
	"\n"
	"  README               - this text\n"
	"  tracing_on           - 1 to record into the buffer, 0 to stop; the\n"
	"                         buffer keeps what it holds either way\n"
	"  trace                - what the buffer holds, in text, not consumed\n"
	"                         Clear it with: echo > trace\n"
	"  trace_pipe           - a consuming read of the buffer; blocks when\n"
	"                         empty (EAGAIN with O_NONBLOCK)\n"
	"  trace_marker         - a line written here is recorded in the buffer\n"
#ifdef CONFIG_TRACER_SNAPSHOT
	"  snapshot             - as trace, of the snapshot buffer; echo 1 swaps\n"
	"                         it with the trace buffer (allocating it first),\n"
	"                         2 clears it, 0 frees it. Read it for more\n"
#endif
	"  trace_marker_raw     - binary: a 4-byte id, then data, recorded as is\n"
	"  available_tracers    - the tracers built into this kernel\n"
	"  current_tracer       - the tracer that feeds the buffer; write a name\n"
	"                         from available_tracers to switch\n"
	"  buffer_size_kb       - size of each CPU's buffer, in KiB; X when the\n"
	"                         CPUs differ (see per_cpu/cpuN/buffer_size_kb)\n"
	"  buffer_total_size_kb - the sum over all CPUs\n"
	"  free_buffer          - closing it shrinks the buffers to a minimum\n"
	"                         (and stops tracing with disable_on_free)\n"
	"  buffer_percent       - how full (0-100) a CPU's buffer is before a\n"
	"                         blocked trace_pipe_raw reader wakes\n"
	"  trace_options        - the options; write a name, or no<name>\n"
	"  options/             - one file per option, reading 0 or 1\n"
	"  tracing_cpumask      - hex mask of the CPUs that record\n"
	"  saved_cmdlines       - pid and command of recent writers\n"
	"  saved_cmdlines_size  - how many of them are kept\n"
	"  saved_tgids          - pid and thread group (with record-tgid)\n"
	"  printk_formats       - formats of the trace_printk() calls of the kernel\n"
	"                         and its modules, and tracepoint strings\n"
	"  error_log            - errors of the last writes to these files\n"
	"  per_cpu/cpuN/        - trace, trace_pipe, trace_pipe_raw (binary\n"
	"                         pages), buffer_size_kb and stats of one CPU\n"
	"  events/enable        - 1 or 0 enables or disables every trace event\n"
#ifdef CONFIG_EVENT_TRACING
	"  events/<system>/<event>/ - enable (0/1), format (the record's\n"
	"                         layout), id, filter; events/<system>/enable\n"
	"                         reads X when its events differ\n"
	"  available_events     - every event, as system:event\n"
	"  set_event            - the events that record, as system:event;\n"
	"                         write system:event, system:*, *:event or a\n"
	"                         name (event or system), '!' before one to\n"
	"                         stop it; '>' stops every other event first\n"
#endif
	"  events/header_page   - the layout of a trace_pipe_raw page\n"
	"  events/header_event  - the layout of an event header in a page\n"
	"  trace_clock          - the clock of the time stamps; the current one is\n"
	"                         in brackets. Switching clears the buffer.\n"
	"                         local: per-CPU, fastest; global: monotonic across\n"
	"                         CPUs; counter: an event count; uptime: jiffies;\n"
	"                         perf: as perf; mono, mono_raw, boot, tai: those\n"
	"                         kernel clocks; x86-tsc: the TSC\n"
#ifdef CONFIG_DYNAMIC_FTRACE
	"  available_filter_functions - the functions that can be traced\n"
	"  available_filter_functions_addrs - the same, call address first\n"
	"  enabled_functions    - functions being traced: (users), R for regs\n"
	"  dyn_ftrace_total_info - call sites recorded, record pages, groups\n"
	"  set_ftrace_filter    - trace only these functions (every one when\n"
	"                         empty); taken into use when the file is closed\n"
	"  set_ftrace_notrace   - never trace these functions\n"
	"      accepts: func_full_name, glob-matching-pattern (*, ?, [...]),\n"
	"               N (line N of available_filter_functions),\n"
	"               :mod:<module>, and !<term> to remove. '>' replaces,\n"
	"               '>>' adds. A term that matches nothing: EINVAL, and\n"
	"               the filter is left as it was.\n"
	"      commands (set_ftrace_filter only, applied at once, kept apart\n"
	"               from the filter): <func>:<command>[:count] with\n"
	"               traceon, traceoff, stacktrace, snapshot, dump,\n"
	"               cpudump, enable_event:<sys>:<event>,\n"
	"               disable_event:<sys>:<event>;\n"
	"               '!<func>:<command>' removes one\n"
#endif
#ifdef CONFIG_FUNCTION_TRACER
	"  set_ftrace_pid       - trace only these tasks (\"no pid\": all)\n"
	"  set_ftrace_notrace_pid - never trace these tasks\n"
	"      accepts: pids separated by spaces; '>' replaces, '>>' adds;\n"
	"               with options/function-fork, children of listed tasks\n"
	"               are added and reaped tasks removed\n"
	"  options/func_stack_trace - a stack trace after each function\n"
#endif
#ifdef CONFIG_STACK_TRACER
	"  stack_trace          - the deepest kernel stack seen while\n"
	"                         /proc/sys/kernel/stack_tracer_enabled is 1:\n"
	"                         each frame's depth, size and location\n"
	"  stack_max_size       - its depth in bytes; echo 0 starts over\n"
	"  stack_trace_filter   - the functions that measure (all when empty);\n"
	"                         written like set_ftrace_filter, no commands\n"
#endif
	"\n"
	"Examples:\n"
	"  echo 0 > tracing_on           # stop recording\n"
	"  echo hello > trace_marker     # leave a mark in the trace\n"
	"  cat trace                     # read without consuming\n"
	"  echo 4096 > buffer_size_kb    # 4 MiB per CPU\n"
	"  echo nooverwrite > trace_options  # keep the oldest when full\n"
#ifdef CONFIG_FUNCTION_TRACER
	"  echo function > current_tracer    # trace function entries\n"
	"  echo 'vfs_*' > set_ftrace_filter  # only these\n"
	"  echo 'schedule:traceoff:1' >> set_ftrace_filter  # stop once\n"
	"  echo $$ > set_ftrace_pid          # only this shell\n"
#endif
	;

static int readme_show(struct seq_file *m, long unused)
{
	seq_puts(m, trace_readme);
	return 0;
}

static int tracers_show(struct seq_file *m, long unused)
{
	trace_show_tracers(m);
	return 0;
}

static int current_tracer_show(struct seq_file *m, long unused)
{
	seq_printf(m, "%s\n", trace_current_tracer_name());
	return 0;
}

static int current_tracer_store(const char *val, long unused)
{
	return *val ? trace_set_tracer(val) : -EINVAL;
}

static int tracing_on_show(struct seq_file *m, long unused)
{
	seq_printf(m, "%d\n", tracing_is_on());
	return 0;
}

static int tracing_on_store(const char *val, long unused)
{
	unsigned long on;
	int ret = kstrtoul(val, 10, &on);

	if (ret)
		return ret;
	if (on)
		tracing_on();
	else
		tracing_off();
	return 0;
}

static int trace_clock_attr_show(struct seq_file *m, long unused)
{
	trace_clock_show(m);
	return 0;
}

static int trace_clock_attr_store(const char *val, long unused)
{
	return trace_clock_set(val);
}

static int buffer_size_show(struct seq_file *m, long cpu)
{
	unsigned long kb = trace_buf_kb(cpu);

	if (kb)
		seq_printf(m, "%lu\n", kb);
	else
		seq_puts(m, "X\n");
	return 0;
}

static int buffer_size_store(const char *val, long cpu)
{
	unsigned long kb;
	int ret = kstrtoul(val, 10, &kb);

	return ret ?: trace_buf_resize(cpu, kb);
}

static int buffer_total_show(struct seq_file *m, long unused)
{
	unsigned long kb = 0;
	int cpu;

	for_each_possible_cpu(cpu)
		kb += trace_buf_kb(cpu);
	seq_printf(m, "%lu\n", kb);
	return 0;
}

static int buffer_percent_show(struct seq_file *m, long unused)
{
	seq_printf(m, "%u\n", READ_ONCE(trace_buffer_percent));
	return 0;
}

static int buffer_percent_store(const char *val, long unused)
{
	unsigned int pct;
	int ret = kstrtouint(val, 10, &pct);

	if (ret)
		return ret;
	if (pct > 100)
		return -EINVAL;
	WRITE_ONCE(trace_buffer_percent, pct);
	return 0;
}

static void trace_print_ts(struct seq_file *m, const char *what, u64 ts)
{
	u64 secs = ts;
	u32 ns;

	if (!trace_clock_in_ns()) {
		seq_printf(m, "%s: %llu\n", what, ts);
		return;
	}
	ns = do_div(secs, NSEC_PER_SEC);
	seq_printf(m, "%s: %5llu.%06u\n", what, secs, ns / (u32)NSEC_PER_USEC);
}

/* The time of a CPU's oldest unread event, 0 when it has none. */
static u64 trace_oldest_ts(int cpu)
{
	struct trace_buffer *rb = READ_ONCE(trace_rb);
	struct ring_buffer_cursor cur;
	struct ring_buffer_walk walk;
	void *page = (void *)__get_free_page(GFP_KERNEL);
	unsigned int len;
	u64 ts = 0;

	if (!page)
		return 0;
	ring_buffer_cursor_start(rb, cpu, &cur);
	while (ring_buffer_peek_page(rb, cpu, &cur, page) > 0) {
		ring_buffer_walk_start(&walk, page);
		if (ring_buffer_walk_next(&walk, &len)) {
			ts = walk.ts;
			break;
		}
	}
	free_page((unsigned long)page);
	return ts;
}

static int stats_show(struct seq_file *m, long cpu)
{
	struct ring_buffer_stats st;
	u64 oldest;

	/* Holding the max buffer keeps a swapped trace_rb from going. */
	trace_max_get();
	ring_buffer_stats(trace_rb, cpu, &st);
	oldest = trace_oldest_ts(cpu);
	trace_max_put();
	seq_printf(m, "entries: %llu\n", st.entries);
	seq_printf(m, "overrun: %llu\n", st.overrun);
	seq_printf(m, "commit overrun: %llu\n", st.commit_overrun);
	seq_printf(m, "bytes: %llu\n", st.bytes);
	trace_print_ts(m, "oldest event ts", oldest);
	trace_print_ts(m, "now ts", trace_clock_read());
	/* Records a writer nested too deep could not write are lost too. */
	seq_printf(m, "dropped events: %llu\n",
		   st.dropped + trace_buf_nest_lost(cpu));
	seq_printf(m, "read events: %llu\n", st.read);
	return 0;
}

static int option_show(struct seq_file *m, long opt)
{
	seq_printf(m, "%d\n", trace_opt(opt));
	return 0;
}

static int option_store(const char *val, long opt)
{
	if (strcmp(val, "0") && strcmp(val, "1"))
		return -EINVAL;
	return trace_opt_set(opt, *val == '1');
}

#ifndef CONFIG_EVENT_TRACING
/* events/enable without trace events: 0, and 0 and 1 are no-ops. */
static int trace_ev_enable_show(struct seq_file *m, long unused)
{
	seq_puts(m, "0\n");
	return 0;
}

static int trace_ev_enable_store(const char *val, long unused)
{
	/* Only the digits: kstrtobool() would also take y/n/on/off. */
	if (strcmp(val, "0") && strcmp(val, "1"))
		return -EINVAL;
	return 0;
}
#endif

/* The layout of a trace_pipe_raw page, for libtraceevent. */
static int header_page_show(struct seq_file *m, long unused)
{
	seq_puts(m, "\tfield: u64 timestamp;\toffset:0;\tsize:8;\tsigned:0;\n");
	seq_printf(m, "\tfield: local_t commit;\toffset:8;\tsize:%zu;\tsigned:1;\n",
		   sizeof(long));
	seq_puts(m, "\tfield: int overwrite;\toffset:8;\tsize:1;\tsigned:1;\n");
	seq_printf(m, "\tfield: char data;\toffset:%d;\tsize:%lu;\tsigned:1;\n",
		   8 + (int)sizeof(long), PAGE_SIZE - 8 - sizeof(long));
	return 0;
}

/* The layout of an event header, in the words tools look for. */
static int header_event_show(struct seq_file *m, long unused)
{
	seq_puts(m, "# compressed entry header\n"
		 "\ttype_len    :    5 bits\n"
		 "\ttime_delta  :   27 bits\n"
		 "\tarray       :   32 bits\n"
		 "\n"
		 "\tpadding     : type == 29\n"
		 "\ttime_extend : type == 30\n"
		 "\ttime_stamp : type == 31\n"
		 "\tdata max type_len  == 28\n");
	return 0;
}

static int event_id_show(struct seq_file *m, long id)
{
	seq_printf(m, "%ld\n", id);
	return 0;
}

/* trace_marker and trace_marker_raw */

/*
 * A write longer than a record is cut and the short count returned: the
 * writer goes on with the rest, which lands in the next record.
 */
static ssize_t trace_marker_write(struct file *file, const char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	size_t len = min_t(size_t, cnt, TRACE_PRINT_MAX - 1);
	char *text;
	int ret;

	if (!trace_opt(TRACE_OPT_MARKERS))
		return -EINVAL;
	text = kmalloc(len + 1, GFP_KERNEL);
	if (!text)
		return -ENOMEM;
	if (copy_from_user(text, ubuf, len)) {
		kfree(text);
		return -EFAULT;
	}
	if (!len || text[len - 1] != '\n')
		text[len++] = '\n';
	ret = trace_print_write(0, text, len);
	kfree(text);
	if (ret < 0)
		return ret;
	return min_t(size_t, cnt, TRACE_PRINT_MAX - 1);
}

static const struct file_operations trace_marker_fops = {
	.open		= simple_open,
	.write		= trace_marker_write,
	.llseek		= noop_llseek,
};

/* An id (unsigned int), then data; recorded only whole. */
static ssize_t trace_marker_raw_write(struct file *file,
				      const char __user *ubuf, size_t cnt,
				      loff_t *ppos)
{
	struct trace_raw_rec *r;
	void *data;

	if (!trace_opt(TRACE_OPT_MARKERS))
		return -EINVAL;
	if (cnt < sizeof(r->id) || cnt > TRACE_PRINT_MAX)
		return -EINVAL;
	data = memdup_user(ubuf, cnt);
	if (IS_ERR(data))
		return PTR_ERR(data);
	r = trace_rec_reserve(TRACE_TYPE_RAW_DATA, sizeof(*r) - sizeof(r->id) + cnt);
	if (r) {
		memcpy(&r->id, data, cnt);
		trace_rec_commit();
	}
	kfree(data);
	return r ? cnt : -EBADF;
}

static const struct file_operations trace_marker_raw_fops = {
	.open		= simple_open,
	.write		= trace_marker_raw_write,
	.llseek		= noop_llseek,
};

/* free_buffer: closing it frees the buffer; writes are accepted. */
static ssize_t free_buffer_write(struct file *file, const char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	*ppos += cnt;
	return cnt;
}

static int free_buffer_release(struct inode *inode, struct file *file)
{
	trace_buf_free();
	return 0;
}

static const struct file_operations free_buffer_fops = {
	.open		= simple_open,
	.write		= free_buffer_write,
	.llseek		= noop_llseek,
	.release	= free_buffer_release,
};

/*
 * Directories: the top, events/, options/, and per_cpu/ which holds the
 * TRACE_DIR_CPU files once for each possible CPU, in per_cpu/cpuN/.
 */
enum trace_fs_dir {
	TRACE_DIR_TOP, TRACE_DIR_EVENTS, TRACE_DIR_PRINT, TRACE_DIR_STACK,
	TRACE_DIR_RAW_DATA, TRACE_DIR_FUNCTION, TRACE_DIR_GRAPH_ENT,
	TRACE_DIR_GRAPH_RET, TRACE_DIR_CTX, TRACE_DIR_WAKE, TRACE_DIR_BPRINT,
	TRACE_DIR_BPUTS, TRACE_DIR_USER_STACK, TRACE_DIR_CPU
};

#define ALL	RING_BUFFER_ALL_CPUS
#define ATTR(d, n, m, sh, st) \
	{ .dir = d, .name = n, .mode = m, .arg = ALL, .show = sh, .store = st }
#define STREAM(d, n, m, f) \
	{ .dir = d, .name = n, .mode = m, .arg = ALL, .fops = f }
/* events/ftrace/<name>/format and id of the core's record type @t. */
#define EV_FORMAT(d, t) \
	{ .dir = d, .name = "format", .mode = 0444, .arg = t, .show = trace_fmt_show }
#define EV_ID(d, t) \
	{ .dir = d, .name = "id", .mode = 0444, .arg = t, .show = event_id_show }

static const struct trace_fs_file trace_fs_files[] = {
	ATTR(TRACE_DIR_TOP, "README", 0444, readme_show, NULL),
	ATTR(TRACE_DIR_TOP, "available_tracers", 0444, tracers_show, NULL),
	ATTR(TRACE_DIR_TOP, "current_tracer", 0644, current_tracer_show,
	     current_tracer_store),
	ATTR(TRACE_DIR_TOP, "tracing_on", 0644, tracing_on_show,
	     tracing_on_store),
	ATTR(TRACE_DIR_TOP, "trace_clock", 0644, trace_clock_attr_show,
	     trace_clock_attr_store),
	STREAM(TRACE_DIR_TOP, "trace", 0644, &trace_fops),
	STREAM(TRACE_DIR_TOP, "trace_pipe", 0444, &trace_pipe_fops),
#ifdef CONFIG_TRACER_SNAPSHOT
	STREAM(TRACE_DIR_TOP, "snapshot", 0644, &trace_snap_fops),
#endif
	STREAM(TRACE_DIR_TOP, "trace_marker", 0220, &trace_marker_fops),
	STREAM(TRACE_DIR_TOP, "trace_marker_raw", 0220, &trace_marker_raw_fops),
	ATTR(TRACE_DIR_TOP, "buffer_size_kb", 0644, buffer_size_show,
	     buffer_size_store),
	ATTR(TRACE_DIR_TOP, "buffer_total_size_kb", 0444, buffer_total_show,
	     NULL),
	STREAM(TRACE_DIR_TOP, "free_buffer", 0200, &free_buffer_fops),
	ATTR(TRACE_DIR_TOP, "buffer_percent", 0644, buffer_percent_show,
	     buffer_percent_store),
	ATTR(TRACE_DIR_TOP, "trace_options", 0644, trace_options_show,
	     trace_options_store),
	ATTR(TRACE_DIR_TOP, "tracing_cpumask", 0644, trace_cpumask_show,
	     trace_cpumask_store),
	ATTR(TRACE_DIR_TOP, "saved_cmdlines", 0444, saved_cmdlines_show, NULL),
	ATTR(TRACE_DIR_TOP, "saved_cmdlines_size", 0644,
	     saved_cmdlines_size_show, saved_cmdlines_size_store),
	ATTR(TRACE_DIR_TOP, "saved_tgids", 0444, saved_tgids_show, NULL),
	ATTR(TRACE_DIR_TOP, "error_log", 0644, trace_errlog_show,
	     trace_errlog_store),
	ATTR(TRACE_DIR_TOP, "printk_formats", 0444, trace_printk_formats_show,
	     NULL),
	ATTR(TRACE_DIR_TOP, "tracing_thresh", 0644, trace_thresh_show,
	     trace_thresh_store),
#ifdef CONFIG_TRACER_MAX_TRACE
	ATTR(TRACE_DIR_TOP, "tracing_max_latency", 0644, trace_lat_max_show,
	     trace_lat_max_store),
#endif
#ifdef CONFIG_DYNAMIC_FTRACE
	{ .dir = TRACE_DIR_TOP, .name = "available_filter_functions",
	  .mode = 0444, .arg = FENTRY_LIST_ALL, .fops = &fentry_list_fops },
	{ .dir = TRACE_DIR_TOP, .name = "available_filter_functions_addrs",
	  .mode = 0444, .arg = FENTRY_LIST_ADDRS, .fops = &fentry_list_fops },
	{ .dir = TRACE_DIR_TOP, .name = "enabled_functions",
	  .mode = 0444, .arg = FENTRY_LIST_ENABLED, .fops = &fentry_list_fops },
	ATTR(TRACE_DIR_TOP, "dyn_ftrace_total_info", 0444, fentry_total_show,
	     NULL),
	{ .dir = TRACE_DIR_TOP, .name = "set_ftrace_filter",
	  .mode = 0644, .arg = FENTRY_LIST_FILTER, .fops = &fentry_filter_fops },
	{ .dir = TRACE_DIR_TOP, .name = "set_ftrace_notrace",
	  .mode = 0644, .arg = FENTRY_LIST_NOTRACE, .fops = &fentry_filter_fops },
	{ .dir = TRACE_DIR_TOP, .name = "set_ftrace_pid", .mode = 0644,
	  .arg = TRACE_PID_ARG(fentry_pids, TRACE_PID_ONLY),
	  .fops = &trace_pid_fops },
	{ .dir = TRACE_DIR_TOP, .name = "set_ftrace_notrace_pid", .mode = 0644,
	  .arg = TRACE_PID_ARG(fentry_pids, TRACE_PID_NEVER),
	  .fops = &trace_pid_fops },
#endif
#ifdef CONFIG_FUNCTION_PROFILER
	ATTR(TRACE_DIR_TOP, "function_profile_enabled", 0644,
	     trace_profile_show, trace_profile_store),
#endif
#ifdef CONFIG_STACK_TRACER
	ATTR(TRACE_DIR_TOP, "stack_max_size", 0644, trace_stack_max_show,
	     trace_stack_max_store),
	ATTR(TRACE_DIR_TOP, "stack_trace", 0444, trace_stack_trace_show, NULL),
	{ .dir = TRACE_DIR_TOP, .name = "stack_trace_filter",
	  .mode = 0644, .arg = FENTRY_LIST_STACK, .fops = &fentry_filter_fops },
#endif
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	{ .dir = TRACE_DIR_TOP, .name = "set_graph_function",
	  .mode = 0644, .arg = FENTRY_LIST_GRAPH, .fops = &fentry_filter_fops },
	{ .dir = TRACE_DIR_TOP, .name = "set_graph_notrace", .mode = 0644,
	  .arg = FENTRY_LIST_GRAPH_NOTRACE, .fops = &fentry_filter_fops },
	ATTR(TRACE_DIR_TOP, "max_graph_depth", 0644, trace_graph_depth_show,
	     trace_graph_depth_store),
	EV_FORMAT(TRACE_DIR_GRAPH_ENT, TRACE_TYPE_GRAPH_ENT),
	EV_ID(TRACE_DIR_GRAPH_ENT, TRACE_TYPE_GRAPH_ENT),
	EV_FORMAT(TRACE_DIR_GRAPH_RET, TRACE_TYPE_GRAPH_RET),
	EV_ID(TRACE_DIR_GRAPH_RET, TRACE_TYPE_GRAPH_RET),
#endif
	ATTR(TRACE_DIR_EVENTS, "enable", 0644, trace_ev_enable_show,
	     trace_ev_enable_store),
#ifdef CONFIG_EVENT_TRACING
	STREAM(TRACE_DIR_TOP, "set_event", 0644, &trace_ev_set_fops),
	{ .dir = TRACE_DIR_TOP, .name = "set_event_pid", .mode = 0644,
	  .arg = TRACE_PID_ARG(trace_ev_pids, TRACE_PID_ONLY),
	  .fops = &trace_pid_fops },
	{ .dir = TRACE_DIR_TOP, .name = "set_event_notrace_pid", .mode = 0644,
	  .arg = TRACE_PID_ARG(trace_ev_pids, TRACE_PID_NEVER),
	  .fops = &trace_pid_fops },
	STREAM(TRACE_DIR_TOP, "available_events", 0444, &trace_ev_avail_fops),
#endif
	ATTR(TRACE_DIR_EVENTS, "header_page", 0444, header_page_show, NULL),
	ATTR(TRACE_DIR_EVENTS, "header_event", 0444, header_event_show, NULL),
	EV_FORMAT(TRACE_DIR_PRINT, TRACE_TYPE_PRINT),
	EV_ID(TRACE_DIR_PRINT, TRACE_TYPE_PRINT),
	EV_FORMAT(TRACE_DIR_STACK, TRACE_TYPE_STACK),
	EV_ID(TRACE_DIR_STACK, TRACE_TYPE_STACK),
	EV_FORMAT(TRACE_DIR_BPRINT, TRACE_TYPE_BPRINT),
	EV_ID(TRACE_DIR_BPRINT, TRACE_TYPE_BPRINT),
	EV_FORMAT(TRACE_DIR_BPUTS, TRACE_TYPE_BPUTS),
	EV_ID(TRACE_DIR_BPUTS, TRACE_TYPE_BPUTS),
	EV_FORMAT(TRACE_DIR_USER_STACK, TRACE_TYPE_USER_STACK),
	EV_ID(TRACE_DIR_USER_STACK, TRACE_TYPE_USER_STACK),
	EV_FORMAT(TRACE_DIR_RAW_DATA, TRACE_TYPE_RAW_DATA),
	EV_ID(TRACE_DIR_RAW_DATA, TRACE_TYPE_RAW_DATA),
#ifdef CONFIG_FUNCTION_TRACER
	EV_FORMAT(TRACE_DIR_FUNCTION, TRACE_TYPE_FN),
	EV_ID(TRACE_DIR_FUNCTION, TRACE_TYPE_FN),
#endif
#ifdef CONFIG_SCHED_TRACER
	EV_FORMAT(TRACE_DIR_CTX, TRACE_TYPE_CTX),
	EV_ID(TRACE_DIR_CTX, TRACE_TYPE_CTX),
	EV_FORMAT(TRACE_DIR_WAKE, TRACE_TYPE_WAKE),
	EV_ID(TRACE_DIR_WAKE, TRACE_TYPE_WAKE),
#endif
	STREAM(TRACE_DIR_CPU, "trace", 0644, &trace_fops),
	STREAM(TRACE_DIR_CPU, "trace_pipe", 0444, &trace_pipe_fops),
#ifdef CONFIG_TRACER_SNAPSHOT
	STREAM(TRACE_DIR_CPU, "snapshot", 0644, &trace_snap_fops),
#endif
	STREAM(TRACE_DIR_CPU, "trace_pipe_raw", 0444, &trace_pipe_raw_fops),
	ATTR(TRACE_DIR_CPU, "buffer_size_kb", 0644, buffer_size_show,
	     buffer_size_store),
	ATTR(TRACE_DIR_CPU, "stats", 0444, stats_show, NULL),
};

/* The entry behind every options/<name> file. */
static const struct trace_fs_file trace_fs_option =
	ATTR(TRACE_DIR_TOP, NULL, 0644, option_show, option_store);

/*
 * /sys/kernel/debug/tracing: an automount of tracefs, for tools that still
 * look for the tracing directory under debugfs.
 */
static struct vfsmount *trace_debugfs_automount(struct dentry *mntpt,
						void *data)
{
	struct file_system_type *type = get_fs_type("tracefs");
	struct fs_context *fc;
	struct vfsmount *mnt;

	if (!type)
		return NULL;
	fc = fs_context_for_submount(type, mntpt);
	put_filesystem(type);
	if (IS_ERR(fc))
		return ERR_CAST(fc);
	mnt = fc_mount(fc);
	put_fs_context(fc);
	/* The VFS keeps one reference for the mount tree, and drops ours. */
	if (!IS_ERR(mnt))
		mntget(mnt);
	return mnt;
}

static int trace_fs_create(const struct trace_fs_file *f, const char *name,
			   long arg, struct dentry *dir)
{
	struct trace_fs_node *n = kmalloc(sizeof(*n), GFP_KERNEL);

	if (!n)
		return -ENOMEM;
	n->f = f;
	n->arg = arg;
	if (!tracefs_create_file(name, f->mode, dir, n,
				 f->fops ?: &trace_attr_fops)) {
		pr_warn("tracing: cannot create %s\n", name);
		kfree(n);
		return -ENOMEM;
	}
	return 0;
}

static struct dentry *trace_fs_mkdir(const char *name, struct dentry *parent)
{
	struct dentry *d = tracefs_create_dir(name, parent);

	if (IS_ERR_OR_NULL(d)) {
		pr_warn("tracing: cannot create %s/\n", name);
		return NULL;
	}
	return d;
}

/* Create the files of directory @dir of the table in @d, with @arg. */
static int trace_fs_fill(unsigned int dir, struct dentry *d, long arg)
{
	const struct trace_fs_file *f;
	int ret;

	for (f = trace_fs_files; f < trace_fs_files + ARRAY_SIZE(trace_fs_files);
	     f++) {
		if (f->dir != dir)
			continue;
		ret = trace_fs_create(f, f->name,
				      dir == TRACE_DIR_CPU ? arg : f->arg, d);
		if (ret)
			return ret;
	}
	return 0;
}

#ifdef CONFIG_FUNCTION_PROFILER
/* The entry behind trace_stat/function<cpu>; the argument is the CPU. */
static const struct trace_fs_file trace_fs_prof_stat =
	ATTR(TRACE_DIR_TOP, NULL, 0444, trace_profile_stat_show, NULL);

static int trace_fs_prof_init(void)
{
	struct dentry *stat = trace_fs_mkdir("trace_stat", NULL);
	char name[24];
	int cpu, ret;

	if (!stat)
		return -ENOMEM;
	for_each_possible_cpu(cpu) {
		snprintf(name, sizeof(name), "function%d", cpu);
		ret = trace_fs_create(&trace_fs_prof_stat, name, cpu, stat);
		if (ret)
			return ret;
	}
	return 0;
}
#else
static int trace_fs_prof_init(void)
{
	return 0;
}
#endif

/* The directories of events/ftrace/, and whether each exists. */
static const struct {
	const char *name;
	enum trace_fs_dir dir;
	bool on;
} trace_fs_ftrace_events[] = {
	{ "print", TRACE_DIR_PRINT, true },
	{ "kernel_stack", TRACE_DIR_STACK, true },
	{ "raw_data", TRACE_DIR_RAW_DATA, true },
	{ "bprint", TRACE_DIR_BPRINT, true },
	{ "bputs", TRACE_DIR_BPUTS, true },
	{ "user_stack", TRACE_DIR_USER_STACK, true },
	{ "function", TRACE_DIR_FUNCTION, IS_ENABLED(CONFIG_FUNCTION_TRACER) },
	{ "funcgraph_entry", TRACE_DIR_GRAPH_ENT,
	  IS_ENABLED(CONFIG_FUNCTION_GRAPH_TRACER) },
	{ "funcgraph_exit", TRACE_DIR_GRAPH_RET,
	  IS_ENABLED(CONFIG_FUNCTION_GRAPH_TRACER) },
	{ "context_switch", TRACE_DIR_CTX, IS_ENABLED(CONFIG_SCHED_TRACER) },
	{ "wakeup", TRACE_DIR_WAKE, IS_ENABLED(CONFIG_SCHED_TRACER) },
};

/**
 * trace_fs_init() - create the tracefs files
 *
 * Return: 0, or -ENOMEM when a file could not be created.
 */
int __init trace_fs_init(void)
{
	struct dentry *events, *ftrace, *options, *per_cpu, *d;
	char name[16];
	unsigned int o, i;
	int cpu, ret;

	events = trace_fs_mkdir("events", NULL);
	options = trace_fs_mkdir("options", NULL);
	per_cpu = trace_fs_mkdir("per_cpu", NULL);
	if (!events || !options || !per_cpu)
		return -ENOMEM;
	ftrace = trace_fs_mkdir("ftrace", events);
	if (!ftrace)
		return -ENOMEM;
	ret = trace_fs_fill(TRACE_DIR_TOP, NULL, ALL) ?:
	      trace_fs_fill(TRACE_DIR_EVENTS, events, ALL);
	if (ret)
		return ret;
	for (i = 0; i < ARRAY_SIZE(trace_fs_ftrace_events); i++) {
		if (!trace_fs_ftrace_events[i].on)
			continue;
		d = trace_fs_mkdir(trace_fs_ftrace_events[i].name, ftrace);
		ret = d ? trace_fs_fill(trace_fs_ftrace_events[i].dir, d, ALL) :
			  -ENOMEM;
		if (ret)
			return ret;
	}
	for (o = 0; o < trace_opt_count(); o++) {
		ret = trace_fs_create(&trace_fs_option, trace_opt_name(o), o,
				      options);
		if (ret)
			return ret;
	}
	for_each_possible_cpu(cpu) {
		snprintf(name, sizeof(name), "cpu%d", cpu);
		d = trace_fs_mkdir(name, per_cpu);
		if (!d)
			return -ENOMEM;
		ret = trace_fs_fill(TRACE_DIR_CPU, d, cpu);
		if (ret)
			return ret;
	}
	ret = trace_fs_prof_init();
	if (ret)
		return ret;
	trace_ev_fs_set_top(events);
	trace_ev_init();
	debugfs_create_automount("tracing", NULL, trace_debugfs_automount, NULL);
	return 0;
}
