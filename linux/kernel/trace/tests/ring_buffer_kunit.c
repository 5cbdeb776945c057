// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the ring buffer: reserve/commit, nesting, page switches,
 * both full-buffer modes with exact loss counts, partial pages, time
 * extends, the page format, resizing, and concurrent stress.
 *
 * Every event carries a sequence number in its first word. Tests write on
 * one CPU (the test thread pinned to it) and read that CPU's ring back.
 */
#include <kunit/test.h>
#include <linux/delay.h>
#include <linux/hrtimer.h>
#include <linux/kthread.h>
#include <linux/mm.h>
#include <linux/preempt.h>
#include <linux/ring_buffer.h>
#include <linux/sched/clock.h>
#include <linux/slab.h>
#include <linux/sched.h>
#include <linux/smp.h>

#include "../rb_internal.h"

static u64 rbt_now;

static u64 rbt_clock(void)
{
	return rbt_now;
}

KUNIT_DEFINE_ACTION_WRAPPER(rbt_free_action, ring_buffer_free,
			    struct trace_buffer *);

static struct trace_buffer *rbt_alloc(struct kunit *test, unsigned long bytes,
				      enum ring_buffer_mode mode)
{
	struct trace_buffer *b = ring_buffer_alloc(bytes, mode, rbt_clock);

	KUNIT_ASSERT_NOT_NULL(test, b);
	KUNIT_ASSERT_EQ(test, 0, kunit_add_action_or_reset(test, rbt_free_action, b));
	rbt_now = 1000;
	return b;
}

/* Keep the test thread on one CPU (its own kthread: nothing to restore). */
static int rbt_pin(struct kunit *test)
{
	int cpu = raw_smp_processor_id();

	KUNIT_ASSERT_EQ(test, 0, set_cpus_allowed_ptr(current, cpumask_of(cpu)));
	KUNIT_ASSERT_EQ(test, cpu, raw_smp_processor_id());
	return cpu;
}

static bool rbt_write(struct trace_buffer *b, u32 seq, unsigned int len)
{
	u32 *p = ring_buffer_reserve(b, len);

	if (!p)
		return false;
	memset(p, 0xab, len);
	p[0] = seq;
	ring_buffer_commit(b);
	return true;
}

/* What reading a CPU's ring back found. */
struct rbt_result {
	u32 seq[8192];
	u64 ts[8192];
	unsigned int n;
	u64 lost;		/* sum of the counts stored in commit words */
	unsigned int pages;
	bool first_missed;	/* the first page read had the missed flag */
	void *page;		/* allocated beforehand: reading may be atomic */
	size_t size;		/* of @page */
};

static void rbt_read_all(struct kunit *test, struct trace_buffer *b, int cpu,
			 struct rbt_result *r)
{
	void *page = r->page;
	/* A page larger than a sub-buffer is written up to its size only. */
	unsigned int data_size = min_t(size_t, r->size,
				       ring_buffer_subbuf_size_get(b)) -
				 RB_HDR_SIZE;
	struct ring_buffer_walk walk;
	struct rb_data_page *dp = page;
	const u32 *ev;
	unsigned int len, i;
	unsigned long commit;
	int n;

	while ((n = ring_buffer_read_page(b, cpu, page, r->size)) > 0) {
		commit = local_read(&dp->commit);
		KUNIT_EXPECT_EQ(test, commit & RB_COMMIT_MASK, (unsigned long)n);
		KUNIT_EXPECT_LE(test, n, (int)data_size);
		if (!r->pages)
			r->first_missed = commit & RB_MISSED_EVENTS;
		if (commit & RB_MISSED_STORED)
			r->lost += *(long *)((u8 *)dp->data + n);
		/* Everything after the data (and the lost count) is zero. */
		i = n + ((commit & RB_MISSED_STORED) ? sizeof(long) : 0);
		for (; i < data_size; i++)
			if (((u8 *)dp->data)[i]) {
				KUNIT_FAIL(test, "byte %u after the data is not zero", i);
				break;
			}
		r->pages++;
		ring_buffer_walk_start(&walk, page, r->size);
		while ((ev = ring_buffer_walk_next(&walk, &len))) {
			KUNIT_ASSERT_LT(test, r->n, (unsigned int)ARRAY_SIZE(r->seq));
			r->seq[r->n] = ev[0];
			r->ts[r->n++] = walk.ts;
		}
	}
	KUNIT_EXPECT_EQ(test, n, 0);
}

static struct rbt_result *rbt_result(struct kunit *test)
{
	struct rbt_result *r = kunit_kzalloc(test, sizeof(*r), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, r);
	r->size = PAGE_SIZE;
	r->page = kunit_kzalloc(test, r->size, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, r->page);
	return r;
}

static void rbt_basic(struct kunit *test)
{
	struct trace_buffer *b = rbt_alloc(test, 4 * PAGE_SIZE, RING_BUFFER_OVERWRITE);
	struct rbt_result *r = rbt_result(test);
	struct ring_buffer_stats st;
	int cpu;

	cpu = rbt_pin(test);
	rbt_now = 1000;
	KUNIT_EXPECT_TRUE(test, rbt_write(b, 1, 8));
	rbt_now = 1010;
	KUNIT_EXPECT_TRUE(test, rbt_write(b, 2, 8));
	rbt_now = 1025;
	KUNIT_EXPECT_TRUE(test, rbt_write(b, 3, 8));
	ring_buffer_stats(b, cpu, &st);
	KUNIT_EXPECT_EQ(test, st.written, 3ULL);
	KUNIT_EXPECT_EQ(test, st.entries, 3ULL);
	KUNIT_EXPECT_EQ(test, st.bytes, 36ULL);
	rbt_read_all(test, b, cpu, r);

	KUNIT_ASSERT_EQ(test, r->n, 3U);
	KUNIT_EXPECT_EQ(test, r->seq[0], 1U);
	KUNIT_EXPECT_EQ(test, r->seq[2], 3U);
	KUNIT_EXPECT_EQ(test, r->ts[0], 1000ULL);
	KUNIT_EXPECT_EQ(test, r->ts[1], 1010ULL);
	KUNIT_EXPECT_EQ(test, r->ts[2], 1025ULL);
	KUNIT_EXPECT_EQ(test, r->lost, 0ULL);
	ring_buffer_stats(b, cpu, &st);
	KUNIT_EXPECT_EQ(test, st.read, 3ULL);
	KUNIT_EXPECT_EQ(test, st.entries, 0ULL);
}

