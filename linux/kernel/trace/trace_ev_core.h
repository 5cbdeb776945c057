/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The trace event core's own declarations: the registry's state
 * (trace_ev.c, trace_ev_reg.c), which the layers above it share (the
 * files, set_event, the pid lists, the triggers, the syscall events, the
 * write path), and the hooks through which the registry tells them of its
 * changes.
 */
#ifndef _KERNEL_TRACE_TRACE_EV_CORE_H
#define _KERNEL_TRACE_TRACE_EV_CORE_H

#include <linux/jump_label.h>
#include <linux/kref.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <trace/trace_ev.h>

#include "trace_nest.h"

struct eventfs_inode;
struct module;
struct seq_file;

/* Guards every list, every state and every directory of the events. */
extern struct mutex trace_ev_lock;

/* The systems, each with its events: protected by trace_ev_lock. */
extern struct list_head trace_ev_systems;

struct trace_ev_attr;

/**
 * struct trace_ev_node - what a file of an event or a system points to
 * @attr:	what the file does
 * @obj:	its event (struct trace_ev_rt) or system (struct trace_ev_sys)
 */
struct trace_ev_node {
	const struct trace_ev_attr *attr;
	void *obj;
};

/* The files of an event's directory, and of a system's. */
#define TRACE_EV_FILES		6
#define TRACE_EV_SYS_FILES	2

/**
 * struct trace_ev_sys - a directory events/<system>/
 * @name:	the system's name
 * @list:	link in trace_ev_systems
 * @events:	its events (struct trace_ev_rt), in order of registration
 * @ei:		its directory
 * @filter_text: the filter last written to its filter file, or NULL
 * @ref:	held by each of its events, each open file of it, and its
 *		directory until eventfs lets that go
 * @nodes:	its files
 *
 * All but @ref are protected by trace_ev_lock.
 */
struct trace_ev_sys {
	char *name;
	struct list_head list;
	struct list_head events;
	struct eventfs_inode *ei;
	char *filter_text;
	struct kref ref;
	struct trace_ev_node nodes[TRACE_EV_SYS_FILES];
};

/**
 * struct trace_ev_rt - the core's state of an event
 * @call:	the event, as its header defined it
 * @sys:	its system
 * @list:	link in @sys->events
 * @mod:	the module it came with; NULL for vmlinux
 * @ei:		its directory
 * @fmt:	its print fmt with the values of names in place, or NULL
 *		when the print fmt names none (trace_ev_eval.c)
 * @filter:	its filter, or NULL; read under RCU by its probe
 * @trigs:	its triggers (struct trace_ev_trig); read under RCU by its
 *		probe
 * @enabled:	its enable file says 1 (outside soft mode)
 * @soft:	enable_event and disable_event triggers that name it: while
 *		there are any, TRACE_EV_B_MUTE of its call is its state
 * @dead:	its module is gone: its files answer ENODEV
 * @used:	it was enabled once: its records may be in the buffer
 * @insts:	its state in each instance (struct trace_ev_ie); read
 *		under RCU by its probe
 * @nr_insts:	the instances it is live in (enabled, in soft mode or with
 *		triggers there)
 * @perf:	its perf state while perf events are on it (trace_ev_perf.c),
 *		else NULL; read under RCU by its probe
 * @hooks:	the event probes on its records (struct trace_ev_hook) that
 *		are enabled; read under RCU by its probe
 * @nr_hooks:	the event probes defined on it: while there are any it
 *		cannot be removed
 * @ref:	held while registered, by each open file of it, each perf
 *		event on it, each event probe on it, and by its directory
 *		until eventfs lets that go
 * @nodes:	its files
 *
 * All but @ref are protected by trace_ev_lock (@filter, @trigs, @insts
 * and @perf are written under it).
 */
struct trace_ev_rt {
	struct trace_ev_call *call;
	struct trace_ev_sys *sys;
	struct list_head list;
	struct module *mod;
	struct eventfs_inode *ei;
	char *fmt;
	struct trace_ev_filter __rcu *filter;
	struct list_head trigs;
	bool enabled;
	unsigned int soft;
	bool dead;
	bool used;
	struct list_head insts;
	unsigned int nr_insts;
	struct trace_ev_perf __rcu *perf;
	struct list_head hooks;
	unsigned int nr_hooks;
	struct kref ref;
	struct trace_ev_node nodes[TRACE_EV_FILES];
};

