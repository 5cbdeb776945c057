# SPDX-License-Identifier: GPL-2.0
# limit: 300
# tracing_max_latency tells its inotify watchers of each new maximum:
# a watcher of the file gets IN_MODIFY soon after irqsoff, preemptoff,
# wakeup or hwlat starts (in the top array, and hwlat in an instance),
# and none while no tracer runs.
[ -f tracing_max_latency ] || skip "no tracing_max_latency"
[ -d /proc/sys/fs/inotify ] || skip "no inotify (CONFIG_INOTIFY_USER)"

# hwlat quickly: 10 ms of every 100, every gap above 1 us.
if [ -d hwlat_detector ]; then
	echo 10000 > hwlat_detector/width
	echo 100000 > hwlat_detector/window
fi

# notified TRACER DIR: a watcher of DIR/tracing_max_latency, set up
# before TRACER starts in DIR, gets IN_MODIFY.
notified() {
	tfs inotify-wait $2/tracing_max_latency 30000 > /tmp/notify.out &
	pid=$!
	sleep 1
	echo $1 > $2/current_tracer
	[ $1 != hwlat ] || echo 1 > tracing_thresh
	# Wakeups (of a real-time task: wakeup follows a task that the
	# waker cannot preempt) and interrupts, for the tracers to see.
	i=0
	while kill -0 $pid 2>/dev/null && [ $i -lt 100 ]; do
		chrt -f 5 sleep 0.1
		i=$((i + 1))
	done
	wait $pid || fail "$1 in $2: $(cat /tmp/notify.out), max $(cat $2/tracing_max_latency)"
	echo "$1 in $2: $(cat /tmp/notify.out) at $(cat $2/tracing_max_latency) us"
	echo nop > $2/current_tracer
	echo 0 > tracing_thresh
}

# Nothing runs: nothing comes.
got=$(tfs inotify-wait tracing_max_latency 2000 || true)
[ "$got" = timeout ] || fail "an event with no tracer: $got"

ran=0
for t in irqsoff preemptoff wakeup hwlat; do
	grep -qw $t available_tracers || continue
	notified $t .
	ran=$((ran + 1))
done
[ $ran -gt 0 ] || skip "no latency tracer"

if grep -qw hwlat available_tracers && mkdir instances/notify 2>/dev/null; then
	if grep -qw hwlat instances/notify/available_tracers; then
		notified hwlat instances/notify
	fi
	rmdir instances/notify
fi

if [ -d hwlat_detector ]; then
	echo 1000000 > hwlat_detector/window
	echo 500000 > hwlat_detector/width
fi
