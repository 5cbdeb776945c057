// SPDX-License-Identifier: GPL-2.0
/*
 * B16 and B17 workloads: what a probe event with two fetch arguments adds
 * to each hit, enabled and recording into the top buffer (16 MiB, so
 * that nothing is lost), run where the kernel has the kind of event.
 *
 *   B16.hit_ns      a kprobe event on the entry of __x64_sys_getppid (its
 *                   ftrace site), "a=%di b=+0(%di):x64": ns added per
 *                   getppid(), the best of the enabled loops less the best
 *                   of the disabled ones, over rounds that alternate them
 *   B16.records     records CPU 0 wrote per getppid() while enabled (1
 *                   when every hit recorded)
 *   B17.hit_ns      a uprobe event on a function of this binary,
 *                   "a=%di b=+0(%di):x64" (user memory): ns added per
 *                   call, measured the same way
 *   B17.records     records per call while enabled
 *
 * The events are defined once, before the first round, and removed at the
 * end; "disabled" loops run with them defined and off, as a user's
 * probes sit between uses. Pinned to CPU 0. Prints "metric value" lines.
 */
#include "bench.h"

#define KP_CALLS	20000
#define KP_LOOPS	3
#define UP_CALLS	4000
#define UP_LOOPS	3
#define ROUNDS		4

static int has(const char *f)
{
	char path[256];

	snprintf(path, sizeof(path), T "%s", f);
	return access(path, W_OK) == 0;
}

/* Append @def to a definitions file; 0, or -1 when it is refused. */
static int define(const char *file, const char *def)
{
	char path[256];
	int fd, ok;

	snprintf(path, sizeof(path), T "%s", file);
	fd = open(path, O_WRONLY | O_APPEND);
	if (fd < 0)
		return -1;
	ok = write(fd, def, strlen(def)) == (ssize_t)strlen(def);
	close(fd);
	return ok ? 0 : -1;
}

/* The callee of the uprobe: its argument points at what b reads. */
__attribute__((noinline)) void probebench_target(long *p)
{
	__asm__ volatile("" : : "r"(p) : "memory");
}

/* ns per call of probebench_target(), the best of @loops loops. */
static double target_loops(long calls, int loops, double *records)
{
	double best = 1e30, sum = 0;
	long v = 42;

	for (int l = 0; l < loops; l++) {
		long before = records ? cpu0_written() : 0;
		double t0, per;

		if (records)
			put("tracing_on", "1");
		t0 = now_ns();
		for (long i = 0; i < calls; i++)
			probebench_target(&v);
		per = (now_ns() - t0) / calls;
		if (records) {
			put("tracing_on", "0");
			sum += (double)(cpu0_written() - before) / calls;
		}
		best = per < best ? per : best;
	}
	if (records)
		*records = sum / loops;
	return best;
}


static void bench_kprobe(void)
{
	double off = 1e30, on = 1e30, records = 0, r, ns;

	if (!has("kprobe_events") ||
	    define("kprobe_events",
		   "p:pbench/kp __x64_sys_getppid a=%di b=+0(%di):x64\n"))
		return;
	for (int round = 0; round < ROUNDS; round++) {
		put("events/pbench/kp/enable", "0");
		ns = best_getppid(KP_CALLS, KP_LOOPS);
		off = ns < off ? ns : off;
		put("events/pbench/kp/enable", "1");
		ns = getppid_loops(KP_CALLS, KP_LOOPS, &r);
		on = ns < on ? ns : on;
		records += r / ROUNDS;
	}
	put("events/pbench/kp/enable", "0");
	define("kprobe_events", "-:pbench/kp\n");
	printf("B16.hit_ns %.1f\nB16.records %.2f\n", on - off, records);
}

static void bench_uprobe(void)
{
	double off = 1e30, on = 1e30, records = 0, r, ns;
	char exe[256], def[512];
	unsigned long offset;

	offset = file_offset_of((void *)probebench_target, exe, sizeof(exe));
	if (!has("uprobe_events") || !offset)
		return;
	snprintf(def, sizeof(def),
		 "p:pbench/up %s:0x%lx a=%%di b=+0(%%di):x64\n", exe, offset);
	if (define("uprobe_events", def))
		return;
	for (int round = 0; round < ROUNDS; round++) {
		put("events/pbench/up/enable", "0");
		ns = target_loops(UP_CALLS, UP_LOOPS, NULL);
		off = ns < off ? ns : off;
		put("events/pbench/up/enable", "1");
		ns = target_loops(UP_CALLS, UP_LOOPS, &r);
		on = ns < on ? ns : on;
		records += r / ROUNDS;
	}
	put("events/pbench/up/enable", "0");
	define("uprobe_events", "-:pbench/up\n");
	printf("B17.hit_ns %.1f\nB17.records %.2f\n", on - off, records);
}

int main(void)
{
	char old_kb[32];

	pin_cpu0();
	if (!has("kprobe_events") && !has("uprobe_events"))
		return 0;
	put("tracing_on", "0");
	big_buffer(old_kb);
	bench_kprobe();
	bench_uprobe();
	put("trace", "\n");
	put("buffer_size_kb", old_kb);
	put("tracing_on", "1");
	return 0;
}
