// SPDX-License-Identifier: GPL-2.0
/*
 * The format files of the records the tracing core writes itself
 * (events/ftrace/<name>/format), from one table.
 *
 * Tools decode trace_pipe_raw with these (trace-cmd, perf, uftrace), so
 * their text is ABI, laid out as every event's format file is: name, ID,
 * the common fields of struct trace_entry, a blank line, the record's
 * own fields, a blank line, and the print fmt. trace_format_head() gives
 * the part every format file shares; trace events (trace_ev_fs.c) use it
 * too.
 */
#include <linux/kernel.h>
#include <linux/seq_file.h>
#include <linux/stddef.h>
#include <linux/string.h>
#include <linux/tracefs.h>

#include "trace.h"
#include "trace_osnoise.h"

/* The fields of struct trace_entry, as tools expect them. */
static const char trace_common_fields[] =
	"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
	"\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
	"\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
	"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n";

/**
 * trace_format_head() - begin a format file
 * @m:		the file
 * @name:	the event's name
 * @id:		its record type
 *
 * Writes the name, the ID and the common fields, up to the blank line
 * that precedes the event's own fields.
 */
void trace_format_head(struct seq_file *m, const char *name, unsigned int id)
{
	seq_printf(m, "name: %s\nID: %u\nformat:\n%s", name, id,
		   trace_common_fields);
}

/* One field: its declaration as tools read it, where it is, how big. */
struct trace_fmt_field {
	const char *decl;
	u16 offset;
	u16 size;
	bool is_signed;
};

/* A core record: its type, name, fields (up to a NULL decl), print fmt. */
struct trace_fmt {
	u8 type;
	bool on;
	const char *name;
	const struct trace_fmt_field *fields;
	const char *print_fmt;
};

/* Field @member of struct @rec, @size bytes. */
#define FLD(rec, member, decl, size, sgn) \
	{ decl, offsetof(struct rec, member), size, sgn }
/* A field of a record this kernel never writes: upstream's layout. */
#define FLD_AT(decl, off, size, sgn)	{ decl, off, size, sgn }

static const struct trace_fmt_field fn_fields[] = {
	FLD(trace_fn_rec, ip, "unsigned long ip", sizeof(long), 0),
	FLD(trace_fn_rec, parent_ip, "unsigned long parent_ip", sizeof(long), 0),
	{ }
};

static const struct trace_fmt_field ctx_fields[] = {
	FLD(trace_ctx_rec, prev_pid, "unsigned int prev_pid", 4, 0),
	FLD(trace_ctx_rec, next_pid, "unsigned int next_pid", 4, 0),
	FLD(trace_ctx_rec, next_cpu, "unsigned int next_cpu", 4, 0),
	FLD(trace_ctx_rec, prev_prio, "unsigned char prev_prio", 1, 0),
	FLD(trace_ctx_rec, prev_state, "unsigned char prev_state", 1, 0),
	FLD(trace_ctx_rec, next_prio, "unsigned char next_prio", 1, 0),
	FLD(trace_ctx_rec, next_state, "unsigned char next_state", 1, 0),
	{ }
};

/* The record holds as many callers as were found; tools read eight. */
static const struct trace_fmt_field stack_fields[] = {
	FLD(trace_stack_rec, size, "int size", 4, 1),
	FLD(trace_stack_rec, caller, "unsigned long caller[8]", 8 * sizeof(long), 0),
	{ }
};

static const struct trace_fmt_field print_fields[] = {
	FLD(trace_print_rec, ip, "unsigned long ip", sizeof(long), 0),
	FLD(trace_print_rec, buf, "char buf[]", 0, 0),
	{ }
};

static const struct trace_fmt_field graph_ret_fields[] = {
	FLD(trace_graph_ret_rec, func, "unsigned long func", sizeof(long), 0),
	FLD(trace_graph_ret_rec, retval, "unsigned long retval", sizeof(long), 0),
	FLD(trace_graph_ret_rec, depth, "int depth", sizeof(int), 1),
	FLD(trace_graph_ret_rec, overrun, "unsigned int overrun", sizeof(int), 0),
	FLD(trace_graph_ret_rec, calltime, "unsigned long long calltime", sizeof(u64), 0),
	FLD(trace_graph_ret_rec, rettime, "unsigned long long rettime", sizeof(u64), 0),
	{ }
};

static const struct trace_fmt_field graph_ent_fields[] = {
	FLD(trace_graph_ent_rec, func, "unsigned long func", sizeof(long), 0),
	FLD(trace_graph_ent_rec, depth, "int depth", sizeof(int), 1),
	{ }
};

