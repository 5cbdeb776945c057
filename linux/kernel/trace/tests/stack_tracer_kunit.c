// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the stack tracer (trace_stack_tracer.c): return
 * addresses matched to their slots on a stack, and a live measurement of
 * a traced function called from deep in a test function.
 */
#include <kunit/test.h>
#include <linux/ftrace.h>
#include <linux/jiffies.h>
#include <linux/kallsyms.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "../fentry.h"
#include "../trace.h"
#include "../trace_stack_tracer.h"

static void stkt_place(struct kunit *test)
{
	/* A made-up stack: slot 0 is the lowest address. */
	unsigned long stack[8] = { 0x11, 0xa1, 0x22, 0xa2, 0xa3, 0x33, 0xa4, 0 };
	/* 0xb0 is not on it; 0xa2 after 0xa3 would be looked for above it. */
	static const unsigned long ips[] = { 0xa1, 0xb0, 0xa2, 0xa4 };
	unsigned long top = (unsigned long)(stack + ARRAY_SIZE(stack));
	struct stk_frame out[ARRAY_SIZE(ips)];
	unsigned int n;

	n = stk_place(ips, ARRAY_SIZE(ips), stack, top, out);
	KUNIT_ASSERT_EQ(test, n, 3);
	KUNIT_EXPECT_EQ(test, out[0].ip, 0xa1);
	KUNIT_EXPECT_EQ(test, out[0].depth, 7 * sizeof(long));
	KUNIT_EXPECT_EQ(test, out[1].ip, 0xa2);
	KUNIT_EXPECT_EQ(test, out[1].depth, 5 * sizeof(long));
	KUNIT_EXPECT_EQ(test, out[2].ip, 0xa4);
	KUNIT_EXPECT_EQ(test, out[2].depth, 2 * sizeof(long));

	/* Order counts: an address below the previous match is not found. */
	n = stk_place((const unsigned long[]){ 0xa3, 0xa1 }, 2, stack, top, out);
	KUNIT_ASSERT_EQ(test, n, 1);
	KUNIT_EXPECT_EQ(test, out[0].ip, 0xa3);

	/* The lowest slot looked at is @from. */
	n = stk_place(ips, 1, stack + 2, top, out);
	KUNIT_EXPECT_EQ(test, n, 0);
}

/*
 * Deeper than the rest of the kernel's calls of the traced function: the
 * empty asm statements make @pad a real array on the stack, alive across
 * the call (which is not a tail call).
 */
/* 2 KB; under KASAN 1792 bytes, so that its redzones fit in 2 KB too. */
#define STKT_PAD	(IS_ENABLED(CONFIG_KASAN) ? 224 : 256)

static noinline unsigned int stkt_deep_call(unsigned long j)
{
	unsigned long pad[STKT_PAD];
	unsigned int ms;

	pad[0] = j;
	asm volatile("" : : "r"(pad) : "memory");
	ms = jiffies_to_msecs(pad[0]);
	asm volatile("" : : "r"(pad) : "memory");
	return ms;
}

static void stkt_measure(struct kunit *test)
{
	static const char fn[] = "jiffies_to_msecs";
	char name[KSYM_SYMBOL_LEN];
	struct stk_frame *f;
	unsigned long max;
	int i, nr, ret;

	/* Leave alone a tracer the command line started. */
	if (READ_ONCE(stack_tracer_enabled) ||
	    rcu_access_pointer(trace_stack_sets.filter_hash))
		kunit_skip(test, "the stack tracer is in use");
	f = kunit_kmalloc_array(test, STK_FRAMES, sizeof(*f), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, f);
	ret = fentry_ops_set(&trace_stack_sets, false, (unsigned char *)fn,
			     strlen(fn), 1);
	KUNIT_ASSERT_EQ(test, ret, 0);
	KUNIT_ASSERT_EQ(test, trace_stack_max_store(&trace_top, "0", 0), 0);
	KUNIT_ASSERT_EQ(test, stk_enable(1), 0);
	KUNIT_EXPECT_EQ(test, stkt_deep_call(HZ), 1000);
	stk_enable(0);
	nr = stk_copy(f, &max);

	KUNIT_ASSERT_GE(test, nr, 2);
	KUNIT_EXPECT_EQ(test, max, f[0].depth);
	KUNIT_EXPECT_GT(test, max, sizeof(long) * STKT_PAD);
	KUNIT_EXPECT_LT(test, max, THREAD_SIZE);
	/* The traced function, just after its fentry call: 8 bytes so far. */
	sprint_symbol(name, f[0].ip);
	KUNIT_EXPECT_TRUE_MSG(test, str_has_prefix(name, "jiffies_to_msecs+0x5/"),
			      "frame 0 is %s", name);
	KUNIT_EXPECT_EQ(test, f[0].depth - f[1].depth, sizeof(long));
	/* Its caller (perhaps a clone: stkt_deep_call.constprop.0). */
	snprintf(name, sizeof(name), "%ps", (void *)f[1].ip);
	KUNIT_EXPECT_TRUE_MSG(test, str_has_prefix(name, "stkt_deep_call"),
			      "frame 1 is %s", name);
	for (i = 1; i < nr; i++)
		KUNIT_EXPECT_LT(test, f[i].depth, f[i - 1].depth);

	KUNIT_EXPECT_EQ(test, fentry_ops_set(&trace_stack_sets, false, NULL, 0, 1),
			0);
	trace_stack_max_store(&trace_top, "0", 0);
}

static struct kunit_case stkt_cases[] = {
	KUNIT_CASE(stkt_place),
	KUNIT_CASE(stkt_measure),
	{}
};

static struct kunit_suite stkt_suite = {
	.name = "stack_tracer",
	.test_cases = stkt_cases,
};

kunit_test_suite(stkt_suite);
