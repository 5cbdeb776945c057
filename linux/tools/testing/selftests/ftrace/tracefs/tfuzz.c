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
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <time.h>
#include <sys/stat.h>

#define TRACEFS		"/sys/kernel/tracing"
#define INST		"instances/tfuzz"
#define MAX_FILES	1024
#define MAX_WORDS	256
#define INPUT_MAX	(64 * 1024 + 16)
#define READ_MAX	(256 * 1024)
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

/* What a file takes, which decides the valid input made for it. */
enum kind {
	K_ANY,		/* unknown: numbers, words, bytes */
	K_BOOL,		/* 0 or 1 */
	K_NUM,		/* a number */
	K_SIZE,		/* a buffer size in KiB */
	K_TRACER,	/* current_tracer */
	K_CLOCK,	/* trace_clock */
	K_OPTIONS,	/* trace_options */
	K_FUNCS,	/* a function list with commands */
	K_PIDS,		/* a pid list */
	K_SETEVENT,	/* set_event */
	K_FILTER,	/* an event's or a system's filter */
	K_TRIGGER,	/* an event's triggers */
	K_CPUMASK,	/* tracing_cpumask */
	K_CPULIST,	/* osnoise/cpus: a CPU list */
	K_WORDS,	/* hwlat_detector/mode, osnoise/options */
	K_TEXT,		/* trace_marker and the like: anything goes */
	K_DEFS,		/* definitions of dynamic events */
};

struct file {
	char path[256];
	enum kind kind;
	int compare;		/* read back and compare after a rejected write */
	int expensive;		/* valid input is slow: write it less often */
	char event[128];	/* K_FILTER, K_TRIGGER: events/SYS/EVENT or SYS */
	char *orig;		/* a value file's first value, put back after */
};

static struct file files[MAX_FILES];
static int nr_files;
static int verbose;

/* Words read from tracefs at the start, for valid input. */
static char *funcs[MAX_WORDS], *tracers[16], *clocks[16], *opts[64];
static char *events[MAX_WORDS];
static int nr_funcs, nr_tracers, nr_clocks, nr_opts, nr_events;

/* xorshift64*: the run's only source of randomness. */
static uint64_t rng;

static uint64_t rnd(void)
{
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return rng * 2685821657736338717ULL;
}

static unsigned int below(unsigned int n)
{
	return n ? rnd() % n : 0;
}

static uint64_t hash(const char *s)
{
	uint64_t h = 1469598103934665603ULL;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 1099511628211ULL;
	return h;
}

/* The whole content of @path, NUL-terminated, in @buf; -1 when unreadable. */
static ssize_t slurp(const char *path, char *buf, size_t size)
{
	ssize_t n, len = 0;
	int fd = open(path, O_RDONLY);

	if (fd < 0)
		return -1;
	while ((size_t)len < size - 1 &&
	       (n = read(fd, buf + len, size - 1 - len)) > 0)
		len += n;
	close(fd);
	buf[len] = '\0';
	return len;
}

/* Write @len bytes of @s to @path with @flags; 0 or the errno. */
static int put(const char *path, const char *s, size_t len, int flags)
{
	int fd = open(path, O_WRONLY | flags), err = 0;

	if (fd < 0)
		return errno;
	if (write(fd, s, len) < 0)
		err = errno;
	close(fd);
	return err;
}

static void put_str(const char *path, const char *s)
{
	put(path, s, strlen(s), O_TRUNC);
}

/* Split @buf (modified) into words; keeps at most @max. */
static int words(char *buf, char **out, int max, int skip_brackets)
{
	char *tok, *save = NULL;
	int n = 0;

	for (tok = strtok_r(buf, " \t\n", &save); tok && n < max;
	     tok = strtok_r(NULL, " \t\n", &save)) {
		if (skip_brackets && *tok == '[') {
			tok++;
			tok[strcspn(tok, "]")] = '\0';
		}
		out[n++] = strdup(tok);
	}
	return n;
}