static const struct trace_fmt_field raw_fields[] = {
	FLD(trace_raw_rec, id, "unsigned int id", 4, 0),
	FLD(trace_raw_rec, buf, "char buf[]", 0, 1),
	{ }
};

static const struct trace_fmt_field hwlat_fields[] = {
	FLD(trace_hwlat_rec, inner, "u64 duration", 8, 0),
	FLD(trace_hwlat_rec, outer, "u64 outer_duration", 8, 0),
	FLD(trace_hwlat_rec, nmi_total, "u64 nmi_total_ts", 8, 0),
	FLD(trace_hwlat_rec, tv_sec, "s64 tv_sec", 8, 1),
	FLD(trace_hwlat_rec, tv_nsec, "long tv_nsec", sizeof(long), 1),
	FLD(trace_hwlat_rec, nmi_count, "unsigned int nmi_count", 4, 0),
	FLD(trace_hwlat_rec, seqnum, "unsigned int seqnum", 4, 0),
	FLD(trace_hwlat_rec, count, "unsigned int count", 4, 0),
	{ }
};

/*
 * bprint, bputs and user_stack: this kernel writes trace_printk() text as
 * print records and has no user stacks, but tools look these formats up
 * by name.
 */
static const struct trace_fmt_field bprint_fields[] = {
	FLD_AT("unsigned long ip", 8, 8, 0),
	FLD_AT("const char * fmt", 16, 8, 0),
	FLD_AT("u32 buf[]", 24, 0, 0),
	{ }
};

static const struct trace_fmt_field bputs_fields[] = {
	FLD_AT("unsigned long ip", 8, 8, 0),
	FLD_AT("const char * str", 16, 8, 0),
	{ }
};

static const struct trace_fmt_field user_stack_fields[] = {
	FLD_AT("unsigned int tgid", 8, 4, 0),
	FLD_AT("unsigned long caller[8]", 16, 64, 0),
	{ }
};

static const struct trace_fmt_field osnoise_fields[] = {
	FLD(trace_osnoise_rec, noise, "u64 noise", 8, 0),
	FLD(trace_osnoise_rec, runtime, "u64 runtime", 8, 0),
	FLD(trace_osnoise_rec, max_sample, "u64 max_sample", 8, 0),
	FLD(trace_osnoise_rec, hw_count, "unsigned int hw_count", 4, 0),
	FLD(trace_osnoise_rec, nmi_count, "unsigned int nmi_count", 4, 0),
	FLD(trace_osnoise_rec, irq_count, "unsigned int irq_count", 4, 0),
	FLD(trace_osnoise_rec, softirq_count, "unsigned int softirq_count", 4, 0),
	FLD(trace_osnoise_rec, thread_count, "unsigned int thread_count", 4, 0),
	{ }
};

static const struct trace_fmt_field timerlat_fields[] = {
	FLD(trace_timerlat_rec, seqnum, "unsigned int seqnum", 4, 0),
	FLD(trace_timerlat_rec, context, "int context", 4, 1),
	FLD(trace_timerlat_rec, timer_latency, "u64 timer_latency", 8, 0),
	{ }
};

static const struct trace_fmt_field mmio_rw_fields[] = {
	FLD(trace_mmio_rw_rec, rw.phys, "resource_size_t phys", sizeof(resource_size_t), 0),
	FLD(trace_mmio_rw_rec, rw.value, "unsigned long value", sizeof(long), 0),
	FLD(trace_mmio_rw_rec, rw.pc, "unsigned long pc", sizeof(long), 0),
	FLD(trace_mmio_rw_rec, rw.map_id, "int map_id", 4, 1),
	FLD(trace_mmio_rw_rec, rw.opcode, "unsigned char opcode", 1, 0),
	FLD(trace_mmio_rw_rec, rw.width, "unsigned char width", 1, 0),
	{ }
};

static const struct trace_fmt_field mmio_map_fields[] = {
	FLD(trace_mmio_map_rec, map.phys, "resource_size_t phys", sizeof(resource_size_t), 0),
	FLD(trace_mmio_map_rec, map.virt, "unsigned long virt", sizeof(long), 0),
	FLD(trace_mmio_map_rec, map.len, "unsigned long len", sizeof(long), 0),
	FLD(trace_mmio_map_rec, map.map_id, "int map_id", 4, 1),
	FLD(trace_mmio_map_rec, map.opcode, "unsigned char opcode", 1, 0),
	{ }
};

