// SPDX-License-Identifier: GPL-2.0
/*
 * tfuzz's fuzz of the BLKTRACE ioctls: on one file (a whole disk, a
 * partition, or no block device at all), N calls (N/5 off a block device)
 * of BLKTRACESETUP, BLKTRACESTART, BLKTRACESTOP and BLKTRACETEARDOWN in
 * any order, the setup's fields random (sizes 0, tiny, huge, random;
 * act_mask; LBA ranges inverted or past the end; pid) and its structure
 * now and then unmapped or read-only; on a partition, some calls go to
 * its disk, whose queue it shares. Between them: the queue's
 * trace/enable written, debugfs block/<name>/msg written, trace<cpu> and
 * dropped read, one of them kept open across calls. Another disk stays
 * traced through sysfs meanwhile (see blk_ioctl_fuzz()).
 *
 * A model of the queue's state (untraced, set up, running, stopped, or
 * traced through sysfs) says what each call must do. Checked after each
 * call: a rejected one changed nothing (debugfs block/ and every device's
 * trace files and trace/enable read as before) and, on an untraced queue,
 * a correct setup still works and tears down; one taken left the files
 * its state has (trace<cpu> for each possible CPU, dropped, msg in the
 * directory of the device set up, nothing elsewhere); a call out of turn
 * is refused, with the errno the kernel documents; no call on a file that
 * is not a block device is taken. The queue is torn down at the end.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/blktrace_api.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>

#include "tfuzz.h"

#define SNAP_MAX	8192

/* The whole disk of device @i (itself for a disk). */
static int root_of(int i)
{
	return blkdevs[i].parent < 0 ? i : blkdevs[i].parent;
}

enum qstate { Q_NONE, Q_SETUP, Q_RUNNING, Q_STOPPED, Q_SYSFS, Q_SYSFS_STOPPED };

static const char *const state_names[] = {
	"untraced", "set up", "running", "stopped", "traced by sysfs",
	"traced by sysfs, stopped",
};

/* One entry's run. */
struct run {
	const struct file *f;
	unsigned long long seed, w;
	struct counts *c;
	int fd[2];		/* the file's, its whole disk's (or -1) */
	int dev[2];		/* their devices */
	int block;		/* the file is a block device */
	enum qstate st;		/* the queue's */
	int owner;		/* the device whose name the files have */
	int held;		/* a debugfs file kept open, or -1 */
	int hold;		/* another disk traced through sysfs, or -1 */
	char *page;		/* two pages, the second PROT_NONE */
};

