# SPDX-License-Identifier: GPL-2.0
# trace-cmd record -B: Debian's trace-cmd records an event in an instance
# of its own making, through that instance's files, and reports it; the
# top buffer gets none of it, and the instance is gone afterwards.
# limit: 180
command -v trace-cmd >/dev/null || skip "no trace-cmd in the guest"
dat=/tmp/trace-cmd-inst.dat
echo > trace
# Its per-CPU files go where it runs.
(cd /tmp && trace-cmd record -o $dat -B tcinst -e sched:sched_switch sleep 1) \
	> /tmp/trace-cmd-inst.rec 2>&1 ||
	fail "record: $(tail -n 5 /tmp/trace-cmd-inst.rec)"
trace-cmd report -i $dat > /tmp/trace-cmd-inst.txt 2> /tmp/trace-cmd-inst.err ||
	fail "report: $(tail -n 5 /tmp/trace-cmd-inst.err)"
grep -q 'tcinst' /tmp/trace-cmd-inst.txt ||
	fail "no buffer tcinst in the report: $(head -n 5 /tmp/trace-cmd-inst.txt)"
want=' sched_switch: +[^ ]+:[0-9]+ \[[0-9]+\] [A-Z+|]+ ==> [^ ]+:[0-9]+ \[[0-9]+\]$'
grep -Eq "$want" /tmp/trace-cmd-inst.txt ||
	fail "no decoded sched_switch: $(grep -m 3 sched_switch /tmp/trace-cmd-inst.txt)"
! grep -q sched_switch trace || fail "the top buffer got sched_switch"
[ ! -d instances/tcinst ] || fail "trace-cmd left instances/tcinst"
