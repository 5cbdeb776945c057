# SPDX-License-Identifier: GPL-2.0
# BPF programs on trace events (CONFIG_BPF_EVENTS), driven by tbpf (tbpf.c,
# whose header tells what each subcommand checks): TRACEPOINT programs
# attached by PERF_EVENT_IOC_SET_BPF and by BPF_LINK_CREATE, on sched and
# syscall events, from perf events of CPU 0 while the calls come from
# another; raw tracepoints with cookies; the helpers; bpf_perf_event_output;
# bpf_get_stackid; PERF_EVENT_IOC_QUERY_BPF; BPF_TASK_FD_QUERY; what attach
# refuses, with its errno; KPROBE programs on a kprobe event and on the
# kprobe PMU's probes. Here, what
# tbpf cannot see alone: its count of a child's switches against the trace
# recorded at the same time, its bpf_trace_printk() messages in the trace,
# and that its kprobe event is gone after. Skipped when the kernel does
# not know BPF_PROG_TYPE_TRACEPOINT.
# limit: 180
command -v tbpf >/dev/null || skip "no tbpf helper"
[ "$(id -u)" = 0 ] || skip "not root"

# tb ARGS...: run tbpf ARGS, show its output and keep it in $out; fail
# with its FAIL lines when it does not exit 0.
tb() {
	rc=0
	out=$(tbpf "$@" 2>&1) || rc=$?
	echo "$out"
	[ "$rc" -eq 0 ] ||
		fail "tbpf $*: exit $rc: $(echo "$out" | grep -v '^ok ' | head -n 8)"
}

# lost: how many records the trace has lost so far, on all CPUs.
lost() {
	_lost=0
	for _s in per_cpu/cpu*/stats; do
		for _k in overrun 'commit overrun' 'dropped events'; do
			_v=$(sed -n "s/^$_k: //p" "$_s")
			_lost=$((_lost + ${_v:-0}))
		done
	done
	echo "$_lost"
}

rc=0
out=$(tbpf probe 2>&1) || rc=$?
[ "$rc" -ne 4 ] || skip "no BPF programs on trace events: $out"
[ "$rc" -eq 0 ] || fail "tbpf probe: exit $rc: $out"
echo "$out"

