// SPDX-License-Identifier: GPL-2.0
/*
 * Hist triggers' variables: "name=expr" in a hist command keeps, in each
 * entry of the trigger's table, the value the last hit of that key gave
 * it, for other triggers to read as "$name" (or "sys.event.$name").
 *
 * An expression is a number, a field of the event (common_timestamp,
 * with .usecs, among them), a variable ("$name") or two of those joined
 * by + - * /, at most three operators in all; * and / bind
 * first, and operators of one rank go left to right. A minus before the
 * whole expression (or its parenthesis) negates it. What is constant is
 * worked out when the command is parsed, and listed so; a division by a
 * constant 0 is refused, one by 0 at a hit gives -1.
 *
 * A variable of the trigger itself is worked out at each hit before it is
 * used. One of another trigger (a reference) is read from that trigger's
 * entry whose keys are the leading keys of this hit; an operand of an
 * expression is unset there, read once. A hit that finds a reference
 * unset is not counted, and sets nothing. The binding
 * (trace_hist_bind.c) ties each reference to the table that keeps it;
 * the reference holds the table, so that it outlives its triggers while
 * read, and the table counts its readers, for which a trigger that is
 * read cannot be removed.
 */
#include <linux/ctype.h>
#include <linux/kprobes.h>
#include <linux/math64.h>
#include <linux/seq_buf.h>
#include <linux/slab.h>
#include <linux/stacktrace.h>
#include <linux/string.h>

#include "trace.h"
#include "trace_ev_core.h"
#include "trace_hist.h"
#include "trace_hist_def.h"

static void hx_free(struct hist_expr *x)
{
	if (!x)
		return;
	hx_free(x->l);
	hx_free(x->r);
	kfree(x->leaf.name);
	kfree(x);
}

/*
 * The operator @s splits at: the last + or - outside parentheses that
 * follows an operand, or else the last * or /; NULL when there is none.
 */
static char *hx_split(char *s)
{
	char *add = NULL, *mul = NULL, *c;
	int depth = 0;

	for (c = s; *c; c++) {
		if (*c == '(')
			depth++;
		else if (*c == ')')
			depth--;
		else if (depth)
			continue;
		else if ((*c == '+' || *c == '-') && c > s &&
			 !strchr("+-*/(", c[-1]))
			add = c;
		else if (*c == '*' || *c == '/')
			mul = c;
	}
	return add ?: mul;
}

/*
 * A reference to variable @name of the trigger on @sys.@ev (both NULL
 * when unnamed, else allocated: taken), at @pos; one serves every use of
 * the variable. Its index, or -EINVAL (logged) or -ENOMEM.
 */
static int hist_ref_add_named(struct hist_parse *p, char *sys, char *ev,
			      const char *name, unsigned int pos, bool once)
{
	struct trace_hist *h = p->h;
	struct hist_ref *r;
	unsigned int i;

	for (i = 0; i < h->nrefs; i++) {
		r = &h->refs[i];
		if (!strcmp(r->name, name) && !r->sys == !sys &&
		    (!sys || (!strcmp(r->sys, sys) && !strcmp(r->event, ev)))) {
			kfree(sys);
			kfree(ev);
			r->once |= once;
			r->num |= !p->param;
			return i;
		}
	}
	if (h->nrefs == HIST_REFS_MAX) {
		kfree(sys);
		kfree(ev);
		return hist_fail(p, pos, "Too many variable references");
	}
	r = &h->refs[h->nrefs];
	r->sys = sys;
	r->event = ev;
	r->once = once;
	r->num = !p->param;
	r->pos = pos;
	r->name = kstrdup(name, GFP_KERNEL);
	if (!r->name) {
		kfree(sys);
		kfree(ev);
		memset(r, 0, sizeof(*r));
		return -ENOMEM;
	}
	return h->nrefs++;
}

/*
 * A reference of the command to another trigger's variable, @spec
 * ("$name" or "sys.event.$name"); one serves every use of the variable.
 * Its index, or -EINVAL (logged) or -ENOMEM.
 */
