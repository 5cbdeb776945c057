// SPDX-License-Identifier: GPL-2.0
/*
 * A synthetic event's definition (trace_synth.h): read from its text,
 * with errors placed where error_log shows them; its fields laid out in
 * its record, each at its natural alignment after the common fields; its
 * listing, fields and print fmt for the format file; and its records
 * printed, "name=value" a field, as the format's print fmt says.
 */
#include <linux/ctype.h>
#include <linux/kernel.h>
#include <linux/kprobes.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/seq_buf.h>
#include <linux/trace_events.h>
#include <linux/unaligned.h>

#include "trace_hist.h"
#include "trace_synth.h"

/**
 * struct ts_type - a type a number field may have
 * @name:	as written
 * @size:	its size
 * @is_signed:	whether it is signed
 * @fmt:	how the print fmt shows it
 */
struct ts_type {
	const char *name;
	u8 size;
	bool is_signed;
	const char *fmt;
};

static const struct ts_type ts_types[] = {
	{ "u64", 8, false, "%llu" },
	{ "s64", 8, true, "%lld" },
	{ "u32", 4, false, "%u" },
	{ "s32", 4, true, "%d" },
	{ "u16", 2, false, "%u" },
	{ "s16", 2, true, "%d" },
	{ "u8", 1, false, "%u" },
	{ "s8", 1, true, "%d" },
	{ "char", 1, true, "%d" },
	{ "unsigned char", 1, false, "%u" },
	{ "int", 4, true, "%d" },
	{ "unsigned int", 4, false, "%u" },
	{ "long", sizeof(long), true, "%ld" },
	{ "unsigned long", sizeof(long), false, "%lu" },
	{ "bool", 1, true, "%d" },
	{ "pid_t", 4, true, "%d" },
	{ "gfp_t", 4, false, "%x" },
};

/* The texts error_log shows for what a definition gets wrong. */
#define TS_ERR_CMD	"Command must be of the form: <name> field[;field] ..."
#define TS_ERR_TYPE	"Invalid type"
#define TS_ERR_INCOMPLETE "Incomplete type"
#define TS_ERR_NAME	"Illegal name"
#define TS_ERR_FIELD	"Invalid field"
#define TS_ERR_ARRAY	"Invalid array specification"
#define TS_ERR_MANY	"Too many fields"
#define TS_ERR_TWICE	"A field of this name is already defined"

static const struct ts_type *ts_type_find(const char *name, size_t n)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(ts_types); i++)
		if (strlen(ts_types[i].name) == n &&
		    !strncmp(ts_types[i].name, name, n))
			return &ts_types[i];
	return NULL;
}

/*
 * A word's "[...]": -1 when it has none, 0 for "[]", N for "[N]" with N
 * from 1 to TS_STR_MAX, or -EINVAL. @n is cut to what precedes it.
 */
static int ts_brackets(const char *s, size_t *n)
{
	const char *open = strnchr(s, *n, '[');
	size_t inner;
	unsigned int v;
	char buf[8];

	if (!open)
		return -1;
	inner = s + *n - open - 1;
	*n = open - s;
	if (!inner || open[inner] != ']')
		return -EINVAL;
	if (inner == 1)
		return 0;
	if (inner - 1 >= sizeof(buf))
		return -EINVAL;
	memcpy(buf, open + 1, inner - 1);
	buf[inner - 1] = '\0';
	if (kstrtouint(buf, 10, &v) || !v || v > TS_STR_MAX)
		return -EINVAL;
	return v;
}

/* The next word in [@p, @end): its start (NULL: none) and length. */
static const char *ts_word(const char **p, const char *end, size_t *len)
{
	const char *w = *p;

	while (w < end && isspace(*w))
		w++;
	if (w == end)
		return NULL;
	*p = w;
	while (*p < end && !isspace(**p))
		(*p)++;
	*len = *p - w;
	return w;
}