# Every switch of a child of tbpf, from its fork to its end, counted by a
# program on sched_switch, is a sched_switch line of the trace, which
# records all of them meanwhile (nothing may be lost), and no other is.
# Once with the program attached by ioctl, once by a link.
old_kb=$(sed 's/.*expanded: \([0-9]*\)).*/\1/; s/ .*//' buffer_size_kb)
trap 'echo "$old_kb" > buffer_size_kb' EXIT
echo 4096 > buffer_size_kb
sw=events/sched/sched_switch
for how in ioctl link; do
	echo > trace
	lost0=$(lost)
	echo 1 > $sw/enable
	tb switch $how
	echo 0 > $sw/enable
	# "ok switch-HOW pid=CHILD count=N"
	res=$(echo "$out" | sed -n "s/^ok switch-$how pid=\([0-9]*\) count=\([0-9]*\)\$/\1 \2/p")
	pid=${res% *}
	n=${res#* }
	[ -n "$res" ] || fail "switch $how: no pid and count in: $out"
	lost1=$(lost)
	[ "$lost1" = "$lost0" ] ||
		fail "switch $how: the trace lost $((lost1 - lost0)) records"
	t=$(grep -c " prev_pid=$pid prev_prio=" trace || true)
	[ "$t" -gt 0 ] || fail "switch $how: no switch of $pid in the trace"
	[ "$t" = "$n" ] ||
		fail "switch $how: BPF counted $n switches of $pid, the trace has $t:" \
			"$(grep " prev_pid=$pid prev_prio=" trace | tail -n 3)"
done
echo "$old_kb" > buffer_size_kb
trap - EXIT

# Syscall events, raw tracepoints, helpers, perf output, stack ids, the
# query of a trace event's programs, refusals, BPF_TASK_FD_QUERY: tbpf
# checks each itself.
for c in syscall rawtp helpers output stackid query refuse fdquery; do
	tb $c
done

# KPROBE programs on kprobes/tbpf_kp (at __x64_sys_getppid), which tbpf
# defines and removes: their counts, cookie and registers, what attach and
# load refuse, and a program returning 0 keeping the hits from perf's
# ring but not from the trace (tbpf clears it and counts its own lines).
# The event must be gone after.
if [ -f kprobe_events ]; then
	tb kprobe
	! grep -q tbpf_kp kprobe_events ||
		fail "kprobe: tbpf left its event: $(grep tbpf_kp kprobe_events)"
	[ ! -d events/kprobes/tbpf_kp ] ||
		fail "kprobe: events/kprobes/tbpf_kp is still there"
else
	echo "no kprobe_events: kprobe programs not checked"
fi

# The same KPROBE programs on a uprobe event (uprobes/tbpf_kp at a
# function of tbpf): they see the user's registers.
if [ -f uprobe_events ]; then
	tb kprobe uprobe
	! grep -q tbpf_kp uprobe_events ||
		fail "kprobe uprobe: tbpf left its event: $(grep tbpf_kp uprobe_events)"
else
	echo "no uprobe_events: uprobe programs not checked"
fi

# The kprobe PMU (what libbpf and bpftrace open for kprobe: probes): each
# probe is its perf event's own. Counts, raw samples, KPROBE programs,
# BPF_TASK_FD_QUERY and refusals are tbpf's; here, that no probe is left
# in kprobes/list after.
if [ -f /sys/bus/event_source/devices/kprobe/type ]; then
	tb kpmu
	list=/sys/kernel/debug/kprobes/list
	if [ -f $list ]; then
		! grep -q '__x64_sys_getppid' $list ||
			fail "kpmu: a probe is left: $(grep __x64_sys_getppid $list)"
	fi
else
	echo "no kprobe PMU: its probes not checked"
fi

# The uprobe PMU (what libbpf and bpftrace open for uprobe: probes):
# counts, KPROBE programs, BPF_TASK_FD_QUERY and refusals are tbpf's.
if [ -f /sys/bus/event_source/devices/uprobe/type ]; then
	tb upmu
else
	echo "no uprobe PMU: its probes not checked"
fi

# kprobe_multi links, one program on many functions through an fprobe
# (what libbpf and bpftrace make for a wildcard kprobe): hits by cookie,
# bpf_get_func_ip(), returns, link info and refusals are tbpf's.
tb kmulti

# uprobe_multi links, one program on many places of a file through the
# uprobes core (libbpf's uprobe.multi and USDT, bpftrace's wildcard
# uprobes): hits by cookie and pid, bpf_get_func_ip(), returns, link
# info, a sleepable program and refusals are all tbpf's.
if [ -f uprobe_events ]; then
	tb umulti
else
	echo "no uprobe_events: uprobe_multi links not checked"
fi

# A raw tracepoint of a module (fentry_test_mod's fentry_test_call, whose
# first argument runs 0..N-1 when N is written to its debugfs file): every
# hit counted, and the module held while the link is open.
ko=$here/fentry_test_mod.ko
if [ -f "$ko" ]; then
	mod=fentry_test_mod
	lsmod | grep -q "^$mod " || insmod "$ko"
	tb rawmod fentry_test_call $mod 300 /sys/kernel/debug/fentry_test_mod
	rmmod $mod || fail "rawmod: $mod could not be removed after the link"
else
	echo "no $ko: module raw tracepoints not checked"
fi

# bpf_trace_printk("tbpf %d %d\n", magic, i) for i = 1..50: the trace has
# each as one line of the bpf_trace/bpf_trace_printk event, which nobody
# enabled, and no empty line after it (the format's '\n' ends the line).
[ -d events/bpf_trace/bpf_trace_printk ] ||
	fail "no events/bpf_trace/bpf_trace_printk"
echo > trace
magic=$(($$ + 1000000))
tb printk $magic 50
got=$(sed -n "s/^.* bpf_trace_printk: tbpf $magic \([0-9][0-9]*\)\$/\1/p" trace)
n=$(echo "$got" | grep -c . || true)
[ "$n" = 50 ] ||
	fail "printk: $n lines of 50 in the trace:" \
		"$(grep 'bpf_trace_printk' trace | head -n 3)"
echo "$got" | sort -n | awk '$1 != NR { bad = 1 } END { exit bad }' ||
	fail "printk: the counts are not 1 to 50: $(echo "$got" | tr '\n' ' ')"
blank=$(awk -v m=" bpf_trace_printk: tbpf $magic " \
	'p && $0 == "" { b++ } { p = index($0, m) > 0 } END { print b + 0 }' trace)
[ "$blank" = 0 ] ||
	fail "printk: $blank empty lines after the messages" \
		"(their format ends in a newline)"
