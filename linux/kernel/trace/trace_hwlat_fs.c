// SPDX-License-Identifier: GPL-2.0
/*
 * The hwlat tracer's files, hwlat_detector/width, window and mode, and
 * the text of its records (trace_hwlat.c samples).
 */
#include <linux/kernel.h>
#include <linux/seq_file.h>
#include <linux/string.h>

#include "trace.h"
#include "trace_hwlat.h"

static const char *const hwlat_mode_names[HWLAT_NR_MODES] = {
	[HWLAT_MODE_NONE]	= "none",
	[HWLAT_MODE_RR]		= "round-robin",
	[HWLAT_MODE_PER_CPU]	= "per-cpu",
};

/* hwlat_detector/width and window: microseconds. */
static int hwlat_us_show(struct seq_file *m, struct trace_array *tr,
			 long window)
{
	seq_printf(m, "%llu\n", window ? hwlat_window() : hwlat_width());
	return 0;
}

static int hwlat_us_store(struct trace_array *tr, const char *val,
			  long window)
{
	u64 us;

	if (kstrtou64(val, 0, &us))
		return -EINVAL;
	return window ? hwlat_set_window(us) : hwlat_set_width(us);
}

/* hwlat_detector/mode: every mode, the current one in brackets. */
static int hwlat_mode_show(struct seq_file *m, struct trace_array *tr,
			   long unused)
{
	enum hwlat_mode cur = hwlat_get_mode();
	unsigned int i;

	for (i = 0; i < HWLAT_NR_MODES; i++)
		seq_printf(m, i == cur ? "%s[%s]" : "%s%s", i ? " " : "",
			   hwlat_mode_names[i]);
	seq_putc(m, '\n');
	return 0;
}

static int hwlat_mode_store(struct trace_array *tr, const char *val,
			    long unused)
{
	int i = match_string(hwlat_mode_names, HWLAT_NR_MODES, val);

	return i < 0 ? -EINVAL : hwlat_set_mode(i);
}

static const struct trace_fs_file hwlat_files[] = {
	{ .name = "width", .mode = 0640, .scope = TRACE_FS_TOP_ONLY, .arg = 0,
	  .show = hwlat_us_show, .store = hwlat_us_store },
	{ .name = "window", .mode = 0640, .scope = TRACE_FS_TOP_ONLY, .arg = 1,
	  .show = hwlat_us_show, .store = hwlat_us_store },
	TRACE_FS_ATTR("mode", 0640, TRACE_FS_TOP_ONLY, hwlat_mode_show,
		      hwlat_mode_store),
};

/* hwlat_detector/ of the top array: the settings are global. */
static int hwlat_fs_populate(const struct trace_fs_dirs *dirs)
{
	struct dentry *dir = trace_fs_mkdir("hwlat_detector", dirs->top);
	unsigned int i;
	int ret = 0;

	if (!dir)
		return -ENOMEM;
	for (i = 0; i < ARRAY_SIZE(hwlat_files) && !ret; i++)
		ret = trace_fs_add(dirs, &hwlat_files[i], hwlat_files[i].name,
				   hwlat_files[i].arg, dir);
	return ret;
}

static struct trace_fs_table hwlat_fs = {
	.name = "hwlat",
	.order = TRACE_FS_ORDER_LAT,
	.populate = hwlat_fs_populate,
	.readme =
	"  hwlat_detector/      - the hwlat tracer's settings:\n"
	"      width            - how long each sample spins, interrupts off (us)\n"
	"      window           - the period of the samples (us), above width\n"
	"      mode             - none, round-robin (across tracing_cpumask)\n"
	"                         or per-cpu (a thread on each of its CPUs)\n",
};

TRACE_FS_REGISTER(hwlat_fs);

/* A hwlat record, after the context columns. */
static bool hwlat_print_body(struct seq_file *m, const struct trace_ev *ev)
{
	const struct trace_hwlat_rec *r = (const void *)ev->rec;

	if (ev->rec->type != TRACE_TYPE_HWLAT || ev->len < sizeof(*r))
		return false;
	if (trace_ev_opt(ev, TRACE_OPT_RAW)) {
		seq_printf(m, "%llu %lld %lld %09ld %u\n", r->inner, r->outer,
			   r->tv_sec, r->tv_nsec, r->seqnum);
		return true;
	}
	seq_printf(m, "#%-5u inner/outer(us): %4llu/%-5llu ts:%lld.%09ld count:%u",
		   r->seqnum, r->inner, r->outer, r->tv_sec, r->tv_nsec,
		   r->count);
	if (r->nmi_count)
		seq_printf(m, " nmi-total:%llu nmi-count:%u", r->nmi_total,
			   r->nmi_count);
	seq_putc(m, '\n');
	return true;
}

static struct trace_printer hwlat_printer = {
	.body = hwlat_print_body,
};

TRACE_PRINTER_REGISTER(hwlat_printer);
