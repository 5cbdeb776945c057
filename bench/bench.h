/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Helpers shared by the guest workloads of make bench: the clock, pinning
 * to CPU 0, the best-of-N getppid() loop, and tracefs access.
 */
#ifndef BENCH_H
#define BENCH_H

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

#define T "/sys/kernel/tracing/"

/* Write @val to tracefs file @f; exits on failure. Returns the ns taken. */
static inline double put(const char *f, const char *val)
{
	char path[256];
	double t0;
	int fd;

	snprintf(path, sizeof(path), T "%s", f);
	fd = open(path, O_WRONLY | O_TRUNC);
	if (fd < 0) {
		perror(path);
		exit(1);
	}
	t0 = now_ns();
	if (write(fd, val, strlen(val)) != (ssize_t)strlen(val)) {
		fprintf(stderr, "%s <- %s: %s\n", path, val, strerror(errno));
		exit(1);
	}
	close(fd);
	return now_ns() - t0;
}

/* A number after @key in tracefs file @f (e.g. "entries: 12"). */
static inline long field(const char *f, const char *key)
{
	char path[256], line[256];
	long v = -1;
	FILE *fp;

	snprintf(path, sizeof(path), T "%s", f);
	fp = fopen(path, "r");
	if (!fp) {
		perror(path);
		exit(1);
	}
	while (fgets(line, sizeof(line), fp))
		if (!strncmp(line, key, strlen(key)))
			v = atol(line + strlen(key));
	fclose(fp);
	return v;
}

static inline long cpu0_lost(void)
{
	return field("per_cpu/cpu0/stats", "overrun: ");
}

static inline long cpu0_written(void)
{
	return field("per_cpu/cpu0/stats", "entries: ") +
	       field("per_cpu/cpu0/stats", "overrun: ");
}

/* Make the buffer 16 MiB and empty it; @old_kb keeps its size. */
static inline void big_buffer(char old_kb[32])
{
	FILE *fp = fopen(T "buffer_size_kb", "r");

	if (!fp || !fgets(old_kb, 32, fp)) {
		perror("buffer_size_kb");
		exit(1);
	}
	fclose(fp);
	put("buffer_size_kb", "16384");
	put("trace", "\n");
}

/*
 * getppid() with tracing on, in a buffer big enough to lose nothing: the
 * buffer is made 16 MiB and emptied, and given its size back after.
 * Returns the best ns per getppid of @loops loops of @calls calls; sets
 * @records to the records CPU 0 wrote per getppid, @lost to those lost.
 */
static inline double traced_getppid(long calls, int loops, double *records,
				    long *lost)
{
	char old_kb[32];
	long before;
	double ns;

	big_buffer(old_kb);
	before = cpu0_written();
	*lost = cpu0_lost();
	put("tracing_on", "1");
	ns = best_getppid(calls, loops);
	put("tracing_on", "0");
	*records = (double)(cpu0_written() - before) / ((double)calls * loops);
	*lost = cpu0_lost() - *lost;
	put("buffer_size_kb", old_kb);
	return ns;
}

#endif
