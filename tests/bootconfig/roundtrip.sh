#!/usr/bin/env bash
# The ftrace2bconf.sh round trip (make bootconfig-check: some ten minutes,
# as the dump reads every event's files of each array, slowly on the
# debug kernel in TCG), judged by the base tree's tools/bootconfig/scripts:
#  A  a rich state set by hand (state.sh), dumped with ftrace2bconf.sh;
#  B  a boot with that dump, plus what the dump cannot carry (function and
#     graph filters) and the "kernel" example of boottime-trace.rst (but
#     for trace_buf_size, which the dump's buffer_size overrides):
#     ftrace2bconf.sh dumps the same but for what the kernel example
#     changes, which is checked;
#  C  bconf2ftrace.sh --apply of the same file after a plain boot: the
#     same dump.
# BOOT_KERNEL=upstream runs it on the upstream flavour.
. "$(dirname "$0")/../host/lib.bash"
. "$TOP/tests/bootconfig/lib.bash"

# A: the state by hand, and its dump.
vm -t 600 "sh /opt/bctest/state.sh && $dump" > "$tmp/a.bconf" 2> "$tmp/a.err"
check "A: ftrace2bconf.sh dumps the state" \
	grep -q 'onmatch(sched.sched_waking)' "$tmp/a.bconf"
check "A: the dump has the instance" test "$(grep -c \
	'^ftrace.instance.bc_one\.' "$tmp/a.bconf")" -gt 8
check "A: the dump is a boot config" \
	sh -c '"$0" -l "$1" > /dev/null' "$tool" "$tmp/a.bconf"
# What the dump cannot carry (it says so): the function and graph filters.
{
	cat "$tmp/a.bconf"
	echo 'ftrace.instance.bc_one.ftrace.filters = ksys_sync'
	echo 'kernel.fgraph_filters = vfs_read, ksys_read'
} > "$tmp/a_full.bconf"
ex_split
check "the document has a kernel example" test -n "$kex"
cat "$tmp/a_full.bconf" "$kex" > "$tmp/b.bconf"

# B: boot with it.
vm -t 600 -b "$tmp/b.bconf" -L "$tmp/b.log" "$dump; cd /sys/kernel/tracing
	sed 's/^/FILTER /' instances/bc_one/set_ftrace_filter
	sed 's/^/GRAPH /' set_graph_function
	sed 's/^/FN /' set_ftrace_filter" > "$tmp/b.out" 2> "$tmp/b.err"
# What the kernel example changes: the top's options, tracer and
# events; and sym-addr, set at boot before the instance was made, is in
# the instance's options too.
kchg='^ftrace\.\(options\|tracer\|event\.initcall\.\)'
grep -v '^[A-Z]* \|^#' "$tmp/b.out" | grep -v "$kchg" |
	sed '/^ftrace.instance.bc_one.options/s/ sym-addr,//' > "$tmp/b.bconf.out"
check "B: ftrace2bconf.sh dumps what was booted" \
	diff -u <(grep -v "^#\|$kchg" "$tmp/a.bconf") "$tmp/b.bconf.out"
check "B: no key is reported" test "$(grep -c 'bootconfig: .*skipped' \
	"$tmp/b.log")" = 0
check "B: ftrace.instance.bc_one.ftrace.filters" \
	grep -qx 'FILTER ksys_sync' "$tmp/b.out"
check "B: kernel.fgraph_filters" test \
	"$(grep '^GRAPH [a-z]' "$tmp/b.out" | sort | tr '\n' ' ')" = \
	"GRAPH ksys_read GRAPH vfs_read "
check "B: kernel.trace_options adds sym-addr" grep -q \
	'^ftrace.options = .*sym-addr' "$tmp/b.out"
check "B: kernel.ftrace" grep -qx 'ftrace.tracer = function' "$tmp/b.out"
check "B: kernel.ftrace_filter" test "$(grep '^FN ' "$tmp/b.out" |
	grep -vc '^FN vfs')" = 0 -a "$(grep -c '^FN vfs' "$tmp/b.out")" -gt 3
check "B: kernel.trace_event" grep -qx 'ftrace.event.initcall.enable' \
	"$tmp/b.out"

# C: bconf2ftrace.sh applies the same file after a plain boot.
vm -t 600 -a "$tmp/a_full.bconf:/opt/bctest/a.bconf" \
	"$apply /opt/bctest/a.bconf > /dev/null && $dump" \
	> "$tmp/c.out" 2> "$tmp/c.err"
# But for the instance's options: bconf2ftrace.sh makes it after the
# top's options are set, and it starts with them.
io='^#\|^ftrace.instance.bc_one.options'
check "C: bconf2ftrace.sh sets up what the dump says" \
	diff -u <(grep -v "$io" "$tmp/a.bconf") <(grep -v "$io" "$tmp/c.out")
check "C: the instance's options, and the top's it started with" test \
	"$(grep '^ftrace.instance.bc_one.options' "$tmp/c.out" |
	   sed 's/ sym-offset,//; s/ noirq-info,//')" = \
	"$(grep '^ftrace.instance.bc_one.options' "$tmp/a.bconf")"
