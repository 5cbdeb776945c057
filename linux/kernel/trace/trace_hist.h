/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Hist triggers: an event's hits summed into a table by key
 * (trace_hist.c), and the table itself (trace_hist_map.c).
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

/* A hist trigger (trace_hist.c) */
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
int trace_hist_parse(struct trace_array *tr, struct trace_ev_rt *rt,
		     const char *cmd, struct trace_hist **out,
		     unsigned int *ops);
bool trace_hist_same(const struct trace_hist *a, const struct trace_hist *b);
void trace_hist_list(struct seq_file *m, const struct trace_hist *h);
void trace_hist_hit(struct trace_hist *h, const void *rec, unsigned int len);
void trace_hist_print(struct seq_file *m, struct trace_hist *h);
void trace_hist_set_paused(struct trace_hist *h, bool paused);
bool trace_hist_paused(const struct trace_hist *h);
void trace_hist_clear_locked(struct trace_hist *h);
int trace_hist_attach_locked(struct trace_hist *h, struct trace_array *tr,
			     struct trace_ev_rt *rt, const char *cmd);
void trace_hist_detach_locked(struct trace_hist *h);
void trace_hist_free(struct trace_hist *h);
void trace_hist_log(struct trace_array *tr, struct trace_ev_rt *rt,
		    const char *cmd, unsigned int pos, const char *msg);
void trace_hist_set_syscall_names(const char *(*fn)(long nr));
void trace_hist_set_fire(trace_hist_fire_fn fn);
unsigned int trace_hist_nacts(const struct trace_hist *h);
const char *trace_hist_act_synth(const struct trace_hist *h, unsigned int i);
int trace_hist_act_bind(struct trace_hist *h, unsigned int i,
			struct trace_ev_rt *synth, struct trace_array *tr,
			struct trace_ev_rt *rt, const char *cmd);
void trace_hist_acts_unhold_locked(struct trace_hist *h);
unsigned int trace_hist_nrefs(const struct trace_hist *h);
unsigned int trace_hist_nfvars(const struct trace_hist *h);
unsigned int trace_hist_fvar(const struct trace_hist *h, unsigned int i,
			     const char **sys, const char **event);
char *trace_hist_fvar_cmd(const struct trace_hist *owner,
			  const struct trace_hist *h, unsigned int i);
bool trace_hist_ref_fits(const struct trace_hist *h, unsigned int i,
			 const struct trace_hist *other, const char *sys,
			 const char *event);
int trace_hist_ref_bind(struct trace_hist *h, unsigned int i,
			const struct trace_hist *other, struct trace_array *tr,
			struct trace_ev_rt *rt, const char *cmd);
int trace_hist_ref_fail(const struct trace_hist *h, unsigned int i,
			struct trace_array *tr, struct trace_ev_rt *rt,
			const char *cmd, const char *msg);
bool trace_hist_var_clash(const struct trace_hist *h,
			  const struct trace_hist *other,
			  struct trace_array *tr, struct trace_ev_rt *rt,
			  const char *cmd);
unsigned int trace_hist_readers(const struct trace_hist *h,
				unsigned int *users);
bool trace_hist_same_table(const struct trace_hist *a,
			   const struct trace_hist *b);
unsigned int trace_hist_refs_to(const struct trace_hist *from,
				const struct trace_hist *to);
#else
static inline void trace_hist_set_syscall_names(const char *(*fn)(long nr))
{
}

static inline void trace_hist_set_fire(trace_hist_fire_fn fn)
{
}

static inline unsigned int trace_hist_nacts(const struct trace_hist *h)
{
	return 0;
}

static inline const char *trace_hist_act_synth(const struct trace_hist *h,
					       unsigned int i)
{
	return NULL;
}

static inline int trace_hist_act_bind(struct trace_hist *h, unsigned int i,
				      struct trace_ev_rt *synth,
				      struct trace_array *tr,
				      struct trace_ev_rt *rt, const char *cmd)
{
	return -EINVAL;
}

static inline void trace_hist_acts_unhold_locked(struct trace_hist *h)
{
}

/* Without hist triggers no command names one: none of these is reached. */
static inline int trace_hist_parse(struct trace_array *tr,
				   struct trace_ev_rt *rt, const char *cmd,
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
					   struct trace_array *tr,
					   struct trace_ev_rt *rt,
					   const char *cmd)
{
	return -EINVAL;
}

static inline void trace_hist_detach_locked(struct trace_hist *h)
{
}

static inline void trace_hist_free(struct trace_hist *h)
{
}

static inline void trace_hist_log(struct trace_array *tr,
				  struct trace_ev_rt *rt, const char *cmd,
				  unsigned int pos, const char *msg)
{
}

static inline unsigned int trace_hist_nfvars(const struct trace_hist *h)
{
	return 0;
}

static inline unsigned int trace_hist_fvar(const struct trace_hist *h,
					   unsigned int i, const char **sys,
					   const char **event)
{
	return 0;
}

static inline char *trace_hist_fvar_cmd(const struct trace_hist *owner,
					const struct trace_hist *h,
					unsigned int i)
{
	return NULL;
}

static inline unsigned int trace_hist_nrefs(const struct trace_hist *h)
{
	return 0;
}

static inline bool trace_hist_ref_fits(const struct trace_hist *h,
				       unsigned int i,
				       const struct trace_hist *other,
				       const char *sys, const char *event)
{
	return false;
}

static inline int trace_hist_ref_bind(struct trace_hist *h, unsigned int i,
				      const struct trace_hist *other,
				      struct trace_array *tr,
				      struct trace_ev_rt *rt, const char *cmd)
{
	return -EINVAL;
}

static inline int trace_hist_ref_fail(const struct trace_hist *h,
				      unsigned int i, struct trace_array *tr,
				      struct trace_ev_rt *rt, const char *cmd,
				      const char *msg)
{
	return -EINVAL;
}

static inline bool trace_hist_var_clash(const struct trace_hist *h,
					const struct trace_hist *other,
					struct trace_array *tr,
					struct trace_ev_rt *rt, const char *cmd)
{
	return false;
}

static inline unsigned int trace_hist_readers(const struct trace_hist *h,
					      unsigned int *users)
{
	*users = 0;
	return 0;
}

static inline bool trace_hist_same_table(const struct trace_hist *a,
					 const struct trace_hist *b)
{
	return false;
}

static inline unsigned int trace_hist_refs_to(const struct trace_hist *from,
					      const struct trace_hist *to)
{
	return 0;
}
#endif

#endif /* _KERNEL_TRACE_TRACE_HIST_H */