/* Many events over several pages, read back in order with nothing lost. */
static void rbt_pages(struct kunit *test)
{
	struct trace_buffer *b = rbt_alloc(test, 16 * PAGE_SIZE, RING_BUFFER_OVERWRITE);
	struct rbt_result *r = rbt_result(test);
	unsigned int i;
	int cpu;

	cpu = rbt_pin(test);
	for (i = 0; i < 1000; i++) {
		rbt_now += 3;
		KUNIT_EXPECT_TRUE(test, rbt_write(b, i, 16));
	}
	rbt_read_all(test, b, cpu, r);

	KUNIT_ASSERT_EQ(test, r->n, 1000U);
	for (i = 0; i < r->n; i++) {
		KUNIT_EXPECT_EQ(test, r->seq[i], i);
		KUNIT_EXPECT_EQ(test, r->ts[i], 1003ULL + 3 * i);
	}
	KUNIT_EXPECT_EQ(test, r->pages, DIV_ROUND_UP(1000U, (PAGE_SIZE - RB_HDR_SIZE) / 20));
	KUNIT_EXPECT_FALSE(test, r->first_missed);
}

/*
 * 28-byte events (24-byte payload) leave 20 bytes free at the end of a full
 * page, room for the lost-event count.
 */
#define RBT_LOSSY_LEN	24

/* Write events from .. to - 1, one clock tick apart; returns those accepted. */
static unsigned int rbt_fill(struct trace_buffer *b, unsigned int from,
			     unsigned int to, unsigned int len)
{
	unsigned int i, ok = 0;

	for (i = from; i < to; i++) {
		rbt_now++;
		ok += rbt_write(b, i, len);
	}
	return ok;
}

/* The newest of n events came out, in order, the older ones counted lost. */
static void rbt_expect_newest(struct kunit *test, struct rbt_result *r,
			      unsigned int n)
{
	unsigned int i;

	KUNIT_ASSERT_GT(test, r->n, 0U);
	KUNIT_EXPECT_EQ(test, r->seq[r->n - 1], n - 1);
	for (i = 1; i < r->n; i++)
		KUNIT_EXPECT_EQ(test, r->seq[i], r->seq[i - 1] + 1);
	KUNIT_EXPECT_EQ(test, r->lost, (u64)r->seq[0]);
}

/* Overwrite: the newest events survive, and every lost one is counted. */
static void rbt_overwrite(struct kunit *test)
{
	struct trace_buffer *b = rbt_alloc(test, 4 * PAGE_SIZE, RING_BUFFER_OVERWRITE);
	struct rbt_result *r = rbt_result(test);
	struct ring_buffer_stats st;
	int cpu;

	cpu = rbt_pin(test);
	KUNIT_EXPECT_EQ(test, rbt_fill(b, 0, 5000, RBT_LOSSY_LEN), 5000U);
	ring_buffer_stats(b, cpu, &st);
	rbt_read_all(test, b, cpu, r);

	rbt_expect_newest(test, r, 5000);
	KUNIT_EXPECT_EQ(test, r->lost + r->n, 5000ULL);
	KUNIT_EXPECT_TRUE(test, r->first_missed);
	KUNIT_EXPECT_EQ(test, st.overrun + st.entries, 5000ULL);
}

/*
 * Keep oldest: the first events survive, and every refused one is
 * counted: in the stats at once, and in a page's header at its place,
 * before the first page begun after them.
 */
static void rbt_keep_oldest(struct kunit *test)
{
	struct trace_buffer *b = rbt_alloc(test, 4 * PAGE_SIZE, RING_BUFFER_KEEP_OLDEST);
	struct rbt_result *r = rbt_result(test), *r2 = rbt_result(test);
	struct ring_buffer_stats st;
	unsigned int i, ok;
	int cpu;

	cpu = rbt_pin(test);
	ok = rbt_fill(b, 0, 5000, RBT_LOSSY_LEN);
	ring_buffer_stats(b, cpu, &st);
	rbt_read_all(test, b, cpu, r);

	KUNIT_EXPECT_EQ(test, r->n, ok);
	for (i = 0; i < r->n; i++)
		KUNIT_EXPECT_EQ(test, r->seq[i], i);
	KUNIT_EXPECT_EQ(test, st.dropped, 5000ULL - ok);
	KUNIT_EXPECT_EQ(test, st.overrun, 0ULL);
	/* Refused after every page that was read: none of them reports it. */
	KUNIT_EXPECT_EQ(test, r->lost, 0ULL);
	/* The ring has room again: the next page says what went before it. */
	KUNIT_EXPECT_EQ(test, rbt_fill(b, 5000, 5000 + PAGE_SIZE / RBT_LOSSY_LEN,
				       RBT_LOSSY_LEN),
			(unsigned int)(PAGE_SIZE / RBT_LOSSY_LEN));
	rbt_read_all(test, b, cpu, r2);
	KUNIT_EXPECT_EQ(test, r2->lost, 5000ULL - ok);
	KUNIT_EXPECT_EQ(test, r2->seq[0], 5000U);
}

