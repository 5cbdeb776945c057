// SPDX-License-Identifier: GPL-2.0
/*
 * Ring buffer readers: taking pages out of a CPU's ring, and walking the
 * events of a page.
 *
 * A reader takes the oldest page (head) by swapping its spare page into
 * the page's slot with one cmpxchg128 of {page, vpn}, then advances head.
 * A page the writer still holds (RB_SLOT_WRITER) is the one being written:
 * the reader copies out its published part instead and remembers how far
 * it got (rvpn, roff), checking afterwards that the page was not reused
 * meanwhile. Writers are never blocked; readers of a CPU serialise on its
 * reader_lock.
 */
#include <linux/export.h>
#include <linux/percpu.h>
#include <linux/spinlock.h>
#include <linux/string.h>

#include "rb_internal.h"

/**
 * ring_buffer_walk_start() - start walking the events of a page
 * @walk:	the position to set up
 * @page:	a page in the trace_pipe_raw layout
 * @size:	its size in bytes: events are looked for in it only
 */
void ring_buffer_walk_start(struct ring_buffer_walk *walk, const void *page,
			    size_t size)
{
	const struct rb_data_page *dp = page;

	walk->page = page;
	walk->size = size > RB_HDR_SIZE ? size - RB_HDR_SIZE : 0;
	walk->off = 0;
	walk->ts = dp->time_stamp;
}
EXPORT_SYMBOL_GPL(ring_buffer_walk_start);

/**
 * ring_buffer_walk_next() - the next data event of a page
 * @walk:	the position, advanced past the event
 * @len:	set to the payload length (a multiple of 4)
 *
 * Time extends and padding are applied and skipped; @walk->ts becomes the
 * event's time stamp. A malformed page ends the walk.
 *
 * Return: the event's payload, or NULL at the end of the page.
 */
const void *ring_buffer_walk_next(struct ring_buffer_walk *walk,
				  unsigned int *len)
{
	const struct rb_data_page *dp = walk->page;
	unsigned long commit = local_read(&dp->commit) & RB_COMMIT_MASK;
	const u32 *ev;
	u32 type, delta, size;

	commit = min_t(unsigned long, commit, walk->size);
	while (walk->off + RB_EVENT_HDR <= commit) {
		ev = (const u32 *)((const u8 *)dp->data + walk->off);
		type = ev[0] & 31;
		delta = ev[0] >> 5;
		if (type >= 1 && type <= RB_TYPE_DATA_MAX)
			size = RB_EVENT_HDR + type * 4;
		else if (walk->off + 2 * RB_EVENT_HDR > commit)
			break;
		else if (type == 0 || type == RB_TYPE_PADDING)
			size = RB_EVENT_HDR + ev[1];
		else
			size = 2 * RB_EVENT_HDR;
		if (size < RB_EVENT_HDR || walk->off + size > commit)
			break;
		walk->off += size;
		switch (type) {
		case RB_TYPE_PADDING:
			continue;
		case RB_TYPE_TIME_EXTEND:
			walk->ts += ((u64)ev[1] << RB_DELTA_BITS) | delta;
			continue;
		case RB_TYPE_TIME_STAMP:
			walk->ts = (((u64)ev[1] << RB_DELTA_BITS) | delta) |
				   (dp->time_stamp & GENMASK_ULL(63, 59));
			continue;
		case 0:
			walk->ts += delta;
			*len = ev[1] - RB_EVENT_HDR;
			return ev + 2;
		default:
			walk->ts += delta;
			*len = type * 4;
			return ev + 1;
		}
	}
	return NULL;
}
EXPORT_SYMBOL_GPL(ring_buffer_walk_next);

/**
 * ring_buffer_page_lost() - events lost before a page that was read
 * @page:	a page from ring_buffer_read_page()
 *
 * Return: 0 when none were, their number, or ULONG_MAX when some were but
 * the count did not fit in the page.
 */
unsigned long ring_buffer_page_lost(const void *page)
{
	const struct rb_data_page *dp = page;
	unsigned long commit = local_read(&dp->commit);

	if (!(commit & RB_MISSED_EVENTS))
		return 0;
	if (!(commit & RB_MISSED_STORED))
		return ULONG_MAX;
	return *(const unsigned long *)((const u8 *)dp->data +
					(commit & RB_COMMIT_MASK));
}
EXPORT_SYMBOL_GPL(ring_buffer_page_lost);

