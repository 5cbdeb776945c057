/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Internal declarations of the tracing core. Nothing outside kernel/trace/
 * includes this file.
 *
 * Which file of kernel/trace/ does what, and the layers they call down
 * through: the one file map, in Documentation/trace/tracing-design.rst.
 */
#ifndef _KERNEL_TRACE_TRACE_H
#define _KERNEL_TRACE_TRACE_H

#include <linux/atomic.h>
#include <linux/bitops.h>
#include <linux/cpumask.h>
#include <linux/jump_label.h>
#include <linux/list.h>
#include <linux/mmiotrace.h>
#include <linux/percpu.h>
#include <linux/rcupdate.h>
#include <linux/ring_buffer.h>
#include <linux/sched.h>
#include <linux/static_call.h>
#include <linux/trace_events.h>
#include <linux/types.h>
#include <linux/unaligned.h>

#include <trace/trace_ev.h>

#include "trace_fs.h"
#include "trace_write.h"

struct dentry;
struct file;
struct inode;
struct poll_table_struct;
struct seq_file;
struct task_struct;
struct trace_ev;
struct trace_pid_set;

/**
 * struct tracer - a tracer selectable through current_tracer
 * @name:	the name shown in available_tracers
 * @init:	called with trace_lock held when the tracer becomes current;
 *		may be NULL
 * @reset:	called with trace_lock held when the tracer stops being
 *		current; may be NULL
 * @init_array:	as @init, for an instance @tr; NULL for the tracers that
 *		only the top array runs
 * @reset_array: as @reset, for an instance @tr
 * @print_header: the trace file's header while the tracer is current;
 *		NULL for the default one
 * @print_ev:	prints a record while the tracer is current, and returns
 *		true; false leaves it to the default printers. May be NULL.
 * @use_max:	a latency tracer: trace shows the max buffer, in the
 *		latency format
 * @max_iter:	with @use_max: a new iterator over what trace shows of the
 *		max buffer, for one CPU or RING_BUFFER_ALL_CPUS
 * @pipe_line:	prints a line for a trace_pipe opened under this tracer to
 *		return before its next record, and returns true; or returns
 *		false. Asked again after each line it gives, until false,
 *		at every read(). @pos is the open's own, 0 at the open.
 *		Under the open's lock; may sleep. May be NULL.
 * @list:	link in the registry, protected by trace_lock
 */
struct tracer {
	const char *name;
	int (*init)(void);
	void (*reset)(void);
	int (*init_array)(struct trace_array *tr);
	void (*reset_array)(struct trace_array *tr);
	void (*print_header)(struct seq_file *m, struct trace_array *tr);
	bool (*print_ev)(struct seq_file *m, const struct trace_ev *ev);
	bool use_max;
	struct trace_iter *(*max_iter)(int cpu);
	bool (*pipe_line)(struct seq_file *m, unsigned long *pos);
	struct list_head list;
};

int trace_core_init(void);
void trace_boot_start_early(void);
void trace_dump_boot(void);
void trace_opts_boot_top(struct trace_array *tr);
void trace_array_boot_init(void);
int trace_register_tracer(struct tracer *t);
const char *trace_current_tracer_name(void);
const struct tracer *trace_current_tracer(void);
const struct tracer *trace_array_tracer(struct trace_array *tr);
const struct tracer *trace_tracer_lock(void);
void trace_tracer_unlock(void);
int trace_set_tracer(const char *name);
void trace_show_tracers(struct seq_file *m);

/* trace_function.c: registered from early_trace_init(), for ftrace= */
#ifdef CONFIG_FUNCTION_TRACER
void trace_fn_register_early(void);
#else
static inline void trace_fn_register_early(void) { }
#endif

