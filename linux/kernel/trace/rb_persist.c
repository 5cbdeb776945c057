// SPDX-License-Identifier: GPL-2.0
/*
 * A ring buffer in memory that outlives the kernel: reserved at boot
 * (reserve_mem=, memmap=) and kept by a warm reboot. The next boot finds
 * the last boot's events there, checks them, and hands them to readers.
 *
 * Layout of the memory (all little endian, as written by this kernel):
 *
 *   offset 0           struct rb_persist_hdr: magic, version, the layout
 *                      (size, CPUs, pages per CPU), the _text of the boot
 *                      that wrote it, and a CRC32 of all that
 *   hdr->tab_off       per CPU, one u64 per data page: the stream page
 *                      number (vpn) the page holds; 0 for none
 *   hdr->data_off      per CPU, hdr->nr_pages data pages (PAGE_SIZE each,
 *                      the trace_pipe_raw layout), the last one the spare
 *
 * Each CPU's writer stores the vpn of a page into its table entry when it
 * claims the page (rb_claim()); a page's own header keeps its time stamp
 * and committed length, as in any ring. That is all a later boot needs:
 * the pages with the newest run of consecutive vpns, ending with the
 * highest, are the CPU's unread stream, the highest being the page that
 * was being written.
 *
 * At boot the layout must match the one this kernel would make of the same
 * memory, the CRC must hold, and every page of every CPU's run must walk
 * cleanly: events whose lengths fill exactly its commit, time stamps that
 * never go back, within the run. Anything else, and the whole memory is
 * formatted afresh with a message on the console: nothing from it reaches
 * a reader.
 *
 * The rings are then rebuilt around those pages, as if their writers had
 * just stopped: readers (trace, trace_pipe, trace_pipe_raw) read them as
 * they would the current boot's. Until the buffer is reset, its last-boot
 * state holds the text offset between the two boots, for the printers of
 * addresses.
 */
#include <linux/crc32.h>
#include <linux/bitmap.h>
#include <linux/kernel.h>
#include <linux/lockdep.h>
#include <linux/percpu.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/string.h>
#include <asm/sections.h>

#include "rb_internal.h"

#define RB_PERSIST_MAGIC	"ftrcPERS"
#define RB_PERSIST_VERSION	1

/**
 * struct rb_persist_hdr - the header at the start of the memory
 * @magic:	RB_PERSIST_MAGIC
 * @version:	RB_PERSIST_VERSION
 * @hdr_size:	sizeof(struct rb_persist_hdr)
 * @size:	bytes of the memory
 * @nr_cpus:	rings: nr_cpu_ids of the kernel that wrote it
 * @nr_pages:	data pages per ring, the spare included
 * @page_size:	PAGE_SIZE
 * @tab_off:	offset of the page tables
 * @data_off:	offset of the first data page
 * @text:	the address of _text in the kernel that wrote the events
 * @crc:	crc32_le() of everything above
 * @pad:	zero
 */
struct rb_persist_hdr {
	char magic[8];
	u32 version;
	u32 hdr_size;
	u64 size;
	u32 nr_cpus;
	u32 nr_pages;
	u32 page_size;
	u32 tab_off;
	u64 data_off;
	u64 text;
	u32 crc;
	u32 pad;
};

/**
 * struct rb_persist - a ring buffer's memory that outlives the kernel
 * @hdr:	the memory, its header first
 * @size:	its bytes
 * @name:	for the messages (the instance's name)
 * @last_boot:	the rings hold the previous boot's events; cleared by a
 *		reset (under the buffer's resize_lock), read locklessly
 * @text_delta:	this kernel's _text less the previous one's, while
 *		@last_boot is set
 */
struct rb_persist {
	struct rb_persist_hdr *hdr;
	size_t size;
	const char *name;
	bool last_boot;
	long text_delta;
};

