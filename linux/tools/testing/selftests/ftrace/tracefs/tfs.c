// SPDX-License-Identifier: GPL-2.0
/*
 * tfs: the system calls the tracefs tests need and the shell cannot make.
 *
 *   tfs write FILE TEXT        one write() of TEXT (no newline added)
 *   tfs read-nonblock FILE     one read() with O_NONBLOCK
 *   tfs splice FILE LEN        one splice() of up to LEN bytes into a pipe,
 *                              non-blocking; what reached the pipe goes to
 *                              stderr
 *   tfs poll FILE MSECS        poll() for POLLIN
 *   tfs rawwait FILE MSECS HOW a trace_pipe_raw reader for MSECS, one
 *                              sub-buffer a call: HOW is poll (poll(), then
 *                              non-blocking reads until EAGAIN), read or
 *                              splice
 *                              (blocking; SIGALRM ends them at MSECS).
 *                              Prints "calls C waits W pages P partial Q
 *                              first F took T end E": the calls that got
 *                              data, those that slept first (20 ms or
 *                              more), the pages got, those less than half
 *                              full, when the first came (ms, -1: never),
 *                              how long it all took, and how it ended
 *                              (time, eof, or an errno)
 *   tfs inotify-wait FILE MSECS
 *                              wait up to MSECS for an inotify IN_MODIFY
 *                              event of FILE
 *   tfs stress N               N markers per CPU, written by a task pinned
 *                              to each CPU (and N from hard and N from soft
 *                              interrupts, when the kernel has
 *                              /sys/kernel/debug/trace_stress), while
 *                              trace_pipe and every trace_pipe_raw are read
 *                              at once; then checks that each record was
 *                              read once and intact, or counted lost
 *   tfs spin CPU MSECS [fifo]  on CPU alone (SCHED_FIFO 50 with fifo), run
 *                              MSECS ms without sleeping
 *   tfs tlat CPU ON N          affined to CPU ON alone, open
 *                              osnoise/per_cpu/cpuCPU/timerlat_fd and read()
 *                              it N times, each returning 0
 *   tfs blkioctl DEV OP [SIZE NR [MASK START END PID]]
 *                              one BLKTRACE ioctl on block device DEV: OP
 *                              is setup (prints the name the kernel gives
 *                              after "ok"), start, stop or teardown; or
 *                              "seq", a setup, start, stop and teardown
 *                              in turn, each printing its result
 *
 * Each prints one line: "ok N" (bytes written or read; the data read goes
 * to stderr) for write and read, "POLLIN" or "timeout" for poll,
 * "IN_MODIFY" or "timeout" for inotify-wait, or the
 * errno name (EINVAL, EAGAIN, ...) of a failure. Exit status: 0 on
 * success, 1 on a failed call, 2 on bad usage.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <signal.h>
#include <sys/inotify.h>
#include <sys/ioctl.h>
#include <linux/blktrace_api.h>
#include <linux/fs.h>
#include <sys/mman.h>
#include <sys/time.h>
#include <sys/wait.h>

static int report_errno(void)
{
	const char *name = strerrorname_np(errno);

	printf("%s\n", name ? name : "E?");
	return 1;
}

static int do_write(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY);
	ssize_t n;

	if (fd < 0)
		return report_errno();
	n = write(fd, text, strlen(text));
	if (n < 0)
		return report_errno();
	printf("ok %zd\n", n);
	return 0;
}

static int do_read_nonblock(const char *path)
{
	static char buf[1 << 20];
	int fd = open(path, O_RDONLY | O_NONBLOCK);
	ssize_t n;

	if (fd < 0)
		return report_errno();
	n = read(fd, buf, sizeof(buf));
	if (n < 0)
		return report_errno();
	fwrite(buf, 1, n, stderr);
	printf("ok %zd\n", n);
	return 0;
}

static int do_splice(const char *path, size_t len)
{
	static char buf[1 << 20];
	int fd = open(path, O_RDONLY | O_NONBLOCK), p[2];
	ssize_t n, got, total = 0;

	if (fd < 0 || pipe(p))
		return report_errno();
	/* Room for a few of the largest sub-buffers (512 KiB). */
	fcntl(p[1], F_SETPIPE_SZ, 4 << 20);
	n = splice(fd, NULL, p[1], NULL, len, SPLICE_F_NONBLOCK);
	if (n < 0)
		return report_errno();
	close(p[1]);
	while ((got = read(p[0], buf, sizeof(buf))) > 0) {
		fwrite(buf, 1, got, stderr);
		total += got;
	}
	if (total != n) {
		fprintf(stderr, "splice moved %zd bytes, the pipe held %zd\n",
			n, total);
		return 1;
	}
	printf("ok %zd\n", n);
	return 0;
}

