# SPDX-License-Identifier: GPL-2.0
# perf ftrace (Debian's linux-perf, unmodified) as a user runs it: the
# function_graph tracer on one function of one command (-G), the function
# tracer on one function (-T), and "perf ftrace latency" in its
# function_graph mode. Each must show the traced function.
# limit: 240
command -v perf >/dev/null || skip "no perf in the guest"
out=/tmp/perf-ftrace.out
err=/tmp/perf-ftrace.err
# A command that surely reads, and prints nothing on stdout.
head -c 8192 /dev/zero > /tmp/perf-ftrace.in
reader="dd if=/tmp/perf-ftrace.in of=/dev/null bs=4096"

perf ftrace -G ksys_read -- $reader > $out 2> $err ||
	fail "perf ftrace -G: $(tail -n 5 $err)"
# function_graph output: "CPU) duration |  func() {" and its closing "}".
grep -Eq '^ *[0-9]+\) .*\| +ksys_read\(\) \{$' $out ||
	fail "-G shows no ksys_read() entry: $(head -n 5 $out)"
grep -Eq '^ *[0-9]+\) +[0-9.]+ us +\| +\}' $out ||
	fail "-G shows no function's end with its duration: $(head -n 5 $out)"
grep -Eq '^ *[0-9]+\) .*\| +vfs_read\(\) \{$' $out ||
	fail "-G shows no vfs_read() nested in ksys_read(): $(head -n 8 $out)"

perf ftrace -T vfs_read -- $reader > $out 2> $err ||
	fail "perf ftrace -T: $(tail -n 5 $err)"
# function tracer output: "comm-pid [cpu] ... ts: vfs_read <-ksys_read".
grep -Eq '^ *dd-[0-9]+ +\[[0-9]+\] .* [0-9]+\.[0-9]+: vfs_read <-ksys_read$' $out ||
	fail "-T shows no vfs_read call of dd: $(head -n 5 $out)"
! grep -Ev 'vfs_read <-|^#|^$' $out | grep -q . ||
	fail "-T shows other functions: $(grep -Ev 'vfs_read <-|^#|^$' $out | head -n 3)"

perf ftrace latency -T vfs_read -- $reader > $out 2> $err ||
	fail "perf ftrace latency: $(tail -n 5 $err)"
# A histogram: "  DURATION  |  COUNT | GRAPH |" and rows "n - m us | count |".
grep -q 'DURATION' $out || fail "latency: no histogram: $(head -n 5 $out)"
calls=$(awk -F'|' '/ us +\|/ || / ms +\|/ || / s +\|/ { n += $2 } END { print n + 0 }' $out)
[ "$calls" -ge 2 ] || fail "latency counted $calls calls of vfs_read: $(cat $out)"

# The BPF mode of perf ftrace latency (-b), where this perf offers it:
# Debian's perf is built without BPF skeletons and offers only the
# function_graph mode above. Its BPF mode uses kprobe programs through
# the kprobe PMU, which the bpf_events test checks with tbpf.
if perf ftrace latency -h 2>&1 | grep -q -- '--use-bpf'; then
	perf ftrace latency -b -T vfs_read -- $reader > $out 2> $err ||
		fail "perf ftrace latency -b: $(tail -n 5 $err)"
	grep -q 'DURATION' $out || fail "latency -b: no histogram: $(head -n 5 $out)"
fi

# perf leaves the tracer it used behind it as it found it.
[ "$(cat current_tracer)" = nop ] || fail "current_tracer left at $(cat current_tracer)"
