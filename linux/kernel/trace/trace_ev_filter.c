// SPDX-License-Identifier: GPL-2.0
/*
 * Event filters: an expression on a record's fields, compiled once when
 * it is written to a filter file, and run on every record of the event.
 *
 *   expr := and { "||" and }
 *   and  := not { "&&" not }
 *   not  := "!" not | "(" expr ")" | field op value
 *   op   := == != < <= > >= & (some bit set) ~ (glob, strings only)
 *
 * A field is one of the event's, a common field (common_pid, ...), cpu
 * or comm (the current task's). "field.function == f" (or !=) holds when
 * the field, an address, is inside function f (a name or an address). A
 * value is a number (decimal, 0x hex, negative) for a number field, and
 * a word or a quoted string for a string field. The compiled form is a
 * postfix program of predicates and the three connectives, run with a
 * small stack of truth values; it allocates nothing and takes no lock,
 * so it runs in any context.
 */
#include <linux/ctype.h>
#include <linux/err.h>
#include <linux/glob.h>
#include <linux/kallsyms.h>
#include <linux/kernel.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/string.h>

#include "trace.h"
#include "trace_ev_core.h"

/* Most predicates in one filter. */
#define TF_MAX_PREDS	32
/* Longest string compared: longer fields are cut for the comparison. */
#define TF_STR_MAX	128

enum tf_op { TF_EQ, TF_NE, TF_LT, TF_LE, TF_GT, TF_GE, TF_BAND, TF_GLOB };

enum tf_src {
	TF_SRC_NUM,	/* an integer field */
	TF_SRC_ARRAY,	/* a char array */
	TF_SRC_DYN,	/* a __data_loc string */
	TF_SRC_REL,	/* a __rel_loc string */
	TF_SRC_CPU,	/* the CPU the record is written on */
	TF_SRC_COMM,	/* the current task's name */
};

/**
 * struct tf_pred - one comparison
 * @src:	where the field's value comes from (enum tf_src)
 * @op:		the comparison (enum tf_op)
 * @is_signed:	a signed number field
 * @size:	the field's size
 * @offset:	its offset in the record
 * @in_func:	field.function: the value is inside [@num, @end)
 * @num:	the value, for a number
 * @end:	the end of the function, for field.function
 * @str:	the value, for a string
 */
struct tf_pred {
	u8 src;
	u8 op;
	u8 is_signed;
	u8 size;
	u16 offset;
	bool in_func;
	u64 num;
	u64 end;
	char *str;
};

/* Program steps: a predicate (its index), or a connective. */
enum { TF_AND = -1, TF_OR = -2, TF_NOT = -3 };

/**
 * struct trace_ev_filter - a compiled filter
 * @rcu:	frees it once no probe can be running it
 * @text:	the expression as written
 * @npreds:	predicates used in @preds
 * @nprog:	steps used in @prog
 * @preds:	the predicates
 * @prog:	the program: postfix, each step a predicate index or TF_*
 */
struct trace_ev_filter {
	struct rcu_head rcu;
	char *text;
	unsigned int npreds;
	unsigned int nprog;
	struct tf_pred preds[TF_MAX_PREDS];
	s8 prog[3 * TF_MAX_PREDS];
};

/* The parser: the text, where it is, and the first error. */
struct tf_parse {
	const char *s;
	unsigned int pos;
	const struct trace_ev_field *fields;
	struct trace_ev_filter *f;
	const char *err;
	unsigned int err_pos;
};

const struct trace_ev_field trace_ev_common_fields[] = {
	{ "unsigned short", "common_type", 0, 2, 0, 0, TRACE_EV_NUM },
	{ "unsigned char", "common_flags", 2, 1, 0, 0, TRACE_EV_NUM },
	{ "unsigned char", "common_preempt_count", 3, 1, 0, 0, TRACE_EV_NUM },
	{ "int", "common_pid", 4, 4, 0, 1, TRACE_EV_NUM },
	{}
};

static bool tf_fail(struct tf_parse *p, unsigned int pos, const char *err)
{
	if (!p->err) {
		p->err = err;
		p->err_pos = pos;
	}
	return false;
}

static void tf_skip(struct tf_parse *p)
{
	while (isspace(p->s[p->pos]))
		p->pos++;
}

/* Whether the text at the position starts with @tok; if so, past it. */
static bool tf_take(struct tf_parse *p, const char *tok)
{
	size_t n = strlen(tok);

	tf_skip(p);
	if (strncmp(p->s + p->pos, tok, n))
		return false;
	p->pos += n;
	return true;
}

static bool tf_emit(struct tf_parse *p, int step)
{
	if (p->f->nprog >= ARRAY_SIZE(p->f->prog))
		return tf_fail(p, p->pos, "Too many terms");
	p->f->prog[p->f->nprog++] = step;
	return true;
}

