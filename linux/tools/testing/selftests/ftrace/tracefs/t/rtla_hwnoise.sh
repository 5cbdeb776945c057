# SPDX-License-Identifier: GPL-2.0
# rtla hwnoise (upstream's client, built from the base tree): the osnoise
# tracer with interrupts off (OSNOISE_IRQ_DISABLE) for 5 s, so that only
# hardware noise (and NMIs) is left. Judged on the last refresh: a row per
# CPU, without IRQ/Softirq/Thread columns, whose runtime is its periods'
# worth of rtla's 750000 us, and whose noise, %CPU available and maxima
# agree; and osnoise/ as rtla found it.
# limit: 60
need_rtla osnoise
opts=$(cat osnoise/options)
rt=$(cat osnoise/runtime_us)
out=/tmp/rtla-hwnoise.out

rtla hwnoise -d 5s > $out 2>&1 || fail "hwnoise: $(tail -n 5 $out)"
grep -q 'Hardware-related Noise' $out || fail "no title: $(head -n 3 $out)"
grep -Eq '^CPU Period +Runtime +Noise +% CPU Aval +Max Noise +Max Single +HW +NMI *$' $out ||
	fail "no column header: $(head -n 4 $out)"
# Each hardware noise is at least a microsecond.
check_noise_top $out 9 750000 '
	{ if ($8 > $4) bad = bad "; CPU " $1 ": " $8 " HW noises in " $4 " us" }'
[ "$(cat osnoise/options)" = "$opts" ] || fail "options left at '$(cat osnoise/options)'"
[ "$(cat osnoise/runtime_us)" = "$rt" ] || fail "runtime_us left at $(cat osnoise/runtime_us)"
