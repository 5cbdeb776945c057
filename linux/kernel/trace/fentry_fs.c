// SPDX-License-Identifier: GPL-2.0
/*
 * The files of dynamic function tracing: the call sites
 * (available_filter_functions and its kin, fentry_list.c) and the
 * function tracer's sets (set_ftrace_filter, set_ftrace_notrace,
 * fentry_filter.c), with their part of the README.
 */
#include <linux/fs.h>
#include <linux/kernel.h>

#include "fentry.h"
#include "trace.h"

static const struct trace_fs_file fentry_files[] = {
	TRACE_FS_FOPS("available_filter_functions", 0440, TRACE_FS_TOP_ONLY,
		      FENTRY_LIST_ALL, &fentry_list_fops),
	TRACE_FS_FOPS("available_filter_functions_addrs", 0440,
		      TRACE_FS_TOP_ONLY, FENTRY_LIST_ADDRS, &fentry_list_fops),
	TRACE_FS_FOPS("enabled_functions", 0440, TRACE_FS_TOP_ONLY,
		      FENTRY_LIST_ENABLED, &fentry_list_fops),
	TRACE_FS_ATTR("dyn_ftrace_total_info", 0440, TRACE_FS_TOP_ONLY,
		      fentry_total_show, NULL),
	TRACE_FS_FOPS("set_ftrace_filter", 0640, TRACE_FS_ARRAY,
		      FENTRY_LIST_FILTER, &fentry_filter_fops),
	TRACE_FS_FOPS("set_ftrace_notrace", 0640, TRACE_FS_ARRAY,
		      FENTRY_LIST_NOTRACE, &fentry_filter_fops),
};

static struct trace_fs_table fentry_fs = {
	.name = "functions",
	.files = fentry_files,
	.nr = ARRAY_SIZE(fentry_files),
	.order = TRACE_FS_ORDER_FENTRY,
	.readme =
	"  available_filter_functions - the functions that can be traced\n"
	"  available_filter_functions_addrs - the same, call address first\n"
	"  enabled_functions    - functions being traced: (users), R for regs\n"
	"  dyn_ftrace_total_info - call sites recorded, record pages, groups\n"
	"  set_ftrace_filter    - trace only these functions (every one when\n"
	"                         empty); taken into use when the file is closed\n"
	"  set_ftrace_notrace   - never trace these functions\n"
	"      accepts: func_full_name, glob-matching-pattern (*, ?, [...]),\n"
	"               N (line N of available_filter_functions),\n"
	"               :mod:<module>, and !<term> to remove. '>' replaces,\n"
	"               '>>' adds. A term that matches nothing: EINVAL, and\n"
	"               the filter is left as it was.\n"
	"      commands (set_ftrace_filter only, applied at once, kept apart\n"
	"               from the filter): <func>:<command>[:count] with\n"
	"               traceon, traceoff, stacktrace, snapshot, dump,\n"
	"               cpudump, enable_event:<sys>:<event>,\n"
	"               disable_event:<sys>:<event>;\n"
	"               '!<func>:<command>' removes one\n",
};

TRACE_FS_REGISTER(fentry_fs);
