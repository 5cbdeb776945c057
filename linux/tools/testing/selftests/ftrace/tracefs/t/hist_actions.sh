# SPDX-License-Identifier: GPL-2.0
# Hist triggers' actions: onmatch() writing a synthetic event at each hit
# whose references found their values (the marker's start/end latency of
# upstream's documentation, and a fork-to-exit one with a string
# parameter), the event's own hist triggers run and its records written
# once enabled, the listing with the action and removal by it, the
# synthetic event held while an action writes it, and what is refused;
# onmax() and onchange() with save(), trace() and snapshot().
# limit: 120
P=events/ftrace/print
E=events/sched/sched_process_fork
X=events/sched/sched_process_exit
[ -f $P/hist ] && [ -f synthetic_events ] ||
	skip "no hist triggers or synthetic events"

# new_synth NAME FIELDS: the synthetic event NAME, as $S, enabled, with
# the trace emptied.
new_synth() {
	echo "$1 $2" > synthetic_events
	S=events/synthetic/$1
	echo 1 > $S/enable
	echo > trace
}
: > $P/trigger
: > synthetic_events
echo > error_log

# trace_marker's start to end.
echo 'latency u64 lat' > synthetic_events
L=events/synthetic/latency
echo 'hist:keys=common_pid:ts0=common_timestamp.usecs if buf == "start"' > $P/trigger
act='onmatch(ftrace.print).latency($lat)'
echo "hist:keys=common_pid:lat=common_timestamp.usecs-\$ts0:$act if buf == \"end\"" >> $P/trigger
echo 'hist:keys=common_pid,lat:sort=lat' > $L/trigger
echo 1 > $L/enable
echo > trace
echo -n start > trace_marker
echo -n end > trace_marker
[ "$(grep -c 'hitcount: *1$' $P/hist)" = 2 ] || fail "print hist: $(cat $P/hist)"
grep -Eq "^\{ common_pid: +$$, lat: +[0-9]+ \} hitcount: +1$" $L/hist ||
	fail "latency hist: $(cat $L/hist)"
grep -Eq "latency: lat=[0-9]+$" trace || fail "no latency record: $(cat trace)"
# Once matched, ts0 is unset: another end writes nothing.
echo -n end > trace_marker
[ "$(grep -c 'latency: lat=' trace)" = 1 ] || fail "matched twice: $(cat trace)"
echo 0 > $L/enable
want='hist:keys=common_pid:vals=hitcount:lat=common_timestamp.usecs-$ts0:sort=hitcount:size=2048'
want="$want:clock=global:onmatch(ftrace.print).latency(\$lat) if buf == \"end\" [active]"
grep -qxF "$want" $P/trigger || fail "listing: $(cat $P/trigger)"
# The event is held while an action writes it.
expect_reject synthetic_events '!latency' 'Device or resource busy'
# Removed by its listing, the action lets it go.
echo "!${want% \[active\]}" >> $P/trigger || fail "removal by the listing"
[ "$(grep -c '^hist' $P/trigger)" = 1 ] || fail "not removed: $(cat $P/trigger)"
: > $L/trigger
: > $P/trigger
echo '!latency' >> synthetic_events || fail "latency not removable"

# A string parameter: each child's exit after its fork, with its name.
echo 'fork_exit u64 lat; pid_t pid; char comm[16]' > synthetic_events
F=events/synthetic/fork_exit
echo 'hist:keys=comm:vals=lat' > $F/trigger
echo 'hist:keys=child_pid:t0=common_timestamp.usecs' > $E/trigger
act='onmatch(sched.sched_process_fork).trace(fork_exit,$l,pid,comm)'
echo "hist:keys=pid:l=common_timestamp.usecs-\$t0:$act" > $X/trigger
for _i in 1 2 3; do sh -c true; done
grep -Eq '^\{ comm: sh +\} hitcount: +[0-9]+  lat: +[0-9]+$' $F/hist ||
	fail "no children in the fork_exit hist: $(cat $F/hist)"

