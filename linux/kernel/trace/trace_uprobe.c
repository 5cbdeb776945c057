// SPDX-License-Identifier: GPL-2.0
/*
 * Uprobe events: trace events on user-space probes, defined at run time
 * through uprobe_events or dynamic_events, and counted in uprobe_profile:
 *
 *   p|r[:[GRP/][EVENT]] PATH:OFFSET[%return][(REF_CTR_OFFSET)] [FETCHARGS]
 *
 * An event is one struct tu_event: a trace event of the registry whose
 * class registers its probes with the uprobes core while it is enabled
 * (the core has no disarmed state), its fetch arguments, and one or more
 * probes: a definition that names an existing event of the same type and
 * arguments adds its place to the event. A probe keeps its file's path
 * (and so its inode) for its life.
 *
 * The handlers run in the probed task's context. A hit evaluates the
 * arguments, user memory read without faulting, into a scratch page of
 * trace_probe.h, and writes the record, all with preemption off; a hit
 * that finds no page free is counted missed. @+OFFS reads the binary's
 * data where the mapping of the probe's place puts it.
 */
#include <linux/ctype.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/namei.h>
#include <linux/percpu.h>
#include <linux/preempt.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/trace_events.h>
#include <linux/uprobes.h>

#include "trace.h"
#include "trace_dynev.h"
#include "trace_ev_core.h"
#include "trace_fs.h"
#include "trace_probe.h"

#define TU_GROUP	"uprobes"
#define TU_ERRLOC	"trace_uprobe"

/**
 * struct tu_event - a uprobe event
 * @call:	its trace event
 * @class:	its class: its group, its size, tu_reg()
 * @list:	in tu_events
 * @probes:	its probes (struct tu_probe); changed under dynev_lock and
 *		trace_ev_lock both
 * @group:	its group
 * @name:	its name
 * @ret:	its probes are return probes
 * @args:	its fetch arguments, laid out after its own fields
 * @fields:	its fields, for the format file and filters
 * @hits:	its probes' hits, per CPU, for uprobe_profile
 * @missed:	hits dropped for want of a scratch page
 */
struct tu_event {
	struct trace_ev_call call;
	struct trace_ev_class class;
	struct list_head list;
	struct list_head probes;
	char *group;
	char *name;
	bool ret;
	struct tp_args *args;
	struct trace_ev_field *fields;
	unsigned long __percpu *hits;
	atomic_long_t missed;
};

/**
 * struct tu_probe - one place of a uprobe event
 * @uc:		its consumer of the uprobes core
 * @node:	in its event's @probes
 * @ev:		its event
 * @file:	the path as written
 * @path:	the file, held
 * @offset:	the place's offset in the file
 * @ref_ctr:	the offset of its reference counter (a USDT semaphore), or 0
 * @up:		the core's uprobe while registered (trace_ev_lock)
 */
struct tu_probe {
	struct uprobe_consumer uc;
	struct list_head node;
	struct tu_event *ev;
	char *file;
	struct path path;
	unsigned long offset;
	unsigned long ref_ctr;
	struct uprobe *up;
};

/* The record's own fields: the probed address; of a return, the caller. */
struct tu_rec {
	struct trace_entry ent;
	unsigned long ip;
};

struct tu_ret_rec {
	struct trace_entry ent;
	unsigned long func;
	unsigned long ret_ip;
};

static const struct trace_ev_field tu_head[] = {
	{ .type = "unsigned long", .name = "__probe_ip",
	  .offset = offsetof(struct tu_rec, ip), .size = sizeof(long) },
};

static const struct trace_ev_field tu_ret_head[] = {
	{ .type = "unsigned long", .name = "__probe_func",
	  .offset = offsetof(struct tu_ret_rec, func), .size = sizeof(long) },
	{ .type = "unsigned long", .name = "__probe_ret_ip",
	  .offset = offsetof(struct tu_ret_rec, ret_ip), .size = sizeof(long) },
};

/* The events, in order of definition: dynev_lock. */
static LIST_HEAD(tu_events);

/*
 * The hit at @func (the probed address); @ret_ip, of a return, where it
 * returns to. Task context.
 */
