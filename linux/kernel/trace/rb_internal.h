/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Ring buffer internals: page and event layouts, per-CPU state.
 *
 * Data page, or sub-buffer (PAGE_SIZE << order bytes, the trace_pipe_raw
 * ABI; one order per buffer, buffer_subbuf_size_kb):
 *
 *   0               8               16                      1 << shift
 *   +---------------+---------------+-----------------------------+
 *   | time_stamp    | commit (long) | events, 4-byte aligned ...  |
 *   +---------------+---------------+-----------------------------+
 *
 *   commit: bits 0..26  bytes of event data after offset 16
 *           bit 30      the lost-event count follows the data (a long)
 *           bit 31      events were lost before this page
 *
 * Event header (one 32-bit word, then array[]):
 *
 *   31                              5 4       0
 *   +--------------------------------+---------+
 *   | time_delta (27 bits)           | type_len|
 *   +--------------------------------+---------+
 *
 *   type_len 1..28  data; payload of 4 * type_len bytes from array[0]
 *   type_len 0      data; array[0] = payload length + 4, payload from array[1]
 *   type_len 29     padding; array[0] = its length (delta 0: end of page)
 *   type_len 30     time extend; delta = array[0] << 27 | time_delta
 *   type_len 31     absolute time stamp (never written by us)
 *
 * The write stream of a CPU is numbered in bytes: page number vpn covers
 * offsets [vpn << shift, (vpn << shift) + rb_dsize()), shift being
 * PAGE_SHIFT + order, so the in-page data offset is off's low shift bits
 * (rb_in()). Page vpn lives in slot vpn % nr of the CPU's ring.
 */
#ifndef _KERNEL_TRACE_RB_INTERNAL_H
#define _KERNEL_TRACE_RB_INTERNAL_H

#include <linux/atomic.h>
#include <asm/local.h>
#include <linux/ring_buffer.h>
#include <linux/gfp.h>
#include <linux/math.h>
#include <linux/minmax.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>
#include <linux/types.h>

/*
 * Buffer memory: a size beyond what the machine has must fail quietly
 * (the caller reports ENOMEM), never warn or call the OOM killer.
 */
#define RB_GFP			(GFP_KERNEL | __GFP_RETRY_MAYFAIL | __GFP_NOWARN)

#define RB_HDR_SIZE		16
#define RB_COMMIT_MASK		((1UL << 27) - 1)
#define RB_MISSED_STORED	BIT(30)
#define RB_MISSED_EVENTS	BIT(31)

#define RB_TYPE_DATA_MAX	28
#define RB_TYPE_PADDING		29
#define RB_TYPE_TIME_EXTEND	30
#define RB_TYPE_TIME_STAMP	31
#define RB_DELTA_BITS		27
#define RB_DELTA_MAX		((1U << RB_DELTA_BITS) - 1)
#define RB_EVENT_HDR		4
#define RB_SMALL_MAX		(RB_TYPE_DATA_MAX * 4)	/* 112 */

/* A data page as seen by readers of trace_pipe_raw. */
struct rb_data_page {
	u64 time_stamp;
	local_t commit;
	u32 data[];
};

/**
 * struct rb_page - a data page and what the buffer knows about it
 * @data:	the page itself
 * @entries:	events written into it; the writer adds, the owner of a page
 *		taken out of the ring (reader) or about to be reused (the
 *		writer wrapping onto it) reads and clears
 * @rw:		events of it a reader copied out while the writer was still
 *		filling it, tagged with the page's vpn: (vpn << RB_RW_SHIFT) |
 *		count. The reader adds by cmpxchg, only while the tag is the
 *		vpn it read; a writer reusing the page takes it by xchg. So
 *		each copied event is counted either read or lost, once.
 * @end:	bytes of real events in it, set by the writer that moved on
 *		to the next page; published into data->commit
 * @lost_mark:	events lost otherwise than by claims' overwrites (resizes'
 *		drops, refused events) before its first event, as counted
 *		when it was claimed: what a reader reports with it
 */
struct rb_page {
	struct rb_data_page *data;
	local_t entries;
	atomic_long_t rw;
	unsigned int end;
	u64 lost_mark;
};

/*
 * 128-bit compare-and-exchange of slots and write positions.
 *
 * On x86-64 a jump to the next instruction goes before the cmpxchg16b.
 * It costs next to nothing on hardware. It is there for QEMU's TCG (7.2 at
 * least), whose cmpxchg16b computes the flags from a stale record of the
 * last flag-setting instruction when that instruction is in the same
 * translation block: EFLAGS then carry garbage in their upper bits (seen
 * as double faults, and as iret to user space failing on a stray NT bit).
 * A jump ends the block, so the record is current at the cmpxchg16b.
 */