/* Options (trace_options, options/): bit numbers in trace_opts. */
enum trace_opt {
	TRACE_OPT_PRINT_PARENT,
	TRACE_OPT_SYM_OFFSET,
	TRACE_OPT_SYM_ADDR,
	TRACE_OPT_VERBOSE,
	TRACE_OPT_RAW,
	TRACE_OPT_HEX,
	TRACE_OPT_BIN,
	TRACE_OPT_BLOCK,
	TRACE_OPT_CONTEXT_INFO,
	TRACE_OPT_LATENCY_FORMAT,
	TRACE_OPT_RECORD_CMD,
	TRACE_OPT_RECORD_TGID,
	TRACE_OPT_OVERWRITE,
	TRACE_OPT_DISABLE_ON_FREE,
	TRACE_OPT_IRQ_INFO,
	TRACE_OPT_MARKERS,
	TRACE_OPT_ANNOTATE,
	TRACE_OPT_PAUSE_ON_TRACE,
	TRACE_OPT_PRINTK_MSG_ONLY,
	TRACE_OPT_TRACE_PRINTK,
	TRACE_OPT_TRACE_PRINTK_DEST,
	TRACE_OPT_FUNCTION_TRACE,
	TRACE_OPT_FUNCTION_FORK,
	TRACE_OPT_FUNC_STACK_TRACE,
	TRACE_OPT_FUNCGRAPH_OVERRUN,
	TRACE_OPT_FUNCGRAPH_CPU,
	TRACE_OPT_FUNCGRAPH_OVERHEAD,
	TRACE_OPT_FUNCGRAPH_PROC,
	TRACE_OPT_FUNCGRAPH_DURATION,
	TRACE_OPT_FUNCGRAPH_ABSTIME,
	TRACE_OPT_FUNCGRAPH_IRQS,
	TRACE_OPT_FUNCGRAPH_TAIL,
	TRACE_OPT_FUNCGRAPH_RETVAL,
	TRACE_OPT_FUNCGRAPH_RETVAL_HEX,
	TRACE_OPT_SLEEP_TIME,
	TRACE_OPT_GRAPH_TIME,
	TRACE_OPT_DISPLAY_GRAPH,
	TRACE_OPT_STACKTRACE,
	TRACE_OPT_EVENT_FORK,
	TRACE_OPT_BLK_CLASSIC,
	TRACE_OPT_BLK_CGROUP,
	TRACE_OPT_BLK_CGNAME,
	TRACE_NR_OPTS
};

/* The top array's options; an instance's are trace_array_opts(). */
extern unsigned long trace_opts;

static inline bool trace_opt(enum trace_opt o)
{
	return test_bit(o, &trace_opts);
}

/*
 * The options each instance has its own value of: what its tracers and
 * its buffer do, and how its trace is printed. The others are the top
 * array's: in an instance, those of TRACE_OPTS_TOP_ONLY refuse a change,
 * and the rest (what the function_graph and latency tracers record,
 * record-tgid, and verbose, which event printers read) are shared with
 * the top array.
 */
#define TRACE_OPTS_PER_ARRAY						\
	(BIT(TRACE_OPT_OVERWRITE) | BIT(TRACE_OPT_FUNCTION_FORK) |	\
	 BIT(TRACE_OPT_FUNC_STACK_TRACE) | BIT(TRACE_OPT_STACKTRACE) |	\
	 BIT(TRACE_OPT_EVENT_FORK) | TRACE_OPTS_PRINT |			\
	 BIT(TRACE_OPT_BLOCK) | BIT(TRACE_OPT_MARKERS) |		\
	 BIT(TRACE_OPT_ANNOTATE) | BIT(TRACE_OPT_PAUSE_ON_TRACE) |	\
	 BIT(TRACE_OPT_DISABLE_ON_FREE) | BIT(TRACE_OPT_TRACE_PRINTK_DEST))
/* The options that only change how records are printed. */
#define TRACE_OPTS_PRINT						\
	(BIT(TRACE_OPT_PRINT_PARENT) | BIT(TRACE_OPT_SYM_OFFSET) |	\
	 BIT(TRACE_OPT_SYM_ADDR) | BIT(TRACE_OPT_RAW) |			\
	 BIT(TRACE_OPT_HEX) | BIT(TRACE_OPT_BIN) |			\
	 BIT(TRACE_OPT_CONTEXT_INFO) | BIT(TRACE_OPT_LATENCY_FORMAT) |	\
	 BIT(TRACE_OPT_IRQ_INFO) | BIT(TRACE_OPT_FUNCGRAPH_OVERRUN) |	\
	 BIT(TRACE_OPT_FUNCGRAPH_CPU) |					\
	 BIT(TRACE_OPT_FUNCGRAPH_OVERHEAD) |				\
	 BIT(TRACE_OPT_FUNCGRAPH_PROC) |				\
	 BIT(TRACE_OPT_FUNCGRAPH_DURATION) |				\
	 BIT(TRACE_OPT_FUNCGRAPH_ABSTIME) |				\
	 BIT(TRACE_OPT_FUNCGRAPH_TAIL) |				\
	 BIT(TRACE_OPT_FUNCGRAPH_RETVAL_HEX))
#define TRACE_OPTS_TOP_ONLY						\
	(BIT(TRACE_OPT_TRACE_PRINTK) | BIT(TRACE_OPT_PRINTK_MSG_ONLY) |	\
	 BIT(TRACE_OPT_RECORD_CMD))
/* An instance starts with the top's values, but for these. */
#define TRACE_OPTS_ZEROED						\
	(BIT(TRACE_OPT_FUNCTION_FORK) | BIT(TRACE_OPT_EVENT_FORK) |	\
	 BIT(TRACE_OPT_TRACE_PRINTK_DEST))

unsigned long *trace_array_opts(struct trace_array *tr);

/**
 * trace_tr_opt() - an option as a trace array has it
 * @tr:		the array; NULL for the top one
 * @o:		the option
 *
 * Its own value for TRACE_OPTS_PER_ARRAY, else the top array's.
 *
 * Return: the value.
 */