/* Whether @f's name is that of a common field or of a field before it. */
static bool ts_name_taken(const struct ts_def *def, const char *name,
			  size_t n)
{
	unsigned int i;

	if (n > 7 && !strncmp(name, "common_", 7))
		return true;
	for (i = 0; i < def->nr; i++)
		if (strlen(def->fields[i].name) == n &&
		    !strncmp(def->fields[i].name, name, n))
			return true;
	return false;
}

/*
 * Read the field that starts at @type (@tlen bytes) into @def's next
 * field: @p is past it; the words up to @end follow. A field is a type
 * and a name; the type is two words after "unsigned".
 */
static int ts_field_parse(const char *line, const char *type, size_t tlen,
			  const char **p, const char *end, struct ts_def *def,
			  struct tp_err *err)
{
	struct ts_field *f = &def->fields[def->nr];
	const char *name, *last = type;
	size_t nlen, base;
	int tarr, narr;

	if (tlen == 8 && !strncmp(type, "unsigned", 8)) {
		last = ts_word(p, end, &nlen);
		if (last)
			tlen = last + nlen - type;
		name = last ? ts_word(p, end, &nlen) : NULL;
		if (!name)
			return tp_fail(err, type - line, TS_ERR_INCOMPLETE);
	} else {
		name = ts_word(p, end, &nlen);
		if (!name)
			return tp_fail(err, type - line, TS_ERR_FIELD);
	}

	narr = ts_brackets(name, &nlen);
	if (!tp_is_name(name, nlen))
		return tp_fail(err, name - line, TS_ERR_NAME);
	if (narr == -EINVAL)
		return tp_fail(err, name - line, TS_ERR_ARRAY);
	if (ts_name_taken(def, name, nlen))
		return tp_fail(err, name - line, TS_ERR_TWICE);
	base = tlen;
	tarr = ts_brackets(type, &base);
	if (tarr == -EINVAL || (tarr >= 0 && narr >= 0))
		return tp_fail(err, (tarr == -EINVAL ? type : name) - line,
			       TS_ERR_ARRAY);
	tarr = narr >= 0 ? narr : tarr;

	f->type = ts_type_find(type, base);
	if (tarr < 0 && f->type) {
		f->kind = TS_NUM;
	} else if (tarr >= 0 && base == 4 && !strncmp(type, "char", 4)) {
		f->kind = tarr ? TS_STR : TS_DYNSTR;
		f->len = tarr;
	} else if (tarr == 0 && f->type && f->type->size == sizeof(long) &&
		   strstr(f->type->name, "long")) {
		f->kind = TS_STACK;
		f->is_signed = f->type->is_signed;
	} else {
		/* After "unsigned", the word that does not go with it. */
		return tp_fail(err, last - line, TS_ERR_TYPE);
	}
	f->name = kstrndup(name, nlen, GFP_KERNEL);
	if (!f->name)
		return -ENOMEM;
	def->nr++;
	return 0;
}

/* Place each field in the record; the fixed part's size. */
static void ts_def_layout(struct ts_def *def)
{
	unsigned int i, off = sizeof(struct trace_entry), size, align;
	struct ts_field *f;

	for (i = 0; i < def->nr; i++) {
		f = &def->fields[i];
		switch (f->kind) {
		case TS_NUM:
			size = f->type->size;
			align = size;
			break;
		case TS_STR:
			size = f->len;
			align = 1;
			break;
		default:
			/* A __data_loc word: its data's length and offset. */
			size = sizeof(u32);
			align = size;
		}
		off = ALIGN(off, align);
		f->offset = off;
		off += size;
	}
	def->size = off;
}

/**
 * ts_def_parse() - read a synthetic event's definition
 * @line:	the command, as error_log shows it
 * @at:		where its name starts in @line
 * @def:	filled; ts_def_free() frees it, also after a failure
 * @err:	where an -EINVAL points, in @line
 *
 * The name, then fields separated by ';' or by nothing but spaces (an
 * empty one is skipped), each of two words, or three after "unsigned". A command whose name runs
 * into a ';', or that has no field, is refused at its start.
 *
 * Return: 0, -EINVAL or -ENOMEM.
 */
