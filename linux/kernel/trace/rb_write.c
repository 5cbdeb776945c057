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
 *
 * The fast path, reserve and commit without a page switch, is inline in
 * rb_fast.h for the writers of kernel/trace; this file holds its slow
 * half (the page switch, publishing, drops) and the exported functions.
 */
#include <linux/export.h>
#include <linux/compiler.h>
#include <linux/percpu.h>
#include <linux/preempt.h>

#include "rb_fast.h"

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
	if (lost > 0) {
		struct rb_claim_rec *r;

		/* Inside rb_claim()'s odd @claim_seq: readers wait for it. */
		r = &c->claim_log[c->claim_n % RB_CLAIM_LOG];
		r->vpn = old.vpn;
		r->before = c->over_cum;
		c->over_cum += lost;
		r->after = c->over_cum;
		c->claim_n++;
		local_add(lost, &c->overrun);
	}
	h = atomic_long_read(&c->head);
	while (h <= (long)old.vpn &&
	       !atomic_long_try_cmpxchg(&c->head, &h, old.vpn + 1))
		;
	local_set(&pg->entries, 0);
	pg->end = 0;
	pg->lost_mark = rb_lost_other(c);
	local_set(&pg->data->commit, 0);
	/* For the next boot: which stream page this one holds now. */
	if (unlikely(c->vpn_tab))
		WRITE_ONCE(c->vpn_tab[pg - c->pages], vpn);
	return pg;
}

/*
 * The claim and the reset of the page must not be split by a nested writer:
 * it could find the page claimed, write into it and count its event, and
 * the reset would then wipe that count. A page switch is rare: interrupts
 * are disabled for it, and an NMI writer that lands inside drops its event
 * (counted by the caller).
 */
struct rb_page *rb_claim(struct trace_buffer *b, struct rb_cpu *c,
			 unsigned long vpn, bool *commit_overrun)
{
	struct rb_page *pg = NULL;
	unsigned long flags;

	local_irq_save(flags);
	if (!c->claiming) {
		c->claiming = true;
		/*
		 * Odd before the slot changes, even once the overwrite is
		 * logged: pairs with the reads of rb_claims_read(), which
		 * follow a reader's sight of the slot or of @head.
		 */
		WRITE_ONCE(c->claim_seq, c->claim_seq + 1);
		/* The odd count before the slot: rb_claims_before()'s load. */
		smp_wmb();
		pg = __rb_claim(b, c, vpn, commit_overrun);
		/* The log before the even count: its smp_rmb(). */
		smp_wmb();
		WRITE_ONCE(c->claim_seq, c->claim_seq + 1);
		c->claiming = false;
	}
	local_irq_restore(flags);
	return pg;
}

/* The writer's page @wvpn gets a partial commit, and @w is published. */
static __always_inline void rb_publish_tail(struct rb_cpu *c, unsigned long w,
					    unsigned long wvpn)
{
	struct rb_page *pg;

	if (wvpn >= c->nr) {
		pg = rb_slot_page(*rb_slot_of(c, wvpn));
		local_set(&pg->data->commit, rb_in(c, w));
	}
	/* Pairs with atomic_long_read_acquire(&c->pub) in readers. */
	atomic_long_set_release(&c->pub, w);
}

/*
 * Pages @vpn up to @wvpn (excluded) are complete: their commit becomes
 * their end and the writer gives them up. Then @w is published, and a
 * reader waiting for the ring to fill is told when it has.
 */
static noinline void rb_publish_pages(struct rb_cpu *c, unsigned long vpn,
				      unsigned long w, unsigned long wvpn)
{
	union rb_slot *slot;
	struct rb_page *pg;
	unsigned long need;

	for (; vpn < wvpn; vpn++) {
		if (vpn < c->nr)	/* the empty page before the stream */
			continue;
		slot = rb_slot_of(c, vpn);
		pg = (struct rb_page *)(slot->page & ~RB_SLOT_WRITER);
		local_set(&pg->data->commit, pg->end);
		/* Pairs with the acquire of the slot in rb_take_page(). */
		smp_store_release(&slot->page, (unsigned long)pg);
	}
	rb_publish_tail(c, w, wvpn);
	/*
	 * @pub before @fill_need: pairs with the smp_mb() between a reader's
	 * @fill_need and its read of @pub in ring_buffer_fill_wait(). Either
	 * the reader sees these pages or this sees its wish. Once a page.
	 */
	smp_mb();
	need = READ_ONCE(c->fill_need);
	if (unlikely(need) &&
	    (long)wvpn - atomic_long_read(&c->head) >= (long)need &&
	    try_cmpxchg(&c->fill_need, &need, 0) && c->fill_notify)
		c->fill_notify();
}

/*
 * rb_publish() - make everything up to @w visible to readers.
 *
 * Called by the outermost committer only. Pages before the one holding
 * @w are complete (rb_publish_pages(), once a page); the page holding @w
 * gets a partial commit.
 */
static void rb_publish(struct rb_cpu *c, unsigned long w)
{
	unsigned long vpn = rb_vpn(c, atomic_long_read(&c->pub));
	unsigned long wvpn = rb_vpn(c, w);

	/* Event data is visible before any commit word that covers it. */
	smp_wmb();
	if (unlikely(vpn < wvpn))
		rb_publish_pages(c, vpn, w, wvpn);
	else
		rb_publish_tail(c, w, wvpn);
}

/**
 * rb_end_outer() - leave the outermost reservation of this CPU: publish
 * everything reserved, and make sure nothing is left
 * @c:		the CPU's state
 *
 * The slow half of rb_end() (rb_fast.h).
 */
void rb_end_outer(struct rb_cpu *c)
{
	unsigned long w;

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

/**
 * rb_drop() - an event rb_reserve() began is dropped
 * @c:		the CPU's state
 * @commit_overrun: it would have overwritten a page still being
 *		committed (else the ring was full, or a nested page switch
 *		was under way)
 *
 * Counts it, leaves the reservation and re-enables preemption.
 */
void rb_drop(struct rb_cpu *c, bool commit_overrun)
{
	local_inc(commit_overrun ? &c->commit_overrun : &c->dropped);
	rb_end(c);
	preempt_enable_notrace();
}

/**
 * ring_buffer_reserve() - reserve room for an event on this CPU
 * @buffer:	the buffer
 * @len:	payload bytes (1 to about a sub-buffer)
 *
 * rb_reserve() out of line, for the writers outside kernel/trace.
 *
 * Return: as rb_reserve().
 */
void *ring_buffer_reserve(struct trace_buffer *buffer, unsigned int len)
{
	return rb_reserve(buffer, len);
}
EXPORT_SYMBOL_GPL(ring_buffer_reserve);

/**
 * ring_buffer_commit() - commit the innermost reservation of this CPU
 * @buffer:	the buffer
 *
 * rb_commit() out of line, for the writers outside kernel/trace.
 */
void ring_buffer_commit(struct trace_buffer *buffer)
{
	rb_commit(buffer);
}
EXPORT_SYMBOL_GPL(ring_buffer_commit);
