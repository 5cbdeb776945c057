// SPDX-License-Identifier: GPL-2.0
/*
 * The noise tracers' files and text: osnoise/ (top array only, as
 * upstream has it), and the osnoise and timerlat records as the trace file
 * prints them (each tracer prints its own header).
 *
 * A setting is written whole or not at all: numbers are decimal, in range
 * (runtime_us at most period_us, timerlat_period_us from 100 to 1000000);
 * cpus is a CPU list of possible CPUs; options takes one option name, or
 * NO_ and a name to clear it, or DEFAULTS. A change of cpus or options
 * restarts a running tracer's threads; the other settings are read at
 * each period.
 */
#include <linux/cpu.h>
#include <linux/cpumask.h>
#include <linux/kernel.h>
#include <linux/math64.h>
#include <linux/seq_file.h>
#include <linux/string.h>

#include "trace.h"
#include "trace_osnoise.h"

/* A number of osnoise/: where it is, its bounds (NULL: none). */
struct osn_param {
	u64 *val;
	u64 min;
	const u64 *lo;	/* a setting it must be at least */
	const u64 *hi;	/* a setting it must be at most */
	u64 max;
};

enum {
	OSN_P_PERIOD,
	OSN_P_RUNTIME,
	OSN_P_STOP,
	OSN_P_STOP_TOTAL,
	OSN_P_TLAT_PERIOD,
	OSN_P_PRINT_STACK,
};

/* Microseconds that fit in nanoseconds. */
#define OSN_US_MAX	(U64_MAX / NSEC_PER_USEC)

static const struct osn_param osn_params[] = {
	[OSN_P_PERIOD] = { &osn_cfg.period_us, 0, &osn_cfg.runtime_us, NULL,
			   OSN_US_MAX },
	[OSN_P_RUNTIME] = { &osn_cfg.runtime_us, 0, NULL, &osn_cfg.period_us,
			    OSN_US_MAX },
	[OSN_P_STOP] = { &osn_cfg.stop_us, 0, NULL, NULL, OSN_US_MAX },
	[OSN_P_STOP_TOTAL] = { &osn_cfg.stop_total_us, 0, NULL, NULL,
			       OSN_US_MAX },
	[OSN_P_TLAT_PERIOD] = { &osn_cfg.tlat_period_us, 100, NULL, NULL,
				1000000 },
	[OSN_P_PRINT_STACK] = { &osn_cfg.print_stack_us, 0, NULL, NULL,
				OSN_US_MAX },
};

static int osn_param_show(struct seq_file *m, struct trace_array *tr,
			  long arg)
{
	seq_printf(m, "%llu\n", READ_ONCE(*osn_params[arg].val));
	return 0;
}

static int osn_param_store(struct trace_array *tr, const char *val, long arg)
{
	const struct osn_param *p = &osn_params[arg];
	u64 v;

	if (kstrtou64(val, 10, &v))
		return -EINVAL;
	guard(mutex)(&osn_lock);
	if (v < p->min || v > p->max || (p->lo && v < *p->lo) ||
	    (p->hi && v > *p->hi))
		return -EINVAL;
	WRITE_ONCE(*p->val, v);
	return 0;
}

static int osn_cpus_show(struct seq_file *m, struct trace_array *tr,
			 long arg)
{
	guard(mutex)(&osn_lock);
	seq_printf(m, "%*pbl\n", cpumask_pr_args(&osn_cpus));
	return 0;
}

static int osn_cpus_store(struct trace_array *tr, const char *val, long arg)
{
	cpumask_var_t new;
	int ret;

	if (!zalloc_cpumask_var(&new, GFP_KERNEL))
		return -ENOMEM;
	ret = cpulist_parse(val, new);
	if (!ret && !cpumask_subset(new, cpu_possible_mask))
		ret = -EINVAL;
	if (ret) {
		free_cpumask_var(new);
		return ret;
	}
	cpus_read_lock();
	mutex_lock(&osn_lock);
	cpumask_copy(&osn_cpus, new);
	ret = osn_restart();
	mutex_unlock(&osn_lock);
	cpus_read_unlock();
	free_cpumask_var(new);
	return ret;
}