static int hist_ref_add(struct hist_parse *p, char *spec, bool once)
{
	char *dollar = strchr(spec, '$'), *sys = NULL, *ev = NULL, *dot;

	if (!dollar || !dollar[1])
		return hist_fail(p, spec - p->copy, "Invalid variable reference");
	if (dollar != spec) {
		/* "sys.event.$name" */
		dot = strchr(spec, '.');
		if (!dot || dot + 1 >= dollar - 1 || dollar[-1] != '.' ||
		    strchr(dot + 1, '.') != dollar - 1)
			return hist_fail(p, spec - p->copy,
					 "Invalid variable reference");
		sys = kstrndup(spec, dot - spec, GFP_KERNEL);
		ev = kstrndup(dot + 1, dollar - 1 - (dot + 1), GFP_KERNEL);
		if (!sys || !ev) {
			kfree(sys);
			kfree(ev);
			return -ENOMEM;
		}
	}
	return hist_ref_add_named(p, sys, ev, dollar + 1, spec - p->copy,
				  once);
}

/**
 * hist_ref_field() - a field that reads another trigger's variable
 * @p:		the command
 * @hf:		the field, zeroed
 * @spec:	"$name" or "sys.event.$name", in @p's copy
 * @once:	an operand of an expression: the hit unsets what it reads
 *
 * Return: 0, -EINVAL (logged) or -ENOMEM.
 */
int hist_ref_field(struct hist_parse *p, struct hist_field *hf, char *spec,
		   bool once)
{
	int ret;

	hf->name = kstrdup(spec, GFP_KERNEL);
	if (!hf->name)
		return -ENOMEM;
	ret = hist_ref_add(p, spec, once);
	if (ret < 0)
		return ret;
	hf->src = HS_REF;
	hf->idx = ret;
	return 0;
}

/* A variable's name: letters, digits (not first) and '_'. */
static bool hx_name_ok(const char *s)
{
	if (!*s || strlen(s) >= HIST_NAME_MAX || isdigit(*s))
		return false;
	for (; *s; s++)
		if (!isalnum(*s) && *s != '_')
			return false;
	return true;
}

/**
 * hist_fvar_field() - a parameter that is a field of the matched event
 * @p:		the command
 * @hf:		the field, zeroed
 * @spec:	"sys.event.field", in @p's copy
 *
 * It reads the variable "synthetic_<field>" of sys.event's trigger, which
 * the binding makes (trace_hist_bind.c) when no trigger has it.
 *
 * Return: 0, -EINVAL (logged) or -ENOMEM.
 */
int hist_fvar_field(struct hist_parse *p, struct hist_field *hf, char *spec)
{
	char *d1 = strchr(spec, '.'), *d2 = d1 ? strchr(d1 + 1, '.') : NULL;
	struct trace_hist *h = p->h;
	char *sys, *ev, *name;
	int ret;

	if (!d2 || d1 == spec || d2 == d1 + 1 || !d2[1] || strchr(d2 + 1, '.') ||
	    !hx_name_ok(d2 + 1))
		return hist_fail(p, spec - p->copy, "Invalid field variable");
	if (h->nfvars == HIST_FVARS_MAX)
		return hist_fail(p, spec - p->copy, "Too many field variables");
	hf->name = kstrdup(spec, GFP_KERNEL);
	h->fvars[h->nfvars] = kstrdup(d2 + 1, GFP_KERNEL);
	name = kasprintf(GFP_KERNEL, "synthetic_%s", d2 + 1);
	sys = kstrndup(spec, d1 - spec, GFP_KERNEL);
	ev = kstrndup(d1 + 1, d2 - d1 - 1, GFP_KERNEL);
	if (!hf->name || !h->fvars[h->nfvars] || !name || !sys || !ev) {
		kfree(h->fvars[h->nfvars]);
		h->fvars[h->nfvars] = NULL;
		kfree(name);
		kfree(sys);
		kfree(ev);
		return -ENOMEM;
	}
	ret = hist_ref_add_named(p, sys, ev, name, spec - p->copy, false);
	kfree(name);
	if (ret < 0) {
		kfree(h->fvars[h->nfvars]);
		h->fvars[h->nfvars] = NULL;
		return ret;
	}
	hf->src = HS_REF;
	hf->idx = ret;
	h->fvar_refs[h->nfvars++] = ret;
	return 0;
}

/**
 * hist_var_field() - a field that reads a variable: "$name" of the
 * trigger's own, or else another trigger's ("$name", "sys.event.$name")
 * @p:		the command, its variables known
 * @hf:		the field, zeroed
 * @spec:	the text, in @p's copy
 * @once:	an operand of an expression: a reference unsets what it reads
 *
 * Return: 0, -EINVAL (logged) or -ENOMEM.
 */
