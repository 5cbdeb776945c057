// SPDX-License-Identifier: GPL-2.0
/*
 * Records as text: the header of the trace file, the context columns
 * (task, CPU, flags, time stamp) and each record type's own part, in the
 * formats of Documentation/trace/ftrace.rst. The raw, hex and bin options
 * replace the text with numbers, hex digits or the bytes themselves.
 */
#include <linux/kallsyms.h>
#include <linux/log2.h>
#include <linux/nmi.h>
#include <linux/kernel.h>
#include <linux/utsname.h>
#include <linux/printk.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/spinlock.h>

#include "trace.h"
#include "trace_lat.h"

static void trace_print_legend(struct seq_file *m, struct trace_array *tr)
{
	bool tgid = trace_tr_opt(tr, TRACE_OPT_RECORD_TGID);
	const char *pad = tgid ? "          " : "";

	if (!trace_tr_opt(tr, TRACE_OPT_IRQ_INFO)) {
		seq_printf(m, "#           TASK-PID    %s CPU#   TIMESTAMP  FUNCTION\n",
			   tgid ? "   TGID    " : "");
		seq_printf(m, "#              | |      %s   |       |         |\n",
			   tgid ? "     |     " : "");
		return;
	}
	seq_printf(m, "#                            %s    _-----=> irqs-off/BH-disabled\n", pad);
	seq_printf(m, "#                            %s   / _----=> need-resched\n", pad);
	seq_printf(m, "#                            %s  | / _---=> hardirq/softirq\n", pad);
	seq_printf(m, "#                            %s  || / _--=> preempt-depth\n", pad);
	seq_printf(m, "#                            %s  ||| / _-=> migrate-disable\n", pad);
	seq_printf(m, "#                            %s  |||| /     delay\n", pad);
	seq_printf(m, "#           TASK-PID    %s CPU#  |||||  TIMESTAMP  FUNCTION\n",
		   tgid ? "   TGID    " : "");
	seq_printf(m, "#              | |      %s   |   |||||     |         |\n",
		   tgid ? "     |     " : "");
}

/**
 * trace_print_header() - the comment lines at the top of the trace file
 * @m:		where to print
 * @cpu:	the CPU the file shows, or RING_BUFFER_ALL_CPUS
 * @tr:		the trace array it shows
 */
void trace_print_header(struct seq_file *m, int cpu, struct trace_array *tr)
{
	const struct tracer *t = trace_array_tracer(tr);

	if (t && t->print_header) {
		seq_printf(m, "# tracer: %s\n#\n", t->name);
		t->print_header(m, tr);
		return;
	}
	seq_printf(m, "# tracer: %s\n#\n", t ? t->name : "nop");
	trace_print_buf_header(m, cpu, tr, READ_ONCE(trace_array_buf(tr)->rb));
}

/**
 * trace_print_buf_header() - the record counts of a buffer and the
 * legend of the columns
 * @m:		where to print
 * @cpu:	the CPU the file shows, or RING_BUFFER_ALL_CPUS
 * @tr:		the trace array whose buffer it is
 * @rb:		the buffer shown (held by the caller), or NULL for none
 */
void trace_print_buf_header(struct seq_file *m, int cpu,
			    struct trace_array *tr, struct trace_buffer *rb)
{
	struct ring_buffer_stats st;
	u64 entries = 0, written = 0;
	int i;

	for_each_possible_cpu(i) {
		if (!rb || (cpu != RING_BUFFER_ALL_CPUS && cpu != i))
			continue;
		ring_buffer_stats(rb, i, &st);
		entries += st.entries;
		written += st.written + st.dropped + st.commit_overrun;
	}
	if (trace_tr_opt(tr, TRACE_OPT_LATENCY_FORMAT)) {
		struct trace_lat_info lat = { .cpu = cpu < 0 ? 0 : cpu };

		trace_print_lat_header(m, trace_current_tracer_name(), &lat,
				       entries, written);
		trace_print_lat_legend(m);
		return;
	}
	seq_printf(m, "# entries-in-buffer/entries-written: %llu/%llu   #P:%u\n#\n",
		   entries, written, num_online_cpus());
	trace_print_legend(m, tr);
}

