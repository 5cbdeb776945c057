// SPDX-License-Identifier: GPL-2.0
/*
 * The loops of B16 and B17 (probebench.c) without the clock, for counting
 * the kernel's instructions per hit with the tbprof plugin
 * (bench/tbprof/probepath; bench/tbprof/README.md, pathlen).
 *
 *   probeloop kprobe|uprobe on|off CALLS
 *
 * kprobe: the event "p:pbench/kp __x64_sys_getppid a=%di b=+0(%di):x64",
 * then CALLS getppid() calls. uprobe: the event "p:pbench/up EXE:OFFSET
 * a=%di b=+0(%di):x64" on probeloop_target() of this binary, then CALLS
 * calls of it. "on" enables the event (and tracing_on, into a 16 MiB
 * buffer, as probebench), "off" leaves it defined and disabled. Pinned to
 * CPU 0. Prints "records N" (what CPU 0 wrote during the loop) and
 * "target 0xADDR" (probeloop_target's address, the uprobe's place).
 */
#include "bench.h"

/* The uprobe's place, as probebench_target(). */
__attribute__((noinline)) void probeloop_target(long *p)
{
	__asm__ volatile("" : : "r"(p) : "memory");
}

/* Append @def to a definitions file; exits when it is refused. */
static void define(const char *file, const char *def)
{
	char path[256];
	int fd;

	snprintf(path, sizeof(path), T "%s", file);
	fd = open(path, O_WRONLY | O_APPEND);
	if (fd < 0 || write(fd, def, strlen(def)) != (ssize_t)strlen(def)) {
		perror(def);
		exit(1);
	}
	close(fd);
}


int main(int argc, char **argv)
{
	char exe[256], def[512], old_kb[32];
	const char *enable;
	unsigned long off;
	long calls, before;
	int kp, on;
	long v = 42;

	if (argc != 4) {
		fprintf(stderr, "usage: probeloop kprobe|uprobe on|off CALLS\n");
		return 2;
	}
	kp = !strcmp(argv[1], "kprobe");
	on = !strcmp(argv[2], "on");
	calls = atol(argv[3]);
	pin_cpu0();
	put("tracing_on", "0");
	big_buffer(old_kb);
	if (kp) {
		define("kprobe_events",
		       "p:pbench/kp __x64_sys_getppid a=%di b=+0(%di):x64\n");
		enable = "events/pbench/kp/enable";
	} else {
		off = file_offset_of((void *)probeloop_target, exe, sizeof(exe));
		if (!off) {
			fprintf(stderr, "probeloop_target not found\n");
			return 1;
		}
		snprintf(def, sizeof(def),
			 "p:pbench/up %s:0x%lx a=%%di b=+0(%%di):x64\n", exe,
			 off);
		define("uprobe_events", def);
		enable = "events/pbench/up/enable";
	}
	printf("target %p\n", (void *)probeloop_target);
	if (on) {
		put(enable, "1");
		put("tracing_on", "1");
	}
	before = cpu0_written();
	if (kp)
		for (long i = 0; i < calls; i++)
			syscall(SYS_getppid);
	else
		for (long i = 0; i < calls; i++)
			probeloop_target(&v);
	printf("records %ld\n", cpu0_written() - before);
	put("tracing_on", "0");
	put(enable, "0");
	define(kp ? "kprobe_events" : "uprobe_events",
	       kp ? "-:pbench/kp\n" : "-:pbench/up\n");
	put("trace", "\n");
	put("buffer_size_kb", old_kb);
	put("tracing_on", "1");
	return 0;
}
