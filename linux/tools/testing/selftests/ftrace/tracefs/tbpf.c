// SPDX-License-Identifier: GPL-2.0
/*
 * tbpf: BPF programs on trace events (CONFIG_BPF_EVENTS), for
 * t/bpf_events.sh. Everything goes through the raw bpf(2) and
 * perf_event_open(2) system calls; the programs are written here as BPF
 * instructions, with a small assembler of our own (no libbpf, no compiler).
 *
 *   tbpf probe            does the kernel take BPF_PROG_TYPE_TRACEPOINT
 *                         programs at all? (exit 4 when it does not)
 *   tbpf switch ioctl|link
 *                         a program on sched/sched_switch counts the
 *                         switches of each prev_pid (a hash map keyed by
 *                         it, so that a child's count starts at its birth);
 *                         a forked child does 200 short sleeps and exits;
 *                         a second program, on sched/sched_process_free,
 *                         tells when the child is gone for good (that event
 *                         comes after its last switch); prints
 *                         "ok switch-MODE pid=CHILD count=N" for the caller
 *                         to compare with the trace
 *   tbpf syscall          two programs on syscalls/sys_enter_getppid (one
 *                         attached by ioctl, one by a link with a cookie)
 *                         count our getppid() calls made on the last CPU
 *                         (the perf events are opened for CPU 0), read
 *                         __syscall_nr and the cookie; closing detaches
 *   tbpf rawtp            raw tracepoints: sys_enter with a cookie and its
 *                         args (the id, and on x86-64 the pt_regs that
 *                         bpf_probe_read_kernel reads a magic rdi from),
 *                         sched_switch's four args, a read past the last
 *                         arg refused, an unknown name refused; closing
 *                         detaches
 *   tbpf helpers          pid_tgid, uid_gid, comm, the CPU and ktime seen
 *                         by a tracepoint and a raw tracepoint program
 *   tbpf printk [MAGIC [N]]
 *                         N (100) getppid() calls, each printing
 *                         "tbpf MAGIC I\n" (I = 1..N) with bpf_trace_printk;
 *                         the caller reads the trace
 *   tbpf output           bpf_perf_event_output() into a BPF_OUTPUT perf
 *                         event's ring, read back through mmap
 *   tbpf stackid          bpf_get_stackid() on sched_switch
 *   tbpf query            PERF_EVENT_IOC_QUERY_BPF: the programs of a trace
 *                         event, from any of its perf events
 *   tbpf refuse           what attach refuses, with its errno, and that
 *                         the event works on after each refusal
 *   tbpf fdquery          BPF_TASK_FD_QUERY on perf and raw tracepoint fds
 *   tbpf kprobe [uprobe]  KPROBE programs on a kprobe event tbpf defines
 *                         (kprobes/tbpf_kp at __x64_sys_getppid) and
 *                         removes: counting our hits from the last CPU by
 *                         ioctl and by a link with a cookie, reading the
 *                         registers; what attach and load refuse; a
 *                         program returning 0 keeps the hit from perf's
 *                         ring but not from the trace (which it clears),
 *                         one returning 1 does not. With "uprobe", the
 *                         same on uprobes/tbpf_kp at a function of tbpf,
 *                         for kernels without kprobe events
 *   tbpf kpmu             probes of the kprobe PMU at __x64_sys_getppid,
 *                         opened as libbpf does: a kprobe's and a
 *                         kretprobe's counts, inherited by a child; raw
 *                         samples (their size, pid and address), none in
 *                         the trace; KPROBE programs by ioctl and by link,
 *                         a kretprobe's reading rax; BPF_TASK_FD_QUERY;
 *                         what the PMU refuses, with its errno
 *   tbpf upmu             probes of the uprobe PMU at a function of tbpf,
 *                         opened as libbpf does: a uprobe's and a
 *                         uretprobe's counts; KPROBE programs by ioctl
 *                         (reading the user's rdi) and by link (a cookie);
 *                         BPF_TASK_FD_QUERY; what the PMU refuses
 *   tbpf kmulti           kprobe_multi links on __x64_sys_getppid and
 *                         __x64_sys_getpid, by name and (a return link)
 *                         by address, a cookie each: hits counted by
 *                         cookie, bpf_get_func_ip(), a return's rax, link
 *                         info; what BPF_LINK_CREATE refuses
 *   tbpf umulti           uprobe_multi links on two functions of tbpf, a
 *                         cookie each: at entries for our pid (a child's
 *                         hits left out) and at returns (rax): hits by
 *                         cookie, bpf_get_func_ip(), link info; a
 *                         sleepable program reading user memory; what
 *                         BPF_LINK_CREATE refuses
 *   tbpf all              each of the above (switch twice) in a child
 *
 * Each check prints "ok NAME ..." or "FAIL NAME: why". Exit status: 0 when
 * all passed, 1 when any failed, 2 on bad usage, 3 on an internal error,
 * 4 when the kernel has no BPF programs on trace events (no bpf(2), or the
 * TRACEPOINT program type is unknown to it).
 *
 * Tracefs is at $TRACING, or /sys/kernel/tracing. Needs root.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <linux/bpf.h>
#include <linux/perf_event.h>
#ifdef __x86_64__
#include <asm/ptrace.h>
#endif

/* Magic values the programs look for or send. */
#define MAGIC_OUT	0x7462706600c0ffeeULL	/* perf_event_output */
#define MAGIC_DI	0x74627066d1d1d1d1ULL	/* rdi of getppid() */
#define COOKIE_LINK	0x5eed00000000abcdULL	/* BPF_LINK_CREATE */
#define COOKIE_RAW	0x5eed0000cafe1234ULL	/* BPF_RAW_TRACEPOINT_OPEN */

#define NCALLS		1000	/* getppid() calls per count */

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

static const char *tracing = "/sys/kernel/tracing";
static int failed;
static cpu_set_t allowed_cpus;

/* ---- reporting ---- */

static const char *ename(int e)
{
	const char *s = strerrorname_np(e);

	return s ? s : "E?";
}

static void ok(const char *name, const char *fmt, ...)
{
	va_list ap;

	printf("%s %s ", "ok", name);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
}

static void fail(const char *name, const char *fmt, ...)
{
	va_list ap;

	fputs("FAIL ", stdout);
	printf("%s: ", name);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
	failed++;
}

/* The kernel has no BPF on trace events: the caller skips. */
static void no_bpf_events(const char *why)
{
	printf("unsupported: %s\n", why);
	exit(4);
}

/* A bug of this program, not of the kernel. */
static void die(const char *why)
{
	fprintf(stderr, "tbpf: internal error: %s\n", why);
	exit(3);
}

/* ---- a small BPF assembler ---- */

enum { R0, R1, R2, R3, R4, R5, R6, R7, R8, R9, R10 };

#define INSN(c, d, s, o, i)						\
	((struct bpf_insn){ .code = (c), .dst_reg = (d), .src_reg = (s), \
			    .off = (o), .imm = (i) })
/* 64-bit ALU; an immediate is sign-extended from 32 bits. */
#define MOV_K(d, i)	INSN(BPF_ALU64 | BPF_MOV | BPF_K, d, 0, 0, i)
#define MOV_X(d, s)	INSN(BPF_ALU64 | BPF_MOV | BPF_X, d, s, 0, 0)
#define ADD_K(d, i)	INSN(BPF_ALU64 | BPF_ADD | BPF_K, d, 0, 0, i)
#define AND_K(d, i)	INSN(BPF_ALU64 | BPF_AND | BPF_K, d, 0, 0, i)
#define RSH_K(d, i)	INSN(BPF_ALU64 | BPF_RSH | BPF_K, d, 0, 0, i)
/* Memory: SZ is BPF_B, BPF_H, BPF_W or BPF_DW. */
#define LDX(sz, d, s, o)	INSN(BPF_LDX | BPF_MEM | (sz), d, s, o, 0)
#define STX(sz, d, s, o)	INSN(BPF_STX | BPF_MEM | (sz), d, s, o, 0)
#define ST(sz, d, o, i)		INSN(BPF_ST | BPF_MEM | (sz), d, 0, o, i)
/* *(u64 *)(d + o) += s, atomically: counters are hit on every CPU. */
#define XADD(d, s, o)	INSN(BPF_STX | BPF_ATOMIC | BPF_DW, d, s, o, BPF_ADD)
/* Jumps: the offset is filled in by jump() from a label. */
#define J_K(op, d, i)	INSN(BPF_JMP | (op) | BPF_K, d, 0, 0, i)
#define J_X(op, d, s)	INSN(BPF_JMP | (op) | BPF_X, d, s, 0, 0)
#define JA()		INSN(BPF_JMP | BPF_JA, 0, 0, 0, 0)
#define CALL(f)		INSN(BPF_JMP | BPF_CALL, 0, 0, 0, BPF_FUNC_##f)
#define EXIT()		INSN(BPF_JMP | BPF_EXIT, 0, 0, 0, 0)

#define MAX_INSNS	256
#define MAX_LABELS	32

struct prog {
	struct bpf_insn insn[MAX_INSNS];
	int n;				/* instructions so far */
	int to[MAX_INSNS];		/* the label insn[i] jumps to, or -1 */
	int label[MAX_LABELS];		/* where each label is, or -1 */
	int nlabels;
};

static void prog_init(struct prog *p)
{
	memset(p, 0, sizeof(*p));
	memset(p->to, -1, sizeof(p->to));
	memset(p->label, -1, sizeof(p->label));
}

static void emit(struct prog *p, struct bpf_insn insn)
{
	if (p->n >= MAX_INSNS)
		die("program too long");
	p->insn[p->n++] = insn;
}

static int new_label(struct prog *p)
{
	if (p->nlabels >= MAX_LABELS)
		die("too many labels");
	return p->nlabels++;
}

/* The next instruction is where label l is. */
static void place(struct prog *p, int l)
{
	p->label[l] = p->n;
}

static void jump(struct prog *p, struct bpf_insn insn, int l)
{
	p->to[p->n] = l;
	emit(p, insn);
}

/* Turn the labels into jump offsets (relative to the next instruction). */
static void resolve(struct prog *p)
{
	int i;

	for (i = 0; i < p->n; i++) {
		if (p->to[i] < 0)
			continue;
		if (p->label[p->to[i]] < 0)
			die("jump to a label never placed");
		p->insn[i].off = p->label[p->to[i]] - i - 1;
	}
}

/* d = v, all 64 bits: the two-slot load. */
static void ld64(struct prog *p, int d, __u64 v)
{
	emit(p, INSN(BPF_LD | BPF_DW | BPF_IMM, d, 0, 0, (__u32)v));
	emit(p, INSN(0, 0, 0, 0, (__u32)(v >> 32)));
}

/* d = the map of fd (the verifier turns the fd into the map's address). */
static void ld_map(struct prog *p, int d, int fd)
{
	emit(p, INSN(BPF_LD | BPF_DW | BPF_IMM, d, BPF_PSEUDO_MAP_FD, 0, fd));
	emit(p, INSN(0, 0, 0, 0, 0));
}

/* r0 = &map[key], or go to l when there is none. Clobbers r1-r5. */
static void lookup(struct prog *p, int map, __u32 key, int l)
{
	emit(p, ST(BPF_W, R10, -4, key));
	ld_map(p, R1, map);
	emit(p, MOV_X(R2, R10));
	emit(p, ADD_K(R2, -4));
	emit(p, CALL(map_lookup_elem));
	jump(p, J_K(BPF_JEQ, R0, 0), l);
}

/* map[key] += 1. Clobbers r0-r5. */
static void count(struct prog *p, int map, __u32 key)
{
	int l = new_label(p);

	lookup(p, map, key, l);
	emit(p, MOV_K(R1, 1));
	emit(p, XADD(R0, R1, 0));
	place(p, l);
}

/* map[key] = reg, one of r6-r9 (the registers calls preserve). */
static void store(struct prog *p, int map, __u32 key, int reg)
{
	int l = new_label(p);

	lookup(p, map, key, l);
	emit(p, STX(BPF_DW, R0, reg, 0));
	place(p, l);
}

/* Go to l unless the current task is a thread of process tgid. */
static void only_tgid(struct prog *p, __u32 tgid, int l)
{
	emit(p, CALL(get_current_pid_tgid));
	emit(p, RSH_K(R0, 32));
	jump(p, J_K(BPF_JNE, R0, tgid), l);
}

/* Place l and end there with "return 0". */
static void ret0_at(struct prog *p, int l)
{
	place(p, l);
	emit(p, MOV_K(R0, 0));
	emit(p, EXIT());
}

/* ---- bpf(2) ---- */

static long sys_bpf(int cmd, union bpf_attr *a)
{
	return syscall(__NR_bpf, cmd, a, sizeof(*a));
}

static char vlog[1 << 16];

/* The verifier's last words, for a message. */
static const char *vlog_last(void)
{
	static char line[200];
	char *end = vlog + strlen(vlog), *s;

	while (end > vlog && end[-1] == '\n')
		end--;
	for (s = end; s > vlog && s[-1] != '\n'; s--)
		;
	snprintf(line, sizeof(line), "%.*s", (int)(end - s), s);
	return line;
}

/*
 * Load the program: its fd, or -1 with errno set (and the verifier's log
 * in vlog). The kernel without BPF events does not know the TRACEPOINT
 * and RAW_TRACEPOINT types: EINVAL before the verifier has said a word.
 */
static int load_as(int type, int attach_type, struct prog *p,
		   const char *name)
{
	union bpf_attr a;
	int fd, e;

	resolve(p);
	memset(&a, 0, sizeof(a));
	a.prog_type = type;
	a.expected_attach_type = attach_type;
	a.insns = (unsigned long)p->insn;
	a.insn_cnt = p->n;
	a.license = (unsigned long)"GPL";
	snprintf(a.prog_name, sizeof(a.prog_name), "%s", name);
	vlog[0] = 0;
	fd = sys_bpf(BPF_PROG_LOAD, &a);
	if (fd >= 0)
		return fd;
	/* The sysctl is there whenever the bpf() system call is. */
	if (access("/proc/sys/kernel/unprivileged_bpf_disabled", F_OK))
		no_bpf_events("no bpf(2) system call");
	/* Again, with the log, for the reason. */
	a.log_level = 1;
	a.log_buf = (unsigned long)vlog;
	a.log_size = sizeof(vlog);
	fd = sys_bpf(BPF_PROG_LOAD, &a);
	if (fd >= 0)
		return fd;
	e = errno;
	if (e == EINVAL && !vlog[0] && type == BPF_PROG_TYPE_TRACEPOINT)
		no_bpf_events("BPF_PROG_TYPE_TRACEPOINT is unknown (EINVAL)");
	errno = e;
	return -1;
}

static int load(int type, struct prog *p, const char *name)
{
	return load_as(type, 0, p, name);
}

/* load(), and a failure of check name when it fails. */
static int load_or_fail(const char *name, int type, struct prog *p,
			const char *pname)
{
	int fd = load(type, p, pname);

	if (fd < 0)
		fail(name, "loading %s: %s: %s", pname, ename(errno),
		     vlog_last());
	return fd;
}

/* "r0 = 0; exit", the smallest program of a type. */
static int load_nop(int type, const char *pname)
{
	struct prog p;

	prog_init(&p);
	emit(&p, MOV_K(R0, 0));
	emit(&p, EXIT());
	return load(type, &p, pname);
}

static int map_new(int type, int ksize, int vsize, int max, int flags)
{
	union bpf_attr a;

	memset(&a, 0, sizeof(a));
	a.map_type = type;
	a.key_size = ksize;
	a.value_size = vsize;
	a.max_entries = max;
	a.map_flags = flags;
	return sys_bpf(BPF_MAP_CREATE, &a);
}

/* An array of n u64 slots, all zero. */
static int slots_new(const char *name, int n)
{
	int fd = map_new(BPF_MAP_TYPE_ARRAY, 4, 8, n, 0);

	if (fd < 0)
		fail(name, "creating an array map: %s", ename(errno));
	return fd;
}

static int map_get(int fd, __u32 key, void *val)
{
	union bpf_attr a;

	memset(&a, 0, sizeof(a));
	a.map_fd = fd;
	a.key = (unsigned long)&key;
	a.value = (unsigned long)val;
	return sys_bpf(BPF_MAP_LOOKUP_ELEM, &a);
}

static int map_set(int fd, __u32 key, const void *val)
{
	union bpf_attr a;

	memset(&a, 0, sizeof(a));
	a.map_fd = fd;
	a.key = (unsigned long)&key;
	a.value = (unsigned long)val;
	return sys_bpf(BPF_MAP_UPDATE_ELEM, &a);
}

/* The key after *prev (the first with prev NULL): 0, or -1 at the end. */
static int map_next(int fd, const __u32 *prev, __u32 *next)
{
	union bpf_attr a;

	memset(&a, 0, sizeof(a));
	a.map_fd = fd;
	a.key = (unsigned long)prev;
	a.next_key = (unsigned long)next;
	return sys_bpf(BPF_MAP_GET_NEXT_KEY, &a);
}

/* Slot key of an array of u64 (all ~0 when it cannot be read). */
static __u64 slot(int fd, __u32 key)
{
	__u64 v;

	if (map_get(fd, key, &v) < 0)
		return ~0ULL;
	return v;
}

static __u32 prog_id(int fd)
{
	struct bpf_prog_info info;
	union bpf_attr a;

	memset(&info, 0, sizeof(info));
	memset(&a, 0, sizeof(a));
	a.info.bpf_fd = fd;
	a.info.info_len = sizeof(info);
	a.info.info = (unsigned long)&info;
	if (sys_bpf(BPF_OBJ_GET_INFO_BY_FD, &a) < 0)
		return 0;
	return info.id;
}

/*
 * BPF_RAW_TRACEPOINT_OPEN as of 6.10, with the cookie that older UAPI
 * headers (the host's may be one) lack: name, prog_fd, then the cookie
 * at offset 16.
 */
struct raw_tp_open {
	__u64 name;
	__u32 prog_fd;
	__u32 pad;
	__u64 cookie;
};

static int raw_open(const char *tp, int prog, __u64 cookie)
{
	struct raw_tp_open r = {
		.name = (unsigned long)tp, .prog_fd = prog, .cookie = cookie,
	};
	union bpf_attr a;

	memset(&a, 0, sizeof(a));
	memcpy(&a, &r, sizeof(r));
	return sys_bpf(BPF_RAW_TRACEPOINT_OPEN, &a);
}

struct fd_info {
	__u32 type, prog_id;
	__u64 offset, addr;
	char buf[64];
};

/* BPF_TASK_FD_QUERY of our fd. */
static int fd_query(int fd, struct fd_info *q)
{
	union bpf_attr a;

	memset(q, 0, sizeof(*q));
	memset(&a, 0, sizeof(a));
	a.task_fd_query.pid = getpid();
	a.task_fd_query.fd = fd;
	a.task_fd_query.buf = (unsigned long)q->buf;
	a.task_fd_query.buf_len = sizeof(q->buf);
	if (sys_bpf(BPF_TASK_FD_QUERY, &a) < 0)
		return -1;
	q->type = a.task_fd_query.fd_type;
	q->prog_id = a.task_fd_query.prog_id;
	q->offset = a.task_fd_query.probe_offset;
	q->addr = a.task_fd_query.probe_addr;
	return 0;
}

/* ---- perf events and tracefs ---- */

static int perf_open(struct perf_event_attr *a, int pid, int cpu)
{
	a->size = sizeof(*a);
	return syscall(__NR_perf_event_open, a, pid, cpu, -1,
		       PERF_FLAG_FD_CLOEXEC);
}

