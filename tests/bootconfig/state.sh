#!/bin/sh
# A rich tracing state, set by hand through tracefs, for ftrace2bconf.sh
# to dump: an instance, kprobe and synthetic events, hist triggers with
# onmatch() and onmax() actions, filters, triggers, options, and the
# settings of the buffers. No trigger with a count or none: the dump
# writes "traceoff:count=3" or "traceon:unlimited", which a trigger file
# does not take back. One instance: the dump reads every event's files
# in each array, which takes minutes on the debug kernel in TCG.
set -e
cd /sys/kernel/tracing
# (On functions the dump does not call: it reads thousands of files, and
# the debug kernel in TCG is slow enough.)
echo 'p:kprobes/bc_sync ksys_sync' >> kprobe_events
echo 'p:kprobes/bc_fsync vfs_fsync_range start=$arg2:u64' >> kprobe_events
echo 'bc_lat pid_t pid; u64 lat' >> synthetic_events
mkdir instances/bc_one

# The top array: a wakeup latency through an onmatch() action.
echo 'hist:keys=pid:ts0=common_timestamp.usecs' >> \
	events/sched/sched_waking/trigger
echo 'hist:keys=next_pid:lat=common_timestamp.usecs-$ts0:onmatch(sched.sched_waking).trace(bc_lat,next_pid,$lat)' >> \
	events/sched/sched_switch/trigger
echo 'hist:keys=pid:vals=lat:sort=lat' >> events/synthetic/bc_lat/trigger
echo 'common_pid < 1000' > events/kprobes/bc_sync/filter
echo 1 > events/kprobes/bc_sync/enable
echo 'start > 4096' > events/kprobes/bc_fsync/filter
echo 'prev_prio < 130' > events/sched/sched_switch/filter
echo 1 > events/sched/sched_switch/enable
echo sym-offset > trace_options
echo noirq-info > trace_options
echo global > trace_clock
echo 3 > max_graph_depth

# bc_one: its own buffer settings, a snapshot, a tracer.
echo nooverwrite > instances/bc_one/trace_options
echo mono > instances/bc_one/trace_clock
echo 2048 > instances/bc_one/buffer_size_kb
echo 1 > instances/bc_one/snapshot
echo 1 > instances/bc_one/tracing_cpumask
echo 0 > instances/bc_one/tracing_on
echo ksys_sync > instances/bc_one/set_ftrace_filter
echo function > instances/bc_one/current_tracer

# And in it: events, a whole system, a filter, hist triggers with onmax().
echo 'sched:sched_wakeup' > instances/bc_one/set_event
echo 1 > instances/bc_one/events/irq/enable
echo 'next_pid < 10' > instances/bc_one/events/sched/sched_switch/filter
echo 'hist:keys=pid:ts1=common_timestamp.usecs' >> \
	instances/bc_one/events/sched/sched_wakeup/trigger
echo 'hist:keys=next_pid:w=common_timestamp.usecs-$ts1:onmax($w).save(prev_comm,prev_pid)' >> \
	instances/bc_one/events/sched/sched_switch/trigger
