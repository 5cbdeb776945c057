# SPDX-License-Identifier: GPL-2.0
# The stack tracer: /proc/sys/kernel/stack_tracer_enabled takes 0 and 1
# only; while on, stack_max_size and stack_trace hold the deepest stack,
# frame 0 being the traced function just past its fentry call, with
# depths that fall outward and sizes that are their differences;
# stack_trace_filter limits the functions that measure; off, nothing is
# measured and no site stays patched; and the function tracer beside it
# keeps its own filter.
sw=/proc/sys/kernel/stack_tracer_enabled
[ -f stack_trace ] || skip "no stack tracer"
[ -f $sw ] || fail "stack_trace without $sw"

# check_trace: stack_trace is consistent, and frame 0 is at stack_max_size.
check_trace() {
	cat stack_trace > /tmp/stack.txt
	max=$(cat stack_max_size)
	[ "$max" -gt 0 ] && [ "$max" -le 32768 ] || fail "stack_max_size $max"
	n=$(sed -n '1s/^        Depth    Size   Location    (\([0-9]*\) entries)$/\1/p' \
		/tmp/stack.txt)
	[ -n "$n" ] && [ "$n" -ge 2 ] || fail "header: $(head -n 1 /tmp/stack.txt)"
	[ "$(sed -n 2p /tmp/stack.txt)" = "        -----    ----   --------" ] ||
		fail "second line: $(sed -n 2p /tmp/stack.txt)"
	[ "$(($(wc -l < /tmp/stack.txt) - 2))" = "$n" ] || fail "not $n frames"
	awk -v max="$max" 'NR > 2 {
		sub(/^ */, ""); i = $1 + 0; d[i] = $2; s[i] = $3; loc[i] = $4; n = i + 1
	} END {
		if (d[0] != max) { print "frame 0 at " d[0] ", max " max; exit 1 }
		# +0x9 where an endbr64 comes first (X86_KERNEL_IBT).
		if (loc[0] !~ /\+0x[59]\//) { print "frame 0 is " loc[0]; exit 1 }
		for (i = 0; i < n; i++) {
			next_d = i + 1 < n ? d[i + 1] : 0
			if (d[i] <= next_d || s[i] != d[i] - next_d) {
				print "frame " i ": " d[i] " " s[i] " then " next_d; exit 1
			}
		}
	}' /tmp/stack.txt || fail "$(cat /tmp/stack.txt)"
	# Never the tracer measuring itself (the guessing unwinder may list a
	# stale address further out, not this close in).
	! sed -n '3,5p' /tmp/stack.txt | grep -q 'stk_' || fail "$(cat /tmp/stack.txt)"
}

[ "$(cat $sw)" = 0 ] || fail "on at start"
expect_reject $sw 2 "Invalid argument"
expect_reject $sw on "Invalid argument"
expect_reject stack_max_size 12ab "Invalid argument"
expect_reject stack_trace_filter no_such_function_at_all "Invalid argument"
[ "$(cat stack_trace_filter)" = "#### all functions enabled ####" ] ||
	fail "empty filter reads: $(cat stack_trace_filter)"

# Every function.
echo 0 > stack_max_size
echo 1 > $sw
[ "$(cat $sw)" = 1 ] || fail "does not read 1"
ls -R /proc/self > /dev/null
( echo forked ) > /dev/null
echo 0 > $sw
check_trace

# Off: nothing is measured, and the sites are nops again.
echo 0 > stack_max_size
ls -R /proc/self > /dev/null
[ "$(cat stack_max_size)" = 0 ] || fail "measured while off"
[ "$(wc -l < enabled_functions)" = 0 ] || fail "sites left: $(head -n 3 enabled_functions)"

# Only the lock functions measure.
echo '*lock*' > stack_trace_filter
[ "$(grep -vc lock stack_trace_filter)" = 0 ] || fail "filter lists others"
echo 0 > stack_max_size
echo 1 > $sw
[ "$(wc -l < enabled_functions)" = "$(wc -l < stack_trace_filter)" ] ||
	fail "$(wc -l < enabled_functions) sites on for $(wc -l < stack_trace_filter)"
for i in 1 2 3; do ( echo forked ) > /dev/null; done
echo 0 > $sw
check_trace
grep ' 0) ' /tmp/stack.txt | grep -q lock || fail "frame 0: $(grep ' 0) ' /tmp/stack.txt)"

# The function tracer beside it traces only its own filter's function.
: > stack_trace_filter
echo schedule > set_ftrace_filter
echo function > current_tracer
echo 1 > $sw
sleep 1
echo 0 > $sw
echo 0 > tracing_on
grep -v '^#' trace | grep -v ' schedule <-' > /tmp/stack.other || true
[ ! -s /tmp/stack.other ] || fail "function tracer: $(head -n 3 /tmp/stack.other)"
grep -q ' schedule <-' trace || fail "no schedule in the trace"
