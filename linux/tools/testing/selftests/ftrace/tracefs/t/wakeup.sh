# SPDX-License-Identifier: GPL-2.0
# limit: 300
# The wakeup, wakeup_rt and wakeup_dl tracers: a real-time thread kept off
# its CPU for a known time by preemptirq_delay_test.ko (test_mode=wakeup)
# is reported within 10% (plus the emulation overhead of a wakeup with no
# delay, of each kind of thread), and the larger of two is kept;
# tracing_thresh keeps every wakeup above it instead; the wakeup and
# switch lines are in the documented pid:prio:state form; chrt -f 5
# sleep 1 gives a wakeup_rt
# trace of that sleep, chrt -d one of wakeup_dl, and a deadline thread of
# the module (test_mode=wakeup_dl) delayed by a known time is reported
# by wakeup_dl as the real-time one is by the others; wakeup_rt ignores tasks
# that are not real-time; switching all latency tracers under load is
# clean.
grep -qw wakeup_rt available_tracers || skip "no wakeup_rt tracer"
ko=$here/preemptirq_delay_test.ko
[ -f "$ko" ] || fail "no $ko (make check copies it in)"
ctx='[0-9][.dDbNnpshHzZ0-9]{5}'

# make US [COUNT STEP]: wakeups delayed by US from a fresh module, which
# turns tracing off right after them; of a deadline thread when
# mode=wakeup_dl.
mode=wakeup
make() {
	insmod "$ko" test_mode=$mode delay=$1 count=${2:-1} step=${3:-0} \
		stop=1 || fail "insmod wakeup $1"
	cat trace > /tmp/wk.trace
	cat tracing_max_latency > /tmp/wk.max
	rmmod preemptirq_delay_test
	echo 1 > tracing_on
}

lat() {
	sed -n 's/^# latency: \([0-9]*\) us, .*/\1/p' /tmp/wk.trace
}

# measure TRACER US: the latency kept for the module's thread, delayed by
# US. tracing_thresh at 90% of US keeps every wakeup that late, so the
# module's (the last before tracing stops) is the one kept.
measure() {
	echo $1 > current_tracer
	for i in 1 2 3 4 5; do
		echo $(($2 * 9 / 10 + 1)) > tracing_thresh
		make $2
		echo 0 > tracing_thresh
		grep -q "task: delay_test-" /tmp/wk.trace && break
	done
	grep -q "task: delay_test-" /tmp/wk.trace ||
		fail "$1: delay_test not kept: $(head -12 /tmp/wk.trace)"
	lat
}

# measure_woken TRACER US: as measure, but the wakeup kept must be the
# delayed one (kthread_stop()'s may be late too when functions are traced).
measure_woken() {
	for j in 1 2 3; do
		measure "$@" > /dev/null
		grep -q "^ => delay_test_wakeup" /tmp/wk.trace && return
	done
	fail "$1: the delayed wakeup not kept: $(grep ' => ' /tmp/wk.trace)"
}

echo 0 > options/function-trace
base=$(measure wakeup_rt 0)
echo "overhead of a wakeup: $base us"

# try TRACER US: measure until the latency is within bounds, five times
# at most, a second apart: the host's bursts of load last a second or two
# and can slow the guest twofold.
try() {
	for i in 1 2 3 4 5; do
		l=$(measure "$@")
		[ "$l" -ge $(($2 * 9 / 10)) ] &&
			[ "$l" -le $(($2 * 11 / 10 + base)) ] && break
		sleep 1
	done
	[ "$l" -ge $(($2 * 9 / 10)) ] && [ "$l" -le $(($2 * 11 / 10 + base)) ] ||
		fail "$1: $2 us reported as $l us (overhead: $base)"
	[ "$(cat /tmp/wk.max)" = "$l" ] ||
		fail "$1: tracing_max_latency $(cat /tmp/wk.max), header $l"
	echo "$1 $2 us: $l us"
}

for us in 500 2000; do
	try wakeup_rt $us
	try wakeup $us