static void load_words(void)
{
	static char buf[READ_MAX];
	char *line, *save = NULL;
	int i = 0;

	if (slurp("available_tracers", buf, sizeof(buf)) > 0)
		nr_tracers = words(buf, tracers, 16, 0);
	if (slurp("trace_clock", buf, sizeof(buf)) > 0)
		nr_clocks = words(buf, clocks, 16, 1);
	if (slurp("trace_options", buf, sizeof(buf)) > 0)
		nr_opts = words(buf, opts, 64, 0);
	/* Every 97th function: a spread of names, not a flood. */
	if (slurp("available_filter_functions", buf, sizeof(buf)) > 0)
		for (line = strtok_r(buf, "\n", &save);
		     line && nr_funcs < MAX_WORDS;
		     line = strtok_r(NULL, "\n", &save))
			if (i++ % 97 == 0) {
				line[strcspn(line, " \t")] = '\0';
				funcs[nr_funcs++] = strdup(line);
			}
	save = NULL;
	i = 0;
	if (slurp("available_events", buf, sizeof(buf)) > 0)
		for (line = strtok_r(buf, "\n", &save);
		     line && nr_events < MAX_WORDS;
		     line = strtok_r(NULL, "\n", &save))
			if (i++ % 7 == 0)
				events[nr_events++] = strdup(line);
}

static const char *pick(char **v, int n, const char *dflt)
{
	return n ? v[below(n)] : dflt;
}

static enum kind kind_of(const char *name, int *compare, int *expensive)
{
	static const char *const nums[] = {
		"buffer_percent", "max_graph_depth", "tracing_thresh",
		"saved_cmdlines_size", "stack_max_size",
		"tracing_max_latency", "buffer_subbuf_size_kb", "width",
		"window", "period_us", "runtime_us", "stop_tracing_us",
		"stop_tracing_total_us", "timerlat_period_us", "print_stack",
		NULL,
	};
	static const char *const bools[] = {
		"tracing_on", "enable", "function_profile_enabled", NULL,
	};
	static const char *const volatiles[] = {
		"trace", "snapshot", "error_log", "trace_marker",
		"trace_marker_raw", "free_buffer", "stack_max_size",
		"tracing_max_latency", "snapshot_raw", NULL,
	};
	const char *base = strrchr(name, '/');
	int i;

	base = base ? base + 1 : name;
	*compare = 1;
	*expensive = 0;
	for (i = 0; volatiles[i]; i++)
		if (!strcmp(base, volatiles[i]))
			*compare = 0;
	if (!strncmp(name, "options/", 8) || strstr(name, "/options/"))
		return K_BOOL;
	for (i = 0; bools[i]; i++)
		if (!strcmp(base, bools[i])) {
			/* Every event at once, the top's or an instance's. */
			*expensive = !strcmp(name, "events/enable") ||
				     (strlen(name) > 14 &&
				      !strcmp(name + strlen(name) - 14, "/events/enable")) ||
				     !strcmp(base, "function_profile_enabled");
			return K_BOOL;
		}
	for (i = 0; nums[i]; i++)
		if (!strcmp(base, nums[i]))
			return K_NUM;
	if (!strcmp(base, "buffer_size_kb"))
		return K_SIZE;
	if (!strcmp(base, "current_tracer")) {
		*expensive = 1;
		return K_TRACER;
	}
	if (!strcmp(base, "trace_clock"))
		return K_CLOCK;
	if (!strcmp(base, "trace_options"))
		return K_OPTIONS;
	if (!strcmp(base, "set_ftrace_filter") ||
	    !strcmp(base, "set_ftrace_notrace") ||
	    !strcmp(base, "set_graph_function") ||
	    !strcmp(base, "set_graph_notrace") ||
	    !strcmp(base, "stack_trace_filter"))
		return K_FUNCS;
	if (strstr(base, "_pid"))
		return K_PIDS;
	if (!strcmp(base, "set_event")) {
		*expensive = 1;
		return K_SETEVENT;
	}
	if (!strcmp(base, "filter"))
		return K_FILTER;
	if (!strcmp(base, "trigger"))
		return K_TRIGGER;
	if (!strcmp(base, "tracing_cpumask"))
		return K_CPUMASK;
	if (!strcmp(name, "osnoise/cpus"))
		return K_CPULIST;
	if (!strcmp(name, "osnoise/options") ||
	    !strcmp(name, "hwlat_detector/mode"))
		return K_WORDS;
	if (!strcmp(base, "kprobe_events") || !strcmp(base, "uprobe_events") ||
	    !strcmp(base, "dynamic_events") ||
	    !strcmp(base, "synthetic_events"))
		return K_DEFS;
	if (!*compare)
		return K_TEXT;
	return K_ANY;
}

/*
 * The value a file of one value holds now, to put back between files: the
 * bracketed word of trace_clock and hwlat_detector/mode, the first word
 * of the others (osnoise/options: DEFAULTS). NULL for
 * the other kinds, and for the enable files (events/enable puts them back).
 */
