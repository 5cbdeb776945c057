// SPDX-License-Identifier: GPL-2.0
/*
 * Resizing a CPU's ring while tracing runs, and resetting it safely.
 *
 * The CPU's writers are paused first: a paused writer drops its event and
 * counts it. synchronize_rcu() then waits for reservations in flight (each
 * runs with preemption disabled). With no writer inside, the ring is
 * rebuilt under the reader lock: the unread pages keep their order and
 * contents, renumbered so that the writer's page stays the newest; when the
 * ring shrinks below them, the oldest are dropped and counted as overrun.
 */
#include <linux/export.h>
#include <linux/gfp.h>
#include <linux/mm.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>

#include "rb_internal.h"

/* Pause one CPU's writers or every CPU's: one grace period for all. */
static void rb_pause_cpus(struct trace_buffer *b, int cpu)
{
	int i;

	for_each_possible_cpu(i)
		if (cpu == RING_BUFFER_ALL_CPUS || cpu == i)
			WRITE_ONCE(per_cpu_ptr(b->cpus, i)->paused, true);
	/* Pairs with the check of paused in rb_reserve(). */
	synchronize_rcu();
}

static void rb_resume(struct rb_cpu *c)
{
	/* Pairs with smp_load_acquire() of paused in rb_reserve(). */
	smp_store_release(&c->paused, false);
}

/* What a resize of one CPU needs, allocated before the ring is locked. */
struct rb_rebuild {
	unsigned int nr;
	void *slots_mem;
	union rb_slot *slots;
	struct rb_page *pages;
	struct rb_data_page **pool;	/* free data pages, @npool of them */
	unsigned int npool;
	unsigned int order;		/* of each data page */
	bool *kept;			/* per old slot: page kept */
};

static int rb_rebuild_alloc(struct rb_rebuild *r, struct rb_cpu *c, int cpu,
			    unsigned int nr, unsigned int order)
{
	unsigned int i, extra = nr > c->nr ? nr - c->nr : 0;

	r->nr = nr;
	r->npool = 0;
	r->order = order;
	r->slots_mem = kvcalloc(nr + 1, sizeof(union rb_slot), RB_GFP);
	r->pages = kvcalloc(nr + 1, sizeof(*r->pages), RB_GFP);
	r->pool = kvcalloc(max(nr, c->nr) + 1, sizeof(*r->pool), RB_GFP);
	r->kept = kvcalloc(c->nr, sizeof(*r->kept), RB_GFP);
	if (!r->slots_mem || !r->pages || !r->pool || !r->kept)
		return -ENOMEM;
	r->slots = PTR_ALIGN((union rb_slot *)r->slots_mem, sizeof(union rb_slot));
	for (i = 0; i < extra; i++) {
		struct page *pg = alloc_pages_node(cpu_to_node(cpu),
						   RB_GFP | __GFP_ZERO, order);

		if (!pg)
			return -ENOMEM;
		r->pool[r->npool++] = page_address(pg);
	}
	return 0;
}

static void rb_rebuild_free(struct rb_rebuild *r)
{
	while (r->npool)
		free_pages((unsigned long)r->pool[--r->npool], r->order);
	kvfree(r->kept);
	kvfree(r->pool);
	kvfree(r->pages);
	kvfree(r->slots_mem);
}

/*
 * End the writer's page @pg at @in: padding to the end of its data, which
 * readers and tools skip (a padding header with no time delta ends a
 * page for them), and its commit at the end. No writer is inside.
 * Returns the page's new write offset. Such a page has no room left for
 * a lost count: one it carries is flagged without its number.
 */
static unsigned int rb_close_page(struct rb_cpu *c, struct rb_page *pg,
				  unsigned int in)
{
	unsigned int dsize = rb_dsize(c);
	u32 *ev = (u32 *)((u8 *)pg->data->data + in);

	/* Less than the smallest event left: the next one moves on anyway. */
	if (in + 2 * RB_EVENT_HDR > dsize)
		return in;
	ev[0] = RB_TYPE_PADDING;
	ev[1] = dsize - in - RB_EVENT_HDR;
	local_set(&pg->data->commit, dsize);
	return dsize;
}

/* Put @c on the arrays of @r, which then hold what @c had. */
static void rb_rebuild_install(struct rb_cpu *c, struct rb_rebuild *r)
{
	swap(c->pages, r->pages);
	swap(c->slots_mem, r->slots_mem);
	c->slots = r->slots;
	c->nr = r->nr;
}

