// SPDX-License-Identifier: GPL-2.0
/*
 * The interim record buffer: a single ring of fixed-size text records.
 *
 * This is the simple buffer behind the first tracefs files. It favours
 * being obviously correct over being fast: one raw spinlock serialises
 * writers and readers. The per-CPU lockless ring buffer replaces it.
 *
 * Records are numbered by a 64-bit sequence. The ring holds the records
 * [sbuf.tail, sbuf.head); record s lives in slot s % SBUF_SLOTS. When the
 * ring is full a new record overwrites the oldest one, and the overwritten
 * record is counted in sbuf.overrun. A writer in NMI context that finds the
 * lock taken drops its record and counts it in sbuf.dropped, so no record
 * is ever lost without being counted.
 */
#include <linux/hardirq.h>
#include <linux/irq_work.h>
#include <linux/kallsyms.h>
#include <linux/poll.h>
#include <linux/preempt.h>
#include <linux/sched.h>
#include <linux/sched/clock.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/wait.h>

#include "trace.h"

#define SBUF_SLOTS	256

static struct {
	/* Protects every field below and the contents of @recs. */
	raw_spinlock_t lock;
	struct sbuf_rec *recs;
	u64 head;		/* sequence of the next record to write */
	u64 tail;		/* sequence of the oldest record held */
	u64 written;		/* records written since the last reset */
	u64 overrun;		/* records overwritten before being read */
	u64 dropped;		/* records refused (NMI and lock contended) */
} sbuf = {
	.lock = __RAW_SPIN_LOCK_UNLOCKED(sbuf.lock),
};

static DECLARE_WAIT_QUEUE_HEAD(sbuf_waitq);

/*
 * Writers run in any context, including under the scheduler's locks, where
 * a direct wake_up() could deadlock: they queue this irq_work instead.
 */
static void sbuf_wake_readers(struct irq_work *work)
{
	wake_up_all(&sbuf_waitq);
}

static DEFINE_IRQ_WORK(sbuf_wake_work, sbuf_wake_readers);

/**
 * sbuf_init() - allocate the record ring
 *
 * Return: 0, or -ENOMEM.
 */
int sbuf_init(void)
{
	sbuf.recs = kvcalloc(SBUF_SLOTS, sizeof(*sbuf.recs), GFP_KERNEL);
	return sbuf.recs ? 0 : -ENOMEM;
}

static u8 sbuf_context(void)
{
	unsigned int pc = preempt_count();
	u8 ctx = 0;

	if (irqs_disabled())
		ctx |= TRACE_CTX_IRQS_OFF;
	if (pc & (SOFTIRQ_MASK & ~SOFTIRQ_OFFSET))
		ctx |= TRACE_CTX_BH_OFF;
	if (tif_need_resched())
		ctx |= TRACE_CTX_RESCHED;
	if (test_preempt_need_resched())
		ctx |= TRACE_CTX_PREEMPT_RESCHED;
	if (pc & NMI_MASK)
		ctx |= TRACE_CTX_NMI;
	if (pc & HARDIRQ_MASK)
		ctx |= TRACE_CTX_HARDIRQ;
	if (pc & SOFTIRQ_OFFSET)
		ctx |= TRACE_CTX_SOFTIRQ;
	return ctx;
}

static u8 sbuf_migrate_depth(void)
{
#ifdef CONFIG_SMP
	return min_t(unsigned int, current->migration_disabled, 15);
#else
	return 0;
#endif
}

/**
 * sbuf_write() - append one record
 * @ip:		caller address to print before the text, or 0
 * @text:	the message; need not be NUL terminated
 * @len:	length of @text; anything beyond SBUF_TEXT_MAX - 1 is cut
 *
 * Callable from any context. Records are refused while tracing is off.
 *
 * Return: the number of bytes of @text recorded, or -EBUSY when the record
 * was dropped (and counted), or -EAGAIN when tracing is off.
 */
