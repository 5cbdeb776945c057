// SPDX-License-Identifier: GPL-2.0
/*
 * Making and freeing the rings of trace buffers: the top array's buffer
 * at boot, an instance's buffer made and destroyed with it, and the max
 * buffer made for its first user and freed after its last user and
 * reader. Above the sizes (trace_buf_size.c) and the buffer itself
 * (trace_buf.c).
 */
#include <linux/cpumask.h>
#include <linux/init.h>
#include <linux/mutex.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>

#include "trace_buf_int.h"

#define TRACE_BUF_DEFAULT_KB	1408

/* The size of a new buffer, per CPU; set at boot. */
static unsigned long trace_boot_kb = TRACE_BUF_DEFAULT_KB;

/* trace_buf_size=<size> on the command line: KiB, or with K, M or G. */
static int __init trace_buf_size_setup(char *str)
{
	unsigned long long bytes = memparse(str, NULL);

	if (!bytes)
		return 0;
	trace_boot_kb = max_t(unsigned long long, DIV_ROUND_UP(bytes, 1024),
			      TRACE_BUF_MIN_KB);
	return 1;
}
__setup("trace_buf_size=", trace_buf_size_setup);

/**
 * trace_max_alloc() - make sure a buffer's max buffer exists, of its size
 * @b:		the buffer
 * @user:	who wants it (enum trace_max_user)
 *
 * Return: 0 or -ENOMEM (@user is then not counted).
 */
int trace_max_alloc(struct trace_buf *b, unsigned int user)
{
	struct trace_buffer *rb;

	/* A mapped ring's memory is the reserved one only: no swaps. */
	if (ring_buffer_is_mapped(b->rb))
		return -EBUSY;
	/* It is swapped with @b->rb: of the same sizes. */
	if (trace_buf_expand(b))
		return -ENOMEM;
	guard(mutex)(&b->lock);
	if (b->max_rb) {
		b->max_users |= user;
		return 0;
	}
	rb = trace_buf_alloc_rb(b);
	if (!rb)
		return -ENOMEM;
	b->max_users |= user;
	WRITE_ONCE(b->max_rb, rb);
	return 0;
}

static void trace_max_free_locked(struct trace_buf *b)
{
	struct trace_buffer *rb;

	lockdep_assert_held(&b->lock);
	if (b->max_users || b->max_refs || !b->max_rb)
		return;
	trace_max_block(b, true);
	rb = b->max_rb;
	WRITE_ONCE(b->max_rb, NULL);
	trace_max_block(b, false);
	/* Writers that reserved in it before a swap are done by now, */
	synchronize_rcu();
	/* and so are the consuming readers that read it as @b->rb. */
	if (trace_buf_readers)
		trace_buf_readers->quiesce(b);
	ring_buffer_free(rb);
}

/**
 * trace_max_release() - a user no longer needs a max buffer
 * @b:		the buffer
 * @user:	who (enum trace_max_user)
 *
 * It is freed now if it was the last, or when its last reader goes. A
 * latency tracer's hooks are off already.
 */
void trace_max_release(struct trace_buf *b, unsigned int user)
{
	guard(mutex)(&b->lock);
	b->max_users &= ~user;
	trace_max_free_locked(b);
}

/**
 * trace_max_has() - whether a user holds a max buffer
 * @b:		the buffer
 * @user:	who (enum trace_max_user)
 *
 * Return: true when @user called trace_max_alloc() and not yet
 * trace_max_release().
 */
bool trace_max_has(struct trace_buf *b, unsigned int user)
{
	guard(mutex)(&b->lock);
	return b->max_users & user;
}

/**
 * trace_max_get() - hold a max buffer for a reader
 * @b:		the buffer
 *
 * Also taken by readers of the buffer itself: a swap may make what they
 * read the max buffer, and it must not be freed under them. Each call
 * needs a trace_max_put(), whatever it returned.
 *
 * Return: the max buffer, or NULL when there is none.
 */
struct trace_buffer *trace_max_get(struct trace_buf *b)
{
	guard(mutex)(&b->lock);
	b->max_refs++;
	return b->max_rb;
}

