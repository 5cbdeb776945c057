# SPDX-License-Identifier: GPL-2.0
# trace-cmd (Debian's, unmodified) records events through tracefs and
# trace_pipe_raw, saves every format, and decodes the records with
# libtraceevent: no parse failure, and the fields as the kernel prints
# them.
# limit: 180
command -v trace-cmd >/dev/null || skip "no trace-cmd in the guest"
dat=/tmp/trace-cmd.dat
trace-cmd record -e sched_switch -e irq -o $dat sleep 1 > /tmp/trace-cmd.rec 2>&1 ||
	fail "record: $(tail -n 5 /tmp/trace-cmd.rec)"
trace-cmd report -i $dat > /tmp/trace-cmd.txt 2> /tmp/trace-cmd.err ||
	fail "report: $(tail -n 5 /tmp/trace-cmd.err)"
# libtraceevent's sched_switch plugin prints "comm:pid [prio] state ==>
# comm:pid [prio]" from the fields the format names.
want=' sched_switch: +[^ ]+:[0-9]+ \[[0-9]+\] [A-Z+|]+ ==> [^ ]+:[0-9]+ \[[0-9]+\]$'
grep -Eq "$want" /tmp/trace-cmd.txt ||
	fail "no decoded sched_switch: $(grep -m 3 sched_switch /tmp/trace-cmd.txt)"
grep -Eq ' softirq_(entry|exit): +vec=[0-9]+ \[action=[A-Z_]+\]$' /tmp/trace-cmd.txt ||
	fail "no decoded softirq event: $(grep -m 3 softirq /tmp/trace-cmd.txt)"
! grep -Eiq 'failed to parse|unknown|bad op|error|warning' /tmp/trace-cmd.txt /tmp/trace-cmd.err ||
	fail "parse trouble: $(grep -Eim 3 'failed to parse|unknown|bad op|error|warning' \
		/tmp/trace-cmd.txt /tmp/trace-cmd.err)"
# Syscall events: their print fmt decodes the arguments.
if [ -d events/syscalls ]; then
	trace-cmd record -e syscalls:sys_enter_write -e syscalls:sys_exit_write \
		-o $dat sh -c 'echo hello-syscall' > /tmp/trace-cmd.rec 2>&1 ||
		fail "record syscalls: $(tail -n 5 /tmp/trace-cmd.rec)"
	trace-cmd report -i $dat > /tmp/trace-cmd.txt 2> /tmp/trace-cmd.err ||
		fail "report syscalls: $(tail -n 5 /tmp/trace-cmd.err)"
	grep -Eq ' sys_enter_write: +fd: 0x0+1, buf: 0x[0-9a-f]+, count: 0x0+e$' \
		/tmp/trace-cmd.txt ||
		fail "no decoded sys_enter_write: $(grep -m 3 sys_enter_write /tmp/trace-cmd.txt)"
	grep -Eq ' sys_exit_write: +0xe$' /tmp/trace-cmd.txt ||
		fail "no decoded sys_exit_write: $(grep -m 3 sys_exit_write /tmp/trace-cmd.txt)"
	bad='failed to parse|unknown|bad op|error|warning'
	! grep -Eiq "$bad" /tmp/trace-cmd.txt /tmp/trace-cmd.err ||
		fail "syscalls parse trouble: $(grep -Eim 3 "$bad" \
			/tmp/trace-cmd.txt /tmp/trace-cmd.err)"
fi
# trace-cmd leaves the events off and tracing_on at 0.
[ "$(cat events/enable)" = 0 ] || fail "events left on"