static u32 rb_persist_crc(const struct rb_persist_hdr *h)
{
	return crc32_le(~0, (const u8 *)h, offsetof(struct rb_persist_hdr, crc));
}

/* The table of @cpu's pages: the vpn each holds. */
static u64 *rb_persist_tab(const struct rb_persist_hdr *h, int cpu)
{
	return (u64 *)((u8 *)h + h->tab_off) + (size_t)cpu * h->nr_pages;
}

/* Data page @i of @cpu. */
static struct rb_data_page *rb_persist_page(const struct rb_persist_hdr *h,
					    int cpu, unsigned int i)
{
	size_t n = (size_t)cpu * h->nr_pages + i;

	return (struct rb_data_page *)((u8 *)h + h->data_off + n * PAGE_SIZE);
}

/* The header this kernel makes of @size bytes; false if too small. */
static bool rb_persist_layout(struct rb_persist_hdr *h, size_t size)
{
	size_t pages = size >> PAGE_SHIFT, per, meta;
	unsigned int cpus = nr_cpu_ids;

	memset(h, 0, sizeof(*h));
	if (pages < 2)
		return false;
	for (per = (pages - 1) / cpus; per >= 3; per--) {
		meta = sizeof(*h) + cpus * per * sizeof(u64);
		if (DIV_ROUND_UP(meta, PAGE_SIZE) + cpus * per <= pages)
			break;
	}
	if (per < 3)
		return false;
	memcpy(h->magic, RB_PERSIST_MAGIC, sizeof(h->magic));
	h->version = RB_PERSIST_VERSION;
	h->hdr_size = sizeof(*h);
	h->size = size;
	h->nr_cpus = cpus;
	h->nr_pages = per;
	h->page_size = PAGE_SIZE;
	h->tab_off = sizeof(*h);
	h->data_off = PAGE_ALIGN(sizeof(*h) + cpus * per * sizeof(u64));
	h->text = (unsigned long)_text;
	h->crc = rb_persist_crc(h);
	return true;
}

/* What the previous boot left of one CPU's ring. */
struct rb_persist_run {
	unsigned long first;	/* vpn of the oldest page */
	unsigned int n;		/* pages in the run; 0: none */
	unsigned int idx[];	/* page indices by vpn order (sorted) */
};

struct rb_persist_ent {
	u64 vpn;
	unsigned int idx;
};

static int rb_persist_ent_cmp(const void *a, const void *b)
{
	const struct rb_persist_ent *x = a, *y = b;

	return x->vpn < y->vpn ? -1 : x->vpn > y->vpn;
}

/*
 * Walk data page @dp: its events must fill its commit exactly, at times
 * no earlier than @ts (updated to the last). Returns its data events, or
 * -EINVAL.
 */
static int rb_persist_walk(const struct rb_data_page *dp, u64 *ts)
{
	unsigned long commit = local_read(&dp->commit);
	struct ring_buffer_walk w;
	unsigned int len;
	int n = 0;

	if (commit & ~(RB_COMMIT_MASK | RB_MISSED_EVENTS | RB_MISSED_STORED))
		return -EINVAL;
	commit &= RB_COMMIT_MASK;
	if (commit > PAGE_SIZE - RB_HDR_SIZE || dp->time_stamp < *ts)
		return -EINVAL;
	ring_buffer_walk_start(&w, dp, PAGE_SIZE);
	while (ring_buffer_walk_next(&w, &len)) {
		if (len < 4)
			return -EINVAL;
		n++;
	}
	if (w.off != commit)
		return -EINVAL;
	*ts = w.ts;
	return n;
}

/*
 * Find the previous boot's run of pages of @cpu into @run (@ents: room
 * for nr_pages entries). Returns 0 (an empty run included) or a reason
 * the memory is not to be trusted.
 */