static inline bool trace_tr_opt(struct trace_array *tr, enum trace_opt o)
{
	if (!tr || !(BIT(o) & TRACE_OPTS_PER_ARRAY))
		return trace_opt(o);
	return test_bit(o, trace_array_opts(tr));
}

extern const char *const trace_opt_names[TRACE_NR_OPTS];
int trace_opts_set(struct trace_array *tr, unsigned long *opts,
		   unsigned int o, bool on);
int trace_options_store(struct trace_array *tr, const char *val, long unused);
struct trace_buf *trace_printk_buf(void);

/**
 * struct trace_opt_hook - what an owner does when one of its options flips
 * @opts:	the options (bits of enum trace_opt) it watches
 * @apply:	makes @opt's new value @on take effect in trace array @tr
 *		(the top one, for an option not in TRACE_OPTS_PER_ARRAY)
 *		before the bit changes; returns 0 or a negative errno, and
 *		then the option keeps its old value. Called under the
 *		options' mutex.
 * @next:	the next hook; set by trace_opt_hook_register()
 *
 * The options sit below every subsystem: they reach up only through
 * these.
 */
struct trace_opt_hook {
	unsigned long opts;
	int (*apply)(struct trace_array *tr, unsigned int opt, bool on);
	struct trace_opt_hook *next;
};

void trace_opt_hook_register(struct trace_opt_hook *h);

/*
 * TRACE_REGISTER(fn, obj): fn(&obj) at core_initcall, for the registries
 * that cannot fail: before boot applies trace_options= (at
 * core_initcall_sync) and before any reader.
 */
