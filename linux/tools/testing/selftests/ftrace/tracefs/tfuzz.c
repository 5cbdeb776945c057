// SPDX-License-Identifier: GPL-2.0
/*
 * tfuzz: write a grammar-driven mix of good and bad input to every
 * writable tracefs file, and check what each file reads back.
 *
 *   tfuzz [-n WRITES] [-s SEED] [-f SUBSTRING] [-p K/M] [-v]
 *
 * The files: the top directory's, options/ and per_cpu/cpu0/, those of an
 * instance made for the run (instances/tfuzz, with its options/ and
 * per_cpu/cpu0/), and in events/ the top enable, each system's enable and
 * filter, the enable, filter and trigger of one event of each system, and
 * ftrace/print's trigger (at the top and in the instance).
 * -f keeps the files whose path holds SUBSTRING. -p K/M keeps every M-th
 * file of the list from the K-th (K from 0): M runs, one for each K, on M
 * machines fuzz every file once, each as the whole run does.
 *
 * Each file gets WRITES writes (default 10000): valid input for it (from
 * its kind: numbers, booleans, names read from tracefs, function lists,
 * pid lists, filters built from the event's fields, triggers), mutations
 * of valid input, boundary numbers, empty, huge, NUL and non-UTF-8 bytes,
 * and writes split across write() calls of one open. The sequence of a
 * file depends only on SEED and the file's path: -f reproduces it.
 *
 * After every write that failed (each write() of the open failed), the
 * file must read back exactly as before: otherwise it is counted as
 * changed-on-reject, and the seed, the file, the write's number and its
 * bytes are printed. After a write that succeeded, a file of one value
 * (a boolean, a number, a size, a CPU mask, a tracer, a clock) or a pid
 * list must read back in its normal form, and a number, size or mask so
 * read must write back unchanged; each that does not is printed and
 * counted too. Files whose content moves by itself (trace, the
 * snapshot, error_log, the write-only ones) are written but not compared.
 * A taint of the kernel that appears while a file is fuzzed (an oops, a
 * WARN) counts as a crash of that file.
 *
 * Between files the tracing state is put back: nop tracer, no events,
 * tracing on, filters and triggers emptied.
 *
 * Prints one last line: "N writes, N files, N crashes, N changed-on-reject",
 * after a line "N read back out of normal form" when there were any.
 * Exit status: 0 when every count is 0, 1 otherwise, 2 on bad usage.
 *
 * This file is the runner and its checks; tfuzz.h says what the others
 * hold.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>

#include "tfuzz.h"

/*
 * Whether @s[@i] is a digit the file may change by itself: any digit of a
 * trigger file, the count of a function command ("count=N").
 */
static int volatile_digit(const struct file *f, const char *s, ssize_t i)
{
	if (s[i] < '0' || s[i] > '9')
		return 0;
	if (f->kind == K_TRIGGER)
		return 1;
	while (i > 0 && s[i - 1] >= '0' && s[i - 1] <= '9')
		i--;
	return i >= 6 && !memcmp(s + i - 6, "count=", 6);
}

/* Whether @s (@n bytes left) begins with a hist trigger's state. */
static int hist_state(const char *s, ssize_t n)
{
	return n >= 8 && (!memcmp(s, "[active]", 8) || !memcmp(s, "[paused]", 8));
}

/*
 * Whether a file reads the same. A trigger's count goes down as it fires,
 * and its event fires whenever it likes; so does a function command's
 * count (set_ftrace_filter): those digits are left out. A hist trigger
 * is paused or resumed by the enable_hist/disable_hist triggers firing:
 * its state is left out too.
 */
static int same(const struct file *f, const char *a, ssize_t la,
		const char *b, ssize_t lb)
{
	ssize_t i = 0, j = 0;

	if (f->kind != K_TRIGGER && f->kind != K_FUNCS)
		return la == lb && !memcmp(a, b, la > 0 ? la : 0);
	for (;;) {
		while (i < la && volatile_digit(f, a, i))
			i++;
		while (j < lb && volatile_digit(f, b, j))
			j++;
		if (f->kind == K_TRIGGER && hist_state(a + i, la - i) &&
		    hist_state(b + j, lb - j)) {
			i += 8;
			j += 8;
			continue;
		}
		if (i >= la || j >= lb)
			return i >= la && j >= lb;
		if (a[i++] != b[j++])
			return 0;
	}
}

/* Whether each of the @n bytes at @s is one of @set. */
static int all_of(const char *s, ssize_t n, const char *set)
{
	while (n-- > 0)
		if (!strchr(set, *s++))
			return 0;
	return 1;
}

/*
 * Whether what @f reads after a write that succeeded is judged: it holds
 * one value (a boolean to a clock) or a pid list, and does not move by
 * itself.
 */
static int judged(const struct file *f)
{
	return f->compare && (f->kind == K_PIDS ||
			      (f->kind > K_ANY && f->kind < K_OPTIONS) ||
			      (f->kind >= K_BLKENABLE && f->kind < K_BLKIOCTL));
}

