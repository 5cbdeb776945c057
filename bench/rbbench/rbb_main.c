// SPDX-License-Identifier: GPL-2.0
/*
 * B10: the cost of one reserve+commit of the ring buffer, for 8-, 64- and
 * 256-byte payloads, without and with a reader draining the same CPU's
 * ring from another CPU. Results go to the kernel log as
 * "B10.<reader|noreader>_<len>_ns <value>"; the module then refuses to
 * stay loaded.
 *
 * Each figure is the best of RBB_LOOPS timed loops of @events / RBB_LOOPS
 * writes, RBB_GAP_MS apart. Each timed loop follows an untimed pass of
 * @events / 2 writes, which fills the ring again after the reader has
 * drained it during the pause, so that every loop measures the same
 * state: a full ring, overwriting or contended. The host's load comes in
 * bursts of a second or two; loops spread over a few seconds let the best
 * of them fall between bursts.
 */
#include <linux/cpumask.h>
#include <linux/delay.h>
#include <linux/kthread.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/sched.h>

#include "rbbench.h"

#define RBB_LOOPS	10
#define RBB_GAP_MS	100

static unsigned long events = 200000;
module_param(events, ulong, 0444);
MODULE_PARM_DESC(events, "events written per measurement");

static int rbb_reader(void *unused)
{
	while (!kthread_should_stop()) {
		rbb_read(0);
		cond_resched();
	}
	return 0;
}

static void rbb_measure(const char *mode)
{
	static const unsigned int lens[] = { 8, 64, 256 };
	unsigned long i, per_loop = max(events / RBB_LOOPS, 1UL);
	unsigned int l, loop;
	u64 t0, tenths, best;

	for (l = 0; l < ARRAY_SIZE(lens); l++) {
		best = U64_MAX;
		for (loop = 0; loop < RBB_LOOPS; loop++) {
			msleep(RBB_GAP_MS);
			for (i = 0; i < events / 2; i++)
				rbb_write(lens[l]);
			t0 = ktime_get_ns();
			for (i = 0; i < per_loop; i++)
				rbb_write(lens[l]);
			best = min(best, ktime_get_ns() - t0);
		}
		tenths = best * 10 / per_loop;
		pr_info("B10.%s_%u_ns %llu.%llu\n", mode, lens[l],
			tenths / 10, tenths % 10);
	}
}

static int __init rbb_init(void)
{
	struct task_struct *reader;
	int ret;

	if (num_online_cpus() < 2 || !events)
		return -EINVAL;
	ret = set_cpus_allowed_ptr(current, cpumask_of(0));
	if (ret)
		return ret;
	ret = rbb_alloc(1 << 20);
	if (ret)
		goto out;
	rbb_measure("noreader");
	reader = kthread_create(rbb_reader, NULL, "rbb_reader");
	if (!IS_ERR(reader)) {
		kthread_bind(reader, 1);
		wake_up_process(reader);
		rbb_measure("reader");
		kthread_stop(reader);
	}
	rbb_free();
	ret = -EAGAIN;	/* measured; nothing to keep loaded */
out:
	set_cpus_allowed_ptr(current, cpu_possible_mask);
	return ret;
}
module_init(rbb_init);

MODULE_DESCRIPTION("B10 ring buffer benchmark");
MODULE_LICENSE("GPL");
