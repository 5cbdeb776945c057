# SPDX-License-Identifier: GPL-2.0
# instances/: mkdir makes a trace array with its own buffer and files,
# independent of the top one; rmdir removes it, unless one of its files
# is open; bad names and second makes are refused; nothing leaks.
# limit: 300
[ -d instances ] || fail "no instances/"
i=instances/foo
[ ! -d $i ] || rmdir $i
mkdir $i || fail "mkdir $i"
for f in trace trace_pipe trace_marker trace_marker_raw tracing_on \
	 buffer_size_kb buffer_total_size_kb free_buffer buffer_percent \
	 tracing_cpumask current_tracer available_tracers trace_clock \
	 set_event events/enable events/header_page events/header_event \
	 per_cpu/cpu0/trace per_cpu/cpu0/trace_pipe per_cpu/cpu0/trace_pipe_raw \
	 per_cpu/cpu0/buffer_size_kb per_cpu/cpu0/stats snapshot \
	 per_cpu/cpu0/snapshot per_cpu/cpu0/snapshot_raw timestamp_mode \
	 trace_options options/overwrite \
	 options/event-fork options/func_stack_trace set_event_pid \
	 set_event_notrace_pid error_log; do
	[ -e $i/$f ] || fail "no $i/$f"
done
# The top array's own settings stay at the top.
for f in README available_filter_functions instances saved_cmdlines \
	 tracing_thresh available_filter_functions_addrs enabled_functions \
	 options/trace_printk options/record-cmd; do
	[ ! -e $i/$f ] || fail "$i/$f exists"
done
[ "$(write_errno instances foo)" != ok ] || fail "write to instances/"
mkdir $i 2>/dev/null && fail "a second mkdir $i succeeded"

# The buffer takes its size at first use: 800 markers (about 35 KiB)
# outgrow the least ring (8 KiB a CPU) but not the size shown.
j=instances/lazy
mkdir $j || fail "mkdir $j"
[ "$(cat $j/buffer_size_kb)" = "$(cat buffer_size_kb)" ] ||
	fail "$j/buffer_size_kb: $(cat $j/buffer_size_kb)"
n=0
while [ $n -lt 800 ]; do
	n=$((n + 1))
	echo "lazy-marker-$n" > $j/trace_marker
done
[ "$(grep -c 'tracing_mark_write: lazy-marker-' $j/trace)" = 800 ] ||
	fail "$j kept $(grep -c lazy-marker- $j/trace) of 800 markers"
rmdir $j || fail "rmdir $j"

# Records go to the array they are written in, and nowhere else.
echo > trace
echo top-line > trace_marker
echo inst-line > $i/trace_marker
grep -q inst-line trace && fail "an instance's marker in the top trace"
grep -q top-line $i/trace && fail "the top marker in the instance"
grep -q 'tracing_mark_write: inst-line' $i/trace ||
	fail "no marker in $i/trace: $(tail -3 $i/trace)"
grep -q '^# tracer: nop' $i/trace || fail "no header in $i/trace"
grep -q '^# entries-in-buffer/entries-written: 1/1 ' $i/trace ||
	fail "bad count: $(grep entries $i/trace)"

# tracing_on is the instance's own.
echo 0 > $i/tracing_on
[ "$(cat tracing_on)" = 1 ] || fail "top tracing_on followed the instance"
[ "$(write_errno $i/trace_marker off)" != ok ] ||
	fail "marker accepted while the instance is off"
echo still-top > trace_marker
grep -q still-top trace || fail "top stopped with the instance"
echo 1 > $i/tracing_on

# Sizes are the instance's own.
top_kb=$(cat buffer_size_kb)
echo 64 > $i/buffer_size_kb
[ "$(cat $i/buffer_size_kb)" = 64 ] || fail "instance size not set"
[ "$(cat buffer_size_kb)" = "$top_kb" ] || fail "top size changed"
echo 128 > $i/per_cpu/cpu0/buffer_size_kb
[ "$(cat $i/buffer_size_kb)" = X ] || fail "per-CPU size not reflected"
[ "$(cat per_cpu/cpu0/buffer_size_kb)" = "$top_kb" ] ||
	fail "top CPU 0 size changed"
[ "$(write_errno $i/buffer_size_kb 0)" = "Invalid argument" ] ||
	fail "size 0 accepted"

# The clock is the instance's own.
grep -q '^\[local\]' $i/trace_clock || fail "clock: $(cat $i/trace_clock)"
echo counter > $i/trace_clock
grep -q '\[counter\]' $i/trace_clock || fail "counter not set"
grep -q '\[local\]' trace_clock || fail "the top clock changed"
echo c1 > $i/trace_marker
grep -Eq ' [0-9]+: tracing_mark_write: c1' $i/trace ||
	fail "counter stamps: $(grep c1 $i/trace)"