#ifdef CONFIG_X86_64
/* @lock (a constant): with the lock prefix, against other CPUs too. */
static __always_inline bool rb_cmpxchg16b(u128 *ptr, u128 *old, u128 new,
					  bool lock)
{
	u64 lo = (u64)*old, hi = (u64)(*old >> 64);
	bool ok;

	asm volatile("jmp 1f\n1:\t.if %c[lock]\n\tlock\n\t.endif\n\t"
		     "cmpxchg16b %[p]"
		     : "=@ccz" (ok), [p] "+m" (*ptr), "+a" (lo), "+d" (hi)
		     : "b" ((u64)new), "c" ((u64)(new >> 64)),
		       [lock] "i" (lock)
		     : "memory");
	if (unlikely(!ok))
		*old = (u128)hi << 64 | lo;
	return ok;
}

/* Against other CPUs: a full barrier, as try_cmpxchg128(). */
static __always_inline bool rb_try_cmpxchg128(u128 *ptr, u128 *old, u128 new)
{
	return rb_cmpxchg16b(ptr, old, new, true);
}

/* Against this CPU only (interrupts and NMIs), as try_cmpxchg128_local(). */
static __always_inline bool rb_try_cmpxchg128_local(u128 *ptr, u128 *old,
						    u128 new)
{
	return rb_cmpxchg16b(ptr, old, new, false);
}
#else
#define rb_try_cmpxchg128		try_cmpxchg128
#define rb_try_cmpxchg128_local	try_cmpxchg128_local
#endif

/*
 * A slot of the ring: the page in it and the number (vpn) of the stream
 * page it holds or held. Both change together, by cmpxchg128, so a reader
 * can never mistake a reused page for the one it wanted.
 *
 *   page bit 0 (RB_SLOT_WRITER): the writer side of the CPU owns the page:
 *   it may hold uncommitted events, and no reader may take it.
 */
#define RB_SLOT_WRITER	1UL

union rb_slot {
	u128 full;
	struct {
		unsigned long page;	/* struct rb_page *, | RB_SLOT_WRITER */
		unsigned long vpn;
	};
};

/* The writer's position: next offset and time stamp of the last event. */
union rb_wpos {
	u128 full;
	struct {
		unsigned long off;
		u64 ts;
	};
};

/*
 * A claim that overwrote the unread events of page @vpn: @over_cum before
 * and after it. Claims overwrite pages in the order of their vpn.
 */
struct rb_claim_rec {
	unsigned long vpn;
	u64 before;
	u64 after;
};

#define RB_CLAIM_LOG	16

/**
 * struct rb_cpu - one CPU's ring
 * @wpos:	next reservation offset and time of the last reservation;
 *		changed only on this CPU, by cmpxchg128_local
 * @committing:	reservations of this CPU not yet committed (nesting depth)
 * @pub:	offset up to which everything is committed and published;
 *		written by the outermost committer, read by readers
 * @head:	vpn of the oldest page not yet read; readers and overwriting
 *		writers advance it by cmpxchg
 * @slots:	the ring, @nr slots (16-byte aligned, inside @slots_mem)
 * @slots_mem:	the allocation holding @slots
 * @pages:	the @nr + 1 page descriptors (the ring's and the spare)
 * @nr:		pages in the ring
 * @shift:	log2 of the size of each: PAGE_SHIFT + the buffer's order.
 *		Changed only with every writer paused, under @reader_lock.
 * @overrun:	events lost to overwriting
 * @commit_overrun: events lost because the ring was full of uncommitted data
 * @dropped:	events refused
 * @claiming:	a writer of this CPU is between claiming a page and resetting
 *		it (interrupts off); an NMI writer arriving then drops its event
 * @paused:	writers drop (and count) their events: set while the ring is
 *		rebuilt by a resize or a reset
 * @written:	events committed
 * @read:	events read; under @reader_lock
 * @reader_lost: events of pages a reader took but found overwritten
 * @reader_lock: serialises readers of this CPU; protects @spare, @rvpn,
 *		@roff, @rts, @read, @reader_lost and @lost_seen
 * @spare:	the reader's page, swapped into the ring for each page taken
 * @rvpn:	vpn of the page the reader read part of (the writer's page)
 * @roff:	bytes of page @rvpn already returned to readers
 * @rts:	time stamp of the last event returned from page @rvpn
 * @lost_seen:	events lost but to overwriting by claims, as last reported
 *		in a page's commit flags
 * @claim_seq:	odd while a writer of this CPU claims a page (interrupts
 *		off): @over_cum and @claim_log change only then
 * @over_cum:	events lost to overwriting by claims (@overrun less the
 *		resizes' drops)
 * @claim_n:	overwrites logged in @claim_log so far
 * @claim_log:	the last RB_CLAIM_LOG claims that overwrote events, for
 *		readers to tell which came before the page they read
 * @over_seen:	@over_cum as last reported in a page's commit flags; under
 *		@reader_lock
 * @rmark:	the @lost_mark of the page just read; under @reader_lock
 * @fill_need:	complete unread pages a waiting reader wants before it is
 *		told (ring_buffer_fill_wait()); 0 when none waits. Set by
 *		readers, taken back to 0 by the writer that tells them.
 * @fill_notify: how the writer tells them: called in the writer's
 *		context (any, NMI included); set once, before any writer
 * @vpn_tab:	in a buffer kept across boots (rb_persist.c), one entry per
 *		page of @pages: the vpn it was last claimed for, stored by
 *		the claiming writer; NULL in other buffers
 */
