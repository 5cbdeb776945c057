// SPDX-License-Identifier: GPL-2.0
/*
 * Reading the buffer out: trace (text, not consuming; snapshot is the
 * same file of the snapshot buffer, as a view), trace_pipe (text,
 * consuming, blocking) and trace_pipe_raw (whole pages, consuming,
 * blocking, splice). The
 * per-CPU copies under per_cpu/cpuN/ are the same files limited to one
 * CPU; the file's table argument says which.
 */
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/mutex.h>
#include <linux/pipe_fs_i.h>
#include <linux/poll.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/splice.h>
#include <linux/uaccess.h>

#include "trace.h"

/* trace: the non-consuming iterator */

/**
 * struct trace_file - state of one open of a trace file
 * @it:		the peeking iterator
 * @tr:		the trace array it shows
 * @buf:	its buffer
 * @cpu:	the CPU shown, or RING_BUFFER_ALL_CPUS
 * @idx:	seq_file position of the record at the head of @it (the
 *		header is position 0, the first record 1)
 * @ev:		that record
 * @paused:	opening stopped tracing (the pause-on-trace option)
 * @max_iter:	it shows the max buffer of a latency tracer, through
 *		this tracer's iterators
 * @view:	it is a file of another buffer (snapshot): it shows @rb
 * @rb:		the max buffer when opened. Every open holds it
 *		(trace_max_get()): a swap may make the buffer read the max
 *		buffer, and that must not be freed while it is read.
 */
struct trace_file {
	struct trace_iter *it;
	struct trace_array *tr;
	struct trace_buf *buf;
	int cpu;
	loff_t idx;
	struct trace_ev ev;
	bool paused;
	struct trace_iter *(*max_iter)(int cpu);
	const struct trace_view *view;
	struct trace_buffer *rb;
};

/* A new iterator for @tf; NULL for a view with no buffer. */
static struct trace_iter *trace_file_iter(struct trace_file *tf)
{
	struct trace_iter *it;

	if (tf->view)
		it = tf->rb ? trace_iter_new_on(tf->cpu, tf->rb, 0, U64_MAX) :
			      NULL;
	else if (tf->max_iter)
		it = tf->max_iter(tf->cpu);
	else
		it = trace_iter_new(tf->buf, tf->cpu, false);
	if (it)
		trace_iter_set_array(it, tf->tr);
	return it;
}

/* Move @tf to position @pos; NULL past the last record. */
static void *trace_file_at(struct trace_file *tf, loff_t pos)
{
	if (!pos)
		return SEQ_START_TOKEN;
	if (!tf->it)
		return NULL;
	if (pos < tf->idx) {
		/* Going back (lseek): start over. */
		struct trace_iter *it = trace_file_iter(tf);

		if (!it)
			return ERR_PTR(-ENOMEM);
		trace_iter_free(tf->it);
		tf->it = it;
		tf->idx = 1;
	}
	for (; tf->idx < pos; tf->idx++) {
		if (!trace_iter_peek(tf->it, &tf->ev))
			return NULL;
		trace_iter_next(tf->it);
	}
	return trace_iter_peek(tf->it, &tf->ev) ? tf : NULL;
}

static void *trace_seq_start(struct seq_file *m, loff_t *pos)
{
	return trace_file_at(m->private, *pos);
}

static void *trace_seq_next(struct seq_file *m, void *v, loff_t *pos)
{
	++*pos;
	return trace_file_at(m->private, *pos);
}

static void trace_seq_stop(struct seq_file *m, void *v)
{
}

static int trace_seq_show(struct seq_file *m, void *v)
{
	struct trace_file *tf = m->private;

	if (v == SEQ_START_TOKEN && tf->view)
		tf->view->print_header(m, tf->cpu, tf->tr, tf->rb);
	else if (v == SEQ_START_TOKEN)
		trace_print_header(m, tf->cpu, tf->tr);
	else
		trace_print_ev(m, &tf->ev);
	return 0;
}