/* Eight return addresses, one a line. */
static const char callers_fmt[] = {
	"\"\\t=> %ps\\n\\t=> %ps\\n\\t=> %ps\\n\\t=> %ps\\n\\t=> %ps\\n\\t=> %ps\\n\\t=> %ps\\n\\t=> %ps\\n\", (void *)REC->caller[0], (void *)REC->caller[1], (void *)REC->caller[2], (void *)REC->caller[3], (void *)REC->caller[4], (void *)REC->caller[5], (void *)REC->caller[6], (void *)REC->caller[7]"
};

static const struct trace_fmt trace_fmts[] = {
	{ TRACE_TYPE_FN, IS_ENABLED(CONFIG_FUNCTION_TRACER), "function", fn_fields,
	  "\" %ps <-- %ps\", (void *)REC->ip, (void *)REC->parent_ip" },
	{ TRACE_TYPE_CTX, IS_ENABLED(CONFIG_SCHED_TRACER), "context_switch",
	  ctx_fields,
	  "\"%u:%u:%u  ==> %u:%u:%u [%03u]\", REC->prev_pid, REC->prev_prio, REC->prev_state, REC->next_pid, REC->next_prio, REC->next_state, REC->next_cpu"
	},
	{ TRACE_TYPE_WAKE, IS_ENABLED(CONFIG_SCHED_TRACER), "wakeup", ctx_fields,
	  "\"%u:%u:%u  ==+ %u:%u:%u [%03u]\", REC->prev_pid, REC->prev_prio, REC->prev_state, REC->next_pid, REC->next_prio, REC->next_state, REC->next_cpu"
	},
	{ TRACE_TYPE_STACK, true, "kernel_stack", stack_fields, callers_fmt },
	{ TRACE_TYPE_PRINT, true, "print", print_fields,
	  "\"%ps: %s\", (void *)REC->ip, REC->buf" },
	{ TRACE_TYPE_BPRINT, true, "bprint", bprint_fields,
	  "\"%ps: %s\", (void *)REC->ip, REC->fmt" },
	{ TRACE_TYPE_MMIO_RW, IS_ENABLED(CONFIG_MMIOTRACE), "mmiotrace_rw",
	  mmio_rw_fields,
	  "\"%lx %lx %lx %d %x %x\", (unsigned long)REC->phys, REC->value, REC->pc, REC->map_id, REC->opcode, REC->width"
	},
	{ TRACE_TYPE_MMIO_MAP, IS_ENABLED(CONFIG_MMIOTRACE), "mmiotrace_map",
	  mmio_map_fields,
	  "\"%lx %lx %lx %d %x\", (unsigned long)REC->phys, REC->virt, REC->len, REC->map_id, REC->opcode"
	},
	{ TRACE_TYPE_GRAPH_RET, IS_ENABLED(CONFIG_FUNCTION_GRAPH_TRACER),
	  "funcgraph_exit", graph_ret_fields,
	  "\"<-- %ps (%d) (start: %llx  end: %llx) over: %d retval: %lx\", (void *)REC->func, REC->depth, REC->calltime, REC->rettime, REC->depth, REC->retval"
	},
	{ TRACE_TYPE_GRAPH_ENT, IS_ENABLED(CONFIG_FUNCTION_GRAPH_TRACER),
	  "funcgraph_entry", graph_ent_fields,
	  "\"--> %ps (%d)\", (void *)REC->func, REC->depth" },
	{ TRACE_TYPE_USER_STACK, true, "user_stack", user_stack_fields,
	  callers_fmt },
	{ TRACE_TYPE_HWLAT, IS_ENABLED(CONFIG_HWLAT_TRACER), "hwlat",
	  hwlat_fields,
	  "\"cnt:%u\\tts:%010llu.%010lu\\tinner:%llu\\touter:%llu\\tcount:%d\\tnmi-ts:%llu\\tnmi-count:%u\\n\", REC->seqnum, REC->tv_sec, REC->tv_nsec, REC->duration, REC->outer_duration, REC->count, REC->nmi_total_ts, REC->nmi_count"
	},
	{ TRACE_TYPE_BPUTS, true, "bputs", bputs_fields,
	  "\"%ps: %s\", (void *)REC->ip, REC->str" },
	{ TRACE_TYPE_OSNOISE, IS_ENABLED(CONFIG_OSNOISE_TRACER), "osnoise",
	  osnoise_fields,
	  "\"noise:%llu\\tmax_sample:%llu\\thw:%u\\tnmi:%u\\tirq:%u\\tsoftirq:%u\\tthread:%u\\n\", REC->noise, REC->max_sample, REC->hw_count, REC->nmi_count, REC->irq_count, REC->softirq_count, REC->thread_count"
	},
	{ TRACE_TYPE_TIMERLAT, IS_ENABLED(CONFIG_TIMERLAT_TRACER), "timerlat",
	  timerlat_fields,
	  "\"seq:%u\\tcontext:%d\\ttimer_latency:%llu\\n\", REC->seqnum, REC->context, REC->timer_latency"
	},
	{ TRACE_TYPE_RAW_DATA, true, "raw_data", raw_fields,
	  "\"id:%04x %08x\", REC->id, (int)REC->buf[0]" },
};

