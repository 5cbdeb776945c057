// SPDX-License-Identifier: GPL-2.0
/*
 * Parsing the fetch arguments of a probe definition (trace_probe.h).
 *
 * Each argument is read once, left to right: its name, its body (the
 * value, then the type after the first ':'), the value recursively
 * through its dereferences. An error names the offset of the command it
 * is at, which error_log marks; the argument is then left as it was.
 */
#include <linux/ctype.h>
#include <linux/kallsyms.h>
#include <linux/kernel.h>
#include <linux/log2.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "trace_probe.h"

/* The types, by name. Sizes of string kinds are their __data_loc word. */
static const struct tp_type tp_types[] = {
	{ "u8",  "u8",  "%u",    1, TPK_UNSIGNED },
	{ "u16", "u16", "%u",    2, TPK_UNSIGNED },
	{ "u32", "u32", "%u",    4, TPK_UNSIGNED },
	{ "u64", "u64", "%llu",   8, TPK_UNSIGNED },
	{ "s8",  "s8",  "%d",    1, TPK_SIGNED },
	{ "s16", "s16", "%d",    2, TPK_SIGNED },
	{ "s32", "s32", "%d",    4, TPK_SIGNED },
	{ "s64", "s64", "%lld",   8, TPK_SIGNED },
	{ "x8",  "u8",  "0x%x",  1, TPK_HEX },
	{ "x16", "u16", "0x%x",  2, TPK_HEX },
	{ "x32", "u32", "0x%x",  4, TPK_HEX },
	{ "x64", "u64", "0x%llx", 8, TPK_HEX },
	{ "char", "u8", "'%c'",  1, TPK_CHAR },
	{ "symbol", "u64", "%pS", 8, TPK_SYMBOL },
	{ "string", "__data_loc char[]", "\\\"%s\\\"", 4, TPK_STRING },
	{ "ustring", "__data_loc char[]", "\\\"%s\\\"", 4, TPK_USTRING },
	{ "symstr", "__data_loc char[]", "\\\"%s\\\"", 4, TPK_SYMSTR },
	{ "%pd", "__data_loc char[]", "\\\"%s\\\"", 4, TPK_DNAME },
	{ "%pD", "__data_loc char[]", "\\\"%s\\\"", 4, TPK_FNAME },
};

#define TP_TYPE_U8	0
#define TP_TYPE_X64	11
#define TP_TYPE_STRING	14

static const struct tp_type *tp_type_find(const char *name, size_t len)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(tp_types); i++)
		if (strlen(tp_types[i].name) == len &&
		    !strncmp(tp_types[i].name, name, len))
			return &tp_types[i];
	return NULL;
}

/**
 * tp_is_name() - whether some text is a C identifier
 * @s:		the text
 * @len:	its length
 *
 * Return: true for a letter or '_' followed by letters, digits and '_'.
 */
bool tp_is_name(const char *s, size_t len)
{
	size_t i;

	if (!len || (!isalpha(s[0]) && s[0] != '_'))
		return false;
	for (i = 1; i < len; i++)
		if (!isalnum(s[i]) && s[i] != '_')
			return false;
	return true;
}

/* A number of @len bytes at @s (kstrto*() on a copy), base 0. */
static int tp_number(const char *s, size_t len, bool is_signed, long *val)
{
	char buf[24];

	if (!len || len >= sizeof(buf))
		return -EINVAL;
	memcpy(buf, s, len);
	buf[len] = '\0';
	if (is_signed)
		return kstrtol(buf, 0, val);
	return kstrtoul(buf, 0, (unsigned long *)val);
}

/*
 * $retval, $stack, $stackN, $argN, $comm. @s has @len bytes, at offset
 * @pos of the command.
 */
/* $FIELD of an event probe: the field of its event of that name. */
static int tp_parse_field(struct tp_arg *a, const char *s, size_t len,
			  const struct tp_pctx *pc)
{
	const struct trace_ev_field *f;

	for (f = pc->fields; f && f->name; f++) {
		if (strlen(f->name) != len - 1 || strncmp(f->name, s + 1, len - 1))
			continue;
		a->src = TPS_FIELD;
		a->imm = f->offset;
		a->fkind = f->kind;
		a->fsigned = f->is_signed;
		if (f->kind == TRACE_EV_NUM && f->size <= sizeof(long) &&
		    is_power_of_2(f->size))
			a->fsize = f->size;
		return 0;
	}
	return -ENOENT;
}