/* Read the file at TRACING/path into buf (NUL-terminated): 0, or -1. */
static int read_tracefs(const char *path, char *buf, size_t size)
{
	char full[512];
	ssize_t n, got = 0;
	int fd;

	snprintf(full, sizeof(full), "%s/%s", tracing, path);
	fd = open(full, O_RDONLY);
	if (fd < 0)
		return -1;
	while ((n = read(fd, buf + got, size - 1 - got)) > 0)
		got += n;
	close(fd);
	buf[got] = 0;
	return n < 0 ? -1 : 0;
}

static int event_id(const char *sys, const char *ev)
{
	char path[256], buf[32];

	snprintf(path, sizeof(path), "events/%s/%s/id", sys, ev);
	if (read_tracefs(path, buf, sizeof(buf)) < 0)
		return -1;
	return atoi(buf);
}

/*
 * A perf event on trace event sys/ev, as libbpf opens it: every task, CPU
 * 0, a sample per hit (nobody reads them), disabled until attached. The
 * programs must run on every CPU all the same.
 */
static int tp_open(const char *name, const char *sys, const char *ev)
{
	struct perf_event_attr a;
	int id = event_id(sys, ev), fd;

	if (id < 0) {
		fail(name, "no id for %s/%s in tracefs", sys, ev);
		return -1;
	}
	memset(&a, 0, sizeof(a));
	a.type = PERF_TYPE_TRACEPOINT;
	a.config = id;
	a.sample_period = 1;
	a.wakeup_events = 1;
	a.disabled = 1;
	fd = perf_open(&a, -1, 0);
	if (fd < 0)
		fail(name, "perf_event_open of %s/%s: %s", sys, ev,
		     ename(errno));
	return fd;
}

/*
 * The offset and size of field fname of sys/ev, from its format file; with
 * fname NULL, where the record's last fixed field ends (size 0).
 */
static int format_field(const char *sys, const char *ev, const char *fname,
			int *off, int *size)
{
	char path[256], buf[16384], *line, *save;
	int end = 0;

	snprintf(path, sizeof(path), "events/%s/%s/format", sys, ev);
	if (read_tracefs(path, buf, sizeof(buf)) < 0)
		return -1;
	for (line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char *decl = strstr(line, "field:"), *semi, *name, *o, *s;
		size_t len;

		if (!decl)
			continue;
		semi = strchr(decl, ';');
		o = strstr(line, "offset:");
		s = strstr(line, "size:");
		if (!semi || !o || !s)
			continue;
		/* The name is the declaration's last word, less any [N]. */
		for (name = semi; name > decl && name[-1] != ' '; name--)
			;
		len = strcspn(name, "[;");
		if (fname && strlen(fname) == len &&
		    !strncmp(name, fname, len)) {
			*off = atoi(o + 7);
			*size = atoi(s + 5);
			return 0;
		}
		if (atoi(o + 7) + atoi(s + 5) > end)
			end = atoi(o + 7) + atoi(s + 5);
	}
	if (fname || !end)
		return -1;
	*off = end;
	*size = 0;
	return 0;
}

/* format_field(), and a failure of check name when there is no such field. */
static int format_field_or_fail(const char *name, const char *sys,
				const char *ev, const char *fname, int *off)
{
	int size;

	if (format_field(sys, ev, fname, off, &size) < 0) {
		fail(name, "events/%s/%s/format: no %s", sys, ev,
		     fname ?: "field");
		return -1;
	}
	return 0;
}

enum { VIA_IOCTL, VIA_LINK };

/*
 * Attach prog to perf event pfd, by PERF_EVENT_IOC_SET_BPF or by a
 * BPF_PERF_EVENT link with a cookie, and enable the event. Returns the
 * link's fd (0 for the ioctl), or -1 with errno set.
 */
static int attach(int how, int pfd, int prog, __u64 cookie)
{
	union bpf_attr a;
	int ret;

	if (how == VIA_LINK) {
		memset(&a, 0, sizeof(a));
		a.link_create.prog_fd = prog;
		a.link_create.target_fd = pfd;
		a.link_create.attach_type = BPF_PERF_EVENT;
		a.link_create.perf_event.bpf_cookie = cookie;
		ret = sys_bpf(BPF_LINK_CREATE, &a);
	} else {
		ret = ioctl(pfd, PERF_EVENT_IOC_SET_BPF, prog);
	}
	if (ret < 0)
		return -1;
	if (ioctl(pfd, PERF_EVENT_IOC_ENABLE, 0) < 0)
		return -1;
	return ret;
}

/* attach(), and a failure of check name when it fails. */
static int attach_or_fail(const char *name, int how, int pfd, int prog,
			  __u64 cookie)
{
	int ret = attach(how, pfd, prog, cookie);

	if (ret < 0)
		fail(name, "attaching by %s: %s",
		     how == VIA_LINK ? "link" : "ioctl", ename(errno));
	return ret;
}

/* ---- the process ---- */

/* Pin the caller to the last CPU it may run on; return that CPU. */
static int pin_last_cpu(void)
{
	cpu_set_t one;
	int cpu;

	for (cpu = CPU_SETSIZE - 1; cpu > 0; cpu--)
		if (CPU_ISSET(cpu, &allowed_cpus))
			break;
	CPU_ZERO(&one);
	CPU_SET(cpu, &one);
	if (sched_setaffinity(0, sizeof(one), &one) < 0)
		die("sched_setaffinity");
	return cpu;
}

static void unpin(void)
{
	sched_setaffinity(0, sizeof(allowed_cpus), &allowed_cpus);
}

static void getppid_n(int n)
{
	while (n-- > 0)
		syscall(SYS_getppid);
}

static void sleep_us(long us)
{
	struct timespec ts = { us / 1000000, us % 1000000 * 1000 };

	nanosleep(&ts, NULL);
}

static __u64 now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

static __u64 my_pid_tgid(void)
{
	return (__u64)getpid() << 32 | (__u32)gettid();
}

/* ---- the checks ---- */

static void check_probe(void)
{
	int fd;

	if (event_id("sched", "sched_switch") < 0)
		no_bpf_events("no events/sched/sched_switch/id in tracefs");
	fd = load_nop(BPF_PROG_TYPE_TRACEPOINT, "tbpf_probe");
	if (fd < 0) {
		fail("probe", "loading a TRACEPOINT program: %s: %s",
		     ename(errno), vlog_last());
		return;
	}
	ok("probe", "BPF_PROG_TYPE_TRACEPOINT programs load");
	close(fd);
}

/*
 * Every switch of a child, from its birth to its end, counted by a program
 * on sched_switch, for the caller to compare with the trace it recorded at
 * the same time. The child's pid is not known before it runs, so the
 * program counts every prev_pid in a hash map. Its last switch may come
 * after wait() returns (the parent is told at exit_notify(), before the
 * child schedules for the last time); sched_process_free comes only after
 * it (the task is freed when both the parent has reaped it and its last
 * switch has dropped the scheduler's reference). The parent makes no bpf(2)
 * call while the child lives (a map operation holds off the programs of
 * its CPU, where the child may be switching): it gives the child's pid to
 * the second program, and learns of the free, through a memory-mapped
 * array.
 */
static void check_switch(int how)
{
	const char *name = how == VIA_LINK ? "switch-link" : "switch-ioctl";
	int pid_off, free_off, counts, shared, swp, frp, sw, fr, l;
	__u64 *sh;
	struct prog p;
	__u64 n = 0;
	pid_t child;
	int i, status;

	if (format_field_or_fail(name, "sched", "sched_switch", "prev_pid",
				 &pid_off) ||
	    format_field_or_fail(name, "sched", "sched_process_free", "pid",
				 &free_off))
		return;
	counts = map_new(BPF_MAP_TYPE_HASH, 4, 8, 4096, 0);
	shared = map_new(BPF_MAP_TYPE_ARRAY, 4, 16, 1, BPF_F_MMAPABLE);
	if (counts < 0 || shared < 0) {
		fail(name, "creating the maps: %s", ename(errno));
		return;
	}
	sh = mmap(NULL, sysconf(_SC_PAGESIZE), PROT_READ | PROT_WRITE,
		  MAP_SHARED, shared, 0);
	if (sh == MAP_FAILED) {
		fail(name, "mmap of the array: %s", ename(errno));
		return;
	}

	/* counts[prev_pid] += 1, inserting 1 the first time. */
	prog_init(&p);
	l = new_label(&p);
	i = new_label(&p);
	emit(&p, LDX(BPF_W, R7, R1, pid_off));
	emit(&p, STX(BPF_W, R10, R7, -4));
	ld_map(&p, R1, counts);
	emit(&p, MOV_X(R2, R10));
	emit(&p, ADD_K(R2, -4));
	emit(&p, CALL(map_lookup_elem));
	jump(&p, J_K(BPF_JEQ, R0, 0), i);
	emit(&p, MOV_K(R1, 1));
	emit(&p, XADD(R0, R1, 0));
	jump(&p, JA(), l);
	place(&p, i);
	emit(&p, ST(BPF_DW, R10, -16, 1));
	ld_map(&p, R1, counts);
	emit(&p, MOV_X(R2, R10));
	emit(&p, ADD_K(R2, -4));
	emit(&p, MOV_X(R3, R10));
	emit(&p, ADD_K(R3, -16));
	emit(&p, MOV_K(R4, BPF_NOEXIST));
	emit(&p, CALL(map_update_elem));
	ret0_at(&p, l);
	swp = load_or_fail(name, BPF_PROG_TYPE_TRACEPOINT, &p, "tbpf_switch");

	/* shared = {pid, done}: done = 1 when pid is freed. */
	prog_init(&p);
	l = new_label(&p);
	emit(&p, LDX(BPF_W, R7, R1, free_off));
	lookup(&p, shared, 0, l);
	emit(&p, LDX(BPF_DW, R1, R0, 0));
	jump(&p, J_X(BPF_JNE, R1, R7), l);
	emit(&p, MOV_K(R1, 1));
	emit(&p, STX(BPF_DW, R0, R1, 8));
	ret0_at(&p, l);
	frp = load_or_fail(name, BPF_PROG_TYPE_TRACEPOINT, &p, "tbpf_free");
	if (swp < 0 || frp < 0)
		return;

	sw = tp_open(name, "sched", "sched_switch");
	fr = tp_open(name, "sched", "sched_process_free");
	if (sw < 0 || fr < 0 ||
	    attach_or_fail(name, how, sw, swp, 0) < 0 ||
	    attach_or_fail(name, how, fr, frp, 0) < 0)
		return;

	fflush(stdout);
	child = fork();
	if (child < 0)
		die("fork");
	if (!child) {
		for (i = 0; i < 200; i++)
			sleep_us(100);
		_exit(0);
	}
	__atomic_store_n(&sh[0], child, __ATOMIC_RELAXED);
	if (waitpid(child, &status, 0) != child || !WIFEXITED(status) ||
	    WEXITSTATUS(status)) {
		fail(name, "the child did not exit well");
		return;
	}
	/* Its end, seen on sched_process_free: up to 30 s. */
	for (i = 0; i < 3000 && !__atomic_load_n(&sh[1], __ATOMIC_ACQUIRE); i++)
		sleep_us(10000);
	if (!__atomic_load_n(&sh[1], __ATOMIC_ACQUIRE)) {
		fail(name, "no sched_process_free of the child %d in 30 s",
		     child);
		return;
	}
	if (map_get(counts, child, &n) < 0 || !n) {
		fail(name, "no switch of the child %d was counted", child);
		return;
	}
	ok(name, "pid=%d count=%llu", child, (unsigned long long)n);
}

/*
 * syscalls/sys_enter_getppid, from CPU 0 perf events while we call from
 * the last CPU: one program by ioctl counting our calls and those whose
 * __syscall_nr is getppid's, one by a link reading its cookie. Closing
 * the link, then the perf event, detaches them.
 */
static void check_syscall(void)
{
	const char *name = "syscall";
	int nr_off, cnt, p1, p2, e1, e2, link, cpu, l;
	struct prog p;
	__u64 v[4];
	int i;

	if (format_field_or_fail(name, "syscalls", "sys_enter_getppid",
				 "__syscall_nr", &nr_off))
		return;
	cnt = slots_new(name, 4);
	if (cnt < 0)
		return;

	/* [0] += 1 for each call of ours; [1] += 1 if __syscall_nr fits. */
	prog_init(&p);
	l = new_label(&p);
	emit(&p, MOV_X(R6, R1));
	only_tgid(&p, getpid(), l);
	count(&p, cnt, 0);
	emit(&p, LDX(BPF_W, R1, R6, nr_off));
	jump(&p, J_K(BPF_JNE, R1, SYS_getppid), l);
	count(&p, cnt, 1);
	ret0_at(&p, l);
	p1 = load_or_fail(name, BPF_PROG_TYPE_TRACEPOINT, &p, "tbpf_sc_ioctl");

	/* [2] += 1 for each call of ours; [3] = the attach cookie. */
	prog_init(&p);
	l = new_label(&p);
	emit(&p, MOV_X(R6, R1));
	only_tgid(&p, getpid(), l);
	count(&p, cnt, 2);
	emit(&p, MOV_X(R1, R6));
	emit(&p, CALL(get_attach_cookie));
	emit(&p, MOV_X(R7, R0));
	store(&p, cnt, 3, R7);
	ret0_at(&p, l);
	p2 = load_or_fail(name, BPF_PROG_TYPE_TRACEPOINT, &p, "tbpf_sc_link");
	if (p1 < 0 || p2 < 0)
		return;

	e1 = tp_open(name, "syscalls", "sys_enter_getppid");
	e2 = tp_open(name, "syscalls", "sys_enter_getppid");
	if (e1 < 0 || e2 < 0 ||
	    attach_or_fail(name, VIA_IOCTL, e1, p1, 0) < 0)
		return;
	link = attach_or_fail(name, VIA_LINK, e2, p2, COOKIE_LINK);
	if (link < 0)
		return;
	cpu = pin_last_cpu();
	getppid_n(NCALLS);
	unpin();
	close(link);
	getppid_n(10);
	close(e1);
	getppid_n(10);
	for (i = 0; i < 4; i++)
		v[i] = slot(cnt, i);
	/* The ioctl's program was still there for the 10 after the link. */
	if (v[0] != NCALLS + 10)
		fail("syscall-ioctl", "%llu calls counted, not %d+10 (on CPU %d)",
		     (unsigned long long)v[0], NCALLS, cpu);
	else if (v[1] != v[0])
		fail("syscall-ioctl", "__syscall_nr was %d in %llu of %llu records",
		     SYS_getppid, (unsigned long long)v[1],
		     (unsigned long long)v[0]);
	else
		ok("syscall-ioctl", "count=%d+10 (%d on CPU %d), __syscall_nr at %d",
		   NCALLS, NCALLS, cpu, nr_off);
	if (v[2] != NCALLS)
		fail("syscall-link", "%llu calls counted, not %d (on CPU %d)",
		     (unsigned long long)v[2], NCALLS, cpu);
	else if (v[3] != COOKIE_LINK)
		fail("syscall-link", "bpf_get_attach_cookie() gave %#llx, not %#llx",
		     (unsigned long long)v[3], COOKIE_LINK);
	else
		ok("syscall-link", "count=%d cookie=%#llx", NCALLS, COOKIE_LINK);
	close(e2);
}

/*
 * Raw tracepoints. sys_enter (args: struct pt_regs *regs, long id): our
 * getppid() calls, the cookie, and (x86-64) the rdi we passed, read from
 * regs with bpf_probe_read_kernel(). sched_switch (args: bool preempt,
 * struct task_struct *prev, *next, unsigned int prev_state): our sleeps.
 */
static void check_rawtp(void)
{
	const char *name = "rawtp";
	int cnt, sw, p1, p2, p3, fd, l, bad, i;
	struct prog p;
	__u64 v[3];

	cnt = slots_new(name, 3);
	sw = slots_new(name, 3);
	if (cnt < 0 || sw < 0)
		return;

	/* [0] += 1 for each getppid() of ours, [1] = cookie, [2]: rdi. */
	prog_init(&p);
	l = new_label(&p);
	emit(&p, MOV_X(R6, R1));
	only_tgid(&p, getpid(), l);
	emit(&p, LDX(BPF_DW, R1, R6, 8));
	jump(&p, J_K(BPF_JNE, R1, SYS_getppid), l);
	count(&p, cnt, 0);
	emit(&p, MOV_X(R1, R6));
	emit(&p, CALL(get_attach_cookie));
	emit(&p, MOV_X(R7, R0));
	store(&p, cnt, 1, R7);
#ifdef __x86_64__
	emit(&p, LDX(BPF_DW, R3, R6, 0));
	emit(&p, ADD_K(R3, offsetof(struct pt_regs, rdi)));
	emit(&p, MOV_X(R1, R10));
	emit(&p, ADD_K(R1, -8));
	emit(&p, MOV_K(R2, 8));
	emit(&p, CALL(probe_read_kernel));
	jump(&p, J_K(BPF_JNE, R0, 0), l);
	emit(&p, LDX(BPF_DW, R1, R10, -8));
	ld64(&p, R2, MAGIC_DI);
	jump(&p, J_X(BPF_JNE, R1, R2), l);
	count(&p, cnt, 2);
#endif
	ret0_at(&p, l);
	p1 = load_or_fail(name, BPF_PROG_TYPE_RAW_TRACEPOINT, &p,
			  "tbpf_raw_enter");

	/*
	 * For each switch of ours: [0] += 1; [1] += 1 when it went to sleep
	 * (not preempted, prev_state TASK_INTERRUPTIBLE in its low byte);
	 * [2] += 1 when prev or next is NULL, or they are the same.
	 */
	prog_init(&p);
	l = new_label(&p);
	bad = new_label(&p);
	emit(&p, MOV_X(R6, R1));
	only_tgid(&p, getpid(), l);
	count(&p, sw, 0);
	emit(&p, LDX(BPF_DW, R1, R6, 8));
	emit(&p, LDX(BPF_DW, R2, R6, 16));
	jump(&p, J_K(BPF_JEQ, R1, 0), bad);
	jump(&p, J_K(BPF_JEQ, R2, 0), bad);
	jump(&p, J_X(BPF_JEQ, R1, R2), bad);
	emit(&p, LDX(BPF_DW, R1, R6, 0));
	jump(&p, J_K(BPF_JNE, R1, 0), l);
	emit(&p, LDX(BPF_DW, R1, R6, 24));
	emit(&p, AND_K(R1, 0xff));
	jump(&p, J_K(BPF_JNE, R1, 1), l);
	count(&p, sw, 1);
	jump(&p, JA(), l);
	place(&p, bad);
	count(&p, sw, 2);
	ret0_at(&p, l);
	p2 = load_or_fail(name, BPF_PROG_TYPE_RAW_TRACEPOINT, &p,
			  "tbpf_raw_switch");

	/* Reads a fifth argument, which sched_switch does not have. */
	prog_init(&p);
	emit(&p, LDX(BPF_DW, R0, R1, 32));
	emit(&p, MOV_K(R0, 0));
	emit(&p, EXIT());
	p3 = load_or_fail(name, BPF_PROG_TYPE_RAW_TRACEPOINT, &p,
			  "tbpf_raw_arg4");
	if (p1 < 0 || p2 < 0 || p3 < 0)
		return;

	fd = raw_open("sys_enter", p1, COOKIE_RAW);
	if (fd < 0) {
		fail("rawtp-sys_enter", "BPF_RAW_TRACEPOINT_OPEN: %s",
		     ename(errno));
	} else {
		for (i = 0; i < NCALLS; i++)
			syscall(SYS_getppid, MAGIC_DI);
		close(fd);
		getppid_n(10);
		for (i = 0; i < 3; i++)
			v[i] = slot(cnt, i);
		if (v[0] != NCALLS)
			fail("rawtp-sys_enter", "%llu of %d calls counted (10 more after close)",
			     (unsigned long long)v[0], NCALLS);
		else if (v[1] != COOKIE_RAW)
			fail("rawtp-sys_enter", "bpf_get_attach_cookie() gave %#llx, not %#llx",
			     (unsigned long long)v[1], COOKIE_RAW);
#ifdef __x86_64__
		else if (v[2] != NCALLS)
			fail("rawtp-sys_enter", "regs->di was our %#llx in %llu of %d calls",
			     MAGIC_DI, (unsigned long long)v[2], NCALLS);
#endif
		else
			ok("rawtp-sys_enter", "count=%d cookie=%#llx%s", NCALLS,
			   COOKIE_RAW, v[2] == NCALLS ? " regs->di read" : "");
	}

	fd = raw_open("sched_switch", p2, 0);
	if (fd < 0) {
		fail("rawtp-sched_switch", "BPF_RAW_TRACEPOINT_OPEN: %s",
		     ename(errno));
	} else {
		for (i = 0; i < 20; i++)
			sleep_us(1000);
		close(fd);
		for (i = 0; i < 3; i++)
			v[i] = slot(sw, i);
		if (v[0] < 1 || v[1] < 1 || v[1] > v[0] || v[2])
			fail("rawtp-sched_switch", "%llu switches, %llu to sleep, %llu bad",
			     (unsigned long long)v[0],
			     (unsigned long long)v[1],
			     (unsigned long long)v[2]);
		else
			ok("rawtp-sched_switch", "%llu switches, %llu to sleep",
			   (unsigned long long)v[0], (unsigned long long)v[1]);
	}

	fd = raw_open("sched_switch", p3, 0);
	if (fd >= 0)
		fail("rawtp-args", "a read of sched_switch's args[4] was attached");
	else if (errno != EINVAL)
		fail("rawtp-args", "a read of sched_switch's args[4]: %s, not EINVAL",
		     ename(errno));
	else
		ok("rawtp-args", "args[4] of sched_switch refused: EINVAL");
	if (fd >= 0)
		close(fd);

	fd = raw_open("tbpf_no_such_tracepoint", p1, 0);
	if (fd >= 0)
		fail("rawtp-unknown", "an unknown tracepoint was attached");
	else if (errno != ENOENT)
		fail("rawtp-unknown", "an unknown tracepoint: %s, not ENOENT",
		     ename(errno));
	else
		ok("rawtp-unknown", "ENOENT");
}

