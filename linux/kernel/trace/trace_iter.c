// SPDX-License-Identifier: GPL-2.0
/*
 * Iterators: the records of every CPU (or one CPU), merged in time order.
 *
 * Each CPU has a reader: a copy of a page of its events, walked one
 * record at a time. The iterator hands out the oldest record among the
 * readers' next ones. Three kinds:
 *
 *  - peeking (the trace file): the readers copy with a ring buffer cursor
 *    and consume nothing; they stop at what was written when they started.
 *  - consuming (trace_pipe, trace_pipe_raw): the readers take pages out of
 *    the ring. They are shared by every consuming file of a buffer and
 *    kept between opens (in the buffer's @readers), under
 *    trace_consume_lock, so that the rest of a page taken by one reader is
 *    what the next one reads: nothing is lost on close.
 *  - dumping (ftrace_dump() on oops): consuming, with readers of its own,
 *    allocated at boot and used without locks.
 */
#include <linux/mm.h>
#include <linux/mutex.h>
#include <linux/preempt.h>
#include <linux/slab.h>

#include "trace.h"

/**
 * struct trace_cpu_rd - one CPU's reader
 * @page:	a copy of events of the CPU, in the trace_pipe_raw layout;
 *		allocated at the first read, grown when the buffer's
 *		sub-buffers grow
 * @size:	the size of @page
 * @walk:	position in @page, after @ev
 * @rest:	position in @page before @ev: where an unread rest starts
 * @has_page:	@page holds events not all walked yet
 * @ev:		the next record, in @page; NULL when not fetched yet
 * @len:	its length
 * @ts:		its time stamp
 * @lost:	events lost on the CPU before @ev (ULONG_MAX: uncounted)
 * @cur:	where a peeking reader is in the CPU's stream
 */
struct trace_cpu_rd {
	void *page;
	size_t size;
	struct ring_buffer_walk walk;
	struct ring_buffer_walk rest;
	bool has_page;
	const struct trace_entry *ev;
	unsigned int len;
	u64 ts;
	unsigned long lost;
	struct ring_buffer_cursor cur;
};

enum trace_iter_kind { TRACE_ITER_PEEK, TRACE_ITER_CONSUME, TRACE_ITER_DUMP };

/**
 * struct trace_iter - an iterator
 * @kind:	peeking, consuming or dumping
 * @cpu:	the CPU it reads, or RING_BUFFER_ALL_CPUS
 * @rd:		the readers, indexed by CPU: its own, or its buffer's shared
 *		consuming ones
 * @last:	the CPU of the record last returned by trace_iter_peek()
 * @state:	the printer's memory of each CPU's records
 * @pending:	what the printer of the record last returned wants @state
 *		of its CPU to become once the record is passed
 * @has_pending: @pending is set
 * @absorb:	the record after it, on its CPU, was printed with it and is
 *		passed too
 * @rb:		the ring buffer a peeking iterator reads
 * @buf:	the buffer a consuming or dumping iterator reads
 * @from:	records older than this are passed over unseen
 * @to:		and so are records newer than this
 * @base:	time stamp of the first record handed out, or @from; the
 *		latency format counts time from it
 * @in_ns:	the time stamps count nanoseconds (the buffer's clock)
 * @tr:		the trace array whose records these are (struct trace_ev);
 *		NULL for the top's
 *
 * A printer may print a record several times (seq_file retries when a
 * line overflows), so it changes nothing itself: it says what is to
 * change, and trace_iter_next() does it.
 */
struct trace_iter {
	enum trace_iter_kind kind;
	int cpu;
	struct trace_cpu_rd *rd;
	int last;
	struct trace_print_state *state;
	struct trace_print_state pending;
	bool has_pending;
	bool absorb;
	struct trace_buffer *rb;
	struct trace_buf *buf;
	u64 from;
	u64 to;
	u64 base;
	bool in_ns;
	struct trace_array *tr;
};

/* Protects the shared consuming readers of every buffer (its @readers). */
static DEFINE_MUTEX(trace_consume_lock);

static struct trace_cpu_rd *trace_consumers(struct trace_buf *b)
{
	lockdep_assert_held(&trace_consume_lock);
	return b->readers;
}

