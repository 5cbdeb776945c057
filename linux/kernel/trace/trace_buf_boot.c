// SPDX-License-Identifier: GPL-2.0
/*
 * Instances whose buffer lives in memory kept across a warm reboot:
 * trace_instance=NAME@RESERVE (memory named by reserve_mem=) or
 * trace_instance=NAME@ADDR:SIZE (memory taken out of the kernel's hands
 * by memmap=SIZE$ADDR). The ring itself is rb_persist.c's; here the
 * memory is found and mapped for the instance trace_ev_set.c makes at
 * boot (its last_boot_info file is trace_buf_fs.c's). Such an instance
 * stays: its buffer can be neither removed, resized nor snapshot.
 *
 * Its events of the previous boot stay readable until the buffer is
 * cleared (echo > trace) or tracing starts again in it (0 to 1 in its
 * tracing_on, trace_buf_fs.c): it is then this boot's buffer.
 */
#include <linux/init.h>
#include <linux/io.h>
#include <linux/ioport.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "trace_buf_int.h"

/* At most this many instances in reserved memory. */
#define TRACE_BUF_MAPS	4

/* The memory of each; made at boot, kept for good. */
static struct trace_buf_map trace_buf_maps[TRACE_BUF_MAPS];
/* Whether each was given to its instance already. */
static bool trace_buf_map_used[TRACE_BUF_MAPS];
static unsigned int trace_buf_nr_maps;

/* The physical memory @where names: "RESERVE_NAME" or "ADDR:SIZE". */
static int __init trace_buf_boot_where(const char *name, const char *where,
				       phys_addr_t *start, phys_addr_t *size)
{
	const char *colon = strchr(where, ':');
	char *end;

	if (!colon) {
		if (!reserve_mem_find_by_name(where, start, size)) {
			pr_warn("tracing: trace_instance=%s@%s: no reserve_mem= of that name\n",
				name, where);
			return -ENOENT;
		}
		return 0;
	}
	*start = memparse(where, &end);
	if (end != colon)
		goto bad;
	*size = memparse(colon + 1, &end);
	if (*end || !*size)
		goto bad;
	/* The kernel's own RAM is not for us: memmap=SIZE$ADDR keeps it out. */
	if (region_intersects(*start, *size, IORESOURCE_SYSTEM_RAM,
			      IORES_DESC_NONE) != REGION_DISJOINT) {
		pr_warn("tracing: trace_instance=%s@%s: memory the kernel uses (reserve it with memmap=)\n",
			name, where);
		return -EBUSY;
	}
	return 0;
bad:
	pr_warn("tracing: trace_instance=%s@%s: not ADDR:SIZE nor a reserve_mem= name\n",
		name, where);
	return -EINVAL;
}

/**
 * trace_buf_boot_map() - map reserved memory for a boot instance's ring
 * @name:	the instance's name
 * @where:	what follows '@' in trace_instance=: a reserve_mem= name or
 *		ADDR:SIZE
 *
 * The instance made next under @name gets its ring in that memory.
 * Failures are reported on the console; the instance is then made as any.
 *
 * Return: 0, or a negative errno.
 */
int __init trace_buf_boot_map(const char *name, const char *where)
{
	struct trace_buf_map *m;
	phys_addr_t start, size;
	int ret;

	if (trace_buf_nr_maps == TRACE_BUF_MAPS) {
		pr_warn("tracing: trace_instance=%s@%s: more than %d mapped instances\n",
			name, where, TRACE_BUF_MAPS);
		return -ENOSPC;
	}
	ret = trace_buf_boot_where(name, where, &start, &size);
	if (ret)
		return ret;
	m = &trace_buf_maps[trace_buf_nr_maps];
	m->name = kstrdup(name, GFP_KERNEL);
	m->mem = memremap(start, size, MEMREMAP_WB);
	if (!m->name || !m->mem) {
		pr_warn("tracing: trace_instance=%s@%s: cannot map %pa, %pa bytes\n",
			name, where, &start, &size);
		if (m->mem)
			memunmap(m->mem);
		kfree(m->name);
		return -ENOMEM;
	}
	m->size = size;
	trace_buf_nr_maps++;
	pr_info("tracing: instance %s: buffer in the memory at %pa, %pa bytes\n",
		name, &start, &size);
	return 0;
}

/**
 * trace_buf_boot_map_of() - the memory mapped for an instance to be made
 * @name:	the instance's name
 *
 * Each memory is given once: to the boot instance it was mapped for.
 *
 * Return: the memory, or NULL for an ordinary instance.
 */
const struct trace_buf_map *trace_buf_boot_map_of(const char *name)
{
	unsigned int i;

	for (i = 0; i < trace_buf_nr_maps; i++) {
		if (trace_buf_map_used[i] || strcmp(trace_buf_maps[i].name, name))
			continue;
		trace_buf_map_used[i] = true;
		return &trace_buf_maps[i];
	}
	return NULL;
}

/**
 * trace_buf_is_mapped() - whether a buffer's ring is in reserved memory
 * @b:		the buffer
 *
 * Return: true when it is.
 */
bool trace_buf_is_mapped(struct trace_buf *b)
{
	return b->rb && ring_buffer_is_mapped(b->rb);
}
