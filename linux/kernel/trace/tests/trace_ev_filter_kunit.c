// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the event filter language (trace_ev_filter.c), through
 * its interface: every operator on numbers and strings, signedness, the
 * connectives and their precedence, the common fields, and malformed
 * input with the offset its error points at.
 */
#include <kunit/test.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/string.h>

#include "../trace.h"
#include "../trace_ev_core.h"

/* A record: the common fields, then these. */
struct tfk_rec {
	struct trace_entry ent;
	int sval;
	unsigned int uval;
	u8 byte;
	char name[8];
	u32 __data_loc_dyn;
	u64 big;
	unsigned long ip;
	char data[16];
};

static const struct trace_ev_field tfk_fields[] = {
	{ "int", "sval", offsetof(struct tfk_rec, sval), 4, 0, 1, TRACE_EV_NUM },
	{ "unsigned int", "uval", offsetof(struct tfk_rec, uval), 4, 0, 0,
	  TRACE_EV_NUM },
	{ "u8", "byte", offsetof(struct tfk_rec, byte), 1, 0, 0, TRACE_EV_NUM },
	{ "char", "name", offsetof(struct tfk_rec, name), 8, 8, 0,
	  TRACE_EV_ARRAY },
	{ "__data_loc char[]", "dyn", offsetof(struct tfk_rec, __data_loc_dyn),
	  4, 0, 0, TRACE_EV_DYN },
	{ "u64", "big", offsetof(struct tfk_rec, big), 8, 0, 0, TRACE_EV_NUM },
	{ "unsigned long", "ip", offsetof(struct tfk_rec, ip), 8, 0, 0,
	  TRACE_EV_NUM },
	{}
};

static void tfk_fill(struct tfk_rec *r)
{
	memset(r, 0, sizeof(*r));
	r->ent.pid = 42;
	r->sval = -5;
	r->uval = 0x30;
	r->byte = 200;
	memcpy(r->name, "kworker1", 8);	/* no NUL: the field is full */
	strscpy(r->data, "hello", sizeof(r->data));
	r->__data_loc_dyn = offsetof(struct tfk_rec, data) | (6 << 16);
	r->big = 1ULL << 40;
	r->ip = (unsigned long)trace_ev_filter_match + 4;
}

/* Whether @expr compiles, and then whether the record passes it. */
static bool tfk_match(struct kunit *test, const char *expr)
{
	struct trace_ev_filter *f;
	struct tfk_rec r;
	unsigned int pos;
	const char *err;
	bool ok;

	tfk_fill(&r);
	f = trace_ev_filter_compile(tfk_fields, expr, &err, &pos);
	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(f), "%s: %s at %u", expr,
			       IS_ERR(f) ? err : "", IS_ERR(f) ? pos : 0);
	KUNIT_EXPECT_STREQ(test, trace_ev_filter_text(f), expr);
	ok = trace_ev_filter_match(f, &r, sizeof(r));
	trace_ev_filter_free(f);
	return ok;
}

static void tfk_numbers(struct kunit *test)
{
	KUNIT_EXPECT_TRUE(test, tfk_match(test, "sval == -5"));
	KUNIT_EXPECT_FALSE(test, tfk_match(test, "sval != -5"));
	KUNIT_EXPECT_TRUE(test, tfk_match(test, "sval < 0"));
	KUNIT_EXPECT_TRUE(test, tfk_match(test, "sval <= -5"));
	KUNIT_EXPECT_FALSE(test, tfk_match(test, "sval > -5"));
	KUNIT_EXPECT_TRUE(test, tfk_match(test, "sval >= -5"));
	KUNIT_EXPECT_TRUE(test, tfk_match(test, "uval == 0x30"));
	KUNIT_EXPECT_TRUE(test, tfk_match(test, "uval > 47"));
	KUNIT_EXPECT_FALSE(test, tfk_match(test, "uval < 48"));
	KUNIT_EXPECT_TRUE(test, tfk_match(test, "uval & 0x10"));
	KUNIT_EXPECT_FALSE(test, tfk_match(test, "uval & 0x0f"));
	/* 200 in a u8 is not a negative number. */
	KUNIT_EXPECT_TRUE(test, tfk_match(test, "byte > 100"));
	KUNIT_EXPECT_TRUE(test, tfk_match(test, "big == 1099511627776"));
	KUNIT_EXPECT_TRUE(test, tfk_match(test, "common_pid == 42"));
	KUNIT_EXPECT_TRUE(test, tfk_match(test, "cpu >= 0"));
	/* An address inside a function, named or given by an address. */
	KUNIT_EXPECT_TRUE(test, tfk_match(test, "ip.function == trace_ev_filter_match"));
	KUNIT_EXPECT_FALSE(test, tfk_match(test, "ip.function != trace_ev_filter_match"));
	KUNIT_EXPECT_FALSE(test, tfk_match(test, "ip.function == trace_ev_filter_free"));
}

