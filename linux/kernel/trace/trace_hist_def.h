/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Hist triggers' definitions, shared by their parser (trace_hist.c) and
 * their printer (trace_hist_print.c) only.
 */
#ifndef _KERNEL_TRACE_TRACE_HIST_DEF_H
#define _KERNEL_TRACE_TRACE_HIST_DEF_H

#include <linux/types.h>

#include "trace.h"

#define HIST_KEYS_MAX		3
#define HIST_VALS_MAX		8	/* hitcount included */
#define HIST_SORT_MAX		2
#define HIST_SIZE_DEFAULT	2048
#define HIST_SIZE_MIN		128
#define HIST_SIZE_MAX		131072
#define HIST_STACK_DEPTH	16
#define HIST_STR_MAX		256	/* bytes of a string key, NUL included */
#define HIST_KEY_MAX		(HIST_KEYS_MAX * HIST_STR_MAX)
#define HIST_GRAPH_WIDTH	20

/* Where a field's value comes from. */
enum hist_src {
	HS_NUM,		/* a number field of the record */
	HS_STR,		/* a string field */
	HS_CPU,		/* common_cpu */
	HS_TS,		/* common_timestamp */
	HS_STACK,	/* common_stacktrace */
	HS_HITCOUNT,	/* hitcount: 1 a hit */
};

/* Display modifiers; at most one a field. */
enum hist_mod {
	HM_NONE,
	HM_HEX,
	HM_SYM,
	HM_SYM_OFFSET,
	HM_EXECNAME,
	HM_SYSCALL,
	HM_LOG2,
	HM_BUCKETS,
	HM_USECS,
	HM_PERCENT,
	HM_GRAPH,
};

/**
 * struct hist_field - a key or a value of a hist trigger
 * @name:	the field's name, without modifier
 * @src:	enum hist_src
 * @mod:	enum hist_mod
 * @kind:	for HS_STR, the field's enum trace_ev_kind
 * @is_signed:	for HS_NUM: sign-extend it
 * @size:	for HS_NUM and HS_STR: its size in the record
 * @offset:	its offset in the record
 * @key_off:	for a key: where it is in the table's key
 * @key_size:	for a key: its bytes there
 * @buckets:	for HM_BUCKETS: the width of a bucket
 */
struct hist_field {
	char *name;
	u8 src;
	u8 mod;
	u8 kind;
	bool is_signed;
	u16 size;
	u16 offset;
	u16 key_off;
	u16 key_size;
	u64 buckets;
};

/**
 * struct trace_hist_data - a table, one trigger's or shared by name
 * @map:	the table
 * @name:	its name, or NULL
 * @sig:	for a named one: the keys and values its triggers must have
 * @list:	in hist_named, while named and used
 * @users:	the triggers on it; under trace_ev_lock
 * @size:	its entries
 * @clearing:	set while it is emptied: hits leave it alone; written
 *		with release after the table is emptied, read with acquire
 *		by the hit
 */
struct trace_hist_data {
	struct hist_map *map;
	char *name;
	char *sig;
	struct list_head list;
	unsigned int users;
	unsigned int size;
	bool clearing;
};

/**
 * struct trace_hist - a hist trigger's definition and state
 * @keys:	its keys
 * @vals:	its values; vals[0] is the hit count
 * @nkeys:	how many keys
 * @nvals:	how many values
 * @sort:	the sort fields: an index in @keys, then @vals after them
 * @desc:	each sort field descends
 * @nsort:	how many sort fields
 * @size:	its table's entries
 * @key_size:	bytes of its key
 * @nohitcount:	the hit count is not shown
 * @uses_ts:	it reads common_timestamp
 * @execname:	it keeps the task's name of each entry
 * @paused:	hits are not counted; written under trace_ev_lock or by
 *		enable_hist and disable_hist triggers, read by the probe
 * @last:	its detach took the last user of @data
 * @data:	its table
 * @clock:	the clock of common_timestamp (global)
 */
struct trace_hist {
	struct hist_field keys[HIST_KEYS_MAX];
	struct hist_field vals[HIST_VALS_MAX];
	unsigned int nkeys;
	unsigned int nvals;
	u8 sort[HIST_SORT_MAX];
	bool desc[HIST_SORT_MAX];
	unsigned int nsort;
	unsigned int size;
	unsigned int key_size;
	bool nohitcount;
	bool uses_ts;
	bool execname;
	bool paused;
	bool last;
	struct trace_hist_data *data;
	trace_clock_fn_t clock;
};

#endif /* _KERNEL_TRACE_TRACE_HIST_DEF_H */