static char *value_of(const struct file *f)
{
	const char *base = strrchr(f->path, '/');
	char buf[256], *p, *v;

	switch (f->kind) {
	case K_BOOL:
		if (!strcmp(base ? base + 1 : f->path, "enable"))
			return NULL;
		break;
	case K_NUM:
	case K_SIZE:
	case K_CLOCK:
	case K_CPUMASK:
	case K_CPULIST:
	case K_WORDS:
		break;
	default:
		return NULL;
	}
	if (slurp(f->path, buf, sizeof(buf)) <= 0)
		return NULL;
	p = f->kind == K_CLOCK || f->kind == K_WORDS ? strchr(buf, '[') : NULL;
	v = p ? p + 1 : buf;
	v[strcspn(v, "] \t\n")] = '\0';
	return strdup(v);
}

static void add_file(const char *path, const char *event)
{
	struct file *f;
	struct stat st;

	if (nr_files == MAX_FILES || stat(path, &st) || !S_ISREG(st.st_mode) ||
	    !(st.st_mode & 0222))
		return;
	f = &files[nr_files++];
	snprintf(f->path, sizeof(f->path), "%s", path);
	snprintf(f->event, sizeof(f->event), "%s", event ? event : "");
	f->kind = kind_of(path, &f->compare, &f->expensive);
	f->orig = value_of(f);
}

/* The regular files of @dir, in name order. */
static void add_dir(const char *dir, const char *event)
{
	struct dirent **ents;
	char path[600];
	int n, i;

	n = scandir(dir, &ents, NULL, alphasort);
	for (i = 0; i < n; i++) {
		if (ents[i]->d_name[0] != '.') {
			snprintf(path, sizeof(path), "%s/%s", dir,
				 ents[i]->d_name);
			add_file(path[0] == '.' && path[1] == '/' ?
				 path + 2 : path, event);
		}
		free(ents[i]);
	}
	if (n >= 0)
		free(ents);
}

/* Each system's enable and filter, and one event's files. */
static void add_events(const char *top)
{
	struct dirent **sys, **ev;
	char path[300], evdir[600];
	int n, m, i, j;
	struct stat st;

	snprintf(path, sizeof(path), "%s/enable", top);
	add_file(path, NULL);
	n = scandir(top, &sys, NULL, alphasort);
	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "%s/%s", top, sys[i]->d_name);
		if (sys[i]->d_name[0] == '.' || stat(path, &st) ||
		    !S_ISDIR(st.st_mode)) {
			free(sys[i]);
			continue;
		}
		snprintf(evdir, sizeof(evdir), "%s/enable", path);
		add_file(evdir, NULL);
		snprintf(evdir, sizeof(evdir), "%s/filter", path);
		add_file(evdir, path);
		m = scandir(path, &ev, NULL, alphasort);
		for (j = 0; j < m; j++) {
			snprintf(evdir, sizeof(evdir), "%s/%s", path,
				 ev[j]->d_name);
			if (ev[j]->d_name[0] != '.' && !stat(evdir, &st) &&
			    S_ISDIR(st.st_mode)) {
				char f[700];

				snprintf(f, sizeof(f), "%s/enable", evdir);
				add_file(f, NULL);
				snprintf(f, sizeof(f), "%s/filter", evdir);
				add_file(f, evdir);
				snprintf(f, sizeof(f), "%s/trigger", evdir);
				add_file(f, evdir);
				/* One event of each system. */
				for (; j < m; j++)
					free(ev[j]);
				break;
			}
			free(ev[j]);
		}
		if (m >= 0)
			free(ev);
		free(sys[i]);
	}
	if (n >= 0)
		free(sys);
}

/* A field name of @event (events/SYS/EVENT, or a system's dir). */
static const char *field_of(const char *event)
{
	static char buf[16384], name[64];
	char path[512], *p;
	int n = 0, want;

	snprintf(path, sizeof(path), "%s/format", event);
	if (slurp(path, buf, sizeof(buf)) <= 0)
		return "common_pid";
	for (p = buf; (p = strstr(p, "field:")); p++)
		n++;
	want = below(n + 1);
	for (p = buf; n && (p = strstr(p, "field:")); p++) {
		char *semi = strchr(p, ';'), *q;

		if (want-- > 0 || !semi)
			continue;
		*semi = '\0';
		q = strrchr(p, ' ');
		q = q ? q + 1 : p + 6;
		q[strcspn(q, "[")] = '\0';
		snprintf(name, sizeof(name), "%s", q);
		return name;
	}
	return "common_pid";
}

