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
 * Opening set_event with O_TRUNC stops every event, at the first write
 * that succeeds (or at the close, when none failed). A term that names no
 * event fails the write with EINVAL before anything changes.
 * Reading it lists the events that record. trace_event= on the command
 * line takes the same terms, separated by commas.
 */
#include <linux/fs.h>
#include <linux/glob.h>
#include <linux/init.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/trace.h>
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

/*
 * Apply (or with @dry, only check) one term to the events of @arr (NULL:
 * the top array's); -EINVAL if it names none.
 */
static int trace_ev_term(struct trace_ev_arr *arr, const char *term,
			 bool dry)
{
	struct trace_ev_walk w = { .arr = arr };
	bool on = *term != '!';
	int ret = -EINVAL, err;

	if (!on)
		term++;
	if (!*term)
		return -EINVAL;
	while (trace_ev_walk_next(&w)) {
		if (!trace_ev_term_match(term, w.rt))
			continue;
		if (ret == -EINVAL)
			ret = 0;
		if (dry)
			continue;
		err = trace_ev_walk_set(&w, on);
		ret = ret ?: err;
	}
	return ret;
}

static int trace_ev_terms(struct trace_ev_arr *arr, const char *text,
			  bool dry)
{
	char *buf = kstrdup(text, GFP_KERNEL), *rest = buf, *term;
	int ret = 0;

	if (!buf)
		return -ENOMEM;
	while (!ret && (term = strsep(&rest, " \t\n")) != NULL) {
		if (*term)
			ret = trace_ev_term(arr, term, dry);
	}
	kfree(buf);
	return ret;
}

static void trace_ev_stop_all_locked(struct trace_ev_arr *arr)
{
	struct trace_ev_walk w = { .arr = arr };

	lockdep_assert_held(&trace_ev_lock);
	while (trace_ev_walk_next(&w))
		trace_ev_walk_set(&w, false);
}

/**
 * trace_ev_set_apply() - write terms to a trace array's set_event
 * @tr:		the array
 * @text:	the terms, separated by white space
 *
 * As a write() of set_event (not opened with O_TRUNC): every term is
 * checked before any is applied.
 *
 * Return: 0, -EINVAL when a term names no event (nothing changes), the
 * errno of registering an event's probe, or -ENOMEM.
 */
int trace_ev_set_apply(struct trace_array *tr, const char *text)
{
	struct trace_ev_arr *arr;

	guard(mutex)(&trace_ev_lock);
	arr = trace_ev_arr_of(tr);
	return trace_ev_terms(arr, text, true) ?:
	       trace_ev_terms(arr, text, false);
}

/**
 * struct trace_ev_set_file - one open of set_event
 * @tr:		its trace array
 * @truncate:	opened with O_TRUNC for writing, and the events not yet
 *		stopped: the first write that succeeds (or the close, when
 *		none failed) stops them
 * @failed:	a write failed
 */
struct trace_ev_set_file {
	struct trace_array *tr;
	bool truncate, failed;
};

/* Both files list events: set_event those that record, the other all. */
static int trace_ev_list_show(struct seq_file *m, void *unused)
{
	struct trace_ev_set_file *sf = m->private;
	struct trace_array *tr = sf ? sf->tr : NULL;
	struct trace_ev_walk w = { };

	guard(mutex)(&trace_ev_lock);
	if (tr)
		w.arr = trace_ev_arr_of(tr);
	while (trace_ev_walk_next(&w)) {
		if (!tr || trace_ev_walk_is_on(&w))
			seq_printf(m, "%s:%s\n", w.rt->sys->name,
				   w.rt->call->name);
	}
	return 0;
}

static struct trace_ev_set_file *trace_ev_set_of(struct file *file)
{
	struct seq_file *m = file->private_data;

	return m->private;
}

static int trace_ev_set_open(struct inode *inode, struct file *file)
{
	struct trace_ev_set_file *sf = kzalloc(sizeof(*sf), GFP_KERNEL);
	int ret;

	if (!sf)
		return -ENOMEM;
	sf->tr = trace_fs_array(inode);
	sf->truncate = (file->f_mode & FMODE_WRITE) &&
		       (file->f_flags & O_TRUNC);
	ret = single_open(file, trace_ev_list_show, sf);
	if (ret)
		kfree(sf);
	return ret;
}

