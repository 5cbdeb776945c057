// SPDX-License-Identifier: GPL-2.0
/*
 * Ring buffer writers: reserve, commit, and the page switch.
 *
 * A writer runs on its own CPU with preemption disabled from reserve to
 * commit. Other writers on the same CPU can only nest inside it (softirq,
 * hardirq, NMI) and finish before it resumes, so:
 *
 *  - the reservation is one cmpxchg128_local on the CPU's write position
 *    {offset, time of the last reservation}: reading the clock inside the
 *    loop makes every event's delta exact against the event before it;
 *  - only the outermost commit publishes, and it publishes everything
 *    reserved so far, since every nested reservation is committed by then.
 *
 * The only other CPU involved is a reader, which takes pages out of the
 * ring; writer and reader meet on the ring's slots (cmpxchg128 of
 * {page, vpn}) and on the head page number (cmpxchg). See rb_internal.h.
 */
#include <linux/export.h>
#include <linux/compiler.h>
#include <linux/percpu.h>
#include <linux/preempt.h>

#include "rb_internal.h"

static union rb_slot *rb_slot_of(struct rb_cpu *c, unsigned long vpn)
{
	return &c->slots[vpn % c->nr];
}

/*
 * rb_claim() - take the slot of stream page @vpn for this CPU's writers.
 *
 * Idempotent: a nested writer may have claimed it already. Returns NULL
 * when the event must be dropped instead: the slot still holds a page with
 * uncommitted events (@commit_overrun set), or the ring is full and the
 * buffer keeps its oldest events.
 */
static struct rb_page *__rb_claim(struct trace_buffer *b, struct rb_cpu *c,
				  unsigned long vpn, bool *commit_overrun)
{
	union rb_slot *slot = rb_slot_of(c, vpn);
	union rb_slot old, new;
	struct rb_page *pg;
	long h, lost;

	old.page = READ_ONCE(slot->page);
	old.vpn = READ_ONCE(slot->vpn);
	do {
		if (old.page & RB_SLOT_WRITER) {
			if (old.vpn == vpn)
				return rb_slot_page(old);
			*commit_overrun = true;
			return NULL;
		}
		/* The page there is unread while head has not passed it. */
		if (READ_ONCE(b->mode) == RING_BUFFER_KEEP_OLDEST &&
		    atomic_long_read(&c->head) <= old.vpn)
			return NULL;
		new.page = old.page | RB_SLOT_WRITER;
		new.vpn = vpn;
		/* Pairs with the reader's cmpxchg128 in rb_take_page(). */
	} while (!rb_try_cmpxchg128(&slot->full, &old.full, new.full));

	pg = rb_slot_page(new);
	/*
	 * Overwrite: the old contents of the page are lost unless a reader
	 * took them (it then left its spare here, with no entries). Events a
	 * reader copied out of the page already are not lost.
	 */
	/* Pairs with the reader's cmpxchg of rw in rb_read_locked(). */
	lost = local_read(&pg->entries) -
	       rb_rw_count(atomic_long_xchg(&pg->rw, vpn << RB_RW_SHIFT), old.vpn);
	if (lost > 0)
		local_add(lost, &c->overrun);
	h = atomic_long_read(&c->head);
	while (h <= (long)old.vpn &&
	       !atomic_long_try_cmpxchg(&c->head, &h, old.vpn + 1))
		;
	local_set(&pg->entries, 0);
	pg->end = 0;
	local_set(&pg->data->commit, 0);
	return pg;
}

/*
 * The claim and the reset of the page must not be split by a nested writer:
 * it could find the page claimed, write into it and count its event, and
 * the reset would then wipe that count. A page switch is rare: interrupts
 * are disabled for it, and an NMI writer that lands inside drops its event
 * (counted by the caller).
 */
static struct rb_page *rb_claim(struct trace_buffer *b, struct rb_cpu *c,
				unsigned long vpn, bool *commit_overrun)
{
	struct rb_page *pg = NULL;
	unsigned long flags;

	local_irq_save(flags);
	if (!c->claiming) {
		c->claiming = true;
		barrier();
		pg = __rb_claim(b, c, vpn, commit_overrun);
		barrier();
		c->claiming = false;
	}
	local_irq_restore(flags);
	return pg;
}

/*
 * rb_publish() - make everything up to @w visible to readers.
 *
 * Called by the outermost committer only. Pages before the one holding
 * @w are complete: their commit becomes their end and the writer gives
 * them up. The page holding @w gets a partial commit.
 */
static void rb_publish(struct rb_cpu *c, unsigned long w)
{
	unsigned long vpn = atomic_long_read(&c->pub) >> PAGE_SHIFT;
	unsigned long wvpn = w >> PAGE_SHIFT;
	union rb_slot *slot;
	struct rb_page *pg;

	/* Event data is visible before any commit word that covers it. */
	smp_wmb();
	for (; vpn < wvpn; vpn++) {
		if (vpn < c->nr)	/* the empty page before the stream */
			continue;
		slot = rb_slot_of(c, vpn);
		pg = (struct rb_page *)(slot->page & ~RB_SLOT_WRITER);
		local_set(&pg->data->commit, pg->end);
		/* Pairs with the acquire of the slot in rb_take_page(). */
		smp_store_release(&slot->page, (unsigned long)pg);
	}
	if (wvpn >= c->nr) {
		pg = rb_slot_page(*rb_slot_of(c, wvpn));
		local_set(&pg->data->commit, w & ~PAGE_MASK);
	}
	/* Pairs with atomic_long_read_acquire(&c->pub) in readers. */
	atomic_long_set_release(&c->pub, w);
}

