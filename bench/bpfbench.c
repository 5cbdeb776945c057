// SPDX-License-Identifier: GPL-2.0
/*
 * B13 workload: what a BPF tracepoint program on raw_syscalls/sys_enter
 * adds to every syscall, run where the kernel takes such programs
 * (CONFIG_BPF_EVENTS) and has the event.
 *
 *   B13.prog_ns          ns added per getppid(): getppid with the program
 *                        attached - getppid without, the best of each over
 *                        rounds that alternate the two (B13_ROUNDS rounds
 *                        of B13_LOOPS loops of B13_CALLS calls a side, as
 *                        bench.h's best_getppid() runs them)
 *   B13.getppid_ns       ns per getppid() without the program
 *   B13.runs_per_getppid the program's count of getppid()s over the calls
 *                        made while it was attached (1 when it saw each)
 *
 * The program is what a syscount-like tool attaches: it reads the
 * syscall's id from the record and adds one to that id's counter in a
 * per-CPU array, returning 0 (no perf sample). It goes on a perf event of
 * the trace event, as libbpf attaches it: every task, CPU 0, a sample per
 * hit, PERF_EVENT_IOC_SET_BPF, then enabled. Attached means the perf
 * event is open; detached means it is closed, which also unregisters the
 * event's probe, so the difference is everything the program costs the
 * syscall path, the probe and the record included.
 *
 * The program is written as BPF instructions here (no libbpf, no
 * compiler), with a few macros after tbpf's assembler
 * (tools/testing/selftests/ftrace/tracefs/tbpf.c).
 *
 * Pinned to CPU 0. Prints "metric value" lines, nothing where the kernel
 * cannot run the program.
 *
 * With B13_HOLD=N in the environment it instead attaches the program once,
 * makes N getppid() calls and exits: the workload bench/tbprof/pathlen
 * counts the instructions of (B13.insns).
 */
#include "bench.h"

#include <linux/bpf.h>
#include <linux/perf_event.h>
#include <sys/ioctl.h>

#define B13_CALLS	20000
#define B13_LOOPS	3
#define B13_ROUNDS	4

/* Syscall ids the program counts; the rest it leaves alone. */
#define B13_IDS		512

/* ---- BPF instructions (after tbpf.c's assembler) ---- */

enum { R0, R1, R2, R3, R4, R5, R6, R7, R8, R9, R10 };

#define INSN(c, d, s, o, i)						\
	((struct bpf_insn){ .code = (c), .dst_reg = (d), .src_reg = (s), \
			    .off = (o), .imm = (i) })
#define MOV_K(d, i)	INSN(BPF_ALU64 | BPF_MOV | BPF_K, d, 0, 0, i)
#define MOV_X(d, s)	INSN(BPF_ALU64 | BPF_MOV | BPF_X, d, s, 0, 0)
#define ADD_K(d, i)	INSN(BPF_ALU64 | BPF_ADD | BPF_K, d, 0, 0, i)
#define LDX(sz, d, s, o)	INSN(BPF_LDX | BPF_MEM | (sz), d, s, o, 0)
#define STX(sz, d, s, o)	INSN(BPF_STX | BPF_MEM | (sz), d, s, o, 0)
/* Jump over the next n instructions when d == i. */
#define JEQ_K(d, i, n)	INSN(BPF_JMP | BPF_JEQ | BPF_K, d, 0, n, i)
#define CALL(f)		INSN(BPF_JMP | BPF_CALL, 0, 0, 0, BPF_FUNC_##f)
#define EXIT()		INSN(BPF_JMP | BPF_EXIT, 0, 0, 0, 0)
/* d = the map of fd: two instructions. */
#define LD_MAP(d, fd)							\
	INSN(BPF_LD | BPF_DW | BPF_IMM, d, BPF_PSEUDO_MAP_FD, 0, fd),	\
	INSN(0, 0, 0, 0, 0)

static long sys_bpf(int cmd, union bpf_attr *a)
{
	return syscall(__NR_bpf, cmd, a, sizeof(*a));
}

/* The offset of field "long id" in sys_enter's record, or -1. */
static int id_offset(void)
{
	char line[256];
	FILE *fp = fopen(T "events/raw_syscalls/sys_enter/format", "r");
	int off = -1;

	if (!fp)
		return -1;
	while (fgets(line, sizeof(line), fp)) {
		char *o = strstr(line, "offset:");

		if (strstr(line, "field:long id;") && o)
			off = atoi(o + 7);
	}
	fclose(fp);
	return off;
}

static long event_id(void)
{
	char line[32];
	FILE *fp = fopen(T "events/raw_syscalls/sys_enter/id", "r");
	long id = -1;

	if (!fp)
		return -1;
	if (fgets(line, sizeof(line), fp))
		id = atol(line);
	fclose(fp);
	return id;
}

/*
 * counts[id] += 1 in this CPU's copy, for the record's syscall id: the
 * program's fd, or -1 when the kernel does not take it.
 */
