// SPDX-License-Identifier: GPL-2.0
/*
 * fprobe events and tracepoint probe events: trace events defined at run
 * time through dynamic_events,
 *
 *   f[MAXACTIVE][:[GRP/][EVENT]] [MOD:]SYM[%return] [FETCHARGS]
 *   t[:[GRP/][EVENT]] [MOD:]TRACEPOINT [FETCHARGS]
 *
 * An f event's probe is an fprobe (fprobe.c) on the function's call site;
 * a return probe hooks the return too, and copies at the entry the
 * arguments its $argN read. A t event's probe is the tracepoint's stub
 * (struct tracepoint's probestub, a function that does nothing),
 * registered as a callback of the tracepoint with the probe as its data,
 * and an fprobe on the stub: the stub's registers are the tracepoint's
 * arguments, so $argN is the tracepoint's N-th, after the data word. The
 * stub is called once for each probe registered on the tracepoint, and
 * each probe's handler takes only the calls whose data is its own.
 *
 * A probe is registered only while its event is enabled; defining one
 * checks that it could be (the function has a call site). A t probe on
 * "MOD:NAME" of a module that is not loaded waits for it, and one on a
 * NAME that neither the kernel nor a loaded module has waits for the
 * first module that brings it, as upstream's; every probe in a module is
 * let go when the module goes, and taken up again when it comes back.
 *
 * As kprobe events (trace_kprobe.c), an event may gather several places
 * of the same type and arguments, and builds its record in a scratch
 * page of trace_probe.h; a hit that finds none free is counted missed.
 */
#include <linux/ctype.h>
#include <linux/fprobe.h>
#include <linux/ftrace.h>
#include <linux/kallsyms.h>
#include <linux/kernel.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/tracepoint.h>

#include "trace.h"
#include "trace_dynev.h"
#include "trace_ev_core.h"
#include "trace_fs.h"
#include "trace_probe.h"

#define TF_GROUP		"fprobes"
#define TP_GROUP		"tracepoints"
#define TF_ERRLOC		"trace_fprobe"
#define TF_MAXACTIVE_MAX	4096

/**
 * struct tf_event - an fprobe or tracepoint probe event
 * @de:		what every dynamic event has; its class's reg is tf_reg()
 * @probes:	its probes (struct tf_probe); changed under dynev_lock and
 *		trace_ev_lock both, so that either keeps it still
 * @tp:		a tracepoint probe event ('t')
 * @ret:	its probes are return probes
 */
struct tf_event {
	struct dynev_event de;
	struct list_head probes;
	bool tp;
	bool ret;
};

/**
 * struct tf_probe - one place of an event
 * @fp:		its fprobe, registered while @armed
 * @node:	in its event's @probes
 * @ev:		its event
 * @sym:	"[MOD:]NAME" as written: a function, or a tracepoint
 * @maxactive:	the MAXACTIVE given, 0 for the default
 * @tpt:	of a t probe, the tracepoint; NULL while its module is not
 *		loaded (dynev_lock)
 * @site:	where @fp is, while @armed
 * @armed:	registered (trace_ev_lock)
 */
struct tf_probe {
	struct fprobe fp;
	struct list_head node;
	struct tf_event *ev;
	char *sym;
	int maxactive;
	struct tracepoint *tpt;
	unsigned long site;
	bool armed;
};

static struct dynev_kind tf_kind;

/* The fprobe or tracepoint probe event a dynamic event of tf_kind is. */
static struct tf_event *tf_of(struct dynev_event *de)
{
	return container_of(de, struct tf_event, de);
}

/*
 * The hit: its record, when the event records. @func is the probed
 * function's call site; @ret_ip, of a return, where it returns to;
 * @eargs, of a return, the arguments copied at the entry.
 */
static void tf_hit(struct tf_event *ev, struct pt_regs *regs,
		   unsigned long func, unsigned long ret_ip,
		   const unsigned long *eargs)
{
	struct trace_ev_call *call = &ev->de.call;
	unsigned long fl = READ_ONCE(call->flags);
	unsigned long *head;
	struct trace_wh h;
	unsigned int len;
	void *page;
	u8 *rec;

	if (!(fl & TRACE_EV_FL_RECORD))
		return;
	page = tp_scratch_get();
	if (!page) {
		atomic_long_inc(&ev->de.missed);
		return;
	}
	head = page + sizeof(struct trace_entry);
	head[0] = func;
	if (ev->ret)
		head[1] = ret_ip;
	len = tp_fetch(ev->de.args, regs, eargs, page, PAGE_SIZE);
	rec = trace_ev_reserve(call, fl, len, &h);
	if (rec) {
		memcpy(rec + sizeof(struct trace_entry),
		       page + sizeof(struct trace_entry),
		       len - sizeof(struct trace_entry));
		trace_ev_commit(call, fl, rec, &h);
	}
	tp_scratch_put();
}

