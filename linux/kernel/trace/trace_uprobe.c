// SPDX-License-Identifier: GPL-2.0
/*
 * Uprobe events: trace events on user-space probes, defined at run time
 * through uprobe_events or dynamic_events, and counted in uprobe_profile:
 *
 *   p|r[:[GRP/][EVENT]] PATH:OFFSET[%return][(REF_CTR_OFFSET)] [FETCHARGS]
 *
 * An event is a probe event (trace_probe_ev.h) whose places are struct
 * tu_probe: the base keeps the event, its places and its hits, writes
 * every hit and runs the define/append/remove skeleton. A place is
 * registered with the uprobes core while its event is enabled (the core
 * has no disarmed state). A probe keeps its file's path (and so its
 * inode) for its life.
 *
 * The handlers run in the probed task's context, and write the hit with
 * preemption off, user memory read without faulting. @+OFFS reads the
 * binary's data where the mapping of the probe's place puts it.
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
#include "trace_probe_ev.h"
#include "trace_uprobe.h"

#define TU_GROUP	"uprobes"
#define TU_ERRLOC	"trace_uprobe"

/**
 * struct tu_probe - one place of a uprobe event
 * @uc:		its consumer of the uprobes core (first: a handler finds
 *		the probe at no cost)
 * @pl:		what every place has
 * @file:	the path as written
 * @path:	the file, held
 * @offset:	the place's offset in the file
 * @ref_ctr:	the offset of its reference counter (a USDT semaphore), or 0
 * @up:		the core's uprobe while registered (trace_ev_lock)
 */
struct tu_probe {
	struct uprobe_consumer uc;
	struct pev_place pl;
	char *file;
	struct path path;
	unsigned long offset;
	unsigned long ref_ctr;
	struct uprobe *up;
};

/**
 * struct tu_def - a parsed uprobe definition
 * @pd:		what every definition has
 * @file:	the path as written
 * @path:	the file
 * @offset:	the offset in it
 * @ref_ctr:	the reference counter's offset, or 0
 */
struct tu_def {
	struct pev_def pd;
	char *file;
	struct path path;
	unsigned long offset;
	unsigned long ref_ctr;
};

static struct pev_kind tu_kind;

static struct tu_probe *tu_probe_of(const struct pev_place *pl)
{
	return container_of(pl, struct tu_probe, pl);
}

static struct tu_def *tu_def_of(struct pev_def *pd)
{
	return container_of(pd, struct tu_def, pd);
}

/*
 * The hit at @func (the probed address); @ret_ip, of a return, where it
 * returns to. Task context.
 */
