// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the probe events' fetch arguments (trace_probe.h):
 * definitions parsed or refused at the offset their error points at,
 * their layout in the record, and their values evaluated against
 * registers and memory made here, then printed.
 */
#include <kunit/test.h>
#include <linux/dcache.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/preempt.h>
#include <linux/ptrace.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "../trace_probe.h"

#define TPK_FLAGS	(TP_CTX_KERNEL | TP_CTX_ENTRY)

/* Memory the arguments read: a pointer to a string, and some numbers. */
struct tpk_mem {
	const char *str;
	u32 words[4];
	char text[8];
};

static struct tpk_mem tpk_mem = {
	.words = { 0x11223344, 0xdeadbeef, 7, 0xf0 },
	.text = "probe",
};

/* Parse @n texts into a laid-out list; fails the test on a refusal. */
static struct tp_args *tpk_args(struct kunit *test, const char *const *texts,
				unsigned int n)
{
	struct tp_args *args = tp_args_alloc(n);
	struct tp_err err = { };
	unsigned int i;
	int bad;

	KUNIT_ASSERT_NOT_NULL(test, args);
	for (i = 0; i < n; i++) {
		KUNIT_ASSERT_EQ_MSG(test, tp_arg_parse(&args->arg[i], texts[i],
						       i, TPK_FLAGS, 0, &err), 0,
				    "%s: %s", texts[i], err.msg);
	}
	KUNIT_ASSERT_EQ(test, tp_args_layout(args, 16, &bad), 0);
	return args;
}

/* The text tp_print() makes of a record. */
static char *tpk_print(const struct tp_args *args, const void *rec,
		       unsigned int len)
{
	struct seq_file m = { };
	char *buf = kzalloc(PAGE_SIZE, GFP_KERNEL);

	if (!buf)
		return NULL;
	m.buf = buf;
	m.size = PAGE_SIZE;
	tp_print(&m, args, rec, len);
	buf[min_t(size_t, m.count, PAGE_SIZE - 1)] = '\0';
	return buf;
}

static void tpk_values(struct kunit *test)
{
	static const char *const texts[] = {
		"r=%di",
		"w=+8(%di):x32",
		"s=+0(+0(%di)):string",
		"i=\\-3:s8",
		"q=\\\"q\"",
		"a=+12(%di):u32[2]",
		"b=+20(%di):b4@4/32",
		"c=+24(%di):char",
		"t=+24(%di):string",
		"m=$arg2:u16",
	};
	struct pt_regs regs = { };
	struct tp_args *args;
	unsigned int len;
	char *out, *exp;
	u8 *rec;

	tpk_mem.str = "pointed";
	args = tpk_args(test, texts, ARRAY_SIZE(texts));
	regs.di = (unsigned long)&tpk_mem;
	regs.si = 0x12345;
	rec = kzalloc(PAGE_SIZE, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, rec);
	len = tp_fetch(args, &regs, NULL, rec, PAGE_SIZE);
	/* Three strings after the fixed part, their NULs included. */
	KUNIT_EXPECT_EQ(test, len, args->size + 8 + 2 + 6);
	out = tpk_print(args, rec, len);
	KUNIT_ASSERT_NOT_NULL(test, out);
	exp = kasprintf(GFP_KERNEL,
			" r=0x%lx w=0x11223344 s=\"pointed\" i=-3 q=\"q\" a={3735928559,7} b=15 c='p' t=\"probe\" m=9029",
			regs.di);
	KUNIT_ASSERT_NOT_NULL(test, exp);
	KUNIT_EXPECT_STREQ(test, out, exp);
	kfree(exp);
	kfree(out);
	kfree(rec);
	tp_args_free(args);
}