/**
 * ring_buffer_walk_rest() - the events of a page not walked yet, as a page
 * @out:	receives them in the trace_pipe_raw layout; may be the page
 *		walked
 * @size:	the size of @out in bytes
 * @walk:	a walk of a page, at the first event to keep
 * @lost:	events lost before them, to flag in the commit word: 0 for
 *		none, ULONG_MAX for an unknown number
 *
 * Return: the bytes of event data in @out, or -EMSGSIZE when they do not
 * fit in it (@out is then left as it was).
 */
int ring_buffer_walk_rest(void *out, size_t size,
			  const struct ring_buffer_walk *walk,
			  unsigned long lost)
{
	const struct rb_data_page *dp = walk->page;
	struct rb_data_page *o = out;
	unsigned long commit = local_read(&dp->commit) & RB_COMMIT_MASK;
	unsigned int n, room = size > RB_HDR_SIZE ? size - RB_HDR_SIZE : 0;

	commit = min_t(unsigned long, commit, walk->size);
	n = walk->off < commit ? commit - walk->off : 0;
	if (n > room)
		return -EMSGSIZE;
	o->time_stamp = walk->ts;
	memmove(o->data, (const u8 *)dp->data + walk->off, n);
	memset((u8 *)o->data + n, 0, room - n);
	local_set(&o->commit, n);
	if (!lost)
		return n;
	if (lost != ULONG_MAX && n + sizeof(long) <= room) {
		*(unsigned long *)((u8 *)o->data + n) = lost;
		local_set(&o->commit, n | RB_MISSED_EVENTS | RB_MISSED_STORED);
	} else {
		local_set(&o->commit, n | RB_MISSED_EVENTS);
	}
	return n;
}
EXPORT_SYMBOL_GPL(ring_buffer_walk_rest);

/*
 * Copy bytes [from, to) of @pg's data into @out as a page of its own (of
 * @c's page size), the time stamp being @ts, that of the event before
 * @from (unused when @from is 0). Sets *@events and *@last to the number
 * of events copied and the time of the last one.
 */
unsigned int rb_copy(struct rb_cpu *c, struct rb_data_page *out,
		     struct rb_page *pg, unsigned int from, unsigned int to,
		     u64 ts, unsigned int *events, u64 *last)
{
	struct ring_buffer_walk walk;
	unsigned int len;

	out->time_stamp = from ? ts : READ_ONCE(pg->data->time_stamp);
	memcpy(out->data, (u8 *)pg->data->data + from, to - from);
	memset((u8 *)out->data + (to - from), 0, rb_dsize(c) - (to - from));
	local_set(&out->commit, to - from);

	*events = 0;
	ring_buffer_walk_start(&walk, out, 1UL << c->shift);
	while (ring_buffer_walk_next(&walk, &len))
		++*events;
	*last = walk.ts;
	return to - from;
}

/**
 * rb_zero_past() - zero what a reader's page holds past a sub-buffer
 * @c:		the ring whose sub-buffer was copied into it
 * @page:	the page
 * @size:	its size, a sub-buffer at least
 *
 * A page larger than the ring's sub-buffers (they were made smaller
 * since it was allocated) shows nothing of what it held before.
 */
void rb_zero_past(struct rb_cpu *c, void *page, size_t size)
{
	if (size > 1UL << c->shift)
		memset(page + (1UL << c->shift), 0, size - (1UL << c->shift));
}

/*
 * The events that claims overwrote in pages before page @h. Claims
 * overwrite pages in vpn order and log each overwrite: those after the
 * last one below @h overwrote @h's successors while @h was being read.
 */
static u64 rb_claims_before(struct rb_cpu *c, unsigned long h, bool *unsure)
{
	struct rb_claim_rec log[RB_CLAIM_LOG];
	unsigned long seq, n, i, tries = 0;
	u64 cum, val;

	for (;;) {
		/*
		 * Pairs with the writes around a claim in rb_claim(): a
		 * claim whose slot change or head push we saw is logged
		 * once its count is even again.
		 */
		seq = smp_load_acquire(&c->claim_seq);
		if (!(seq & 1)) {
			n = READ_ONCE(c->claim_n);
			cum = READ_ONCE(c->over_cum);
			memcpy(log, c->claim_log, sizeof(log));
			/* Pairs with the smp_wmb() before the even count. */
			smp_rmb();
			if (READ_ONCE(c->claim_seq) == seq)
				break;
		}
		/* A writer stuck under us (a dump from an NMI): count all. */
		if (++tries > 100000) {
			*unsure = true;
			return READ_ONCE(c->over_cum);
		}
		cpu_relax();
	}
	val = cum;
	for (i = n; i > n - min_t(unsigned long, n, RB_CLAIM_LOG); i--) {
		const struct rb_claim_rec *r = &log[(i - 1) % RB_CLAIM_LOG];

		if (r->vpn < h)
			return val;
		val = r->before;
	}
	/* The log ends before the last overwrite below @h: where, unknown. */
	*unsure = n > RB_CLAIM_LOG;
	return val;
}

