/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Hist triggers: an event's hits summed into a table by key, the API the
 * trigger plumbing (trace_ev_trig.c), the synthetic events and the
 * syscall events call, each group labelled by the file that has it; and
 * the table itself (trace_hist_map.c). The binding of one trigger's
 * references to another's variables, which walks the triggers, is
 * declared in trace_ev_trig.h (trace_hist_bind.c).
 */
#ifndef _KERNEL_TRACE_TRACE_HIST_H
#define _KERNEL_TRACE_TRACE_HIST_H

#include <linux/bits.h>
#include <linux/types.h>

struct seq_file;
struct trace_array;
struct trace_ev_rt;

/* The table (trace_hist_map.c) */
struct hist_map;
struct hist_elt;

struct hist_map *hist_map_new(unsigned int max, unsigned int key_size,
			      unsigned int extra, unsigned int nvals);
void hist_map_free(struct hist_map *m);
struct hist_elt *hist_map_get(struct hist_map *m, const void *key,
			      const void *extra, bool *fresh);
void hist_map_drop(struct hist_map *m);
struct hist_elt *hist_map_lookup(struct hist_map *m, const void *key);
void hist_elt_add(struct hist_elt *e, unsigned int i, u64 v);
void *hist_elt_slot(const struct hist_elt *e, unsigned int i);
bool hist_atomic_raise(atomic64_t *a, u64 v);
bool hist_elt_raise(struct hist_elt *e, unsigned int i, u64 v);
bool hist_elt_change(struct hist_elt *e, unsigned int i, u64 v);
void hist_elt_set(struct hist_elt *e, unsigned int i, unsigned int setw,
		  unsigned int bit, u64 v);
bool hist_elt_read(struct hist_elt *e, unsigned int i, unsigned int setw,
		   unsigned int bit, bool once, u64 *v);
u64 hist_elt_val(const struct hist_elt *e, unsigned int i);
const void *hist_elt_key(const struct hist_map *m, const struct hist_elt *e);
void *hist_elt_extra(const struct hist_map *m, const struct hist_elt *e);
void hist_map_clear(struct hist_map *m);
void hist_map_stats(const struct hist_map *m, u64 *hits, u64 *drops);
int hist_map_entries(const struct hist_map *m, struct hist_elt ***out);

/**
 * struct trace_hist_ctx - where a hist command is written, for its errors
 * @tr:		the trace array of the trigger file
 * @rt:		the event
 * @cmd:	the command, from "hist" to before its filter
 */
struct trace_hist_ctx {
	struct trace_array *tr;
	struct trace_ev_rt *rt;
	const char *cmd;
};

/* A hist trigger's definition and state. */
struct trace_hist;

/**
 * struct trace_hist_arg - a value an action passes to a synthetic event
 * @val:	a number
 * @str:	a string, for a string field; NULL otherwise
 * @stack:	addresses, for a stack field, ended by a 0 or by @len;
 *		NULL otherwise
 * @len:	the room @str has, which it may fill without a NUL; the
 *		addresses @stack has
 */
struct trace_hist_arg {
	u64 val;
	const char *str;
	const unsigned long *stack;
	unsigned int len;
};

typedef void (*trace_hist_fire_fn)(struct trace_ev_rt *target,
				   const struct trace_hist_arg *args,
				   unsigned int n);

/* What a hist command asks of an existing trigger besides adding one. */
#define TRACE_HIST_PAUSE	BIT(0)
#define TRACE_HIST_CONT		BIT(1)
#define TRACE_HIST_CLEAR	BIT(2)

#ifdef CONFIG_HIST_TRIGGERS
/* Parsing, listing, attaching and hits (trace_hist.c) */
int trace_hist_parse(const struct trace_hist_ctx *cx, struct trace_hist **out,
		     unsigned int *ops);
bool trace_hist_same(const struct trace_hist *a, const struct trace_hist *b);
void trace_hist_list(struct seq_file *m, const struct trace_hist *h);
void trace_hist_hit(struct trace_hist *h, const void *rec, unsigned int len);
void trace_hist_set_paused(struct trace_hist *h, bool paused);
bool trace_hist_paused(const struct trace_hist *h);
void trace_hist_clear_locked(struct trace_hist *h);
int trace_hist_attach_locked(struct trace_hist *h,
			     const struct trace_hist_ctx *cx);
void trace_hist_detach_locked(struct trace_hist *h);
void trace_hist_free(struct trace_hist *h);

/* Errors of a command (trace_hist_field.c) */
void trace_hist_log(const struct trace_hist_ctx *cx, unsigned int pos,
		    const char *msg);

/* The hist file (trace_hist_print.c) */
void trace_hist_print(struct seq_file *m, struct trace_hist *h);
void trace_hist_set_syscall_names(const char *(*fn)(long nr));

/* Actions (trace_hist_act.c) */
void trace_hist_set_fire(trace_hist_fire_fn fn);
void trace_hist_acts_unhold_locked(struct trace_hist *h);
#else
static inline void trace_hist_set_syscall_names(const char *(*fn)(long nr))
{
}

static inline void trace_hist_set_fire(trace_hist_fire_fn fn)
{
}

static inline void trace_hist_acts_unhold_locked(struct trace_hist *h)
{
}

/* Without hist triggers no command names one: none of these is reached. */
static inline int trace_hist_parse(const struct trace_hist_ctx *cx,
				   struct trace_hist **out, unsigned int *ops)
{
	return -EINVAL;
}

static inline bool trace_hist_same(const struct trace_hist *a,
				   const struct trace_hist *b)
{
	return false;
}

static inline void trace_hist_list(struct seq_file *m,
				   const struct trace_hist *h)
{
}

static inline void trace_hist_hit(struct trace_hist *h, const void *rec,
				  unsigned int len)
{
}

static inline void trace_hist_print(struct seq_file *m, struct trace_hist *h)
{
}

static inline void trace_hist_set_paused(struct trace_hist *h, bool paused)
{
}

static inline bool trace_hist_paused(const struct trace_hist *h)
{
	return false;
}

static inline void trace_hist_clear_locked(struct trace_hist *h)
{
}

static inline int trace_hist_attach_locked(struct trace_hist *h,
					   const struct trace_hist_ctx *cx)
{
	return -EINVAL;
}

static inline void trace_hist_detach_locked(struct trace_hist *h)
{
}

static inline void trace_hist_free(struct trace_hist *h)
{
}

static inline void trace_hist_log(const struct trace_hist_ctx *cx,
				  unsigned int pos, const char *msg)
{
}
#endif

#endif /* _KERNEL_TRACE_TRACE_HIST_H */
