/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Counted commands: an event trigger (trace_ev_trig.c) or a function
 * command (fentry_cmd.c) given ":N" runs N times, then no more; without
 * a count it runs every time. A run is taken off the count with a
 * compare-and-swap, so that two CPUs never take the same one.
 *
 * traceon, traceoff, enable_event and disable_event count only the runs
 * that change something, which needs more: a CPU tests the state, takes
 * a run and changes the state, and a second CPU that tests the state
 * meanwhile would take a run for the same change. Such commands test and
 * change inside trace_count_switch_begin() and trace_count_switch_end(),
 * on a flag their caller keeps: the CPU that finds the flag taken skips,
 * the winner making the change it would have made. A flag, not a lock:
 * commands run in NMI context too. A caller on an event's hit path tests
 * the state before it claims the flag, and again after: the hits that
 * find nothing to change, nearly all of them, write nothing shared.
 */
#ifndef _KERNEL_TRACE_TRACE_COUNT_H
#define _KERNEL_TRACE_TRACE_COUNT_H

#include <linux/atomic.h>
#include <linux/types.h>

/**
 * trace_count_take() - take one run off a count
 * @left:	the runs left; negative for no limit
 *
 * Context: any.
 *
 * Return: false when none is left.
 */
static inline bool trace_count_take(atomic_long_t *left)
{
	long n = atomic_long_read(left);

	do {
		if (n < 0)
			return true;
		if (!n)
			return false;
	} while (!atomic_long_try_cmpxchg(left, &n, n - 1));
	return true;
}

/**
 * trace_count_switch_begin() - claim the right to test and change a
 * state that counted commands switch
 * @gate:	the flag of the commands that may race on it
 *
 * Context: any.
 *
 * Return: false when another CPU has it: skip the run.
 */
static inline bool trace_count_switch_begin(atomic_t *gate)
{
	return !atomic_cmpxchg_acquire(gate, 0, 1);
}

/**
 * trace_count_switch_end() - let the next CPU test and change the state
 * @gate:	the flag trace_count_switch_begin() claimed
 */
static inline void trace_count_switch_end(atomic_t *gate)
{
	/* Pairs with the cmpxchg_acquire of the next trace_count_switch_begin(). */
	atomic_set_release(gate, 0);
}

#endif /* _KERNEL_TRACE_TRACE_COUNT_H */