/* A fresh ring: its pages from the pool, into which the old ones go. */
static void rb_rebuild_fresh(struct rb_cpu *c, struct rb_rebuild *r)
{
	unsigned int i;

	for (i = 0; i <= c->nr; i++)
		r->pool[r->npool++] = c->pages[i].data;
	for (i = 0; i <= r->nr; i++)
		r->pages[i].data = r->pool[--r->npool];
	rb_rebuild_install(c, r);
	rb_cpu_init_ring(c);	/* the counters stay: drops may be counted */
}

/* The events of the unread pages @from .. @to - 1, which are dropped. */
static long rb_rebuild_lost(struct rb_cpu *c, unsigned long from,
			    unsigned long to)
{
	struct rb_page *pg;
	unsigned long v;
	long gone = 0;

	for (v = from; v < to; v++) {
		pg = rb_slot_page(c->slots[v % c->nr]);
		gone += local_read(&pg->entries) -
			rb_rw_count(atomic_long_read(&pg->rw), v);
	}
	return gone;
}

/*
 * Move the pages @h .. @wvpn (the writer's) into @r, renumbered so that
 * the writer's is @top, the @gone events dropped before them reported
 * with them; the other pages of @c go to the pool. Returns how many of
 * @r's pages are in use.
 */
static unsigned int rb_rebuild_keep(struct rb_cpu *c, struct rb_rebuild *r,
				    unsigned long h, unsigned long wvpn,
				    unsigned long top, long gone)
{
	unsigned int nr = r->nr, i, j = 0;
	struct rb_page *pg;
	unsigned long v, nv;

	for (v = h; v <= wvpn; v++) {
		i = v % c->nr;
		r->kept[i] = true;
		nv = v - wvpn + top;
		pg = rb_slot_page(c->slots[i]);
		r->pages[j] = *pg;
		/* The pages dropped came before it: its readers report them. */
		r->pages[j].lost_mark += gone;
		/* Renumbered: the read count moves to the new number. */
		atomic_long_set(&r->pages[j].rw, nv << RB_RW_SHIFT |
				rb_rw_count(atomic_long_read(&pg->rw), v));
		r->slots[nv % nr].page = (unsigned long)&r->pages[j] |
					 (v == wvpn ? RB_SLOT_WRITER : 0);
		r->slots[nv % nr].vpn = nv;
		j++;
	}
	for (i = 0; i < c->nr; i++)
		if (!r->kept[i])
			r->pool[r->npool++] = rb_slot_page(c->slots[i])->data;
	return j;
}

/*
 * Move @c onto the arrays of @r. Writers are paused and none is inside;
 * the reader lock is held. On return @r holds what is left to free.
 */
static void rb_rebuild(struct rb_cpu *c, struct rb_rebuild *r)
{
	unsigned long w = c->wpos.off, wvpn = rb_vpn(c, w), h, v, top;
	unsigned long h_old = atomic_long_read(&c->head);
	unsigned int nr = r->nr, keep, j;
	long gone;

	lockdep_assert_held(&c->reader_lock);
	/* Nothing written yet: a fresh ring of the new size. */
	if (wvpn < c->nr) {
		rb_rebuild_fresh(c, r);
		return;
	}
	/* Unread pages: head .. the writer's page; keep the newest nr. */
	h = max_t(long, h_old, (long)wvpn + 1 - nr);
	keep = wvpn - h + 1;
	top = nr + keep - 1;		/* new number of the writer's page */
	/* The pages before @h are dropped: their events are lost. */
	gone = rb_rebuild_lost(c, h_old, h);
	local_add(gone, &c->overrun);
	/*
	 * The overwrites logged so far were all of pages before those kept,
	 * which are renumbered: a reader reports them with the next page.
	 */
	c->claim_n = 0;
	j = rb_rebuild_keep(c, r, h, wvpn, top, gone);
	/* Free slots hold the pages of the next lap, numbered as read. */
	for (v = top + 1; v <= top + nr - keep; v++, j++) {
		r->pages[j].data = r->pool[--r->npool];
		local_set(&r->pages[j].entries, 0);
		atomic_long_set(&r->pages[j].rw, 0);
		r->pages[j].end = 0;
		local_set(&r->pages[j].data->commit, 0);
		r->slots[v % nr].page = (unsigned long)&r->pages[j];
		r->slots[v % nr].vpn = v - nr;
	}
	r->pages[nr] = *c->spare;
	c->spare = &r->pages[nr];

	if (c->rvpn >= h && c->rvpn <= wvpn) {
		c->rvpn = c->rvpn - wvpn + top;
	} else {
		c->rvpn = 0;
		c->roff = 0;
	}
	/*
	 * The writer's page ends here: what writers refused while paused
	 * comes before the next page, which then reports it.
	 */
	c->wpos.off = (top << c->shift) |
		      rb_close_page(c, rb_slot_page(r->slots[top % nr]),
				    rb_in(c, w));
	atomic_long_set(&c->pub, c->wpos.off);
	atomic_long_set(&c->head, h - wvpn + top);
	rb_rebuild_install(c, r);
}

