// SPDX-License-Identifier: GPL-2.0
/*
 * tsoak: the soak's reader (make soak). Reads every CPU's
 * per_cpu/cpuN/trace_pipe_raw of one trace instance, alternately with
 * read() and splice(), and checks the records of trace_soak_mod.ko's
 * event trace_soak:soak_seq, numbered 1, 2, 3, ... per CPU:
 *
 *  - numbers never go back or repeat;
 *  - each gap in the numbers equals the lost-event count the pages read
 *    since the record before it reported (commit word bit 31, and the
 *    count after the data when bit 30 is set): at their place; a page
 *    that reports a loss without its count must come before a gap;
 *  - after the writers stopped and the buffer was drained: the numbers
 *    missing in all equal what per_cpu/cpuN/stats counts lost (overrun,
 *    commit overrun, dropped events); the pages reported no more than
 *    that (those lost after the last page begun are in the stats only);
 *    the buffer is empty.
 *
 * Usage: tsoak INSTANCE_DIR NCPUS
 * It reads until SIGTERM; then it drains, reads the writers' last
 * numbers from /sys/kernel/debug/trace_soak (the caller stopped them
 * first), prints a line per CPU and one summary line, and exits 1 when
 * any check failed.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define PAGE_MAX	(128 * 1024)	/* the largest sub-buffer */
#define HDR_SIZE	16
#define COMMIT_MASK	((1UL << 27) - 1)
#define MISSED_STORED	0x40000000UL
#define MISSED_EVENTS	0x80000000UL

/* Set by SIGTERM; read with __atomic_load_n(). */
static sig_atomic_t stopping;

struct layout {
	unsigned int id;	/* common_type of soak_seq */
	unsigned int cpu_off;	/* offset of its cpu field */
	unsigned int seq_off;	/* offset of its seq field */
};

struct tally {
	unsigned long long expect;	/* the next number due */
	unsigned long long pending;	/* lost, as counted since the last record */
	int unknown;			/* a page said lost, without the count */
	unsigned long long records, lost, spots, unknown_spots, pages;
	unsigned long long counted;	/* as the pages reported */
	unsigned long long misplaced, bad;
};

static void on_term(int sig)
{
	__atomic_store_n(&stopping, 1, __ATOMIC_RELAXED);
}

static int is_stopping(void)
{
	return __atomic_load_n(&stopping, __ATOMIC_RELAXED);
}

static int read_file(const char *path, char *buf, size_t size)
{
	int fd = open(path, O_RDONLY);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = read(fd, buf, size - 1);
	close(fd);
	if (n < 0)
		return -1;
	buf[n] = '\0';
	return 0;
}

/* The offset of field @name in a format file's text, or -1. */
static int field_offset(const char *fmt, const char *name)
{
	char key[64];
	const char *p;

	snprintf(key, sizeof(key), " %s;\toffset:", name);
	p = strstr(fmt, key);
	return p ? atoi(p + strlen(key)) : -1;
}

static int get_layout(const char *inst, struct layout *l)
{
	char path[512], buf[8192];
	int c, s;

	snprintf(path, sizeof(path), "%s/events/trace_soak/soak_seq/id", inst);
	if (read_file(path, buf, sizeof(buf)))
		return -1;
	l->id = atoi(buf);
	snprintf(path, sizeof(path), "%s/events/trace_soak/soak_seq/format", inst);
	if (read_file(path, buf, sizeof(buf)))
		return -1;
	c = field_offset(buf, "cpu");
	s = field_offset(buf, "seq");
	if (c < 0 || s < 0)
		return -1;
	l->cpu_off = c;
	l->seq_off = s;
	return 0;
}

/* One record of the soak's event, numbered @seq, written on @cpu. */
static void take(struct tally *t, int me, unsigned int cpu,
		 unsigned long long seq)
{
	unsigned long long gap;

	t->records++;
	if (cpu != (unsigned int)me || seq < t->expect) {
		fprintf(stderr, "cpu%d: record cpu=%u seq=%llu, expected seq %llu\n",
			me, cpu, seq, t->expect);
		t->bad++;
		if (seq < t->expect)
			return;
	}
	gap = seq - t->expect;
	if (gap || t->pending || t->unknown) {
		t->spots++;
		if (t->unknown)
			t->unknown_spots++;
		if (t->unknown ? gap < t->pending || !gap : gap != t->pending) {
			fprintf(stderr,
				"cpu%d: before seq %llu: %llu missing, %llu counted lost%s\n",
				me, seq, gap, t->pending,
				t->unknown ? " and more unknown" : "");
			t->misplaced++;
			t->bad++;
		}
	}
	t->lost += gap;
	t->pending = 0;
	t->unknown = 0;
	t->expect = seq + 1;
}

