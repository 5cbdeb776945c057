// SPDX-License-Identifier: GPL-2.0
/*
 * Ring buffer allocation, reset and settings.
 */
#include <linux/export.h>
#include <linux/cpumask.h>
#include <linux/gfp.h>
#include <linux/mm.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "rb_internal.h"

/*
 * Per CPU: nr data pages in the ring, one spare for the reader, and the
 * slot array (16-byte aligned for cmpxchg128; kmalloc does not promise it).
 */

/**
 * rb_ring_mem_free() - free the memory of a ring
 * @m:		the memory; what was not allocated is passed over
 * @order:	its data pages are 1 << @order pages each
 */
void rb_ring_mem_free(struct rb_ring_mem *m, unsigned int order)
{
	unsigned int i;

	for (i = 0; m->pages && i <= m->nr; i++)
		if (m->pages[i].data)
			free_pages((unsigned long)m->pages[i].data, order);
	kvfree(m->pages);
	kvfree(m->slots_mem);
}

/**
 * rb_ring_mem_alloc() - make the memory of a ring
 * @m:		filled in; zeroed by the caller
 * @nr:		its pages
 * @cpu:	the CPU whose ring it is for (its node's memory)
 * @order:	each data page is 1 << @order pages, zeroed
 *
 * Return: 0, or -ENOMEM (what was made is left for rb_ring_mem_free()).
 */
int rb_ring_mem_alloc(struct rb_ring_mem *m, unsigned int nr, int cpu,
		      unsigned int order)
{
	unsigned int i;

	m->nr = nr;
	m->slots_mem = kvcalloc(nr + 1, sizeof(union rb_slot), RB_GFP);
	m->pages = kvcalloc(nr + 1, sizeof(*m->pages), RB_GFP);
	if (!m->slots_mem || !m->pages)
		return -ENOMEM;
	for (i = 0; i <= nr; i++) {
		struct page *pg = alloc_pages_node(cpu_to_node(cpu),
						   RB_GFP | __GFP_ZERO, order);

		if (!pg)
			return -ENOMEM;
		m->pages[i].data = page_address(pg);
	}
	return 0;
}

/**
 * rb_cpu_swap_mem() - give a CPU's ring the memory of @m, and @m the ring's
 * @c:		the ring; no writer inside, its reader lock held if it is in
 *		use. Its contents are to be reset by the caller.
 * @m:		the memory
 * @order:	the order of @m's data pages
 */
void rb_cpu_swap_mem(struct rb_cpu *c, struct rb_ring_mem *m,
		     unsigned int order)
{
	swap(c->pages, m->pages);
	swap(c->slots_mem, m->slots_mem);
	swap(c->nr, m->nr);
	c->slots = PTR_ALIGN((union rb_slot *)c->slots_mem,
			     sizeof(union rb_slot));
	c->shift = PAGE_SHIFT + order;
}

/**
 * rb_cpu_init_ring() - empty one CPU's ring, keeping its counters
 * @c:	the ring; no writer may be inside it
 *
 * The stream starts at page nr; the slots hold pages nr - 1 .. 0 numbered
 * as already read, and the write position sits at the end of an empty page
 * nr - 1, so that the first event claims page nr.
 */
void rb_cpu_init_ring(struct rb_cpu *c)
{
	struct rb_page *pages = c->pages;
	unsigned int i;

	for (i = 0; i < c->nr; i++) {
		c->slots[i].page = (unsigned long)&pages[i];
		c->slots[i].vpn = i;
	}
	for (i = 0; i <= c->nr; i++) {
		local_set(&pages[i].entries, 0);
		atomic_long_set(&pages[i].rw, 0);
		pages[i].end = 0;
		pages[i].lost_mark = 0;
		local_set(&pages[i].data->commit, 0);
	}
	c->spare = &pages[c->nr];
	if (c->vpn_tab)
		memset(c->vpn_tab, 0, (c->nr + 1) * sizeof(*c->vpn_tab));
	c->wpos.off = ((c->nr - 1UL) << c->shift) + rb_dsize(c);
	c->wpos.ts = 0;
	local_set(&c->committing, 0);
	atomic_long_set(&c->pub, c->wpos.off);
	atomic_long_set(&c->head, c->nr);
	c->rvpn = 0;
	c->roff = 0;
	c->rts = 0;
}

/**
 * rb_cpu_reset() - empty one CPU's ring and zero its counters
 * @c:	the ring; no writer may be inside it
 */