static const char *number(void)
{
	static const char *const edge[] = {
		"0", "1", "-1", "2", "7", "8", "4095", "4096", "65536",
		"2147483647", "2147483648", "4294967295", "4294967296",
		"9223372036854775807", "9223372036854775808",
		"18446744073709551615", "18446744073709551616", "+5", " 3 ",
		"0x10", "010", "1e3", "-0", "00000000000000000000001", "",
	};
	static char buf[32];

	if (below(2))
		return edge[below(ARRAY_SIZE(edge))];
	snprintf(buf, sizeof(buf), "%u", below(3000));
	return buf;
}

/* This binary and the file offset of its text, for uprobes. */
static char exe_path[256];
static unsigned long exe_text;

static void load_exe(void)
{
	char line[512], path[256];
	unsigned long off;
	ssize_t n;
	FILE *maps;

	n = readlink("/proc/self/exe", path, sizeof(path) - 1);
	maps = fopen("/proc/self/maps", "r");
	if (n <= 0 || !maps)
		goto out;
	path[n] = '\0';
	while (fgets(line, sizeof(line), maps)) {
		char perm[8], file[256];

		if (sscanf(line, "%*x-%*x %7s %lx %*s %*s %255s", perm, &off,
			   file) == 3 && perm[2] == 'x' && !strcmp(file, path)) {
			snprintf(exe_path, sizeof(exe_path), "%s", path);
			exe_text = off;
			break;
		}
	}
out:
	if (maps)
		fclose(maps);
}

/* One fetch argument of a probe event, maybe named, maybe typed. */
static size_t fetcharg(char *out, size_t size, int event_probe,
		       const char *event)
{
	static const char *const args[] = {
		"%di", "%si", "%ax", "+0(%di)", "-8(+16(%si))", "$stack",
		"$stack2", "$comm", "$arg1", "$arg3", "$retval", "@jiffies",
		"@jiffies+8", "\\7", "\\\"txt\"", "+0(%di)",
	};
	static const char *const types[] = {
		"u8", "s16", "x32", "u64", "string", "ustring", "symbol",
		"symstr", "char", "b3@2/32", "u8[4]", "x64", "%pd", "%pD",
	};
	char what[160];
	int n = 0;

	if (event_probe && below(2))
		snprintf(what, sizeof(what), "$%s", field_of(event));
	else
		snprintf(what, sizeof(what), "%s", args[below(ARRAY_SIZE(args))]);
	if (below(2))
		n += snprintf(out + n, size - n, "a%u=", below(4));
	n += snprintf(out + n, size - n, "%s", what);
	if (below(2))
		n += snprintf(out + n, size - n, ":%s",
			      types[below(ARRAY_SIZE(types))]);
	return n;
}

/* "sys:event" of available_events as "sys.event" or "event". */
static void event_name(char *out, size_t size, int tracepoint)
{
	const char *e = pick(events, nr_events, "sched:sched_switch");
	const char *colon = strchr(e, ':');

	if (tracepoint)
		snprintf(out, size, "%s", colon ? colon + 1 : e);
	else
		snprintf(out, size, "%.*s.%s", colon ? (int)(colon - e) : 0, e,
			 colon ? colon + 1 : e);
}

/*
 * A definition for a definitions file of @base: a kind of those the file
 * takes (dynamic_events: all), a few names so that some collide or add a
 * place, a few arguments; or a removal.
 */
static size_t definition(const char *base, char *out, size_t size)
{
	static const char *const stypes[] = {
		"u64", "s32", "u8", "char", "int", "unsigned long", "pid_t",
		"gfp_t", "bool", "char[16]", "char[]", "long[]",
	};
	int dyn = !strcmp(base, "dynamic_events");
	int synth = !strcmp(base, "synthetic_events");
	int up = !strcmp(base, "uprobe_events");
	char place[320], ev[160], evdir[200];
	int n = 0, kind, i, args;

	if (!below(6))	/* a removal */
		return snprintf(out, size, below(3) ? "-:fz/e%u\n" : "-:fz/\n",
				below(4));
	if (synth || (dyn && below(7) == 0)) {
		if (dyn)
			n += snprintf(out, size, "%ss:", below(5) ? "" : "!");
		else if (!below(5))
			n += snprintf(out, size, "!");
		n += snprintf(out + n, size - n, "fz%u", below(4));
		for (i = 0, args = 1 + below(4); i < args; i++)
			n += snprintf(out + n, size - n, "%s %s f%u",
				      i ? ";" : "", stypes[below(ARRAY_SIZE(stypes))],
				      i);
		return n + snprintf(out + n, size - n, "\n");
	}
	kind = up ? 'u' : dyn ? "prfteu"[below(6)] : "pr"[below(2)];
	if (kind == 'u' && !exe_path[0])
		kind = 'p';
	event_name(ev, sizeof(ev), kind == 't');
	snprintf(evdir, sizeof(evdir), "events/%s", ev);
	if (strchr(evdir, '.'))
		*strchr(evdir, '.') = '/';
	switch (kind) {
	case 'u':
		snprintf(place, sizeof(place), "%s:0x%lx%s", exe_path,
			 exe_text + 4 * below(16), below(3) ? "" : "%return");
		break;
	case 't':
	case 'e':
		snprintf(place, sizeof(place), "%s", ev);
		break;
	default:
		snprintf(place, sizeof(place), "%s%s",
			 pick(funcs, nr_funcs, "vfs_read"),
			 below(4) ? "" : kind == 'r' ? "+0" : "%return");
	}
	n = snprintf(out, size, "%s%c%s:fz/e%u %s",
		     dyn && !below(8) ? "!" : "",
		     kind == 'u' ? "pr"[below(2)] : kind,
		     kind == 'r' && below(2) ? "4" : "", below(4), place);
	for (i = 0, args = below(4); i < args && n + 200 < (int)size; i++) {
		n += snprintf(out + n, size - n, " ");
		n += fetcharg(out + n, size - n, kind == 'e', evdir);
	}
	return n + snprintf(out + n, size - n, "\n");
}

