# SPDX-License-Identifier: GPL-2.0
# Hist triggers' variables and expressions: constants folded in the
# listing, precedence and left-to-right order, the errors upstream's
# error_log points at, variables that keys and values read, references
# to another event's trigger by its leading keys (read once, qualified
# or not, never across instances), and a trigger whose variables are
# read that neither '!' nor O_TRUNC can remove.
# limit: 120
E=events/sched/sched_process_fork
X=events/sched/sched_process_exit
[ -f $E/hist ] || skip "no hist files (CONFIG_HIST_TRIGGERS)"
grep -qF '<var1>=<field|var_ref|numeric_literal>' README ||
	fail "README has no variables"
: > $X/trigger
: > $E/trigger
echo > error_log
forks() {
	for _i in $(seq "$1"); do sh -c true; done
}
tail_listing='sort=hitcount:size=2048 [active]'

# Constant expressions, folded; * and / first, then left to right.
while read -r expr want; do
	echo "hist:keys=common_pid:x=$expr" > $E/trigger || fail "refused: x=$expr"
	got=$(cat $E/trigger)
	[ "$got" = "hist:keys=common_pid:vals=hitcount:x=$want:$tail_listing" ] ||
		fail "x=$expr: $got"
done <<'EOF2'
123 123
16-8-4-2 2
64/8/4/2 1
16-8+4+2 14
4*3/2*2 12
4+3*2-2 8
4+6/2-2 5
10/3 3
0x10*2 32
-(4) 18446744073709551612
-7 18446744073709551609
EOF2
# The folded listing is the trigger: it removes it.
echo '!hist:keys=common_pid:vals=hitcount:x=18446744073709551609:sort=hitcount:size=2048' \
	>> $E/trigger
! grep -q '^hist' $E/trigger || fail "not removed by its listing: $(cat $E/trigger)"