static const char *rb_persist_scan(const struct rb_persist_hdr *h, int cpu,
				   struct rb_persist_run *run,
				   struct rb_persist_ent *ents)
{
	unsigned int ring = h->nr_pages - 1, n = 0, i, k;
	const u64 *tab = rb_persist_tab(h, cpu);
	u64 ts = 0;

	run->n = 0;
	for (i = 0; i < h->nr_pages; i++) {
		/* vpns below the ring's size number the pages of a new ring. */
		if (tab[i] >= ring) {
			ents[n].vpn = tab[i];
			ents[n++].idx = i;
		} else if (tab[i]) {
			return "bad page number";
		}
	}
	if (!n)
		return NULL;
	sort(ents, n, sizeof(*ents), rb_persist_ent_cmp, NULL);
	for (i = 1; i < n; i++)
		if (ents[i].vpn == ents[i - 1].vpn)
			return "page listed twice";
	/* The newest consecutive run, at most a ring long. */
	k = n - 1;
	while (k > 0 && ents[k - 1].vpn + 1 == ents[k].vpn &&
	       n - k < ring)
		k--;
	for (i = k; i < n; i++) {
		if (rb_persist_walk(rb_persist_page(h, cpu, ents[i].idx),
				    &ts) < 0)
			return "malformed events";
		run->idx[i - k] = ents[i].idx;
	}
	run->first = ents[k].vpn;
	run->n = n - k;
	return NULL;
}

/*
 * Rebuild @c, whose pages are the memory's, around the run @run of
 * @cpu: its pages in their slots, the rest read already, the last one the
 * writer's.
 */
static void rb_persist_restore(struct rb_cpu *c, const struct rb_persist_hdr *h,
			       int cpu, const struct rb_persist_run *run,
			       unsigned long *used)
{
	unsigned long first = run->first, last = first + run->n - 1, v;
	u64 *tab = rb_persist_tab(h, cpu);
	unsigned int i, j = 0, commit = 0;
	u64 ts = 0, written = 0;
	int ev;

	for (i = 0; i < run->n; i++) {
		struct rb_page *pg = &c->pages[run->idx[i]];

		__set_bit(run->idx[i], used);
		v = first + i;
		ev = rb_persist_walk(pg->data, &ts);
		local_set(&pg->entries, ev);
		/* Tagged as rb_claim() tags the page of @v: nothing read. */
		atomic_long_set(&pg->rw, v << RB_RW_SHIFT);
		commit = local_read(&pg->data->commit) & RB_COMMIT_MASK;
		pg->end = commit;
		pg->lost_mark = 0;
		written += ev;
		c->slots[v % c->nr].page = (unsigned long)pg;
		c->slots[v % c->nr].vpn = v;
	}
	/* The other slots hold empty pages numbered as read; one is spare. */
	for (v = first - 1; v + c->nr > last; v--) {
		j = find_first_zero_bit(used, h->nr_pages);
		__set_bit(j, used);
		tab[j] = 0;
		local_set(&c->pages[j].entries, 0);
		atomic_long_set(&c->pages[j].rw, v << RB_RW_SHIFT);
		c->pages[j].end = 0;
		local_set(&c->pages[j].data->commit, 0);
		c->slots[v % c->nr].page = (unsigned long)&c->pages[j];
		c->slots[v % c->nr].vpn = v;
	}
	j = find_first_zero_bit(used, h->nr_pages);
	tab[j] = 0;
	c->spare = &c->pages[j];
	local_set(&c->spare->data->commit, 0);
	/* The newest page is the writer's: it goes on filling it. */
	c->slots[last % c->nr].page |= RB_SLOT_WRITER;
	c->pages[run->idx[run->n - 1]].end = 0;
	c->wpos.off = (last << c->shift) + commit;
	c->wpos.ts = ts;
	local_set(&c->committing, 0);
	atomic_long_set(&c->pub, c->wpos.off);
	atomic_long_set(&c->head, first);
	local_set(&c->written, written);
}

