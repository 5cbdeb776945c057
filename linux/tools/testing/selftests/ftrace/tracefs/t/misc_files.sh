# tracing_cpumask, saved_cmdlines(_size), saved_tgids, trace_marker_raw,
# error_log and printk_formats.
ncpu=$(ls -d per_cpu/cpu* | wc -l)
mask=$(cat tracing_cpumask)
[ -n "$mask" ] || fail "empty tracing_cpumask"
expect_reject tracing_cpumask xyz "Invalid argument"
if [ "$ncpu" -gt 1 ] && command -v taskset >/dev/null; then
	echo 1 > tracing_cpumask
	taskset -c 1 sh -c 'echo masked > trace_marker' || true
	taskset -c 0 sh -c 'echo unmasked > trace_marker'
	if marker_lines | grep -qx masked; then
		fail "a masked-out CPU recorded"
	fi
	marker_lines | grep -qx unmasked || fail "CPU 0 did not record"
	echo "$mask" > tracing_cpumask
fi
# saved_cmdlines: the writers' pids and commands. Short-lived writers
# under one name: a new task often gets the task_struct of one gone
# before it, which must not pass for a task saved already.
for i in $(seq 40); do
	sh -c 'echo $$ > /tmp/pid; exec sh -c "echo cmd > trace_marker"'
	grep -q "^$(cat /tmp/pid) sh$" saved_cmdlines ||
		fail "writer $i: $(cat /tmp/pid) not in saved_cmdlines"
done
[ "$(cat saved_cmdlines_size)" = 128 ] || fail "saved_cmdlines_size default"
echo 512 > saved_cmdlines_size
[ "$(cat saved_cmdlines_size)" = 512 ] || fail "saved_cmdlines_size"
grep -q "^$(cat /tmp/pid) sh$" saved_cmdlines || fail "resize lost a command"
expect_reject saved_cmdlines_size 0 "Invalid argument"
expect_reject saved_cmdlines_size 99999999 "Invalid argument"
echo 128 > saved_cmdlines_size
# saved_tgids fills with record-tgid, which adds a TGID column.
echo 1 > options/record-tgid
echo tg > trace_marker
grep -q "^$$ $$\$" saved_tgids || grep -q "^[0-9]* [0-9]*$" saved_tgids ||
	fail "saved_tgids: $(cat saved_tgids)"
grep "tracing_mark_write: tg" trace | grep -Eq '\( *[0-9]+\)' ||
	fail "no TGID column: $(grep 'tracing_mark_write: tg' trace)"
echo 0 > options/record-tgid
# trace_marker_raw: an id and bytes, shown in hex.
command -v tfs >/dev/null || skip "no tfs helper"
[ "$(tfs write trace_marker_raw "$(printf 'AAAAhi')")" = "ok 6" ] || fail "raw write"
grep -q "# 41414141 buf: 68 69" trace || fail "raw record: $(tail -n 2 trace)"
[ "$(tfs write trace_marker_raw AB)" = EINVAL ] || fail "a raw write shorter than an id"
# error_log takes any write (trace-cmd clears it); printk_formats reads.
echo " " > error_log
cat printk_formats > /dev/null
