// SPDX-License-Identifier: GPL-2.0
/*
 * tfuzz's block devices: the scratch disk /dev/vda, a loop device with a
 * partition table written here (one partition, loopNp1), and the
 * non-block files the BLKTRACE ioctls are tried on (a regular file,
 * /dev/null, a tracefs file). Their I/O while they are fuzzed: a child
 * writes and reads the scratch disk's file system and the loop
 * partition. The blk tracer's files of each block device
 * (/sys/block/<dev>/trace/ and /sys/block/<disk>/<part>/trace/) go into
 * the table with their input: 0, 1 and 2 for enable, category names for
 * act_mask, pids, LBAs in and past the device. While those are fuzzed,
 * current_tracer turns blk and back at the top and in the instance, the
 * blk options change and trace is read.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/loop.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "tfuzz.h"

#define SCRATCH		"/mnt/scratch"
#define IO_FILE		SCRATCH "/tfuzz.io"
#define REG_FILE	SCRATCH "/tfuzz.reg"
#define LOOP_IMG	"/tmp/tfuzz.img"
#define LOOP_MB		16
#define PART_START	2048	/* the partition's first sector */
#define PART_SECTORS	16384	/* and its size: 8 MiB */

struct blkdev blkdevs[8];
int nr_blkdevs;
int blk_ncpus = 1;

static int loop_fd = -1;
static pid_t io_pid;

/* The blk tracer's options, and their values at the start. */
static const char *const blk_opts[] = {
	"blk_classic", "blk_cgroup", "blk_cgname",
};

static char blk_opts_orig[2][3];

/* act_mask's category names, as the kernel reads and shows them. */
static const char *const blk_cats[] = {
	"read", "write", "flush", "sync", "queue", "requeue", "issue",
	"complete", "fs", "pc", "notify", "ahead", "meta", "discard",
	"drv_data", "fua",
};

static unsigned long long read_ull(const char *path)
{
	char buf[64];

	if (slurp(path, buf, sizeof(buf)) <= 0)
		return 0;
	return strtoull(buf, NULL, 0);
}

/* The CPUs the kernel may have: each has a trace<cpu> file. */
static int possible_cpus(void)
{
	char buf[64];
	int lo, hi;

	if (slurp("/sys/devices/system/cpu/possible", buf, sizeof(buf)) <= 0)
		return 1;
	if (sscanf(buf, "%d-%d", &lo, &hi) == 2)
		return hi + 1;
	return 1;
}

static int add_dev(const char *path, const char *name, const char *sys,
		   int parent)
{
	struct blkdev *d = &blkdevs[nr_blkdevs];
	char size[200];

	snprintf(d->path, sizeof(d->path), "%s", path);
	snprintf(d->name, sizeof(d->name), "%s", name);
	snprintf(d->sys, sizeof(d->sys), "%s", sys);
	d->parent = parent;
	snprintf(size, sizeof(size), "%s/size", sys);
	d->sectors = *sys ? read_ull(size) : 0;
	return nr_blkdevs++;
}

/* An MBR of one Linux partition at @fd's sector 0. */
static int write_mbr(int fd)
{
	unsigned char mbr[512] = { 0 }, *e = mbr + 446;
	uint32_t start = PART_START, len = PART_SECTORS;

	e[1] = 0xfe;	/* CHS: past 1024 cylinders, LBA counts */
	e[2] = 0xff;
	e[3] = 0xff;
	e[4] = 0x83;
	e[5] = 0xfe;
	e[6] = 0xff;
	e[7] = 0xff;
	memcpy(e + 8, &start, 4);
	memcpy(e + 12, &len, 4);
	mbr[510] = 0x55;
	mbr[511] = 0xaa;
	return pwrite(fd, mbr, sizeof(mbr), 0) == sizeof(mbr) ? 0 : -1;
}

/*
 * A loop device over a file of LOOP_MB MiB with a partition table, its
 * partitions scanned: adds the disk and its partition (or the disk alone,
 * saying why, when the partition does not show).
 */