/* Valid (or nearly valid) input for @f into @out; returns its length. */
static size_t valid(const struct file *f, char *out, size_t size)
{
	static const char *const cmds[] = {
		"traceon", "traceoff", "traceon:3", "traceoff:1", "stacktrace",
		"stacktrace:2", "snapshot", "snapshot:1",
		"enable_event:sched:sched_switch",
		"disable_event:sched:sched_wakeup:2", "dump", "cpudump",
	};
	static const char *const cpulists[] = {
		"0", "1", "0-1", "0,1", "1-0", "0-", "-1", "0-63", "64",
		"0-4096", "0,,1", "0-1:1/2", "",
	};
	static const char *const words[] = {
		"none", "round-robin", "per-cpu", "[none]", "per_cpu",
		"DEFAULTS", "OSNOISE_WORKLOAD", "NO_OSNOISE_WORKLOAD",
		"NO_PANIC_ON_STOP", "OSNOISE_PREEMPT_DISABLE",
		"NO_OSNOISE_PREEMPT_DISABLE", "NO_OSNOISE_IRQ_DISABLE",
		"NO_DEFAULTS", "NO_", "OSNOISE_WORKLOAD NO_PANIC_ON_STOP",
	};
	static const char *const trigs[] = {
		"traceon", "traceoff", "traceon:2", "stacktrace", "snapshot",
		"enable_event:sched:sched_wakeup", "disable_event:irq:irq_handler_entry",
		"!traceon", "!traceoff", "!stacktrace", "!snapshot",
		"hist:keys=common_pid", "stacktrace:3",
		"hist:keys=common_pid.execname,common_cpu:vals=hitcount.percent:size=256",
		"hist:keys=common_stacktrace:sort=hitcount.descending",
		"hist:name=tfuzz:keys=common_pid", "hist:keys=common_pid:pause",
		"hist:keys=common_pid:cont", "hist:keys=common_pid:clear",
		"!hist:keys=common_pid", "enable_hist:sched:sched_switch",
		"disable_hist:sched:sched_switch:2", "!enable_hist:sched:sched_switch",
		"hist:keys=common_pid:ts0=common_timestamp.usecs",
		"hist:keys=common_pid:lat=common_timestamp.usecs-$ts0:vals=$lat",
		"hist:keys=common_pid:d=sched.sched_switch.$ts0",
		"hist:keys=common_pid:x=4+6/2-2,y=$x*3:vals=$y",
		"hist:keys=common_pid:x=1+2+3+4+5", "hist:keys=common_pid:x=-(1)+2",
		"!hist:keys=common_pid:vals=hitcount:ts0=common_timestamp.usecs:sort=hitcount:size=2048:clock=global",
		"!hist:keys=common_pid:vals=hitcount,$lat:lat=common_timestamp.usecs-$ts0:sort=hitcount:size=2048:clock=global",
		"hist:keys=common_pid:l=common_timestamp-$ts0:onmatch(sched.sched_switch).trace(fz0,$l)",
		"hist:keys=common_pid:onmatch(sched.sched_switch).fz1(common_pid,common_cpu)",
		"hist:keys=common_pid:onmax($ts0).save(common_pid)",
		"hist:keys=common_pid:p=common_cpu:onmax($p).save(common_pid,common_cpu)",
		"hist:keys=common_pid:c=common_cpu:onchange($c).snapshot()",
		"hist:keys=common_cpu:m=common_pid:onmax($m).snapshot():onchange($m).trace(fz0,$m)",
		"!hist:keys=common_pid:vals=hitcount:c=common_cpu:sort=hitcount:size=2048:onchange($c).snapshot()",
		"hist:keys=common_pid:s=common_stacktrace", "hist:keys=next_pid:f=next_comm",
		"hist:keys=common_pid:onmatch(sched.sched_switch).fz2($f,$s)",
		"hist:keys=common_pid:l=$ts0:onmatch(sched.sched_switch).fz0(sched.sched_switch.prev_pid)",
	};
	static const char *const ops[] = {
		"==", "!=", "<", "<=", ">", ">=", "&", "~",
	};
	const char *w;
	int n = 0;

	switch (f->kind) {
	case K_BOOL:
		return snprintf(out, size, "%u\n", below(2));
	case K_NUM:
		return snprintf(out, size, "%s\n", number());
	case K_SIZE:
		return snprintf(out, size, "%u\n", 8 + below(2048));
	case K_TRACER:
		/*
		 * Not the noise tracers: they take whole CPUs by design,
		 * which would slow every later write; the selftests and
		 * the soak switch them. Nor mmiotrace: it takes every CPU
		 * but one offline while it runs, which makes each switch
		 * to it and from it a CPU hotplug of seconds here and
		 * leaves the fuzz one CPU; its selftest and
		 * current_tracer's switch it.
		 */
		do
			w = pick(tracers, nr_tracers, "nop");
		while (!strcmp(w, "hwlat") || !strcmp(w, "osnoise") ||
		       !strcmp(w, "timerlat") || !strcmp(w, "mmiotrace"));
		return snprintf(out, size, "%s\n", w);
	case K_CLOCK:
		return snprintf(out, size, "%s\n", pick(clocks, nr_clocks, "local"));
	case K_OPTIONS:
		w = pick(opts, nr_opts, "print-parent");
		if (!strncmp(w, "no", 2) && below(2))
			w += 2;
		return snprintf(out, size, "%s\n", w);
	case K_FUNCS:
		w = pick(funcs, nr_funcs, "schedule");
		switch (below(6)) {
		case 0:
			return snprintf(out, size, "%s:%s\n", w,
					cmds[below(ARRAY_SIZE(cmds))]);
		case 1:
			return snprintf(out, size, "!%s\n", w);
		case 2:
			return snprintf(out, size, "%.4s*\n", w);
		case 3:
			return snprintf(out, size, "%s %s\n", w,
					pick(funcs, nr_funcs, "schedule"));
		case 4:
			return snprintf(out, size, "*:mod:%s\n",
					below(2) ? "fentry_test_mod" : "nosuchmod");
		default:
			return snprintf(out, size, "%s\n", w);
		}
	case K_PIDS:
		switch (below(4)) {
		case 0:
			return snprintf(out, size, "%d\n", getpid());
		case 1:
			return snprintf(out, size, "1 %d\n", getpid());
		case 2:
			return snprintf(out, size, "%s\n", number());
		default:
			return snprintf(out, size, "%s%d\n",
					below(2) ? "!" : "", below(400));
		}
	case K_SETEVENT:
		w = pick(events, nr_events, "sched:sched_switch");
		return snprintf(out, size, "%s%s\n", below(3) ? "" : "!", w);
	case K_FILTER:
		if (!below(8))
			return snprintf(out, size, "0\n");
		n = snprintf(out, size, "%s %s %s", field_of(f->event),
			     ops[below(ARRAY_SIZE(ops))], number());
		if (below(3))
			n += snprintf(out + n, size - n, " %s %s == %s",
				      below(2) ? "&&" : "||",
				      field_of(f->event), number());
		return n + snprintf(out + n, size - n, "\n");
	case K_TRIGGER:
		if (!below(8))
			n = snprintf(out, size, "hist:keys=%s:vals=hitcount",
				     field_of(f->event));
		else if (!below(7))
			n = snprintf(out, size, "hist:keys=common_pid:v=%s%c%s",
				     field_of(f->event), "+-*/"[below(4)],
				     below(2) ? number() : field_of(f->event));
		else
			n = snprintf(out, size, "%s",
				     trigs[below(ARRAY_SIZE(trigs))]);
		if (!below(3))
			n += snprintf(out + n, size - n, " if %s == %s",
				      field_of(f->event), number());
		return n + snprintf(out + n, size - n, "\n");
	case K_CPUMASK:
		return snprintf(out, size, "%x\n", below(4) ? 1 + below(3) : below(256));
	case K_CPULIST:
		return snprintf(out, size, "%s\n",
				cpulists[below(ARRAY_SIZE(cpulists))]);
	case K_WORDS:
		/* Never PANIC_ON_STOP or OSNOISE_IRQ_DISABLE: they do as told. */
		return snprintf(out, size, "%s\n",
				words[below(ARRAY_SIZE(words))]);
	case K_TEXT:
		return snprintf(out, size, "tfuzz %u\n", below(100000));
	case K_DEFS:
		w = strrchr(f->path, '/');
		return definition(w ? w + 1 : f->path, out, size);
	default:
		return snprintf(out, size, "%s\n", below(2) ? number() : "1");
	}
}

