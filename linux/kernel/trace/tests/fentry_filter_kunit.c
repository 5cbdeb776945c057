// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the function sets and their language (fentry_filter.c,
 * fentry_modterm.c): sorted set arithmetic, lookup, term parsing, and
 * terms matched against the running kernel's call sites.
 */
#include <kunit/test.h>
#include <linux/ftrace.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/vmalloc.h>

#include "../fentry.h"
#include "../trace.h"

/* A set of @n addresses from @ips (sorted by the caller). */
static struct ftrace_hash *fft_set(struct kunit *test, const unsigned long *ips,
				   unsigned int n)
{
	struct ftrace_hash *h = fentry_hash_alloc(n);

	KUNIT_ASSERT_NOT_NULL(test, h);
	memcpy(h->ips, ips, n * sizeof(*ips));
	h->count = n;
	return h;
}

static void fft_expect(struct kunit *test, const struct ftrace_hash *h,
		       const unsigned long *ips, unsigned int n)
{
	unsigned int i;

	if (!n) {
		KUNIT_EXPECT_NULL(test, h);
		return;
	}
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, h);
	KUNIT_ASSERT_EQ(test, h->count, n);
	for (i = 0; i < n; i++)
		KUNIT_EXPECT_EQ(test, h->ips[i], ips[i]);
}

static void fft_merge(struct kunit *test)
{
	static const unsigned long a[] = { 10, 20, 30, 40 }, b[] = { 5, 20, 40, 50 };
	static const unsigned long sum[] = { 5, 10, 20, 30, 40, 50 };
	static const unsigned long diff[] = { 10, 30 };
	struct ftrace_hash *ha = fft_set(test, a, 4), *hb = fft_set(test, b, 4);
	struct ftrace_hash *h;

	h = fentry_hash_merge(ha, hb, false);
	fft_expect(test, h, sum, 6);
	kvfree(h);
	h = fentry_hash_merge(ha, hb, true);
	fft_expect(test, h, diff, 2);
	kvfree(h);
	/* Removing everything gives the empty set, NULL. */
	h = fentry_hash_merge(ha, ha, true);
	KUNIT_EXPECT_NULL(test, h);
	/* With NULL on either side. */
	h = fentry_hash_merge(NULL, hb, false);
	fft_expect(test, h, b, 4);
	kvfree(h);
	h = fentry_hash_merge(ha, NULL, true);
	fft_expect(test, h, a, 4);
	kvfree(h);
	KUNIT_EXPECT_NULL(test, fentry_hash_merge(NULL, NULL, false));
	kvfree(ha);
	kvfree(hb);
}

static void fft_has(struct kunit *test)
{
	static const unsigned long a[] = { 3, 7, 11, 13, 17 };
	struct ftrace_hash *h = fft_set(test, a, 5);
	unsigned long ip;
	unsigned int hits = 0;

	for (ip = 0; ip < 20; ip++)
		hits += fentry_hash_has(h, ip);
	KUNIT_EXPECT_EQ(test, hits, 5);
	KUNIT_EXPECT_TRUE(test, fentry_hash_has(h, 3));
	KUNIT_EXPECT_TRUE(test, fentry_hash_has(h, 17));
	KUNIT_EXPECT_FALSE(test, fentry_hash_has(h, 18));
	h->count = 0;
	KUNIT_EXPECT_FALSE(test, fentry_hash_has(h, 3));
	kvfree(h);
}

static void fft_parse(struct kunit *test)
{
	struct fentry_term t;
	char s[64];

	strscpy(s, "vfs_read");
	KUNIT_EXPECT_EQ(test, fentry_term_parse(s, &t), 0);
	KUNIT_EXPECT_STREQ(test, t.glob, "vfs_read");
	KUNIT_EXPECT_NULL(test, t.mod);
	strscpy(s, "42");
	KUNIT_EXPECT_EQ(test, fentry_term_parse(s, &t), 0);
	KUNIT_EXPECT_EQ(test, t.index, 42UL);
	strscpy(s, "a*:mod:ext*");
	KUNIT_EXPECT_EQ(test, fentry_term_parse(s, &t), 0);
	KUNIT_EXPECT_STREQ(test, t.glob, "a*");
	KUNIT_EXPECT_STREQ(test, t.mod, "ext*");
	strscpy(s, ":mod:nfs");
	KUNIT_EXPECT_EQ(test, fentry_term_parse(s, &t), 0);
	KUNIT_EXPECT_NULL(test, t.glob);
	KUNIT_EXPECT_STREQ(test, t.mod, "nfs");
	/* Malformed: a command, an empty module, index 0, a bad number. */
	strscpy(s, "vfs_read:traceoff");
	KUNIT_EXPECT_EQ(test, fentry_term_parse(s, &t), -EINVAL);
	strscpy(s, "a*:mod:");
	KUNIT_EXPECT_EQ(test, fentry_term_parse(s, &t), -EINVAL);
	strscpy(s, "0");
	KUNIT_EXPECT_EQ(test, fentry_term_parse(s, &t), -EINVAL);
	strscpy(s, "12x");
	KUNIT_EXPECT_EQ(test, fentry_term_parse(s, &t), -EINVAL);
	strscpy(s, "3:mod:x");
	KUNIT_EXPECT_EQ(test, fentry_term_parse(s, &t), -EINVAL);
}