echo t1 > trace_marker
grep -Eq ' [0-9]+\.[0-9]{6}: tracing_mark_write: t1' trace ||
	fail "top stamps: $(grep t1 trace)"
[ "$(write_errno $i/trace_clock nosuch)" = "Invalid argument" ] ||
	fail "unknown clock taken"
echo local > $i/trace_clock

# Tracers: an instance runs those upstream allows there, nop last; the
# top-only ones get EINVAL (instance_function.sh runs function).
at=$(cat $i/available_tracers)
[ "${at##* }" = nop ] || fail "available_tracers: $at"
for t in irqsoff wakeup; do
	grep -qw $t available_tracers || continue
	echo "$at" | grep -qw $t && fail "$t offered in an instance"
	[ "$(write_errno $i/current_tracer $t)" = "Invalid argument" ] ||
		fail "$t accepted in an instance"
done
[ "$(write_errno $i/current_tracer nosuch)" = "Invalid argument" ] ||
	fail "an unknown tracer accepted"
[ "$(cat $i/current_tracer)" = nop ] || fail "instance tracer changed"
[ "$(cat current_tracer)" = nop ] || fail "top tracer changed"
[ "$(cat $i/timestamp_mode)" = "[delta] absolute" ] ||
	fail "timestamp_mode: $(cat $i/timestamp_mode)"

# Options: the instance's own, the top's only, and those shared.
[ "$(cat $i/options/overwrite)" = "$(cat options/overwrite)" ] ||
	fail "overwrite not inherited"
echo 0 > $i/options/overwrite
[ "$(cat options/overwrite)" = 1 ] || fail "the top's overwrite followed"
grep -qx nooverwrite $i/trace_options || fail "trace_options: no nooverwrite"
grep -qx overwrite trace_options || fail "top trace_options changed"
echo overwrite > $i/trace_options
[ "$(cat $i/options/overwrite)" = 1 ] || fail "trace_options did not set it"
[ "$(cat $i/options/event-fork)" = 0 ] || fail "event-fork not zeroed"
[ "$(write_errno $i/trace_options notrace_printk)" = "Invalid argument" ] ||
	fail "a top-only option changed in an instance"
[ "$(write_errno $i/trace_options nosuch)" = "Invalid argument" ] ||
	fail "an unknown option taken"
[ "$(write_errno $i/options/overwrite 2)" = "Invalid argument" ] ||
	fail "options/overwrite took 2"
echo 1 > $i/options/verbose
[ "$(cat options/verbose)" = 1 ] || fail "a shared option not shared"
echo 0 > options/verbose
[ "$(cat $i/options/verbose)" = 0 ] || fail "a shared option not shared back"
# How the trace is printed is the instance's own.
echo 1 > $i/options/sym-offset
[ "$(cat options/sym-offset)" = 0 ] || fail "the top's sym-offset followed"
echo 0 > $i/options/context-info
echo > $i/trace
echo > trace
echo bare > $i/trace_marker
echo full > trace_marker
grep -qx 'tracing_mark_write: bare' $i/trace ||
	fail "context-info off in the instance: $(grep bare $i/trace)"
grep -q '\] .* tracing_mark_write: full' trace ||
	fail "context-info off at the top too: $(grep full trace)"
echo 0 > $i/options/sym-offset
echo 1 > $i/options/context-info

# trace_pipe consumes the instance's records only.
echo > $i/trace
echo piped > $i/trace_marker
line=$(timeout 5 head -n 1 $i/trace_pipe)
echo "$line" | grep -q 'tracing_mark_write: piped' ||
	fail "trace_pipe: '$line'"
grep -q piped $i/trace && fail "trace_pipe did not consume"

# The snapshot is the instance's own.
echo > $i/trace
echo snap-me > $i/trace_marker
echo 1 > $i/snapshot
grep -q 'tracing_mark_write: snap-me' $i/snapshot ||
	fail "no marker in $i/snapshot"
grep -q snap-me $i/trace && fail "the swap left the marker in $i/trace"
grep -q '^# \* Snapshot is freed \*' snapshot || fail "the top snapshot is allocated"
grep -q '^# tracer: nop' $i/snapshot || fail "snapshot header"
echo 0 > $i/snapshot
grep -q '^# \* Snapshot is freed \*' $i/snapshot || fail "not freed"

# Events: the instance's enable files and set_event are its own.
[ -f $i/events/enable ] || fail "no $i/events/enable"
[ -f $i/events/sched/enable ] || fail "no $i/events/sched/enable"
[ -f $i/events/sched/sched_switch/enable ] ||
	fail "no $i/events/sched/sched_switch/enable"
