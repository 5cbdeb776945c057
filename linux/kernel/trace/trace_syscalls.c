// SPDX-License-Identifier: GPL-2.0
/*
 * Syscall events: events/syscalls/sys_enter_<name> and sys_exit_<name>.
 *
 * Each SYSCALL_DEFINEn() leaves a description of its syscall (struct
 * trace_sc_meta, include/trace/trace_syscall_meta.h). At boot, the
 * syscall table and kallsyms say which number each one has; a syscall
 * that has one gets two events, made here:
 *
 *   sys_enter_<name>  __syscall_nr, then each argument in an unsigned long
 *                     under its own type and name; printed as
 *                     "sys_<name>(arg: hex, ...)"
 *   sys_exit_<name>   __syscall_nr and ret; printed as "sys_<name> -> 0x.."
 *
 * Two probes serve them all, on the raw_syscalls sys_enter and sys_exit
 * tracepoints. Each looks up the event of the syscall number in a table
 * that holds only the events whose probe is on, so a syscall whose
 * events are off costs one load. A tracepoint probe is registered while
 * any event of its kind is on.
 */
#include <linux/ftrace.h>
#include <linux/kallsyms.h>
#include <linux/rcupdate.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/syscalls.h>
#include <asm/syscall.h>
#include <trace/events/syscalls.h>

#include "trace.h"
#include "trace_ev_core.h"
#include "trace_hist.h"

/* The records. */
struct sc_enter_rec {
	struct trace_entry ent;
	int nr;
	int pad;	/* zeroed: BPF programs may read it with nr */
	unsigned long args[];
};

struct sc_exit_rec {
	struct trace_entry ent;
	int nr;
	long ret;
};

/* enter: __syscall_nr, up to 6 arguments and the end; exit: 3. */
#define SC_ENTER_FIELDS	(1 + 6 + 1)
#define SC_EXIT_FIELDS	3

/**
 * struct sc_event - the two events of a syscall
 * @meta:	what its definition says of it
 * @nr:		its number
 * @enter:	sys_enter_<name>
 * @exit:	sys_exit_<name>
 * @enter_fields: the fields of @enter
 * @exit_fields: the fields of @exit
 */
struct sc_event {
	const struct trace_sc_meta *meta;
	int nr;
	struct trace_ev_call enter;
	struct trace_ev_call exit;
	struct trace_ev_field enter_fields[SC_ENTER_FIELDS];
	struct trace_ev_field exit_fields[SC_EXIT_FIELDS];
};

/* The events of each syscall number; written once at boot. */
static struct sc_event **sc_events;

/*
 * The events whose probe is on, by syscall number: set under
 * trace_ev_lock, read by the probes with preemption off.
 */
static struct trace_ev_call __rcu **sc_enter_on;
static struct trace_ev_call __rcu **sc_exit_on;
/* How many are on, of each kind; protected by trace_ev_lock. */
static unsigned int sc_enter_users, sc_exit_users;

static const struct sc_event *sc_event_of(int nr)
{
	return nr >= 0 && nr < NR_syscalls && sc_events ? sc_events[nr] : NULL;
}

/* The name of system call @nr ("sys_<name>"), or NULL: for hist triggers. */
static const char *trace_syscall_name(long nr)
{
	const struct sc_event *e = nr >= 0 && nr < NR_syscalls ?
				   sc_event_of(nr) : NULL;

	return e ? e->meta->name : NULL;
}

/* Compat syscalls have numbers of their own: they are not traced. */
static bool sc_ignored(struct pt_regs *regs)
{
#ifdef ARCH_TRACE_IGNORE_COMPAT_SYSCALLS
	return arch_trace_is_compat_syscall(regs);
#else
	return false;
#endif
}

static void sc_enter_probe(void *data, struct pt_regs *regs, long id)
{
	unsigned long args[6], fl;
	struct trace_ev_call *call;
	struct sc_enter_rec *rec;
	const struct sc_event *e;
	struct trace_wh h;
	unsigned int nb;

	if (id < 0 || id >= NR_syscalls || sc_ignored(regs))
		return;
	call = rcu_dereference_sched(sc_enter_on[id]);
	if (!call)
		return;
	fl = READ_ONCE(call->flags);
	if (!(fl & TRACE_EV_FL_RECORD))
		return;
	e = call->data;
	nb = e->meta->nb_args;
	rec = trace_ev_reserve(call, fl, struct_size(rec, args, nb), &h);
	if (!rec)
		return;
	rec->nr = id;
	rec->pad = 0;
	syscall_get_arguments(current, regs, args);
	memcpy(rec->args, args, nb * sizeof(args[0]));
	trace_ev_commit(call, fl, rec, &h);
}