/*
 * Flag in @out's commit word the events lost before page @h, which was
 * just read: those overwritten in the pages before it, those lost
 * otherwise before it was begun (its @lost_mark, in @c->rmark), and those
 * of pages readers took too late.
 */
static void rb_mark_lost(struct rb_cpu *c, struct rb_data_page *out,
			 unsigned int n, unsigned long h)
{
	unsigned long flags = RB_MISSED_EVENTS;
	bool unsure = false;
	u64 other, over, lost;

	over = rb_claims_before(c, h, &unsure);
	other = c->rmark + c->reader_lost;
	lost = 0;
	if (other > c->lost_seen) {
		lost = other - c->lost_seen;
		c->lost_seen = other;
	}
	if (over > c->over_seen) {
		lost += over - c->over_seen;
		c->over_seen = over;
	}
	if (!lost)
		return;
	/* A count that may hold events after the page: flagged, not given. */
	if (!unsure && n + sizeof(long) <= rb_dsize(c)) {
		*(long *)((u8 *)out->data + n) = lost;
		flags |= RB_MISSED_STORED;
	}
	local_set(&out->commit, n | flags);
}

/*
 * The page being written, at @h: copy its published part from @from on.
 * Return: the bytes copied, or -EAGAIN when a writer took the page for
 * reuse meanwhile (the caller starts over).
 */
static int rb_read_writer_page(struct rb_cpu *c, struct rb_page *pg, long h,
			       unsigned long p, unsigned int from,
			       struct rb_data_page *out)
{
	unsigned int n, events;
	u64 last, mark;
	long rw;

	mark = READ_ONCE(pg->lost_mark);
	n = rb_copy(c, out, pg, from, rb_in(c, p), c->rts, &events, &last);
	/*
	 * Count the copy as read only if no writer has taken the page for
	 * reuse meanwhile: it would then have counted these events lost.
	 * Pairs with the xchg in rb_claim().
	 */
	rw = atomic_long_read(&pg->rw);
	if ((unsigned long)rw >> RB_RW_SHIFT != h ||
	    !atomic_long_try_cmpxchg(&pg->rw, &rw, rw + events))
		return -EAGAIN;
	c->read += events;
	c->rvpn = h;
	c->roff = rb_in(c, p);
	c->rts = last;
	c->rmark = mark;
	return n;
}

/*
 * A complete page @pg in @slot (as read: @s), at @h: swap the spare in
 * for it, take it off the ring and copy it from @from on.
 * Return: the bytes copied (0 when there was nothing left in it), or
 * -EAGAIN when a writer got to the slot first (the caller starts over).
 */
static int rb_read_full_page(struct rb_cpu *c, union rb_slot *slot,
			     union rb_slot s, struct rb_page *pg, long h,
			     unsigned int from, struct rb_data_page *out)
{
	unsigned int n, events;
	union rb_slot spare;
	u64 last;

	local_set(&c->spare->entries, 0);
	atomic_long_set(&c->spare->rw, h << RB_RW_SHIFT);
	local_set(&c->spare->data->commit, 0);
	spare.page = (unsigned long)c->spare;
	spare.vpn = h;
	/* Pairs with the writer's cmpxchg128 in rb_claim(). */
	if (!rb_try_cmpxchg128(&slot->full, &s.full, spare.full))
		return -EAGAIN;
	c->spare = pg;
	/* Read, or lost: not for the next boot to show (rb_persist.c). */
	if (c->vpn_tab)
		WRITE_ONCE(c->vpn_tab[pg - c->pages], 0);
	if (!atomic_long_try_cmpxchg(&c->head, &h, h + 1)) {
		/* A writer wrapped onto the slot and dropped the page. */
		c->reader_lost += local_read(&pg->entries) -
				  rb_rw_count(atomic_long_read(&pg->rw), h);
		return -EAGAIN;
	}
	n = rb_copy(c, out, pg, from,
		    local_read(&pg->data->commit) & RB_COMMIT_MASK,
		    c->rts, &events, &last);
	c->read += local_read(&pg->entries) -
		   rb_rw_count(atomic_long_read(&pg->rw), h);
	c->rvpn = 0;
	c->roff = 0;
	c->rmark = pg->lost_mark;
	return n;
}