static int tp_parse_var(struct tp_arg *a, const char *s, size_t len,
			const struct tp_pctx *pc, unsigned int pos,
			struct tp_err *err)
{
	long n;

	if (pc->flags & TP_CTX_EVENT) {
		if (!tp_parse_field(a, s, len, pc))
			return 0;
		if (len == 5 && !strncmp(s, "$comm", 5)) {
			a->src = TPS_COMM;
			return 0;
		}
		return tp_fail(err, pos, "The event has no such field");
	}

	if (len == 7 && !strncmp(s, "$retval", 7)) {
		if (!(pc->flags & TP_CTX_RETURN))
			return tp_fail(err, pos, "$retval is only for return probes");
		a->src = TPS_RETVAL;
		return 0;
	}
	if (len == 5 && !strncmp(s, "$comm", 5)) {
		a->src = TPS_COMM;
		return 0;
	}
	if (len >= 6 && !strncmp(s, "$stack", 6)) {
		if (len == 6) {
			a->src = TPS_STACKP;
			return 0;
		}
		if (!isdigit(s[6]) || tp_number(s + 6, len - 6, false, &n) ||
		    n >= TP_MAX_STACK)
			return tp_fail(err, pos, "Bad $stack number");
		a->src = TPS_STACK;
		a->imm = n;
		return 0;
	}
	if (len >= 4 && !strncmp(s, "$arg", 4)) {
		if (len == 5 && s[4] == '*')
			return tp_fail(err, pos,
				       "$arg* needs BTF, which this kernel lacks");
		if (!isdigit(s[4]) || tp_number(s + 4, len - 4, false, &n) ||
		    !n || n > TP_MAX_STACK)
			return tp_fail(err, pos, "Bad $arg number");
		if (!(pc->flags & TP_CTX_ENTRY))
			return tp_fail(err, pos,
				       "$arg is only at a function's entry");
		if ((pc->flags & TP_CTX_RETURN) && n > TP_MAX_EARGS)
			return tp_fail(err, pos,
				       "A return probe reads at most 16 arguments");
		a->src = TPS_ARG;
		a->imm = n;
		return 0;
	}
	return tp_fail(err, pos, "Unknown $ variable");
}

/* @ADDR or @SYM[+|-offs]: the memory there. */
static int tp_parse_mem(struct tp_arg *a, const char *s, size_t len,
			const struct tp_pctx *pc, unsigned int pos,
			struct tp_err *err)
{
	char sym[KSYM_NAME_LEN];
	unsigned long addr;
	size_t i;
	long off = 0;

	if (len > 1 && (s[1] == '+' || s[1] == '-')) {
		if (!(pc->flags & TP_CTX_USER))
			return tp_fail(err, pos,
				       "File offsets are only for uprobes");
		if (tp_number(s + 1, len - 1, true, &off))
			return tp_fail(err, pos, "Bad file offset");
		a->src = TPS_FOFFS;
		a->imm = off;
		return 0;
	}
	if (len > 1 && isdigit(s[1]) && (pc->flags & TP_CTX_USER)) {
		if (tp_number(s + 1, len - 1, false, (long *)&addr))
			return tp_fail(err, pos, "Bad memory address");
		a->src = TPS_MEM;
		a->imm = addr;
		return 0;
	}
	if (!(pc->flags & TP_CTX_KERNEL))
		return tp_fail(err, pos, "Kernel memory is only for kernel probes");
	if (len > 1 && isdigit(s[1])) {
		if (tp_number(s + 1, len - 1, false, (long *)&addr))
			return tp_fail(err, pos, "Bad memory address");
		a->src = TPS_MEM;
		a->imm = addr;
		return 0;
	}
	for (i = 1; i < len && s[i] != '+' && s[i] != '-'; i++)
		;
	if (i == 1 || i - 1 >= sizeof(sym) || !tp_is_name(s + 1, i - 1))
		return tp_fail(err, pos, "Bad memory address");
	if (i < len && tp_number(s + i, len - i, true, &off))
		return tp_fail(err, pos, "Bad memory address");
	memcpy(sym, s + 1, i - 1);
	sym[i - 1] = '\0';
	addr = kallsyms_lookup_name(sym);
	if (!addr)
		return tp_fail(err, pos, "Bad memory address");
	a->src = TPS_MEM;
	a->imm = addr + off;
	return 0;
}