/* The page being written is read in parts, each part once. */
static void rbt_partial(struct kunit *test)
{
	struct trace_buffer *b = rbt_alloc(test, 4 * PAGE_SIZE, RING_BUFFER_OVERWRITE);
	struct rbt_result *r1 = rbt_result(test), *r2 = rbt_result(test);
	struct rbt_result *r3 = rbt_result(test);
	unsigned int i;
	int cpu;

	cpu = rbt_pin(test);
	rbt_now = 5000;
	rbt_write(b, 1, 8);
	rbt_now = 5100;
	rbt_write(b, 2, 8);
	rbt_read_all(test, b, cpu, r1);
	rbt_now = 5300;
	rbt_write(b, 3, 8);
	rbt_now = 5600;
	rbt_write(b, 4, 8);
	rbt_read_all(test, b, cpu, r2);
	/* Then the page fills up and the rest of it comes out whole. */
	for (i = 5; i < 600; i++) {
		rbt_now += 7;
		rbt_write(b, i, 8);
	}
	rbt_read_all(test, b, cpu, r3);

	KUNIT_ASSERT_EQ(test, r1->n, 2U);
	KUNIT_ASSERT_EQ(test, r2->n, 2U);
	KUNIT_EXPECT_EQ(test, r2->seq[0], 3U);
	KUNIT_EXPECT_EQ(test, r2->ts[0], 5300ULL);
	KUNIT_EXPECT_EQ(test, r2->ts[1], 5600ULL);
	KUNIT_ASSERT_EQ(test, r3->n, 595U);
	for (i = 0; i < r3->n; i++) {
		KUNIT_EXPECT_EQ(test, r3->seq[i], i + 5);
		KUNIT_EXPECT_EQ(test, r3->ts[i], 5600ULL + 7 * (i + 1));
	}
}

/* A reservation nested in another: order of reservation, published together. */
static void rbt_nested(struct kunit *test)
{
	struct trace_buffer *b = rbt_alloc(test, 4 * PAGE_SIZE, RING_BUFFER_OVERWRITE);
	struct rbt_result *r0 = rbt_result(test), *r = rbt_result(test);
	u32 *outer, *inner;
	int cpu;

	cpu = rbt_pin(test);
	outer = ring_buffer_reserve(b, 8);
	KUNIT_ASSERT_NOT_NULL(test, outer);
	rbt_now++;
	inner = ring_buffer_reserve(b, 8);
	KUNIT_ASSERT_NOT_NULL(test, inner);
	inner[0] = 2;
	ring_buffer_commit(b);
	/* Not visible while the outer event is uncommitted. */
	rbt_read_all(test, b, cpu, r0);
	outer[0] = 1;
	ring_buffer_commit(b);
	rbt_read_all(test, b, cpu, r);

	KUNIT_EXPECT_EQ(test, r0->n, 0U);
	KUNIT_ASSERT_EQ(test, r->n, 2U);
	KUNIT_EXPECT_EQ(test, r->seq[0], 1U);
	KUNIT_EXPECT_EQ(test, r->seq[1], 2U);
	KUNIT_EXPECT_EQ(test, r->ts[1], r->ts[0] + 1);
}

/* A delta that does not fit in 27 bits gets a time extend before it. */
static void rbt_time_extend(struct kunit *test)
{
	struct trace_buffer *b = rbt_alloc(test, 4 * PAGE_SIZE, RING_BUFFER_OVERWRITE);
	void *page = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);
	struct rbt_result *r = rbt_result(test);
	struct rb_data_page *dp = page;
	int cpu;

	KUNIT_ASSERT_NOT_NULL(test, page);
	cpu = rbt_pin(test);
	rbt_now = 1000;
	rbt_write(b, 1, 8);
	rbt_now = 1000 + (3ULL << 40) + 5;
	rbt_write(b, 2, 8);
	KUNIT_EXPECT_EQ(test, ring_buffer_read_page(b, cpu, page, PAGE_SIZE),
			12 + 8 + 12);

	KUNIT_EXPECT_EQ(test, dp->data[3] & 31, (u32)RB_TYPE_TIME_EXTEND);
	KUNIT_EXPECT_EQ(test, dp->data[0] & 31, 2U);	/* 8 bytes: type_len 2 */
	KUNIT_EXPECT_EQ(test, dp->data[0] >> 5, 0U);	/* first event: delta 0 */
	local_set(&dp->commit, 32);
	{
		struct ring_buffer_walk walk;
		unsigned int len;

		ring_buffer_walk_start(&walk, page, PAGE_SIZE);
		KUNIT_EXPECT_NOT_NULL(test, ring_buffer_walk_next(&walk, &len));
		KUNIT_EXPECT_EQ(test, walk.ts, 1000ULL);
		KUNIT_EXPECT_NOT_NULL(test, ring_buffer_walk_next(&walk, &len));
		KUNIT_EXPECT_EQ(test, walk.ts, 1000 + (3ULL << 40) + 5);
	}
	KUNIT_EXPECT_EQ(test, r->n, 0U);
}

static int rbt_fills;

static void rbt_fill_fn(void)
{
	rbt_fills++;
}

/* Events of 8 bytes (12 with their header) that fill @pages data pages. */
static void rbt_write_pages(struct trace_buffer *b, unsigned int pages)
{
	unsigned int i, per = (PAGE_SIZE - RB_HDR_SIZE) / 12;

	for (i = 0; i < pages * per; i++)
		rbt_write(b, i, 8);
}

/*
 * A reader waiting for a fill level is told once, by the writer that
 * completes the page reaching it; whole-page reads leave the writer's page.
 */
