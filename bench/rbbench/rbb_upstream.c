// SPDX-License-Identifier: GPL-2.0
/* B10 adapter: upstream's ring buffer, through its exported API. */
#include <linux/mm.h>
#include <linux/ring_buffer.h>

#include "rbbench.h"

static struct trace_buffer *rbb_buf;
static struct buffer_data_read_page *rbb_page;

int rbb_alloc(unsigned long bytes_per_cpu)
{
	rbb_buf = ring_buffer_alloc(bytes_per_cpu, RB_FL_OVERWRITE);
	if (!rbb_buf)
		return -ENOMEM;
	if (ring_buffer_alloc_read_page(rbb_buf, 0, &rbb_page)) {
		ring_buffer_free(rbb_buf);
		return -ENOMEM;
	}
	return 0;
}

void rbb_free(void)
{
	ring_buffer_free_read_page(rbb_buf, 0, rbb_page);
	ring_buffer_free(rbb_buf);
}

void rbb_write(unsigned int len)
{
	struct ring_buffer_event *e = ring_buffer_lock_reserve(rbb_buf, len);

	if (e) {
		*(u32 *)ring_buffer_event_data(e) = len;
		ring_buffer_unlock_commit(rbb_buf);
	}
}

void rbb_read(int cpu)
{
	ring_buffer_read_page(rbb_buf, rbb_page, PAGE_SIZE, cpu, 0);
}