int ts_def_parse(const char *line, unsigned int at, struct ts_def *def,
		 struct tp_err *err)
{
	const char *name = line + at, *p, *end, *type;
	size_t nlen = strcspn(name, " \t\n\v\f\r"), tlen;
	struct ts_field *f;
	int ret;

	memset(def, 0, sizeof(*def));
	p = skip_spaces(name + nlen);
	if (!nlen || strnchr(name, nlen, ';') || !*p || *p == ';')
		return tp_fail(err, 0, TS_ERR_CMD);
	if (!tp_is_name(name, nlen))
		return tp_fail(err, at, TS_ERR_NAME);
	def->name = kstrndup(name, nlen, GFP_KERNEL);
	def->fields = kcalloc(TS_MAX_FIELDS, sizeof(*def->fields), GFP_KERNEL);
	if (!def->name || !def->fields)
		return -ENOMEM;
	/* Fields end at a ';', or after their name. */
	for (; *p; p = *end ? end + 1 : end) {
		end = strchrnul(p, ';');
		while ((type = ts_word(&p, end, &tlen))) {
			if (def->nr == TS_MAX_FIELDS)
				return tp_fail(err, 0, TS_ERR_MANY);
			ret = ts_field_parse(line, type, tlen, &p, end, def,
					     err);
			if (ret)
				return ret;
		}
	}
	ts_def_layout(def);
	/* Room was made for the most fields: keep what they take. */
	f = krealloc_array(def->fields, def->nr, sizeof(*f), GFP_KERNEL);
	if (f)
		def->fields = f;
	return 0;
}

/**
 * ts_def_free() - free what ts_def_parse() made
 * @def:	the definition
 */
void ts_def_free(struct ts_def *def)
{
	unsigned int i;

	if (def->fields)
		for (i = 0; i < def->nr; i++)
			kfree(def->fields[i].name);
	kfree(def->fields);
	kfree(def->name);
	memset(def, 0, sizeof(*def));
}

/**
 * ts_def_show() - list a definition's fields
 * @m:		where
 * @def:	the definition
 *
 * "u64 lat; char[16] comm; char[] path; unsigned long[] stack": the form
 * the definition files take back.
 */
void ts_def_show(struct seq_file *m, const struct ts_def *def)
{
	const struct ts_field *f;
	unsigned int i;

	for (i = 0; i < def->nr; i++) {
		f = &def->fields[i];
		if (i)
			seq_puts(m, "; ");
		switch (f->kind) {
		case TS_NUM:
			seq_printf(m, "%s %s", f->type->name, f->name);
			break;
		case TS_STR:
			seq_printf(m, "char[%u] %s", f->len, f->name);
			break;
		case TS_DYNSTR:
			seq_printf(m, "char[] %s", f->name);
			break;
		case TS_STACK:
			seq_printf(m, "%slong[] %s", f->is_signed ? "" : "unsigned ",
				   f->name);
			break;
		}
	}
}

/**
 * ts_def_ev_fields() - the fields of a definition, for the format file
 * and the filters
 * @def:	the definition, laid out
 *
 * Return: an array ended by a field with no name, or NULL (no memory).
 * The names are @def's: it must outlive the array.
 */
struct trace_ev_field *ts_def_ev_fields(const struct ts_def *def)
{
	struct trace_ev_field *out = kcalloc(def->nr + 1, sizeof(*out),
					     GFP_KERNEL);
	const struct ts_field *f;
	unsigned int i;

