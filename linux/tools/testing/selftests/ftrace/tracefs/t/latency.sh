# SPDX-License-Identifier: GPL-2.0
# limit: 300
# The irqsoff, preemptoff and preemptirqsoff tracers: sections of a known
# length, made by preemptirq_delay_test.ko, are reported within 10% (plus
# the emulation overhead of an empty section) with the function that made
# them; the larger of two is kept; tracing_thresh keeps every section
# above it instead; the header, the columns and the stack trace are in
# the documented format; bad values are refused.
grep -qw irqsoff available_tracers || skip "no irqsoff tracer"
ko=$here/preemptirq_delay_test.ko
[ -f "$ko" ] || fail "no $ko (make check copies it in)"

# make MODE US [COUNT STEP]: sections from a fresh module, which turns
# tracing off right after them: the system's own sections cannot replace
# what was kept before the trace is read.
make() {
	insmod "$ko" test_mode=$1 delay=$2 count=${3:-1} step=${4:-0} stop=1 ||
		fail "insmod $1 $2"
	# Read while the module is there: its functions then have names.
	cat trace > /tmp/lat.trace
	cat tracing_max_latency > /tmp/lat.max
	rmmod preemptirq_delay_test
	echo 1 > tracing_on
}

# lat: the latency the trace header reports, in us.
lat() {
	sed -n 's/^# latency: \([0-9]*\) us, .*/\1/p' /tmp/lat.trace
}

# measure TRACER MODE US FN: the latency kept for a section of US made in
# FN. tracing_thresh at 90% of US keeps every section that long, so the
# module's (the last before tracing stops) is the one kept.
measure() {
	echo $1 > current_tracer
	# Another CPU's section may end between the module's and the stop.
	for i in 1 2 3 4 5; do
		echo $(($3 * 9 / 10)) > tracing_thresh
		make $2 $3
		echo 0 > tracing_thresh
		grep -q "started at: $4" /tmp/lat.trace && break
	done
	grep -q "started at: $4" /tmp/lat.trace ||
		fail "$1: not started in $4: $(head -12 /tmp/lat.trace)"
	# Preemption is enabled again inside preempt_count_sub().
	grep -Eq "ended at:   ($4|preempt_count_sub)" /tmp/lat.trace ||
		fail "$1: not ended in $4: $(head -12 /tmp/lat.trace)"
	lat
}

# The emulation overhead: what a section of 100 us is reported above 100.
echo 0 > options/function-trace
base=$(($(measure irqsoff irq 100 delay_test_irqs_off) - 100))
[ $base -ge 0 ] || base=0
echo "overhead of a section: $base us"

# try TRACER MODE US FN: within 10% (plus the overhead) of US. An
# interrupt taken in a preemption-off section makes it longer: try again.
try() {
	for i in 1 2 3 4 5; do
		l=$(measure "$@")
		[ "$l" -ge $(($3 * 9 / 10)) ] &&
			[ "$l" -le $(($3 * 11 / 10 + base)) ] && break
	done
	[ "$l" -ge $(($3 * 9 / 10)) ] && [ "$l" -le $(($3 * 11 / 10 + base)) ] ||
		fail "$1: $3 us reported as $l us (overhead: $base)"
	[ "$(cat /tmp/lat.max)" = "$l" ] ||
		fail "$1: tracing_max_latency $(cat /tmp/lat.max), header $l"
	echo "$1 $2 $3 us: $l us"
}

for us in 500 2000; do
	try irqsoff irq $us delay_test_irqs_off
	try preemptoff preempt $us delay_test_preempt_off
	try preemptirqsoff irq $us delay_test_irqs_off
	try preemptirqsoff preempt $us delay_test_preempt_off
done

# The format: header lines, legend, the three records and the stack.
f=/tmp/lat.trace
head -n 1 $f | grep -qx "# tracer: preemptirqsoff" || fail "tracer line: $(head -1 $f)"
grep -qx "# preemptirqsoff latency trace v1.1.5 on $(uname -r)" $f ||
	fail "title: $(sed -n 3p $f)"
latline='^# latency: [0-9]+ us, #[0-9]+/[0-9]+, CPU#[0-9]+ '
latline="$latline\\| \\(M:[a-z_]+ VP:0, KP:0, SP:0 HP:0 #P:[0-9]+\\)$"
grep -Eq "$latline" $f ||
	fail "latency line: $(sed -n 5p $f)"
grep -Eq "^#    \| task: insmod-[0-9]+ \(uid:0 nice:0 policy:0 rt_prio:0\)$" $f ||
	fail "task line: $(sed -n 7p $f)"
grep -qx "#  cmd     pid     |||||| time  |   caller     " $f || fail "legend"
ctx='[0-9][.dDbNnpshHzZ0-9]{5}'
grep -Eq "^  insmod-[0-9]+ +$ctx +[0-9]+us[ +!#*@$]: delay_test_preempt_off" $f ||
	fail "first record: $(grep -v '^#' $f | head -1)"
grep -Eq "^  insmod-[0-9]+ +$ctx +[0-9]+us : <stack trace>$" $f ||
	fail "stack record: $(grep -v '^#' $f)"
grep -q "^ => delay_test_preempt_off" $f || fail "stack: $(grep " => " $f)"
n=$(grep -Evc '^#|^ =>' $f || true)
grep -q " #$n/$n, " $f || fail "entry count $n: $(sed -n 5p $f)"