/**
 * struct trace_ev_hook - a user of an event's records: an event probe
 * @node:	in the event's @hooks while attached; RCU
 * @fn:		called with each record the event writes (after its own
 *		copies, before perf), in the probe's context
 */
struct trace_ev_hook {
	struct list_head node;
	void (*fn)(struct trace_ev_hook *hook, const void *rec,
		   unsigned int len);
};

struct trace_ev_arr;
struct trace_ev_is;

/**
 * struct trace_ev_dst - where the events of an instance record
 * @tr:		the instance
 * @buf:	its buffer
 * @pids:	its set_event_pid and set_event_notrace_pid
 * @opts:	its options (enum trace_opt bits)
 */
struct trace_ev_dst {
	struct trace_array *tr;
	struct trace_buf *buf;
	struct trace_pid_set *pids;
	const unsigned long *opts;
};

/**
 * struct trace_ev_ie - an event in an instance (trace_ev_inst.c)
 * @node:	in its event's @insts while both are there; RCU
 * @dst:	the instance's buffer, pid lists and options
 * @filter:	its filter in the instance, or NULL; read under RCU by the
 *		probe, written under trace_ev_lock
 * @trigs:	its triggers in the instance (struct trace_ev_trig); read
 *		under RCU by the probe
 * @rt:		the event
 * @arr:	the instance's events
 * @is:		its system in the instance
 * @ei:		its directory
 * @list:	in the instance's events, in order
 * @rcu:	its freeing
 * @soft:	the instance's enable_event and disable_event triggers that
 *		name it: while there are any, @on is its state
 * @on:		the event records into the instance's buffer: @enabled, or
 *		in soft mode not muted. Written under trace_ev_lock, and in
 *		soft mode by the instance's enable_event and disable_event
 *		triggers; read by the probe.
 * @enabled:	its enable file says 1 (outside soft mode)
 * @live:	it counts in its event's @nr_insts
 * @dead:	it left its instance (its module's event went): its files
 *		answer ENODEV
 * @used:	it was on once: the buffer may hold its records
 *
 * Made with the instance, or with the event when a module brings it;
 * freed after a grace period once eventfs lets its directory go. All but
 * @node's readers are under trace_ev_lock. 128 bytes: there is one per
 * event and instance.
 */
struct trace_ev_ie {
	struct list_head node;
	const struct trace_ev_dst *dst;
	struct trace_ev_filter __rcu *filter;
	struct list_head trigs;
	struct trace_ev_rt *rt;
	struct trace_ev_arr *arr;
	struct trace_ev_is *is;
	struct eventfs_inode *ei;
	struct list_head list;
	struct rcu_head rcu;
	unsigned int soft;
	bool on;
	bool enabled;
	bool live;
	bool dead;
	bool used;
};

/*
 * ftrace/print (trace_marker's records), for triggers: in no system, and
 * not among the events trace_ev_next() walks.
 */
extern struct trace_ev_rt trace_ev_print_rt;

/* Every event, system by system: trace_ev_next(NULL), then each next. */
struct trace_ev_rt *trace_ev_next(struct trace_ev_rt *rt);
struct trace_ev_rt *trace_ev_find_id_locked(u64 id);
struct trace_ev_rt *trace_ev_lookup_locked(struct trace_array *tr,
					   const char *sys, const char *event,
					   struct trace_ev_ie **ie);

/* perf events on trace events (trace_ev_perf.c), for the write path */
struct trace_ev_perf;
struct pt_regs;
void trace_ev_perf_emit(struct trace_ev_perf *pf, void *rec, unsigned int len,
			unsigned int level);
struct perf_event;
int trace_ev_perf_attach(struct perf_event *p_event, struct trace_ev_call *call);
struct trace_ev_call *trace_ev_perf_call(struct perf_event *p_event);
bool trace_ev_perf_detach(struct perf_event *p_event);
void trace_ev_perf_regs_bpf(struct trace_ev_call *call, struct pt_regs *regs);
void trace_ev_perf_regs_done(void);