static const char *const osn_opt_names[OSN_NR_OPTS] = {
	[OSN_OPT_WORKLOAD] = "OSNOISE_WORKLOAD",
	[OSN_OPT_PANIC_ON_STOP] = "PANIC_ON_STOP",
	[OSN_OPT_PREEMPT_DISABLE] = "OSNOISE_PREEMPT_DISABLE",
	[OSN_OPT_IRQ_DISABLE] = "OSNOISE_IRQ_DISABLE",
};

static int osn_options_show(struct seq_file *m, struct trace_array *tr,
			    long arg)
{
	unsigned long opts = READ_ONCE(osn_cfg.options);
	int o;

	seq_puts(m, "DEFAULTS");
	for (o = 0; o < OSN_NR_OPTS; o++)
		seq_printf(m, " %s%s", opts & BIT(o) ? "" : "NO_",
			   osn_opt_names[o]);
	seq_putc(m, '\n');
	return 0;
}

static int osn_options_store(struct trace_array *tr, const char *val,
			     long arg)
{
	bool on = !str_has_prefix(val, "NO_");
	const char *name = on ? val : val + 3;
	unsigned long opts;
	int o, ret;

	if (!strcmp(val, "DEFAULTS")) {
		opts = OSN_OPTS_DEFAULT;
	} else {
		o = match_string(osn_opt_names, OSN_NR_OPTS, name);
		if (o < 0)
			return -EINVAL;
		opts = READ_ONCE(osn_cfg.options);
		opts = on ? opts | BIT(o) : opts & ~BIT(o);
	}
	cpus_read_lock();
	mutex_lock(&osn_lock);
	ret = 0;
	if (opts != osn_cfg.options) {
		WRITE_ONCE(osn_cfg.options, opts);
		ret = osn_restart();
	}
	mutex_unlock(&osn_lock);
	cpus_read_unlock();
	return ret;
}

#define OSN_PARAM(n, i)							\
	{ .name = n, .mode = 0640, .scope = TRACE_FS_TOP_ONLY, .arg = i, \
	  .show = osn_param_show, .store = osn_param_store }

static const struct trace_fs_file osn_dir_files[] = {
	TRACE_FS_ATTR("cpus", 0640, TRACE_FS_TOP_ONLY, osn_cpus_show,
		      osn_cpus_store),
	TRACE_FS_ATTR("options", 0640, TRACE_FS_TOP_ONLY, osn_options_show,
		      osn_options_store),
	OSN_PARAM("period_us", OSN_P_PERIOD),
	OSN_PARAM("runtime_us", OSN_P_RUNTIME),
	OSN_PARAM("stop_tracing_us", OSN_P_STOP),
	OSN_PARAM("stop_tracing_total_us", OSN_P_STOP_TOTAL),
	OSN_PARAM("timerlat_period_us", OSN_P_TLAT_PERIOD),
	OSN_PARAM("print_stack", OSN_P_PRINT_STACK),
};

/* osnoise/ and, with timerlat, osnoise/per_cpu/cpuN/timerlat_fd. */
static int osn_fs_populate(const struct trace_fs_dirs *dirs)
{
	struct dentry *dir = trace_fs_mkdir("osnoise", dirs->top);
	struct dentry *per_cpu, *d;
	char name[16];
	int i, cpu, ret;

	if (!dir)
		return -ENOMEM;
	for (i = 0; i < ARRAY_SIZE(osn_dir_files); i++) {
		ret = trace_fs_add(dirs, &osn_dir_files[i],
				   osn_dir_files[i].name, osn_dir_files[i].arg,
				   dir);
		if (ret)
			return ret;
	}
	if (!IS_ENABLED(CONFIG_TIMERLAT_TRACER))
		return 0;
	per_cpu = trace_fs_mkdir("per_cpu", dir);
	if (!per_cpu)
		return -ENOMEM;
	for_each_possible_cpu(cpu) {
		snprintf(name, sizeof(name), "cpu%d", cpu);
		d = trace_fs_mkdir(name, per_cpu);
		if (!d)
			return -ENOMEM;
		ret = trace_fs_add(dirs, &tlat_fd_file, "timerlat_fd", cpu,
				   d);
		if (ret)
			return ret;
	}
	return 0;
}

