# SPDX-License-Identifier: GPL-2.0
# rtla timerlat (upstream's client, built from the base tree) measures
# every CPU's timer latency for 5 s: top with its default workload (the
# user-space threads of osnoise/per_cpu/cpuN/timerlat_fd), with -u and
# with -k (kernel threads), and hist. Judged on the tables: a row or
# columns per CPU with enough samples, min <= cur, avg <= max in every
# context, the contexts in the order they run (IRQ, thread, return to
# user), and the ALL row or block summing the CPUs.
# limit: 180
need_rtla timerlat
ncpu=$(nproc)
# A sample per timerlat_period_us on every CPU: 5 s gives thousands;
# require a fifth of them.
want=$((5000000 / $(cat osnoise/timerlat_period_us) / 5))
out=/tmp/rtla-timerlat.out

# check_top WHAT SECTIONS: the last refresh of top in $out has a row per
# CPU with SECTIONS contexts (2: IRQ and thread, 3: and return to user).
check_top() {
	grep -q 'Timer Latency' $out || fail "$1: no title: $(head -n 3 $out)"
	hdr='CPU COUNT      |      cur       min       avg       max |'
	hdr="$hdr      cur       min       avg       max"
	ctx='IRQ Timer Latency \(us\) +\| +Thread Timer Latency \(us\)'
	if [ "$2" = 3 ]; then
		hdr="$hdr |      cur       min       avg       max"
		ctx="$ctx +\| +Ret user Timer Latency \(us\)$"
	else
		ctx="$ctx *$"
	fi
	grep -qxF "$hdr" $out || fail "$1: no column header: $(head -n 4 $out)"
	grep -Eq "$ctx" $out || fail "$1: contexts are not $2: $(head -n 3 $out)"
	err=$(last_block $out '^CPU COUNT' | awk -v ncpu="$ncpu" -v want="$want" -v ns="$2" '
	/^-+\|/ { next }
	# Fields: CPU #count, then "|" and cur min avg max per context.
	$1 ~ /^[0-9]+$/ {
		if (NF != 2 + 5 * ns || $2 !~ /^#[0-9]+$/) { bad = bad "; odd row: " $0; next }
		c = $1; seen[c]++
		n = substr($2, 2); total += n
		if (n < want) bad = bad "; CPU " c ": " n " samples, want " want
		for (s = 0; s < ns; s++) {
			cur = $(4 + 5 * s); mn = $(5 + 5 * s); avg = $(6 + 5 * s); mx = $(7 + 5 * s)
			if (!(mn <= cur && cur <= mx && mn <= avg && avg <= mx && mx < 1000000))
				bad = bad "; CPU " c " context " s ": cur " cur \
					" min " mn " avg " avg " max " mx
			if (s > 0 && mn < prev)
				bad = bad "; CPU " c " context " s ": min " mn \
					" below the earlier context min " prev
			prev = mn
			if (!(s in gmin) || mn < gmin[s]) gmin[s] = mn
			if (mx > gmax[s]) gmax[s] = mx
		}
		next
	}
	$1 == "ALL" {
		all = 1
		if ($2 != "#" total || $3 != "e0")
			bad = bad "; ALL count " $2 " " $3 ", CPUs sum to " total
		for (s = 0; s < ns; s++) {
			if ($(5 + 4 * s) != gmin[s] || $(7 + 4 * s) != gmax[s])
				bad = bad "; ALL context " s ": min " $(5 + 4 * s) \
					" max " $(7 + 4 * s) ", CPUs: " gmin[s] " " gmax[s]
		}
		next
	}
	NF { bad = bad "; odd line: " $0 }
	END {
		for (c = 0; c < ncpu; c++)
			if (seen[c] != 1) bad = bad "; " seen[c] + 0 " rows of CPU " c
		if (!all) bad = bad "; no ALL row"
		print substr(bad, 3)
	}')
	[ -z "$err" ] || fail "$1: $err: $(last_block $out '^CPU COUNT')"
}

rtla timerlat top -d 5s > $out 2>&1 || fail "timerlat top: $(tail -n 5 $out)"
check_top "timerlat top" 3
rtla timerlat top -u -d 5s > $out 2>&1 || fail "timerlat top -u: $(tail -n 5 $out)"
check_top "timerlat top -u" 3
rtla timerlat top -k -d 5s > $out 2>&1 || fail "timerlat top -k: $(tail -n 5 $out)"
check_top "timerlat top -k" 2

rtla timerlat hist -d 5s > $out 2>&1 || fail "timerlat hist: $(tail -n 5 $out)"
grep -q '^# RTLA timerlat histogram$' $out || fail "no hist title: $(head -n 3 $out)"
cols=
c=0
while [ $c -lt "$ncpu" ]; do
	cols="$cols $(printf 'IRQ-%03d Thr-%03d Usr-%03d' $c $c $c)"
	c=$((c + 1))
done
check_hist $out $cols
# The block of all CPUs: each context's count the sum of its columns.
err=$(awk -v n="$ncpu" '
	/^count:/ && !all { for (i = 2; i <= NF; i++) sum[(i - 2) % 3] += $i }
	/^ALL: +IRQ +Thr +Usr *$/ { all = 1; next }
	/^count:/ && all {
		for (s = 0; s < 3; s++)
			if ($(s + 2) != sum[s])
				bad = bad "; ALL count " $(s + 2) " of context " s \
					", columns sum to " sum[s]
		done = 1
	}
	END { if (!done) bad = bad "; no ALL block"; print substr(bad, 3) }' $out)
[ -z "$err" ] || fail "timerlat hist: $err: $(tail -n 6 $out)"
[ "$(cat current_tracer)" = nop ] || fail "current_tracer left at $(cat current_tracer)"