/* The events of vmlinux, and its values: tables in init data. */
extern struct trace_ev_call *__start_ftrace_events[];
extern struct trace_ev_call *__stop_ftrace_events[];
extern struct trace_ev_eval *__start_ftrace_eval_maps[];
extern struct trace_ev_eval *__stop_ftrace_eval_maps[];

/* Values of the names print formats use (trace_ev_eval.c) */
void trace_ev_eval_add(struct trace_ev_eval **map, unsigned int n,
		       struct module *mod);
void trace_ev_eval_remove(struct module *mod);
char *trace_ev_eval_fmt(const char *fmt, const char *system);

int trace_ev_set_locked(struct trace_ev_rt *rt, bool on);
int trace_ev_apply_locked(struct trace_ev_rt *rt);
int trace_ev_soft_locked(struct trace_ev_rt *rt, bool get);
bool trace_ev_is_on(const struct trace_ev_rt *rt);
int trace_ev_ie_apply_locked(struct trace_ev_ie *ie);
int trace_ev_ie_soft_locked(struct trace_ev_ie *ie, bool get);
void trace_ev_rt_put(struct trace_ev_rt *rt);
void trace_ev_sys_put(struct trace_ev_sys *sys);

int trace_ev_set_filter_locked(struct trace_ev_rt *rt,
			       struct trace_ev_filter *f);
int trace_ev_swap_filter_locked(struct trace_ev_rt *rt,
				struct trace_ev_filter *f,
				struct trace_ev_filter **old);

/* Filters (trace_ev_filter.c) */
struct trace_ev_filter;
struct trace_ev_filter *trace_ev_filter_compile(const struct trace_ev_field *fields,
						const char *expr,
						const char **err,
						unsigned int *err_pos);
bool trace_ev_filter_match(const struct trace_ev_filter *f, const void *rec,
			   unsigned int len);
void trace_ev_filter_free(struct trace_ev_filter *f);
void trace_ev_filter_free_rcu(struct trace_ev_filter *f);
const char *trace_ev_filter_text(const struct trace_ev_filter *f);

/* The location error_log names for filter errors. */
#define TRACE_EV_FILTER_ERR	"event filter parse error"

/* Fields of records, for filters and hist triggers */

/* The fields every record starts with, ended by one with a NULL name. */
extern const struct trace_ev_field trace_ev_common_fields[];

/**
 * trace_ev_field_num() - a number field of a record, widened to 64 bits
 * @rec:	the record
 * @offset:	the field's offset
 * @size:	its size: 1, 2, 4 or 8
 * @is_signed:	sign-extend it
 *
 * Return: its value.
 */
static inline u64 trace_ev_field_num(const void *rec, unsigned int offset,
				     unsigned int size, bool is_signed)
{
	const void *v = rec + offset;

	switch (size) {
	case 1:
		return is_signed ? (s64)*(const s8 *)v : *(const u8 *)v;
	case 2:
		return is_signed ? (s64)*(const s16 *)v : *(const u16 *)v;
	case 4:
		return is_signed ? (s64)*(const s32 *)v : *(const u32 *)v;
	default:
		return *(const u64 *)v;
	}
}

/**
 * trace_ev_field_str() - where a string field of a record is
 * @rec:	the record
 * @len:	its length
 * @kind:	the field's TRACE_EV_ARRAY, TRACE_EV_DYN or TRACE_EV_REL
 * @offset:	its offset
 * @size:	its size (an array's); 0 for an array to the record's end
 * @max:	gets the room the string has, which it may fill without a NUL
 *
 * Return: the string, or NULL when its location word points outside the
 * record.
 */
static inline const char *trace_ev_field_str(const void *rec, unsigned int len,
					     unsigned int kind,
					     unsigned int offset,
					     unsigned int size,
					     unsigned int *max)
{
	u32 loc, off;

	if (kind == TRACE_EV_ARRAY) {
		*max = size ?: (len > offset ? len - offset : 0);
		return rec + offset;
	}
	loc = *(const u32 *)(rec + offset);
	off = (loc & 0xffff) + (kind == TRACE_EV_REL ? offset + sizeof(u32) : 0);
	*max = loc >> 16;
	if (off + *max > len)
		return NULL;
	return rec + off;
}

