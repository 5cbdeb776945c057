// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the table behind hist triggers (trace_hist_map.c): keys
 * found again, sums kept, a full table dropping and counting what does
 * not fit, many keys on few slots, clearing, and variables: looked up
 * without an entry made, set, and read once.
 */
#include <kunit/test.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/slab.h>

#include "../trace_hist.h"

/* A key of two words, as a hist trigger of two number keys has. */
struct thk_key {
	u64 a;
	u64 b;
};

static struct hist_elt *thk_get(struct hist_map *m, u64 a, u64 b,
				bool *fresh)
{
	struct thk_key k = { a, b };

	*fresh = false;
	return hist_map_get(m, &k, NULL, fresh);
}

static struct hist_map *thk_new(struct kunit *test, unsigned int max,
				unsigned int extra)
{
	struct hist_map *m = hist_map_new(max, sizeof(struct thk_key), extra,
					  2);

	KUNIT_ASSERT_NOT_NULL(test, m);
	return m;
}

/* A key comes back to its entry; its sums add up; it is fresh once. */
static void thk_same_key(struct kunit *test)
{
	struct hist_map *m = thk_new(test, 128, 16);
	static const char room[16] = "task name";
	struct hist_elt *e, *again;
	const struct thk_key *k;
	struct thk_key kx;
	u64 hits, drops;
	bool fresh;
	int i;

	e = thk_get(m, 7, 9, &fresh);
	KUNIT_ASSERT_NOT_NULL(test, e);
	KUNIT_EXPECT_TRUE(test, fresh);
	for (i = 0; i < 5; i++) {
		again = thk_get(m, 7, 9, &fresh);
		KUNIT_EXPECT_PTR_EQ(test, again, e);
		KUNIT_EXPECT_FALSE(test, fresh);
		hist_elt_add(again, 0, 1);
		hist_elt_add(again, 1, 10);
	}
	KUNIT_EXPECT_EQ(test, hist_elt_val(e, 0), 5);
	KUNIT_EXPECT_EQ(test, hist_elt_val(e, 1), 50);
	k = hist_elt_key(m, e);
	KUNIT_EXPECT_EQ(test, k->a, 7);
	KUNIT_EXPECT_EQ(test, k->b, 9);
	/* The caller's room is zeroed and follows the key. */
	KUNIT_EXPECT_PTR_EQ(test, hist_elt_extra(m, e), (void *)(k + 1));
	KUNIT_EXPECT_EQ(test, *(u64 *)hist_elt_extra(m, e), 0);
	/* A new entry's room starts as the caller gave it; a found one keeps its own. */
	kx = (struct thk_key){ 8, 9 };
	e = hist_map_get(m, &kx, room, &fresh);
	KUNIT_ASSERT_NOT_NULL(test, e);
	KUNIT_EXPECT_MEMEQ(test, hist_elt_extra(m, e), room, sizeof(room));
	again = hist_map_get(m, &kx, "other room.....", &fresh);
	KUNIT_EXPECT_PTR_EQ(test, again, e);
	KUNIT_EXPECT_MEMEQ(test, hist_elt_extra(m, e), room, sizeof(room));
	hist_map_stats(m, &hits, &drops);
	KUNIT_EXPECT_EQ(test, hits, 8);
	KUNIT_EXPECT_EQ(test, drops, 0);
	hist_map_free(m);
}

/* Keys that differ in either word are entries of their own. */
static void thk_many_keys(struct kunit *test)
{
	struct hist_map *m = thk_new(test, 1024, 0);
	struct hist_elt **v;
	bool fresh;
	int i, n;

	for (i = 0; i < 1000; i++) {
		struct hist_elt *e = thk_get(m, i / 10, i % 10, &fresh);

		KUNIT_ASSERT_NOT_NULL(test, e);
		KUNIT_EXPECT_TRUE(test, fresh);
		hist_elt_add(e, 0, i);
	}
	for (i = 0; i < 1000; i++) {
		struct hist_elt *e = thk_get(m, i / 10, i % 10, &fresh);

		KUNIT_ASSERT_NOT_NULL(test, e);
		KUNIT_EXPECT_FALSE(test, fresh);
		KUNIT_EXPECT_EQ(test, hist_elt_val(e, 0), i);
	}
	n = hist_map_entries(m, &v);
	KUNIT_EXPECT_EQ(test, n, 1000);
	kvfree(v);
	hist_map_free(m);
}

