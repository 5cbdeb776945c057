// SPDX-License-Identifier: GPL-2.0
/*
 * The function tracer's side of an instance: an ftrace_ops of the
 * instance's own, whose filter and notrace sets are the instance's
 * set_ftrace_filter and set_ftrace_notrace. The files edit the sets
 * whether or not the ops is registered; the tracer (trace_function.c)
 * gives the ops its callback and registers it while it is the instance's
 * current tracer.
 *
 * The top array's sets are fentry_global_hash (fentry_sets.c), with the
 * deferred :mod: terms; an instance's sets take functions that exist.
 * Each array's function commands are fentry_cmd.c's.
 */
#include <linux/ftrace.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/slab.h>

#include "fentry.h"
#include "trace.h"

/**
 * struct fentry_inst - the function tracer's state in an instance
 * @ops:	the instance's user of the hook; @ops.func_hash is @sets,
 *		@ops.private is @target
 * @sets:	set_ftrace_filter and set_ftrace_notrace; changed under
 *		fentry_lock, read locklessly by the dispatch while @ops, or
 *		function_graph's ops on them, is registered
 * @target:	the instance's buffer and task lists
 * @node:	in fentry_insts, under fentry_lock
 */
struct fentry_inst {
	struct ftrace_ops ops;
	struct ftrace_ops_hash sets;
	struct fentry_target target;
	struct list_head node;
};

/* Every instance's state, for a module's going away. */
static LIST_HEAD(fentry_insts);

static struct fentry_inst *fentry_inst_of(struct trace_array *tr)
{
	return *trace_array_slot(tr, TRACE_ARRAY_FENTRY);
}

/**
 * fentry_array_ops() - the function tracer's ops of an instance
 * @tr:		the instance
 *
 * Return: its ops (the caller sets ->func before it registers it; its
 * ->private is the struct fentry_target), or NULL for the top array,
 * whose tracer has its own.
 */
struct ftrace_ops *fentry_array_ops(struct trace_array *tr)
{
	struct fentry_inst *fi = fentry_inst_of(tr);

	return fi ? &fi->ops : NULL;
}

/**
 * fentry_array_slot() - the set a filter file of a trace array edits
 * @tr:		the array
 * @kind:	the file (enum fentry_listing)
 *
 * Return: the slot; NULL when an instance has no such set.
 */
struct ftrace_hash __rcu **fentry_array_slot(struct trace_array *tr,
					     long kind)
{
	struct fentry_inst *fi;

	if (trace_array_is_top(tr))
		return fentry_slot(kind);
	fi = fentry_inst_of(tr);
	switch (kind) {
	case FENTRY_LIST_FILTER:
		return &fi->sets.filter_hash;
	case FENTRY_LIST_NOTRACE:
		return &fi->sets.notrace_hash;
	default:
		return NULL;
	}
}

static int fentry_inst_add(struct trace_array *tr, struct trace_fs_dirs *fs,
			   struct dentry *dir)
{
	struct fentry_inst *fi = kzalloc(sizeof(*fi), GFP_KERNEL);

	if (!fi)
		return -ENOMEM;
	mutex_init(&fi->sets.regex_lock);
	fi->ops.func_hash = &fi->sets;
	fi->target.buf = trace_array_buf(tr);
	/* trace_pid's client comes first (TRACE_ARRAY_ORDER_PIDS). */
	fi->target.pids = *trace_array_slot(tr, TRACE_ARRAY_FN_PIDS);
	fi->target.opts = trace_array_opts(tr);
	fi->ops.private = &fi->target;
	fi->ops.flags = 0;
	scoped_guard(mutex, &fentry_lock)
		list_add_tail(&fi->node, &fentry_insts);
	*trace_array_slot(tr, TRACE_ARRAY_FENTRY) = fi;
	return 0;
}

static void fentry_inst_remove(struct trace_array *tr)
{
	struct fentry_inst *fi = fentry_inst_of(tr);

	/* The tracer, removed first, has unregistered its ops. */
	if (WARN_ON_ONCE(fi->ops.flags & FTRACE_OPS_FL_ENABLED))
		unregister_ftrace_function(&fi->ops);
	scoped_guard(mutex, &fentry_lock)
		list_del(&fi->node);
	*trace_array_slot(tr, TRACE_ARRAY_FENTRY) = NULL;
	/* Nothing reads the sets of ops that are not registered. */
	fentry_hash_free(rcu_dereference_protected(fi->sets.filter_hash, 1));
	fentry_hash_free(rcu_dereference_protected(fi->sets.notrace_hash, 1));
	kfree(fi);
}

static struct trace_array_client fentry_inst_client = {
	.add = fentry_inst_add,
	.remove = fentry_inst_remove,
	.order = TRACE_ARRAY_ORDER_FENTRY,
};

TRACE_REGISTER(trace_array_client_register, fentry_inst_client);

/*
 * A module goes: every instance's sets lose its functions. They may be
 * read by the dispatch (the ops of function or function_graph in the
 * instance, which fentry_ops.c may have cut already): the old sets are
 * freed once no dispatch can be looking at them.
 */
static void fentry_inst_forget(unsigned long start, unsigned long end)
{
	struct ftrace_hash **old;
	struct fentry_inst *fi;
	unsigned int n = 0, cut = 0, i;

	mutex_lock(&fentry_lock);
	list_for_each_entry(fi, &fentry_insts, node)
		n += 2;
	/* Without instances, or when no set held the range: no wait. */
	old = n ? kcalloc(n, sizeof(*old), GFP_KERNEL) : NULL;
	if (!old) {
		mutex_unlock(&fentry_lock);
		return;
	}
	n = 0;
	list_for_each_entry(fi, &fentry_insts, node) {
		fentry_slot_cut(&fi->sets.filter_hash, true, start, end,
				&old[n++]);
		fentry_slot_cut(&fi->sets.notrace_hash, false, start, end,
				&old[n++]);
	}
	mutex_unlock(&fentry_lock);
	for (i = 0; i < n; i++)
		cut += !!old[i];
	if (cut)
		fentry_sync_users();
	for (i = 0; i < n; i++)
		fentry_hash_free(old[i]);
	kfree(old);
}

static struct fentry_forget_hook fentry_inst_forget_hook = {
	.forget = fentry_inst_forget,
};

TRACE_REGISTER(fentry_forget_register, fentry_inst_forget_hook);
