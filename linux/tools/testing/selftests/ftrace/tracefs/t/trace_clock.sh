# trace_clock lists every clock with the current one in brackets; each can
# be selected, bad names change nothing, and a switch empties the buffer.
for c in local global counter uptime perf mono mono_raw boot tai x86-tsc; do
	tr ' ' '\n' < trace_clock | tr -d '[]' | grep -qx -- "$c" ||
		fail "clock $c missing: $(cat trace_clock)"
done
[ "$(grep -o '\[[^]]*\]' trace_clock)" = "[local]" ] || fail "local is not current"
for c in $(tr -d '[]' < trace_clock); do
	echo "$c" > trace_clock
	[ "$(grep -o '\[[^]]*\]' trace_clock)" = "[$c]" ] ||
		fail "after selecting $c: $(cat trace_clock)"
done
expect_reject trace_clock no_such_clock "Invalid argument"
expect_reject trace_clock "" "Invalid argument"
echo local > trace_clock
echo before > trace_marker
echo counter > trace_clock
[ -z "$(marker_lines)" ] || fail "a clock switch kept old records"
# The counter clock stamps are increasing counts, printed raw.
echo a > trace_marker
echo b > trace_marker
stamps=$(sed -n 's/.* \([0-9][0-9]*\): tracing_mark_write: .*/\1/p' trace | tr '\n' ' ')
set -- $stamps
[ $# -eq 2 ] && [ "$2" -gt "$1" ] || fail "counter stamps: '$stamps'"
echo local > trace_clock
