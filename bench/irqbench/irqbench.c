// SPDX-License-Identifier: GPL-2.0
/*
 * B11: the cost of one local_irq_disable()/local_irq_enable() pair, under
 * whatever tracer is current (nop or irqsoff). The same source builds
 * against every kernel. The result goes to the kernel log as
 * "B11.<tag>_pair_ns <value>"; the module then refuses to stay loaded.
 */
#include <linux/irqflags.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/preempt.h>

static unsigned long pairs = 200000;
module_param(pairs, ulong, 0444);
MODULE_PARM_DESC(pairs, "pairs per measurement");

static char *tag = "nop";
module_param(tag, charp, 0444);
MODULE_PARM_DESC(tag, "name of the measurement");

static noinline void irqb_loop(unsigned long n)
{
	unsigned long i;

	for (i = 0; i < n; i++) {
		local_irq_disable();
		barrier();
		local_irq_enable();
	}
}

static int __init irqb_init(void)
{
	u64 t0, best = U64_MAX, tenths;
	int round;

	if (!pairs)
		return -EINVAL;
	/*
	 * A warm-up: with irqsoff current, the first sections are new
	 * maxima and write records and stacks; later ones do not.
	 */
	irqb_loop(pairs / 10);
	for (round = 0; round < 3; round++) {
		t0 = ktime_get_ns();
		irqb_loop(pairs);
		best = min(best, ktime_get_ns() - t0);
	}
	tenths = best * 10 / pairs;
	pr_info("B11.%s_pair_ns %llu.%llu\n", tag, tenths / 10, tenths % 10);
	return -EAGAIN;	/* measured; nothing to keep loaded */
}
module_init(irqb_init);

MODULE_DESCRIPTION("B11 interrupt disable/enable pair benchmark");
MODULE_LICENSE("GPL");
