// SPDX-License-Identifier: GPL-2.0
/*
 * Dynamic events: the registry of their kinds, the dynamic_events file,
 * what the kinds' own files share with it, and the part of an event that
 * every kind has (trace_dynev.h): one list of every kind's events, in
 * order of definition, which the listings follow and removals walk.
 *
 * A write is read line by line: '#' starts a comment, blank lines are
 * skipped, and each line is a command run on its own, so a write of
 * several lines stops at the first that fails (those before it stay). A
 * line cut by the end of a write that has more to come is left for the
 * next write. Opening a definitions file with O_TRUNC removes its
 * events first, or fails with EBUSY while one of them is in use.
 */
#include <linux/ctype.h>
#include <linux/init.h>
#include <linux/stdarg.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "trace.h"
#include "trace_dynev.h"
#include "trace_ev_core.h"
#include "trace_fs.h"

/* See trace_dynev.h: every definition, removal and listing. */
DEFINE_MUTEX(dynev_lock);

/* The kinds, registered at core_initcall and never removed; dynev_lock. */
static LIST_HEAD(dynev_kinds);

/* See trace_dynev.h. */
LIST_HEAD(dynev_events);

/* The longest line a write may hold, its newline included. */
#define DYNEV_LINE_MAX		4096

/**
 * dynev_register() - add a kind of dynamic event
 * @kind:	its operations; static
 */
void dynev_register(struct dynev_kind *kind)
{
	guard(mutex)(&dynev_lock);
	list_add_tail(&kind->node, &dynev_kinds);
}

/**
 * dynev_parse_name() - split "[GRP/]EVENT" and check both names
 * @s:		the text after the ':' of a definition; cut in place
 * @pos:	its offset in the command, for @err
 * @grp:	the group, or NULL when none was given
 * @event:	the event's name
 * @err:	filled in when a name is refused
 *
 * Names are C identifiers shorter than TP_MAX_NAME. After a group, the
 * event's name may be left out: @event is NULL then.
 *
 * Return: 0, or -EINVAL with @err filled in.
 */
int dynev_parse_name(char *s, unsigned int pos, const char **grp,
		     const char **event, struct tp_err *err)
{
	char *slash = strchr(s, '/');

	*grp = NULL;
	if (slash) {
		*slash = '\0';
		if (!*s)
			return tp_fail(err, pos, "Group name is not specified");
		if (strlen(s) >= TP_MAX_NAME)
			return tp_fail(err, pos, "Group name is too long");
		if (!tp_is_name(s, strlen(s)))
			return tp_fail(err, pos,
					  "Group name must follow the same rules as C identifiers");
		*grp = s;
		pos += slash - s + 1;
		s = slash + 1;
	}
	if (!*s) {
		/* "GRP/": a name made from the place, or the whole group. */
		if (*grp) {
			*event = NULL;
			return 0;
		}
		return tp_fail(err, pos, "Event name is not specified");
	}
	if (strlen(s) >= TP_MAX_NAME)
		return tp_fail(err, pos, "Event name is too long");
	if (!tp_is_name(s, strlen(s)))
		return tp_fail(err, pos,
				  "Event name must follow the same rules as C identifiers");
	*event = s;
	return 0;
}

/**
 * dynev_place_is_file() - whether a p or r definition's place is in a file
 * @place:	the place as written
 *
 * A uprobe's place is PATH:OFFSET: a path from the root, or a ':' with a
 * digit after it, which a kprobe's [MOD:]SYM never has.
 *
 * Return: true for a uprobe's place.
 */
bool dynev_place_is_file(const char *place)
{
	const char *colon = strrchr(place, ':');

	return place[0] == '/' || (colon && isdigit(colon[1]));
}

/**
 * dynev_auto_name() - the name of an event whose definition gives none
 * @fmt:	printf format of the name, from the kind and the place
 *
 * Every character that may not be in a name becomes '_', and the name
 * is cut to TP_MAX_NAME - 1 characters.
 *
 * Return: the name, to kfree(), or NULL.
 */