/* What a helpers program records of the call. */
struct seen {
	__u64 pid_tgid, uid_gid, cpu, ktime;
	char comm[16];
	__u64 count;
};

/*
 * The same helpers from a program of type (on sys_enter_getppid, or the
 * raw sys_enter for getppid): the first call of ours fills struct seen.
 */
static int helpers_prog(const char *name, int type, int res)
{
	struct prog p;
	int l;

	prog_init(&p);
	l = new_label(&p);
	emit(&p, MOV_X(R6, R1));
	emit(&p, CALL(get_current_pid_tgid));
	emit(&p, MOV_X(R7, R0));
	emit(&p, RSH_K(R0, 32));
	jump(&p, J_K(BPF_JNE, R0, getpid()), l);
	if (type == BPF_PROG_TYPE_RAW_TRACEPOINT) {
		emit(&p, LDX(BPF_DW, R1, R6, 8));
		jump(&p, J_K(BPF_JNE, R1, SYS_getppid), l);
	}
	lookup(&p, res, 0, l);
	emit(&p, MOV_X(R8, R0));
	emit(&p, STX(BPF_DW, R8, R7, offsetof(struct seen, pid_tgid)));
	emit(&p, CALL(get_current_uid_gid));
	emit(&p, STX(BPF_DW, R8, R0, offsetof(struct seen, uid_gid)));
	emit(&p, CALL(get_smp_processor_id));
	emit(&p, STX(BPF_DW, R8, R0, offsetof(struct seen, cpu)));
	emit(&p, CALL(ktime_get_ns));
	emit(&p, STX(BPF_DW, R8, R0, offsetof(struct seen, ktime)));
	emit(&p, MOV_X(R1, R8));
	emit(&p, ADD_K(R1, offsetof(struct seen, comm)));
	emit(&p, MOV_K(R2, sizeof(((struct seen *)0)->comm)));
	emit(&p, CALL(get_current_comm));
	emit(&p, MOV_K(R1, 1));
	emit(&p, XADD(R8, R1, offsetof(struct seen, count)));
	ret0_at(&p, l);
	return load_or_fail(name, type, &p, "tbpf_helpers");
}

/*
 * One getppid() with a comm, real uid and gid of our choosing (the
 * effective ids stay root's), pinned to the last CPU, between two
 * readings of CLOCK_MONOTONIC, which bpf_ktime_get_ns() reads too.
 */
static void check_helpers_of(const char *name, int type)
{
	const char *comm = "tbpf-helpers";
	const __u32 uid = 1234, gid = 4321;
	int res, prog, fd, cpu;
	__u64 t0, t1, want;
	struct seen s;

	res = map_new(BPF_MAP_TYPE_ARRAY, 4, sizeof(s), 1, 0);
	if (res < 0) {
		fail(name, "creating the map: %s", ename(errno));
		return;
	}
	prog = helpers_prog(name, type, res);
	if (prog < 0)
		return;
	if (type == BPF_PROG_TYPE_TRACEPOINT) {
		fd = tp_open(name, "syscalls", "sys_enter_getppid");
		if (fd < 0 || attach_or_fail(name, VIA_IOCTL, fd, prog, 0) < 0)
			return;
	} else {
		fd = raw_open("sys_enter", prog, 0);
		if (fd < 0) {
			fail(name, "BPF_RAW_TRACEPOINT_OPEN: %s", ename(errno));
			return;
		}
	}
	cpu = pin_last_cpu();
	prctl(PR_SET_NAME, comm);
	if (setresgid(gid, -1, -1) || setresuid(uid, -1, -1))
		die("setresuid");
	t0 = now_ns();
	syscall(SYS_getppid);
	t1 = now_ns();
	if (setresuid(0, -1, -1) || setresgid(0, -1, -1))
		die("setresuid back");
	prctl(PR_SET_NAME, "tbpf");
	unpin();
	close(fd);
	if (map_get(res, 0, &s) < 0) {
		fail(name, "reading the map: %s", ename(errno));
		return;
	}
	want = (__u64)gid << 32 | uid;
	if (s.count != 1)
		fail(name, "the program ran %llu times for one call",
		     (unsigned long long)s.count);
	else if (s.pid_tgid != my_pid_tgid())
		fail(name, "bpf_get_current_pid_tgid() %#llx, not %#llx",
		     (unsigned long long)s.pid_tgid,
		     (unsigned long long)my_pid_tgid());
	else if (s.uid_gid != want)
		fail(name, "bpf_get_current_uid_gid() %#llx, not %#llx",
		     (unsigned long long)s.uid_gid, (unsigned long long)want);
	else if (s.cpu != (__u64)cpu)
		fail(name, "bpf_get_smp_processor_id() %llu, not %d",
		     (unsigned long long)s.cpu, cpu);
	else if (s.ktime < t0 || s.ktime > t1)
		fail(name, "bpf_ktime_get_ns() %llu, not in [%llu, %llu]",
		     (unsigned long long)s.ktime, (unsigned long long)t0,
		     (unsigned long long)t1);
	else if (strncmp(s.comm, comm, sizeof(s.comm)))
		fail(name, "bpf_get_current_comm() '%.16s', not '%s'", s.comm,
		     comm);
	else
		ok(name, "pid_tgid uid_gid=%#llx cpu=%d ktime comm=%s",
		   (unsigned long long)want, cpu, comm);
}

static void check_helpers(void)
{
	check_helpers_of("helpers-tp", BPF_PROG_TYPE_TRACEPOINT);
	check_helpers_of("helpers-rawtp", BPF_PROG_TYPE_RAW_TRACEPOINT);
}

/*
 * bpf_trace_printk("tbpf %d %d\n", magic, i) for our i-th getppid(): the
 * caller finds them in the trace, one line each.
 */
static void check_printk(unsigned int magic, int n)
{
	const char *name = "printk";
	static const char fmt[16] = "tbpf %d %d\n";
	__u64 words[2];
	int cnt, prog, fd, l, err, wait;
	struct prog p;
	char buf[8];

	if (magic > 0x7fffffff || n < 1) {
		fail(name, "bad magic %u or count %d", magic, n);
		return;
	}
	cnt = slots_new(name, 3);
	if (cnt < 0)
		return;
	memcpy(words, fmt, sizeof(words));

	/* i = ++[0]; printk; [1] += 1 when it fails, [2] = why. */
	prog_init(&p);
	l = new_label(&p);
	err = new_label(&p);
	emit(&p, MOV_X(R6, R1));
	only_tgid(&p, getpid(), l);
	lookup(&p, cnt, 0, l);
	emit(&p, LDX(BPF_DW, R7, R0, 0));
	emit(&p, ADD_K(R7, 1));
	emit(&p, STX(BPF_DW, R0, R7, 0));
	ld64(&p, R1, words[0]);
	emit(&p, STX(BPF_DW, R10, R1, -16));
	ld64(&p, R1, words[1]);
	emit(&p, STX(BPF_DW, R10, R1, -8));
	emit(&p, MOV_X(R1, R10));
	emit(&p, ADD_K(R1, -16));
	emit(&p, MOV_K(R2, strlen(fmt) + 1));
	emit(&p, MOV_K(R3, magic));
	emit(&p, MOV_X(R4, R7));
	emit(&p, CALL(trace_printk));
	emit(&p, MOV_X(R7, R0));
	jump(&p, J_K(BPF_JSLT, R7, 0), err);
	jump(&p, JA(), l);
	place(&p, err);
	count(&p, cnt, 1);
	store(&p, cnt, 2, R7);
	ret0_at(&p, l);
	prog = load_or_fail(name, BPF_PROG_TYPE_TRACEPOINT, &p, "tbpf_printk");
	if (prog < 0)
		return;
	/*
	 * Loading it turns the event bpf_trace/bpf_trace_printk on, which
	 * upstream may do a little later (a program that prints right after
	 * its load can lose its first lines there). Wait up to 3 s for the
	 * enable file; a kernel that prints whatever it says goes on at once.
	 */
	for (wait = 0; wait < 100; wait++) {
		if (read_tracefs("events/bpf_trace/bpf_trace_printk/enable",
				 buf, sizeof(buf)) < 0 || buf[0] == '1')
			break;
		sleep_us(30000);
	}
	fd = tp_open(name, "syscalls", "sys_enter_getppid");
	if (fd < 0 || attach_or_fail(name, VIA_IOCTL, fd, prog, 0) < 0)
		return;
	getppid_n(n);
	close(fd);
	if (slot(cnt, 0) != (__u64)n)
		fail(name, "the program ran %llu times for %d calls",
		     (unsigned long long)slot(cnt, 0), n);
	else if (slot(cnt, 1))
		fail(name, "bpf_trace_printk() failed %llu times: %lld",
		     (unsigned long long)slot(cnt, 1),
		     (long long)slot(cnt, 2));
	else
		ok(name, "magic=%u calls=%d (the event on after %d ms)", magic,
		   n, wait * 30);
}

/* Copy len bytes at offset off of the ring (size bytes at data). */
static void ring_copy(const char *data, __u64 size, __u64 off, void *dst,
		      size_t len)
{
	char *d = dst;
	size_t i;

	for (i = 0; i < len; i++)
		d[i] = data[(off + i) % size];
}

/*
 * bpf_perf_event_output(ctx, map, BPF_F_CURRENT_CPU, {magic, pid_tgid}, 16)
 * for each getppid() of ours, made on the last CPU, into the BPF_OUTPUT
 * event of that CPU; read back from its ring.
 */
static void check_output(void)
{
	const char *name = "output";
	const long psz = sysconf(_SC_PAGESIZE);
	const int pages = 16, n = 500;
	int cpu, out, arr, cnt, prog, fd, l, err;
	struct perf_event_attr pa;
	struct perf_event_mmap_page *meta;
	__u64 head, tail, size, v[2];
	int good = 0, other = 0, lost = 0, bad = 0;
	struct perf_event_header h;
	const char *data;
	struct prog p;
	__u32 raw;

	cpu = pin_last_cpu();
	memset(&pa, 0, sizeof(pa));
	pa.type = PERF_TYPE_SOFTWARE;
	pa.config = PERF_COUNT_SW_BPF_OUTPUT;
	pa.sample_type = PERF_SAMPLE_RAW;
	pa.sample_period = 1;
	pa.wakeup_events = 1;
	out = perf_open(&pa, -1, cpu);
	if (out < 0) {
		fail(name, "perf_event_open of a BPF_OUTPUT event: %s",
		     ename(errno));
		return;
	}
	meta = mmap(NULL, (1 + pages) * psz, PROT_READ | PROT_WRITE,
		    MAP_SHARED, out, 0);
	if (meta == MAP_FAILED) {
		fail(name, "mmap of the ring: %s", ename(errno));
		return;
	}
	arr = map_new(BPF_MAP_TYPE_PERF_EVENT_ARRAY, 4, 4, cpu + 1, 0);
	if (arr < 0 || map_set(arr, cpu, &out) < 0) {
		fail(name, "a perf event array with the event at %d: %s", cpu,
		     ename(errno));
		return;
	}
	cnt = slots_new(name, 3);
	if (cnt < 0)
		return;

	/* [0] += 1 for each output, [1] += 1 for each failure, [2] = why. */
	prog_init(&p);
	l = new_label(&p);
	err = new_label(&p);
	emit(&p, MOV_X(R6, R1));
	only_tgid(&p, getpid(), l);
	emit(&p, CALL(get_current_pid_tgid));
	emit(&p, STX(BPF_DW, R10, R0, -8));
	ld64(&p, R1, MAGIC_OUT);
	emit(&p, STX(BPF_DW, R10, R1, -16));
	emit(&p, MOV_X(R1, R6));
	ld_map(&p, R2, arr);
	ld64(&p, R3, BPF_F_CURRENT_CPU);
	emit(&p, MOV_X(R4, R10));
	emit(&p, ADD_K(R4, -16));
	emit(&p, MOV_K(R5, 16));
	emit(&p, CALL(perf_event_output));
	emit(&p, MOV_X(R7, R0));
	jump(&p, J_K(BPF_JNE, R7, 0), err);
	count(&p, cnt, 0);
	jump(&p, JA(), l);
	place(&p, err);
	count(&p, cnt, 1);
	store(&p, cnt, 2, R7);
	ret0_at(&p, l);
	prog = load_or_fail(name, BPF_PROG_TYPE_TRACEPOINT, &p, "tbpf_output");
	if (prog < 0)
		return;
	fd = tp_open(name, "syscalls", "sys_enter_getppid");
	if (fd < 0 || attach_or_fail(name, VIA_IOCTL, fd, prog, 0) < 0)
		return;
	getppid_n(n);
	close(fd);
	unpin();

	/* Each record: the header, u32 size, then the bytes sent (padded). */
	data = (const char *)meta + (meta->data_offset ?: psz);
	size = meta->data_size ?: pages * psz;
	head = __atomic_load_n(&meta->data_head, __ATOMIC_ACQUIRE);
	for (tail = meta->data_tail; tail < head; tail += h.size) {
		ring_copy(data, size, tail, &h, sizeof(h));
		if (h.size < sizeof(h)) {
			bad++;
			break;
		}
		if (h.type == PERF_RECORD_LOST) {
			ring_copy(data, size, tail + sizeof(h) + 8, v, 8);
			lost += v[0];
		} else if (h.type == PERF_RECORD_SAMPLE) {
			ring_copy(data, size, tail + sizeof(h), &raw, 4);
			ring_copy(data, size, tail + sizeof(h) + 4, v, 16);
			if (raw >= 16 && v[0] == MAGIC_OUT &&
			    v[1] == my_pid_tgid())
				good++;
			else
				other++;
		}
	}
	__atomic_store_n(&meta->data_tail, tail, __ATOMIC_RELEASE);
	if (slot(cnt, 0) != (__u64)n || slot(cnt, 1))
		fail(name, "%llu outputs, %llu failures (the last %lld) for %d calls",
		     (unsigned long long)slot(cnt, 0),
		     (unsigned long long)slot(cnt, 1),
		     (long long)slot(cnt, 2), n);
	else if (good != n || other || lost || bad)
		fail(name, "CPU %d's ring: %d of %d ours, %d others, %d lost, %d bad",
		     cpu, good, n, other, lost, bad);
	else
		ok(name, "%d samples on CPU %d", n, cpu);
}

/* The kernel's text, from kallsyms (0, 0 when it hides addresses). */
static void kernel_text(__u64 *start, __u64 *end)
{
	char line[256], sym[128], type;
	unsigned long long a;
	FILE *f = fopen("/proc/kallsyms", "r");

	*start = *end = 0;
	if (!f)
		return;
	while ((!*start || !*end) && fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%llx %c %127s", &a, &type, sym) != 3)
			continue;
		if (!strcmp(sym, "_stext"))
			*start = a;
		else if (!strcmp(sym, "_etext"))
			*end = a;
	}
	fclose(f);
}

/* bpf_get_stackid(ctx, map, 0) on sched_switch, for our switches. */
static void check_stackid(void)
{
	const char *name = "stackid";
	const int depth = 64;
	__u64 ips[64], text0, text1;
	int stk, cnt, prog, fd, l, err, i;
	int entries = 0, nonzero = 0, intext = 0;
	__u32 key, next;
	struct prog p;

	stk = map_new(BPF_MAP_TYPE_STACK_TRACE, 4, depth * 8, 256, 0);
	if (stk < 0) {
		fail(name, "creating a stack trace map: %s", ename(errno));
		return;
	}
	cnt = slots_new(name, 3);
	if (cnt < 0)
		return;

	/* [0] += 1 for each id, [1] += 1 for each failure, [2] = why. */
	prog_init(&p);
	l = new_label(&p);
	err = new_label(&p);
	emit(&p, MOV_X(R6, R1));
	only_tgid(&p, getpid(), l);
	emit(&p, MOV_X(R1, R6));
	ld_map(&p, R2, stk);
	emit(&p, MOV_K(R3, 0));
	emit(&p, CALL(get_stackid));
	emit(&p, MOV_X(R7, R0));
	jump(&p, J_K(BPF_JSLT, R7, 0), err);
	count(&p, cnt, 0);
	jump(&p, JA(), l);
	place(&p, err);
	count(&p, cnt, 1);
	store(&p, cnt, 2, R7);
	ret0_at(&p, l);
	prog = load_or_fail(name, BPF_PROG_TYPE_TRACEPOINT, &p, "tbpf_stackid");
	if (prog < 0)
		return;
	fd = tp_open(name, "sched", "sched_switch");
	if (fd < 0 || attach_or_fail(name, VIA_IOCTL, fd, prog, 0) < 0)
		return;
	for (i = 0; i < 20; i++)
		sleep_us(1000);
	close(fd);
	if (slot(cnt, 0) < 1) {
		fail(name, "no stack id in our switches; %llu failures, the last %lld",
		     (unsigned long long)slot(cnt, 1), (long long)slot(cnt, 2));
		return;
	}
	kernel_text(&text0, &text1);
	for (i = map_next(stk, NULL, &key); !i; i = map_next(stk, &key, &next),
	     key = next) {
		memset(ips, 0, sizeof(ips));
		if (map_get(stk, key, ips) < 0)
			continue;
		entries++;
		nonzero += !!ips[0];
		intext += ips[0] >= text0 && ips[0] < text1;
	}
	if (!nonzero)
		fail(name, "%llu ids, %d stacks, none with a first address",
		     (unsigned long long)slot(cnt, 0), entries);
	else if (text1 && !intext)
		fail(name, "no stack starts in the kernel text [%#llx, %#llx)",
		     (unsigned long long)text0, (unsigned long long)text1);
	else
		ok(name, "%llu ids, %d stacks, %d starting in the kernel text%s",
		   (unsigned long long)slot(cnt, 0), entries, intext,
		   text1 ? "" : " (kallsyms hidden)");
}

