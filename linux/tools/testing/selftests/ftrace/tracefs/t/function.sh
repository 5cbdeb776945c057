# SPDX-License-Identifier: GPL-2.0
# The function tracer: records "comm-pid [cpu] flags ts: func <-parent"
# for the functions asked for, honours print-parent, sym-offset and
# sym-addr, describes its record in events/ftrace/function/format, lists
# live sites in enabled_functions, and obeys kernel.ftrace_enabled.
grep -qw function available_tracers || skip "no function tracer"
sysctl=/proc/sys/kernel/ftrace_enabled
[ -f $sysctl ] || fail "no $sysctl"
[ "$(cat $sysctl)" = 1 ] || fail "ftrace_enabled reads $(cat $sysctl)"
[ ! -s enabled_functions ] || fail "functions enabled while idle"

# One function: its calls are recorded with their caller.
echo vfs_read > set_ftrace_filter
echo function > current_tracer
[ "$(cat current_tracer)" = function ] || fail "current_tracer did not switch"
[ "$(cat enabled_functions)" = "vfs_read (1)" ] ||
	fail "enabled_functions: $(cat enabled_functions)"
cat /proc/version > /dev/null
echo 0 > tracing_on
grep -q '# tracer: function' trace || fail "header does not name the tracer"
line=$(grep -m1 ': vfs_read <-' trace) || fail "no vfs_read record: $(tail -n 3 trace)"
ctx='^ *[^ ]+-[0-9]+ +\[[0-9]{3}\] [.dDbNnphHsSzZ0-9]{5} +[0-9]+\.[0-9]{6}: '
echo "$line" | grep -Eq "${ctx}vfs_read <-[a-z_]+\$" || fail "record format: '$line'"
! grep -v '^#' trace | grep -qv 'vfs_read' || fail "other functions recorded"
# The traced function's own preempt depth, not the tracer's.
echo "$line" | grep -q '\] \.\.\.\.\. ' || fail "preempt depth of the tracer shown: '$line'"

# Output options.
echo 0 > options/print-parent
grep -m1 -q ': vfs_read$' trace || fail "print-parent off still prints the parent"
echo 1 > options/print-parent
echo 1 > options/sym-offset
# The call site's offset: 0, or 4 past an endbr64 (X86_KERNEL_IBT).
grep -m1 -Eq ': vfs_read\+0x[04]/0x[0-9a-f]+ <-[a-z_]+\+0x[0-9a-f]+/0x[0-9a-f]+$' trace ||
	fail "sym-offset: $(grep -m1 vfs_read trace)"
echo 0 > options/sym-offset
echo 1 > options/sym-addr
grep -m1 -Eq ': vfs_read <[0-9a-f]{16}> <-[a-z_]+ <[0-9a-f]{16}>$' trace ||
	fail "sym-addr: $(grep -m1 vfs_read trace)"
echo 0 > options/sym-addr

# The record's format, for trace-cmd and libtraceevent.
fmt=events/ftrace/function/format
grep -q '^name: function$' $fmt || fail "$fmt: no name"
grep -q '^ID: 1$' $fmt || fail "$fmt: ID is not 1"
[ "$(cat events/ftrace/function/id)" = 1 ] || fail "function/id"
grep -q '	field:unsigned long ip;	offset:8;	size:8;	signed:0;' $fmt ||
	fail "$fmt: ip field"
grep -q '	field:unsigned long parent_ip;	offset:16;	size:8;	signed:0;' $fmt ||
	fail "$fmt: parent_ip field"
grep -q '^print fmt: ' $fmt || fail "$fmt: no print fmt"

# ftrace_enabled=0 makes every site a nop; 1 brings them back.
echo 1 > tracing_on
echo 0 > $sysctl
[ ! -s enabled_functions ] || fail "sites still live with ftrace_enabled=0"
[ "$(write_errno $sysctl 2)" = "Invalid argument" ] || fail "ftrace_enabled took 2"
[ "$(cat $sysctl)" = 0 ] || fail "a rejected write changed ftrace_enabled"
echo 1 > $sysctl
[ "$(cat enabled_functions)" = "vfs_read (1)" ] ||
	fail "ftrace_enabled=1 did not restore: $(cat enabled_functions)"

# Every function: many distinct ones, switched off cleanly.
: > set_ftrace_filter
echo function > current_tracer
n=$(wc -l < enabled_functions)
[ "$n" -gt 1000 ] || fail "tracing every function enabled $n"
sleep 1
echo 0 > tracing_on
echo nop > current_tracer
[ ! -s enabled_functions ] || fail "sites still live after nop"
k=$(grep -v '^#' trace | sed -n 's/^.*: \([a-z_0-9.]*\) <-.*$/\1/p' | sort -u | wc -l)
[ "$k" -gt 20 ] || fail "only $k distinct functions recorded"
