// SPDX-License-Identifier: GPL-2.0
/*
 * Synthetic events: the kind of dynamic event whose fields a user names
 * and types (trace_synth.h), in the group "synthetic". synthetic_events
 * takes and lists their definitions without a prefix,
 *
 *   NAME FIELD[; FIELD]...	defines one
 *   !NAME [...]		removes one, whatever the fields say
 *
 * and dynamic_events with "s:[synthetic/]". Each is a trace event with
 * its files, format and filters. Hist triggers' actions write their
 * records (trace_hist_act.c, through ts_fire()); enabling one registers
 * nothing.
 */
#include <linux/kernel.h>
#include <linux/kprobes.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "trace.h"
#include "trace_dynev.h"
#include "trace_ev_core.h"
#include "trace_fs.h"
#include "trace_hist.h"
#include "trace_synth.h"

#define TS_ERRLOC	"synthetic_events"
#define TS_ERR_DYN	"Command must be of the form: s or -:[synthetic/]<name> field[;field] ..."
#define TS_ERR_EXISTS	"Event already exists"

/**
 * struct ts_event - a synthetic event
 * @de:		what every dynamic event has
 * @def:	its definition
 */
struct ts_event {
	struct dynev_event de;
	struct ts_def def;
};

static struct dynev_kind ts_kind;

static struct ts_event *ts_of(struct dynev_event *de)
{
	return container_of(de, struct ts_event, de);
}

/*
 * Hist actions write the records (ts_fire()), when the event is on:
 * there is no probe to start or stop.
 */
static int ts_reg(struct trace_ev_call *call, bool on)
{
	return 0;
}

static void ts_print(struct seq_file *m, const struct trace_ev_call *call,
		     const void *rec, unsigned int len)
{
	ts_def_print(m, &ts_of(dynev_of(call))->def, rec, len);
}

static void ts_event_free(struct ts_event *ev)
{
	dynev_event_fini(&ev->de);
	ts_def_free(&ev->def);
	kfree(ev);
}

static void ts_release(struct dynev_event *de)
{
	ts_event_free(ts_of(de));
}

/* A new event of @def, which it takes. */
static int ts_new(struct ts_def *def)
{
	struct ts_event *ev = kzalloc(sizeof(*ev), GFP_KERNEL);
	struct dynev_event *de;
	int ret;

	if (!ev) {
		ts_def_free(def);
		return -ENOMEM;
	}
	ev->def = *def;
	memset(def, 0, sizeof(*def));
	de = &ev->de;
	ret = dynev_event_start(de, &ts_kind, TS_GROUP, ev->def.name);
	if (ret)
		goto fail;
	de->fields = ts_def_ev_fields(&ev->def);
	de->call.print_fmt = ts_def_print_fmt(&ev->def);
	ret = -ENOMEM;
	if (!de->fields || !de->call.print_fmt)
		goto fail;
	de->class.size = ev->def.size;
	de->call.fields = de->fields;
	de->class.reg = ts_reg;
	de->class.print = ts_print;
	ret = dynev_event_add(de);
	if (!ret)
		return 0;
fail:
	ts_event_free(ev);
	return ret;
}

/*
 * Where the name starts in @cmd: after "s:" and an optional "synthetic/"
 * in dynamic_events. -ECANCELED for another kind's line.
 */
static int ts_name_at(struct dynev_cmd *cmd, unsigned int *at)
{
	const char *s = cmd->argv[0];
	const char *slash;

	*at = cmd->pos[0];
	if (cmd->own)
		return 0;
	if (strncmp(s, "s:", 2))
		return -ECANCELED;
	s += 2;
	*at += 2;
	slash = strchr(s, '/');
	if (!slash)
		return 0;
	if (slash - s != strlen(TS_GROUP) || strncmp(s, TS_GROUP, slash - s))
		return dynev_cmd_fail(cmd, 0, TS_ERR_DYN, -EINVAL);
	*at += slash - s + 1;
	return 0;
}

/* The name as far as a space: its own checks come with the fields. */
static char *ts_name(struct dynev_cmd *cmd, unsigned int at)
{
	return cmd->argv[0] + (at - cmd->pos[0]);
}