# Without tracing_thresh the larger of two sections is kept, not the
# later one. (Long ones: the system's own may reach a few ms.)
echo irqsoff > current_tracer
echo 10000 > tracing_max_latency
make irq 40000 2 -20000
l=$(lat)
grep -q "started at: delay_test_irqs_off" /tmp/lat.trace && [ "$l" -ge 36000 ] ||
	fail "40 ms then 20 ms: kept $l us"

# tracing_thresh: every section above it is kept, so the last one shows.
echo 10000 > tracing_thresh
make irq 40000 2 -20000
echo 0 > tracing_thresh
l=$(lat)
[ "$l" -ge 18000 ] && [ "$l" -lt 36000 ] || fail "with tracing_thresh: kept $l us"

# function-trace: the functions of the section are there too.
echo 1 > options/function-trace
measure irqsoff irq 2000 delay_test_irqs_off > /dev/null
grep -q ": delay_test_spin <-delay_test_irqs_off" /tmp/lat.trace ||
	fail "function-trace: $(grep -v '^#' /tmp/lat.trace | head)"
echo 0 > options/function-trace
[ "$(grep -c . enabled_functions)" = 0 ] ||
	fail "function-trace off left functions hooked: $(head enabled_functions)"
echo 1 > options/function-trace

# The header's #A/B: B counts the section's records that were overwritten
# too. A long section with interrupts on, function-trace on and a small
# buffer loses most of them (HZ ticks make records).
old=$(cat buffer_size_kb)
echo 8 > buffer_size_kb
measure preemptoff preempt 40000 delay_test_preempt_off > /dev/null
echo "$old" > buffer_size_kb
n=$(grep -Evc '^#|^ =>' /tmp/lat.trace || true)
ab=$(sed -n 's|^# latency: [0-9]* us, #\([0-9]*/[0-9]*\), .*|\1|p' /tmp/lat.trace)
[ "${ab%/*}" = "$n" ] && [ "${ab#*/}" -gt "$n" ] ||
	fail "overwritten section: #$ab with $n records shown"
echo "overwritten section: #$ab"
echo irqsoff > current_tracer

# display-graph: the section as a call graph, in upstream's columns; the
# stack stays in the latency format.
echo 1 > options/display-graph
f=/tmp/lat.trace
g=" +[0-9]+ us \\|  +[0-9]+\\) +insmod-[0-9]+ +\\|  d[.A-Za-z0-9]{4} \\| "
# The max buffer is swapped whole: a new maximum on another CPU while the
# section runs takes the records written so far with it. Try again then.
for i in 1 2 3 4 5; do
	measure irqsoff irq 2000 delay_test_irqs_off > /dev/null
	grep -Eq "^$g.{14}\\| +delay_test_spin\\(\\)( \\{|;)$" $f && break
done
legend="#   REL TIME      CPU  TASK/PID       ||||     DURATION"
grep -qx "$legend                  FUNCTION CALLS" $f ||
	fail "display-graph legend: $(sed -n 11,20p $f)"
grep -Eq "^$g  0\\.000 us    \\|  delay_test_irqs_off\\(\\);$" $f ||
	fail "display-graph start: $(grep -v '^#' $f | head -3)"
grep -Eq "^$g.{14}\\| +delay_test_spin\\(\\)( \\{|;)$" $f ||
	fail "display-graph calls: $(grep -v '^#' $f | head)"
grep -Eq "^  insmod-[0-9]+ +$ctx +[0-9]+us : <stack trace>$" $f ||
	fail "display-graph stack: $(grep -v '^#' $f | tail -5)"
echo 0 > options/display-graph
for i in 1 2 3 4 5; do
	measure irqsoff irq 2000 delay_test_irqs_off > /dev/null
	grep -q ": delay_test_spin <-delay_test_irqs_off" /tmp/lat.trace && break
done
grep -q ": delay_test_spin <-delay_test_irqs_off" /tmp/lat.trace ||
	fail "display-graph off: $(grep -v '^#' /tmp/lat.trace | head)"
echo 0 > options/function-trace

# A section opens only once every hook is live. Starting irqsoff with
# function-trace on patches every function in: a section that an idle CPU
# opened before its closing hook was patched in stayed open through it all,
# with interrupts on again (kept as a latency of seconds).
echo nop > current_tracer
echo 1 > options/function-trace
echo irqsoff > current_tracer
sleep 1
echo 0 > tracing_on
grep -Ev '^#|^ =>' trace | awk '$2 !~ /^[0-9][dD]/' > /tmp/lat.on
echo 1 > tracing_on
echo 0 > options/function-trace
[ ! -s /tmp/lat.on ] ||
	fail "irqsoff kept records with interrupts on: $(head -3 /tmp/lat.on)"

# Bad values change nothing.
echo nop > current_tracer
echo 1234 > tracing_max_latency
expect_reject tracing_max_latency abc "Invalid argument"
expect_reject tracing_max_latency -1 "Invalid argument"
[ "$(cat tracing_max_latency)" = 1234 ] || fail "max changed"

# latency-format under another tracer: the same columns.
echo 1 > options/latency-format
echo hello > trace_marker
grep -Eq "^ +sh-[0-9]+ +$ctx +[0-9]+us[ +!#*@$]: tracing_mark_write: hello" trace ||
	fail "latency-format: $(grep -v '^#' trace)"
grep -q "^# nop latency trace v1.1.5 on" trace || fail "latency-format header"
echo 0 > options/latency-format

# Switching back and forth under load leaves no section, no stuck state.
(while :; do ls / > /dev/null; done) &
load=$!
for i in $(seq 1 20); do
	for t in irqsoff preemptoff preemptirqsoff nop; do
		echo $t > current_tracer
	done
done
kill $load
wait $load 2>/dev/null || true
echo nop > current_tracer