static bool tf_word_char(char c)
{
	return c && !isspace(c) && !strchr("()!=<>&|~\"'", c);
}

/* A word or a quoted string, copied; NULL (and an error) when none. */
static char *tf_operand(struct tf_parse *p)
{
	unsigned int start, len;
	const char *end;
	char *out;

	tf_skip(p);
	start = p->pos;
	if (p->s[start] == '"' || p->s[start] == '\'') {
		end = strchr(p->s + start + 1, p->s[start]);
		if (!end) {
			tf_fail(p, start, "Unterminated string");
			return NULL;
		}
		len = end - (p->s + start + 1);
		p->pos = end - p->s + 1;
		start++;
	} else {
		while (tf_word_char(p->s[p->pos]))
			p->pos++;
		len = p->pos - start;
		if (!len) {
			tf_fail(p, start, p->s[start] ? "Illegal token" :
				"Missing operand");
			return NULL;
		}
	}
	out = kmemdup_nul(p->s + start, len, GFP_KERNEL);
	if (!out)
		tf_fail(p, start, "Out of memory");
	return out;
}

static const struct trace_ev_field *tf_field(const struct trace_ev_field *list,
					     const char *name)
{
	for (; list && list->name; list++) {
		if (!strcmp(list->name, name))
			return list;
	}
	return NULL;
}

/* Where a field's value is, from its description. */
static bool tf_set_src(struct tf_pred *pr, const char *name,
		       const struct trace_ev_field *fld)
{
	if (!fld) {
		if (!strcmp(name, "cpu") || !strcmp(name, "CPU")) {
			pr->src = TF_SRC_CPU;
			pr->is_signed = 1;
			return true;
		}
		if (!strcmp(name, "comm") || !strcmp(name, "COMM")) {
			pr->src = TF_SRC_COMM;
			return true;
		}
		return false;
	}
	pr->offset = fld->offset;
	pr->size = fld->size;
	pr->is_signed = fld->is_signed;
	switch (fld->kind) {
	case TRACE_EV_ARRAY:
		pr->src = TF_SRC_ARRAY;
		return !strcmp(fld->type, "char");
	case TRACE_EV_DYN:
	case TRACE_EV_REL:
		pr->src = fld->kind == TRACE_EV_DYN ? TF_SRC_DYN : TF_SRC_REL;
		return !!strstr(fld->type, "char[]");
	default:
		pr->src = TF_SRC_NUM;
		return fld->size == 1 || fld->size == 2 || fld->size == 4 ||
		       fld->size == 8;
	}
}

static const struct {
	const char *tok;
	enum tf_op op;
} tf_ops[] = {
	/* Two-character operators first. */
	{ "==", TF_EQ }, { "!=", TF_NE }, { "<=", TF_LE }, { ">=", TF_GE },
	{ "<", TF_LT }, { ">", TF_GT }, { "&", TF_BAND }, { "~", TF_GLOB },
};

/* field.function: the function @val names or contains, as [start, end). */
static bool tf_func(struct tf_pred *pr, const char *val)
{
	unsigned long addr, size, off;

	if (kstrtoul(val, 0, &addr))
		addr = kallsyms_lookup_name(val);
	if (!addr || !kallsyms_lookup_size_offset(addr, &size, &off))
		return false;
	pr->num = addr - off;
	pr->end = pr->num + size;
	return true;
}

/* Split "name.function" into the name and the modifier. */
static bool tf_modifier(char *name)
{
	char *dot = strrchr(name, '.');

	if (!dot || strcmp(dot, ".function"))
		return false;
	*dot = '\0';
	return true;
}