struct query {
	__u32 ids_len, prog_cnt;
	__u32 ids[8];
};

/* PERF_EVENT_IOC_QUERY_BPF asking for ids_len ids: 0, or -errno. */
static int query(int fd, __u32 ids_len, struct query *q)
{
	memset(q, 0xff, sizeof(*q));
	q->ids_len = ids_len;
	return ioctl(fd, PERF_EVENT_IOC_QUERY_BPF, q) < 0 ? -errno : 0;
}

/*
 * Two programs on two perf events of sched_switch: a third perf event of
 * it, without a program, lists both too, in attach order.
 */
static void check_query(void)
{
	const char *name = "query";
	int ea, eb, ec, pa, pb, rc, base, i;
	__u32 ida, idb;
	struct query q;
	int fds[3];

	pa = load_nop(BPF_PROG_TYPE_TRACEPOINT, "tbpf_query_a");
	pb = load_nop(BPF_PROG_TYPE_TRACEPOINT, "tbpf_query_b");
	if (pa < 0 || pb < 0) {
		fail(name, "loading: %s: %s", ename(errno), vlog_last());
		return;
	}
	ida = prog_id(pa);
	idb = prog_id(pb);
	if (!ida || !idb || ida == idb) {
		fail(name, "program ids %u and %u", ida, idb);
		return;
	}
	ea = tp_open(name, "sched", "sched_switch");
	eb = tp_open(name, "sched", "sched_switch");
	ec = tp_open(name, "sched", "sched_switch");
	if (ea < 0 || eb < 0 || ec < 0)
		return;
	/* Programs of others may be there already: ours come after. */
	rc = query(ec, 0, &q);
	if (rc) {
		fail(name, "query with no program: %s", ename(-rc));
		return;
	}
	base = q.prog_cnt;
	if (base > 6) {
		fail(name, "%d programs on sched_switch already", base);
		return;
	}
	if (attach_or_fail(name, VIA_IOCTL, ea, pa, 0) < 0 ||
	    attach_or_fail(name, VIA_IOCTL, eb, pb, 0) < 0)
		return;
	fds[0] = ea;
	fds[1] = eb;
	fds[2] = ec;
	for (i = 0; i < 3; i++) {
		rc = query(fds[i], 8, &q);
		if (rc || q.prog_cnt != base + 2u || q.ids[base] != ida ||
		    q.ids[base + 1] != idb) {
			fail(name, "perf event %c: %s, %u programs, ids %u %u; want %d, %u %u",
			     'a' + i, rc ? ename(-rc) : "ok", q.prog_cnt,
			     q.ids[base], q.ids[base + 1], base + 2, ida, idb);
			return;
		}
	}
	rc = query(ec, 0, &q);
	if (rc || q.prog_cnt != base + 2u || q.ids[0] != 0xffffffff) {
		fail(name, "ids_len 0: %s, %u programs, ids[0] %#x; want ok, %d, untouched",
		     rc ? ename(-rc) : "ok", q.prog_cnt, q.ids[0], base + 2);
		return;
	}
	rc = query(ec, base + 1, &q);
	if (rc != -ENOSPC || q.prog_cnt != base + 2u ||
	    q.ids[base] != ida || q.ids[base + 1] != 0xffffffff) {
		fail(name, "ids_len %d: %s, %u programs, ids %u %#x; want ENOSPC, %d, %u, -",
		     base + 1, rc ? ename(-rc) : "ok", q.prog_cnt, q.ids[base],
		     q.ids[base + 1], base + 2, ida);
		return;
	}
	close(ea);
	rc = query(ec, 8, &q);
	if (rc || q.prog_cnt != base + 1u || q.ids[base] != idb) {
		fail(name, "after closing a: %s, %u programs, ids[%d] %u; want %d, %u",
		     rc ? ename(-rc) : "ok", q.prog_cnt, base, q.ids[base],
		     base + 1, idb);
		return;
	}
	ok(name, "ids %u %u in attach order from each perf event%s", ida, idb,
	   base ? " (after others)" : "");
}

/* r, what a call returned, must be a refusal with errno err. */
static void expect_refusal(const char *name, int r, int err)
{
	if (r >= 0)
		fail(name, "accepted");
	else if (errno != err)
		fail(name, "%s, not %s", ename(errno), ename(err));
	else
		ok(name, "%s", ename(err));
	if (r > 0)
		close(r);
}

/*
 * fd, what a call returned for @what, must be a refusal with errno err
 * (fd closed if not): 0, or 1 after a fail.
 */
static int refused(const char *name, const char *what, int fd, int err)
{
	int e = errno;

	if (fd >= 0)
		close(fd);
	if (fd < 0 && e == err)
		return 0;
	fail(name, "%s: %s, not %s", what, fd >= 0 ? "accepted" : ename(e),
	     ename(err));
	return 1;
}

/*
 * What attach refuses, and with what. On sys_enter_getppid: perf event A
 * with a counting program, B gets refusals, then a program reading the
 * record's last byte; both must count every call after all that.
 */
static void check_refuse(void)
{
	const char *name = "refuse";
	int end, cnt, pa, pend, plast, sock, raw, ea, eb, ec, fd, l;
	struct perf_event_attr a;
	struct prog p;

	if (format_field_or_fail(name, "syscalls", "sys_enter_getppid", NULL,
				 &end))
		return;
	cnt = slots_new(name, 2);
	if (cnt < 0)
		return;

	/* A: [0] += 1 for each call of ours. */
	prog_init(&p);
	l = new_label(&p);
	only_tgid(&p, getpid(), l);
	count(&p, cnt, 0);
	ret0_at(&p, l);
	pa = load_or_fail(name, BPF_PROG_TYPE_TRACEPOINT, &p, "tbpf_count");

	/* B: [1] += 1 for each call of ours, reading the last byte. */
	prog_init(&p);
	l = new_label(&p);
	emit(&p, LDX(BPF_B, R6, R1, end - 1));
	only_tgid(&p, getpid(), l);
	count(&p, cnt, 1);
	ret0_at(&p, l);
	plast = load_or_fail(name, BPF_PROG_TYPE_TRACEPOINT, &p, "tbpf_last");

	/* A read of the byte after the last field. */
	prog_init(&p);
	emit(&p, LDX(BPF_B, R0, R1, end));
	emit(&p, MOV_K(R0, 0));
	emit(&p, EXIT());
	pend = load_or_fail(name, BPF_PROG_TYPE_TRACEPOINT, &p,
			    "tbpf_past_end");

	sock = load_nop(BPF_PROG_TYPE_SOCKET_FILTER, "tbpf_socket");
	if (sock < 0)
		fail(name, "loading a socket filter: %s", ename(errno));
	raw = load_nop(BPF_PROG_TYPE_RAW_TRACEPOINT, "tbpf_raw");
	if (raw < 0)
		fail(name, "loading a raw tracepoint program: %s",
		     ename(errno));
	if (pa < 0 || plast < 0 || pend < 0 || sock < 0 || raw < 0)
		return;

	/* The pt_regs pointer in bytes 0-7 of the record stays hidden. */
	prog_init(&p);
	emit(&p, LDX(BPF_DW, R0, R1, 0));
	emit(&p, MOV_K(R0, 0));
	emit(&p, EXIT());
	fd = load(BPF_PROG_TYPE_TRACEPOINT, &p, "tbpf_ctx0");
	if (fd >= 0)
		fail("refuse-ctx0", "a read of the record's bytes 0-7 loaded");
	else if (errno != EACCES)
		fail("refuse-ctx0", "a read of bytes 0-7: %s, not EACCES: %s",
		     ename(errno), vlog_last());
	else
		ok("refuse-ctx0", "a read of bytes 0-7: EACCES");

	/*
	 * perf runs perf_event programs without the run context the
	 * tracing programs' bpf_get_attach_cookie() reads: refused.
	 */
	prog_init(&p);
	emit(&p, CALL(get_attach_cookie));
	emit(&p, MOV_K(R0, 0));
	emit(&p, EXIT());
	fd = load(BPF_PROG_TYPE_PERF_EVENT, &p, "tbpf_pe_cookie");
	if (fd >= 0) {
		fail("refuse-pe-cookie",
		     "a perf_event program calling bpf_get_attach_cookie() loaded");
		close(fd);
	} else if (errno != EINVAL) {
		fail("refuse-pe-cookie", "%s, not EINVAL: %s", ename(errno),
		     vlog_last());
	} else {
		ok("refuse-pe-cookie", "bpf_get_attach_cookie() in a perf_event program: EINVAL");
	}

	ea = tp_open(name, "syscalls", "sys_enter_getppid");
	eb = tp_open(name, "syscalls", "sys_enter_getppid");
	if (ea < 0 || eb < 0 || attach_or_fail(name, VIA_IOCTL, ea, pa, 0) < 0)
		return;

	/* One program per perf event. */
	expect_refusal("refuse-second",
		       ioctl(ea, PERF_EVENT_IOC_SET_BPF, plast), EEXIST);
	/* Only TRACEPOINT programs on a trace event. */
	expect_refusal("refuse-socket",
		       ioctl(eb, PERF_EVENT_IOC_SET_BPF, sock), EINVAL);
	expect_refusal("refuse-rawtp",
		       ioctl(eb, PERF_EVENT_IOC_SET_BPF, raw), EINVAL);
	/* No read past the record's fixed part, by either path. */
	expect_refusal("refuse-past-end",
		       ioctl(eb, PERF_EVENT_IOC_SET_BPF, pend), EACCES);
	expect_refusal("refuse-past-end-link",
		       attach(VIA_LINK, eb, pend, 0), EACCES);

	memset(&a, 0, sizeof(a));
	a.type = PERF_TYPE_SOFTWARE;
	a.config = PERF_COUNT_SW_CPU_CLOCK;
	a.sample_period = 1000000;
	a.disabled = 1;
	ec = perf_open(&a, 0, -1);
	if (ec < 0)
		fail(name, "perf_event_open of cpu-clock: %s", ename(errno));
	else
		expect_refusal("refuse-cpu-clock",
			       ioctl(ec, PERF_EVENT_IOC_SET_BPF, pa), EINVAL);

	/* B takes the reader of the last byte after all. */
	if (attach_or_fail("refuse-last", VIA_IOCTL, eb, plast, 0) < 0)
		return;
	getppid_n(NCALLS);
	if (slot(cnt, 0) != NCALLS)
		fail("refuse-after", "the first program counted %llu of %d calls",
		     (unsigned long long)slot(cnt, 0), NCALLS);
	else if (slot(cnt, 1) != NCALLS)
		fail("refuse-after", "the reader of byte %d counted %llu of %d calls",
		     end - 1, (unsigned long long)slot(cnt, 1), NCALLS);
	else
		ok("refuse-after", "both counted %d, reading up to byte %d",
		   NCALLS, end - 1);
}

/* BPF_TASK_FD_QUERY of fd: want its type, name and program. */
static void expect_fd(const char *name, int fd, __u32 type, const char *tp,
		      __u32 id)
{
	struct fd_info q;

	if (fd_query(fd, &q) < 0)
		fail(name, "BPF_TASK_FD_QUERY: %s", ename(errno));
	else if (q.type != type || strcmp(q.buf, tp) || q.prog_id != id ||
		 q.offset || q.addr)
		fail(name, "type %u '%s' program %u offset %#llx addr %#llx; want %u '%s' %u",
		     q.type, q.buf, q.prog_id, (unsigned long long)q.offset,
		     (unsigned long long)q.addr, type, tp, id);
	else
		ok(name, "type %u '%s' program %u", type, tp, id);
}

static void check_fdquery(void)
{
	const char *name = "fdquery";
	int tp, raw, es, eg, en, fr, link;
	struct fd_info q;

	tp = load_nop(BPF_PROG_TYPE_TRACEPOINT, "tbpf_fdq_tp");
	raw = load_nop(BPF_PROG_TYPE_RAW_TRACEPOINT, "tbpf_fdq_raw");
	if (tp < 0 || raw < 0) {
		fail(name, "loading: %s", ename(errno));
		return;
	}
	es = tp_open(name, "sched", "sched_switch");
	eg = tp_open(name, "syscalls", "sys_enter_getppid");
	en = tp_open(name, "sched", "sched_switch");
	if (es < 0 || eg < 0 || en < 0 ||
	    attach_or_fail(name, VIA_IOCTL, es, tp, 0) < 0)
		return;
	link = attach_or_fail(name, VIA_LINK, eg, tp, 0);
	if (link < 0)
		return;
	expect_fd("fdquery-tp", es, BPF_FD_TYPE_TRACEPOINT, "sched_switch",
		  prog_id(tp));
	expect_fd("fdquery-syscall", eg, BPF_FD_TYPE_TRACEPOINT,
		  "sys_enter_getppid", prog_id(tp));
	fr = raw_open("sched_switch", raw, 0);
	if (fr < 0)
		fail("fdquery-rawtp", "BPF_RAW_TRACEPOINT_OPEN: %s",
		     ename(errno));
	else
		expect_fd("fdquery-rawtp", fr, BPF_FD_TYPE_RAW_TRACEPOINT,
			  "sched_switch", prog_id(raw));
	if (!fd_query(en, &q))
		fail("fdquery-none", "a perf event without a program: type %u '%s' program %u",
		     q.type, q.buf, q.prog_id);
	else
		ok("fdquery-none", "a perf event without a program: %s",
		   ename(errno));
}

/*
 * Kprobe programs: BPF_PROG_TYPE_KPROBE on the perf events of a kprobe
 * event that tbpf defines, p:kprobes/tbpf_kp at __x64_sys_getppid, and
 * removes when done (closing every fd on it first: an event in use stays).
 * The program's context is the struct pt_regs of the hit; there, rdi is
 * the pointer to the syscall's own registers, whose rdi is what we passed
 * to getppid(). "tbpf kprobe uprobe" runs the same checks on a uprobe
 * event at a function of tbpf, whose rdi points to a copy of such
 * registers: for kernels without kprobe events.
 */
#ifdef __x86_64__
#define KP_EVENT	"tbpf_kp"
#define COOKIE_KP	0x5eed0000000beef5ULL

static struct {
	int user;			/* a uprobe event, not a kprobe */
	const char *file;		/* kprobe_events or uprobe_events */
	const char *group;		/* kprobes or uprobes */
	char def[4200];			/* what defines the event */
	int fds[16];			/* the perf events and links on it */
	int nfds;
	void *ring;			/* a ring mmapped from one of them */
	size_t ring_len;
	int defined;
} kp;

/* A user copy of a syscall's registers, for the uprobe's target. */
static __u64 kp_uregs[sizeof(struct pt_regs) / 8];

/* The uprobe's target: as the kprobe's, its rdi points to registers. */
static long kp_target(const __u64 *regs)
{
	return syscall(SYS_getppid, regs[offsetof(struct pt_regs, rdi) / 8]);
}

/*
 * Called through this pointer, which is not static, so that the compiler
 * keeps kp_target() whole, with its address here for the uprobe.
 */
long (*kp_target_fn)(const __u64 *) = kp_target;

/* n hits of the event, each one getppid() with rdi MAGIC_DI. */
static void kp_hit_n(int n)
{
	while (n-- > 0) {
		if (kp.user)
			kp_target_fn(kp_uregs);
		else
			syscall(SYS_getppid, MAGIC_DI);
	}
}

/* Append line to TRACING/file: 0, or -1 with errno set. */
static int append_tracefs(const char *file, const char *line)
{
	char full[512];
	ssize_t n;
	int fd, e;

	snprintf(full, sizeof(full), "%s/%s", tracing, file);
	fd = open(full, O_WRONLY | O_APPEND);
	if (fd < 0)
		return -1;
	n = write(fd, line, strlen(line));
	e = errno;
	close(fd);
	errno = e;
	return n == (ssize_t)strlen(line) ? 0 : -1;
}

/* Write val to TRACING/file, truncating it: 0, or -1 with errno set. */
static int write_tracefs(const char *file, const char *val)
{
	char full[512];
	ssize_t n;
	int fd, e;

	snprintf(full, sizeof(full), "%s/%s", tracing, file);
	fd = open(full, O_WRONLY | O_TRUNC);
	if (fd < 0)
		return -1;
	n = write(fd, val, strlen(val));
	e = errno;
	close(fd);
	errno = e;
	return n == (ssize_t)strlen(val) ? 0 : -1;
}

/* Keep fd, a perf event or link on the event, for kp_release(). */
static int kp_keep(int fd)
{
	if (fd >= 0) {
		if (kp.nfds >= (int)ARRAY_SIZE(kp.fds))
			die("too many kprobe fds");
		kp.fds[kp.nfds++] = fd;
	}
	return fd;
}

/* Close a kept fd now. */
static void kp_close(int fd)
{
	int i;

	for (i = 0; i < kp.nfds; i++) {
		if (kp.fds[i] == fd) {
			kp.fds[i] = kp.fds[--kp.nfds];
			break;
		}
	}
	close(fd);
}

/* Let go of the event: the ring, the perf events and links on it. */
static void kp_release(void)
{
	if (kp.ring) {
		munmap(kp.ring, kp.ring_len);
		kp.ring = NULL;
	}
	while (kp.nfds > 0)
		close(kp.fds[--kp.nfds]);
}

static void kp_path(char *buf, size_t size, const char *file)
{
	snprintf(buf, size, "events/%s/%s/%s", kp.group, KP_EVENT, file);
}

/* Disable the event in tracefs and remove it: 0, or -1 with errno set. */
static int kp_remove(void)
{
	char line[64], path[128];

	kp_release();
	kp_path(path, sizeof(path), "enable");
	write_tracefs(path, "0");
	snprintf(line, sizeof(line), "-:%s/%s\n", kp.group, KP_EVENT);
	return append_tracefs(kp.file, line);
}

/* On any way out: nothing of ours stays on the event, nor the event. */
static void kp_atexit(void)
{
	if (kp.defined) {
		kp.defined = 0;
		kp_remove();
	}
}

/*
 * The file offset of addr in the file mapped there (for a uprobe), with
 * its path: 0, or -1.
 */
