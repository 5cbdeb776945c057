# Writers on every CPU against readers of trace_pipe and of every
# trace_pipe_raw at once, in a buffer small enough to overflow: every
# marker is read exactly once and intact, or counted lost in the stats.
command -v tfs >/dev/null || skip "no tfs helper"
for mode in overwrite nooverwrite; do
	echo 0 > tracing_on
	echo "$mode" > trace_options
	echo 16 > buffer_size_kb
	echo > trace
	echo 1 > tracing_on
	out=$(tfs stress 3000) || fail "$mode: $out"
	echo "$mode: $out"
	# The buffer overflowed at least once, or the test proves little.
	echo "$out" | grep -q " lost 0 " && echo "$mode: nothing was lost"
done
echo overwrite > trace_options
echo 1408 > buffer_size_kb