char *dynev_auto_name(const char *fmt, ...)
{
	va_list ap;
	char *s, *c;

	va_start(ap, fmt);
	s = kvasprintf(GFP_KERNEL, fmt, ap);
	va_end(ap);
	if (!s)
		return NULL;
	for (c = s; *c; c++)
		if (!isalnum(*c))
			*c = '_';
	if (strlen(s) >= TP_MAX_NAME)
		s[TP_MAX_NAME - 1] = '\0';
	return s;
}

/**
 * dynev_parse_args() - parse a definition's arguments and lay them out
 * @cmd:	the definition; its arguments are its words from @first on
 * @first:	the word of the first
 * @pc:		the context they are read in (kind, entry or return, ...)
 * @head:	where they start in the record
 * @argsp:	gets them, even on failure, for the caller to free
 *
 * Return: 0; -E2BIG for more than TP_MAX_ARGS or a fixed part over
 * TP_MAX_FIXED, -EINVAL for one refused (each with @cmd's error at the
 * argument), -ENOMEM.
 */
int dynev_parse_args(struct dynev_cmd *cmd, unsigned int first,
		     const struct tp_pctx *pc, unsigned int head,
		     struct tp_args **argsp)
{
	unsigned int i, n = cmd->argc - first;
	int ret, bad;

	*argsp = NULL;
	if (n > TP_MAX_ARGS)
		return dynev_cmd_fail(cmd, cmd->pos[first + TP_MAX_ARGS],
				      "Too many arguments", -E2BIG);
	*argsp = tp_args_alloc(n);
	if (!*argsp)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		ret = tp_arg_parse_ctx(&(*argsp)->arg[i], cmd->argv[first + i],
				       i, pc, cmd->pos[first + i], &cmd->err);
		if (ret)
			return ret;
	}
	ret = tp_args_layout(*argsp, head, &bad);
	if (ret)
		return dynev_cmd_fail(cmd, cmd->pos[first + bad],
				      tp_layout_msg(ret),
				      ret == -E2BIG ? -E2BIG : -EINVAL);
	return 0;
}

/**
 * dynev_append_check() - whether a definition may add a place to an event
 * @cmd:	the definition
 * @ev:		the event it names
 * @same_type:	its probes are of the event's type (entry or return, ...)
 * @want:	its arguments
 * @first:	the word of @cmd that is its first argument
 *
 * Return: 0 when it is of the same type and its arguments record alike
 * (the same names, the same texts); else -EEXIST, with @cmd's error at
 * its head or at the first argument that differs.
 */
int dynev_append_check(struct dynev_cmd *cmd, const struct dynev_event *ev,
		       bool same_type, const struct tp_args *want,
		       unsigned int first)
{
	const struct tp_args *have = ev->args;
	unsigned int i;

	if (!same_type)
		return dynev_cmd_fail(cmd, cmd->pos[0],
				      "The event has probes of the other type",
				      -EEXIST);
	for (i = 0; i < max(have->n, want->n); i++) {
		if (i < have->n && i < want->n &&
		    tp_arg_same(&have->arg[i], &want->arg[i]))
			continue;
		return dynev_cmd_fail(cmd, i < want->n ? cmd->pos[first + i] :
						 strlen(cmd->line),
				      "The event has other arguments", -EEXIST);
	}
	return 0;
}

/**
 * dynev_event_start() - fill in an event's kind, names and links
 * @ev:		the event, zeroed, in its kind's structure
 * @kind:	its kind
 * @grp:	its group
 * @name:	its name
 *
 * The caller then gives it its fields, print_fmt and record size
 * (dynev_event_init() does, from fetch arguments). On failure, or to
 * free an event never added, dynev_event_fini().
 *
 * Return: 0 or -ENOMEM.
 */
int dynev_event_start(struct dynev_event *ev, const struct dynev_kind *kind,
		      const char *grp, const char *name)
{
	INIT_LIST_HEAD(&ev->list);
	ev->kind = kind;
	ev->group = kstrdup(grp, GFP_KERNEL);
	ev->name = kstrdup(name, GFP_KERNEL);
	if (!ev->group || !ev->name)
		return -ENOMEM;
	ev->class.system = ev->group;
	ev->call.name = ev->name;
	ev->call.class = &ev->class;
	ev->call.data = ev;
	return 0;
}

