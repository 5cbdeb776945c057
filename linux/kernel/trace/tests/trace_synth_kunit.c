// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of synthetic event definitions (trace_synth.h): texts read
 * or refused at the offset their error points at (the offsets are those
 * upstream's error_log shows for the same texts), the layout, listing
 * and print fmt of what was read, and records made here printed.
 */
#include <kunit/test.h>
#include <linux/kernel.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include "../trace_synth.h"

/**
 * struct tsk_bad - a definition refused
 * @text:	the definition, its name first
 * @pos:	where its error points
 * @msg:	the start of the error's text
 */
struct tsk_bad {
	const char *text;
	unsigned int pos;
	const char *msg;
};

static const struct tsk_bad tsk_bads[] = {
	{ "myevent chr arg", 8, "Invalid type" },
	{ "myevent unsigned arg", 8, "Incomplete type" },
	{ "myevent unsigned", 8, "Incomplete type" },
	{ "myevent char str]; int v", 13, "Illegal name" },
	{ "mye-vent char str[]", 0, "Illegal name" },
	{ "myevent char st-r[]", 13, "Illegal name" },
	{ "myevent char str;[]", 17, "Invalid field" },
	{ "myevent char str; int", 18, "Invalid field" },
	{ "myevent char str[; int v", 13, "Invalid array" },
	{ "myevent char str[kdjdk]", 13, "Invalid array" },
	{ "myevent char str[257]", 13, "Invalid array" },
	{ "myevent char str[0]", 13, "Invalid array" },
	{ "mye;vent char str[]", 0, "Command must be" },
	{ "myevent ; char str[]", 0, "Command must be" },
	{ "myevent; char str[]", 0, "Command must be" },
	{ "myevent ;char str[]", 0, "Command must be" },
	{ "myevent", 0, "Command must be" },
	{ "myevent u64 a b", 14, "Invalid field" },
	{ "myevent unsigned long long a", 27, "Invalid field" },
	{ "myevent struct foo a", 8, "Invalid type" },
	{ "myevent u64 a[]", 8, "Invalid type" },
	{ "myevent u32 arr[4]", 8, "Invalid type" },
	{ "myevent int[] stack", 8, "Invalid type" },
	{ "myevent u64[] foo", 8, "Invalid type" },
	{ "myevent unsigned short f", 17, "Invalid type" },
	{ "myevent 8u64 x", 8, "Invalid type" },
	{ "myevent u64 usecs.x", 12, "Illegal name" },
	{ "myevent u64 9x", 12, "Illegal name" },
	{ "myevent u64 a; u64 a", 19, "A field of this name" },
	{ "myevent u64 common_pid", 12, "A field of this name" },
};

static void tsk_errors(struct kunit *test)
{
	const struct tsk_bad *b;
	struct tp_err err;
	struct ts_def def;

	for (b = tsk_bads; b < tsk_bads + ARRAY_SIZE(tsk_bads); b++) {
		memset(&err, 0, sizeof(err));
		KUNIT_EXPECT_EQ_MSG(test, ts_def_parse(b->text, 0, &def, &err),
				    -EINVAL, "%s", b->text);
		KUNIT_EXPECT_EQ_MSG(test, err.pos, b->pos, "%s", b->text);
		KUNIT_EXPECT_NOT_NULL_MSG(test, err.msg, "%s", b->text);
		if (err.msg)
			KUNIT_EXPECT_EQ_MSG(test, strncmp(err.msg, b->msg,
							  strlen(b->msg)), 0,
					    "%s: %s", b->text, err.msg);
		ts_def_free(&def);
	}
}

/* Sixty-four fields are taken; a sixty-fifth is refused at the start. */
static void tsk_too_many(struct kunit *test)
{
	char *text = kzalloc(2048, GFP_KERNEL);
	struct tp_err err = { };
	struct ts_def def;
	int i, n;

	KUNIT_ASSERT_NOT_NULL(test, text);
	n = sprintf(text, "many");
	for (i = 0; i < TS_MAX_FIELDS; i++)
		n += sprintf(text + n, " u8 f%d;", i);
	KUNIT_EXPECT_EQ(test, ts_def_parse(text, 0, &def, &err), 0);
	KUNIT_EXPECT_EQ(test, def.nr, TS_MAX_FIELDS);
	ts_def_free(&def);
	sprintf(text + n, " u8 extra");
	KUNIT_EXPECT_EQ(test, ts_def_parse(text, 0, &def, &err), -EINVAL);
	KUNIT_EXPECT_EQ(test, err.pos, 0);
	KUNIT_EXPECT_STREQ(test, err.msg, "Too many fields");
	ts_def_free(&def);
	kfree(text);
}

/* What a seq_file print made of a definition or a record. */
static char *tsk_text(void (*fn)(struct seq_file *m, const struct ts_def *def,
				 const void *rec, unsigned int len),
		      const struct ts_def *def, const void *rec,
		      unsigned int len)
{
	struct seq_file m = { };
	char *buf = kzalloc(PAGE_SIZE, GFP_KERNEL);

	if (!buf)
		return NULL;
	m.buf = buf;
	m.size = PAGE_SIZE;
	if (fn)
		fn(&m, def, rec, len);
	else
		ts_def_show(&m, def);
	buf[min_t(size_t, m.count, PAGE_SIZE - 1)] = '\0';
	return buf;
}

/*
 * Fields at their natural alignment after the 8 bytes of common fields;
 * the listing in the form the files take back, from texts that separate
 * fields with ';', with spaces only, or leave empty ones.
 */
static void tsk_layout(struct kunit *test)
{
	static const char text[] =
		"   lat_ev u8 a; u64 lat ;; char comm[16] pid_t pid;char[] path; "
		"long[] st; unsigned int u; char[4] tag; gfp_t g; bool b;";
	static const struct { const char *name; unsigned int off; } want[] = {
		{ "a", 8 }, { "lat", 16 }, { "comm", 24 }, { "pid", 40 },
		{ "path", 44 }, { "st", 48 }, { "u", 52 }, { "tag", 56 },
		{ "g", 60 }, { "b", 64 },
	};
	struct tp_err err = { };
	struct trace_ev_field *ef;
	struct ts_def def;
	unsigned int i;
	char *s;

	KUNIT_ASSERT_EQ(test, ts_def_parse(text, 3, &def, &err), 0);
	KUNIT_EXPECT_STREQ(test, def.name, "lat_ev");
	KUNIT_ASSERT_EQ(test, def.nr, ARRAY_SIZE(want));
	for (i = 0; i < def.nr; i++) {
		KUNIT_EXPECT_STREQ(test, def.fields[i].name, want[i].name);
		KUNIT_EXPECT_EQ_MSG(test, def.fields[i].offset, want[i].off,
				    "%s", want[i].name);
	}
	KUNIT_EXPECT_EQ(test, def.size, 65);

	s = tsk_text(NULL, &def, NULL, 0);
	KUNIT_EXPECT_STREQ(test, s,
			   "u8 a; u64 lat; char[16] comm; pid_t pid; char[] path; long[] st; unsigned int u; char[4] tag; gfp_t g; bool b");
	kfree(s);

	s = ts_def_print_fmt(&def);
	KUNIT_EXPECT_STREQ(test, s,
			   "\"a=%u, lat=%llu, comm=%s, pid=%d, path=%s, st=%s, u=%u, tag=%s, g=%x, b=%d\", REC->a, REC->lat, REC->comm, REC->pid, __get_str(path), __get_stacktrace(st), REC->u, REC->tag, REC->g, REC->b");
	kfree(s);

	ef = ts_def_ev_fields(&def);
	KUNIT_ASSERT_NOT_NULL(test, ef);
	KUNIT_EXPECT_STREQ(test, ef[2].type, "char");
	KUNIT_EXPECT_EQ(test, ef[2].count, 16);
	KUNIT_EXPECT_STREQ(test, ef[4].type, "__data_loc char[]");
	KUNIT_EXPECT_EQ(test, ef[4].size, 4);
	KUNIT_EXPECT_STREQ(test, ef[5].type, "__data_loc long[]");
	KUNIT_EXPECT_EQ(test, ef[3].is_signed, 1);
	KUNIT_EXPECT_EQ(test, ef[6].is_signed, 0);
	KUNIT_EXPECT_NULL(test, ef[def.nr].name);
	kfree(ef);
	ts_def_free(&def);
}

/* A record made here, printed; a __data_loc out of the record is left out. */
static void tsk_print(struct kunit *test)
{
	static const char text[] =
		"ev s8 n; u64 lat; char comm[8]; char[] path; long[] st; gfp_t g";
	struct tp_err err = { };
	unsigned long *ips;
	struct ts_def def;
	u8 rec[128] = { };
	unsigned int len;
	char *s, want[160];

	KUNIT_ASSERT_EQ(test, ts_def_parse(text, 0, &def, &err), 0);
	len = def.size;
	rec[def.fields[0].offset] = 0xfe;
	put_unaligned(12345678901ULL, (u64 *)(rec + def.fields[1].offset));
	memcpy(rec + def.fields[2].offset, "swapper/", 8);
	put_unaligned(6 << 16 | len, (u32 *)(rec + def.fields[3].offset));
	memcpy(rec + len, "/tmp/x", 6);
	len += 6;
	len = ALIGN(len, sizeof(long));
	put_unaligned(2 * sizeof(long) << 16 | len,
		      (u32 *)(rec + def.fields[4].offset));
	ips = (unsigned long *)(rec + len);
	ips[0] = (unsigned long)tsk_print;
	ips[1] = 0;
	len += 2 * sizeof(long);
	put_unaligned(0x400cc0, (u32 *)(rec + def.fields[5].offset));

	s = tsk_text(ts_def_print, &def, rec, len);
	snprintf(want, sizeof(want),
		 "n=-2 lat=12345678901 comm=swapper/ path=/tmp/x st=STACK:\n=> %pS g=400cc0\n",
		 (void *)tsk_print);
	KUNIT_EXPECT_STREQ(test, s, want);
	kfree(s);

	/* The path's data said to lie past the record's end. */
	put_unaligned(6 << 16 | 120, (u32 *)(rec + def.fields[3].offset));
	s = tsk_text(ts_def_print, &def, rec, len);
	KUNIT_EXPECT_NOT_NULL(test, strstr(s, " path= st="));
	kfree(s);
	ts_def_free(&def);
}

static struct kunit_case tsk_cases[] = {
	KUNIT_CASE(tsk_errors),
	KUNIT_CASE(tsk_too_many),
	KUNIT_CASE(tsk_layout),
	KUNIT_CASE(tsk_print),
	{}
};

static struct kunit_suite tsk_suite = {
	.name = "trace_synth_def",
	.test_cases = tsk_cases,
};

kunit_test_suite(tsk_suite);

MODULE_DESCRIPTION("KUnit tests of synthetic event definitions");
MODULE_LICENSE("GPL");
