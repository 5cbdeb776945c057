# SPDX-License-Identifier: GPL-2.0
# limit: 300
# The timerlat tracer: a timerlat/N thread per CPU; each activation an irq
# line then a thread line of the same number, on every CPU, about one a
# timerlat_period_us, the thread's latency at least the interrupt's and
# both plausible; the header; print_stack puts the interrupt's stack
# after the thread line; stop_tracing_total_us stops tracing with a line
# saying where; osnoise cannot start while timerlat runs (EBUSY), in any
# instance, but timerlat runs in two at once; with NO_OSNOISE_WORKLOAD,
# timerlat_fd makes a user-space thread the CPU's (its read()s return 0
# and their thread and user-ret lines carry its pid), refuses a second
# opener (EBUSY), the wrong CPU and the kernel workload (EINVAL), and a
# tracer switch under a blocked read() kills the reader cleanly; no thread
# is left behind; a CPU taken offline loses its thread and gets it back.
grep -qw timerlat available_tracers || skip "no timerlat tracer"
o=osnoise
ncpu=$(nproc)
last=$((ncpu - 1))

threads() {
	ps -o comm 2>/dev/null | sed -n 's/^\[*timerlat\/\([0-9]*\)\]*$/\1/p' | sort -n
}

tl_reset() {
	echo nop > current_tracer
	echo "$(cat /sys/devices/system/cpu/possible)" > $o/cpus
	echo DEFAULTS > $o/options
	echo 0 > $o/stop_tracing_us
	echo 0 > $o/stop_tracing_total_us
	echo 1000 > $o/timerlat_period_us
	echo 0 > $o/print_stack
	echo 0 > events/enable
	echo > trace
	echo 1 > tracing_on
}

grep -q 'field:u64 timer_latency;' events/ftrace/timerlat/format ||
	fail "ftrace/timerlat format: $(cat events/ftrace/timerlat/format)"
grep -q 'field:int context;' events/ftrace/timerlat/format ||
	fail "ftrace/timerlat format: no context"

# cs: /proc/uptime in centiseconds, one 10 ms period each.
cs() {
	tr -d . < /proc/uptime | cut -d' ' -f1
}

tl_reset
echo 10000 > $o/timerlat_period_us
t0=$(cs)
echo timerlat > current_tracer
sleep 2
[ "$(threads | tr '\n' ' ')" = "$(seq 0 $last | tr '\n' ' ')" ] ||
	fail "threads: $(threads | tr '\n' ' ')"
echo 0 > tracing_on
periods=$(($(cs) - t0 + 2))
cat trace > /tmp/tl.trace
echo nop > current_tracer
[ -z "$(threads)" ] || fail "threads left after nop: $(threads)"
grep -q '^# tracer: timerlat' /tmp/tl.trace || fail "header: $(head -3 /tmp/tl.trace)"
grep -q 'ACTIVATION' /tmp/tl.trace || fail "no ACTIVATION title"
grep -q 'CONTEXT.*LATENCY' /tmp/tl.trace || fail "no CONTEXT, LATENCY titles"
line='^ *.+-[0-9]+ +\[[0-9]{3}\] [.dDbNnpshHzZ0-9]{5} +[0-9]+\.[0-9]{6}: '
line="$line"'#[0-9]+ +context +(irq|thread) timer_latency +[0-9]+ ns$'
grep -v '^#' /tmp/tl.trace | grep -Evq "$line" &&
	fail "not a timerlat line: $(grep -v '^#' /tmp/tl.trace | grep -Ev "$line" | head -3)"
grep -Eq '^ *(timerlat/[0-9]+|<\.\.\.>)-[0-9]+ .* context thread ' /tmp/tl.trace ||
	fail "thread lines not the thread's: $(grep 'context thread' /tmp/tl.trace | head -2)"
for c in $(seq 0 $last); do
	N='\([0-9]*\)'
	grep -E "\[00$c\]" /tmp/tl.trace |
		sed -n "s/.*: #$N *context *\([a-z]*\) timer_latency *$N ns\$/\1 \2 \3/p" \
		> /tmp/tl.$c
	nirq=$(grep -c ' irq ' /tmp/tl.$c || true)
	nthr=$(grep -c ' thread ' /tmp/tl.$c || true)
	# 10 ms periods for 2 s or more; missed periods are skipped, not
	# made up.
	[ "$nirq" -ge 100 ] && [ "$nirq" -le "$periods" ] ||
		fail "CPU $c: $nirq activations in $periods periods"
	[ $((nirq - nthr)) -le 1 ] && [ $((nthr - nirq)) -le 1 ] ||
		fail "CPU $c: $nirq irq lines, $nthr thread lines"
	# Bounds of the plausible: a busy host stalls vCPUs for tens of ms.
	awk '
	$2 == "irq" { irq[$1] = $3; if ($3 > 50000000) bad = "irq latency " $3 }
	$2 == "thread" {
		if (!($1 in irq)) next
		if ($3 < irq[$1]) bad = "thread " $3 " < irq " irq[$1] " (#" $1 ")"
		if ($3 > 100000000) bad = "thread latency " $3
		pairs++
	}
	END {
		if (bad) { print bad; exit 1 }
		if (pairs < 90) { print pairs " pairs"; exit 1 }
	}' /tmp/tl.$c ||
		fail "CPU $c: $(awk '$2 == "irq"' /tmp/tl.$c | tail -n 1)"
