# SPDX-License-Identifier: GPL-2.0
# rtla hwnoise (upstream's client, built from the base tree): the osnoise
# tracer with interrupts off (OSNOISE_IRQ_DISABLE) for 5 s, so that only
# hardware noise (and NMIs) is left. Judged on the last refresh: a row per
# CPU, without IRQ/Softirq/Thread columns, whose runtime is its periods'
# worth of rtla's 750000 us, and whose noise, %CPU available and maxima
# agree; and osnoise/ as rtla found it.
# limit: 60
need_rtla osnoise
ncpu=$(nproc)
opts=$(cat osnoise/options)
rt=$(cat osnoise/runtime_us)
out=/tmp/rtla-hwnoise.out

rtla hwnoise -d 5s > $out 2>&1 || fail "hwnoise: $(tail -n 5 $out)"
grep -q 'Hardware-related Noise' $out || fail "no title: $(head -n 3 $out)"
grep -Eq '^CPU Period +Runtime +Noise +% CPU Aval +Max Noise +Max Single +HW +NMI *$' $out ||
	fail "no column header: $(head -n 4 $out)"
err=$(last_block $out '^duration:' | awk -v ncpu="$ncpu" -v rt=750000 '
	/^CPU / { next }
	NF != 9 || $2 !~ /^#[0-9]+$/ { bad = bad "; odd row: " $0; next }
	{
		p = substr($2, 2); run = $3; noise = $4
		seen[$1]++
		if (p < 1 || run < p * rt || run > p * rt * 1.5)
			bad = bad "; CPU " $1 ": runtime " run " in " p " periods of " rt
		if (noise > run || $7 > $6 || $6 > noise)
			bad = bad "; CPU " $1 ": not max single <= max noise <= noise <= runtime"
		avail = 100 * (run - noise) / run
		if ($5 - avail > 0.00002 || avail - $5 > 0.00002)
			bad = bad "; CPU " $1 ": %CPU Aval " $5 ", computed " avail
		# Each hardware noise is at least a microsecond.
		if ($8 > noise)
			bad = bad "; CPU " $1 ": " $8 " HW noises in " noise " us"
	}
	END {
		for (c = 0; c < ncpu; c++)
			if (seen[c] != 1) bad = bad "; " seen[c] + 0 " rows of CPU " c
		print substr(bad, 3)
	}')
[ -z "$err" ] || fail "hwnoise: $err: $(last_block $out '^duration:')"
[ "$(cat osnoise/options)" = "$opts" ] || fail "options left at '$(cat osnoise/options)'"
[ "$(cat osnoise/runtime_us)" = "$rt" ] || fail "runtime_us left at $(cat osnoise/runtime_us)"
