# SPDX-License-Identifier: GPL-2.0
# limit: 300
# The hwlat tracer: hwlat_detector/ has the documented defaults and
# refuses bad values, changing nothing; with a small width and window the
# samples above tracing_thresh are recorded in the documented shape, with
# sequence numbers counting up from 1 and tracing_max_latency at least
# the largest; tracing_thresh is 10 while it runs and 0 again after (the
# last value coming back at the next start); round-robin and none run one
# hwlatd thread, per-cpu one per CPU of tracing_cpumask, and switching
# mode, switching to nop and removing an instance that runs it leave no
# thread behind, nor does a churn of all of them with CPU hotplug.
grep -qw hwlat available_tracers || skip "no hwlat tracer"
d=hwlat_detector
[ -d $d ] || fail "no $d/"

# threads: the hwlatd threads running now.
threads() {
	cat /proc/[0-9]*/comm 2>/dev/null | grep -c '^hwlatd' || true
}

no_threads() {
	[ "$(threads)" = 0 ]
}

ncpu=$(ls -d per_cpu/cpu* | wc -l)

[ "$(cat $d/width)" = 500000 ] || fail "width $(cat $d/width), not 500000"
[ "$(cat $d/window)" = 1000000 ] || fail "window $(cat $d/window), not 1000000"
[ "$(cat $d/mode)" = "none [round-robin] per-cpu" ] ||
	fail "mode: '$(cat $d/mode)'"

# The width stays at most the window.
expect_reject $d/width 2000000 "Invalid argument"
expect_reject $d/width 1000001 "Invalid argument"
expect_reject $d/window 400000 "Invalid argument"
expect_reject $d/window 499999 "Invalid argument"
expect_reject $d/width abc "Invalid argument"
expect_reject $d/window -5 "Invalid argument"
expect_reject $d/mode bogus "Invalid argument"
expect_reject $d/mode "" "Invalid argument"

# Small enough to finish fast under emulation: 10 ms of every 100.
echo 10000 > $d/width
echo 100000 > $d/window
[ "$(cat $d/width)/$(cat $d/window)" = 10000/100000 ] ||
	fail "width/window: $(cat $d/width)/$(cat $d/window)"
expect_reject $d/window 9999 "Invalid argument"
# Equal is taken, as upstream takes it.
echo 100000 > $d/width
[ "$(cat $d/width)" = 100000 ] || fail "width equal to the window refused"
echo 10000 > $d/width

echo 0 > tracing_thresh
echo hwlat > current_tracer
[ "$(cat tracing_thresh)" = 10 ] ||
	fail "tracing_thresh $(cat tracing_thresh) while hwlat runs, not 10"
wait_for 10 sh -c '[ "$(cat /proc/[0-9]*/comm | grep -c "^hwlatd$")" = 1 ]' ||
	fail "round-robin: $(threads) hwlatd threads, not 1"
# Every gap above 1 us: emulation makes a few in any sample.
echo 1 > tracing_thresh
wait_for 60 sh -c '[ "$(grep -c "inner/outer" trace)" -ge 3 ]' ||
	fail "no samples recorded: $(tail -5 trace)"
echo 0 > tracing_on
grep 'inner/outer' trace > /tmp/hwlat.lines
# The context columns, then upstream's text.
re='^ *.+-[0-9]+ +\[[0-9]{3}\] [.dDbNnpshHzZ0-9]{5} +[0-9]+\.[0-9]{6}: '
re="$re"'#[0-9]+ +inner/outer\(us\): +[0-9]+/[0-9]+ +ts:[0-9]+\.[0-9]{9} '
re="$re"'count:[0-9]+( nmi-total:[0-9]+ nmi-count:[0-9]+)?$'
bad=$(grep -Evc "$re" /tmp/hwlat.lines || true)
[ "$bad" = 0 ] || fail "$bad lines not in shape: $(grep -Ev "$re" /tmp/hwlat.lines | head -3)"
seqs=$(sed 's/.*: #\([0-9]*\) .*/\1/' /tmp/hwlat.lines)
[ "$(echo "$seqs" | head -1)" = 1 ] || fail "first sequence number $(echo "$seqs" | head -1)"
echo "$seqs" | awk 'NR > 1 && $1 != prev + 1 { exit 1 } { prev = $1 }' ||
	fail "sequence numbers not counting up: $(echo $seqs)"