static void rbt_fill_wait(struct kunit *test)
{
	struct trace_buffer *b = rbt_alloc(test, 8 * PAGE_SIZE, RING_BUFFER_OVERWRITE);
	void *page = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);
	int cpu, i;

	KUNIT_ASSERT_NOT_NULL(test, page);
	KUNIT_ASSERT_EQ(test, ring_buffer_size(b, 0), 8 * PAGE_SIZE);
	ring_buffer_set_fill_notify(b, rbt_fill_fn);
	rbt_fills = 0;
	cpu = rbt_pin(test);
	/* 50% of the 7 pages the writer is not in: 4 complete pages. */
	KUNIT_EXPECT_FALSE(test, ring_buffer_fill_wait(b, cpu, 50));
	rbt_write_pages(b, 3);
	rbt_write(b, 0, 8);
	KUNIT_EXPECT_EQ(test, rbt_fills, 0);
	KUNIT_EXPECT_FALSE(test, ring_buffer_fill_wait(b, cpu, 50));
	rbt_write_pages(b, 1);
	KUNIT_EXPECT_EQ(test, rbt_fills, 1);
	KUNIT_EXPECT_TRUE(test, ring_buffer_fill_wait(b, cpu, 50));
	/* Told once: nobody asked again. */
	rbt_write_pages(b, 1);
	KUNIT_EXPECT_EQ(test, rbt_fills, 1);

	/* Whole pages only: the 5 complete ones, then not the writer's. */
	for (i = 0; i < 5; i++)
		KUNIT_EXPECT_GT(test, ring_buffer_read_whole_page(b, cpu, page,
								  PAGE_SIZE), 0);
	KUNIT_EXPECT_EQ(test, ring_buffer_read_whole_page(b, cpu, page,
							  PAGE_SIZE), 0);
	KUNIT_EXPECT_EQ(test, ring_buffer_read_page(b, cpu, page, PAGE_SIZE), 12);
	KUNIT_EXPECT_EQ(test, ring_buffer_read_page(b, cpu, page, PAGE_SIZE), 0);

	/* 100%: the whole ring, and the lowest level asked for wins. */
	KUNIT_EXPECT_FALSE(test, ring_buffer_fill_wait(b, cpu, 100));
	KUNIT_EXPECT_FALSE(test, ring_buffer_fill_wait(b, cpu, 1));
	rbt_write_pages(b, 1);
	KUNIT_EXPECT_EQ(test, rbt_fills, 2);
	KUNIT_EXPECT_FALSE(test, ring_buffer_fill_wait(b, cpu, 100));
	rbt_write_pages(b, 5);
	KUNIT_EXPECT_EQ(test, rbt_fills, 2);
	rbt_write_pages(b, 1);
	KUNIT_EXPECT_EQ(test, rbt_fills, 3);
	KUNIT_EXPECT_TRUE(test, ring_buffer_fill_wait(b, cpu, 100));
}

/* Payloads over 112 bytes use type_len 0; events over a page are refused. */
static void rbt_sizes(struct kunit *test)
{
	struct trace_buffer *b = rbt_alloc(test, 4 * PAGE_SIZE, RING_BUFFER_OVERWRITE);
	void *page = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);
	struct rb_data_page *dp = page;
	struct ring_buffer_stats st;
	struct ring_buffer_walk walk;
	unsigned int len;
	int cpu;

	KUNIT_ASSERT_NOT_NULL(test, page);
	cpu = rbt_pin(test);
	KUNIT_EXPECT_TRUE(test, rbt_write(b, 7, 200));
	KUNIT_EXPECT_TRUE(test, rbt_write(b, 8, 112));
	KUNIT_EXPECT_TRUE(test, rbt_write(b, 9, 3));
	KUNIT_EXPECT_NULL(test, ring_buffer_reserve(b, PAGE_SIZE));
	ring_buffer_stats(b, cpu, &st);
	KUNIT_EXPECT_EQ(test, ring_buffer_read_page(b, cpu, page, PAGE_SIZE),
			(8 + 200) + (4 + 112) + (4 + 4));

	KUNIT_EXPECT_EQ(test, st.dropped, 1ULL);
	KUNIT_EXPECT_EQ(test, dp->data[0] & 31, 0U);
	KUNIT_EXPECT_EQ(test, dp->data[1], 204U);
	ring_buffer_walk_start(&walk, page, PAGE_SIZE);
	KUNIT_EXPECT_NOT_NULL(test, ring_buffer_walk_next(&walk, &len));
	KUNIT_EXPECT_EQ(test, len, 200U);
	KUNIT_EXPECT_NOT_NULL(test, ring_buffer_walk_next(&walk, &len));
	KUNIT_EXPECT_EQ(test, len, 112U);
	KUNIT_EXPECT_NOT_NULL(test, ring_buffer_walk_next(&walk, &len));
	KUNIT_EXPECT_EQ(test, len, 4U);
	KUNIT_EXPECT_NULL(test, ring_buffer_walk_next(&walk, &len));
}

/* Shrinking keeps the newest pages, in order, and counts what it drops. */
static void rbt_resize_shrink(struct kunit *test)
{
	struct trace_buffer *b = rbt_alloc(test, 16 * PAGE_SIZE, RING_BUFFER_OVERWRITE);
	struct rbt_result *r = rbt_result(test);
	struct ring_buffer_stats st;
	int cpu;

	cpu = rbt_pin(test);
	rbt_fill(b, 0, 1000, RBT_LOSSY_LEN);
	KUNIT_EXPECT_EQ(test, ring_buffer_resize(b, cpu, 3 * PAGE_SIZE), 0);
	KUNIT_EXPECT_EQ(test, ring_buffer_size(b, cpu), 3 * PAGE_SIZE);
	ring_buffer_stats(b, cpu, &st);
	rbt_read_all(test, b, cpu, r);

	rbt_expect_newest(test, r, 1000);
	KUNIT_EXPECT_EQ(test, st.overrun + r->n, 1000ULL);
	KUNIT_EXPECT_EQ(test, ring_buffer_resize(b, cpu, 0), -EINVAL);
	KUNIT_EXPECT_EQ(test, ring_buffer_resize(b, nr_cpu_ids, PAGE_SIZE), -EINVAL);
}

