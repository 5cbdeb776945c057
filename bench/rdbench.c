// SPDX-License-Identifier: GPL-2.0
/*
 * B8 workloads: reading the buffer out, run where the function tracer
 * exists.
 *
 *   B8.splice_mbps  every function traced while a getppid() loop runs on
 *                   CPU 0: per-CPU readers drain trace_pipe_raw with
 *                   splice() into a pipe and on to /dev/null; MB/s drained
 *   B8.splice_lost  events lost meanwhile (the overruns of every CPU)
 *   B8.lines_per_s  cat trace on a full buffer: lines/s
 */
#include "bench.h"

#include <pthread.h>
#include <signal.h>

#define DRAIN_SECONDS	3
#define MAX_CPUS	64
/* What a pipe holds by default: 16 pages a splice. */
#define SPLICE_BYTES	(16 * 4096)

static volatile int stop;
static long drained[MAX_CPUS];

static void *drain(void *arg)
{
	long cpu = (long)arg;
	char path[128];
	cpu_set_t set;
	int fd, out, p[2];
	ssize_t n;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	sched_setaffinity(0, sizeof(set), &set);
	snprintf(path, sizeof(path), T "per_cpu/cpu%ld/trace_pipe_raw", cpu);
	fd = open(path, O_RDONLY | O_NONBLOCK);
	out = open("/dev/null", O_WRONLY);
	if (fd < 0 || out < 0 || pipe(p)) {
		perror(path);
		exit(1);
	}
	while (!stop) {
		n = splice(fd, NULL, p[1], NULL, SPLICE_BYTES,
			   SPLICE_F_MOVE | SPLICE_F_NONBLOCK);
		if (n <= 0) {
			usleep(1000);
			continue;
		}
		drained[cpu] += n;
		while (n > 0) {
			ssize_t m = splice(p[0], NULL, out, NULL, n, SPLICE_F_MOVE);

			if (m <= 0)
				break;
			n -= m;
		}
	}
	close(fd);
	close(out);
	close(p[0]);
	close(p[1]);
	return NULL;
}

static long lost_all(int ncpu)
{
	char f[64];
	long sum = 0;

	for (int c = 0; c < ncpu; c++) {
		snprintf(f, sizeof(f), "per_cpu/cpu%d/stats", c);
		sum += field(f, "overrun: ");
	}
	return sum;
}

static void splice_drain(int ncpu)
{
	pthread_t th[MAX_CPUS];
	double t0, secs;
	long total = 0;

	put("trace", "");
	put("current_tracer", "function");
	for (long c = 0; c < ncpu; c++)
		pthread_create(&th[c], NULL, drain, (void *)c);
	pin_cpu0();
	t0 = now_ns();
	while (now_ns() - t0 < DRAIN_SECONDS * 1e9)
		for (int i = 0; i < 1000; i++)
			syscall(SYS_getppid);
	put("tracing_on", "0");
	secs = (now_ns() - t0) / 1e9;
	stop = 1;
	for (int c = 0; c < ncpu; c++) {
		pthread_join(th[c], NULL);
		total += drained[c];
	}
	printf("B8.splice_mbps %.2f\nB8.splice_lost %ld\n",
	       total / secs / 1e6, lost_all(ncpu));
	put("current_tracer", "nop");
	put("tracing_on", "1");
}

static void cat_trace(void)
{
	static char buf[1 << 16];
	long lines = 0;
	double t0, secs;
	ssize_t n;
	int fd;

	put("trace", "");
	put("current_tracer", "function");
	/* The overwrite mode keeps the buffer full from here on. */
	for (int i = 0; i < 200000; i++)
		syscall(SYS_getppid);
	/* Not nop yet: selecting a tracer empties the buffer upstream. */
	put("tracing_on", "0");
	fd = open(T "trace", O_RDONLY);
	if (fd < 0) {
		perror("trace");
		exit(1);
	}
	t0 = now_ns();
	while ((n = read(fd, buf, sizeof(buf))) > 0)
		for (ssize_t i = 0; i < n; i++)
			lines += buf[i] == '\n';
	secs = (now_ns() - t0) / 1e9;
	close(fd);
	printf("B8.lines_per_s %.0f\nB8.lines %ld\n", lines / secs, lines);
	put("current_tracer", "nop");
	put("trace", "");
	put("tracing_on", "1");
}

int main(void)
{
	int ncpu = sysconf(_SC_NPROCESSORS_ONLN);

	if (ncpu > MAX_CPUS)
		ncpu = MAX_CPUS;
	signal(SIGPIPE, SIG_IGN);
	put("buffer_size_kb", "1408");
	splice_drain(ncpu);
	cat_trace();
	return 0;
}