/* format of a core record: 0, or -ENOENT for a type the table lacks. */
static int trace_fmt_show(struct seq_file *m, unsigned long type)
{
	const struct trace_fmt_field *fld;
	const struct trace_fmt *f;

	for (f = trace_fmts; f < trace_fmts + ARRAY_SIZE(trace_fmts); f++) {
		if (f->type != type)
			continue;
		trace_format_head(m, f->name, f->type);
		for (fld = f->fields; fld->decl; fld++)
			seq_printf(m, "\tfield:%s;\toffset:%u;\tsize:%u;\tsigned:%d;\n",
				   fld->decl, fld->offset, fld->size,
				   fld->is_signed);
		seq_printf(m, "\nprint fmt: %s\n", f->print_fmt);
		return 0;
	}
	return -ENOENT;
}

/**
 * trace_fmt_header_page_show() - events/header_page: the layout of a
 * trace_pipe_raw page, for libtraceevent
 * @m:		where to print
 * @tr:		the trace array of the file: its data size is that of the
 *		array's sub-buffers
 * @unused:	the table argument
 *
 * Return: 0.
 */
int trace_fmt_header_page_show(struct seq_file *m, struct trace_array *tr,
			       long unused)
{
	size_t size = trace_buf_subbuf_size(trace_array_buf(tr));

	seq_puts(m, "\tfield: u64 timestamp;\toffset:0;\tsize:8;\tsigned:0;\n");
	seq_printf(m, "\tfield: local_t commit;\toffset:8;\tsize:%zu;\tsigned:1;\n",
		   sizeof(long));
	seq_puts(m, "\tfield: int overwrite;\toffset:8;\tsize:1;\tsigned:1;\n");
	seq_printf(m, "\tfield: char data;\toffset:%d;\tsize:%zu;\tsigned:1;\n",
		   8 + (int)sizeof(long), size - 8 - sizeof(long));
	return 0;
}

/**
 * trace_fmt_header_event_show() - events/header_event: the layout of an
 * event header, in the words tools look for
 * @m:		where to print
 * @tr:		the trace array of the file (any)
 * @unused:	the table argument
 *
 * Return: 0.
 */
int trace_fmt_header_event_show(struct seq_file *m, struct trace_array *tr,
				long unused)
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

/* events/enable without trace events: 0, and 0 and 1 are no-ops. */
static int trace_noev_enable_show(struct seq_file *m, struct trace_array *tr,
				  long unused)
{
	seq_puts(m, "0\n");
	return 0;
}

static int trace_noev_enable_store(struct trace_array *tr, const char *val,
				   long unused)
{
	/* Only the digits: kstrtobool() would also take y/n/on/off. */
	if (strcmp(val, "0") && strcmp(val, "1"))
		return -EINVAL;
	return 0;
}

/*
 * events/ftrace/<name>/format and id: the inode's data is the record's
 * type. They show nothing of a trace array, so one set of operations
 * serves the top array and every instance.
 */
static int trace_fmt_file_show(struct seq_file *m, void *unused)
{
	return trace_fmt_show(m, (unsigned long)m->private);
}

static int trace_fmt_file_open(struct inode *inode, struct file *file)
{
	return single_open(file, trace_fmt_file_show, inode->i_private);
}

static const struct file_operations trace_fmt_file_fops = {
	.open = trace_fmt_file_open, .read = seq_read,
	.llseek = seq_lseek, .release = single_release,
};

static int trace_fmt_id_show(struct seq_file *m, void *unused)
{
	seq_printf(m, "%lu\n", (unsigned long)m->private);
	return 0;
}

static int trace_fmt_id_open(struct inode *inode, struct file *file)
{
	return single_open(file, trace_fmt_id_show, inode->i_private);
}

static const struct file_operations trace_fmt_id_fops = {
	.open = trace_fmt_id_open, .read = seq_read,
	.llseek = seq_lseek, .release = single_release,
};

