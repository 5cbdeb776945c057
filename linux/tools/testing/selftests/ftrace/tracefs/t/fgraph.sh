# SPDX-License-Identifier: GPL-2.0
# The function_graph tracer on a known call chain: fentry_test_mod.ko's
# outer() calls inner() once per call. Nesting, leaf lines and balanced
# braces; set_graph_function, set_graph_notrace, max_graph_depth and
# tracing_thresh; the funcgraph options and headers; the record formats;
# stack traces through hooked returns; bad input.
grep -qw function_graph available_tracers || skip "no function_graph tracer"
ko=$here/fentry_test_mod.ko
[ -f "$ko" ] || fail "no $ko (make check copies it in)"
mod=fentry_test_mod
poke=/sys/kernel/debug/$mod
lsmod | grep -q "^$mod " || insmod "$ko"
out=${mod}_outer
in=${mod}_inner

# The graph lines (no header, no comment), and a count of a pattern.
body() { grep -v '^#' trace; }
count() { body | grep -c -- "$1" || true; }

# Formats and IDs, as upstream lays the records out (retval included).
f=events/ftrace/funcgraph_entry/format
grep -q '^ID: 11$' $f || fail "entry ID: $(grep ID $f)"
grep -q 'field:unsigned long func;.offset:8;.size:8;' $f || fail "entry func"
grep -q 'field:int depth;.offset:16;.size:4;.signed:1;' $f || fail "entry depth"
[ "$(cat events/ftrace/funcgraph_entry/id)" = 11 ] || fail "entry id file"
f=events/ftrace/funcgraph_exit/format
grep -q '^ID: 10$' $f || fail "exit ID"
for fld in 'unsigned long func;.offset:8;' 'unsigned long retval;.offset:16;' \
	   'int depth;.offset:24;' 'unsigned int overrun;.offset:28;' \
	   'unsigned long long calltime;.offset:32;' \
	   'unsigned long long rettime;.offset:40;'; do
	grep -q "field:$fld" $f || fail "exit field $fld: $(cat $f)"
done

# Empty files read as upstream's.
[ "$(cat set_graph_function)" = "#### all functions enabled ####" ] ||
	fail "empty set_graph_function: $(cat set_graph_function)"
[ "$(cat set_graph_notrace)" = "#### no functions disabled ####" ] ||
	fail "empty set_graph_notrace: $(cat set_graph_notrace)"

# Bad input: an errno, and nothing changes.
expect_reject max_graph_depth abc "Invalid argument"
expect_reject max_graph_depth -1 "Invalid argument"
expect_reject tracing_thresh 12x "Invalid argument"
expect_reject set_graph_function no_such_function_xyz "Invalid argument"
expect_reject set_graph_notrace no_such_function_xyz "Invalid argument"

# set_graph_function: only the subtree of outer, braces balanced (an
# interrupt inside it would be part of it: funcgraph-irqs keeps them out).
echo 0 > options/funcgraph-irqs
echo $out > set_graph_function
[ "$(cat set_graph_function)" = "$out [$mod]" ] ||
	fail "set_graph_function reads: $(cat set_graph_function)"
echo function_graph > current_tracer
# An interrupt taken inside outer() shows its entry (irq_enter_rcu() runs
# before the hard-interrupt count rises): try again.
others() { body | grep -v -e "$out() {" -e "$in();" -e '|  }$' | grep -c . || true; }
for i in 1 2 3 4 5; do
	echo > trace
	echo 3 > $poke
	[ "$(others)" = 0 ] && break
done
echo 0 > tracing_on
[ "$(sed -n 3p trace)" = "# CPU  DURATION                  FUNCTION CALLS" ] ||
	fail "header: $(sed -n 3p trace)"
[ "$(count "|  $out() {\$")" = 3 ] || fail "outer lines: $(body | head)"
[ "$(count "|    $in();\$")" = 3 ] || fail "inner leaf lines: $(body | head)"
[ "$(count "|  }\$")" = 3 ] || fail "closing lines: $(body | head)"
[ "$(others)" = 0 ] ||
	fail "other lines: $(body | grep -v -e "$mod" -e '}$' | head -n 5)"
# (The duration's width and its +/! mark depend on the machine's speed.)
body | grep -qE '^ [0-9]+\) [ +!#*@$] [0-9]+\.[0-9]+ us +\|    '"$in"'\(\);$' ||
	fail "leaf line layout: $(body | grep "$in" | head -n 1)"

# funcgraph-tail and funcgraph-retval: inner(x) = x + 1, outer = 2 * that.
echo 1 > options/funcgraph-tail
[ "$(count "} /\* $out \*/")" = 3 ] || fail "tail: $(body | head)"
echo 0 > options/funcgraph-tail
echo 1 > options/funcgraph-retval
for i in 0 1 2; do
	v=$(printf '0x%x' $((i + 1)))
	count "$in(); /\* = $v \*/" | grep -qx 1 || fail "retval of inner($i): $(body | head)"
	v=$(printf '0x%x' $((2 * (i + 1))))
	count "} /\* $out = $v \*/" | grep -qx 1 || fail "retval of outer($i): $(body | head)"
done
echo 0 > options/funcgraph-retval