int hist_var_field(struct hist_parse *p, struct hist_field *hf, char *spec,
		   bool once)
{
	int var = *spec == '$' ? hist_var_index(p->h, spec) : -1;

	if (var < 0)
		return hist_ref_field(p, hf, spec, once);
	if (p->h->vars[var].kind != HV_NUM && !p->param)
		return hist_fail(p, spec - p->copy,
				 "A string or stack variable is only an action's parameter");
	hf->name = kstrdup(spec, GFP_KERNEL);
	if (!hf->name)
		return -ENOMEM;
	hf->src = HS_VAR;
	hf->idx = var;
	return 0;
}

/*
 * A leaf: a number, a variable, a reference or a field; @operand when an
 * operator takes it.
 */
static int hx_leaf(struct hist_parse *p, struct hist_expr *x, char *s,
		   bool operand)
{
	struct hist_field *hf = &x->leaf;
	int ret;

	if (isdigit(*s)) {
		hf->src = HS_CONST;
		hf->name = kstrdup(s, GFP_KERNEL);
		if (!hf->name)
			return -ENOMEM;
		if (kstrtou64(s, 0, &hf->cst))
			return hist_fail(p, s - p->copy, "Invalid constant");
		return 0;
	}
	if (strchr(s, '$'))
		return hist_var_field(p, hf, s, operand);
	ret = hist_field_spec(p, hf, s, false);
	if (ret)
		return ret;
	if (hf->src == HS_NUM || hf->src == HS_CPU || hf->src == HS_TS ||
	    hf->src == HS_VAR)
		return hf->mod == HM_PERCENT || hf->mod == HM_GRAPH ?
		       hist_fail(p, s - p->copy, "Invalid field modifier") : 0;
	/* A string or stack variable: the field alone, as written. */
	if ((hf->src == HS_STR || hf->src == HS_STACK) && !operand && !hf->mod)
		return 0;
	return hist_fail(p, s - p->copy,
			 "Only numbers can be worked into a variable");
}

static u64 hx_op(char op, u64 a, u64 b)
{
	switch (op) {
	case '+':
		return a + b;
	case '-':
		return a - b;
	case '*':
		return a * b;
	case 'n':
		return -a;
	default:	/* '/' */
		return b ? div64_u64(a, b) : (u64)-1;
	}
}

static bool hx_const(const struct hist_expr *x)
{
	return x && !x->op && x->leaf.src == HS_CONST;
}

/* Work @x out now when its operands are constant. */
static void hx_fold(struct hist_expr *x)
{
	if (!hx_const(x->l) || (x->op != 'n' && !hx_const(x->r)))
		return;
	x->leaf.cst = hx_op(x->op, x->l->leaf.cst,
			    x->r ? x->r->leaf.cst : 0);
	x->leaf.src = HS_CONST;
	x->op = 0;
	hx_free(x->l);
	hx_free(x->r);
	x->l = NULL;
	x->r = NULL;
}

/*
 * The expression @s, @level operators under the top, into @out; @nops
 * counts the operators of the whole expression, as upstream limits them.
 */
static int hx_parse(struct hist_parse *p, char *s, unsigned int level,
		    unsigned int *nops, struct hist_expr **out)
{
	char *op = hx_split(s), *in;
	struct hist_expr *x;
	size_t n;
	int ret;

	x = kzalloc(sizeof(*x), GFP_KERNEL);
	*out = x;
	if (!x)
		return -ENOMEM;
	if (!*s)
		return hist_fail(p, s - p->copy, "Missing operand");
	if (op) {
		if (++*nops > HIST_EXPR_OPS)
			return hist_fail(p, s - p->copy,
					 "Too many subexpressions (3 max)");
		x->op = *op;
		*op = '\0';
		ret = hx_parse(p, s, level + 1, nops, &x->l) ?:
		      hx_parse(p, op + 1, level + 1, nops, &x->r);
		if (ret)
			return ret;
		if (x->op == '/' && hx_const(x->r) && !x->r->leaf.cst) {
			hist_fail(p, op + 1 - p->copy, "Division by zero");
			return -EDOM;
		}
		hx_fold(x);
		return 0;
	}
	if (*s != '-')
		return *s == '(' ?
		       hist_fail(p, s - p->copy, "Unexpected parenthesis") :
		       hx_leaf(p, x, s, level > 0);
	in = s + 1;
	if (*in == '(') {
		n = strlen(in);
		if (n < 3 || in[n - 1] != ')')
			return hist_fail(p, in - p->copy,
					 "Unbalanced parenthesis");
		in[n - 1] = '\0';
		in++;
	}
	if (level)
		return hist_fail(p, in - p->copy,
				 "Unary minus not supported in sub-expressions");
	x->op = 'n';
	ret = hx_parse(p, in, level + 1, nops, &x->l);
	if (!ret)
		hx_fold(x);
	return ret;
}

