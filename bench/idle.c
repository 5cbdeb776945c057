// SPDX-License-Identifier: GPL-2.0
/*
 * B1 workload: the cost of a cheap system call and of a process life cycle.
 *
 *   idle [calls] [forks] [loops] [getppid loops]
 *
 * Prints "B1.getppid_ns <ns per getppid()>", the best of [getppid loops]
 * (IDLE_LOOPS) loops of [calls] (IDLE_CALLS) calls, and "B1.fork_ns <ns per
 * fork()+_exit()+waitpid()>", the best of [loops] (5) loops of [forks]
 * (500), pinned to CPU 0. Many short loops make the best of them robust
 * to the host's bursts of load; each getppid() loop runs in its own
 * process (best_getppid()). Under emulation the absolute figures mean
 * little; ratios between kernels measured the same way do.
 */
#include "bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static double best_fork(long forks, int loops)
{
	double best = 1e30;

	for (int l = 0; l < loops; l++) {
		double t0 = now_ns();

		for (long i = 0; i < forks; i++) {
			pid_t pid = fork();

			if (pid == 0)
				_exit(0);
			if (pid < 0 || waitpid(pid, NULL, 0) != pid) {
				perror("fork");
				exit(1);
			}
		}
		double per = (now_ns() - t0) / forks;

		if (per < best)
			best = per;
	}
	return best;
}

int main(int argc, char **argv)
{
	long calls = argc > 1 ? atol(argv[1]) : IDLE_CALLS;
	long forks = argc > 2 ? atol(argv[2]) : 500;
	int loops = argc > 3 ? atoi(argv[3]) : 5;
	int ploops = argc > 4 ? atoi(argv[4]) : IDLE_LOOPS;

	pin_cpu0();
	printf("B1.getppid_ns %.1f\n", best_getppid(calls, ploops));
	printf("B1.fork_ns %.1f\n", best_fork(forks, loops));
	return 0;
}