static const struct seq_operations trace_seq_ops = {
	.start	= trace_seq_start,
	.next	= trace_seq_next,
	.stop	= trace_seq_stop,
	.show	= trace_seq_show,
};

/**
 * trace_view_open() - open a trace file, or a file of another buffer
 * @inode:	the file's inode; its table argument is the CPU shown, or
 *		RING_BUFFER_ALL_CPUS
 * @file:	the file
 * @view:	what it shows: NULL for the trace buffer (trace), else the
 *		max buffer as a view
 *
 * Opening trace for writing with O_TRUNC empties the buffer (and the max
 * buffer under a latency tracer).
 *
 * Return: 0 or -ENOMEM.
 */
int trace_view_open(struct inode *inode, struct file *file,
		    const struct trace_view *view)
{
	struct trace_array *tr = trace_fs_array(inode);
	const struct tracer *t = trace_array_tracer(tr);
	struct trace_buf *b = trace_array_buf(tr);
	bool max = t && t->use_max;
	int cpu = trace_fs_arg(inode);
	struct trace_file *tf;

	if ((file->f_mode & FMODE_WRITE) && (file->f_flags & O_TRUNC) &&
	    !view) {
		trace_buf_reset(b, cpu);
		if (max)
			trace_max_reset(b, cpu);
	}
	if (!(file->f_mode & FMODE_READ))
		return 0;
	tf = __seq_open_private(file, &trace_seq_ops, sizeof(*tf));
	if (!tf)
		return -ENOMEM;
	tf->tr = tr;
	tf->buf = b;
	tf->cpu = cpu;
	tf->idx = 1;
	if (trace_tr_opt(tr, TRACE_OPT_PAUSE_ON_TRACE)) {
		trace_buf_stop(b);
		tf->paused = true;
	}
	tf->rb = trace_max_get(b);
	tf->max_iter = max && tf->rb ? t->max_iter : NULL;
	tf->view = view;
	tf->it = trace_file_iter(tf);
	if (!tf->it && (!view || tf->rb)) {
		trace_max_put(b);
		if (tf->paused)
			trace_buf_start(b);
		seq_release_private(inode, file);
		return -ENOMEM;
	}
	return 0;
}

/**
 * trace_view_release() - close what trace_view_open() opened
 * @inode:	the file's inode
 * @file:	the file
 *
 * Return: 0.
 */
int trace_view_release(struct inode *inode, struct file *file)
{
	struct trace_file *tf;

	if (!(file->f_mode & FMODE_READ))
		return 0;
	tf = ((struct seq_file *)file->private_data)->private;
	trace_iter_free(tf->it);
	trace_max_put(tf->buf);
	if (tf->paused)
		trace_buf_start(tf->buf);
	return seq_release_private(inode, file);
}

static int trace_open(struct inode *inode, struct file *file)
{
	return trace_view_open(inode, file, NULL);
}

/* Writing anything to trace is accepted; only O_TRUNC clears it. */
static ssize_t trace_write(struct file *file, const char __user *ubuf,
			   size_t cnt, loff_t *ppos)
{
	*ppos += cnt;
	return cnt;
}

/**
 * trace_view_llseek() - seek in a file that trace_view_open() opened
 * @file:	the file
 * @offset:	as lseek()
 * @whence:	as lseek()
 *
 * Return: the new position; a file opened only for writing stays at 0.
 */
loff_t trace_view_llseek(struct file *file, loff_t offset, int whence)
{
	if (file->f_mode & FMODE_READ)
		return seq_lseek(file, offset, whence);
	file->f_pos = 0;
	return 0;
}

const struct file_operations trace_fops = {
	.open		= trace_open,
	.read		= seq_read,
	.write		= trace_write,
	.llseek		= trace_view_llseek,
	.release	= trace_view_release,
};

/* trace_pipe: the consuming text reader */

#define TRACE_LINE_MAX	(TRACE_PRINT_MAX + 256)

