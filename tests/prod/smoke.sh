# Guest side of make check's production-kernel smoke test (KTAP).
#
# The production config (no lockdep, no DEBUG_PREEMPT) is the only one in
# which the interrupt and preemption hooks sit behind their static keys
# (patches/0007, 0008), and the one users run: select each latency tracer
# a few times and check that it sees sections, then trace all functions
# once, and record sched events. harness/vm fails the run on any oops or warning on the console.
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
echo "1..5"
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
# Not function_graph yet: on this config it crashes under exit-heavy load
# (tests/prod/fgraph_exit.sh reproduces it; see Documentation/trace/
# tracing-design.rst, "Known problems").
echo 1 > $t/events/sched/enable && load && echo 0 > $t/events/sched/enable
grep -q 'sched_switch:' $t/trace && result ok "sched events" || result fail "sched events" "none"
echo "# $((n - bad)) passed, $bad failed"
