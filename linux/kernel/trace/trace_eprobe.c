// SPDX-License-Identifier: GPL-2.0
/*
 * Event probes: trace events defined at run time through dynamic_events
 * on the records of another event,
 *
 *   e[:[GRP/][EVENT]] SYS.EVENT|SYS/EVENT [FETCHARGS] [if FILTER]
 *
 * whose arguments read the other event's fields ($FIELD), its task's
 * comm, memory, and what those point to; FILTER, in the language of the
 * events' filter files, picks the other event's records it takes. An event probe holds the event
 * it reads (trace_ev_hold(): that event cannot be removed meanwhile);
 * while enabled, it is a hook on that event's records (struct
 * trace_ev_hook), which keeps the other event's probe registered without
 * enabling it, and runs after the other event's own copies. It is a
 * probe event (trace_probe_ev.h) without places: the base counts and
 * writes its hits, in a scratch page the next level above the other
 * event's.
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
#include "trace_probe_ev.h"

#define TE_GROUP	"eprobes"
#define TE_ERRLOC	"event_probe"

/**
 * struct te_event - an event probe
 * @pev:	what every probe event has; its class's reg is te_reg()
 * @hook:	its hook on @target's records, attached while enabled
 * @target:	the event it reads, held
 * @tsys:	@target's system, as listed
 * @tname:	@target's name
 * @head:	"(SYS.EVENT)", how its records start
 * @filter:	records of @target it leaves out, or NULL
 * @filter_text: @filter as written, for the listing
 * @attached:	@hook is on @target (trace_ev_lock)
 */
struct te_event {
	struct pev pev;
	struct trace_ev_hook hook;
	struct trace_ev_rt *target;
	char *tsys;
	char *tname;
	char *head;
	struct trace_ev_filter *filter;
	char *filter_text;
	bool attached;
};

static struct pev_kind te_kind;

/* The event probe a dynamic event of te_kind is. */
static struct te_event *te_of(struct dynev_event *de)
{
	return container_of(pev_of(de), struct te_event, pev);
}

/* A record of the event read: its probe's context, preemption off. */
static void te_hit(struct trace_ev_hook *hook, const void *src,
		   unsigned int src_len)
{
	struct te_event *ev = container_of(hook, struct te_event, hook);

	if (ev->filter && !trace_ev_filter_match(ev->filter, src, src_len))
		return;
	pev_hit(&ev->pev, NULL, src, 0, 0);
}

NOKPROBE_SYMBOL(te_hit);

/* "(SYS.EVENT) args" */
static void te_print(struct seq_file *m, const struct trace_ev_call *call,
		     const void *rec, unsigned int len)
{
	const struct te_event *ev = te_of(dynev_of(call));

	seq_puts(m, ev->head);
	tp_print(m, ev->pev.de.args, rec, len);
	seq_putc(m, '\n');
}