static void tpk_fault(struct kunit *test)
{
	static const char *const texts[] = { "x=+0(%di)", "s=+0(%di):string",
					     "n=+8(+0(%di))" };
	struct tp_args *args = tpk_args(test, texts, ARRAY_SIZE(texts));
	struct pt_regs regs = { .di = 16 };
	unsigned int len;
	char *out;
	u8 *rec = kzalloc(PAGE_SIZE, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, rec);
	memset(rec, 0xa5, PAGE_SIZE);
	len = tp_fetch(args, &regs, NULL, rec, PAGE_SIZE);
	KUNIT_EXPECT_EQ(test, len, args->size);
	out = tpk_print(args, rec, len);
	KUNIT_ASSERT_NOT_NULL(test, out);
	KUNIT_EXPECT_STREQ(test, out, " x=0x0 s=(fault) n=0x0");
	kfree(out);
	kfree(rec);
	tp_args_free(args);
}

static void tpk_layout(struct kunit *test)
{
	static const char *const texts[] = { "a=%ax:u8", "b=%ax", "c=$comm",
					     "d=+0(%sp):u16[3]", "e=%ax:s32" };
	struct tp_args *args = tpk_args(test, texts, ARRAY_SIZE(texts));
	static const struct trace_ev_field head[] = {
		{ .type = "unsigned long", .name = "__probe_ip", .offset = 8,
		  .size = 8 },
	};
	struct trace_ev_field *f;
	char *fmt;

	KUNIT_EXPECT_EQ(test, args->arg[0].offset, 16);
	KUNIT_EXPECT_EQ(test, args->arg[1].offset, 17);
	KUNIT_EXPECT_EQ(test, args->arg[2].offset, 25);
	KUNIT_EXPECT_EQ(test, args->arg[3].offset, 29);
	KUNIT_EXPECT_EQ(test, args->arg[4].offset, 35);
	KUNIT_EXPECT_EQ(test, args->size, 39);
	KUNIT_EXPECT_EQ(test, args->strings, 1);
	f = tp_fields(args, head, 1);
	KUNIT_ASSERT_NOT_NULL(test, f);
	KUNIT_EXPECT_STREQ(test, f[0].name, "__probe_ip");
	KUNIT_EXPECT_STREQ(test, f[2].type, "u64");
	KUNIT_EXPECT_STREQ(test, f[3].type, "__data_loc char[]");
	KUNIT_EXPECT_EQ(test, f[3].kind, TRACE_EV_DYN);
	KUNIT_EXPECT_EQ(test, f[4].kind, TRACE_EV_ARRAY);
	KUNIT_EXPECT_EQ(test, f[4].size, 6);
	KUNIT_EXPECT_EQ(test, f[4].count, 3);
	KUNIT_EXPECT_EQ(test, f[5].is_signed, 1);
	KUNIT_EXPECT_NULL(test, f[6].name);
	fmt = tp_print_fmt(args, "(%lx)", ", REC->__probe_ip");
	KUNIT_ASSERT_NOT_NULL(test, fmt);
	KUNIT_EXPECT_STREQ(test, fmt,
			   "\"(%lx) a=%u b=0x%llx c=\\\"%s\\\" d={%u,%u,%u} e=%d\", REC->__probe_ip, REC->a, REC->b, __get_str(c), REC->d[0], REC->d[1], REC->d[2], REC->e");
	kfree(fmt);
	kfree(f);
	tp_args_free(args);
}

/* A refused argument, and the offset its error points at. */
struct tpk_bad {
	const char *text;
	unsigned int flags;
	unsigned int pos;
};

