// SPDX-License-Identifier: GPL-2.0
/*
 * Event probes: trace events defined at run time through dynamic_events
 * on the records of another event,
 *
 *   e[:[GRP/][EVENT]] SYS.EVENT|SYS/EVENT [FETCHARGS]
 *
 * whose arguments read the other event's fields ($FIELD), its task's
 * comm, memory, and what those point to. An event probe holds the event
 * it reads (trace_ev_hold(): that event cannot be removed meanwhile);
 * while enabled, it is a hook on that event's records (struct
 * trace_ev_hook), which keeps the other event's probe registered without
 * enabling it, and runs after the other event's own copies. Its record
 * is built in a scratch page of trace_probe.h, the next level above the
 * other event's; a hit that finds none free is counted missed.
 */
#include <linux/kernel.h>
#include <linux/kprobes.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "trace.h"
#include "trace_dynev.h"
#include "trace_ev_core.h"
#include "trace_fs.h"
#include "trace_probe.h"

#define TE_GROUP	"eprobes"
#define TE_ERRLOC	"event_probe"

/**
 * struct te_event - an event probe
 * @call:	its trace event
 * @class:	its class: its group, its size, te_reg()
 * @list:	in te_events
 * @hook:	its hook on @target's records, attached while enabled
 * @target:	the event it reads, held
 * @tsys:	@target's system, as listed
 * @tname:	@target's name
 * @group:	its group (the system of its events/ directory)
 * @name:	its name
 * @head:	"(SYS.EVENT)", how its records start
 * @args:	its fetch arguments, laid out after struct trace_entry
 * @fields:	its fields, for the format file and filters
 * @attached:	@hook is on @target (trace_ev_lock)
 * @missed:	hits dropped for want of a scratch page
 */
struct te_event {
	struct trace_ev_call call;
	struct trace_ev_class class;
	struct list_head list;
	struct trace_ev_hook hook;
	struct trace_ev_rt *target;
	char *tsys;
	char *tname;
	char *group;
	char *name;
	char *head;
	struct tp_args *args;
	struct trace_ev_field *fields;
	bool attached;
	atomic_long_t missed;
};

/* The event probes, in order of definition: dynev_lock. */
static LIST_HEAD(te_events);

/* A record of the event read: its probe's context, preemption off. */
static void te_hit(struct trace_ev_hook *hook, const void *src,
		   unsigned int src_len)
{
	struct te_event *ev = container_of(hook, struct te_event, hook);
	struct trace_ev_call *call = &ev->call;
	unsigned long fl = READ_ONCE(call->flags);
	struct trace_wh h;
	unsigned int len;
	void *page;
	u8 *rec;

	if (!(fl & TRACE_EV_FL_RECORD))
		return;
	page = tp_scratch_get();
	if (!page) {
		atomic_long_inc(&ev->missed);
		return;
	}
	len = tp_fetch(ev->args, NULL, src, page, PAGE_SIZE);
	rec = trace_ev_reserve(call, fl, len, &h);
	if (rec) {
		memcpy(rec + sizeof(struct trace_entry),
		       page + sizeof(struct trace_entry),
		       len - sizeof(struct trace_entry));
		trace_ev_commit(call, fl, rec, &h);
	}
	tp_scratch_put();
}

NOKPROBE_SYMBOL(te_hit);

/* "(SYS.EVENT) args" */
static void te_print(struct seq_file *m, const struct trace_ev_call *call,
		     const void *rec, unsigned int len)
{
	const struct te_event *ev = call->data;

	seq_puts(m, ev->head);
	tp_print(m, ev->args, rec, len);
	seq_putc(m, '\n');
}

/* Attach or detach the hook; under trace_ev_lock. */
static int te_reg(struct trace_ev_call *call, bool on)
{
	struct te_event *ev = container_of(call, struct te_event, call);
	int ret;

	lockdep_assert_held(&trace_ev_lock);
	if (on == ev->attached)
		return 0;
	if (on) {
		ret = trace_ev_attach_locked(ev->target, &ev->hook);
		if (ret)
			return ret;
	} else {
		trace_ev_detach_locked(ev->target, &ev->hook);
		/* A walk of the list may stand on the hook until then. */
		synchronize_rcu();
	}
	ev->attached = on;
	return 0;
}

static void te_event_free(struct te_event *ev)
{
	if (ev->target)
		trace_ev_release(ev->target);
	tp_args_free(ev->args);
	kfree(ev->fields);
	kfree(ev->call.print_fmt);
	kfree(ev->head);
	kfree(ev->tsys);
	kfree(ev->tname);
	kfree(ev->group);
	kfree(ev->name);
	kfree(ev);
}

