// SPDX-License-Identifier: GPL-2.0
/*
 * B14: the cost of a kprobe at a function's entry. The probe sits on the
 * function's ftrace call site (KPROBES_ON_FTRACE), as a kprobe event's
 * or a BPF kprobe's does; its handler does nothing. The same source
 * builds against every kernel. Calls of a noinline function of this
 * module are timed without the probe and with it; the best of three
 * rounds each goes to the kernel log as "B14.<what>_ns <value>", and the
 * module then refuses to stay loaded.
 */
#include <linux/kprobes.h>
#include <linux/ktime.h>
#include <linux/module.h>

static unsigned long calls = 200000;
module_param(calls, ulong, 0444);
MODULE_PARM_DESC(calls, "calls per measurement");

static unsigned long kpb_hits;

/* The probed function: traceable (this module is built with -pg). */
static noinline int kpb_target(int x)
{
	barrier();
	return x + 1;
}

static int kpb_pre(struct kprobe *p, struct pt_regs *regs)
{
	kpb_hits++;
	return 0;
}

static struct kprobe kpb_probe = {
	.symbol_name	= "kpb_target",
	.pre_handler	= kpb_pre,
};

/* Best of three rounds of @calls calls, in tenths of ns per call. */
static u64 kpb_time(void)
{
	u64 t0, best = U64_MAX;
	unsigned long i;
	int round, sink = 0;

	for (round = 0; round < 3; round++) {
		t0 = ktime_get_ns();
		for (i = 0; i < calls; i++)
			sink += kpb_target(i);
		best = min(best, ktime_get_ns() - t0);
	}
	barrier_data(&sink);
	return best * 10 / calls;
}

static int __init kpb_init(void)
{
	u64 bare, probed;
	int ret;

	if (!calls)
		return -EINVAL;
	bare = kpb_time();
	ret = register_kprobe(&kpb_probe);
	if (ret) {
		pr_info("B14 register_kprobe: %d\n", ret);
		return ret;
	}
	probed = kpb_time();
	unregister_kprobe(&kpb_probe);
	if (kpb_hits < 3 * calls) {
		pr_info("B14 the probe missed hits: %lu\n", kpb_hits);
		return -EIO;
	}
	pr_info("B14.bare_ns %llu.%llu\n", bare / 10, bare % 10);
	pr_info("B14.kprobe_ns %llu.%llu\n", probed / 10, probed % 10);
	pr_info("B14.hit_ns %llu.%llu\n", (probed - min(bare, probed)) / 10,
		(probed - min(bare, probed)) % 10);
	return -EAGAIN;	/* measured; nothing to keep loaded */
}
module_init(kpb_init);

MODULE_DESCRIPTION("B14 kprobe-at-entry benchmark");
MODULE_LICENSE("GPL");
