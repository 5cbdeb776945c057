# SPDX-License-Identifier: GPL-2.0
# Event probes (dynamic_events' e): the guide's sched_switch example,
# checked record by record against sched_switch's own; a char array
# field as a string; an event probe on a kprobe event, which then cannot
# be removed; a filter; removal of a group, all or none; the listing, in
# order of definition; the format, removal by place and arguments, and
# what is refused: with its errno, its error_log position, and the list
# left as it was.
# limit: 300
[ -f dynamic_events ] || skip "no dynamic_events"
grep -qF 'e[:[<group>/][<event>]] <attached-group>.<attached-event> [<args>]' README ||
	skip "no event probes in this kernel (CONFIG_EPROBE_EVENTS)"
t=$(printf '\t')
echo > dynamic_events

def='e:sched/switch sched.sched_switch prev=$prev_pid:u32 comm=$prev_comm next=$next_pid:u32'
echo "$def" >> dynamic_events
want='e:sched/switch sched.sched_switch prev=$prev_pid:u32 comm=$prev_comm next=$next_pid:u32'
[ "$(cat dynamic_events)" = "$want" ] || fail "listing: $(cat dynamic_events)"
fmt=events/sched/switch/format
grep -qxF "${t}field:u32 prev;${t}offset:8;${t}size:4;${t}signed:0;" $fmt ||
	fail "format: $(cat $fmt)"
pf='print fmt: "(sched.sched_switch) prev=%u comm=\"%s\" next=%u"'
pf="$pf, REC->prev, __get_str(comm), REC->next"
grep -qxF "$pf" $fmt ||
	fail "print fmt: $(grep 'print fmt' $fmt)"
# The event it reads is not enabled by it.
echo 1 > events/sched/switch/enable
[ "$(cat events/sched/sched_switch/enable)" = 0 ] ||
	fail "sched_switch enabled by the event probe"
echo > trace
sleep 0.1
echo 0 > events/sched/switch/enable
grep -q ' switch: (sched.sched_switch) prev=[0-9]* comm="[^"]*" next=[0-9]*$' trace ||
	fail "no record: $(grep -v '^#' trace | head -n 5)"
! grep -q ' sched_switch: prev_comm=' trace || fail "sched_switch's own records with it off"

# Each record against sched_switch's own, enabled together.
echo 1 > events/sched/sched_switch/enable
echo 1 > events/sched/switch/enable
echo > trace
sleep 0.1
echo 0 > tracing_on
echo 0 > events/sched/switch/enable
echo 0 > events/sched/sched_switch/enable
echo 1 > tracing_on
n=0
grep ' switch: (sched.sched_switch)' trace | head -n 20 |
	sed 's/.* prev=\([0-9]*\) comm="\([^"]*\)" next=\([0-9]*\)$/\1 \2 \3/' > /tmp/ep.$$
while read -r prev comm next; do
	grep -q "sched_switch: prev_comm=$comm prev_pid=$prev .* next_pid=$next " trace ||
		fail "no sched_switch record for prev=$prev comm=$comm next=$next"
	n=$((n + 1))
done < /tmp/ep.$$
rm -f /tmp/ep.$$
[ $n -gt 0 ] || fail "no event probe records beside sched_switch's"

# A filter on sched_switch's fields picks the records the probe takes.
echo 'e:sched/idle sched.sched_switch next=$next_pid:u32 if next_pid == 0' >> dynamic_events
grep -qxF 'e:sched/idle sched.sched_switch next=$next_pid:u32 if next_pid == 0' dynamic_events ||
	fail "filter listing: $(cat dynamic_events)"
echo 1 > events/sched/idle/enable
echo > trace
sleep 0.2
echo 0 > events/sched/idle/enable
grep -q ' idle: (sched.sched_switch) next=0$' trace ||
	fail "no filtered record: $(grep -v '^#' trace | head -n 3)"
! grep ' idle: ' trace | grep -qv ' next=0$' || fail "a record the filter leaves out"
echo '-:sched/idle' >> dynamic_events

# Refused: the same name, a name in use, and removal of a probed event.
expect_reject dynamic_events "$def" 'File exists'
expect_reject dynamic_events 'e:syscalls/sys_enter_open syscalls/sys_enter_openat' 'File exists'
echo > dynamic_events
[ ! -d events/sched/switch ] || fail "events/sched/switch left"

