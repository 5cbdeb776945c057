# SPDX-License-Identifier: GPL-2.0
# rtla timerlat top -a (auto-analysis): stop tracing at the first
# latency of 100 us or more, then explain it from the trace: the IRQ's
# delay and latency, what blocked the thread, the stack of the timerlat
# IRQ (osnoise/print_stack), and the latency it adds up to. Under TCG
# the thread latencies average several hundred us, so the stop comes in
# the first second; -d 30s bounds a kernel that never stops.
# limit: 90
need_rtla timerlat
thresh=100
out=/tmp/rtla-auto.out
cd /tmp
rm -f timerlat_trace.txt
rtla timerlat top -a $thresh -d 30s > $out 2>&1 || fail "timerlat top -a: $(tail -n 5 $out)"
# It follows top's last refresh on the same line.
grep -q 'rtla timerlat hit stop tracing$' $out || fail "no stop: $(tail -n 5 $out)"
# An analysis per CPU that hit the threshold (both may, at once).
cpus=$(sed -n 's/^## CPU \([0-9]*\) hit stop tracing, analyzing it ##$/\1/p' $out)
[ -n "$cpus" ] || fail "no CPU analyzed: $(grep -m 3 '##' $out)"
for c in $cpus; do
	[ "$c" -lt "$(nproc)" ] || fail "CPU $c analyzed"
done
for l in 'IRQ handler delay:' 'IRQ latency:' 'Blocking thread'; do
	grep -q "^  $l" $out || fail "no '$l' line: $(sed -n '/^## CPU/,$p' $out)"
done
# The stack saved at the timerlat IRQ: its own handler is on it.
sed -n '/Blocking thread stack trace/,/^---/p' $out | grep -Eq '^ +-> [a-z_]+' ||
	fail "no stack trace: $(sed -n '/^## CPU/,$p' $out)"
# Each total, past a line of dashes, is a latency that stopped it.
tot=$(sed -n 's/^ *\(IRQ\|Thread\) latency: *\([0-9.]*\) us (100%)$/\2/p' $out)
[ "$(echo "$tot" | wc -w)" = "$(echo "$cpus" | wc -w)" ] ||
	fail "totals '$(echo $tot)' for CPUs '$(echo $cpus)'"
for t in $tot; do
	awk -v t="$t" -v m=$thresh 'BEGIN { exit !(t >= m && t < 1000000) }' ||
		fail "total latency $t us, threshold $thresh us"
done
grep -q '^  Saving trace to timerlat_trace.txt$' $out || fail "no trace saved: $(tail -n 3 $out)"
grep -q '^# tracer: timerlat$' timerlat_trace.txt ||
	fail "saved trace: $(head -n 2 timerlat_trace.txt)"
grep -Eq '#[0-9]+ +context +(irq|thread) timer_latency +[0-9]+ ns$' timerlat_trace.txt ||
	fail "no timerlat record in the saved trace: $(grep -v '^#' timerlat_trace.txt | head -n 3)"