int sbuf_write(unsigned long ip, const char *text, size_t len)
{
	struct task_struct *tsk = current;
	u8 ctx = sbuf_context();
	u8 preempt = preempt_count() & PREEMPT_MASK;
	u8 migrate = sbuf_migrate_depth();
	struct sbuf_rec *rec;
	unsigned long flags;

	if (!trace_buffer_enabled() || !sbuf.recs)
		return -EAGAIN;
	len = min_t(size_t, len, SBUF_TEXT_MAX - 1);

	if (in_nmi()) {
		raw_local_irq_save(flags);
		if (!raw_spin_trylock(&sbuf.lock)) {
			raw_local_irq_restore(flags);
			/* Lock-free count: only this path bumps it unlocked. */
			data_race(sbuf.dropped++);
			return -EBUSY;
		}
	} else {
		raw_spin_lock_irqsave(&sbuf.lock, flags);
	}

	if (sbuf.head - sbuf.tail == SBUF_SLOTS) {
		sbuf.tail++;
		sbuf.overrun++;
	}
	rec = &sbuf.recs[sbuf.head % SBUF_SLOTS];
	rec->ts = trace_clock_read();
	rec->ip = ip;
	rec->pid = tsk->pid;
	rec->cpu = raw_smp_processor_id();
	rec->len = len;
	rec->ctx = ctx;
	rec->preempt = preempt;
	rec->migrate = migrate;
	if (tsk->pid)
		memcpy(rec->comm, tsk->comm, sizeof(rec->comm));
	else
		strscpy(rec->comm, "<idle>");
	memcpy(rec->text, text, len);
	rec->text[len] = '\0';
	sbuf.head++;
	sbuf.written++;
	raw_spin_unlock_irqrestore(&sbuf.lock, flags);

	if (wq_has_sleeper(&sbuf_waitq))
		irq_work_queue(&sbuf_wake_work);
	return len;
}

/**
 * sbuf_reset() - drop every record and zero the counters
 */
void sbuf_reset(void)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&sbuf.lock, flags);
	sbuf.tail = sbuf.head;
	sbuf.written = 0;
	sbuf.overrun = 0;
	sbuf.dropped = 0;
	raw_spin_unlock_irqrestore(&sbuf.lock, flags);
}

/**
 * sbuf_empty() - whether there is nothing left to consume
 *
 * Return: true when the ring holds no record.
 */
bool sbuf_empty(void)
{
	return READ_ONCE(sbuf.head) == READ_ONCE(sbuf.tail);
}

/**
 * sbuf_entries() - records currently held
 *
 * Return: the number of records in the ring.
 */
u64 sbuf_entries(void)
{
	unsigned long flags;
	u64 n;

	raw_spin_lock_irqsave(&sbuf.lock, flags);
	n = sbuf.head - sbuf.tail;
	raw_spin_unlock_irqrestore(&sbuf.lock, flags);
	return n;
}

/**
 * sbuf_written() - records written since the last reset
 *
 * Return: records held, consumed or lost since the buffer was last reset.
 */
u64 sbuf_written(void)
{
	unsigned long flags;
	u64 n;

	raw_spin_lock_irqsave(&sbuf.lock, flags);
	/* NMI writers bump dropped without the lock; a stale value is fine. */
	n = sbuf.written + data_race(sbuf.dropped);
	raw_spin_unlock_irqrestore(&sbuf.lock, flags);
	return n;
}

/**
 * sbuf_window() - the sequence numbers currently held
 * @first:	set to the oldest held sequence
 * @end:	set to one past the newest
 */
void sbuf_window(u64 *first, u64 *end)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&sbuf.lock, flags);
	*first = sbuf.tail;
	*end = sbuf.head;
	raw_spin_unlock_irqrestore(&sbuf.lock, flags);
}

/**
 * sbuf_read_at() - copy a record without consuming it
 * @seq:	its sequence number
 * @rec:	where to copy it
 *
 * Return: false when @seq is no longer (or not yet) in the ring.
 */
bool sbuf_read_at(u64 seq, struct sbuf_rec *rec)
{
	unsigned long flags;
	bool ok;

	raw_spin_lock_irqsave(&sbuf.lock, flags);
	ok = seq >= sbuf.tail && seq < sbuf.head;
	if (ok)
		*rec = sbuf.recs[seq % SBUF_SLOTS];
	raw_spin_unlock_irqrestore(&sbuf.lock, flags);
	return ok;
}

/**
 * sbuf_consume() - take the oldest record out of the ring
 * @rec:	where to copy it
 *
 * Return: false when the ring is empty.
 */
bool sbuf_consume(struct sbuf_rec *rec)
{
	unsigned long flags;
	bool ok;

	raw_spin_lock_irqsave(&sbuf.lock, flags);
	ok = sbuf.tail != sbuf.head;
	if (ok)
		*rec = sbuf.recs[sbuf.tail++ % SBUF_SLOTS];
	raw_spin_unlock_irqrestore(&sbuf.lock, flags);
	return ok;
}