NOKPROBE_SYMBOL(tf_hit);

static int tf_entry(struct fprobe *fp, unsigned long ip, unsigned long ret_ip,
		    struct pt_regs *regs, void *data)
{
	struct tf_probe *p = container_of(fp, struct tf_probe, fp);

	if (p->ev->ret) {
		/* Only there when $argN is read at the return. */
		tp_save_eargs(p->ev->de.args, regs, data);
		return 0;
	}
	/* The stub of a tracepoint: is the call for this probe? */
	if (p->ev->tp && regs_get_kernel_argument(regs, 0) != (unsigned long)p)
		return 0;
	tf_hit(p->ev, regs, ip, 0, NULL);
	return 0;
}

NOKPROBE_SYMBOL(tf_entry);

static void tf_exit(struct fprobe *fp, unsigned long ip, unsigned long ret_ip,
		    struct pt_regs *regs, void *data)
{
	struct tf_probe *p = container_of(fp, struct tf_probe, fp);

	tf_hit(p->ev, regs, ip, ret_ip, p->ev->de.args->eargs ? data : NULL);
}

NOKPROBE_SYMBOL(tf_exit);

static void tf_print(struct seq_file *m, const struct trace_ev_call *call,
		     const void *rec, unsigned int len)
{
	const struct tf_event *ev = tf_of(dynev_of(call));

	dynev_place_print(m, &ev->de, rec, len, ev->ret, false);
}

/* The call site of "[MOD:]SYM", or 0 when it has none. */
static unsigned long tf_site(const char *sym)
{
	unsigned long addr = kallsyms_lookup_name(sym);

	return addr ? ftrace_location(addr) : 0;
}

/*
 * Whether @p's place is in module @mod, by its "MOD:" or its site; a
 * tracepoint named alone, by where it was found, or, while none has been,
 * in any module.
 */
static bool tf_probe_in(const struct tf_probe *p, const struct module *mod)
{
	size_t n = strlen(mod->name);

	if (!strncmp(p->sym, mod->name, n) && p->sym[n] == ':')
		return true;
	if (p->ev->tp && !strchr(p->sym, ':'))
		return !p->tpt || within_module((unsigned long)p->tpt, mod);
	return p->armed && within_module(p->site, mod);
}

static int tf_probe_arm(struct tf_probe *p, bool on)
{
	int ret;

	lockdep_assert_held(&trace_ev_lock);
	if (!on) {
		if (!p->armed)
			return 0;
		p->armed = false;
		unregister_fprobe(&p->fp);
		if (p->tpt)
			tracepoint_probe_unregister(p->tpt, p->tpt->probestub, p);
		return 0;
	}
	if (p->armed)
		return 0;
	if (p->ev->tp) {
		/* Waiting for its module: armed when it comes. */
		if (!p->tpt)
			return 0;
		p->site = ftrace_location((unsigned long)p->tpt->probestub);
	} else {
		p->site = tf_site(p->sym);
	}
	if (!p->site)
		return -ENOENT;
	ret = register_fprobe_ips(&p->fp, &p->site, 1);
	if (ret)
		return ret;
	if (p->tpt) {
		ret = tracepoint_probe_register(p->tpt, p->tpt->probestub, p);
		if (ret) {
			unregister_fprobe(&p->fp);
			return ret;
		}
	}
	p->armed = true;
	return 0;
}

/* Arm or disarm every probe of an event; under trace_ev_lock. */
static int tf_reg(struct trace_ev_call *call, bool on)
{
	struct tf_event *ev = tf_of(dynev_of(call));
	struct tf_probe *p;
	int ret;

	lockdep_assert_held(&trace_ev_lock);
	list_for_each_entry(p, &ev->probes, node) {
		ret = tf_probe_arm(p, on);
		if (ret && on) {
			list_for_each_entry_continue_reverse(p, &ev->probes, node)
				tf_probe_arm(p, false);
			return ret;
		}
	}
	return 0;
}