static void trace_rds_free(struct trace_cpu_rd *rd)
{
	int cpu;

	if (!rd)
		return;
	for_each_possible_cpu(cpu)
		kvfree(rd[cpu].page);
	kfree(rd);
}

static struct trace_cpu_rd *trace_rds_alloc(void)
{
	return kcalloc(nr_cpu_ids, sizeof(struct trace_cpu_rd), GFP_KERNEL);
}

/*
 * Give @rd a page of @size bytes; it holds no events. A dump runs in
 * any context, with pages of a page made at boot: it allocates only for
 * larger sub-buffers, atomically, and never in an NMI.
 */
static bool trace_rd_grow(struct trace_iter *it, struct trace_cpu_rd *rd,
			  size_t size)
{
	void *page;

	if (it->kind != TRACE_ITER_DUMP)
		page = kvmalloc(size, GFP_KERNEL);
	else
		page = in_nmi() ? NULL : kmalloc(size, GFP_ATOMIC | __GFP_NOWARN);

	if (!page)
		return false;
	kvfree(rd->page);
	rd->page = page;
	rd->size = size;
	return true;
}

/*
 * Copy @cpu's next page into @rd: peeked or consumed, as @it does. Its
 * page grows to the ring's sub-buffer size first if it must.
 */
static int trace_rd_read(struct trace_iter *it, int cpu,
			 struct trace_cpu_rd *rd)
{
	struct trace_buffer *rb;
	int n;

	for (;;) {
		rb = it->kind == TRACE_ITER_PEEK ? it->rb : READ_ONCE(it->buf->rb);
		if (it->kind == TRACE_ITER_PEEK)
			n = ring_buffer_peek_page(rb, cpu, &rd->cur, rd->page,
						  rd->size);
		else
			n = ring_buffer_read_page(rb, cpu, rd->page, rd->size);
		if (n != -EMSGSIZE)
			return n;
		if (!trace_rd_grow(it, rd, ring_buffer_subbuf_size_get(rb)))
			return -ENOMEM;
	}
}

static bool trace_iter_has(const struct trace_iter *it, int cpu)
{
	return it->cpu == RING_BUFFER_ALL_CPUS || it->cpu == cpu;
}

/* The printers' state, for every CPU: nothing printed yet. */
static struct trace_print_state *trace_states_alloc(void)
{
	struct trace_print_state *st;
	int cpu;

	st = kcalloc(nr_cpu_ids, sizeof(*st), GFP_KERNEL);
	if (st)
		for_each_possible_cpu(cpu)
			st[cpu].last_pid = -1;
	return st;
}

static struct trace_iter *trace_iter_make(int cpu, struct trace_buf *b,
					  struct trace_buffer *rb, u64 from,
					  u64 to);

/**
 * trace_iter_new() - create an iterator
 * @b:		the buffer to read
 * @cpu:	the CPU to read, or RING_BUFFER_ALL_CPUS
 * @consume:	take the records out of the buffer (trace_pipe) rather
 *		than copy them (trace)
 *
 * Return: the iterator, or NULL when memory ran out.
 */
struct trace_iter *trace_iter_new(struct trace_buf *b, int cpu, bool consume)
{
	struct trace_iter *it;

	if (consume)
		it = trace_iter_make(cpu, b, NULL, 0, U64_MAX);
	else
		it = trace_iter_make(cpu, NULL, READ_ONCE(b->rb), 0, U64_MAX);
	if (it) {
		it->in_ns = trace_buf_clock_in_ns(b);
		it->tr = b->owner;
	}
	return it;
}

/**
 * trace_iter_set_array() - say whose records an iterator hands out
 * @it:		the iterator
 * @tr:		their trace array, whose options and tracer print them
 */
void trace_iter_set_array(struct trace_iter *it, struct trace_array *tr)
{
	it->tr = tr;
}

/**
 * trace_iter_new_on() - create a peeking iterator of a given ring buffer
 * and time span
 * @cpu:	the CPU to read, or RING_BUFFER_ALL_CPUS
 * @rb:		the ring buffer to peek into
 * @from:	time stamp of the oldest record to hand out
 * @to:		time stamp of the newest
 *
 * Return: the iterator, or NULL when memory ran out.
 */