/* Growing loses nothing, and the larger ring is used. */
static void rbt_resize_grow(struct kunit *test)
{
	struct trace_buffer *b = rbt_alloc(test, 4 * PAGE_SIZE, RING_BUFFER_OVERWRITE);
	struct rbt_result *r = rbt_result(test);
	unsigned int i;
	int cpu;

	cpu = rbt_pin(test);
	KUNIT_EXPECT_EQ(test, rbt_fill(b, 0, 300, 16), 300U);
	KUNIT_EXPECT_EQ(test, ring_buffer_resize(b, RING_BUFFER_ALL_CPUS,
						 32 * PAGE_SIZE), 0);
	KUNIT_EXPECT_EQ(test, rbt_fill(b, 300, 3300, 16), 3000U);
	rbt_read_all(test, b, cpu, r);

	KUNIT_ASSERT_EQ(test, r->n, 3300U);
	for (i = 0; i < r->n; i++) {
		KUNIT_EXPECT_EQ(test, r->seq[i], i);
		KUNIT_EXPECT_EQ(test, r->ts[i], 1001ULL + i);
	}
	KUNIT_EXPECT_EQ(test, r->lost, 0ULL);
}

/* A page read in part before a resize is not read again after it. */
static void rbt_resize_partial(struct kunit *test)
{
	struct trace_buffer *b = rbt_alloc(test, 4 * PAGE_SIZE, RING_BUFFER_OVERWRITE);
	struct rbt_result *r1 = rbt_result(test), *r2 = rbt_result(test);
	int cpu;

	cpu = rbt_pin(test);
	rbt_now = 100;
	rbt_write(b, 1, 8);
	rbt_now = 200;
	rbt_write(b, 2, 8);
	rbt_read_all(test, b, cpu, r1);
	KUNIT_EXPECT_EQ(test, ring_buffer_resize(b, cpu, 8 * PAGE_SIZE), 0);
	rbt_now = 350;
	rbt_write(b, 3, 8);
	rbt_read_all(test, b, cpu, r2);

	KUNIT_EXPECT_EQ(test, r1->n, 2U);
	KUNIT_ASSERT_EQ(test, r2->n, 1U);
	KUNIT_EXPECT_EQ(test, r2->seq[0], 3U);
	KUNIT_EXPECT_EQ(test, r2->ts[0], 350ULL);
}

/*
 * Sub-buffers of 4 pages: the ring keeps its bytes, an event larger than a
 * page fits, a reader's page must be a sub-buffer, and a bad order or an
 * event larger than a sub-buffer is refused.
 */
static void rbt_subbuf_order(struct kunit *test)
{
	struct trace_buffer *b = rbt_alloc(test, 16 * PAGE_SIZE, RING_BUFFER_OVERWRITE);
	struct rbt_result *r = rbt_result(test);
	unsigned int big = 3 * PAGE_SIZE, i;
	struct ring_buffer_stats st;
	int cpu = rbt_pin(test);

	KUNIT_EXPECT_TRUE(test, rbt_write(b, 1, 8));
	KUNIT_EXPECT_EQ(test, ring_buffer_subbuf_order_set(b, 8), -EINVAL);
	KUNIT_EXPECT_EQ(test, ring_buffer_subbuf_order_set(b, -1), -EINVAL);
	KUNIT_EXPECT_EQ(test, ring_buffer_subbuf_order_get(b), 0);
	KUNIT_EXPECT_EQ(test, ring_buffer_subbuf_order_set(b, 2), 0);
	KUNIT_EXPECT_EQ(test, ring_buffer_subbuf_order_get(b), 2);
	KUNIT_EXPECT_EQ(test, ring_buffer_subbuf_size_get(b), (int)(4 * PAGE_SIZE));
	KUNIT_EXPECT_EQ(test, ring_buffer_size(b, cpu), 16 * PAGE_SIZE);
	/* The change discarded the event and zeroed the counters. */
	ring_buffer_stats(b, cpu, &st);
	KUNIT_EXPECT_EQ(test, st.written, 0ULL);
	KUNIT_EXPECT_EQ(test, st.entries, 0ULL);

	KUNIT_EXPECT_NULL(test, ring_buffer_reserve(b, 4 * PAGE_SIZE));
	for (i = 0; i < 10; i++)
		KUNIT_EXPECT_TRUE(test, rbt_write(b, 100 + i, big));
	KUNIT_EXPECT_EQ(test, ring_buffer_read_page(b, cpu, r->page, r->size),
			-EMSGSIZE);
	r->size = 4 * PAGE_SIZE;
	r->page = kunit_kzalloc(test, r->size, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, r->page);
	rbt_read_all(test, b, cpu, r);
	/* One event per sub-buffer; a ring of 4 keeps the newest 3 or 4. */
	KUNIT_EXPECT_GE(test, r->n, 3U);
	KUNIT_EXPECT_EQ(test, r->pages, r->n);
	for (i = 0; i < r->n; i++)
		KUNIT_EXPECT_EQ(test, r->seq[i], 110 - r->n + i);
	ring_buffer_stats(b, cpu, &st);
	KUNIT_EXPECT_EQ(test, st.overrun + r->n, 10ULL);
	KUNIT_EXPECT_EQ(test, st.dropped, 1ULL);

	/* Back to pages: a sub-buffer-sized reader still reads them. */
	KUNIT_EXPECT_EQ(test, ring_buffer_subbuf_order_set(b, 0), 0);
	KUNIT_EXPECT_EQ(test, ring_buffer_size(b, cpu), 16 * PAGE_SIZE);
	KUNIT_EXPECT_NULL(test, ring_buffer_reserve(b, PAGE_SIZE));
	KUNIT_EXPECT_TRUE(test, rbt_write(b, 7, 8));
	r->n = 0;
	r->pages = 0;
	rbt_read_all(test, b, cpu, r);
	KUNIT_ASSERT_EQ(test, r->n, 1U);
	KUNIT_EXPECT_EQ(test, r->seq[0], 7U);
}