static void add_loop(void)
{
	struct loop_config cfg = { 0 };
	char dev[32], part[40], name[24], sys[128];
	int ctl, n, img, i, disk;
	struct stat st;

	ctl = open("/dev/loop-control", O_RDWR);
	img = open(LOOP_IMG, O_RDWR | O_CREAT | O_TRUNC, 0600);
	if (ctl < 0 || img < 0 || ftruncate(img, LOOP_MB << 20) ||
	    write_mbr(img)) {
		fprintf(stderr, "tfuzz: no loop device (%s): its ioctls and files are not fuzzed\n",
			strerror(errno));
		goto out;
	}
	n = ioctl(ctl, LOOP_CTL_GET_FREE);
	snprintf(dev, sizeof(dev), "/dev/loop%d", n);
	loop_fd = n < 0 ? -1 : open(dev, O_RDWR);
	cfg.fd = img;
	cfg.info.lo_flags = LO_FLAGS_PARTSCAN;
	if (loop_fd < 0 || ioctl(loop_fd, LOOP_CONFIGURE, &cfg)) {
		fprintf(stderr, "tfuzz: cannot set %s up (%s): not fuzzed\n",
			dev, strerror(errno));
		if (loop_fd >= 0)
			close(loop_fd);
		loop_fd = -1;
		goto out;
	}
	snprintf(name, sizeof(name), "loop%d", n);
	snprintf(sys, sizeof(sys), "/sys/block/%s", name);
	disk = add_dev(dev, name, sys, -1);
	snprintf(part, sizeof(part), "%sp1", dev);
	/* devtmpfs makes the partition's node a moment after the scan. */
	for (i = 0; i < 200 && stat(part, &st); i++)
		usleep(10000);
	if (stat(part, &st) || !S_ISBLK(st.st_mode)) {
		fprintf(stderr, "tfuzz: no %s after the partition scan: no partition fuzzed\n",
			part);
		goto out;
	}
	snprintf(sys, sizeof(sys), "/sys/block/%s/%sp1", name, name);
	snprintf(name, sizeof(name), "loop%dp1", n);
	add_dev(part, name, sys, disk);
out:
	if (ctl >= 0)
		close(ctl);
	if (img >= 0)
		close(img);
}

/* Add the block devices, their trace/ files and the ioctl entries. */
void blk_add_files(void)
{
	static const char *const attrs[] = {
		"enable", "act_mask", "pid", "start_lba", "end_lba",
	};
	static const enum kind kinds[] = {
		K_BLKENABLE, K_BLKMASK, K_BLKPID, K_BLKLBA, K_BLKLBA,
	};
	char path[200];
	struct stat st;
	int i, j, fd;

	blk_ncpus = possible_cpus();
	for (i = 0; i < 3; i++)
		for (j = 0; j < 2; j++) {
			snprintf(path, sizeof(path), "%soptions/%s",
				 j ? INST "/" : "", blk_opts[i]);
			if (slurp(path, blk_opts_orig[j] + i, 2) <= 0)
				blk_opts_orig[j][i] = '0';
		}
	if (!stat("/dev/vda", &st) && S_ISBLK(st.st_mode))
		add_dev("/dev/vda", "vda", "/sys/block/vda", -1);
	add_loop();
	for (i = 0; i < nr_blkdevs; i++)
		for (j = 0; j < (int)ARRAY_SIZE(attrs); j++) {
			snprintf(path, sizeof(path), "%s/trace/%s",
				 blkdevs[i].sys, attrs[j]);
			add_file(path, NULL);
			if (nr_files && !strcmp(files[nr_files - 1].path, path)) {
				files[nr_files - 1].kind = kinds[j];
				files[nr_files - 1].dev = i;
			}
		}
	/* The files that are no block device. */
	fd = open(REG_FILE, O_RDWR | O_CREAT, 0600);
	if (fd >= 0) {
		close(fd);
		add_dev(REG_FILE, "", "", -1);
	}
	add_dev("/dev/null", "", "", -1);
	add_dev(TRACEFS "/trace", "", "", -1);
	for (i = 0; i < nr_blkdevs && nr_files < MAX_FILES; i++) {
		struct file *f = &files[nr_files++];

		memset(f, 0, sizeof(*f));
		snprintf(f->path, sizeof(f->path), "ioctl:%.64s",
			 blkdevs[i].path);
		f->kind = K_BLKIOCTL;
		f->dev = i;
	}
}