static ssize_t trace_ev_set_write(struct file *file, const char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	struct trace_ev_set_file *sf = trace_ev_set_of(file);
	struct trace_ev_arr *arr;
	char *buf;
	int ret;

	if (cnt >= TRACE_EV_SET_MAX) {
		sf->failed = true;
		return -EINVAL;
	}
	buf = memdup_user_nul(ubuf, cnt);
	if (IS_ERR(buf)) {
		sf->failed = true;
		return PTR_ERR(buf);
	}
	mutex_lock(&trace_ev_lock);
	arr = trace_ev_arr_of(sf->tr);
	ret = trace_ev_terms(arr, buf, true);
	if (!ret && sf->truncate) {
		trace_ev_stop_all_locked(arr);
		sf->truncate = false;
	}
	ret = ret ?: trace_ev_terms(arr, buf, false);
	mutex_unlock(&trace_ev_lock);
	kfree(buf);
	if (ret) {
		sf->failed = true;
		return ret;
	}
	*ppos += cnt;
	return cnt;
}

static int trace_ev_set_release(struct inode *inode, struct file *file)
{
	struct trace_ev_set_file *sf = trace_ev_set_of(file);

	if (sf->truncate && !sf->failed) {
		guard(mutex)(&trace_ev_lock);
		trace_ev_stop_all_locked(trace_ev_arr_of(sf->tr));
	}
	kfree(sf);
	return single_release(inode, file);
}

static const struct file_operations trace_ev_set_fops = {
	.open		= trace_ev_set_open,
	.read		= seq_read,
	.write		= trace_ev_set_write,
	.llseek		= seq_lseek,
	.release	= trace_ev_set_release,
};

static int trace_ev_avail_open(struct inode *inode, struct file *file)
{
	return single_open(file, trace_ev_list_show, NULL);
}

/* trace_event=<term>[,<term>...] on the command line: set_event's terms. */
static char trace_ev_boot[COMMAND_LINE_SIZE] __initdata;

static int __init trace_ev_boot_setup(char *str)
{
	strscpy(trace_ev_boot, str);
	return 1;
}
__setup("trace_event=", trace_ev_boot_setup);

/* The terms left for trace_ev_boot_apply(), separated by commas. */
static char trace_ev_boot_late[COMMAND_LINE_SIZE] __initdata;

/**
 * trace_ev_boot_early() - start the events trace_event= names, from
 * trace_init()
 *
 * Before the initcalls, with the events of vmlinux: what a term names
 * records from here on. A term that names none yet (a syscall's event),
 * or has a wildcard, is left for trace_ev_boot_apply(), which does it
 * again once every event of vmlinux is there.
 */
void __init trace_ev_boot_early(void)
{
	char *rest = trace_ev_boot, *term;

	guard(mutex)(&trace_ev_lock);
	while ((term = strsep(&rest, ",")) != NULL) {
		if (!*term || (!trace_ev_term(NULL, term, false) &&
			       !strchr(term, '*')))
			continue;
		if (trace_ev_boot_late[0])
			strlcat(trace_ev_boot_late, ",",
				sizeof(trace_ev_boot_late));
		strlcat(trace_ev_boot_late, term, sizeof(trace_ev_boot_late));
	}
}

/*
 * The terms trace_ev_boot_early() left, once the syscalls' events are
 * registered too: a term that names no event is reported and skipped.
 */
static void __init trace_ev_boot_apply(void)
{
	char *rest = trace_ev_boot_late, *term;

	mutex_lock(&trace_ev_lock);
	while ((term = strsep(&rest, ",")) != NULL) {
		if (*term && trace_ev_term(NULL, term, false))
			pr_warn("tracing: trace_event=: no event %s\n", term);
	}
	mutex_unlock(&trace_ev_lock);
}

static const struct file_operations trace_ev_avail_fops = {
	.open		= trace_ev_avail_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= single_release,
};

