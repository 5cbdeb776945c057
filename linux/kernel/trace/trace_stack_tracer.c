// SPDX-License-Identifier: GPL-2.0
/*
 * The stack tracer. While /proc/sys/kernel/stack_tracer_enabled is 1,
 * every function stack_trace_filter selects (all of them when it is
 * empty) measures on entry how much of its task's stack is in use. A
 * depth above the deepest seen so far becomes the new maximum, and the
 * call stack of that moment is kept with the depth of each frame:
 *
 *   stack_max_size   the maximum, in bytes; a write sets it (0 starts over)
 *   stack_trace      the frames of the maximum, innermost first: depth,
 *                    size (the frame's own bytes) and location
 *
 * Depths count from the top of the task's stack down to a return address:
 * for the traced function, the one its fentry call pushed; for each
 * caller, the one that leads back into it. A frame's size is its depth
 * less the next outer frame's.
 *
 * The unwinder names the frames; each name is matched to its slot by
 * looking for that return address on the stack, outward from the slot of
 * the previous one. A name whose address is not there (a stale guess of
 * the guessing unwinder) is left out.
 *
 * Only task stacks are measured: interrupts run on stacks of their own.
 * The fast path is a subtraction and a compare; a new maximum takes
 * stk_lock (see there). NMIs never take it.
 */
#include <linux/ftrace.h>
#include <linux/init.h>
#include <linux/kstrtox.h>
#include <linux/mutex.h>
#include <linux/sched/task_stack.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/stacktrace.h>
#include <linux/string.h>
#include <linux/sysctl.h>
#include <kunit/visibility.h>

#include "fentry.h"
#include "trace.h"
#include "trace_stack_tracer.h"

/*
 * stk_lock guards the record of the maximum (stk_frames, stk_nr and the
 * unwinder's scratch stk_ips) and the writes of stk_max, which the fast
 * path reads without it. It is taken only through stk_lock_enter(), with
 * interrupts off and this CPU's stk_busy set: the traced functions called
 * under it (the lock's own, the unwinder's) find stk_busy set and leave
 * at once, instead of coming back for the lock.
 */
static DEFINE_RAW_SPINLOCK(stk_lock);
static DEFINE_PER_CPU(bool, stk_busy);
static unsigned long stk_max;
static struct stk_frame stk_frames[STK_FRAMES];
static unsigned int stk_nr;
static unsigned long stk_ips[STK_FRAMES];

/*
 * /proc/sys/kernel/stack_tracer_enabled (its entry is kernel/sysctl.c's),
 * and the registration that follows it: under stk_mutex.
 */
static DEFINE_MUTEX(stk_mutex);
int stack_tracer_enabled;

/* stk_lock_enter() - take stk_lock; false when this CPU is inside already. */
static bool stk_lock_enter(unsigned long *flags)
{
	local_irq_save(*flags);
	if (__this_cpu_read(stk_busy)) {
		local_irq_restore(*flags);
		return false;
	}
	__this_cpu_write(stk_busy, true);
	raw_spin_lock(&stk_lock);
	return true;
}

static void stk_lock_exit(unsigned long flags)
{
	raw_spin_unlock(&stk_lock);
	__this_cpu_write(stk_busy, false);
	local_irq_restore(flags);
}

/**
 * stk_place() - match return addresses to their slots on a stack
 * @ips:	return addresses, innermost first
 * @n:		how many
 * @from:	the lowest slot to look at
 * @top:	the address just above the stack
 * @out:	where the frames go (room for @n)
 *
 * Each address is looked for from the slot after the previous match up to
 * @top; one not found is left out.
 *
 * Return: the number of frames written.
 */
VISIBLE_IF_KUNIT unsigned int stk_place(const unsigned long *ips,
					unsigned int n,
					const unsigned long *from,
					unsigned long top,
					struct stk_frame *out)
{
	const unsigned long *p = from, *end = (const unsigned long *)top;
	unsigned int i, kept = 0;

	for (i = 0; i < n; i++) {
		const unsigned long *q;

		for (q = p; q < end && READ_ONCE_NOCHECK(*q) != ips[i]; q++)
			;
		if (q == end)
			continue;
		out[kept].ip = ips[i];
		out[kept].depth = top - (unsigned long)q;
		kept++;
		p = q + 1;
	}
	return kept;
}