# On a kprobe event: the kprobe event cannot go while read.
echo 'p:kp/open do_sys_openat2 dfd=%di:s32' >> dynamic_events
echo 'e:ep/open kp.open d=$dfd:s32 c=$comm' >> dynamic_events
expect_reject dynamic_events '-:kp/open' 'Device or resource busy'
echo 1 > events/ep/open/enable
echo > trace
cat /sys/kernel/tracing/README > /dev/null
echo 0 > events/ep/open/enable
grep -q ' open: (kp.open) d=-100 c="cat"$' trace ||
	fail "no record of the kprobe event's: $(grep -v '^#' trace | head -n 5)"
! grep -q ' open: (do_sys_openat2+' trace || fail "the kprobe event recorded, off"
# Removal with the place and arguments as listed; other ones do not match.
expect_reject dynamic_events '-:ep/open kp.close' 'No such file or directory'
expect_reject dynamic_events '-:ep/open kp.open d=$dfd:u32 c=$comm' 'No such file or directory'
echo '-:ep/open kp/open d=$dfd:s32 c=$comm' >> dynamic_events
[ ! -d events/ep ] || fail "events/ep left"
echo '-:kp/open' >> dynamic_events

# A set of events goes all or none: a group one of whose events an event
# probe of another group reads stays whole; with its reader inside, the
# set goes, the reader first.
echo 'p:g1/a do_sys_openat2' >> dynamic_events
echo 'p:g1/b vfs_read' >> dynamic_events
echo 'e:g2/a g1.a' >> dynamic_events
expect_reject dynamic_events '-:g1/' 'Device or resource busy'
expect_reject kprobe_events '-:g1/' 'Device or resource busy'
(: > kprobe_events) 2> /dev/null && fail "O_TRUNC of kprobe_events with g1.a read"
[ -d events/g1/a ] && [ -d events/g1/b ] || fail "-:g1/ removed part of the group"
echo 'e:g1/c g1.b' >> dynamic_events
echo '-:g2/' >> dynamic_events
echo '-:g1/' >> dynamic_events
[ ! -d events/g1 ] || fail "events/g1 left: $(cat dynamic_events)"
# Listed in order of definition, every kind together; cleared at once.
echo 'p:o/k1 vfs_read' >> dynamic_events
echo 'e:o/e1 o.k1' >> dynamic_events
echo 'p:o/k2 vfs_write' >> dynamic_events
[ "$(cut -d' ' -f1 dynamic_events | tr '\n' ' ')" = 'p:o/k1 e:o/e1 p:o/k2 ' ] ||
	fail "not in order of definition: $(cat dynamic_events)"
echo > dynamic_events
[ -z "$(cat dynamic_events)" ] || fail "not cleared: $(cat dynamic_events)"

# Refused definitions: errno, error_log position, nothing changed.
echo 'e:keep/one sched.sched_wakeup' > dynamic_events
check_err() { # command-with-^ errno
	cmd=$(printf '%s' "$1" | tr -d '^')
	pos=$(printf '%s' "${1%%^*}" | wc -c)
	echo > error_log
	expect_reject dynamic_events "$cmd" "$2"
	grep -q 'event_probe: error:' error_log || fail "no error_log entry for '$cmd'"
	n=$(tail -n 1 error_log | wc -c)
	[ "$n" -eq $((pos + 13)) ] ||
		fail "'$cmd': caret at $((n - 13)), want $pos: $(cat error_log)"
}
check_err 'e ^a.' 'Invalid argument'
check_err 'e ^.b' 'Invalid argument'
check_err 'e ^a.b' 'No such file or directory'
check_err 'e sched.sched_switch ^foo' 'Invalid argument'
check_err 'e:foo/bar sched.sched_switch arg=^$foo' 'Invalid argument'
check_err 'e sched.sched_switch ^%ax' 'Invalid argument'
check_err 'e sched.sched_switch x=^$retval' 'Invalid argument'
check_err 'e sched.sched_switch ^$stack0' 'Invalid argument'
check_err 'e:^/bar sched.sched_switch' 'Invalid argument'
check_err 'e^1 sched.sched_switch' 'Invalid argument'
check_err 'e:foo/bar sched.sched_switch if ^' 'Invalid argument'
expect_reject dynamic_events 'e:foo/bar sched.sched_switch if nosuchfield == 1' 'Invalid argument'
check_err '^e:keep/one sched.sched_switch' 'File exists'
[ "$(cat dynamic_events)" = 'e:keep/one sched.sched_wakeup' ] ||
	fail "list changed: $(cat dynamic_events)"
echo > dynamic_events
