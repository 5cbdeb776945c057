# SPDX-License-Identifier: GPL-2.0
# The function profiler: function_profile_enabled counts a known number
# of calls exactly (summed over trace_stat/function<cpu>), starts afresh
# when turned on again, stops counting when off, lists times with
# return hooking, and takes only 0 and 1.
[ -f function_profile_enabled ] || skip "no function profiler"
ko=$here/fentry_test_mod.ko
[ -f "$ko" ] || fail "no $ko (make check copies it in)"
mod=fentry_test_mod
poke=/sys/kernel/debug/$mod
lsmod | grep -q "^$mod " || insmod "$ko"

# hits FUNCTION: its calls, over every CPU.
hits() {
	cat trace_stat/function* | awk -v f="$1" '$1 == f { n += $2 } END { print n + 0 }'
}

[ "$(cat function_profile_enabled)" = 0 ] || fail "on at start"
expect_reject function_profile_enabled 2 "Invalid argument"
expect_reject function_profile_enabled on1 "Invalid argument"
[ "$(ls trace_stat | grep -c '^function[0-9]*$')" = "$(ls -d per_cpu/cpu* | wc -l)" ] ||
	fail "trace_stat files: $(ls trace_stat)"

echo "${mod}_inner ${mod}_outer" > set_ftrace_filter
echo 1 > function_profile_enabled
echo 7 > $poke
echo 0 > function_profile_enabled
[ "$(hits ${mod}_inner)" = 7 ] || fail "inner hits: $(cat trace_stat/function*)"
[ "$(hits ${mod}_outer)" = 7 ] || fail "outer hits: $(hits ${mod}_outer)"
head -n 2 trace_stat/function0 | tr -s ' ' > /tmp/prof.head
[ "$(head -n 1 /tmp/prof.head)" = " Function Hit Time Avg s^2" ] ||
	fail "header: $(head -n 1 trace_stat/function0)"
cat trace_stat/function* | grep -q "${mod}_outer .* us .* us .* us" ||
	fail "no times: $(cat trace_stat/function*)"

# Off: nothing more is counted.
echo 4 > $poke
[ "$(hits ${mod}_inner)" = 7 ] || fail "counted while off"

# On again: afresh. graph-time off still counts the calls.
echo 0 > options/graph-time
echo 1 > function_profile_enabled
echo 3 > $poke
echo 0 > function_profile_enabled
echo 1 > options/graph-time
[ "$(hits ${mod}_inner)" = 3 ] || fail "after restart: $(hits ${mod}_inner)"

# Beside the function tracer, which keeps its own filter's functions.
echo function > current_tracer
echo 1 > function_profile_enabled
echo 2 > $poke
echo 0 > function_profile_enabled
[ "$(grep -c "${mod}_inner <-" trace)" = 2 ] || fail "function tracer beside it"
echo nop > current_tracer
rmmod $mod