/**
 * dynev_event_init() - fill in what every event with fetch arguments has
 * @ev:		the event, zeroed, in its kind's structure
 * @kind:	its kind
 * @grp:	its group
 * @name:	its name
 * @args:	its arguments, laid out; taken (set to NULL) even on failure
 * @head:	the kind's own fields, before the arguments
 * @nhead:	how many
 * @fmt:	print_fmt's format of @head, in parentheses
 * @fmt_args:	print_fmt's REC-> list for @fmt, each after a ", "
 *
 * The kind sets @ev->class.reg and .print (and .perf), then adds its
 * first place and calls dynev_event_add(). On failure, or to free an
 * event never added, dynev_event_fini().
 *
 * Return: 0 or -ENOMEM.
 */
int dynev_event_init(struct dynev_event *ev, const struct dynev_kind *kind,
		     const char *grp, const char *name, struct tp_args **args,
		     const struct trace_ev_field *head, unsigned int nhead,
		     const char *fmt, const char *fmt_args)
{
	int ret;

	ev->args = *args;
	*args = NULL;
	ret = dynev_event_start(ev, kind, grp, name);
	if (ret)
		return ret;
	ev->fields = tp_fields(ev->args, head, nhead);
	ev->call.print_fmt = tp_print_fmt(ev->args, fmt, fmt_args);
	if (!ev->fields || !ev->call.print_fmt)
		return -ENOMEM;
	ev->class.size = ev->args->size;
	ev->call.fields = ev->fields;
	return 0;
}

static const struct trace_ev_field dynev_head[] = {
	{ .type = "unsigned long", .name = "__probe_ip",
	  .offset = offsetof(struct dynev_rec, ip), .size = sizeof(long) },
};

static const struct trace_ev_field dynev_ret_head[] = {
	{ .type = "unsigned long", .name = "__probe_func",
	  .offset = offsetof(struct dynev_ret_rec, func), .size = sizeof(long) },
	{ .type = "unsigned long", .name = "__probe_ret_ip",
	  .offset = offsetof(struct dynev_ret_rec, ret_ip), .size = sizeof(long) },
};

/**
 * dynev_place_init() - dynev_event_init() for a probe event
 * @ev:		the event, zeroed, in its kind's structure
 * @kind:	its kind
 * @grp:	its group
 * @name:	its name
 * @args:	its arguments, laid out after dynev_rec_size(@ret); taken
 * @ret:	its probes are return probes
 * @user:	its probes are in user space (uprobes)
 *
 * The record starts with struct dynev_rec, or struct dynev_ret_rec, and
 * print_fmt shows them as upstream's kprobe and uprobe events do.
 *
 * Return: 0 or -ENOMEM.
 */
int dynev_place_init(struct dynev_event *ev, const struct dynev_kind *kind,
		     const char *grp, const char *name, struct tp_args **args,
		     bool ret, bool user)
{
	if (!ret)
		return dynev_event_init(ev, kind, grp, name, args, dynev_head,
					ARRAY_SIZE(dynev_head),
					user ? "(0x%lx)" : "(%lx)",
					", REC->__probe_ip");
	return dynev_event_init(ev, kind, grp, name, args, dynev_ret_head,
				ARRAY_SIZE(dynev_ret_head),
				user ? "(0x%lx <- 0x%lx)" : "(%lx <- %lx)",
				user ? ", REC->__probe_ret_ip, REC->__probe_func" :
				       ", REC->__probe_func, REC->__probe_ret_ip");
}

/**
 * dynev_place_print() - print a probe event's record
 * @m:		where
 * @ev:		its event
 * @rec:	the record
 * @len:	its length
 * @ret:	of a return probe
 * @user:	of a probe in user space
 *
 * "(place) args" or "(caller <- function) args": symbols in the kernel,
 * addresses in user space.
 */
void dynev_place_print(struct seq_file *m, const struct dynev_event *ev,
		       const void *rec, unsigned int len, bool ret, bool user)
{
	const struct dynev_ret_rec *r = rec;
	const struct dynev_rec *e = rec;

	if (ret && user)
		seq_printf(m, "(0x%lx <- 0x%lx)", r->ret_ip, r->func);
	else if (ret)
		seq_printf(m, "(%pS <- %ps)", (void *)r->ret_ip,
			   (void *)r->func);
	else if (user)
		seq_printf(m, "(0x%lx)", e->ip);
	else
		seq_printf(m, "(%pS)", (void *)e->ip);
	tp_print(m, ev->args, rec, len);
	seq_putc(m, '\n');
}

