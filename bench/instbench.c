// SPDX-License-Identifier: GPL-2.0
/*
 * B15 workloads: instances, where the kernel has instances/.
 *
 *   B15.mkdir_ms    ms per mkdir of an instance (default buffer size), the
 *                   median of INST_N makes
 *   B15.rmdir_ms    ms per rmdir of one, the median of INST_N removals
 *   B15.ready_ms    ms per mkdir of one and its first event enabled and
 *                   disabled again (sched_switch): the instance made and
 *                   its buffer in use, the median of INST_N
 *   B15.memory_kb   KB of free memory one idle instance takes, over INST_N
 *                   instances made at once (caches dropped before and
 *                   after). Free memory is MemFree plus the pages on the
 *                   per-CPU free lists (/proc/zoneinfo's pagesets), which
 *                   MemFree leaves out: they hold megabytes that come
 *                   and go with the allocations, as noise.
 *
 * Pinned to CPU 0. Prints "metric value" lines.
 */
#include "bench.h"

#include <stdio.h>
#include <sys/stat.h>

#define INST_N	16

static long memfree_kb(void)
{
	char line[128];
	long kb = -1, pages;
	FILE *f;

	sync();
	f = fopen("/proc/sys/vm/drop_caches", "w");
	if (f) {
		fputs("3\n", f);
		fclose(f);
	}
	f = fopen("/proc/meminfo", "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "MemFree: %ld kB", &kb) == 1)
			break;
	fclose(f);
	/* The per-CPU lists' pages: "count: N" under each zone's pagesets. */
	f = fopen("/proc/zoneinfo", "r");
	if (!f)
		return kb;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, " count: %ld", &pages) == 1)
			kb += pages * (sysconf(_SC_PAGESIZE) / 1024);
	fclose(f);
	return kb;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
	qsort(v, n, sizeof(*v), cmp_double);
	return v[n / 2];
}

/* mkdir (or with @rm, rmdir) instance bench<@i>: the ms it took. */
static double inst_op(int i, int rm)
{
	char name[64];
	double t;

	snprintf(name, sizeof(name), T "instances/bench%d", i);
	t = now_ns();
	if (rm ? rmdir(name) : mkdir(name, 0755)) {
		perror(name);
		exit(1);
	}
	return (now_ns() - t) / 1e6;
}

int main(void)
{
	double mk[INST_N], rm[INST_N], rd[INST_N], t;
	char name[64];
	long before, after;
	int i;

	if (access(T "instances", F_OK))
		return 0;
	pin_cpu0();
	/* One warm-up, for the caches a first instance fills. */
	if (mkdir(T "instances/bench_warm", 0755) ||
	    rmdir(T "instances/bench_warm")) {
		perror("instances/bench_warm");
		return 1;
	}
	before = memfree_kb();
	for (i = 0; i < INST_N; i++)
		mk[i] = inst_op(i, 0);
	after = memfree_kb();
	for (i = 0; i < INST_N; i++)
		rm[i] = inst_op(i, 1);
	for (i = 0; i < INST_N; i++) {
		t = now_ns();
		inst_op(i, 0);
		snprintf(name, sizeof(name),
			 "instances/bench%d/events/sched/sched_switch/enable", i);
		put(name, "1");
		put(name, "0");
		rd[i] = (now_ns() - t) / 1e6;
		inst_op(i, 1);
	}
	printf("B15.mkdir_ms %.2f\nB15.rmdir_ms %.2f\nB15.ready_ms %.2f\n",
	       median(mk, INST_N), median(rm, INST_N), median(rd, INST_N));
	if (before > 0 && after > 0)
		printf("B15.memory_kb %ld\n", (before - after) / INST_N);
	return 0;
}
