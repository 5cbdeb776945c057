// SPDX-License-Identifier: GPL-2.0
/*
 * trace_marker and trace_marker_raw: user space writes a line, or an id
 * and binary data, into the trace as a print or raw_data record.
 */
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "trace.h"

/* Who sees each line recorded (trace_ev_write.c: the print triggers). */
static void (*trace_marker_hook)(struct trace_array *tr, const char *text,
				 size_t len) __ro_after_init;

/**
 * trace_marker_set_hook() - be shown each line a trace_marker records
 * @fn:		called after the record is written, in the writer's
 *		context, with the line as written (no newline added)
 *
 * Once, at init.
 */
void __init trace_marker_set_hook(void (*fn)(struct trace_array *tr,
					     const char *text, size_t len))
{
	trace_marker_hook = fn;
}

/*
 * A write longer than a record is cut and the short count returned: the
 * writer goes on with the rest, which lands in the next record.
 */
static ssize_t trace_marker_write(struct file *file, const char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	size_t len = min_t(size_t, cnt, TRACE_PRINT_MAX - 1);
	struct trace_array *tr = trace_fs_array(file_inode(file));
	size_t n;
	char *text;
	int ret;

	if (!trace_tr_opt(tr, TRACE_OPT_MARKERS))
		return -EINVAL;
	ret = trace_buf_expand(trace_array_buf(tr));
	if (ret)
		return ret;
	text = kmalloc(len + 1, GFP_KERNEL);
	if (!text)
		return -ENOMEM;
	if (copy_from_user(text, ubuf, len)) {
		kfree(text);
		return -EFAULT;
	}
	n = len;
	if (!len || text[len - 1] != '\n')
		text[len++] = '\n';
	ret = trace_print_write(trace_array_buf(tr), 0, text, len);
	if (ret >= 0 && trace_marker_hook) {
		text[n] = '\0';
		trace_marker_hook(tr, text, n);
	}
	kfree(text);
	if (ret < 0)
		return ret;
	return min_t(size_t, cnt, TRACE_PRINT_MAX - 1);
}

static const struct file_operations trace_marker_fops = {
	.open		= simple_open,
	.write		= trace_marker_write,
	.llseek		= noop_llseek,
};

/* An id (unsigned int), then data; recorded only whole. */
static ssize_t trace_marker_raw_write(struct file *file,
				      const char __user *ubuf, size_t cnt,
				      loff_t *ppos)
{
	struct trace_array *tr = trace_fs_array(file_inode(file));
	struct trace_buf *b = trace_array_buf(tr);
	struct trace_wh h;
	struct trace_raw_rec *r;
	void *data;
	int ret;

	if (!trace_tr_opt(tr, TRACE_OPT_MARKERS))
		return -EINVAL;
	ret = trace_buf_expand(b);
	if (ret)
		return ret;
	if (cnt < sizeof(r->id) || cnt > TRACE_PRINT_MAX)
		return -EINVAL;
	data = memdup_user(ubuf, cnt);
	if (IS_ERR(data))
		return PTR_ERR(data);
	r = trace_buf_enabled(b) ?
	    trace_buf_reserve(b, &h, TRACE_TYPE_RAW_DATA,
			      sizeof(*r) - sizeof(r->id) + cnt,
			      tracing_gen_ctx()) : NULL;
	if (r) {
		memcpy(&r->id, data, cnt);
		trace_rec_commit(&h);
	}
	kfree(data);
	return r ? cnt : -EBADF;
}

static const struct file_operations trace_marker_raw_fops = {
	.open		= simple_open,
	.write		= trace_marker_raw_write,
	.llseek		= noop_llseek,
};

static const struct trace_fs_file trace_marker_files[] = {
	TRACE_FS_FOPS("trace_marker", 0220, TRACE_FS_ARRAY, RING_BUFFER_ALL_CPUS,
		      &trace_marker_fops),
	TRACE_FS_FOPS("trace_marker_raw", 0220, TRACE_FS_ARRAY,
		      RING_BUFFER_ALL_CPUS, &trace_marker_raw_fops),
};

static struct trace_fs_table trace_marker_fs = {
	.name = "markers",
	.files = trace_marker_files,
	.nr = ARRAY_SIZE(trace_marker_files),
	.order = TRACE_FS_ORDER_MARKER,
	.readme =
	"  trace_marker         - a line written here is recorded in the buffer\n"
	"  trace_marker_raw     - binary: a 4-byte id, then data, recorded as is\n",
	.examples =
	"  echo hello > trace_marker     # leave a mark in the trace\n",
};

TRACE_FS_REGISTER(trace_marker_fs);