static int te_event_destroy(struct te_event *ev)
{
	int ret;

	lockdep_assert_held(&dynev_lock);
	ret = trace_ev_dyn_remove(&ev->call);
	if (ret)
		return ret;
	list_del(&ev->list);
	te_event_free(ev);
	return 0;
}

static struct te_event *te_find(const char *grp, const char *name)
{
	struct te_event *ev;

	lockdep_assert_held(&dynev_lock);
	list_for_each_entry(ev, &te_events, list)
		if ((!grp || !strcmp(ev->group, grp)) && !strcmp(ev->name, name))
			return ev;
	return NULL;
}

static void te_show(struct seq_file *m)
{
	struct te_event *ev;

	lockdep_assert_held(&dynev_lock);
	list_for_each_entry(ev, &te_events, list) {
		seq_printf(m, "e:%s/%s %s.%s", ev->group, ev->name, ev->tsys,
			   ev->tname);
		tp_args_show(m, ev->args);
		seq_putc(m, '\n');
	}
}

static int te_fail(struct dynev_cmd *cmd, unsigned int pos, const char *msg,
		   int err)
{
	cmd->err.pos = pos;
	cmd->err.msg = msg;
	return err;
}

/* SYS.EVENT or SYS/EVENT: split in place; the system first. */
static int te_split_place(struct dynev_cmd *cmd, char **sys, char **event)
{
	char *s = cmd->argv[1], *sep = strpbrk(s, "./");

	if (!sep || sep == s || !sep[1])
		return te_fail(cmd, cmd->pos[1],
			       "The attached event is SYSTEM.EVENT", -EINVAL);
	*sep = '\0';
	*sys = s;
	*event = sep + 1;
	return 0;
}

/* Whether the words after the place are @ev's arguments, as listed. */
static bool te_args_match(const struct te_event *ev, struct dynev_cmd *cmd)
{
	unsigned int i, n = cmd->argc - 2;
	size_t len;

	if (n != ev->args->n)
		return false;
	for (i = 0; i < n; i++) {
		const struct tp_arg *a = &ev->args->arg[i];
		const char *w = cmd->argv[2 + i];

		len = strlen(a->name);
		if (!strncmp(w, a->name, len) && w[len] == '=')
			w += len + 1;
		if (strcmp(w, a->text))
			return false;
	}
	return true;
}

static int te_new(struct dynev_cmd *cmd, const char *grp, const char *name,
		  struct trace_ev_rt *target, const char *sys,
		  const char *event)
{
	struct te_event *ev = kzalloc(sizeof(*ev), GFP_KERNEL);
	struct tp_pctx pc = {
		.flags = TP_CTX_KERNEL | TP_CTX_NOREGS | TP_CTX_EVENT,
		.fields = trace_ev_fields(target->call),
	};
	unsigned int i, n = cmd->argc - 2;
	int ret, bad;

	if (!ev) {
		trace_ev_release(target);
		return -ENOMEM;
	}
	ev->target = target;
	ev->hook.fn = te_hit;
	ev->tsys = kstrdup(sys, GFP_KERNEL);
	ev->tname = kstrdup(event, GFP_KERNEL);
	ev->group = kstrdup(grp, GFP_KERNEL);
	ev->name = kstrdup(name, GFP_KERNEL);
	ev->head = kasprintf(GFP_KERNEL, "(%s.%s)", sys, event);
	ev->args = tp_args_alloc(n);
	ret = -ENOMEM;
	if (!ev->tsys || !ev->tname || !ev->group || !ev->name || !ev->head ||
	    !ev->args)
		goto fail;
	if (n > TP_MAX_ARGS) {
		ret = te_fail(cmd, cmd->pos[2 + TP_MAX_ARGS],
			      "Too many arguments", -E2BIG);
		goto fail;
	}
	for (i = 0; i < n; i++) {
		ret = tp_arg_parse_ctx(&ev->args->arg[i], cmd->argv[2 + i], i,
				       &pc, cmd->pos[2 + i], &cmd->err);
		if (ret)
			goto fail;
	}
	ret = tp_args_layout(ev->args, sizeof(struct trace_entry), &bad);
	if (ret) {
		ret = te_fail(cmd, cmd->pos[2 + bad], tp_layout_msg(ret),
			      ret == -E2BIG ? -E2BIG : -EINVAL);
		goto fail;
	}
	ret = tp_scratch_alloc();
	if (ret)
		goto fail;
	ret = -ENOMEM;
	ev->fields = tp_fields(ev->args, NULL, 0);
	ev->call.print_fmt = tp_print_fmt(ev->args, ev->head, "");
	if (!ev->fields || !ev->call.print_fmt)
		goto fail;
	ev->class.system = ev->group;
	ev->class.size = ev->args->size;
	ev->class.reg = te_reg;
	ev->class.print = te_print;
	ev->call.name = ev->name;
	ev->call.class = &ev->class;
	ev->call.fields = ev->fields;
	ev->call.data = ev;
	ret = trace_ev_dyn_add(&ev->call);
	if (ret)
		goto fail;
	list_add_tail(&ev->list, &te_events);
	return 0;
fail:
	te_event_free(ev);
	return ret;
}