/* Walk one page of @len bytes (a sub-buffer as trace_pipe_raw gives it). */
static void walk(struct tally *t, int me, const struct layout *l,
		 const unsigned char *page, size_t len)
{
	unsigned long commit;
	size_t pos, end;

	memcpy(&commit, page + 8, sizeof(commit));
	end = HDR_SIZE + (commit & COMMIT_MASK);
	if (end > len) {
		fprintf(stderr, "cpu%d: a page's commit %lu beyond its %zu bytes\n",
			me, commit & COMMIT_MASK, len);
		t->bad++;
		return;
	}
	t->pages++;
	if (commit & MISSED_EVENTS) {
		if ((commit & MISSED_STORED) && end + sizeof(long) <= len) {
			unsigned long n;

			memcpy(&n, page + end, sizeof(n));
			t->pending += n;
			t->counted += n;
		} else {
			t->unknown = 1;
		}
	}
	for (pos = HDR_SIZE; pos + 4 <= end;) {
		uint32_t hdr, arr = 0;
		unsigned int type_len;
		size_t plen, data;

		memcpy(&hdr, page + pos, 4);
		type_len = hdr & 31;
		if (type_len == 0 || type_len >= 29) {
			if (pos + 8 > end)
				break;
			memcpy(&arr, page + pos + 4, 4);
		}
		if (type_len == 29) {		/* padding: its length after it */
			pos += 4 + arr;
			continue;
		}
		if (type_len == 30 || type_len == 31) {	/* time */
			pos += 8;
			continue;
		}
		if (type_len) {
			plen = 4 * type_len;
			data = pos + 4;
		} else {
			if (arr < 4)
				break;
			plen = arr - 4;
			data = pos + 8;
		}
		if (data + plen > end) {
			fprintf(stderr, "cpu%d: an event past its page's commit\n", me);
			t->bad++;
			return;
		}
		if (plen >= l->seq_off + 8) {
			uint16_t type;
			uint32_t cpu;
			uint64_t seq;

			memcpy(&type, page + data, 2);
			if (type == l->id) {
				memcpy(&cpu, page + data + l->cpu_off, 4);
				memcpy(&seq, page + data + l->seq_off, 8);
				take(t, me, cpu, seq);
			}
		}
		pos = data + plen;
	}
}

/* One page from @fd: by read(), or by splice() through @pipefd. */
static ssize_t get_page(int fd, int *pipefd, unsigned char *buf, size_t size)
{
	ssize_t n;

	if (!pipefd)
		return read(fd, buf, size);
	n = splice(fd, NULL, pipefd[1], NULL, size, SPLICE_F_NONBLOCK);
	if (n <= 0)
		return n;
	return read(pipefd[0], buf, n);
}

/* "key: N" of a per_cpu stats file, or 0. */
static unsigned long long stat_of(const char *stats, const char *key)
{
	const char *p = strstr(stats, key);

	return p ? strtoull(p + strlen(key), NULL, 10) : 0;
}

