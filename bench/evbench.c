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
 * A round trip (pingpong() in bench.h): two wakeups and two switches.
 */
#include "bench.h"

#include <stdio.h>
#include <sys/wait.h>

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