static int te_create(struct dynev_cmd *cmd, bool del)
{
	const char *grp = NULL, *name = NULL;
	char *s = cmd->argv[0], *colon, *sys, *event;
	struct trace_ev_rt *target;
	struct te_event *ev;
	int ret;

	lockdep_assert_held(&dynev_lock);
	if (s[0] != 'e')
		return -ECANCELED;
	colon = strchr(s, ':');
	if (colon) {
		*colon = '\0';
		ret = dynev_parse_name(colon + 1, cmd->pos[0] + (colon - s) + 1,
				       &grp, &name, &cmd->err);
		if (ret)
			return ret;
	}
	if (s[1])
		return te_fail(cmd, cmd->pos[0] + 1,
			       "Event probes take no maxactive", -EINVAL);
	if (cmd->argc < 2)
		return te_fail(cmd, strlen(cmd->line),
			       "The probe needs an event to attach to", -EINVAL);
	ret = te_split_place(cmd, &sys, &event);
	if (ret)
		return ret;
	grp = grp ?: TE_GROUP;
	name = name ?: event;
	ev = te_find(grp, name);
	if (del)
		return ev ? te_event_destroy(ev) : -ENOENT;
	if (ev || trace_ev_exists(grp, name))
		return te_fail(cmd, cmd->pos[0], "The event name is in use",
			       -EEXIST);
	target = trace_ev_hold(sys, event);
	if (!target)
		return te_fail(cmd, cmd->pos[1], "The attached event is not found",
			       -ENOENT);
	return te_new(cmd, grp, name, target, sys, event);
}

static int te_remove(struct dynev_cmd *cmd, const char *grp,
		     const char *event)
{
	struct te_event *ev, *tmp;
	char *sys, *tev;
	bool found = false;
	int ret;

	lockdep_assert_held(&dynev_lock);
	if (!event) {
		/* "-:GRP/": the group's event probes, newest first. */
		list_for_each_entry_safe_reverse(ev, tmp, &te_events, list) {
			if (strcmp(ev->group, grp))
				continue;
			ret = te_event_destroy(ev);
			if (ret)
				return ret;
			found = true;
		}
		return found ? 0 : -ENOENT;
	}
	ev = te_find(grp, event);
	if (!ev)
		return -ENOENT;
	/* "-:EVENT SYS.EVENT [ARGS]": only if they are this one's. */
	if (cmd->argc >= 2) {
		if (te_split_place(cmd, &sys, &tev) || strcmp(sys, ev->tsys) ||
		    strcmp(tev, ev->tname) ||
		    (cmd->argc > 2 && !te_args_match(ev, cmd)))
			return -ENOENT;
	}
	return te_event_destroy(ev);
}

static int te_clear(void)
{
	struct te_event *ev, *tmp;
	int ret;

	lockdep_assert_held(&dynev_lock);
	/*
	 * Newest first: an event probe may read another, always an older
	 * one, which its reader's removal lets go.
	 */
	list_for_each_entry_safe_reverse(ev, tmp, &te_events, list) {
		ret = te_event_destroy(ev);
		if (ret)
			return ret;
	}
	return 0;
}

static struct dynev_kind te_kind = {
	.errloc = TE_ERRLOC,
	.create = te_create,
	.remove = te_remove,
	.show = te_show,
	.clear = te_clear,
};

static struct trace_fs_table te_fs = {
	.name = "eprobe_events",
	.order = TRACE_FS_ORDER_KPROBE + 2,
	.readme =
	"\t  Syntax of an event probe, in dynamic_events:\n"
	"\t    e[:[<group>/][<event>]] <attached-group>.<attached-event> [<args>]\n"
	"\t     args: as for kprobe events, with $<field> of the attached event,\n"
	"\t           but no %<register>, $stack, $arg<N> or $retval\n",
};

TRACE_FS_REGISTER(te_fs);

static int __init te_init(void)
{
	dynev_register(&te_kind);
	return 0;
}
core_initcall(te_init);
