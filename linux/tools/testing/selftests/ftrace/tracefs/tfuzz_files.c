// SPDX-License-Identifier: GPL-2.0
/*
 * tfuzz's table of files: what is fuzzed, the kind of input each file
 * takes, the words read from tracefs for valid input, and putting the
 * tracing state back between files.
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

struct file files[MAX_FILES];
int nr_files;
int verbose;

/* Words read from tracefs at the start, for valid input. */
char *funcs[MAX_WORDS], *tracers[16], *clocks[16], *opts[64];
char *events[MAX_WORDS];
int nr_funcs, nr_tracers, nr_clocks, nr_opts, nr_events;

void load_words(void)
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

void add_file(const char *path, const char *event)
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
void add_dir(const char *dir, const char *event)
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
void add_events(const char *top)
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
void reset(const struct file *f)
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
		/* A blk tracer file: its device untraced, the options back. */
		blk_reset(g);
	}
}