static void tf_probe_free(struct tf_probe *p)
{
	kfree(p->sym);
	kfree(p);
}

/* Free an event, which has left the registry (its probes are not armed). */
static void tf_event_free(struct tf_event *ev)
{
	struct tf_probe *p, *tmp;

	list_for_each_entry_safe(p, tmp, &ev->probes, node) {
		list_del(&p->node);
		tf_probe_free(p);
	}
	dynev_event_fini(&ev->de);
	kfree(ev);
}

static void tf_release(struct dynev_event *de)
{
	tf_event_free(tf_of(de));
}

static void tf_show_probe(struct seq_file *m, const struct tf_event *ev,
			  const struct tf_probe *p)
{
	seq_putc(m, ev->tp ? 't' : 'f');
	if (p->maxactive)
		seq_printf(m, "%d", p->maxactive);
	seq_printf(m, ":%s/%s %s%s", ev->de.group, ev->de.name, p->sym,
		   ev->ret ? "%return" : "");
	tp_args_show(m, ev->de.args);
	seq_putc(m, '\n');
}

static void tf_show(struct seq_file *m, struct dynev_event *de)
{
	struct tf_event *ev = tf_of(de);
	struct tf_probe *p;

	list_for_each_entry(p, &ev->probes, node)
		tf_show_probe(m, ev, p);
}

/**
 * struct tf_def - a parsed definition
 * @tp:		a tracepoint probe
 * @ret:	a return probe
 * @maxactive:	its MAXACTIVE, or 0
 * @grp:	the group given, or NULL
 * @event:	the event's name given, or NULL
 * @sym:	"[MOD:]NAME"
 * @tpt:	a t probe's tracepoint, NULL while its module is not loaded
 * @args:	the arguments
 */
struct tf_def {
	bool tp;
	bool ret;
	int maxactive;
	const char *grp;
	const char *event;
	char *sym;
	struct tracepoint *tpt;
	struct tp_args *args;
};

/* "f[MAXACTIVE]" or "t", then ":[GRP/]EVENT" */
static int tf_parse_head(struct dynev_cmd *cmd, struct tf_def *d)
{
	char *s = cmd->argv[0], *colon = strchr(s, ':');
	unsigned int pos = cmd->pos[0];
	unsigned long n;

	d->tp = s[0] == 't';
	if (colon)
		*colon = '\0';
	if (s[1]) {
		if (d->tp)
			return dynev_cmd_fail(cmd, pos + 1,
					      "Tracepoint probes take no maxactive",
					      -EINVAL);
		if (kstrtoul(s + 1, 0, &n))
			return dynev_cmd_fail(cmd, pos + 1, "Bad maxactive number",
					      -EINVAL);
		if (n > TF_MAXACTIVE_MAX)
			return dynev_cmd_fail(cmd, pos + 1, "Maxactive is too big",
					      -EINVAL);
		d->maxactive = n;
	}
	if (!colon)
		return 0;
	return dynev_parse_name(colon + 1, pos + (colon - s) + 1, &d->grp,
				&d->event, &cmd->err);
}

struct tf_tp_lookup {
	const char *name;
	struct tracepoint *tpt;
};

static void tf_tp_match(struct tracepoint *tpt, void *priv)
{
	struct tf_tp_lookup *l = priv;

	if (!l->tpt && !strcmp(tpt->name, l->name))
		l->tpt = tpt;
}

/* A loaded module's tracepoint; the caller holds dynev_lock. */
static void tf_tp_match_mod(struct tracepoint *tpt, struct module *mod,
			    void *priv)
{
	/* One going has let its probes go already: dynev_lock is held. */
	if (mod->state != MODULE_STATE_GOING)
		tf_tp_match(tpt, priv);
}

/* Tracepoint @name of module @mod, which is coming, or NULL. */
static struct tracepoint *tf_tp_find_in(struct module *mod, const char *name)
{
	struct tf_tp_lookup l = { .name = name };
	unsigned int i;

	for (i = 0; i < mod->num_tracepoints; i++)
		tf_tp_match(tracepoint_ptr_deref(&mod->tracepoints_ptrs[i]), &l);
	return l.tpt;
}