[ -f $i/set_event ] || fail "no $i/set_event"
echo > $i/trace
echo > trace
echo 1 > $i/events/sched/sched_switch/enable
sleep 0.1
echo 0 > $i/events/sched/sched_switch/enable
grep -q 'sched_switch: prev_comm=' $i/trace ||
	fail "no sched_switch in $i/trace"
grep -q sched_switch trace && fail "sched_switch reached the top trace"
[ "$(cat $i/events/sched/sched_switch/enable)" = 0 ] || fail "enable reads 1"
[ "$(cat events/sched/sched_switch/enable)" = 0 ] ||
	fail "the top's enable followed"
echo 'sched:sched_wakeup' > $i/set_event
[ "$(cat $i/set_event)" = sched:sched_wakeup ] ||
	fail "set_event: $(cat $i/set_event)"
[ -z "$(cat set_event)" ] || fail "top set_event: $(cat set_event)"
[ "$(cat $i/events/sched/enable)" = X ] || fail "sched/enable not X"
[ "$(cat $i/events/sched/sched_wakeup/enable)" = 1 ] ||
	fail "set_event did not enable sched_wakeup"
[ "$(write_errno $i/set_event no_such_event)" = "Invalid argument" ] ||
	fail "set_event took an unknown event"
[ "$(write_errno $i/events/enable 2)" = "Invalid argument" ] ||
	fail "events/enable took 2"
# A filter of the instance's own.
[ "$(cat $i/events/sched/sched_switch/filter)" = none ] || fail "filter not none"
grep -q '^ID: ' $i/events/sched/sched_switch/format || fail "no format in $i"
[ "$(cat $i/events/sched/sched_switch/id)" = "$(cat events/sched/sched_switch/id)" ] ||
	fail "id differs"
echo 'next_pid == 0' > $i/events/sched/sched_switch/filter
[ "$(cat events/sched/sched_switch/filter)" = none ] || fail "the top filter followed"
echo > error_log
echo > $i/error_log
[ "$(write_errno $i/events/sched/sched_switch/filter 'no_field == 1')" = \
  "Invalid argument" ] || fail "a bad filter was taken"
grep -q 'no_field == 1' $i/error_log || fail "not in $i/error_log: $(cat $i/error_log)"
[ -z "$(cat error_log)" ] || fail "the instance's error in the top error_log"
[ "$(cat $i/events/sched/sched_switch/filter)" = 'next_pid == 0' ] ||
	fail "filter: $(cat $i/events/sched/sched_switch/filter)"
echo > $i/trace
echo 1 > $i/events/sched/sched_switch/enable
sleep 0.1
echo 0 > $i/events/sched/sched_switch/enable
grep -q 'next_pid=0 ' $i/trace || fail "nothing passed the filter"
bad=$(grep 'sched_switch:' $i/trace | grep -v 'next_pid=0 ' | head -n 1)
[ -z "$bad" ] || fail "the filter let through: $bad"
echo 0 > $i/events/sched/sched_switch/filter
# A system's filter: on the instance's events it fits, not the top's.
[ "$(cat $i/events/sched/filter)" = none ] || fail "system filter not none"
echo 'prev_pid == 0' > $i/events/sched/filter
[ "$(cat $i/events/sched/filter)" = 'prev_pid == 0' ] ||
	fail "system filter: $(cat $i/events/sched/filter)"
[ "$(cat $i/events/sched/sched_switch/filter)" = 'prev_pid == 0' ] ||
	fail "system filter not on sched_switch"
[ "$(cat $i/events/sched/sched_wakeup/filter)" = none ] ||
	fail "system filter on sched_wakeup, which has no prev_pid"
[ "$(cat events/sched/filter)" = none ] || fail "the top system filter followed"
[ "$(cat events/sched/sched_switch/filter)" = none ] ||
	fail "the top sched_switch filter followed"
echo > $i/error_log
[ "$(write_errno $i/events/sched/filter 'no_field == 1')" = \
  "Invalid argument" ] || fail "a bad system filter was taken"
grep -q 'no_field == 1' $i/error_log ||
	fail "system filter not in $i/error_log: $(cat $i/error_log)"
[ "$(cat $i/events/sched/sched_switch/filter)" = 'prev_pid == 0' ] ||
	fail "a bad system filter changed sched_switch's"
echo 0 > $i/events/sched/filter
[ "$(cat $i/events/sched/sched_switch/filter)" = none ] ||
	fail "system filter not cleared"
echo 1 > events/sched/sched_switch/enable
echo > $i/trace
sleep 0.1
echo 0 > events/sched/sched_switch/enable
grep -q sched_switch $i/trace && fail "the top's sched_switch in $i"
: > $i/set_event
[ "$(cat $i/events/enable)" = 0 ] || fail "set_event truncation"

