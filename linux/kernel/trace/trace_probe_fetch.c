// SPDX-License-Identifier: GPL-2.0
/*
 * The fetch arguments of a probe event at work (trace_probe.h): their
 * values at a hit, read into the event's record; the record printed;
 * and the record described, field by field, for the format file.
 *
 * tp_fetch() runs in the probe's context (any, NMI included), reading
 * memory only through the nofault accessors: a read that faults leaves
 * zeros, or an empty string slot that prints as (fault).
 */
#include <linux/dcache.h>
#include <linux/fs.h>
#include <linux/kallsyms.h>
#include <linux/kernel.h>
#include <linux/kprobes.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <linux/unaligned.h>

#include "trace_probe.h"

DEFINE_PER_CPU(struct tp_scratch, tp_scratch);
static DEFINE_MUTEX(tp_scratch_lock);

/**
 * tp_scratch_alloc() - make sure every CPU has its scratch pages
 *
 * Sleeps. Once allocated they stay.
 *
 * Return: 0 or -ENOMEM.
 */
int tp_scratch_alloc(void)
{
	unsigned int i;
	int cpu;

	guard(mutex)(&tp_scratch_lock);
	for_each_possible_cpu(cpu) {
		struct tp_scratch *sc = per_cpu_ptr(&tp_scratch, cpu);

		for (i = 0; i < TP_SCRATCH_NEST; i++) {
			if (sc->page[i])
				continue;
			sc->page[i] = (void *)get_zeroed_page(GFP_KERNEL);
			if (!sc->page[i])
				return -ENOMEM;
		}
	}
	return 0;
}

static bool tp_read(void *dst, unsigned long addr, unsigned int size,
		    bool user)
{
	if (user)
		return !copy_from_user_nofault(dst, (const void __user *)addr,
					       size);
	return !copy_from_kernel_nofault(dst, (const void *)addr, size);
}

/* A field of the record an event probe reads. */
static unsigned long tp_field(const struct tp_arg *a, const u8 *rec)
{
	const u8 *p = rec + a->imm;
	u32 loc;

	switch (a->fsize) {
	case 0:
		if (a->fkind != TRACE_EV_DYN && a->fkind != TRACE_EV_REL)
			return (unsigned long)p;
		loc = get_unaligned((const u32 *)p);
		if (a->fkind == TRACE_EV_REL)
			p += sizeof(u32);
		else
			p = rec;
		return (unsigned long)(p + (loc & 0xffff));
	case 1:
		return a->fsigned ? (long)*(const s8 *)p : *p;
	case 2:
		return a->fsigned ? (long)get_unaligned((const s16 *)p) :
				    get_unaligned((const u16 *)p);
	case 4:
		return a->fsigned ? (long)get_unaligned((const s32 *)p) :
				    get_unaligned((const u32 *)p);
	default:
		return get_unaligned((const unsigned long *)p);
	}
}

/*
 * @data: a return probe's argument copies, an event probe's record, or
 * where a user probe's binary is mapped; the parser lets no source read
 * what the probe lacks.
 */
static unsigned long tp_source(const struct tp_arg *a, struct pt_regs *regs,
			       const void *data)
{
	switch (a->src) {
	case TPS_REG:
		return regs_get_register(regs, a->imm);
	case TPS_STACK:
		return regs_get_kernel_stack_nth(regs, a->imm);
	case TPS_STACKP:
		return kernel_stack_pointer(regs);
	case TPS_ARG:
		if (data)
			return ((const unsigned long *)data)[a->imm - 1];
		return regs_get_kernel_argument(regs, a->imm - 1);
	case TPS_FIELD:
		return tp_field(a, data);
	case TPS_FOFFS:
		return *(const unsigned long *)data + a->imm;
	case TPS_RETVAL:
		return regs_return_value(regs);
	default:
		return a->imm;
	}
}

/*
 * The value of @a's source through its dereferences: an address to read
 * the type from when @a->mem, else the value. False when a dereference
 * faulted.
 */
static bool tp_walk(const struct tp_arg *a, struct pt_regs *regs,
		    const void *data, unsigned long *val)
{
	unsigned long v = tp_source(a, regs, data);
	bool load = a->src == TPS_MEM || a->src == TPS_FOFFS;
	bool user = a->udrf & TP_UDRF_SOURCE;
	unsigned int i;

	for (i = 0; i < a->ndrf; i++) {
		if (load && !tp_read(&v, v, sizeof(v), user))
			return false;
		v += a->drf[i];
		load = true;
		user = a->udrf & BIT(i);
	}
	*val = v;
	return true;
}

/*
 * %pd and %pD: from a struct dentry or a struct file at *@v to the
 * address of its name.
 */
static bool tp_dname(unsigned int kind, unsigned long *v)
{
	unsigned long p = *v;

	if (kind == TPK_FNAME &&
	    !tp_read(&p, p + offsetof(struct file, f_path.dentry), sizeof(p),
		     false))
		return false;
	return tp_read(v, p + offsetof(struct dentry, d_name.name), sizeof(*v),
		       false);
}