/**
 * trace_ctx_flags() - the five context flag columns of a record
 * @e:	the record
 * @f:	where to write them, NUL-terminated
 *
 * Interrupts off, need-resched, hard/soft interrupt, preemption depth and
 * migrate-disable depth, as in the latency format.
 */
void trace_ctx_flags(const struct trace_entry *e, char f[6])
{
	unsigned int fl = e->flags;
	bool irqs = fl & TRACE_FLAG_IRQS_OFF, bh = fl & TRACE_FLAG_BH_OFF;
	bool hard = fl & TRACE_FLAG_HARDIRQ, soft = fl & TRACE_FLAG_SOFTIRQ;

	if (fl & TRACE_FLAG_IRQS_NOSUPPORT)
		f[0] = 'X';
	else
		f[0] = irqs ? (bh ? 'D' : 'd') : (bh ? 'b' : '.');
	switch (fl & (TRACE_FLAG_NEED_RESCHED | TRACE_FLAG_PREEMPT_RESCHED)) {
	case TRACE_FLAG_NEED_RESCHED | TRACE_FLAG_PREEMPT_RESCHED:
		f[1] = 'N';
		break;
	case TRACE_FLAG_NEED_RESCHED:
		f[1] = 'n';
		break;
	case TRACE_FLAG_PREEMPT_RESCHED:
		f[1] = 'p';
		break;
	default:
		f[1] = '.';
	}
	if (fl & TRACE_FLAG_NMI)
		f[2] = hard ? 'Z' : 'z';
	else
		f[2] = hard ? (soft ? 'H' : 'h') : (soft ? 's' : '.');
	f[3] = e->preempt_count & 0xf ? hex_asc[e->preempt_count & 0xf] : '.';
	f[4] = e->preempt_count >> 4 ? hex_asc[e->preempt_count >> 4] : '.';
	f[5] = '\0';
}

static void trace_print_time(struct seq_file *m, const struct trace_ev *ev)
{
	u64 secs = ev->ts, ts = ev->ts;
	u32 nsecs;

	/* Clocks that do not count nanoseconds are shown raw. */
	if (!(ev->it ? trace_iter_in_ns(ev->it) : trace_clock_in_ns())) {
		seq_printf(m, "%12llu: ", ts);
		return;
	}
	nsecs = do_div(secs, NSEC_PER_SEC);
	seq_printf(m, "%5llu.%06u: ", secs, nsecs / (u32)NSEC_PER_USEC);
}

/**
 * trace_print_context() - the task, CPU, flags and time columns of a record
 * @m:		where to print
 * @ev:		the record
 */
void trace_print_context(struct seq_file *m, const struct trace_ev *ev)
{
	const struct trace_entry *e = ev->rec;
	char comm[TASK_COMM_LEN];
	char flags[6];
	int tgid;

	trace_cmdline_find(e->pid, comm);
	seq_printf(m, "%16s-%-7d ", comm, e->pid);
	if (trace_ev_opt(ev, TRACE_OPT_RECORD_TGID)) {
		tgid = trace_cmdline_tgid(e->pid);
		if (tgid)
			seq_printf(m, "(%7d) ", tgid);
		else
			seq_puts(m, "(-------) ");
	}
	seq_printf(m, "[%03d] ", ev->cpu);
	if (trace_ev_opt(ev, TRACE_OPT_IRQ_INFO)) {
		trace_ctx_flags(e, flags);
		seq_printf(m, "%s ", flags);
	}
	trace_print_time(m, ev);
}

/* The preemption model, as the latency header names it. */
static const char *trace_preempt_model(void)
{
	if (IS_ENABLED(CONFIG_PREEMPT_RT))
		return "preempt_rt";
	if (IS_ENABLED(CONFIG_PREEMPT))
		return "preempt";
	if (IS_ENABLED(CONFIG_PREEMPT_VOLUNTARY))
		return "desktop";
	return "server";
}