/* A new maximum, perhaps: @depth at the call @regs describes. */
static noinline void stk_check(struct pt_regs *regs, unsigned long top,
			       unsigned long depth)
{
	unsigned long flags;
	unsigned int n;

	if (in_nmi() || !stk_lock_enter(&flags))
		return;
	lockdep_assert_held(&stk_lock);
	if (depth > stk_max) {
		n = stack_trace_save_regs(regs, stk_ips, STK_FRAMES, 0);
		/* The first address, into the traced function, is below sp. */
		stk_nr = stk_place(stk_ips, n, (unsigned long *)regs->sp - 1,
				   top, stk_frames);
		WRITE_ONCE(stk_max, depth);
	}
	stk_lock_exit(flags);
}

static void stk_call(unsigned long ip, unsigned long parent_ip,
		     struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	struct pt_regs *regs = &arch_ftrace_regs(fregs)->regs;
	unsigned long base = (unsigned long)task_stack_page(current);
	unsigned long depth;

	/* regs->sp: the traced function's stack pointer on entry. */
	if (regs->sp - base >= THREAD_SIZE)
		return;
	depth = base + THREAD_SIZE - regs->sp + sizeof(long);
	if (likely(depth <= READ_ONCE(stk_max)))
		return;
	stk_check(regs, base + THREAD_SIZE, depth);
}

static struct ftrace_ops stk_ops = {
	.func		= stk_call,
	.flags		= FENTRY_OPS_FL_OPLESS,
	.func_hash	= &trace_stack_sets,
};

/**
 * trace_stack_max_show() - show stack_max_size
 * @m:		the file
 * @tr:		the trace array of the file
 * @unused:	table argument
 *
 * Return: 0.
 */
static int trace_stack_max_show(struct seq_file *m, struct trace_array *tr,
				long unused)
{
	seq_printf(m, "%lu\n", READ_ONCE(stk_max));
	return 0;
}

/**
 * trace_stack_max_store() - write stack_max_size
 * @tr:		the trace array of the file
 * @val:	a byte count; 0 makes any depth a new maximum
 * @unused:	table argument
 *
 * The frames of the old maximum stay until a new one replaces them.
 *
 * Return: 0, or -EINVAL for anything but a number.
 */
int trace_stack_max_store(struct trace_array *tr, const char *val, long unused)
{
	unsigned long v, flags;
	int ret = kstrtoul(val, 0, &v);

	if (ret)
		return ret;
	if (!stk_lock_enter(&flags))
		return -EBUSY;
	WRITE_ONCE(stk_max, v);
	stk_lock_exit(flags);
	return 0;
}

/**
 * stk_copy() - copy the deepest stack recorded
 * @out:	room for STK_FRAMES frames
 * @max:	where the maximum goes
 *
 * Return: the number of frames copied, or -EBUSY when called from under
 * stk_lock on this CPU (a traced function of the lock's own).
 */
VISIBLE_IF_KUNIT int stk_copy(struct stk_frame *out, unsigned long *max)
{
	unsigned long flags;
	unsigned int n;

	if (!stk_lock_enter(&flags))
		return -EBUSY;
	n = stk_nr;
	memcpy(out, stk_frames, n * sizeof(*out));
	*max = stk_max;
	stk_lock_exit(flags);
	return n;
}

/**
 * trace_stack_trace_show() - show stack_trace
 * @m:		the file
 * @tr:		the trace array of the file
 * @unused:	table argument
 *
 * Return: 0, -ENOMEM, or -EBUSY (see stk_copy()).
 */
static int trace_stack_trace_show(struct seq_file *m, struct trace_array *tr,
				  long unused)
{
	struct stk_frame *f = kmalloc_array(STK_FRAMES, sizeof(*f), GFP_KERNEL);
	unsigned long size, max;
	int i, n;

	if (!f)
		return -ENOMEM;
	n = stk_copy(f, &max);
	if (n < 0) {
		kfree(f);
		return n;
	}

	seq_printf(m, "        Depth    Size   Location    (%d entries)\n"
		   "        -----    ----   --------\n", n);
	for (i = 0; i < n; i++) {
		size = f[i].depth - (i + 1 < n ? f[i + 1].depth : 0);
		seq_printf(m, "%3d) %8lu   %5lu   %pS\n", i, f[i].depth, size,
			   (void *)f[i].ip);
	}
	kfree(f);
	return 0;
}