/* Whether @name is one of the files a set-up queue has in debugfs. */
static int trace_file(const char *name)
{
	return !strcmp(name, "dropped") || !strcmp(name, "msg") ||
	       (!strncmp(name, "trace", 5) && name[5] >= '0' && name[5] <= '9');
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

/* The names in @dir (those trace_file() takes when @only_trace), sorted. */
static size_t list_dir(const char *dir, int only_trace, char *out,
		       size_t size)
{
	struct dirent **ents;
	size_t len = 0;
	int n, i;

	n = scandir(dir, &ents, NULL, by_name);
	for (i = 0; i < n; i++) {
		if (ents[i]->d_name[0] != '.' &&
		    (!only_trace || trace_file(ents[i]->d_name)) &&
		    len + strlen(ents[i]->d_name) + 2 < size)
			len += snprintf(out + len, size - len, "%s ",
					ents[i]->d_name);
		free(ents[i]);
	}
	if (n >= 0)
		free(ents);
	return len;
}

/* Whether debugfs block/ has a directory @name. */
static int has_dir(const char *name)
{
	char path[200];
	struct stat st;

	snprintf(path, sizeof(path), BLK_DEBUGFS "/%s", name);
	return !stat(path, &st) && S_ISDIR(st.st_mode);
}

/*
 * What a call may change, as text: each block device's trace files in
 * debugfs and its trace/enable, whether a partition has its directory
 * there; with @root, debugfs block/'s whole listing first.
 */
static void snapshot(char *out, int root)
{
	char path[200], en[16];
	size_t len = 0;
	int i;

	if (root)
		len = list_dir(BLK_DEBUGFS, 0, out, SNAP_MAX);
	for (i = 0; i < nr_blkdevs && len + 300 < SNAP_MAX; i++) {
		if (!*blkdevs[i].sys)
			continue;
		snprintf(path, sizeof(path), "%s/trace/enable", blkdevs[i].sys);
		if (slurp(path, en, sizeof(en)) <= 0)
			snprintf(en, sizeof(en), "?\n");
		len += snprintf(out + len, SNAP_MAX - len, "\n%s: enable %.1s",
				blkdevs[i].name, en);
		if (blkdevs[i].parent >= 0)
			len += snprintf(out + len, SNAP_MAX - len, ", dir %d",
					has_dir(blkdevs[i].name));
		len += snprintf(out + len, SNAP_MAX - len, ": ");
		snprintf(path, sizeof(path), BLK_DEBUGFS "/%s", blkdevs[i].name);
		len += list_dir(path, 1, out + len, SNAP_MAX - len);
	}
	out[len] = '\0';
}

static int by_str(const void *a, const void *b)
{
	return strcmp(a, b);
}

/* What snapshot() must read in state @st with @owner's files. */
static void expected(enum qstate st, int owner, int hold, char *out)
{
	static char names[256][16];
	int relay = st >= Q_SETUP && st <= Q_STOPPED;
	int i, k, n = blk_ncpus < 254 ? blk_ncpus : 254;
	size_t len = 0;

	/* As scandir() sorts them: dropped, msg, trace0, trace1, ... */
	snprintf(names[0], 16, "dropped");
	snprintf(names[1], 16, "msg");
	for (k = 0; k < n; k++)
		snprintf(names[k + 2], 16, "trace%d", k);
	qsort(names, n + 2, 16, by_str);
	for (i = 0; i < nr_blkdevs && len + 300 < SNAP_MAX; i++) {
		const struct blkdev *d = &blkdevs[i];
		int mine = relay && i == owner;

		if (!*d->sys)
			continue;
		len += snprintf(out + len, SNAP_MAX - len, "\n%s: enable %d",
				d->name, (st != Q_NONE && owner >= 0 &&
					  root_of(i) == root_of(owner)) ||
				root_of(i) == hold);
		if (d->parent >= 0)
			len += snprintf(out + len, SNAP_MAX - len, ", dir %d",
					mine);
		len += snprintf(out + len, SNAP_MAX - len, ": ");
		for (k = 0; mine && k < n + 2; k++)
			len += snprintf(out + len, SNAP_MAX - len, "%s ",
					names[k]);
	}
	out[len] = '\0';
}

/* A failure of the run: printed with the seed, the entry, the call. */
static void failure(struct run *r, const char *what, const char *fmt, ...)
{
	va_list ap;

	r->c->changed++;
	fprintf(stderr, "tfuzz: %s: seed %llu, %s, call %llu (queue %s)\n  ",
		what, r->seed, r->f->path, r->w, state_names[r->st]);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

/* Compare the snapshot with what state @st of @owner has. */
static void check_state(struct run *r, const char *after)
{
	static char now[SNAP_MAX], want[SNAP_MAX];

	snapshot(now, 0);
	expected(r->st, r->owner, r->hold, want);
	if (strcmp(now, want))
		failure(r, "blktrace files not as the state has them",
			"after %s:\n  want: %s\n  have: %s", after, want, now);
}

/* Random fields for a setup; now and then sizes that must be refused. */
static void random_setup(struct run *r, struct blk_user_trace_setup *b)
{
	static const unsigned int sizes[] = {
		0, 1, 64, 183, 184, 185, 512, 4096, 4097, 65536, 1 << 20,
		0x7fffffff, 0x80000000, 0xffffffff,
	};
	static const unsigned int nrs[] = {
		0, 1, 2, 4, 8, 64, 1024, 0x10000, 0x7fffffff, 0xffffffff,
	};
	const struct blkdev *d = &blkdevs[r->dev[0]];
	unsigned int i;

	for (i = 0; i < sizeof(b->name); i++)
		b->name[i] = below(4) ? (char)below(256) : '/';
	b->buf_size = below(4) ? sizes[below(ARRAY_SIZE(sizes))] : rnd();
	b->buf_nr = below(4) ? nrs[below(ARRAY_SIZE(nrs))] : rnd();
	/* Big channels that fit are slow to make: mostly small ones. */
	if ((unsigned long long)b->buf_size * b->buf_nr > (8 << 20) &&
	    (unsigned long long)b->buf_size * b->buf_nr < (1ULL << 32) &&
	    below(8))
		b->buf_nr = 1 + below(8);
	if (b->buf_size > (1 << 20) && b->buf_nr && b->buf_nr < 16 && below(4))
		b->buf_size = 4096 << below(4);
	b->act_mask = below(3) ? 0 : below(2) ? 1 << below(16) : rnd();
	b->start_lba = below(2) ? 0 : below(3) ? rnd() % (d->sectors + 1) :
		       d->sectors + below(100);
	b->end_lba = below(2) ? 0 : below(3) ? rnd() % (d->sectors + 1) :
		     ~0ULL - below(2);
	switch (below(6)) {
	case 0:
		b->pid = getpid();
		break;
	case 1:
		b->pid = rnd();
		break;
	case 2:
		b->pid = 1;
		break;
	default:
		b->pid = 0;
	}
}

static void valid_setup(struct blk_user_trace_setup *b)
{
	memset(b, 0, sizeof(*b));
	b->buf_size = 4096;
	b->buf_nr = 4;
}

/* A correct setup on an untraced queue works, and tears down. */
static void probe_setup(struct run *r, const char *after)
{
	struct blk_user_trace_setup b;

	valid_setup(&b);
	r->c->ioctls += 2;
	if (ioctl(r->fd[0], BLKTRACESETUP, &b)) {
		failure(r, "blktrace refused a correct setup",
			"a correct setup after %s: %s", after, strerror(errno));
		return;
	}
	r->st = Q_SETUP;
	r->owner = r->dev[0];
	if (strncmp(b.name, blkdevs[r->dev[0]].name, sizeof(b.name)))
		failure(r, "blktrace setup's name", "setup named it '%.32s'",
			b.name);
	check_state(r, "a correct setup");
	if (ioctl(r->fd[0], BLKTRACETEARDOWN)) {
		failure(r, "blktrace refused a teardown",
			"teardown after a correct setup: %s", strerror(errno));
		return;
	}
	r->st = Q_NONE;
	check_state(r, "the teardown of a correct setup");
}

/* A debugfs file of the queue's owner: msg, dropped or trace<cpu>. */
static void owner_file(const struct run *r, char *path, size_t size,
		       const char *base)
{
	int owner = r->owner >= 0 ? r->owner : r->dev[0];

	snprintf(path, size, BLK_DEBUGFS "/%s/%s", blkdevs[owner].name, base);
}

/* Write, read or keep open one of the queue's debugfs files. */
static void debugfs_op(struct run *r)
{
	static char buf[65536];
	char path[200], base[16];
	int fd, n;

	switch (below(4)) {
	case 0:		/* a note, maybe too long */
		owner_file(r, path, sizeof(path), "msg");
		n = below(4) ? 1 + below(127) : 128 + below(200);
		memset(buf, 'm', n);
		put(path, buf, n, 0);
		break;
	case 1:
		owner_file(r, path, sizeof(path), "dropped");
		n = slurp(path, buf, sizeof(buf));
		if (n >= 0 && (n < 2 || buf[n - 1] != '\n' ||
			       strspn(buf, "0123456789") != (size_t)n - 1))
			failure(r, "blktrace's dropped", "read '%.64s'", buf);
		break;
	case 2:
		snprintf(base, sizeof(base), "trace%u", below(blk_ncpus));
		owner_file(r, path, sizeof(path), base);
		fd = open(path, O_RDONLY | O_NONBLOCK);
		if (fd >= 0) {
			if (read(fd, buf, sizeof(buf)) < 0 && errno != EAGAIN &&
			    errno != EIO)
				failure(r, "a read of trace<cpu>", "%s",
					strerror(errno));
			close(fd);
		}
		break;
	default:	/* kept open across calls, used, closed */
		if (r->held >= 0) {
			if (below(2) && read(r->held, buf, 4096) < 0)
				n = 0;
			else if (write(r->held, "held\n", 5) < 0)
				n = 0;
			if (below(3)) {
				close(r->held);
				r->held = -1;
			}
			break;
		}
		snprintf(base, sizeof(base), "trace%u", below(blk_ncpus));
		owner_file(r, path, sizeof(path),
			   below(3) ? base : below(2) ? "msg" : "dropped");
		r->held = open(path, (strstr(path, "msg") ? O_WRONLY : O_RDONLY) |
				     O_NONBLOCK);
	}
}

/* The queue's trace/enable written: 1 traces it through sysfs, 0 not. */
static void sysfs_op(struct run *r)
{
	const struct blkdev *d = &blkdevs[r->dev[below(2) && r->fd[1] >= 0]];
	char path[200];
	int on = below(2), err;

	snprintf(path, sizeof(path), "%s/trace/enable", d->sys);
	err = put(path, on ? "1" : "0", 1, O_TRUNC);
	if (err) {
		failure(r, "blk trace/enable refused", "%s", strerror(err));
		return;
	}
	if (!on) {
		r->st = Q_NONE;
		r->owner = -1;
	} else if (r->st == Q_NONE) {
		r->st = Q_SYSFS;
		r->owner = d - blkdevs;
	}
	check_state(r, on ? "trace/enable 1" : "trace/enable 0");
}

/* What a call may return: 0 when it must be taken, else its errno(s). */
static int allowed(const struct run *r, unsigned long cmd, int err,
		   const struct blk_user_trace_setup *b, int bad_arg)
{
	if (!r->block)
		return err == ENOTTY || err == EINVAL || err == EFAULT;
	if (bad_arg)
		return err == EFAULT || (err == EINVAL && cmd == BLKTRACESETUP) ||
		       (err == EBUSY && r->st != Q_NONE);
	switch (cmd) {
	case BLKTRACESETUP:
		if (r->st != Q_NONE)
			return err == EBUSY || err == EINVAL;
		if (!b->buf_size || !b->buf_nr)
			return err == EINVAL;
		/* Tiny and huge sizes the kernel may refuse. */
		return !err || err == EINVAL || err == ENOMEM || err == E2BIG;
	case BLKTRACESTART:
		return r->st == Q_SETUP || r->st == Q_STOPPED ||
		       r->st == Q_SYSFS_STOPPED ? !err : err == EINVAL;
	case BLKTRACESTOP:
		return r->st == Q_RUNNING || r->st == Q_SYSFS ? !err :
		       err == EINVAL;
	default:
		return r->st != Q_NONE ? !err : err == EINVAL;
	}
}

static const char *cmd_name(unsigned long cmd)
{
	return cmd == BLKTRACESETUP ? "setup" : cmd == BLKTRACESTART ? "start" :
	       cmd == BLKTRACESTOP ? "stop" : "teardown";
}

/* One ioctl of random kind and arguments, checked. */
static void ioctl_op(struct run *r)
{
	static const unsigned long cmds[] = {
		BLKTRACESETUP, BLKTRACESTART, BLKTRACESTOP, BLKTRACETEARDOWN,
	};
	static char before[SNAP_MAX], after[SNAP_MAX];
	struct blk_user_trace_setup b, *arg = &b;
	unsigned long cmd = cmds[below(100) < 40 ? 0 : 1 + below(3)];
	int side = r->fd[1] >= 0 && below(10) < 3;
	int fd = r->fd[side], bad_arg = 0, ret, err = 0;
	char what[160];

	if (below(4))
		random_setup(r, &b);
	else
		valid_setup(&b);
	if (cmd == BLKTRACESETUP) {
		switch (below(24)) {
		case 0:		/* unmapped */
			arg = NULL;
			bad_arg = 1;
			break;
		case 1:		/* running into an unmapped page */
			arg = (void *)(r->page + 4096 - sizeof(b) / 2);
			memcpy(arg, &b, sizeof(b) / 2);
			bad_arg = 1;
			break;
		case 2:		/* read-only: the name cannot be written back */
			arg = (void *)r->page;
			memcpy(arg, &b, sizeof(b));
			mprotect(r->page, 4096, PROT_READ);
			bad_arg = 1;
			break;
		}
	}
	snapshot(before, 1);
	r->c->ioctls++;
	ret = ioctl(fd, cmd, cmd == BLKTRACESETUP ? arg : NULL);
	if (ret)
		err = errno;
	if (arg == (void *)r->page)
		mprotect(r->page, 4096, PROT_READ | PROT_WRITE);
	snprintf(what, sizeof(what), "%s on %s%s (size %u nr %u)",
		 cmd_name(cmd), blkdevs[r->dev[side]].path,
		 bad_arg ? " with a bad pointer" : "", b.buf_size, b.buf_nr);
	if (!allowed(r, cmd, err, &b, bad_arg))
		failure(r, ret ? "blktrace refused a call in turn" :
				 "blktrace took a call out of turn",
			"%s: %s", what, ret ? strerror(err) : "taken");
	if (ret) {
		r->c->ioctls_rejected++;
		snapshot(after, 1);
		if (strcmp(before, after))
			failure(r, "changed on reject",
				"%s: %s\n  before: %s\n  after: %s", what,
				strerror(err), before, after);
		else if (r->block && r->st == Q_NONE)
			probe_setup(r, what);
		return;
	}
	if (!r->block)
		return;
	switch (cmd) {
	case BLKTRACESETUP:
		r->st = Q_SETUP;
		r->owner = r->dev[side];
		if (strncmp(b.name, blkdevs[r->owner].name, sizeof(b.name)))
			failure(r, "blktrace setup's name",
				"setup named it '%.32s'", b.name);
		break;
	case BLKTRACESTART:
		r->st = r->st == Q_SYSFS_STOPPED ? Q_SYSFS : Q_RUNNING;
		break;
	case BLKTRACESTOP:
		r->st = r->st == Q_SYSFS ? Q_SYSFS_STOPPED : Q_STOPPED;
		break;
	default:
		r->st = Q_NONE;
		r->owner = -1;
	}
	check_state(r, what);
}

/* Untraced: torn down, trace/enable 0, whatever the state. */
static void untrace(struct run *r)
{
	char path[200];
	int i;

	if (r->held >= 0)
		close(r->held);
	r->held = -1;
	if (!r->block)
		return;
	ioctl(r->fd[0], BLKTRACETEARDOWN);
	for (i = 0; i < nr_blkdevs; i++)
		if (*blkdevs[i].sys && root_of(i) == root_of(r->dev[0])) {
			snprintf(path, sizeof(path), "%s/trace/enable",
				 blkdevs[i].sys);
			put_str(path, "0");
		}
	r->st = Q_NONE;
	r->owner = -1;
}

/**
 * blk_ioctl_fuzz() - @n BLKTRACE calls on @f's file, checked
 * @f:		a K_BLKIOCTL entry
 * @n:		how many calls (and the operations between them) on a block
 *		device, a fifth of it on another file
 * @seed:	the run's seed, printed with each failure
 * @c:		the counts: ioctls, those rejected, failures as changed
 */
void blk_ioctl_fuzz(const struct file *f, unsigned long long n,
		    unsigned long long seed, struct counts *c)
{
	const struct blkdev *d = &blkdevs[f->dev];
	struct run r = {
		.f = f, .seed = seed, .c = c, .fd = { -1, -1 },
		.dev = { f->dev, d->parent }, .block = !!*d->sys,
		.owner = -1, .held = -1, .hold = -1,
	};
	char path[200];
	int i;

	r.page = mmap(NULL, 8192, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	r.fd[0] = open(d->path, O_RDONLY);
	if (r.page == MAP_FAILED || r.fd[0] < 0) {
		fprintf(stderr, "tfuzz: %s: %s\n", f->path, strerror(errno));
		c->changed++;
		goto out;
	}
	mprotect(r.page + 4096, 4096, PROT_NONE);
	if (d->parent >= 0)
		r.fd[1] = open(blkdevs[d->parent].path, O_RDONLY);
	untrace(&r);
	/*
	 * Another disk traced all along keeps the block tracepoints hooked:
	 * each setup and teardown here is not also a registration of every
	 * probe (the fuzz of trace/enable has those), which would make the
	 * calls ten times slower.
	 */
	for (i = 0; i < nr_blkdevs && r.block; i++)
		if (*blkdevs[i].sys && blkdevs[i].parent < 0 &&
		    root_of(i) != root_of(f->dev)) {
			snprintf(path, sizeof(path), "%s/trace/enable",
				 blkdevs[i].sys);
			if (!put(path, "1", 1, O_TRUNC))
				r.hold = i;
			break;
		}
	check_state(&r, "the start");
	/* Off a block device every call fails alike: fewer do. */
	if (!r.block)
		n = (n + 4) / 5;
	for (r.w = 0; r.w < n; r.w++) {
		unsigned int op = below(100);

		if (op < 85 || !r.block)
			ioctl_op(&r);
		else if (op < 95)
			debugfs_op(&r);
		else
			sysfs_op(&r);
	}
	untrace(&r);
	if (r.hold >= 0) {
		snprintf(path, sizeof(path), "%s/trace/enable",
			 blkdevs[r.hold].sys);
		put_str(path, "0");
		r.hold = -1;
	}
	check_state(&r, "the teardown at the end");
out:
	if (r.fd[0] >= 0)
		close(r.fd[0]);
	if (r.fd[1] >= 0)
		close(r.fd[1]);
	if (r.page != MAP_FAILED)
		munmap(r.page, 8192);
}