/* A string's bytes at @dst (@room of them); returns their count, NUL included. */
static unsigned int tp_fetch_string(const struct tp_arg *a,
				    struct pt_regs *regs, unsigned long v,
				    char *dst, unsigned int room)
{
	long n;

	room = min_t(unsigned int, room, TP_MAX_STRING);
	if (!room)
		return 0;
	switch (a->src) {
	case TPS_COMM:
		return strscpy(dst, current->comm, room) < 0 ? room :
		       strlen(dst) + 1;
	case TPS_STR:
		return strscpy(dst, a->str, room) < 0 ? room : strlen(dst) + 1;
	}
	if (a->type->kind == TPK_DNAME || a->type->kind == TPK_FNAME) {
		if ((a->mem && !tp_read(&v, v, sizeof(v), a->user)) ||
		    !tp_dname(a->type->kind, &v))
			return 0;
		n = strncpy_from_kernel_nofault(dst, (const void *)v, room);
		return n > 0 ? n : 0;
	}
	if (a->type->kind == TPK_SYMSTR) {
		char sym[KSYM_SYMBOL_LEN];

		if (a->mem && !tp_read(&v, v, sizeof(v), a->user))
			return 0;
		sprint_symbol(sym, v);
		return strscpy(dst, sym, room) < 0 ? room : strlen(dst) + 1;
	}
	if (a->user)
		n = strncpy_from_user_nofault(dst, (const void __user *)v, room);
	else
		n = strncpy_from_kernel_nofault(dst, (const void *)v, room);
	/* Both count the NUL, and end a string they cut with one. */
	return n > 0 ? n : 0;
}

/* A number or an array of them, into its slot. */
static void tp_fetch_number(const struct tp_arg *a, unsigned long v,
			    u8 *slot)
{
	unsigned int size = a->type->size, n = a->count ?: 1;
	u64 x;

	if (a->mem) {
		if (!tp_read(slot, v, size * n, a->user))
			memset(slot, 0, size * n);
		if (!a->bf_width)
			return;
		x = 0;
		memcpy(&x, slot, size);
	} else {
		x = v;
	}
	if (a->bf_width) {
		x >>= a->bf_shift;
		if (a->bf_width < 64)
			x &= (1ULL << a->bf_width) - 1;
	}
	memcpy(slot, &x, size);
}

/**
 * tp_save_eargs() - copy a function's arguments at its entry, for its
 * return probe
 * @args:	the return probe's arguments
 * @regs:	the registers at the function's entry
 * @eargs:	gets @args->eargs words
 */
void tp_save_eargs(const struct tp_args *args, struct pt_regs *regs,
		   unsigned long *eargs)
{
	unsigned int i;

	for (i = 0; i < args->eargs; i++)
		eargs[i] = regs_get_kernel_argument(regs, i);
}

NOKPROBE_SYMBOL(tp_save_eargs);

/**
 * tp_fetch() - the arguments of a hit, into a record
 * @args:	the event's arguments
 * @regs:	the registers at the hit
 * @data:	of a return probe, the arguments tp_save_eargs() copied at
 *		the entry, which $argN reads (NULL to read them from @regs);
 *		of an event probe, the record it reads; of a user probe, the
 *		address its binary's file offset 0 is mapped at
 * @rec:	the record, its first @args->size bytes the fixed part
 * @room:	the bytes at @rec
 *
 * Strings go after the fixed part, each cut to what is left.
 *
 * Return: the record's length.
 */
unsigned int tp_fetch(const struct tp_args *args, struct pt_regs *regs,
		      const void *data, void *rec, unsigned int room)
{
	unsigned int i, len = args->size, n;
	unsigned long v;

	for (i = 0; i < args->n; i++) {
		const struct tp_arg *a = &args->arg[i];
		u8 *slot = (u8 *)rec + a->offset;
		bool ok = tp_walk(a, regs, data, &v);

		switch (a->type->kind) {
		case TPK_STRING:
		case TPK_USTRING:
		case TPK_SYMSTR:
		case TPK_DNAME:
		case TPK_FNAME:
			n = ok && len < room ?
			    tp_fetch_string(a, regs, v, (char *)rec + len,
					    room - len) : 0;
			put_unaligned(n << 16 | len, (u32 *)slot);
			len += n;
			break;
		default:
			if (ok)
				tp_fetch_number(a, v, slot);
			else
				memset(slot, 0, a->type->size * (a->count ?: 1));
		}
	}
	return len;
}

NOKPROBE_SYMBOL(tp_fetch);

static void tp_print_one(struct seq_file *m, const struct tp_arg *a,
			 const u8 *p)
{
	const struct tp_type *t = a->type;
	u64 u = 0;
	s64 s;

	memcpy(&u, p, t->size);
	switch (t->size) {
	case 1:
		s = (s8)u;
		break;
	case 2:
		s = (s16)u;
		break;
	case 4:
		s = (s32)u;
		break;
	default:
		s = u;
	}
	switch (t->kind) {
	case TPK_SIGNED:
		seq_printf(m, "%lld", s);
		break;
	case TPK_HEX:
		seq_printf(m, "0x%llx", u);
		break;
	case TPK_CHAR:
		seq_printf(m, "'%c'", (char)u);
		break;
	case TPK_SYMBOL:
		seq_printf(m, "%pS", (void *)(unsigned long)u);
		break;
	default:
		seq_printf(m, "%llu", u);
	}
}