static int file_offset(unsigned long addr, char *path, size_t size,
		       unsigned long *off)
{
	char line[4200], file[4096];
	unsigned long lo, hi, pgoff;
	FILE *f = fopen("/proc/self/maps", "r");
	int found = -1;

	if (!f)
		return -1;
	while (found && fgets(line, sizeof(line), f)) {
		file[0] = 0;
		if (sscanf(line, "%lx-%lx %*s %lx %*s %*s %4095s", &lo, &hi,
			   &pgoff, file) < 3 || addr < lo || addr >= hi ||
		    file[0] != '/')
			continue;
		snprintf(path, size, "%s", file);
		*off = addr - lo + pgoff;
		found = 0;
	}
	fclose(f);
	return found;
}

/* Define the event (removing a stale one first): 0, or -1 after a fail. */
static int kp_define(int user)
{
	const char *name = "kprobe";
	char path[4096], line[128];
	unsigned long off;

	kp.user = user;
	kp.file = user ? "uprobe_events" : "kprobe_events";
	kp.group = user ? "uprobes" : "kprobes";
	snprintf(path, sizeof(path), "%s/%s", tracing, kp.file);
	if (access(path, W_OK)) {
		fail(name, "no %s in tracefs: %s", kp.file, ename(errno));
		return -1;
	}
	if (user) {
		kp_uregs[offsetof(struct pt_regs, rdi) / 8] = MAGIC_DI;
		if (file_offset((unsigned long)kp_target_fn, path,
				sizeof(path), &off) < 0) {
			fail(name, "kp_target() is in no file of /proc/self/maps");
			return -1;
		}
		snprintf(kp.def, sizeof(kp.def), "p:%s/%s %s:%#lx\n", kp.group,
			 KP_EVENT, path, off);
	} else {
		snprintf(kp.def, sizeof(kp.def), "p:%s/%s __x64_sys_getppid\n",
			 kp.group, KP_EVENT);
	}
	/* A run that was killed may have left it. */
	snprintf(line, sizeof(line), "-:%s/%s\n", kp.group, KP_EVENT);
	append_tracefs(kp.file, line);
	if (append_tracefs(kp.file, kp.def) < 0) {
		fail(name, "writing '%.*s' to %s: %s", (int)strlen(kp.def) - 1,
		     kp.def, kp.file, ename(errno));
		return -1;
	}
	kp.defined = 1;
	atexit(kp_atexit);
	return 0;
}

/*
 * Counting programs by ioctl and by link, from CPU 0 perf events while we
 * call from the last CPU, as check_syscall() does on a syscall event:
 * the first reads the registers (rdi nonzero, and the syscall's rdi
 * behind it), the second its cookie. Closing detaches.
 */
static void check_kprobe_count(void)
{
	const char *name = "kprobe";
	const int di = offsetof(struct pt_regs, rdi);
	int cnt, p1, p2, e1, e2, link, cpu, l;
	struct prog p;
	__u64 v[5];
	int i;

	cnt = slots_new(name, 5);
	if (cnt < 0)
		return;

	/*
	 * [0] += 1 for each hit of ours, [1] += 1 when rdi is not 0, [2] +=
	 * 1 when the rdi it points to is MAGIC_DI.
	 */
	prog_init(&p);
	l = new_label(&p);
	emit(&p, MOV_X(R6, R1));
	only_tgid(&p, getpid(), l);
	count(&p, cnt, 0);
	emit(&p, LDX(BPF_DW, R7, R6, di));
	jump(&p, J_K(BPF_JEQ, R7, 0), l);
	count(&p, cnt, 1);
	emit(&p, MOV_X(R1, R10));
	emit(&p, ADD_K(R1, -8));
	emit(&p, MOV_K(R2, 8));
	emit(&p, MOV_X(R3, R7));
	emit(&p, ADD_K(R3, di));
	if (kp.user)
		emit(&p, CALL(probe_read_user));
	else
		emit(&p, CALL(probe_read_kernel));
	jump(&p, J_K(BPF_JNE, R0, 0), l);
	emit(&p, LDX(BPF_DW, R1, R10, -8));
	ld64(&p, R2, MAGIC_DI);
	jump(&p, J_X(BPF_JNE, R1, R2), l);
	count(&p, cnt, 2);
	ret0_at(&p, l);
	p1 = load_or_fail(name, BPF_PROG_TYPE_KPROBE, &p, "tbpf_kp_ioctl");

	/* [3] += 1 for each hit of ours; [4] = the attach cookie. */
	prog_init(&p);
	l = new_label(&p);
	emit(&p, MOV_X(R6, R1));
	only_tgid(&p, getpid(), l);
	count(&p, cnt, 3);
	emit(&p, MOV_X(R1, R6));
	emit(&p, CALL(get_attach_cookie));
	emit(&p, MOV_X(R7, R0));
	store(&p, cnt, 4, R7);
	ret0_at(&p, l);
	p2 = load_or_fail(name, BPF_PROG_TYPE_KPROBE, &p, "tbpf_kp_link");
	if (p1 < 0 || p2 < 0)
		return;

	e1 = kp_keep(tp_open(name, kp.group, KP_EVENT));
	e2 = kp_keep(tp_open(name, kp.group, KP_EVENT));
	if (e1 < 0 || e2 < 0 ||
	    attach_or_fail(name, VIA_IOCTL, e1, p1, 0) < 0)
		return;
	link = kp_keep(attach_or_fail(name, VIA_LINK, e2, p2, COOKIE_KP));
	if (link < 0)
		return;
	cpu = pin_last_cpu();
	kp_hit_n(NCALLS);
	unpin();
	kp_close(link);
	kp_hit_n(10);
	kp_close(e1);
	kp_hit_n(10);
	for (i = 0; i < 5; i++)
		v[i] = slot(cnt, i);
	/* The ioctl's program was still there for the 10 after the link. */
	if (v[0] != NCALLS + 10)
		fail("kprobe-ioctl", "%llu hits counted, not %d+10 (on CPU %d)",
		     (unsigned long long)v[0], NCALLS, cpu);
	else if (v[1] != v[0])
		fail("kprobe-ioctl", "regs->di was 0 in %llu of %llu hits",
		     (unsigned long long)(v[0] - v[1]),
		     (unsigned long long)v[0]);
	else if (v[2] != v[0])
		fail("kprobe-ioctl", "the rdi behind regs->di was %#llx in %llu of %llu hits",
		     MAGIC_DI, (unsigned long long)v[2],
		     (unsigned long long)v[0]);
	else
		ok("kprobe-ioctl", "count=%d+10 (%d on CPU %d), regs->di at %d read",
		   NCALLS, NCALLS, cpu, di);
	if (v[3] != NCALLS)
		fail("kprobe-link", "%llu hits counted, not %d (on CPU %d)",
		     (unsigned long long)v[3], NCALLS, cpu);
	else if (v[4] != COOKIE_KP)
		fail("kprobe-link", "bpf_get_attach_cookie() gave %#llx, not %#llx",
		     (unsigned long long)v[4], COOKIE_KP);
	else
		ok("kprobe-link", "count=%d cookie=%#llx", NCALLS, COOKIE_KP);
}

/*
 * What kprobe attach refuses: a TRACEPOINT program on the kprobe event, a
 * KPROBE program on a tracepoint; a KPROBE program that reads past the
 * registers does not load.
 */
static void check_kprobe_refuse(void)
{
	const char *name = "kprobe-refuse";
	const int end = sizeof(struct pt_regs);
	int tp, kprobe, ek, es, fd;
	struct prog p;

	tp = load_nop(BPF_PROG_TYPE_TRACEPOINT, "tbpf_kp_tp");
	kprobe = load_nop(BPF_PROG_TYPE_KPROBE, "tbpf_kp_nop");
	if (tp < 0 || kprobe < 0) {
		fail(name, "loading: %s: %s", ename(errno), vlog_last());
		return;
	}
	ek = kp_keep(tp_open(name, kp.group, KP_EVENT));
	es = tp_open(name, "sched", "sched_switch");
	if (ek < 0 || es < 0)
		return;
	expect_refusal("kprobe-refuse-tp",
		       ioctl(ek, PERF_EVENT_IOC_SET_BPF, tp), EINVAL);
	expect_refusal("kprobe-refuse-tp-link", attach(VIA_LINK, ek, tp, 0),
		       EINVAL);
	expect_refusal("kprobe-refuse-switch",
		       ioctl(es, PERF_EVENT_IOC_SET_BPF, kprobe), EINVAL);
	expect_refusal("kprobe-refuse-switch-link",
		       attach(VIA_LINK, es, kprobe, 0), EINVAL);
	close(es);

	/* The registers' last 8 bytes, then the 8 after them. */
	prog_init(&p);
	emit(&p, LDX(BPF_DW, R0, R1, end - 8));
	emit(&p, MOV_K(R0, 0));
	emit(&p, EXIT());
	fd = load(BPF_PROG_TYPE_KPROBE, &p, "tbpf_kp_last");
	if (fd < 0) {
		fail("kprobe-refuse-ctx", "a read of bytes %d-%d: %s: %s",
		     end - 8, end - 1, ename(errno), vlog_last());
		return;
	}
	close(fd);
	prog_init(&p);
	emit(&p, LDX(BPF_DW, R0, R1, end));
	emit(&p, MOV_K(R0, 0));
	emit(&p, EXIT());
	fd = load(BPF_PROG_TYPE_KPROBE, &p, "tbpf_kp_past");
	if (fd >= 0)
		fail("kprobe-refuse-ctx", "a read of bytes %d-%d (past struct pt_regs) loaded",
		     end, end + 7);
	else if (errno != EACCES)
		fail("kprobe-refuse-ctx", "a read past struct pt_regs: %s, not EACCES: %s",
		     ename(errno), vlog_last());
	else
		ok("kprobe-refuse-ctx", "bytes %d-%d load, %d-%d EACCES",
		   end - 8, end - 1, end, end + 7);
	if (fd >= 0)
		close(fd);
}

/* Lines of the trace of event KP_EVENT from task pid; -1 on no trace. */
static int trace_lines_of(pid_t pid)
{
	char path[512], *line = NULL, task[32], *ev, *t;
	size_t cap = 0;
	int n = 0;
	FILE *f;

	snprintf(path, sizeof(path), "%s/trace", tracing);
	f = fopen(path, "r");
	if (!f)
		return -1;
	snprintf(task, sizeof(task), "-%d ", pid);
	while (getline(&line, &cap, f) > 0) {
		if (line[0] == '#')
			continue;
		ev = strstr(line, " " KP_EVENT ": ");
		t = strstr(line, task);
		n += ev && t && t < ev;
	}
	free(line);
	fclose(f);
	return n;
}

/*
 * Hits kept from perf: the event enabled in tracefs too, and a perf event
 * of the CPU we call from with raw samples into a ring, its program
 * returning ret. The trace has a line for each hit of ours either way;
 * the ring a sample only when the program returns 1. (A uprobe event is
 * either tracefs' or perf's, the other gets EINTR: with one, only the
 * ring is checked.)
 */
static void check_kprobe_ret(int ret)
{
	const char *name = ret ? "kprobe-ret1" : "kprobe-ret0";
	const long psz = sysconf(_SC_PAGESIZE);
	const int pages = 64;
	struct perf_event_mmap_page *meta;
	int cnt, prog, fd, cpu, l, id, lines = NCALLS;
	int ours = 0, others = 0, lost = 0, bad = 0;
	struct perf_event_header h;
	__u64 head, tail, size, v;
	char path[128], pname[16];
	struct perf_event_attr a;
	const char *data;
	struct prog p;
	__u32 pt[2];

	cnt = slots_new(name, 1);
	if (cnt < 0)
		return;
	/* [0] += 1 for each hit of ours; return ret for every hit. */
	prog_init(&p);
	l = new_label(&p);
	only_tgid(&p, getpid(), l);
	count(&p, cnt, 0);
	place(&p, l);
	emit(&p, MOV_K(R0, ret));
	emit(&p, EXIT());
	snprintf(pname, sizeof(pname), "tbpf_kp_ret%d", ret);
	prog = load_or_fail(name, BPF_PROG_TYPE_KPROBE, &p, pname);
	if (prog < 0)
		return;

	id = event_id(kp.group, KP_EVENT);
	if (id < 0) {
		fail(name, "no id in tracefs");
		return;
	}
	kp_path(path, sizeof(path), "enable");
	if (!kp.user &&
	    (write_tracefs("trace", "\n") < 0 || write_tracefs(path, "1") < 0)) {
		fail(name, "clearing the trace, enabling %s: %s", path,
		     ename(errno));
		return;
	}
	cpu = pin_last_cpu();
	memset(&a, 0, sizeof(a));
	a.type = PERF_TYPE_TRACEPOINT;
	a.config = id;
	a.sample_type = PERF_SAMPLE_TID | PERF_SAMPLE_RAW;
	a.sample_period = 1;
	a.wakeup_events = 1 << 20;
	a.disabled = 1;
	fd = kp_keep(perf_open(&a, -1, cpu));
	if (fd < 0) {
		fail(name, "perf_event_open of %s/%s on CPU %d: %s", kp.group,
		     KP_EVENT, cpu, ename(errno));
		return;
	}
	kp.ring_len = (1 + pages) * psz;
	meta = mmap(NULL, kp.ring_len, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
		    0);
	if (meta == MAP_FAILED) {
		fail(name, "mmap of the ring: %s", ename(errno));
		return;
	}
	kp.ring = meta;
	if (attach_or_fail(name, VIA_IOCTL, fd, prog, 0) < 0)
		return;
	kp_hit_n(NCALLS);
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	if (!kp.user)
		write_tracefs(path, "0");
	unpin();

	/* Each sample: the header, pid and tid, u32 size, the record. */
	data = (const char *)meta + (meta->data_offset ?: psz);
	size = meta->data_size ?: pages * psz;
	head = __atomic_load_n(&meta->data_head, __ATOMIC_ACQUIRE);
	for (tail = meta->data_tail; tail < head; tail += h.size) {
		ring_copy(data, size, tail, &h, sizeof(h));
		if (h.size < sizeof(h)) {
			bad++;
			break;
		}
		if (h.type == PERF_RECORD_LOST) {
			ring_copy(data, size, tail + sizeof(h) + 8, &v, 8);
			lost += v;
		} else if (h.type == PERF_RECORD_SAMPLE) {
			ring_copy(data, size, tail + sizeof(h), pt, 8);
			if (pt[0] == (__u32)getpid())
				ours++;
			else
				others++;
		}
	}
	kp_release();
	if (!kp.user)
		lines = trace_lines_of(getpid());

	if (slot(cnt, 0) != NCALLS)
		fail(name, "the program counted %llu of %d hits",
		     (unsigned long long)slot(cnt, 0), NCALLS);
	else if (lines != NCALLS)
		fail(name, "the trace has %d lines '%s:' of ours, not %d",
		     lines, KP_EVENT, NCALLS);
	else if (lost || bad)
		fail(name, "CPU %d's ring: %d lost, %d bad records", cpu, lost,
		     bad);
	else if (!ret && (ours || others))
		fail(name, "CPU %d's ring has %d samples (%d ours) with a program returning 0",
		     cpu, ours + others, ours);
	else if (ret && ours != NCALLS)
		fail(name, "CPU %d's ring has %d samples of ours, not %d",
		     cpu, ours, NCALLS);
	else if (kp.user)
		ok(name, "%d samples of ours on CPU %d%s (a uprobe: the trace not checked)",
		   ours, cpu, others ? " (and others')" : "");
	else
		ok(name, "%d trace lines, %d samples of ours on CPU %d%s",
		   lines, ours, cpu, others ? " (and others')" : "");
}

static void check_kprobe(int user)
{
	if (kp_define(user) < 0)
		return;
	check_kprobe_count();
	kp_release();
	check_kprobe_refuse();
	kp_release();
	check_kprobe_ret(0);
	kp_release();
	check_kprobe_ret(1);
	kp_release();
	kp.defined = 0;
	if (kp_remove() < 0)
		fail("kprobe-remove", "removing %s/%s: %s", kp.group, KP_EVENT,
		     ename(errno));
	else
		ok("kprobe-remove", "%s/%s removed", kp.group, KP_EVENT);
}
#else
static void check_kprobe(int user)
{
	ok("kprobe", "skipped: the probed function and registers are x86-64's");
}
#endif

static void check_kprobe_default(void)
{
	check_kprobe(0);
}

/* ---- the kprobe PMU ---- */

#define KPMU_DIR	"/sys/bus/event_source/devices/kprobe"
#define KPMU_SYM	"__x64_sys_getppid"

static struct {
	int type;	/* the PMU's type, as perf_event_open() takes it */
	int retbit;	/* the config bit of format/retprobe */
} kpmu;

/*
 * Find a probe PMU (the kprobe's or the uprobe's) as libbpf does: its
 * type and the config bit of a return probe. 0, or -1 (errno set).
 */
static int pmu_find(const char *dir, int *type, int *retbit)
{
	char buf[64], path[128];
	FILE *f;
	int ok1, ok2;

	snprintf(path, sizeof(path), "%s/type", dir);
	f = fopen(path, "r");
	if (!f)
		return -1;
	ok1 = fscanf(f, "%d", type) == 1;
	fclose(f);
	snprintf(path, sizeof(path), "%s/format/retprobe", dir);
	f = fopen(path, "r");
	if (!f)
		return -1;
	ok2 = fgets(buf, sizeof(buf), f) &&
	      sscanf(buf, "config:%d", retbit) == 1;
	fclose(f);
	if (!ok1 || !ok2 || *retbit < 0 || *retbit > 63) {
		errno = EINVAL;
		return -1;
	}
	return 0;
}

static int kpmu_find(void)
{
	return pmu_find(KPMU_DIR, &kpmu.type, &kpmu.retbit);
}

/*
 * A probe of the PMU on sym+offs (or, with sym NULL, on address offs):
 * sampling raw records with raw set, counting otherwise. The fd, or -1
 * with errno set.
 */
static int kpmu_open(const char *sym, __u64 offs, int ret, int raw,
		     int inherit, int pid, int cpu)
{
	struct perf_event_attr pa;

	memset(&pa, 0, sizeof(pa));
	pa.type = kpmu.type;
	pa.config = ret ? 1ULL << kpmu.retbit : 0;
	pa.config1 = (unsigned long)sym;
	pa.config2 = offs;
	pa.disabled = 1;
	pa.inherit = inherit;
	if (raw) {
		pa.sample_type = PERF_SAMPLE_RAW;
		pa.sample_period = 1;
		pa.wakeup_events = 1;
	}
	return perf_open(&pa, pid, cpu);
}

/* The count of a counting perf event, or ~0 when read() fails. */
static __u64 kpmu_count(int fd)
{
	__u64 v;

	return read(fd, &v, sizeof(v)) == sizeof(v) ? v : ~0ULL;
}

/* The address of sym in /proc/kallsyms, or 0. */
static __u64 kallsyms_addr(const char *sym)
{
	char line[256], name[200];
	unsigned long long a;
	__u64 found = 0;
	FILE *f = fopen("/proc/kallsyms", "r");

	if (!f)
		return 0;
	while (!found && fgets(line, sizeof(line), f))
		if (sscanf(line, "%llx %*s %199s", &a, name) == 2 &&
		    !strcmp(name, sym))
			found = a;
	fclose(f);
	return found;
}

/* The length of TRACING/file, or -1. */
static long tracefs_len(const char *file)
{
	static char buf[1 << 16];
	char full[512];
	long n, total = 0;
	int fd;

	snprintf(full, sizeof(full), "%s/%s", tracing, file);
	fd = open(full, O_RDONLY);
	if (fd < 0)
		return -1;
	while ((n = read(fd, buf, sizeof(buf))) > 0)
		total += n;
	close(fd);
	return total;
}

