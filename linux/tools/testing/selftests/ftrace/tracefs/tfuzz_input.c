// SPDX-License-Identifier: GPL-2.0
/*
 * tfuzz's input: valid input for each kind of file, mutations of it,
 * boundary numbers, empty, huge and random bytes.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "tfuzz.h"

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

const char *number(void)
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

void load_exe(void)
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
	case K_BLKENABLE:
	case K_BLKMASK:
	case K_BLKPID:
	case K_BLKLBA:
		return blk_valid(f, out, size);
	default:
		return snprintf(out, size, "%s\n", below(2) ? number() : "1");
	}
}

/* One to three random changes to @buf (@len bytes). */
size_t mutate(char *buf, size_t len, size_t size)
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
size_t input(const struct file *f, char *buf)
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