/* One to three random changes to @buf (@len bytes). */
static size_t mutate(char *buf, size_t len, size_t size)
{
	static const char bytes[] = { 0, '\n', ' ', ':', '*', '!', '\xff',
				      '\xc3', '(', '"', '\\', '&', '|', '-' };
	int n = 1 + below(3);
	size_t at;

	while (n--) {
		at = len ? below(len + 1) : 0;
		switch (below(6)) {
		case 0:		/* flip a bit */
			if (len)
				buf[below(len)] ^= 1 << below(8);
			break;
		case 1:		/* insert a byte */
			if (len + 1 < size) {
				memmove(buf + at + 1, buf + at, len - at);
				buf[at] = below(2) ? bytes[below(sizeof(bytes))] :
						     (char)below(256);
				len++;
			}
			break;
		case 2:		/* delete a byte */
			if (at < len) {
				memmove(buf + at, buf + at + 1, len - at - 1);
				len--;
			}
			break;
		case 3:		/* cut */
			len = at;
			break;
		case 4:		/* repeat it */
			if (len && 2 * len < size) {
				memcpy(buf + len, buf, len);
				len *= 2;
			}
			break;
		default:	/* a number in the middle */
			{
				const char *num = number();
				size_t l = strlen(num);

				if (len + l < size) {
					memmove(buf + at + l, buf + at, len - at);
					memcpy(buf + at, num, l);
					len += l;
				}
			}
		}
	}
	return len;
}

