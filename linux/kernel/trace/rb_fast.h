/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The ring buffer's write fast path, inline, for the writers of
 * kernel/trace (trace.h's trace_rec_reserve() and trace_rec_commit()):
 * a reservation that stays in the page being written and its commit cost
 * no call. The page switch, the publishing by the outermost commit and
 * the drops are out of line in rb_write.c, which also exports the same
 * two functions (ring_buffer_reserve(), ring_buffer_commit()) for the
 * writers outside. See rb_write.c for how writers on one CPU nest.
 */
#ifndef _KERNEL_TRACE_RB_FAST_H
#define _KERNEL_TRACE_RB_FAST_H

#include <linux/compiler.h>
#include <linux/minmax.h>
#include <linux/percpu.h>
#include <linux/preempt.h>

#include "rb_internal.h"

struct rb_page *rb_claim(struct trace_buffer *b, struct rb_cpu *c,
			 unsigned long vpn, bool *commit_overrun);
void rb_end_outer(struct rb_cpu *c);
void rb_drop(struct rb_cpu *c, bool commit_overrun);

static __always_inline union rb_slot *rb_slot_of(struct rb_cpu *c, unsigned long vpn)
{
	return &c->slots[vpn % c->nr];
}

/* Leave a reservation; the outermost publishes (rb_end_outer()). */
static __always_inline void rb_end(struct rb_cpu *c)
{
	if (local_read(&c->committing) != 1) {
		local_dec(&c->committing);
		return;
	}
	rb_end_outer(c);
}

static __always_inline u32 *rb_put_extend(u32 *ev, u64 delta)
{
	ev[0] = RB_TYPE_TIME_EXTEND | (u32)(delta & RB_DELTA_MAX) << 5;
	ev[1] = delta >> RB_DELTA_BITS;
	return ev + 2;
}

/* Write the header of a data event; returns where its payload goes. */
static __always_inline void *rb_put_header(u32 *ev, unsigned int esize,
					   u32 delta)
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
 * rb_reserve() - reserve room for an event on this CPU
 * @buffer:	the buffer
 * @len:	payload bytes (1 to about a sub-buffer)
 *
 * Disables preemption until the matching rb_commit(). Callable
 * from any context, nested in other reservations of the same CPU; each
 * reservation must be committed, innermost first.
 *
 * Return: where to write the payload, or NULL when the event was dropped
 * (and counted); there is then nothing to commit.
 */
static __always_inline void *rb_reserve(struct trace_buffer *buffer,
					unsigned int len)
{
	unsigned int esize = rb_event_size(max(len, 1U)), size, in, shift, dsize;
	union rb_wpos old, new;
	bool cross, co = false, paused;
	struct rb_page *pg = NULL;
	struct rb_cpu *c;
	unsigned long vpn;
	u64 ts, delta;
	u32 *ev;

	preempt_disable_notrace();
	c = this_cpu_ptr(buffer->cpus);
	/*
	 * Pairs with synchronize_rcu() in rb_pause_cpus(): we are inside it;
	 * and with the release in rb_resume(): the ring it rebuilt, and its
	 * shift, are seen whole. The shift is read once, for the loop.
	 */
	paused = smp_load_acquire(&c->paused);
	shift = c->shift;
	dsize = (1U << shift) - RB_HDR_SIZE;
	if (unlikely(paused || esize > dsize)) {
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
		in = old.off & ((1UL << shift) - 1);
		vpn = old.off >> shift;
		size = esize + (delta > RB_DELTA_MAX ? 8 : 0);
		cross = in + size > dsize;
		if (cross) {
			/* First event of the next page: delta 0, no extend. */
			pg = rb_claim(buffer, c, vpn + 1, &co);
			if (!pg)
				goto drop;
			new.off = ((vpn + 1) << shift) + esize;
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
	rb_drop(c, co);
	return NULL;
}

/**
 * rb_commit() - commit the innermost reservation of this CPU
 * @buffer:	the buffer
 *
 * Re-enables preemption. The event becomes visible to readers when the
 * outermost reservation of the CPU is committed.
 */
static __always_inline void rb_commit(struct trace_buffer *buffer)
{
	struct rb_cpu *c = this_cpu_ptr(buffer->cpus);

	local_inc(&c->written);
	rb_end(c);
	preempt_enable_notrace();
}

#endif /* _KERNEL_TRACE_RB_FAST_H */