static int do_poll(const char *path, int msecs)
{
	struct pollfd p = { .events = POLLIN };
	int n;

	p.fd = open(path, O_RDONLY | O_NONBLOCK);
	if (p.fd < 0)
		return report_errno();
	n = poll(&p, 1, msecs);
	if (n < 0)
		return report_errno();
	printf("%s\n", n && (p.revents & POLLIN) ? "POLLIN" : "timeout");
	return 0;
}

/* rawwait: see the top of the file. */

static void on_alarm(int sig)
{
}

/* SIGALRM in @msecs (0: none). */
static void arm_alarm(long msecs)
{
	struct itimerval it = {
		.it_value = { .tv_sec = msecs / 1000,
			      .tv_usec = msecs % 1000 * 1000 },
	};

	setitimer(ITIMER_REAL, &it, NULL);
}

static long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Pages of trace_pipe_raw in @buf: count them, and the half-empty ones. */
static void count_pages(const char *buf, ssize_t n, long *pages, long *partial)
{
	long page = sysconf(_SC_PAGESIZE);
	ssize_t off;

	for (off = 0; off + page <= n; off += page) {
		uint64_t commit;

		memcpy(&commit, buf + off + 8, sizeof(commit));
		(*pages)++;
		if ((commit & ((1U << 27) - 1)) < (page - 16) / 2)
			(*partial)++;
	}
}

static int do_rawwait(const char *path, int msecs, const char *how)
{
	static char buf[1 << 16];
	struct sigaction sa = { .sa_handler = on_alarm };
	long start = now_ms(), end = start + msecs, first = -1, t;
	long calls = 0, waits = 0, pages = 0, partial = 0;
	const char *why = "time";
	int poll_mode = !strcmp(how, "poll");
	int splice_mode = !strcmp(how, "splice");
	long page = sysconf(_SC_PAGESIZE);
	int fd, p[2];
	ssize_t n;

	if (!poll_mode && !splice_mode && strcmp(how, "read"))
		return 2;
	fd = open(path, O_RDONLY | (poll_mode ? O_NONBLOCK : 0));
	if (fd < 0 || pipe(p))
		return report_errno();
	/* No SA_RESTART: the alarm ends a blocked read() or splice(). */
	sigaction(SIGALRM, &sa, NULL);
	while ((t = now_ms()) < end) {
		if (poll_mode) {
			struct pollfd pf = { .fd = fd, .events = POLLIN };

			n = poll(&pf, 1, end - t);
			if (n <= 0)
				continue;
			/* Then all there is, as trace-cmd takes it. */
			waits += now_ms() - t >= 20;
			while ((n = read(fd, buf, page)) > 0) {
				calls++;
				if (first < 0)
					first = now_ms() - start;
				count_pages(buf, n, &pages, &partial);
			}
			if (n < 0 && errno == EAGAIN)
				continue;
		} else {
			arm_alarm(end - t + 1);
			if (splice_mode)
				n = splice(fd, NULL, p[1], NULL, page, 0);
			else
				n = read(fd, buf, page);
			arm_alarm(0);
			if (n > 0 && splice_mode)
				n = read(p[0], buf, n);
		}
		if (n < 0 && (errno == EINTR || errno == EAGAIN))
			continue;
		if (n <= 0) {
			why = n ? strerrorname_np(errno) : "eof";
			break;
		}
		calls++;
		/* A call that took this long slept before data came. */
		if (now_ms() - t >= 20)
			waits++;
		if (first < 0)
			first = now_ms() - start;
		count_pages(buf, n, &pages, &partial);
	}
	printf("calls %ld waits %ld pages %ld partial %ld first %ld took %ld end %s\n",
	       calls, waits, pages, partial, first, now_ms() - start, why);
	return 0;
}