/* The column legend, each line as tools expect it, trailing blanks kept. */
static const char * const trace_lat_legend[] = {
	"#                    _------=> CPU#            ",
	"#                   / _-----=> irqs-off/BH-disabled",
	"#                  | / _----=> need-resched    ",
	"#                  || / _---=> hardirq/softirq ",
	"#                  ||| / _--=> preempt-depth   ",
	"#                  |||| / _-=> migrate-disable ",
	"#                  ||||| /     delay           ",
	"#  cmd     pid     |||||| time  |   caller     ",
	"#     \\   /        ||||||  \\    |    /       ",
};

/**
 * trace_print_lat_header() - the header of the latency format
 * @m:		where to print
 * @tracer:	the tracer's name
 * @lat:	the latency shown (zeroes but the CPU for none)
 * @shown:	records shown
 * @total:	records there were
 *
 * The "# tracer:" line is the caller's.
 */
void trace_print_lat_header(struct seq_file *m, const char *tracer,
			    const struct trace_lat_info *lat, u64 shown,
			    u64 total)
{
	unsigned int i;

	seq_printf(m, "# %s latency trace v1.1.5 on %s\n", tracer,
		   init_utsname()->release);
	seq_puts(m, "# ");
	for (i = 0; i < 68; i++)
		seq_putc(m, '-');
	seq_putc(m, '\n');
	seq_printf(m, "# latency: %llu us, #%llu/%llu, CPU#%d | (M:%s VP:0, KP:0, SP:0 HP:0 #P:%u)\n",
		   div_u64(lat->ns, NSEC_PER_USEC), shown, total, lat->cpu,
		   trace_preempt_model(), num_online_cpus());
	seq_puts(m, "#    -----------------\n");
	seq_printf(m, "#    | task: %.16s-%d (uid:%u nice:%d policy:%u rt_prio:%u)\n",
		   lat->comm, lat->pid, lat->uid, lat->nice, lat->policy,
		   lat->rt_prio);
	seq_puts(m, "#    -----------------\n");
	if (lat->start_ip) {
		seq_printf(m, "#  => started at: %ps\n", (void *)lat->start_ip);
		seq_printf(m, "#  => ended at:   %ps\n", (void *)lat->end_ip);
		seq_puts(m, "#\n");
	}
	seq_puts(m, "#\n");
}

/**
 * trace_print_lat_legend() - the column legend of the latency format
 * @m:		where to print
 */
void trace_print_lat_legend(struct seq_file *m)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(trace_lat_legend); i++) {
		seq_puts(m, trace_lat_legend[i]);
		seq_putc(m, '\n');
	}
}

/* The delay mark of the latency format: how long until the next record. */
static char trace_lat_mark(u64 ns)
{
	static const struct { u64 ns; char c; } marks[] = {
		{ NSEC_PER_SEC, '$' }, { 100 * NSEC_PER_MSEC, '@' },
		{ 10 * NSEC_PER_MSEC, '*' }, { NSEC_PER_MSEC, '#' },
		{ 100 * NSEC_PER_USEC, '!' }, { 10 * NSEC_PER_USEC, '+' },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(marks); i++)
		if (ns > marks[i].ns)
			return marks[i].c;
	return ' ';
}

/**
 * trace_print_lat_context() - the context columns of the latency format
 * @m:		where to print
 * @ev:		the record
 *
 * Task, CPU, flags, the time since the first record shown, and the mark
 * of the delay until the CPU's next record.
 */
void trace_print_lat_context(struct seq_file *m, const struct trace_ev *ev)
{
	const struct trace_entry *e = ev->rec;
	u64 base = trace_iter_base(ev->it), delay = 0;
	char comm[TASK_COMM_LEN];
	struct trace_ev next;
	char flags[6];

	trace_cmdline_find(e->pid, comm);
	trace_ctx_flags(e, flags);
	if (trace_iter_peek_after(ev->it, &next) && next.ts > ev->ts)
		delay = next.ts - ev->ts;
	seq_printf(m, "%8.8s-%-7d %3d%s %4lluus%c: ", comm, e->pid, ev->cpu,
		   flags, div_u64(ev->ts > base ? ev->ts - base : 0,
				  NSEC_PER_USEC),
		   trace_lat_mark(delay));
}

