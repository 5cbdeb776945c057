# SPDX-License-Identifier: GPL-2.0
# Module call sites: a module's functions appear in
# available_filter_functions when it loads and go when it unloads;
# :mod: terms, the function tracer and commands reach them; a filter or a
# command naming them does not outlive them (an emptied filter traces
# nothing rather than everything).
[ -f set_ftrace_filter ] || skip "no function filters"
use_test_mod
! grep -q "\[$mod\]" available_filter_functions || fail "listed before loading"

insmod "$ko"
[ "$(grep -c "\[$mod\]" available_filter_functions)" -ge 2 ] ||
	fail "not listed: $(grep "$mod" available_filter_functions)"
grep -qx "${mod}_inner \[$mod\]" available_filter_functions ||
	fail "no ${mod}_inner line"

# :mod: selects exactly the module's functions (listed "name [module]").
echo ":mod:$mod" > set_ftrace_filter
[ "$(sort set_ftrace_filter)" = "$(grep "\[$mod\]" available_filter_functions | sort)" ] ||
	fail ":mod: listing: $(cat set_ftrace_filter)"
echo "*_inner:mod:$mod" > set_ftrace_filter
[ "$(cat set_ftrace_filter)" = "${mod}_inner [$mod]" ] || fail "glob:mod: $(cat set_ftrace_filter)"

# Module globs: "*" is every module and not the kernel; "!glob" is the
# kernel and the modules glob does not match ("!*": the kernel alone).
echo "*:mod:*" > set_ftrace_filter
[ "$(sort set_ftrace_filter)" = "$(grep ' \[' available_filter_functions | sort)" ] ||
	fail ":mod:* listing: $(head -n 3 set_ftrace_filter)"
echo "*_inner" > set_ftrace_filter
echo "!*:mod:!$mod" >> set_ftrace_filter
[ "$(cat set_ftrace_filter)" = "${mod}_inner [$mod]" ] ||
	fail "!*:mod:!$mod left: $(head -n 3 set_ftrace_filter)"
expect_reject set_ftrace_filter "${mod}_inner:mod:!*" "Invalid argument"
echo "vfs_read:mod:!*" > set_ftrace_filter
[ "$(cat set_ftrace_filter)" = vfs_read ] || fail "kernel only: $(cat set_ftrace_filter)"
echo "*_inner:mod:$mod" > set_ftrace_filter
echo "${mod}_outer:mod:$mod" >> set_ftrace_filter

# The function tracer records them.
echo function > current_tracer
echo 3 > $poke
echo 0 > tracing_on
[ "$(grep -c ": ${mod}_inner <-${mod}_outer" trace)" = 3 ] ||
	fail "inner calls: $(grep -v '^#' trace | head -n 5)"
[ "$(grep -c ": ${mod}_outer <-" trace)" = 3 ] || fail "outer calls"
echo 1 > tracing_on

# A command on a module function.
echo "${mod}_inner:stacktrace:1" >> set_ftrace_filter
grep -qx "${mod}_inner \[$mod\]:stacktrace:count=1" set_ftrace_filter ||
	fail "command: $(grep : set_ftrace_filter)"

# Unloading: the functions, the filter entries and the command go; the
# filter, left empty, traces nothing (not every function).
rmmod $mod
! grep -q "\[$mod\]" available_filter_functions || fail "still listed after rmmod"
[ -z "$(cat set_ftrace_filter)" ] ||
	fail "filter after rmmod: $(cat set_ftrace_filter)"
[ ! -s enabled_functions ] ||
	fail "live sites after rmmod: $(head -n 3 enabled_functions)"

# Loaded again (perhaps at the same addresses): nothing inherited.
insmod "$ko"
[ ! -s enabled_functions ] || fail "the reloaded module is traced: $(cat enabled_functions)"
echo > trace
echo 2 > $poke
! grep -q "$mod" trace || fail "reloaded functions traced"
# A term naming the module works again.
echo ":mod:$mod" > set_ftrace_filter
echo 2 > $poke
[ "$(grep -c ": ${mod}_inner <-" trace)" = 2 ] ||
	fail "after reload: $(grep -v '^#' trace | head -n 3)"
echo nop > current_tracer
rmmod $mod
# An emptied filter can be reset to every function as usual.
: > set_ftrace_filter
[ "$(cat set_ftrace_filter)" = "#### all functions enabled ####" ] ||
	fail "reset: $(cat set_ftrace_filter)"