	if (!out)
		return NULL;
	for (i = 0; i < def->nr; i++) {
		f = &def->fields[i];
		out[i].name = f->name;
		out[i].offset = f->offset;
		switch (f->kind) {
		case TS_NUM:
			out[i].type = f->type->name;
			out[i].size = f->type->size;
			out[i].is_signed = f->type->is_signed;
			break;
		case TS_STR:
			out[i].type = "char";
			out[i].size = f->len;
			out[i].count = f->len;
			out[i].is_signed = 1;
			out[i].kind = TRACE_EV_ARRAY;
			break;
		default:
			out[i].type = f->kind == TS_DYNSTR ? "__data_loc char[]" :
				      f->is_signed ? "__data_loc long[]" :
				      "__data_loc unsigned long[]";
			out[i].size = sizeof(u32);
			out[i].is_signed = 1;
			out[i].kind = TRACE_EV_DYN;
		}
	}
	return out;
}

/**
 * ts_def_print_fmt() - a definition's print fmt
 * @def:	the definition
 *
 * "\"lat=%llu, comm=%s\", REC->lat, REC->comm"; a __data_loc string is
 * __get_str(), a stack __get_stacktrace().
 *
 * Return: a string to kfree(), or NULL (no memory).
 */
char *ts_def_print_fmt(const struct ts_def *def)
{
	struct seq_buf s;
	const struct ts_field *f;
	unsigned int i;
	size_t size = 16;
	char *buf;

	for (i = 0; i < def->nr; i++)
		size += 2 * strlen(def->fields[i].name) + 40;
	buf = kmalloc(size, GFP_KERNEL);
	if (!buf)
		return NULL;
	seq_buf_init(&s, buf, size);
	seq_buf_putc(&s, '"');
	for (i = 0; i < def->nr; i++) {
		f = &def->fields[i];
		seq_buf_printf(&s, "%s%s=%s", i ? ", " : "", f->name,
			       f->kind == TS_NUM ? f->type->fmt : "%s");
	}
	seq_buf_putc(&s, '"');
	for (i = 0; i < def->nr; i++) {
		f = &def->fields[i];
		if (f->kind == TS_DYNSTR)
			seq_buf_printf(&s, ", __get_str(%s)", f->name);
		else if (f->kind == TS_STACK)
			seq_buf_printf(&s, ", __get_stacktrace(%s)", f->name);
		else
			seq_buf_printf(&s, ", REC->%s", f->name);
	}
	seq_buf_str(&s);
	return buf;
}

/* A number field's value, sign-extended when its type is signed. */
static u64 ts_num(const struct ts_field *f, const u8 *p)
{
	switch (f->type->size) {
	case 1:
		return f->type->is_signed ? (s64)*(s8 *)p : *p;
	case 2:
		return f->type->is_signed ? (s64)get_unaligned((s16 *)p) :
		       get_unaligned((u16 *)p);
	case 4:
		return f->type->is_signed ? (s64)get_unaligned((s32 *)p) :
		       get_unaligned((u32 *)p);
	default:
		return get_unaligned((u64 *)p);
	}
}

/* A __data_loc field's data, within the record; false when it is not. */
static bool ts_loc(const struct ts_field *f, const u8 *rec, unsigned int len,
		   const u8 **data, unsigned int *n)
{
	u32 loc = get_unaligned((u32 *)(rec + f->offset));

	*data = rec + (loc & 0xffff);
	*n = loc >> 16;
	return (loc & 0xffff) + *n <= len;
}

/**
 * ts_def_print() - print a record of a synthetic event
 * @m:		where
 * @def:	its definition
 * @rec:	the record
 * @len:	its length
 *
 * "lat=1 comm=sh", a space between fields, and a newline; a stack is
 * "STACK:" and a "=> symbol+off/size" line for each address.
 */
