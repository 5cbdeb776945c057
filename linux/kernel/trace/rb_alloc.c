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

#include "rb_internal.h"

/*
 * Per CPU: nr data pages in the ring, one spare for the reader, and the
 * slot array (16-byte aligned for cmpxchg128; kmalloc does not promise it).
 */

/**
 * rb_cpu_free_pages() - free the data pages of page descriptors
 * @pages:	the descriptors; those without a page are passed over
 * @n:		how many
 * @order:	each page is 1 << @order pages
 */
void rb_cpu_free_pages(struct rb_page *pages, unsigned int n,
		       unsigned int order)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (pages[i].data)
			free_pages((unsigned long)pages[i].data, order);
}

/**
 * rb_cpu_alloc_pages() - give page descriptors zeroed data pages
 * @pages:	the descriptors
 * @n:		how many
 * @cpu:	the CPU whose ring they are for (its node's memory)
 * @order:	each page is 1 << @order pages
 *
 * Return: 0, or -ENOMEM (the pages got so far are left for the caller to
 * free with rb_cpu_free_pages()).
 */
int rb_cpu_alloc_pages(struct rb_page *pages, unsigned int n, int cpu,
		       unsigned int order)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		struct page *pg = alloc_pages_node(cpu_to_node(cpu),
						   RB_GFP | __GFP_ZERO, order);

		if (!pg)
			return -ENOMEM;
		pages[i].data = page_address(pg);
	}
	return 0;
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
		local_set(&pages[i].data->commit, 0);
	}
	c->spare = &pages[c->nr];
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
}

static int rb_cpu_init(struct rb_cpu *c, int cpu, unsigned int nr)
{
	c->nr = nr;
	c->shift = PAGE_SHIFT;
	c->slots_mem = kvcalloc(nr + 1, sizeof(union rb_slot), RB_GFP);
	c->pages = kvcalloc(nr + 1, sizeof(*c->pages), RB_GFP);
	if (!c->slots_mem || !c->pages)
		return -ENOMEM;
	c->slots = PTR_ALIGN((union rb_slot *)c->slots_mem, sizeof(union rb_slot));
	if (rb_cpu_alloc_pages(c->pages, nr + 1, cpu, 0))
		return -ENOMEM;
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

		if (c->pages)
			rb_cpu_free_pages(c->pages, c->nr + 1, buffer->order);
		kvfree(c->pages);
		kvfree(c->slots_mem);
	}
	free_percpu(buffer->cpus);
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
	unsigned int nr = max(DIV_ROUND_UP(bytes_per_cpu, PAGE_SIZE), 2UL);
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