/**
 * dynev_event_fini() - free what dynev_event_init() made
 * @ev:		the event, out of the registry and the list
 */
void dynev_event_fini(struct dynev_event *ev)
{
	tp_args_free(ev->args);
	kfree(ev->fields);
	kfree(ev->call.print_fmt);
	kfree(ev->group);
	kfree(ev->name);
}

/**
 * dynev_event_add() - put a new event in the registry and the list
 * @ev:		the event, with its first place
 *
 * Its scratch pages are made first (trace_probe.h): a hit may come as
 * soon as the event is enabled.
 *
 * Return: 0, or a negative errno (the event is left to the caller).
 */
int dynev_event_add(struct dynev_event *ev)
{
	int ret;

	lockdep_assert_held(&dynev_lock);
	ret = tp_scratch_alloc();
	if (!ret)
		ret = trace_ev_dyn_add(&ev->call);
	if (!ret)
		list_add_tail(&ev->list, &dynev_events);
	return ret;
}

/**
 * dynev_event_destroy() - remove an event and free it
 * @ev:		the event
 *
 * Sleeps (trace_ev_dyn_remove()).
 *
 * Return: 0, or -EBUSY while it is in use or read (it stays).
 */
int dynev_event_destroy(struct dynev_event *ev)
{
	int ret;

	lockdep_assert_held(&dynev_lock);
	ret = trace_ev_dyn_remove(&ev->call);
	if (ret)
		return ret;
	list_del(&ev->list);
	ev->kind->release(ev);
	return 0;
}

/**
 * dynev_find() - an event of a kind, by name
 * @kind:	the kind; NULL for any
 * @grp:	its group; NULL for any
 * @name:	its name
 *
 * Return: the oldest that matches, or NULL.
 */
struct dynev_event *dynev_find(const struct dynev_kind *kind, const char *grp,
			       const char *name)
{
	struct dynev_event *ev;

	lockdep_assert_held(&dynev_lock);
	list_for_each_entry(ev, &dynev_events, list)
		if ((!kind || ev->kind == kind) &&
		    (!grp || !strcmp(ev->group, grp)) && !strcmp(ev->name, name))
			return ev;
	return NULL;
}

/**
 * dynev_next() - the next event of a kind, for a walk of its events
 * @ev:		the event before, or NULL for the first
 * @kind:	the kind
 *
 * Return: the next event of @kind after @ev, or NULL.
 */
struct dynev_event *dynev_next(struct dynev_event *ev,
			       const struct dynev_kind *kind)
{
	lockdep_assert_held(&dynev_lock);
	ev = list_prepare_entry(ev, &dynev_events, list);
	list_for_each_entry_continue(ev, &dynev_events, list)
		if (ev->kind == kind)
			return ev;
	return NULL;
}

/**
 * dynev_lookup() - the event of a kind a definition names
 * @cmd:	the definition
 * @kind:	its kind
 * @grp:	the event's group
 * @name:	the event's name
 * @evp:	gets the event of @kind to add a place to, or NULL for a new
 *		event
 *
 * Return: 0 with @evp set; -EEXIST, with @cmd's error, when another
 * kind's event, or a static one, has the name.
 */
int dynev_lookup(struct dynev_cmd *cmd, const struct dynev_kind *kind,
		 const char *grp, const char *name, struct dynev_event **evp)
{
	*evp = dynev_find(kind, grp, name);
	if (!*evp && trace_ev_exists(grp, name))
		return dynev_cmd_fail(cmd, cmd->pos[0],
				      "The event name is in use", -EEXIST);
	return 0;
}

/**
 * dynev_delete() - remove the event of a kind a "!" definition names
 * @kind:	its kind
 * @grp:	the event's group
 * @name:	the event's name
 *
 * Return: 0; -ENOENT when there is none; -EBUSY while it is in use.
 */
