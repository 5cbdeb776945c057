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
#include <linux/bpf.h>
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
#include "trace_uprobe.h"

#define TU_GROUP	"uprobes"
#define TU_ERRLOC	"trace_uprobe"

/**
 * struct tu_event - a uprobe event
 * @de:		what every dynamic event has; its class's reg is tu_reg()
 * @probes:	its probes (struct tu_probe); changed under dynev_lock and
 *		trace_ev_lock both
 * @ret:	its probes are return probes
 * @hits:	its probes' hits, per CPU, for uprobe_profile
 */
struct tu_event {
	struct dynev_event de;
	struct list_head probes;
	bool ret;
	unsigned long __percpu *hits;
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

static struct dynev_kind tu_kind;

/* The uprobe event a dynamic event of tu_kind is. */
static struct tu_event *tu_of(struct dynev_event *de)
{
	return container_of(de, struct tu_event, de);
}

/*
 * The hit at @func (the probed address); @ret_ip, of a return, where it
 * returns to. Task context.
 */
static void tu_hit(struct tu_probe *p, struct pt_regs *regs,
		   unsigned long func, unsigned long ret_ip)
{
	struct tu_event *ev = p->ev;
	struct trace_ev_call *call = &ev->de.call;
	unsigned long fl, *head, base = func - p->offset;
	struct trace_wh h;
	unsigned int len;
	void *page;
	bool bpf;
	u8 *rec;

	guard(preempt_notrace)();
	this_cpu_inc(*ev->hits);
	fl = READ_ONCE(call->flags);
	if (!(fl & TRACE_EV_FL_RECORD))
		return;
	page = tp_scratch_get();
	if (!page) {
		atomic_long_inc(&ev->de.missed);
		return;
	}
	/* Programs see the user's registers; they may keep the hit from perf. */
	bpf = IS_ENABLED(CONFIG_BPF_EVENTS) && (fl & TRACE_EV_FL_SLOW);
	if (bpf)
		trace_ev_perf_regs_bpf(call, regs);
	head = page + sizeof(struct trace_entry);
	head[0] = func;
	if (ev->ret)
		head[1] = ret_ip;
	len = tp_fetch(ev->de.args, regs, &base, page, PAGE_SIZE);
	rec = trace_ev_reserve(call, fl, len, &h);
	if (rec) {
		memcpy(rec + sizeof(struct trace_entry),
		       page + sizeof(struct trace_entry),
		       len - sizeof(struct trace_entry));
		trace_ev_commit(call, fl, rec, &h);
	}
	if (bpf)
		trace_ev_perf_regs_done();
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

static void tu_print(struct seq_file *m, const struct trace_ev_call *call,
		     const void *rec, unsigned int len)
{
	const struct tu_event *ev = tu_of(dynev_of(call));

	dynev_place_print(m, &ev->de, rec, len, ev->ret, true);
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
	struct tu_event *ev = tu_of(dynev_of(call));
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

/* Free an event, which has left the registry (its probes are not in use). */
static void tu_event_free(struct tu_event *ev)
{
	struct tu_probe *p, *tmp;

	list_for_each_entry_safe(p, tmp, &ev->probes, node) {
		list_del(&p->node);
		tu_probe_free(p);
	}
	free_percpu(ev->hits);
	dynev_event_fini(&ev->de);
	kfree(ev);
}

static void tu_release(struct dynev_event *de)
{
	tu_event_free(tu_of(de));
}

/* The place of @p as the listing shows it. */
static void tu_place(struct seq_file *m, const struct tu_probe *p)
{
	seq_printf(m, "%s:0x%0*lx", p->file, (int)(2 * sizeof(long)),
		   p->offset);
	if (p->ref_ctr)
		seq_printf(m, "(0x%lx)", p->ref_ctr);
}

static void tu_show(struct seq_file *m, struct dynev_event *de)
{
	struct tu_event *ev = tu_of(de);
	struct tu_probe *p;

	list_for_each_entry(p, &ev->probes, node) {
		seq_printf(m, "%c:%s/%s ", ev->ret ? 'r' : 'p', ev->de.group,
			   ev->de.name);
		tu_place(m, p);
		tp_args_show(m, ev->de.args);
		seq_putc(m, '\n');
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

/* "p" or "r", then ":[GRP/]EVENT" */
static int tu_parse_head(struct dynev_cmd *cmd, struct tu_def *d)
{
	char *s = cmd->argv[0], *colon = strchr(s, ':');
	unsigned int pos = cmd->pos[0];

	d->ret = s[0] == 'r';
	if (colon)
		*colon = '\0';
	if (s[1])
		return dynev_cmd_fail(cmd, pos + 1, "Uprobes take no maxactive",
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
			return dynev_cmd_fail(cmd, pos + strlen(s),
					      "The reference counter has no ')'",
					      -EINVAL);
		if (close[1])
			return dynev_cmd_fail(cmd, pos + (close + 1 - s),
					      "Nothing may follow the reference counter",
					      -EINVAL);
		*close = '\0';
		if (kstrtoul(open + 1, 0, &d->ref_ctr) ||
		    d->ref_ctr % sizeof(short))
			return dynev_cmd_fail(cmd, pos + (open + 1 - s),
					      "Bad reference counter offset", -EINVAL);
		*open = '\0';
	}
	pct = strchr(s, '%');
	if (pct) {
		if (strcmp(pct, "%return"))
			return dynev_cmd_fail(cmd, pos + (pct - s),
					      "Unknown suffix of the place", -EINVAL);
		*pct = '\0';
		d->ret = true;
	}
	if (kstrtoul(s, 0, &d->offset))
		return dynev_cmd_fail(cmd, pos, "Bad uprobe offset", -EINVAL);
	return 0;
}

/*
 * Hold the file of a probe at @offset with @ref_ctr, in @path (NULL on
 * failure). On failure, @msg says why; @at_offs, whether the offsets are
 * what is wrong.
 */
static int tu_open(const char *file, unsigned long offset,
		   unsigned long ref_ctr, struct path *path, const char **msg,
		   bool *at_offs)
{
	struct inode *inode;
	int ret;

	*at_offs = false;
	ret = kern_path(file, LOOKUP_FOLLOW, path);
	if (ret) {
		path->dentry = NULL;
		*msg = "The file is not found";
		return ret;
	}
	*msg = "Not a regular file";
	if (!d_is_reg(path->dentry))
		return -EINVAL;
	inode = d_real_inode(path->dentry);
	*at_offs = true;
	*msg = "The offset is beyond the file's end";
	if (offset > i_size_read(inode))
		return -EINVAL;
	*msg = "The reference counter is beyond the file's end";
	if (ref_ctr && ref_ctr >= i_size_read(inode))
		return -EINVAL;
	return 0;
}

/* PATH:OFFSET[%return][(REF_CTR_OFFSET)] */
static int tu_parse_place(struct dynev_cmd *cmd, struct tu_def *d)
{
	char *s = cmd->argv[1], *colon = strrchr(s, ':');
	unsigned int pos = cmd->pos[1];
	const char *msg;
	bool at_offs;
	int ret;

	if (!colon || colon == s)
		return dynev_cmd_fail(cmd, pos, "A uprobe's place is PATH:OFFSET",
				      -EINVAL);
	*colon = '\0';
	ret = tu_parse_offset(cmd, d, colon + 1, pos + (colon + 1 - s));
	if (ret)
		return ret;
	d->file = kstrdup(s, GFP_KERNEL);
	if (!d->file)
		return -ENOMEM;
	ret = tu_open(s, d->offset, d->ref_ctr, &d->path, &msg, &at_offs);
	if (ret)
		return dynev_cmd_fail(cmd, at_offs ? pos + (colon + 1 - s) : pos,
				      msg, ret);
	return 0;
}

static int tu_parse_args(struct dynev_cmd *cmd, struct tu_def *d)
{
	struct tp_pctx pc = { .flags = TP_CTX_USER };

	if (d->ret)
		pc.flags |= TP_CTX_RETURN;
	return dynev_parse_args(cmd, 2, &pc, dynev_rec_size(d->ret), &d->args);
}

static int tu_parse(struct dynev_cmd *cmd, struct tu_def *d)
{
	int ret;

	ret = tu_parse_head(cmd, d);
	if (ret)
		return ret;
	if (cmd->argc < 2)
		return dynev_cmd_fail(cmd, strlen(cmd->line), "The probe needs a place",
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

	return dynev_auto_name("%c_%s_0x%lx", d->ret ? 'r' : 'p',
			       base ? base + 1 : d->file, d->offset);
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
	int ret;

	ret = dynev_append_check(cmd, &ev->de, ev->ret == d->ret, d->args, 2);
	if (ret)
		return ret;
	list_for_each_entry(q, &ev->probes, node)
		if (d_real_inode(q->path.dentry) ==
		    d_real_inode(d->path.dentry) && q->offset == d->offset)
			return dynev_cmd_fail(cmd, cmd->pos[0],
					      "The event has this probe already",
					      -EEXIST);
	p = tu_probe_new(d, ev);
	if (!p)
		return -ENOMEM;
	mutex_lock(&trace_ev_lock);
	if (test_bit(TRACE_EV_B_RECORD, &ev->de.call.flags))
		ret = tu_probe_register(p);
	if (!ret)
		list_add_tail(&p->node, &ev->probes);
	mutex_unlock(&trace_ev_lock);
	if (ret)
		tu_probe_free(p);
	return ret;
}

/*
 * An event of @d's type and arguments (taken from @d), with its place,
 * in no registry yet.
 */
static struct tu_event *tu_event_make(struct tu_def *d, const char *grp,
				      const char *name)
{
	struct tu_event *ev = kzalloc(sizeof(*ev), GFP_KERNEL);
	struct tu_probe *p;
	int ret;

	if (!ev)
		return NULL;
	INIT_LIST_HEAD(&ev->probes);
	ev->ret = d->ret;
	ret = dynev_place_init(&ev->de, &tu_kind, grp, name, &d->args, d->ret,
			       true);
	ev->hits = alloc_percpu(unsigned long);
	p = ret || !ev->hits ? NULL : tu_probe_new(d, ev);
	if (!p) {
		tu_event_free(ev);
		return NULL;
	}
	list_add_tail(&p->node, &ev->probes);
	ev->de.class.reg = tu_reg;
	ev->de.class.print = tu_print;
	ev->de.class.perf = TRACE_EV_PERF_UPROBE;
	return ev;
}

static int tu_event_new(struct tu_def *d, const char *grp, const char *name)
{
	struct tu_event *ev = tu_event_make(d, grp, name);
	int ret;

	if (!ev)
		return -ENOMEM;
	ret = dynev_event_add(&ev->de);
	if (ret)
		tu_event_free(ev);
	return ret;
}

static int tu_create(struct dynev_cmd *cmd, bool del)
{
	struct tu_def d = { };
	struct dynev_event *de;
	const char *grp, *name;
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
	ret = dynev_lookup(cmd, &tu_kind, grp, name, del, &de);
	if (ret)
		ret = ret < 0 ? ret : 0;
	else if (de)
		ret = tu_append(cmd, &d, tu_of(de));
	else
		ret = tu_event_new(&d, grp, name);
out:
	kfree(auto_name);
	tu_def_free(&d);
	return ret;
}

/* Probes of the uprobe PMU, one perf event's each (trace_uprobe_perf.c) */

/**
 * tu_local_new() - make the probe event of a uprobe PMU perf event
 * @file:	the probed file's path
 * @offset:	the place's offset in it
 * @ref_ctr:	the offset of its reference counter, or 0
 * @ret:	a return probe
 *
 * The event has no arguments, and is in no list, system or file: only
 * its perf events reach it (trace_ev_local_add()). Its probe is
 * registered with the uprobes core while perf has it enabled.
 *
 * Return: the event; ERR_PTR(-ENOENT) (or kern_path()'s errno) for a
 * file not found, -EINVAL for one that is not a regular file or offsets
 * beyond its end, -ENOMEM.
 */
struct trace_ev_call *tu_local_new(const char *file, unsigned long offset,
				   unsigned long ref_ctr, bool ret)
{
	struct tu_def d = { .ret = ret, .offset = offset, .ref_ctr = ref_ctr };
	struct trace_ev_call *call = ERR_PTR(-ENOMEM);
	struct tu_event *ev;
	char *name = NULL;
	const char *msg;
	bool at_offs;
	int err, bad;

	err = tu_open(file, offset, ref_ctr, &d.path, &msg, &at_offs);
	if (err) {
		call = ERR_PTR(err);
		goto out;
	}
	d.file = kstrdup(file, GFP_KERNEL);
	d.args = tp_args_alloc(0);
	if (!d.file || !d.args ||
	    tp_args_layout(d.args, dynev_rec_size(ret), &bad))
		goto out;
	name = tu_default_name(&d);
	ev = name ? tu_event_make(&d, TU_GROUP, name) : NULL;
	if (!ev)
		goto out;
	err = tp_scratch_alloc();
	if (!err)
		err = trace_ev_local_add(&ev->de.call);
	if (err) {
		tu_event_free(ev);
		call = ERR_PTR(err);
		goto out;
	}
	call = &ev->de.call;
out:
	kfree(name);
	tu_def_free(&d);
	return call;
}

/**
 * tu_local_free() - undo tu_local_new()
 * @call:	the event, which perf left (its probe is unregistered)
 */
void tu_local_free(struct trace_ev_call *call)
{
	trace_ev_local_remove(call);
	tu_event_free(tu_of(dynev_of(call)));
}

/**
 * tu_info() - what BPF's link info and BPF_TASK_FD_QUERY say of a uprobe
 * event
 * @call:	the event: of uprobe_events or of the uprobe PMU
 * @fd_type:	gets BPF_FD_TYPE_UPROBE or BPF_FD_TYPE_URETPROBE
 * @file:	gets its first probe's path (it lives as long as the perf
 *		event)
 * @offset:	gets that probe's offset in the file
 *
 * Return: 0, or -EINVAL for an event that is not a uprobe event.
 */
int tu_info(struct trace_ev_call *call, u32 *fd_type, const char **file,
	    u64 *offset)
{
	struct tu_event *ev;
	struct tu_probe *p;

	if (call->class->reg != tu_reg)
		return -EINVAL;
	ev = tu_of(dynev_of(call));
	/* The probes change under this lock and dynev_lock both. */
	guard(mutex)(&trace_ev_lock);
	p = list_first_entry_or_null(&ev->probes, struct tu_probe, node);
	if (!p)
		return -EINVAL;
	*fd_type = ev->ret ? BPF_FD_TYPE_URETPROBE : BPF_FD_TYPE_UPROBE;
	*file = p->file;
	*offset = p->offset;
	return 0;
}

static struct dynev_kind tu_kind = {
	.errloc = TU_ERRLOC,
	.create = tu_create,
	.show = tu_show,
	.release = tu_release,
};

/* uprobe_profile: each event's file, name and hits. */
static int tu_profile_show(struct seq_file *m, struct trace_array *tr,
			   long unused)
{
	struct dynev_event *de;
	struct tu_event *ev;
	struct tu_probe *p;
	unsigned long hits;
	int cpu;

	guard(mutex)(&dynev_lock);
	for (de = dynev_next(NULL, &tu_kind); de; de = dynev_next(de, &tu_kind)) {
		ev = tu_of(de);
		p = list_first_entry(&ev->probes, struct tu_probe, node);
		hits = 0;
		for_each_possible_cpu(cpu)
			hits += *per_cpu_ptr(ev->hits, cpu);
		seq_printf(m, "  %s %-44s %15lu\n", p->file, ev->de.name, hits);
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