static int load_prog(int map, int off)
{
	struct bpf_insn insn[] = {
		LDX(BPF_DW, R1, R1, off),	/* r1 = the syscall's id */
		STX(BPF_W, R10, R1, -4),	/* the key */
		LD_MAP(R1, map),
		MOV_X(R2, R10),
		ADD_K(R2, -4),
		CALL(map_lookup_elem),		/* NULL past B13_IDS */
		JEQ_K(R0, 0, 3),
		LDX(BPF_DW, R1, R0, 0),
		ADD_K(R1, 1),
		STX(BPF_DW, R0, R1, 0),		/* per CPU: no atomic */
		MOV_K(R0, 0),			/* no perf sample */
		EXIT(),
	};
	union bpf_attr a;

	memset(&a, 0, sizeof(a));
	a.prog_type = BPF_PROG_TYPE_TRACEPOINT;
	a.insns = (unsigned long)insn;
	a.insn_cnt = sizeof(insn) / sizeof(insn[0]);
	a.license = (unsigned long)"GPL";
	strcpy(a.prog_name, "b13_count");
	return sys_bpf(BPF_PROG_LOAD, &a);
}

/* The program's count of syscall nr, over every CPU. */
static unsigned long long count_of(int map, __u32 nr)
{
	static __u64 per_cpu[8192];	/* one value per possible CPU */
	unsigned long long sum = 0;
	union bpf_attr a;

	memset(per_cpu, 0, sizeof(per_cpu));
	memset(&a, 0, sizeof(a));
	a.map_fd = map;
	a.key = (unsigned long)&nr;
	a.value = (unsigned long)per_cpu;
	if (sys_bpf(BPF_MAP_LOOKUP_ELEM, &a) < 0)
		return 0;
	for (size_t i = 0; i < sizeof(per_cpu) / sizeof(per_cpu[0]); i++)
		sum += per_cpu[i];
	return sum;
}

/* The program on a new perf event of sys_enter: its fd, or -1. */
static int attach(long id, int prog)
{
	struct perf_event_attr attr = {
		.type = PERF_TYPE_TRACEPOINT,
		.size = sizeof(attr),
		.config = id,
		.sample_period = 1,
		.wakeup_events = 1,
		.disabled = 1,
	};
	int fd = syscall(__NR_perf_event_open, &attr, -1, 0, -1,
			 PERF_FLAG_FD_CLOEXEC);

	if (fd < 0)
		return -1;
	if (ioctl(fd, PERF_EVENT_IOC_SET_BPF, prog) < 0 ||
	    ioctl(fd, PERF_EVENT_IOC_ENABLE, 0) < 0) {
		close(fd);
		return -1;
	}
	return fd;
}

int main(void)
{
	union bpf_attr a;
	double on_ns = 1e30, off_ns = 1e30;
	unsigned long long runs;
	int off, map, prog, fd;
	long id;

	pin_cpu0();
	id = event_id();
	off = id_offset();
	if (id < 0 || off < 0)
		return 0;
	memset(&a, 0, sizeof(a));
	a.map_type = BPF_MAP_TYPE_PERCPU_ARRAY;
	a.key_size = 4;
	a.value_size = 8;
	a.max_entries = B13_IDS;
	map = sys_bpf(BPF_MAP_CREATE, &a);
	if (map < 0) {
		perror("B13: a per-CPU array");
		return 0;
	}
	prog = load_prog(map, off);
	if (prog < 0) {
		/* EINVAL: no BPF_PROG_TYPE_TRACEPOINT without BPF events. */
		if (errno != EINVAL)
			perror("B13: loading the program");
		return 0;
	}
	/* Once attached, for the warm-up and a check that it attaches. */
	fd = attach(id, prog);
	if (fd < 0) {
		perror("B13: attaching the program to raw_syscalls/sys_enter");
		return 0;
	}
	if (getenv("B13_HOLD")) {
		for (long n = atol(getenv("B13_HOLD")); n > 0; n--)
			syscall(SYS_getppid);
		close(fd);
		return 0;
	}
	best_getppid(B13_CALLS / 10, 1);
	close(fd);
	runs = count_of(map, SYS_getppid);

	for (int round = 0; round < B13_ROUNDS; round++) {
		double ns;

		fd = attach(id, prog);
		if (fd < 0) {
			perror("B13: attaching the program again");
			return 1;
		}
		ns = best_getppid(B13_CALLS, B13_LOOPS);
		on_ns = ns < on_ns ? ns : on_ns;
		close(fd);
		ns = best_getppid(B13_CALLS, B13_LOOPS);
		off_ns = ns < off_ns ? ns : off_ns;
	}
	/* Each loop: WARM_CALLS, then the timed calls. */
	runs = count_of(map, SYS_getppid) - runs;
	printf("B13.getppid_ns %.1f\n", off_ns);
	printf("B13.runs_per_getppid %.3f\n",
	       (double)runs / ((double)B13_ROUNDS * B13_LOOPS *
			       (B13_CALLS + WARM_CALLS)));
	if (runs)
		printf("B13.prog_ns %.1f\n", on_ns - off_ns);
	else
		fprintf(stderr, "B13: the program never ran\n");
	return 0;
}
