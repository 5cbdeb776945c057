# SPDX-License-Identifier: GPL-2.0
# set_ftrace_filter and set_ftrace_notrace: names, globs, 1-based indices,
# '!' removal, '>' and '>>', commit on close, EINVAL for a term that
# matches nothing (the filter stays, the open file stays usable).
[ -f set_ftrace_filter ] || skip "no function filters"
aff=/tmp/aff.$$
cut -d' ' -f1 available_filter_functions > $aff
[ "$(cat set_ftrace_filter)" = "#### all functions enabled ####" ] ||
	fail "empty filter reads: $(head -n 2 set_ftrace_filter)"
[ ! -s set_ftrace_notrace ] || fail "set_ftrace_notrace not empty"

# Globs select what grep selects in available_filter_functions, in order.
check_glob() { # glob regex
	echo "$1" > set_ftrace_filter || fail "'$1' rejected"
	grep "$2" $aff | cmp -s - set_ftrace_filter ||
		fail "'$1': $(head -n 3 set_ftrace_filter)"
}
check_glob 'vfs_read' '^vfs_read$'
check_glob '*_read' '^.*_read$'
check_glob 'vfs_*' '^vfs_.*$'
check_glob '*sched*' '^.*sched.*$'
check_glob 'mutex*unl*' '^mutex.*unl.*$'
check_glob 'sch?dule' '^sch.dule$'
check_glob '[kv]fs_*' '^[kv]fs_.*$'

# Append, and remove with '!'.
echo vfs_read > set_ftrace_filter
echo vfs_write >> set_ftrace_filter
[ "$(sort set_ftrace_filter | tr '\n' ' ')" = "vfs_read vfs_write " ] ||
	fail "append: $(cat set_ftrace_filter)"
echo '!vfs_read' >> set_ftrace_filter
[ "$(cat set_ftrace_filter)" = vfs_write ] || fail "remove: $(cat set_ftrace_filter)"
# Several terms in one write.
echo 'vfs_read vfs_write' > set_ftrace_filter
[ "$(wc -l < set_ftrace_filter)" = 2 ] || fail "two terms: $(cat set_ftrace_filter)"

# Indices: line N of available_filter_functions, as trace-cmd writes them.
i=$(grep -n -m1 -x schedule $aff | cut -d: -f1)
echo "$i" > set_ftrace_filter || fail "index $i rejected"
[ "$(cat set_ftrace_filter)" = schedule ] || fail "index $i: $(cat set_ftrace_filter)"
n=$(wc -l < $aff)
expect_reject set_ftrace_filter 0 "Invalid argument"
expect_reject set_ftrace_filter $((n + 1)) "Invalid argument"

# A term that matches nothing: EINVAL, and the filter is left alone, also
# with '>' (O_TRUNC): no silent "trace everything".
expect_reject set_ftrace_filter no_such_function_xyz "Invalid argument"
! echo no_such_function_xyz 2>/dev/null > set_ftrace_filter ||
	fail "'>' of a bad name succeeded"
[ "$(cat set_ftrace_filter)" = schedule ] ||
	fail "a rejected '>' changed the filter: $(head -n 2 set_ftrace_filter)"
expect_reject set_ftrace_filter 'vfs_read:nosuchcommand' "Invalid argument"

# A rejected term does not poison the open file: the next write works
# (trace-cmd falls back from an index to a glob on the same descriptor).
exec 3> set_ftrace_filter
printf 'no_such_function_xyz ' >&3 2>/dev/null && fail "bad term accepted"
printf 'vfs_write ' >&3 || fail "write after a rejected one failed"
exec 3>&-
[ "$(cat set_ftrace_filter)" = vfs_write ] ||
	fail "after a rejected term: $(cat set_ftrace_filter)"
# A term may be cut between writes.
exec 3> set_ftrace_filter
printf 'vfs_' >&3
printf 'read\n' >&3
exec 3>&-
[ "$(cat set_ftrace_filter)" = vfs_read ] || fail "cut term: $(cat set_ftrace_filter)"

# Clearing.
echo > set_ftrace_filter
[ "$(cat set_ftrace_filter)" = "#### all functions enabled ####" ] ||
	fail "clear: $(head -n 2 set_ftrace_filter)"

# :mod: for a module that is not loaded is kept for it (func_modterm.sh).
echo ':mod:no_such_module' > set_ftrace_filter
[ "$(cat set_ftrace_filter)" = ":mod:no_such_module" ] ||
	fail "kept :mod: term: $(head -n 2 set_ftrace_filter)"
echo > set_ftrace_filter

# notrace wins over the filter, for the live sites too.
grep -qw function available_tracers || { rm -f $aff; exit 0; }
echo 'vfs_read vfs_write' > set_ftrace_filter
echo vfs_write > set_ftrace_notrace
[ "$(cat set_ftrace_notrace)" = vfs_write ] || fail "notrace: $(cat set_ftrace_notrace)"
echo function > current_tracer
[ "$(cat enabled_functions)" = "vfs_read (1)" ] ||
	fail "enabled with notrace: $(cat enabled_functions)"
# Changing the filter while tracing changes the live sites at close.
echo vfs_write >> set_ftrace_filter
echo 'vfs_open' >> set_ftrace_filter
[ "$(cut -d' ' -f1 enabled_functions | sort | tr '\n' ' ')" = "vfs_open vfs_read " ] ||
	fail "live filter change: $(cat enabled_functions)"
: > set_ftrace_notrace
echo nop > current_tracer
rm -f $aff