/* stress: see the top of the file. */

#define MAX_CPUS	64
#define PAGE		4096

#define KSTRESS		"/sys/kernel/debug/trace_stress"
#define NCTX		3		/* task, hardirq, softirq */

struct stress {
	int ncpu;
	int nctx;			/* 1, or NCTX with kernel writers */
	long n;				/* markers per CPU */
	int stop;			/* writers done and tracing off */
	long written[MAX_CPUS];		/* writes that succeeded */
	long failed[MAX_CPUS];		/* writes refused (dropped, counted) */
	long bad;			/* corrupted records */
	long pipe_read, raw_read;
	unsigned char seen[];		/* [(ctx * ncpu + cpu) * n + seq] */
};

static struct stress *st;

/*
 * Account one record text "@@<ctx><cpu> <seq>\n", ctx being U (task), H
 * (hardirq) or B (softirq); anything else is corrupt.
 */
static void stress_seen(const char *text, size_t len)
{
	const char *ctxs = "UHB", *p;
	int cpu, used = 0, ctx = -1;
	char c = 0;
	long seq;

	if (sscanf(text, "@@%c%d %ld\n%n", &c, &cpu, &seq, &used) == 3) {
		p = strchr(ctxs, c);
		ctx = c && p ? p - ctxs : -1;
	}
	if (ctx < 0 || ctx >= st->nctx || (size_t)used != len || cpu < 0 ||
	    cpu >= st->ncpu || seq < 0 || seq >= st->n) {
		fprintf(stderr, "corrupt record: '%.*s'\n", (int)len, text);
		__atomic_fetch_add(&st->bad, 1, __ATOMIC_RELAXED);
		return;
	}
	__atomic_fetch_add(&st->seen[(ctx * st->ncpu + cpu) * st->n + seq], 1,
			   __ATOMIC_RELAXED);
}

static void stress_writer(int cpu)
{
	int fd = open("trace_marker", O_WRONLY);
	cpu_set_t set;
	char buf[64];
	long i;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (fd < 0 || sched_setaffinity(0, sizeof(set), &set))
		_exit(3);
	for (i = 0; i < st->n; i++) {
		int len = snprintf(buf, sizeof(buf), "@@U%d %ld\n", cpu, i);

		if (write(fd, buf, len) == len)
			st->written[cpu]++;
		else
			st->failed[cpu]++;
	}
	_exit(0);
}

/* Read until the writers are done and the file is dry. */
static int stress_read(int fd, char *buf, size_t size)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };
	int dry = 0;
	ssize_t n;

	for (;;) {
		n = read(fd, buf, size);
		if (n > 0)
			return n;
		if (n < 0 && errno != EAGAIN)
			return -1;
		if (__atomic_load_n(&st->stop, __ATOMIC_ACQUIRE) && ++dry > 3)
			return 0;
		poll(&p, 1, 20);
	}
}

static void stress_pipe_reader(void)
{
	static char buf[65536], line[8192];
	const char *tag = "@@";
	size_t ll = 0;
	int fd = open("trace_pipe", O_RDONLY | O_NONBLOCK);
	ssize_t n, i;

	if (fd < 0)
		_exit(3);
	while ((n = stress_read(fd, buf, sizeof(buf))) > 0) {
		for (i = 0; i < n; i++) {
			char *t;

			if (ll < sizeof(line) - 1)
				line[ll++] = buf[i];
			if (buf[i] != '\n')
				continue;
			line[ll] = 0;
			t = strstr(line, tag);
			if (t) {
				stress_seen(t, line + ll - t);
				st->pipe_read++;
			} else if (!strstr(line, "LOST")) {
				fprintf(stderr, "unexpected line: %s", line);
				__atomic_fetch_add(&st->bad, 1, __ATOMIC_RELAXED);
			}
			ll = 0;
		}
	}
	_exit(n < 0 ? 3 : 0);
}

