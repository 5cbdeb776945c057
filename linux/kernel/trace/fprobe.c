// SPDX-License-Identifier: GPL-2.0
/*
 * fprobe: a handler at the entry and one at the return of a set of
 * functions (include/linux/fprobe.h), for probe events and BPF's
 * multi-kprobes.
 *
 * An fprobe is an ftrace_ops (embedded in struct fprobe) that asks for
 * every register and guards its own recursion. Its entry callback calls
 * the entry handler and, when the fprobe has an exit handler, takes a
 * node of the fprobe's rethook (a pool of nr_maxactive nodes, each with
 * entry_data_size bytes for the handlers) and hooks the return through
 * it; rethook calls fprobe_return(), which calls the exit handler with
 * the same entry ip and data. No node free, or a nested call of the
 * handlers in the same context, counts one miss in fp->nmissed and runs
 * neither handler.
 */
#define pr_fmt(fmt) "fprobe: " fmt

#include <linux/fprobe.h>
#include <linux/kallsyms.h>
#include <linux/kprobes.h>
#include <linux/rethook.h>
#include <linux/slab.h>
#include <linux/trace_recursion.h>

/**
 * struct fprobe_node - a return hooked for an fprobe
 * @node:	the rethook's node
 * @entry_ip:	the call site of the function entered
 * @data:	entry_data_size bytes the handlers share
 */
struct fprobe_node {
	struct rethook_node node;
	unsigned long entry_ip;
	char data[];
};

/* The bytes @fp's handlers share for the call @fn hooks, or NULL. */
static void *fprobe_data(struct fprobe *fp, struct fprobe_node *fn)
{
	return fp->entry_data_size ? fn->data : NULL;
}

/* A node for the return of the call entered at @ip; NULL counts a miss. */
static struct fprobe_node *fprobe_node_get(struct fprobe *fp,
					   unsigned long ip)
{
	struct rethook_node *rh = rethook_try_get(fp->rethook);
	struct fprobe_node *fn;

	if (unlikely(!rh)) {
		fp->nmissed++;
		return NULL;
	}
	fn = container_of(rh, struct fprobe_node, node);
	fn->entry_ip = ip;
	return fn;
}

/* Runs the handlers for one entry; preemption is off. */
static void fprobe_enter(struct fprobe *fp, unsigned long ip,
			 unsigned long parent_ip, struct pt_regs *regs)
{
	struct fprobe_node *fn;
	bool hook;

	if (!fp->exit_handler) {
		if (fp->entry_handler)
			fp->entry_handler(fp, ip, parent_ip, regs, NULL);
		return;
	}
	fn = fprobe_node_get(fp, ip);
	if (!fn)
		return;
	/* An entry handler that returns non-zero wants no return. */
	hook = !fp->entry_handler ||
	       !fp->entry_handler(fp, ip, parent_ip, regs, fprobe_data(fp, fn));
	if (hook)
		rethook_hook(&fn->node, regs, true);
	else
		rethook_recycle(&fn->node);
}

/* The ftrace_ops callback of every fprobe. */
static void fprobe_entry(unsigned long ip, unsigned long parent_ip,
			 struct ftrace_ops *ops, struct ftrace_regs *fregs)
{
	struct fprobe *fp = container_of(ops, struct fprobe, ops);
	struct pt_regs *regs = ftrace_get_regs(fregs);
	int bit;

	if (!regs || fprobe_disabled(fp))
		return;
	bit = ftrace_test_recursion_trylock(ip, parent_ip);
	/*
	 * Shared with kprobes: never inside a kprobe's handler, and kprobes
	 * are kept out of ours.
	 */
	if (bit < 0 || (fprobe_shared_with_kprobes(fp) && kprobe_running())) {
		fp->nmissed++;
	} else if (fprobe_shared_with_kprobes(fp)) {
		kprobe_busy_begin();
		fprobe_enter(fp, ip, parent_ip, regs);
		kprobe_busy_end();
	} else {
		fprobe_enter(fp, ip, parent_ip, regs);
	}
	if (bit >= 0)
		ftrace_test_recursion_unlock(bit);
}

NOKPROBE_SYMBOL(fprobe_entry);

/* rethook's handler: the hooked function returns to @ret_ip. */
static void fprobe_return(struct rethook_node *rh, void *data,
			  unsigned long ret_ip, struct pt_regs *regs)
{
	struct fprobe_node *fn = container_of(rh, struct fprobe_node, node);
	struct fprobe *fp = data;
	int bit;

	if (!fp || fprobe_disabled(fp) || !fp->exit_handler)
		return;
	bit = ftrace_test_recursion_trylock(fn->entry_ip, ret_ip);
	if (bit < 0) {
		fp->nmissed++;
		return;
	}
	if (fprobe_shared_with_kprobes(fp))
		kprobe_busy_begin();
	fp->exit_handler(fp, fn->entry_ip, ret_ip, regs, fprobe_data(fp, fn));
	if (fprobe_shared_with_kprobes(fp))
		kprobe_busy_end();
	ftrace_test_recursion_unlock(bit);
}

NOKPROBE_SYMBOL(fprobe_return);