done

# print_stack: the interrupt's stack after the thread line.
tl_reset
echo 10000 > $o/timerlat_period_us
echo 1 > $o/print_stack
echo timerlat > current_tracer
sleep 0.5
echo 0 > tracing_on
grep -A1 'context thread' trace | grep -q '<stack trace>' ||
	fail "no stack after a thread line: $(grep -A2 'context thread' trace | head -4)"
grep -q '=> __hrtimer_run_queues' trace ||
	fail "the stack is not the timer interrupt's: $(grep -A6 'stack trace' trace | head -7)"
echo nop > current_tracer

# stop_tracing_total_us: the first thread latency over 1 us stops it.
tl_reset
mkdir instances/tl_stop
echo 10000 > $o/timerlat_period_us
echo 1 > $o/stop_tracing_total_us
echo timerlat > instances/tl_stop/current_tracer
sleep 0.5
[ "$(cat instances/tl_stop/tracing_on)" = 0 ] || fail "stop_tracing_total_us: still on"
[ "$(cat tracing_on)" = 1 ] || fail "the top array stopped"
grep -q 'stop tracing hit on cpu' instances/tl_stop/trace ||
	fail "no stop line: $(tail -3 instances/tl_stop/trace)"
echo nop > instances/tl_stop/current_tracer
rmdir instances/tl_stop

# One noise tracer at a time; timerlat in two instances.
tl_reset
echo 10000 > $o/timerlat_period_us
mkdir instances/tl_a instances/tl_b
echo timerlat > instances/tl_a/current_tracer
echo timerlat > instances/tl_b/current_tracer
expect_reject current_tracer osnoise "Device or resource busy"
sleep 0.5
for i in tl_a tl_b; do
	grep -q 'context thread' instances/$i/trace || fail "$i: no thread lines"
done
rmdir instances/tl_a
[ -n "$(threads)" ] || fail "no thread left for tl_b"
rmdir instances/tl_b
[ -z "$(threads)" ] || fail "threads left after rmdir: $(threads)"
echo osnoise > current_tracer
echo nop > current_tracer

# timerlat_fd
tl_reset
fd=$o/per_cpu/cpu0/timerlat_fd
[ -f $fd ] || fail "no $fd"
echo 10000 > $o/timerlat_period_us
echo timerlat > current_tracer
[ "$(tfs tlat 0 0 1)" = EINVAL ] || fail "timerlat_fd opened with the kernel workload"
echo nop > current_tracer
echo NO_OSNOISE_WORKLOAD > $o/options
echo timerlat > current_tracer
[ -z "$(threads)" ] || fail "kernel threads with NO_OSNOISE_WORKLOAD"
[ "$(tfs tlat 0 0 20)" = ok ] || fail "20 reads of timerlat_fd"
tfs tlat 0 0 100000 > /tmp/tl.bg &
bg=$!
sleep 0.3
[ "$(tfs tlat 0 0 1)" = EBUSY ] || fail "a second opener not refused"
if [ "$ncpu" -gt 1 ]; then
	[ "$(tfs tlat 0 1 1)" = EINVAL ] || fail "opened from the wrong CPU"
fi
echo 0 > tracing_on
grep -Eq "^ *tfs-$bg +\[000\] .*: #[0-9]+ +context thread timer_latency +[0-9]+ ns" trace ||
	fail "no thread line of the user thread: $(grep 'context thread' trace | tail -2)"
grep -Eq "^ *tfs-$bg +\[000\] .*: #[0-9]+ +context user-ret timer_latency +[0-9]+ ns" trace ||
	fail "no user-ret line: $(grep 'context' trace | tail -3)"
echo 1 > tracing_on
# A switch while it sleeps in read(): killed, as upstream documents.
echo nop > current_tracer
wait $bg && fail "the user thread survived the switch"
[ ! -s /tmp/tl.bg ] || fail "the user thread finished: $(cat /tmp/tl.bg)"
echo timerlat > current_tracer
[ "$(tfs tlat 0 0 2)" = ok ] || fail "timerlat_fd after the killed reader"
tl_reset

# CPU hotplug.
if [ "$ncpu" -gt 1 ] && [ -f /sys/devices/system/cpu/cpu$last/online ]; then
	echo 10000 > $o/timerlat_period_us
	echo timerlat > current_tracer
	sleep 0.3
	threads | grep -qx $last || fail "no timerlat/$last"
	echo 0 > /sys/devices/system/cpu/cpu$last/online
	threads | grep -qx $last && fail "timerlat/$last left on an offline CPU"
	echo 1 > /sys/devices/system/cpu/cpu$last/online
	wait_for 5 sh -c "ps -o comm | grep -q 'timerlat/$last'" ||
		fail "timerlat/$last not back"
	echo > trace
	sleep 0.5
	grep -q "\[00$last\] .*context thread" trace ||
		fail "no thread line of CPU $last after it came back"
fi
tl_reset
