#!/usr/bin/env bash
# Scan a guest console log for signs of a kernel problem.
# Usage: harness/console-check.sh LOG
# Prints the offending lines and exits 1 when the kernel panicked, oopsed,
# warned, hit a BUG, or lockdep (or another checker) reported something.
set -u
log=$1
pattern='Kernel panic|Oops|BUG:|WARNING:|general protection fault|'\
'Call Trace:|possible (recursive|circular) locking|inconsistent lock state|'\
'suspicious RCU usage|INFO: lockdep|DEBUG_LOCKS_WARN_ON|'\
'UBSAN:|KASAN:|KFENCE:|kernel BUG at|stack-protector|'\
'rcu_preempt detected stalls|soft lockup|hung_task|Unable to handle'
hits=$(tr -d '\r' < "$log" | grep -aE "$pattern" | head -20)
[ -z "$hits" ] && exit 0
printf '%s\n' "$hits"
exit 1