void rb_cpu_reset(struct rb_cpu *c)
{
	rb_cpu_init_ring(c);
	local_set(&c->overrun, 0);
	local_set(&c->commit_overrun, 0);
	local_set(&c->dropped, 0);
	local_set(&c->written, 0);
	c->read = 0;
	c->reader_lost = 0;
	c->lost_seen = 0;
	c->over_cum = 0;
	c->claim_n = 0;
	c->over_seen = 0;
}

static int rb_cpu_init(struct rb_cpu *c, int cpu, unsigned int nr)
{
	struct rb_ring_mem m = { };

	if (rb_ring_mem_alloc(&m, nr, cpu, 0)) {
		rb_ring_mem_free(&m, 0);
		return -ENOMEM;
	}
	rb_cpu_swap_mem(c, &m, 0);
	raw_spin_lock_init(&c->reader_lock);
	rb_cpu_reset(c);
	return 0;
}

/**
 * ring_buffer_free() - free a buffer
 * @buffer:	the buffer, or NULL; no writer or reader may be using it
 */
void ring_buffer_free(struct trace_buffer *buffer)
{
	int cpu;

	if (!buffer)
		return;
	for_each_possible_cpu(cpu) {
		struct rb_cpu *c = per_cpu_ptr(buffer->cpus, cpu);
		struct rb_ring_mem m = {
			.nr = c->nr, .slots_mem = c->slots_mem, .pages = c->pages,
		};
		unsigned int i;

		/* A mapped buffer's pages are not the page allocator's. */
		for (i = 0; buffer->persist && m.pages && i <= m.nr; i++)
			m.pages[i].data = NULL;
		rb_ring_mem_free(&m, buffer->order);
	}
	free_percpu(buffer->cpus);
	kfree(buffer->persist);
	kfree(buffer);
}
EXPORT_SYMBOL_GPL(ring_buffer_free);

/**
 * ring_buffer_alloc() - allocate a buffer with a ring on every possible CPU
 * @bytes_per_cpu:	size of each ring; rounded up to whole pages, two at
 *			least. Its sub-buffers are pages (order 0) until
 *			ring_buffer_subbuf_order_set().
 * @mode:		what a full ring does with a new event
 * @clock:		time source of the event time stamps
 *
 * Return: the buffer, or NULL when memory ran out.
 */
struct trace_buffer *ring_buffer_alloc(unsigned long bytes_per_cpu,
				       enum ring_buffer_mode mode,
				       u64 (*clock)(void))
{
	unsigned int nr = rb_nr_pages(bytes_per_cpu, 0);
	struct trace_buffer *b = kzalloc(sizeof(*b), GFP_KERNEL);
	int cpu;

	if (!system_has_cmpxchg128()) {
		pr_warn_once("ring buffer: needs a 128-bit cmpxchg\n");
		kfree(b);
		return NULL;
	}
	if (!b)
		return NULL;
	b->mode = mode;
	b->clock = clock;
	mutex_init(&b->resize_lock);
	b->cpus = alloc_percpu(struct rb_cpu);
	if (!b->cpus) {
		kfree(b);
		return NULL;
	}
	for_each_possible_cpu(cpu) {
		if (rb_cpu_init(per_cpu_ptr(b->cpus, cpu), cpu, nr)) {
			ring_buffer_free(b);
			return NULL;
		}
	}
	return b;
}
EXPORT_SYMBOL_GPL(ring_buffer_alloc);

/**
 * ring_buffer_set_clock() - change the time source of a buffer
 * @buffer:	the buffer
 * @clock:	the new one
 *
 * Events reserved meanwhile may take either clock's time: the caller
 * resets the buffer after.
 */
void ring_buffer_set_clock(struct trace_buffer *buffer, u64 (*clock)(void))
{
	WRITE_ONCE(buffer->clock, clock);
}
EXPORT_SYMBOL_GPL(ring_buffer_set_clock);

/**
 * ring_buffer_set_mode() - choose what a full ring does with a new event
 * @buffer:	the buffer
 * @mode:	the new mode; takes effect for the next page switch
 */
void ring_buffer_set_mode(struct trace_buffer *buffer,
			  enum ring_buffer_mode mode)
{
	WRITE_ONCE(buffer->mode, mode);
}
EXPORT_SYMBOL_GPL(ring_buffer_set_mode);