/* Walk a trace_pipe_raw page (compat-contract section 4). */
static void stress_page(const unsigned char *pg)
{
	uint64_t commit = *(const uint64_t *)(pg + 8) & ((1u << 27) - 1);
	const unsigned char *d = pg + 16;
	size_t off = 0;

	if (commit > PAGE - 16) {
		fprintf(stderr, "bad commit %llu\n", (unsigned long long)commit);
		__atomic_fetch_add(&st->bad, 1, __ATOMIC_RELAXED);
		return;
	}
	while (off + 4 <= commit) {
		uint32_t h = *(const uint32_t *)(d + off), type = h & 31;
		const unsigned char *rec;
		const char *text;
		size_t len, size;

		if (type >= 1 && type <= 28) {
			len = type * 4;
			rec = d + off + 4;
			size = 4 + len;
		} else if (type == 0) {
			len = *(const uint32_t *)(d + off + 4) - 4;
			rec = d + off + 8;
			size = 8 + len;
		} else {
			size = type == 29 ? 4 + *(const uint32_t *)(d + off + 4) : 8;
			off += size;
			continue;
		}
		off += size;
		/* struct trace_entry (8), ip (8), text with its NUL */
		if (len < 17 || *(const uint16_t *)rec != 5) {
			fprintf(stderr, "bad raw record at %zu\n", off);
			__atomic_fetch_add(&st->bad, 1, __ATOMIC_RELAXED);
			continue;
		}
		text = (const char *)rec + 16;
		stress_seen(text, strnlen(text, len - 16));
		__atomic_fetch_add(&st->raw_read, 1, __ATOMIC_RELAXED);
	}
}

static void stress_raw_reader(int cpu)
{
	static unsigned char page[PAGE];
	char path[64];
	int fd;
	ssize_t n;

	snprintf(path, sizeof(path), "per_cpu/cpu%d/trace_pipe_raw", cpu);
	fd = open(path, O_RDONLY | O_NONBLOCK);
	if (fd < 0)
		_exit(3);
	while ((n = stress_read(fd, (char *)page, PAGE)) > 0) {
		if (n != PAGE) {
			fprintf(stderr, "raw read of %zd bytes\n", n);
			__atomic_fetch_add(&st->bad, 1, __ATOMIC_RELAXED);
			continue;
		}
		stress_page(page);
	}
	_exit(n < 0 ? 3 : 0);
}

static long stress_stat(int cpu, const char *key)
{
	char path[64], line[128];
	long v = 0;
	FILE *f;

	snprintf(path, sizeof(path), "per_cpu/cpu%d/stats", cpu);
	f = fopen(path, "r");
	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, key, strlen(key)) && line[strlen(key)] == ':')
			v = atol(line + strlen(key) + 1);
	fclose(f);
	return v;
}

