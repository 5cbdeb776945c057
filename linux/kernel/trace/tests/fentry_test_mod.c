// SPDX-License-Identifier: GPL-2.0
/*
 * A module with traceable functions, for the selftests of module call
 * sites: they appear in available_filter_functions when it loads and go
 * when it unloads, and :mod: filters and commands name them.
 *
 * Writing N to /sys/kernel/debug/fentry_test_mod calls
 * fentry_test_mod_outer() N times, which calls fentry_test_mod_inner(),
 * and fires the module's trace event fentry_test:fentry_test_call with
 * n = 0 .. N-1.
 */
#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/module.h>

#define CREATE_TRACE_POINTS
#include "fentry_test_trace.h"

static struct dentry *fentry_test_mod_file;

static noinline __attribute__((__noipa__)) int fentry_test_mod_inner(int x)
{
	barrier();
	return x + 1;
}

static noinline __attribute__((__noipa__)) int fentry_test_mod_outer(int x)
{
	return fentry_test_mod_inner(x) * 2;
}

static ssize_t fentry_test_mod_write(struct file *file, const char __user *buf,
				     size_t count, loff_t *ppos)
{
	unsigned int n, i;
	int ret;

	ret = kstrtouint_from_user(buf, count, 10, &n);
	if (ret)
		return ret;
	for (i = 0; i < n; i++) {
		fentry_test_mod_outer(i);
		trace_fentry_test_call(i, "writer");
	}
	return count;
}

static const struct file_operations fentry_test_mod_fops = {
	.write	= fentry_test_mod_write,
	.llseek	= noop_llseek,
};

static int __init fentry_test_mod_init(void)
{
	/* What a filter kept for this module must see (func_modterm.sh). */
	fentry_test_mod_outer(0);
	fentry_test_mod_file = debugfs_create_file("fentry_test_mod", 0200, NULL,
						   NULL, &fentry_test_mod_fops);
	return 0;
}

static void __exit fentry_test_mod_exit(void)
{
	debugfs_remove(fentry_test_mod_file);
}

module_init(fentry_test_mod_init);
module_exit(fentry_test_mod_exit);
MODULE_DESCRIPTION("Traceable functions for the module call-site selftests");
MODULE_LICENSE("GPL");
