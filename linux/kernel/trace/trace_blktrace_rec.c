// SPDX-License-Identifier: GPL-2.0
/*
 * Block I/O records: what the block layer did to a traced queue, as the
 * struct blk_io_trace that blkparse reads.
 *
 * A record carries its action with category bits: the action's own
 * (queue, issue, complete, ...) and the operation's (read or write, sync,
 * readahead, meta, flush, FUA, discard). The queue's struct blk_trace
 * keeps a record when one of its category bits is in act_mask, its pid is
 * the traced one (if any), and its sector (if any) lies between start_lba
 * and end_lba. The first record of a task after each start is preceded by
 * a process note that names it.
 *
 * A kept record goes to the queue's relay channel (BLKTRACESETUP), one
 * buffer per CPU, written with interrupts off: the relay counts in
 * dropped each record that finds its buffer full. It also goes to each
 * trace array that runs the blk tracer, as a TRACE_TYPE_BLK record.
 */
#include <linux/blkdev.h>
#include <linux/cgroup.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/rculist.h>
#include <linux/relay.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/timekeeping.h>

#include "trace.h"
#include "trace_blktrace.h"

/*
 * Bumped at each start: a task whose btrace_seq differs is named by a
 * process note before its next record. Written under the queue's
 * debugfs_mutex; a racing task at worst names itself twice.
 */
unsigned int blktrace_seq __read_mostly = 1;
/* The blk tracer's blk_cgroup option: records carry their cgroup's id. */
bool blkt_cgroup_ids __read_mostly;

/**
 * struct blkt_inst - a trace array that runs the blk tracer
 * @node:	in blkt_insts
 * @tr:		the array
 */
struct blkt_inst {
	struct list_head node;
	struct trace_array *tr;
};

/* Serialises the blk tracer's starts and stops. */
static DEFINE_MUTEX(blkt_inst_lock);
/* The arrays that run it: changed under blkt_inst_lock, read under RCU. */
static LIST_HEAD(blkt_insts);

/* The category bits of an operation and its flags. */
static u32 blkt_op_cats(blk_opf_t opf)
{
	enum req_op op = opf & REQ_OP_MASK;
	u32 c = op_is_write(op) ? BLK_TC_WRITE : BLK_TC_READ;

	if (opf & REQ_SYNC)
		c |= BLK_TC_SYNC;
	if (opf & REQ_RAHEAD)
		c |= BLK_TC_AHEAD;
	if (opf & REQ_META)
		c |= BLK_TC_META;
	if (opf & REQ_PREFLUSH)
		c |= BLK_TC_FLUSH;
	if (opf & REQ_FUA)
		c |= BLK_TC_FUA;
	if (op == REQ_OP_DISCARD || op == REQ_OP_SECURE_ERASE)
		c |= BLK_TC_DISCARD;
	if (op == REQ_OP_FLUSH)
		c |= BLK_TC_FLUSH;
	return BLK_TC_ACT(c);
}

/* Fill in a record's header; the caller copies what follows it. */
static void blkt_fill(struct blk_io_trace *t, const struct blk_trace *bt,
		      u32 action, u64 sector, u32 bytes, int error, pid_t pid,
		      u32 seq, u16 pdu_len)
{
	t->magic = BLK_IO_TRACE_MAGIC | BLK_IO_TRACE_VERSION;
	t->sequence = seq;
	t->time = ktime_get_ns();
	t->sector = sector;
	t->bytes = bytes;
	t->action = action;
	t->pid = pid;
	t->device = bt->dev;
	t->cpu = raw_smp_processor_id();
	/* An errno, in 16 bits, as blkparse has always read it. */
	t->error = (u16)error;
	t->pdu_len = pdu_len;
}

/* Copy the cgroup id, if any, then the data after a record. */
static void blkt_fill_pdu(void *p, u64 cgid, const void *pdu, u16 len)
{
	if (cgid) {
		memcpy(p, &cgid, sizeof(cgid));
		p += sizeof(cgid);
	}
	if (len)
		memcpy(p, pdu, len);
}

/*
 * Write one record to the relay channel; interrupts are off (a
 * completion interrupt writes to the same CPU's buffer).
 */
