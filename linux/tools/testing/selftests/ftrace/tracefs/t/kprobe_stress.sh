# SPDX-License-Identifier: GPL-2.0
# Kprobe events come and go while their module does and the function
# tracer switches: each round defines events on the test module's
# functions while it is unloaded (MOD:SYM: they wait for it) and on the
# kernel's, enables them, loads the module (its probes arm as it comes),
# pokes it, unloads it with the events on, and removes them, while a
# background job switches between function, function_graph and nop and
# another forks, for STRESS_SECONDS (default 30). The events record into
# an instance, whose buffer the tracer switches leave alone; the module's
# must record every round. Nothing may be left: no event, no enabled
# function (the console check catches any warning).
# limit: 300
[ -f kprobe_events ] || skip "no kprobe_events"
use_test_mod
inst=instances/kprobe_stress
[ ! -d $inst ] || rmdir $inst
mkdir $inst
stop=/tmp/kprobe_stress.stop
rm -f $stop
( while [ ! -e $stop ]; do sh -c true; done ) &
forker=$!
( while [ ! -e $stop ]; do
	for t in function function_graph nop; do
		echo $t > current_tracer 2>/dev/null || true
		sleep 0.3
	done
  done ) &
switcher=$!
rounds=0
secs=${STRESS_SECONDS:-30}
end=$(($(date +%s) + secs))
while [ "$(date +%s)" -lt $end ]; do
	echo "p:stress/clone kernel_clone" > kprobe_events
	echo "p:stress/clone wake_up_new_task" >> kprobe_events
	echo "p:stress/inner $mod:fentry_test_mod_inner x=%di:s32" >> kprobe_events
	echo "r:stress/outer $mod:fentry_test_mod_outer ret=\$retval:s32" >> kprobe_events
	echo 1 > $inst/events/stress/enable
	insmod "$ko"
	echo 3 > $poke
	grep -q " inner: (fentry_test_mod_inner+0x0/0x[0-9a-f]* \\[$mod\\]) x=[0-9]" $inst/trace ||
		fail "round $rounds: no record of the module's probe:" \
		     "$(cat kprobe_profile) $(cat kprobe_events)" \
		     "$(grep -v '^#' $inst/trace | head -n 5)"
	grep -q " outer: (.* <- fentry_test_mod_outer \\[$mod\\]) ret=" $inst/trace ||
		fail "round $rounds: no record of the module's return probe"
	rmmod $mod
	echo 0 > $inst/events/stress/enable
	echo "-:stress/clone kernel_clone" >> kprobe_events
	echo "-:stress/" >> kprobe_events
	[ -z "$(cat kprobe_events)" ] || fail "left after -:stress/: $(cat kprobe_events)"
	echo > $inst/trace
	rounds=$((rounds + 1))
done
touch $stop
wait $forker $switcher
echo nop > current_tracer
! lsmod | grep -q "^$mod " || rmmod $mod
rmdir $inst
[ $rounds -ge 1 ] || fail "only $rounds rounds in $secs s"
[ ! -d events/stress ] || fail "events/stress left"
left=$(cat enabled_functions)
[ -z "$left" ] || fail "functions left enabled: $left"
echo "# $rounds rounds"
