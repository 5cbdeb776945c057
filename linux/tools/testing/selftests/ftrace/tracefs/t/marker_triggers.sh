# SPDX-License-Identifier: GPL-2.0
# Triggers on trace_marker's records (events/ftrace/print), as upstream's:
# the directory's files, hist keys and filters on the line as written (no
# newline added), snapshot and traceoff, the instance's own, what is
# refused, and no hit for a line that was not recorded.
# limit: 120
P=events/ftrace/print
[ -f $P/trigger ] || skip "no events/ftrace/print/trigger (CONFIG_EVENT_TRACING)"
[ -f $P/hist ] || skip "no hist files (CONFIG_HIST_TRIGGERS)"
[ "$(ls $P | tr '\n' ' ')" = "format hist id trigger " ] || fail "print has: $(ls $P)"
[ ! -e events/ftrace/bprint/trigger ] || fail "bprint has a trigger file"
grep -q 'field:char buf\[\];	offset:16;	size:0;	signed:0;' $P/format ||
	fail "format: $(cat $P/format)"
grep -q ' enable_hist disable_hist hist$' $P/trigger || fail "available: $(cat $P/trigger)"
# hits P: the hitcounts of P's tables, one a line
hits() {
	sed -n 's/^{ .* } hitcount: *\([0-9]*\)$/\1/p' "$1"
}

# The filter sees the line as written: "start" without a newline.
echo 'hist:keys=common_pid if buf == "start"' > $P/trigger
echo 'hist:keys=common_pid if buf ~ "sta*"' >> $P/trigger
echo -n start > trace_marker
echo start > trace_marker
echo stop > trace_marker
[ "$(hits $P/hist | tr '\n' ' ')" = "1 2 " ] || fail "filtered hits: $(cat $P/hist)"
grep -c 'tracing_mark_write: start$' trace | grep -qx 2 || fail "markers: $(cat trace)"

# buf is no key or value; the refusal is logged where upstream logs it.
echo > error_log
expect_reject $P/trigger 'hist:keys=buf' 'Invalid argument'
grep -q "hist:ftrace:print: error: Couldn't find field" error_log || fail "log: $(cat error_log)"
[ "$(sed -n 's/^  Command: //p' error_log)" = 'hist:keys=buf' ] || fail "command: $(cat error_log)"
caret=$(sed -n '/Command:/{n;p}' error_log)
[ "$caret" = "$(printf '%*s^' 21 '')" ] || fail "caret: '$caret'"
# No set_event, no enable_hist, names it.
expect_reject set_event 'ftrace:print' 'Invalid argument'
expect_reject events/sched/sched_process_fork/trigger 'enable_hist:ftrace:print' \
	'Invalid argument'

# A line not recorded is no hit: tracing off, or markers off.
: > $P/trigger
echo 'hist:keys=common_pid' > $P/trigger
echo 0 > tracing_on
expect_reject trace_marker x 'Bad file descriptor'
echo 1 > tracing_on
echo 0 > options/markers
expect_reject trace_marker x 'Invalid argument'
echo 1 > options/markers
[ -z "$(hits $P/hist)" ] || fail "hits of lines not recorded: $(cat $P/hist)"
echo x > trace_marker
[ "$(hits $P/hist)" = 1 ] || fail "one hit: $(cat $P/hist)"

# traceoff: the line is recorded, then tracing stops.
: > $P/trigger
echo traceoff > $P/trigger
echo > trace
echo off > trace_marker
[ "$(cat tracing_on)" = 0 ] || fail "traceoff did not stop tracing"
[ "$(marker_lines)" = off ] || fail "markers: $(marker_lines)"
echo '!traceoff' >> $P/trigger
echo 1 > tracing_on

# snapshot: each line swaps the buffers after it is recorded.
echo 0 > snapshot
echo snapshot > $P/trigger
echo > trace
for i in 1 2 3 4; do echo "s$i" > trace_marker; done
[ "$(marker_lines | tr '\n' ' ')" = "s1 s3 " ] || fail "trace: $(marker_lines)"
[ "$(sed -n 's/^.*tracing_mark_write: //p' snapshot | tr '\n' ' ')" = "s2 s4 " ] ||
	fail "snapshot: $(cat snapshot)"
echo '!snapshot' >> $P/trigger
echo 0 > snapshot

# An instance's markers hit its own triggers, and the top's hit the top's.
mkdir instances/mk
I=instances/mk/$P
[ "$(ls $I | tr '\n' ' ')" = "format hist id trigger " ] || fail "instance print: $(ls $I)"
echo 'hist:keys=common_pid' > $P/trigger
echo 'hist:keys=common_pid' > $I/trigger
echo a > instances/mk/trace_marker
echo b > instances/mk/trace_marker
echo c > trace_marker
[ "$(hits $I/hist)" = 2 ] || fail "instance hits: $(cat $I/hist)"
[ "$(hits $P/hist)" = 1 ] || fail "top hits: $(cat $P/hist)"
echo 'enable_event:sched:sched_switch:1' >> $I/trigger
echo d > instances/mk/trace_marker
grep -q '^1' instances/mk/events/sched/sched_switch/enable ||
	fail "enable_event from the instance's print"
[ "$(cat events/sched/sched_switch/enable)" = 0 ] || fail "enable_event reached the top"
rmdir instances/mk || fail "rmdir with triggers on print"
: > $P/trigger
[ -z "$(cat $P/hist)" ] || fail "hist left: $(cat $P/hist)"
