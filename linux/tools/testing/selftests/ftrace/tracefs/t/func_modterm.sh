# SPDX-License-Identifier: GPL-2.0
# :mod: terms for a module that is not loaded yet: set_ftrace_filter and
# set_graph_function keep them, list them as written, trace nothing
# meanwhile, and apply them when the module loads, before its init runs
# (its init calls its outer function once). A term naming nothing in a
# loaded module is still rejected; truncation and '!' take terms back.
[ -f set_ftrace_filter ] || skip "no function filters"
use_test_mod

# Kept and listed as written; the same term twice is kept once.
echo "*_inner:mod:$mod" > set_ftrace_filter
echo "*_inner:mod:$mod" >> set_ftrace_filter
[ "$(cat set_ftrace_filter)" = "*_inner:mod:$mod" ] ||
	fail "kept term: $(cat set_ftrace_filter)"
echo "${mod}_outer:mod:${mod}" >> set_graph_function
[ "$(cat set_graph_function)" = "${mod}_outer:mod:$mod" ] ||
	fail "graph term: $(cat set_graph_function)"
echo "${mod}_outer:mod:${mod}" >> set_ftrace_filter

# '!' takes a kept term back; one that is not there is EINVAL, and the
# filter stays as it was.
case $(tfs write set_ftrace_filter "!${mod}_outer:mod:$mod") in
"ok "*) ;;
*) fail "taking a term back" ;;
esac
expect_reject set_ftrace_filter "!nothing:mod:$mod" "Invalid argument"
[ "$(cat set_ftrace_filter)" = "*_inner:mod:$mod" ] ||
	fail "after '!': $(cat set_ftrace_filter)"

# Meanwhile the filter traces nothing, not every function.
echo function > current_tracer
sleep 1
[ ! -s enabled_functions ] ||
	fail "sites live before the module: $(head -n 3 enabled_functions)"
! grep -v '^#' trace | grep -q . ||
	fail "traced before the module: $(grep -v '^#' trace | head -n 3)"

# Loading applies the terms (they are used up), before init runs.
insmod "$ko"
[ "$(cat set_ftrace_filter)" = "${mod}_inner [$mod]" ] ||
	fail "filter after insmod: $(cat set_ftrace_filter)"
[ "$(cat set_graph_function)" = "${mod}_outer [$mod]" ] ||
	fail "graph set after insmod: $(cat set_graph_function)"
grep -q ": ${mod}_inner <-${mod}_outer" trace ||
	fail "init's call not traced: $(grep -v '^#' trace | head -n 3)"
echo > trace
echo 3 > $poke
[ "$(grep -c ": ${mod}_inner <-${mod}_outer" trace)" = 3 ] ||
	fail "calls after insmod: $(grep -v '^#' trace | head -n 5)"

# With the module loaded, a term naming none of its functions is a typo.
expect_reject set_ftrace_filter "nothing:mod:$mod" "Invalid argument"
echo nop > current_tracer
rmmod $mod
[ -z "$(cat set_ftrace_filter)" ] ||
	fail "filter after rmmod: $(cat set_ftrace_filter)"

# Truncation takes kept terms away, like everything else.
echo ":mod:$mod" > set_ftrace_filter
[ "$(cat set_ftrace_filter)" = ":mod:$mod" ] || fail "bare :mod: term"
: > set_ftrace_filter
[ "$(cat set_ftrace_filter)" = "#### all functions enabled ####" ] ||
	fail "after truncation: $(cat set_ftrace_filter)"
: > set_graph_function
insmod "$ko"
[ "$(cat set_graph_function)" = "#### all functions enabled ####" ] ||
	fail "a truncated term was applied: $(cat set_graph_function)"
rmmod $mod