/*
 * Counting: a kprobe and a kretprobe of ours count exactly our calls;
 * an inherited one counts a child's too, and survives its parent's fd
 * closing first. Nothing of them shows in tracefs.
 */
static void check_kpmu_count(void)
{
	const char *name = "kpmu-count";
	long ke = tracefs_len("kprobe_events");
	long de = tracefs_len("dynamic_events");
	int fd[2], r, st, pipefd[2];
	__u64 c[2];
	pid_t child;
	char b = 0;

	for (r = 0; r < 2; r++) {
		fd[r] = kpmu_open(KPMU_SYM, 0, r, 0, 0, 0, -1);
		if (fd[r] < 0) {
			fail(name, "perf_event_open of a %s: %s",
			     r ? "kretprobe" : "kprobe", ename(errno));
			return;
		}
		ioctl(fd[r], PERF_EVENT_IOC_ENABLE, 0);
	}
	if (tracefs_len("kprobe_events") != ke ||
	    tracefs_len("dynamic_events") != de)
		fail(name, "kprobe_events or dynamic_events changed");
	getppid_n(NCALLS);
	for (r = 0; r < 2; r++) {
		ioctl(fd[r], PERF_EVENT_IOC_DISABLE, 0);
		c[r] = kpmu_count(fd[r]);
		close(fd[r]);
	}
	if (c[0] != NCALLS || c[1] != NCALLS)
		fail(name, "kprobe counted %llu, kretprobe %llu, of %d calls",
		     (unsigned long long)c[0], (unsigned long long)c[1],
		     NCALLS);
	else
		ok(name, "kprobe and kretprobe count=%d", NCALLS);

	/* inherit: the child's 10 calls count; then the parent lets go. */
	name = "kpmu-inherit";
	fd[0] = kpmu_open(KPMU_SYM, 0, 0, 0, 1, 0, -1);
	if (fd[0] < 0 || pipe(pipefd) < 0) {
		fail(name, "perf_event_open, inherited: %s", ename(errno));
		return;
	}
	ioctl(fd[0], PERF_EVENT_IOC_ENABLE, 0);
	child = fork();
	if (child < 0)
		die("fork");
	if (!child) {
		getppid_n(10);
		if (read(pipefd[0], &b, 1) != 1)
			_exit(1);
		getppid_n(10);
		_exit(0);
	}
	getppid_n(5);
	/* Wait for the child's first calls: its exit sums them in. */
	usleep(200000);
	c[0] = kpmu_count(fd[0]);
	close(fd[0]);
	if (write(pipefd[1], &b, 1) != 1 || waitpid(child, &st, 0) != child)
		die("the inherit child");
	close(pipefd[0]);
	close(pipefd[1]);
	if (!WIFEXITED(st) || WEXITSTATUS(st))
		fail(name, "the child ended with status %#x", st);
	else if (c[0] < 5 || c[0] > 15)
		fail(name, "counted %llu, not 5 to 15 (the child's 10 come at its exit)",
		     (unsigned long long)c[0]);
	else
		ok(name, "counted %llu, the parent's fd closed before the child ended",
		   (unsigned long long)c[0]);
}

/*
 * Raw samples of ours, on this CPU's ring: the kprobe's record (common
 * fields, __probe_ip) is 16 bytes, 20 with perf's padding; the
 * kretprobe's (func, ret_ip) 24, 28 padded.
 */
static void check_kpmu_raw(int ret)
{
	const char *name = ret ? "kpmu-raw-ret" : "kpmu-raw";
	const long psz = sysconf(_SC_PAGESIZE);
	const int pages = 8, n = 20;
	__u64 sym = kallsyms_addr(KPMU_SYM), head, tail, size, v[3];
	struct perf_event_mmap_page *meta;
	int fd, cpu, good = 0, bad = 0;
	struct perf_event_header h;
	const char *data;
	__u32 raw, pid;
	long lines;

	cpu = pin_last_cpu();
	fd = kpmu_open(KPMU_SYM, 0, ret, 1, 0, 0, cpu);
	if (fd < 0) {
		fail(name, "perf_event_open: %s", ename(errno));
		return;
	}
	meta = mmap(NULL, (1 + pages) * psz, PROT_READ | PROT_WRITE,
		    MAP_SHARED, fd, 0);
	if (meta == MAP_FAILED) {
		fail(name, "mmap of the ring: %s", ename(errno));
		return;
	}
	write_tracefs("trace", "");
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	getppid_n(n);
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	unpin();
	lines = tracefs_len("trace");
	data = (const char *)meta + (meta->data_offset ?: psz);
	size = meta->data_size ?: pages * psz;
	head = __atomic_load_n(&meta->data_head, __ATOMIC_ACQUIRE);
	for (tail = meta->data_tail; tail < head; tail += h.size) {
		ring_copy(data, size, tail, &h, sizeof(h));
		if (h.size < sizeof(h))
			break;
		if (h.type != PERF_RECORD_SAMPLE)
			continue;
		ring_copy(data, size, tail + sizeof(h), &raw, 4);
		ring_copy(data, size, tail + sizeof(h) + 4, v, sizeof(v));
		pid = v[0] >> 32;
		/* On the ftrace site, the probe may sit past an endbr. */
		if (raw == (ret ? 28u : 20u) && pid == (__u32)getpid() &&
		    (!sym || v[1] == sym || v[1] == sym + 4) &&
		    (!ret || v[2] > 0xffff800000000000ULL))
			good++;
		else if (!bad++)
			fprintf(stderr, "%s: sample raw=%u pid=%u ip=%#llx/%#llx\n",
				name, raw, pid, (unsigned long long)v[1],
				(unsigned long long)v[2]);
	}
	close(fd);
	munmap(meta, (1 + pages) * psz);
	/* The trace's header only: the probe wrote nothing there. */
	if (good != n || bad)
		fail(name, "%d of %d samples right, %d wrong (kallsyms %#llx)",
		     good, n, bad, (unsigned long long)sym);
	else if (lines < 0 || tracefs_len("trace") != lines ||
		 trace_lines_of(getpid()))
		fail(name, "the probe wrote into the trace");
	else
		ok(name, "%d samples of %u bytes, ip %s", n, ret ? 28 : 20,
		   sym ? "= kallsyms" : "hidden");
}

/*
 * BPF: a program by ioctl reads regs->di (the syscall's registers, with
 * our magic rdi); one by a link gets its cookie; a kretprobe's sees
 * getppid()'s return in rax. TASK_FD_QUERY names the probe.
 */
static void check_kpmu_bpf(void)
{
	const char *name = "kpmu-bpf";
	const int di = offsetof(struct pt_regs, rdi);
	const int ax = offsetof(struct pt_regs, rax);
	int cnt, p1, p2, p3, e1, e2, e3, link, l;
	struct fd_info q;
	struct prog p;
	__u64 v[5];
	int i;

	cnt = slots_new(name, 5);
	if (cnt < 0)
		return;
	/* [0] += 1 for each hit of ours, [1] when the rdi behind di is ours */
	prog_init(&p);
	l = new_label(&p);
	emit(&p, MOV_X(R6, R1));
	only_tgid(&p, getpid(), l);
	count(&p, cnt, 0);
	emit(&p, LDX(BPF_DW, R7, R6, di));
	jump(&p, J_K(BPF_JEQ, R7, 0), l);
	emit(&p, MOV_X(R1, R10));
	emit(&p, ADD_K(R1, -8));
	emit(&p, MOV_K(R2, 8));
	emit(&p, MOV_X(R3, R7));
	emit(&p, ADD_K(R3, di));
	emit(&p, CALL(probe_read_kernel));
	jump(&p, J_K(BPF_JNE, R0, 0), l);
	emit(&p, LDX(BPF_DW, R1, R10, -8));
	ld64(&p, R2, MAGIC_DI);
	jump(&p, J_X(BPF_JNE, R1, R2), l);
	count(&p, cnt, 1);
	ret0_at(&p, l);
	p1 = load_or_fail(name, BPF_PROG_TYPE_KPROBE, &p, "tbpf_kpmu_di");
	/* [2] += 1 for each hit of ours; [3] = the cookie. */
	prog_init(&p);
	l = new_label(&p);
	emit(&p, MOV_X(R6, R1));
	only_tgid(&p, getpid(), l);
	count(&p, cnt, 2);
	emit(&p, MOV_X(R1, R6));
	emit(&p, CALL(get_attach_cookie));
	emit(&p, MOV_X(R7, R0));
	store(&p, cnt, 3, R7);
	ret0_at(&p, l);
	p2 = load_or_fail(name, BPF_PROG_TYPE_KPROBE, &p, "tbpf_kpmu_ck");
	/* [4] += 1 for each return of ours that gave our parent's pid */
	prog_init(&p);
	l = new_label(&p);
	emit(&p, MOV_X(R6, R1));
	only_tgid(&p, getpid(), l);
	emit(&p, LDX(BPF_DW, R7, R6, ax));
	jump(&p, J_K(BPF_JNE, R7, getppid()), l);
	count(&p, cnt, 4);
	ret0_at(&p, l);
	p3 = load_or_fail(name, BPF_PROG_TYPE_KPROBE, &p, "tbpf_kpmu_ax");
	if (p1 < 0 || p2 < 0 || p3 < 0)
		return;
	e1 = kpmu_open(KPMU_SYM, 0, 0, 0, 0, -1, 0);
	e2 = kpmu_open(KPMU_SYM, 0, 0, 0, 0, -1, 0);
	e3 = kpmu_open(KPMU_SYM, 0, 1, 0, 0, -1, 0);
	if (e1 < 0 || e2 < 0 || e3 < 0) {
		fail(name, "perf_event_open on CPU 0: %s", ename(errno));
		return;
	}
	if (attach_or_fail(name, VIA_IOCTL, e1, p1, 0) < 0 ||
	    attach_or_fail(name, VIA_IOCTL, e3, p3, 0) < 0)
		return;
	link = attach_or_fail(name, VIA_LINK, e2, p2, COOKIE_KP);
	if (link < 0)
		return;
	pin_last_cpu();
	for (i = 0; i < NCALLS; i++)
		syscall(SYS_getppid, MAGIC_DI);
	unpin();
	if (fd_query(e1, &q) < 0)
		fail("kpmu-fdquery", "kprobe: %s", ename(errno));
	else if (q.type != BPF_FD_TYPE_KPROBE || strcmp(q.buf, KPMU_SYM) ||
		 q.offset || q.prog_id != prog_id(p1))
		fail("kpmu-fdquery", "kprobe: type %u '%s'+%llu prog %u",
		     q.type, q.buf, (unsigned long long)q.offset, q.prog_id);
	else if (fd_query(e3, &q) < 0 || q.type != BPF_FD_TYPE_KRETPROBE ||
		 strcmp(q.buf, KPMU_SYM))
		fail("kpmu-fdquery", "kretprobe: %s type %u '%s'",
		     ename(errno), q.type, q.buf);
	else
		ok("kpmu-fdquery", "kprobe and kretprobe of '%s'", KPMU_SYM);
	close(link);
	close(e1);
	close(e2);
	close(e3);
	getppid_n(10);
	for (i = 0; i < 5; i++)
		v[i] = slot(cnt, i);
	if (v[0] != NCALLS || v[1] != NCALLS)
		fail(name, "ioctl: %llu hits, %llu with our rdi, of %d",
		     (unsigned long long)v[0], (unsigned long long)v[1],
		     NCALLS);
	else if (v[2] != NCALLS || v[3] != COOKIE_KP)
		fail(name, "link: %llu hits of %d, cookie %#llx",
		     (unsigned long long)v[2], NCALLS,
		     (unsigned long long)v[3]);
	else if (v[4] != NCALLS)
		fail(name, "kretprobe: %llu of %d returns gave %d in rax",
		     (unsigned long long)v[4], NCALLS, getppid());
	else
		ok(name, "ioctl, link with cookie, kretprobe rax: %d hits each",
		   NCALLS);
}

/* What the PMU refuses, each with its errno. */
static void check_kpmu_refuse(void)
{
	static char longname[600];
	const char *name = "kpmu-refuse";
	struct {
		const char *what;
		const char *sym;
		__u64 offs;
		int ret, err;
	} bad[] = {
		{ "an unknown symbol", "tbpf_no_such_symbol", 0, 0, ENOENT },
		{ "a 600-byte name", longname, 0, 0, E2BIG },
		{ "no name and no address", NULL, 0, 0, EINVAL },
		{ "a kretprobe past the entry", KPMU_SYM, 9, 1, EINVAL },
		{ "an offset inside an instruction", KPMU_SYM, 1, 0, EILSEQ },
	};
	struct perf_event_attr pa;
	int fd, prog, bad_count = 0;
	size_t i;

	memset(longname, 'a', sizeof(longname) - 1);
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		fd = kpmu_open(bad[i].sym, bad[i].offs, bad[i].ret, 0, 0, 0,
			       -1);
		if (fd >= 0 || errno != bad[i].err) {
			fail(name, "%s: %s, not %s", bad[i].what,
			     fd >= 0 ? "opened" : ename(errno),
			     ename(bad[i].err));
			bad_count++;
		}
		if (fd >= 0)
			close(fd);
	}
	memset(&pa, 0, sizeof(pa));
	pa.type = kpmu.type;
	pa.config1 = 8;
	fd = perf_open(&pa, 0, -1);
	if (fd >= 0 || errno != EFAULT) {
		fail(name, "a name at address 8: %s, not EFAULT",
		     fd >= 0 ? "opened" : ename(errno));
		bad_count++;
	}
	if (fd >= 0)
		close(fd);
	prog = load_nop(BPF_PROG_TYPE_TRACEPOINT, "tbpf_kpmu_tp");
	fd = kpmu_open(KPMU_SYM, 0, 0, 0, 0, 0, -1);
	if (prog < 0 || fd < 0) {
		fail(name, "a TRACEPOINT program and a probe: %s", ename(errno));
		return;
	}
	if (!ioctl(fd, PERF_EVENT_IOC_SET_BPF, prog) || errno != EINVAL) {
		fail(name, "a TRACEPOINT program on a probe: %s, not EINVAL",
		     ename(errno));
		bad_count++;
	}
	close(fd);
	/* Not root: perf_kprobe_init() wants CAP_PERFMON. */
	fflush(NULL);
	if (!fork()) {
		if (setresuid(65534, 65534, 65534) < 0)
			_exit(3);
		fd = kpmu_open(KPMU_SYM, 0, 0, 0, 0, 0, -1);
		_exit(fd >= 0 ? 1 : errno == EACCES ? 0 : 2);
	}
	if (wait(&fd) < 0 || !WIFEXITED(fd) || WEXITSTATUS(fd)) {
		fail(name, "as nobody: exit %#x (1 opened, 2 not EACCES)", fd);
		bad_count++;
	}
	if (!bad_count)
		ok(name, "%zu opens (one not root) and a TRACEPOINT program refused",
		   ARRAY_SIZE(bad) + 2);
}

static void check_kpmu(void)
{
	if (kpmu_find() < 0) {
		printf("SKIP kpmu: no kprobe PMU (%s)\n", ename(errno));
		return;
	}
	check_kpmu_count();
	check_kpmu_raw(0);
	check_kpmu_raw(1);
	check_kpmu_bpf();
	check_kpmu_refuse();
}

/* ---- the uprobe PMU ---- */

#ifdef __x86_64__
#define UPMU_DIR	"/sys/bus/event_source/devices/uprobe"

static struct {
	int type, retbit;
	char path[4096];	/* tbpf's file, where kp_target() is */
	unsigned long off;	/* kp_target()'s offset in it */
} upmu;

/* A probe of the PMU: path at off, a uretprobe with ret. fd, or -1. */
static int upmu_open(const char *path, __u64 off, int ret)
{
	struct perf_event_attr pa;

	memset(&pa, 0, sizeof(pa));
	pa.type = upmu.type;
	pa.config = ret ? 1ULL << upmu.retbit : 0;
	pa.config1 = (unsigned long)path;
	pa.config2 = off;
	pa.disabled = 1;
	return perf_open(&pa, 0, -1);
}

/* A uprobe and a uretprobe on kp_target() count exactly our calls. */
static void check_upmu_count(void)
{
	const char *name = "upmu-count";
	long ue = tracefs_len("uprobe_events");
	int fd[2], r, i;
	__u64 c[2];

	for (r = 0; r < 2; r++) {
		fd[r] = upmu_open(upmu.path, upmu.off, r);
		if (fd[r] < 0) {
			fail(name, "perf_event_open of a %s: %s",
			     r ? "uretprobe" : "uprobe", ename(errno));
			return;
		}
		ioctl(fd[r], PERF_EVENT_IOC_ENABLE, 0);
	}
	if (tracefs_len("uprobe_events") != ue)
		fail(name, "uprobe_events changed");
	for (i = 0; i < NCALLS; i++)
		kp_target_fn(kp_uregs);
	for (r = 0; r < 2; r++) {
		ioctl(fd[r], PERF_EVENT_IOC_DISABLE, 0);
		c[r] = kpmu_count(fd[r]);
		close(fd[r]);
	}
	if (c[0] != NCALLS || c[1] != NCALLS)
		fail(name, "uprobe counted %llu, uretprobe %llu, of %d calls",
		     (unsigned long long)c[0], (unsigned long long)c[1],
		     NCALLS);
	else
		ok(name, "uprobe and uretprobe count=%d", NCALLS);
}

/*
 * BPF: a KPROBE program by ioctl sees the user's registers (rdi is
 * kp_uregs), and one by a link its cookie; TASK_FD_QUERY names the file
 * and the offset.
 */
static void check_upmu_bpf(void)
{
	const char *name = "upmu-bpf";
	const int di = offsetof(struct pt_regs, rdi);
	int cnt, p1, p2, e1, e2, link, l, i;
	struct fd_info q;
	struct prog p;
	__u64 v[3];

	cnt = slots_new(name, 3);
	if (cnt < 0)
		return;
	prog_init(&p);
	l = new_label(&p);
	emit(&p, MOV_X(R6, R1));
	only_tgid(&p, getpid(), l);
	count(&p, cnt, 0);
	emit(&p, LDX(BPF_DW, R7, R6, di));
	ld64(&p, R2, (unsigned long)kp_uregs);
	jump(&p, J_X(BPF_JNE, R7, R2), l);
	count(&p, cnt, 1);
	ret0_at(&p, l);
	p1 = load_or_fail(name, BPF_PROG_TYPE_KPROBE, &p, "tbpf_upmu_di");
	prog_init(&p);
	l = new_label(&p);
	emit(&p, MOV_X(R6, R1));
	only_tgid(&p, getpid(), l);
	emit(&p, MOV_X(R1, R6));
	emit(&p, CALL(get_attach_cookie));
	emit(&p, MOV_X(R7, R0));
	store(&p, cnt, 2, R7);
	ret0_at(&p, l);
	p2 = load_or_fail(name, BPF_PROG_TYPE_KPROBE, &p, "tbpf_upmu_ck");
	if (p1 < 0 || p2 < 0)
		return;
	e1 = upmu_open(upmu.path, upmu.off, 0);
	e2 = upmu_open(upmu.path, upmu.off, 1);
	if (e1 < 0 || e2 < 0) {
		fail(name, "perf_event_open: %s", ename(errno));
		return;
	}
	if (attach_or_fail(name, VIA_IOCTL, e1, p1, 0) < 0)
		return;
	link = attach_or_fail(name, VIA_LINK, e2, p2, COOKIE_KP);
	if (link < 0)
		return;
	for (i = 0; i < NCALLS; i++)
		kp_target_fn(kp_uregs);
	if (fd_query(e1, &q) < 0)
		fail("upmu-fdquery", "uprobe: %s", ename(errno));
	else if (q.type != BPF_FD_TYPE_UPROBE || strcmp(q.buf, upmu.path) ||
		 q.offset != upmu.off || q.prog_id != prog_id(p1))
		fail("upmu-fdquery", "uprobe: type %u '%s'+%#llx prog %u",
		     q.type, q.buf, (unsigned long long)q.offset, q.prog_id);
	else if (fd_query(e2, &q) < 0 || q.type != BPF_FD_TYPE_URETPROBE)
		fail("upmu-fdquery", "uretprobe: %s type %u", ename(errno),
		     q.type);
	else
		ok("upmu-fdquery", "uprobe and uretprobe at '%s':%#lx",
		   upmu.path, upmu.off);
	close(link);
	close(e1);
	close(e2);
	kp_target_fn(kp_uregs);
	for (i = 0; i < 3; i++)
		v[i] = slot(cnt, i);
	if (v[0] != NCALLS || v[1] != NCALLS)
		fail(name, "ioctl: %llu hits, %llu with our registers, of %d",
		     (unsigned long long)v[0], (unsigned long long)v[1],
		     NCALLS);
	else if (v[2] != COOKIE_KP)
		fail(name, "link: cookie %#llx", (unsigned long long)v[2]);
	else
		ok(name, "ioctl (user rdi read), link with cookie: %d hits",
		   NCALLS);
}

