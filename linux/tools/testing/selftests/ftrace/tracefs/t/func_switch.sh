# SPDX-License-Identifier: GPL-2.0
# Switching between nop and function 200 times (one function, so that it
# stays quick under emulation) and a few times with every function traced,
# while a trace_pipe reader runs: no oops, no lockdep report (the
# harness checks the console), and the reader ends cleanly. About 75 s
# under TCG.
# limit: 400
grep -qw function available_tracers || skip "no function tracer"
cat trace_pipe > /dev/null &
reader=$!
echo vfs_write > set_ftrace_filter
i=0
while [ $i -lt 200 ]; do
	echo function > current_tracer
	echo nop > current_tracer
	i=$((i + 1))
done
: > set_ftrace_filter
for i in 1 2 3; do
	echo function > current_tracer
	echo nop > current_tracer
done
[ ! -s enabled_functions ] || fail "sites live after the last nop"
kill $reader
wait $reader 2>/dev/null || true
grep -qw nop current_tracer || fail "current_tracer: $(cat current_tracer)"