void ts_def_print(struct seq_file *m, const struct ts_def *def,
		  const void *rec, unsigned int len)
{
	const struct ts_field *f;
	const u8 *p = rec, *data;
	unsigned int i, n, k;
	u64 v;

	for (i = 0; i < def->nr; i++) {
		f = &def->fields[i];
		seq_printf(m, "%s%s=", i ? " " : "", f->name);
		switch (f->kind) {
		case TS_NUM:
			v = ts_num(f, p + f->offset);
			if (!strcmp(f->type->fmt, "%x"))
				seq_printf(m, "%llx", v);
			else if (f->type->is_signed)
				seq_printf(m, "%lld", (s64)v);
			else
				seq_printf(m, "%llu", v);
			break;
		case TS_STR:
			seq_printf(m, "%.*s", (int)strnlen(p + f->offset, f->len),
				   p + f->offset);
			break;
		case TS_DYNSTR:
			if (ts_loc(f, p, len, &data, &n))
				seq_printf(m, "%.*s", (int)strnlen(data, n), data);
			break;
		case TS_STACK:
			seq_puts(m, "STACK:");
			if (!ts_loc(f, p, len, &data, &n))
				break;
			for (k = 0; k + sizeof(long) <= n; k += sizeof(long)) {
				unsigned long ip = get_unaligned((unsigned long *)(data + k));

				if (!ip)
					break;
				seq_printf(m, "\n=> %pS", (void *)ip);
			}
			break;
		}
	}
	seq_putc(m, '\n');
}

/* The bytes of an argument's string a field takes, NUL not counted. */
static unsigned int ts_arg_len(const struct trace_hist_arg *arg,
			       unsigned int room)
{
	return arg->str ? strnlen(arg->str, min(arg->len, room - 1)) : 0;
}

/* The addresses of an argument's stack, up to its first 0. */
static unsigned int ts_arg_depth(const struct trace_hist_arg *arg)
{
	unsigned int n = 0;

	while (arg->stack && n < arg->len && arg->stack[n])
		n++;
	return n;
}

/**
 * ts_def_rec_len() - the length of a record of given arguments
 * @def:	the event
 * @args:	one for each field (a hist trigger action's)
 *
 * Return: its fixed part and its strings after it.
 */
unsigned int ts_def_rec_len(const struct ts_def *def,
			    const struct trace_hist_arg *args)
{
	unsigned int i, len = def->size;

	for (i = 0; i < def->nr; i++)
		if (def->fields[i].kind == TS_DYNSTR)
			len += ts_arg_len(&args[i], TS_STR_MAX) + 1;
		else if (def->fields[i].kind == TS_STACK)
			len += ts_arg_depth(&args[i]) * sizeof(long);
	return len;
}

/**
 * ts_def_fill() - a record's fields from arguments
 * @def:	the event
 * @rec:	the record, of ts_def_rec_len() bytes; its common fields are
 *		left alone
 * @args:	one for each field: numbers cut to the field's size,
 *		strings cut to its room, a stack's addresses up to a 0
 *
 * Any context.
 */
void ts_def_fill(const struct ts_def *def, void *rec,
		 const struct trace_hist_arg *args)
{
	unsigned int i, dyn = def->size, k;
	const struct ts_field *f;
	u8 *r = rec;

	memset(r + sizeof(struct trace_entry), 0,
	       def->size - sizeof(struct trace_entry));
	for (i = 0; i < def->nr; i++) {
		f = &def->fields[i];
		switch (f->kind) {
		case TS_NUM:
			/* Little-endian: the low bytes come first. */
			memcpy(r + f->offset, &args[i].val, f->type->size);
			break;
		case TS_STR:
			k = ts_arg_len(&args[i], f->len);
			memcpy(r + f->offset, args[i].str ?: "", k);
			break;
		case TS_DYNSTR:
			k = ts_arg_len(&args[i], TS_STR_MAX);
			memcpy(r + dyn, args[i].str ?: "", k);
			r[dyn + k] = '\0';
			*(u32 *)(r + f->offset) = (k + 1) << 16 | dyn;
			dyn += k + 1;
			break;
		default:	/* a stack */
			k = ts_arg_depth(&args[i]) * sizeof(long);
			if (k)
				memcpy(r + dyn, args[i].stack, k);
			*(u32 *)(r + f->offset) = k << 16 | dyn;
			dyn += k;
		}
	}
}

NOKPROBE_SYMBOL(ts_def_fill);
