/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Helpers shared by the guest workloads of make bench: the clock, pinning
 * to CPU 0, and the best-of-N getppid() loop.
 */
#ifndef BENCH_H
#define BENCH_H

#define _GNU_SOURCE
#include <sched.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static inline double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static inline void pin_cpu0(void)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(0, &set);
	sched_setaffinity(0, sizeof(set), &set);
}

/* ns per getppid(), the best of @loops loops of @calls calls. */
static inline double best_getppid(long calls, int loops)
{
	double best = 1e30;

	for (int l = 0; l < loops; l++) {
		double t0 = now_ns();

		for (long i = 0; i < calls; i++)
			syscall(SYS_getppid);
		double per = (now_ns() - t0) / calls;

		if (per < best)
			best = per;
	}
	return best;
}

#endif
