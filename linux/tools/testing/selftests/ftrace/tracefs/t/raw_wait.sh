# SPDX-License-Identifier: GPL-2.0
# trace_pipe_raw readers wait as upstream's do: a blocking read(), a
# splice() and a poll() come back when buffer_percent of the CPU's ring
# is filled (any data at 0, a full ring at 100), when tracing stops, or on
# a signal; a splice gets whole sub-buffers while tracing runs; a
# non-blocking read of nothing gets EAGAIN. An idle system's readers do
# not wake, and trace-cmd does not record itself.
# limit: 400
command -v tfs >/dev/null || skip "no tfs in the guest"
command -v taskset >/dev/null || skip "no taskset in the guest"
[ "$(nproc)" -ge 2 ] || skip "needs two CPUs"
pad=$(printf '%0100d' 0)

# rawwait DIR MSECS HOW: a reader on CPU 1 of CPU 0's ring of DIR, in the
# background; its line goes to /tmp/rawwait.out.
rawwait() {
	taskset -c 1 tfs rawwait "$1/per_cpu/cpu0/trace_pipe_raw" "$2" "$3" \
		> /tmp/rawwait.out &
	reader=$!
}

# markers DIR N: N markers of about 130 bytes each into CPU 0's ring of
# DIR, about 31 a page.
markers() {
	taskset -c 0 sh -c "i=0; while [ \$i -lt $2 ]; do
		echo $pad > $1/trace_marker; i=\$((i + 1)); done"
}

# ours: this kernel is ours, not the upstream flavour (its README's words).
ours() {
	grep -q 'a consuming read of the buffer; blocks when' README
}

# field NAME: a number of the reader's line.
field() {
	sed -n "s/.* $1 \([-0-9]*\).*/\1/p; s/^$1 \([-0-9]*\).*/\1/p" /tmp/rawwait.out
}

# check WHAT TEST: fail unless the shell test on the reader's line holds.
check() {
	eval "[ $2 ]" || fail "$1: $(cat /tmp/rawwait.out)"
}

# 64 KiB a CPU: 16 sub-buffers of a page. Half of the 15 the writer is
# not in is 8: about 250 markers.
setup() {
	echo 64 > "$1/buffer_size_kb"
	echo > "$1/trace"
	echo 1 > "$1/tracing_on"
}

# At 50%, each way of waiting: 100 markers (3 pages) do not wake the
# reader, 300 more do; splice gets whole pages.
for how in poll read splice; do
	setup .
	echo 50 > buffer_percent
	rawwait . 4000 $how
	# The reader sleeps on an empty ring; then an idle system's records.
	sleep 0.5
	echo 1 > events/sched/sched_switch/enable
	sleep 0.5
	markers . 100
	sleep 1
	markers . 300
	wait $reader
	echo 0 > events/sched/sched_switch/enable
	first=$(field first) pages=$(field pages) waits=$(field waits)
	if [ $how = read ] && ! ours; then
		# Upstream 6.12's read() wakes at any record, against its
		# ftrace.rst; the issue (54) keeps the documented rule.
		echo "upstream: read at 50%: $(cat /tmp/rawwait.out)"
	else
		check "$how at 50%: woke before the ring was half full" \
			"$first -ge 1500"
		check "$how at 50%: woke more than the fill level asks" \
			"$waits -le 3"
	fi
	check "$how at 50%: no data after the ring filled" "$pages -ge 8"
	[ $how != splice ] ||
		check "splice at 50%: a page not full" "$(field partial) -eq 0"
done

# At 0, any record wakes a reader: one marker, a second in.
setup .
echo 0 > buffer_percent
rawwait . 3000 poll
sleep 1
markers . 1
wait $reader
first=$(field first)
check "poll at 0%: did not wake for one record" "$first -ge 800 -a $first -le 2500"
check "poll at 0%: not one page" "$(field pages) -eq 1"

# At 100, only a full ring: 10 pages do not wake it, 10 more do.
setup .
echo 100 > buffer_percent
rawwait . 4000 poll
sleep 1
markers . 310
sleep 1
markers . 310
wait $reader
check "poll at 100%: woke before the ring was full" "$(field first) -ge 1500"
check "poll at 100%: no data once full" "$(field pages) -ge 15"

# Tracing off ends a blocked read and a blocked splice: end of file.
for how in read splice; do
	setup .
	echo 50 > buffer_percent
	rawwait . 6000 $how
	sleep 1
	echo 0 > tracing_on
	wait $reader
	if ! ours; then
		# Upstream 6.12 leaves a blocked read() or splice() blocked;
		# the issue (54) asks that tracing off ends the wait.
		echo "upstream: $how, tracing off: $(cat /tmp/rawwait.out)"
		continue
	fi
	check "$how: tracing off did not end the wait" \
		"$(field took) -le 4000"
	grep -q 'end eof' /tmp/rawwait.out ||
		fail "$how: tracing off: $(cat /tmp/rawwait.out)"
done
echo 1 > tracing_on

# A non-blocking read of an empty ring: EAGAIN.
echo > trace
got=$(tfs read-nonblock per_cpu/cpu0/trace_pipe_raw 2>/dev/null || true)
[ "$got" = EAGAIN ] || fail "non-blocking read of nothing: $got"

# The same rules in an instance.
mkdir instances/rawwait
setup instances/rawwait
echo 50 > instances/rawwait/buffer_percent
rawwait instances/rawwait 4000 poll
sleep 1
markers instances/rawwait 100
sleep 1
markers instances/rawwait 300
wait $reader
rmdir instances/rawwait
check "instance poll at 50%: woke early" "$(field first) -ge 1500"
check "instance poll at 50%: no data" "$(field pages) -ge 8"
echo 1408 > buffer_size_kb

# The recorder is not the noise: trace-cmd on an idle system.
command -v trace-cmd >/dev/null || skip "no trace-cmd in the guest"
dat=/tmp/raw-wait.dat
(cd /tmp && trace-cmd record -o $dat -e sched:sched_switch \
	-e sched:sched_wakeup sleep 2) > /tmp/raw-wait.rec 2>&1 ||
	fail "record: $(tail -n 5 /tmp/raw-wait.rec)"
n=$(trace-cmd report -i $dat 2>/dev/null | grep -c ' sched_switch: ' || true)
echo "trace-cmd recorded $n sched_switch in 2 s"
[ "$n" -ge 4 ] || fail "trace-cmd recorded $n sched_switch: too few to be real"
[ "$n" -le 1000 ] || fail "trace-cmd recorded $n sched_switch: its own readers"
