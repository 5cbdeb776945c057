/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Per-CPU nesting levels: code that runs on a CPU with preemption off (a
 * probe, a hit) takes the next of a few per-CPU buffers, one a level of
 * nesting (task, softirq, irq, NMI, and for some a probe on the path
 * itself), and gives it back before the code it interrupted goes on.
 *
 * The event records' scratch pages (trace_ev_core.h), the probe events'
 * scratch pages (trace_probe.h) and the hist triggers' key buffers
 * (trace_hist.c) each keep one struct trace_nest a CPU.
 *
 * Only the CPU itself changes its levels, and an interrupt gives back
 * what it took before the code it interrupted goes on: a plain read and
 * write suffice, no atomics. READ_ONCE() and WRITE_ONCE() keep the
 * compiler from tearing, caching or repeating them; barrier() keeps the
 * use of a level's buffer between its taking and its giving back.
 */
#ifndef _KERNEL_TRACE_TRACE_NEST_H
#define _KERNEL_TRACE_TRACE_NEST_H

#include <linux/compiler.h>

/**
 * struct trace_nest - a CPU's nesting levels of one kind of buffer
 * @used:	the levels in use; changed only by the CPU itself
 */
struct trace_nest {
	unsigned int used;
};

/**
 * trace_nest_level() - the level that would be taken next
 * @n:		this CPU's levels
 *
 * Inside a level taken, trace_nest_level() - 1 is that level.
 * Context: preemption off.
 *
 * Return: the number of levels in use.
 */
static __always_inline unsigned int trace_nest_level(const struct trace_nest *n)
{
	return READ_ONCE(n->used);
}

/**
 * trace_nest_take() - take the level trace_nest_level() gave
 * @n:		this CPU's levels
 * @level:	that level, which the caller found free
 *
 * Context: preemption off.
 */
static __always_inline void trace_nest_take(struct trace_nest *n,
					    unsigned int level)
{
	WRITE_ONCE(n->used, level + 1);
	/*
	 * The level's buffer is used only after this, when an interrupt
	 * takes the next level. Pairs with the barrier() of
	 * trace_nest_give(): the two bracket the buffer's use.
	 */
	barrier();
}

/**
 * trace_nest_give() - give back a level
 * @n:		this CPU's levels
 * @level:	the level trace_nest_take() took
 *
 * Context: preemption off, on the CPU that took it.
 */
static __always_inline void trace_nest_give(struct trace_nest *n,
					    unsigned int level)
{
	/*
	 * Done with the level's buffer before an interrupt may take it
	 * again. Pairs with the barrier() of trace_nest_take(): the two
	 * bracket the buffer's use.
	 */
	barrier();
	WRITE_ONCE(n->used, level);
}

/**
 * trace_nest_enter() - take the next level, if one is left
 * @n:		this CPU's levels
 * @max:	the levels there are
 *
 * Context: preemption off.
 *
 * Return: the level, or -1 when all @max are in use.
 */
static __always_inline int trace_nest_enter(struct trace_nest *n,
					    unsigned int max)
{
	unsigned int level = trace_nest_level(n);

	if (unlikely(level >= max))
		return -1;
	trace_nest_take(n, level);
	return level;
}

/**
 * trace_nest_exit() - give back the last level taken
 * @n:		this CPU's levels
 *
 * Context: preemption off, on the CPU that took it.
 */
static __always_inline void trace_nest_exit(struct trace_nest *n)
{
	trace_nest_give(n, trace_nest_level(n) - 1);
}

#endif /* _KERNEL_TRACE_TRACE_NEST_H */