struct trace_iter *trace_iter_new_on(int cpu, struct trace_buffer *rb,
				     u64 from, u64 to)
{
	return trace_iter_make(cpu, NULL, rb, from, to);
}

/* A consuming iterator of @b, or a peeking one of @rb. */
static struct trace_iter *trace_iter_make(int cpu, struct trace_buf *b,
					  struct trace_buffer *rb, u64 from,
					  u64 to)
{
	struct trace_iter *it = kzalloc(sizeof(*it), GFP_KERNEL);
	bool consume = b;
	int i;

	if (!it)
		return NULL;
	it->state = trace_states_alloc();
	if (!it->state) {
		kfree(it);
		return NULL;
	}
	it->cpu = cpu;
	it->last = -1;
	it->in_ns = trace_clock_in_ns();
	it->rb = rb;
	it->from = from;
	it->to = to;
	it->base = from ?: U64_MAX;
	if (consume) {
		scoped_guard(mutex, &trace_consume_lock) {
			if (!b->readers)
				b->readers = trace_rds_alloc();
			it->rd = b->readers;
		}
		it->buf = b;
		it->kind = TRACE_ITER_CONSUME;
	} else {
		it->rd = trace_rds_alloc();
		it->kind = TRACE_ITER_PEEK;
		for_each_possible_cpu(i)
			if (it->rd && trace_iter_has(it, i))
				ring_buffer_cursor_start(rb, i, &it->rd[i].cur);
	}
	if (!it->rd) {
		kfree(it->state);
		kfree(it);
		return NULL;
	}
	return it;
}

/**
 * trace_iter_free() - free an iterator
 * @it:	the iterator, or NULL
 */
void trace_iter_free(struct trace_iter *it)
{
	if (!it)
		return;
	if (it->kind == TRACE_ITER_PEEK)
		trace_rds_free(it->rd);
	kfree(it->state);
	kfree(it);
}

/**
 * trace_iter_in_ns() - whether an iterator's time stamps count nanoseconds
 * @it:		the iterator
 *
 * Return: false when they are to be printed raw.
 */
bool trace_iter_in_ns(const struct trace_iter *it)
{
	return it->in_ns;
}

/**
 * trace_iter_lock() - take the lock a consuming iterator reads under
 * @it:	the iterator
 *
 * Needed around trace_iter_peek() and trace_iter_next(); a no-op for
 * peeking iterators.
 */
void trace_iter_lock(struct trace_iter *it)
{
	if (it->kind == TRACE_ITER_CONSUME)
		mutex_lock(&trace_consume_lock);
}

/**
 * trace_iter_unlock() - drop the lock of trace_iter_lock()
 * @it:	the iterator
 */
void trace_iter_unlock(struct trace_iter *it)
{
	if (it->kind == TRACE_ITER_CONSUME)
		mutex_unlock(&trace_consume_lock);
}

static void trace_iter_assert(struct trace_iter *it)
{
	if (it->kind == TRACE_ITER_CONSUME)
		lockdep_assert_held(&trace_consume_lock);
}

/* Make sure @rd has its next record in @rd->ev, if the CPU has one. */
static void trace_rd_fill(struct trace_iter *it, int cpu)
{
	struct trace_cpu_rd *rd = &it->rd[cpu];
	int n;

	while (!rd->ev) {
		if (rd->has_page) {
			rd->rest = rd->walk;
			rd->ev = ring_buffer_walk_next(&rd->walk, &rd->len);
			if (rd->ev && (rd->walk.ts < it->from ||
				       rd->walk.ts > it->to)) {
				/* Outside the span: passed over, not lost. */
				rd->ev = NULL;
				rd->lost = 0;
				continue;
			}
			if (rd->ev) {
				rd->ts = rd->walk.ts;
				return;
			}
			rd->has_page = false;
		}
		n = trace_rd_read(it, cpu, rd);
		if (n <= 0)
			return;
		if (it->kind == TRACE_ITER_PEEK) {
			if (rd->cur.skipped)
				rd->lost = ULONG_MAX;
			rd->cur.skipped = false;
		} else if (!rd->lost) {
			rd->lost = ring_buffer_page_lost(rd->page);
		}
		ring_buffer_walk_start(&rd->walk, rd->page, rd->size);
		rd->has_page = true;
	}
}