# tracing_max_latency: the largest inner or outer gap recorded. Upstream
# (whose events/ftrace/ directories have no id file) keeps hwlat's in
# microseconds where the file takes nanoseconds: it reads a thousandth.
most=$(sed 's/.*inner\/outer(us): *\([0-9]*\)\/\([0-9]*\) .*/\1 \2/' /tmp/hwlat.lines |
	awk '{ if ($1 > m) m = $1; if ($2 > m) m = $2 } END { print m + 0 }')
max=$(cat tracing_max_latency)
if [ "$max" -ge "$most" ] && [ "$max" -gt 0 ]; then
	:
elif [ ! -f events/ftrace/hwlat/id ] && [ "$most" -ge 1000 ] &&
     [ "$max" -ge $((most / 1000)) ] &&
     [ "$max" -lt $((most / 1000 + 1000)) ]; then
	echo "tracing_max_latency in thousandths of a microsecond (upstream)"
else
	fail "tracing_max_latency $max, largest gap recorded $most"
fi
echo "$(wc -l < /tmp/hwlat.lines) samples, largest gap $most us, max $max us"
echo 1 > tracing_on

# Bad values while it runs change nothing either.
expect_reject $d/width 100001 "Invalid argument"
expect_reject $d/mode round "Invalid argument"

# per-cpu: a thread on each CPU; none: one again.
echo per-cpu > $d/mode
[ "$(cat $d/mode)" = "none round-robin [per-cpu]" ] || fail "mode: '$(cat $d/mode)'"
wait_for 10 sh -c "[ \$(cat /proc/[0-9]*/comm | grep -c '^hwlatd/') = $ncpu ]" ||
	fail "per-cpu: $(threads) hwlatd threads, not $ncpu"
echo none > $d/mode
wait_for 10 sh -c '[ "$(cat /proc/[0-9]*/comm | grep -c "^hwlatd")" = 1 ]' ||
	fail "none: $(threads) hwlatd threads, not 1"

# per-cpu follows tracing_cpumask when it starts.
mask=$(cat tracing_cpumask)
echo 1 > tracing_cpumask
echo per-cpu > $d/mode
wait_for 10 sh -c '[ "$(cat /proc/[0-9]*/comm | grep -c "^hwlatd")" = 1 ]' &&
	grep -qx 'hwlatd/0' /proc/[0-9]*/comm ||
	fail "per-cpu on CPU 0 only: $(cat /proc/[0-9]*/comm | grep hwlatd)"
echo "$mask" > tracing_cpumask
echo round-robin > $d/mode

# CPU hotplug: per-cpu's thread of a CPU going offline stops, and comes
# back with it; round-robin's thread goes on with the others.
hp=/sys/devices/system/cpu/cpu1/online
if [ "$ncpu" -gt 1 ] && [ -w $hp ]; then
	echo per-cpu > $d/mode
	wait_for 10 sh -c "[ \$(cat /proc/[0-9]*/comm | grep -c '^hwlatd/') = $ncpu ]" ||
		fail "per-cpu: $(threads) hwlatd threads, not $ncpu"
	echo 0 > $hp
	wait_for 10 sh -c "[ \$(cat /proc/[0-9]*/comm | grep -c '^hwlatd/') = $((ncpu - 1)) ]" &&
		! grep -qx 'hwlatd/1' /proc/[0-9]*/comm ||
		fail "CPU 1 offline: $(cat /proc/[0-9]*/comm | grep hwlatd)"
	echo 1 > $hp
	wait_for 10 grep -qx 'hwlatd/1' /proc/[0-9]*/comm ||
		fail "CPU 1 online: $(cat /proc/[0-9]*/comm | grep hwlatd)"
	echo round-robin > $d/mode
	echo 0 > $hp
	sleep 0.5
	echo 1 > $hp
	wait_for 10 sh -c '[ "$(cat /proc/[0-9]*/comm | grep -c "^hwlatd")" = 1 ]' ||
		fail "round-robin after hotplug: $(threads) hwlatd threads"
	echo "CPU hotplug: per-cpu threads follow it"