static int rb_cpu_resize(struct trace_buffer *b, int cpu, unsigned long bytes)
{
	struct rb_cpu *c = per_cpu_ptr(b->cpus, cpu);
	unsigned long nr = rb_nr_pages(bytes, b->order);
	struct rb_rebuild r = { };
	unsigned long flags;
	int ret;

	lockdep_assert_held(&b->resize_lock);
	if (nr == c->nr)
		return 0;
	ret = rb_rebuild_alloc(&r, c, cpu, nr, b->order);
	if (!ret) {
		rb_pause_cpus(b, cpu);
		raw_spin_lock_irqsave(&c->reader_lock, flags);
		rb_rebuild(c, &r);
		raw_spin_unlock_irqrestore(&c->reader_lock, flags);
		rb_resume(c);
	}
	rb_rebuild_free(&r);
	return ret;
}

/**
 * ring_buffer_resize() - change the size of one ring or of all of them
 * @buffer:		the buffer
 * @cpu:		a CPU, or RING_BUFFER_ALL_CPUS
 * @bytes_per_cpu:	the new size; rounded up to whole sub-buffers, two at
 *			least
 *
 * Callable while tracing runs: the CPU's writers drop (and count) their
 * events for the moment the ring is rebuilt. Unread events are kept,
 * except the oldest pages that no longer fit (counted as overrun). Sleeps.
 *
 * Return: 0; -EINVAL for a bad CPU or size; -ENOMEM, leaving the size as
 * it was (a resize of all CPUs may have resized some of them).
 */
int ring_buffer_resize(struct trace_buffer *buffer, int cpu,
		       unsigned long bytes_per_cpu)
{
	int c, ret;

	if (!bytes_per_cpu ||
	    DIV_ROUND_UP(bytes_per_cpu, PAGE_SIZE) > UINT_MAX / 2)
		return -EINVAL;
	/* Its memory is fixed. */
	if (buffer->persist)
		return -EBUSY;
	guard(mutex)(&buffer->resize_lock);
	if (cpu != RING_BUFFER_ALL_CPUS) {
		if (cpu < 0 || cpu >= nr_cpu_ids || !cpu_possible(cpu))
			return -EINVAL;
		return rb_cpu_resize(buffer, cpu, bytes_per_cpu);
	}
	for_each_possible_cpu(c) {
		ret = rb_cpu_resize(buffer, c, bytes_per_cpu);
		if (ret)
			return ret;
	}
	return 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_resize);

/**
 * ring_buffer_size() - the size of one CPU's ring
 * @buffer:	the buffer
 * @cpu:	the CPU
 *
 * Return: its sub-buffers times their size.
 */
unsigned long ring_buffer_size(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *c = per_cpu_ptr(buffer->cpus, cpu);

	/* Lockless: racing a resize, either size is right. */
	return (unsigned long)READ_ONCE(c->nr) << READ_ONCE(c->shift);
}
EXPORT_SYMBOL_GPL(ring_buffer_size);

/**
 * ring_buffer_reset_cpu() - empty one ring, or all, and zero their counters
 * @buffer:	the buffer; writers may run (their events of the moment are
 *		dropped and counted, then the counts are zeroed)
 * @cpu:	the CPU, or RING_BUFFER_ALL_CPUS
 *
 * Sleeps.
 */
void ring_buffer_reset_cpu(struct trace_buffer *buffer, int cpu)
{
	unsigned long flags;
	int i;

	guard(mutex)(&buffer->resize_lock);
	rb_persist_forget(buffer);
	rb_pause_cpus(buffer, cpu);
	for_each_possible_cpu(i) {
		struct rb_cpu *c = per_cpu_ptr(buffer->cpus, i);

		if (cpu != RING_BUFFER_ALL_CPUS && cpu != i)
			continue;
		raw_spin_lock_irqsave(&c->reader_lock, flags);
		rb_cpu_reset(c);
		raw_spin_unlock_irqrestore(&c->reader_lock, flags);
		rb_resume(c);
	}
}
EXPORT_SYMBOL_GPL(ring_buffer_reset_cpu);