/**
 * trace_print_text() - text of a print record, up to its NUL, ending with
 * one newline
 * @m:		where to print
 * @buf:	the text
 * @max:	the most bytes it may have
 */
void trace_print_text(struct seq_file *m, const char *buf, unsigned int max)
{
	unsigned int n = strnlen(buf, max);

	seq_write(m, buf, n);
	if (!n || buf[n - 1] != '\n')
		seq_putc(m, '\n');
}

/**
 * trace_print_sym() - a function by name ("name", no module), as the sym-*
 * options say
 * @m:		where to print
 * @ev:		the record it is printed for
 * @ip:		an address in it
 */
void trace_print_sym(struct seq_file *m, const struct trace_ev *ev,
		     unsigned long ip)
{
	char name[KSYM_NAME_LEN];
	long delta;

	/* The previous boot's text was elsewhere (KASLR): here it is. */
	if (ev->tr && ring_buffer_last_boot(trace_array_buf(ev->tr)->rb, &delta))
		ip += delta;
	if (trace_ev_opt(ev, TRACE_OPT_SYM_OFFSET))
		seq_printf(m, "%pS", (void *)ip);
	else if (kallsyms_lookup(ip, NULL, NULL, NULL, name))
		seq_puts(m, name);
	else
		seq_printf(m, "0x%lx", ip);
	if (trace_ev_opt(ev, TRACE_OPT_SYM_ADDR))
		seq_printf(m, " <%016lx>", ip);
}

static void trace_print_print(struct seq_file *m, const struct trace_ev *ev)
{
	const struct trace_print_rec *r = (const void *)ev->rec;
	unsigned int max = ev->len - sizeof(*r);

	if (trace_ev_opt(ev, TRACE_OPT_RAW)) {
		seq_printf(m, "# %lx ", r->ip);
		trace_print_text(m, r->buf, max);
		return;
	}
	if (!r->ip) {
		seq_puts(m, "tracing_mark_write: ");
	} else if (!trace_ev_opt(ev, TRACE_OPT_PRINTK_MSG_ONLY)) {
		trace_print_sym(m, ev, r->ip);
		seq_puts(m, ": ");
	}
	trace_print_text(m, r->buf, max);
}

static void trace_print_fn(struct seq_file *m, const struct trace_ev *ev)
{
	const struct trace_fn_rec *r = (const void *)ev->rec;

	if (trace_ev_opt(ev, TRACE_OPT_RAW)) {
		seq_printf(m, "%lx %lx\n", r->ip, r->parent_ip);
		return;
	}
	trace_print_sym(m, ev, r->ip);
	if (trace_ev_opt(ev, TRACE_OPT_PRINT_PARENT) && r->parent_ip) {
		seq_puts(m, " <-");
		trace_print_sym(m, ev, r->parent_ip);
	}
	seq_putc(m, '\n');
}

/*
 * context_switch and wakeup: "pid:prio:state" of the task running, an
 * arrow, the CPU, then the same for the task switched to or woken, and
 * its name.
 */
static char trace_state_char(unsigned int index)
{
	return index <= ilog2(TASK_REPORT_MAX) ? task_index_to_char(index) :
						 '?';
}

static void trace_print_ctx(struct seq_file *m, const struct trace_ev *ev)
{
	const struct trace_ctx_rec *r = (const void *)ev->rec;
	char prev = trace_state_char(r->prev_state);
	char next = trace_state_char(r->next_state);
	char comm[TASK_COMM_LEN];

	if (trace_ev_opt(ev, TRACE_OPT_RAW)) {
		seq_printf(m, "%u %u %c %u %u %u %c\n", r->prev_pid,
			   r->prev_prio, prev, r->next_cpu, r->next_pid,
			   r->next_prio, next);
		return;
	}
	trace_cmdline_find(r->next_pid, comm);
	seq_printf(m, " %7u:%3u:%c %s [%03u] %7u:%3u:%c %s\n", r->prev_pid,
		   r->prev_prio, prev,
		   r->ent.type == TRACE_TYPE_WAKE ? "  +" : "==>",
		   r->next_cpu, r->next_pid, r->next_prio, next, comm);
}