/**
 * struct trace_pipe - state of one open of a trace_pipe file
 * @lock:	serialises readers of this open file; protects the fields
 *		below
 * @it:		the consuming iterator
 * @buf:	the buffer it reads
 * @line:	the text of the record being returned
 * @len:	bytes in @line
 * @off:	bytes of @line already returned
 * @got:	something was returned already: a stop of tracing ends
 *		a read with end of file
 * @tr:		the trace array it shows
 * @tracer:	the tracer of @tr at the open, whose lines of its own
 *		(&struct tracer's pipe_line) it returns while it is current
 * @ask:	this read() asks @tracer for those lines, until it has none
 * @pos:	@tracer's cursor in them
 */
struct trace_pipe {
	struct mutex lock;	/* serialises readers of this open file */
	struct trace_iter *it;
	struct trace_buf *buf;
	char line[TRACE_LINE_MAX];
	size_t len;
	size_t off;
	bool got;
	struct trace_array *tr;
	const struct tracer *tracer;
	bool ask;
	unsigned long pos;
};

static int trace_pipe_open(struct inode *inode, struct file *file)
{
	struct trace_pipe *tp = kzalloc(sizeof(*tp), GFP_KERNEL);

	if (!tp)
		return -ENOMEM;
	tp->tr = trace_fs_array(inode);
	tp->tracer = trace_array_tracer(tp->tr);
	tp->buf = trace_array_buf(tp->tr);
	tp->it = trace_iter_new(tp->buf, trace_fs_arg(inode), true);
	if (!tp->it) {
		kfree(tp);
		return -ENOMEM;
	}
	mutex_init(&tp->lock);
	file->private_data = tp;
	return nonseekable_open(inode, file);
}

static int trace_pipe_release(struct inode *inode, struct file *file)
{
	struct trace_pipe *tp = file->private_data;

	trace_iter_free(tp->it);
	mutex_destroy(&tp->lock);
	kfree(tp);
	return 0;
}

/* A line of the tracer's own into tp->line, when asked; false when none. */
static bool trace_pipe_tracer_line(struct trace_pipe *tp, struct seq_file *m)
{
	const struct tracer *t = tp->tracer;

	if (!tp->ask || !t || !t->pipe_line ||
	    trace_array_tracer(tp->tr) != t || !t->pipe_line(m, &tp->pos)) {
		tp->ask = false;
		return false;
	}
	return true;
}

/*
 * Format the tracer's next line of its own, or format and consume the
 * next record, into tp->line; false when there is none.
 */
static bool trace_pipe_fill(struct trace_pipe *tp)
{
	struct seq_file m = { .buf = tp->line, .size = sizeof(tp->line) };
	struct trace_ev ev;
	bool ok;

	lockdep_assert_held(&tp->lock);
	if (trace_pipe_tracer_line(tp, &m)) {
		tp->len = min(m.count, m.size);
		tp->off = 0;
		return true;
	}
	trace_iter_lock(tp->it);
	ok = trace_iter_peek(tp->it, &ev);
	if (ok) {
		trace_print_ev(&m, &ev);
		trace_iter_next(tp->it);
	}
	trace_iter_unlock(tp->it);
	tp->len = min(m.count, m.size);
	tp->off = 0;
	return ok;
}

static ssize_t trace_pipe_read(struct file *file, char __user *ubuf,
			       size_t cnt, loff_t *ppos)
{
	struct trace_pipe *tp = file->private_data;
	bool nonblock = file->f_flags & O_NONBLOCK;
	size_t done = 0, n;
	int ret;

	guard(mutex)(&tp->lock);
	tp->ask = true;
	while (done < cnt) {
		if (tp->off == tp->len && !trace_pipe_fill(tp)) {
			if (done)
				break;
			ret = trace_wait(tp->buf, trace_iter_ready, tp->it,
					 nonblock, false);
			if (ret < 0)
				return ret;
			if (!ret && tp->got)
				return 0;
			continue;
		}
		n = min(cnt - done, tp->len - tp->off);
		if (copy_to_user(ubuf + done, tp->line + tp->off, n))
			return done ? done : -EFAULT;
		tp->off += n;
		done += n;
		tp->got = true;
	}
	return done;
}