static struct trace_fs_table osn_fs = {
	.name = "osnoise",
	.order = TRACE_FS_ORDER_LAT + 1,
	.populate = osn_fs_populate,
	.readme =
	"  osnoise/             - the osnoise and timerlat tracers' settings:\n"
	"      cpus             - the CPUs they run on (a CPU list)\n"
	"      period_us        - osnoise's period\n"
	"      runtime_us       - the part of each period osnoise measures\n"
	"      stop_tracing_us  - stop tracing at a noise (timerlat: an IRQ\n"
	"                         latency) over this; 0: never\n"
	"      stop_tracing_total_us - at a period's noise (timerlat: a\n"
	"                         thread latency) over this; 0: never\n"
	"      timerlat_period_us - timerlat's period (100 to 1000000)\n"
	"      print_stack      - timerlat: the IRQ's stack from this thread\n"
	"                         latency (us); 0: never\n"
	"      options          - DEFAULTS, [NO_]OSNOISE_WORKLOAD,\n"
	"                         [NO_]PANIC_ON_STOP, [NO_]OSNOISE_PREEMPT_DISABLE,\n"
	"                         [NO_]OSNOISE_IRQ_DISABLE\n"
	"      per_cpu/cpuN/timerlat_fd - timerlat's user-space thread of CPU N\n",
};

TRACE_FS_REGISTER(osn_fs);

/* The osnoise record after the context columns. */
static void osn_print_rec(struct seq_file *m, const struct trace_ev *ev)
{
	const struct trace_osnoise_rec *r = (const void *)ev->rec;
	u64 ratio = 0, dec;

	if (r->runtime && r->noise <= r->runtime)
		ratio = div64_u64((r->runtime - r->noise) * 10000000ULL,
				  r->runtime);
	ratio = div64_u64_rem(ratio, 100000, &dec);
	seq_printf(m, "%llu %10llu %3llu.%05llu %7llu", r->runtime, r->noise,
		   ratio, dec, r->max_sample);
	seq_printf(m, " %6u %6u %6u %6u %6u\n", r->hw_count, r->nmi_count,
		   r->irq_count, r->softirq_count, r->thread_count);
}

static const char *const tlat_ctx_names[] = {
	[TLAT_CTX_IRQ] = "irq",
	[TLAT_CTX_THREAD] = "thread",
	[TLAT_CTX_USER_RET] = "user-ret",
};

static void tlat_print_rec(struct seq_file *m, const struct trace_ev *ev)
{
	const struct trace_timerlat_rec *r = (const void *)ev->rec;
	const char *ctx = "unknown";

	if (r->context >= 0 && r->context < ARRAY_SIZE(tlat_ctx_names))
		ctx = tlat_ctx_names[r->context];
	seq_printf(m, "#%-5u context %6s timer_latency %9llu ns\n", r->seqnum,
		   ctx, r->timer_latency);
}

static bool osn_print_body(struct seq_file *m, const struct trace_ev *ev)
{
	switch (ev->rec->type) {
	case TRACE_TYPE_OSNOISE:
		if (ev->len < sizeof(struct trace_osnoise_rec))
			return false;
		osn_print_rec(m, ev);
		return true;
	case TRACE_TYPE_TIMERLAT:
		if (ev->len < sizeof(struct trace_timerlat_rec))
			return false;
		tlat_print_rec(m, ev);
		return true;
	}
	return false;
}

static struct trace_printer osn_printer = {
	.body = osn_print_body,
};

TRACE_PRINTER_REGISTER(osn_printer);
