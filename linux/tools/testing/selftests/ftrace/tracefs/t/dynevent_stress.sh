# SPDX-License-Identifier: GPL-2.0
# Dynamic events of every kind come and go while their module does and
# the function tracer switches: each round defines kprobe events on the
# test module's functions while it is unloaded (MOD:SYM: they wait for
# it) and on the kernel's, a tracepoint probe on the module's tracepoint
# (it waits too), an fprobe return event, an event probe on a kprobe
# event, a uprobe event on the shell and a synthetic event; enables them,
# loads the module (its probes arm as it comes), pokes it, unloads it
# with the events on, and removes them, while a background job switches
# between function, function_graph and nop and another forks, for
# STRESS_SECONDS (default 30). The events record into an instance, whose
# buffer the tracer switches leave alone; the module's must record every
# round. Nothing may be left: no event, no enabled function (the console
# check catches any warning).
# limit: 300
[ -f kprobe_events ] || skip "no kprobe_events"
use_test_mod
inst=instances/dynevent_stress
[ ! -d $inst ] || rmdir $inst
mkdir $inst
churn_start dynevent_stress
# The shell's text mapping, for a uprobe: its file offset.
sh=$(readlink -f /bin/sh)
off=$(sh -c 'cat /proc/$$/maps; :' |
	awk -v f="$sh" '$2 ~ /^r-xp/ && $6 == f { print $3; exit }')
up=
[ -f uprobe_events ] && [ -n "$off" ] && up="p:stress/up $sh:0x$off"
rounds=0
secs=${STRESS_SECONDS:-30}
end=$(($(date +%s) + secs))
while [ "$(date +%s)" -lt $end ]; do
	echo "p:stress/clone kernel_clone" > kprobe_events
	echo "p:stress/clone wake_up_new_task" >> kprobe_events
	echo "p:stress/inner $mod:fentry_test_mod_inner x=%di:s32" >> kprobe_events
	echo "r:stress/outer $mod:fentry_test_mod_outer ret=\$retval:s32" >> kprobe_events
	echo "t:stress/tp $mod:fentry_test_call n=\$arg1" >> dynamic_events
	echo "f:stress/fret vfs_read%return r=\$retval" >> dynamic_events
	echo "e:stress/ep stress.clone" >> dynamic_events
	echo "s:stress_syn u64 lat; char comm[16]" >> dynamic_events
	[ -z "$up" ] || echo "$up" >> dynamic_events
	echo 1 > $inst/events/stress/enable
	echo 1 > $inst/events/synthetic/stress_syn/enable
	insmod "$ko"
	echo 3 > $poke
	grep -q " inner: (fentry_test_mod_inner+0x0/0x[0-9a-f]* \\[$mod\\]) x=[0-9]" $inst/trace ||
		fail "round $rounds: no record of the module's probe:" \
		     "$(cat kprobe_profile) $(cat kprobe_events)" \
		     "$(grep -v '^#' $inst/trace | head -n 5)"
	grep -q " outer: (.* <- fentry_test_mod_outer \\[$mod\\]) ret=" $inst/trace ||
		fail "round $rounds: no record of the module's return probe"
	grep -q " tp: (__probestub_fentry_test_call+0x0/0x[0-9a-f]* \\[$mod\\]) n=" \
		$inst/trace || fail "round $rounds: no record of the tracepoint probe"
	rmmod $mod
	echo 0 > $inst/events/stress/enable
	expect_reject dynamic_events '!s:stress_syn' 'Device or resource busy'
	echo 0 > $inst/events/synthetic/stress_syn/enable
	echo '!s:stress_syn' >> dynamic_events
	echo "-:stress/clone kernel_clone" >> kprobe_events
	# kprobe_events cannot take the group: the event probe reads it.
	expect_reject kprobe_events "-:stress/" 'Device or resource busy'
	echo "-:stress/" >> dynamic_events
	[ -z "$(cat dynamic_events)" ] || fail "left after -:stress/: $(cat dynamic_events)"
	echo > $inst/trace
	rounds=$((rounds + 1))
done
churn_stop
! lsmod | grep -q "^$mod " || rmmod $mod
rmdir $inst
[ $rounds -ge 1 ] || fail "only $rounds rounds in $secs s"
[ ! -d events/stress ] || fail "events/stress left"
left=$(cat enabled_functions)
[ -z "$left" ] || fail "functions left enabled: $left"
echo "# $rounds rounds"