/* \IMM or \"STRING" */
static int tp_parse_imm(struct tp_arg *a, const char *s, size_t len,
			unsigned int pos, struct tp_err *err)
{
	long n;

	if (len > 1 && s[1] == '"') {
		if (len < 3 || s[len - 1] != '"')
			return tp_fail(err, pos + len,
				       "Immediate string has no closing quote");
		a->str = kmemdup_nul(s + 2, len - 3, GFP_KERNEL);
		if (!a->str)
			return -ENOMEM;
		a->src = TPS_STR;
		return 0;
	}
	if (tp_number(s + 1, len - 1, true, &n) &&
	    tp_number(s + 1, len - 1, false, &n))
		return tp_fail(err, pos + 1, "Bad immediate value");
	a->src = TPS_IMM;
	a->imm = n;
	return 0;
}

/* %REG */
static int tp_parse_reg(struct tp_arg *a, const char *s, size_t len,
			const struct tp_pctx *pc, unsigned int pos,
			struct tp_err *err)
{
	char reg[16];
	int off;

	if (pc->flags & TP_CTX_NOREGS)
		return tp_fail(err, pos, "Registers are not for this kind of probe");
	if (len < 2 || len >= sizeof(reg))
		return tp_fail(err, pos, "Unknown register name");
	memcpy(reg, s + 1, len - 1);
	reg[len - 1] = '\0';
	off = regs_query_register_offset(reg);
	if (off < 0)
		return tp_fail(err, pos, "Unknown register name");
	a->src = TPS_REG;
	a->imm = off;
	return 0;
}

/*
 * The value @s (@len bytes at offset @pos of the command), at dereference
 * depth @depth; @top is where the outermost dereference's inner value
 * starts, where running out of dereferences is reported.
 */
static int tp_parse_value(struct tp_arg *a, const char *s, size_t len,
			  const struct tp_pctx *pc, unsigned int pos,
			  unsigned int depth, unsigned int top,
			  struct tp_err *err)
{
	const char *open, *close;
	bool user = false;
	size_t olen;
	long off;
	int ret;

	if (!len)
		return tp_fail(err, pos, "Bad fetch argument");
	switch (s[0]) {
	case '%':
		return tp_parse_reg(a, s, len, pc, pos, err);
	case '$':
		return tp_parse_var(a, s, len, pc, pos, err);
	case '@':
		return tp_parse_mem(a, s, len, pc, pos, err);
	case '\\':
		if (depth)
			return tp_fail(err, pos, "Bad fetch argument");
		return tp_parse_imm(a, s, len, pos, err);
	case '+':
	case '-':
		break;
	default:
		return tp_fail(err, pos, "Bad fetch argument");
	}

	/* +|-[u]OFFS(FETCHARG) */
	open = memchr(s, '(', len);
	if (!open)
		return tp_fail(err, pos, "Dereference needs a brace");
	olen = open - s - 1;
	if (olen && s[1] == 'u') {
		user = true;
		olen--;
	}
	if (!olen || tp_number(open - olen, olen, false, &off))
		return tp_fail(err, pos, "Bad dereference offset");
	if (s[0] == '-')
		off = -off;
	close = s + len - 1;
	while (close > open && *close != ')')
		close--;
	if (close == open)
		return tp_fail(err, pos + len,
			       "Dereference has no closing brace");
	if (close != s + len - 1)
		return tp_fail(err, pos + (close - s) + 1,
			       "Dereference is followed by more");
	if (!depth)
		top = pos + (open - s) + 1;
	if (depth + 1 >= TP_MAX_DEREF)
		return tp_fail(err, top, "Too many dereferences");
	ret = tp_parse_value(a, open + 1, close - open - 1, pc,
			     pos + (open - s) + 1, depth + 1, top, err);
	if (ret)
		return ret;
	if (a->src == TPS_COMM || a->src == TPS_STR)
		return tp_fail(err, pos + (open - s) + 1,
			       "$comm and strings cannot be dereferenced");
	if (user)
		a->udrf |= BIT(a->ndrf);
	a->drf[a->ndrf++] = off;
	return 0;
}