static void tu_hit(struct tu_probe *p, struct pt_regs *regs,
		   unsigned long func, unsigned long ret_ip)
{
	struct tu_event *ev = p->ev;
	struct trace_ev_call *call = &ev->call;
	unsigned long fl, *head, base = func - p->offset;
	struct trace_wh h;
	unsigned int len;
	void *page;
	u8 *rec;

	guard(preempt_notrace)();
	this_cpu_inc(*ev->hits);
	fl = READ_ONCE(call->flags);
	if (!(fl & TRACE_EV_FL_RECORD))
		return;
	page = tp_scratch_get();
	if (!page) {
		atomic_long_inc(&ev->missed);
		return;
	}
	head = page + sizeof(struct trace_entry);
	head[0] = func;
	if (ev->ret)
		head[1] = ret_ip;
	len = tp_fetch(ev->args, regs, &base, page, PAGE_SIZE);
	rec = trace_ev_reserve(call, fl, len, &h);
	if (rec) {
		memcpy(rec + sizeof(struct trace_entry),
		       page + sizeof(struct trace_entry),
		       len - sizeof(struct trace_entry));
		trace_ev_commit(call, fl, rec, &h);
	}
	tp_scratch_put();
}

static int tu_handler(struct uprobe_consumer *uc, struct pt_regs *regs)
{
	tu_hit(container_of(uc, struct tu_probe, uc), regs,
	       instruction_pointer(regs), 0);
	return 0;
}

static int tu_ret_handler(struct uprobe_consumer *uc, unsigned long func,
			  struct pt_regs *regs)
{
	tu_hit(container_of(uc, struct tu_probe, uc), regs, func,
	       instruction_pointer(regs));
	return 0;
}

/* "(0xplace) args" or "(0xcaller <- 0xfunction) args" */
static void tu_print(struct seq_file *m, const struct trace_ev_call *call,
		     const void *rec, unsigned int len)
{
	const struct tu_event *ev = call->data;

	if (ev->ret) {
		const struct tu_ret_rec *r = rec;

		seq_printf(m, "(0x%lx <- 0x%lx)", r->ret_ip, r->func);
	} else {
		const struct tu_rec *r = rec;

		seq_printf(m, "(0x%lx)", r->ip);
	}
	tp_print(m, ev->args, rec, len);
	seq_putc(m, '\n');
}

/* Unregister the probes of @ev that are registered; sleeps. */
static void tu_unregister(struct tu_event *ev)
{
	struct tu_probe *p;
	bool any = false;

	list_for_each_entry(p, &ev->probes, node) {
		if (!p->up)
			continue;
		uprobe_unregister_nosync(p->up, &p->uc);
		p->up = NULL;
		any = true;
	}
	/* No handler of theirs runs once this returns. */
	if (any)
		uprobe_unregister_sync();
}

/* Register one probe; under trace_ev_lock. */
static int tu_probe_register(struct tu_probe *p)
{
	struct uprobe *up;

	up = uprobe_register(d_real_inode(p->path.dentry), p->offset,
			     p->ref_ctr, &p->uc);
	if (IS_ERR(up))
		return PTR_ERR(up);
	p->up = up;
	return 0;
}

/* Register or unregister every probe of an event; under trace_ev_lock. */
static int tu_reg(struct trace_ev_call *call, bool on)
{
	struct tu_event *ev = container_of(call, struct tu_event, call);
	struct tu_probe *p;
	int ret;

	lockdep_assert_held(&trace_ev_lock);
	if (!on) {
		tu_unregister(ev);
		return 0;
	}
	list_for_each_entry(p, &ev->probes, node) {
		ret = p->up ? 0 : tu_probe_register(p);
		if (ret) {
			tu_unregister(ev);
			return ret;
		}
	}
	return 0;
}

static void tu_probe_free(struct tu_probe *p)
{
	if (p->path.dentry)
		path_put(&p->path);
	kfree(p->file);
	kfree(p);
}

static void tu_event_free(struct tu_event *ev)
{
	free_percpu(ev->hits);
	tp_args_free(ev->args);
	kfree(ev->fields);
	kfree(ev->call.print_fmt);
	kfree(ev->group);
	kfree(ev->name);
	kfree(ev);
}

static int tu_event_destroy(struct tu_event *ev)
{
	struct tu_probe *p, *tmp;
	int ret;

	lockdep_assert_held(&dynev_lock);
	ret = trace_ev_dyn_remove(&ev->call);
	if (ret)
		return ret;
	list_del(&ev->list);
	list_for_each_entry_safe(p, tmp, &ev->probes, node) {
		list_del(&p->node);
		tu_probe_free(p);
	}
	tu_event_free(ev);
	return 0;
}

static struct tu_event *tu_find(const char *grp, const char *name)
{
	struct tu_event *ev;