/* field op value */
static bool tf_pred(struct tf_parse *p)
{
	const struct trace_ev_field *fld;
	struct tf_pred *pr;
	unsigned int op_pos, i;
	bool is_str;
	char *name, *val;
	int ret;

	if (p->f->npreds >= TF_MAX_PREDS)
		return tf_fail(p, p->pos, "Too many terms");
	pr = &p->f->preds[p->f->npreds];
	tf_skip(p);
	if (!p->s[p->pos])
		return tf_fail(p, p->pos, "Missing field");
	name = tf_operand(p);
	if (!name)
		return false;
	tf_skip(p);
	op_pos = p->pos;
	pr->in_func = tf_modifier(name);
	fld = tf_field(p->fields, name) ?:
	      tf_field(trace_ev_common_fields, name);
	if (!tf_set_src(pr, name, fld)) {
		bool known = fld;

		kfree(name);
		return tf_fail(p, op_pos, known ? "Field type not supported" :
			       "Field not found");
	}
	kfree(name);
	for (i = 0; i < ARRAY_SIZE(tf_ops); i++) {
		if (tf_take(p, tf_ops[i].tok))
			break;
	}
	/* "&&" is a connective, never "&" and a value starting with "&". */
	if (i == ARRAY_SIZE(tf_ops) ||
	    (tf_ops[i].op == TF_BAND && p->s[p->pos] == '&'))
		return tf_fail(p, op_pos, "Invalid operator");
	pr->op = tf_ops[i].op;
	is_str = pr->src != TF_SRC_NUM && pr->src != TF_SRC_CPU;
	if (is_str ? (pr->op != TF_EQ && pr->op != TF_NE && pr->op != TF_GLOB) :
		     pr->op == TF_GLOB)
		return tf_fail(p, op_pos, "Invalid operator for this field");
	if (pr->in_func && (pr->src != TF_SRC_NUM || pr->size != sizeof(long) ||
			    (pr->op != TF_EQ && pr->op != TF_NE)))
		return tf_fail(p, op_pos, "Invalid operator for this field");
	tf_skip(p);
	op_pos = p->pos;
	val = tf_operand(p);
	if (!val)
		return false;
	if (is_str) {
		pr->str = val;
	} else if (pr->in_func) {
		ret = tf_func(pr, val) ? 0 : -EINVAL;
		kfree(val);
		if (ret)
			return tf_fail(p, op_pos, "Function not found");
	} else {
		ret = pr->is_signed ? kstrtoll(val, 0, (s64 *)&pr->num) :
				      kstrtoull(val, 0, &pr->num);
		kfree(val);
		if (ret)
			return tf_fail(p, op_pos, "Illegal integer value");
	}
	p->f->npreds++;
	return tf_emit(p, p->f->npreds - 1);
}

static bool tf_or(struct tf_parse *p, unsigned int depth);

static bool tf_not(struct tf_parse *p, unsigned int depth)
{
	unsigned int open;

	if (depth > TF_MAX_PREDS)
		return tf_fail(p, p->pos, "Too deeply nested");
	tf_skip(p);
	if (p->s[p->pos] == '!' && p->s[p->pos + 1] != '=') {
		p->pos++;
		return tf_not(p, depth + 1) && tf_emit(p, TF_NOT);
	}
	if (p->s[p->pos] == '(') {
		open = p->pos++;
		if (!tf_or(p, depth + 1))
			return false;
		if (!tf_take(p, ")"))
			return tf_fail(p, open, "Unbalanced parens");
		return true;
	}
	return tf_pred(p);
}

static bool tf_and(struct tf_parse *p, unsigned int depth)
{
	if (!tf_not(p, depth))
		return false;
	while (tf_take(p, "&&")) {
		if (!tf_not(p, depth) || !tf_emit(p, TF_AND))
			return false;
	}
	return true;
}

static bool tf_or(struct tf_parse *p, unsigned int depth)
{
	if (!tf_and(p, depth))
		return false;
	while (tf_take(p, "||")) {
		if (!tf_and(p, depth) || !tf_emit(p, TF_OR))
			return false;
	}
	return true;
}

/**
 * trace_ev_filter_free() - free a compiled filter
 * @f:		the filter, or NULL
 */
void trace_ev_filter_free(struct trace_ev_filter *f)
{
	unsigned int i;

	if (!f)
		return;
	for (i = 0; i < f->npreds; i++)
		kfree(f->preds[i].str);
	kfree(f->text);
	kfree(f);
}

static void tf_free_rcu(struct rcu_head *rcu)
{
	trace_ev_filter_free(container_of(rcu, struct trace_ev_filter, rcu));
}

/**
 * trace_ev_filter_free_rcu() - free a filter no event points at any more,
 * once no probe can still be running it
 * @f:		the filter, or NULL
 *
 * Probes run filters with preemption off or under rcu_read_lock(): both
 * end before a normal grace period does. The writer does not wait for it,
 * so a filter write costs no grace period and holds trace_ev_lock for
 * none.
 */
void trace_ev_filter_free_rcu(struct trace_ev_filter *f)
{
	if (f)
		call_rcu(&f->rcu, tf_free_rcu);
}

/**
 * trace_ev_filter_compile() - compile a filter expression
 * @fields:	the event's fields (ended by a NULL name), or NULL for the
 *		common fields only
 * @expr:	the expression
 * @err:	set to the error's text on failure
 * @err_pos:	set to the offset in @expr the error points at
 *
 * Return: the filter, or an ERR_PTR(): -EINVAL for a bad expression,
 * -ENOMEM.
 */
