/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The fetch-argument language of the probe events (kprobe_events,
 * dynamic_events): trace_probe_parse.c turns each FETCHARG of a probe
 * definition into a struct tp_arg; trace_probe_fetch.c evaluates the
 * arguments of an event at a hit into its record, prints the record, and
 * describes it (fields and print fmt) for the format file.
 *
 * An argument is a source (a register, a stack slot, a function argument,
 * the return value, an immediate, a symbol's or an address's memory,
 * $comm or a string), then up to TP_MAX_DEREF dereferences +|-[u]OFFS(),
 * innermost first, then a type. A memory source or a dereference leaves
 * an address for the type to be read from; otherwise the value itself is
 * stored, cut to the type's size.
 */
#ifndef _KERNEL_TRACE_TRACE_PROBE_H
#define _KERNEL_TRACE_TRACE_PROBE_H

#include <linux/compiler.h>
#include <linux/percpu.h>
#include <linux/ptrace.h>
#include <linux/seq_file.h>
#include <linux/types.h>
#include <trace/trace_ev.h>

#include "trace_nest.h"

/* Limits of a definition, as the README states them. */
#define TP_MAX_ARGS		128
#define TP_MAX_ARG_NAME		32
#define TP_MAX_ARG_TEXT		63
#define TP_MAX_NAME		64
#define TP_MAX_DEREF		12
#define TP_MAX_ARRAY		64
#define TP_MAX_STACK		(THREAD_SIZE / sizeof(unsigned long))

/* The most bytes of a record's fixed part: strings get the rest of a page. */
#define TP_MAX_FIXED		(PAGE_SIZE / 2)

/* The longest string one argument records, its NUL included. */
#define TP_MAX_STRING		256

/*
 * The most arguments a return probe reads ($argN, N at most this): they
 * are copied at the function's entry, for the return to read.
 */
#define TP_MAX_EARGS		16

/**
 * enum tp_src - where an argument's value starts
 * @TPS_REG:	a register of the hit (%REG); @imm is its offset in pt_regs
 * @TPS_STACK:	the @imm-th word of the stack ($stackN)
 * @TPS_STACKP:	the stack pointer ($stack)
 * @TPS_ARG:	function argument @imm, from 1 ($argN)
 * @TPS_RETVAL:	the return value ($retval)
 * @TPS_IMM:	@imm itself (\IMM)
 * @TPS_MEM:	the memory at address @imm (@ADDR, @SYM[+|-offs])
 * @TPS_COMM:	the task's comm ($comm)
 * @TPS_STR:	the string @str (\"STRING")
 * @TPS_FOFFS:	the memory at file offset @imm of a user probe's binary
 *		(@+OFFS), mapped where the probe's place is
 * @TPS_FIELD:	a field of the record an event probe reads ($FIELD): @imm
 *		its offset; a number of @fsize bytes, or with @fsize 0 the
 *		address of an array's or a __data_loc field's data
 */
enum tp_src {
	TPS_REG,
	TPS_STACK,
	TPS_STACKP,
	TPS_ARG,
	TPS_RETVAL,
	TPS_IMM,
	TPS_MEM,
	TPS_COMM,
	TPS_STR,
	TPS_FOFFS,
	TPS_FIELD,
};

/* How a type prints, and whether its record slot is a string's. */
enum tp_kind {
	TPK_UNSIGNED,
	TPK_SIGNED,
	TPK_HEX,
	TPK_CHAR,
	TPK_SYMBOL,
	TPK_STRING,
	TPK_USTRING,
	TPK_SYMSTR,
	TPK_DNAME,
	TPK_FNAME,
};

/**
 * struct tp_type - a type an argument may be given (":TYPE")
 * @name:	its name in a definition
 * @field:	its field type in the format file
 * @fmt:	its conversion in the print fmt
 * @size:	bytes of its value (a string's slot: 4, its __data_loc)
 * @kind:	enum tp_kind
 */
struct tp_type {
	const char *name;
	const char *field;
	const char *fmt;
	u8 size;
	u8 kind;
};

/* Whether a type's slot is a string's __data_loc word. */
static inline bool tp_type_is_string(const struct tp_type *t)
{
	return t->kind >= TPK_STRING;
}

/**
 * struct tp_arg - one parsed FETCHARG
 * @name:	its field name (NAME=, or argN)
 * @text:	what followed NAME=, as written, for the listings
 * @type:	its type
 * @src:	enum tp_src
 * @ndrf:	its dereferences
 * @udrf:	bit i: dereference i reads user memory; TP_UDRF_SOURCE: a
 *		memory source is user memory
 * @user:	the final read (of a memory argument) is of user memory
 * @mem:	the type is read from the address the source and the
 *		dereferences leave, rather than being that value
 * @bf_width:	a bitfield's width in bits, else 0
 * @bf_shift:	a bitfield's offset in bits
 * @fsize:	of a TPS_FIELD, its size, 0 for an array or __data_loc
 * @fkind:	of a TPS_FIELD, its enum trace_ev_kind
 * @fsigned:	of a TPS_FIELD, a signed number
 * @count:	an array's elements, else 0
 * @offset:	its slot in the record, from the record's start
 * @imm:	the source's number (enum tp_src)
 * @drf:	the offset of each dereference, innermost first
 * @str:	a TPS_STR's string
 */
struct tp_arg {
	char *name;
	char *text;
	const struct tp_type *type;
	u8 src;
	u8 ndrf;
	u16 udrf;
	bool user;
	bool mem;
	u8 bf_width;
	u8 bf_shift;
	u8 fsize;
	u8 fkind;
	bool fsigned;
	u16 count;
	u16 offset;
	long imm;
	long drf[TP_MAX_DEREF];
	char *str;
};

