// SPDX-License-Identifier: GPL-2.0
/*
 * Stress writers in interrupt context, for the tracefs stress selftest.
 *
 * Writing N to /sys/kernel/debug/trace_stress starts, on every online
 * CPU, a pinned hrtimer that writes N print records from hard interrupt
 * context ("@@H<cpu> <seq>"), each firing also scheduling a tasklet that
 * writes N from softirq context ("@@B<cpu> <seq>"). They nest inside
 * whatever the CPU was writing. Reading the file gives the number of CPUs
 * still writing. The selftest adds task-context writers and readers, and
 * checks that every record is read once, intact, or counted lost.
 */
#include <linux/debugfs.h>
#include <linux/hrtimer.h>
#include <linux/interrupt.h>
#include <linux/kernel.h>
#include <linux/percpu.h>
#include <linux/smp.h>

#include "../trace.h"

#define TST_PERIOD_NS	(20 * NSEC_PER_USEC)

/**
 * struct tst_cpu - one CPU's interrupt-context writers
 * @timer:	the hrtimer writing from hard interrupt context
 * @bh:		the tasklet writing from softirq context
 * @hseq:	next sequence number of @timer; only @timer touches it
 * @bseq:	next sequence number of @bh; written by @bh, read by @timer
 *		(both on this CPU)
 * @cpu:	the CPU
 */
struct tst_cpu {
	struct hrtimer timer;
	struct tasklet_struct bh;
	unsigned long hseq;
	unsigned long bseq;
	int cpu;
};

static DEFINE_PER_CPU(struct tst_cpu, tst_cpus);
static unsigned long tst_n;		/* records per CPU and context */
static atomic_t tst_running;		/* CPUs whose writers have not ended */
static DEFINE_MUTEX(tst_lock);		/* serialises starts */

static void tst_write(char ctx, int cpu, unsigned long seq)
{
	char text[32];
	int len = scnprintf(text, sizeof(text), "@@%c%d %lu\n", ctx, cpu, seq);

	trace_print_write(&trace_top_buf, _THIS_IP_, text, len);
}

static void tst_bh_fn(struct tasklet_struct *t)
{
	struct tst_cpu *c = from_tasklet(c, t, bh);

	if (c->bseq < tst_n) {
		tst_write('B', c->cpu, c->bseq);
		WRITE_ONCE(c->bseq, c->bseq + 1);
	}
}

static enum hrtimer_restart tst_timer_fn(struct hrtimer *t)
{
	struct tst_cpu *c = container_of(t, struct tst_cpu, timer);

	if (c->hseq < tst_n)
		tst_write('H', c->cpu, c->hseq++);
	if (READ_ONCE(c->bseq) < tst_n) {
		tasklet_hi_schedule(&c->bh);
	} else if (c->hseq >= tst_n) {
		atomic_dec(&tst_running);
		return HRTIMER_NORESTART;
	}
	hrtimer_forward_now(t, ns_to_ktime(TST_PERIOD_NS));
	return HRTIMER_RESTART;
}

/* On the CPU itself, so that the timer is pinned there. */
static void tst_start_cpu(void *arg)
{
	struct tst_cpu *c = arg;

	hrtimer_start(&c->timer, ns_to_ktime(TST_PERIOD_NS),
		      HRTIMER_MODE_REL_PINNED_HARD);
}

static int tst_get(void *data, u64 *val)
{
	*val = atomic_read(&tst_running);
	return 0;
}

static int tst_set(void *data, u64 val)
{
	int cpu;

	if (!val || val > INT_MAX)
		return -EINVAL;
	guard(mutex)(&tst_lock);
	if (atomic_read(&tst_running))
		return -EBUSY;
	tst_n = val;
	cpus_read_lock();
	for_each_online_cpu(cpu) {
		struct tst_cpu *c = per_cpu_ptr(&tst_cpus, cpu);

		/* A previous run's tasklet may still be queued: let it end. */
		tasklet_kill(&c->bh);
		c->hseq = 0;
		c->bseq = 0;
		c->cpu = cpu;
		atomic_inc(&tst_running);
		smp_call_function_single(cpu, tst_start_cpu, c, 1);
	}
	cpus_read_unlock();
	return 0;
}

DEFINE_DEBUGFS_ATTRIBUTE(tst_fops, tst_get, tst_set, "%llu\n");

static int __init tst_init(void)
{
	int cpu;

	for_each_possible_cpu(cpu) {
		struct tst_cpu *c = per_cpu_ptr(&tst_cpus, cpu);

		hrtimer_init(&c->timer, CLOCK_MONOTONIC, HRTIMER_MODE_REL_HARD);
		c->timer.function = tst_timer_fn;
		tasklet_setup(&c->bh, tst_bh_fn);
	}
	debugfs_create_file_unsafe("trace_stress", 0600, NULL, NULL, &tst_fops);
	return 0;
}
late_initcall(tst_init);