/*
 * The tracepoint "[MOD:]NAME": NAME alone is the kernel's, or a loaded
 * module's. *@missing: it may come with a module (MOD is not loaded, or
 * no one has NAME yet).
 */
static struct tracepoint *tf_tp_find(const char *s, bool *missing)
{
	const char *colon = strchr(s, ':');
	struct tf_tp_lookup l = { .name = colon ? colon + 1 : s };
	char name[MODULE_NAME_LEN];
	struct module *mod;

	*missing = false;
	if (!colon) {
		for_each_kernel_tracepoint(tf_tp_match, &l);
		if (!l.tpt && IS_ENABLED(CONFIG_MODULES))
			for_each_module_tracepoint(tf_tp_match_mod, &l);
		*missing = !l.tpt;
		return l.tpt;
	}
	if (colon - s >= MODULE_NAME_LEN)
		return NULL;
	memcpy(name, s, colon - s);
	name[colon - s] = '\0';
	/*
	 * A module going after this look finds its notifier waiting for
	 * dynev_lock, which the caller holds: it lets the probe go then.
	 */
	guard(preempt)();
	mod = find_module(name);
	if (!mod || mod->state == MODULE_STATE_GOING) {
		*missing = !mod;
		return NULL;
	}
	return tf_tp_find_in(mod, l.name);
}

/* [MOD:]SYM[%return] or [MOD:]TRACEPOINT */
static int tf_parse_place(struct dynev_cmd *cmd, struct tf_def *d)
{
	char *s = cmd->argv[1], *pct, *name;
	unsigned int pos = cmd->pos[1];
	bool missing;

	pct = strchr(s, '%');
	if (pct) {
		if (d->tp || strcmp(pct, "%return"))
			return dynev_cmd_fail(cmd, pos + (pct - s),
					      "Unknown suffix of the place", -EINVAL);
		*pct = '\0';
		d->ret = true;
	}
	if (d->maxactive && !d->ret)
		return dynev_cmd_fail(cmd, cmd->pos[0] + 1,
				      "Maxactive is only for return probes", -EINVAL);
	name = strchr(s, ':');
	name = name ? name + 1 : s;
	if (!*name || strlen(s) >= KSYM_NAME_LEN + MODULE_NAME_LEN)
		return dynev_cmd_fail(cmd, pos, "Bad probe place", -EINVAL);
	if (d->tp) {
		d->tpt = tf_tp_find(s, &missing);
		if (!d->tpt && !missing)
			return dynev_cmd_fail(cmd, pos, "Tracepoint is not found",
					      -ENOENT);
		/* A stub in untraced code (kernel/trace/) has no call site. */
		if (d->tpt &&
		    !ftrace_location((unsigned long)d->tpt->probestub))
			return dynev_cmd_fail(cmd, pos,
					      "The tracepoint's stub cannot be probed",
					      -ENOENT);
	} else if (!tf_site(s)) {
		return dynev_cmd_fail(cmd, pos, kallsyms_lookup_name(s) ?
				      "The function cannot be probed" :
				      "Function is not found", -ENOENT);
	}
	d->sym = kstrdup(s, GFP_KERNEL);
	return d->sym ? 0 : -ENOMEM;
}

static int tf_parse_args(struct dynev_cmd *cmd, struct tf_def *d)
{
	struct tp_pctx pc = {
		.flags = TP_CTX_KERNEL | TP_CTX_ENTRY | TP_CTX_NOREGS,
	};
	unsigned int i;
	int ret;

	if (d->ret)
		pc.flags |= TP_CTX_RETURN;
	ret = dynev_parse_args(cmd, 2, &pc, dynev_rec_size(d->ret), &d->args);
	if (ret || !d->tp)
		return ret;
	/* The stub's first argument is its data: $arg1 is next. */
	for (i = 0; i < d->args->n; i++)
		if (d->args->arg[i].src == TPS_ARG)
			d->args->arg[i].imm++;
	if (d->args->eargs)
		d->args->eargs++;
	return 0;
}

static int tf_parse(struct dynev_cmd *cmd, struct tf_def *d)
{
	int ret;

	ret = tf_parse_head(cmd, d);
	if (ret)
		return ret;
	if (cmd->argc < 2)
		return dynev_cmd_fail(cmd, strlen(cmd->line), "The probe needs a place",
				      -EINVAL);
	ret = tf_parse_place(cmd, d);
	if (ret)
		return ret;
	return tf_parse_args(cmd, d);
}

