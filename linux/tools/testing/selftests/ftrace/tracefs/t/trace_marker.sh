# A line written to trace_marker shows up in trace, in the usual format.
echo "hello world" > trace_marker
line=$(grep tracing_mark_write trace)
# comm-pid, [cpu], five context flags, seconds.microseconds, the text
re='^ +[^ ]+-[0-9]+ +\[[0-9]{3}\] [.dDbNnpZzHhs0-9]{5} +[0-9]+\.[0-9]{6}: '
echo "$line" | grep -Eq "${re}tracing_mark_write: hello world\$" ||
	fail "bad line: '$line'"
grep -q '^# entries-in-buffer/entries-written: 1/1   #P:[0-9]' trace ||
	fail "bad header: $(grep entries trace)"
grep -q '^# tracer: nop' trace || fail "no tracer line"
# Clearing: open with O_TRUNC.
echo > trace
[ -z "$(marker_lines)" ] || fail "trace not cleared"
# Several markers keep their order.
for i in 1 2 3 4 5; do echo "m$i" > trace_marker; done
[ "$(marker_lines | tr '\n' ' ')" = "m1 m2 m3 m4 m5 " ] ||
	fail "order: $(marker_lines | tr '\n' ' ')"
# A line longer than one record is split, and nothing of it is lost.
long=$(printf 'x%.0s' $(seq 9000))
echo > trace
printf '%s' "$long" > trace_marker
[ "$(marker_lines | wc -l)" -gt 1 ] || fail "a long marker was not split"
[ "$(marker_lines | tr -d '\n')" = "$long" ] || fail "a long marker lost bytes"