/**
 * trace_iter_peek() - the oldest record not handed out yet
 * @it:	the iterator (locked with trace_iter_lock())
 * @ev:	filled in with the record; valid until trace_iter_next() or
 *	until the lock is dropped
 *
 * Return: false when there is none.
 */
bool trace_iter_peek(struct trace_iter *it, struct trace_ev *ev)
{
	struct trace_cpu_rd *rd;
	int cpu, best = -1;

	trace_iter_assert(it);
	for_each_possible_cpu(cpu) {
		if (!trace_iter_has(it, cpu))
			continue;
		rd = &it->rd[cpu];
		trace_rd_fill(it, cpu);
		if (rd->ev && (best < 0 || rd->ts < it->rd[best].ts))
			best = cpu;
	}
	it->last = best;
	if (best < 0)
		return false;
	rd = &it->rd[best];
	if (it->base == U64_MAX)
		it->base = rd->ts;
	ev->it = it;
	ev->tr = it->tr;
	ev->rec = rd->ev;
	ev->len = rd->len;
	ev->ts = rd->ts;
	ev->cpu = best;
	ev->lost = rd->lost;
	return true;
}

/**
 * trace_iter_next() - move past the record trace_iter_peek() returned
 * @it:	the iterator (locked with trace_iter_lock())
 */
void trace_iter_next(struct trace_iter *it)
{
	struct trace_cpu_rd *rd;

	trace_iter_assert(it);
	if (it->last < 0)
		return;
	rd = &it->rd[it->last];
	if (it->has_pending)
		it->state[it->last] = it->pending;
	/* The absorbed record was found in this page: pass it in the walk. */
	if (it->absorb && rd->has_page)
		ring_buffer_walk_next(&rd->walk, &rd->len);
	it->has_pending = false;
	it->absorb = false;
	rd->ev = NULL;
	rd->lost = 0;
	rd->rest = rd->walk;
	it->last = -1;
}

/**
 * trace_iter_peek_after() - the record after the one last peeked, on its CPU
 * @it:		the iterator (locked)
 * @next:	filled in with that record, if it is at hand
 *
 * Only the copy of the page being walked is looked at: a record on the
 * next page counts as not at hand.
 *
 * Return: true when @next was filled in.
 */
bool trace_iter_peek_after(struct trace_iter *it, struct trace_ev *next)
{
	struct ring_buffer_walk w;
	struct trace_cpu_rd *rd;
	const void *e;
	unsigned int len;

	trace_iter_assert(it);
	if (it->last < 0)
		return false;
	rd = &it->rd[it->last];
	if (!rd->ev || !rd->has_page)
		return false;
	w = rd->walk;
	e = ring_buffer_walk_next(&w, &len);
	if (!e)
		return false;
	next->rec = e;
	next->len = len;
	next->ts = w.ts;
	next->cpu = it->last;
	next->lost = 0;
	next->it = it;
	return true;
}

/**
 * trace_iter_base() - where the latency format counts time from
 * @it:	the iterator
 *
 * Return: the start of its time span, or the time stamp of the first
 * record it handed out.
 */
u64 trace_iter_base(struct trace_iter *it)
{
	return it->base == U64_MAX ? 0 : it->base;
}

/**
 * trace_iter_absorb_next() - pass the record trace_iter_peek_after() gave
 * along with the current one, at trace_iter_next()
 * @it:	the iterator
 */
void trace_iter_absorb_next(struct trace_iter *it)
{
	it->absorb = true;
}

/**
 * trace_iter_state() - a printer's memory of a CPU's records
 * @it:		the iterator
 * @cpu:	the CPU
 *
 * Return: the state, as the records passed so far left it.
 */
struct trace_print_state *trace_iter_state(struct trace_iter *it, int cpu)
{
	return &it->state[cpu];
}

