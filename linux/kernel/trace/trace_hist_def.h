/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Hist triggers' definitions, shared by the hist files alone: the parser
 * and the hit (trace_hist.c), the fields (trace_hist_field.c), the
 * variables (trace_hist_var.c), the actions (trace_hist_act.c), the
 * binding (trace_hist_bind.c) and the printer (trace_hist_print.c).
 */
#ifndef _KERNEL_TRACE_TRACE_HIST_DEF_H
#define _KERNEL_TRACE_TRACE_HIST_DEF_H

#include <linux/refcount.h>
#include <linux/string.h>
#include <linux/types.h>

#include "trace.h"
#include "trace_hist.h"

struct hist_elt;
struct seq_buf;
struct trace_ev_rt;

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
#define HIST_VARS_MAX		16
#define HIST_REFS_MAX		8
#define HIST_EXPR_OPS		3	/* operators of an expression */
#define HIST_NAME_MAX		64	/* of a variable */
#define HIST_ACTS_MAX		4
#define HIST_PARAMS_MAX		16	/* of an action */
#define HIST_FVARS_MAX		4	/* fields of matched events, per trigger */
/*
 * A listing is no longer than the command it came from (at most a page)
 * and what defaults add to it.
 */
#define HIST_LIST_MAX		(2 * PAGE_SIZE)
#define HIST_SAVE_STR		64	/* bytes of a string save() keeps */
#define HIST_VAR_STR		128	/* of a string variable, NUL included;
					 * a stack variable's HIST_STACK_DEPTH
					 * addresses take as much
					 */
#define HIST_VAR_STR_SLOTS	(HIST_VAR_STR / sizeof(u64))

/* What a variable holds: a number, or what its entry keeps as bytes. */
enum hist_var_kind {
	HV_NUM,
	HV_STR,		/* a string field's text */
	HV_STACK,	/* the hit's stack */
};

/* An action's handler, and what it does. */
enum hist_handler {
	HH_MATCH,	/* onmatch(sys.event) */
	HH_MAX,		/* onmax($var) */
	HH_CHANGE,	/* onchange($var) */
};

enum hist_action {
	HA_TRACE,	/* trace(synth, ...) or synth(...) */
	HA_SAVE,	/* save(field, ...) */
	HA_SNAPSHOT,	/* snapshot() */
};

struct hist_snap;

/* Where a field's value comes from. */
enum hist_src {
	HS_NUM,		/* a number field of the record */
	HS_STR,		/* a string field */
	HS_CPU,		/* common_cpu */
	HS_TS,		/* common_timestamp */
	HS_STACK,	/* common_stacktrace */
	HS_HITCOUNT,	/* hitcount: 1 a hit */
	HS_CONST,	/* a number written in an expression */
	HS_VAR,		/* a variable of the trigger, as this hit sets it */
	HS_REF,		/* a variable of another trigger, read once */
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
 * @cst:	for HS_CONST: the number
 * @idx:	for HS_VAR: the variable; for HS_REF: the reference
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
	u64 cst;
	u16 idx;
};

/**
 * struct hist_expr - a variable's expression, or a part of it
 * @op:		'+', '-', '*' or '/' of @l and @r; 'n' for minus @l; 0 for
 *		a leaf
 * @l:		the left operand
 * @r:		the right operand
 * @leaf:	a leaf's field, number or variable
 */
struct hist_expr {
	char op;
	struct hist_expr *l;
	struct hist_expr *r;
	struct hist_field leaf;
};

/**
 * struct hist_var - a variable: a value each entry keeps for other
 * triggers to read
 * @name:	its name
 * @text:	its expression as listed: a constant one folded
 * @expr:	its expression
 * @pos:	where its definition is in the command
 * @uses_ref:	it reads another trigger's variable, at once or through
 *		one of its own
 * @kind:	enum hist_var_kind: a string field's text or the stack (its
 *		expression is the field alone), kept in the entry's last
 *		slots, is for actions' parameters only
 * @pass:	its expression is a reference alone to a string or stack
 *		variable (known once bound): the hit passes the reference's
 *		copy on and keeps nothing
 * @stri:	a string or stack variable's place among the trigger's
 */
struct hist_var {
	char *name;
	char *text;
	struct hist_expr *expr;
	unsigned int pos;
	bool uses_ref;
	u8 kind;
	bool pass;
	u8 stri;
};

