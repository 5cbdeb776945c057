# SPDX-License-Identifier: GPL-2.0
# fprobe events and tracepoint probe events (dynamic_events' f and t):
# records with exact argument values from fentry_test_mod, return probes
# reading $argN (fprobe and kretprobe), %pd and %pD, a tracepoint probe
# defined before its module loads and kept across rmmod and insmod (named
# with its module, and without), two tracepoint probes on one tracepoint,
# the listing, and what is refused: with its errno, its error_log
# position, and the list left as it was.
# limit: 300
[ -f dynamic_events ] || skip "no dynamic_events"
grep -qF 'f[:[<group>/][<event>]] <func-name>[%return] [<args>]' README ||
	skip "no fprobe events in this kernel (CONFIG_FPROBE_EVENTS)"
use_test_mod
echo > dynamic_events

# A tracepoint probe on a module that is not loaded waits for it.
echo 't:tp/call fentry_test_mod:fentry_test_call n=$arg1:u32 who=+0($arg2):string' >> dynamic_events
[ -d events/tp/call ] || fail "no events/tp/call before the module loads"
insmod "$ko"
echo 'f:fp/in fentry_test_mod:fentry_test_mod_inner x=$arg1:s32' >> dynamic_events
echo 'f:fp/fout fentry_test_mod_inner%return x=$arg1:s32 r=$retval:s32' >> dynamic_events
echo 'r:kp/kout fentry_test_mod:fentry_test_mod_inner x=$arg1:s32 r=$retval:s32' >> dynamic_events
want='t:tp/call fentry_test_mod:fentry_test_call n=$arg1:u32 who=+0($arg2):string
f:fp/in fentry_test_mod:fentry_test_mod_inner x=$arg1:s32
f:fp/fout fentry_test_mod_inner%return x=$arg1:s32 r=$retval:s32'
got=$(grep -v '^r:' dynamic_events)
[ "$got" = "$want" ] || fail "listing: $(cat dynamic_events)"
grep -q "field:unsigned long __probe_func;" events/fp/fout/format ||
	fail "format: $(cat events/fp/fout/format)"
echo 1 > events/tp/enable
echo 1 > events/fp/enable
echo 1 > events/kp/enable
echo > trace
echo 3 > $poke
m='\[fentry_test_mod\]'
for x in 0 1 2; do
	ret="fentry_test_mod_outer+[^<]* <- fentry_test_mod_inner[^)]*) x=$x r=$((x + 1))\$"
	grep -q " in: (fentry_test_mod_inner+0x0/0x[0-9a-f]* $m) x=$x\$" trace ||
		fail "no entry record for $x: $(grep -v '^#' trace)"
	grep -q " fout: ($ret" trace ||
		fail "no fprobe return record for $x: $(grep -v '^#' trace)"
	grep -q " kout: ($ret" trace ||
		fail "no kretprobe record for $x: $(grep -v '^#' trace)"
	stub="__probestub_fentry_test_call+0x0/0x[0-9a-f]* $m"
	grep -q " call: ($stub) n=$x who=\"writer\"\$" trace ||
		fail "no tracepoint probe record for $x: $(grep -v '^#' trace)"
done
[ "$(grep -c ' call: ' trace)" = 3 ] ||
	fail "tracepoint probe records: $(grep -c ' call: ' trace), want 3"
[ "$(grep -c ' in: ' trace)" = 3 ] || fail "fprobe records: $(grep -c ' in: ' trace), want 3"

# Enabled events cannot go; the module can, and the probes follow it.
expect_reject dynamic_events '-:fp/in' 'Device or resource busy'
rmmod fentry_test_mod
insmod "$ko"
echo > trace
echo 2 > $poke
[ "$(grep -c ' call: ' trace)" = 2 ] ||
	fail "after insmod again, tracepoint records: $(grep -v '^#' trace)"
[ "$(grep -c ' in: ' trace)" = 2 ] ||
	fail "after insmod again, fprobe records: $(grep -v '^#' trace)"
echo 0 > events/tp/enable
echo 0 > events/fp/enable
echo 0 > events/kp/enable
rmmod fentry_test_mod
echo > dynamic_events

# A tracepoint named without its module, which nothing has yet, waits for
# the first module that brings it, as upstream's; a loaded module named
# with a tracepoint it does not have is refused.
echo 't:tp/any fentry_test_call n=$arg1:u32' >> dynamic_events
echo 1 > events/tp/any/enable
insmod "$ko"
echo > trace
echo 3 > $poke
[ "$(grep -c ' any: ' trace)" = 3 ] || fail "waiting tracepoint probe: $(grep -v '^#' trace)"
expect_reject dynamic_events 't fentry_test_mod:no_such_tracepoint_xyz' \
	'No such file or directory'