/* The I/O child's loop: write and read the scratch disk and the loop. */
static void io_loop(void)
{
	/* Aligned for O_DIRECT. */
	char *buf = aligned_alloc(4096, 65536);
	int fs = open(IO_FILE, O_RDWR | O_CREAT, 0600);
	int part = -1, i;
	uint64_t x = getpid();

	for (i = 0; i < nr_blkdevs; i++)
		if (blkdevs[i].parent >= 0 ||
		    (part < 0 && !strncmp(blkdevs[i].name, "loop", 4)))
			part = i;
	part = part < 0 ? -1 : open(blkdevs[part].path, O_RDWR | O_DIRECT);
	if (!buf)
		_exit(1);
	memset(buf, 0x5a, 65536);
	for (;;) {
		x = x * 6364136223846793005ULL + 1442695040888963407ULL;
		if (fs >= 0) {
			if (pwrite(fs, buf, 4096 << (x >> 61) % 4,
				   ((x >> 20) % 1024) * 4096) < 0 ||
			    fdatasync(fs))
				break;
			if (!(x >> 60) && pread(fs, buf, 4096, 0) < 0)
				break;
		}
		if (part >= 0 &&
		    (x & 1 ? pwrite(part, buf, 4096, ((x >> 24) % 1024) * 4096) :
			     pread(part, buf, 8192, ((x >> 24) % 1024) * 4096)) < 0)
			break;
		usleep(5000);
	}
	_exit(0);
}

/* Start the I/O child, once. */
void blk_io_start(void)
{
	if (io_pid || !nr_blkdevs)
		return;
	io_pid = fork();
	if (io_pid == 0)
		io_loop();
	if (io_pid < 0)
		io_pid = 0;
}

/*
 * Before a write to a blk tracer file, now and then: the blk tracer on or
 * off at the top or in the instance, a blk option changed, trace read.
 */
void blk_side(void)
{
	static char buf[READ_MAX];
	char path[200];
	int inst = below(2);

	switch (below(64)) {
	case 0:
		put_str(inst ? INST "/current_tracer" : "current_tracer",
			below(3) ? "blk" : "nop");
		break;
	case 1:
		snprintf(path, sizeof(path), "%soptions/%s",
			 inst ? INST "/" : "", blk_opts[below(3)]);
		put_str(path, below(2) ? "1" : "0");
		break;
	case 2:
		slurp(inst ? INST "/trace" : "trace", buf, sizeof(buf));
		break;
	}
}

/* After a blk tracer file: its device untraced, the options as they were. */
void blk_reset(const struct file *f)
{
	char path[200];
	int i, j;

	if (f->kind == K_BLKIOCTL || f->kind < K_BLKENABLE)
		return;
	snprintf(path, sizeof(path), "%s/trace/enable", blkdevs[f->dev].sys);
	put_str(path, "0");
	for (i = 0; i < 3; i++)
		for (j = 0; j < 2; j++) {
			char v[2] = { blk_opts_orig[j][i], 0 };

			snprintf(path, sizeof(path), "%soptions/%s",
				 j ? INST "/" : "", blk_opts[i]);
			put_str(path, v);
		}
}

