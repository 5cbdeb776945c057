// SPDX-License-Identifier: GPL-2.0
/*
 * Makes a latency when loaded, for the tests of the latency tracers:
 *
 *   modprobe preemptirq_delay_test test_mode=irq delay=500
 *
 * keeps interrupts off (test_mode=irq) or preemption off
 * (test_mode=preempt) for delay microseconds, spinning on the clock in
 * delay_test_irqs_off() or delay_test_preempt_off(), which the tracers
 * then name as where the section started and ended. count= repeats it,
 * with the delays changing by step= microseconds each time. stop=1 turns
 * tracing off right after the last one, so that what the tracers kept
 * is not replaced by the system's own sections before a test reads it.
 */
#include <linux/init.h>
#include <linux/irqflags.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/preempt.h>
#include <linux/string.h>
#include <linux/timekeeping.h>

static char test_mode[12] = "irq";
module_param_string(test_mode, test_mode, sizeof(test_mode), 0444);
MODULE_PARM_DESC(test_mode, "irq or preempt");

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

static int __init delay_test_init(void)
{
	void (*fn)(unsigned long us);
	unsigned int i;

	if (!strcmp(test_mode, "irq"))
		fn = delay_test_irqs_off;
	else if (!strcmp(test_mode, "preempt"))
		fn = delay_test_preempt_off;
	else
		return -EINVAL;
	if (!count || count > 100 || delay > USEC_PER_SEC * 10 ||
	    abs(step) > USEC_PER_SEC ||
	    (long)delay + (long)(count - 1) * step < 0)
		return -EINVAL;
	/* Emulators translate code on first use: not inside a section. */
	delay_test_spin(1);
	for (i = 0; i < count; i++)
		fn(delay + (long)i * step);
	if (stop)
		tracing_off();
	return 0;
}

static void __exit delay_test_exit(void)
{
}

module_init(delay_test_init);
module_exit(delay_test_exit);
MODULE_DESCRIPTION("Latencies on demand, for the latency tracers' tests");
MODULE_LICENSE("GPL");