/* Format the memory afresh and leave every ring empty. */
static void rb_persist_format(struct trace_buffer *b)
{
	struct rb_persist *p = b->persist;
	int cpu;

	rb_persist_layout(p->hdr, p->size);
	for_each_possible_cpu(cpu)
		rb_cpu_reset(per_cpu_ptr(b->cpus, cpu));
}

/* Whether the header at @mem is the one this kernel makes of @size bytes. */
static const char *rb_persist_check_hdr(const struct rb_persist_hdr *h,
					size_t size)
{
	struct rb_persist_hdr want;

	if (memcmp(h->magic, RB_PERSIST_MAGIC, sizeof(h->magic)))
		return "no buffer there";
	if (h->crc != rb_persist_crc(h))
		return "header checksum mismatch";
	rb_persist_layout(&want, size);
	want.text = h->text;
	want.crc = h->crc;
	if (memcmp(&want, h, sizeof(want)))
		return "layout of another kernel or size";
	return NULL;
}

/*
 * Check every CPU's run in the memory, whose header is valid. Returns NULL when
 * it holds a previous boot's rings (restored into @b), or why not.
 */
static const char *rb_persist_load(struct trace_buffer *b)
{
	struct rb_persist *p = b->persist;
	struct rb_persist_hdr *h = p->hdr;
	struct rb_persist_run *run;
	struct rb_persist_ent *ents;
	unsigned long *used;
	const char *why = NULL;
	int cpu;

	run = kzalloc(struct_size(run, idx, h->nr_pages), GFP_KERNEL);
	ents = kcalloc(h->nr_pages, sizeof(*ents), GFP_KERNEL);
	used = bitmap_zalloc(h->nr_pages, GFP_KERNEL);
	if (!run || !ents || !used) {
		why = "out of memory";
		goto out;
	}
	/* All CPUs first: one bad page, and nothing of it is shown. */
	for_each_possible_cpu(cpu) {
		why = rb_persist_scan(h, cpu, run, ents);
		if (why)
			goto out;
	}
	for_each_possible_cpu(cpu) {
		rb_persist_scan(h, cpu, run, ents);
		if (!run->n) {
			rb_cpu_reset(per_cpu_ptr(b->cpus, cpu));
			continue;
		}
		bitmap_zero(used, h->nr_pages);
		rb_persist_restore(per_cpu_ptr(b->cpus, cpu), h, cpu, run, used);
		pr_info("tracing: %s: CPU %d: %u pages of the previous boot\n",
			p->name, cpu, run->n);
	}
	p->text_delta = (long)((unsigned long)_text - h->text);
	p->last_boot = true;
out:
	bitmap_free(used);
	kfree(ents);
	kfree(run);
	return why;
}

/* Give @cpu's ring of @b its pages in the memory (nr_pages - 1 of them). */
static int rb_persist_cpu_init(struct trace_buffer *b, int cpu)
{
	struct rb_persist_hdr *h = b->persist->hdr;
	struct rb_cpu *c = per_cpu_ptr(b->cpus, cpu);
	struct rb_ring_mem m = { .nr = h->nr_pages - 1 };
	unsigned int i;

	m.slots_mem = kvcalloc(m.nr + 1, sizeof(union rb_slot), GFP_KERNEL);
	m.pages = kvcalloc(m.nr + 1, sizeof(*m.pages), GFP_KERNEL);
	if (!m.slots_mem || !m.pages) {
		kvfree(m.slots_mem);
		kvfree(m.pages);
		return -ENOMEM;
	}
	for (i = 0; i <= m.nr; i++)
		m.pages[i].data = rb_persist_page(h, cpu, i);
	rb_cpu_swap_mem(c, &m, 0);
	raw_spin_lock_init(&c->reader_lock);
	c->vpn_tab = rb_persist_tab(h, cpu);
	return 0;
}

