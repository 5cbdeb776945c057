/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Synthetic events: trace events whose fields a user names and types,
 *
 *   NAME FIELD[; FIELD]...	FIELD: TYPE NAME | char NAME[N] | char NAME[]
 *				       | [unsigned] long[] NAME
 *
 * defined in synthetic_events or, with "s:[synthetic/]", in
 * dynamic_events (trace_synth.c). trace_synth_def.c reads a definition
 * into a struct ts_def, lays its record out and prints its records; it
 * knows nothing of the files.
 */
#ifndef _KERNEL_TRACE_TRACE_SYNTH_H
#define _KERNEL_TRACE_TRACE_SYNTH_H

#include <linux/seq_file.h>
#include <linux/types.h>

#include "trace_probe.h"

#define TS_GROUP	"synthetic"
/* The most fields an event has, and the longest string field. */
#define TS_MAX_FIELDS	64
#define TS_STR_MAX	256

/**
 * enum ts_kind - what a field holds
 * @TS_NUM:	an integer of a type of the table
 * @TS_STR:	a string of at most @len bytes, in place
 * @TS_DYNSTR:	a string after the fixed part (a __data_loc word)
 * @TS_STACK:	addresses after the fixed part (a __data_loc word)
 */
enum ts_kind {
	TS_NUM,
	TS_STR,
	TS_DYNSTR,
	TS_STACK,
};

struct ts_type;

/**
 * struct ts_field - a field of a synthetic event
 * @name:	its name
 * @type:	its type, for TS_NUM
 * @kind:	what it holds
 * @is_signed:	of a TS_STACK field: written "long[]" (else "unsigned long[]")
 * @len:	the size of a TS_STR field
 * @offset:	where it is in the record
 */
struct ts_field {
	char *name;
	const struct ts_type *type;
	u8 kind;
	bool is_signed;
	u16 len;
	u16 offset;
};

/**
 * struct ts_def - a definition, read and laid out
 * @name:	the event's name
 * @nr:		its fields
 * @fields:	each
 * @size:	its record's fixed part, common fields included
 */
struct ts_def {
	char *name;
	unsigned int nr;
	struct ts_field *fields;
	unsigned int size;
};

int ts_def_parse(const char *line, unsigned int at,
		 struct ts_def *def, struct tp_err *err);
void ts_def_free(struct ts_def *def);
void ts_def_show(struct seq_file *m, const struct ts_def *def);
struct trace_ev_field *ts_def_ev_fields(const struct ts_def *def);
char *ts_def_print_fmt(const struct ts_def *def);
void ts_def_print(struct seq_file *m, const struct ts_def *def,
		  const void *rec, unsigned int len);

struct trace_hist_arg;
unsigned int ts_def_rec_len(const struct ts_def *def,
			    const struct trace_hist_arg *args);
void ts_def_fill(const struct ts_def *def, void *rec,
		 const struct trace_hist_arg *args);

#endif /* _KERNEL_TRACE_TRACE_SYNTH_H */
