// SPDX-License-Identifier: GPL-2.0
/*
 * Raw tracepoint programs: BPF_RAW_TRACEPOINT_OPEN names a tracepoint,
 * and its program runs as a probe of it, with the tracepoint's arguments
 * as its context, each widened to u64.
 *
 * Where a header's tracepoints are defined, define_trace.h has made for
 * each of them a struct bpf_raw_event_map in the __bpf_raw_tp_map
 * section (trace_bpf_stage.h): the tracepoint, a probe of its prototype
 * that calls bpf_trace_run<N>() with its N arguments, and N. The
 * kernel's entries lie between __start__bpf_raw_tp and __stop__bpf_raw_tp;
 * a module's are in struct module, and this file keeps a list of the
 * modules that have some while they are live.
 */
#include <linux/bpf.h>
#include <linux/filter.h>
#include <linux/list.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/trace_events.h>
#include <linux/tracepoint.h>

#include "bpf_ev.h"

/**
 * struct bpf_ev_raw_mod - a live module with raw tracepoint entries
 * @mod:	the module
 * @node:	in bpf_ev_raw_mods
 */
struct bpf_ev_raw_mod {
	struct module *mod;
	struct list_head node;
};

/* Protects bpf_ev_raw_mods; a lookup holds it while it takes its module. */
static DEFINE_MUTEX(bpf_ev_raw_lock);
static LIST_HEAD(bpf_ev_raw_mods);

static struct bpf_raw_event_map *bpf_ev_raw_find(struct bpf_raw_event_map *b,
						 struct bpf_raw_event_map *e,
						 const char *name)
{
	for (; b < e; b++)
		if (!strcmp(b->tp->name, name))
			return b;
	return NULL;
}

/**
 * bpf_get_raw_tracepoint() - find a tracepoint's raw tracepoint entry
 * @name:	the tracepoint's name
 *
 * A module's entry holds its module until bpf_put_raw_tracepoint().
 *
 * Return: the entry, or NULL.
 */
struct bpf_raw_event_map *bpf_get_raw_tracepoint(const char *name)
{
	struct bpf_raw_event_map *btp;
	struct bpf_ev_raw_mod *m;

	btp = bpf_ev_raw_find(__start__bpf_raw_tp, __stop__bpf_raw_tp, name);
	if (btp)
		return btp;
	guard(mutex)(&bpf_ev_raw_lock);
	list_for_each_entry(m, &bpf_ev_raw_mods, node) {
		btp = bpf_ev_raw_find(m->mod->bpf_raw_events,
				      m->mod->bpf_raw_events +
				      m->mod->num_bpf_raw_events, name);
		if (!btp)
			continue;
		/* Listed modules are live; one going is taken off first. */
		return try_module_get(m->mod) ? btp : NULL;
	}
	return NULL;
}

/**
 * bpf_put_raw_tracepoint() - let go of an entry bpf_get_raw_tracepoint()
 * found
 * @btp:	the entry
 */
void bpf_put_raw_tracepoint(struct bpf_raw_event_map *btp)
{
	struct bpf_ev_raw_mod *m;
	struct module *mod;

	guard(mutex)(&bpf_ev_raw_lock);
	/* A module's entry keeps it listed: it cannot be going. */
	list_for_each_entry(m, &bpf_ev_raw_mods, node) {
		mod = m->mod;
		if (btp >= mod->bpf_raw_events &&
		    btp < mod->bpf_raw_events + mod->num_bpf_raw_events) {
			module_put(mod);
			return;
		}
	}
}

static int bpf_ev_raw_notify(struct notifier_block *nb, unsigned long state,
			     void *data)
{
	struct module *mod = data;
	struct bpf_ev_raw_mod *m, *tmp;

	if (!mod->num_bpf_raw_events)
		return NOTIFY_OK;
	guard(mutex)(&bpf_ev_raw_lock);
	if (state == MODULE_STATE_COMING) {
		m = kzalloc(sizeof(*m), GFP_KERNEL);
		/* Without it, the module's tracepoints have no programs. */
		if (m) {
			m->mod = mod;
			list_add(&m->node, &bpf_ev_raw_mods);
		}
	} else if (state == MODULE_STATE_GOING) {
		list_for_each_entry_safe(m, tmp, &bpf_ev_raw_mods, node) {
			if (m->mod == mod) {
				list_del(&m->node);
				kfree(m);
			}
		}
	}
	return NOTIFY_OK;
}

static struct notifier_block bpf_ev_raw_nb = {
	.notifier_call = bpf_ev_raw_notify,
};

static int __init bpf_ev_raw_init(void)
{
	if (IS_ENABLED(CONFIG_MODULES))
		return register_module_notifier(&bpf_ev_raw_nb);
	return 0;
}
fs_initcall(bpf_ev_raw_init);

/**
 * bpf_probe_register() - run a raw tracepoint link's program on its
 * tracepoint
 * @btp:	the tracepoint's entry
 * @link:	the link, the probe's data
 *
 * Return: 0; -EINVAL for a program that reads past the tracepoint's
 * arguments or writes past what it may; the errno of
 * tracepoint_probe_register_may_exist().
 */
int bpf_probe_register(struct bpf_raw_event_map *btp,
		       struct bpf_raw_tp_link *link)
{
	struct bpf_prog *prog = link->link.prog;

	if (prog->aux->max_ctx_offset > btp->num_args * sizeof(u64))
		return -EINVAL;
	if (prog->aux->max_tp_access > btp->writable_size)
		return -EINVAL;
	return tracepoint_probe_register_may_exist(btp->tp, btp->bpf_func,
						   link);
}

/**
 * bpf_probe_unregister() - undo bpf_probe_register()
 * @btp:	the tracepoint's entry
 * @link:	the link
 *
 * The link is freed after a grace period of its own.
 *
 * Return: 0, or the errno of tracepoint_probe_unregister().
 */
