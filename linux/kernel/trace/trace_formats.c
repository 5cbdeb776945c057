// SPDX-License-Identifier: GPL-2.0
/*
 * The format files of the records the tracing core writes itself
 * (events/ftrace/<name>/format), from one table.
 *
 * Tools decode trace_pipe_raw with these (trace-cmd, perf, uftrace), so
 * their text is ABI, laid out as every event's format file is: name, ID,
 * the common fields of struct trace_entry, a blank line, the record's
 * own fields, a blank line, and the print fmt. trace_format_head() gives
 * the part every format file shares; trace events (trace_ev_fs.c) use it
 * too.
 */
#include <linux/kernel.h>
#include <linux/seq_file.h>
#include <linux/stddef.h>

#include "trace.h"

/* The fields of struct trace_entry, as tools expect them. */
static const char trace_common_fields[] =
	"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
	"\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
	"\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
	"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n";

/**
 * trace_format_head() - begin a format file
 * @m:		the file
 * @name:	the event's name
 * @id:		its record type
 *
 * Writes the name, the ID and the common fields, up to the blank line
 * that precedes the event's own fields.
 */
void trace_format_head(struct seq_file *m, const char *name, unsigned int id)
{
	seq_printf(m, "name: %s\nID: %u\nformat:\n%s", name, id,
		   trace_common_fields);
}

/* One field: its declaration as tools read it, where it is, how big. */
struct trace_fmt_field {
	const char *decl;
	u16 offset;
	u16 size;
	bool is_signed;
};

/* A core record: its type, name, fields (up to a NULL decl), print fmt. */
struct trace_fmt {
	u8 type;
	const char *name;
	const struct trace_fmt_field *fields;
	const char *print_fmt;
};

/* Field @member of struct @rec, @size bytes. */
#define FLD(rec, member, decl, size, sgn) \
	{ decl, offsetof(struct rec, member), size, sgn }
/* A field of a record this kernel never writes: upstream's layout. */
#define FLD_AT(decl, off, size, sgn)	{ decl, off, size, sgn }

static const struct trace_fmt_field fn_fields[] = {
	FLD(trace_fn_rec, ip, "unsigned long ip", sizeof(long), 0),
	FLD(trace_fn_rec, parent_ip, "unsigned long parent_ip", sizeof(long), 0),
	{ }
};

static const struct trace_fmt_field ctx_fields[] = {
	FLD(trace_ctx_rec, prev_pid, "unsigned int prev_pid", 4, 0),
	FLD(trace_ctx_rec, next_pid, "unsigned int next_pid", 4, 0),
	FLD(trace_ctx_rec, next_cpu, "unsigned int next_cpu", 4, 0),
	FLD(trace_ctx_rec, prev_prio, "unsigned char prev_prio", 1, 0),
	FLD(trace_ctx_rec, prev_state, "unsigned char prev_state", 1, 0),
	FLD(trace_ctx_rec, next_prio, "unsigned char next_prio", 1, 0),
	FLD(trace_ctx_rec, next_state, "unsigned char next_state", 1, 0),
	{ }
};

/* The record holds as many callers as were found; tools read eight. */
static const struct trace_fmt_field stack_fields[] = {
	FLD(trace_stack_rec, size, "int size", 4, 1),
	FLD(trace_stack_rec, caller, "unsigned long caller[8]", 8 * sizeof(long), 0),
	{ }
};

static const struct trace_fmt_field print_fields[] = {
	FLD(trace_print_rec, ip, "unsigned long ip", sizeof(long), 0),
	FLD(trace_print_rec, buf, "char buf[]", 0, 1),
	{ }
};

static const struct trace_fmt_field graph_ret_fields[] = {
	FLD(trace_graph_ret_rec, func, "unsigned long func", sizeof(long), 0),
	FLD(trace_graph_ret_rec, retval, "unsigned long retval", sizeof(long), 0),
	FLD(trace_graph_ret_rec, depth, "int depth", sizeof(int), 1),
	FLD(trace_graph_ret_rec, overrun, "unsigned int overrun", sizeof(int), 0),
	FLD(trace_graph_ret_rec, calltime, "unsigned long long calltime", sizeof(u64), 0),
	FLD(trace_graph_ret_rec, rettime, "unsigned long long rettime", sizeof(u64), 0),
	{ }
};

static const struct trace_fmt_field graph_ent_fields[] = {
	FLD(trace_graph_ent_rec, func, "unsigned long func", sizeof(long), 0),
	FLD(trace_graph_ent_rec, depth, "int depth", sizeof(int), 1),
	{ }
};

static const struct trace_fmt_field raw_fields[] = {
	FLD(trace_raw_rec, id, "unsigned int id", 4, 0),
	FLD(trace_raw_rec, buf, "char buf[]", 0, 1),
	{ }
};