# Columns: proc and abstime headers; nothing but the graph without cpu
# and duration.
echo 1 > options/funcgraph-proc
echo 1 > options/funcgraph-abstime
want="#     TIME        CPU  TASK/PID         DURATION"
want="$want                  FUNCTION CALLS"
[ "$(sed -n 3p trace)" = "$want" ] || fail "abstime/proc header: $(sed -n 3p trace)"
blank="               "
body | grep -qE "^ +[0-9]+\.[0-9]{6} \|   [0-9]+\) +[^ ]+-[0-9]+ +\|$blank\|  $out\(\) \{" ||
	fail "abstime/proc line: $(body | head -n 1)"
echo 0 > options/funcgraph-proc
echo 0 > options/funcgraph-abstime
echo 0 > options/funcgraph-cpu
echo 0 > options/funcgraph-duration
[ "$(sed -n 3p trace)" = "#               FUNCTION CALLS" ] || fail "bare header"
[ "$(body | head -n 2)" = "  $out() {
    $in();" ] || fail "bare lines: $(body | head -n 2)"
echo 1 > options/funcgraph-cpu
echo 1 > options/funcgraph-duration

# trace_marker text is a comment inside the graph.
echo 1 > tracing_on
echo "graph note" > trace_marker
echo 0 > tracing_on
body | grep -q '|  /\* graph note \*/$' || fail "comment: $(body | tail -n 2)"

# set_graph_notrace hides inner: outer becomes a leaf.
echo > trace
echo $in > set_graph_notrace
echo 1 > tracing_on
echo 2 > $poke
echo 0 > tracing_on
[ "$(count "|  $out();\$")" = 2 ] || fail "notrace: $(body | head)"
[ "$(count "$in")" = 0 ] || fail "hidden inner shown"
: > set_graph_notrace

# max_graph_depth 1 under the gate: outer alone.
echo 1 > max_graph_depth
echo > trace
echo 1 > tracing_on
echo 2 > $poke
echo 0 > tracing_on
[ "$(count "|  $out();\$")" = 2 ] || fail "max depth 1: $(body | head)"
echo 0 > max_graph_depth

# tracing_thresh: returns slower than it only, as "} /* func */".
echo 1000000 > tracing_thresh
[ "$(cat tracing_thresh)" = 1000000 ] || fail "tracing_thresh reads $(cat tracing_thresh)"
echo > trace
echo 1 > tracing_on
echo 2 > $poke
echo 0 > tracing_on
[ "$(body | grep -c .)" = 0 ] || fail "thresh 1 s: $(body | head -n 3)"
# 1 us: the module's write handler, which calls outer 20 times (each
# hooking inner), is slower; outer alone may take about 1 us when
# emulated, so it may or may not show. No openings, no faster return.
# (All functions for this: the write handler is outside outer's subtree.)
: > set_graph_function
echo 1 > tracing_thresh
echo > trace
echo 1 > tracing_on
echo 20 > $poke
echo 0 > tracing_on
echo $out > set_graph_function
[ "$(count "} /\* ${mod}_write \*/\$")" = 1 ] ||
	fail "thresh 1 us: no write: $(body | grep "$mod" | head -n 3)"
[ "$(count "} /\* $out \*/\$")" -le 20 ] || fail "thresh 1 us: outer: $(count "$out")"
[ "$(count '{$')" = 0 ] || fail "openings under a threshold: $(body | head -n 3)"
fast=$(body | awk '{
	for (i = 2; i < NF; i++)
		if ($(i + 1) == "us") { if ($i + 0 < 1) print; break }
}')
[ -z "$fast" ] || fail "returns under 1 us shown: $(echo "$fast" | head -n 3)"
echo 0 > tracing_thresh

# Stack traces see the real callers behind hooked returns.
echo "$in:stacktrace" >> set_ftrace_filter
echo > trace
echo 1 > tracing_on
echo 1 > $poke
echo 0 > tracing_on
# inner's return is hooked: the entry after it must still be outer.
[ "$(grep -A1 -x " => $in" trace | sed -n 2p)" = " => $out" ] ||
	fail "stack: $(grep '=>' trace | head -n 5)"
echo "!$in:stacktrace" >> set_ftrace_filter

# set_ftrace_pid applies: another task's pid lets nothing of ours in.
sleep 30 &
other=$!
echo $other > set_ftrace_pid
echo > trace
echo 1 > tracing_on
echo 2 > $poke
echo 0 > tracing_on
[ "$(count "$mod")" = 0 ] || fail "set_ftrace_pid ignored"
kill $other
: > set_ftrace_pid
: > set_graph_function

# Outside set_graph_function's functions the sites hold the guard, which
# went on to the hook above only because outer was running (inner's lines
# prove it); they count as live call sites all the same.
grep -q "^$in \[$mod\] (1)" enabled_functions ||
	fail "inner not live: $(grep $mod enabled_functions)"
echo 1 > options/funcgraph-irqs

# max_graph_depth 1 with every function: only depth-0 calls.
echo 1 > max_graph_depth
echo > trace
echo 1 > tracing_on
echo 2 > $poke
sleep 0.2
echo 0 > tracing_on
[ "$(body | grep -c '|  [^ ]')" -gt 0 ] || fail "depth 1: nothing traced"
[ "$(body | grep -c '|   ')" = 0 ] || fail "deeper calls: $(body | grep '|   ' | head -n 3)"
echo nop > current_tracer
echo 0 > max_graph_depth
rmmod $mod
