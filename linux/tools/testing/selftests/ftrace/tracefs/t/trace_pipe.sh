# trace_pipe consumes what it returns, and blocks until data arrives.
echo first > trace_marker
got=$(timeout 2 cat trace_pipe || true)
echo "$got" | grep -q "tracing_mark_write: first" || fail "trace_pipe: '$got'"
# Consumed: neither trace_pipe nor trace shows it again.
got=$(timeout 1 cat trace_pipe || true)
[ -z "$got" ] || fail "trace_pipe repeated: '$got'"
[ -z "$(marker_lines)" ] || fail "trace still shows a consumed record"
# A blocked reader wakes up when a record arrives.
timeout 10 head -n 1 trace_pipe > /tmp/pipe.out &
reader=$!
sleep 1
echo later > trace_marker
wait $reader || fail "the blocked reader did not wake up"
grep -q "tracing_mark_write: later" /tmp/pipe.out || fail "woke with: $(cat /tmp/pipe.out)"
# Non-blocking reads of an empty pipe fail with EAGAIN; poll says so too.
if command -v tfs >/dev/null; then
	[ "$(tfs read-nonblock trace_pipe 2>/dev/null)" = EAGAIN ] ||
		fail "empty non-blocking read: $(tfs read-nonblock trace_pipe 2>&1)"
	[ "$(tfs poll trace_pipe 200)" = timeout ] || fail "poll of an empty pipe"
	echo polled > trace_marker
	[ "$(tfs poll trace_pipe 2000)" = POLLIN ] || fail "poll with data"
	out=$(tfs read-nonblock trace_pipe 2>&1)
	echo "$out" | grep -q "tracing_mark_write: polled" || fail "non-blocking read: $out"
fi
