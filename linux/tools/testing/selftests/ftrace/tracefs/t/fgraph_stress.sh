# SPDX-License-Identifier: GPL-2.0
# STRESS_SECONDS (default 30; the soak goes on for longer) of switching
# between function_graph and nop while tasks fork and exit: no oops, no
# lockdep report (the harness watches the console), and once the tracer
# has been off for a while every return stack not in use is freed
# ("still held" counts only tasks with hooked calls pending).
# limit: 200
grep -qw function_graph available_tracers || skip "no function_graph tracer"
echo 'copy_process wake_up_new_task *_task_struct* release_task
      kmem_cache_alloc_noprof kfree schedule_tail vfs_write' > set_ftrace_filter
load() {
	while :; do
		( : ) &
		wait
	done
}
load & l1=$!
load & l2=$!
end=$(( $(date +%s) + ${STRESS_SECONDS:-30} ))
n=0
while [ "$(date +%s)" -lt $end ]; do
	echo function_graph > current_tracer
	sleep 0.3
	echo nop > current_tracer
	n=$((n + 1))
done
kill $l1 $l2
wait 2>/dev/null || true
[ $n -gt 5 ] || fail "only $n switches"
[ ! -s enabled_functions ] || fail "sites live after the last nop"
sleep 5
line=$(dmesg | grep 'ftrace: freed .* return stacks' | tail -n 1)
[ -n "$line" ] || fail "return stacks never freed"
held=$(echo "$line" | sed -n 's/.*, \([0-9]*\) still held/\1/p')
[ "${held:-99}" -le 2 ] || fail "stacks still held: $line"
echo "$n switches; $line"