static __poll_t trace_pipe_poll(struct file *file, struct poll_table_struct *pt)
{
	struct trace_pipe *tp = file->private_data;

	trace_poll_wait(file, pt, false);
	if (READ_ONCE(tp->off) != READ_ONCE(tp->len) || trace_iter_ready(tp->it))
		return EPOLLIN | EPOLLRDNORM;
	return 0;
}

const struct file_operations trace_pipe_fops = {
	.open		= trace_pipe_open,
	.read		= trace_pipe_read,
	.poll		= trace_pipe_poll,
	.release	= trace_pipe_release,
};

/* Whole pages of one CPU: trace_pipe_raw, and snapshot_raw's reads */

/**
 * struct trace_pages - one open of a file that returns whole pages
 * @lock:	serialises readers of this open file; protects the fields
 *		below
 * @buf:	the buffer
 * @cpu:	the CPU
 * @src:	where the pages come from
 * @page:	the page being returned, for reads shorter than a page
 * @size:	the size of @page: a sub-buffer of @buf, or 0 before the
 *		first read
 * @off:	bytes of @page already returned
 * @len:	bytes of @page to return (@size, or 0 when none is held)
 */
struct trace_pages {
	struct mutex lock;	/* serialises readers of this open file */
	struct trace_buf *buf;
	int cpu;
	const struct trace_page_src *src;
	void *page;
	size_t size;
	size_t off;
	size_t len;
};

/**
 * trace_pages_open() - open a file of whole pages
 * @file:	the file
 * @buf:	the buffer its pages come from
 * @cpu:	the CPU
 * @src:	how they come
 *
 * Return: 0, or -ENOMEM.
 */
int trace_pages_open(struct file *file, struct trace_buf *buf, int cpu,
		     const struct trace_page_src *src)
{
	struct trace_pages *tp = kzalloc(sizeof(*tp), GFP_KERNEL);

	if (!tp)
		return -ENOMEM;
	tp->buf = buf;
	tp->cpu = cpu;
	tp->src = src;
	mutex_init(&tp->lock);
	file->private_data = tp;
	return nonseekable_open(file_inode(file), file);
}

/**
 * trace_pages_buf() - the buffer of a file of whole pages
 * @file:	the file, opened by trace_pages_open()
 *
 * Return: the buffer.
 */
struct trace_buf *trace_pages_buf(struct file *file)
{
	struct trace_pages *tp = file->private_data;

	return tp->buf;
}

/**
 * trace_pages_release() - close a file of trace_pages_open()
 * @inode:	its inode
 * @file:	the file
 *
 * Return: 0.
 */
int trace_pages_release(struct inode *inode, struct file *file)
{
	struct trace_pages *tp = file->private_data;

	kvfree(tp->page);
	mutex_destroy(&tp->lock);
	kfree(tp);
	return 0;
}

/*
 * No page now: 1 when one may come after waiting, 0 (end of file) when
 * none will, or an errno.
 */
static int trace_pages_wait(struct trace_pages *tp, bool nonblock)
{
	if (!tp->src->wait)
		return 0;
	return tp->src->wait(tp->buf, tp->cpu, nonblock);
}

/*
 * Take a page into @tp->page, made first the size of the sub-buffers of
 * the ring the source reads: each read returns one whole. A page reads
 * back with the size it was taken at.
 */
static int trace_pages_take(struct trace_pages *tp)
{
	size_t want;
	int n;

	lockdep_assert_held(&tp->lock);
	for (;;) {
		want = tp->src->size(tp->buf);
		if (tp->size != want) {
			kvfree(tp->page);
			tp->size = 0;
			tp->page = kvzalloc(want, GFP_KERNEL);
			if (!tp->page)
				return -ENOMEM;
			tp->size = want;
		}
		n = tp->src->take(tp->buf, tp->cpu, tp->page, tp->size, false);
		if (n != -EMSGSIZE)
			return n;
	}
}