/**
 * trace_iter_set_state() - what a CPU's printer state becomes once the
 * record last peeked is passed
 * @it:		the iterator
 * @cpu:	the record's CPU
 * @st:		the new state
 */
void trace_iter_set_state(struct trace_iter *it, int cpu,
			  const struct trace_print_state *st)
{
	if (cpu != it->last)
		return;
	it->pending = *st;
	it->has_pending = true;
}

/**
 * trace_iter_ready() - whether an iterator has a record to hand out
 * @arg:	the iterator, not locked
 *
 * Return: true when it has.
 */
bool trace_iter_ready(void *arg)
{
	struct trace_iter *it = arg;
	struct trace_ev ev;
	bool ret;

	trace_iter_lock(it);
	ret = trace_iter_peek(it, &ev);
	trace_iter_unlock(it);
	return ret;
}

/*
 * Wait for the consuming readers of the moment: they read @b->rb under
 * trace_consume_lock; once this returns, none reads a ring buffer that a
 * swap made the max buffer before the call.
 */
static void trace_iter_quiesce(struct trace_buf *b)
{
	mutex_lock(&trace_consume_lock);
	mutex_unlock(&trace_consume_lock);
}

/*
 * Forget what consuming readers hold of @which's records (a CPU, or
 * RING_BUFFER_ALL_CPUS), for a reset of the buffer.
 */
static void trace_iter_reset_consumers(struct trace_buf *b, int which)
{
	struct trace_cpu_rd *rd;
	int cpu;

	guard(mutex)(&trace_consume_lock);
	rd = trace_consumers(b);
	if (!rd)
		return;
	for_each_possible_cpu(cpu) {
		if (which != RING_BUFFER_ALL_CPUS && which != cpu)
			continue;
		rd[cpu].has_page = false;
		rd[cpu].ev = NULL;
		rd[cpu].lost = 0;
	}
}

/* @b goes: its readers are closed. */
static void trace_iter_release(struct trace_buf *b)
{
	guard(mutex)(&trace_consume_lock);
	trace_rds_free(trace_consumers(b));
	b->readers = NULL;
}

static const struct trace_buf_readers trace_iter_readers = {
	.quiesce = trace_iter_quiesce,
	.reset = trace_iter_reset_consumers,
	.release = trace_iter_release,
};

static int __init trace_iter_readers_init(void)
{
	trace_buf_set_readers(&trace_iter_readers);
	return 0;
}
core_initcall(trace_iter_readers_init);

/**
 * trace_iter_raw_page() - consume one page of a CPU's records, as a page
 * @b:		the buffer
 * @cpu:	the CPU
 * @page:	receives the page in the trace_pipe_raw layout
 * @size:	the size of @page
 * @whole:	only a page the writer is done with (splice, while tracing
 *		runs)
 *
 * What a text reader took out of the ring and did not show comes first.
 *
 * Return: bytes of event data in @page, 0 when there is none, or
 * -EMSGSIZE when @page is smaller than the buffer's sub-buffers.
 */
int trace_iter_raw_page(struct trace_buf *b, int cpu, void *page,
			size_t size, bool whole)
{
	struct trace_cpu_rd *rd;
	int n = 0;

	guard(mutex)(&trace_consume_lock);
	if (trace_consumers(b)) {
		rd = &trace_consumers(b)[cpu];
		/*
		 * A rest larger than @page is of sub-buffers just made
		 * smaller: the change drops it, as it drops the rings'.
		 */
		if (rd->has_page || rd->ev)
			n = ring_buffer_walk_rest(page, size, &rd->rest,
						  rd->lost);
		rd->has_page = false;
		rd->ev = NULL;
		rd->lost = 0;
	}
	if (n > 0)
		return n;
	if (whole)
		n = ring_buffer_read_whole_page(READ_ONCE(b->rb), cpu, page,
						size);
	else
		n = ring_buffer_read_page(READ_ONCE(b->rb), cpu, page, size);
	return n == -EMSGSIZE ? n : max(n, 0);
}

/* The ready() of raw readers: a CPU holds data. */
static bool trace_raw_has_data(struct trace_buf *b, int cpu)
{
	struct trace_cpu_rd *rd = trace_consumers(b);
	struct ring_buffer_stats st;

	ring_buffer_stats(READ_ONCE(b->rb), cpu, &st);
	return st.bytes || (rd && (rd[cpu].has_page || rd[cpu].ev));
}

