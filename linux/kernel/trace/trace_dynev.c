// SPDX-License-Identifier: GPL-2.0
/*
 * Dynamic events: the registry of their kinds, the dynamic_events file,
 * and what the kinds' own files share with it (trace_dynev.h).
 *
 * A write is read line by line: '#' starts a comment, blank lines are
 * skipped, and each line is a command run on its own, so a write of
 * several lines stops at the first that fails (those before it stay). A
 * line cut by the end of a write that has more to come is left for the
 * next write. Opening a definitions file with O_TRUNC removes its
 * events first, or fails with EBUSY while one of them is in use.
 */
#include <linux/ctype.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "trace.h"
#include "trace_dynev.h"
#include "trace_fs.h"

/* See trace_dynev.h: every definition, removal and listing. */
DEFINE_MUTEX(dynev_lock);

/* The kinds, registered at core_initcall and never removed; dynev_lock. */
static LIST_HEAD(dynev_kinds);

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

static bool dynev_is_name(const char *s)
{
	if (!isalpha(*s) && *s != '_')
		return false;
	while (*++s)
		if (!isalnum(*s) && *s != '_')
			return false;
	return true;
}

static int dynev_fail(struct tp_err *err, unsigned int pos, const char *msg)
{
	err->pos = pos;
	err->msg = msg;
	return -EINVAL;
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
			return dynev_fail(err, pos, "Group name is not specified");
		if (strlen(s) >= TP_MAX_NAME)
			return dynev_fail(err, pos, "Group name is too long");
		if (!dynev_is_name(s))
			return dynev_fail(err, pos,
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
		return dynev_fail(err, pos, "Event name is not specified");
	}
	if (strlen(s) >= TP_MAX_NAME)
		return dynev_fail(err, pos, "Event name is too long");
	if (!dynev_is_name(s))
		return dynev_fail(err, pos,
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
			return dynev_fail(&cmd->err, p - buf, "Too many arguments");
		cmd->pos[cmd->argc] = p - buf;
		cmd->argv[cmd->argc++] = p;
		while (*p && !isspace(*p))
			p++;
		if (*p)
			*p++ = '\0';
	}
}

/*
 * "-:[GRP/]EVENT [...]": the first kind that has the event removes it.
 * "-:GRP/": every kind removes its events of the group, the newest kind
 * first (an event probe may hold a kprobe event of the group).
 */
static int dynev_remove(struct dynev_kind *only, struct dynev_cmd *cmd)
{
	const char *grp, *event;
	struct dynev_kind *k;
	bool found = false;
	int ret;

	if (cmd->argv[0][1] != ':')
		return dynev_fail(&cmd->err, 1, "Removal needs -:[GRP/]EVENT");
	ret = dynev_parse_name(cmd->argv[0] + 2, 2, &grp, &event, &cmd->err);
	if (ret)
		return ret;
	list_for_each_entry_reverse(k, &dynev_kinds, node) {
		if (only && k != only)
			continue;
		ret = k->remove(cmd, grp, event);
		if (ret == -ENOENT)
			continue;
		if (ret || event)
			return ret;
		found = true;
	}
	return found ? 0 : -ENOENT;
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
	ret = dynev_split(cmd, buf);
	if (ret || !cmd->argc)
		goto out;
	mutex_lock(&dynev_lock);
	if (cmd->argv[0][0] == '-') {
		ret = dynev_remove(only, cmd);
	} else {
		if (!only && cmd->argv[0][0] == '!') {
			cmd->argv[0]++;
			cmd->pos[0]++;
			del = true;
		}
		ret = -ECANCELED;
		list_for_each_entry(k, &dynev_kinds, node) {
			if (only && k != only)
				continue;
			ret = k->create(cmd, del);
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
		trace_errlog(by ? by->errloc : "dynamic_events", line,
			     cmd->err.pos, cmd->err.msg);
	kfree(buf);
	kfree(cmd);
	return ret;
}

/**
 * dynev_write() - write() of a definitions file
 * @only:	its kind; NULL for dynamic_events
 * @ubuf:	the bytes written
 * @cnt:	how many
 * @ppos:	the file position, advanced by what was taken
 *
 * Return: the bytes taken (whole lines), or a negative errno when the
 * first line fails or is longer than DYNEV_LINE_MAX; -EINVAL, with
 * nothing taken, for a write that holds a NUL byte.
 */
static ssize_t dynev_write(struct dynev_kind *only,
			   const char __user *ubuf, size_t cnt, loff_t *ppos)
{
	size_t chunk = min_t(size_t, cnt, DYNEV_LINE_MAX - 1), done = 0;
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
		done += strlen(p) + (nl ? 1 : 0);
		hash = strchr(p, '#');
		if (hash)
			*hash = '\0';
		p = strim(p);
		if (!*p)
			continue;
		ret = dynev_run(only, p);
		if (ret)
			break;
	}
	kfree(buf);
	/* On a failed line, those before it have taken effect. */
	if (ret)
		return ret;
	*ppos += done;
	return done;
}

/**
 * dynev_clear() - remove every event of a kind, or of all
 * @only:	the kind; NULL for all
 *
 * Return: 0, or -EBUSY when one is in use (the kind keeps them all).
 */
static int dynev_clear(struct dynev_kind *only)
{
	struct dynev_kind *k;
	int ret;

	guard(mutex)(&dynev_lock);
	/* Newest kind first: an event probe may hold a kprobe event. */
	list_for_each_entry_reverse(k, &dynev_kinds, node) {
		if (only && k != only)
			continue;
		ret = k->clear();
		if (ret)
			return ret;
	}
	return 0;
}

/* The kind a definitions file is of: its table argument; NULL for all. */
static struct dynev_kind *dynev_kind_of(struct inode *inode)
{
	return (struct dynev_kind *)trace_fs_arg(inode);
}

static int dynev_show(struct seq_file *m, void *unused)
{
	struct dynev_kind *only = m->private, *k;

	guard(mutex)(&dynev_lock);
	list_for_each_entry(k, &dynev_kinds, node)
		if (!only || k == only)
			k->show(m);
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