/* An LBA for @d: 0, in it, at its end, past it, huge. */
static unsigned long long lba(const struct blkdev *d)
{
	unsigned long long n = d->sectors;

	switch (below(8)) {
	case 0:
		return 0;
	case 1:
		return n;
	case 2:
		return n ? n - 1 : 0;
	case 3:
		return n + 1 + below(1000);
	case 4:
		return ~0ULL - below(2);
	case 5:
		return rnd();
	default:
		return n ? rnd() % n : below(100000);
	}
}

/* A list of categories: known names, now and then a bad one. */
static size_t cat_list(char *out, size_t size)
{
	static const char *const bad[] = {
		"bogus", "", " ", "READ", "Write", "all", "read ", "drv-data",
	};
	int i, n = 1 + below(5);
	size_t len = 0;

	for (i = 0; i < n && len + 32 < size; i++) {
		const char *w = below(12) ? blk_cats[below(ARRAY_SIZE(blk_cats))] :
					    bad[below(ARRAY_SIZE(bad))];

		len += snprintf(out + len, size - len, "%s%s", i ? "," : "", w);
	}
	return len;
}

/* Valid (or nearly valid) input for a blk tracer file @f. */
size_t blk_valid(const struct file *f, char *out, size_t size)
{
	const struct blkdev *d = &blkdevs[f->dev];
	size_t n;

	switch (f->kind) {
	case K_BLKENABLE:
		return snprintf(out, size, "%u\n", below(5) ? below(2) : 2);
	case K_BLKMASK:
		switch (below(4)) {
		case 0:
			return snprintf(out, size, "%s\n", number());
		case 1:
			return snprintf(out, size, "0x%x\n", below(0x20000));
		default:
			n = cat_list(out, size);
			return n + snprintf(out + n, size - n, "\n");
		}
	case K_BLKPID:
		switch (below(4)) {
		case 0:
			return snprintf(out, size, "%d\n", getpid());
		case 1:
			return snprintf(out, size, "%u\n", 4194303 + below(3));
		default:
			return snprintf(out, size, "%s\n", number());
		}
	default:
		return snprintf(out, size, "%llu\n", lba(d));
	}
}

/*
 * Whether a blk tracer file reads in its normal form after a write that
 * succeeded: the device is traced then, so never "disabled".
 */
int blk_normal_form(const struct file *f, const char *s, ssize_t n)
{
	ssize_t i = 0, j;
	size_t k;

	if (n < 1 || s[n - 1] != '\n')
		return 0;
	if (f->kind == K_BLKENABLE)
		return n == 2 && (s[0] == '0' || s[0] == '1');
	if (f->kind != K_BLKMASK) {
		for (i = 0; i < n - 1; i++)
			if (s[i] < '0' || s[i] > '9')
				return 0;
		return n > 1;
	}
	/* Names of categories, each once, in the kernel's order. */
	for (k = 0; i < n - 1; k++) {
		for (j = i; s[j] != ',' && s[j] != '\n'; j++)
			;
		while (k < ARRAY_SIZE(blk_cats) &&
		       ((ssize_t)strlen(blk_cats[k]) != j - i ||
			memcmp(blk_cats[k], s + i, j - i)))
			k++;
		if (k == ARRAY_SIZE(blk_cats))
			return 0;
		i = j + (s[j] == ',');
	}
	return 1;
}

/* At the end: nothing traced, the I/O child gone, the loop device too. */
void blk_cleanup(void)
{
	char path[200];
	int i;

	if (io_pid) {
		kill(io_pid, SIGKILL);
		waitpid(io_pid, NULL, 0);
		io_pid = 0;
	}
	for (i = 0; i < nr_blkdevs; i++) {
		if (!*blkdevs[i].sys)
			continue;
		snprintf(path, sizeof(path), "%s/trace/enable", blkdevs[i].sys);
		put_str(path, "0");
	}
	if (loop_fd >= 0) {
		ioctl(loop_fd, LOOP_CLR_FD);
		close(loop_fd);
	}
	unlink(LOOP_IMG);
	unlink(IO_FILE);
	unlink(REG_FILE);
}
