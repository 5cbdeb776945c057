# Guest side of make check's production-kernel smoke test (KTAP).
#
# The production config (no lockdep, no DEBUG_PREEMPT) is the only one in
# which the interrupt and preemption hooks sit behind their static keys
# (patches/0007, 0008), and the one users run: select each latency tracer
# a few times and check that it sees sections, then trace all functions
# once, graph them under fork and exit load, and record sched events. harness/vm fails the run on any oops or warning on the console.
t=/sys/kernel/tracing
n=0 bad=0
result() { # ok|fail name [why]
	n=$((n + 1))
	if [ "$1" = ok ]; then
		echo "ok $n $2"
	else
		bad=$((bad + 1)); echo "# $3"; echo "not ok $n $2"
	fi
}
load() {
	for i in $(seq 30); do cat /proc/interrupts > /dev/null; ls /proc > /dev/null; done
}
echo "KTAP version 1"
echo "1..6"
for tr in irqsoff preemptoff preemptirqsoff; do
	why=
	for round in 1 2 3; do
		echo 0 > $t/tracing_max_latency
		echo $tr > $t/current_tracer || { why="cannot select $tr"; break; }
		load
		max=$(cat $t/tracing_max_latency)
		grep -q "=> started at:" $t/trace || why="round $round: no started at"
		echo nop > $t/current_tracer
		[ "$max" -gt 0 ] || why="round $round: tracing_max_latency 0"
		[ -z "$why" ] || break
	done
	[ -z "$why" ] && result ok "$tr" || result fail "$tr" "$why"
done
echo function > $t/current_tracer && load && echo nop > $t/current_tracer
lines=$(grep -vc '^#' $t/trace)
[ "$lines" -gt 100 ] && result ok "function tracer" || result fail "function tracer" "$lines lines"
# function_graph under exit-heavy load, five times: before the ring
# buffer's cmpxchg16b ended a TCG block (rb_internal.h), one boot in two
# crashed here, with a double fault or user tasks killed by #GP.
why=
for round in 1 2 3 4 5; do
	echo function_graph > $t/current_tracer || { why="cannot select"; break; }
	load
	echo nop > $t/current_tracer
	ent=$(grep -c '[{;]$' $t/trace) ret=$(grep -c '}' $t/trace)
	[ "$ent" -gt 100 ] && [ "$ret" -gt 10 ] || { why="round $round: $ent entries, $ret returns"; break; }
done
[ -z "$why" ] && result ok "function_graph" || result fail "function_graph" "$why"
echo 1 > $t/events/sched/enable && load && echo 0 > $t/events/sched/enable
grep -q 'sched_switch:' $t/trace && result ok "sched events" || result fail "sched events" "none"
echo "# $((n - bad)) passed, $bad failed"