	lockdep_assert_held(&dynev_lock);
	list_for_each_entry(ev, &tu_events, list)
		if ((!grp || !strcmp(ev->group, grp)) && !strcmp(ev->name, name))
			return ev;
	return NULL;
}

/* The place of @p as the listing shows it. */
static void tu_place(struct seq_file *m, const struct tu_probe *p)
{
	seq_printf(m, "%s:0x%0*lx", p->file, (int)(2 * sizeof(long)),
		   p->offset);
	if (p->ref_ctr)
		seq_printf(m, "(0x%lx)", p->ref_ctr);
}

static void tu_show(struct seq_file *m)
{
	struct tu_event *ev;
	struct tu_probe *p;

	lockdep_assert_held(&dynev_lock);
	list_for_each_entry(ev, &tu_events, list) {
		list_for_each_entry(p, &ev->probes, node) {
			seq_printf(m, "%c:%s/%s ", ev->ret ? 'r' : 'p',
				   ev->group, ev->name);
			tu_place(m, p);
			tp_args_show(m, ev->args);
			seq_putc(m, '\n');
		}
	}
}

/**
 * struct tu_def - a parsed uprobe definition
 * @ret:	a return probe
 * @grp:	the group given, or NULL
 * @event:	the event's name given, or NULL
 * @file:	the path as written
 * @path:	the file
 * @offset:	the offset in it
 * @ref_ctr:	the reference counter's offset, or 0
 * @args:	the arguments
 */
struct tu_def {
	bool ret;
	const char *grp;
	const char *event;
	char *file;
	struct path path;
	unsigned long offset;
	unsigned long ref_ctr;
	struct tp_args *args;
};

static int tu_fail(struct dynev_cmd *cmd, unsigned int pos, const char *msg,
		   int err)
{
	cmd->err.pos = pos;
	cmd->err.msg = msg;
	return err;
}

/* "p" or "r", then ":[GRP/]EVENT" */
static int tu_parse_head(struct dynev_cmd *cmd, struct tu_def *d)
{
	char *s = cmd->argv[0], *colon = strchr(s, ':');
	unsigned int pos = cmd->pos[0];

	d->ret = s[0] == 'r';
	if (colon)
		*colon = '\0';
	if (s[1])
		return tu_fail(cmd, pos + 1, "Uprobes take no maxactive",
			       -EINVAL);
	if (!colon)
		return 0;
	return dynev_parse_name(colon + 1, pos + (colon - s) + 1, &d->grp,
				&d->event, &cmd->err);
}

/* OFFSET[%return][(REF_CTR_OFFSET)], at @pos of the command; cut in place. */
static int tu_parse_offset(struct dynev_cmd *cmd, struct tu_def *d, char *s,
			   unsigned int pos)
{
	char *open = strchr(s, '('), *close, *pct;

	if (open) {
		close = strchr(open, ')');
		if (!close)
			return tu_fail(cmd, pos + strlen(s),
				       "The reference counter has no ')'",
				       -EINVAL);
		if (close[1])
			return tu_fail(cmd, pos + (close + 1 - s),
				       "Nothing may follow the reference counter",
				       -EINVAL);
		*close = '\0';
		if (kstrtoul(open + 1, 0, &d->ref_ctr) ||
		    d->ref_ctr % sizeof(short))
			return tu_fail(cmd, pos + (open + 1 - s),
				       "Bad reference counter offset", -EINVAL);
		*open = '\0';
	}
	pct = strchr(s, '%');
	if (pct) {
		if (strcmp(pct, "%return"))
			return tu_fail(cmd, pos + (pct - s),
				       "Unknown suffix of the place", -EINVAL);
		*pct = '\0';
		d->ret = true;
	}
	if (kstrtoul(s, 0, &d->offset))
		return tu_fail(cmd, pos, "Bad uprobe offset", -EINVAL);
	return 0;
}

