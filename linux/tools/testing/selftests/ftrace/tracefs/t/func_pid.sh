# SPDX-License-Identifier: GPL-2.0
# set_ftrace_pid and set_ftrace_notrace_pid: which tasks the function
# tracer records; options/function-fork adds children and drops reaped
# tasks; options/func_stack_trace; bad pids rejected with nothing changed.
[ -f set_ftrace_pid ] || skip "no set_ftrace_pid"
[ "$(cat set_ftrace_pid)" = "no pid" ] || fail "empty reads: $(cat set_ftrace_pid)"
[ "$(cat set_ftrace_notrace_pid)" = "no pid" ] ||
	fail "empty notrace reads: $(cat set_ftrace_notrace_pid)"
pids() { grep -v '^#' trace | sed -n 's/^ *[^ ]*-\([0-9]*\) .*/\1/p' | sort -u; }
others() { pids | grep -vx "$1" || true; }
# This shell reads (the read builtin: ksys_read); children exec
# (bprm_execve), whatever their way of reading.
work() {
	for i in 1 2 3; do
		read -r x < /proc/version
		cat /proc/version > /dev/null
	done
}

echo 'ksys_read bprm_execve' > set_ftrace_filter
echo function > current_tracer

# Only the listed task.
echo $$ > set_ftrace_pid
[ "$(cat set_ftrace_pid)" = $$ ] || fail "reads $(cat set_ftrace_pid)"
echo > trace
work
echo 0 > tracing_on
[ "$(pids)" = $$ ] || fail "traced tasks: $(pids | tr '\n' ' ')"
echo 1 > tracing_on

# function-fork: children are added while they live, and traced.
echo function-fork > trace_options
echo > trace
work
( read -r me _ < /proc/self/stat; grep -qx "$me" set_ftrace_pid ) ||
	fail "child not added: $(cat set_ftrace_pid | tr '\n' ' ')"
echo 0 > tracing_on
[ -n "$(others $$)" ] || fail "no child traced with function-fork"
echo 1 > tracing_on
sleep 0.1
# Stop following first: reading the list with cat would add cat to it.
echo nofunction-fork > trace_options
[ "$(cat set_ftrace_pid)" = $$ ] || fail "reaped children kept: $(cat set_ftrace_pid | tr '\n' ' ')"

# Append, the old -1, and truncation.
echo 1 >> set_ftrace_pid
[ "$(cat set_ftrace_pid | tr '\n' ' ')" = "1 $$ " ] || fail "append: $(cat set_ftrace_pid)"
echo -1 > set_ftrace_pid
[ "$(cat set_ftrace_pid)" = "no pid" ] || fail "-1 did not clear"
echo "1 $$" > set_ftrace_pid
: > set_ftrace_pid
[ "$(cat set_ftrace_pid)" = "no pid" ] || fail "O_TRUNC did not clear"

# Bad pids: EINVAL, nothing changes.
echo $$ > set_ftrace_pid
expect_reject set_ftrace_pid abc 'Invalid argument'
expect_reject set_ftrace_pid -5 'Invalid argument'
expect_reject set_ftrace_pid 99999999 'Invalid argument'
expect_reject set_ftrace_pid "1 x" 'Invalid argument'
: > set_ftrace_pid

# The notrace list: everyone but this shell.
echo $$ > set_ftrace_notrace_pid
echo > trace
work
echo 0 > tracing_on
! pids | grep -qx $$ || fail "notrace pid traced"
[ -n "$(pids)" ] || fail "nothing traced with a notrace pid"
echo 1 > tracing_on
# Both lists: the notrace list wins.
echo $$ > set_ftrace_pid
echo > trace
work
[ -z "$(pids)" ] || fail "traced although in both lists: $(pids)"
: > set_ftrace_pid
: > set_ftrace_notrace_pid

# func_stack_trace: each record is followed by its stack.
echo $$ > set_ftrace_pid
echo 1 > options/func_stack_trace
echo > trace
read -r x < /proc/version
echo 0 > tracing_on
grep -A1 '<stack trace>' trace | grep -q '^ => ksys_read$' ||
	fail "no stack after ksys_read: $(grep -v '^#' trace | head -n 4)"
[ "$(grep -c ' <-' trace)" = "$(grep -c '<stack trace>' trace)" ] ||
	fail "one stack per record expected"
grep -q 'func_stack_trace' trace_options || fail "not in trace_options"
# Pid 0 (the idle tasks) lists as 0, not as the empty list's "no pid".
echo 0 > set_ftrace_pid
[ "$(cat set_ftrace_pid)" = 0 ] || fail "pid 0 lists as '$(cat set_ftrace_pid)'"
echo > set_ftrace_pid
[ "$(cat set_ftrace_pid)" = "no pid" ] || fail "the emptied list reads '$(cat set_ftrace_pid)'"
