# tracing_on switches recording; bad values change nothing.
echo 0 > tracing_on
[ "$(cat tracing_on)" = 0 ] || fail "tracing_on does not read 0"
expect_reject tracing_on abc "Invalid argument"
expect_reject tracing_on "" "Invalid argument"
expect_reject tracing_on 1x "Invalid argument"
[ "$(cat tracing_on)" = 0 ] || fail "a rejected write turned tracing on"
# A marker written while off is refused and not recorded.
got=$(write_errno trace_marker "while off")
[ "$got" = "Bad file descriptor" ] || fail "marker while off: '$got'"
echo 1 > tracing_on
[ "$(cat tracing_on)" = 1 ] || fail "tracing_on does not read 1"
echo "while on" > trace_marker
[ "$(marker_lines)" = "while on" ] || fail "wrong markers: $(marker_lines)"
echo 7 > tracing_on
[ "$(cat tracing_on)" = 1 ] || fail "a non-zero value does not mean on"
# One write() with a trailing newline or none: both accepted in full.
if command -v tfs >/dev/null; then
	[ "$(tfs write tracing_on 0)" = "ok 1" ] || fail "write without newline"
	[ "$(tfs write tracing_on "1
")" = "ok 2" ] || fail "write with newline"
	[ "$(tfs write tracing_on 2x)" = EINVAL ] || fail "2x accepted"
fi