static int reader(const char *inst, int me, const struct layout *l)
{
	char path[512], stats[4096], last[4096], key[32];
	static unsigned char page[PAGE_MAX];
	struct tally t = { .expect = 1 };
	unsigned long long final, counted;
	int fd, pipefd[2], *pp = NULL, idle = 0;
	size_t size = 4096;
	const char *p;
	ssize_t n;

	snprintf(path, sizeof(path), "%s/buffer_subbuf_size_kb", inst);
	if (!read_file(path, stats, sizeof(stats)))
		size = atoi(stats) * 1024;
	if (size < 4096 || size > PAGE_MAX)
		size = 4096;
	snprintf(path, sizeof(path), "%s/per_cpu/cpu%d/trace_pipe_raw", inst, me);
	fd = open(path, O_RDONLY | O_NONBLOCK);
	if (fd < 0) {
		perror(path);
		return 2;
	}
	/* Odd CPUs splice, even ones read(). */
	if (me & 1) {
		if (pipe(pipefd)) {
			perror("pipe");
			return 2;
		}
		fcntl(pipefd[1], F_SETPIPE_SZ, PAGE_MAX * 2);
		pp = pipefd;
	}
	for (;;) {
		/*
		 * While tracing runs, splice() hands over only whole pages;
		 * the tail is drained by read(), as trace-cmd flushes.
		 */
		n = get_page(fd, is_stopping() ? NULL : pp, page, size);
		if (n > 0) {
			walk(&t, me, l, page, n);
			idle = 0;
			continue;
		}
		if (n < 0 && errno != EAGAIN && errno != EINTR) {
			perror(path);
			return 2;
		}
		/* Two empty reads after the stop: drained. */
		if (is_stopping() && ++idle > 2)
			break;
		usleep(is_stopping() ? 100000 : 2000);
	}
	if (read_file("/sys/kernel/debug/trace_soak", last, sizeof(last))) {
		perror("/sys/kernel/debug/trace_soak");
		return 2;
	}
	snprintf(key, sizeof(key), "cpu%d ", me);
	p = strstr(last, key);
	final = p ? strtoull(p + strlen(key), NULL, 10) : 0;
	snprintf(path, sizeof(path), "%s/per_cpu/cpu%d/stats", inst, me);
	if (read_file(path, stats, sizeof(stats))) {
		perror(path);
		return 2;
	}
	/* The records after the last one read, never read: lost too. */
	if (final + 1 < t.expect) {
		fprintf(stderr, "cpu%d: read seq %llu, the writer's last is %llu\n",
			me, t.expect - 1, final);
		t.bad++;
	} else {
		t.lost += final + 1 - t.expect;
	}
	counted = stat_of(stats, "\noverrun: ") + stat_of(stats, "commit overrun: ") +
		  stat_of(stats, "dropped events: ");
	if (strncmp(stats, "entries: 0\n", 11)) {
		fprintf(stderr, "cpu%d: not drained: %.40s\n", me, stats);
		t.bad++;
	}
	if (counted != t.lost) {
		fprintf(stderr, "cpu%d: %llu records missing, the stats count %llu lost\n",
			me, t.lost, counted);
		t.bad++;
	}
	/* Pages report what was lost before them: the tail only the stats. */
	if (!t.unknown_spots && t.counted > t.lost) {
		fprintf(stderr, "cpu%d: the pages counted %llu lost, %llu are missing\n",
			me, t.counted, t.lost);
		t.bad++;
	}
	printf("cpu%d: %llu written, %llu read in %llu pages (%s), ",
	       me, final, t.records, t.pages, pp ? "splice" : "read");
	printf("%llu lost in %llu gaps (%llu of unknown count, %llu misplaced), ",
	       t.lost, t.spots, t.unknown_spots, t.misplaced);
	printf("pages %llu and stats %llu lost, %llu errors\n",
	       t.counted, counted, t.bad);
	fflush(stdout);
	return t.bad ? 1 : 0;
}

int main(int argc, char **argv)
{
	int ncpus, cpu, status, failed = 0;
	struct sigaction sa = { .sa_handler = on_term };
	struct layout l;
	pid_t *pids;

	if (argc != 3) {
		fprintf(stderr, "usage: tsoak INSTANCE_DIR NCPUS\n");
		return 2;
	}
	ncpus = atoi(argv[2]);
	if (get_layout(argv[1], &l)) {
		fprintf(stderr, "tsoak: no trace_soak:soak_seq in %s\n", argv[1]);
		return 2;
	}
	sigaction(SIGTERM, &sa, NULL);
	pids = calloc(ncpus, sizeof(*pids));
	for (cpu = 0; cpu < ncpus; cpu++) {
		pids[cpu] = fork();
		if (pids[cpu] == 0)
			exit(reader(argv[1], cpu, &l));
	}
	while (!is_stopping())
		pause();
	for (cpu = 0; cpu < ncpus; cpu++) {
		kill(pids[cpu], SIGTERM);
		if (waitpid(pids[cpu], &status, 0) < 0 || !WIFEXITED(status) ||
		    WEXITSTATUS(status))
			failed++;
	}
	printf("tsoak: %d CPUs, %d failed\n", ncpus, failed);
	return failed ? 1 : 0;
}