/* PATH:OFFSET[%return][(REF_CTR_OFFSET)] */
static int tu_parse_place(struct dynev_cmd *cmd, struct tu_def *d)
{
	char *s = cmd->argv[1], *colon = strrchr(s, ':');
	unsigned int pos = cmd->pos[1];
	struct inode *inode;
	int ret;

	if (!colon || colon == s)
		return tu_fail(cmd, pos, "A uprobe's place is PATH:OFFSET",
			       -EINVAL);
	*colon = '\0';
	ret = tu_parse_offset(cmd, d, colon + 1, pos + (colon + 1 - s));
	if (ret)
		return ret;
	d->file = kstrdup(s, GFP_KERNEL);
	if (!d->file)
		return -ENOMEM;
	ret = kern_path(s, LOOKUP_FOLLOW, &d->path);
	if (ret) {
		d->path.dentry = NULL;
		return tu_fail(cmd, pos, "The file is not found", ret);
	}
	if (!d_is_reg(d->path.dentry))
		return tu_fail(cmd, pos, "Not a regular file", -EINVAL);
	inode = d_real_inode(d->path.dentry);
	if (d->offset > i_size_read(inode))
		return tu_fail(cmd, pos + (colon + 1 - s),
			       "The offset is beyond the file's end", -EINVAL);
	if (d->ref_ctr && d->ref_ctr >= i_size_read(inode))
		return tu_fail(cmd, pos + (colon + 1 - s),
			       "The reference counter is beyond the file's end",
			       -EINVAL);
	return 0;
}

static int tu_parse_args(struct dynev_cmd *cmd, struct tu_def *d)
{
	unsigned int i, flags = TP_CTX_USER, n = cmd->argc - 2;
	int ret, bad;

	if (n > TP_MAX_ARGS)
		return tu_fail(cmd, cmd->pos[2 + TP_MAX_ARGS],
			       "Too many arguments", -E2BIG);
	if (d->ret)
		flags |= TP_CTX_RETURN;
	d->args = tp_args_alloc(n);
	if (!d->args)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		ret = tp_arg_parse(&d->args->arg[i], cmd->argv[2 + i], i, flags,
				   cmd->pos[2 + i], &cmd->err);
		if (ret)
			return ret;
	}
	ret = tp_args_layout(d->args, d->ret ? sizeof(struct tu_ret_rec) :
				      sizeof(struct tu_rec), &bad);
	if (ret)
		return tu_fail(cmd, cmd->pos[2 + bad], tp_layout_msg(ret),
			       ret == -E2BIG ? -E2BIG : -EINVAL);
	return 0;
}

static int tu_parse(struct dynev_cmd *cmd, struct tu_def *d)
{
	int ret;

	ret = tu_parse_head(cmd, d);
	if (ret)
		return ret;
	if (cmd->argc < 2)
		return tu_fail(cmd, strlen(cmd->line), "The probe needs a place",
			       -EINVAL);
	ret = tu_parse_place(cmd, d);
	if (ret)
		return ret;
	return tu_parse_args(cmd, d);
}

static void tu_def_free(struct tu_def *d)
{
	if (d->path.dentry)
		path_put(&d->path);
	kfree(d->file);
	tp_args_free(d->args);
}

/* The event's name when the definition gives none: p_FILE_0xOFFSET. */
static char *tu_default_name(const struct tu_def *d)
{
	const char *base = strrchr(d->file, '/');
	char *s, *c;

	s = kasprintf(GFP_KERNEL, "%c_%s_0x%lx", d->ret ? 'r' : 'p',
		      base ? base + 1 : d->file, d->offset);
	if (!s)
		return NULL;
	for (c = s; *c; c++)
		if (!isalnum(*c))
			*c = '_';
	if (strlen(s) >= TP_MAX_NAME)
		s[TP_MAX_NAME - 1] = '\0';
	return s;
}

static struct tu_probe *tu_probe_new(struct tu_def *d, struct tu_event *ev)
{
	struct tu_probe *p = kzalloc(sizeof(*p), GFP_KERNEL);

	if (!p)
		return NULL;
	p->ev = ev;
	p->file = d->file;
	d->file = NULL;
	p->path = d->path;
	d->path.dentry = NULL;
	p->offset = d->offset;
	p->ref_ctr = d->ref_ctr;
	if (d->ret)
		p->uc.ret_handler = tu_ret_handler;
	else
		p->uc.handler = tu_handler;
	return p;
}

/* Add a probe to an existing event of the same type and arguments. */
static int tu_append(struct dynev_cmd *cmd, struct tu_def *d,
		     struct tu_event *ev)
{
	struct tu_probe *p, *q;
	unsigned int i;
	int ret = 0;

