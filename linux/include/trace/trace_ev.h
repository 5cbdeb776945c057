/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the code generated from an event header (include/trace/
 * trace_ev_stages.h) needs of the event core (kernel/trace/trace_ev.c).
 *
 * Each TRACE_EVENT() or DEFINE_EVENT() of a header whose tracepoints a
 * unit defines becomes a struct trace_ev_call: its name, its class (the
 * record layout, the probe that writes it, the field list that the format
 * file and the filters read) and the tracepoint it hangs on. A pointer to
 * each is placed in the _ftrace_events section, where the core finds the
 * events of vmlinux at boot and those of a module when it loads.
 */
#ifndef _TRACE_TRACE_EV_H
#define _TRACE_TRACE_EV_H

#include <linux/compiler.h>
#include <linux/trace_events.h>
#include <linux/trace_seq.h>
#include <linux/types.h>

struct perf_event;
struct seq_file;
struct tracepoint;
struct trace_ev_call;
struct trace_ev_rt;

/* What a field is, for the filters. */
enum trace_ev_kind {
	TRACE_EV_NUM,		/* an integer, a pointer or a struct */
	TRACE_EV_ARRAY,		/* a fixed array; of char, a string */
	TRACE_EV_DYN,		/* __data_loc: offset and length words */
	TRACE_EV_REL,		/* __rel_loc: the same, from the field's end */
};

/**
 * struct trace_ev_field - a field of an event record
 * @type:	its C type as the format file shows it ("pid_t",
 *		"__data_loc char[]"); of an array, the element's type
 * @name:	its name
 * @offset:	bytes from the start of the record (struct trace_entry)
 * @size:	its size in the record
 * @count:	the elements of an array
 * @is_signed:	an integer type that is signed
 * @kind:	enum trace_ev_kind
 */
struct trace_ev_field {
	const char *type;
	const char *name;
	unsigned short offset;
	unsigned short size;
	unsigned short count;
	unsigned char is_signed;
	unsigned char kind;
};

/**
 * struct trace_ev_class - what the events of a DECLARE_EVENT_CLASS share
 * @system:	the TRACE_SYSTEM of its header
 * @fields:	returns its fields, ended by one with a NULL name; NULL
 *		when each event has its own (trace_ev_call.fields)
 * @probe:	the tracepoint probe that writes its record
 * @size:	the length of its record without the variable parts
 * @reg:	for events made at run time: starts (@on) or stops the
 *		probe of @call, in place of registering @probe on its
 *		tracepoint; NULL for the others
 * @print:	for events made at run time: prints the fields of a
 *		record of @call (@len bytes), in place of @call's print;
 *		NULL for the others
 * @prints_name: the printer prints the event's name itself
 * @perf:	TRACE_EV_PERF_*: what perf and BPF take its events for
 */
struct trace_ev_class {
	const char *system;
	const struct trace_ev_field *(*fields)(void);
	void *probe;
	unsigned int size;
	int (*reg)(struct trace_ev_call *call, bool on);
	void (*print)(struct seq_file *m, const struct trace_ev_call *call,
		      const void *rec, unsigned int len);
	bool prints_name;
	unsigned char perf;
};

/* Bits of trace_ev_class.perf */
#define TRACE_EV_PERF_SYSCALL	BIT(0)	/* a syscall event */
#define TRACE_EV_PERF_CAP_ANY	BIT(1)	/* any user may sample it per task */
#define TRACE_EV_PERF_KPROBE	BIT(2)	/* a kprobe event: programs see registers */
#define TRACE_EV_PERF_UPROBE	BIT(3)	/* a uprobe event: programs see user registers */

/**
 * struct trace_ev_perf_perm - what TRACE_EVENT_FLAGS() or
 * TRACE_EVENT_PERF_PERM() says of an event, for the perf layer
 * @call:	the event
 * @flags:	TRACE_EVENT_FL_CAP_ANY, or 0
 * @perm:	returns 0 or the errno with which perf_event_open() of the
 *		event fails; NULL when none was given
 * @next:	in the perf layer's list of them
 *
 * An __init call of the event's header adds it to the list
 * (trace_ev_perf_perm_add()), before perf can open anything; it stays.
 */
struct trace_ev_perf_perm {
	struct trace_ev_call *call;
	unsigned int flags;
	int (*perm)(struct perf_event *p_event);
	struct trace_ev_perf_perm *next;
};

void trace_ev_perf_perm_add(struct trace_ev_perf_perm *p);

/**
 * struct trace_ev_eval - a name a print fmt may use, and its value
 * @system:	the TRACE_SYSTEM of the header that defined it
 * @name:	the name: an enum constant, or "sizeof(type)"
 * @value:	its value
 *
 * TRACE_DEFINE_ENUM() and TRACE_DEFINE_SIZEOF() leave a pointer to one in
 * the _ftrace_eval_map section; the format files of the system's events
 * show the value in place of the name, since tools cannot know it.
 */
struct trace_ev_eval {
	const char *system;
	const char *name;
	unsigned long value;
};

/* Prints the fields of a record, after the event's name and a colon. */
typedef void (*trace_ev_print_fn)(struct seq_file *m, struct trace_seq *p,
				  const void *rec);