/* Whether @x reads a field of source @src. */
static bool hx_reads(const struct hist_expr *x, enum hist_src src)
{
	if (!x)
		return false;
	if (x->op)
		return hx_reads(x->l, src) || hx_reads(x->r, src);
	return x->leaf.src == src;
}

/* The variables @x reads, and whether it reads a reference. */
static u32 hx_deps(const struct hist_expr *x, bool *ref)
{
	if (!x)
		return 0;
	if (x->op)
		return hx_deps(x->l, ref) | hx_deps(x->r, ref);
	if (x->leaf.src == HS_REF)
		*ref = true;
	return x->leaf.src == HS_VAR ? BIT(x->leaf.idx) : 0;
}

/* Put variable @i in @h's order after those it reads; false on a loop. */
static bool hx_visit(struct trace_hist *h, unsigned int i, u8 *state,
		     unsigned int *n)
{
	bool ref = false;
	unsigned int j;
	u32 deps;

	if (state[i] == 2)
		return true;
	if (state[i] == 1)
		return false;
	state[i] = 1;
	deps = hx_deps(h->vars[i].expr, &ref);
	for (j = 0; j < h->nvars; j++) {
		if (!(deps & BIT(j)))
			continue;
		if (!hx_visit(h, j, state, n))
			return false;
		ref |= h->vars[j].uses_ref;
	}
	h->vars[i].uses_ref = ref;
	state[i] = 2;
	h->order[(*n)++] = i;
	return true;
}

/**
 * hist_vars_parse() - the variables of a command
 * @p:		the command; its trigger gets them
 * @defs:	the parts that define them, in @p's copy: each
 *		"name=expr[,name=expr...]"
 * @ndefs:	how many
 *
 * A variable may be used before the part that defines it.
 *
 * Return: 0, -EINVAL (logged) or -ENOMEM.
 */
int hist_vars_parse(struct hist_parse *p, char **defs, unsigned int ndefs)
{
	char *exprs[HIST_VARS_MAX], *def, *eq;
	struct trace_hist *h = p->h;
	u8 state[HIST_VARS_MAX] = {};
	unsigned int i, n = 0, nops;
	struct hist_var *v;
	int ret;

	for (i = 0; i < ndefs; i++) {
		while ((def = strsep(&defs[i], ","))) {
			eq = strchr(def, '=');
			if (!eq || eq == def)
				return hist_fail(p, def - p->copy,
						 "Invalid variable definition");
			*eq = '\0';
			if (!hx_name_ok(def))
				return hist_fail(p, def - p->copy,
						 "Invalid variable name");
			if (hist_var_index(h, def) >= 0)
				return hist_fail(p, def - p->copy,
						 "Variable already defined");
			if (h->nvars == HIST_VARS_MAX)
				return hist_fail(p, def - p->copy,
						 "Too many variables defined");
			v = &h->vars[h->nvars];
			v->pos = def - p->copy;
			v->name = kstrdup(def, GFP_KERNEL);
			v->text = kstrdup(eq + 1, GFP_KERNEL);
			if (!v->name || !v->text) {
				kfree(v->name);
				kfree(v->text);
				memset(v, 0, sizeof(*v));
				return -ENOMEM;
			}
			exprs[h->nvars++] = eq + 1;
		}
	}
	for (i = 0; i < h->nvars; i++) {
		v = &h->vars[i];
		nops = 0;
		/* A reference alone may read a string or a stack. */
		p->param = strchr(exprs[i], '$') && !strpbrk(exprs[i], "+-*/");
		ret = hx_parse(p, exprs[i], 0, &nops, &v->expr);
		p->param = false;
		if (ret)
			return ret;
		if (hx_reads(v->expr, HS_TS))
			h->uses_ts = true;
		if (!v->expr->op && (v->expr->leaf.src == HS_STR ||
				     v->expr->leaf.src == HS_STACK)) {
			v->kind = v->expr->leaf.src == HS_STR ? HV_STR :
								HV_STACK;
			v->stri = h->nstrs++;
		}
		if (hx_const(v->expr)) {
			kfree(v->text);
			v->text = kasprintf(GFP_KERNEL, "%llu",
					    v->expr->leaf.cst);
			if (!v->text)
				return -ENOMEM;
		}
	}
	for (i = 0; i < h->nvars; i++)
		if (!hx_visit(h, i, state, &n))
			return hist_fail(p, h->vars[i].pos,
					 "Variable reads itself");
	return 0;
}

