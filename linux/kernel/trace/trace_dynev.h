/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Dynamic events (trace_dynev.c): the kinds of events made at run time
 * (kprobe, uprobe, fprobe, tracepoint-probe, event-probe and synthetic
 * events)
 * register here; the dynamic_events file lists them all and takes the
 * definitions of each, and each kind's own file (kprobe_events) goes
 * through the same line reader and the same name rules. Every event
 * starts with a struct dynev_event, which this layer lists, finds,
 * makes and removes. The kinds that fire on a hit build on it through
 * trace_probe_ev.h, which keeps their places, hits and write path.
 */
#ifndef _KERNEL_TRACE_TRACE_DYNEV_H
#define _KERNEL_TRACE_TRACE_DYNEV_H

#include <linux/atomic.h>
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
 * @own:	written to the kind's own file, not to dynamic_events
 */
struct dynev_cmd {
	const char *line;
	unsigned int argc;
	char *argv[DYNEV_MAX_WORDS];
	unsigned int pos[DYNEV_MAX_WORDS];
	struct tp_err err;
	bool own;
};

struct dynev_event;

/**
 * dynev_cmd_fail() - say why a command is refused
 * @cmd:	the command
 * @pos:	where in its line, for error_log's caret
 * @msg:	what is wrong
 * @err:	the errno the write gets
 *
 * Return: @err.
 */
static inline int dynev_cmd_fail(struct dynev_cmd *cmd, unsigned int pos,
				 const char *msg, int err)
{
	return tp_fail_errno(&cmd->err, pos, msg, err);
}

/**
 * struct dynev_kind - a kind of dynamic event
 * @errloc:	the name its errors go under in error_log
 * @own_syntax:	its own file takes its lines without the kind's prefix,
 *		"!" removals, and no "-:" removals (synthetic_events)
 * @create:	adds the event @cmd defines (or its place to the event of
 *		its name). -ECANCELED when @cmd is not of this kind. On an
 *		error, @cmd->err may say where.
 * @delete:	removes the event @cmd defines (dynamic_events' "!"
 *		lines, synthetic_events' too): 0, -ENOENT, -EBUSY, or
 *		-ECANCELED when @cmd is not of this kind
 * @remove_words: for "-:EVENT WORDS", given @cmd's words after the
 *		name: -ENOENT when they are not @ev's, 0 when they named
 *		one of its places and that place alone went, 1 when the
 *		whole event is to go. NULL: the words are not looked at.
 * @show:	lists @ev, one definition a line
 * @show_own:	lists @ev in the kind's own file; NULL: as @show
 * @holds:	the event @ev reads, which it keeps from going; NULL when
 *		the kind's events hold none
 * @release:	frees @ev, which has left the registry and the list: its
 *		probes, its own part, then dynev_event_fini() and itself
 * @node:	in the list of kinds
 *
 * All but @release are called with dynev_lock held.
 */
struct dynev_kind {
	const char *errloc;
	bool own_syntax;
	int (*create)(const struct dynev_kind *kind, struct dynev_cmd *cmd);
	int (*delete)(const struct dynev_kind *kind, struct dynev_cmd *cmd);
	int (*remove_words)(struct dynev_event *ev, struct dynev_cmd *cmd);
	void (*show)(struct seq_file *m, struct dynev_event *ev);
	void (*show_own)(struct seq_file *m, struct dynev_event *ev);
	const struct trace_ev_call *(*holds)(struct dynev_event *ev);
	void (*release)(struct dynev_event *ev);
	struct list_head node;
};

/**
 * struct dynev_event - what an event of every kind has; the kind's own
 * structure starts with it
 * @call:	its trace event; @call.data is this
 * @class:	its class: its group, its size, the kind's reg and print
 * @list:	in the list of every kind's events, in order of definition
 *		(dynev_lock)
 * @kind:	its kind
 * @group:	its group (the system of its events/ directory)
 * @name:	its name
 * @args:	its fetch arguments, laid out after the kind's own fields
 * @fields:	its fields, for the format file and filters
 * @missed:	hits dropped for want of a scratch page
 */
