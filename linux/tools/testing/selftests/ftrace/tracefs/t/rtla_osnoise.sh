# SPDX-License-Identifier: GPL-2.0
# rtla osnoise (upstream's client, built from the base tree) measures
# every CPU's noise for 5 s with the osnoise tracer. Judged on its
# tables: in top's last refresh a row per CPU whose runtime is its
# periods' worth of osnoise/runtime_us and whose noise, %CPU available
# and maxima agree; in hist a column per CPU whose buckets add up.
# limit: 90
need_rtla osnoise
ncpu=$(nproc)
rt=$(cat osnoise/runtime_us)
out=/tmp/rtla-osnoise.out

rtla osnoise top -d 5s > $out 2>&1 || fail "osnoise top: $(tail -n 5 $out)"
grep -q 'Operating System Noise' $out || fail "no title: $(head -n 3 $out)"
cols='^CPU Period +Runtime +Noise +% CPU Aval +Max Noise +Max Single '
grep -Eq "$cols"'+HW +NMI +IRQ +Softirq +Thread$' $out ||
	fail "no column header: $(head -n 4 $out)"
# Columns: CPU #periods runtime noise %avail max-noise max-single hw nmi
# irq softirq thread, in us. The tick interrupts the busy loop, so every
# CPU counts IRQs.
check_noise_top $out 12 "$rt" '{ if ($10 < 1) bad = bad "; CPU " $1 ": no IRQ" }'

rtla osnoise hist -d 5s > $out 2>&1 || fail "osnoise hist: $(tail -n 5 $out)"
grep -q '^# RTLA osnoise histogram$' $out || fail "no hist title: $(head -n 3 $out)"
grep -q '^# Time unit is microseconds (us)$' $out || fail "no time unit: $(head -n 3 $out)"
cols=
c=0
while [ $c -lt "$ncpu" ]; do
	cols="$cols $(printf 'CPU-%03d' $c)"
	c=$((c + 1))
done
check_hist $out $cols
# rtla restores what it changed.
[ "$(cat osnoise/runtime_us)" = "$rt" ] || fail "runtime_us left at $(cat osnoise/runtime_us)"
[ "$(cat current_tracer)" = nop ] || fail "current_tracer left at $(cat current_tracer)"
