// SPDX-License-Identifier: GPL-2.0
/*
 * Makes a latency when loaded, for the tests of the latency tracers:
 *
 *   modprobe preemptirq_delay_test test_mode=irq delay=500
 *
 * keeps interrupts off (test_mode=irq) or preemption off
 * (test_mode=preempt) for delay microseconds, spinning on the clock in
 * delay_test_irqs_off() or delay_test_preempt_off(), which the tracers
 * then name as where the section started and ended. test_mode=wakeup
 * wakes a real-time kernel thread (delay_test, SCHED_FIFO priority 1) on
 * the loader's CPU from delay_test_wakeup(), which keeps preemption off
 * for delay microseconds before letting it run; test_mode=wakeup_dl does
 * the same with a SCHED_DEADLINE thread. count= repeats it,
 * with the delays changing by step= microseconds each time. stop=1 turns
 * tracing off right after the last one, so that what the tracers kept
 * is not replaced by the system's own sections before a test reads it.
 */
#include <linux/init.h>
#include <linux/completion.h>
#include <linux/err.h>
#include <linux/irqflags.h>
#include <linux/kernel.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/preempt.h>
#include <linux/sched.h>
#include <uapi/linux/sched/types.h>
#include <linux/string.h>
#include <linux/timekeeping.h>

static char test_mode[12] = "irq";
module_param_string(test_mode, test_mode, sizeof(test_mode), 0444);
MODULE_PARM_DESC(test_mode, "irq, preempt, wakeup or wakeup_dl");

static unsigned long delay = 100;
module_param(delay, ulong, 0444);
MODULE_PARM_DESC(delay, "length of the section, in microseconds");

static unsigned int count = 1;
module_param(count, uint, 0444);
MODULE_PARM_DESC(count, "how many sections");

static long step;
module_param(step, long, 0444);
MODULE_PARM_DESC(step, "how much longer each section is than the last (us)");

static bool stop;
module_param(stop, bool, 0444);
MODULE_PARM_DESC(stop, "turn tracing off after the last section");

static void delay_test_spin(unsigned long us)
{
	u64 end = ktime_get_mono_fast_ns() + (u64)us * NSEC_PER_USEC;

	while (ktime_get_mono_fast_ns() < end)
		cpu_relax();
}

static noinline void delay_test_irqs_off(unsigned long us)
{
	unsigned long flags;

	local_irq_save(flags);
	delay_test_spin(us);
	local_irq_restore(flags);
}

static noinline void delay_test_preempt_off(unsigned long us)
{
	preempt_disable();
	delay_test_spin(us);
	preempt_enable();
}

/* test_mode=wakeup: the thread woken, and its handshake with the loader. */
static struct task_struct *delay_test_sleeper;
static DECLARE_COMPLETION(delay_test_asleep);

static int delay_test_sleep(void *unused)
{
	for (;;) {
		/* Asleep before the loader hears so: no wakeup is missed. */
		set_current_state(TASK_INTERRUPTIBLE);
		if (kthread_should_stop())
			break;
		complete(&delay_test_asleep);
		schedule();
	}
	__set_current_state(TASK_RUNNING);
	return 0;
}

/*
 * Wake the thread, keep it off the CPU for @us microseconds, and wait
 * until it sleeps again.
 */
static noinline void delay_test_wakeup(unsigned long us)
{
	preempt_disable();
	wake_up_process(delay_test_sleeper);
	delay_test_spin(us);
	preempt_enable();
	wait_for_completion(&delay_test_asleep);
}

/*
 * A deadline task may not be bound to a CPU, so the thread is let go once
 * it sleeps on the loader's CPU. It is woken there again: a deadline task
 * looks for another CPU only when the one it slept on runs a deadline task.
 */
static int delay_test_make_dl(struct task_struct *t)
{
	/*
	 * Runtime to spare: a throttled thread would be late for reasons of
	 * its own (each wakeup costs hundreds of us under emulation).
	 */
	struct sched_attr attr = {
		.size		= sizeof(attr),
		.sched_policy	= SCHED_DEADLINE,
		.sched_runtime	= 9 * NSEC_PER_MSEC,
		.sched_deadline	= 10 * NSEC_PER_MSEC,
		.sched_period	= 10 * NSEC_PER_MSEC,
	};
	int ret;

	ret = set_cpus_allowed_ptr(t, cpu_possible_mask);
	return ret ?: sched_setattr_nocheck(t, &attr);
}

static int delay_test_wakeups(unsigned int n, bool dl)
{
	struct task_struct *t;
	unsigned int i;
	int ret = 0;

	/* The thread shares the loader's CPU, which stays put meanwhile. */
	migrate_disable();
	t = kthread_create(delay_test_sleep, NULL, "delay_test");
	if (IS_ERR(t)) {
		migrate_enable();
		return PTR_ERR(t);
	}
	set_cpus_allowed_ptr(t, cpumask_of(raw_smp_processor_id()));
	if (!dl)
		sched_set_fifo_low(t);
	delay_test_sleeper = t;
	wake_up_process(t);
	wait_for_completion(&delay_test_asleep);
	if (dl)
		ret = delay_test_make_dl(t);
	if (!ret) {
		delay_test_wakeup(0);
		for (i = 0; i < n; i++)
			delay_test_wakeup(delay + (long)i * step);
	}
	migrate_enable();
	kthread_stop(t);
	return ret;
}

static int __init delay_test_init(void)
{
	void (*fn)(unsigned long us) = NULL;
	unsigned int i;
	int ret = 0;

	if (!strcmp(test_mode, "irq"))
		fn = delay_test_irqs_off;
	else if (!strcmp(test_mode, "preempt"))
		fn = delay_test_preempt_off;
	else if (strcmp(test_mode, "wakeup") && strcmp(test_mode, "wakeup_dl"))
		return -EINVAL;
	if (!count || count > 100 || delay > USEC_PER_SEC * 10 ||
	    abs(step) > USEC_PER_SEC ||
	    (long)delay + (long)(count - 1) * step < 0)
		return -EINVAL;
	/* Emulators translate code on first use: not inside a section. */
	delay_test_spin(1);
	if (fn) {
		for (i = 0; i < count; i++)
			fn(delay + (long)i * step);
	} else {
		ret = delay_test_wakeups(count, !strcmp(test_mode, "wakeup_dl"));
	}
	if (stop)
		tracing_off();
	return ret;
}

static void __exit delay_test_exit(void)
{
}

module_init(delay_test_init);
module_exit(delay_test_exit);
MODULE_DESCRIPTION("Latencies on demand, for the latency tracers' tests");
MODULE_LICENSE("GPL");