static const struct tpk_bad tpk_bads[] = {
	{ "$retval", TPK_FLAGS, 0 },
	{ "$stack10000", TPK_FLAGS, 0 },
	{ "$arg10000", TPK_FLAGS, 0 },
	{ "$arg1", TP_CTX_KERNEL, 0 },
	{ "$none_var", TPK_FLAGS, 0 },
	{ "%none_reg", TPK_FLAGS, 0 },
	{ "@12345678abcde", TPK_FLAGS, 0 },
	{ "@+10", TPK_FLAGS, 0 },
	{ "a=\\x", TPK_FLAGS, 3 },
	{ "a=\\\"abcd", TPK_FLAGS, 8 },
	{ "+0@0)", TPK_FLAGS, 0 },
	{ "+0ab1(@0)", TPK_FLAGS, 0 },
	{ "+0(+0(@0)", TPK_FLAGS, 8 },
	{ "+0($comm)", TPK_FLAGS, 3 },
	{ "&1", TPK_FLAGS, 0 },
	{ "+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(@0))))))))))))))",
	  TPK_FLAGS, 3 },
	{ "+0(@11):u8[10", TPK_FLAGS, 13 },
	{ "+0(@11):u8[10]a", TPK_FLAGS, 14 },
	{ "+0(@11):u8[10a]", TPK_FLAGS, 11 },
	{ "+0(@11):u8[256]", TPK_FLAGS, 11 },
	{ "@11:unknown_type", TPK_FLAGS, 4 },
	{ "$stack0:string", TPK_FLAGS, 8 },
	{ "@11:b10@a/16", TPK_FLAGS, 4 },
	{ "arg123456789012345678901234567890=@11", TPK_FLAGS, 0 },
	{ "=@11", TPK_FLAGS, 0 },
	{ "var.1=@11", TPK_FLAGS, 0 },
	{ "+1234567(+1234567(+1234567(+1234567(+1234567(+1234567(@1234))))))",
	  TPK_FLAGS, 0 },
	{ "arg1=", TPK_FLAGS, 5 },
	{ "$comm:x64", TPK_FLAGS, 6 },
	{ "$stack:string", TPK_FLAGS, 7 },
	{ "%ax:string", TPK_FLAGS, 4 },
	{ "%ax::x16", TPK_FLAGS, 4 },
	{ "$stack1:x8[8]", TPK_FLAGS, 8 },
	{ "$arg*", TPK_FLAGS, 0 },
	{ "@sym", 0, 0 },
};

static void tpk_errors(struct kunit *test)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(tpk_bads); i++) {
		const struct tpk_bad *b = &tpk_bads[i];
		struct tp_arg a = { };
		struct tp_err err = { };
		int ret;

		/* Offset 7 of a command: positions are relative to it. */
		ret = tp_arg_parse(&a, b->text, 0, b->flags, 7, &err);
		KUNIT_EXPECT_EQ_MSG(test, ret, -EINVAL, "%s", b->text);
		KUNIT_EXPECT_EQ_MSG(test, err.pos, 7 + b->pos, "%s: %s",
				    b->text, err.msg);
		KUNIT_EXPECT_NOT_NULL_MSG(test, err.msg, "%s", b->text);
		tp_arg_free(&a);
	}
}

static void tpk_goods(struct kunit *test)
{
	static const char *const goods[] = {
		"%ax", "@_sdata", "@_sdata+10", "@_sdata-10", "$stack",
		"$stack0", "$stack1", "$comm", "+0(%ax)", "-0(%ax)",
		"+10($stack)", "+0($stack1)", "+10(@_sdata-10)",
		"+0(+10(+20($stack)))", "varname=%ax", "%ax:x16",
		"$comm:string", "+0($stack):string", "+u8(%si):ustring",
		"%di:symstr", "%di:symbol", "\\0x10", "\\\"a b\"", "$arg1:%pd",
		"+0(%di):%pD",
		"+0(%di):x8[64]",
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(goods); i++) {
		struct tp_arg a = { };
		struct tp_err err = { };

		KUNIT_EXPECT_EQ_MSG(test, tp_arg_parse(&a, goods[i], 0,
						       TPK_FLAGS, 0, &err), 0,
				    "%s: %s", goods[i], err.msg);
		tp_arg_free(&a);
	}
}

