// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit suite of the x86 trace sites (<asm/trace_site.h>), on a key of
 * its own: a site is a five-byte nop while its key is off and a jump
 * while it is on; the hook runs only while the key is on, and sees the
 * site as its caller; TRACE_SITE_IRQS_ON() skips the hook for flags with
 * interrupts disabled; TRACE_SITE_ARG() passes its value, an immediate or
 * a register, and the hook's return leaves the stack as it was.
 *
 * The sites of <linux/irqflags.h> are trace sites only without lockdep,
 * where KUnit suites do not run; this suite covers the mechanism.
 */
#include <kunit/test.h>
#include <linux/jump_label.h>
#include <linux/kallsyms.h>
#include <asm/nops.h>
#include <asm/processor-flags.h>
#include <asm/trace_site.h>

#include "trace_site_hook.h"

static DEFINE_STATIC_KEY_FALSE(tst_key);

static noinline int tst_site(int x)
{
	TRACE_SITE(&tst_key, tst_hook);
	return x + 1;
}

static noinline int tst_site_flags(unsigned long flags)
{
	TRACE_SITE_IRQS_ON(&tst_key, tst_hook, flags);
	return 2;
}

static noinline int tst_site_arg_imm(int x)
{
	TRACE_SITE_ARG(&tst_key, tst_arg_hook, -512);
	return x + 1;
}

static noinline long tst_site_arg_reg(long v)
{
	OPTIMIZER_HIDE_VAR(v);	/* a register, not a propagated constant */
	TRACE_SITE_ARG(&tst_key, tst_arg_hook, v);
	return v * 3;
}

/* Whether @ret, a hook's return address, lies in function @fn. */
static bool tst_in(unsigned long ret, void *fn)
{
	unsigned long size, off;

	return kallsyms_lookup_size_offset(ret, &size, &off) &&
	       ret - off == (unsigned long)fn;
}

static void tst_reset(void)
{
	tst_calls = 0;
	tst_ret = 0;
}

static void tst_calls_while_on(struct kunit *test)
{
	const u8 nop5[] = { BYTES_NOP5 };
	u8 *site;

	tst_reset();
	KUNIT_EXPECT_EQ(test, tst_site(1), 2);
	KUNIT_EXPECT_EQ(test, tst_calls, 0);

	static_branch_enable(&tst_key);
	KUNIT_EXPECT_EQ(test, tst_site(2), 3);
	KUNIT_EXPECT_EQ(test, tst_site(3), 4);
	KUNIT_EXPECT_EQ(test, tst_calls, 2);
	KUNIT_EXPECT_TRUE_MSG(test, tst_in(tst_ret, tst_site),
			      "hook returned to %pS", (void *)tst_ret);
	/* The hook returns just after the site: a jump (e9) while on. */
	site = (u8 *)tst_ret - 5;
	KUNIT_EXPECT_EQ(test, site[0], 0xe9);

	static_branch_disable(&tst_key);
	KUNIT_EXPECT_EQ(test, tst_site(4), 5);
	KUNIT_EXPECT_EQ(test, tst_calls, 2);
	KUNIT_EXPECT_EQ(test, memcmp(site, nop5, sizeof(nop5)), 0);
}

static void tst_flags(struct kunit *test)
{
	tst_reset();
	tst_site_flags(X86_EFLAGS_IF);
	KUNIT_EXPECT_EQ(test, tst_calls, 0);

	static_branch_enable(&tst_key);
	KUNIT_EXPECT_EQ(test, tst_site_flags(X86_EFLAGS_IF | X86_EFLAGS_FIXED), 2);
	KUNIT_EXPECT_EQ(test, tst_calls, 1);
	KUNIT_EXPECT_TRUE_MSG(test, tst_in(tst_ret, tst_site_flags),
			      "hook returned to %pS", (void *)tst_ret);
	KUNIT_EXPECT_EQ(test, tst_site_flags(X86_EFLAGS_FIXED), 2);
	KUNIT_EXPECT_EQ(test, tst_calls, 1);
	static_branch_disable(&tst_key);
}

static void tst_arg_passed(struct kunit *test)
{
	tst_reset();
	tst_arg = 0;
	KUNIT_EXPECT_EQ(test, tst_site_arg_imm(1), 2);
	KUNIT_EXPECT_EQ(test, tst_calls, 0);

	static_branch_enable(&tst_key);
	KUNIT_EXPECT_EQ(test, tst_site_arg_imm(5), 6);
	KUNIT_EXPECT_EQ(test, tst_calls, 1);
	KUNIT_EXPECT_EQ(test, tst_arg, -512);
	KUNIT_EXPECT_TRUE_MSG(test, tst_in(tst_ret, tst_site_arg_imm),
			      "hook returned to %pS", (void *)tst_ret);
	KUNIT_EXPECT_EQ(test, tst_site_arg_reg(0x123456789aL), 0x369d0369ceL);
	KUNIT_EXPECT_EQ(test, tst_calls, 2);
	KUNIT_EXPECT_EQ(test, tst_arg, 0x123456789aL);
	KUNIT_EXPECT_TRUE_MSG(test, tst_in(tst_ret, tst_site_arg_reg),
			      "hook returned to %pS", (void *)tst_ret);
	static_branch_disable(&tst_key);
	KUNIT_EXPECT_EQ(test, tst_site_arg_reg(7), 21);
	KUNIT_EXPECT_EQ(test, tst_calls, 2);
}

static struct kunit_case trace_site_cases[] = {
	KUNIT_CASE(tst_calls_while_on),
	KUNIT_CASE(tst_flags),
	KUNIT_CASE(tst_arg_passed),
	{}
};

static struct kunit_suite trace_site_suite = {
	.name = "trace_site",
	.test_cases = trace_site_cases,
};

kunit_test_suite(trace_site_suite);
