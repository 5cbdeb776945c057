// SPDX-License-Identifier: GPL-2.0
/*
 * set_event and available_events: the events by name, "system:event".
 *
 * A write to set_event is a list of terms separated by white space:
 *
 *   system:event	that event (either part a glob; an empty one is *)
 *   name		every event called name, and every event of the
 *			system called name
 *   !term		stops what term names, instead of starting it
 *
 * Opening set_event with O_TRUNC stops every event first. A term that
 * names no event fails the write with EINVAL before anything changes.
 * Reading it lists the events that record. trace_event= on the command
 * line takes the same terms, separated by commas.
 */
#include <linux/fs.h>
#include <linux/glob.h>
#include <linux/init.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <asm/setup.h>

#include "trace.h"
#include "trace_ev_core.h"

/* Longest write to set_event, NUL included. */
#define TRACE_EV_SET_MAX	PAGE_SIZE

static bool trace_ev_term_match(const char *term, const struct trace_ev_rt *rt)
{
	const char *colon = strchr(term, ':');
	const char *ev = colon ? colon + 1 : term;
	char sys[64];

	if (!colon)
		return glob_match(term, rt->call->name) ||
		       glob_match(term, rt->sys->name);
	if (colon - term >= sizeof(sys))
		return false;
	memcpy(sys, term, colon - term);
	sys[colon - term] = '\0';
	return (!*sys || glob_match(sys, rt->sys->name)) &&
	       (!*ev || glob_match(ev, rt->call->name));
}

/* Apply (or with @dry, only check) one term; -EINVAL if it names none. */
static int trace_ev_term(const char *term, bool dry)
{
	bool on = *term != '!';
	struct trace_ev_rt *rt;
	int ret = -EINVAL, err;

	if (!on)
		term++;
	if (!*term)
		return -EINVAL;
	for (rt = trace_ev_next(NULL); rt; rt = trace_ev_next(rt)) {
		if (!trace_ev_term_match(term, rt))
			continue;
		if (ret == -EINVAL)
			ret = 0;
		if (dry)
			continue;
		err = trace_ev_set_locked(rt, on);
		ret = ret ?: err;
	}
	return ret;
}

static int trace_ev_terms(const char *text, bool dry)
{
	char *buf = kstrdup(text, GFP_KERNEL), *rest = buf, *term;
	int ret = 0;

	if (!buf)
		return -ENOMEM;
	while (!ret && (term = strsep(&rest, " \t\n")) != NULL) {
		if (*term)
			ret = trace_ev_term(term, dry);
	}
	kfree(buf);
	return ret;
}

static void trace_ev_stop_all(void)
{
	struct trace_ev_rt *rt;

	mutex_lock(&trace_ev_lock);
	for (rt = trace_ev_next(NULL); rt; rt = trace_ev_next(rt))
		trace_ev_set_locked(rt, false);
	mutex_unlock(&trace_ev_lock);
}

/* Both files list events: set_event those that record, the other all. */
static int trace_ev_list_show(struct seq_file *m, void *unused)
{
	bool all = m->private;
	struct trace_ev_rt *rt;

	mutex_lock(&trace_ev_lock);
	for (rt = trace_ev_next(NULL); rt; rt = trace_ev_next(rt)) {
		if (all || trace_ev_is_on(rt))
			seq_printf(m, "%s:%s\n", rt->sys->name, rt->call->name);
	}
	mutex_unlock(&trace_ev_lock);
	return 0;
}

static int trace_ev_set_open(struct inode *inode, struct file *file)
{
	if ((file->f_mode & FMODE_WRITE) && (file->f_flags & O_TRUNC))
		trace_ev_stop_all();
	return single_open(file, trace_ev_list_show, NULL);
}

static ssize_t trace_ev_set_write(struct file *file, const char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	char *buf;
	int ret;

	if (cnt >= TRACE_EV_SET_MAX)
		return -EINVAL;
	buf = memdup_user_nul(ubuf, cnt);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	mutex_lock(&trace_ev_lock);
	ret = trace_ev_terms(buf, true) ?: trace_ev_terms(buf, false);
	mutex_unlock(&trace_ev_lock);
	kfree(buf);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

const struct file_operations trace_ev_set_fops = {
	.open		= trace_ev_set_open,
	.read		= seq_read,
	.write		= trace_ev_set_write,
	.llseek		= seq_lseek,
	.release	= single_release,
};

static int trace_ev_avail_open(struct inode *inode, struct file *file)
{
	return single_open(file, trace_ev_list_show, (void *)1);
}

/* trace_event=<term>[,<term>...] on the command line: set_event's terms. */
static char trace_ev_boot[COMMAND_LINE_SIZE] __initdata;

static int __init trace_ev_boot_setup(char *str)
{
	strscpy(trace_ev_boot, str);
	return 1;
}
__setup("trace_event=", trace_ev_boot_setup);

/*
 * Start the events trace_event= names, once the events of vmlinux and
 * the syscalls are registered. A term that names no event is reported
 * and skipped.
 */
static void __init trace_ev_boot_apply(void)
{
	char *rest = trace_ev_boot, *term;

	mutex_lock(&trace_ev_lock);
	while ((term = strsep(&rest, ",")) != NULL) {
		if (*term && trace_ev_term(term, false))
			pr_warn("tracing: trace_event=: no event %s\n", term);
	}
	mutex_unlock(&trace_ev_lock);
}

const struct file_operations trace_ev_avail_fops = {
	.open		= trace_ev_avail_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= single_release,
};

/* Its hook runs at init only: __refdata for the reference to __init code. */
static struct trace_ev_client trace_ev_set_client __refdata = {
	.boot = trace_ev_boot_apply,
};

static int __init trace_ev_set_init(void)
{
	trace_ev_client_register(&trace_ev_set_client);
	return 0;
}
core_initcall(trace_ev_set_init);