/* The next input for @f, in @buf; its length. */
static size_t input(const struct file *f, char *buf)
{
	size_t len;
	unsigned int r = below(100);

	if (r < 2)
		return 0;					/* empty */
	if (r < 4) {					/* huge */
		len = below(4) ? 4096 + below(3) - 1 : INPUT_MAX - 16;
		memset(buf, below(2) ? 'a' : '1', len);
		return len;
	}
	if (r < 8) {					/* random bytes */
		len = 1 + below(64);
		for (size_t i = 0; i < len; i++)
			buf[i] = (char)below(256);
		return len;
	}
	len = valid(f, buf, INPUT_MAX);
	if (len >= INPUT_MAX)
		len = INPUT_MAX - 1;
	/* Valid input that is slow to take (a tracer switch): rarely. */
	if (f->expensive && below(8))
		r = 99;
	if (r >= 45)
		len = mutate(buf, len, INPUT_MAX);
	return len;
}

/* @len bytes of @s from @from: 256 at most, in hex. */
static void dump_at(const char *what, const char *s, size_t len, size_t from)
{
	size_t i;

	fprintf(stderr, "  %s (%zu bytes", what, len);
	if (from)
		fprintf(stderr, ", from %zu", from);
	fprintf(stderr, "):");
	for (i = from; i < len && i < from + 256; i++)
		fprintf(stderr, " %02x", (unsigned char)s[i]);
	fprintf(stderr, "%s\n", len > from + 256 ? " ..." : "");
}

static void dump(const char *what, const char *s, size_t len)
{
	dump_at(what, s, len, 0);
}

/* A file read otherwise: both reads from a little before they differ. */
static void dump_change(const char *a, size_t la, const char *b, size_t lb)
{
	size_t i = 0;

	while (i < la && i < lb && a[i] == b[i])
		i++;
	i = i > 32 ? i - 32 : 0;
	dump_at("before", a, la, i);
	dump_at("after", b, lb, i);
}

/*
 * Remove what @path lists with "!" lines: its triggers, or its function
 * commands (the lines with a ':'), each without its count and filter.
 */