/*
 * Stress: a writer thread on one CPU, an hrtimer on the same CPU writing
 * from hard interrupt context (often into the middle of the thread's
 * reservation), and a reader thread on another CPU taking pages all along.
 * Each context numbers its events; every event read must be intact and in
 * order for its context, and written = read + overrun exactly.
 */
#define RBT_STRESS_EVENTS	20000

struct rbt_stress {
	struct trace_buffer *b;
	int wcpu;
	struct hrtimer timer;
	u32 seq[2];			/* next number per context */
	u64 ok[2], failed[2];		/* reservations per context */
	bool done;			/* the writer finished */
	/* Reader side. */
	void *page;
	u64 read[2];
	u32 last[2];
	bool seen[2];
	u64 corrupt, disorder;
	struct completion wdone, rdone;
};

static void rbt_stress_write(struct rbt_stress *st, int tag, bool linger)
{
	u32 v = (u32)tag << 28 | (st->seq[tag] & 0x0fffffff);
	u32 *p = ring_buffer_reserve(st->b, 16);

	if (!p) {
		st->failed[tag]++;
		return;
	}
	st->seq[tag]++;
	p[0] = v;
	if (linger)
		ndelay(300);	/* let the timer land inside the reservation */
	p[1] = ~v;
	p[2] = v * 2654435761U;
	p[3] = 0;
	ring_buffer_commit(st->b);
	st->ok[tag]++;
}

static enum hrtimer_restart rbt_stress_tick(struct hrtimer *t)
{
	struct rbt_stress *st = container_of(t, struct rbt_stress, timer);

	if (READ_ONCE(st->done))
		return HRTIMER_NORESTART;
	rbt_stress_write(st, 1, false);
	hrtimer_forward_now(t, ns_to_ktime(20 * NSEC_PER_USEC));
	return HRTIMER_RESTART;
}

/*
 * Whether the writer thread goes on after @i attempts: the planned ones,
 * then, until @end, as long as a context has written nothing (on a loaded
 * machine all the attempts may fall inside the first resize's pause).
 */
static bool rbt_stress_more(struct rbt_stress *st, unsigned int i,
			    unsigned long end)
{
	if (i < RBT_STRESS_EVENTS)
		return true;
	return (!READ_ONCE(st->ok[0]) || !READ_ONCE(st->ok[1])) &&
	       time_before(jiffies, end);
}

static int rbt_stress_writer(void *data)
{
	struct rbt_stress *st = data;
	unsigned long end = jiffies + 20 * HZ;
	unsigned int i;

	hrtimer_start(&st->timer, ns_to_ktime(20 * NSEC_PER_USEC),
		      HRTIMER_MODE_REL_PINNED_HARD);
	for (i = 0; rbt_stress_more(st, i, end); i++) {
		rbt_stress_write(st, 0, !(i % 8));
		if (!(i % 256))
			cond_resched();
	}
	WRITE_ONCE(st->done, true);
	hrtimer_cancel(&st->timer);
	complete(&st->wdone);
	return 0;
}

static void rbt_stress_check(struct rbt_stress *st, const u32 *p,
			     unsigned int len)
{
	u32 v = p[0], tag = v >> 28, seq = v & 0x0fffffff;

	if (len != 16 || tag > 1 || p[1] != ~v || p[2] != v * 2654435761U) {
		st->corrupt++;
		return;
	}
	if (st->seen[tag] && seq <= st->last[tag])
		st->disorder++;
	st->seen[tag] = true;
	st->last[tag] = seq;
	st->read[tag]++;
}

static int rbt_stress_reader(void *data)
{
	struct rbt_stress *st = data;
	struct ring_buffer_walk walk;
	const u32 *ev;
	unsigned int len;
	bool last = false;

	for (;;) {
		/* After the writer is done, one more full drain. */
		if (!last && READ_ONCE(st->done))
			last = true;
		/*
		 * One page at a time with a pause: slower than the writer, so
		 * that pages are overwritten (or events refused) all along.
		 */
		while (ring_buffer_read_page(st->b, st->wcpu, st->page,
					     PAGE_SIZE) > 0) {
			ring_buffer_walk_start(&walk, st->page, PAGE_SIZE);
			while ((ev = ring_buffer_walk_next(&walk, &len)))
				rbt_stress_check(st, ev, len);
			if (!last)
				break;
		}
		if (last)
			break;
		usleep_range(2000, 3000);
	}
	complete(&st->rdone);
	return 0;
}

