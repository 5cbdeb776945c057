// SPDX-License-Identifier: GPL-2.0
/*
 * The soak's writer (make soak): a thread on each CPU writes the event
 * trace_soak:soak_seq in bursts, numbering each CPU's records 1, 2, 3,
 * ... in the order they are written there, so that a reader can tell
 * every record that went missing from the numbers, and check that the
 * ring buffer counted exactly those as lost. The threads follow CPU
 * hotplug (smpboot).
 *
 * /sys/kernel/debug/trace_soak: reading gives each CPU's last number
 * ("cpuN SEQ" lines); writing 1 starts the writers (once), writing 0
 * stops them for good, and returns once no record is being written any
 * more.
 */
#include <linux/debugfs.h>
#include <linux/delay.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/percpu.h>
#include <linux/rcupdate.h>
#include <linux/seq_file.h>
#include <linux/smpboot.h>

#define CREATE_TRACE_POINTS
#include "trace_soak_trace.h"

static unsigned int burst = 16;
module_param(burst, uint, 0444);
MODULE_PARM_DESC(burst, "records a thread writes before it sleeps");
static unsigned int pause_us = 200;
module_param(pause_us, uint, 0444);
MODULE_PARM_DESC(pause_us, "its sleep between bursts, in microseconds");

/* The writers write while this is set: set once, then cleared for good. */
static bool soak_on;
static bool soak_started;
static DEFINE_PER_CPU(u64, soak_seq);
static DEFINE_PER_CPU(struct task_struct *, soak_task);
static struct dentry *soak_file;

static int soak_should_run(unsigned int cpu)
{
	return READ_ONCE(soak_on);
}

static void soak_write(unsigned int cpu)
{
	unsigned int i;

	for (i = 0; i < burst; i++) {
		/*
		 * The number and its record in one section without
		 * preemption, where the stop is checked: the stop's grace
		 * period waits for each section that saw the writers on.
		 */
		preempt_disable();
		if (READ_ONCE(soak_on))
			trace_soak_seq(cpu, __this_cpu_inc_return(soak_seq));
		preempt_enable();
	}
	usleep_range(pause_us, pause_us * 2);
}

static struct smp_hotplug_thread soak_threads = {
	.store			= &soak_task,
	.thread_should_run	= soak_should_run,
	.thread_fn		= soak_write,
	.thread_comm		= "trace_soak/%u",
};

static int soak_show(struct seq_file *m, void *v)
{
	unsigned int cpu;

	for_each_possible_cpu(cpu)
		seq_printf(m, "cpu%u %llu\n", cpu, per_cpu(soak_seq, cpu));
	return 0;
}

static int soak_open(struct inode *inode, struct file *file)
{
	return single_open(file, soak_show, NULL);
}

static ssize_t soak_ctl(struct file *file, const char __user *buf,
			size_t count, loff_t *ppos)
{
	unsigned int v, cpu;
	int ret;

	ret = kstrtouint_from_user(buf, count, 10, &v);
	if (ret)
		return ret;
	if (v > 1)
		return -EINVAL;
	if (v) {
		if (soak_started)
			return -EBUSY;
		soak_started = true;
		WRITE_ONCE(soak_on, true);
		for_each_online_cpu(cpu)
			wake_up_process(per_cpu(soak_task, cpu));
		return count;
	}
	WRITE_ONCE(soak_on, false);
	/* Every section that saw the writers on has ended. */
	synchronize_rcu();
	return count;
}

static const struct file_operations soak_fops = {
	.owner		= THIS_MODULE,
	.open		= soak_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= single_release,
	.write		= soak_ctl,
};

static int __init soak_init(void)
{
	int ret;

	soak_file = debugfs_create_file("trace_soak", 0600, NULL, NULL,
					&soak_fops);
	ret = smpboot_register_percpu_thread(&soak_threads);
	if (ret)
		debugfs_remove(soak_file);
	return ret;
}

static void __exit soak_exit(void)
{
	/* No write can start the threads once they go. */
	debugfs_remove(soak_file);
	smpboot_unregister_percpu_thread(&soak_threads);
}

module_init(soak_init);
module_exit(soak_exit);
MODULE_DESCRIPTION("The soak's writer: numbered records on every CPU");
MODULE_LICENSE("GPL");