/**
 * struct trace_ev_client - a layer above the registry that follows it
 * @going:	a module's events are about to go; called before
 *		trace_ev_lock is taken, which it may take
 * @add_sys:	a system was created; returns 0 or an errno (reported)
 * @add:	an event was added; returns 0 or an errno (reported)
 * @forget:	an event is going, still enabled as it was: drop what
 *		hangs on it
 * @remove:	an event is going, disabled and dead
 * @remove_sys:	a system is going, its events gone
 * @init:	once, when the registry has vmlinux's events
 * @boot:	once, after every client's @init
 * @node:	in the registry's list of clients
 *
 * The registry calls no file above it: what it must tell them goes
 * through these, which the layers register at core_initcall. Every hook
 * may be NULL. All but @going, @init and @boot run under trace_ev_lock.
 */
struct trace_ev_client {
	void (*going)(struct module *mod);
	int (*add_sys)(struct trace_ev_sys *sys);
	int (*add)(struct trace_ev_rt *rt);
	void (*forget)(struct trace_ev_rt *rt);
	void (*remove)(struct trace_ev_rt *rt);
	void (*remove_sys)(struct trace_ev_sys *sys);
	void (*init)(void);
	void (*boot)(void);
	struct list_head node;
};

void trace_ev_client_register(struct trace_ev_client *c);

/*
 * The flags a new event starts with besides TRACE_EV_FL_MUTE: the pid
 * layer's TRACE_EV_FL_PID while its lists are in use. Under trace_ev_lock.
 */
extern unsigned long trace_ev_new_flags;

/* The nesting levels of a probe on a CPU: task, softirq, hardirq, NMI. */
#define TRACE_EV_SCRATCH_NEST	4

/**
 * struct trace_ev_scratch - a CPU's scratch records (trace_ev_write.c),
 * allocated by the registry with the first filter (trace_ev.c)
 * @depth:	the levels in use (trace_nest.h); changed only by this
 *		CPU's probes
 * @len:	the length of the record at each level
 * @lost:	records dropped: too deep, too long, or no page
 * @page:	the page of each level
 */
struct trace_ev_scratch {
	struct trace_nest depth;
	unsigned int len[TRACE_EV_SCRATCH_NEST];
	unsigned long lost;
	void *page[TRACE_EV_SCRATCH_NEST];
};
DECLARE_PER_CPU(struct trace_ev_scratch, trace_ev_scratch_rec);

void __init trace_ev_register(struct trace_ev_call **calls, unsigned int n);
void __init trace_ev_init_early(void);

/* tp_printk (trace_ev_reg.c): events to the console, on the slow path */
DECLARE_STATIC_KEY_FALSE(trace_ev_tp_printk);
void trace_ev_printk(const struct trace_ev_call *call, const void *rec,
		     unsigned int len, unsigned int level);
/* Boot: trace_event= (trace_ev_set.c), called by trace_ev_boot_init() */
void __init trace_ev_boot_early(void);

/* Events made and removed at run time: the probe events (trace_dynev.c) */
bool trace_ev_exists(const char *sys, const char *name);
int trace_ev_dyn_add(struct trace_ev_call *call);
int trace_ev_dyn_holds(struct trace_ev_call *call);
int trace_ev_dyn_remove(struct trace_ev_call *call);

/* Event probes (trace_eprobe.c): hooks on another event's records. */
struct trace_ev_rt *trace_ev_hold(const char *sys, const char *name);
void trace_ev_release(struct trace_ev_rt *rt);
int trace_ev_attach_locked(struct trace_ev_rt *rt, struct trace_ev_hook *hook);
void trace_ev_detach_locked(struct trace_ev_rt *rt, struct trace_ev_hook *hook);

/* Events of one perf event (kprobe PMU): no id, no system, no files. */
int trace_ev_local_add(struct trace_ev_call *call);
void trace_ev_local_remove(struct trace_ev_call *call);