/* A return probe's $argN from the entry's copies; %pd and %pD. */
static void tpk_return_vfs(struct kunit *test)
{
	static const char *const texts[] = { "a=$arg2", "r=$retval:s32",
					     "d=$arg1:%pd", "f=+0($arg3):%pD" };
	unsigned int flags = TPK_FLAGS | TP_CTX_RETURN;
	struct pt_regs entry = { }, ret = { .ax = -2 };
	struct tp_args *args = tp_args_alloc(ARRAY_SIZE(texts));
	unsigned long eargs[TP_MAX_EARGS], fp;
	struct tp_err err = { };
	struct dentry *d;
	struct file *f;
	unsigned int i, len;
	char *out;
	u8 *rec;
	int bad;

	KUNIT_ASSERT_NOT_NULL(test, args);
	for (i = 0; i < ARRAY_SIZE(texts); i++)
		KUNIT_ASSERT_EQ_MSG(test, tp_arg_parse(&args->arg[i], texts[i],
						       i, flags, 0, &err), 0,
				    "%s: %s", texts[i], err.msg);
	KUNIT_ASSERT_EQ(test, tp_args_layout(args, 16, &bad), 0);
	KUNIT_EXPECT_EQ(test, args->eargs, 3);
	d = kunit_kzalloc(test, sizeof(*d), GFP_KERNEL);
	f = kunit_kzalloc(test, sizeof(*f), GFP_KERNEL);
	rec = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);
	KUNIT_ASSERT_TRUE(test, d && f && rec);
	d->d_name.name = (const unsigned char *)"enable";
	f->f_path.dentry = d;
	fp = (unsigned long)f;
	entry.di = (unsigned long)d;
	entry.si = 77;
	entry.dx = (unsigned long)&fp;
	tp_save_eargs(args, &entry, eargs);
	/* At the return the argument registers hold something else. */
	ret.di = 16;
	ret.si = 16;
	ret.dx = 16;
	len = tp_fetch(args, &ret, eargs, rec, PAGE_SIZE);
	out = tpk_print(args, rec, len);
	KUNIT_ASSERT_NOT_NULL(test, out);
	KUNIT_EXPECT_STREQ(test, out,
			   " a=0x4d r=-2 d=\"enable\" f=\"enable\"");
	kfree(out);
	tp_args_free(args);
}

/* A return probe copies at most TP_MAX_EARGS arguments. */
static void tpk_return_limit(struct kunit *test)
{
	unsigned int flags = TPK_FLAGS | TP_CTX_RETURN;
	struct tp_err err = { };
	struct tp_arg a = { };

	KUNIT_EXPECT_EQ(test, tp_arg_parse(&a, "$arg16", 0, flags, 0, &err), 0);
	tp_arg_free(&a);
	memset(&a, 0, sizeof(a));
	KUNIT_EXPECT_EQ(test, tp_arg_parse(&a, "$arg17", 0, flags, 3, &err),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, err.pos, 3);
	tp_arg_free(&a);
	memset(&a, 0, sizeof(a));
	KUNIT_EXPECT_EQ(test, tp_arg_parse(&a, "$arg17", 0, TPK_FLAGS, 0, &err),
			0);
	tp_arg_free(&a);
}

/* Nested hits take the next level; one beyond the last gets none. */
static void tpk_scratch(struct kunit *test)
{
	void *page[TP_SCRATCH_NEST], *extra;
	unsigned int i, got = 0;

	KUNIT_ASSERT_EQ(test, tp_scratch_alloc(), 0);
	preempt_disable();
	for (i = 0; i < TP_SCRATCH_NEST; i++) {
		page[i] = tp_scratch_get();
		got += !!page[i];
	}
	extra = tp_scratch_get();
	if (extra)
		tp_scratch_put();
	while (got--)
		tp_scratch_put();
	preempt_enable();
	KUNIT_EXPECT_NULL(test, extra);
	for (i = 0; i < TP_SCRATCH_NEST; i++) {
		KUNIT_EXPECT_NOT_NULL(test, page[i]);
		if (i)
			KUNIT_EXPECT_PTR_NE(test, page[i], page[i - 1]);
	}
}