	if (ev->ret != d->ret)
		return tu_fail(cmd, cmd->pos[0],
			       "The event has probes of the other type", -EEXIST);
	for (i = 0; i < max(ev->args->n, d->args->n); i++) {
		if (i >= ev->args->n || i >= d->args->n ||
		    !tp_arg_same(&ev->args->arg[i], &d->args->arg[i]))
			return tu_fail(cmd, i < d->args->n ? cmd->pos[2 + i] :
					    strlen(cmd->line),
				       "The event has other arguments", -EEXIST);
	}
	list_for_each_entry(q, &ev->probes, node)
		if (d_real_inode(q->path.dentry) ==
		    d_real_inode(d->path.dentry) && q->offset == d->offset)
			return tu_fail(cmd, cmd->pos[0],
				       "The event has this probe already",
				       -EEXIST);
	p = tu_probe_new(d, ev);
	if (!p)
		return -ENOMEM;
	mutex_lock(&trace_ev_lock);
	if (test_bit(TRACE_EV_B_RECORD, &ev->call.flags))
		ret = tu_probe_register(p);
	if (!ret)
		list_add_tail(&p->node, &ev->probes);
	mutex_unlock(&trace_ev_lock);
	if (ret)
		tu_probe_free(p);
	return ret;
}

static struct tu_event *tu_event_alloc(struct tu_def *d, const char *grp,
				       const char *name)
{
	struct tu_event *ev = kzalloc(sizeof(*ev), GFP_KERNEL);
	const struct trace_ev_field *head = d->ret ? tu_ret_head : tu_head;
	unsigned int nhead = d->ret ? ARRAY_SIZE(tu_ret_head) :
				      ARRAY_SIZE(tu_head);

	if (!ev)
		return NULL;
	INIT_LIST_HEAD(&ev->probes);
	ev->ret = d->ret;
	ev->group = kstrdup(grp, GFP_KERNEL);
	ev->name = kstrdup(name, GFP_KERNEL);
	ev->hits = alloc_percpu(unsigned long);
	ev->args = d->args;
	d->args = NULL;
	if (!ev->group || !ev->name || !ev->hits)
		goto fail;
	ev->fields = tp_fields(ev->args, head, nhead);
	ev->call.print_fmt = d->ret ?
		tp_print_fmt(ev->args, "(0x%lx <- 0x%lx)",
			     ", REC->__probe_ret_ip, REC->__probe_func") :
		tp_print_fmt(ev->args, "(0x%lx)", ", REC->__probe_ip");
	if (!ev->fields || !ev->call.print_fmt)
		goto fail;
	ev->class.system = ev->group;
	ev->class.size = ev->args->size;
	ev->class.reg = tu_reg;
	ev->class.print = tu_print;
	ev->call.name = ev->name;
	ev->call.class = &ev->class;
	ev->call.fields = ev->fields;
	ev->call.data = ev;
	return ev;
fail:
	tu_event_free(ev);
	return NULL;
}

static int tu_event_new(struct tu_def *d, const char *grp, const char *name)
{
	struct tu_event *ev = tu_event_alloc(d, grp, name);
	struct tu_probe *p;
	int ret;

	if (!ev)
		return -ENOMEM;
	ret = tp_scratch_alloc();
	if (ret)
		goto fail;
	p = tu_probe_new(d, ev);
	if (!p) {
		ret = -ENOMEM;
		goto fail;
	}
	list_add_tail(&p->node, &ev->probes);
	ret = trace_ev_dyn_add(&ev->call);
	if (ret) {
		tu_probe_free(p);
		goto fail;
	}
	list_add_tail(&ev->list, &tu_events);
	return 0;
fail:
	tu_event_free(ev);
	return ret;
}

static int tu_create(struct dynev_cmd *cmd, bool del)
{
	struct tu_def d = { };
	const char *grp, *name;
	struct tu_event *ev;
	char *auto_name = NULL;
	int ret;

	lockdep_assert_held(&dynev_lock);
	if ((cmd->argv[0][0] != 'p' && cmd->argv[0][0] != 'r') ||
	    (cmd->argc >= 2 && !dynev_place_is_file(cmd->argv[1])))
		return -ECANCELED;
	ret = tu_parse(cmd, &d);
	if (ret)
		goto out;
	grp = d.grp ?: TU_GROUP;
	name = d.event;
	if (!name) {
		auto_name = tu_default_name(&d);
		name = auto_name;
		if (!name) {
			ret = -ENOMEM;
			goto out;
		}
	}
	ev = tu_find(grp, name);
	if (del)
		ret = ev ? tu_event_destroy(ev) : -ENOENT;
	else if (ev)
		ret = tu_append(cmd, &d, ev);
	else if (trace_ev_exists(grp, name))
		ret = tu_fail(cmd, cmd->pos[0], "The event name is in use",
			      -EEXIST);
	else
		ret = tu_event_new(&d, grp, name);
out:
	kfree(auto_name);
	tu_def_free(&d);
	return ret;
}