static void tf_def_free(struct tf_def *d)
{
	kfree(d->sym);
	tp_args_free(d->args);
}

/*
 * The event's name when the definition gives none: SYM__entry or
 * SYM__exit, or the tracepoint's ("_" first when it starts with a digit).
 */
static char *tf_default_name(const struct tf_def *d)
{
	const char *name = strchr(d->sym, ':');

	name = name ? name + 1 : d->sym;
	if (d->tp)
		return dynev_auto_name("%s%s", isdigit(*name) ? "_" : "", name);
	return dynev_auto_name("%s__%s", name, d->ret ? "exit" : "entry");
}

static struct tf_probe *tf_probe_new(struct tf_def *d, struct tf_event *ev)
{
	struct tf_probe *p = kzalloc(sizeof(*p), GFP_KERNEL);

	if (!p)
		return NULL;
	p->ev = ev;
	p->sym = d->sym;
	d->sym = NULL;
	p->tpt = d->tpt;
	p->maxactive = d->maxactive;
	p->fp.nr_maxactive = d->maxactive;
	if (d->ret) {
		p->fp.exit_handler = tf_exit;
		if (ev->de.args->eargs) {
			p->fp.entry_handler = tf_entry;
			p->fp.entry_data_size = ev->de.args->eargs * sizeof(long);
		}
	} else {
		p->fp.entry_handler = tf_entry;
	}
	return p;
}

/* Add a probe to an existing event of the same type and arguments. */
static int tf_append(struct dynev_cmd *cmd, struct tf_def *d,
		     struct tf_event *ev)
{
	struct tf_probe *p, *q;
	int ret;

	ret = dynev_append_check(cmd, &ev->de,
				 ev->ret == d->ret && ev->tp == d->tp, d->args,
				 2);
	if (ret)
		return ret;
	list_for_each_entry(q, &ev->probes, node)
		if (!strcmp(q->sym, d->sym))
			return dynev_cmd_fail(cmd, cmd->pos[0],
					      "The event has this probe already",
					      -EEXIST);
	p = tf_probe_new(d, ev);
	if (!p)
		return -ENOMEM;
	mutex_lock(&trace_ev_lock);
	list_add_tail(&p->node, &ev->probes);
	if (test_bit(TRACE_EV_B_RECORD, &ev->de.call.flags))
		ret = tf_probe_arm(p, true);
	if (ret)
		list_del(&p->node);
	mutex_unlock(&trace_ev_lock);
	if (ret)
		tf_probe_free(p);
	return ret;
}

/* An event of @d's type and arguments (taken from @d), with its place. */
static int tf_event_new(struct tf_def *d, const char *grp, const char *name)
{
	struct tf_event *ev = kzalloc(sizeof(*ev), GFP_KERNEL);
	struct tf_probe *p;
	int ret;

	if (!ev)
		return -ENOMEM;
	INIT_LIST_HEAD(&ev->probes);
	ev->tp = d->tp;
	ev->ret = d->ret;
	ret = dynev_place_init(&ev->de, &tf_kind, grp, name, &d->args, d->ret,
			       false);
	if (ret)
		goto fail;
	ev->de.class.reg = tf_reg;
	ev->de.class.print = tf_print;
	p = tf_probe_new(d, ev);
	if (!p) {
		ret = -ENOMEM;
		goto fail;
	}
	list_add_tail(&p->node, &ev->probes);
	ret = dynev_event_add(&ev->de);
	if (!ret)
		return 0;
fail:
	tf_event_free(ev);
	return ret;
}

static int tf_create(struct dynev_cmd *cmd, bool del)
{
	struct tf_def d = { };
	struct dynev_event *de;
	const char *grp, *name;
	char *auto_name = NULL;
	int ret;

	lockdep_assert_held(&dynev_lock);
	if (cmd->argv[0][0] != 'f' && cmd->argv[0][0] != 't')
		return -ECANCELED;
	ret = tf_parse(cmd, &d);
	if (ret)
		goto out;
	grp = d.grp ?: d.tp ? TP_GROUP : TF_GROUP;
	name = d.event;
	if (!name) {
		auto_name = tf_default_name(&d);
		name = auto_name;
		if (!name) {
			ret = -ENOMEM;
			goto out;
		}
	}
	ret = dynev_lookup(cmd, &tf_kind, grp, name, del, &de);
	if (ret)
		ret = ret < 0 ? ret : 0;
	else if (de)
		ret = tf_append(cmd, &d, tf_of(de));
	else
		ret = tf_event_new(&d, grp, name);
out:
	kfree(auto_name);
	tf_def_free(&d);
	return ret;
}