/*
 * Whether @s (@n bytes, read back after a write that succeeded) is in the
 * normal form of @f's kind (judged()): one value and a newline, or a pid
 * a line ("no pid" for none in set_ftrace_pid and set_ftrace_notrace_pid).
 */
static int normal_form(const struct file *f, const char *s, ssize_t n)
{
	const char *digits = "0123456789", *open;
	int i;

	if (f->kind >= K_BLKENABLE)
		return blk_normal_form(f, s, n);
	if (f->kind == K_PIDS)
		return (n == 7 && !memcmp(s, "no pid\n", 7)) ||
		       (n >= 0 && all_of(s, n, "0123456789\n") &&
			(!n || s[n - 1] == '\n'));
	if (n < 2 || s[n - 1] != '\n')
		return 0;
	switch (f->kind) {
	case K_BOOL:	/* events' enable: X when mixed, * in soft mode */
		return strchr("01X", s[0]) &&
		       (n == 2 || (n == 3 && s[1] == '*'));
	case K_NUM:
		return all_of(s, n - 1, digits);
	case K_SIZE:
		return (n == 2 && s[0] == 'X') || all_of(s, n - 1, digits);
	case K_CPUMASK:
		return all_of(s, n - 1, "0123456789abcdef,");
	case K_TRACER:
		for (i = 0; i < nr_tracers; i++)
			if ((ssize_t)strlen(tracers[i]) == n - 1 &&
			    !memcmp(s, tracers[i], n - 1))
				return 1;
		return 0;
	case K_CLOCK:	/* the clocks, the one in use bracketed */
		open = memchr(s, '[', n);
		return open && open == memrchr(s, '[', n) &&
		       memchr(open, ']', n - (open - s)) &&
		       memchr(s, ']', n) == memrchr(s, ']', n);
	default:
		return 1;
	}
}

/*
 * Whether @f, reading @s (@n bytes, in normal form), reads the same
 * after @s is written back to it: for a number, a size and a mask (a
 * CPU mask, act_mask).
 */
static int writes_back(const struct file *f, const char *s, ssize_t n)
{
	static char again[READ_MAX];
	ssize_t m;

	if ((f->kind != K_NUM && f->kind != K_SIZE && f->kind != K_CPUMASK &&
	     f->kind != K_BLKMASK && f->kind != K_BLKPID &&
	     f->kind != K_BLKLBA) ||
	    (n == 2 && s[0] == 'X'))
		return 1;
	if (put(f->path, s, n, O_TRUNC))
		return 0;
	m = slurp(f->path, again, sizeof(again));
	return m == n && !memcmp(s, again, n);
}

#define TAINTED	"/proc/sys/kernel/tainted"

static long taint_now(void)
{
	char buf[32];

	if (slurp(TAINTED, buf, sizeof(buf)) <= 0)
		return 0;
	return atol(buf);
}

/* @n writes to @f, each checked; its failures counted in @c. */
static void fuzz_file(const struct file *f, unsigned long long n,
		      unsigned long long seed, struct counts *c)
{
	static char before[READ_MAX], after[READ_MAX], in[INPUT_MAX];
	unsigned long long w;
	/*
	 * What the file reads now, kept while writes fail: a rejected
	 * write is checked to leave it so, and only a write that was
	 * taken (or a rejected one that changed it) reads it again.
	 */
	ssize_t lb = 0;
	int have_before = 0;
	int blk = f->kind >= K_BLKENABLE;

	for (w = 0; w < n; w++) {
		size_t len = input(f, in), cut;
		int flags = below(4) ? O_TRUNC : O_APPEND;
		int fd, failed = 1, split = len > 1 && !below(8);
		ssize_t la;

		/* The blk tracer's side: its tracer, options, trace. */
		if (blk)
			blk_side();
		if (f->compare && !have_before) {
			lb = slurp(f->path, before, sizeof(before));
			have_before = 1;
		}
		fd = open(f->path, O_WRONLY | flags);
		if (fd < 0)
			continue;
		/*
		 * A definitions file empties at an O_TRUNC open, as a
		 * regular file does, and a trigger file drops its hist
		 * triggers: the write is judged after it.
		 */
		if (f->compare && (flags & O_TRUNC) &&
		    (f->kind == K_DEFS || f->kind == K_TRIGGER))
			lb = slurp(f->path, before, sizeof(before));
		c->writes++;
		cut = split ? 1 + below(len - 1) : len;
		if (write(fd, in, cut) >= 0)
			failed = 0;
		if (split && write(fd, in + cut, len - cut) >= 0)
			failed = 0;
		close(fd);
		if (!failed)
			have_before = 0;
		/* sysfs takes an empty write without the file's store. */
		if (!failed && judged(f) && (len || !blk)) {
			la = slurp(f->path, after, sizeof(after));
			if (normal_form(f, after, la) &&
			    writes_back(f, after, la))
				continue;
			c->abnormal++;
			fprintf(stderr,
				"tfuzz: not in normal form after a write: seed %llu, %s, write %llu\n",
				seed, f->path, w);
			dump("wrote", in, len);
			dump("read", after, la > 0 ? la : 0);
			continue;
		}
		if (!failed || !f->compare)
			continue;
		la = slurp(f->path, after, sizeof(after));
		if (same(f, before, lb, after, la))
			continue;
		have_before = 0;
		c->changed++;
		fprintf(stderr,
			"tfuzz: changed on reject: seed %llu, %s, write %llu (%s%s)\n",
			seed, f->path, w,
			flags & O_TRUNC ? "O_TRUNC" : "O_APPEND",
			split ? ", split" : "");
		dump("wrote", in, len);
		dump_change(before, lb > 0 ? lb : 0, after,
			    la > 0 ? la : 0);
	}
}