/**
 * tp_print() - the arguments of a record, as " name=value" each
 * @m:		where to print
 * @args:	the event's arguments
 * @rec:	the record
 * @len:	its length
 */
void tp_print(struct seq_file *m, const struct tp_args *args,
	      const void *rec, unsigned int len)
{
	unsigned int i, j, loc, off, n;

	for (i = 0; i < args->n; i++) {
		const struct tp_arg *a = &args->arg[i];
		const u8 *slot = (const u8 *)rec + a->offset;

		seq_printf(m, " %s=", a->name);
		switch (a->type->kind) {
		case TPK_STRING:
		case TPK_USTRING:
		case TPK_SYMSTR:
		case TPK_DNAME:
		case TPK_FNAME:
			loc = get_unaligned((const u32 *)slot);
			off = loc & 0xffff;
			n = loc >> 16;
			if (!n || off + n > len)
				seq_puts(m, "(fault)");
			else
				seq_printf(m, "\"%.*s\"", n - 1,
					   (const char *)rec + off);
			break;
		default:
			if (!a->count) {
				tp_print_one(m, a, slot);
				break;
			}
			seq_putc(m, '{');
			for (j = 0; j < a->count; j++) {
				if (j)
					seq_putc(m, ',');
				tp_print_one(m, a, slot + j * a->type->size);
			}
			seq_putc(m, '}');
		}
	}
}

/**
 * tp_fields() - the fields of an event's record, for its format file and
 * filters
 * @args:	its arguments, laid out
 * @head:	the probe's own fields, after those of struct trace_entry
 * @nhead:	how many
 *
 * Return: the fields, ended by one with a NULL name, for kfree(); NULL
 * without memory. The names are those of @args and @head.
 */
struct trace_ev_field *tp_fields(const struct tp_args *args,
				 const struct trace_ev_field *head,
				 unsigned int nhead)
{
	struct trace_ev_field *f;
	unsigned int i;

	f = kcalloc(nhead + args->n + 1, sizeof(*f), GFP_KERNEL);
	if (!f)
		return NULL;
	memcpy(f, head, nhead * sizeof(*f));
	for (i = 0; i < args->n; i++) {
		const struct tp_arg *a = &args->arg[i];
		struct trace_ev_field *x = &f[nhead + i];

		x->type = a->type->field;
		x->name = a->name;
		x->offset = a->offset;
		x->size = a->type->size * (a->count ?: 1);
		x->is_signed = a->type->kind == TPK_SIGNED;
		if (tp_type_is_string(a->type))
			x->kind = TRACE_EV_DYN;
		else if (a->count)
			x->kind = TRACE_EV_ARRAY;
		x->count = a->count;
	}
	return f;
}

/* @s with a printf() appended; NULL (and @s freed) without memory. */
static __printf(2, 3) char *tp_cat(char *s, const char *fmt, ...)
{
	va_list ap;
	char *add, *out;

	if (!s)
		return NULL;
	va_start(ap, fmt);
	add = kvasprintf(GFP_KERNEL, fmt, ap);
	va_end(ap);
	out = add ? kasprintf(GFP_KERNEL, "%s%s", s, add) : NULL;
	kfree(add);
	kfree(s);
	return out;
}

/**
 * tp_print_fmt() - an event's print fmt
 * @args:	its arguments
 * @head:	the format of its own fields, first in the quotes
 * @head_args:	their values, after the quotes (", REC->a, REC->b")
 *
 * Return: the text, for kfree(); NULL without memory.
 */
char *tp_print_fmt(const struct tp_args *args, const char *head,
		   const char *head_args)
{
	char *s = kasprintf(GFP_KERNEL, "\"%s", head);
	unsigned int i, j;

	for (i = 0; i < args->n; i++) {
		const struct tp_arg *a = &args->arg[i];

		s = tp_cat(s, " %s=", a->name);
		if (!a->count) {
			s = tp_cat(s, "%s", a->type->fmt);
			continue;
		}
		for (j = 0; j < a->count; j++)
			s = tp_cat(s, "%s%s", j ? "," : "{", a->type->fmt);
		s = tp_cat(s, "}");
	}
	s = tp_cat(s, "\"%s", head_args);
	for (i = 0; i < args->n; i++) {
		const struct tp_arg *a = &args->arg[i];

		if (tp_type_is_string(a->type))
			s = tp_cat(s, ", __get_str(%s)", a->name);
		else if (!a->count)
			s = tp_cat(s, ", REC->%s", a->name);
		for (j = 0; j < a->count; j++)
			s = tp_cat(s, ", REC->%s[%u]", a->name, j);
	}
	return s;
}