/* "-:EVENT PLACE": that place goes; the event, with its last place. */
static int tf_remove_words(struct dynev_event *de, struct dynev_cmd *cmd)
{
	struct tf_event *ev = tf_of(de);
	struct tf_probe *p;

	list_for_each_entry(p, &ev->probes, node) {
		if (strcmp(p->sym, cmd->argv[1]))
			continue;
		if (list_is_singular(&ev->probes))
			return 1;
		/* Checked and unlinked at once: enabling takes this lock. */
		scoped_guard(mutex, &trace_ev_lock) {
			if (test_bit(TRACE_EV_B_RECORD, &ev->de.call.flags) ||
			    p->armed)
				return -EBUSY;
			list_del(&p->node);
		}
		tf_probe_free(p);
		return 0;
	}
	return -ENOENT;
}

/*
 * A module comes: the t probes waiting for it find their tracepoints, and
 * the probes in it of enabled events are armed. It goes: they are let go
 * before its text does (and before the tracepoint core's notifier, which
 * wants its tracepoints without callbacks).
 */
static void tf_module_notify_one(struct module *mod, bool coming)
{
	struct dynev_event *de;
	struct tf_event *ev;
	struct tf_probe *p;
	bool missing;

	guard(mutex)(&dynev_lock);
	for (de = dynev_next(NULL, &tf_kind); de; de = dynev_next(de, &tf_kind)) {
		ev = tf_of(de);
		list_for_each_entry(p, &ev->probes, node) {
			guard(mutex)(&trace_ev_lock);
			if (!tf_probe_in(p, mod))
				continue;
			if (!coming) {
				tf_probe_arm(p, false);
				if (ev->tp)
					p->tpt = NULL;
				continue;
			}
			if (ev->tp && !p->tpt)
				p->tpt = strchr(p->sym, ':') ?
					 tf_tp_find(p->sym, &missing) :
					 tf_tp_find_in(mod, p->sym);
			if (test_bit(TRACE_EV_B_RECORD, &ev->de.call.flags) &&
			    tf_probe_arm(p, true))
				pr_warn("probe event %s/%s: %s not armed\n",
					ev->de.group, ev->de.name, p->sym);
		}
	}
}

static int tf_module_notify(struct notifier_block *nb, unsigned long state,
			    void *data)
{
	if (state == MODULE_STATE_COMING || state == MODULE_STATE_GOING)
		tf_module_notify_one(data, state == MODULE_STATE_COMING);
	return NOTIFY_DONE;
}

/* Before the tracepoint core's notifier (priority 0) on the way out. */
static struct notifier_block tf_module_nb = {
	.notifier_call = tf_module_notify,
	.priority = 1,
};

static struct dynev_kind tf_kind = {
	.errloc = TF_ERRLOC,
	.create = tf_create,
	.remove_words = tf_remove_words,
	.show = tf_show,
	.release = tf_release,
};

static struct trace_fs_table tf_fs = {
	.name = "fprobe_events",
	.order = TRACE_FS_ORDER_KPROBE + 1,
	.readme =
	"\t  Syntax of an fprobe or tracepoint probe event, in dynamic_events:\n"
	"\t    f[:[<group>/][<event>]] <func-name>[%return] [<args>]\n"
	"\t    t[:[<group>/][<event>]] <tracepoint> [<args>]\n"
	"\t     f[maxactive]: with %return, how many calls may be hooked at once\n"
	"\t     args: as for kprobe events, but %<register>\n",
};

TRACE_FS_REGISTER(tf_fs);

static int __init tf_init(void)
{
	dynev_register(&tf_kind);
	if (IS_ENABLED(CONFIG_MODULES) && register_module_notifier(&tf_module_nb))
		pr_warn("fprobe events: probes on modules will not follow them\n");
	return 0;
}
core_initcall(tf_init);