/* Ready @fp's ops and, for an exit handler, its pool of @num nodes. */
static int fprobe_prepare(struct fprobe *fp, int num)
{
	struct rethook *rh;
	int size, nodes;

	if (!fp || (!fp->entry_handler && !fp->exit_handler))
		return -EINVAL;
	if (fprobe_is_registered(fp))
		return -EBUSY;
	if (fp->entry_data_size > PAGE_SIZE)
		return -E2BIG;
	fp->nmissed = 0;
	fp->rethook = NULL;
	fp->ops.func = fprobe_entry;
	fp->ops.flags |= FTRACE_OPS_FL_SAVE_REGS;
	if (!fp->exit_handler)
		return 0;
	/* Enough for every CPU to nest twice in each function, by default. */
	nodes = fp->nr_maxactive > 0 ? fp->nr_maxactive :
		min(num, 16) * 2 * num_possible_cpus();
	size = sizeof(struct fprobe_node) + fp->entry_data_size;
	rh = rethook_alloc(fp, fprobe_return, size, nodes);
	if (IS_ERR(rh))
		return PTR_ERR(rh);
	fp->rethook = rh;
	return 0;
}

static void fprobe_drop(struct fprobe *fp)
{
	if (fp->rethook)
		rethook_free(fp->rethook);
	fp->rethook = NULL;
	ftrace_free_filter(&fp->ops);
}

/* Register @fp whose filter is set; undo all on failure. */
static int fprobe_start(struct fprobe *fp)
{
	int ret = register_ftrace_function(&fp->ops);

	if (ret)
		fprobe_drop(fp);
	return ret;
}

/**
 * register_fprobe() - probe the functions whose names match a filter
 * @fp:		the fprobe, not registered, with at least one handler
 * @filter:	glob(s) of the functions, as set_ftrace_filter takes them
 * @notfilter:	glob(s) of functions to leave out, or NULL
 *
 * Return: 0; -EINVAL for no handler or a glob matching nothing; -EBUSY
 * when @fp is registered; -E2BIG for entry data above a page; -ENOMEM.
 */
int register_fprobe(struct fprobe *fp, const char *filter,
		    const char *notfilter)
{
	int ret;

	if (!filter)
		return -EINVAL;
	ret = fprobe_prepare(fp, 16);
	if (ret)
		return ret;
	ret = ftrace_set_filter(&fp->ops, (unsigned char *)filter,
				strlen(filter), 1);
	if (!ret && notfilter)
		ret = ftrace_set_notrace(&fp->ops, (unsigned char *)notfilter,
					 strlen(notfilter), 1);
	if (ret) {
		fprobe_drop(fp);
		return ret;
	}
	return fprobe_start(fp);
}
EXPORT_SYMBOL_GPL(register_fprobe);

/**
 * register_fprobe_ips() - probe functions given by address
 * @fp:		the fprobe, not registered, with at least one handler
 * @addrs:	@num addresses, each a function's call site or start
 * @num:	how many
 *
 * Return: as register_fprobe(); -EINVAL also for an address without a
 * call site.
 */
int register_fprobe_ips(struct fprobe *fp, unsigned long *addrs, int num)
{
	int ret;

	if (!addrs || num <= 0)
		return -EINVAL;
	ret = fprobe_prepare(fp, num);
	if (ret)
		return ret;
	ret = ftrace_set_filter_ips(&fp->ops, addrs, num, 0, 1);
	if (ret) {
		fprobe_drop(fp);
		return ret;
	}
	return fprobe_start(fp);
}
EXPORT_SYMBOL_GPL(register_fprobe_ips);

/**
 * register_fprobe_syms() - probe functions given by name
 * @fp:		the fprobe, not registered, with at least one handler
 * @syms:	@num symbol names (not globs)
 * @num:	how many
 *
 * Return: as register_fprobe_ips(); -ENOENT for a name kallsyms does not
 * know.
 */
int register_fprobe_syms(struct fprobe *fp, const char **syms, int num)
{
	unsigned long *addrs;
	int i, ret;

	if (!syms || num <= 0)
		return -EINVAL;
	addrs = kcalloc(num, sizeof(*addrs), GFP_KERNEL);
	if (!addrs)
		return -ENOMEM;
	for (i = 0; i < num; i++) {
		addrs[i] = kallsyms_lookup_name(syms[i]);
		if (!addrs[i]) {
			kfree(addrs);
			return -ENOENT;
		}
	}
	ret = register_fprobe_ips(fp, addrs, num);
	kfree(addrs);
	return ret;
}
EXPORT_SYMBOL_GPL(register_fprobe_syms);

/**
 * fprobe_is_registered() - whether @fp is registered
 * @fp:		the fprobe, or NULL
 *
 * Return: true between a successful register_fprobe*() and
 * unregister_fprobe().
 */
bool fprobe_is_registered(struct fprobe *fp)
{
	return fp && (fp->ops.flags & FTRACE_OPS_FL_ENABLED) &&
	       fp->ops.func == fprobe_entry;
}
EXPORT_SYMBOL_GPL(fprobe_is_registered);

/**
 * unregister_fprobe() - stop probing
 * @fp:		a registered fprobe
 *
 * Sleeps. When it returns no entry handler runs; exit handlers of calls
 * still in flight are not called (their returns go back through rethook,
 * which no longer calls this fprobe).
 *
 * Return: 0, or -EINVAL when @fp is not registered.
 */
int unregister_fprobe(struct fprobe *fp)
{
	int ret;

	if (!fprobe_is_registered(fp))
		return -EINVAL;
	/* Returns still in flight find no handler from here on. */
	if (fp->rethook)
		rethook_stop(fp->rethook);
	ret = unregister_ftrace_function(&fp->ops);
	if (ret)
		return ret;
	fprobe_drop(fp);
	return 0;
}
EXPORT_SYMBOL_GPL(unregister_fprobe);
