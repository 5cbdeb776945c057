/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Function-entry call sites: the table the build records (__mcount_loc,
 * written by scripts/recordmcount) kept as compact per-image groups, and
 * the architecture's patching primitives.
 *
 * The files of dynamic ftrace (fentry_*.c, fprobe.c, fgraph.c, and the
 * arch's ftrace.c and ftrace_64.S) and what each holds: see the file map
 * of Documentation/trace/tracing-design.rst, the one map of the tree, and
 * its Layers for which calls which.
 */
#ifndef _KERNEL_TRACE_FENTRY_H
#define _KERNEL_TRACE_FENTRY_H

#include "trace_pid.h"
#include <linux/ftrace.h>
#include <linux/hardirq.h>
#include <linux/init.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/string.h>
#include <linux/types.h>

struct fgraph_ops;
struct ftrace_hash;
struct ftrace_ops_hash;
struct module;
struct seq_file;
struct trace_array;

/**
 * struct fentry_site - one call site, 4 bytes
 * @word:	in FENTRY_OFF the call's address minus its group's base
 *		(an image's text is at most 128 MiB), above it the FENTRY_*
 *		flags; under fentry_lock
 */
struct fentry_site {
	u32 word;
};

#define FENTRY_OFF	GENMASK(26, 0)

/*
 * FENTRY_DEAD: not a function's entry (the dead copy of a weak function
 * replaced at link time): never listed, never patched.
 * FENTRY_BAD: held unexpected bytes at conversion: never touched.
 */
#define FENTRY_DEAD	BIT(30)
#define FENTRY_BAD	BIT(31)
#define FENTRY_SKIP	(FENTRY_DEAD | FENTRY_BAD)

/*
 * What the site holds now: FENTRY_ON, a call to a trampoline (with
 * FENTRY_REGS, the one that saves every register; with FENTRY_GUARD, the
 * guard that goes on to the first only while fentry_gates is not zero);
 * else the nop.
 */
#define FENTRY_GUARD	BIT(27)
#define FENTRY_ON	BIT(28)
#define FENTRY_REGS	BIT(29)
#define FENTRY_PATCH	(FENTRY_ON | FENTRY_REGS | FENTRY_GUARD)
/*
 * The three together (a guard never goes with the full registers): a call
 * straight to the direct trampoline of the site's only user
 * (register_ftrace_direct(); the address is in the site table, fentry_sites.c).
 */
#define FENTRY_DIRECT	FENTRY_PATCH

/*
 * Largest distance from a symbol's start at which its call site may sit:
 * an endbr64 comes first when indirect-branch tracking is built in.
 */
#ifdef FTRACE_MCOUNT_MAX_OFFSET
#define FENTRY_MAX_OFFSET	FTRACE_MCOUNT_MAX_OFFSET
#else
#define FENTRY_MAX_OFFSET	0
#endif

/**
 * struct fentry_group - the call sites of one image (the kernel or a module)
 * @list:	link in fentry_groups, under fentry_lock
 * @base:	address that @sites' offsets are relative to
 * @mod:	the module, NULL for the kernel
 * @nr:		number of sites
 * @validated:	@sites were checked against kallsyms (FENTRY_DEAD set)
 * @sites:	the sites, sorted by address
 */
struct fentry_group {
	struct list_head list;
	unsigned long base;
	struct module *mod;
	unsigned int nr;
	bool validated;
	struct fentry_site sites[];
};

/*
 * fentry_lock (a mutex, never taken on a tracing fast path) guards all the
 * state of dynamic ftrace that changes; each field says so too, and the
 * functions that need it assert it with lockdep:
 *
 *  - the group list (fentry_groups, fentry_generation) and each site's
 *    flags (fentry_sites.c). fentry_generation changes whenever a group
 *    comes or goes, so that a reader that dropped the lock knows its place
 *    is stale. The lookups for the kernel's other code (ftrace_location()
 *    and its kin) walk fentry_groups under RCU instead: groups are added
 *    with list_add_rcu() and freed after a grace period;
 *  - the users (fentry_users, fentry_nr_users) and the target of the
 *    fentry_call static call (fentry_ops.c);
 *  - the pointer in every set slot: the filter_hash and notrace_hash of
 *    every registered user and of fentry_global_hash, trace_graph_sets
 *    and trace_stack_sets (published with rcu_assign_pointer(), read
 *    locklessly by the dispatch);
 *  - the deferred :mod: terms (fentry_modterm.c);
 *  - the publication of the command table (fentry_cmd.c, which changes
 *    it under fentry_cmd_mutex taken outside).
 *
 * text_mutex is taken inside it, to patch.
 */
extern struct mutex fentry_lock;
extern struct list_head fentry_groups;
extern unsigned long fentry_generation;

/* The kernel's table, gathered by the linker script (init data). */
extern unsigned long __start_mcount_loc[];
extern unsigned long __stop_mcount_loc[];

static inline unsigned long fentry_ip(const struct fentry_group *g,
				      const struct fentry_site *s)
{
	return g->base + (s->word & FENTRY_OFF);
}

/* The FENTRY_* flags of @s. */
static inline unsigned int fentry_state(const struct fentry_site *s)
{
	return s->word & ~FENTRY_OFF;
}

void fentry_validate(struct fentry_group *g);
unsigned long fentry_count(unsigned long *bytes, unsigned int *groups);

/* The architecture's side (arch/x86/kernel/ftrace.c). */
int arch_fentry_convert(unsigned long ip, unsigned long text);
void arch_fentry_sync(void);
int arch_fentry_poke(unsigned long ip, unsigned int from, unsigned long from_to,
		     unsigned int to, unsigned long to_to);
void arch_fentry_poke_finish(void);
u64 arch_fentry_cycles_to_ns(u64 cycles);
/* The trampolines (ftrace_64.S); never called from C. */
void fentry_caller(void);
void fentry_regs_caller(void);
void fentry_guard_caller(void);
void fentry_pad_caller(void);

/*
 * Users that must be alone on each function they trace: those that move
 * the ip (FTRACE_OPS_FL_IPMODIFY) and direct calls. They run only from
 * the trampoline that saves every register.
 */
#define FENTRY_OPS_FL_ALONE	(FTRACE_OPS_FL_IPMODIFY | FTRACE_OPS_FL_DIRECT)
#define FENTRY_OPS_FL_FULL_REGS	(FTRACE_OPS_FL_SAVE_REGS | FENTRY_OPS_FL_ALONE)

/*
 * Where each site in state FENTRY_DIRECT calls (0: none; fentry_sites.c),
 * and where a direct user sends its functions (fentry_direct.c).
 */
unsigned long fentry_direct_site(unsigned long ip);
int fentry_direct_site_set(unsigned long ip, unsigned long addr);

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
static inline unsigned long fentry_ops_direct(struct ftrace_ops *op)
{
	return READ_ONCE(op->direct_call);
}
#else
static inline unsigned long fentry_ops_direct(struct ftrace_ops *op)
{
	return 0;
}
#endif

/* fgraph.c: return hooking, beside what linux/ftrace.h declares. */
unsigned long fgraph_return(unsigned long retval, unsigned long sp);
void fgraph_add_subtime(struct fgraph_ops *gops, u64 delta);
u64 fgraph_frame_subtime(void);
void fgraph_shift_calltime(struct task_struct *t, u64 delta);

/* The listing files (fentry_list.c); their table argument. */
enum fentry_listing {
	FENTRY_LIST_ALL,	/* available_filter_functions */
	FENTRY_LIST_ADDRS,	/* available_filter_functions_addrs */
	FENTRY_LIST_ENABLED,	/* enabled_functions */
	FENTRY_LIST_FILTER,	/* set_ftrace_filter, read */
	FENTRY_LIST_NOTRACE,	/* set_ftrace_notrace, read */
	FENTRY_LIST_GRAPH,	/* set_graph_function, read */
	FENTRY_LIST_GRAPH_NOTRACE, /* set_graph_notrace, read */
	FENTRY_LIST_STACK,	/* stack_trace_filter, read */
};

struct file;
extern const struct file_operations fentry_list_fops;
int fentry_list_open_kind(struct file *file, enum fentry_listing kind);
int fentry_list_open_set(struct file *file, enum fentry_listing kind,
			 struct ftrace_hash __rcu **slot,
			 struct trace_array *tr);
int fentry_total_show(struct seq_file *m, struct trace_array *tr, long unused);

/**
 * struct ftrace_hash - a set of functions: the call-site addresses, sorted
 * @count:	number of addresses
 * @rcu:	freeing after the users that may look at it are gone
 * @ips:	the addresses
 *
 * Never changed once built: a new set replaces the old one. A NULL filter
 * means every function; a NULL notrace set means none.
 */
struct ftrace_hash {
	unsigned int count;
	struct rcu_head rcu;
	unsigned long ips[];
};

bool fentry_hash_has(const struct ftrace_hash *h, unsigned long ip);
struct ftrace_hash *fentry_hash_alloc(unsigned int count);
struct ftrace_hash *fentry_hash_cut(struct ftrace_hash *h, unsigned long start,
				    unsigned long end);
void fentry_hash_free(struct ftrace_hash *h);
void fentry_hash_normalize(struct ftrace_hash *h);
int fentry_hash_replace(struct ftrace_hash __rcu **slot,
			struct ftrace_hash *set);
int fentry_replace(struct ftrace_hash __rcu **slot, struct ftrace_hash *set,
		   long kind, char **terms);
unsigned long fentry_site_of(const char *name);
unsigned long fentry_entry_site(const struct fentry_group *g, unsigned long addr);
struct ftrace_hash __rcu **fentry_slot(long kind);
int fentry_ops_set(struct ftrace_ops_hash *h, bool exclude,
		   unsigned char *buf, int len, int reset);
void fentry_boot_sets(struct ftrace_ops_hash *h, char *filter, char *exclude,
		      const char *prefix);

/*
 * FENTRY_BOOT_TERMS(name, "param="): an init-data string name_terms that
 * the command-line parameter fills (terms separated by commas; empty
 * when it is not given), for fentry_boot_sets().
 */
#define FENTRY_BOOT_MAX	512
#define FENTRY_BOOT_TERMS(name, param)					\
static char name##_terms[FENTRY_BOOT_MAX] __initdata;			\
static int __init name##_setup(char *str)				\
{									\
	strscpy(name##_terms, str, FENTRY_BOOT_MAX);			\
	return 1;							\
}									\
__setup(param, name##_setup)

struct ftrace_hash *fentry_hash_merge(const struct ftrace_hash *a,
				      const struct ftrace_hash *b, bool remove);
struct ftrace_hash *fentry_collect_mod(const char *glob, const char *mod,
				       const struct fentry_group *g, char *name);

/*
 * fentry_modterm.c: the deferred :mod: terms of the sets of the listings
 * FENTRY_LIST_FILTER to FENTRY_LIST_STACK (the filter files).
 */
#define FENTRY_MODTERM_MAX	(FENTRY_LIST_STACK - FENTRY_LIST_FILTER + 1)
int fentry_modterm_edit(char **terms, const char *glob, const char *mod,
			bool remove);
char *fentry_modterm_copy(long kind);
void fentry_modterm_swap(long kind, char **terms);
unsigned int fentry_modterm_count(long kind);
void fentry_modterm_show(struct seq_file *m, long kind, unsigned int idx);
unsigned int fentry_modterm_load(struct module *mod,
				 struct ftrace_hash *old[FENTRY_MODTERM_MAX]);

/*
 * The function filters of set_ftrace_filter and set_ftrace_notrace, used
 * by the function tracer (and later function_graph). Changed under
 * fentry_lock; read locklessly by the dispatch.
 */
extern struct ftrace_ops_hash fentry_global_hash;

/*
 * set_graph_function (filter_hash) and set_graph_notrace (notrace_hash):
 * where function_graph records. Empty sets are NULL.
 */
extern struct ftrace_ops_hash trace_graph_sets;

/* stack_trace_filter (filter_hash): where the stack tracer measures. */
extern struct ftrace_ops_hash trace_stack_sets;

/*
 * Ours, beside the FTRACE_OPS_FL_* flags: the callback never looks at its
 * ftrace_ops argument, so the trampoline may call it directly.
 */
#define FENTRY_OPS_FL_OPLESS	BIT(30)

/*
 * FENTRY_OPS_FL_GATED: the user has nothing to do at a function outside
 * its gate set (ops->private: a struct ftrace_hash __rcu ** slot; a NULL
 * set is no gate) unless some task is inside a gate function, which the
 * user counts in fentry_gates. Such sites get the guard trampoline: a
 * compare and a return while fentry_gates is zero.
 */
#define FENTRY_OPS_FL_GATED	BIT(29)
extern atomic_t fentry_gates;

/**
 * struct fentry_forget_hook - what a layer above the call sites drops
 * when a module's functions go
 * @forget:	drops what it holds on addresses in [start, end): filters,
 *		commands. Called without fentry_lock; may sleep.
 * @node:	in fentry_sites.c's list
 *
 * The sites layer calls no file above it: the users' sets (fentry_ops.c)
 * and the commands (fentry_cmd.c) register one each, at core_initcall.
 */
struct fentry_forget_hook {
	void (*forget)(unsigned long start, unsigned long end);
	struct list_head node;
};

void fentry_forget_register(struct fentry_forget_hook *h);

/* fentry_ops.c */
int fentry_update(void);
void fentry_slot_cut(struct ftrace_hash __rcu **slot, bool filter,
		     unsigned long start, unsigned long end,
		     struct ftrace_hash **old);
void fentry_sync_users(void);

/**
 * struct fentry_want - who traces a site, as fentry_wanted() finds
 * @users:	how many users trace it
 * @flags:	the union of their FTRACE_OPS_FL_* flags
 * @direct:	where a direct user (FTRACE_OPS_FL_DIRECT) sends it, or 0
 */
struct fentry_want {
	unsigned int users;
	unsigned long flags;
	unsigned long direct;
};

unsigned int fentry_wanted(unsigned long ip, struct fentry_want *w);

/*
 * fentry_filter.c: set_ftrace_filter and set_ftrace_notrace (the table
 * argument is FENTRY_LIST_FILTER or FENTRY_LIST_NOTRACE).
 */
extern const struct file_operations fentry_filter_fops;
int fentry_filter_edit(struct trace_array *tr, long kind, const char *text);

/* fentry_cmd.c: the commands of each trace array; listed under fentry_lock. */
int fentry_cmd_apply(struct trace_array *tr, const struct ftrace_hash *fns,
		     const char *spec, bool remove);
int fentry_cmd_check(struct trace_array *tr, const struct ftrace_hash *fns,
		     const char *spec, bool remove);
unsigned int fentry_cmd_count(struct trace_array *tr);
void fentry_cmd_show(struct seq_file *m, struct trace_array *tr,
		     unsigned int idx);

/**
 * struct fentry_target - where an instance's function tracer records:
 * its ops' private data
 * @buf:	the instance's buffer
 * @pids:	its set_ftrace_pid and set_ftrace_notrace_pid
 * @opts:	its options (enum trace_opt bits)
 */
struct fentry_target {
	struct trace_buf *buf;
	struct trace_pid_set *pids;
	const unsigned long *opts;
};

/* fentry_inst.c: the function tracer's sets and ops in an instance. */
struct ftrace_ops *fentry_array_ops(struct trace_array *tr);
struct ftrace_hash __rcu **fentry_array_slot(struct trace_array *tr,
					     long kind);

/* fentry_pid.c: the task lists of the function tracers. */
extern struct trace_pid_set fentry_pids;

/**
 * fentry_pid_ignores() - whether set_ftrace_pid or set_ftrace_notrace_pid
 * keep the current task from being traced
 *
 * For the function tracers, on every traced call.
 *
 * Return: true when the task must not be traced.
 */
static __always_inline bool fentry_pid_ignores(void)
{
	return trace_pid_ignores(&fentry_pids);
}

/*
 * Recursion guards in current->trace_recursion: a user of the hook owns a
 * base and gets one bit per context level (task, softirq, hardirq, NMI)
 * plus a spare one for the moment an interrupt has started but the
 * preempt count does not say so yet. Bits above 31 are ours only.
 */
#define FENTRY_REC_DISPATCH	32
#define FENTRY_REC_FUNCTION	40
#define FENTRY_REC_GRAPH	48

/**
 * fentry_recursion_enter() - enter a guarded region of a tracing callback
 * @base:	the user's FENTRY_REC_* base
 *
 * Return: the bit to pass to fentry_recursion_exit(), or -1 when this
 * context is already inside: the caller must return at once.
 */
static __always_inline int fentry_recursion_enter(unsigned int base)
{
	unsigned long r = READ_ONCE(current->trace_recursion);
	int bit = base + interrupt_context_level();

	if (unlikely(r & BIT(bit))) {
		bit = base + 4;
		if (r & BIT(bit))
			return -1;
	}
	WRITE_ONCE(current->trace_recursion, r | BIT(bit));
	barrier();
	return bit;
}

/**
 * fentry_recursion_exit() - leave the region fentry_recursion_enter() opened
 * @bit:	what it returned
 */
static __always_inline void fentry_recursion_exit(int bit)
{
	barrier();
	WRITE_ONCE(current->trace_recursion,
		   current->trace_recursion & ~BIT(bit));
}

/* Terms (fentry_sets.c): a parsed term, and the sites it names. */
struct fentry_term {
	const char *glob;	/* NULL: every name */
	const char *mod;	/* NULL: any image; "!glob": images but those */
	unsigned long index;	/* 1-based, or 0 */
};

int fentry_term_parse(char *s, struct fentry_term *t);
struct ftrace_hash *fentry_term_collect(const struct fentry_term *t);

/*
 * Internals that the KUnit suites (tests/fentry_filter_kunit.c,
 * tests/fentry_ops_kunit.c) reach: static without KUnit.
 */
#if IS_ENABLED(CONFIG_KUNIT)
bool fentry_mod_matches(const char *mod, const char *modname);
int fentry_set_apply(struct ftrace_hash **set, char *term, bool cmds);
int fentry_set_apply_kind(struct trace_array *tr, struct ftrace_hash **set,
			  char *term, long kind, char **terms);
void fentry_forget_range(unsigned long start, unsigned long end);
#endif

#endif /* _KERNEL_TRACE_FENTRY_H */