static void sc_exit_probe(void *data, struct pt_regs *regs, long ret)
{
	int id = syscall_get_nr(current, regs);
	struct trace_ev_call *call;
	struct sc_exit_rec *rec;
	struct trace_wh h;
	unsigned long fl;

	if (id < 0 || id >= NR_syscalls || sc_ignored(regs))
		return;
	call = rcu_dereference_sched(sc_exit_on[id]);
	if (!call)
		return;
	fl = READ_ONCE(call->flags);
	if (!(fl & TRACE_EV_FL_RECORD))
		return;
	rec = trace_ev_reserve(call, fl, sizeof(*rec), &h);
	if (!rec)
		return;
	rec->nr = id;
	rec->ret = ret;
	trace_ev_commit(call, fl, rec, &h);
}

static int sc_reg(struct trace_ev_call *call, bool on);

static void sc_enter_print(struct seq_file *m, struct trace_seq *p,
			   const void *r)
{
	const struct sc_enter_rec *rec = r;
	const struct sc_event *e = sc_event_of(rec->nr);
	bool verbose = trace_opt(TRACE_OPT_VERBOSE);
	int i;

	if (!e) {
		seq_printf(m, "syscall %d\n", rec->nr);
		return;
	}
	seq_printf(m, "%s(", e->meta->name);
	for (i = 0; i < e->meta->nb_args; i++)
		seq_printf(m, "%s%s%s%s: %lx", i ? ", " : "",
			   verbose ? e->meta->args[i].type : "", verbose ? " " : "",
			   e->meta->args[i].name, rec->args[i]);
	seq_puts(m, ")\n");
}

static void sc_exit_print(struct seq_file *m, struct trace_seq *p,
			  const void *r)
{
	const struct sc_exit_rec *rec = r;
	const struct sc_event *e = sc_event_of(rec->nr);

	seq_printf(m, "%s -> 0x%lx\n", e ? e->meta->name : "syscall",
		   rec->ret);
}

static const struct trace_ev_class sc_enter_class = {
	.system = "syscalls",
	.probe = sc_enter_probe,
	.size = sizeof(struct sc_enter_rec),
	.reg = sc_reg,
	.prints_name = true,
	.perf = TRACE_EV_PERF_SYSCALL | TRACE_EV_PERF_CAP_ANY,
};

static const struct trace_ev_class sc_exit_class = {
	.system = "syscalls",
	.probe = sc_exit_probe,
	.size = sizeof(struct sc_exit_rec),
	.reg = sc_reg,
	.prints_name = true,
	.perf = TRACE_EV_PERF_SYSCALL | TRACE_EV_PERF_CAP_ANY,
};

/* Start or stop the probe of an event; called with trace_ev_lock held. */
static int sc_reg(struct trace_ev_call *call, bool on)
{
	bool enter = call->class == &sc_enter_class;
	const struct sc_event *e = call->data;
	struct trace_ev_call __rcu **slot;
	unsigned int *users;
	int ret = 0;

	lockdep_assert_held(&trace_ev_lock);
	slot = enter ? &sc_enter_on[e->nr] : &sc_exit_on[e->nr];
	users = enter ? &sc_enter_users : &sc_exit_users;
	if (!on) {
		RCU_INIT_POINTER(*slot, NULL);
		if (--*users)
			return 0;
		if (enter)
			unregister_trace_sys_enter(sc_enter_probe, NULL);
		else
			unregister_trace_sys_exit(sc_exit_probe, NULL);
		return 0;
	}
	if (!*users) {
		ret = enter ? register_trace_sys_enter(sc_enter_probe, NULL) :
			      register_trace_sys_exit(sc_exit_probe, NULL);
		if (ret)
			return ret;
	}
	++*users;
	rcu_assign_pointer(*slot, call);
	return 0;
}

/*
 * The print fmt of sys_enter_<name>, for tools that format the records
 * themselves: each argument in hex.
 */
static char *sc_enter_fmt(const struct trace_sc_meta *meta)
{
	size_t len = 8;
	char *fmt, *s;
	int i;

	for (i = 0; i < meta->nb_args; i++)
		len += 2 * strlen(meta->args[i].name) + 48;
	fmt = kmalloc(len, GFP_KERNEL);
	if (!fmt)
		return NULL;
	s = fmt;
	s += sprintf(s, "\"");
	for (i = 0; i < meta->nb_args; i++)
		s += sprintf(s, "%s%s: 0x%%08lx", i ? ", " : "",
			     meta->args[i].name);
	s += sprintf(s, "\"");
	for (i = 0; i < meta->nb_args; i++)
		s += sprintf(s, ", ((unsigned long)(REC->%s))", meta->args[i].name);
	return fmt;
}

