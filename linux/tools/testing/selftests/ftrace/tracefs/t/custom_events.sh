# SPDX-License-Identifier: GPL-2.0
# Upstream's custom events sample (samples/trace_events/trace_custom_sched,
# built against this kernel): TRACE_CUSTOM_EVENT() records of its own on
# the sched_switch and sched_waking tracepoints, in the system custom.
# Their formats must be upstream's (the text here was taken from upstream's
# kernel of the same base with the same module) and so must their records'
# shape; sched's own events stay off; a filter works; the module goes
# while an event is enabled, and its events with it.
# limit: 60
use_sample trace_custom_sched
insmod "$ko" || fail "insmod $ko"
trap 'rmmod trace_custom_sched 2>/dev/null' EXIT
t=$(printf '\t')
d=events/custom
grep -qx 'custom:sched_switch' available_events || fail "not in available_events"
grep -qx 'custom:sched_waking' available_events || fail "not in available_events"
for f in enable filter format id trigger; do
	[ -f $d/sched_switch/$f ] || fail "no $d/sched_switch/$f"
done

cat > /tmp/want.$$ <<EOT
name: sched_switch
${t}field:unsigned short prev_prio;${t}offset:8;${t}size:2;${t}signed:0;
${t}field:unsigned short next_prio;${t}offset:10;${t}size:2;${t}signed:0;
${t}field:pid_t next_pid;${t}offset:12;${t}size:4;${t}signed:1;
print fmt: "prev_prio=%d next_pid=%d next_prio=%d", REC->prev_prio, REC->next_pid, REC->next_prio
name: sched_waking
${t}field:pid_t pid;${t}offset:8;${t}size:4;${t}signed:1;
${t}field:unsigned short prio;${t}offset:12;${t}size:2;${t}signed:0;
print fmt: "pid=%d prio=%d", REC->pid, REC->prio
EOT
cat $d/sched_switch/format $d/sched_waking/format |
	grep -v '^ID:\|^format:\|^$\|common_' > /tmp/got.$$
diff /tmp/want.$$ /tmp/got.$$ > /tmp/diff.$$ || fail "formats differ: $(cat /tmp/diff.$$)"
rm -f /tmp/want.$$ /tmp/got.$$ /tmp/diff.$$

echo > trace
echo 1 > $d/enable
sleep 0.3
echo 0 > $d/enable
grep -q ' sched_switch: prev_prio=[0-9]* next_pid=[0-9]* next_prio=[0-9]*$' trace ||
	fail "no sched_switch record: $(grep -v '^#' trace | head -n 5)"
grep -q ' sched_waking: pid=[0-9]* prio=[0-9]*$' trace ||
	fail "no sched_waking record: $(grep -v '^#' trace | head -n 5)"
! grep -q 'prev_comm=' trace || fail "sched's own sched_switch recorded"

echo > trace
echo 'next_pid == 0' > $d/sched_switch/filter
echo 1 > $d/sched_switch/enable
sleep 0.3
echo 0 > $d/sched_switch/enable
grep -q ' sched_switch: .* next_pid=0 ' trace || fail "no filtered record"
! grep ' sched_switch: ' trace | grep -qv ' next_pid=0 ' || fail "a record the filter leaves out"

# The module goes with an event on, and its events with it.
echo 1 > $d/sched_waking/enable
rmmod trace_custom_sched || fail "rmmod with an event enabled"
[ ! -d $d ] || fail "events/custom left"
trap - EXIT