int dynev_delete(const struct dynev_kind *kind, const char *grp,
		 const char *name)
{
	struct dynev_event *ev = dynev_find(kind, grp, name);

	return ev ? dynev_event_destroy(ev) : -ENOENT;
}

/* Split @buf (a copy of @cmd->line) into @cmd's words. */
static int dynev_split(struct dynev_cmd *cmd, char *buf)
{
	char *p = buf;

	cmd->argc = 0;
	for (;;) {
		while (isspace(*p))
			p++;
		if (!*p)
			return 0;
		if (cmd->argc == DYNEV_MAX_WORDS)
			return tp_fail(&cmd->err, p - buf, "Too many arguments");
		cmd->pos[cmd->argc] = p - buf;
		cmd->argv[cmd->argc++] = p;
		while (*p && !isspace(*p))
			p++;
		if (*p)
			*p++ = '\0';
	}
}

/* Whether @ev is of the set @only (NULL: any kind) and @grp (NULL: any). */
static bool dynev_in(const struct dynev_event *ev,
		     const struct dynev_kind *only, const char *grp)
{
	return (!only || ev->kind == only) && (!grp || !strcmp(ev->group, grp));
}

/*
 * Whether the events of a set may all go: none is in use, and those that
 * event probes read are read only by events of the set.
 */
static int dynev_set_check(const struct dynev_kind *only, const char *grp)
{
	struct dynev_event *ev, *r;
	int held, inside;

	list_for_each_entry(ev, &dynev_events, list) {
		if (!dynev_in(ev, only, grp))
			continue;
		held = trace_ev_dyn_holds(&ev->call);
		if (held <= 0) {
			if (held)
				return held;
			continue;
		}
		inside = 0;
		list_for_each_entry(r, &dynev_events, list)
			if (dynev_in(r, only, grp) && r->kind->holds &&
			    r->kind->holds(r) == &ev->call)
				inside++;
		if (held > inside)
			return -EBUSY;
	}
	return 0;
}

/*
 * Remove a set of events, all or none (but for an event enabled
 * meanwhile): newest first, since an event probe is always newer than
 * the event it reads, and lets it go.
 */
static int dynev_remove_set(const struct dynev_kind *only, const char *grp)
{
	struct dynev_event *ev, *tmp;
	bool found = false;
	int ret;

	ret = dynev_set_check(only, grp);
	if (ret)
		return ret;
	list_for_each_entry_safe_reverse(ev, tmp, &dynev_events, list) {
		if (!dynev_in(ev, only, grp))
			continue;
		ret = dynev_event_destroy(ev);
		if (ret)
			return ret;
		found = true;
	}
	return found || !grp ? 0 : -ENOENT;
}

/*
 * "-:[GRP/]EVENT [WORDS]": the oldest event of the name goes, or with
 * WORDS, what its kind says they name. "-:GRP/": every event of the group.
 */
static int dynev_remove(struct dynev_kind *only, struct dynev_cmd *cmd)
{
	const char *grp, *event;
	struct dynev_event *ev;
	int ret;

	if (cmd->argv[0][1] != ':')
		return tp_fail(&cmd->err, 1, "Removal needs -:[GRP/]EVENT");
	ret = dynev_parse_name(cmd->argv[0] + 2, 2, &grp, &event, &cmd->err);
	if (ret)
		return ret;
	if (!event)
		return dynev_remove_set(only, grp);
	ev = dynev_find(only, grp, event);
	if (!ev)
		return -ENOENT;
	if (cmd->argc >= 2 && ev->kind->remove_words) {
		ret = ev->kind->remove_words(ev, cmd);
		if (ret <= 0)
			return ret;
	}
	return dynev_event_destroy(ev);
}

/*
 * Log a refused command. An error just past its end (something missing
 * after a last word) is shown after a space, as upstream's error_log
 * shows a command's words each followed by one.
 */
static void dynev_errlog(const char *loc, const char *line,
			 const struct tp_err *err)
{
	char *padded = NULL;

	if (err->pos > strlen(line))
		padded = kasprintf(GFP_KERNEL, "%s ", line);
	trace_errlog(loc, padded ?: line, err->pos, err->msg);
	kfree(padded);
}

