#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The soak (make soak): for MINUTES, trace_soak_mod.ko's threads write
# numbered records into the instance "soak" on every CPU, while tsoak
# reads them (read() on even CPUs, splice() on odd ones) and checks that
# every record missing was counted lost by the ring buffer, at its place
# and in the stats. Meanwhile, together: tracer switching (nop, function,
# function_graph, irqsoff, wakeup), resizes of the top buffer and of the
# soak's, a trace_pipe reader and a splice reader of the top buffer,
# snapshot swaps, events enabled and disabled, a module loaded and
# unloaded, CPU 1 taken offline and back, instances made and removed,
# the noise tracers (hwlat at the top, osnoise and timerlat in an
# instance of their own, a user-space timerlat thread among them),
# perf events on a trace event, probe events of every kind (kprobe,
# fprobe, tracepoint, event, uprobe, synthetic), and a kprobe
# and a direct call (upstream's samples) come and go.
#
# Usage: soak.sh MINUTES MODDIR     (in /sys/kernel/tracing, as root)
# MODDIR holds trace_soak_mod.ko and fentry_test_mod.ko, and may hold
# kprobe_example.ko and ftrace-direct.ko. Prints tsoak's
# lines, one per churn loop with its rounds, and a last line
#     soak: N minutes, N records written, N lost and counted at their
#     place, N errors
# Exit status 0 when every check passed.
min=${1:-2}
mods=${2:-/opt/soak}
ncpus=$(nproc --all 2>/dev/null || grep -c ^processor /proc/cpuinfo)
end=$(( $(date +%s) + min * 60 ))
S=instances/soak
out=/tmp/soak
mkdir -p $out
rm -f $out/*

echo 0 > tracing_on
echo nop > current_tracer
mkdir $S || exit 1
# Small, so that the writers outrun the readers now and then.
echo 128 > $S/buffer_size_kb
insmod $mods/trace_soak_mod.ko || exit 1
echo 1 > $S/events/trace_soak/soak_seq/enable
tsoak $S "$ncpus" > $out/tsoak.out 2> $out/tsoak.err &
reader=$!
echo 1 > tracing_on
echo 1 > /sys/kernel/debug/trace_soak

# loop NAME COMMANDS: run COMMANDS again and again until the end; its
# rounds go to $out/NAME.
loop() {
	(
		n=0
		while [ "$(date +%s)" -lt $end ]; do
			eval "$2" > /dev/null 2>&1
			n=$((n + 1))
		done
		echo "$1 $n" > $out/$1.rounds
	) &
}

loop tracers 'for t in function function_graph irqsoff wakeup nop; do
		echo $t > current_tracer; sleep 1; done'
loop resize 'for k in 2048 512 1408; do echo $k > buffer_size_kb; sleep 1; done
	for k in 64 256 128; do echo $k > $S/buffer_size_kb; sleep 1; done'
loop pipe 'timeout 5 cat trace_pipe'
loop splice 'for i in 1 2 3 4 5 6 7 8 9 10; do
		tfs splice per_cpu/cpu0/trace_pipe_raw 65536; sleep 0.2; done'
loop snapshot 'echo 1 > snapshot; sleep 0.5'
loop events 'echo 1 > events/sched/enable; sleep 1; echo 0 > events/sched/enable;
	echo 1 > events/syscalls/enable; sleep 1; echo 0 > events/syscalls/enable'
loop module "insmod $mods/fentry_test_mod.ko; echo 20 > /sys/kernel/debug/fentry_test_mod;
	sleep 0.5; rmmod fentry_test_mod"
if [ -w /sys/devices/system/cpu/cpu1/online ]; then
	loop hotplug 'echo 0 > /sys/devices/system/cpu/cpu1/online; sleep 1;
		echo 1 > /sys/devices/system/cpu/cpu1/online; sleep 2'
fi
loop instances 'mkdir instances/churn; echo 1 > instances/churn/events/sched/enable;
	echo function > instances/churn/current_tracer; sleep 0.5;
	echo nop > instances/churn/current_tracer; rmdir instances/churn'
# The noise tracers across the hotplug loop's CPU churn: hwlat at the top
# (one window of 100 ms, 10 ms wide), osnoise and timerlat in an instance,
# with a user-space timerlat thread in read() when the tracer goes away.
if grep -qw timerlat available_tracers; then
	loop noise 'mkdir instances/noise; N=instances/noise;
		echo 100000 > hwlat_detector/window; echo 10000 > hwlat_detector/width;
		echo hwlat > current_tracer; sleep 0.5; echo nop > current_tracer;
		echo 200000 > osnoise/runtime_us; echo 500000 > osnoise/period_us;
		echo osnoise > $N/current_tracer; sleep 1;
		echo timerlat > $N/current_tracer; sleep 1;
		echo NO_OSNOISE_WORKLOAD > osnoise/options;
		echo timerlat > $N/current_tracer;
		(tfs tlat 0 0 1000000 &); sleep 0.5;
		echo nop > $N/current_tracer; echo DEFAULTS > osnoise/options;
		sleep 0.2; rmdir $N'
fi
# The ftrace API's users (upstream's samples): a kprobe on an ftrace
# site (on a function the soak never calls, so that it prints nothing)
# and a direct call on wake_up_process.
if [ -f $mods/kprobe_example.ko ] && [ -f $mods/ftrace-direct.ko ]; then
	loop api "insmod $mods/kprobe_example.ko symbol=cmdline_proc_show;
		insmod $mods/ftrace-direct.ko; sleep 0.5;
		rmmod ftrace_direct; rmmod kprobe_example; sleep 0.5"
fi
# Probe events of every kind come and go: a tracepoint probe on the
# module that the module loop loads and unloads, an event probe on
# sched_switch, which the events loop enables and disables, a uprobe on
# the shell's first instruction of text (each loop runs commands in it),
# and a synthetic event. Each is enabled at the top only: removing an
# event that was on in a buffer empties that buffer (its records would
# outlive their format), which the soak's would count as records missing.
sh=$(readlink -f /bin/sh)
off=$(sh -c 'cat /proc/$$/maps; :' |
	awk -v f="$sh" '$2 ~ /^r-xp/ && $6 == f { print $3; exit }')
up=
[ -f uprobe_events ] && [ -n "$off" ] && up="p:soakp/up $sh:0x$off"
loop probes "echo 'p:soakp/kp vfs_read' >> dynamic_events;
	echo 'f:soakp/fp vfs_write%return r=\$retval a=\$arg3' >> dynamic_events;
	echo 't:soakp/tp fentry_test_mod:fentry_test_call n=\$arg1' >> dynamic_events;
	echo 'e:soakp/ep sched.sched_switch next=\$next_pid:u32' >> dynamic_events;
	[ -z '$up' ] || echo '$up' >> dynamic_events;
	echo 's:soak_syn u64 lat; char comm[16]' >> dynamic_events;
	echo 1 > events/synthetic/soak_syn/enable;
	echo 1 > events/soakp/enable; sleep 0.5; echo 0 > events/soakp/enable;
	echo 0 > events/synthetic/soak_syn/enable;
	echo '!s:soak_syn' >> dynamic_events;
	echo '-:soakp/' >> dynamic_events"
if command -v perf > /dev/null; then
	loop perf 'perf stat -e sched:sched_switch -e syscalls:sys_enter_read -a sleep 1'
fi
wait_loops() {
	while [ "$(date +%s)" -lt $((end + 30)) ] &&
	      [ "$(ls $out/*.rounds 2>/dev/null | wc -l)" -lt "$1" ]; do
		sleep 1
	done
}
nloops=12
grep -qw timerlat available_tracers && nloops=$((nloops + 1))
[ -w /sys/devices/system/cpu/cpu1/online ] || nloops=$((nloops - 1))
[ -f $mods/kprobe_example.ko ] && [ -f $mods/ftrace-direct.ko ] ||
	nloops=$((nloops - 1))
command -v perf > /dev/null || nloops=$((nloops - 1))
sleep $((min * 60))
wait_loops $nloops
cat $out/*.rounds | tr '\n' ' ' | sed 's/^/loops (rounds): /; s/ $/\n/'
[ -w /sys/devices/system/cpu/cpu1/online ] && echo 1 > /sys/devices/system/cpu/cpu1/online

# Stop the writers for good, then let the reader drain and check.
echo 0 > /sys/kernel/debug/trace_soak
kill -TERM $reader
wait $reader
rc=$?
cat $out/tsoak.out
sed 's/^/tsoak: /' $out/tsoak.err | head -20
written=$(awk '{ n += $2 } END { print n + 0 }' /sys/kernel/debug/trace_soak)
lost=$(sed -n 's/.* read in .*, \([0-9]*\) lost in .*/\1/p' $out/tsoak.out |
	awk '{ n += $1 } END { print n + 0 }')
errors=$(sed -n 's/.*, \([0-9]*\) errors$/\1/p' $out/tsoak.out |
	awk '{ n += $1 } END { print n + 0 }')
[ $rc -eq 0 ] || [ "$errors" -gt 0 ] || errors=1
echo 0 > $S/events/trace_soak/soak_seq/enable
rmmod trace_soak_mod
rmdir $S
echo "soak: $min minutes, $written records written," \
	"$lost lost and counted at their place, $errors errors"
[ "$errors" -eq 0 ]