/*
 * Bits of trace_ev_call.flags. They change with atomic bit operations:
 * the event core changes them under its lock, and an enable_event or
 * disable_event trigger flips TRACE_EV_B_MUTE of its target from a probe.
 */
enum {
	/* The probe is registered: it runs. */
	TRACE_EV_B_RECORD,
	/*
	 * Records are written to a scratch buffer, and pass through
	 * trace_ev_commit_slow() (a filter, triggers) on their way to the
	 * trace buffer.
	 */
	TRACE_EV_B_SLOW,
	/* Each record is checked against set_event_pid. */
	TRACE_EV_B_PID,
	/* No record goes to the trace buffer (triggers still run). */
	TRACE_EV_B_MUTE,
	/*
	 * Only perf and BPF take its records: trace_ev_commit_slow() hands
	 * them on and does nothing else (set with TRACE_EV_B_SLOW).
	 */
	TRACE_EV_B_PERF_ONLY,
};

#define TRACE_EV_FL_RECORD	BIT(TRACE_EV_B_RECORD)
#define TRACE_EV_FL_SLOW	BIT(TRACE_EV_B_SLOW)
#define TRACE_EV_FL_PID		BIT(TRACE_EV_B_PID)
#define TRACE_EV_FL_MUTE	BIT(TRACE_EV_B_MUTE)

/**
 * struct trace_ev_call - one trace event
 * @name:	the event's name: the directory under events/<system>/
 * @class:	its class
 * @tp:		the tracepoint it hangs on
 * @print:	its text; the class's, unless DEFINE_EVENT_PRINT() gave one
 * @print_fmt:	the "print fmt:" of its format file
 * @flags:	TRACE_EV_FL_*, read locklessly by the probe; changed by the
 *		event core under its lock
 * @id:		the common_type of its records, given by the core
 * @rt:		the core's state of it (opaque)
 * @fields:	its own fields, for a class without them; else NULL
 * @data:	what its class's @reg and printer know it by
 */
struct trace_ev_call {
	const char *name;
	const struct trace_ev_class *class;
	struct tracepoint *tp;
	trace_ev_print_fn print;
	const char *print_fmt;
	unsigned long flags;
	unsigned short id;
	struct trace_ev_rt *rt;
	const struct trace_ev_field *fields;
	const void *data;
};

/**
 * trace_ev_fields() - the fields of an event's record
 * @call:	the event
 *
 * Return: the fields, ended by one with a NULL name.
 */
static inline const struct trace_ev_field *
trace_ev_fields(const struct trace_ev_call *call)
{
	return call->fields ?: call->class->fields();
}

/**
 * struct trace_wh - a record being written: the handle that a reservation
 * fills in and its commit takes
 * @rb:		the ring buffer it went to (a swap of the buffers may come
 *		between the reservation and the commit)
 */
struct trace_wh {
	struct trace_buffer *rb;
};

void trace_ev_bind_tp(struct trace_ev_call *call, struct tracepoint *tp);
void *trace_ev_reserve_slow(struct trace_ev_call *call, unsigned long fl,
			    unsigned int len, struct trace_wh *h);
void trace_ev_commit_slow(struct trace_ev_call *call, void *rec);
void *trace_ev_reserve_rec(unsigned short type, unsigned int len,
			   struct trace_wh *h);
void trace_ev_commit_rec(struct trace_wh *h);

/**
 * trace_ev_reserve() - room for a record of an event, from its probe
 * @call:	the event
 * @fl:		its flags, as the probe read them once
 * @len:	the record's length, struct trace_entry included
 * @h:		the write's handle, for trace_ev_commit()
 *
 * Return: the record, its struct trace_entry filled in (by the commit,
 * with TRACE_EV_FL_SLOW: the probe does not read it); NULL when the
 * event does not record now (another task, muted without triggers) or
 * the buffer has no room.
 */
static __always_inline void *trace_ev_reserve(struct trace_ev_call *call,
					      unsigned long fl,
					      unsigned int len,
					      struct trace_wh *h)
{
	if (unlikely(fl & (TRACE_EV_FL_SLOW | TRACE_EV_FL_PID |
			   TRACE_EV_FL_MUTE)))
		return trace_ev_reserve_slow(call, fl, len, h);
	return trace_ev_reserve_rec(call->id, len, h);
}

/**
 * trace_ev_commit() - publish a record trace_ev_reserve() gave
 * @call:	its event
 * @fl:		the flags given to trace_ev_reserve()
 * @rec:	the record
 * @h:		the handle trace_ev_reserve() filled in
 */
static __always_inline void trace_ev_commit(struct trace_ev_call *call,
					    unsigned long fl, void *rec,
					    struct trace_wh *h)
{
	if (unlikely(fl & TRACE_EV_FL_SLOW))
		trace_ev_commit_slow(call, rec);
	else
		trace_ev_commit_rec(h);
}

/*
 * Lengths and copies of the variable parts of a record (__string() and
 * friends), out of line so that each probe stays short.
 */
unsigned int trace_ev_str_len(const char *src);
void trace_ev_str_copy(char *dst, const char *src, unsigned int len);
unsigned int trace_ev_vstr_len(const char *fmt, va_list *ap);
void trace_ev_vstr_copy(char *dst, unsigned int len, const char *fmt,
			va_list *ap);

#endif /* _TRACE_TRACE_EV_H */
