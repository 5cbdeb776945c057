// SPDX-License-Identifier: GPL-2.0
/*
 * Trace events at boot: the events of vmlinux are registered from
 * trace_init(), early in start_kernel(), so that trace_event= (which
 * trace_ev_set.c parses) and trace_trigger= act before the initcalls run.
 *
 *   trace_trigger=EVENT.TRIGGER[ if FILTER][,EVENT.TRIGGER...]
 *
 * sets TRIGGER (a line of the event's trigger file) on EVENT, named
 * without its system or as SYSTEM:EVENT. A term whose event is not there
 * yet is tried again once every event of vmlinux is, and reported then
 * if it still fails.
 */
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <asm/setup.h>

#include "trace.h"
#include "trace_ev_core.h"

static char trace_trig_boot[COMMAND_LINE_SIZE] __initdata;
/* The terms left for the second try, separated by commas. */
static char trace_trig_boot_late[COMMAND_LINE_SIZE] __initdata;

static int __init trace_trig_boot_setup(char *str)
{
	strscpy(trace_trig_boot, str);
	return 1;
}
__setup("trace_trigger=", trace_trig_boot_setup);

/* The event @name names: EVENT or SYSTEM:EVENT. Under trace_ev_lock. */
static struct trace_ev_rt *__init trace_trig_boot_event(const char *name)
{
	const char *colon = strchr(name, ':');
	const char *ev = colon ? colon + 1 : name;
	struct trace_ev_rt *rt = NULL;

	lockdep_assert_held(&trace_ev_lock);
	while ((rt = trace_ev_next(rt))) {
		if (strcmp(rt->call->name, ev))
			continue;
		if (!colon || (strlen(rt->sys->name) == colon - name &&
			       !strncmp(rt->sys->name, name, colon - name)))
			return rt;
	}
	return NULL;
}

/* One term: 0, -ENOENT when its event is not there, or the trigger's error. */
static int __init trace_trig_boot_one(char *term)
{
	char *dot = strchr(term, '.');
	struct trace_ev_rt *rt;
	int ret;

	if (!dot || dot == term || !dot[1])
		return -EINVAL;
	*dot = '\0';
	rt = trace_trig_boot_event(term);
	ret = rt ? trace_ev_trig_store(dot + 1, rt) : -ENOENT;
	*dot = '.';
	return ret;
}

/*
 * Set the triggers: in the first pass (@late false) those whose events
 * are there, the others kept for the second, which reports each failure.
 */
static void __init trace_trig_boot_apply(bool late)
{
	char *rest = late ? trace_trig_boot_late : trace_trig_boot, *term;
	int ret;

	guard(mutex)(&trace_ev_lock);
	while ((term = strsep(&rest, ",")) != NULL) {
		term = strim(term);
		if (!*term)
			continue;
		ret = trace_trig_boot_one(term);
		if (!ret)
			continue;
		if (late) {
			pr_warn("tracing: trace_trigger=%s: error %d, ignored\n",
				term, ret);
			continue;
		}
		if (trace_trig_boot_late[0])
			strlcat(trace_trig_boot_late, ",",
				sizeof(trace_trig_boot_late));
		strlcat(trace_trig_boot_late, term, sizeof(trace_trig_boot_late));
	}
}

static void __init trace_trig_boot_late_apply(void)
{
	trace_trig_boot_apply(true);
}

/* Its hook runs at init only: __refdata for the reference to __init code. */
static struct trace_ev_client trace_ev_boot_client __refdata = {
	.boot = trace_trig_boot_late_apply,
};

static int __init trace_ev_boot_register(void)
{
	trace_ev_client_register(&trace_ev_boot_client);
	return 0;
}
core_initcall(trace_ev_boot_register);

/**
 * trace_ev_boot_init() - the events at boot, from trace_init()
 *
 * Registers the events of vmlinux, starts those trace_event= names and
 * sets the triggers of trace_trigger=.
 */
void __init trace_ev_boot_init(void)
{
	trace_ev_init_early();
	trace_ev_boot_early();
	trace_trig_boot_apply(false);
}
