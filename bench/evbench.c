// SPDX-License-Identifier: GPL-2.0
/*
 * B5 workload: the cost of trace events on a scheduling load, run where
 * the kernel has sched_switch and sched_wakeup events.
 *
 *   B5.event_ns     ns added per event: (round trip with sched_switch
 *                   and sched_wakeup on - round trip with them off) /
 *                   (records written on CPU 0 per round trip), best of 3
 *                   loops each, in a buffer big enough to lose nothing
 *   B5.trip_ns      ns per round trip, events off
 *   B5.events_per_trip, B5.lost
 *
 * A round trip: the parent writes a byte into a pipe, the child (on the
 * same CPU, 0) reads it and writes one back, the parent reads it: two
 * wakeups and two switches.
 */
#include "bench.h"

#include <stdio.h>
#include <sys/wait.h>

/* ns per round trip, the best of @loops loops of @trips. */
static double pingpong(long trips, int loops)
{
	double best = 1e30;
	int to[2], from[2];
	pid_t pid;
	char c = 'x';

	if (pipe(to) || pipe(from)) {
		perror("pipe");
		exit(1);
	}
	pid = fork();
	if (pid < 0) {
		perror("fork");
		exit(1);
	}
	if (pid == 0) {
		/* Only the ends it uses: the parent's close then ends it. */
		close(to[1]);
		close(from[0]);
		while (read(to[0], &c, 1) == 1)
			if (write(from[1], &c, 1) != 1)
				_exit(1);
		_exit(0);
	}
	close(to[0]);
	close(from[1]);
	for (int l = 0; l < loops; l++) {
		double t0 = now_ns();

		for (long i = 0; i < trips; i++)
			if (write(to[1], &c, 1) != 1 || read(from[0], &c, 1) != 1) {
				perror("pingpong");
				exit(1);
			}
		double per = (now_ns() - t0) / trips;

		if (per < best)
			best = per;
	}
	close(to[1]);
	waitpid(pid, NULL, 0);
	close(from[0]);
	return best;
}

int main(void)
{
	long trips = 5000, before, lost;
	double off_ns, on_ns, events;
	char old_kb[32];

	pin_cpu0();
	if (access(T "events/sched/sched_switch/enable", W_OK) ||
	    access(T "events/sched/sched_wakeup/enable", W_OK))
		return 0;
	put("tracing_on", "0");
	put("current_tracer", "nop");
	pingpong(trips / 10, 1);	/* warm up */
	off_ns = pingpong(trips, 3);

	big_buffer(old_kb);
	put("events/sched/sched_switch/enable", "1");
	put("events/sched/sched_wakeup/enable", "1");
	before = cpu0_written();
	lost = cpu0_lost();
	put("tracing_on", "1");
	on_ns = pingpong(trips, 3);
	put("tracing_on", "0");
	events = (double)(cpu0_written() - before) / ((double)trips * 3);
	lost = cpu0_lost() - lost;
	put("events/sched/sched_switch/enable", "0");
	put("events/sched/sched_wakeup/enable", "0");
	put("buffer_size_kb", old_kb);
	put("trace", "\n");
	put("tracing_on", "1");

	printf("B5.trip_ns %.1f\n", off_ns);
	if (events > 0)
		printf("B5.event_ns %.1f\nB5.events_per_trip %.2f\nB5.lost %ld\n",
		       (on_ns - off_ns) / events, events, lost);
	return 0;
}