/*
 * One page out of @c into @out; returns its data bytes, 0 when empty.
 * With @whole, only a page the writer is done with.
 */
static unsigned int rb_read_locked(struct rb_cpu *c, struct rb_data_page *out,
				   bool whole)
{
	unsigned int from, tries = 0;
	unsigned long p, pvpn;
	union rb_slot s, *slot;
	int n;
	long h;

	lockdep_assert_held(&c->reader_lock);
	for (;;) {
		/* Each retry means a writer moved on: it cannot go on forever. */
		if (WARN_ON_ONCE(++tries > 1000))
			return 0;
		h = atomic_long_read(&c->head);
		/* Pairs with atomic_long_set_release() in rb_publish(). */
		p = atomic_long_read_acquire(&c->pub);
		pvpn = rb_vpn(c, p);
		if (h > (long)pvpn || pvpn < c->nr)
			return 0;
		slot = &c->slots[h % c->nr];
		/* Pairs with smp_store_release() in rb_publish(). */
		s.page = smp_load_acquire(&slot->page);
		s.vpn = READ_ONCE(slot->vpn);
		if (s.vpn != h) {
			/* Overwritten before we got to it: move past it. */
			if ((long)s.vpn > h)
				atomic_long_try_cmpxchg(&c->head, &h, h + 1);
			continue;
		}
		from = c->rvpn == h ? c->roff : 0;
		if (s.page & RB_SLOT_WRITER) {
			if (h != pvpn)
				continue;
			if (whole || rb_in(c, p) <= from)
				return 0;
			n = rb_read_writer_page(c, rb_slot_page(s), h, p, from,
						out);
			if (n >= 0)
				break;
			continue;
		}
		n = rb_read_full_page(c, slot, s, rb_slot_page(s), h, from, out);
		if (n > 0)
			break;
	}
	rb_mark_lost(c, out, n, h);
	return n;
}

static int rb_read_page(struct trace_buffer *buffer, int cpu, void *page,
			size_t size, bool whole)
{
	struct rb_cpu *c;
	unsigned long flags;
	int n = -EMSGSIZE;

	if (cpu < 0 || cpu >= nr_cpu_ids || !cpu_possible(cpu))
		return -EINVAL;
	c = per_cpu_ptr(buffer->cpus, cpu);
	raw_spin_lock_irqsave(&c->reader_lock, flags);
	if (size >= 1UL << c->shift) {
		n = rb_read_locked(c, page, whole);
		rb_zero_past(c, page, size);
	}
	raw_spin_unlock_irqrestore(&c->reader_lock, flags);
	return n;
}

/**
 * ring_buffer_read_page() - take the oldest unread page of one CPU
 * @buffer:	the buffer
 * @cpu:	the CPU
 * @page:	receives the page in the trace_pipe_raw layout; the part of
 *		the page being written is returned too
 * @size:	the size of @page: a sub-buffer at least
 *		(ring_buffer_subbuf_size_get()); what is past the sub-buffer
 *		is zeroed
 *
 * What is returned is consumed. Events lost since the previous page are
 * flagged in the commit word (with their count after the data, if it fits).
 *
 * Return: the bytes of event data in @page, 0 when there is nothing to
 * read, -EINVAL for a CPU without a buffer, or -EMSGSIZE when @size is
 * smaller than a sub-buffer (nothing is consumed).
 */
int ring_buffer_read_page(struct trace_buffer *buffer, int cpu, void *page,
			  size_t size)
{
	return rb_read_page(buffer, cpu, page, size, false);
}
EXPORT_SYMBOL_GPL(ring_buffer_read_page);

/**
 * ring_buffer_read_whole_page() - take the oldest unread page of one CPU,
 * if the writer is done with it
 * @buffer:	the buffer
 * @cpu:	the CPU
 * @page:	as for ring_buffer_read_page()
 * @size:	as for ring_buffer_read_page()
 *
 * As ring_buffer_read_page(), but the page being written is left where it
 * is: a reader that hands pages on whole (splice) takes only full ones
 * while tracing runs.
 *
 * Return: as ring_buffer_read_page().
 */
int ring_buffer_read_whole_page(struct trace_buffer *buffer, int cpu,
				void *page, size_t size)
{
	return rb_read_page(buffer, cpu, page, size, true);
}
EXPORT_SYMBOL_GPL(ring_buffer_read_whole_page);

/* Complete pages of @c not yet read (the writer's own not counted). */
static long rb_filled_pages(struct rb_cpu *c)
{
	/* Pairs with atomic_long_set_release() in rb_publish_tail(). */
	unsigned long p = atomic_long_read_acquire(&c->pub);

	return (long)rb_vpn(c, p) - atomic_long_read(&c->head);
}