static void rbt_stress_run(struct kunit *test, enum ring_buffer_mode mode,
			   bool resize)
{
	struct rbt_stress *st = kunit_kzalloc(test, sizeof(*st), GFP_KERNEL);
	struct ring_buffer_stats stats;
	struct task_struct *w, *r;
	unsigned int i;
	int rcpu;

	if (num_online_cpus() < 2)
		kunit_skip(test, "needs two online CPUs");
	KUNIT_ASSERT_NOT_NULL(test, st);
	st->page = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, st->page);
	st->b = ring_buffer_alloc(4 * PAGE_SIZE, mode, local_clock);
	KUNIT_ASSERT_NOT_NULL(test, st->b);
	st->wcpu = cpumask_first(cpu_online_mask);
	rcpu = cpumask_next(st->wcpu, cpu_online_mask);
	init_completion(&st->wdone);
	init_completion(&st->rdone);
	hrtimer_init(&st->timer, CLOCK_MONOTONIC, HRTIMER_MODE_REL_PINNED_HARD);
	st->timer.function = rbt_stress_tick;

	w = kthread_create(rbt_stress_writer, st, "rbt_writer");
	r = kthread_create(rbt_stress_reader, st, "rbt_reader");
	KUNIT_ASSERT_FALSE(test, IS_ERR(w) || IS_ERR(r));
	kthread_bind(w, st->wcpu);
	kthread_bind(r, rcpu);
	wake_up_process(r);
	wake_up_process(w);
	/*
	 * Resize the writer's ring under it, between 2 and 16 pages. Each
	 * resize pauses the writers for a grace period, so the next one waits
	 * until both contexts have written again: on a slow or loaded machine,
	 * back-to-back resizes would otherwise leave them paused all along.
	 */
	for (i = 0; resize && !completion_done(&st->wdone); i++) {
		unsigned long size = (2 + i % 15) * PAGE_SIZE;
		u64 mark0, mark1;

		KUNIT_EXPECT_EQ(test, ring_buffer_resize(st->b, st->wcpu, size), 0);
		mark0 = READ_ONCE(st->ok[0]) + 256;
		mark1 = READ_ONCE(st->ok[1]) + 1;
		while ((READ_ONCE(st->ok[0]) < mark0 ||
			READ_ONCE(st->ok[1]) < mark1) &&
		       !completion_done(&st->wdone))
			usleep_range(200, 400);
	}
	wait_for_completion(&st->wdone);
	wait_for_completion(&st->rdone);
	ring_buffer_stats(st->b, st->wcpu, &stats);
	ring_buffer_free(st->b);

	kunit_info(test, "thread %llu+%llu irq %llu+%llu written+refused, read %llu %llu, overrun %llu, dropped %llu, commit overrun %llu",
		   st->ok[0], st->failed[0], st->ok[1], st->failed[1],
		   st->read[0], st->read[1], stats.overrun, stats.dropped,
		   stats.commit_overrun);
	KUNIT_EXPECT_EQ(test, st->corrupt, 0ULL);
	KUNIT_EXPECT_EQ(test, st->disorder, 0ULL);
	KUNIT_EXPECT_GT(test, st->ok[1], 0ULL);
	KUNIT_EXPECT_EQ(test, st->read[0] + st->read[1] + stats.overrun,
			st->ok[0] + st->ok[1]);
	KUNIT_EXPECT_EQ(test, stats.dropped + stats.commit_overrun,
			st->failed[0] + st->failed[1]);
	KUNIT_EXPECT_EQ(test, stats.written, st->ok[0] + st->ok[1]);
	/* The slow reader must have made the buffer lose events. */
	KUNIT_EXPECT_GT(test, stats.overrun + stats.dropped, 0ULL);
}

static void rbt_stress_overwrite(struct kunit *test)
{
	rbt_stress_run(test, RING_BUFFER_OVERWRITE, false);
}

static void rbt_stress_keep_oldest(struct kunit *test)
{
	rbt_stress_run(test, RING_BUFFER_KEEP_OLDEST, false);
}

static void rbt_stress_resize(struct kunit *test)
{
	rbt_stress_run(test, RING_BUFFER_OVERWRITE, true);
}

/* Peeked events, seq and time, into @r; returns whether a gap was seen. */
static bool rbt_peek_all(struct kunit *test, struct trace_buffer *b, int cpu,
			 struct rbt_result *r)
{
	struct ring_buffer_cursor cur;
	struct ring_buffer_walk walk;
	const u32 *ev;
	unsigned int len;

	r->n = 0;
	ring_buffer_cursor_start(b, cpu, &cur);
	while (ring_buffer_peek_page(b, cpu, &cur, r->page, r->size) > 0) {
		ring_buffer_walk_start(&walk, r->page, r->size);
		while ((ev = ring_buffer_walk_next(&walk, &len))) {
			KUNIT_ASSERT_LT(test, r->n, (unsigned int)ARRAY_SIZE(r->seq));
			r->seq[r->n] = ev[0];
			r->ts[r->n++] = walk.ts;
		}
	}
	return cur.skipped;
}

/*
 * Peeking shows what a consumer would read, in order and with the same
 * times, and consumes nothing; what was consumed, partly or by whole
 * pages, is not shown again.
 */
static void rbt_peek(struct kunit *test)
{
	struct trace_buffer *b = rbt_alloc(test, 8 * PAGE_SIZE, RING_BUFFER_OVERWRITE);
	struct rbt_result *p = rbt_result(test), *r = rbt_result(test);
	unsigned int i, total = 600;
	int cpu = rbt_pin(test);

	for (i = 0; i < total; i++) {
		rbt_now += i % 7 ? 10 : RB_DELTA_MAX + 5;
		KUNIT_ASSERT_TRUE(test, rbt_write(b, i, 12));
	}
	KUNIT_EXPECT_FALSE(test, rbt_peek_all(test, b, cpu, p));
	KUNIT_ASSERT_EQ(test, p->n, total);
	/* A second peek sees the same again. */
	rbt_peek_all(test, b, cpu, p);
	KUNIT_ASSERT_EQ(test, p->n, total);
	rbt_read_all(test, b, cpu, r);
	KUNIT_ASSERT_EQ(test, r->n, total);
	for (i = 0; i < total; i++) {
		KUNIT_EXPECT_EQ(test, p->seq[i], i);
		KUNIT_EXPECT_EQ(test, p->ts[i], r->ts[i]);
	}
	/* All consumed: nothing to peek. */
	rbt_peek_all(test, b, cpu, p);
	KUNIT_EXPECT_EQ(test, p->n, 0U);

	/* A partly consumed writer page: only the rest is shown. */
	KUNIT_ASSERT_TRUE(test, rbt_write(b, 1000, 8));
	r->n = 0;
	rbt_read_all(test, b, cpu, r);
	KUNIT_ASSERT_TRUE(test, rbt_write(b, 1001, 8));
	rbt_now += 3;
	KUNIT_ASSERT_TRUE(test, rbt_write(b, 1002, 8));
	rbt_peek_all(test, b, cpu, p);
	KUNIT_ASSERT_EQ(test, p->n, 2U);
	KUNIT_EXPECT_EQ(test, p->seq[0], 1001U);
	KUNIT_EXPECT_EQ(test, p->ts[1], rbt_now);
	r->n = 0;
	rbt_read_all(test, b, cpu, r);
	KUNIT_ASSERT_EQ(test, r->n, 2U);
	KUNIT_EXPECT_EQ(test, p->ts[0], r->ts[0]);
}