struct trace_ev_filter *trace_ev_filter_compile(const struct trace_ev_field *fields,
						const char *expr,
						const char **err,
						unsigned int *err_pos)
{
	struct tf_parse p = { .s = expr, .fields = fields };
	struct trace_ev_filter *f = kzalloc(sizeof(*f), GFP_KERNEL);

	if (!f)
		return ERR_PTR(-ENOMEM);
	p.f = f;
	f->text = kstrdup(expr, GFP_KERNEL);
	if (!f->text) {
		tf_fail(&p, 0, "Out of memory");
	} else if (tf_or(&p, 0)) {
		tf_skip(&p);
		if (p.s[p.pos])
			tf_fail(&p, p.pos, p.s[p.pos] == ')' ?
				"Unbalanced parens" : "Illegal token");
	}
	if (!p.err)
		return f;
	*err = p.err;
	*err_pos = p.err_pos;
	trace_ev_filter_free(f);
	return ERR_PTR(strcmp(p.err, "Out of memory") ? -EINVAL : -ENOMEM);
}

/**
 * trace_ev_filter_text() - the expression a filter was compiled from
 * @f:		the filter
 *
 * Return: the text.
 */
const char *trace_ev_filter_text(const struct trace_ev_filter *f)
{
	return f->text;
}

/* Running */

static u64 tf_load(const void *rec, const struct tf_pred *pr)
{
	return trace_ev_field_num(rec, pr->offset, pr->size, pr->is_signed);
}

static bool tf_num(const struct tf_pred *pr, u64 v)
{
	s64 a = v, b = pr->num;

	if (pr->in_func)
		return (v >= pr->num && v < pr->end) == (pr->op == TF_EQ);
	switch (pr->op) {
	case TF_EQ:
		return v == pr->num;
	case TF_NE:
		return v != pr->num;
	case TF_BAND:
		return v & pr->num;
	case TF_LT:
		return pr->is_signed ? a < b : v < pr->num;
	case TF_LE:
		return pr->is_signed ? a <= b : v <= pr->num;
	case TF_GT:
		return pr->is_signed ? a > b : v > pr->num;
	default:
		return pr->is_signed ? a >= b : v >= pr->num;
	}
}

/*
 * A string field, bounded by @len bytes of the record; NULL when its
 * location word points outside the record.
 */
static const char *tf_string(const void *rec, unsigned int len,
			     const struct tf_pred *pr, unsigned int *max)
{
	switch (pr->src) {
	case TF_SRC_COMM:
		*max = TASK_COMM_LEN;
		return current->comm;
	case TF_SRC_ARRAY:
		return trace_ev_field_str(rec, len, TRACE_EV_ARRAY, pr->offset,
					  pr->size, max);
	default:
		return trace_ev_field_str(rec, len, pr->src == TF_SRC_REL ?
					  TRACE_EV_REL : TRACE_EV_DYN,
					  pr->offset, 0, max);
	}
}

static bool tf_str(const struct tf_pred *pr, const void *rec,
		   unsigned int len)
{
	char buf[TF_STR_MAX];
	unsigned int max, n;
	const char *s = tf_string(rec, len, pr, &max);
	bool eq;

	if (!s)
		return false;
	n = strnlen(s, min(max, TF_STR_MAX - 1));
	memcpy(buf, s, n);
	buf[n] = '\0';
	if (pr->op == TF_GLOB)
		return glob_match(pr->str, buf);
	eq = !strcmp(pr->str, buf);
	return pr->op == TF_EQ ? eq : !eq;
}

/**
 * trace_ev_filter_match() - whether a record passes a filter
 * @f:		the filter
 * @rec:	the record
 * @len:	its length
 *
 * Return: true when it passes.
 */
bool trace_ev_filter_match(const struct trace_ev_filter *f, const void *rec,
			   unsigned int len)
{
	bool stack[ARRAY_SIZE(f->prog)];
	unsigned int i, sp = 0;
	const struct tf_pred *pr;

	for (i = 0; i < f->nprog; i++) {
		switch (f->prog[i]) {
		case TF_AND:
			sp--;
			stack[sp - 1] = stack[sp - 1] && stack[sp];
			break;
		case TF_OR:
			sp--;
			stack[sp - 1] = stack[sp - 1] || stack[sp];
			break;
		case TF_NOT:
			stack[sp - 1] = !stack[sp - 1];
			break;
		default:
			pr = &f->preds[f->prog[i]];
			if (pr->src == TF_SRC_CPU)
				stack[sp++] = tf_num(pr, raw_smp_processor_id());
			else if (pr->src == TF_SRC_NUM)
				stack[sp++] = pr->offset + pr->size <= len &&
					      tf_num(pr, tf_load(rec, pr));
			else
				stack[sp++] = tf_str(pr, rec, len);
		}
	}
	return sp ? stack[0] : true;
}