static int ts_create(const struct dynev_kind *kind, struct dynev_cmd *cmd)
{
	struct dynev_event *de;
	struct ts_def def;
	unsigned int at;
	int ret;

	lockdep_assert_held(&dynev_lock);
	ret = ts_name_at(cmd, &at);
	if (ret)
		return ret;
	ret = dynev_lookup(cmd, kind, TS_GROUP, ts_name(cmd, at), &de);
	if (ret)
		return ret;
	if (de)
		return dynev_cmd_fail(cmd, 0, TS_ERR_EXISTS, -EEXIST);
	ret = ts_def_parse(cmd->line, at, &def, &cmd->err);
	if (ret) {
		ts_def_free(&def);
		return ret;
	}
	return ts_new(&def);
}

/* "!NAME [...]": the event goes, whatever the fields say. */
static int ts_delete(const struct dynev_kind *kind, struct dynev_cmd *cmd)
{
	unsigned int at;
	int ret;

	lockdep_assert_held(&dynev_lock);
	ret = ts_name_at(cmd, &at);
	if (ret)
		return ret;
	return dynev_delete(kind, TS_GROUP, ts_name(cmd, at));
}

/* dynamic_events: "s:synthetic/NAME\tFIELDS". */
static void ts_show(struct seq_file *m, struct dynev_event *de)
{
	seq_printf(m, "s:%s/%s\t", de->group, de->name);
	ts_def_show(m, &ts_of(de)->def);
	seq_putc(m, '\n');
}

/* synthetic_events: "NAME\tFIELDS". */
static void ts_show_own(struct seq_file *m, struct dynev_event *de)
{
	seq_printf(m, "%s\t", de->name);
	ts_def_show(m, &ts_of(de)->def);
	seq_putc(m, '\n');
}

static struct dynev_kind ts_kind = {
	.errloc = TS_ERRLOC,
	.own_syntax = true,
	.create = ts_create,
	.delete = ts_delete,
	.show = ts_show,
	.show_own = ts_show_own,
	.release = ts_release,
};

static const struct trace_fs_file ts_files[] = {
	TRACE_FS_FOPS("synthetic_events", 0640, TRACE_FS_TOP_ONLY,
		      (long)&ts_kind, &dynev_fops),
};

static struct trace_fs_table ts_fs = {
	.name = "synthetic_events",
	.files = ts_files,
	.nr = ARRAY_SIZE(ts_files),
	.order = TRACE_FS_ORDER_KPROBE + 4,
	.readme =
	"  synthetic_events     - Define, remove (!<name>) and list synthetic events,\n"
	"\t\t\t  whose fields are typed by their definition:\n"
	"\t\t\t  echo 'lat_ev u64 lat; pid_t pid; char comm[16]; long[] stack' >> synthetic_events\n"
	"\t\t\t  char <name>[] is a string of any length; long[] or\n"
	"\t\t\t  unsigned long[] holds a stack trace\n"
	"\t  Syntax of a synthetic event, in dynamic_events:\n"
	"\t    s:[synthetic/]<event> <field>[;<field>] ...\n"
	"\t     field: <type> <name>, type: u8/16/32/64, s8/16/32/64, char,\n"
	"\t            [unsigned] int/long/char, bool, pid_t, gfp_t\n",
};

TRACE_FS_REGISTER(ts_fs);

/*
 * A record of the synthetic event @target (its struct trace_ev_rt, held
 * by the action) from @args, one a field: written where the event is on,
 * and run through its triggers, as any event's record. Any context, from
 * a hist trigger's hit.
 */
static void ts_fire(struct trace_ev_rt *target,
		    const struct trace_hist_arg *args, unsigned int n)
{
	struct trace_ev_call *call = target->call;
	const struct ts_def *def = &ts_of(dynev_of(call))->def;
	struct trace_wh h;
	void *rec;

	if (n != def->nr)
		return;
	rec = trace_ev_reserve_slow(call, TRACE_EV_FL_SLOW,
				    ts_def_rec_len(def, args), &h);
	if (!rec)
		return;
	ts_def_fill(def, rec, args);
	trace_ev_commit_slow(call, rec);
}

NOKPROBE_SYMBOL(ts_fire);

static int __init ts_init(void)
{
	dynev_register(&ts_kind);
	trace_hist_set_fire(ts_fire);
	return 0;
}
core_initcall(ts_init);