/**
 * dynev_run() - run one command of a definitions file
 * @only:	the kind whose file it was written to; NULL for
 *		dynamic_events, which takes every kind and "!" removals
 * @line:	the command: no newline, no comment, not blank
 *
 * A refused definition is explained in error_log.
 *
 * Return: 0 or a negative errno.
 */
static int dynev_run(struct dynev_kind *only, const char *line)
{
	struct dynev_kind *k, *by = only;
	struct dynev_cmd *cmd;
	bool del = false;
	char *buf;
	int ret;

	cmd = kzalloc(sizeof(*cmd), GFP_KERNEL);
	buf = kstrdup(line, GFP_KERNEL);
	if (!cmd || !buf) {
		ret = -ENOMEM;
		goto out;
	}
	cmd->line = line;
	cmd->own = !!only;
	ret = dynev_split(cmd, buf);
	if (ret || !cmd->argc)
		goto out;
	mutex_lock(&dynev_lock);
	if (cmd->argv[0][0] == '-' && !(only && only->own_syntax)) {
		ret = dynev_remove(only, cmd);
	} else {
		if ((!only || only->own_syntax) && cmd->argv[0][0] == '!') {
			cmd->argv[0]++;
			cmd->pos[0]++;
			del = true;
		}
		ret = -ECANCELED;
		list_for_each_entry(k, &dynev_kinds, node) {
			if (only && k != only)
				continue;
			ret = del ? k->delete(k, cmd) : k->create(k, cmd);
			if (ret != -ECANCELED) {
				by = k;
				break;
			}
		}
		if (ret == -ECANCELED)
			ret = -EINVAL;
	}
	mutex_unlock(&dynev_lock);
out:
	if (cmd && cmd->err.msg)
		dynev_errlog(by ? by->errloc : "dynamic_events", line,
			     &cmd->err);
	kfree(buf);
	kfree(cmd);
	return ret;
}

/**
 * dynev_boot_define() - define events at boot, and start them
 * @kind:	their kind
 * @line:	the definition, as its definitions file takes it
 *
 * For the command line (kprobe_event=): the events the definition makes
 * record from here on.
 *
 * Return: 0, or the errno of the definition or of starting an event.
 */
int __init dynev_boot_define(struct dynev_kind *kind, const char *line)
{
	struct dynev_event *ev;
	int ret;

	/*
	 * kprobe_event= runs at core_initcall_sync, before the boot config
	 * (linked after it at that level) and anything else that defines
	 * events: the new ones come last.
	 */
	scoped_guard(mutex, &dynev_lock)
		ev = list_last_entry(&dynev_events, struct dynev_event, list);
	ret = dynev_run(kind, line);
	if (ret)
		return ret;
	guard(mutex)(&dynev_lock);
	guard(mutex)(&trace_ev_lock);
	/* From the head when the list was empty: @ev is the head's entry. */
	list_for_each_entry_continue(ev, &dynev_events, list) {
		ret = trace_ev_set_locked(ev->call.rt, true);
		if (ret)
			return ret;
	}
	return 0;
}

/**
 * dynev_command() - run one line of dynamic_events
 * @line:	the command, without newline or comment
 *
 * For the writers that are not user space (the boot config): as a
 * write() of the line to dynamic_events, a refusal explained in
 * error_log.
 *
 * Return: 0 or a negative errno.
 */
int dynev_command(const char *line)
{
	return dynev_run(NULL, line);
}

/**
 * dynev_write() - write() of a definitions file
 * @only:	its kind; NULL for dynamic_events
 * @ubuf:	the bytes written
 * @cnt:	how many
 * @ppos:	the file position, advanced by what was taken
 *
 * Lines run in order up to the first that fails. A write whose every
 * line ran returns its length; one whose first line failed returns that
 * line's errno, having changed nothing; otherwise the write is short, up
 * to the failing line, which the caller writes again and sees fail.
 *
 * Return: the bytes taken (whole lines), or a negative errno when the
 * first line fails or is longer than DYNEV_LINE_MAX; -EINVAL, with
 * nothing taken, for a write that holds a NUL byte.
 */