# Refused: errno, error_log, nothing changed.
loc='hist:sched:sched_process_exit: error:'
m='hist:keys=pid:onmatch(sched.sched_process_fork)'
for e in "Param count mismatch|$m.fork_exit(pid)" \
	 "Param type mismatch|$m.fork_exit(pid,pid,pid)" \
	 "Couldn't find synthetic event|$m.nosuch(pid)" \
	 "takes no parameter|hist:keys=pid:p=prio:onmax(\$p).snapshot(comm)" \
	 "takes only trace()|$m.snapshot()" \
	 "follow a number|hist:keys=pid:onmax(\$nosuch).save(comm)" \
	 "takes only trace()|$m.save(comm)" \
	 "Invalid handler|hist:keys=pid:onjunk(x).trace(fork_exit,pid)"; do
	msg=${e%%|*}
	cmd=${e#*|}
	echo > error_log
	expect_reject $X/trigger "$cmd" 'Invalid argument'
	grep -q "$loc .*$msg" error_log || fail "error_log: no '$msg' for $cmd: $(cat error_log)"
done
: > $X/trigger
: > $E/trigger
: > $F/trigger
: > synthetic_events || fail "synthetic events left in use: $(cat synthetic_events)"

# A field of the matched event as a parameter: a trigger made on that
# event keeps it in synthetic_<field>, on the keys and filter of the one
# read there; it cannot be removed while read, and goes with its reader.
new_synth fork_parent 'u64 lat; pid_t pid; pid_t ppid'
echo 'hist:keys=child_pid:t0=common_timestamp.usecs if child_pid > 0' > $E/trigger
act='onmatch(sched.sched_process_fork).fork_parent($l,pid,sched.sched_process_fork.parent_pid)'
echo "hist:keys=pid:l=common_timestamp.usecs-\$t0:$act" > $X/trigger
made='hist:keys=child_pid:vals=hitcount:synthetic_parent_pid=parent_pid:sort=hitcount:size=2048'
grep -qxF "$made if child_pid > 0 [active]" $E/trigger ||
	fail "no trigger made for parent_pid: $(cat $E/trigger)"
for _i in 1 2 3; do sh -c true; done
grep -q "fork_parent: lat=[0-9]* pid=[0-9]* ppid=$$\$" trace ||
	fail "no fork_parent with the parent's pid $$: $(cat trace)"
expect_reject $E/trigger "!${made}" 'Device or resource busy'
: > $X/trigger
[ "$(grep -c '^hist' $E/trigger)" = 1 ] || fail "made trigger left: $(cat $E/trigger)"
# No trigger on the field's event has the keys: refused, nothing made.
W=events/sched/sched_wakeup
echo > error_log
act='onmatch(sched.sched_process_fork).fork_parent($l,pid,sched.sched_wakeup.pid)'
expect_reject $X/trigger "hist:keys=pid:l=common_timestamp.usecs-\$t0:$act" 'Invalid argument'
grep -q "Couldn't find a hist trigger of the field's event" error_log ||
	fail "error_log: field of an event without trigger: $(cat error_log)"
grep -q '^hist' $W/trigger && fail "a trigger made on sched_wakeup: $(cat $W/trigger)"
echo 0 > $S/enable
: > $E/trigger
: > synthetic_events || fail "fork_parent left in use: $(cat synthetic_events)"

# A string variable: exec's filename kept per pid, passed to a dynamic
# string field at the exit (upstream's dynstring case).
echo 'exec_exit u64 lat; char filename[]' > synthetic_events
S=events/synthetic/exec_exit
EX=events/sched/sched_process_exec
echo 'hist:keys=filename,lat' > $S/trigger
echo 'hist:keys=pid:fv=filename:ts0=common_timestamp.usecs' > $EX/trigger
grep -q '^hist:keys=pid:vals=hitcount:fv=filename,ts0=common_timestamp.usecs:' $EX/trigger ||
	fail "string variable listing: $(cat $EX/trigger)"
act='onmatch(sched.sched_process_exec).exec_exit($lat,$fv)'
echo "hist:keys=pid:lat=common_timestamp.usecs-\$ts0:$act" > $X/trigger
for _i in 1 2 3; do /bin/sh -c true; done
grep -Eq '^\{ filename: /bin/sh +, lat: +[0-9]+ \} hitcount: +[0-9]+$' $S/hist ||
	fail "no exec_exit with its filename: $(cat $S/hist)"
# Read as a number, a string variable is refused; so is a number for it.
loc='hist:sched:sched_process_exec: error:'
echo > error_log
expect_reject $EX/trigger 'hist:keys=pid:f2=filename:vals=$f2' 'Invalid argument'
grep -q "$loc A string or stack variable is only an action's parameter" error_log ||
	fail "error_log: string variable as a value: $(cat error_log)"
echo > error_log
expect_reject $X/trigger 'hist:keys=pid:n=$fv+1' 'Invalid argument'
msg="A string or stack variable is only an action's parameter"
grep -q "sched_process_exit: error: $msg" error_log ||
	fail "error_log: string reference as a number: $(cat error_log)"
act='onmatch(sched.sched_process_exec).exec_exit($fv,$fv)'
expect_reject $X/trigger "hist:keys=common_pid:$act" 'Invalid argument'
: > $X/trigger
: > $EX/trigger
: > $S/trigger
: > synthetic_events || fail "exec_exit left in use: $(cat synthetic_events)"

# A stack variable: exec's stack kept per pid, read at the exit through a
# variable that is the reference alone, into a stack field.
new_synth exec_stack 'pid_t pid; unsigned long[] stack'
echo 'hist:keys=pid:st=common_stacktrace' > $EX/trigger
act='onmatch(sched.sched_process_exec).exec_stack(pid,$s)'
echo "hist:keys=pid:s=\$st:$act" > $X/trigger
/bin/sh -c true
grep -q '^=> .*exec' trace || fail "no exec stack in exec_stack: $(cat trace)"
# $s keeps nothing: another trigger must read $st itself.
echo > error_log
act='onmatch(sched.sched_process_exit).exec_stack(child_pid,$s)'
expect_reject $E/trigger "hist:keys=child_pid:$act" 'Invalid argument'
grep -q "Variable passes another trigger's on" error_log ||
	fail "error_log: reading a variable that passes one on: $(cat error_log)"
echo > error_log
expect_reject $X/trigger 'hist:keys=pid:s2=$st:vals=$s2' 'Invalid argument'
grep -q "sched_process_exit: error: A string or stack variable is only" error_log ||
	fail "error_log: stack variable as a value: $(cat error_log)"
: > $X/trigger
: > $EX/trigger
echo 0 > $S/enable
: > synthetic_events || fail "exec_stack left in use: $(cat synthetic_events)"

# onmax() and onchange() with save(): the largest (last) value of each
# entry, and the fields of the hit that set it, after the entry's line.
echo 'hist:keys=common_pid:p=prio:onmax($p).save(comm,prio)' > $X/trigger
echo 'hist:keys=common_pid:q=pid:onchange($q).save(comm)' >> $X/trigger
for _i in 1 2 3; do sh -c true; done
grep -Eq "$(printf '\t')max: +[0-9]+  comm: sh  prio: +[0-9]+$" $X/hist ||
	fail "onmax save: $(cat $X/hist)"
grep -Eq "$(printf '\t')changed: +[0-9]+  comm: sh$" $X/hist ||
	fail "onchange save: $(cat $X/hist)"
: > $X/trigger

# onmax() writing a synthetic event: only when the entry's value grows.
echo 'maxprio u64 prio' > synthetic_events
echo 1 > events/synthetic/maxprio/enable
echo > trace
echo 'hist:keys=comm:p=prio:onmax($p).trace(maxprio,$p) if comm == "sh"' > $X/trigger
for _i in 1 2 3; do sh -c true; done
[ "$(grep -c 'maxprio: prio=' trace)" = 1 ] ||
	fail "onmax trace: once for three exits of one prio: $(cat trace)"
: > $X/trigger
echo 0 > events/synthetic/maxprio/enable
: > synthetic_events || fail "maxprio left in use: $(cat synthetic_events)"

# snapshot(): the value followed across the table; the hist file says
# which value and key took the last, and the snapshot holds the trace.
echo 1 > $X/enable
echo > trace
echo 'hist:keys=common_pid:q=pid:onmax($q).snapshot()' > $X/trigger
want='hist:keys=common_pid:vals=hitcount:q=pid:sort=hitcount:size=2048'
grep -qxF "$want:onmax(\$q).snapshot() [active]" $X/trigger ||
	fail "snapshot listing: $(cat $X/trigger)"
for _i in 1 2 3; do sh -c true; done
grep -qxF 'Snapshot taken (see tracing/snapshot).  Details:' $X/hist ||
	fail "no snapshot taken: $(cat $X/hist)"
grep -Eq "^$(printf '\t')triggering value \{ onmax\(\\\$q\) \}: +[0-9]+$" $X/hist ||
	fail "triggering value: $(cat $X/hist)"
grep -Eq "^$(printf '\t')triggered by event with key: \{ common_pid: +[0-9]+ \}$" $X/hist ||
	fail "triggering key: $(cat $X/hist)"
grep -q 'sched_process_exit: comm=sh' snapshot ||
	fail "snapshot holds no exit: $(cat snapshot)"
: > $X/trigger
echo 0 > $X/enable
echo 0 > snapshot
