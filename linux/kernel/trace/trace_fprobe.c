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
 * As kprobe events (trace_kprobe.c), these are probe events
 * (trace_probe_ev.h): the base keeps the event, its places and its hits,
 * and writes every hit; this file parses, arms and frees the places.
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
#include "trace_probe_ev.h"

#define TF_GROUP		"fprobes"
#define TP_GROUP		"tracepoints"
#define TF_ERRLOC		"trace_fprobe"
#define TF_MAXACTIVE_MAX	4096

/**
 * struct tf_event - an fprobe or tracepoint probe event
 * @pev:	what every probe event has
 * @tp:		a tracepoint probe event ('t')
 */
struct tf_event {
	struct pev pev;
	bool tp;
};

/**
 * struct tf_probe - one place of an event
 * @fp:		its fprobe, registered while @armed (first: a handler
 *		finds the probe at no cost)
 * @pl:		what every place has
 * @sym:	"[MOD:]NAME" as written: a function, or a tracepoint
 * @maxactive:	the MAXACTIVE given, 0 for the default
 * @tpt:	of a t probe, the tracepoint; NULL while its module is not
 *		loaded (dynev_lock)
 * @site:	where @fp is, while @armed
 * @armed:	registered (trace_ev_lock)
 */
struct tf_probe {
	struct fprobe fp;
	struct pev_place pl;
	char *sym;
	int maxactive;
	struct tracepoint *tpt;
	unsigned long site;
	bool armed;
};

/**
 * struct tf_def - a parsed definition
 * @pd:		what every definition has
 * @tp:		a tracepoint probe
 * @maxactive:	its MAXACTIVE, or 0
 * @sym:	"[MOD:]NAME"
 * @tpt:	a t probe's tracepoint, NULL while its module is not loaded
 */
struct tf_def {
	struct pev_def pd;
	bool tp;
	int maxactive;
	char *sym;
	struct tracepoint *tpt;
};

static struct pev_kind tf_kind;

static struct tf_event *tf_of(const struct pev *ev)
{
	return container_of(ev, struct tf_event, pev);
}

static struct tf_probe *tf_probe_of(const struct pev_place *pl)
{
	return container_of(pl, struct tf_probe, pl);
}

static struct tf_def *tf_def_of(struct pev_def *pd)
{
	return container_of(pd, struct tf_def, pd);
}

/* Whether @p is a place of a tracepoint probe event. */
static bool tf_is_tp(const struct tf_probe *p)
{
	return tf_of(p->pl.ev)->tp;
}

static int tf_entry(struct fprobe *fp, unsigned long ip, unsigned long ret_ip,
		    struct pt_regs *regs, void *data)
{
	struct tf_probe *p = container_of(fp, struct tf_probe, fp);

	if (p->pl.ev->ret) {
		/* Only there when $argN is read at the return. */
		tp_save_eargs(p->pl.ev->de.args, regs, data);
		return 0;
	}
	/* The stub of a tracepoint: is the call for this probe? */
	if (tf_is_tp(p) && regs_get_kernel_argument(regs, 0) != (unsigned long)p)
		return 0;
	pev_hit(p->pl.ev, regs, NULL, ip, 0);
	return 0;
}

NOKPROBE_SYMBOL(tf_entry);

static void tf_exit(struct fprobe *fp, unsigned long ip, unsigned long ret_ip,
		    struct pt_regs *regs, void *data)
{
	struct tf_probe *p = container_of(fp, struct tf_probe, fp);
	struct pev *ev = p->pl.ev;

	pev_hit(ev, regs, ev->de.args->eargs ? data : NULL, ip, ret_ip);
}

NOKPROBE_SYMBOL(tf_exit);

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
	if (tf_is_tp(p) && !strchr(p->sym, ':'))
		return !p->tpt || within_module((unsigned long)p->tpt, mod);
	return p->armed && within_module(p->site, mod);
}

static void tf_disarm(struct pev_place *pl)
{
	struct tf_probe *p = tf_probe_of(pl);

	lockdep_assert_held(&trace_ev_lock);
	if (!p->armed)
		return;
	p->armed = false;
	unregister_fprobe(&p->fp);
	if (p->tpt)
		tracepoint_probe_unregister(p->tpt, p->tpt->probestub, p);
}