/**
 * ring_buffer_reset() - empty every ring and zero the counters
 * @buffer:	the buffer
 *
 * Sleeps.
 */
void ring_buffer_reset(struct trace_buffer *buffer)
{
	ring_buffer_reset_cpu(buffer, RING_BUFFER_ALL_CPUS);
}
EXPORT_SYMBOL_GPL(ring_buffer_reset);

/* A ring of @c's size in bytes, in pages of @order. */
static int rb_order_mem_alloc(struct rb_ring_mem *m, struct rb_cpu *c,
			      int cpu, unsigned int order)
{
	unsigned long bytes = (unsigned long)c->nr << c->shift;

	return rb_ring_mem_alloc(m, rb_nr_pages(bytes, order), cpu, order);
}

/**
 * ring_buffer_subbuf_order_set() - change the size of the sub-buffers
 * @buffer:	the buffer
 * @order:	each sub-buffer is PAGE_SIZE << @order bytes, 0 to 7
 *
 * Every ring keeps its size in bytes, rounded up to whole sub-buffers
 * (two at least). Its events are discarded and its counters zeroed, as by
 * ring_buffer_reset(); writers of the moment drop theirs. Readers find
 * out from ring_buffer_read_page() and ring_buffer_peek_page(), which
 * refuse a page smaller than a sub-buffer. Sleeps.
 *
 * Return: 0; -EINVAL for a bad order; -ENOMEM, changing nothing.
 */
int ring_buffer_subbuf_order_set(struct trace_buffer *buffer, int order)
{
	struct rb_ring_mem *mem;
	unsigned int gone = order;	/* the order of the pages in @mem */
	int cpu, ret = 0;

	if (order < 0 || order > RING_BUFFER_SUBBUF_ORDER_MAX)
		return -EINVAL;
	guard(mutex)(&buffer->resize_lock);
	if (order == buffer->order)
		return 0;
	/* Its pages are of the layout of its memory. */
	if (buffer->persist)
		return -EBUSY;
	mem = kcalloc(nr_cpu_ids, sizeof(*mem), GFP_KERNEL);
	if (!mem)
		return -ENOMEM;
	for_each_possible_cpu(cpu) {
		ret = rb_order_mem_alloc(&mem[cpu],
					 per_cpu_ptr(buffer->cpus, cpu), cpu,
					 order);
		if (ret)
			goto out;
	}
	rb_pause_cpus(buffer, RING_BUFFER_ALL_CPUS);
	for_each_possible_cpu(cpu) {
		struct rb_cpu *c = per_cpu_ptr(buffer->cpus, cpu);
		unsigned long flags;

		raw_spin_lock_irqsave(&c->reader_lock, flags);
		rb_cpu_swap_mem(c, &mem[cpu], order);
		rb_cpu_reset(c);
		raw_spin_unlock_irqrestore(&c->reader_lock, flags);
		rb_resume(c);
	}
	gone = buffer->order;
	WRITE_ONCE(buffer->order, order);
out:
	for_each_possible_cpu(cpu)
		rb_ring_mem_free(&mem[cpu], gone);
	kfree(mem);
	return ret;
}
EXPORT_SYMBOL_GPL(ring_buffer_subbuf_order_set);

/**
 * ring_buffer_subbuf_order_get() - the order of a buffer's sub-buffers
 * @buffer:	the buffer
 *
 * Context: any. Racing ring_buffer_subbuf_order_set(), either order.
 * Return: each sub-buffer is PAGE_SIZE << this.
 */
int ring_buffer_subbuf_order_get(struct trace_buffer *buffer)
{
	return READ_ONCE(buffer->order);
}
EXPORT_SYMBOL_GPL(ring_buffer_subbuf_order_get);

/**
 * ring_buffer_subbuf_size_get() - the size of a buffer's sub-buffers
 * @buffer:	the buffer
 *
 * Context: any. Racing ring_buffer_subbuf_order_set(), either size.
 * Return: bytes per sub-buffer, header included: what a page given to
 * ring_buffer_read_page() needs.
 */
int ring_buffer_subbuf_size_get(struct trace_buffer *buffer)
{
	return PAGE_SIZE << READ_ONCE(buffer->order);
}
EXPORT_SYMBOL_GPL(ring_buffer_subbuf_size_get);