done

# The format: header, task, the wakeup and switch lines, the stacks, of
# the delayed wakeup (the last measure may have kept kthread_stop()'s,
# from the module's init, whose frames have no symbols once it is done).
measure_woken wakeup 2000
f=/tmp/wk.trace
head -n 1 $f | grep -qx "# tracer: wakeup" || fail "tracer line: $(head -1 $f)"
grep -qx "# wakeup latency trace v1.1.5 on $(uname -r)" $f ||
	fail "title: $(sed -n 3p $f)"
grep -Eq "^#    \| task: delay_test-[0-9]+ \(uid:0 nice:0 policy:1 rt_prio:1\)$" $f ||
	fail "task line: $(sed -n 7p $f)"
grep -q "started at" $f && fail "a wakeup has no started at line"
wake="^ +insmod-[0-9]+ +$ctx +[0-9]+us[ +!#*@$]: +[0-9]+:120:R   \\+ "
wake="$wake\\[[0-9]{3}\\] +[0-9]+: 98:R delay_test$"
grep -Eq "$wake" $f || fail "wakeup line: $(grep -v '^#' $f | head -3)"
switch="^ +insmod-[0-9]+ +$ctx +[0-9]+us[ +!#*@$]: +[0-9]+:120:R ==> "
switch="$switch\\[[0-9]{3}\\] +[0-9]+: 98:R delay_test$"
grep -Eq "$switch" $f || fail "switch line: $(grep -v '^#' $f | tail -12)"
grep -q "^ => delay_test_wakeup" $f || fail "stack: $(grep ' => ' $f)"
grep -Eq "us[ +!#*@$]: __schedule$" $f || fail "no __schedule record"
n=$(grep -c -v -e '^#' -e '^ => ' $f)
grep -q " #$n/$n, " $f || fail "entry count $n: $(sed -n 5p $f)"

# A deadline thread: wakeup_dl follows it, and so does wakeup_rt. Its
# wakeup takes another path, with an overhead of its own.
mode=wakeup_dl
base=$(measure wakeup_dl 0)
echo "overhead of a deadline wakeup: $base us"
for us in 500 2000; do
	try wakeup_dl $us
done
grep -Eq "^#    \| task: delay_test-[0-9]+ \(uid:0 nice:0 policy:6 rt_prio:0\)$" /tmp/wk.trace ||
	fail "deadline task line: $(sed -n 7p /tmp/wk.trace)"
# (kthread_stop()'s wakeup may be the one kept: then measure again)
grep -q "^ => delay_test_wakeup" /tmp/wk.trace ||
	measure_woken wakeup_dl 2000
try wakeup_rt 2000
mode=wakeup

# Without tracing_thresh the larger of two is kept, not the later one.
echo wakeup_rt > current_tracer
echo 10000 > tracing_max_latency
make 40000 2 -20000
l=$(lat)
grep -q "task: delay_test-" /tmp/wk.trace && [ "$l" -ge 36000 ] ||
	fail "40 ms then 20 ms: kept $l us"

# tracing_thresh: every wakeup above it is kept, so the last one shows.
echo 10000 > tracing_thresh
make 40000 2 -20000
echo 0 > tracing_thresh
l=$(lat)
[ "$l" -ge 18000 ] && [ "$l" -lt 36000 ] || fail "with tracing_thresh: kept $l us"

# function-trace: what the CPU ran in between is there too.
echo 1 > options/function-trace
measure_woken wakeup_rt 2000
grep -q ": delay_test_spin <-delay_test_wakeup" /tmp/wk.trace ||
	fail "function-trace: $(grep -v '^#' /tmp/wk.trace | head)"
echo 0 > options/function-trace
[ "$(grep -c . enabled_functions)" = 0 ] ||
	fail "function-trace off left functions hooked: $(head enabled_functions)"