/* Attach or detach the hook; under trace_ev_lock. */
static int te_reg(struct trace_ev_call *call, bool on)
{
	struct te_event *ev = te_of(dynev_of(call));
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

/* The event probe's own part; pev_free() frees the rest. */
static void te_fini(struct pev *pev)
{
	struct te_event *ev = container_of(pev, struct te_event, pev);

	if (ev->target)
		trace_ev_release(ev->target);
	trace_ev_filter_free(ev->filter);
	kfree(ev->filter_text);
	kfree(ev->head);
	kfree(ev->tsys);
	kfree(ev->tname);
}

static const struct trace_ev_call *te_holds(struct dynev_event *de)
{
	return te_of(de)->target->call;
}

static void te_show(struct seq_file *m, struct dynev_event *de)
{
	struct te_event *ev = te_of(de);

	seq_printf(m, "e:%s/%s %s.%s", de->group, de->name, ev->tsys,
		   ev->tname);
	tp_args_show(m, de->args);
	if (ev->filter_text)
		seq_printf(m, " if %s", ev->filter_text);
	seq_putc(m, '\n');
}

/* SYS.EVENT or SYS/EVENT: split in place; the system first. */
static int te_split_place(struct dynev_cmd *cmd, char **sys, char **event)
{
	char *s = cmd->argv[1], *sep = strpbrk(s, "./");

	if (!sep || sep == s || !sep[1])
		return dynev_cmd_fail(cmd, cmd->pos[1],
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

	if (n != ev->pev.de.args->n)
		return false;
	for (i = 0; i < n; i++) {
		const struct tp_arg *a = &ev->pev.de.args->arg[i];
		const char *w = cmd->argv[2 + i];

		len = strlen(a->name);
		if (!strncmp(w, a->name, len) && w[len] == '=')
			w += len + 1;
		if (strcmp(w, a->text))
			return false;
	}
	return true;
}

/* The arguments of @cmd, fields of @target's records among them. */
static int te_parse_args(struct dynev_cmd *cmd, struct trace_ev_rt *target,
			 struct tp_args **argsp)
{
	struct tp_pctx pc = {
		.flags = TP_CTX_KERNEL | TP_CTX_NOREGS | TP_CTX_EVENT,
		.fields = trace_ev_fields(target->call),
	};

	return dynev_parse_args(cmd, 2, &pc, sizeof(struct trace_entry), argsp);
}

/*
 * "if FILTER" after the arguments, at word @at of @cmd: a filter on
 * @ev->target's records, in the language of the events' filter files.
 */
static int te_parse_filter(struct dynev_cmd *cmd, struct te_event *ev,
			   unsigned int at)
{
	const char *text = cmd->line + cmd->pos[at] + 2, *msg;
	unsigned int pos;

	text = skip_spaces(text);
	if (!*text)
		return dynev_cmd_fail(cmd, cmd->pos[at] + 3,
				      "No filter rule after 'if'", -EINVAL);
	ev->filter_text = kstrdup(text, GFP_KERNEL);
	if (!ev->filter_text)
		return -ENOMEM;
	ev->filter = trace_ev_filter_compile(trace_ev_fields(ev->target->call),
					     text, &msg, &pos);
	if (IS_ERR(ev->filter)) {
		int ret = PTR_ERR(ev->filter);

		ev->filter = NULL;
		if (ret != -EINVAL)
			return ret;
		return dynev_cmd_fail(cmd, text - cmd->line + pos, msg, ret);
	}
	return 0;
}

/* A new event probe; @target, held, is let go on failure. */
static int te_new(struct dynev_cmd *cmd, const char *grp, const char *name,
		  struct trace_ev_rt *target, const char *sys,
		  const char *event, unsigned int filter_at)
{
	struct te_event *ev = kzalloc(sizeof(*ev), GFP_KERNEL);
	struct tp_args *args = NULL;
	struct dynev_event *de;
	int ret;

	if (!ev) {
		trace_ev_release(target);
		return -ENOMEM;
	}
	ev->target = target;
	ev->hook.fn = te_hit;
	de = &ev->pev.de;
	ret = pev_init_bare(&ev->pev, &te_kind);
	if (!ret)
		ret = te_parse_args(cmd, target, &args);
	if (!ret && filter_at)
		ret = te_parse_filter(cmd, ev, filter_at);
	if (ret)
		goto fail;
	ret = -ENOMEM;
	ev->tsys = kstrdup(sys, GFP_KERNEL);
	ev->tname = kstrdup(event, GFP_KERNEL);
	ev->head = kasprintf(GFP_KERNEL, "(%s.%s)", sys, event);
	if (!ev->tsys || !ev->tname || !ev->head)
		goto fail;
	ret = dynev_event_init(de, &te_kind.dk, grp, name, &args, NULL, 0,
			       ev->head, "");
	if (ret)
		goto fail;
	de->class.reg = te_reg;
	de->class.print = te_print;
	ret = dynev_event_add(de);
	if (!ret)
		return 0;
fail:
	tp_args_free(args);
	pev_free(&ev->pev);
	return ret;
}

/*
 * "e[:[GRP/]EVENT] SYS.EVENT [ARGS] [if FILTER]": its group, name and
 * place, "if" at word *@filter_at (0: none). The words are cut in place.
 */
static int te_parse_head(struct dynev_cmd *cmd, const char **grp,
			 const char **name, char **sys, char **event,
			 unsigned int *filter_at)
{
	char *s = cmd->argv[0], *colon;
	unsigned int i;
	int ret;

	*grp = NULL;
	*name = NULL;
	*filter_at = 0;
	if (s[0] != 'e')
		return -ECANCELED;
	colon = strchr(s, ':');
	if (colon) {
		*colon = '\0';
		ret = dynev_parse_name(colon + 1, cmd->pos[0] + (colon - s) + 1,
				       grp, name, &cmd->err);
		if (ret)
			return ret;
	}
	if (s[1])
		return dynev_cmd_fail(cmd, cmd->pos[0] + 1,
				      "Event probes take no maxactive", -EINVAL);
	if (cmd->argc < 2)
		return dynev_cmd_fail(cmd, strlen(cmd->line),
				      "The probe needs an event to attach to", -EINVAL);
	ret = te_split_place(cmd, sys, event);
	if (ret)
		return ret;
	/* "if FILTER" ends the arguments. */
	for (i = 2; i < cmd->argc && !*filter_at; i++)
		if (!strcmp(cmd->argv[i], "if"))
			*filter_at = i;
	if (*filter_at)
		cmd->argc = *filter_at;
	*grp = *grp ?: TE_GROUP;
	*name = *name ?: *event;
	return 0;
}

static int te_create(const struct dynev_kind *kind, struct dynev_cmd *cmd)
{
	const char *grp, *name;
	struct trace_ev_rt *target;
	unsigned int filter_at;
	struct dynev_event *de;
	char *sys, *event;
	int ret;

	lockdep_assert_held(&dynev_lock);
	ret = te_parse_head(cmd, &grp, &name, &sys, &event, &filter_at);
	if (!ret)
		ret = dynev_lookup(cmd, kind, grp, name, &de);
	if (ret)
		return ret;
	if (de)
		return dynev_cmd_fail(cmd, cmd->pos[0], "The event name is in use",
				      -EEXIST);
	target = trace_ev_hold(sys, event);
	if (!target)
		return dynev_cmd_fail(cmd, cmd->pos[1], "The attached event is not found",
				      -ENOENT);
	return te_new(cmd, grp, name, target, sys, event, filter_at);
}

static int te_delete(const struct dynev_kind *kind, struct dynev_cmd *cmd)
{
	const char *grp, *name;
	unsigned int filter_at;
	char *sys, *event;
	int ret;

	lockdep_assert_held(&dynev_lock);
	ret = te_parse_head(cmd, &grp, &name, &sys, &event, &filter_at);
	return ret ?: dynev_delete(kind, grp, name);
}

/* "-:EVENT SYS.EVENT [ARGS]": the event goes if they are its own. */
static int te_remove_words(struct dynev_event *de, struct dynev_cmd *cmd)
{
	struct te_event *ev = te_of(de);
	char *sys, *tev;

	if (te_split_place(cmd, &sys, &tev) || strcmp(sys, ev->tsys) ||
	    strcmp(tev, ev->tname) || (cmd->argc > 2 && !te_args_match(ev, cmd)))
		return -ENOENT;
	return 1;
}

static struct pev_kind te_kind = {
	.dk = {
		.errloc = TE_ERRLOC,
		.create = te_create,
		.delete = te_delete,
		.remove_words = te_remove_words,
		.show = te_show,
		.holds = te_holds,
		.release = pev_release,
	},
	.fini = te_fini,
};

static struct trace_fs_table te_fs = {
	.name = "eprobe_events",
	.order = TRACE_FS_ORDER_KPROBE + 2,
	.readme =
	"\t  Syntax of an event probe, in dynamic_events:\n"
	"\t    e[:[<group>/][<event>]] <attached-group>.<attached-event> [<args>] [if <filter>]\n"
	"\t     args: as for kprobe events, with $<field> of the attached event,\n"
	"\t           but no %<register>, $stack, $arg<N> or $retval\n",
};

TRACE_FS_REGISTER(te_fs);

static int __init te_init(void)
{
	dynev_register(&te_kind.dk);
	return 0;
}
core_initcall(te_init);
