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
#include <sys/wait.h>
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

/* getppid() calls each loop makes before its timed calls. */
#define WARM_CALLS 1000

/*
 * The idle-cost rows (B1, B3, B4.getppid, B9) compare kernels by the best
 * of this many loops of this many calls, the same on every side: a best
 * of more loops would be lower for that alone.
 */
#define IDLE_CALLS 50000
#define IDLE_LOOPS 20

/*
 * Pause before each loop of getppid_loops(), in us. The host's load comes
 * in bursts of a second or two that slow the guest by up to 2x, with
 * quieter stretches of a few hundred ms between them; loops spread over
 * a few seconds give the best of them a chance to fall in a quiet one.
 */
#define LOOP_GAP_US 150000

/* What one loop of getppid_loops() measured. */
struct getppid_loop {
	double ns;		/* per call */
	double records;		/* records CPU 0 wrote per call, if traced */
};

/*
 * One loop of getppid_loops(), in a child: warm up, time @calls calls
 * (with tracing_on raised around them if @traced), send the result down
 * @res, then wait on @hold until the parent has run every loop.
 */
static inline void getppid_child(long calls, int traced, int res, int hold)
{
	struct getppid_loop r = { 0 };
	long before = 0;
	double t0;
	char c;

	for (long i = 0; i < WARM_CALLS; i++)
		syscall(SYS_getppid);
	if (traced) {
		before = cpu0_written();
		put("tracing_on", "1");
	}
	t0 = now_ns();
	for (long i = 0; i < calls; i++)
		syscall(SYS_getppid);
	r.ns = (now_ns() - t0) / calls;
	if (traced) {
		put("tracing_on", "0");
		r.records = (double)(cpu0_written() - before) / calls;
	}
	if (write(res, &r, sizeof(r)) != sizeof(r))
		_exit(1);
	while (read(hold, &c, 1) > 0)
		;
	_exit(0);
}

/*
 * ns per getppid(), the best of @loops loops of @calls calls, each loop
 * run by a new child process (on the caller's CPU) after WARM_CALLS
 * untimed calls, LOOP_GAP_US apart. With @records, tracing is raised
 * around each timed loop, and *@records gets the records per call,
 * averaged over loops.
 *
 * Under TCG the emulated TLB is direct-mapped: when the page of the
 * task's kernel stack or task_struct falls on the same slot as a hot
 * per-CPU or kernel page, every call takes several slow-path lookups and
 * a loop runs 10-40% slower. Where those pages land changes from boot to
 * boot (bench/tbprof, tlb=). Each child keeps its task_struct and stack
 * until all loops have run, so the loops sit at different places and the
 * best of them is free of such clashes, for every kernel alike.
 */
static inline double getppid_loops(long calls, int loops, double *records)
{
	double best = 1e30, sum = 0;
	struct getppid_loop r;
	int res[2], hold[2];

	if (pipe(res) || pipe(hold)) {
		perror("pipe");
		exit(1);
	}
	for (int l = 0; l < loops; l++) {
		pid_t pid;

		usleep(LOOP_GAP_US);
		pid = fork();

		if (pid < 0) {
			perror("fork");
			exit(1);
		}
		if (pid == 0) {
			close(res[0]);
			close(hold[1]);
			getppid_child(calls, !!records, res[1], hold[0]);
		}
		if (read(res[0], &r, sizeof(r)) != sizeof(r)) {
			fprintf(stderr, "getppid loop failed\n");
			exit(1);
		}
		best = r.ns < best ? r.ns : best;
		sum += r.records;
	}
	close(hold[1]);
	close(hold[0]);
	close(res[0]);
	close(res[1]);
	while (wait(NULL) > 0)
		;
	if (records)
		*records = sum / loops;
	return best;
}

/* ns per getppid(), the best of @loops loops (see getppid_loops()). */
static inline double best_getppid(long calls, int loops)
{
	return getppid_loops(calls, loops, NULL);
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
	double ns;

	big_buffer(old_kb);
	*lost = cpu0_lost();
	ns = getppid_loops(calls, loops, records);
	*lost = cpu0_lost() - *lost;
	put("buffer_size_kb", old_kb);
	return ns;
}

/*
 * ns per round trip, the best of @loops loops of @trips. A round trip: the
 * parent writes a byte into a pipe, the child (on the same CPU, 0, when
 * the caller is pinned there) reads it and writes one back, the parent
 * reads it: two wakeups and two switches.
 */
static inline double pingpong(long trips, int loops)
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

/*
 * The file offset of @fn in this binary, from the mapping that holds it
 * (for a uprobe on it); the binary's path in @exe. 0 when not found.
 */
static inline unsigned long file_offset_of(void *fn, char *exe, size_t size)
{
	unsigned long addr = (unsigned long)fn;
	unsigned long start, end, off;
	char line[512], path[256];
	FILE *fp;
	ssize_t n;

	n = readlink("/proc/self/exe", exe, size - 1);
	if (n <= 0)
		return 0;
	exe[n] = '\0';
	fp = fopen("/proc/self/maps", "r");
	if (!fp)
		return 0;
	while (fgets(line, sizeof(line), fp)) {
		if (sscanf(line, "%lx-%lx %*s %lx %*s %*s %255s", &start, &end,
			   &off, path) != 4)
			continue;
		if (addr >= start && addr < end && !strcmp(path, exe)) {
			fclose(fp);
			return addr - start + off;
		}
	}
	fclose(fp);
	return 0;
}

#endif