static void trace_print_stack(struct seq_file *m, const struct trace_ev *ev)
{
	const struct trace_stack_rec *r = (const void *)ev->rec;
	unsigned int i, n = (ev->len - sizeof(*r)) / sizeof(r->caller[0]);

	seq_puts(m, "<stack trace>\n");
	for (i = 0; i < n && i < r->size; i++) {
		seq_puts(m, " => ");
		if (trace_ev_opt(ev, TRACE_OPT_RAW))
			seq_printf(m, "%lx", r->caller[i]);
		else
			trace_print_sym(m, ev, r->caller[i]);
		seq_putc(m, '\n');
	}
}

static void trace_print_raw_data(struct seq_file *m, const struct trace_ev *ev)
{
	const struct trace_raw_rec *r = (const void *)ev->rec;
	unsigned int i, n = ev->len - sizeof(*r);

	seq_printf(m, "# %x buf:", r->id);
	for (i = 0; i < n; i++)
		seq_printf(m, " %02x", (unsigned char)r->buf[i]);
	seq_putc(m, '\n');
}

/* hex and bin: the context as numbers, then the record's bytes. */
static void trace_print_bytes(struct seq_file *m, const struct trace_ev *ev)
{
	const u8 *p = (const u8 *)ev->rec;
	unsigned int i;

	if (trace_ev_opt(ev, TRACE_OPT_BIN)) {
		seq_write(m, &ev->rec->pid, sizeof(ev->rec->pid));
		seq_write(m, &ev->cpu, sizeof(ev->cpu));
		seq_write(m, &ev->ts, sizeof(ev->ts));
		seq_write(m, p, ev->len);
		return;
	}
	seq_printf(m, "%08x%08x%016llx", ev->rec->pid, ev->cpu, ev->ts);
	for (i = 0; i < ev->len; i++)
		seq_printf(m, "%02x", p[i]);
	seq_putc(m, '\n');
}

/* The text of each record type, for records at least @min_len long. */
static const struct {
	unsigned short type;
	unsigned short min_len;
	void (*print)(struct seq_file *m, const struct trace_ev *ev);
} trace_printers[] = {
	{ TRACE_TYPE_FN, sizeof(struct trace_fn_rec), trace_print_fn },
	{ TRACE_TYPE_CTX, sizeof(struct trace_ctx_rec), trace_print_ctx },
	{ TRACE_TYPE_WAKE, sizeof(struct trace_ctx_rec), trace_print_ctx },
	{ TRACE_TYPE_STACK, sizeof(struct trace_stack_rec), trace_print_stack },
	{ TRACE_TYPE_PRINT, sizeof(struct trace_print_rec), trace_print_print },
	{ TRACE_TYPE_RAW_DATA, sizeof(struct trace_raw_rec),
	  trace_print_raw_data },
};

/*
 * The printers of the subsystems above, registered at boot before any
 * reader exists; read without a lock.
 */
static struct trace_printer *trace_printers_above __ro_after_init;

/**
 * trace_printer_register() - have a subsystem print its own records
 * @p:	its printer, which lives as long as the kernel
 *
 * Context: at boot, before tracefs exists.
 */
void __init trace_printer_register(struct trace_printer *p)
{
	p->next = trace_printers_above;
	trace_printers_above = p;
}

/**
 * trace_print_body() - a record's own text, after the context columns
 * @m:		where to print
 * @ev:		the record
 *
 * Return: false when its type is unknown or it is too short (nothing is
 * printed then).
 */
bool trace_print_body(struct seq_file *m, const struct trace_ev *ev)
{
	const struct trace_printer *p;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(trace_printers); i++) {
		if (trace_printers[i].type != ev->rec->type)
			continue;
		if (ev->len < trace_printers[i].min_len)
			return false;
		trace_printers[i].print(m, ev);
		return true;
	}
	for (p = trace_printers_above; p; p = p->next)
		if (p->body && p->body(m, ev))
			return true;
	return false;
}

