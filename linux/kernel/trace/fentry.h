/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Function-entry call sites: the table the build records (__mcount_loc,
 * written by scripts/recordmcount) kept as compact per-image groups, and
 * the architecture's patching primitives.
 *
 *   fentry_sites.c    the site table: boot and module conversion to nops,
 *                     lookup, validation
 *   fentry_list.c     available_filter_functions(_addrs),
 *                     dyn_ftrace_total_info
 *   arch/x86/kernel/ftrace.c, ftrace_64.S
 *                     the call-site bytes, the do-nothing __fentry__
 */
#ifndef _KERNEL_TRACE_FENTRY_H
#define _KERNEL_TRACE_FENTRY_H

#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/types.h>

struct module;
struct seq_file;

/**
 * struct fentry_site - one call site, 8 bytes
 * @off:	the call's address minus its group's base
 * @state:	FENTRY_* flags
 */
struct fentry_site {
	u32 off;
	u32 state;
};

/*
 * FENTRY_DEAD: not a function's entry (the dead copy of a weak function
 * replaced at link time): never listed, never patched.
 * FENTRY_BAD: held unexpected bytes at conversion: never touched.
 */
#define FENTRY_DEAD	BIT(30)
#define FENTRY_BAD	BIT(31)
#define FENTRY_SKIP	(FENTRY_DEAD | FENTRY_BAD)

/**
 * struct fentry_group - the call sites of one image (the kernel or a module)
 * @list:	link in fentry_groups, under fentry_lock
 * @base:	address that @sites' offsets are relative to
 * @mod:	the module, NULL for the kernel
 * @nr:		number of sites
 * @validated:	@sites were checked against kallsyms (FENTRY_DEAD set)
 * @sites:	the sites, sorted by address
 */
struct fentry_group {
	struct list_head list;
	unsigned long base;
	struct module *mod;
	unsigned int nr;
	bool validated;
	struct fentry_site sites[];
};

/*
 * fentry_lock: taken by everything that reads or changes the group list
 * (fentry_groups, fentry_generation) and the sites' state. Never taken on
 * a tracing fast path. fentry_generation changes whenever a group comes or
 * goes, so that a reader that dropped the lock knows its place is stale.
 */
extern struct mutex fentry_lock;
extern struct list_head fentry_groups;
extern unsigned long fentry_generation;

/* The kernel's table, gathered by the linker script (init data). */
extern unsigned long __start_mcount_loc[];
extern unsigned long __stop_mcount_loc[];

static inline unsigned long fentry_ip(const struct fentry_group *g,
				      const struct fentry_site *s)
{
	return g->base + s->off;
}

void fentry_validate(struct fentry_group *g);
unsigned long fentry_count(unsigned long *bytes, unsigned int *groups);

/* The architecture's side (arch/x86/kernel/ftrace.c). */
int arch_fentry_convert(unsigned long ip);
void arch_fentry_sync(void);

/* The listing files (fentry_list.c). */
extern const struct file_operations fentry_list_fops;
int fentry_total_show(struct seq_file *m, long unused);

#endif /* _KERNEL_TRACE_FENTRY_H */