/* b<width>@<offset>/<container> */
static int tp_parse_bitfield(struct tp_arg *a, const char *s, size_t len)
{
	unsigned long w, o, c;
	char buf[32];
	int n;

	if (len >= sizeof(buf))
		return -EINVAL;
	memcpy(buf, s, len);
	buf[len] = '\0';
	if (sscanf(buf, "b%lu@%lu/%lu%n", &w, &o, &c, &n) != 3 || n != len)
		return -EINVAL;
	if (c != 8 && c != 16 && c != 32 && c != 64)
		return -EINVAL;
	if (!w || w + o > c)
		return -EINVAL;
	a->type = &tp_types[TP_TYPE_U8 + ilog2(c / 8)];
	a->bf_width = w;
	a->bf_shift = o;
	return 0;
}

/* The type after ':' (@s, @len bytes at @pos), with an array suffix. */
static int tp_parse_type(struct tp_arg *a, const char *s, size_t len,
			 unsigned int pos, struct tp_err *err)
{
	const char *br = memchr(s, '[', len);
	size_t tlen = br ? br - s : len;
	long n;

	if (br) {
		const char *end = memchr(br, ']', len - tlen);
		unsigned int at = pos + tlen + 1;

		if (!end)
			return tp_fail(err, pos + len,
				       "Array has no closing bracket");
		if (end != s + len - 1)
			return tp_fail(err, pos + (end - s) + 1,
				       "Array is followed by more");
		if (tp_number(br + 1, end - br - 1, false, &n))
			return tp_fail(err, at, "Bad array size");
		if (!n || n > TP_MAX_ARRAY)
			return tp_fail(err, at, "Array is too big");
		a->count = n;
	}
	if (tlen && s[0] == 'b' && isdigit(s[1] ? s[1] : 0)) {
		if (tp_parse_bitfield(a, s, tlen))
			return tp_fail(err, pos, "Bad bitfield");
		return 0;
	}
	a->type = tp_type_find(s, tlen);
	if (!a->type)
		return tp_fail(err, pos, "Unknown type");
	return 0;
}

/*
 * "NAME=" before the body, or the default name argN: @a->name, and in
 * *@body where the body starts.
 */
static int tp_arg_name(struct tp_arg *a, const char *text, unsigned int idx,
		       unsigned int pos, struct tp_err *err, const char **body)
{
	const char *eq = strchr(text, '=');

	*body = text;
	if (eq && (memchr(text, '"', eq - text) || memchr(text, '(', eq - text)))
		eq = NULL;
	if (!eq) {
		a->name = kasprintf(GFP_KERNEL, "arg%u", idx + 1);
		return a->name ? 0 : -ENOMEM;
	}
	if (eq == text)
		return tp_fail(err, pos, "Argument has no name");
	if (eq - text >= TP_MAX_ARG_NAME)
		return tp_fail(err, pos, "Argument name is too long");
	if (!tp_is_name(text, eq - text))
		return tp_fail(err, pos, "Bad argument name");
	a->name = kmemdup_nul(text, eq - text, GFP_KERNEL);
	*body = eq + 1;
	return a->name ? 0 : -ENOMEM;
}

/* Where @a reads from, once its value is parsed: memory, user memory. */
static int tp_arg_where(struct tp_arg *a, const struct tp_pctx *pc,
			unsigned int bpos, struct tp_err *err)
{
	/* A user probe's $stackN is a word of the user stack. */
	if ((pc->flags & TP_CTX_USER) && a->src == TPS_STACK) {
		if (a->ndrf >= TP_MAX_DEREF)
			return tp_fail(err, bpos, "Too many dereferences");
		memmove(a->drf + 1, a->drf, a->ndrf * sizeof(a->drf[0]));
		a->drf[0] = a->imm * sizeof(long);
		a->ndrf++;
		a->src = TPS_STACKP;
	}
	/* An array field, or a __data_loc one, is read where its data is. */
	a->mem = a->src == TPS_MEM || a->src == TPS_FOFFS || a->ndrf ||
		 (a->src == TPS_FIELD && !a->fsize);
	/* Every read of a user probe is of user memory. */
	if (pc->flags & TP_CTX_USER)
		a->udrf = GENMASK(TP_MAX_DEREF - 1, 0) | TP_UDRF_SOURCE;
	if (a->ndrf)
		a->user = a->udrf & BIT(a->ndrf - 1);
	else if (pc->flags & TP_CTX_USER)
		a->user = a->mem;
	return 0;
}