struct rb_cpu {
	union rb_wpos wpos;
	local_t committing;
	atomic_long_t pub;
	atomic_long_t head;
	union rb_slot *slots;
	void *slots_mem;
	struct rb_page *pages;
	unsigned int nr;
	unsigned int shift;
	local_t overrun;
	local_t commit_overrun;
	local_t dropped;
	local_t written;
	bool claiming;
	bool paused;
	u64 read;
	u64 reader_lost;
	raw_spinlock_t reader_lock;
	struct rb_page *spare;
	unsigned long rvpn;
	unsigned int roff;
	u64 rts;
	u64 lost_seen;
	unsigned long claim_seq;
	u64 over_cum;
	unsigned long claim_n;
	struct rb_claim_rec claim_log[RB_CLAIM_LOG];
	u64 over_seen;
	u64 rmark;
	unsigned long fill_need;
	void (*fill_notify)(void);
	u64 *vpn_tab;
};

/*
 * Events lost otherwise than by claims' overwrites: resizes' drops and
 * refused events. Exact on the writers' CPU inside a claim.
 */
static inline u64 rb_lost_other(struct rb_cpu *c)
{
	return local_read(&c->overrun) - c->over_cum +
	       local_read(&c->commit_overrun) + local_read(&c->dropped);
}

/**
 * struct trace_buffer - the ring buffer: one ring per possible CPU
 * @mode:	what a full ring does with a new event
 * @clock:	time source of the event time stamps
 * @cpus:	one ring per possible CPU
 * @resize_lock: serialises resizes, resets and order changes
 * @order:	the pages of a sub-buffer are 1 << @order; written under
 *		@resize_lock, read locklessly (each ring keeps its own shift,
 *		for the users of the ring)
 * @persist:	the memory kept across boots that holds the rings, or NULL
 *		(rb_persist.c); set at allocation
 */
struct trace_buffer {
	enum ring_buffer_mode mode;
	u64 (*clock)(void);
	struct rb_cpu __percpu *cpus;
	struct mutex resize_lock;	/* resizes, resets, order changes */
	unsigned int order;
	struct rb_persist *persist;
};

/* The pages of a ring of @bytes, pages being of @order: two at least. */
static inline unsigned long rb_nr_pages(unsigned long bytes,
					unsigned int order)
{
	return max(DIV_ROUND_UP(bytes, PAGE_SIZE << order), 2UL);
}

/* Bytes of event data a page of @c holds. */
static inline unsigned int rb_dsize(const struct rb_cpu *c)
{
	return (1U << c->shift) - RB_HDR_SIZE;
}

/* The number of the page holding stream offset @off. */
static inline unsigned long rb_vpn(const struct rb_cpu *c, unsigned long off)
{
	return off >> c->shift;
}

/* The offset in its page's data of stream offset @off. */
static inline unsigned int rb_in(const struct rb_cpu *c, unsigned long off)
{
	return off & ((1UL << c->shift) - 1);
}

static inline struct rb_page *rb_slot_page(union rb_slot s)
{
	return (struct rb_page *)(s.page & ~RB_SLOT_WRITER);
}

/* Total size of an event with a payload of @len bytes, header included. */
static inline unsigned int rb_event_size(unsigned int len)
{
	len = ALIGN(len, 4);
	return len <= RB_SMALL_MAX ? RB_EVENT_HDR + len : 2 * RB_EVENT_HDR + len;
}

/* A page holds at most its data size / 8 < 2^RB_RW_SHIFT events. */
#define RB_RW_SHIFT	(PAGE_SHIFT + RING_BUFFER_SUBBUF_ORDER_MAX - 2)

/* Events of page @vpn read out of the word @rw (0 if it tags another). */
static inline long rb_rw_count(long rw, unsigned long vpn)
{
	return (unsigned long)rw >> RB_RW_SHIFT == vpn ?
	       rw & ((1L << RB_RW_SHIFT) - 1) : 0;
}

void rb_zero_past(struct rb_cpu *c, void *page, size_t size);
unsigned int rb_copy(struct rb_cpu *c, struct rb_data_page *out,
		     struct rb_page *pg, unsigned int from, unsigned int to,
		     u64 ts, unsigned int *events, u64 *last);

/**
 * struct rb_ring_mem - the memory of one CPU's ring, made apart from it
 * @nr:		pages in the ring
 * @slots_mem:	the allocation holding its @nr slots
 * @pages:	its @nr + 1 page descriptors, each with its data page
 */
struct rb_ring_mem {
	unsigned int nr;
	void *slots_mem;
	struct rb_page *pages;
};

int rb_ring_mem_alloc(struct rb_ring_mem *m, unsigned int nr, int cpu,
		      unsigned int order);
void rb_ring_mem_free(struct rb_ring_mem *m, unsigned int order);
void rb_cpu_swap_mem(struct rb_cpu *c, struct rb_ring_mem *m,
		     unsigned int order);
void rb_cpu_init_ring(struct rb_cpu *c);
void rb_cpu_reset(struct rb_cpu *c);
void rb_persist_forget(struct trace_buffer *b);

#endif /* _KERNEL_TRACE_RB_INTERNAL_H */
