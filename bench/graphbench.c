// SPDX-License-Identifier: GPL-2.0
/*
 * B4 workloads: function_graph's costs, run where the kernel has it
 * (available_tracers lists "function_graph").
 *
 *   B4.call_ns      ns added per traced call, every function traced:
 *                   (getppid traced - getppid with nop) / (calls per
 *                   getppid, half the records written on CPU 0: each
 *                   call writes an entry and a return), best of 3 loops,
 *                   in a buffer big enough to lose nothing (B4.lost says
 *                   what was lost)
 *   B4.getppid_ns   ns per getppid() with function_graph on and
 *                   set_graph_function set to a function getppid never
 *                   calls, best of IDLE_LOOPS loops of IDLE_CALLS (as
 *                   B1) over IDLE_ROUNDS rounds
 *   B4.idle_ratio   that cost over the cost with the nop tracer, in the
 *                   same boot: rounds that alternate the two, best of
 *                   each (the same image on both sides, so no layout
 *                   noise between kernels)
 *
 * Pinned to CPU 0. Prints "metric value" lines.
 */
#include "bench.h"

/* B4.getppid_ns and B4.idle_ratio: rounds, each with a share of loops. */
#define IDLE_ROUNDS 4

int main(void)
{
	long calls = 20000;
	double nop_ns, all_ns, records, gated_ns = 1e30, idle_ns = 1e30;
	long lost;

	pin_cpu0();
	put("tracing_on", "0");
	put("current_tracer", "nop");
	put("set_ftrace_filter", "\n");
	put("set_ftrace_notrace", "\n");
	put("set_graph_function", "\n");
	nop_ns = best_getppid(calls, 3);

	put("current_tracer", "function_graph");
	all_ns = traced_getppid(calls / 10, 3, &records, &lost);
	put("current_tracer", "nop");

	put("set_graph_function", "vfs_fsync_range");
	for (int round = 0; round < IDLE_ROUNDS; round++) {
		double ns;

		put("current_tracer", "function_graph");
		put("tracing_on", "1");
		ns = best_getppid(IDLE_CALLS, IDLE_LOOPS / IDLE_ROUNDS);
		gated_ns = ns < gated_ns ? ns : gated_ns;
		put("tracing_on", "0");
		put("current_tracer", "nop");
		ns = best_getppid(IDLE_CALLS, IDLE_LOOPS / IDLE_ROUNDS);
		idle_ns = ns < idle_ns ? ns : idle_ns;
	}
	printf("B4.getppid_ns %.1f\nB4.idle_ratio %.3f\n", gated_ns,
	       gated_ns / idle_ns);
	put("set_graph_function", "\n");
	put("trace", "\n");
	put("tracing_on", "1");

	/* Each call writes an entry and a return record. */
	if (records > 0)
		printf("B4.call_ns %.1f\nB4.calls_per_getppid %.1f\nB4.lost %ld\n",
		       (all_ns - nop_ns) / (records / 2), records / 2, lost);
	return 0;
}