# Refused, with error_log's caret where upstream puts it.
loc='hist:sched:sched_process_fork: error:'
for e in "Too many subexpressions|hist:keys=common_pid:x=32+10*3/20-4|26" \
	 "Too many subexpressions|hist:keys=common_pid:x=1+2+3+4+5|23" \
	 "Unary minus not supported|hist:keys=common_pid:x=-(1)+2|25" \
	 "Division by zero|hist:keys=common_pid:x=3/0|25" \
	 "Division by zero|hist:keys=common_pid:x=child_pid/0|33" \
	 "Couldn't find variable|hist:keys=common_pid:x=\$nosuch+1|23" \
	 "Unexpected parenthesis|hist:keys=common_pid:x=(1+2)*3|23" \
	 "Only numbers|hist:keys=common_pid:x=child_comm+1|23" \
	 "Invalid variable name|hist:keys=common_pid:1x=5|21" \
	 "Variable already defined|hist:keys=common_pid:x=1:x=2|25" \
	 "Variable reads itself|hist:keys=common_pid:a=\$b:b=\$a+1|21"; do
	msg=${e%%|*}
	rest=${e#*|}
	cmd=${rest%|*}
	echo > error_log
	err='Invalid argument'
	[ "$msg" != 'Division by zero' ] || err='Numerical argument out of domain'
	expect_reject $E/trigger "$cmd" "$err"
	grep -A1 "$loc $msg" error_log | grep -qxF "  Command: $cmd" ||
		fail "error_log: no '$msg' for $cmd: $(cat error_log)"
	caret=$(tail -n 1 error_log)
	[ "${#caret}" = $((11 + ${rest##*|} + 1)) ] ||
		fail "$msg: caret at ${#caret}: $(cat error_log)"
done
! grep -q '^hist' $E/trigger || fail "a refused command changed: $(cat $E/trigger)"

# Variables of the trigger itself: values and keys read them, each hit.
echo 'hist:keys=common_pid:vals=$a,$b:a=child_pid,b=$a*2' > $E/trigger
echo 'hist:cp=common_pid:keys=cp:s=common_timestamp.usecs' >> $E/trigger
ts_tail='sort=hitcount:size=2048:clock=global'
want="hist:keys=cp:vals=hitcount:cp=common_pid,s=common_timestamp.usecs:$ts_tail [active]"
grep -qxF "$want" $E/trigger || fail "listing: $(cat $E/trigger)"
forks 3
line=$(grep -E "^\{ common_pid: +$$ \} hitcount: +[3-9]  a: +[0-9]+  b: +[0-9]+$" $E/hist) ||
	fail "no entry of a and b: $(cat $E/hist)"
set -- $(echo "$line" | sed 's/.*a: *\([0-9]*\)  b: *\([0-9]*\)/\1 \2/')
[ "$2" = $(($1 * 2)) ] || fail "b is not 2a: $line"
grep -Eq "^\{ cp: +$$ \} hitcount: +[3-9]$" $E/hist || fail "key from a variable: $(cat $E/hist)"
: > $E/trigger

# A reference to another event's trigger, by the leading keys: a plain
# read leaves the variable set, an expression's unsets it (read once);
# two names of one variable in a trigger are one read.
echo 'hist:keys=child_pid:t0=common_timestamp.usecs' > $E/trigger
echo 'hist:keys=pid:vals=sched.sched_process_fork.$t0' > $X/trigger
lat='lat=common_timestamp.usecs-$t0,d=sched.sched_process_fork.$t0-1'
echo "hist:keys=pid,prio:$lat:vals=\$lat" >> $X/trigger
echo 'hist:keys=pid:t1=$t0:vals=$t1' >> $X/trigger
want='hist:keys=pid,prio:vals=hitcount,$lat:lat=common_timestamp.usecs-$t0,'
grep -qxF "${want}d=sched.sched_process_fork.\$t0-1:$ts_tail [active]" $X/trigger ||
	fail "listing: $(cat $X/trigger)"
forks 4
n=$(grep -cE '^\{ pid: +[0-9]+, prio: +[0-9]+ \} hitcount: +1  lat: +[0-9]+$' $X/hist)
[ "$n" -ge 4 ] || fail "$n latencies of 4 children: $(cat $X/hist)"
n=$(grep -cE '^\{ pid: +[0-9]+ \} hitcount: +1  sched.sched_process_fork.\$t0: +[0-9]+$' $X/hist)
[ "$n" -ge 4 ] || fail "$n plain reads of 4 children's t0: $(cat $X/hist)"
# The expression took each child's t0: the last found none.
grep -A100 'trigger info: hist:keys=pid:vals=hitcount,$t1' $X/hist |
	grep -qx '    Entries: 0' || fail "t0 read after it was taken: $(cat $X/hist)"
# Unqualified, a name two events have is refused; one the event has
# already, too; so is a variable of another clock.
S=events/sched/sched_process_exec
echo 'hist:keys=pid:t0=common_timestamp.usecs' > $S/trigger
echo > error_log
expect_reject $X/trigger 'hist:keys=pid:l=$t0+1' 'Invalid argument'
grep -q "error: Variable name not unique" error_log || fail "error_log: $(cat error_log)"
: > $S/trigger
expect_reject $E/trigger 'hist:keys=common_pid:t0=1' 'Invalid argument'
grep -q "error: Variable already defined" error_log || fail "error_log: $(cat error_log)"
expect_reject $X/trigger 'hist:keys=pid:clock=local:l=common_timestamp-$t0' 'Invalid argument'
grep -q "error: Variable's trigger reads another clock" error_log ||
	fail "error_log: $(cat error_log)"
# Keys that cannot lead to the other's (a string, not a number): refused.
echo > error_log
expect_reject $X/trigger 'hist:keys=comm:l=$t0' 'Invalid argument'
grep -q "hist:sched:sched_process_exit: error: Variable's keys" error_log ||
	fail "error_log: $(cat error_log)"
# Read variables keep their trigger: '!' is refused; O_TRUNC takes the
# others and leaves it, as upstream's.
cmd="hist:keys=child_pid:vals=hitcount:t0=common_timestamp.usecs:$ts_tail"
expect_reject $E/trigger "!$cmd" 'Device or resource busy'
echo 'hist:keys=common_pid' >> $E/trigger
: > $E/trigger || fail "O_TRUNC open refused"
[ "$(grep '^hist' $E/trigger)" = "$cmd [active]" ] ||
	fail "O_TRUNC: $(cat $E/trigger)"
# Not across instances.
mkdir instances/hist_v
expect_reject instances/hist_v/$X/trigger 'hist:keys=pid:l=$t0' 'Invalid argument'
grep -q "error: Couldn't find variable" instances/hist_v/error_log ||
	fail "instance error_log: $(cat instances/hist_v/error_log)"
rmdir instances/hist_v
: > $X/trigger
echo "!$cmd" >> $E/trigger || fail "not removed once unread"
! grep -q '^hist' $E/trigger $X/trigger || fail "left: $(cat $E/trigger $X/trigger)"