static void blkt_relay_write(struct blk_trace *bt, u32 action, u64 sector,
			     u32 bytes, int error, pid_t pid, u32 seq,
			     const void *pdu, u16 len, u64 cgid)
{
	u16 extra = cgid ? sizeof(cgid) : 0;
	struct blk_io_trace *t;

	t = relay_reserve(bt->rchan, sizeof(*t) + extra + len);
	if (!t)
		return;
	blkt_fill(t, bt, action, sector, bytes, error, pid, seq, extra + len);
	blkt_fill_pdu(t + 1, cgid, pdu, len);
}

/* Write one record to each array that runs the blk tracer. */
static void blkt_tracer_write(struct blk_trace *bt, u32 action, u64 sector,
			      u32 bytes, int error, pid_t pid, u32 seq,
			      const void *pdu, u16 len, u64 cgid)
{
	u16 extra = cgid ? sizeof(cgid) : 0;
	struct trace_blk_rec *r;
	struct blkt_inst *i;
	struct trace_wh h;

	list_for_each_entry_rcu(i, &blkt_insts, node) {
		struct trace_buf *b = trace_array_buf(i->tr);

		if (!trace_buf_enabled(b))
			continue;
		r = trace_buf_reserve(b, &h, TRACE_TYPE_BLK,
				      sizeof(*r) + extra + len, TRACE_CTX_NOW);
		if (!r)
			continue;
		blkt_fill(&r->t, bt, action, sector, bytes, error, pid, seq,
			  extra + len);
		blkt_fill_pdu(r + 1, cgid, pdu, len);
		trace_rec_commit(&h);
	}
}

/**
 * blkt_note() - write a note: a process's name, the time, a message
 * @bt:		the queue's tracing
 * @pid:	the process
 * @action:	BLK_TN_*
 * @data:	what follows the record
 * @len:	its length
 * @cgid:	the cgroup id, or 0
 *
 * Callable from any context but NMI. Messages also go to the arrays that
 * run the blk tracer.
 */
void blkt_note(struct blk_trace *bt, pid_t pid, u32 action,
	       const void *data, u16 len, u64 cgid)
{
	unsigned long flags;

	if (cgid)
		action |= __BLK_TN_CGROUP;
	local_irq_save(flags);
	if (bt->rchan)
		blkt_relay_write(bt, action, 0, 0, 0, pid, 0, data, len, cgid);
	if ((action & ~__BLK_TN_CGROUP) == BLK_TN_MESSAGE &&
	    !list_empty(&blkt_insts)) {
		rcu_read_lock();
		blkt_tracer_write(bt, action, 0, 0, 0, pid, 0, data, len, cgid);
		rcu_read_unlock();
	}
	local_irq_restore(flags);
}

/**
 * blkt_note_time() - write the wall-clock time at a start
 * @bt:		the queue's tracing
 *
 * blkparse places the records' monotonic times in the day with it.
 */
void blkt_note_time(struct blk_trace *bt)
{
	struct timespec64 now;
	u32 words[2];

	ktime_get_real_ts64(&now);
	words[0] = (u32)now.tv_sec;
	words[1] = now.tv_nsec;
	blkt_note(bt, 0, BLK_TN_TIMESTAMP, words, sizeof(words), 0);
}

/* Whether a record is one the queue's tracing keeps. */
static bool blkt_keep(const struct blk_trace *bt, u32 what, u64 sector,
		      pid_t pid)
{
	if (!((u32)bt->act_mask << BLK_TC_SHIFT & what))
		return false;
	if (bt->pid && pid != bt->pid)
		return false;
	return !sector || (sector >= bt->start_lba && sector <= bt->end_lba);
}

/**
 * blkt_add() - record what the block layer did to a traced queue
 * @bt:		the queue's tracing
 * @ev:		what it did
 *
 * From the block tracepoints, in any context but NMI.
 */