/* A user probe: user memory everywhere, @+OFFS, the user stack. */
static void tpk_user(struct kunit *test)
{
	struct tp_err err = { };
	struct tp_arg a = { };

	KUNIT_ASSERT_EQ(test, tp_arg_parse(&a, "@+0x10:u32", 0, TP_CTX_USER, 0,
					   &err), 0);
	KUNIT_EXPECT_EQ(test, a.src, TPS_FOFFS);
	KUNIT_EXPECT_EQ(test, a.imm, 0x10);
	KUNIT_EXPECT_TRUE(test, a.mem && a.user);
	tp_arg_free(&a);
	memset(&a, 0, sizeof(a));
	KUNIT_ASSERT_EQ(test, tp_arg_parse(&a, "$stack2", 0, TP_CTX_USER, 0,
					   &err), 0);
	KUNIT_EXPECT_EQ(test, a.src, TPS_STACKP);
	KUNIT_EXPECT_EQ(test, a.ndrf, 1);
	KUNIT_EXPECT_EQ(test, a.drf[0], 2 * sizeof(long));
	KUNIT_EXPECT_TRUE(test, a.mem && a.user);
	tp_arg_free(&a);
	memset(&a, 0, sizeof(a));
	KUNIT_ASSERT_EQ(test, tp_arg_parse(&a, "+8(%di):string", 0, TP_CTX_USER,
					   0, &err), 0);
	KUNIT_EXPECT_TRUE(test, a.user && (a.udrf & BIT(0)) &&
			  (a.udrf & TP_UDRF_SOURCE));
	tp_arg_free(&a);
	memset(&a, 0, sizeof(a));
	KUNIT_EXPECT_EQ(test, tp_arg_parse(&a, "@jiffies", 0, TP_CTX_USER, 3,
					   &err), -EINVAL);
	KUNIT_EXPECT_EQ(test, err.pos, 3);
	tp_arg_free(&a);
	memset(&a, 0, sizeof(a));
	KUNIT_EXPECT_EQ(test, tp_arg_parse(&a, "$stack0:symstr", 0, TP_CTX_USER,
					   3, &err), -EINVAL);
	KUNIT_EXPECT_EQ(test, err.pos, 3 + 8);
	tp_arg_free(&a);
	memset(&a, 0, sizeof(a));
	/* A kernel probe's @+OFFS is refused where it starts. */
	KUNIT_EXPECT_EQ(test, tp_arg_parse(&a, "@+10", 0, TPK_FLAGS, 5, &err),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, err.pos, 5);
	tp_arg_free(&a);
}

/* A record's fixed part stops at TP_MAX_FIXED: the argument says where. */
static void tpk_too_big(struct kunit *test)
{
	static const char *const texts[] = {
		"a=+0(%di):u64[64]", "b=+0(%di):u64[64]", "c=+0(%di):u64[64]",
		"d=+0(%di):u64[64]", "e=+0(%di):u64[64]",
	};
	struct tp_args *args = tp_args_alloc(ARRAY_SIZE(texts));
	struct tp_err err = { };
	unsigned int i;
	int bad = -1;

	KUNIT_ASSERT_NOT_NULL(test, args);
	for (i = 0; i < ARRAY_SIZE(texts); i++)
		KUNIT_ASSERT_EQ(test, tp_arg_parse(&args->arg[i], texts[i], i,
						   TPK_FLAGS, 0, &err), 0);
	KUNIT_EXPECT_EQ(test, tp_args_layout(args, 16, &bad), -E2BIG);
	KUNIT_EXPECT_EQ(test, bad, (int)(TP_MAX_FIXED - 16) / 512);
	tp_args_free(args);
}

static struct kunit_case tpk_cases[] = {
	KUNIT_CASE(tpk_too_big),
	KUNIT_CASE(tpk_user),
	KUNIT_CASE(tpk_scratch),
	KUNIT_CASE(tpk_return_vfs),
	KUNIT_CASE(tpk_return_limit),
	KUNIT_CASE(tpk_values),
	KUNIT_CASE(tpk_fault),
	KUNIT_CASE(tpk_layout),
	KUNIT_CASE(tpk_errors),
	KUNIT_CASE(tpk_goods),
	{}
};

static struct kunit_suite tpk_suite = {
	.name = "trace_probe_args",
	.test_cases = tpk_cases,
};

kunit_test_suite(tpk_suite);

MODULE_DESCRIPTION("KUnit tests of the probe events' fetch arguments");
MODULE_LICENSE("GPL");