/**
 * trace_pages_read() - read(2) of a file of whole pages
 * @file:	the file
 * @ubuf:	the user's buffer
 * @cnt:	its size
 * @ppos:	unused: the file is not seekable
 *
 * A read returns one page (a sub-buffer) at most: the rest of the page a
 * short read left, or a new page.
 *
 * Return: bytes read, 0 at the end, or an errno.
 */
ssize_t trace_pages_read(struct file *file, char __user *ubuf, size_t cnt,
			 loff_t *ppos)
{
	struct trace_pages *tp = file->private_data;
	size_t n;
	int ret;

	guard(mutex)(&tp->lock);
	while (tp->off == tp->len) {
		ret = trace_pages_take(tp);
		if (ret < 0)
			return ret;
		if (ret) {
			tp->off = 0;
			tp->len = tp->size;
			break;
		}
		ret = trace_pages_wait(tp, file->f_flags & O_NONBLOCK);
		if (ret <= 0)
			return ret;
	}
	n = min(cnt, tp->len - tp->off);
	if (copy_to_user(ubuf, tp->page + tp->off, n))
		return -EFAULT;
	tp->off += n;
	return n;
}

/**
 * trace_pages_splice() - splice(2) from a file of whole pages
 * @file:	the file
 * @ppos:	unused: the file is not seekable
 * @pipe:	the pipe
 * @len:	the most bytes to move, at least a sub-buffer
 * @flags:	SPLICE_F_*
 *
 * Each page taken (a sub-buffer: a compound page of its size) is moved
 * into the pipe, until @len or the pipe is full. While a reader waits for
 * a fill level (trace_raw_armed()), only pages the writer is done with
 * are taken: the pipe gets whole sub-buffers while tracing runs.
 *
 * Return: bytes moved, 0 at the end, or an errno.
 */
ssize_t trace_pages_splice(struct file *file, loff_t *ppos,
			   struct pipe_inode_info *pipe, size_t len,
			   unsigned int flags)
{
	struct trace_pages *tp = file->private_data;
	bool nonblock = (flags & SPLICE_F_NONBLOCK) ||
			(file->f_flags & O_NONBLOCK);
	size_t size = tp->src->size(tp->buf);
	struct pipe_buffer buf;
	struct page *page;
	ssize_t done = 0, ret = 0;

	if (len < size)
		return -EINVAL;
	guard(mutex)(&tp->lock);
	while (len >= size && !pipe_full(pipe->head, pipe->tail,
					 pipe->max_usage)) {
		page = alloc_pages(GFP_KERNEL | __GFP_COMP | __GFP_NOWARN,
				   get_order(size));
		if (!page)
			return done ?: -ENOMEM;
		ret = tp->src->take(tp->buf, tp->cpu, page_address(page), size,
				    trace_raw_armed(tp->buf));
		if (ret <= 0) {
			__free_pages(page, get_order(size));
			/* The sub-buffers grew: pages of their new size. */
			size = tp->src->size(tp->buf);
			if (ret == -EMSGSIZE && len >= size)
				continue;
			if (done || ret < 0)
				break;
			ret = trace_pages_wait(tp, nonblock);
			if (ret <= 0)
				return ret;
			continue;
		}
		buf = (struct pipe_buffer) {
			.ops	= &nosteal_pipe_buf_ops,
			.page	= page,
			.len	= size,
		};
		ret = add_to_pipe(pipe, &buf);
		if (ret < 0)
			return done ?: ret;
		done += size;
		len -= size;
	}
	return done ?: (ret == -EMSGSIZE ? -EINVAL : -EAGAIN);
}

/* trace_pipe_raw: the trace buffer's pages, consumed */

static int trace_raw_take(struct trace_buf *b, int cpu, void *page,
			  size_t size, bool whole)
{
	return trace_iter_raw_page(b, cpu, page, size, whole);
}