static ssize_t dynev_write(struct dynev_kind *only,
			   const char __user *ubuf, size_t cnt, loff_t *ppos)
{
	size_t chunk = min_t(size_t, cnt, DYNEV_LINE_MAX - 1), done = 0, start;
	char *buf, *p, *nl, *hash;
	int ret = 0;

	buf = kmalloc(chunk + 1, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	if (copy_from_user(buf, ubuf, chunk)) {
		kfree(buf);
		return -EFAULT;
	}
	buf[chunk] = '\0';
	/*
	 * A NUL would end a line where the write does not: refused, as any
	 * bad byte (the loop below would not get past it either).
	 */
	if (memchr(buf, '\0', chunk)) {
		kfree(buf);
		return -EINVAL;
	}
	for (p = buf; done < chunk; p = buf + done) {
		nl = strchr(p, '\n');
		if (!nl && chunk < cnt) {
			/* A line cut by the chunk: the caller writes it again. */
			if (!done)
				ret = -EINVAL;
			break;
		}
		if (nl)
			*nl = '\0';
		start = done;
		done += strlen(p) + (nl ? 1 : 0);
		hash = strchr(p, '#');
		if (hash)
			*hash = '\0';
		p = strim(p);
		if (!*p)
			continue;
		ret = dynev_run(only, p);
		if (ret) {
			done = start;
			break;
		}
	}
	kfree(buf);
	/* A failed line after others: the write stops short before it. */
	if (ret && !done)
		return ret;
	*ppos += done;
	return done;
}

/**
 * dynev_clear() - remove every event of a kind, or of all
 * @only:	the kind; NULL for all
 *
 * Return: 0, or -EBUSY when one is in use (all stay).
 */
static int dynev_clear(struct dynev_kind *only)
{
	guard(mutex)(&dynev_lock);
	return dynev_remove_set(only, NULL);
}

/* The kind a definitions file is of: its table argument; NULL for all. */
static struct dynev_kind *dynev_kind_of(struct inode *inode)
{
	return (struct dynev_kind *)trace_fs_arg(inode);
}

static int dynev_show(struct seq_file *m, void *unused)
{
	struct dynev_kind *only = m->private;
	struct dynev_event *ev;

	guard(mutex)(&dynev_lock);
	list_for_each_entry(ev, &dynev_events, list) {
		if (!dynev_in(ev, only, NULL))
			continue;
		if (only && ev->kind->show_own)
			ev->kind->show_own(m, ev);
		else
			ev->kind->show(m, ev);
	}
	return 0;
}

static int dynev_open(struct inode *inode, struct file *file)
{
	struct dynev_kind *only = dynev_kind_of(inode);
	int ret;

	if ((file->f_mode & FMODE_WRITE) && (file->f_flags & O_TRUNC)) {
		ret = dynev_clear(only);
		if (ret)
			return ret;
	}
	return single_open(file, dynev_show, only);
}

static ssize_t dynev_file_write(struct file *file, const char __user *ubuf,
				size_t cnt, loff_t *ppos)
{
	return dynev_write(dynev_kind_of(file_inode(file)), ubuf, cnt, ppos);
}

/*
 * dynamic_events, and each kind's own file: its table argument is the
 * kind (0 for dynamic_events).
 */
const struct file_operations dynev_fops = {
	.open		= dynev_open,
	.read		= seq_read,
	.write		= dynev_file_write,
	.llseek		= seq_lseek,
	.release	= single_release,
};

static const struct trace_fs_file dynev_files[] = {
	TRACE_FS_FOPS("dynamic_events", 0640, TRACE_FS_TOP_ONLY, 0,
		      &dynev_fops),
};

static struct trace_fs_table dynev_fs = {
	.name = "dynamic_events",
	.files = dynev_files,
	.nr = ARRAY_SIZE(dynev_files),
	.order = TRACE_FS_ORDER_DYNEV,
	.readme =
	"  dynamic_events       - Create/append/remove/list events of every kind\n"
	"\t\t\t  made at run time, one definition a line (the\n"
	"\t\t\t  kinds' syntax follows). '!' before a definition\n"
	"\t\t\t  removes the event it defines; -:[<group>/]<event>\n"
	"\t\t\t  removes an event of any kind.\n",
};

TRACE_FS_REGISTER(dynev_fs);