/* ":TYPE" at @tpos, as written: checked against where @a reads from. */
static int tp_arg_typed(struct tp_arg *a, const char *type, size_t len,
			const struct tp_pctx *pc, unsigned int tpos,
			struct tp_err *err)
{
	int ret = tp_parse_type(a, type, len, tpos, err);

	if (ret)
		return ret;
	if (a->src == TPS_COMM || a->src == TPS_STR) {
		if (a->type->kind != TPK_STRING || a->count)
			return tp_fail(err, tpos, "$comm and strings are strings");
	} else if ((a->type->kind == TPK_STRING ||
		    a->type->kind == TPK_USTRING) && !a->mem) {
		return tp_fail(err, tpos,
			       "A string is read from memory: dereference");
	}
	if (a->count && !a->mem)
		return tp_fail(err, tpos, "Arrays are read from memory");
	if (a->count && tp_type_is_string(a->type))
		return tp_fail(err, tpos, "String arrays are not supported");
	if (a->type->kind == TPK_USTRING)
		a->user = true;
	if ((pc->flags & TP_CTX_USER) &&
	    (a->type->kind == TPK_SYMSTR || a->type->kind == TPK_DNAME ||
	     a->type->kind == TPK_FNAME))
		return tp_fail(err, tpos, "The type is not for user probes");
	return 0;
}

/* The type of @a when none is written. */
static void tp_arg_default_type(struct tp_arg *a)
{
	if (a->src == TPS_COMM || a->src == TPS_STR ||
	    (a->src == TPS_FIELD && !a->fsize && !a->ndrf))
		a->type = &tp_types[TP_TYPE_STRING];
	else if (a->src == TPS_FIELD && !a->ndrf)
		/* A field is printed in hex, at its own size. */
		a->type = &tp_types[TP_TYPE_X64 - 3 + ilog2(a->fsize)];
	else
		a->type = &tp_types[TP_TYPE_X64];
}

/**
 * tp_arg_parse_ctx() - parse one FETCHARG of a definition
 * @a:		where to put it; zeroed by the caller
 * @text:	the argument as written: [NAME=]FETCHARG[:TYPE]
 * @idx:	its index in the definition, from 0 (for its default name)
 * @pc:		what the probe allows (TP_CTX_*), and the fields of the
 *		event an event probe reads
 * @pos:	the offset of @text in the command, for @err
 * @err:	filled in when the argument is refused
 *
 * Return: 0; -EINVAL with @err filled in; -ENOMEM. On error @a holds
 * what tp_arg_free() frees.
 */
int tp_arg_parse_ctx(struct tp_arg *a, const char *text, unsigned int idx,
		     const struct tp_pctx *pc, unsigned int pos,
		     struct tp_err *err)
{
	const char *body, *colon;
	unsigned int bpos;
	size_t blen, vlen;
	int ret;

	ret = tp_arg_name(a, text, idx, pos, err, &body);
	if (ret)
		return ret;
	bpos = pos + (body - text);
	blen = strlen(body);
	if (!blen)
		return tp_fail(err, bpos, "Argument has no body");
	if (blen > TP_MAX_ARG_TEXT)
		return tp_fail(err, bpos, "Argument is too long");
	a->text = kstrdup(body, GFP_KERNEL);
	if (!a->text)
		return -ENOMEM;

	colon = body[0] == '\\' && body[1] == '"' ? strrchr(body, '"') : body;
	colon = colon ? strchr(colon, ':') : NULL;
	vlen = colon ? colon - body : blen;
	ret = tp_parse_value(a, body, vlen, pc, bpos, 0, 0, err);
	if (!ret)
		ret = tp_arg_where(a, pc, bpos, err);
	if (ret)
		return ret;
	if (!colon) {
		tp_arg_default_type(a);
		return 0;
	}
	return tp_arg_typed(a, colon + 1, blen - vlen - 1, pc, bpos + vlen + 1,
			    err);
}