/* Where a trace_pipe_raw reader waits. */
struct trace_raw_at {
	struct trace_buf *buf;
	int cpu;
};

static bool trace_raw_wait_ready(void *arg)
{
	struct trace_raw_at *at = arg;

	return trace_raw_ready(at->buf, at->cpu);
}

/*
 * Wait for the CPU's data: 1 when there may be some, 0 (end of file) when
 * tracing is off or stops meanwhile: nothing more is coming.
 */
static int trace_raw_wait(struct trace_buf *b, int cpu, bool nonblock)
{
	struct trace_raw_at at = { .buf = b, .cpu = cpu };

	if (!nonblock && !trace_buf_is_on(b))
		return 0;
	return trace_wait(b, trace_raw_wait_ready, &at, nonblock,
			  trace_raw_armed(b));
}

static const struct trace_page_src trace_raw_src = {
	.take	= trace_raw_take,
	.size	= trace_buf_subbuf_size,
	.wait	= trace_raw_wait,
};

static int trace_raw_open(struct inode *inode, struct file *file)
{
	return trace_pages_open(file, trace_array_buf(trace_fs_array(inode)),
				trace_fs_arg(inode), &trace_raw_src);
}

static __poll_t trace_raw_poll(struct file *file, struct poll_table_struct *pt)
{
	struct trace_pages *tp = file->private_data;

	trace_poll_wait(file, pt, trace_raw_armed(tp->buf));
	if (READ_ONCE(tp->off) != READ_ONCE(tp->len) ||
	    trace_raw_ready(tp->buf, tp->cpu))
		return EPOLLIN | EPOLLRDNORM;
	return 0;
}

/* ioctl(fd, 0): wake the readers, which then return what there is. */
static long trace_raw_ioctl(struct file *file, unsigned int cmd,
			    unsigned long arg)
{
	if (cmd)
		return -ENOIOCTLCMD;
	trace_wake_readers(trace_pages_buf(file), true);
	return 0;
}

const struct file_operations trace_pipe_raw_fops = {
	.open		= trace_raw_open,
	.read		= trace_pages_read,
	.splice_read	= trace_pages_splice,
	.poll		= trace_raw_poll,
	.unlocked_ioctl	= trace_raw_ioctl,
	.release	= trace_pages_release,
};

static const struct trace_fs_file trace_read_files[] = {
	TRACE_FS_FOPS("trace", 0640, TRACE_FS_ARRAY, RING_BUFFER_ALL_CPUS,
		      &trace_fops),
	TRACE_FS_FOPS("trace_pipe", 0440, TRACE_FS_ARRAY, RING_BUFFER_ALL_CPUS,
		      &trace_pipe_fops),
	TRACE_FS_FOPS("trace", 0640, TRACE_FS_CPU, 0, &trace_fops),
	TRACE_FS_FOPS("trace_pipe", 0440, TRACE_FS_CPU, 0, &trace_pipe_fops),
	TRACE_FS_FOPS("trace_pipe_raw", 0440, TRACE_FS_CPU, 0,
		      &trace_pipe_raw_fops),
};

static struct trace_fs_table trace_read_fs = {
	.name = "readers",
	.files = trace_read_files,
	.nr = ARRAY_SIZE(trace_read_files),
	.order = TRACE_FS_ORDER_READ,
	.readme =
	"  trace                - what the buffer holds, in text, not consumed\n"
	"                         Clear it with: echo > trace\n"
	"  trace_pipe           - a consuming read of the buffer; blocks when\n"
	"                         empty (EAGAIN with O_NONBLOCK)\n"
	"  per_cpu/cpuN/        - trace, trace_pipe, trace_pipe_raw (binary\n"
	"                         pages), buffer_size_kb and stats of one CPU\n",
	.examples =
	"  cat trace                     # read without consuming\n",
};

TRACE_FS_REGISTER(trace_read_fs);