/**
 * sbuf_wait() - wait until there is a record to consume
 * @nonblock:	return -EAGAIN at once instead of sleeping
 *
 * Return: 0 when a record is there, -EAGAIN, or -ERESTARTSYS on a signal.
 */
int sbuf_wait(bool nonblock)
{
	if (!sbuf_empty())
		return 0;
	if (nonblock)
		return -EAGAIN;
	return wait_event_interruptible(sbuf_waitq, !sbuf_empty());
}

/**
 * sbuf_poll() - poll support for consuming readers
 * @filp:	the file being polled
 * @pt:		the poll table
 *
 * Return: EPOLLIN | EPOLLRDNORM when a record is there, else 0.
 */
unsigned int sbuf_poll(struct file *filp, struct poll_table_struct *pt)
{
	poll_wait(filp, &sbuf_waitq, pt);
	return sbuf_empty() ? 0 : EPOLLIN | EPOLLRDNORM;
}

static void sbuf_flags(const struct sbuf_rec *rec, char f[6])
{
	u8 c = rec->ctx;
	bool hard = c & TRACE_CTX_HARDIRQ, soft = c & TRACE_CTX_SOFTIRQ;
	bool nmi = c & TRACE_CTX_NMI;

	if ((c & TRACE_CTX_IRQS_OFF) && (c & TRACE_CTX_BH_OFF))
		f[0] = 'D';
	else if (c & TRACE_CTX_IRQS_OFF)
		f[0] = 'd';
	else
		f[0] = (c & TRACE_CTX_BH_OFF) ? 'b' : '.';

	switch (c & (TRACE_CTX_RESCHED | TRACE_CTX_PREEMPT_RESCHED)) {
	case TRACE_CTX_RESCHED | TRACE_CTX_PREEMPT_RESCHED:
		f[1] = 'N';
		break;
	case TRACE_CTX_RESCHED:
		f[1] = 'n';
		break;
	case TRACE_CTX_PREEMPT_RESCHED:
		f[1] = 'p';
		break;
	default:
		f[1] = '.';
	}

	if (nmi)
		f[2] = hard ? 'Z' : 'z';
	else if (hard)
		f[2] = soft ? 'H' : 'h';
	else
		f[2] = soft ? 's' : '.';

	f[3] = rec->preempt ? hex_asc[min_t(u8, rec->preempt, 15)] : '.';
	f[4] = rec->migrate ? hex_asc[rec->migrate] : '.';
	f[5] = '\0';
}

/**
 * sbuf_print_line() - format one record as a line of the trace output
 * @m:		where to print
 * @rec:	the record
 */
void sbuf_print_line(struct seq_file *m, const struct sbuf_rec *rec)
{
	u64 secs = rec->ts;
	u32 nsecs = do_div(secs, NSEC_PER_SEC);
	char flags[6];

	sbuf_flags(rec, flags);
	seq_printf(m, "%16s-%-7d [%03u] %s ", rec->comm, rec->pid, rec->cpu,
		   flags);
	/* Clocks that do not count nanoseconds are shown raw. */
	if (trace_clock_in_ns())
		seq_printf(m, "%5llu.%06u: ", secs, nsecs / (u32)NSEC_PER_USEC);
	else
		seq_printf(m, "%12llu: ", rec->ts);
	if (rec->ip)
		seq_printf(m, "%ps: ", (void *)rec->ip);
	else
		seq_puts(m, "tracing_mark_write: ");
	seq_write(m, rec->text, rec->len);
	if (!rec->len || rec->text[rec->len - 1] != '\n')
		seq_putc(m, '\n');
}

/**
 * sbuf_dump() - print and consume every held record on the console
 *
 * Used by ftrace_dump() on oops and panic; takes no sleeping lock. Records
 * are consumed, so a panic after an oops does not print them twice.
 */
void sbuf_dump(void)
{
	static char line[SBUF_TEXT_MAX + 128];
	static struct sbuf_rec rec;
	static DEFINE_RAW_SPINLOCK(dump_lock);
	struct seq_file m = { .buf = line, .size = sizeof(line) };
	unsigned long flags;

	if (!raw_spin_trylock_irqsave(&dump_lock, flags))
		return;
	if (!sbuf_empty()) {
		pr_emerg("Dumping the trace buffer:\n");
		while (sbuf_consume(&rec)) {
			m.count = 0;
			sbuf_print_line(&m, &rec);
			pr_emerg("%.*s", (int)m.count, line);
		}
		pr_emerg("End of the trace buffer\n");
	}
	raw_spin_unlock_irqrestore(&dump_lock, flags);
}