static struct sc_event *sc_event_new(const struct trace_sc_meta *meta,
				     int nr)
{
	const char *base = meta->name + 3;	/* past "sys" */
	struct sc_event *e = kzalloc(sizeof(*e), GFP_KERNEL);
	struct trace_ev_field *f;
	int i;

	if (!e)
		return NULL;
	e->meta = meta;
	e->nr = nr;
	e->enter.name = kasprintf(GFP_KERNEL, "sys_enter%s", base);
	e->exit.name = kasprintf(GFP_KERNEL, "sys_exit%s", base);
	e->enter.print_fmt = sc_enter_fmt(meta);
	if (!e->enter.name || !e->exit.name || !e->enter.print_fmt) {
		kfree(e->enter.name);
		kfree(e->exit.name);
		kfree(e->enter.print_fmt);
		kfree(e);
		return NULL;
	}
	e->exit.print_fmt = "\"0x%lx\", REC->ret";
	e->enter.class = &sc_enter_class;
	e->exit.class = &sc_exit_class;
	e->enter.print = sc_enter_print;
	e->exit.print = sc_exit_print;
	e->enter.data = e;
	e->exit.data = e;

	f = e->enter_fields;
	*f++ = (struct trace_ev_field){ .type = "int", .name = "__syscall_nr",
		.offset = offsetof(struct sc_enter_rec, nr),
		.size = sizeof(int), .is_signed = 1 };
	for (i = 0; i < meta->nb_args; i++)
		*f++ = (struct trace_ev_field){ .type = meta->args[i].type,
			.name = meta->args[i].name,
			.offset = offsetof(struct sc_enter_rec, args[i]),
			.size = sizeof(unsigned long) };
	e->enter.fields = e->enter_fields;

	f = e->exit_fields;
	*f++ = (struct trace_ev_field){ .type = "int", .name = "__syscall_nr",
		.offset = offsetof(struct sc_exit_rec, nr),
		.size = sizeof(int), .is_signed = 1 };
	*f = (struct trace_ev_field){ .type = "long", .name = "ret",
		.offset = offsetof(struct sc_exit_rec, ret),
		.size = sizeof(long), .is_signed = 1 };
	e->exit.fields = e->exit_fields;
	return e;
}

/**
 * arch_syscall_addr() - the function the syscall table holds for a number
 * @nr:	the syscall number
 *
 * Return: its address.
 */
unsigned long __init __weak arch_syscall_addr(int nr)
{
	return (unsigned long)sys_call_table[nr];
}

static bool __init sc_matches(const char *sym, const char *name)
{
#ifdef ARCH_HAS_SYSCALL_MATCH_SYM_NAME
	return arch_syscall_match_sym_name(sym, name);
#else
	return !strcmp(sym, name);
#endif
}

/* The description whose syscall the symbol is; its index in @idx. */
static const struct trace_sc_meta * __init sc_meta_find(const char *sym,
							unsigned int *idx)
{
	const struct trace_sc_meta **m;

	for (m = __start_syscalls_metadata; m < __stop_syscalls_metadata; m++) {
		if (sc_matches(sym, (*m)->name)) {
			*idx = m - __start_syscalls_metadata;
			return *m;
		}
	}
	return NULL;
}

/*
 * Make the events of the syscalls: the registry's init hook, called with
 * the event core ready, before the events of trace_event= are enabled.
 */
static void __init trace_sc_init(void)
{
	unsigned int nmeta = __stop_syscalls_metadata - __start_syscalls_metadata;
	struct trace_ev_call **calls;
	const struct trace_sc_meta *meta;
	unsigned int n = 0, idx;
	char sym[KSYM_NAME_LEN];
	unsigned long *seen;
	struct sc_event *e;
	int nr;

	sc_events = kcalloc(NR_syscalls, sizeof(*sc_events), GFP_KERNEL);
	sc_enter_on = kcalloc(NR_syscalls, sizeof(*sc_enter_on), GFP_KERNEL);
	sc_exit_on = kcalloc(NR_syscalls, sizeof(*sc_exit_on), GFP_KERNEL);
	calls = kcalloc(2 * NR_syscalls, sizeof(*calls), GFP_KERNEL);
	seen = bitmap_zalloc(nmeta, GFP_KERNEL);
	if (!sc_events || !sc_enter_on || !sc_exit_on || !calls || !seen)
		goto fail;
	for (nr = 0; nr < NR_syscalls; nr++) {
		if (lookup_symbol_name(arch_syscall_addr(nr), sym))
			continue;
		meta = sc_meta_find(sym, &idx);
		/* A function under several numbers: events for the first. */
		if (!meta || test_and_set_bit(idx, seen))
			continue;
		e = sc_event_new(meta, nr);
		if (!e)
			break;
		sc_events[nr] = e;
		calls[n++] = &e->enter;
		calls[n++] = &e->exit;
	}
	trace_ev_register(calls, n);
	kfree(calls);
	bitmap_free(seen);
	return;
fail:
	kfree(sc_events);
	kfree(sc_enter_on);
	kfree(sc_exit_on);
	kfree(calls);
	bitmap_free(seen);
	sc_events = NULL;
	pr_warn("tracing: no memory for the syscall events\n");
}

/* Its hook runs at init only: __refdata for the reference to __init code. */
static struct trace_ev_client trace_sc_client __refdata = {
	.init = trace_sc_init,
};

static int __init trace_sc_register(void)
{
	trace_ev_client_register(&trace_sc_client);
	trace_hist_set_syscall_names(trace_syscall_name);
	return 0;
}
core_initcall(trace_sc_register);