/*
 * bprint, bputs and user_stack: this kernel writes trace_printk() text as
 * print records and has no user stacks, but tools look these formats up
 * by name.
 */
static const struct trace_fmt_field bprint_fields[] = {
	FLD_AT("unsigned long ip", 8, 8, 0),
	FLD_AT("const char * fmt", 16, 8, 0),
	FLD_AT("u32 buf[]", 24, 0, 0),
	{ }
};

static const struct trace_fmt_field bputs_fields[] = {
	FLD_AT("unsigned long ip", 8, 8, 0),
	FLD_AT("const char * str", 16, 8, 0),
	{ }
};

static const struct trace_fmt_field user_stack_fields[] = {
	FLD_AT("unsigned int tgid", 8, 4, 0),
	FLD_AT("unsigned long caller[8]", 16, 64, 0),
	{ }
};

/* Eight return addresses, one a line. */
static const char callers_fmt[] = {
	"\"\\t=> %ps\\n\\t=> %ps\\n\\t=> %ps\\n\\t=> %ps\\n\\t=> %ps\\n\\t=> %ps\\n\\t=> %ps\\n\\t=> %ps\\n\", (void *)REC->caller[0], (void *)REC->caller[1], (void *)REC->caller[2], (void *)REC->caller[3], (void *)REC->caller[4], (void *)REC->caller[5], (void *)REC->caller[6], (void *)REC->caller[7]"
};

static const struct trace_fmt trace_fmts[] = {
	{ TRACE_TYPE_FN, "function", fn_fields,
	  "\" %ps <-- %ps\", (void *)REC->ip, (void *)REC->parent_ip" },
	{ TRACE_TYPE_CTX, "context_switch", ctx_fields,
	  "\"%u:%u:%u  ==> %u:%u:%u [%03u]\", REC->prev_pid, REC->prev_prio, REC->prev_state, REC->next_pid, REC->next_prio, REC->next_state, REC->next_cpu"
	},
	{ TRACE_TYPE_WAKE, "wakeup", ctx_fields,
	  "\"%u:%u:%u  ==+ %u:%u:%u [%03u]\", REC->prev_pid, REC->prev_prio, REC->prev_state, REC->next_pid, REC->next_prio, REC->next_state, REC->next_cpu"
	},
	{ TRACE_TYPE_STACK, "kernel_stack", stack_fields, callers_fmt },
	{ TRACE_TYPE_PRINT, "print", print_fields,
	  "\"%ps: %s\", (void *)REC->ip, REC->buf" },
	{ TRACE_TYPE_BPRINT, "bprint", bprint_fields,
	  "\"%ps: %s\", (void *)REC->ip, REC->fmt" },
	{ TRACE_TYPE_GRAPH_RET, "funcgraph_exit", graph_ret_fields,
	  "\"<-- %ps (%d) (start: %llx  end: %llx) over: %d retval: %lx\", (void *)REC->func, REC->depth, REC->calltime, REC->rettime, REC->depth, REC->retval"
	},
	{ TRACE_TYPE_GRAPH_ENT, "funcgraph_entry", graph_ent_fields,
	  "\"--> %ps (%d)\", (void *)REC->func, REC->depth" },
	{ TRACE_TYPE_USER_STACK, "user_stack", user_stack_fields, callers_fmt },
	{ TRACE_TYPE_BPUTS, "bputs", bputs_fields,
	  "\"%ps: %s\", (void *)REC->ip, REC->str" },
	{ TRACE_TYPE_RAW_DATA, "raw_data", raw_fields,
	  "\"id:%04x %08x\", REC->id, (int)REC->buf[0]" },
};

/**
 * trace_fmt_show() - events/ftrace/<name>/format of a core record
 * @m:		the file
 * @type:	the record's type (TRACE_TYPE_*), the table argument
 *
 * Return: 0, or -ENOENT for a type the table lacks.
 */
int trace_fmt_show(struct seq_file *m, long type)
{
	const struct trace_fmt_field *fld;
	const struct trace_fmt *f;

	for (f = trace_fmts; f < trace_fmts + ARRAY_SIZE(trace_fmts); f++) {
		if (f->type != type)
			continue;
		trace_format_head(m, f->name, f->type);
		for (fld = f->fields; fld->decl; fld++)
			seq_printf(m, "\tfield:%s;\toffset:%u;\tsize:%u;\tsigned:%d;\n",
				   fld->decl, fld->offset, fld->size,
				   fld->is_signed);
		seq_printf(m, "\nprint fmt: %s\n", f->print_fmt);
		return 0;
	}
	return -ENOENT;
}