static void tu_hit(struct tu_probe *p, struct pt_regs *regs,
		   unsigned long func, unsigned long ret_ip)
{
	unsigned long base = func - p->offset;

	guard(preempt_notrace)();
	pev_hit(p->pl.ev, regs, &base, func, ret_ip);
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

/* Register one probe; under trace_ev_lock. */
static int tu_arm(struct pev_place *pl)
{
	struct tu_probe *p = tu_probe_of(pl);
	struct uprobe *up;

	lockdep_assert_held(&trace_ev_lock);
	if (p->up)
		return 0;
	up = uprobe_register(d_real_inode(p->path.dentry), p->offset,
			     p->ref_ctr, &p->uc);
	if (IS_ERR(up))
		return PTR_ERR(up);
	p->up = up;
	return 0;
}

/* Unregister one probe; tu_disarm_sync() waits for its handlers. */
static void tu_disarm(struct pev_place *pl)
{
	struct tu_probe *p = tu_probe_of(pl);

	lockdep_assert_held(&trace_ev_lock);
	if (!p->up)
		return;
	uprobe_unregister_nosync(p->up, &p->uc);
	p->up = NULL;
}

/* No handler of the probes unregistered runs once this returns; sleeps. */
static void tu_disarm_sync(struct pev *ev)
{
	uprobe_unregister_sync();
}

static void tu_place_free(struct pev_place *pl)
{
	struct tu_probe *p = tu_probe_of(pl);

	if (p->path.dentry)
		path_put(&p->path);
	kfree(p->file);
	kfree(p);
}

static void tu_show_type(struct seq_file *m, const struct pev_place *pl)
{
	seq_putc(m, pl->ev->ret ? 'r' : 'p');
}

/* The place of @p as the listing shows it. */
static void tu_show_place(struct seq_file *m, const struct pev_place *pl)
{
	const struct tu_probe *p = tu_probe_of(pl);

	seq_printf(m, "%s:0x%0*lx", p->file, (int)(2 * sizeof(long)),
		   p->offset);
	if (p->ref_ctr)
		seq_printf(m, "(0x%lx)", p->ref_ctr);
}

static bool tu_place_same(const struct pev_place *a, const struct pev_place *b)
{
	const struct tu_probe *p = tu_probe_of(a), *q = tu_probe_of(b);

	return d_real_inode(p->path.dentry) == d_real_inode(q->path.dentry) &&
	       p->offset == q->offset;
}

/* "p" or "r", then ":[GRP/]EVENT" */
static int tu_parse_head(struct dynev_cmd *cmd, struct tu_def *d)
{
	char *s = cmd->argv[0], *colon = strchr(s, ':');
	unsigned int pos = cmd->pos[0];

	d->pd.ret = s[0] == 'r';
	if (colon)
		*colon = '\0';
	if (s[1])
		return dynev_cmd_fail(cmd, pos + 1, "Uprobes take no maxactive",
				      -EINVAL);
	if (!colon)
		return 0;
	return dynev_parse_name(colon + 1, pos + (colon - s) + 1, &d->pd.grp,
				&d->pd.event, &cmd->err);
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
		d->pd.ret = true;
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

	if (d->pd.ret)
		pc.flags |= TP_CTX_RETURN;
	return dynev_parse_args(cmd, 2, &pc, dynev_rec_size(d->pd.ret), &d->pd.args);
}

static int tu_parse(struct dynev_cmd *cmd, struct pev_def *pd)
{
	struct tu_def *d = tu_def_of(pd);
	int ret;

	if ((cmd->argv[0][0] != 'p' && cmd->argv[0][0] != 'r') ||
	    (cmd->argc >= 2 && !dynev_place_is_file(cmd->argv[1])))
		return -ECANCELED;
	ret = tu_parse_head(cmd, d);
	if (ret)
		return ret;
	if (cmd->argc < 2)
		return dynev_cmd_fail(cmd, strlen(cmd->line), "The probe needs a place",
				      -EINVAL);
	ret = tu_parse_place(cmd, d);
	if (!ret)
		ret = tu_parse_args(cmd, d);
	pd->grp = pd->grp ?: TU_GROUP;
	return ret;
}

static void tu_def_free(struct pev_def *pd)
{
	struct tu_def *d = tu_def_of(pd);

	if (d->path.dentry)
		path_put(&d->path);
	kfree(d->file);
}

/* The event's name when the definition gives none: p_FILE_0xOFFSET. */
static char *tu_default_name(const struct pev_def *pd)
{
	const struct tu_def *d = container_of(pd, struct tu_def, pd);
	const char *base = strrchr(d->file, '/');

	return dynev_auto_name("%c_%s_0x%lx", pd->ret ? 'r' : 'p',
			       base ? base + 1 : d->file, d->offset);
}

static struct pev_place *tu_place_new(struct pev *ev, struct pev_def *pd)
{
	struct tu_probe *p = kzalloc(sizeof(*p), GFP_KERNEL);
	struct tu_def *d = tu_def_of(pd);

	if (!p)
		return NULL;
	p->pl.ev = ev;
	p->file = d->file;
	d->file = NULL;
	p->path = d->path;
	d->path.dentry = NULL;
	p->offset = d->offset;
	p->ref_ctr = d->ref_ctr;
	if (pd->ret)
		p->uc.ret_handler = tu_ret_handler;
	else
		p->uc.handler = tu_handler;
	return &p->pl;
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
	struct tu_def d = {
		.pd.ret = ret, .pd.grp = TU_GROUP,
		.offset = offset, .ref_ctr = ref_ctr,
	};
	struct trace_ev_call *call = ERR_PTR(-ENOMEM);
	struct pev_place *pl;
	struct pev *ev;
	const char *msg;
	bool at_offs;
	int err, bad;

	err = tu_open(file, offset, ref_ctr, &d.path, &msg, &at_offs);
	if (err) {
		call = ERR_PTR(err);
		goto out;
	}
	d.file = kstrdup(file, GFP_KERNEL);
	d.pd.args = tp_args_alloc(0);
	if (!d.file || !d.pd.args ||
	    tp_args_layout(d.pd.args, dynev_rec_size(ret), &bad))
		goto out;
	d.pd.auto_name = tu_default_name(&d.pd);
	ev = d.pd.auto_name ? pev_alloc(&tu_kind, &d.pd, d.pd.auto_name) : NULL;
	if (!ev)
		goto out;
	pl = tu_place_new(ev, &d.pd);
	err = pl ? tp_scratch_alloc() : -ENOMEM;
	/* Not published: perf reaches it once this returns. */
	if (pl)
		list_add_tail(&pl->node, &ev->places);
	if (!err)
		err = trace_ev_local_add(&ev->de.call);
	if (err) {
		pev_free(ev);
		call = ERR_PTR(err);
		goto out;
	}
	call = &ev->de.call;
out:
	tu_def_free(&d.pd);
	kfree(d.pd.auto_name);
	tp_args_free(d.pd.args);
	return call;
}

/**
 * tu_local_free() - undo tu_local_new()
 * @call:	the event, which perf left (its probe is unregistered)
 */
void tu_local_free(struct trace_ev_call *call)
{
	trace_ev_local_remove(call);
	pev_free(pev_of(dynev_of(call)));
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
	struct pev *ev = pev_of_call(call, &tu_kind);
	struct tu_probe *p;

	if (!ev)
		return -EINVAL;
	/* The probes change under this lock and dynev_lock both. */
	guard(mutex)(&trace_ev_lock);
	if (list_empty(&ev->places))
		return -EINVAL;
	p = tu_probe_of(list_first_entry(&ev->places, struct pev_place, node));
	*fd_type = ev->ret ? BPF_FD_TYPE_URETPROBE : BPF_FD_TYPE_UPROBE;
	*file = p->file;
	*offset = p->offset;
	return 0;
}

static struct pev_kind tu_kind = {
	.dk = {
		.errloc = TU_ERRLOC,
		.create = pev_create,
		.delete = pev_delete,
		.show = pev_show,
		.release = pev_release,
	},
	.def_size = sizeof(struct tu_def),
	.ev_size = sizeof(struct pev),
	.perf = TRACE_EV_PERF_UPROBE,
	.user = true,
	.parse = tu_parse,
	.auto_name = tu_default_name,
	.def_free = tu_def_free,
	.place_new = tu_place_new,
	.place_same = tu_place_same,
	.show_type = tu_show_type,
	.show_place = tu_show_place,
	.arm = tu_arm,
	.disarm = tu_disarm,
	.disarm_sync = tu_disarm_sync,
	.place_free = tu_place_free,
};

/* uprobe_profile: each event's file, name and hits. */
static int tu_profile_show(struct seq_file *m, struct trace_array *tr,
			   long unused)
{
	struct dynev_event *de;
	struct tu_probe *p;
	struct pev *ev;

	guard(mutex)(&dynev_lock);
	for (de = dynev_next(NULL, &tu_kind.dk); de;
	     de = dynev_next(de, &tu_kind.dk)) {
		ev = pev_of(de);
		p = tu_probe_of(list_first_entry(&ev->places, struct pev_place,
						 node));
		seq_printf(m, "  %s %-44s %15lu\n", p->file, de->name,
			   pev_hits(ev));
	}
	return 0;
}

static const struct trace_fs_file tu_files[] = {
	TRACE_FS_FOPS("uprobe_events", 0640, TRACE_FS_TOP_ONLY, (long)&tu_kind.dk,
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
	dynev_register(&tu_kind.dk);
	return 0;
}
core_initcall(tu_init);