/**
 * trace_max_put() - a reader of trace_max_get() is done
 * @b:		the buffer
 */
void trace_max_put(struct trace_buf *b)
{
	guard(mutex)(&b->lock);
	if (!WARN_ON_ONCE(!b->max_refs))
		b->max_refs--;
	trace_max_free_locked(b);
}

/*
 * Make @b's own parts, of the boot size; not yet listed. With @map, its
 * ring is in that memory, of the size it makes.
 */
static int trace_buf_setup(struct trace_buf *b, const struct trace_buf_map *map)
{
	int cpu;

	b->kb = kcalloc(nr_cpu_ids, sizeof(*b->kb), GFP_KERNEL);
	if (!b->kb || !zalloc_cpumask_var(&b->cpus, GFP_KERNEL))
		return -ENOMEM;
	cpumask_copy(b->cpus, cpu_possible_mask);
	for_each_possible_cpu(cpu)
		b->kb[cpu] = trace_boot_kb;
	guard(mutex)(&b->lock);
	if (!map) {
		b->rb = trace_buf_alloc_rb(b);
		return b->rb ? 0 : -ENOMEM;
	}
	b->rb = ring_buffer_alloc_mapped(map->mem, map->size,
					 b->overwrite ? RING_BUFFER_OVERWRITE :
							RING_BUFFER_KEEP_OLDEST,
					 trace_buf_clock_fn(b), map->name);
	if (!b->rb)
		return -ENOMEM;
	ring_buffer_set_fill_notify(b->rb, trace_fill_wake);
	for_each_possible_cpu(cpu)
		b->kb[cpu] = ring_buffer_size(b->rb, cpu) >> 10;
	/* Of its one size from the start. */
	WRITE_ONCE(b->expanded, true);
	return 0;
}

static void trace_buf_teardown(struct trace_buf *b)
{
	if (b->rb)
		ring_buffer_free(b->rb);
	free_cpumask_var(b->cpus);
	kfree(b->kb);
}

/**
 * trace_buf_new() - make a buffer for an instance
 * @overwrite:	a full buffer overwrites its oldest records
 * @map:	memory kept across boots to put its ring in, or NULL
 *
 * Of the size a new buffer gets (trace_buf_size= at boot), or of the size
 * @map makes; recording, every CPU in its mask.
 *
 * Return: the buffer, or NULL when memory ran out.
 */
struct trace_buf *trace_buf_new(bool overwrite, const struct trace_buf_map *map)
{
	struct trace_buf *b = kzalloc(sizeof(*b), GFP_KERNEL);

	if (!b)
		return NULL;
	mutex_init(&b->lock);
	b->percent = 50;
	b->overwrite = overwrite;
	if (trace_buf_setup(b, map)) {
		trace_buf_teardown(b);
		kfree(b);
		return NULL;
	}
	return b;
}

/**
 * trace_buf_destroy() - free an instance's buffer
 * @b:		the buffer; no reader holds it, and no writer will find it
 *		from now on
 *
 * Writers in progress are waited for.
 */
void trace_buf_destroy(struct trace_buf *b)
{
	atomic_or(TRACE_REC_USER_OFF, &b->blocked);
	trace_wake_readers(b, true);
	/* Writers reserve with preemption off: once this returns, none is. */
	synchronize_rcu();
	scoped_guard(mutex, &b->lock) {
		b->max_users = 0;
		trace_max_free_locked(b);
	}
	if (trace_buf_readers)
		trace_buf_readers->release(b);
	trace_buf_teardown(b);
	kfree(b);
}

/**
 * trace_buf_init() - allocate the top array's buffer, early at boot
 *
 * Return: 0, or -ENOMEM.
 */
int __init trace_buf_init(void)
{
	int ret;

	/* Records save their task's name from the first one on. */
	ret = trace_cmdline_init();
	if (ret)
		return ret;
	trace_top_buf.overwrite = trace_opt(TRACE_OPT_OVERWRITE);
	return trace_buf_setup(&trace_top_buf, NULL);
}