echo 0 > events/tp/any/enable
rmmod fentry_test_mod
echo > dynamic_events

# Two tracepoint probes on one tracepoint: each records each hit once,
# as the tracepoint's own event does.
echo 't:tp/a sched_switch prev=+0($arg2):x64' >> dynamic_events
echo 't sched_switch' >> dynamic_events
grep -qxF 't:tracepoints/sched_switch sched_switch' dynamic_events ||
	fail "default name: $(cat dynamic_events)"
echo 1 > events/tp/a/enable
echo 1 > events/tracepoints/sched_switch/enable
echo 1 > events/sched/sched_switch/enable
echo > trace
sleep 0.1
echo 0 > tracing_on
a=$(grep -c ' a: (__probestub_sched_switch+0x0/' trace)
b=$(grep -c ' sched_switch: (__probestub_sched_switch+0x0/' trace)
c=$(grep -c ' sched_switch: prev_comm=' trace)
echo 1 > tracing_on
# Turning tracing off may fall between the three callbacks of one hit.
[ "$c" -gt 0 ] && [ $((a - c)) -le 1 ] && [ $((c - a)) -le 1 ] &&
	[ $((b - c)) -le 1 ] && [ $((c - b)) -le 1 ] ||
	fail "records of the two probes and of the event: $a, $b and $c"
echo 0 > events/tp/a/enable
echo 0 > events/tracepoints/sched_switch/enable
echo 0 > events/sched/sched_switch/enable
echo > dynamic_events

# %pd and %pD: the names of a dentry and of a file's dentry.
echo 'f:fp/dput dput name=$arg1:%pd' >> dynamic_events
echo 'p:kp/read vfs_read name=$arg1:%pD' >> dynamic_events
echo 1 > events/fp/enable
echo 1 > events/kp/enable
cat /sys/kernel/tracing/tracing_on > /dev/null
echo 0 > events/fp/enable
echo 0 > events/kp/enable
grep -q ' dput: (dput+0x0/0x[0-9a-f]*) name="' trace ||
	fail "no %pd record: $(grep -v '^#' trace | head -n 5)"
grep -q ' read: (vfs_read+0x0/0x[0-9a-f]*) name="tracing_on"' trace ||
	fail "no %pD record of tracing_on: $(grep ' read: ' trace | head -n 5)"
echo > dynamic_events

# Refused definitions: errno, error_log position, nothing changed.
echo "f:fp/keep vfs_read" > dynamic_events
check_err() { # command-with-^ errno
	cmd=$(printf '%s' "$1" | tr -d '^')
	pos=$(printf '%s' "${1%%^*}" | wc -c)
	echo > error_log
	expect_reject dynamic_events "$cmd" "$2"
	grep -q 'trace_fprobe: error:' error_log || fail "no error_log entry for '$cmd'"
	n=$(tail -n 1 error_log | wc -c)
	[ "$n" -eq $((pos + 13)) ] ||
		fail "'$cmd': caret at $((n - 13)), want $pos: $(cat error_log)"
}
check_err 'f^100 vfs_read' 'Invalid argument'
check_err 'f^1a1 vfs_read%return' 'Invalid argument'
check_err 'f^100000 vfs_read%return' 'Invalid argument'
check_err 'f ^no_such_function_xyz' 'No such file or directory'
check_err 'f ^vfs_read+10' 'No such file or directory'
check_err 'f vfs_read^%hoge' 'Invalid argument'
check_err 'f vfs_read ^%ax' 'Invalid argument'
check_err 'f vfs_read ^$retval' 'Invalid argument'
check_err 'f vfs_read%return ^$arg17' 'Invalid argument'
check_err 't^1 kfree' 'Invalid argument'
check_err 't kfree ^$retval' 'Invalid argument'
check_err 't kfree ^%ax' 'Invalid argument'
check_err 't kfree^%return' 'Invalid argument'
check_err '^f:fp/keep vfs_read%return' 'File exists'
check_err '^f:fp/keep vfs_read' 'File exists'
check_err 'f:fp/keep vfs_write ^a=$arg1' 'File exists'
check_err '^t:sched/sched_switch sched_switch' 'File exists'
[ "$(cat dynamic_events)" = "f:fp/keep vfs_read" ] || fail "list changed: $(cat dynamic_events)"

# Appended places, and the removal of one.
echo 'f:fp/keep vfs_write' >> dynamic_events
[ "$(grep -c '^f:fp/keep ' dynamic_events)" = 2 ] || fail "append: $(cat dynamic_events)"
echo '-:fp/keep vfs_write' >> dynamic_events
[ "$(cat dynamic_events)" = "f:fp/keep vfs_read" ] || fail "place removal: $(cat dynamic_events)"
echo > dynamic_events
[ ! -d events/fp ] || fail "events/fp left"