#define TRACE_REGISTER(fn, obj)						\
	static int __init obj##_register(void)				\
	{								\
		fn(&(obj));						\
		return 0;						\
	}								\
	core_initcall(obj##_register)

/* Register option hook @h (a struct trace_opt_hook). */
#define TRACE_OPT_HOOK(h)	TRACE_REGISTER(trace_opt_hook_register, h)

/**
 * trace_opt_value() - an option's value as it is to be
 * @o:		the option
 * @opt:	the option being changed, by a hook
 * @on:		@opt's new value
 *
 * Return: @on for @opt itself, else @o's current value.
 */
static inline bool trace_opt_value(enum trace_opt o, unsigned int opt, bool on)
{
	return o == opt ? on : trace_opt(o);
}

/*
 * Records: a struct trace_entry (common_type, flags, preempt count, pid),
 * then the fields of the type. The numbers are the IDs of the events of
 * the ftrace system, as upstream numbers them.
 */
enum trace_type {
	TRACE_TYPE_FN		= 1,	/* the function tracer */
	TRACE_TYPE_CTX		= 2,	/* context_switch: a task switch */
	TRACE_TYPE_WAKE		= 3,	/* wakeup: a task woken */
	TRACE_TYPE_STACK	= 4,	/* kernel_stack: a call stack */
	TRACE_TYPE_PRINT	= 5,	/* trace_marker, trace_printk() */
	TRACE_TYPE_BPRINT	= 6,	/* format only: never written */
	TRACE_TYPE_MMIO_RW	= 7,	/* mmiotrace_rw: an MMIO access */
	TRACE_TYPE_MMIO_MAP	= 8,	/* mmiotrace_map: an ioremap, iounmap */
	TRACE_TYPE_GRAPH_RET	= 10,	/* funcgraph_exit */
	TRACE_TYPE_GRAPH_ENT	= 11,	/* funcgraph_entry */
	TRACE_TYPE_USER_STACK	= 12,	/* format only: never written */
	TRACE_TYPE_BLK		= 13,	/* blk: a block I/O action */
	TRACE_TYPE_BPUTS	= 14,	/* format only: never written */
	TRACE_TYPE_HWLAT	= 15,	/* hwlat: a hardware latency */
	TRACE_TYPE_OSNOISE	= 16,	/* osnoise: a period's noise */
	TRACE_TYPE_TIMERLAT	= 17,	/* timerlat: a latency */
	TRACE_TYPE_RAW_DATA	= 18,	/* trace_marker_raw */
};

/* TRACE_TYPE_FN: a traced function's entry, and where it was called from. */
struct trace_fn_rec {
	struct trace_entry ent;
	unsigned long ip;
	unsigned long parent_ip;
};

/*
 * TRACE_TYPE_CTX: @prev_pid switched to @next_pid on @next_cpu.
 * TRACE_TYPE_WAKE: @prev_pid woke @next_pid, to run on @next_cpu.
 * Priorities are the kernel's (0-139, 120 for nice 0); states are
 * task_state_index() values.
 */
struct trace_ctx_rec {
	struct trace_entry ent;
	u32 prev_pid;
	u32 next_pid;
	u32 next_cpu;
	u8 prev_prio;
	u8 prev_state;
	u8 next_prio;
	u8 next_state;
};

/* TRACE_TYPE_GRAPH_ENT: a function entered, @depth calls deep. */
struct trace_graph_ent_rec {
	struct trace_entry ent;
	unsigned long func;
	int depth;
} __packed;

/*
 * TRACE_TYPE_GRAPH_RET: it returned @retval; @calltime and @rettime are
 * trace clock times; @overrun counts the task's calls too deep to hook.
 */
struct trace_graph_ret_rec {
	struct trace_entry ent;
	unsigned long func;
	unsigned long retval;
	int depth;
	unsigned int overrun;
	u64 calltime;
	u64 rettime;
} __packed;

/**
 * struct trace_hwlat_rec - TRACE_TYPE_HWLAT: a sample above tracing_thresh
 * @ent:		the common fields
 * @inner:		the largest gap between two reads of the clock in a
 *			row (us)
 * @outer:		the largest gap between one pair of reads and the
 *			next (us)
 * @nmi_total:		the time spent in NMIs during the sample (us)
 * @tv_sec:		the wall-clock time of the sample: seconds
 * @tv_nsec:		and nanoseconds
 * @nmi_count:		the NMIs during the sample
 * @seqnum:		1 for the first sample recorded since the tracer
 *			started, then counting up
 * @count:		the gaps above tracing_thresh in the sample
 *
 * The layout is upstream's (events/ftrace/hwlat/format).
 */
struct trace_hwlat_rec {
	struct trace_entry ent;
	u64 inner;
	u64 outer;
	u64 nmi_total;
	s64 tv_sec;
	long tv_nsec;
	unsigned int nmi_count;
	unsigned int seqnum;
	unsigned int count;
};

/*
 * TRACE_TYPE_MMIO_RW: a read or a write of a traced mapping, as kmmio
 * decoded it (@rw.opcode MMIO_READ, MMIO_WRITE or MMIO_UNKNOWN_OP).
 * The layout is upstream's (events/ftrace/mmiotrace_rw/format).
 */
struct trace_mmio_rw_rec {
	struct trace_entry ent;
	struct mmiotrace_rw rw;
};

/*
 * TRACE_TYPE_MMIO_MAP: an ioremap() (@map.opcode MMIO_PROBE) or an
 * iounmap() (MMIO_UNPROBE) while the tracer runs. The layout is
 * upstream's (events/ftrace/mmiotrace_map/format).
 */
struct trace_mmio_map_rec {
	struct trace_entry ent;
	struct mmiotrace_map map;
};

/* tracing_thresh (trace_core.c): 0, or the latency worth recording, in ns */
extern u64 trace_thresh_ns;

/* The stack tracer (trace_stack_tracer.c) */
int trace_stack_max_store(struct trace_array *tr, const char *val, long unused);

/* TRACE_TYPE_STACK: @size return addresses, innermost first. */
struct trace_stack_rec {
	struct trace_entry ent;
	int size;
	unsigned long caller[];
};

/* The deepest stack a kernel_stack record holds. */
#define TRACE_STACK_MAX		16

struct pt_regs;
struct trace_buf;
void trace_stack_record(struct trace_buf *b, struct pt_regs *regs,
			unsigned int skip, unsigned int ctx);
void trace_stack_record_from(unsigned long fn, unsigned int ctx);

/* TRACE_TYPE_PRINT: @ip is 0 for trace_marker. @buf ends with a NUL. */
struct trace_print_rec {
	struct trace_entry ent;
	unsigned long ip;
	char buf[];
};

/* TRACE_TYPE_RAW_DATA: a user-chosen id, then opaque bytes. */
struct trace_raw_rec {
	struct trace_entry ent;
	unsigned int id;
	char buf[];
};

/* Longest text of a print record, and payload of a raw one. */
#define TRACE_PRINT_MAX		4000

/* A hook on the lines of the trace_marker files (trace_marker.c) */
void trace_marker_set_hook(void (*fn)(struct trace_array *tr,
				      const char *text, size_t len));

int trace_print_write(struct trace_buf *b, unsigned long ip, const char *text,
		      size_t len);
__printf(3, 0) int trace_buf_vprintk(struct trace_buf *b, unsigned long ip,
				     const char *fmt, va_list ap);

/* events/header_page, header_event, ftrace/ (trace_formats.c) */
struct eventfs_inode;
struct eventfs_entry;
int trace_fmt_mkdirs(struct eventfs_inode *events,
		     const struct eventfs_entry *print, int nr_print,
		     void *print_data);
int trace_fmt_lookup(const char *file, umode_t *mode, void **data,
		     const struct file_operations **fops);
int trace_fmt_header_page_show(struct seq_file *m, struct trace_array *tr,
			       long unused);
int trace_fmt_header_event_show(struct seq_file *m, struct trace_array *tr,
				long unused);

/*
 * Trace arrays (trace_array.c): the top one, and an instance for each
 * directory of instances/. Opaque; the buffer's side is trace_buf.h's.
 */
extern struct trace_array trace_top;
struct trace_buf *trace_array_buf(struct trace_array *tr);
bool trace_array_is_top(const struct trace_array *tr);
const char *trace_array_name(const struct trace_array *tr);
struct trace_array *trace_array_find_rcu(const char *name, size_t len);

/* The layers with a slot of state in each trace array. */
enum trace_array_slot {
	TRACE_ARRAY_FENTRY,	/* fentry_inst.c: the function tracers' ops */
	TRACE_ARRAY_TRACER,	/* trace_core.c: current_tracer */
	TRACE_ARRAY_EV_PIDS,	/* trace_ev_pid.c: set_event_pid's set */
	TRACE_ARRAY_FN_PIDS,	/* fentry_pid.c: set_ftrace_pid's set */
	TRACE_ARRAY_GRAPH,	/* trace_graph.c: function_graph's user */
	TRACE_ARRAY_ERRLOG,	/* trace_errlog.c: error_log's errors */
	TRACE_ARRAY_EV_PRINT,	/* trace_ev_inst.c: ftrace/print there */
	TRACE_ARRAY_MAXLAT,	/* trace_maxlat.c: tracing_max_latency */
	TRACE_ARRAY_SLOTS,
};

void **trace_array_slot(struct trace_array *tr, enum trace_array_slot slot);

/**
 * struct trace_array_client - a layer with state of its own per instance
 * @add:	instance @tr was made, with files @fs in directory @dir:
 *		make the layer's state and files; 0 or a negative errno (the
 *		instance is then not made). Under the arrays' mutex.
 * @remove:	@tr goes: its files are closed and open no more; drop what
 *		@add made. Under the arrays' mutex; writers may still run
 *		until a grace period has passed, and its buffer stays until
 *		then.
 * @order:	clients are told of a new instance by increasing order, of
 *		its removal by decreasing order (TRACE_ARRAY_ORDER_*)
 * @node:	in the list of clients
 */
struct trace_array_client {
	int (*add)(struct trace_array *tr, struct trace_fs_dirs *fs,
		   struct dentry *dir);
	void (*remove)(struct trace_array *tr);
	int order;
	struct list_head node;
};

/* A layer comes after those it uses: a tracer goes before its ops. */
enum {
	TRACE_ARRAY_ORDER_PIDS = 5,
	TRACE_ARRAY_ORDER_MAXLAT = 8,
	TRACE_ARRAY_ORDER_FENTRY = 10,
	TRACE_ARRAY_ORDER_EVENTS = 20,
	TRACE_ARRAY_ORDER_CMDS = 25,
	TRACE_ARRAY_ORDER_TRACER = 30,
};

void trace_array_client_register(struct trace_array_client *c);

/* saved_cmdlines, saved_tgids (trace_cmdline.c) */
void trace_cmdline_save_task(struct task_struct *tsk);

/**
 * struct trace_cmdline - a task seen writing records
 * @pid:	its pid; 0 for a free entry
 * @tgid:	its thread group
 * @comm:	its command name at the time
 */
struct trace_cmdline {
	pid_t pid;
	pid_t tgid;
	char comm[TASK_COMM_LEN];
};

/**
 * struct trace_cmdline_table - the saved_cmdlines table
 * @gen:	its number: each resize makes a table with the next one
 * @n:		the number of entries, saved_cmdlines_size
 * @e:		the entries; a task with pid p goes in e[p % n]
 */
struct trace_cmdline_table {
	u32 gen;
	u32 n;
	struct trace_cmdline e[] __counted_by(n);
};

/*
 * The table, freed only after an RCU grace period, and per CPU the
 * entry that CPU saved last: its table's gen in the high half, its
 * index in the low half. A gen that is not the table's means "none".
 */
extern struct trace_cmdline_table __rcu *trace_cmdline_tab;
DECLARE_PER_CPU(u64, trace_cmdline_hint);

/**
 * trace_cmdline_holds() - does an entry hold a task under its current name?
 * @e:	the entry, read without the table's lock
 * @t:	the task
 *
 * A save racing with this read can only make it miss.
 *
 * Return: true when it does.
 */
static __always_inline bool trace_cmdline_holds(const struct trace_cmdline *e,
						const struct task_struct *t)
{
	const u64 *c = (const u64 *)e->comm;

	BUILD_BUG_ON(TASK_COMM_LEN != 2 * sizeof(u64));
	if (READ_ONCE(e->pid) != t->pid)
		return false;
	/* Read racing with a save: a torn name only makes this miss. */
	return data_race(c[0] == get_unaligned((const u64 *)t->comm) &&
			 c[1] == get_unaligned((const u64 *)t->comm + 1));
}

/**
 * trace_cmdline_save() - remember the current task's command name
 *
 * Every record does this, with preemption off: while the entry the CPU
 * saved last still holds the task under its name, it costs a few
 * compares. trace_cmdline_save_task() does the rest.
 */
static __always_inline void trace_cmdline_save(void)
{
	const struct trace_cmdline_table *tab;
	u64 h = this_cpu_read(trace_cmdline_hint);

	/*
	 * Raw: the checked form calls into lockdep and RCU, which records
	 * of their own may be tracing. Preemption is off.
	 */
	tab = rcu_dereference_raw(trace_cmdline_tab);
	if (likely((u32)(h >> 32) == tab->gen &&
		   trace_cmdline_holds(&tab->e[(u32)h], current)))
		return;
	trace_cmdline_save_task(current);
}

void trace_cmdline_find(pid_t pid, char comm[TASK_COMM_LEN]);
int trace_cmdline_tgid(pid_t pid);
int trace_cmdline_init(void);

/* Reading (trace_iter.c) */

/**
 * struct trace_ev - one record handed out by an iterator
 * @rec:	the record (its payload in the ring buffer's layout)
 * @len:	its length in bytes
 * @ts:		its time stamp
 * @cpu:	the CPU it was written on
 * @lost:	events lost on @cpu just before it; ULONG_MAX when lost
 *		but not counted
 * @it:		the iterator it came from
 * @tr:		the trace array whose buffer it is in; NULL for the top's
 *		(and its max buffer's)
 */
struct trace_ev {
	const struct trace_entry *rec;
	unsigned int len;
	u64 ts;
	int cpu;
	unsigned long lost;
	struct trace_iter *it;
	struct trace_array *tr;
};

/**
 * trace_ev_opt() - an option as the record's trace array has it
 * @ev:		the record
 * @o:		the option
 *
 * Return: its value.
 */
static inline bool trace_ev_opt(const struct trace_ev *ev, enum trace_opt o)
{
	return trace_tr_opt(ev->tr, o);
}

const struct tracer *trace_ev_tracer(const struct trace_ev *ev);

/* The depths at which function_graph remembers the open calls. */
#define TRACE_GRAPH_OPEN	50

/**
 * struct trace_print_state - what a printer remembers of a CPU's records
 * @last_pid:	the task of the last record printed; -1 before the first
 * @depth:	the depth that record left the graph at
 * @irq_depth:	1 + the depth of the call that began a hard interrupt; 0
 *		outside one
 * @open:	the function opened at each depth and not closed yet
 */
struct trace_print_state {
	int last_pid;
	int depth;
	int irq_depth;
	unsigned long open[TRACE_GRAPH_OPEN];
};

struct trace_iter *trace_iter_new(struct trace_buf *b, int cpu, bool consume);
struct trace_iter *trace_iter_new_on(int cpu, struct trace_buffer *rb,
				     u64 from, u64 to);
u64 trace_iter_base(struct trace_iter *it);
void trace_iter_set_array(struct trace_iter *it, struct trace_array *tr);
void trace_iter_free(struct trace_iter *it);
bool trace_iter_peek(struct trace_iter *it, struct trace_ev *ev);
void trace_iter_next(struct trace_iter *it);
bool trace_iter_ready(void *it);
bool trace_iter_in_ns(const struct trace_iter *it);
void trace_iter_lock(struct trace_iter *it);
void trace_iter_unlock(struct trace_iter *it);
int trace_iter_raw_page(struct trace_buf *b, int cpu, void *page,
			size_t size, bool whole);
bool trace_raw_armed(struct trace_buf *b);
bool trace_raw_ready(struct trace_buf *b, int cpu);
struct trace_iter *trace_iter_dump_start(struct trace_buf *b, int cpu);
bool trace_iter_dumping(const struct trace_iter *it);
int trace_iter_dump_init(void);
bool trace_iter_peek_after(struct trace_iter *it, struct trace_ev *next);
void trace_iter_absorb_next(struct trace_iter *it);
struct trace_print_state *trace_iter_state(struct trace_iter *it, int cpu);
void trace_iter_set_state(struct trace_iter *it, int cpu,
			  const struct trace_print_state *st);

/* Text (trace_output.c) */
void trace_print_header(struct seq_file *m, int cpu, struct trace_array *tr);
void trace_print_buf_header(struct seq_file *m, int cpu,
			    struct trace_array *tr, struct trace_buffer *rb);
void trace_print_ev(struct seq_file *m, const struct trace_ev *ev);

/**
 * struct trace_printer - prints the records of types that a subsystem
 * above the output layer owns
 * @line:	prints @ev's whole line and returns true, or returns false
 *		(not one of its records); may be NULL. Skipped under the raw
 *		option.
 * @body:	prints @ev's text after the context columns and returns true,
 *		or returns false; may be NULL
 * @next:	the next printer; set by trace_printer_register()
 */
struct trace_printer {
	bool (*line)(struct seq_file *m, const struct trace_ev *ev);
	bool (*body)(struct seq_file *m, const struct trace_ev *ev);
	struct trace_printer *next;
};

void trace_printer_register(struct trace_printer *p);

/* Register printer @p (a struct trace_printer). */
#define TRACE_PRINTER_REGISTER(p) TRACE_REGISTER(trace_printer_register, p)
void trace_print_sym(struct seq_file *m, const struct trace_ev *ev,
		     unsigned long ip);
void trace_print_text(struct seq_file *m, const char *buf, unsigned int max);
void trace_print_context(struct seq_file *m, const struct trace_ev *ev);
void trace_dump_buffer(struct trace_array *tr, int cpu);

/* trace_ev_boot.c: the events at boot, from trace_init() */
void trace_ev_boot_init(void);
/* trace_ev_reg.c: tp_printk's lines, from early_trace_init() */
void trace_ev_tp_printk_init(void);

struct trace_lat_info;

void trace_print_lat_header(struct seq_file *m, const char *tracer,
			    const struct trace_lat_info *lat, u64 shown,
			    u64 total);
void trace_print_lat_context(struct seq_file *m, const struct trace_ev *ev);
void trace_print_lat_legend(struct seq_file *m);
void trace_ctx_flags(const struct trace_entry *e, char f[6]);
bool trace_print_body(struct seq_file *m, const struct trace_ev *ev);

/* error_log (trace_errlog.c) */
void trace_errlog(const char *loc, const char *cmd, unsigned int pos,
		  const char *msg);
void trace_array_errlog(struct trace_array *tr, const char *loc,
			const char *cmd, unsigned int pos, const char *msg);

/* Trace events (trace_ev*.c) */
#ifdef CONFIG_EVENT_TRACING
extern struct trace_pid_set trace_ev_pids;
struct trace_ev_rt;
struct trace_ev_ie;
struct trace_ev_rt *trace_ev_soft_get(struct trace_array *tr, const char *sys,
				      const char *event,
				      struct trace_ev_ie **ie);
struct trace_ev_rt *trace_ev_soft_find(struct trace_array *tr, const char *sys,
				       const char *event);
int trace_ev_soft_hold(struct trace_ev_rt *rt, struct trace_ev_ie *ie);
void trace_ev_soft_put(struct trace_ev_rt *rt, struct trace_ev_ie *ie);
void trace_ev_soft_set(struct trace_ev_rt *rt, struct trace_ev_ie *ie,
		       bool on);
bool trace_ev_soft_is(struct trace_ev_rt *rt, struct trace_ev_ie *ie,
		      bool on);
void trace_ev_soft_show(struct seq_file *m, struct trace_ev_rt *rt);
struct module *trace_ev_module(const struct trace_ev_rt *rt);
#else

struct trace_ev_rt;
struct trace_ev_ie;
static inline struct trace_ev_rt *
trace_ev_soft_get(struct trace_array *tr, const char *sys, const char *event,
		  struct trace_ev_ie **ie)
{
	return ERR_PTR(-EINVAL);
}

static inline struct trace_ev_rt *
trace_ev_soft_find(struct trace_array *tr, const char *sys, const char *event)
{
	return NULL;
}

static inline int trace_ev_soft_hold(struct trace_ev_rt *rt,
				     struct trace_ev_ie *ie)
{
	return -EINVAL;
}

static inline void trace_ev_soft_put(struct trace_ev_rt *rt,
				     struct trace_ev_ie *ie)
{
}

static inline void trace_ev_soft_show(struct seq_file *m,
				      struct trace_ev_rt *rt)
{
}

static inline void trace_ev_soft_set(struct trace_ev_rt *rt,
				     struct trace_ev_ie *ie, bool on)
{
}

static inline bool trace_ev_soft_is(struct trace_ev_rt *rt,
				    struct trace_ev_ie *ie, bool on)
{
	return true;
}
#endif

/* Format files (trace_formats.c) */
void trace_format_head(struct seq_file *m, const char *name, unsigned int id);

/*
 * trace_printk.c: printk_formats, from the kernel's formats and
 * tracepoint strings (gathered by the linker) and the modules'.
 */
extern const char *__start___trace_bprintk_fmt[];
extern const char *__stop___trace_bprintk_fmt[];
extern const char *__start___tracepoint_str[];
extern const char *__stop___tracepoint_str[];

u64 trace_clock_read(void);
bool trace_clock_in_ns(void);
void trace_clock_show(struct seq_file *m);
typedef u64 (*trace_clock_fn_t)(void);
int trace_clock_index(const char *name);
trace_clock_fn_t trace_clock_fn(unsigned int idx);
bool trace_clock_idx_in_ns(unsigned int idx);
void trace_clock_show_idx(struct seq_file *m, unsigned int cur);
int trace_clock_select(const char *name);

extern const struct file_operations trace_fops;

/**
 * struct trace_view - a trace file of another buffer, for the files above
 * the reader that show one (snapshot)
 * @print_header: the header of an open of trace array @tr's file on @cpu
 *		(or RING_BUFFER_ALL_CPUS) showing @rb, which may be NULL
 */
struct trace_view {
	void (*print_header)(struct seq_file *m, int cpu,
			     struct trace_array *tr, struct trace_buffer *rb);
};

int trace_view_open(struct inode *inode, struct file *file,
		    const struct trace_view *view);
int trace_view_release(struct inode *inode, struct file *file);
loff_t trace_view_llseek(struct file *file, loff_t offset, int whence);

/*
 * TRACE_VIEW_FOPS(name, view, wr): the file operations name_fops of a
 * file showing @view (a struct trace_view), with @wr for its writes.
 */
#define TRACE_VIEW_FOPS(name, _view, _wr)				\
	static int name##_open(struct inode *inode, struct file *file)	\
	{								\
		return trace_view_open(inode, file, &(_view));		\
	}								\
	static const struct file_operations name##_fops = {		\
		.open = name##_open, .read = seq_read, .write = (_wr),	\
		.llseek = trace_view_llseek, .release = trace_view_release, \
	}