int bpf_probe_unregister(struct bpf_raw_event_map *btp,
			 struct bpf_raw_tp_link *link)
{
	return tracepoint_probe_unregister(btp->tp, btp->bpf_func, link);
}

/*
 * Run @link's program on @args, in the tracepoint's probe (preemption
 * off). A program does not run inside itself on this CPU: that counts
 * a miss.
 */
static __always_inline void bpf_ev_raw_run(struct bpf_raw_tp_link *link,
					   u64 *args)
{
	struct bpf_prog *prog = link->link.prog;
	struct bpf_trace_run_ctx rc = { .bpf_cookie = link->cookie };
	struct bpf_run_ctx *old;

	if (unlikely(this_cpu_inc_return(*prog->active) != 1)) {
		bpf_prog_inc_misses_counter(prog);
		goto out;
	}
	old = bpf_set_run_ctx(&rc.run_ctx);
	rcu_read_lock();
	bpf_prog_run(prog, args);
	rcu_read_unlock();
	bpf_reset_run_ctx(old);
out:
	this_cpu_dec(*prog->active);
}

/*
 * bpf_trace_run<N>() - run a raw tracepoint link's program on the N
 * arguments of its tracepoint: the probes of trace_bpf_stage.h call
 * these, from the kernel and from modules.
 */

void bpf_trace_run1(struct bpf_raw_tp_link *link, u64 a1)
{
	u64 args[] = { a1 };

	bpf_ev_raw_run(link, args);
}
EXPORT_SYMBOL_GPL(bpf_trace_run1);

void bpf_trace_run2(struct bpf_raw_tp_link *link, u64 a1, u64 a2)
{
	u64 args[] = { a1, a2 };

	bpf_ev_raw_run(link, args);
}
EXPORT_SYMBOL_GPL(bpf_trace_run2);

void bpf_trace_run3(struct bpf_raw_tp_link *link, u64 a1, u64 a2, u64 a3)
{
	u64 args[] = { a1, a2, a3 };

	bpf_ev_raw_run(link, args);
}
EXPORT_SYMBOL_GPL(bpf_trace_run3);

void bpf_trace_run4(struct bpf_raw_tp_link *link, u64 a1, u64 a2, u64 a3,
		    u64 a4)
{
	u64 args[] = { a1, a2, a3, a4 };

	bpf_ev_raw_run(link, args);
}
EXPORT_SYMBOL_GPL(bpf_trace_run4);

void bpf_trace_run5(struct bpf_raw_tp_link *link, u64 a1, u64 a2, u64 a3,
		    u64 a4, u64 a5)
{
	u64 args[] = { a1, a2, a3, a4, a5 };

	bpf_ev_raw_run(link, args);
}
EXPORT_SYMBOL_GPL(bpf_trace_run5);

void bpf_trace_run6(struct bpf_raw_tp_link *link, u64 a1, u64 a2, u64 a3,
		    u64 a4, u64 a5, u64 a6)
{
	u64 args[] = { a1, a2, a3, a4, a5, a6 };

	bpf_ev_raw_run(link, args);
}
EXPORT_SYMBOL_GPL(bpf_trace_run6);

void bpf_trace_run7(struct bpf_raw_tp_link *link, u64 a1, u64 a2, u64 a3,
		    u64 a4, u64 a5, u64 a6, u64 a7)
{
	u64 args[] = { a1, a2, a3, a4, a5, a6, a7 };

	bpf_ev_raw_run(link, args);
}
EXPORT_SYMBOL_GPL(bpf_trace_run7);

void bpf_trace_run8(struct bpf_raw_tp_link *link, u64 a1, u64 a2, u64 a3,
		    u64 a4, u64 a5, u64 a6, u64 a7, u64 a8)
{
	u64 args[] = { a1, a2, a3, a4, a5, a6, a7, a8 };

	bpf_ev_raw_run(link, args);
}
EXPORT_SYMBOL_GPL(bpf_trace_run8);

void bpf_trace_run9(struct bpf_raw_tp_link *link, u64 a1, u64 a2, u64 a3,
		    u64 a4, u64 a5, u64 a6, u64 a7, u64 a8, u64 a9)
{
	u64 args[] = { a1, a2, a3, a4, a5, a6, a7, a8, a9 };

	bpf_ev_raw_run(link, args);
}
EXPORT_SYMBOL_GPL(bpf_trace_run9);

void bpf_trace_run10(struct bpf_raw_tp_link *link, u64 a1, u64 a2, u64 a3,
		     u64 a4, u64 a5, u64 a6, u64 a7, u64 a8, u64 a9, u64 a10)
{
	u64 args[] = { a1, a2, a3, a4, a5, a6, a7, a8, a9, a10 };

	bpf_ev_raw_run(link, args);
}
EXPORT_SYMBOL_GPL(bpf_trace_run10);

void bpf_trace_run11(struct bpf_raw_tp_link *link, u64 a1, u64 a2, u64 a3,
		     u64 a4, u64 a5, u64 a6, u64 a7, u64 a8, u64 a9, u64 a10,
		     u64 a11)
{
	u64 args[] = { a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11 };

	bpf_ev_raw_run(link, args);
}
EXPORT_SYMBOL_GPL(bpf_trace_run11);

void bpf_trace_run12(struct bpf_raw_tp_link *link, u64 a1, u64 a2, u64 a3,
		     u64 a4, u64 a5, u64 a6, u64 a7, u64 a8, u64 a9, u64 a10,
		     u64 a11, u64 a12)
{
	u64 args[] = { a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12 };

	bpf_ev_raw_run(link, args);
}
EXPORT_SYMBOL_GPL(bpf_trace_run12);