int main(int argc, char **argv)
{
	unsigned long long per_file = 10000, seed = 1;
	struct counts c = { 0 };
	const char *only = NULL;
	unsigned int part = 0, parts = 1;
	int opt, i, fuzzed = 0;

	while ((opt = getopt(argc, argv, "n:s:f:p:v")) != -1) {
		switch (opt) {
		case 'n':
			per_file = strtoull(optarg, NULL, 0);
			break;
		case 's':
			seed = strtoull(optarg, NULL, 0);
			break;
		case 'f':
			only = optarg;
			break;
		case 'p':
			if (sscanf(optarg, "%u/%u", &part, &parts) != 2 ||
			    !parts || part >= parts) {
				fprintf(stderr, "tfuzz: -p wants K/M, K < M\n");
				return 2;
			}
			break;
		case 'v':
			verbose = 1;
			break;
		default:
			fprintf(stderr,
				"usage: tfuzz [-n WRITES] [-s SEED] [-f SUBSTRING] [-p K/M] [-v]\n");
			return 2;
		}
	}
	if (chdir(TRACEFS)) {
		perror(TRACEFS);
		return 2;
	}
	rmdir(INST);
	if (mkdir(INST, 0755)) {
		perror(INST);
		return 2;
	}
	seed_rng(seed);
	load_words();
	load_exe();
	add_dir(".", NULL);
	add_dir("options", NULL);
	add_dir("per_cpu/cpu0", NULL);
	add_dir("hwlat_detector", NULL);
	add_dir("osnoise", NULL);
	add_dir(INST, NULL);
	add_dir(INST "/options", NULL);
	add_dir(INST "/per_cpu/cpu0", NULL);
	add_events("events");
	/* trace_marker's records: a trigger file of its own in ftrace/. */
	add_file("events/ftrace/print/trigger", "events/ftrace/print");
	add_file(INST "/events/ftrace/print/trigger", INST "/events/ftrace/print");
	add_file(INST "/events/enable", NULL);
	add_file(INST "/events/sched/enable", NULL);
	add_file(INST "/events/sched/filter", INST "/events/sched");
	add_file(INST "/events/sched/sched_switch/enable", NULL);
	add_file(INST "/events/sched/sched_switch/filter",
		 INST "/events/sched/sched_switch");
	add_file(INST "/events/sched/sched_switch/trigger",
		 INST "/events/sched/sched_switch");
	/* Last: the others keep their places for -p. */
	blk_add_files();
	reset(NULL);

	for (i = 0; i < nr_files; i++) {
		struct file *f = &files[i];
		struct timespec t0, t1;
		long taint = taint_now();

		if ((only && !strstr(f->path, only)) || i % parts != part)
			continue;
		fuzzed++;
		seed_rng(seed ^ hash(f->path));
		clock_gettime(CLOCK_MONOTONIC, &t0);
		/* Block I/O runs while the blk tracer's entries are fuzzed. */
		if (f->kind >= K_BLKENABLE)
			blk_io_start();
		if (f->kind == K_BLKIOCTL)
			blk_ioctl_fuzz(f, per_file, seed, &c);
		else
			fuzz_file(f, per_file, seed, &c);
		if (taint_now() != taint) {
			c.crashes++;
			fprintf(stderr,
				"tfuzz: the kernel was tainted while %s was fuzzed (seed %llu)\n",
				f->path, seed);
		}
		reset(f);
		clock_gettime(CLOCK_MONOTONIC, &t1);
		if (verbose)
			fprintf(stderr, "tfuzz: %s: %.0f ms\n", f->path,
				(t1.tv_sec - t0.tv_sec) * 1e3 +
				(t1.tv_nsec - t0.tv_nsec) / 1e6);
	}
	blk_cleanup();
	rmdir(INST);
	if (c.ioctls)
		printf("%llu BLKTRACE ioctls, %llu rejected\n", c.ioctls,
		       c.ioctls_rejected);
	if (c.abnormal)
		printf("%llu read back out of normal form\n", c.abnormal);
	printf("%llu writes, %d files, %llu crashes, %llu changed-on-reject\n",
	       c.writes, fuzzed, c.crashes, c.changed);
	return c.crashes || c.changed || c.abnormal;
}