/* What SYSCALL_DEFINEn() left, for trace_syscalls.c */
struct trace_sc_meta;
extern const struct trace_sc_meta *__start_syscalls_metadata[];
extern const struct trace_sc_meta *__stop_syscalls_metadata[];

/*
 * Triggers (trace_ev_trig.c), for the write path and the files: those of
 * an event in the top array (@ie NULL) or in an instance.
 */
void trace_ev_trig_run(struct list_head *trigs, struct trace_buf *b,
		       const void *rec, unsigned int len);
int trace_ev_trig_show(struct seq_file *m, void *obj);
int trace_ev_trig_store(const char *val, void *obj);
int trace_ev_trig_ie_show(struct seq_file *m, struct trace_ev_ie *ie);
int trace_ev_trig_ie_store(const char *val, struct trace_ev_ie *ie);
void trace_ev_trig_ie_clear_locked(struct trace_ev_ie *ie);
void trace_ev_trig_ie_forget_locked(struct trace_ev_ie *ie);
int trace_ev_trig_hist_show(struct seq_file *m, void *obj);
int trace_ev_trig_ie_hist_show(struct seq_file *m, struct trace_ev_ie *ie);
void trace_ev_trig_trunc(void *obj);
void trace_ev_trig_ie_trunc(struct trace_ev_ie *ie);

/*
 * The events of a trace array (trace_ev_inst.c), for set_event: the top
 * array's are the registry's, an instance's its struct trace_ev_ie. A
 * walk, started zeroed with @arr from trace_ev_arr_of(), returns each
 * event in @rt, and in an instance its state there in @ie. Under
 * trace_ev_lock.
 */
struct trace_ev_walk {
	struct trace_ev_arr *arr;
	struct trace_ev_ie *ie;
	struct trace_ev_rt *rt;
};

struct trace_ev_arr *trace_ev_arr_of(struct trace_array *tr);

/*
 * The files of events and set_event, for the writers that are not user
 * space: the boot config (trace_boot_conf.c).
 */
int trace_ev_rt_store(struct trace_ev_rt *rt, const char *file,
		      const char *val);
int trace_ev_file_store(struct trace_array *tr, const char *sys,
			const char *event, const char *file, const char *val);
int trace_ev_set_apply(struct trace_array *tr, const char *text);

/**
 * trace_ev_ie_tr() - the trace array of an event in an instance
 * @ie:		the event there
 *
 * Return: the instance's trace array.
 */
static inline struct trace_array *trace_ev_ie_tr(const struct trace_ev_ie *ie)
{
	return ie->dst->tr;
}

bool trace_ev_walk_next(struct trace_ev_walk *w);
bool trace_ev_walk_is_on(const struct trace_ev_walk *w);
int trace_ev_walk_set(const struct trace_ev_walk *w, bool on);

/* trace_ev_fs.c, for the instances' files */
int trace_ev_format_show(struct seq_file *m, void *obj);

/**
 * struct trace_ev_sys_write - a write to a system's filter file, under way
 * @old:	the filters it took from the events, freed by
 *		trace_ev_sys_write_end() after one grace period
 * @n:		how many
 * @max:	the room in @old: one per event of the system
 * @text:	the filter for the file to show; NULL when it was cleared
 */
struct trace_ev_sys_write {
	struct trace_ev_filter **old;
	unsigned int n;
	unsigned int max;
	char *text;
};

int trace_ev_sys_write_begin(struct trace_ev_sys_write *w,
			     struct trace_array *tr, struct trace_ev_sys *sys,
			     const char *val, unsigned int max);
void trace_ev_sys_write_end(struct trace_ev_sys_write *w, char **text);
int trace_ev_filter_parse(struct trace_array *tr, struct trace_ev_rt *rt,
			  const char *val, struct trace_ev_filter **f);

/* trace_ev_fs.c, for trace_ev_set.c */
int trace_ev_show_state(struct seq_file *m, struct trace_ev_sys *only);
int trace_ev_store_state(const char *val, struct trace_ev_sys *only);

#endif /* _KERNEL_TRACE_TRACE_EV_CORE_H */