struct dynev_event {
	struct trace_ev_call call;
	struct trace_ev_class class;
	struct list_head list;
	const struct dynev_kind *kind;
	char *group;
	char *name;
	struct tp_args *args;
	struct trace_ev_field *fields;
	atomic_long_t missed;
};

/* Every event, in order of definition; see struct dynev_event's @list. */
extern struct list_head dynev_events;

struct dynev_event *dynev_next(struct dynev_event *ev,
			       const struct dynev_kind *kind);

/**
 * struct dynev_rec - the own fields of a probe event's record (kprobe,
 * uprobe, fprobe and tracepoint probe events), before its arguments
 * @ent:	the common fields
 * @ip:		the probed address
 */
struct dynev_rec {
	struct trace_entry ent;
	unsigned long ip;
};

/**
 * struct dynev_ret_rec - those of a return probe's record
 * @ent:	the common fields
 * @func:	the probed function
 * @ret_ip:	where it returns to
 */
struct dynev_ret_rec {
	struct trace_entry ent;
	unsigned long func;
	unsigned long ret_ip;
};

/**
 * dynev_rec_size() - the size of a probe event's own fields
 * @ret:	of a return probe
 *
 * Return: where its arguments start.
 */
static inline unsigned int dynev_rec_size(bool ret)
{
	return ret ? sizeof(struct dynev_ret_rec) : sizeof(struct dynev_rec);
}

/**
 * dynev_of() - the event a trace event of a dynamic event is
 * @call:	the trace event
 *
 * Return: its struct dynev_event.
 */
static inline struct dynev_event *dynev_of(const struct trace_ev_call *call)
{
	return (struct dynev_event *)call->data;
}

int dynev_command(const char *line);
void dynev_register(struct dynev_kind *kind);
int dynev_boot_define(struct dynev_kind *kind, const char *line);
int dynev_parse_name(char *s, unsigned int pos, const char **grp,
		     const char **event, struct tp_err *err);
bool dynev_place_is_file(const char *place);
char *dynev_auto_name(const char *fmt, ...) __printf(1, 2);
int dynev_parse_args(struct dynev_cmd *cmd, unsigned int first,
		     const struct tp_pctx *pc, unsigned int head,
		     struct tp_args **argsp);
int dynev_append_check(struct dynev_cmd *cmd, const struct dynev_event *ev,
		       bool same_type, const struct tp_args *want,
		       unsigned int first);
int dynev_event_start(struct dynev_event *ev, const struct dynev_kind *kind,
		      const char *grp, const char *name);
int dynev_event_init(struct dynev_event *ev, const struct dynev_kind *kind,
		     const char *grp, const char *name, struct tp_args **args,
		     const struct trace_ev_field *head, unsigned int nhead,
		     const char *fmt, const char *fmt_args);
int dynev_place_init(struct dynev_event *ev, const struct dynev_kind *kind,
		     const char *grp, const char *name, struct tp_args **args,
		     bool ret, bool user);
void dynev_place_print(struct seq_file *m, const struct dynev_event *ev,
		       const void *rec, unsigned int len, bool ret, bool user);
void dynev_event_fini(struct dynev_event *ev);
int dynev_event_add(struct dynev_event *ev);
int dynev_event_destroy(struct dynev_event *ev);
struct dynev_event *dynev_find(const struct dynev_kind *kind, const char *grp,
			       const char *name);
int dynev_lookup(struct dynev_cmd *cmd, const struct dynev_kind *kind,
		 const char *grp, const char *name, struct dynev_event **evp);
int dynev_delete(const struct dynev_kind *kind, const char *grp,
		 const char *name);

/*
 * The operations of a definitions file: a kind's own (kprobe_events) has
 * the kind as its table argument (TRACE_FS_FOPS()).
 */
extern const struct file_operations dynev_fops;

#endif /* _KERNEL_TRACE_TRACE_DYNEV_H */