/* The name of the function whose call site is @ip. */
static bool fft_is(unsigned long ip, const char *name)
{
	char buf[KSYM_SYMBOL_LEN];

	sprint_symbol_no_offset(buf, ip);
	return !strcmp(buf, name);
}

static void fft_terms(struct kunit *test)
{
	struct ftrace_hash *set = NULL, *before;
	char s[64];
	unsigned int i;

	if (list_empty(&fentry_groups))
		kunit_skip(test, "no call sites recorded");
	/* A full name: exactly that function. */
	strscpy(s, "vfs_read");
	KUNIT_ASSERT_EQ(test, fentry_set_apply(&set, s, false), 0);
	KUNIT_ASSERT_NOT_NULL(test, set);
	KUNIT_EXPECT_EQ(test, set->count, 1);
	KUNIT_EXPECT_TRUE(test, fft_is(set->ips[0], "vfs_read"));
	/* A glob adds its matches; the set stays sorted. */
	strscpy(s, "vfs_writ?");
	KUNIT_ASSERT_EQ(test, fentry_set_apply(&set, s, false), 0);
	KUNIT_EXPECT_EQ(test, set->count, 2);
	for (i = 1; i < set->count; i++)
		KUNIT_EXPECT_LT(test, set->ips[i - 1], set->ips[i]);
	/* A term matching nothing fails and leaves the set alone. */
	before = set;
	strscpy(s, "no_such_function_xyz*");
	KUNIT_EXPECT_EQ(test, fentry_set_apply(&set, s, false), -EINVAL);
	KUNIT_EXPECT_PTR_EQ(test, set, before);
	/* Removal. */
	strscpy(s, "!vfs_read");
	KUNIT_ASSERT_EQ(test, fentry_set_apply(&set, s, false), 0);
	KUNIT_ASSERT_NOT_NULL(test, set);
	KUNIT_EXPECT_EQ(test, set->count, 1);
	KUNIT_EXPECT_TRUE(test, fft_is(set->ips[0], "vfs_write"));
	strscpy(s, "!vfs_write");
	KUNIT_EXPECT_EQ(test, fentry_set_apply(&set, s, false), 0);
	KUNIT_EXPECT_NULL(test, set);
	/* Index 1 is the first listed function; a huge one matches nothing. */
	strscpy(s, "1");
	KUNIT_ASSERT_EQ(test, fentry_set_apply(&set, s, false), 0);
	KUNIT_EXPECT_EQ(test, set->count, 1);
	strscpy(s, "99999999");
	KUNIT_EXPECT_EQ(test, fentry_set_apply(&set, s, false), -EINVAL);
	/* Commands only where the caller allows them; the set stays. */
	before = set;
	strscpy(s, "vfs_read:traceoff");
	KUNIT_EXPECT_EQ(test, fentry_set_apply(&set, s, false), -EINVAL);
	KUNIT_EXPECT_PTR_EQ(test, set, before);
	kvfree(set);
}

/*
 * A plain name is looked up in kallsyms' sorted names; the same name as
 * a glob ("schedul[e]") walks every site. Both must name the same set,
 * of as many sites as each row says: one function, static functions of
 * one name in many files, a clone's name with its suffix, a static
 * inline's notrace copies, a notrace function, and a name that is no
 * function.
 */
static void fft_names(struct kunit *test)
{
	static const struct {
		const char *name;
		unsigned int min, max;
	} rows[] = {
		{ "schedule", 1, 1 },
		{ "vfs_read", 1, 1 },
		{ "type_show", 2, UINT_MAX },
		{ "writeback_inodes_wb.constprop.0", 1, 1 },
		{ "rcu_read_unlock", 0, 0 },
		{ "native_sched_clock", 0, 0 },
		{ "no_such_function_xyz", 0, 0 },
	};
	struct ftrace_hash *by_name, *walked;
	unsigned int i, len, n;
	char s[64];

	if (list_empty(&fentry_groups))
		kunit_skip(test, "no call sites recorded");
	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		const char *name = rows[i].name;

		by_name = NULL;
		walked = NULL;
		strscpy(s, name);
		fentry_set_apply(&by_name, s, false);
		len = strlen(name);
		snprintf(s, sizeof(s), "%.*s[%c]", len - 1, name, name[len - 1]);
		fentry_set_apply(&walked, s, false);
		n = by_name ? by_name->count : 0;
		KUNIT_EXPECT_EQ_MSG(test, n, walked ? walked->count : 0, "%s", name);
		KUNIT_EXPECT_GE_MSG(test, n, rows[i].min, "%s", name);
		KUNIT_EXPECT_LE_MSG(test, n, rows[i].max, "%s", name);
		if (n && walked && walked->count == n)
			KUNIT_EXPECT_MEMEQ_MSG(test, by_name->ips, walked->ips,
					       n * sizeof(by_name->ips[0]), "%s", name);
		if (n == 1)
			KUNIT_EXPECT_TRUE_MSG(test, fft_is(by_name->ips[0], name),
					      "%s", name);
		kvfree(by_name);
		kvfree(walked);
	}
}

