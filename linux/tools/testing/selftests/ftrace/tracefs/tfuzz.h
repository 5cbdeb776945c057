/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tfuzz (tfuzz.c): what its files share. tfuzz_util.c holds the random
 * numbers and file helpers, tfuzz_files.c the table of files fuzzed and
 * the reset between them, tfuzz_input.c the input made for each kind of
 * file, tfuzz_blk.c the block devices, their I/O and the blk tracer's
 * sysfs files, tfuzz_blkioctl.c the BLKTRACE ioctls' fuzz, tfuzz.c the
 * runner and its checks.
 */
#ifndef TFUZZ_H
#define TFUZZ_H

#include <stdint.h>
#include <sys/types.h>

#define TRACEFS		"/sys/kernel/tracing"
#define INST		"instances/tfuzz"
#define MAX_FILES	1024
#define MAX_WORDS	256
#define INPUT_MAX	(64 * 1024 + 16)
#define READ_MAX	(256 * 1024)
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

/* What a file takes, which decides the valid input made for it. */
enum kind {
	K_ANY,		/* unknown: numbers, words, bytes */
	K_BOOL,		/* 0 or 1 */
	K_NUM,		/* a number */
	K_SIZE,		/* a buffer size in KiB */
	K_TRACER,	/* current_tracer */
	K_CLOCK,	/* trace_clock */
	K_OPTIONS,	/* trace_options */
	K_FUNCS,	/* a function list with commands */
	K_PIDS,		/* a pid list */
	K_SETEVENT,	/* set_event */
	K_FILTER,	/* an event's or a system's filter */
	K_TRIGGER,	/* an event's triggers */
	K_CPUMASK,	/* tracing_cpumask */
	K_CPULIST,	/* osnoise/cpus: a CPU list */
	K_WORDS,	/* hwlat_detector/mode, osnoise/options */
	K_TEXT,		/* trace_marker and the like: anything goes */
	K_DEFS,		/* definitions of dynamic events */
	K_BLKENABLE,	/* /sys/block/<dev>/trace/enable */
	K_BLKMASK,	/* .../trace/act_mask: category names or a number */
	K_BLKPID,	/* .../trace/pid */
	K_BLKLBA,	/* .../trace/start_lba and end_lba */
	K_BLKIOCTL,	/* not a file: the BLKTRACE ioctls on a file */
};

struct file {
	char path[256];
	enum kind kind;
	int compare;		/* read back and compare after a rejected write */
	int expensive;		/* valid input is slow: write it less often */
	char event[128];	/* K_FILTER, K_TRIGGER: events/SYS/EVENT or SYS */
	char *orig;		/* a value file's first value, put back after */
	int dev;		/* K_BLK*: its device in tfuzz_blk.c's table */
};

/* What the runner counts. */
struct counts {
	unsigned long long writes, crashes, changed, abnormal;
	unsigned long long ioctls, ioctls_rejected;
};

/* The table of files (tfuzz_files.c) */
extern struct file files[MAX_FILES];
extern int nr_files;
extern int verbose;
extern char *funcs[MAX_WORDS], *tracers[16], *clocks[16], *opts[64];
extern char *events[MAX_WORDS];
extern int nr_funcs, nr_tracers, nr_clocks, nr_opts, nr_events;
void load_words(void);
void add_file(const char *path, const char *event);
void add_dir(const char *dir, const char *event);
void add_events(const char *top);
void reset(const struct file *f);

/* Randomness and file helpers (tfuzz_util.c) */
void seed_rng(uint64_t seed);
uint64_t rnd(void);
unsigned int below(unsigned int n);
uint64_t hash(const char *s);
ssize_t slurp(const char *path, char *buf, size_t size);
int put(const char *path, const char *s, size_t len, int flags);
void put_str(const char *path, const char *s);
int words(char *buf, char **out, int max, int skip_brackets);
const char *pick(char **v, int n, const char *dflt);
void dump(const char *what, const char *s, size_t len);
void dump_change(const char *a, size_t la, const char *b, size_t lb);

/* Input (tfuzz_input.c) */
const char *number(void);
void load_exe(void);
size_t mutate(char *buf, size_t len, size_t size);
size_t input(const struct file *f, char *buf);

/* Block devices, their I/O, the blk tracer's files (tfuzz_blk.c) */
#define BLK_DEBUGFS	"/sys/kernel/debug/block"

/* A block device traced, or a file the ioctls are tried on. */
struct blkdev {
	char path[64];		/* /dev/vda, /dev/null, ... */
	char name[32];		/* vda, loop0p1: its name in debugfs block/ */
	char sys[128];		/* /sys/block/...: "" for no block device */
	int parent;		/* a partition's whole disk, or -1 */
	unsigned long long sectors;	/* its size */
};

extern struct blkdev blkdevs[8];
extern int nr_blkdevs;
extern int blk_ncpus;
void blk_add_files(void);
void blk_cleanup(void);
void blk_io_start(void);
void blk_side(void);
void blk_reset(const struct file *f);
size_t blk_valid(const struct file *f, char *out, size_t size);
int blk_normal_form(const struct file *f, const char *s, ssize_t n);

/* The BLKTRACE ioctls (tfuzz_blkioctl.c) */
void blk_ioctl_fuzz(const struct file *f, unsigned long long n,
		    unsigned long long seed, struct counts *c);

#endif /* TFUZZ_H */