/**
 * struct hist_ref - a variable of another trigger, which a hit reads from
 * that trigger's entry of the same leading keys
 * @name:	the variable's name
 * @sys:	the system of its event, when the reference names it
 * @event:	that event, when named
 * @pos:	where the reference is in the command
 * @once:	an expression reads it: the hit unsets it
 * @alias:	1 + the reference before it that names the same variable,
 *		whose value it takes; 0 for none
 * @data:	once bound: the table that keeps it, held
 * @slot:	the variable's place in an entry of @data
 * @setw:	the place of the entry's set bits
 * @bit:	the variable's set bit
 * @num:	read as a number somewhere (a key, a value, an expression)
 * @kind:	once bound: its variable's enum hist_var_kind
 * @str_slot:	for a string or stack: where it is in an entry of @data
 */
struct hist_ref {
	char *name;
	char *sys;
	char *event;
	unsigned int pos;
	bool once;
	u8 alias;
	struct trace_hist_data *data;
	u16 slot;
	u16 setw;
	u16 bit;
	bool num;
	u8 kind;
	u16 str_slot;
};

/**
 * struct hist_act - an action of a trigger: onmatch() writing a
 * synthetic event, or onmax()/onchange() writing one or saving fields
 * @text:	as written, for the listing
 * @pos:	where it is in the command
 * @handler:	enum hist_handler
 * @action:	enum hist_action
 * @track:	onmax/onchange: the variable followed
 * @slot:	onmax/onchange: the entry's slot of its value; save()'s
 *		fields follow it, a slot a number, HIST_SAVE_STR bytes a string
 * @nslots:	how many slots it takes
 * @snap:	snapshot(): the trigger-wide value followed, and the last
 *		snapshot's
 * @sys:	the system of the event onmatch() names
 * @event:	that event
 * @synth:	the synthetic event's name
 * @target:	once bound: that event, held
 * @unheld:	its hold on @target's removal is let go (under trace_ev_lock)
 * @nparams:	how many parameters
 * @params:	each: a variable, a reference or a field of the event hit
 */
struct hist_act {
	char *text;
	unsigned int pos;
	u8 handler;
	u8 action;
	u16 track;
	u16 slot;
	u16 nslots;
	struct hist_snap *snap;
	char *sys;
	char *event;
	char *synth;
	struct trace_ev_rt *target;
	bool unheld;
	unsigned int nparams;
	struct hist_field params[HIST_PARAMS_MAX];
};

/**
 * struct trace_hist_data - a table, one trigger's or shared by name
 * @map:	the table
 * @name:	its name, or NULL
 * @sig:	for a named one: the keys and values its triggers must have
 * @list:	in hist_named, while named and used
 * @users:	the triggers on it; under trace_ev_lock
 * @size:	its entries
 * @readers:	references of other triggers to its variables; under
 *		trace_ev_lock
 * @ref:	its holders: the triggers on it, and the references
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
	unsigned int readers;
	refcount_t ref;
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
 * @vars:	its variables
 * @nvars:	how many
 * @order:	the variables in the order a hit works them out: each after
 *		those it reads
 * @refs:	the variables of other triggers it reads
 * @nrefs:	how many
 * @acts:	its actions
 * @nacts:	how many
 * @nslots:	slots of an entry after its variables: the actions' state
 * @nstrs:	its string and stack variables, kept after the rest
 * @fvars:	fields of matched events its actions pass ("sys.event.field"):
 *		each the field's name, read through a reference to the
 *		variable "synthetic_<field>" the trigger layer makes for it
 * @fvar_refs:	each one's reference
 * @nfvars:	how many
 * @size:	its table's entries
 * @key_size:	bytes of its key
 * @nohitcount:	the hit count is not shown
 * @uses_ts:	it reads common_timestamp
 * @execname:	it keeps the task's name of each entry
 * @paused:	hits are not counted; written under trace_ev_lock or by
 *		enable_hist and disable_hist triggers, read by the probe
 * @data:	its table
 * @clock:	the clock of common_timestamp (global unless clock= says)
 * @clock_name:	its name
 */
struct trace_hist {
	struct hist_field keys[HIST_KEYS_MAX];
	struct hist_field vals[HIST_VALS_MAX];
	unsigned int nkeys;
	unsigned int nvals;
	u8 sort[HIST_SORT_MAX];
	bool desc[HIST_SORT_MAX];
	unsigned int nsort;
	struct hist_var vars[HIST_VARS_MAX];
	unsigned int nvars;
	u8 order[HIST_VARS_MAX];
	struct hist_ref refs[HIST_REFS_MAX];
	unsigned int nrefs;
	struct hist_act acts[HIST_ACTS_MAX];
	unsigned int nacts;
	unsigned int nslots;
	unsigned int nstrs;
	char *fvars[HIST_FVARS_MAX];
	u8 fvar_refs[HIST_FVARS_MAX];
	unsigned int nfvars;
	unsigned int size;
	unsigned int key_size;
	bool nohitcount;
	bool uses_ts;
	bool execname;
	bool paused;
	struct trace_hist_data *data;
	trace_clock_fn_t clock;
	char clock_name[16];
};