/*
 * :mod: terms for modules that are not loaded: kept once each, in order,
 * taken back with '!'; a filter of kept terms only is empty, not NULL;
 * the ops API (no term list) still rejects them.
 */
static void fft_modterms(struct kunit *test)
{
	struct ftrace_hash *set = NULL;
	char *terms = NULL;
	char s[64];
	long kind;

	KUNIT_ASSERT_EQ(test, fentry_modterm_edit(&terms, "a*", "fft_nomod",
						  false), 0);
	KUNIT_EXPECT_STREQ(test, terms, "a*:mod:fft_nomod\n");
	KUNIT_ASSERT_EQ(test, fentry_modterm_edit(&terms, "a*", "fft_nomod",
						  false), 0);
	KUNIT_ASSERT_EQ(test, fentry_modterm_edit(&terms, NULL, "fft_nomod2",
						  false), 0);
	KUNIT_EXPECT_STREQ(test, terms, "a*:mod:fft_nomod\n:mod:fft_nomod2\n");
	KUNIT_EXPECT_EQ(test, fentry_modterm_edit(&terms, "b", "fft_nomod",
						  true), -EINVAL);
	KUNIT_ASSERT_EQ(test, fentry_modterm_edit(&terms, "a*", "fft_nomod",
						  true), 0);
	KUNIT_EXPECT_STREQ(test, terms, ":mod:fft_nomod2\n");
	kfree(terms);
	terms = NULL;

	/* A filter of kept terms only is empty; a notrace set stays NULL. */
	for (kind = FENTRY_LIST_FILTER; kind <= FENTRY_LIST_NOTRACE; kind++) {
		strscpy(s, "x*:mod:fft_nomod");
		KUNIT_ASSERT_EQ(test, fentry_set_apply_kind(&trace_top, &set, s,
							    kind, &terms), 0);
		KUNIT_EXPECT_STREQ(test, terms, "x*:mod:fft_nomod\n");
		KUNIT_EXPECT_EQ(test, !set, kind == FENTRY_LIST_NOTRACE);
		KUNIT_EXPECT_EQ(test, set ? set->count : 0, 0);
		kvfree(set);
		set = NULL;
	}
	kfree(terms);
	strscpy(s, "x*:mod:fft_nomod");
	KUNIT_EXPECT_EQ(test, fentry_set_apply(&set, s, false), -EINVAL);
	KUNIT_EXPECT_NULL(test, set);
}

/* Module globs: "*" is every module, "!glob" the kernel and the rest. */
static void fft_mod_globs(struct kunit *test)
{
	KUNIT_EXPECT_TRUE(test, fentry_mod_matches("*", "ext4"));
	KUNIT_EXPECT_FALSE(test, fentry_mod_matches("*", NULL));
	KUNIT_EXPECT_TRUE(test, fentry_mod_matches("ext?", "ext4"));
	KUNIT_EXPECT_TRUE(test, fentry_mod_matches("!*", NULL));
	KUNIT_EXPECT_FALSE(test, fentry_mod_matches("!*", "ext4"));
	KUNIT_EXPECT_TRUE(test, fentry_mod_matches("!ext4", "snd"));
	KUNIT_EXPECT_TRUE(test, fentry_mod_matches("!ext4", NULL));
	KUNIT_EXPECT_FALSE(test, fentry_mod_matches("!ext4", "ext4"));
}

static struct kunit_case fft_cases[] = {
	KUNIT_CASE(fft_mod_globs),
	KUNIT_CASE(fft_merge),
	KUNIT_CASE(fft_has),
	KUNIT_CASE(fft_parse),
	KUNIT_CASE(fft_terms),
	KUNIT_CASE(fft_names),
	KUNIT_CASE(fft_modterms),
	{}
};

static struct kunit_suite fft_suite = {
	.name = "fentry_filter",
	.test_cases = fft_cases,
};

kunit_test_suite(fft_suite);