/**
 * ring_buffer_alloc_mapped() - a ring buffer in memory kept across boots
 * @mem:	the memory, mapped (memremap())
 * @size:	its bytes: a header, page tables, and for each possible CPU
 *		an equal share of the pages
 * @mode:	what a full ring does with a new event
 * @clock:	time source of the event time stamps
 * @name:	what the console messages call it
 *
 * When @mem holds a valid buffer of this layout from the previous boot,
 * its events are kept, to be read as any others (the console says how
 * many pages per CPU); otherwise it is formatted, and the console says
 * why. The buffer cannot be resized nor its sub-buffer order changed.
 *
 * Return: the buffer, or NULL when @size is too small or memory ran out.
 */
struct trace_buffer *ring_buffer_alloc_mapped(void *mem, size_t size,
					      enum ring_buffer_mode mode,
					      u64 (*clock)(void),
					      const char *name)
{
	struct rb_persist_hdr probe;
	struct trace_buffer *b;
	const char *why;
	int cpu;

	if (!system_has_cmpxchg128() || !rb_persist_layout(&probe, size))
		return NULL;
	b = kzalloc(sizeof(*b), GFP_KERNEL);
	if (!b)
		return NULL;
	b->persist = kzalloc(sizeof(*b->persist), GFP_KERNEL);
	b->cpus = alloc_percpu(struct rb_cpu);
	if (!b->persist || !b->cpus) {
		free_percpu(b->cpus);
		kfree(b->persist);
		kfree(b);
		return NULL;
	}
	b->persist->hdr = mem;
	b->persist->size = size;
	b->persist->name = name;
	b->mode = mode;
	b->clock = clock;
	mutex_init(&b->resize_lock);
	/* The rings' pages are where a valid header says. */
	why = rb_persist_check_hdr(mem, size);
	if (why)
		rb_persist_layout(mem, size);
	for_each_possible_cpu(cpu)
		if (rb_persist_cpu_init(b, cpu))
			goto fail;
	why = why ?: rb_persist_load(b);
	if (why) {
		pr_info("tracing: %s: no previous boot's events (%s): buffer reset\n",
			name, why);
		rb_persist_format(b);
	}
	return b;
fail:
	ring_buffer_free(b);
	return NULL;
}
EXPORT_SYMBOL_GPL(ring_buffer_alloc_mapped);

/**
 * ring_buffer_last_boot() - whether a buffer shows the previous boot's
 * events
 * @buffer:	the buffer
 * @text_delta:	set to this kernel's text address less the previous one's
 *		(KASLR), when it does
 *
 * Return: true from a boot that found valid events in the buffer's
 * memory until the buffer is reset.
 */
bool ring_buffer_last_boot(struct trace_buffer *buffer, long *text_delta)
{
	struct rb_persist *p = buffer->persist;

	if (!p || !READ_ONCE(p->last_boot))
		return false;
	if (text_delta)
		*text_delta = p->text_delta;
	return true;
}
EXPORT_SYMBOL_GPL(ring_buffer_last_boot);

/**
 * ring_buffer_is_mapped() - whether a buffer lives in memory kept across
 * boots
 * @buffer:	the buffer
 *
 * Return: true for ring_buffer_alloc_mapped()'s.
 */
bool ring_buffer_is_mapped(struct trace_buffer *buffer)
{
	return buffer->persist;
}
EXPORT_SYMBOL_GPL(ring_buffer_is_mapped);

/**
 * rb_persist_forget() - a mapped buffer was reset: it is this boot's now
 * @b:		the buffer
 *
 * Context: under @b->resize_lock.
 */
void rb_persist_forget(struct trace_buffer *b)
{
	struct rb_persist *p = b->persist;

	lockdep_assert_held(&b->resize_lock);
	if (!p || !p->last_boot)
		return;
	WRITE_ONCE(p->last_boot, false);
	p->text_delta = 0;
	p->hdr->text = (unsigned long)_text;
	p->hdr->crc = rb_persist_crc(p->hdr);
}