/* Start or stop measuring; under stk_mutex. */
static int stk_switch(int on)
{
	lockdep_assert_held(&stk_mutex);
	if (on == stack_tracer_enabled)
		return 0;
	if (on) {
		int ret = register_ftrace_function(&stk_ops);

		if (ret)
			return ret;
	} else {
		unregister_ftrace_function(&stk_ops);
	}
	stack_tracer_enabled = on;
	return 0;
}

/**
 * stk_enable() - start or stop measuring, as stack_tracer_enabled does
 * @on:		1 to start, 0 to stop
 *
 * Return: 0, or the error of registering the tracer's ops.
 */
VISIBLE_IF_KUNIT int stk_enable(int on)
{
	guard(mutex)(&stk_mutex);
	return stk_switch(on);
}

/**
 * stack_trace_sysctl() - read or write /proc/sys/kernel/stack_tracer_enabled
 * @table:	its entry
 * @write:	a write
 * @buf:	the text
 * @lenp:	its length
 * @ppos:	file position
 *
 * 1 starts the stack tracer and 0 stops it, at once; anything else is
 * refused with -EINVAL and changes nothing.
 *
 * Return: 0 or a negative errno.
 */
int stack_trace_sysctl(const struct ctl_table *table, int write, void *buf,
		       size_t *lenp, loff_t *ppos)
{
	struct ctl_table t = *table;
	int on, ret;

	guard(mutex)(&stk_mutex);
	on = stack_tracer_enabled;
	t.data = &on;
	t.extra1 = SYSCTL_ZERO;
	t.extra2 = SYSCTL_ONE;
	ret = proc_dointvec_minmax(&t, write, buf, lenp, ppos);
	if (ret || !write)
		return ret;
	return stk_switch(on);
}

/*
 * The command line: "stacktrace" starts the tracer at boot, and
 * "stacktrace_filter=<terms>" (separated by commas) fills its filter.
 * __setup() matches by prefix, so the one handler sees both.
 */
static char stk_boot_filter[512] __initdata;
static bool stk_boot_on __initdata;

static int __init stk_boot_setup(char *rest)
{
	const char *terms = rest + str_has_prefix(rest, "_filter=");

	if (terms != rest)
		strscpy(stk_boot_filter, terms);
	else if (!*rest || *rest == '=')
		stk_boot_on = true;
	else
		return 0;
	return 1;
}
__setup("stacktrace", stk_boot_setup);

static int __init stk_init(void)
{
	int ret;

	if (*stk_boot_filter) {
		ret = fentry_ops_set(&trace_stack_sets, false,
				     (unsigned char *)stk_boot_filter,
				     strlen(stk_boot_filter), 1);
		if (ret)
			pr_warn("tracing: stacktrace_filter=%s: error %d, ignored\n",
				stk_boot_filter, ret);
	}
	if (stk_boot_on) {
		ret = stk_enable(1);
		if (ret)
			pr_warn("tracing: stacktrace: error %d\n", ret);
	}
	return 0;
}
core_initcall(stk_init);

static const struct trace_fs_file stk_files[] = {
	TRACE_FS_ATTR("stack_max_size", 0640, TRACE_FS_TOP_ONLY,
		      trace_stack_max_show, trace_stack_max_store),
	TRACE_FS_ATTR("stack_trace", 0440, TRACE_FS_TOP_ONLY,
		      trace_stack_trace_show, NULL),
	TRACE_FS_FOPS("stack_trace_filter", 0640, TRACE_FS_TOP_ONLY,
		      FENTRY_LIST_STACK, &fentry_filter_fops),
};

static struct trace_fs_table stk_fs = {
	.name = "stack tracer",
	.files = stk_files,
	.nr = ARRAY_SIZE(stk_files),
	.order = TRACE_FS_ORDER_STACK,
	.readme =
	"  stack_trace          - the deepest kernel stack seen while\n"
	"                         /proc/sys/kernel/stack_tracer_enabled is 1:\n"
	"                         each frame's depth, size and location\n"
	"  stack_max_size       - its depth in bytes; echo 0 starts over\n"
	"  stack_trace_filter   - the functions that measure (all when empty);\n"
	"                         written like set_ftrace_filter, no commands\n",
};

TRACE_FS_REGISTER(stk_fs);