static void unlist(const char *path, int commands_only)
{
	static char buf[READ_MAX];
	char *line, *save = NULL, *p, cmd[512];

	if (slurp(path, buf, sizeof(buf)) <= 0)
		return;
	for (line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (*line == '#' || (commands_only && !strchr(line, ':')))
			continue;
		p = strstr(line, " if ");
		if (p)
			*p = '\0';
		p = strrchr(line, ':');
		if (p && (!strcmp(p, ":unlimited") || !strncmp(p, ":count=", 7) ||
			  (p[1] >= '0' && p[1] <= '9')))
			*p = '\0';
		snprintf(cmd, sizeof(cmd), "!%s\n", line);
		put(path, cmd, strlen(cmd), O_APPEND);
	}
}

/*
 * Put the tracing state back after @f (NULL: everything): no tracer, no
 * events, tracing on, no snapshot, and @f's own value or list.
 */
static void reset(const struct file *f)
{
	int i;

	put_str("current_tracer", "nop");
	put_str(INST "/current_tracer", "nop");
	put_str("events/enable", "0");
	put_str(INST "/events/enable", "0");
	put_str("tracing_on", "1");
	put_str(INST "/tracing_on", "1");
	put_str("snapshot", "0");
	put_str(INST "/snapshot", "0");
	for (i = 0; i < nr_files; i++) {
		const struct file *g = &files[i];

		/* trace_options changes every option. */
		if (f && g != f && !(f->kind == K_OPTIONS && g->orig))
			continue;
		if (g->orig)
			put_str(g->path, g->orig);
		else if (g->kind == K_FILTER)
			put_str(g->path, "0");
		else if (g->kind == K_TRIGGER)
			unlist(g->path, 0);
		if (g->kind == K_FUNCS)
			unlist(g->path, 1);
		/* A trigger file drops its hist triggers so. */
		if (g->kind == K_FUNCS || g->kind == K_PIDS ||
		    g->kind == K_SETEVENT || g->kind == K_DEFS ||
		    g->kind == K_TRIGGER)
			put(g->path, "", 0, O_TRUNC);
	}
}

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
			      (f->kind > K_ANY && f->kind < K_OPTIONS));
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
 * after @s is written back to it: for a number, a size and a mask.
 */
static int writes_back(const struct file *f, const char *s, ssize_t n)
{
	static char again[READ_MAX];
	ssize_t m;

	if ((f->kind != K_NUM && f->kind != K_SIZE && f->kind != K_CPUMASK) ||
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

int main(int argc, char **argv)
{
	static char before[READ_MAX], after[READ_MAX], in[INPUT_MAX];
	unsigned long long writes = 0, per_file = 10000, crashes = 0;
	unsigned long long changed = 0, abnormal = 0, seed = 1;
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
	rng = seed | 1;
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
	reset(NULL);

	for (i = 0; i < nr_files; i++) {
		struct file *f = &files[i];
		struct timespec t0, t1;
		unsigned long long w;
		long taint = taint_now();
		/*
		 * What the file reads now, kept while writes fail: a rejected
		 * write is checked to leave it so, and only a write that was
		 * taken (or a rejected one that changed it) reads it again.
		 */
		ssize_t lb = 0;
		int have_before = 0;

		if ((only && !strstr(f->path, only)) || i % parts != part)
			continue;
		fuzzed++;
		rng = (seed ^ hash(f->path)) | 1;
		clock_gettime(CLOCK_MONOTONIC, &t0);
		for (w = 0; w < per_file; w++) {
			size_t len = input(f, in), cut;
			int flags = below(4) ? O_TRUNC : O_APPEND;
			int fd, failed = 1, split = len > 1 && !below(8);
			ssize_t la;

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
			writes++;
			cut = split ? 1 + below(len - 1) : len;
			if (write(fd, in, cut) >= 0)
				failed = 0;
			if (split && write(fd, in + cut, len - cut) >= 0)
				failed = 0;
			close(fd);
			if (!failed)
				have_before = 0;
			if (!failed && judged(f)) {
				la = slurp(f->path, after, sizeof(after));
				if (normal_form(f, after, la) &&
				    writes_back(f, after, la))
					continue;
				abnormal++;
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
			changed++;
			fprintf(stderr,
				"tfuzz: changed on reject: seed %llu, %s, write %llu (%s%s)\n",
				seed, f->path, w,
				flags & O_TRUNC ? "O_TRUNC" : "O_APPEND",
				split ? ", split" : "");
			dump("wrote", in, len);
			dump_change(before, lb > 0 ? lb : 0, after,
				    la > 0 ? la : 0);
		}
		if (taint_now() != taint) {
			crashes++;
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
	rmdir(INST);
	if (abnormal)
		printf("%llu read back out of normal form\n", abnormal);
	printf("%llu writes, %d files, %llu crashes, %llu changed-on-reject\n",
	       writes, fuzzed, crashes, changed);
	return crashes || changed || abnormal;
}