#define TP_UDRF_SOURCE	BIT(15)

/* What may appear in the arguments of a probe of some kind. */
/* A return probe: $retval; with TP_CTX_ENTRY, $argN up to TP_MAX_EARGS. */
#define TP_CTX_RETURN	BIT(0)
#define TP_CTX_ENTRY	BIT(1)	/* at a function's entry: $argN */
#define TP_CTX_KERNEL	BIT(2)	/* a kernel probe: @ADDR, @SYM */
#define TP_CTX_NOREGS	BIT(3)	/* no %REG (fprobe, tracepoint probes) */
#define TP_CTX_EVENT	BIT(4)	/* an event probe: $FIELD, no registers */
#define TP_CTX_USER	BIT(5)	/* a user probe: user memory, @+OFFS */

/**
 * struct tp_pctx - what a probe's arguments may read
 * @flags:	TP_CTX_*
 * @fields:	of an event probe, the fields of the event it reads, ended
 *		by one with a NULL name
 */
struct tp_pctx {
	unsigned int flags;
	const struct trace_ev_field *fields;
};

/**
 * struct tp_err - where a definition went wrong, for error_log
 * @pos:	the offset in the command
 * @msg:	what (a static string)
 */
struct tp_err {
	unsigned int pos;
	const char *msg;
};

/**
 * tp_fail_errno() - refuse a definition, saying where and why
 * @err:	where to say it
 * @pos:	the offset in the command
 * @msg:	what is wrong (a static string)
 * @errno:	what the write gets
 *
 * Return: @errno.
 */
static inline int tp_fail_errno(struct tp_err *err, unsigned int pos,
				const char *msg, int errno)
{
	err->pos = pos;
	err->msg = msg;
	return errno;
}

/**
 * tp_fail() - tp_fail_errno() with -EINVAL, the usual refusal
 * @err:	where to say it
 * @pos:	the offset in the command
 * @msg:	what is wrong (a static string)
 *
 * Return: -EINVAL.
 */
static inline int tp_fail(struct tp_err *err, unsigned int pos,
			  const char *msg)
{
	return tp_fail_errno(err, pos, msg, -EINVAL);
}

bool tp_is_name(const char *s, size_t len);

/**
 * struct tp_args - the arguments of an event
 * @n:		how many
 * @size:	the record's fixed part, struct trace_entry and the probe's
 *		own fields included
 * @strings:	arguments with a string slot
 * @eargs:	the highest N of the $argN read: how many arguments a return
 *		probe copies at the entry (tp_save_eargs())
 * @arg:	each
 */
struct tp_args {
	unsigned int n;
	unsigned int size;
	unsigned int strings;
	unsigned int eargs;
	struct tp_arg arg[];
};

/*
 * Per-CPU pages a hit builds its record in (its length is known only once
 * its strings are read), one per level of nesting: a probe hit inside
 * another's (an NMI, or an event probe on a probe event's record).
 */
#define TP_SCRATCH_NEST		4

/**
 * struct tp_scratch - a CPU's scratch pages
 * @page:	one per level, allocated with the first probe event
 * @depth:	the levels in use (trace_nest.h); changed only by the CPU
 *		itself, each taker giving its level back before an
 *		interrupted one goes on
 */
struct tp_scratch {
	void *page[TP_SCRATCH_NEST];
	struct trace_nest depth;
};

DECLARE_PER_CPU(struct tp_scratch, tp_scratch);

int tp_scratch_alloc(void);

/**
 * tp_scratch_get() - take this CPU's next scratch page
 *
 * Context: preemption off.
 * Return: the page, or NULL when every level is in use.
 */
static __always_inline void *tp_scratch_get(void)
{
	struct tp_scratch *sc = this_cpu_ptr(&tp_scratch);
	int d = trace_nest_enter(&sc->depth, TP_SCRATCH_NEST);

	return d < 0 ? NULL : sc->page[d];
}

/** tp_scratch_put() - give back the page tp_scratch_get() gave */
static __always_inline void tp_scratch_put(void)
{
	trace_nest_exit(&this_cpu_ptr(&tp_scratch)->depth);
}

int tp_arg_parse(struct tp_arg *a, const char *text, unsigned int idx,
		 unsigned int flags, unsigned int pos, struct tp_err *err);
int tp_arg_parse_ctx(struct tp_arg *a, const char *text, unsigned int idx,
		     const struct tp_pctx *pc, unsigned int pos,
		     struct tp_err *err);
void tp_arg_free(struct tp_arg *a);
bool tp_arg_same(const struct tp_arg *a, const struct tp_arg *b);
struct tp_args *tp_args_alloc(unsigned int n);
void tp_args_free(struct tp_args *args);
int tp_args_layout(struct tp_args *args, unsigned int head, int *bad);
const char *tp_layout_msg(int err);
void tp_args_show(struct seq_file *m, const struct tp_args *args);

struct trace_ev_field *tp_fields(const struct tp_args *args,
				 const struct trace_ev_field *head,
				 unsigned int nhead);
char *tp_print_fmt(const struct tp_args *args, const char *head,
		   const char *head_args);
unsigned int tp_fetch(const struct tp_args *args, struct pt_regs *regs,
		      const void *data, void *rec, unsigned int room);
void tp_save_eargs(const struct tp_args *args, struct pt_regs *regs,
		   unsigned long *eargs);
void tp_print(struct seq_file *m, const struct tp_args *args,
	      const void *rec, unsigned int len);

#endif /* _KERNEL_TRACE_TRACE_PROBE_H */