/**
 * trace_raw_armed() - whether a CPU's raw reader waits for a fill level
 * @b:		the buffer
 *
 * Return: true when buffer_percent is set and tracing is on: then
 * trace_raw_ready() arms the ring's notice, and writers need not wake
 * the reader on every record.
 */
bool trace_raw_armed(struct trace_buf *b)
{
	return READ_ONCE(b->percent) && trace_buf_is_on(b);
}

/**
 * trace_raw_ready() - whether a CPU's raw reader should wake
 * @b:		the buffer
 * @cpu:	the CPU
 *
 * When it says no while trace_raw_armed(), the writer that fills the ring
 * far enough wakes the readers (trace_fill_wake()).
 *
 * Return: true when its buffer is filled to buffer_percent (any data at
 * 0), or holds anything once tracing is off.
 */
bool trace_raw_ready(struct trace_buf *b, int cpu)
{
	unsigned int pct = READ_ONCE(b->percent);

	guard(mutex)(&trace_consume_lock);
	if (!pct || !trace_buf_is_on(b))
		return trace_raw_has_data(b, cpu);
	return ring_buffer_fill_wait(READ_ONCE(b->rb), cpu, pct);
}

static struct trace_iter *trace_dump_iter;

/**
 * trace_iter_dump_start() - the iterator of ftrace_dump(), set to a buffer
 * @b:		the buffer to dump; its owner's options and tracer print it
 * @cpu:	the CPU to dump, or RING_BUFFER_ALL_CPUS
 *
 * Nothing of a previous dump stays: its readers and printer state start
 * afresh, and time counts from 0 (the dump prints the latency format).
 *
 * Context: any; the caller serialises dumps.
 * Return: the dumping iterator (made at boot), or NULL.
 */
struct trace_iter *trace_iter_dump_start(struct trace_buf *b, int cpu)
{
	struct trace_iter *it = trace_dump_iter;
	int i;

	if (!it)
		return NULL;
	for_each_possible_cpu(i) {
		it->rd[i].has_page = false;
		it->rd[i].ev = NULL;
		it->rd[i].lost = 0;
		memset(&it->state[i], 0, sizeof(it->state[i]));
		it->state[i].last_pid = -1;
	}
	it->buf = b;
	it->tr = b->owner;
	it->cpu = cpu;
	it->last = -1;
	it->has_pending = false;
	it->absorb = false;
	it->base = 0;
	it->in_ns = trace_buf_clock_in_ns(b);
	return it;
}

/**
 * trace_iter_dumping() - whether an iterator is ftrace_dump()'s
 * @it:	the iterator
 *
 * Return: true for the dump's, which prints the latency format.
 */
bool trace_iter_dumping(const struct trace_iter *it)
{
	return it->kind == TRACE_ITER_DUMP;
}

/**
 * trace_iter_dump_init() - make the iterator of ftrace_dump()
 *
 * Called by trace_core_init(), once the buffer is there: from then on an
 * oops can dump it.
 *
 * Return: 0, or -ENOMEM.
 */
int __init trace_iter_dump_init(void)
{
	struct trace_iter *it = kzalloc(sizeof(*it), GFP_KERNEL);
	bool pages = true;
	int cpu;

	if (!it)
		return -ENOMEM;
	it->rd = trace_rds_alloc();
	/* Its pages now, while it may sleep (it->kind is not DUMP yet). */
	for_each_possible_cpu(cpu)
		pages &= it->rd && trace_rd_grow(it, &it->rd[cpu], PAGE_SIZE);
	it->state = trace_states_alloc();
	if (!pages || !it->state) {
		trace_rds_free(it->rd);
		kfree(it->state);
		kfree(it);
		return -ENOMEM;
	}
	it->kind = TRACE_ITER_DUMP;
	it->buf = &trace_top_buf;
	it->to = U64_MAX;
	it->cpu = RING_BUFFER_ALL_CPUS;
	it->last = -1;
	trace_dump_iter = it;
	return 0;
}