/*
 * A line that the current tracer, or a subsystem above (graph records keep
 * their graph form), prints whole; false leaves it to the columns here.
 */
static bool trace_print_own_line(struct seq_file *m, const struct trace_ev *ev,
				 const struct tracer *t)
{
	const struct trace_printer *p;

	if (t && t->print_ev && t->print_ev(m, ev))
		return true;
	for (p = trace_printers_above; p; p = p->next)
		if (p->line && p->line(m, ev))
			return true;
	return false;
}

/**
 * trace_print_ev() - a record as a line of the trace output
 * @m:		where to print
 * @ev:		the record
 *
 * Events lost before it are announced first.
 */
void trace_print_ev(struct seq_file *m, const struct trace_ev *ev)
{
	const struct tracer *t = trace_ev_tracer(ev);

	if (ev->lost == ULONG_MAX)
		seq_printf(m, "CPU:%d [LOST EVENTS]\n", ev->cpu);
	else if (ev->lost)
		seq_printf(m, "CPU:%d [LOST %lu EVENTS]\n", ev->cpu, ev->lost);
	if (ev->len < sizeof(struct trace_entry))
		return;
	if (trace_ev_opt(ev, TRACE_OPT_BIN) || trace_ev_opt(ev, TRACE_OPT_HEX)) {
		trace_print_bytes(m, ev);
		return;
	}
	if (trace_ev_opt(ev, TRACE_OPT_RAW))
		seq_printf(m, "%d %d %llu ", ev->rec->pid, ev->cpu, ev->ts);
	else if (trace_print_own_line(m, ev, t))
		return;
	else if (trace_ev_opt(ev, TRACE_OPT_LATENCY_FORMAT) || (t && t->use_max) ||
		 trace_iter_dumping(ev->it))
		trace_print_lat_context(m, ev);
	else if (trace_ev_opt(ev, TRACE_OPT_CONTEXT_INFO))
		trace_print_context(m, ev);

	if (!trace_print_body(m, ev))
		seq_printf(m, "Unknown type %u\n", ev->rec->type);
}

/**
 * trace_dump_buffer() - print and consume a trace array's records on the
 * console
 * @tr:		the trace array (an instance, or &trace_top)
 * @cpu:	only the records of this CPU, or RING_BUFFER_ALL_CPUS
 *
 * Used by ftrace_dump() on oops and panic, by sysrq-z and by the dump
 * commands; takes no sleeping lock. The lines around the records are
 * upstream's, which log scanners look for. A dump that finds another
 * running returns.
 */
void trace_dump_buffer(struct trace_array *tr, int cpu)
{
	static char line[1024];
	static DEFINE_RAW_SPINLOCK(dump_lock);
	static const char rule[] = "---------------------------------\n";
	struct seq_file m = { .buf = line, .size = sizeof(line) };
	struct trace_iter *it;
	struct trace_ev ev;
	unsigned long flags;
	bool any = false;

	if (!raw_spin_trylock_irqsave(&dump_lock, flags))
		return;
	it = trace_iter_dump_start(trace_array_buf(tr), cpu);
	if (!it) {
		raw_spin_unlock_irqrestore(&dump_lock, flags);
		return;
	}
	if (trace_array_is_top(tr))
		pr_emerg("Dumping ftrace buffer:\n");
	else
		pr_emerg("Dumping ftrace instance %s buffer:\n",
			 trace_array_name(tr));
	while (trace_iter_peek(it, &ev)) {
		if (!any)
			pr_emerg("%s", rule);
		any = true;
		m.count = 0;
		trace_print_ev(&m, &ev);
		pr_emerg("%.*s", (int)m.count, line);
		trace_iter_next(it);
		/* The console may take long: a dump is not a lockup. */
		touch_nmi_watchdog();
	}
	if (any)
		pr_emerg("%s", rule);
	else
		pr_emerg("   (ftrace buffer empty)\n");
	raw_spin_unlock_irqrestore(&dump_lock, flags);
}
