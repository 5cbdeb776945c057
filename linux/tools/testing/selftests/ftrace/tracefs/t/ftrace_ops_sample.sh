# SPDX-License-Identifier: GPL-2.0
# Upstream's ftrace_ops sample (samples/ftrace/ftrace-ops.c, built against
# this kernel) registers ops on one of its functions, calls it, and counts
# each callback's calls (check_count): with one ops, with several relevant
# and irrelevant ones, saving registers, with the recursion and RCU
# assists. A wrong count is a warning on the console. persist=1 keeps the
# ops registered, for enabled_functions to show.
# limit: 120
use_sample ftrace-ops
for args in "" "nr_ops_relevant=4 nr_ops_irrelevant=3" "save_regs=1" \
	    "nr_ops_relevant=2 save_regs=1 assist_recursion=1 assist_rcu=1"; do
	dmesg -c > /dev/null
	# The module's init returns -EINVAL on purpose when done.
	insmod "$ko" nr_function_calls=2000 check_count=1 $args 2>/dev/null &&
		fail "$args: the module stayed loaded"
	dmesg | grep -q 'Attempted 2000 calls to tracee_relevant' ||
		fail "$args: no result line: $(dmesg | tail -3)"
	dmesg | grep 'Counter called' && fail "$args: wrong counts"
	grep -q 'tracee_' enabled_functions && fail "$args: ops left behind"
done
insmod "$ko" nr_function_calls=10 nr_ops_relevant=3 nr_ops_irrelevant=2 \
	save_regs=1 persist=1 || fail "insmod persist=1"
grep -q '^tracee_relevant \[ftrace_ops\] (3) R' enabled_functions ||
	fail "relevant: $(grep tracee_ enabled_functions)"
grep -q '^tracee_irrelevant \[ftrace_ops\] (2) R' enabled_functions ||
	fail "irrelevant: $(grep tracee_ enabled_functions)"
rmmod ftrace_ops || fail "rmmod ftrace_ops"
grep -q 'tracee_' enabled_functions && fail "ops left after rmmod"
:
