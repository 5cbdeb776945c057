// SPDX-License-Identifier: GPL-2.0
/*
 * The function-entry call-site table.
 *
 * The build lists every "call __fentry__" of the kernel and of each
 * module in a __mcount_loc section (absolute addresses, 8 bytes each, in
 * no particular order across objects; with BUILDTIME_MCOUNT_SORT the
 * kernel's is sorted at link time). As start_kernel() begins, and for a
 * module before its code first runs, each listed site is checked to hold
 * that call and turned into a 5-byte nop; the addresses are kept as one
 * group per image, sorted, each as one 32-bit word: the offset from the
 * group's base in the low 27 bits, the site's state in the five above.
 * That is 4 bytes a site (upstream spends 16). The kernel's __mcount_loc
 * is init data and goes away after boot.
 *
 * The kernel's sites are converted before memory can be allocated, so in
 * two steps. ftrace_init_sites_early(), first thing in start_kernel(),
 * checks and converts them and writes their records over the start of
 * __mcount_loc itself; ftrace_init(), once memblock works, copies the
 * records out. That early, almost none of the kernel's code has run,
 * which matters under emulation: QEMU's TCG takes a slow path for every
 * store into a page whose code it has translated, and converting in
 * upstream's place for ftrace_init(), after the memory core is up, took
 * ten times as long.
 *
 * A site that does not hold the expected call is refused (FENTRY_BAD) and
 * never touched again. A site that is not at a function's entry is the
 * dead copy of a weak function replaced at link time: it is marked
 * FENTRY_DEAD, lazily (kallsyms lookups are too slow for boot), before
 * the group is first listed or patched.
 */
#define pr_fmt(fmt) "ftrace: " fmt

#include <linux/ftrace.h>
#include <linux/kallsyms.h>
#include <linux/memblock.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/sched/clock.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/timex.h>
#include <linux/vmalloc.h>
#include <linux/xarray.h>

#include <asm/sections.h>

#include "fentry.h"

/* Guards the groups and the sites' state: see fentry.h. */
DEFINE_MUTEX(fentry_lock);

/*
 * Tasks inside a gate function of a FENTRY_OPS_FL_GATED user: the guard
 * that the arch code writes before each gated site reads it.
 */
atomic_t fentry_gates = ATOMIC_INIT(0);

/*
 * The layers above that drop what they hold on a module's functions
 * when it goes (struct fentry_forget_hook): registered at core_initcall,
 * before any module can go, and never removed.
 */
static LIST_HEAD(fentry_forget_hooks);

/**
 * fentry_forget_register() - be told when a module's functions go
 * @h:		the hook; static
 */
void fentry_forget_register(struct fentry_forget_hook *h)
{
	list_add_tail(&h->node, &fentry_forget_hooks);
}

LIST_HEAD(fentry_groups);
unsigned long fentry_generation;

/* Boot-time conversion, reported once printk has a clock. */
/*
 * How long the boot conversion took, in cycles and by local_clock(). This
 * early, local_clock() may still count jiffies, which do not advance yet;
 * the report prefers the cycles, converted once the clocks are known.
 */
static u64 fentry_boot_ns;
static cycles_t fentry_boot_cycles;
static unsigned int fentry_boot_refused;

/*
 * What ftrace_init_sites_early() leaves for ftrace_init(): @nr records at
 * the start of __mcount_loc, @refused of them FENTRY_BAD, in ascending
 * order if @sorted.
 */
static struct {
	unsigned int nr;
	unsigned int refused;
	bool sorted;
	bool done;
} fentry_boot __initdata;

static int cmp_site(const void *a, const void *b)
{
	u32 x = ((const struct fentry_site *)a)->word & FENTRY_OFF;
	u32 y = ((const struct fentry_site *)b)->word & FENTRY_OFF;

	return x < y ? -1 : x > y;
}

static u32 site_off(const struct fentry_site *s)
{
	return s->word & FENTRY_OFF;
}

/* The end of the ascending run of @s that starts at @i. */
static unsigned int fentry_run_end(const struct fentry_site *s,
				   unsigned int i, unsigned int n)
{
	while (++i < n && site_off(&s[i - 1]) <= site_off(&s[i]))
		;
	return i;
}

/*
 * Sort a group's sites by address. The linker leaves __mcount_loc in a
 * few ascending runs (the kernel's 14000 sites in under 30), so merge
 * neighbouring runs until one is left: each pass halves the runs and
 * compares inline, where sort() is a heapsort calling cmp_site() through
 * a pointer some 14 times per site. sort() remains for when there is no
 * memory for the merge (or no allocator yet).
 */
static void fentry_sort_sites(struct fentry_site *sites, unsigned int n)
{
	struct fentry_site *a = sites, *b, *tmp;
	unsigned int i, l, r, mid, end;

	if (fentry_run_end(sites, 0, n) >= n)
		return;
	tmp = slab_is_available() ?
		kvmalloc_array(n, sizeof(*tmp), GFP_KERNEL) : NULL;
	if (!tmp) {
		sort(sites, n, sizeof(*sites), cmp_site, NULL);
		return;
	}
	b = tmp;
	while (fentry_run_end(a, 0, n) < n) {
		for (i = 0; i < n; i = end) {
			mid = fentry_run_end(a, i, n);
			end = mid < n ? fentry_run_end(a, mid, n) : n;
			for (l = i, r = mid; i < end; i++) {
				if (r == end || (l < mid &&
						 site_off(&a[l]) < site_off(&a[r])))
					b[i] = a[l++];
				else
					b[i] = a[r++];
			}
		}
		swap(a, b);
	}
	if (a != sites)
		memcpy(sites, a, n * sizeof(*sites));
	kvfree(tmp);
}

/*
 * A group's memory: past a page, whole pages from vmalloc rather than a
 * power-of-two block from kmalloc, so that the records take what they
 * need and no more.
 */
static struct fentry_group *fentry_group_alloc(size_t size)
{
	return size > PAGE_SIZE ? vmalloc(size) : kmalloc(size, GFP_KERNEL);
}

/* Warn about a site that did not hold the expected call. */
static void fentry_refused(struct module *mod, unsigned long ip)
{
	fentry_boot_refused++;
	pr_warn("%s: %pS: unexpected bytes %5ph, left alone\n",
		mod ? mod->name : "kernel", (void *)ip, (void *)ip);
}

static void fentry_group_init(struct fentry_group *g, unsigned long base,
			      struct module *mod, unsigned int nr)
{
	g->base = base;
	g->mod = mod;
	g->nr = nr;
	g->validated = false;
}

/*
 * Build a group from @nr raw addresses, converting each site. Addresses
 * outside [@lo, @hi) or zero (a discarded section) are dropped; sites
 * with unexpected bytes are kept, marked FENTRY_BAD.
 */
static struct fentry_group *fentry_group_build(const unsigned long *loc,
					       unsigned long nr,
					       unsigned long lo,
					       unsigned long hi,
					       struct module *mod)
{
	struct fentry_group *g;
	unsigned long i;
	unsigned int n = 0;

	if (hi - lo > FENTRY_OFF)
		return NULL;
	g = fentry_group_alloc(struct_size(g, sites, nr));
	if (!g)
		return NULL;
	for (i = 0; i < nr; i++) {
		unsigned long ip = loc[i];

		if (ip < lo || ip >= hi)
			continue;
		g->sites[n].word = ip - lo;
		if (arch_fentry_convert(ip, lo)) {
			g->sites[n].word |= FENTRY_BAD;
			fentry_refused(mod, ip);
		}
		n++;
	}
	arch_fentry_sync();
	fentry_sort_sites(g->sites, n);
	fentry_group_init(g, lo, mod, n);
	return g;
}

/**
 * ftrace_init_sites_early() - convert the kernel's call sites to nops
 *
 * Runs first thing in start_kernel(), on the boot CPU, while kernel text
 * is still writable and before almost any of it has run. It needs no
 * memory: each site's record overwrites an entry of __mcount_loc that
 * has been read already (4 bytes against 8), and ftrace_init() copies
 * the records out.
 */
void __init ftrace_init_sites_early(void)
{
	unsigned long lo = (unsigned long)_stext, hi = (unsigned long)_etext;
	struct fentry_site *rec = (struct fentry_site *)__start_mcount_loc;
	cycles_t c0 = get_cycles();
	unsigned int n = 0;
	bool sorted = true;
	unsigned long *loc;
	u32 off, prev = 0;

	static_assert(sizeof(*rec) <= sizeof(*loc));
	if (hi - lo > FENTRY_OFF)
		return;
	for (loc = __start_mcount_loc; loc < __stop_mcount_loc; loc++) {
		if (*loc < lo || *loc >= hi)
			continue;
		off = *loc - lo;
		sorted &= off >= prev;
		prev = off;
		rec[n].word = off;
		if (arch_fentry_convert(lo + off, lo)) {
			rec[n].word |= FENTRY_BAD;
			fentry_boot.refused++;
		}
		n++;
	}
	arch_fentry_sync();
	fentry_boot.nr = n;
	fentry_boot.sorted = sorted;
	fentry_boot.done = true;
	fentry_boot_cycles = get_cycles() - c0;
}

/*
 * The kernel's group, from the records ftrace_init_sites_early() left,
 * in memory from memblock (ftrace_init() runs before the memory core is
 * up), never freed.
 */
static struct fentry_group *__init fentry_group_boot(void)
{
	unsigned long base = (unsigned long)_stext;
	struct fentry_group *g;
	unsigned int i, n = fentry_boot.nr;

	g = memblock_alloc_raw(struct_size(g, sites, n), SMP_CACHE_BYTES);
	if (!g)
		return NULL;
	memcpy(g->sites, __start_mcount_loc, n * sizeof(g->sites[0]));
	if (!fentry_boot.sorted)
		fentry_sort_sites(g->sites, n);
	fentry_group_init(g, base, NULL, n);
	for (i = 0; fentry_boot.refused && i < n; i++)
		if (g->sites[i].word & FENTRY_BAD)
			fentry_refused(NULL, fentry_ip(g, &g->sites[i]));
	return g;
}

/**
 * ftrace_init() - keep the records of the kernel's call sites
 *
 * Runs in start_kernel() once memblock can allocate, on the boot CPU,
 * before other CPUs start and while kernel text is still writable. It
 * converts the sites itself if ftrace_init_sites_early() has not.
 */
void __init ftrace_init(void)
{
	unsigned long nr = __stop_mcount_loc - __start_mcount_loc;
	struct fentry_group *g;
	u64 t0 = local_clock();
	cycles_t c0 = get_cycles();

	if (!nr)
		return;
	if (fentry_boot.done)
		g = fentry_group_boot();
	else
		g = fentry_group_build(__start_mcount_loc, nr,
				       (unsigned long)_stext,
				       (unsigned long)_etext, NULL);
	if (!g) {
		pr_err("no memory for %lu call sites: function tracing off\n",
		       nr);
		return;
	}
	fentry_boot_ns = local_clock() - t0;
	fentry_boot_cycles += get_cycles() - c0;
	list_add_rcu(&g->list, &fentry_groups);
}

static int __init fentry_report(void)
{
	struct fentry_group *g;
	u64 ns = arch_fentry_cycles_to_ns(fentry_boot_cycles) ?: fentry_boot_ns;

	mutex_lock(&fentry_lock);
	list_for_each_entry(g, &fentry_groups, list) {
		if (g->mod)
			continue;
		pr_info("converted %u call sites to nops in %llu us (%u refused); records: %zu bytes, %zu per site\n",
			g->nr, div_u64(ns, NSEC_PER_USEC),
			fentry_boot_refused,
			g->nr * sizeof(g->sites[0]), sizeof(g->sites[0]));
	}
	mutex_unlock(&fentry_lock);
	return 0;
}
core_initcall(fentry_report);

/**
 * ftrace_module_init() - convert a module's call sites to nops
 * @mod:	the module, laid out and relocated, not yet running, its
 *		text still writable
 */
void ftrace_module_init(struct module *mod)
{
	struct module_memory *text = &mod->mem[MOD_TEXT];
	struct fentry_group *g;

	if (!mod->num_ftrace_callsites)
		return;
	g = fentry_group_build(mod->ftrace_callsites,
			       mod->num_ftrace_callsites,
			       (unsigned long)text->base,
			       (unsigned long)text->base + text->size, mod);
	if (!g) {
		pr_warn("%s: no memory for its call sites: not traceable\n",
			mod->name);
		return;
	}
	mutex_lock(&fentry_lock);
	list_add_tail_rcu(&g->list, &fentry_groups);
	fentry_generation++;
	mutex_unlock(&fentry_lock);
}

/**
 * ftrace_release_mod() - forget a module's call sites
 * @mod:	the module going away (or failing to load)
 */
void ftrace_release_mod(struct module *mod)
{
	struct fentry_group *g, *tmp, *gone = NULL;
	struct fentry_forget_hook *h;
	unsigned long start = 0, end = 0;

	mutex_lock(&fentry_lock);
	list_for_each_entry_safe(g, tmp, &fentry_groups, list) {
		if (g->mod != mod)
			continue;
		list_del_rcu(&g->list);
		fentry_generation++;
		if (g->nr) {
			start = fentry_ip(g, &g->sites[0]);
			end = fentry_ip(g, &g->sites[g->nr - 1]) + 1;
		}
		gone = g;
	}
	mutex_unlock(&fentry_lock);
	/* Lockless lookups (fentry_overlapping()) may still walk it. */
	if (gone) {
		synchronize_rcu();
		kvfree(gone);
	}
	/* Filters and commands must not outlive the functions they name. */
	if (end)
		list_for_each_entry(h, &fentry_forget_hooks, node)
			h->forget(start, end);
}

/**
 * ftrace_free_mem() - a module's init text goes away
 * @mod:	the module
 * @start:	start of the freed range
 * @end:	its end
 *
 * Init text is never recorded, so nothing refers to it.
 */
void ftrace_free_mem(struct module *mod, void *start, void *end)
{
}

/**
 * ftrace_free_init_mem() - the kernel's init text goes away
 *
 * Init text is never recorded, so nothing refers to it. The end of boot,
 * before init runs: the time of ftrace_boot_snapshot.
 */
void __init ftrace_free_init_mem(void)
{
	ftrace_boot_snapshot();
}

/**
 * fentry_validate() - mark the sites that are not at a function's entry
 * @g:		a group, with fentry_lock held
 *
 * Done once per group, before it is listed or patched.
 */
void fentry_validate(struct fentry_group *g)
{
	unsigned long size, offset;
	unsigned int i;

	lockdep_assert_held(&fentry_lock);
	if (g->validated)
		return;
	for (i = 0; i < g->nr; i++) {
		struct fentry_site *s = &g->sites[i];

		if (!kallsyms_lookup_size_offset(fentry_ip(g, s), &size,
						 &offset) ||
		    offset > FENTRY_MAX_OFFSET)
			s->word |= FENTRY_DEAD;
		if (!(i & 1023))
			cond_resched();
	}
	g->validated = true;
}

/**
 * fentry_count() - the number of recorded sites
 * @bytes:	set to the memory their records use, headers included
 * @groups:	set to the number of groups (the kernel and each module)
 *
 * Context: fentry_lock held.
 * Return: the number of sites.
 */
unsigned long fentry_count(unsigned long *bytes, unsigned int *groups)
{
	struct fentry_group *g;
	unsigned long n = 0;

	lockdep_assert_held(&fentry_lock);
	*bytes = 0;
	*groups = 0;
	list_for_each_entry(g, &fentry_groups, list) {
		n += g->nr;
		*bytes += struct_size(g, sites, g->nr);
		(*groups)++;
	}
	return n;
}

/*
 * Trampolines: ours are static code in the kernel's text, so the
 * unwinder and kallsyms already know them, and no allocated trampoline
 * needs describing.
 */

/**
 * is_ftrace_trampoline() - is @addr in an allocated tracing trampoline
 * @addr:	a text address
 *
 * Return: false: no trampolines are allocated.
 */
bool is_ftrace_trampoline(unsigned long addr)
{
	return false;
}

/**
 * ftrace_ops_trampoline() - the user whose allocated trampoline holds @addr
 * @addr:	a text address
 *
 * The ORC unwinder asks, to find the unwind data of a trampoline copy.
 *
 * Return: NULL: no trampolines are allocated.
 */
struct ftrace_ops *ftrace_ops_trampoline(unsigned long addr)
{
	return NULL;
}

/**
 * ftrace_mod_address_lookup() - kallsyms lookup in allocated trampolines
 * @addr:	the address
 * @size:	unused
 * @off:	unused
 * @modname:	unused
 * @modbuildid:	unused
 * @sym:	unused
 *
 * Return: 0: no trampolines are allocated.
 */
int ftrace_mod_address_lookup(unsigned long addr, unsigned long *size,
			      unsigned long *off, char **modname,
			      const unsigned char **modbuildid, char *sym)
{
	return 0;
}

/**
 * ftrace_mod_get_kallsym() - list allocated trampolines in /proc/kallsyms
 * @symnum:	unused
 * @value:	unused
 * @type:	unused
 * @name:	unused
 * @module_name: unused
 * @exported:	unused
 *
 * Return: -ERANGE: there are none.
 */
int ftrace_mod_get_kallsym(unsigned int symnum, unsigned long *value,
			   char *type, char *name, char *module_name,
			   int *exported)
{
	return -ERANGE;
}

/**
 * fentry_site_of() - the call site at the entry of a function
 * @name:	the function's name, in the kernel's own text
 *
 * Return: the site's address, or 0 when @name has none.
 */
unsigned long fentry_site_of(const char *name)
{
	unsigned long addr = kallsyms_lookup_name(name), ip;
	struct fentry_group *g;

	if (!addr)
		return 0;
	guard(mutex)(&fentry_lock);
	list_for_each_entry(g, &fentry_groups, list) {
		ip = g->mod ? 0 : fentry_entry_site(g, addr);
		if (ip)
			return ip;
	}
	return 0;
}

/**
 * fentry_entry_site() - the live call site at a function's entry
 * @g:		the group the function is in
 * @addr:	the function's first address
 *
 * Context: fentry_lock held.
 * Return: the address of @g's first site at or after @addr, when it is
 * within FENTRY_MAX_OFFSET of it and not skipped; otherwise 0.
 */
unsigned long fentry_entry_site(const struct fentry_group *g, unsigned long addr)
{
	unsigned int lo = 0, hi = g->nr;

	lockdep_assert_held(&fentry_lock);
	while (lo < hi) {
		unsigned int mid = lo + (hi - lo) / 2;

		if (fentry_ip(g, &g->sites[mid]) < addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == g->nr || fentry_state(&g->sites[lo]) & FENTRY_SKIP ||
	    fentry_ip(g, &g->sites[lo]) - addr > FENTRY_MAX_OFFSET)
		return 0;
	return fentry_ip(g, &g->sites[lo]);
}

/*
 * Lookups for the kernel's other code (kprobes, livepatch, BPF). Some of
 * their callers hold text_mutex, which patching takes inside fentry_lock,
 * so these walk the groups under RCU instead: groups are added with
 * list_add_rcu() and freed only after a grace period
 * (ftrace_release_mod()). A site's word is read once; its offset never
 * changes.
 */

/* The lowest site of @g whose call overlaps [@start, @end], or NULL. */
static const struct fentry_site *
fentry_group_overlap(const struct fentry_group *g, unsigned long start,
		     unsigned long end)
{
	unsigned int lo = 0, hi = g->nr;

	if (!g->nr || end < fentry_ip(g, &g->sites[0]) ||
	    start >= fentry_ip(g, &g->sites[g->nr - 1]) + MCOUNT_INSN_SIZE)
		return NULL;
	/* The first site whose call ends after @start. */
	while (lo < hi) {
		unsigned int mid = lo + (hi - lo) / 2;

		if (fentry_ip(g, &g->sites[mid]) + MCOUNT_INSN_SIZE <= start)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < g->nr && fentry_ip(g, &g->sites[lo]) <= end; lo++)
		if (!(READ_ONCE(g->sites[lo].word) & FENTRY_DEAD))
			return &g->sites[lo];
	return NULL;
}

/* The address of a live site whose call overlaps [@start, @end], or 0. */
static unsigned long fentry_overlapping(unsigned long start, unsigned long end)
{
	const struct fentry_group *g;
	unsigned long ip = 0;

	rcu_read_lock();
	list_for_each_entry_rcu(g, &fentry_groups, list) {
		const struct fentry_site *s = fentry_group_overlap(g, start, end);

		if (s) {
			ip = fentry_ip(g, s);
			break;
		}
	}
	rcu_read_unlock();
	return ip;
}

/**
 * ftrace_location_range() - a call site in an address range
 * @start:	first address of the range
 * @end:	last address of the range (inclusive)
 *
 * Context: any; takes no lock.
 * Return: the address of a call site whose instruction overlaps the
 * range, the lowest if several do; 0 if none does.
 */
unsigned long ftrace_location_range(unsigned long start, unsigned long end)
{
	return fentry_overlapping(start, end);
}

/**
 * ftrace_location() - the call site at @ip, or at the function @ip starts
 * @ip:	an address in the call site's instruction, or a function's
 *	first address
 *
 * Context: any; takes no lock.
 * Return: the call site's address, or 0 if @ip is neither in a call site
 * nor the start of a function that has one.
 */
unsigned long ftrace_location(unsigned long ip)
{
	unsigned long size, offset, loc;

	loc = fentry_overlapping(ip, ip);
	if (loc)
		return loc;
	if (!kallsyms_lookup_size_offset(ip, &size, &offset) || offset || !size)
		return 0;
	return fentry_overlapping(ip, ip + size - 1);
}
EXPORT_SYMBOL_GPL(ftrace_location);

/**
 * ftrace_text_reserved() - does a text range hold a call site
 * @start:	first byte of the range
 * @end:	last byte of the range (inclusive)
 *
 * Code that rewrites instructions (optimized kprobes) asks this first:
 * the call sites' bytes belong to function tracing.
 *
 * Context: any; takes no lock.
 * Return: 1 if a call site's instruction overlaps the range, else 0.
 */
int ftrace_text_reserved(const void *start, const void *end)
{
	return fentry_overlapping((unsigned long)start,
				  (unsigned long)end) != 0;
}

/*
 * Site ip -> the target its call holds now; under fentry_lock. A value
 * entry holds 63 bits: a kernel text address without its top bit, which
 * is always set.
 */
static DEFINE_XARRAY(fentry_direct_sites);
#define FENTRY_DIRECT_TOP	BIT(BITS_PER_LONG - 1)

/**
 * fentry_direct_site() - where a site in state FENTRY_DIRECT calls
 * @ip:		the site
 *
 * Context: fentry_lock held.
 * Return: the target, or 0 when the site is in another state.
 */
unsigned long fentry_direct_site(unsigned long ip)
{
	void *e;

	lockdep_assert_held(&fentry_lock);
	e = xa_load(&fentry_direct_sites, ip);
	return e ? xa_to_value(e) | FENTRY_DIRECT_TOP : 0;
}

/**
 * fentry_direct_site_set() - record where a site calls
 * @ip:		the site
 * @addr:	the target, or 0 when the site leaves FENTRY_DIRECT
 *
 * Context: fentry_lock held; may sleep to allocate.
 * Return: 0 or -ENOMEM (nothing recorded). Clearing never fails.
 */
int fentry_direct_site_set(unsigned long ip, unsigned long addr)
{
	lockdep_assert_held(&fentry_lock);
	if (!addr) {
		xa_erase(&fentry_direct_sites, ip);
		return 0;
	}
	if (WARN_ON_ONCE(!(addr & FENTRY_DIRECT_TOP)))
		return -EINVAL;
	return xa_err(xa_store(&fentry_direct_sites, ip,
			       xa_mk_value(addr & ~FENTRY_DIRECT_TOP),
			       GFP_KERNEL));
}