extern const struct file_operations trace_pipe_fops;
extern const struct file_operations trace_pipe_raw_fops;

/**
 * struct trace_page_src - where a file of whole pages (trace_read.c)
 * takes them from
 * @take:	take one page of @cpu's into @page (@size bytes), in the
 *		trace_pipe_raw layout: its bytes of data, 0 when there is
 *		none now, or -EMSGSIZE when @size is less than a sub-buffer.
 *		With @whole (splice, a fill level awaited), only a page no
 *		writer is in.
 * @size:	the size of the sub-buffers of the ring @take reads: what
 *		its pages are made of
 * @wait:	wait for one: 1 when one may have come, 0 when none will
 *		(end of file), or an errno; NULL: the end comes as soon as
 *		there is none
 */
struct trace_page_src {
	int (*take)(struct trace_buf *b, int cpu, void *page, size_t size,
		    bool whole);
	size_t (*size)(struct trace_buf *b);
	int (*wait)(struct trace_buf *b, int cpu, bool nonblock);
};

struct pipe_inode_info;

int trace_pages_open(struct file *file, struct trace_buf *buf, int cpu,
		     const struct trace_page_src *src);
struct trace_buf *trace_pages_buf(struct file *file);
int trace_pages_release(struct inode *inode, struct file *file);
ssize_t trace_pages_read(struct file *file, char __user *ubuf, size_t cnt,
			 loff_t *ppos);
