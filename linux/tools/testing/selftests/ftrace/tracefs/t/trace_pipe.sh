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
