# SPDX-License-Identifier: GPL-2.0
# trace-cmd (Debian's, unmodified) records the hwlat and timerlat
# tracers (-p) and decodes their records with the formats the kernel
# gives: hwlat's samples numbered from 1, on each CPU in turn
# (round-robin), within the width; timerlat's IRQ and thread samples on
# every CPU, each thread latency at least its IRQ's.
# limit: 120
command -v trace-cmd >/dev/null || skip "no trace-cmd in the guest"
for t in hwlat timerlat; do
	grep -qw $t available_tracers || skip "no $t tracer in available_tracers"
done
ncpu=$(nproc)
dat=/tmp/trace-cmd-noise.dat
txt=/tmp/trace-cmd-noise.txt
bad='failed to parse|unknown|bad op|error|warning'

# report: decode $dat into $txt, without trouble.
report() {
	trace-cmd report -i $dat > $txt 2> $txt.err || fail "report: $(tail -n 5 $txt.err)"
	! grep -Eiq "$bad" $txt $txt.err ||
		fail "parse trouble: $(grep -Eim 3 "$bad" $txt $txt.err)"
}

width=$(cat hwlat_detector/width)
trace-cmd record -p hwlat -o $dat sleep 4 > $txt.rec 2>&1 ||
	fail "record hwlat: $(tail -n 5 $txt.rec)"
report
# "cnt:N ts:S.N inner:US outer:US count:N nmi-ts:NS nmi-count:N", the
# fields TAB-separated as the print fmt has them.
T=$(printf '\t')
N="[0-9]+"
re=" hwlat: +cnt:$N${T}ts:$N\.$N${T}inner:$N${T}outer:$N${T}count:$N"
re="$re${T}nmi-ts:$N${T}nmi-count:$N$"
grep -Eq "$re" $txt || fail "no decoded hwlat record: $(grep -m 3 hwlat $txt)"
err=$(grep ' hwlat: ' $txt | awk -v ncpu="$ncpu" -v w="$width" '
	{
		for (i = 1; i <= NF; i++) {
			if ($i ~ /^\[[0-9]+\]$/) cpu[substr($i, 2) + 0] = 1
			split($i, kv, ":"); f[kv[1]] = kv[2]
		}
		n++
		if (f["cnt"] != n) bad = bad "; record " n " has cnt " f["cnt"]
		if (f["inner"] > w || f["outer"] > w)
			bad = bad "; cnt " n ": inner/outer past the width"
		if (f["inner"] < 10 && f["outer"] < 10)
			bad = bad "; cnt " n ": under the 10 us threshold"
		if (f["count"] < 1) bad = bad "; cnt " n ": count " f["count"]
	}
	END {
		if (n < ncpu) bad = bad "; " n " records"
		for (c = 0; c < ncpu; c++) if (!(c in cpu)) bad = bad "; none on CPU " c
		print substr(bad, 3)
	}')
[ -z "$err" ] || fail "hwlat: $err: $(grep -m 5 ' hwlat: ' $txt)"

trace-cmd record -p timerlat -o $dat sleep 2 > $txt.rec 2>&1 ||
	fail "record timerlat: $(tail -n 5 $txt.rec)"
report
re=" timerlat: +seq:[0-9]+${T}context:[01]${T}timer_latency:[0-9]+$"
grep -Eq "$re" $txt || fail "no decoded timerlat record: $(grep -m 3 timerlat $txt)"
err=$(grep ' timerlat: ' $txt | awk -v ncpu="$ncpu" '
	{
		for (i = 1; i <= NF; i++) {
			if ($i ~ /^\[[0-9]+\]$/) c = substr($i, 2) + 0
			split($i, kv, ":"); f[kv[1]] = kv[2]
		}
		s = f["seq"]; x = f["context"]; l = f["timer_latency"]
		n[c, x]++
		if (l >= 1000000000) bad = bad "; CPU " c " seq " s ": latency " l " ns"
		if ((c, x) in last && s <= last[c, x])
			bad = bad "; CPU " c " context " x ": seq " s " after " last[c, x]
		last[c, x] = s
		if (x == 0) irq[c, s] = l
		else if ((c, s) in irq && l < irq[c, s])
			bad = bad "; CPU " c " seq " s ": thread " l " < irq " irq[c, s]
	}
	END {
		for (c = 0; c < ncpu; c++)
			for (x = 0; x < 2; x++)
				if (n[c, x] < 100)
					bad = bad "; CPU " c " context " x ": " \
						n[c, x] + 0 " records"
		print substr(bad, 3)
	}')
[ -z "$err" ] || fail "timerlat: $err"
[ "$(cat current_tracer)" = nop ] || fail "current_tracer left at $(cat current_tracer)"