/* A full table drops new keys and counts them; known keys still count. */
static void thk_full(struct kunit *test)
{
	struct hist_map *m = thk_new(test, 128, 0);
	struct hist_elt **v;
	u64 hits, drops;
	bool fresh;
	int i, n;

	for (i = 0; i < 200; i++)
		thk_get(m, i, 0, &fresh);
	KUNIT_EXPECT_NOT_NULL(test, thk_get(m, 5, 0, &fresh));
	KUNIT_EXPECT_NULL(test, thk_get(m, 500, 0, &fresh));
	hist_map_stats(m, &hits, &drops);
	KUNIT_EXPECT_EQ(test, hits, 202);
	KUNIT_EXPECT_EQ(test, drops, 73);
	n = hist_map_entries(m, &v);
	KUNIT_EXPECT_EQ(test, n, 128);
	kvfree(v);
	hist_map_free(m);
}

/* Cleared, a table is empty, counts nothing, and takes keys again. */
static void thk_clear(struct kunit *test)
{
	struct hist_map *m = thk_new(test, 128, 0);
	struct hist_elt **v, *e;
	u64 hits, drops;
	bool fresh;
	int i;

	for (i = 0; i < 300; i++)
		thk_get(m, i, i, &fresh);
	hist_map_clear(m);
	hist_map_stats(m, &hits, &drops);
	KUNIT_EXPECT_EQ(test, hits, 0);
	KUNIT_EXPECT_EQ(test, drops, 0);
	KUNIT_EXPECT_EQ(test, hist_map_entries(m, &v), 0);
	KUNIT_EXPECT_NULL(test, v);
	e = thk_get(m, 250, 250, &fresh);
	KUNIT_ASSERT_NOT_NULL(test, e);
	KUNIT_EXPECT_TRUE(test, fresh);
	KUNIT_EXPECT_EQ(test, hist_elt_val(e, 0), 0);
	hist_map_free(m);
}

/*
 * A lookup makes no entry and counts nothing; a variable set is read
 * once, set again is read again; its neighbour keeps its own bit.
 */
static void thk_vars(struct kunit *test)
{
	/* Two sums, then two variables and their set bits. */
	struct hist_map *m = hist_map_new(128, sizeof(struct thk_key), 0, 5);
	struct thk_key k = { 3, 4 };
	struct hist_elt *e;
	u64 hits, drops, v = 0;
	bool fresh;

	KUNIT_ASSERT_NOT_NULL(test, m);
	KUNIT_EXPECT_NULL(test, hist_map_lookup(m, &k));
	hist_map_stats(m, &hits, &drops);
	KUNIT_EXPECT_EQ(test, hits, 0);
	e = thk_get(m, 3, 4, &fresh);
	KUNIT_ASSERT_NOT_NULL(test, e);
	KUNIT_EXPECT_PTR_EQ(test, hist_map_lookup(m, &k), e);
	KUNIT_EXPECT_FALSE(test, hist_elt_read(e, 2, 4, 0, true, &v));
	hist_elt_set(e, 2, 4, 0, 41);
	hist_elt_set(e, 3, 4, 1, 7);
	hist_elt_set(e, 2, 4, 0, 42);
	KUNIT_EXPECT_TRUE(test, hist_elt_read(e, 2, 4, 0, true, &v));
	KUNIT_EXPECT_EQ(test, v, 42);
	KUNIT_EXPECT_FALSE(test, hist_elt_read(e, 2, 4, 0, true, &v));
	KUNIT_EXPECT_TRUE(test, hist_elt_read(e, 3, 4, 1, true, &v));
	KUNIT_EXPECT_EQ(test, v, 7);
	hist_elt_set(e, 2, 4, 0, 5);
	/* Read without unsetting, then once. */
	KUNIT_EXPECT_TRUE(test, hist_elt_read(e, 2, 4, 0, false, &v));
	KUNIT_EXPECT_EQ(test, v, 5);
	v = 0;
	KUNIT_EXPECT_TRUE(test, hist_elt_read(e, 2, 4, 0, true, &v));
	KUNIT_EXPECT_EQ(test, v, 5);
	KUNIT_EXPECT_FALSE(test, hist_elt_read(e, 2, 4, 0, false, &v));
	/* The sums are not touched. */
	KUNIT_EXPECT_EQ(test, hist_elt_val(e, 0), 0);
	KUNIT_EXPECT_EQ(test, hist_elt_val(e, 1), 0);
	k.b = 5;
	KUNIT_EXPECT_NULL(test, hist_map_lookup(m, &k));
	hist_map_free(m);
}

static struct kunit_case thk_cases[] = {
	KUNIT_CASE(thk_same_key),
	KUNIT_CASE(thk_many_keys),
	KUNIT_CASE(thk_full),
	KUNIT_CASE(thk_clear),
	KUNIT_CASE(thk_vars),
	{}
};

static struct kunit_suite thk_suite = {
	.name = "trace_hist_map",
	.test_cases = thk_cases,
};

kunit_test_suite(thk_suite);

MODULE_DESCRIPTION("KUnit tests of hist triggers' table");
MODULE_LICENSE("GPL");
