# SPDX-License-Identifier: GPL-2.0
# Syscall events: one sys_enter_ and one sys_exit_ event per syscall, with
# the arguments named in the format file, the seed's output lines, filters
# on arguments and return values, and the system-wide enable.
[ -d events/syscalls ] || skip "no syscall events"
sc=events/syscalls

# Every syscall has both, and nothing else is in the system.
n_enter=$(ls -d $sc/sys_enter_* | wc -l)
n_exit=$(ls -d $sc/sys_exit_* | wc -l)
[ "$n_enter" -ge 100 ] || fail "only $n_enter sys_enter events"
[ "$n_enter" = "$n_exit" ] || fail "$n_enter enter events, $n_exit exit events"
for e in read write openat close getpid exit_group; do
	[ -d $sc/sys_enter_$e ] && [ -d $sc/sys_exit_$e ] || fail "no events for $e"
	grep -qx "syscalls:sys_enter_$e" available_events || fail "$e not available"
done

# The format: the number, then each argument in 8 bytes under its name.
t=$(printf '\t')
has_field() { # event field offset size signed
	grep -qxF "${t}field:$2;${t}offset:$3;${t}size:$4;${t}signed:$5;" \
		$sc/$1/format || fail "$1: no '$2' at $3: $(cat $sc/$1/format)"
}
f=$(cat $sc/sys_enter_write/format)
echo "$f" | grep -q '^name: sys_enter_write$' || fail "format: $f"
has_field sys_enter_write 'int __syscall_nr' 8 4 1
has_field sys_enter_write 'unsigned int fd' 16 8 0
has_field sys_enter_write 'const char * buf' 24 8 0
has_field sys_enter_write 'size_t count' 32 8 0
want='print fmt: "fd: 0x%08lx, buf: 0x%08lx, count: 0x%08lx", '
want="$want((unsigned long)(REC->fd)), ((unsigned long)(REC->buf)), "
want="$want((unsigned long)(REC->count))"
echo "$f" | grep -qxF "$want" || fail "print fmt: $f"
has_field sys_exit_write 'int __syscall_nr' 8 4 1
has_field sys_exit_write 'long ret' 16 8 1
f=$(cat $sc/sys_exit_write/format)
echo "$f" | grep -qF 'print fmt: "0x%lx", REC->ret' || fail "exit print fmt: $f"
f=$(cat $sc/sys_enter_getpid/format)
echo "$f" | grep -qF 'print fmt: ""' || fail "no-argument print fmt: $f"
id=$(cat $sc/sys_enter_write/id)
[ "$id" != "$(cat $sc/sys_exit_write/id)" ] || fail "enter and exit share an id"

# Records: "sys_write(fd: 1, buf: ..., count: 7)" and "sys_write -> 0x7".
echo 1 > $sc/sys_enter_write/enable
echo 1 > $sc/sys_exit_write/enable
echo abcdef > /dev/null
echo 0 > $sc/sys_enter_write/enable
echo 0 > $sc/sys_exit_write/enable
grep -qE ' sys_write\(fd: 1, buf: [0-9a-f]+, count: 7\)$' trace ||
	fail "enter line: $(grep sys_write trace | head -n 3)"
grep -qE ' sys_write -> 0x7$' trace || fail "exit line: $(grep sys_write trace | head -n 3)"
! grep -q 'sys_enter_write:' trace || fail "the event name printed before the call"
# verbose adds the types.
echo 1 > options/verbose
grep -qE ' sys_write\(unsigned int fd: 1, const char \* ?buf: ' trace ||
	fail "verbose: $(grep sys_write trace | head -n 1)"
echo 0 > options/verbose

# Filters on the arguments and the return value.
echo > trace
echo 'count == 3' > $sc/sys_enter_write/filter
echo 'ret == 5' > $sc/sys_exit_write/filter
echo 1 > $sc/sys_enter_write/enable
echo 1 > $sc/sys_exit_write/enable
echo ab > /dev/null
echo abcd > /dev/null
echo 0 > $sc/sys_enter_write/enable
echo 0 > $sc/sys_exit_write/enable
[ "$(grep -c ' sys_write(' trace)" = 1 ] || fail "enter filter: $(grep sys_write trace)"
grep -q 'count: 3)' trace || fail "enter filter kept: $(grep sys_write trace)"
[ "$(grep -c ' sys_write -> ' trace)" = 1 ] || fail "exit filter: $(grep sys_write trace)"
grep -q 'sys_write -> 0x5' trace || fail "exit filter kept: $(grep sys_write trace)"
expect_reject $sc/sys_enter_write/filter 'nosuch == 1' "Invalid argument"
echo 0 > $sc/sys_enter_write/filter
echo 0 > $sc/sys_exit_write/filter

# set_event, and the system's enable: every syscall, then none.
echo > trace
echo 'syscalls:sys_enter_getpid' > set_event
cat /proc/self/stat > /dev/null
[ "$(cat $sc/sys_enter_getpid/enable)" = 1 ] || fail "set_event did not enable"
echo > set_event
echo 1 > $sc/enable
[ "$(cat $sc/enable)" = 1 ] || fail "system enable reads $(cat $sc/enable)"
ls / > /dev/null
echo 0 > $sc/enable
grep -qE ' sys_openat\(dfd: ' trace || fail "no openat with every syscall on"
grep -qE ' sys_close -> 0x' trace || fail "no close exit with every syscall on"
n=$(grep -vc '^#' trace)
sleep 0.1
[ "$(grep -vc '^#' trace)" = "$n" ] || fail "records after the system was disabled"

# A trigger on a syscall event: the write after tracing is on stops it.
echo 0 > tracing_on
echo 'traceoff:1' > $sc/sys_enter_write/trigger
echo 1 > tracing_on
echo x > /dev/null
[ "$(cat tracing_on)" = 0 ] || fail "the traceoff trigger did not fire"
grep -qx 'traceoff:count=0' $sc/sys_enter_write/trigger ||
	fail "trigger: $(cat $sc/sys_enter_write/trigger)"
echo '!traceoff' > $sc/sys_enter_write/trigger
echo 1 > tracing_on