void blkt_add(struct blk_trace *bt, struct blkt_ev *ev)
{
	struct task_struct *tsk = current;
	bool relay = bt->rchan, tracer = !list_empty(&blkt_insts);
	unsigned long flags;
	u32 what, seq;
	u16 pdu_len;

	if (READ_ONCE(bt->trace_state) != BLKT_RUNNING ||
	    (!relay && !tracer))
		return;
	what = ev->what | blkt_op_cats(ev->opf);
	if (!blkt_keep(bt, what, ev->sector, tsk->pid))
		return;
	if (!blkt_cgroup_ids)
		ev->cgid = 0;
	if (ev->cgid)
		what |= __BLK_TA_CGROUP;
	pdu_len = ev->pdu ? ev->pdu_len : 0;

	local_irq_save(flags);
	if (unlikely(tsk->btrace_seq != READ_ONCE(blktrace_seq)) && relay) {
		blkt_relay_write(bt, BLK_TN_PROCESS, 0, 0, 0, tsk->pid, 0,
				 tsk->comm, sizeof(tsk->comm), 0);
		tsk->btrace_seq = READ_ONCE(blktrace_seq);
	}
	seq = ++*this_cpu_ptr(bt->sequence);
	if (relay)
		blkt_relay_write(bt, what, ev->sector, ev->bytes, ev->error,
				 tsk->pid, seq, ev->pdu, pdu_len, ev->cgid);
	if (tracer) {
		rcu_read_lock();
		blkt_tracer_write(bt, what, ev->sector, ev->bytes, ev->error,
				  tsk->pid, seq, ev->pdu, pdu_len, ev->cgid);
		rcu_read_unlock();
	}
	local_irq_restore(flags);
}

/**
 * __blk_trace_note_message() - a message into a queue's trace
 * @bt:		the queue's tracing
 * @css:	the cgroup it concerns, or NULL
 * @fmt:	printf format
 *
 * What blk_add_trace_msg() writes (I/O schedulers, md, throttling), and
 * debugfs block/<name>/msg. Kept while the trace runs with notify in its
 * act_mask; at most BLK_TN_MAX_MSG - 1 characters.
 */
void __blk_trace_note_message(struct blk_trace *bt,
			      struct cgroup_subsys_state *css,
			      const char *fmt, ...)
{
	unsigned long flags;
	va_list args;
	u64 cgid = 0;
	char *buf;
	int n;

	if (!(READ_ONCE(bt->act_mask) & BLK_TC_NOTIFY))
		return;
	if (blkt_cgroup_ids)
		cgid = blkt_css_id(css);
	/*
	 * The CPU's buffer: interrupts off, no other writer. The state is
	 * tested inside: a teardown's synchronize_rcu() after the stop
	 * waits for a writer that saw it running (msg's writers hold no
	 * RCU lock of their own).
	 */
	local_irq_save(flags);
	if (READ_ONCE(bt->trace_state) != BLKT_RUNNING) {
		local_irq_restore(flags);
		return;
	}
	buf = this_cpu_ptr(bt->msg_data);
	va_start(args, fmt);
	n = vscnprintf(buf, BLK_TN_MAX_MSG, fmt, args);
	va_end(args);
	blkt_note(bt, current->pid, BLK_TN_MESSAGE, buf, n, cgid);
	local_irq_restore(flags);
}
EXPORT_SYMBOL_GPL(__blk_trace_note_message);

/**
 * blkt_tracer_running() - whether any trace array runs the blk tracer
 *
 * Return: true if one does.
 */
bool blkt_tracer_running(void)
{
	return !list_empty(&blkt_insts);
}

/**
 * blkt_tracer_attach() - a trace array starts the blk tracer
 * @tr:		the array
 *
 * Return: 0, or -ENOMEM.
 */
int blkt_tracer_attach(struct trace_array *tr)
{
	struct blkt_inst *i = kzalloc(sizeof(*i), GFP_KERNEL);

	if (!i)
		return -ENOMEM;
	i->tr = tr;
	guard(mutex)(&blkt_inst_lock);
	list_add_tail_rcu(&i->node, &blkt_insts);
	return 0;
}

/**
 * blkt_tracer_detach() - a trace array stops the blk tracer
 * @tr:		the array
 *
 * Returns once no record is being written into @tr.
 */
void blkt_tracer_detach(struct trace_array *tr)
{
	struct blkt_inst *i, *found = NULL;

	scoped_guard(mutex, &blkt_inst_lock) {
		list_for_each_entry(i, &blkt_insts, node) {
			if (i->tr == tr) {
				found = i;
				list_del_rcu(&i->node);
				break;
			}
		}
	}
	/* Writers run with interrupts off: sched-RCU covers them. */
	synchronize_rcu();
	kfree(found);
}