/**
 * ring_buffer_fill_wait() - whether one CPU's ring is filled to a
 * percentage, and if not, ask its writers to say when it is
 * @buffer:	the buffer
 * @cpu:	the CPU
 * @percent:	1 to 100: of the pages the writer is not in, how many must
 *		be complete and unread
 *
 * When it returns false, the writer that completes the page which fills
 * the ring that far calls the buffer's fill notifier
 * (ring_buffer_set_fill_notify()), once. A reader that gave up waiting
 * costs at most that one call.
 *
 * Context: any; no lock taken.
 * Return: true when filled.
 */
bool ring_buffer_fill_wait(struct trace_buffer *buffer, int cpu,
			   unsigned int percent)
{
	struct rb_cpu *c = per_cpu_ptr(buffer->cpus, cpu);
	unsigned long nr = READ_ONCE(c->nr), need, old;

	need = max(1UL, DIV_ROUND_UP((nr - 1) * min(percent, 100U), 100));
	if (rb_filled_pages(c) >= (long)need)
		return true;
	/* Readers of one ring that want different levels: the lowest. */
	old = READ_ONCE(c->fill_need);
	do {
		if (old && old <= need)
			break;
	} while (!try_cmpxchg(&c->fill_need, &old, need));
	/* Pairs with the smp_mb() in rb_publish_pages(). */
	smp_mb();
	return rb_filled_pages(c) >= (long)need;
}
EXPORT_SYMBOL_GPL(ring_buffer_fill_wait);

/**
 * ring_buffer_set_fill_notify() - what tells readers a ring filled
 * @buffer:	the buffer, before it is written
 * @fn:		called in writers' context (any, NMI included): it must only
 *		queue work, an irq_work for example
 */
void ring_buffer_set_fill_notify(struct trace_buffer *buffer,
				 void (*fn)(void))
{
	int cpu;

	for_each_possible_cpu(cpu)
		per_cpu_ptr(buffer->cpus, cpu)->fill_notify = fn;
}
EXPORT_SYMBOL_GPL(ring_buffer_set_fill_notify);

/**
 * ring_buffer_attempts() - events one CPU's writers committed or lost
 * @buffer:	the buffer
 * @cpu:	the CPU
 *
 * Context: any, no lock taken. The difference of two calls counts the
 * events written in between, the ones overwritten or dropped since too.
 * Return: written + dropped + commit_overrun, since the last reset.
 */
unsigned long ring_buffer_attempts(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *c = per_cpu_ptr(buffer->cpus, cpu);

	return local_read(&c->written) + local_read(&c->dropped) +
	       local_read(&c->commit_overrun);
}
EXPORT_SYMBOL_GPL(ring_buffer_attempts);

/**
 * ring_buffer_stats() - one CPU's counters
 * @buffer:	the buffer
 * @cpu:	the CPU
 * @st:		filled in; a snapshot, writers may go on meanwhile
 */
void ring_buffer_stats(struct trace_buffer *buffer, int cpu,
		       struct ring_buffer_stats *st)
{
	struct rb_cpu *c = per_cpu_ptr(buffer->cpus, cpu);
	unsigned long flags, p, vpn;
	u64 gone;
	long h;

	raw_spin_lock_irqsave(&c->reader_lock, flags);
	st->written = local_read(&c->written);
	st->overrun = local_read(&c->overrun) + c->reader_lost;
	st->commit_overrun = local_read(&c->commit_overrun);
	st->dropped = local_read(&c->dropped);
	st->read = c->read;
	gone = st->read + st->overrun;
	st->entries = st->written > gone ? st->written - gone : 0;

	st->bytes = 0;
	h = atomic_long_read(&c->head);
	p = atomic_long_read_acquire(&c->pub);
	for (vpn = max_t(long, h, c->nr); vpn <= rb_vpn(c, p); vpn++) {
		union rb_slot *slot = &c->slots[vpn % c->nr];
		unsigned long used;

		if (READ_ONCE(slot->vpn) != vpn)
			continue;
		used = vpn == rb_vpn(c, p) ? rb_in(c, p) :
			local_read(&rb_slot_page(*slot)->data->commit) & RB_COMMIT_MASK;
		if (vpn == c->rvpn)
			used -= min_t(unsigned long, used, c->roff);
		st->bytes += used;
	}
	raw_spin_unlock_irqrestore(&c->reader_lock, flags);
}
EXPORT_SYMBOL_GPL(ring_buffer_stats);
