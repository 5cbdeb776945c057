# The skeleton's files exist, with the modes and contents users expect.
for f in README available_tracers current_tracer tracing_on trace \
	 trace_pipe trace_marker events/enable; do
	[ -e "$f" ] || fail "missing $f"
done
grep -q "tracing_on" README || fail "README does not describe tracing_on"
# nop is listed, and last: trace-cmd splits the line on spaces.
[ "$(tr ' ' '\n' < available_tracers | tail -n 1)" = nop ] ||
	fail "nop is not the last tracer: $(cat available_tracers)"
[ "$(cat current_tracer)" = nop ] || fail "current_tracer is not nop"
[ "$(cat tracing_on)" = 1 ] || fail "tracing_on does not read 1"
[ "$(stat -c %a trace_marker)" = 220 ] || fail "trace_marker is not write-only"
grep -q tracefs /proc/mounts || fail "tracefs not in /proc/mounts"
[ -f /sys/kernel/debug/tracing/README ] || fail "no debugfs automount"
