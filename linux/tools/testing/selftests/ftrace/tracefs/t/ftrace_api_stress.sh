# SPDX-License-Identifier: GPL-2.0
# The ftrace API's users come and go while their functions are called and
# the tracers switch: upstream's kprobe, direct-call, ftrace_ops and fprobe
# samples are loaded and unloaded in a loop while a background job forks
# (kernel_clone, wake_up_process, schedule) and another switches between
# function, function_graph and nop, for STRESS_SECONDS (default 30; the
# soak's api loop keeps this up for as long as the soak runs). Nothing may
# be left behind: no enabled function, no probe; the console check
# (harness) catches any warning.
# limit: 300
use_sample ftrace-direct
for s in kprobe_example kretprobe_example ftrace-direct-too \
	 ftrace-direct-multi fprobe_example; do
	[ -f "$here/ko/$s.ko" ] || skip "no $s.ko"
done
churn_start ftrace_api_stress
rounds=0
secs=${STRESS_SECONDS:-30}
end=$(($(date +%s) + secs))
while [ "$(date +%s)" -lt $end ]; do
	insmod "$here/ko/ftrace-direct.ko" || break
	insmod "$here/ko/kprobe_example.ko" || break
	insmod "$here/ko/fprobe_example.ko" stackdump=0 symbol=wake_up_process || break
	insmod "$here/ko/kretprobe_example.ko" || break
	sleep 0.2
	rmmod kprobe_example || break
	# One direct user per function: ftrace-direct-multi also takes
	# wake_up_process, and is refused while ftrace-direct holds it.
	insmod "$here/ko/ftrace-direct-multi.ko" 2>/dev/null &&
		{ rmmod ftrace_direct_multi; echo "two direct users"; break; }
	rmmod ftrace_direct || break
	insmod "$here/ko/ftrace-direct-multi.ko" || break
	insmod "$here/ko/ftrace-direct-too.ko" || break
	sleep 0.2
	rmmod fprobe_example || break
	rmmod kretprobe_example || break
	rmmod ftrace_direct_multi || break
	rmmod ftrace_direct_too || break
	rounds=$((rounds + 1))
done
churn_stop
for m in ftrace_direct kprobe_example fprobe_example kretprobe_example \
	 ftrace_direct_multi ftrace_direct_too; do
	! lsmod | grep -q "^$m " || { rmmod $m; fail "round $rounds stopped with $m loaded"; }
done
[ $rounds -ge 1 ] || fail "not one round in $secs s"
left=$(cat enabled_functions)
[ -z "$left" ] || fail "functions left enabled: $left"
echo "# $rounds rounds"