# display-graph: the wakeup and the switch are comments in the graph.
echo 1 > options/function-trace
echo 1 > options/display-graph
measure_woken wakeup_rt 2000
f=/tmp/wk.trace
grep -q "^#   REL TIME      CPU  TASK/PID       ||||" $f ||
	fail "display-graph legend: $(sed -n 9,18p $f)"
g=" +[0-9]+ us \\|  +[0-9]+\\) +[^ ]+ +\\|  [.A-Za-z0-9]{5} \\| {15}\\| +"
grep -Eq "^$g/\\* +[0-9]+:120:R   \\+ \\[[0-9]{3}\\] +[0-9]+: 98:R delay_test \\*/$" $f ||
	fail "display-graph wakeup: $(grep -v '^#' $f | head -3)"
grep -Eq "^$g/\\* +[0-9]+:120:R ==> \\[[0-9]{3}\\] +[0-9]+: 98:R delay_test \\*/$" $f ||
	fail "display-graph switch: $(grep -v '^#' $f | tail -20)"
grep -Eq "\\| +delay_test_spin\\(\\)( \\{|;)$" $f ||
	fail "display-graph calls: $(grep -v '^#' $f | head)"
echo 0 > options/display-graph
echo 0 > options/function-trace
[ "$(grep -c . enabled_functions)" = 0 ] ||
	fail "display-graph off left functions hooked: $(head enabled_functions)"

# chrt -f 5 sleep 1: wakeup_rt follows the sleep (another real-time
# wakeup may be the worse one: try again).
echo wakeup_rt > current_tracer
for i in 1 2 3; do
	echo 0 > tracing_max_latency
	chrt -f 5 sleep 1
	cp trace /tmp/wk.trace
	grep -Eq "task: sleep-[0-9]+ \(uid:0 nice:0 policy:1 rt_prio:5\)" $f && break
done
grep -Eq "task: sleep-[0-9]+ \(uid:0 nice:0 policy:1 rt_prio:5\)" $f ||
	fail "chrt -f 5 sleep 1: $(head -12 $f)"
grep -Eq ":[A-Z]   \\+ \\[[0-9]{3}\\] +[0-9]+: 94:R sleep$" $f || fail "sleep woken: $(cat $f)"
grep -Eq ":[A-Z] ==> \\[[0-9]{3}\\] +[0-9]+: 94:R sleep$" $f || fail "sleep switched: $(cat $f)"

# wakeup_rt leaves tasks that are not real-time alone.
echo 0 > tracing_max_latency
sleep 1
sleep 1
grep -q "task: sleep-.* policy:0 " trace &&
	fail "wakeup_rt followed a normal sleep: $(head -12 trace)"

# wakeup_dl follows a deadline task.
echo wakeup_dl > current_tracer
for i in 1 2 3; do
	echo 0 > tracing_max_latency
	chrt -d --sched-runtime 5000000 --sched-deadline 10000000 \
		--sched-period 10000000 0 sleep 1 || fail "chrt -d"
	cp trace /tmp/wk.trace
	grep -Eq "task: sleep-[0-9]+ \(uid:0 nice:0 policy:6 rt_prio:0\)" $f && break
done
grep -Eq "task: sleep-[0-9]+ \(uid:0 nice:0 policy:6 rt_prio:0\)" $f ||
	fail "chrt -d sleep 1: $(head -12 $f)"
grep -q "==> \\[" $f || fail "deadline switch: $(cat $f)"

# Bad values change nothing, whatever the tracer.
echo 1234 > tracing_max_latency
expect_reject tracing_max_latency abc "Invalid argument"
[ "$(cat tracing_max_latency)" = 1234 ] || fail "max changed"

# Switching among all latency tracers under load: clean, nothing stuck.
(while :; do chrt -f 3 ls / > /dev/null; done) &
load=$!
for i in $(seq 1 15); do
	for t in wakeup wakeup_rt wakeup_dl irqsoff preemptoff preemptirqsoff \
		 nop; do
		grep -qw $t available_tracers || continue
		echo $t > current_tracer
	done
done
kill $load
wait $load 2>/dev/null || true
echo nop > current_tracer