# Triggers are the instance's own, and act on it.
ev=$i/events/sched/sched_switch
grep -q '^# Available triggers:' $ev/trigger || fail "trigger: $(cat $ev/trigger)"
echo 'traceoff:1' > $ev/trigger || fail "traceoff trigger rejected"
grep -q '^# Available triggers:' events/sched/sched_switch/trigger ||
	fail "the top's trigger file followed"
sleep 0.1
[ "$(cat $i/tracing_on)" = 0 ] || fail "the trigger did not stop $i"
[ "$(cat tracing_on)" = 1 ] || fail "the instance's trigger stopped the top"
[ "$(cat $ev/trigger)" = "traceoff:count=0" ] || fail "trigger: $(cat $ev/trigger)"
echo '!traceoff' >> $ev/trigger
echo 1 > $i/tracing_on
[ "$(write_errno $ev/trigger 'nosuch')" = "Invalid argument" ] ||
	fail "a bad trigger taken"
[ "$(write_errno $ev/trigger 'traceon if no_field == 1')" = "Invalid argument" ] ||
	fail "a trigger with a bad filter taken"
# enable_event names the instance's event: soft mode shows a '*'.
wk=$i/events/sched/sched_wakeup
# (on a fork, which the shell's builtins do not do: read, not cat)
fk=$i/events/sched/sched_process_fork
echo 'enable_event:sched:sched_wakeup:1' > $fk/trigger || fail "enable_event"
read -r st < $wk/enable
[ "$st" = "0*" ] || fail "soft mode: $st"
read -r st < events/sched/sched_wakeup/enable
[ "$st" = 0 ] || fail "the top's sched_wakeup followed: $st"
echo > $i/trace
/bin/true
[ "$(cat $wk/enable)" = "1*" ] || fail "not unmuted: $(cat $wk/enable)"
sleep 0.1
grep -q 'sched_wakeup:' $i/trace || fail "no sched_wakeup after enable_event"
grep -q 'sched_process_fork:' $i/trace && fail "the fork recorded, only triggered"
echo '!enable_event:sched:sched_wakeup' > $fk/trigger
[ "$(cat $wk/enable)" = 1 ] || fail "after the trigger went: $(cat $wk/enable)"
echo 0 > $wk/enable
# A trigger with a filter, and a stacktrace into the instance.
echo > $i/trace
echo > trace
echo 'stacktrace:2 if prev_pid == 0' > $ev/trigger
sleep 0.2
grep -q '<stack trace>' $i/trace || fail "no stacktrace in $i"
grep -q '<stack trace>' trace && fail "the instance's stacktrace reached the top"
echo '!stacktrace' > $ev/trigger
[ "$(cat events/sched/sched_switch/enable)" = 0 ] || fail "top enable changed"
# Removed with triggers set: they go with it.
mkdir instances/tg
echo 'disable_event:sched:sched_wakeup' > instances/tg/events/sched/sched_switch/trigger
echo 'traceoff' > instances/tg/events/sched/sched_waking/trigger
rmdir instances/tg || fail "rmdir with triggers"
# Removed with an event on: the event stops there.
mkdir instances/ev
echo 1 > instances/ev/events/sched/sched_switch/enable
rmdir instances/ev || fail "rmdir with an event on"
[ "$(cat events/sched/sched_switch/enable)" = 0 ] || fail "top enable changed"
# An open event file keeps the instance too.
mkdir instances/ev
exec 3< instances/ev/events/sched/enable
rmdir instances/ev 2>/dev/null && fail "rmdir with events/ open succeeded"
exec 3<&-
rmdir instances/ev || fail "rmdir instances/ev"

# An open file keeps the instance; rmdir then says EBUSY.
exec 3< $i/trace
rmdir $i 2>/dev/null && fail "rmdir with an open file succeeded"
[ -f $i/trace ] || fail "files gone after a refused rmdir"
exec 3<&-
rmdir $i || fail "rmdir $i"
[ ! -e $i ] || fail "$i still there"
grep -q inst-line trace && fail "the instance's records reached the top"

# 100 mkdir/rmdir cycles free what they took.
mkdir instances/warm && rmdir instances/warm
sync
echo 3 > /proc/sys/vm/drop_caches
before=$(awk '/^MemFree:/ { print $2 }' /proc/meminfo)
n=0
while [ $n -lt 100 ]; do
	mkdir instances/c$n || fail "mkdir instances/c$n"
	echo x > instances/c$n/trace_marker
	rmdir instances/c$n || fail "rmdir instances/c$n"
	n=$((n + 1))
done
sync
echo 3 > /proc/sys/vm/drop_caches
after=$(awk '/^MemFree:/ { print $2 }' /proc/meminfo)
echo "# MemFree before $before kB, after 100 cycles $after kB"
[ $((before - after)) -lt $((before / 100)) ] ||
	fail "100 cycles took $((before - after)) kB of $before kB"
[ -z "$(ls instances)" ] || fail "left behind: $(ls instances)"
