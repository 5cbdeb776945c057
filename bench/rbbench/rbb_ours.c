// SPDX-License-Identifier: GPL-2.0
/* B10 adapter: our ring buffer. */
#include <linux/mm.h>
#include <linux/ring_buffer.h>
#include <linux/sched/clock.h>
#include <linux/slab.h>

#include "rbbench.h"

static struct trace_buffer *rbb_buf;
static void *rbb_page;

int rbb_alloc(unsigned long bytes_per_cpu)
{
	rbb_page = kmalloc(PAGE_SIZE, GFP_KERNEL);
	rbb_buf = ring_buffer_alloc(bytes_per_cpu, RING_BUFFER_OVERWRITE,
				    local_clock);
	if (rbb_buf && rbb_page)
		return 0;
	rbb_free();
	return -ENOMEM;
}

void rbb_free(void)
{
	ring_buffer_free(rbb_buf);
	kfree(rbb_page);
}

void rbb_write(unsigned int len)
{
	u32 *p = ring_buffer_reserve(rbb_buf, len);

	if (p) {
		*p = len;
		ring_buffer_commit(rbb_buf);
	}
}

void rbb_read(int cpu)
{
	ring_buffer_read_page(rbb_buf, cpu, rbb_page, PAGE_SIZE);
}
