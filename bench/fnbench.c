// SPDX-License-Identifier: GPL-2.0
/*
 * B2, B3 and B6 workloads: the function tracer's costs, run where the
 * kernel has one (available_tracers lists "function").
 *
 *   B6.enable_ms    writing "function" to current_tracer, every function
 *   B6.disable_ms   writing "nop" back
 *   B2.call_ns      ns added per traced call, with every function traced:
 *                   (getppid with tracing - getppid with nop) / (records
 *                   written on CPU 0 per getppid), best of 3 loops, in a
 *                   buffer big enough to lose nothing (B2.lost says what
 *                   was overwritten)
 *   B3.getppid_ns   ns per getppid() with the function tracer on and the
 *                   filter set to a function getppid never calls, best
 *                   of IDLE_LOOPS loops of IDLE_CALLS, as B1
 *
 * Pinned to CPU 0. Prints "metric value" lines.
 */
#include "bench.h"

#include <stdio.h>

int main(void)
{
	long calls = 20000;
	double nop_ns, all_ns, en, dis, records;
	long lost;

	pin_cpu0();

	put("tracing_on", "0");
	put("current_tracer", "nop");
	put("set_ftrace_filter", "\n");
	put("set_ftrace_notrace", "\n");
	nop_ns = best_getppid(calls, 3);

	/* B6: every function, on and off. */
	en = put("current_tracer", "function");

	/* B2: with every function traced and recorded, nothing lost. */
	all_ns = traced_getppid(calls / 10, 3, &records, &lost);
	dis = put("current_tracer", "nop");

	/* B3: the tracer on, filtered to a function getppid never calls. */
	put("set_ftrace_filter", "vfs_fsync_range");
	put("current_tracer", "function");
	put("tracing_on", "1");
	printf("B3.getppid_ns %.1f\n", best_getppid(IDLE_CALLS, IDLE_LOOPS));
	put("tracing_on", "0");
	put("current_tracer", "nop");
	put("set_ftrace_filter", "\n");
	put("trace", "\n");
	put("tracing_on", "1");

	printf("B6.enable_ms %.1f\nB6.disable_ms %.1f\n", en / 1e6, dis / 1e6);
	if (records > 0)
		printf("B2.call_ns %.1f\nB2.calls_per_getppid %.1f\nB2.lost %ld\n",
		       (all_ns - nop_ns) / records, records, lost);
	return 0;
}