/**
 * tp_arg_parse() - tp_arg_parse_ctx() for a probe that reads no event
 * @a:		where to put it; zeroed by the caller
 * @text:	the argument as written
 * @idx:	its index in the definition
 * @flags:	TP_CTX_*: what the probe allows
 * @pos:	the offset of @text in the command
 * @err:	filled in when the argument is refused
 *
 * Return: as tp_arg_parse_ctx().
 */
int tp_arg_parse(struct tp_arg *a, const char *text, unsigned int idx,
		 unsigned int flags, unsigned int pos, struct tp_err *err)
{
	struct tp_pctx pc = { .flags = flags };

	return tp_arg_parse_ctx(a, text, idx, &pc, pos, err);
}

/**
 * tp_arg_free() - free what tp_arg_parse() allocated
 * @a:		the argument
 */
void tp_arg_free(struct tp_arg *a)
{
	kfree(a->name);
	kfree(a->text);
	kfree(a->str);
}

/**
 * tp_arg_same() - whether two arguments record alike
 * @a:		one
 * @b:		the other
 *
 * Return: true when they have the same name and the same text.
 */
bool tp_arg_same(const struct tp_arg *a, const struct tp_arg *b)
{
	return !strcmp(a->name, b->name) && !strcmp(a->text, b->text);
}

/**
 * tp_args_alloc() - room for the arguments of an event
 * @n:		how many
 *
 * Return: the zeroed list with @n set, or NULL.
 */
struct tp_args *tp_args_alloc(unsigned int n)
{
	struct tp_args *args = kzalloc(struct_size(args, arg, n), GFP_KERNEL);

	if (args)
		args->n = n;
	return args;
}

/**
 * tp_args_free() - free an event's arguments
 * @args:	the list, or NULL
 */
void tp_args_free(struct tp_args *args)
{
	unsigned int i;

	if (!args)
		return;
	for (i = 0; i < args->n; i++)
		tp_arg_free(&args->arg[i]);
	kfree(args);
}

/**
 * tp_args_layout() - place the arguments in the record
 * @args:	the list
 * @head:	the bytes before the first (struct trace_entry and the
 *		probe's own fields)
 * @bad:	the index of a name used twice, when that is refused
 *
 * Slots are packed in order. A string's is its __data_loc word; its
 * bytes follow the fixed part.
 *
 * Return: 0; -EEXIST when two arguments share a name, -E2BIG when the
 * fixed part would pass TP_MAX_FIXED; @bad gets the argument.
 */
int tp_args_layout(struct tp_args *args, unsigned int head, int *bad)
{
	unsigned int i, j, off = head;

	args->strings = 0;
	args->eargs = 0;
	for (i = 0; i < args->n; i++) {
		struct tp_arg *a = &args->arg[i];

		if (a->src == TPS_ARG)
			args->eargs = max_t(unsigned int, args->eargs, a->imm);

		for (j = 0; j < i; j++) {
			if (!strcmp(args->arg[j].name, a->name)) {
				*bad = i;
				return -EEXIST;
			}
		}
		a->offset = off;
		off += a->type->size * (a->count ?: 1);
		/* Half a page: the rest is for the strings. */
		if (off > TP_MAX_FIXED) {
			*bad = i;
			return -E2BIG;
		}
		if (tp_type_is_string(a->type))
			args->strings++;
	}
	args->size = off;
	return 0;
}

/**
 * tp_layout_msg() - what error_log says of an error of tp_args_layout()
 * @err:	the error
 *
 * Return: the message.
 */
const char *tp_layout_msg(int err)
{
	return err == -E2BIG ? "The arguments do not fit in a record" :
	       "The argument name is used twice";
}

/**
 * tp_args_show() - the arguments as a listing shows them
 * @m:		where to print
 * @args:	the list
 */
void tp_args_show(struct seq_file *m, const struct tp_args *args)
{
	unsigned int i;

	for (i = 0; i < args->n; i++)
		seq_printf(m, " %s=%s", args->arg[i].name, args->arg[i].text);
}