ssize_t trace_pages_splice(struct file *file, loff_t *ppos,
			   struct pipe_inode_info *pipe, size_t len,
			   unsigned int flags);

/* The snapshot (trace_snapshot.c) */
#ifdef CONFIG_TRACER_SNAPSHOT
void trace_snapshot_take(struct trace_buf *b);
int trace_snapshot_arm(struct trace_buf *b);
void trace_snapshot_disarm(struct trace_buf *b);
void trace_snapshot_boot_alloc(void);
int trace_snapshot_alloc_array(struct trace_array *tr);
#else
static inline void trace_snapshot_boot_alloc(void)
{
}

static inline void trace_snapshot_take(struct trace_buf *b)
{
}

static inline int trace_snapshot_arm(struct trace_buf *b)
{
	return -ENODEV;
}

static inline void trace_snapshot_disarm(struct trace_buf *b)
{
}

static inline int trace_snapshot_alloc_array(struct trace_array *tr)
{
	return -ENODEV;
}
#endif

/* ftrace:function through perf (trace_fn_perf.c), for trace_ev_perf.c */
struct perf_event;
#if defined(CONFIG_PERF_EVENTS) && defined(CONFIG_DYNAMIC_FTRACE)
int trace_fn_perf_init(struct perf_event *p_event);
void trace_fn_perf_destroy(struct perf_event *p_event);
void trace_fn_perf_add(struct perf_event *p_event, int flags);
void trace_fn_perf_del(struct perf_event *p_event);
int trace_fn_perf_set_filter(struct perf_event *p_event, const char *str);
#else
static inline int trace_fn_perf_init(struct perf_event *p_event)
{
	return -EINVAL;
}

static inline void trace_fn_perf_destroy(struct perf_event *p_event)
{
}

static inline void trace_fn_perf_add(struct perf_event *p_event, int flags)
{
}

static inline void trace_fn_perf_del(struct perf_event *p_event)
{
}

static inline int trace_fn_perf_set_filter(struct perf_event *p_event,
					   const char *str)
{
	return -EINVAL;
}
#endif

#endif /* _KERNEL_TRACE_TRACE_H */
