// SPDX-License-Identifier: GPL-2.0
/*
 * Ring buffer peeking: copying events out without consuming them, for
 * the trace file.
 *
 * A peeking reader keeps a cursor, a byte offset in the CPU's stream. It
 * copies the part of the cursor's page that is published, then checks
 * that the page's slot still holds the same page with the same number:
 * a writer reuses a page only after claiming its slot (new number), and a
 * consuming reader takes a page only by swapping another one in (new
 * page), so an unchanged slot proves the copy was not torn. Like the
 * consumer, a peeker never blocks writers; it takes the CPU's reader_lock
 * only to see a consistent view of what was consumed.
 */
#include <linux/export.h>
#include <linux/percpu.h>
#include <linux/spinlock.h>

#include "rb_internal.h"

/* Stream offset of the oldest byte not consumed, and the time before it. */
static unsigned long rb_peek_first(struct rb_cpu *c, u64 *ts)
{
	unsigned long h = max_t(unsigned long, atomic_long_read(&c->head),
				c->nr);

	lockdep_assert_held(&c->reader_lock);
	*ts = c->rts;
	return (h << c->shift) + (c->rvpn == h ? c->roff : 0);
}

/**
 * ring_buffer_cursor_start() - place a cursor at the oldest unread event
 * @buffer:	the buffer
 * @cpu:	the CPU whose stream the cursor walks
 * @cur:	the cursor; it stops at the write position of this moment
 */
void ring_buffer_cursor_start(struct trace_buffer *buffer, int cpu,
			      struct ring_buffer_cursor *cur)
{
	struct rb_cpu *c = per_cpu_ptr(buffer->cpus, cpu);
	unsigned long flags;

	raw_spin_lock_irqsave(&c->reader_lock, flags);
	cur->pos = rb_peek_first(c, &cur->ts);
	/* Pairs with atomic_long_set_release() in rb_publish(). */
	cur->end = atomic_long_read_acquire(&c->pub);
	cur->skipped = false;
	raw_spin_unlock_irqrestore(&c->reader_lock, flags);
}
EXPORT_SYMBOL_GPL(ring_buffer_cursor_start);

static unsigned int rb_peek_locked(struct rb_cpu *c,
				   struct ring_buffer_cursor *cur,
				   struct rb_data_page *out)
{
	unsigned long first, vpn, evpn, pg_end;
	unsigned int from, to, n, events, tries = 0;
	union rb_slot s, again;
	struct rb_page *pg;
	union rb_slot *slot;
	u64 ts, last;

	lockdep_assert_held(&c->reader_lock);
	for (;;) {
		/* Each retry means a writer or reader moved on: it ends. */
		if (WARN_ON_ONCE(++tries > 1000))
			return 0;
		first = rb_peek_first(c, &ts);
		if (cur->pos < first) {
			cur->skipped = true;
			cur->pos = first;
			cur->ts = ts;
		}
		if (cur->pos >= cur->end)
			return 0;
		vpn = rb_vpn(c, cur->pos);
		evpn = rb_vpn(c, cur->end);
		from = rb_in(c, cur->pos);
		slot = &c->slots[vpn % c->nr];
		/* Pairs with smp_store_release() in rb_publish(). */
		s.page = smp_load_acquire(&slot->page);
		s.vpn = READ_ONCE(slot->vpn);
		if (s.vpn != vpn) {
			/* Reused since: go past it (rb_peek_first() catches up). */
			cur->pos = (vpn + 1) << c->shift;
			cur->skipped = true;
			continue;
		}
		pg = rb_slot_page(s);
		/* A page before the end page is complete: its commit is set. */
		to = vpn == evpn ? rb_in(c, cur->end) :
		     local_read(&pg->data->commit) & RB_COMMIT_MASK;
		pg_end = vpn == evpn ? cur->end : (vpn + 1) << c->shift;
		if (to <= from) {
			cur->pos = pg_end;
			continue;
		}
		n = rb_copy(c, out, pg, from, to, cur->ts, &events, &last);
		/*
		 * The copy is good if nobody took or reused the page meanwhile.
		 * Pairs with the full barrier of the cmpxchg128 by which a
		 * writer (rb_claim()) or a consumer (rb_read_locked()) changes
		 * the slot before touching the page.
		 */
		smp_rmb();
		again.page = READ_ONCE(slot->page);
		again.vpn = READ_ONCE(slot->vpn);
		if (rb_slot_page(again) != pg || again.vpn != vpn)
			continue;
		cur->pos = pg_end;
		cur->ts = last;
		return n;
	}
}

/**
 * ring_buffer_peek_page() - copy out the next events without consuming them
 * @buffer:	the buffer
 * @cpu:	the CPU
 * @cur:	where to start; advanced past what was copied
 * @page:	receives the events in the trace_pipe_raw layout (at most
 *		one page of the stream per call)
 * @size:	the size of @page: a sub-buffer at least
 *		(ring_buffer_subbuf_size_get()); what is past the sub-buffer
 *		is zeroed
 *
 * Events overwritten or consumed before the cursor reached them are
 * passed over, and @cur->skipped is set.
 *
 * Return: the bytes of event data in @page, 0 when the cursor reached its
 * end, -EINVAL for a CPU without a buffer, or -EMSGSIZE when @size is
 * smaller than a sub-buffer (the cursor stays).
 */
int ring_buffer_peek_page(struct trace_buffer *buffer, int cpu,
			  struct ring_buffer_cursor *cur, void *page,
			  size_t size)
{
	struct rb_cpu *c;
	unsigned long flags;
	int n = -EMSGSIZE;

	if (cpu < 0 || cpu >= nr_cpu_ids || !cpu_possible(cpu))
		return -EINVAL;
	c = per_cpu_ptr(buffer->cpus, cpu);
	raw_spin_lock_irqsave(&c->reader_lock, flags);
	if (size >= 1UL << c->shift) {
		n = rb_peek_locked(c, cur, page);
		rb_zero_past(c, page, size);
	}
	raw_spin_unlock_irqrestore(&c->reader_lock, flags);
	return n;
}
EXPORT_SYMBOL_GPL(ring_buffer_peek_page);
