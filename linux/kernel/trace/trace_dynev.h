/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Dynamic events (trace_dynev.c): the kinds of events made at run time
 * (kprobe events, and the others as they come) register here; the
 * dynamic_events file lists them all and takes the definitions of each,
 * and each kind's own file (kprobe_events) goes through the same line
 * reader and the same name rules.
 */
#ifndef _KERNEL_TRACE_TRACE_DYNEV_H
#define _KERNEL_TRACE_TRACE_DYNEV_H

#include <linux/fs.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/seq_file.h>

#include "trace_probe.h"

/* Serializes every definition and removal of every kind, and listings. */
extern struct mutex dynev_lock;

/* The most words a definition has: its head, its place and arguments. */
#define DYNEV_MAX_WORDS		(TP_MAX_ARGS + 3)

/**
 * struct dynev_cmd - one line written to a definitions file
 * @line:	the line, as error_log shows it
 * @argc:	its words
 * @argv:	each, NUL-terminated in a copy of @line
 * @pos:	the offset of each in @line
 * @err:	where a kind reports what it refused
 */
struct dynev_cmd {
	const char *line;
	unsigned int argc;
	char *argv[DYNEV_MAX_WORDS];
	unsigned int pos[DYNEV_MAX_WORDS];
	struct tp_err err;
};

/**
 * struct dynev_kind - a kind of dynamic event
 * @errloc:	the name its errors go under in error_log
 * @create:	adds the event @cmd defines; with @del, removes the event
 *		it names instead (dynamic_events' "!" lines). -ECANCELED
 *		when @cmd is not of this kind. On -EINVAL, @cmd->err says
 *		where.
 * @remove:	removes the event @grp/@event (@grp NULL: of any group;
 *		@event NULL: every event of @grp) of this kind, or its
 *		probes matching the words of @cmd after the first; -ENOENT
 *		when it has none of that name
 * @show:	lists its events, one definition a line
 * @clear:	removes all its events, or none with -EBUSY
 * @node:	in the list of kinds
 *
 * All are called with dynev_lock held.
 */
struct dynev_kind {
	const char *errloc;
	int (*create)(struct dynev_cmd *cmd, bool del);
	int (*remove)(struct dynev_cmd *cmd, const char *grp,
		      const char *event);
	void (*show)(struct seq_file *m);
	int (*clear)(void);
	struct list_head node;
};

void dynev_register(struct dynev_kind *kind);
int dynev_parse_name(char *s, unsigned int pos, const char **grp,
		     const char **event, struct tp_err *err);
bool dynev_place_is_file(const char *place);

/*
 * The operations of a definitions file: a kind's own (kprobe_events) has
 * the kind as its table argument (TRACE_FS_FOPS()).
 */
extern const struct file_operations dynev_fops;

#endif /* _KERNEL_TRACE_TRACE_DYNEV_H */