/**
 * hist_vars_show() - a trigger's variables as its listing gives them
 * @s:		where to print: ":name=expr,name=expr..."
 * @h:		the trigger
 */
void hist_vars_show(struct seq_buf *s, const struct trace_hist *h)
{
	unsigned int i;

	for (i = 0; i < h->nvars; i++)
		seq_buf_printf(s, "%c%s=%s", i ? ',' : ':', h->vars[i].name,
			       h->vars[i].text);
}

/**
 * hist_vars_same() - whether two triggers have the same variables
 * @a:		one
 * @b:		the other
 *
 * Return: true when they have.
 */
bool hist_vars_same(const struct trace_hist *a, const struct trace_hist *b)
{
	unsigned int i;

	if (a->nvars != b->nvars)
		return false;
	for (i = 0; i < a->nvars; i++)
		if (strcmp(a->vars[i].name, b->vars[i].name) ||
		    strcmp(a->vars[i].text, b->vars[i].text))
			return false;
	return true;
}

/**
 * hist_data_put() - a holder of a table lets it go
 * @d:		the table, which no probe of the holder can reach any more
 *
 * The last frees it.
 */
void hist_data_put(struct trace_hist_data *d)
{
	if (!d || !refcount_dec_and_test(&d->ref))
		return;
	hist_map_free(d->map);
	kfree(d->name);
	kfree(d->sig);
	kfree(d);
}

/**
 * hist_vars_free() - free a trigger's variables and references
 * @h:		the trigger, which no probe can reach
 */
void hist_vars_free(struct trace_hist *h)
{
	struct hist_ref *r;
	unsigned int i;

	for (i = 0; i < h->nvars; i++) {
		kfree(h->vars[i].name);
		kfree(h->vars[i].text);
		hx_free(h->vars[i].expr);
	}
	for (i = 0; i < h->nrefs; i++) {
		r = &h->refs[i];
		kfree(r->name);
		kfree(r->sys);
		kfree(r->event);
		hist_data_put(r->data);
	}
	for (i = 0; i < h->nfvars; i++)
		kfree(h->fvars[i]);
}

/**
 * hist_refs_take() - read a hit's references, once
 * @h:		the trigger
 * @key:	the hit's key: its leading keys are the other tables' keys
 * @refs:	gets each reference's value: a string variable's, a pointer
 *		to its text copied into @strs
 * @strs:	room for that text: HIST_VAR_STR bytes for each reference
 *
 * Any context, from the hit.
 *
 * Return: false when one is not set for these keys.
 */
bool hist_refs_take(const struct trace_hist *h, const void *key, u64 *refs,
		    char *strs)
{
	const struct hist_ref *r;
	struct hist_elt *e;
	unsigned int i;
	char *copy;

	for (i = 0; i < h->nrefs; i++) {
		r = &h->refs[i];
		if (r->alias) {
			refs[i] = refs[r->alias - 1];
			continue;
		}
		/* Pairs with the smp_store_release() of the table's clearing. */
		if (smp_load_acquire(&r->data->clearing))
			return false;
		e = hist_map_lookup(r->data->map, key);
		if (!e || !hist_elt_read(e, r->slot, r->setw, r->bit, r->once,
					 &refs[i]))
			return false;
		if (r->kind == HV_NUM)
			continue;
		/*
		 * After the read's acquire. A hit setting it meanwhile may
		 * tear the text, never its end; a stack ends with a 0 too.
		 */
		copy = strs + i * HIST_VAR_STR;
		memcpy(copy, hist_elt_slot(e, r->str_slot), HIST_VAR_STR);
		if (r->kind == HV_STR)
			copy[HIST_VAR_STR - 1] = '\0';
		refs[i] = (unsigned long)copy;
	}
	return true;
}