/* What the PMU refuses, each with its errno. */
static void check_upmu_refuse(void)
{
	const char *name = "upmu-refuse";
	struct {
		const char *what, *path;
		__u64 off;
		int err;
	} bad[] = {
		{ "no path", NULL, 0, EINVAL },
		{ "an empty path", "", 0, EINVAL },
		{ "a file not there", "/tbpf/no/such/file", 0, ENOENT },
		{ "a directory", "/", 0, EINVAL },
		{ "an offset past the end", upmu.path, 1ULL << 40, EINVAL },
	};
	int fd, bad_count = 0;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		fd = upmu_open(bad[i].path, bad[i].off, 0);
		if (fd >= 0 || errno != bad[i].err) {
			fail(name, "%s: %s, not %s", bad[i].what,
			     fd >= 0 ? "opened" : ename(errno),
			     ename(bad[i].err));
			bad_count++;
		}
		if (fd >= 0)
			close(fd);
	}
	if (!bad_count)
		ok(name, "%zu opens refused", ARRAY_SIZE(bad));
}

static void check_upmu(void)
{
	if (pmu_find(UPMU_DIR, &upmu.type, &upmu.retbit) < 0) {
		printf("SKIP upmu: no uprobe PMU (%s)\n", ename(errno));
		return;
	}
	kp_uregs[offsetof(struct pt_regs, rdi) / 8] = MAGIC_DI;
	if (file_offset((unsigned long)kp_target_fn, upmu.path,
			sizeof(upmu.path), &upmu.off) < 0) {
		fail("upmu", "kp_target() is in no file of /proc/self/maps");
		return;
	}
	check_upmu_count();
	check_upmu_bpf();
	check_upmu_refuse();
}
#else
static void check_upmu(void)
{
	ok("upmu", "skipped: the probed function and registers are x86-64's");
}
#endif

/* ---- kprobe_multi links ---- */

#ifdef __x86_64__
#define KM_COOKIE1	0x6b6d000000000001ULL
#define KM_COOKIE2	0x6b6d000000000002ULL

/*
 * struct bpf_link_info of a kprobe_multi link, as the 6.12 uapi lays it
 * out (older headers lack the member).
 */
struct km_info {
	__u32 type, id, prog_id, pad;
	__u64 addrs;
	__u32 count, flags;
	__u64 missed;
	__u64 cookies;
};

/* BPF_LINK_CREATE of a kprobe_multi link: its fd, or -1 (errno set). */
static int kmulti_link(int prog, const char *const *syms, const __u64 *addrs,
		       const __u64 *cookies, __u32 cnt, __u32 flags)
{
	union bpf_attr a;

	memset(&a, 0, sizeof(a));
	a.link_create.prog_fd = prog;
	a.link_create.attach_type = BPF_TRACE_KPROBE_MULTI;
	a.link_create.kprobe_multi.flags = flags;
	a.link_create.kprobe_multi.cnt = cnt;
	a.link_create.kprobe_multi.syms = (unsigned long)syms;
	a.link_create.kprobe_multi.addrs = (unsigned long)addrs;
	a.link_create.kprobe_multi.cookies = (unsigned long)cookies;
	return sys_bpf(BPF_LINK_CREATE, &a);
}

/*
 * The program: for each hit of ours, by its cookie, slot 0 (getppid) or
 * 1 (getpid) counts, slot 2 counts any other; slots 3 and 4 take
 * bpf_get_func_ip() of each; with ret, slot 5 counts the returns whose
 * rax is our parent's pid.
 */
static int kmulti_prog(const char *name, int cnt, int ret)
{
	const int ax = offsetof(struct pt_regs, rax);
	int l_end, l_two, l_other;
	struct prog p;

	prog_init(&p);
	l_end = new_label(&p);
	l_two = new_label(&p);
	l_other = new_label(&p);
	emit(&p, MOV_X(R6, R1));
	only_tgid(&p, getpid(), l_end);
	emit(&p, MOV_X(R1, R6));
	emit(&p, CALL(get_attach_cookie));
	emit(&p, MOV_X(R7, R0));
	emit(&p, MOV_X(R1, R6));
	emit(&p, CALL(get_func_ip));
	emit(&p, MOV_X(R8, R0));
	ld64(&p, R2, KM_COOKIE1);
	jump(&p, J_X(BPF_JNE, R7, R2), l_two);
	count(&p, cnt, 0);
	store(&p, cnt, 3, R8);
	if (ret) {
		emit(&p, LDX(BPF_DW, R9, R6, ax));
		jump(&p, J_K(BPF_JNE, R9, getppid()), l_end);
		count(&p, cnt, 5);
	}
	jump(&p, JA(), l_end);
	place(&p, l_two);
	ld64(&p, R2, KM_COOKIE2);
	jump(&p, J_X(BPF_JNE, R7, R2), l_other);
	count(&p, cnt, 1);
	store(&p, cnt, 4, R8);
	jump(&p, JA(), l_end);
	place(&p, l_other);
	count(&p, cnt, 2);
	ret0_at(&p, l_end);
	return load_as(BPF_PROG_TYPE_KPROBE, BPF_TRACE_KPROBE_MULTI, &p, name);
}

/*
 * One link on __x64_sys_getppid and __x64_sys_getpid, by name (or, with
 * ret, a return link by address), each with its cookie: our calls of
 * each counted apart, bpf_get_func_ip() the function's address, a
 * return's rax; link info; nothing after the link is closed.
 */
static void check_kmulti_one(int ret)
{
	const char *name = ret ? "kmulti-ret" : "kmulti";
	static const char *const syms[] = { "__x64_sys_getpid",
					    "__x64_sys_getppid" };
	const __u64 cookies[] = { KM_COOKIE2, KM_COOKIE1 };
	const __u64 rcookies[] = { KM_COOKIE1, KM_COOKIE2 };
	__u64 addrs[2], raddrs[2], v[6];
	__u64 got_addrs[2] = { 0 }, got_cookies[2] = { 0 };
	struct km_info info;
	union bpf_attr a;
	int cnt, prog, link, i;

	addrs[0] = kallsyms_addr(syms[0]);
	addrs[1] = kallsyms_addr(syms[1]);
	if (ret && (!addrs[0] || !addrs[1])) {
		ok(name, "skipped: kallsyms hides the addresses");
		return;
	}
	cnt = slots_new(name, 6);
	if (cnt < 0)
		return;
	prog = kmulti_prog(ret ? "tbpf_kmulti_ret" : "tbpf_kmulti", cnt, ret);
	if (prog < 0) {
		fail(name, "loading: %s: %s", ename(errno), vlog_last());
		return;
	}
	/* Addresses the other way round: the link sorts them, with cookies. */
	raddrs[0] = addrs[1];
	raddrs[1] = addrs[0];
	link = ret ? kmulti_link(prog, NULL, raddrs, rcookies, 2,
				 BPF_F_KPROBE_MULTI_RETURN) :
		     kmulti_link(prog, syms, NULL, cookies, 2, 0);
	if (link < 0) {
		fail(name, "BPF_LINK_CREATE: %s", ename(errno));
		return;
	}
	getppid_n(NCALLS);
	for (i = 0; i < 7; i++)
		syscall(SYS_getpid);
	memset(&info, 0, sizeof(info));
	info.addrs = (unsigned long)got_addrs;
	info.cookies = (unsigned long)got_cookies;
	info.count = 2;
	memset(&a, 0, sizeof(a));
	a.info.bpf_fd = link;
	a.info.info_len = sizeof(info);
	a.info.info = (unsigned long)&info;
	if (sys_bpf(BPF_OBJ_GET_INFO_BY_FD, &a) < 0)
		fail(name, "link info: %s", ename(errno));
	else if (info.type != BPF_LINK_TYPE_KPROBE_MULTI ||
		 info.count != 2 ||
		 info.flags != (ret ? BPF_F_KPROBE_MULTI_RETURN : 0u) ||
		 (addrs[0] && got_addrs[0] != (addrs[0] < addrs[1] ? addrs[0] : addrs[1])) ||
		 got_cookies[0] != (addrs[0] < addrs[1] ? KM_COOKIE2 : KM_COOKIE1))
		fail(name, "link info: type %u count %u flags %u addr %#llx cookie %#llx",
		     info.type, info.count, info.flags,
		     (unsigned long long)got_addrs[0],
		     (unsigned long long)got_cookies[0]);
	close(link);
	getppid_n(10);
	for (i = 0; i < 6; i++)
		v[i] = slot(cnt, i);
	if (v[0] != NCALLS || v[1] != 7 || v[2])
		fail(name, "counted %llu getppid of %d, %llu getpid of 7, %llu other",
		     (unsigned long long)v[0], NCALLS, (unsigned long long)v[1],
		     (unsigned long long)v[2]);
	else if (addrs[1] && (v[3] != addrs[1] || v[4] != addrs[0]))
		fail(name, "bpf_get_func_ip() gave %#llx and %#llx, not %#llx and %#llx",
		     (unsigned long long)v[3], (unsigned long long)v[4],
		     (unsigned long long)addrs[1], (unsigned long long)addrs[0]);
	else if (ret && v[5] != NCALLS)
		fail(name, "%llu of %d returns gave %d in rax",
		     (unsigned long long)v[5], NCALLS, getppid());
	else
		ok(name, "%d and 7 hits by cookie, func ip%s, link info",
		   NCALLS, ret ? ", rax at return" : "");
	close(prog);
	close(cnt);
}

/* What BPF_LINK_CREATE of a kprobe_multi link refuses, with its errno. */
static void check_kmulti_refuse(void)
{
	const char *name = "kmulti-refuse";
	static const char *const good[] = { "__x64_sys_getppid" };
	static const char *const unknown[] = { "tbpf_no_such_function" };
	const __u64 addr[] = { 1 };
	struct {
		const char *what;
		const char *const *syms;
		const __u64 *addrs;
		__u32 cnt, flags;
		int err;
	} bad[] = {
		{ "no function", good, NULL, 0, 0, EINVAL },
		{ "names and addresses", good, addr, 1, 0, EINVAL },
		{ "neither", NULL, NULL, 1, 0, EINVAL },
		{ "an unknown flag", good, NULL, 1, 2, EINVAL },
		{ "an unknown name", unknown, NULL, 1, 0, ENOENT },
		{ "an address without a call site", NULL, addr, 1, 0, EINVAL },
		{ "2^20 + 1 functions", good, NULL, (1U << 20) + 1, 0, E2BIG },
	};
	int prog, plain, fd, bad_count = 0;
	struct prog p;
	size_t i;

	prog_init(&p);
	emit(&p, MOV_K(R0, 0));
	emit(&p, EXIT());
	prog = load_as(BPF_PROG_TYPE_KPROBE, BPF_TRACE_KPROBE_MULTI, &p,
		       "tbpf_km_nop");
	plain = load_nop(BPF_PROG_TYPE_KPROBE, "tbpf_km_plain");
	if (prog < 0 || plain < 0) {
		fail(name, "loading: %s", ename(errno));
		return;
	}
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		fd = kmulti_link(prog, bad[i].syms, bad[i].addrs, NULL,
				 bad[i].cnt, bad[i].flags);
		bad_count += refused(name, bad[i].what, fd, bad[i].err);
	}
	fd = kmulti_link(plain, good, NULL, NULL, 1, 0);
	bad_count += refused(name, "a kprobe program not for kprobe_multi",
			     fd, EINVAL);
	/* A kprobe_multi program on a perf event: its helpers want a link. */
	if (kpmu_find() == 0) {
		fd = kpmu_open(KPMU_SYM, 0, 0, 0, 0, 0, -1);
		if (fd < 0 || !ioctl(fd, PERF_EVENT_IOC_SET_BPF, prog) ||
		    errno != EINVAL) {
			fail(name, "a kprobe_multi program on a kprobe PMU event: %s, not EINVAL",
			     fd < 0 ? "no event" : ename(errno));
			bad_count++;
		}
		if (fd >= 0)
			close(fd);
	}
	if (!bad_count)
		ok(name, "%zu links and an ioctl refused", ARRAY_SIZE(bad) + 1);
}

static void check_kmulti(void)
{
	check_kmulti_one(0);
	check_kmulti_one(1);
	check_kmulti_refuse();
}
#else
static void check_kmulti(void)
{
	ok("kmulti", "skipped: the probed functions and registers are x86-64's");
}
#endif

/* ---- uprobe_multi links ---- */

#ifdef __x86_64__
#define UM_COOKIE1	0x756d000000000001ULL
#define UM_COOKIE2	0x756d000000000002ULL
/* The 6.6 uapi's values, which older headers lack. */
#define UM_ATTACH	48	/* BPF_TRACE_UPROBE_MULTI */
#define UM_LINK_TYPE	12	/* BPF_LINK_TYPE_UPROBE_MULTI */
#define UM_RETURN	1U	/* BPF_F_UPROBE_MULTI_RETURN */

/* link_create of union bpf_attr for a uprobe_multi link, as 6.12 has it. */
struct um_create {
	__u32 prog_fd, target_fd, attach_type, flags;
	__u64 path, offsets, ref_ctr_offsets, cookies;
	__u32 cnt, um_flags, pid;
};

/* The second place: a function that returns its argument's double. */
static long um_target(long x)
{
	return 2 * x;
}

/* As kp_target_fn: the pointer keeps um_target() whole. */
long (*um_target_fn)(long) = um_target;

/*
 * um_target()'s reference counter, as a USDT semaphore: initialised, so
 * in .data, where the file backs it and it has a file offset; not
 * static, so that the compiler cannot take it for a constant. The
 * uprobes core adds one while the place is probed.
 */
unsigned short um_sema = 1;

static unsigned short um_sema_now(void)
{
	return __atomic_load_n(&um_sema, __ATOMIC_RELAXED);
}

/*
 * struct bpf_link_info of a uprobe_multi link, as the 6.12 uapi lays it
 * out (older headers lack the member).
 */
struct um_info {
	__u32 type, id, prog_id, pad;
	__u64 path, offsets, ref_ctr_offsets, cookies;
	__u32 path_size, count, flags, pid;
};

static struct {
	char path[4096];	/* tbpf's file */
	unsigned long off[2];	/* kp_target()'s and um_target()'s offsets */
	unsigned long sema;	/* um_sema's offset */
} um;

/* BPF_LINK_CREATE of a uprobe_multi link: its fd, or -1 (errno set). */
static int umulti_link(int prog, const char *path, const __u64 *offs,
		       const __u64 *refs, const __u64 *cookies, __u32 cnt,
		       __u32 flags, __u32 pid)
{
	struct um_create c = {
		.prog_fd = prog, .attach_type = UM_ATTACH,
		.path = (unsigned long)path, .offsets = (unsigned long)offs,
		.ref_ctr_offsets = (unsigned long)refs,
		.cookies = (unsigned long)cookies, .cnt = cnt,
		.um_flags = flags, .pid = pid,
	};
	union bpf_attr a;

	memset(&a, 0, sizeof(a));
	memcpy(&a, &c, sizeof(c));
	return sys_bpf(BPF_LINK_CREATE, &a);
}

/*
 * The program: by cookie, slot 0 (kp_target) or 1 (um_target) counts,
 * slot 2 counts any other; slots 3 and 4 take bpf_get_func_ip() of
 * each; with ret, slot 5 counts um_target()'s returns whose rax is 84.
 * With tgid, only that process's hits count.
 */
static int umulti_prog(const char *name, int cnt, int ret, __u32 tgid)
{
	const int ax = offsetof(struct pt_regs, rax);
	int l_end, l_two, l_other;
	struct prog p;

	prog_init(&p);
	l_end = new_label(&p);
	l_two = new_label(&p);
	l_other = new_label(&p);
	emit(&p, MOV_X(R6, R1));
	if (tgid)
		only_tgid(&p, tgid, l_end);
	emit(&p, MOV_X(R1, R6));
	emit(&p, CALL(get_attach_cookie));
	emit(&p, MOV_X(R7, R0));
	emit(&p, MOV_X(R1, R6));
	emit(&p, CALL(get_func_ip));
	emit(&p, MOV_X(R8, R0));
	ld64(&p, R2, UM_COOKIE1);
	jump(&p, J_X(BPF_JNE, R7, R2), l_two);
	count(&p, cnt, 0);
	store(&p, cnt, 3, R8);
	jump(&p, JA(), l_end);
	place(&p, l_two);
	ld64(&p, R2, UM_COOKIE2);
	jump(&p, J_X(BPF_JNE, R7, R2), l_other);
	count(&p, cnt, 1);
	store(&p, cnt, 4, R8);
	if (ret) {
		emit(&p, LDX(BPF_DW, R9, R6, ax));
		jump(&p, J_K(BPF_JNE, R9, 84), l_end);
		count(&p, cnt, 5);
	}
	jump(&p, JA(), l_end);
	place(&p, l_other);
	count(&p, cnt, 2);
	ret0_at(&p, l_end);
	return load_as(BPF_PROG_TYPE_KPROBE, UM_ATTACH, &p, name);
}

/* n calls of each target in a child, which the link's pid leaves out. */
static void um_child_calls(int n)
{
	pid_t pid = fork();
	int i;

	if (pid < 0)
		die("fork");
	if (!pid) {
		for (i = 0; i < n; i++) {
			kp_target_fn(kp_uregs);
			um_target_fn(42);
		}
		_exit(0);
	}
	waitpid(pid, NULL, 0);
}

/*
 * The link's info: its type, count, flags, pid, path, offsets, reference
 * counters and cookies.
 */