/* A cursor overtaken by the writer passes the lost events and says so. */
static void rbt_peek_overtaken(struct kunit *test)
{
	struct trace_buffer *b = rbt_alloc(test, 4 * PAGE_SIZE, RING_BUFFER_OVERWRITE);
	struct rbt_result *p = rbt_result(test);
	struct ring_buffer_cursor cur;
	struct ring_buffer_walk walk;
	unsigned int i, len, n = 0;
	const u32 *ev;
	u32 prev = 0;
	int cpu = rbt_pin(test);

	for (i = 1; i <= 500; i++)
		KUNIT_ASSERT_TRUE(test, rbt_write(b, i, 12));
	ring_buffer_cursor_start(b, cpu, &cur);
	KUNIT_ASSERT_GT(test, ring_buffer_peek_page(b, cpu, &cur, p->page,
						    p->size), 0);
	KUNIT_EXPECT_FALSE(test, cur.skipped);
	/* Wrap the whole ring while the cursor sits on its oldest page. */
	for (; i <= 3000; i++)
		KUNIT_ASSERT_TRUE(test, rbt_write(b, i, 12));
	while (ring_buffer_peek_page(b, cpu, &cur, p->page, p->size) > 0) {
		ring_buffer_walk_start(&walk, p->page, p->size);
		while ((ev = ring_buffer_walk_next(&walk, &len))) {
			KUNIT_EXPECT_GT(test, ev[0], prev);
			prev = ev[0];
			n++;
		}
	}
	KUNIT_EXPECT_TRUE(test, cur.skipped);
	/* Only events written before the cursor started are shown. */
	KUNIT_EXPECT_LE(test, prev, 500U);
	KUNIT_EXPECT_EQ(test, n, 0U);
}

/* The 128-bit compare-and-exchange: what it stores and what it reports. */
static void rbt_cas128(struct kunit *test)
{
	u128 word __aligned(16) = 5, old = 5;
	u128 v = (u128)7 << 64 | 9;

	KUNIT_EXPECT_TRUE(test, rb_try_cmpxchg128_local(&word, &old, v));
	KUNIT_EXPECT_TRUE(test, word == v);
	old = 5;
	KUNIT_EXPECT_FALSE(test, rb_try_cmpxchg128(&word, &old, 3));
	KUNIT_EXPECT_TRUE(test, old == v);
	KUNIT_EXPECT_TRUE(test, word == v);
	KUNIT_EXPECT_TRUE(test, rb_try_cmpxchg128(&word, &old, 3));
	KUNIT_EXPECT_TRUE(test, word == 3);
#ifdef CONFIG_X86_64
	{
		unsigned long x = 1, flags;

		/*
		 * The flags after it are sane even when a flag-setting
		 * instruction with a large operand runs just before it
		 * (rb_internal.h: QEMU's TCG once took those for the flags).
		 * The popfq makes the emulator's own record of the flags
		 * current first, as a real kernel path would have. Values
		 * with no zero half: zeroing a register sets flags too.
		 */
		word = v;
		old = v;
		asm volatile("pushfq\n\tpopfq\n\tsub %[big], %[x]"
			     : [x] "+r" (x) : [big] "r" (0x123456789a00UL)
			     : "cc");
		rb_try_cmpxchg128_local(&word, &old, v + 2);
		flags = native_save_fl();
		KUNIT_EXPECT_EQ(test, flags & (X86_EFLAGS_IOPL | X86_EFLAGS_NT |
					       X86_EFLAGS_RF | X86_EFLAGS_VM |
					       X86_EFLAGS_AC | X86_EFLAGS_VIF |
					       X86_EFLAGS_VIP), 0UL);
		KUNIT_EXPECT_TRUE(test, word == v + 2);
	}
#endif
}

static struct kunit_case rbt_cases[] = {
	KUNIT_CASE(rbt_basic),
	KUNIT_CASE(rbt_cas128),
	KUNIT_CASE(rbt_pages),
	KUNIT_CASE(rbt_overwrite),
	KUNIT_CASE(rbt_keep_oldest),
	KUNIT_CASE(rbt_partial),
	KUNIT_CASE(rbt_nested),
	KUNIT_CASE(rbt_time_extend),
	KUNIT_CASE(rbt_sizes),
	KUNIT_CASE(rbt_fill_wait),
	KUNIT_CASE(rbt_resize_shrink),
	KUNIT_CASE(rbt_resize_grow),
	KUNIT_CASE(rbt_resize_partial),
	KUNIT_CASE(rbt_subbuf_order),
	KUNIT_CASE(rbt_peek),
	KUNIT_CASE(rbt_peek_overtaken),
	KUNIT_CASE_SLOW(rbt_stress_overwrite),
	KUNIT_CASE_SLOW(rbt_stress_keep_oldest),
	KUNIT_CASE_SLOW(rbt_stress_resize),
	{}
};

static struct kunit_suite rbt_suite = {
	.name = "ring_buffer",
	.test_cases = rbt_cases,
};

kunit_test_suite(rbt_suite);

MODULE_DESCRIPTION("KUnit tests of the tracing ring buffer");
MODULE_LICENSE("GPL");