static int do_stress(long n)
{
	int ncpu = 0, cpu, status, failed = 0;
	long missing = 0, dups = 0, lost = 0, written = 0, i;
	pid_t writers[MAX_CPUS];
	char path[64];

	while (ncpu < MAX_CPUS) {
		snprintf(path, sizeof(path), "per_cpu/cpu%d", ncpu);
		if (access(path, F_OK))
			break;
		ncpu++;
	}
	st = mmap(NULL, sizeof(*st) + NCTX * ncpu * n, PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (st == MAP_FAILED)
		return report_errno();
	st->ncpu = ncpu;
	st->n = n;
	st->nctx = access(KSTRESS, W_OK) ? 1 : NCTX;
	if (!fork())
		stress_pipe_reader();
	for (cpu = 0; cpu < ncpu; cpu++)
		if (!fork())
			stress_raw_reader(cpu);
	for (cpu = 0; cpu < ncpu; cpu++) {
		writers[cpu] = fork();
		if (!writers[cpu])
			stress_writer(cpu);
	}
	if (st->nctx > 1) {
		snprintf(path, sizeof(path), "%ld", n);
		do_write(KSTRESS, path);
	}
	for (cpu = 0; cpu < ncpu; cpu++)
		waitpid(writers[cpu], &status, 0);
	/* The interrupt-context writers end on their own. */
	for (i = 0; st->nctx > 1 && i < 6000; i++) {
		FILE *f = fopen(KSTRESS, "r");
		int left = 1;

		if (f) {
			if (fscanf(f, "%d", &left) != 1)
				left = 1;
			fclose(f);
		}
		if (!left)
			break;
		usleep(10000);
	}
	do_write("tracing_on", "0");
	__atomic_store_n(&st->stop, 1, __ATOMIC_RELEASE);
	while (wait(&status) > 0)
		if (!WIFEXITED(status) || WEXITSTATUS(status))
			failed++;
	for (cpu = 0; cpu < ncpu; cpu++) {
		lost += stress_stat(cpu, "overrun") +
			stress_stat(cpu, "commit overrun") +
			stress_stat(cpu, "dropped events");
		written += st->written[cpu];
	}
	for (i = 0; i < st->nctx * ncpu * n; i++) {
		missing += !st->seen[i];
		dups += st->seen[i] > 1;
	}
	printf("contexts %d records %ld markers %ld written %ld refused %ld",
	       st->nctx, st->nctx * ncpu * n, n * ncpu, written,
	       n * ncpu - written);
	printf(" read %ld (pipe %ld, raw %ld)", st->pipe_read + st->raw_read,
	       st->pipe_read, st->raw_read);
	printf(" missing %ld lost %ld duplicated %ld corrupt %ld\n", missing,
	       lost, dups, st->bad);
	if (failed || dups || st->bad || missing != lost) {
		printf("FAIL%s\n", failed ? " (a child failed)" : "");
		return 1;
	}
	printf("ok\n");
	return 0;
}

static int do_inotify_wait(const char *path, int msecs)
{
	union {
		struct inotify_event ev;
		char buf[sizeof(struct inotify_event) + 256];
	} u;
	int fd = inotify_init1(IN_CLOEXEC);
	struct pollfd p = { .events = POLLIN };
	const struct inotify_event *ev;
	ssize_t n;

	if (fd < 0 || inotify_add_watch(fd, path, IN_MODIFY) < 0)
		return report_errno();
	p.fd = fd;
	n = poll(&p, 1, msecs);
	if (n < 0)
		return report_errno();
	if (!n) {
		printf("timeout\n");
		return 1;
	}
	n = read(fd, u.buf, sizeof(u.buf));
	if (n < (ssize_t)sizeof(*ev))
		return report_errno();
	ev = &u.ev;
	printf("%s\n", ev->mask & IN_MODIFY ? "IN_MODIFY" : "other");
	return !(ev->mask & IN_MODIFY);
}

/* Run on @cpu alone. */
static int pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set);
}

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

static int do_spin(int cpu, long ms, int fifo)
{
	struct sched_param sp = { .sched_priority = 50 };
	uint64_t end;

	if (pin(cpu))
		return report_errno();
	if (fifo && sched_setscheduler(0, SCHED_FIFO, &sp))
		return report_errno();
	end = now_ns() + ms * 1000000ULL;
	while (now_ns() < end)
		;
	printf("ok\n");
	return 0;
}

static int do_tlat(int cpu, int on, long n)
{
	char path[96], buf[64];
	long i;
	int fd;

	if (pin(on))
		return report_errno();
	snprintf(path, sizeof(path),
		 "/sys/kernel/tracing/osnoise/per_cpu/cpu%d/timerlat_fd", cpu);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return report_errno();
	for (i = 0; i < n; i++) {
		ssize_t r = read(fd, buf, sizeof(buf));

		if (r < 0)
			return report_errno();
		if (r) {
			printf("read returned %zd\n", r);
			return 1;
		}
	}
	close(fd);
	printf("ok\n");
	return 0;
}