static int tf_arm(struct pev_place *pl)
{
	struct tf_probe *p = tf_probe_of(pl);
	int ret;

	lockdep_assert_held(&trace_ev_lock);
	if (p->armed)
		return 0;
	if (tf_is_tp(p)) {
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

/* @pl is out of its event's list, and disarmed. */
static void tf_place_free(struct pev_place *pl)
{
	struct tf_probe *p = tf_probe_of(pl);

	kfree(p->sym);
	kfree(p);
}

static void tf_show_type(struct seq_file *m, const struct pev_place *pl)
{
	const struct tf_probe *p = tf_probe_of(pl);

	seq_putc(m, tf_is_tp(p) ? 't' : 'f');
	if (p->maxactive)
		seq_printf(m, "%d", p->maxactive);
}

static void tf_show_place(struct seq_file *m, const struct pev_place *pl)
{
	seq_printf(m, "%s%s", tf_probe_of(pl)->sym, pl->ev->ret ? "%return" : "");
}

static bool tf_place_is(const struct pev_place *pl, const char *word)
{
	return !strcmp(tf_probe_of(pl)->sym, word);
}

static bool tf_place_same(const struct pev_place *a, const struct pev_place *b)
{
	return tf_place_is(a, tf_probe_of(b)->sym);
}

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
	return dynev_parse_name(colon + 1, pos + (colon - s) + 1, &d->pd.grp,
				&d->pd.event, &cmd->err);
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
	lockdep_assert_held(&dynev_lock);
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
		d->pd.ret = true;
	}
	if (d->maxactive && !d->pd.ret)
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

	if (d->pd.ret)
		pc.flags |= TP_CTX_RETURN;
	ret = dynev_parse_args(cmd, 2, &pc, dynev_rec_size(d->pd.ret), &d->pd.args);
	if (ret || !d->tp)
		return ret;
	/* The stub's first argument is its data: $arg1 is next. */
	for (i = 0; i < d->pd.args->n; i++)
		if (d->pd.args->arg[i].src == TPS_ARG)
			d->pd.args->arg[i].imm++;
	if (d->pd.args->eargs)
		d->pd.args->eargs++;
	return 0;
}

static int tf_parse(struct dynev_cmd *cmd, struct pev_def *pd)
{
	struct tf_def *d = tf_def_of(pd);
	int ret;

	if (cmd->argv[0][0] != 'f' && cmd->argv[0][0] != 't')
		return -ECANCELED;
	ret = tf_parse_head(cmd, d);
	if (ret)
		return ret;
	if (cmd->argc < 2)
		return dynev_cmd_fail(cmd, strlen(cmd->line), "The probe needs a place",
				      -EINVAL);
	ret = tf_parse_place(cmd, d);
	if (!ret)
		ret = tf_parse_args(cmd, d);
	pd->grp = pd->grp ?: d->tp ? TP_GROUP : TF_GROUP;
	return ret;
}

static void tf_def_free(struct pev_def *pd)
{
	kfree(tf_def_of(pd)->sym);
}

/*
 * The event's name when the definition gives none: SYM__entry or
 * SYM__exit, or the tracepoint's ("_" first when it starts with a digit).
 */
static char *tf_default_name(const struct pev_def *pd)
{
	const struct tf_def *d = container_of(pd, struct tf_def, pd);
	const char *name = strchr(d->sym, ':');

	name = name ? name + 1 : d->sym;
	if (d->tp)
		return dynev_auto_name("%s%s", isdigit(*name) ? "_" : "", name);
	return dynev_auto_name("%s__%s", name, pd->ret ? "exit" : "entry");
}

static void tf_setup(struct pev *ev, const struct pev_def *pd)
{
	tf_of(ev)->tp = container_of(pd, struct tf_def, pd)->tp;
}

static bool tf_same_type(const struct pev *ev, const struct pev_def *pd)
{
	return tf_of(ev)->tp == container_of(pd, struct tf_def, pd)->tp;
}

