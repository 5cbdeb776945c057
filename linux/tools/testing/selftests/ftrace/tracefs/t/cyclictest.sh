# SPDX-License-Identifier: GPL-2.0
# cyclictest (rt-tests, unmodified) with --tracemark -b: when a latency
# passes the break threshold it writes its marks to trace_marker and
# stops tracing. Under emulation a 1 us threshold is passed at once.
# limit: 120
command -v cyclictest >/dev/null || skip "no cyclictest in the guest"
echo function > current_tracer
cyclictest -q -m -t 1 -i 1000 -D 20 -b 1 --tracemark > /tmp/cyclictest.out 2>&1 ||
	fail "cyclictest: $(tail -n 5 /tmp/cyclictest.out)"
grep -Eq '^# Break value: [0-9]+$' /tmp/cyclictest.out ||
	fail "no break reported: $(tail -n 5 /tmp/cyclictest.out)"
[ "$(cat tracing_on)" = 0 ] || fail "tracing_on still 1 after the break"
# Its marks are in the trace, after function records.
grep -q 'tracing_mark_write: hit latency threshold' trace ||
	fail "no 'hit latency threshold' mark: $(grep -m 3 tracing_mark_write trace)"
grep -Eq ': [a-z_0-9.]+ <-[a-z_0-9.]+' trace || fail "no function records in the trace"