NOKPROBE_SYMBOL(hist_refs_take);

static u64 hx_eval(const struct hist_expr *x, const struct hist_hit *hit)
{
	if (!x->op)
		return hist_field_num(&x->leaf, hit);
	return hx_op(x->op, hx_eval(x->l, hit), x->r ? hx_eval(x->r, hit) : 0);
}

NOKPROBE_SYMBOL(hx_eval);

/**
 * hist_vars_eval() - work out a hit's variables
 * @h:		the trigger
 * @hit:	the hit, whose @vars get each variable's value
 * @with_refs:	those that read references (after them), or the others
 *
 * Any context, from the hit.
 */
void hist_vars_eval(const struct trace_hist *h, struct hist_hit *hit,
		    bool with_refs)
{
	const struct hist_var *v;
	unsigned int i;

	for (i = 0; i < h->nvars; i++) {
		v = &h->vars[h->order[i]];
		if (v->uses_ref == with_refs && v->kind == HV_NUM)
			hit->vars[h->order[i]] = hx_eval(v->expr, hit);
	}
}

NOKPROBE_SYMBOL(hist_vars_eval);

/**
 * hist_vars_store() - keep a hit's variables in its entry
 * @h:		the trigger
 * @e:		the entry
 * @hit:	the hit: their values, and the record, whose string fields
 *		string variables keep
 *
 * Any context, from the hit.
 */
void hist_vars_store(const struct trace_hist *h, struct hist_elt *e,
		     const struct hist_hit *hit)
{
	const struct hist_field *f;
	const struct hist_var *v;
	unsigned int i, n;
	const char *s;
	char *text;

	for (i = 0; i < h->nvars; i++) {
		v = &h->vars[i];
		if (v->kind == HV_NUM) {
			hist_elt_set(e, h->nvals + i, h->nvals + h->nvars, i,
				     hit->vars[i]);
			continue;
		}
		if (v->pass)
			continue;
		text = hist_var_blob(h, e, i);
		if (v->kind == HV_STACK) {
			/*
			 * Past here, trace_hist_hit(), the trigger run, the
			 * commit and the probe.
			 */
			n = stack_trace_save((unsigned long *)text,
					     HIST_STACK_DEPTH, 6);
			memset(text + n * sizeof(long), 0,
			       HIST_VAR_STR - n * sizeof(long));
		} else {
			f = &v->expr->leaf;
			s = trace_ev_field_str(hit->rec, hit->len, f->kind,
					       f->offset, f->size, &n);
			n = s ? strnlen(s, min(n, HIST_VAR_STR - 1U)) : 0;
			if (n)
				memcpy(text, s, n);
			text[n] = '\0';
		}
		/* Its length, set after the bytes (a release). */
		hist_elt_set(e, h->nvals + i, h->nvals + h->nvars, i, n);
	}
}

NOKPROBE_SYMBOL(hist_vars_store);

/**
 * hist_var_read_as_num() - whether a variable is read as a number
 * @h:		the trigger
 * @j:		its variable
 *
 * Return: true when anything of @h but an action's parameter reads it.
 */
bool hist_var_read_as_num(const struct trace_hist *h, unsigned int j)
{
	bool ref = false;
	unsigned int k;

	for (k = 0; k < h->nkeys; k++)
		if (h->keys[k].src == HS_VAR && h->keys[k].idx == j)
			return true;
	for (k = 0; k < h->nvals; k++)
		if (h->vals[k].src == HS_VAR && h->vals[k].idx == j)
			return true;
	for (k = 0; k < h->nvars; k++)
		if (hx_deps(h->vars[k].expr, &ref) & BIT(j))
			return true;
	for (k = 0; k < h->nacts; k++)
		if (h->acts[k].handler != HH_MATCH && h->acts[k].track == j)
			return true;
	return false;
}

/**
 * hist_var_blob() - where an entry keeps a string or stack variable
 * @h:		the trigger
 * @e:		the entry
 * @i:		the variable, not passed on (&struct hist_var.pass)
 *
 * Return: its HIST_VAR_STR bytes.
 */
void *hist_var_blob(const struct trace_hist *h, const struct hist_elt *e,
		    unsigned int i)
{
	return hist_elt_slot(e, hist_str_base(h) +
				h->vars[i].stri * HIST_VAR_STR_SLOTS);
}

NOKPROBE_SYMBOL(hist_var_blob);