/* Leave a reservation: publish if outermost, and make sure nothing is left. */
static __always_inline void rb_end(struct rb_cpu *c)
{
	unsigned long w;

	if (local_read(&c->committing) != 1) {
		local_dec(&c->committing);
		return;
	}
	for (;;) {
		w = READ_ONCE(c->wpos.off);
		rb_publish(c, w);
		barrier();
		local_dec(&c->committing);
		barrier();
		/* A writer that came in after the read of w published itself. */
		if (likely(READ_ONCE(c->wpos.off) == w))
			return;
		local_inc(&c->committing);
		barrier();
	}
}

static u32 *rb_put_extend(u32 *ev, u64 delta)
{
	ev[0] = RB_TYPE_TIME_EXTEND | (u32)(delta & RB_DELTA_MAX) << 5;
	ev[1] = delta >> RB_DELTA_BITS;
	return ev + 2;
}

/* Write the header of a data event; returns where its payload goes. */
static void *rb_put_header(u32 *ev, unsigned int esize, u32 delta)
{
	unsigned int plen = esize - RB_EVENT_HDR;

	if (esize <= RB_EVENT_HDR + RB_SMALL_MAX) {
		ev[0] = plen / 4 | delta << 5;
		return ev + 1;
	}
	ev[0] = delta << 5;
	ev[1] = plen;	/* payload + 4: the size of array[] */
	return ev + 2;
}

/**
 * ring_buffer_reserve() - reserve room for an event on this CPU
 * @buffer:	the buffer
 * @len:	payload bytes (1 to about a page)
 *
 * Disables preemption until the matching ring_buffer_commit(). Callable
 * from any context, nested in other reservations of the same CPU; each
 * reservation must be committed, innermost first.
 *
 * Return: where to write the payload, or NULL when the event was dropped
 * (and counted); there is then nothing to commit.
 */
void *ring_buffer_reserve(struct trace_buffer *buffer, unsigned int len)
{
	unsigned int esize = rb_event_size(max(len, 1U)), size, in;
	union rb_wpos old, new;
	bool cross, co = false;
	struct rb_page *pg = NULL;
	struct rb_cpu *c;
	unsigned long vpn;
	u64 ts, delta;
	u32 *ev;

	preempt_disable_notrace();
	c = this_cpu_ptr(buffer->cpus);
	/* Pairs with synchronize_rcu() in rb_pause(): we are inside it. */
	if (unlikely(esize > RB_DATA_SIZE || READ_ONCE(c->paused))) {
		local_inc(&c->dropped);
		preempt_enable_notrace();
		return NULL;
	}
	local_inc(&c->committing);
	barrier();

	/* A torn read only makes the first cmpxchg fail. */
	old.off = READ_ONCE(c->wpos.off);
	old.ts = READ_ONCE(c->wpos.ts);
	do {
		ts = buffer->clock();
		delta = (s64)(ts - old.ts) > 0 ? ts - old.ts : 0;
		in = old.off & ~PAGE_MASK;
		vpn = old.off >> PAGE_SHIFT;
		size = esize + (delta > RB_DELTA_MAX ? 8 : 0);
		cross = in + size > RB_DATA_SIZE;
		if (cross) {
			/* First event of the next page: delta 0, no extend. */
			pg = rb_claim(buffer, c, vpn + 1, &co);
			if (!pg)
				goto drop;
			new.off = ((vpn + 1) << PAGE_SHIFT) + esize;
		} else {
			new.off = old.off + size;
		}
		new.ts = ts;
	} while (!rb_try_cmpxchg128_local(&c->wpos.full, &old.full, new.full));

	if (cross) {
		if (vpn >= c->nr)
			rb_slot_page(*rb_slot_of(c, vpn))->end = in;
		pg->data->time_stamp = ts;
		ev = pg->data->data;
		delta = 0;
	} else {
		pg = rb_slot_page(*rb_slot_of(c, vpn));
		ev = (u32 *)((u8 *)pg->data->data + in);
		if (size != esize) {
			ev = rb_put_extend(ev, delta);
			delta = 0;
		}
	}
	local_inc(&pg->entries);
	return rb_put_header(ev, esize, delta);

drop:
	local_inc(co ? &c->commit_overrun : &c->dropped);
	rb_end(c);
	preempt_enable_notrace();
	return NULL;
}
EXPORT_SYMBOL_GPL(ring_buffer_reserve);

/**
 * ring_buffer_commit() - commit the innermost reservation of this CPU
 * @buffer:	the buffer
 *
 * Re-enables preemption. The event becomes visible to readers when the
 * outermost reservation of the CPU is committed.
 */
void ring_buffer_commit(struct trace_buffer *buffer)
{
	struct rb_cpu *c = this_cpu_ptr(buffer->cpus);

	local_inc(&c->written);
	rb_end(c);
	preempt_enable_notrace();
}
EXPORT_SYMBOL_GPL(ring_buffer_commit);