fi

# NMIs in a sample are counted: sysrq l sends one to every other CPU
# (the backtraces they print kept off the console). Half of each
# window sampled on every CPU, so that some land in a sample.
if [ -w /proc/sysrq-trigger ] && [ "$ncpu" -gt 1 ]; then
	echo per-cpu > $d/mode
	echo 100000 > $d/window
	echo 50000 > $d/width
	level=$(cut -f1 /proc/sys/kernel/printk)
	echo 1 > /proc/sys/kernel/printk
	i=0
	while [ $i -lt 100 ] && ! grep -q nmi-count trace; do
		echo l > /proc/sysrq-trigger
		sleep 0.05
		i=$((i + 1))
	done
	echo "$level" > /proc/sys/kernel/printk
	grep -q nmi-count trace || fail "no NMI counted in $i NMIs"
	grep nmi-count trace | grep -Evq "$re" &&
		fail "NMI lines not in shape: $(grep nmi-count trace | head -2)"
	grep -q ' nmi-total:[0-9]* nmi-count:[1-9][0-9]*$' trace ||
		fail "NMI fields: $(grep nmi-count trace | head -2)"
	echo "NMIs: $(grep nmi-count trace | head -1 | sed 's/.*nmi-total/nmi-total/') after $i"
	echo 10000 > $d/width
	echo round-robin > $d/mode
fi

# nop: no thread left, tracing_thresh 0 again; the next start takes 1.
echo nop > current_tracer
wait_for 10 no_threads || fail "$(threads) hwlatd threads after nop"
[ "$(cat tracing_thresh)" = 0 ] || fail "tracing_thresh $(cat tracing_thresh) after nop"
echo hwlat > current_tracer
[ "$(cat tracing_thresh)" = 1 ] ||
	fail "tracing_thresh $(cat tracing_thresh) at the restart, not 1"
echo 10 > tracing_thresh
echo nop > current_tracer
wait_for 10 no_threads || fail "$(threads) hwlatd threads after nop"

# In an instance, one array at a time; rmdir stops it.
if mkdir instances/hwl 2>/dev/null; then
	if grep -qw hwlat instances/hwl/available_tracers; then
		echo hwlat > instances/hwl/current_tracer
		[ "$(cat instances/hwl/current_tracer)" = hwlat ] ||
			fail "instance tracer $(cat instances/hwl/current_tracer)"
		wait_for 10 sh -c '[ "$(cat /proc/[0-9]*/comm | grep -c "^hwlatd")" = 1 ]' ||
			fail "instance: $(threads) hwlatd threads, not 1"
		got=$(write_errno current_tracer hwlat)
		[ "$got" != ok ] || fail "hwlat ran in two arrays at once"
		echo "top array while an instance runs it: $got"
		echo nop > current_tracer
		rmdir instances/hwl || fail "rmdir of the instance running hwlat"
		wait_for 10 no_threads || fail "$(threads) hwlatd threads after rmdir"
	else
		rmdir instances/hwl
		echo "instances do not run hwlat"
	fi
fi

# Churn: every change while it runs, hotplug too, in any order; then no
# thread is left.
i=0
while [ $i -lt 12 ]; do
	case $((i % 6)) in
	0) echo hwlat > current_tracer ;;
	1) echo per-cpu > $d/mode; echo 20000 > $d/width ;;
	2) [ ! -w "$hp" ] || { echo 0 > $hp; echo 1 > $hp; } ;;
	3) echo none > $d/mode; echo function > current_tracer 2>/dev/null ||
		echo nop > current_tracer ;;
	4) mkdir instances/churn; echo hwlat > instances/churn/current_tracer
	   echo round-robin > $d/mode; echo 10000 > $d/width ;;
	5) rmdir instances/churn ;;
	esac
	i=$((i + 1))
done
echo nop > current_tracer
wait_for 10 no_threads || fail "$(threads) hwlatd threads after the churn"
echo round-robin > $d/mode

echo 0 > tracing_thresh
echo 1000000 > $d/window
echo 500000 > $d/width
no_threads || fail "$(threads) hwlatd threads at the end"