static int umulti_info_ok(const char *name, int link, const __u64 *offs,
			  const __u64 *refs, const __u64 *cookies,
			  __u32 flags, __u32 pid)
{
	__u64 got_offs[2] = { 0 }, got_refs[2] = { 0 }, got_cookies[2] = { 0 };
	char path[4096] = "";
	struct um_info info;
	union bpf_attr a;

	memset(&info, 0, sizeof(info));
	info.path = (unsigned long)path;
	info.path_size = sizeof(path);
	info.offsets = (unsigned long)got_offs;
	info.ref_ctr_offsets = (unsigned long)got_refs;
	info.cookies = (unsigned long)got_cookies;
	info.count = 2;
	memset(&a, 0, sizeof(a));
	a.info.bpf_fd = link;
	a.info.info_len = sizeof(info);
	a.info.info = (unsigned long)&info;
	if (sys_bpf(BPF_OBJ_GET_INFO_BY_FD, &a) < 0) {
		fail(name, "link info: %s", ename(errno));
		return 0;
	}
	if (info.type != UM_LINK_TYPE || info.count != 2 ||
	    info.flags != flags || info.pid != pid || strcmp(path, um.path) ||
	    info.path_size != strlen(um.path) + 1 ||
	    got_offs[0] != offs[0] || got_offs[1] != offs[1] ||
	    got_refs[0] != refs[0] || got_refs[1] != refs[1] ||
	    got_cookies[0] != cookies[0] || got_cookies[1] != cookies[1]) {
		fail(name, "link info: type %u count %u flags %u pid %u path '%s' (%u)",
		     info.type, info.count, info.flags, info.pid, path,
		     info.path_size);
		fail(name, "link info: offsets %#llx %#llx refs %#llx %#llx cookies %#llx %#llx",
		     (unsigned long long)got_offs[0],
		     (unsigned long long)got_offs[1],
		     (unsigned long long)got_refs[0],
		     (unsigned long long)got_refs[1],
		     (unsigned long long)got_cookies[0],
		     (unsigned long long)got_cookies[1]);
		return 0;
	}
	return 1;
}

/*
 * One link on kp_target() and um_target(), each with its cookie, the
 * second with um_sema as its reference counter: at their entries for our
 * process by pid (a child's calls not counted), or at their returns
 * (reading rax): counts by cookie, bpf_get_func_ip() the function's
 * address, link info, um_sema raised while linked; nothing after the
 * link is closed.
 */
static void check_umulti_one(int ret)
{
	const char *name = ret ? "umulti-ret" : "umulti";
	const __u64 offs[2] = { um.off[0], um.off[1] };
	const __u64 refs[2] = { 0, um.sema };
	const __u64 cookies[2] = { UM_COOKIE1, UM_COOKIE2 };
	unsigned short sema[3];
	__u32 flags = ret ? UM_RETURN : 0;
	__u32 pid = ret ? 0 : getpid();
	int cnt, prog, link, i, info_ok;
	__u64 v[6];

	cnt = slots_new(name, 6);
	if (cnt < 0)
		return;
	prog = umulti_prog(ret ? "tbpf_umulti_ret" : "tbpf_umulti", cnt, ret,
			   ret ? getpid() : 0);
	if (prog < 0) {
		fail(name, "loading: %s: %s", ename(errno), vlog_last());
		return;
	}
	sema[0] = um_sema_now();
	link = umulti_link(prog, um.path, offs, refs, cookies, 2, flags, pid);
	if (link < 0) {
		fail(name, "BPF_LINK_CREATE: %s", ename(errno));
		return;
	}
	sema[1] = um_sema_now();
	for (i = 0; i < NCALLS; i++)
		kp_target_fn(kp_uregs);
	for (i = 0; i < 7; i++)
		um_target_fn(42);
	if (!ret)
		um_child_calls(5);
	info_ok = umulti_info_ok(name, link, offs, refs, cookies, flags, pid);
	close(link);
	sema[2] = um_sema_now();
	kp_target_fn(kp_uregs);
	um_target_fn(42);
	for (i = 0; i < 6; i++)
		v[i] = slot(cnt, i);
	if (!info_ok)
		goto out;
	if (v[0] != NCALLS || v[1] != 7 || v[2])
		fail(name, "counted %llu kp_target of %d, %llu um_target of 7, %llu other",
		     (unsigned long long)v[0], NCALLS, (unsigned long long)v[1],
		     (unsigned long long)v[2]);
	else if (v[3] != (unsigned long)kp_target_fn ||
		 v[4] != (unsigned long)um_target_fn)
		fail(name, "bpf_get_func_ip() gave %#llx and %#llx, not %p and %p",
		     (unsigned long long)v[3], (unsigned long long)v[4],
		     (void *)kp_target_fn, (void *)um_target_fn);
	else if (ret && v[5] != 7)
		fail(name, "%llu of 7 returns gave 84 in rax",
		     (unsigned long long)v[5]);
	else if (sema[1] != sema[0] + 1 || sema[2] != sema[0])
		fail(name, "reference counter %u before the link, %u with it, %u after",
		     sema[0], sema[1], sema[2]);
	else
		ok(name, "%d and 7 hits by cookie, func ip%s, link info, reference counter",
		   NCALLS, ret ? ", rax at return" : ", a child's left out");
out:
	close(prog);
	close(cnt);
}

/*
 * A sleepable program (prog_flags BPF_F_SLEEPABLE) reads the user's
 * memory with bpf_copy_from_user(): kp_target()'s rdi points to
 * kp_uregs, whose rdi slot holds MAGIC_DI. The same program, not
 * sleepable, is refused by the verifier; a sleepable one for
 * kprobe_multi is refused by BPF_LINK_CREATE.
 */
static void check_umulti_sleepable(void)
{
	const char *name = "umulti-sleepable";
	const int di = offsetof(struct pt_regs, rdi);
	const __u64 off = um.off[0];
	static const char *const syms[] = { "__x64_sys_getppid" };
	int cnt, prog, plain, link, l, i;
	union bpf_attr a;
	struct prog p;
	__u64 v[2];

	cnt = slots_new(name, 2);
	if (cnt < 0)
		return;
	for (i = 0; i < 2; i++) {
		prog_init(&p);
		l = new_label(&p);
		emit(&p, MOV_X(R6, R1));
		only_tgid(&p, getpid(), l);
		count(&p, cnt, 0);
		emit(&p, LDX(BPF_DW, R3, R6, di));
		emit(&p, ADD_K(R3, di));
		emit(&p, MOV_X(R1, R10));
		emit(&p, ADD_K(R1, -8));
		emit(&p, MOV_K(R2, 8));
		emit(&p, CALL(copy_from_user));
		jump(&p, J_K(BPF_JNE, R0, 0), l);
		emit(&p, LDX(BPF_DW, R7, R10, -8));
		store(&p, cnt, 1, R7);
		ret0_at(&p, l);
		resolve(&p);
		memset(&a, 0, sizeof(a));
		a.prog_type = BPF_PROG_TYPE_KPROBE;
		a.expected_attach_type = i ? BPF_TRACE_KPROBE_MULTI : UM_ATTACH;
		a.prog_flags = BPF_F_SLEEPABLE;
		a.insns = (unsigned long)p.insn;
		a.insn_cnt = p.n;
		a.license = (unsigned long)"GPL";
		snprintf(a.prog_name, sizeof(a.prog_name), "tbpf_um_sleep");
		prog = sys_bpf(BPF_PROG_LOAD, &a);
		if (prog < 0) {
			fail(name, "loading a sleepable program: %s",
			     ename(errno));
			return;
		}
		if (!i)
			break;
		/* A kprobe_multi link would run it in an ftrace callback. */
		link = kmulti_link(prog, syms, NULL, NULL, 1, 0);
		if (link >= 0 || errno != EINVAL) {
			fail(name, "a sleepable kprobe_multi link: %s, not EINVAL",
			     link >= 0 ? "linked" : ename(errno));
			return;
		}
		close(prog);
	}
	/* Not sleepable: bpf_copy_from_user() may sleep, so no. */
	plain = load_as(BPF_PROG_TYPE_KPROBE, UM_ATTACH, &p,
			"tbpf_um_nosleep");
	if (plain >= 0 || errno != EINVAL) {
		fail(name, "copy_from_user in a program not sleepable: %s, not EINVAL",
		     plain >= 0 ? "loaded" : ename(errno));
		return;
	}
	link = umulti_link(prog, um.path, &off, NULL, NULL, 1, 0, 0);
	if (link < 0) {
		fail(name, "BPF_LINK_CREATE: %s", ename(errno));
		return;
	}
	for (i = 0; i < NCALLS; i++)
		kp_target_fn(kp_uregs);
	close(link);
	v[0] = slot(cnt, 0);
	v[1] = slot(cnt, 1);
	if (v[0] != NCALLS || v[1] != MAGIC_DI)
		fail(name, "%llu of %d hits, read %#llx, not %#llx",
		     (unsigned long long)v[0], NCALLS,
		     (unsigned long long)v[1], MAGIC_DI);
	else
		ok(name, "%d hits read user memory; refused not sleepable, on kprobe_multi",
		   NCALLS);
	close(prog);
	close(cnt);
}

/* What BPF_LINK_CREATE of a uprobe_multi link refuses, with its errno. */
static void check_umulti_refuse(void)
{
	const char *name = "umulti-refuse";
	const __u64 off[] = { um.off[0] }, neg[] = { -1ULL },
		    far[] = { 1ULL << 40 };
	struct {
		const char *what, *path;
		const __u64 *offs;
		__u32 cnt, flags, pid;
		int err;
	} bad[] = {
		{ "no path", NULL, off, 1, 0, 0, EINVAL },
		{ "no offsets", um.path, NULL, 1, 0, 0, EINVAL },
		{ "no place", um.path, off, 0, 0, 0, EINVAL },
		{ "an unknown flag", um.path, off, 1, 2, 0, EINVAL },
		{ "2^20 + 1 places", um.path, off, (1U << 20) + 1, 0, 0, E2BIG },
		{ "a file not there", "/tbpf/no/such/file", off, 1, 0, 0, ENOENT },
		{ "a directory", "/", off, 1, 0, 0, EBADF },
		{ "a negative offset", um.path, neg, 1, 0, 0, EINVAL },
		{ "an offset past the end", um.path, far, 1, 0, 0, EINVAL },
		{ "a pid no process has", um.path, off, 1, 0, 0x3fffffff, ESRCH },
	};
	int prog, plain, fd, bad_count = 0;
	struct prog p;
	size_t i;

	prog_init(&p);
	emit(&p, MOV_K(R0, 0));
	emit(&p, EXIT());
	prog = load_as(BPF_PROG_TYPE_KPROBE, UM_ATTACH, &p,
		       "tbpf_um_nop");
	plain = load_nop(BPF_PROG_TYPE_KPROBE, "tbpf_um_plain");
	if (prog < 0 || plain < 0) {
		fail(name, "loading: %s", ename(errno));
		return;
	}
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		fd = umulti_link(prog, bad[i].path, bad[i].offs, NULL, NULL,
				 bad[i].cnt, bad[i].flags, bad[i].pid);
		bad_count += refused(name, bad[i].what, fd, bad[i].err);
	}
	fd = umulti_link(plain, um.path, off, NULL, NULL, 1, 0, 0);
	bad_count += refused(name, "a kprobe program not for uprobe_multi",
			     fd, EINVAL);
	/* A uprobe_multi program on a perf event: its helpers want a link. */
	if (pmu_find(UPMU_DIR, &upmu.type, &upmu.retbit) == 0) {
		fd = upmu_open(um.path, um.off[0], 0);
		if (fd < 0 || !ioctl(fd, PERF_EVENT_IOC_SET_BPF, prog) ||
		    errno != EINVAL) {
			fail(name, "a uprobe_multi program on a uprobe PMU event: %s, not EINVAL",
			     fd < 0 ? "no event" : ename(errno));
			bad_count++;
		}
		if (fd >= 0)
			close(fd);
	}
	if (!bad_count)
		ok(name, "%zu links and an ioctl refused", ARRAY_SIZE(bad) + 1);
	close(prog);
	close(plain);
}

static void check_umulti(void)
{
	if (file_offset((unsigned long)kp_target_fn, um.path,
			sizeof(um.path), &um.off[0]) < 0 ||
	    file_offset((unsigned long)um_target_fn, um.path,
			sizeof(um.path), &um.off[1]) < 0 ||
	    file_offset((unsigned long)&um_sema, um.path, sizeof(um.path),
			&um.sema) < 0) {
		fail("umulti", "the targets are in no file of /proc/self/maps");
		return;
	}
	kp_uregs[offsetof(struct pt_regs, rdi) / 8] = MAGIC_DI;
	check_umulti_one(0);
	check_umulti_one(1);
	check_umulti_sleepable();
	check_umulti_refuse();
}
#else
static void check_umulti(void)
{
	ok("umulti", "skipped: the probed registers are x86-64's");
}
#endif

/* Run check fn in a child, so that it starts with nothing attached. */
static int in_child(void (*fn)(void))
{
	int status;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		die("fork");
	if (!pid) {
		fn();
		exit(failed ? 1 : 0);
	}
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return 1;
	return WEXITSTATUS(status);
}

static void check_switch_ioctl(void)
{
	check_switch(VIA_IOCTL);
}

static void check_switch_link(void)
{
	check_switch(VIA_LINK);
}

static void check_printk_default(void)
{
	check_printk(getpid(), 100);
}

static int check_all(void)
{
	static void (*const all[])(void) = {
		check_switch_ioctl, check_switch_link, check_syscall,
		check_rawtp, check_helpers, check_printk_default, check_output,
		check_stackid, check_query, check_refuse, check_fdquery,
		check_kprobe_default, check_kpmu, check_upmu, check_kmulti,
		check_umulti,
	};
	size_t i;
	int rc;

	rc = in_child(check_probe);
	if (rc)
		return rc;
	for (i = 0; i < ARRAY_SIZE(all); i++)
		if (in_child(all[i]))
			failed++;
	return failed ? 1 : 0;
}

/* The reference count of module mod, or -1. */
static long mod_refcnt(const char *mod)
{
	char path[128];
	long n = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/sys/module/%s/refcnt", mod);
	f = fopen(path, "r");
	if (!f)
		return -1;
	if (fscanf(f, "%ld", &n) != 1)
		n = -1;
	fclose(f);
	return n;
}

/*
 * A raw tracepoint of a module: tp's first argument is i for i = 0..n-1
 * when n is written to trigger. The program counts the hits and sums
 * the first argument; the link holds the module while it is open.
 */
static void check_rawmod(const char *tp, const char *mod, unsigned int n,
			 const char *trigger)
{
	const char *name = "rawtp-module";
	unsigned long long want = (unsigned long long)n * (n - 1) / 2;
	long before, held, after;
	char num[16];
	__u64 hits, sum;
	int cnt, pr, fd, tf, len, l;
	struct prog p;

	cnt = slots_new(name, 2);
	if (cnt < 0)
		return;
	prog_init(&p);
	emit(&p, LDX(BPF_DW, R7, R1, 0));
	count(&p, cnt, 0);
	l = new_label(&p);
	lookup(&p, cnt, 1, l);
	emit(&p, XADD(R0, R7, 0));
	place(&p, l);
	emit(&p, MOV_K(R0, 0));
	emit(&p, EXIT());
	pr = load_or_fail(name, BPF_PROG_TYPE_RAW_TRACEPOINT, &p, "tbpf_rawmod");
	if (pr < 0)
		return;
	before = mod_refcnt(mod);
	fd = raw_open(tp, pr, 0);
	if (fd < 0) {
		fail(name, "BPF_RAW_TRACEPOINT_OPEN %s: %s", tp, ename(errno));
		return;
	}
	held = mod_refcnt(mod);
	tf = open(trigger, O_WRONLY);
	len = snprintf(num, sizeof(num), "%u", n);
	if (tf < 0 || write(tf, num, len) != len) {
		fail(name, "writing %s: %s", trigger, ename(errno));
		close(fd);
		return;
	}
	close(tf);
	close(fd);
	after = mod_refcnt(mod);
	if (map_get(cnt, 0, &hits) < 0 || map_get(cnt, 1, &sum) < 0) {
		fail(name, "reading the counts: %s", ename(errno));
		return;
	}
	if (hits != n || sum != want)
		fail(name, "%s: %llu hits summing %llu, not %u and %llu", tp,
		     (unsigned long long)hits, (unsigned long long)sum, n, want);
	else if (held != before + 1 || after != before)
		fail(name, "%s's references: %ld, %ld with the link, %ld after",
		     mod, before, held, after);
	else
		ok(name, "%s of %s: %u hits, the module held while attached",
		   tp, mod, n);
}

static int print_usage(void)
{
	fprintf(stderr, "usage: tbpf probe | switch ioctl|link | syscall |\n"
		"       rawtp | helpers | printk [MAGIC [N]] | output |\n"
		"       stackid | query | refuse | fdquery | kprobe [uprobe] | kpmu |\n"
		"       upmu | kmulti | umulti |\n"
		"       rawmod TP MODULE N TRIGGER | all\n");
	return 2;
}

int main(int argc, char **argv)
{
	const struct rlimit unlimited = { RLIM_INFINITY, RLIM_INFINITY };
	const char *cmd = argc > 1 ? argv[1] : "";

	if (getenv("TRACING"))
		tracing = getenv("TRACING");
	/* Kernels before 5.11 charge maps to RLIMIT_MEMLOCK. */
	setrlimit(RLIMIT_MEMLOCK, &unlimited);
	if (sched_getaffinity(0, sizeof(allowed_cpus), &allowed_cpus) < 0)
		die("sched_getaffinity");

	if (argc == 2 && !strcmp(cmd, "all"))
		return check_all();
	if (argc == 2 && !strcmp(cmd, "probe"))
		check_probe();
	else if (argc == 3 && !strcmp(cmd, "switch") &&
		 !strcmp(argv[2], "ioctl"))
		check_switch(VIA_IOCTL);
	else if (argc == 3 && !strcmp(cmd, "switch") &&
		 !strcmp(argv[2], "link"))
		check_switch(VIA_LINK);
	else if (argc == 2 && !strcmp(cmd, "syscall"))
		check_syscall();
	else if (argc == 2 && !strcmp(cmd, "rawtp"))
		check_rawtp();
	else if (argc == 2 && !strcmp(cmd, "helpers"))
		check_helpers();
	else if (argc <= 4 && !strcmp(cmd, "printk"))
		check_printk(argc > 2 ? strtoul(argv[2], NULL, 0) : getpid(),
			     argc > 3 ? atoi(argv[3]) : 100);
	else if (argc == 2 && !strcmp(cmd, "output"))
		check_output();
	else if (argc == 2 && !strcmp(cmd, "stackid"))
		check_stackid();
	else if (argc == 2 && !strcmp(cmd, "query"))
		check_query();
	else if (argc == 2 && !strcmp(cmd, "refuse"))
		check_refuse();
	else if (argc == 2 && !strcmp(cmd, "fdquery"))
		check_fdquery();
	else if (argc == 2 && !strcmp(cmd, "kprobe"))
		check_kprobe(0);
	else if (argc == 6 && !strcmp(cmd, "rawmod"))
		check_rawmod(argv[2], argv[3], strtoul(argv[4], NULL, 0),
			     argv[5]);
	else if (argc == 3 && !strcmp(cmd, "kprobe") &&
		 !strcmp(argv[2], "uprobe"))
		check_kprobe(1);
	else if (argc == 2 && !strcmp(cmd, "kpmu"))
		check_kpmu();
	else if (argc == 2 && !strcmp(cmd, "upmu"))
		check_upmu();
	else if (argc == 2 && !strcmp(cmd, "kmulti"))
		check_kmulti();
	else if (argc == 2 && !strcmp(cmd, "umulti"))
		check_umulti();
	else
		return print_usage();
	return failed ? 1 : 0;
}