static struct pev_place *tf_place_new(struct pev *ev, struct pev_def *pd)
{
	struct tf_probe *p = kzalloc(sizeof(*p), GFP_KERNEL);
	struct tf_def *d = tf_def_of(pd);

	if (!p)
		return NULL;
	p->pl.ev = ev;
	p->sym = d->sym;
	d->sym = NULL;
	p->tpt = d->tpt;
	p->maxactive = d->maxactive;
	p->fp.nr_maxactive = d->maxactive;
	if (pd->ret) {
		p->fp.exit_handler = tf_exit;
		if (ev->de.args->eargs) {
			p->fp.entry_handler = tf_entry;
			p->fp.entry_data_size = ev->de.args->eargs * sizeof(long);
		}
	} else {
		p->fp.entry_handler = tf_entry;
	}
	return &p->pl;
}

/*
 * A module comes: a t probe waiting for it finds its tracepoint, and a
 * probe in it of an enabled event is armed.
 */
static void tf_place_coming(struct tf_probe *p, struct module *mod)
{
	struct dynev_event *de = &p->pl.ev->de;
	bool missing;

	if (tf_is_tp(p) && !p->tpt)
		p->tpt = strchr(p->sym, ':') ? tf_tp_find(p->sym, &missing) :
					       tf_tp_find_in(mod, p->sym);
	if (test_bit(TRACE_EV_B_RECORD, &de->call.flags) && tf_arm(&p->pl))
		pr_warn("probe event %s/%s: %s not armed\n", de->group, de->name,
			p->sym);
}

/*
 * A module goes: a probe in it is let go before its text is (and before
 * the tracepoint core's notifier, which wants its tracepoints without
 * callbacks).
 */
static void tf_place_going(struct tf_probe *p, struct module *mod)
{
	tf_disarm(&p->pl);
	if (tf_is_tp(p))
		p->tpt = NULL;
}

/* Call @fn on every probe in module @mod; under both locks. */
static void tf_module_each(struct module *mod,
			   void (*fn)(struct tf_probe *p, struct module *mod))
{
	struct dynev_event *de;
	struct pev_place *pl;
	struct tf_probe *p;

	guard(mutex)(&dynev_lock);
	for (de = dynev_next(NULL, &tf_kind.dk); de;
	     de = dynev_next(de, &tf_kind.dk)) {
		pev_for_each_place(pl, pev_of(de)) {
			p = tf_probe_of(pl);
			guard(mutex)(&trace_ev_lock);
			if (tf_probe_in(p, mod))
				fn(p, mod);
		}
	}
}

static int tf_module_notify(struct notifier_block *nb, unsigned long state,
			    void *data)
{
	if (state == MODULE_STATE_COMING)
		tf_module_each(data, tf_place_coming);
	else if (state == MODULE_STATE_GOING)
		tf_module_each(data, tf_place_going);
	return NOTIFY_DONE;
}

/* Before the tracepoint core's notifier (priority 0) on the way out. */
static struct notifier_block tf_module_nb = {
	.notifier_call = tf_module_notify,
	.priority = 1,
};

static struct pev_kind tf_kind = {
	.dk = {
		.errloc = TF_ERRLOC,
		.create = pev_create,
		.delete = pev_delete,
		.remove_words = pev_remove_words,
		.show = pev_show,
		.release = pev_release,
	},
	.def_size = sizeof(struct tf_def),
	.ev_size = sizeof(struct tf_event),
	.parse = tf_parse,
	.auto_name = tf_default_name,
	.def_free = tf_def_free,
	.setup = tf_setup,
	.same_type = tf_same_type,
	.place_new = tf_place_new,
	.place_same = tf_place_same,
	.place_is = tf_place_is,
	.show_type = tf_show_type,
	.show_place = tf_show_place,
	.arm = tf_arm,
	.disarm = tf_disarm,
	.place_free = tf_place_free,
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
	dynev_register(&tf_kind.dk);
	if (IS_ENABLED(CONFIG_MODULES) && register_module_notifier(&tf_module_nb))
		pr_warn("fprobe events: probes on modules will not follow them\n");
	return 0;
}
core_initcall(tf_init);
