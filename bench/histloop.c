// SPDX-License-Identifier: GPL-2.0
/*
 * A getppid() loop under an event trigger on raw_syscalls, without the
 * clock, for counting the kernel's instructions per hit of the hist code
 * with the tbprof plugin (bench/tbprof/histpath; bench/tbprof/README.md).
 *
 *   histloop none|hist|synth|traceoff CALLS
 *
 * none: no trigger, every event off. hist: "hist:keys=common_pid:
 * vals=hitcount" on raw_syscalls/sys_enter. synth: the latency pair, a
 * synthetic event "lat u64 d" (enabled, recording), sys_enter's
 * "hist:keys=common_pid:ts0=common_timestamp.usecs" and sys_exit's
 * "hist:keys=common_pid:d=common_timestamp.usecs-$ts0:
 * onmatch(raw_syscalls.sys_enter).trace(lat,$d)". traceoff:
 * "traceoff:5" on sys_enter, tracing on when the loop starts: the first
 * hit turns tracing off and takes one run, every later hit finds it off
 * and changes nothing. tracing_on is 1 (into a 16 MiB buffer) for all but
 * traceoff's loop. Pinned to CPU 0. Prints "records N" (what CPU 0 wrote
 * during the loop) and what the trigger shows after it (the hist's
 * "Hits:" line, or the trigger file).
 */
#include "bench.h"

#define EV T "events/raw_syscalls/"

/* Append @s to tracefs file @path (absolute); exits when it is refused. */
static void append(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY | O_APPEND);

	if (fd < 0 || write(fd, s, strlen(s)) != (ssize_t)strlen(s)) {
		fprintf(stderr, "%s <- %s: %s\n", path, s, strerror(errno));
		exit(1);
	}
	close(fd);
}

/* Print the lines of @path that start with @key (all with ""). */
static void show(const char *path, const char *key)
{
	char line[512];
	FILE *fp = fopen(path, "r");

	if (!fp) {
		perror(path);
		exit(1);
	}
	while (fgets(line, sizeof(line), fp))
		if (line[0] != '#' && line[0] != '\n' &&
		    !strncmp(line + strspn(line, " "), key, strlen(key)))
			printf("%s: %s", path + strlen(T), line + strspn(line, " "));
	fclose(fp);
}

static const char ENTER_HIST[] = "hist:keys=common_pid:vals=hitcount";
static const char TS0[] = "hist:keys=common_pid:ts0=common_timestamp.usecs";
static const char LAT[] =
	"hist:keys=common_pid:d=common_timestamp.usecs-$ts0:"
	"onmatch(raw_syscalls.sys_enter).trace(lat,$d)";

int main(int argc, char **argv)
{
	char old_kb[32], undo[512];
	const char *mode;
	long calls, before;

	if (argc != 3) {
		fprintf(stderr, "usage: histloop none|hist|synth|traceoff CALLS\n");
		return 2;
	}
	mode = argv[1];
	calls = atol(argv[2]);
	pin_cpu0();
	put("tracing_on", "0");
	big_buffer(old_kb);
	if (!strcmp(mode, "hist")) {
		append(EV "sys_enter/trigger", ENTER_HIST);
	} else if (!strcmp(mode, "synth")) {
		append(T "synthetic_events", "lat u64 d\n");
		append(EV "sys_enter/trigger", TS0);
		append(EV "sys_exit/trigger", LAT);
		put("events/synthetic/lat/enable", "1");
	} else if (!strcmp(mode, "traceoff")) {
		append(EV "sys_enter/trigger", "traceoff:5");
	} else if (strcmp(mode, "none")) {
		fprintf(stderr, "unknown mode %s\n", mode);
		return 2;
	}
	put("tracing_on", "1");
	before = cpu0_written();
	for (long i = 0; i < calls; i++)
		syscall(SYS_getppid);
	printf("records %ld\n", cpu0_written() - before);
	put("tracing_on", "0");
	if (!strcmp(mode, "hist")) {
		show(EV "sys_enter/hist", "Hits:");
		snprintf(undo, sizeof(undo), "!%s", ENTER_HIST);
		append(EV "sys_enter/trigger", undo);
	} else if (!strcmp(mode, "synth")) {
		show(EV "sys_exit/hist", "Hits:");
		put("events/synthetic/lat/enable", "0");
		snprintf(undo, sizeof(undo), "!%s", LAT);
		append(EV "sys_exit/trigger", undo);
		snprintf(undo, sizeof(undo), "!%s", TS0);
		append(EV "sys_enter/trigger", undo);
		append(T "synthetic_events", "!lat u64 d\n");
	} else if (!strcmp(mode, "traceoff")) {
		show(EV "sys_enter/trigger", "traceoff");
		append(EV "sys_enter/trigger", "!traceoff:5");
	}
	put("trace", "\n");
	put("buffer_size_kb", old_kb);
	put("tracing_on", "1");
	return 0;
}