static const struct trace_fs_file trace_ev_set_files[] = {
	TRACE_FS_FOPS("set_event", 0640, TRACE_FS_ARRAY, RING_BUFFER_ALL_CPUS,
		      &trace_ev_set_fops),
	TRACE_FS_FOPS("available_events", 0440, TRACE_FS_TOP_ONLY,
		      RING_BUFFER_ALL_CPUS, &trace_ev_avail_fops),
};

static struct trace_fs_table trace_ev_set_fs = {
	.name = "set_event",
	.files = trace_ev_set_files,
	.nr = ARRAY_SIZE(trace_ev_set_files),
	.order = TRACE_FS_ORDER_EVENT_SET,
	.readme =
	"  available_events     - every event, as system:event\n"
	"  set_event            - the events that record, as system:event;\n"
	"                         write system:event, system:*, *:event or a\n"
	"                         name (event or system), '!' before one to\n"
	"                         stop it; '>' stops every other event first\n",
};

TRACE_FS_REGISTER(trace_ev_set_fs);

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

/*
 * trace_instance=NAME[^FLAG...][@MEMORY][,EVENT...] on the command line,
 * once or more: an instance made at boot, with set_event's terms started
 * in it. The flag traceoff leaves its tracing_on at 0; traceprintk (or
 * printk, trace_printk) gives it options/trace_printk_dest. @MEMORY puts
 * its buffer in reserved memory (trace_buf_boot.c).
 */
static char trace_inst_boot[COMMAND_LINE_SIZE] __initdata;

static int __init trace_inst_boot_setup(char *str)
{
	/* Instances accumulate, one per line. */
	if (trace_inst_boot[0])
		strlcat(trace_inst_boot, "\n", sizeof(trace_inst_boot));
	strlcat(trace_inst_boot, str, sizeof(trace_inst_boot));
	return 1;
}
__setup("trace_instance=", trace_inst_boot_setup);

/* The flags of @name (between '^'s, @flags): traceoff, traceprintk. */
static void __init trace_inst_boot_flags(const char *name, char *flags,
					 bool *off, bool *printk)
{
	char *term;

	while (flags && (term = strsep(&flags, "^"))) {
		if (!strcmp(term, "traceoff"))
			*off = true;
		else if (!strcmp(term, "traceprintk") ||
			 !strcmp(term, "trace_printk") || !strcmp(term, "printk"))
			*printk = true;
		else
			pr_warn("tracing: trace_instance=%s: no flag ^%s, ignored\n",
				name, term);
	}
}

static void __init trace_inst_boot_one(char *spec)
{
	char *name = strsep(&spec, ","), *flags, *term;
	char *at = strchr(name, '@');
	bool off = false, printk = false;
	struct trace_array *tr;
	struct trace_ev_arr *arr;

	if (at)
		*at++ = '\0';
	flags = name;
	name = strsep(&flags, "^");
	trace_inst_boot_flags(name, flags, &off, &printk);
	/* Reported when it fails: the instance is then an ordinary one. */
	if (at)
		trace_buf_boot_map(name, at);
	tr = trace_array_get_by_name(name, NULL);
	if (!tr) {
		pr_warn("tracing: trace_instance=%s: not made\n", name);
		return;
	}
	if (off)
		trace_buf_set_on(trace_array_buf(tr), false);
	if (printk)
		trace_opts_set(tr, trace_array_opts(tr),
			       TRACE_OPT_TRACE_PRINTK_DEST, true);
	scoped_guard(mutex, &trace_ev_lock) {
		arr = trace_ev_arr_of(tr);
		while (arr && spec && (term = strsep(&spec, ","))) {
			if (*term && trace_ev_term(arr, term, false))
				pr_warn("tracing: trace_instance=%s: no event %s\n",
					name, term);
		}
	}
	/* A mapped instance keeps this hold: it cannot be removed. */
	if (!trace_buf_is_mapped(trace_array_buf(tr)))
		trace_array_put(tr);
}

static int __init trace_inst_boot_apply(void)
{
	char *rest = trace_inst_boot, *spec;

	while ((spec = strsep(&rest, "\n")))
		if (*spec)
			trace_inst_boot_one(spec);
	return 0;
}

/*
 * After instances/ and the events' layers (trace_array.o, trace_ev_reg.o,
 * linked before this at core_initcall_sync), before postcore_initcall.
 */
core_initcall_sync(trace_inst_boot_apply);