static void tfk_strings(struct kunit *test)
{
	KUNIT_EXPECT_TRUE(test, tfk_match(test, "name == kworker1"));
	KUNIT_EXPECT_TRUE(test, tfk_match(test, "name == \"kworker1\""));
	KUNIT_EXPECT_FALSE(test, tfk_match(test, "name == kworker"));
	KUNIT_EXPECT_TRUE(test, tfk_match(test, "name != kworker"));
	KUNIT_EXPECT_TRUE(test, tfk_match(test, "name ~ \"kwork*\""));
	KUNIT_EXPECT_TRUE(test, tfk_match(test, "name ~ '*er1'"));
	KUNIT_EXPECT_FALSE(test, tfk_match(test, "name ~ \"rcu*\""));
	KUNIT_EXPECT_TRUE(test, tfk_match(test, "dyn == hello"));
	KUNIT_EXPECT_TRUE(test, tfk_match(test, "dyn ~ \"h?ll*\""));
	KUNIT_EXPECT_FALSE(test, tfk_match(test, "dyn == hell"));
}

static void tfk_logic(struct kunit *test)
{
	KUNIT_EXPECT_TRUE(test, tfk_match(test, "sval == -5 && uval == 48"));
	KUNIT_EXPECT_FALSE(test, tfk_match(test, "sval == -5 && uval == 1"));
	KUNIT_EXPECT_TRUE(test, tfk_match(test, "sval == 1 || uval == 48"));
	/* && binds tighter than ||. */
	KUNIT_EXPECT_TRUE(test, tfk_match(test, "sval == -5 || uval == 1 && byte == 1"));
	KUNIT_EXPECT_FALSE(test, tfk_match(test, "(sval == -5 || uval == 1) && byte == 1"));
	KUNIT_EXPECT_TRUE(test, tfk_match(test, "!(sval == 1)"));
	KUNIT_EXPECT_TRUE(test, tfk_match(test, "!!(sval == -5)"));
	KUNIT_EXPECT_FALSE(test, tfk_match(test, "!(sval == -5 && name ~ \"k*\")"));
	KUNIT_EXPECT_TRUE(test, tfk_match(test, "((sval<0))&&(uval>=0x30)"));
}

/* @expr must fail with @err at @pos. */
static void tfk_bad(struct kunit *test, const char *expr, const char *want,
		    unsigned int want_pos)
{
	struct trace_ev_filter *f;
	unsigned int pos = 0;
	const char *err = NULL;

	f = trace_ev_filter_compile(tfk_fields, expr, &err, &pos);
	KUNIT_ASSERT_TRUE_MSG(test, IS_ERR(f), "accepted: %s", expr);
	KUNIT_EXPECT_EQ(test, PTR_ERR(f), -EINVAL);
	KUNIT_EXPECT_STREQ_MSG(test, err, want, "%s", expr);
	KUNIT_EXPECT_EQ_MSG(test, pos, want_pos, "%s", expr);
}

static void tfk_malformed(struct kunit *test)
{
	tfk_bad(test, "nosuch == 1", "Field not found", 7);
	tfk_bad(test, "sval = 1", "Invalid operator", 5);
	tfk_bad(test, "sval", "Invalid operator", 4);
	tfk_bad(test, "sval == ", "Missing operand", 8);
	tfk_bad(test, "sval == x1", "Illegal integer value", 8);
	tfk_bad(test, "uval == -1", "Illegal integer value", 8);
	tfk_bad(test, "sval ~ 1", "Invalid operator for this field", 5);
	tfk_bad(test, "name < a", "Invalid operator for this field", 5);
	tfk_bad(test, "name == \"abc", "Unterminated string", 8);
	tfk_bad(test, "(sval == 1", "Unbalanced parens", 0);
	tfk_bad(test, "sval == 1)", "Unbalanced parens", 9);
	tfk_bad(test, "sval == 1 &&", "Missing field", 12);
	tfk_bad(test, "sval == 1 || !", "Missing field", 14);
	tfk_bad(test, "sval == 1 uval == 2", "Illegal token", 10);
	tfk_bad(test, "", "Missing field", 0);
	tfk_bad(test, "ip.function == no_such_function_here", "Function not found", 15);
	tfk_bad(test, "ip.function < 1", "Invalid operator for this field", 12);
	tfk_bad(test, "sval.function == 1", "Invalid operator for this field", 14);
}

static struct kunit_case tfk_cases[] = {
	KUNIT_CASE(tfk_numbers),
	KUNIT_CASE(tfk_strings),
	KUNIT_CASE(tfk_logic),
	KUNIT_CASE(tfk_malformed),
	{}
};

static struct kunit_suite tfk_suite = {
	.name = "trace_ev_filter",
	.test_cases = tfk_cases,
};

kunit_test_suite(tfk_suite);
