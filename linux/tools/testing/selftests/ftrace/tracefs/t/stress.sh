# Writers on every CPU, in task context and (with the kernel's
# /sys/kernel/debug/trace_stress) in hard and soft interrupt context,
# against readers of trace_pipe and of every trace_pipe_raw at once, in a
# buffer small enough to overflow: every record is read exactly once and
# intact, or counted lost in the stats. Both full-buffer modes.
command -v tfs >/dev/null || skip "no tfs helper"
ctx=1
[ -w /sys/kernel/debug/trace_stress ] && ctx=3
for mode in overwrite nooverwrite; do
	echo 0 > tracing_on
	echo "$mode" > trace_options
	echo 16 > buffer_size_kb
	echo > trace
	echo 1 > tracing_on
	out=$(tfs stress 3000) || fail "$mode: $out"
	echo "$mode: $out"
	echo "$out" | grep -q "^contexts $ctx " || fail "$mode: not $ctx contexts"
	# The buffer must overflow, or the test proves little.
	if echo "$out" | grep -q " lost 0 "; then
		fail "$mode: nothing was lost"
	fi
done
echo overwrite > trace_options
echo 1408 > buffer_size_kb