/**
 * struct hist_parse - a command being parsed
 * @cx:		where it is written: the trace array, the event and the
 *		whole command, for errors
 * @copy:	the copy of it that is cut into parts
 * @h:		what it defines
 * @ops:	TRACE_HIST_* it asks for
 * @name:	its name=, or NULL
 * @param:	an action's parameter is parsed: a string variable may be
 *		read
 */
struct hist_parse {
	struct trace_hist_ctx cx;
	const char *copy;
	struct trace_hist *h;
	unsigned int ops;
	char *name;
	bool param;
};

/**
 * struct hist_hit - a hit being counted
 * @rec:	the event's record
 * @len:	its length
 * @ts:		the hit's time, when the trigger reads it; else 0
 * @vars:	the hit's variables, as far as worked out
 * @refs:	its references' values, once read (hist_refs_take())
 */
struct hist_hit {
	const void *rec;
	unsigned int len;
	u64 ts;
	u64 *vars;
	u64 *refs;
};

/*
 * An entry's slots: the sums (values), the variables, a word of their set
 * bits, the actions' state, then the string variables' text.
 */
static inline unsigned int hist_str_base(const struct trace_hist *h)
{
	return h->nvals + h->nvars + !!h->nvars + h->nslots;
}

static inline unsigned int hist_slots(const struct trace_hist *h)
{
	return hist_str_base(h) + h->nstrs * HIST_VAR_STR_SLOTS;
}

/* The variable of @h named @name ("$" before it or not), or -1. */
static inline int hist_var_index(const struct trace_hist *h, const char *name)
{
	unsigned int i;

	if (*name == '$')
		name++;
	for (i = 0; i < h->nvars; i++)
		if (!strcmp(h->vars[i].name, name))
			return i;
	return -1;
}

extern const char *const hist_mod_names[HM_GRAPH + 1];

/* trace_hist_field.c: a field of a command */
int hist_fail(struct hist_parse *p, unsigned int pos, const char *msg);
int hist_field_spec(struct hist_parse *p, struct hist_field *hf, char *spec,
		    bool key);
u64 hist_field_num(const struct hist_field *hf, const struct hist_hit *hit);
void hist_field_show(struct seq_buf *s, const struct hist_field *hf);

/* trace_hist_var.c: variables, expressions and references */
int hist_vars_parse(struct hist_parse *p, char **defs, unsigned int ndefs);
int hist_ref_field(struct hist_parse *p, struct hist_field *hf, char *spec,
		   bool once);
int hist_fvar_field(struct hist_parse *p, struct hist_field *hf, char *spec);
int hist_var_field(struct hist_parse *p, struct hist_field *hf, char *spec,
		   bool once);
void hist_vars_show(struct seq_buf *s, const struct trace_hist *h);
bool hist_vars_same(const struct trace_hist *a, const struct trace_hist *b);
void hist_vars_free(struct trace_hist *h);
void hist_data_put(struct trace_hist_data *d);
bool hist_var_read_as_num(const struct trace_hist *h, unsigned int j);
bool hist_refs_take(const struct trace_hist *h, const void *key, u64 *refs,
		    char *strs);
void hist_vars_eval(const struct trace_hist *h, struct hist_hit *hit,
		    bool with_refs);
void *hist_var_blob(const struct trace_hist *h, const struct hist_elt *e,
		    unsigned int i);
void hist_vars_store(const struct trace_hist *h, struct hist_elt *e,
		     const struct hist_hit *hit);

/* trace_hist_act.c: actions */
int hist_acts_parse(struct hist_parse *p, char **parts, unsigned int n);
void hist_acts_show(struct seq_buf *s, const struct trace_hist *h);
bool hist_acts_same(const struct trace_hist *a, const struct trace_hist *b);
void hist_acts_free(struct trace_hist *h);
void hist_acts_run(const struct trace_hist *h, struct hist_elt *e,
		   const struct hist_hit *hit);
void hist_acts_print(struct seq_file *m, const struct trace_hist *h,
		     const struct hist_elt *e);
bool hist_act_snap_taken(const struct trace_hist *h, unsigned int i,
			 void *key, u64 *val);
int hist_acts_arm(struct trace_hist *h, struct trace_buf *b);
void hist_acts_disarm(struct trace_hist *h);

#endif /* _KERNEL_TRACE_TRACE_HIST_DEF_H */