static int tu_remove(struct dynev_cmd *cmd, const char *grp,
		     const char *event)
{
	struct tu_event *ev, *tmp;
	bool found = false;
	int ret;

	lockdep_assert_held(&dynev_lock);
	if (!event) {
		/* "-:GRP/": the group's events, all or none. */
		list_for_each_entry(ev, &tu_events, list) {
			if (strcmp(ev->group, grp))
				continue;
			if (trace_ev_dyn_busy(&ev->call))
				return -EBUSY;
			found = true;
		}
		list_for_each_entry_safe(ev, tmp, &tu_events, list) {
			if (strcmp(ev->group, grp))
				continue;
			ret = tu_event_destroy(ev);
			if (ret)
				return ret;
		}
		return found ? 0 : -ENOENT;
	}
	ev = tu_find(grp, event);
	return ev ? tu_event_destroy(ev) : -ENOENT;
}

static int tu_clear(void)
{
	struct tu_event *ev, *tmp;
	int ret;

	lockdep_assert_held(&dynev_lock);
	list_for_each_entry(ev, &tu_events, list)
		if (trace_ev_dyn_busy(&ev->call))
			return -EBUSY;
	list_for_each_entry_safe(ev, tmp, &tu_events, list) {
		ret = tu_event_destroy(ev);
		if (ret)
			return ret;
	}
	return 0;
}

/**
 * perf_uprobe_init() - make the probe of a uprobe PMU perf event
 * @event:	the perf event
 * @ref_ctr_offset: its reference counter's offset
 * @is_retprobe: a return probe
 *
 * The uprobe PMU is not provided yet.
 *
 * Return: -EOPNOTSUPP.
 */
int perf_uprobe_init(struct perf_event *event, unsigned long ref_ctr_offset,
		     bool is_retprobe)
{
	return -EOPNOTSUPP;
}

/**
 * perf_uprobe_destroy() - undo perf_uprobe_init()
 * @event:	the perf event
 */
void perf_uprobe_destroy(struct perf_event *event)
{
}

static struct dynev_kind tu_kind = {
	.errloc = TU_ERRLOC,
	.create = tu_create,
	.remove = tu_remove,
	.show = tu_show,
	.clear = tu_clear,
};

/* uprobe_profile: each event's file, name and hits. */
static int tu_profile_show(struct seq_file *m, struct trace_array *tr,
			   long unused)
{
	struct tu_event *ev;
	struct tu_probe *p;
	unsigned long hits;
	int cpu;

	guard(mutex)(&dynev_lock);
	list_for_each_entry(ev, &tu_events, list) {
		p = list_first_entry(&ev->probes, struct tu_probe, node);
		hits = 0;
		for_each_possible_cpu(cpu)
			hits += *per_cpu_ptr(ev->hits, cpu);
		seq_printf(m, "  %s %-44s %15lu\n", p->file, ev->name, hits);
	}
	return 0;
}

static const struct trace_fs_file tu_files[] = {
	TRACE_FS_FOPS("uprobe_events", 0640, TRACE_FS_TOP_ONLY, (long)&tu_kind,
		      &dynev_fops),
	TRACE_FS_ATTR("uprobe_profile", 0440, TRACE_FS_TOP_ONLY,
		      tu_profile_show, NULL),
};

static struct trace_fs_table tu_fs = {
	.name = "uprobe_events",
	.files = tu_files,
	.nr = ARRAY_SIZE(tu_files),
	.order = TRACE_FS_ORDER_KPROBE + 3,
	.readme =
	"  uprobe_events        - Create/append/remove/list uprobe events\n"
	"  uprobe_profile       - Hits of each uprobe event\n"
	"\t  Syntax of a uprobe event, in either file:\n"
	"\t    p[:[<group>/][<event>]] <place> [<args>]\n"
	"\t    r[:[<group>/][<event>]] <place> [<args>]\n"
	"\t     place (uprobe): <path>:<offset>[%return][(ref_ctr_offset)]\n"
	"\t     args: as for kprobe events, of user memory, with\n"
	"\t           @+<file-offset> and without @<symbol>, $arg<N> and symstr\n",
};

TRACE_FS_REGISTER(tu_fs);

static int __init tu_init(void)
{
	dynev_register(&tu_kind);
	return 0;
}
core_initcall(tu_init);