static int blk_op(int fd, const char *op, char **arg, int nargs)
{
	struct blk_user_trace_setup b = { .buf_size = 65536, .buf_nr = 4 };
	unsigned long cmd;

	if (!strcmp(op, "setup")) {
		if (nargs >= 2) {
			b.buf_size = strtoul(arg[0], NULL, 0);
			b.buf_nr = strtoul(arg[1], NULL, 0);
		}
		if (nargs >= 6) {
			b.act_mask = strtoul(arg[2], NULL, 0);
			b.start_lba = strtoull(arg[3], NULL, 0);
			b.end_lba = strtoull(arg[4], NULL, 0);
			b.pid = strtoul(arg[5], NULL, 0);
		}
		if (ioctl(fd, BLKTRACESETUP, &b))
			return report_errno();
		printf("ok %.*s\n", (int)sizeof(b.name), b.name);
		return 0;
	}
	if (!strcmp(op, "start"))
		cmd = BLKTRACESTART;
	else if (!strcmp(op, "stop"))
		cmd = BLKTRACESTOP;
	else if (!strcmp(op, "teardown"))
		cmd = BLKTRACETEARDOWN;
	else
		return 2;
	if (ioctl(fd, cmd))
		return report_errno();
	printf("ok\n");
	return 0;
}

static int do_blkioctl(const char *dev, const char *op, char **arg, int n)
{
	static const char *const seq[] = { "setup", "start", "stop", "teardown" };
	int fd = open(dev, O_RDONLY), i, ret = 0;

	if (fd < 0)
		return report_errno();
	if (strcmp(op, "seq"))
		return blk_op(fd, op, arg, n);
	for (i = 0; i < 4; i++)
		ret |= blk_op(fd, seq[i], arg, n);
	return ret;
}

int main(int argc, char **argv)
{
	if (argc == 4 && !strcmp(argv[1], "write"))
		return do_write(argv[2], argv[3]);
	if (argc == 3 && !strcmp(argv[1], "read-nonblock"))
		return do_read_nonblock(argv[2]);
	if (argc == 4 && !strcmp(argv[1], "splice"))
		return do_splice(argv[2], strtoul(argv[3], NULL, 0));
	if (argc == 4 && !strcmp(argv[1], "poll"))
		return do_poll(argv[2], atoi(argv[3]));
	if (argc == 5 && !strcmp(argv[1], "rawwait"))
		return do_rawwait(argv[2], atoi(argv[3]), argv[4]);
	if (argc == 3 && !strcmp(argv[1], "stress"))
		return do_stress(atol(argv[2]));
	if (argc == 4 && !strcmp(argv[1], "inotify-wait"))
		return do_inotify_wait(argv[2], atoi(argv[3]));
	if ((argc == 4 || argc == 5) && !strcmp(argv[1], "spin"))
		return do_spin(atoi(argv[2]), atol(argv[3]), argc == 5);
	if (argc == 5 && !strcmp(argv[1], "tlat"))
		return do_tlat(atoi(argv[2]), atoi(argv[3]), atol(argv[4]));
	if (argc >= 4 && !strcmp(argv[1], "blkioctl"))
		return do_blkioctl(argv[2], argv[3], argv + 4, argc - 4);
	fprintf(stderr, "usage: tfs write FILE TEXT | read-nonblock FILE |\n"
		"       splice FILE LEN | poll FILE MSECS |\n"
		"       rawwait FILE MSECS poll|read|splice | stress N |\n"
		"       inotify-wait FILE MSECS | spin CPU MSECS [fifo] |\n"
		"       tlat CPU ON N | blkioctl DEV OP [SIZE NR [MASK START END PID]]\n");
	return 2;
}