/**
 * trace_fmt_lookup() - the format and id files of a core record's
 * directory, for eventfs
 * @file:	the file's name
 * @mode:	gets its mode
 * @data:	the directory's data, the record's type; the file's data
 * @fops:	gets its operations
 *
 * Called by eventfs, under its own mutex, when a file is looked up.
 *
 * Return: 1 for format and id, 0 for any other name.
 */
int trace_fmt_lookup(const char *file, umode_t *mode, void **data,
		     const struct file_operations **fops)
{
	*mode = 0440;
	if (!strcmp(file, "format"))
		*fops = &trace_fmt_file_fops;
	else if (!strcmp(file, "id"))
		*fops = &trace_fmt_id_fops;
	else
		return 0;
	return 1;
}

static const struct eventfs_entry trace_fmt_entries[] = {
	{ .name = "format", .callback = trace_fmt_lookup },
	{ .name = "id", .callback = trace_fmt_lookup },
};

/**
 * trace_fmt_mkdirs() - events/ftrace/: a directory per record this kernel
 * writes, with its format and id
 * @events:	the events/ of a trace array
 * @print:	the files of print's directory, whose callbacks answer the
 *		format and id through trace_fmt_lookup() (the trace events
 *		add trigger and hist); NULL for format and id alone
 * @nr_print:	how many
 * @print_data:	the data of print's directory, with @print
 *
 * The directories go with @events (eventfs_remove_events_dir()).
 *
 * Return: 0, or the errno of eventfs.
 */
int trace_fmt_mkdirs(struct eventfs_inode *events,
		     const struct eventfs_entry *print, int nr_print,
		     void *print_data)
{
	struct eventfs_inode *ftrace, *ei;
	const struct trace_fmt *f;

	ftrace = eventfs_create_dir("ftrace", events, NULL, 0, NULL);
	if (IS_ERR(ftrace))
		return PTR_ERR(ftrace);
	for (f = trace_fmts; f < trace_fmts + ARRAY_SIZE(trace_fmts); f++) {
		if (!f->on)
			continue;
		if (print && f->type == TRACE_TYPE_PRINT)
			ei = eventfs_create_dir(f->name, ftrace, print,
						nr_print, print_data);
		else
			ei = eventfs_create_dir(f->name, ftrace,
						trace_fmt_entries,
						ARRAY_SIZE(trace_fmt_entries),
						(void *)(unsigned long)f->type);
		if (IS_ERR(ei))
			return PTR_ERR(ei);
	}
	return 0;
}

/* With trace events, they make events/ftrace/ (trace_ev_fs.c). */
static int trace_fmt_populate(const struct trace_fs_dirs *dirs)
{
	if (IS_ENABLED(CONFIG_EVENT_TRACING))
		return 0;
	return trace_fmt_mkdirs(dirs->events, NULL, 0, NULL);
}

static const struct trace_fs_file trace_fmt_files[] = {
	TRACE_FS_ATTR("header_page", 0440, TRACE_FS_EVENTS,
		      trace_fmt_header_page_show, NULL),
	TRACE_FS_ATTR("header_event", 0440, TRACE_FS_EVENTS,
		      trace_fmt_header_event_show, NULL),
};

static struct trace_fs_table trace_fmt_fs = {
	.name = "formats",
	.files = trace_fmt_files,
	.nr = ARRAY_SIZE(trace_fmt_files),
	.order = TRACE_FS_ORDER_FORMATS,
	.populate = trace_fmt_populate,
	.readme =
	"  events/header_page   - the layout of a trace_pipe_raw page\n"
	"  events/header_event  - the layout of an event header in a page\n",
};

/* events/enable of a kernel without trace events: 0, for the tools. */
static const struct trace_fs_file trace_noev_files[] = {
	TRACE_FS_ATTR("enable", 0640, TRACE_FS_EVENTS, trace_noev_enable_show,
		      trace_noev_enable_store),
};

static struct trace_fs_table trace_noev_fs = {
	.name = "no events",
	.files = trace_noev_files,
	.nr = ARRAY_SIZE(trace_noev_files),
	.order = TRACE_FS_ORDER_EVENTS,
	.readme =
	"  events/enable        - 0: this kernel has no trace events\n",
};

static int __init trace_fmt_fs_init(void)
{
	if (!IS_ENABLED(CONFIG_EVENT_TRACING))
		trace_fs_register(&trace_noev_fs);
	return trace_fs_register(&trace_fmt_fs);
}
core_initcall(trace_fmt_fs_init);
